/* The answer as cards: each word with its cards left to right, the totals and the reasons, and a card's part in
   the move on hover, focus or a tap (Hardback and Paperback). */

import { describeBenefits } from "./catalogue.js";
import { definitionSite, definitionUrl } from "./define.js";
import { $, el, formatValue, plural, sentence, valueCounts } from "./dom.js";
import { renderFrontier } from "./frontier.js";
import { cardOf, genreOf, houseBenefits, letterOf, shortOf } from "./hbcards.js";
import { pbAbilities } from "./paperback.js";
import { state } from "./state.js";
import { maxTop } from "./vocabulary.js";

const OBJECTIVE_NAMES = { value: "value", prestige: "prestige", coins: "coins", pareto: "the prestige/coins frontier",
  score: "score", length: "length" };

/** The words of an answer: the summary line, warnings, the frontier chart, each move as cards. */
export function renderResults(data, game, scroll) {
  const moves = Array.isArray(data.moves) ? data.moves : [];
  const summary = $("summary");
  summary.replaceChildren();
  const line = el("p", { className: "summary-line" });
  const objective = data.objective || (game === "paperback" ? state.pbObjective : state.objective);
  line.append(objective === "pareto"
    ? `${plural(moves.length, "word", "words")} on the prestige/coins frontier`
    : `${plural(moves.length, "word", "words")}, best by ${OBJECTIVE_NAMES[objective] || objective}`);
  if (data.dictionary) line.append(` · ${data.dictionary}`);
  if (typeof data.familiarAsked === "number") {
    line.append(" · ", el("span", { id: "familiar-note", text: `familiar words only (Zipf ${data.familiarAsked} or more)` }));
  }
  if (typeof data.elapsed_ms === "number") line.append(` · ${data.elapsed_ms < 10 ? data.elapsed_ms.toFixed(1) : Math.round(data.elapsed_ms)} ms`);
  line.append(" ");
  line.append(data.exact === false
    ? el("span", { className: "badge warn", id: "not-exact", text: "not proven best" })
    : el("span", { className: "badge ok", text: "exact" }));
  summary.append(line);
  const note = valueNote(data.weights);
  if (note && game !== "paperback") summary.append(note);
  if (data.exact === false && moves.length === 0) {
    // a search cut short proves nothing about the words it did not reach: never "no word can be played"
    summary.append(el("p", { className: "warning", id: "cut-short" },
      el("strong", { text: "The search was cut short before it found a word" }),
      " (not proven best: a word may still exist). ", data.warning ? sentence(data.warning) + " " : "",
      "Try a longer time limit or fewer cards."));
  } else if (data.exact === false) {
    summary.append(el("p", { className: "warning", id: "not-proven" },
      el("strong", { text: "These moves are not proven best" }), ": ",
      sentence(data.warning || "the search stopped before it could prove that no better word exists", false)));
  } else if (data.warning) {
    summary.append(el("p", { className: "warning", text: data.warning }));
  }
  const grouped = game === "paperback" && state.pbShow === "length" && objective !== "pareto";
  if (grouped && typeof data.topAsked === "number" && data.topAsked < maxTop() && moves.length >= data.topAsked) {
    summary.append(el("p", { className: "muted small", id: "grouped-few" },
      `Grouped from the ${plural(data.topAsked, "word", "words")} asked for: press Find words for up to ${maxTop()}.`));
  }
  if (moves.length === 0 && data.exact !== false) {
    summary.append(el("p", { className: "reason", id: "no-moves-reason",
      text: data.reason ? `No word: ${data.reason}.`.replace(/\.\.$/, ".") : "No word can be played with these cards." }));
  }

  const frontier = $("frontier");
  if (objective === "pareto" && moves.length > 0) {
    frontier.replaceChildren(renderFrontier(moves));
    frontier.hidden = false;
  } else {
    frontier.hidden = true;
    frontier.replaceChildren();
  }

  const list = $("results");
  list.replaceChildren();
  if (grouped) {
    if (data.every) summary.append(everySummary(data.every.summary));
    renderLengthGroups(list, moves, objective, data.every ? data.every.words : []);
  } else {
    moves.forEach((move, index) => list.append(game === "paperback"
      ? renderPaperbackMove(move, index, objective, "h3")
      : renderMove(move, index)));
  }
  $("results-empty").hidden = true;
  if (scroll && window.matchMedia("(max-width: 899px)").matches) {
    $("results-section").scrollIntoView({ behavior: "smooth", block: "start" });
  }
}

