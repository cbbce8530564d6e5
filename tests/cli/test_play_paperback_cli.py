"""``ghostwriter play --game paperback``: a whole game typed at the prompt against bots, refused commands, save and
load, bad flags. The person's side is scripted input that reads what the game printed, as a person would."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from solver.cli.options import Parser
from solver.cli.play import PlayError, add_parser, run
from solver.game.paperback import PaperbackGame, PaperbackOptions, PaperbackState, action_from_json
from solver.lexicon import Lexicon
from solver.paperback.deck import deck_from_json, house_deck


def parse(*argv: str) -> Any:
    parser = Parser(prog="ghostwriter")
    add_parser(parser.add_subparsers(dest="command", parser_class=Parser))
    return parser.parse_args(["play", *argv])


def play(lexicon: Lexicon, argv: Sequence[str], lines: Sequence[str]) -> tuple[int, str]:
    stdin = io.StringIO("".join(f"{x}\n" for x in lines))
    out = io.StringIO()
    code = run(parse("--game", "paperback", *argv), stdin, out, lexicon=lexicon)
    return code, out.getvalue()


class Typist:
    """Reads the game's output and answers: a hint, its first word played, the first card it can afford, end."""

    def __init__(self, out: io.StringIO, limit: int = 2000) -> None:
        self.out = out
        self.seen = 0
        self.limit = limit
        self.typed: list[str] = []

    def readline(self) -> str:
        text = self.out.getvalue()
        new, self.seen = text[self.seen :], len(text)
        if len(self.typed) >= self.limit:
            return ""
        line = self.answer(new, text)
        self.typed.append(line)
        return line + "\n"

    def answer(self, new: str, text: str) -> str:
        prompt = text.rstrip().rsplit("\n", 1)[-1]
        if "(word)>" in prompt:
            if "finds no playable word" in new:
                return "pass"
            if "the ghost writer's best words" in new:
                return "play 1"
            return "hint 3"
        if "(buy)>" in prompt:
            found = re.findall(r"You can buy: (fame \d+|\d+(?: row)?) \(", new)
            return f"buy {found[0]}" if found else "end"
        return "board"


@pytest.fixture(scope="module")
def lex(enable: Lexicon) -> Lexicon:
    return enable


