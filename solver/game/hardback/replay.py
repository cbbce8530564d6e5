"""A game's record: written once (``record_json``: the form ``play --save`` and ``tournament --records`` write), read
back with every field checked (``read_record``), and replayed through the engine into the turns that spelled a word
or passed (``played_turns``), each with the turn state the seat held at that moment and every seat's prestige once
the turn was over.

A record is replayed from its seed, options (and the seats' powers) and its log of actions alone: every action is
applied again by ``Game.apply``, which refuses one the rules do not allow, so a record cannot make the engine reach
a state no game could reach, whatever else it says. The state saved beside the log is only compared with the
replay's (a record whose log does not replay to its state was changed by hand, and says so).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from solver.answers.review import PlayedTurn
from solver.errors import GhostwriterError
from solver.game.hardback.actions import Action, IllegalActionError, Pass, Spell, action_from_json
from solver.game.hardback.engine import Game
from solver.game.hardback.options import GameOptions, Powers
from solver.game.hardback.rules import POWERS
from solver.game.hardback.state import Phase
from solver.lexicon import Lexicon

MAX_ACTIONS = 20_000  # a record's log; a game of 5 players over 200 rounds takes about 6,000
MAX_SEED = 2**63 - 1
A = TypeVar("A")
MAX_NAME = 40  # a seat's name


class RecordError(GhostwriterError):
    """A game record that cannot be read or replayed; ``field`` names the part at fault (``log[12]``)."""

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Record:
    """What a record holds that a replay needs: the options, the seed, the seats' powers (None: as dealt), the
    actions; and what it says beside them: the seats' names, the word list's choice (as ``LexiconChoice`` writes
    it), and the saved state (None when the record carries none)."""

    options: GameOptions
    seed: int
    actions: tuple[Action, ...]
    powers: tuple[str, ...] | None = None
    seats: tuple[str, ...] | None = None
    lexicon: object = None
    state: dict[str, Any] | None = None


def record_json(game: Game, seats: list[str], lexicon: dict[str, object] | None) -> dict[str, Any]:
    """The record of a game as ``play --save`` writes it: the game's state, its log, the seats' names, the word
    list's choice."""
    data = game.state.to_json()
    data["log"] = [a.to_json() for a in game.log]
    data["seats"] = list(seats)
    data["lexicon"] = lexicon
    return data


def read_record(data: object, max_actions: int = MAX_ACTIONS) -> Record:
    """A record read and checked field by field (``RecordError`` naming the first at fault); only ``options``,
    ``seed`` and ``log`` are required."""
    if not isinstance(data, dict):
        raise RecordError("a game record is a JSON object, as play --save writes it")
    try:
        options = GameOptions.from_json(data.get("options", {}))
    except GhostwriterError as e:
        raise RecordError(f"options: {e}", "options") from None
    seed, actions = read_seed_and_log(data, max_actions, action_from_json)
    saved = data if _has_state(data) else None
    return Record(
        options,
        seed,
        tuple(actions),
        _powers(data, options),
        read_seats(data.get("seats"), options.players),
        data.get("lexicon"),
        saved,
    )


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
        except IllegalActionError as e:
            raise RecordError(f"log[{i}]: {e}", f"log[{i}].{e.field}" if e.field else f"log[{i}]") from None
        except GhostwriterError as e:
            raise RecordError(f"log[{i}]: {e}", f"log[{i}]") from None
    return seed, actions


def _has_state(data: dict[str, Any]) -> bool:
    return "players" in data and "rng" in data


def _powers(data: dict[str, Any], options: GameOptions) -> tuple[str, ...] | None:
    """The seats' powers a record's players hold (None when powers are off or the record names none)."""
    players = data.get("players")
    if options.powers is Powers.NONE or players is None:
        return None
    if not isinstance(players, list) or len(players) != options.players:
        raise RecordError(f"players: one entry a seat ({options.players})", "players")
    out = []
    for i, p in enumerate(players):
        power = p.get("power") if isinstance(p, dict) else None
        if power not in POWERS:
            raise RecordError(f"players[{i}].power: one of {', '.join(POWERS)}", f"players[{i}].power")
        out.append(str(power))
    return tuple(out)


def read_seats(value: object, players: int) -> tuple[str, ...] | None:
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


def replay(record: Record, lexicon: Lexicon) -> tuple[Game, list[PlayedTurn]]:
    """The game a record's log plays, and its turns that spelled a word or passed, each with the turn state the
    seat held then (``Game.turn_state``, the view the bots and the engine's own spell read). The whole log is
    replayed before anything is searched: an action the engine refuses is a ``RecordError`` naming it."""
    try:
        game = Game.new(record.options, record.seed, lexicon, record.powers)
    except GhostwriterError as e:
        raise RecordError(f"the game cannot be dealt: {e}", "options") from None
    turns: list[PlayedTurn] = []
    for i, action in enumerate(record.actions):
        st = game.state
        spelled = isinstance(action, Spell | Pass) and st.phase == Phase.PREPARE
        if spelled and turns:  # the turn before is over: its prestige as it stands now
            turns[-1] = replace(turns[-1], scores=tuple(game.final_scores()))
        before = (st.turns + 1, st.current, game.turn_state()) if spelled else None
        try:
            game.apply(action)
        except GhostwriterError as e:
            field = f"log[{i}].{e.field}" if isinstance(e, IllegalActionError) and e.field else f"log[{i}]"
            raise RecordError(
                f"log[{i}]: the engine refuses this {action.KIND} (turn {st.turns + 1}, seat {st.current}): {e}", field
            ) from None
        if before is None:
            continue
        turn, seat, state = before
        name = record.seats[seat] if record.seats else None
        resolved = game.last.resolved if isinstance(action, Spell) and game.last is not None else None
        turns.append(PlayedTurn(turn, seat, name, state, resolved))
    if turns:  # the last turn: the prestige where the log ends (the final scores of a game played out)
        turns[-1] = replace(turns[-1], scores=tuple(game.final_scores()))
    return game, turns


def replays_to_state(record: Record, game: Game) -> bool:
    """Whether the record's saved state (when it carries one) is the state its log replays to."""
    if record.state is None:
        return True
    replayed = game.state.to_json()
    return all(record.state.get(k) == v for k, v in replayed.items())