function faceLabel(face) {
  return face === "wild" ? "wild (face down)" : face === "uncovered" ? "uncovered (laid wild, turned face up)" : "face up";
}

const SOURCE_LABELS = { hand: "from your hand", inked: "inked", mine: "your classic", other: "opponent's classic" };
const SOURCE_TAGS = { inked: "inked", mine: "classic", other: "opp." };

function gainText(card) {
  const parts = [];
  if (card.prestige) parts.push(`${card.prestige}p`);
  if (card.coins) parts.push(`${card.coins}c`);
  return parts.join(" ");
}

function renderCard(card, moveId, index, inPlay) {
  const genre = genreOf(card.code);
  const face = card.face || "up";
  const letter = (card.letter || letterOf(card.code)).toUpperCase();
  const factor = Number(card.factor) || 1;
  const source = card.source || "hand";
  const tag = face === "wild" ? "wild" : face === "uncovered" ? "uncovered" : SOURCE_TAGS[source] || "";
  const gains = face === "wild" ? "" : gainText(card);
  const label = [
    `${letter}: ${card.code}`, faceLabel(face), SOURCE_LABELS[source] || source,
    factor > 1 ? `times ${factor}` : null,
    `${plural(card.prestige || 0, "prestige", "prestige")}, ${plural(card.coins || 0, "coin", "coins")}`,
  ].filter(Boolean).join(", ");
  const button = el("button", {
    type: "button",
    className: `card genre-${genre} face-${face} source-${source}${inPlay ? " in-play" : ""}${factor > 1 ? " has-factor" : ""}`,
    dataset: { code: card.code, face, source, letter, factor: String(factor), index: String(index) },
    "aria-label": label,
    "aria-expanded": "false",
    "aria-controls": `${moveId}-detail`,
  },
  el("span", { className: "card-code", "aria-hidden": "true", text: shortOf(card.code) }),
  el("span", { className: "card-letter", "aria-hidden": "true", text: letter }),
  el("span", { className: "card-gain", "aria-hidden": "true", text: gains || "\u00a0" }),
  tag ? el("span", { className: `card-tag tag-${tag.replace(/\W/g, "")}`, "aria-hidden": "true", text: tag }) : null,
  factor > 1 ? el("span", { className: "card-factor", "aria-hidden": "true", text: `x${factor}` }) : null);
  return button;
}

function detailContent(card) {
  const face = card.face || "up";
  const factor = Number(card.factor) || 1;
  const found = cardOf(card.code);
  const letter = (card.letter || letterOf(card.code)).toUpperCase();
  const head = el("p", { className: "detail-head" },
    el("span", { className: `detail-letter genre-${genreOf(card.code)} face-${face}`, text: letter }),
    el("span", null, el("strong", { text: card.code }), ` · ${faceLabel(face)} · ${SOURCE_LABELS[card.source] || card.source}`,
      card.position === null || card.position === undefined ? " · in play, outside the word" : ` · letter ${card.position + 1}`));
  const gains = el("p", { className: "detail-gains" },
    el("span", { className: "total prestige" }, el("b", { text: String(card.prestige || 0) }), " prestige"),
    el("span", { className: "total coins" }, el("b", { text: String(card.coins || 0) }), card.coins === 1 ? " coin" : " coins"),
    factor > 1 ? el("span", { className: "total factor" }, el("b", { text: `x${factor}` }), factor === 2 ? " doubled" : " tripled") : null);
  const parts = [head, gains];
  const notes = Array.isArray(card.notes) ? card.notes : [];
  if (notes.length) parts.push(el("ul", { className: "detail-notes" }, ...notes.map((note) => el("li", { text: note }))));
  if (found && face !== "wild") {
    const text = found.inline ? `A house card: ${houseBenefits(card.code)}` : describeBenefits(found.card);
    parts.push(el("p", { className: "detail-card-text muted", text }));
  }
  if (face === "wild") parts.push(el("p", { className: "muted", text: `Played face down for the letter ${letter}: no benefits.` }));
  return parts;
}

