"""The play command's screen text: the board, what each action did, the guide to the phase, the final scores.
Plain text; ANSI colour only when the ``Style`` is on."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from solver.game.hardback.engine import Game
from solver.game.hardback.narrate import Marks, peek_text, plural, short
from solver.game.hardback.rules import ADVERTS, POWERS, can_flush, exchange_seats
from solver.game.hardback.state import PlayerState
from solver.hardback.cards import Card
from solver.hardback.moves import Move, format_table
from solver.hardback.resolve import AWARDS
from solver.hardback.state import TurnState

GENRE_COLOURS = {"adventure": "33", "horror": "32", "mystery": "34", "romance": "31"}  # the cards' colours


@dataclass
class Style(Marks):
    """ANSI colour when on, plain text otherwise."""

    on: bool = False

    def _wrap(self, text: str, code: str) -> str:
        return f"\x1b[{code}m{text}\x1b[0m" if self.on else text

    def bold(self, text: str) -> str:
        return self._wrap(text, "1")

    def dim(self, text: str) -> str:
        return self._wrap(text, "2")

    def warn(self, text: str) -> str:
        return self._wrap(text, "31")

    def card(self, card: Card, text: str | None = None) -> str:
        shown = short(card.code) if text is None else text
        colour = GENRE_COLOURS.get(card.genre.value) if card.genre else None
        return self._wrap(shown, colour) if colour else shown


# -- cards ------------------------------------------------------------------------------------------------------




def layout_tokens(move: Move, state: TurnState) -> list[str]:
    """How to type a move's layout after ``play WORD``: one token a letter, with face and (when needed) source."""
    places: dict[str, set[str]] = {}
    for source, cards in (("hand", state.hand), ("inked", state.inked), ("mine", state.mine), ("other", state.others)):
        for card in cards:
            places.setdefault(card.code, set()).add(source)
    out = []
    for c in move.cards:
        token = short(c.code)
        if len(places.get(c.code, ())) > 1:
            token += f"@{c.source}"
        if c.face != "up":
            token += f"/{c.face}"
        out.append(token)
    return out


def summarize_turn(lines: Sequence[str]) -> str:
    return "; ".join(x for x in lines if x != "ended the turn") or "did nothing"


# -- the board --------------------------------------------------------------------------------------------------


def render_board(game: Game, names: Sequence[str], style: Style | None = None, viewer: int = 0) -> str:
    """The table as the player in ``viewer`` sees it: scores, offer row, classics, jail, hand, awards, events."""
    s = style or Style()
    st = game.state
    lines = [s.bold(f"== {_title(game, names, viewer)} ==")]
    lines += _scores(game, names, s, viewer)
    lines += _offer_row(game, s)
    lines += _table_extras(game, names, s)
    if st.phase != "over":
        lines.extend(_my_cards(game, st.players[viewer], s))
    return "\n".join(lines)


def _title(game: Game, names: Sequence[str], viewer: int) -> str:
    st = game.state
    whose = "your turn" if st.current == viewer else f"{names[st.current]}'s turn"
    if st.phase == "over":
        whose = "game over"
    return (
        f"Hardback · turn {st.turns + 1} · round {st.rounds + 1} · {whose}"
        + (f" ({st.phase})" if st.phase != "over" and st.current == viewer else "")
        + f" · target {st.options.target}"
        + (" · last round" if st.ending and st.phase != "over" else "")
    )


def _scores(game: Game, names: Sequence[str], s: Style, viewer: int) -> list[str]:
    """One line a player: prestige, tokens, piles, adverts and jail; the viewer's next advert."""
    st = game.state
    opts = st.options
    width = max(len(n) for n in names)
    head = f"  {'':<{width}}  prestige  ink  remover  deck  discard"
    if opts.adverts:
        head += "  adverts"
    head += "  jail"
    lines = [s.dim(head)]
    for q in st.players:
        mark = ">" if q.seat == st.current and st.phase != "over" else " "
        row = (
            f"{mark} {names[q.seat]:<{width}}  {q.prestige:>8}  {q.ink:>3}  {q.remover:>7}  "
            f"{len(q.draw):>4}  {len(q.discard):>7}"
        )
        if opts.adverts:
            row += f"  {q.adverts:>5}/5"
        row += "  " + (", ".join(s.card(c) for c in q.jail) or "-")
        lines.append(row)
    me = st.players[viewer]
    if opts.adverts and me.adverts < len(ADVERTS) and st.phase != "over":
        cost, gain = ADVERTS[me.adverts]
        lines.append(s.dim(f"Your next advert: {plural(cost, 'coin')} for {gain} prestige"))
    return lines


