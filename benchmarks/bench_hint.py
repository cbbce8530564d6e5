"""Speed of the Hardback ghost writer over many seeded hands and named hard ones, beside its baselines in the run.

    .venv/bin/python benchmarks/bench_hint.py                   # the full run: 200 hands a size (10-20 minutes)
    .venv/bin/python benchmarks/bench_hint.py --quick           # 20 hands a size, a 2 s limit: a smoke run
    .venv/bin/python benchmarks/bench_hint.py --only 12 --hands 50
    .venv/bin/python benchmarks/bench_hint.py --engine both     # python and compiled, alternated on every hand

Every query is ``Search(lexicon, state, time_limit=LIMIT).top(5)`` by value over the full ENABLE list, in process,
timed from the search's construction to its answer (the state is parsed before). It reports, per group:
- seeded random hands (``random_state``): 5 cards; 5 cards with a classic or an inked card; 8 cards; 12 cards,
  200 of each by default (hand i of a group from seed GROUPS[group].seed0 + i);
- the named hard hands (``ADVERSARIAL``): uncover chains, Romance doubles, Mystery N's per-wild prestige, the two
  8-card hands issue 14 found slow, 24-card hands; each reported on its own line too;
- hands, median, p99 (nearest rank: of 200 hands the third slowest), worst, how many hands the time limit cut
  (``search.exact`` False: a cut hand's time is the limit, not its cost) and the median of the search steps
  (``search.budget.ticks``);
- the naive pass on the first ``--naive`` exact hands of each random group: every word the hand's length allows
  solved one by one, with no bounds, by the same per-word solver (Python's); all the words for 5 cards, a sample
  scaled to the whole list for 8 and 12, within ``--naive-cap`` seconds a hand (past it, scaled from the words it
  solved; the table says how many hands were capped). Its median and the median of its ratio to the search, hand
  by hand. Where it saw every word its best value must equal the search's, else it must not beat it;
- the brute-force oracle of the tests (``tests/oracle.py``) against the search on the worked examples' word list
  (3,012 words), 5-card hands with a classic or an inked card, by value and by prestige: the same best move;
- with ``--engine both``: each hand under both engines in one process, their order alternated hand by hand, the
  same top 5 (words and values) asserted wherever both are exact, and the speed ratio;
- the command line from start to printed answer, and its peak memory.
Results are printed (Markdown tables) and written to benchmarks/results/bench_hint.json with every hand's seed,
cards, time, steps and best word. The exit code is 1 when anything disagreed (the naive pass, the oracle, the
engines): the figures are printed all the same.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # the installed package first (its compiled kernel), else the sources
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from benchstats import (  # noqa: E402
    Defaults,
    EngineRun,
    Sample,
    Tally,
    engine_kwargs,
    finish,
    flag_parser,
    hand_record,
    ms,
    parse_flags,
    print_start,
    print_tables,
    report_head,
)
from hands import box_state, game_states  # noqa: E402

from solver.budget import OutOfTime  # noqa: E402
from solver.hardback.catalogue import Catalogue  # noqa: E402
from solver.hardback.moves import Move  # noqa: E402
from solver.hardback.objectives import Objective  # noqa: E402
from solver.hardback.state import TurnState  # noqa: E402
from solver.lexicon import Lexicon, default_lexicon, load_word_file  # noqa: E402
from solver.search.hardback import Search  # noqa: E402
from solver.search.hardback.compiled import default_engine  # noqa: E402
from solver.search.setup import Collections, settle_heap  # noqa: E402

from oracle import OracleMove, oracle_best  # noqa: E402

LIMIT = 20.0  # seconds a hint may take before it returns what it has (then counted as cut by the limit)
QUICK_LIMIT = 2.0  # --quick's limit, so that a smoke run stays short whatever the hands
NAIVE_CAP = 10.0  # seconds the naive pass may take a hand; it is then scaled from the words it solved
NAIVE_QUICK_CAP = 2.0
TOP = 5
EPS = 1e-6
CARDS = list(Catalogue.hardback())
OFFER = [c.code for c in CARDS if not c.is_starter and not c.timeless]
CLASSICS = [c.code for c in CARDS if c.timeless]
STARTERS = [c.code for c in CARDS if c.is_starter]
RESULTS = ROOT / "benchmarks" / "results" / "bench_hint.json"


def random_state(seed: int, size: int) -> dict[str, Any]:
    """A plausible turn: offer cards and starters. Five cards come with one more, drawn with ink or a timeless
    classic of the player's in play (the 5-card target names one); larger hands hold ``size`` cards in all,
    one of them drawn with ink half the time."""
    rng = random.Random(seed)
    n_offer = rng.randint(size // 3, size - 1)
    cards = rng.sample(OFFER, n_offer + 1)
    hand = cards[:n_offer] + rng.sample(STARTERS, size - n_offer)
    inked = rng.random() < 0.5
    if size == 5:
        if inked:
            return {"hand": hand, "inked": [cards[-1]]}
        return {"hand": hand, "timeless": {"mine": [rng.choice(CLASSICS)]}}
    return {"hand": hand[1:], "inked": hand[:1]} if inked else {"hand": hand}


def plain_state(seed: int, size: int) -> dict[str, Any]:
    """``random_state``'s hand alone: no inked card, no classic in play (bench_service's --plain hands)."""
    return {"hand": random_state(seed, size)["hand"]}


@dataclass(frozen=True)
class Group:
    """Seeded random hands of one kind: seed ``seed0 + i`` for the i-th; the naive pass sees ``sample`` of the
    words (1: all of them)."""

    label: str
    size: int
    seed0: int
    sample: float
    make: Callable[[int, int], dict[str, Any]]

    def state(self, i: int) -> dict[str, Any]:
        return self.make(self.seed0 + i, self.size)


GAME_SEED0 = 700_000  # the bot games' seeds (``hands.game_states``)
_game_hands: list[dict[str, Any]] = []  # dealt once a run, as many as asked


def game_state(seed: int, size: int) -> dict[str, Any]:
    """The (seed - GAME_SEED0)-th turn state the bots spelled from in seeded games (``hands.game_states``); its
    size is the game's (``size`` unused)."""
    i = seed - GAME_SEED0
    if i >= len(_game_hands):
        _game_hands[:] = game_states(default_lexicon(), max(2 * i + 2, 20), GAME_SEED0)
    return _game_hands[i]


