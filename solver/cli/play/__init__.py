"""``ghostwriter play``: a person against bots at the terminal, with the ghost writer to ask for hints.

    ghostwriter play --bots hard,medium --seed 7
    ghostwriter play --bots easy --target 40 --awards --adverts --save game.json
    ghostwriter play --load game.json

The person sits in seat 0 and each bot named by ``--bots`` in a seat after. Each turn shows the board, then a
prompt reads commands (``help`` lists them); every command that plays is one engine action applied through
``Game.apply``, so the rules are the engine's and a refused command prints the engine's reason and asks again.
Offer-row slots and previewed cards are numbered from 1 here (the engine counts from 0). Plain text; colour only
when stdout is a terminal and ``NO_COLOR`` is unset. Heavy imports happen inside ``run``, so ``--help`` is
instant. Bad flags or a saved game that cannot be read raise a ``PlayError`` (one line, exit 2 from the main
command).

``command``: the flags and the session they start; ``session``: the game loop and the prompt; ``commands``: a
command line read into an engine action; ``hints``: the ghost writer's advice; ``render``: the screen text.
"""

from solver.cli.play.command import PlayError, add_parser, run

__all__ = ["PlayError", "add_parser", "run"]