def _offer_row(game: Game, s: Style) -> list[str]:
    lines = [s.bold("Offer row") + s.dim("  (slot  letter  cost  genre  benefits)")]
    for i, c in enumerate(game.state.offer_row, 1):
        genre = c.genre.value if c.genre else "starter"
        lines.append(f"  {i}  {s.card(c, c.letter)}  {c.cost:>2}c  {genre:<9}  {s.card(c)}: {_benefits(c)}")
    if not game.state.offer_row:
        lines.append("  (empty)")
    return lines


def _table_extras(game: Game, names: Sequence[str], s: Style) -> list[str]:
    """The classics in play, Penny Dreadful, the literary award, the events and the powers."""
    st = game.state
    opts = st.options
    width = max(len(n) for n in names)
    lines = [s.bold("Classics in play")]
    for q in st.players:
        played = ", ".join(s.card(c) for c in q.in_play) or "-"
        lines.append(f"  {names[q.seat]:<{width}}  {played}")
    if st.penny is not None:
        lines.append(f"Penny Dreadful ({st.penny.genre}): {st.penny.prestige} prestige")
    if opts.literary_awards:
        if st.award_length:
            holders = ", ".join(names[h] for h in st.award_holders)
            lines.append(
                f"Literary award: {st.award_length}{'+' if st.award_length == 12 else ''} letters, held by {holders} "
                f"({AWARDS[st.award_length]} prestige at the end)"
            )
        else:
            lines.append("Literary award: none yet (a word of 7 letters or more claims it)")
    if opts.events:
        held = []
        for q in st.players:
            if q.event:
                text = event_text_of(game, q)
                held.append(f"{names[q.seat]}: {q.event}" + (f" ({text})" if text else ""))
        lines.append("Events: " + ("; ".join(held) if held else "none drawn yet (one at each new 10 prestige)"))
    if opts.powers.value != "none":
        for q in st.players:
            if q.power:
                title_, cost, text = POWERS[q.power]
                lines.append(f"Power of {names[q.seat]}: {q.power} = {title_} ({cost} ink): {text}")
    return lines


def event_text_of(game: Game, q: PlayerState) -> str:
    """The text of the event in front of a player."""
    event = game.event_of(q)
    return event.text if event else ""


def _benefits(c: Card) -> str:
    return c.describe().partition(": ")[2]


def _my_cards(game: Game, me: PlayerState, s: Style) -> list[str]:
    st = game.state
    lines = [s.bold("Your hand: ") + ("  ".join(s.card(c) for c in me.hand) or "(empty)")]
    for c in me.hand:
        if not c.is_starter:
            lines.append(f"    {s.card(c)}: {_benefits(c)}")
    if me.inked:
        lines.append(
            s.bold("Inked: ") + "  ".join(s.card(c) for c in me.inked) + s.dim("  (must be in your word face-up)")
        )
        for c in me.inked:
            if not c.is_starter:
                lines.append(f"    {s.card(c)}: {_benefits(c)}")
    if me.must_wild:
        lines.append("Must be played face-down: " + "  ".join(s.card(c) for c in me.must_wild))
    if me.disfigured:
        lines.append("Disfigured letters to use: " + "  ".join(c.letter for c in me.disfigured))
    if st.current == me.seat:
        if st.turn.borrowed:
            lines.append("Borrowed from the offer row: " + "  ".join(s.card(st.offer_row[i]) for i in st.turn.borrowed))
        if st.turn.word_text:
            lines.append(f"Your word: {st.turn.word_text.upper()}")
        if st.phase in ("choices", "buy"):
            lines.append(f"Coins to spend: {st.turn.coins}")
    lines.append(
        s.dim(
            f"Deck {len(me.draw)} · discard {len(me.discard)}"
            + (
                f" ({', '.join(short(c.code) for c in me.discard[-8:])}{' ...' if len(me.discard) > 8 else ''})"
                if me.discard
                else ""
            )
        )
    )
    return lines


# -- the guide to the phase, and the end -------------------------------------------------------------------------




def event_text(game: Game, names: Sequence[str]) -> str:
    """The event just drawn and the events it may be exchanged for."""
    st = game.state
    drawn = st.player.event
    offers = [
        f"{names[s]} ({st.players[s].prestige} prestige) holds {st.players[s].event!r}: "
        f"{event_text_of(game, st.players[s]) or 'no text'}"
        for s in exchange_seats(st)
    ]
    return f"you drew {drawn!r}: {event_text_of(game, st.player) or 'no text'}; " + "; ".join(offers)


