"""The tournament as an SVG picture, written by hand: win rates with their 95% intervals, and a histogram
of game length. Plain SVG 1.1 that browsers and image viewers show as it is."""

from __future__ import annotations

import math
from typing import Any
from xml.sax.saxutils import escape, quoteattr

WIDTH, HEIGHT = 960, 440
TOP, BOTTOM = 70, 70  # room for the titles, and for the axis labels below the plots
COLOURS = ["#3b6ea5", "#c0504d", "#4f9a5b", "#8064a2", "#d08a2e"]  # a colour a bot, in ranking order
INK = "#222222"
GRID = "#dddddd"


def _text(
    x: float,
    y: float,
    s: str,
    *,
    size: int = 12,
    anchor: str = "middle",
    weight: str = "normal",
    fill: str = INK,
    rotate: float | None = None,
) -> str:
    turn = f" transform={quoteattr(f'rotate({rotate:g} {x:.1f} {y:.1f})')}" if rotate is not None else ""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}" '
        f'fill="{fill}"{turn}>{escape(s)}</text>'
    )


def _nice_step(top: float, ticks: int = 5) -> float:
    raw = max(top, 1e-9) / ticks
    mag = 10 ** math.floor(math.log10(raw))
    return float(next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw))


def _win_rates(x0: float, w: float, report: dict[str, Any]) -> list[str]:
    y0, h = TOP, HEIGHT - TOP - BOTTOM
    ranking: list[str] = report["ranking"]
    bots: dict[str, Any] = report["bots"]
    players = report["tournament"]["players"]
    out = [_text(x0 + w / 2, TOP - 18, "win rate with 95% interval (Wilson)", size=15, weight="bold")]

    def y(rate: float) -> float:
        return y0 + h * (1 - rate)

    for tick in range(0, 101, 20):
        ty = y(tick / 100)
        out.append(f'<line x1="{x0:.1f}" y1="{ty:.1f}" x2="{x0 + w:.1f}" y2="{ty:.1f}" stroke="{GRID}"/>')
        out.append(_text(x0 - 8, ty + 4, f"{tick}%", anchor="end"))
    fair = y(1 / players)
    out.append(
        f'<line x1="{x0:.1f}" y1="{fair:.1f}" x2="{x0 + w:.1f}" y2="{fair:.1f}" stroke="#888888" '
        'stroke-dasharray="6 4"/>'
    )
    out.append(_text(x0 + w - 4, fair - 5, f"even ({100 / players:.0f}%)", size=11, anchor="end", fill="#666666"))
    slot = w / max(1, len(ranking))
    bar = min(90.0, slot * 0.6)
    for i, b in enumerate(ranking):
        s = bots[b]
        cx = x0 + slot * (i + 0.5)
        colour = COLOURS[i % len(COLOURS)]
        top = y(s["win_rate"])
        out.append(
            f'<rect x="{cx - bar / 2:.1f}" y="{top:.1f}" width="{bar:.1f}" height="{y0 + h - top:.1f}" '
            f'fill="{colour}" fill-opacity="0.85"><title>{escape(b)}: {100 * s["win_rate"]:.1f}% of '
            f"{s['games']} games</title></rect>"
        )
        lo, hi = y(s["ci95"][0]), y(s["ci95"][1])
        cap = bar / 4
        out.append(
            f'<path d="M{cx:.1f} {lo:.1f}V{hi:.1f}M{cx - cap:.1f} {lo:.1f}H{cx + cap:.1f}'
            f'M{cx - cap:.1f} {hi:.1f}H{cx + cap:.1f}" stroke="{INK}" stroke-width="2" fill="none"/>'
        )
        out.append(_text(cx + cap + 4, hi + 4, f"{100 * s['win_rate']:.1f}%", anchor="start", weight="bold"))
        out.append(_text(cx, y0 + h + 20, b, size=13, weight="bold"))
        out.append(_text(cx, y0 + h + 36, f"{s['wins']:g} / {s['games']}", size=11, fill="#555555"))
    out.append(f'<line x1="{x0:.1f}" y1="{y0 + h:.1f}" x2="{x0 + w:.1f}" y2="{y0 + h:.1f}" stroke="{INK}"/>')
    return out


def _lengths(x0: float, w: float, report: dict[str, Any]) -> list[str]:
    y0, h = TOP, HEIGHT - TOP - BOTTOM
    hist: dict[int, int] = {int(k): int(v) for k, v in report["rounds"]["histogram"].items()}
    out = [_text(x0 + w / 2, TOP - 18, "game length", size=15, weight="bold")]
    if not hist:
        return out
    lo, hi = min(hist), max(hist)
    span = hi - lo + 1
    per_bin = max(1, math.ceil(span / 40))  # at most 40 bars
    bins = [
        sum(hist.get(v, 0) for v in range(lo + b * per_bin, lo + (b + 1) * per_bin))
        for b in range(math.ceil(span / per_bin))
    ]
    step = _nice_step(max(bins))
    top = step * math.ceil(max(bins) / step)

    def y(count: float) -> float:
        return y0 + h * (1 - count / top)

    tick = 0.0
    while tick <= top + 1e-9:
        ty = y(tick)
        out.append(f'<line x1="{x0:.1f}" y1="{ty:.1f}" x2="{x0 + w:.1f}" y2="{ty:.1f}" stroke="{GRID}"/>')
        out.append(_text(x0 - 8, ty + 4, f"{tick:g}", anchor="end"))
        tick += step
    bw = w / len(bins)
    label_every = max(1, math.ceil(len(bins) / 12))
    for b, count in enumerate(bins):
        bx = x0 + b * bw
        first = lo + b * per_bin
        name = f"{first}" if per_bin == 1 else f"{first}-{first + per_bin - 1}"
        out.append(
            f'<rect x="{bx + 1:.1f}" y="{y(count):.1f}" width="{max(1.0, bw - 2):.1f}" '
            f'height="{y0 + h - y(count):.1f}" fill="#7f8c8d"><title>{name} rounds: {count} games</title></rect>'
        )
        if b % label_every == 0:
            out.append(_text(bx + bw / 2, y0 + h + 18, name, size=11))
    out.append(f'<line x1="{x0:.1f}" y1="{y0 + h:.1f}" x2="{x0 + w:.1f}" y2="{y0 + h:.1f}" stroke="{INK}"/>')
    out.append(_text(x0 + w / 2, y0 + h + 40, f"rounds (mean {report['rounds']['mean']:.1f})", size=12))
    out.append(_text(x0 - 42, y0 + h / 2, "games", size=12, rotate=-90))
    return out


def render_svg(report: dict[str, Any]) -> str:
    """The picture of a tournament report (the summary with its ``tournament`` block)."""
    t = report["tournament"]
    title = (
        f"{' vs '.join(t['bots'])}: {t['games']} games, {t['players']} players, "
        f"target {t['options']['target']}, seed {t['seed']}"
    )
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="Helvetica, Arial, sans-serif">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',
        _text(WIDTH / 2, 22, title, size=16, weight="bold"),
        *_win_rates(70, 390, report),
        *_lengths(560, 370, report),
        "</svg>",
    ]
    return "\n".join(parts) + "\n"
