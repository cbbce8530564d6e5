"""``ghostwriter play --game paperback``: a person against Paperback bots at the terminal, a small loop.

Each of the person's turns shows the hand, the Offer, the Fame piles and the length track; the prompt reads::

    spell WORD PIECE ... [/ TRASH ...] [@S]  a word laid out: hand card N (from 1), N=e a wild as e, Nr a
                                         two-letter card reversed, c the Common card, _ the Spacebar; N[ABILITY]
                                         (c[ABILITY]): what the card's copy ability copies, e.g. 2[trash-hand]
                                         (one [..] a copy ability; none: the best for the score); after /, the
                                         abilities resolved in order: hN trashes hand card N, oP (or oPr) the card
                                         showing on Offer pile P's top (or row), gP (gPr) gains it, hN>P trashes
                                         hand card N and gains pile P's; @S: seat S suggested the word
                                         and gains a cube (--cube-advice)
    hint [N] [score|length|value]        the ghost writer's N best words (5) by the objective (score; length:
                                         the longest; value: score, gaining the Common card, cards next hand),
                                         each with its spell command
    play N                               play hint N as the ghost writer laid it out
    pass                                 no word: the turn ends
    buy P [row] | buy fame F             a card of Offer pile P (from 1: 2¢ ... 8¢-10¢), or of Fame pile F
    end                                  end the turn
    cash N                               cash N of your cubes for +1c each, after your word (--cube-advice,
                                         --cube-discard)
    cube                                 no word: discard your hand for a cube; the turn ends (--cube-discard)
    place F                              co-op: this turn's cube on uncovered pyramid card F (due on a turn that
                                         buys no Fame card, before end or pass); buy fame F buys card F
    board, help, save [FILE], quit

Every command that plays is one engine action (``PaperbackGame.apply``): a refused one prints the engine's reason
and changes nothing. The bots (``solver.bots.paperback``) play the other seats, each turn told in a line.
"""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, Any

from solver.advice.suggest import suggest
from solver.advice.words import suggestion_text
from solver.bots.paperback import PaperbackBot, spell_of, turn_state
from solver.bots.paperback_expert import make_any
from solver.bots.registry import bot_seed
from solver.cli.play.loop import TurnLoop
from solver.cli.play.saves import Saves
from solver.errors import GhostwriterError
from solver.game.hardback.actions import IllegalActionError
from solver.game.paperback import Buy, End, PaperbackGame, Pass, Piece, Spell, Step, expansions, timer
from solver.game.paperback.actions import Action, Cash, Discard, Place
from solver.game.paperback.engine import BUY
from solver.game.paperback.protocol import PaperbackTable
from solver.paperback.abilities import parse_ability
from solver.paperback.deck import OFFER_PILES
from solver.paperback.moves import PaperbackObjective
from solver.search.paperback import PaperbackSearch

if TYPE_CHECKING:
    from solver.cli.play.session import Lines

HUMAN = "you"
DEFAULT_HINTS = 5
MAX_HINTS = 50
HINT_SECONDS = 10.0
OBJECTIVES = tuple(o.value for o in PaperbackObjective)  # hint's objectives: score (the default), length, value
PILE_NAMES = ["2¢", "3¢", "4¢", "5¢", "6¢", "7¢", "8¢-10¢"]
HELP = __doc__.split("::", 1)[1].split("Every command", 1)[0].rstrip() if __doc__ else ""


class CommandError(GhostwriterError):
    """A command line that cannot be read into an action."""


def _number(text: str, what: str, high: int) -> int:
    if not text.isdigit() or not 1 <= int(text) <= high:
        raise CommandError(f"{what} is a number from 1 to {high} (got {text!r})")
    return int(text) - 1


