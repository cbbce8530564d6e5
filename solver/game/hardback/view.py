"""What a seat sees of the game: its turn as the ghost writer reads it, and the events in front of players."""

from __future__ import annotations

from solver.game.hardback.events import Event, shipped_events
from solver.game.hardback.rules import FACE_DOWN, blank
from solver.game.hardback.state import GameState, PlayerState
from solver.hardback.state import Options, TurnState


def event_named(st: GameState, name: str) -> Event | None:
    """An event of the game by name (events are named; the deck in play is the options' deck)."""
    if not name:
        return None
    deck = st.options.event_deck or shipped_events()
    for e in (*st.events_used, *st.events_deck, *deck):
        if e.name == name:
            return e
    return None


def event_of(st: GameState, p: PlayerState) -> Event | None:
    """The event card in front of a player."""
    return event_named(st, p.event)


def turn_state(st: GameState, seat: int | None = None) -> TurnState:
    """The ghost writer's view of a seat's turn (the seat in turn by default): hand, inked cards (and the letters
    rivals imposed, Disfigured Letter), classics, discard, tokens, options."""
    p = st.players[st.current if seat is None else seat]
    hand = list(p.hand) + [blank(FACE_DOWN) for _ in p.must_wild]
    if seat is None or seat == st.current:
        hand += [st.offer_row[s] for s in st.turn.borrowed]
    others = [c for q in st.players if q.seat != p.seat for c in q.in_play]
    event = event_of(st, p)
    min_length = max(st.options.min_length, event.min_length if event else 0)
    stage = min(1.0, max(q.prestige for q in st.players) / st.options.target)
    opts = Options(st.options.rules, st.options.literary_awards, st.award_length, min_length, round(stage, 3))
    return TurnState(
        hand=tuple(hand),
        inked=tuple(p.inked) + tuple(p.disfigured),  # a rival's letter stands face-up in the word, as inked cards
        imposed=tuple(p.disfigured),  # ... but it is not a card drawn with ink
        mine=tuple(p.in_play),
        others=tuple(others),
        discard=tuple(p.discard[-200:]),
        remover=min(p.remover, 99),
        ink=min(p.ink, 99),
        options=opts,
    )
