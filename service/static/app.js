/* Ghostwriter web page: pick Hardback cards or type Paperback cards, ask the service for the best words, show
   them as cards. ES modules, no framework, no build step; it talks only to the service's own /v1 API, and asks it
   what codes mean (the vocabulary, the code checks) rather than keeping a copy of the notation.

   This module starts the page and binds its shared controls: the game switch, the options, the dictionaries. */

import { api } from "./api.js";
import { bindCatalogue, loadCatalogue } from "./catalogue.js";
import { pbTokenize } from "./codes.js";
import { $, checkRadio, el, onRadio } from "./dom.js";
import { clearError, showError } from "./errors.js";
import { addCards, addTypedCodes, bindHand, focusChip, renderZones } from "./hand.js";
import { addTypedPaperbackCards, bindPaperback, focusPaperbackChip, renderPaperbackHand } from "./paperback.js";
import { closeDetail } from "./results.js";
import { bindDefinitions } from "./define.js";
import { bindPaperbackKeyboard } from "./pbkeys.js";
import { cancelSearch, findWords, redrawAnswer, showSearchOf } from "./search.js";
import { deserialize, isViewHash, load, save, serialize, session, state } from "./state.js";
import { loadVocabulary, maxTop } from "./vocabulary.js";

const TAGLINES = {
  hardback: "The best words for your Hardback hand, over a real dictionary.",
  paperback: "The best words for your Paperback hand, over a real dictionary.",
};

function syncControls() {
  checkRadio("game", state.game);
  checkRadio("target", state.target);
  checkRadio("view", state.view);
  $("objective").value = state.objective;
  $("top").value = state.top;
  $("remover").value = state.remover;
  $("ink").value = state.ink;
  $("min-length").value = state.minLength;
  $("rules").value = state.rules;
  $("edition").value = state.edition;
  $("familiar").value = state.familiar;
  $("award-held").value = state.awardHeld;
  $("literary-awards").checked = state.awards;
  $("discard").value = state.discard;
  $("time-limit").value = state.timeLimit;
  $("pb-common").value = state.common;
  $("pb-threshold").value = state.threshold;
  $("pb-objective").value = state.pbObjective;
  $("pb-top").value = state.pbTop;
  checkRadio("pb-show", state.pbShow);
  setDictionaryControl();
  applyGame();
}

// a Russian dictionary plays the Russian edition, and the others the English one (the edition control can
// still be set by hand afterwards)
function followDictionaryEdition() {
  const edition = session.dictionaryLanguages[state.dictionary] === "ru" ? "ru" : "en";
  if (state.edition === edition) return;
  state.edition = edition;
  $("edition").value = edition;
  save();
  renderZones(); // the codes name the cards of the edition now
}

function setDictionaryControl() {
  for (const id of ["dictionary", "pb-dictionary"]) {
    const select = $(id);
    if ([...select.options].some((option) => option.value === state.dictionary)) select.value = state.dictionary;
  }
}

function updateViewControls() {
  const frontier = state.view === "frontier" && state.game === "hardback";
  $("objective").disabled = frontier;
  $("top").disabled = frontier;
  $("frontier-hint").hidden = !frontier;
  $("find").textContent = frontier ? "Find the frontier" : "Find words";
  // grouped by length, Paperback asks for as many words as the service gives
  const grouped = state.pbShow === "length";
  $("pb-top").disabled = grouped;
  $("pb-show-hint").hidden = !grouped;
  $("pb-show-hint").textContent = grouped
    ? `By length, Find lists every word these cards can spell, longest first: the ${maxTop()} best with their cards, the others as a word and its score.` : "";
}

let shownGame = "hardback";

/** Show the controls of the game chosen and its last answer (each game keeps its own inputs and answer). */
function applyGame() {
  const game = state.game;
  for (const node of document.querySelectorAll('[data-game="hardback"], [data-game="paperback"]')) {
    node.hidden = node.dataset.game !== game;
  }
  document.title = `Ghostwriter \u00b7 ${game === "paperback" ? "Paperback" : "Hardback"}`;
  $("tagline").textContent = TAGLINES[game];
  setDictionaryControl();
  updateViewControls();
  if (shownGame === game) return;
  shownGame = game;
  session.openChip = null;
  renderZones();
  renderPaperbackHand();
  clearError();
  showSearchOf(game);
}

