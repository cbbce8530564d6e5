/* The Paperback hand: cards typed as printed (TH/3, ?, Q/5:double-word) or added with Wild, shown as chips to
   edit or take out, each checked as it is typed against what the service reads it as; and the Common card. */

import { canonical, debounce, pbTokenize, readCodes, readingOf, readThen, showCodeCheck, showProblemList } from "./codes.js";
import { $, el } from "./dom.js";
import { clearError, showError } from "./errors.js";
import { save, session, state } from "./state.js";

const GAME = "paperback";
const FACES = { spacebar: "\u2423", dyslexic: "\u21c4" };
const STATUS = "Tap a card to edit it or take it out.";

/** The card a Paperback code reads as (the service's facts of it), or null. */
function pbCardOf(code) {
  const read = readingOf(GAME, code);
  return read && read.card ? read.card : null;
}

/** A card's abilities in words, as the service read them. */
export function pbAbilities(code) {
  const read = readingOf(GAME, code);
  return read && read.card ? read.words : [];
}

/** What a card shows in big letters: its letters, ? for a wild, a sign for a special card ("…" while unread, "!"
    for no card). */
function face(code) {
  const read = readingOf(GAME, code);
  if (!read) return "\u2026";
  if (!read.card) return "!";
  if (read.card.special) return FACES[read.card.special] || read.card.special;
  return read.card.wild ? "?" : read.card.letters.toUpperCase();
}

function kind(code) {
  const card = pbCardOf(code);
  if (!card) return "unknown";
  return card.special ? "special" : card.wild ? "wild" : "letters";
}

function problemOf(code) {
  const read = readingOf(GAME, code);
  return read ? read.error : null;
}

function problems(codes) {
  const out = [];
  for (const code of codes) {
    const problem = problemOf(code);
    if (problem && !out.some(([c]) => c === code)) out.push([code, problem]);
  }
  return out;
}

let statusTimer = 0;
function announcePaperback(message) {
  $("pb-status").textContent = message;
  window.clearTimeout(statusTimer);
  statusTimer = window.setTimeout(() => { $("pb-status").textContent = STATUS; }, 2500);
}

/** The typed cards, checked once the service has read them (a field typed on meanwhile is checked again). */
async function checkTypedPaperbackCards() {
  const input = $("pb-input");
  const text = input.value;
  const codes = pbTokenize(text);
  if (codes.length) {
    try {
      await readCodes(GAME, codes);
    } catch (_err) {
      return;
    }
    if (input.value !== text) return;
  }
  showCodeCheck($("pb-check"), input, problems(codes));
}

let adding = Promise.resolve();

/** Add the typed cards, each in its printed form where the service read it as a card (th/3 -> TH/3); Find waits
    for it (``cardsAdded``). */
export function addTypedPaperbackCards() {
  adding = addTyped();
  return adding;
}

/** Settles once the cards being added are in the hand. */
export function cardsAdded() {
  return adding;
}

async function addTyped() {
  const input = $("pb-input");
  const codes = pbTokenize(input.value);
  if (codes.length === 0) {
    showError("Type one or more cards first, e.g. TH/3 E/1 ? R/2:double-word.", null);
    input.focus();
    return;
  }
  try {
    await readCodes(GAME, codes);
  } catch (_err) {
    /* out of reach: the cards go in as typed, and the service judges them at Find */
  }
  addPaperbackCards(codes.map((code) => canonical(GAME, code)));
  input.value = "";
  checkTypedPaperbackCards();
}

function addPaperbackCards(codes) {
  clearError();
  state.pbHand.push(...codes);
  session.openChip = null;
  renderPaperbackHand();
  save();
  announcePaperback(`Added ${codes.join(", ")} to the hand.`);
}

export function focusPaperbackChip(index) {
  const chip = document.querySelector(`#pb-hand .chip[data-index="${index}"]`);
  if (chip) chip.focus();
}

function removePaperbackCard(index, edit) {
  const [code] = state.pbHand.splice(index, 1);
  session.openChip = null;
  renderPaperbackHand();
  save();
  if (edit) {
    const input = $("pb-input");
    input.value = input.value.trim() ? `${input.value.trim()} ${code}` : code;
    input.focus();
    announcePaperback(`${code} is back in the entry field to edit.`);
    return;
  }
  const left = state.pbHand.length;
  if (left > 0) focusPaperbackChip(Math.min(index, left - 1));
  else $("pb-input").focus();
  announcePaperback(`Removed ${code}.`);
}

