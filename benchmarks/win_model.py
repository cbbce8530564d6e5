"""Fit and check the win model (``solver.planner.model``) on self-play.

    python benchmarks/win_model.py --game hardback --train 400 --test 500 --write
    python benchmarks/win_model.py --game hardback --train 400 --test 500 --bots hard,hard --svg out.svg

Plays ``--train`` seeded games between the bots (seeds 1..train) and ``--test`` others (seeds 100001..), records
every seat's features at the start of every turn, fits the model on the train games and a baseline on the score
lead and the rounds left (``BASELINE``) on the same games, and reports the Brier score of both on the test games'
second-half turns (the turns past half the game's length), with a reliability table (and an SVG plot with
``--svg``). ``--write`` stores the model as ``solver/data/win-<game>.json``; ``--shipped`` also scores the model the
project ships (``solver/data/win-<game>.json`` as it is) on the same test games, and plots it instead of the new fit.
``--workers`` plays games in that many processes.
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

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.files import write_text  # noqa: E402
from solver.planner import model as wm  # noqa: E402

Game = tuple[list[Any], int, list[int]]  # (tables per turn, winner, turn index per table)


def play_hardback(args: tuple[list[str], int]) -> Game | None:
    from solver.bots.registry import bot_seed, make_bot
    from solver.game.hardback.engine import Game as Hardback
    from solver.game.hardback.options import GameOptions
    from solver.game.hardback.state import Phase
    from solver.lexicon import default_lexicon
    from solver.planner.hardback import table

    bots, seed = args
    lex = default_lexicon()
    game = Hardback.new(GameOptions(players=len(bots)), seed, lex)
    players = [make_bot(b, lex, bot_seed(seed, i)) for i, b in enumerate(bots)]
    tables: list[Any] = []
    turns: list[int] = []
    while (seat := game.to_act()) is not None:
        if game.state.phase == Phase.PREPARE and not game.state.turn.word:
            tables.append(table(game).tolist())
            turns.append(game.state.turns)
        players[seat].play_turn(game)
    w = game.winner()
    return None if w is None else (tables, w, turns)


def play_paperback(args: tuple[list[str], int]) -> Game | None:
    from solver.bots.paperback_expert import make_any
    from solver.bots.registry import bot_seed
    from solver.game.paperback import PaperbackGame, PaperbackOptions
    from solver.game.paperback.protocol import PaperbackTable
    from solver.lexicon import default_lexicon
    from solver.paperback.deck import house_deck
    from solver.planner.paperback import table

    bots, seed = args
    lex = default_lexicon()
    game = PaperbackGame.new(house_deck(), PaperbackOptions.from_json({"players": len(bots)}), seed, lex)
    t = PaperbackTable(game)
    players = [make_any(b, lex, bot_seed(seed, i)) for i, b in enumerate(bots)]
    tables: list[Any] = []
    turns: list[int] = []
    while (seat := t.to_act()) is not None:
        tables.append(table(t).tolist())
        turns.append(game.state.turns)
        players[seat].play_turn(game)
    w = t.winner()
    return None if w is None else (tables, w, turns)


def collect(game: str, bots: list[str], seeds: range, workers: int) -> list[Game]:
    play = play_hardback if game == "hardback" else play_paperback
    seats = 2 if len(bots) > 2 else len(bots)  # more bots than two: each game seats a pair of them, rotating
    jobs = [((bots[s % len(bots):] + bots[: s % len(bots)])[:seats], s) for s in seeds]
    if workers <= 1:
        results = [play(j) for j in jobs]
    else:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(play, jobs, chunksize=4))
    return [r for r in results if r is not None]


def rows(games: list[Game], columns: list[int], second_half: bool) -> tuple[list[wm.Matrix], list[int]]:
    xs: list[wm.Matrix] = []
    ys: list[int] = []
    for tables, winner, turns in games:
        last = max(turns) if turns else 0
        for t, turn in zip(tables, turns, strict=True):
            if second_half and turn < last / 2:
                continue
            xs.append(np.asarray(t, dtype=np.float64)[:, columns])
            ys.append(winner)
    return xs, ys


def reliability(
    xs: list[wm.Matrix], ys: list[int], model: wm.WinModel, bins: int = 10
) -> list[tuple[float, float, int]]:
    """(mean predicted, observed rate, count) per bin of predicted chance, over every seat of every state."""
    acc = [[0.0, 0.0, 0] for _ in range(bins)]
    for x, y in zip(xs, ys, strict=True):
        for i, p in enumerate(model.chances(x)):
            b = min(bins - 1, int(p * bins))
            acc[b][0] += p
            acc[b][1] += 1.0 if i == y else 0.0
            acc[b][2] += 1
    return [(a[0] / a[2], a[1] / a[2], int(a[2])) for a in acc if a[2]]


def svg(curves: dict[str, list[tuple[float, float, int]]]) -> str:
    size, pad = 360, 40
    colours = ["#1f77b4", "#d62728", "#2ca02c"]

    def xy(p: float, q: float) -> str:
        return f"{pad + p * (size - 2 * pad):.1f},{size - pad - q * (size - 2 * pad):.1f}"

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" font-family="sans-serif" '
        'font-size="11">',
        f'<rect width="{size}" height="{size}" fill="white"/>',
        f'<polyline points="{xy(0, 0)} {xy(1, 1)}" stroke="#999" stroke-dasharray="4" fill="none"/>',
        f'<text x="{size / 2}" y="{size - 8}" text-anchor="middle">predicted chance to win</text>',
        f'<text x="12" y="{size / 2}" transform="rotate(-90 12 {size / 2})" text-anchor="middle">observed rate</text>',
    ]
    for t in (0.0, 0.25, 0.5, 0.75, 1.0):
        x, y = xy(t, 0).split(",")
        parts.append(f'<text x="{x}" y="{float(y) + 14}" text-anchor="middle">{t:g}</text>')
        x, y = xy(0, t).split(",")
        parts.append(f'<text x="{float(x) - 6}" y="{float(y) + 4}" text-anchor="end">{t:g}</text>')
    for k, (name, curve) in enumerate(curves.items()):
        c = colours[k % len(colours)]
        parts.append(f'<polyline points="{" ".join(xy(p, q) for p, q, _ in curve)}" stroke="{c}" fill="none"/>')
        parts.extend(f'<circle cx="{xy(p, q).split(",")[0]}" cy="{xy(p, q).split(",")[1]}" r="3" fill="{c}"/>'
                     for p, q, _ in curve)
        parts.append(f'<text x="{pad + 6}" y="{pad + 14 * k}" fill="{c}">{name}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", choices=("hardback", "paperback"), default="hardback")
    ap.add_argument("--bots", default="hard,hard", help="two bots a table; more: pairs of them, rotating")
    ap.add_argument("--train", type=int, default=400)
    ap.add_argument("--test", type=int, default=500)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--svg", type=Path)
    ap.add_argument("--shipped", action="store_true", help="also score the shipped model on the test games")
    ap.add_argument("--data", type=Path, help="the games' features: written after playing, read instead of playing")
    ap.add_argument("--test-data", type=Path, help="test on the test games of this --data file instead")
    ap.add_argument("--columns", help="the model's columns (default: every column), comma-separated")
    a = ap.parse_args()
    if a.game == "hardback":
        from solver.planner.hardback import BASELINE, COLUMNS
    else:
        from solver.planner.paperback import BASELINE, COLUMNS
    bots = a.bots.split(",")
    t0 = time.perf_counter()
    if a.data and a.data.exists():  # the games of an earlier run (its bots and counts), fitted again
        saved = json.loads(a.data.read_text(encoding="utf-8"))
        bots = saved["bots"]
        train = [(t, w, n) for t, w, n in saved["train"]]
        test = [(t, w, n) for t, w, n in saved["test"]]
    else:
        train = collect(a.game, bots, range(1, a.train + 1), a.workers)
        test = collect(a.game, bots, range(100_001, 100_001 + a.test), a.workers)
        if a.data:
            write_text(a.data, json.dumps({"bots": bots, "train": train, "test": test}), "the games' features")
    if a.test_data:  # test on another run's test games (e.g. fit on mixed bots, test on hard self-play)
        test = [(t, w, n) for t, w, n in json.loads(a.test_data.read_text(encoding="utf-8"))["test"]]
    played = time.perf_counter() - t0
    fitted: dict[str, wm.WinModel] = {}
    report: dict[str, Any] = {"game": a.game, "bots": bots, "train_games": len(train), "test_games": len(test)}
    chosen = tuple(a.columns.split(",")) if a.columns else COLUMNS
    for name, cols in (("model", chosen), ("baseline", BASELINE)):
        idx = [COLUMNS.index(c) for c in cols]
        xs, ys = rows(train, idx, second_half=False)
        w = wm.fit(xs, ys)
        note = f"fitted on {len(train)} self-play games of {', '.join(sorted(set(bots)))} ({len(xs)} states)"
        fitted[name] = wm.WinModel(a.game, tuple(cols), tuple(round(float(v), 5) for v in w), note)
        tx, ty = rows(test, idx, second_half=True)
        report[name] = {"brier_second_half": round(wm.brier(tx, ty, fitted[name]), 5), "states": len(tx),
                        "weights": dict(zip(cols, fitted[name].weights, strict=True))}
        report[name]["reliability"] = [(round(p, 3), round(q, 3), n) for p, q, n in reliability(tx, ty, fitted[name])]
    gain = 1 - report["model"]["brier_second_half"] / report["baseline"]["brier_second_half"]
    report["improvement"] = round(gain, 4)
    if a.shipped:  # the model the project ships, on the same test games: what the estimates shown are worth
        shipped = wm.load(a.game)
        tx, ty = rows(test, [COLUMNS.index(c) for c in shipped.features], second_half=True)
        brier = wm.brier(tx, ty, shipped)
        report["shipped"] = {"brier_second_half": round(brier, 5), "states": len(tx),
                             "improvement": round(1 - brier / report["baseline"]["brier_second_half"], 4),
                             "reliability": [(round(p, 3), round(q, 3), n) for p, q, n in reliability(tx, ty, shipped)]}
    report["seconds_playing"] = round(played, 1)
    print(json.dumps(report, indent=1))
    if a.svg:
        shown = ("shipped", "baseline") if a.shipped else ("model", "baseline")
        write_text(a.svg, svg({n: [tuple(r) for r in report[n]["reliability"]] for n in shown}))
    if a.write:
        wm.save(fitted["model"], ROOT / "solver" / "data" / f"win-{a.game}.json")
    if not math.isfinite(gain):
        raise SystemExit("no games to fit")


if __name__ == "__main__":
    main()
