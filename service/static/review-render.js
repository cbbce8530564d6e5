/* Drawing a game's review (the answer of POST /v1/hardback/review): a summary, one chart a seat (its prestige over
   the game and its gap per turn, inline SVG with a title, a description and a table beside it), and the turns, each
   opened to show the hand as cards with the word played and the best word side by side. Only drawing: every number
   is the service's. */

import { $, el, formatValue, plural, svg } from "./dom.js";
import { short } from "./play-render.js";
import { winChart, winFacts, winVerdict } from "./review-win.js";

const UNIT = { value: "value", prestige: "prestige", coins: "coins", win: "value" }; // win: the words by value
const SEAT_COLOURS = ["#7a2e12", "#1d5fae", "#2e7d32", "#b8185a", "#8a6d00"];

let known = new Map();
let SCORE = "prestige"; // what the game scores: Hardback's prestige, Paperback's Fame

const seatCount = (answer) => (answer.prestige.length ? answer.prestige[0].scores.length : (answer.seats || []).length);

export function seatLabel(answer, seat) {
  const name = answer.seats && answer.seats[seat];
  return name ? `${name} (seat ${seat + 1})` : `Seat ${seat + 1}`;
}

/** The gap in the objective's own number (value, prestige or coins). */
export function gapAmount(turn, objective) {
  const v = turn.gap[UNIT[objective]];
  return typeof v === "number" ? v : 0;
}

function signed(n, unit) {
  const word = unit === "coins" && Math.abs(n) === 1 ? "coin" : unit;
  return `${n > 0 ? "+" : n < 0 ? "−" : ""}${formatValue(Math.abs(n))} ${word}`;
}

/** The gap in words: "+4 prestige", "+4 prestige, −1 coin", "+1.25 value". */
export function gapText(turn, objective) {
  if (UNIT[objective] === "value") return signed(turn.gap.value, "value");
  const first = UNIT[objective];
  const other = first === "prestige" ? "coins" : "prestige";
  const parts = [signed(turn.gap[first], first)];
  if (turn.gap[other]) parts.push(signed(turn.gap[other], other));
  return parts.join(", ");
}

/** "missed: KHAFS, +4 prestige", "best word played", or what a pass missed. */
export function verdict(turn, objective) {
  if (!turn.best) return turn.word ? "best word played" : "passed: no word could be spelled";
  const best = turn.best.word.toUpperCase();
  if (turn.word === null) return `passed; missed: ${best}, ${gapText(turn, objective)}`;
  if (turn.rank === 1 || gapAmount(turn, objective) <= 0) return "best word played";
  return `missed: ${best}, ${gapText(turn, objective)}`;
}

function cardOf(code, letter) {
  const card = known.get(code);
  if (card) return card;
  const m = /^(?:[^:]*:)?(\p{L}+)/u.exec(code);
  return { code, letter: letter || (m ? m[1] : "?"), genre: null, cost: 0, text: code };
}

const SOURCES = { inked: ["inked", "inked"], mine: ["yours", "your classic in play"], other: ["theirs", "an opponent's classic in play"] };

/** A card as a tile (not a control: the review only shows); ``source`` where a move's card came from. */
function tile(card, face = "up", letter = "", source = "") {
  const genre = card.genre || "starter";
  const wild = face === "wild";
  const name = `${wild ? `face-down, as ${letter.toUpperCase()}: ` : ""}${short(card.code)}${card.text && card.text !== card.code ? ` (${card.text.replace(/^[^:]*:\S*:?\s*/, "")})` : ""}`;
  const [tag, from] = SOURCES[source] || ["", ""];
  return el("li", null, el("span", {
    className: `play-card review-card genre-${genre} face-${wild ? "wild" : "up"}`, role: "img", "aria-label": from ? `${name}, from ${from}` : name,
    title: from ? `${name}, from ${from}` : name, dataset: { code: card.code },
  },
  el("span", { className: "card-letter", "aria-hidden": "true", text: wild ? letter.toUpperCase() : String(card.letter).toUpperCase() }),
  el("span", { className: "card-cost", "aria-hidden": "true", text: card.genre ? String(card.cost) : "" }),
  el("span", { className: "card-code", "aria-hidden": "true", text: short(card.code) }),
  tag ? el("span", { className: `card-tag source-${source}`, "aria-hidden": "true", text: tag }) : null));
}

