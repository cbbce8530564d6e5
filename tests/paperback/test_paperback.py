"""The Paperback ghost writer: cards, the rule set, and the search against the brute-force oracle.

``tests/paperback_oracle.py`` was written apart from ``solver/paperback``; Hypothesis compares the two on random
hands over random word lists (every spellable word, its best score and length, the best move of each
objective), and named tests pin each rule.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from solver.cli.main import main as cli_main
from solver.errors import GhostwriterError
from solver.paperback.abilities import DOUBLE_WORD, FIRST
from solver.paperback.cards import parse_card
from solver.paperback.moves import PaperbackObjective, PMove
from solver.paperback.rules import best_doubles
from solver.paperback.state import MAX_COPIES, PaperbackTurn
from solver.search.best_first import Kept
from solver.search.paperback import PaperbackSearch

from helpers import lexicon_of
from oracle_cases import paperback_engines
from paperback_oracle import best, oracle, ranking


def state(hand: list[str], common: str | None = None, threshold: int | None = 7, **options: Any) -> dict[str, Any]:
    return {"game": "paperback", "hand": hand, "common": common, "threshold": threshold, "options": options}


def searcher(
    words: list[str], data: dict[str, Any], objective: str = "score", engine: str | None = None
) -> PaperbackSearch:
    state = PaperbackTurn.from_json(data)
    return PaperbackSearch(lexicon_of(*words), state, PaperbackObjective(objective), engine=engine)


def check_against_oracle(data: dict[str, Any], words: list[str]) -> None:
    """Every engine's search (``oracle_cases.paperback_engines``: Python, and the compiled layouts where built)
    against the oracle."""
    for engine in paperback_engines():
        _check_against_oracle(data, words, engine)


def _check_against_oracle(data: dict[str, Any], words: list[str], engine: str) -> None:
    truth = oracle(data, words)
    for objective in ("score", "length", "value"):
        s = searcher(words, data, objective, engine)
        moves = s.top(1000)
        assert s.exact
        found = {m.word: m for m in moves}
        assert set(found) == set(truth), objective
        if objective == "score":
            for key, m in found.items():
                assert (m.score, m.length) == (truth[key].score, truth[key].length), key
        expected = best(data, words, objective)
        if expected is None:
            assert not moves
            continue
        top = moves[0]
        _, om = expected
        if objective == "score":
            assert (top.score, top.length) == (om.score, om.length)
        elif objective == "length":
            assert (top.length, top.score) == (om.length, om.score)
        else:
            assert top.value == pytest.approx(om.score + 3.0 * om.gains_common + 0.5 * om.cards_next)
    check_head(data, words, engines=(engine,))


def rank_of(s: PaperbackSearch, m: Any) -> tuple[float, ...]:
    """A move's rank in the oracle's terms (``objective_rank``)."""
    return tuple(float(x) for x in s.key(m))


def check_head(
    data: dict[str, Any], words: list[str], sizes: tuple[int, ...] = (1, 3), engines: tuple[str, ...] | None = None
) -> None:
    """The first move, and the top 3, of every objective are the oracle's: their ranks in order (tied words may
    differ, their ranks may not), each move's rank its word's own best, and the answer exact. A search asked for
    few moves prunes hardest, which is where a loose bound skips the best word. Every engine
    (``oracle_cases.paperback_engines``) unless ``engines`` names them."""
    for engine in engines or paperback_engines():
        for objective in ("score", "length", "value"):
            want = ranking(data, words, objective)
            truth = dict(want)
            for n in sizes:
                s = searcher(words, data, objective, engine)
                moves = s.top(n)
                assert s.exact, (engine, objective, n)
                got = [rank_of(s, m) for m in moves]
                want_n = [tuple(float(x) for x in r) for _, r in want[:n]]
                assert got == want_n, (engine, objective, n, [m.word for m in moves])
                for m in moves:
                    assert rank_of(s, m) == tuple(float(x) for x in truth[m.word]), (engine, objective, m.word)


# -- the notation ------------------------------------------------------------------------------------------------


def test_the_notation_reads_letters_score_cost_and_abilities() -> None:
    c = parse_card("Q/5$7:double-word,first:+2")
    assert (c.letters, c.score, c.cost) == ("q", 5, 7)
    assert [a.effect for a in c.abilities] == [DOUBLE_WORD, FIRST]
    assert c.code == "Q/5$7:double-word,first:+2"
    assert parse_card("?").wild and parse_card("?/0$2").cost == 2
    assert parse_card({"letters": "th", "score": 3, "abilities": ["len>=7:+3"]}).code == "TH/3:len>=7:+3"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("TH", "no score"),
        ("THE/3", "not a card"),
        ("E/1:triple-word", "not in the vocabulary"),
        ("?/2", "no score and no abilities"),
        ("E/1:+0", "from 1 to 20"),
    ],
)
def test_bad_cards_are_named(text: str, message: str) -> None:
    with pytest.raises(GhostwriterError, match=message):
        parse_card(text)


# -- named rules ---------------------------------------------------------------------------------------------------


def test_a_two_letter_card_and_single_letters_that_overlap_are_both_tried() -> None:
    # greedy matching would take TH for "the" and then have no T for "that"; the search tries every split
    words = ["that", "the", "hat"]
    data = state(["TH/3", "T/1", "A/1", "H/1"])
    s = searcher(words, data)
    m = s.solve("that")
    assert m is not None and m.score == 5  # TH A T
    assert [p.letters for p in m.pieces] == ["th", "a", "t"]
    check_against_oracle(data, words)


def test_a_two_letter_card_is_never_split_nor_reversed_without_dyslexic() -> None:
    words = ["ht", "th"]
    s = searcher(words, state(["TH/3"]))
    assert s.solve("ht") is None
    rev = searcher(words, state(["TH/3"], common="dyslexic")).solve("ht")
    assert rev is not None and rev.score == 4 and rev.pieces[0].reversed  # 3 + 1 for Dyslexic


def test_the_common_card_is_used_once() -> None:
    words = ["eel", "el"]
    data = state(["L/1"], common="E/2")
    s = searcher(words, data)
    assert s.solve("eel") is None
    m = s.solve("el")
    assert m is not None and m.score == 3 and m.uses_common
    check_against_oracle(data, words)


def test_spacebar_makes_two_words_scored_as_one() -> None:
    words = ["at", "it", "to"]
    data = state(["A/2", "T/1", "I/1", "T/1:last:+2"], common="spacebar", threshold=5)
    s = searcher(words, data)
    m = s.solve("at it")
    assert m is not None
    assert m.length == 5 and m.gains_common  # 2 + 2 + the space
    assert m.score == 2 + 1 + 1 + 1 + 2 + 1  # letters, the last T's +2, the Spacebar's +1
    check_against_oracle(data, words)


def test_double_word_triples_at_most_and_doubles_letters() -> None:
    words = ["tax"]
    data = state(["T/1:double-word", "A/1:double-word", "X/8:double-word"])
    assert searcher(words, data).solve("tax").score == 30  # type: ignore[union-attr]
    data = state(["T/1:double-letter", "A/1", "X/8:double-letter"])
    m = searcher(words, data).solve("tax")
    assert m is not None and m.score == 1 + 1 * 3 + 8  # both doublers aim at A: tripled
    check_against_oracle(state(["T/1:double-letter", "A/1", "X/8", "?"]), ["tax", "taxi", "ax"])


def test_bonuses_for_first_last_length_and_wilds() -> None:
    words = ["star", "stars", "tsar"]
    data = state(["S/1:first:+2", "T/1", "A/1:len>=5:+3", "R/1:nowild:+2", "?"])
    check_against_oracle(data, words)
    s = searcher(words, data)
    assert s.solve("star").score == 1 + 2 + 1 + 1 + 1 + 2  # type: ignore[union-attr]


def test_no_word_gives_a_reason_through_the_command_line(capsys: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    words = tmp_path / "w.txt"
    words.write_text("cat\n", encoding="utf-8")
    assert cli_main(["hint", "--game", "paperback", "Q/5", "--words", str(words), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["moves"] == [] and "reason" in out


def test_the_command_line_answers_a_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["hint", "--game", "paperback", "TH/3", "E/1", "?", "R/2", "S/1", "--json", "--top", "2"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "paperback" and out["exact"]
    first = out["moves"][0]
    assert {"word", "score", "length", "cards"} <= set(first)
    assert first["score"] >= out["moves"][1]["score"]


def test_a_state_file_says_its_game(capsys: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    f = tmp_path / "s.json"
    f.write_text(json.dumps(state(["C/2", "A/1", "T/1"], common="S/1")), encoding="utf-8")
    assert cli_main(["hint", "--state", str(f), "--json", "--top", "1"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["moves"][0]["word"] in ("cats", "scat", "acts", "cast")


def test_bad_paperback_input_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["hint", "--game", "paperback", "E/1:sparkle"]) == 2
    err = capsys.readouterr().err
    assert "not in the vocabulary" in err and "Traceback" not in err


# -- the two bounds that skipped the best word (issue 12), frozen ---------------------------------------------------


def test_a_spacebar_pair_that_reaches_a_length_bonus_only_together_is_the_first_move(enable: Any) -> None:
    # DEX TO: 8 + 1 + 1 + 1 + 1, +12 for 6 letters counting the space, +1 for the Spacebar = 25; DETOX alone is 24.
    # Each word's bound counted len>=5 only for a word 5 letters long itself, so the pair's bound was too low.
    data = state(["O/1:len>=5:+12", "X/8", "D/1", "E/1", "T/1"], common="spacebar")
    s = PaperbackSearch(enable, PaperbackTurn.from_json(data))
    [m] = s.top(1)
    assert s.exact and m.score == 25 and m.word in ("dex to", "ex dot")
    check_head(data, ["detox", "dex", "to", "ex", "dot", "doe", "tex"])


def test_a_first_bonus_on_a_two_letter_card_reversed_by_dyslexic_counts_in_the_bound(enable: Any) -> None:
    # DEW: ED reversed gives the first letter: 1 + 10 + W 1 + Dyslexic 1 = 13; ED alone is 11. The bound looked
    # for the card's printed first letter (E) only.
    data = state(["ED/1:first:+10", "W/1", "Z/6", "O/1"], common="dyslexic")
    s = PaperbackSearch(enable, PaperbackTurn.from_json(data))
    [m] = s.top(1)
    assert s.exact and (m.word, m.score) == ("dew", 13) and m.pieces[0].reversed
    check_head(data, ["ed", "dew", "zed", "owed", "doze"])
    last = state(["DE/1:last:+10", "W/1", "O/1", "dyslexic"])  # the same on the last letter, Dyslexic in hand
    check_head(last, ["owed", "wed", "ode", "de", "woe"])


# -- against the oracle, on random hands ----------------------------------------------------------------------------

LETTERS = "aeiorstnlhcdm"
WORDS = st.lists(st.text(alphabet=LETTERS, min_size=2, max_size=6), min_size=5, max_size=40, unique=True)
ABILITIES = st.sampled_from(
    ["", ":+1", ":double-word", ":double-letter", ":first:+2", ":last:+1", ":len>=5:+3", ":nowild:+2", ":wilds:+1",
     ":cards+1", ":copy", ":copy,+2", ":gain:3", ":copy,trash-gain:1"]
)


@st.composite
def cards(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["one", "one", "one", "two", "wild"]))
    if kind == "wild":
        return "?"
    n = 1 if kind == "one" else 2
    letters = "".join(draw(st.sampled_from(LETTERS)) for _ in range(n))
    return f"{letters.upper()}/{draw(st.integers(0, 4))}{draw(ABILITIES)}"


@given(
    hand=st.lists(cards(), min_size=1, max_size=6),
    common=st.sampled_from([None, "E/1", "S/2", "spacebar", "dyslexic", "TH/2"]),
    dys=st.booleans(),
    words=WORDS,
    additive=st.booleans(),
)
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_search_agrees_with_the_oracle(
    hand: list[str], common: str | None, dys: bool, words: list[str], additive: bool
) -> None:
    """Under either reading of the double-word line (``double_words_additive``)."""
    assume(sum(c.count("copy") for c in hand) <= MAX_COPIES)
    data = state(hand + (["dyslexic"] if dys else []), common=common, threshold=5, **additive_option(additive))
    check_against_oracle(data, words)


def additive_option(on: bool) -> dict[str, bool]:
    """The state's options for a reading of "If you copy the "Double Word Score" ability, your score is tripled,
    not quadrupled": none (the letter, at most x3) or ``double_words_additive`` (each one more to the factor)."""
    return {"double_words_additive": True} if on else {}


