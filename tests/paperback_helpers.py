"""Helpers of the Paperback engine's tests: a seat's hand set by hand, and a word laid out from it."""

from __future__ import annotations

from collections.abc import Callable

from solver.game.paperback import PaperbackState, Piece


def _lists(st: PaperbackState) -> list[list[int]]:
    """The places a card can be taken from (the row aside)."""
    out = [list_ for p in st.players for list_ in (p.draw, p.hand, p.discard)]
    return [*out, *st.offer, *st.fame, st.track, st.unused, st.trash]


def take(st: PaperbackState, want: Callable[[int], bool], avoid: list[int]) -> int:
    """The first card ``want`` accepts, not in ``avoid``, taken out of its place."""
    for place in _lists(st):
        for i in place:
            if want(i) and i not in avoid:
                place.remove(i)
                return i
    raise AssertionError("no such card left")


def set_hand(st: PaperbackState, seat: int, specs: list[str], starter_wilds: bool = False) -> None:
    """The seat's hand made of these cards, taken from wherever they are (its old hand to its discard pile):
    ``wild`` a wild (a starter or a Fame card; with ``starter_wilds`` a starter only), else a card's code
    (``T/1$1``, ``E/4$8:cards+2``)."""
    p = st.players[seat]
    p.discard += p.hand
    p.hand = []
    for spec in specs:
        if spec == "wild":
            card = take(st, lambda i: st.card(i).wild and (not starter_wilds or st.box[i].origin == "wild"), p.hand)
        else:
            card = take(st, lambda i, s=spec: st.card(i).code == s, p.hand)  # type: ignore[misc]
        p.hand.append(card)
    st.check()


def lay(st: PaperbackState, word: str, seat: int = 0) -> tuple[Piece, ...]:
    """A layout of the word from the hand: each letter by a card with it (a two-letter card first), else a wild."""
    hand = [st.card(i) for i in st.players[seat].hand]
    used: set[int] = set()
    out = []
    k = 0
    while k < len(word):
        two = next(
            (i for i, c in enumerate(hand) if i not in used and c.letters == word[k : k + 2] and len(c.letters) == 2),
            None,
        )
        one = next((i for i, c in enumerate(hand) if i not in used and c.letters == word[k]), None)
        if two is not None:
            used.add(two)
            out.append(Piece(card=two))
            k += 2
            continue
        if one is not None:
            used.add(one)
            out.append(Piece(card=one))
        else:
            w = next(i for i, c in enumerate(hand) if i not in used and c.wild)
            used.add(w)
            out.append(Piece(card=w, as_letter=word[k]))
        k += 1
    return tuple(out)
