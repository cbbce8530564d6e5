"""The seat in turn's hand as the ghost writer reads it (``turn_state``): the view the bots search and the review
rates a word against, read from the engine's state in one place."""

from __future__ import annotations

from solver.game.paperback import expansions
from solver.game.paperback.state import PaperbackState
from solver.paperback.abilities import Scoring
from solver.paperback.cards import PCard
from solver.paperback.state import MAX_COPIES, MAX_HAND, PaperbackTurn


def turn_state(state: PaperbackState) -> tuple[PaperbackTurn, list[int]]:
    """The seat in turn's hand as the ghost writer reads it, and each of its cards' hand positions (a gained
    Spacebar in hand is left out: it does nothing there; copy abilities past the ghost writer's limit too). The
    attacks in play reach it: a ``min-length`` attack's shortest word, a ``no-common`` attack's Common card (none to
    use or gain); the ``score`` attacks and powers shift every word's buying power alike (``expansions.coins``), so
    the best words stay the best."""
    p = state.players[state.current]
    cards: list[PCard] = []
    where: list[int] = []
    common = expansions.common(state)
    copies = sum(1 for a in (common.abilities if common else ()) if a.effect.scoring is Scoring.COPY)
    for i, c in enumerate(state.card(x) for x in p.hand):
        n = sum(1 for a in c.abilities if a.effect.scoring is Scoring.COPY)
        if c.special == "spacebar" or copies + n > MAX_COPIES or len(cards) >= MAX_HAND:
            continue
        copies += n
        cards.append(c)
        where.append(i)
    threshold = state.threshold if common is not None else None
    additive = state.options.double_words_additive
    return PaperbackTurn(tuple(cards), common, threshold, expansions.min_length(state), additive), where
