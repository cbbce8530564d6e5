/* Review a game (POST /v1/hardback/review): the game just finished in the Play view, or a record loaded from a file
   (what `ghostwriter play --save`, `tournament --records` and the Play view's Save write). The service replays the
   record from its seed through the engine and answers each turn's word against the best word, the gap, and every
   seat's prestige once each turn was over; this module only sends the record and hands the answer to
   review-render.js. The page computes nothing of the game. */

import { api } from "./api.js";
import { $, sentence } from "./dom.js";
import { paperbackReview } from "./review-pb.js";
import { renderCharts, renderReview } from "./review-render.js";

let record = null; // { record: {options, seed, log, seats, players?}, source: "words", names: [...] }
let answer = null;
let cards = null; // code -> card from GET /v1/cards, for the tiles
let controller = null;

function showError(err) {
  const box = $("review-error");
  if (!err) { box.hidden = true; box.textContent = ""; return; }
  box.textContent = sentence(err.message || String(err));
  box.hidden = false;
}

async function catalogue() {
  if (cards) return cards;
  const found = new Map();
  try {
    const res = await api("/v1/cards");
    for (const card of res.cards) found.set(card.code, card);
  } catch (_err) { /* the tiles fall back to the codes */ }
  cards = found;
  return cards;
}

/** What the service needs of a record, and no more (a long game's state would pass the body's 64 KiB): the
    options, the seed, the log, the seats' names and, with powers, each seat's power. */
function slim(data) {
  const out = { options: data.options, seed: data.seed, log: data.log };
  if (Array.isArray(data.seats)) out.seats = data.seats;
  if (data.options && data.options.powers && data.options.powers !== "none" && Array.isArray(data.players)) {
    out.players = data.players.map((p) => ({ power: p && p.power }));
  }
  return out;
}

/** What the service reads of a Paperback record: its deck, options, seed and log (and the seats' names). */
export function paperbackRecord(data) {
  const out = { game: "paperback", deck: data.deck, options: data.options, seed: data.seed, log: data.log };
  if (Array.isArray(data.seats)) out.seats = data.seats;
  return out;
}

/** A record from a file: a `play --save` or `tournament --records` record (state, log, seats), or the Play view's
    save (its game, seats and the log of the actions it sent since the deal). */
export function recordOf(data) {
  if (data && data.version === 1 && data.game) {
    if (!Array.isArray(data.log)) {
      throw new Error("this saved game holds no log of its actions (it was loaded part-way or saved by an older page), so it cannot be replayed for a review");
    }
    const me = Number(data.me || 0);
    const seats = (data.seats || []).map((s, i) => (i === me ? "You" : `${s} bot`));
    return slim({ ...data.game, log: data.log, seats: seats.length === data.game.players.length ? seats : undefined });
  }
  if (data && data.game === "paperback" && "log" in data) return paperbackRecord(data);
  if (data && typeof data === "object" && !Array.isArray(data) && "log" in data) return slim(data);
  throw new Error("this file is not a game record: a record holds the game's options, seed and log, as ghostwriter play --save writes it");
}

/** Take a record to review (from the Play view, or a file), and review it. */
export function reviewRecord(data, source, game = "hardback") {
  record = { record: data, source, game };
  answer = null;
  $("review-source").textContent = source;
  $("review-go").disabled = false;
  $("review-results").hidden = true;
  showError(null);
  return run();
}

async function load(event) {
  const file = event.target.files && event.target.files[0];
  event.target.value = "";
  if (!file) return;
  showError(null);
  let data;
  try {
    data = recordOf(JSON.parse(await file.text()));
  } catch (err) {
    showError(err instanceof SyntaxError ? new Error(`${file.name} is not JSON`) : err);
    return;
  }
  const seats = Array.isArray(data.seats) ? `: ${data.seats.join(" vs ")}` : "";
  await reviewRecord(data, `Loaded ${file.name} (seed ${data.seed}, ${data.log.length} actions${seats}).`, data.game === "paperback" ? "paperback" : "hardback");
}

async function run() {
  if (!record) return;
  if (controller) controller.abort();
  controller = new AbortController();
  const mine = controller;
  showError(null);
  const button = $("review-go");
  button.disabled = true;
  button.classList.add("busy");
  button.textContent = "Reviewing…";
  document.getElementById("review-view").classList.add("is-busy");
  const objective = $("review-objective").value;
  // Paperback's objectives: win, value, score, length (its score is the word's; prestige and coins are Hardback's)
  const body = { record: record.record, objective: record.game === "paperback" && !["win", "value"].includes(objective) ? "win" : objective };
  const limit = Number($("review-time").value);
  if ($("review-time").value !== "" && Number.isFinite(limit) && limit > 0) body.time_limit = limit;
  try {
    const [res, known] = await Promise.all([api(`/v1/${record.game}/review`, body, mine.signal), record.game === "hardback" ? catalogue() : null]);
    if (mine !== controller) return;
    const [shaped, tiles] = record.game === "paperback" ? await paperbackReview(res) : [res, known];
    if (mine !== controller) return;
    answer = shaped;
    renderReview(answer, tiles);
    $("review-results").hidden = false;
  } catch (err) {
    if (mine !== controller || err.aborted) return;
    answer = null;
    $("review-results").hidden = true;
    // a 4xx names the record's field at fault: said as the service says it, after what went wrong
    showError(err.status && err.status < 500 ? new Error(`The service cannot review this record: ${err.message}`) : err);
  } finally {
    if (mine === controller) {
      controller = null;
      button.disabled = false;
      button.classList.remove("busy");
      button.textContent = "Review";
      document.getElementById("review-view").classList.remove("is-busy");
    }
  }
}

/** The Review view is shown: draw the charts again at the width they now have. */
export function showReview() {
  if (answer) renderCharts(answer);
}

export function bindReview() {
  $("review-load").addEventListener("change", load);
  $("review-go").addEventListener("click", run);
  $("review-objective").addEventListener("change", () => { if (record) run(); });
  let width = 0;
  const watch = new ResizeObserver(() => {
    const now = $("review-charts").clientWidth;
    if (answer && now && Math.abs(now - width) > 4) { width = now; renderCharts(answer); }
  });
  watch.observe($("review-charts"));
}
