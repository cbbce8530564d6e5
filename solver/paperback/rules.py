"""How a Paperback layout scores: its cards' abilities, the double-letter cards aimed at their best (a dynamic
programme along the pieces), the word factor; the rules as pure functions of the pieces and their cards."""

from __future__ import annotations

from solver.paperback.cards import Kind, PCard
from solver.paperback.moves import COMMON, MAX_FACTOR, SPACE, WILD, Piece, PMove, value_of


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


def abilities(cards: list[PCard | None], pieces: list[Piece], doublers: list[int]) -> tuple[int, int, int]:
    """The flat bonuses, word factor and cards next hand of a layout's cards; each piece's double-letter abilities
    into ``doublers``."""
    flat, mult, cards_next = 0, 1, 0
    m = len(pieces)
    wild_n = sum(1 for p in pieces if p.kind == WILD)
    length = sum(len(p.letters) for p in pieces)
    for i, c in enumerate(cards):
        if c is None:
            continue
        for a in c.abilities:
            k = a.kind
            if k is Kind.PLUS:
                flat += a.amount
            elif k is Kind.DOUBLE_WORD:
                mult += 1
            elif k is Kind.DOUBLE_LETTER:
                doublers[i] += 1
            elif k is Kind.CARDS:
                cards_next += a.amount
            elif k is Kind.LENGTH:
                flat += a.amount if length >= a.length else 0
            elif k is Kind.FIRST:
                flat += a.amount if i == 0 else 0
            elif k is Kind.LAST:
                flat += a.amount if i == m - 1 else 0
            elif k is Kind.NOWILD:
                flat += a.amount if wild_n == 0 else 0
            elif k is Kind.WILDS:
                flat += a.amount * wild_n
    return flat, mult, cards_next


def score(text: str, pieces: list[Piece], cards: list[PCard | None], threshold: int | None, common: bool) -> PMove:
    """The score of one layout (its pieces' cards given, None for a wild, the Spacebar or the Common card's own
    letters), the doubles aimed at their best; ``common`` says whether there is a Common card to gain."""
    base = [c.score if c is not None else 0 for c in cards]
    m = len(pieces)
    doublers = [0] * m  # the double-letter abilities of each piece's card
    flat, mult, cards_next = abilities(cards, pieces, doublers)
    length = sum(len(p.letters) for p in pieces)
    reversals = sum(1 for p in pieces if p.reversed)
    uses_space = any(p.kind == SPACE for p in pieces)
    flat += reversals + (1 if uses_space else 0)
    mult = min(MAX_FACTOR, mult)
    if any(doublers):
        best_inner, best_factors = best_doubles(base, doublers, [p.kind == SPACE for p in pieces])
    else:
        best_inner, best_factors = sum(base), [1] * m
    move = PMove(
        word=text,
        score=(best_inner + flat) * mult,
        length=length,
        pieces=pieces,
        factors=best_factors,
        gains_common=threshold is not None and common and length >= threshold,  # a card to gain
        cards_next=cards_next,
        uses_common=any(p.kind in (COMMON, SPACE) for p in pieces),
    )
    move.value = value_of(move)
    return move
