/* Play Paperback at a table the service holds (POST /v1/paperback/tables): the page keeps only the seat's token
   (in localStorage, so a reload or a browser closed and opened again goes back to the game), sends the person's
   actions (POST /v1/tables/seat/action: the bots' turns are played on the server before it answers), and shows
   what the seat sees (GET /v1/tables/seat), the ghost writer's best words (?hints=) and the expert's next action
   (?suggest=true). The page knows no rules: what is legal, and what is wrong with a word, are the service's. */

import { api } from "./api.js";
import { $ } from "./dom.js";
import { keep, kept, renderSeatChoice, whileBusy, showErrorIn } from "./play-render.js";
import { paperbackRecord, reviewRecord } from "./review.js";
import { readCards } from "./pbtable-cards.js";
import { guide, renderTable, tellMoves } from "./pbtable-render.js";
import { clearWord, fillWilds, layOutAction, layOutText, spellAction, word, wordText } from "./pbtable-word.js";

const STORE = "gw-pbtable-v1";
const BOTS = ["random", "greedy", "hard", "expert"];
const HINTS = 5;
const MAX_BOT_ROUNDS = 50; // requests that let the bots go on after the service's time budget cut them short

/** The table: its token, the seats' players, the person's seat, the log's lines; the last answer and view. */
const t = { table: null, res: null, view: null, advice: null, hints: [], busy: false, setupOpen: false, deck: null };

const BUSY_TRIES = 4; // a busy service (503: its heavy searches queued) is asked again, a little later
const BUSY_WAIT_MS = 1500;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The seat's request (GET without ``body``), with its token; asked again while the service is busy. */
async function seat(path, body) {
  for (let tries = 1; ; tries += 1) {
    try {
      return await api(path, body, undefined, { Authorization: `Bearer ${t.table.token}` });
    } catch (err) {
      if (err.status !== 503 || tries >= BUSY_TRIES) throw err;
      await sleep(BUSY_WAIT_MS * tries);
    }
  }
}

function persist() {
  keep(STORE, t.table);
}

export function showError(err) {
  showErrorIn("pbt-error", err);
}

function setBusy(on) {
  t.busy = on;
  $("pbt").classList.toggle("is-busy", on);
  render();
}

function render() {
  if (!t.table || !t.view) {
    $("pbt-setup").hidden = false;
    $("pbt-game").hidden = true;
    return;
  }
  $("pbt-setup").hidden = !t.setupOpen;
  $("pbt-game").hidden = false;
  renderTable(t, handlers);
  $("pbt-guide").textContent = guide(t);
}

// -- setup -------------------------------------------------------------------------------------------------------

function renderSetup() {
  renderSeatChoice("pbt", BOTS, "hard", "Each bot");
}

async function readDeck(event) {
  const file = event.target.files && event.target.files[0];
  t.deck = null;
  $("pbt-deck-name").textContent = "the house deck";
  if (!file) return;
  try {
    t.deck = JSON.parse(await file.text());
    $("pbt-deck-name").textContent = file.name;
    showError(null);
  } catch (_err) {
    event.target.value = "";
    showError(new Error(`${file.name} is not JSON: a deck file is JSON, as solver/data/paperback-house-deck.json`));
  }
}