function openDetail(detail, card, button, pinned, content) {
  detail.replaceChildren(...(content || detailContent)(card));
  detail.hidden = false;
  detail.dataset.pinned = pinned ? "true" : "false";
  const move = detail.closest(".move");
  for (const other of move.querySelectorAll(".card")) {
    other.setAttribute("aria-expanded", other === button && pinned ? "true" : "false");
    other.classList.toggle("selected", other === button);
  }
  detail.dataset.forIndex = button.dataset.index + (button.classList.contains("in-play") ? "p" : "w");
}

export function closeDetail(detail) {
  detail.hidden = true;
  detail.dataset.pinned = "false";
  detail.dataset.forIndex = "";
  const move = detail.closest(".move");
  for (const other of move.querySelectorAll(".card")) {
    other.setAttribute("aria-expanded", "false");
    other.classList.remove("selected");
  }
}

function wireCard(button, card, detail, content) {
  const key = () => button.dataset.index + (button.classList.contains("in-play") ? "p" : "w");
  button.addEventListener("click", () => {
    if (detail.dataset.pinned === "true" && detail.dataset.forIndex === key()) closeDetail(detail);
    else openDetail(detail, card, button, true, content);
  });
  button.addEventListener("pointerenter", (event) => {
    if (event.pointerType !== "mouse") return;
    if (detail.dataset.pinned === "true") return;
    openDetail(detail, card, button, false, content);
  });
  button.addEventListener("pointerleave", (event) => {
    if (event.pointerType !== "mouse") return;
    if (detail.dataset.pinned !== "true") closeDetail(detail);
  });
  button.addEventListener("focus", () => {
    if (detail.dataset.pinned === "true") return;
    if (button.matches(":focus-visible")) openDetail(detail, card, button, false, content);
  });
  button.addEventListener("blur", () => {
    if (detail.dataset.pinned !== "true") closeDetail(detail);
  });
}

function extrasOf(move) {
  const items = [];
  const count = (n, text) => { if (n) items.push(text(n)); };
  count(move.ink, (n) => `+${plural(n, "ink token", "ink tokens")}`);
  count(move.remover, (n) => `+${plural(n, "remover", "removers")}`);
  count(move.jail, (n) => `jail ${plural(n, "card", "cards")}`);
  count(move.preview, (n) => `preview ${n}`);
  count(move.opponents_return, (n) => `opponents return ${plural(n, "token", "tokens")}`);
  count(move.dumped, (n) => `dump ${plural(n, "card", "cards")}`);
  count(move.removers_spent, (n) => `spends ${plural(n, "remover", "removers")}`);
  count(move.award, (n) => `literary award ${n}p`);
  for (const code of move.trashed || []) items.push(`trashes ${code}`);
  for (const code of move.classics_sent_home || []) items.push(`sends home ${code}`);
  for (const code of move.classics_kept || []) items.push(`keeps ${code} in play`);
  return items;
}

