"""The ink advisor (``solver.answers.ink``): exact against a brute force over every ordered draw, sampled within its
standard error, forfeits, removers, the reshuffle, the cache, every bad input, the command line and the HTTP
route."""

from __future__ import annotations

import itertools
import json
import math
import re
import statistics
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

import solver.answers.ink
from service import errors
from service.deps import Context
from service.main import create_app
from service.routers import hardback
from service.routers import ink as ink_router
from service.settings import Settings
from solver.answers.ink import InkAdvice, InkError, advise, count_multisets, multisets, read_cards
from solver.cli.main import main as cli_main
from solver.errors import GhostwriterError, StateError
from solver.hardback.cards import Card
from solver.hardback.objectives import Objective, Weights
from solver.hardback.state import TurnState
from solver.lexicon import Lexicon
from solver.search.hardback import Search

from helpers import lexicon_of

WORDS = [
    "eat", "tea", "ate", "eats", "seat", "east", "sate", "teas", "feast", "feat", "fate", "fates", "feats", "haste",
    "hate", "hates", "heat", "heats", "neat", "sent", "nest", "tens", "ant", "ants", "tan", "net", "nets", "ten",
    "fan", "fen", "hen", "then", "than", "haft", "hafts", "eh", "ah", "at", "ta", "as", "an", "en", "ne", "fa",
    "nan", "nans", "anent", "shan", "ash", "has", "sh", "eth", "eths", "heft", "hefts", "shaft",
]  # fmt: skip
HAND = {"hand": ["E", "a:A5", "T"]}
PILE = ["S", "r:F6", "h:H7", "N", "N"]  # two identical N: equal draws are grouped
RARE = ["a:X4", "a:Q7", "r:Z4", "A"]  # with hand E T only X and A can be spelled: "ex", "ax", "ae"
RARE_WORDS = ["et", "te", "ex", "ax", "ae", "ta"]


@pytest.fixture(scope="module")
def lex() -> Lexicon:
    return lexicon_of(*WORDS)


@pytest.fixture(scope="module")
def rare_lex() -> Lexicon:
    return lexicon_of(*RARE_WORDS)


def state_of(**data: Any) -> TurnState:
    return TurnState.from_json(data)


def cards(*codes: str) -> tuple[Card, ...]:
    return read_cards(codes, "draw")


def best(lexicon: Lexicon, state: TurnState, objective: Objective = Objective.VALUE) -> tuple[float, bool, int, int]:
    """The best move's value, whether there is one, its prestige and coins (0 for a forfeit)."""
    moves = Search(lexicon, state, objective).top(1)
    return (moves[0].value, True, moves[0].prestige, moves[0].coins) if moves else (0.0, False, 0, 0)


def brute_force(
    lexicon: Lexicon, state: TurnState, draw: Sequence[Card], reshuffle: Sequence[Card], k: int
) -> tuple[float, float]:
    """Mean best value and forfeit rate over every ordered draw of k cards, each searched anew (no grouping, no
    cache): the draw pile in every order, then, past its end, the reshuffled discard in every order."""
    values: list[float] = []
    forfeits = 0
    if k <= len(draw):
        draws: Iterator[tuple[Card, ...]] = itertools.permutations(draw, k)
        emptied = False
    else:
        draws = (tuple(draw) + rest for rest in itertools.permutations(reshuffle, k - len(draw)))
        emptied = True
    for drawn in draws:
        st = replace(state, inked=state.inked + drawn, discard=() if emptied else state.discard)
        value, playable, _, _ = best(lexicon, st)
        values.append(value)
        forfeits += not playable
    return statistics.fmean(values), forfeits / len(values)


# -- the law of the draw ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("counts", "k"), [([2, 1, 1, 1], 3), ([5, 5, 1], 4), ([3], 2), ([1, 1], 0), ([2, 2], 5)])
def test_multisets_are_counted_and_weighted_as_physical_draws(counts: list[int], k: int) -> None:
    groups = [(c, n) for c, n in zip(cards("S", "r:F6", "h:H7", "N", "T")[: len(counts)], counts, strict=True)]
    found = list(multisets(groups, k))
    assert len(found) == count_multisets(counts, k) == len({tuple(c) for c, _ in found})
    assert sum(ways for _, ways in found) == math.comb(sum(counts), k)
    assert all(len(c) == k for c, _ in found)