GROUPS = {
    "5": Group("5 cards", 5, 100_000, 1.0, plain_state),
    "5+": Group("5 cards + classic/inked", 5, 200_000, 1.0, random_state),
    "8": Group("8 cards", 8, 300_000, 0.1, random_state),
    "12": Group("12 cards", 12, 400_000, 0.02, random_state),
    "box12": Group("12 cards from the whole box", 12, 500_000, 0.02, box_state),
    "game": Group("dealt in bot games (medium, hard)", 0, GAME_SEED0, 0.1, game_state),
}
ORACLE_SEED0 = 77  # the oracle's hands: random_state(77 + i, 5)

# Named hard hands. Uncoverers flip an adjacent face-down card (a wild) face-up, so it pays too: a hand of
# uncoverers and rich cards whose letters rarely fit (K9, F8, U9, V9, which uncovers in turn) makes chains.
# Romance doublers double an adjacent face-up card; several of them, with Mystery uncovers to share, make the bound
# loose (issue 14: "three Romance doublers and V9 sharing two uncovers"). Mystery N gains a prestige per wild in the
# word once another Mystery card is active. Each card is in the box as many times as it is used here.
MYSTERY_ROMANCE_24 = [
    *["m:A3", "m:C5", "m:D4", "m:E4", "m:G6", "m:I5", "m:J8", "m:K2", "m:K4", "m:L6", "m:M3"],
    *["r:B3", "r:D4", "r:F6", "r:H7", "r:J6", "r:L8", "r:O4", "r:P6", "r:S4", "r:U9", "r:W4", "r:Y4", "r:Z5"],
]  # tests/search/test_hostile.py's hand that a hostile user sent
ADVERSARIAL: dict[str, dict[str, Any]] = {
    "5 cards: Mystery N, a double, an inked uncoverer, classics on both sides": {
        "hand": ["m:N7", "r:J6", "T", "S", "E"], "inked": ["m:A3"],
        "timeless": {"mine": ["m:T8"], "others": ["r:O8"]},
    },
    "uncover chain, 8 cards": {"hand": ["m:A3", "m:D4", "m:T6", "m:V9", "r:U9", "a:K9", "T", "E"]},
    "uncover chain, 12 cards": {
        "hand": ["m:A3", "m:D4", "m:I5", "m:V9", "m:J8", "r:U9", "r:L8", "a:K9", "a:F8", "E", "S", "T"],
    },
    "Romance doubles, 8 cards": {"hand": ["r:F6", "r:J6", "r:P6", "r:S4", "T", "N", "E", "A"]},
    "Romance doubles, 12 cards": {
        "hand": ["r:F6", "r:J6", "r:P6", "r:W4", "r:S4", "r:H7", "E", "A", "T", "S", "R", "N"],
    },
    "Romance doubles sharing two uncovers with V9, 12 cards": {
        "hand": ["r:F6", "r:J6", "r:P6", "m:V9", "m:A3", "m:D4", "E", "A", "T", "S", "R", "N"],
    },
    "Mystery N with Romance doubles, 8 cards": {"hand": ["m:N7", "m:O3", "r:J6", "r:F6", "E", "N", "S", "R"]},
    "Mystery N with uncovers, 12 cards": {
        "hand": ["m:N7", "m:A3", "m:D4", "m:M3", "m:K2", "E", "A", "S", "T", "R", "N", "L"],
    },
    "Mystery N among Mystery cards, 12 cards": {
        "hand": ["m:N7", "m:A3", "m:D4", "m:M3", "m:K2", "m:Z5", "m:Y7", "E", "A", "S", "T", "R"],
    },
    "issue 14's slow 8-card hand (O3 J6 A3 N7)": {
        "hand": ["mystery:O3", "romance:J6", "horror:A3", "mystery:N7", "T", "N", "S", "R"],
    },
    "issue 14's slow 8-card hand (B3 N7 S4 R4)": {
        "hand": ["romance:B3", "mystery:N7", "romance:S4", "mystery:R4", "R", "A", "R", "A"],
    },
    "issue 32: Mystery N7 among Mystery cards, classics in hand, T8 in play": {
        "hand": ["mystery:R6", "mystery:N7", "romance:K5", "M", "D", "mystery:R4", "mystery:F5", "romance:O8",
                 "horror:E5", "mystery:A5", "O", "E"],
        "timeless": {"mine": ["mystery:T8"]},
    },
    "issue 32: Mystery N7, two Romance doublers, three uncoverers": {
        "hand": ["D", "I", "horror:D4", "adventure:V2", "romance:F6", "romance:N2", "mystery:P4", "mystery:N7",
                 "mystery:K4", "mystery:T6", "horror:I4", "romance:P6"],
        "timeless": {"others": ["adventure:C5"]},
    },
    "issue 32: the box's worst, Mystery N7 with Romance doubles and T8 in play": {  # hands.box_state(50159, 12)
        "hand": ["adventure:Y4", "mystery:O3", "adventure:W5", "mystery:N7", "romance:W4", "romance:F6", "romance:K5",
                 "adventure:G6", "mystery:C5", "horror:J5", "mystery:E4", "S"],
        "timeless": {"mine": ["mystery:T8"]},
    },
    "issue 32: the box's seed 500191, Mystery N7 with Romance U9 and L8, five uncoverers, O8 in play": {
        "hand": ["mystery:Y7", "mystery:K4", "mystery:K2", "romance:A4", "romance:U9", "G", "mystery:W4", "romance:L8",
                 "mystery:Q5", "horror:E8", "mystery:N7", "horror:W5"],
        "timeless": {"mine": ["romance:O8"]},
    },  # hands.box_state(500191, 12)
    "24 Mystery and Romance cards": {"hand": MYSTERY_ROMANCE_24},
    "24 cards of every genre": {
        "hand": [
            *["a:B4", "a:D4", "a:G2", "a:P4", "a:R3", "a:T4"], *["h:C5", "h:G4", "h:I4", "h:M3", "h:S2", "h:U2"],
            *["r:F6", "r:J6", "r:S4", "r:E2"], *["m:N7", "m:A3", "m:D4", "m:R4"], "E", "A", "S", "T",
        ],
    },
}


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    t = time.perf_counter()
    out = fn()
    return time.perf_counter() - t, out


