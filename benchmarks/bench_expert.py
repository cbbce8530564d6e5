"""The expert against the hard bot: win rates with 95% intervals, seats mirrored, and the expert's turn times.

    python benchmarks/bench_expert.py --game hardback --games 200 --players 2
    python benchmarks/bench_expert.py --game hardback --games 100 --players 4
    python benchmarks/bench_expert.py --game paperback --games 200
    python benchmarks/bench_expert.py --games 20 --limit 0.3 --judging --worlds 50    # the advice's turn, timed

Each seed is played once per seat the expert can take (the other seats hard bots), so the deals are mirrored. A
2-player table reports the expert's share of games won (ties count half) and its Wilson interval; a larger table
the expert's share against its fair share (1/players). The expert's whole turns are timed (median, p99, worst;
the turn's limit is ``--limit``, none by default as in tournaments). ``--workers`` plays games in processes.
Each game's expert as shipped plays its tuned policy's turn (``--tuning tuned-hardback`` / ``tuned-paperback``,
Hardback's the one searched for the table's size; the margin infinite: the planner never overrules it, and
Hardback's judges nothing in play); a finite ``--margin`` lets the planner overrule the policy by that much,
``--tuning hard`` plays from the hard bot's own constants.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.bots.expert import MARGIN, WORLDS
from solver.bots.paperback_expert import MARGIN as PAPERBACK_MARGIN

Result = tuple[float, list[float]]  # (the expert's points: 1 a win, 1/k a k-way tie, 0 a loss; its turn seconds)


Job = tuple[int, int, int, float | None, str, float, tuple[str, ...], int, str, int, bool]  # seed, seat, players, ...


def hardback_game(args: Job) -> Result:
    from solver.bots.expert import ExpertBot
    from solver.bots.registry import bot_seed, make_bot
    from solver.bots.tuning import HARD, load_table
    from solver.game.hardback.engine import Game
    from solver.game.hardback.options import GameOptions
    from solver.lexicon import default_lexicon

    seed, seat, players, limit, rival, margin, decisions, deep, tuning, worlds, judging = args
    lex = default_lexicon()
    game = Game.new(GameOptions(players=players), seed, lex)
    bots = [make_bot(rival, lex, bot_seed(seed, s)) for s in range(players)]
    base = HARD if tuning == "hard" else load_table(tuning)  # a shipped tuning: the one for this table's size
    bots[seat] = ExpertBot(
        lex, bot_seed(seed, seat), limit, margin=margin, decisions=decisions, deep=deep, tuning=base, worlds=worlds,
        judging=judging or None,
    )
    times: list[float] = []
    while (acting := game.to_act()) is not None:
        t = time.perf_counter()
        bots[acting].play_turn(game)
        if acting == seat:
            times.append(time.perf_counter() - t)
    return points(game.scores(), game.winner(), seat), times


def paperback_game(args: Job) -> Result:
    from solver.bots.paperback_expert import Expert, make_any
    from solver.bots.registry import bot_seed
    from solver.bots.tuning import PAPERBACK_HARD, load_paperback
    from solver.game.paperback import PaperbackGame, PaperbackOptions
    from solver.game.paperback.protocol import PaperbackTable
    from solver.lexicon import default_lexicon
    from solver.paperback.deck import house_deck

    seed, seat, players, limit, rival, margin, _, _, tuning, _, _ = args
    lex = default_lexicon()
    game = PaperbackGame.new(house_deck(), PaperbackOptions.from_json({"players": players}), seed, lex)
    table = PaperbackTable(game)
    bots = [make_any(rival, lex, bot_seed(seed, s)) for s in range(players)]
    base = PAPERBACK_HARD if tuning == "hard" else load_paperback(tuning)
    expert = bots[seat] = Expert(lex, bot_seed(seed, seat)).retune(base, margin)
    expert.turn_limit = limit
    times: list[float] = []
    while (acting := table.to_act()) is not None:
        t = time.perf_counter()
        bots[acting].play_turn(game)
        if acting == seat:
            times.append(time.perf_counter() - t)
    return points(table.scores(), table.winner(), seat), times


def points(scores: list[int], winner: int | None, seat: int) -> float:
    if winner is not None:
        return 1.0 if winner == seat else 0.0
    best = max(scores)
    tied = [i for i, s in enumerate(scores) if s == best]
    return 1.0 / len(tied) if seat in tied else 0.0


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def quantile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", choices=("hardback", "paperback"), default="hardback")
    ap.add_argument("--games", type=int, default=100, help="seeds; each is played once per seat")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--first-seed", type=int, default=500_001, help="seeds past the win model's training games")
    ap.add_argument("--limit", type=float, default=None, help="the expert's seconds a turn (none: counts only)")
    ap.add_argument("--rival", default="hard")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--margin", type=float, default=None,
                    help="what a plan must gain over the policy's own to replace it (default: the game's expert's, "
                    "infinite: never, as shipped)")
    ap.add_argument("--decisions", default="word,buy",
                    help="Hardback: the decisions the planner makes ('' for none: the expert's base policy alone)")
    ap.add_argument("--tuning", default=None, help="the expert's base policy, a shipped tuning by name, or 'hard' "
                    "(the hard bot's; default: tuned-hardback, tuned-paperback)")
    ap.add_argument("--deep", type=int, default=0, help="Hardback: plans judged again a round ahead")
    ap.add_argument("--worlds", type=int, default=WORLDS, help="Hardback: the worlds each plan is played in")
    ap.add_argument("--judging", action="store_true",
                    help="Hardback: judge the plans as the advice does (the margin still decides the move), to time "
                    "a turn against --limit")
    a = ap.parse_args()
    if a.margin is None:
        a.margin = MARGIN if a.game == "hardback" else PAPERBACK_MARGIN
    if a.tuning is None:
        a.tuning = f"tuned-{a.game}"
    play = hardback_game if a.game == "hardback" else paperback_game
    jobs = [
        (s, seat, a.players, a.limit, a.rival, a.margin, tuple(a.decisions.split(",")), a.deep, a.tuning, a.worlds,
         a.judging)
        for s in range(a.first_seed, a.first_seed + a.games) for seat in range(a.players)
    ]
    started = time.perf_counter()
    with ProcessPoolExecutor(a.workers) as pool:
        results = list(pool.map(play, jobs, chunksize=2))
    won = [r[0] for r in results]
    times = [t for r in results for t in r[1]]
    n = len(won)
    share = sum(won) / n
    low, high = wilson(share, n)
    fair = 1.0 / a.players
    report: dict[str, Any] = {
        "game": a.game,
        "players": a.players,
        "rival": a.rival,
        "games": n,
        "expert_share": round(share, 4),
        "interval95": [round(low, 4), round(high, 4)],
        "fair_share": round(fair, 4),
        "times_fair_share": round(share / fair, 3),
        "turns": len(times),
        "turn_median_s": round(quantile(times, 0.5), 4),
        "turn_p99_s": round(quantile(times, 0.99), 4),
        "turn_worst_s": round(max(times), 4),
        "limit": a.limit,
        "worst_past_limit_s": None if a.limit is None else round(max(times) - a.limit, 4),
        "judging": a.judging,
        "worlds": a.worlds,
        "margin": a.margin if math.isfinite(a.margin) else "never",
        "decisions": a.decisions,
        "deep": a.deep,
        "tuning": a.tuning,
        "seconds": round(time.perf_counter() - started, 1),
    }
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
