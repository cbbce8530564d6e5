"""Small helpers for tests: an in-memory lexicon of a few words, a search of a state given as JSON, a game dealt
with a chosen hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fastapi.testclient import TestClient

from solver.game.hardback.engine import Game
from solver.game.hardback.options import GameOptions
from solver.hardback.objectives import Objective, Weights
from solver.hardback.state import TurnState
from solver.lexicon import Lexicon
from solver.lexicon.lexicon import parse_words
from solver.search.hardback import Search

from oracle import OracleMove, oracle_best


def lexicon_of(*words: str) -> Lexicon:
    return Lexicon.build(parse_words(words, "test"))


def search(
    words: Lexicon | list[str], objective: str = "value", *, weights: Weights | None = None, **state: Any
) -> Search:
    lex = words if isinstance(words, Lexicon) else lexicon_of(*words)
    return Search(lex, TurnState.from_json(state), Objective.parse(objective), weights)


def agrees_with_oracle(state: dict[str, Any], words: list[str], objective: str = "value") -> dict[str, OracleMove]:
    """Assert that every word's best placement scores what the oracle's does and that its word bound is no less;
    return the oracle's best moves."""
    s = search(words, objective, **state)
    want = oracle_best(TurnState.from_json(state), words, Objective.parse(objective))
    bound_of = dict(zip(s.bounds.index.tolist(), s.bounds.bound.tolist(), strict=True))
    for word, best in want.items():
        p = s.solve(word)
        assert p is not None, word
        move = s.move(p)
        if objective == "value":  # arrangements tied on value may split it differently
            assert abs(move.value - best.value) < 1e-6, (word, best.arrangement, move.cards)
        else:
            assert (move.prestige, move.coins) == (best.prestige, best.coins), (word, best.arrangement, move.cards)
        i = s.lexicon.index(word)
        assert i is not None and bound_of[i] >= p.value - 1e-6, word
    return want


def post(client: TestClient, path: str, body: object) -> tuple[int, Any]:
    """A JSON request to the service in process: the status and the JSON answer."""
    r = client.post(path, json=body)
    return r.status_code, r.json()


def dealt_with_hand(
    lex: Lexicon, hand: Sequence[str], seed: int = 1, options: GameOptions | None = None, **mine: Any
) -> Game:
    """A new 2-player game (target 10 unless ``options``) whose seat 0 holds ``hand`` (and the attributes ``mine``
    sets)."""
    game = Game.new(options or GameOptions(players=2, target=10), seed, lex)
    give_hand(game, 0, hand)
    me = game.state.players[0]
    for key, value in mine.items():
        setattr(me, key, value)
    st = game.state
    st.events_deck = [e for e in st.events_deck if e.name != me.event]  # an event in front of you left the deck
    return game


def give_hand(game: Game, seat: int, hand: Sequence[str]) -> None:
    """Seat ``seat`` holds ``hand`` (its old hand discarded), each card taken from where the deal put it (a starter
    from the seat's own piles, another from the offer row, refilled, or the offer deck), so that the state is one a
    game can reach."""
    st = game.state
    p = st.players[seat]
    p.discard.extend(p.hand)
    p.hand = []
    for code in hand:
        card = game.catalogue.lookup(code)
        if card.is_starter:
            pile = p.discard if card in p.discard else p.draw
            pile.remove(card)
        elif card in st.offer_row:
            slot = st.offer_row.index(card)
            st.offer_row[slot] = st.offer_deck.pop()
        else:
            st.offer_deck.remove(card)
        p.hand.append(card)


def bot_game_record(
    lex: Lexicon,
    bots: Sequence[str],
    seed: int,
    options: GameOptions | None = None,
    passes: int = 0,
) -> dict[str, Any]:
    """A whole game played by the engine's bots (seat i by ``bots[i]``), as ``play --save`` writes its record; the
    first ``passes`` turns of seat 0 pass instead (writer's block)."""
    from solver.bots.registry import bot_seed, make_bot
    from solver.game.hardback.actions import End, Pass
    from solver.game.hardback.replay import record_json
    from solver.game.hardback.state import Phase

    game = Game.new(options or GameOptions(players=len(bots)), seed, lex)
    players = [make_bot(name, lex, bot_seed(seed, i)) for i, name in enumerate(bots)]
    passed = 0
    while game.state.phase != Phase.OVER:
        st = game.state
        if passed < passes and st.current == 0 and st.acting == 0 and st.phase == Phase.PREPARE:
            game.apply(Pass())
            passed += 1
            if st.phase == Phase.BUY and st.current == 0:
                game.apply(End())
            continue
        players[st.acting].play_turn(game)
    return record_json(game, list(bots), None)


def horror_h_table(game: dict[str, Any]) -> dict[str, Any]:
    """A dealt 3-player game (its JSON) made to hold, in seat 0's hand, printed Horror H7 and A3 (taken from the
    offer deck or row), seat 1 two ink and a remover, seat 2 an ink and a remover: the opponents choose the token
    they return."""
    me = game["players"][0]
    me["discard"] += me["hand"]
    me["hand"] = []
    for code in ("horror:H7", "horror:A3"):
        if code in game["offer_row"]:
            game["offer_row"][game["offer_row"].index(code)] = game["offer_deck"].pop()
        else:
            game["offer_deck"].remove(code)
        me["hand"].append(code)
    game["players"][1].update(ink=2, remover=1)
    game["players"][2].update(ink=1, remover=1)
    return game
