/* The Hardback turn: the codes typed or tapped into the zones (hand, inked, classics), shown as chips that move
   between zones, each checked as it is typed against what the service reads it as. */

import { announce, catalogue, describeBenefits, filterCatalogue, refreshCatalogueCounts } from "./catalogue.js";
import { canonical, debounce, readCodes, readingOf, readThen, showCodeCheck, showProblemList, tokenize } from "./codes.js";
import { $, el, plural } from "./dom.js";
import { clearError, showError } from "./errors.js";
import { ZONE_NAMES, ZONES, save, session, state } from "./state.js";
import { shortCode } from "./vocabulary.js";

const GAME = "hardback";

/** Whether the page's catalogue (the English cards) is the one codes name now. */
function inCatalogue(code) {
  return state.edition === "en" && catalogue.has(code);
}

/** The card a code names, from the catalogue or as the service read it: {card, inline}, or null. */
export function cardOf(code) {
  if (inCatalogue(code)) return { card: catalogue.get(code), inline: false };
  const read = readingOf(GAME, code);
  return read && read.card ? { card: read.card, inline: read.inline } : null;
}

/** The genre a code shows (for its colour): its card's, or the one a code naming no card was read with. */
export function genreOf(code) {
  const found = cardOf(code);
  if (found) return found.card.genre || "starter";
  const read = readingOf(GAME, code);
  return read && read.reading ? read.reading.genre || "starter" : "unknown";
}

/** The big letter of a code, in capitals (Latin or Cyrillic). */
export function letterOf(code) {
  const found = cardOf(code);
  if (found) return found.card.letter.toUpperCase();
  const read = readingOf(GAME, code);
  return read && read.reading ? read.reading.letter : "?";
}

/** The code in short, as the small cards print it (r:K5, r:О4{…}). */
export function shortOf(code) {
  const found = cardOf(code);
  return found ? shortCode(found.card.code, found.card.genre) : code;
}

/** The benefits of a house card given inline, as given ("1p uncover | 1p"), else "". */
export function houseBenefits(code) {
  const found = cardOf(code);
  if (!found || !found.inline) return "";
  return [found.card.basic, found.card.genre_bonus].map((benefits) => benefits.join(" ") || "-").join(" | ");
}

/** Whether a code is a timeless classic; null when the service has not said, or for a house card. */
function isClassic(code) {
  const found = cardOf(code);
  return found && !found.inline ? Boolean(found.card.timeless) : null;
}

/** How many of each code the zones hold (the box's copies bound them). */
function usedCounts() {
  const used = new Map();
  for (const zone of ZONES) for (const code of state.zones[zone]) used.set(code, (used.get(code) || 0) + 1);
  return used;
}

/** What is wrong with a code in a zone, as one sentence: the service's message for a code that names no card;
    a catalogue card that is no classic in a classics zone, or given more often than the box holds it. null when
    it is a card there, or when the service has not read it yet. ``used`` counts the codes given so far. */
function codeProblem(code, zone, used) {
  const found = cardOf(code);
  if (!found) {
    const read = readingOf(GAME, code);
    return read ? read.error : null;
  }
  if (found.inline) return null;
  if ((zone === "mine" || zone === "others") && !found.card.timeless) {
    return `${code} is not a timeless classic: only classics go to ${ZONE_NAMES[zone]}`;
  }
  const n = used.get(code) || 0;
  const copies = found.card.copies;
  if (zone !== "discard" && n > copies) return `the box holds ${plural(copies, "copy", "copies")} of ${code}, and ${n} are given`;
  return null;
}

/** The problems of codes typed for a zone, as [code, sentence] pairs, counting the cards already given. */
function typedProblems(codes, zone, used) {
  const problems = [];
  for (const code of codes) {
    used.set(code, (used.get(code) || 0) + 1);
    const problem = codeProblem(code, zone, used);
    if (problem && !problems.some(([c]) => c === code)) problems.push([code, problem]);
  }
  return problems;
}

/** Check what a field holds once the service has read it (a field typed on meanwhile is checked again). */
async function checkField(input, box, zone, used) {
  const text = input.value;
  const tokens = tokenize(text);
  if (tokens.length) {
    try {
      await readCodes(GAME, tokens.filter((code) => !inCatalogue(code)));
    } catch (_err) {
      return; // the service is out of reach: Find will say so
    }
    if (input.value !== text) return;
  }
  showCodeCheck(box, input, typedProblems(tokens.map((code) => canonical(GAME, code)), zone, used()));
}

