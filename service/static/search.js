/* Asking the service for words: the request of each game, Find and Cancel, and each game's last answer. */

import { api, apiLines } from "./api.js";
import { catalogue } from "./catalogue.js";
import { readCodes, tokenize } from "./codes.js";
import { $, el } from "./dom.js";
import { clearError, showError } from "./errors.js";
import { codesAdded } from "./hand.js";
import { cardsAdded } from "./paperback.js";
import { renderResults } from "./results.js";
import { ZONES, state } from "./state.js";
import { maxTop } from "./vocabulary.js";

/** each game's last answer, shown again when the page switches back to that game */
const lastAnswers = { hardback: null, paperback: null };

function intOr(value, fallback) {
  const text = String(value).trim();
  if (text === "") return fallback;
  const number = Number(text);
  return Number.isFinite(number) ? number : text; // a non-number goes through so that the service names it
}

function buildRequest() {
  const frontier = state.view === "frontier";
  const body = {
    hand: [...state.zones.hand],
    inked: [...state.zones.inked],
    timeless: { mine: [...state.zones.mine], others: [...state.zones.others] },
    discard: tokenize(state.discard),
    remover: intOr(state.remover, 0),
    ink: intOr(state.ink, 0),
    options: {
      rules: state.rules,
      literary_awards: state.awards,
      award_held: intOr(state.awardHeld, 0),
      min_length: intOr(state.minLength, 2),
      edition: state.edition,
    },
    objective: state.objective,
    top: intOr(state.top, 5),
    pareto: frontier,
  };
  if (state.dictionary) body.dictionary = state.dictionary;
  if (String(state.timeLimit).trim() !== "") body.time_limit = intOr(state.timeLimit, null);
  if (String(state.familiar).trim() !== "") body.familiar = intOr(state.familiar, null);
  return body;
}

/** A Paperback request: the typed cards as they are (the service names a bad one), empty fields as null. */
function buildPaperbackRequest() {
  const common = String(state.common).trim();
  const threshold = String(state.threshold).trim();
  const body = {
    hand: [...state.pbHand],
    common: common === "" || /^(none|-)$/i.test(common) ? null : common,
    threshold: threshold === "" ? null : intOr(threshold, 7),
    objective: state.pbObjective,
    // grouped by length, the page asks for as many words as the service gives, and groups them
    top: state.pbShow === "length" ? maxTop() : intOr(state.pbTop, 5),
  };
  if (state.dictionary) body.dictionary = state.dictionary;
  return body;
}

/** Each game's requests are numbered apart, so that an answer arriving after a switch is kept for its game. */
const serials = { hardback: 0, paperback: 0 };
const pending = { hardback: false, paperback: false };
/** each game's running search, to cancel it */
const controllers = { hardback: null, paperback: null };

function setBusy(busy) {
  const button = $("find");
  button.disabled = busy;
  button.classList.toggle("busy", busy);
  $("cancel").hidden = !busy;
  if (busy) $("results").setAttribute("aria-busy", "true");
  else $("results").removeAttribute("aria-busy");
}

/** Empty the results: an error or a cancelled search must not leave an older answer's words on screen, as
    though they belonged to the cards now given. */
function clearResults(game) {
  lastAnswers[game] = null;
  if (state.game !== game) return;
  $("results").replaceChildren();
  $("frontier").hidden = true;
  $("frontier").replaceChildren();
  $("summary").replaceChildren();
  $("results-empty").hidden = true;
}

/** Stop the running search of the game shown: its answer, if it still comes, is dropped. */
export function cancelSearch() {
  const game = state.game;
  const controller = controllers[game];
  if (!controller) return;
  serials[game] += 1;
  controllers[game] = null;
  pending[game] = false;
  controller.abort();
  setBusy(false);
  clearResults(game);
  $("summary").replaceChildren(el("p", { className: "summary-line muted", id: "cancelled",
    text: "Search cancelled. Change the cards or the time limit and press Find again." }));
  $("find").focus();
}

/** Have the service read the codes of an answer's cards that the page does not know (a house card's genre and
    benefits, a Paperback card's abilities), so that the cards show them; out of reach, they show without. */
async function readAnswerCodes(data, game) {
  const moves = Array.isArray(data.moves) ? data.moves : [];
  const codes = moves.flatMap((move) => [...(move.cards || []), ...(move.in_play || [])].map((card) => String(card.code)));
  const unknown = game === "hardback" ? codes.filter((code) => !(state.edition === "en" && catalogue.has(code))) : codes;
  try {
    if (unknown.length) await readCodes(game, [...new Set(unknown)]);
  } catch (_err) {
    /* the words still show */
  }
}

export async function findWords() {
  await Promise.all([codesAdded(), cardsAdded()]); // cards still being added go into this search
  const game = state.game;
  if (pending[game]) return;
  if (game === "paperback" && state.pbHand.length === 0) {
    clearResults(game);
    showError("Add at least one card to your hand first: type cards as printed (TH/3 E/1 ?) or press Wild.", "hand");
    return;
  }
  const total = ZONES.reduce((sum, zone) => sum + state.zones[zone].length, 0);
  if (game === "hardback" && total === 0) {
    clearResults(game);
    showError("Add at least one card to your hand first (type codes or tap cards in the catalogue).", "hand");
    return;
  }
  clearError();
  const serial = ++serials[game];
  const controller = new AbortController();
  controllers[game] = controller;
  pending[game] = true;
  setBusy(true);
  $("results-empty").hidden = true;
  $("summary").replaceChildren(el("span", { className: "muted", text: "Searching…" }));
  try {
    const body = game === "paperback" ? buildPaperbackRequest() : buildRequest();
    const data = await api(game === "paperback" ? "/v1/paperback/hint" : "/v1/hardback/hint", body, controller.signal);
    if (serial !== serials[game]) return;
    await readAnswerCodes(data, game);
    if (serial !== serials[game]) return;
    if (typeof body.familiar === "number") data.familiarAsked = body.familiar; // for the summary line
    data.topAsked = body.top;
    if (game === "paperback" && state.pbShow === "length") {
      // grouped by length: every word the cards can spell too, the moves above keeping their cards
      data.every = await apiLines("/v1/paperback/hint", { ...body, top: "all" }, controller.signal);
      if (serial !== serials[game]) return;
    }
    lastAnswers[game] = data;
    if (state.game === game) renderResults(data, game, true);
  } catch (err) {
    if (serial !== serials[game] || err.aborted) return;
    clearResults(game);
    if (state.game === game) showError(err.message, err.field);
  } finally {
    if (serial === serials[game]) {
      pending[game] = false;
      controllers[game] = null;
      if (state.game === game) setBusy(false);
    }
  }
}

/** The answer kept for a game (or the empty results), shown when the page switches to that game. */
function showAnswer(game) {
  const data = lastAnswers[game];
  if (data) {
    renderResults(data, game, false);
  } else {
    $("results").replaceChildren();
    $("frontier").hidden = true;
    $("frontier").replaceChildren();
    $("results-empty").hidden = false;
    $("summary").replaceChildren();
  }
  if (pending[game]) $("summary").replaceChildren(el("span", { className: "muted", text: "Searching…" }));
}


/** Draw the answer on screen again (its presentation changed: grouped, the definition links). */
export function redrawAnswer() {
  if (lastAnswers[state.game] && !pending[state.game]) renderResults(lastAnswers[state.game], state.game, false);
}

/** Show the game switched to: whether its search still runs, and its last answer. */
export function showSearchOf(game) {
  setBusy(pending[game]);
  showAnswer(game);
}
