"""``ghostwriter play``: whole short games typed at the prompt, refused commands, save and load, bad flags.

The person's side is typed by scripted input: a fixed list of lines, or ``Typist``, which reads what the game
printed since its last line and answers as a person would (ask a hint, play the word it shows with its layout,
buy the first card it can afford, end the turn). Every game runs over the worked examples' 3,012 words.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from solver.cli.options import Parser, UsageError
from solver.cli.play import PlayError, add_parser, run, session
from solver.errors import GhostwriterError
from solver.game.hardback.actions import Action, action_from_json
from solver.game.hardback.engine import Game
from solver.game.hardback.options import GameOptions, Powers
from solver.game.hardback.state import GameState
from solver.lexicon import Lexicon

from helpers import dealt_with_hand, give_hand
from tests_paths import DATA

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def parse(*argv: str) -> Any:
    parser = Parser(prog="ghostwriter")
    add_parser(parser.add_subparsers(dest="command", parser_class=Parser))
    return parser.parse_args(["play", *argv])


def play(lexicon: Lexicon | None, argv: Sequence[str], lines: Sequence[str]) -> tuple[int, str]:
    stdin = io.StringIO("".join(f"{x}\n" for x in lines))
    out = io.StringIO()
    code = run(parse(*argv), stdin, out, lexicon=lexicon)
    return code, out.getvalue()


class Typist:
    """Scripted input that reads the game's output: hint, play the hinted word as laid out, buy, end."""

    def __init__(self, out: io.StringIO, limit: int = 400) -> None:
        self.out = out
        self.seen = 0
        self.limit = limit
        self.typed: list[str] = []
        self.bought = False

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
        if "(over)>" in prompt:
            return "quit"
        if "(prepare)>" in prompt:
            self.bought = False
            plays = re.findall(r"^\s+1\. (play .*)$", new, re.M)
            if plays:
                return str(plays[0])
            if "no playable word" in new or "no word" in new:
                return "pass"
            return "hint 1"
        if "(choices)>" in prompt:
            return "skip"
        if "(buy)>" in prompt:
            slots = re.findall(r"You can buy: (\d+)\.", new)
            if slots and not self.bought:
                self.bought = True
                return f"buy {slots[0]}"
            return "end"
        return "board"


@pytest.fixture(scope="module")
def lex(example_lexicon: Lexicon) -> Lexicon:
    return example_lexicon


