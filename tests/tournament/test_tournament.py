"""Tournaments: mirrored seating, statistics, parallel and Dask execution, outputs, and the command's contract.

The runner is tested with plain deterministic functions of the engine's signature (module-level, so that
worker processes can unpickle them); a few real short games run once the engine is there.
"""

from __future__ import annotations

import argparse
import csv
import importlib.util
import io
import json
import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from solver.cli.options import Parser
from solver.cli.tournament import add_parser, run
from solver.errors import GhostwriterError
from solver.game.hardback.events import Event
from solver.game.hardback.options import GameOptions
from solver.game.record import GameRecord
from solver.lexicon import Lexicon
from solver.tournament import (
    GameFailedError,
    Progress,
    TournamentError,
    run_tournament,
    schedule,
    summarize,
    wilson,
)
from solver.tournament import runner as runner_module
from solver.tournament.progress import wanted
from solver.tournament.seating import SEED_MODULUS, rotations
from solver.tournament.stats import shares, winners

STRENGTH = {"greedy": 0, "easy": 1, "medium": 2, "hard": 3}


# -- plain play functions of the engine's signature -------------------------------------------------------------


def _record(bots: Sequence[str], seed: int, prestige: list[int], ink: list[int], rounds: int) -> GameRecord:
    top = max(prestige)
    tied = [s for s, p in enumerate(prestige) if p == top]
    best_ink = max(ink[s] for s in tied)
    still = [s for s in tied if ink[s] == best_ink]
    winner = still[0] if len(still) == 1 else None
    return GameRecord(
        seed=seed, seats=list(bots), prestige=prestige, ink=ink, winner=winner, rounds=rounds, turns=rounds * len(bots)
    )


def skill_play(
    bots: Sequence[str], seed: int, options: GameOptions | None = None, lexicon: Lexicon | None = None
) -> GameRecord:
    """Luck from the seed (the same for a seat whoever sits there) plus the bot's strength."""
    rng = random.Random(seed)
    target = (options or GameOptions()).target
    luck = [rng.randint(0, 12) for _ in bots]
    prestige = [target + luck[s] + 4 * STRENGTH[b] for s, b in enumerate(bots)]
    ink = [rng.randint(0, 2) for _ in bots]
    return _record(bots, seed, prestige, ink, rounds=6 + rng.randint(0, 9))


def first_seat_play(
    bots: Sequence[str], seed: int, options: GameOptions | None = None, lexicon: Lexicon | None = None
) -> GameRecord:
    """Seat 0 always wins, whoever sits there."""
    return _record(bots, seed, [30] + [20] * (len(bots) - 1), [0] * len(bots), rounds=10)


def lucky_seat_play(
    bots: Sequence[str], seed: int, options: GameOptions | None = None, lexicon: Lexicon | None = None
) -> GameRecord:
    """The seed alone decides which seat wins."""
    lucky = seed % len(bots)
    return _record(bots, seed, [30 if s == lucky else 20 for s in range(len(bots))], [0] * len(bots), rounds=9)


def tie_play(
    bots: Sequence[str], seed: int, options: GameOptions | None = None, lexicon: Lexicon | None = None
) -> GameRecord:
    """Every seat ends level, ink too: a win shared by all."""
    return _record(bots, seed, [25] * len(bots), [1] * len(bots), rounds=7)


class FieldError(ValueError):
    """An error that does not rebuild from its args (pickle calls it with one), as some engine errors."""

    def __init__(self, field: str, detail: str) -> None:
        super().__init__(f"{field}: {detail}")


def failing_play(
    bots: Sequence[str], seed: int, options: GameOptions | None = None, lexicon: Lexicon | None = None
) -> GameRecord:
    raise FieldError("deck", "caught fire")


def wrong_seats_play(
    bots: Sequence[str], seed: int, options: GameOptions | None = None, lexicon: Lexicon | None = None
) -> GameRecord:
    return _record(list(reversed(bots)), seed, [1] * len(bots), [0] * len(bots), rounds=1)


