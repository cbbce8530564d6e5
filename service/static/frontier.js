/* The prestige/coins frontier: a scatter chart of the words and a table of them. */

import { $, el, formatValue, plural, svg } from "./dom.js";

export function renderFrontier(moves) {
  const box = el("div", { className: "frontier-box" });
  box.append(el("h3", { text: "Prestige / coins frontier" }));
  const width = 340;
  const height = 230;
  const pad = { left: 40, right: 16, top: 16, bottom: 38 };
  const stepOf = (max) => Math.max(1, Math.ceil(max / 5));
  const niceMax = (max) => Math.ceil(Math.max(1, max) / stepOf(max)) * stepOf(max);
  const maxP = niceMax(Math.max(...moves.map((m) => m.prestige)));
  const maxC = niceMax(Math.max(...moves.map((m) => m.coins)));
  const x = (p) => pad.left + (p / maxP) * (width - pad.left - pad.right);
  const y = (c) => height - pad.bottom - (c / maxC) * (height - pad.top - pad.bottom);
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "frontier-chart", role: "img",
    "aria-label": `Scatter of prestige against coins for ${plural(moves.length, "word", "words")}` });
  chart.append(svg("line", { x1: pad.left, y1: height - pad.bottom, x2: width - pad.right, y2: height - pad.bottom, class: "axis" }));
  chart.append(svg("line", { x1: pad.left, y1: pad.top, x2: pad.left, y2: height - pad.bottom, class: "axis" }));
  const ticks = (max) => {
    const step = stepOf(max);
    const out = [];
    for (let t = 0; t <= max; t += step) out.push(t);
    return out;
  };
  for (const t of ticks(maxP)) {
    if (t > 0) chart.append(svg("line", { x1: x(t), y1: pad.top, x2: x(t), y2: height - pad.bottom, class: "grid" }));
  }
  for (const t of ticks(maxC)) {
    if (t > 0) chart.append(svg("line", { x1: pad.left, y1: y(t), x2: width - pad.right, y2: y(t), class: "grid" }));
  }
  for (const t of ticks(maxP)) {
    const label = svg("text", { x: x(t), y: height - pad.bottom + 14, class: "tick", "text-anchor": "middle" });
    label.textContent = String(t);
    chart.append(label);
  }
  for (const t of ticks(maxC)) {
    const label = svg("text", { x: pad.left - 6, y: y(t) + 4, class: "tick", "text-anchor": "end" });
    label.textContent = String(t);
    chart.append(label);
  }
  const xTitle = svg("text", { x: (pad.left + width - pad.right) / 2, y: height - 6, class: "axis-title", "text-anchor": "middle" });
  xTitle.textContent = "prestige";
  const yTitle = svg("text", { x: 12, y: (pad.top + height - pad.bottom) / 2, class: "axis-title", "text-anchor": "middle",
    transform: `rotate(-90 12 ${(pad.top + height - pad.bottom) / 2})` });
  yTitle.textContent = "coins";
  chart.append(xTitle, yTitle);
  const sorted = [...moves].sort((a, b) => a.prestige - b.prestige);
  if (sorted.length > 1) {
    const points = sorted.map((m) => `${x(m.prestige)},${y(m.coins)}`).join(" ");
    chart.append(svg("polyline", { points, class: "frontier-line" }));
  }
  // one label per run of the same word (a word often sits on the frontier several times, with the choices
  // of its either-or cards going one way or the other)
  const labelled = new Set();
  let previousWord = null;
  for (const move of sorted) {
    if (move.word !== previousWord) labelled.add(move);
    previousWord = move.word;
  }
  moves.forEach((move) => {
    const group = svg("g", { class: "frontier-point", "data-word": move.word });
    const cx = x(move.prestige);
    const cy = y(move.coins);
    const title = svg("title", {});
    title.textContent = `${move.word}: ${move.prestige} prestige, ${plural(move.coins, "coin", "coins")}`;
    group.append(title, svg("circle", { cx, cy, r: 5 }));
    if (labelled.has(move)) {
      const right = cx > width * 0.62;
      const label = svg("text", { x: right ? cx - 8 : cx + 8, y: cy - 7, "text-anchor": right ? "end" : "start",
        class: "point-label" });
      label.textContent = move.word.toUpperCase();
      group.append(label);
    }
    chart.append(group);
  });
  box.append(chart);

  const table = el("table", { className: "frontier-table" },
    el("caption", { className: "visually-hidden", text: "The frontier words" }),
    el("thead", null, el("tr", null,
      el("th", { scope: "col", text: "Word" }), el("th", { scope: "col", text: "Prestige" }),
      el("th", { scope: "col", text: "Coins" }), el("th", { scope: "col", text: "Value" }))),
    el("tbody", null, ...moves.map((move, index) => el("tr", { className: "frontier-row", dataset: { word: move.word } },
      el("th", { scope: "row" }, el("a", { href: `#move-${index + 1}`, text: move.word.toUpperCase(),
        onclick: (event) => {
          event.preventDefault();
          const target = $(`move-${index + 1}`);
          target.scrollIntoView({ behavior: "smooth", block: "start" });
          const first = target.querySelector(".card");
          if (first) first.focus({ preventScroll: true });
        } })),
      el("td", { text: String(move.prestige) }), el("td", { text: String(move.coins) }),
      el("td", { text: formatValue(move.value) })))));
  box.append(table);
  return box;
}
