"""Forged Paperback states, as Hardback's (``test_game_forgery``): every state no game can reach is refused naming
the field at fault, by the engine (``validate``) and through the real service taking unsigned states (a 422, never
a move played on it).

The attacks of issue 30, each a test: a hand holding every Offer and Fame card at turn 0, 50 words at turn 4, the
turns reset, two seats' hands swapped, an all-zero random state. Then a Hypothesis strategy mutates states reached
by random play (a card moved, duplicated or dropped, a counter changed) and checks each mutant: refused, or a state
that passes every invariant the engine keeps and from which the engine plays on with every later state passing them
too. What is claimed, precisely (docs/game-states.md): a duplicated or dropped card and a change to the turns, the
seat in turn, a seat's words or passes, the phase or the end's flag are always refused; a card moved is refused
when it breaks a place, an owner or a hand size, and accepted when the state cannot tell (a bought card between two
seats' piles, the order of a pile, a card between a seat's draw pile and its discard pile). An accepted mutant is
not claimed reachable: a state without its history cannot say who bought what.
"""

from __future__ import annotations

import copy
import functools
import os
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from solver.advice.games import finish_turn
from solver.bots.paperback import make_bot
from solver.game.paperback import PaperbackGame, PaperbackOptions, PaperbackState
from solver.game.paperback.actions import Action
from solver.game.paperback.engine import OVER
from solver.game.paperback.validate import load, problems
from solver.game.saving import GameStateError
from solver.lexicon import Lexicon, default_lexicon
from solver.paperback.deck import house_deck

from helpers import post

Json = dict[str, Any]
DECK = house_deck()
ACTION, BOT = "/v1/paperback/game/action", "/v1/paperback/bot/move"
TABLES: dict[str, dict[str, Any]] = {  # the tables the mutants come from: plain, the cube rules, co-op, expansions
    "plain": {"players": 2},
    "three": {"players": 3, "spacebar": True, "dyslexic": True},
    "cubes": {"players": 2, "cube_advice": True, "cube_discard": True, "cube_discount": True, "recycle_twos": True},
    "coop": {"players": 3, "coop": True, "cube_advice": True},
    "expansions": {"players": 2, "attacks": True, "powers": True, "award": True, "theme": True},
}


@pytest.fixture(scope="module")
def client(unsigned: TestClient) -> TestClient:
    """The service taking unsigned states: a forgery reaches the checks."""
    return unsigned


def dealt(lexicon: Lexicon, seed: int = 3, **options: Any) -> PaperbackGame:
    return PaperbackGame.new(DECK, PaperbackOptions(**options), seed, lexicon)


def played(lexicon: Lexicon, turns: int, seed: int = 3, **options: Any) -> PaperbackGame:
    """A game random bots played for ``turns`` turns."""
    game = dealt(lexicon, seed, **options)
    bots = [make_bot("random", lexicon, seed * 10 + s) for s in range(len(game.state.players))]
    while game.state.turns < turns and game.state.phase != OVER:
        bots[game.state.current].play_turn(game)
    return game


def refused(data: Json, field: str, words: str) -> str:
    """The engine refuses the state naming ``field`` (a prefix) with ``words`` in the message."""
    with pytest.raises(GameStateError) as e:
        load(data)
    assert e.value.field.startswith(field), (e.value.field, str(e.value))
    assert words in str(e.value), str(e.value)
    return str(e.value)


def served(client: TestClient, data: Json, field: str, words: str) -> None:
    """The service refuses the state, for an action and for a bot's turn, with a 422 naming ``field``."""
    for path, body in ((ACTION, {"game": data, "action": {"action": "pass"}}), (BOT, {"game": data})):
        status, out = post(client, path, body)
        assert status == 422, (path, status, out)
        assert out["field"].startswith(field), out
        assert words in out["error"], out


# -- the attacks of issue 30 ----------------------------------------------------------------------------------------


def every_offer_and_fame_card_in_a_hand(data: Json) -> Json:
    forged = copy.deepcopy(data)
    hand = forged["players"][0]["hand"]
    for k, pile in enumerate(forged["offer"]):
        hand += pile + ([forged["row"][k]] if forged["row"][k] is not None else [])
        forged["offer"][k], forged["row"][k] = [], None
    for k, pile in enumerate(forged["fame"]):
        hand += pile
        forged["fame"][k] = []
    return forged


def test_a_hand_of_every_offer_and_fame_card_at_turn_0_is_refused(enable: Lexicon, client: TestClient) -> None:
    forged = every_offer_and_fame_card_in_a_hand(dealt(enable).state.to_json())
    assert len(forged["players"][0]["hand"]) > 99
    refused(forged, "game.players[0]", "has spelled no word, so it holds exactly its starting cards")
    sizes = [str(p) for p in problems(PaperbackState.from_json(forged)) if p.field == "game.players[0].hand"]
    assert sizes and "cards before the seat's first turn: the deal gives 5" in sizes[0]  # the hand's size too
    served(client, forged, "game.players[0]", "holds exactly its starting cards")