def no_lexicon() -> None:
    return None


def lexicon_probe_play(
    bots: Sequence[str], seed: int, options: GameOptions | None = None, lexicon: Lexicon | None = None
) -> GameRecord:
    """Seat 0 wins when the game's word list holds ZYZZYVA and not CAT; the options' powers and events show in
    the rounds (a check that they reach the games)."""
    assert lexicon is not None and options is not None
    wins = "zyzzyva" in lexicon and "cat" not in lexicon
    rounds = 10 + (options.powers.value == "passive") + 2 * options.events + 4 * bool(options.event_deck)
    return _record(bots, seed, [30 if wins else 20, 25], [0, 0], rounds=rounds)


def _plain(records: Sequence[GameRecord]) -> list[dict[str, Any]]:
    return [{**r.to_json(), "seconds": None} for r in records]


def _stable(report: dict[str, Any]) -> dict[str, Any]:
    """A report without what depends on the clock or the machine."""
    return {k: v for k, v in report.items() if k not in ("timing", "tournament")}


# -- seating ----------------------------------------------------------------------------------------------------


def test_two_players_play_each_seed_twice_with_seats_swapped() -> None:
    plan = schedule(["greedy", "hard"], 10, seed=7)
    assert plan.games == 10 and plan.group_size == 2 and plan.groups == 5
    for g in range(plan.groups):
        a, b = plan.matches[2 * g], plan.matches[2 * g + 1]
        assert a.seed == b.seed and a.group == b.group == g
        assert a.seats == ("greedy", "hard") and b.seats == ("hard", "greedy")
    assert [m.index for m in plan.matches] == list(range(10))
    assert plan.notes() == []


def test_games_round_up_to_whole_mirror_groups_and_say_so() -> None:
    plan = schedule(["greedy", "hard"], 7, seed=1)
    assert plan.games == 8 and plan.requested == 7
    assert plan.notes() == ["7 games rounded up to 8: 4 seeds x 2 mirrored seatings"]
    assert schedule(["easy", "medium", "hard"], 4, seed=1).games == 6


def test_fewer_bots_than_seats_cycle_and_every_seat_sees_each_bot_fairly() -> None:
    plan = schedule(["greedy", "hard"], 3, seed=1, players=3)
    assert plan.lineup == ("greedy", "hard", "greedy")
    assert plan.rotations == (("greedy", "hard", "greedy"), ("hard", "greedy", "greedy"), ("greedy", "greedy", "hard"))
    for seat in range(3):
        assert Counter(rot[seat] for rot in plan.rotations) == {"greedy": 2, "hard": 1}
    # a line-up that repeats itself has fewer distinct rotations, each seat still even
    assert rotations(("a", "b", "a", "b")) == (("a", "b", "a", "b"), ("b", "a", "b", "a"))
    assert schedule(["greedy"], 5, seed=1).rotations == (("greedy", "greedy"),)


def test_game_seeds_are_derived_from_the_tournament_seed() -> None:
    one = schedule(["greedy", "hard"], 400, seed=1)
    assert one == schedule(["greedy", "hard"], 400, seed=1)
    seeds = [m.seed for m in one.matches[::2]]
    assert len(set(seeds)) == len(seeds) and all(0 <= s < SEED_MODULUS for s in seeds)
    other = {m.seed for m in schedule(["greedy", "hard"], 400, seed=2).matches}
    assert not other & set(seeds)
    # a longer tournament starts with the same games
    assert schedule(["greedy", "hard"], 800, seed=1).matches[:400] == one.matches


@pytest.mark.parametrize(
    ("bots", "games", "players", "message"),
    [
        (["greedy", "hard"], 0, None, "games must be from 1"),
        (["greedy", "easy", "hard"], 10, 2, "3 bots for 2 seats: give --players 3"),
        (["greedy"] * 6, 10, None, "at most 5"),
        (["greedy", "hard"], 10, 6, "players must be from 2 to 5"),
        ([], 10, None, "at least one bot"),
    ],
)
def test_bad_schedules_say_what_to_change(bots: list[str], games: int, players: int | None, message: str) -> None:
    with pytest.raises(TournamentError, match=message):
        schedule(bots, games, 1, players)


