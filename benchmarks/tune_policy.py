"""Search a game's policy constants (``solver.bots.tuning``) by self-play against the untouched hard bot.

    python benchmarks/tune_policy.py screen --seeds 80 --first-seed 700001
    python benchmarks/tune_policy.py check --params '{"horizon": 1.5}' --seeds 200 --first-seed 500001
    python benchmarks/tune_policy.py check --tuning tuned-hardback --seeds 200 --first-seed 500001
    python benchmarks/tune_policy.py check --game paperback --tuning tuned-paperback --seeds 200 --first-seed 500001

``--game hardback`` (the default) tunes ``Tuning``, Hardback's policy bot; ``--game paperback`` tunes
``PaperbackTuning``, Paperback's hard bot (2 players and more, the house deck). ``--players`` sets the table's size
(a shipped Hardback ``--tuning`` is then read for that size: ``by_players`` in its JSON).

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

from solver.bots.tuning import HARD, PAPERBACK_HARD, PaperbackTuning, Tuning
from solver.tournament.stats import wilson

AnyTuning = Tuning | PaperbackTuning
Job = tuple[str, dict[str, Any], int, int, int]  # game, tuning, seed, seat, players
DEFAULTS: dict[str, AnyTuning] = {"hardback": HARD, "paperback": PAPERBACK_HARD}


def play(job: Job) -> tuple[float, float]:
    """The tuned seat's points (1 a win, 1/k a k-way tie) and its final margin over the best other seat."""
    game, params, seed, seat, players = job
    scores, winner = (hardback if game == "hardback" else paperback)(params, seed, seat, players)
    best_other = max(s for i, s in enumerate(scores) if i != seat)
    if winner is not None:
        won = 1.0 if winner == seat else 0.0
    else:
        tied = [i for i, s in enumerate(scores) if s == max(scores)]
        won = 1.0 / len(tied) if seat in tied else 0.0
    return won, float(scores[seat] - best_other)


def hardback(params: dict[str, Any], seed: int, seat: int, players: int) -> tuple[list[int], int | None]:
    """A Hardback game's scores and winner, the tuned policy in ``seat``, hard bots in the others."""
    from solver.bots.policy import PolicyBot
    from solver.bots.registry import bot_seed, make_bot
    from solver.game.hardback.engine import Game
    from solver.game.hardback.options import GameOptions
    from solver.lexicon import default_lexicon

    lex = default_lexicon()
    game = Game.new(GameOptions(players=players), seed, lex)
    bots = [make_bot("hard", lex, bot_seed(seed, s)) for s in range(players)]
    bots[seat] = PolicyBot(lex, bot_seed(seed, seat), "hard", tuning=Tuning.from_json(params))
    while (acting := game.to_act()) is not None:
        bots[acting].play_turn(game)
    return game.scores(), game.winner()


def paperback(params: dict[str, Any], seed: int, seat: int, players: int) -> tuple[list[int], int | None]:
    """A Paperback game's scores (Fame) and winner, house deck, the tuned hard bot in ``seat``, hard bots in the
    others."""
    from solver.bots.paperback import Hard
    from solver.bots.registry import bot_seed
    from solver.game.paperback import PaperbackGame, PaperbackOptions
    from solver.game.paperback.protocol import PaperbackTable
    from solver.lexicon import default_lexicon
    from solver.paperback.deck import house_deck

    lex = default_lexicon()
    game = PaperbackGame.new(house_deck(), PaperbackOptions.from_json({"players": players}), seed, lex)
    table = PaperbackTable(game)
    bots = [Hard(lex, bot_seed(seed, s)) for s in range(players)]
    bots[seat] = Hard(lex, bot_seed(seed, seat), tuning=PaperbackTuning.from_json(params))
    while (acting := table.to_act()) is not None:
        bots[acting].play_turn(game)
    return table.scores(), table.winner()


def evaluate(pool: ProcessPoolExecutor, tunings: list[AnyTuning], first: int, seeds: int, players: int = 2
             ) -> list[dict[str, Any]]:
    game = "paperback" if all(isinstance(t, PaperbackTuning) for t in tunings) else "hardback"
    jobs = [(game, t.to_json(), s, seat, players) for t in tunings for s in range(first, first + seeds)
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


def diff(t: AnyTuning) -> dict[str, Any]:
    """The constants where ``t`` differs from the hard bot's."""
    hard = PAPERBACK_HARD if isinstance(t, PaperbackTuning) else HARD
    return {f.name: getattr(t, f.name) for f in fields(t) if getattr(t, f.name) != getattr(hard, f.name)}


def steps(base: AnyTuning, only: set[str] | None = None) -> list[AnyTuning]:
    """Each constant alone (or those named in ``only``) one step down and one step up (integers by one, the rest by
    half and by half again)."""
    out: list[AnyTuning] = []
    for f in fields(base):
        if only is not None and f.name not in only:
            continue
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
    ap.add_argument("--game", choices=("hardback", "paperback"), default="hardback")
    ap.add_argument("--params", default="{}", help="a tuning as JSON (constants not named keep the hard values); "
                    "batch: a JSON list of tunings")
    ap.add_argument("--tuning", default=None, help="a shipped tuning by name (solver/data/<name>.json)")
    ap.add_argument("--seeds", type=int, default=80)
    ap.add_argument("--first-seed", type=int, default=700_001)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--only", default=None, help="screen: the constants to move, comma-separated (all by default)")
    a = ap.parse_args()
    parse = PaperbackTuning.from_json if a.game == "paperback" else Tuning.from_json
    base: AnyTuning = DEFAULTS[a.game]
    if a.tuning:
        from solver.bots.tuning import load, load_paperback

        base = load_paperback(a.tuning) if a.game == "paperback" else load(a.tuning, a.players)
    elif a.mode != "batch":
        base = parse(json.loads(a.params))
    started = time.perf_counter()
    with ProcessPoolExecutor(a.workers) as pool:
        if a.mode == "check":
            report = evaluate(pool, [base], a.first_seed, a.seeds, a.players)
        else:
            report = []
            only = set(a.only.split(",")) if a.only else None
            batch = [parse(p) for p in json.loads(a.params)] if a.mode == "batch" else [base, *steps(base, only)]
            for t in batch:
                [row] = evaluate(pool, [t], a.first_seed, a.seeds, a.players)
                print(json.dumps(row), flush=True)
                report.append(row)
    print(json.dumps({"game": a.game, "mode": a.mode, "first_seed": a.first_seed, "seeds": a.seeds, "results": report,
                      "seconds": round(time.perf_counter() - started, 1)}))


if __name__ == "__main__":
    main()
