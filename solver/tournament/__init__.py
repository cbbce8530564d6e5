"""Tournaments of bots: seeded games with mirrored seats, played in parallel, summed up with intervals.

    from solver.tournament import run_tournament
    t = run_tournament(["greedy", "hard"], games=200, seed=1)
    t.report["bots"]["hard"]["win_rate"], t.report["bots"]["hard"]["ci95"]

``seating`` makes the schedule, ``runner`` plays it (in this process, a local process pool or a Dask
cluster), ``stats`` sums it up, ``report`` and ``plot`` write it out (CSV, table, SVG).
"""

from solver.tournament.errors import GameFailedError, TournamentError
from solver.tournament.plot import render_svg
from solver.tournament.progress import Progress
from solver.tournament.report import format_table, write_csv
from solver.tournament.runner import PlayFn, default_workers, play_game, run_games, shipped_lexicon
from solver.tournament.seating import Match, Schedule, schedule
from solver.tournament.stats import summarize, wilson
from solver.tournament.tournament import Tournament, run_tournament

__all__ = [
    "GameFailedError",
    "Match",
    "PlayFn",
    "Progress",
    "Schedule",
    "Tournament",
    "TournamentError",
    "default_workers",
    "format_table",
    "play_game",
    "render_svg",
    "run_games",
    "run_tournament",
    "schedule",
    "shipped_lexicon",
    "summarize",
    "wilson",
    "write_csv",
]
