"""What a finished game leaves behind: who sat where, the final scores, the winner, how long it ran.

A ``GameRecord`` is small and plain (JSON-ready) so that tournaments can ship it between processes and
machines, and write it as one CSV row.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class GameRecord:
    """One finished game.

    ``seats`` names the bot in each seat (seat 0 plays first). ``prestige`` is each seat's final score with any
    literary award counted; ``winner`` is the winning seat after the ink tie-break, or None when seats still tie
    (a shared win). ``rounds`` counts full rounds (every seat played once), ``turns`` every player turn.
    """

    seed: int
    seats: list[str]
    prestige: list[int]
    ink: list[int]
    winner: int | None
    rounds: int
    turns: int
    seconds: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_json(data: dict[str, Any]) -> GameRecord:
        return GameRecord(**data)
