"""Hardback's records (``solver.game.records``): written once (``record_json``: the form ``play --save`` and
``tournament --records`` write), read back with every field checked (only ``options``, ``seed`` and ``log`` are
required; each seat's ``players[i].power`` is read when powers are on), and replayed from the seed, the options and
the seats' powers through ``Game.apply`` into the turns that spelled a word or passed, each with the turn state the
seat held then (``Game.turn_state``, the view the bots and the engine's own spell read) and every seat's prestige
once the turn was over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.answers.review import PlayedTurn
from solver.answers.review_hardback import HARDBACK as HARDBACK_REVIEW
from solver.errors import GhostwriterError
from solver.game import records
from solver.game.hardback.actions import Action, Pass, Spell, action_from_json
from solver.game.hardback.engine import Game
from solver.game.hardback.options import GameOptions, Powers
from solver.game.hardback.rules import POWERS
from solver.game.hardback.state import Phase
from solver.game.records import MAX_ACTIONS, RecordError
from solver.hardback.moves import Move
from solver.hardback.objectives import Objective
from solver.hardback.outcome import Outcome
from solver.hardback.state import TurnState
from solver.lexicon import Lexicon

Turn = PlayedTurn[TurnState, Outcome]


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


class HardbackRecords(records.RecordFormat[Record, Game, TurnState, Outcome, Move]):
    game = "hardback"
    review = HARDBACK_REVIEW
    objectives = Objective

    def read(self, data: object, max_actions: int = MAX_ACTIONS) -> Record:
        if not isinstance(data, dict):
            raise RecordError("a game record is a JSON object, as play --save writes it")
        try:
            options = GameOptions.from_json(data.get("options", {}))
        except GhostwriterError as e:
            raise RecordError(f"options: {e}", "options") from None
        seed, actions = records.read_seed_and_log(data, max_actions, action_from_json)
        seats = records.read_seats(data.get("seats"), options.players)
        return Record(
            options, seed, tuple(actions), _powers(data, options), seats, data.get("lexicon"), records.saved_state(data)
        )

    def replay(self, record: Record, lexicon: Lexicon) -> tuple[Game, list[Turn]]:
        try:
            game = Game.new(record.options, record.seed, lexicon, record.powers)
        except GhostwriterError as e:
            raise RecordError(f"the game cannot be dealt: {e}", "options") from None
        turns: list[Turn] = []
        for i, action in enumerate(record.actions):
            st = game.state
            spelled = isinstance(action, Spell | Pass) and st.phase == Phase.PREPARE
            if spelled:  # the turn before is over: its prestige as it stands now
                records.with_scores(turns, game.final_scores())
            before = (st.turns + 1, st.current, game.turn_state()) if spelled else None
            try:
                game.apply(action)
            except GhostwriterError as e:
                raise records.refused(i, action.KIND, st.turns + 1, st.current, e) from None
            if before is None:
                continue
            turn, seat, state = before
            name = record.seats[seat] if record.seats else None
            resolved = game.last.resolved if isinstance(action, Spell) and game.last is not None else None
            turns.append(PlayedTurn(turn, seat, name, tuple(c.code for c in state.hand), state, resolved))
        records.with_scores(turns, game.final_scores())  # the last turn: the final scores of a game played out
        return game, turns

    def describe(self, record: Record) -> str:
        seats = f" ({', '.join(record.seats)})" if record.seats else ""
        return f"the game of seed {record.seed}{seats}"


HARDBACK = HardbackRecords()

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
