"""Who sits where in each game of a tournament: seeded games with mirrored seats.

Every base seed is played once for each distinct rotation of the line-up over the seats (in a two-player
tournament each seed twice, seats swapped), so each bot meets the same shuffles from every seat: the
advantage of playing first and the luck of the deal cancel within a mirror group.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from solver.tournament.errors import TournamentError

MAX_GAMES = 1_000_000
MAX_PLAYERS = 5
SEED_MODULUS = 2**31 - 1  # a prime: game seeds are from 0 to 2**31 - 2, all distinct within a tournament


@dataclass(frozen=True)
class Match:
    """One game to play: ``index`` orders the schedule, ``group`` is its mirror group (one base seed)."""

    index: int
    group: int
    seed: int
    seats: tuple[str, ...]


@dataclass(frozen=True)
class Schedule:
    """The games of a tournament, in order: mirror group by mirror group, each group's rotations in turn."""

    seed: int
    lineup: tuple[str, ...]
    rotations: tuple[tuple[str, ...], ...]
    requested: int
    matches: tuple[Match, ...]

    @property
    def players(self) -> int:
        return len(self.lineup)

    @property
    def group_size(self) -> int:
        return len(self.rotations)

    @property
    def groups(self) -> int:
        return len(self.matches) // self.group_size

    @property
    def games(self) -> int:
        return len(self.matches)

    @property
    def bots(self) -> tuple[str, ...]:
        """The distinct bots, in the order of the line-up."""
        return tuple(dict.fromkeys(self.lineup))

    def notes(self) -> list[str]:
        out = []
        if self.games != self.requested:
            out.append(
                f"{self.requested} games rounded up to {self.games}: {self.groups} seeds x {self.group_size} "
                f"mirrored seatings"
            )
        return out


def lineup(bots: Sequence[str], players: int) -> tuple[str, ...]:
    """The bot in each seat before rotation: the names cycled over the seats (greedy,hard for 3 seats:
    greedy, hard, greedy)."""
    if not bots:
        raise TournamentError("give at least one bot, e.g. --bots greedy,hard")
    if len(bots) > MAX_PLAYERS:
        raise TournamentError(f"{len(bots)} bots but a game seats at most {MAX_PLAYERS}: give fewer bots")
    if not 2 <= players <= MAX_PLAYERS:
        raise TournamentError(f"players must be from 2 to {MAX_PLAYERS} (got {players})")
    if len(bots) > players:
        raise TournamentError(f"{len(bots)} bots for {players} seats: give --players {len(bots)} or fewer bots")
    return tuple(bots[i % len(bots)] for i in range(players))


def rotations(seats: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """The distinct rotations of a line-up, the line-up itself first. Over them, each seat holds each bot
    as often as the line-up holds it (a line-up that repeats itself, like A,B,A,B, has fewer rotations)."""
    out: dict[tuple[str, ...], None] = {}
    for r in range(len(seats)):
        out[tuple(seats[(i + r) % len(seats)] for i in range(len(seats)))] = None
    return tuple(out)


def game_seed(seed: int, group: int) -> int:
    """The base seed of mirror group ``group`` in the tournament seeded ``seed``: ``(a * group + b) mod p``
    with ``a`` and ``b`` hashed from ``seed`` and ``p`` the prime 2**31 - 1, so the groups of one tournament
    never share a seed (up to 2**31 - 1 groups) and every seed is small enough for any engine's generator.
    Stable across versions and machines."""
    digest = hashlib.sha256(f"ghostwriter-tournament:{seed}".encode()).digest()
    a = 1 + int.from_bytes(digest[:8], "big") % (SEED_MODULUS - 1)
    b = int.from_bytes(digest[8:16], "big") % SEED_MODULUS
    return (a * group + b) % SEED_MODULUS


def schedule(bots: Sequence[str], games: int, seed: int, players: int | None = None) -> Schedule:
    """``games`` games (rounded up to whole mirror groups) of ``bots`` cycled over ``players`` seats (by
    default one seat a name, at least two)."""
    if isinstance(games, bool) or not 1 <= games <= MAX_GAMES:
        raise TournamentError(f"games must be from 1 to {MAX_GAMES:,} (got {games})")
    seats = lineup(bots, max(2, len(bots)) if players is None else players)
    rots = rotations(seats)
    groups = -(-games // len(rots))
    matches = tuple(
        Match(index=g * len(rots) + r, group=g, seed=game_seed(seed, g), seats=rot)
        for g in range(groups)
        for r, rot in enumerate(rots)
    )
    return Schedule(seed=seed, lineup=seats, rotations=rots, requested=games, matches=matches)
