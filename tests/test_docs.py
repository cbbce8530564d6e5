"""Every command the docs show runs, so none can go stale (doctest-style).

The README and every page of ``docs/`` are read for fenced ``console`` and ``sh`` blocks; in them a line
``$ ghostwriter ...`` (or ``$ .venv/bin/ghostwriter ...``) is a command, run with this environment's
``ghostwriter``, and the lines after it up to the next ``$`` line are its output as the page shows it: the test
checks the exit code 0 and, where output is shown, that the output matches it (a line ``...`` stands for any lines,
none included). A page's commands run in order in one folder of their own (a later command may read what an
earlier one wrote) holding the few files the pages name as the reader's own (``house.txt``, ``our-box.json``).
``play`` reads no input (the end of input leaves the game); ``serve`` runs until ``/readyz`` answers, on a free port
(the docs' ``--port`` is overridden: the machine's ports are shared), and is stopped. The commands that build the
Russian dictionary or use it (about 100 s the first time) run in the slow suite only.
"""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from live_server import live_server
from tests_paths import ROOT

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
COMMAND = re.compile(r"^\$ (?:\.venv/bin/)?ghostwriter(?: |$)")
GHOSTWRITER = str(Path(sys.executable).parent / "ghostwriter")
SLOW = ("--dictionary ru", "--build ru")  # the Russian dictionary: built once, about 100 s
FILES = {
    "house.txt": "qat\nzax\ngrok\n",
    "our-box.json": (ROOT / "solver" / "data" / "paperback-house-deck.json").read_text(encoding="utf-8"),
}


@dataclass
class Command:
    line: str  # as the page shows it, without the "$ "
    output: list[str] = field(default_factory=list)  # the lines shown under it

    @property
    def argv(self) -> list[str]:
        return [GHOSTWRITER, *shlex.split(self.line, comments=True)[1:]]

    @property
    def slow(self) -> bool:
        return any(s in self.line for s in SLOW)


def commands(page: Path) -> list[Command]:
    """The page's commands with the output shown under each, in the page's order."""
    out: list[Command] = []
    fenced: str | None = None
    current: Command | None = None
    for line in page.read_text(encoding="utf-8").split("\n"):
        if fenced is None:
            if line.startswith("```"):
                fenced = line[3:].strip()
            continue
        if line.startswith("```"):
            fenced, current = None, None
        elif fenced in ("console", "sh"):
            if COMMAND.match(line):
                current = Command(line[2:])
                out.append(current)
            elif line.startswith("$ "):
                current = None
            elif current is not None:
                current.output.append(line.rstrip())
    return out


def matches(shown: list[str], actual: list[str]) -> bool:
    """The output shown matches the actual output, each ``...`` line standing for any lines (none included)."""
    if not shown:
        return not actual
    if shown[0] == "...":
        return any(matches(shown[1:], actual[i:]) for i in range(len(actual) + 1))
    return bool(actual) and shown[0] == actual[0] and matches(shown[1:], actual[1:])


def run(command: Command, cwd: Path) -> None:
    if command.argv[1:2] == ["serve"]:
        with live_server(command.argv):
            return
    r = subprocess.run(
        command.argv, cwd=cwd, capture_output=True, text=True, stdin=subprocess.DEVNULL, check=False, timeout=600
    )
    assert r.returncode == 0, f"$ {command.line}\n{r.stderr}"
    if command.output:
        actual = [line.rstrip() for line in r.stdout.rstrip("\n").split("\n")]
        assert matches(command.output, actual), f"$ {command.line}\n{r.stdout}"


def _folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)  # serve's live server starts in the working folder
    for name, text in FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def _pages_with(slow: bool) -> list[Path]:
    return [p for p in PAGES if any(c.slow == slow for c in commands(p))]


def _name(page: Path) -> str:
    return str(page.relative_to(ROOT))


def test_the_pages_show_commands() -> None:
    every = [c for p in PAGES for c in commands(p)]
    assert len(every) >= 20
    assert any(c.output for c in every)
    assert shutil.which(GHOSTWRITER), GHOSTWRITER


def test_shown_output_is_matched_line_by_line() -> None:
    assert matches(["a", "...", "d"], ["a", "b", "c", "d"]) and matches(["a", "..."], ["a"])
    assert not matches(["a", "...", "d"], ["a", "b", "c"]) and not matches(["a", "b"], ["a", "c"])


@pytest.mark.parametrize("page", _pages_with(False), ids=_name)
def test_the_commands_of_a_page_run(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _folder(tmp_path, monkeypatch)
    for command in commands(page):
        if not command.slow:
            run(command, folder)


@pytest.mark.slow
@pytest.mark.parametrize("page", _pages_with(True), ids=_name)
def test_the_slow_commands_of_a_page_run(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _folder(tmp_path, monkeypatch)
    for command in commands(page):
        if command.slow:
            run(command, folder)
