"""Every word of a Paperback hand, ours beside the peer solver's (chieffancypants/paperback-solver), on its word list.

    .venv/bin/python benchmarks/bench_paperback_peer.py --peer /tmp/paperback-solver        # 200 hands of 5 and 8
    .venv/bin/python benchmarks/bench_paperback_peer.py --peer /tmp/paperback-solver --hands 20   # a smoke run

The peer is never part of this repository. To bring it beside ours (in /tmp, any folder will do), from its
repository on GitHub (chieffancypants/paperback-solver; a clone, or the project's `fetch`):

    git clone --depth 1 <the peer's repository> /tmp/paperback-solver
    cd /tmp/paperback-solver && npm install --no-save typescript@5.1.6
    npx tsc --target es2020 --module commonjs --outDir build src/lib/wordlist.ts

``benchmarks/peer_paperback.js`` (ours) loads the built matcher with its cap of 50 answers taken off, so both sides
list every word, and times each hand inside Node (``process.hrtime``). Both sides read the peer's word list
(``public/wordlist.txt``, 178,690 words); ours is compiled from it once (cached under /tmp).

Hands: seeded random hands of 5 and of 8 cards (hand i of a size from ``random.Random(SEEDS[size] + i)``: letters
weighted as in English, two-letter cards, a fifth wilds, scores and abilities drawn from the vocabulary, a Common
letter card or none; the peer is given the cards' letters, the Common card's as one more card), then the named hard
hands of ``bench_paperback.ADVERSARIAL`` (the peer is given their letters only: it knows no Spacebar, Dyslexic or
Common card). Each hand is asked of both, alternating which goes first hand by hand, once each, cold but for what
all hands share (warmed first). Ours: ``every_word(PaperbackSearch(lexicon, state, time_limit=LIMIT))``, from the
search's construction to the list of strings. Python's full (generation 2) collections that fall inside our calls are
counted and timed (``gc.callbacks``). Checked: every word the peer lists, ours lists (else the run fails); the words
ours lists and the peer misses are counted.

The named hands are also asked for their best 5 moves (``top(5)``) with a 1 s limit: exact or not, and the time.

Printed as a table, written to benchmarks/results/bench_paperback_peer.json. The machine's load moves both sides: the
ratio is the figure to compare.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # the installed package first (its compiled kernel), else the sources
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_paperback import ADVERSARIAL, hand  # noqa: E402

from solver.lexicon import Lexicon, load_word_file  # noqa: E402
from solver.paperback.state import PaperbackTurn  # noqa: E402
from solver.search.paperback import PaperbackSearch  # noqa: E402
from solver.search.paperback.every import alphabetical, every_word  # noqa: E402
from solver.search.setup import Collections, settle_heap  # noqa: E402

LIMIT = 20.0
NAMED_LIMIT = 1.0
SEEDS = {5: 700_000, 8: 800_000}
ABILITIES = ["", "", "", "", ":+1", ":+2", ":double-word", ":double-letter", ":first:+2", ":last:+2", ":len>=6:+3",
             ":nowild:+2", ":wilds:+1", ":cards+1", ":trash-hand"]
RESULTS = ROOT / "benchmarks" / "results" / "bench_paperback_peer.json"
HARNESS = ROOT / "benchmarks" / "peer_paperback.js"


def random_hand(size: int, i: int, min_length: int) -> dict[str, Any]:
    data = hand(random.Random(SEEDS[size] + i), size, ABILITIES, ["E/1", "I/1", "O/1", None, None])
    return {**data, "options": {"min_length": min_length}}


def tiles(data: dict[str, Any]) -> list[str]:
    """The peer's cards: each card's letters (``?`` a wild), the Common card's as one more when it is a letter card."""
    cards = list(data["hand"]) + ([data["common"]] if data.get("common") else [])
    out = []
    for c in cards:
        letters = c.split("/")[0].split(":")[0]
        if letters == "?" or (letters.isalpha() and len(letters) <= 2):
            out.append(letters.upper())
    return out


class Peer:
    """The peer's matcher in one Node process (``peer_paperback.js``): a hand in, its words and its time out."""

    def __init__(self, folder: Path) -> None:
        if not (folder / "build" / "wordlist.js").is_file():
            sys.exit(f"bench_paperback_peer: no built peer in {folder} (see this file's docstring for the steps)")
        self.proc = subprocess.Popen(["node", str(HARNESS), str(folder)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)

    def ask(self, cards: list[str], min_length: int) -> tuple[float, list[str]]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps({"tiles": cards, "min": min_length}) + "\n")
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline())
        return float(answer["ms"]), [w.lower() for w in answer["words"]]

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=10)


def ours(lex: Lexicon, data: dict[str, Any], gcs: Collections) -> tuple[float, list[str], bool]:
    state = PaperbackTurn.from_json(data)
    gcs.inside = True
    t = time.perf_counter()
    try:
        found = every_word(PaperbackSearch(lex, state, time_limit=LIMIT))
    finally:
        elapsed = (time.perf_counter() - t) * 1e3
        gcs.inside = False
    return elapsed, found.words, found.complete


