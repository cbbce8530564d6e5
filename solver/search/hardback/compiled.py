"""The per-word search on the compiled kernel (``solver/search/hardback/kernel/``), and the choice of engine.

``CompiledWordSolver`` is ``WordSolver`` with its inner search (``_solve``) done in C over flat arrays: the pool is
packed once (``pack``: every value that does not depend on the word, read from the profiles and the optimism the
Python search reads), each word is passed as the indices of its letters among the card letters, and the kernel
answers with the best placement's cards and faces, its value and its ``Resolution`` (the uncover order, the doubles'
aims, the factors, the active genres: what the Python resolver would make of it). The kernel follows the Python
search step by step, so both find the same placement and count the same steps; the Python search stays the
reference, and the tests compare the two. A move shown checks the kernel's answer once more: its outcome, valued
under the search's weights, must be worth the kernel's value (``Search.move``).

Where the kernel was not built (no C compiler at install time) the Python search runs, with a one-line notice; the
environment variable ``GHOSTWRITER_ENGINE`` (``python`` or ``compiled``) picks one by hand.
"""

from __future__ import annotations

import functools
import math
import os
import sys
from array import array
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

from solver.budget import Budget, Checkpoint, OutOfTime
from solver.errors import GhostwriterError
from solver.hardback.catalogue import Rules
from solver.hardback.profile import Pool, Profile, Source
from solver.hardback.resolve import EPS, Face, Placement, Resolution, Resolver, Slot, award_prestige
from solver.lexicon import Lexicon
from solver.search.best_first import RUN_FOUND, RUN_SIGNAL
from solver.search.hardback.exact import Letters, WordSolver, _Enough
from solver.search.hardback.kinds import Optimism
from solver.search.hardback.native import LAYOUT, kernel

if TYPE_CHECKING:
    from solver.search.order import Floats

ENGINES = ("python", "compiled")
_SOURCE = {Source.HAND: 0, Source.INKED: 1, Source.MINE: 2, Source.OTHER: 3}
_FACES = (Face.UP, Face.WILD, Face.UNCOVERED)
_DONE, _OUT_OF_TIME, _CHECKPOINT, _ENOUGH = 0, 1, 2, 3
# kernel.solve_run's answers beyond best_first's RUN_ codes (END, STOP, FOUND, HANDLE are theirs): the budget's signals
_RUN_OUT_OF_TIME, _RUN_CHECKPOINT = 4, 5
_noticed = False




def available() -> bool:
    """Was the kernel built (and does it read this version's layout)?"""
    return kernel is not None


def default_engine(built: bool | None = None) -> str:
    """``GHOSTWRITER_ENGINE`` when set, else the compiled engine where it was built, else Python (said once).
    ``built``: whether the compiled engine asked about was built (by default Hardback's kernel; Paperback's layout
    search gives its own)."""
    global _noticed
    asked = os.environ.get("GHOSTWRITER_ENGINE", "").strip().lower()
    if asked in ENGINES:
        return asked
    if built is None:
        built = kernel is not None
    if built:
        return "compiled"
    if not _noticed:
        _noticed = True
        print(
            "ghostwriter: the compiled search kernel is not built (no C compiler at install?): "
            "using the slower Python search",
            file=sys.stderr,
        )
    return "python"


def check_engine(engine: str | None, built: bool | None = None) -> str:
    """The engine to use: ``engine``, or the default; an error naming the choices for anything else (``built`` as
    ``default_engine`` reads it)."""
    if built is None:
        built = kernel is not None
    if engine is None:
        return default_engine(built)
    if engine not in ENGINES:
        raise GhostwriterError(f"unknown engine {engine!r}: choose one of {', '.join(ENGINES)}")
    if engine == "compiled" and not built:
        raise GhostwriterError(
            "the compiled engine is not built in this installation: reinstall with a C compiler and the Python "
            "headers (gcc, python3-dev), or use engine 'python'"
        )
    return engine


def word_solver(pool: Pool, resolver: Resolver, optimism: Optimism, engine: str) -> WordSolver:
    """The per-word solver of an engine (``check_engine``'s names)."""
    if engine == "compiled":
        return CompiledWordSolver(pool, resolver, optimism)
    return WordSolver(pool, resolver, optimism)


