/* The review's win objective drawn (POST /v1/hardback/review with objective "win"): each seat's chance to win at
   every turn's start as one line a seat, chess-engine style, the turns that lost the most marked on the line of
   the seat that played them (a click opens the turn), and what a turn's row says of the chances and the expert's
   turn. Every number is the service's; the chances are estimates and the page says so. */

import { el, svg } from "./dom.js";

const SEAT_COLOURS = ["#7a2e12", "#1d5fae", "#2e7d32", "#b8185a", "#8a6d00"];

export const pct = (x) => (typeof x === "number" ? `${Math.round(100 * x)}%` : "—");

function label(answer, seat) {
  const name = answer.seats && answer.seats[seat];
  return name ? `${name} (seat ${seat + 1})` : `Seat ${seat + 1}`;
}

/** One chart: each seat's chance to win over the game; ``onOpen(turn)`` opens a marked turn. */
export function winChart(answer, width, onOpen) {
  const points = answer.win_progress || [];
  const n = points.length ? points[0].win.length : 0;
  const W = Math.max(260, Math.round(width));
  const H = 220;
  const left = 38;
  const right = 12;
  const y0 = 14;
  const y1 = 186;
  const plotW = W - left - right;
  const last = Math.max(1, points.length - 1);
  const x = (done) => left + (done / last) * plotW;
  const y = (p) => y1 - p * (y1 - y0);
  const worst = answer.worst || [];
  const byTurn = new Map(answer.turns.map((t) => [t.turn, t]));
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, class: "review-svg review-win-svg", role: "img",
    "aria-labelledby": "review-win-title review-win-desc" });
  const title = svg("title", { id: "review-win-title" });
  title.textContent = "Each seat's chance to win over the game (estimates)";
  const desc = svg("desc", { id: "review-win-desc" });
  const end = points.length ? points[points.length - 1] : null;
  desc.textContent = `${points.length} turn starts estimated from ${answer.win_samples} sampled worlds each. `
    + (end ? `At the end: ${end.win.map((w, s) => `${label(answer, s)} ${pct(w)}`).join(", ")}. ` : "")
    + (worst.length ? `The turns that lost the most: ${worst.join(", ")}.` : "No turn lost much.");
  root.append(title, desc);
  const text = (tx, ty, s, attrs = {}) => { const t = svg("text", { x: tx, y: ty, ...attrs }); t.textContent = s; return t; };
  root.append(svg("rect", { x: left, y: y0, width: plotW, height: y1 - y0, class: "chart-frame" }));
  root.append(svg("line", { x1: left, x2: left + plotW, y1: y(0.5), y2: y(0.5), class: "chart-even" }));
  for (const [v, s] of [[1, "100%"], [0.5, "50%"], [0, "0%"]]) root.append(text(left - 4, y(v) + 4, s, { class: "chart-tick", "text-anchor": "end" }));
  if (points.length) {
    root.append(text(left, H - 8, "start", { class: "chart-tick", "text-anchor": "start" }));
    root.append(text(left + plotW, H - 8, `after turn ${points[points.length - 1].turn}`, { class: "chart-tick", "text-anchor": "end" }));
  }
  for (let s = 0; s < n; s += 1) {
    const colour = SEAT_COLOURS[s % SEAT_COLOURS.length];
    root.append(svg("polyline", { points: points.map((p) => `${x(p.turn).toFixed(1)},${y(p.win[s]).toFixed(1)}`).join(" "),
      class: "chart-line mine win-line", stroke: colour, "data-seat": s }));
  }
  for (const turn of worst) {
    const row = byTurn.get(turn);
    const after = points.find((p) => p.turn === turn);
    if (!row || !after) continue;
    const mark = svg("circle", { cx: x(turn), cy: y(after.win[row.seat]), r: 6, class: "chart-worst", "data-turn": turn, tabindex: 0 });
    const tip = svg("title", {});
    tip.textContent = `Turn ${turn}, ${label(answer, row.seat)}: ${pct(row.win_before)} → ${pct(row.win_after)}${row.expert ? `; the expert's turn: ${pct(row.expert.win)}` : ""}`;
    mark.append(tip);
    mark.addEventListener("click", () => onOpen(turn));
    mark.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") onOpen(turn); });
    root.append(mark, text(x(turn), y(after.win[row.seat]) - 9, String(turn), { class: "chart-value", "text-anchor": "middle" }));
  }
  const keys = Array.from({ length: n }, (_, s) => {
    const key = el("span", { className: "chart-key", "aria-hidden": "true" });
    key.style.background = SEAT_COLOURS[s % SEAT_COLOURS.length];
    return el("span", { className: "win-key" }, key, `${label(answer, s)} ${end ? pct(end.win[s]) : ""}`);
  });
  return el("figure", { className: "review-chart review-win", dataset: { chart: "win" } },
    el("figcaption", null, "Chance to win", el("span", { className: "muted small", text: " · estimates; ringed: the turns that lost the most" })),
    el("div", { className: "chart-box" }, root),
    el("p", { className: "small win-keys" }, ...keys));
}

/** The expert's turn in a few words: its word, its draws and buys (offer slots counted from 1). */
export function expertTurn(actions) {
  const said = actions.map((a) => {
    switch (a.action) {
      case "spell": return a.word.toUpperCase();
      case "pass": return "pass";
      case "ink": return "draw with ink";
      case "remover": return "use a remover";
      case "buy": return a.jail ? "buy the jailed card" : a.pile ? `buy ${a.pile} ${a.index + 1}` : `buy slot ${a.slot + 1}`;
      case "ink_buy": return `buy ${a.n} ink`;
      case "convert": return `convert ${3 * a.n} ink`;
      default: return null;
    }
  }).filter(Boolean);
  return said.join(", ") || "its policy's turn";
}

/** What a reviewed turn says under the win objective: its chances before and after, the expert's turn. */
export function winFacts(t) {
  if (t.win_before === undefined) return null;
  const expert = t.expert;
  const plans = expert ? expertTurn(expert.actions) : "";
  return el("p", { className: "small review-win-facts" },
    `Chance to win: ${pct(t.win_before)} before the turn, ${pct(t.win_after)} after it`
    + (typeof t.win_se === "number" ? ` (± ${pct(t.win_se)}, sampled worlds only)` : "") + ". ",
    expert ? `The expert from the same start: ${plans}, ${pct(expert.win)}` : "The expert's turn was not reached in the time budget.",
    typeof t.win_lost === "number" && expert ? ` (this turn lost ${pct(t.win_lost)} against it).` : "");
}

/** A turn's verdict in the turn list under the win objective. */
export function winVerdict(t) {
  if (typeof t.win_lost !== "number") return null;
  const lost = Math.round(100 * t.win_lost);
  return lost > 0 ? `−${lost}% to win` : "as good as the expert";
}
