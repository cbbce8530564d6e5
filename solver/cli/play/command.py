"""The ``play`` command line: its flags, and the session it starts (a new deal, or a saved game read back and
checked in full). Heavy imports happen inside ``run``, so ``--help`` is instant."""

from __future__ import annotations

import argparse
import json
import os
import random
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from solver.cli.paperback_flags import (
    add_expansion_flags,
    add_paperback_flags,
    flag_of,
    given_paperback_flags,
    paperback_rules,
)
from solver.cli.paperback_flags import given as expansion_flags
from solver.cli.paperback_flags import options as expansion_options
from solver.cli.table_options import add_table_flags, given_option_flags, table_options, table_words
from solver.errors import GhostwriterError
from solver.text import check_depth

if TYPE_CHECKING:
    from solver.cli.play.paperback import PaperbackSession
    from solver.cli.play.session import Lines, Session
    from solver.lexicon import Lexicon
    from solver.lexicon.registry import LexiconChoice

COMMAND = "play"
DEFAULT_BOTS = "medium"
PAPERBACK_BOTS = "greedy"
MAX_SAVE = 64 * 1024 * 1024  # bytes of a saved game read back (a long game's save is well under 1 MiB)


class PlayError(GhostwriterError):
    """A flag or a saved game the ``play`` command cannot use."""