def test_a_whole_short_game_is_played_from_the_prompt(lex: Lexicon, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    out = io.StringIO()
    typist = Typist(out)
    args = parse("--bots", "hard,medium", "--seed", "5", "--target", "10", "--save", str(save))
    code = run(args, typist, out, lexicon=lex)
    text = out.getvalue()
    assert code == 0
    assert "Final scores" in text
    assert re.search(r"^(You win!|\S+ wins\.|A shared win: .*)$", text, re.M)
    assert "You spelled" in text and "You bought" in text and "You ended the turn." in text
    assert re.search(r"^hard: spelled [A-Z]+ \(", text, re.M)
    assert re.search(r"^medium: (spelled|passed)", text, re.M)
    assert "the ghost writer's best words" in text
    assert "Traceback" not in text and "internal error" not in text
    assert typist.typed[-1] == "quit"
    assert any(t.startswith("play ") for t in typist.typed) and any(t.startswith("buy ") for t in typist.typed)
    # the saved game holds the final state and a log that replays to it
    data = json.loads(save.read_text())
    assert data["phase"] == "over" and data["seats"] == ["you", "hard", "medium"]
    assert max(p["prestige"] for p in data["players"]) >= 10
    log = [action_from_json(a) for a in data["log"]]
    replayed = Game.replay(GameOptions.from_json(data["options"]), data["seed"], lex, log)
    assert replayed.state.to_json() == GameState.from_json(data).to_json()


def test_refused_commands_print_the_reason_and_change_nothing(lex: Lexicon, tmp_path: Path) -> None:
    lines = [
        "buy 1",  # not in the prepare phase
        "play zzzz",  # not a word
        "ink",  # no ink yet
        "dump E",
        "remover E",  # no remover
        "jail 1",
        "play",
        "frobnicate",
        "hint 0",
        "hint x",
        'play "unclosed',
        "power lyrical",  # powers are not in play
        "save",
        "log",
        "end",
        f"save {tmp_path / 'after.json'}",
    ]
    code, text = play(lex, ["--bots", "easy", "--seed", "2", "--target", "10"], lines)
    assert code == 0
    refusals = [x for x in text.splitlines() if x.startswith("refused: ")]
    assert len(refusals) == 14, refusals
    assert "refused: buy is not for the prepare phase; now: hint, play, pass" in text  # no ink, remover or power held
    assert "is not in the dictionary 'examples-words.txt'" in text
    assert "refused: no ink to spend: buy ink (1 coin each) in a purchase phase" in text  # the engine's reason
    assert "refused: no remover token" in text
    assert "refused: unknown command 'frobnicate': type help for the list" in text
    assert "refused: N must be from 1 to 50, not 0" in text
    assert "refused: player powers are not in play (option powers)" in text
    assert "nothing played yet" in text
    assert "Game left unfinished (end of input)" in text
    assert "Traceback" not in text
    after = json.loads((tmp_path / "after.json").read_text())
    fresh = Game.new(GameOptions(players=2, target=10), 2, lex)
    assert after["log"] == [] and GameState.from_json(after).to_json() == fresh.state.to_json()


def test_a_turn_played_by_hand_layout_buy_and_the_bots_answer(lex: Lexicon) -> None:
    # seed 3 deals the hand O R A L N; a layout is typed card by card
    lines = [
        "play roan N O A R",  # face-up cards must show their letter
        "play roan R O A N E",  # one card a letter
        "play roan R O A N",
        "hint",  # past the word: the expert's next action (a buy), not words
        "buy 9",
        "buy 1",
        "end",
        "log 2",
        "quit",
    ]
    code, text = play(lex, ["--bots", "hard,medium", "--seed", "3", "--target", "10"], lines)
    assert code == 0
    assert "Your hand: O  R  A  L  N" in text
    assert "refused: letter 1 (R): N shows N face-up, not R; lay it face-down as N/wild" in text
    assert "refused: give one card a letter: ROAN has 4 letters, you gave 5 cards" in text
    assert "You spelled ROAN (1 prestige, 3 coins)." in text
    assert re.search(r"^  the expert would (buy|end|flush|ink-buy|buy ink).* next", text, re.M), text
    assert "  now: flush, buy, ink-buy, end" in text or "  now: buy, ink-buy, end" in text
    assert "refused: the slot must be from 1 to 7, not 9" in text
    assert "You bought h:U2 for 2 coins." in text
    assert re.search(r"^hard: spelled [A-Z]+ .*-> \d+ prestige", text, re.M)
    assert re.search(r"^  turn   3  medium: ", text, re.M)
    assert "Game left unfinished (quit)" in text


def test_the_hint_lists_the_layout_to_type_and_play_without_a_layout_uses_the_best(lex: Lexicon) -> None:
    code, text = play(lex, ["--bots", "greedy", "--seed", "3", "--target", "10"], ["hint 2", "play argon"])
    assert code == 0
    assert "the ghost writer's best words (by value, over examples-words.txt)" in text
    assert re.search(r"^ 1\. [A-Z]+ ", text, re.M)
    assert re.search(r"^   2\. play [A-Z]+( [^ ]+)+$", text, re.M)  # the layout to type, one card a letter
    assert "You spelled ARGON" in text  # a word without a layout is played in its best arrangement


def test_save_and_load_resume_the_game(lex: Lexicon, tmp_path: Path) -> None:
    path = tmp_path / "mid.json"
    code, first = play(lex, ["--bots", "medium", "--seed", "11", "--target", "10"], ["hint 1", f"save {path}", "quit"])
    assert code == 0
    assert f"Saved to {path}" in first
    saved = json.loads(path.read_text())
    assert saved["seats"] == ["you", "medium"] and saved["log"] == []
    # resume: the same board, and playing on from it
    code, second = play(lex, ["--load", str(path)], ["board", "end"])
    assert code == 0
    board_before = first.split("you (prepare)>")[0].split("==", 1)[1]
    assert board_before in second
    assert f"Game left unfinished (end of input); saved to {path}" in second


def test_load_with_a_bot_turn_pending_and_autosave(lex: Lexicon, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    out = io.StringIO()
    typist = Typist(out, limit=6)  # a turn or two, then end of input
    code = run(parse("--bots", "easy", "--seed", "4", "--target", "10", "--save", str(path)), typist, out, lexicon=lex)
    assert code == 0
    data = json.loads(path.read_text())
    assert data["log"], "autosaved after each turn"
    state = GameState.from_json(data)
    # the log replays to the saved state
    log = [action_from_json(a) for a in data["log"]]
    assert Game.replay(state.options, state.seed, lex, log).state.to_json() == state.to_json()
    code, text = play(lex, ["--load", str(path)], ["log"])
    assert code == 0
    assert re.search(r"^  turn   1  you: spelled", text, re.M)


def test_eof_at_once_ends_cleanly(lex: Lexicon) -> None:
    code, text = play(lex, ["--bots", "easy", "--seed", "1", "--target", "10"], [])
    assert code == 0
    assert "== Hardback · turn 1 · round 1 · your turn (prepare) · target 10 ==" in text
    assert text.rstrip().endswith("Next time keep it with save FILE or --save FILE.")


def test_the_board_shows_options_and_colour_only_when_asked(lex: Lexicon) -> None:
    argv = ["--bots", "medium,medium", "--seed", "1", "--target", "10", "--awards", "--adverts", "--events"]
    argv += ["--powers", "passive", "--rules", "bga"]
    code, text = play(lex, argv, ["board"])
    assert code == 0
    assert not ANSI.search(text)
    for part in (
        "medium-1",
        "medium-2",
        "adverts",
        "Your next advert: 6 coins for 3 prestige",
        "Literary award: none yet",
        "Events: none drawn yet",
        "Power of you: ",
        "Offer row  (slot  letter  cost  genre  benefits)",
        "Classics in play",
        "Your hand: ",
        "Deck 5 · discard 0",
    ):
        assert part in text, part
    out = io.StringIO()
    run(parse("--bots", "easy", "--seed", "1", "--target", "10"), io.StringIO(""), out, lexicon=lex, colour=True)
    assert ANSI.search(out.getvalue())


def test_words_from_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GHOSTWRITER_CACHE", str(tmp_path / "cache"))
    words = tmp_path / "words.txt"
    words.write_text((DATA / "examples-words.txt").read_text())
    code, text = play(None, ["--bots", "easy", "--seed", "3", "--target", "10", "--words", str(words)], ["hint 1"])
    assert code == 0
    assert "dictionary words.txt (3012 words)" in text
    assert re.search(r"^   1\. play [A-Z]+( [^ ]+)+$", text, re.M)


class Broken:
    def play_turn(self, game: Game) -> list[Action]:
        raise RuntimeError("out of ideas")


class Idle:
    def play_turn(self, game: Game) -> list[Action]:
        return []


@pytest.mark.parametrize("bot", [Broken, Idle])
def test_a_bot_that_fails_or_stops_gives_up_its_turn(lex: Lexicon, monkeypatch: pytest.MonkeyPatch, bot: type) -> None:
    monkeypatch.setattr(session, "make_bot", lambda *a, **k: bot())
    code, text = play(lex, ["--bots", "easy", "--seed", "3", "--target", "10"], ["play roan", "end", "board"])
    assert code == 0
    assert ("easy failed (RuntimeError: out of ideas) and gives up its turn" in text) == (bot is Broken)
    assert "easy: passed (writer's block)" in text
    assert "turn 3 · round 2 · your turn" in text


def test_ctrl_c_at_the_prompt_leaves_and_saves(lex: Lexicon, tmp_path: Path) -> None:
    class Interrupt:
        def readline(self) -> str:
            raise KeyboardInterrupt

    path = tmp_path / "g.json"
    out = io.StringIO()
    code = run(
        parse("--bots", "easy", "--seed", "1", "--target", "10", "--save", str(path)), Interrupt(), out, lexicon=lex
    )
    assert code == 130
    assert f"Game left unfinished (interrupted); saved to {path}" in out.getvalue()
    assert json.loads(path.read_text())["log"] == []


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "wizard"], "unknown bot 'wizard' in --bots"),
        (["--bots", "easy,,hard"], "--bots takes comma-separated names without blanks"),
        (["--bots", "easy,easy,easy,easy,easy"], "--bots names 1 to 4 bots"),
        (["--target", "5"], "--target must be from 10 to 500"),
        (["--seed", "-1"], "--seed must be from 0"),
        (["--save", "/no/such/folder/g.json"], "the folder '/no/such/folder' does not exist"),
        (["--load", "/no/such/file.json"], "no such file"),
    ],
)
def test_bad_flags_are_one_line_errors(lex: Lexicon, argv: list[str], message: str) -> None:
    with pytest.raises(GhostwriterError, match=re.escape(message)):
        play(lex, argv, [])


