"""``play --game paperback`` and ``tournament --game paperback`` with the optional cube rules and co-op: the flags
(each explained in --help), the commands (cash N, cube, place F, @S advice), the board's cubes, tokens and pyramid,
and flags that cannot be used refused in one line."""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from solver.cli.main import main
from solver.cli.options import Parser
from solver.cli.play import PlayError, add_parser, run
from solver.lexicon import Lexicon


def parse(*argv: str) -> Any:
    parser = Parser(prog="ghostwriter")
    add_parser(parser.add_subparsers(dest="command", parser_class=Parser))
    return parser.parse_args(["play", *argv])


def play(lexicon: Lexicon, argv: Sequence[str], lines: Sequence[str]) -> str:
    stdin = io.StringIO("".join(f"{x}\n" for x in lines))
    out = io.StringIO()
    assert run(parse("--game", "paperback", *argv), stdin, out, lexicon=lexicon) == 0
    return out.getvalue()


def test_help_explains_each_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for flag in ("--cube-advice", "--cube-discard", "--cube-discount", "--recycle-twos", "--coop-loss-cubes"):
        assert flag in text
    assert "cooperative pyramid" in text and "discount token" in text


def test_co_op_commands_at_the_prompt(enable: Lexicon, tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    out = play(
        enable,
        ["--coop", "--cube-discard", "--seed", "3", "--save", str(save)],
        ["help", "pass", "place 9", "place 2", "cash 1", "pass", "quit"],
    )
    assert "Pyramid (co-op" in out and "[11) 17¢]" in out and "1) 5¢  2) 5¢" in out
    assert "Cubes: 17 in the supply" in out
    assert "cash N" in out and "place F" in out and "cube " in out  # the help
    assert "Refused: co-op: a turn without a Fame card puts a cube" in out
    assert "Refused: card: the Fame card at pyramid position 8 is covered" in out
    # cubes may be cashed before the word (the rule's letter): none held
    assert "You put a cube on pyramid card 2." in out and "Refused: cubes: you hold 0 cubes" in out
    assert "You passed." in out and "2) 5¢ *" in out  # the board shows the cube
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["options"]["coop"] is True and data["coop"]["pyramid"]


def test_discard_for_a_cube_and_advice(enable: Lexicon) -> None:
    out = play(enable, ["--cube-discard", "--cube-advice", "--seed", "4"], ["cube", "board", "quit"])
    assert "You discarded your hand for a cube." in out
    assert "held: You 1" in out
    out = play(enable, ["--seed", "4"], ["cube", "spell at 1 2 @0", "quit"])
    assert "Refused: options.cube_discard is off" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--game", "paperback", "--coop-loss-cubes", "4"], "give --coop too"),
        (["--cube-discount"], "is a Paperback option"),
        (["--game", "paperback", "--target", "80"], "Hardback table option"),
    ],
)
def test_bad_flags_are_refused_in_one_line(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_load_keeps_the_options_it_was_dealt_with(enable: Lexicon, tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    play(enable, ["--cube-discount", "--seed", "2", "--save", str(save)], ["save", "quit"])
    with pytest.raises(PlayError, match="--recycle-twos cannot be given with --load"):
        run(parse("--load", str(save), "--recycle-twos"), io.StringIO(""), io.StringIO(), lexicon=enable)
    out = io.StringIO()
    run(parse("--load", str(save)), io.StringIO("board\nquit\n"), out, lexicon=enable)
    assert "Cubes: 17 in the supply" in out.getvalue()


def test_tournament_in_co_op_reports_the_teams_win_rate(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "--game", "paperback", "--bots", "greedy,hard", "--games", "4", "--seed", "1"]
    code = main([*argv, "--coop", "--cube-discount", "--json", "--quiet", "--workers", "1"])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    team = report["coop"]
    assert team["games"] == 4 and team["wins"] + team["losses"] == 4
    assert 0 <= team["ci95"][0] <= team["win_rate"] <= team["ci95"][1] <= 1 and team["turns"] > 0
    assert report["tournament"]["options"]["coop"] is True
    assert main([*argv, "--coop", "--quiet", "--workers", "1"]) == 0
    text = capsys.readouterr().out
    assert "the team (co-op pyramid): won" in text and "turns on average" in text
    assert main([*argv, "--cube-advice", "--quiet", "--workers", "1"]) == 0  # a competitive table's text
    assert "cube_advice" in capsys.readouterr().out


# -- the terminal ---------------------------------------------------------------------------------------------------


def test_simultaneous_play_in_the_terminal(enable: Lexicon, tmp_path: Path) -> None:
    """``play --game paperback --simultaneous``: the draft's picks (buy P takes row card P), an announced word, the
    buy turn in the order announced with its coins, saved with the options on; ``--turn-timer`` needs
    ``--cube-advice``; a tournament refuses the timer."""
    import contextlib

    save = tmp_path / "g.json"
    out = play(
        enable,
        ["--simultaneous", "--double-words-additive", "--bots", "greedy", "--seed", "3", "--save", str(save)],
        ["buy 1", "buy 1", "hint", "buy 2", "hint 1", "play 1", "board", "end", "quit"],
    )
    assert "Draft (a free card each, in this order): You, greedy (seat 1), greedy (seat 1), You" in out
    assert "You drafted" in out and "greedy: took row card" in out and "The draft: take a card" in out
    assert "Refused: index: no card in the row's place 0" in out
    assert "You announced" in out and "you buy in the order announced" in out
    assert "Round 1: buying now You" in out and "Your word's" in out
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["options"]["simultaneous"] is True and data["options"]["double_words_additive"] is True
    assert "simultaneous" in data
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main(["play", "--game", "paperback", "--turn-timer", "30", "--seed", "1"])
    assert code == 2 and "--turn-timer" in err.getvalue() and "cube_advice" in err.getvalue()
    with contextlib.redirect_stderr(err):
        code = main(["tournament", "--game", "paperback", "--bots", "random,random", "--games", "1",
                     "--turn-timer", "30", "--cube-advice"])
    assert code == 2 and "a tournament's bots take no such time" in err.getvalue()