function moveCards(move, label) {
  return el("ol", { className: "play-cards review-word", "aria-label": label },
    ...move.layout.map((entry, i) => tile(cardOf(entry.code, move.word[i]), entry.face, move.word[i], entry.source)));
}

function moveFacts(move) {
  if (move.score !== undefined) return `${move.score} to the score (value ${formatValue(move.value)})`; // Paperback's
  return `${move.prestige} prestige, ${plural(move.coins, "coin", "coins")} (value ${formatValue(move.value)})`;
}

// -- the charts ------------------------------------------------------------------------------------------------------

function chart(answer, seat, reviewed, width) {
  const series = answer.prestige;
  const n = seatCount(answer);
  const count = Math.max(1, series.length);
  const W = Math.max(260, Math.round(width));
  const left = 38;
  const right = 10;
  const plotW = W - left - right;
  const top = { y0: 14, y1: 124 };
  const low = { y0: 146, y1: 206 };
  const H = 236;
  const maxScore = Math.max(1, ...series.flatMap((p) => p.scores));
  const gaps = answer.turns.map((t) => gapAmount(t, answer.objective));
  const maxGap = Math.max(0, ...gaps) || 1;
  const x = (i) => left + ((i + 0.5) / count) * plotW;
  const yScore = (v) => top.y1 - (v / maxScore) * (top.y1 - top.y0);
  const yGap = (v) => low.y1 - (Math.max(0, v) / maxGap) * (low.y1 - low.y0);
  const id = `review-chart-${seat}`;
  const who = seatLabel(answer, seat);
  const mine = answer.turns.filter((t) => t.seat === seat);
  const unit = UNIT[answer.objective];
  const worst = mine.reduce((a, t) => (gapAmount(t, answer.objective) > (a ? gapAmount(a, answer.objective) : 0) ? t : a), null);
  const last = series.length ? series[series.length - 1].scores[seat] : 0;
  const notReached = series.filter((p) => p.seat === seat && !reviewed.has(p.turn)).length;
  const desc = `${who}: ${SCORE} from 0 to ${last} over ${plural(series.length, "turn", "turns")} of the game. `
    + `${plural(mine.length, "turn", "turns")} of this seat reviewed by ${answer.objective}`
    + (worst ? `; the largest gap ${gapText(worst, answer.objective)} at turn ${worst.turn} (${verdict(worst, answer.objective)}).` : "; every word the best.")
    + (notReached ? ` ${plural(notReached, "turn", "turns")} not reached by the review.` : "");

  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, class: "review-svg", role: "img",
    "aria-labelledby": `${id}-title ${id}-desc` });
  const title = svg("title", { id: `${id}-title` });
  title.textContent = `${who}: ${SCORE} over the game and the gap per turn`;
  const description = svg("desc", { id: `${id}-desc` });
  description.textContent = desc;
  root.append(title, description);

  const text = (tx, ty, s, attrs = {}) => { const t = svg("text", { x: tx, y: ty, ...attrs }); t.textContent = s; return t; };
  // frames, axes and their labels
  root.append(svg("rect", { x: left, y: top.y0, width: plotW, height: top.y1 - top.y0, class: "chart-frame" }));
  root.append(svg("rect", { x: left, y: low.y0, width: plotW, height: low.y1 - low.y0, class: "chart-frame" }));
  // the turns the review did not reach, shaded
  const cut = series.findIndex((p) => !reviewed.has(p.turn));
  if (cut >= 0) {
    const x0 = left + (cut / count) * plotW;
    root.append(svg("rect", { x: x0, y: low.y0, width: left + plotW - x0, height: low.y1 - low.y0, class: "chart-unreached" }));
    root.append(text(left + plotW - 4, low.y1 - 6, "not reviewed", { class: "chart-tick", "text-anchor": "end" }));
  }
  root.append(text(left - 4, top.y0 + 9, String(maxScore), { class: "chart-tick", "text-anchor": "end" }));
  root.append(text(left - 4, top.y1, "0", { class: "chart-tick", "text-anchor": "end" }));
  root.append(text(left + 4, top.y0 + 12, SCORE, { class: "chart-label" }));
  root.append(text(left - 4, low.y0 + 9, formatValue(maxGap), { class: "chart-tick", "text-anchor": "end" }));
  root.append(text(left - 4, low.y1, "0", { class: "chart-tick", "text-anchor": "end" }));
  root.append(text(left + 4, low.y0 + 12, `gap (${unit})`, { class: "chart-label" }));
  if (series.length) {
    root.append(text(x(0), H - 8, `turn ${series[0].turn}`, { class: "chart-tick", "text-anchor": "start" }));
    root.append(text(x(count - 1), H - 8, `turn ${series[count - 1].turn}`, { class: "chart-tick", "text-anchor": "end" }));
  }
  // the other seats' prestige, faint; this seat's, strong
  for (let s = 0; s < n; s += 1) {
    const points = [[left, yScore(0)], ...series.map((p, i) => [x(i), yScore(p.scores[s])])];
    root.append(svg("polyline", {
      points: points.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(" "),
      class: s === seat ? "chart-line mine" : "chart-line other", stroke: s === seat ? SEAT_COLOURS[seat % SEAT_COLOURS.length] : "#b9ab95",
    }));
  }
  series.forEach((p, i) => {
    if (p.seat !== seat) return;
    root.append(svg("circle", { cx: x(i), cy: yScore(p.scores[seat]), r: 2.6, fill: SEAT_COLOURS[seat % SEAT_COLOURS.length] }));
  });
  root.append(text(left + plotW - 4, Math.max(top.y0 + 12, yScore(last) - 6), String(last), { class: "chart-value", "text-anchor": "end" }));
  // this seat's gap per turn
  const barW = Math.max(3, Math.min(22, (plotW / count) * 0.7));
  const index = new Map(series.map((p, i) => [p.turn, i]));
  for (const t of mine) {
    const i = index.has(t.turn) ? index.get(t.turn) : answer.turns.indexOf(t);
    const g = gapAmount(t, answer.objective);
    const y = yGap(g);
    const bar = svg("rect", {
      x: x(i) - barW / 2, y: g > 0 ? y : low.y1 - 2, width: barW, height: g > 0 ? low.y1 - y : 2,
      class: `chart-bar${t.word === null ? " pass" : ""}${g > 0 ? "" : " zero"}`, "data-turn": t.turn,
    });
    const tip = svg("title", {});
    tip.textContent = `Turn ${t.turn}: ${t.word ? t.word.toUpperCase() : "pass"}, ${verdict(t, answer.objective)}`;
    bar.append(tip);
    bar.addEventListener("click", () => openTurn(t.turn));
    root.append(bar);
  }

  const rows = series.filter((p) => p.seat === seat).map((p) => {
    const t = mine.find((m) => m.turn === p.turn);
    return el("tr", null, el("th", { scope: "row", text: String(p.turn) }),
      el("td", { text: t ? (t.word ? t.word.toUpperCase() : "(pass)") : "not reviewed" }),
      el("td", { text: t && t.best ? t.best.word.toUpperCase() : "—" }),
      el("td", { text: t ? formatValue(gapAmount(t, answer.objective)) : "—" }),
      el("td", { text: String(p.scores[seat]) }));
  });
  const key = el("span", { className: "chart-key", "aria-hidden": "true" });
  key.style.background = SEAT_COLOURS[seat % SEAT_COLOURS.length];
  return el("figure", { className: "review-chart", dataset: { seat } },
    el("figcaption", null, key, who,
      el("span", { className: "muted small", text: ` · ${last} ${SCORE}` }),
      n > 1 ? el("span", { className: "muted small chart-others", text: "(dashed: the other seats)" }) : null),
    el("div", { className: "chart-box" }, root),
    el("details", { className: "chart-table" }, el("summary", { text: "The chart as a table" }),
      el("div", { className: "table-wrap" }, el("table", { className: "ink-table" },
        el("caption", { className: "visually-hidden", text: `${who}: each turn's word, the best word, the gap in ${unit} and the ${SCORE} after it` }),
        el("thead", null, el("tr", null, ...["Turn", "Played", "Best", `Gap (${unit})`, `${SCORE[0].toUpperCase()}${SCORE.slice(1)} after`].map((h) => el("th", { scope: "col", text: h })))),
        el("tbody", null, ...rows)))));
}