def test_bad_saved_games_are_one_line_errors(lex: Lexicon, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    cases = {
        "not json {": "not JSON",
        "[1, 2]": "a saved game is a JSON object",
        '{"players": []}': "game state: missing or malformed field",
    }
    for text, message in cases.items():
        bad.write_text(text)
        with pytest.raises(PlayError, match=re.escape(message)):
            play(lex, ["--load", str(bad)], [])
    good = tmp_path / "good.json"
    play(lex, ["--bots", "easy", "--seed", "1", "--target", "10", "--save", str(good)], ["quit"])
    data = json.loads(good.read_text())
    with pytest.raises(PlayError, match="cannot be given with --load"):
        play(lex, ["--load", str(good), "--target", "20"], [])
    with pytest.raises(PlayError, match="drop --bots"):
        play(lex, ["--load", str(good), "--bots", "hard"], [])
    bad.write_text(json.dumps({**data, "seats": ["you", "wizard"]}))
    with pytest.raises(PlayError, match='"seats" must list "you"'):
        play(lex, ["--load", str(bad)], [])
    bad.write_text(json.dumps({**data, "log": "nope"}))
    with pytest.raises(PlayError, match='"log" must be a list'):
        play(lex, ["--load", str(bad)], [])
    without = {k: v for k, v in data.items() if k != "seats"}
    bad.write_text(json.dumps(without))
    with pytest.raises(PlayError, match="give --bots with 1 bot names"):
        play(lex, ["--load", str(bad), "--bots", "easy,hard"], [])
    code, _ = play(lex, ["--load", str(bad), "--bots", "hard"], [])
    assert code == 0


def test_a_bad_choice_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="--rules"):
        parse("--rules", "house")


