"""The Hardback game engine: a game's state, its lexicon, and the log of the actions applied to it.

A turn is a sequence of actions (``solver.game.hardback.actions``: one value per kind, with its JSON form), each applied
by ``Game.apply`` through the handler of its phase: ``prepare`` (ink, remover, pass), ``spell`` (the word),
``powers``, ``choices`` (dump, jail, preview, skip), ``buying`` (flush, buy, ink, adverts, the turn's end),
``returns`` (printed Horror H's token, chosen by each opponent holding both kinds) and ``turn`` (the event drawn,
the next seat). Ink and removers may also be used out of turn, by a seat for its next word (``prepare.ahead``).
``Game.apply`` checks an action completely before it changes anything, so a refused action (an
``IllegalActionError`` naming the reason) leaves the state as it was.
``Game.log`` holds every action applied; replaying it on a new game of the same seed and options reaches the
same state.

``Game`` is Hardback's side of the one game protocol (``solver.game.protocol``): its JSON, the seat to act, the
legal actions (``legal``), a fast copy, the end, a seat's view (``view``) and its hidden cards redrawn (``sample``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, assert_never

from solver.errors import GhostwriterError
from solver.game.hardback import buying, choices, prepare
from solver.game.hardback.actions import (
    Action,
    Advert,
    Buy,
    Convert,
    Dump,
    End,
    EventChoice,
    Flush,
    IllegalActionError,
    Ink,
    InkBuy,
    Jail,
    Look,
    Pass,
    Power,
    Preview,
    Remover,
    Return,
    Skip,
    Spell,
)
from solver.game.hardback.coop import reached
from solver.game.hardback.events import Event
from solver.game.hardback.legal import legal_actions
from solver.game.hardback.options import GameOptions
from solver.game.hardback.powers import use_power
from solver.game.hardback.returns import give_back
from solver.game.hardback.rules import ACTIONS, AHEAD, phase_help
from solver.game.hardback.sample import redraw
from solver.game.hardback.setup import deal
from solver.game.hardback.spell import SpelledWord, spell
from solver.game.hardback.state import GameState, Phase, PlayerState
from solver.game.hardback.turn import choose_event, end_early
from solver.game.hardback.validate import load
from solver.game.hardback.view import event_named, event_of, seat_view, turn_state
from solver.game.protocol import Legal, clone
from solver.hardback.catalogue import Catalogue
from solver.hardback.resolve import AWARDS
from solver.hardback.state import TurnState
from solver.lexicon import Lexicon


class Game:
    """One game: its state, its lexicon, and the log of the actions applied."""

    def __init__(self, state: GameState, lexicon: Lexicon, log: list[Action] | None = None) -> None:
        self.state = state
        self.lexicon = lexicon
        self.log: list[Action] = log if log is not None else []
        self.catalogue = Catalogue.hardback(state.options.rules)
        self.last: SpelledWord | None = None

    @staticmethod
    def new(options: GameOptions, seed: int, lexicon: Lexicon, powers: Sequence[str] | None = None) -> Game:
        """A game dealt from a seed: starter decks, the offer deck and row, powers and events as the options say."""
        return Game(deal(options, seed, powers), lexicon)

    @staticmethod
    def replay(
        options: GameOptions,
        seed: int,
        lexicon: Lexicon,
        log: Sequence[Action],
        powers: Sequence[str] | None = None,
    ) -> Game:
        """A new game of the same seed and options (and powers, when they were chosen) with every logged action
        applied again."""
        game = Game.new(options, seed, lexicon, powers)
        for action in log:
            game.apply(action)
        return game

    @classmethod
    def from_json(cls, data: object, lexicon: Lexicon) -> Game:
        """A game from its state's JSON, checked in full (``validate.load``: ``GameStateError`` naming the fault)."""
        return cls(load(data), lexicon)

    def to_json(self) -> dict[str, Any]:
        """The state's JSON (the form the service carries)."""
        return self.state.to_json()

    # -- what the players see -----------------------------------------------------------------------------------

    def turn_state(self, seat: int | None = None) -> TurnState:
        """The ghost writer's view of a seat's turn: hand, inked cards, classics, discard, tokens, options."""
        return turn_state(self.state, seat)

    def event_of(self, p: PlayerState) -> Event | None:
        """The event card in front of a player."""
        return event_of(self.state, p)

    def event_named(self, name: str) -> Event | None:
        """An event of the game by name (events are named; the deck in play is the options' deck)."""
        return event_named(self.state, name)

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` sees of the game and may do now (``view.seat_view``: the page's table)."""
        return seat_view(self, seat)

    def sample(self, seat: int, rng: random.Random) -> Game:
        """A copy whose cards hidden from ``seat`` are redrawn from ``rng`` (``sample.redraw``)."""
        world = self.copy()
        redraw(world.state, seat, rng)
        return world

    # -- actions ------------------------------------------------------------------------------------------------

    def copy(self) -> Game:
        """An independent game of the same state and log, to try actions on (``protocol.clone``)."""
        return Game(clone(self.state), self.lexicon, list(self.log))

    def to_act(self) -> int | None:
        """The seat whose action the game waits on (an opponent owing printed Horror H's token, else the seat in
        turn); None once the game is over."""
        return None if self.state.phase == Phase.OVER else self.state.acting

    def legal_actions(self, words: int = 0) -> Legal[Action]:
        """The actions the engine accepts now from ``to_act``'s seat, enumerated lazily (``legal``): the rules'
        candidates, then the ghost writer's ``words`` best words as spells."""
        return legal_actions(self, words)

    def allows(self, *actions: Action) -> bool:
        """Whether the engine accepts these actions now, one after the other (tried on a ``copy``: events, wild
        journeys, disfigured letters and every other rule as they are)."""
        try:
            if actions:
                self._check_phase(actions[0])  # most refusals, without a copy
            shadow = self.copy()
            for action in actions:
                shadow.apply(action)
        except GhostwriterError:
            return False
        return True

    def apply(self, action: Action) -> None:
        """Apply one action (of the player in turn, or of the seat it names: an ink or remover out of turn, an
        opponent's return); ``IllegalActionError`` (state unchanged) when it is not allowed."""
        st = self.state
        self._check_phase(action)
        match action:
            case Spell():
                self.last = spell(st, self.lexicon, action)
            case Ink():
                prepare.ink(st, action)
            case Remover():
                prepare.remover(st, action)
            case Pass():
                prepare.pass_turn(st, action)
            case Power():
                use_power(st, action)
            case Dump():
                choices.dump(st, action)
            case Jail():
                choices.jail(st, action)
            case Look():
                choices.look(st, action)
            case Preview():
                choices.preview(st, action)
            case Skip():
                choices.skip(st, action)
            case Flush():
                buying.flush(st, action)
            case Buy():
                buying.buy(st, action)
            case InkBuy():
                buying.ink_buy(st, action)
            case Convert():
                buying.convert(st, action)
            case Advert():
                buying.advert(st, action)
            case End():
                buying.end(st, action)
            case EventChoice():
                choose_event(st, action)
            case Return():
                give_back(st, action)
            case _:
                assert_never(action)
        if st.options.coop and st.phase != Phase.OVER:
            reached(st)
            if st.result:  # a side completed its final lap in this action: the game ends now
                end_early(st)
        self.log.append(action)

    def _check_phase(self, action: Action) -> None:
        """Whether the game and its phase take this kind of action now (``IllegalActionError`` if not)."""
        st = self.state
        if st.phase == Phase.OVER:
            raise IllegalActionError("the game is over")
        if isinstance(action, Ink | Remover) and prepare.ahead(st, action):
            self._check_ahead(action)
            return
        if st.turn.peek and not isinstance(action, Preview):
            raise IllegalActionError("choose which of the cards looked at to discard first (action preview)")
        if st.phase not in ACTIONS[action.KIND]:
            owing = f", by seat {st.acting}" if st.phase == Phase.RETURN else ""
            raise IllegalActionError(
                f"{action.KIND} is not allowed in the {st.phase} phase ({phase_help(st.phase)}{owing})"
            )

    def _check_ahead(self, action: Ink | Remover) -> None:
        """An ink or remover used out of turn, for the seat's next word: allowed in ``AHEAD``'s phases."""
        st = self.state
        if st.phase == Phase.RETURN:
            raise IllegalActionError(
                f"{action.KIND} out of turn comes before the word: printed Horror H's token is owed now (action "
                "return)"
            )
        if st.phase not in AHEAD:
            raise IllegalActionError(f"{action.KIND} out of turn is not allowed in the {st.phase} phase")

    # -- the end ------------------------------------------------------------------------------------------------

    def result(self) -> str | None:
        """The cooperative anthology's outcome once it is over: ``won`` when the players completed their final lap
        first, ``lost`` when Penny Dreadful did (or the game stopped at options.max_turns with neither there);
        None while it goes on, and outside the anthology (``winner`` names the seat)."""
        st = self.state
        if not st.options.coop or st.phase != Phase.OVER:
            return None
        return st.result or None

    def over(self) -> bool:
        return self.state.phase == Phase.OVER

    def scores(self) -> list[int]:
        """Each seat's score now (``final_scores``)."""
        return self.final_scores()

    def final_scores(self) -> list[int]:
        """Each seat's prestige with the literary award it holds."""
        st = self.state
        award = AWARDS.get(st.award_length, 0)
        return [q.prestige + (award if q.seat in st.award_holders else 0) for q in st.players]

    def winner(self) -> int | None:
        """The winning seat: most prestige, then most ink; None while seats still tie, and always None in the
        cooperative anthology, where the table wins or loses together (``result``)."""
        if self.state.options.coop:
            return None
        scores = self.final_scores()
        key = [(s, q.ink) for s, q in zip(scores, self.state.players, strict=True)]
        best = max(key)
        seats = [i for i, k in enumerate(key) if k == best]
        return seats[0] if len(seats) == 1 else None
