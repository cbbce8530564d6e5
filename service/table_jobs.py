"""The games of the tables the service holds (``service.routers.tables``), played in search workers: a new game
dealt, a seat's action, a bot's turn and a seat's view are each a job (``service.pool``), killed at its request's
deadline whatever loop it is in. The server's own process only reads and writes the store.

A job gets the table's state as the store holds it and answers a ``Step``: the state after it (when it changed),
the moves it played, the seat the game waits on, the asking seat's view. A worker keeps the games of the last
tables it played (``_KEPT``), each under a name of its own that it gives back (``Step.kept``); the server hands
that name back with the state once it has saved that very state, and a worker that still has the game takes it
(a copy in 0.5 ms rather than a read of the state's JSON in 10 ms for Hardback, 50 ms for Paperback). A name is
used once: a job takes its game out of the keep, so a game a job changed is never taken again unless its change
was saved.
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from service.errors import FieldError
from service.game_faces import HARDBACK, PAPERBACK, turn_hardback
from service.gamestate import GameFace, load_game
from service.pool import Work
from service.seat_help import HINT_TIME_LIMIT, cubes, fame_piles, hardback_hint, hardback_read, hints, suggestion
from solver.bots import paperback_expert
from solver.bots.registry import BOT_NAMES, bot_seed
from solver.errors import GhostwriterError
from solver.game.hardback.engine import Game as HardbackGame
from solver.game.hardback.narrate import apply_described
from solver.game.paperback.engine import BUY
from solver.game.paperback.protocol import PaperbackTable
from solver.game.protocol import Action, Game, IllegalActionError
from solver.lexicon import Lexicon

PERSON = "person"
KEPT = 64  # games a worker keeps of the tables it played last


def turn_paperback(name: str, lexicon: Lexicon, table: PaperbackTable, limit: float) -> None:
    """A Paperback bot's turn (any bot, the expert included), or the rest of one."""
    game = table.game
    bot = paperback_expert.make_any(
        name, lexicon, bot_seed(game.state.seed, game.state.current), time_limit=limit, rerun=False
    )
    if game.state.phase == BUY:
        bot.finish_turn(game)
    else:
        bot.play_turn(game)


@dataclass(frozen=True)
class Kind:
    """One game's part of the tables: its face (reading a state and an action), its bots and their turn."""

    face: GameFace[Any]
    bots: tuple[str, ...]
    turn: Callable[[str, Lexicon, Any, float], None]


KINDS: dict[str, Kind] = {
    "hardback": Kind(HARDBACK, BOT_NAMES, turn_hardback),
    "paperback": Kind(PAPERBACK, paperback_expert.EXPERT_BOTS, turn_paperback),
}


