"""How a Paperback layout scores: its cards' abilities, the double-letter cards aimed at their best (a dynamic
programme along the pieces), the word factor; the rules as pure functions of the pieces and their cards."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

from solver.paperback.abilities import Scoring, Spot
from solver.paperback.cards import Ability, PCard
from solver.paperback.moves import (
    CARD_NEXT,
    COMMON,
    MAX_FACTOR,
    SPACE,
    WILD,
    Copies,
    PaperbackObjective,
    Piece,
    PMove,
    key,
    value_of,
    word_factor,
)


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


def abilities(
    cards: list[PCard | None], pieces: list[Piece], doublers: list[int], copied: Copies = ()
) -> tuple[int, int, int]:
    """The flat bonuses, double-word abilities (``moves.word_factor`` makes the word factor of them) and cards next
    hand of a layout's cards, with the abilities their ``copy`` abilities took (``copied``: piece index and
    ability); each piece's double-letter abilities into ``doublers``."""
    flat, double_words, cards_next = 0, 0, 0
    m = len(pieces)
    wild_n = sum(1 for p in pieces if p.kind == WILD)
    length = sum(len(p.letters) for p in pieces)
    held = [(i, a) for i, c in enumerate(cards) if c is not None for a in c.abilities]
    for i, a in (*held, *copied):
        how = a.effect.scoring
        if how is Scoring.BONUS:
            flat += _bonus(a, i, m, wild_n, length)
        elif how is Scoring.WORD:
            double_words += 1
        elif how is Scoring.LETTER:
            doublers[i] += 1
        elif how is Scoring.CARDS:
            cards_next += a.amount
    return flat, double_words, cards_next


@dataclass(frozen=True)
class CopyOptions:
    """What one ``copy`` ability of piece ``at`` may take, reduced to the choices that can be best: any ability
    printed on another card of the layout (not a wild, which has none, and not another ``copy``), acting as if
    printed on piece ``at``. Of the bonuses to the score (``+N``, ``first``, ``last``, ``nowild``, ``wilds``,
    ``len>=L``) only the one adding most here can be best (``bonus``, with what it adds: ``gain``), of ``cards+N``
    the largest; a double-word and a double-letter; ``idle``, an ability that scores nothing (a trash), is named
    only when nothing else is there."""

    at: int
    bonus: Ability | None = None
    gain: int = 0
    cards: Ability | None = None
    double_word: Ability | None = None
    double_letter: Ability | None = None
    idle: Ability | None = None


def copy_options(cards: list[PCard | None], pieces: list[Piece], i: int) -> CopyOptions:
    """The choices of a ``copy`` ability of piece i (``CopyOptions``)."""
    m = len(pieces)
    wild_n = sum(1 for p in pieces if p.kind == WILD)
    length = sum(len(p.letters) for p in pieces)
    bonus: Ability | None = None
    gain = 0
    most_cards: Ability | None = None
    found: dict[Scoring, Ability] = {}
    idle: Ability | None = None
    for j, c in enumerate(cards):
        if c is None or j == i:
            continue
        for a in c.abilities:
            how = a.effect.scoring
            if how is Scoring.COPY:
                continue
            if how in (Scoring.WORD, Scoring.LETTER):
                found.setdefault(how, a)
            elif how is Scoring.CARDS:
                if most_cards is None or a.amount > most_cards.amount:
                    most_cards = a
            elif how is Scoring.NONE:
                idle = idle or a
            else:
                g = _bonus(a, i, m, wild_n, length)
                if bonus is None or g > gain:
                    bonus, gain = a, g
    return CopyOptions(
        i, bonus, gain, most_cards, found.get(Scoring.WORD), found.get(Scoring.LETTER), idle
    )


def _bonus(a: Ability, i: int, m: int, wild_n: int, length: int) -> int:
    """What a flat bonus adds to the score at piece i of a layout of m pieces (before the word factor): its row's
    ``gain`` there."""
    assert a.effect.gain is not None
    return int(a.effect.gain(a, Spot(i == 0, i == m - 1, wild_n, wild_n, length)))


def _rest(o: CopyOptions, mult: int, objective: PaperbackObjective) -> tuple[float, int, Ability | None]:
    """A copy's best take other than a double (``copy_choices``) under a word factor of ``mult``: what it adds to
    the objective's measure (the score, or under value the value), what it adds to the cards next hand (the tie),
    and the ability."""
    per_card = CARD_NEXT if objective is PaperbackObjective.VALUE else 0.0
    best: tuple[float, int, Ability | None] = (0.0, 0, o.idle)
    if o.bonus is not None:
        best = max(best, (float(o.gain * mult), 0, o.bonus), key=_measure)
    if o.cards is not None:
        best = max(best, (per_card * o.cards.amount, o.cards.amount, o.cards), key=_measure)
    return best


