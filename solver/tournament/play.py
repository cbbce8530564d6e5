"""Whole games between bots: ``play_game`` deals a seeded game, lets each seat's bot play its turns, and
returns the record."""

from __future__ import annotations

import time
from collections.abc import Sequence

from solver.game.hardback.engine import Game
from solver.game.hardback.options import GameOptions
from solver.game.hardback.replay import record_json
from solver.game.hardback.state import Phase
from solver.game.record import GameRecord
from solver.lexicon import Lexicon, default_lexicon


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
    while game.state.phase != Phase.OVER:
        players[game.state.acting].play_turn(game)  # the seat in turn, or an opponent choosing its token
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
    winner = game.winner()  # None in the cooperative anthology: the table wins or loses together
    if st.penny is not None:
        extra["penny"] = st.penny.prestige
        extra["team"] = sum(p.prestige for p in st.players)
        extra["result"] = game.result()
        extra["won"] = game.result() == "won"
    return GameRecord(
        seed=seed,
        seats=list(bots),
        prestige=game.final_scores(),
        ink=[p.ink for p in st.players],
        winner=winner,
        rounds=(st.turns + len(st.players) - 1) // len(st.players),
        turns=st.turns,
        seconds=time.perf_counter() - started,
        extra=extra,
    )