def test_no_common_card_on_the_track_means_nothing_to_gain() -> None:
    # found by the oracle comparison: a long word gains the Common card only when there is one to gain
    data = state(["C/1", "A/1", "T/1", "S/1", "?"], common=None, threshold=5)
    s = searcher(["casts", "cats"], data, "value")
    m = s.solve("casts")
    assert m is not None and not m.gains_common and m.value == m.score
    check_against_oracle(data, ["casts", "cats"])


@pytest.mark.slow
@given(
    hand=st.lists(cards(), min_size=1, max_size=8),
    common=st.sampled_from([None, "E/1", "S/2", "spacebar", "dyslexic", "TH/2", "O/1:double-word", "E/1:copy"]),
    dys=st.booleans(),
    words=WORDS,
    additive=st.booleans(),
)
@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_search_agrees_with_the_oracle_at_length(
    hand: list[str], common: str | None, dys: bool, words: list[str], additive: bool
) -> None:
    assume(sum(c.count("copy") for c in [*hand, common or ""]) <= MAX_COPIES)
    data = state(hand + (["dyslexic"] if dys else []), common=common, threshold=6, **additive_option(additive))
    check_against_oracle(data, words)


# -- the head of the list against the oracle, on random deals that spell many words ------------------------------

DEAL_LETTERS = "aeiotsrdnxlh"
EVERY_ABILITY = [
    "+1", "+3", "double-word", "double-letter", "cards+1", "cards+2", "len>=4:+3", "len>=5:+12", "len>=7:+5",
    "first:+2", "first:+10", "last:+1", "last:+6", "nowild:+2", "wilds:+1", "wilds:+3", "trash-hand",
    "trash-offer:2", "copy", "copy",
]  # every kind of the vocabulary, with amounts small and large
COMMONS = [None, "E/1", "O/2:double-letter", "ED/1:first:+10", "TH/2:len>=4:+3", "spacebar", "spacebar", "dyslexic",
           "dyslexic", "A/1:cards+2", "E/1:copy"]


