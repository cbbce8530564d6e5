"""The rounds of simultaneous play (``simultaneous``; the option ``simultaneous``): a draft pick, a word announced,
a seat's part of the round over, the round over. The engine calls these once it has checked and played an action;
each moves ``state.current`` and ``state.phase`` on to what the game waits on next.

Readings where the rulebook is silent (docs/paperback-rules.md): the seats are asked for their words in seat order
from the round's first seat, one seat later each round (``Simul.pending``), and the order the words reach the engine
is the order announced; a word is played (scored, its abilities resolved, the Common card gained) when it is
announced and its coins wait for its buy turn; a pass (or a discard for a cube) ends the seat's round at once; the
last Common card gained ends the game at the end of the round.
"""

from __future__ import annotations

import solver.game.paperback.expansions as expansions
from solver.game.paperback.dealing import draw_cards
from solver.game.paperback.simultaneous import BUYS, HAND, MARKET, WORDS, Simul
from solver.game.paperback.state import BUY, OVER, WORD, PaperbackState


def _simul(state: PaperbackState) -> Simul:
    assert state.simul is not None
    return state.simul


def draft_pick(state: PaperbackState, k: int) -> None:
    """The seat in turn takes row card k (checked by the engine) to its discard pile; once every seat has its two:
    "shuffle them into their normal starting deck cards. Players start with a 12-card deck and have a base of 6-card
    hands", the cards set aside shuffled back into the deck, and the first round starts."""
    simul = _simul(state)
    card = state.row[k]
    assert card is not None
    state.row[k] = None
    state.players[state.current].discard.append(card)
    simul.draft.pop(0)
    if simul.draft:
        state.current = simul.draft[0]
        return
    for s, p in enumerate(state.players):
        p.draw += p.discard
        p.discard = []
        state.rng.shuffle(p.draw)
        draw_cards(state, p, expansions.hand_size(state, s, HAND))
    simul.deck += simul.aside
    simul.aside = []
    state.rng.shuffle(simul.deck)
    _start_round(state)


def _start_round(state: PaperbackState) -> None:
    """"Replenish the row to 10 cards", and every seat to make a word."""
    simul = _simul(state)
    for k in range(MARKET):
        if state.row[k] is None and simul.deck:
            state.row[k] = simul.deck.pop()
    simul.stage = WORDS
    simul.order, simul.bumped, simul.passed, simul.queue = [], [], [], []
    state.phase = WORD
    state.current = simul.pending(len(state.players))[0]


def announced(state: PaperbackState, valid: bool) -> None:
    """The seat in turn's word announced: a valid one (played by the engine) held with its coins for its buy turn;
    an invalid one: "they get bumped to the end of the buy order and must make a valid word in order to buy
    anything"."""
    simul = _simul(state)
    seat = state.current
    if valid:
        simul.words[seat], simul.coins[seat] = state.word, state.coins
        state.word, state.coins = [], 0
        state.phase = WORD
        simul.order.append(seat)
    else:
        simul.bumped.append(seat)
    _next(state)


def seat_done(state: PaperbackState) -> None:
    """The seat in turn's part of the round is over (its next hand drawn): the next seat to announce (a turn ended
    while the words are made made none: a pass, or a discard for a cube), or to buy, or the round's end."""
    simul = _simul(state)
    if simul.stage == WORDS:
        simul.passed.append(state.current)
        _next(state)
    else:
        _next_buyer(state)


def _next(state: PaperbackState) -> None:
    simul = _simul(state)
    pending = simul.pending(len(state.players))
    if pending:
        state.current, state.phase = pending[0], WORD
        return
    # "once everyone has made a word, players buy cards in that order"
    simul.stage = BUYS
    simul.queue = [*simul.order, *simul.bumped]
    _next_buyer(state)


def _next_buyer(state: PaperbackState) -> None:
    simul = _simul(state)
    if not simul.queue:
        _round_over(state)
        return
    seat = simul.queue.pop(0)
    state.current = seat
    if seat in simul.bumped:
        state.phase = WORD  # its word now, checked as any turn's
        return
    state.word, state.coins = simul.words[seat], simul.coins[seat]
    simul.words[seat], simul.coins[seat] = [], 0
    state.phase = BUY


def _round_over(state: PaperbackState) -> None:
    """"The Offer replenishes only after the last person has bought cards"; the last Common card gained this round
    ends the game here."""
    if state.ending:
        state.phase = OVER
        return
    _simul(state).round += 1
    _start_round(state)
