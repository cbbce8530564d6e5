"""``ghostwriter review``: records of either game written by ``play --save`` and ``tournament --records`` reviewed,
in text and JSON; odd records and flags refused in one line."""

from __future__ import annotations

import io
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from solver.cli.main import main
from solver.cli.options import EXIT_BAD_INPUT, Parser
from solver.cli.play import add_parser as add_play
from solver.cli.play import run as run_play
from solver.lexicon import Lexicon

from helpers import bot_game_record

EXCEPTION_NAME = re.compile(r"\b[A-Z][A-Za-z]*(?:Error|Exception)\b|Traceback|KeyError|\bRecursion")


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """Exit 2 with one line on stderr, in words, never a traceback; that line."""
    code, _, err = cli(capsys, *args)
    lines = err.splitlines()
    assert code == EXIT_BAD_INPUT, (args, code, err)
    assert len(lines) == 1 and lines[0].startswith("ghostwriter: error: "), err
    assert not EXCEPTION_NAME.search(err) and "internal error" not in err, err
    return lines[0]


def play(argv: list[str], lines: list[str], lexicon: Lexicon) -> str:
    parser = Parser(prog="ghostwriter")
    add_play(parser.add_subparsers(dest="command", parser_class=Parser))
    out = io.StringIO()
    code = run_play(parser.parse_args(["play", *argv]), io.StringIO("".join(f"{x}\n" for x in lines)), out,
                    lexicon=lexicon)
    assert code == 0
    return out.getvalue()


def rows(out: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.splitlines()]


def test_a_game_saved_by_play_is_reviewed(capsys: pytest.CaptureFixture[str], tmp_path: Path, enable: Lexicon) -> None:
    """You play the ghost writer's first word, then pass; the greedy bot plays between: the review has your word,
    your pass and the bot's words, each with its rank, gap and best move."""
    saved = tmp_path / "game.json"
    shown = play(["--bots", "greedy", "--seed", "3", "--save", str(saved)], ["hint 1"], enable)
    typed = re.search(r"^\s+1\. (play .+)$", shown, re.M)
    assert typed is not None
    word = typed.group(1).split()[1].lower()
    play(["--load", str(saved)], [typed.group(1), "end", "pass"], enable)
    code, out, err = cli(capsys, "review", str(saved), "--json")
    assert code == 0, err
    turns = rows(out)
    assert [t["turn"] for t in turns] == list(range(1, len(turns) + 1)) and len(turns) >= 3
    first, second, third = turns[:3]
    assert (first["seat"], first["player"], first["word"]) == (0, "you", word)
    assert first["rank"] == 1 and first["gap"] == {"value": 0.0}  # the ghost writer's own best word
    assert first["best"]["word"] == word and first["played"]["layout"]
    assert second["player"] == "greedy" and second["word"] and second["rank"] >= 1
    assert (third["player"], third["word"], third["rank"], third["played"]) == ("you", None, None, None)
    assert third["gap"] == {"value": third["best"]["value"]} and third["best"]["value"] > 0
    for t in turns:
        assert {"turn", "seat", "word", "rank", "gap", "best", "hand", "state", "value"} <= set(t)
        assert t["hand"] == t["state"]["hand"]
    code, text, _ = cli(capsys, "review", str(saved))
    assert code == 0 and word.upper() in text and "(pass)" in text and "rated as it was played" in text


def test_tournament_records_are_reviewed_and_loaded(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, enable: Lexicon
) -> None:
    folder = tmp_path / "records"
    code, out, err = cli(
        capsys, "tournament", "--bots", "greedy,greedy", "--games", "2", "--seed", "4", "--workers", "1",
        "--records", str(folder), "--quiet",
    )
    assert code == 0, err
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == ["game-1.json", "game-2.json"] and "wrote records: 2 games" in out
    for f in files:
        record = json.loads(f.read_text(encoding="utf-8"))
        assert record["seats"] == ["greedy", "greedy"] and record["lexicon"]["dictionary"] is None
        code, out, err = cli(capsys, "review", str(f), "--objective", "prestige", "--json")
        assert code == 0, err
        turns = rows(out)
        assert turns and all(t["gap"] == {"prestige": 0, "coins": 0} for t in turns)  # greedy: the most prestige
        spelled = sum(a["action"] in ("spell", "pass") for a in record["log"])
        assert len(turns) == spelled
    copy = tmp_path / "copy.json"
    shutil.copy(files[0], copy)
    shown = play(["--load", str(copy)], ["log 2"], enable)  # you take seat 0 over; the game is over
    assert "greedy" in shown and "turn" in shown


def test_records_into_a_file_are_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "taken"
    target.write_text("x")
    line = refused(capsys, "tournament", "--bots", "greedy,greedy", "--games", "2", "--records", str(target))
    assert "is a file, not a folder" in line
    line = refused(capsys, "tournament", "--bots", "greedy,greedy", "--games", "2", "--records",
                   str(tmp_path / "no" / "where"))
    assert "does not exist" in line