GC = Collections()  # full collections, timed; ``inside`` is on during each query (``query``)


def query(lex: Lexicon, state: TurnState, engine: str, limit: float, parse_ms: float = 0.0) -> Sample:
    """One hint, top 5 by value, timed from the search's construction to its answer encoded to JSON (wall clock);
    and its CPU time in two parts: the set-up beyond the search (``parse_ms``, the state read, then the pool and
    resolver, the kernel's packing, the moves explained and encoded) and the search proper (the word bounds and the
    best-first loop); the full collections over 10 ms that fell inside it."""
    before = GC.long_inside()
    GC.inside = True
    try:
        t, c0 = time.perf_counter(), time.thread_time()
        search = Search(lex, state, time_limit=limit, **engine_kwargs(Search, engine))
        c1 = time.thread_time()
        _ = search.bounds  # (``Search.top``'s own steps, the phases apart)
        c2 = time.thread_time()
        _ = search.solver
        c3 = time.thread_time()
        placements = search.top_placements(TOP)
        c4 = time.thread_time()
        moves = [search.move(p) for p in placements]
        json.dumps({"moves": [m.to_json() for m in moves], "objective": "value"}, ensure_ascii=False)
        c5, elapsed = time.thread_time(), time.perf_counter() - t
    finally:
        GC.inside = False
    setup = parse_ms + ((c1 - c0) + (c3 - c2) + (c5 - c4)) * 1e3
    return Sample(elapsed * 1e3, search.exact, search.budget.ticks, [(m.word, m.value) for m in moves],
                  setup_ms=setup, search_ms=((c2 - c1) + (c4 - c3)) * 1e3, gc_long=GC.long_inside() - before)


