"""The hand-tuned constants of the policy bots (``solver.bots.policy``) as one parameter set.

``HARD`` holds the values the medium and hard bots were written with: a ``PolicyBot`` built without a tuning plays
exactly as before (the tests pin its games). A tuning searched by self-play (``benchmarks/tune_policy.py``) ships
as data, ``solver/data/tuned-hardback.json``, read by ``load``; the expert plays its turn from it.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent.parent / "data"


@dataclass(frozen=True)
class Tuning:
    """The policy's constants. Worths are in prestige points; "scale" parameters multiply a measured worth."""

    # the word
    word_coin: float = 1.0  # scales the coin's measured worth (``coin_value``) in the word's weights
    coin_stage: float = 1.0  # scales the game's stage where the coin's worth is read (below 1: coins stay dear longer)
    last_coin: float = 0.05  # a coin's worth in the word of the last turn
    ink_cap: float = 0.6  # an ink (and a remover) gained by the word is worth the coin's worth, at most this
    sent_home: float = 1.0  # sending an opponent's classic home: this plus what it would give them
    trash_base: float = 0.6  # trashing a card from the deck: this plus ``trash_slope`` x turns left / 8
    trash_slope: float = 0.2
    # the game's pace
    pace_floor: float = 2.0  # the leader's prestige a round, at least this, gives the turns left
    last_turn: float = 0.5  # fewer turns left than this: the turn is played for prestige alone
    # ink
    sure_draws: int = 2  # cards drawn with ink without asking (while ink is held)
    advised_draws: int = 1  # more cards drawn when the ink advisor says they pay
    advise_margin: float = 0.2  # what one more card must add to the turn's value, net of its ink
    # the buys
    buy_coin: float = 1.0  # scales the coin's worth in a card's worth (``card_value``)
    horizon: float = 1.0  # scales the times a card bought turns up (turns left x hand size / deck size)
    buy_prestige: float = 1.0  # scales the prestige a card gives as it is bought
    buy_min: float = 0.05  # a card worth buying adds more than this
    leftover: float = 0.1  # a coin not spent (bought as ink) is worth this share of a coin
    flush_below: float = 0.5  # flush a row whose best card adds less than this
    timeless: float = 1.6  # a timeless classic pays again on later turns: its worth times this

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_json(data: dict[str, Any]) -> Tuning:
        names = {f.name: f for f in fields(Tuning)}
        unknown = set(data) - set(names)
        if unknown:
            raise ValueError(f"unknown tuning parameters: {', '.join(sorted(unknown))}")
        values: dict[str, Any] = {k: (int(v) if names[k].type == "int" else float(v)) for k, v in data.items()}
        return replace(HARD, **values)


HARD = Tuning()


@cache
def load(name: str = "tuned-hardback") -> Tuning:
    """A tuning shipped in ``solver/data/<name>.json`` (its ``params``)."""
    data = json.loads((DATA / f"{name}.json").read_text())
    return Tuning.from_json(data["params"])
