"""Paperback's bots, on the exact ghost writer (``PaperbackSearch``):

- ``greedy``, the baseline: the word with the highest score (ties: the longer, then the first alphabetically), then
  the dearest Fame card it can afford, again while it can; with too little for any Fame card, the dearest letter card;
- ``hard``: the word worth most by the ghost writer's value objective (score, gaining the Common card, cards next
  hand), letters valued for the deck it is building (its vowels, its abilities, what a card adds per coin), Fame
  bought when the coins reach a dear pile or the game nears its end, starters trashed with ``trash-hand``; its
  constants are one parameter set (``solver.bots.tuning.PaperbackTuning``, the hard values by default; the expert
  plays from a tuning searched by self-play);
- ``random``: a legal move chosen at random (any word of its hand from a sample of the dictionary, random purchases
  and trashes); the invariant tests' player, fast because it searches nothing.

Under the optional rules every bot plays legally: it cashes cubes when they make a purchase possible (``hard``: only
for a Fame card), discards its hand for a cube (``cube_discard``) only when its best word is worthless to it (no word,
or one whose coins buy nothing, gaining no Common card and no card next hand), and in co-op buys the uncovered Fame
cards it can afford and puts its cube on the uncovered card with the fewest cubes (``hard``: ties to the cheapest, the
one bought soonest, whose cubes then go back to the supply).

A bot's search has a time limit (``time_limit``); a search it cuts short (``search.exact`` False) is run again
without one, so a bot's move never depends on the machine's speed: the same seed gives the same game anywhere
(``cut`` counts those reruns). A service, whose requests are bounded, makes bots with ``rerun`` off: a search cut
short then plays the best move it found (``cut`` counts those too).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from solver.bots.tuning import PAPERBACK_HARD, PaperbackTuning
from solver.errors import GhostwriterError
from solver.game.paperback import expansions
from solver.game.paperback.actions import Buy, Cash, Discard, End, Pass, Piece, Place, Spell, Step
from solver.game.paperback.engine import BUY, OVER, PaperbackGame, PaperbackState
from solver.game.paperback.legal import spell_of as spell_of
from solver.game.paperback.simultaneous import DRAFT
from solver.game.paperback.view import turn_state as turn_state
from solver.lexicon import Lexicon
from solver.paperback.abilities import Ability, Act
from solver.paperback.cards import PCard
from solver.paperback.moves import PaperbackObjective, PMove
from solver.search.paperback import PaperbackSearch

TIME_LIMIT = 10.0
VOWELS = set("aeiou")
BOTS = ("greedy", "hard", "random")


class PaperbackBotError(GhostwriterError):
    """An unknown bot name."""


class PaperbackBot:
    """A bot's turn: its word (or a pass), its abilities, its purchases, the end of its turn."""

    name = "bot"
    objective = PaperbackObjective.SCORE

    def __init__(
        self, lexicon: Lexicon, seed: int = 0, time_limit: float = TIME_LIMIT, rerun: bool = True
    ) -> None:
        self.lexicon = lexicon
        self.rng = random.Random(seed)
        self.time_limit = time_limit
        self.rerun = rerun  # a search cut short runs again without a limit (else its best move so far is played)
        self.searches = 0
        self.proven = 0  # searches whose move is proven best (the tournament's "proven")
        self.cut = 0

    def search(self, state: PaperbackState) -> tuple[PaperbackSearch, PMove | None]:
        turn, _ = turn_state(state)
        self.searches += 1
        s = PaperbackSearch(self.lexicon, turn, self.objective, time_limit=self.time_limit)
        moves = s.top(1)
        if not s.exact:  # the answer would depend on the machine's speed: the exact one, however long it takes
            self.cut += 1
            if self.rerun:
                s = PaperbackSearch(self.lexicon, turn, self.objective)
                moves = s.top(1)
        self.proven += s.exact  # False only where the Spacebar's pairs outrun their cap (``pairs.MAX_PAIRS``)
        return s, (moves[0] if moves else None)

    def play_turn(self, game: PaperbackGame) -> None:
        st = game.state
        if st.phase == BUY:  # simultaneous play: a draft pick, or a buy turn (its word announced before)
            self.finish_turn(game)
            return
        seat = st.current
        search, move = self.search(st)
        if move is None or worthless(st, move):
            self.close(game, Discard() if discards(st) else Pass())
            return
        game.apply(self.spell(st, search, move))
        if st.current == seat:  # (simultaneous play: a word announced, another seat's to make next)
            self.finish_turn(game)

    def finish_turn(self, game: PaperbackGame) -> None:
        """The rest of a turn whose word is made (the buy phase): the bot's purchases (and the cubes it cashes for
        them), then the end of the turn (co-op: its cube first, when one is due); simultaneous play's draft: a
        pick."""
        st = game.state
        if drafting(st):
            game.apply(Buy("offer", self.draft_pick(st), "row"))
            return
        if st.phase == BUY:
            for buy in self.buys(st):
                if not expansions.may_buy(st):  # a buy-max attack in play
                    break
                game.apply(buy)
            self.close(game, End())

    def close(self, game: PaperbackGame, action: End | Pass | Discard) -> None:
        """End the turn (or pass, or discard for a cube), co-op's cube placed first when one is due."""
        st = game.state
        if cube_due(st):
            game.apply(Place(self.place_at(st)))
            if st.phase == OVER:
                return
        game.apply(action)

    def place_at(self, state: PaperbackState) -> int:
        """Co-op: the uncovered Fame card with the fewest cubes (ties: the first position)."""
        coop, cubes = state.coop, state.cubes
        assert coop is not None and cubes is not None
        return min(coop.open(), key=lambda k: (cubes.on(_card(state, k)), k))

    def spell(self, state: PaperbackState, search: PaperbackSearch, move: PMove) -> Spell:
        return spell_of(state, search, move)

    def buys(self, state: PaperbackState) -> Iterator[Buy | Cash]:
        return iter(())

    def draft_pick(self, state: PaperbackState) -> int:
        """Simultaneous play's draft: the row card to take (here the dearest, ties to the first)."""
        return max(_row(state), key=lambda k: (state.box[_at(state, k)].cost, -k))


