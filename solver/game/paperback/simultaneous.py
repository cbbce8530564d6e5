"""Paperback's simultaneous play (the option ``simultaneous``), the rulebook's "Game Mode: Simultaneous play - Created
by Dave Campbell": the round's part of the state (``Simul``), saved and checked; ``rounds`` moves it on.

"During setup, remove the cards with the "trash cards from the Offer" ability. Shuffle all the 2¢–10¢ cards
together. Replace the Offer with 10 cards dealt from this deck." The Offer is then ``MARKET`` row cards over empty
piles (``state.offer``, ``state.row`` of ``MARKET`` entries: a row card bought or gained leaves its place empty,
the piles having nothing to replace it with), and the deck (``Simul.deck``, face down, its top last).

"First each player drafts two starting cards from the offer. To do this, discard and replace cards 8¢ or higher
until there are none in the offer. Then have players take turns choosing a card from the offer in A-B-C-C-B-A
order": the stage ``DRAFT``, the seats still to pick in ``draft``; the 8¢+ cards discarded wait in ``aside``.

"All players race to make a word for the round. Make a note of the order in which players announced their words;
once everyone has made a word, players buy cards in that order": the stage ``WORDS`` (``order``: the seats whose
valid words were announced, in order; ``bumped``: those who announced an invalid word; ``passed``: those who made
none; ``words`` and ``coins``: each announced word's cards and coins, held for its buy turn), then ``BUYS``
(``queue``: the seats still to buy, in order).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from solver.game.saving import GameStateError

MARKET = 10  # "Replace the Offer with 10 cards dealt from this deck"
HAND = 6  # "have a base of 6-card hands instead of 5"
DEAR = 8  # "discard and replace cards 8¢ or higher until there are none in the offer"
DRAFT, WORDS, BUYS = "draft", "words", "buys"


@dataclass
class Simul:
    """The round of simultaneous play (the module's docstring)."""

    stage: str
    deck: list[int]
    aside: list[int] = field(default_factory=list)
    draft: list[int] = field(default_factory=list)
    order: list[int] = field(default_factory=list)
    bumped: list[int] = field(default_factory=list)
    passed: list[int] = field(default_factory=list)
    queue: list[int] = field(default_factory=list)
    words: list[list[int]] = field(default_factory=list)
    coins: list[int] = field(default_factory=list)
    round: int = 0

    @staticmethod
    def new(seats: int, deck: list[int]) -> Simul:
        """The draft about to start: A-B-C, then C-B-A."""
        order = list(range(seats))
        return Simul(DRAFT, deck, draft=order + order[::-1], words=[[] for _ in order], coins=[0] * seats)

    def pending(self, seats: int) -> list[int]:
        """The seats still to announce this round, from the round's first seat (a seat later each round)."""
        done = {*self.order, *self.bumped, *self.passed}
        start = self.round % seats
        return [s for s in (*range(start, seats), *range(start)) if s not in done]

    def places(self) -> list[tuple[str, list[int]]]:
        out = [("simultaneous.deck", self.deck), ("simultaneous.aside", self.aside)]
        return out + [(f"simultaneous.words[{s}]", w) for s, w in enumerate(self.words)]

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_json(data: object, seats: int, n: int) -> Simul:
        """A saved round, checked: its stage, the seats' lists and the card ids (each card's one place: ``check``)."""
        where = "game.simultaneous"
        if not isinstance(data, dict) or set(data) != set(Simul.__dataclass_fields__):
            raise GameStateError(f"{where} must be the round's object, as the engine saves it", where)
        if data["stage"] not in (DRAFT, WORDS, BUYS):
            raise GameStateError(f'{where}.stage must be "draft", "words" or "buys"', f"{where}.stage")
        lists: dict[str, Any] = {}
        for key, hi in (("deck", n), ("aside", n), ("draft", seats), ("order", seats), ("bumped", seats),
                        ("passed", seats), ("queue", seats)):
            lists[key] = _ints(data[key], hi, f"{where}.{key}")
        words = data["words"]
        if not isinstance(words, list) or len(words) != seats:
            raise GameStateError(f"{where}.words must list each seat's word", f"{where}.words")
        lists["words"] = [_ints(w, n, f"{where}.words[{s}]") for s, w in enumerate(words)]
        coins = _ints(data["coins"], 10_000, f"{where}.coins")
        rnd = data["round"]
        if len(coins) != seats or isinstance(rnd, bool) or not isinstance(rnd, int) or not 0 <= rnd <= 1_000_000:
            raise GameStateError(f"{where}.coins (one a seat) and round are whole numbers", f"{where}.coins")
        out = Simul(data["stage"], coins=coins, round=rnd, **lists)
        announced = [*out.order, *out.bumped, *out.passed]
        if len(set(announced)) != len(announced) or len(set(out.queue)) != len(out.queue):
            raise GameStateError(f"{where}: a seat announced twice this round", where)
        return out


def _ints(value: object, hi: int, where: str) -> list[int]:
    if not isinstance(value, list) or any(isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < hi
                                          for i in value):
        raise GameStateError(f"{where} must be a list of whole numbers from 0 to {hi - 1}", where)
    return list(value)
