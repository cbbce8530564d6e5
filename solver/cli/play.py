"""``ghostwriter play``: a person against bots at the terminal, with the ghost writer to ask for hints.

    ghostwriter play --bots hard,medium --seed 7
    ghostwriter play --bots easy --target 40 --awards --adverts --save game.json
    ghostwriter play --load game.json

The person sits in seat 0 and each bot named by ``--bots`` in a seat after. Each turn shows the board, then a
prompt reads commands (``help`` lists them); every command that plays is one engine action applied through
``Game.apply``, so the rules are the engine's and a refused command prints the engine's reason and asks again.
Offer-row slots and previewed cards are numbered from 1 here (the engine counts from 0). Plain text; colour only
when stdout is a terminal and ``NO_COLOR`` is unset. Heavy imports happen inside ``run``, so ``--help`` is
instant. Bad flags or a saved game that cannot be read raise a ``PlayError`` (one line, exit 2 from the main
command).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shlex
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Protocol

from solver.cli.table_options import add_table_flags, given_option_flags, table_options, table_words
from solver.errors import GhostwriterError
from solver.text import check_depth

if TYPE_CHECKING:
    from solver.bots.base import Bot
    from solver.game.engine import Game
    from solver.game.state import PlayerState
    from solver.hardback.cards import Card
    from solver.hardback.moves import Move
    from solver.hardback.state import TurnState
    from solver.lexicon import Lexicon
    from solver.lexicon.registry import LexiconChoice
    from solver.search import Search

COMMAND = "play"
HUMAN = "you"
DEFAULT_BOTS = "medium"
DEFAULT_HINTS = 5
MAX_HINTS = 50
HINT_TIME_LIMIT = 20.0
GENRE_COLOURS = {"adventure": "33", "horror": "32", "mystery": "34", "romance": "31"}  # the cards' colours

HELP = """\
Commands (one a line; slots and previewed cards are numbered from 1):
  before your word (prepare)
    hint [N]                   the ghost writer's N best words for your cards (default 5), and how to type them
    play WORD [CARD ...]       spell WORD; without cards the ghost writer lays it out at its best, else one card
                               a letter, left to right: CODE, CODE/wild (face-down), CODE/uncovered, and
                               CODE@hand|@inked|@mine|@other when the same card is in two places
    ink                        spend an ink: draw a card that must be in your word face-up
    remover CODE               spend a remover: an inked card becomes a normal hand card
    power NAME [ARGS]          use your player power (unnatural SLOT, exploration GENRE, miniaturize N,
                               triangle/journey PLAYER=CODE ...)
    pass                       writer's block: discard your hand, the turn is over
  after your word (choices)
    dump CODE                  trash a card of your discard pile for the dump's coins
    jail SLOT [keep|remove]    reserve an offer-row card in your jail (keep) or remove it from the game
    preview discard I ...      of the cards looked at, discard these (preview keep: keep them all)
    skip                       give up the choices left
  buying (buy)
    buy SLOT | buy jail        buy an offer-row card, or the card in your jail
    flush                      replace the whole offer row (4 cards of 6 coins or more, or 4 of a genre)
    ink-buy N                  buy N ink (a coin each)
    convert N                  turn 3N ink into N coins
    advert                     buy the next advert (with --adverts)
    end                        end your turn
  after your turn, when it drew an event and a player ahead holds one (event)
    event keep | event swap PLAYER   keep the event drawn, or exchange it with that player's (name or seat)
  any time
    board                      show the board again
    log [N]                    what happened, turn by turn (the last N turns)
    save FILE                  save the game (resume it with --load FILE)
    help                       this list
    quit                       leave the game (EOF does the same)"""

# The engine action each playing command becomes, for the phase check.
ACTION_OF = {
    "play": "spell",
    "ink": "ink",
    "remover": "remover",
    "power": "power",
    "pass": "pass",
    "dump": "dump",
    "jail": "jail",
    "preview": "preview",
    "skip": "skip",
    "flush": "flush",
    "buy": "buy",
    "ink-buy": "ink_buy",
    "convert": "convert",
    "advert": "advert",
    "end": "end",
    "event": "event",
}
ALIASES = {"ink_buy": "ink-buy", "inkbuy": "ink-buy", "spell": "play", "exit": "quit", "?": "help", "h": "help"}
META = ("hint", "board", "log", "save", "help", "quit")


class Lines(Protocol):
    """Where the commands come from: ``sys.stdin``, or any object with ``readline`` ("" at the end)."""

    def readline(self) -> str: ...


class PlayError(GhostwriterError):
    """A flag or a saved game the ``play`` command cannot use."""


class CommandError(GhostwriterError):
    """A command that cannot be read, or that the rules refuse now (the game is unchanged)."""


# -- the command line -------------------------------------------------------------------------------------------


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
        help=f"comma-separated bots, one a seat after yours: greedy, easy, medium, hard (default {DEFAULT_BOTS})",
    )
    p.add_argument("--seed", type=int, default=None, metavar="S", help="seed of the shuffle (default: a random one)")
    add_table_flags(p)
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
    if args.save is not None:
        _check_output("--save", args.save)
    if args.load is not None:
        session = _load_session(args, stdin, stdout, lexicon)
    else:
        session = _new_session(args, stdin, stdout, lexicon)
    if colour is None:
        colour = _isatty(stdout) and not os.environ.get("NO_COLOR")
    session.style = Style(colour)
    return session.play()


def _isatty(stream: object) -> bool:
    try:
        return bool(getattr(stream, "isatty", lambda: False)())
    except ValueError:  # a closed stream
        return False


def _check_output(flag: str, path: str) -> None:
    p = Path(path)
    if p.is_dir():
        raise PlayError(f"{flag} {path}: that is a folder; give a file name")
    if not p.parent.is_dir():
        raise PlayError(f"{flag} {path}: the folder {str(p.parent)!r} does not exist")


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
    from solver.game.engine import Game

    bots = _bot_names(args.bots if args.bots is not None else DEFAULT_BOTS)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    if not 0 <= seed < 2**63:
        raise PlayError(f"--seed must be from 0 to 2**63 - 1 (got {seed})")
    options = table_options(args, 1 + len(bots))
    choice = table_words(args)
    game = Game.new(options, seed, given if given is not None else choice.load())
    return Session(game, [HUMAN, *bots], stdin, stdout, save_path=args.save, words=choice)


def _load_session(args: argparse.Namespace, stdin: Lines, stdout: IO[str], given: Lexicon | None) -> Session:
    from solver.game.engine import Game
    from solver.game.validate import load as load_game_state

    fixed = (["--seed"] if args.seed is not None else []) + given_option_flags(args)
    if fixed:
        raise PlayError(f"{fixed[0]} cannot be given with --load: a saved game keeps the options it was dealt with")
    path = args.load
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise PlayError(f"--load {path}: no such file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise PlayError(f"--load {path}: cannot read it ({getattr(e, 'strerror', None) or e})") from None
    try:
        check_depth(text, f"--load {path}", error=PlayError)  # before json.loads, whose recursion it would exhaust
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise PlayError(f"--load {path}: not JSON ({e.msg} at line {e.lineno}, column {e.colno})") from None
    if not isinstance(data, dict):
        raise PlayError(f"--load {path}: a saved game is a JSON object (as written by --save)")
    try:
        state = load_game_state(data)  # read and checked in full: a hand-edited save is refused, naming the field
    except GhostwriterError as e:
        raise PlayError(f"--load {path}: {e}") from None
    log = data.get("log", [])
    if not isinstance(log, list) or not all(isinstance(a, dict) for a in log):
        raise PlayError(f'--load {path}: "log" must be a list of action objects')
    seats = data.get("seats")
    players = len(state.players)
    if seats is None:
        bots = _bot_names(args.bots if args.bots is not None else DEFAULT_BOTS)
        if len(bots) != players - 1:
            raise PlayError(
                f"--load {path}: the saved game seats {players} players; give --bots with {players - 1} bot names"
            )
        seats = [HUMAN, *bots]
    else:
        from solver.bots import BOT_NAMES

        if (
            not isinstance(seats, list)
            or len(seats) != players
            or seats[0] != HUMAN
            or any(s not in BOT_NAMES for s in seats[1:])
        ):
            raise PlayError(
                f'--load {path}: "seats" must list "{HUMAN}" and then a bot name for each of the {players - 1} '
                f"other players ({', '.join(BOT_NAMES)})"
            )
        if args.bots is not None and _bot_names(args.bots) != seats[1:]:
            raise PlayError(f"--load {path}: the saved game is played against {','.join(seats[1:])}; drop --bots")
    choice = _saved_words(args, data, path)
    lexicon = given if given is not None else choice.load()
    game = Game(state, lexicon, log=[dict(a) for a in log])
    return Session(game, [str(s) for s in seats], stdin, stdout, save_path=args.save or path, words=choice)


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


# -- style ------------------------------------------------------------------------------------------------------


@dataclass
class Style:
    """ANSI colour when on, plain text otherwise."""

    on: bool = False

    def _wrap(self, text: str, code: str) -> str:
        return f"\x1b[{code}m{text}\x1b[0m" if self.on else text

    def bold(self, text: str) -> str:
        return self._wrap(text, "1")

    def dim(self, text: str) -> str:
        return self._wrap(text, "2")

    def warn(self, text: str) -> str:
        return self._wrap(text, "31")

    def card(self, card: Card, text: str | None = None) -> str:
        shown = short(card.code) if text is None else text
        colour = GENRE_COLOURS.get(card.genre.value) if card.genre else None
        return self._wrap(shown, colour) if colour else shown


# -- reading and writing cards ----------------------------------------------------------------------------------


def short(code: str) -> str:
    """The short code of a card, as people type it: ``romance:F6`` is ``r:F6``; starters stay bare letters."""
    head, sep, rest = code.partition(":")
    if not sep or "{" in code:
        return code
    return f"{head[0]}:{rest}"


def layout_tokens(move: Move, state: TurnState) -> list[str]:
    """How to type a move's layout after ``play WORD``: one token a letter, with face and (when needed) source."""
    places: dict[str, set[str]] = {}
    for source, cards in (("hand", state.hand), ("inked", state.inked), ("mine", state.mine), ("other", state.others)):
        for card in cards:
            places.setdefault(card.code, set()).add(source)
    out = []
    for c in move.cards:
        token = short(c.code)
        if len(places.get(c.code, ())) > 1:
            token += f"@{c.source}"
        if c.face != "up":
            token += f"/{c.face}"
        out.append(token)
    return out