def test_50_words_at_turn_4_are_refused(enable: Lexicon, client: TestClient) -> None:
    data = played(enable, 4).state.to_json()
    assert data["turns"] == 4 and problems(load(data)) == []
    data["players"][0]["words"] = 50
    refused(data, "game.players[0].words", "seat 0 has 50 words and ")
    served(client, data, "game.players[0].words", "after 4 turns of 2 seats")


def test_turns_reset_are_refused(enable: Lexicon, client: TestClient) -> None:
    data = played(enable, 6).state.to_json()
    for turns in (0, 2, 4):  # the seat in turn kept (an even count), so only the seats' words and passes tell
        data["turns"] = turns
        refused(data, "game.players[0].words", f"after {turns} turns of 2 seats")
    data["turns"] = 5
    refused(data, "game.current", "seat 1 is")
    served(client, data, "game.current", "turns go round the 2 seats in order")


def test_hands_swapped_are_refused_when_the_cards_say_so(enable: Lexicon, client: TestClient) -> None:
    """Two seats' hands swapped: refused when a hand holds a starting card (the box numbers them by seat), which
    every hand of the first turns does; a hand swapped with another seat's of the same size holding only bought
    cards could not be told (docs/game-states.md), nor a seat's hand swapped with cards of its own draw pile."""
    data = played(enable, 4).state.to_json()
    a, b = data["players"][0], data["players"][1]
    a["hand"], b["hand"] = b["hand"], a["hand"]
    refused(data, "game.players[", "is one of seat")
    served(client, data, "game.players[", "starting cards")
    mine = played(enable, 4).state.to_json()
    p = mine["players"][0]
    p["hand"], p["draw"] = p["draw"][: len(p["hand"])], p["hand"] + p["draw"][len(p["hand"]) :]
    assert problems(load(mine)) == []  # its own draw pile: the order of hidden cards is not in the state's say


def test_an_all_zero_random_state_is_refused(enable: Lexicon, client: TestClient) -> None:
    data = played(enable, 2).state.to_json()
    data["rng"][1] = [0] * 624 + [624]
    refused(data, "game.rng[1]", "degenerate generator state (0 of its 19937 bits set)")
    served(client, data, "game.rng[1]", "degenerate")
    near = copy.deepcopy(data)
    near["rng"][1] = [0x80000000] + [0] * 623 + [624]  # the Twister's near-zero state: zeros for a long while
    refused(near, "game.rng[1]", "1 of its 19937 bits set")


@pytest.mark.parametrize(
    ("what", "change", "field", "words"),
    [
        ("the game over at turn 0", lambda d: d.update(phase="over"), "game.turns", "no turn has been played"),
        ("a word outside the buy phase", lambda d: d.update(word=[d["players"][0]["hand"].pop()]), "game.word", ""),
        ("cards next hand in the word phase", lambda d: d["players"][0].update(extra=2), "game.players[0].extra", ""),
        ("the end called early", lambda d: d.update(ending=True), "game.ending", "last Common card"),
        ("a row card gone", lambda d: d["trash"].append(d["row"][3]) or d["row"].__setitem__(3, None), "game.row[3]",
         "replaced from its pile"),
        ("a seat's sixth card", lambda d: d["players"][1]["hand"].append(d["players"][1]["draw"].pop()),
         "game.players[1].hand", "the deal gives 5"),
        ("a seat's fourth card", lambda d: d["players"][1]["draw"].append(d["players"][1]["hand"].pop()),
         "game.players[1].hand", "4 cards before the seat's first turn"),
        ("a Common card given", lambda d: d["players"][1]["discard"].append(d["track"].pop(0)),
         "game.players[1]", "holds exactly its starting cards"),
        ("a card in the Trash", lambda d: d["trash"].append(d["offer"][2].pop(0)), "game.trash", "no word"),
    ],
)
def test_forgeries_of_a_dealt_game_name_what_is_wrong(
    enable: Lexicon, what: str, change: Callable[[Json], object], field: str, words: str
) -> None:
    data = dealt(enable).state.to_json()
    change(data)
    refused(data, field, words)


