"""Odd input, as a hostile or unlucky user sends it: Unicode that is not what it looks like, JSON nested past any
real state, huge and negative numbers, wrong types. Every one is read right or refused with a message naming
the field (or the text) and the fix: never a traceback, a 5xx or a silent wrong answer."""

from __future__ import annotations

import io
import json
import re
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from solver.cli.main import main
from solver.cli.options import EXIT_BAD_INPUT
from solver.errors import CardCodeError, GhostwriterError, StateError, TextError
from solver.hardback.catalogue import Rules
from solver.hardback.objectives import Objective
from solver.hardback.state import TurnState
from solver.paperback.moves import PaperbackObjective
from solver.text import MAX_DEPTH, card_letter, check_depth, json_depth, lower_word, normalise

from live_server import live_server
from tests_paths import DATA

WORDS = str(DATA / "examples-words.txt")

# -- the shared reading of text ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "read"),
    [("Ｅ", "E"), ("ｒ：Ｆ６", "r:F6"), ("１", "1"), ("ﬁ", "fi"), ("E\u0301", "\u00c9"), ("Ё", "Ё"), ("r:F6", "r:F6")],
)
def test_normalise_reads_compatibility_forms_as_their_letters(text: str, read: str) -> None:
    assert normalise(text, "card") == read


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("E\u200d", "U+200D (ZERO WIDTH JOINER)"),
        ("\u202eE", "U+202E (RIGHT-TO-LEFT OVERRIDE)"),
        ("E\x00", "U+0000"),
        ("\ud800", "U+D800"),
        ("E\u0337", "U+0337 (COMBINING SHORT SOLIDUS OVERLAY)"),
        ("\u0301", "U+0301 (COMBINING ACUTE ACCENT)"),
        ("E\ue000", "U+E000"),
        ("E\u2028", "U+2028 (LINE SEPARATOR)"),
        ("\ufeffE", "U+FEFF (ZERO WIDTH NO-BREAK SPACE)"),
    ],
)
def test_normalise_refuses_what_no_code_or_word_holds(text: str, named: str) -> None:
    with pytest.raises(TextError) as e:
        normalise(text, "card")
    message = str(e.value)
    assert message.startswith(f"card {text!r} has {named} at character ") and "type it without" in message
    assert message.isprintable()  # the character itself is shown escaped, never raw


def test_normalise_raises_the_callers_error() -> None:
    class MineError(GhostwriterError):
        pass

    with pytest.raises(MineError):
        normalise("E\x07", "card", MineError)


def test_card_letter_folds_and_refuses_letters_that_do_not_map_one_to_one() -> None:
    assert card_letter("ё", "letter") == "Е"  # the word lists' fold: ё is е
    assert card_letter("Ｅ", "letter") == "E"
    assert card_letter("e", "letter") == "E"
    with pytest.raises(TextError, match=r"lowercases to 2 characters .*type the plain letter \(I\)"):
        card_letter("İ", "letter")
    with pytest.raises(TextError, match=r"reads as 'fi' once normalised \(NFKC\), and a card has one letter"):
        card_letter("ﬁ", "letter")
    with pytest.raises(TextError, match=r"its capital is 'SS'"):
        card_letter("ß", "letter")
    with pytest.raises(TextError, match=r"its capital is 'I', whose small form is 'i'"):
        card_letter("ı", "letter")


def test_lower_word_is_the_word_lists_form() -> None:
    assert lower_word(" Ёлка ", "word") == "елка"
    assert lower_word("ＫＨＡＦＳ", "word") == "khafs"
    assert lower_word("Straße", "word") == "straße"
    with pytest.raises(TextError, match=r"U\+0130"):
        lower_word("İstanbul", "word")