def deal(rng: random.Random, max_cards: int = 6) -> tuple[dict[str, Any], list[str]]:
    """A random Paperback deal and a word list it can spell much of: one- and two-letter cards, wilds, every
    ability (up to two a card), Dyslexic in hand and as the Common card, Spacebar; the words are runs of the
    cards' letters in random order (a two-letter card's letters together, sometimes reversed), split in two now
    and then so that Spacebar pairs exist, with a few letters no card gives (for the wilds)."""
    hand: list[str] = []
    chunks: list[str] = []
    common = rng.choice(COMMONS)
    copies = 1 if common == "E/1:copy" else 0
    for _ in range(rng.randint(1, max_cards)):
        kind = rng.choice(["one", "one", "one", "two", "two", "wild"])
        if kind == "wild":
            hand.append("?")
            chunks.append(rng.choice("abcuy"))
            continue
        letters = "".join(rng.choice(DEAL_LETTERS) for _ in range(1 if kind == "one" else 2))
        abilities = rng.sample(EVERY_ABILITY, rng.choice([0, 0, 1, 1, 2]))
        if copies + abilities.count("copy") > MAX_COPIES:  # a state holds at most MAX_COPIES
            abilities = [a for a in abilities if a != "copy"]
        copies += abilities.count("copy")
        hand.append(f"{letters.upper()}/{rng.randint(0, 8)}" + (":" + ",".join(abilities) if abilities else ""))
        chunks.append(letters[::-1] if kind == "two" and rng.random() < 0.3 else letters)
    if common is not None and common not in ("spacebar", "dyslexic"):
        chunks.append(common.split("/")[0].lower())
    hand += ["dyslexic"] * rng.choice([0, 0, 0, 1, 2])
    words: set[str] = set()
    for _ in range(rng.randint(6, 24)):
        order = rng.sample(chunks, len(chunks))
        text = "".join(order)[: rng.randint(2, 9)]
        cut = rng.randint(2, max(2, len(text) - 2))
        words.update([text] if rng.random() < 0.6 or len(text) < 4 else [text[:cut], text[cut:]])
    words = {w for w in words if len(w) >= 2}
    threshold = rng.choice([None, 4, 5, 6, 7])
    additive = additive_option(rng.random() < 0.3)  # double_words_additive now and then
    data = state(hand, common=common, threshold=threshold, min_length=rng.choice([2, 2, 2, 1, 3]), **additive)
    return data, sorted(words) or ["at"]


