"""Hands for the hint benchmarks, from more than one generator (bench_hint, bench_service):

- ``box_state``: cards from the whole box, as issue 32's generator drew them: genre cards (the timeless classics
  among them, each card as many times as the box holds it) and starters, now and then one drawn with ink, a classic
  of your own in play or an opponent's;
- ``game_states``: the hands the engine deals in real games, at every stage: bots play seeded games
  (``solver.tournament.play``'s way) and each turn's ``game.turn_state()`` is kept as the bot is about to spell
  (after its ink and removers), so a hand holds what a real turn holds (5 cards and the inked ones);
- bench_hint's seeded ``random_state`` and its named hard hands are the others.
"""

from __future__ import annotations

import random
from typing import Any

from solver.bots.registry import bot_seed, make_bot
from solver.game.hardback.engine import Game
from solver.game.hardback.options import GameOptions
from solver.hardback.catalogue import Catalogue
from solver.lexicon import Lexicon
from solver.tournament.play import play_out

CARDS = list(Catalogue.hardback())
BOX = [c.code for c in CARDS if not c.is_starter for _ in range(max(1, c.copies))]  # genre cards, by their copies
STARTERS = [c.code for c in CARDS if c.is_starter for _ in range(max(1, c.copies))]
CLASSICS = [c.code for c in CARDS if c.timeless]


def box_state(seed: int, size: int, classic_or_inked: bool = False) -> dict[str, Any]:
    """``size`` cards from the whole box: genre cards (classics included) and starters, one of them drawn with ink a
    third of the time; a classic of your own in play a third of the time, an opponent's a fifth (none in the hand).
    With ``classic_or_inked``, a hand with neither an inked card nor a classic of yours gets a classic of yours (the
    load's 5-card hands)."""
    rng = random.Random(seed)
    n_genre = rng.randint(size // 3, size - 1)
    cards = rng.sample(BOX, n_genre) + rng.sample(STARTERS, size - n_genre)
    rng.shuffle(cards)
    state: dict[str, Any] = {"hand": cards}
    if rng.random() < 1 / 3:
        state = {"hand": cards[1:], "inked": cards[:1]}
    free = [c for c in CLASSICS if c not in cards]
    mine = [rng.choice(free)] if rng.random() < 1 / 3 or (classic_or_inked and "inked" not in state) else []
    others = [rng.choice([c for c in free if c not in mine])] if rng.random() < 1 / 5 else []
    if mine or others:
        state["timeless"] = {"mine": mine, "others": others}
    return state


def game_states(
    lexicon: Lexicon, n: int, seed0: int, bots: tuple[str, ...] = ("medium", "hard")
) -> list[dict[str, Any]]:
    """The first ``n`` turn states the bots spell from in seeded games (game ``seed0``, ``seed0 + 1``, ...), each as
    its JSON, with the stage it was dealt at (``options.stage``)."""
    out: list[dict[str, Any]] = []
    seed = seed0
    while len(out) < n:
        _play(lexicon, seed, bots, out)
        seed += 1
    return out[:n]


def _play(lexicon: Lexicon, seed: int, bots: tuple[str, ...], out: list[dict[str, Any]]) -> None:
    """One seeded game to its end, each turn state a bot spells from appended to ``out``."""
    game = Game.new(GameOptions(players=len(bots)), seed, lexicon)
    players = [make_bot(name, lexicon, bot_seed(seed, i)) for i, name in enumerate(bots)]
    for bot in players:
        _keep_turns(bot, out)
    play_out(game, lambda s: players[s].play_turn(game), max_turns=2000)


def _keep_turns(bot: Any, out: list[dict[str, Any]]) -> None:
    """Keep the turn state each time ``bot`` is about to spell (its ``spell`` wrapped, for this game only)."""
    spell = bot.spell

    def kept(game: Game) -> None:
        out.append(game.turn_state().to_json())
        spell(game)

    bot.spell = kept
