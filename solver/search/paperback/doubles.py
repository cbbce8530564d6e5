"""The double-letter cards of a layout aimed at their best: a dynamic programme along the pieces."""

from __future__ import annotations

from solver.search.paperback.moves import MAX_FACTOR


def best_doubles(base: list[int], doublers: list[int], barrier: list[bool]) -> tuple[int, list[int]]:
    """The most the pieces' scores can sum to when every double-letter ability doubles a neighbour of its piece
    (a piece's factor is 1 + the doublers aimed at it, at most 3; no neighbour across the Spacebar, marked by
    ``barrier``; a doubler with no neighbour doubles nothing), and the factors that give it.

    A dynamic programme along the pieces, not a product over every doubler's choice (2 to the number of doublers,
    which a hand of many double-letter cards made astronomical): how many of piece j's doublers go left decides
    piece j-1's factor together with those piece j-2 sent right, so the state is what the last two pieces sent
    right (each capped at 2, as a factor caps at 3)."""
    m = len(base)
    # state (sent right by j-2, sent right by j-1) -> (best sum of the factors settled so far, back pointer)
    layer: dict[tuple[int, int], int] = {(0, 0): 0}
    back: list[dict[tuple[int, int], tuple[tuple[int, int], int]]] = []
    for j in range(m):
        d = doublers[j]
        left = j > 0 and not barrier[j] and not barrier[j - 1]
        right = j + 1 < m and not barrier[j] and not barrier[j + 1]
        if left and right:
            # only how many go each way up to 2 matters (a factor caps at 3)
            splits = sorted({x for x in (0, 1, 2, d - 2, d - 1, d) if 0 <= x <= d})
        else:
            splits = [d if left else 0]
        nxt: dict[tuple[int, int], int] = {}
        ptr: dict[tuple[int, int], tuple[tuple[int, int], int]] = {}
        for (two, one), total in layer.items():
            for to_left in splits:
                to_right = d - to_left if right else 0
                settled = total + (base[j - 1] * min(MAX_FACTOR, 1 + two + to_left) if j > 0 else 0)
                key = (one, min(to_right, 2))
                if key not in nxt or settled > nxt[key]:
                    nxt[key], ptr[key] = settled, ((two, one), to_left)
        layer = nxt
        back.append(ptr)
    if not m:
        return 0, []
    best_total, state = -1, (0, 0)
    for (two, one), total in layer.items():
        final = total + base[m - 1] * min(MAX_FACTOR, 1 + two)  # the last piece: what the one before sent right
        if final > best_total:
            best_total, state = final, (two, one)
    sent_left = [0] * m
    sent_right = [0] * m
    for j in range(m - 1, -1, -1):
        prev, sent_left[j] = back[j][state]
        sent_right[j] = state[1]
        state = prev
    factors = [
        min(MAX_FACTOR, 1 + (sent_right[j - 1] if j > 0 else 0) + (sent_left[j + 1] if j + 1 < m else 0))
        for j in range(m)
    ]
    return best_total, factors
