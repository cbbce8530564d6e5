/* The Paperback hand: cards typed as printed (TH/3, ?, Q/5:double-word) or added with Wild, shown as chips to
   edit or take out, each checked as it is typed against what the service reads it as (chips.js draws them); and
   the Common card. */

import { actionButton, actionBar, checkTyped, chip, drawChips, focusChipIn, focusNear, problemPairs, typedCards }
  from "./chips.js";
import { canonical, debounce, pbTokenize, readCodes, readingOf, readThen, showProblemList } from "./codes.js";
import { $ } from "./dom.js";
import { clearError } from "./errors.js";
import { save, session, state } from "./state.js";

const GAME = "paperback";
const ZONE = "pb";
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
  return problemPairs(codes, problemOf);
}

let statusTimer = 0;
function announcePaperback(message) {
  $("pb-status").textContent = message;
  window.clearTimeout(statusTimer);
  statusTimer = window.setTimeout(() => { $("pb-status").textContent = STATUS; }, 2500);
}

/** The typed cards, checked once the service has read them (a field typed on meanwhile is checked again). */
function checkTypedPaperbackCards() {
  return checkTyped(GAME, $("pb-input"), $("pb-check"), { split: pbTokenize, problems });
}

const typed = typedCards(GAME, "pb-input", {
  split: pbTokenize,
  empty: "Type one or more cards first, e.g. TH/3 E/1 ? R/2:double-word.",
  add: addPaperbackCards,
  check: checkTypedPaperbackCards,
});

/** Add the typed cards, each in its printed form where the service read it as a card (th/3 -> TH/3); Find waits
    for it (``cardsAdded``). */
export function addTypedPaperbackCards() {
  return typed.add();
}

/** Settles once the cards being added are in the hand. */
export function cardsAdded() {
  return typed.added();
}

function addPaperbackCards(codes) {
  clearError();
  state.pbHand.push(...codes);
  session.openChip = null;
  renderPaperbackHand();
  save();
  announcePaperback(`Added ${codes.join(", ")} to the hand.`);
  return true;
}

export function focusPaperbackChip(index) {
  focusChipIn("pb-hand", index);
}

function redraw(index) {
  renderPaperbackHand();
  focusPaperbackChip(index);
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
  focusNear(focusPaperbackChip, index, state.pbHand.length, "pb-input");
  announcePaperback(`Removed ${code}.`);
}

export function renderPaperbackHand() {
  drawChips($("pb-hand"), ZONE, state.pbHand, {
    chipAt: (code, index) => {
      const shown = face(code);
      return chip(code, index, ZONE, { problem: problemOf(code),
        kind: `pb-chip pb-${kind(code)}${[...shown].length > 1 ? " wide" : ""}`, face: shown, shown: code,
        where: "the hand", verb: "edit or remove it", redraw });
    },
    empty: "No cards yet",
    count: document.querySelector('[data-count="pb-hand"]'),
    actionsAt: renderPaperbackChipActions,
  });
  showProblemList($("pb-problems"), problems(state.pbHand), () => "");
  checkTypedPaperbackCards();
  readThen(GAME, state.pbHand, renderPaperbackHand);
}

function renderPaperbackChipActions(index) {
  const code = state.pbHand[index];
  const edit = actionButton("edit", "Edit", `Edit ${code}`, () => removePaperbackCard(index, true));
  return actionBar(ZONE, index, code, { verb: "Change", about: pbAbilities(code).join("; "), buttons: [edit],
    remove: () => removePaperbackCard(index, false), redraw });
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
