/* Paperback's cards at the table (pbtable.js): what a code means, as the service reads it (POST /v1/cards/check,
   through codes.js: the page reads no code itself), and a card as a tile (play-render.js's, Hardback's table's). */

import { readCodes, readingOf } from "./codes.js";
import { cardTile } from "./play-render.js";

const SIGNS = { spacebar: "\u2423", dyslexic: "\u21c4" };

/** The card of a code ({letters, score, cost, wild, special, abilities, text}), or null until the service read it. */
export function cardOf(code) {
  if (!code) return null;
  const read = readingOf("paperback", code);
  return read && read.card ? read.card : null;
}

/** Have the service read the codes the table shows (those it has not read yet). */
export function readCards(codes) {
  return readCodes("paperback", codes.filter(Boolean));
}

/** A Paperback card as a tile: its letters (? a wild), its cost in cents, its score and abilities under them;
    ``attrs`` as cardTile's (``kind``: "common", "fame" for the tile's colour). */
export function pbTile(code, attrs = {}, extra = null) {
  const card = cardOf(code);
  const letters = !card ? code.split("/")[0] : card.special ? SIGNS[card.special] || card.special : card.wild ? "?" : card.letters.toUpperCase();
  const abilities = card ? card.abilities : [];
  const caption = attrs.caption ?? (card && !card.special ? `${card.score}${abilities.length ? ` ${abilities.join(" ")}` : ""}` : "");
  const text = card ? card.text : code;
  const classes = ["pb-card", card && card.wild ? "wild" : "", abilities.length ? "ability" : "", attrs.kind || "", attrs.className || ""];
  return cardTile({ code, letter: attrs.letter ?? letters, genre: "paperback", starter: attrs.cost === null || !card || card.cost === null,
    cost: attrs.cost ?? (card ? `${card.cost}¢` : ""), text },
  { ...attrs, caption, name: attrs.name || text, className: classes.filter(Boolean).join(" ") }, extra);
}
