"""What a resolved placement brings, card by card and in total, as typed values (no words for people).

``outcome`` reads a resolution (``solver.hardback.resolve``) through the benefit table: for each card of the word
and each of the player's classics in play, the gains of each benefit, the trash and dump taken, and what the card
did (uncovered by, doubled by, kept in play, sent home); then the turn's totals. The engine applies the totals to
the game; ``solver.hardback.explain`` says the same in words; the prestige/coins frontier switches the either
choices (``Outcome.choices``, ``Outcome.switch``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from solver.hardback.benefits import COUNT_TABLE, ON_CARD, TABLE, Kind, Role, Row, Tally, choose, weight
from solver.hardback.cards import Card
from solver.hardback.choices import CardChoices, ChoiceError
from solver.hardback.profile import GENRE_INDEX, GENRES, Profile, Source
from solver.hardback.resolve import Face, Resolution, Resolver, Slot, award_prestige


@dataclass(slots=True)
class Gain:
    """One benefit of a card as it resolved: its kind, what it went to and how much (``printed`` is the amount on
    the card; a per-card benefit says what it counted)."""

    kind: Kind
    gain: str
    amount: int
    printed: int
    count: int = 0
    what: str = ""


@dataclass(slots=True)
class CardPart:
    """One card's part in a move: where it stands and how, what it did, and what it brought."""

    card: Card
    letter: str
    face: Face
    source: Source
    position: int | None  # None for a classic in play outside the word
    factor: int = 1
    coins: int = 0
    prestige: int = 0
    active_genre: str | None = None  # its genre, when active and the card's genre benefits count
    uncovered_by: int | None = None  # the position of the card that uncovered it
    doubled_by: list[int] = field(default_factory=list)  # the positions of the cards that doubled it
    kept: bool = False  # a timeless classic of the player's put into play
    gains: list[Gain] = field(default_factory=list)
    trashed: tuple[int, int] | None = None  # (coins, prestige) for trashing it, when taken
    trash_offered: bool = False  # it had a trash benefit in effect (taken or not)
    doubles: list[int] = field(default_factory=list)  # the positions of the cards it doubled
    dumped: int | None = None  # the coins of a discarded card it trashed

    def _answers(self, kind: Kind) -> tuple[str, ...] | None:
        """Where the card's benefits of this kind went: one answer when they all went one way, else one each."""
        went = tuple(g.gain for g in self.gains if g.kind is kind)
        if not went:
            return None
        return went[:1] if len(set(went)) == 1 else went

    def choices(self) -> CardChoices | None:
        """The free choices this card's benefits offered, as they were made (None when it offered none)."""
        if not (self.trash_offered or self.doubles):
            for g in self.gains:
                if g.kind in _CHOSEN:
                    break
            else:
                return None
        trash = (self.trashed is not None) if self.trash_offered else None
        double = None
        if self.doubles and self.position is not None:
            double = tuple("left" if q < self.position else "right" for q in self.doubles)
        made = CardChoices(self._answers(Kind.EITHER), self._answers(Kind.INK_OR_REMOVER), trash, double)
        return None if made.empty else made


_CHOSEN = (Kind.EITHER, Kind.INK_OR_REMOVER)  # the gains a card's choice sends one way or the other


@dataclass(slots=True)
class Totals:
    """A move's totals: what the turn gains, spends and moves."""

    coins: int = 0
    prestige: int = 0
    ink: int = 0
    remover: int = 0
    jail: int = 0
    preview: int = 0
    opponents_return: int = 0
    trashed: list[str] = field(default_factory=list)
    dumped: int = 0
    removers_spent: int = 0
    classics_kept: list[str] = field(default_factory=list)
    classics_sent_home: list[str] = field(default_factory=list)
    award: int = 0
    genres_active: list[str] = field(default_factory=list)
    dumps: list[int] = field(default_factory=list)  # the coins of each dump taken (in ``coins`` too)


