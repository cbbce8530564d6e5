/* The Hardback turn: the codes typed or tapped into the zones (hand, inked, classics), shown as chips that move
   between zones, each checked as it is typed against what the service reads it as (chips.js draws them). */

import { announce, describeBenefits, filterCatalogue, refreshCatalogueCounts } from "./catalogue.js";
import { actionButton, actionBar, checkTyped, chip, drawChips, focusChipIn, focusNear, problemPairs, typedCards }
  from "./chips.js";
import { canonical, debounce, readingOf, readThen, showProblemList, tokenize } from "./codes.js";
import { $, onRadio, plural } from "./dom.js";
import { clearError, showError } from "./errors.js";
import { cardOf, genreOf, houseBenefits, inCatalogue, isClassic, letterOf, shortOf } from "./hbcards.js";
import { ZONE_NAMES, ZONES, save, session, state } from "./state.js";

const GAME = "hardback";
const MOVE_LABELS = { hand: "To hand", inked: "Inked", mine: "My classic", others: "Opp. classic" };

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
  return problemPairs(codes, (code) => {
    used.set(code, (used.get(code) || 0) + 1);
    return codeProblem(code, zone, used);
  });
}

/** Check a field of codes for ``zone`` once the service has read them; ``used`` counts the cards given so far. */
function checkField(input, box, zone, used) {
  return checkTyped(GAME, input, box, {
    split: tokenize,
    unread: (codes) => codes.filter((code) => !inCatalogue(code)),
    problems: (codes) => typedProblems(codes.map((code) => canonical(GAME, code)), zone, used()),
  });
}

/** The codes typed for the zone chosen, checked as they are typed (before Add, before Find). */
function checkTypedCodes() {
  return checkField($("code-input"), $("code-check"), state.target, usedCounts);
}

/** The discard pile's codes: cards of the box (a pile is not bounded by the copies in play here). */
function checkDiscard() {
  return checkField($("discard"), $("discard-check"), "discard", () => new Map());
}

const typed = typedCards(GAME, "code-input", {
  split: tokenize,
  unread: (codes) => codes.filter((code) => !inCatalogue(code)),
  empty: "Type one or more card codes first, e.g. r:F6 E a:A5 S T.",
  add: (codes) => addCards(codes, state.target, null),
  check: checkTypedCodes,
});

/** Add the typed codes to the zone chosen, each as the card's own code where the service read it as one; Find
    waits for it (``codesAdded``), so that a search asked at once has the cards just added. */
export function addTypedCodes() {
  return typed.add();
}

/** Settles once the codes being added are in their zone. */
export function codesAdded() {
  return typed.added();
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
    focusNear((i) => focusChip(zone, i), index, state.zones[zone].length, "code-input");
    announce(`Removed ${code}.`);
  }
  refreshCatalogueCounts();
  save();
}

export function focusChip(zone, index) {
  focusChipIn(`zone-${zone}`, index);
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
    const redraw = (index) => {
      renderZones();
      focusChip(zone, index);
    };
    drawChips($(`zone-${zone}`), zone, state.zones[zone], {
      chipAt: (code, index) => {
        const problem = codeProblem(code, zone, used);
        if (problem && !problems.some(([c, , z]) => c === code && z === zone)) problems.push([code, problem, zone]);
        return chip(code, index, zone, { problem, kind: `genre-${genreOf(code)}`, face: letterOf(code),
          shown: shortOf(code), where: ZONE_NAMES[zone], verb: "choose where it goes", redraw });
      },
      empty: zone === "hand" ? "No cards yet" : "None",
      count: document.querySelector(`[data-count="${zone}"]`),
      actionsAt: (index) => renderChipActions(zone, index, redraw),
    });
  }
  showProblemList($("zone-problems"), problems, (zone) => ` (${ZONE_NAMES[zone]})`);
  checkTypedCodes();
  checkDiscard();
  // codes the service has not read yet (restored from the URL, or under another edition): read, then drawn again
  readThen(GAME, ZONES.flatMap((zone) => state.zones[zone]).filter((code) => !inCatalogue(code)), renderZones);
}

function renderChipActions(zone, index, redraw) {
  const code = state.zones[zone][index];
  const classic = isClassic(code);
  const found = cardOf(code);
  const buttons = [];
  for (const destination of ZONES) {
    if (destination === zone) continue;
    if ((destination === "mine" || destination === "others") && classic === false) continue;
    buttons.push(actionButton(destination, MOVE_LABELS[destination], `Move ${code} to ${ZONE_NAMES[destination]}`,
      () => moveChip(zone, index, destination)));
  }
  return actionBar(zone, index, code, {
    verb: "Move",
    about: found ? (found.inline ? houseBenefits(code) : describeBenefits(found.card)) : "",
    buttons,
    remove: () => moveChip(zone, index, "remove"),
    redraw,
  });
}

/** The Hardback turn's own controls: the zone to add to, the typed codes, the discard pile, Clear all. */
export function bindHand() {
  onRadio("target", (value) => {
    state.target = value;
    filterCatalogue();
    checkTypedCodes();
  });
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
