"""What the win model reads of a Hardback table: per seat, its prestige, what its deck earns a turn (prestige and
coins, each card weighed by its genre's chance to be active), its tokens, and whether it still plays this round;
scaled by the target and crossed with the rounds left, which the leader's pace estimates.

Everything here is what every seat can know: a deck's cards are public (bought in the open), their order is not
read. ``features`` returns every named column; a model picks the ones it was fitted on.
"""

from __future__ import annotations

import functools
from collections import Counter

import numpy as np

from solver.game.hardback.engine import Game
from solver.game.hardback.state import HAND_SIZE, GameState, PlayerState
from solver.hardback.cards import Card
from solver.hardback.objectives import Weights
from solver.hardback.profile import Source, make_profile
from solver.planner.model import Matrix, WinModel

PRESTIGE_ONLY = Weights(prestige=1.0, coins=0.0, ink=0.0, remover=0.0, jail=0.0, preview=0.0, opponents_return=0.0,
                        classic_kept=0.0, classic_sent_home=0.0, trash=0.0, remover_spent=0.0, award=0.0)
COINS_ONLY = Weights(prestige=0.0, coins=1.0, ink=0.0, remover=0.0, jail=0.0, preview=0.0, opponents_return=0.0,
                     classic_kept=0.0, classic_sent_home=0.0, trash=0.0, remover_spent=0.0, award=0.0)

COLUMNS = (
    "prestige",  # prestige / target
    "prestige_near",  # prestige / target, times 1 / (1 + rounds left): the score counts more near the end
    "rate",  # prestige the deck earns a turn / target
    "rate_left",  # ... times the rounds left
    "coins",  # coins the deck earns a turn / 10
    "coins_left",  # ... times the rounds left / 10
    "tokens",  # ink and removers / 10
    "to_play",  # 1 when the seat still plays this round
    "deck",  # cards owned / 20
)
BASELINE = ("prestige", "prestige_near")  # the score lead and the rounds left: what calibration is measured against


@functools.lru_cache(maxsize=4096)
def card_yield(card: Card) -> tuple[float, float, float, float]:
    """The prestige and coins a card's benefits give, its genre inactive and active."""
    p = make_profile(card, Source.HAND, PRESTIGE_ONLY)
    c = make_profile(card, Source.HAND, COINS_ONLY)
    return p.value[0][1], p.value[1][1], c.value[0][1], c.value[1][1]


def deck_yield(cards: list[Card]) -> tuple[float, float]:
    """Prestige and coins a hand of ``HAND_SIZE`` cards of this deck earns on average (genres by their chance to be
    active: another card of the genre among the hand's other cards)."""
    if not cards:
        return 0.0, 0.0
    genres = Counter(c.genre for c in cards)
    n = len(cards)
    prestige = coins = 0.0
    for card in cards:
        p0, p1, c0, c1 = card_yield(card)
        if card.genre is None:
            active = 0.0
        else:
            share = (genres[card.genre] - 1) / max(1, n - 1)
            active = 1.0 - (1.0 - share) ** (HAND_SIZE - 1)
        prestige += (1 - active) * p0 + active * p1
        coins += (1 - active) * c0 + active * c1
    hand = min(HAND_SIZE, n) / n
    return prestige * hand, coins * hand


PRIOR_ROUNDS = 12.0  # a game to the target lasts about this many rounds (hard bots' self-play at 60: 12)
PRIOR_WEIGHT = 3.0  # rounds of that prior pace mixed into the leader's own, so one early word moves it little


def rounds_left(st: GameState) -> float:
    """The rounds left after this one, from the leader's pace mixed with a prior pace (0 once the game is
    ending)."""
    if st.ending:
        return 0.0
    target = st.options.target
    lead = max(p.prestige for p in st.players)
    rounds = st.turns / len(st.players)
    pace = (lead + PRIOR_WEIGHT * target / PRIOR_ROUNDS) / (rounds + PRIOR_WEIGHT)
    return max(0.0, (target - lead) / max(0.5, pace))


def seat_row(st: GameState, p: PlayerState, left: float) -> list[float]:
    target = float(st.options.target)
    prestige, coins = deck_yield(p.cards())
    still = 1.0 if p.seat >= st.current else 0.0
    return [
        p.prestige / target,
        p.prestige / target / (1.0 + left),
        prestige / target,
        prestige * left / target,
        coins / 10.0,
        coins * left / 10.0,
        (p.ink + p.remover) / 10.0,
        still,
        len(p.cards()) / 20.0,
    ]


def table(game: Game) -> Matrix:
    """Every column of ``COLUMNS`` for every seat (rows)."""
    st = game.state
    left = rounds_left(st)
    return np.array([seat_row(st, p, left) for p in st.players], dtype=np.float64)


def features(game: Game, model: WinModel) -> Matrix:
    """The columns ``model`` was fitted on."""
    full = table(game)
    return full[:, [COLUMNS.index(f) for f in model.features]]


def chances(game: Game, model: WinModel) -> list[float]:
    """Each seat's chance to win by ``model``; a finished game gives its winner 1 (ties shared)."""
    if game.over():
        return final(game)
    return model.chances(features(game, model))


def final(game: Game) -> list[float]:
    n = len(game.state.players)
    w = game.winner()
    if w is None:
        return [1.0 / n] * n
    return [1.0 if i == w else 0.0 for i in range(n)]