@dataclass(slots=True)
class Outcome:
    """A resolved placement, card by card: the word's cards left to right, the classics in play, the totals."""

    word: str
    cards: list[CardPart]
    in_play: list[CardPart]
    totals: Totals

    def choices(self) -> list[tuple[CardPart, Gain]]:
        """The gains that went to prestige or coins by the objective's choice (eithers), in the order of the cards."""
        return [
            (part, g)
            for part in self.cards + self.in_play
            for g in part.gains
            if len(TABLE[g.kind].gives) > 1 and set(TABLE[g.kind].gives) <= set(ON_CARD)
        ]

    def switch(self, part: CardPart, g: Gain, to: str) -> None:
        """Send a choice's gain to ``to`` instead (the frontier's other splits)."""
        if g.gain == to:
            return
        setattr(part, g.gain, getattr(part, g.gain) - g.amount)
        setattr(self.totals, g.gain, getattr(self.totals, g.gain) - g.amount)
        setattr(part, to, getattr(part, to) + g.amount)
        setattr(self.totals, to, getattr(self.totals, to) + g.amount)
        g.gain = to


def outcome(
    resolver: Resolver,
    word: str,
    slots: Sequence[Slot],
    res: Resolution,
    choices: Sequence[CardChoices | None] | None = None,
    classics: Sequence[tuple[str, CardChoices]] = (),
) -> Outcome:
    """The typed outcome of a resolution: each card's part and the totals. ``choices`` (by letter) are the
    player's own either, token and trash choices; ``classics`` (card code and choices) those of the player's
    classics in play outside the word, one entry a card; the others are made for the resolver's weights. A
    classic's entry that fits no classic in play, or makes a choice it does not offer, is a ``ChoiceError``."""
    extras = resolver._extras(slots)
    assert extras is not None
    _, fodder, wilds, inked_up, spent = extras
    counts = resolver._genre_counts(slots, None)
    totals = Totals(removers_spent=spent)
    totals.genres_active = [g for g, on in zip(_GENRE_NAMES, res.active, strict=True) if on]
    if resolver.awards:
        totals.award = award_prestige(len(slots), resolver.rules, resolver.award_held)
    credit = _Credit(resolver, res, totals, Tally(counts, wilds, inked_up, len(slots)))
    cards = _word_cards(resolver, word, slots, res, totals, credit, choices)
    in_play = _classics_in_play(resolver, slots, credit, classics)
    _dump(resolver, credit.dump_claims, fodder, totals)
    for part in cards + in_play:
        totals.coins += part.coins
        totals.prestige += part.prestige
    return Outcome(word, cards, in_play, totals)


_GENRE_NAMES = [g.value for g in GENRES]  # by genre index (an enum's ``value`` is a slow property)
# enum members read on every card, as module constants: reading a member off its class goes through EnumType's
# ``__getattr__`` hook, several times slower than a global
_UP, _WILD = Face.UP, Face.WILD
_HAND, _OTHER, _MINE = Source.HAND, Source.OTHER, Source.MINE
_GAIN, _PER_CARD, _TRASH, _DUMP = Role.GAIN, Role.PER_CARD, Role.TRASH, Role.DUMP
_EITHER, _INK_OR_REMOVER = Kind.EITHER, Kind.INK_OR_REMOVER

# one benefit of a card as the credit reads it: its kind, how it resolves, its printed amount, the row, and for a
# per-card count the genre's index (-1: it counts no genre's cards)
_Step = tuple[Kind, Role, int, Row, int]


_PLAN_KEYS = (("credit", 0), ("credit", 1))  # ``_plan``'s keys on a profile, by activity


def _add(part: CardPart, gain: str, amount: int, totals: Totals) -> None:
    """A gain credited: coins and prestige (``ON_CARD``) on the card, the turn's tokens on the totals."""
    if gain == "coins":
        part.coins += amount
    elif gain == "prestige":
        part.prestige += amount
    else:
        setattr(totals, gain, getattr(totals, gain) + amount)


def _plan(p: Profile, a: int) -> list[_Step]:
    """The benefits a card of this profile resolves with its genre active (``a``) or not, read once a profile
    (profiles are made once and kept, ``Profile.remembered``)."""
    key = _PLAN_KEYS[a]
    plan: list[_Step] | None = p.remembered.get(key)
    if plan is None:
        plan = []
        for b in p.card.basic + (p.card.genre_bonus if a else ()):
            row = TABLE[b.kind]
            genre = GENRE_INDEX[b.genre] if row.per is not None and b.genre is not None else -1
            plan.append((b.kind, row.role, b.amount, row, genre))
        p.remembered[key] = plan
    return plan


