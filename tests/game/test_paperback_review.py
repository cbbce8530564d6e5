"""Paperback records and their review: a tournament's record replays to the game played, an action the rules refuse
is named by its place in the log, an odd record names its field, and the review ranks each word among every move
its hand could make (checked against the search's own list), a pass has the whole best move as its gap, and a review
the time limit cuts says so."""

from __future__ import annotations

import copy
import itertools
import json
from typing import Any

import pytest

from solver.answers.review import review
from solver.answers.review_paperback import PAPERBACK as PAPERBACK_REVIEW
from solver.answers.review_paperback import Turn, better
from solver.game.paperback.record import PAPERBACK
from solver.game.records import RecordError, replays_to_state
from solver.lexicon import Lexicon
from solver.paperback.deck import house_deck
from solver.paperback.moves import PaperbackObjective
from solver.search.paperback import PaperbackSearch
from solver.tournament.paperback import PaperbackPlay

SEED = 5  # random against hard: a game of 36 turns, one of them a pass


@pytest.fixture(scope="module")
def played(enable: Lexicon) -> tuple[dict[str, Any], list[int]]:
    """A whole game as ``tournament --records`` keeps it, and its final Fame."""
    record = PaperbackPlay.of(house_deck(), keep_log=True)(["random", "hard"], SEED, None, enable)
    data: dict[str, Any] = record.extra["record"]
    return json.loads(json.dumps(data)), record.prestige  # as a file holds it


@pytest.fixture(scope="module")
def turns(played: tuple[dict[str, Any], list[int]], enable: Lexicon) -> list[Turn]:
    return PAPERBACK.replay(PAPERBACK.read(played[0]), enable)[1]


def test_a_tournament_record_replays_to_the_game_played(
    played: tuple[dict[str, Any], list[int]], enable: Lexicon
) -> None:
    """The record holds its deck in full, its options, seed and log: dealt again and replayed, it is the game that
    was played (its saved state and its final Fame)."""
    data, fame = played
    assert data["game"] == "paperback" and data["deck"]["name"] == "house" and data["seats"] == ["random", "hard"]
    record = PAPERBACK.read(data)
    game, turns = PAPERBACK.replay(record, enable)
    assert replays_to_state(record, game) and game.scores() == fame
    assert len(turns) == sum(1 for a in data["log"] if a["action"] in ("spell", "pass"))
    assert [t.turn for t in turns] == list(range(1, len(turns) + 1))
    assert [t.seat for t in turns] == [i % 2 for i in range(len(turns))]
    changed = {**data, "log": data["log"][:-2]}
    record = PAPERBACK.read(changed)
    assert not replays_to_state(record, PAPERBACK.replay(record, enable)[0])


def test_the_fame_after_each_turn_counts_every_card_owned(turns: list[Turn], played: Any) -> None:
    """The rulebook: Fame is counted "on cards in your deck (include all cards in your hand, deck, and discard
    pile)": each turn's Fame is the engine's count once its purchases are made, never falling for the seat that
    did not play, and the last is the game's final Fame."""
    assert turns[-1].scores == tuple(played[1])
    for before, after in itertools.pairwise(turns):
        other = 1 - after.seat  # only the seat in turn buys: the other's Fame stands
        assert len(after.scores) == 2 and after.scores[other] == before.scores[other]
    for t in turns:
        assert t.hand and t.state.hand and len(t.state.hand) <= len(t.hand)
        assert (t.played is None) == (t.action is None)
        if t.played is not None and t.action is not None:
            assert t.action["word"] == t.played.word


