"""Paperback's records (``solver.game.records``): written once (``record_json``: the form ``play --game paperback
--save`` and ``tournament --game paperback --records`` write), read back with every field checked (``game``,
``deck``, ``options``, ``seed`` and ``log`` are required), and replayed into the turns that spelled a word or passed
(a hand discarded for a cube, the ``cube_discard`` rule, is a turn without a word, as a pass), each with the hand the
seat held then and every seat's Fame once the turn was over.

A record holds its deck in full (``deck``: the house deck or a table's own, as a deck file gives it), its options,
seed and log: the deal is a function of the deck, the options and the seed alone, so the replay is the game that
was played, every action applied again by ``PaperbackGame.apply``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.answers.review import PlayedTurn
from solver.answers.review_paperback import PAPERBACK as PAPERBACK_REVIEW
from solver.errors import GhostwriterError
from solver.game import records
from solver.game.paperback.actions import Action, Discard, Pass, Spell, action_from_json
from solver.game.paperback.engine import WORD, PaperbackGame, PaperbackOptions
from solver.game.paperback.view import turn_state
from solver.game.records import MAX_ACTIONS, RecordError
from solver.game.saving import GameStateError
from solver.lexicon import Lexicon
from solver.paperback.deck import Deck, DeckError, deck_from_json
from solver.paperback.moves import PaperbackObjective, PMove
from solver.paperback.state import PaperbackTurn

GAME = "paperback"
Turn = PlayedTurn[PaperbackTurn, PMove]


@dataclass(frozen=True)
class PaperbackRecord:
    """What a replay needs (the deck, the options, the seed, the actions) and what the record says beside them:
    the seats' names, the word list's choice (as ``LexiconChoice`` writes it), the saved state (None: none)."""

    deck: Deck
    options: PaperbackOptions
    seed: int
    actions: tuple[Action, ...]
    seats: tuple[str, ...] | None = None
    lexicon: object = None
    state: dict[str, Any] | None = None


def is_paperback(data: object) -> bool:
    """Whether a record is a Paperback game's (``"game": "paperback"``, as the engine saves it)."""
    return isinstance(data, dict) and data.get("game") == GAME


def record_json(game: PaperbackGame, seats: list[str], lexicon: dict[str, object] | None) -> dict[str, Any]:
    """The record of a game: its state (the deck in full), its log, the seats' names, the word list's choice."""
    data = game.to_json()
    data["seats"] = list(seats)
    data["lexicon"] = lexicon
    return data


def deck_path(e: DeckError) -> str:
    """The deck's field a deck error is about (``deck.offer[3].abilities[0]``), or ``deck``."""
    path = getattr(e, "path", "")
    return f"deck.{path}" if path else "deck"


class PaperbackRecords(records.RecordFormat[PaperbackRecord, PaperbackGame, PaperbackTurn, PMove, PMove]):
    game = GAME
    review = PAPERBACK_REVIEW
    objectives = PaperbackObjective

    def read(self, data: object, max_actions: int = MAX_ACTIONS) -> PaperbackRecord:
        if not is_paperback(data):
            raise RecordError('a Paperback record is a JSON object with "game": "paperback", as play --save writes it')
        assert isinstance(data, dict)
        if "deck" not in data:
            raise RecordError("deck: the record holds its deck in full (the house deck's too)", "deck")
        try:
            deck = deck_from_json(data["deck"], "deck")
        except DeckError as e:
            field = deck_path(e)
            raise RecordError(f"{field}: {e.reason}", field) from None
        try:
            options = PaperbackOptions.from_json(data.get("options", {}))
        except GameStateError as e:
            raise RecordError(str(e), e.field or "options") from None
        if options.players not in deck.players:
            raise RecordError(
                f"options.players: the deck {deck.name!r} is played by {', '.join(map(str, deck.players))} players",
                "options.players",
            )
        seed, actions = records.read_seed_and_log(data, max_actions, action_from_json)
        seats = records.read_seats(data.get("seats"), options.players)
        saved = records.saved_state(data)
        return PaperbackRecord(deck, options, seed, tuple(actions), seats, data.get("lexicon"), saved)

    def replay(self, record: PaperbackRecord, lexicon: Lexicon) -> tuple[PaperbackGame, list[Turn]]:
        try:
            game = PaperbackGame.new(record.deck, record.options, record.seed, lexicon)
        except GhostwriterError as e:
            raise RecordError(f"the game cannot be dealt: {e}", "options") from None
        turns: list[Turn] = []
        for i, action in enumerate(record.actions):
            st = game.state
            word = isinstance(action, Spell | Pass | Discard) and st.phase == WORD  # a discard for a cube: a pass
            if word:  # the turn before is over, its purchases made: the Fame as it stands now
                records.with_scores(turns, game.scores())
            before = None
            if word:  # (simultaneous play: a spell may name the seat announcing out of turn)
                seat = action.seat if isinstance(action, Spell) and action.seat is not None else st.current
                asked, st.current = st.current, seat
                p = st.players[seat]
                before = (st.turns + 1, seat, tuple(st.card(c).code for c in p.hand), turn_state(st)[0])
                st.current = asked
            try:
                game.apply(action)
            except GhostwriterError as e:
                raise records.refused(i, action.to_json()["action"], st.turns + 1, st.current, e) from None
            if before is None:
                continue
            turn, seat, hand, state = before
            name = record.seats[seat] if record.seats else None
            played = game.last_move if isinstance(action, Spell) else None
            spell = action.to_json() if played else None
            turns.append(
                PlayedTurn(turn, seat, name, hand, state, played, action=spell, discard=isinstance(action, Discard))
            )
        records.with_scores(turns, game.scores())  # the last turn: the Fame where the log ends
        return game, turns

    def describe(self, record: PaperbackRecord) -> str:
        seats = f" ({', '.join(record.seats)})" if record.seats else ""
        return f"the Paperback game of seed {record.seed}{seats} on the {record.deck.label()} deck"

    def extra_json(self, record: PaperbackRecord) -> dict[str, Any]:
        return {"deck": record.deck.name}


PAPERBACK = PaperbackRecords()