def same_top(a: Sample, b: Sample) -> bool:
    """The same values rank by rank, and the same words above the last value listed. Which words worth exactly
    the last value fill the list depends on the order the search met them (with a time limit, on the layouts made
    at its checkpoint): the README's Limits say so."""
    if len(a.top) != len(b.top) or any(abs(va - vb) >= EPS for (_, va), (_, vb) in zip(a.top, b.top, strict=True)):
        return False
    if not a.top:
        return True
    last = a.top[-1][1]
    return {w for w, v in a.top if v > last + EPS} == {w for w, v in b.top if v > last + EPS}


class Run(EngineRun):
    """One benchmark run: its settings, each group's summaries, and what disagreed."""

    def __init__(self, lex: Lexicon, engines: tuple[str, ...], limit: float, naive_cap: float) -> None:
        super().__init__(lex, engines, limit)
        self.naive_cap = naive_cap
        self.parse_ms = 0.0

    def parse(self, data: dict[str, Any]) -> TurnState:
        c = time.thread_time()
        state = TurnState.from_json(data)
        self.parse_ms = (time.thread_time() - c) * 1e3  # (each engine's set-up counts it)
        return state

    def query(self, state: TurnState, engine: str) -> Sample:
        return query(self.lex, state, engine, self.limit, self.parse_ms)

    def same_top(self, a: Sample, b: Sample) -> bool:
        return same_top(a, b)

    def naive(self, data: dict[str, Any], sample: float, seed: int, fast: Sample) -> Naive:
        """The naive pass over one hand, checked against the search."""
        state = TurnState.from_json(data)
        n = naive_best(self.lex, state, sample, random.Random(seed), self.naive_cap)
        got = fast.top[0][1] if fast.top else float("-inf")
        if (n.share >= 1 and abs(n.best - got) > EPS) or n.best > got + EPS:
            self.failures.append(f"naive pass and search disagree on {json.dumps(data)}: {n.best} against {got}")
        return n


@dataclass(frozen=True)
class Naive:
    """A naive pass: its time scaled to every word of the hand's lengths, the share of them it solved (less than
    the sample asked when its time cap ran out), and the best value it saw."""

    ms: float
    share: float
    best: float


def naive_best(lex: Lexicon, state: TurnState, sample: float, rng: random.Random, cap: float) -> Naive:
    """Solve every word (or a random sample of them, in random order) one by one with no bounds, for at most ``cap``
    seconds: some hands make single words cost seconds, and a pass over them would run for an hour."""
    search = Search(lex, state, Objective.VALUE)
    cards = len(state.hand) + len(state.inked) + len(state.mine) + len(state.others)
    lo, hi = lex.length_range(state.options.min_length, cards)
    indices = list(range(lo, hi)) if sample >= 1 else rng.sample(range(lo, hi), int((hi - lo) * sample))
    best = float("-inf")
    done = 0
    search.budget.start(cap, None)
    t = time.perf_counter()
    try:
        for i in indices:
            p = search.solver.solve(lex.word(i))
            if p is not None and p.value > best:
                best = p.value
            done += 1
    except OutOfTime:
        pass
    seconds = time.perf_counter() - t
    total = max(hi - lo, 1)
    return Naive(seconds * 1e3 * total / max(done, 1), done / total, best)


