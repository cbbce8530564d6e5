"""The Hardback game engine: set-up, the turn as a sequence of actions, and the end of the game.

A turn is a list of actions, each a small JSON object::

    prepare:  {"action": "ink"}                       spend an ink, draw a card that must be used
              {"action": "remover", "card": CODE}     spend a remover: an inked card becomes a hand card
              {"action": "power", "name": NAME, ...}  use the player power (see ``POWERS``)
              {"action": "spell", "word": W, "layout": [{"code", "face", "source"}, ...],
               "objective": "value", "weights": {...}, "ghost": SEAT}
              {"action": "pass"}                      writer's block (or a forfeit): discard all, turn over
    choices:  {"action": "dump", "card": CODE}        trash a discarded card for the dump's coins
              {"action": "jail", "slot": I, "keep": true}
              {"action": "preview", "discard": [I, ...]}  of the cards looked at, which to discard
              {"action": "skip"}                      give up the choices left
    buy:      {"action": "flush"}, {"action": "buy", "slot": I} or {"action": "buy", "jail": true},
              {"action": "ink_buy", "n": N}, {"action": "convert", "n": N} (3N ink for N coins),
              {"action": "advert"}, {"action": "end"}
    event:    {"action": "event"} keeps the event just drawn, {"action": "event", "swap": SEAT} exchanges it
              with the event of a player ahead on prestige (the phase comes only when such a player holds one)

The word's free choices (either coins or prestige, ink or remover, trash this card, what to double) are made
by the resolver in favour of the action's objective and weights, as the ghost writer does. ``Game.apply``
checks an action completely before it changes anything, so a refused action (an ``IllegalActionError`` naming
the reason) leaves the state as it was. ``Game.log`` holds every action applied; replaying it on a new game
of the same seed and options reaches the same state.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from solver.errors import GhostwriterError
from solver.game.events import Event, shipped_events
from solver.game.options import GameOptions, Powers
from solver.game.state import HAND_SIZE, OFFER_ROW, GameState, Penny, Phase, PlayerState, Turn
from solver.hardback.arrangement import read_arrangement
from solver.hardback.cards import Card
from solver.hardback.catalogue import Catalogue, Rules
from solver.hardback.genres import Genre
from solver.hardback.objectives import Objective, Weights
from solver.hardback.outcome import Totals
from solver.hardback.outcome import outcome as resolve_outcome
from solver.hardback.resolve import AWARDS, Face, Source
from solver.hardback.state import Options, TurnState
from solver.lexicon import Lexicon
from solver.search import Search
from solver.text import normalize_word

COIN_STARTERS = "AEILNRST"
PRESTIGE_STARTERS = "BCDGHMOPUY"
ADVERTS = ((6, 3), (9, 6), (12, 10), (15, 15), (18, 20))
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


class IllegalActionError(GhostwriterError):
    """An action the rules do not allow now; the state is unchanged. ``field`` names the action's argument at
    fault when one is (``layout[2]``), else it is empty."""

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(message)
        self.field = field


FACE_DOWN = "Ω"  # the letter the ghost writer sees on a card that must be played face-down: in no word list


def blank(letter: str) -> Card:
    """A letter with no benefits and no genre (a disfigured letter; ``blank(FACE_DOWN)``, a card that must be
    played face-down, which no word's letter matches, so that it can only stand as a wild)."""
    return Card(letter=letter.upper(), genre=None, cost=0, inline=True, copies=0)


@dataclass
class Outcome:
    """What a spell action resolved to: the word's totals, and the move as the ghost writer explains it."""

    word: str
    totals: Totals
    layout: list[dict[str, str]]


class Game:
    """One game: its state, its lexicon, and the log of the actions applied."""

    def __init__(self, state: GameState, lexicon: Lexicon, log: list[dict[str, Any]] | None = None) -> None:
        self.state = state
        self.lexicon = lexicon
        self.log: list[dict[str, Any]] = log if log is not None else []
        self.catalogue = Catalogue.hardback(state.options.rules)
        self.last: Outcome | None = None

    # -- set-up -------------------------------------------------------------------------------------------------

    @staticmethod
    def new(options: GameOptions, seed: int, lexicon: Lexicon, powers: Sequence[str] | None = None) -> Game:
        """A game dealt from a seed: starter decks, the offer deck and row, powers and events as the options say."""
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
            side = list(PASSIVE if options.powers is Powers.PASSIVE else AGGRESSIVE)
            rng.shuffle(side)
            for p in players:
                p.power = side.pop()
            if powers:
                if len(powers) != options.players or any(x not in POWERS for x in powers):
                    raise IllegalActionError(
                        f"powers: give one of {', '.join(POWERS)} for each of the {options.players} players"
                    )
                for p, name in zip(players, powers, strict=True):
                    p.power = name
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
        game = Game(state, lexicon)
        for _ in range(OFFER_ROW):
            game._refill(len(state.offer_row))
        state.offer_age = [0] * len(state.offer_row)  # the set-up row is older than any card dealt in a turn
        for p in players:
            game._draw_hand(p)
        return game

    # -- what the player in turn can use ------------------------------------------------------------------------

    def turn_state(self, seat: int | None = None) -> TurnState:
        """The ghost writer's view of a seat's turn: hand, inked cards, classics, discard, tokens, options."""
        st = self.state
        p = st.players[st.current if seat is None else seat]
        hand = list(p.hand) + [blank(FACE_DOWN) for _ in p.must_wild]
        if seat is None or seat == st.current:
            hand += [st.offer_row[s] for s in st.turn.borrowed]
        others = [c for q in st.players if q.seat != p.seat for c in q.in_play]
        event = self.event_of(p)
        min_length = max(st.options.min_length, event.min_length if event else 0)
        stage = min(1.0, max(q.prestige for q in st.players) / st.options.target)
        opts = Options(st.options.rules, st.options.literary_awards, st.award_length, min_length, round(stage, 3))
        return TurnState(
            hand=tuple(hand),
            inked=tuple(p.inked) + tuple(p.disfigured),
            mine=tuple(p.in_play),
            others=tuple(others),
            discard=tuple(p.discard[-200:]),
            remover=min(p.remover, 99),
            ink=min(p.ink, 99),
            options=opts,
        )

    def event_of(self, p: PlayerState) -> Event | None:
        """The event card in front of a player."""
        return self.event_named(p.event)

    def event_named(self, name: str) -> Event | None:
        """An event of the game by name (events are named; the deck in play is the options' deck)."""
        if not name:
            return None
        deck = self.state.options.event_deck or shipped_events()
        for e in (*self.state.events_used, *self.state.events_deck, *deck):
            if e.name == name:
                return e
        return None

    # -- actions ------------------------------------------------------------------------------------------------

    def apply(self, action: dict[str, Any]) -> None:
        """Apply one action of the player in turn; ``IllegalActionError`` (state unchanged) when it is not allowed."""
        st = self.state
        if not isinstance(action, dict) or not isinstance(action.get("action"), str):
            raise IllegalActionError('an action is an object {"action": NAME, ...}')
        name = action["action"]
        if st.phase == Phase.OVER:
            raise IllegalActionError("the game is over")
        handler = getattr(self, f"_do_{name}", None)
        if handler is None:
            raise IllegalActionError(f"unknown action {name!r}: {', '.join(sorted(ACTIONS))}")
        allowed = ACTIONS[name]
        if st.turn.peek and name != "preview":
            raise IllegalActionError("choose which of the cards looked at to discard first (action preview)")
        if st.phase not in allowed:
            raise IllegalActionError(f"{name} is not allowed in the {st.phase} phase ({_phase_help(st.phase)})")
        handler(action)
        self.log.append(action)

    def _do_ink(self, action: dict[str, Any]) -> None:
        p = self.state.player
        if p.ink < 1:
            raise IllegalActionError("no ink to spend: buy ink (1 coin each) in a purchase phase")
        event = self.event_of(p)
        if event and event.no_ink:
            raise IllegalActionError(f"event {event.name}: no drawing with ink")
        if not p.draw and not p.discard and not p.set_aside:
            raise IllegalActionError("no card left to draw: the draw and discard piles are empty")
        p.ink -= 1
        self.state.turn.ink_used += 1
        self._penny_ink(1)
        card = self._draw(p)
        assert card is not None
        p.inked.append(card)

    def _do_remover(self, action: dict[str, Any]) -> None:
        p = self.state.player
        if p.remover < 1:
            raise IllegalActionError("no remover token: removers come from Horror cards")
        card = self._lookup(action.get("card"), "card")
        if card not in p.inked:
            raise IllegalActionError(f"{card.code} is not an inked card of yours")
        p.remover -= 1
        p.inked.remove(card)
        p.hand.append(card)

    def _do_pass(self, action: dict[str, Any]) -> None:
        p = self.state.player
        p.discard.extend(p.hand + p.inked + p.must_wild)
        p.hand, p.inked, p.must_wild = [], [], []
        p.passes += 1
        self._finish_turn()

    def _do_spell(self, action: dict[str, Any]) -> None:
        st = self.state
        p = st.player
        word = action.get("word")
        if not isinstance(word, str) or not word.strip():
            raise IllegalActionError('spell needs "word": the word spelled')
        word = normalize_word(word)
        if word not in self.lexicon:
            raise IllegalActionError(f"{word!r} is not in the dictionary")
        objective, weights = self._weights(action)
        self._check_face_down(action.get("layout"))
        search = Search(self.lexicon, self.turn_state(), objective, weights)
        if len(word) < search.state.options.min_length:
            raise IllegalActionError(f"words need at least {search.state.options.min_length} letters")
        try:
            placement = read_arrangement(word, action.get("layout"), search.pool, search.resolver)
        except GhostwriterError as e:
            raise _layout_error(str(e)) from None
        resolved = resolve_outcome(search.resolver, word, placement.slots, placement.resolution)
        totals = resolved.totals
        wilds = sum(1 for part in resolved.cards if part.face is not Face.UP)
        event = self.event_of(p)
        if event:
            why = event.allows(word, wilds)
            if why:
                raise IllegalActionError(why)
        ghost = action.get("ghost")
        if ghost is not None and (
            not st.options.ghost_writer
            or isinstance(ghost, bool)
            or not isinstance(ghost, int)
            or not 0 <= ghost < len(st.players)
            or ghost == st.current
        ):
            raise IllegalActionError("ghost must be another player's seat, with the ghost-writer rule on")
        # Which physical cards the layout uses.
        hand = list(p.hand)
        must = list(p.must_wild)
        inked = list(p.inked)
        disfigured = list(p.disfigured)
        borrowed = {st.offer_row[s]: s for s in st.turn.borrowed}
        owners = {c: q.seat for q in st.players if q.seat != p.seat for c in q.in_play}
        word_cards: list[Card] = []
        used_borrowed: list[int] = []
        sent_home: list[tuple[int, Card]] = []
        inked_up = 0
        for part in resolved.cards:
            card = self.catalogue.lookup(part.card.code)
            if part.source is Source.HAND:
                if card == blank(FACE_DOWN) and must:
                    # a card that must be played face-down (it can stand only as a wild): no benefits to show
                    word_cards.append(must.pop(0))
                elif card in borrowed and card not in hand:
                    used_borrowed.append(borrowed[card])
                else:
                    hand.remove(card)
                    word_cards.append(card)
            elif part.source is Source.INKED:
                if card.inline and card in disfigured:
                    if part.face is not Face.UP:  # a remover frees inked cards, not the letter a rival imposed
                        raise IllegalActionError(
                            f"the Disfigured Letter {card.letter} must stand face-up at its letter in this word"
                        )
                    disfigured.remove(card)
                else:
                    inked.remove(card)
                    word_cards.append(card)
                    inked_up += part.face is Face.UP  # still under its ink (a remover lets one be wild)
            elif part.source is Source.OTHER:
                sent_home.append((owners[card], card))
        if must:
            raise IllegalActionError(
                f"{', '.join(c.code for c in must)} must be played face-down in this word (Wild Journey)"
            )
        if disfigured:
            raise IllegalActionError(
                f"the letter {', '.join(c.letter for c in disfigured)} must be in this word (Disfigured Letter)"
            )
        # Everything checked: change the state.
        t = st.turn
        freed = totals.removers_spent
        p.remover -= freed
        p.discard.extend(hand + inked)  # unused cards are discarded before benefits resolve
        p.hand, p.inked, p.must_wild, p.disfigured = [], [], [], []
        t.word = list(word_cards)
        for code in totals.trashed:  # trash-this-card benefits taken: the cards leave the game
            gone = next((c for c in t.word if c.code == code), None)
            if gone is not None:
                t.word.remove(gone)
                st.removed.append(gone)
                continue
            slot = next((s for s in used_borrowed if st.offer_row[s].code == code), None)
            if slot is not None:
                st.removed.append(st.offer_row[slot])
                self._replace(slot)
        t.word_text = word
        kept = Counter(totals.classics_kept)
        t.kept = []
        for c in list(t.word):
            if kept[c.code] > 0:
                kept[c.code] -= 1
                t.word.remove(c)
                t.kept.append(c)
        if st.options.coop:
            sent_home = []
        for owner, card in sent_home:
            st.players[owner].in_play.remove(card)
        t.sent_home = sent_home
        prestige = totals.prestige
        t.coins = totals.coins - sum(totals.dumps)
        if event:
            prestige += event.prestige_per_word
            t.coins = max(0, t.coins + event.coins)
        self._gain(p, max(prestige, -p.prestige))  # a penalty event stops at 0 prestige
        p.ink += totals.ink
        p.remover += totals.remover
        t.dumps = sorted(totals.dumps, reverse=True)
        t.jails = totals.jail
        t.previews = [3] * totals.preview
        if totals.opponents_return:
            for q in st.players:
                if q.seat != p.seat:
                    for _ in range(totals.opponents_return):
                        if q.ink:
                            q.ink -= 1
                        elif q.remover:
                            q.remover -= 1
        if st.options.literary_awards and len(word) >= 7:
            n = min(len(word), 12)
            if n > st.award_length:
                st.award_length, st.award_holders = n, [p.seat]
            elif (
                n == st.award_length
                and st.options.rules is Rules.BGA
                and not st.options.coop  # BGA's anthology: only one player may hold an award
                and p.seat not in st.award_holders
            ):
                st.award_holders.append(p.seat)
        if ghost is not None:  # a free ink, and the ink on the inked cards of the word (not ink a remover cancelled)
            st.players[ghost].ink += 1 + inked_up
        t.ghost = ghost
        p.words += 1
        layout = [{"code": c.card.code, "face": c.face.value, "source": c.source.value} for c in resolved.cards]
        self.last = Outcome(word, totals, layout)
        self._after_choices()

    def _do_dump(self, action: dict[str, Any]) -> None:
        st, p = self.state, self.state.player
        if not st.turn.dumps:
            raise IllegalActionError("no dump left to use this turn")
        card = self._lookup(action.get("card"), "card")
        if card not in p.discard:
            raise IllegalActionError(f"{card.code} is not in your discard pile")
        p.discard.remove(card)
        st.removed.append(card)
        st.turn.coins += st.turn.dumps.pop(0)
        self._after_choices()

    def _do_jail(self, action: dict[str, Any]) -> None:
        st, p = self.state, self.state.player
        if not st.turn.jails:
            raise IllegalActionError("no jail left to use this turn")
        slot = self._slot(action.get("slot"))
        keep = action.get("keep", True)
        if not isinstance(keep, bool):
            raise IllegalActionError('"keep" must be true (reserve the card in your jail) or false (remove it)')
        card = st.offer_row[slot]
        if keep:
            st.removed.extend(p.jail)
            p.jail = [card]
        else:
            st.removed.append(card)
        self._replace(slot)
        st.turn.jails -= 1
        st.turn.row_changed = True
        self._after_choices()

    def _do_preview(self, action: dict[str, Any]) -> None:
        st, p = self.state, self.state.player
        t = st.turn
        if not t.peek:  # previews draw their cards as soon as they are earned
            raise IllegalActionError("no preview to use this turn")
        drop = action.get("discard", [])
        if not isinstance(drop, list) or any(
            isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(t.peek) for i in drop
        ):
            raise IllegalActionError(f'"discard" must list positions 0 to {len(t.peek) - 1} of the cards looked at')
        keep = [c for i, c in enumerate(t.peek) if i not in drop]
        p.discard.extend(c for i, c in enumerate(t.peek) if i in drop)
        p.draw.extend(reversed(keep))  # the first kept card ends on top
        t.peek = []
        if st.phase == Phase.CHOICES:
            self._after_choices()

    def _do_skip(self, action: dict[str, Any]) -> None:
        t = self.state.turn
        t.dumps, t.jails, t.previews = [], 0, []
        self._after_choices()

    def _do_flush(self, action: dict[str, Any]) -> None:
        st = self.state
        if st.options.coop:
            raise IllegalActionError("the offer row cannot be flushed in the cooperative anthology")
        if st.turn.flushed or st.turn.bought:
            raise IllegalActionError("the offer row can be flushed once a turn, before buying")
        if not can_flush(st.offer_row):
            raise IllegalActionError("a flush needs 4 offer-row cards costing 6 coins or more, or 4 of one genre")
        st.removed.extend(st.offer_row)
        st.offer_row, st.offer_age = [], []
        for _ in range(OFFER_ROW):
            self._refill(len(st.offer_row))
        st.turn.flushed = True
        st.turn.row_changed = True

    def _do_buy(self, action: dict[str, Any]) -> None:
        st, p = self.state, self.state.player
        t = st.turn
        if action.get("jail") is True:
            if not p.jail:
                raise IllegalActionError("your jail is empty")
            card = p.jail[0]
            if card.cost > t.coins:
                raise IllegalActionError(f"{card.code} costs {card.cost} coins; you have {t.coins}")
            p.jail = []
            slot = None
        else:
            slot = self._slot(action.get("slot"))
            card = st.offer_row[slot]
            if card.cost > t.coins:
                raise IllegalActionError(f"{card.code} costs {card.cost} coins; you have {t.coins}")
        self._penny_purchase()
        t.coins -= card.cost
        if slot is not None:
            self._replace(slot)
            t.row_changed = True
        p.discard.append(card)
        self._gain(p, card.purchase_prestige)
        t.bought += 1
        p.bought += 1

    def _do_ink_buy(self, action: dict[str, Any]) -> None:
        n = _count(action.get("n", 1), "n")
        t = self.state.turn
        if n > t.coins:
            raise IllegalActionError(f"{n} ink costs {n} coins; you have {t.coins}")
        t.coins -= n
        self.state.player.ink += n

    def _do_convert(self, action: dict[str, Any]) -> None:
        n = _count(action.get("n", 1), "n")
        p = self.state.player
        if 3 * n > p.ink:
            raise IllegalActionError(f"{n} coin(s) need {3 * n} ink; you have {p.ink}")
        p.ink -= 3 * n
        self.state.turn.coins += n

    def _do_advert(self, action: dict[str, Any]) -> None:
        st, p = self.state, self.state.player
        if not st.options.adverts:
            raise IllegalActionError("adverts are not in play (option adverts)")
        if p.adverts >= len(ADVERTS):
            raise IllegalActionError("every advert is bought")
        cost, gain = ADVERTS[p.adverts]
        if cost > st.turn.coins:
            raise IllegalActionError(f"the next advert costs {cost} coins; you have {st.turn.coins}")
        st.turn.coins -= cost
        p.adverts += 1
        self._gain(p, gain)

    def _do_end(self, action: dict[str, Any]) -> None:
        self._finish_turn()

    def _do_event(self, action: dict[str, Any]) -> None:
        st, p = self.state, self.state.player
        swap = action.get("swap")
        if swap is not None:
            seats = exchange_seats(st)
            if isinstance(swap, bool) or not isinstance(swap, int) or not 0 <= swap < len(st.players):
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
        self._next_turn()

    def _check_face_down(self, layout: object) -> None:
        """A layout that names a card that must be played face-down by its own letter is refused with the way to
        lay it: the ghost writer sees such a card as ``blank(FACE_DOWN)``, which can only stand as a wild."""
        p = self.state.player
        if not p.must_wild or not isinstance(layout, list):
            return
        named = {blank(c.letter).code for c in p.must_wild} - {c.code for c in p.disfigured}  # those are inked
        for entry in layout:
            code = entry.get("code") if isinstance(entry, dict) else entry
            if isinstance(code, str) and code in named:
                raise IllegalActionError(
                    f"{code} must be played face-down: lay it as {blank(FACE_DOWN).code} with face wild"
                )

    def _do_power(self, action: dict[str, Any]) -> None:
        st, p = self.state, self.state.player
        name = action.get("name")
        if st.options.powers is Powers.NONE:
            raise IllegalActionError("player powers are not in play (option powers)")
        if name != p.power:
            raise IllegalActionError(f"your power is {p.power!r} ({POWERS[p.power][0]})")
        title, cost, _ = POWERS[name]
        if name in AGGRESSIVE and name in st.turn.powers_used:
            raise IllegalActionError(f"{title} is an aggressive power: once a turn")
        if name == "miniaturize":
            cost = _count(action.get("n", 1), "n")
        if p.ink < cost:
            raise IllegalActionError(f"{title} costs {cost} ink; you have {p.ink}")
        opponents = [q for q in st.players if q.seat != p.seat]
        if name == "unnatural":
            slot = self._slot(action.get("slot"))
            if slot in st.turn.borrowed:
                raise IllegalActionError("that offer-row card is already in your hand this turn")
            st.turn.borrowed.append(slot)
        elif name == "lyrical":
            self._gain(p, 1)
        elif name == "exploration":
            genre = action.get("genre")
            try:
                g = Genre.parse(genre) if isinstance(genre, str) else None
            except GhostwriterError:
                g = None
            if g is None:
                raise IllegalActionError('Deck Exploration needs "genre": adventure, horror, mystery or romance')
            seen: list[Card] = []
            found = None
            while found is None:
                card = self._draw(p)
                if card is None:
                    break
                if card.genre is g:
                    found = card
                else:
                    seen.append(card)
            self.state.rng.shuffle(seen)
            p.draw.extend(seen)
            if found is not None:
                p.inked.append(found)
        elif name == "unsightly":
            card = self._draw(p)
            if card is None:
                raise IllegalActionError("no card left to draw")
            p.must_wild.append(card)
        elif name == "pint":
            card = self._draw(p)
            if card is None:
                raise IllegalActionError("no card left to draw")
            st.turn.peek = [card]
        elif name == "triangle":
            picks = self._per_opponent(action, opponents, "discard")
            for q in opponents:
                if q.seat in picks:
                    q.discard.remove(picks[q.seat])
                    q.set_aside.append(picks[q.seat])
        elif name == "disfigured":
            if not st.offer_deck:
                self._restock()
            if not st.offer_deck:
                raise IllegalActionError("the offer deck is empty")
            card = st.offer_deck.pop()
            st.removed.append(card)
            for q in opponents:
                q.disfigured.append(blank(card.letter))
        elif name == "miniaturize":
            for q in opponents:
                q.ink = max(0, q.ink - 2 * cost)
        elif name == "rap":
            for q in opponents:
                q.rap_battle = 1
        elif name == "journey":
            picks = self._per_opponent(action, opponents, "hand")
            for q in opponents:
                if q.seat in picks:
                    q.hand.remove(picks[q.seat])
                    q.must_wild.append(picks[q.seat])
        p.ink -= cost
        st.turn.powers_used.append(name)

    # -- the turn's machinery -----------------------------------------------------------------------------------

    def _after_choices(self) -> None:
        st, p = self.state, self.state.player
        t = st.turn
        while t.previews and not t.peek:
            n = t.previews.pop(0)
            for _ in range(n):
                card = self._draw(p)
                if card is not None:
                    t.peek.append(card)
        if t.jails and not st.offer_row:
            t.jails = 0
        if t.dumps and not p.discard:
            t.dumps = []
        st.phase = Phase.CHOICES if (t.dumps or t.jails or t.peek or t.previews) else Phase.BUY

    def _finish_turn(self) -> None:
        st, p = self.state, self.state.player
        t = st.turn
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
            self._replace(oldest)
        self._draw_hand(p)
        st.turns += 1
        if self._events_for(p) and exchange_seats(st):
            st.phase = Phase.EVENT  # the player keeps the event drawn or exchanges it (action event)
            return
        self._next_turn()

    def _next_turn(self) -> None:
        """After a turn: Penny's turn in the cooperative anthology, the end of the game, or the next seat."""
        st = self.state
        if st.options.coop:
            self._penny_turn()
            if st.phase == Phase.OVER:
                return
        elif any(q.prestige >= st.options.target for q in st.players):
            st.ending = True
        last_seat = st.current == len(st.players) - 1
        if last_seat and (st.ending or st.rounds >= st.options.max_turns):
            st.phase = Phase.OVER
            return
        st.current = (st.current + 1) % len(st.players)
        st.turn = Turn()
        st.phase = Phase.PREPARE

    def _gain(self, p: PlayerState, prestige: int) -> None:
        p.prestige += prestige

    def _events_for(self, p: PlayerState) -> bool:
        """Entering a new decade of prestige discards the player's event and draws another; True when one is
        drawn (the player may then exchange it with a player ahead: ``exchange_seats``)."""
        st = self.state
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
            old = self.event_of(p)
            if old:
                st.events_used.append(old)
        p.event = event.name
        p.decade = decade
        return True

    def _draw(self, p: PlayerState) -> Card | None:
        """The top card of a player's draw pile, reshuffling the discard pile into it when it is empty.

        Cards set aside by Bizarre Love Triangle come back to the discard pile at that shuffle, after it: they miss
        one pass through the deck (shuffled in with the rest, setting them aside would change nothing).
        """
        while not p.draw:
            if not p.discard and not p.set_aside:
                return None
            p.draw, p.discard, p.set_aside = p.discard, p.set_aside, []
            self.state.rng.shuffle(p.draw)
        return p.draw.pop()

    def _draw_hand(self, p: PlayerState) -> None:
        while len(p.hand) < HAND_SIZE:
            card = self._draw(p)
            if card is None:
                break
            p.hand.append(card)
        if p.rap_battle and p.hand:
            lost = p.hand.pop(self.state.rng.randrange(len(p.hand)))
            p.discard.append(lost)
            p.rap_battle = 0

    def _restock(self) -> None:
        """An empty offer deck is remade from the non-starter cards removed from the game."""
        st = self.state
        again = [c for c in st.removed if not c.is_starter]
        st.removed = [c for c in st.removed if c.is_starter]
        st.rng.shuffle(again)
        st.offer_deck = again

    def _refill(self, slot: int) -> None:
        """Deal the offer deck's top card into a slot of the row (appended when the slot is past the end)."""
        st = self.state
        if not st.offer_deck:
            self._restock()
        if not st.offer_deck:
            return
        card = st.offer_deck.pop()
        age = st.turns + 1  # dealt during turn k (counted from 0): k + 1; the set-up row is 0
        if slot >= len(st.offer_row):
            st.offer_row.append(card)
            st.offer_age.append(age)
        else:
            st.offer_row.insert(slot, card)
            st.offer_age.insert(slot, age)
        if st.options.coop and card.genre is not None:
            owner = st.players[st.current]
            for c in owner.in_play:
                if c.genre is card.genre:
                    owner.in_play.remove(c)
                    owner.discard.append(c)
                    break

    def _replace(self, slot: int) -> None:
        st = self.state
        del st.offer_row[slot]
        del st.offer_age[slot]
        self._refill(slot)  # the new card takes the same slot, so no other slot moves

    # -- the cooperative anthology ------------------------------------------------------------------------------

    def _penny_turn(self) -> None:
        st = self.state
        assert st.penny is not None
        goal = st.options.target * len(st.players)
        if sum(q.prestige for q in st.players) >= goal:  # the table finished first: the game ends before Penny plays
            st.phase = Phase.OVER
            return
        if st.offer_row:
            card = st.offer_row.pop(0)
            st.offer_age.pop(0)
            st.removed.append(card)
            gain = card.cost * (2 if st.penny.genre == "romance" and card.genre is Genre.ROMANCE else 1)
            st.penny.prestige += gain
            if st.penny.genre == "mystery" and card.genre is Genre.MYSTERY and st.offer_row:
                cheapest = min(range(len(st.offer_row)), key=lambda i: (st.offer_row[i].cost, i))
                st.removed.append(st.offer_row.pop(cheapest))
                st.offer_age.pop(cheapest)
                self._refill(len(st.offer_row))
            self._refill(len(st.offer_row))
        if st.penny.prestige >= goal:
            st.phase = Phase.OVER

    def _penny_purchase(self) -> None:
        st = self.state
        if st.penny and st.penny.genre == "adventure" and any(c.genre is Genre.ADVENTURE for c in st.offer_row):
            st.penny.prestige += 1

    def _penny_ink(self, n: int) -> None:
        st = self.state
        if st.penny and st.penny.genre == "horror" and any(c.genre is Genre.HORROR for c in st.offer_row):
            st.penny.prestige += n

    # -- reading action arguments -------------------------------------------------------------------------------

    def _lookup(self, code: object, name: str) -> Card:
        if not isinstance(code, str):
            raise IllegalActionError(f'"{name}" must be a card code')
        try:
            return self.catalogue.lookup(code)
        except GhostwriterError as e:
            raise IllegalActionError(f"{name}: {e}") from None

    def _slot(self, value: object) -> int:
        n = len(self.state.offer_row)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
            raise IllegalActionError(f'"slot" must be an offer-row position from 0 to {n - 1}')
        return value

    def _weights(self, action: dict[str, Any]) -> tuple[Objective, Weights | None]:
        try:
            objective = Objective.parse(str(action.get("objective", "value")))
            w = action.get("weights")
            weights = Weights.from_mapping(w) if w is not None else None
        except GhostwriterError as e:
            raise IllegalActionError(str(e)) from None
        return objective, weights

    def _per_opponent(self, action: dict[str, Any], opponents: list[PlayerState], zone: str) -> dict[int, Card]:
        cards = action.get("cards", {})
        if not isinstance(cards, dict):
            raise IllegalActionError('"cards" must map each opponent\'s seat (as a string) to a card code')
        out: dict[int, Card] = {}
        for q in opponents:
            code = cards.get(str(q.seat))
            if code is None:
                continue
            card = self._lookup(code, f"cards[{q.seat}]")
            if card not in getattr(q, zone):
                raise IllegalActionError(f"{card.code} is not in seat {q.seat}'s {zone}")
            out[q.seat] = card
        return out

    # -- the end ------------------------------------------------------------------------------------------------

    def final_scores(self) -> list[int]:
        """Each seat's prestige with the literary award it holds."""
        st = self.state
        award = AWARDS.get(st.award_length, 0)
        return [q.prestige + (award if q.seat in st.award_holders else 0) for q in st.players]

    def winner(self) -> int | None:
        """The winning seat: most prestige, then most ink; None while seats still tie."""
        scores = self.final_scores()
        key = [(s, q.ink) for s, q in zip(scores, self.state.players, strict=True)]
        best = max(key)
        seats = [i for i, k in enumerate(key) if k == best]
        return seats[0] if len(seats) == 1 else None

    @staticmethod
    def replay(
        options: GameOptions,
        seed: int,
        lexicon: Lexicon,
        log: Sequence[dict[str, Any]],
        powers: Sequence[str] | None = None,
    ) -> Game:
        """A new game of the same seed and options (and powers, when they were chosen) with every logged action
        applied again."""
        game = Game.new(options, seed, lexicon, powers)
        for action in log:
            game.apply(action)
        return game


ACTIONS: dict[str, tuple[str, ...]] = {
    "ink": (Phase.PREPARE,),
    "remover": (Phase.PREPARE,),
    "power": (Phase.PREPARE, Phase.BUY),
    "spell": (Phase.PREPARE,),
    "pass": (Phase.PREPARE,),
    "dump": (Phase.CHOICES,),
    "jail": (Phase.CHOICES,),
    "preview": (Phase.CHOICES, Phase.PREPARE, Phase.BUY),  # Pint-Sized Proficiency can look in any phase
    "skip": (Phase.CHOICES,),
    "flush": (Phase.BUY,),
    "buy": (Phase.BUY,),
    "ink_buy": (Phase.BUY,),
    "convert": (Phase.BUY,),
    "advert": (Phase.BUY,),
    "end": (Phase.BUY,),
    "event": (Phase.EVENT,),
}


def exchange_seats(st: GameState) -> list[int]:
    """The seats the player in turn may exchange an event just drawn with: players ahead on prestige holding
    an event (none in the cooperative anthology, where the players share one score)."""
    if st.options.coop:
        return []
    p = st.player
    return [q.seat for q in st.players if q.seat != p.seat and q.prestige > p.prestige and q.event]


def _phase_help(phase: str) -> str:
    return "actions now: " + ", ".join(a for a, phases in ACTIONS.items() if phase in phases)


def can_flush(row: Sequence[Card]) -> bool:
    dear = sum(1 for c in row if c.cost >= 6)
    genres = Counter(c.genre for c in row if c.genre is not None)
    return dear >= 4 or (bool(genres) and max(genres.values()) >= 4)


LAYOUT_ENTRY = re.compile(r"arrangement(\[\d+\])")


def _layout_error(message: str) -> IllegalActionError:
    """The ghost writer's arrangement error in the spell action's words: the action calls it ``layout``, so the
    message and the field name ``layout`` (``layout[2] (letter T): ...``), whichever entry is wrong."""
    text = LAYOUT_ENTRY.sub(r"layout\1", message)
    text = text.replace('"arrangement"', '"layout"').replace("this arrangement", "this layout")
    m = re.match(r"(layout(?:\[\d+\])?)", text.lstrip('"'))
    if not text.lstrip('"').startswith("layout"):
        text = f"layout: {text}"
    return IllegalActionError(text, m.group(1) if m else "layout")


def _count(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 999:
        raise IllegalActionError(f'"{name}" must be a whole number from 1 to 999')
    return value
