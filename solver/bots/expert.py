"""The expert: a tuned policy's turn (``solver.bots.tuning``, ``solver/data/tuned-hardback.json``: the hard bot's
constants searched by self-play against the hard bot, for 2 players and for 3 and 4 on their own, ``TableTunings``:
each game plays the one of its table's size), with its two biggest decisions (the word and the buys)
judged by the planner (``solver.planner.core``).

- **The word**: the policy's best words by its weights, the best for prestige alone and for coins alone (a pass is
  left to the policy, when it finds no word); each is played in worlds sampled from the seat's view, the rest of
  the turn by the tuned policy (its choices, its buys), and judged by the win model on the state reached
  (``solver.planner.hardback``).
- **The buys**: the policy's own purchase, each card it can afford alone (the coins left bought as ink) and the
  pairs of its four likeliest cards; each judged the same way.

The planner's judgement gives the chances the advice shows, but it does not overrule the tuned policy (``MARGIN``
infinite): measured against the hard bot, its 1-ply choices lost games the tuned policy wins (42.6% against 63.7% of
600 games; docs/planner.md). So a bot that only plays (a tournament, the service's ``bot/move``) judges nothing
(``judging`` off: it plays the tuned policy's turn at the policy's cost); the advice turns it on for its chances.
Ink draws, powers, choices, events and adverts are the tuned policy's. The worlds are drawn from the bot's seed and
the turn, so a game replays; a ``time_limit`` (a service) stops judging plans at the turn's end, the policy's own
choice always judged first.
"""

from __future__ import annotations

import itertools
import math
import time
from typing import Any

from solver.bots.base import NODE_BUDGET
from solver.bots.policy import PolicyBot
from solver.bots.tuning import HARD, TableTunings, Tuning, load_table
from solver.errors import GhostwriterError
from solver.game.hardback.actions import Action, Advert, Buy, End, Flush, InkBuy, Spell
from solver.game.hardback.engine import Game
from solver.game.protocol import Game as AnyGame
from solver.hardback.moves import Move
from solver.hardback.objectives import Objective
from solver.lexicon import Lexicon
from solver.planner import hardback as features
from solver.planner.core import Judged, Plan, apply_best, judge, seed_of
from solver.planner.model import load
from solver.search.hardback import Search

WORLDS = 3  # worlds each plan is played in
WORDS = 5  # the hard bot's best words judged (and two for prestige, two for coins)
MARGIN = math.inf  # the planner never overrules the tuned policy (measured: its overrules lost games; docs/planner.md)
DECISIONS = ("word", "buy")  # the decisions the planner makes (the rest are the hard bot's)


