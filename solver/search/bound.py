"""Upper bounds of every word's value at once, over the lexicon's numpy arrays.

A word's bound is what its cards could bring if every card whose letter the word holds were face-up with its
genre active and its specials at their most, every uncover found a card, and every doubler doubled the best
card twice over. It never underestimates, so the best-first search that reads words in decreasing bound may
stop as soon as the bound falls below the best value found.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from solver.lexicon import Lexicon
from solver.score import EPS, GENRES, Pool, Source, award_prestige

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


@dataclass
class Bounds:
    """The words a state might spell (lexicon indices) and their upper bounds, with per-kind optimism."""

    index: IntArray
    bound: FloatArray
    optimistic: list[float]  # per kind: value at factor 1 at most
    step: list[float]  # per kind: what one doubling adds at most
    double_slack: float  # most any word's doubles can add


def optimism(pool: Pool) -> tuple[list[float], list[float]]:
    """Per kind of card: its most value at factor 1, and the most one doubling adds."""
    st = pool.state
    genre_max = [0, 0, 0, 0]
    for p, n in zip(pool.profiles, pool.counts, strict=True):
        if p.own and p.genre >= 0:
            genre_max[p.genre] += n
    wilds = len(st.hand) + len(st.inked)
    inked = len(st.inked)
    counts = (genre_max[0], genre_max[1], genre_max[2], genre_max[3])
    w = pool.weights
    opt = [p.optimistic(counts, w, wilds, inked) if p.own else max(0.0, w.classic_sent_home) for p in pool.profiles]
    for i, p in enumerate(pool.profiles):
        if p.pool and p.card.timeless:
            opt[i] += max(0.0, w.classic_kept)
    step = [p.optimistic_step(counts, w, wilds, inked) if p.own else 0.0 for p in pool.profiles]
    return opt, step


def word_bounds(lex: Lexicon, pool: Pool) -> Bounds:
    st = pool.state
    w = pool.weights
    profiles = pool.profiles
    opt, step = optimism(pool)
    letter_of = [lex.letter_index.get(p.letter, -1) for p in profiles]
    pool_size = len(st.hand) + len(st.inked)
    fixed_letters: dict[int, int] = {}  # cards that are never wild: classics on either side
    inked_letters: dict[int, int] = {}
    for k, p in enumerate(profiles):
        if p.source in (Source.MINE, Source.OTHER) and letter_of[k] >= 0:
            fixed_letters[letter_of[k]] = fixed_letters.get(letter_of[k], 0) + pool.counts[k]
    missing_inked = 0
    for k, p in enumerate(profiles):
        if p.source is Source.INKED:
            if letter_of[k] >= 0:
                inked_letters[letter_of[k]] = inked_letters.get(letter_of[k], 0) + pool.counts[k]
            else:
                missing_inked += pool.counts[k]
    longest = pool_size + sum(fixed_letters.values())
    shortest = max(st.options.min_length, 1, len(st.inked) - st.remover)
    lo, hi = lex.length_range(shortest, longest)
    empty = Bounds(np.zeros(0, np.int64), np.zeros(0, np.float64), opt, step, 0.0)
    if hi <= lo or missing_inked > st.remover:
        return empty
    counts = lex.counts[:, lo:hi]
    lengths = lex.lengths[lo:hi].astype(np.int64)
    n = hi - lo

    # feasibility: inked cards must find their letters (removers free the rest); classics fill only their letters
    ok = np.ones(n, dtype=bool)
    if inked_letters:
        deficit = np.zeros(n, dtype=np.int64)
        for a, m in inked_letters.items():
            deficit += np.maximum(0, m - counts[a].astype(np.int64))
        ok &= deficit <= st.remover - missing_inked
    fill = np.full(n, pool_size, dtype=np.int64)
    for a, m in fixed_letters.items():
        fill += np.minimum(counts[a], m)
    ok &= lengths <= fill

    # face-up cards: per letter, the best cards that letter's occurrences could take
    bound = np.zeros(n, dtype=np.float64)
    by_letter: dict[int, list[float]] = {}
    for k, p in enumerate(profiles):
        if p.source is Source.MINE or letter_of[k] < 0:
            continue
        by_letter.setdefault(letter_of[k], []).extend([opt[k]] * pool.counts[k])
    for a, values in by_letter.items():
        values.sort(reverse=True)
        prefix = np.concatenate(([0.0], np.cumsum(np.maximum(values, 0.0))))
        bound += prefix[np.minimum(counts[a], len(values))]
    mine_total = sum(opt[k] * pool.counts[k] for k, p in enumerate(profiles) if p.source is Source.MINE)
    bound += mine_total

    # uncovers: any hand card could be uncovered beside a card that uncovers
    def has_any(kinds: list[int]) -> npt.NDArray[np.bool_]:
        m = np.zeros(n, dtype=bool)
        for a in {letter_of[k] for k in kinds if letter_of[k] >= 0}:
            m |= counts[a] > 0
        return m

    uncoverers = [k for k, p in enumerate(profiles) if p.own and max(p.uncovers) > 0]
    uncover_abilities = sum(max(profiles[k].uncovers) * pool.counts[k] for k in uncoverers)
    can_uncover = has_any(uncoverers) if uncoverers else np.zeros(n, dtype=bool)
    if uncover_abilities:
        pool_values = sorted(
            (opt[k] for k, p in enumerate(profiles) if p.pool for _ in range(pool.counts[k])), reverse=True
        )
        bound += np.where(can_uncover, sum(max(0.0, v) for v in pool_values[:uncover_abilities]), 0.0)

    # doubles: each doubling ability adds at most the best step, a card taking at most two
    doublers = [k for k, p in enumerate(profiles) if p.own and max(p.doubles) > 0]
    double_slack = 0.0
    if doublers:
        steps = sorted(
            (max(0.0, step[k]) for k, p in enumerate(profiles) if p.own for _ in range(2 * pool.counts[k])),
            reverse=True,
        )
        prefix = np.concatenate(([0.0], np.cumsum(steps)))
        abilities = np.zeros(n, dtype=np.int64)
        for k in doublers:
            p = profiles[k]
            per = max(p.doubles) * pool.counts[k]
            if p.source is Source.MINE or letter_of[k] < 0:
                present = np.zeros(n, dtype=bool)
            else:
                present = counts[letter_of[k]] > 0
            if p.pool:
                present = present | can_uncover
            abilities += np.where(present, per, 0)
        total_abilities = sum(max(profiles[k].doubles) * pool.counts[k] for k in doublers)
        double_slack = float(prefix[min(total_abilities, len(steps))])
        bound += prefix[np.minimum(abilities, len(steps))]

    if st.options.literary_awards and w.award > 0:
        table = np.array(
            [award_prestige(L, st.options.rules, st.options.award_held) for L in range(lex.max_length + 1)],
            dtype=np.float64,
        )
        bound += w.award * table[lengths]
    if w.remover_spent < 0:
        bound += -w.remover_spent * min(st.remover, pool_size)

    keep = np.nonzero(ok)[0]
    return Bounds((keep + lo).astype(np.int64), bound[keep] + EPS, opt, step, double_slack)


__all__ = ["GENRES", "Bounds", "word_bounds"]
