/* Play a game of Hardback against bots in the browser. The service keeps no games: the page holds the signed game
   state, sends it with each action (POST /v1/hardback/game/steps) and asks the service what the table looks like
   and what is legal now (/game/view), for words (/game/hint) and for the choices a laid-out word leaves open
   (/game/read); the bots' turns come from /v1/hardback/bot/move, told step by step at a readable pace. The page
   knows no rules of its own. The game is kept in localStorage (resumed after a reload) and saved to or loaded
   from a JSON file. */

import { api } from "./api.js";
import { $, el, plural, sentence } from "./dom.js";
import { reviewRecord } from "./review.js";
import { cardTile, keep, kept, whileBusy, moveSummary, renderAdvice, renderQuestions, renderSeatChoice, renderTrack, seatName, short, showErrorIn, turnLine }
  from "./play-render.js";
import { hintButton, movesCards, renderConfirm, renderLogTurns, renderValueNote, textCard } from "./play-table.js";

const STORE = "gw-play-v1";
const LEVELS = ["easy", "medium", "hard", "expert"];

/** The game in play: the signed state, each seat's player ("you" or a bot level), the person's seat, the log. */
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
  const typed = $("play-seed").value;
  const seed = typed === "" ? Math.floor(Math.random() * 1e9) : Number(typed);
  const button = $("play-start");
  button.disabled = true;
  try {
    const res = await api("/v1/hardback/game/new", { options, seed });
    play = { version: 1, game: res.game, seats, me, log: [], said: [`New game: seed ${seed}, target ${options.target}, ${seats.map((s, i) => (i === me ? "you" : `${s} bot`)).join(", ")}.`] };
    await begin();
  } catch (err) {
    showError(err);
  } finally {
    button.disabled = false;
  }
}

async function begin() {
  setupOpen = false;
  clearWord();
  hints = [];
  persist();
  await refresh();
  await runBots();
}

// -- the game's loop -----------------------------------------------------------------------------------------------

async function refresh(suggest = true) {
  const was = busy;
  setBusy(true);
  try {
    view = await api("/v1/hardback/game/view", { game: play.game, seat: play.me, suggest });
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
    const res = await api("/v1/hardback/game/steps", { game: play.game, actions: [action], seat: play.me });
    play.game = res.game;
    if (play.log) play.log.push(action);
    for (const step of res.steps) play.said.push(`${step.seat === play.me ? "You" : seatName(play, step.seat)}: ${step.text}`);
    view = res.steps[res.steps.length - 1].view;
    if (action.action === "spell") { clearWord(); hints = []; }
    persist();
    render();
    setBusy(false);
    await runBots();
    if (view.acting === play.me && !view.over) await refresh(true);
  } catch (err) {
    showError(err);
  } finally {
    setBusy(false);
    render();
  }
}

/** While the game waits on a bot, let it play, and show its turn step by step. */
async function runBots() {
  let guard = 0;
  while (view && !view.over && view.acting !== play.me && guard < 500) {
    guard += 1;
    const seat = view.acting;
    setBusy(true);
    render();
    const before = play.game;
    const moved = await api("/v1/hardback/bot/move", { game: before, bot: play.seats[seat] });
    let steps = [];
    try {
      const res = await api("/v1/hardback/game/steps", { game: before, actions: moved.actions, seat: play.me });
      steps = res.steps;
    } catch (_err) { /* the turn cannot be told step by step: show where it ended */ }
    for (const step of steps) {
      play.said.push(`${seatName(play, step.seat)}: ${step.text}`);
      view = step.view;
      render();
      await sleep(delay());
    }
    play.game = moved.game;
    if (play.log) play.log.push(...moved.actions);
    persist();
    if (!steps.length) {
      play.said.push(`${seatName(play, seat)} played${moved.word ? ` ${moved.word.toUpperCase()}` : ""}.`);
      await refresh(false);
    }
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
    const res = await api("/v1/hardback/game/read", { game: play.game, word: text, layout: layout(false) });
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
    const res = await api("/v1/hardback/game/read", { game: play.game, word: asked.word, layout: layout(true) });
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
    const body = { game: play.game, top: 5 };
    const familiar = $("play-familiar").value.trim();
    if (familiar !== "") body.familiar = Number(familiar);
    const res = await api("/v1/hardback/game/hint", body);
    hints = res.moves;
    hintWeights = res.weights || null;
    if (!hints.length) showError(new Error(res.reason || "no word the rules allow now: pass to end your turn"));
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
    return Array.isArray(play.log)
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
  $("play-review").hidden = !view.over || !Array.isArray(play.log);
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
  ghost.hidden = !spelling || !(play.game.options && play.game.options.ghost_writer);
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

function save() {
  if (!play) return;
  const blob = new Blob([JSON.stringify(play, null, 1)], { type: "application/json" });
  const a = el("a", { href: URL.createObjectURL(blob), download: `hardback-seed-${play.game.seed}-turn-${play.game.turns + 1}.json` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** A saved game: this page's file, or one ``ghostwriter play --save`` wrote (its seats, you at seat 0). */
function readSave(data) {
  if (data && data.version === 1 && data.game && Array.isArray(data.seats)) return { ...data, said: data.said || [] };
  if (data && Array.isArray(data.players)) {
    const { log, seats, lexicon: _lexicon, ...game } = data;
    const names = Array.isArray(seats) ? seats : data.players.map((_, i) => (i ? "medium" : "you"));
    // the record's log (from the deal) goes on, so that the game can be reviewed once it is over
    return { version: 1, game, seats: names.map((n, i) => (i === 0 ? "you" : (LEVELS.includes(n) ? n : "medium"))), me: 0,
      log: Array.isArray(log) ? [...log] : undefined, said: ["Game loaded from a ghostwriter play save."] };
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
    await api("/v1/hardback/game/view", { game: next.game, seat: next.me }); // the service checks it before it replaces the game
    play = next;
    play.said.push(`Loaded ${file.name}.`);
    await begin();
  } catch (err) {
    showError(err);
  }
}

// -- start -------------------------------------------------------------------------------------------------------------

let resumed = false;

/** The Play view is shown: resume the game kept in this browser, once. */
export async function showPlay() {
  if (resumed) return;
  resumed = true;
  const saved = kept(STORE);
  if (!saved) return;
  try {
    play = readSave(saved);
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
function review() {
  if (!play || !Array.isArray(play.log)) return;
  const seats = play.seats.map((s, i) => (i === play.me ? "You" : `${s} bot`));
  const g = play.game;
  const record = { options: g.options, seed: g.seed, log: play.log, seats };
  if (g.options.powers && g.options.powers !== "none") record.players = g.players.map((p) => ({ power: p.power }));
  history.replaceState(null, "", "#review");
  window.dispatchEvent(new HashChangeEvent("hashchange"));
  reviewRecord(record, `The game just played: seed ${g.seed}, ${seats.join(" vs ")}, ${play.log.length} actions.`);
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
