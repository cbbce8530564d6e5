"""Paperback's wood cubes: the box's "17 Wood Cubes", a shared supply beside the Offer, used by the optional rules
(``cube_advice``, ``cube_discard``, ``cube_discount``) and by the cooperative mode (a cube on a Fame card).

``Cubes`` is where every cube is: the supply, each seat's cubes, and the cubes lying on cards (an Offer card's
discount tokens, a Fame card's cubes in co-op), by card id. No cube is ever made or lost: ``check`` asserts that the
three add up to ``CUBES``. The engine (``engine``) calls these small functions; they know nothing of the rest of the
game, so that the rules of the cubes live here once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solver.game.saving import GameStateError

CUBES = 17  # the box: "17 Wood Cubes"


def price(cost: int, tokens: int) -> int:
    """A card's price with its discount tokens: "For each token on top of a card, the card's price is reduced by 1¢
    (to a minimum 0¢)"."""
    return max(0, cost - tokens)


@dataclass
class Cubes:
    """The supply, each seat's cubes, and the cubes on cards (card id -> cubes)."""

    supply: int
    held: list[int]
    tokens: dict[int, int] = field(default_factory=dict)

    @staticmethod
    def new(players: int) -> Cubes:
        return Cubes(CUBES, [0] * players)

    def on(self, card: int) -> int:
        return self.tokens.get(card, 0)

    def take(self) -> bool:
        """One cube out of the supply; False when it is empty (an empty supply gives no cube)."""
        if self.supply <= 0:
            return False
        self.supply -= 1
        return True

    def give(self, seat: int) -> bool:
        """A cube from the supply to a seat (none when the supply is empty)."""
        if not self.take():
            return False
        self.held[seat] += 1
        return True

    def put(self, card: int) -> bool:
        """A cube from the supply onto a card (none when the supply is empty)."""
        if not self.take():
            return False
        self.tokens[card] = self.tokens.get(card, 0) + 1
        return True

    def clear(self, card: int) -> int:
        """The cubes on a card back to the supply (a discounted card bought or trashed, a Fame card bought)."""
        n = self.tokens.pop(card, 0)
        self.supply += n
        return n

    def cash(self, seat: int, n: int) -> None:
        """A seat's cubes cashed in: "Cashed-in cubes are returned to the supply"."""
        self.held[seat] -= n
        self.supply += n

    def total(self) -> int:
        return self.supply + sum(self.held) + sum(self.tokens.values())

    def check(self, cards: set[int]) -> None:
        """No cube made or lost, none below zero, and cubes only on the cards that can hold them."""
        if self.supply < 0 or any(h < 0 for h in self.held) or any(n <= 0 for n in self.tokens.values()):
            raise GameStateError("game.cubes: a count below zero (or a card holding no cube listed)", "game.cubes")
        if self.total() != CUBES:
            raise GameStateError(
                f"game.cubes: {self.total()} cubes in play; the box holds {CUBES} (supply, seats and cards)",
                "game.cubes",
            )
        stray = sorted(set(self.tokens) - cards)
        if stray:
            raise GameStateError(
                f"game.cubes.tokens: card {stray[0]} cannot hold cubes (only an Offer row card or a pyramid card)",
                "game.cubes.tokens",
            )

    def to_json(self) -> dict[str, Any]:
        return {
            "supply": self.supply,
            "held": list(self.held),
            "tokens": {str(k): v for k, v in sorted(self.tokens.items())},
        }

    @staticmethod
    def from_json(data: object, players: int, box: int) -> Cubes:
        """A saved game's cubes, every number checked (``GameStateError`` naming the field)."""
        where = "game.cubes"
        if not isinstance(data, dict) or set(data) != {"supply", "held", "tokens"}:
            raise GameStateError(f"{where} must be an object of supply, held and tokens", where)

        def count(v: object, at: str) -> int:
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= CUBES:
                raise GameStateError(f"{at} must be a whole number from 0 to {CUBES}", at)
            return v

        supply = count(data["supply"], f"{where}.supply")
        held = data["held"]
        if not isinstance(held, list) or len(held) != players:
            raise GameStateError(f"{where}.held must list each of the {players} seats' cubes", f"{where}.held")
        raw = data["tokens"]
        if not isinstance(raw, dict):
            raise GameStateError(f"{where}.tokens must map card ids to their cubes", f"{where}.tokens")
        tokens: dict[int, int] = {}
        for k, v in raw.items():
            if not isinstance(k, str) or not k.isdigit() or not int(k) < box:
                raise GameStateError(f"{where}.tokens: {k!r} is not a card id from 0 to {box - 1}", f"{where}.tokens")
            tokens[int(k)] = count(v, f"{where}.tokens[{k}]")
        return Cubes(supply, [count(h, f"{where}.held[{s}]") for s, h in enumerate(held)], tokens)
