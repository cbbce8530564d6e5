"""A brute-force oracle for Paperback scoring: the best move for every word, by trying every layout.

This module is written independently of the fast search (``solver/paperback``): it imports nothing from
the project, and has its own small parser of the card notation. It is meant to be plainly correct, not
fast. For every word of the list (and, when the common card is Spacebar, every ordered pair of words):

1. **Layouts.** Every sequence of pieces that spells the word exactly is tried: each unused hand card (a
   one-letter card on its letter, a two-letter card on its two letters in order, a wild on any letter),
   the common letter card at most once, and, while Dyslexics are left, a two-letter card reversed.
2. **Doubles.** For each layout, every double-letter ability tries each neighbour in its word (left or
   right); a card's letter factor is ``1 + doublers on it``, at most 3. The best choice is kept (the
   choice changes nothing but the score).
3. **Score.** ``(sum of card score x letter factor + flat bonuses) x word factor`` (the rulebook lets
   Double Word Score apply after the other bonuses, which is best).

The state is the JSON the tool reads::

    {"game": "paperback", "hand": ["TH/3", "E/1", "?"], "common": "E/1" | "spacebar" | "dyslexic" | null,
     "threshold": 7, "options": {"min_length": 2}}

Card notation: ``LETTERS/SCORE[$COST][:ABILITY,ABILITY...]`` with 1 or 2 letters, ``?`` (optionally
``?/0`` or ``?/0$COST``) for a wild, and the bare card ``dyslexic`` in the hand. Abilities (a closed
vocabulary, separated by commas; one ability may itself contain colons): ``+N``, ``double-word``,
``double-letter``, ``cards+N``, ``len>=L:+N``, ``first:+N``, ``last:+N``, ``nowild:+N``, ``wilds:+N``,
``trash-hand``, ``trash-offer:N``.

Readings where the brief leaves a choice (all in one place, so a disagreement with the fast search is
easy to trace):

* a Dyslexic must reverse a two-letter card to be used (the rulebook: "if you do so, score +1"); a
  palindromic card (``OO``) may be reversed, for the +1. The common card, when it is a two-letter card,
  may be reversed by a Dyslexic from the hand;
* ``gains_common`` needs a common card to gain (``common`` not null) and a ``threshold`` (a missing or
  null threshold never gains);
* with Spacebar, single words (without the spacebar) are moves too; a pair is ordered (``first`` and
  ``last`` differ) and may repeat a word;
* wilds stand for the letters ``a``-``z``; words are compared in lower case;
* ``trash-hand`` and ``trash-offer:N`` score nothing; they are seen in ``pieces`` (``OracleMove`` has no
  field for them).

Among the layouts of one key with equal score (the length is fixed by the key), the oracle keeps the one
with the most cards next hand, then the smallest ``pieces`` tuple, so its answer is deterministic.
"""

from __future__ import annotations

import itertools
import re
import string
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

DOUBLE_WORD = "double-word"
DOUBLE_LETTER = "double-letter"
TRASH_HAND = "trash-hand"

COMMON_MARK = "*"
"""How ``pieces`` names the common card (a letter card, the spacebar or a Dyslexic)."""

REVERSED_MARK = "~"
"""Prefix, in ``pieces``, of a two-letter card laid reversed (``~TH/3`` spells ``ht``)."""

WILD_LETTERS = frozenset(string.ascii_lowercase)

Objective = Literal["score", "length", "value"]
OBJECTIVES: tuple[str, ...] = ("score", "length", "value")

_CARD = re.compile(r"(?P<letters>[A-Za-z]{1,2})/(?P<score>\d+)(?:\$(?P<cost>\d+))?(?::(?P<abilities>.*))?", re.S)
_WILD = re.compile(r"\?(?:/0(?:\$\d+)?)?")
_ABILITY: list[tuple[str, re.Pattern[str]]] = [
    ("plus", re.compile(r"\+(\d+)")),
    ("cards", re.compile(r"cards\+(\d+)")),
    ("len", re.compile(r"len>=(\d+):\+(\d+)")),
    ("first", re.compile(r"first:\+(\d+)")),
    ("last", re.compile(r"last:\+(\d+)")),
    ("nowild", re.compile(r"nowild:\+(\d+)")),
    ("wilds", re.compile(r"wilds:\+(\d+)")),
    ("trash-offer", re.compile(r"trash-offer:(\d+)")),
]


@dataclass(frozen=True)
class Ability:
    """One ability of a card: its kind and its numbers (``len>=5:+2`` is ``Ability("len", 2, 5)``)."""

    kind: str
    amount: int = 0
    at_least: int = 0


