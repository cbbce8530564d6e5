"""The worked examples of the rules reference, as regression tests (in-process and through the command line)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

from solver.hardback.objectives import Objective
from solver.hardback.state import TurnState
from solver.lexicon import Lexicon
from solver.search.hardback import Search

from tests_paths import DATA

EXAMPLES: list[dict[str, Any]] = json.loads((DATA / "hardback-examples.json").read_text())


@pytest.mark.parametrize("objective", ["prestige", "coins"])
@pytest.mark.parametrize("example", EXAMPLES, ids=[e["title"][:40] for e in EXAMPLES])
def test_best_move_totals(example: dict[str, Any], objective: str, example_lexicon: Lexicon) -> None:
    want = example["best"][objective]
    moves = Search(example_lexicon, TurnState.from_json(example["state"]), Objective.parse(objective)).top(1)
    assert (moves[0].prestige, moves[0].coins) == (want["prestige"], want["coins"])


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["title"][:40] for e in EXAMPLES])
def test_the_examples_word_scores_what_the_reference_says(example: dict[str, Any], example_lexicon: Lexicon) -> None:
    """The reference's own best word, solved alone, reaches the same totals."""
    for objective in ("prestige", "coins"):
        want = example["best"][objective]
        search = Search(example_lexicon, TurnState.from_json(example["state"]), Objective.parse(objective))
        placement = search.solve(want["word"])
        assert placement is not None
        move = search.move(placement)
        assert (move.prestige, move.coins) == (want["prestige"], want["coins"])


def test_examples_through_the_command_line(tmp_path: Any) -> None:
    states = tmp_path / "states.jsonl"
    states.write_text("".join(json.dumps(e["state"]) + "\n" for e in EXAMPLES))
    for objective in ("prestige", "coins"):
        r = subprocess.run(
            [
                sys.executable,
                "-m",
                "solver.cli",
                "hint",
                "--state",
                str(states),
                "--words",
                str(DATA / "examples-words.txt"),
                "--objective",
                objective,
                "--top",
                "1",
                "--json",
            ],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
            env={**os.environ, "GHOSTWRITER_CACHE": str(tmp_path / "cache")},
        )
        assert r.returncode == 0, r.stderr
        lines = r.stdout.splitlines()
        assert len(lines) == len(EXAMPLES)
        for e, line in zip(EXAMPLES, lines, strict=True):
            move = json.loads(line)["moves"][0]
            want = e["best"][objective]
            assert (move["prestige"], move["coins"]) == (want["prestige"], want["coins"]), e["title"]
            assert all(c["face"] in ("up", "wild", "uncovered") for c in move["cards"])
            assert "".join(c["letter"] for c in move["cards"]) == move["word"]