def _spell_index(data: dict[str, Any], after: int = 4) -> int:
    return next(i for i, a in enumerate(data["log"]) if a["action"] == "spell" and i > after)


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        (lambda d, i: d["log"][i].update(word="qzxj"), "log[{i}].word"),
        (lambda d, i: d["log"][i].update(word="ca\u202et"), "log[{i}].word"),
        (lambda d, i: d["log"].insert(i, {"action": "buy", "pile": "fame", "index": 0}), "log[{i}].action"),
        (lambda d, i: d["log"].insert(i, {"action": "end"}), "log[{i}].action"),
        (lambda d, i: d["log"][i]["layout"].append({"card": 40}), "log[{i}].layout[{k}]"),
        (lambda d, i: d["log"].append({"action": "pass"}), "log[{n}]"),
        (lambda d, i: d["log"].insert(i, {"action": "fly"}), "log[{i}].action"),
    ],
)
def test_a_refused_action_is_named_by_its_place_in_the_log(
    played: tuple[dict[str, Any], list[int]], enable: Lexicon, edit: Any, field: str
) -> None:
    data = copy.deepcopy(played[0])
    i = _spell_index(data)
    edit(data, i)
    with pytest.raises(RecordError) as e:
        PAPERBACK.replay(PAPERBACK.read(data), enable)
    k = len(data["log"][i].get("layout", [])) - 1
    assert e.value.field == field.format(i=i, n=len(data["log"]) - 1, k=k), str(e.value)
    assert str(e.value).startswith(f"log[{i if '{i}' in field else len(data['log']) - 1}]")


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        (lambda d: d.pop("deck"), "deck"),
        (lambda d: d["deck"]["offer"][3].update(abilities=["steal-fame"]), "deck.offer[3].abilities[0]"),
        (lambda d: d["deck"].update(name="\ud800" * 100), "deck.name"),
        (lambda d: d.update(seed=-1), "seed"),
        (lambda d: d.update(seed=True), "seed"),
        (lambda d: d.update(options={"players": 9}), "options.players"),
        (lambda d: d.update(options={"players": 2, "cubes": True}), "options.cubes"),
        (lambda d: d.update(log="pass"), "log"),
        (lambda d: d.update(seats=["random", "x\u200f" * 30]), "seats"),
        (lambda d: d.update(seats=["random", "\x00"]), "seats"),
        (
            lambda d: d["log"].__setitem__(0, {"action": "spell", "word": "ab", "layout": [{"card": "0"}]}),
            "log[0].layout[0].card",
        ),
        (lambda d: d.update(game="hardback"), ""),
    ],
)
def test_an_odd_record_names_its_field(played: tuple[dict[str, Any], list[int]], edit: Any, field: str) -> None:
    data = copy.deepcopy(played[0])
    edit(data)
    with pytest.raises(RecordError) as e:
        PAPERBACK.read(data)
    assert e.value.field == field, str(e.value)
    with pytest.raises(RecordError):
        PAPERBACK.read(data | {"log": [{"action": "pass"}] * 11} if field != "log" else data, max_actions=10)


def test_each_word_ranks_among_every_move_its_hand_could_make(turns: list[Turn], enable: Lexicon) -> None:
    """Under the value objective the hard bot (which plays the value objective's best move) ranks first every turn;
    the random bot's words rank where the search's own list of moves puts them: one more than the moves strictly
    better, tied moves sharing a rank, and the gap is the best less the word."""
    rev = review(PAPERBACK_REVIEW, enable, turns, PaperbackObjective.VALUE)
    assert rev.complete and rev.exact and rev.warning is None and len(rev.turns) == len(turns)
    hard = [t for t in rev.turns if t.turn.player == "hard"]
    assert hard and all(t.rank == 1 and t.gap == {"value": 0.0} for t in hard)
    ranked = [t for t in rev.turns if t.turn.player == "random" and t.turn.played is not None]
    assert any(t.rank is not None and t.rank > 1 for t in ranked)
    for t in ranked[:6]:
        word = t.turn.played
        assert word is not None and t.best is not None
        moves = PaperbackSearch(enable, t.turn.state, PaperbackObjective.VALUE).top(1000)
        above = sum(1 for m in moves if better(PaperbackObjective.VALUE, m, word))
        if above == 1000:
            assert (t.rank, t.below) == (None, 1000)
        else:
            assert t.rank == above + 1
        assert t.gap == {"value": round(t.best.value - word.value, 6)} and (t.rank == 1) == (t.gap["value"] == 0)
    rows = [t.to_json() for t in rev.turns]
    assert rows == [json.loads(json.dumps(r)) for r in rows]
    assert {"turn", "seat", "player", "hand", "state", "word", "score", "rank", "gap", "best", "fame"} <= set(rows[0])


def test_a_pass_has_no_rank_and_the_whole_best_move_as_its_gap(turns: list[Turn], enable: Lexicon) -> None:
    passes = [t for t in turns if t.played is None]
    assert passes
    for objective in PaperbackObjective:
        rev = review(PAPERBACK_REVIEW, enable, passes, objective)
        for t in rev.turns:
            assert t.rank is None and t.best is not None
            if objective is PaperbackObjective.VALUE:
                assert t.gap == {"value": round(t.best.value, 6)}
            else:
                assert t.gap["score"] == t.best.score and t.gap["length"] == t.best.length


def test_the_objectives_rank_by_their_own_measure(turns: list[Turn], enable: Lexicon) -> None:
    words = [t for t in turns if t.played is not None][:8]
    by_length = review(PAPERBACK_REVIEW, enable, words, PaperbackObjective.LENGTH)
    by_score = review(PAPERBACK_REVIEW, enable, words, PaperbackObjective.SCORE)
    for a, b in zip(by_length.turns, by_score.turns, strict=True):
        assert a.best is not None and b.best is not None
        assert a.best.length >= b.best.length and b.best.score >= a.best.score
        assert list(a.gap) == ["length", "score"] and list(b.gap) == ["score", "length"]


def test_a_review_the_time_limit_cuts_says_so(turns: list[Turn], enable: Lexicon) -> None:
    rev = review(PAPERBACK_REVIEW, enable, turns, PaperbackObjective.VALUE, time_limit=0.02)
    assert not rev.complete and not rev.exact and len(rev.turns) < len(turns)
    assert rev.warning is not None and "time limit" in rev.warning
    out = rev.to_json()
    assert out["complete"] is False and out["exact"] is False and len(out["fame"]) == len(turns)
