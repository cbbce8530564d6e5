"""A whole tournament: schedule the mirrored games, play them, and sum them up."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from solver.game.hardback.options import GameOptions
from solver.game.record import GameRecord
from solver.tournament.runner import LexiconLoader, PlayFn, default_workers, run_games, shipped_lexicon
from solver.tournament.seating import Schedule, schedule
from solver.tournament.stats import summarize


@dataclass
class Tournament:
    """A finished tournament: its schedule, one record a game (in schedule order) and the report (JSON-ready:
    the summary of ``stats.summarize`` with a ``tournament`` block and ``notes``)."""

    schedule: Schedule
    options: GameOptions
    records: list[GameRecord]
    report: dict[str, Any]


def run_tournament(
    bots: Sequence[str],
    games: int,
    seed: int,
    *,
    players: int | None = None,
    options: GameOptions | None = None,
    workers: int | None = None,
    cluster: str | None = None,
    play: PlayFn | None = None,
    lexicon: LexiconLoader = shipped_lexicon,
    on_result: Callable[[GameRecord], None] | None = None,
    plan: Schedule | None = None,
    dictionary: str = "enable",
) -> Tournament:
    """Play ``games`` games (rounded up to whole mirror groups) of ``bots`` cycled over the seats.
    ``options.players`` is set from the schedule; ``plan`` replaces the schedule made from the arguments;
    ``dictionary`` names the word list ``lexicon`` loads, for the report."""
    plan = schedule(bots, games, seed, players) if plan is None else plan
    base = GameOptions() if options is None else options
    opts = replace(base, players=plan.players)
    opts.check()
    start = time.perf_counter()
    records = run_games(
        plan.matches, opts, workers=workers, cluster=cluster, play=play, lexicon=lexicon, on_result=on_result
    )
    wall = time.perf_counter() - start
    report = summarize(records, plan.bots)
    where = (
        f"the Dask cluster at {cluster}"
        if cluster is not None
        else f"{min(workers or default_workers(), plan.games)} local worker(s)"
    )
    report = {
        "tournament": {
            "bots": list(plan.bots),
            "lineup": list(plan.lineup),
            "players": plan.players,
            "games": plan.games,
            "requested_games": plan.requested,
            "mirror": plan.group_size,
            "groups": plan.groups,
            "seed": plan.seed,
            "options": opts.to_json(),
            "dictionary": dictionary,
            "where": where,
            "wall_seconds": wall,
        },
        **report,
        "notes": plan.notes(),
    }
    return Tournament(schedule=plan, options=opts, records=records, report=report)
