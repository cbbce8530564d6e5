"""What each kind of card may bring to a word, the ground of the word bounds (``solver.search.hardback.bound``):
its most in any word (``Optimism``), and in the words of one pattern of active genres and fodder (``Kinds``), each
remembered on the card's profile by what it reads of the turn."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from solver.hardback.benefits import Tally
from solver.hardback.objectives import Weights
from solver.hardback.profile import Pool, Profile, Source


@dataclass
class Optimism:
    """Per kind of card, the most it can bring in any word: the ground of every bound.

    ``opt`` is its value at factor 1 with its genre active when it can be (the player holds two cards of
    the genre) and its specials at their most, except the per-wild ones, which are ``per_wild`` for each
    wild card; ``opt_no_dump`` the same without its dumps, for words that leave nothing to dump (see
    ``no_fodder``); ``step`` is the most one doubling adds; ``uncovers`` and ``doubles`` are the abilities it
    may have.
    """

    opt: list[float]
    opt_no_dump: list[float]
    per_wild: list[float]
    step: list[float]
    uncovers: list[int]
    doubles: list[int]
    pool_size: int
    can_activate: list[bool]  # per genre: does the player hold two cards of it?
    wild_steps: list[tuple[tuple[float, float], ...]]  # per kind: ``step`` by the wild cards in the word (Mystery N)

    @staticmethod
    def of(pool: Pool) -> Optimism:
        st = pool.state
        genre_max = [0, 0, 0, 0]
        for p, n in zip(pool.profiles, pool.counts, strict=True):
            if p.own and p.genre >= 0:
                genre_max[p.genre] += n
        pool_size = len(st.hand) + len(st.inked)
        inked = len(st.inked) - len(st.imposed)  # the cards drawn with ink (not rivals' letters)
        counts = (genre_max[0], genre_max[1], genre_max[2], genre_max[3])
        cards = sum(pool.counts)  # the most letters a word may hold cards on
        w = pool.weights
        token = weights_token(w)
        opt, opt_no_dump, per_wild, step, uncovers, doubles = [], [], [], [], [], []
        wild_steps: list[tuple[tuple[float, float], ...]] = []
        for p in pool.profiles:
            if not p.own:
                wild_steps.append(())
                opt.append(max(0.0, w.classic_sent_home))
                opt_no_dump.append(opt[-1])
                per_wild.append(0.0)
                step.append(0.0)
                uncovers.append(0)
                doubles.append(0)
                continue
            o, o_no_dump, pw, s, u, d, ws = optimism_of(p, counts, w, token, inked, pool_size, cards)
            opt.append(o)
            opt_no_dump.append(o_no_dump)
            per_wild.append(pw)
            step.append(s)
            uncovers.append(u)
            doubles.append(d)
            wild_steps.append(ws)
        return Optimism(
            opt, opt_no_dump, per_wild, step, uncovers, doubles, pool_size, [c >= 2 for c in counts], wild_steps
        )

    @property
    def dumps(self) -> bool:
        """Does any card's optimism count on a dump?"""
        return self.opt != self.opt_no_dump


MEMO_CAP = 1024  # numbers remembered on a profile (``Profile.remembered``) before they are forgotten at once
_tokens: dict[Weights, int] = {}  # weights by a number of their own (hashing Weights each time costs a microsecond)
_new_token = itertools.count()  # never twice the same number: a forgotten token is never taken by other weights


def weights_token(w: Weights) -> int:
    """A number of these weights' own, for the keys of what is remembered on profiles."""
    t = _tokens.get(w)
    if t is None:
        if len(_tokens) >= MEMO_CAP:
            _tokens.clear()
        t = _tokens[w] = next(_new_token)
    return t


_OptimismNumbers = tuple[float, float, float, float, int, int, tuple[tuple[float, float], ...]]


def optimism_of(
    p: Profile, counts: tuple[int, int, int, int], w: Weights, token: int, inked: int, pool_size: int, cards: int
) -> _OptimismNumbers:
    """``Optimism.of``'s numbers for a card of your own (opt, opt_no_dump, per_wild, step, uncovers, doubles,
    wild_steps), remembered on its profile by what they read of the turn (``Profile.reading``: the pool's size
    stands for the wild cards) and the weights (``token``, ``weights_token``): they depend on nothing else."""
    reach = Tally(counts, pool_size, inked, cards)  # the turn at its most: every card of the pool wild
    key = ("optimism", p.reading(reach), token)
    memo = p.remembered
    got: _OptimismNumbers | None = memo.get(key)
    if got is None:
        kept = max(0.0, w.classic_kept) if p.pool and p.card.timeless else 0.0
        flat = Tally(counts, 0, inked, cards)  # per-wild specials apart: ``per_wild`` credits them
        got = (
            p.optimistic(flat, w) + kept,
            p.optimistic(flat, w, dumps=False) + kept,
            p.optimistic_per_wild(reach, w),
            p.optimistic_step(reach, w),
            p.abilities(reach, "uncovers"),
            p.abilities(reach, "doubles"),
            p.step_by_wilds(reach, w),
        )
        if len(memo) >= MEMO_CAP:
            memo.clear()
        memo[key] = got
    return got