def drafting(state: PaperbackState) -> bool:
    """Whether simultaneous play's draft is on (a pick is the seat's action)."""
    return state.simul is not None and state.simul.stage == DRAFT


def _row(state: PaperbackState) -> list[int]:
    """The row's places holding a card."""
    return [k for k, c in enumerate(state.row) if c is not None]


def _at(state: PaperbackState, k: int) -> int:
    card = state.row[k]
    assert card is not None
    return card


def _card(state: PaperbackState, k: int) -> int:
    assert state.coop is not None
    card = state.coop.pyramid[k]
    assert card is not None
    return card


def cube_due(state: PaperbackState) -> bool:
    """Co-op: a cube must be placed before the turn ends (no Fame card bought, none placed, one to place)."""
    coop, cubes = state.coop, state.cubes
    return coop is not None and cubes is not None and coop.due() and cubes.supply > 0 and bool(coop.open())


def held(state: PaperbackState) -> int:
    """The cubes the seat in turn may cash (with ``cube_advice`` or ``cube_discard``)."""
    o = state.options
    if state.cubes is None or not (o.cube_advice or o.cube_discard):
        return 0
    return state.cubes.held[state.current]


def discards(state: PaperbackState) -> bool:
    """Whether discarding the hand gains a cube (``cube_discard`` on, the supply not empty)."""
    return state.options.cube_discard and state.cubes is not None and state.cubes.supply > 0


def worthless(state: PaperbackState, move: PMove) -> bool:
    """A word worth nothing to its speller, when a discard would gain a cube: its coins (its score as the powers and
    attacks in play make it, and the cubes) buy nothing, and it gains no Common card and no card next hand."""
    if not discards(state) or move.gains_common or move.cards_next:
        return False
    prices = [state.price(c) for _, _, c in _offer_cards(state)] + [cost for _, cost in _fame_showing(state)]
    return not prices or expansions.coins(state, move.score) + held(state) < min(prices)  # powers and attacks


def _fame_showing(state: PaperbackState) -> list[tuple[int, int]]:
    """The Fame cards for sale: (the buy's index, its cost): a pile's top card, or co-op's uncovered cards."""
    if state.coop is not None:
        return [(k, state.box[_card(state, k)].cost) for k in state.coop.open()]
    return [(i, state.box[pile[-1]].cost) for i, pile in enumerate(state.fame) if pile]


