"""The expert's advice over HTTP: each seat's chance to win (``evaluate``) and Paperback's table seen by one seat
with the expert's suggestion (``game/view``); Hardback's view is ``service.schemas.games.GameViewIn``."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from service.schemas import examples
from service.schemas.common import OPEN, STRICT
from service.schemas.examples import with_example
from service.schemas.games import GameJson, PaperbackGameJson

SAMPLES = Field(
    default=8, ge=1, le=64, description="worlds sampled from the seat to act's view and played a round ahead"
)
SEED = Field(default=0, ge=0, le=2**53, description="the seed of the sampled worlds (the same seed, the same answer)")


class EvaluateIn(BaseModel):
    model_config = with_example(STRICT, examples.evaluate)
    game: GameJson
    samples: int = SAMPLES
    seed: int = SEED
    dictionary: str | None = Field(default=None, max_length=40)


class PaperbackEvaluateIn(EvaluateIn):
    model_config = with_example(STRICT, examples.paperback_evaluate)
    game: PaperbackGameJson


class EvaluateOut(BaseModel):
    model_config = OPEN
    win: list[float] = Field(description="each seat's chance to win (they sum to 1)")
    se: list[float] = Field(description="each chance's standard error over the sampled worlds (0 for an outcome)")
    samples: int = Field(description="the worlds played (fewer than asked when the time budget ran out; 0: over)")
    estimate: bool = Field(
        description="true: an estimate by the learned win model after rollouts (its calibration is not in se); "
        "false: the game is over and these are its outcome"
    )
    seat: int | None = Field(description="the seat the game waits on, whose view the worlds were drawn from")
    elapsed_ms: float


class PaperbackGameViewIn(BaseModel):
    model_config = with_example(STRICT, examples.paperback_game_view)
    game: PaperbackGameJson
    seat: int = Field(default=0, ge=0, le=4, description="the seat whose view it is")
    suggest: bool = Field(default=False, description="add the expert's next action in the seat's place")
    dictionary: str | None = Field(default=None, max_length=40)


class AdviceOut(BaseModel):
    """The expert's next action with the chance to win it leads to (an estimate) and the runner-up's."""

    model_config = OPEN
    action: dict[str, Any] = Field(description="the action, as the game's action endpoint takes it")
    decision: str | None = Field(description='"word" or "buy" when the planner judged it; null: the hard policy\'s')
    plan: str | None = Field(default=None, description="the plan the action starts (a word, the buys)")
    win: float | None = Field(default=None, description="the seat's chance to win after the plan (an estimate)")
    se: float | None = Field(default=None, description="its standard error over the sampled worlds")
    runner_up: dict[str, Any] | None = Field(default=None, description="the second-best plan, its win and se")
