"""A new Paperback game dealt from a seed (``deal``), and a seat's draw (``draw_cards``: the discard pile shuffled in
only when a card must be drawn from an empty draw pile)."""

from __future__ import annotations

import random

import solver.game.paperback.expansions as expansions
from solver.game.paperback.coop import Coop
from solver.game.paperback.cubes import Cubes
from solver.game.paperback.options import PaperbackOptions
from solver.game.paperback.simultaneous import DEAR, MARKET, Simul
from solver.game.paperback.state import MAX_SEED, PaperbackState, Player, build_box
from solver.game.protocol import IllegalActionError
from solver.paperback.deck import OFFER_PILES, Deck, pile_of

HAND = 5


def deal(deck: Deck, options: PaperbackOptions, seed: int) -> PaperbackState:
    """A new game from a seed: the starting decks, the Offer, the Fame piles, the length track; hands drawn."""
    if options.players not in deck.players:
        raise IllegalActionError(
            f"players: the deck {deck.name!r} is played by {', '.join(map(str, deck.players))} players "
            f"(its Fame piles' counts), not {options.players}",
            "players",
        )
    if options.simultaneous:  # the rules it leaves out, refused however the options were made
        PaperbackOptions.from_json(options.to_json())
    if isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise IllegalActionError("seed: a whole number from 0 to 2**63 - 1", "seed")
    rng = random.Random(seed)
    box = build_box(deck, options)
    players = []
    per_seat = sum(c.copies for c in deck.starter_letters) + deck.starter_wilds
    for s in range(options.players):
        draw = list(range(s * per_seat, (s + 1) * per_seat))
        rng.shuffle(draw)
        players.append(Player(draw=draw))
    offer: list[list[int]] = [[] for _ in range(OFFER_PILES)]
    fame: list[list[int]] = [[] for _ in deck.fame]
    commons = []
    for i, b in enumerate(box):
        if b.origin == "offer":
            offer[pile_of(b.cost)].append(i)
        elif b.origin == "fame":
            fame[[p.cost for p in deck.fame].index(b.cost)].append(i)
        elif b.origin == "common":
            commons.append(i)
    for pile in offer:
        rng.shuffle(pile)
    row: list[int | None] = [None]
    row += [pile.pop() if pile else None for pile in offer[1:]]
    rng.shuffle(commons)
    state = PaperbackState(
        deck,
        options,
        seed,
        box,
        players,
        offer,
        row,
        fame,
        track=commons[: deck.commons_dealt],
        unused=commons[deck.commons_dealt :],
        rng=rng,
    )
    if options.cubes:
        state.cubes = Cubes.new(options.players)
    if options.coop:
        state.coop = Coop.deal(deck.pyramid_rows(options.players), fame)
        state.fame = [[] for _ in fame]
    if options.simultaneous:  # the hands are drawn once the draft is over (``rounds``)
        _simultaneous_offer(state)
        expansions.deal(state)
        return state
    for p in players:
        draw_cards(state, p, HAND)
    expansions.deal(state)
    for s, p in enumerate(players):  # a draw+N power's cards, the first hand too
        draw_cards(state, p, expansions.power_amount(state, s, "draw"))
    return state


def _simultaneous_offer(state: PaperbackState) -> None:
    """Simultaneous play's Offer: "Shuffle all the 2¢–10¢ cards together. Replace the Offer with 10 cards dealt from
    this deck", then "discard and replace cards 8¢ or higher until there are none in the offer" (the discarded
    cards wait aside until the draft is over); the draft starts (phase ``buy``, nothing to spend: a pick is free)."""
    deck = [c for pile in state.offer for c in pile] + [c for c in state.row if c is not None]
    deck.sort()
    state.rng.shuffle(deck)
    state.simul = simul = Simul.new(len(state.players), deck)
    state.offer = [[] for _ in range(MARKET)]
    state.row = [None] * MARKET
    for k in range(MARKET):
        while simul.deck and state.row[k] is None:
            card = simul.deck.pop()
            if state.box[card].cost >= DEAR:
                simul.aside.append(card)
            else:
                state.row[k] = card
    state.current = simul.draft[0]
    state.phase = "buy"


def draw_cards(state: PaperbackState, p: Player, n: int) -> None:
    """Draw n cards, shuffling the discard pile into a new draw pile when the draw pile runs out (and only then)."""
    for _ in range(n):
        if not p.draw:
            if not p.discard:
                return
            p.draw = p.discard
            p.discard = []
            state.rng.shuffle(p.draw)
        p.hand.append(p.draw.pop())