class Refused(GhostwriterError):  # noqa: N818 - reads as what it reports
    """An action the table refuses for who sends it (``status``: 403 another seat's, 409 not its turn, over)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class Step:
    """What a job did to a table: its state after (None: unchanged), the moves played (seat, action's JSON), the
    seat the game waits on (None: over), the asking seat's view (None: no seat asked, or a bot plays on), the name
    the worker keeps the game under."""

    state: dict[str, Any] | None
    to_act: int | None
    view: dict[str, Any] | None
    kept: str
    moves: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    told: list[str] = field(default_factory=list)  # Hardback: each move in words, as the asking seat sees it


@dataclass(frozen=True)
class At:
    """A table as a job receives it: its game's kind, its word list, its state and the name a worker may keep
    that state's game under ("" for none)."""

    kind: str
    dictionary: str | None
    state: dict[str, Any]
    kept: str = ""


_KEPT: OrderedDict[str, Game[Any]] = OrderedDict()  # a worker's games, by the name it gave them


def _take(work: Work, at: At) -> tuple[Game[Any], Lexicon]:
    """The table's game: the one this worker kept under ``at.kept`` (taken out), else read from its state."""
    lexicon = work.dictionaries.get(at.dictionary).lexicon
    game = _KEPT.pop(at.kept, None) if at.kept else None
    return (game if game is not None else KINDS[at.kind].face.read(at.state, lexicon)), lexicon


def _step(
    game: Game[Any], viewer: int | None, changed: bool, moves: list[tuple[int, dict[str, Any]]],
    told: tuple[str, ...] | list[str] = (),
) -> Step:
    """The job's answer, the game kept under a new name."""
    name = secrets.token_hex(8)
    _KEPT[name] = game
    while len(_KEPT) > KEPT:
        _KEPT.popitem(last=False)
    view = None if viewer is None else game.view(viewer)
    if view is not None and isinstance(game, PaperbackTable):  # the page draws the Fame piles and the cubes
        view["fame_piles"] = fame_piles(game)
        view["cubes"] = cubes(game)
    return Step(game.to_json() if changed else None, game.to_act(), view, name, moves, list(told))


def deal_job(work: Work, kind: str, request: Any, dictionary: str | None) -> Step:
    """A new table's game dealt (``request``: the game face's new-game request)."""
    lexicon = work.dictionaries.get(dictionary).lexicon
    return _step(KINDS[kind].face.deal(request, lexicon), None, True, [])


def load_job(work: Work, kind: str, data: dict[str, Any], dictionary: str | None, key: str, seats: int) -> Step:
    """A table's game from a saved state: its signature checked (with a state key), the state checked in full."""
    face = KINDS[kind].face
    game = load_game(face, data, work.dictionaries.get(dictionary).lexicon, key)
    players = len(game.to_json()["players"])
    if players != seats:
        raise FieldError("seats", f"seats: the saved game has {players} players, but {seats} seats")
    return _step(game, None, True, [])


def view_job(work: Work, at: At, viewer: int) -> Step:
    """What ``viewer``'s seat sees."""
    game, _ = _take(work, at)
    return _step(game, viewer, False, [])


def _check_turn(game: Game[Any], seat: int, action: Action) -> None:
    """The action is the token's seat's, and the game waits on it. The seat acting is the one the action names
    when it names one (a Hardback ink, remover or return, which may come out of turn: the engine says whether it
    may), else the seat in turn; the game's reader drops any other ``seat`` a client adds."""
    acting = game.to_act()
    if acting is None:
        raise Refused(409, "the game is over: GET /v1/tables/seat/moves for its record")
    named = getattr(action, "seat", None)
    if named is not None:
        if named != seat:
            raise Refused(403, f"this token acts for seat {seat}, not for seat {named}")
        return
    in_turn: int = game.state.current  # type: ignore[attr-defined]  # both games' states say whose turn it is
    if in_turn != seat or acting != seat:
        raise Refused(409, f"it is seat {acting}'s turn, not seat {seat}'s (this token's)")


def act_job(work: Work, at: At, seat: int, data: dict[str, Any]) -> Step:
    """One action of ``seat`` (a 422 naming the rule when the engine refuses it, and the game is left as it was)."""
    game, _ = _take(work, at)  # not kept again if refused: the next job reads the state
    try:
        action = KINDS[at.kind].face.action(data)
        _check_turn(game, seat, action)
        before = len(game.log)
        told = [apply_described(game, action)] if isinstance(game, HardbackGame) else []  # type: ignore[arg-type]
        if not told:
            game.apply(action)
    except IllegalActionError as err:
        raise FieldError(f"action.{err.field}" if err.field else "action", str(err)) from None
    return _step(game, seat, True, [(seat, a.to_json()) for a in game.log[before:]], told)


def bot_job(work: Work, at: At, seats: list[str], limit: float, viewer: int | None) -> Step:
    """The turn of the bot the game waits on, searched within ``limit`` (cut to the request's deadline); no
    move when the game is over or waits on a person."""
    game, lexicon = _take(work, at)
    acting = game.to_act()
    if acting is None or seats[acting] == PERSON:
        return _step(game, viewer, False, [])
    before = len(game.log)
    shadow = game.copy() if isinstance(game, HardbackGame) else None  # the turn told again on a copy, in words
    KINDS[at.kind].turn(seats[acting], lexicon, game, work.time_limit(limit))
    after = game.to_act()
    last = after is None or seats[after] == PERSON  # the view only when the bots stop here (a view tries every action)
    moves = [(acting, a.to_json()) for a in game.log[before:]]
    told = [] if shadow is None else tell(shadow, game.log[before:], viewer)
    return _step(game, viewer if last else None, True, moves, told)


def tell(game: HardbackGame, actions: Sequence[Any], viewer: int | None) -> list[str]:
    """Hardback actions applied to ``game`` and told as ``viewer`` sees them (another seat's hidden cards not
    named); an action the copy refuses (a bot's search of its own) ends the telling."""
    out: list[str] = []
    for a in actions:
        by = game.state.acting
        try:
            out.append(apply_described(game, a, other=by != viewer))
        except GhostwriterError:
            break
    return out


@dataclass(frozen=True)
class Help:
    """What a seat asks beside its view: the ghost writer's best words (``hints``, those at least ``familiar``:
    Hardback), the expert's next action (``suggest``), within ``limit`` seconds."""

    hints: int = 0
    suggest: bool = False
    familiar: float | None = None
    limit: float = 0.0


def help_job(work: Work, at: At, seat: int, wanted: Help) -> dict[str, Any]:
    """What ``seat`` may ask beside its view, when the game waits on it (never for another seat's hand): the ghost
    writer's best words (Paperback's as spells in ``hints``, Hardback's as its hint answer in ``hint``) and the
    expert's next action (``advice``); the game read from its state."""
    game, _ = _take(work, at)
    out: dict[str, Any] = {}
    if game.to_act() != seat:
        return out
    limit = work.time_limit(wanted.limit)
    if wanted.hints and isinstance(game, PaperbackTable):
        out["hints"] = hints(game, wanted.hints)
    elif wanted.hints and isinstance(game, HardbackGame):
        out["hint"] = hardback_hint(game, wanted.hints, wanted.familiar, min(limit, HINT_TIME_LIMIT), work.cancel)
    if wanted.suggest:
        out["advice"] = suggestion(game, limit)
    return out


def read_job(work: Work, at: At, seat: int, word: str, entries: list[dict[str, Any]]) -> dict[str, Any]:
    """A word ``seat`` laid out, read before it is played (Hardback: ``hardback_read``), when it is the seat's turn."""
    game, _ = _take(work, at)
    if not isinstance(game, HardbackGame):
        raise FieldError("word", "a Paperback seat's words come with their spells: GET /v1/tables/seat?hints=5")
    if game.to_act() != seat or game.state.current != seat:
        raise Refused(409, f"it is seat {game.to_act()}'s turn, not seat {seat}'s (this token's)")
    return hardback_read(game, word, entries, work.time_limit(HINT_TIME_LIMIT), work.cancel)