# -- statistics -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wins", "n", "lo", "hi"),
    [  # published Wilson 95% intervals (Newcombe 1998, table I; Brown, Cai and DasGupta 2001)
        (0, 10, 0.0, 0.2775),
        (5, 10, 0.2366, 0.7634),
        (10, 10, 0.7225, 1.0),
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
    ],
)
def test_wilson_interval_matches_published_values(wins: int, n: int, lo: float, hi: float) -> None:
    got = wilson(wins, n)
    assert got == pytest.approx((lo, hi), abs=6e-5)


def test_wilson_interval_edges() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(500.5, 1000)  # shared wins make half wins
    assert lo < 0.5005 < hi and hi - lo == pytest.approx(2 * 1.96 * 0.5 / 1000**0.5, rel=5e-3)


def test_mirroring_cancels_the_seat_advantage() -> None:
    t = run_tournament(["greedy", "hard"], 40, 3, play=first_seat_play, lexicon=no_lexicon, workers=1)
    assert t.report["bots"]["greedy"]["win_rate"] == t.report["bots"]["hard"]["win_rate"] == 0.5
    assert t.report["seats"][0]["win_rate"] == 1.0 and t.report["seats"][1]["win_rate"] == 0.0


def test_mirroring_cancels_the_luck_of_the_seed() -> None:
    t = run_tournament(["easy", "medium", "hard"], 30, 5, play=lucky_seat_play, lexicon=no_lexicon, workers=1)
    assert t.schedule.group_size == 3
    assert {b: s["win_rate"] for b, s in t.report["bots"].items()} == pytest.approx(
        dict.fromkeys(STRENGTH.keys() - {"greedy"}, 1 / 3)
    )


def test_the_stronger_bot_wins_more() -> None:
    t = run_tournament(["greedy", "hard"], 200, 1, play=skill_play, lexicon=no_lexicon, workers=1)
    bots = t.report["bots"]
    assert t.report["ranking"] == ["hard", "greedy"]
    assert bots["hard"]["ci95"][0] > 0.5 > bots["greedy"]["ci95"][1]
    assert bots["hard"]["wins"] + bots["greedy"]["wins"] == 200
    assert bots["hard"]["margin"] == pytest.approx(-bots["greedy"]["margin"]) and bots["hard"]["margin"] > 0
    assert bots["hard"]["prestige"] - bots["greedy"]["prestige"] == pytest.approx(12)  # 4 a level, luck mirrored
    assert t.report["head_to_head"]["hard"]["greedy"]["win_rate"] == bots["hard"]["win_rate"]


def test_a_shared_win_counts_half() -> None:
    t = run_tournament(["greedy", "hard"], 6, 1, play=tie_play, lexicon=no_lexicon, workers=1)
    for bot in ("greedy", "hard"):
        assert t.report["bots"][bot]["wins"] == 3.0 and t.report["bots"][bot]["win_rate"] == 0.5
    assert t.report["shared_wins"] == 6
    three = run_tournament(["easy", "medium", "hard"], 3, 1, play=tie_play, lexicon=no_lexicon, workers=1)
    assert three.report["bots"]["hard"]["wins"] == pytest.approx(1.0)  # a third of each of 3 games
    assert three.report["head_to_head"]["hard"]["easy"]["win_rate"] == 0.5


def test_a_tie_on_prestige_goes_to_the_most_ink_before_it_is_shared() -> None:
    record = GameRecord(
        seed=1, seats=["a", "b", "c"], prestige=[30, 30, 30], ink=[2, 2, 1], winner=None, rounds=5, turns=15
    )
    assert winners(record) == [0, 1] and shares(record) == [0.5, 0.5, 0.0]
    summary = summarize([record])
    assert summary["head_to_head"]["a"]["c"]["win_rate"] == 1.0
    assert summary["head_to_head"]["a"]["b"]["win_rate"] == 0.5


