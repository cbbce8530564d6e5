"""The command line's output for the README's examples and the worked examples, byte for byte.

A change meant to keep behaviour (a refactoring, a faster search) must leave every line here unchanged. After a
change that is meant to alter an answer, regenerate with ``GHOSTWRITER_UPDATE_GOLDEN=1 pytest
tests/cli/test_golden_cli.py`` and read the diff of ``tests/data/golden/cli.json`` before committing it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from solver.cli.main import main

from tests_paths import DATA

GOLDEN = DATA / "golden" / "cli.json"
WORDS = str(DATA / "examples-words.txt")
README_HAND = ("r:F6", "E", "a:A5", "S", "T", "--inked", "h:H7", "--mine", "m:A5", "--others", "r:K5")

COMMANDS: dict[str, list[str]] = {
    "readme hint": ["hint", *README_HAND, "--top", "1"],
    "readme hint json": ["hint", *README_HAND, "--top", "5", "--json"],
    "readme hint prestige": ["hint", *README_HAND, "--top", "3", "--objective", "prestige", "--json"],
    "readme hint coins": ["hint", *README_HAND, "--top", "3", "--objective", "coins", "--json"],
    "readme pareto": ["hint", *README_HAND, "--pareto", "--json"],
    "readme pareto table": ["hint", *README_HAND, "--pareto"],
    "readme played": ["hint", *README_HAND, "--played", "fates", "--json"],
    "readme played table": ["hint", *README_HAND, "--played", "khafs"],
    "readme awards": ["hint", "r:F6", "E", "a:A5", "S", "T", "m:O3", "r:N5", "--awards", "--top", "2", "--json"],
    "cards by genre and letter": ["cards", "--genre", "r", "--letter", "F"],
    "cards uncover json": ["cards", "uncover", "--json"],
    "paperback hint": ["hint", "--game", "paperback", "TH/3", "E/1", "?", "R/2:double-word", "S/1", "--common", "O/1"],
    "paperback spacebar": [
        "hint", "--game", "paperback", "TH/3", "E/1", "?", "R/2", "S/1", "--common", "spacebar",
        "--objective", "length", "--json",
    ],
    "ink advice": [
        "ink-advice", "L", "h:Y3", "P", "S", "m:O3", "--draw", "A", "E", "N", "r:Z4", "a:B4", "--ink", "3", "--json",
    ],
}


def _examples_file(tmp: Path) -> str:
    examples = json.loads((DATA / "hardback-examples.json").read_text())
    path = tmp / "examples.jsonl"
    path.write_text("".join(json.dumps(e["state"]) + "\n" for e in examples))
    return str(path)


def _outputs(capsys: pytest.CaptureFixture[str], tmp: Path) -> dict[str, list[object]]:
    commands = dict(COMMANDS)
    states = _examples_file(tmp)
    for objective in ("value", "prestige", "coins"):
        commands[f"worked examples {objective}"] = [
            "hint", "--state", states, "--words", WORDS, "--objective", objective, "--top", "3", "--json",
        ]
    commands["worked examples pareto"] = ["hint", "--state", states, "--words", WORDS, "--pareto", "--json"]
    out: dict[str, list[object]] = {}
    for name, argv in commands.items():
        code = main(argv)
        stdout, stderr = capsys.readouterr()
        out[name] = [code, stdout, stderr]
    return out


def test_cli_output_is_byte_identical(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GHOSTWRITER_CACHE", str(tmp_path / "cache"))
    got = _outputs(capsys, tmp_path)
    if os.environ.get("GHOSTWRITER_UPDATE_GOLDEN"):
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(json.dumps(got, indent=1, ensure_ascii=False) + "\n")
    want = json.loads(GOLDEN.read_text())
    assert sorted(got) == sorted(want)
    for name in want:
        assert got[name] == want[name], name
