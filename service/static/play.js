/* Play a game of Hardback against bots at a table the service holds (POST /v1/hardback/tables): the browser keeps
   only the person's seat's token (in localStorage: a reload, or the browser closed and opened again, resumes the
   game) and sees only what that seat sees (GET /v1/tables/seat: its own hand, never the draw order or another
   hand). Each action goes to POST /v1/tables/seat/action, after which the bots play on the server; the answer
   tells each move in words, shown at a readable pace. The ghost writer's words (?hints=), the expert's next action
   (?suggest=true) and the choices a laid-out word leaves open (POST /v1/tables/seat/read) are the seat's only.
   The page knows no rules of its own. Save writes the seat's invite (or, once the game is over, its record); Load
   goes on with a saved game the service signed, at a new table. */

import { api } from "./api.js";
import { $, el, plural, sentence } from "./dom.js";
import { reviewRecord } from "./review.js";
import { cardTile, keep, kept, whileBusy, moveSummary, renderAdvice, renderQuestions, renderSeatChoice, renderTrack, seatName, short, showErrorIn, turnLine }
  from "./play-render.js";
import { hintButton, movesCards, renderConfirm, renderLogTurns, renderValueNote, textCard } from "./play-table.js";

const STORE = "gw-play-v2";
const LEVELS = ["easy", "medium", "hard", "expert"];

/** The game in play: the table, the person's seat and its token, each seat's player ("you" or a bot level), the
    options, what was said, the log before the table (``before``: the actions from the deal to a loaded save, [] for
    a table dealt here; not an array when unknown, and then the game cannot be reviewed), whose turn it waits on. */
let play = null;
let view = null;
let busy = false;
// the word being laid out: one entry a letter {id, code, face, source, card, wild}; the choices picked; the reading
let word = [];
let picks = {};
let reading = null;
let hints = [];
let hintWeights = null; // the weights the hints' value counts (the stage's), for the page to say what value means
let confirming = null; // the action waiting for the person's confirmation, with its preview
let setupOpen = false;

