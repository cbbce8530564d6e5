"""The play command's vocabulary: the commands people type, and how a command line becomes an engine action
(arguments read and ranges checked in people's numbering: slots and previewed cards count from 1 here)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from solver.cli.play.render import Style, event_text
from solver.errors import GhostwriterError
from solver.game.hardback.actions import (
    Action,
    Advert,
    Buy,
    Convert,
    Dump,
    End,
    EventChoice,
    Flush,
    Ink,
    InkBuy,
    Jail,
    LayoutEntry,
    Look,
    Pass,
    Power,
    Preview,
    Remover,
    Return,
    Skip,
    Spell,
)
from solver.game.hardback.engine import Game
from solver.game.hardback.narrate import peek_text, short
from solver.game.hardback.rules import ACTIONS, POWERS
from solver.hardback.arrangement import read_arrangement
from solver.hardback.choices import CardChoices
from solver.hardback.moves import Move
from solver.hardback.profile import Source
from solver.hardback.resolve import Face
from solver.search.hardback import Search
from solver.text import normalize_word

HINT_TIME_LIMIT = 20.0

HELP = """\
Commands (one a line; slots and previewed cards are numbered from 1):
  before your word (prepare)
    hint [N]                   the ghost writer's N best words for your cards (default 5), and how to type them
                               (later in your turn: the expert's next action and its chance to win)
    play WORD [CARD ...]       spell WORD; without cards the ghost writer lays it out at its best, else one card
                               a letter, left to right: CODE, CODE/wild (face-down), CODE/uncovered, and
                               CODE@hand|@inked|@mine|@other when the same card is in two places;
                               ghost=PLAYER (with --ghost-writer) credits the player who suggested it;
                               then each choice your cards offer is asked, the ghost writer's pick as default
                               (Enter takes it); or give them inline after +: h:O4+coins (or +prestige),
                               h:H7+ink (or +remover), a:C3+trash (or +keep), r:F6+left (or +right)
    ink                        spend an ink: draw a card that must be in your word face-up
    remover CODE               spend a remover: an inked card becomes a normal hand card
    power NAME [ARGS]          use your player power (unnatural SLOT, exploration GENRE, miniaturize N,
                               triangle/journey PLAYER=CODE ...)
    pass                       writer's block: discard your hand, the turn is over
  after your word (choices)
    dump CODE                  trash a card of your discard pile for the dump's coins
    jail SLOT [keep|remove]    reserve an offer-row card in your jail (keep) or remove it from the game
    look                       use a preview: look at the top cards of your draw pile
    preview discard I ...      of the cards looked at, discard these (preview keep: keep them all)
                               the choices resolve in the order you give them
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
  when a bot's printed Horror H makes you return an unused ink or remover and you hold both (return)
    return ink | return remover   the token you give back (holding one kind only, it is returned for you)
  out of turn (the rulebook: ink may be used "At any time before you Create a Word, even during another
  player's turn"; bots play at once, so you give the order beforehand)
    ahead N                    draw N cards with ink at the start of the next player's turn, before their word
                               (printed Horror H then finds that ink used): they join your inked cards and must
                               be in your next word face-up; ahead 0 cancels the order
  any time
    board                      show the board again
    log [N]                    what happened, turn by turn (the last N turns)
    save FILE                  save the game (resume it with --load FILE)
    help                       this list
    quit                       leave the game (EOF does the same)"""


# The engine action each playing command becomes, for the phase check.
# The engine action each playing command becomes, for the phase check.
ACTION_OF = {
    "play": "spell",
    "ink": "ink",
    "remover": "remover",
    "power": "power",
    "pass": "pass",
    "dump": "dump",
    "jail": "jail",
    "look": "look",
    "preview": "preview",
    "skip": "skip",
    "flush": "flush",
    "buy": "buy",
    "ink-buy": "ink_buy",
    "convert": "convert",
    "advert": "advert",
    "end": "end",
    "event": "event",
    "return": "return",
}

ALIASES = {"ink_buy": "ink-buy", "inkbuy": "ink-buy", "spell": "play", "exit": "quit", "?": "help", "h": "help"}

META = ("hint", "board", "log", "save", "help", "quit", "ahead")


# The commands that take no arguments, and their actions.
BARE: dict[str, Action] = {
    "ink": Ink(),
    "pass": Pass(),
    "skip": Skip(),
    "look": Look(),
    "flush": Flush(),
    "advert": Advert(),
    "end": End(),
}


class CommandError(GhostwriterError):
    """A command that cannot be read, or that the rules refuse now (the game is unchanged)."""


def read_layout(tokens: Sequence[str]) -> tuple[LayoutEntry, ...]:
    """``r:F6/wild E a:A5@inked h:O4+coins`` as the spell action's layout: one entry a letter, each with the
    choices typed after ``+`` (``read_picks``)."""
    out = []
    for token in tokens:
        token, choices = read_picks(token)
        code, face, source = token, Face.UP, None
        for f in (Face.WILD, Face.UNCOVERED, Face.UP):
            if code.lower().endswith("/" + f.value):
                code, face = code[: -len(f.value) - 1], f
                break
        if "@" in code:
            code, _, place = code.rpartition("@")
            try:
                source = Source(place.lower())
            except ValueError:
                raise CommandError(f"{token}: the place after @ is hand, inked, mine or other") from None
        if not code:
            raise CommandError(f"{token}: give a card code, e.g. r:F6 or E")
        out.append(LayoutEntry(code, face, source, choices))
    return tuple(out)


PICKS = {
    "coins": ("either", "coins"),
    "prestige": ("either", "prestige"),
    "ink": ("token", "ink"),
    "remover": ("token", "remover"),
    "trash": ("trash", True),
    "keep": ("trash", False),
    "left": ("double", "left"),
    "right": ("double", "right"),
}


def read_picks(token: str) -> tuple[str, CardChoices | None]:
    """A layout token's card part and the choices typed after it: ``h:O4+coins``, ``a:C3+keep``, ``r:F6+left``
    (``+`` after a custom card's closing brace); a card with two either benefits takes ``+coins+prestige``."""
    cut = token.find("+", token.rfind("}") + 1)
    if cut < 0:
        return token, None
    card, picks = token[:cut], token[cut + 1 :].lower().split("+")
    made: dict[str, list[str]] = {}
    for pick in picks:
        if pick not in PICKS:
            raise CommandError(f"{token}: after + give {', '.join(PICKS)} (the card's choice), not {pick!r}")
        key, value = PICKS[pick]
        made.setdefault(key, []).append(str(value))
    if len(made.get("trash", [])) > 1:
        raise CommandError(f"{token}: +trash or +keep, once")

    def answers(key: str) -> tuple[str, ...] | None:
        return tuple(made[key]) if key in made else None

    trash = made["trash"][0] == "True" if "trash" in made else None
    return card, CardChoices(answers("either"), answers("token"), trash, answers("double"))


def number(words: Sequence[str], usage: str, name: str, low: int, high: int) -> int:
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


def phase_commands(game: Game) -> str:
    """The commands the engine accepts now (each kind of action tried on a copy: no ink without ink, no power
    without a power to use, no advert without the coins), a word in the prepare phase, and hint there."""
    from solver.game.hardback.legal import candidates

    st = game.state
    t = st.turn
    kinds = {c.KIND for c in candidates(st) if game.allows(c)} | ({"spell"} if st.phase == "prepare" else set())
    verbs = [
        v
        for v, a in ACTION_OF.items()
        if st.phase in ACTIONS[a]
        and (v != "preview" or t.peek)
        and (v != "look" or (t.previews and not t.peek))
        and a in kinds
    ]
    if st.phase == "prepare":
        verbs.insert(0, "hint")
    return ", ".join(verbs)


@dataclass
class Reader:
    """Reads the person's playing commands (seat 0) into engine actions, against the game as it stands."""

    game: Game
    names: list[str]  # the seats' names, as people call them
    style: Style
    familiar: float | None = None  # hints keep to words at least this familiar (play --familiar)

    def action_of(self, verb: str, rest: list[str]) -> Action:
        """The engine action of a playing command other than play (arguments read and ranges checked)."""
        st = self.game.state
        if verb in BARE:
            if rest:
                raise CommandError(f"{verb} takes no arguments")
            return BARE[verb]
        if verb in ("remover", "dump"):
            if len(rest) != 1:
                raise CommandError(f"usage: {verb} CODE")
            return Remover(rest[0]) if verb == "remover" else Dump(rest[0])
        if verb == "jail":
            if not 1 <= len(rest) <= 2 or (len(rest) == 2 and rest[1].lower() not in ("keep", "remove")):
                raise CommandError("usage: jail SLOT [keep|remove]")
            return Jail(self.slot(rest[0]), len(rest) == 1 or rest[1].lower() == "keep")
        if verb == "preview":
            if not st.turn.peek:
                raise CommandError("no cards to look at now")
            if rest == ["keep"]:
                return Preview(())
            if not rest or rest[0].lower() != "discard" or len(rest) < 2:
                raise CommandError(f"usage: preview discard I ... or preview keep; {peek_text(self.game, self.style)}")
            n = len(st.turn.peek)
            picks = sorted({number([x], "preview discard I ...", "a card looked at", 1, n) - 1 for x in rest[1:]})
            return Preview(tuple(picks))
        if verb == "buy":
            if len(rest) != 1:
                raise CommandError("usage: buy SLOT or buy jail")
            return Buy(None if rest[0].lower() == "jail" else self.slot(rest[0]))
        if verb in ("ink-buy", "convert"):
            if len(rest) != 1:
                raise CommandError(f"usage: {verb} N")
            n = number(rest, f"{verb} N", "N", 1, 999)
            return InkBuy(n) if verb == "ink-buy" else Convert(n)
        if verb == "power":
            return self.power_of(rest)
        if verb == "return":
            if len(rest) != 1 or rest[0].lower() not in ("ink", "remover"):
                raise CommandError("usage: return ink or return remover (the token you give back)")
            return Return(0, rest[0].lower())
        if verb == "event":
            if len(rest) == 1 and rest[0].lower() == "keep":
                return EventChoice()
            if len(rest) == 2 and rest[0].lower() == "swap":
                return EventChoice(self.seat_of(rest[1]))
            raise CommandError(f"usage: event keep or event swap PLAYER; {event_text(self.game, self.names)}")
        raise CommandError(f"unknown command {verb!r}")  # pragma: no cover

    def slot(self, text: str) -> int:
        n = len(self.game.state.offer_row)
        if n == 0:
            raise CommandError("the offer row is empty")
        return number([text], "SLOT", "the slot", 1, n) - 1

    def power_of(self, rest: list[str]) -> Power:
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
        if name == "unnatural":
            if len(args) != 1:
                raise CommandError("usage: power unnatural SLOT")
            return Power(name, slot=self.slot(args[0]))
        if name == "exploration":
            if len(args) != 1:
                raise CommandError("usage: power exploration GENRE (adventure, horror, mystery or romance)")
            return Power(name, genre=args[0])
        if name == "miniaturize":
            return Power(name, n=number(args, "power miniaturize N", "N", 1, 999) if args else 1)
        if name in ("triangle", "journey"):
            return Power(name, cards=self.picks(args, name))
        if args:
            raise CommandError(f"power {name} takes no arguments")
        return Power(name)

    def picks(self, args: list[str], name: str) -> tuple[tuple[int, str], ...]:
        """``PLAYER=CODE`` (a player's name or seat) for each opponent; a bare CODE when there is one opponent."""
        opponents = [q.seat for q in self.game.state.players if q.seat != 0]
        out: dict[int, str] = {}
        for token in args:
            who, sep, code = token.partition("=")
            if not sep:
                if len(opponents) != 1:
                    raise CommandError(f"usage: power {name} PLAYER=CODE ... (one for each opponent)")
                seat = opponents[0]
                code = who
            else:
                seat = self.seat_of(who)
            out[seat] = code
        return tuple(out.items())

    def seat_of(self, who: str) -> int:
        w = who.lower()
        for seat, name in enumerate(self.names):
            if seat and (name.lower() == w or str(seat) == w):
                return seat
        raise CommandError(
            f"no opponent {who!r}: the opponents are {', '.join(self.names[1:])} (or seats 1 to {len(self.names) - 1})"
        )

    def search(self) -> Search:
        return Search(self.game.lexicon, self.game.turn_state(), time_limit=HINT_TIME_LIMIT)

    def spell_of(self, word: str, tokens: list[str]) -> tuple[Spell, Move | None, Search]:
        """The spell action of ``play WORD [CARD ...]``, the ghost writer's reading of it (None when the layout
        cannot be read: the engine then says why) and the search that read it."""
        w = normalize_word(word)
        lex = self.game.lexicon
        if w not in lex:
            close = lex.close_words(w, 5)
            hint = f"; close words that are: {', '.join(close)}" if close else ""
            raise CommandError(f"{word.upper()!r} is not in the dictionary {lex.name!r}{hint}")
        search = self.search()
        if not tokens:
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
            return Spell.of_move(move, choices=False), move, search  # the person makes the choices
        if len(tokens) != len(w):
            raise CommandError(
                f"give one card a letter: {w.upper()} has {len(w)} letters, you gave {len(tokens)} cards"
            )
        layout = read_layout(tokens)
        read: Move | None
        try:
            read = search.move(read_arrangement(w, [e.to_json() for e in layout], search.pool, search.resolver))
        except GhostwriterError:
            read = None
        return Spell(w, layout), read, search