/** The codes typed for the zone chosen, checked as they are typed (before Add, before Find). */
function checkTypedCodes() {
  return checkField($("code-input"), $("code-check"), state.target, usedCounts);
}

/** The discard pile's codes: cards of the box (a pile is not bounded by the copies in play here). */
function checkDiscard() {
  return checkField($("discard"), $("discard-check"), "discard", () => new Map());
}

let adding = Promise.resolve();

/** Add the typed codes to the zone chosen, each as the card's own code where the service read it as one; Find
    waits for it (``codesAdded``), so that a search asked at once has the cards just added. */
export function addTypedCodes() {
  adding = addTyped();
  return adding;
}

/** Settles once the codes being added are in their zone. */
export function codesAdded() {
  return adding;
}

async function addTyped() {
  const input = $("code-input");
  const tokens = tokenize(input.value);
  if (tokens.length === 0) {
    showError("Type one or more card codes first, e.g. r:F6 E a:A5 S T.", null);
    input.focus();
    return;
  }
  try {
    await readCodes(GAME, tokens.filter((code) => !inCatalogue(code)));
  } catch (_err) {
    /* out of reach: the codes go in as typed, and the service judges them at Find */
  }
  if (addCards(tokens.map((code) => canonical(GAME, code)), state.target, null)) {
    input.value = "";
    checkTypedCodes(); // the codes are in the zones now, no longer typed
  }
}

/** Add codes to a zone; classics only go to the classics zones. Returns whether anything was added. */
export function addCards(codes, zone, origin) {
  if (zone === "mine" || zone === "others") {
    const notClassic = codes.filter((code) => isClassic(code) === false);
    if (notClassic.length > 0) {
      showError(`${notClassic.join(", ")} ${notClassic.length > 1 ? "are not timeless classics" : "is not a timeless classic"}: only classics go to ${ZONE_NAMES[zone]}.`, null);
      return false;
    }
  }
  clearError();
  state.zones[zone].push(...codes);
  session.openChip = null;
  renderZones();
  refreshCatalogueCounts();
  save();
  announce(`Added ${codes.join(", ")} to ${ZONE_NAMES[zone]}.`);
  if (origin) {
    origin.classList.remove("just-added");
    void origin.offsetWidth; // restart the animation
    origin.classList.add("just-added");
  }
  return true;
}

function moveChip(zone, index, destination) {
  const [code] = state.zones[zone].splice(index, 1);
  session.openChip = null;
  if (destination !== "remove") {
    state.zones[destination].push(code);
    renderZones();
    focusChip(destination, state.zones[destination].length - 1);
    announce(`Moved ${code} to ${ZONE_NAMES[destination]}.`);
  } else {
    renderZones();
    const left = state.zones[zone].length;
    if (left > 0) focusChip(zone, Math.min(index, left - 1));
    else $("code-input").focus();
    announce(`Removed ${code}.`);
  }
  refreshCatalogueCounts();
  save();
}

export function focusChip(zone, index) {
  const chip = document.querySelector(`#zone-${zone} .chip[data-index="${index}"]`);
  if (chip) chip.focus();
}

/** The zones' codes that the service read as catalogue cards, in the cards' own codes (a short form from the URL,
    r:f6, becomes romance:F6). */
function canonicalZones() {
  let changed = false;
  for (const zone of ZONES) {
    state.zones[zone] = state.zones[zone].map((code) => {
      const kept = canonical(GAME, code);
      changed = changed || kept !== code;
      return kept;
    });
  }
  if (changed) {
    refreshCatalogueCounts();
    save();
  }
}

