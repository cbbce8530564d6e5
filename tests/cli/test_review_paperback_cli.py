"""``ghostwriter tournament --game paperback --records DIR`` and ``ghostwriter review`` of a Paperback record: the
records written, each replayed and reviewed in text and JSON, odd records and flags refused in one line."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from solver.cli.main import main
from solver.cli.options import EXIT_BAD_INPUT

EXCEPTION_NAME = re.compile(r"\b[A-Z][A-Za-z]*(?:Error|Exception)\b|Traceback|KeyError")


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code, _, err = cli(capsys, *args)
    lines = err.splitlines()
    assert code == EXIT_BAD_INPUT, (args, code, err)
    assert len(lines) == 1 and lines[0].startswith("ghostwriter: error: "), err
    assert not EXCEPTION_NAME.search(err) and "internal error" not in err, err
    return lines[0]


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("records") / "games"
    flags = ["--games", "2", "--seed", "3", "--records", str(folder), "--workers", "1", "--quiet"]
    code = main(["tournament", "--game", "paperback", "--bots", "random,hard", *flags])
    assert code == 0
    return folder


def test_a_paperback_tournament_writes_every_games_record(records: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = sorted(records.glob("game-*.json"))
    assert [f.name for f in files] == ["game-1.json", "game-2.json"]
    data = [json.loads(f.read_text(encoding="utf-8")) for f in files]
    for d in data:
        assert d["game"] == "paperback" and d["deck"]["name"] == "house" and d["log"] and isinstance(d["lexicon"], dict)
    assert {tuple(d["seats"]) for d in data} == {("random", "hard"), ("hard", "random")}  # the mirrored seats


def test_a_paperback_record_is_reviewed(records: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(records / "game-1.json")
    code, out, err = cli(capsys, "review", path, "--json")
    assert code == 0, err
    rows: list[dict[str, Any]] = [json.loads(line) for line in out.splitlines()]
    assert rows and [r["turn"] for r in rows] == list(range(1, len(rows) + 1))
    hard = [r for r in rows if r["player"] == "hard" and r["word"]]
    assert hard and all(r["rank"] == 1 and r["gap"] == {"value": 0.0} for r in hard)  # the value objective's own best
    assert all(len(r["fame"]) == 2 and r["hand"] for r in rows)
    code, text, err = cli(capsys, "review", path, "--objective", "length")
    assert code == 0, err
    assert "Paperback game of seed" in text and "by length" in text and "gap (len sc)" in text
    word = next(r["word"] for r in rows if r["word"])
    assert word.upper() in text
    code, out, err = cli(capsys, "review", path, "--json", "--time-limit", "0.01")
    assert code == 0 and "time limit" in err and len(out.splitlines()) < len(rows)


def test_odd_paperback_records_and_flags_are_one_line(
    records: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = records / "game-1.json"
    assert "Hardback's" in refused(capsys, "review", str(path), "--objective", "prestige")
    data = json.loads(path.read_text(encoding="utf-8"))
    i = next(k for k, a in enumerate(data["log"]) if a["action"] == "spell" and k > 3)
    data["log"][i]["word"] = "qzxj"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    line = refused(capsys, "review", str(bad))
    assert f"log[{i}]" in line and "refuses" in line
    data = json.loads(path.read_text(encoding="utf-8"))
    data["deck"]["offer"][2]["abilities"] = ["steal-fame"]
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert "deck.offer[2].abilities[0]" in refused(capsys, "review", str(bad))
    data = json.loads(path.read_text(encoding="utf-8"))
    data["seats"] = ["a\u202e", "b"]
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert "seats" in refused(capsys, "review", str(bad))