def pack(solver: WordSolver) -> tuple[bytes, bytes]:
    """The pool as the kernel reads it (``ctx_read`` in kernel/module.c, in the same order): integers and floats."""
    ints: list[int] = [LAYOUT]
    floats: list[float] = []
    profiles, counts, om, resolver = solver.profiles, solver.counts, solver.optimism, solver.resolver
    st, w = solver.pool.state, solver.pool.weights
    ids = solver.letter_ids
    ints += [len(profiles), len(ids)]
    for k, p in enumerate(profiles):
        ints += [ids[p.letter], _SOURCE[p.source], int(p.pool), int(p.own), p.genre, int(p.card.timeless), counts[k]]
        ints.append(int(p.imposed))  # a rival's letter (Disfigured Letter): face-up, and not an inked card
        ints += [*p.uncovers, *p.doubles, om.uncovers[k], om.doubles[k], int(solver.plain[k])]
        benefit_ints, benefit_floats = _benefits(p)
        ints += benefit_ints
        floats += benefit_floats
        floats += [om.opt[k], om.opt_no_dump[k], om.per_wild[k], om.step[k]]
        ints.append(len(om.wild_steps[k]))
        for d, c in om.wild_steps[k]:
            floats += [d, c]
    for letter in ids:
        ks = solver.by_letter.get(letter, [])
        ints += [len(ks), *ks]
    not_mine = [k for k, p in enumerate(profiles) if p.source is not Source.MINE]
    lists = [
        solver.pool_kinds,
        sorted(not_mine, key=lambda k: -om.opt[k]),
        sorted(not_mine, key=lambda k: -om.opt_no_dump[k]),
        sorted(range(len(profiles)), key=lambda k: -om.step[k]),
        sorted(solver.uncoverers),
        solver.wild_kinds,
        solver.doublers,
        solver.wild_stepped,
        resolver.mine,
        resolver.pool_kinds,
    ]
    for ks in lists:
        ints += [len(ks), *ks]
    ints += [int(letter in solver.uncoverer_letters) for letter in ids]
    ints += [solver.classic_letters.get(letter, 0) for letter in ids]
    awards = st.options.literary_awards
    ints += [
        solver.pool_uncoverers,
        len(st.discard),
        st.remover,
        resolver.pool_size,
        resolver.inked_total,
        resolver.imposed_total,
        int(awards),
        int(om.dumps),
        len(st.discard) + len(st.hand) + len(st.inked),
        int(awards and w.award > 0),
        int(w.remover_spent < 0),
        *resolver.mine_genres,
    ]
    floats += [w.coins, w.dump, w.classic_sent_home, w.classic_kept, w.remover_spent]
    floats += [solver.mine_opt(om.opt), solver.mine_opt(om.opt_no_dump)]
    award = _awards(w.award, st.options.rules, st.options.award_held)
    floats += award + award
    floats.append(-w.remover_spent * st.remover)
    return array("q", ints).tobytes(), array("d", floats).tobytes()


def _benefits(p: Profile) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """A profile's benefits as ``pack`` sends them, per activity: its specials (what each counts, its genre, its
    weighted amount), its dumps and its values by factor; remembered on the profile (they depend on nothing else)."""
    got: tuple[tuple[int, ...], tuple[float, ...]] | None = p.remembered.get("packed")
    if got is None:
        ints: list[int] = []
        floats: list[float] = []
        for a in (0, 1):
            ints.append(len(p.specials[a]))
            for s in p.specials[a]:
                if s.counter.kernel is None:  # a count with no case in the kernel's switch: the Python search
                    raise ValueError(f"kernel: no case for the count {s.per.value!r}")
                ints += [s.counter.kernel, s.genre]
                floats.append(s.weight * s.benefit.amount)
            ints.append(len(p.dumps[a]))
            ints += p.dumps[a]
            floats += p.value[a]
        got = p.remembered["packed"] = (tuple(ints), tuple(floats))
    return got


@functools.lru_cache(maxsize=64)
def _awards(weight: float, rules: Rules, held: int) -> tuple[float, ...]:
    """The award a word of each length up to the kernel's longest wins, at its weight (``pack``)."""
    return tuple(weight * award_prestige(n, rules, held) for n in range(_max_letters() + 1))


def _max_letters() -> int:
    return int(kernel.MAX_LETTERS) if kernel is not None else 32


