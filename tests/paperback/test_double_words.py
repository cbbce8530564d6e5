"""The two readings of the rulebook's note "If you copy the "Double Word Score" ability, your score is tripled, not
quadrupled" (``moves.word_factor``): the letter (the default), at most x3 however many double-word abilities a word
holds; and ``double_words_additive``, each ability one more to the factor (two x3, as the line says, three x4). Both
through the rules, the search's bounds and its compiled kernel (each against the brute-force oracle), the hint
command line and service, and the game engine (its spells, the bots' view, saving and replaying)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from paperback_helpers import set_hand
from test_paperback import check_against_oracle, searcher, state

from service.main import create_app
from service.settings import Settings
from solver.cli.main import main as cli_main
from solver.errors import StateError
from solver.game.paperback import PaperbackGame, PaperbackOptions, Piece, Spell
from solver.game.paperback.view import turn_state
from solver.lexicon import Lexicon
from solver.paperback.deck import house_deck
from solver.paperback.moves import word_factor
from solver.paperback.state import PaperbackTurn

from paperback_oracle import best

ADDITIVE: dict[str, Any] = {"double_words_additive": True}
THREE = ["T/1:double-word", "A/1:double-word", "X/8:double-word"]  # "tax": 10 before the word factor


def test_the_word_factor_of_each_reading() -> None:
    """ "your score is tripled, not quadrupled": one Double Word and a copy of it is x3 under both readings; the
    letter caps every count at x3, the additive reading gives three x4 and n x(1 + n)."""
    assert [word_factor(n) for n in range(5)] == [1, 2, 3, 3, 3]
    assert [word_factor(n, additive=True) for n in range(5)] == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("engine", ["python", "compiled"])
def test_three_double_words_are_x3_by_the_letter_and_x4_added(engine: str) -> None:
    from oracle_cases import paperback_engines

    if engine not in paperback_engines():
        pytest.skip("the compiled layout search is not built here")
    letter = searcher(["tax"], state(THREE), engine=engine).solve("tax")
    added = searcher(["tax"], state(THREE, **ADDITIVE), engine=engine).solve("tax")
    assert letter is not None and added is not None
    assert (letter.score, added.score) == (10 * 3, 10 * 4)


def test_a_copied_double_word_triples_under_both_and_a_second_copy_quadruples_added() -> None:
    """The line's own case (a Double Word and a copy of it: tripled) agrees in both readings; a second copy is the
    case where they part: x3 by the letter, x4 added."""
    one = ["T/1:double-word", "A/1:copy", "X/8"]
    two = ["T/1:double-word", "A/1:copy", "X/8:copy"]
    for hand, letter, added in ((one, 30, 30), (two, 30, 40)):
        for options, want in (({}, letter), (ADDITIVE, added)):
            (m,) = searcher(["tax"], state(hand, **options)).top(1)
            assert m.score == want, (hand, options)
            assert f"word score x{want // 10}" in m.reasons
            truth = best(state(hand, **options), ["tax"])
            assert truth is not None and truth[1].score == want


def test_the_search_agrees_with_the_oracle_on_hands_rich_in_double_words() -> None:
    """Every engine against the brute-force oracle under both readings, on hands with three to five double-word
    abilities (printed, copied, on the Common card): the bounds must not cut the x4 and x5 words."""
    hands = [
        (["T/1:double-word", "A/2:double-word", "X/8:double-word", "E/1:double-word", "?"], "S/1:double-word"),
        (["T/1:double-word", "A/2:copy", "R/3:copy,+1", "E/1:double-word", "S/0"], "O/1:double-word"),
        (["TA/3:double-word", "X/8:double-word", "E/1:double-letter", "S/1:double-word", "?"], "spacebar"),
    ]
    words = ["tax", "taxes", "tea", "eat", "sea", "tsar", "rates", "stare", "tax tea", "oats", "toast"]
    for hand, common in hands:
        for options in ({}, ADDITIVE):
            check_against_oracle(state(hand, common, 5, **options), words)


@pytest.mark.parametrize("engine", ["python", "compiled"])
def test_a_word_of_four_double_words_is_not_cut_by_a_bound_of_x3(engine: str) -> None:
    """TAXE (11 before the factor, four double-words: x5 added, 55) beats QUIZ and its nine anagrams (40 each) only
    when added. A word bound left at x3 (33) would leave it behind the first chunk of anagrams and cut it; a
    layout's bar or the kernel's factor at x3 would find no layout of it reaching 54."""
    from oracle_cases import paperback_engines

    if engine not in paperback_engines():
        pytest.skip("the compiled layout search is not built here")
    hand = ["T/1:double-word", "A/1:double-word", "X/8:double-word", "E/1:double-word", "Q/10", "U/10", "I/10", "Z/10"]
    anagrams = ["quiz", "quzi", "qiuz", "zuiq", "ziqu", "uqiz", "iquz", "zqui", "qizu", "uziq"]
    words = ["taxe", *anagrams]
    for options, want in (({}, 40), (ADDITIVE, 55)):
        s = searcher(words, state(hand, **options), engine=engine)
        (m,) = s.top(1)
        assert s.exact and m.score == want and (m.word == "taxe") is (want == 55), options
    s = searcher(words, state(hand, **ADDITIVE), engine=engine)
    found = s.solve("taxe", need=54)
    assert found is not None and found.score == 55
    assert searcher(words, state(hand), engine=engine).solve("taxe", need=34) is None  # x3 by the letter: 33


def test_the_option_is_read_and_written_only_when_on() -> None:
    plain = PaperbackTurn.from_json(state(["T/1"]))
    assert not plain.double_words_additive and plain.to_json()["options"] == {"min_length": 2}
    on = PaperbackTurn.from_json(state(["T/1"], **ADDITIVE))
    assert on.double_words_additive and on.to_json()["options"] == {"min_length": 2, **ADDITIVE}
    with pytest.raises(StateError, match="double_words_additive"):
        PaperbackTurn.from_json(state(["T/1"], double_words_additive="yes"))


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = cli_main(["hint", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_hint_command_line_takes_the_reading(capsys: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    hand = ["--game", "paperback", *THREE, "--top", "1", "--json"]
    code, out, _ = cli(capsys, *hand)
    assert code == 0 and json.loads(out)["moves"][0]["score"] == 30
    code, out, _ = cli(capsys, *hand, "--double-words-additive")
    assert code == 0 and json.loads(out)["moves"][0]["score"] == 40
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state(THREE, **ADDITIVE)))
    code, out, _ = cli(capsys, "--state", str(path), "--top", "1", "--json")
    assert code == 0 and json.loads(out)["moves"][0]["score"] == 40
    code, _, err = cli(capsys, "r:F6", "E", "--double-words-additive")
    assert code == 2 and err.count("\n") == 1 and "--double-words-additive" in err


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Settings())) as c:
        yield c


def test_the_hint_service_takes_the_reading(client: TestClient) -> None:
    body: dict[str, Any] = {"hand": THREE, "top": 1}
    scores = []
    for options in ({}, ADDITIVE):
        r = client.post("/v1/paperback/hint", json=body | {"options": options})
        assert r.status_code == 200, r.text
        scores.append(r.json()["moves"][0]["score"])
    assert scores == [30, 40]
    r = client.post("/v1/paperback/hint", json=body | {"options": {"double_words_additive": "yes"}})
    assert r.status_code == 422 and "double_words_additive" in r.text


# -- the game -----------------------------------------------------------------------------------------------------

DECK = house_deck()
RENTS = ["R/3$8:double-word", "EN/4$8:double-word", "wild", "S/3$8:double-word"]  # 10 before the word factor


def spell_rents(enable: Lexicon, **options: Any) -> PaperbackGame:
    game = PaperbackGame.new(DECK, PaperbackOptions(2, **options), 3, enable)
    set_hand(game.state, 0, RENTS, starter_wilds=True)
    layout = (Piece(card=0), Piece(card=1), Piece(card=2, as_letter="t"), Piece(card=3))
    game.apply(Spell("rents", layout, ()))
    return game


def test_the_engine_scores_a_word_by_the_tables_reading(enable: Lexicon) -> None:
    """Three double-word cards in RENTS: 30¢ by the rulebook's letter, 40¢ with ``double_words_additive``."""
    assert spell_rents(enable).state.coins == 30
    assert spell_rents(enable, double_words_additive=True).state.coins == 40


def test_the_bots_view_carries_the_reading(enable: Lexicon) -> None:
    for on in (False, True):
        game = PaperbackGame.new(DECK, PaperbackOptions(2, double_words_additive=on), 3, enable)
        assert turn_state(game.state)[0].double_words_additive is on


def test_the_reading_is_saved_only_when_on(enable: Lexicon) -> None:
    assert "double_words_additive" not in PaperbackOptions(2).to_json()
    options = PaperbackOptions(2, double_words_additive=True)
    assert options.to_json()["double_words_additive"] is True
    assert PaperbackOptions.from_json(options.to_json()) == options
    game = PaperbackGame.new(DECK, options, 11, enable)  # a game's save and replay: test_paperback_options
    assert game.to_json()["options"]["double_words_additive"] is True