async function start() {
  showError(null);
  const me = Number($("pbt-seat").value || 0);
  const bots = [...document.querySelectorAll("#pbt-levels select")].map((s) => s.value);
  const seats = [];
  for (let s = 0, b = 0; s < bots.length + 1; s += 1) seats.push(s === me ? "person" : bots[b++]);
  const options = { min_length: Number($("pbt-min-length").value || 2) };
  for (const box of document.querySelectorAll("#pbt-options input[data-option]")) if (box.checked) options[box.dataset.option] = true;
  const timer = Number($("pbt-timer").value || 0);
  if (timer) options.turn_timer = timer;  // the advice rule's timer: past it a hand shows as its bounty
  const body = { seats, options };
  if (t.deck) body.deck = t.deck;
  const button = $("pbt-start");
  button.disabled = true;
  try {
    const made = await api("/v1/paperback/tables", body);
    const invite = made.invites.find((i) => i.seat === me);
    const lines = [`New table: ${seats.map((s, i) => (i === me ? "you" : `${s} bot`)).join(", ")}${t.deck ? `, deck ${$("pbt-deck-name").textContent}` : ""}.`];
    t.table = { token: invite.token, id: made.table, me, seats, said: lines };
    tellMoves(t, made.played, null);
    t.setupOpen = false;
    t.hints = [];
    clearWord();
    persist();
    await refresh();
  } catch (err) {
    showError(err);
  } finally {
    button.disabled = false;
  }
}

// -- the game's loop ---------------------------------------------------------------------------------------------

let asking = 0; // the latest view asked for: an older answer arriving late is dropped

let timerCheck = null; // the turn timer: the view looked at again when its time is up (the bounties then shown)

function watchTimer() {
  clearTimeout(timerCheck);
  const timer = t.view && !t.view.over ? t.view.timer : null;
  if (timer && !timer.bounty.length && timer.left > 0) timerCheck = setTimeout(() => { void refresh(); }, timer.left * 1000 + 100);
}

async function take(res) {
  t.res = res;
  t.view = res.view;
  watchTimer();
  await readCards(codesShown(res.view)).catch(() => { /* the tiles show the codes */ });
}

function codesShown(view) {
  const codes = [...view.hand, view.common, ...view.word, ...view.trash];
  for (const pile of view.offer) codes.push(pile.top, pile.row);
  return codes;
}

/** The seat's view now; then, when it is to act, the expert's advice (heavy: asked after the view is drawn). */
async function refresh() {
  const mine = ++asking;
  const res = await seat("/v1/tables/seat");
  if (mine !== asking) return;
  await take(res);
  t.advice = null;
  render();
  if (res.waiting === "bot") { // the bots were cut short: they go on, the table shown busy meanwhile
    setBusy(true);
    try { await letBotsGo(); } finally { setBusy(false); }
  }
  if (!t.res.over && t.res.to_act === t.table.me) void askAdvice(asking);
}

async function askAdvice(mine) {
  try {
    const res = await seat("/v1/tables/seat?suggest=true");
    if (mine !== asking || res.version !== t.res.version) return;
    t.advice = res.advice || null;
    render();
  } catch (_err) { /* no advice this time: the game goes on without it */ }
}

/** The person's action: the service plays it, then the bots' turns, and answers what was played. */
async function act(action) {
  if (t.busy) return;
  showError(null);
  const before = t.view;
  setBusy(true);
  try {
    const res = await seat("/v1/tables/seat/action", { action });
    asking += 1;
    await take(res);
    tellMoves(t, res.played, before);
    if (action.action === "spell" || action.action === "pass") { clearWord(); t.hints = []; }
    if (res.view.phase !== "word") t.hints = [];
    t.advice = null;
    persist();
    if (res.waiting === "bot") await letBotsGo();
  } catch (err) {
    showError(err);
  } finally {
    setBusy(false);
  }
  if (t.res && !t.res.over && t.res.to_act === t.table.me) void askAdvice(asking);
}

/** The bots ran out of the service's time budget in one request: let them go on until a person must act. */
async function letBotsGo() {
  for (let i = 0; i < MAX_BOT_ROUNDS && t.res.waiting === "bot"; i += 1) {
    const before = t.view;
    const res = await seat("/v1/tables/seat/bots", {});
    await take(res);
    tellMoves(t, res.played, before);
    persist();
    render();
    if (!res.played.length) await sleep(BUSY_WAIT_MS); // the service was busy: the bots go on a little later
  }
}

function hint() {
  return whileBusy("pbt-hint", async () => {
    const res = await seat(`/v1/tables/seat?hints=${HINTS}`);
    t.hints = res.hints || [];
    if (!t.hints.length) showError(new Error("the ghost writer finds no word in this hand: pass to end your turn"));
    render();
  }, showError);
}