class Solved(Placement):
    """A placement the kernel found: its value at once, its ``Resolution`` (the uncover order, the doubles' aims,
    the factors, the active genres) read from the kernel's answer when first asked, as most placements found are
    never shown; without one (``packed`` None), from a Python resolver of the pool's, outside the search's budget."""

    def __init__(self, word: str, slots: list[Slot], value: float, pool: Pool, packed: bytes | None = None) -> None:
        self.word = word
        self.slots = slots
        self._value = value
        self._pool = pool
        self._packed = packed
        self._resolution: Resolution | None = None

    @property
    def value(self) -> float:
        return self._value

    @property
    def resolution(self) -> Resolution:
        if self._resolution is None:
            if self._packed is not None:
                self._resolution = unpack_resolution(self._value, self._packed)
            else:
                res = Resolver(self._pool).resolve(self.slots)
                if res is None or abs(res.value - self._value) > EPS:  # the engines disagree: a bug, never an answer
                    raise AssertionError(f"kernel: {self.word!r} laid out as {self.slots} is not worth {self._value}")
                self._resolution = res
        return self._resolution

    @resolution.setter
    def resolution(self, res: Resolution) -> None:
        self._resolution = res

    def as_word(self, word: str) -> Placement:
        twin = Solved(word, self.slots, self._value, self._pool, self._packed)
        twin._resolution = self._resolution
        return twin


def unpack_resolution(value: float, packed: bytes) -> Resolution:
    """The kernel's resolution of a placement (``kernel_solve``'s last answer: one byte a number), worth ``value``."""
    u = packed[0]
    uncovers = [(packed[i], packed[i + 1]) for i in range(1, 1 + 2 * u, 2)]
    at = 1 + 2 * u
    d = packed[at]
    doubles = [(packed[i], packed[i + 1]) for i in range(at + 1, at + 1 + 2 * d, 2)]
    at += 1 + 2 * d
    active = [bool(a) for a in packed[at : at + 4]]
    return Resolution(value, list(packed[at + 4 :]), active, uncovers, doubles)