# -- exact ------------------------------------------------------------------------------------------------------


def test_exact_equals_a_brute_force_over_every_ordered_draw(lex: Lexicon) -> None:
    state = state_of(**HAND, ink=3)
    draw = cards(*PILE)
    advice = advise(lex, state, draw, max_k=3)
    assert advice.exact and [o.k for o in advice.options] == [0, 1, 2, 3]
    for o in advice.options:
        want, forfeit = brute_force(lex, state, draw, (), o.k)
        assert o.expected == pytest.approx(want, abs=1e-9), o.k
        assert o.forfeit == pytest.approx(forfeit, abs=1e-9), o.k
        assert o.exact and not o.sampled and o.stderr == 0.0 and o.affordable
        assert o.net == pytest.approx(o.expected - 0.4 * o.k)
    assert [o.outcomes for o in advice.options] == [1, 4, 7, 7]  # N N grouped: C(5, k) = 1, 5, 10, 10 ordered sets
    assert 0 < advice.option(3).forfeit < 1  # some draws leave no word
    assert advice.best_k == max(advice.options, key=lambda o: (round(o.net, 9), -o.k)).k


def test_prestige_objective_is_exact_too(lex: Lexicon) -> None:
    state = state_of(**HAND)
    draw = cards(*PILE)
    advice = advise(lex, state, draw, max_k=2, objective=Objective.PRESTIGE)
    assert advice.objective is Objective.PRESTIGE and advice.to_json()["objective"] == "prestige"
    for o in advice.options:
        prestige = [
            best(lex, replace(state, inked=d), Objective.PRESTIGE)[2] for d in itertools.permutations(draw, o.k)
        ]
        assert o.expected_prestige == pytest.approx(statistics.fmean(prestige))


def test_reshuffle_overflow(lex: Lexicon, monkeypatch: pytest.MonkeyPatch) -> None:
    searched: list[TurnState] = []

    class Recording(Search):
        def __init__(self, lexicon: Lexicon, state: TurnState, *args: Any, **kwargs: Any) -> None:
            searched.append(state)
            super().__init__(lexicon, state, *args, **kwargs)

    monkeypatch.setattr(solver.answers.ink, "Search", Recording)
    state = state_of(**HAND, discard=["B"], ink=5)
    draw, reshuffle = cards("S", "N"), cards("r:F6", "h:H7", "N")
    advice = advise(lex, state, draw, reshuffle, max_k=5)
    assert [o.k for o in advice.options] == [0, 1, 2, 3, 4, 5]  # 2 in the pile, 3 more once it is reshuffled
    for o in advice.options:
        want, forfeit = brute_force(lex, state, draw, reshuffle, o.k)
        assert o.expected == pytest.approx(want, abs=1e-9) and o.forfeit == pytest.approx(forfeit, abs=1e-9), o.k
    for st in searched:
        drawn = len(st.inked)
        assert st.discard == (() if drawn > 2 else state.discard)  # the discard pile became the draw pile
        assert st.ink == 5 - drawn
        if drawn > 2:
            assert {c.code for c in draw} <= {c.code for c in st.inked}
    # the pile and the discard are too few for more
    assert [o.k for o in advise(lex, state, cards("S"), cards("N"), max_k=5).options] == [0, 1, 2]


# -- forfeits and removers ----------------------------------------------------------------------------------------


def test_forfeit_when_an_inked_card_fits_no_word(rare_lex: Lexicon) -> None:
    advice = advise(rare_lex, state_of(hand=["E", "T"], ink=2), cards(*RARE), max_k=2)
    k0, k1, k2 = advice.options
    assert k0.forfeit == 0 and k0.expected > 0
    assert k1.forfeit == pytest.approx(0.5)  # Q and Z fit no word; X ("ex") and A ("ae") do
    assert k2.forfeit == pytest.approx(5 / 6)  # only {X, A} ("ax") of the six pairs
    assert k2.expected < k0.expected and advice.best_k == 0


