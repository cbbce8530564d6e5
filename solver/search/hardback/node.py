"""The values the search of one word passes around: its ``Plan`` (what it knows before it starts) and a ``Node``
(where it stands: the letters placed so far, and what the bounds read there)."""

from __future__ import annotations

from dataclasses import dataclass, field

from solver.hardback.resolve import Slot


@dataclass
class Plan:
    """What the search of one word needs to know before it starts."""

    opt: list[float]  # per kind: the most it brings
    near: list[bool]  # per letter: could a face-down card there be uncovered?
    uncovers: int  # how many uncovers the word could hold
    slack: float  # what the word may add beyond its letters and doubles: classics in play, award
    step: list[float]  # per kind: the most one doubling of it adds
    wild: float  # what a wild card may bring (to per-wild specials)
    suffix: list[dict[str, int]]  # per letter: how many of each letter from there on
    order: list[int]  # kinds that may bring something on a letter or uncovered, best first
    caps: list[list[int]]  # ``suffix`` by the index of the cards' letters (see WordSolver.letter_ids)
    items: list[tuple[int, float, int, bool]]  # per kind in ``order``: kind, worth beyond a wild, letter index, pool
    by_step: list[int]  # kinds by what one doubling of them may add, most first
    # per kind: can no doubling reach it in this word (``WordSolver._unreached``; None: any may be reached)
    unreached: list[bool] | None = None
    # ``WordSolver._apart``: per doubling m (1, 2) and part (d, c) of the doubling card's step, m * d and the plan
    # whose wild is worth m * c more; empty where the bound is not split so
    apart: list[tuple[int, float, float, Plan]] = field(default_factory=list)
    word: str = ""  # the word itself


@dataclass(slots=True)
class Node:
    """A node of the search of one word: the letters before ``i`` placed (``slots``; ``used``: per kind, its cards
    placed), under ``plan``; and what the bounds read there once the search has counted it: the uncovers that could
    still reach letters i and after, those for the hand's uncoverers counted apart (``passing``; both from
    ``WordSolver._uncovers_ahead``), the genres that may still be active (``live``, ``WordSolver._live``; None: all).

    ``slots`` and ``used`` are the search's own lists, which it changes as it goes down and back: a node is read
    while the search stands at it."""

    i: int
    plan: Plan
    slots: list[Slot]
    used: list[int]
    uncovers: int = 0
    passing: int = 0
    live: list[bool] | None = None
