"""The bots by name: the only module that knows every level, and the seed each seat's bot plays with."""

from __future__ import annotations

from solver.bots.base import Bot
from solver.bots.greedy import GreedyBot
from solver.bots.policy import LEVELS, PolicyBot
from solver.errors import GhostwriterError
from solver.lexicon import Lexicon

BOT_NAMES = ("greedy", *LEVELS, "expert")
SEAT_SEED = 7919  # a prime: the seeds of one game's seats, and of nearby games, never meet


class BotError(GhostwriterError):
    """An unknown bot name."""


def make_bot(name: str, lexicon: Lexicon, seed: int = 0, time_limit: float | None = None) -> Bot:
    """A bot by name: greedy, easy, medium, hard or expert (the planner: ``solver.bots.expert``)."""
    if name == "expert":
        from solver.bots.expert import ExpertBot

        return ExpertBot(lexicon, seed, time_limit)
    if name == "greedy":
        return GreedyBot(lexicon, seed, time_limit)
    if name in LEVELS:
        return PolicyBot(lexicon, seed, level=name, time_limit=time_limit)
    raise BotError(f"unknown bot {name!r}: use one of {', '.join(BOT_NAMES)}")


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in a seat of the game dealt from ``game_seed`` (the same in every face: a game played
    through the service, the terminal or a tournament goes the same way)."""
    return game_seed * SEAT_SEED + seat