def test_a_remover_lowers_the_forfeit_rate(rare_lex: Lexicon) -> None:
    bare = advise(rare_lex, state_of(hand=["E", "T"]), cards(*RARE), max_k=2)
    freed = advise(rare_lex, state_of(hand=["E", "T"], remover=1), cards(*RARE), max_k=2)
    assert freed.option(1).forfeit == 0  # Q or Z freed: back in the hand, laid wild or left out
    assert freed.option(2).forfeit == pytest.approx(1 / 6)  # only {Q, Z}: one remover frees one
    assert freed.option(2).forfeit < bare.option(2).forfeit
    assert freed.option(2).expected > bare.option(2).expected


def test_nothing_playable_without_ink_is_a_forfeit_too(rare_lex: Lexicon) -> None:
    advice = advise(rare_lex, state_of(hand=["E"], ink=1), cards(*RARE), max_k=1)
    assert advice.option(0).forfeit == 1 and advice.option(0).expected == 0
    assert advice.option(1).forfeit == pytest.approx(0.5)  # E with X ("ex") or A ("ae"); with Q or Z nothing
    assert advice.best_k == 1


# -- affordable and best ------------------------------------------------------------------------------------------


def test_best_k_only_among_affordable_and_ties_go_to_fewer_cards(lex: Lexicon) -> None:
    draw = cards(*PILE)
    rich = advise(lex, state_of(**HAND, ink=3), draw, max_k=3)
    poor = advise(lex, state_of(**HAND, ink=0), draw, max_k=3)
    assert [o.affordable for o in poor.options] == [True, False, False, False]
    assert poor.best_k == 0 and rich.best_k == max(rich.options, key=lambda o: (round(o.net, 9), -o.k)).k
    assert rich.best_k > 0  # drawing pays here, so the two differ only by the ink held
    free = advise(lex, state_of(**HAND, ink=3), cards("N", "N"), max_k=2, weights=Weights(ink=0.0))
    nets = [o.net for o in free.options]
    top = max(nets)
    assert free.best_k == min(k for k, n in enumerate(nets) if n > top - 1e-9)
    # a heavier ink weight moves the advice towards fewer cards
    dear = advise(lex, state_of(**HAND, ink=3), draw, max_k=3, weights=Weights(ink=50.0))
    assert dear.best_k == 0 and dear.ink_weight == 50.0


def test_the_game_stage_sets_the_default_weights_as_in_a_search(lex: Lexicon) -> None:
    late = state_of(**HAND, options={"stage": 1.0})
    assert Weights.at_stage(1.0) != Weights()  # a coin is worth another amount late in the game
    by_stage = advise(lex, late, cards(*PILE), max_k=1)
    assert by_stage.to_json() == advise(lex, late, cards(*PILE), max_k=1, weights=Weights.at_stage(1.0)).to_json()
    assert by_stage.option(0).expected == pytest.approx(Search(lex, late).top(1)[0].value)
    assert by_stage.option(0).expected != advise(lex, late, cards(*PILE), max_k=1, weights=Weights()).option(0).expected


# -- sampled ----------------------------------------------------------------------------------------------------


def test_sampled_lies_within_a_few_standard_errors_and_they_shrink(lex: Lexicon) -> None:
    state = state_of(**HAND, ink=2)
    draw = cards("S", "r:F6", "h:H7", "N", "N", "A", "r:K3", "m:Q3")
    exact = advise(lex, state, draw, max_k=2, exact_limit=5000).option(2)
    few = advise(lex, state, draw, max_k=2, exact_limit=1, samples=25, seed=7).option(2)
    many = advise(lex, state, draw, max_k=2, exact_limit=1, samples=1600, seed=7).option(2)
    assert exact.exact and not exact.sampled and exact.stderr == 0.0
    for o in (few, many):
        assert o.sampled and not o.exact and o.stderr is not None and o.stderr > 0
        assert abs(o.expected - exact.expected) <= 4 * o.stderr
    assert few.outcomes == 25 and many.outcomes == 1600
    assert many.stderr is not None and few.stderr is not None and many.stderr < few.stderr / 3
    assert abs(many.forfeit - exact.forfeit) < 0.1


def test_sampling_is_seeded_and_one_sample_has_no_standard_error(lex: Lexicon) -> None:
    state = state_of(**HAND)
    draw = cards("S", "r:F6", "h:H7", "N", "A", "r:K3")
    a = advise(lex, state, draw, max_k=3, exact_limit=2, samples=30, seed=3)
    b = advise(lex, state, draw, max_k=3, exact_limit=2, samples=30, seed=3)
    assert a.to_json() == b.to_json() and not a.exact
    one = advise(lex, state, draw, max_k=2, exact_limit=1, samples=1).option(2)
    assert one.stderr is None and one.outcomes == 1 and one.to_json()["stderr"] is None