@pytest.mark.parametrize(
    ("parse", "name", "member", "message", "error"),
    [
        (Objective.parse, " VALUE ", Objective.VALUE, "unknown objective 'best': use value, prestige or coins", None),
        (Rules.parse, "Bga", Rules.BGA, "unknown rules 'best': use 'printed' or 'bga'", CardCodeError),
        (
            PaperbackObjective.parse,
            "length",
            PaperbackObjective.LENGTH,
            "unknown Paperback objective 'best': use score, length or value",
            None,
        ),
    ],
)
def test_an_enum_is_read_from_its_name_and_an_unknown_one_is_named(
    parse: Callable[[str], Any], name: str, member: Any, message: str, error: type[GhostwriterError] | None
) -> None:
    assert parse(name) is member
    with pytest.raises(GhostwriterError) as e:
        parse("best")
    assert str(e.value) == message and type(e.value) is (error or GhostwriterError)


def test_json_depth_counts_brackets_outside_strings_only() -> None:
    assert json_depth('{"hand": ["r:F6"], "timeless": {"mine": []}}') == 3
    assert json_depth('["[[[[", "\\"[[[", {"a": "}}}"}]') == 2
    assert json_depth(b'[[["\\\\"]]]') == 3
    assert json_depth("[" * 100_000) == 100_000
    assert json_depth("") == 0
    assert json_depth("]]][[") == 2 and json_depth("[]]][") == 1  # a closing bracket with nothing open is dropped
    assert json_depth("[\u06fb\u07fb{\ud800}]") == 2  # UTF-8 bytes 0xDB, 0xDF and surrogates are no brackets
    start = time.perf_counter()
    assert json_depth(b"[" * 64 * 1024) == 64 * 1024
    assert time.perf_counter() - start < 0.05  # it runs on the service's event loop, for every body


def test_check_depth_refuses_deep_text_quickly_and_passes_real_states() -> None:
    check_depth(json.dumps({"hand": ["E"], "timeless": {"mine": [], "others": []}}), "the state")
    check_depth("[" * MAX_DEPTH + "]" * MAX_DEPTH, "the state")
    start = time.perf_counter()
    with pytest.raises(TextError, match=rf"the state is nested 100000 levels deep, and at most {MAX_DEPTH} levels"):
        check_depth("[" * 100_000, "the state")
    assert time.perf_counter() - start < 1.0
    with pytest.raises(TextError):
        check_depth(b"{" * 64 * 1024, "the body")


# -- the command line: every command, odd input, exit 2 with one line ------------------------------------------

EXCEPTION_NAME = re.compile(r"\b[A-Z][A-Za-z]*(?:Error|Exception)\b|Traceback|KeyError|\bRecursion")


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """Run the command line; assert exit 2 with one line on stderr, in words; return that line."""
    code, _, err = cli(capsys, *args)
    lines = err.splitlines()
    assert code == EXIT_BAD_INPUT, (args, code, err)
    assert len(lines) == 1 and lines[0].startswith("ghostwriter: error: "), (args, err)
    assert not EXCEPTION_NAME.search(err), err
    assert "internal error" not in err
    return lines[0]


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GHOSTWRITER_CACHE", str(tmp_path_factory.getbasetemp() / "odd-cache"))


