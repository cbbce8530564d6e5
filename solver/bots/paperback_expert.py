"""Paperback's expert: a tuned hard bot's turn (``solver.bots.tuning.PaperbackTuning``,
``solver/data/tuned-paperback.json``: the hard bot's constants searched by self-play against the hard bot), with
the word and the buys judged by the planner (``solver.planner.core``), the same planner as Hardback's expert.

- **The word**: the tuned policy's five best words by its worth of a word, the two best by score alone, and a pass
  (or a discard for a cube); each played in worlds sampled from the seat's view, the buys then made by the tuned
  policy, and the state reached judged by the win model (``solver.planner.paperback``).
- **The buys**: the tuned policy's own, each Fame card it can afford, each of its four likeliest letter cards, a
  Fame card with the best letter the coins left reach (buying nothing is left to the policy's own plan).

The planner's judgement gives the chances the advice shows, but it does not overrule the tuned policy (``MARGIN``
infinite, as in Hardback): measured against the hard bot, its 1-ply choices lost games the tuned policy wins (47.5%
against 65.0% of the same 200 games with a margin of 0.003; docs/planner.md). ``retune`` sets another margin.

Co-op and the cube rules keep the hard bot's turn (their cubes are decisions of their own).
"""

from __future__ import annotations

import math
import time
from typing import Any

from solver.bots.paperback import BOTS, TIME_LIMIT, Hard, PaperbackBot, _offer_cards, discards, make_bot
from solver.bots.tuning import PaperbackTuning, load_paperback
from solver.game.paperback.actions import Action, Buy, Discard, End, Pass
from solver.game.paperback.engine import BUY, PaperbackGame, PaperbackState
from solver.game.paperback.protocol import PaperbackTable
from solver.game.paperback.state import take
from solver.game.paperback.view import turn_state
from solver.game.protocol import Game as AnyGame
from solver.lexicon import Lexicon
from solver.paperback.moves import PaperbackObjective
from solver.planner import paperback as features
from solver.planner.core import Judged, Plan, apply_best, judge, seed_of
from solver.planner.model import load
from solver.search.paperback import PaperbackSearch

EXPERT_BOTS = (*BOTS, "expert")
WORLDS = 3
WORDS = 5
MARGIN = math.inf  # the planner never overrules the tuned policy (measured: its overrules lost games; docs/planner.md)


