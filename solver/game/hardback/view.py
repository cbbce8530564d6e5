"""What a seat sees of the game: its turn as the ghost writer reads it (``turn_state``), the events in front of
players, and the table as a page shows it to one seat (``seat_view``: the JSON of the protocol's ``view``)."""

from __future__ import annotations

from typing import Any

from solver.game.hardback.events import Event, shipped_events
from solver.game.hardback.legal import Engine, legal_actions
from solver.game.hardback.rules import ADVERTS, FACE_DOWN, POWERS, blank
from solver.game.hardback.state import GameState, Phase, PlayerState
from solver.hardback.cards import Card
from solver.hardback.resolve import AWARDS
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


# -- the table a page shows one seat ----------------------------------------------------------------------------


def card_face(card: Card) -> dict[str, Any]:
    """A card as a page shows it: its code, letter, genre, cost and benefits in words."""
    return {
        "code": card.code,
        "letter": card.letter,
        "genre": card.genre.value if card.genre else None,
        "cost": card.cost,
        "timeless": card.timeless,
        "starter": card.is_starter,
        "text": card.describe().partition(": ")[2],
    }


def legal(game: Engine) -> list[dict[str, Any]]:
    """The actions the engine accepts now from the seat it waits on (a spell aside), in their JSON form."""
    return legal_actions(game).to_json()


def _player(game: Engine, seat: int) -> dict[str, Any]:
    st = game.state
    q = st.players[seat]
    event = event_of(st, q)
    power = POWERS.get(q.power)
    return {
        "seat": seat,
        "prestige": q.prestige,
        "score": game.final_scores()[seat],
        "ink": q.ink,
        "remover": q.remover,
        "deck": len(q.draw),
        "discard": len(q.discard),
        "hand": len(q.hand),
        "adverts": q.adverts,
        "jail": [card_face(c) for c in q.jail],
        "in_play": [card_face(c) for c in q.in_play],
        "power": {"name": q.power, "title": power[0], "cost": power[1], "text": power[2]} if power else None,
        "event": {"name": event.name, "text": event.text} if event else None,
        "award": seat in st.award_holders,
    }


def _turn(st: GameState) -> dict[str, Any]:
    t = st.turn
    return {
        "coins": t.coins,
        "word": t.word_text,
        "dumps": list(t.dumps),
        "jails": t.jails,
        "previews": list(t.previews),
        "peek": [card_face(c) for c in t.peek],
        "flushed": t.flushed,
        "bought": t.bought,
        "borrowed": [card_face(st.offer_row[i]) for i in t.borrowed if i < len(st.offer_row)],
    }


def seat_view(game: Engine, seat: int, with_legal: bool = True) -> dict[str, Any]:
    """What ``seat`` sees of the game and may do now (``legal``, each candidate tried on a copy of the game, so a
    caller showing many steps asks for it after the last one only)."""
    st = game.state
    me = st.players[seat]
    over = st.phase == Phase.OVER
    return {
        "seat": seat,
        "current": st.current,
        "acting": st.acting,
        "phase": st.phase,
        "turns": st.turns,
        "rounds": st.rounds,
        "target": st.options.target,
        "ending": st.ending,
        "over": over,
        "scores": game.final_scores(),
        "winner": game.winner() if over else None,
        "result": game.result(),
        "players": [_player(game, q.seat) for q in st.players],
        "offer_row": [card_face(c) for c in st.offer_row],
        "offer_deck": len(st.offer_deck),
        "hand": [card_face(c) for c in me.hand],
        "inked": [card_face(c) for c in me.inked],
        "must_wild": [card_face(c) for c in me.must_wild],
        "disfigured": [c.letter for c in me.disfigured],
        "discard": [card_face(c) for c in me.discard],
        "penny": st.penny.to_json() if st.penny is not None else None,
        "award": {"length": st.award_length, "prestige": AWARDS.get(st.award_length, 0), "holders": st.award_holders}
        if st.options.literary_awards
        else None,
        "next_advert": (
            {"cost": ADVERTS[me.adverts][0], "prestige": ADVERTS[me.adverts][1]}
            if st.options.adverts and me.adverts < len(ADVERTS)
            else None
        ),
        "turn": _turn(st) if st.current == seat else None,
        "legal": legal(game) if with_legal and st.acting == seat and not over else [],
    }
