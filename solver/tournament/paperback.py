"""Whole games of Paperback between bots, in the tournament's form: ``PaperbackPlay`` is a ``PlayFn`` (picklable, so
that a process pool or a Dask cluster can run it) holding the deck and the table's options; each call deals a seeded
game, lets each seat's bot play, and returns a ``GameRecord`` (``prestige``: each seat's Fame; ``ink``: its Common
cards, the rulebook's tie-break). With ``coop`` among the ``rules``, the team wins or loses together: the record's
``extra["result"]`` ("won" or "lost") is what the tournament's statistics count as the table's result."""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from solver.game.hardback.options import GameOptions
from solver.game.record import GameRecord
from solver.lexicon import Lexicon, default_lexicon
from solver.paperback.deck import Deck, deck_from_json

MAX_TURNS = 2000  # a game that has not ended by then is a bug, not a long game


@functools.lru_cache(maxsize=4)
def _deck(text: str) -> Deck:
    return deck_from_json(json.loads(text))


@dataclass(frozen=True)
class PaperbackPlay:
    """The tournament's play function for Paperback on one deck (given in full as its JSON text)."""

    deck: str
    min_length: int = 2
    spacebar: bool = False
    dyslexic: bool = False
    time_limit: float = 10.0
    keep_log: bool = False  # the game's record in ``extra["record"]`` (``tournament --records``)
    rules: tuple[str, ...] = ()  # the optional rules on (``solver.game.paperback.engine.RULES``)
    coop_loss_cubes: int = 5
    attacks: bool = False  # the expansions (``solver.game.paperback.engine.EXPANSIONS``)
    powers: bool = False
    award: bool = False
    theme: bool = False

    @staticmethod
    def of(deck: Deck, **options: Any) -> PaperbackPlay:
        return PaperbackPlay(json.dumps(deck.to_json(), ensure_ascii=False), **options)

    def __call__(
        self, bots: Sequence[str], seed: int, options: GameOptions | None = None, lexicon: Lexicon | None = None
    ) -> GameRecord:
        return play_paperback(bots, seed, _deck(self.deck), self, lexicon)


def play_paperback(
    bots: Sequence[str], seed: int, deck: Deck, table: PaperbackPlay, lexicon: Lexicon | None = None
) -> GameRecord:
    """One full game, seat i by bot ``bots[i]``; the same seed and bots always give the same game."""
    from solver.bots.paperback_expert import make_any
    from solver.bots.registry import bot_seed
    from solver.game.paperback import PaperbackGame, PaperbackOptions, expansions
    from solver.game.paperback.engine import EXPANSIONS
    from solver.game.paperback.protocol import PaperbackTable
    from solver.game.paperback.record import record_json
    from solver.tournament.play import finished, play_out

    lex = lexicon or default_lexicon()
    started = time.perf_counter()
    options = PaperbackOptions.from_json(  # the one place the options are checked
        {
            "players": len(bots),
            "min_length": table.min_length,
            "spacebar": table.spacebar,
            "dyslexic": table.dyslexic,
            **dict.fromkeys(table.rules, True),
            **({"coop_loss_cubes": table.coop_loss_cubes} if table.coop_loss_cubes != 5 else {}),
            **{k: True for k in EXPANSIONS if getattr(table, k)},
        }
    )
    game = PaperbackGame.new(deck, options, seed, lex)
    players = [make_any(name, lex, bot_seed(seed, i), table.time_limit) for i, name in enumerate(bots)]
    st = game.state
    try:
        play_out(PaperbackTable(game), lambda seat: players[seat].play_turn(game), MAX_TURNS)
    except RuntimeError as e:
        raise RuntimeError(f"the game of seed {seed} {e}") from None
    n = len(st.players)
    extra: dict[str, Any] = {
        "game": "paperback",
        "commons": [st.commons_of(s) for s in range(n)],
        "words": [p.words for p in st.players],
        "passes": [p.passes for p in st.players],
        "searches": [b.searches for b in players],
        "proven": [b.proven for b in players],
        "cut": [b.cut for b in players],
    }
    if options.coop:
        extra |= {"result": game.result(), "won": game.result() == "won"}
    if st.cubes is not None:
        extra["cubes"] = st.cubes.to_json()["held"]
    if st.extras is not None:
        extra["expansions"] = expansions.results(st)
    if table.keep_log:  # the whole game, its deck in full: ``review`` replays it exactly (the lexicon: the caller's)
        extra["record"] = record_json(game, list(bots), None)
    return finished(PaperbackTable(game), seed, bots, [st.commons_of(s) for s in range(n)], st.turns, started, extra)
