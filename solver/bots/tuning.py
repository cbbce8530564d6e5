"""The hand-tuned constants of the policy bots as one parameter set a game: Hardback's (``solver.bots.policy``,
``Tuning``) and Paperback's (``solver.bots.paperback``'s hard bot, ``PaperbackTuning``).

``HARD`` and ``PAPERBACK_HARD`` hold the values the bots were written with: a bot built without a tuning plays
exactly as before (the tests pin its games). A tuning searched by self-play (``benchmarks/tune_policy.py``) ships
as data, ``solver/data/tuned-hardback.json`` and ``solver/data/tuned-paperback.json``, read by ``load`` and
``load_paperback``; each game's expert plays its turn from it. A Hardback tuning can hold a tuning per table size
(``by_players``, ``TableTunings``): a bigger table gives each player fewer turns, and its constants were searched
at that size; the expert picks the one for its game's players.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

DATA = Path(__file__).resolve().parent.parent / "data"


@dataclass(frozen=True)
class Tuning:
    """The policy's constants. Worths are in prestige points; "scale" parameters multiply a measured worth."""

    # the word
    word_coin: float = 1.0  # scales the coin's measured worth (``coin_value``) in the word's weights
    coin_stage: float = 1.0  # scales the game's stage where the coin's worth is read (below 1: coins stay dear longer)
    last_coin: float = 0.05  # a coin's worth in the word of the last turn
    ink_cap: float = 0.6  # an ink (and a remover) gained by the word is worth the coin's worth, at most this
    sent_home: float = 1.0  # sending an opponent's classic home: this plus what it would give them
    trash_base: float = 0.6  # trashing a card from the deck: this plus ``trash_slope`` x turns left / 8
    trash_slope: float = 0.2
    # the game's pace
    pace_floor: float = 2.0  # the leader's prestige a round, at least this, gives the turns left
    last_turn: float = 0.5  # fewer turns left than this: the turn is played for prestige alone
    # ink
    sure_draws: int = 2  # cards drawn with ink without asking (while ink is held)
    advised_draws: int = 1  # more cards drawn when the ink advisor says they pay
    advise_margin: float = 0.2  # what one more card must add to the turn's value, net of its ink
    # the buys
    buy_coin: float = 1.0  # scales the coin's worth in a card's worth (``card_value``)
    horizon: float = 1.0  # scales the times a card bought turns up (turns left x hand size / deck size)
    buy_prestige: float = 1.0  # scales the prestige a card gives as it is bought
    buy_min: float = 0.05  # a card worth buying adds more than this
    leftover: float = 0.1  # a coin not spent (bought as ink) is worth this share of a coin
    flush_below: float = 0.5  # flush a row whose best card adds less than this
    timeless: float = 1.6  # a timeless classic pays again on later turns: its worth times this

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_json(data: dict[str, Any]) -> Tuning:
        return _from_json(HARD, data)


@dataclass(frozen=True)
class PaperbackTuning:
    """Paperback's hard bot's constants. Worths are in score points a turn a card is drawn."""

    # a letter card's worth to the deck being built
    letter_score: float = 1.0  # scales the card's printed score
    ability: float = 1.0  # scales its abilities' worth (``ability_worth``)
    vowel_need: float = 2.0  # a vowel card's bonus while the deck's vowels are fewer than ``vowel_share`` of its cards
    vowel_spare: float = 0.5  # ... and once they are not
    vowel_share: float = 0.25
    two_letters: float = 0.8  # a two-letter card's bonus
    price: float = 0.15  # a card's worth per coin is its worth / (1 + price x its cost)
    # the buys
    early_turns: int = 4  # own turns that buy letters before Fame (unless the coins reach ``fame_at``)
    fame_at: int = 8
    letters_a_turn: int = 2  # letter cards bought a turn at most
    # trashing (a ``trash-hand`` ability): the starters left in hand, the wilds too when this is 1 (each is Fame)
    trash_wilds: int = 1

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_json(data: dict[str, Any]) -> PaperbackTuning:
        return _from_json(PAPERBACK_HARD, data)


T = TypeVar("T", Tuning, PaperbackTuning)


def _from_json(base: T, data: dict[str, Any]) -> T:
    """``base`` with the constants ``data`` names (an unknown name refused, integers kept integers)."""
    names = {f.name: f for f in fields(base)}
    unknown = set(data) - set(names)
    if unknown:
        raise ValueError(f"unknown tuning parameters: {', '.join(sorted(unknown))}")
    values: dict[str, Any] = {k: (int(v) if names[k].type == "int" else float(v)) for k, v in data.items()}
    return replace(base, **values)


HARD = Tuning()
PAPERBACK_HARD = PaperbackTuning()


@dataclass(frozen=True)
class TableTunings:
    """A Hardback tuning for each table size: ``base`` and the sizes searched on their own (``by_players``, by
    players, ascending). A size searched on its own plays its tuning; any other the one of the largest size searched
    below it (a bigger table still, fewer turns a player still), or ``base`` when there is none."""

    base: Tuning
    by_players: tuple[tuple[int, Tuning], ...] = ()

    def at(self, players: int) -> Tuning:
        below = [tuning for size, tuning in self.by_players if size <= players]
        return below[-1] if below else self.base

    @staticmethod
    def of(tuning: Tuning) -> TableTunings:
        """One tuning at every table size."""
        return TableTunings(tuning)


def _data(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / f"{name}.json").read_text())
    return data


def _params(name: str) -> dict[str, Any]:
    params: dict[str, Any] = _data(name)["params"]
    return params


@cache
def load_table(name: str = "tuned-hardback") -> TableTunings:
    """The Hardback tunings shipped in ``solver/data/<name>.json``: its ``params`` (the base) and, under
    ``by_players``, each table size's own ``params`` (read as the base's are: constants not named keep the hard
    bot's values)."""
    data = _data(name)
    sizes = sorted((int(size), Tuning.from_json(entry["params"])) for size, entry in data.get("by_players", {}).items())
    return TableTunings(Tuning.from_json(data["params"]), tuple(sizes))


def load(name: str = "tuned-hardback", players: int = 2) -> Tuning:
    """The Hardback tuning shipped in ``solver/data/<name>.json`` for a table of ``players``."""
    return load_table(name).at(players)


@cache
def load_paperback(name: str = "tuned-paperback") -> PaperbackTuning:
    """A Paperback tuning shipped in ``solver/data/<name>.json`` (its ``params``)."""
    return PaperbackTuning.from_json(_params(name))