@dataclass(frozen=True)
class PCard:
    """A Paperback card: its lower-case letters (empty for a wild), score and abilities, and its notation."""

    code: str
    letters: str
    score: int
    abilities: tuple[Ability, ...]

    @property
    def wild(self) -> bool:
        return self.letters == ""

    def count(self, kind: str) -> int:
        return sum(1 for a in self.abilities if a.kind == kind)

    def amounts(self, kind: str) -> int:
        return sum(a.amount for a in self.abilities if a.kind == kind)


def parse_ability(token: str) -> Ability:
    """One ability token; anything outside the vocabulary is a ``ValueError`` naming the token."""
    if token in (DOUBLE_WORD, DOUBLE_LETTER, TRASH_HAND):
        return Ability(token)
    for kind, pattern in _ABILITY:
        m = pattern.fullmatch(token)
        if m is None:
            continue
        if kind == "len":
            return Ability(kind, int(m.group(2)), int(m.group(1)))
        return Ability(kind, int(m.group(1)))
    raise ValueError(f"unknown Paperback ability {token!r}")


def parse_card(code: str) -> PCard:
    """A card from its notation (``TH/3``, ``Q/5$7:double-word``, ``?``); bad notation raises ``ValueError``."""
    if not isinstance(code, str):
        raise ValueError(f"a Paperback card is a string, not {code!r}")
    if _WILD.fullmatch(code):
        return PCard(code, "", 0, ())
    m = _CARD.fullmatch(code)
    if m is None:
        raise ValueError(f"bad Paperback card {code!r}")
    raw = m.group("abilities")
    abilities: tuple[Ability, ...] = ()
    if raw is not None:
        try:
            abilities = tuple(parse_ability(token) for token in raw.split(","))
        except ValueError as err:
            raise ValueError(f"bad Paperback card {code!r}: {err}") from None
    return PCard(code, m.group("letters").lower(), int(m.group("score")), abilities)


@dataclass(frozen=True)
class PState:
    """A parsed Paperback state. ``common`` is a card, ``"spacebar"``, ``"dyslexic"`` or ``None``."""

    hand: tuple[PCard, ...]
    dyslexics: tuple[str, ...]
    common: PCard | Literal["spacebar", "dyslexic"] | None
    threshold: int | None
    min_length: int


def parse_state(state: dict[str, Any]) -> PState:
    """The state JSON (a dict) read into cards; bad cards or fields raise ``ValueError``."""
    if not isinstance(state, dict):
        raise ValueError(f"a Paperback state is a JSON object, not {state!r}")
    game = state.get("game", "paperback")
    if game != "paperback":
        raise ValueError(f"not a Paperback state: game {game!r}")
    raw_hand = state.get("hand", [])
    if not isinstance(raw_hand, list):
        raise ValueError(f"the hand is a list of cards, not {raw_hand!r}")
    hand: list[PCard] = []
    dyslexics: list[str] = []
    for code in raw_hand:
        if isinstance(code, str) and code.lower() == "dyslexic":
            dyslexics.append(code)
        else:
            hand.append(parse_card(code))
    raw_common = state.get("common")
    common: PCard | Literal["spacebar", "dyslexic"] | None
    if raw_common is None:
        common = None
    elif isinstance(raw_common, str) and raw_common.lower() == "spacebar":
        common = "spacebar"
    elif isinstance(raw_common, str) and raw_common.lower() == "dyslexic":
        common = "dyslexic"
    else:
        common = parse_card(raw_common)
    threshold = state.get("threshold")
    if threshold is not None and (isinstance(threshold, bool) or not isinstance(threshold, int)):
        raise ValueError(f"the threshold is a whole number, not {threshold!r}")
    options = state.get("options") or {}
    if not isinstance(options, dict):
        raise ValueError(f"the options are a JSON object, not {options!r}")
    min_length = options.get("min_length", 2)
    if isinstance(min_length, bool) or not isinstance(min_length, int):
        raise ValueError(f"min_length is a whole number, not {min_length!r}")
    return PState(tuple(hand), tuple(dyslexics), common, threshold, min_length)


@dataclass(frozen=True)
class OracleMove:
    """The best result for one word (or ``"w1 w2"`` pair), with the cards that achieve it.

    ``pieces`` lists the card notations left to right, ``*`` for the common card; a reversed two-letter
    card is written ``~TH/3`` and is followed by the Dyslexic that reversed it (``*`` or the hand's
    ``dyslexic``); with Spacebar, ``*`` stands between the two words' pieces.
    """

    score: int
    length: int
    gains_common: bool
    cards_next: int
    pieces: tuple[str, ...]