def saved_with_hand(
    lex: Lexicon, path: Path, hand: Sequence[str], seed: int = 1, options: GameOptions | None = None, **mine: Any
) -> Path:
    """A new game against one easy bot whose seat 0 holds ``hand`` (and the attributes ``mine`` sets), saved to
    ``path`` for --load."""
    game = dealt_with_hand(lex, hand, seed, options, **mine)
    path.write_text(json.dumps({**game.state.to_json(), "log": [], "seats": ["you", "easy"]}))
    return path


def test_the_choices_a_word_earns_preview_and_dump(tmp_path: Path) -> None:
    from helpers import lexicon_of

    lex = lexicon_of("rage", "axe", "ax")
    path = saved_with_hand(lex, tmp_path / "g.json", ["r:R5", "r:G3", "m:X3", "E", "A"])
    lines = [
        "play rage",
        "preview keep",  # not looked at yet
        "look",
        "dump m:X3",  # the cards looked at come first, once looked at
        "preview discard 9",
        "preview discard 1",
        "dump zz:Q",
        "dump r:R5",  # in the word, not in the discard pile
        "jail 1",  # no jail earned
        "dump m:X3",
        "buy 1",
        "end",
    ]
    code, text = play(lex, ["--load", str(path)], lines)
    assert code == 0
    assert "You spelled RAGE (5 prestige, 2 coins, 1 preview, 1 dump)." in text
    assert "look (preview the top 3 cards of your draw pile)" in text
    assert "refused: no cards to look at now" in text
    assert "You looked at the top 3 cards of the draw pile: looking at 1. " in text
    assert "refused: first choose which of the cards looked at to discard: looking at 1. " in text
    assert "refused: a card looked at must be from 1 to 3, not 9" in text
    assert "You looked at 3 cards, discarded 1." in text
    assert "Choices (" in text and "dump CODE for 1 coin (your discard: " in text
    assert "refused: card: " in text
    assert "refused: romance:R5 is not in your discard pile" in text
    assert "refused: no jail left to use this turn" in text
    assert "You dumped m:X3 from the discard pile for 1 coin." in text
    assert "You have 3 coins and 0 ink." in text
    assert re.search(r"^easy: (spelled|passed)", text, re.M)