export function renderCharts(answer) {
  const box = $("review-charts");
  const width = Math.max(260, (box.clientWidth || 320) - 2);
  const reviewed = new Set(answer.turns.map((t) => t.turn));
  const n = seatCount(answer);
  const columns = width >= 820 && n > 1 ? 2 : 1;
  const each = columns === 2 ? (width - 16) / 2 : width;
  const win = answer.win_progress ? [winChart(answer, width - 2, openTurn)] : [];
  box.replaceChildren(...win, ...Array.from({ length: n }, (_, seat) => chart(answer, seat, reviewed, each - 2)));
}

// -- the turns -------------------------------------------------------------------------------------------------------

export function openTurn(turn) {
  const item = document.querySelector(`#review-turns details[data-turn="${turn}"]`);
  if (!item) return;
  item.open = true;
  item.scrollIntoView({ block: "nearest" });
  item.querySelector("summary").focus();
}

function turnBody(answer, t) {
  const objective = answer.objective;
  const played = t.played
    ? el("div", { className: "review-side played" }, el("h4", null, "Played ", el("strong", { text: t.played.word.toUpperCase() })),
      moveCards(t.played, `The word played, ${t.played.word.toUpperCase()}, left to right`),
      el("p", { className: "small", text: moveFacts(t.played) + (t.rank ? ` · rank ${t.rank}` : "") }))
    : el("div", { className: "review-side played" }, el("h4", { text: "Passed" }), el("p", { className: "small muted", text: "No word: the hand was discarded." }));
  const best = t.best
    ? el("div", { className: "review-side best" }, el("h4", null, "Best ", el("strong", { text: t.best.word.toUpperCase() })),
      moveCards(t.best, `The best word, ${t.best.word.toUpperCase()}, left to right`),
      el("p", { className: "small", text: moveFacts(t.best) }))
    : el("div", { className: "review-side best" }, el("h4", { text: "Best" }), el("p", { className: "small muted", text: "No word could be spelled." }));
  const scores = t.scores && t.scores.length
    ? `${SCORE[0].toUpperCase()}${SCORE.slice(1)} after the turn: ${t.scores.map((s, i) => `${seatLabel(answer, i)} ${s}`).join(" · ")}.` : "";
  const ok = verdict(t, objective) === "best word played";
  return el("div", { className: "review-turn-body" },
    el("p", { className: `review-missed${ok ? " ok" : ""}`, text: verdict(t, objective) + (t.exact ? "" : " (not proven best: the search ran out of time)") }),
    winFacts(t),
    el("h4", { text: "Hand" }),
    el("ul", { className: "play-cards review-hand", "aria-label": "The hand as it was" }, ...t.hand.map((code) => tile(cardOf(code)))),
    el("div", { className: "review-compare" }, played, best),
    t.differs ? el("p", { className: "small review-differs", text: `What differs: ${t.differs}.` }) : null,
    scores ? el("p", { className: "small muted", text: scores }) : null);
}

