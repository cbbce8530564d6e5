"""A tournament written out: one CSV row a game, and a readable table of the summary."""

from __future__ import annotations

import csv
from collections.abc import Sequence
from typing import IO, Any

from solver.game.record import GameRecord
from solver.tournament.seating import Match
from solver.tournament.stats import winners


def csv_header(players: int) -> list[str]:
    seats = [f"seat_{s}" for s in range(players)]
    prestige = [f"prestige_{s}" for s in range(players)]
    ink = [f"ink_{s}" for s in range(players)]
    return ["game", "group", "seed", *seats, *prestige, *ink, "winner", "winner_bot", "rounds", "turns", "seconds"]


def write_csv(records: Sequence[GameRecord], matches: Sequence[Match], stream: IO[str]) -> None:
    """One row a game, in schedule order: ``winner`` is the winning seat (empty for a shared win) and
    ``winner_bot`` its bot (the sharers' bots joined by + for a shared win)."""
    players = max((len(r.seats) for r in records), default=0)
    out = csv.writer(stream, lineterminator="\n")
    out.writerow(csv_header(players))
    for m, r in zip(matches, records, strict=True):
        won = winners(r)
        ink = list(r.ink) + [""] * (players - len(r.ink))
        out.writerow(
            [
                m.index + 1,
                m.group + 1,
                r.seed,
                *r.seats,
                *r.prestige,
                *ink[:players],
                r.winner if r.winner is not None else "",
                "+".join(r.seats[s] for s in won),
                r.rounds,
                r.turns,
                f"{r.seconds:.4f}",
            ]
        )


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _duration(seconds: float) -> str:
    if seconds < 60:
        return f"{seconds:.1f} s"
    m, s = divmod(round(seconds), 60)
    return f"{m}m{s:02d}s" if m < 60 else f"{m // 60}h{m % 60:02d}m{s:02d}s"


def _paperback_table(t: dict[str, Any]) -> str:
    """A Paperback tournament's table: its deck (its options have no target nor rules)."""
    deck = t.get("deck") or {}
    return f"Paperback on the {deck.get('name', '?')} deck ({deck.get('file', '?')})"


def format_table(report: dict[str, Any]) -> str:
    """The summary as a table: bots by win rate, head-to-head, seats, game length and notes."""
    t = report["tournament"]
    opts = t["options"]
    if t.get("game") == "paperback":
        named = ("cube_advice", "cube_discard", "cube_discount", "recycle_twos", "attacks", "powers", "award", "theme")
        rules = [r for r in named if opts.get(r)]
        lines = [
            f"tournament (Paperback): {' vs '.join(t['bots'])}, {t['players']} players, {t['games']} games "
            f"({t['groups']} seeds x {t['mirror']} seatings), seed {t['seed']}, {_paperback_table(t)}"
            + (f", {', '.join(rules)}" if rules else "")
            + (f", co-op pyramid (lost at {opts.get('coop_loss_cubes', 5)} cubes)" if opts.get("coop") else ""),
            "",
        ]
        return _body(report, lines, "the team (co-op pyramid)", "Fame")
    lines = [
        f"tournament: {' vs '.join(t['bots'])}, {t['players']} players, {t['games']} games "
        f"({t['groups']} seeds x {t['mirror']} seatings), seed {t['seed']}, target {opts['target']}, "
        f"{opts['rules']} rules"
        + (", awards" if opts.get("literary_awards") else "")
        + (", adverts" if opts.get("adverts") else "")
        + (f", {opts['powers']} powers" if opts.get("powers", "none") != "none" else "")
        + (", events" if opts.get("events") else "")
        + (f", co-op against Penny Dreadful ({opts.get('penny_genre', 'none')})" if opts.get("coop") else "")
        + (", ghost writer" if opts.get("ghost_writer") else "")
        + (f", dictionary {t['dictionary']}" if t.get("dictionary", "enable") != "enable" else ""),
        "",
    ]
    return _body(report, lines, "the table against Penny Dreadful")


def _body(report: dict[str, Any], lines: list[str], team: str, score: str = "prestige") -> str:
    """The table's rows after its header line: the bots, head to head, the team's result, seats, length, notes;
    ``score`` names what the game scores (Hardback's prestige, Paperback's Fame)."""
    t = report["tournament"]
    bots: dict[str, Any] = report["bots"]
    ranking: list[str] = report["ranking"]
    width = max(8, *(len(b) for b in ranking))
    lines.append(
        f"{'bot':<{width}} {'games':>7} {'wins':>8} {'win rate':>9}  {'95% CI':<17} {score:>8} "
        f"{'margin':>7} {'rounds':>7}"
    )
    for b in ranking:
        s = bots[b]
        ci = f"[{_pct(s['ci95'][0])}, {_pct(s['ci95'][1])}]"
        lines.append(
            f"{b:<{width}} {s['games']:>7} {s['wins']:>8g} {_pct(s['win_rate']):>9}  {ci:<17} "
            f"{s['prestige']:>8.1f} {s['margin']:>+7.1f} {s['rounds']:>7.1f}"
        )
    h2h: dict[str, dict[str, Any]] = report["head_to_head"]
    if len(ranking) > 1:
        lines += ["", "head to head (the row's bot placed ahead of the column's, share of their meetings):"]
        lines.append(" " * width + "".join(f" {b:>{max(8, len(b))}}" for b in ranking))
        for a in ranking:
            cells = []
            for b in ranking:
                cell = _pct(h2h[a][b]["win_rate"]) if b in h2h.get(a, {}) else "-"
                cells.append(f" {cell:>{max(8, len(b))}}")
            lines.append(f"{a:<{width}}" + "".join(cells))
    seats = report["seats"]
    rounds = report["rounds"]
    table = report.get("coop")
    if table:
        ci = f"[{_pct(table['ci95'][0])}, {_pct(table['ci95'][1])}]"
        lines += [
            "",
            f"{team}: won {table['wins']:g}, lost {table['losses']} of {table['games']} "
            f"games ({_pct(table['win_rate'])}, 95% CI {ci}), {table.get('turns', report['turns']):.1f} turns on "
            "average; a bot's wins are its table's",
        ]
    lines += [
        "",
        "seats: "
        + ", ".join(f"seat {i} won {_pct(s['win_rate'])}" for i, s in enumerate(seats))
        + f"; {report['shared_wins']} shared win(s)",
        f"length: {rounds['mean']:.1f} rounds on average ({rounds['min']} to {rounds['max']}), "
        f"{report['turns']:.1f} turns",
        f"time: {_duration(t['wall_seconds'])} on {t['where']}, {report['timing']['game_seconds_mean']:.2f} s a game",
        f"words proven best: {report['searches']['proven']:,} of the bots' {report['searches']['words']:,} word "
        "searches",
        "a shared win counts half to each seat that shares it (1/k in a k-way tie); "
        f"margin is {score} over the best opponent",
    ]
    lines += [f"note: {n}" for n in report["notes"]]
    return "\n".join(lines)