def test_counts_a_game_cannot_reach_are_refused(enable: Lexicon) -> None:
    cubes = played(enable, 4, **TABLES["cubes"]).state.to_json()
    forged = copy.deepcopy(cubes)
    forged["cubes"]["held"][0] += forged["cubes"]["supply"]
    forged["cubes"]["supply"] = 0
    refused(forged, "game.cubes.held[0]", "its passes and the others' words gave")
    expo = played(enable, 0, **TABLES["expansions"]).state.to_json()
    expo["expansions"]["longest"][1] = 9
    refused(expo, "game.expansions.longest[1]", "has spelled no word")
    coop = played(enable, 0, **TABLES["coop"]).state.to_json()
    coop["coop"]["bought"] = True
    refused(coop, "game.coop.bought", "none yet this turn")


# -- mutants of states reached by random play -----------------------------------------------------------------------


@functools.cache
def snapshots(table: str) -> tuple[Json, ...]:
    """Every state (as JSON) of a game random bots played to its end, or for 40 turns."""
    lexicon = default_lexicon()
    out: list[Json] = []

    class Recorded(PaperbackGame):
        def apply(self, action: Action | dict[str, Any]) -> None:
            super().apply(action)
            out.append(copy.deepcopy(self.state.to_json()))  # the JSON shares the state's lists

    game = Recorded(dealt(lexicon, 11, **TABLES[table]).state, lexicon)
    out.append(copy.deepcopy(game.state.to_json()))
    bots = [make_bot("random", lexicon, 110 + s) for s in range(len(game.state.players))]
    while game.state.phase != OVER and game.state.turns < 40:
        bots[game.state.current].play_turn(game)
    return tuple(out)


def id_lists(data: Json) -> list[tuple[str, list[int]]]:
    """Every list of card ids in a state's JSON, named."""
    out: list[tuple[str, list[int]]] = []
    for s, p in enumerate(data["players"]):
        out += [(f"players[{s}].{zone}", p[zone]) for zone in ("draw", "hand", "discard")]
    out += [(f"offer[{i}]", pile) for i, pile in enumerate(data["offer"])]
    out += [(f"fame[{i}]", pile) for i, pile in enumerate(data["fame"])]
    out += [(key, data[key]) for key in ("track", "unused", "trash", "word")]
    if "expansions" in data:
        out += [(f"in_play[{s}]", ids) for s, ids in enumerate(data["expansions"]["in_play"])]
    return out


COUNTERS = ("turns", "current", "words", "passes", "phase", "ending", "extra", "coins")
ALWAYS_REFUSED = {"dup", "drop", "turns", "current", "words", "passes", "phase", "ending"}


@hs.composite
def mutants(draw: hs.DrawFn) -> tuple[str, Json, str]:
    """A state of random play, mutated once: (the mutation's kind, the mutant, what was done); the kind is "same"
    when the change changed nothing (a counter already at 0 lowered)."""
    table = draw(hs.sampled_from(sorted(TABLES)))
    states = snapshots(table)
    original = states[draw(hs.integers(0, len(states) - 1))]
    kind, data, what = mutate(draw, copy.deepcopy(original))
    return ("same" if data == original else kind), data, f"{table}: {what}"


def mutate(draw: hs.DrawFn, data: Json) -> tuple[str, Json, str]:
    """One mutation of ``data``, in place, drawn."""
    kind = draw(hs.sampled_from(["move", "move", "move", "dup", "drop", "counter"]))
    lists = id_lists(data)
    full = [(name, ids) for name, ids in lists if ids]
    if kind == "counter":
        return _counter(draw, data)
    name, source = draw(hs.sampled_from(full))
    i = draw(hs.integers(0, len(source) - 1))
    card = source[i]
    if kind == "drop":
        source.pop(i)
        return "drop", data, f"card {card} dropped from {name}"
    to_name, dest = draw(hs.sampled_from(lists))
    at = draw(hs.integers(0, len(dest)))
    if kind == "move":
        source.pop(i)
        dest.insert(min(at, len(dest)), card)
        return ("reorder" if to_name == name else "move"), data, f"card {card} moved from {name} to {to_name}"
    dest.insert(at, card)
    return "dup", data, f"card {card} of {name} also put in {to_name}"


def _counter(draw: hs.DrawFn, data: Json) -> tuple[str, Json, str]:
    what = draw(hs.sampled_from(COUNTERS))
    seat = draw(hs.integers(0, len(data["players"]) - 1))
    delta = draw(hs.sampled_from([-2, -1, 1, 2, 3, 50]))
    if what == "phase":
        data["phase"] = draw(hs.sampled_from([p for p in ("word", "buy", "over") if p != data["phase"]]))
    elif what == "ending":
        data["ending"] = not data["ending"]
    elif what in ("words", "passes", "extra"):
        data["players"][seat][what] = max(0, data["players"][seat][what] + delta)
    else:
        data[what] = max(0, data[what] + delta)
        if what == "current":
            data[what] %= len(data["players"])
    return what, data, f"{what} changed ({delta:+d} or flipped) of seat {seat}"


