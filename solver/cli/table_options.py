"""The flags of a table, shared by the commands that play whole games (``play`` and ``tournament``): the game's
options and the word list it is played over.

Every flag defaults to None, so that ``play --load`` can tell which ones were given (a saved game keeps the
options it was dealt with). Heavy imports happen inside the functions, so ``--help`` stays instant.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from solver.cli.options import add_dictionary_flags, add_words_flag, lexicon_choice
from solver.errors import GhostwriterError

if TYPE_CHECKING:
    from solver.game.hardback.options import GameOptions
    from solver.lexicon.registry import LexiconChoice

OPTION_FLAGS = (
    ("--target", "target"),
    ("--rules", "rules"),
    ("--awards", "awards"),
    ("--adverts", "adverts"),
    ("--powers", "powers"),
    ("--events", "events"),
    ("--event-deck", "event_deck"),
    ("--coop", "coop"),
    ("--penny", "penny"),
    ("--ghost-writer", "ghost_writer"),
)
PENNY_GENRES = ("none", "adventure", "horror", "mystery", "romance")


class TableError(GhostwriterError):
    """A table flag that cannot be used (one line, exit 2 from the main command)."""


def add_table_flags(p: argparse.ArgumentParser) -> None:
    """The options of the game, and the word list it is played over."""
    p.add_argument("--target", type=int, default=None, metavar="T", help="prestige that ends a game (default 60)")
    p.add_argument("--rules", choices=["printed", "bga"], default=None, help="rules edition (default printed)")
    p.add_argument("--awards", action="store_true", default=None, help="play with literary awards")
    p.add_argument("--adverts", action="store_true", default=None, help="play with adverts")
    p.add_argument(
        "--powers",
        choices=["none", "passive", "aggressive"],
        default=None,
        help="player powers, dealt at random (default none)",
    )
    p.add_argument("--events", action="store_true", default=None, help="play with the event deck (the shipped set)")
    p.add_argument(
        "--event-deck",
        metavar="FILE",
        default=None,
        help="play with the table's own events: a JSON list of events (see solver/game/hardback/events.py); "
        "implies --events",
    )
    p.add_argument(
        "--coop",
        action="store_true",
        default=None,
        help="the cooperative anthology: every seat plays together against Penny Dreadful, who takes an offer-row "
        "card after each turn; the side that first completes the prestige track once for each player wins "
        "(1 to 4 players); with --game paperback, the cooperative pyramid: the team buys every Fame card, a cube "
        "on an uncovered one each turn it buys none, lost at 5 cubes on a card",
    )
    p.add_argument(
        "--penny",
        choices=PENNY_GENRES,
        default=None,
        metavar="GENRE",
        help="Penny Dreadful's signature genre: adventure, horror, mystery, romance or none (default none); "
        "implies --coop",
    )
    p.add_argument(
        "--ghost-writer",
        action="store_true",
        default=None,
        help="the ghost-writer rule: a player whose suggested word is spelled gets a free ink, and the ink of the "
        "word's inked cards",
    )
    add_words_flag(p)
    add_dictionary_flags(
        p,
        "a named English dictionary (ghostwriter dictionaries: en-gb, en-large ...); the engine plays the English "
        "cards (the Russian edition's offer deck is not published)",
    )


def given_option_flags(args: argparse.Namespace) -> list[str]:
    """The option flags given on the command line (``play --load`` refuses them)."""
    return [flag for flag, name in OPTION_FLAGS if getattr(args, name, None) is not None]


def table_options(args: argparse.Namespace, players: int) -> GameOptions:
    """The game's options from the flags; ``TableError`` naming the flag that is wrong."""
    from solver.game.hardback.events import EventError
    from solver.game.hardback.options import GameOptions, Powers
    from solver.hardback.catalogue import Rules

    target = args.target if args.target is not None else 60
    coop = bool(args.coop) or args.penny is not None
    if coop and not 1 <= players <= 4:
        raise TableError(f"--coop seats 1 to 4 players against Penny Dreadful (got {players})")
    if not 10 <= target <= 500:
        raise TableError(f"--target must be from 10 to 500 prestige (got {target}; the printed game plays to 60)")
    deck: tuple[Any, ...] = ()
    if args.event_deck is not None:
        from solver.files import FileError, read_text
        from solver.game.hardback.events import MAX_EVENT_FILE, parse_events
        from solver.text import check_depth

        try:
            text = read_text(args.event_deck, "--event-deck", limit=MAX_EVENT_FILE)
        except FileError as e:
            raise TableError(str(e)) from None
        check_depth(text, f"--event-deck {args.event_deck}", error=TableError)  # before json.loads recurses into it
        try:
            deck = tuple(parse_events(text, args.event_deck))
        except EventError as e:
            raise TableError(f"--event-deck: {e}") from None
    return GameOptions(
        players=players,
        target=target,
        rules=Rules.parse(args.rules or "printed"),
        literary_awards=bool(args.awards),
        adverts=bool(args.adverts),
        powers=Powers(args.powers or "none"),
        events=bool(args.events) or bool(deck),
        event_deck=deck,
        ghost_writer=bool(args.ghost_writer),
        coop=bool(args.coop) or args.penny is not None,
        penny_genre=args.penny or "none",
    )


def table_words(args: argparse.Namespace) -> LexiconChoice:
    """The word list of the flags; a dictionary of another language than the cards' is refused."""
    choice = lexicon_choice(args)
    if choice.edition not in (None, "en"):
        raise TableError(
            f"--dictionary {args.dictionary}: the game engine plays the English cards (the Russian edition's genre "
            "cards are not published); the ghost writer takes Russian hands: ghostwriter hint --dictionary ru"
        )
    return choice