export function renderPaperbackHand() {
  const list = $("pb-hand");
  const openChip = session.openChip;
  list.replaceChildren();
  state.pbHand.forEach((code, index) => {
    const isOpen = Boolean(openChip && openChip.zone === "pb" && openChip.index === index);
    const shown = face(code);
    const problem = problemOf(code);
    const chip = el("button", {
      type: "button",
      className: `chip pb-chip pb-${kind(code)}${[...shown].length > 1 ? " wide" : ""}${isOpen ? " open" : ""}${problem ? " bad-code" : ""}`,
      "aria-expanded": isOpen ? "true" : "false",
      "aria-controls": isOpen ? "actions-pb" : null,
      "aria-label": `${code} in the hand${problem ? ` (${problem})` : ""}: edit or remove it`,
      title: problem,
      dataset: { code, index: String(index), zone: "pb", problem: problem || undefined },
      onclick: () => {
        session.openChip = isOpen ? null : { zone: "pb", index };
        renderPaperbackHand();
        focusPaperbackChip(index);
      },
    },
    el("span", { className: "chip-letter", "aria-hidden": "true", text: shown }),
    el("span", { className: "chip-code", "aria-hidden": "true", text: code }));
    list.append(el("li", null, chip));
  });
  if (state.pbHand.length === 0) list.append(el("li", { className: "empty muted", text: "No cards yet" }));
  document.querySelector('[data-count="pb-hand"]').textContent = state.pbHand.length ? `(${state.pbHand.length})` : "";
  const zoneBox = list.closest(".zone");
  const bar = zoneBox.querySelector(".chip-actions");
  if (bar) bar.remove();
  if (openChip && openChip.zone === "pb" && openChip.index < state.pbHand.length) {
    zoneBox.append(renderPaperbackChipActions(openChip.index));
  }
  showProblemList($("pb-problems"), problems(state.pbHand), () => "");
  checkTypedPaperbackCards();
  readThen(GAME, state.pbHand, renderPaperbackHand);
}

function renderPaperbackChipActions(index) {
  const code = state.pbHand[index];
  const abilities = pbAbilities(code);
  const bar = el("div", { className: "chip-actions", id: "actions-pb", role: "group", "aria-label": `Change ${code}` });
  bar.append(el("span", { className: "chip-actions-title" }, el("strong", { text: code }),
    abilities.length ? el("span", { className: "muted", text: " " + abilities.join("; ") }) : null));
  bar.append(el("div", { className: "chip-actions-buttons" },
    el("button", { type: "button", className: "button small", dataset: { action: "edit" },
      "aria-label": `Edit ${code}`, text: "Edit", onclick: () => removePaperbackCard(index, true) }),
    el("button", { type: "button", className: "button small danger", dataset: { action: "remove" },
      "aria-label": `Remove ${code}`, text: "Remove", onclick: () => removePaperbackCard(index, false) }),
    el("button", { type: "button", className: "button small subtle", dataset: { action: "close" }, text: "Close",
      onclick: () => { session.openChip = null; renderPaperbackHand(); focusPaperbackChip(index); } })));
  return bar;
}

/** The Common card in its printed form, once the service has read it (a field changed meanwhile is left alone). */
async function tidyCommon() {
  const input = $("pb-common");
  const typed = input.value.trim();
  if (!typed) return;
  try {
    await readCodes(GAME, [typed]);
  } catch (_err) {
    return;
  }
  if (input.value.trim() !== typed) return;
  state.common = canonical(GAME, typed);
  input.value = state.common;
  save();
}

/** The Paperback hand's own controls: the typed cards, Wild, Clear hand, the Common card's field and buttons. */
export function bindPaperback() {
  $("pb-common").addEventListener("change", tidyCommon);
  for (const button of document.querySelectorAll("[data-common]")) {
    button.addEventListener("click", () => {
      state.common = button.dataset.common;
      $("pb-common").value = state.common;
      save();
      announcePaperback(state.common ? `The Common card is ${state.common}.` : "No Common card.");
    });
  }
  $("pb-input").addEventListener("input", debounce(checkTypedPaperbackCards));
  $("pb-form").addEventListener("submit", (event) => {
    event.preventDefault();
    addTypedPaperbackCards();
  });
  $("pb-wild").addEventListener("click", () => addPaperbackCards(["?"]));
  $("pb-clear").addEventListener("click", () => {
    state.pbHand = [];
    session.openChip = null;
    renderPaperbackHand();
    save();
    announcePaperback("The hand is cleared.");
  });
}
