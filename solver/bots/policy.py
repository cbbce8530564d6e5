"""The stronger bots: one policy with three levels of skill.

- **easy**: the word worth most by the ghost writer's default value weights, among words people know (a Zipf
  frequency of at least 3 in wordfreq's data); buys the card whose benefits are worth most; never draws with ink.
- **medium**: adds the game stage to the word's weights (a coin is worth more early than late), buys by
  deck-building value (what the card adds to an average hand over the turns left, its genre's chance to be
  active, its purchase prestige), flushes a row with nothing worth buying, and draws one card with ink when
  it holds ink to spare.
- **hard**: adds the ink advisor (the expected value of drawing one more card with ink, exact over the
  draw pile's contents, drawn while it pays), jails the card it most wants or denies the best card, sends
  opponents' classics home at their worth, buys adverts at their worth, and plays its last turn for
  prestige alone.

The coin's worth against a prestige point by stage comes from ``solver.bots.calibration`` (measured in
self-play); the same table gives the ghost writer's default ``value`` weights.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from solver.bots.base import NODE_BUDGET, Bot
from solver.bots.powers import use_powers
from solver.bots.tuning import HARD, Tuning
from solver.game.hardback.actions import Advert, Buy, Flush, IllegalActionError, Ink, InkBuy
from solver.game.hardback.engine import Game
from solver.game.hardback.events import Event
from solver.game.hardback.options import Powers
from solver.game.hardback.rules import ADVERTS, can_flush, exchange_seats
from solver.game.hardback.state import HAND_SIZE
from solver.hardback.cards import Card
from solver.hardback.moves import Move
from solver.hardback.objectives import Objective, Weights, coin_value
from solver.hardback.profile import Source, make_profile
from solver.hardback.state import TurnState
from solver.lexicon import Lexicon

if TYPE_CHECKING:
    from solver.search.order import Flags

# How often a card's letter can stand face-up in a good word: the rare letters are often played wild.
RARE = {"j": 0.55, "q": 0.45, "x": 0.55, "z": 0.55, "k": 0.75, "v": 0.75, "w": 0.8, "y": 0.85, "f": 0.85}
LEVELS = ("easy", "medium", "hard")
EASY_FAMILIAR = 3.0  # the easy bot's words: met now and then in print, or more often
# the ink advisor as the hard bot asks it: exact over at most this many distinct draws, else this many samples,
# each outcome searched with this many steps
ADVISOR_EXACT = 6
ADVISOR_SAMPLES = 4
ADVISOR_BUDGET = NODE_BUDGET // 2
# Rough worths, in prestige a turn, of what an event can take away (for the choice to keep or exchange it)
WORD_WORTH = 4.0  # a turn's word, when the event rules out every word
WILD_WORTH = 0.6  # wild cards, when the event allows none (half that for one, and so on)
INK_DRAW_WORTH = 0.5  # drawing with ink
EVENT_MARGIN = 0.1  # an exchange must lighten the event by this much


class PolicyBot(Bot):
    def __init__(
        self,
        lexicon: Lexicon,
        seed: int = 0,
        level: str = "hard",
        time_limit: float | None = None,
        tuning: Tuning = HARD,
    ) -> None:
        super().__init__(lexicon, seed, time_limit)
        self.tuning = tuning  # the constants below (``HARD``: the levels as written)
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        self.level = level
        self.name = level
        self.skill = LEVELS.index(level)
        self._vocabulary: Flags | None = None
        self._word_share: dict[tuple[str, int, int, str, str], float] = {}
        self._memo: dict[TurnState, Move] = {}  # this turn's proven best moves, from the ink advisor's searches

    def vocabulary(self) -> Flags | None:
        """The easy bot plays words people know (a Zipf frequency of at least 3 in wordfreq's English data); every
        bot keeps to the inoffensive ones."""
        if self.skill > 0:
            return super().vocabulary()
        if self._vocabulary is None:
            from solver.lexicon.familiarity import familiar_words

            flags = familiar_words(self.lexicon, EASY_FAMILIAR, "en")
            clean = super().vocabulary()
            self._vocabulary = flags if clean is None else flags & np.frombuffer(clean, np.bool_)
        return self._vocabulary

    def return_token(self, game: Game, seat: int) -> str:
        """The token to return to printed Horror H, holding both: the easy bot, which never draws with ink, keeps
        its ink. The others draw with ink: they keep the ink their sure draws need and, beyond it, the remover,
        which only Horror cards give (ink costs a coin), returning whichever they hold more of."""
        p = game.state.players[seat]
        if self.skill == 0:
            return "remover"
        return "ink" if p.ink > max(p.remover, self.tuning.sure_draws) else "remover"

    # -- the game's stage ---------------------------------------------------------------------------------------

    def stage(self, game: Game) -> float:
        """How far the game has run, 0 at the start and 1 when someone reaches the target."""
        st = game.state
        lead = max(p.prestige for p in st.players)
        return min(1.0, lead / st.options.target)

    def turns_left(self, game: Game) -> float:
        """Expected turns left for this player (after this one), from the leader's pace."""
        st = game.state
        if st.ending:
            return 0.0
        lead = max(p.prestige for p in st.players)
        rounds = max(1.0, st.turns / len(st.players))
        pace = max(self.tuning.pace_floor, lead / rounds)
        return max(0.0, (st.options.target - lead) / pace)

    def last_turn(self, game: Game) -> bool:
        st = game.state
        return st.ending or (self.skill >= 2 and self.turns_left(game) < self.tuning.last_turn)

    # -- the word -----------------------------------------------------------------------------------------------

    def word_weights(self, game: Game) -> tuple[Objective, Weights | None]:
        if self.skill == 0:
            return Objective.VALUE, None
        t = self.tuning
        coin = t.last_coin if self.last_turn(game) else coin_value(self.stage(game) * t.coin_stage) * t.word_coin
        w = Weights(coins=coin, ink=min(t.ink_cap, coin), remover=min(t.ink_cap, coin))
        if self.skill >= 2:
            threat = self.classic_threat(game)
            trash = t.trash_base + t.trash_slope * self.turns_left(game) / 8
            w = replace(w, classic_sent_home=t.sent_home + threat, trash=trash)
        return Objective.VALUE, w

    def classic_threat(self, game: Game) -> float:
        """What the opponents' classics in play would give them over their next turn (worth denying)."""
        st = game.state
        w = Weights()
        best = 0.0
        for q in st.players:
            if q.seat == st.current:
                continue
            for c in q.in_play:
                prof = make_profile(c, Source.MINE, w)
                best = max(best, prof.value[1][1])
        return best

    # -- ink ----------------------------------------------------------------------------------------------------

    def candidate_moves(self, game: Game, n: int) -> list[Move]:
        """The n best moves; the best alone comes from the ink advisor's searches when one proved it this turn."""
        if n == 1:
            known = self._memo.get(game.turn_state())
            if known is not None:  # the advisor keeps only moves it proved best
                self.searches += 1
                self.proven += 1
                return [known]
        return super().candidate_moves(game, n)

    def prepare(self, game: Game) -> None:
        self._memo = {}
        p = game.state.player
        if self.skill == 0 or p.disfigured or p.must_wild:
            return
        if game.state.options.powers is not Powers.NONE:
            use_powers(self, game)
        event = game.event_of(p)
        if event and event.no_ink:
            return
        if self.skill == 1:
            if p.ink >= 3 and not p.inked:
                self._ink(game)
            return
        self._advised_ink(game)

    def _ink(self, game: Game) -> bool:
        try:
            game.apply(Ink())
            return True
        except IllegalActionError:
            return False

    def _advised_ink(self, game: Game) -> None:
        """Draw with ink: the first cards freely (a word that uses one or two more cards is nearly always there),
        then one at a time while the ink advisor says one more card is worth its ink."""
        from solver.answers.ink import advise

        p = game.state.player
        sure = self.tuning.sure_draws
        while p.ink >= 1 and len(p.inked) < sure + self.tuning.advised_draws and p.draw:
            if len(p.inked) >= sure:
                objective, weights = self.word_weights(game)
                advice = advise(
                    self.lexicon,
                    game.turn_state(),
                    p.draw,
                    max_k=1,
                    objective=objective,
                    weights=weights,
                    exact_limit=ADVISOR_EXACT,
                    samples=ADVISOR_SAMPLES,
                    seed=self.seed + game.state.turns,
                    time_limit=self.search_limit(),
                    node_budget=ADVISOR_BUDGET,
                    memo=self._memo,
                )
                opts = {o.k: o for o in advice.options}
                if 1 not in opts or opts[1].net <= opts[0].net + self.tuning.advise_margin:
                    return
            if not self._ink(game):
                return

    # -- choices ------------------------------------------------------------------------------------------------

    def event_swap(self, game: Game) -> int | None:
        """Exchange the event just drawn for the lightest held by a player ahead, when it is lighter by a margin
        (the easy bot keeps what it draws)."""
        if self.skill == 0:
            return None
        st = game.state
        mine = self.event_harm(game, st.player.event)
        best: tuple[float, int] | None = None
        for seat in exchange_seats(st):
            relief = mine - self.event_harm(game, st.players[seat].event)
            if relief > EVENT_MARGIN and (best is None or relief > best[0]):
                best = (relief, seat)
        return None if best is None else best[1]

    def event_harm(self, game: Game, name: str) -> float:
        """What holding an event costs this bot a turn, in prestige: the share of everyday words (3 to 7 letters)
        it rules out, times a turn's word, and its other terms at rough worths."""
        event = game.event_named(name)
        if event is None:
            return 0.0
        key = (name, event.min_length, event.max_length, event.banned_letters, event.required_letters)
        if key not in self._word_share:
            self._word_share[key] = words_allowed(self.lexicon, event)
        harm = (1.0 - self._word_share[key]) * WORD_WORTH
        if event.max_wilds >= 0:
            harm += WILD_WORTH / (1 + event.max_wilds)
        if event.no_ink and self.skill >= 1:
            harm += INK_DRAW_WORTH
        return harm - event.coins * self.coin(game) - event.prestige_per_word

    def card_worth(self, game: Game, card: Card) -> float:
        return self.play_value(game, card, self.deck(game))

    def preview_discards(self, game: Game) -> list[int]:
        """Discard previewed cards worth less than an average card of the deck."""
        if self.skill == 0:
            return []
        deck = self.deck(game)
        mean = self.deck_mean(game, deck)
        return [i for i, c in enumerate(game.state.turn.peek) if self.play_value(game, c, deck) < mean]

    def jail_choice(self, game: Game) -> tuple[int, bool]:
        st = game.state
        row = st.offer_row
        if self.skill < 2:
            return super().jail_choice(game)
        deck = self.deck(game)
        mean = self.deck_mean(game, deck)
        gains = [self.gain(game, c, deck, mean) for c in row]
        slot = max(range(len(row)), key=lambda i: (gains[i], -i))
        keep = not st.player.jail or gains[slot] > self.gain(game, st.player.jail[0], deck)
        return slot, keep

    # -- purchases ----------------------------------------------------------------------------------------------

    def deck(self, game: Game) -> list[Card]:
        """Every card the player in turn owns, the word on the table included."""
        p, t = game.state.player, game.state.turn
        return [*p.draw, *p.discard, *p.hand, *p.inked, *p.in_play, *t.word, *t.kept]

    def coin(self, game: Game) -> float:
        if self.skill == 0:
            return 0.5
        return round(coin_value(self.stage(game) * self.tuning.coin_stage) * self.tuning.buy_coin, 2)

    def play_value(self, game: Game, card: Card, deck: list[Card]) -> float:
        """What the card brings, in prestige points, each time it turns up in a hand."""
        genres = Counter(c.genre for c in deck if c is not card)
        return card_value(card, self.coin(game), genres[card.genre], len(deck), self.tuning.timeless)

    def gain(self, game: Game, card: Card, deck: list[Card], mean: float | None = None) -> float:
        """What buying the card adds, in prestige points, over the rest of the game."""
        coin = self.coin(game)
        t = self.tuning
        genres = Counter(c.genre for c in deck)
        if self.skill == 0:
            return card_value(card, coin, genres[card.genre], len(deck), t.timeless) + card.purchase_prestige
        if mean is None:
            mean = self.deck_mean(game, deck)
        size = len(deck) + 1
        draws = self.turns_left(game) * HAND_SIZE / size * t.horizon
        worth = card_value(card, coin, genres[card.genre], size, t.timeless)
        return card.purchase_prestige * t.buy_prestige + draws * (worth - mean)

    def deck_mean(self, game: Game, deck: list[Card]) -> float:
        coin = self.coin(game)
        genres = Counter(c.genre for c in deck)
        timeless = self.tuning.timeless
        return sum(card_value(c, coin, genres[c.genre] - 1, len(deck), timeless) for c in deck) / max(1, len(deck))

    def buy(self, game: Game) -> None:
        st = game.state
        fresh = not (st.turn.flushed or st.turn.bought)  # a flush comes before any purchase (a turn taken up mid-buy)
        if self.skill >= 1 and fresh and can_flush(st.offer_row) and not st.options.coop:
            deck = self.deck(game)
            mean = self.deck_mean(game, deck)
            if max((self.gain(game, c, deck, mean) for c in st.offer_row), default=0.0) < self.tuning.flush_below:
                game.apply(Flush())
        self._buy_cards(game)
        if st.options.adverts:
            self._buy_adverts(game)
        if st.turn.coins:
            game.apply(InkBuy(st.turn.coins))

    def _buy_cards(self, game: Game) -> None:
        st = game.state
        p = st.player
        deck = self.deck(game)
        coins = st.turn.coins
        goods: list[tuple[float, int, int]] = []  # (gain, cost, slot; -1 for the jail)
        mean = self.deck_mean(game, deck)
        for i, c in enumerate(st.offer_row):
            if c.cost <= coins:
                goods.append((self.gain(game, c, deck, mean), c.cost, i))
        if p.jail and p.jail[0].cost <= coins:
            goods.append((self.gain(game, p.jail[0], deck, mean), p.jail[0].cost, -1))
        goods = [g for g in goods if g[0] > self.tuning.buy_min]
        goods.sort(reverse=True)
        goods = goods[:8]
        advert_rate = 0.0
        if st.options.adverts and p.adverts < len(ADVERTS):
            cost, gain = ADVERTS[p.adverts]
            advert_rate = gain / cost if cost <= coins else 0.0
        coin = coin_value(self.stage(game)) if self.skill >= 1 else 0.0
        best: tuple[float, tuple[tuple[float, int, int], ...]] = (0.0, ())
        for r in range(1, min(4, len(goods)) + 1):
            for combo in itertools.combinations(goods, r):
                spent = sum(g[1] for g in combo)
                if spent > coins:
                    continue
                # coins not spent buy ink (or an advert), worth a little
                score = sum(g[0] for g in combo) + (coins - spent) * max(self.tuning.leftover * coin, advert_rate)
                if score > best[0]:
                    best = (score, combo)
        slots = sorted((g[2] for g in best[1]), reverse=True)
        for slot in slots:  # dearest slot first so earlier slots keep their index
            game.apply(Buy(None if slot < 0 else slot))

    def _buy_adverts(self, game: Game) -> None:
        st = game.state
        p = st.player
        while p.adverts < len(ADVERTS) and ADVERTS[p.adverts][0] <= st.turn.coins:
            game.apply(Advert())


def words_allowed(lexicon: Lexicon, event: Event) -> float:
    """The share of the lexicon's words of 3 to 7 letters that an event's length and letter rules allow."""
    lo, hi = lexicon.length_range(3, 7)
    lengths = lexicon.lengths[lo:hi]
    if hi <= lo:
        return 1.0
    ok = np.ones(hi - lo, dtype=bool)
    if event.min_length:
        ok &= lengths >= event.min_length
    if event.max_length:
        ok &= lengths <= event.max_length
    counts = lexicon.counts[:, lo:hi]  # letters x words
    for ch in {c for c in event.banned_letters.lower() if c in lexicon.letter_index}:
        ok &= counts[lexicon.letter_index[ch]] == 0
    if event.required_letters:
        needed = sorted({lexicon.letter_index[c] for c in event.required_letters.lower() if c in lexicon.letter_index})
        ok &= counts[needed].sum(axis=0) > 0
    return float(ok.mean())


@functools.lru_cache(maxsize=65536)
def card_value(card: Card, coin: float, same_genre: int, deck_size: int, timeless: float = 1.6) -> float:
    """What a card brings, in prestige points, each time it turns up in a hand of a deck of ``deck_size`` cards
    holding ``same_genre`` other cards of its genre: its benefits, its genre's chance to be active, its letter's
    use."""
    prof = make_profile(card, Source.HAND, Weights(coins=coin))
    usable = RARE.get(card.letter.lower(), 1.0)
    if card.genre is None:
        return usable * prof.value[0][1]
    share = min(1.0, max(0, same_genre) / max(1, deck_size))
    p_active = 1.0 - (1.0 - share) ** (HAND_SIZE - 1)
    base = prof.value[0][1] + (1.0 if prof.doubles[0] or prof.uncovers[0] else 0.0)
    genre = prof.value[1][1] + (1.0 if prof.doubles[1] or prof.uncovers[1] else 0.0)
    v = (1 - p_active) * base + p_active * genre
    if card.timeless:
        v *= timeless  # it stays in play and pays again on later turns
    return usable * v
