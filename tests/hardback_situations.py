"""Exact situations of Hardback's engine for the rules tests (tests/game/test_game_rules_*.py): a small
dictionary, a game dealt from it, and short ways to set a seat's zones, the offer row and a word's layout, and to
check that a refused action says why and changes nothing.

Each rules test deals a game, then sets the zones it needs (hand, draw pile, offer row, tokens) directly on the
state before applying actions, so the situation is certain and the test small. The rules are the printed rulebook
(``../shared/seeds``) with the BGA readings as options, as ``../shared/reference/rules-notes.md`` says. Every
refused action must raise ``IllegalActionError`` with its reason and leave ``to_json()`` exactly as it was.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from solver.game.hardback.actions import Action, End, IllegalActionError, LayoutEntry, Skip, Spell, action_from_json
from solver.game.hardback.engine import Game
from solver.game.hardback.options import GameOptions, Powers
from solver.game.hardback.rules import PASSIVE
from solver.game.hardback.state import Phase, PlayerState
from solver.hardback.cards import Card
from solver.hardback.objectives import Objective, Weights
from solver.hardback.profile import Source
from solver.hardback.resolve import Face

from helpers import lexicon_of

WORDS = (
    "ab", "at", "aw", "ax", "by", "ex", "ha", "pi", "re", "ta", "ref",
    "ant", "art", "ate", "bra", "cat", "dab", "ear", "eat", "era", "eta", "gob", "hat", "ins", "ire", "its", "lei",
    "let", "lie", "lit", "nab", "nae", "nit", "orb", "pia", "rat", "sat", "sea", "set", "sin", "sit", "tab", "tae",
    "tag", "tan", "tar", "tat", "tea", "tie", "tin", "tis", "waz",
    "east", "teal", "aster", "rates", "stare", "tears", "ratline", "retinal", "entrails", "latrines", "trainees",
)  # fmt: skip
LEX = lexicon_of(*WORDS)


# -- building exact situations ----------------------------------------------------------------------------------


def new_game(players: int = 2, seed: int = 1, **options: Any) -> Game:
    return Game.new(GameOptions(players=players, **options), seed, LEX)


def cards(game: Game, *codes: str) -> list[Card]:
    return [game.catalogue.lookup(c) for c in codes]


def seat(game: Game, n: int | None = None, **zones: list[str] | int | str) -> PlayerState:
    """A player (the one in turn by default) with the given zones (lists of codes), counters and names."""
    p = game.state.players[game.state.current if n is None else n]
    for name, value in zones.items():
        assert hasattr(p, name), name
        setattr(p, name, cards(game, *value) if isinstance(value, list) else value)
    return p


def row(game: Game, *codes: str) -> None:
    game.state.offer_row = cards(game, *codes)
    game.state.offer_age = [0] * len(codes)


def lay(*entries: str) -> tuple[LayoutEntry, ...]:
    """A layout in short: ``"E"`` face-up, ``"E*"`` wild, ``"E^"`` uncovered, ``"adventure:C5@other"`` a source."""
    out = []
    for entry in entries:
        code, _, source = entry.partition("@")
        face = Face.UP
        if code.endswith("*"):
            code, face = code[:-1], Face.WILD
        elif code.endswith("^"):
            code, face = code[:-1], Face.UNCOVERED
        out.append(LayoutEntry(code, face, Source(source) if source else None))
    return tuple(out)


def spell_action(
    word: str, *entries: str, objective: str = "prestige", weights: Weights | None = None, ghost: int | None = None
) -> Spell:
    return Spell(word, lay(*entries), Objective.parse(objective), weights, ghost)


def spell(
    game: Game, word: str, *entries: str, objective: str = "prestige", weights: Weights | None = None, **extra: Any
) -> None:
    game.apply(spell_action(word, *entries, objective=objective, weights=weights, **extra))


def snapshot(game: Game) -> str:
    return json.dumps(game.state.to_json(), sort_keys=True)


def refused(game: Game, action: Action | dict[str, Any] | str, match: str) -> None:
    """The action (or its JSON form, read first) raises ``IllegalActionError`` saying why, and changes nothing
    (state and log)."""
    before, logged = snapshot(game), len(game.log)
    with pytest.raises(IllegalActionError, match=match):
        game.apply(action_from_json(action) if isinstance(action, dict | str) else action)
    assert snapshot(game) == before
    assert len(game.log) == logged


def finish(game: Game) -> None:
    """Give up the choices left and end the turn."""
    if game.state.phase == Phase.CHOICES:
        game.apply(Skip())
    game.apply(End())


def codes(zone: list[Card]) -> list[str]:
    return [c.code for c in zone]


# -- situations more than one family of rules uses ------------------------------------------------------------


def buying(game: Game, coins: int) -> None:
    """Bring the player in turn to the buy phase with this many coins."""
    seat(game, hand=["A", "T"])
    spell(game, "at", "A", "T")
    game.state.turn.coins = coins


DEAR = ("adventure:K9", "romance:U9", "mystery:V9", "horror:D9")


STARTER_HAND = ["A", "E", "I", "L", "N", "R", "S", "T"]


def spell_long(game: Game, word: str) -> None:
    """The player in turn spells a word of coin starters (no prestige) and ends the turn."""
    seat(game, hand=list(STARTER_HAND))
    spell(game, word, *word.upper())
    finish(game)


def powered(*names: str, players: int = 2) -> Game:
    """A game where seat i holds the power ``names[i]`` (the last name for the seats after)."""
    side = Powers.PASSIVE if names[0] in PASSIVE else Powers.AGGRESSIVE
    dealt = [names[min(i, len(names) - 1)] for i in range(players)]
    return Game.new(GameOptions(players=players, powers=side), 1, LEX, powers=dealt)
