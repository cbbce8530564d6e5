"""Hardback's legal actions: the candidates the rules suggest for the seat the game waits on, each kept when the
engine accepts it (tried on a copy: events, wild journeys, disfigured letters and every other rule as they are).

``candidates`` lists every action worth trying but a word, in a fixed order; ``words`` the ghost writer's best
words as spells (a hand spells thousands: a planner asks for the few it weighs); ``legal_actions`` puts them
behind the protocol's lazy ``Legal`` view.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Protocol

from solver.game.hardback import actions as act
from solver.game.hardback.actions import Action, Spell
from solver.game.hardback.state import GameState, Phase
from solver.game.protocol import Legal
from solver.hardback.cards import Card
from solver.hardback.moves import Move
from solver.hardback.objectives import Objective
from solver.hardback.state import TurnState
from solver.lexicon import Lexicon
from solver.search.hardback import Search

GENRES = ("adventure", "horror", "mystery", "romance")
MAX_PICKS = 24  # the combinations of per-opponent cards a power's candidates try
MAX_WORDS = 1000  # the most words a view asks the ghost writer for
WORDS_TIME_LIMIT = 2.0  # seconds the search of the legal words may take (past it: the best found)


class Engine(Protocol):
    """What the rules here read of the engine's ``Game`` (named so, not imported: the engine imports them)."""

    state: GameState
    lexicon: Lexicon

    def allows(self, *actions: Action) -> bool: ...

    def turn_state(self, seat: int | None = None) -> TurnState: ...

    def final_scores(self) -> list[int]: ...

    def winner(self) -> int | None: ...

    def result(self) -> str | None: ...


def candidates(st: GameState) -> list[Action]:
    """Every action worth trying for the seat the game waits on (a spell aside: the word is the player's)."""
    p = st.player
    out: list[Action] = []
    if st.phase == Phase.OVER:
        return []
    if st.phase == Phase.RETURN:
        return [act.Return(st.acting, "ink"), act.Return(st.acting, "remover")]
    if st.turn.peek:
        return [act.Preview(())]
    out += [act.Ink(), act.Pass(), act.Skip(), act.Look(), act.Flush(), act.Advert(), act.End()]
    out += [act.EventChoice(), act.Buy(None)]
    out += [act.Remover(c.code) for c in dict.fromkeys(p.inked)]
    out += [act.Dump(c.code) for c in dict.fromkeys(p.discard)]
    out += [act.Buy(i) for i in range(len(st.offer_row))]
    out += [act.Jail(i, keep) for i in range(len(st.offer_row)) for keep in (True, False)]
    out += [act.EventChoice(q.seat) for q in st.players if q.seat != p.seat]
    out += [act.InkBuy(n) for n in range(1, min(st.turn.coins, 9) + 1)]
    out += [act.Convert(n) for n in range(1, min(p.ink // 3, 9) + 1)]
    if st.turn.previews:
        out.append(act.Preview(()))
    if p.power:
        out += power_candidates(st)
    return out


def power_candidates(st: GameState) -> list[Action]:
    """The uses of the seat in turn's power worth trying (a per-opponent pick: at most ``MAX_PICKS`` of them)."""
    p = st.player
    name = p.power
    if name == "unnatural":
        return [act.Power(name, slot=i) for i in range(len(st.offer_row))]
    if name == "exploration":
        return [act.Power(name, genre=g) for g in GENRES]
    if name == "miniaturize":
        return [act.Power(name, n=n) for n in range(1, min(p.ink, 9) + 1)]
    if name in ("triangle", "journey"):
        opponents = [q for q in st.players if q.seat != p.seat]
        piles: list[list[Card | None]] = [
            [*dict.fromkeys(q.discard if name == "triangle" else q.hand)] or [None] for q in opponents
        ]
        out: list[Action] = []
        for picks in itertools.islice(itertools.product(*piles), MAX_PICKS):
            cards = tuple((q.seat, c.code) for q, c in zip(opponents, picks, strict=True) if c is not None)
            out.append(act.Power(name, cards=cards))
        return out
    return [act.Power(name)]


def words(game: Engine, n: int, objective: Objective = Objective.VALUE) -> Iterator[Spell]:
    """The ghost writer's ``n`` best words for the seat in turn, as spells (none outside the word's moment); the
    search runs when the first is asked for."""
    st = game.state
    if n <= 0 or st.phase != Phase.PREPARE or st.turn.peek:
        return
    search = Search(game.lexicon, game.turn_state(), objective, time_limit=WORDS_TIME_LIMIT)
    for move in search.top(min(n, MAX_WORDS)):
        yield Spell.of_move(move, objective)


def word_check(game: Engine) -> Callable[[Move], bool] | None:
    """The engine's check of a ghost-writer move for the seat in turn, when rules the search does not see bind its
    word (an event, Wild Journey's face-down cards, Disfigured Letter's letters); None when none do."""
    p = game.state.player
    if not (p.event or p.must_wild or p.disfigured):
        return None
    return lambda move: game.allows(Spell.of_move(move))


def legal_actions(game: Engine, n_words: int = 0) -> Legal[Action]:
    """The actions the engine accepts now from the seat it waits on: the rules' candidates, then the ``n_words``
    best words; ``in`` asks the engine about any action."""

    def listed() -> Iterator[Action]:
        yield from candidates(game.state)
        yield from words(game, n_words)

    return Legal(listed, game.allows)
