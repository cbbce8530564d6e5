"""The printed tables of the game and the small rules read from them: the starters, the adverts, the player
powers, which actions each phase allows, when the offer row may be flushed, who an event may be exchanged with."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from solver.game.hardback.actions import (
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
from solver.game.hardback.state import GameState, Phase
from solver.hardback.cards import Card

COIN_STARTERS = "AEILNRST"
PRESTIGE_STARTERS = "BCDGHMOPUY"
ADVERTS = ((6, 3), (9, 6), (12, 10), (15, 15), (18, 20))  # (cost, prestige) of each advert, in order
PASSIVE = ("unnatural", "lyrical", "exploration", "unsightly", "pint")
AGGRESSIVE = ("triangle", "disfigured", "miniaturize", "rap", "journey")
POWERS = {
    "unnatural": ("Unnatural Creation", 3, "use an offer-row card in your word (args: slot)"),
    "lyrical": ("Lyrical Prestige", 2, "gain 1 prestige"),
    "exploration": ("Deck Exploration", 3, "draw until a card of a genre; it is inked (args: genre)"),
    "unsightly": ("Unsightly Card", 2, "draw a card to play face-down as a wild"),
    "pint": ("Pint-Sized Proficiency", 1, "look at the top card of your draw pile; keep or discard it"),
    "triangle": ("Bizarre Love Triangle", 3, "set aside a card of each opponent's discard (args: cards {seat: code})"),
    "disfigured": ("Disfigured Letter", 3, "every opponent must use the offer deck's top letter in their next word"),
    "miniaturize": ("Miniaturize Supplies", 0, "discard N ink; every opponent discards 2N (args: n)"),
    "rap": ("Mechanical Rap Battle", 2, "each opponent loses a random card of their next hand"),
    "journey": ("Wild Journey", 3, "a card of each opponent's hand must be played wild (args: cards {seat: code})"),
}

# The phases each action is allowed in, by the action's name.
ACTIONS: dict[str, tuple[str, ...]] = {
    Ink.KIND: (Phase.PREPARE,),
    Remover.KIND: (Phase.PREPARE,),
    Power.KIND: (Phase.PREPARE, Phase.BUY),
    Spell.KIND: (Phase.PREPARE,),
    Pass.KIND: (Phase.PREPARE,),
    Dump.KIND: (Phase.CHOICES,),
    Jail.KIND: (Phase.CHOICES,),
    Look.KIND: (Phase.CHOICES,),
    Preview.KIND: (Phase.CHOICES, Phase.PREPARE, Phase.BUY),  # Pint-Sized Proficiency can look in any phase
    Skip.KIND: (Phase.CHOICES,),
    Flush.KIND: (Phase.BUY,),
    Buy.KIND: (Phase.BUY,),
    InkBuy.KIND: (Phase.BUY,),
    Convert.KIND: (Phase.BUY,),
    Advert.KIND: (Phase.BUY,),
    End.KIND: (Phase.BUY,),
    EventChoice.KIND: (Phase.EVENT,),
    Return.KIND: (Phase.RETURN,),
}

# The phases in which a seat whose turn is not under way may use ink or a remover for its next word ("At any time
# before you Create a Word, even during another player's turn"): every phase of another player's turn but the
# return phase (the token is owed by then); its own seat only once its turn is over (the event phase).
AHEAD: tuple[str, ...] = (Phase.PREPARE, Phase.CHOICES, Phase.BUY, Phase.EVENT)

FACE_DOWN = "Ω"  # the letter the ghost writer sees on a card that must be played face-down: in no word list


def blank(letter: str) -> Card:
    """A letter with no benefits and no genre (a disfigured letter; ``blank(FACE_DOWN)``, a card that must be
    played face-down, which no word's letter matches, so that it can only stand as a wild)."""
    return Card(letter=letter.upper(), genre=None, cost=0, inline=True, copies=0)


def phase_help(phase: str) -> str:
    return "actions now: " + ", ".join(a for a, phases in ACTIONS.items() if phase in phases)


def can_flush(row: Sequence[Card]) -> bool:
    dear = sum(1 for c in row if c.cost >= 6)
    genres = Counter(c.genre for c in row if c.genre is not None)
    return dear >= 4 or (bool(genres) and max(genres.values()) >= 4)


def exchange_seats(st: GameState) -> list[int]:
    """The seats the player in turn may exchange an event just drawn with: players ahead on prestige holding
    an event (none in the cooperative anthology, where the players share one score)."""
    if st.options.coop:
        return []
    p = st.player
    return [q.seat for q in st.players if q.seat != p.seat and q.prestige > p.prestige and q.event]