export function renderZones() {
  canonicalZones();
  const used = usedCounts();
  const problems = [];
  for (const zone of ZONES) {
    const list = $(`zone-${zone}`);
    const codes = state.zones[zone];
    const openChip = session.openChip;
    list.replaceChildren();
    codes.forEach((code, index) => {
      const isOpen = openChip && openChip.zone === zone && openChip.index === index;
      const problem = codeProblem(code, zone, used);
      if (problem && !problems.some(([c, , z]) => c === code && z === zone)) problems.push([code, problem, zone]);
      const chip = el("button", {
        type: "button",
        className: `chip genre-${genreOf(code)}${isOpen ? " open" : ""}${problem ? " bad-code" : ""}`,
        "aria-expanded": isOpen ? "true" : "false",
        "aria-controls": isOpen ? `actions-${zone}` : null,
        "aria-label": `${code} in ${ZONE_NAMES[zone]}${problem ? ` (${problem})` : ""}: choose where it goes`,
        title: problem,
        dataset: { code, index: String(index), zone, problem: problem || undefined },
        onclick: () => {
          session.openChip = isOpen ? null : { zone, index };
          renderZones();
          focusChip(zone, index);
        },
      },
      el("span", { className: "chip-letter", "aria-hidden": "true", text: letterOf(code) }),
      el("span", { className: "chip-code", "aria-hidden": "true", text: shortOf(code) }));
      list.append(el("li", null, chip));
    });
    if (codes.length === 0) list.append(el("li", { className: "empty muted", text: zone === "hand" ? "No cards yet" : "None" }));
    document.querySelector(`[data-count="${zone}"]`).textContent = codes.length ? `(${codes.length})` : "";

    const zoneBox = list.closest(".zone");
    const bar = zoneBox.querySelector(".chip-actions");
    if (bar) bar.remove();
    if (openChip && openChip.zone === zone && openChip.index < codes.length) {
      zoneBox.append(renderChipActions(zone, openChip.index));
    }
  }
  showProblemList($("zone-problems"), problems, (zone) => ` (${ZONE_NAMES[zone]})`);
  checkTypedCodes();
  checkDiscard();
  // codes the service has not read yet (restored from the URL, or under another edition): read, then drawn again
  readThen(GAME, ZONES.flatMap((zone) => state.zones[zone]).filter((code) => !inCatalogue(code)), renderZones);
}

function renderChipActions(zone, index) {
  const code = state.zones[zone][index];
  const classic = isClassic(code);
  const bar = el("div", { className: "chip-actions", id: `actions-${zone}`, role: "group", "aria-label": `Move ${code}` });
  const found = cardOf(code);
  const benefits = found ? (found.inline ? houseBenefits(code) : describeBenefits(found.card)) : "";
  bar.append(el("span", { className: "chip-actions-title" }, el("strong", { text: code }),
    benefits ? el("span", { className: "muted", text: " " + benefits }) : null));
  const buttons = el("div", { className: "chip-actions-buttons" });
  const labels = { hand: "To hand", inked: "Inked", mine: "My classic", others: "Opp. classic" };
  for (const destination of ZONES) {
    if (destination === zone) continue;
    if ((destination === "mine" || destination === "others") && classic === false) continue;
    buttons.append(el("button", { type: "button", className: "button small", dataset: { action: destination },
      "aria-label": `Move ${code} to ${ZONE_NAMES[destination]}`, text: labels[destination],
      onclick: () => moveChip(zone, index, destination) }));
  }
  buttons.append(el("button", { type: "button", className: "button small danger", dataset: { action: "remove" },
    "aria-label": `Remove ${code}`, text: "Remove", onclick: () => moveChip(zone, index, "remove") }));
  buttons.append(el("button", { type: "button", className: "button small subtle", dataset: { action: "close" },
    text: "Close", onclick: () => { session.openChip = null; renderZones(); focusChip(zone, index); } }));
  bar.append(buttons);
  return bar;
}

/** The Hardback turn's own controls: the zone to add to, the typed codes, the discard pile, Clear all. */
export function bindHand() {
  for (const radio of document.querySelectorAll('input[name="target"]')) {
    radio.addEventListener("change", () => {
      if (!radio.checked) return;
      state.target = radio.value;
      filterCatalogue();
      checkTypedCodes();
    });
  }
  $("code-input").addEventListener("input", debounce(checkTypedCodes));
  $("discard").addEventListener("input", debounce(checkDiscard));
  $("code-form").addEventListener("submit", (event) => {
    event.preventDefault();
    addTypedCodes();
  });
  $("clear-all").addEventListener("click", () => {
    for (const zone of ZONES) state.zones[zone] = [];
    session.openChip = null;
    renderZones();
    save();
    announce("All cards cleared.");
  });
}