class _Credit:
    """Credits a standing card with its benefits, through the benefit table."""

    def __init__(self, resolver: Resolver, res: Resolution, totals: Totals, tally: Tally) -> None:
        self.w = resolver.w
        self.res = res
        self.totals = totals
        self.tally = tally  # what the per-card benefits count (``COUNT_TABLE``'s rows read it)
        self.dump_claims: list[tuple[int, CardPart]] = []
        self._gain = resolver.gains  # each kind's gain under the weights (the resolver's: one set of weights)

    def __call__(self, part: CardPart, p: Profile, f: int, chosen: CardChoices | None = None) -> None:
        a = 1 if p.genre >= 0 and self.res.active[p.genre] else 0
        if a:
            part.active_genre = _GENRE_NAMES[p.genre]
        trash_coins = trash_prestige = 0
        eithers = tokens = 0
        totals, gains = self.totals, part.gains
        plan = p.remembered.get(_PLAN_KEYS[a])
        for kind, role, amount, row, genre in plan if plan is not None else _plan(p, a):
            amt = amount * f
            if role is _GAIN:
                g = self._gain.get(kind)
                if g is None:
                    g = self._gain[kind] = choose(row, self.w)
                if chosen is None:  # every choice the objective's
                    pass
                elif kind is _EITHER:
                    eithers += 1  # the player's own choice, where they made one
                    g = chosen.pick("either", eithers - 1) or g
                elif kind is _INK_OR_REMOVER:
                    tokens += 1
                    g = chosen.pick("token", tokens - 1) or g
                q = amt if row.scaled else 1
                _add(part, g, q, totals)
                gains.append(Gain(kind, g, q, amount))
            elif role is _PER_CARD:
                assert row.per is not None
                n = COUNT_TABLE[row.per].read(self.tally, genre)
                what = _GENRE_NAMES[genre] if genre >= 0 else row.per.value
                g = row.gives[0]
                _add(part, g, amt * n, totals)
                gains.append(Gain(kind, g, amt * n, amount, n, what))
            elif role is _TRASH:
                if row.gives[0] == "coins":
                    trash_coins += amt
                else:
                    trash_prestige += amt
            elif role is _DUMP:
                self.dump_claims.append((amt, part))
        if not (trash_coins or trash_prestige):
            return
        part.trash_offered = True
        if chosen is not None and chosen.trash is not None:
            take = chosen.trash
        else:
            w = self.w
            take = weight(w, "coins") * trash_coins + weight(w, "prestige") * trash_prestige - w.trash > 0
        if take:
            part.coins += trash_coins
            part.prestige += trash_prestige
            part.trashed = (trash_coins, trash_prestige)
            self.totals.trashed.append(p.card.code)


def _word_cards(
    resolver: Resolver,
    word: str,
    slots: Sequence[Slot],
    res: Resolution,
    totals: Totals,
    credit: _Credit,
    choices: Sequence[CardChoices | None] | None,
) -> list[CardPart]:
    uncovered_by = {t: s for s, t in res.uncovers}
    doubled_by: dict[int, list[int]] = {}
    doubling: dict[int, list[int]] = {}
    for s, t in res.doubles:
        doubled_by.setdefault(t, []).append(s)
        doubling.setdefault(s, []).append(t)
    wild_cards = name_wilds(resolver, slots)
    profiles, factors = resolver.profiles, res.factors
    parts: list[CardPart] = []
    for pos, (k, face) in enumerate(slots):
        if k < 0:
            parts.append(CardPart(wild_cards[pos], word[pos], _WILD, _HAND, pos))
            continue
        p = profiles[k]
        part = CardPart(p.card, word[pos], face, p.source, pos, factors[pos])
        parts.append(part)
        if p.source is _OTHER:
            totals.classics_sent_home.append(p.card.code)
        elif face is not _WILD:
            if uncovered_by:
                part.uncovered_by = uncovered_by.get(pos)
            if doubled_by:
                part.doubled_by = doubled_by.get(pos, [])
                part.doubles = doubling.get(pos, [])
            if face is _UP and p.pool and p.card.timeless:
                totals.classics_kept.append(p.card.code)
                part.kept = True
            credit(part, p, factors[pos], choices[pos] if choices is not None else None)
    return parts


