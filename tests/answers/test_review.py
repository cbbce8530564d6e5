"""The review of a game (``solver.answers.review`` over ``solver.game.hardback.replay``): exact on the greedy bot's own
turns,
ranks that count the words that beat the word played, passes, the word rated as the engine played it, and a review
bounded by its time limit."""

from __future__ import annotations

import json
from typing import Any

import pytest

from solver.answers.review import Review, review
from solver.answers.review_hardback import HARDBACK as HARDBACK_REVIEW
from solver.bots.greedy import PRESTIGE_FIRST
from solver.game.hardback.actions import Spell
from solver.game.hardback.engine import Game
from solver.game.hardback.options import GameOptions, Powers
from solver.game.hardback.replay import HARDBACK
from solver.game.hardback.state import Phase
from solver.game.records import RecordError, replays_to_state
from solver.hardback.moves import value_of
from solver.hardback.objectives import Objective, Weights
from solver.hardback.resolve import EPS
from solver.lexicon import Lexicon
from solver.search.hardback import Search

from helpers import bot_game_record


def reviewed(lex: Lexicon, record: dict[str, Any], objective: Objective) -> Review[Any, Any, Any]:
    rec = HARDBACK.read(json.loads(json.dumps(record)))  # as a file holds it
    game, turns = HARDBACK.replay(rec, lex)
    assert replays_to_state(rec, game)
    return review(HARDBACK_REVIEW, lex, turns, objective)


def test_greedy_plays_the_most_prestige_so_its_gap_is_zero_under_prestige(enable: Lexicon) -> None:
    """The greedy bot plays the word of most prestige, then coins (``PRESTIGE_FIRST``: the prestige objective's
    order), so a review by prestige finds every one of its words the best, with rank 1 and gap 0."""
    # prestige first, coins only to break ties (a turn earns fewer than 100 coins): the prestige objective's order
    assert PRESTIGE_FIRST.prestige == 1.0 and 0 < PRESTIGE_FIRST.coins * 99 < PRESTIGE_FIRST.prestige
    assert all(getattr(PRESTIGE_FIRST, k) == 0 for k in vars(Weights()) if k not in ("prestige", "coins"))
    spelled = 0
    for seed in (1, 2, 3):
        rev = reviewed(enable, bot_game_record(enable, ["greedy", "greedy"], seed), Objective.PRESTIGE)
        assert rev.complete and rev.exact
        for t in rev.turns:
            assert t.turn.player == "greedy"
            if t.played is None:
                continue
            spelled += 1
            assert t.gap == {"prestige": 0, "coins": 0}, (seed, t.turn.turn, t.played.word)
            assert t.rank == 1
            assert t.best is not None and (t.best.prestige, t.best.coins) == (t.played.prestige, t.played.coins)
    assert spelled > 60


def test_the_same_games_are_not_best_by_coins(enable: Lexicon) -> None:
    """The control of the test above: greedy's words are not the best by another objective, and the review says
    so (a review that found every word best would pass the test above)."""
    rev = reviewed(enable, bot_game_record(enable, ["greedy", "greedy"], 1), Objective.COINS)
    behind = [t for t in rev.turns if t.gap != {"prestige": 0, "coins": 0}]
    assert behind and all(t.rank is not None and t.rank > 1 for t in behind)
    assert all(t.gap["coins"] >= 0 for t in rev.turns)


def test_a_rank_counts_every_word_whose_best_beats_the_word_played(enable: Lexicon) -> None:
    """Rank, checked word by word: every word the hand can spell, solved at its best, against the played word's
    worth (from its totals, under the ranking weights)."""
    rev = reviewed(enable, bot_game_record(enable, ["medium", "easy"], 4), Objective.VALUE)
    checked = 0
    for t in rev.turns[:12]:
        if t.played is None:
            continue
        search = Search(enable, t.turn.state, Objective.VALUE)
        score = value_of(t.played.totals, search.weights)
        better = 0
        for word in search.words():
            p = search.solve(word)
            assert p is not None
            better += p.value > score + 2 * EPS
        assert t.rank == better + 1, (t.turn.turn, t.played.word)
        checked += 1
        if t.rank > 1:
            assert t.best is not None and t.gap["value"] > 0
            assert t.gap["value"] == pytest.approx(t.best.value - t.played.value, abs=1e-6)
    assert checked >= 10


