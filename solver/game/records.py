"""A game's record, either game's: what both games' records share, read and replayed once.

A record is the game's state as the engine saves it plus ``log`` (its actions), ``seats`` (the players' names) and
``lexicon`` (the word list's choice); ``play --save`` and ``tournament --records`` write it. It is read back with
every field checked (``RecordFormat.read``: a ``RecordError`` names the first at fault) and replayed from what deals
the game (the seed, the options, Paperback's deck, Hardback's powers) and its log alone (``RecordFormat.replay``):
every action is applied again by the engine, which refuses one the rules do not allow, so a record cannot make the
engine reach a state no game could reach, whatever else it says. The replay gives the turns that spelled a word or
passed, each with the turn state the seat held at that moment and every seat's score once the turn was over. The
state saved beside the log is only compared with the replay's (``replays_to_state``: a record whose log does not
replay to its state was changed by hand).

Each game's part (how its options, powers or deck are read, how a game is dealt, what a turn held) is a
``RecordFormat``: Hardback's in ``solver.game.hardback.replay``, Paperback's in ``solver.game.paperback.record``;
``solver.game.saved`` finds a record's.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, Generic, Protocol, TypeVar

from solver.answers.review import GameReview, PlayedTurn
from solver.errors import GhostwriterError
from solver.game.protocol import IllegalActionError
from solver.lexicon import Lexicon
from solver.objectives import GameObjective

MAX_ACTIONS = 20_000  # a record's log; a game of 5 players over 200 rounds takes about 6,000
MAX_SEED = 2**63 - 1
MAX_NAME = 40  # a seat's name
A = TypeVar("A")


class RecordError(GhostwriterError):
    """A game record that cannot be read or replayed; ``field`` names the part at fault (``log[12]``)."""

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(message)
        self.field = field


class Record(Protocol):
    """What every game's record holds beside what deals its game: the seed, the seats' names, the word list's choice
    (as ``LexiconChoice`` writes it), and the saved state (None when the record carries none)."""

    @property
    def seed(self) -> int: ...
    @property
    def seats(self) -> tuple[str, ...] | None: ...
    @property
    def lexicon(self) -> object: ...
    @property
    def state(self) -> dict[str, Any] | None: ...


class Saves(Protocol):
    def to_json(self) -> dict[str, Any]: ...


class Played(Protocol):
    """A game as a replay plays it: its state, which saves itself."""

    @property
    def state(self) -> Saves: ...


R = TypeVar("R", bound=Record)
G = TypeVar("G", bound=Played)
S = TypeVar("S")
W = TypeVar("W")
M = TypeVar("M")
T = TypeVar("T", bound=PlayedTurn[Any, Any])


class RecordFormat(ABC, Generic[R, G, S, W, M]):
    """One game's records: read, replayed into its turns, reviewed by its ``review`` under its ``objectives``."""

    game: str  # the game's name, as the CLI and the HTTP paths give it
    review: GameReview[Any, W, Any]
    objectives: type[GameObjective]

    @abstractmethod
    def read(self, data: object, max_actions: int = MAX_ACTIONS) -> R:
        """A record read and checked field by field (``RecordError`` naming the first at fault)."""

    @abstractmethod
    def replay(self, record: R, lexicon: Lexicon) -> tuple[G, list[PlayedTurn[Any, W]]]:
        """The game a record's log plays, and its turns that spelled a word or passed. The whole log is replayed
        before anything is searched: an action the engine refuses is a ``RecordError`` naming it (``log[i]``)."""

    @abstractmethod
    def describe(self, record: R) -> str:
        """The game in words, for a review's title: "the game of seed 7 (ann, bob)"."""

    def extra_json(self, record: R) -> dict[str, Any]:
        """What a review's JSON says of the record beyond the game's common fields."""
        return {}


def replays_to_state(record: Record, game: Played) -> bool:
    """Whether the record's saved state (when it carries one) is the state its log replays to."""
    if record.state is None:
        return True
    replayed = game.state.to_json()
    return all(record.state.get(k) == v for k, v in replayed.items())


def saved_state(data: dict[str, Any]) -> dict[str, Any] | None:
    """The state saved beside a record's log, when it carries one (its players and its random state)."""
    return data if "players" in data and "rng" in data else None


def read_seed_and_log(
    data: dict[str, Any], max_actions: int, parse: Callable[[object], A]
) -> tuple[int, list[A]]:
    """A record's ``seed`` and its ``log`` read by ``parse`` (a game's ``action_from_json``), each checked
    (``RecordError`` naming the field, ``log[i]`` for an action refused)."""
    seed = data.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise RecordError("seed: the game's seed, a whole number from 0 to 2**63 - 1", "seed")
    log = data.get("log")
    if not isinstance(log, list):
        raise RecordError('log: the game\'s actions, a list of {"action": ...} objects', "log")
    if len(log) > max_actions:
        raise RecordError(f"log: {len(log)} actions; a record may hold at most {max_actions}", "log")
    actions = []
    for i, entry in enumerate(log):
        try:
            actions.append(parse(entry))
        except GhostwriterError as e:
            raise RecordError(f"log[{i}]: {e}", _at(i, e)) from None
    return seed, actions


def read_seats(value: object, players: int) -> tuple[str, ...] | None:
    """The seats' names a record gives (None when it gives none), one a seat, each printable and short."""
    if value is None:
        return None
    if (
        not isinstance(value, list)
        or len(value) != players
        or not all(isinstance(s, str) and 0 < len(s) <= MAX_NAME and s.isprintable() for s in value)
    ):
        raise RecordError(
            f"seats: the name of the player in each of the {players} seats (printable, at most {MAX_NAME} "
            "characters)",
            "seats",
        )
    return tuple(value)


def refused(i: int, kind: str, turn: int, seat: int, e: GhostwriterError) -> RecordError:
    """The error of a log's action ``i`` the engine refuses (a ``kind`` on ``turn``, by ``seat``)."""
    return RecordError(f"log[{i}]: the engine refuses this {kind} (turn {turn}, seat {seat}): {e}", _at(i, e))


def _at(i: int, e: GhostwriterError) -> str:
    """The field of a log's action ``i`` an error names (``log[3].word``), or the action's (``log[3]``)."""
    return f"log[{i}].{e.field}" if isinstance(e, IllegalActionError) and e.field else f"log[{i}]"


def with_scores(turns: list[T], scores: Sequence[int]) -> None:
    """The last turn so far is over: its scores as they stand now (the turn after it starts, or the log ends)."""
    if turns:
        turns[-1] = replace(turns[-1], scores=tuple(scores))
