"""The turn's flow: from the word's choices to the purchases, the end of a turn, the event drawn at a new decade
of prestige (kept or exchanged), and the next seat or the end of the game."""

from __future__ import annotations

from solver.game.hardback.actions import EventChoice, IllegalActionError
from solver.game.hardback.coop import LOST, penny_turn
from solver.game.hardback.rules import exchange_seats
from solver.game.hardback.state import GameState, Phase, Turn
from solver.game.hardback.table import draw_hand, replace
from solver.game.hardback.view import event_of
from solver.hardback.catalogue import Rules


def after_choices(st: GameState) -> None:
    """The return phase while an opponent owes printed Horror H's token of its choice; then drop choices left
    without a target, and go on to the choices phase while any is left (a preview draws its cards only when used:
    ``choices.look``), else to the purchases."""
    p, t = st.player, st.turn
    if t.returns:
        st.phase = Phase.RETURN  # the opponents choose the token they return before the player goes on
        return
    if t.jails and not st.offer_row:
        t.jails = 0
    if t.dumps and not p.discard:
        t.dumps = []
    st.phase = Phase.CHOICES if (t.dumps or t.jails or t.peek or t.previews) else Phase.BUY


def finish_turn(st: GameState) -> None:
    """The word's cards to the discard pile, classics into play or home, BGA's clock, a new hand; then the event
    phase when an event was drawn that may be exchanged, else the next turn."""
    p, t = st.player, st.turn
    if st.options.rules is Rules.BGA and t.coins > 0:
        p.ink += t.coins  # BGA turns coins left over into ink
    p.discard.extend(t.word)
    p.in_play.extend(t.kept)
    for owner, card in t.sent_home:
        st.players[owner].discard.append(card)
    t.word, t.kept, t.sent_home = [], [], []
    if st.options.rules is Rules.BGA and not t.row_changed and st.offer_row and not st.options.coop:
        oldest = min(range(len(st.offer_row)), key=lambda i: (st.offer_age[i], i))
        st.removed.append(st.offer_row[oldest])
        replace(st, oldest)
    draw_hand(st, p)
    st.turns += 1
    if not st.result and draw_event(st) and exchange_seats(st):
        st.phase = Phase.EVENT  # the player keeps the event drawn or exchanges it (action event)
        return
    next_turn(st)


def end_early(st: GameState) -> None:
    """The cooperative anthology ends in the middle of a turn, when a side completes its final lap there (Penny's
    signature scoring in the players' turn, or the players' own prestige): the choices left are given up (cards
    looked at go back on the draw pile, as they were), the turn's cards are put away, and the game is over."""
    p, t = st.player, st.turn
    p.draw.extend(reversed(t.peek))
    t.peek, t.dumps, t.jails, t.previews, t.returns = [], [], 0, [], []
    finish_turn(st)


def next_turn(st: GameState) -> None:
    """After a turn: Penny's turn in the cooperative anthology, the end of the game, or the next seat."""
    if st.options.coop:
        if not st.result:
            penny_turn(st)
        if st.result:
            st.phase = Phase.OVER
            return
    elif any(q.prestige >= st.options.target for q in st.players):
        st.ending = True
    last_seat = st.current == len(st.players) - 1
    if last_seat and (st.ending or st.rounds >= st.options.max_turns):
        if st.options.coop:
            st.result = LOST  # the safety stop: the players did not complete their final lap first
        st.phase = Phase.OVER
        return
    st.current = (st.current + 1) % len(st.players)
    st.turn = Turn()
    st.phase = Phase.PREPARE


def draw_event(st: GameState) -> bool:
    """Entering a new decade of prestige discards the player in turn's event and draws another; True when one is
    drawn (the player may then exchange it with a player ahead: ``exchange_seats``)."""
    p = st.player
    if not st.options.events:
        return False
    decade = p.prestige // 10
    if decade <= p.decade or not (st.events_deck or st.events_used):
        return False
    if not st.events_deck:
        st.events_deck, st.events_used = st.events_used, []
        st.rng.shuffle(st.events_deck)
    event = st.events_deck.pop()
    if p.event:
        old = event_of(st, p)
        if old:
            st.events_used.append(old)
    p.event = event.name
    p.decade = decade
    return True


def choose_event(st: GameState, action: EventChoice) -> None:
    """Keep the event just drawn, or exchange it with a player ahead who holds one; then the next turn."""
    p, swap = st.player, action.swap
    if swap is not None:
        seats = exchange_seats(st)
        if not 0 <= swap < len(st.players):
            raise IllegalActionError(f'"swap" must be the seat of a player ahead of you holding an event: {seats}')
        q = st.players[swap]
        if q.seat == p.seat:
            raise IllegalActionError("an event is exchanged with another player's (keep it: no swap)")
        if q.prestige <= p.prestige:
            raise IllegalActionError(
                f"seat {swap} is not ahead of you ({q.prestige} prestige against your {p.prestige}): "
                f"exchange only with {seats}"
            )
        if not q.event:
            raise IllegalActionError(f"seat {swap} holds no event: exchange only with {seats}")
        p.event, q.event = q.event, p.event
    next_turn(st)
