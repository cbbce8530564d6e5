"""What a game action did, in a few words: the one narrator of the terminal's ``play`` and the page's game log
(``service.routers.table``). The words are plain; a ``Marks`` (the terminal's colours) may dress cards and words."""

from __future__ import annotations

from dataclasses import dataclass

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
from solver.game.hardback.rules import POWERS
from solver.game.hardback.state import PlayerState
from solver.hardback.cards import Card
from solver.hardback.outcome import Totals


class Marks:
    """Plain words; the terminal's ``Style`` dresses them in colour. ``hidden``: the words another seat reads."""

    hidden = False

    def bold(self, text: str) -> str:
        return text

    def card(self, card: Card, text: str | None = None) -> str:
        return short(card.code) if text is None else text


def short(code: str) -> str:
    """The short code of a card, as people type it: ``romance:F6`` is ``r:F6``; starters stay bare letters."""
    head, sep, rest = code.partition(":")
    if not sep or "{" in code:
        return code
    return f"{head[0]}:{rest}"


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def peek_text(game: Game, style: Marks) -> str:
    """The cards being looked at (a preview), numbered from 1."""
    peek = game.state.turn.peek
    return "looking at " + ", ".join(f"{i}. {style.card(c)}" for i, c in enumerate(peek, 1))


@dataclass(frozen=True)
class _Before:
    """What the words need of the table as it was before the action (the player is the one in turn then)."""

    player: PlayerState
    prestige: int
    ink: int
    coins: int
    row: list[Card]
    jail: list[Card]
    dumps: list[int]
    peek: int
    adverts: int
    event: str

    def gained(self) -> str:
        gained = self.player.prestige - self.prestige
        return f", +{gained} prestige" if gained else ""


def apply_described(game: Game, action: Action, style: Marks | None = None, other: bool = False) -> str:
    """Apply an action (``IllegalActionError`` when refused) and say in a few words what it did; ``other``: as
    another seat sees it (a card drawn with ink or looked at is its player's to see, not named)."""
    s: Marks = _Unnamed() if other else (style or Marks())
    st = game.state
    p = st.player
    t = st.turn
    before = _Before(
        p, p.prestige, p.ink, t.coins, list(st.offer_row), list(p.jail), list(t.dumps), len(t.peek), p.adverts, p.event
    )
    game.apply(action)
    for tell in (_tell_word, _tell_choice, _tell_buying):
        text = tell(game, action, before, s)
        if text is not None:
            return text
    raise AssertionError(f"no words for {action}")


class _Unnamed(Marks):
    """Words for another seat: a card it cannot see is "a card"."""

    hidden = True


def _tell_word(game: Game, action: Action, before: _Before, s: Marks) -> str | None:
    """The word and what comes before it: a spell, ink and removers (in turn or out of it), a power, a pass."""
    st = game.state
    match action:
        case Spell():
            assert game.last is not None
            return f"spelled {s.bold(game.last.word.upper())} ({_totals(game.last.totals, st.turn.coins)})"
        case Ink() if action.seat is not None and action.seat != st.current:
            q = st.players[action.seat]
            drew = s.card(q.inked[-1]) if q.inked and not s.hidden else "a card"
            return f"seat {action.seat} drew {drew} with ink, out of turn (for its next word)"
        case Ink():
            q = st.player if action.seat is None else st.players[action.seat]
            return f"drew {s.card(q.inked[-1])} with ink" if q.inked and not s.hidden else "drew a card with ink"
        case Remover() if action.seat is not None and action.seat != st.current:
            return f"seat {action.seat} spent a remover on {_code(game, action.card)}, out of turn"
        case Remover():
            return f"spent a remover on {_code(game, action.card)}"
        case Power():
            return f"used {POWERS.get(action.name, (action.name,))[0]}{before.gained()}"
        case Pass():
            return "passed (writer's block): the hand is discarded"
    return None


def _tell_choice(game: Game, action: Action, before: _Before, s: Marks) -> str | None:
    """The choices a word earned: dumps, jails, previews, giving them up."""
    st = game.state
    match action:
        case Dump():
            gain = plural(before.dumps[0] if before.dumps else 0, "coin")
            return f"dumped {_code(game, action.card)} from the discard pile for {gain}"
        case Jail():
            card = before.row[action.slot] if 0 <= action.slot < len(before.row) else None
            shown = s.card(card) if card else "a card"
            return f"jailed {shown}" if action.keep else f"removed {shown} from the offer row"
        case Look():
            seen = len(st.turn.peek)
            return f"looked at the top {plural(seen, 'card')} of the draw pile" + (
                f": {peek_text(game, s)}" if seen and not s.hidden else "" if seen else " (it is empty)"
            )
        case Preview():
            peek = before.peek or len(action.discard)  # a preview not looked at before looks as it is used
            return f"looked at {peek} card{'s' * (peek != 1)}, discarded {len(action.discard)}"
        case Skip():
            return "gave up the choices left"
    return None


def _tell_buying(game: Game, action: Action, before: _Before, s: Marks) -> str | None:
    """The buy phase and the turn's end: the flush, purchases, ink, adverts, the end, the event, a return."""
    st, p = game.state, before.player
    match action:
        case Flush():
            return "flushed the offer row"
        case Buy():
            if action.slot is None:
                card, where = (before.jail[0] if before.jail else None), " from the jail"
            else:
                card, where = (before.row[action.slot] if 0 <= action.slot < len(before.row) else None), ""
            spent = plural(before.coins - st.turn.coins, "coin")
            return f"bought {s.card(card) if card else 'a card'}{where} for {spent}{before.gained()}"
        case InkBuy():
            return f"bought {p.ink - before.ink} ink"
        case Convert():
            return f"turned {before.ink - p.ink} ink into {st.turn.coins - before.coins} coin(s)"
        case Advert():
            return f"bought advert {before.adverts + 1}{before.gained()}"
        case End():
            return "ended the turn"
        case EventChoice():
            if action.swap is not None:
                return f"drew the event {before.event!r} and exchanged it for seat {action.swap}'s {p.event!r}"
            return f"drew the event {p.event!r} and kept it"
        case Return():
            token = "an ink" if action.token == "ink" else "a remover"
            return f"seat {action.seat} returned {token} (printed Horror H)"
    return None


def _totals(t: Totals, coins: int) -> str:
    """A word's gains in short: prestige, the coins to spend, and what else it earned."""
    extra = [f"{t.prestige} prestige", plural(coins, "coin")]
    if t.ink:
        extra.append(f"{t.ink} ink")
    if t.remover:
        extra.append(f"{t.remover} remover")
    if t.jail:
        extra.append(f"{t.jail} jail")
    if t.preview:
        extra.append(f"{t.preview} preview")
    if t.dumps:
        extra.append(plural(len(t.dumps), "dump"))
    return ", ".join(extra)


def _code(game: Game, code: object) -> str:
    """A card code as the board shows it (``romance:F6`` and ``R:f6`` are ``r:F6``)."""
    try:
        return short(game.catalogue.lookup(str(code)).code)
    except GhostwriterError:
        return str(code)