def test_fullwidth_cards_and_word_read_as_their_ascii_twins(capsys: pytest.CaptureFixture[str]) -> None:
    ascii_args = ("hint", "r:F6", "E", "a:A5", "S", "T", "--words", WORDS, "--played", "fates", "--json")
    wide_args = ("hint", "ｒ：Ｆ６", "Ｅ", "ａ：Ａ５", "Ｓ", "Ｔ", "--words", WORDS, "--played", "ＦＡＴＥＳ", "--json")
    code, plain, _ = cli(capsys, *ascii_args)
    assert code == 0
    code, wide, err = cli(capsys, *wide_args)
    assert code == 0, err
    assert json.loads(wide) == json.loads(plain)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("hint", "r:F٣", "E"), "U+0663 (ARABIC-INDIC DIGIT THREE) is not a digit 0-9"),
        (("hint", "ﬁ", "E"), "reads as 'fi' once normalised (NFKC): 'fi' is 2 letters, and a card has one"),
        (("hint", "İ", "E"), "lowercases to 2 characters"),
        (("hint", "E\u200d", "A"), "U+200D (ZERO WIDTH JOINER)"),
        (("hint", "E\x00", "A"), "U+0000"),
        (("hint", "\udcff", "A"), "U+DCFF"),  # an undecodable byte of argv, as Python hands it over
        (("hint", "E\u0337", "A"), "combining mark"),
        (("hint", "\u202er:F6", "A"), "U+202E (RIGHT-TO-LEFT OVERRIDE)"),
        (("hint", "r:Q4{" + "2p " * 9 + "| 2p}", "A"), "9 benefits, and a side of a card has at most 8"),
        (("hint", "r:Q4{٣p | 2p}", "A"), "U+0663"),
        (("hint", "E", "A", "T", "--words", WORDS, "--played", "e\u202et"), "word 'e\\u202et' has U+202E"),
        (("hint", "E", "A", "T", "--words", WORDS, "--played", "İT"), "U+0130"),
        (("hint", "E", "A", "T", "--words", WORDS, "--played", "x" * 10_000), "is not in the dictionary"),
        (("hint", "E", "A", "T", "--words", WORDS, "--played", "eat", "--layout", "E", "A\x00", "T"), "U+0000"),
        (("hint", "E", "--top", "10000000000000000000000000000000"), "--top must be from 1 to 1000"),
        (("hint", "E", "--top", "-1"), "--top must be from 1 to 1000"),
        (("hint", "E", "--time-limit", "nan"), "--time-limit must be from"),
        (("hint", "E", "--time-limit", "1e308"), "--time-limit must be from"),
        (("hint", "E", "--remover", "-1"), '"remover" must be a whole number from 0 to 99'),
        (("hint", "E", "--ink", "1" + "0" * 30), '"ink" must be a whole number from 0 to 99'),
        (("hint", "E", "--stage", "nan"), "options.stage must be a number from 0"),
        (("hint", "E", "--min-length", "-5"), "options.min_length"),
        (("hint", "E", "--award-held", "100000"), "options.award_held"),
        (("hint", "E", "--weights", "coins=1e999"), "use a number from -1000 to 1000"),
        (("hint", "E", "--weights", "coins=nan"), "use a number from -1000 to 1000"),
        (("hint", "E", "--weights", "coins"), "write name=number"),
        (("hint", "E", "--familiar", "nan"), "the familiarity threshold"),
        (("hint", "E", "--extra-words", "ab\u200dc"), "--extra-words word 'ab\\u200dc' has U+200D"),
        (("hint", "E", "--ban-words", "\x07"), "--ban-words word '\\x07' has U+0007"),
        (("hint", "E", "--dictionary", "nonesuch\x00"), "unknown dictionary"),
        (("hint", "E", "--words", "/no/such/list"), "does not exist"),
        (("hint", "E", "--objective", "İ"), "invalid choice"),
        (("cards", "--letter", "İ"), "U+0130"),
        (("cards", "--letter", "ﬁ"), "a card has one letter"),
        (("cards", "\x00"), "search text '\\x00' has U+0000"),
        (("cards", "--genre", "x\u200d"), "U+200D"),
        (("cards", "--cost", "1e9"), "invalid int value"),
        (("ink-advice", "E", "--draw", "r:F٣"), "U+0663"),
        (("ink-advice", "E", "--draw", "A", "--max-k", "-1"), "--max-k"),
        (("ink-advice", "E\u200d", "--draw", "A"), "U+200D"),
        (("dictionaries", "--build", "nonesuch"), "unknown dictionary"),
        (("dictionaries", "--build", "\ud800"), "unknown dictionary"),
        (("tournament", "--bots", "greedy,greedy", "--games", "-1"), "--games must be from 1"),
        (("tournament", "--bots", "greedy,nonesuch", "--games", "1"), "unknown bot"),
        (("tournament", "--bots", "greedy,greedy", "--games", "1", "--target", "1e9"), "invalid int value"),
        (("tournament", "--bots", "greedy,greedy", "--games", "1", "--target", "-3"), "--target must be from 10"),
        (("tournament", "--bots", "greedy,greedy", "--games", "1", "--extra-words", "a\u200db"), "U+200D"),
        (("play", "--bots", "nonesuch"), "unknown bot"),
        (("play", "--bots", "greedy", "--ban-words", "\u202ezzz"), "U+202E"),
        (("play", "--bots", "greedy", "--dictionary", "ru"), "the game engine plays the English cards"),
    ],
)
def test_every_command_refuses_odd_input_in_one_line(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], says: str
) -> None:
    assert says in refused(capsys, *args)