def compare(lex: Lexicon, peer: Peer, data: dict[str, Any], first: str, gcs: Collections) -> dict[str, Any]:
    """One hand asked of both, ``first`` first."""
    min_length = data["options"]["min_length"]
    if first == "peer":
        peer_ms, peer_words = peer.ask(tiles(data), min_length)
        our_ms, our_words, complete = ours(lex, data, gcs)
    else:
        our_ms, our_words, complete = ours(lex, data, gcs)
        peer_ms, peer_words = peer.ask(tiles(data), min_length)
    mine, theirs = set(our_words), set(peer_words)
    return {"ours_ms": our_ms, "peer_ms": peer_ms, "words": len(our_words), "complete": complete,
            "peer_missed": len(mine - theirs), "peer_only": sorted(theirs - mine)[:10], "peer_only_count":
            len(theirs - mine)}


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[max(0, min(len(s) - 1, round(q * len(s) + 0.5) - 1))]


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    o = [r["ours_ms"] for r in rows]
    p = [r["peer_ms"] for r in rows]
    return {
        "hands": len(rows),
        "words_median": statistics.median(r["words"] for r in rows),
        "words_max": max(r["words"] for r in rows),
        "ours": {"median": statistics.median(o), "p99": pct(o, 0.99), "worst": max(o)},
        "peer": {"median": statistics.median(p), "p99": pct(p, 0.99), "worst": max(p)},
        "ratio_median": statistics.median(p) / statistics.median(o),
        "cut": sum(not r["complete"] for r in rows),
        "peer_missed": {"hands": sum(r["peer_missed"] > 0 for r in rows), "words": sum(r["peer_missed"] for r in rows)},
        "peer_only": sum(r["peer_only_count"] for r in rows),
    }


def named_top(lex: Lexicon) -> dict[str, dict[str, Any]]:
    """The named hands' best 5 moves under a 1 s limit: exact or not, and the milliseconds."""
    out = {}
    for name, spec in ADVERSARIAL.items():
        state = PaperbackTurn.from_json({"game": "paperback", **spec})
        t = time.perf_counter()
        search = PaperbackSearch(lex, state, time_limit=NAMED_LIMIT)
        search.top(5)
        out[name] = {"ms": (time.perf_counter() - t) * 1e3, "exact": search.exact, "reason": search.reason}
    return out


def table(groups: dict[str, dict[str, Any]], gcs: Collections, named: dict[str, dict[str, Any]]) -> str:
    lines = [
        "every word, ours beside the peer (ms; the peer's word list; alternated hand by hand)",
        f"{'hands':<28}{'n':>4} {'words med/max':>14} {'ours med':>9} {'p99':>7} {'worst':>7} "
        f"{'peer med':>9} {'p99':>7} {'worst':>7} {'x med':>6} {'cut':>4} {'missed by peer':>15}",
    ]
    for label, g in groups.items():
        o, p, m = g["ours"], g["peer"], g["peer_missed"]
        lines.append(
            f"{label:<28}{g['hands']:>4} {g['words_median']:>7.0f}/{g['words_max']:<6} {o['median']:>9.2f} "
            f"{o['p99']:>7.2f} {o['worst']:>7.2f} {p['median']:>9.2f} {p['p99']:>7.2f} {p['worst']:>7.2f} "
            f"{g['ratio_median']:>6.1f} {g['cut']:>4} {m['words']:>6} on {m['hands']:>3}"
        )
    inside = gcs.inside_ms
    lines.append(f"full collections inside our calls: {len(inside)} ({sum(inside):.1f} ms in all, the worst "
                 f"{max(inside, default=0.0):.1f} ms; over {gcs.long_ms:g} ms: {gcs.long_inside()}), "
                 f"{gcs.count - len(inside)} between them")
    lines.append(f"named hands, best 5 moves within {NAMED_LIMIT:g} s:")
    for name, r in named.items():
        lines.append(f"  {name:<52} {r['ms']:>8.1f} ms  {'exact' if r['exact'] else 'NOT exact: ' + r['reason']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--peer", type=Path, default=Path("/tmp/paperback-solver"), help="the built peer's folder")
    ap.add_argument("--hands", type=int, default=200, help="random hands a size (200)")
    ap.add_argument("--sizes", type=int, nargs="+", default=[5, 8], choices=sorted(SEEDS))
    ap.add_argument("--min-length", type=int, default=3, help="the shortest word, both sides (the peer's own: 3)")
    args = ap.parse_args(argv)
    peer = Peer(args.peer)
    lex = load_word_file(args.peer / "public" / "wordlist.txt", Path("/tmp/ghostwriter-peer-lexicon"))
    alphabetical(lex)  # what every hand shares, made once
    warm = random_hand(8, 10**6, args.min_length)
    with Collections() as warming:
        for _ in range(3):
            compare(lex, peer, warm, "ours", warming)
    settle_heap()  # as the service's search workers do once loaded: what loading made kept out of the collections
    gcs = Collections().__enter__()  # (the collections of the warm-up and of settle_heap not counted)
    groups: dict[str, list[dict[str, Any]]] = {}
    turn = 0
    for size in args.sizes:
        rows = groups.setdefault(f"{size} cards", [])
        for i in range(args.hands):
            rows.append(compare(lex, peer, random_hand(size, i, args.min_length), ("peer", "ours")[turn % 2], gcs))
            turn += 1
    named_rows = groups.setdefault("named hands (every word)", [])
    for spec in ADVERSARIAL.values():
        data = {"game": "paperback", **spec, "options": {"min_length": args.min_length}}
        named_rows.append(compare(lex, peer, data, ("peer", "ours")[turn % 2], gcs))
        turn += 1
    peer.close()
    summary = {label: summarise(rows) for label, rows in groups.items()}
    named = named_top(lex)
    print(table(summary, gcs, named))
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps({"groups": summary, "collections_ms": gcs.inside_ms, "named_top5": named,
                                   "hands": groups}, indent=1) + "\n")
    bad = sum(g["peer_only"] for g in summary.values())
    if bad:
        print(f"FAILED: {bad} words the peer lists and ours does not")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