function renderMove(move, index) {
  const moveId = `move-${index + 1}`;
  const detail = el("div", { className: "card-detail", id: `${moveId}-detail`, hidden: true, "aria-live": "polite" });
  const word = String(move.word || "");
  const head = el("div", { className: "move-head" },
    el("span", { className: "rank", "aria-hidden": "true", text: String(index + 1) }),
    el("h3", { className: "word", id: `${moveId}-word` }, el("span", { className: "visually-hidden", text: `${index + 1}. ` }), word.toUpperCase()),
    el("div", { className: "totals" },
      el("span", { className: "total prestige", dataset: { total: "prestige" } }, el("b", { text: String(move.prestige) }), " prestige"),
      el("span", { className: "total coins", dataset: { total: "coins" } }, el("b", { text: String(move.coins) }), move.coins === 1 ? " coin" : " coins"),
      el("span", { className: "total value", dataset: { total: "value" } }, el("b", { text: formatValue(move.value) }), " value"),
      typeof move.familiarity === "number"
        ? el("span", { className: "total familiarity", dataset: { total: "familiarity" },
          title: "How familiar the word is: its Zipf frequency (3: met now and then in print, 4: common)" },
        el("b", { text: move.familiarity.toFixed(1) }), " familiarity")
        : null));

  const row = el("ul", { className: "card-row word-cards", "aria-label": `Cards of ${word.toUpperCase()}, left to right` });
  (move.cards || []).forEach((card, i) => {
    const button = renderCard(card, moveId, i, false);
    wireCard(button, card, detail);
    row.append(el("li", null, button));
  });

  const item = el("li", { className: "move", id: moveId, dataset: { word }, "aria-labelledby": `${moveId}-word` }, head, row);
  const inPlay = move.in_play || [];
  if (inPlay.length) {
    const playRow = el("ul", { className: "card-row in-play-cards", "aria-label": "Your classics in play outside the word" });
    inPlay.forEach((card, i) => {
      const button = renderCard(card, moveId, i, true);
      wireCard(button, card, detail);
      playRow.append(el("li", null, button));
    });
    item.append(el("div", { className: "in-play-box" }, el("span", { className: "in-play-label", text: "In play" }), playRow));
  }
  item.append(detail);
  const extras = extrasOf(move);
  if (extras.length) item.append(el("ul", { className: "extras" }, ...extras.map((text) => el("li", { text }))));
  if ((move.genres_active || []).length) {
    item.append(el("p", { className: "genres small" }, "Active genres: ",
      ...move.genres_active.map((genre) => el("span", { className: `genre-pill genre-${genre}`, text: genre }))));
  }
  const shown = new Set(extras);
  const hasGenres = (move.genres_active || []).length > 0;
  const reasons = (move.reasons || []).filter((text) => !shown.has(text) && !(hasGenres && /^active genres?:/i.test(text)));
  if (reasons.length) item.append(el("ul", { className: "reasons" }, ...reasons.map((text) => el("li", { text }))));
  return item;
}


function pbCardFacts(card) {
  const letters = String(card.letters || "");
  const spacebar = card.code === "spacebar";
  return {
    spacebar,
    wild: Boolean(card.wild),
    common: card.source === "common",
    reversed: Boolean(card.reversed),
    factor: Number(card.factor) || 1,
    letters,
    face: spacebar ? "\u2423" : letters.toUpperCase(),
    wide: !spacebar && [...letters].length > 1,
    score: Number(card.score) || 0,
  };
}

function points(n) {
  return plural(n, "point", "points");
}

function renderPaperbackCard(card, moveId, index) {
  const f = pbCardFacts(card);
  const code = String(card.code);
  const head = code.split(":")[0] + (pbAbilities(code).length ? " \u2605" : "");
  const tag = f.wild ? "wild" : f.spacebar ? "spacebar" : f.common ? "common" : f.reversed ? "reversed" : "";
  const label = [
    f.spacebar ? "Spacebar: the space between the two words" : `${f.face}: ${code}`,
    f.wild ? `a wild card for ${f.face}` : null,
    f.common ? "the Common card" : "from your hand",
    f.reversed ? "reversed by Dyslexic" : null,
    f.factor > 1 ? `times ${f.factor}` : null,
    f.wild || f.spacebar ? null : points(f.score),
  ].filter(Boolean).join(", ");
  const className = ["card", "pcard", f.wide ? "wide" : "", f.wild ? "face-wild" : "face-up",
    f.common ? "source-common" : "source-hand", f.reversed ? "reversed" : "", f.spacebar ? "spacebar" : "",
    f.factor > 1 ? "has-factor" : ""].filter(Boolean).join(" ");
  return el("button", {
    type: "button",
    className,
    dataset: { code, letters: f.letters, source: card.source || "hand", wild: String(f.wild),
      reversed: String(f.reversed), factor: String(f.factor), index: String(index) },
    "aria-label": label,
    "aria-expanded": "false",
    "aria-controls": `${moveId}-detail`,
  },
  el("span", { className: "card-code", "aria-hidden": "true", text: f.spacebar ? "\u00a0" : head }),
  el("span", { className: "card-letter", "aria-hidden": "true", text: f.face }),
  el("span", { className: "card-gain", "aria-hidden": "true", text: f.wild || f.spacebar ? "\u00a0" : `${f.score} pt` }),
  tag ? el("span", { className: `card-tag tag-${tag}`, "aria-hidden": "true", text: tag }) : null,
  f.reversed && tag !== "reversed" ? el("span", { className: "card-rev", "aria-hidden": "true", text: "\u21c4" }) : null,
  f.factor > 1 ? el("span", { className: "card-factor", "aria-hidden": "true", text: `x${f.factor}` }) : null);
}

