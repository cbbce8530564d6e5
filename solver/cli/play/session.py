"""The play command's game loop: the board at each of the person's turns, the prompt and its commands, the bots'
turns told in a line, saving as the game goes and reading it back from its log."""

from __future__ import annotations

import json
import os
import shlex
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import IO, Protocol

from solver.bots import Bot, bot_seed, make_bot
from solver.cli.play.choosing import ask, reread
from solver.cli.play.commands import ACTION_OF, ALIASES, HELP, META, CommandError, Reader, number, phase_commands
from solver.cli.play.hints import comparison, hint_text
from solver.cli.play.loop import TurnLoop
from solver.cli.play.render import (
    Style,
    final_scores,
    guide,
    indent,
    render_board,
    summarize_turn,
    table,
)
from solver.cli.play.saves import Saves
from solver.cli.play.wording import terminal_words
from solver.errors import GhostwriterError
from solver.game.hardback.actions import Action, End, EventChoice, IllegalActionError, Ink, Pass, Return, Skip
from solver.game.hardback.engine import Game
from solver.game.hardback.narrate import apply_described, peek_text
from solver.game.hardback.replay import record_json
from solver.game.hardback.rules import ACTIONS
from solver.game.hardback.state import GameState, Phase
from solver.hardback.moves import Move
from solver.lexicon.registry import LexiconChoice

HUMAN = "you"
DEFAULT_HINTS = 5
MAX_HINTS = 50


class Lines(Protocol):
    """Where the commands come from: ``sys.stdin``, or any object with ``readline`` ("" at the end)."""

    def readline(self) -> str: ...


def isatty(stream: object) -> bool:
    try:
        return bool(getattr(stream, "isatty", lambda: False)())
    except ValueError:  # a closed stream
        return False