def run_group(run: Run, key: str, hands: int, naive_hands: int) -> dict[str, Any]:
    """The seeded random hands of one group, the naive pass on the first exact ones."""
    g = GROUPS[key]
    tally = Tally(run.engines)
    naive: list[tuple[Naive, dict[str, Sample]]] = []
    for i in range(hands):
        data = g.state(i)
        samples = run.measure(data)
        record = tally.add(samples, hand_record(data, samples, {"seed": g.seed0 + i}))
        if len(naive) < naive_hands and all(s.exact for s in samples.values()):
            n = run.naive(data, g.sample, g.seed0 + i, samples["python" if "python" in samples else run.engines[0]])
            naive.append((n, samples))
            record["naive"] = {"ms": round(n.ms, 1), "share": round(n.share, 5)}
    summaries = tally.summaries()
    run.summaries.append((g.label, summaries))
    for e, summary in summaries.items():
        if naive:
            summary.naive = {
                "hands": len(naive),
                "sample": g.sample,
                "capped": sum(n.share < g.sample * 0.999 for n, _ in naive),
                "cap_s": run.naive_cap,
                "median_ms": statistics.median(n.ms for n, _ in naive),
                "ratio": statistics.median(n.ms / by[e].ms for n, by in naive),
            }
    return tally.part(g.label, summaries, seeds=[g.seed0, g.seed0 + hands - 1])


def run_named(run: Run) -> dict[str, Any]:
    tally = Tally(run.engines)
    for name, data in ADVERSARIAL.items():
        samples = run.measure(data)
        tally.add(samples, hand_record(data, samples, {"name": name}))
    summaries = tally.summaries()
    run.summaries.append((f"named hard hands ({len(ADVERSARIAL)})", summaries))
    return tally.part("named hard hands", summaries, wall=False)


def run_oracle(run: Run, hands: int) -> dict[str, Any]:
    """The brute-force oracle against the search on the worked examples' words, by value and by prestige. The
    oracle is timed by value, its first query of a hand (it keeps a hand's enumeration for the next objective)."""
    small = load_word_file(ROOT / "tests" / "data" / "examples-words.txt")
    words = list(small.words())
    objectives = (Objective.VALUE, Objective.PRESTIGE)
    o_times: list[float] = []
    f_times: dict[tuple[Objective, str], list[float]] = {(o, e): [] for o in objectives for e in run.engines}
    for i in range(hands):
        data = random_state(ORACLE_SEED0 + i, 5)
        state = TurnState.from_json(data)
        for objective in objectives:
            t = time.perf_counter()
            want = oracle_best(state, words, objective)
            if objective is Objective.VALUE:
                o_times.append((time.perf_counter() - t) * 1e3)
            for engine in run.engines:
                t = time.perf_counter()
                got = Search(small, state, objective, **engine_kwargs(Search, engine)).top(1)
                f_times[objective, engine].append((time.perf_counter() - t) * 1e3)
                if not oracle_agrees(want, got, objective):
                    best = f"{got[0].word} {got[0].prestige}p {got[0].coins}c {got[0].value:g}" if got else "none"
                    run.failures.append(
                        f"oracle and search ({engine}) disagree on {json.dumps(data)} by {objective.value}: {best}"
                    )
    return {
        "words": len(words),
        "hands": hands,
        "seeds": [ORACLE_SEED0, ORACLE_SEED0 + hands - 1],
        "oracle_median_ms_by_value": statistics.median(o_times),
        "search_median_ms": {f"{o.value} {e}": statistics.median(t) for (o, e), t in f_times.items()},
        "ratio_by_value": {
            e: statistics.median(o / f for o, f in zip(o_times, f_times[Objective.VALUE, e], strict=True))
            for e in run.engines
        },
    }


def oracle_agrees(want: dict[str, OracleMove], got: list[Move], objective: Objective) -> bool:
    """Whether the search's best move is one of the oracle's best: the same best totals, and the oracle's best for
    the search's word reaches them."""
    if not want or not got:
        return not want and not got
    if objective is Objective.VALUE:
        best = max(m.value for m in want.values())
        return abs(got[0].value - best) < EPS and abs(want[got[0].word].value - best) < EPS
    top = max((m.prestige, m.coins) for m in want.values())
    mine = want.get(got[0].word)
    return mine is not None and (got[0].prestige, got[0].coins) == top == (mine.prestige, mine.coins)


