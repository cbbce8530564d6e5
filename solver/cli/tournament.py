"""``ghostwriter tournament``: bots against each other over many seeded, mirrored games.

    ghostwriter tournament --bots greedy,hard --games 200 --seed 1
    ghostwriter tournament --bots greedy,hard --games 2000 --seed 1 --json --csv games.csv --plot games.svg

Heavy imports happen inside ``run``, so ``--help`` stays instant. Bad input raises a ``GhostwriterError``
subclass (one line, exit 2 from the main command).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from solver.cli.options import write_json
from solver.cli.paperback_flags import (
    add_expansion_flags,
    add_paperback_flags,
    flag_of,
    given_paperback_flags,
    paperback_rules,
)
from solver.cli.paperback_flags import given as expansion_flags
from solver.cli.paperback_flags import options as expansion_options
from solver.cli.table_options import OPTION_FLAGS, add_table_flags, table_options, table_words

if TYPE_CHECKING:
    from solver.game.record import GameRecord
    from solver.lexicon.registry import LexiconChoice
    from solver.tournament import Schedule, Tournament


def add_parser(subparsers: argparse._SubParsersAction[Any]) -> argparse.ArgumentParser:
    """Add the ``tournament`` command to the main command's subparsers."""
    t: argparse.ArgumentParser = subparsers.add_parser(
        "tournament",
        help="play bots against each other over many seeded games",
        description="Play bots against each other over seeded games with mirrored seats: each seed is played "
        "with every rotation of the bots over the seats (two players: twice, seats swapped), so the advantage "
        "of a seat and the luck of the shuffle cancel. Reports each bot's win rate with its 95%% interval "
        "(Wilson), mean prestige, margin over the best opponent and game length, and a head-to-head. A shared "
        "win counts half to each seat that shares it (1/k in a k-way tie).",
    )
    _add_game_flags(t)
    _add_match_flags(t)
    add_table_flags(t)
    add_paperback_flags(t)
    _add_output_flags(t)
    return t


def _add_game_flags(t: argparse.ArgumentParser) -> None:
    """The game and, for Paperback, its deck and expansions."""
    t.add_argument(
        "--game",
        choices=("hardback", "paperback"),
        default="hardback",
        help="the game (default hardback); paperback plays its own bots (greedy, hard, random, expert) on --deck",
    )
    t.add_argument(
        "--deck",
        metavar="FILE",
        help="paperback: the table's deck file (JSON: the Offer's cards, the Fame piles, the Common cards, the "
        "length track). Default: the house deck, INVENTED for trying the game, not the published cards "
        "(solver/data/paperback-house-deck.json)",
    )
    add_expansion_flags(t)


def _add_match_flags(t: argparse.ArgumentParser) -> None:
    """The bots, how many games, the seed and the seats."""
    t.add_argument(
        "--bots",
        required=True,
        metavar="A,B,...",
        help="comma-separated bot names: greedy, easy, medium, hard, expert (Paperback: greedy, hard, random, "
        "expert). With more seats than names the names are "
        "cycled over the seats (greedy,hard with --players 3 seats greedy, hard, greedy)",
    )
    t.add_argument(
        "--games",
        type=int,
        default=100,
        metavar="N",
        help="games in all (default 100), rounded up to whole mirror groups (a multiple of the players)",
    )
    t.add_argument("--seed", type=int, default=1, metavar="S", help="seed of the whole tournament (default 1)")
    t.add_argument(
        "--players",
        type=int,
        default=None,
        metavar="P",
        help="seats a game, 2 to 5 (default: one a bot name, at least 2)",
    )


def _add_output_flags(t: argparse.ArgumentParser) -> None:
    """Where the games run and what is written: workers or a cluster, JSON, CSV, SVG, records, progress."""
    t.add_argument(
        "--workers", type=int, default=None, metavar="W", help="local worker processes (default: one a core)"
    )
    t.add_argument(
        "--cluster",
        default=None,
        metavar="ADDRESS",
        help="play on an existing Dask cluster instead, e.g. tcp://10.0.0.5:8786 (its workers need Ghostwriter)",
    )
    t.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    t.add_argument("--csv", metavar="FILE", help="write one CSV row a game")
    t.add_argument("--out-json", metavar="FILE", help="write the JSON summary to FILE")
    t.add_argument("--plot", metavar="FILE", help="draw win rates and game length as an SVG picture")
    t.add_argument(
        "--records",
        metavar="DIR",
        help="write every game's record to DIR (made if missing), one file a game in the form play --save writes "
        "(read by ghostwriter review and play --load; a Paperback record holds its deck in full)",
    )
    shown = t.add_mutually_exclusive_group()
    shown.add_argument("--quiet", action="store_true", help="no progress bar and no notes on stderr")
    shown.add_argument("--progress", action="store_true", help="a progress bar even when stderr is not a terminal")


def bot_names(game: str = "hardback") -> tuple[str, ...]:
    """The bots the engine offers."""
    if game == "paperback":
        from solver.bots.paperback_expert import EXPERT_BOTS

        return EXPERT_BOTS
    from solver.bots import BOT_NAMES

    return tuple(BOT_NAMES)