def test_a_bot_in_two_seats_counts_each_seat() -> None:
    t = run_tournament(["greedy", "hard"], 3, 1, play=first_seat_play, lexicon=no_lexicon, players=3, workers=1)
    assert t.report["bots"]["greedy"]["games"] == 6 and t.report["bots"]["hard"]["games"] == 3
    assert t.report["bots"]["greedy"]["wins"] == 2 and t.report["bots"]["hard"]["wins"] == 1


# -- execution --------------------------------------------------------------------------------------------------


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    one = run_tournament(["greedy", "medium"], 24, 9, play=skill_play, lexicon=no_lexicon, workers=1)
    three = run_tournament(["greedy", "medium"], 24, 9, play=skill_play, lexicon=no_lexicon, workers=3)
    assert _plain(one.records) == _plain(three.records)
    assert _stable(one.report) == _stable(three.report)
    assert [r.seed for r in three.records] == [m.seed for m in three.schedule.matches]
    assert all(r.seconds > 0 for r in three.records)  # timed by the runner when the engine does not


def test_results_stream_in_as_they_finish() -> None:
    seen: list[int] = []
    t = run_tournament(
        ["greedy", "hard"],
        10,
        2,
        play=skill_play,
        lexicon=no_lexicon,
        workers=2,
        on_result=lambda r: seen.append(r.seed),
    )
    assert sorted(seen) == sorted(r.seed for r in t.records)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_failing_game_names_its_seed_and_seats(workers: int) -> None:
    failed = r"game [12] \(seed \d+, seats (greedy,hard|hard,greedy)\) failed: FieldError: deck: caught fire"
    with pytest.raises(GameFailedError, match=failed):
        run_tournament(["greedy", "hard"], 2, 1, play=failing_play, lexicon=no_lexicon, workers=workers)
    with pytest.raises(GameFailedError, match="expected one score for each of the seats"):
        run_tournament(["greedy", "hard"], 2, 1, play=wrong_seats_play, lexicon=no_lexicon, workers=1)


def test_a_dask_cluster_plays_the_same_games() -> None:
    distributed = pytest.importorskip("distributed")
    local = run_tournament(["easy", "hard"], 16, 4, play=skill_play, lexicon=no_lexicon, workers=1)
    with distributed.LocalCluster(
        processes=False, n_workers=2, threads_per_worker=1, protocol="tcp://", dashboard_address=None
    ) as cluster:
        seen: list[int] = []
        remote = run_tournament(
            ["easy", "hard"],
            16,
            4,
            play=skill_play,
            lexicon=no_lexicon,
            cluster=cluster.scheduler_address,
            on_result=lambda r: seen.append(r.seed),
        )
        with pytest.raises(GameFailedError, match="failed: FieldError: deck: caught fire"):
            run_tournament(
                ["easy", "hard"], 2, 1, play=failing_play, lexicon=no_lexicon, cluster=cluster.scheduler_address
            )
    assert _plain(remote.records) == _plain(local.records)
    assert _stable(remote.report) == _stable(local.report)
    assert len(seen) == 16 and "Dask cluster" in remote.report["tournament"]["where"]
    # Dask teaches pickle to carry an exception's cause and context: a failed game still comes back whole
    with pytest.raises(GameFailedError, match="failed: FieldError: deck: caught fire"):
        run_tournament(["easy", "hard"], 4, 1, play=failing_play, lexicon=no_lexicon, workers=2)