/** Ctrl+Enter (Cmd+Enter) in the field ``id``: ``add`` what was typed, then find the words. */
function addThenFind(id, add) {
  $(id).addEventListener("keydown", async (event) => {
    if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    await add();
    findWords();
  });
}

function bindControls() {
  const fields = [
    ["objective", "objective"], ["top", "top"], ["remover", "remover"], ["ink", "ink"],
    ["min-length", "minLength"], ["rules", "rules"], ["edition", "edition"], ["familiar", "familiar"],
    ["dictionary", "dictionary"], ["award-held", "awardHeld"], ["discard", "discard"], ["time-limit", "timeLimit"],
    ["pb-threshold", "threshold"], ["pb-objective", "pbObjective"], ["pb-top", "pbTop"], ["pb-common", "common"],
    ["pb-dictionary", "dictionary"],
  ];
  for (const [id, key] of fields) {
    for (const type of ["input", "change"]) {
      $(id).addEventListener(type, () => {
        state[key] = $(id).value;
        if (id === "pb-dictionary") setDictionaryControl();
        save();
      });
    }
  }
  onRadio("game", (value) => {
    state.game = value;
    applyGame();
    save();
  });
  $("dictionary").addEventListener("change", followDictionaryEdition);
  $("rules").addEventListener("change", () => {
    renderZones();
    loadCatalogue(renderZones, (err) => showError(err.message, err.field));
  });
  $("edition").addEventListener("change", renderZones);
  $("literary-awards").addEventListener("change", () => { state.awards = $("literary-awards").checked; save(); });
  onRadio("view", (value) => {
    state.view = value;
    updateViewControls();
    save();
  });
  onRadio("pb-show", (value) => {
    state.pbShow = value;
    updateViewControls();
    save();
    redrawAnswer(); // the same answer, ranked or grouped
  });
  bindHand();
  bindPaperback();
  bindPaperbackKeyboard();
  bindDefinitions(redrawAnswer);
  bindCatalogue((code, button) => addCards([code], state.target, button));
  $("find").addEventListener("click", findWords);
  $("cancel").addEventListener("click", cancelSearch);
  // Ctrl+Enter adds what was typed and finds the words
  addThenFind("code-input", addTypedCodes);
  addThenFind("pb-input", async () => {
    if (pbTokenize($("pb-input").value).length) await addTypedPaperbackCards();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    if (session.openChip) {
      const { zone, index } = session.openChip;
      session.openChip = null;
      if (zone === "pb") {
        renderPaperbackHand();
        focusPaperbackChip(index);
      } else {
        renderZones();
        focusChip(zone, index);
      }
    }
    for (const detail of document.querySelectorAll(".card-detail:not([hidden])")) closeDetail(detail);
  });
  window.addEventListener("hashchange", () => {
    const text = window.location.hash.replace(/^#/, "");
    if (text === serialize() || isViewHash(text)) return;
    deserialize(text);
    session.openChip = null;
    syncControls();
    renderZones();
    renderPaperbackHand();
  });
}

async function loadDictionaries() {
  try {
    const data = await api("/v1/dictionaries");
    for (const id of ["dictionary", "pb-dictionary"]) {
      const select = $(id);
      select.replaceChildren();
      for (const dictionary of data.dictionaries) {
        const words = typeof dictionary.words === "number" ? ` (${dictionary.words.toLocaleString("en")} words)` : "";
        select.append(el("option", { value: dictionary.name, text: dictionary.name + words }));
      }
    }
    session.dictionaryLanguages = Object.fromEntries(data.dictionaries.map((d) => [d.name, d.language || "en"]));
    session.defaultDictionary = data.default || (data.dictionaries[0] && data.dictionaries[0].name) || "";
    if (!state.dictionary || !data.dictionaries.some((d) => d.name === state.dictionary)) {
      state.dictionary = session.defaultDictionary;
    }
    setDictionaryControl();
  } catch (_err) {
    /* the default dictionary is used; a real problem shows when words are asked for */
  }
}

function start() {
  load();
  syncControls();
  bindControls();
  renderZones();
  renderPaperbackHand();
  loadDictionaries();
  loadVocabulary().then(() => { renderZones(); renderPaperbackHand(); updateViewControls(); }, () => {
    /* the codes are read when the service answers again */
  });
  loadCatalogue(renderZones, (err) => showError(err.message, err.field));
}

start();
