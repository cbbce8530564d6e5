"""The greedy baseline: the word with the most prestige (then coins), then the dearest cards it can afford.

It never draws with ink; coins left over buy ink (which only breaks ties at the end).
"""

from __future__ import annotations

from dataclasses import fields

from solver.bots.base import Bot
from solver.game.hardback.actions import Buy, InkBuy
from solver.game.hardback.engine import Game
from solver.hardback.objectives import Objective, Weights

# Most prestige, ties broken by coins: a light lexicographic order the search prunes well.
PRESTIGE_FIRST = Weights(**{**{f.name: 0.0 for f in fields(Weights)}, "prestige": 1.0, "coins": 0.01})


class GreedyBot(Bot):
    name = "greedy"

    def word_weights(self, game: Game) -> tuple[Objective, Weights | None]:
        return Objective.VALUE, PRESTIGE_FIRST

    def buy(self, game: Game) -> None:
        st = game.state
        while True:
            coins = st.turn.coins
            options = [(c.cost, -i, i) for i, c in enumerate(st.offer_row) if c.cost <= coins]
            jail = st.player.jail
            if jail and jail[0].cost <= coins:
                options.append((jail[0].cost, 1, -1))
            if not options:
                break
            _, _, slot = max(options)
            game.apply(Buy(None if slot < 0 else slot))
        if st.turn.coins:
            game.apply(InkBuy(st.turn.coins))