@given(rng=st.randoms(use_true_random=False))
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_first_move_and_the_top_3_are_the_oracles(rng: random.Random) -> None:
    data, words = deal(rng)
    check_head(data, words)


@pytest.mark.slow
@given(rng=st.randoms(use_true_random=False))
@settings(max_examples=600, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_first_move_and_the_top_3_are_the_oracles_at_length(rng: random.Random) -> None:
    data, words = deal(rng, max_cards=8)
    check_head(data, words)


def _doubles_by_every_choice(base: list[int], doublers: list[int], barrier: list[bool]) -> int:
    """Every double-letter ability tries each neighbour in its word: the product the search used to run."""
    m = len(base)
    options = [
        [j for j in (i - 1, i + 1) if 0 <= j < m and not barrier[j] and not barrier[i]] or [-1]
        for i in range(m)
        for _ in range(doublers[i])
    ]
    best_sum = -1
    for choice in itertools.product(*options):
        factors = [1] * m
        for j in choice:
            if j >= 0:
                factors[j] = min(3, factors[j] + 1)
        best_sum = max(best_sum, sum(b * f for b, f in zip(base, factors, strict=True)))
    return best_sum


@given(
    pieces=st.lists(st.tuples(st.integers(0, 9), st.integers(0, 3)), min_size=1, max_size=6),
    space=st.integers(0, 5),
)
@settings(max_examples=300, deadline=None)
def test_the_doubles_programme_finds_what_every_choice_finds(pieces: list[tuple[int, int]], space: int) -> None:
    base = [b for b, _ in pieces]
    doublers = [d for _, d in pieces]
    barrier = [False] * len(pieces)
    if 0 < space < len(pieces) - 1:  # the Spacebar: no score, no doubler, nothing doubled across it
        barrier[space], base[space], doublers[space] = True, 0, 0
    total, factors = best_doubles(base, doublers, barrier)
    assert total == _doubles_by_every_choice(base, doublers, barrier)
    assert total == sum(b * f for b, f in zip(base, factors, strict=True))


def test_many_double_letter_cards_are_scored_at_once() -> None:
    # 24 cards of 8 double-letter abilities each: 2 to the 192 choices for the old product, a moment for the programme
    total, factors = best_doubles([5] * 24, [8] * 24, [False] * 24)
    assert total == 5 * 3 * 24 and factors == [3] * 24


def test_the_score_a_word_needs_counts_its_length_and_alphabetical_order() -> None:
    """Once n moves are kept, a word must beat the n-th one's key (score, then length), or equal it and come first
    in alphabetical order; ``_need`` is the least score that does, and ``solve`` answers None below it."""
    s = searcher(["cat", "bat", "dog", "cats", "at"], state(["C/2", "A/1", "T/2", "B/2", "S/1"]))
    kept: Kept[PMove] = Kept(1)
    cat = s.solve("cat")
    assert cat is not None and (cat.score, cat.length) == (5, 3)
    kept.offer(*s._rank(cat), cat)
    assert {w: s._need(kept, w) for w in ("bat", "dog", "cats", "at")} == {"bat": 5, "dog": 6, "cats": 5, "at": 6}
    assert s.solve("bat", 5) is not None and s.solve("bat", 6) is None
    assert s.objective is PaperbackObjective.SCORE
    assert searcher(["cat"], state(["C/2", "A/1", "T/2"]), "value")._need(kept, "bat") == float("-inf")


def test_the_needs_of_a_chunk_never_exceed_each_words_own_need(enable: Any) -> None:
    # a chunk of words goes to the compiled layouts with needs read from their lengths alone (``_needs``): each at
    # most the word's own ``_need`` (which reads the word for its alphabetical tie), or a word that ties the n-th
    # move's key and wins on alphabetical order would be pruned
    data = state(["?", "I/4:double-letter", "N/2:last:+2", "I/0", "?", "A/0:first:+2", "?"], threshold=7)
    s = PaperbackSearch(enable, PaperbackTurn.from_json(data), PaperbackObjective.SCORE)
    kept: Kept[PMove] = Kept(5)
    for word in ("tin", "anti", "nap", "lain", "indian", "paint"):
        m = s.solve(word)
        if m is not None:
            kept.offer(*s._rank(m), m)
    assert kept.full
    idx, _ = s._feasible()
    needs = s._needs(kept, enable.lengths[idx])
    own = np.array([s._need(kept, enable.word(int(i))) for i in idx])
    assert (needs <= own).all()
    assert (needs == own).mean() > 0.5  # and as tight as a word's length allows, for most words


@given(rng=st.randoms(use_true_random=False))
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_word_bound_is_below_the_words_best_score(rng: random.Random) -> None:
    """The bounds the best-first search reads (``bounds.word_bounds``) never underestimate: checked word by word
    against the exact per-word search on deals rich in double-letter cards (a double-letter ability raises one
    neighbour's factor by one, so it adds at most the best score of another piece: ``Hand.top_other``)."""
    data, words = deal(rng)
    hand = data["hand"]
    for k in range(len(hand)):
        if "/" in hand[k] and rng.random() < 0.5:
            hand[k] += ("," if ":" in hand[k] else ":") + "double-letter"
    data["hand"] = hand
    assume(sum(c.count("copy") for c in [*hand, data["common"] or ""]) <= MAX_COPIES)
    s = searcher(words, data)
    b = s._bounds()
    bound = {s.lexicon.word(int(i)): float(x * m) for i, x, m in zip(b.index, b.inner, b.mult, strict=True)}
    for word in words:
        m = s.solve(word)
        if m is not None:
            assert word in bound and bound[word] >= m.score - 1e-9, (word, bound.get(word), m.score)