// -- the word ----------------------------------------------------------------------------------------------------

const canReverse = () => Boolean(t.view && (t.view.common === "dyslexic" || t.view.hand.includes("dyslexic")));

/** Lay out the typed word on the hand (the wilds of a word laid out by taps take the letters typed). */
function layOut() {
  showError(null);
  const text = $("pbt-word-text").value.trim().toLowerCase();
  if (!text) { showError(new Error("type a word, or tap cards to lay one out")); return false; }
  if (word.pieces.length && fillWilds(text, t.view)) { render(); return true; }
  const pieces = layOutText(text, t.view, canReverse());
  if (!pieces) { showError(new Error(`your hand cannot spell ${text.toUpperCase()}`)); return false; }
  clearWord();
  word.pieces = pieces;
  render();
  return true;
}

async function spell() {
  const typed = $("pbt-word-text").value.trim().toLowerCase();
  if (!word.pieces.length && !typed) return;
  if (typed && typed !== wordText(t.view) && !layOut()) return;
  if (wordText(t.view).includes("?")) {
    showError(new Error("type the word: each wild takes the letter typed at its place"));
    return;
  }
  await act(spellAction(t.view));
}

const handlers = {
  act: (action) => act(action),
  changed: () => render(),
  playHint: (h) => { layOutAction(h.action); render(); },
  playAdvice: (action) => act(action),
};

// -- the table kept in this browser, and its review ---------------------------------------------------------------

let resumed = false;

/** The Play view is shown with Paperback chosen: go back to the table kept in this browser, once. */
export async function showPbTable() {
  if (resumed) return;
  resumed = true;
  const saved = kept(STORE);
  if (!saved || typeof saved.token !== "string") { render(); return; }
  t.table = saved;
  try {
    await refresh();
  } catch (err) {
    if (err.status === 401 || err.status === 404) { // the table is gone (the service forgets old tables)
      t.table = null;
      t.view = null;
      persist();
    }
    showError(err);
    render();
  }
}

async function review() {
  try {
    const res = await seat("/v1/tables/seat/moves");
    if (!res.record) throw new Error("the game is not over yet: its record opens once it is");
    const names = t.table.seats.map((s, i) => (i === t.table.me ? "You" : `${s} bot`));
    const record = paperbackRecord({ ...res.record, seats: names });
    history.replaceState(null, "", "#review");
    window.dispatchEvent(new HashChangeEvent("hashchange"));
    await reviewRecord(record, `The Paperback game just played: ${names.join(" vs ")}, ${record.log.length} actions.`, "paperback");
  } catch (err) {
    showError(err);
  }
}

export function bindPbTable() {
  renderSetup();
  $("pbt-bots").addEventListener("change", renderSetup);
  $("pbt-deck-file").addEventListener("change", readDeck);
  $("pbt-start").addEventListener("click", start);
  $("pbt-new").addEventListener("click", () => { t.setupOpen = true; $("pbt-cancel-setup").hidden = false; render(); $("pbt-setup").scrollIntoView(); });
  $("pbt-cancel-setup").addEventListener("click", () => { t.setupOpen = false; render(); });
  $("pbt-review").addEventListener("click", review);
  $("pbt-lay").addEventListener("click", layOut);
  $("pbt-word-text").addEventListener("keydown", (event) => { if (event.key === "Enter") layOut(); });
  $("pbt-word-text").addEventListener("input", (event) => { // a typed word plays as it is laid out
    $("pbt-spell").disabled = t.busy || (!word.pieces.length && !event.target.value.trim());
  });
  $("pbt-spell").addEventListener("click", spell);
  $("pbt-hint").addEventListener("click", hint);
  $("pbt-clear").addEventListener("click", () => { clearWord(); $("pbt-word-text").value = ""; render(); });
}