function pbDetailContent(card) {
  const f = pbCardFacts(card);
  const position = Number(card.position);
  const span = [...f.letters].length;
  const where = Number.isInteger(position)
    ? (span > 1 ? ` \u00b7 letters ${position + 1}\u2013${position + span}` : ` \u00b7 letter ${position + 1}`)
    : "";
  const head = el("p", { className: "detail-head" },
    el("span", { className: `detail-letter pcard-face${f.wild ? " face-wild" : ""}${f.common ? " source-common" : ""}`,
      text: f.face }),
    el("span", null, el("strong", { text: card.code }),
      ` \u00b7 ${f.common ? "the Common card" : "from your hand"}`, f.spacebar ? "" : where));
  const parts = [head];
  if (!f.spacebar) {
    parts.push(el("p", { className: "detail-gains" },
      el("span", { className: "total score" }, el("b", { text: String(f.score) }), " to the score"),
      f.factor > 1 ? el("span", { className: "total factor" }, el("b", { text: `x${f.factor}` }),
        f.factor === 2 ? " doubled" : " tripled") : null));
  }
  const notes = [];
  if (f.spacebar) notes.push("The Spacebar: it splits the two words, +1 to the score.");
  if (f.wild) notes.push(`A wild card, played for the letter ${f.face}: no score, no abilities.`);
  if (f.reversed) notes.push(`Reversed by Dyslexic: played as ${f.face}.`);
  if (f.factor > 1) {
    notes.push(`Its score ${f.factor === 2 ? "doubled" : "tripled"} by the double-letter card${f.factor > 2 ? "s" : ""} beside it.`);
  }
  if (f.common && !f.spacebar) notes.push("The Common card on the length track: usable once this turn.");
  const abilities = pbAbilities(String(card.code));
  if (abilities.length) notes.push(`Abilities: ${abilities.join("; ")}.`);
  if (Array.isArray(card.copies) && card.copies.length) notes.push(`Copies: ${card.copies.join("; ")}.`);
  if (notes.length) parts.push(el("ul", { className: "detail-notes" }, ...notes.map((note) => el("li", { text: note }))));
  return parts;
}

/** The line saying how many words the cards can spell in all, and whether the list is every one. */
function everySummary(summary) {
  const count = Number(summary.count) || 0;
  if (summary.complete === false) {
    return el("p", { className: "warning", id: "every-cut" }, el("strong", { text: `${plural(count, "word", "words")} listed` }),
      `: ${sentence(summary.reason || "the list was cut short by the time limit", false)}`);
  }
  return el("p", { className: "muted small", id: "every-count",
    text: `${plural(count, "word", "words")} in all: every word these cards can spell${summary.note ? ` (${summary.note})` : ""}.` });
}

/** The same moves under a heading for each length, longest first, each keeping its rank; with ``every`` (every word
    of the hand, ``{word, score, length}``), each group lists its other words too, as a word and its score. */
