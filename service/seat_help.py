"""What a seat of a table held by the server (``service.routers.tables``) may ask beside its view, for the page's
table: the Fame piles as cards (their cost and Fame, which the view gives only as counts), the cubes of the optional
rules and co-op's pyramid, the ghost writer's best words for the seat's own hand as the spell actions that play
them, and the expert's next action in its place. Hardback's hint and a laid-out word read (``hardback_hint``,
``hardback_read``) serve both its stateless routes (``service.routers.table``) and its tables.

The seat's own hand is all a hint reads (the view shows it already); the expert plays on a copy of the game, whose
hidden cards it treats as the bots do."""

from __future__ import annotations

import threading
from typing import Any

from service.advice import advice
from service.errors import FieldError
from solver.answers.filters import allowed_hint
from solver.answers.filters import familiar as familiar_words
from solver.errors import GhostwriterError
from solver.game.hardback.actions import action_from_json
from solver.game.hardback.engine import Game as HardbackGame
from solver.game.hardback.legal import word_check
from solver.game.hardback.state import Phase
from solver.game.paperback.engine import WORD
from solver.game.paperback.legal import WORDS_TIME_LIMIT, spell_of
from solver.game.paperback.protocol import PaperbackTable
from solver.game.paperback.view import turn_state
from solver.game.protocol import Game
from solver.hardback.arrangement import read_arrangement
from solver.hardback.moves import Move, open_choices
from solver.paperback.moves import PaperbackObjective
from solver.search.hardback import Search
from solver.search.paperback import PaperbackSearch

MAX_HINTS = 20  # the most words a seat's view asks the ghost writer for
HINT_TIME_LIMIT = 20.0  # seconds a Hardback hint or a word's reading may take, within the service's budget


def fame_piles(table: PaperbackTable) -> list[dict[str, Any]]:
    """Each Fame pile, cheapest first: its cost, the Fame of its cards, how many are left (an empty pile's cost and
    Fame are None)."""
    st = table.game.state
    out: list[dict[str, Any]] = []
    for pile in st.fame:
        top = st.box[pile[-1]] if pile else None
        out.append({"cost": top.cost if top else None, "fame": top.fame if top else None, "cards": len(pile)})
    return out


def cubes(table: PaperbackTable) -> dict[str, Any] | None:
    """The optional rules' cubes (None without them): the supply, each seat's, and co-op's pyramid of Fame cards by
    position (its cost, Fame, the cubes on it, whether it is uncovered; None once bought)."""
    st = table.game.state
    if st.cubes is None:
        return None
    out: dict[str, Any] = {"supply": st.cubes.supply, "held": list(st.cubes.held), "pyramid": None}
    if st.coop is not None:
        coop = st.coop
        out["pyramid"] = [
            None if card is None else {"cost": st.box[card].cost, "fame": st.box[card].fame,
                                       "cubes": st.cubes.on(card), "open": coop.uncovered(k)}
            for k, card in enumerate(coop.pyramid)
        ]
    return out


def hints(table: PaperbackTable, n: int) -> list[dict[str, Any]]:
    """The ghost writer's ``n`` best words by score for the seat in turn, each with the spell that plays it (its
    abilities unused: the page adds what the player chooses); none outside the word's moment."""
    st = table.game.state
    if n <= 0 or st.phase != WORD:
        return []
    turn, _ = turn_state(st)
    search = PaperbackSearch(table.lexicon, turn, PaperbackObjective.SCORE, time_limit=WORDS_TIME_LIMIT)
    out = []
    for move in search.top(min(n, MAX_HINTS)):
        out.append({"word": move.word, "score": move.score, "gains_common": move.gains_common,
                    "cards_next": move.cards_next, "action": spell_of(st, search, move).to_json()})
    return out


def suggestion(game: Game[Any], limit: float) -> dict[str, Any] | None:
    """The expert's next action for the seat the game waits on, with its chance to win (``service.advice``)."""
    return advice(game.copy(), limit)


# -- Hardback: the ghost writer's words for the seat in turn, and a word it laid out read ---------------------------


def questions(move: Move) -> list[dict[str, Any]]:
    """Each free choice the move's cards offer (``open_choices``): the letter it is at, its key, the answers, the
    ghost writer's."""
    return [
        {"position": q.position, "key": q.key, "answers": list(q.answers), "best": q.best} for q in open_choices(move)
    ]


def _before_word(game: HardbackGame, what: str) -> None:
    st = game.state
    if st.phase != Phase.PREPARE or st.turn.peek:
        raise FieldError("game", f"{what}; the game is in the {st.phase} phase")


def hardback_hint(
    game: HardbackGame, top: int, familiar: float | None, limit: float, cancel: threading.Event | None
) -> dict[str, Any]:
    """The seat in turn's best words before its word (those at least ``familiar``, when given): the hint's JSON,
    each move with its open ``questions`` and the ``weights`` its value counts."""
    _before_word(game, "hints are for a word, before it is played")
    search = Search(game.lexicon, game.turn_state(), time_limit=limit, cancel=cancel)
    search.allowed = familiar_words(search.lexicon, familiar, search.state.options.edition)[0]
    answer = allowed_hint(search, top, word_check(game))
    out = dict(answer.json)
    out["moves"] = [{**m.to_json(), "questions": questions(m)} for m in answer.moves]
    out["weights"] = search.value_weights.to_json()  # what a move's value counts, at this stage of the game
    return out


def hardback_read(
    game: HardbackGame, word: str, entries: list[dict[str, Any]], limit: float, cancel: threading.Event | None
) -> dict[str, Any]:
    """A word laid out by the seat in turn, read before it is played: the move, its open questions, and whether the
    engine accepts it now (the reason when not)."""
    _before_word(game, "a word is read before it is played")
    search = Search(game.lexicon, game.turn_state(), time_limit=limit, cancel=cancel)
    word = word.strip().lower()
    try:
        placement = read_arrangement(word, entries, search.pool, search.resolver)
    except GhostwriterError as e:
        return {"word": word, "ok": False, "reason": str(e), "move": None, "questions": []}
    move = search.move(placement)
    reason = None
    if word not in game.lexicon:
        reason = f"{word.upper()} is not in the dictionary {game.lexicon.name}"
    else:
        try:
            game.copy().apply(action_from_json({"action": "spell", "word": word, "layout": entries}))
        except GhostwriterError as e:
            reason = str(e)
    return {"word": word, "ok": reason is None, "reason": reason, "move": move.to_json(), "questions": questions(move)}
