"""A Paperback game's record: written once (``record_json``: the form ``play --game paperback --save`` and
``tournament --game paperback --records`` write), read back with every field checked (``read_record``), and replayed
through the engine into the turns that spelled a word or passed (``replay``; a hand discarded for a cube, the
``cube_discard`` rule, is a turn without a word, as a pass), each with the hand the seat held then
and every seat's Fame once the turn was over.

A record holds its deck in full (``deck``: the house deck or a table's own, as a deck file gives it), its options,
seed and log: the deal is a function of the deck, the options and the seed alone, so the replay is the game that
was played. Every action is applied again by ``PaperbackGame.apply``, which refuses one the rules do not allow (a
``RecordError`` naming ``log[i]``), so a record cannot make the engine reach a state no game could reach. The state
saved beside the log is only compared with the replay's (``replays_to_state``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from solver.answers.paperback_review import PlayedTurn
from solver.errors import GhostwriterError
from solver.game.hardback.actions import IllegalActionError
from solver.game.hardback.replay import MAX_ACTIONS, RecordError, read_seats, read_seed_and_log
from solver.game.hardback.state import GameStateError
from solver.game.paperback.actions import Action, Discard, Pass, Spell, action_from_json
from solver.game.paperback.engine import WORD, PaperbackGame, PaperbackOptions
from solver.game.paperback.view import turn_state
from solver.lexicon import Lexicon
from solver.paperback.deck import Deck, DeckError, deck_from_json

GAME = "paperback"


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


def read_record(data: object, max_actions: int = MAX_ACTIONS) -> PaperbackRecord:
    """A record read and checked field by field (``RecordError`` naming the first at fault); ``game``, ``deck``,
    ``options``, ``seed`` and ``log`` are required."""
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
    seed, actions = read_seed_and_log(data, max_actions, action_from_json)
    saved = data if "players" in data and "rng" in data else None
    return PaperbackRecord(
        deck, options, seed, tuple(actions), read_seats(data.get("seats"), options.players), data.get("lexicon"), saved
    )


def replay(record: PaperbackRecord, lexicon: Lexicon) -> tuple[PaperbackGame, list[PlayedTurn]]:
    """The game a record's log plays, and its turns that spelled a word or passed, each with the hand the seat held
    then (``view.turn_state``: the hand the bots search) and the word as the engine scored
    it. The whole log is replayed before anything is searched: an action the engine refuses is a ``RecordError``
    naming it (``log[i]``)."""
    try:
        game = PaperbackGame.new(record.deck, record.options, record.seed, lexicon)
    except GhostwriterError as e:
        raise RecordError(f"the game cannot be dealt: {e}", "options") from None
    turns: list[PlayedTurn] = []
    for i, action in enumerate(record.actions):
        st = game.state
        word = isinstance(action, Spell | Pass | Discard) and st.phase == WORD  # a discard for a cube: a pass
        if word and turns:  # the turn before is over, its purchases made: the Fame as it stands now
            turns[-1] = replace(turns[-1], fame=tuple(game.scores()))
        before = None
        if word:
            p = st.players[st.current]
            before = (st.turns + 1, st.current, tuple(st.card(c).code for c in p.hand), turn_state(st)[0])
        try:
            game.apply(action)
        except GhostwriterError as e:
            field = f"log[{i}].{e.field}" if isinstance(e, IllegalActionError) and e.field else f"log[{i}]"
            kind = action.to_json()["action"]
            raise RecordError(
                f"log[{i}]: the engine refuses this {kind} (turn {st.turns + 1}, seat {st.current}): {e}", field
            ) from None
        if before is None:
            continue
        turn, seat, hand, state = before
        name = record.seats[seat] if record.seats else None
        played = game.last_move if isinstance(action, Spell) else None
        turns.append(
            PlayedTurn(
                turn,
                seat,
                name,
                hand,
                state,
                played,
                action.to_json() if played else None,
                discard=isinstance(action, Discard),
            )
        )
    if turns:  # the last turn: the Fame where the log ends (the final Fame of a game played out)
        turns[-1] = replace(turns[-1], fame=tuple(game.scores()))
    return game, turns


def replays_to_state(record: PaperbackRecord, game: PaperbackGame) -> bool:
    """Whether the record's saved state (when it carries one) is the state its log replays to."""
    if record.state is None:
        return True
    replayed = game.state.to_json()
    return all(record.state.get(k) == v for k, v in replayed.items())