def read_layout(tokens: Sequence[str]) -> list[dict[str, str]]:
    """``r:F6/wild E a:A5@inked`` as the engine's layout: one entry a letter."""
    out = []
    for token in tokens:
        code, face, source = token, "up", ""
        for f in ("wild", "uncovered", "up"):
            if code.lower().endswith("/" + f):
                code, face = code[: -len(f) - 1], f
                break
        if "@" in code:
            code, _, source = code.rpartition("@")
            source = source.lower()
            if source not in ("hand", "inked", "mine", "other"):
                raise CommandError(f"{token}: the place after @ is hand, inked, mine or other")
        if not code:
            raise CommandError(f"{token}: give a card code, e.g. r:F6 or E")
        entry = {"code": code, "face": face}
        if source:
            entry["source"] = source
        out.append(entry)
    return out


# -- describing actions -----------------------------------------------------------------------------------------


def apply_described(game: Game, action: dict[str, Any], style: Style | None = None) -> str:
    """Apply an action (``IllegalActionError`` when refused) and say in a few words what it did."""
    s = style or Style()
    st = game.state
    p = st.player
    name = action.get("action")
    before_prestige = p.prestige
    before_ink = p.ink
    coins = st.turn.coins
    row = list(st.offer_row)
    jail = list(p.jail)
    dumps = list(st.turn.dumps)
    peek = len(st.turn.peek)
    adverts = p.adverts
    event_drawn = p.event
    game.apply(action)
    gained = p.prestige - before_prestige
    plus = f", +{gained} prestige" if gained else ""
    if name == "spell" and game.last is not None:
        t = game.last.totals
        extra = [f"{t.prestige} prestige", _plural(st.turn.coins, "coin")]
        if t.ink:
            extra.append(f"{t.ink} ink")
        if t.remover:
            extra.append(f"{t.remover} remover")
        if t.jail:
            extra.append(f"{t.jail} jail")
        if t.preview:
            extra.append(f"{t.preview} preview")
        if t.dumps:
            extra.append(_plural(len(t.dumps), "dump"))
        return f"spelled {s.bold(game.last.word.upper())} ({', '.join(extra)})"
    if name == "ink":
        return f"drew {s.card(p.inked[-1])} with ink" if p.inked else "drew a card with ink"
    if name == "remover":
        return f"spent a remover on {_code(game, action.get('card'))}"
    if name == "power":
        from solver.game.engine import POWERS

        title = POWERS.get(str(action.get("name")), (str(action.get("name")),))[0]
        return f"used {title}{plus}"
    if name == "pass":
        return "passed (writer's block): the hand is discarded"
    if name == "dump":
        gain = _plural(dumps[0] if dumps else 0, "coin")
        return f"dumped {_code(game, action.get('card'))} from the discard pile for {gain}"
    if name == "jail":
        slot = action.get("slot")
        card = row[slot] if isinstance(slot, int) and 0 <= slot < len(row) else None
        shown = s.card(card) if card else "a card"
        return f"jailed {shown}" if action.get("keep", True) else f"removed {shown} from the offer row"
    if name == "preview":
        dropped = action.get("discard", [])
        return f"looked at {peek} card{'s' * (peek != 1)}, discarded {len(dropped)}"
    if name == "skip":
        return "gave up the choices left"
    if name == "flush":
        return "flushed the offer row"
    if name == "buy":
        if action.get("jail") is True:
            card = jail[0] if jail else None
            where = " from the jail"
        else:
            slot = action.get("slot")
            card = row[slot] if isinstance(slot, int) and 0 <= slot < len(row) else None
            where = ""
        return f"bought {s.card(card) if card else 'a card'}{where} for {_plural(coins - st.turn.coins, 'coin')}{plus}"
    if name == "ink_buy":
        return f"bought {p.ink - before_ink} ink"
    if name == "convert":
        return f"turned {before_ink - p.ink} ink into {st.turn.coins - coins} coin(s)"
    if name == "advert":
        return f"bought advert {adverts + 1}{plus}"
    if name == "end":
        return "ended the turn"
    if name == "event":
        swap = action.get("swap")
        if isinstance(swap, int) and 0 <= swap < len(st.players):
            return f"drew the event {event_drawn!r} and exchanged it for seat {swap}'s {p.event!r}"
        return f"drew the event {p.event!r} and kept it"
    return str(name)


