"""The ghost writer at the person's side: hints for the word (with the player power weighed in) and the expert's
next action with its chance to win, and after a word, its best when that was better. Each answer is text for the
screen."""

from __future__ import annotations

from solver.advice.suggest import suggest
from solver.advice.words import suggestion_text
from solver.answers.filters import allowed_hint, familiar
from solver.bots.powers import power_moves
from solver.cli.play.commands import HINT_TIME_LIMIT, CommandError, Reader, phase_commands
from solver.cli.play.render import layout_tokens, table
from solver.errors import GhostwriterError
from solver.game.hardback.actions import Power, Spell
from solver.game.hardback.engine import Game
from solver.game.hardback.legal import word_check
from solver.hardback.moves import Move
from solver.search.hardback import Search
from solver.text import plural


def hint_text(reader: Reader, n: int) -> str:
    """The ghost writer's ``n`` best words for the person's cards, how to type them, and what the power adds; past
    the word (buying, choosing, an event), the expert's next action with its chance to win."""
    game = reader.game
    st = game.state
    if st.phase != "prepare" or st.current != 0:
        if not game.over() and game.to_act() == 0:  # the person acts, past the word: the expert's next action
            return "\n".join([suggestion_text(suggest(game, HINT_TIME_LIMIT), game), f"  now: {phase_commands(game)}"])
        raise CommandError(f"hints are for your turn; now: {phase_commands(game)}")
    search = reader.search()
    if reader.familiar is not None:
        search.allowed = familiar(game.lexicon, reader.familiar, search.state.options.edition)[0]
    answer = allowed_hint(search, n, word_check(game))
    moves = answer.moves
    lines = [table(moves, f"the ghost writer's best words (by value, over {game.lexicon.name})")]
    if "warning" in answer.json:
        lines.append(f"  warning: {answer.json['warning']}")
    elif not moves:
        lines.append(f"  {answer.json.get('reason') or 'no word the rules allow now'}; type pass to end your turn")
    if moves:
        lines.append("  to play one, type:")
        for i, m in enumerate(moves, 1):
            lines.append(f"  {i:>2}. play {m.word.upper()} {' '.join(layout_tokens(m, search.state))}")
    power = power_hint(game, moves[0].value if moves else 0.0)
    expert = suggestion_text(suggest(game, HINT_TIME_LIMIT), game)
    return "\n".join([*lines, *([power] if power else []), expert])


def power_hint(game: Game, best: float) -> str | None:
    """With a power that changes what a word can be, the ghost writer weighs it too: the best word after using
    it, and what it adds to the best word without it."""
    found = [
        f
        for f in power_moves(game, game.lexicon, time_limit=HINT_TIME_LIMIT / 4)
        # the word is checked only where the power's card is known: an offer-row card, not a card still to be drawn
        if game.allows(f.action, *([Spell.of_move(f.move)] if f.action.slot is not None else []))
    ]
    if not found:
        return None
    f = found[0]
    m = f.move
    gain = m.value - best
    verdict = f"{gain:+.2f} over your best word" if gain > 0 else "no better than your best word"
    return (
        f"  with your power, {f.label} for {f.cost} ink: {m.word.upper()} (value {m.value:.2f}, "
        f"{verdict}); to use it, type: {power_command(f.action)}, then hint again"
    )


def power_command(action: Power) -> str:
    """How to type a power's action."""
    return "power " + action.name + (f" {action.slot + 1}" if action.slot is not None else "")


def comparison(move: Move, search: Search) -> str | None:
    """After the person's word: the ghost writer's best, when it is better."""
    try:
        best = search.top(1)
    except GhostwriterError:
        return None
    if best and best[0].value > move.value + 1e-6:
        b = best[0]
        return (
            f"  the ghost writer's best was {b.word.upper()} ({b.prestige} prestige, "
            f"{plural(b.coins, 'coin')}, "
            f"value {b.value:.2f} against your {move.value:.2f})"
        )
    return None
