"""Speed of the Paperback ghost writer over many seeded hands and named hard ones, beside a naive pass in the run.

    .venv/bin/python benchmarks/bench_paperback.py               # 200 seeded hands of 5 and of 10 cards, named hands
    .venv/bin/python benchmarks/bench_paperback.py --quick       # 20 hands a size, a 2 s limit: a smoke run
    .venv/bin/python benchmarks/bench_paperback.py --only 10 --hands 50 [--engine both]

Every query is ``PaperbackSearch(lexicon, state, time_limit=LIMIT).top(5)`` by score over the shipped dictionary,
in process, timed from the search's construction to its answer; each hand is timed once, cold (only what all
hands share was warmed first). Hands: seeded random hands of 5 and of 10 cards (``hand``: letters weighted as in
English, some two-letter cards, wilds, abilities drawn from the vocabulary, a Common card), hand i of a group from
seed SEEDS[group] + i; and the named hard hands (``ADVERSARIAL``: many wilds, the Spacebar, the Dyslexic, stacked
doublers, 24 cards). Per group: hands, median, p99 (nearest rank), worst, how many are not proven exact (column
"cut": ``search.exact`` False, cut by the time limit or past the cap on Spacebar pairs; ``search.reason`` says
which, in the JSON and the list of slowest hands) and the median of the layout steps (``search.steps.taken``).

The naive pass, on the first ``--naive`` hands of each random group: every word of the dictionary solved one by
one with the same exact per-word solver (timed on ``--sample`` words, scaled to the whole list); it must not beat
the search's best score. With ``--engine both`` (once ``PaperbackSearch`` takes an ``engine``), each hand runs
under both engines, alternated, and their top 5 must agree. Results are printed and written to
benchmarks/results/bench_paperback.json; the exit code is 1 when anything disagreed.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # the installed package first (its compiled kernel), else the sources
sys.path.insert(0, str(ROOT / "benchmarks"))

import benchstats as bs  # noqa: E402

from solver.lexicon import Lexicon, default_lexicon  # noqa: E402
from solver.paperback.state import PaperbackTurn  # noqa: E402
from solver.search.hardback.compiled import default_engine  # noqa: E402
from solver.search.paperback import PaperbackSearch  # noqa: E402

LIMIT = 20.0
QUICK_LIMIT = 2.0
NAIVE_CAP = 10.0  # seconds the naive pass may take a hand (it takes about 0.05 s on the 4,000 words of its sample)
TOP = 5
RESULTS = ROOT / "benchmarks" / "results" / "bench_paperback.json"
FREQ = "eeeeeeeeeeeeaaaaaaaaaiiiiiiiiioooooooonnnnnnrrrrrrttttttllllssssuuuuddddgggbbccmmppffhhvvwwyykjxqz"
PAIRS = ["th", "er", "in", "ed", "es", "on", "an", "re", "st", "ng", "qu", "ch", "sh", "ly", "ou"]
ABILITIES = ["", "", "", ":+1", ":+2", ":double-word", ":double-letter", ":first:+2", ":last:+2", ":len>=7:+3",
             ":nowild:+2", ":wilds:+1", ":cards+1", ":trash-hand"]
SEEDS = {"5": 500_000, "10": 600_000}  # hand i of a group: random.Random(SEEDS[group] + i)

ADVERSARIAL: dict[str, dict[str, Any]] = {
    "6 wilds and 4 letters": {"hand": ["?", "?", "?", "?", "?", "?", "E/1", "S/1", "T/1", "R/1"], "common": "O/1"},
    "8 wilds and two letters paying per wild": {
        "hand": ["?", "?", "?", "?", "?", "?", "?", "?", "E/1:wilds:+1", "S/1:wilds:+2"],
    },
    "Spacebar, 10 cards": {
        "hand": ["E/1", "A/1", "T/1", "S/1", "R/1", "N/1", "I/1", "O/1", "L/1", "D/2"], "common": "spacebar",
    },
    "Spacebar with wilds and two-letter cards, 10 cards": {
        "hand": ["?", "?", "?", "TH/3", "ER/2", "IN/2", "E/1", "S/1", "A/1:double-word", "R/1"], "common": "spacebar",
    },
    "Dyslexic with two-letter cards, 10 cards": {
        "hand": ["TH/3", "ER/2", "IN/2", "ED/2", "ES/2", "ON/2", "AN/2", "RE/2", "?", "?"], "common": "dyslexic",
    },
    "stacked doublers and bonuses, 10 cards": {
        "hand": ["E/1:double-word", "A/1:double-word", "T/1:double-letter", "S/1:double-letter", "R/2:first:+2",
                 "N/2:last:+2", "I/1:len>=7:+3", "O/1:nowild:+2", "L/1:wilds:+1", "?"],
        "common": "E/1",
    },
    "24 cards": {
        "hand": ["E/1", "E/1", "A/1", "A/1", "I/1", "O/1", "T/1", "N/1", "S/1", "R/1", "L/1", "D/2", "C/2", "M/2",
                 "P/2", "TH/3", "ER/2", "IN/2", "ED/2", "?", "?", "?", "Q/5:double-word", "X/4"],
        "common": "O/1",
    },
    "24 cards with the Spacebar": {
        "hand": ["E/1", "E/1", "A/1", "A/1", "I/1", "O/1", "T/1", "N/1", "S/1", "R/1", "L/1", "D/2", "C/2", "M/2",
                 "P/2", "TH/3", "ER/2", "IN/2", "U/1", "?", "?", "?", "K/4:double-word", "X/4"],
        "common": "spacebar",
    },
}


COMMONS: list[str | None] = ["E/1", "I/1", "O/1", "dyslexic", None]


def hand(
    rng: random.Random, n: int, abilities: list[str] = ABILITIES, commons: list[str | None] = COMMONS
) -> dict[str, Any]:
    """A random state of n cards: letters weighted as in English, some two-letter cards, a fifth wilds, abilities
    drawn from the vocabulary, a Common card (or none)."""
    cards = []
    for _ in range(n):
        r = rng.random()
        if r < 0.2:
            cards.append("?")
        elif r < 0.35:
            cards.append(f"{rng.choice(PAIRS).upper()}/{rng.randint(2, 5)}{rng.choice(abilities)}")
        else:
            cards.append(f"{rng.choice(FREQ).upper()}/{rng.randint(0, 4)}{rng.choice(abilities)}")
    common = rng.choice(commons)
    return {"game": "paperback", "hand": cards, "common": common, "threshold": 7}


def seeded_hand(group: str, i: int) -> dict[str, Any]:
    return hand(random.Random(SEEDS[group] + i), int(group))


def query(lex: Lexicon, state: PaperbackTurn, engine: str, limit: float) -> bs.Sample:
    t = time.perf_counter()
    search = PaperbackSearch(lex, state, time_limit=limit, **bs.engine_kwargs(PaperbackSearch, engine))
    moves = search.top(TOP)
    elapsed = time.perf_counter() - t
    top = [(m.word, float(m.score)) for m in moves]
    return bs.Sample(elapsed * 1e3, search.exact, search.steps.taken, top, search.reason)


def naive_best(lex: Lexicon, state: PaperbackTurn, sample: int, rng: random.Random, cap: float) -> tuple[float, int]:
    """Solve a sample of the dictionary's words one by one, for at most ``cap`` seconds; (milliseconds scaled to every
    word from the words solved, best score)."""
    words = rng.sample(range(len(lex)), min(sample, len(lex)))
    slow = PaperbackSearch(lex, state)
    slow.budget.start(cap, None)
    best = -1
    done = 0
    t = time.perf_counter()
    for i in words:
        m = slow.solve(lex.word(i))
        if not slow.exact:  # the cap ran out inside this word: it is not counted
            break
        if m is not None:
            best = max(best, m.score)
        done += 1
    return (time.perf_counter() - t) * 1e3 * len(lex) / max(done, 1), best


class Run(bs.EngineRun):
    def parse(self, data: dict[str, Any]) -> PaperbackTurn:
        return PaperbackTurn.from_json(data)

    def query(self, state: PaperbackTurn, engine: str) -> bs.Sample:
        return query(self.lex, state, engine, self.limit)


def run_hands(run: Run, label: str, hands: list[tuple[dict[str, Any], dict[str, Any]]],
              naive_hands: int = 0, sample: int = 0) -> dict[str, Any]:
    """Hands (each with what names it: a seed or a name) under every engine; the naive pass on the first exact
    ``naive_hands`` of them."""
    tally = bs.Tally(run.engines)
    naive: list[tuple[float, dict[str, bs.Sample]]] = []
    for data, who in hands:
        samples = run.measure(data)
        rec = tally.add(samples, bs.hand_record(data, samples, who, steps="steps", reasons=True))
        if len(naive) < naive_hands and all(s.exact for s in samples.values()):
            state = PaperbackTurn.from_json(data)
            n_ms, best = naive_best(run.lex, state, sample, random.Random(who.get("seed", 0)), NAIVE_CAP)
            got = samples[run.engines[0]].top[0][1] if samples[run.engines[0]].top else -1
            if best > got:
                run.failures.append(f"the naive pass beat the search on {json.dumps(data)}: {best} > {got}")
            naive.append((n_ms, samples))
            rec["naive_ms"] = round(n_ms, 1)
    summaries = tally.summaries()
    for e, summary in summaries.items():
        if naive:
            summary.naive = {
                "hands": len(naive),
                "sample": sample / len(run.lex),
                "median_ms": statistics.median(n for n, _ in naive),
                "ratio": statistics.median(n / by[e].ms for n, by in naive),
            }
    run.summaries.append((label, summaries))
    return tally.part(label, summaries)


def describe(r: dict[str, Any], engine: str) -> str:
    cut = "" if r["exact"][engine] else f", NOT EXACT: {r['not_exact'][engine]}"
    return f"seed {r['seed']}: {bs.ms(r['ms'][engine])}, {r['steps'][engine]:,} steps{cut}; {json.dumps(r['state'])}"


SECTIONS = [*SEEDS, "named"]


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The flags, with what --quick changes filled in."""
    ap = bs.flag_parser(__doc__, f"20 hands a size, {QUICK_LIMIT:g} s limit, 3 naive hands", 20)
    ap.add_argument("--sample", type=int, default=4000, help="words the naive pass solves, scaled to the whole list")
    return bs.parse_flags(ap, argv, bs.Defaults(LIMIT, QUICK_LIMIT, 20, default_engine(), None, SECTIONS, RESULTS,
                                                PaperbackSearch))


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    engines, hands = args.engines, args.hands
    lex = default_lexicon()
    run = Run(lex, engines, args.limit)
    for engine in engines:  # warm what every search shares (the lexicon's arrays), untimed
        for data in (hand(random.Random(1), 5), hand(random.Random(2), 10), ADVERSARIAL["Spacebar, 10 cards"]):
            query(lex, PaperbackTurn.from_json(data), engine, args.limit)
    bs.print_start(lex, hands, args.limit, engines)
    report = bs.report_head(lex, args.limit, TOP, engines, argv)
    for group in SEEDS:
        if group in args.only:
            seeded = [(seeded_hand(group, i), {"seed": SEEDS[group] + i}) for i in range(hands)]
            part = run_hands(run, f"{group} cards", seeded, args.naive, args.sample)
            part["seeds"] = [SEEDS[group], SEEDS[group] + hands - 1]
            report["groups"][group] = part
            print(f"  {part['label']}: done in {part['wall_s']} s", flush=True)
    if "named" in args.only:
        named = [(data, {"name": name}) for name, data in ADVERSARIAL.items()]
        report["named"] = run_hands(run, f"named hard hands ({len(ADVERSARIAL)})", named)
    bs.print_tables(run, report, "steps", " (not exact)", describe)
    return bs.finish(report, run.failures, args.out)


if __name__ == "__main__":
    raise SystemExit(main())