def _with_cash(state: PaperbackState, buy: Buy, cost: int) -> Iterator[Buy | Cash]:
    """The cubes a purchase needs cashed first, then the purchase."""
    if cost > state.coins:
        yield Cash(cost - state.coins)
    yield buy


def _fame_buys(state: PaperbackState, budget: int | None = None) -> tuple[Buy, int] | None:
    """The dearest Fame card the coins (or a budget: coins and cubes) reach, and its cost."""
    budget = state.coins if budget is None else budget
    found = [(cost, -i, i) for i, cost in _fame_showing(state) if cost <= budget]
    if not found:
        return None
    cost, _, i = max(found)
    return Buy("fame", i), cost


def _offer_cards(state: PaperbackState) -> Iterator[tuple[int, str, int]]:
    """The cards showing in the Offer: (pile, slot, card id)."""
    for pile in range(len(state.offer)):
        for slot in ("top", "row"):
            card = state.showing(pile, slot)
            if card is not None:
                yield pile, slot, card


class Greedy(PaperbackBot):
    name = "greedy"

    def buys(self, state: PaperbackState) -> Iterator[Buy | Cash]:
        while True:
            budget = state.coins + held(state)
            fame = _fame_buys(state, budget)
            if fame is None:
                offer = [(state.price(c), -p, s == "top", p, s) for p, s, c in _offer_cards(state)]
                affordable = [o for o in offer if o[0] <= budget]
                if not affordable:
                    return
                cost, _, _, p, s = max(affordable)
                fame = Buy("offer", p, s), cost
            yield from _with_cash(state, *fame)


def ability_worth(a: Ability) -> float:
    """What an ability adds to a card for the bots: its row's ``worth``, times its number where the row says so."""
    e = a.effect
    return e.worth * max(1, a.amount if e.worth_scales else 1)


