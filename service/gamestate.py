"""A game state in and out of the service: read from a request (its signature checked, the state checked in full)
and answered with the seat in turn, the phase and the scores (the state signed with a state key). Shared by the
routes that take a game (``service.routers.games``, ``service.routers.table``)."""

from __future__ import annotations

import time
from typing import Any

from fastapi.responses import JSONResponse

from service.errors import FieldError
from service.signing import sign, verify
from solver.errors import GhostwriterError
from solver.game.hardback.engine import Game
from solver.game.hardback.state import GameStateError, Phase
from solver.game.hardback.validate import load
from solver.lexicon import Lexicon


def answer(
    game: Game, extra: dict[str, Any] | None = None, start: float | None = None, *, key: str = ""
) -> JSONResponse:
    st = game.state
    over = st.phase == Phase.OVER
    out: dict[str, Any] = {
        "game": sign(st.to_json(), key),
        "seat": st.current,
        "acting": st.acting,
        "phase": st.phase,
        "scores": game.final_scores(),
        "winner": game.winner() if over else None,
        "result": game.result(),
    }
    out.update(extra or {})
    if start is not None:
        out["elapsed_ms"] = round((time.perf_counter() - start) * 1000, 3)
    return JSONResponse(out)


def load_game(data: dict[str, Any], lexicon: Lexicon, key: str) -> Game:
    """The game of a request, its signature checked (with a state key) and the state checked in full."""
    verify(data, key)
    try:
        state = load(data)
    except GameStateError as e:
        raise FieldError(e.field, str(e)) from None
    except GhostwriterError as e:
        raise FieldError("game", str(e)) from None
    return Game(state, lexicon)
