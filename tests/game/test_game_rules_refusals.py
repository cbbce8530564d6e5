"""The game engine against the rules (one small, exact situation a rule, built with hardback_situations): refused
actions name their reason and change nothing; saved games load and play on identically.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hardback_situations import LEX, new_game, powered, refused, row, seat, snapshot, spell, spell_action

from solver.bots import make_bot
from solver.game.hardback.actions import Action, Look, Pass, Skip
from solver.game.hardback.engine import Game
from solver.game.hardback.options import GameOptions, Powers
from solver.game.hardback.state import GameState, Phase
from solver.game.saving import GameStateError
from solver.hardback.catalogue import Rules

# -- refused actions change nothing -----------------------------------------------------------------------------


def in_phase(phase: str) -> Game:
    game = new_game(ghost_writer=True)
    seat(game, hand=["romance:A4", "T", "E"], ink=0)
    if phase == Phase.CHOICES:
        spell(game, "at", "romance:A4", "T", objective="coins")
    elif phase == Phase.BUY:
        spell(game, "at", "romance:A4", "T", objective="coins")
        game.apply(Skip())
    assert game.state.phase == phase
    return game


AT = spell_action("at", "romance:A4", "T").to_json()
ILLEGAL: list[tuple[str, Any, str]] = [
    (Phase.PREPARE, "pass", "an action is an object"),
    (Phase.PREPARE, {"name": "pass"}, "an action is an object"),
    (Phase.PREPARE, {"action": "fly"}, "unknown action 'fly'"),
    (Phase.PREPARE, {"action": "_finish_turn"}, "unknown action"),
    (Phase.PREPARE, {"action": "buy", "slot": 0}, "buy is not allowed in the prepare phase"),
    (Phase.PREPARE, {"action": "end"}, "not allowed in the prepare phase"),
    (Phase.PREPARE, {"action": "flush"}, "not allowed in the prepare phase"),
    (Phase.PREPARE, {"action": "dump", "card": "E"}, "not allowed in the prepare phase"),
    (Phase.PREPARE, {"action": "skip"}, "not allowed in the prepare phase"),
    (Phase.PREPARE, {"action": "preview", "discard": []}, "no preview to use"),
    (Phase.PREPARE, {"action": "ink"}, "no ink to spend"),
    (Phase.PREPARE, {"action": "remover", "card": "T"}, "no remover token"),
    (Phase.PREPARE, {"action": "spell", "word": 5}, 'spell needs "word"'),
    (Phase.PREPARE, {**AT, "layout": None}, "must be a list"),
    (Phase.PREPARE, {**AT, "layout": [{"code": "T", "face": "sideways"}, "T"]}, '"face" must be one of'),
    (Phase.PREPARE, {**AT, "layout": [{"code": "T", "colour": "red"}, "T"]}, "unknown field 'colour'"),
    (Phase.PREPARE, {**AT, "objective": "best"}, "unknown objective 'best'"),
    (Phase.PREPARE, {**AT, "weights": {"charm": 1}}, "weight 'charm=1'"),
    (Phase.PREPARE, {**AT, "ghost": 0}, "ghost must be another player's seat"),
    (Phase.PREPARE, {"action": "power", "name": "lyrical"}, "player powers are not in play"),
    (Phase.CHOICES, {"action": "buy", "slot": 0}, "not allowed in the choices phase"),
    (Phase.CHOICES, {"action": "end"}, "not allowed in the choices phase"),
    (Phase.CHOICES, {"action": "jail", "slot": 0}, "no jail left to use this turn"),
    (Phase.CHOICES, {"action": "dump", "card": "zz"}, "card: malformed card code"),
    (Phase.CHOICES, {"action": "dump", "card": "romance:A4"}, "not in your discard pile"),
    (Phase.CHOICES, {"action": "preview", "discard": [0]}, "no preview to use"),
    (Phase.CHOICES, AT, "spell is not allowed in the choices phase"),
    (Phase.BUY, AT, "spell is not allowed in the buy phase"),
    (Phase.BUY, {"action": "pass"}, "not allowed in the buy phase"),
    (Phase.BUY, {"action": "ink"}, "not allowed in the buy phase"),
    (Phase.BUY, {"action": "buy"}, '"slot" must be an offer-row position from 0 to 6'),
    (Phase.BUY, {"action": "buy", "slot": -1}, "from 0 to 6"),
    (Phase.BUY, {"action": "buy", "slot": True}, "from 0 to 6"),
    (Phase.BUY, {"action": "buy", "slot": "0"}, "from 0 to 6"),
    (Phase.BUY, {"action": "buy", "jail": True}, "your jail is empty"),
    (Phase.BUY, {"action": "ink_buy", "n": 1.5}, '"n" must be a whole number'),
    (Phase.BUY, {"action": "ink_buy", "n": 3}, "3 ink costs 3 coins; you have 2"),
    (Phase.BUY, {"action": "convert", "n": "3"}, '"n" must be a whole number'),
    (Phase.BUY, {"action": "convert"}, "need 3 ink; you have 0"),
    (Phase.BUY, {"action": "advert"}, "adverts are not in play"),
    (Phase.BUY, {"action": "flush"}, "a flush needs"),
]


@pytest.mark.parametrize(("phase", "action", "reason"), ILLEGAL, ids=[f"{p}-{r[:30]}" for p, _, r in ILLEGAL])
def test_a_refused_action_names_its_reason_and_changes_nothing(phase: str, action: Any, reason: str) -> None:
    game = in_phase(phase)
    if action == {"action": "flush"}:
        row(game, "adventure:G2", "horror:K2", "romance:E2", "mystery:U2", "horror:A3", "romance:U9", "adventure:B4")
    refused(game, action, reason)


# -- saving and loading -----------------------------------------------------------------------------------------


def play_turns(game: Game, turns: int, seed: int = 0) -> list[Action]:
    """Let bots play some turns; the actions applied."""
    bots = [make_bot(name, game.lexicon, seed + i) for i, name in enumerate(["hard", "medium", "greedy"])]
    actions: list[Action] = []
    for _ in range(turns):
        if game.state.phase == Phase.OVER:
            break
        actions += bots[game.state.current % 3].play_turn(game)
    return actions


SAVED_OPTIONS = GameOptions(
    players=3,
    target=25,
    rules=Rules.BGA,
    literary_awards=True,
    adverts=True,
    ghost_writer=True,
    powers=Powers.AGGRESSIVE,
    events=True,
)


def test_save_and_load_gives_an_equal_state_that_plays_on_identically(example_lexicon: Any) -> None:
    game = Game.new(SAVED_OPTIONS, 21, example_lexicon)
    play_turns(game, 7)
    text = json.dumps(game.state.to_json())
    loaded = Game(GameState.from_json(json.loads(text)), example_lexicon, list(game.log))
    assert loaded.state.to_json() == game.state.to_json()
    for action in play_turns(game, 9, seed=5):
        loaded.apply(action)
        assert loaded.state.to_json()["turns"] <= game.state.turns
    assert loaded.state.to_json() == game.state.to_json()
    assert Game.replay(SAVED_OPTIONS, 21, example_lexicon, game.log).state.to_json() == game.state.to_json()


def test_a_saved_game_in_the_middle_of_a_turn_loads_too(example_lexicon: Any) -> None:
    game = new_game(3, ghost_writer=True)
    seat(game, hand=["romance:R5", "romance:E2"], draw=["L", "N", "S", "T"])
    spell(game, "re", "romance:R5", "romance:E2")
    game.apply(Look())
    assert game.state.turn.peek
    loaded = GameState.from_json(json.loads(snapshot(game)))
    assert loaded.to_json() == game.state.to_json() and loaded.all_cards() == game.state.all_cards()


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda d: d.pop("players"), "missing or malformed field"),
        (lambda d: d.update(phase="dancing"), "unknown phase 'dancing'"),
        (lambda d: d["players"][0].update(hand=["Q9"]), "no card 'Q9'"),
        (lambda d: d["players"][0].update(prestige=-1), r"players\[0\].prestige must be a whole number"),
        (lambda d: d.update(offer_age=[]), "offer_age must give one turn"),
        (lambda d: d["options"].update(players=4), "options.players is 4 but 2 players are given"),
    ],
)
def test_a_bad_saved_game_says_what_is_wrong(change: Any, reason: str) -> None:
    data = new_game().state.to_json()
    change(data)
    with pytest.raises(GameStateError, match=reason):
        GameState.from_json(data)


def test_a_game_with_chosen_powers_replays_with_them() -> None:
    game = powered("pint", "exploration")
    dealt = Game.new(game.state.options, 1, LEX)
    assert [p.power for p in dealt.state.players] != ["pint", "exploration"]
    game.apply(Pass())
    game.apply(Pass())
    again = Game.replay(game.state.options, 1, LEX, game.log, powers=["pint", "exploration"])
    assert again.state.to_json() == game.state.to_json()