class Hard(PaperbackBot):
    name = "hard"
    objective = PaperbackObjective.VALUE

    def __init__(
        self, lexicon: Lexicon, seed: int = 0, time_limit: float = TIME_LIMIT, rerun: bool = True,
        tuning: PaperbackTuning = PAPERBACK_HARD,
    ) -> None:
        super().__init__(lexicon, seed, time_limit, rerun)
        self.tuning = tuning

    def spell(self, state: PaperbackState, search: PaperbackSearch, move: PMove) -> Spell:
        spell = spell_of(state, search, move)
        trashes = sum(
            1
            for q in move.pieces
            if q.kind >= 0
            for a in search.hand.kinds[q.kind].abilities
            if a.effect.act is Act.TRASH_HAND
        ) + expansions.power_amount(state, state.current, "trash-hand")
        if not trashes:
            return spell
        p = state.players[state.current]
        used = {x.card for x in spell.layout}
        keep_wilds = not self.tuning.trash_wilds
        starters = [
            i for i, c in enumerate(p.hand)
            if i not in used and state.box[c].origin == "starter" and not (keep_wilds and state.card(c).wild)
        ]
        steps = tuple(Step("hand", card=i) for i in starters[:trashes])
        return Spell(spell.word, spell.layout, steps)

    def worth(self, state: PaperbackState, card: PCard) -> float:
        """What a letter card adds to the deck being built, in score points a turn it is drawn."""
        t = self.tuning
        p = state.players[state.current]
        owned = [state.card(i) for i in [*p.owned(), *state.word]]
        vowels = sum(1 for c in owned for ch in c.letters if ch in VOWELS)
        v = t.letter_score * card.score + t.ability * sum(ability_worth(a) for a in card.abilities)
        if any(ch in VOWELS for ch in card.letters):
            v += t.vowel_need if vowels < len(owned) * t.vowel_share else t.vowel_spare
        if len(card.letters) == 2:
            v += t.two_letters
        return v

    def per_coin(self, state: PaperbackState, card: PCard, price: int) -> float:
        """A letter card's worth per coin: its worth (``worth``) discounted by its price."""
        return self.worth(state, card) / (1 + self.tuning.price * price)

    def draft_pick(self, state: PaperbackState) -> int:
        """The row card worth most to the deck being built (``worth``)."""
        return max(_row(state), key=lambda k: (self.worth(state, state.card(_at(state, k))), -k))

    def ends_game(self, state: PaperbackState, pile: int) -> bool:
        """Whether buying the top card of this Fame pile leaves two piles empty (the game ends)."""
        empty = sum(1 for p in state.fame if not p)
        return len(state.fame[pile]) == 1 and empty + 1 >= 2

    def wins_after(self, state: PaperbackState, points: int) -> bool:
        """Whether the seat in turn wins a game ending now with ``points`` more Fame."""
        me = state.current
        mine = (state.fame_of(me) + points, state.commons_of(me))
        return all(mine > (state.fame_of(s), state.commons_of(s)) for s in range(len(state.players)) if s != me)

    def fame_choice(self, state: PaperbackState) -> Buy | None:
        """The Fame card to buy now: one that ends the game when that wins it; else the dearest that does not end a
        game this seat would lose (co-op: the dearest uncovered one it can afford)."""
        if state.coop is not None:
            found = _fame_buys(state)
            return found[0] if found else None
        piles = [i for i, p in enumerate(state.fame) if p and state.box[p[-1]].cost <= state.coins]
        enders = [i for i in piles if self.ends_game(state, i)]
        for i in sorted(enders, reverse=True):
            if self.wins_after(state, state.box[state.fame[i][-1]].fame):
                return Buy("fame", i)
        safe = [i for i in piles if i not in enders]
        return Buy("fame", max(safe)) if safe else None

    def place_at(self, state: PaperbackState) -> int:
        """Co-op: the uncovered Fame card with the fewest cubes, ties to the cheapest (bought soonest, its cubes then
        back in the supply)."""
        coop, cubes = state.coop, state.cubes
        assert coop is not None and cubes is not None
        return min(coop.open(), key=lambda k: (cubes.on(_card(state, k)), state.box[_card(state, k)].cost, k))

    def cash_for_fame(self, state: PaperbackState) -> Iterator[Buy | Cash]:
        """Cubes cashed only when they reach a Fame card the coins alone do not."""
        if self.fame_choice(state) is not None or not held(state):
            return
        found = _fame_buys(state, state.coins + held(state))
        if found is not None and (state.coop is not None or not self.ends_game(state, found[0].index)):
            yield from _with_cash(state, *found)

    def buys(self, state: PaperbackState) -> Iterator[Buy | Cash]:
        own = state.turns // len(state.players)
        bought_letters = 0
        coop = state.coop is not None  # every Fame card bought is a cube not placed: Fame whenever it can
        t = self.tuning
        if coop or own >= t.early_turns:
            yield from self.cash_for_fame(state)
        while True:
            fame = self.fame_choice(state)
            if fame is not None and (coop or own >= t.early_turns or state.coins >= t.fame_at):
                yield fame
                continue
            if bought_letters >= t.letters_a_turn:
                return
            offer = [
                (self.per_coin(state, state.card(c), state.price(c)), p, s)
                for p, s, c in _offer_cards(state)
                if state.price(c) <= state.coins
            ]
            if not offer:
                return
            _, p, s = max(offer)
            bought_letters += 1
            yield Buy("offer", p, s)