def test_an_unreachable_cluster_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(TournamentError, match="cannot reach the Dask scheduler at 'nonsense'"):
        run_tournament(["greedy", "hard"], 2, 1, play=skill_play, lexicon=no_lexicon, cluster="nonsense")
    monkeypatch.setattr(runner_module, "CONNECT_TIMEOUT", 0.3)
    with pytest.raises(TournamentError, match="drop --cluster to play locally"):
        run_tournament(["greedy", "hard"], 2, 1, play=skill_play, lexicon=no_lexicon, cluster="tcp://127.0.0.1:1")
    with pytest.raises(TournamentError, match="not both"):
        run_tournament(["greedy", "hard"], 2, 1, play=skill_play, lexicon=no_lexicon, cluster="x", workers=2)


# -- progress ---------------------------------------------------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_progress_bar_shows_rate_and_eta_and_redraws_at_most_ten_times_a_second() -> None:
    stream, clock = io.StringIO(), Clock()
    bar = Progress(100, stream, clock=clock)
    for _ in range(50):
        clock.now += 0.01
        bar.advance()
    assert stream.getvalue().count("\r") == 5  # 0.5 s, one frame a 0.1 s
    assert bar.line() == "games [############............] 50/100  50%  100.0/s  ETA 0:01"
    clock.now += 0.5
    bar.update(100)  # the last frame is always drawn
    bar.close()
    assert stream.getvalue().endswith("100/100 100%  100.0/s  in 0:01\n")
    quiet = io.StringIO()
    with Progress(3, quiet, enabled=False) as off:
        off.advance()
    assert quiet.getvalue() == ""


def test_progress_is_drawn_on_a_terminal_unless_quiet() -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert wanted(Tty()) and not wanted(io.StringIO())
    assert wanted(io.StringIO(), forced=True) and not wanted(Tty(), quiet=True)


# -- the command ------------------------------------------------------------------------------------------------


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = Parser(prog="ghostwriter")
    add_parser(parser.add_subparsers(dest="command", parser_class=Parser))
    return parser.parse_args(["tournament", *argv])


def cli(*argv: str, play: Any = skill_play) -> tuple[int, str]:
    out = io.StringIO()
    code = run(_parse(list(argv)), out, play=play, lexicon=no_lexicon)
    return code, out.getvalue()


