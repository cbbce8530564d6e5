"""What a tournament's games say about its bots: win rates with Wilson intervals, scores, head-to-head.

Wins are counted by seat: a bot that sits in two seats of one game (more seats than bot names) plays two
seat-games there. A shared win (seats still tied after the ink tie-break) is split evenly between the seats
that share it: half each in a two-player game.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from solver.game.record import GameRecord

Z95 = 1.959963984540054  # the standard normal's 97.5th percentile


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / n`` (successes may be fractional: shared
    wins). (0, 1) when there are no trials."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(max(0.0, p * (1 - p) / n + z2 / (4 * n * n)))
    return (max(0.0, centre - half), min(1.0, centre + half))


def coop(record: GameRecord) -> bool:
    """A game of the cooperative anthology: the table against Penny Dreadful."""
    return "result" in record.extra or "penny" in record.extra


def table_won(record: GameRecord) -> bool:
    """The cooperative anthology's result: the players completed their final lap first."""
    result: object = record.extra.get("result", "won" if record.extra.get("won") else "lost")
    return result == "won"


def winners(record: GameRecord) -> list[int]:
    """The seats that won: the recorded winner, or the seats that share the win (top prestige, then most
    ink: Board Game Arena's tie-break, which the engine applies before calling a game shared); in the
    cooperative anthology every seat when the table won, none when it lost."""
    if coop(record):
        return list(range(len(record.seats))) if table_won(record) else []
    if record.winner is not None:
        return [record.winner]
    top = max(record.prestige)
    tied = [s for s, p in enumerate(record.prestige) if p == top]
    most_ink = max(record.ink[s] for s in tied) if len(record.ink) == len(record.prestige) else 0
    return [s for s in tied if len(record.ink) != len(record.prestige) or record.ink[s] == most_ink]


def shares(record: GameRecord) -> list[float]:
    """Each seat's part of the win: 1 for the winner, 1/k for each of k seats that share it, else 0; in the
    cooperative anthology, 1 for every seat of a table that won (the table wins together, not shared out)."""
    won = winners(record)
    if coop(record):
        return [1.0 if s in won else 0.0 for s in range(len(record.seats))]
    return [1.0 / len(won) if s in won else 0.0 for s in range(len(record.seats))]


def _beats(record: GameRecord, won: list[int], a: int, b: int) -> float:
    """Seat a against seat b in one game: 1 if a placed ahead, 0.5 if even, 0 if behind. A winning seat
    is ahead of every other; the rest are placed by prestige."""
    ka = (a in won, record.prestige[a])
    kb = (b in won, record.prestige[b])
    return 1.0 if ka > kb else 0.5 if ka == kb else 0.0


def _rate(wins: float, games: int) -> dict[str, Any]:
    lo, hi = wilson(wins, games)
    return {"games": games, "wins": wins, "win_rate": wins / games if games else 0.0, "ci95": [lo, hi]}


@dataclass
class _Tally:
    """The sums over a tournament's games: each bot's games, wins (shares), prestige, margins and rounds, each pair
    of bots' meetings, each seat's wins, the shared wins."""

    names: list[str]
    players: int
    games: Counter[str] = field(default_factory=Counter)
    wins: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    prestige: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    margin: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    rounds: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    pair_games: Counter[tuple[str, str]] = field(default_factory=Counter)
    pair_wins: dict[tuple[str, str], float] = field(default_factory=dict)
    seat_wins: list[float] = field(default_factory=list)
    seat_games: list[int] = field(default_factory=list)
    shared: int = 0

    def add(self, r: GameRecord) -> None:
        won = winners(r)
        self.shared += len(won) > 1 and not coop(r)
        part = shares(r)
        for s, bot in enumerate(r.seats):
            self.games[bot] += 1
            self.wins[bot] += part[s]
            self.prestige[bot] += r.prestige[s]
            best_other = max((p for o, p in enumerate(r.prestige) if o != s), default=r.prestige[s])
            self.margin[bot] += r.prestige[s] - best_other
            self.rounds[bot] += r.rounds
            self.seat_wins[s] += part[s]
            self.seat_games[s] += 1
            for o, other in enumerate(r.seats):
                if other != bot:
                    self.pair_games[bot, other] += 1
                    self.pair_wins[bot, other] = self.pair_wins.get((bot, other), 0.0) + _beats(r, won, s, o)

    def per_bot(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for bot in self.names:
            n = self.games[bot]
            out[bot] = {
                **_rate(self.wins[bot], n),
                "prestige": self.prestige[bot] / n if n else 0.0,
                "margin": self.margin[bot] / n if n else 0.0,
                "rounds": self.rounds[bot] / n if n else 0.0,
            }
        return out

    def head_to_head(self) -> dict[str, Any]:
        names, pairs = self.names, self.pair_games
        return {a: {b: _rate(self.pair_wins[a, b], pairs[a, b]) for b in names if (a, b) in pairs} for a in names}


def summarize(records: Sequence[GameRecord], bots: Sequence[str] = ()) -> dict[str, Any]:
    """The statistics of finished games (in schedule order, so that the figures do not depend on which
    game finished first). ``bots`` orders the bots (others follow in order of appearance)."""
    names = list(dict.fromkeys([*bots, *(b for r in records for b in r.seats)]))
    players = max((len(r.seats) for r in records), default=0)
    tally = _Tally(names, players, seat_wins=[0.0] * players, seat_games=[0] * players)
    for r in records:
        tally.add(r)
    per_bot = tally.per_bot()
    out: dict[str, Any] = {
        "games": len(records),
        "shared_wins": tally.shared,
        "bots": per_bot,
        "ranking": sorted(names, key=lambda b: (-per_bot[b]["win_rate"], names.index(b))),
        "head_to_head": tally.head_to_head(),
        "seats": [_rate(tally.seat_wins[s], tally.seat_games[s]) for s in range(players)],
        "rounds": _rounds(records),
        "turns": sum(r.turns for r in records) / len(records) if records else 0.0,
        "searches": {  # the bots' word searches, and those that proved their best move within the step guard
            "words": sum(sum(_ints(r.extra.get("searches"))) for r in records),
            "proven": sum(sum(_ints(r.extra.get("proven"))) for r in records),
        },
        "timing": {
            "game_seconds_mean": sum(r.seconds for r in records) / len(records) if records else 0.0,
            "game_seconds_total": sum(r.seconds for r in records),
        },
    }
    anthology = [r for r in records if coop(r)]
    if anthology:  # the table against Penny Dreadful: its wins and losses
        table_wins = sum(table_won(r) for r in anthology)
        out["coop"] = {
            **_rate(table_wins, len(anthology)),
            "losses": len(anthology) - table_wins,
            "turns": sum(r.turns for r in anthology) / len(anthology),
        }
    return out


def _rounds(records: Sequence[GameRecord]) -> dict[str, Any]:
    lengths = Counter(r.rounds for r in records)
    return {
        "mean": sum(r.rounds for r in records) / len(records) if records else 0.0,
        "min": min(lengths, default=0),
        "max": max(lengths, default=0),
        "histogram": {str(k): lengths[k] for k in sorted(lengths)},
    }


def _ints(value: object) -> list[int]:
    """A record's per-seat counts (records written before they were kept have none)."""
    return [v for v in value if isinstance(v, int)] if isinstance(value, list) else []
