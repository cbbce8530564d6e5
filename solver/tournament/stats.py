"""What a tournament's games say about its bots: win rates with Wilson intervals, scores, head-to-head.

Wins are counted by seat: a bot that sits in two seats of one game (more seats than bot names) plays two
seat-games there. A shared win (seats still tied after the ink tie-break) is split evenly between the seats
that share it: half each in a two-player game.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
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


def summarize(records: Sequence[GameRecord], bots: Sequence[str] = ()) -> dict[str, Any]:
    """The statistics of finished games (in schedule order, so that the figures do not depend on which
    game finished first). ``bots`` orders the bots (others follow in order of appearance)."""
    names = list(dict.fromkeys([*bots, *(b for r in records for b in r.seats)]))
    players = max((len(r.seats) for r in records), default=0)
    games: Counter[str] = Counter()
    wins: dict[str, float] = dict.fromkeys(names, 0.0)
    prestige: dict[str, float] = dict.fromkeys(names, 0.0)
    margin: dict[str, float] = dict.fromkeys(names, 0.0)
    rounds: dict[str, float] = dict.fromkeys(names, 0.0)
    pair_games: Counter[tuple[str, str]] = Counter()
    pair_wins: dict[tuple[str, str], float] = {}
    seat_wins = [0.0] * players
    seat_games = [0] * players
    shared = 0
    anthology = [r for r in records if coop(r)]
    for r in records:
        won = winners(r)
        shared += len(won) > 1 and not coop(r)
        part = shares(r)
        for s, bot in enumerate(r.seats):
            games[bot] += 1
            wins[bot] += part[s]
            prestige[bot] += r.prestige[s]
            best_other = max((p for o, p in enumerate(r.prestige) if o != s), default=r.prestige[s])
            margin[bot] += r.prestige[s] - best_other
            rounds[bot] += r.rounds
            seat_wins[s] += part[s]
            seat_games[s] += 1
            for o, other in enumerate(r.seats):
                if other != bot:
                    pair_games[bot, other] += 1
                    pair_wins[bot, other] = pair_wins.get((bot, other), 0.0) + _beats(r, won, s, o)
    per_bot: dict[str, Any] = {}
    for bot in names:
        n = games[bot]
        per_bot[bot] = {
            **_rate(wins[bot], n),
            "prestige": prestige[bot] / n if n else 0.0,
            "margin": margin[bot] / n if n else 0.0,
            "rounds": rounds[bot] / n if n else 0.0,
        }
    head_to_head = {
        a: {b: _rate(pair_wins[a, b], pair_games[a, b]) for b in names if (a, b) in pair_games} for a in names
    }
    lengths = Counter(r.rounds for r in records)
    table_wins = sum(table_won(r) for r in anthology)
    out: dict[str, Any] = {
        "games": len(records),
        "shared_wins": shared,
        "bots": per_bot,
        "ranking": sorted(names, key=lambda b: (-per_bot[b]["win_rate"], names.index(b))),
        "head_to_head": head_to_head,
        "seats": [_rate(seat_wins[s], seat_games[s]) for s in range(players)],
        "rounds": {
            "mean": sum(r.rounds for r in records) / len(records) if records else 0.0,
            "min": min(lengths, default=0),
            "max": max(lengths, default=0),
            "histogram": {str(k): lengths[k] for k in sorted(lengths)},
        },
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
    if anthology:  # the table against Penny Dreadful: its wins and losses
        out["coop"] = {
            **_rate(table_wins, len(anthology)),
            "losses": len(anthology) - table_wins,
            "turns": sum(r.turns for r in anthology) / len(anthology),
        }
    return out


def _ints(value: object) -> list[int]:
    """A record's per-seat counts (records written before they were kept have none)."""
    return [v for v in value if isinstance(v, int)] if isinstance(value, list) else []
