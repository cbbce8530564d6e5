/* The Hardback card catalogue (GET /v1/cards): shown as cards to tap, searched and filtered, with how many of
   each card the zones already use. */

import { api } from "./api.js";
import { $, el } from "./dom.js";
import { ZONE_NAMES, ZONES, state } from "./state.js";
import { shortCode } from "./vocabulary.js";

/** code -> Card from GET /v1/cards */
export const catalogue = new Map();
let catalogueRules = "";

/** A card's benefits in words: its text without the code in front. */
export function describeBenefits(card) {
  const text = card.text || "";
  const colon = text.indexOf(": ");
  return colon >= 0 && text.slice(0, colon) === card.code ? text.slice(colon + 2) : text;
}

let statusTimer = 0;
/** Say what just happened in the catalogue's status line, for a moment. */
export function announce(message) {
  const status = $("catalogue-status");
  status.textContent = message;
  window.clearTimeout(statusTimer);
  statusTimer = window.setTimeout(updateCatalogueStatus, 2500);
}

function renderCatalogue(cards) {
  const box = $("catalogue");
  box.replaceChildren();
  for (const card of cards) {
    const genre = card.genre || "starter";
    const button = el("button", {
      type: "button",
      className: `catalogue-card genre-${genre}${card.timeless ? " classic" : ""}`,
      dataset: { code: card.code, genre, letter: card.letter.toUpperCase() },
      title: card.text,
    },
    el("span", { className: "cc-letter", "aria-hidden": "true" }, card.letter.toUpperCase()),
    el("span", { className: "cc-body" },
      el("span", { className: "cc-head" },
        el("span", { className: "cc-code", text: card.code }),
        card.genre ? el("span", { className: "cc-cost", text: `${card.cost}¢` }) : null,
        card.timeless ? el("span", { className: "cc-classic", text: "classic" }) : null,
        el("span", { className: "cc-count", dataset: { countFor: card.code } })),
      el("span", { className: "cc-text", text: describeBenefits(card) })));
    box.append(button);
  }
  refreshCatalogueCounts();
  filterCatalogue();
}

function searchMatches(card, terms) {
  const code = card.code.toLowerCase();
  const short = shortCode(card.code, card.genre).toLowerCase();
  const text = (card.text || "").toLowerCase();
  const genre = (card.genre || "starter").toLowerCase();
  return terms.every((term) => {
    if ([...term].length === 1 && /\p{L}/u.test(term)) return card.letter.toLowerCase() === term;
    return code.includes(term) || short.includes(term) || text.includes(term) || genre.startsWith(term);
  });
}

export function filterCatalogue() {
  const terms = $("catalogue-search").value.toLowerCase().split(/[\s,]+/).filter(Boolean);
  const genres = [...document.querySelectorAll(".filters [data-genre][aria-pressed=true]")]
    .map((button) => button.dataset.genre);
  const classicsOnly = document.querySelector(".filters [data-classic]").getAttribute("aria-pressed") === "true"
    || state.target === "mine" || state.target === "others";
  let shown = 0;
  for (const button of document.querySelectorAll("#catalogue .catalogue-card")) {
    const card = catalogue.get(button.dataset.code);
    const visible = Boolean(card)
      && (genres.length === 0 || genres.includes(card.genre || "starter"))
      && (!classicsOnly || card.timeless)
      && (terms.length === 0 || searchMatches(card, terms));
    button.hidden = !visible;
    button.setAttribute("aria-label", `Add ${card ? card.code : ""} to ${ZONE_NAMES[state.target]}: ${card ? describeBenefits(card) : ""}`);
    if (visible) shown += 1;
  }
  updateCatalogueStatus(shown);
}

function updateCatalogueStatus(shown) {
  if (catalogue.size === 0) return;
  if (typeof shown !== "number") {
    shown = document.querySelectorAll("#catalogue .catalogue-card:not([hidden])").length;
  }
  const where = ZONE_NAMES[state.target];
  const classicsNote = state.target === "mine" || state.target === "others" ? " (classics only)" : "";
  $("catalogue-status").textContent = shown === 0
    ? "No card matches."
    : `${shown} of ${catalogue.size} cards${classicsNote}. Tap one to add it to ${where}.`;
}

/** The "n/copies used" badges of the catalogue's cards. */
export function refreshCatalogueCounts() {
  const used = new Map();
  for (const zone of ZONES) for (const code of state.zones[zone]) used.set(code, (used.get(code) || 0) + 1);
  for (const badge of document.querySelectorAll("#catalogue .cc-count")) {
    const code = badge.dataset.countFor;
    const card = catalogue.get(code);
    const n = used.get(code) || 0;
    badge.textContent = n ? `${n}/${card ? card.copies : "?"} used` : "";
    badge.classList.toggle("full", Boolean(card && n >= card.copies));
  }
}

/** Load the catalogue of the rules chosen (again when they change), then ``loaded()``; a failure is shown with
    ``failed(error)``. */
export async function loadCatalogue(loaded, failed) {
  const rules = state.rules === "bga" ? "bga" : "printed";
  if (rules === catalogueRules) return;
  catalogueRules = rules;
  try {
    const data = await api(`/v1/cards?rules=${rules}`);
    if (rules !== catalogueRules) return;
    catalogue.clear();
    for (const card of data.cards) catalogue.set(card.code, card);
    renderCatalogue(data.cards);
    loaded();
  } catch (err) {
    catalogueRules = "";
    $("catalogue-status").textContent = "The card catalogue could not be loaded; typed codes still work.";
    failed(err);
  }
}

/** A tap on a catalogue card calls ``pick(code, button)``; the search field and the filters filter. */
export function bindCatalogue(pick) {
  $("catalogue-search").addEventListener("input", filterCatalogue);
  for (const button of document.querySelectorAll(".filters .filter")) {
    button.addEventListener("click", () => {
      button.setAttribute("aria-pressed", button.getAttribute("aria-pressed") === "true" ? "false" : "true");
      filterCatalogue();
    });
  }
  $("catalogue").addEventListener("click", (event) => {
    const card = event.target.closest(".catalogue-card");
    if (card) pick(card.dataset.code, card);
  });
}
