"""Paperback's expansion flags, shared by ``play --game paperback`` and ``tournament --game paperback``: each turns
on one expansion of the deck file (``solver.game.paperback.expansions``). Hardback's ``--powers`` and ``--awards``
are its own table options, so Paperback's have names of their own."""

from __future__ import annotations

import argparse

FLAGS = (
    ("--attacks", "attacks", "attacks"),
    ("--player-powers", "player_powers", "powers"),
    ("--award-card", "award_card", "award"),
    ("--theme-card", "theme_card", "theme"),
)


def add_expansion_flags(p: argparse.ArgumentParser) -> None:
    """The four flags (default off, as the rulebook suggests for a first game)."""
    p.add_argument(
        "--attacks",
        action="store_true",
        default=None,
        help="paperback: the deck's Attack cards added to the Offer piles; an Attack card used in a word stays in "
        "play until its owner's next turn and limits the other players meanwhile",
    )
    p.add_argument(
        "--player-powers",
        action="store_true",
        default=None,
        help="paperback: one of the deck's Player Powers dealt at random to each player",
    )
    p.add_argument(
        "--award-card",
        action="store_true",
        default=None,
        help="paperback: one of the deck's Award cards revealed, its Fame given at the end (ties: each tied player)",
    )
    p.add_argument(
        "--theme-card",
        action="store_true",
        default=None,
        help="paperback: one of the deck's Theme cards revealed; a word on its list takes it, and its holder at the "
        "end adds its Fame (the list stands for the table's vote)",
    )


def given(args: argparse.Namespace) -> list[str]:
    """The expansion flags given on the command line."""
    return [flag for flag, attr, _ in FLAGS if getattr(args, attr, None)]


def options(args: argparse.Namespace) -> dict[str, bool]:
    """The flags as ``PaperbackOptions`` keywords."""
    return {option: bool(getattr(args, attr, None)) for _, attr, option in FLAGS}


def flag_of(option: str) -> str:
    """The flag of a ``PaperbackOptions`` field (the option's name when it has no flag)."""
    return next((flag for flag, _, o in FLAGS if o == option), option)
