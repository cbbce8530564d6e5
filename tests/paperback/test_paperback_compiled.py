"""The compiled layout search of Paperback against the Python layouts it ports (``solver.search.paperback.native``).

The kernel follows ``layout.layouts`` and ``rules.score`` step by step, so on every text it must give the same move
(pieces, factors, score, value and the rest) and take the same steps, with or without a need, a step cap or a step
limit; and a whole query must give the same moves. The oracle comparisons (``test_paperback.check_against_oracle``
and ``check_head``) hold both engines to the oracle as well.
"""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.budget import OutOfTime
from solver.errors import GhostwriterError
from solver.lexicon import Lexicon
from solver.paperback.moves import PaperbackObjective, PMove
from solver.paperback.state import PaperbackTurn
from solver.search.hardback import compiled
from solver.search.paperback import PaperbackSearch, native

from helpers import lexicon_of
from oracle_cases import paperback_engines

pytestmark = pytest.mark.skipif(
    "compiled" not in paperback_engines(), reason="the compiled layout search is not built here"
)

LETTERS = "aeiorstnlhd"
ABILITIES = [
    "+1", "+3", "double-word", "double-letter", "double-letter", "cards+1", "cards+2", "len>=4:+3", "len>=6:+5",
    "first:+2", "last:+3", "nowild:+2", "wilds:+1", "wilds:+3", "trash-hand", "trash-offer:2", "gain:3", "trash-gain:1",
]
COMMONS = [None, "E/1", "O/2:double-letter", "ED/1:first:+4", "TH/2:double-word", "spacebar", "spacebar", "dyslexic"]
HARD = [  # the benchmark's slowest 10-card hands before the kernel
    ["E/2:first:+2", "?", "L/2:double-letter", "OU/3", "A/4:+2", "A/4:trash-hand", "O/0:wilds:+1",
     "S/3:double-letter", "?", "?"],
    ["B/2", "E/0:nowild:+2", "E/0:double-letter", "R/0:nowild:+2", "L/1:+1", "?", "?", "A/0:double-letter", "?",
     "O/3:wilds:+1"],
]


@st.composite
def cards(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["one", "one", "one", "two", "two", "wild", "dyslexic"]))
    if kind in ("wild", "dyslexic"):
        return "?" if kind == "wild" else "dyslexic"
    letters = "".join(draw(st.sampled_from(LETTERS)) for _ in range(1 if kind == "one" else 2))
    abilities = draw(st.lists(st.sampled_from(ABILITIES), max_size=3))
    return f"{letters.upper()}/{draw(st.integers(0, 9))}" + (":" + ",".join(abilities) if abilities else "")


@st.composite
def hands(draw: st.DrawFn, max_cards: int = 10) -> dict[str, Any]:
    return {
        "game": "paperback",
        "hand": draw(st.lists(cards(), min_size=1, max_size=max_cards)),
        "common": draw(st.sampled_from(COMMONS)),
        "threshold": draw(st.sampled_from([None, 3, 5, 7])),
        "options": {"min_length": draw(st.sampled_from([1, 2, 2, 3]))}
        | ({"double_words_additive": True} if draw(st.booleans()) else {}),  # either reading of the double words
    }


def texts(rng: random.Random, data: dict[str, Any], n: int) -> list[str]:
    """Texts the hand can often spell: runs of its cards' letters (a two-letter card's sometimes reversed), a letter
    no card holds now and then (for the wilds), and two words joined by a space (for the Spacebar)."""
    chunks = [c.split("/")[0].lower() for c in data["hand"] if "/" in c]
    common = data["common"]
    if common is not None and "/" in common:
        chunks.append(common.split("/")[0].lower())
    chunks += ["u", "y", "z"]
    out = []
    for _ in range(n):
        parts = []
        for _ in range(1 if rng.random() < 0.7 else 2):
            picked = rng.sample(chunks, min(len(chunks), rng.randint(1, 6)))
            parts.append("".join(c[::-1] if rng.random() < 0.2 else c for c in picked)[: rng.randint(1, 10)])
        out.append(" ".join(parts))
    return out


