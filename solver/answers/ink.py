"""The ink advisor: how many cards to draw with ink before spelling a word (Hardback).

Before spelling a word a player may spend one ink a card to draw more cards from the draw pile. Each card drawn
so is *inked*: it must be in the word face-up (never wild), unless a remover token turns it back into a normal
hand card. When no word uses every inked card the turn is forfeit, worth 0. When the draw pile runs out, the
discard pile is shuffled into a new draw pile.

``advise`` answers, for each k = 0..max_k, what the turn is expected to be worth if the player draws k more
cards with ink (they join ``state.inked``; the search spends removers on them where that pays). The pile's
order is unknown, so every k-card subset of the pile (cards as physical objects) is equally likely: the
multivariate hypergeometric law over the distinct cards. Identical cards are grouped, so a multiset of cards is
searched once and weighted by its probability. When k exceeds the pile, the whole pile is drawn and the rest
comes from the reshuffled discard pile (``discard_for_reshuffle``) in the same way; the state's own discard
pile (used by dump) is then empty, as it became the new draw pile.

A k is answered exactly (every distinct multiset with its exact probability) when it has at most
``exact_limit`` distinct multisets, otherwise by ``samples`` random draws seeded by ``seed`` and k (so one k's
draws do not depend on the others), with the standard error of the mean (None from a single sample). Each
distinct resulting turn state (drawn cards in a fixed order, ``ink`` less k) is searched once per call.

``net`` is the expected value less k times the ink weight of the value weights (what the spent ink was worth);
``expected`` is the mean value (under the value weights) of the best move by the objective, a forfeit counting
0. ``best_k`` is the affordable k (k <= ``state.ink``; k = 0 always) of the highest net, ties to fewer cards.

Time limit (seconds, the whole call): each search gets the time left, and past the limit no new search starts.
k = 0 is always answered (by its one search, which returns the best move it found if it is cut short). A later k
whose outcomes were not all searched is left out of ``options`` and listed in ``skipped``, with every k after
it. A search cut short counts with the best move it found: its k is marked ``exact: false``. Either way the
answer is ``exact: false`` with a ``warning``.

JSON (``InkAdvice.to_json``)::

    {"options": [{"k": 0, "expected": 8.5, "stderr": 0.0, "forfeit": 0.0, "expected_prestige": 4.0,
                  "expected_coins": 11.0, "net": 8.5, "exact": true, "method": "enumerated", "outcomes": 1,
                  "affordable": true}, ...],
     "best_k": 1, "objective": "value", "exact": false, "skipped": [], "ink_weight": 0.4, "ink_held": 2,
     "searches": 184, "warning": "..." (only when something was cut short)}
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from solver.errors import CardCodeError, GhostwriterError
from solver.hardback.cards import Card
from solver.hardback.catalogue import Catalogue, Rules
from solver.hardback.moves import Move
from solver.hardback.objectives import Objective, Weights
from solver.hardback.state import MAX_DISCARD, MAX_HAND, TurnState
from solver.lexicon import Lexicon
from solver.search.hardback import Search

MAX_K = 5
MAX_SAMPLES = 2000
MAX_EXACT_LIMIT = 5000
MAX_DRAW = 200
MAX_RESHUFFLE = MAX_DISCARD
MAX_SEED = 2**32 - 1  # the service's bound (JSON clients); the library takes any whole number
MAX_TIME_LIMIT = 3600.0
TIE = 1e-9  # nets closer than this are tied (and go to fewer cards)
clock: Callable[[], float] = time.monotonic  # the time limit's clock (tests replace it)


class InkError(GhostwriterError):
    """An input of the ink advisor that is out of bounds; ``field`` names it (``max_k``, ``draw[3]``)."""

    def __init__(self, field: str, detail: str) -> None:
        super().__init__(f"{field}: {detail}")
        self.field = field
        self.detail = detail


@dataclass(frozen=True)
class InkOption:
    """What drawing ``k`` more cards with ink is expected to be worth."""

    k: int
    expected: float  # mean value of the best move (value weights), a forfeit counting 0
    stderr: float | None  # standard error of ``expected``: 0.0 when exact, None from a single sample
    forfeit: float  # probability that no word uses every inked card
    expected_prestige: float
    expected_coins: float
    net: float  # expected - k * the ink weight
    exact: bool  # every outcome enumerated and every search proven
    sampled: bool  # Monte Carlo rather than enumerated
    outcomes: int  # distinct multisets searched, or samples drawn
    affordable: bool  # k <= the ink the player holds

    def to_json(self) -> dict[str, Any]:
        return {
            "k": self.k,
            "expected": round(self.expected, 6),
            "stderr": None if self.stderr is None else round(self.stderr, 6),
            "forfeit": round(self.forfeit, 6),
            "expected_prestige": round(self.expected_prestige, 6),
            "expected_coins": round(self.expected_coins, 6),
            "net": round(self.net, 6),
            "exact": self.exact,
            "method": "sampled" if self.sampled else "enumerated",
            "outcomes": self.outcomes,
            "affordable": self.affordable,
        }


@dataclass(frozen=True)
class InkAdvice:
    """The options k = 0.. that were answered, the best affordable one, and whether all of it is exact."""

    options: tuple[InkOption, ...]
    best_k: int
    objective: Objective
    exact: bool
    skipped: tuple[int, ...]  # the ks left out because the time limit ran out
    ink_weight: float
    ink_held: int
    searches: int  # distinct turn states searched (the rest came from the cache)
    time_limit: float | None = None
    cut_short: bool = False  # a search stopped at the time limit (its best move found counted)

    def option(self, k: int) -> InkOption:
        for o in self.options:
            if o.k == k:
                return o
        raise KeyError(k)

    @property
    def warning(self) -> str | None:
        if self.skipped:
            ks = ", ".join(str(k) for k in self.skipped)
            return (
                f"the time limit ({self.time_limit or 0:g} s) ran out before k = {ks} could be answered: "
                "allow more time, or lower max_k, samples or exact_limit"
            )
        if self.cut_short:
            return (
                f"a search stopped at the time limit ({self.time_limit or 0:g} s): its best move found counts, "
                "not a proven best; allow more time for an exact answer"
            )
        return None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "options": [o.to_json() for o in self.options],
            "best_k": self.best_k,
            "objective": self.objective.value,
            "exact": self.exact,
            "skipped": list(self.skipped),
            "ink_weight": self.ink_weight,
            "ink_held": self.ink_held,
            "searches": self.searches,
        }
        warning = self.warning
        if warning is not None:
            out["warning"] = warning
        return out


@dataclass(frozen=True)
class _Outcome:
    """The best move of one resulting turn state (0 and unplayable when there is none)."""

    value: float
    prestige: int
    coins: int
    playable: bool
    exact: bool


def read_cards(codes: Sequence[str], field: str, rules: Rules = Rules.PRINTED) -> tuple[Card, ...]:
    """Cards from their codes (catalogue or inline); an ``InkError`` naming ``field[i]`` for a bad one."""
    catalogue = Catalogue.hardback(rules)
    out = []
    for i, code in enumerate(codes):
        try:
            out.append(catalogue.lookup(code))
        except CardCodeError as e:
            raise InkError(f"{field}[{i}]", str(e)) from None
    return tuple(out)


def count_multisets(counts: Sequence[int], k: int) -> int:
    """How many distinct multisets of k cards can be drawn from groups of identical cards of these sizes."""
    ways = [1] + [0] * k
    for n in counts:
        new = [0] * (k + 1)
        for j, w in enumerate(ways):
            if w:
                for x in range(min(n, k - j) + 1):
                    new[j + x] += w
        ways = new
    return ways[k]


def multisets(groups: Sequence[tuple[Card, int]], k: int) -> Iterator[tuple[tuple[Card, ...], int]]:
    """Every distinct multiset of k cards from the groups (card, copies), with how many k-subsets of the
    physical cards give it (the product of binomials; they sum to comb(total, k))."""
    left = [0] * (len(groups) + 1)
    for i in range(len(groups) - 1, -1, -1):
        left[i] = left[i + 1] + groups[i][1]

    def walk(i: int, need: int, chosen: tuple[Card, ...], ways: int) -> Iterator[tuple[tuple[Card, ...], int]]:
        if need == 0:
            yield chosen, ways
            return
        if i == len(groups) or left[i] < need:
            return
        card, n = groups[i]
        for x in range(min(n, need), -1, -1):
            if left[i + 1] >= need - x:
                yield from walk(i + 1, need - x, chosen + (card,) * x, ways * math.comb(n, x))

    yield from walk(0, k, (), 1)


def _key(card: Card) -> tuple[str, str]:
    return card.code, repr(card)


def _groups(cards: Sequence[Card]) -> list[tuple[Card, int]]:
    return sorted(Counter(cards).items(), key=lambda g: _key(g[0]))


def _check_int(value: object, field: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InkError(field, f"must be a whole number from {lo} to {hi} (got {value!r})")
    return value


def _check_copies(state: TurnState, draw: Sequence[Card], reshuffle: Sequence[Card]) -> None:
    kept = (*state.hand, *state.inked, *state.mine, *state.others)
    for field, cards, where in (
        ("draw", (*kept, *state.discard, *draw), "the state and the draw pile"),
        ("reshuffle", (*kept, *draw, *reshuffle), "the state, the draw pile and the reshuffled discard"),
    ):
        for card, n in Counter(c for c in cards if not c.inline).items():
            if n > card.copies:
                box = "one copy" if card.copies == 1 else f"{card.copies} copies"
                raise InkError(
                    field,
                    f"card {card.code} is given {n} times in {where} but the box has {box}: remove the extra "
                    "copies (or give a house card inline)",
                )


def validate(
    state: TurnState,
    draw: Sequence[Card],
    discard_for_reshuffle: Sequence[Card],
    max_k: int,
    samples: int,
    exact_limit: int,
    seed: int,
    time_limit: float | None,
) -> None:
    """Raise an ``InkError`` naming the first input out of bounds (or a ``StateError`` for the state)."""
    state.check()
    _check_int(max_k, "max_k", 0, MAX_K)
    _check_int(samples, "samples", 1, MAX_SAMPLES)
    _check_int(exact_limit, "exact_limit", 1, MAX_EXACT_LIMIT)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InkError("seed", f"must be a whole number (got {seed!r})")
    if time_limit is not None and (
        isinstance(time_limit, bool) or not isinstance(time_limit, int | float) or not 0 < time_limit <= MAX_TIME_LIMIT
    ):
        raise InkError("time_limit", f"must be a number of seconds above 0 and at most {MAX_TIME_LIMIT:g}")
    if len(draw) > MAX_DRAW:
        raise InkError("draw", f"{len(draw)} cards in the draw pile: at most {MAX_DRAW}")
    if len(discard_for_reshuffle) > MAX_RESHUFFLE:
        raise InkError("reshuffle", f"{len(discard_for_reshuffle)} cards to reshuffle: at most {MAX_RESHUFFLE}")
    held = len(state.hand) + len(state.inked)
    top_k = min(max_k, len(draw) + len(discard_for_reshuffle))
    if held + top_k > MAX_HAND:
        raise InkError(
            "max_k",
            f"the hand and inked cards number {held}, and {top_k} more pass the limit of {MAX_HAND}: "
            f"use max_k at most {MAX_HAND - held}",
        )
    _check_copies(state, draw, discard_for_reshuffle)


def advise(
    lexicon: Lexicon,
    state: TurnState,
    draw: Sequence[Card],
    discard_for_reshuffle: Sequence[Card] = (),
    max_k: int = MAX_K,
    objective: Objective = Objective.VALUE,
    weights: Weights | None = None,
    exact_limit: int = 64,
    samples: int = 48,
    seed: int = 0,
    time_limit: float | None = None,
    node_budget: int | None = None,
    memo: dict[TurnState, Move] | None = None,
) -> InkAdvice:
    """The expected worth of drawing k = 0..max_k more cards with ink, and the best affordable k (see the module
    docstring for the model, the exact and sampled modes and the time limit). ``memo``, when given, receives the
    proven best move of each resulting turn state searched (a bot spells from it without searching again)."""
    validate(state, draw, discard_for_reshuffle, max_k, samples, exact_limit, seed, time_limit)
    value_weights = weights or Weights.at_stage(state.options.stage)  # as the search itself defaults
    turns = _Turns(lexicon, state, objective, value_weights, time_limit, node_budget, memo)
    top_k = min(max_k, len(draw) + len(discard_for_reshuffle))
    options: list[InkOption] = []
    skipped: list[int] = []
    for k in range(top_k + 1):
        weighted = None
        if k == 0 or not turns.out_of_time():
            weighted = _draws(turns, k, draw, discard_for_reshuffle, exact_limit, samples, seed)
        if weighted is None:
            skipped.extend(range(k, top_k + 1))
            break
        options.append(_option(k, weighted[0], weighted[1], value_weights.ink, state.ink))
    best = options[0]
    for o in options[1:]:
        if o.affordable and o.net > best.net + TIE:
            best = o
    exact = not skipped and all(o.exact for o in options)
    return InkAdvice(
        tuple(options),
        best.k,
        objective,
        exact,
        tuple(skipped),
        value_weights.ink,
        state.ink,
        len(turns.cache),
        time_limit,
        any(not o.exact for o in turns.cache.values()),
    )


class _Turns:
    """The best move of each turn a draw leads to, searched once (within the advice's time limit)."""

    def __init__(
        self,
        lexicon: Lexicon,
        state: TurnState,
        objective: Objective,
        weights: Weights,
        time_limit: float | None,
        node_budget: int | None,
        memo: dict[TurnState, Move] | None,
    ) -> None:
        self.lexicon, self.state, self.objective, self.weights = lexicon, state, objective, weights
        self.deadline = None if time_limit is None else clock() + time_limit
        self.node_budget = node_budget
        self.memo = memo
        self.cache: dict[TurnState, _Outcome] = {}

    def out_of_time(self) -> bool:
        return self.deadline is not None and clock() >= self.deadline

    def after(self, drawn: Sequence[Card], k: int, reshuffled: bool) -> _Outcome:
        """The best move once ``drawn`` are drawn with k ink (the discard reshuffled into the draw pile, or not)."""
        state = self.state
        st = replace(
            state,
            inked=state.inked + tuple(sorted(drawn, key=_key)),
            ink=max(0, state.ink - k),
            discard=() if reshuffled else state.discard,
        )
        found = self.cache.get(st)
        if found is None:
            left = None if self.deadline is None else max(self.deadline - clock(), 0.001)
            search = Search(
                self.lexicon, st, self.objective, self.weights, time_limit=left, node_budget=self.node_budget
            )
            moves = search.top(1)
            if moves:
                m = moves[0]
                found = _Outcome(m.value, m.prestige, m.coins, True, search.exact)
                if self.memo is not None and search.exact:
                    self.memo[st] = m
            else:
                found = _Outcome(0.0, 0, 0, False, search.exact)
            self.cache[st] = found
        return found


def _draws(
    turns: _Turns,
    k: int,
    draw: Sequence[Card],
    discard_for_reshuffle: Sequence[Card],
    exact_limit: int,
    samples: int,
    seed: int,
) -> tuple[list[tuple[_Outcome, float]], bool] | None:
    """The turns drawing k cards leads to, each with its probability, and whether they were sampled; None when
    the time limit cut them short. Past the draw pile, the discard is reshuffled and drawn from."""
    reshuffled = k > len(draw)
    base: tuple[Card, ...] = tuple(draw) if reshuffled else ()
    groups = _groups(discard_for_reshuffle if reshuffled else draw)
    pool = list(discard_for_reshuffle if reshuffled else draw)
    m = k - len(base)
    weighted: list[tuple[_Outcome, float]] = []
    distinct = count_multisets([n for _, n in groups], m)
    sampled = distinct > exact_limit
    if not sampled:
        total = math.comb(len(pool), m)
        for cards, ways in multisets(groups, m):
            if k > 0 and turns.out_of_time():
                return None
            weighted.append((turns.after(base + cards, k, reshuffled), ways / total))
        return weighted, False
    rng = random.Random(seed * 8 + k)  # one stream a k: a k's draws do not depend on the others
    for _ in range(samples):
        if turns.out_of_time():
            return None
        weighted.append((turns.after(base + tuple(rng.sample(pool, m)), k, reshuffled), 1.0 / samples))
    return weighted, True


def _option(k: int, weighted: list[tuple[_Outcome, float]], sampled: bool, ink_weight: float, ink: int) -> InkOption:
    expected = math.fsum(o.value * p for o, p in weighted)
    n = len(weighted)
    if not sampled:
        stderr: float | None = 0.0
    elif n < 2:
        stderr = None
    else:
        variance = math.fsum((o.value - expected) ** 2 for o, _ in weighted) / (n - 1)
        stderr = math.sqrt(variance / n)
    return InkOption(
        k=k,
        expected=expected,
        stderr=stderr,
        forfeit=math.fsum(p for o, p in weighted if not o.playable),
        expected_prestige=math.fsum(o.prestige * p for o, p in weighted),
        expected_coins=math.fsum(o.coins * p for o, p in weighted),
        net=expected - k * ink_weight,
        exact=not sampled and all(o.exact for o, _ in weighted),
        sampled=sampled,
        outcomes=n,
        affordable=k <= ink,
    )
