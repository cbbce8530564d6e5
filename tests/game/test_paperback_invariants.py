"""Invariants over seeded random games of Paperback: no card lost or duplicated after any action, the Offer refilled
while its piles last, the end reached by the rulebook's conditions only; 50 games in the default run, 1,000 under
``pytest -m slow``. With the optional cube rules and co-op on: no cube made or lost (``check``), co-op ended only by
every Fame card bought or a card's cubes (or a cube due from an empty supply); 8 games by default, 300 slow. Every
state after every action passes the full check a state from outside must pass (``validate.problems``): the
checks refuse no state a game reaches."""

from __future__ import annotations

import os
from typing import Any

import pytest

from solver.bots.paperback import make_bot
from solver.game.paperback import PaperbackGame, PaperbackOptions
from solver.game.paperback.actions import Action, End, Spell
from solver.game.paperback.engine import OVER, PaperbackState
from solver.game.paperback.validate import load, problems
from solver.lexicon import Lexicon
from solver.paperback.deck import house_deck

DECK = house_deck()
MAX_TURNS = 3000


class Watched(PaperbackGame):
    """A game that checks its invariants after every action."""

    def apply(self, action: Action | dict[str, Any]) -> None:
        st = self.state
        before_track = len(st.track)
        super().apply(action)
        st.check()
        assert problems(st) == [], (problems(st), action)  # every state a game reaches passes the full check
        for i in range(1, 7):  # the row is refilled while its pile lasts
            assert st.row[i] is not None or not st.offer[i], f"row {i} empty with cards in its pile"
        assert st.row[0] is None
        if isinstance(action, Spell):
            gained = before_track - len(st.track)
            assert gained in (0, 1)
            assert not gained or (
                self.last_move is not None
                and self.last_move.length >= DECK.length_track[DECK.commons_dealt - before_track]
            )
        if st.cubes is not None:
            assert st.cubes.total() == 17
        if st.phase == OVER and st.coop is not None:
            coop, cubes = st.coop, st.cubes
            assert cubes is not None
            lost = any(cubes.on(c) >= st.options.coop_loss_cubes for c in coop.pyramid if c is not None)
            assert (coop.result == "won") == (coop.left() == 0)
            assert coop.result == "won" or lost or cubes.supply == 0
        elif st.phase == OVER:
            assert isinstance(action, End | Spell) or type(action).__name__ in ("Pass", "Discard")
            empty = sum(1 for p in st.fame if not p)
            assert empty >= 2 or not st.track, "the game ended without two empty Fame piles or the last Common card"


def play(seed: int, lexicon: Lexicon, players: int, bots: tuple[str, ...], **rules: bool | int) -> PaperbackState:
    options = PaperbackOptions(players, spacebar=seed % 3 == 0, dyslexic=seed % 4 == 0, **rules)  # type: ignore[arg-type]
    game = Watched(PaperbackGame.new(DECK, options, seed, lexicon).state, lexicon)
    seats = [make_bot(bots[s % len(bots)], lexicon, seed * 10 + s) for s in range(players)]
    st = game.state
    total = len(st.box)
    while st.phase != OVER:
        assert st.turns < MAX_TURNS
        seats[st.current].play_turn(game)
    assert len(st.box) == total
    assert load(st.to_json()).to_json() == st.to_json()  # and its saved form reads back, checked in full
    return st


def run(n: int, lexicon: Lexicon, most: int = 5) -> None:
    ends = {"fame": 0, "common": 0}
    for seed in range(n):
        st = play(seed, lexicon, 2 + seed % (most - 1), ("random",))
        ends["fame" if sum(1 for p in st.fame if not p) >= 2 else "common"] += 1
    assert ends["fame"] > 0


def test_fifty_seeded_random_games(enable: Lexicon) -> None:
    run(50, enable, most=3)  # 2 and 3 players here; up to 5 in the slow run


def test_bots_games_reach_the_common_card_end_too(enable: Lexicon) -> None:
    commons = 0
    for seed in range(6):
        st = play(seed, enable, 2, ("hard", "greedy"))
        commons += sum(st.commons_of(s) for s in range(2))
    assert commons > 0  # long words gain Common cards


def options_run(n: int, lexicon: Lexicon, bots: tuple[str, ...] = ("random",)) -> dict[str, int]:
    """Random games with the cube rules on, every other one co-op (every fourth of those lost at 4 cubes)."""
    ends: dict[str, int] = {}
    for seed in range(n):
        coop = seed % 2 == 0
        rules = {
            "cube_advice": seed % 3 != 1,
            "cube_discard": seed % 3 != 2,
            "cube_discount": seed % 5 != 0,
            "recycle_twos": True,
            "coop": coop,
            "coop_loss_cubes": 4 if coop and seed % 4 == 0 else 5,
        }
        st = play(seed, lexicon, 2 + seed % 3, bots, **rules)
        end = st.coop.result or "" if st.coop is not None else "competitive"
        ends[end] = ends.get(end, 0) + 1
    return ends


def test_random_games_with_the_options_on(enable: Lexicon) -> None:
    ends = options_run(8, enable)
    assert ends["competitive"] == 4 and ends.get("lost", 0) + ends.get("won", 0) == 4


def test_bots_games_with_the_options_on(enable: Lexicon) -> None:
    ends = options_run(2, enable, ("greedy", "hard"))
    assert sum(ends.values()) == 2


@pytest.mark.slow
def test_three_hundred_random_games_with_the_options_on(enable: Lexicon) -> None:
    options_run(300, enable)


# 1,000 games in 20 blocks of 50; CI runs a bounded slice (GHOSTWRITER_SLOW_GAME_BLOCKS in .ci/run), as Hardback's
SLOW_BLOCKS = int(os.environ.get("GHOSTWRITER_SLOW_GAME_BLOCKS", "20"))


@pytest.mark.slow
def test_a_thousand_seeded_random_games(enable: Lexicon) -> None:
    run(50 * SLOW_BLOCKS, enable)