def _code(game: Game, code: object) -> str:
    """A card code as the board shows it (``romance:F6`` and ``R:f6`` are ``r:F6``)."""
    try:
        return short(game.catalogue.lookup(str(code)).code)
    except GhostwriterError:
        return str(code)


def summarize_turn(lines: Sequence[str]) -> str:
    return "; ".join(x for x in lines if x != "ended the turn") or "did nothing"


# -- the board --------------------------------------------------------------------------------------------------


def render_board(game: Game, names: Sequence[str], style: Style | None = None, viewer: int = 0) -> str:
    """The table as the player in ``viewer`` sees it: scores, offer row, classics, jail, hand, awards, events."""
    from solver.game.engine import ADVERTS, POWERS
    from solver.hardback.resolve import AWARDS

    s = style or Style()
    st = game.state
    opts = st.options
    me = st.players[viewer]
    lines: list[str] = []
    whose = "your turn" if st.current == viewer else f"{names[st.current]}'s turn"
    if st.phase == "over":
        whose = "game over"
    title = (
        f"Hardback · turn {st.turns + 1} · round {st.rounds + 1} · {whose}"
        + (f" ({st.phase})" if st.phase != "over" and st.current == viewer else "")
        + f" · target {opts.target}"
        + (" · last round" if st.ending and st.phase != "over" else "")
    )
    lines.append(s.bold(f"== {title} =="))
    width = max(len(n) for n in names)
    head = f"  {'':<{width}}  prestige  ink  remover  deck  discard"
    if opts.adverts:
        head += "  adverts"
    head += "  jail"
    lines.append(s.dim(head))
    for q in st.players:
        mark = ">" if q.seat == st.current and st.phase != "over" else " "
        row = (
            f"{mark} {names[q.seat]:<{width}}  {q.prestige:>8}  {q.ink:>3}  {q.remover:>7}  "
            f"{len(q.draw):>4}  {len(q.discard):>7}"
        )
        if opts.adverts:
            row += f"  {q.adverts:>5}/5"
        row += "  " + (", ".join(s.card(c) for c in q.jail) or "-")
        lines.append(row)
    if opts.adverts and me.adverts < len(ADVERTS) and st.phase != "over":
        cost, gain = ADVERTS[me.adverts]
        lines.append(s.dim(f"Your next advert: {cost} coins for {gain} prestige"))
    lines.append(s.bold("Offer row") + s.dim("  (slot  letter  cost  genre  benefits)"))
    for i, c in enumerate(st.offer_row, 1):
        genre = c.genre.value if c.genre else "starter"
        lines.append(f"  {i}  {s.card(c, c.letter)}  {c.cost:>2}c  {genre:<9}  {s.card(c)}: {_benefits(c)}")
    if not st.offer_row:
        lines.append("  (empty)")
    lines.append(s.bold("Classics in play"))
    for q in st.players:
        played = ", ".join(s.card(c) for c in q.in_play) or "-"
        lines.append(f"  {names[q.seat]:<{width}}  {played}")
    if st.penny is not None:
        lines.append(f"Penny Dreadful ({st.penny.genre}): {st.penny.prestige} prestige")
    if opts.literary_awards:
        if st.award_length:
            holders = ", ".join(names[h] for h in st.award_holders)
            lines.append(
                f"Literary award: {st.award_length}{'+' if st.award_length == 12 else ''} letters, held by {holders} "
                f"({AWARDS[st.award_length]} prestige at the end)"
            )
        else:
            lines.append("Literary award: none yet (a word of 7 letters or more claims it)")
    if opts.events:
        held = []
        for q in st.players:
            if q.event:
                text = _event_text(game, q)
                held.append(f"{names[q.seat]}: {q.event}" + (f" ({text})" if text else ""))
        lines.append("Events: " + ("; ".join(held) if held else "none drawn yet (one at each new 10 prestige)"))
    if opts.powers.value != "none":
        for q in st.players:
            if q.power:
                title_, cost, text = POWERS[q.power]
                lines.append(f"Power of {names[q.seat]}: {q.power} = {title_} ({cost} ink): {text}")
    if st.phase != "over":
        lines.extend(_my_cards(game, me, s))
    return "\n".join(lines)