class Piece(NamedTuple):
    """One placed piece: the card's place in the hand (-1 for the common card), the card, whether reversed."""

    slot: int
    card: PCard
    reversed: bool


Layout = tuple[Piece, ...]


def _layouts(
    word: str, state: PState, used: frozenset[int], common_free: bool, reversals: int
) -> Iterator[tuple[Layout, frozenset[int], int]]:
    """Every layout spelling ``word`` exactly from cards not in ``used``, each with the hand cards it uses
    and the reversals it spends (at most ``reversals``). The common letter card is offered once if
    ``common_free``."""
    offers: list[tuple[int, PCard]] = [(i, c) for i, c in enumerate(state.hand) if i not in used]
    if common_free and isinstance(state.common, PCard):
        offers.append((-1, state.common))

    def extend(
        pos: int, taken: frozenset[int], placed: tuple[Piece, ...], spent: int
    ) -> Iterator[tuple[Layout, frozenset[int], int]]:
        if pos == len(word):
            yield placed, taken, spent
            return
        for index, card in offers:
            if index in taken:
                continue
            now = taken | {index}
            if card.wild:
                if word[pos] in WILD_LETTERS:
                    yield from extend(pos + 1, now, (*placed, Piece(index, card, False)), spent)
                continue
            n = len(card.letters)
            if word[pos : pos + n] == card.letters:
                yield from extend(pos + n, now, (*placed, Piece(index, card, False)), spent)
            if n == 2 and spent < reversals and word[pos : pos + 2] == card.letters[::-1]:
                yield from extend(pos + 2, now, (*placed, Piece(index, card, True)), spent + 1)

    for layout, taken, spent in extend(0, frozenset(), (), 0):
        yield layout, taken - {-1}, spent


def _letter_sum(words: Sequence[Layout]) -> int:
    """The best sum of card score x letter factor: every double-letter picks a neighbour in its word."""
    cells: list[tuple[int, int]] = []  # (word, position) of every piece, in order
    scores: list[int] = []
    for w, layout in enumerate(words):
        for p, piece in enumerate(layout):
            cells.append((w, p))
            scores.append(piece.card.score)
    choices: list[list[int]] = []
    for k, (w, p) in enumerate(cells):
        neighbours = [k + d for d in (-1, 1) if 0 <= p + d < len(words[w])]
        for _ in range(words[w][p].card.count(DOUBLE_LETTER)):
            choices.append(neighbours or [-1])  # -1: a lone card doubles nothing
    best: int | None = None
    for picks in itertools.product(*choices):  # one empty pick when there is no doubler
        doublers = [0] * len(cells)
        for k in picks:
            if k >= 0:
                doublers[k] += 1
        total = sum(s * min(1 + d, 3) for s, d in zip(scores, doublers, strict=True))
        best = total if best is None else max(best, total)
    assert best is not None
    return best


def _move(state: PState, words: Sequence[Layout], reversals: int, spacebar: bool) -> OracleMove:
    """Score one complete layout (one word, or two with the spacebar between them)."""
    pieces = [piece for layout in words for piece in layout]
    cards = [piece.card for piece in pieces]
    length = sum(1 if c.wild else len(c.letters) for c in cards) + (1 if spacebar else 0)
    n_wild = sum(1 for c in cards if c.wild)
    flat = sum(c.amounts("plus") for c in cards)
    flat += sum(a.amount for c in cards for a in c.abilities if a.kind == "len" and length >= a.at_least)
    flat += cards[0].amounts("first") + cards[-1].amounts("last")
    flat += 0 if n_wild else sum(c.amounts("nowild") for c in cards)
    flat += n_wild * sum(c.amounts("wilds") for c in cards)
    flat += reversals + (1 if spacebar else 0)
    word_factor = min(1 + sum(c.count(DOUBLE_WORD) for c in cards), 3)
    score = (_letter_sum(words) + flat) * word_factor
    gains = state.common is not None and state.threshold is not None and length >= state.threshold
    return OracleMove(score, length, gains, sum(c.amounts("cards") for c in cards), _describe(state, words))


def _describe(state: PState, words: Sequence[Layout]) -> tuple[str, ...]:
    """The pieces' notations; each reversal names its Dyslexic: the common one first, then the hand's."""
    dyslexics = [COMMON_MARK] if state.common == "dyslexic" else []
    dyslexics += state.dyslexics
    out: list[str] = []
    for w, layout in enumerate(words):
        if w:
            out.append(COMMON_MARK)  # the spacebar
        for piece in layout:
            code = COMMON_MARK if piece.slot < 0 else piece.card.code
            if piece.reversed:
                out += [REVERSED_MARK + code, dyslexics.pop(0)]
            else:
                out.append(code)
    return tuple(out)