DEEP = "[" * 100_000


def test_a_deep_state_file_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text(DEEP)
    line = refused(capsys, "hint", "--state", str(deep))
    assert f"is nested 100000 levels deep, and at most {MAX_DEPTH} levels are read" in line
    pretty = tmp_path / "pretty.json"  # one state over many lines, too deep: one error, not one a line
    pretty.write_text("{\n" + '"hand":' + "[\n" * 40 + "]\n" * 40 + "}\n")
    assert "is nested 41 levels deep" in refused(capsys, "hint", "--state", str(pretty))
    line = refused(capsys, "ink-advice", "--state", str(deep), "--draw", "A")
    assert "is nested 100000 levels deep" in line


def test_a_deep_line_of_a_batch_is_its_own_error_and_the_rest_are_answered(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = [
        json.dumps({"hand": ["r:F6", "E", "a:A5", "S", "T"]}),
        DEEP + "]" * 100_000,
        json.dumps({"hand": ["E", "A", "T"]}),
        '{"hand": ["E"], "remover": 1' + "0" * 5000 + "}",
        '{"hand": ["\\ud800"]}',
        json.dumps({"hand": ["E", "A", "T"], "options": {"stage": 1e308 * 10}}).replace("Infinity", "1e999"),
    ]
    batch = tmp_path / "batch.jsonl"
    batch.write_text("\n".join(lines) + "\n")
    for source in (str(batch), "-"):
        monkeypatch.setattr("sys.stdin", io.StringIO(batch.read_text()))
        code, out, err = cli(capsys, "hint", "--state", source, "--words", WORDS, "--top", "1", "--json")
        assert code == EXIT_BAD_INPUT and err == ""
        answers = [json.loads(x) for x in out.splitlines()]
        assert len(answers) == 6
        assert answers[0]["moves"][0]["word"] == "fates" and len(answers[2]["moves"]) == 1
        assert answers[1] == {
            "error": f"state 2: line 2 is nested 100000 levels deep, and at most {MAX_DEPTH} levels are read: "
            "give the JSON Ghostwriter asks for (a turn state nests 3 or 4 levels, a whole game 6)"
        }
        assert "thousands of digits" in answers[3]["error"]
        assert "U+D800" in answers[4]["error"] and answers[4]["error"].startswith("state 5: hand[0]: card")
        assert "options.stage must be a number from 0" in answers[5]["error"]
        assert not any(EXCEPTION_NAME.search(a.get("error", "")) for a in answers)


@pytest.mark.parametrize(
    ("state", "says"),
    [
        ({"hand": "E"}, '"hand" must be a list of card codes'),
        ({"hand": [["E"]]}, "hand[0] must be a card code string"),
        ({"hand": ["E"], "remover": 1e308}, '"remover" must be a whole number'),
        ({"hand": ["E"], "remover": 10**30}, '"remover" must be a whole number'),
        ({"hand": ["E"], "ink": -1}, '"ink" must be a whole number'),
        ({"hand": ["E"], "options": []}, '"options" must be an object'),
        ({"hand": ["E"], "options": {"min_length": 1.5}}, "options.min_length"),
        ({"hand": ["E"], "timeless": {"mine": "m:A5"}}, "timeless.mine"),
        ({"hand": ["E"] * 10_000}, "at most 24"),
        ({"hand": ["E" * 10_000]}, "malformed card code"),
        ({"hand": ["E"], "game": ["hardback"]}, "is not supported here"),
        ({}, 'the state has no "hand"'),
        ([], "holds an empty list: give a JSON turn state"),
        (5, "the state is not a JSON object"),
        ([5], "state 1 is not a JSON object"),
    ],
)
def test_wrong_types_and_numbers_in_a_state_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, state: object, says: str
) -> None:
    f = tmp_path / "state.json"
    f.write_text(json.dumps(state))
    assert says in refused(capsys, "hint", "--state", str(f), "--words", WORDS)