function renderLengthGroups(list, moves, objective, every) {
  const groups = new Map();
  const group = (length) => {
    if (!groups.has(length)) groups.set(length, { moves: [], others: [] });
    return groups.get(length);
  };
  const shown = new Set();
  moves.forEach((move, index) => {
    group(Number(move.length) || [...String(move.word || "")].length).moves.push([move, index]);
    shown.add(String(move.word));
  });
  every.forEach((word) => { if (!shown.has(word.word)) group(Number(word.length)).others.push(word); });
  for (const length of [...groups.keys()].sort((a, b) => b - a)) {
    const entries = groups.get(length);
    const id = `length-${length}`;
    const count = entries.moves.length + entries.others.length;
    const item = el("li", { className: "length-group", dataset: { length: String(length) }, "aria-labelledby": id },
      el("h3", { className: "length-heading", id },
        plural(length, "letter", "letters"), el("span", { className: "count", text: ` · ${plural(count, "word", "words")}` })),
      el("ol", { className: "results group-moves" },
        ...entries.moves.map(([move, index]) => renderPaperbackMove(move, index, objective, "h4"))));
    if (entries.others.length) {
      item.append(el("ul", { className: "every-words", "aria-label": `Other words of ${plural(length, "letter", "letters")}` },
        ...entries.others.map((word) => el("li", { className: "every-word", dataset: { word: word.word } },
          String(word.word).toUpperCase(), el("span", { className: "muted", text: ` ${word.score}` })))));
    }
    list.append(item);
  }
}

/** A word as shown: a link to its definition on the site chosen (each word of a Spacebar pair), or plain. */
function wordContent(word) {
  const site = definitionSite();
  if (!site) return [word.toUpperCase()];
  const parts = [];
  word.split(" ").forEach((part, i) => {
    if (i) parts.push(" ");
    parts.push(el("a", { className: "define-link", href: definitionUrl(part), target: "_blank",
      rel: "noopener noreferrer", referrerpolicy: "no-referrer", dataset: { word: part } },
    part.toUpperCase(), el("span", { className: "visually-hidden", text: ` (its definition on ${site}, in a new tab)` })));
  });
  return parts;
}

function renderPaperbackMove(move, index, objective, level) {
  const moveId = `move-${index + 1}`;
  const detail = el("div", { className: "card-detail", id: `${moveId}-detail`, hidden: true, "aria-live": "polite" });
  const word = String(move.word || "");
  const shown = word.toUpperCase();
  const head = el("div", { className: "move-head" },
    el("span", { className: "rank", "aria-hidden": "true", text: String(index + 1) }),
    el(level, { className: "word", id: `${moveId}-word` }, el("span", { className: "visually-hidden", text: `${index + 1}. ` }),
      ...wordContent(word)),
    el("div", { className: "totals" },
      el("span", { className: "total score", dataset: { total: "score" } }, el("b", { text: String(move.score) }), " score"),
      el("span", { className: "total length", dataset: { total: "length" } }, el("b", { text: String(move.length) }),
        move.length === 1 ? " letter" : " letters"),
      objective === "value"
        ? el("span", { className: "total value", dataset: { total: "value" } }, el("b", { text: formatValue(move.value) }), " value")
        : null,
      move.gains_common
        ? el("span", { className: "total gains", dataset: { total: "gains-common" } }, "gains the Common card")
        : null));
  const row = el("ul", { className: "card-row word-cards pb-cards", "aria-label": `Cards of ${shown}, left to right` });
  (move.cards || []).forEach((card, i) => {
    const button = renderPaperbackCard(card, moveId, i);
    wireCard(button, card, detail, pbDetailContent);
    row.append(el("li", null, button));
  });
  const item = el("li", { className: "move pb-move", id: moveId, dataset: { word }, "aria-labelledby": `${moveId}-word` },
    head, row, detail);
  const reasons = Array.isArray(move.reasons) ? move.reasons : [];
  if (reasons.length) item.append(el("ul", { className: "reasons" }, ...reasons.map((text) => el("li", { text }))));
  return item;
}


/** What a move's value counts (the hint's ``weights``), in the Play view's words. */
function valueNote(weights) {
  if (!weights) return null;
  return el("p", { className: "small muted", id: "value-note",
    text: `Value counts ${valueCounts(weights)}: the service's default weights (the Play view's hints use what each `
      + "is worth at the game's stage)." });
}
