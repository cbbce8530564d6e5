"""Paperback's engine: the actions applied to a game's state by the rulebook (``PaperbackGame``).

The rules and the readings where the rulebook is silent: docs/paperback-rules.md. The state and its save
(``solver.game.paperback.state``), the table's options (``options``), the deal (``dealing``) and a spell read against
the game (``spelling``) are modules of their own; this one applies an action. An action is checked completely before
anything changes, so a refused action leaves the game as it was.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import solver.game.paperback.expansions as expansions
import solver.game.paperback.rounds as rounds
import solver.game.paperback.timer as timer
import solver.game.paperback.validate as validate
from solver.game.paperback.actions import Action, Buy, Cash, Discard, End, Pass, Place, Spell, Step, action_from_json
from solver.game.paperback.coop import LOST, WON
from solver.game.paperback.dealing import HAND, deal, draw_cards
from solver.game.paperback.options import EXPANSIONS, RULES, PaperbackOptions
from solver.game.paperback.simultaneous import DRAFT, WORDS
from solver.game.paperback.simultaneous import HAND as SIMULTANEOUS_HAND
from solver.game.paperback.spelling import read_spell, read_trashes, words_fault
from solver.game.paperback.state import BUY, OVER, WORD, PaperbackState, take
from solver.game.protocol import IllegalActionError
from solver.game.saving import GameStateError
from solver.lexicon import Lexicon
from solver.paperback.deck import Deck
from solver.paperback.moves import PMove


class PaperbackGame:
    """A game of Paperback: its state, its log of actions, and the word list its words are checked in."""

    def __init__(
        self,
        state: PaperbackState,
        lexicon: Lexicon,
        log: list[Action] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        """``clock``: the turn timer's (``timer``), seconds; the table's wall clock unless a test gives its own."""
        self.state = state
        self.lexicon = lexicon
        self.log: list[Action] = log or []
        self.last_move: PMove | None = None
        self.clock = clock

    @staticmethod
    def new(
        deck: Deck, options: PaperbackOptions, seed: int, lexicon: Lexicon, clock: Callable[[], float] = time.time
    ) -> PaperbackGame:
        game = PaperbackGame(deal(deck, options, seed), lexicon, clock=clock)
        if options.turn_timer:
            game.state.timer = clock()
        return game

    def apply(self, action: Action | dict[str, Any]) -> None:
        """Apply one action of the seat in turn, or raise ``IllegalActionError`` leaving the game unchanged."""
        a = action_from_json(action) if isinstance(action, dict) else action
        st = self.state
        if st.phase == OVER:
            raise IllegalActionError("the game is over")
        moment = timer.moment(st)
        if isinstance(a, Spell) and a.seat is not None and a.seat != st.current:
            self._out_of_turn(a, moment)
            return
        if st.simul is not None and self._simultaneous(a):
            self._logged(a, moment)
            return
        if isinstance(a, Spell | Pass | Discard) and st.phase != WORD:
            raise IllegalActionError("the word is made: buy cards or end the turn", "action")
        early_cash = isinstance(a, Cash) and not st.options.cash_buy_only and st.phase == WORD
        if isinstance(a, Buy | End | Cash) and st.phase != BUY and not early_cash:
            raise IllegalActionError("make a word first (spell, or pass)", "action")
        if isinstance(a, Discard):
            self._rule(st.options.cube_discard, "cube_discard")
        if isinstance(a, Pass | End | Discard):
            self._cube_due()
        if isinstance(a, Spell):
            self._spell(a)
        elif isinstance(a, Pass):
            st.players[st.current].passes += 1
            self._end_turn()
        elif isinstance(a, Discard):
            self._discard()
        elif isinstance(a, Buy):
            self._buy(a)
        elif isinstance(a, Cash):
            self._cash(a)
        elif isinstance(a, Place):
            self._place(a)
        else:
            self._end_turn()
        self._logged(a, moment)

    def _logged(self, a: Action, moment: tuple[int, ...]) -> None:
        """The action played: logged, and the turn timer restarted when a new word's moment began."""
        self.log.append(a)
        if self.state.options.turn_timer and timer.moment(self.state) != moment:
            self.state.timer = self.clock()

    # -- simultaneous play (``rounds``) ------------------------------------------------------------------------------

    def _simultaneous(self, a: Action) -> bool:
        """Simultaneous play's draft and words (True when played here; the buy turns are any turn's)."""
        st = self.state
        assert st.simul is not None
        if st.simul.stage == DRAFT:
            if not isinstance(a, Buy) or a.pile != "offer" or a.slot != "row":
                raise IllegalActionError("the draft: take a card of the Offer's row (buy offer K row)", "action")
            if a.index >= len(st.row) or st.row[a.index] is None:
                raise IllegalActionError(f"index: no card in the row's place {a.index}", "index")
            rounds.draft_pick(st, a.index)
            return True
        if st.simul.stage != WORDS:
            return False
        if isinstance(a, Cash):
            raise IllegalActionError("simultaneous play: cash cubes at your buy turn", "action")
        if isinstance(a, Spell):
            self._announce(a)
            return True
        return False  # a pass or a discard: the seat's round over (``rounds.seat_done``)

    def _out_of_turn(self, a: Spell, moment: tuple[int, ...]) -> None:
        """A word a seat names itself for (``Spell.seat``): in simultaneous play's race, any seat still to announce
        (the order the words reach the engine is the order announced); else only the seat in turn."""
        st = self.state
        seat = a.seat
        assert seat is not None
        simul = st.simul
        if simul is None or simul.stage != WORDS or seat not in simul.pending(len(st.players)):
            raise IllegalActionError(f"seat: it is seat {st.current}'s turn, not seat {seat}'s", "seat")
        waiting = st.current
        st.current = seat
        try:
            self._simultaneous(a)
        except IllegalActionError:
            st.current = waiting  # refused: the game as it was
            raise
        self._logged(a, moment)

    def _announce(self, a: Spell) -> None:
        """A word announced: its layout checked as any spell's; a word the dictionary (or the shortest length)
        refuses is an invalid word announced, which bumps the seat; a valid one is played."""
        st = self.state
        read_spell(st, a, self.lexicon, words=False)
        if words_fault(st, a.word, self.lexicon) is not None:
            self.last_move = None  # no word played: a review reads it as a pass
            rounds.announced(st, False)
            return
        self._spell(a)
        rounds.announced(st, True)

    # -- the phases ----------------------------------------------------------------------------------------------

    def _spell(self, a: Spell) -> None:
        st = self.state
        p = st.players[st.current]
        played = read_spell(st, a, self.lexicon)
        self._check_advice(a)
        move = played.move
        trashes = read_trashes(st, a, played)  # the abilities, in the order asked: checked on copies of the piles
        trashed_hand, trashed_offer, offer, row = trashes.hand, trashes.offer_cards, trashes.offer, trashes.row
        # all checked: the word is played
        gained = st.track[0] if move.gains_common and st.track else None
        word_ids = [p.hand[i] for i in played.used]
        trash_ids = [p.hand[i] for i in trashed_hand]
        p.hand = [c for i, c in enumerate(p.hand) if i not in played.used and i not in trashed_hand]
        st.word = word_ids
        st.trash += trash_ids + trashed_offer
        st.offer, st.row = offer, row
        p.discard += trashes.gained  # "Gain: This means to acquire a card and to put it in your discard pile."
        if st.cubes is not None:
            for c in trashed_offer + trashes.gained:  # a row card's discount tokens go back to the supply
                st.cubes.clear(c)
            if a.advice_from is not None:
                st.cubes.give(a.advice_from)
        self._recycle()
        if gained is not None:
            st.track.pop(0)
            p.discard.append(gained)
            if not st.track:
                st.ending = True
        st.coins = expansions.coins(st, move.score) + st.coins  # and the cubes cashed before the word
        p.extra = move.cards_next
        p.words += 1
        expansions.spelled(st, move.word, move.length, len(trash_ids) + len(trashed_offer))
        st.phase = BUY
        self.last_move = move

    def _buy(self, a: Buy) -> None:
        st = self.state
        if not expansions.may_buy(st):
            raise IllegalActionError(f"an attack in play: at most {expansions.buy_limit(st)} cards this turn", "action")
        self._buy_card(a)
        expansions.bought(st)  # the buy-max attack's count (every kind of purchase)

    def _buy_card(self, a: Buy) -> None:
        st = self.state
        p = st.players[st.current]
        if a.pile == "fame" and st.coop is not None:
            self._buy_pyramid(a)
            return
        if a.pile == "fame":
            if a.index >= len(st.fame):
                raise IllegalActionError(f"index: the Fame piles are 0 to {len(st.fame) - 1}", "index")
            if not st.fame[a.index]:
                raise IllegalActionError(f"the {st.deck.fame[a.index].cost}¢ Fame pile is empty", "index")
            card = st.fame[a.index][-1]
            if st.box[card].cost > st.coins:
                raise IllegalActionError(f"a {st.box[card].cost}¢ Fame card: {st.coins}¢ left", "index")
            st.fame[a.index].pop()
        else:
            if a.index >= len(st.offer):  # simultaneous play: the row's 10 places
                raise IllegalActionError(f"index: the Offer's piles are 0 to {len(st.offer) - 1}", "index")
            shown = st.showing(a.index, a.slot)
            if shown is None:
                raise IllegalActionError(f"no card shows on Offer pile {a.index}'s {a.slot}", "slot")
            if st.price(shown) > st.coins:
                raise IllegalActionError(f"{st.card(shown).code}: {st.coins}¢ left", "index")
            cost = st.price(shown)
            take(st.offer, st.row, a.index, a.slot)
            if st.cubes is not None:
                self._discount(shown, a)
            st.coins -= cost
            p.discard.append(shown)
            self._recycle()
            return
        st.coins -= st.box[card].cost
        p.discard.append(card)

    def _end_turn(self) -> None:
        st = self.state
        p = st.players[st.current]
        if st.coop is not None:
            over = self._coop_over()  # the team's end: every Fame card bought, or a due cube the supply lacks
        else:  # (simultaneous play: the last Common card ends the game at the round's end)
            over = sum(1 for pile in st.fame if not pile) >= 2 or (st.ending and st.simul is None)
        p.discard += expansions.turn_over(st, st.word, over) + p.hand  # Attack cards stay in play
        st.word, p.hand = [], []
        st.coins = 0
        st.turns += 1
        if over:
            st.phase = OVER
            return
        base = HAND if st.simul is None else SIMULTANEOUS_HAND
        draw_cards(st, p, expansions.hand_size(st, st.current, base + p.extra))
        p.extra = 0
        if st.simul is not None:
            rounds.seat_done(st)
            return
        st.current = (st.current + 1) % len(st.players)
        st.phase = WORD
        expansions.turn_starts(st)

    # -- the optional rules and co-op (``cubes``, ``coop``): small hooks, the rules' arithmetic there ----------------

    def _rule(self, on: bool, name: str, field: str = "action") -> None:
        if not on:
            raise IllegalActionError(f"options.{name} is off: this table does not play that rule", field)

    def _check_advice(self, a: Spell) -> None:
        """"If you use a word that someone suggested, the player who suggested the word receives a cube"."""
        st = self.state
        if a.advice_from is None:
            return
        self._rule(st.options.cube_advice, "cube_advice", "advice_from")
        if a.advice_from >= len(st.players):
            raise IllegalActionError(f"advice_from: the seats are 0 to {len(st.players) - 1}", "advice_from")
        if a.advice_from == st.current:
            raise IllegalActionError("advice_from: the adviser is another player, not the speller", "advice_from")

    def _cash(self, a: Cash) -> None:
        """"Players may cash in cubes at any time on their turn for +1¢ each": before the word too (their coins join
        the word's; a pass loses them, as unspent money), or in the buy phase only (``cash_buy_only``)."""
        st = self.state
        self._rule(st.options.cube_advice or st.options.cube_discard, "cube_advice (or cube_discard)")
        assert st.cubes is not None
        held = st.cubes.held[st.current]
        if a.cubes > held:
            raise IllegalActionError(f"cubes: you hold {held} cube{'s' if held != 1 else ''}", "cubes")
        st.cubes.cash(st.current, a.cubes)
        st.coins += a.cubes

    def _discard(self) -> None:
        """"you may discard your entire hand (not forming a word), and gain a cube from supply"; the turn ends."""
        st = self.state
        self._rule(st.options.cube_discard, "cube_discard")
        assert st.cubes is not None
        st.cubes.give(st.current)
        st.players[st.current].passes += 1
        self._end_turn()

    def _discount(self, bought: int, a: Buy) -> None:
        """"When a card is purchased off the top of a pile in the Offer, the other card gets a cube as a discount
        token ... Remove the tokens when the discounted card is purchased."
        """
        st = self.state
        assert st.cubes is not None
        st.cubes.clear(bought)
        other = st.row[a.index]
        if st.options.cube_discount and a.slot == "top" and other is not None:
            st.cubes.put(other)

    def _recycle(self) -> None:
        """"If the 2¢ pile runs out, take all the 2¢ cards in the Trash, shuffle them, and re-create the 2¢ pile"."""
        st = self.state
        if not st.options.recycle_twos or st.offer[0]:
            return
        # "all the 2¢ cards in the Trash": trashed 2¢ starting wilds too, unless read as the pile's own (an option)
        own = st.options.twos_pile_only
        twos = [c for c in st.trash if st.box[c].cost == 2 and (st.box[c].origin == "offer" or not own)]
        if twos:
            st.trash = [c for c in st.trash if c not in twos]
            st.rng.shuffle(twos)
            st.offer[0] = twos

    def _buy_pyramid(self, a: Buy) -> None:
        """"You may only buy cards that are uncovered"; its cubes go back to the supply."""
        st = self.state
        coop, cubes = st.coop, st.cubes
        assert coop is not None and cubes is not None
        if a.index >= len(coop.pyramid) or coop.pyramid[a.index] is None:
            raise IllegalActionError(f"index: no Fame card at pyramid position {a.index}", "index")
        if not coop.uncovered(a.index):
            raise IllegalActionError(f"index: the Fame card at pyramid position {a.index} is covered", "index")
        card = coop.pyramid[a.index]
        assert card is not None
        if st.box[card].cost > st.coins:
            raise IllegalActionError(f"a {st.box[card].cost}¢ Fame card: {st.coins}¢ left", "index")
        coop.pyramid[a.index] = None
        cubes.clear(card)
        coop.bought = True
        st.coins -= st.box[card].cost
        st.players[st.current].discard.append(card)

    def _place(self, a: Place) -> None:
        """"During any turn in which you don't buy a Fame Card, you must put a cube on an uncovered Fame Card. If any
        card gets 5 cubes on it, then all players lose!"
        """
        st = self.state
        coop, cubes = st.coop, st.cubes
        self._rule(coop is not None, "coop")
        assert coop is not None and cubes is not None
        if not coop.due():
            why = "a Fame card was bought" if coop.bought else "the cube is placed"
            raise IllegalActionError(f"card: no cube is due this turn ({why})", "card")
        if a.card >= len(coop.pyramid) or coop.pyramid[a.card] is None:
            raise IllegalActionError(f"card: no Fame card at pyramid position {a.card}", "card")
        if not coop.uncovered(a.card):
            raise IllegalActionError(f"card: the Fame card at pyramid position {a.card} is covered", "card")
        if cubes.supply <= 0:
            raise IllegalActionError(
                "card: the supply is empty: no cube to place (end the turn: the team loses)", "card"
            )
        card = coop.pyramid[a.card]
        assert card is not None
        cubes.put(card)
        coop.placed = True
        if cubes.on(card) >= st.options.coop_loss_cubes:  # all players lose, at once
            coop.result = LOST
            p = st.players[st.current]
            p.discard += expansions.turn_over(st, st.word, True) + p.hand  # every Attack card back to its owner
            st.word, p.hand = [], []
            st.coins = 0
            st.turns += 1
            st.phase = OVER

    def _cube_due(self) -> None:
        """A turn of co-op ends only with a Fame card bought or a cube placed (unless the supply is empty)."""
        st = self.state
        if st.coop is not None and st.cubes is not None and st.coop.due() and st.cubes.supply > 0 and st.coop.open():
            raise IllegalActionError(
                "co-op: a turn without a Fame card puts a cube on an uncovered Fame card first (place)", "action"
            )

    def _coop_over(self) -> bool:
        """Co-op's end, at the end of a turn: every Fame card bought (won), or a cube due that the empty supply
        cannot give (lost: a reading). The competitive ends do not apply (a reading)."""
        st = self.state
        coop, cubes = st.coop, st.cubes
        assert coop is not None and cubes is not None
        if not coop.left():
            coop.result = WON
        elif coop.due() and cubes.supply <= 0:
            coop.result = LOST
        coop.bought = coop.placed = False
        if coop.result is None:
            return False
        st.phase = OVER
        return True

    def result(self) -> str | None:
        """Co-op: the team's result once the game is over ("won", "lost"); None in a competitive game."""
        return self.state.coop.result if self.state.coop is not None else None

    # -- the result ------------------------------------------------------------------------------------------------

    def scores(self) -> list[int]:
        """Each seat's Fame; at the end, the Award, Theme and power cards' Fame too (``expansions.results``)."""
        extra = expansions.bonus(self.state) if self.state.phase == OVER else [0] * len(self.state.players)
        return [self.state.fame_of(s) + extra[s] for s in range(len(self.state.players))]

    def winner(self) -> int | None:
        """The seat with the most Fame, ties to the most Common cards; None while seats still tie (and in co-op,
        where the team wins or loses together: ``result``)."""
        if self.state.coop is not None:
            return None
        ranks = [(f, self.state.commons_of(s)) for s, f in enumerate(self.scores())]
        best = max(ranks)
        top = [s for s, r in enumerate(ranks) if r == best]
        return top[0] if len(top) == 1 else None

    def to_json(self) -> dict[str, Any]:
        """The game saved: the state (the random generator's included) and the log."""
        data = self.state.to_json()
        data["log"] = [a.to_json() for a in self.log]
        return data

    @staticmethod
    def load(data: object, lexicon: Lexicon) -> PaperbackGame:
        """A saved game, checked in full; its log is kept as it was (``replay`` plays it again)."""
        state = validate.load({k: v for k, v in data.items() if k != "log"} if isinstance(data, dict) else data)
        raw = data.get("log", []) if isinstance(data, dict) else []
        if not isinstance(raw, list):
            raise GameStateError("log must be a list of actions", "log")
        log: list[Action] = []
        for i, x in enumerate(raw):
            try:
                log.append(action_from_json(x))
            except IllegalActionError as e:
                raise GameStateError(f"log[{i}]: {e}", f"log[{i}]") from None
        return PaperbackGame(state, lexicon, log)

    @staticmethod
    def replay(
        deck: Deck,
        options: PaperbackOptions,
        seed: int,
        log: list[Action],
        lexicon: Lexicon,
        clock: Callable[[], float] = time.time,
    ) -> PaperbackGame:
        """The game its seed and log make, every action applied again (one the rules refuse is named); a turn
        timer's times are ``clock``'s (the same clock, the same times)."""
        game = PaperbackGame.new(deck, options, seed, lexicon, clock)
        for i, a in enumerate(log):
            try:
                game.apply(a)
            except IllegalActionError as e:
                raise IllegalActionError(f"log[{i}]: the engine refuses this action: {e}", f"log[{i}]") from None
        return game


__all__ = [
    "BUY",
    "EXPANSIONS",
    "OVER",
    "RULES",
    "WORD",
    "PaperbackGame",
    "PaperbackOptions",
    "PaperbackState",
    "Step",
    "deal",
]
