/* Drawing the Play view from the service's view of the table (POST /v1/hardback/game/view): the prestige track,
   the cards, the word being laid out with its open choices, the actions the engine accepts now, the log. Only
   drawing: what is legal comes from the service, and what a tap does is play.js's. */

import { $, el, formatValue, sentence } from "./dom.js";

const KIND_WORDS = { either: "coins or prestige", token: "ink or remover", trash: "trash it or keep it", double: "which neighbour to double" };

export function short(code) {
  const [head, rest] = code.split(":");
  if (rest === undefined || code.includes("{") || head.includes("/")) return code; // a Paperback code stays whole
  return `${head[0]}:${rest}`;
}

/** A card as a tile: letter, cost, genre colour, its benefits as the tooltip and the accessible name. */
export function cardTile(card, attrs = {}, extra = null) {
  const genre = card.genre || "starter";
  const face = attrs.face === "wild" ? "wild" : "up";
  const name = attrs.name || `${face === "wild" ? "face-down " : ""}${short(card.code)}${card.text && card.text !== "nothing" ? `: ${card.text}` : ""}`;
  return el("button", {
    type: "button", className: `play-card genre-${genre} face-${face}${attrs.className ? ` ${attrs.className}` : ""}`,
    title: name, "aria-label": attrs.label || name, dataset: { code: card.code, ...(attrs.dataset || {}) },
    draggable: attrs.draggable ? "true" : null, disabled: attrs.disabled, onclick: attrs.onclick,
    "aria-pressed": attrs.pressed === undefined ? null : String(attrs.pressed),
  },
  el("span", { className: "card-letter", text: face === "wild" ? (attrs.wildLetter || "?") : card.letter }),
  el("span", { className: "card-cost", text: card.starter ? "" : `${card.cost}` }),
  el("span", { className: "card-code", text: attrs.caption ?? short(card.code) }),
  extra);
}

export function seatName(play, seat) {
  return seat === play.me ? "You" : `${play.seats[seat]} bot (seat ${seat + 1})`;
}

export function renderTrack(play, view) {
  const track = $("play-track");
  track.replaceChildren();
  for (const p of view.players) {
    const share = Math.min(100, Math.round((p.prestige / view.target) * 100));
    const bar = el("span", { className: "track-fill" });
    bar.style.width = `${share}%`;
    const facts = [`${p.ink} ink`, `${p.remover} remover`, `deck ${p.deck}`, `discard ${p.discard}`];
    if (view.next_advert !== null || p.adverts) facts.push(`adverts ${p.adverts}/5`);
    if (p.jail.length) facts.push(`jail ${p.jail.map((c) => short(c.code)).join(" ")}`);
    if (p.in_play.length) facts.push(`classics ${p.in_play.map((c) => short(c.code)).join(" ")}`);
    if (p.award) facts.push("holds the literary award");
    const item = el("li", { className: `track-seat${p.seat === view.current && !view.over ? " in-turn" : ""}`, dataset: { seat: p.seat } },
      el("div", { className: "track-head" },
        el("strong", { text: seatName(play, p.seat) }),
        el("span", { className: "track-score", text: `${p.score} / ${view.target}` })),
      el("span", { className: "track-bar", role: "presentation" }, bar),
      el("span", { className: "muted small", text: facts.join(" · ") }),
      p.power ? el("span", { className: "small", text: `Power: ${p.power.title} (${p.power.cost} ink): ${p.power.text}` }) : null,
      p.event ? el("span", { className: "small", text: `Event: ${p.event.name}${p.event.text ? ` — ${p.event.text}` : ""}` }) : null);
    track.append(item);
  }
  if (view.penny) {
    track.append(el("li", { className: "track-seat penny" },
      el("div", { className: "track-head" }, el("strong", { text: `Penny Dreadful (${view.penny.genre})` }),
        el("span", { className: "track-score", text: String(view.penny.prestige) }))));
  }
}

export function turnLine(play, view) {
  if (view.over) {
    const scores = view.players.map((p) => `${seatName(play, p.seat)} ${p.score}`).join(", ");
    let verdict;
    if (view.result) verdict = view.result === "won" ? "The table wins!" : "Penny Dreadful wins.";
    else if (view.winner === null) verdict = "A shared win.";
    else verdict = view.winner === play.me ? "You win!" : `${seatName(play, view.winner)} wins.`;
    return `Game over. ${verdict} Final scores: ${scores}.`;
  }
  const whose = view.current === play.me ? "your turn" : `${seatName(play, view.current)}'s turn`;
  const waiting = view.acting !== view.current ? ` · waiting on ${seatName(play, view.acting)}` : "";
  return `Turn ${view.turns + 1} · round ${view.rounds + 1} · ${whose} (${view.phase})${waiting} · target ${view.target}${view.ending ? " · last round" : ""}`;
}

export function renderLog(play) {
  const log = $("play-log");
  log.replaceChildren(...play.said.slice(-200).map((line) => el("li", { text: line })));
  log.scrollTop = log.scrollHeight;
}

