"""A game dealt from a seed: the starter decks, the offer deck and row, powers and events as the options say."""

from __future__ import annotations

import random
from collections.abc import Sequence

from solver.game.hardback.actions import IllegalActionError
from solver.game.hardback.events import Event, shipped_events
from solver.game.hardback.options import GameOptions, Powers
from solver.game.hardback.rules import AGGRESSIVE, COIN_STARTERS, PASSIVE, POWERS, PRESTIGE_STARTERS
from solver.game.hardback.state import OFFER_ROW, GameState, Penny, PlayerState
from solver.game.hardback.table import draw_hand, refill
from solver.hardback.cards import Card
from solver.hardback.catalogue import Catalogue


def deal(options: GameOptions, seed: int, powers: Sequence[str] | None = None) -> GameState:
    """The state of a new game; ``powers`` chooses each seat's power instead of the deal's (one a seat)."""
    options.check()
    rng = random.Random(seed)
    cat = Catalogue.hardback(options.rules)
    starters = {c.letter: c for c in cat if c.is_starter}
    offer = [c for c in cat if not c.is_starter for _ in range(c.copies)]
    rng.shuffle(offer)
    prestige_pool = [starters[x] for x in PRESTIGE_STARTERS]
    rng.shuffle(prestige_pool)
    unused: list[Card] = []
    for letter in COIN_STARTERS:
        unused.extend([starters[letter]] * (starters[letter].copies - options.players))
    players = []
    for seat in range(options.players):
        deck = [starters[x] for x in COIN_STARTERS] + [prestige_pool.pop(), prestige_pool.pop()]
        rng.shuffle(deck)
        players.append(PlayerState(seat=seat, draw=deck))
    unused.extend(prestige_pool)
    if options.powers is not Powers.NONE:
        _deal_powers(options, rng, players, powers)
    events: list[Event] = []
    if options.events:
        events = list(options.event_deck or shipped_events())
        rng.shuffle(events)
    state = GameState(
        options=options,
        players=players,
        offer_deck=offer,
        offer_row=[],
        offer_age=[],
        unused=unused,
        events_deck=events,
        penny=Penny(options.penny_genre) if options.coop else None,
        rng=rng,
        seed=seed,
    )
    for _ in range(OFFER_ROW):
        refill(state, len(state.offer_row))
    state.offer_age = [0] * len(state.offer_row)  # the set-up row is older than any card dealt in a turn
    for p in players:
        draw_hand(state, p)
    return state


def _deal_powers(
    options: GameOptions, rng: random.Random, players: list[PlayerState], chosen: Sequence[str] | None
) -> None:
    side = list(PASSIVE if options.powers is Powers.PASSIVE else AGGRESSIVE)
    rng.shuffle(side)
    for p in players:
        p.power = side.pop()
    if chosen:
        if len(chosen) != options.players or any(x not in POWERS for x in chosen):
            raise IllegalActionError(
                f"powers: give one of {', '.join(POWERS)} for each of the {options.players} players"
            )
        for p, name in zip(players, chosen, strict=True):
            p.power = name
