"""Hardback's games and bots: deal a game, apply a player's action, and let a bot play the seat the game waits on
(the routes both games share, ``service.gamestate``, with Hardback's part, ``service.game_faces.HARDBACK``)."""

from __future__ import annotations

from service.game_faces import HARDBACK
from service.gamestate import game_routes

router = game_routes(HARDBACK)