/** The open choices of a word, each as buttons, the ghost writer's answer marked. */
export function renderQuestions(questions, entries, picks, onPick) {
  const list = $("play-questions");
  list.replaceChildren();
  for (const q of questions) {
    const entry = entries[q.position];
    const key = `${q.position}:${q.key}`;
    const chosen = key in picks ? picks[key] : q.best;
    const label = `${short(entry.code)} (letter ${q.position + 1}): ${KIND_WORDS[q.key]}`;
    const buttons = q.answers.map((answer) => {
      const text = q.key === "trash" ? (answer ? "trash" : "keep") : String(answer);
      const best = answer === q.best;
      return el("button", {
        type: "button", className: `button small choice${best ? " suggested" : ""}`, "aria-pressed": String(answer === chosen),
        dataset: { key: q.key, position: q.position, answer: text },
        title: best ? "the ghost writer's choice" : null,
        onclick: () => onPick(key, answer),
      }, text, best ? el("span", { className: "star", "aria-label": " (ghost writer's choice)", text: " ★" }) : null);
    });
    list.append(el("li", { className: "question", dataset: { key: q.key, position: q.position } },
      el("span", { className: "question-text", text: label }), el("span", { className: "choice-buttons" }, ...buttons)));
  }
}

export function moveSummary(move) {
  return `${move.word.toUpperCase()}: ${move.prestige} prestige, ${move.coins} coin${move.coins === 1 ? "" : "s"}${move.ink ? `, ${move.ink} ink` : ""}${move.remover ? `, ${move.remover} remover` : ""} (value ${formatValue(move.value)})`;
}

const pct = (x) => `${Math.round(100 * x)}%`;

/** The expert's advice under the guide (GET from /game/view's advice): its next action, the chance to win the plan
    leads to and the runner-up's (estimates, ± one standard error); a suggested word gets a button that plays it. */
export function renderAdvice(advice, mine, onPlay, busy) {
  let box = document.getElementById("play-advice");
  if (!box) {
    box = el("p", { id: "play-advice", className: "play-advice" });
    $("play-guide").after(box);
  }
  box.hidden = !mine || !advice;
  if (box.hidden) { box.replaceChildren(); return; }
  const a = advice.action;
  const what = a.action === "spell" ? `spell ${a.word.toUpperCase()}` : advice.plan && advice.decision ? advice.plan : a.action.replace("_", " ");
  const parts = [el("span", { className: "star", text: "★ " }), `The expert: ${what}`];
  if (typeof advice.win === "number") {
    parts.push(`, a chance to win of ${pct(advice.win)} ± ${pct(advice.se)}`);
    if (advice.runner_up) {
      const other = advice.runner_up.plan;
      const same = a.action === "spell" && other.toLowerCase() === a.word.toLowerCase();
      parts.push(` (next best, ${same ? `${other} laid out otherwise` : other}: ${pct(advice.runner_up.win)})`);
    }
    parts.push(el("span", { className: "muted small", text: " estimates" }));
  }
  if (a.action === "spell") {
    parts.push(" ", el("button", { type: "button", className: "button small suggested", dataset: { action: "suggested-spell" }, disabled: busy,
      title: "the expert's word, laid out with its choices", onclick: () => onPlay(a) }, `Play ${a.word.toUpperCase()}`,
    el("span", { className: "star", "aria-label": " (the expert's choice)", text: " ★" })));
  }
  box.replaceChildren(...parts);
}

// -- shared by both games' tables (play.js, pbtable.js) -----------------------------------------------------------------

/** The setup's seat and bot choices for ``prefix`` (play, pbt): a seat a player, a level (``choices``) a bot,
    each bot's choice kept when the count changes (``fallback`` for a new one). */
export function renderSeatChoice(prefix, choices, fallback, legend) {
  const bots = Number($(`${prefix}-bots`).value);
  const seat = $(`${prefix}-seat`);
  const chosen = Number(seat.value || 0);
  seat.replaceChildren(...Array.from({ length: bots + 1 }, (_, i) => el("option", { value: i, text: `${i + 1}${i === 0 ? " (first)" : ""}` })));
  seat.value = String(Math.min(chosen, bots));
  const levels = $(`${prefix}-levels`);
  const before = [...levels.querySelectorAll("select")].map((s) => s.value);
  levels.replaceChildren(el("span", { className: "legend", text: legend }), ...Array.from({ length: bots }, (_, i) => {
    const select = el("select", { id: `${prefix}-level-${i}`, "aria-label": `Bot ${i + 1}'s level` },
      ...choices.map((level) => el("option", { value: level, text: level })));
    select.value = before[i] || fallback;
    return el("label", { for: `${prefix}-level-${i}`, className: "level" }, `Bot ${i + 1}`, select);
  }));
}

/** An error said in the box ``id`` as a sentence (none: the box hidden). */
export function showErrorIn(id, err) {
  const box = $(id);
  if (!err) { box.hidden = true; box.textContent = ""; return; }
  box.textContent = sentence(err.message || String(err));
  box.hidden = false;
}

/** Keep ``value`` in localStorage under ``key`` (null: forget it); storage full or off: the game still plays. */
export function keep(key, value) {
  try {
    if (value) localStorage.setItem(key, JSON.stringify(value));
    else localStorage.removeItem(key);
  } catch (_err) { /* the game goes on, kept only while the page is open */ }
}

/** What localStorage keeps under ``key`` (null: nothing, or nothing readable). */
export function kept(key) {
  try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (_err) { return null; }
}

/** Run ``work`` with the button ``id`` pressed down (disabled, marked busy); its error said by ``showError``. */
export async function whileBusy(id, work, showError) {
  showError(null);
  const button = $(id);
  button.disabled = true;
  button.classList.add("busy");
  try {
    await work();
  } catch (err) {
    showError(err);
  } finally {
    button.classList.remove("busy");
    button.disabled = false;
  }
}