class ExpertBot(PolicyBot):
    def __init__(
        self,
        lexicon: Lexicon,
        seed: int = 0,
        time_limit: float | None = None,
        worlds: int = WORLDS,
        words: int = WORDS,
        margin: float = MARGIN,
        decisions: tuple[str, ...] = DECISIONS,
        deep: int = 0,
        tuning: Tuning | TableTunings | None = None,
        judging: bool | None = None,
    ) -> None:
        # the tuning for each table size (the shipped ones by default; one ``Tuning`` plays at every size)
        self.tunings = TableTunings.of(tuning) if isinstance(tuning, Tuning) else tuning or load_table()
        super().__init__(lexicon, seed, level="hard", time_limit=time_limit, tuning=self.tunings.at(2))
        self.name = "expert"
        self.worlds = worlds
        self.words = words
        self.margin = margin
        # plans are judged when the judgement can change the move (a finite margin) or is asked for (the advice)
        self.judging = math.isfinite(margin) if judging is None else judging
        self.planned = decisions
        self.deep = deep  # plans judged again with the next round played (the best ``deep`` of the first look)
        self.model = load("hardback", "plan")
        self._policies: dict[int, PolicyBot] = {}
        self.seat = -1  # the seat in turn at this turn's start (its rollouts play the tuned policy)
        self.decisions: list[tuple[str, list[Judged]]] = []  # this turn's decisions: ("word" | "buy", plans judged)

    def _play_turn(self, game: Game) -> list[Action]:
        tuning = self.tunings.at(len(game.state.players))  # the tuning searched for this table's size
        if tuning is not self.tuning:
            self.tuning = tuning
            self._policies.pop(-1, None)  # its own seat's rollouts play it too
        return super()._play_turn(game)

    # -- the planner's parts ------------------------------------------------------------------------------------

    def policy(self, seat: int) -> PolicyBot:
        """The fast policy that plays the rest of a turn in a sampled world: the expert's own tuning for its seat,
        the hard bot for the others."""
        key = seat if seat != self.seat else -1
        if key not in self._policies:
            tuning = self.tuning if key == -1 else HARD
            self._policies[key] = PolicyBot(self.lexicon, self.seed * 31 + seat, level="hard", tuning=tuning)
        return self._policies[key]

    def finish(self, world: AnyGame[Any], seat: int) -> None:
        """The rest of ``seat``'s turn (the opponents' returned tokens included), by the hard policy."""
        assert isinstance(world, Game)
        for _ in range(20):
            acting = world.to_act()
            if acting is None or world.state.current != seat:
                return
            self.policy(acting).play_turn(world)

    def round(self, world: AnyGame[Any], seat: int) -> None:
        """The next round, by the hard policy: every other seat's turn and this seat's next one."""
        assert isinstance(world, Game)
        stop = world.state.turns + len(world.state.players)
        for _ in range(20 * len(world.state.players)):
            acting = world.to_act()
            if acting is None or world.state.turns >= stop:
                return
            self.policy(acting).play_turn(world)

    def evaluate(self, world: AnyGame[Any], seat: int) -> float:
        assert isinstance(world, Game)
        return features.chances(world, self.model)[seat]

    def deadline(self) -> float | None:
        return self._turn_end

    def decide(self, game: Game, kind: str, plans: list[Plan]) -> list[Judged]:
        st = game.state
        judged = judge(
            game, st.current, plans, self.finish, self.evaluate, self.worlds,
            seed_of(self.seed, st.turns, len(game.log)), self.deadline(),
        )
        if self.deep and len(judged) > 1:
            keep = [plans[0], *[j.plan for j in judged if j.plan is not plans[0]][: self.deep - 1]]
            judged = judge(
                game, st.current, keep, self.finish, self.evaluate, self.worlds + 1,
                seed_of(self.seed, st.turns, len(game.log), 2), self.deadline(), ahead=self.round,
            )
        if judged and judged[0].plan is not plans[0]:
            first = next((j for j in judged if j.plan is plans[0]), None)
            if first is not None and judged[0].win < first.win + self.margin:
                judged.remove(first)
                judged.insert(0, first)
        self.decisions.append((kind, judged))
        return judged

    # -- the word -----------------------------------------------------------------------------------------------

    def prepare(self, game: Game) -> None:
        self.decisions = []
        self.seat = game.state.current
        super().prepare(game)

    def word_plans(self, game: Game) -> list[Plan]:
        objective, weights = self.word_weights(game)
        plans: list[Plan] = []
        seen: set[tuple[str, tuple[Any, ...]]] = set()

        def add(move: Move, obj: Objective, w: Any) -> None:
            spell = Spell.of_move(move, obj, w)
            key = (spell.word, spell.layout)
            if key not in seen:
                seen.add(key)
                plans.append(Plan((spell,), spell.word.upper()))

        for move in self.candidate_moves(game, self.words):
            add(move, objective, weights)
        for obj in (Objective.PRESTIGE, Objective.COINS):
            search = Search(self.lexicon, game.turn_state(), obj, None, time_limit=self.search_limit(),
                            node_budget=NODE_BUDGET)
            for move in search.top(2):
                add(move, obj, None)
        return plans

    def spell(self, game: Game) -> None:
        st = game.state
        p = st.player
        if not self.judging or st.options.coop or p.event or p.must_wild or p.disfigured or "word" not in self.planned:
            super().spell(game)  # the constrained turns keep the hard bot's careful search
            return
        if not apply_best(game, self.decide(game, "word", self.word_plans(game))):
            super().spell(game)

    # -- the buys -----------------------------------------------------------------------------------------------

    def buy_plans(self, game: Game) -> list[Plan]:
        st = game.state
        coins = st.turn.coins
        own = game.copy()
        start = len(own.log)
        PolicyBot.buy(self, own)
        hard = (*own.log[start:], End())
        plans = [Plan(hard, purchase_label(game, hard))]
        row = st.offer_row
        affordable = [i for i, c in enumerate(row) if c.cost <= coins]
        deck = self.deck(game)
        mean = self.deck_mean(game, deck)
        affordable.sort(key=lambda i: -self.gain(game, row[i], deck, mean))
        for i in affordable:
            plans.append(Plan(self._buys([i], coins - row[i].cost), f"buy {row[i].code}"))
        for a, b in itertools.combinations(affordable[:4], 2):
            rest = coins - row[a].cost - row[b].cost
            if rest >= 0:
                plans.append(Plan(self._buys([a, b], rest), f"buy {row[a].code} + {row[b].code}"))
        return plans

    @staticmethod
    def _buys(slots: list[int], rest: int) -> tuple[Action, ...]:
        acts: list[Action] = [Buy(s) for s in sorted(slots, reverse=True)]  # dearest slot first: indices hold
        if rest > 0:
            acts.append(InkBuy(rest))
        acts.append(End())
        return tuple(acts)

    def buy(self, game: Game) -> None:
        st = game.state
        if not self.judging or st.options.coop or "buy" not in self.planned:
            super().buy(game)
            return
        if not apply_best(game, self.decide(game, "buy", self.buy_plans(game))):
            super().buy(game)


def purchase_label(game: Game, actions: tuple[Action, ...]) -> str:
    """The purchases ``actions`` make from ``game``'s buy phase, said for people as the other buy plans say theirs:
    ``buy romance:K5 + E``, ``flush, buy nothing``, ``buy mystery:B4 + advert`` (coins left buy ink: not said)."""
    trial = game.copy()
    bought: list[str] = []
    flushed = False
    for action in actions:
        st = trial.state
        if isinstance(action, Buy):
            card = st.player.jail[0] if action.slot is None else st.offer_row[action.slot]
            bought.append(card.code)
        elif isinstance(action, Advert):
            bought.append("advert")
        flushed = flushed or isinstance(action, Flush)
        try:
            trial.apply(action)
        except GhostwriterError:
            break
    said = "buy " + (" + ".join(bought) if bought else "nothing")
    return f"flush, {said}" if flushed else said


def turn_seconds(bot: ExpertBot, game: Game) -> float:
    """Seconds one whole turn of ``bot`` takes on ``game`` (for the benchmarks)."""
    t = time.perf_counter()
    bot.play_turn(game)
    return time.perf_counter() - t