def _bots(text: str, game: str = "hardback") -> list[str]:
    from solver.tournament import TournamentError

    names = [b.strip().lower() for b in text.split(",")]
    known = bot_names(game)
    if not text.strip() or any(not b for b in names):
        raise TournamentError(f"--bots takes comma-separated names without blanks, e.g. --bots {known[0]},{known[-1]}")
    for b in names:
        if b not in known:
            raise TournamentError(f"unknown bot {b!r} in --bots: the bots are {', '.join(known)}")
    return names


def _check_output(flag: str, path: str | None) -> None:
    from solver.files import FileError, check_target
    from solver.tournament import TournamentError

    if path is None:
        return
    try:
        check_target(path, flag)
    except FileError as e:
        raise TournamentError(str(e)) from None


def _write(flag: str, path: str, text: str) -> None:
    """One output file written whole or not at all (``solver.files``: a failure is a ``WriteError``, exit 74)."""
    from solver.files import write_text

    write_text(path, text, flag)


def run(args: argparse.Namespace, out: IO[str], *, play: Any = None, lexicon: Any = None) -> int:
    """Run the command; ``play`` and ``lexicon`` replace the engine and the lexicon loader (for tests)."""
    from solver.tournament import Progress, run_tournament, schedule
    from solver.tournament.progress import wanted

    bots = _bots(args.bots, args.game)
    _check_flags(args)
    plan = schedule(bots, args.games, args.seed, args.players)
    deck_label = None
    if args.game == "paperback":
        play, deck_label, options = _paperback(args, plan.players, play)
    else:
        options = _hardback_options(args, plan.players)
    lexicon, dictionary, choice = _words(args, lexicon)
    err = sys.stderr
    if not args.quiet and args.json:
        for note in plan.notes():
            print(f"ghostwriter: note: {note}", file=err)
    keep = None
    if args.records is not None:
        from solver.tournament.runner import play_game_kept

        keep = Records(args.records, plan, choice.to_json() if choice is not None else None)
        play = play_game_kept if play is None else play

    def finished(record: GameRecord) -> None:
        if keep is not None:
            keep.write(record)
        bar.advance()

    with Progress(plan.games, err, enabled=wanted(err, args.quiet, args.progress)) as bar:
        t = run_tournament(
            bots,
            args.games,
            args.seed,
            options=options,
            workers=args.workers,
            cluster=args.cluster,
            play=play,
            lexicon=lexicon,
            on_result=finished,
            plan=plan,
            dictionary=dictionary,
        )
    if deck_label is not None:
        t.report["tournament"] |= {
            "game": "paperback",
            "deck": deck_label,
            "options": {
                "players": plan.players,
                "min_length": 2,
                **paperback_rules(args),
                **{k: True for k, on in expansion_options(args).items() if on},
            },
        }
    _write_files(args, t)
    _print(args, out, t, keep)
    return 0


def _words(args: argparse.Namespace, lexicon: Any) -> tuple[Any, str, LexiconChoice | None]:
    """The word list's loader for the workers (``lexicon`` when a test gives one), its name, the flags' choice."""
    from solver.lexicon.registry import LexiconChoice
    from solver.tournament import shipped_lexicon

    if lexicon is not None:
        return lexicon, "enable", None
    choice = table_words(args)
    # loaded once here: a list that needs building is built (and cached) before the workers start
    dictionary = choice.load().name
    return (shipped_lexicon if choice == LexiconChoice() else choice), dictionary, choice


def _print(args: argparse.Namespace, out: IO[str], t: Tournament, keep: Records | None) -> None:
    """The summary: one JSON object, or the table and the files written."""
    from solver.tournament import format_table

    if args.json:
        write_json(out, t.report)
        return
    out.write(format_table(t.report) + "\n")
    for flag, path in (("games", args.csv), ("summary", args.out_json), ("plot", args.plot)):
        if path:
            out.write(f"wrote {flag}: {path}\n")
    if keep is not None:
        out.write(f"wrote records: {keep.written} games in {args.records}\n")


def _hardback_options(args: argparse.Namespace, players: int) -> Any:
    """Hardback's table options from the flags (a Paperback flag refused)."""
    from solver.tournament import TournamentError

    if args.deck is not None:
        raise TournamentError("--deck is a Paperback deck file: give it with --game paperback")
    paperback_only = given_paperback_flags(args)
    if paperback_only:
        raise TournamentError(f"{paperback_only[0]} is a Paperback option: give it with --game paperback")
    if expansion_flags(args):
        raise TournamentError(f"{expansion_flags(args)[0]} is a Paperback expansion: give it with --game paperback")
    return table_options(args, players)