def test_json_contract_is_one_object_with_each_bots_win_rate(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = cli("--bots", "greedy,hard", "--games", "21", "--seed", "3", "--json", "--workers", "1")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 1
    report = json.loads(lines[0])
    assert set(report["bots"]) == {"greedy", "hard"}
    for stats in report["bots"].values():
        assert {"win_rate", "wins", "games", "ci95"} <= set(stats) and stats["games"] == 22
        assert 0 <= stats["ci95"][0] <= stats["win_rate"] <= stats["ci95"][1] <= 1
    assert report["tournament"]["requested_games"] == 21 and report["notes"]
    assert "rounded up to 22" in capsys.readouterr().err


def test_table_output_is_readable() -> None:
    code, out = cli("--bots", "greedy,hard", "--games", "20", "--workers", "1")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("tournament: greedy vs hard, 2 players, 20 games (10 seeds x 2 seatings)")
    assert lines[3].split()[0] == "hard" and "head to head" in out and "shared win counts half" in out


def test_csv_json_and_svg_files(tmp_path: Path) -> None:
    paths = {"csv": tmp_path / "games.csv", "json": tmp_path / "summary.json", "svg": tmp_path / "plot.svg"}
    code, out = cli(
        "--bots", "easy,hard", "--games", "12", "--seed", "2", "--players", "3", "--workers", "2",
        "--csv", str(paths["csv"]), "--out-json", str(paths["json"]), "--plot", str(paths["svg"]),
    )  # fmt: skip
    assert code == 0 and f"wrote plot: {paths['svg']}" in out
    rows = list(csv.DictReader(paths["csv"].open(encoding="utf-8")))
    assert len(rows) == 12
    assert list(rows[0]) == [
        "game", "group", "seed", "seat_0", "seat_1", "seat_2", "prestige_0", "prestige_1", "prestige_2",
        "ink_0", "ink_1", "ink_2", "winner", "winner_bot", "rounds", "turns", "seconds",
    ]  # fmt: skip
    plan = schedule(["easy", "hard"], 12, 2, 3)
    for row, m in zip(rows, plan.matches, strict=True):
        record = skill_play(m.seats, m.seed)
        assert int(row["seed"]) == m.seed and [row[f"seat_{s}"] for s in range(3)] == list(m.seats)
        assert [int(row[f"prestige_{s}"]) for s in range(3)] == record.prestige
        won = winners(record)
        assert row["winner_bot"] == "+".join(m.seats[s] for s in won)
        assert row["winner"] == ("" if record.winner is None else str(record.winner))
    summary = json.loads(paths["json"].read_text(encoding="utf-8"))
    assert summary["bots"]["easy"]["games"] == 24 and summary["tournament"]["lineup"] == ["easy", "hard", "easy"]
    svg = ET.parse(paths["svg"]).getroot()
    assert svg.tag == "{http://www.w3.org/2000/svg}svg"
    texts = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    assert "easy" in texts and "hard" in texts and "game length" in texts
    svg_ns = "{http://www.w3.org/2000/svg}"
    bars = [r for r in svg.iter(f"{svg_ns}rect") if r.find(f"{svg_ns}title") is not None]
    hist = summary["rounds"]["histogram"]
    assert len(bars) == 2 + (summary["rounds"]["max"] - summary["rounds"]["min"] + 1) and len(hist) >= 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "greedy,ace"], "unknown bot 'ace' in --bots: the bots are greedy, easy, medium, hard, expert"),
        (["--bots", "greedy,,hard"], "without blanks"),
        (["--bots", "greedy,hard", "--games", "0"], "--games must be from 1"),
        (["--bots", "greedy,hard", "--players", "6"], "--players must be from 2 to 5"),
        (["--bots", "greedy,easy,hard", "--players", "2"], "3 bots for 2 seats: give --players 3"),
        (["--bots", "greedy,hard", "--target", "5"], "--target must be from 10 to 500"),
        (["--bots", "greedy,hard", "--workers", "0"], "--workers must be from 1"),
        (["--bots", "greedy,hard", "--workers", "2", "--cluster", "tcp://x:1"], "not both"),
        (["--bots", "greedy,hard", "--csv", "/no/such/folder/g.csv"], "the folder '/no/such/folder' does not exist"),
        (["--bots", "greedy,hard", "--event-deck", "/no/such/deck.json"], "--event-deck /no/such/deck.json: no such"),
    ],
)
def test_bad_input_is_one_line_naming_the_fix(argv: list[str], message: str) -> None:
    with pytest.raises(GhostwriterError) as info:
        cli(*argv)
    assert message in str(info.value) and "\n" not in str(info.value)


def test_house_words_powers_and_events_reach_every_game(tmp_path: Path) -> None:
    deck = tmp_path / "deck.json"
    deck.write_text(json.dumps([{"name": "Haiku", "max_length": 3}]), encoding="utf-8")
    argv = ["--bots", "greedy,hard", "--games", "4", "--workers", "2", "--json", "--quiet"]
    argv += ["--ban-words", "cat", "--extra-words", "zyzzyva", "--powers", "passive", "--event-deck", str(deck)]
    out = io.StringIO()
    assert run(_parse(argv), out, play=lexicon_probe_play) == 0
    report = json.loads(out.getvalue())
    # seat 0 won every game: the house list reached the workers; 17 rounds: passive powers, events, the deck
    assert report["seats"][0]["win_rate"] == 1.0 and report["rounds"]["mean"] == 17
    assert report["tournament"]["dictionary"].startswith("enable+house-")
    assert report["tournament"]["options"]["event_deck"] == [{**Event("Haiku").to_json(), "max_length": 3}]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--dictionary", "ru"], "--dictionary ru: the game engine plays the English cards"),
        (["--dictionary", "klingon"], "unknown dictionary 'klingon'"),
        (["--dictionary", "en-gb", "--words", "x.txt"], "either --words FILE or --dictionary NAME"),
    ],
)
def test_a_dictionary_the_engine_cannot_play_is_refused(argv: list[str], message: str) -> None:
    with pytest.raises(GhostwriterError, match=message):
        run(_parse(["--bots", "greedy,hard", *argv]), io.StringIO(), play=skill_play)


