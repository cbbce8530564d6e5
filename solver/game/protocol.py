"""One face for both games, in the shape of OpenSpiel's ``State`` and python-chess's ``Board``: whatever is written
against ``Game`` (a page, a tournament, a planner over the hidden cards) is written once for Hardback and Paperback.

A game answers:

- ``to_json()`` and ``from_json(data, lexicon)``: its state as the engine saves it (the service's form);
- ``to_act()``: the seat whose action it waits on, None once it is over (OpenSpiel's ``current_player``);
- ``legal_actions(words)``: the actions that seat may take now, a lazy ``Legal`` view (iteration tries the rules'
  candidates one at a time, ``in`` asks the engine about one action, ``first`` stops at the first); a word is an
  action too, but a hand spells thousands, so the view holds the ``words`` best of them by the ghost writer
  (none by default: the word is the player's);
- ``apply(action)``: the action played, or ``IllegalActionError`` with the game left as it was; ``log`` the
  actions played so far;
- ``copy()``: an independent game, fast (``clone``: the mutable parts copied, the frozen cards shared);
- ``over()``, ``result()``, ``scores()``, ``winner()``: the end and its outcome;
- ``view(seat)``: what one seat sees (JSON: its hand, the table, the counts of what it cannot see);
- ``sample(seat, rng)``: a copy whose hidden cards (every draw pile's order, the other seats' hands, the decks
  still to deal, the future shuffles) are redrawn from ``rng``, consistent with ``view(seat)``: the worlds a
  planner averages over (OpenSpiel's ``resample_from_infostate``).

The actions are each game's own typed values (``solver.game.hardback.actions``, ``solver.game.paperback.actions``),
each with a ``to_json`` that its game's ``action_from_json`` reads back.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Generic, Protocol, Self, TypeVar, runtime_checkable

from solver.errors import GhostwriterError
from solver.lexicon import Lexicon

Json = dict[str, Any]


class IllegalActionError(GhostwriterError):
    """An action the rules do not allow now, or that cannot be read; the state is unchanged. ``field`` names the
    action's argument at fault when one is (``layout[2]``), else it is empty. Both games' one refusal."""

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(message)
        self.field = field


@runtime_checkable
class Action(Protocol):
    """A game's action: a frozen value with its JSON form."""

    def to_json(self) -> Json: ...


A = TypeVar("A", bound=Action)


class Legal(Generic[A]):
    """The legal actions of a game now, as python-chess's ``legal_moves``: the rules' candidates (``candidates``,
    enumerated lazily) kept when the engine accepts them (``accepts``). Iterating never lists more than it reaches;
    ``action in legal`` asks the engine about that one action (a word the candidates leave out included)."""

    def __init__(self, candidates: Callable[[], Iterable[A]], accepts: Callable[[A], bool]) -> None:
        self._candidates = candidates
        self._accepts = accepts

    def __iter__(self) -> Iterator[A]:
        for action in self._candidates():
            if self._accepts(action):
                yield action

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Action) and self._accepts(action)  # type: ignore[arg-type]

    def __bool__(self) -> bool:
        return self.first() is not None

    def first(self) -> A | None:
        """The first legal action the rules enumerate (None when there is none)."""
        return next(iter(self), None)

    def count(self) -> int:
        """How many there are (every candidate tried)."""
        return sum(1 for _ in self)

    def to_json(self) -> list[Json]:
        return [a.to_json() for a in self]


@runtime_checkable
class Game(Protocol[A]):
    """A game of either rule set, as every face and planner sees it (the module's docstring)."""

    lexicon: Lexicon

    @property
    def log(self) -> Sequence[A]:
        """The actions applied so far, in order."""
        ...

    @classmethod
    def from_json(cls, data: object, lexicon: Lexicon) -> Self: ...

    def to_json(self) -> Json: ...

    def to_act(self) -> int | None: ...

    def legal_actions(self, words: int = 0) -> Legal[A]: ...

    def apply(self, action: A) -> None: ...

    def copy(self) -> Self: ...

    def over(self) -> bool: ...

    def result(self) -> str | None: ...

    def scores(self) -> list[int]: ...

    def winner(self) -> int | None: ...

    def view(self, seat: int) -> Json: ...

    def sample(self, seat: int, rng: random.Random) -> Self: ...


T = TypeVar("T")


def clone(value: T) -> T:
    """A deep copy that shares what cannot change: lists, dicts, sets and mutable dataclasses are copied, a random
    generator gets its own generator in the same state, while frozen dataclasses (cards, options, decks), tuples,
    strings and numbers are shared. A game's state copied this way is independent of the original and much faster
    to make than its JSON read back."""
    return _clone(value)  # type: ignore[no-any-return]


_SHARED: set[type] = {int, float, str, bool, bytes, type(None)}  # values no one changes in place (and, once met,
# the frozen dataclasses and other types shared as they are)
_FROZEN: dict[type, bool] = {}  # per dataclass type: frozen (shared) or not (copied field by field)


def _clone(value: Any) -> Any:
    kind = type(value)
    if kind in _SHARED:
        return value
    if kind is list:
        return [x if type(x) in _SHARED else _clone(x) for x in value]
    if kind is dict:
        return {k: v if type(v) in _SHARED else _clone(v) for k, v in value.items()}
    if kind is set:
        return {_clone(x) for x in value}
    if isinstance(value, random.Random):
        rng = random.Random()
        rng.setstate(value.getstate())
        return rng
    frozen = _FROZEN.get(kind)
    if frozen is None:
        params = getattr(kind, "__dataclass_params__", None)
        frozen = _FROZEN[kind] = params is None or bool(params.frozen)  # not a dataclass: shared as it is
        if frozen:
            _SHARED.add(kind)  # from now on shared without a call (a card in a list is checked in place)
    if frozen:
        return value
    out = object.__new__(kind)
    for f in dataclasses.fields(value):
        object.__setattr__(out, f.name, _clone(getattr(value, f.name)))
    return out


__all__ = ["Action", "Game", "IllegalActionError", "Json", "Legal", "clone"]
