"""Paperback's bots, on the exact ghost writer (``PaperbackSearch``):

- ``greedy``, the baseline: the word with the highest score (ties: the longer, then the first alphabetically), then
  the dearest Fame card it can afford, again while it can; with too little for any Fame card, the dearest letter card;
- ``hard``: the word worth most by the ghost writer's value objective (score, gaining the Common card, cards next
  hand), letters valued for the deck it is building (its vowels, its abilities, what a card adds per coin), Fame
  bought when the coins reach a dear pile or the game nears its end, starters trashed with ``trash-hand``;
- ``random``: a legal move chosen at random (any word of its hand from a sample of the dictionary, random purchases
  and trashes); the invariant tests' player, fast because it searches nothing.

A bot's search has a time limit (``time_limit``); a search it cuts short (``search.exact`` False) is run again
without one, so a bot's move never depends on the machine's speed: the same seed gives the same game anywhere
(``cut`` counts those reruns). A service, whose requests are bounded, makes bots with ``rerun`` off: a search cut
short then plays the best move it found (``cut`` counts those too).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from solver.errors import GhostwriterError
from solver.game.paperback import expansions
from solver.game.paperback.actions import Buy, End, Pass, Piece, Spell, Step
from solver.game.paperback.engine import BUY, PaperbackGame, PaperbackState
from solver.lexicon import Lexicon
from solver.paperback.cards import Kind, PCard
from solver.paperback.deck import OFFER_PILES
from solver.paperback.moves import COMMON, SPACE, WILD, PaperbackObjective, PMove
from solver.paperback.state import MAX_COPIES, MAX_HAND
from solver.paperback.state import PaperbackState as TurnState
from solver.search.paperback import PaperbackSearch

TIME_LIMIT = 10.0
VOWELS = set("aeiou")
BOTS = ("greedy", "hard", "random")


class PaperbackBotError(GhostwriterError):
    """An unknown bot name."""


def turn_state(state: PaperbackState) -> tuple[TurnState, list[int]]:
    """The seat in turn's hand as the ghost writer reads it, and each of its cards' hand positions (a gained
    Spacebar in hand is left out: it does nothing there; copy abilities past the ghost writer's limit too). The
    attacks in play reach it: a ``min-length`` attack's shortest word, a ``no-common`` attack's Common card (none to
    use or gain); the ``score`` attacks and powers shift every word's buying power alike (``expansions.coins``), so
    the best words stay the best."""
    p = state.players[state.current]
    cards: list[PCard] = []
    where: list[int] = []
    common = expansions.common(state)
    copies = sum(1 for a in (common.abilities if common else ()) if a.kind is Kind.COPY)
    for i, c in enumerate(state.card(x) for x in p.hand):
        n = sum(1 for a in c.abilities if a.kind is Kind.COPY)
        if c.special == "spacebar" or copies + n > MAX_COPIES or len(cards) >= MAX_HAND:
            continue
        copies += n
        cards.append(c)
        where.append(i)
    threshold = state.threshold if common is not None else None
    return TurnState(tuple(cards), common, threshold, expansions.min_length(state)), where


def spell_of(state: PaperbackState, search: PaperbackSearch, move: PMove, resolve: tuple[Step, ...] = ()) -> Spell:
    """The engine's spell for a move of the ghost writer: each piece's card found in the hand."""
    p = state.players[state.current]
    taken: set[int] = set()
    layout: list[Piece] = []
    for q in move.pieces:
        if q.kind == COMMON:
            layout.append(Piece(common=True))
            continue
        if q.kind == SPACE:
            layout.append(Piece(space=True))
            continue
        want = None if q.kind == WILD else search.hand.kinds[q.kind]
        i = next(
            i
            for i, x in enumerate(p.hand)
            if i not in taken and (state.card(x).wild if want is None else state.card(x) == want)
        )
        taken.add(i)
        layout.append(Piece(card=i, as_letter=q.letters if want is None else "", reversed=q.reversed))
    return Spell(move.word, tuple(layout), resolve)


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
        search, move = self.search(st)
        if move is None:
            game.apply(Pass())
            return
        game.apply(self.spell(st, search, move))
        self.finish_turn(game)

    def finish_turn(self, game: PaperbackGame) -> None:
        """The rest of a turn whose word is made (the buy phase): the bot's purchases, then the end of the turn."""
        st = game.state
        if st.phase == BUY:
            for buy in self.buys(st):
                if not expansions.may_buy(st):  # a buy-max attack in play
                    break
                game.apply(buy)
            game.apply(End())

    def spell(self, state: PaperbackState, search: PaperbackSearch, move: PMove) -> Spell:
        return spell_of(state, search, move)

    def buys(self, state: PaperbackState) -> Iterator[Buy]:
        return iter(())


def _fame_buys(state: PaperbackState) -> Buy | None:
    """The dearest Fame card the coins reach."""
    best = None
    for i, pile in enumerate(state.fame):
        if pile and state.box[pile[-1]].cost <= state.coins and (best is None or i > best):
            best = i
    return None if best is None else Buy("fame", best)


def _offer_cards(state: PaperbackState) -> Iterator[tuple[int, str, int]]:
    """The cards showing in the Offer: (pile, slot, card id)."""
    for pile in range(OFFER_PILES):
        for slot in ("top", "row"):
            card = state.showing(pile, slot)
            if card is not None:
                yield pile, slot, card


class Greedy(PaperbackBot):
    name = "greedy"

    def buys(self, state: PaperbackState) -> Iterator[Buy]:
        while True:
            buy = _fame_buys(state)
            if buy is None:
                offer = [(state.box[c].cost, -p, s == "top", p, s) for p, s, c in _offer_cards(state)]
                affordable = [o for o in offer if o[0] <= state.coins]
                if not affordable:
                    return
                _, _, _, p, s = max(affordable)
                buy = Buy("offer", p, s)
            yield buy


ABILITY_WORTH = {
    Kind.DOUBLE_WORD: 4.0,
    Kind.DOUBLE_LETTER: 2.0,
    Kind.CARDS: 1.5,
    Kind.PLUS: 1.0,
    Kind.LENGTH: 0.4,
    Kind.FIRST: 0.4,
    Kind.LAST: 0.5,
    Kind.NOWILD: 0.2,
    Kind.WILDS: 1.2,
    Kind.TRASH_HAND: 1.0,
    Kind.TRASH_OFFER: 0.2,
    Kind.COPY: 1.5,
}


class Hard(PaperbackBot):
    name = "hard"
    objective = PaperbackObjective.VALUE

    def spell(self, state: PaperbackState, search: PaperbackSearch, move: PMove) -> Spell:
        spell = spell_of(state, search, move)
        trashes = sum(
            1
            for q in move.pieces
            if q.kind >= 0
            for a in search.hand.kinds[q.kind].abilities
            if a.kind is Kind.TRASH_HAND
        ) + expansions.power_amount(state, state.current, "trash-hand")
        if not trashes:
            return spell
        p = state.players[state.current]
        used = {x.card for x in spell.layout}
        starters = [i for i, c in enumerate(p.hand) if i not in used and state.box[c].kind == "starter"]
        steps = tuple(Step("hand", card=i) for i in starters[:trashes])
        return Spell(spell.word, spell.layout, steps)

    def worth(self, state: PaperbackState, card: PCard) -> float:
        """What a letter card adds to the deck being built, in score points a turn it is drawn."""
        p = state.players[state.current]
        owned = [state.card(i) for i in [*p.owned(), *state.word]]
        vowels = sum(1 for c in owned for ch in c.letters if ch in VOWELS)
        v = card.score + sum(
            ABILITY_WORTH[a.kind] * max(1, a.amount if a.kind is not Kind.LENGTH else 1) for a in card.abilities
        )
        if any(ch in VOWELS for ch in card.letters):
            v += 2.0 if vowels < len(owned) / 4 else 0.5
        if len(card.letters) == 2:
            v += 0.8
        return v

    early_turns = 4  # own turns that buy letters before Fame (unless the coins reach ``fame_at``)
    fame_at = 8
    letters_a_turn = 2

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
        game this seat would lose."""
        piles = [i for i, p in enumerate(state.fame) if p and state.box[p[-1]].cost <= state.coins]
        enders = [i for i in piles if self.ends_game(state, i)]
        for i in sorted(enders, reverse=True):
            if self.wins_after(state, state.box[state.fame[i][-1]].fame):
                return Buy("fame", i)
        safe = [i for i in piles if i not in enders]
        return Buy("fame", max(safe)) if safe else None

    def buys(self, state: PaperbackState) -> Iterator[Buy]:
        own = state.turns // len(state.players)
        bought_letters = 0
        while True:
            fame = self.fame_choice(state)
            if fame is not None and (own >= self.early_turns or state.coins >= self.fame_at):
                yield fame
                continue
            if bought_letters >= self.letters_a_turn:
                return
            offer = [
                (self.worth(state, state.card(c)) / (1 + 0.15 * state.box[c].cost), p, s)
                for p, s, c in _offer_cards(state)
                if state.box[c].cost <= state.coins
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
        spell = None if self.rng.random() < 0.05 else self._word(st)
        if spell is None:
            game.apply(Pass())
            return
        game.apply(spell)
        self.finish_turn(game)

    def buys(self, st: PaperbackState) -> Iterator[Buy]:
        for _ in range(self.rng.randint(1, 3)):
            options = [Buy("fame", i) for i, pile in enumerate(st.fame) if pile and st.box[pile[-1]].cost <= st.coins]
            letters = [Buy("offer", p, s) for p, s, c in _offer_cards(st) if st.box[c].cost <= st.coins]
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
                if a.kind is Kind.TRASH_HAND and left and self.rng.random() < 0.3:
                    steps.append(Step("hand", card=left.pop(self.rng.randrange(len(left)))))
                if a.kind is Kind.TRASH_OFFER:
                    piles = self.rng.sample(range(OFFER_PILES), a.amount)
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
