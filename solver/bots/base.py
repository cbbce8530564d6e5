"""What every bot does: play the whole turn of the seat in turn, action by action, through the engine; and, for an
opponent hit by printed Horror H while holding both an ink and a remover, choose the token to return.

A bot never changes the game except through ``Game.apply``, so every move it makes is checked by the rules;
when an action is refused it tries its next choice. The word is chosen by the ghost writer's search.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from solver.game.hardback.actions import (
    Action,
    Dump,
    End,
    EventChoice,
    IllegalActionError,
    Jail,
    Look,
    Pass,
    Preview,
    Return,
    Skip,
    Spell,
)
from solver.game.hardback.engine import Game
from solver.game.hardback.state import Phase
from solver.hardback.cards import Card
from solver.hardback.moves import Move
from solver.hardback.objectives import Objective, Weights
from solver.lexicon import Lexicon
from solver.search.hardback import Search

if TYPE_CHECKING:
    from solver.search.order import Flags

# Search steps a bot's search may take: a guard, not a limit in practice. With the compiled search a step costs 35 to
# 100 nanoseconds; the hardest searches of 2,000 measured greedy-vs-hard games took 3.4 million steps (0.17 s), and
# tournaments report the share of word searches proven best; a hand that outran the guard would be played with the best
# move found by then (the Python engine, where the kernel is not built, takes about 50 times longer a step). A step
# count, not a clock, so that a game replays the same on any machine, with or without the kernel (both engines count
# the same steps).
NODE_BUDGET = 10_000_000


class Bot:
    """Base class: subclasses choose the word, the purchases and the rest; ``play_turn`` drives the phases."""

    name = "bot"

    def __init__(self, lexicon: Lexicon, seed: int = 0, time_limit: float | None = None) -> None:
        """``time_limit`` bounds the searches of a whole turn, in seconds (for a service; games between bots
        leave it off, so that they are the same on every machine: every search is bounded by steps anyway)."""
        self.lexicon = lexicon
        self.seed = seed
        self.time_limit = time_limit
        self._turn_end: float | None = None
        self.searches = 0  # word searches made (``candidate_moves``) ...
        self.proven = 0  # ... and those that proved their best move (not cut short by a limit)

    # -- the turn -----------------------------------------------------------------------------------------------

    def play_turn(self, game: Game) -> list[Action]:
        """Play for the seat the game waits on (``GameState.acting``): the whole turn of the seat in turn, from
        whatever phase it is in; it stops when its word leaves opponents to choose the token they return (the
        return phase: their bots answer, then this one goes on). In the return phase, the awaited seat's returns.
        The actions applied, in order."""
        self._turn_end = None if self.time_limit is None else time.monotonic() + self.time_limit
        try:
            return self._play_turn(game)
        finally:
            self._turn_end = None

    def search_limit(self) -> float | None:
        """The seconds a search may take now: what is left of the turn's time limit (None: no limit)."""
        if self._turn_end is None:
            return self.time_limit
        return max(0.001, self._turn_end - time.monotonic())

    def _play_turn(self, game: Game) -> list[Action]:
        start = len(game.log)
        st = game.state
        if st.phase == Phase.RETURN:
            seat = st.acting
            while st.phase == Phase.RETURN and st.acting == seat:
                game.apply(Return(seat, self.return_token(game, seat)))
            return game.log[start:]
        seat = st.current
        if game.state.phase == Phase.PREPARE:
            self.prepare(game)
        if game.state.phase == Phase.PREPARE:
            self.spell(game)
        if game.state.phase == Phase.RETURN:
            return game.log[start:]  # the opponents choose their tokens before the turn goes on
        guard = 0
        while game.state.phase == Phase.CHOICES and guard < 50:
            guard += 1
            self.choose(game)
        if game.state.phase == Phase.BUY and game.state.current == seat:
            self.buy(game)
            if game.state.phase == Phase.BUY:
                game.apply(End())
        if game.state.phase == Phase.EVENT and game.state.current == seat:
            swap = self.event_swap(game)
            game.apply(EventChoice(swap))
        return game.log[start:]

    def prepare(self, game: Game) -> None:
        """Ink, removers and powers before the word (none by default)."""

    def word_weights(self, game: Game) -> tuple[Objective, Weights | None]:
        return Objective.VALUE, None

    def candidate_moves(self, game: Game, n: int) -> list[Move]:
        objective, weights = self.word_weights(game)
        search = Search(
            self.lexicon,
            game.turn_state(),
            objective,
            weights,
            time_limit=self.search_limit(),
            node_budget=NODE_BUDGET,
            allowed=self.vocabulary(),
        )
        moves = search.top(n)
        self.searches += 1
        self.proven += search.exact
        return moves

    def vocabulary(self) -> Flags | None:
        """The words the bot may play (None: every word of the dictionary): none of the shipped offensive words."""
        from solver.answers.filters import inoffensive

        return inoffensive(self.lexicon, "en")

    def spell(self, game: Game) -> None:
        """Spell the best word the rules allow (the next best when one is refused), or pass."""
        p = game.state.player
        constrained = bool(p.event or p.must_wild or p.disfigured)
        objective, weights = self.word_weights(game)
        for move in self.candidate_moves(game, 20 if constrained else 1) or []:
            action = Spell.of_move(move, objective, weights)
            try:
                game.apply(action)
                return
            except IllegalActionError:
                continue
        game.apply(Pass())

    def choose(self, game: Game) -> None:
        """Dump the least useful discarded card, jail the dearest offer card, keep previewed cards."""
        st = game.state
        t, p = st.turn, st.player
        if t.previews and not t.peek:
            game.apply(Look())  # the preview first, as the bots always played it
        elif t.peek:
            game.apply(Preview(tuple(self.preview_discards(game))))
        elif t.dumps and p.discard:
            card = min(p.discard, key=lambda c: (self.card_worth(game, c), c.code))
            game.apply(Dump(card.code))
        elif t.jails and st.offer_row:
            slot, keep = self.jail_choice(game)
            game.apply(Jail(slot, keep))
        else:
            game.apply(Skip())

    def return_token(self, game: Game, seat: int) -> str:
        """The token ``seat`` returns to printed Horror H when it holds both (it keeps the one it values more): by
        default the remover, of no use to a bot that never draws with ink, where an ink still breaks a tie at
        the end, pays for powers and turns into coins."""
        return "remover"

    def event_swap(self, game: Game) -> int | None:
        """The seat to exchange the event just drawn with (None: keep it); by default the event is kept."""
        return None

    def preview_discards(self, game: Game) -> list[int]:
        return []

    def jail_choice(self, game: Game) -> tuple[int, bool]:
        row = game.state.offer_row
        slot = max(range(len(row)), key=lambda i: (row[i].cost, -i))
        return slot, True

    def card_worth(self, game: Game, card: Card) -> float:
        """A rough worth of a card in a deck: what it gives face-up."""
        return float(card.cost)

    def buy(self, game: Game) -> None:
        """Purchases (none by default)."""