def test_a_pass_has_no_word_and_its_gap_is_the_best_move(enable: Lexicon) -> None:
    record = bot_game_record(enable, ["greedy", "greedy"], 5, passes=2)
    for objective in (Objective.VALUE, Objective.PRESTIGE):
        rev = reviewed(enable, record, objective)
        passes = [t for t in rev.turns if t.played is None]
        assert [t.turn.turn for t in passes] == [1, 3]
        for t in passes:
            assert t.rank is None and t.turn.seat == 0
            best = Search(enable, t.turn.state, objective).top(1)[0]  # a search of its own
            assert t.best is not None and t.best.word == best.word
            row = t.to_json()
            assert row["word"] is None and row["rank"] is None and row["played"] is None
            if objective is Objective.VALUE:
                assert row["gap"] == {"value": pytest.approx(best.value, abs=1e-6)} and best.value > 0
            else:
                assert row["gap"] == {"prestige": best.prestige, "coins": best.coins}


def test_the_hand_is_the_hand_held_at_the_word(enable: Lexicon) -> None:
    """The turn state reviewed is the engine's at the moment of the spell: after the ink drawn that turn, with the
    inked cards and the classics in play (a hard bot draws with ink)."""
    opts = GameOptions(players=2, target=40, literary_awards=True, powers=Powers.AGGRESSIVE, events=True)
    rec = HARDBACK.read(bot_game_record(enable, ["hard", "medium"], 5, opts))
    _, turns = HARDBACK.replay(rec, enable)
    shadow = Game.new(rec.options, rec.seed, enable, rec.powers)
    states = []
    for action in rec.actions:
        if isinstance(action, Spell) and shadow.state.phase == Phase.PREPARE:
            states.append(shadow.turn_state())
        shadow.apply(action)
    assert [t.state for t in turns if t.played is not None] == states
    assert any(s.inked for s in states) and any(s.mine for s in states)
    row = review(HARDBACK_REVIEW, enable, turns[:3], Objective.VALUE).turns[0].to_json()
    assert row["hand"] == [c.code for c in turns[0].state.hand] and row["state"] == turns[0].state.to_json()


def test_the_word_is_rated_as_the_engine_played_it(enable: Lexicon) -> None:
    """The played move is the engine's own outcome of the spell: its prestige and coins are what the seat gained,
    choices (the classics in play's too) as the spell made them, under every objective."""
    opts = GameOptions(players=2, target=40, literary_awards=True, powers=Powers.AGGRESSIVE, events=True)
    rec = HARDBACK.read(bot_game_record(enable, ["hard", "medium"], 5, opts))
    shadow = Game.new(rec.options, rec.seed, enable, rec.powers)
    gained = []
    for action in rec.actions:
        spelled = isinstance(action, Spell) and shadow.state.phase == Phase.PREPARE
        shadow.apply(action)
        if spelled:
            assert shadow.last is not None
            gained.append(shadow.last.totals)
    _, turns = HARDBACK.replay(rec, enable)
    for objective in Objective:
        rev = review(HARDBACK_REVIEW, enable, turns, objective)
        assert [t.played.totals for t in rev.turns if t.played is not None] == gained


