"""The errors of a tournament: bad input (exit 2 on the command line) and a game that failed to play."""

from __future__ import annotations

from solver.errors import GhostwriterError


class TournamentError(GhostwriterError):
    """A tournament that cannot be run as asked: unknown bots, bad counts, an unreachable cluster."""


class GameFailedError(RuntimeError):
    """A game raised while it was played: the message names its seed and seats so it can be replayed alone."""
