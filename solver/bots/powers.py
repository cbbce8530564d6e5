"""How the policy bots use the player powers (an option of the printed rules; BGA never had them).

The ghost writer weighs the powers that change what a word can be: Unnatural Creation (an offer-row card in
the word) is tried with each card of the row, Unsightly Card (a drawn card played wild) as one more wild, and
each is used when the best word gains more than the ink it costs. The rest are judged by simple rules: Lyrical
Prestige late in the game or with ink to spare, the aggressive powers against the opponent best placed to
lose by them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol

from solver.bots.base import NODE_BUDGET
from solver.game.hardback.actions import IllegalActionError, Power, Preview
from solver.game.hardback.engine import Game
from solver.game.hardback.rules import FACE_DOWN, POWERS, blank
from solver.game.hardback.state import Phase
from solver.hardback.cards import Card
from solver.hardback.moves import Move
from solver.hardback.objectives import Objective, Weights
from solver.hardback.state import TurnState
from solver.lexicon import Lexicon
from solver.search.hardback import Search

INK_WORTH = 0.45  # prestige points an ink is worth when it is kept (a card drawn on a later turn)
WORD_POWERS = ("unnatural", "unsightly")  # the powers that change what a word can be


class PowerUser(Protocol):
    """What the powers ask of the bot that uses them (the policy bot): its words' weights, its search's time, and
    its judgement of the game and of cards."""

    lexicon: Lexicon

    def word_weights(self, game: Game) -> tuple[Objective, Weights | None]: ...

    def search_limit(self) -> float | None: ...

    def turns_left(self, game: Game) -> float: ...

    def deck(self, game: Game) -> list[Card]: ...

    def deck_mean(self, game: Game, deck: list[Card]) -> float: ...

    def play_value(self, game: Game, card: Card, deck: list[Card]) -> float: ...


def state_with(game: Game, extra_hand: int | None = None, wild: bool = False) -> TurnState:
    """The turn state of the player in turn with an offer-row card (by slot) or one more wild in the hand."""
    state = game.turn_state()
    if extra_hand is not None:
        state = replace(state, hand=(*state.hand, game.state.offer_row[extra_hand]))
    if wild:
        # a card drawn to be played face-down, as the engine shows it to the ghost writer: a wild and nothing else
        state = replace(state, hand=(*state.hand, blank(FACE_DOWN)))
    return state


def best_value(bot: PowerUser, game: Game, extra_hand: int | None = None, wild: bool = False) -> float:
    """The best word's value of the turn, with an offer-row card (by slot) or one more wild in the hand."""
    objective, weights = bot.word_weights(game)
    state = state_with(game, extra_hand, wild)
    search = Search(bot.lexicon, state, objective, weights, time_limit=bot.search_limit(), node_budget=NODE_BUDGET)
    moves = search.top(1)
    return moves[0].value if moves else 0.0


@dataclass
class PowerMove:
    """The best word after using a power: the power's action, what it does, its ink, and the move."""

    action: Power
    label: str
    cost: int
    move: Move


def power_moves(
    game: Game,
    lexicon: Lexicon,
    objective: Objective = Objective.VALUE,
    weights: Weights | None = None,
    time_limit: float | None = None,
) -> list[PowerMove]:
    """For the player in turn, before the word: the best word after each use of a power that changes what a
    word can be (Unnatural Creation with each offer-row card, Unsightly Card as one more wild), best first.
    Empty when the player's power is not one of those, is used already this turn, or costs more ink than held."""
    st = game.state
    p = st.player
    name = p.power
    if st.phase != Phase.PREPARE or name not in WORD_POWERS or name in st.turn.powers_used:
        return []
    title, cost, _ = POWERS[name]
    if p.ink < cost:
        return []
    tries: list[tuple[Power, str, TurnState]] = []
    if name == "unnatural":
        for slot, card in enumerate(st.offer_row):
            if slot not in st.turn.borrowed:
                action = Power(name, slot=slot)
                tries.append((action, f"{title} with slot {slot + 1} ({card.code})", state_with(game, slot)))
    elif p.draw or p.discard:
        label = f"{title} (a card drawn, played wild)"
        tries.append((Power(name), label, state_with(game, wild=True)))
    out: list[PowerMove] = []
    for action, label, state in tries:
        moves = Search(lexicon, state, objective, weights, time_limit=time_limit).top(1)
        if moves:
            out.append(PowerMove(action, label, cost, moves[0]))
    out.sort(key=lambda m: -m.move.value)
    return out


def use_powers(bot: PowerUser, game: Game) -> None:
    """Use the seat's power before the word when it pays (at most once a turn here)."""
    st = game.state
    p = st.player
    name = p.power
    if not name or name not in POWERS:
        return
    cost = POWERS[name][1]
    if p.ink < max(1, cost):
        return
    try:
        if name == "lyrical":
            if bot.turns_left(game) < 3 or p.ink >= 6:
                game.apply(Power(name))
        elif name == "unnatural":
            base = best_value(bot, game)
            gains = [(best_value(bot, game, extra_hand=i) - base, i) for i in range(len(st.offer_row))]
            gain, slot = max(gains)
            if gain > cost * INK_WORTH + 0.5:
                game.apply(Power(name, slot=slot))
        elif name == "unsightly":
            if best_value(bot, game, wild=True) - best_value(bot, game) > cost * INK_WORTH + 0.5:
                game.apply(Power(name))
        elif name == "exploration":
            deck = bot.deck(game)
            genres = [c.genre for c in deck if c.genre is not None]
            if genres and p.ink >= 5:
                top = max(set(genres), key=lambda g: (genres.count(g), g.value))
                game.apply(Power(name, genre=top.value))
        elif name == "pint":
            if p.ink >= 4 and p.draw:
                game.apply(Power(name))
                peek = st.turn.peek
                deck = bot.deck(game)
                mean = bot.deck_mean(game, deck)
                drop = [i for i, c in enumerate(peek) if bot.play_value(game, c, deck) < mean]
                game.apply(Preview(tuple(drop)))
        elif p.ink >= cost + 3:
            opponents = [q for q in st.players if q.seat != p.seat]
            if name == "miniaturize":
                if sum(q.ink for q in opponents) >= 4:
                    game.apply(Power(name, n=1))
            elif name == "rap" or name == "disfigured":
                game.apply(Power(name))
            elif name in ("triangle", "journey"):
                zone = "discard" if name == "triangle" else "hand"
                picks = tuple(
                    (q.seat, max(getattr(q, zone), key=lambda c: (c.cost, c.code)).code)
                    for q in opponents
                    if getattr(q, zone)
                )
                if picks:
                    game.apply(Power(name, cards=picks))
    except IllegalActionError:
        return