def test_a_review_is_bounded_by_its_time_limit(enable: Lexicon) -> None:
    _, turns = HARDBACK.replay(HARDBACK.read(bot_game_record(enable, ["greedy", "greedy"], 1)), enable)
    rev = review(HARDBACK_REVIEW, enable, turns, Objective.VALUE, time_limit=1e-9)
    assert not rev.complete and not rev.exact and rev.total == len(turns)
    assert rev.warning is not None and "time limit" in rev.warning
    assert rev.to_json()["complete"] is False


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda r: r.pop("seed"), "seed"),
        (lambda r: r.update(seed=-1), "seed"),
        (lambda r: r.update(options={"players": 9}), "options"),
        (lambda r: r.update(log="pass"), "log"),
        (lambda r: r["log"].insert(3, {"action": "fly"}), "log[3]"),
        (lambda r: r.update(seats=["greedy"]), "seats"),
        (lambda r: r.update(seats=["greedy", "\u202egreedy"]), "seats"),
    ],
)
def test_a_record_that_cannot_be_read_names_the_field(
    enable: Lexicon, change: Any, field: str, greedy_record: dict[str, Any]
) -> None:
    record = json.loads(json.dumps(greedy_record))
    change(record)
    with pytest.raises(RecordError) as e:
        HARDBACK.read(record)
    assert e.value.field == field


def test_an_action_the_engine_refuses_is_named(enable: Lexicon, greedy_record: dict[str, Any]) -> None:
    record = json.loads(json.dumps(greedy_record))
    i = next(i for i, a in enumerate(record["log"]) if a["action"] == "spell" and i > 5)
    record["log"][i]["word"] = "zzz"
    with pytest.raises(RecordError) as e:
        HARDBACK.replay(HARDBACK.read(record), enable)
    assert e.value.field == f"log[{i}]" and "refuses this spell" in str(e.value)


def test_a_log_changed_by_hand_is_told(enable: Lexicon, greedy_record: dict[str, Any]) -> None:
    record = json.loads(json.dumps(greedy_record))
    rec = HARDBACK.read(record)
    game, _ = HARDBACK.replay(rec, enable)
    assert replays_to_state(rec, game)
    record["log"] = record["log"][:-4]
    shorter = HARDBACK.read(record)
    assert not replays_to_state(shorter, HARDBACK.replay(shorter, enable)[0])


@pytest.fixture(scope="module")
def greedy_record(enable: Lexicon) -> dict[str, Any]:
    return bot_game_record(enable, ["greedy", "greedy"], 1)


def test_each_turn_carries_every_seats_prestige_once_it_was_over(enable: Lexicon) -> None:
    """The prestige over the game, for a chart: each turn's ``scores`` are the engine's own count once the turn was
    over (replayed step by step here, independently of the replay's bookkeeping), the last turn's the final scores,
    and the review's ``prestige`` holds every turn, also those a time limit left unreviewed."""
    record = bot_game_record(enable, ["greedy", "greedy"], 4)
    rec = HARDBACK.read(json.loads(json.dumps(record)))
    game, turns = HARDBACK.replay(rec, enable)
    # the scores at each turn's end, by hand: play the log and read the scores when the next turn's word comes
    again = Game.new(rec.options, rec.seed, enable)
    ends: list[list[int]] = []
    for action in rec.actions:
        starts = type(action).__name__ in ("Spell", "Pass") and again.state.phase == Phase.PREPARE
        if starts and again.state.turns > 0:
            ends.append(again.final_scores())
        again.apply(action)
    ends.append(again.final_scores())
    assert [list(t.scores) for t in turns] == ends
    assert list(turns[-1].scores) == game.final_scores() and max(game.final_scores()) >= rec.options.target
    assert all(len(t.scores) == 2 for t in turns)
    whole = review(HARDBACK_REVIEW, enable, turns, Objective.PRESTIGE).to_json()
    assert [p["scores"] for p in whole["prestige"]] == ends
    assert [t["scores"] for t in whole["turns"]] == ends
    cut = review(HARDBACK_REVIEW, enable, turns, Objective.PRESTIGE, time_limit=1e-6).to_json()
    assert not cut["complete"] and len(cut["prestige"]) == len(turns) > cut["reviewed"]
