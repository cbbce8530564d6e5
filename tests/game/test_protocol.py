"""The one game protocol (``solver.game.protocol``), both games driven through it alone: seeded random playouts
where every enumerated legal action is accepted, actions no longer legal are refused with the state unchanged, the
JSON reads back to itself, a copy is independent, and every game ends; and the sampler of hidden cards (the
seat's view and every public card unchanged, the cards conserved, the engine's own check passed, the seed
deciding the hidden order)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from solver.errors import GhostwriterError
from solver.game.hardback.engine import Game as HardbackGame
from solver.game.hardback.options import GameOptions, Powers
from solver.game.hardback.validate import problems
from solver.game.paperback import PaperbackGame, PaperbackOptions
from solver.game.paperback.protocol import PaperbackTable
from solver.game.protocol import Game, Legal, clone
from solver.lexicon import Lexicon
from solver.lexicon.lexicon import parse_words
from solver.paperback.deck import house_deck
from wordlists import shipped_bytes

AnyGame = Game[Any]
MAX_STEPS = 700


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    words = shipped_bytes("enable").decode().split()
    small = [w for i, w in enumerate(words) if len(w) <= 3 or i % 60 == 0]
    return Lexicon.build(parse_words(small, "enable-small"))


def hardback(options: GameOptions) -> Callable[[int, Lexicon], AnyGame]:
    return lambda seed, lexicon: HardbackGame.new(options, seed, lexicon)


def paperback(options: PaperbackOptions) -> Callable[[int, Lexicon], AnyGame]:
    """(a turn timer's clock stands still: a copy and its original restart it alike)"""
    return lambda seed, lexicon: PaperbackTable(
        PaperbackGame.new(house_deck(), options, seed, lexicon, clock=lambda: 1_000.0)
    )


GAMES = {
    "hardback": hardback(GameOptions(players=2, target=20, max_turns=12)),
    "hardback-powers-events": hardback(
        GameOptions(players=3, target=20, max_turns=6, powers=Powers.AGGRESSIVE, events=True, adverts=True)
    ),
    "paperback": paperback(PaperbackOptions(players=2)),
    "paperback-coop-cubes": paperback(
        PaperbackOptions(players=3, coop=True, cube_advice=True, cube_discard=True, cube_discount=True)
    ),
    "paperback-simultaneous": paperback(PaperbackOptions(players=3, simultaneous=True, double_words_additive=True)),
    "paperback-simultaneous-timer-cubes-powers": paperback(
        PaperbackOptions(
            players=2, simultaneous=True, cube_advice=True, cube_discard=True, turn_timer=30, powers=True, theme=True
        )
    ),
}


def choose(legal: list[Any], rng: random.Random) -> Any:
    """A random legal action, words and purchases likelier (so games end soon), the end of a turn unlikely."""
    kinds = [a.to_json()["action"] for a in legal]
    keen = [a for a, k in zip(legal, kinds, strict=True) if k in ("spell", "buy")]
    calm = [a for a, k in zip(legal, kinds, strict=True) if k not in ("end", "pass", "discard")]
    if keen and rng.random() < 0.8:
        return rng.choice(keen)
    if calm and rng.random() < 0.7:
        return rng.choice(calm)
    return rng.choice(legal)


def check_step(game: AnyGame, legal: list[Any], earlier: list[Any], lexicon: Lexicon, read_back: bool) -> int:
    """Every listed action accepted by a copy, actions legal earlier but not now refused with no change, the JSON
    read back to itself (with ``read_back``: reading a Paperback state reads its whole deck); how many actions were
    refused."""
    data = game.to_json()
    for action in legal:
        game.copy().apply(action)  # raises if the engine refuses what the protocol listed
    refused = 0
    for action in earlier:
        if action in game.legal_actions():
            continue
        with pytest.raises(GhostwriterError):
            game.apply(action)
        assert game.to_json() == data
        refused += 1
    if read_back:
        assert type(game).from_json(data, lexicon).to_json() == data
    return refused


@pytest.mark.parametrize("name", GAMES)
def test_random_playouts_through_the_protocol_end(name: str, lexicon: Lexicon) -> None:
    game = GAMES[name](7, lexicon)
    assert isinstance(game, Game)
    rng = random.Random(11)
    earlier: list[Any] = []
    refused = 0
    for step in range(MAX_STEPS):
        if game.over():
            break
        seat = game.to_act()
        assert seat is not None
        legal = list(game.legal_actions(words=2))
        assert legal, f"step {step}: no legal action, the game not over"
        assert game.legal_actions().first() in legal
        if step % 6 == 0:
            tried = rng.sample(earlier, min(3, len(earlier)))
            refused += check_step(game, legal, tried, lexicon, read_back=step % 30 == 0)
        action = choose(legal, rng)
        if step % 7 == 0:  # a copy moves on alone
            before = game.to_json()
            shadow = game.copy()
            shadow.apply(action)
            assert game.to_json() == before
            game.apply(action)
            assert shadow.to_json() == game.to_json()
        else:
            game.apply(action)
        earlier = (earlier + legal)[-40:]
    assert game.over(), f"{name}: not over after {MAX_STEPS} actions"
    assert refused > 0
    assert game.to_act() is None
    assert not game.legal_actions()
    assert len(game.scores()) >= 2
    assert game.winner() is None or 0 <= game.winner() < len(game.scores())  # type: ignore[operator]


@dataclass(frozen=True)
class Number:
    n: int

    def to_json(self) -> dict[str, Any]:
        return {"action": "number", "n": self.n}


def test_legal_is_lazy_and_asks_the_engine_for_membership() -> None:
    tried: list[int] = []

    def accepts(a: Number) -> bool:
        tried.append(a.n)
        return a.n % 2 == 1

    legal = Legal(lambda: map(Number, range(1_000_000)), accepts)
    assert legal.first() == Number(1)
    assert tried == [0, 1]
    assert Number(999_999_999) in legal and Number(4) not in legal
    assert 3 not in legal  # not an action at all
    assert Legal(lambda: map(Number, range(6)), accepts).to_json() == [Number(n).to_json() for n in (1, 3, 5)]


# -- the sampler --------------------------------------------------------------------------------------------------


def midgame(name: str, lexicon: Lexicon, steps: int = 25) -> AnyGame:
    game = GAMES[name](3, lexicon)
    rng = random.Random(5)
    for _ in range(steps):
        legal = list(game.legal_actions(words=2))
        if game.over() or not legal:
            break
        game.apply(choose(legal, rng))
    assert not game.over()
    return game


def cards(game: AnyGame) -> Counter[str]:
    """Every card of the game by code, wherever it is."""
    if isinstance(game, PaperbackTable):
        st = game.state
        return Counter(st.card(i).code for _, ids in st.places() for i in ids)
    assert isinstance(game, HardbackGame)
    return Counter(c.code for c in game.state.all_cards().elements())


def owned(game: AnyGame, seat: int) -> Counter[str]:
    """One seat's hand and draw pile together, by code (what a redraw may reorder, not change)."""
    st = game.state  # type: ignore[attr-defined]
    p = st.players[seat]
    ids = p.hand + p.draw
    return Counter(st.card(i).code if isinstance(game, PaperbackTable) else i.code for i in ids)


def engine_check(game: AnyGame) -> None:
    if isinstance(game, PaperbackTable):
        type(game).from_json(game.to_json(), game.lexicon)  # the state read back: every card in one place, ...
    else:
        assert isinstance(game, HardbackGame)
        assert problems(game.state) == []


def public(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k != "legal"}  # a power's candidates may name another's hand


@pytest.mark.parametrize("name", ["hardback-powers-events", "paperback", "paperback-coop-cubes"])
def test_sample_keeps_what_the_seat_sees(name: str, lexicon: Lexicon) -> None:
    game = midgame(name, lexicon)
    before = game.to_json()
    for seat in range(len(game.scores())):
        world = game.sample(seat, random.Random(1))
        assert game.to_json() == before  # the game itself untouched
        assert public(world.view(seat)) == public(game.view(seat))
        assert cards(world) == cards(game)
        assert all(owned(world, s) == owned(game, s) for s in range(len(game.scores())))
        engine_check(world)
        assert world.to_act() == game.to_act()
        again = game.sample(seat, random.Random(1))
        assert again.to_json() == world.to_json()
        other = game.sample(seat, random.Random(2))
        assert other.to_json() != world.to_json()
        action = next(iter(world.legal_actions(words=1)))
        world.apply(action)  # a sampled world plays on


def test_sample_redraws_the_hidden_cards(lexicon: Lexicon) -> None:
    game = midgame("paperback", lexicon)
    st = game.state  # type: ignore[attr-defined]
    hands = {tuple(game.sample(0, random.Random(k)).state.players[1].hand) for k in range(8)}  # type: ignore[attr-defined]
    assert len(hands) > 1  # the other seat's hand is hidden from seat 0
    mine = {tuple(game.sample(0, random.Random(k)).state.players[0].hand) for k in range(8)}  # type: ignore[attr-defined]
    assert mine == {tuple(st.players[0].hand)}


def test_clone_is_the_state_read_back(lexicon: Lexicon) -> None:
    game = midgame("hardback", lexicon)
    assert isinstance(game, HardbackGame)
    copied = clone(game.state)
    assert copied.to_json() == game.state.to_json()
    assert copied.players[0].hand is not game.state.players[0].hand
    assert copied.rng is not game.state.rng and copied.rng.random() == game.state.rng.random()