class CompiledWordSolver(WordSolver):
    """``WordSolver`` whose inner search runs in the kernel; words or pools beyond its fixed sizes (more than
    ``MAX_LETTERS`` letters, ``MAX_KINDS`` kinds of card) go to the Python search."""

    def __init__(self, pool: Pool, resolver: Resolver, optimism: Optimism) -> None:
        super().__init__(pool, resolver, optimism)
        self._context: object | None = None
        if kernel is not None and len(self.profiles) <= kernel.MAX_KINDS and len(self.letter_ids) < 255:
            try:
                self._context = kernel.Context(*pack(self))
            except ValueError:  # a card beyond the kernel's sizes (a custom card with many benefits, say)
                self._context = None
        self._codes = Letters({letter: chr(n) for n, letter in enumerate(self.letter_ids)}, chr(len(self.letter_ids)))
        self._table: tuple[Lexicon, bytes] | None = None  # (the lexicon, ``_lexicon_table``'s table for it)

    @property
    def compiled(self) -> bool:
        """Does this solver's search run in the kernel (not in Python for want of room)?"""
        return self._context is not None

    def _key(self, word: str) -> Hashable:
        """The word as the kernel reads it (each letter's place among the card letters, every other letter one
        more): it is a projection too, the card letters in ``letter_ids`` being those ``_projection`` keeps."""
        if self._context is None:
            return super()._key(word)
        return word.translate(self._codes).encode("latin-1")

    def attempt_at(self, lexicon: Lexicon, i: int, floor: float = float("-inf")) -> Placement | float:
        """``attempt`` of the lexicon's word i from its codes (``Lexicon.codes``), translated at once to the kernel's
        (``_key``): the word's text is made only when a placement of it is found. Its answers are ``attempt``'s."""
        table = self._lexicon_table(lexicon)
        if table is None:
            return super().attempt_at(lexicon, i, floor)
        key = lexicon.codes(i).translate(table)
        known = self._recall(key, floor)
        if known is not None:
            return known.as_word(lexicon.word(i)) if isinstance(known, Placement) else known
        if kernel is None or len(key) > kernel.MAX_LETTERS:
            return self._learn(key, super()._solve(lexicon.word(i), floor, None), floor)
        status, value, raw, packed, upper = self._search(key, floor, None)
        best = None if raw is None else self._placement(lexicon.word(i), value, raw, packed)
        _signal(status, best)
        return self._learn(key, upper if best is None else best, floor)

    def runs(self, lexicon: Lexicon) -> bool:
        """Can ``solve_run`` walk this lexicon's words (the kernel's context, an alphabet of bytes)?"""
        return kernel is not None and self._lexicon_table(lexicon) is not None

    def solve_run(
        self,
        lexicon: Lexicon,
        index: memoryview,
        bounds: Floats,
        effort: array[int] | None,
        positions: array[int],
        start: int,
        level: float,
        margin: float,
        ties: bool,
        width: float,
    ) -> tuple[int, int, int, Placement | BaseException | None]:
        """``BestFirst``'s ``solve_run`` for candidates that are lexicon words (position j: word ``index[j]``): the
        kernel's loop (``kernel/run.c``) asks each what ``attempt_at`` would, against the same memo (``_known``),
        within the budget; a placement found is made here and learnt, a signal given as ``_signal`` raises it."""
        assert kernel is not None
        table = self._lexicon_table(lexicon)
        assert table is not None
        b = self.budget
        columns = lexicon.columns
        what, at, ticks, proofs, value, raw, packed, key = kernel.solve_run(
            self._context,
            self._known,
            columns.letters,
            columns.offsets,
            table,
            index,
            bounds,
            effort,
            positions,
            start,
            level,
            margin,
            ties,
            width,
            *_limits(b),
        )
        b.ticks = ticks
        if what == RUN_FOUND:
            best = self._placement(lexicon.word(index[positions[at]]), value, raw, packed)
            self._learn(key, best, level)
            return what, at, proofs, best
        if what == _RUN_CHECKPOINT:
            b.skip_checkpoint()
            return RUN_SIGNAL, at, proofs, Checkpoint()
        if what == _RUN_OUT_OF_TIME:
            return RUN_SIGNAL, at, proofs, OutOfTime()
        return what, at, proofs, None

    def _lexicon_table(self, lexicon: Lexicon) -> bytes | None:
        """A ``bytes.translate`` table from the lexicon's letter codes to the kernel's (``_key``); None without the
        kernel's context, or for an alphabet past a byte's codes."""
        if self._context is None:
            return None
        if self._table is None or self._table[0] is not lexicon:
            other = len(self.letter_ids)
            place = {letter: n for n, letter in enumerate(self.letter_ids)}
            codes = [place.get(ch, other) for ch in lexicon.alphabet]
            if len(codes) > 256:
                return None
            self._table = (lexicon, bytes(codes + [other] * (256 - len(codes))))
        return self._table[1]

    def _solve(self, word: str, floor: float, stop_at: int | None) -> Placement | float:
        context = self._context
        if context is None or kernel is None or len(word) > kernel.MAX_LETTERS:
            return super()._solve(word, floor, stop_at)
        status, value, raw, packed, upper = self._search(word.translate(self._codes).encode("latin-1"), floor, stop_at)
        best = None if raw is None else self._placement(word, value, raw, packed)
        _signal(status, best)
        return upper if best is None else best

    def _search(self, codes: bytes, floor: float, stop_at: int | None) -> tuple[int, float, bytes | None, bytes, float]:
        """The kernel's search of a word given as its codes, within the budget (whose steps it counts): its status,
        the best placement's value, slots and resolution (``raw`` None when none beat ``floor``) and the most the
        word is worth when none did."""
        assert kernel is not None
        b = self.budget
        status, ticks, value, raw, packed, upper = kernel.solve(
            self._context,
            codes,
            floor,
            -1 if stop_at is None else stop_at,
            *_limits(b),
        )
        b.ticks = ticks
        if status == _CHECKPOINT:
            b.skip_checkpoint()
        return status, value, raw, packed, upper

    def _placement(self, word: str, value: float, raw: bytes, packed: bytes) -> Solved:
        """The kernel's best placement of a word: its slots (``raw``: card + 1 and face, a byte each) and value."""
        slots: list[Slot] = [(raw[i] - 1, _FACES[raw[i + 1]]) for i in range(0, len(raw), 2)]
        return Solved(word, slots, value, self.pool, packed)


def _limits(b: Budget) -> tuple[int, int, int, float, float, Callable[[], bool] | None]:
    """The budget as the kernel's searches read it: its steps so far, its step limit and checkpoint (-1: none), its
    deadline and checkpoint's time (NaN: none), and what says the caller went away (with a deadline only)."""
    return (
        b.ticks,
        -1 if b.node_limit is None else b.node_limit,
        -1 if b.checkpoint_ticks is None else b.checkpoint_ticks,
        math.nan if b.deadline is None else b.deadline,
        math.nan if b.checkpoint_at is None else b.checkpoint_at,
        b.cancel.is_set if b.cancel is not None and b.deadline is not None else None,
    )


def _signal(status: int, best: Placement | None) -> None:
    """What a kernel search's status says beyond its answer: the checkpoint, out of time, out of steps (with the
    best placement found)."""
    if status == _CHECKPOINT:
        raise Checkpoint
    if status == _OUT_OF_TIME:
        raise OutOfTime
    if status == _ENOUGH:
        raise _Enough(best)