def _piece(token: str, hand: int) -> Piece:
    """One piece of ``spell``'s layout: N, N=e, Nr, c or _, each card with its copies as [ABILITY] after it."""
    p, _, tail = token.lower().partition("[")
    copies: tuple[str, ...] = ()
    if tail:
        if not tail.endswith("]"):
            raise CommandError(f"{token}: what a copy ability copies goes in brackets, e.g. 2[trash-hand]")
        copies = tuple(tail[:-1].split("]["))
        try:
            copies = tuple(str(parse_ability(a)) for a in copies)
        except GhostwriterError as e:
            raise CommandError(f"{token}: {e}") from None
    if p == "c":
        return Piece(common=True, copies=copies)
    if copies and p == "_":
        raise CommandError(f"{token}: the Spacebar has no copy ability")
    if p == "_":
        return Piece(space=True)
    if "=" in p:
        n, _, letter = p.partition("=")
        if len(letter) != 1 or not letter.isalpha():
            raise CommandError(f"{token}: a wild stands for one letter, e.g. 5=a")
        return Piece(card=_number(n, "a hand card", hand), as_letter=letter, copies=copies)
    if p.endswith("r"):
        return Piece(card=_number(p[:-1], "a hand card", hand), reversed=True, copies=copies)
    return Piece(card=_number(p, "a hand card", hand), copies=copies)


def read_spell(words: list[str], hand: int) -> Spell:
    """``spell WORD PIECE ... [/ TRASH ...]`` read into the engine's spell action (hand numbers from 1)."""
    if len(words) < 2:
        raise CommandError("spell WORD PIECE ...: e.g. spell rat 1 5=a 3 (hand cards from 1; c the Common card)")
    word, rest = words[0], words[1:]
    adviser = None
    if rest and rest[-1].startswith("@"):
        tag = rest[-1][1:]
        if not tag.isdigit() or len(tag) > 2:
            raise CommandError("@S: the seat that suggested the word, as the board numbers them (e.g. @1)")
        adviser = int(tag)
        rest = rest[:-1]
    trashes: list[str] = []
    if "/" in rest:
        k = rest.index("/")
        rest, trashes = rest[:k], rest[k + 1 :]
    if not rest:
        raise CommandError("spell: give the word's pieces left to right after the word, e.g. spell rat 1 5=a 3")
    layout = [_piece(piece, hand) for piece in rest]
    resolve = [_step(t.lower(), hand) for t in trashes]
    return Spell(word.lower(), tuple(layout), tuple(resolve), adviser)


def _pile(text: str) -> tuple[int, str]:
    """``P`` or ``Pr``: an Offer pile (from 1) and its top or row."""
    row = text.endswith("r")
    return _number(text[:-1] if row else text, "an Offer pile", OFFER_PILES), "row" if row else "top"


def _step(t: str, hand: int) -> Step:
    """One ability resolved: hN, oP / oPr, gP / gPr (a gain), hN>P / hN>Pr (a trash-gain)."""
    if t.startswith("h") and ">" in t:
        card, _, to = t[1:].partition(">")
        pile, slot = _pile(to)
        return Step("hand-gain", card=_number(card, "a hand card", hand), pile=pile, slot=slot)
    if t.startswith("h"):
        return Step("hand", card=_number(t[1:], "a hand card", hand))
    if t.startswith(("o", "g")):
        pile, slot = _pile(t[1:])
        return Step("offer" if t.startswith("o") else "gain", pile=pile, slot=slot)
    raise CommandError(
        f"{t}: a trash is hN (hand card N) or oP / oPr (Offer pile P's top / row); a gain gP / gPr, or hN>P to "
        "trash hand card N for pile P's card"
    )


def spell_command(spell: Spell) -> str:
    """The command that plays a spell action (the inverse of ``read_spell``)."""
    parts = ["spell", spell.word.replace(" ", "_")]
    for p in spell.layout:
        if p.common:
            parts.append("c")
        elif p.space:
            parts.append("_")
        else:
            assert p.card is not None
            parts.append(f"{p.card + 1}" + (f"={p.as_letter}" if p.as_letter else "") + ("r" if p.reversed else ""))
        parts[-1] += "".join(f"[{a}]" for a in p.copies)
    if spell.resolve:
        parts.append("/")
        for s in spell.resolve:
            pile = f"{s.pile + 1}" + ("r" if s.slot == "row" else "")
            named = {"hand": f"h{s.card + 1}", "offer": f"o{pile}", "gain": f"g{pile}"}
            parts.append(named.get(s.trash, f"h{s.card + 1}>{pile}"))
    if spell.advice_from is not None:
        parts.append(f"@{spell.advice_from}")
    return " ".join(parts)