def _event_text(game: Game, q: PlayerState) -> str:
    """The text of the event in front of a player."""
    event = game.event_of(q)
    return event.text if event else ""


def _benefits(c: Card) -> str:
    return c.describe().partition(": ")[2]


def _my_cards(game: Game, me: PlayerState, s: Style) -> list[str]:
    st = game.state
    lines = [s.bold("Your hand: ") + ("  ".join(s.card(c) for c in me.hand) or "(empty)")]
    for c in me.hand:
        if not c.is_starter:
            lines.append(f"    {s.card(c)}: {_benefits(c)}")
    if me.inked:
        lines.append(
            s.bold("Inked: ") + "  ".join(s.card(c) for c in me.inked) + s.dim("  (must be in your word face-up)")
        )
        for c in me.inked:
            if not c.is_starter:
                lines.append(f"    {s.card(c)}: {_benefits(c)}")
    if me.must_wild:
        lines.append("Must be played face-down: " + "  ".join(s.card(c) for c in me.must_wild))
    if me.disfigured:
        lines.append("Disfigured letters to use: " + "  ".join(c.letter for c in me.disfigured))
    if st.current == me.seat:
        if st.turn.borrowed:
            lines.append("Borrowed from the offer row: " + "  ".join(s.card(st.offer_row[i]) for i in st.turn.borrowed))
        if st.turn.word_text:
            lines.append(f"Your word: {st.turn.word_text.upper()}")
        if st.phase in ("choices", "buy"):
            lines.append(f"Coins to spend: {st.turn.coins}")
    lines.append(
        s.dim(
            f"Deck {len(me.draw)} · discard {len(me.discard)}"
            + (
                f" ({', '.join(short(c.code) for c in me.discard[-8:])}{' ...' if len(me.discard) > 8 else ''})"
                if me.discard
                else ""
            )
        )
    )
    return lines


# -- the session ------------------------------------------------------------------------------------------------