def _classics_in_play(
    resolver: Resolver, slots: Sequence[Slot], credit: _Credit, classics: Sequence[tuple[str, CardChoices]] = ()
) -> list[CardPart]:
    if not resolver.mine and not classics:
        return []
    in_word = [0] * len(resolver.profiles)
    for k, _ in slots:
        if k >= 0 and resolver.profiles[k].source is _MINE:
            in_word[k] += 1
    wanted = list(enumerate(classics))
    parts: list[CardPart] = []
    for k in resolver.mine:
        p = resolver.profiles[k]
        for _ in range(resolver.pool.counts[k] - in_word[k]):
            part = CardPart(p.card, p.letter, _UP, _MINE, None)
            mine = next((n for n, (_, (code, _c)) in enumerate(wanted) if code == p.card.code), None)
            chosen = None
            if mine is not None:
                i, (_, chosen) = wanted.pop(mine)
            credit(part, p, 1, chosen)
            if chosen is not None:
                check_offered(part, chosen, f"in_play[{i}]")
            parts.append(part)
    if wanted:
        i, (code, _) = wanted[0]
        raise ChoiceError(
            f"in_play[{i}]: {code} is not a timeless classic of yours in play outside the word (one entry a card)"
        )
    return parts


def check_offered(part: CardPart, c: CardChoices, where: str) -> None:
    """A ``ChoiceError`` naming the entry when the card's benefits in effect do not offer a choice ``c`` makes, or
    a list of answers does not match them one for one (``double`` is checked by the aims)."""
    offered = part.choices() or CardChoices()
    code = part.card.code
    why = "it is played wild, without benefits" if part.face is Face.WILD else "its benefits in effect here do not"
    named = {"either": "coins-or-prestige", "token": "ink-or-remover", "trash": "trash-this-card"}
    for key, what in named.items():
        if getattr(c, key) is not None and getattr(offered, key) is None:
            raise ChoiceError(f'{where}: {code} offers no "{key}" choice: it needs a {what} benefit, and {why}')
    if c.double is not None and part.position is None:
        raise ChoiceError(f'{where}: {code} offers no "double" choice: it is in play outside the word')
    for key, kind in (("either", Kind.EITHER), ("token", Kind.INK_OR_REMOVER)):
        asked: tuple[str, ...] | None = getattr(c, key)
        n = sum(1 for g in part.gains if g.kind is kind)
        if asked is not None and len(asked) > 1 and len(asked) != n:
            raise ChoiceError(
                f'{where}: {code} has {n} {named[key]} benefit{"s" * (n != 1)} in effect: give one "{key}" for all, '
                f"or a list of {n}"
            )


def _dump(resolver: Resolver, claims: list[tuple[int, CardPart]], fodder: int, totals: Totals) -> None:
    """The dumps taken: the largest first, one discarded (or unplayed) card each, while worth it."""
    claims.sort(key=lambda x: -x[0])
    w = resolver.w
    for amt, part in claims[:fodder]:
        if w.coins * amt - w.dump <= 0:
            break
        part.coins += amt
        part.dumped = amt
        totals.dumped += 1
        totals.dumps.append(amt)


def name_wilds(resolver: Resolver, slots: Sequence[Slot]) -> dict[int, Card]:
    """Which hand cards to lay face-down for the unnamed wilds: the least useful ones left over."""
    wild_at = [pos for pos, (k, _) in enumerate(slots) if k < 0]
    if not wild_at:
        return {}
    used = [0] * len(resolver.profiles)
    for k, _ in slots:
        if k >= 0:
            used[k] += 1
    out: dict[int, Card] = {}
    it = iter(_wild_order(resolver))
    for pos in wild_at:
        for k in it:  # the pool's cards, least useful first, each copy once; those in the word are skipped
            if used[k] > 0:
                used[k] -= 1
                continue
            out[pos] = resolver.profiles[k].card
            break
    return out


def _wild_order(resolver: Resolver) -> list[int]:
    """The kinds of the pool's cards, one entry a copy, least useful first (inked ones last): made once a
    resolver."""
    order = resolver.wild_order
    if order is None:
        left: list[tuple[float, int]] = []
        for k, p in enumerate(resolver.profiles):
            if p.pool:
                worth = p.value[1][1] + (100.0 if p.source is Source.INKED else 0.0)
                left.extend((worth, k) for _ in range(resolver.pool.counts[k]))
        left.sort()
        order = [k for _, k in left]
        resolver.wild_order = order
    return order