export function renderTurns(answer) {
  const reviewed = new Map(answer.turns.map((t) => [t.turn, t]));
  const items = [];
  for (const p of answer.prestige) {
    const t = reviewed.get(p.turn);
    if (!t) {
      items.push(el("li", { className: "review-turn unreached", dataset: { turn: p.turn, seat: p.seat } },
        el("span", { className: "review-summary-line" }, el("span", { className: "turn-no", text: `Turn ${p.turn}` }),
          el("span", { className: "turn-who", text: seatLabel(answer, p.seat) }),
          el("span", { className: "turn-verdict unreached-note", text: "not reviewed (time budget)" }))));
      continue;
    }
    const ok = verdict(t, answer.objective) === "best word played";
    const win = winVerdict(t);
    const details = el("details", { className: "review-turn-details", dataset: { turn: t.turn, seat: t.seat } },
      el("summary", null, el("span", { className: "review-summary-line" },
        el("span", { className: "turn-no", text: `Turn ${t.turn}` }),
        el("span", { className: "turn-who", text: seatLabel(answer, t.seat) }),
        el("span", { className: "turn-word", text: t.word ? t.word.toUpperCase() : "(pass)" }),
        el("span", { className: `turn-verdict${ok ? " ok" : " behind"}`, text: ok ? "best" : gapText(t, answer.objective) }),
        win ? el("span", { className: `turn-win${t.worst ? " worst" : ""}`, text: win }) : null)));
    details.addEventListener("toggle", () => {
      if (details.open && details.children.length === 1) details.append(turnBody(answer, t));
    });
    items.push(el("li", { className: "review-turn", dataset: { turn: t.turn, seat: t.seat } }, details));
  }
  // a review without the game's prestige series (an older service): the reviewed turns alone
  if (!answer.prestige.length) {
    for (const t of answer.turns) items.push(el("li", { className: "review-turn", text: `Turn ${t.turn}: ${verdict(t, answer.objective)}` }));
  }
  $("review-turns").replaceChildren(...items);
}