def _paperback(args: argparse.Namespace, players: int, play: Any) -> tuple[Any, dict[str, Any], Any]:
    """Paperback's play function on the deck of ``--deck`` (or the house deck), its label for the report, and the
    Hardback options the runner carries along unread (only their player count)."""
    from solver.game.hardback.options import GameOptions
    from solver.paperback.deck import house_deck, load_deck
    from solver.tournament import TournamentError
    from solver.tournament.paperback import PaperbackPlay

    deck = house_deck() if args.deck is None else load_deck(args.deck)
    if players not in deck.players:
        raise TournamentError(
            f"the deck {deck.name!r} is played by {', '.join(map(str, deck.players))} players, not {players}"
        )
    label = {"name": deck.name, "invented": deck.invented, "file": args.deck or "shipped"}
    for flag, attr in OPTION_FLAGS:
        if getattr(args, attr, None) is not None and flag != "--coop":  # --coop: Paperback's pyramid here
            raise TournamentError(f"{flag} is a Hardback table option; Paperback's table is its --deck")
    from solver.game.hardback.actions import IllegalActionError
    from solver.game.paperback import PaperbackOptions, deal
    from solver.game.saving import GameStateError

    rules = paperback_rules(args)
    if "turn_timer" in rules:
        raise TournamentError("--turn-timer is a table's clock for people: a tournament's bots take no such time")
    chosen = {k: True for k, on in expansion_options(args).items() if on}
    try:  # the options checked in one place, and the deck holds what they ask for (as every game's deal will)
        deal(deck, PaperbackOptions.from_json({"players": players, **rules, **chosen}), 0)
    except (IllegalActionError, GameStateError) as e:
        raise TournamentError(f"{flag_of(e.field)}: {e}") from None
    loss = int(rules.pop("coop_loss_cubes", 5))
    fn = (
        play
        if play is not None
        else PaperbackPlay.of(
            deck, rules=tuple(sorted(rules)), coop_loss_cubes=loss, keep_log=args.records is not None, **chosen
        )
    )
    return fn, label, GameOptions(players=players)


def _check_flags(args: argparse.Namespace) -> None:
    """The numbers and files of the flags, checked before any game is played."""
    from solver.tournament import TournamentError

    if args.players is not None and not 2 <= args.players <= 5:
        raise TournamentError(f"--players must be from 2 to 5 (got {args.players})")
    if args.workers is not None and args.cluster is not None:
        raise TournamentError("give --workers or --cluster, not both (a cluster's size is its own)")
    if args.workers is not None and not 1 <= args.workers <= 1024:
        raise TournamentError(f"--workers must be from 1 to 1024 (got {args.workers})")
    if not 1 <= args.games <= 1_000_000:
        raise TournamentError(f"--games must be from 1 to 1,000,000 (got {args.games})")
    for flag, path in (("--csv", args.csv), ("--out-json", args.out_json), ("--plot", args.plot)):
        _check_output(flag, path)
    if args.records is not None:
        _check_folder("--records", args.records)


def _check_folder(flag: str, path: str) -> None:
    """A folder to write into: made when missing (its parent must exist); a file there is refused."""
    from solver.tournament import TournamentError

    p = Path(path)
    if p.exists() and not p.is_dir():
        raise TournamentError(f"{flag} {path}: that is a file, not a folder; give a folder for the records")
    if not p.exists():
        if not p.parent.is_dir():
            raise TournamentError(f"{flag} {path}: the folder {str(p.parent)!r} does not exist")
        try:
            p.mkdir()
        except OSError as e:
            raise TournamentError(f"{flag} {path}: cannot make the folder ({e.strerror})") from None


class Records:
    """Each game's record written to a folder as it finishes, ``game-0001.json`` by its place in the schedule,
    then dropped from memory."""

    def __init__(self, folder: str, plan: Schedule, lexicon: dict[str, object] | None) -> None:
        self.folder = Path(folder)
        self.lexicon = lexicon
        self.width = len(str(plan.games))
        self.places: dict[tuple[int, tuple[str, ...]], list[int]] = {}
        for m in plan.matches:  # a game's place: its seed and seats (a mirror of equal bots is the same game)
            self.places.setdefault((m.seed, tuple(m.seats)), []).append(m.index)
        self.written = 0

    def write(self, record: GameRecord) -> None:
        from solver.files import write_text
        from solver.tournament import TournamentError

        data = record.extra.pop("record", None)
        if not isinstance(data, dict):
            raise TournamentError("--records: the games came back without their logs")
        data["lexicon"] = self.lexicon
        index = self.places[(record.seed, tuple(record.seats))].pop(0)
        path = self.folder / f"game-{index + 1:0{self.width}d}.json"
        write_text(path, json.dumps(data, ensure_ascii=False) + "\n", "--records")  # whole or not at all
        self.written += 1


def _write_files(args: argparse.Namespace, t: Tournament) -> None:
    """The files the flags ask for: one CSV row a game, the JSON summary, the SVG picture."""
    import io

    from solver.tournament import render_svg, write_csv

    if args.csv:
        buf = io.StringIO()
        write_csv(t.records, t.schedule.matches, buf)
        _write("--csv", args.csv, buf.getvalue())
    if args.out_json:
        _write("--out-json", args.out_json, json.dumps(t.report, ensure_ascii=False, indent=2) + "\n")
    if args.plot:
        _write("--plot", args.plot, render_svg(t.report))