def shown(m: PMove | None) -> tuple[Any, ...] | None:
    """Everything the layout search decides about a move."""
    if m is None:
        return None
    return (m.word, m.score, m.length, m.value, m.pieces, m.factors, m.gains_common, m.cards_next, m.uses_common)


def pair(data: dict[str, Any], objective: PaperbackObjective, words: list[str] | None = None) -> list[PaperbackSearch]:
    lex = lexicon_of(*(words or ["at"]))
    state = PaperbackTurn.from_json(data)
    searches = [PaperbackSearch(lex, state, objective, engine=e) for e in ("python", "compiled")]
    assert searches[0]._compiled is None and searches[1]._compiled is not None
    return searches


def same_solve(searches: list[PaperbackSearch], text: str, need: float, cap: int | None = None) -> PMove | None:
    """Both engines' ``solve`` of one text: the same move, the same steps and budget ticks, the same exactness."""
    answers, moves = [], []
    for s in searches:
        taken, ticks = s.steps.taken, s.budget.ticks
        s.steps.cap = None if cap is None else taken + cap
        try:
            m = s.solve(text, need)
        finally:
            s.steps.cap = None
        moves.append(m)
        answers.append((shown(m), s.steps.taken - taken, s.budget.ticks - ticks, s.exact))
    assert answers[0] == answers[1], (text, need, cap)
    return moves[0]


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=hands(), seed=st.integers(0, 2**32 - 1), objective=st.sampled_from(list(PaperbackObjective)))
def test_each_text_as_the_python_layouts(data: dict[str, Any], seed: int, objective: PaperbackObjective) -> None:
    searches = pair(data, objective)
    rng = random.Random(seed)
    for text in texts(rng, data, 25):
        full = same_solve(searches, text, float("-inf"))
        needs = [float(rng.randint(-2, 40))] + ([full.score - 1.0, float(full.score), full.score + 0.5] if full else [])
        for need in needs:
            same_solve(searches, text, need)
        same_solve(searches, text, float("-inf"), cap=rng.randint(0, 200))  # the quick move's cap: the best so far


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=hands(max_cards=8), seed=st.integers(0, 2**32 - 1), objective=st.sampled_from(list(PaperbackObjective)))
def test_whole_queries_as_the_python_search(data: dict[str, Any], seed: int, objective: PaperbackObjective) -> None:
    """``top(5)`` over a word list the hand spells much of (Spacebar pairs included): the same moves, the same
    steps."""
    rng = random.Random(seed)
    words = sorted({w for t in texts(rng, data, 60) for w in t.split(" ") if len(w) >= 2} | {"at"})
    searches = pair(data, objective, words)
    tops = [[shown(m) for m in s.top(5)] for s in searches]
    assert tops[0] == tops[1]
    assert searches[0].steps.taken == searches[1].steps.taken
    assert searches[0].exact == searches[1].exact


@pytest.mark.parametrize("objective", list(PaperbackObjective))
@pytest.mark.parametrize("seed", range(4))
def test_random_hands_over_the_dictionary(enable: Lexicon, seed: int, objective: PaperbackObjective) -> None:
    rng = random.Random(seed)
    letters = "eeeaaiiootnrsldhcmpug"
    hand = [
        "?" if r < 0.2 else f"{rng.choice(['TH', 'ER', 'IN', 'ES', 'ON'])}/{rng.randint(1, 5)}" if r < 0.4
        else f"{rng.choice(letters).upper()}/{rng.randint(0, 4)}:{rng.choice(ABILITIES)}"
        for r in (rng.random() for _ in range(8))
    ]
    data = {"game": "paperback", "hand": hand, "common": rng.choice(COMMONS), "threshold": 7}
    state = PaperbackTurn.from_json(data)
    searches = [PaperbackSearch(enable, state, objective, engine=e) for e in ("python", "compiled")]
    tops = [[shown(m) for m in s.top(5)] for s in searches]
    assert tops[0] == tops[1], data
    assert searches[0].steps.taken == searches[1].steps.taken, data


