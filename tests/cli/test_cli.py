"""The command line: its contract (JSON lines, exit codes) and one-line errors for bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from solver.cli.main import main

from tests_paths import DATA

WORDS = str(DATA / "examples-words.txt")
HAND = ("hint", "r:F6", "E", "a:A5", "S", "T")  # the README's hand


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GHOSTWRITER_CACHE", str(tmp_path_factory.getbasetemp() / "cli-cache"))


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_quick_form_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "hint", "r:F6", "E", "a:A5", "S", "T", "--words", WORDS, "--objective", "prestige", "--top", "2"
    )
    assert code == 0, err
    assert "FATES" in out and "doubled by romance:F6" in out


def test_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        *HAND,
        "--inked",
        "h:H7",
        "--mine",
        "m:A5",
        "--others",
        "r:K5",
        "--words",
        WORDS,
        "--top",
        "3",
        "--json",
    )
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 1
    result = json.loads(lines[0])
    assert result["exact"] is True and len(result["moves"]) == 3
    for move in result["moves"]:
        assert isinstance(move["coins"], int) and isinstance(move["prestige"], int)
        assert isinstance(move["value"], float | int)
        assert "".join(c["letter"] for c in move["cards"]) == move["word"]
        assert {c["face"] for c in move["cards"]} <= {"up", "wild", "uncovered"}
        assert any(c["code"] == "horror:H7" and c["face"] == "up" for c in move["cards"])  # inked: always used
    values = [m["value"] for m in result["moves"]]
    assert values == sorted(values, reverse=True)


def test_batch_with_a_bad_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "states.jsonl"
    f.write_text('{"hand": ["E", "A", "T"]}\nnot json\n{"hand": ["romance:F5"]}\n\n{"hand": ["B", "E", "D"]}\n')
    code, out, _ = run(capsys, "hint", "--state", str(f), "--words", WORDS, "--json", "--top", "1")
    assert code == 2
    lines = [json.loads(x) for x in out.splitlines()]
    assert len(lines) == 4
    assert lines[0]["moves"] and lines[3]["moves"]
    assert "line 2 is not JSON" in lines[1]["error"]
    assert "romance:F4" in lines[2]["error"] and "romance:F6" in lines[2]["error"]


def test_state_from_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps({"hand": ["E", "A", "T"]})))
    code, out, _ = run(capsys, "hint", "--state", "-", "--words", WORDS, "--json")
    assert code == 0 and json.loads(out)["moves"]


def test_played_word(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        *HAND,
        "--words",
        WORDS,
        "--objective",
        "prestige",
        "--played",
        "sate",
        "--json",
    )
    assert code == 0
    result = json.loads(out)
    assert result["played"]["word"] == "sate" and result["rank"] > 1
    assert result["moves"][0]["prestige"] == 4
    best, played = result["best"], result["played"]
    behind = {"prestige": best["prestige"] - played["prestige"], "coins": best["coins"] - played["coins"]}
    assert result["gap"] == behind


def test_pareto(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "hint", "horror:D4", "horror:E5", "A", "R", "T", "--words", WORDS, "--pareto", "--json")
    assert code == 0
    points = [(m["prestige"], m["coins"]) for m in json.loads(out)["moves"]]
    assert points == [(5, 4), (4, 5), (3, 6), (2, 7)]


def test_inked_cards_no_word_can_hold(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "hint", "E", "--inked", "h:X2", "m:X3", "a:X4", "--words", WORDS, "--json")
    assert code == 0
    result = json.loads(out)
    assert result["moves"] == [] and "inked" in result["reason"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["hint", "romance:F5"], "closest real codes: romance:F4, romance:F6"),
        (["hint"], "give the hand's card codes"),
        (["hint", "E", "--top", "0"], "--top must be"),
        (["hint", "E", "E", "E", "E", "E", "E"], "box has 5 copies"),
        (["hint", "E", "--words", "/nonexistent/list.txt"], "does not exist"),
        (["hint", "--state", "/nonexistent.json"], "does not exist"),
        (["hint", "E", "--objective", "fame"], "invalid choice"),
        (["hint", "E", "--weights", "fame=2"], "weight 'fame=2'"),
        (["hint", "E", "--remover", "x"], "invalid int value"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_input_is_one_line(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, *args)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_empty_and_binary_word_lists(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    code, _, err = run(capsys, "hint", "E", "A", "--words", str(empty))
    assert code == 2 and "holds no words" in err
    binary = tmp_path / "bin.txt"
    binary.write_bytes(b"\xff\xfe\xfa")
    code, _, err = run(capsys, "hint", "E", "A", "--words", str(binary))
    assert code == 2 and "not UTF-8" in err


def test_state_file_not_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "s.json"
    f.write_text("{hand: E}")
    code, _, err = run(capsys, "hint", "--state", str(f), "--words", WORDS)
    assert code == 2 and "not JSON" in err


def test_cards_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "--genre", "r", "--letter", "F")
    assert code == 0 and "romance:F4" in out and "romance:F6" in out and "2 cards" in out
    code, out, _ = run(capsys, "cards", "--timeless", "--json")
    assert code == 0 and len(json.loads(out)) == 16


def test_installed_command_runs(tmp_path: Path) -> None:
    """The real entry point, in a fresh process: help is instant and a hint works."""
    env = {**os.environ, "GHOSTWRITER_CACHE": str(tmp_path)}
    r = subprocess.run(
        [sys.executable, "-m", "solver.cli", "--help"], capture_output=True, text=True, env=env, check=False
    )
    assert r.returncode == 0 and "hint" in r.stdout
    r = subprocess.run(
        [sys.executable, "-m", "solver.cli", "hint", "E", "A", "T", "--words", WORDS, "--json"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert r.returncode == 0 and json.loads(r.stdout)["moves"]


def test_help_loads_no_heavy_module() -> None:
    """``--help`` of every command reads only the command line's modules: the search, the word lists, numpy and
    the service load inside the commands that need them."""
    heavy = ("numpy", "marisa_trie", "dask", "uvicorn", "fastapi", "service", "solver.search", "solver.lexicon")
    script = (
        "import sys\nfrom solver.cli.main import main\n"
        "for command in ([], ['hint'], ['serve'], ['tournament'], ['play'], ['ink-advice']):\n"
        "    try:\n        main([*command, '--help'])\n    except SystemExit:\n        pass\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {heavy!r} or m.startswith({heavy!r})))\n"
    )
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[-1] == "[]"


def test_played_word_as_it_was_laid_out(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, *HAND, "--played", "feats", "--json")
    best = json.loads(out)
    code, out, _ = run(capsys, *HAND, "--played", "feats", "--layout", "r:F6/wild", "E", "a:A5", "T", "S", "--json")
    assert code == 0
    laid = json.loads(out)
    assert [c["face"] for c in laid["played"]["cards"]] == ["wild", "up", "up", "up", "up"]
    assert laid["played"]["value"] < best["played"]["value"] and laid["rank"] > best["rank"]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--layout", "E"], "give --played WORD too"),
        (["--played", "feats", "--layout", "r:F6", "E", "a:A5", "S", "S"], "arrangement[3] (letter T)"),
    ],
)
def test_a_bad_layout_is_one_line(capsys: pytest.CaptureFixture[str], args: list[str], says: str) -> None:
    code, _, err = run(capsys, *HAND, *args)
    assert code == 2 and says in err and len(err.strip().splitlines()) == 1


def test_one_coin_is_a_coin(capsys: pytest.CaptureFixture[str]) -> None:
    """Plurals: "1 coin" in the table, in a card's notes ("either: 1 coin") and in a benefit's words."""
    from solver.hardback.benefits import TABLE, Kind, note

    code, out, _ = run(capsys, "hint", "E", "M", "--top", "1")
    assert code == 0 and " 1 prestige   1 coin    value 1.50" in out and "1 coins" not in out
    assert note(TABLE[Kind.EITHER], "coins", 1, 1) == "either: 1 coin"
    assert note(TABLE[Kind.EITHER], "coins", 2, 2) == "either: 2 coins"
    assert note(TABLE[Kind.COINS_PER_GENRE], "coins", 1, 1, count=1, what="romance") == "1 coin for 1 romance card"


def test_play_hints_keep_to_familiar_words() -> None:
    """``play --familiar Z``: the hints of the same deal keep to words at least that familiar."""

    def best(*flags: str) -> str:
        r = subprocess.run(
            [sys.executable, "-m", "solver.cli", "play", "--bots", "medium", "--seed", "7", *flags],
            input="hint\nquit\n", capture_output=True, text=True, check=True, timeout=300,
        )
        return r.stdout.split("the ghost writer's best words")[1].split("\n")[1].split()[1]

    assert (best(), best("--familiar", "4")) == ("SLANT", "SALT")