@dataclass
class Session:
    game: Game
    names_of_seats: list[str]  # HUMAN and then the bots' names
    stdin: Lines
    stdout: IO[str]
    save_path: str | None = None
    words: LexiconChoice | None = None  # the word list's choice, recorded in the saves
    style: Style = field(default_factory=Style)
    bots: dict[int, Bot] = field(default_factory=dict)
    names: list[str] = field(default_factory=list)
    saved_turns: int = -1

    def __post_init__(self) -> None:
        from solver.bots import make_bot

        seed = self.game.state.seed
        for seat, name in enumerate(self.names_of_seats):
            if seat:
                self.bots[seat] = make_bot(name, self.game.lexicon, seed * 7919 + seat)
        self.names = _display_names(self.names_of_seats)

    # -- output ---------------------------------------------------------------------------------------------------

    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")

    def board(self) -> None:
        self.say(render_board(self.game, self.names, self.style))

    # -- the game loop --------------------------------------------------------------------------------------------

    def play(self) -> int:
        try:
            return self._play()
        except KeyboardInterrupt:
            self.say()
            self.leave("interrupted")
            return 130

    def _play(self) -> int:
        st = self.game.state
        lex = self.game.lexicon
        self.say(
            f"Ghostwriter play: you against {', '.join(self.names[1:])} · seed {st.seed} · dictionary {lex.name} "
            f"({len(lex)} words). Type help for the commands."
        )
        shown = -1
        while True:
            if st.phase == "over":
                self.finish()
                return self.after_the_end()
            if st.current != 0:
                self.bot_turn()
                continue
            if shown != st.turns:
                shown = st.turns
                self.say()
                self.board()
                self.guide()
            line = self.read()
            if line is None:
                self.leave("end of input")
                return 0
            if not self.command(line):
                self.leave("quit")
                return 0

    def read(self) -> str | None:
        phase = self.game.state.phase
        self.stdout.write(self.style.bold(f"{HUMAN} ({phase})> "))
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.say()
            return None
        if not _isatty(self.stdin):
            self.say(line.rstrip("\n"))  # echo scripted input, so a transcript reads as a session
        return line

    def leave(self, why: str) -> None:
        if self.save_path:
            self.save(self.save_path, quiet=True)
            self.say(f"Game left unfinished ({why}); saved to {self.save_path}: resume with --load {self.save_path}")
        else:
            self.say(f"Game left unfinished ({why}). Next time keep it with save FILE or --save FILE.")

    def after_the_end(self) -> int:
        """At the end only board, log, save and quit are left."""
        while True:
            line = self.read()
            if line is None or not self.command(line):
                return 0

    def bot_turn(self) -> None:
        from solver.game.engine import Game
        from solver.game.state import GameState

        st = self.game.state
        seat = st.current
        before = st.to_json()
        start = len(self.game.log)
        prestige = st.player.prestige
        try:
            self.bots[seat].play_turn(self.game)
        except Exception as e:  # a bot's failure must not stop the person's game: the bot gives up its turn
            if os.environ.get("GHOSTWRITER_DEBUG"):
                raise
            self.say(self.style.warn(f"{self.names[seat]} failed ({type(e).__name__}: {e}) and gives up its turn"))
            self._finish_for_bot(seat)
        if st.current == seat and st.phase != "over":  # a bot that stopped halfway gives up the rest of its turn
            self._finish_for_bot(seat)
        actions = self.game.log[start:]
        try:
            shadow = Game(GameState.from_json(before), self.game.lexicon)
            lines = [apply_described(shadow, a, self.style) for a in actions]
        except GhostwriterError:
            lines = [str(a.get("action")) for a in actions]
        q = self.game.state.players[seat]
        self.say(
            f"{self.names[seat]}: {summarize_turn(lines)} -> {q.prestige} prestige"
            + (f" (+{q.prestige - prestige})" if q.prestige > prestige else "")
        )
        self.autosave()

    def _finish_for_bot(self, seat: int) -> None:
        from solver.game.engine import IllegalActionError

        st = self.game.state
        closing = {"prepare": "pass", "choices": "skip", "buy": "end", "event": "event"}
        for action in ("pass", "skip", "skip", "skip", "end", "event"):
            if st.phase == "over" or st.current != seat:
                return
            try:
                if closing.get(st.phase) == action:
                    self.game.apply({"action": action})
            except IllegalActionError:
                continue

    def autosave(self) -> None:
        st = self.game.state
        if self.save_path and st.turns != self.saved_turns:
            self.save(self.save_path, quiet=True)
            self.saved_turns = st.turns

    def finish(self) -> None:
        from solver.hardback.resolve import AWARDS

        g = self.game
        st = g.state
        self.say()
        self.board()
        self.say(self.style.bold("Final scores"))
        scores = g.final_scores()
        award = AWARDS.get(st.award_length, 0)
        width = max(len(n) for n in self.names)
        for q, total in zip(st.players, scores, strict=True):
            extra = f" ({q.prestige} + {award} literary award)" if q.seat in st.award_holders and award else ""
            self.say(f"  {self.names[q.seat]:<{width}}  {total:>3} prestige{extra}  {q.ink} ink")
        winner = g.winner()
        if winner is None:
            best = max(scores)
            tied = [self.names[i] for i, x in enumerate(scores) if x == best]
            self.say(f"A shared win: {' and '.join(tied)} (tied on prestige and ink).")
        elif winner == 0:
            self.say(self.style.bold("You win!"))
        else:
            self.say(f"{self.names[winner]} wins.")
        self.autosave()
        if self.save_path:
            self.say(f"The game and its log are saved in {self.save_path}.")
        self.say("Type log to read the game again, save FILE to keep it and its log, or quit.")

    # -- commands ---------------------------------------------------------------------------------------------

    def command(self, line: str) -> bool:
        """Run one command line; False to leave."""
        try:
            words = shlex.split(line)
        except ValueError as e:
            self.say(self.style.warn(f"refused: cannot read that line ({e})"))
            return True
        if not words:
            return True
        verb = words[0].lower()
        verb = ALIASES.get(verb, verb)
        rest = words[1:]
        if verb == "quit":
            return False
        try:
            if verb in META:
                self.meta(verb, rest)
            elif verb in ACTION_OF:
                self.act(verb, rest)
            else:
                raise CommandError(f"unknown command {words[0]!r}: type help for the list")
        except GhostwriterError as e:
            self.say(self.style.warn(f"refused: {e}"))
        except Exception as e:  # never a traceback at the prompt
            if os.environ.get("GHOSTWRITER_DEBUG"):
                raise
            self.say(self.style.warn(f"internal error: {type(e).__name__}: {e} (set GHOSTWRITER_DEBUG=1 for details)"))
        return True

    def meta(self, verb: str, rest: list[str]) -> None:
        if verb == "help":
            self.say(HELP)
        elif verb == "board":
            self.board()
            self.guide()
        elif verb == "log":
            n = _number(rest, "log [N]", "N", 1, 10_000) if rest else None
            self.say(self.history(n))
        elif verb == "save":
            if len(rest) != 1:
                raise CommandError("usage: save FILE")
            self.save(rest[0])
        elif verb == "hint":
            n = _number(rest, "hint [N]", "N", 1, MAX_HINTS) if rest else DEFAULT_HINTS
            self.hint(n)

    def act(self, verb: str, rest: list[str]) -> None:
        from solver.game.engine import ACTIONS

        st = self.game.state
        if st.phase == "over":
            raise CommandError("the game is over: board, log, save FILE or quit")
        if st.current != 0:
            raise CommandError(f"it is {self.names[st.current]}'s turn")
        engine_action = ACTION_OF[verb]
        if st.turn.peek and verb != "preview":
            raise CommandError(f"first choose which of the cards looked at to discard: {self.peek_text()}")
        if st.phase not in ACTIONS[engine_action]:
            raise CommandError(f"{verb} is not for the {st.phase} phase; now: {self.phase_commands()}")
        move, search = None, None
        if verb == "play":
            if not rest:
                raise CommandError("usage: play WORD [CARD ...] (hint shows words and how to type them)")
            action, move, search = self.spell_of(rest[0], rest[1:])
        else:
            action = self.action_of(verb, rest)
        text = apply_described(self.game, action, self.style)
        self.say(f"You {text}.")
        if move is not None and search is not None:
            self.say(_indent(_table([move])))
            self.compare(move, search)
        if st.current != 0 or st.phase == "over":
            self.autosave()
        else:
            self.guide()

    def action_of(self, verb: str, rest: list[str]) -> dict[str, Any]:
        """The engine action of a playing command (arguments read and ranges checked, in people's numbering)."""
        st = self.game.state
        if verb in ("ink", "pass", "skip", "flush", "advert", "end"):
            if rest:
                raise CommandError(f"{verb} takes no arguments")
            return {"action": ACTION_OF[verb]}
        if verb in ("remover", "dump"):
            if len(rest) != 1:
                raise CommandError(f"usage: {verb} CODE")
            return {"action": verb, "card": rest[0]}
        if verb == "jail":
            if not 1 <= len(rest) <= 2 or (len(rest) == 2 and rest[1].lower() not in ("keep", "remove")):
                raise CommandError("usage: jail SLOT [keep|remove]")
            return {"action": "jail", "slot": self.slot(rest[0]), "keep": len(rest) == 1 or rest[1].lower() == "keep"}
        if verb == "preview":
            if not st.turn.peek:
                raise CommandError("no cards to look at now")
            if rest == ["keep"]:
                return {"action": "preview", "discard": []}
            if not rest or rest[0].lower() != "discard" or len(rest) < 2:
                raise CommandError(f"usage: preview discard I ... or preview keep; {self.peek_text()}")
            n = len(st.turn.peek)
            picks = sorted({_number([x], "preview discard I ...", "a card looked at", 1, n) - 1 for x in rest[1:]})
            return {"action": "preview", "discard": picks}
        if verb == "buy":
            if len(rest) != 1:
                raise CommandError("usage: buy SLOT or buy jail")
            if rest[0].lower() == "jail":
                return {"action": "buy", "jail": True}
            return {"action": "buy", "slot": self.slot(rest[0])}
        if verb in ("ink-buy", "convert"):
            if len(rest) != 1:
                raise CommandError(f"usage: {verb} N")
            return {"action": ACTION_OF[verb], "n": _number(rest, f"{verb} N", "N", 1, 999)}
        if verb == "power":
            return self.power_of(rest)
        if verb == "event":
            if len(rest) == 1 and rest[0].lower() == "keep":
                return {"action": "event"}
            if len(rest) == 2 and rest[0].lower() == "swap":
                return {"action": "event", "swap": self.seat_of(rest[1])}
            raise CommandError(f"usage: event keep or event swap PLAYER; {self.event_text()}")
        raise CommandError(f"unknown command {verb!r}")  # pragma: no cover

    def slot(self, text: str) -> int:
        n = len(self.game.state.offer_row)
        if n == 0:
            raise CommandError("the offer row is empty")
        return _number([text], "SLOT", "the slot", 1, n) - 1

    def power_of(self, rest: list[str]) -> dict[str, Any]:
        from solver.game.engine import POWERS

        if not rest:
            raise CommandError("usage: power NAME [ARGS]; your power is on the board")
        name = rest[0].lower()
        if name not in POWERS:
            titles = {v[0].lower(): k for k, v in POWERS.items()}
            name = titles.get(" ".join(rest).lower(), name)
            if name not in POWERS:
                raise CommandError(f"unknown power {rest[0]!r}: the powers are {', '.join(POWERS)}")
            rest = [name]
        args = rest[1:]
        action: dict[str, Any] = {"action": "power", "name": name}
        if name == "unnatural":
            if len(args) != 1:
                raise CommandError("usage: power unnatural SLOT")
            action["slot"] = self.slot(args[0])
        elif name == "exploration":
            if len(args) != 1:
                raise CommandError("usage: power exploration GENRE (adventure, horror, mystery or romance)")
            action["genre"] = args[0]
        elif name == "miniaturize":
            action["n"] = _number(args, "power miniaturize N", "N", 1, 999) if args else 1
        elif name in ("triangle", "journey"):
            action["cards"] = self.picks(args, name)
        elif args:
            raise CommandError(f"power {name} takes no arguments")
        return action

    def picks(self, args: list[str], name: str) -> dict[str, str]:
        """``PLAYER=CODE`` (a player's name or seat) for each opponent; a bare CODE when there is one opponent."""
        opponents = [q.seat for q in self.game.state.players if q.seat != 0]
        out: dict[str, str] = {}
        for token in args:
            who, sep, code = token.partition("=")
            if not sep:
                if len(opponents) != 1:
                    raise CommandError(f"usage: power {name} PLAYER=CODE ... (one for each opponent)")
                seat = opponents[0]
                code = who
            else:
                seat = self.seat_of(who)
            out[str(seat)] = code
        return out

    def seat_of(self, who: str) -> int:
        w = who.lower()
        for seat, name in enumerate(self.names):
            if seat and (name.lower() == w or str(seat) == w):
                return seat
        raise CommandError(
            f"no opponent {who!r}: the opponents are {', '.join(self.names[1:])} (or seats 1 to {len(self.names) - 1})"
        )

    # -- the word ---------------------------------------------------------------------------------------------

    def search(self) -> Search:
        from solver.search import Search

        return Search(self.game.lexicon, self.game.turn_state(), time_limit=HINT_TIME_LIMIT)

    def spell_of(self, word: str, tokens: list[str]) -> tuple[dict[str, Any], Move | None, Search]:
        """The spell action of ``play WORD [CARD ...]``, the ghost writer's reading of it (None when the layout
        cannot be read: the engine then says why) and the search that read it."""
        from solver.hardback.arrangement import read_arrangement
        from solver.text import normalize_word

        w = normalize_word(word)
        lex = self.game.lexicon
        if w not in lex:
            close = lex.close_words(w, 5)
            hint = f"; close words that are: {', '.join(close)}" if close else ""
            raise CommandError(f"{word.upper()!r} is not in the dictionary {lex.name!r}{hint}")
        search = self.search()
        move: Move | None = None
        if tokens:
            if len(tokens) != len(w):
                raise CommandError(
                    f"give one card a letter: {w.upper()} has {len(w)} letters, you gave {len(tokens)} cards"
                )
            layout = read_layout(tokens)
            try:
                move = search.move(read_arrangement(w, layout, search.pool, search.resolver))
            except GhostwriterError:
                move = None
        else:
            placement = search.solve(w)
            if placement is None:
                state = search.state
                why = ""
                if state.inked:
                    why = f" (every inked card, {', '.join(short(c.code) for c in state.inked)}, must be in it face-up)"
                elif len(w) < state.options.min_length:
                    why = f" (words need at least {state.options.min_length} letters)"
                raise CommandError(f"your cards cannot spell {w.upper()}{why}")
            move = search.move(placement)
            layout = [{"code": c.code, "face": c.face, "source": c.source} for c in move.cards]
        return {"action": "spell", "word": w, "layout": layout, "objective": "value"}, move, search

    def compare(self, move: Move, search: Search) -> None:
        """After the person's word: the ghost writer's best, when it is better."""
        try:
            best = search.top(1)
        except GhostwriterError:
            return
        if best and best[0].value > move.value + 1e-6:
            b = best[0]
            self.say(
                self.style.dim(
                    f"  the ghost writer's best was {b.word.upper()} ({b.prestige} prestige, {b.coins} coins, "
                    f"value {b.value:.2f} against your {move.value:.2f})"
                )
            )

    def hint(self, n: int) -> None:
        from solver.answers import hint as answers

        st = self.game.state
        if st.phase != "prepare" or st.current != 0:
            raise CommandError(f"hints are for your word, before it is played; now: {self.phase_commands()}")
        search = self.search()
        p = st.player
        constrained = bool(p.event or p.must_wild or p.disfigured)
        answer = answers.hint(search, min(n + 20, 1000) if constrained else n)
        moves = answer.moves
        if constrained:
            moves = [m for m in moves if self.allowed(m)][:n]
        text = _table(moves, f"the ghost writer's best words (by value, over {self.game.lexicon.name})")
        self.say(text)
        if "warning" in answer.json:
            self.say(f"  warning: {answer.json['warning']}")
        elif not moves:
            self.say(f"  {answer.json.get('reason') or 'no word the rules allow now'}; type pass to end your turn")
        if moves:
            self.say("  to play one, type:")
            for i, m in enumerate(moves, 1):
                self.say(f"  {i:>2}. play {m.word.upper()} {' '.join(layout_tokens(m, search.state))}")
        self.power_hint(moves[0].value if moves else 0.0)

    def power_hint(self, best: float) -> None:
        """With a power that changes what a word can be, the ghost writer weighs it too: the best word after
        using it, and what it adds to the best word without it."""
        from solver.bots.powers import power_moves

        found = power_moves(self.game, self.game.lexicon, time_limit=HINT_TIME_LIMIT / 4)
        found = [f for f in found if self.allowed_after(f.action, f.move)]
        if not found:
            return
        f = found[0]
        m = f.move
        gain = m.value - best
        verdict = f"{gain:+.2f} over your best word" if gain > 0 else "no better than your best word"
        self.say(
            f"  with your power, {f.label} for {f.cost} ink: {m.word.upper()} (value {m.value:.2f}, "
            f"{verdict}); to use it, type: {self.power_command(f.action)}, then hint again"
        )

    def power_command(self, action: dict[str, Any]) -> str:
        return "power " + str(action["name"]) + (f" {action['slot'] + 1}" if "slot" in action else "")

    def allowed_after(self, power: dict[str, Any], move: Move) -> bool:
        """Whether the engine accepts the power now and then the word (checked on a copy of the game; the word
        only where the power's card is known: an offer-row card, not a card still to be drawn)."""
        from solver.game.engine import Game
        from solver.game.state import GameState

        shadow = Game(GameState.from_json(self.game.state.to_json()), self.game.lexicon)
        try:
            shadow.apply(power)
            if "slot" in power:
                layout = [{"code": c.code, "face": c.face, "source": c.source} for c in move.cards]
                shadow.apply({"action": "spell", "word": move.word, "layout": layout})
        except GhostwriterError:
            return False
        return True

    def allowed(self, move: Move) -> bool:
        """Whether the engine accepts a move now (checked on a copy: events, wild journeys, disfigured letters)."""
        from solver.game.engine import Game
        from solver.game.state import GameState

        shadow = Game(GameState.from_json(self.game.state.to_json()), self.game.lexicon)
        try:
            shadow.apply(
                {
                    "action": "spell",
                    "word": move.word,
                    "layout": [{"code": c.code, "face": c.face, "source": c.source} for c in move.cards],
                }
            )
        except GhostwriterError:
            return False
        return True

    # -- what to do now ---------------------------------------------------------------------------------------

    def phase_commands(self) -> str:
        phase = self.game.state.phase
        from solver.game.engine import ACTIONS

        verbs = [
            v for v, a in ACTION_OF.items() if phase in ACTIONS[a] and (v != "preview" or self.game.state.turn.peek)
        ]
        if phase == "prepare":
            verbs.insert(0, "hint")
        return ", ".join(verbs)

    def peek_text(self) -> str:
        peek = self.game.state.turn.peek
        return "looking at " + ", ".join(f"{i}. {self.style.card(c)}" for i, c in enumerate(peek, 1))

    def event_text(self) -> str:
        """The event just drawn and the events it may be exchanged for."""
        from solver.game.engine import exchange_seats

        st = self.game.state
        drawn = st.player.event
        offers = [
            f"{self.names[s]} ({st.players[s].prestige} prestige) holds {st.players[s].event!r}: "
            f"{_event_text(self.game, st.players[s]) or 'no text'}"
            for s in exchange_seats(st)
        ]
        return f"you drew {drawn!r}: {_event_text(self.game, st.player) or 'no text'}; " + "; ".join(offers)

    def guide(self) -> None:
        """What the person can do in the current phase, with what it needs to know."""
        st = self.game.state
        if st.current != 0 or st.phase == "over":
            return
        t, p = st.turn, st.player
        if st.phase == "event":
            self.say(f"Event: {self.event_text()}. Type event keep, or event swap PLAYER.")
        elif t.peek:
            self.say(f"Preview: {self.peek_text()}. Type preview discard I ... or preview keep.")
        elif st.phase == "prepare":
            self.say(self.style.dim("Your word: play WORD, hint for ideas, ink to draw, pass to give up the turn."))
        elif st.phase == "choices":
            parts = []
            if t.dumps:
                discard = ", ".join(short(c.code) for c in p.discard)
                parts.append(f"dump CODE for {_plural(t.dumps[0], 'coin')} (your discard: {discard})")
            if t.jails:
                parts.append("jail SLOT [keep|remove]")
            self.say(f"Choices ({t.coins} coins so far): " + "; ".join(parts) + "; or skip.")
        elif st.phase == "buy":
            from solver.game.engine import ADVERTS, can_flush

            affordable = [
                f"{i}. {self.style.card(c)} ({c.cost}c)" for i, c in enumerate(st.offer_row, 1) if c.cost <= t.coins
            ]
            if p.jail and p.jail[0].cost <= t.coins:
                affordable.append(f"jail: {self.style.card(p.jail[0])} ({p.jail[0].cost}c)")
            others = []
            if not t.flushed and not t.bought and not st.options.coop and can_flush(st.offer_row):
                others.append("flush (the row qualifies)")
            if st.options.adverts and p.adverts < len(ADVERTS) and ADVERTS[p.adverts][0] <= t.coins:
                others.append(f"advert ({ADVERTS[p.adverts][0]}c for {ADVERTS[p.adverts][1]} prestige)")
            if t.coins:
                others.append("ink-buy N")
            if p.ink >= 3:
                others.append("convert N (3 ink a coin)")
            self.say(
                f"You have {t.coins} coin{'s' * (t.coins != 1)} and {p.ink} ink. "
                + (
                    "You can buy: " + ", ".join(affordable) + ". "
                    if affordable
                    else "Nothing in the row is affordable. "
                )
                + "Or: "
                + ", ".join([*others, "end"])
                + "."
            )

    # -- save and the log -----------------------------------------------------------------------------------------

    def save(self, path: str, quiet: bool = False) -> None:
        data = self.game.state.to_json()
        data["log"] = self.game.log
        data["seats"] = self.names_of_seats
        data["lexicon"] = self.words.to_json() if self.words else None
        target = Path(path)
        if target.is_dir():
            raise CommandError(f"{path} is a folder; give a file name")
        tmp = target.with_name(target.name + ".tmp")
        try:
            tmp.write_text(json.dumps(data, ensure_ascii=False) + "\n", encoding="utf-8")
            tmp.replace(target)
        except OSError as e:
            raise CommandError(f"cannot save to {path} ({e.strerror})") from None
        if not quiet:
            self.say(f"Saved to {path}: resume with ghostwriter play --load {path}")

    def history(self, last: int | None = None) -> str:
        """The game so far, a line a turn, replayed from its log on a fresh deal of the same seed."""
        from solver.game.engine import Game

        st = self.game.state
        try:
            shadow = Game.new(st.options, st.seed, self.game.lexicon)
        except GhostwriterError as e:
            return f"the log cannot be replayed ({e})"
        turns: list[tuple[int, int, list[str]]] = []
        for action in self.game.log:
            ss = shadow.state
            key = (ss.turns, ss.current)
            if not turns or (turns[-1][0], turns[-1][1]) != key:
                turns.append((key[0], key[1], []))
            try:
                turns[-1][2].append(apply_described(shadow, action, self.style))
            except GhostwriterError as e:
                turns[-1][2].append(f"{action.get('action')} (cannot be replayed: {e})")
                break
        if not turns:
            return "nothing played yet"
        shown = turns[-last:] if last else turns
        text = "\n".join(f"  turn {n + 1:>3}  {self.names[seat]}: {summarize_turn(lines)}" for n, seat, lines in shown)
        if shadow.state.to_json() != st.to_json():
            text += "\n  (this log does not replay to the game as it stands: the saved game was changed by hand?)"
        return text


# -- small helpers ------------------------------------------------------------------------------------------------


def _display_names(seats: Sequence[str]) -> list[str]:
    """Seat names people can tell apart: a bot named twice is numbered (medium-1, medium-2)."""
    out = []
    for i, name in enumerate(seats):
        same = [j for j, n in enumerate(seats) if n == name]
        out.append(f"{name}-{same.index(i) + 1}" if len(same) > 1 and i else name)
    return out


def _number(words: Sequence[str], usage: str, name: str, low: int, high: int) -> int:
    """One whole number from ``low`` to ``high``; a ``CommandError`` naming it and its range otherwise."""
    if len(words) != 1:
        raise CommandError(f"usage: {usage}")
    try:
        n = int(words[0])
    except ValueError:
        raise CommandError(f"{name} must be a number from {low} to {high}, not {words[0]!r} ({usage})") from None
    if not low <= n <= high:
        raise CommandError(f"{name} must be from {low} to {high}, not {n}")
    return n


def _table(moves: list[Move], title: str = "") -> str:
    from solver.hardback.moves import format_table

    return format_table(moves, title)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def _indent(text: str) -> str:
    return "\n".join("  " + line for line in text.splitlines())