class Checked(PaperbackGame):
    """A game that checks every state it reaches in full."""

    def apply(self, action: Action | dict[str, Any]) -> None:
        super().apply(action)
        assert problems(self.state) == [], problems(self.state)


def plays_on(data: Json, lexicon: Lexicon, turns: int = 2) -> None:
    """The engine plays ``turns`` turns from the state with random bots, every state after passing the checks."""
    game = Checked(load(data), lexicon)
    bots = [make_bot("random", lexicon, 7 + s) for s in range(len(game.state.players))]
    stop = game.state.turns + turns
    while game.state.phase != OVER and game.state.turns < stop:
        finish_turn(bots[game.state.current], game)  # from the phase the state is in


MUTANTS = int(os.environ.get("GHOSTWRITER_MUTANTS", "0"))  # a longer, random run: GHOSTWRITER_MUTANTS=5000


@settings(max_examples=MUTANTS or 300, deadline=None, suppress_health_check=list(HealthCheck), derandomize=not MUTANTS)
@given(mutants())
def test_a_mutant_of_a_played_state_is_refused_or_plays_on_checked(mutant: tuple[str, Json, str]) -> None:
    kind, data, what = mutant
    try:
        state = load(data)
    except GameStateError as e:
        assert e.field.startswith("game"), (what, e.field)
        assert kind != "same", (what, str(e))  # a state random play reached is never refused
        return
    lost = data.get("coop", {}).get("result") == "lost"  # lost on a cube placed before the word, or after it
    assert kind not in ALWAYS_REFUSED or (lost and kind in ("words", "passes")), f"accepted: {what}"
    assert problems(state) == []
    try:
        plays_on(data, default_lexicon())
    except AssertionError as e:
        raise AssertionError(f"after {what}: {e}") from None


def _wild_to_the_twos(data: Json) -> bool:
    """Seat 0's first starting wild in its draw or discard pile, moved onto the 2¢ pile (as recycled)."""
    p = data["players"][0]
    for zone in ("discard", "draw"):
        wilds = [c for c in p[zone] if 5 <= c < 10]  # the house deck's starting cards: 5 letters, then 5 wilds
        if wilds:
            p[zone].remove(wilds[0])
            data["offer"][0].append(wilds[0])
            return True
    return False


@pytest.mark.parametrize(("table", "kept"), [("cubes", True), ("plain", False)])
def test_a_recycled_starting_wild_in_the_twos_pile_only_with_recycling(table: str, kept: bool) -> None:
    """"take all the 2¢ cards in the Trash ... re-create the 2¢ pile": a 2¢ starting wild can be there (the pile's
    check refused it before validate), and only when the table recycles."""
    data = next(copy.deepcopy(d) for d in snapshots(table) if d["phase"] == "word" and d["turns"] > 4)
    assert _wild_to_the_twos(data)
    if kept:
        assert problems(load(data)) == []
    else:
        refused(data, "game.offer[0]", "a wild card cannot be there")


def test_cubes_cashed_before_the_word_are_coins_of_the_word_phase(enable: Lexicon) -> None:
    """Cubes may be cashed "at any time on their turn" (before the word, unless ``cash_buy_only``)."""
    game = played(enable, 0, players=2, cube_discard=True)
    cubes = game.state.cubes
    assert cubes is not None
    cubes.held[0], cubes.supply = 2, 15
    game.state.players[0].passes, game.state.players[1].passes, game.state.turns = 1, 1, 2  # two discards for them
    game.apply({"action": "cash", "cubes": 2})
    assert game.state.phase == "word" and game.state.coins == 2
    assert problems(load(copy.deepcopy(game.state.to_json()))) == []
    data = copy.deepcopy(game.state.to_json())
    data["options"]["cash_buy_only"] = True
    refused(data, "game.coins", "coins are the buy phase's")


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(mutants())
def test_the_service_refuses_a_mutant_with_a_422_exactly_when_the_engine_does(
    client: TestClient, mutant: tuple[str, Json, str]
) -> None:
    """Through the service taking unsigned states: a mutant the engine refuses is a 422 naming the same field
    (never a 500, never played on); one it accepts is played on (a pass, or a 422 naming the action's rule)."""
    _, data, what = mutant
    try:
        load(copy.deepcopy(data))
        field = None
    except GameStateError as e:
        field = e.field
    status, out = post(client, ACTION, {"game": data, "action": {"action": "pass"}})
    if field is None:
        assert status == 200 or (status == 422 and out["field"].startswith("action")), (what, status, out)
    else:
        assert status == 422 and out["field"] == field, (what, field, status, out)