def test_a_whole_game_is_played_from_the_prompt_and_saved(lex: Lexicon, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    out = io.StringIO()
    typist = Typist(out)
    code = run(
        parse("--game", "paperback", "--bots", "greedy,hard", "--seed", "5", "--save", str(save)),
        typist,
        out,
        lexicon=lex,
    )
    text = out.getvalue()
    assert code == 0, text[-2000:]
    assert "Final scores" in text and re.search(r"^(You win!|.+ wins\.|A shared win\.)$", text, re.M)
    assert "You spelled" in text and re.search(r"You bought [A-Z?]+/\d+\$\d+", text) and "You ended the turn." in text
    assert re.search(r"^greedy: spelled [A-Z]+", text, re.M) and re.search(r"^hard: (spelled|passed)", text, re.M)
    assert "Offer:" in text and "Fame piles:" in text and "Length track:" in text and "Your hand:" in text
    assert "Traceback" not in text and "Refused" not in text
    assert any(t.startswith("play ") for t in typist.typed) and any(t.startswith("buy ") for t in typist.typed)
    # the save: the final state and a log that replays to it
    data = json.loads(save.read_text())
    assert data["phase"] == "over" and data["seats"] == ["you", "greedy", "hard"]
    log = [action_from_json(a) for a in data["log"]]
    replayed = PaperbackGame.replay(deck_from_json(data["deck"]), PaperbackOptions(3), 5, log, lex)
    assert replayed.state.to_json() == PaperbackState.from_json(data).to_json()


def test_a_person_spells_with_a_layout_and_refused_commands_change_nothing(lex: Lexicon, tmp_path: Path) -> None:
    game = PaperbackGame.new(house_deck(), PaperbackOptions(2), 4, lex)
    hand = [game.state.card(c) for c in game.state.players[0].hand]
    assert [c.letters for c in hand] == ["l", "n", "r", "", ""]  # seed 4's first hand: L N R and two wilds
    lines = [
        "buy 1",  # no word yet
        "spell zz 1 2",  # not what the layout spells
        "spell nr 2 3",  # not a word
        "spell al 4 1",  # a wild without its letter
        "spell al 9=a 1",  # no such card
        "spell",
        "play 1",  # no hints yet
        "frobnicate",
        'spell "unclosed',
        "hint 0",
        "spell learn 1 4=e 5=a 3 2",  # LEARN: L, two wilds, R, N
        "buy 9",
        "buy fame 4",  # dearer than the coins
        "buy 1",
        "end",
        f"save {tmp_path / 'after.json'}",
        "quit",
    ]
    code, text = play(lex, ["--bots", "greedy", "--seed", "4"], lines)
    assert code == 0
    assert "Refused: make a word first" in text
    assert "Refused: the layout spells 'ln', not 'zz'" in text
    assert "Refused: 'nr' is not in the dictionary" in text
    assert "Refused: layout[0]: a wild stands for a letter" in text
    assert "a hand card is a number from 1 to 5 (got '9')" in text
    assert "no hints yet" in text and "Unknown command 'frobnicate'" in text and "Cannot read that" in text
    assert "hint N is a number from 1 to 50" in text
    assert "You spelled LEARN: " in text and "an Offer pile is a number from 1 to 7" in text
    assert "Refused: a 17¢ Fame card" in text and "You ended the turn." in text
    assert re.search(r"You bought [A-Z?]+/\d+\$\d+", text)  # the card bought, named
    assert re.search(r"^greedy: (spelled|passed)", text, re.M)
    saved = json.loads((tmp_path / "after.json").read_text())
    assert saved["log"][0]["word"] == "learn" and saved["log"][1]["action"] == "buy"
    assert [a["action"] for a in saved["log"][:3]] == ["spell", "buy", "end"]


def test_a_saved_game_is_loaded_and_goes_on(lex: Lexicon, tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, text = play(lex, ["--bots", "random", "--seed", "9", "--save", str(save)], ["pass", "pass", "quit"])
    assert code == 0 and "You passed." in text and f"saved to {save}" in text
    data = json.loads(save.read_text())
    assert [a["action"] for a in data["log"]].count("pass") >= 2 and data["seats"] == ["you", "random"]
    out = io.StringIO()
    code = run(parse("--load", str(save)), io.StringIO("board\npass\nquit\n"), out, lexicon=lex)
    assert code == 0 and "Ghostwriter play (Paperback): you against random" in out.getvalue()
    again = json.loads(save.read_text())
    assert len(again["log"]) > len(data["log"]) and again["log"][: len(data["log"])] == data["log"]
    # a hand-edited save (a card duplicated) is refused, naming the fault
    again["players"][0]["hand"].append(again["players"][0]["hand"][0])
    save.write_text(json.dumps(again))
    with pytest.raises(PlayError, match=r"--load .*is in 2 places"):
        run(parse("--load", str(save)), io.StringIO(""), io.StringIO(), lexicon=lex)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "medium"], "unknown Paperback bot 'medium'"),
        (["--bots", "greedy,,hard"], "without blanks"),
        (["--bots", ",".join(["greedy"] * 5)], "seats 2, 3, 4, 5 players"),
        (["--target", "20"], "--target is a Hardback table option"),
        (["--seed", "-1"], "--seed must be from 0"),
        (["--deck", "/nonexistent/deck.json"], "--deck: .*cannot read it"),
    ],
)
def test_bad_flags_are_refused(lex: Lexicon, argv: list[str], message: str) -> None:
    with pytest.raises(PlayError, match=message):
        play(lex, argv, [])


def test_a_tables_deck_file_is_played_and_a_bad_one_is_named(lex: Lexicon, tmp_path: Path) -> None:
    deck = house_deck().to_json()
    deck["name"] = "mine"
    good = tmp_path / "mine.json"
    good.write_text(json.dumps(deck))
    code, text = play(lex, ["--deck", str(good), "--seed", "1"], ["quit"])
    assert code == 0 and "mine deck" in text
    del deck["offer"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(deck, indent=1))
    with pytest.raises(PlayError, match=r'--deck: .*bad.json.*the deck has no "offer"'):
        play(lex, ["--deck", str(bad)], [])
    with pytest.raises(PlayError, match="--deck is a Paperback deck file"):
        run(parse("--deck", str(good)), io.StringIO(""), io.StringIO(), lexicon=lex)