def no_fodder(pool: Pool, length: int, classics_fill: int) -> bool:
    """Does every placement of a word of ``length`` letters leave nothing to dump?

    A dump trashes a card from the discard pile, to which the hand cards left out of the word go first; every
    letter holds a hand or inked card (face-up or wild) unless a classic fills it, so at most
    ``classics_fill`` of them (the classics that could stand on the word's letters) leave a hand card out.
    """
    st = pool.state
    return len(st.discard) + len(st.hand) + len(st.inked) - length + classics_fill <= 0


@dataclass
class Kinds:
    """Per kind of card, what it may bring in the words of one pattern (the genres that may be active there, and
    whether a dump finds fodder): ``opt`` its most at factor 1 without its per-wild specials, ``per_wild`` what
    those bring for each wild card (at least 0), ``step`` the most one doubling adds without them, ``doubles`` its
    doubling abilities. Your classics in play count ``opt`` outside the word too."""

    opt: list[float]
    per_wild: list[float]
    step: list[float]
    doubles: list[int]

    @staticmethod
    def of(pool: Pool, counts: tuple[int, int, int, int], dumps: bool) -> Kinds:
        """``counts``: per genre, how many of the player's cards may count for it in these words (a genre is active
        only at 2); without ``dumps`` no dump finds a card to trash."""
        st, w = pool.state, pool.weights
        inked = len(st.inked) - len(st.imposed)  # the cards drawn with ink (not rivals' letters)
        reach = Tally(counts, 0, inked, sum(pool.counts))  # no wild cards: ``per_wild`` credits them
        token = weights_token(w)
        opt, per_wild, step, doubles = [], [], [], []
        for p in pool.profiles:
            if not p.own:
                opt.append(max(0.0, w.classic_sent_home))
                per_wild.append(0.0)
                step.append(0.0)
                doubles.append(0)
                continue
            o, pw, s, d = kinds_of(p, reach, w, token, dumps)
            opt.append(o)
            per_wild.append(pw)
            step.append(s)
            doubles.append(d)
        return Kinds(opt, per_wild, step, doubles)

    def mine(self, pool: Pool) -> float:
        """Your classics in play at their most."""
        return sum(self.opt[k] * pool.counts[k] for k, p in enumerate(pool.profiles) if p.source is Source.MINE)


def kinds_of(p: Profile, reach: Tally, w: Weights, token: int, dumps: bool) -> tuple[float, float, float, int]:
    """``Kinds.of``'s numbers for a card of your own (opt, per_wild, step, doubles), remembered on its profile by
    what they read of the turn (``Profile.reading`` of ``reach``, with no wild cards), the weights (``token``,
    ``weights_token``) and ``dumps``."""
    key = ("kinds", p.reading(reach), token, dumps)
    memo = p.remembered
    got: tuple[float, float, float, int] | None = memo.get(key)
    if got is None:
        kept = max(0.0, w.classic_kept) if p.pool and p.card.timeless else 0.0
        got = (
            p.optimistic(reach, w, dumps=dumps) + kept,
            max(0.0, p.optimistic_per_wild(reach, w)),
            p.optimistic_step(reach, w),
            p.abilities(reach, "doubles"),
        )
        if len(memo) >= MEMO_CAP:
            memo.clear()
        memo[key] = got
    return got


def genres(pool: Pool, letter_of: list[int]) -> tuple[list[int], list[int], dict[tuple[int, int], int]]:
    """Per genre, your cards of it and your classics of it in play; per (genre, letter), your cards of it from the
    hand or inked."""
    genre_max = [0, 0, 0, 0]
    mine_g = [0, 0, 0, 0]
    held: dict[tuple[int, int], int] = {}
    for k, p in enumerate(pool.profiles):
        if not p.own or p.genre < 0:
            continue
        genre_max[p.genre] += pool.counts[k]
        if p.source is Source.MINE:
            mine_g[p.genre] += pool.counts[k]
        elif letter_of[k] >= 0:
            held[(p.genre, letter_of[k])] = held.get((p.genre, letter_of[k]), 0) + pool.counts[k]
    return genre_max, mine_g, held


def pattern_kinds(pool: Pool, genre_max: list[int], pattern: int) -> Kinds:
    """The kinds of a pattern: genre g active where its bit g is set (and two cards of it exist), no fodder where
    bit 4 is."""
    counts = (
        genre_max[0] if pattern & 1 else min(genre_max[0], 1),
        genre_max[1] if pattern & 2 else min(genre_max[1], 1),
        genre_max[2] if pattern & 4 else min(genre_max[2], 1),
        genre_max[3] if pattern & 8 else min(genre_max[3], 1),
    )
    return Kinds.of(pool, counts, dumps=not pattern & 16)


MAX_LAMBDAS = 4  # prices of a doubling tried per signature (besides 0)
