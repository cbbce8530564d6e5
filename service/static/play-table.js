/* The Hardback table as a board game shows it: cards with their benefits printed on them (the offer row, the hand),
   a hint as the row of cards it lays out, the preview a word or a pass is confirmed from, the log in turns, and
   what "value" means here. Only drawing: play.js decides what a tap does. */

import { $, el, valueCounts } from "./dom.js";
import { cardTile, moveSummary, short } from "./play-render.js";

// The catalogue's benefits in a card's few words (the full words stay in the card's title and accessible name).
const BRIEF = [
  [/trash a card from the discard pile for /g, "dump: "],
  [/trash this card for /g, "trash: "],
  [/(\d+) prestige per wild card in the word/g, "$1P a wild"],
  [/(\d+) coins? per active (\w+) card/g, "$1¢ a $2"],
  [/(\d+) prestige/g, "$1P"],
  [/(\d+) coins?/g, "$1¢"],
  [/an ink or a remover/g, "ink or remover"],
  [/double an adjacent card/g, "double a neighbour"],
  [/uncover an adjacent wild/g, "uncover a wild"],
  [/each other player returns an unused ink or remover/g, "others return a token"],
  [/jail an offer-row card/g, "jail a card"],
  [/preview the top (\d+) cards of the draw pile/g, "preview $1"],
];

export function brief(text) {
  return BRIEF.reduce((out, [pattern, words]) => out.replace(pattern, words), text);
}

/** A card's benefits read from its words (``code: basic; with its genre: bonus (timeless classic); N prestige when
    bought``, the service's ``text`` without the code). */
export function benefitsOf(text) {
  let rest = text || "";
  let bought = 0;
  const when = rest.match(/; (\d+) prestige when bought$/);
  if (when) { bought = Number(when[1]); rest = rest.slice(0, when.index); }
  const timeless = rest.endsWith(" (timeless classic)");
  if (timeless) rest = rest.slice(0, -" (timeless classic)".length);
  const [basic, genre = ""] = rest.split("; with its genre: ");
  const list = (s) => (s && s !== "nothing" ? s.split("; ") : []);
  return { basic: list(basic), genre: list(genre), bought, timeless };
}

function printed(card) {
  const b = benefitsOf(card.text);
  return el("span", { className: "card-benefits", "aria-hidden": "true" },
    ...b.basic.map((t) => el("span", { className: "benefit", text: brief(t) })),
    ...b.genre.map((t) => el("span", { className: "benefit genre-benefit", text: `◆ ${brief(t)}` })),
    b.bought ? el("span", { className: "benefit bought", text: `+${b.bought}P bought` }) : null,
    b.timeless ? el("span", { className: "benefit timeless", text: "timeless" }) : null);
}

/** A card with its benefits printed on it (``size``: "hand" or "offer"); ``attrs`` as ``cardTile``'s. */
export function textCard(card, attrs = {}, extra = null, size = "hand") {
  const tile = cardTile(card, { ...attrs, className: `text-card ${size}-card ${attrs.className || ""}`.trim() }, extra);
  if (attrs.face !== "wild") tile.append(printed(card));
  return tile;
}

/** A small card that is not a button (inside a hint's button, a preview): its letter, genre and face. */
export function miniCard(card, face, letter) {
  const genre = card ? card.genre || "starter" : "starter";
  return el("span", { className: `mini-card genre-${genre} face-${face}`, title: card ? short(card.code) : "" },
    face === "wild" ? (letter || "?").toUpperCase() : (card ? card.letter : letter.toUpperCase()));
}

/** A move's cards in order, each found among ``places`` (the hand, inked cards, classics) by its code. */
export function movesCards(move, places) {
  const used = new Set();
  return move.layout.map((entry, i) => {
    const place = places.find((p) => p.card.code === entry.code && (!entry.source || p.source === entry.source) && !used.has(p.id));
    if (place) used.add(place.id);
    return miniCard(place ? place.card : null, entry.face || "up", move.word[i]);
  });
}

/** A hint as a button: its cards as they would lie, then its totals. */
export function hintButton(move, index, places, onPick) {
  return el("button", {
    type: "button", className: "button small hint-move", dataset: { word: move.word, index, codes: move.layout.map((e) => e.code).join(" ") },
    "aria-label": `${index + 1}. ${moveSummary(move)}`, onclick: onPick,
  },
  el("span", { className: "mini-cards", "aria-hidden": "true" }, ...movesCards(move, places)),
  el("span", { className: "hint-text", text: `${index + 1}. ${moveSummary(move)}` }));
}

/** The preview a word or a pass waits in until the person confirms it (or goes back). ``what``: {title, cards,
    summary, yes}; null hides it. */
export function renderConfirm(what, onYes, onNo, busy) {
  const box = $("play-confirm");
  box.hidden = !what;
  if (!what) { box.replaceChildren(); return; }
  box.replaceChildren(
    el("p", { className: "confirm-title", text: what.title }),
    what.cards ? el("span", { className: "mini-cards confirm-cards", "aria-hidden": "true" }, ...what.cards) : null,
    what.summary ? el("p", { className: "small", text: what.summary }) : null,
    el("div", { className: "button-row" },
      el("button", { type: "button", id: "play-confirm-yes", className: "button primary", disabled: busy, onclick: onYes }, what.yes),
      el("button", { type: "button", id: "play-confirm-no", className: "button subtle", onclick: onNo }, "Back")));
  box.scrollIntoView({ block: "nearest" });
}

/** The log in turns: each run of lines by one seat one entry, the newest first, every line kept. */
export function renderLogTurns(said) {
  const blocks = [];
  for (const line of said) {
    const at = line.indexOf(": ");
    const who = at > 0 ? line.slice(0, at) : "";
    const what = at > 0 ? line.slice(at + 2) : line;
    const last = blocks[blocks.length - 1];
    if (last && last.who === who) last.lines.push(what);
    else blocks.push({ who, lines: [what] });
  }
  const log = $("play-log");
  log.replaceChildren(...blocks.map((b, i) => el("li", { className: "log-turn", value: i + 1 },
    b.who ? el("strong", { text: b.who }) : null,
    el("ul", { className: "log-lines" }, ...b.lines.map((t) => el("li", { text: t }))))).reverse());
  $("play-log-count").textContent = blocks.length ? `${blocks.length} turn${blocks.length === 1 ? "" : "s"}, newest first` : "";
}

/** What "value" means in Play: the weights the ghost writer ranked the hints with (the stage's). */
export function renderValueNote(weights) {
  const note = $("play-value-note");
  note.hidden = !weights;
  if (!weights) return;
  note.textContent = `Value counts ${valueCounts(weights)}: what each is worth in prestige at this stage of the game `
    + "(a coin is worth less as the game nears its end). The Ghost writer tab's value uses the weights set there.";
}
