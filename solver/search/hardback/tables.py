"""What the search of a word reads of its pool, made once a pool (``PoolTables``): the kinds of card by letter and
by role (uncoverers, doublers, per-wild cards), the genres a doubling depends on, the letters' indices. The search
itself (``solver.search.hardback.exact.WordSolver``) and its bounds build on it."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from solver.hardback.profile import Pool, Source
from solver.hardback.resolve import Face, Placement, Resolver, Slot
from solver.search.hardback.kinds import Optimism
from solver.search.hardback.node import Node


class Letters(dict[int, str]):
    """A ``str.translate`` table that keeps the letters it is given (as they map) and turns every other character
    into ``other``, learning each character once."""

    def __init__(self, keep: dict[str, str], other: str) -> None:
        super().__init__({ord(ch): to for ch, to in keep.items()})
        self.other = other

    def __missing__(self, code: int) -> str:
        self[code] = self.other
        return self.other


class PoolTables:
    """A pool of cards under one set of weights, as the search of its words reads it."""

    def __init__(self, pool: Pool, resolver: Resolver, optimism: Optimism) -> None:
        self.pool = pool
        self.resolver = resolver
        self.optimism = optimism
        self.profiles = pool.profiles
        self.counts = pool.counts
        self._by_letter(optimism.opt)
        self._roles(optimism)
        self._genres()
        self._kinds()
        self._known: dict[Hashable, tuple[float, Placement | None]] = {}  # a word's key: (most it is worth, its best)
        self._projection = Letters({letter: letter for letter in self.card_letters}, "?")  # a word's projection
        self.budget = resolver.budget  # the search's limits: solve raises OutOfTime past them

    def _by_letter(self, opt: list[float]) -> None:
        """The kinds of each letter and the pool's kinds, best first."""
        self.by_letter: dict[str, list[int]] = {}
        for k, p in enumerate(self.profiles):
            self.by_letter.setdefault(p.letter, []).append(k)
        for ks in self.by_letter.values():
            ks.sort(key=lambda k: -opt[k])
        self.pool_kinds = sorted((k for k, p in enumerate(self.profiles) if p.pool), key=lambda k: -opt[k])

    def _roles(self, optimism: Optimism) -> None:
        """The uncoverers, the per-wild cards, the doublers and the card whose doublings are counted apart."""
        kinds = range(len(self.profiles))
        self.uncoverers = {k for k in kinds if optimism.uncovers[k] > 0}
        self.uncoverer_letters = {self.profiles[k].letter for k in self.uncoverers}
        self.pool_uncoverers = sum(self.counts[k] for k in self.uncoverers if self.profiles[k].pool)
        self.wild_kinds = [k for k in kinds if optimism.per_wild[k] > 0]
        self.doublers = [k for k in kinds if optimism.doubles[k] > 0]
        self.wild_stepped = [k for k in kinds if optimism.wild_steps[k]]  # Mystery N's kind
        # doublers that may stand uncovered: the bound split by how many are (``_split``) can cut more
        self.split = any(self.profiles[k].pool for k in self.doublers)
        # one card whose doubling grows with the wild cards (Mystery N) and a doubler: its doublings counted apart
        # (``_apart``), where they make every wild worth more, instead of at the most wilds any word could hold
        self.stepped: int | None = None
        lone = len(self.wild_stepped) == 1 and self.counts[self.wild_stepped[0]] == 1 and bool(self.doublers)
        if lone and all(c >= 0 for _, c in optimism.wild_steps[self.wild_stepped[0]]):
            self.stepped = self.wild_stepped[0]

    def _genres(self) -> None:
        """The genres a doubler's abilities depend on, the kinds that count for each, the passing uncoverers."""
        # genres on which some doubler's abilities depend: where one cannot be active any more, they are its
        # inactive side's (``_live``)
        self.genre_doublers = sorted(
            {p.genre for k in self.doublers if (p := self.profiles[k]).genre >= 0 and p.doubles[0] < p.doubles[1]}
        )
        self.counted = [  # per kind: a card of the word that counts for its genre (the resolver's _genre_counts)
            p.genre >= 0 and p.source is not Source.MINE and p.source is not Source.OTHER for p in self.profiles
        ]
        # per genre, the kinds that count for it
        self.genre_kinds = [
            [k for k, p in enumerate(self.profiles) if self.counted[k] and p.genre == g] for g in range(4)
        ]
        # the hand's uncoverers, which an uncover of their own pays for once uncovered (``_uncovers_ahead``): counted
        # apart unless one of them doubles (``_doubles`` and ``_split`` count doublers uncovered on the shared uncovers)
        self.free_passing = not any(k in self.uncoverers for k in self.doublers)
        self.passes = [self.free_passing and k in self.uncoverers and p.pool for k, p in enumerate(self.profiles)]
        self.passing_kinds = [k for k in range(len(self.profiles)) if self.passes[k]]
        self._abilities_by_live: dict[tuple[bool, ...], list[int]] = {}  # ``_abilities``, per ``_live`` answer

    def _kinds(self) -> None:
        """Per kind, what the search asks of it again and again; the card letters and their indices."""
        self.is_pool = [p.pool for p in self.profiles]
        self.own = [p.own for p in self.profiles]  # cards a doubling may reach (the resolver's _doublable)
        self.is_inked = [p.source is Source.INKED for p in self.profiles]
        self.inked_kinds = [k for k in range(len(self.profiles)) if self.is_inked[k]]
        self.is_imposed = [p.imposed for p in self.profiles]  # rivals' letters: they never stand face-down
        self.is_mine = [p.source is Source.MINE for p in self.profiles]
        # per kind: what its optimism counts for a timeless classic of the hand put into play (``classic_kept``),
        # which it does not get uncovered (the resolver keeps only the classics standing face-up)
        kept = max(0.0, self.pool.weights.classic_kept)
        self.unkept = [kept if p.pool and p.card.timeless else 0.0 for p in self.profiles]
        self.letters = [p.letter for p in self.profiles]
        self.plain = self._plain_kinds()
        self.card_letters = set(self.letters)
        self.letter_ids = {letter: n for n, letter in enumerate(sorted(self.card_letters))}
        self.classic_kinds = [k for k, p in enumerate(self.profiles) if p.source in (Source.MINE, Source.OTHER)]
        self.is_classic = [p.source in (Source.MINE, Source.OTHER) for p in self.profiles]
        self.classic_letters: dict[str, int] = {}  # cards that only stand face-up: classics on either side
        for k, p in enumerate(self.profiles):
            if p.source in (Source.MINE, Source.OTHER):
                self.classic_letters[p.letter] = self.classic_letters.get(p.letter, 0) + self.counts[k]

    def _plain_kinds(self) -> list[bool]:
        """Per kind: a card that is never better off elsewhere than face-up on a letter of its own.

        When nothing in the pool doubles or dumps and every weight is non-negative, a hand or inked card with no
        uncover ability may as well stand face-up on its letter as that letter be a wild (with per-wild
        specials out of play, which ``Plan.wild`` tells): moving it there from anywhere else keeps every genre
        count and changes no neighbour's ability, and from the hand it only adds. So while such a card is left,
        the search need not try the wild on its letter.
        """
        w = self.pool.weights
        plain_pool = (
            not any(self.optimism.doubles)
            and not any(
                p.dumps[0] or (p.dumps[1] and p.genre >= 0 and self.optimism.can_activate[p.genre])
                for p in self.profiles
            )
            and all(getattr(w, f) >= 0 for f in w.__dataclass_fields__)
        )
        return [
            plain_pool and p.pool and not any(p.uncovers) and not self.optimism.per_wild[k]
            for k, p in enumerate(self.profiles)
        ]

    def mine_opt(self, opt: Sequence[float]) -> float:
        return sum(opt[k] * self.counts[k] for k, p in enumerate(self.profiles) if p.source is Source.MINE)

    def _abilities(self, live: list[bool] | None) -> list[int]:
        """Per kind, its doubling abilities at the most, but a doubler's inactive side's where ``live`` says its genre
        can no longer be active."""
        if live is None:
            return self.optimism.doubles
        key = tuple(live)  # (four genres: at most 16 answers, each made once)
        got = self._abilities_by_live.get(key)
        if got is None:
            most = self.optimism.doubles
            got = [p.doubles[0] if p.genre >= 0 and not live[p.genre] else most[k] for k, p in enumerate(self.profiles)]
            self._abilities_by_live[key] = got
        return got

    def _spares(self, slots: list[Slot], i: int, word: str) -> list[int] | None:
        """The uncovers each card placed before letter i has left once the runs of cards uncovered there are
        served (``Placing._overdrawn``'s assignment, left to right, each run taking its left end's card where it
        can: no assignment leaves more to the cards on the right), or None when no assignment exists."""
        abilities, uncoverers = self.optimism.uncovers, self.uncoverers
        spare = [abilities[k] if k >= 0 and face is Face.UP else 0 for k, face in slots[:i]]
        q = 0
        while q < i:
            if slots[q][1] is not Face.UNCOVERED:
                q += 1
                continue
            a = q
            while q < i and slots[q][1] is Face.UNCOVERED:
                q += 1
            b = q - 1
            lead = 0  # uncoverers a, a+1, ...: a left part a..m needs a..m-1 among them
            while a + lead < b and slots[a + lead][0] in uncoverers:
                lead += 1
            trail = 0  # uncoverers b, b-1, ...: a right part m+1..b needs m+2..b among them
            while b - trail > a and slots[b - trail][0] in uncoverers:
                trail += 1
            left = a >= 1 and spare[a - 1] > 0
            ahead = b == i - 1 and i < len(word)  # the card to come at i may uncover b
            right = ahead or (b + 1 < i and spare[b + 1] > 0)
            if left and lead >= b - a:  # all from the left
                spare[a - 1] -= 1
            elif right and trail >= b - a:  # all from the right
                if not ahead:
                    spare[b + 1] -= 1
            elif left and right and lead + trail >= b - a - 1:  # from both ends
                spare[a - 1] -= 1
                if not ahead:
                    spare[b + 1] -= 1
            else:
                return None
        return spare

    def _spare_before(self, node: Node) -> int:
        """The uncovers the card face-up at letter i-1 has left for letters i and after: its abilities, less what
        the run of cards uncovered that ends at i-2 takes of them (``_spares``; 0 where no assignment exists)."""
        i, slots = node.i, node.slots
        k = slots[i - 1][0]
        if i < 2 or slots[i - 2][1] is not Face.UNCOVERED:
            return self.optimism.uncovers[k]
        spares = self._spares(slots, i, node.plan.word)
        return 0 if spares is None else spares[i - 1]

    def _uncovers_next(self, node: Node) -> bool:
        """Whether the card at letter i-1 may uncover letter i: an uncoverer not wild, with an uncover left there
        if face-up (``_spare_before``)."""
        slot = node.slots[node.i - 1]
        return self._may_uncover(slot) and (slot[1] is not Face.UP or self._spare_before(node) > 0)

    def _may_uncover(self, slot: Slot) -> bool:
        return slot[0] in self.uncoverers and slot[1] is not Face.WILD

    def _complete(self, slots: list[Slot]) -> bool:
        """A full placement whose last card, if uncovered, has an uncoverer on its left."""
        return slots[-1][1] is not Face.UNCOVERED or (len(slots) > 1 and self._may_uncover(slots[-2]))
