"""Search the policy's constants (``solver.bots.tuning``) by self-play against the untouched hard bot.

    python benchmarks/tune_policy.py screen --seeds 80 --first-seed 700001
    python benchmarks/tune_policy.py check --params '{"horizon": 1.5}' --seeds 200 --first-seed 500001
    python benchmarks/tune_policy.py check --tuning tuned-hardback --seeds 200 --first-seed 500001

A tuning is judged on paired seeds, seats mirrored (each seed played once with the tuned policy in each seat, the
hard bot in the other): every candidate meets the same deals (common random numbers). The figure is the tuned
seat's share of games won (ties half) with its Wilson 95% interval, and its mean final margin over the hard bot
(less noisy than wins, so the search reads ``share + margin / 30``). ``screen`` moves each constant alone one step
down and one step up from a base (``--params``, the hard defaults by default); ``check`` plays one tuning,
``batch`` a list of them. Tune on one seed range and report on another (the expert's benchmark starts at 500001;
tune at 700001 or beyond).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.bots.tuning import HARD, Tuning
from solver.tournament.stats import wilson

Job = tuple[dict[str, Any], int, int, int]  # tuning, seed, seat, players


def play(job: Job) -> tuple[float, float]:
    """The tuned seat's points (1 a win, 1/k a k-way tie) and its final margin over the best other seat."""
    from solver.bots.policy import PolicyBot
    from solver.bots.registry import bot_seed, make_bot
    from solver.game.hardback.engine import Game
    from solver.game.hardback.options import GameOptions
    from solver.lexicon import default_lexicon

    params, seed, seat, players = job
    lex = default_lexicon()
    game = Game.new(GameOptions(players=players), seed, lex)
    bots = [make_bot("hard", lex, bot_seed(seed, s)) for s in range(players)]
    bots[seat] = PolicyBot(lex, bot_seed(seed, seat), "hard", tuning=Tuning.from_json(params))
    while (acting := game.to_act()) is not None:
        bots[acting].play_turn(game)
    scores = game.scores()
    winner = game.winner()
    best_other = max(s for i, s in enumerate(scores) if i != seat)
    if winner is not None:
        won = 1.0 if winner == seat else 0.0
    else:
        tied = [i for i, s in enumerate(scores) if s == max(scores)]
        won = 1.0 / len(tied) if seat in tied else 0.0
    return won, float(scores[seat] - best_other)


def evaluate(pool: ProcessPoolExecutor, tunings: list[Tuning], first: int, seeds: int, players: int = 2
             ) -> list[dict[str, Any]]:
    jobs = [(t.to_json(), s, seat, players) for t in tunings for s in range(first, first + seeds)
            for seat in range(players)]
    results = list(pool.map(play, jobs, chunksize=4))
    per = seeds * players
    out = []
    for k, t in enumerate(tunings):
        chunk = results[k * per:(k + 1) * per]
        share = sum(r[0] for r in chunk) / per
        margin = sum(r[1] for r in chunk) / per
        low, high = wilson(share * per, per)
        out.append({"params": diff(t), "games": per, "share": round(share, 4), "interval95": [round(low, 4),
                    round(high, 4)], "margin": round(margin, 2), "objective": round(share + margin / 30, 4)})
    return out


def diff(t: Tuning) -> dict[str, Any]:
    """The constants where ``t`` differs from the hard bot's."""
    return {f.name: getattr(t, f.name) for f in fields(Tuning) if getattr(t, f.name) != getattr(HARD, f.name)}


def steps(base: Tuning) -> list[Tuning]:
    """Each constant alone one step down and one step up (integers by one, the rest by half and by half again)."""
    out = []
    for f in fields(Tuning):
        v = getattr(base, f.name)
        if f.type == "int":
            cands: list[Any] = [v - 1, v + 1] if v > 0 else [v + 1]
        else:
            cands = [v * 0.5, v * 1.5] if v else [0.1]
        out += [replace(base, **{f.name: c}) for c in cands]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=("screen", "check", "batch"))
    ap.add_argument("--params", default="{}", help="a tuning as JSON (constants not named keep the hard values); "
                    "batch: a JSON list of tunings")
    ap.add_argument("--tuning", default=None, help="a shipped tuning by name (solver/data/<name>.json)")
    ap.add_argument("--seeds", type=int, default=80)
    ap.add_argument("--first-seed", type=int, default=700_001)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args()
    if a.tuning:
        from solver.bots.tuning import load

        base = load(a.tuning)
    elif a.mode != "batch":
        base = Tuning.from_json(json.loads(a.params))
    started = time.perf_counter()
    with ProcessPoolExecutor(a.workers) as pool:
        if a.mode == "check":
            report = evaluate(pool, [base], a.first_seed, a.seeds, a.players)
        else:
            report = []
            batch = [Tuning.from_json(p) for p in json.loads(a.params)] if a.mode == "batch" else [base, *steps(base)]
            for t in batch:
                [row] = evaluate(pool, [t], a.first_seed, a.seeds, a.players)
                print(json.dumps(row), flush=True)
                report.append(row)
    print(json.dumps({"mode": a.mode, "first_seed": a.first_seed, "seeds": a.seeds, "results": report,
                      "seconds": round(time.perf_counter() - started, 1)}))


if __name__ == "__main__":
    main()
