"""The flags of Paperback's optional rules, cooperative mode and expansions, shared by ``play --game paperback``
and ``tournament --game paperback`` (``--coop`` is the table flag both games share: Hardback's anthology, Paperback's
pyramid). Every flag defaults to None, so that ``play --load`` can tell which were given. Each expansion flag turns on
one expansion of the deck file (``solver.game.paperback.expansions``); Hardback's ``--powers`` and ``--awards`` are
its own table options, so Paperback's have names of their own. The flags become ``PaperbackOptions`` fields, which
``PaperbackOptions.from_json`` checks (the one place the options are validated)."""

from __future__ import annotations

import argparse
from typing import Any

from solver.errors import GhostwriterError

PAPERBACK_FLAGS = (
    ("--cube-advice", "cube_advice"),
    ("--cube-discard", "cube_discard"),
    ("--cube-discount", "cube_discount"),
    ("--recycle-twos", "recycle_twos"),
    ("--coop-loss-cubes", "coop_loss_cubes"),
    ("--simultaneous", "simultaneous"),
    ("--double-words-additive", "double_words_additive"),
    ("--turn-timer", "turn_timer"),
)
SWITCHES = [*PAPERBACK_FLAGS[:4], *PAPERBACK_FLAGS[5:7]]  # the flags that turn a rule on


class PaperbackFlagError(GhostwriterError):
    """A Paperback flag that cannot be used (one line, exit 2 from the main command)."""


HELP = {  # the switches' help, each turning a rule or an expansion on
    "--cube-advice": (
        "paperback: cubes as rewards for advice (a spell may name its adviser, who gains a cube; cash N cubes "
        "for +1c each)"
    ),
    "--cube-discard": (
        "paperback: discard your hand instead of a word to gain a cube (command cube; cash N cubes for +1c)"
    ),
    "--cube-discount": ("paperback: a card bought off a pile's top puts a discount token (-1c) on the card below it"),
    "--recycle-twos": (
        "paperback: when the 2c pile runs out, the 2c cards in the trash are shuffled into a new 2c pile"
    ),
    "--simultaneous": (
        "paperback: simultaneous play (the rulebook's game mode): a draft of two Offer cards each, then rounds where "
        "every seat announces a word and buys in the order announced from a row of 10 refilled after the last buyer"
    ),
    "--double-words-additive": (
        "paperback: each double-word ability adds one to the word factor (three x4), a reading of \"your score is "
        "tripled, not quadrupled\" (default: at most x3)"
    ),
    "--attacks": (
        "paperback: the deck's Attack cards added to the Offer piles; an Attack card used in a word stays in "
        "play until its owner's next turn and limits the other players meanwhile"
    ),
    "--player-powers": ("paperback: one of the deck's Player Powers dealt at random to each player"),
    "--award-card": (
        "paperback: one of the deck's Award cards revealed, its Fame given at the end (ties: each tied player)"
    ),
    "--theme-card": (
        "paperback: one of the deck's Theme cards revealed; a word on its list takes it, and its holder at "
        "the end adds its Fame (the list stands for the table's vote)"
    ),
}


def _switch(p: argparse.ArgumentParser, flag: str) -> None:
    """A flag that turns a rule on (None when not given: ``play --load`` tells the given ones)."""
    p.add_argument(flag, action="store_true", default=None, help=HELP[flag])


def add_paperback_flags(p: argparse.ArgumentParser) -> None:
    """Paperback's optional rules (the rulebook's "Optional Rules"), each off unless given."""
    for flag, _ in SWITCHES:
        _switch(p, flag)
    p.add_argument(
        "--turn-timer",
        type=int,
        default=None,
        metavar="S",
        help="paperback --cube-advice: seconds for a word, past which the seat's hand is shown as its bounty",
    )
    p.add_argument(
        "--coop-loss-cubes",
        type=int,
        choices=(5, 4),
        default=None,
        metavar="N",
        help="paperback --coop: the team loses when a Fame card holds N cubes, 5 (default) or 4 (the rulebook's "
        "extra challenge)",
    )


def given_paperback_flags(args: argparse.Namespace) -> list[str]:
    """The Paperback flags given on the command line (Hardback and ``play --load`` refuse them)."""
    out = [flag for flag, name in PAPERBACK_FLAGS if getattr(args, name, None) is not None]
    return out


def paperback_rules(args: argparse.Namespace) -> dict[str, Any]:
    """The optional rules the flags turn on, as ``PaperbackOptions`` fields (``--coop`` included)."""
    rules: dict[str, Any] = {name: True for _, name in SWITCHES if getattr(args, name, None)}
    timer = getattr(args, "turn_timer", None)
    if timer is not None:
        rules["turn_timer"] = timer
    if getattr(args, "coop", None):
        rules["coop"] = True
    loss = getattr(args, "coop_loss_cubes", None)
    if loss is not None:
        if not rules.get("coop"):
            raise PaperbackFlagError("--coop-loss-cubes is a rule of the cooperative mode: give --coop too")
        rules["coop_loss_cubes"] = loss
    return rules


FLAGS = (
    ("--attacks", "attacks", "attacks"),
    ("--player-powers", "player_powers", "powers"),
    ("--award-card", "award_card", "award"),
    ("--theme-card", "theme_card", "theme"),
)


def add_expansion_flags(p: argparse.ArgumentParser) -> None:
    """The four flags (default off, as the rulebook suggests for a first game)."""
    for flag, _, _ in FLAGS:
        _switch(p, flag)


def given(args: argparse.Namespace) -> list[str]:
    """The expansion flags given on the command line."""
    return [flag for flag, attr, _ in FLAGS if getattr(args, attr, None)]


def options(args: argparse.Namespace) -> dict[str, bool]:
    """The flags as ``PaperbackOptions`` keywords."""
    return {option: bool(getattr(args, attr, None)) for _, attr, option in FLAGS}


def flag_of(option: str) -> str:
    """The flag of a ``PaperbackOptions`` field (``attacks`` or ``options.attacks``; the field's name when it has no
    flag)."""
    name = option.removeprefix("options.")
    flags = [(flag, o) for flag, _, o in FLAGS] + [(flag, o) for flag, o in PAPERBACK_FLAGS] + [("--coop", "coop")]
    return next((flag for flag, o in flags if o == name), option)
