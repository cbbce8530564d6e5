"""What a seat of a table held by the server (``service.routers.tables``) may ask beside its view, for the page's
table: the Fame piles as cards (their cost and Fame, which the view gives only as counts), the cubes of the optional
rules and co-op's pyramid, the ghost writer's best words for the seat's own hand as the spell actions that play
them, and the expert's next action in its place.

The seat's own hand is all a hint reads (the view shows it already); the expert plays on a copy of the game, whose
hidden cards it treats as the bots do."""

from __future__ import annotations

from typing import Any

from service.advice import advice
from solver.game.paperback.engine import WORD
from solver.game.paperback.legal import WORDS_TIME_LIMIT, spell_of
from solver.game.paperback.protocol import PaperbackTable
from solver.game.paperback.view import turn_state
from solver.game.protocol import Game
from solver.paperback.moves import PaperbackObjective
from solver.search.paperback import PaperbackSearch

MAX_HINTS = 20  # the most words a seat's view asks the ghost writer for


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
