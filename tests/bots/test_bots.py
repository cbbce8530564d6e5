"""The bots: each plays legal whole turns through the engine, deterministically, and the levels are ordered.

Strength is measured by ``benchmarks/bench_games.py`` over thousands of games; here a few mirrored games pin
the order so that a change that breaks a bot shows at once.
"""

from __future__ import annotations

import pytest

from solver.bots import BOT_NAMES, BotError, make_bot
from solver.game.hardback.actions import End, EventChoice, Pass
from solver.game.hardback.engine import Game
from solver.game.hardback.events import Event
from solver.game.hardback.options import GameOptions
from solver.game.hardback.state import Phase
from solver.lexicon import Lexicon, default_lexicon
from solver.tournament.play import play_game


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return default_lexicon()


def test_every_bot_finishes_a_game_and_the_same_seed_replays(lexicon: Lexicon) -> None:
    options = GameOptions(target=20)
    for name in BOT_NAMES:
        a = play_game([name, "greedy"], 3, options, lexicon)
        b = play_game([name, "greedy"], 3, options, lexicon)
        assert a.prestige == b.prestige and a.turns == b.turns
        assert max(a.prestige) >= 20
        assert a.extra["words"] != [0, 0]


def test_a_bot_turn_is_a_legal_whole_turn(lexicon: Lexicon) -> None:
    game = Game.new(GameOptions(), 11, lexicon)
    bot = make_bot("hard", lexicon, 1)
    actions = bot.play_turn(game)
    assert isinstance(actions[-1], End | Pass)
    assert game.state.current == 1 and game.state.phase == Phase.PREPARE
    replayed = Game.replay(GameOptions(), 11, lexicon, actions)
    assert replayed.state.to_json() == game.state.to_json()


def test_the_hard_bot_beats_greedy_in_mirrored_games(lexicon: Lexicon) -> None:
    wins = 0
    for seed in range(3):
        for seats in (["hard", "greedy"], ["greedy", "hard"]):
            r = play_game(seats, seed, GameOptions(target=40), lexicon)
            wins += r.winner is not None and seats[r.winner] == "hard"
    assert wins >= 5


def test_an_unknown_bot_is_named(lexicon: Lexicon) -> None:
    with pytest.raises(BotError, match="grandmaster"):
        make_bot("grandmaster", lexicon)


def test_bots_play_with_every_option_on(lexicon: Lexicon) -> None:
    from solver.game.hardback.options import Powers
    from solver.hardback.catalogue import Rules

    for powers in (Powers.PASSIVE, Powers.AGGRESSIVE):
        options = GameOptions(
            target=25, rules=Rules.BGA, literary_awards=True, adverts=True, powers=powers, events=True
        )
        r = play_game(["hard", "medium", "easy"], 5, options, lexicon)
        assert max(r.prestige) >= 25
    coop = play_game(["hard", "medium"], 2, GameOptions(target=20, coop=True, penny_genre="romance"), lexicon)
    assert "penny" in coop.extra


@pytest.mark.parametrize(
    ("drawn", "held", "swap"),
    [
        ("Cramp", "Royalties", {"greedy": None, "easy": None, "medium": 1, "hard": 1, "expert": 1}),
        ("Royalties", "Cramp", {}),
    ],
)
def test_a_bot_exchanges_a_harsh_event_for_a_mild_one_ahead(
    lexicon: Lexicon, drawn: str, held: str, swap: dict[str, int | None]
) -> None:
    deck = (Event("Cramp", max_length=3, banned_letters="E"), Event("Royalties", coins=1), Event("Spare"))
    game = Game.new(GameOptions(events=True, event_deck=deck), 5, lexicon)
    st = game.state
    st.players[0].prestige, st.players[1].prestige, st.players[1].event = 10, 20, held
    game.apply(Pass())
    assert st.phase == Phase.EVENT
    st.players[0].event = drawn
    for name in BOT_NAMES:
        assert make_bot(name, lexicon).event_swap(game) == swap.get(name), name
    actions = make_bot("hard", lexicon).play_turn(game)
    assert isinstance(actions[-1], EventChoice) and st.phase == Phase.PREPARE and st.current == 1


@pytest.mark.parametrize(
    ("bot", "ink", "remover", "returned"),
    [
        ("easy", 4, 1, "remover"),  # never draws with ink: keeps the ink
        ("greedy", 1, 3, "remover"),
        ("hard", 1, 1, "remover"),  # keeps the ink its sure draws need
        ("hard", 2, 1, "remover"),
        ("medium", 4, 1, "ink"),  # ink to spare: keeps the remover, which only Horror cards give
        ("hard", 3, 3, "remover"),
    ],
)
def test_a_bot_returning_a_token_to_printed_horror_h_keeps_the_one_it_values_more(
    lexicon: Lexicon, bot: str, ink: int, remover: int, returned: str
) -> None:
    """Printed Horror H: "All other players must return an unused ink or remover" (BGA's how-to play); a bot
    holding both chooses, and ``play_turn`` in the return phase answers for the seat awaited, then stops."""
    from solver.game.hardback.actions import Return
    from solver.game.hardback.state import Turn

    game = Game.new(GameOptions(players=2), 1, lexicon)
    st = game.state
    st.players[1].ink, st.players[1].remover = ink, remover
    st.players[0].hand, st.turn = [], Turn(word_text="ha", returns=[1])
    st.phase = Phase.RETURN
    actions = make_bot(bot, lexicon).play_turn(game)
    assert actions == [Return(1, returned)] and st.phase == Phase.BUY and st.acting == 0