def test_state_files_that_cannot_be_read(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert "that is a folder, not a file" in refused(capsys, "hint", "--state", str(tmp_path))
    bad = tmp_path / "latin1.json"
    bad.write_bytes(b'{"hand": ["\xc9"]}')
    assert "not UTF-8 text (byte 11): save it as UTF-8" in refused(capsys, "hint", "--state", str(bad))


def test_an_event_deck_nested_too_deep_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    deck = tmp_path / "deck.json"
    deck.write_text(DEEP)
    for command in (("tournament", "--bots", "greedy,greedy", "--games", "1"), ("play", "--bots", "greedy")):
        assert "--event-deck" in refused(capsys, *command, "--event-deck", str(deck))


def test_play_load_of_a_deep_file_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    saved.write_text(DEEP)
    assert "is nested 100000 levels deep" in refused(capsys, "play", "--load", str(saved))


def test_state_from_text_checks_depth_first() -> None:
    with pytest.raises(StateError, match="is nested 100000 levels deep"):
        TurnState.from_text(DEEP)


# -- the service: every Hardback endpoint, odd input, a 4xx naming the field ------------------------------------

FIVE: dict[str, Any] = {"hand": ["r:F6", "E", "a:A5", "S", "T"]}


def refused_4xx(r: Any, field: str | None, says: str = "") -> str:
    """Assert a 4xx in the one error form, naming ``field``, in words; return the message."""
    assert 400 <= r.status_code < 500, (r.status_code, r.text)
    body = r.json()
    assert set(body) == {"error", "field"} and isinstance(body["error"], str), body
    assert body["field"] == field, body
    assert says in body["error"], body
    assert not EXCEPTION_NAME.search(body["error"]), body
    message: str = body["error"]
    return message


def raw(client: TestClient, path: str, text: str | bytes) -> Any:
    data = text.encode() if isinstance(text, str) else text
    return client.post(path, content=data, headers={"content-type": "application/json"})


def test_fullwidth_codes_and_words_read_right_over_http(client: TestClient) -> None:
    plain = client.post("/v1/hardback/rate", json={**FIVE, "word": "fates"}).json()
    hand = ["ｒ：Ｆ６", "Ｅ", "ａ：Ａ５", "Ｓ", "Ｔ"]
    wide = client.post("/v1/hardback/rate", json={"hand": hand, "word": "ＦＡＴＥＳ"})
    assert wide.status_code == 200
    out = wide.json()
    assert {k: out[k] for k in ("word", "played", "best", "rank", "gap")} == {
        k: plain[k] for k in ("word", "played", "best", "rank", "gap")
    }
    assert client.get("/v1/cards/%EF%BD%92%EF%BC%9A%EF%BC%A66").json()["code"] == "romance:F6"  # ｒ：Ｆ6
    assert client.get("/v1/words/%EF%BC%A6%EF%BC%A1%EF%BC%B4%EF%BC%A5").json() == {  # ＦＡＴＥ
        "word": "fate",
        "dictionary": "enable",
        "valid": True,
        "close": [],
    }


HUGE = "1" + "0" * 30  # 10**30 as a JSON integer
WILD = "arrangement[0].face"


@pytest.mark.parametrize(
    ("path", "body", "field", "says"),
    [
        ("hint", {"hand": ["E\u0301", "A"]}, "hand[0]", "no card 'E\u0301'"),  # composed to É: no such card
        ("hint", {"hand": ["E\u0337", "A"]}, "hand[0]", "combining mark"),
        ("hint", {"hand": ["\u202eE", "A"]}, "hand[0]", "U+202E (RIGHT-TO-LEFT OVERRIDE)"),
        ("hint", {"hand": ["A", "E\x00"]}, "hand[1]", "U+0000"),
        ("hint", {"hand": ["A", "E\u200d"]}, "hand[1]", "U+200D (ZERO WIDTH JOINER)"),
        ("hint", {"hand": ["r:F٣"]}, "hand[0]", "U+0663 (ARABIC-INDIC DIGIT THREE) is not a digit 0-9"),
        ("hint", {"hand": ["ﬁ"]}, "hand[0]", "a card has one"),
        ("hint", {"hand": ["İ"]}, "hand[0]", "type the plain letter (I)"),
        ("hint", {"hand": ["E"], "inked": ["\ufffd"]}, "inked[0]", "REPLACEMENT CHARACTER"),
        ("hint", {"hand": ["E"], "timeless": {"mine": ["m:A5\u200b"]}}, "timeless.mine[0]", "U+200B"),
        ("hint", {"hand": ["E" * 10_000]}, "hand[0]", "at most 200 characters"),
        ("hint", {"hand": ["r:Q4{" + "2p " * 9 + "| 2p}"]}, "hand[0]", "at most 8"),
        ("hint", {"hand": ["E"] * 10_000}, "hand", "at most 24 items"),
        ("hint", {"hand": ["E"], "remover": 1e308}, "remover", "valid integer"),
        ("hint", {"hand": ["E"], "remover": -1}, "remover", "greater than or equal to 0"),
        ("hint", {"hand": ["E"], "top": "5"}, "top", "valid integer"),
        ("hint", {"hand": ["E"], "top": -5}, "top", "greater than or equal to 1"),
        ("hint", {"hand": "E"}, "hand", "valid list"),
        ("hint", {"hand": [5]}, "hand[0]", "valid string"),
        ("hint", {"hand": ["E"], "weights": {"coins": 1e308}}, "weights", "from -1000 to 1000"),
        ("hint", {"hand": ["E"], "weights": {"coins": "x"}}, "weights.coins", "weights are numbers"),
        ("hint", {"hand": ["E"], "time_limit": -1}, "time_limit", "greater than 0"),
        ("hint", {"hand": ["E"], "options": {"stage": 1e308}}, "options.stage", "less than or equal to 1"),
        ("hint", {"hand": ["E"], "options": {"min_length": True}}, "options.min_length", "valid integer"),
        ("hint", {"hand": ["E"], "dictionary": "\x00"}, "dictionary", "unknown dictionary"),
        ("hint", {"hand": ["E"], "objective": "ｖａｌｕｅ"}, "objective", "input should be"),
        ("rate", {**FIVE, "word": "\u202efates"}, "word", "U+202E"),
        ("rate", {**FIVE, "word": "fa\x00tes"}, "word", "U+0000"),
        ("rate", {**FIVE, "word": "fates\u0301\u0301"}, "word", "combining mark"),
        ("rate", {**FIVE, "word": "İT"}, "word", "U+0130"),
        ("rate", {**FIVE, "word": "x" * 10_000}, "word", "at most 64 characters"),
        ("rate", {**FIVE, "word": 5}, "word", "valid string"),
        ("rate", {**FIVE, "word": "fates", "arrangement": ["r:F٣", "E", "a:A5", "T", "S"]}, "arrangement[0]", "U+0663"),
        ("rate", {**FIVE, "word": "fates", "arrangement": [{"code": "r:F6", "face": "\uff57ild"}]}, WILD, "'wild'"),
        ("ink-advice", {**FIVE, "draw": ["r:F٣"]}, "draw[0]", "U+0663"),
        ("ink-advice", {**FIVE, "draw": ["A\u200d"]}, "draw[0]", "U+200D"),
        ("ink-advice", {**FIVE, "draw": ["A"], "seed": -1}, "seed", "greater than or equal to 0"),
        ("ink-advice", {**FIVE, "draw": ["A"], "samples": 1e308}, "samples", "valid integer"),
        ("ink-advice", {**FIVE, "draw": "A"}, "draw", "valid list"),
    ],
)
def test_odd_request_fields_are_refused_by_name(
    client: TestClient, path: str, body: dict[str, Any], field: str | None, says: str
) -> None:
    refused_4xx(client.post(f"/v1/hardback/{path}", json=body), field, says)


@pytest.mark.parametrize(
    ("path", "text", "field", "says"),
    [
        ("hint", '{"hand": ["\\ud800"]}', "hand[0]", "lone surrogate"),
        ("rate", '{"hand": ["E", "A", "T"], "word": "e\\udfffat"}', "word", "lone surrogate"),
        ("hint", '{"hand": ["E"], "remover": ' + HUGE + "}", "remover", "less than or equal to 99"),
        ("hint", '{"hand": ["E"], "top": ' + "9" * 5000 + "}", None, "a number thousands of digits long"),
        ("hint", '{"hand": ["E"], "time_limit": 1e999}', "time_limit", "finite number"),
        ("hint", '{"hand": ["E"], "top": NaN}', "top", "valid integer"),
        ("ink-advice", '{"hand": ["E"], "draw": ["A"], "max_k": ' + HUGE + "}", "max_k", "less than or equal"),
        ("hint", '{"hand": ' + "[" * 5_000 + "]" * 5_000 + "}", None, "the body is nested 5001 levels deep"),
        ("rate", "[" * 60_000, None, "the body is nested 60000 levels deep"),
        ("ink-advice", '{"hand": ["E"], "draw": ' + "{" * 40 + "}" * 40 + "}", None, "at most 32 levels"),
        ("hint", b'{"hand": ["\xc9"]}', None, "the body is not UTF-8 text"),
    ],
)
def test_odd_request_bodies_are_refused_in_words(
    client: TestClient, path: str, text: str | bytes, field: str | None, says: str
) -> None:
    refused_4xx(raw(client, f"/v1/hardback/{path}", text), field, says)


@pytest.mark.parametrize(
    ("url", "status", "field", "says"),
    [
        ("/v1/cards/%00", 422, "code", "U+0000"),
        ("/v1/cards/E%E2%80%8D", 422, "code", "U+200D"),
        ("/v1/cards/%ED%A0%80", 422, "code", "REPLACEMENT CHARACTER"),  # an encoded surrogate: not UTF-8
        ("/v1/cards/r:F%D9%A3", 404, None, "U+0663"),
        ("/v1/cards/%EF%AC%81", 404, None, "a card has one"),
        ("/v1/cards/" + "E" * 10_000, 422, "code", "at most 200 characters"),
        ("/v1/cards?letter=%C4%B0", 422, "letter", "U+0130"),
        ("/v1/cards?q=%E2%80%AEx", 422, "q", "U+202E"),
        ("/v1/cards?cost=" + HUGE, 422, "cost", "less than or equal to 20"),
        ("/v1/cards?cost=-1", 422, "cost", "greater than or equal to 0"),
        ("/v1/cards?genre=x", 422, "genre", "input should be"),
        ("/v1/words/%00ab", 422, "word", "U+0000"),
        ("/v1/words/ab%E2%80%AE", 422, "word", "U+202E"),
        ("/v1/words/ab%CC%B7", 422, "word", "combining mark"),
        ("/v1/words/%C4%B0t", 422, "word", "U+0130"),
        ("/v1/words/" + "a" * 10_000, 422, "word", "at most 64 characters"),
        ("/v1/words/qi?dictionary=%00", 422, "dictionary", "unknown dictionary"),
    ],
)
def test_odd_paths_and_queries_are_refused_by_name(
    client: TestClient, url: str, status: int, field: str | None, says: str
) -> None:
    r = client.get(url)
    assert r.status_code == status, r.text
    refused_4xx(r, field, says)


def test_a_deep_body_on_a_live_server_is_a_400_and_the_server_goes_on() -> None:
    with live_server() as base:
        for body in (b"[" * (64 * 1024 - 1), b'{"hand": ' + b"[" * 30_000 + b"]" * 30_000 + b"}"):
            req = urllib.request.Request(
                base + "/v1/hardback/hint", data=body, headers={"content-type": "application/json"}, method="POST"
            )
            with pytest.raises(urllib.error.HTTPError) as e:
                urllib.request.urlopen(req, timeout=10)
            assert e.value.code == 400
            assert "levels deep, and at most 32 levels are read" in json.loads(e.value.read())["error"]
        req = urllib.request.Request(
            base + "/v1/hardback/hint", data=json.dumps(FIVE).encode(), headers={"content-type": "application/json"}
        )
        with urllib.request.urlopen(req, timeout=30) as r:
            assert r.status == 200 and json.loads(r.read())["moves"]


# -- a rating's gap, in the objective's own terms ---------------------------------------------------------------


@pytest.mark.parametrize("objective", ["value", "prestige", "coins"])
def test_the_gap_is_in_the_objectives_terms_over_http(client: TestClient, objective: str) -> None:
    for word in ("sate", "feats", "fates"):
        r = client.post("/v1/hardback/rate", json={**FIVE, "word": word, "objective": objective})
        assert r.status_code == 200, r.text
        out = r.json()
        best, played = out["best"], out["played"]
        if objective == "value":
            assert out["gap"] == {"value": pytest.approx(best["value"] - played["value"])}
            assert 0 <= out["gap"]["value"] <= best["value"] - min(0.0, played["value"])
        else:
            behind = {"prestige": best["prestige"] - played["prestige"], "coins": best["coins"] - played["coins"]}
            assert out["gap"] == behind
            # no leaked sort key: the gap is within the moves' own totals
            assert abs(out["gap"]["prestige"]) <= max(best["prestige"], played["prestige"])
            assert abs(out["gap"]["coins"]) <= max(best["coins"], played["coins"])
            first = "prestige" if objective == "prestige" else "coins"
            assert out["gap"][first] >= 0
        if out["rank"] == 1:
            assert set(out["gap"].values()) == {0}


@pytest.mark.parametrize("objective", ["prestige", "coins"])
def test_the_rank_counts_the_words_strictly_better_by_the_objective(
    capsys: pytest.CaptureFixture[str], objective: str
) -> None:
    args = ("hint", *FIVE["hand"], "--words", WORDS, "--objective", objective, "--json")
    _, out, _ = cli(capsys, *args, "--top", "1000")
    moves = json.loads(out)["moves"]
    _, out, _ = cli(capsys, *args, "--played", "sate")
    rated = json.loads(out)
    def key(m: dict[str, Any]) -> tuple[int, int]:
        return (m["prestige"], m["coins"]) if objective == "prestige" else (m["coins"], m["prestige"])

    assert rated["rank"] == 1 + sum(1 for m in moves if key(m) > key(rated["played"]))
    assert key(rated["best"]) == key(moves[0])


@pytest.mark.parametrize(
    ("objective", "says"),
    [
        ("value", r"best move \(the played word is \d+\.\d\d value behind the best\)"),
        ("prestige", r"best move \(the played word is \d+ prestige and \d+ coins? behind the best\)"),
        ("coins", r"best move \(the played word is \d+ coins? and \d+ prestige behind the best\)"),
    ],
)
def test_the_command_line_says_the_gap_in_words(
    capsys: pytest.CaptureFixture[str], objective: str, says: str
) -> None:
    code, out, _ = cli(capsys, "hint", *FIVE["hand"], "--words", WORDS, "--objective", objective, "--played", "sate")
    assert code == 0 and re.search(says, out), out
    assert "000000" not in out  # no lexicographic key, a million a point
    _, out, _ = cli(capsys, "hint", *FIVE["hand"], "--words", WORDS, "--objective", objective, "--played", "fates")
    assert "best move (the played word is level with the best)" in out