@pytest.mark.parametrize("hand", HARD, ids=["E-L-OU-S", "B-E-R-A"])
def test_hard_hands(enable: Lexicon, hand: list[str]) -> None:
    state = PaperbackTurn.from_json({"game": "paperback", "hand": hand, "common": "dyslexic", "threshold": 7})
    searches = [PaperbackSearch(enable, state, engine=e) for e in ("python", "compiled")]
    tops = [[shown(m) for m in s.top(5)] for s in searches]
    assert tops[0] == tops[1]
    assert searches[0].steps.taken == searches[1].steps.taken


def test_a_step_limit_stops_both_at_the_same_step(enable: Lexicon) -> None:
    """The budget's step limit (``Budget.check`` every TICK layout steps) ends both engines at the same step."""
    state = PaperbackTurn.from_json({"game": "paperback", "hand": HARD[0], "common": "dyslexic", "threshold": 7})
    outcomes = []
    for engine in compiled.ENGINES:
        s = PaperbackSearch(enable, state, engine=engine)
        s.budget.start(None, 20)  # 20 looks at the budget: 1,280 layout steps
        idx, _ = s._feasible()
        for i in idx[::-1]:  # the longest words first
            s.solve(enable.word(int(i)))
            if not s.exact:
                break
        outcomes.append((s.exact, s.steps.taken, s.budget.ticks))
    assert outcomes[0] == outcomes[1]
    assert not outcomes[0][0]


def test_a_cancelled_query_stops(enable: Lexicon) -> None:
    """The kernel looks at the cancel event with the clock: a query whose client went away ends at once, with the
    quick move's real move."""
    cancel = threading.Event()
    cancel.set()
    state = PaperbackTurn.from_json({"game": "paperback", "hand": HARD[1], "common": "dyslexic", "threshold": 7})
    s = PaperbackSearch(enable, state, time_limit=30, cancel=cancel, engine="compiled")
    moves = s.top(5)
    assert not s.exact and moves


def test_texts_beyond_the_kernel_go_to_python() -> None:
    data = {"game": "paperback", "hand": ["A/1:double-letter", "T/2", "?", "E/1"], "common": "spacebar"}
    py, cc = pair(data, PaperbackObjective.SCORE)
    assert cc._compiled is not None
    cc._compiled.max_text = 3
    for text in ("tea", "teat", "at ate"):
        assert shown(cc.solve(text)) == shown(py.solve(text))


def test_a_deadline_in_the_past_stops_the_kernel() -> None:
    """Past the deadline, both engines stop at their first look at the clock (step TICK), with the best layout found
    by then, and the search is not exact."""
    data = {"game": "paperback", "hand": ["A/1"] * 6 + ["?"] * 6}
    searches = pair(data, PaperbackObjective.VALUE)  # no bar: 924 layouts of "aaaaaaaaaaaa"
    for s in searches:
        s.budget.start(-1.0, None)
    m = same_solve(searches, "a" * 12, float("-inf"))
    assert m is not None and m.score == 6  # the first layout, found before the first look at the clock
    assert [s.steps.taken for s in searches] == [64, 64]
    assert not any(s.exact for s in searches)


