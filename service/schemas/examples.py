"""The example body of every request schema: the body ``/docs`` fills in for "Try it out", which the service answers
with 200 (``tests/api/test_openapi_examples.py`` posts each to a live service).

A schema takes its example with ``model_config = with_example(STRICT, hint)``: the example is made when the OpenAPI
document is first built, not at import. The game requests' examples carry a real game, dealt by the engine from seed
1 over the shipped dictionary, and the actions its greedy bot takes on the first turn, so they follow the engine's
state format wherever it goes.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from functools import cache
from typing import Any

from pydantic import ConfigDict
from pydantic.config import JsonDict

Example = Callable[[], dict[str, Any]]
SEED = 1
HAND = ["r:F6", "E", "a:A5", "S", "T"]  # the README's hand
PAPERBACK_HAND = ["TH/3", "E/1", "?", "R/2:double-word", "S/1"]


def with_example(config: ConfigDict, make: Example) -> ConfigDict:
    """``config`` with the schema's example (``examples``, and ``example`` for the tools that read only that)."""

    def extra(schema: JsonDict) -> None:
        body = copy.deepcopy(make())
        schema["examples"] = [body]
        schema["example"] = body

    return ConfigDict(**config, json_schema_extra=extra)


# -- the turn questions -----------------------------------------------------------------------------------------


def check() -> dict[str, Any]:
    return {"game": "hardback", "codes": ["r:F6", "E", "romance:Q4{2p dump=1c | 2p}"], "rules": "printed"}


def hint() -> dict[str, Any]:
    return {
        "hand": HAND,
        "inked": ["h:H7"],
        "timeless": {"mine": ["m:A5"], "others": ["r:K5"]},
        "objective": "value",
        "top": 3,
        "time_limit": 5,
    }


def rate() -> dict[str, Any]:
    return {"hand": HAND, "word": "fates", "arrangement": ["r:F6", "a:A5", "T", "E", "S"], "objective": "value"}


def ink_advice() -> dict[str, Any]:
    return {"hand": ["L", "h:Y3", "P", "S", "m:O3"], "ink": 3, "draw": ["A", "E", "N", "r:Z4", "a:B4"], "max_k": 3}


def paperback_hint() -> dict[str, Any]:
    return {"hand": PAPERBACK_HAND, "common": "O/1", "threshold": 7, "objective": "score", "top": 3}


# -- Hardback's games -------------------------------------------------------------------------------------------


@cache
def _hardback() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A dealt two-player game and the actions of its first turn as the greedy bot plays it."""
    from solver.bots.registry import bot_seed, make_bot
    from solver.game.hardback.engine import Game
    from solver.game.hardback.options import GameOptions
    from solver.lexicon import default_lexicon

    lexicon = default_lexicon()
    game = Game.new(GameOptions.from_json({"players": 2}), SEED, lexicon)
    dealt = game.to_json()
    make_bot("greedy", lexicon, bot_seed(SEED, 0), time_limit=10.0).play_turn(game)
    return dealt, [a.to_json() for a in game.log]


def _hardback_spell() -> dict[str, Any]:
    spell = next(a for a in _hardback()[1] if a["action"] == "spell")
    return {"action": "spell", "word": spell["word"], "layout": spell["layout"]}


def new_game() -> dict[str, Any]:
    return {"options": {"players": 2, "target": 60, "literary_awards": True}, "seed": SEED}


def game_action() -> dict[str, Any]:
    return {"game": _hardback()[0], "action": _hardback_spell()}


def bot_move() -> dict[str, Any]:
    return {"game": _hardback()[0], "bot": "greedy"}


def game_view() -> dict[str, Any]:
    return {"game": _hardback()[0], "seat": 0, "suggest": False}


def game_steps() -> dict[str, Any]:
    return {"game": _hardback()[0], "actions": _hardback()[1], "seat": 0}


def game_hint() -> dict[str, Any]:
    return {"game": _hardback()[0], "top": 3}


def game_read() -> dict[str, Any]:
    spell = _hardback_spell()
    return {"game": _hardback()[0], "word": spell["word"], "layout": spell["layout"]}


def review() -> dict[str, Any]:
    game = _hardback()[0]
    return {"record": {"options": game["options"], "seed": game["seed"], "log": _hardback()[1]}, "objective": "value"}


# -- Paperback's games ------------------------------------------------------------------------------------------


@cache
def _paperback() -> dict[str, Any]:
    """A dealt two-player game of the house deck."""
    from solver.game.paperback import PaperbackGame, PaperbackOptions
    from solver.game.paperback.protocol import PaperbackTable
    from solver.lexicon import default_lexicon
    from solver.paperback.deck import house_deck

    game = PaperbackGame.new(house_deck(), PaperbackOptions.from_json({"players": 2}), SEED, default_lexicon())
    state: dict[str, Any] = PaperbackTable(game).to_json()
    return state


def paperback_new_game() -> dict[str, Any]:
    return {"options": {"players": 2, "min_length": 2}, "deck": None, "seed": SEED}


def paperback_action() -> dict[str, Any]:
    return {"game": _paperback(), "action": {"action": "pass"}}


def paperback_bot_move() -> dict[str, Any]:
    return {"game": _paperback(), "bot": "greedy"}


def paperback_review() -> dict[str, Any]:
    game = _paperback()
    record = {key: game[key] for key in ("game", "deck", "options", "seed")}
    return {"record": {**record, "log": [{"action": "pass"}]}, "objective": "score"}


# -- the expert's advice and the tables ---------------------------------------------------------------------------


def evaluate() -> dict[str, Any]:
    return {"game": _hardback()[0], "samples": 4, "seed": SEED}


def paperback_evaluate() -> dict[str, Any]:
    return {"game": _paperback(), "samples": 4, "seed": SEED}


def paperback_game_view() -> dict[str, Any]:
    return {"game": _paperback(), "seat": 0, "suggest": False}