def _hinted(text: str, objective: str) -> list[tuple[str, int, int]]:
    """The words (word, score, length) of the hint block by this objective."""
    block = text.split(f"the ghost writer's best words by {objective}:", 1)[1]
    rows = re.findall(r"^\s+\d+\. ([A-Z ]+?)\s+score\s+(\d+)\s+length\s+(\d+)", block, re.M)
    out = []
    for word, score, length in rows:
        out.append((word.lower(), int(score), int(length)))
        if len(out) == 3:
            break
    return out


def test_hint_ranks_by_the_objective_asked(lex: Lexicon) -> None:
    """``hint [N] [score|length|value]``: the ghost writer's best words by the objective the Paperback hint offers
    (score, the default; length; value), each the same list its search gives for the hand, and play N plays it."""
    from solver.bots.paperback import turn_state
    from solver.paperback.moves import PaperbackObjective
    from solver.search.paperback import PaperbackSearch

    game = PaperbackGame.new(house_deck(), PaperbackOptions(2), 4, lex)
    turn, _ = turn_state(game.state)
    lines = ["hint 3 length", "hint value 3", "hint 3", "hint 2 score length", "hint fame", "play 1", "quit"]
    code, text = play(lex, ["--bots", "greedy", "--seed", "4"], lines)
    assert code == 0
    for objective in ("length", "value", "score"):
        want = PaperbackSearch(lex, turn, PaperbackObjective.parse(objective)).top(3)
        assert _hinted(text, objective) == [(m.word, m.score, m.length) for m in want], objective
    longest, scoring = _hinted(text, "length")[0], _hinted(text, "score")[0]
    assert longest[2] >= scoring[2] and scoring[1] >= longest[1]
    assert re.search(r"^\s+1\. [A-Z]+\s+score\s+\d+\s+length\s+\d+\s+value\s+\d+\.\d\d", text, re.M)
    assert "one number and one objective at most" in text
    assert "hint N is a number from 1 to 50 (got 'fame')" in text
    assert f"You spelled {_hinted(text, 'score')[0][0].upper()}: " in text  # play 1: the last hint's first word


def test_the_expansion_flags_deal_them_and_the_board_shows_them(lex: Lexicon, tmp_path: Path) -> None:
    save = tmp_path / "x.json"
    flags = ["--attacks", "--player-powers", "--award-card", "--theme-card"]
    code, out = play(lex, ["--seed", "3", "--bots", "hard", "--save", str(save), *flags], ["hint 2", "pass", "quit"])
    assert code == 0
    assert "Powers: You " in out and "Award: " in out and "Theme: " in out and "held by nobody yet" in out
    assert "[attack others:" in out  # an Attack card showing in the Offer
    assert "the ghost writer's best words" in out
    data = json.loads(save.read_text())
    assert data["options"]["attacks"] and data["options"]["powers"] and "expansions" in data
    code, again = play(lex, ["--load", str(save)], ["board", "quit"])
    assert code == 0 and "Powers: You " in again
    with pytest.raises(PlayError, match="--attacks cannot be given with --load"):
        play(lex, ["--load", str(save), "--attacks"], [])


def test_an_expansion_flag_is_refused_with_hardback_or_a_deck_without_the_cards(lex: Lexicon, tmp_path: Path) -> None:
    with pytest.raises(PlayError, match="--theme-card is a Paperback expansion"):
        run(parse("--theme-card"), io.StringIO(""), io.StringIO(), lexicon=lex)
    deck = house_deck().to_json()
    del deck["themes"]
    path = tmp_path / "bare.json"
    path.write_text(json.dumps(deck))
    with pytest.raises(PlayError, match=r"^--theme-card: theme: the deck 'house' has no Theme cards"):
        play(lex, ["--deck", str(path), "--theme-card"], [])
    help_text = io.StringIO()
    with pytest.raises(SystemExit):
        parser = Parser(prog="ghostwriter")
        add_parser(parser.add_subparsers(dest="command", parser_class=Parser))
        import contextlib

        with contextlib.redirect_stdout(help_text):
            parser.parse_args(["play", "--help"])
    for flag in ("--attacks", "--player-powers", "--award-card", "--theme-card"):
        assert flag in help_text.getvalue()