def run_cli(runs: int) -> dict[str, Any]:
    """The command line from start to printed answer (the default engine), after one run to warm the cache."""
    exe = [sys.executable, "-m", "solver.cli"]
    cmd = [*exe, "hint", "r:F6", "E", "a:A5", "S", "T", "--inked", "h:H7", "--mine", "m:A5", "--others", "r:K5"]
    subprocess.run(cmd, capture_output=True, check=True, cwd=ROOT)
    cli = [timed(lambda: subprocess.run(cmd, capture_output=True, check=True, cwd=ROOT))[0] * 1e3 for _ in range(runs)]
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return {"runs": runs, "median_ms": statistics.median(cli), "max_ms": max(cli), "peak_mb": peak_mb}


def describe(r: dict[str, Any], engine: str) -> str:
    who = f"seed {r['seed']}" if "seed" in r else r["name"]
    cut = "" if r["exact"][engine] else ", CUT by the limit"
    return f"{who}: {ms(r['ms'][engine])}, {r['nodes'][engine]:,} steps{cut}; {json.dumps(r['state'])}"


SECTIONS = [*GROUPS, "named", "oracle", "cli"]


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The flags, with what --quick changes filled in."""
    ap = flag_parser(__doc__, f"20 hands a size, {QUICK_LIMIT:g} s limit, fewer baselines", 10)
    ap.add_argument("--naive-cap", type=float, help=f"seconds the naive pass may spend on a hand (default "
                    f"{NAIVE_CAP:g}, --quick {NAIVE_QUICK_CAP:g})")
    ap.add_argument("--oracle", type=int, help="hands the oracle solves (default 10, --quick 3)")
    ap.add_argument("--cli", type=int, help="runs of the command line (default 15, --quick 5)")
    engine_help = "the per-word search's engine (default: the compiled kernel where it was built)"
    args = parse_flags(ap, argv, Defaults(LIMIT, QUICK_LIMIT, 10, default_engine(), engine_help, SECTIONS, RESULTS,
                                          Search))
    args.oracle = args.oracle if args.oracle is not None else (3 if args.quick else 10)
    args.cli = args.cli if args.cli is not None else (5 if args.quick else 15)
    args.naive_cap = args.naive_cap or (NAIVE_QUICK_CAP if args.quick else NAIVE_CAP)
    return args


def print_oracle(o: dict[str, Any], engines: tuple[str, ...], hands: int) -> None:
    searched = ", ".join(
        f"search [{e}] {ms(o['search_median_ms'][f'value {e}'])} (x{o['ratio_by_value'][e]:,.0f})" for e in engines
    )
    print(f"\noracle on {o['words']:,} words, {hands} hands of 5 cards + classic/inked, by value: "
          f"oracle {ms(o['oracle_median_ms_by_value'])}, {searched}; best moves compared by value and by "
          f"prestige")


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    engines, only = args.engines, args.only
    lex = default_lexicon()
    run = Run(lex, engines, args.limit, args.naive_cap)
    for engine in engines:  # warm what every search shares (the lexicon's arrays, card profiles), untimed
        for data in (random_state(1, 5), random_state(2, 8)):
            query(lex, TurnState.from_json(data), engine, args.limit)
    settle_heap()  # as the service and the command line do once their tables are loaded
    GC.__enter__()
    report = report_head(lex, args.limit, TOP, engines, argv)
    print_start(lex, args.hands, args.limit, engines)
    for key in GROUPS:
        if key in only:
            part = run_group(run, key, args.hands, args.naive)
            report["groups"][key] = part
            print(f"  {part['label']}: done in {part['wall_s']} s", flush=True)
    if "named" in only:
        report["named"] = run_named(run)
    print_tables(run, report, "nodes", " (cut)", describe)
    if "oracle" in only and args.oracle > 0:
        report["oracle"] = run_oracle(run, args.oracle)
        print_oracle(report["oracle"], engines, args.oracle)
    if "cli" in only and args.cli > 0:
        report["cli"] = c = run_cli(args.cli)
        print(f"\ncommand line, start to answer ({args.cli} runs): median {ms(c['median_ms'])}, "
              f"worst {ms(c['max_ms'])}; peak memory {c['peak_mb']:.0f} MB")
    return finish(report, run.failures, args.out)


if __name__ == "__main__":
    raise SystemExit(main())