def guide(game: Game, names: Sequence[str], style: Style) -> str | None:
    """What the person (seat 0) can do in the current phase, with what it needs to know; None out of their turn."""
    st = game.state
    if st.phase == "return" and st.acting == 0:
        me = st.players[0]
        return (
            f"{names[st.current]}'s printed Horror H: each other player returns an unused ink or remover. You hold "
            f"{me.ink} ink and {plural(me.remover, 'remover')}: type return ink or return remover."
        )
    if st.current != 0 or st.phase in ("over", "return"):
        return None
    t, p = st.turn, st.player
    if st.phase == "event":
        return f"Event: {event_text(game, names)}. Type event keep, or event swap PLAYER."
    elif t.peek:
        return f"Preview: {peek_text(game, style)}. Type preview discard I ... or preview keep."
    elif st.phase == "prepare":
        return style.dim("Your word: play WORD, hint for ideas, ink to draw, pass to give up the turn.")
    elif st.phase == "choices":
        parts = []
        if t.dumps:
            discard = ", ".join(short(c.code) for c in p.discard)
            parts.append(f"dump CODE for {plural(t.dumps[0], 'coin')} (your discard: {discard})")
        if t.jails:
            parts.append("jail SLOT [keep|remove]")
        if t.previews:
            parts.append(f"look (preview the top {plural(t.previews[0], 'card')} of your draw pile)")
        return f"Choices ({plural(t.coins, 'coin')} so far): " + "; ".join(parts) + "; or skip."
    elif st.phase == "buy":
        affordable = [f"{i}. {style.card(c)} ({c.cost}c)" for i, c in enumerate(st.offer_row, 1) if c.cost <= t.coins]
        if p.jail and p.jail[0].cost <= t.coins:
            affordable.append(f"jail: {style.card(p.jail[0])} ({p.jail[0].cost}c)")
        others = []
        if not t.flushed and not t.bought and not st.options.coop and can_flush(st.offer_row):
            others.append("flush (the row qualifies)")
        if st.options.adverts and p.adverts < len(ADVERTS) and ADVERTS[p.adverts][0] <= t.coins:
            others.append(f"advert ({ADVERTS[p.adverts][0]}c for {ADVERTS[p.adverts][1]} prestige)")
        if t.coins:
            others.append("ink-buy N")
        if p.ink >= 3:
            others.append("convert N (3 ink a coin)")
        return (
            f"You have {t.coins} coin{'s' * (t.coins != 1)} and {p.ink} ink. "
            + ("You can buy: " + ", ".join(affordable) + ". " if affordable else "Nothing in the row is affordable. ")
            + "Or: "
            + ", ".join([*others, "end"])
            + "."
        )
    return None


def final_scores(game: Game, names: Sequence[str], style: Style) -> str:
    """The final scores, with the literary award, and who won."""
    st = game.state
    lines = [style.bold("Final scores")]
    scores = game.final_scores()
    award = AWARDS.get(st.award_length, 0)
    width = max(len(n) for n in names)
    for q, total in zip(st.players, scores, strict=True):
        extra = f" ({q.prestige} + {award} literary award)" if q.seat in st.award_holders and award else ""
        lines.append(f"  {names[q.seat]:<{width}}  {total:>3} prestige{extra}  {q.ink} ink")
    result = game.result()
    if st.penny is not None:  # the cooperative anthology: the table wins or loses together
        goal = st.options.target * len(st.players)
        team = sum(q.prestige for q in st.players)
        lines.append(f"  {'The table':<{width}}  {team:>3} prestige of {goal}")
        lines.append(f"  {'Penny':<{width}}  {st.penny.prestige:>3} prestige of {goal}")
        if result == "won":
            lines.append(style.bold("You win! The table completed its final lap before Penny Dreadful."))
        elif st.penny.prestige >= goal:
            lines.append(style.bold("You lose: Penny Dreadful completed her final lap first."))
        else:
            lines.append(style.bold("You lose: the game stopped at its round limit before the table's final lap."))
        return "\n".join(lines)
    winner = game.winner()
    if winner is None:
        best = max(scores)
        tied = [names[i] for i, x in enumerate(scores) if x == best]
        lines.append(f"A shared win: {' and '.join(tied)} (tied on prestige and ink).")
    elif winner == 0:
        lines.append(style.bold("You win!"))
    else:
        lines.append(f"{names[winner]} wins.")
    return "\n".join(lines)


def table(moves: list[Move], title: str = "") -> str:
    return format_table(moves, title)




def indent(text: str) -> str:
    return "\n".join("  " + line for line in text.splitlines())