def test_jail_keep_then_buy_from_the_jail(tmp_path: Path) -> None:
    from helpers import lexicon_of

    lex = lexicon_of("axe", "ax")
    path = saved_with_hand(lex, tmp_path / "g.json", ["m:X3", "A", "E", "N", "T"])
    lines = ["play axe", "jail 2 maybe", "jail 2 keep", "board", "buy jail", "board"]
    code, text = play(lex, ["--load", str(path)], lines)
    assert code == 0
    assert "refused: usage: jail SLOT [keep|remove]" in text
    jailed = re.search(r"^You jailed (\S+)\.$", text, re.M)
    assert jailed is not None
    # the board's jail column shows it, and buying it from the jail empties the jail
    assert re.search(rf"^> you .*  {re.escape(jailed.group(1))}$", text, re.M)
    assert f"You bought {jailed.group(1)} from the jail for " in text
    assert re.search(r"^> you .*  -$", text.split("from the jail")[1], re.M)


def test_ink_a_power_and_pass(lex: Lexicon, tmp_path: Path) -> None:
    options = GameOptions(players=2, target=10, powers=Powers.PASSIVE)
    path = saved_with_hand(lex, tmp_path / "g.json", ["R", "O", "A", "N", "L"], options=options, ink=3, power="lyrical")
    lines = ["power pint", "power lyrical now", "power lyrical", "ink", "board", "remover E", "pass", "board", "log"]
    code, text = play(lex, ["--load", str(path)], lines)
    assert code == 0
    assert "Power of you: lyrical = Lyrical Prestige (2 ink): gain 1 prestige" in text
    assert "refused: your power is 'lyrical' (Lyrical Prestige)" in text
    assert "refused: power lyrical takes no arguments" in text
    assert "You used Lyrical Prestige, +1 prestige." in text
    drawn = re.search(r"^You drew (\S+) with ink\.$", text, re.M)
    assert drawn is not None
    assert re.search(rf"^Inked: {re.escape(drawn.group(1))}  \(must be in your word face-up\)$", text, re.M)
    assert "refused: no remover token: removers come from Horror cards" in text
    assert "You passed (writer's block): the hand is discarded." in text
    assert re.search(r"^easy: ", text, re.M)
    assert "turn 3 · round 2 · your turn (prepare)" in text
    # the hand and the power were dealt by the test, not by the seed: the log says it cannot be replayed
    assert "  turn   1  you: power (cannot be replayed: your power is " in text
    assert "this log does not replay to the game as it stands" in text


def test_hints_keep_to_the_event_in_front_of_you(lex: Lexicon, tmp_path: Path) -> None:
    options = GameOptions(players=2, target=10, events=True)
    path = saved_with_hand(lex, tmp_path / "g.json", ["R", "O", "A", "N", "E"], options=options, event="Lipogram")
    code, text = play(lex, ["--load", str(path)], ["hint 3", "play aeon"])
    assert code == 0
    assert "Events: you: Lipogram (A wager: no letter E in your words.)" in text
    hinted = re.findall(r"^ +\d\. play (\S+)", text, re.M)
    assert len(hinted) == 3 and not any("E" in w for w in hinted)
    assert "refused: event Lipogram: the word may not contain E" in text


