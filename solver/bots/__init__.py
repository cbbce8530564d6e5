"""Bot opponents: a greedy baseline and three levels of a stronger policy (easy, medium, hard)."""

from solver.bots.base import BOT_NAMES, Bot, make_bot

__all__ = ["BOT_NAMES", "Bot", "make_bot"]