class RandomBot(PaperbackBot):
    """Random legal moves, fast: a word of the hand from a sample of the dictionary's short words."""

    name = "random"

    def __init__(
        self, lexicon: Lexicon, seed: int = 0, time_limit: float = TIME_LIMIT, rerun: bool = True
    ) -> None:
        super().__init__(lexicon, seed, time_limit, rerun)
        self.words = [w for w in _sample(lexicon) if w.isalpha()]

    def play_turn(self, game: PaperbackGame) -> None:
        st = game.state
        if st.phase == BUY:  # simultaneous play: a draft pick, or a buy turn
            self.finish_turn(game)
            return
        seat = st.current
        spell = None if self.rng.random() < 0.05 else self._word(st)
        if spell is None:
            self.close(game, Discard() if st.options.cube_discard and self.rng.random() < 0.5 else Pass())
            return
        if st.options.cube_advice and len(st.players) > 1 and self.rng.random() < 0.3:
            adviser = self.rng.choice([s for s in range(len(st.players)) if s != st.current])
            spell = Spell(spell.word, spell.layout, spell.resolve, adviser)
        game.apply(spell)
        if st.current == seat:
            self.finish_turn(game)

    def place_at(self, state: PaperbackState) -> int:
        assert state.coop is not None
        return self.rng.choice(state.coop.open())

    def draft_pick(self, state: PaperbackState) -> int:
        return self.rng.choice(_row(state))

    def buys(self, st: PaperbackState) -> Iterator[Buy | Cash]:
        cubes = held(st)
        if cubes and self.rng.random() < 0.5:
            yield Cash(self.rng.randint(1, cubes))
        for _ in range(self.rng.randint(1, 3)):
            options = [Buy("fame", i) for i, cost in _fame_showing(st) if cost <= st.coins]
            letters = [Buy("offer", p, s) for p, s, c in _offer_cards(st) if st.price(c) <= st.coins]
            if options and (not letters or self.rng.random() < 0.5):  # Fame half the time it can: games end
                yield self.rng.choice(options)
            elif letters:
                yield self.rng.choice(letters)
            else:
                break

    def _word(self, st: PaperbackState) -> Spell | None:
        hand = [st.card(i) for i in st.players[st.current].hand]
        found: list[Spell] = []
        shortest, common = expansions.min_length(st), expansions.common(st)
        for word in self.rng.sample(self.words, min(400, len(self.words))):
            if len(word) < shortest:
                continue
            layout = _lay(word, hand, common)
            if layout is not None:
                found.append(Spell(word, layout))
                if len(found) == 8:
                    break
        if not found:
            return None
        return self._with_trashes(st, max(found, key=lambda s: len(s.word)))  # the longest of a few: games end

    def _with_trashes(self, st: PaperbackState, spell: Spell) -> Spell:
        hand = st.players[st.current].hand
        used = {q.card for q in spell.layout}
        cards = [st.card(hand[q.card]) for q in spell.layout if q.card is not None]
        steps: list[Step] = []
        left = [i for i in range(len(hand)) if i not in used]
        for c in cards:
            for a in c.abilities:
                if a.effect.act is Act.TRASH_HAND and left and self.rng.random() < 0.3:
                    steps.append(Step("hand", card=left.pop(self.rng.randrange(len(left)))))
                if a.effect.act is Act.TRASH_OFFER:
                    piles = self.rng.sample(range(len(st.offer)), min(a.amount, len(st.offer)))
                    for pile in piles:
                        slot = self.rng.choice(("top", "row"))
                        if st.showing(pile, slot) is not None and self.rng.random() < 0.7:
                            steps.append(Step("offer", pile=pile, slot=slot))
        return Spell(spell.word, spell.layout, tuple(steps))


def _sample(lexicon: Lexicon) -> list[str]:
    """A fixed sample of the dictionary's words of 2 to 10 letters, most of them short (a hand spells those)."""
    rng = random.Random(len(lexicon))
    out: list[str] = []
    for length, n in ((2, 60), (3, 400), (4, 600), (5, 400), (6, 200), (7, 200), (8, 100), (9, 60), (10, 40)):
        lo, hi = lexicon.length_range(length, length)
        if hi > lo:
            out += [lexicon.word(rng.randrange(lo, hi)) for _ in range(n)]
    return out


def _lay(word: str, hand: list[PCard], common: PCard | None) -> tuple[Piece, ...] | None:
    """A layout of the word from the hand, greedily: a two-letter card, a one-letter card, the Common card, a wild."""
    free = list(range(len(hand)))
    out: list[Piece] = []
    k = 0
    common_free = common is not None and not common.special
    while k < len(word):
        two = next((i for i in free if hand[i].letters == word[k : k + 2] and len(hand[i].letters) == 2), None)
        if two is not None:
            free.remove(two)
            out.append(Piece(card=two))
            k += 2
            continue
        one = next((i for i in free if hand[i].letters == word[k]), None)
        if one is not None:
            free.remove(one)
            out.append(Piece(card=one))
        elif common_free and common is not None and common.letters == word[k]:
            common_free = False
            out.append(Piece(common=True))
        else:
            wild = next((i for i in free if hand[i].wild), None)
            if wild is None:
                return None
            free.remove(wild)
            out.append(Piece(card=wild, as_letter=word[k]))
        k += 1
    return tuple(out)


def make_bot(
    name: str, lexicon: Lexicon, seed: int = 0, time_limit: float = TIME_LIMIT, rerun: bool = True
) -> PaperbackBot:
    kinds: dict[str, type[PaperbackBot]] = {"greedy": Greedy, "hard": Hard, "random": RandomBot}
    if name not in kinds:
        raise PaperbackBotError(f"unknown Paperback bot {name!r}: the bots are {', '.join(BOTS)}")
    return kinds[name](lexicon, seed, time_limit, rerun)