function delay() {
  const given = new URLSearchParams(location.search).get("delay") ?? localStorage.getItem("gw-play-delay");
  const ms = given === null || given === "" ? 700 : Number(given);
  return Number.isFinite(ms) && ms >= 0 ? ms : 700;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function persist() {
  keep(STORE, play);
}

function showError(err) {
  showErrorIn("play-error", err);
}

function setBusy(on) {
  busy = on;
  document.getElementById("play-view").classList.toggle("is-busy", on);
}

// -- setup ---------------------------------------------------------------------------------------------------------

function renderSetup() {
  renderSeatChoice("play", LEVELS, "medium", "Bot levels");
}

function setupOptions() {
  const coop = $("play-coop").checked;
  return {
    players: Number($("play-bots").value) + 1,
    target: Number($("play-target").value || 60),
    rules: $("play-rules").value,
    literary_awards: $("play-awards").checked,
    adverts: $("play-adverts").checked,
    ghost_writer: $("play-ghost").checked,
    powers: $("play-powers").value,
    events: $("play-events").checked,
    coop,
    penny_genre: coop ? $("play-penny").value : "none",
  };
}

async function start() {
  showError(null);
  const options = setupOptions();
  const me = Number($("play-seat").value || 0);
  const levels = [...document.querySelectorAll("#play-levels select")].map((s) => s.value);
  const seats = [];
  for (let seat = 0, b = 0; seat < options.players; seat += 1) seats.push(seat === me ? "you" : levels[b++]);
  const button = $("play-start");
  button.disabled = true;
  try {
    const said = [`New game: target ${options.target}, ${seats.map((s, i) => (i === me ? "you" : `${s} bot`)).join(", ")}.`];
    await sit({ seats, options }, seats, me, options, [], said);
  } catch (err) {
    showError(err);
  } finally {
    button.disabled = false;
  }
}

/** A new table (``body``: its options, or a saved game), the person at seat ``me``: its token kept, the bots'
    first turns told, the table drawn. */
async function sit(body, seats, me, options, before, said) {
  const made = await api("/v1/hardback/tables", { ...body, seats: seats.map((s, i) => (i === me ? "person" : s)) });
  play = { version: 2, table: made.table, token: made.invites[me].token, seats, me, options, before, said,
    waiting: made.waiting };
  await tell(made.played);
  await begin();
}

async function begin() {
  setupOpen = false;
  clearWord();
  hints = [];
  persist();
  await refresh();
  await runBots();
}

/** A request of the seat: its token in the Authorization header (never in the address). */
function seat(path, body) {
  return api(path, body, undefined, { Authorization: `Bearer ${play.token}` });
}

/** An answer of the table: the seat's view, whose turn it waits on, the expert's advice when asked for. */
function take(res) {
  play.waiting = res.waiting;
  if (res.view) view = res.view;
  if (res.advice) {
    view.advice = res.advice;
    view.suggestion = res.advice.action;
  }
}

/** The moves an answer played, told in the log: the bots' one by one at a readable pace. */
async function tell(played) {
  for (const m of played || []) {
    const who = m.seat === play.me ? "You" : seatName(play, m.seat);
    play.said.push(`${who}: ${m.text || m.action.action}`);
    if (m.seat !== play.me && view) {
      render();
      await sleep(delay());
    }
  }
  persist();
}

// -- the game's loop -----------------------------------------------------------------------------------------------

async function refresh(suggest = true) {
  const was = busy;
  setBusy(true);
  try {
    take(await seat(`/v1/tables/seat${suggest ? "?suggest=true" : ""}`));
  } finally {
    setBusy(was);
  }
  render();
}

/** Apply the person's action: the service tells it in words and answers the new state and view. */
async function act(action) {
  if (busy) return;
  showError(null);
  setBusy(true);
  try {
    const res = await seat("/v1/tables/seat/action", { action });
    if (action.action === "spell") { clearWord(); hints = []; }
    const mine = res.played.filter((m) => m.seat === play.me);
    await tell(mine);
    take(res);
    render();
    await tell(res.played.filter((m) => m.seat !== play.me));
    setBusy(false);
    await runBots();
  } catch (err) {
    showError(err);
  } finally {
    setBusy(false);
    render();
  }
}

/** While the game waits on the bots (the service's time budget cut their turns short), let them go on. */
async function runBots() {
  let guard = 0;
  while (play && play.waiting === "bot" && guard < 500) {
    guard += 1;
    setBusy(true);
    render();
    const res = await seat("/v1/tables/seat/bots", {});
    await tell(res.played);
    take(res);
    persist();
  }
  setBusy(false);
  if (view && !view.over && view.acting === play.me && !view.advice) await refresh(true);
  render();
}

// -- the word --------------------------------------------------------------------------------------------------------

function clearWord() {
  word = [];
  picks = {};
  reading = null;
}

function wordText() {
  return word.map((e) => (e.face === "wild" ? (e.wild || "?") : e.card.letter.toLowerCase())).join("");
}

function addToWord(id, card, source) {
  if (word.some((e) => e.id === id)) {
    word = word.filter((e) => e.id !== id);
  } else {
    word.push({ id, code: card.code, face: "up", source, card, wild: "" });
  }
  reading = null;
  picks = {};
  render();
}

function layout(withPicks) {
  return word.map((e, i) => {
    const entry = { code: e.code, face: e.face, source: e.source };
    if (withPicks && reading) {
      for (const q of reading.questions.filter((x) => x.position === i)) {
        const key = `${i}:${q.key}`;
        entry[q.key] = key in picks ? picks[key] : q.best;
      }
    }
    return entry;
  });
}

async function check() {
  showError(null);
  const text = $("play-word-text").value.trim().toLowerCase();
  if (!word.length) { showError(new Error("tap cards to lay out a word first")); return; }
  if (text.length !== word.length || text.includes("?")) {
    showError(new Error("type one letter for each card; a face-down card stands for the letter you type"));
    return;
  }
  word.forEach((e, i) => { if (e.face === "wild") e.wild = text[i]; });
  try {
    const res = await seat("/v1/tables/seat/read", { word: text, layout: layout(false) });
    reading = { word: text, ok: res.ok, reason: res.reason, move: res.move, questions: res.questions };
    picks = {};
    render();
  } catch (err) {
    showError(err);
  }
}

let picking = 0; // the latest pick's number: an older pick's answer arriving late is dropped

/** A choice made by hand: the word is read again with it, so the totals shown are the ones the choice gives. */
async function pick(key, answer) {
  picks[key] = answer;
  render();
  const mine = ++picking;
  const asked = reading;
  if (!asked || !asked.ok) return;
  try {
    const res = await seat("/v1/tables/seat/read", { word: asked.word, layout: layout(true) });
    if (mine !== picking || reading !== asked) return;
    if (res.ok) reading = { ...asked, move: res.move }; // the questions (and the ghost writer's answers) stay
    else showError(new Error(res.reason || "the engine refuses this choice"));
    render();
  } catch (err) {
    showError(err);
  }
}

/** Play the word laid out, once the person confirms it from its preview (its cards and totals). */
function spell() {
  if (!reading || !reading.ok) return;
  const action = { action: "spell", word: reading.word, layout: layout(true) };
  const ghost = $("play-ghost-seat").value;
  if (ghost !== "") action.ghost = Number(ghost);
  const move = { word: reading.word, layout: word.map((e) => ({ code: e.code, face: e.face, source: e.source })) };
  ask(action, { title: `Play ${reading.word.toUpperCase()}?`, cards: movesCards(move, placesOfCards()),
    summary: moveSummary(reading.move), yes: `Play ${reading.word.toUpperCase()}` });
}

/** An action that ends the word or the turn waits for a confirmation: its preview is shown, the action kept. */
function ask(action, preview) {
  confirming = { action, preview };
  render();
}

function confirmed() {
  const waiting = confirming;
  confirming = null;
  if (waiting) act(waiting.action);
}

/** The expert's word (the advice's button): previewed and confirmed as a word laid out by hand is. */
function playAdvised(action) {
  if (action.action !== "spell") { act(action); return; }
  ask(action, { title: `Play the expert's word, ${action.word.toUpperCase()}?`, cards: movesCards(action, placesOfCards()),
    summary: "laid out with the expert's choices", yes: `Play ${action.word.toUpperCase()}` });
}

function hint() {
  return whileBusy("play-hint", async () => {
    const familiar = $("play-familiar").value.trim();
    const res = await seat(`/v1/tables/seat?hints=5${familiar !== "" ? `&familiar=${Number(familiar)}` : ""}`);
    const answer = res.hint || { moves: [] };
    hints = answer.moves;
    hintWeights = answer.weights || null;
    if (!hints.length) showError(new Error(answer.reason || "no word the rules allow now: pass to end your turn"));
    render();
  }, showError);
}

/** Lay out a move of the hint: each card of its layout found in the hand, the inked cards or the classics. */
function layOut(move) {
  clearWord();
  const places = placesOfCards();
  move.layout.forEach((entry, i) => {
    const place = places.find((p) => p.card.code === entry.code && p.source === entry.source && !word.some((e) => e.id === p.id));
    if (!place) return;
    word.push({ id: place.id, code: entry.code, face: entry.face, source: entry.source, card: place.card,
      wild: entry.face === "wild" ? move.word[i] : "" });
  });
  reading = { word: move.word, ok: true, reason: null, move, questions: move.questions };
  render();
}

function placesOfCards() {
  const out = [];
  view.hand.forEach((card, i) => out.push({ id: `hand:${i}`, card, source: "hand" }));
  view.inked.forEach((card, i) => out.push({ id: `inked:${i}`, card, source: "inked" }));
  for (const p of view.players) {
    p.in_play.forEach((card, i) => out.push({ id: `play:${p.seat}:${i}`, card, source: p.seat === play.me ? "mine" : "other" }));
  }
  return out;
}

// -- drawing ---------------------------------------------------------------------------------------------------------

const coins = (n) => plural(n, "coin", "coins");
const same = (a, b) => a && b && JSON.stringify(a) === JSON.stringify(b);

function labelOf(a) {
  const row = view.offer_row;
  switch (a.action) {
    case "ink": return "Draw a card with ink";
    case "remover": return `Remover on ${short(a.card)}`;
    case "pass": return "Pass (discard the hand)";
    case "power": return `Power: ${view.players[play.me].power?.title || a.name}${a.slot !== undefined ? ` (slot ${a.slot + 1})` : ""}${a.genre ? ` (${a.genre})` : ""}${a.n ? ` (${a.n})` : ""}${a.cards ? ` (${Object.values(a.cards).map(short).join(", ")})` : ""}`;
    case "dump": return `Dump ${short(a.card)} for ${coins(view.turn.dumps[0])}`;
    case "jail": return `${a.keep ? "Jail" : "Remove"} ${short(row[a.slot].code)}`;
    case "look": return `Preview: look at ${plural(view.turn.previews[0], "card", "cards")}`;
    case "preview": return "Preview";
    case "skip": return "Skip the choices left";
    case "flush": return "Flush the offer row";
    case "buy": return a.jail ? "Buy the card in your jail" : `Buy ${short(row[a.slot].code)} (${coins(row[a.slot].cost)})`;
    case "ink_buy": return `Buy ${a.n} ink`;
    case "convert": return `Turn ${3 * a.n} ink into ${a.n} coin${a.n === 1 ? "" : "s"}`;
    case "advert": return `Advert: ${coins(view.next_advert.cost)} for ${view.next_advert.prestige} prestige`;
    case "end": return "End the turn";
    case "event": return a.swap === undefined ? "Keep the event" : `Exchange it with ${seatName(play, a.swap)}`;
    case "return": return `Return ${a.token === "ink" ? "an ink" : "a remover"}`;
    default: return a.action;
  }
}

function actionButton(a) {
  const best = same(a, view.suggestion);
  return el("button", {
    type: "button", className: `button small${best ? " suggested" : ""}${a.action === "end" || a.action === "skip" ? " subtle" : ""}`,
    dataset: { action: a.action }, title: best ? "the ghost writer's choice" : null, disabled: busy,
    onclick: () => (a.action === "pass"
      ? ask(a, { title: "Pass, with no word this turn?", summary: "Your hand is discarded; you still buy with what you have.", yes: "Pass" })
      : act(a)),
  }, labelOf(a), best ? el("span", { className: "star", "aria-label": " (ghost writer's choice)", text: " ★" }) : null);
}

function guide() {
  if (view.over) {
    return Array.isArray(play.before)
      ? "The game is over. Review it turn by turn, start a new one, or save this one to keep its log."
      : "The game is over. Start a new one, or save this one (it was loaded without its log, so it cannot be reviewed).";
  }
  if (view.acting !== play.me) return `${seatName(play, view.acting)} is playing…`;
  const t = view.turn;
  if (view.phase === "return") return "A printed Horror H: return an unused ink or a remover.";
  if (t && t.peek.length) return "Preview: tap the cards to discard, then confirm; the rest go back on your draw pile.";
  switch (view.phase) {
    case "prepare": return view.inked.length
      ? "Lay out a word with every inked card face-up: tap cards (tap a laid card to turn it face-down), Check, then Play."
      : "Lay out a word: tap cards (tap a laid card to turn it face-down), Check, then Play. Hint asks the ghost writer.";
    case "choices": return `Your word earned choices (${coins(t.coins)} so far). ★ marks the expert's choice.`;
    case "buy": return `Buy: ${coins(t.coins)} to spend, ${view.players[play.me].ink} ink. ★ marks the expert's choice.`;
    case "event": return "You drew an event: keep it, or exchange it with a player ahead of you.";
    default: return "";
  }
}

let peekDrop = new Set();

function renderPeek(legal) {
  const box = $("play-peek");
  const peek = view.turn && view.turn.peek.length ? view.turn.peek : [];
  box.hidden = !peek.length || !legal.some((a) => a.action === "preview");
  if (box.hidden) { peekDrop = new Set(); box.replaceChildren(); return; }
  const suggested = view.suggestion && view.suggestion.action === "preview" ? view.suggestion.discard : [];
  box.replaceChildren(
    el("h3", { text: "Cards looked at (tap to discard)" }),
    el("ul", { className: "play-cards" }, ...peek.map((card, i) => el("li", null, cardTile(card, {
      pressed: peekDrop.has(i), className: `${peekDrop.has(i) ? "dropped" : ""}${suggested.includes(i) ? " suggested" : ""}`,
      onclick: () => { if (peekDrop.has(i)) peekDrop.delete(i); else peekDrop.add(i); render(); },
    })))),
    el("button", { type: "button", className: "button small", dataset: { action: "preview" }, disabled: busy,
      onclick: () => { const discard = [...peekDrop].sort(); peekDrop = new Set(); act({ action: "preview", discard }); } },
    peekDrop.size ? `Discard ${peekDrop.size}, keep the rest` : "Keep them all"),
  );
}

function render() {
  if (!play || !view) return;
  $("play-setup").hidden = !setupOpen;
  $("play-game").hidden = false;
  $("play-turn").textContent = turnLine(play, view);
  renderTrack(play, view);
  renderLogTurns(play.said);
  $("play-guide").textContent = guide();
  renderAdvice(view.advice, !view.over && view.acting === play.me, playAdvised, busy);
  if (confirming && (view.over || view.acting !== play.me)) confirming = null;
  renderConfirm(confirming && confirming.preview, confirmed, () => { confirming = null; render(); }, busy);
  $("play-review").hidden = !view.over || !Array.isArray(play.before);
  const mine = !view.over && view.acting === play.me && !busy;
  const legal = mine ? view.legal : [];
  const spelling = mine && view.phase === "prepare" && !(view.turn && view.turn.peek.length);
  $("play-word-area").hidden = !spelling;
  // the hand, inked cards and classics, tappable into the word while spelling
  const inWord = new Set(word.map((e) => e.id));
  const tile = (id, card, source, extra) => el("li", null, textCard(card, {
    className: `${inWord.has(id) ? "in-word" : ""}${source === "inked" ? " inked" : ""}`,
    pressed: spelling ? inWord.has(id) : undefined, draggable: spelling, dataset: { id, source },
    onclick: spelling ? () => addToWord(id, card, source) : null,
    label: `${short(card.code)}${source === "inked" ? " (inked: must be in the word)" : ""}${card.text && card.text !== "nothing" ? `: ${card.text}` : ""}`,
  }, extra));
  $("play-hand").replaceChildren(
    ...view.hand.map((card, i) => tile(`hand:${i}`, card, "hand")),
    ...view.inked.map((card, i) => tile(`inked:${i}`, card, "inked", el("span", { className: "card-tag", text: "inked" }))),
    ...view.must_wild.map((card) => el("li", null, cardTile(card, { face: "wild", label: `${short(card.code)}: must be played face-down` }))),
  );
  $("play-hand-area").hidden = !view.hand.length && !view.inked.length && !view.must_wild.length;
  $("play-hand-hint").hidden = !spelling;
  const classics = [];
  for (const p of view.players) {
    p.in_play.forEach((card, i) => classics.push(tile(`play:${p.seat}:${i}`, card, p.seat === play.me ? "mine" : "other",
      el("span", { className: "card-tag", text: p.seat === play.me ? "yours" : `seat ${p.seat + 1}` }))));
  }
  $("play-classics").replaceChildren(...classics);
  $("play-classics-area").hidden = !classics.length;
  // the offer row, each card with its buy (or jail) actions when legal
  const offer = view.offer_row.map((card, slot) => el("li", { className: "offer-slot" },
    textCard(card, { label: `${short(card.code)}, ${coins(card.cost)}: ${card.text}` }, null, "offer"),
    ...legal.filter((a) => (a.action === "buy" || a.action === "jail") && a.slot === slot).map(actionButton)));
  $("play-offer").replaceChildren(...offer);
  // the word
  if (spelling) renderWord();
  // the other actions
  const shown = legal.filter((a) => !((a.action === "buy" || a.action === "jail") && a.slot !== undefined) && a.action !== "preview"
    && !(a.action === "ink_buy" && a.n > 1 && a.n !== maxOf(legal, "ink_buy")) && !(a.action === "convert" && a.n > 1 && a.n !== maxOf(legal, "convert")));
  $("play-actions").replaceChildren(...shown.map(actionButton));
  renderPeek(legal);
  const ghost = $("play-ghost-label");
  ghost.hidden = !spelling || !(play.options && play.options.ghost_writer);
  if (!ghost.hidden && $("play-ghost-seat").options.length !== view.players.length) {
    $("play-ghost-seat").replaceChildren(el("option", { value: "", text: "(none)" }),
      ...view.players.filter((p) => p.seat !== play.me).map((p) => el("option", { value: p.seat, text: seatName(play, p.seat) })));
  }
}

function maxOf(legal, kind) {
  return Math.max(...legal.filter((a) => a.action === kind).map((a) => a.n));
}

function renderWord() {
  const row = $("play-word");
  row.replaceChildren(...word.map((e, i) => el("li", { dataset: { index: i } }, cardTile(e.card, {
    face: e.face, wildLetter: e.wild ? e.wild.toUpperCase() : "?", draggable: true, dataset: { index: i },
    label: `letter ${i + 1}: ${short(e.code)}${e.face === "wild" ? " face-down (tap to take it out)" : " (tap to turn it face-down)"}`,
    onclick: () => {
      if (e.face === "up" && e.source !== "inked") e.face = "wild";
      else word.splice(i, 1);
      reading = null;
      picks = {};
      render();
    },
  }))));
  const input = $("play-word-text");
  if (document.activeElement !== input) input.value = wordText();
  const out = $("play-reading");
  out.textContent = reading ? (reading.ok ? moveSummary(reading.move) : sentence(reading.reason || "the engine refuses this word")) : "";
  out.classList.toggle("refused", Boolean(reading && !reading.ok));
  $("play-spell").disabled = !(reading && reading.ok) || busy;
  renderQuestions(reading && reading.ok ? reading.questions : [], word, picks, pick);
  const places = placesOfCards();
  $("play-hints").replaceChildren(...hints.map((m, i) => el("li", null, hintButton(m, i, places, () => layOut(m)))));
  renderValueNote(hints.length || reading ? hintWeights : null);
}

// dragging: a hand card onto the word (added at the end, or before the card it is dropped on), a word card along it
function bindDrag() {
  let dragged = null;
  document.getElementById("play-view").addEventListener("dragstart", (event) => {
    const card = event.target.closest(".play-card");
    if (!card) return;
    dragged = card.dataset.index !== undefined ? { index: Number(card.dataset.index) } : { id: card.dataset.id, source: card.dataset.source };
    event.dataTransfer.setData("text/plain", card.dataset.code || "");
  });
  const row = $("play-word");
  const area = $("play-word-area");
  area.addEventListener("dragover", (event) => { if (dragged) event.preventDefault(); });
  area.addEventListener("drop", (event) => {
    if (!dragged) return;
    event.preventDefault();
    const target = event.target.closest("#play-word li");
    let at = target ? Number(target.dataset.index) : word.length;
    if (dragged.index !== undefined) {
      const [moved] = word.splice(dragged.index, 1);
      if (dragged.index < at) at -= 1;
      word.splice(at, 0, moved);
    } else if (!word.some((e) => e.id === dragged.id)) {
      const place = placesOfCards().find((p) => p.id === dragged.id);
      if (place) word.splice(at, 0, { id: place.id, code: place.card.code, face: "up", source: place.source, card: place.card, wild: "" });
    }
    dragged = null;
    reading = null;
    picks = {};
    render();
  });
  row.addEventListener("dragend", () => { dragged = null; });
}

// -- save and load -----------------------------------------------------------------------------------------------------

function download(data, name) {
  const blob = new Blob([JSON.stringify(data, null, 1)], { type: "application/json" });
  const a = el("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** The finished game's record, from the table (its final state, the log since the table began, the seats). */
async function record() {
  const res = await seat("/v1/tables/seat/moves");
  if (!res.record) throw new Error("the game is not over: its record comes at the end");
  return res.record;
}

/** Save: once the game is over, its record (the page's file form, the log from the deal when known); before, the
    seat's invite, which Load takes back to the table (the game stays on the server: no hidden card is saved). */
async function save() {
  if (!play || !view) return;
  showError(null);
  try {
    if (!view.over) {
      const { version, table, token, me, seats, options, before, said } = play;
      download({ version, table, token, me, seats, options, before, said }, `hardback-table-${table.slice(0, 8)}.json`);
      return;
    }
    const { log, seats: _seats, lexicon: _lexicon, ...game } = await record();
    const whole = Array.isArray(play.before) ? [...play.before, ...log] : undefined;
    download({ version: 1, game, seats: play.seats, me: play.me, log: whole, said: play.said },
      `hardback-seed-${game.seed}-turn-${game.turns + 1}.json`);
  } catch (err) {
    showError(err);
  }
}

/** A saved game: this page's invite (a table to go back to), its file of a game (a state the service signed), or
    one ``ghostwriter play --save`` wrote (its seats, you at seat 0). */
function readSave(data) {
  if (data && data.version === 2 && data.table && data.token) return { ...data, said: data.said || [] };
  if (data && data.version === 1 && data.game && Array.isArray(data.seats)) {
    return { game: data.game, seats: data.seats, me: data.me || 0, before: data.log, said: data.said || [] };
  }
  if (data && Array.isArray(data.players)) {
    const { log, seats, lexicon: _lexicon, ...game } = data;
    const names = Array.isArray(seats) ? seats : data.players.map((_, i) => (i ? "medium" : "you"));
    // the record's log (from the deal) goes on, so that the game can be reviewed once it is over
    return { game, seats: names.map((n, i) => (i === 0 ? "you" : (LEVELS.includes(n) ? n : "medium"))), me: 0,
      before: Array.isArray(log) ? [...log] : undefined, said: ["Game loaded from a ghostwriter play save."] };
  }
  throw new Error("this file is not a saved Hardback game");
}

async function load(event) {
  const file = event.target.files && event.target.files[0];
  event.target.value = "";
  if (!file) return;
  showError(null);
  try {
    const next = readSave(JSON.parse(await file.text()));
    if (next.table) {
      play = next;
      play.said.push(`Back at the table of ${file.name}.`);
      await begin();
      return;
    }
    const { signature: _signature, ...game } = next.game;
    // the service checks the state (its signature, every card) before the table is made
    await sit({ game: next.game }, next.seats, next.me, game.options, next.before, [...next.said, `Loaded ${file.name}.`]);
  } catch (err) {
    showError(err);
  }
}

// -- start -------------------------------------------------------------------------------------------------------------

let resumed = false;

/** The Play view is shown: go back to the table whose token this browser keeps, once. */
export async function showPlay() {
  if (resumed) return;
  resumed = true;
  const saved = kept(STORE);
  if (!saved) return;
  try {
    play = readSave(saved);
    if (!play.table) throw new Error("the game kept in this browser is not at a table");
    await refresh(true);
    await runBots();
  } catch (err) {
    play = null;
    view = null;
    persist();
    showError(err);
  }
}

/** The game just played, to the Review view: its options, seed and the log of every action since the deal. */
async function review() {
  if (!play || !Array.isArray(play.before)) return;
  try {
    const g = await record();
    const log = [...play.before, ...g.log];
    const seats = play.seats.map((s, i) => (i === play.me ? "You" : `${s} bot`));
    const rec = { options: g.options, seed: g.seed, log, seats };
    if (g.options.powers && g.options.powers !== "none") rec.players = g.players.map((p) => ({ power: p.power }));
    history.replaceState(null, "", "#review");
    window.dispatchEvent(new HashChangeEvent("hashchange"));
    reviewRecord(rec, `The game just played: seed ${g.seed}, ${seats.join(" vs ")}, ${log.length} actions.`);
  } catch (err) {
    showError(err);
  }
}

export function bindPlay() {
  $("play-review").addEventListener("click", review);
  renderSetup();
  $("play-bots").addEventListener("change", renderSetup);
  $("play-start").addEventListener("click", start);
  $("play-load").addEventListener("change", load);
  $("play-load-game").addEventListener("change", load);
  $("play-save").addEventListener("click", save);
  $("play-new").addEventListener("click", () => { setupOpen = true; $("play-setup").hidden = false; $("play-cancel-setup").hidden = false; $("play-setup").scrollIntoView(); });
  $("play-cancel-setup").addEventListener("click", () => { setupOpen = false; $("play-setup").hidden = true; });
  $("play-check").addEventListener("click", check);
  $("play-spell").addEventListener("click", spell);
  $("play-hint").addEventListener("click", hint);
  $("play-familiar").value = localStorage.getItem("gw-play-familiar") || "";
  $("play-familiar").addEventListener("change", () => localStorage.setItem("gw-play-familiar", $("play-familiar").value.trim()));
  $("play-clear").addEventListener("click", () => { clearWord(); render(); });
  $("play-word-text").addEventListener("input", () => { reading = null; $("play-spell").disabled = true; });
  $("play-word-text").addEventListener("keydown", (event) => { if (event.key === "Enter") check(); });
  bindDrag();
}
