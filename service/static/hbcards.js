/* What a Hardback code shows: its card, from the page's catalogue or as the service read it (a house card given
   inline too), and from that its genre, its big letter, its short form, its benefits, whether it is a classic. */

import { catalogue } from "./catalogue.js";
import { readingOf } from "./codes.js";
import { state } from "./state.js";
import { shortCode } from "./vocabulary.js";

const GAME = "hardback";

/** Whether the page's catalogue (the English cards) is the one codes name now. */
export function inCatalogue(code) {
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
export function isClassic(code) {
  const found = cardOf(code);
  return found && !found.inline ? Boolean(found.card.timeless) : null;
}