class Expert(Hard):
    name = "expert"

    def __init__(
        self, lexicon: Lexicon, seed: int = 0, time_limit: float = TIME_LIMIT, rerun: bool = True
    ) -> None:
        super().__init__(lexicon, seed, time_limit, rerun, load_paperback())
        self.seed = seed
        self.margin = MARGIN
        self.model = load("paperback", "plan")
        self.policy = Hard(lexicon, seed * 31, time_limit, rerun, self.tuning)  # the rest of its own turns
        self.turn_limit: float | None = None  # seconds a turn's judging may take (a service); None: counts only
        self.deadline: float | None = None
        self.decisions: list[tuple[str, list[Judged]]] = []

    def retune(self, tuning: PaperbackTuning, margin: float = MARGIN) -> Expert:
        """This expert on another base policy (its own turns and its rollouts), with another margin."""
        self.tuning, self.margin = tuning, margin
        self.policy = Hard(self.lexicon, self.seed * 31, self.time_limit, self.rerun, tuning)
        return self

    def finish(self, world: AnyGame[Any], seat: int) -> None:
        """The rest of ``seat``'s turn by the hard bot: its buys and the turn's end."""
        assert isinstance(world, PaperbackTable)
        if not world.over() and world.state.current == seat and world.state.phase == BUY:
            self.policy.finish_turn(world.game)

    def evaluate(self, world: AnyGame[Any], seat: int) -> float:
        assert isinstance(world, PaperbackTable)
        return features.chances(world, self.model)[seat]

    def decide(self, game: PaperbackGame, kind: str, plans: list[Plan]) -> list[Judged]:
        st = game.state
        judged = judge(PaperbackTable(game), st.current, plans, self.finish, self.evaluate, WORLDS,
                       seed_of(self.seed, st.turns, len(game.log)), self.deadline)
        first = next((j for j in judged if j.plan is plans[0]), None)
        if first is not None and judged[0] is not first and judged[0].win < first.win + self.margin:
            judged.remove(first)
            judged.insert(0, first)
        self.decisions.append((kind, judged))
        return judged

    def word_plans(self, st: PaperbackState) -> list[Plan]:
        turn, _ = turn_state(st)
        plans: list[Plan] = []
        seen: set[str] = set()
        for objective, n in ((PaperbackObjective.VALUE, WORDS), (PaperbackObjective.SCORE, 2)):
            search = PaperbackSearch(self.lexicon, turn, objective, time_limit=self.time_limit)
            self.searches += 1
            for move in search.top(n):
                spell = self.spell(st, search, move)
                key = repr(spell.layout) + spell.word
                if key not in seen:
                    seen.add(key)
                    plans.append(Plan((spell,), spell.word.upper()))
        plans.append(Plan((Discard() if discards(st) else Pass(),), "pass"))
        return plans

    def buy_plans(self, game: PaperbackGame) -> list[Plan]:
        st = game.state
        own = PaperbackTable(game).copy()
        start = len(own.log)
        self.policy.finish_turn(own.game)
        hard = tuple(own.log[start:])
        plans = [Plan(hard, purchase_label(st, hard))]
        fame = [i for i, p in enumerate(st.fame) if p and st.box[p[-1]].cost <= st.coins]
        offer = sorted(
            ((self.per_coin(st, st.card(c), st.price(c)), p, s, st.price(c))
             for p, s, c in _offer_cards(st) if st.price(c) <= st.coins),
            reverse=True,
        )[:4]
        bundles: list[tuple[Action, ...]] = []
        for i in fame:
            bundles.append((Buy("fame", i), End()))
            rest = st.coins - st.box[st.fame[i][-1]].cost
            letter = next(((p, s) for _, p, s, cost in offer if cost <= rest), None)
            if letter is not None:
                bundles.append((Buy("fame", i), Buy("offer", *letter), End()))
        bundles += [(Buy("offer", p, s), End()) for _, p, s, _ in offer]
        plans += [Plan(actions, purchase_label(st, actions)) for actions in bundles]
        return plans

    def play_turn(self, game: PaperbackGame) -> None:
        st = game.state
        self.decisions = []
        self.deadline = None if self.turn_limit is None else time.monotonic() + self.turn_limit
        if st.coop is not None or st.cubes is not None or st.extras is not None or st.phase == BUY:
            super().play_turn(game)  # (simultaneous play: a draft pick, or a buy turn by the hard bot's)
            return
        seat = st.current
        if not apply_best(PaperbackTable(game), self.decide(game, "word", self.word_plans(st))):
            super().play_turn(game)
            return
        if game.state.phase != BUY or game.state.current != seat:  # (a word announced: another seat's turn)
            return
        self.play_buys(game)

    def play_buys(self, game: PaperbackGame) -> None:
        """The buy phase by the planner (the hard bot's buys and the turn's end when it takes no plan)."""
        if not apply_best(PaperbackTable(game), self.decide(game, "buy", self.buy_plans(game))):
            self.finish_turn(game)


def purchase_label(st: PaperbackState, actions: tuple[Action, ...]) -> str:
    """The purchases ``actions`` make from the buy phase of ``st``, said for people: ``buy TH/2$4 + fame 5¢``,
    ``buy nothing`` (cubes cashed and the turn's end not said)."""
    offer = [list(pile) for pile in st.offer]
    row = list(st.row)
    fame = [list(pile) for pile in st.fame]
    bought: list[str] = []
    for action in actions:
        if not isinstance(action, Buy):
            continue
        if action.pile == "fame":
            if fame[action.index]:
                bought.append(f"fame {st.box[fame[action.index].pop()].cost}¢")
        elif (card := take(offer, row, action.index, action.slot)) is not None:
            bought.append(st.card(card).code)
    return "buy " + (" + ".join(bought) if bought else "nothing")


def make_any(
    name: str, lexicon: Lexicon, seed: int = 0, time_limit: float = TIME_LIMIT, rerun: bool = True
) -> PaperbackBot:
    """A Paperback bot by name, the expert included."""
    if name == "expert":
        return Expert(lexicon, seed, time_limit, rerun)
    return make_bot(name, lexicon, seed, time_limit, rerun)


__all__ = ["EXPERT_BOTS", "Action", "Expert", "make_any"]