@dataclass
class Session(TurnLoop):
    game: Game
    names_of_seats: list[str]  # HUMAN and then the bots' names
    stdin: Lines
    stdout: IO[str]
    save_path: str | None = None
    words: LexiconChoice | None = None  # the word list's choice, recorded in the saves
    style: Style = field(default_factory=Style)
    bots: dict[int, Bot] = field(default_factory=dict)
    names: list[str] = field(default_factory=list)
    saved_turns: int = -1
    ink_ahead: int = 0  # the person's order: cards to draw with ink, out of turn, at the next player's turn start
    asked: int = -1  # the log's length when the person was last asked for a command
    saves: Saves = field(default_factory=Saves)  # the saves whose last write failed
    familiar: float | None = None  # hints keep to words at least this familiar (play --familiar)

    def __post_init__(self) -> None:
        seed = self.game.state.seed
        for seat, name in enumerate(self.names_of_seats):
            if seat:
                self.bots[seat] = make_bot(name, self.game.lexicon, bot_seed(seed, seat))
        self.names = display_names(self.names_of_seats)

    # -- output ---------------------------------------------------------------------------------------------------

    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")

    def board(self) -> None:
        self.say(render_board(self.game, self.names, self.style))

    def guide(self) -> None:
        text = guide(self.game, self.names, self.style)
        if text is not None:
            self.say(text)

    def reader(self) -> Reader:
        return Reader(self.game, self.names, self.style, self.familiar)

    # -- the game loop --------------------------------------------------------------------------------------------

    def play(self) -> int:
        """Play to the end; a save whose last write failed ends it with a ``WriteError`` (exit 74)."""
        try:
            code = self.loop()
        except KeyboardInterrupt:
            self.say()
            self.leave("interrupted")
            code = 130
        self.saves.check()
        return code

    # the loop's hooks (``TurnLoop.loop``)

    def playing(self) -> Game:
        return self.game

    def turns(self) -> int:
        return self.game.state.turns

    def opponents(self) -> list[str]:
        return self.names[1:]

    def after_bot(self, shown: int) -> None:
        st = self.game.state
        if st.acting == 0 and st.current == 0 and shown == st.turns:
            self.guide()  # the bots chose the tokens the person's word made them return: go on

    def new_turn(self) -> None:
        self.say()
        self.board()
        self.guide()
        self.asked = len(self.game.log)

    def still_waiting(self) -> None:
        if self.game.state.phase == Phase.RETURN and self.asked != len(self.game.log):
            self.guide()  # a bot's printed Horror H: the person chooses the token to return
        self.asked = len(self.game.log)

    def at_the_end(self) -> int:
        self.finish()
        return self.after_the_end()

    def read(self) -> str | None:
        phase = self.game.state.phase
        self.stdout.write(self.style.bold(f"{HUMAN} ({phase})> "))
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.say()
            return None
        if not isatty(self.stdin):
            self.say(line.rstrip("\n"))  # echo scripted input, so a transcript reads as a session
        return line

    def ask_line(self, prompt: str) -> str | None:
        """One answer to a question (None at the end of input)."""
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        return line.rstrip("\n") if line else None

    def leave(self, why: str) -> None:
        if self.save_path:
            path = self.save_path
            if self.save(path, quiet=True):
                self.say(f"Game left unfinished ({why}); saved to {path}: resume with --load {path}")
            else:
                self.say(f"Game left unfinished ({why}); it could not be saved to {path}.")
        else:
            self.say(f"Game left unfinished ({why}). Next time keep it with save FILE or --save FILE.")

    def after_the_end(self) -> int:
        """At the end only board, log, save and quit are left."""
        while True:
            line = self.read()
            if line is None or not self.command(line):
                return 0

    def bot_turn(self) -> None:
        """The bot of the seat the game waits on plays: its turn (paused when its word leaves the person or other
        bots to choose the token they return), or the token it returns to another's printed Horror H."""
        st = self.game.state
        seat = st.acting
        self.ink_out_of_turn()
        before = st.to_json()
        start = len(self.game.log)
        prestige = st.players[seat].prestige
        try:
            self.bots[seat].play_turn(self.game)
        except Exception as e:  # a bot's failure must not stop the person's game: the bot gives up its turn
            if os.environ.get("GHOSTWRITER_DEBUG"):
                raise
            self.say(self.style.warn(f"{self.names[seat]} failed ({type(e).__name__}: {e}) and gives up its turn"))
            self._finish_for_bot(seat)
        if st.acting == seat and st.phase != "over":  # a bot that stopped halfway gives up the rest of its turn
            self._finish_for_bot(seat)
        actions = self.game.log[start:]
        try:
            shadow = Game(GameState.from_json(before), self.game.lexicon)
            lines = [apply_described(shadow, a, self.style) for a in actions]
        except GhostwriterError:
            lines = [a.KIND for a in actions]
        q = self.game.state.players[seat]
        self.say(
            f"{self.names[seat]}: {summarize_turn(lines)} -> {q.prestige} prestige"
            + (f" (+{q.prestige - prestige})" if q.prestige > prestige else "")
        )
        self.autosave()

    def _finish_for_bot(self, seat: int) -> None:
        """Close the rest of a bot's turn: pass the word, skip the choices, end the purchases, keep the event."""
        st = self.game.state
        while st.phase == Phase.RETURN and st.acting == seat:  # it keeps its ink
            self.game.apply(Return(seat, "remover"))
        closing: dict[str, Action] = {"prepare": Pass(), "choices": Skip(), "buy": End(), "event": EventChoice()}
        for kind in ("pass", "skip", "skip", "skip", "end", "event"):
            if st.phase == "over" or st.current != seat:
                return
            action = closing.get(st.phase)
            try:
                if action is not None and kind == action.KIND:
                    self.game.apply(action)
            except IllegalActionError:
                continue

    def ink_out_of_turn(self) -> None:
        """The person's order (``ahead N``): at the start of another player's turn, before its word, draw with ink
        out of turn (for the person's next word); the order is done, or given up at the first refusal."""
        st = self.game.state
        if not self.ink_ahead or st.phase != Phase.PREPARE or st.current == 0:
            return
        n, self.ink_ahead = self.ink_ahead, 0
        for _ in range(n):
            try:
                self.game.apply(Ink(seat=0))
                drawn = self.style.card(st.players[0].inked[-1])
                self.say(f"You drew {drawn} with ink, out of turn (it must be in your next word face-up).")
            except IllegalActionError as e:
                self.say(self.style.warn(f"ahead: {e}"))
                return

    def autosave(self) -> None:
        st = self.game.state
        if self.save_path and st.turns != self.saved_turns and self.save(self.save_path, quiet=True):
            self.saved_turns = st.turns  # a failed save is tried again at the next turn

    def finish(self) -> None:
        self.say()
        self.board()
        self.say(final_scores(self.game, self.names, self.style))
        self.autosave()
        if self.save_path and self.save_path not in self.saves.failed:
            self.say(f"The game and its log are saved in {self.save_path}.")
        self.say("Type log to read the game again, save FILE to keep it and its log, or quit.")

    # -- commands ---------------------------------------------------------------------------------------------

    def command(self, line: str) -> bool:
        """Run one command line; False to leave."""
        try:
            words = shlex.split(line)
        except ValueError as e:
            self.say(self.style.warn(f"refused: cannot read that line ({e})"))
            return True
        if not words:
            return True
        verb = words[0].lower()
        verb = ALIASES.get(verb, verb)
        rest = words[1:]
        if verb == "quit":
            return False
        try:
            if verb in META:
                self.meta(verb, rest)
            elif verb in ACTION_OF:
                self.act(verb, rest)
            else:
                raise CommandError(f"unknown command {words[0]!r}: type help for the list")
        except GhostwriterError as e:
            self.say(self.style.warn(f"refused: {terminal_words(str(e))}"))
        except Exception as e:  # never a traceback at the prompt
            if os.environ.get("GHOSTWRITER_DEBUG"):
                raise
            self.say(self.style.warn(f"internal error: {type(e).__name__}: {e} (set GHOSTWRITER_DEBUG=1 for details)"))
        return True

    def meta(self, verb: str, rest: list[str]) -> None:
        if verb == "help":
            self.say(HELP)
        elif verb == "ahead":
            draws = number(rest, "ahead N", "N", 0, 99) if rest else 1
            held = self.game.state.players[0].ink
            if draws > held:
                raise CommandError(f"you hold {held} ink")
            self.ink_ahead = draws
            self.say(
                f"At the start of the next player's turn you draw {draws} card(s) with ink (out of turn)."
                if draws
                else "No ink out of turn."
            )
        elif verb == "board":
            self.board()
            self.guide()
        elif verb == "log":
            n = number(rest, "log [N]", "N", 1, 10_000) if rest else None
            self.say(self.history(n))
        elif verb == "save":
            if len(rest) != 1:
                raise CommandError("usage: save FILE")
            self.save(rest[0])
        elif verb == "hint":
            n = number(rest, "hint [N]", "N", 1, MAX_HINTS) if rest else DEFAULT_HINTS
            self.say(hint_text(self.reader(), n))

    def act(self, verb: str, rest: list[str]) -> None:
        st = self.game.state
        if st.phase == "over":
            raise CommandError("the game is over: board, log, save FILE or quit")
        if st.acting != 0:
            raise CommandError(f"it is {self.names[st.acting]}'s turn")
        if st.turn.peek and verb != "preview":
            raise CommandError(
                f"first choose which of the cards looked at to discard: {peek_text(self.game, self.style)}"
            )
        if st.phase not in ACTIONS[ACTION_OF[verb]]:
            raise CommandError(f"{verb} is not for the {st.phase} phase; now: {phase_commands(self.game)}")
        reader = self.reader()
        if verb == "play":
            if not rest:
                raise CommandError("usage: play WORD [CARD ...] (hint shows words and how to type them)")
            tokens = [t for t in rest[1:] if not t.lower().startswith("ghost=")]
            ghost = self.ghost_of(rest[1:])
            spell, move, search = reader.spell_of(rest[0], tokens)
            if ghost is not None:
                spell = replace(spell, ghost=ghost)
            if move is not None and isatty(self.stdin) and self.game.allows(spell):  # accepted: now its choices
                if not tokens and not self.confirmed(rest[0], move):
                    return
                chosen = ask(spell, move, self.ask_line, self.say)
                if chosen != spell:
                    spell, move = chosen, reread(chosen, search)
            self.say(f"You {apply_described(self.game, spell, self.style)}.")
            if move is not None:
                self.say(indent(table([move])))
                better = comparison(move, search)
                if better:
                    self.say(self.style.dim(better))
        elif verb == "return":
            action = reader.action_of(verb, rest)
            apply_described(self.game, action, self.style)
            self.say(f"You returned {'an ink' if rest[0].lower() == 'ink' else 'a remover'}.")
        else:
            self.say(f"You {apply_described(self.game, reader.action_of(verb, rest), self.style)}.")
        if st.current != 0 or st.phase == "over":
            self.autosave()
        else:
            self.guide()

    def confirmed(self, word: str, move: Move) -> bool:
        """At a terminal, a word given without its cards: the layout the ghost writer reads it as (which card at
        which letter, face-up or wild), and whether to play it so (Enter: yes)."""
        self.say(f"{word.upper()} would be laid out so, left to right:")
        self.say(indent(table([move])))
        answer = self.ask_line("Play it so? [Y/n] ")
        if answer is not None and answer.strip().lower() in ("", "y", "yes"):
            return True
        self.say(f"Not played. To lay it out yourself: play {word.upper()} CARD ... (one a letter; CODE/wild "
                 "face-down); hint shows layouts.")
        return False

    def ghost_of(self, tokens: list[str]) -> int | None:
        """The seat of ``ghost=PLAYER`` among a play command's tokens (the player who suggested the word, with the
        ghost-writer rule on), or None."""
        named = [t.partition("=")[2] for t in tokens if t.lower().startswith("ghost=")]
        if not named:
            return None
        if not self.game.state.options.ghost_writer:
            raise CommandError("ghost=PLAYER credits a ghost writer: start the game with --ghost-writer")
        if len(named) > 1:
            raise CommandError("name one ghost writer: ghost=PLAYER")
        return self.reader().seat_of(named[0])

    # -- save and the log -----------------------------------------------------------------------------------------

    def save(self, path: str, quiet: bool = False) -> bool:
        """Save the game to ``path`` whole or not at all; an autosave (``quiet``) that fails says so and the game
        goes on, a ``save FILE`` that fails is refused. True when it is written."""
        data = record_json(self.game, self.names_of_seats, self.words.to_json() if self.words else None)
        error = self.saves.write(path, json.dumps(data, ensure_ascii=False) + "\n")
        if error is not None:
            if not quiet:
                raise CommandError(f"cannot save: {error}")
            self.say(self.style.warn(f"autosave failed: {error}"))
            return False
        if not quiet:
            self.say(f"Saved to {path}: resume with ghostwriter play --load {path}")
        return True

    def history(self, last: int | None = None) -> str:
        """The game so far, a line a turn, replayed from its log on a fresh deal of the same seed."""
        st = self.game.state
        try:
            shadow = Game.new(st.options, st.seed, self.game.lexicon)
        except GhostwriterError as e:
            return f"the log cannot be replayed ({e})"
        turns: list[tuple[int, int, list[str]]] = []
        for action in self.game.log:
            ss = shadow.state
            key = (ss.turns, ss.current)
            if not turns or (turns[-1][0], turns[-1][1]) != key:
                turns.append((key[0], key[1], []))
            try:
                turns[-1][2].append(apply_described(shadow, action, self.style))
            except GhostwriterError as e:
                turns[-1][2].append(f"{action.KIND} (cannot be replayed: {e})")
                break
        if not turns:
            return "nothing played yet"
        shown = turns[-last:] if last else turns
        text = "\n".join(f"  turn {n + 1:>3}  {self.names[seat]}: {summarize_turn(lines)}" for n, seat, lines in shown)
        if shadow.state.to_json() != st.to_json():
            text += "\n  (this log does not replay to the game as it stands: the saved game was changed by hand?)"
        return text


def display_names(seats: Sequence[str]) -> list[str]:
    """Seat names people can tell apart: a bot named twice is numbered (medium-1, medium-2)."""
    out = []
    for i, name in enumerate(seats):
        same = [j for j, n in enumerate(seats) if n == name]
        out.append(f"{name}-{same.index(i) + 1}" if len(same) > 1 and i else name)
    return out