@pytest.fixture(scope="module")
def record(enable: Lexicon) -> dict[str, Any]:
    return bot_game_record(enable, ["greedy", "greedy"], 2)


def _spell_at(record: dict[str, Any]) -> int:
    return next(i for i, a in enumerate(record["log"]) if a["action"] == "spell" and i > 3)


def _refuse_word(record: dict[str, Any]) -> str:
    i = _spell_at(record)
    record["log"][i]["word"] = "qqq"
    return f"log[{i}]: the engine refuses this spell"


def _odd_word(record: dict[str, Any]) -> str:
    i = _spell_at(record)
    record["log"][i]["word"] = "ca\u202et"
    return f"log[{i}]"


def _odd_code(record: dict[str, Any]) -> str:
    i = _spell_at(record)
    record["log"][i]["layout"][0]["code"] = "r:F\u0663"
    return f"log[{i}]"


def _huge(record: dict[str, Any]) -> str:
    record["log"] = [{"action": "pass"}] * 20_001
    return "at most 20000"


@pytest.mark.parametrize(
    "change",
    [
        _refuse_word,
        _odd_word,
        _odd_code,
        _huge,
        lambda r: r.update(seed="7") or "seed",
        lambda r: r.update(seats=["greedy", "bot\x00"]) or "seats",
        lambda r: r.update(options={"target": 5}) or "options",
        lambda r: r["log"].__setitem__(0, {"action": "spell", "word": "ab", "layout": "A B"}) or "log[0]",
    ],
)
def test_an_odd_record_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, record: dict[str, Any], change: Any
) -> None:
    """Each change is named in the one line (the change returns what the line says)."""
    data = json.loads(json.dumps(record))
    expected = change(data)
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert expected in refused(capsys, "review", str(path))


def test_odd_files_are_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path, record: dict[str, Any]) -> None:
    text = json.dumps(record)
    cut = tmp_path / "cut.json"
    cut.write_text(text[: len(text) // 2])
    assert "not JSON" in refused(capsys, "review", str(cut))
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"seed": "\xe9"}')
    assert "not UTF-8" in refused(capsys, "review", str(latin))
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    assert "nested" in refused(capsys, "review", str(deep))
    listed = tmp_path / "list.json"
    listed.write_text("[]")
    assert "JSON object" in refused(capsys, "review", str(listed))
    assert "no such file" in refused(capsys, "review", str(tmp_path / "none.json"))
    assert "folder" in refused(capsys, "review", str(tmp_path))
    assert "--time-limit" in refused(capsys, "review", str(cut), "--time-limit", "0")


# -- Paperback records ----------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def paperback_records(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("records") / "games"
    flags = ["--games", "2", "--seed", "3", "--records", str(folder), "--workers", "1", "--quiet"]
    code = main(["tournament", "--game", "paperback", "--bots", "random,hard", *flags])
    assert code == 0
    return folder


def test_a_paperback_tournament_writes_every_games_record(paperback_records: Path) -> None:
    files = sorted(paperback_records.glob("game-*.json"))
    assert [f.name for f in files] == ["game-1.json", "game-2.json"]
    data = [json.loads(f.read_text(encoding="utf-8")) for f in files]
    for d in data:
        assert d["game"] == "paperback" and d["deck"]["name"] == "house" and d["log"] and isinstance(d["lexicon"], dict)
    assert {tuple(d["seats"]) for d in data} == {("random", "hard"), ("hard", "random")}  # the mirrored seats


def test_a_paperback_record_is_reviewed(paperback_records: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(paperback_records / "game-1.json")
    code, out, err = cli(capsys, "review", path, "--json")
    assert code == 0, err
    rows: list[dict[str, Any]] = [json.loads(line) for line in out.splitlines()]
    assert rows and [r["turn"] for r in rows] == list(range(1, len(rows) + 1))
    hard = [r for r in rows if r["player"] == "hard" and r["word"]]
    assert hard and all(r["rank"] == 1 and r["gap"] == {"value": 0.0} for r in hard)  # the value objective's own best
    assert all(len(r["fame"]) == 2 and r["hand"] for r in rows)
    # the win objective, the default: each row's chances before and after, the expert's turn beside it
    assert all(0 <= r["win_before"] <= 1 and 0 <= r["win_after"] <= 1 for r in rows)
    assert all(r["expert"]["actions"] and 0 <= r["expert"]["win"] <= 1 for r in rows)
    code, text, err = cli(capsys, "review", path, "--objective", "length")
    assert code == 0, err
    assert "Paperback game of seed" in text and "by length" in text and "gap (len sc)" in text
    word = next(r["word"] for r in rows if r["word"])
    assert word.upper() in text
    code, out, err = cli(capsys, "review", path, "--json", "--time-limit", "0.01")
    assert code == 0 and "time limit" in err and len(out.splitlines()) < len(rows)


def test_odd_paperback_records_and_flags_are_one_line(
    paperback_records: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = paperback_records / "game-1.json"
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
