"""Paperback's cooperative mode (the rulebook's "Game Mode: Cooperative"): the Fame cards in a pyramid, bought only
when uncovered, a cube on an uncovered Fame card every turn without a Fame purchase, the team lost when one card
holds ``coop_loss_cubes`` cubes (5, or 4 "for an extra challenge") and won when every Fame card is bought.

The layout is the deck's (``Deck.pyramid_rows``: rows, the base first, each card named by its Fame pile). The
rulebook's picture of the pyramid is not in our text, so how rows cover each other is a reading: a card of a row is
covered by each card of the row below whose span overlaps its own when every row is laid out centred over the same
width (row r's card j spans [j/m, (j+1)/m) of a row of m cards). Two rows of 4 cover one to one; a row of 2 over a
row of 4 has each card covered by two; a single card on top is covered by the whole row below. A card is uncovered
once every card covering it is bought; the base is uncovered from the start.

Positions are numbered the base row first, left to right, from 0; ``pyramid[k]`` is the card id at position k, or
None once it is bought.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.game.saving import GameStateError

LOSS_CUBES = (5, 4)  # "If any card gets 5 cubes on it, then all players lose! For an extra challenge, ... 4"
WON, LOST = "won", "lost"


def positions(rows: tuple[tuple[int, ...], ...]) -> list[tuple[int, int]]:
    """Each position's (row, index in its row), the base row first."""
    return [(r, j) for r, row in enumerate(rows) for j in range(len(row))]


def covering(rows: tuple[tuple[int, ...], ...]) -> list[list[int]]:
    """For each position, the positions of the row below whose spans overlap its span (empty for the base)."""
    starts = [sum(len(r) for r in rows[:k]) for k in range(len(rows))]
    out: list[list[int]] = []
    for r, j in positions(rows):
        if r == 0:
            out.append([])
            continue
        m, n = len(rows[r]), len(rows[r - 1])
        out.append([starts[r - 1] + i for i in range(n) if i * m < (j + 1) * n and j * n < (i + 1) * m])
    return out


def pile_at(rows: tuple[tuple[int, ...], ...]) -> list[int]:
    """The Fame pile of each position's card."""
    return [rows[r][j] for r, j in positions(rows)]


@dataclass
class Coop:
    """The pyramid's cards by position, the team's result, and this turn's Fame purchase and cube."""

    pyramid: list[int | None]
    covers: list[list[int]]
    result: str | None = None
    bought: bool = False  # a Fame card bought this turn: no cube is due
    placed: bool = False  # this turn's cube placed

    @staticmethod
    def deal(rows: tuple[tuple[int, ...], ...], fame: list[list[int]]) -> Coop:
        """The Fame piles' cards laid out in the pyramid (each position takes a card of its pile)."""
        piles = [list(p) for p in fame]
        return Coop([piles[i].pop() for i in pile_at(rows)], covering(rows))

    def uncovered(self, k: int) -> bool:
        return self.pyramid[k] is not None and all(self.pyramid[c] is None for c in self.covers[k])

    def open(self) -> list[int]:
        """The positions whose card can be bought or take a cube."""
        return [k for k in range(len(self.pyramid)) if self.uncovered(k)]

    def left(self) -> int:
        return sum(1 for c in self.pyramid if c is not None)

    def due(self) -> bool:
        """A cube is due this turn: "During any turn in which you don't buy a Fame Card, you must put a cube on an
        uncovered Fame Card"."""
        return not self.bought and not self.placed

    def to_json(self) -> dict[str, Any]:
        return {"pyramid": list(self.pyramid), "result": self.result, "bought": self.bought, "placed": self.placed}

    @staticmethod
    def from_json(data: object, rows: tuple[tuple[int, ...], ...], box: int) -> Coop:
        where = "game.coop"
        if not isinstance(data, dict) or set(data) != {"pyramid", "result", "bought", "placed"}:
            raise GameStateError(f"{where} must be an object of pyramid, result, bought and placed", where)
        cells = data["pyramid"]
        size = sum(len(r) for r in rows)
        if (
            not isinstance(cells, list)
            or len(cells) != size
            or any(c is not None and (isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < box) for c in cells)
        ):
            raise GameStateError(
                f"{where}.pyramid must hold the layout's {size} positions: a card id, or null once bought",
                f"{where}.pyramid",
            )
        if data["result"] not in (None, WON, LOST):
            raise GameStateError(f'{where}.result is null, "won" or "lost"', f"{where}.result")
        flags = (data["bought"], data["placed"])
        if not all(isinstance(f, bool) for f in flags):
            raise GameStateError(f"{where}.bought and placed are true or false", where)
        return Coop(list(cells), covering(rows), data["result"], flags[0], flags[1])