function renderSummary(answer) {
  const by = { value: "value (weighted)", prestige: "prestige", coins: "coins", win: "the chance to win (the words by value)" }[answer.objective];
  const lines = [el("p", null, el("strong", { text: `Reviewed ${answer.reviewed} of ${plural(answer.total, "turn", "turns")}` }), ` by ${by}.`)];
  if (!answer.complete) {
    const first = answer.turns.length ? answer.turns[0].turn : 0;
    const last = answer.turns.length ? answer.turns[answer.turns.length - 1].turn : 0;
    const reached = !answer.turns.length ? "no turn" : first === last ? `turn ${first} only` : `turns ${first} to ${last}`;
    lines.push(el("p", { className: "review-cut", text: `The service's time budget ran out: it reached ${reached}; the rest are not reviewed. `
      + "Allow more time (the time limit above, up to the service's budget) to review more." }));
  } else if (!answer.exact) {
    lines.push(el("p", { className: "review-cut", text: "Some turns' searches ran out of time: their best words are the best found, not proven best." }));
  }
  if (answer.replays_to_state === false) {
    lines.push(el("p", { className: "small muted", text: "The record's saved state is not where its log leads: the log's game is reviewed." }));
  }
  if (answer.worst && answer.worst.length) {
    lines.push(el("p", null, "The turns that lost the most: ", ...answer.worst.flatMap((turn, i) => [i ? ", " : "",
      el("button", { type: "button", className: "button small subtle", dataset: { worst: turn }, onclick: () => openTurn(turn), text: `turn ${turn}` })]), "."));
  }
  if (answer.win_progress) {
    lines.push(el("p", { className: "small muted", text: `Chances to win are estimates: the learned win model after ${answer.win_samples} sampled worlds a turn; `
      + "a turn's loss is the expert's turn from the same start less the turn as played." + (answer.win_complete === false ? " The time budget ran out before every turn was estimated." : "") }));
  }
  lines.push(el("p", { className: "small muted", text: `Each word is rated as it was laid out and played; rank 1 is the best. Dictionary: ${answer.dictionary}.` }));
  $("review-summary").replaceChildren(...lines);
}

export function renderReview(answer, cards) {
  known = cards;
  SCORE = answer.game === "paperback" ? "Fame" : "prestige";
  renderSummary(answer);
  renderTurns(answer);
  renderCharts(answer);
  for (const turn of answer.worst || []) {
    const item = document.querySelector(`#review-turns details[data-turn="${turn}"]`);
    if (item) item.open = true; // the worst turns open
  }
}