# -- cache ------------------------------------------------------------------------------------------------------


def test_each_distinct_state_is_searched_once(lex: Lexicon, monkeypatch: pytest.MonkeyPatch) -> None:
    state = state_of(**HAND)
    draw = cards("S", "r:F6", "N", "N")
    plain = advise(lex, state, draw, max_k=2, exact_limit=1, samples=300, seed=1)
    calls: list[TurnState] = []

    class Counting(Search):
        def __init__(self, lexicon: Lexicon, state: TurnState, *args: Any, **kwargs: Any) -> None:
            calls.append(state)
            super().__init__(lexicon, state, *args, **kwargs)

    monkeypatch.setattr(solver.answers.ink, "Search", Counting)
    counted = advise(lex, state, draw, max_k=2, exact_limit=1, samples=300, seed=1)
    assert counted.to_json() == plain.to_json()
    # k = 0: 1 state; k = 1: at most 3 ({S}, {F}, {N}); k = 2: at most 4 ({S,F}, {S,N}, {F,N}, {N,N}); 600 samples
    assert len(calls) == len(set(calls)) == counted.searches <= 8
    assert counted.option(2).outcomes == 300


# -- time limit -------------------------------------------------------------------------------------------------


def test_past_the_time_limit_the_rest_is_skipped(lex: Lexicon, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = iter(range(0, 10_000, 10))  # every look at the clock is 10 s later
    monkeypatch.setattr(solver.answers.ink, "clock", lambda: float(next(clock)))
    advice = advise(lex, state_of(**HAND, ink=3), cards(*PILE), max_k=3, time_limit=15)
    assert [o.k for o in advice.options] == [0] and advice.skipped == (1, 2, 3)
    assert not advice.exact and advice.best_k == 0
    out = advice.to_json()
    assert out["skipped"] == [1, 2, 3] and "time limit (15 s)" in out["warning"] and len(out["options"]) == 1


def test_a_search_cut_short_makes_its_k_inexact(lex: Lexicon, monkeypatch: pytest.MonkeyPatch) -> None:
    class CutShort(Search):
        def top(self, n: int = 10) -> Any:
            moves = super().top(n)
            self.exact = len(self.state.inked) != 2  # as if every k = 2 search had hit its time limit
            return moves

    monkeypatch.setattr(solver.answers.ink, "Search", CutShort)
    advice = advise(lex, state_of(**HAND), cards(*PILE), max_k=3, time_limit=100)
    assert [o.exact for o in advice.options] == [True, True, False, True] and not advice.skipped
    assert not advice.exact and "a search stopped at the time limit (100 s)" in advice.to_json()["warning"]


def test_a_short_real_time_limit_still_answers_k0(lex: Lexicon) -> None:
    advice = advise(lex, state_of(**HAND), cards(*PILE), max_k=3, time_limit=1e-9)
    assert advice.options[0].k == 0 and advice.skipped == (1, 2, 3) and not advice.exact


# -- bad input --------------------------------------------------------------------------------------------------

HOUSE = Card.from_code("romance:Q4{2p | 2p}")  # house cards have no box count, so a big pile of them is legal


@pytest.mark.parametrize(
    ("kwargs", "field", "says"),
    [
        ({"max_k": 6}, "max_k", "max_k: must be a whole number from 0 to 5 (got 6)"),
        ({"max_k": -1}, "max_k", "from 0 to 5"),
        ({"max_k": True}, "max_k", "from 0 to 5 (got True)"),
        ({"samples": 0}, "samples", "samples: must be a whole number from 1 to 2000 (got 0)"),
        ({"samples": 2001}, "samples", "from 1 to 2000"),
        ({"exact_limit": 0}, "exact_limit", "exact_limit: must be a whole number from 1 to 5000 (got 0)"),
        ({"exact_limit": 5001}, "exact_limit", "from 1 to 5000"),
        ({"seed": 1.5}, "seed", "seed: must be a whole number (got 1.5)"),
        ({"time_limit": 0}, "time_limit", "time_limit: must be a number of seconds above 0 and at most 3600"),
        ({"time_limit": 4000.0}, "time_limit", "at most 3600"),
        ({"draw": (HOUSE,) * 201}, "draw", "draw: 201 cards in the draw pile: at most 200"),
        ({"discard_for_reshuffle": (HOUSE,) * 201}, "reshuffle", "reshuffle: 201 cards to reshuffle: at most 200"),
        (
            {"draw": cards("h:H7", "N")},
            "draw",
            "draw: card horror:H7 is given 2 times in the state and the draw pile but the box has one copy",
        ),
        (
            {"draw": cards("N"), "discard_for_reshuffle": cards("r:F6")},
            "reshuffle",
            "reshuffle: card romance:F6 is given 2 times in the state, the draw pile and the reshuffled discard",
        ),
    ],
)
def test_bad_input_is_named(lex: Lexicon, kwargs: dict[str, Any], field: str, says: str) -> None:
    state = state_of(hand=["E", "r:F6"], inked=["h:H7"])
    args: dict[str, Any] = {"draw": cards("S", "N"), **kwargs}
    with pytest.raises(InkError) as e:
        advise(lex, state, **args)
    assert e.value.field == field and says in str(e.value)
    assert isinstance(e.value, GhostwriterError)


def test_too_many_cards_for_a_hand(lex: Lexicon) -> None:
    state = state_of(hand=["E"] * 5 + ["T"] * 5 + ["S"] * 5 + ["A"] * 5 + ["N"] * 2)
    with pytest.raises(InkError, match=r"max_k: the hand and inked cards number 22, and 3 more pass the limit of 24"):
        advise(lex, state, cards("R", "R", "R"), max_k=3)
    assert len(advise(lex, state, cards("R", "R", "R"), max_k=2).options) == 3


def test_a_bad_code_and_a_bad_state_are_named(lex: Lexicon) -> None:
    with pytest.raises(InkError, match=r"^draw\[1\]: no card 'r:Z9' in the Hardback catalogue; closest"):
        read_cards(["S", "r:Z9"], "draw")
    with pytest.raises(StateError, match="the hand is empty"):
        advise(lex, TurnState(hand=()), cards("S"))


def test_no_draw_pile_answers_k0_only(lex: Lexicon) -> None:
    advice = advise(lex, state_of(**HAND), ())
    assert [o.k for o in advice.options] == [0] and advice.exact and advice.best_k == 0


# -- the command line ---------------------------------------------------------------------------------------------


@pytest.fixture
def word_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("GHOSTWRITER_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "words.txt"
    path.write_text("\n".join(RARE_WORDS) + "\n", encoding="utf-8")
    return str(path)


def test_cli_table_and_advice(word_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = cli_main(["ink-advice", "E", "T", "--ink", "2", "--remover", "1", "--draw", *RARE, "--words", word_file])
    out, err = capsys.readouterr()
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("ink advice by value") and "you hold 2 ink" in lines[0]
    assert lines[1].split() == ["k", "expected", "±stderr", "forfeit", "prestige", "coins", "net", "exact"]
    assert [line.split()[0] for line in lines[2:5]] == ["0", "1", "2"]
    assert "±0.00" in lines[3] and "0.0%" in lines[3] and "yes (4 outcomes)" in lines[3]
    assert "needs 3 ink" in lines[5] and lines[-1].startswith("advice: ")


def test_cli_json_matches_the_library(word_file: str, rare_lex: Lexicon, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--draw", *RARE, "--reshuffle", "S", "--max-k", "5", "--samples", "20", "--exact-limit", "2"]
    code = cli_main(["ink-advice", "E", "T", "--ink", "1", *args, "--seed", "4", "--words", word_file, "--json"])
    out, _ = capsys.readouterr()
    assert code == 0
    got = json.loads(out)
    want = advise(
        rare_lex, state_of(hand=["E", "T"], ink=1), cards(*RARE), cards("S"), 5, exact_limit=2, samples=20, seed=4
    )
    assert got == json.loads(json.dumps(want.to_json()))
    assert [o["k"] for o in got["options"]] == [0, 1, 2, 3, 4, 5] and got["options"][2]["method"] == "sampled"


def test_cli_stage_sets_a_coins_worth(word_file: str, rare_lex: Lexicon, capsys: pytest.CaptureFixture[str]) -> None:
    code = cli_main(
        ["ink-advice", "E", "T", "--draw", *RARE, "--max-k", "1", "--stage", "1", "--words", word_file, "--json"]
    )
    out, _ = capsys.readouterr()
    assert code == 0
    late = state_of(hand=["E", "T"], options={"stage": 1.0})
    assert json.loads(out) == json.loads(json.dumps(advise(rare_lex, late, cards(*RARE), max_k=1).to_json()))


def test_cli_reads_a_state_file(word_file: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "turn.json"
    state.write_text(json.dumps({"hand": ["E", "T"], "remover": 1}), encoding="utf-8")
    code = cli_main(
        ["ink-advice", "--state", str(state), "--draw", *RARE, "--max-k", "1", "--words", word_file, "--json"]
    )
    out, _ = capsys.readouterr()
    assert code == 0 and json.loads(out)["options"][1]["forfeit"] == 0
    many = tmp_path / "turns.jsonl"
    many.write_text('{"hand": ["E"]}\n{"hand": ["T"]}\n', encoding="utf-8")
    assert cli_main(["ink-advice", "--state", str(many), "--draw", "S", "--words", word_file]) == 2
    assert "answers one turn state" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        (["--max-k", "9"], "--max-k: must be a whole number from 0 to 5 (got 9)"),
        (["--samples", "0"], "--samples: must be a whole number from 1 to 2000"),
        (["--exact-limit", "9999"], "--exact-limit: must be a whole number from 1 to 5000"),
        (["--seed", "x"], "argument --seed: invalid int value: 'x'"),
        (["--time-limit", "0"], "--time-limit: must be a number of seconds above 0"),
        (["--draw", "S", "r:Z9"], "--draw: no card 'r:Z9' in the Hardback catalogue"),
        (["--reshuffle", "E", "E", "E", "E", "E"], "--reshuffle: card E is given 6 times"),
        (["--objective", "fun"], "argument --objective: invalid choice"),
        (["--weights", "ink=lots"], "weight 'ink=lots': 'lots' is not a number"),
        (["--inked", "h:H9"], "inked[0]: no card 'h:H9'"),
    ],
)
def test_cli_errors_are_one_line(
    word_file: str, extra: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = cli_main(["ink-advice", "E", "T", "--draw", "S", "N", "--words", word_file, *extra])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("ghostwriter: error: ") and says in err, err


def test_cli_needs_a_hand_and_a_draw_pile(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["ink-advice", "--draw", "S"]) == 2
    assert "give the hand's card codes (e.g. ghostwriter ink-advice" in capsys.readouterr().err
    assert cli_main(["ink-advice", "E"]) == 2
    assert "the following arguments are required: --draw" in capsys.readouterr().err


# -- HTTP -------------------------------------------------------------------------------------------------------

ROUTE = "/v1/hardback/ink-advice"


def app_with_ink(settings: Settings) -> FastAPI:
    """The service's app once the route is wired into it; until then a small app built the way main.py builds it."""
    app = create_app(settings)
    if any(getattr(r, "path", None) == ROUTE for r in app.routes):
        return app

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        ctx = Context(settings)
        app.state.context = ctx
        ctx.load()
        try:
            yield
        finally:
            ctx.runner.close()

    small = FastAPI(lifespan=lifespan)
    errors.install(small)
    for r in (hardback.router, ink_router.router):
        small.include_router(r)
    return small


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    words = tmp_path_factory.mktemp("ink-words") / "rare.txt"
    words.write_text("\n".join(RARE_WORDS) + "\n", encoding="utf-8")
    with TestClient(app_with_ink(Settings(dictionaries={"rare": str(words)}))) as c:
        yield c


def test_http_answers_as_the_library_does(client: TestClient, rare_lex: Lexicon) -> None:
    body = {"hand": ["E", "T"], "remover": 1, "ink": 2, "draw": RARE, "max_k": 2, "dictionary": "rare"}
    r = client.post(ROUTE, json=body)
    assert r.status_code == 200, r.text
    out = r.json()
    want = advise(rare_lex, state_of(hand=["E", "T"], remover=1, ink=2), cards(*RARE), max_k=2)
    assert {k: v for k, v in out.items() if k not in ("dictionary", "elapsed_ms")} == json.loads(
        json.dumps(want.to_json())
    )
    assert out["dictionary"] == "rare" and out["elapsed_ms"] > 0 and out["exact"] is True
    assert out["options"][2]["forfeit"] == pytest.approx(1 / 6, abs=1e-6)


def test_http_over_enable_and_sampled(client: TestClient) -> None:
    body = {"hand": ["r:F6", "E", "a:A5", "S", "T"], "draw": ["A", "I", "N", "O"], "max_k": 1, "ink": 1}
    out = client.post(ROUTE, json=body).json()
    assert out["dictionary"] == "enable" and [o["k"] for o in out["options"]] == [0, 1]
    sampled = {**body, "exact_limit": 1, "samples": 5, "seed": 9, "max_k": 2, "dictionary": "rare", "hand": ["E"]}
    out = client.post(ROUTE, json=sampled).json()
    assert out["options"][2]["method"] == "sampled" and out["options"][2]["outcomes"] == 5 and out["exact"] is False


@pytest.mark.parametrize(
    ("change", "field", "says"),
    [
        ({"max_k": 6}, "max_k", "less than or equal to 5"),
        ({"samples": 0}, "samples", "greater than or equal to 1"),
        ({"exact_limit": 5001}, "exact_limit", "less than or equal to 5000"),
        ({"seed": -1}, "seed", "greater than or equal to 0"),
        ({"draw": []}, "draw", "at least 1"),
        ({"draw": ["S", "r:Z9"]}, "draw[1]", "draw[1]: no card 'r:Z9'"),
        ({"reshuffle": ["q:Q1"]}, "reshuffle[0]", "reshuffle[0]: unknown genre 'q'"),
        ({"draw": ["h:H7"], "inked": ["h:H7"]}, "draw", "card horror:H7 is given 2 times"),
        ({"weights": {"ink": "x"}}, "weights.ink", "weights.ink"),
        ({"weights": {"colour": 1}}, "weights", "weight 'colour=1.0': write name=number"),
        ({"hand": [*"EEEEETTTTTSSSSSAAAAANN"], "draw": ["R"] * 3, "max_k": 3}, "max_k", "use max_k at most 2"),
        ({"objective": "fun"}, "objective", "objective"),
        ({"dictionary": "nope"}, "dictionary", "unknown dictionary 'nope'"),
        ({"hand": ["E"], "colour": "red"}, "colour", "unknown field"),
    ],
)
def test_http_errors_name_the_field(client: TestClient, change: dict[str, Any], field: str, says: str) -> None:
    body = {"hand": ["E", "T"], "draw": RARE, "dictionary": "rare", **change}
    r = client.post(ROUTE, json=body)
    assert r.status_code == 422, r.text
    out = r.json()
    assert set(out) == {"error", "field"} and out["field"] == field and says in out["error"], out


def test_http_time_budget_bounds_the_whole_advice(tmp_path: Path) -> None:
    words = tmp_path / "w.txt"
    words.write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    with TestClient(app_with_ink(Settings(time_budget=0.05, dictionaries={"w": str(words)}))) as c:
        body = {"hand": ["E", "a:A5", "T"], "draw": PILE, "dictionary": "w", "time_limit": 0.05}
        r = c.post(ROUTE, json=body)
    assert r.status_code == 200
    out = r.json()
    if out["skipped"]:  # a fast machine may answer every k in 50 ms: then it is complete
        # the limit counts from the request's arrival: the advice had what was left of 0.05 s
        assert out["exact"] is False and re.search(r"time limit \(0\.0\d* s\)", out["warning"]), out["warning"]
    assert out["options"][0]["k"] == 0


def test_advice_type_is_json_ready(lex: Lexicon) -> None:
    advice: InkAdvice = advise(lex, state_of(**HAND), cards("S"), max_k=1)
    out = advice.to_json()
    assert set(out) == {"options", "best_k", "objective", "exact", "skipped", "ink_weight", "ink_held", "searches"}
    assert set(out["options"][0]) == {
        "k", "expected", "stderr", "forfeit", "expected_prestige", "expected_coins", "net", "exact", "method",
        "outcomes", "affordable",
    }  # fmt: skip
    with pytest.raises(KeyError):
        advice.option(4)