def add_parser(subparsers: argparse._SubParsersAction[Any]) -> argparse.ArgumentParser:
    """Add the ``play`` command to the ``ghostwriter`` command line's subparsers."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        COMMAND,
        help="play Hardback against bots in the terminal",
        description="Play Hardback against bots: you sit in seat 0 and each bot of --bots in a seat after. Each "
        "turn shows the board; type help at the prompt for the commands. The ghost writer gives hints (hint) "
        "and lays out a word you name (play WORD).",
    )
    p.add_argument(
        "--bots",
        default=None,
        metavar="A,B,...",
        help="comma-separated bots, one a seat after yours: greedy, easy, medium, hard, expert "
        f"(default {DEFAULT_BOTS})",
    )
    p.add_argument("--seed", type=int, default=None, metavar="S", help="seed of the shuffle (default: a random one)")
    p.add_argument(
        "--game",
        choices=["hardback", "paperback"],
        default=None,
        help="the game (default hardback); Paperback's bots: greedy, hard, random, expert (default greedy)",
    )
    p.add_argument(
        "--deck",
        metavar="FILE",
        default=None,
        help="Paperback: a table's deck file (default: the house deck, invented for trying the game)",
    )
    add_expansion_flags(p)
    add_table_flags(p)
    add_paperback_flags(p)
    p.add_argument(
        "--familiar",
        type=float,
        default=None,
        metavar="Z",
        help="Hardback: hints keep to words at least this familiar, a Zipf frequency from wordfreq (3: met now and "
        "then in print; 4: common); you may still play any word",
    )
    p.add_argument("--save", metavar="FILE", help="save the game to FILE after every turn (resume with --load)")
    p.add_argument(
        "--load",
        metavar="FILE",
        help="resume a game saved with --save or the save command (it goes on saving to FILE unless --save names "
        "another file)",
    )
    return p


def run(
    args: argparse.Namespace,
    stdin: Lines,
    stdout: IO[str],
    *,
    lexicon: Lexicon | None = None,
    colour: bool | None = None,
) -> int:
    """Play a game on ``stdin``/``stdout``; ``lexicon`` replaces the word list (for tests), ``colour`` forces
    colour on or off (default: when stdout is a terminal and NO_COLOR is unset)."""
    from solver.cli.play.render import Style
    from solver.cli.play.session import isatty

    if args.save is not None:
        _check_output("--save", args.save)
    if args.familiar is not None and args.game == "paperback":
        raise PlayError("--familiar keeps Hardback's hints to familiar words; Paperback's hints take no such filter")
    paperback = _paperback_session(args, stdin, stdout, lexicon)
    if paperback is not None:
        return paperback.play()
    if args.deck is not None:
        raise PlayError("--deck is a Paperback deck file: give --game paperback")
    paperback_only = given_paperback_flags(args)
    if paperback_only:
        raise PlayError(f"{paperback_only[0]} is a Paperback option: give --game paperback")
    if expansion_flags(args):
        raise PlayError(f"{expansion_flags(args)[0]} is a Paperback expansion: give --game paperback")
    if args.load is not None:
        session = _load_session(args, stdin, stdout, lexicon)
    else:
        session = _new_session(args, stdin, stdout, lexicon)
    if colour is None:
        colour = isatty(stdout) and not os.environ.get("NO_COLOR")
    session.style = Style(colour)
    session.familiar = args.familiar
    return session.play()


def _check_output(flag: str, path: str) -> None:
    from solver.files import FileError, check_target

    try:
        check_target(path, flag)
    except FileError as e:
        raise PlayError(str(e)) from None


def _bot_names(text: str) -> list[str]:
    from solver.bots import BOT_NAMES

    names = [b.strip().lower() for b in text.split(",")]
    if not text.strip() or any(not b for b in names):
        raise PlayError(f"--bots takes comma-separated names without blanks, e.g. --bots {BOT_NAMES[-1]},medium")
    for b in names:
        if b not in BOT_NAMES:
            raise PlayError(f"unknown bot {b!r} in --bots: the bots are {', '.join(BOT_NAMES)}")
    if not 1 <= len(names) <= 4:
        raise PlayError(f"--bots names 1 to 4 bots (a game seats 2 to 5 players); got {len(names)}")
    return names


def _new_session(args: argparse.Namespace, stdin: Lines, stdout: IO[str], given: Lexicon | None) -> Session:
    from solver.cli.play.session import HUMAN, Session
    from solver.game.hardback.engine import Game

    bots = _bot_names(args.bots if args.bots is not None else DEFAULT_BOTS)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    if not 0 <= seed < 2**63:
        raise PlayError(f"--seed must be from 0 to 2**63 - 1 (got {seed})")
    options = table_options(args, 1 + len(bots))
    choice = table_words(args)
    game = Game.new(options, seed, given if given is not None else choice.load())
    return Session(game, [HUMAN, *bots], stdin, stdout, save_path=args.save, words=choice)


def _load_session(args: argparse.Namespace, stdin: Lines, stdout: IO[str], given: Lexicon | None) -> Session:
    from solver.cli.play.session import Session
    from solver.game.hardback.actions import action_from_json
    from solver.game.hardback.engine import Game
    from solver.game.hardback.validate import load as load_game_state

    fixed = (["--seed"] if args.seed is not None else []) + given_option_flags(args)
    if fixed:
        raise PlayError(f"{fixed[0]} cannot be given with --load: a saved game keeps the options it was dealt with")
    path = args.load
    data = _read_save(path)
    try:
        state = load_game_state(data)  # read and checked in full: a hand-edited save is refused, naming the field
    except GhostwriterError as e:
        raise PlayError(f"--load {path}: {e}") from None
    log = data.get("log", [])
    if not isinstance(log, list) or not all(isinstance(a, dict) for a in log):
        raise PlayError(f'--load {path}: "log" must be a list of action objects')
    try:
        actions = [action_from_json(a) for a in log]
    except GhostwriterError as e:
        raise PlayError(f"--load {path}: log: {e}") from None
    seats = _saved_seats(args, data.get("seats"), path, len(state.players))
    choice = _saved_words(args, data, path)
    lexicon = given if given is not None else choice.load()
    game = Game(state, lexicon, log=actions)
    return Session(game, seats, stdin, stdout, save_path=args.save or path, words=choice)


def _saved_seats(args: argparse.Namespace, seats: object, path: str, players: int) -> list[str]:
    """The seats of a saved Hardback game: yours first, then its bots (``--bots`` when the save names none)."""
    from solver.cli.play.session import HUMAN

    if seats is None:
        bots = _bot_names(args.bots if args.bots is not None else DEFAULT_BOTS)
        if len(bots) != players - 1:
            raise PlayError(
                f"--load {path}: the saved game seats {players} players; give --bots with {players - 1} bot names"
            )
        return [HUMAN, *bots]
    from solver.bots import BOT_NAMES

    if (
        not isinstance(seats, list)
        or len(seats) != players
        or seats[0] not in (HUMAN, *BOT_NAMES)
        or any(s not in BOT_NAMES for s in seats[1:])
    ):
        raise PlayError(
            f'--load {path}: "seats" must list "{HUMAN}" (or, in a tournament\'s record, the bot you take over '
            f"from) and then a bot name for each of the {players - 1} other players ({', '.join(BOT_NAMES)})"
        )
    taken = [HUMAN, *(str(s) for s in seats[1:])]  # a tournament's record: you take seat 0 over from its bot
    if args.bots is not None and _bot_names(args.bots) != taken[1:]:
        raise PlayError(f"--load {path}: the saved game is played against {','.join(taken[1:])}; drop --bots")
    return taken


def _read_save(path: str) -> dict[str, Any]:
    from solver.files import FileError, StreamError, read_text

    try:
        text = read_text(path, "--load", limit=MAX_SAVE)
    except StreamError:
        raise
    except FileError as e:
        raise PlayError(str(e)) from None
    try:
        check_depth(text, f"--load {path}", error=PlayError)
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise PlayError(f"--load {path}: not JSON ({e.msg} at line {e.lineno}, column {e.colno})") from None
    if not isinstance(data, dict):
        raise PlayError(f"--load {path}: a saved game is a JSON object (as written by --save)")
    return data


def _paperback_bots(text: str | None) -> list[str]:
    from solver.bots.paperback_expert import EXPERT_BOTS as BOTS

    names = [b.strip().lower() for b in (text if text is not None else PAPERBACK_BOTS).split(",")]
    if any(not b for b in names):
        raise PlayError("--bots takes comma-separated names without blanks, e.g. --bots hard,greedy")
    for b in names:
        if b not in BOTS:
            raise PlayError(f"unknown Paperback bot {b!r} in --bots: the bots are {', '.join(BOTS)}")
    return names


def _paperback_session(
    args: argparse.Namespace, stdin: Lines, stdout: IO[str], given: Lexicon | None
) -> PaperbackSession | None:
    """A Paperback game (``--game paperback``, or a Paperback save to ``--load``), or None for Hardback."""
    data = _read_save(args.load) if args.load is not None else None
    if data is None and args.game != "paperback":
        return None
    if data is not None and data.get("game") != "paperback":
        if args.game == "paperback":
            raise PlayError(f'--load {args.load}: not a Paperback game (no "game": "paperback")')
        return None
    fixed = [f for f in given_option_flags(args) if f != "--coop"]  # --coop: Paperback's pyramid here
    if fixed:
        raise PlayError(f"{fixed[0]} is a Hardback table option: Paperback plays its deck's rules")
    if data is None:
        return _new_paperback(args, stdin, stdout, given)
    return _loaded_paperback(args, data, stdin, stdout, given)


def _new_paperback(args: argparse.Namespace, stdin: Lines, stdout: IO[str], given: Lexicon | None) -> PaperbackSession:
    """A new Paperback game dealt as the flags say: the deck, the bots, the seed, the options."""
    from solver.cli.play.paperback import HUMAN, PaperbackSession
    from solver.game.paperback import PaperbackGame, PaperbackOptions
    from solver.paperback.deck import house_deck, load_deck

    bots = _paperback_bots(args.bots)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    if not 0 <= seed < 2**63:
        raise PlayError(f"--seed must be from 0 to 2**63 - 1 (got {seed})")
    try:
        deck = load_deck(args.deck) if args.deck is not None else house_deck()
    except GhostwriterError as e:
        raise PlayError(f"--deck: {e}") from None
    if 1 + len(bots) not in deck.players:
        raise PlayError(
            f"--bots: the deck {deck.name!r} seats {', '.join(map(str, deck.players))} players; "
            f"you and {len(bots)} bot{'s' if len(bots) != 1 else ''} make {1 + len(bots)}"
        )
    choice = table_words(args)
    lexicon = given if given is not None else choice.load()
    try:
        options = PaperbackOptions.from_json(  # the one place the options are checked
            {"players": 1 + len(bots), **paperback_rules(args), **expansion_options(args)}
        )
        game = PaperbackGame.new(deck, options, seed, lexicon)
    except GhostwriterError as e:
        raise PlayError(f"{flag_of(getattr(e, 'field', ''))}: {e}") from None
    return PaperbackSession(game, [HUMAN, *bots], stdin, stdout, args.save, choice.to_json())


def _loaded_paperback(
    args: argparse.Namespace, data: dict[str, Any], stdin: Lines, stdout: IO[str], given: Lexicon | None
) -> PaperbackSession:
    """A saved Paperback game to go on with (its options, deck and seed as saved; no flag may change them)."""
    from solver.cli.play.paperback import HUMAN, PaperbackSession
    from solver.game.paperback import PaperbackGame

    path = args.load
    rules = given_paperback_flags(args) + expansion_flags(args) + (["--coop"] if args.coop is not None else [])
    if rules:
        raise PlayError(f"{rules[0]} cannot be given with --load: a saved game keeps the options it was dealt with")
    if args.seed is not None or args.deck is not None:
        raise PlayError(
            f"{'--seed' if args.seed is not None else '--deck'} cannot be given with --load: a saved "
            "game keeps the deck and the seed it was dealt with"
        )
    choice = _saved_words(args, data, path)
    lexicon = given if given is not None else choice.load()
    try:
        game = PaperbackGame.load(data, lexicon)
    except GhostwriterError as e:
        raise PlayError(f"--load {path}: {e}") from None
    seats = data.get("seats")
    players = len(game.state.players)
    if not isinstance(seats, list) or len(seats) != players or not all(isinstance(s, str) for s in seats):
        raise PlayError(f'--load {path}: "seats" must list "{HUMAN}" and a bot name for each of the other players')
    bots = _paperback_bots(",".join(seats[1:])) if players > 1 else []
    if args.bots is not None and _paperback_bots(args.bots) != bots:
        raise PlayError(f"--load {path}: the saved game is played against {','.join(bots)}; drop --bots")
    return PaperbackSession(game, [HUMAN, *bots], stdin, stdout, args.save or path, choice.to_json())


def _saved_words(args: argparse.Namespace, data: dict[str, Any], path: str) -> LexiconChoice:
    """The word list to go on with: the flags' when any is given, else the one the game was saved with."""
    from solver.lexicon.registry import LexiconChoice

    if args.words or args.dictionary or args.extra_words or args.ban_words:
        return table_words(args)
    saved = data.get("lexicon")
    if saved is None:  # no choice recorded (a save of an earlier version: its word file, if any)
        words = data.get("words")
        saved = {"words": words if isinstance(words, str) else None}
    try:
        choice = LexiconChoice.from_json(saved)
    except GhostwriterError as e:
        raise PlayError(f"--load {path}: {e}") from None
    if choice.words and not Path(choice.words).is_file():
        raise PlayError(
            f"--load {path}: the game was played over the word list {choice.words!r}, which is gone; give --words FILE"
        )
    return choice
