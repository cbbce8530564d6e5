"""Speed of a game's review (``ghostwriter review``), either game's: seeded 2-player games, each reviewed whole.

    python benchmarks/bench_review.py                      # 10 seeds, hard against medium, by value and prestige
    python benchmarks/bench_review.py --games 3 --bots greedy,greedy --objective prestige
    python benchmarks/bench_review.py --game paperback     # 10 seeds, random against hard, by value and score
    python benchmarks/bench_review.py --game paperback --games 3 --bots greedy,hard --objective length

Hardback: each game is played by the engine's bots to the end of its 20th round (target 500, so no one ends it
sooner), its record written as ``play --save`` writes it. Paperback: each game is played to its end by the bots on
the house deck (``tournament --game paperback``'s play function, its record kept as ``tournament --records`` writes
it); a random bot's words rank low, so its turns ask the search for many moves: the hard case. The record is read
back from JSON; then the review is timed as the command runs it: the record read and checked, the log replayed
through the engine, every turn that spelled or passed searched exactly. It reports the median and worst seconds a
review (target: under 2 s) and the median milliseconds a turn, over the shipped dictionary (ENABLE). Results are
printed and written to benchmarks/results/bench_review.json (Paperback's: bench_review_paperback.json).
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # the installed package first (its compiled kernel), else the sources

from benchstats import finish  # noqa: E402

from solver.answers.review import review  # noqa: E402
from solver.bots.registry import bot_seed, make_bot  # noqa: E402
from solver.game.hardback.engine import Game  # noqa: E402
from solver.game.hardback.options import GameOptions  # noqa: E402
from solver.game.hardback.replay import record_json  # noqa: E402
from solver.game.hardback.state import Phase  # noqa: E402
from solver.game.saved import FORMATS, AnyFormat  # noqa: E402
from solver.lexicon import Lexicon, default_lexicon  # noqa: E402
from solver.objectives import GameObjective  # noqa: E402
from solver.paperback.deck import house_deck  # noqa: E402
from solver.tournament.paperback import PaperbackPlay  # noqa: E402

ROUNDS = 20
TARGET_S = 2.0


def hardback_game(lex: Lexicon, bots: list[str], seed: int) -> str:
    """A game of 20 rounds between the bots, as its record's JSON text."""
    game = Game.new(GameOptions(players=len(bots), target=500, max_turns=ROUNDS), seed, lex)
    players = [make_bot(name, lex, bot_seed(seed, i)) for i, name in enumerate(bots)]
    while game.state.phase != Phase.OVER:
        players[game.state.acting].play_turn(game)
    return json.dumps(record_json(game, bots, None))


def paperback_game(lex: Lexicon, bots: list[str], seed: int) -> str:
    """A whole game between the bots on the house deck, as its record's JSON text."""
    record = PaperbackPlay.of(house_deck(), keep_log=True)(bots, seed, None, lex)
    return json.dumps(record.extra["record"])


@dataclass(frozen=True)
class Bench:
    """What one game's benchmark plays and says: its games, default bots and objectives, its report's own fields
    (``bots`` among them, in its place), its heading, and the width of an objective's name in a line."""

    play: Callable[[Lexicon, list[str], int], str]
    bots: str
    objectives: tuple[str, str]
    fields: dict[str, Any]
    games: str
    width: int
    out: str


BENCHES = {
    "hardback": Bench(
        hardback_game, "hard,medium", ("value", "prestige"), {"bots": None, "rounds": ROUNDS},
        f"games of {ROUNDS} rounds", 8, "bench_review.json",
    ),
    "paperback": Bench(
        paperback_game, "random,hard", ("value", "score"), {"game": "paperback", "deck": "house", "bots": None},
        "Paperback games (house deck)", 6, "bench_review_paperback.json",
    ),
}


def timed(fmt: AnyFormat, lex: Lexicon, text: str, objective: GameObjective) -> tuple[float, int, bool]:
    """Seconds to review a record's text, the turns reviewed, and whether every one was exact."""
    start = time.perf_counter()
    record = fmt.read(json.loads(text))
    _, turns = fmt.replay(record, lex)
    rev = review(fmt.review, lex, turns, objective)
    return time.perf_counter() - start, len(rev.turns), rev.exact


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", choices=sorted(BENCHES), default="hardback", help="the game (default hardback)")
    ap.add_argument("--games", type=int, default=10, help="seeded games (default 10)")
    ap.add_argument("--seed", type=int, default=1, help="the first game's seed (then +1 each)")
    ap.add_argument("--bots", default=None, help="the two bots (default hard,medium; Paperback: random,hard)")
    ap.add_argument("--objective", action="append", help="objective(s) to review by (default value and prestige; "
                    "Paperback: value and score)")
    ap.add_argument("--out", type=Path, default=None, help="the report (default benchmarks/results/bench_review"
                    ".json; Paperback: bench_review_paperback.json)")
    args = ap.parse_args(argv)
    bench, fmt = BENCHES[args.game], FORMATS[args.game]
    bots = [b.strip() for b in (args.bots or bench.bots).split(",")]
    names = [o.value for o in fmt.objectives]
    if any(o not in names for o in args.objective or ()):
        ap.error(f"--objective: {args.game} takes {', '.join(names)}")
    objectives = [fmt.objectives(o) for o in (args.objective or bench.objectives)]
    lex = default_lexicon()
    records = [bench.play(lex, bots, args.seed + i) for i in range(args.games)]
    timed(fmt, lex, records[0], objectives[0])  # warm: the lexicon's pages and tables, the kernel
    report: dict[str, Any] = {"machine": platform.platform(), "python": platform.python_version(), **bench.fields}
    report["bots"] = bots  # in its place among the game's own fields
    report |= {"seeds": [args.seed + i for i in range(args.games)], "target_s": TARGET_S, "objectives": {}}
    failures: list[str] = []
    print(f"review of {args.games} seeded {'-vs-'.join(bots)} {bench.games} over {lex.name}")
    for objective in objectives:
        runs = [timed(fmt, lex, text, objective) for text in records]
        seconds = [s for s, _, _ in runs]
        turns = [n for _, n, _ in runs]
        part: dict[str, Any] = {
            "games": len(runs),
            "turns": turns,
            "median_s": round(statistics.median(seconds), 4),
            "worst_s": round(max(seconds), 4),
            "median_ms_a_turn": round(statistics.median([1000 * s / n for s, n, _ in runs if n]), 3),
            "exact": all(e for _, _, e in runs),
            "met": max(seconds) < TARGET_S,
        }
        report["objectives"][objective.value] = part
        if not part["exact"]:
            failures.append(f"{objective.value}: a review without a time limit was not exact")
        print(
            f"  by {objective.value:<{bench.width}}: median {part['median_s']:.3f} s, worst {part['worst_s']:.3f} s "
            f"a review ({part['median_ms_a_turn']:.2f} ms a turn; {min(turns)}-{max(turns)} turns); target under "
            f"{TARGET_S:g} s: {'ok' if part['met'] else 'MISSED'}"
        )
    return finish(report, failures, args.out or ROOT / "benchmarks" / "results" / bench.out)


if __name__ == "__main__":
    sys.exit(main())
