"""The worth of a coin in prestige points by game stage, measured in self-play.

``solver.hardback.objectives.coin_value(stage)`` reads the table shipped in ``solver/data/coin_value.json`` (stage 0 is
the start of a game, 1 the moment a player reaches the target) and interpolates between its points. ``measure`` makes
that table: in pairs of seeded games between two copies of a bot, one game hands seat 0 extra coins at its
first turn past a stage and the other does not; the difference of seat 0's final margin over its opponent,
per coin, averaged over the seeds, is the coin's worth at that stage. The same seed deals the same cards to
both games of a pair, which keeps the noise of the comparison down.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

__all__ = ["margin_with_bonus", "measure"]


def margin_with_bonus(bot: str, seed: int, stage: float, bonus: int) -> float:
    """Seat 0's final margin over seat 1 in a bot mirror game, with ``bonus`` coins given at a stage."""
    from solver.bots.registry import bot_seed, make_bot
    from solver.game.hardback.actions import End
    from solver.game.hardback.engine import Game
    from solver.game.hardback.options import GameOptions
    from solver.game.hardback.state import Phase
    from solver.lexicon import default_lexicon

    lex = default_lexicon()
    game = Game.new(GameOptions(), seed, lex)
    bots = [make_bot(bot, lex, bot_seed(seed, i)) for i in range(2)]
    given = bonus == 0
    gift_turn = False  # seat 0's turn that gets the gift has begun (printed Horror H may pause it for a return)
    while game.state.phase != Phase.OVER:
        st = game.state
        seat = st.acting
        bot_ = bots[seat]
        if st.phase == Phase.PREPARE and not given and seat == 0:
            gift_turn = max(p.prestige for p in st.players) >= stage * st.options.target
        if gift_turn and seat == 0 and st.phase in (Phase.PREPARE, Phase.CHOICES, Phase.BUY):
            if st.phase == Phase.PREPARE:
                bot_.prepare(game)
            if st.phase == Phase.PREPARE:
                bot_.spell(game)
            if st.phase == Phase.RETURN:
                continue  # the opponent chooses its token first
            while st.phase == Phase.CHOICES:
                bot_.choose(game)
            if st.phase == Phase.BUY:
                st.turn.coins += bonus  # the experiment's gift: outside the rules on purpose
                given, gift_turn = True, False
                bot_.buy(game)
                if st.phase == Phase.BUY:
                    game.apply(End())
            continue
        bot_.play_turn(game)
    scores = game.final_scores()
    return float(scores[0] - scores[1])


def measure(
    bot: str = "medium", stages: Sequence[float] = (0.0, 0.25, 0.5, 0.75), seeds: int = 100, bonus: int = 4
) -> dict[str, Any]:
    """The table of a coin's worth by stage (mean and standard error), from paired self-play games."""
    from concurrent.futures import ProcessPoolExecutor

    jobs = [(bot, seed, s, b) for s in stages for seed in range(seeds) for b in (0, bonus)]
    with ProcessPoolExecutor() as pool:
        margins = list(pool.map(_job, jobs, chunksize=4))
    out_stages: list[float] = []
    coin: list[float] = []
    stderr: list[float] = []
    i = 0
    for s in stages:
        diffs = []
        for _ in range(seeds):
            base, boosted = margins[i], margins[i + 1]
            i += 2
            diffs.append((boosted - base) / bonus)
        mean = sum(diffs) / len(diffs)
        var = sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)
        out_stages.append(s)
        coin.append(round(mean, 3))
        stderr.append(round(math.sqrt(var / len(diffs)), 3))
    return {"stages": out_stages, "coin": coin, "stderr": stderr, "bot": bot, "seeds": seeds, "bonus": bonus}


def _job(args: tuple[str, int, float, int]) -> float:
    return margin_with_bonus(*args)
