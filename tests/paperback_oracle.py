"""A brute-force oracle for Paperback scoring: the best move for every word, by trying every layout.

This module is written independently of the fast search (``solver/paperback``): it imports nothing from
the project, and has its own small parser of the card notation. It is meant to be plainly correct, not
fast. For every word of the list (and, when the common card is Spacebar, every ordered pair of words):

1. **Layouts.** Every sequence of pieces that spells the word exactly is tried: each unused hand card (a
   one-letter card on its letter, a two-letter card on its two letters in order, a wild on any letter),
   the common letter card at most once, and, while Dyslexics are left, a two-letter card reversed.
2. **Copies.** For each layout, every ``copy`` ability tries every choice: nothing, or each ability printed
   on another piece of the layout (see the readings below). Each choice of all the copies is a move of
   its own, since a copy changes the score and may change the cards next hand (a copied ``cards+N``).
3. **Doubles.** For each layout and choice of copies, every double-letter ability (printed or copied) tries
   each neighbour in its word (left or right); a card's letter factor is ``1 + doublers on it``, at most 3.
   The best choice is kept (with the copies fixed, the aim changes nothing but the score).
4. **Score.** ``(sum of card score x letter factor + flat bonuses) x word factor`` (the rulebook lets
   Double Word Score apply after the other bonuses, which is best). The word factor is ``1 + double-words``
   (printed and copied) capped at 3, the rulebook's "If you copy the "Double Word Score" ability, your score
   is tripled, not quadrupled"; with the state's option ``double_words_additive`` true, not capped (three
   double-words x4).

The state is the JSON the tool reads::

    {"game": "paperback", "hand": ["TH/3", "E/1", "?"], "common": "E/1" | "spacebar" | "dyslexic" | null,
     "threshold": 7, "options": {"min_length": 2}}

Card notation: ``LETTERS/SCORE[$COST][:ABILITY,ABILITY...]`` with 1 or 2 letters, ``?`` (optionally
``?/0`` or ``?/0$COST``) for a wild, and the bare card ``dyslexic`` in the hand. Abilities (a closed
vocabulary, separated by commas; one ability may itself contain colons): ``+N``, ``double-word``,
``double-letter``, ``cards+N``, ``len>=L:+N``, ``first:+N``, ``last:+N``, ``nowild:+N``, ``wilds:+N``,
``trash-hand``, ``trash-offer:N``, ``copy``, ``gain:N``, ``trash-gain:N``.

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
  field for them);
* ``copy`` (the rulebook names it only in its notes: a copied Double Word Score triples, not quadruples;
  "Wild" is not an ability and cannot be copied). Each ``copy`` ability printed on a card (a card may print
  it more than once) gives that card one more ability of the player's choosing: any one ability printed on
  ANOTHER piece of the layout (a hand card, or the common card when it is a letter card laid in the word;
  with the Spacebar, a piece of either word), or nothing. Never an ability of its own card, never another
  ``copy``; a wild has no abilities to copy, and neither have the Spacebar and the Dyslexic (their +1 is
  not a card's printed ability). Two copies choose independently and may copy the same ability. The
  copied ability acts as if printed on the copying card: ``first:+N`` / ``last:+N`` pay when the copying
  card gives the first / last letter (with the Spacebar, the first letter of the first word and the last
  of the second, as printed ones); ``double-letter`` doubles a neighbour of the copying card in its word
  (every aim tried, the factor capped at 3); ``double-word`` adds to the word factor (capped at 3 whatever
  the count, so a Double Word plus a copy of it is x3); ``+N``, ``nowild:+N``, ``wilds:+N``,
  ``len>=L:+N`` as printed; ``cards+N`` adds N cards next hand; ``trash-hand`` and ``trash-offer:N``
  score nothing. The choice is named by the ability's token in ``OracleMove.copies``, one entry per copy
  ability in layout order (pieces left to right, then the card's printed order), ``""`` for nothing. Two
  pieces printing the same ability are one choice (the copy acts on the copying card, so its source does
  not matter).

``oracle`` keeps, per key, the best move under an objective (``score`` unless told; see
``objective_rank``) over every layout, every copy choice and every double-letter aim. Among moves of one key
with equal rank (the length is fixed by the key), it keeps the one with the most cards next hand, then the
smallest ``pieces`` tuple, then the smallest ``copies`` tuple (``""`` sorts first: a copy that changes
nothing copies nothing), so its answer is deterministic. ``best`` and ``ranking`` rank every move of
``all_moves`` (one per layout and choice of copies), so under ``value`` a copied ``cards+N`` can beat a
copied score bonus.
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
COPY = "copy"

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
    ("gain", re.compile(r"gain:(\d+)")),
    ("trash-gain", re.compile(r"trash-gain:(\d+)")),
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
    if token in (DOUBLE_WORD, DOUBLE_LETTER, TRASH_HAND, COPY):
        return Ability(token)
    for kind, pattern in _ABILITY:
        m = pattern.fullmatch(token)
        if m is None:
            continue
        if kind == "len":
            return Ability(kind, int(m.group(2)), int(m.group(1)))
        return Ability(kind, int(m.group(1)))
    raise ValueError(f"unknown Paperback ability {token!r}")


def ability_token(ability: Ability) -> str:
    """The notation of an ability (``parse_ability``'s inverse): ``Ability("len", 2, 5)`` is ``len>=5:+2``."""
    kind, n = ability.kind, ability.amount
    if kind == "plus":
        return f"+{n}"
    if kind == "cards":
        return f"cards+{n}"
    if kind == "len":
        return f"len>={ability.at_least}:+{n}"
    if kind in ("first", "last", "nowild", "wilds"):
        return f"{kind}:+{n}"
    if kind in ("trash-offer", "gain", "trash-gain"):
        return f"{kind}:{n}"
    return kind


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
    additive: bool = False  # options.double_words_additive: the word factor 1 + double-words, not capped at 3


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
    additive = options.get("double_words_additive", False)
    if not isinstance(additive, bool):
        raise ValueError(f"double_words_additive is true or false, not {additive!r}")
    return PState(tuple(hand), tuple(dyslexics), common, threshold, min_length, additive)


@dataclass(frozen=True)
class OracleMove:
    """The best result for one word (or ``"w1 w2"`` pair), with the cards that achieve it.

    ``pieces`` lists the card notations left to right, ``*`` for the common card; a reversed two-letter
    card is written ``~TH/3`` and is followed by the Dyslexic that reversed it (``*`` or the hand's
    ``dyslexic``); with Spacebar, ``*`` stands between the two words' pieces. ``copies`` names what each
    ``copy`` ability copies (pieces left to right, each card's abilities in printed order).
    """

    score: int
    length: int
    gains_common: bool
    cards_next: int
    pieces: tuple[str, ...]
    copies: tuple[str, ...] = ()
    """Per ``copy`` ability of the laid pieces, in order, the token of the ability it copies (``""``: none)."""


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


def _letter_sum(words: Sequence[Layout], doubles: Sequence[int]) -> int:
    """The best sum of card score x letter factor: each of a piece's ``doubles[k]`` double-letters (pieces
    numbered across the words) picks a neighbour in its word."""
    cells: list[tuple[int, int]] = []  # (word, position) of every piece, in order
    scores: list[int] = []
    for w, layout in enumerate(words):
        for p, piece in enumerate(layout):
            cells.append((w, p))
            scores.append(piece.card.score)
    choices: list[list[int]] = []
    for k, (w, p) in enumerate(cells):
        neighbours = [k + d for d in (-1, 1) if 0 <= p + d < len(words[w])]
        for _ in range(doubles[k]):
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


def _copy_choices(cards: Sequence[PCard]) -> list[list[tuple[int, Ability | None]]]:
    """For each ``copy`` ability of the laid cards, in order, every choice as (the copying piece, the ability
    copied or ``None``): nothing, or any ability but ``copy`` printed on another piece (once per distinct
    ability)."""
    out: list[list[tuple[int, Ability | None]]] = []
    for k, card in enumerate(cards):
        others: dict[Ability, None] = {}
        for j, other in enumerate(cards):
            if j != k:
                others.update((a, None) for a in other.abilities if a.kind != COPY)
        for _ in range(card.count(COPY)):
            out.append([(k, None), *((k, a) for a in others)])
    return out


def _amounts(abilities: Iterable[Ability], kind: str) -> int:
    return sum(a.amount for a in abilities if a.kind == kind)


def _count(abilities: Iterable[Ability], kind: str) -> int:
    return sum(1 for a in abilities if a.kind == kind)


def _moves(state: PState, words: Sequence[Layout], reversals: int, spacebar: bool) -> Iterator[OracleMove]:
    """Score one complete layout (one word, or two with the spacebar between them): one move per choice of
    every ``copy`` ability, each with its best double-letter aims."""
    pieces = [piece for layout in words for piece in layout]
    cards = [piece.card for piece in pieces]
    length = sum(1 if c.wild else len(c.letters) for c in cards) + (1 if spacebar else 0)
    n_wild = sum(1 for c in cards if c.wild)
    gains = state.common is not None and state.threshold is not None and length >= state.threshold
    described = _describe(state, words)
    for choice in itertools.product(*_copy_choices(cards)):  # one empty choice when nothing copies
        # every piece's abilities: printed (but ``copy``), then what its copies copy
        held: list[list[Ability]] = [[a for a in c.abilities if a.kind != COPY] for c in cards]
        for k, copied in choice:
            if copied is not None:
                held[k].append(copied)
        every = [a for abilities in held for a in abilities]
        flat = _amounts(every, "plus")
        flat += sum(a.amount for a in every if a.kind == "len" and length >= a.at_least)
        flat += _amounts(held[0], "first") + _amounts(held[-1], "last")
        flat += 0 if n_wild else _amounts(every, "nowild")
        flat += n_wild * _amounts(every, "wilds")
        flat += reversals + (1 if spacebar else 0)
        word_factor = 1 + _count(every, DOUBLE_WORD)
        if not state.additive:
            word_factor = min(word_factor, 3)
        score = (_letter_sum(words, [_count(abilities, DOUBLE_LETTER) for abilities in held]) + flat) * word_factor
        cards_next = _amounts(every, "cards")
        copies = tuple("" if copied is None else ability_token(copied) for _, copied in choice)
        yield OracleMove(score, length, gains, cards_next, described, copies)


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
    """Every layout of every word (and Spacebar pair) as ``(key, move)``, once per choice of copies, with the
    best double-letter targets; the same key comes once per layout and choice of copies."""
    st = parse_state(state)
    reversals = len(st.dyslexics) + (1 if st.common == "dyslexic" else 0)
    singles = [w for w in _normalized(words) if len(w) >= st.min_length]
    spellable: list[str] = []
    for word in singles:
        found = False
        for layout, _taken, spent in _layouts(word, st, frozenset(), True, reversals):
            found = True
            for m in _moves(st, (layout,), spent, False):
                yield word, m
        if found:
            spellable.append(word)
    if st.common != "spacebar":
        return
    for first in spellable:  # a pair's words are each spellable alone
        for layout1, taken1, spent1 in _layouts(first, st, frozenset(), False, reversals):
            for second in spellable:
                for layout2, _taken2, spent2 in _layouts(second, st, taken1, False, reversals - spent1):
                    for m in _moves(st, (layout1, layout2), spent1 + spent2, True):
                        yield f"{first} {second}", m


def _key_rank(move: OracleMove, objective: str) -> tuple[float, ...]:
    """A move's rank among the moves of its key: the objective's rank, then the cards next hand."""
    return (*objective_rank(move, objective), move.cards_next)


def _better(a: OracleMove, b: OracleMove, objective: str = "score") -> bool:
    """Whether ``a`` beats ``b`` for the same key: the objective's rank (``score``: score, length), cards next
    hand, then smaller pieces, then smaller copies."""
    ra, rb = _key_rank(a, objective), _key_rank(b, objective)
    return ra > rb or (ra == rb and (a.pieces, a.copies) < (b.pieces, b.copies))


def oracle(state: dict[str, Any], words: Iterable[str], objective: str = "score") -> dict[str, OracleMove]:
    """The best move under the objective (``score``: by score, then length) of every spellable word, and of
    every spellable ``"w1 w2"`` pair when the common card is Spacebar; words that cannot be spelled are
    absent. Every layout, copy choice and double-letter aim is tried: under ``value`` a key's move may have a
    lower score than under ``score`` (more cards next hand)."""
    objective_rank(OracleMove(0, 0, False, 0, ()), objective)  # an unknown objective fails even with no words
    out: dict[str, OracleMove] = {}
    for key, move in all_moves(state, words):
        if key not in out or _better(move, out[key], objective):
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
    then the smaller pieces, then the smaller copies. Every layout and copy choice is ranked, so under
    ``value`` the move may differ from ``oracle(state, words)[key]`` (ranked by score: a lower score with more
    cards next hand can be worth more); it is ``oracle(state, words, "value")[key]``'s rank.
    """
    objective_rank(OracleMove(0, 0, False, 0, ()), objective)  # an unknown objective fails even with no words
    top: tuple[str, OracleMove] | None = None
    top_rank: tuple[Any, ...] = ()
    for key, move in all_moves(state, words):
        rank = (*objective_rank(move, objective), move.cards_next)
        if (
            top is None
            or rank > top_rank
            or (rank == top_rank and (key, move.pieces, move.copies) < (top[0], top[1].pieces, top[1].copies))
        ):
            top, top_rank = (key, move), rank
    return top


def ranking(
    state: dict[str, Any], words: Iterable[str], objective: str = "score"
) -> list[tuple[str, tuple[float, ...]]]:
    """Every spellable key (word, or Spacebar pair) with the objective's rank of its best move, best first.

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