def test_colour_only_on_a_terminal_without_no_color(lex: Lexicon, monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    argv = parse("--bots", "easy", "--seed", "1", "--target", "10")
    monkeypatch.delenv("NO_COLOR", raising=False)
    tty = Terminal()
    run(argv, io.StringIO(""), tty, lexicon=lex)
    assert ANSI.search(tty.getvalue())
    plain = io.StringIO()
    run(argv, io.StringIO(""), plain, lexicon=lex)
    assert not ANSI.search(plain.getvalue())
    monkeypatch.setenv("NO_COLOR", "1")
    tty = Terminal()
    run(argv, io.StringIO(""), tty, lexicon=lex)
    assert not ANSI.search(tty.getvalue())


def test_an_event_drawn_is_kept_or_exchanged_at_the_prompt(lex: Lexicon, tmp_path: Path) -> None:
    options = GameOptions(players=2, target=60, events=True)
    path = saved_with_hand(lex, tmp_path / "g.json", ["R", "O", "A", "N", "E"], options=options, prestige=10)
    game = Game(GameState.from_json(json.loads(path.read_text())), lex)
    game.state.players[1].prestige, game.state.players[1].event = 30, "Royalties"
    game.state.events_deck = [e for e in game.state.events_deck if e.name != "Royalties"]
    path.write_text(json.dumps({**game.state.to_json(), "log": [], "seats": ["you", "easy"]}))
    lines = ["pass", "end", "event swap 5", "event swap", "event swap easy", "board"]
    code, text = play(lex, ["--load", str(path)], lines)
    assert code == 0
    assert re.search(r"Event: you drew '[^']+': .*; easy \(30 prestige\) holds 'Royalties'", text)
    assert "refused: end is not for the event phase" in text
    assert "refused: no opponent '5'" in text
    assert "refused: usage: event keep or event swap PLAYER" in text
    assert re.search(r"You drew the event '[^']+' and exchanged it for seat 1's 'Royalties'\.", text)
    assert "Events: you: Royalties (Gain 1 coin each turn you spell a word.)" in text


def test_house_words_are_played_and_kept_by_a_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GHOSTWRITER_CACHE", str(tmp_path / "cache"))
    words = tmp_path / "words.txt"
    words.write_text((DATA / "examples-words.txt").read_text())
    save = tmp_path / "g.json"
    argv = ["--bots", "easy", "--seed", "3", "--words", str(words), "--ban-words", "ten", "--extra-words", "qwxz"]
    code, text = play(None, [*argv, "--save", str(save)], ["save " + str(save)])
    assert code == 0
    name = re.search(r"dictionary (words\.txt\+house-[0-9a-f]+) \(3012 words\)", text)
    assert name is not None  # one banned, one added
    assert json.loads(save.read_text())["lexicon"]["banned"] == ["ten"]
    code, text = play(None, ["--load", str(save)], ["play ten"])
    assert code == 0 and f"dictionary {name.group(1)} (3012 words)" in text
    assert "refused: 'TEN' is not in the dictionary" in text


def test_a_russian_dictionary_is_refused_for_a_game(lex: Lexicon) -> None:
    with pytest.raises(GhostwriterError, match="the game engine plays the English cards"):
        play(None, ["--dictionary", "ru"], [])


def test_the_hint_weighs_a_power_that_changes_the_word(lex: Lexicon, tmp_path: Path) -> None:
    options = GameOptions(players=2, target=60, powers=Powers.PASSIVE)
    hand = ["T", "E", "A", "S", "N"]
    path = saved_with_hand(lex, tmp_path / "g.json", hand, options=options, ink=3, power="unnatural")
    code, text = play(lex, ["--load", str(path)], ["hint 1"])
    assert code == 0
    said = re.search(
        r"with your power, Unnatural Creation with slot (\d) \((\S+)\) for 3 ink: ([A-Z]+) \(value ([\d.]+), "
        r"(?:\+[\d.]+ over your best word|no better than your best word)\); to use it, type: (power unnatural \d)",
        text,
    )
    assert said is not None, text
    assert said.group(5) == f"power unnatural {said.group(1)}"
    code, text = play(lex, ["--load", str(path)], ["hint 1", said.group(5), "hint 1"])
    after = re.findall(r"^ +1\. play ([A-Z]+) ", text, re.M)
    assert after[-1] == said.group(3)  # with the offer-row card in hand, the best word is the one foretold
    assert text.count("with your power") == 1  # used: not offered again this turn


def test_no_power_hint_without_the_ink(lex: Lexicon, tmp_path: Path) -> None:
    options = GameOptions(players=2, target=60, powers=Powers.PASSIVE)
    hand = ["T", "E", "A", "S", "N"]
    path = saved_with_hand(lex, tmp_path / "g.json", hand, options=options, ink=2, power="unnatural")
    code, text = play(lex, ["--load", str(path)], ["hint 1"])
    assert code == 0 and "with your power" not in text


class Terminal(io.StringIO):
    """Typed input that says it is a terminal: the word's choices are asked."""

    def isatty(self) -> bool:
        return True


OAT_HAND = ["horror:O4", "horror:A3", "T", "S", "E"]


def test_each_choice_of_the_word_is_asked_with_the_ghost_writers_pick_as_default(tmp_path: Path) -> None:
    from helpers import lexicon_of

    lex = lexicon_of("oat", "oats")
    path = saved_with_hand(lex, tmp_path / "g.json", OAT_HAND)
    stdin = Terminal("play oat\n\ncoins\nmaybe\n\nend\nquit\n")  # Enter plays it as shown; a bad answer: asked again
    out = io.StringIO()
    assert run(parse("--load", str(path)), stdin, out, lexicon=lex) == 0
    text = out.getvalue()
    assert "OAT would be laid out so, left to right:" in text and "Play it so? [Y/n] " in text
    assert "h:O4 at O (letter 1): coins or prestige? [" in text
    assert "answer coins or prestige (Enter: " in text
    default = re.findall(r"h:A3 at A \(letter 2\): coins or prestige\? \[(\w+)\]", text)[0]
    prestige, coins = (2, 4) if default == "prestige" else (0, 6)
    assert f"You spelled OAT ({prestige} prestige, {coins} coins)." in text


def test_choices_typed_inline_are_not_asked_and_a_bad_one_is_refused(tmp_path: Path) -> None:
    from helpers import lexicon_of

    lex = lexicon_of("oat", "oats")
    path = saved_with_hand(lex, tmp_path / "g.json", OAT_HAND)
    stdin = Terminal("play oat h:O4+gold h:A3 T\nplay oat h:O4+coins h:A3+prestige T\nend\nquit\n")
    out = io.StringIO()
    assert run(parse("--load", str(path)), stdin, out, lexicon=lex) == 0
    text = out.getvalue()
    assert "refused: h:O4+gold: after + give coins, prestige, ink, remover, trash, keep, left, right" in text
    assert "coins or prestige? [" not in text
    assert "You spelled OAT (2 prestige, 4 coins)." in text


def test_scripted_input_is_not_asked_the_objective_makes_the_choices(tmp_path: Path) -> None:
    from helpers import lexicon_of

    lex = lexicon_of("oat", "oats")
    path = saved_with_hand(lex, tmp_path / "g.json", OAT_HAND)
    code, text = play(lex, ["--load", str(path)], ["play oat", "end", "quit"])
    assert code == 0
    assert "coins or prestige? [" not in text
    assert re.search(r"You spelled OAT \(\d+ prestige, \d+ coins\)\.", text)


def test_the_coop_flag_plays_against_penny_and_says_the_table_lost(lex: Lexicon, tmp_path: Path) -> None:
    """The variants rulebook: "if Penny Dreadful completes her final lap first, the players lose". A table that
    only passes loses, and play says so in words (no seat is named the winner)."""
    save = tmp_path / "coop.json"
    argv = ["--coop", "--penny", "horror", "--bots", "easy", "--seed", "3", "--target", "10", "--save", str(save)]
    code, text = play(lex, argv, ["pass"] * 20)
    assert code == 0
    assert "Penny Dreadful (horror):" in text
    assert "You lose: Penny Dreadful completed her final lap first." in text
    assert "You win!" not in text and " wins." not in text
    data = json.loads(save.read_text())
    assert data["options"]["coop"] is True and data["options"]["penny_genre"] == "horror"
    assert data["result"] == "lost" and data["phase"] == "over"


def test_the_coop_table_that_finishes_first_wins_in_words(lex: Lexicon, tmp_path: Path) -> None:
    """The variants rulebook: "If the players complete their final lap first, they win the game"."""
    from helpers import lexicon_of

    options = GameOptions(players=2, target=10, coop=True)
    me = Game.new(options, 1, lex).state.players[0]
    letter = next(c.letter for c in me.hand + me.draw if c.letter in "BCDGHMOPUY")  # a prestige starter of seat 0
    word = f"{letter}a".lower()
    words = lexicon_of(word)
    path = saved_with_hand(words, tmp_path / "g.json", [letter, "A"], options=options, prestige=19)
    code, text = play(words, ["--load", str(path)], [f"play {word}", "quit"])
    assert code == 0
    assert "You win! The table completed its final lap before Penny Dreadful." in text


def test_the_ghost_writer_flag_credits_the_player_who_suggested_the_word(tmp_path: Path) -> None:
    """The rulebook: "If another player suggests a word that you decide to use, that player receives a free Ink
    token from the general supply"."""
    from helpers import lexicon_of

    words = lexicon_of("at")
    path = saved_with_hand(words, tmp_path / "g.json", ["A", "T"], options=GameOptions(players=2, ghost_writer=True))
    code, text = play(words, ["--load", str(path), "--save", str(path)], ["play at ghost=nobody", "play at ghost=1"])
    assert code == 0
    assert "refused: no opponent 'nobody'" in text
    assert json.loads(path.read_text())["players"][1]["ink"] >= 1
    plain = saved_with_hand(words, tmp_path / "p.json", ["A", "T"])
    code, text = play(words, ["--load", str(plain)], ["play at ghost=1"])
    assert "refused: ghost=PLAYER credits a ghost writer: start the game with --ghost-writer" in text


def test_the_coop_and_ghost_writer_flags_reach_the_options_and_are_explained(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from solver.cli.table_options import table_options

    args = parse("--coop", "--ghost-writer", "--bots", "easy,hard")
    options = table_options(args, 3)
    assert options.coop and options.ghost_writer and options.penny_genre == "none"
    assert table_options(parse("--penny", "mystery"), 2).coop  # a signature genre implies --coop
    assert not table_options(parse(), 2).coop
    with pytest.raises(GhostwriterError, match="--coop seats 1 to 4 players"):
        play(None, ["--coop", "--bots", "easy,easy,easy,easy"], [])
    with pytest.raises(SystemExit):
        parse("--help")
    helptext = " ".join(capsys.readouterr().out.split())
    assert "--coop the cooperative anthology" in helptext
    assert "--penny GENRE Penny Dreadful's signature genre" in helptext
    assert "--ghost-writer the ghost-writer rule" in helptext


def test_a_bots_printed_horror_h_asks_you_which_token_to_return_and_ink_ahead(tmp_path: Path) -> None:
    """Printed Horror H: "All other players must return an unused ink or remover" (BGA's how-to play): holding
    both, the person is asked which. And the rulebook's ink "At any time before you Create a Word, even during
    another player's turn": ahead N draws at the start of the next player's turn."""
    from solver.game.hardback.actions import LayoutEntry, Pass, Spell

    from helpers import lexicon_of

    lex = lexicon_of("ha", "at", "ta", "an", "ant", "tan", "ten", "net", "tee", "eat", "tea", "ate")
    game = Game.new(GameOptions(players=2, target=10), 1, lex)
    game.apply(Pass())  # the person passes: the bot's turn
    st = game.state
    give_hand(game, 1, ["horror:H7", "horror:A3"])
    st.players[0].ink, st.players[0].remover = 2, 1
    game.apply(Spell("ha", (LayoutEntry("horror:H7"), LayoutEntry("horror:A3"))))
    assert st.phase == "return" and st.acting == 0
    path = tmp_path / "g.json"
    path.write_text(json.dumps({**st.to_json(), "log": [a.to_json() for a in game.log], "seats": ["you", "easy"]}))
    lines = ["end", "return coins", "return remover", "ahead 5", "ahead 1", "pass", "board"]
    code, text = play(lex, ["--load", str(path)], lines)
    assert code == 0
    assert "easy's printed Horror H: each other player returns an unused ink or remover. You hold 2 ink and " in text
    assert "type return ink or return remover" in text
    assert "refused: end is not for the return phase; now: return" in text
    assert "refused: usage: return ink or return remover" in text
    assert "You returned a remover." in text
    assert "refused: you hold 2 ink" in text
    assert "At the start of the next player's turn you draw 1 card(s) with ink (out of turn)." in text
    drawn = re.search(r"^You drew (\S+) with ink, out of turn \(it must be in your next word face-up\)\.$", text, re.M)
    assert drawn is not None
    assert re.search(rf"^Inked: {re.escape(drawn.group(1))}  \(must be in your word face-up\)$", text, re.M)
    log = json.loads(path.read_text())["log"]  # the save's log holds both, and replays
    assert {"action": "return", "seat": 0, "token": "remover"} in log and {"action": "ink", "seat": 0} in log


def test_a_word_without_its_cards_is_shown_laid_out_and_can_be_declined(tmp_path: Path) -> None:
    from helpers import lexicon_of

    lex = lexicon_of("oat", "oats")
    path = saved_with_hand(lex, tmp_path / "g.json", OAT_HAND)
    out = io.StringIO()
    assert run(parse("--load", str(path)), Terminal("play oat\nn\nquit\n"), out, lexicon=lex) == 0
    text = out.getvalue()
    layout = text.split("OAT would be laid out so, left to right:")[1].split("Play it so?")[0]
    assert "horror:O4" in layout and "horror:A3" in layout and "T" in layout
    assert "Not played." in text and "You spelled" not in text


def test_a_refused_layout_is_told_in_the_terminals_notation(tmp_path: Path) -> None:
    from helpers import lexicon_of

    lex = lexicon_of("oat", "oats", "sat")
    path = saved_with_hand(lex, tmp_path / "g.json", OAT_HAND)
    code, text = play(lex, ["--load", str(path)], ["play sat S E T", "quit"])
    assert code == 0
    assert "refused: letter 2 (A): E shows E face-up, not A; lay it face-down as E/wild" in text
    assert "layout[" not in text and '"face"' not in text