def _normalized(words: Iterable[str]) -> list[str]:
    """The words in lower case, first occurrences only, in order."""
    return list(dict.fromkeys(w.lower() for w in words))


def all_moves(state: dict[str, Any], words: Iterable[str]) -> Iterator[tuple[str, OracleMove]]:
    """Every layout of every word (and Spacebar pair) as ``(key, move)``, with the best double-letter
    targets; the same key comes once per layout."""
    st = parse_state(state)
    reversals = len(st.dyslexics) + (1 if st.common == "dyslexic" else 0)
    singles = [w for w in _normalized(words) if len(w) >= st.min_length]
    spellable: list[str] = []
    for word in singles:
        found = False
        for layout, _taken, spent in _layouts(word, st, frozenset(), True, reversals):
            found = True
            yield word, _move(st, (layout,), spent, False)
        if found:
            spellable.append(word)
    if st.common != "spacebar":
        return
    for first in spellable:  # a pair's words are each spellable alone
        for layout1, taken1, spent1 in _layouts(first, st, frozenset(), False, reversals):
            for second in spellable:
                for layout2, _taken2, spent2 in _layouts(second, st, taken1, False, reversals - spent1):
                    yield f"{first} {second}", _move(st, (layout1, layout2), spent1 + spent2, True)


def _better(a: OracleMove, b: OracleMove) -> bool:
    """Whether ``a`` beats ``b`` for the same key: score, length, cards next hand, then smaller pieces."""
    ra, rb = (a.score, a.length, a.cards_next), (b.score, b.length, b.cards_next)
    return ra > rb or (ra == rb and a.pieces < b.pieces)


def oracle(state: dict[str, Any], words: Iterable[str]) -> dict[str, OracleMove]:
    """The best move by (score, then length) of every spellable word, and of every spellable ``"w1 w2"``
    pair when the common card is Spacebar; words that cannot be spelled are absent."""
    out: dict[str, OracleMove] = {}
    for key, move in all_moves(state, words):
        if key not in out or _better(move, out[key]):
            out[key] = move
    return out


def objective_rank(move: OracleMove, objective: str) -> tuple[float, ...]:
    """The objective's ranking of a move (higher is better)."""
    if objective == "score":
        return (move.score, move.length)
    if objective == "length":
        return (move.length, move.score)
    if objective == "value":
        return (move.score + (3 if move.gains_common else 0) + 0.5 * move.cards_next, move.length)
    raise ValueError(f"unknown objective {objective!r}; expected one of {', '.join(OBJECTIVES)}")


def best(state: dict[str, Any], words: Iterable[str], objective: str = "score") -> tuple[str, OracleMove] | None:
    """The best move over every layout of every key under the objective, or ``None`` if nothing is spellable.

    ``score``: score then length; ``length``: length then score; ``value``: score + 3 if it gains the
    common card + 0.5 per card next hand, then length. Ties: more cards next hand, then the smaller key,
    then the smaller pieces. Every layout is ranked, so under ``value`` the move may differ from
    ``oracle(...)[key]`` (a lower score with more cards next hand can be worth more).
    """
    objective_rank(OracleMove(0, 0, False, 0, ()), objective)  # an unknown objective fails even with no words
    top: tuple[str, OracleMove] | None = None
    top_rank: tuple[Any, ...] = ()
    for key, move in all_moves(state, words):
        rank = (*objective_rank(move, objective), move.cards_next)
        if top is None or rank > top_rank or (rank == top_rank and (key, move.pieces) < (top[0], top[1].pieces)):
            top, top_rank = (key, move), rank
    return top


def ranking(
    state: dict[str, Any], words: Iterable[str], objective: str = "score"
) -> list[tuple[str, tuple[float, ...]]]:
    """Every spellable key (word, or Spacebar pair) with the objective's rank of its best layout, best first.

    This is what a list of the best moves must match at its head: the first move's rank is ``ranking(...)[0][1]``,
    and the top 3 moves' ranks are the first three ranks (words tied on rank may come in either order). Keys of
    equal rank are listed alphabetically.
    """
    objective_rank(OracleMove(0, 0, False, 0, ()), objective)
    out: dict[str, tuple[float, ...]] = {}
    for key, move in all_moves(state, words):
        rank = objective_rank(move, objective)
        if key not in out or rank > out[key]:
            out[key] = rank
    return sorted(sorted(out.items()), key=lambda kv: kv[1], reverse=True)