def _measure(take: tuple[float, int, Ability | None]) -> tuple[float, int]:
    return take[0], take[1]


def copy_choices(
    options: list[CopyOptions], printed_double_words: int, objective: PaperbackObjective, additive: bool = False
) -> Iterator[tuple[frozenset[int], Copies]]:
    """The copies' takes that can be best, each as (the copies taking a double-letter, by index into ``options``;
    every copy's take): for every set of copies taking a double-letter (they change the doubles' programme, so each
    set is scored) and every count t of copies taking a double-word that can still raise the word factor (any
    count with ``additive``: ``moves.word_factor``), the t copies that lose least by it take one and the rest take
    their best other ability (``_rest``). Exact: with the doubles and the word factor fixed, the other takes add
    independently, each at most its ``_rest``; and a double-word adds the same wherever it is taken, so the copies
    giving up least are the ones to give it."""
    can_dl = [n for n, o in enumerate(options) if o.double_letter is not None]
    room = len(options) if additive else max(0, MAX_FACTOR - 1 - printed_double_words)
    for size in range(len(can_dl) + 1):
        for dl in itertools.combinations(can_dl, size):
            taking = frozenset(dl)
            free = [n for n in range(len(options)) if n not in taking]
            can_dw = [n for n in free if options[n].double_word is not None]
            for t in range(min(room, len(can_dw)) + 1):
                mult = word_factor(printed_double_words + t, additive)
                rest = {n: _rest(options[n], mult, objective) for n in free}
                dw = set(sorted(can_dw, key=lambda n: _measure(rest[n]))[:t])
                takes: list[tuple[int, Ability]] = []
                for n, o in enumerate(options):
                    a = o.double_letter if n in taking else o.double_word if n in dw else rest[n][2]
                    if a is not None:
                        takes.append((o.at, a))
                yield taking, tuple(takes)


def score(
    text: str,
    pieces: list[Piece],
    cards: list[PCard | None],
    threshold: int | None,
    common: bool,
    objective: PaperbackObjective = PaperbackObjective.VALUE,
    additive: bool = False,
) -> PMove:
    """The score of one layout (its pieces' cards given, None for a wild, the Spacebar or the Common card's own
    letters), the doubles aimed at their best; ``common`` says whether there is a Common card to gain. Each
    ``copy`` ability takes what is best for the objective, ties to the most cards next hand (``copy_choices``).
    ``additive``: the double-word abilities add to the word factor (``moves.word_factor``)."""
    copiers = [i for i, c in enumerate(cards) if c is not None for a in c.abilities if a.effect.scoring is Scoring.COPY]
    if not copiers:
        return score_copied(text, pieces, cards, threshold, common, (), additive=additive)
    options = [copy_options(cards, pieces, i) for i in copiers]
    printed = sum(1 for c in cards if c is not None for a in c.abilities if a.effect.scoring is Scoring.WORD)
    best: PMove | None = None
    doubles: dict[frozenset[int], tuple[int, list[int]]] = {}
    for taking, copied in copy_choices(options, printed, objective, additive):
        m = score_copied(text, pieces, cards, threshold, common, copied, doubles, taking, additive)
        if best is None or (*key(objective, m), m.cards_next) > (*key(objective, best), best.cards_next):
            best = m
    assert best is not None
    return best


def score_copied(
    text: str,
    pieces: list[Piece],
    cards: list[PCard | None],
    threshold: int | None,
    common: bool,
    copied: Copies,
    doubles: dict[frozenset[int], tuple[int, list[int]]] | None = None,
    taking: frozenset[int] = frozenset(),
    additive: bool = False,
) -> PMove:
    """The score of one layout whose copy abilities take what is given (``copied``: piece index and the ability
    taken; a copy not named copies nothing: the player's choice, or one of ``copy_choices``), the doubles aimed at
    their best; the doubles' programme is run once for each set of copies taking a double-letter (``taking``,
    remembered in ``doubles``)."""
    base = [c.score if c is not None else 0 for c in cards]
    m = len(pieces)
    doublers = [0] * m  # the double-letter abilities of each piece's card
    flat, double_words, cards_next = abilities(cards, pieces, doublers, copied)
    length = sum(len(p.letters) for p in pieces)
    reversals = sum(1 for p in pieces if p.reversed)
    uses_space = any(p.kind == SPACE for p in pieces)
    flat += reversals + (1 if uses_space else 0)
    mult = word_factor(double_words, additive)
    if any(doublers):
        found = doubles.get(taking) if doubles is not None else None
        if found is None:
            found = best_doubles(base, doublers, [p.kind == SPACE for p in pieces])
            if doubles is not None:
                doubles[taking] = found
        best_inner, best_factors = found
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
        copied=copied,
    )
    move.value = value_of(move)
    return move
