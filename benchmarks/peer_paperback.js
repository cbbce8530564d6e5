// The peer solver's side of benchmarks/bench_paperback_peer.py (our harness, not the peer's code): it loads the
// peer's compiled word matcher (PEER/build/wordlist.js, built from its src/lib/wordlist.ts, see the benchmark's
// docstring) with its cap of 50 answers taken off, so it lists every word as ours does, and answers one hand a
// line on stdin, {"tiles": [...], "min": N}, with {"ms": its time in this process, "words": [...]} on stdout.
"use strict";
const fs = require("fs");
const path = require("path");
const readline = require("readline");

const peer = process.argv[2];
const source = fs.readFileSync(path.join(peer, "build", "wordlist.js"), "utf8");
const capped = ".slice(0, 50)";
if (!source.includes(capped)) throw new Error("the peer's matcher no longer caps its answer as expected");
const words = fs.readFileSync(path.join(peer, "public", "wordlist.txt"), "utf8");
globalThis.fetch = async () => ({ text: async () => words });
const exports_ = {};
new Function("exports", "require", source.replace(capped, ""))(exports_, require);
const { Wordlist } = exports_;

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", async (line) => {
  const { tiles, min } = JSON.parse(line);
  await Wordlist.loadWordlist();
  const start = process.hrtime.bigint();
  const found = await Wordlist.findMatches(tiles, min);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  process.stdout.write(JSON.stringify({ ms, words: found }) + "\n");
});
