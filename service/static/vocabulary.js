/* The cards' vocabulary, as the service gives it (GET /v1/vocabulary): the genres' short forms, Paperback's
   abilities and special cards. The page keeps no copy of the notation: it asks. */

import { api } from "./api.js";
import { $, el } from "./dom.js";

let vocabulary = null;
let loading = null;

/** The vocabulary, fetched once (again after a failure); the Paperback notation help is drawn from it. */
export function loadVocabulary() {
  if (!loading) {
    loading = api("/v1/vocabulary").then((data) => {
      vocabulary = data;
      renderAbilityHelp();
      return data;
    }, (err) => {
      loading = null;
      throw err;
    });
  }
  return loading;
}

/** The largest ``top`` this service gives (50 until the vocabulary says). */
export function maxTop() {
  return vocabulary && Number.isInteger(vocabulary.max_top) ? vocabulary.max_top : 50;
}

/** The codes of Paperback's wild and special cards (?, dyslexic, spacebar). */
export function specialCodes() {
  return vocabulary ? vocabulary.paperback.specials.map((card) => card.code) : [];
}

/** A card's code with its genre in short (romance:K5 -> r:K5, a house card's benefits as {…}), as the small
    cards print it; ``genre`` is the card's genre as the service named it. */
export function shortCode(code, genre) {
  const row = vocabulary && genre ? vocabulary.hardback.genres.find((g) => g.name === genre) : null;
  if (!row || !code.startsWith(`${genre}:`)) return code;
  const rest = code.slice(genre.length + 1);
  const brace = rest.indexOf("{");
  return `${row.initial}:${brace >= 0 ? `${rest.slice(0, brace)}{…}` : rest}`;
}

/** Paperback's abilities in the notation help, each with its words. */
function renderAbilityHelp() {
  const list = $("pb-abilities");
  if (!list) return;
  list.replaceChildren(...vocabulary.paperback.abilities.flatMap((ability) => [
    el("dt", null, el("code", { text: ability.notation })),
    el("dd", { text: ability.words }),
  ]));
}