def test_without_the_kernel(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Where the layout search was not built: the Python layouts, said once; asking for it names the fix."""
    monkeypatch.setattr(native, "layout", None)
    monkeypatch.setattr(compiled, "_noticed", False)
    monkeypatch.delenv("GHOSTWRITER_ENGINE", raising=False)
    state = PaperbackTurn.from_json({"game": "paperback", "hand": ["A/1", "T/1"]})
    lex = lexicon_of("at")
    s = PaperbackSearch(lex, state)
    assert s.engine == "python" and s._compiled is None
    PaperbackSearch(lex, state)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Python search" in err
    with pytest.raises(GhostwriterError, match="reinstall with a C compiler"):
        PaperbackSearch(lex, state, engine="compiled")
    with pytest.raises(GhostwriterError, match="choose one of python, compiled"):
        PaperbackSearch(lex, state, engine="fortran")
    assert native.Compiled.of(s.hand, PaperbackObjective.SCORE) is None


def test_the_environment_picks_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    state = PaperbackTurn.from_json({"game": "paperback", "hand": ["A/1", "T/1"]})
    monkeypatch.setenv("GHOSTWRITER_ENGINE", "python")
    assert PaperbackSearch(lexicon_of("at"), state).engine == "python"
    monkeypatch.setenv("GHOSTWRITER_ENGINE", "compiled")
    s = PaperbackSearch(lexicon_of("at"), state)
    assert s.engine == "compiled" and s._compiled is not None


def test_odd_input_to_the_kernel_is_refused() -> None:
    """The kernel checks what it is given: a packed hand of another version or cut short, a letter past the card
    letters, a text of no or too many characters, an unknown objective, a need that is not a number."""
    layout = native.layout
    assert layout is not None
    state = PaperbackTurn.from_json({"game": "paperback", "hand": ["A/1", "TH/2:double-letter", "?"]})
    s = PaperbackSearch(lexicon_of("at"), state, engine="compiled")
    ints, floats = native.pack(s.hand)
    context = layout.Context(ints, floats)
    for bad_ints, bad_floats in ((b"\x00" * 8, b""), (ints[:-8], floats), (ints, floats[:-8]), (ints + ints, floats),
                                 (ints[:-1], floats), (ints, floats + b"\x00" * 8)):
        with pytest.raises(ValueError, match="does not fit"):
            layout.Context(bad_ints, bad_floats)
    wrong = bytearray(ints)
    wrong[8 * 3] = 7  # the first card's letters: 7 is neither 1 nor 2
    with pytest.raises(ValueError, match="does not fit"):
        layout.Context(bytes(wrong), floats)
    nan = float("nan")
    inf = float("-inf")
    with pytest.raises(ValueError, match="1 to 128 characters"):
        layout.solve(context, b"", inf, 0, (0, -1, 0, -1, nan, None))
    with pytest.raises(ValueError, match="1 to 128 characters"):
        layout.solve(context, b"\x00" * 129, inf, 0, (0, -1, 0, -1, nan, None))
    with pytest.raises(ValueError, match="beyond the card letters"):
        layout.solve(context, b"\x09", inf, 0, (0, -1, 0, -1, nan, None))
    with pytest.raises(ValueError, match="objective"):
        layout.solve(context, b"\x00", inf, 3, (0, -1, 0, -1, nan, None))
    with pytest.raises(ValueError, match="objective"):
        layout.solve(context, b"\x00", nan, 0, (0, -1, 0, -1, nan, None))
    with pytest.raises(ValueError, match="objective"):
        layout.solve(context, b"\x00", inf, 0, (0, -1, 0, -1, nan, 42))  # an is_set that is not callable
    with pytest.raises(TypeError):
        layout.solve(object(), b"\x00", inf, 0, (0, -1, 0, -1, nan, None))
    status, taken, ticks, best = layout.solve(context, b"\x00\x03", inf, 0, (0, -1, 0, -1, nan, None))  # "a" + a wild
    assert status == native.DONE and best is not None and best[:2] == (1, 2) and taken > 0 and ticks == 0
    assert layout.solve(context, b"\x00\x04\x02", inf, 0, (0, -1, 0, -1, nan, None))[3] is None  # "a t": no Spacebar
    with pytest.raises(OutOfTime):  # a raising is_set: the error passes through, the search stops
        layout.solve(context, b"\x03" * 100, inf, 0, (63, -1, 0, -1, nan, _raise))


def _raise() -> bool:
    raise OutOfTime
