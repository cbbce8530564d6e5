"""Bot opponents: a greedy baseline and three levels of a stronger policy (easy, medium, hard)."""

from solver.bots.base import Bot
from solver.bots.registry import BOT_NAMES, BotError, bot_seed, make_bot

__all__ = ["BOT_NAMES", "Bot", "BotError", "bot_seed", "make_bot"]
