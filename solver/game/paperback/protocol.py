"""Paperback's side of the one game protocol (``solver.game.protocol``): the engine's ``PaperbackGame`` behind a
thin adapter, ``PaperbackTable``, with the seat's view as a page shows it (``summary`` is the table every answer
of the service carries).
"""

from __future__ import annotations

import random
from typing import Any

from solver.errors import GhostwriterError
from solver.game.paperback import expansions, timer, validate
from solver.game.paperback.actions import Action
from solver.game.paperback.engine import OVER, PaperbackGame, PaperbackState
from solver.game.paperback.legal import legal_actions
from solver.game.paperback.sample import redraw
from solver.game.protocol import Json, Legal, clone
from solver.lexicon import Lexicon


def summary(game: PaperbackGame) -> Json:
    """The table as every seat sees it: the seat in turn, the phase, its coins, the scores and Common cards, the
    length track's Common card and threshold, the end, the expansions."""
    st = game.state
    common = st.common
    return {
        "seat": st.current,
        "phase": st.phase,
        "coins": st.coins,
        "scores": game.scores(),
        "commons": [st.commons_of(s) for s in range(len(st.players))],
        "common": common.code if common is not None else None,
        "threshold": st.threshold,
        "winner": game.winner() if st.phase == OVER else None,
        "result": game.result(),
        "expansions": expansions.view(st),
        **_modes(game),
    }


def _modes(game: PaperbackGame) -> Json:
    """Simultaneous play's round and the turn timer, when the table plays them (absent otherwise)."""
    st = game.state
    out: Json = {}
    simul = st.simul
    if simul is not None:
        out["simultaneous"] = {
            "stage": simul.stage,
            "round": simul.round,
            "draft": simul.draft,
            "announced": simul.order,
            "bumped": simul.bumped,
            "passed": simul.passed,
            "to_buy": simul.queue,
            "words": [_codes(st, w) for w in simul.words],
            "deck": len(simul.deck),
        }
    shown = timer.view(st, game.clock())
    if shown is not None:
        out["timer"] = shown
    return out


def _codes(st: PaperbackState, ids: list[int]) -> list[str]:
    return [st.card(i).code for i in ids]


def seat_view(game: PaperbackGame, seat: int, legal: list[Json]) -> Json:
    """What ``seat`` sees: the table (``summary``, ``seat`` the viewer and ``current`` the seat in turn), its own
    hand and discard pile, the Offer's face-up cards, how many cards each pile and hand holds, and ``legal``."""
    st = game.state
    me = st.players[seat]

    def shown(i: int | None) -> str | None:
        return None if i is None else st.card(i).code

    out: dict[str, Any] = {**summary(game), "seat": seat, "current": st.current, "over": st.phase == OVER}
    out |= {
        "hand": _codes(st, me.hand),
        "discard": _codes(st, me.discard),
        "players": [
            {"seat": s, "hand": len(p.hand), "deck": len(p.draw), "discard": len(p.discard)}
            for s, p in enumerate(st.players)
        ],
        "offer": [
            {"top": shown(st.showing(i, "top")), "row": shown(st.showing(i, "row")), "cards": len(pile)}
            for i, pile in enumerate(st.offer)
        ],
        "fame": [len(pile) for pile in st.fame],
        "track": len(st.track),
        "word": _codes(st, st.word),
        "trash": _codes(st, st.trash),
        "legal": legal,
    }
    return out


class PaperbackTable:
    """A Paperback game behind the one protocol: ``game`` is the engine's, which every action goes to."""

    def __init__(self, game: PaperbackGame) -> None:
        self.game = game
        self.lexicon: Lexicon = game.lexicon

    @property
    def state(self) -> PaperbackState:
        return self.game.state

    @property
    def log(self) -> list[Action]:
        return self.game.log

    @classmethod
    def from_json(cls, data: object, lexicon: Lexicon) -> PaperbackTable:
        """A game from its state's JSON, checked in full (``GameStateError`` naming the fault)."""
        return cls(PaperbackGame(validate.load(data), lexicon))

    def to_json(self) -> Json:
        return self.game.state.to_json()

    def to_act(self) -> int | None:
        return None if self.over() else self.game.state.current

    def allows(self, action: Action) -> bool:
        """Whether the engine accepts this action now (tried on a copy)."""
        try:
            self.copy().game.apply(action)
        except GhostwriterError:
            return False
        return True

    def legal_actions(self, words: int = 0) -> Legal[Action]:
        """The actions the engine accepts now from the seat in turn, lazily (``legal``): the rules' candidates,
        then the ghost writer's ``words`` best words as spells."""
        return legal_actions(self.game.state, self.lexicon, self.allows, words)

    def apply(self, action: Action) -> None:
        self.game.apply(action)

    def copy(self) -> PaperbackTable:
        """An independent game of the same state and log (``protocol.clone``)."""
        game = self.game
        return PaperbackTable(PaperbackGame(clone(game.state), self.lexicon, list(game.log), game.clock))

    def over(self) -> bool:
        return self.game.state.phase == OVER

    def result(self) -> str | None:
        return self.game.result()

    def scores(self) -> list[int]:
        return self.game.scores()

    def winner(self) -> int | None:
        return self.game.winner()

    def view(self, seat: int) -> Json:
        legal = self.legal_actions().to_json() if seat == self.to_act() else []
        return seat_view(self.game, seat, legal)

    def sample(self, seat: int, rng: random.Random) -> PaperbackTable:
        """A copy whose cards hidden from ``seat`` are redrawn from ``rng`` (``sample.redraw``)."""
        world = self.copy()
        redraw(world.game.state, seat, rng)
        return world
