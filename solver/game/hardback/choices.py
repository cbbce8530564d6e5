"""The choices a word earned: dumps, jails and previews, each used or given up, in the order the player gives them.

Rulebook: "If you trigger multiple Abilities in a single word, you can resolve those Abilities in any order you
choose." A preview draws its cards only when the player uses it (``look``), so a dump made before it still finds
the discard pile a preview's reshuffle would empty."""

from __future__ import annotations

from solver.game.hardback.actions import Dump, IllegalActionError, Jail, Look, Preview, Skip
from solver.game.hardback.state import GameState, Phase
from solver.game.hardback.table import card_of, draw, replace, row_slot
from solver.game.hardback.turn import after_choices


def dump(st: GameState, action: Dump) -> None:
    p = st.player
    if not st.turn.dumps:
        raise IllegalActionError("no dump left to use this turn")
    card = card_of(st, action.card, "card")
    if card not in p.discard:
        raise IllegalActionError(f"{card.code} is not in your discard pile")
    p.discard.remove(card)
    st.removed.append(card)
    st.turn.coins += st.turn.dumps.pop(0)
    after_choices(st)


def jail(st: GameState, action: Jail) -> None:
    p = st.player
    if not st.turn.jails:
        raise IllegalActionError("no jail left to use this turn")
    slot = row_slot(st, action.slot)
    card = st.offer_row[slot]
    if action.keep:
        st.removed.extend(p.jail)
        p.jail = [card]
    else:
        st.removed.append(card)
    replace(st, slot)
    st.turn.jails -= 1
    st.turn.row_changed = True
    after_choices(st)


def look(st: GameState, action: Look) -> None:
    """Use the next preview earned: its cards drawn to look at (none left to draw: the preview is spent)."""
    p, t = st.player, st.turn
    if t.peek:
        raise IllegalActionError("first choose which of the cards looked at to discard (action preview)")
    if not t.previews:
        raise IllegalActionError("no preview left to use this turn")
    for _ in range(t.previews.pop(0)):
        card = draw(st, p)
        if card is not None:
            t.peek.append(card)
    if not t.peek:
        after_choices(st)


def preview(st: GameState, action: Preview) -> None:
    p, t = st.player, st.turn
    if not t.peek:
        if not (t.previews and st.phase == Phase.CHOICES):
            raise IllegalActionError("no preview to use this turn")
        n = t.previews[0]  # not looked at yet: look first (the discard positions are checked before)
        if any(not 0 <= i < n for i in action.discard):
            raise IllegalActionError(f'"discard" must list positions 0 to {n - 1} of the cards looked at')
        look(st, Look())
        if not t.peek:
            return
        action = Preview(tuple(i for i in action.discard if i < len(t.peek)))
    drop = action.discard
    if any(not 0 <= i < len(t.peek) for i in drop):
        raise IllegalActionError(f'"discard" must list positions 0 to {len(t.peek) - 1} of the cards looked at')
    keep = [c for i, c in enumerate(t.peek) if i not in drop]
    p.discard.extend(c for i, c in enumerate(t.peek) if i in drop)
    p.draw.extend(reversed(keep))  # the first kept card ends on top
    t.peek = []
    if st.phase == Phase.CHOICES:
        after_choices(st)


def skip(st: GameState, action: Skip) -> None:
    t = st.turn
    t.dumps, t.jails, t.previews = [], 0, []
    after_choices(st)
