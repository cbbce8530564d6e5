/* Codes as they are typed, read by the service (POST /v1/cards/check, the parsers the hint endpoints use): each
   code's card, or the solver's own message saying what is wrong with it. The page splits what was typed into
   codes and asks; it never reads a code itself. */

import { api } from "./api.js";
import { el } from "./dom.js";
import { readingOptions } from "./state.js";
import { loadVocabulary, specialCodes } from "./vocabulary.js";

/** key -> what the service read: {code, card, error, inline, reading, words} */
const readings = new Map();
/** key -> the request reading that code now */
const asked = new Map();

function keyOf(game, code, options) {
  return game === "paperback" ? `paperback|${code}` : `hardback|${options.rules}|${options.edition}|${code}`;
}

/** What the service read a code as (under the page's rules and edition), or undefined while it has not said. */
export function readingOf(game, code) {
  return readings.get(keyOf(game, code, readingOptions()));
}

/** The code to keep for what was typed: the card's own code when it reads as a catalogue card (r:f6 ->
    romance:F6, th/3 -> TH/3), else as typed (a house card keeps its benefits as written; the service names what
    is wrong with a code that reads as no card). */
export function canonical(game, code) {
  const read = readingOf(game, code);
  return read && read.card && !read.inline ? read.card.code : code;
}

function unread(code, message) {
  return { code, card: null, error: message, inline: false, reading: null, words: [] };
}

/** Have the service read ``codes`` (those it has not read yet, in requests of at most the service's count);
    resolves to their readings in order. Rejects when the service cannot be reached. */
export async function readCodes(game, codes) {
  const limits = await loadVocabulary();
  const options = readingOptions();
  const key = (code) => keyOf(game, code, options);
  const fresh = [...new Set(codes)].filter((code) => !readings.has(key(code)) && !asked.has(key(code)));
  const send = [];
  for (const code of fresh) {
    if ([...code].length > limits.max_code_length) {
      readings.set(key(code), unread(code, `a card code has at most ${limits.max_code_length} characters`));
    } else {
      send.push(code);
    }
  }
  for (let i = 0; i < send.length; i += limits.max_codes) {
    const chunk = send.slice(i, i + limits.max_codes);
    const body = game === "paperback" ? { game, codes: chunk } : { game, codes: chunk, ...options };
    const request = api("/v1/cards/check", body).then((data) => {
      for (const result of data.results) {
        readings.set(key(result.code), result);
        // the card's own code reads as the card too: a code kept in that form needs no second request
        if (result.card && !result.inline && !readings.has(key(result.card.code))) {
          readings.set(key(result.card.code), { ...result, code: result.card.code });
        }
      }
    }, (err) => {
      // a code the request itself was refused for (text no JSON string may hold) is named with the refusal
      if (!err.status) throw err;
      for (const code of chunk) readings.set(key(code), unread(code, err.message));
    });
    const done = () => { for (const code of chunk) asked.delete(key(code)); };
    request.then(done, done);
    for (const code of chunk) asked.set(key(code), request);
  }
  await Promise.all([...new Set(codes.map((code) => asked.get(key(code))).filter(Boolean))]);
  return codes.map((code) => readings.get(key(code)));
}

/** Read the codes the service has not read yet, then call ``then`` (a render) once, if any were new; a service out
    of reach leaves them unread, to be asked again at the next render. */
export function readThen(game, codes, then) {
  const missing = codes.filter((code) => readingOf(game, code) === undefined);
  if (missing.length === 0) return;
  readCodes(game, missing).then(then, () => { /* unreachable now: the codes stay unread */ });
}

/** Run ``fn`` once typing pauses. */
export function debounce(fn, ms = 120) {
  let timer = 0;
  return (...args) => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => fn(...args), ms);
  };
}

/** Split typed Hardback codes on spaces, commas and semicolons, keeping an inline house card {…} in one piece. */
export function tokenize(text) {
  const tokens = [];
  let current = "";
  let depth = 0;
  for (const ch of String(text)) {
    if (ch === "{") depth += 1;
    if (ch === "}") depth = Math.max(0, depth - 1);
    if (depth === 0 && (ch === "," || ch === ";" || /\s/.test(ch))) {
      if (current) tokens.push(current);
      current = "";
    } else {
      current += ch;
    }
  }
  if (current) tokens.push(current);
  return tokens;
}

/** Split typed Paperback cards on spaces. A comma separates cards too, except between one card's abilities:
    a piece starts a card when it holds a "/" before any colon, or is one of the special cards' codes. */
export function pbTokenize(text) {
  const specials = specialCodes();
  const cards = [];
  for (const word of String(text).split(/[\s;]+/)) {
    let previous = "";
    for (const piece of word.split(",")) {
      if (!piece) continue;
      const startsCard = /^[^:]*\//.test(piece) || specials.includes(piece.toLowerCase());
      if (previous.includes(":") && !startsCard) {
        previous += "," + piece;
        cards[cards.length - 1] = previous;
      } else {
        previous = piece;
        cards.push(piece);
      }
    }
  }
  return cards;
}

/** Show the problems of the typed codes under the field as they are typed (before Add, before Find). */
export function showCodeCheck(box, input, problems) {
  box.replaceChildren(...problems.map(([code, problem]) =>
    el("p", { className: "code-problem", dataset: { code } }, el("strong", { text: code }), ": ", problem)));
  if (problems.length) {
    input.setAttribute("aria-invalid", "true");
    input.dataset.liveCheck = "true"; // kept when an error of the service is cleared
  } else {
    input.removeAttribute("aria-invalid");
    delete input.dataset.liveCheck;
  }
}

/** A list under a hand of the cards given that have a problem (their chips are marked too). */
export function showProblemList(list, problems, where) {
  list.replaceChildren(...problems.map(([code, problem, zone]) => el("li", { className: "code-problem", dataset: { code } },
    el("strong", { text: code }), where(zone), ": ", problem)));
  list.hidden = problems.length === 0;
}
