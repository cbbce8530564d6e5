"""``ghostwriter play`` in a real terminal (tmux): a person answers the questions a word's choices raise.

The person's side is typed into a tmux pane running the installed command, as a person would type it, and the
test reads what the pane shows. tmux is required in CI (``GHOSTWRITER_REQUIRE_TMUX=1``); elsewhere the test is
skipped without it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from solver.lexicon import Lexicon

from helpers import dealt_with_hand

TMUX = shutil.which("tmux")
if TMUX is None and os.environ.get("GHOSTWRITER_REQUIRE_TMUX"):
    raise RuntimeError("tmux is required for the terminal tests (GHOSTWRITER_REQUIRE_TMUX is set): install tmux")
pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")
WAIT = 60.0  # seconds a screen may take to show (the first start compiles the word list's cache)


class Pane:
    """A tmux session of one window running a command, typed into and read."""

    def __init__(self, command: list[str], cwd: Path) -> None:
        self.name = f"gw-{uuid.uuid4().hex[:8]}"
        self.env = {**os.environ, "NO_COLOR": "1"}
        line = " ".join(_quote(a) for a in command)
        self._tmux("new-session", "-d", "-s", self.name, "-x", "160", "-y", "50", "-c", str(cwd), line)

    def _tmux(self, *args: str) -> str:
        assert TMUX is not None
        done = subprocess.run([TMUX, *args], capture_output=True, text=True, env=self.env, timeout=30)
        return done.stdout

    def screen(self) -> str:
        return self._tmux("capture-pane", "-p", "-J", "-S", "-200", "-t", self.name)

    def wait_for(self, text: str, after: int = 0) -> str:
        """The screen once ``text`` shows (counting from the ``after``-th character of the history)."""
        end = time.monotonic() + WAIT
        while time.monotonic() < end:
            screen = self.screen()
            if text in screen[after:]:
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{text!r} did not show; the screen:\n{self.screen()}")

    def type(self, line: str) -> None:
        self._tmux("send-keys", "-t", self.name, "-l", line)
        self._tmux("send-keys", "-t", self.name, "Enter")

    def close(self) -> None:
        self._tmux("kill-session", "-t", self.name)


def _quote(arg: str) -> str:
    return "'" + arg.replace("'", "'\\''") + "'"


@pytest.fixture
def saved_oat(example_lexicon: Lexicon, tmp_path: Path) -> Iterator[Path]:
    game = dealt_with_hand(example_lexicon, ["horror:O4", "horror:A3", "T", "S", "E"])
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**game.state.to_json(), "log": [], "seats": ["you", "easy"]}))
    yield path


def test_a_person_spells_oat_taking_coins_on_one_card_and_prestige_on_the_other(saved_oat: Path) -> None:
    """Rulebook: "Gain Coin or Prestige: Choose whether to take the indicated number of Coins or Prestige points."
    Each horror card of OAT asks its own choice; the person takes coins on horror:O4 and prestige on horror:A3."""
    pane = Pane([sys.executable, "-m", "solver.cli", "play", "--load", str(saved_oat)], saved_oat.parent)
    try:
        pane.wait_for("you (prepare)> ")
        pane.type("play oat")
        screen = pane.wait_for("Play it so? [Y/n] ")  # the layout shown first: which card stands where
        assert "OAT would be laid out so, left to right:" in screen and "horror:O4" in screen
        pane.type("y")
        screen = pane.wait_for("h:O4 at O (letter 1): coins or prestige? [", after=len(screen) - 200)
        pane.type("coins")
        pane.wait_for("h:A3 at A (letter 2): coins or prestige? [", after=len(screen) - 200)
        pane.type("p")  # any beginning of an answer
        screen = pane.wait_for("You spelled OAT (2 prestige, 4 coins).")
        assert "either: 2 coins" in screen and "either: 2 prestige" in screen
        screen = pane.wait_for("you (buy)> ")
        pane.type("end")
        pane.wait_for("you (buy)> end", after=len(screen) - 200)
        deadline = time.monotonic() + WAIT  # the autosave at the turn's end (synced to the disk, then renamed)
        while not json.loads(saved_oat.read_text())["log"] and time.monotonic() < deadline:
            time.sleep(0.05)  # a save is renamed into place whole: it reads as JSON at any moment
    finally:
        pane.close()
    saved = json.loads(saved_oat.read_text())  # the autosave: the word's choices are in the log, as played
    layout = next(a["layout"] for a in saved["log"] if a["action"] == "spell")
    assert layout[0]["either"] == "coins" and layout[1]["either"] == "prestige"
