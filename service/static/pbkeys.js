/* An on-screen keyboard for Paperback's card notation (TH/3, E/1$2, Q/5:double-word, ?), for a phone: letters,
   digits, / $ : + , the ability words of the service's vocabulary, a Wild key, backspace, space and Add. It types
   into the same field as the real keyboard (#pb-input), at its caret, and every key fires the field's "input"
   event, so the typed cards go through the same live check as typed ones (POST /v1/cards/check). While it is
   shown the field says inputmode="none", so that a phone's own keyboard does not cover it; hiding it gives the
   field back to the phone's keyboard. Shown by default where the main pointer is coarse (a touch screen), hidden
   elsewhere; the choice is kept in localStorage. */

import { $, el } from "./dom.js";
import { loadVocabulary } from "./vocabulary.js";

const STORAGE_KEY = "ghostwriter.pbkeys.v1";
const LETTERS = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"];
// "/" and "$" with the letters (TH/3, E/1$2), ":" "+" "," with the digits (first:+2,+1)
const CARD_SYMBOLS = [["/", "slash: letters / score"], ["$", "dollar: the cost"]];
const ABILITY_SYMBOLS = [[":", "colon: the abilities"], ["+", "plus"], [",", "comma: another ability"]];
const DIGITS = [..."1234567890"];

/** The text an ability key types: its notation up to its first number (``len>=L:+N`` types ``len>=``). */
export function abilityPrefix(notation) {
  const match = /[NL]/.exec(notation);
  return match ? notation.slice(0, match.index) : notation;
}

function storedChoice() {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return value === "on" ? true : value === "off" ? false : null;
  } catch (_err) {
    return null;
  }
}

function store(on) {
  try {
    window.localStorage.setItem(STORAGE_KEY, on ? "on" : "off");
  } catch (_err) { /* private mode: the choice lasts the visit */ }
}

function shownByDefault() {
  return window.matchMedia("(pointer: coarse)").matches;
}

/** The card being typed at the caret: the text from the last space before it. */
function cardBefore(input, at) {
  const text = input.value.slice(0, at);
  return text.slice(text.search(/\S*$/));
}

/** Type ``text`` at the field's caret (over its selection), as a key would, and announce it as typed input. */
function typeText(input, text) {
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? start;
  input.setRangeText(text, start, end, "end");
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

function backspace(input) {
  let start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? start;
  if (start === end) {
    if (start === 0) return;
    start -= 1;
  }
  input.setRangeText("", start, end, "end");
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

/** A card of its own (? or dyslexic): spaces around it unless already there. */
function typeCard(input, code) {
  const at = input.selectionStart ?? input.value.length;
  const before = input.value.slice(0, at);
  const after = input.value.slice(input.selectionEnd ?? at);
  const lead = before && !/\s$/.test(before) ? " " : "";
  const trail = after && /^\s/.test(after) ? "" : " ";
  typeText(input, lead + code + trail);
}

/** An ability after the card being typed: a colon before the first, a comma between two. */
function typeAbility(input, prefix) {
  const card = cardBefore(input, input.selectionStart ?? input.value.length);
  let lead = "";
  if (card && !card.includes(":")) lead = ":";
  else if (card && !/[:,]$/.test(card)) lead = ",";
  typeText(input, lead + prefix);
}

function key(label, attrs, onPress) {
  return el("button", { type: "button", className: "key", ...attrs, onclick: onPress }, label);
}

let shown = false;

function show(on, remember) {
  shown = on;
  const input = $("pb-input");
  $("pb-keyboard").hidden = !on;
  const toggle = $("pb-keys-toggle");
  toggle.setAttribute("aria-expanded", on ? "true" : "false");
  toggle.setAttribute("aria-pressed", on ? "true" : "false");
  toggle.textContent = on ? "Hide the card keyboard" : "Card keyboard";
  // the phone's own keyboard stays away while the card keyboard is shown (a real keyboard types as ever)
  input.setAttribute("inputmode", on ? "none" : "text");
  if (remember) store(on);
}

function renderAbilityKeys(vocabulary) {
  const box = $("pb-keys-abilities");
  const input = $("pb-input");
  box.replaceChildren(...vocabulary.paperback.abilities.map((ability) => {
    const prefix = abilityPrefix(ability.notation);
    return key(ability.notation, { className: "key key-ability", title: ability.words,
      "aria-label": `${ability.notation}: ${ability.words}`, dataset: { insert: prefix, ability: ability.kind } },
    () => typeAbility(input, prefix));
  }));
  const specials = vocabulary.paperback.specials.filter((card) => card.code === "dyslexic");
  $("pb-keys-specials").replaceChildren(...specials.map((card) => key(card.code,
    { className: "key key-special", title: card.words, "aria-label": `${card.code} card: ${card.words}`,
      dataset: { insert: card.code } }, () => typeCard(input, card.code))));
}

/** Build the keyboard and its toggle; the ability keys come with the service's vocabulary. */
export function bindPaperbackKeyboard() {
  const input = $("pb-input");
  const board = $("pb-keyboard");
  const chars = (list, className) => list.map(([ch, name]) => key(ch, { className: `key ${className}`,
    "aria-label": name || ch, dataset: { insert: ch } }, () => typeText(input, ch)));
  $("pb-keys-letters").replaceChildren(...chars(LETTERS.map((ch) => [ch]), "key-letter"),
    ...chars(CARD_SYMBOLS, "key-symbol"));
  $("pb-keys-digits").replaceChildren(...chars(DIGITS.map((ch) => [ch]), "key-digit"),
    ...chars(ABILITY_SYMBOLS, "key-symbol"));
  $("pb-keys-actions").replaceChildren(
    key("Wild ?", { className: "key key-wild", id: "pb-key-wild", "aria-label": "Wild: type a wild card (?)" },
      () => typeCard(input, "?")),
    key("Space", { className: "key key-space", "aria-label": "Space: the next card", dataset: { insert: " " } },
      () => typeText(input, " ")),
    key("\u232b", { className: "key key-back", id: "pb-key-back", "aria-label": "Backspace" }, () => backspace(input)),
    key("Add", { className: "key key-add", id: "pb-key-add", "aria-label": "Add the typed cards to the hand" },
      () => $("pb-form").requestSubmit()));
  // a key pressed with a pointer leaves the focus (and the caret) in the field; pressed from the keyboard, the
  // focus stays on the key
  board.addEventListener("pointerdown", (event) => {
    if (event.target.closest("button")) event.preventDefault();
  });
  board.addEventListener("click", (event) => {
    if (event.detail > 0 && event.target.closest("button") && shown) input.focus({ preventScroll: true });
  });
  $("pb-keys-toggle").addEventListener("click", () => {
    show(!shown, true);
    if (!shown) input.focus(); // the phone's own keyboard comes up for the field
  });
  const choice = storedChoice();
  show(choice === null ? shownByDefault() : choice, false);
  loadVocabulary().then(renderAbilityKeys, () => { /* the letters, digits and Wild still type */ });
}
