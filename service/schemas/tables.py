"""The tables the service holds (``service.routers.tables``): a table made, its seats, an action of a seat."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from service.schemas.common import OPEN, STRICT
from service.schemas.games import GameOptionsIn
from service.schemas.hardback import ArrangementEntryIn

SEATS = Field(
    min_length=1,
    max_length=5,
    description='who sits where, seat 0 first: "person" (a token is made for the seat) or a bot\'s name (it plays '
    "on the server); at least one person",
    examples=[["person", "person", "hard"]],
)
DICTIONARY = Field(default=None, max_length=40, description="the word list the table plays with (none: ENABLE)")


class HardbackTableIn(BaseModel):
    model_config = ConfigDict(**STRICT, json_schema_extra={"examples": [{"seats": ["person", "hard"]}]})
    seats: list[str] = SEATS
    options: GameOptionsIn = Field(
        default_factory=lambda: GameOptionsIn(),
        description="the game's options as for /v1/hardback/game/new; players is the number of seats",
    )
    dictionary: str | None = DICTIONARY
    game: dict[str, Any] | None = Field(
        default=None,
        description="a saved game to go on with instead of a new deal: a state this service signed (as "
        "/v1/hardback/game/* return it; any state, checked in full, with --unsigned-states), its options its own",
    )


class PaperbackTableIn(BaseModel):
    model_config = ConfigDict(**STRICT, json_schema_extra={"examples": [{"seats": ["person", "hard"]}]})
    seats: list[str] = SEATS
    options: dict[str, Any] = Field(
        default_factory=dict,
        description="the game's options as for /v1/paperback/game/new; players is the number of seats",
    )
    deck: dict[str, Any] | None = Field(default=None, description="a table's own deck (none: the house deck)")
    dictionary: str | None = DICTIONARY


class TableActionIn(BaseModel):
    model_config = ConfigDict(**STRICT, json_schema_extra={"examples": [{"action": {"action": "pass"}}]})
    action: dict[str, Any] = Field(
        description="one action of the token's seat, as for /v1/{game}/game/action (a Hardback action's seat, "
        "when given, must be the token's)",
        examples=[{"action": "pass"}],
    )


class TableReadIn(BaseModel):
    model_config = ConfigDict(**STRICT, json_schema_extra={"examples": [
        {"word": "cat", "layout": [{"code": "C"}, {"code": "A"}, {"code": "T"}]}]})
    word: str = Field(min_length=1, max_length=64)
    layout: list[ArrangementEntryIn] = Field(min_length=1, max_length=64, description="one entry a letter")


class SeatOut(BaseModel):
    model_config = OPEN
    seat: int
    player: str = Field(description='"person" or the bot\'s name')
    token: str | None = Field(default=None, description="the seat's token (people's seats only): its invite")


class TableOut(BaseModel):
    model_config = OPEN
    table: str
    game: str
    seat: int | None = Field(description="the token's seat (none when a table is made)")
    seats: list[str]
    version: int = Field(description="how many times the table's state has been saved")
    moves: int = Field(description="how many moves have been played")
    to_act: int | None = Field(description="the seat the game waits on; none once it is over")
    waiting: str | None = Field(description='"person", "bot" (the bots ran out of time: POST .../bots), none: over')
    over: bool
    view: dict[str, Any] | None = Field(default=None, description="what the token's seat sees (its own hand only)")
    played: list[dict[str, Any]] = Field(default_factory=list, description="the moves this request played")


class NewTableOut(TableOut):
    invites: list[SeatOut]