def describe(game: PaperbackGame, actions: list[Action]) -> str:
    """A turn in a line: the word (and its score) or a pass, the cards bought."""
    parts: list[str] = []
    for a in actions:
        if isinstance(a, Spell):
            parts.append(f"spelled {a.word.upper()}")
        elif isinstance(a, Pass):
            parts.append("passed")
        elif isinstance(a, Buy) and game.state.simul is not None and a.pile == "offer":
            parts.append(f"took row card {a.index + 1}")  # (simultaneous play: the row's places, the draft's picks)
        elif isinstance(a, Buy):
            fame = ("pyramid card " if game.state.coop is not None else "Fame pile ") + str(a.index + 1)
            parts.append(f"bought from {fame if a.pile == 'fame' else PILE_NAMES[a.index]}")
        elif isinstance(a, Cash):
            parts.append(f"cashed {a.cubes} cube{'s' if a.cubes != 1 else ''}")
        elif isinstance(a, Discard):
            parts.append("discarded the hand for a cube")
        elif isinstance(a, Place):
            parts.append(f"put a cube on pyramid card {a.card + 1}")
    return ", ".join(parts) or "did nothing"


@dataclass
class PaperbackSession(TurnLoop):
    game: PaperbackGame
    seats: list[str]  # HUMAN, then the bots' names
    stdin: Lines
    stdout: IO[str]
    save_path: str | None = None
    words: dict[str, Any] | None = None  # the word list's choice, recorded in the saves
    bots: dict[int, PaperbackBot] = field(default_factory=dict)
    hints: list[Spell] = field(default_factory=list)
    saves: Saves = field(default_factory=Saves)  # the saves whose last write failed
    label = " (Paperback)"

    def __post_init__(self) -> None:
        for seat, name in enumerate(self.seats):
            if seat:
                self.bots[seat] = make_any(name, self.game.lexicon, bot_seed(self.game.state.seed, seat))

    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")

    def name(self, seat: int) -> str:
        return "You" if seat == 0 else f"{self.seats[seat]} (seat {seat})"

    # -- the screen ------------------------------------------------------------------------------------------------

    def board(self) -> str:
        st = self.game.state
        lines = [f"Turn {st.turns + 1} · {st.deck.name} deck · words of {expansions.min_length(st)}+ letters"]
        fame = ", ".join(
            f"{self.name(s)} {f} Fame, {st.commons_of(s)} Common" for s, f in enumerate(self.game.scores())
        )
        lines.append(f"Scores: {fame}")
        if st.track:
            lines.append(
                f"Length track: the Common card {st.card(st.track[0]).code} (a word of {st.threshold}+ letters "
                f"gains it); {len(st.track)} Common card{'s' if len(st.track) != 1 else ''} left"
            )
        else:
            lines.append("Length track: spent (no Common card)")
        if st.coop is None:
            piles = "  ".join(f"{i + 1}) {st.deck.fame[i].cost}¢ ×{len(pile)}" for i, pile in enumerate(st.fame))
            lines.append(f"Fame piles: {piles}")
        else:
            lines += self.pyramid()
        if st.cubes is not None:
            held = ", ".join(f"{self.name(s)} {n}" for s, n in enumerate(st.cubes.held))
            lines.append(f"Cubes: {st.cubes.supply} in the supply; held: {held}")
        if st.simul is not None:
            lines += self.simultaneous()
        else:
            lines += self.offer()
        lines += expansions.lines(st, self.name)
        shown = timer.view(st, self.game.clock())
        for b in shown["bounty"] if shown is not None else []:  # the turn timer: a hand past it offers a bounty
            lines.append(f"Time's up: {self.name(b['seat'])} offer{'' if b['seat'] == 0 else 's'} a bounty, the hand "
                         f"shown: {' '.join(b['hand'])} (a word suggested may name its adviser: @S)")
        hand = st.players[0].hand
        lines.append("Your hand: " + "  ".join(f"{i + 1}) {st.card(c).code}" for i, c in enumerate(hand)))
        return "\n".join(lines)

    def offer(self) -> list[str]:
        """The Offer's piles, each its top card and row card."""
        st = self.game.state
        lines = ["Offer:"]
        for p in range(OFFER_PILES):
            top = st.showing(p, "top")
            row = st.showing(p, "row")
            text = f"  {p + 1}) {PILE_NAMES[p]:<7} top {self.code(top) if top is not None else '-'}"
            if row is not None:
                text += f"   row {self.code(row)}"
                tokens = st.cubes.on(row) if st.cubes is not None else 0
                if tokens:
                    text += f" ({tokens} token{'s' if tokens != 1 else ''}: {st.price(row)}¢)"
            lines.append(text)
        return lines

    def simultaneous(self) -> list[str]:
        """Simultaneous play: the row of 10 (buy P takes card P), the deck, the round's stage and its order."""
        st = self.game.state
        simul = st.simul
        assert simul is not None
        cards = "  ".join(f"{k + 1}) {self.code(c) if c is not None else '-'}" for k, c in enumerate(st.row))
        lines = [f"Offer row (buy P takes card P; {len(simul.deck)} in the deck): {cards}"]

        def names(seats: list[int]) -> str:
            return ", ".join(self.name(s) for s in seats) or "none"

        if simul.stage == "draft":
            lines.append(f"Draft (a free card each, in this order): {names(simul.draft)}")
        elif simul.stage == "words":
            lines.append(f"Round {simul.round + 1}: announced {names(simul.order)}; bumped {names(simul.bumped)}")
        else:
            lines.append(f"Round {simul.round + 1}: buying now {self.name(st.current)}; then {names(simul.queue)}")
            if st.current == 0 and st.phase == "buy":
                lines.append(f"Your word's {st.coins}¢ to spend: {self.affordable() or 'nothing you can afford'}.")
        return lines

    def pyramid(self) -> list[str]:
        """Co-op's pyramid, the top row first: each card's number, cost and cubes; covered cards in brackets."""
        st = self.game.state
        coop, cubes = st.coop, st.cubes
        assert coop is not None and cubes is not None
        rows = st.deck.pyramid_rows(len(st.players))
        lines = [
            f"Pyramid (co-op: buy fame F an uncovered card; a turn without one puts a cube on one; "
            f"{st.options.coop_loss_cubes} cubes on a card lose; {coop.left()} cards left):"
        ]
        k = 0
        cells: list[list[str]] = []
        for row in rows:
            out = []
            for _ in row:
                card = coop.pyramid[k]
                if card is None:
                    out.append(f"{k + 1}) --")
                else:
                    dots = "*" * cubes.on(card)
                    text = f"{k + 1}) {st.box[card].cost}¢{' ' + dots if dots else ''}"
                    out.append(text if coop.uncovered(k) else f"[{text}]")
                k += 1
            cells.append(out)
        lines += ["  " + "  ".join(r) for r in reversed(cells)]
        return lines

    def code(self, card: int) -> str:
        """A card as the board shows it: its code, and an Attack card's attacks."""
        st = self.game.state
        attack = st.box[card].attack
        return st.card(card).code + (f" [attack {' '.join(map(str, attack))}]" if attack else "")

    # -- the loop --------------------------------------------------------------------------------------------------

    def play(self) -> int:
        """Play to the end; a save whose last write failed ends it with a ``WriteError`` (exit 74)."""
        code = self.loop()
        self.saves.check()
        return code

    # the loop's hooks (``TurnLoop.loop``)

    def playing(self) -> PaperbackTable:
        return PaperbackTable(self.game)

    def turns(self) -> int:
        return self.game.state.turns

    def opponents(self) -> list[str]:
        return self.seats[1:]

    def new_turn(self) -> None:
        self.hints = []
        self.say()
        self.say(self.board())

    def read(self) -> str | None:
        self.stdout.write(f"{HUMAN} ({self.game.state.phase})> ")
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.say()
            return None
        return line.strip()

    def at_the_end(self) -> int:
        self.finish()
        return 0

    def bot_turn(self) -> None:
        st = self.game.state
        seat = st.current
        before = len(self.game.log)
        bot = self.bots[seat]
        if st.phase == BUY:
            bot.finish_turn(self.game)
        else:
            bot.play_turn(self.game)
        self.say(f"{self.seats[seat]}: {describe(self.game, self.game.log[before:])}.")
        self.autosave()

    def command(self, line: str) -> bool:
        """One command; False to quit."""
        try:
            words = shlex.split(line)
        except ValueError as e:
            self.say(f"Cannot read that: {e}")
            return True
        if not words:
            return True
        head, rest = words[0].lower(), words[1:]
        if head in ("quit", "exit", "q"):
            return False
        if head in ("help", "?"):
            self.say(HELP)
            return True
        if head == "board":
            self.say(self.board())
            return True
        if head == "save":
            self.save(rest[0] if rest else self.save_path)
            return True
        if head == "hint":
            self.hint(rest)
            return True
        try:
            action = self.action(head, rest)
        except CommandError as e:
            self.say(str(e))
            return True
        if action is None:
            self.say(f"Unknown command {head!r}: type help for the commands.")
            return True
        self.apply(action)
        return True

    def action(self, head: str, rest: list[str]) -> Action | None:
        st = self.game.state
        hand = len(st.players[0].hand)
        if head == "spell":
            return read_spell(rest, hand)
        if head == "play":
            if not self.hints:
                raise CommandError("no hints yet: type hint first, then play N")
            if len(rest) != 1:
                raise CommandError("play N: the hint's number")
            return self.hints[_number(rest[0], "a hint", len(self.hints))]
        if head == "pass":
            return Pass()
        if head == "end":
            return End()
        if head == "cash":
            if len(rest) != 1 or not rest[0].isdigit() or not 1 <= int(rest[0]) <= 99:
                raise CommandError("cash N: how many of your cubes to cash, for +1¢ each")
            return Cash(int(rest[0]))
        if head == "cube":
            return Discard()
        if head == "place":
            if st.coop is None:
                raise CommandError("place F is a co-op command (--coop)")
            if len(rest) != 1:
                raise CommandError("place F: the number of an uncovered pyramid card")
            return Place(_number(rest[0], "a pyramid card", len(st.coop.pyramid)))
        if head == "buy":
            if rest[:1] == ["fame"]:
                if len(rest) != 2:
                    raise CommandError("buy fame F: a Fame pile's number (co-op: a pyramid card's), from 1")
                count = len(st.coop.pyramid) if st.coop is not None else len(st.fame)
                return Buy("fame", _number(rest[1], "a Fame card" if st.coop is not None else "a Fame pile", count))
            if len(rest) not in (1, 2) or (len(rest) == 2 and rest[1] not in ("row", "top")):
                raise CommandError("buy P [row] or buy fame F: an Offer pile's number, from 1 (its top card)")
            slot = rest[1] if len(rest) == 2 else "top" if st.simul is None else "row"  # (simultaneous: the row)
            return Buy("offer", _number(rest[0], "an Offer pile", len(st.offer)), slot)
        return None

    def apply(self, action: Action) -> None:
        st = self.game.state
        buyer = st.players[st.current]
        simul = st.simul.stage if st.simul is not None else None
        picked = st.row[action.index] if isinstance(action, Buy) and action.index < len(st.row) else None
        try:
            self.game.apply(action)
        except IllegalActionError as e:
            self.say(f"Refused: {e}")
            return
        if simul == "words" and isinstance(action, Spell):  # simultaneous play: announced, bought with later
            bumped = st.simul is not None and 0 in st.simul.bumped
            move = self.game.last_move
            told = "an invalid word: bumped to the end of the buy order" if bumped else (
                f"score {move.score if move is not None else 0}; you buy in the order announced"
            )
            self.say(f"You announced {action.word.upper()} ({told}).")
        elif simul == "draft" and picked is not None:
            self.say(f"You drafted {st.card(picked).code}.")
        elif isinstance(action, Spell):
            move = self.game.last_move
            shifted = f" (score {move.score})" if move is not None and move.score != st.coins else ""
            self.say(f"You spelled {action.word.upper()}: {st.coins}¢ to spend{shifted}.")
            affordable = self.affordable()
            self.say(f"You can buy: {affordable}." if affordable else "Nothing you can afford: type end.")
        elif isinstance(action, Buy):
            bought = st.card(buyer.discard[-1]).code if buyer.discard else "it"  # a bought card goes to the discard
            self.say(f"You bought {bought}: {st.coins}¢ left.")
        elif isinstance(action, Pass):
            self.say("You passed.")
        elif isinstance(action, End):
            self.say("You ended the turn.")
        elif isinstance(action, Cash):
            self.say(f"You cashed {action.cubes} cube{'s' if action.cubes != 1 else ''}: {st.coins}¢ to spend.")
        elif isinstance(action, Discard):
            self.say("You discarded your hand for a cube.")
        elif isinstance(action, Place):
            self.say(f"You put a cube on pyramid card {action.card + 1}.")
        self.autosave()

    def affordable(self) -> str:
        st = self.game.state
        out = []
        for p in range(len(st.offer)):
            for slot in ("top", "row"):
                c = st.showing(p, slot)
                if c is not None and st.price(c) <= st.coins:
                    out.append(f"{p + 1}{' row' if slot == 'row' else ''} ({st.card(c).code})")
        for i, pile in enumerate(st.fame):
            if pile and st.box[pile[-1]].cost <= st.coins:
                out.append(f"fame {i + 1} ({st.deck.fame[i].cost}¢)")
        if st.coop is not None:
            for k in st.coop.open():
                card = st.coop.pyramid[k]
                if card is not None and st.box[card].cost <= st.coins:
                    out.append(f"fame {k + 1} ({st.box[card].cost}¢)")
        return ", ".join(out)

    def hint(self, rest: list[str]) -> None:
        st = self.game.state
        if st.simul is not None and st.simul.stage == "draft":
            self.say("The draft: take a card of the row for your deck (buy P).")
            self.say(self.expert())
            return
        if st.phase != "word":
            self.say("The word is made: buy, or end the turn.")
            self.say(self.expert())
            return
        objectives = [w.lower() for w in rest if w.lower() in OBJECTIVES]
        numbers = [w for w in rest if w.lower() not in OBJECTIVES]
        try:
            if len(objectives) > 1 or len(numbers) > 1:
                raise CommandError(f"hint [N] [{'|'.join(OBJECTIVES)}]: one number and one objective at most")
            n = DEFAULT_HINTS if not numbers else _number(numbers[0], "hint N", MAX_HINTS) + 1
        except CommandError as e:
            self.say(str(e))
            return
        objective = PaperbackObjective.parse(objectives[0]) if objectives else PaperbackObjective.SCORE
        turn, _ = turn_state(st)
        search = PaperbackSearch(self.game.lexicon, turn, objective, time_limit=HINT_SECONDS)
        moves = search.top(n)
        self.hints = [spell_of(st, search, m) for m in moves]
        if not moves:
            self.say("The ghost writer finds no playable word: pass.")
            return
        cut = "" if search.exact else " (the search was cut short: the best found, not proven best)"
        self.say(f"the ghost writer's best words by {objective.value}{cut}:")
        for k, (m, s) in enumerate(zip(moves, self.hints, strict=True), 1):
            value = f"  value {m.value:>5.2f}" if objective is PaperbackObjective.VALUE else ""
            buys = expansions.coins(st, m.score)
            money = f"  buys {buys:>2}¢" if buys != m.score else ""  # a score power or attack in force
            line = f"  {k}. {m.word.upper():<14} score {m.score:>2}  length {m.length:>2}{value}{money}"
            self.say(f"{line}   {spell_command(s)}")
        self.say(self.expert())

    def expert(self) -> str:
        """The expert's next action in the person's place, with its chance to win (``solver.advice``)."""
        table = PaperbackTable(self.game)
        return suggestion_text(suggest(table, HINT_SECONDS), table)

    # -- saving and the end ------------------------------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        data = self.game.to_json()
        data["seats"] = self.seats
        if self.words is not None:
            data["lexicon"] = self.words
        return data

    def save(self, path: str | None) -> None:
        if not path:
            self.say("save FILE: where to save (or start with --save FILE)")
            return
        error = self.saves.write(path, json.dumps(self.record(), ensure_ascii=False) + "\n")
        self.say(f"Cannot save: {error}" if error is not None else f"Saved to {path}.")

    def autosave(self) -> None:
        if self.save_path:
            error = self.saves.write(self.save_path, json.dumps(self.record(), ensure_ascii=False) + "\n")
            if error is not None:
                self.say(f"Autosave failed: {error}")

    def leave(self, why: str) -> None:
        saved = self.save_path and self.save_path not in self.saves.failed
        where = f" (saved to {self.save_path}; --load it to go on)" if saved else ""
        self.say(f"Game left: {why}{where}.")

    def finish(self) -> None:
        self.autosave()
        self.say()
        self.say(self.board())
        self.say("Final scores: " + ", ".join(f"{self.name(s)} {f}" for s, f in enumerate(self.game.scores())))
        if self.game.state.coop is not None:
            result = self.game.result()
            self.say(f"The team {'won' if result == 'won' else 'lost'} (co-op) in {self.game.state.turns} turns.")
            return
        w = self.game.winner()
        self.say("You win!" if w == 0 else f"{self.name(w)} wins." if w is not None else "A shared win.")