def test_bad_input_exits_2_through_the_main_command(capsys: pytest.CaptureFixture[str]) -> None:
    from solver.cli.main import main

    code = main(["tournament", "--bots", "greedy,master", "--games", "2"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "unknown bot 'master'" in err


# -- real games -------------------------------------------------------------------------------------------------

needs_engine = pytest.mark.skipif(
    importlib.util.find_spec("solver.tournament.play") is None, reason="the game engine is not there yet"
)


@needs_engine
def test_real_short_games_through_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    from solver.bots import BOT_NAMES
    from solver.cli.main import main

    bots = ",".join(["greedy", "hard"] if "hard" in BOT_NAMES else [BOT_NAMES[0]])
    argv = ["tournament", "--bots", bots, "--games", "4", "--seed", "5", "--target", "20", "--json", "--quiet"]
    code = main([*argv, "--workers", "2"])
    out, err = capsys.readouterr()
    assert code == 0, err
    report = json.loads(out)
    assert report["games"] == 4 and sum(s["wins"] for s in report["bots"].values()) == pytest.approx(4.0)
    for stats in report["bots"].values():
        assert {"win_rate", "wins", "games", "ci95"} <= set(stats)
    assert report["rounds"]["min"] >= 1
    # the same games again, in this process: the same results
    again = run_tournament(bots.split(","), 4, 5, options=GameOptions(target=20), workers=1)
    assert _stable(again.report) == _stable(report)


# -- the cooperative anthology ----------------------------------------------------------------------------------


def coop_play(
    bots: Sequence[str], seed: int, options: GameOptions | None = None, lexicon: Lexicon | None = None
) -> GameRecord:
    """A co-op table (its options say so) that wins when easy plays first and loses otherwise, whatever the
    prestige (seat 1 always has more)."""
    assert options is not None and options.coop and options.penny_genre == "romance"
    result = "won" if bots[0] == "easy" else "lost"
    record = _record(bots, seed, [5 * (s + 1) for s in range(len(bots))], [0] * len(bots), rounds=8)
    record.winner = None
    record.extra = {"penny": 30, "team": sum(record.prestige), "result": result, "won": result == "won"}
    return record


def test_a_coop_tournament_counts_the_tables_wins_and_losses() -> None:
    """The variants rulebook: "In this cooperative variant, 1-4 players work to win or lose together against your
    archrival, Penny Dreadful." A bot's win is its table's; no seat wins alone, and no win is shared out."""
    options = GameOptions(coop=True, penny_genre="romance")
    won, lost = coop_play(["easy", "hard"], 2, options), coop_play(["hard", "easy"], 2, options)
    assert winners(won) == [0, 1] and shares(won) == [1.0, 1.0]
    assert winners(lost) == [] and shares(lost) == [0.0, 0.0]
    code, text = cli("--bots", "easy,hard", "--games", "8", "--coop", "--penny", "romance", "--json", play=coop_play)
    assert code == 0
    report = json.loads(text)
    table = report["coop"]
    assert (table["games"], table["wins"], table["losses"]) == (8, 4, 4)  # seats mirrored: easy first in half
    assert report["shared_wins"] == 0
    assert report["bots"]["easy"]["wins"] == report["bots"]["hard"]["wins"] == table["wins"]
    assert report["tournament"]["options"]["coop"] is True
    code, text = cli("--bots", "easy,hard", "--games", "2", "--penny", "romance", play=coop_play)
    assert code == 0 and "co-op against Penny Dreadful (romance)" in text
    assert re.search(r"the table against Penny Dreadful: won \d+, lost \d+ of 2 games", text)
