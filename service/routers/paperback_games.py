"""Paperback's games and bots: deal a game (the house deck, or a table's deck given inline), apply one action of
the seat in turn, and let a bot play that seat's whole turn (the routes both games share, ``service.gamestate``,
with Paperback's part, ``service.game_faces.PAPERBACK``)."""

from __future__ import annotations

from service.game_faces import PAPERBACK
from service.gamestate import game_routes

router = game_routes(PAPERBACK)
