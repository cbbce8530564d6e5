"""Paperback's legal actions: the candidates the rules suggest for the seat in turn, each kept when the engine
accepts it (tried on a copy), and a ghost-writer move turned into the engine's spell (``spell_of``).

``candidates`` lists every action but a word, in a fixed order (the word's moment: pass, discard, co-op's cube;
the buy phase: the cards showing, the Fame cards, cubes cashed, co-op's cube, the end); ``words`` the ghost
writer's best words as spells, their abilities left unused (a hand spells thousands: a planner asks for the few it
weighs); ``legal_actions`` puts them behind the protocol's lazy ``Legal`` view.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from solver.game.paperback.actions import Action, Buy, Cash, Discard, End, Pass, Piece, Place, Spell, Step
from solver.game.paperback.engine import BUY, WORD, PaperbackState
from solver.game.paperback.view import turn_state
from solver.game.protocol import Legal
from solver.lexicon import Lexicon
from solver.paperback.moves import COMMON, SPACE, WILD, PaperbackObjective, PMove
from solver.search.paperback import PaperbackSearch

MAX_WORDS = 1000  # the most words a view asks the ghost writer for
WORDS_TIME_LIMIT = 2.0  # seconds the search of the legal words may take (past it: the best found)


def spell_of(state: PaperbackState, search: PaperbackSearch, move: PMove, resolve: tuple[Step, ...] = ()) -> Spell:
    """The engine's spell for a move of the ghost writer: each piece's card found in the hand, what its copy
    abilities copy named as the search chose (the best for the score)."""
    p = state.players[state.current]
    taken: set[int] = set()
    layout: list[Piece] = []
    copies = {k: tuple(str(a) for j, a in move.copied if j == k) for k in range(len(move.pieces))}
    for k, q in enumerate(move.pieces):
        if q.kind == COMMON:
            layout.append(Piece(common=True, copies=copies[k]))
            continue
        if q.kind == SPACE:
            layout.append(Piece(space=True))
            continue
        want = None if q.kind == WILD else search.hand.kinds[q.kind]
        i = next(
            i
            for i, x in enumerate(p.hand)
            if i not in taken and (state.card(x).wild if want is None else state.card(x) == want)
        )
        taken.add(i)
        layout.append(
            Piece(card=i, as_letter=q.letters if want is None else "", reversed=q.reversed, copies=copies[k])
        )
    return Spell(move.word, tuple(layout), resolve)


def candidates(st: PaperbackState) -> list[Action]:
    """Every action worth trying for the seat in turn (a spell aside: the word is the player's)."""
    out: list[Action] = []
    places: list[Action] = [Place(k) for k in st.coop.open()] if st.coop is not None else []
    if st.phase == WORD:
        return [Pass(), Discard(), *places]
    if st.phase != BUY:
        return []
    out += [Buy("offer", i, slot) for i in range(len(st.offer)) for slot in ("top", "row")]
    fame = st.coop.open() if st.coop is not None else range(len(st.fame))
    out += [Buy("fame", i) for i in fame]
    held = st.cubes.held[st.current] if st.cubes is not None else 0
    out += [Cash(n) for n in range(1, held + 1)]
    return [*out, *places, End()]


def words(state: PaperbackState, lexicon: Lexicon, n: int) -> Iterator[Spell]:
    """The ghost writer's ``n`` best words (by score) for the seat in turn, as spells (none outside the word's
    moment); the search runs when the first is asked for."""
    if n <= 0 or state.phase != WORD:
        return
    turn, _ = turn_state(state)
    search = PaperbackSearch(lexicon, turn, PaperbackObjective.SCORE, time_limit=WORDS_TIME_LIMIT)
    for move in search.top(min(n, MAX_WORDS)):
        yield spell_of(state, search, move)


def legal_actions(
    state: PaperbackState, lexicon: Lexicon, accepts: Callable[[Action], bool], n_words: int = 0
) -> Legal[Action]:
    """The actions ``accepts`` (the engine, on a copy) takes now from the seat in turn: the rules' candidates, then
    the ``n_words`` best words; ``in`` asks it about any action."""

    def listed() -> Iterator[Action]:
        yield from candidates(state)
        yield from words(state, lexicon, n_words)

    return Legal(listed, accepts)
