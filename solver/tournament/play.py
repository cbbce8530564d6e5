"""Whole games between bots, for both games: ``play_out`` plays any game of the protocol (``solver.game.protocol``)
to its end, the seat to act playing its bot's turn each time, and ``finished`` makes its ``GameRecord``. Each game
gives its part: ``play_game`` (Hardback) here, ``PaperbackPlay`` in ``solver.tournament.paperback``; each deals a
seeded game, seats the bots, and says what its record carries."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from solver.game.hardback.engine import Game
from solver.game.hardback.options import GameOptions
from solver.game.hardback.replay import record_json
from solver.game.protocol import Game as AnyGame
from solver.game.record import GameRecord
from solver.lexicon import Lexicon, default_lexicon

Extra = dict[str, Any]


def play_out(game: AnyGame[Any], turn: Callable[[int], object], max_turns: int | None = None) -> None:
    """Play ``game`` to its end: the seat to act plays its turn (``turn(seat)``: its bot's) until none is left; a
    game still going after ``max_turns`` turns is a bug, not a long game (a ``RuntimeError``)."""
    played = 0
    while (seat := game.to_act()) is not None:
        if max_turns is not None and played >= max_turns:
            raise RuntimeError(f"had not ended after {max_turns} turns")
        turn(seat)
        played += 1


def finished(
    game: AnyGame[Any], seed: int, bots: Sequence[str], ink: list[int], turns: int, started: float, extra: Extra
) -> GameRecord:
    """The record of a finished game: its seats, scores, tie-break counts (``ink``), winner, rounds and turns, the
    seconds since ``started`` and the game's own ``extra``."""
    n = len(bots)
    return GameRecord(
        seed=seed,
        seats=list(bots),
        prestige=game.scores(),
        ink=ink,
        winner=game.winner(),  # None in a cooperative game: the table wins or loses together
        rounds=(turns + n - 1) // n,
        turns=turns,
        seconds=time.perf_counter() - started,
        extra=extra,
    )


def play_game(
    bots: Sequence[str],
    seed: int,
    options: GameOptions | None = None,
    lexicon: Lexicon | None = None,
    keep_log: bool = False,
) -> GameRecord:
    """Play one full game, seat i by bot ``bots[i]``; the same seed and bots always give the same game. With
    ``keep_log`` the record's ``extra["record"]`` holds the game as ``play --save`` writes it (``record_json``),
    the word list's choice left to the caller."""
    from solver.bots.registry import bot_seed, make_bot

    opts = options or GameOptions(players=len(bots))
    if opts.players != len(bots):
        opts = GameOptions(**{**opts.__dict__, "players": len(bots)})
    lex = lexicon or default_lexicon()
    started = time.perf_counter()
    game = Game.new(opts, seed, lex)
    players = [make_bot(name, lex, bot_seed(seed, i)) for i, name in enumerate(bots)]
    play_out(game, lambda seat: players[seat].play_turn(game))  # the seat in turn, or an opponent choosing its token
    st = game.state
    extra: dict[str, object] = {
        "words": [p.words for p in st.players],
        "passes": [p.passes for p in st.players],
        "bought": [p.bought for p in st.players],
        "searches": [b.searches for b in players],  # each bot's word searches, and those proven best
        "proven": [b.proven for b in players],
    }
    if keep_log:
        extra["record"] = record_json(game, list(bots), None)
    if st.penny is not None:
        extra["penny"] = st.penny.prestige
        extra["team"] = sum(p.prestige for p in st.players)
        extra["result"] = game.result()
        extra["won"] = game.result() == "won"
    return finished(game, seed, bots, [p.ink for p in st.players], st.turns, started, extra)
