"""The play command's one game loop, for both games (``solver.game.protocol``): the bots play the seats they hold,
the board is shown at each of the person's turns, and the person's commands are read until the game ends or the
person leaves. Each game's session (``session.Session`` for Hardback, ``paperback.PaperbackSession``) gives what
differs: how it renders a turn, reads a line, runs a command, lets a bot play, and ends."""

from __future__ import annotations

from typing import Any

from solver.game.protocol import Game

PERSON = 0  # the person's seat; the bots hold the others


class TurnLoop:
    """The loop; a session supplies the hooks below."""

    label = ""  # after "Ghostwriter play": the game's name, when it is not the first game

    def playing(self) -> Game[Any]:
        """The game, as the protocol sees it."""
        raise NotImplementedError

    def turns(self) -> int:
        """The turns played so far (a new one shows the board)."""
        raise NotImplementedError

    def opponents(self) -> list[str]:
        raise NotImplementedError

    def say(self, text: str = "") -> None:
        raise NotImplementedError

    def bot_turn(self) -> None:
        raise NotImplementedError

    def after_bot(self, shown: int) -> None:
        """After a bot's turn, before the loop goes on (nothing by default)."""

    def new_turn(self) -> None:
        """The person's new turn: the board."""
        raise NotImplementedError

    def still_waiting(self) -> None:
        """The person's turn goes on after a command (nothing by default)."""

    def read(self) -> str | None:
        """The person's next command line (None at the end of input)."""
        raise NotImplementedError

    def command(self, line: str) -> bool:
        """Run one command line; False to leave."""
        raise NotImplementedError

    def leave(self, why: str) -> None:
        raise NotImplementedError

    def at_the_end(self) -> int:
        """The game is over: the final scores, and the exit status."""
        raise NotImplementedError

    def loop(self) -> int:
        """Play the game to its end, or until the person leaves; the exit status."""
        game = self.playing()
        lex = game.lexicon
        seed = game.to_json()["seed"]
        self.say(
            f"Ghostwriter play{self.label}: you against {', '.join(self.opponents())} · seed {seed} · dictionary "
            f"{lex.name} ({len(lex)} words). Type help for the commands."
        )
        shown = -1
        while True:
            if game.over():
                return self.at_the_end()
            if game.to_act() != PERSON:
                self.bot_turn()
                self.after_bot(shown)
                continue
            if shown != self.turns():
                shown = self.turns()
                self.new_turn()
            else:
                self.still_waiting()
            line = self.read()
            if line is None:
                self.leave("end of input")
                return 0
            if not self.command(line):
                self.leave("quit")
                return 0
