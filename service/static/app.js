/* Ghostwriter web page: pick Hardback cards or type Paperback cards, ask the service for the best words, show
   them as cards. Plain browser JavaScript, no framework, no build step; it talks only to the service's own /v1 API. */
(() => {
  "use strict";

  const ZONES = ["hand", "inked", "mine", "others"];
  const ZONE_NAMES = { hand: "Hand", inked: "Inked", mine: "My classics", others: "Opponents' classics" };
  const GENRES = ["adventure", "horror", "mystery", "romance"];
  const GENRE_ALIASES = {
    a: "adventure", adventure: "adventure",
    h: "horror", horror: "horror",
    m: "mystery", mystery: "mystery",
    r: "romance", romance: "romance",
    // the Russian edition's genre names and initials (its genre cards are given inline: романы:Ж4{2p | double})
    "п": "adventure", "приключения": "adventure",
    "у": "horror", "ужасы": "horror",
    "д": "mystery", "детектив": "mystery", "детективы": "mystery",
    "р": "romance", "роман": "romance", "романы": "romance",
  };
  const STARTER_PREFIXES = ["starter", "стартовая"];
  const EDITIONS = ["en", "ru"];
  const GAMES = ["hardback", "paperback"];
  const TAGLINES = {
    hardback: "The best words for your Hardback hand, over a real dictionary.",
    paperback: "The best words for your Paperback hand, over a real dictionary.",
  };
  const STORAGE_KEY = "ghostwriter.page.v1";
  const SVG_NS = "http://www.w3.org/2000/svg";

  /** The page's state; the card zones hold card codes (canonical where the catalogue knows them). */
  const state = {
    game: "hardback",
    zones: { hand: [], inked: [], mine: [], others: [] },
    target: "hand",
    view: "best",
    objective: "value",
    top: "5",
    remover: "0",
    ink: "0",
    minLength: "2",
    rules: "printed",
    edition: "en",
    familiar: "",
    dictionary: "",
    awardHeld: "0",
    awards: false,
    discard: "",
    timeLimit: "",
    // Paperback: the hand as typed notation (TH/3, ?, Q/5:double-word), the Common card, the length track
    pbHand: [],
    common: "",
    threshold: "7",
    pbObjective: "score",
    pbTop: "5",
  };

  /** code -> Card from GET /v1/cards */
  const catalogue = new Map();
  let openChip = null; // {zone, index} of the chip whose action bar is open (zone "pb": the Paperback hand)
  let defaultDictionary = "";
  let dictionaryLanguages = {}; // name -> language, from GET /v1/dictionaries
  /** each game's last answer, shown again when the page switches back to that game */
  const lastAnswers = { hardback: null, paperback: null };

  const $ = (id) => document.getElementById(id);

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    if (attrs) {
      for (const [key, value] of Object.entries(attrs)) {
        if (value === null || value === undefined || value === false) continue;
        if (key === "className") node.className = value;
        else if (key === "text") node.textContent = value;
        else if (key === "dataset") {
          for (const [name, data] of Object.entries(value)) if (data !== undefined && data !== null) node.dataset[name] = data;
        }
        else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
        else node.setAttribute(key, value === true ? "" : String(value));
      }
    }
    for (const child of children) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function svg(tag, attrs) {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, String(value));
    return node;
  }

  // ---------------------------------------------------------------- card codes

  /** The genre of a code: the part before ":" (a bare letter is a starter). */
  function genreOf(code) {
    const known = catalogue.get(code);
    if (known) return known.genre || "starter";
    const colon = code.indexOf(":");
    if (colon < 0) return /^\p{L}$/u.test(code) ? "starter" : "unknown";
    const prefix = code.slice(0, colon).toLowerCase();
    if (STARTER_PREFIXES.includes(prefix)) return "starter";
    return GENRE_ALIASES[prefix] || "unknown";
  }

  /** romance:K5 -> r:K5 (the short form printed on the small cards). */
  function shortCode(code) {
    const colon = code.indexOf(":");
    if (colon < 0) return code;
    const genre = GENRE_ALIASES[code.slice(0, colon).toLowerCase()];
    const rest = code.slice(colon + 1);
    if (!genre) return code;
    const brace = rest.indexOf("{");
    return genre[0] + ":" + (brace >= 0 ? rest.slice(0, brace) + "{…}" : rest);
  }

  /** The big letter of a code, in capitals (Latin or Cyrillic: r:F6 -> F, романы:ж4{2p} -> Ж, к -> К). */
  function letterOf(code) {
    const known = catalogue.get(code);
    if (known) return known.letter.toUpperCase();
    const match = /^(?:\p{L}+:)?(\p{L})/u.exec(code);
    return match ? match[1].toUpperCase() : "?";
  }

  /** The benefits of a house card given inline (д:Ф3{1p uncover | 1p} -> "1p uncover | 1p"), else "". */
  function inlineBenefits(code) {
    const match = /\{(.*)\}\s*$/su.exec(String(code));
    return match ? match[1].trim() : "";
  }

  /** Normalise what a person typed (r:f6, Romance:F6, starter:e, e) to the catalogue's code; unknown text is
      kept as typed so that the service can say what is wrong with it. */
  function canonical(token) {
    const text = token.trim();
    if (text.includes("{")) return text; // a house card given inline with its benefits
    const coded = /^(\p{L}+):(\p{L})(\d+)(tc)?$/iu.exec(text);
    if (coded) {
      const prefix = coded[1].toLowerCase();
      if (prefix === "starter" && coded[3] === undefined) return text;
      const genre = GENRE_ALIASES[prefix];
      if (genre) {
        const code = `${genre}:${coded[2].toUpperCase()}${coded[3]}${coded[4] ? "tc" : ""}`;
        if (catalogue.size === 0 || catalogue.has(code)) return code;
      }
      return text;
    }
    const starter = /^(?:(?:starter|стартовая):)?(\p{L})$/iu.exec(text);
    if (starter) {
      const code = starter[1].toUpperCase();
      // the catalogue holds the English cards only: a letter of another script (the Russian edition's К) is
      // put in capitals and left to the service to judge
      if (catalogue.size === 0 || catalogue.has(code) || !/^[A-Za-z]$/.test(code)) return code;
    }
    return text;
  }

  /** Split typed codes on spaces and commas, keeping an inline house card {…} in one piece. */
  function tokenize(text) {
    const tokens = [];
    let current = "";
    let depth = 0;
    for (const ch of text) {
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

  function isClassic(code) {
    const known = catalogue.get(code);
    return known ? Boolean(known.timeless) : null; // null: not in the catalogue, let the service judge
  }

  const LATIN_LETTER = /^[A-Za-z]$/;

  /** How many of each code the zones hold (the box's copies bound them). */
  function usedCounts() {
    const used = new Map();
    for (const zone of ZONES) for (const code of state.zones[zone]) used.set(code, (used.get(code) || 0) + 1);
    return used;
  }

  /** What is wrong with a (canonical) code in a zone, judged against the catalogue the page already holds, as
      one sentence; null when it is a card, or when only the service can judge it (no catalogue yet, the Russian
      edition, a letter of another script, a house card's benefits). ``used`` counts the codes given so far. */
  function codeProblem(code, zone, used) {
    if (catalogue.size === 0 || state.edition !== "en") return null;
    const known = catalogue.get(code);
    if (known) {
      if ((zone === "mine" || zone === "others") && !known.timeless) {
        return `${code} is not a timeless classic: only classics go to ${ZONE_NAMES[zone]}`;
      }
      const n = used.get(code) || 0;
      if (n > known.copies) return `the box holds ${plural(known.copies, "copy", "copies")} of ${code}, and ${n} are given`;
      return null;
    }
    const house = /^(\p{L}+):(\p{L})(\d+)(tc)?\{.*\}$/su.exec(code);
    if (code.includes("{")) {
      if (!code.endsWith("}")) return `${code}: a house card's benefits end with }, e.g. r:Q4{2p | 1p}`;
      if (!house) return `${code}: write a house card as genre:LETTERcost{benefits}, e.g. r:Q4{2p | 1p}`;
      return GENRE_ALIASES[house[1].toLowerCase()] || STARTER_PREFIXES.includes(house[1].toLowerCase())
        ? null : `${house[1]} is not a genre: write a, h, m or r (adventure, horror, mystery, romance)`;
    }
    const coded = /^(\p{L}+):(\p{L})(\d+)(tc)?$/iu.exec(code);
    if (coded) {
      const prefix = coded[1].toLowerCase();
      const letter = coded[2].toUpperCase();
      if (STARTER_PREFIXES.includes(prefix)) return `${code}: a starter has no cost, write its letter alone (${letter})`;
      const genre = GENRE_ALIASES[prefix];
      if (!genre) return `${coded[1]} is not a genre: write a, h, m or r (adventure, horror, mystery, romance), e.g. r:F6`;
      if (!LATIN_LETTER.test(coded[2])) return null;
      const same = [...catalogue.values()].filter((c) => c.genre === genre && c.letter.toUpperCase() === letter);
      return same.length
        ? `no card ${code} in the catalogue: ${genre} ${letter} is ${same.map((c) => c.code).join(" or ")}`
        : `no ${genre} card has the letter ${letter} (see the catalogue below)`;
    }
    const starter = /^(?:(?:starter|стартовая):)?(\p{L})$/iu.exec(code);
    if (starter) {
      if (!LATIN_LETTER.test(starter[1])) return null;
      const letters = [...catalogue.values()].filter((c) => !c.genre).map((c) => c.code).sort();
      return `${starter[1].toUpperCase()} is not a starter (the starters are ${letters.join(" ")}); a genre card needs its genre and cost, e.g. r:F6`;
    }
    return `${code} is not a card code: write genre:LETTERcost (r:F6), a starter's letter (E) or a house card (r:Q4{2p | 1p})`;
  }

  /** The problems of codes typed for a zone, as [code, sentence] pairs, counting the cards already given. */
  function typedProblems(codes, zone) {
    const used = usedCounts();
    const problems = [];
    for (const code of codes) {
      used.set(code, (used.get(code) || 0) + 1);
      const problem = codeProblem(code, zone, used);
      if (problem && !problems.some(([c]) => c === code)) problems.push([code, problem]);
    }
    return problems;
  }

  /** Show the problems of the typed codes under the field as they are typed (before Add, before Find). */
  function showCodeCheck(box, input, problems) {
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

  function checkTypedCodes() {
    showCodeCheck($("code-check"), $("code-input"), typedProblems(tokenize($("code-input").value).map(canonical), state.target));
  }

  /** The discard pile's codes: cards of the box (a pile is not bounded by the copies in play here). */
  function checkDiscard() {
    const problems = [];
    for (const code of tokenize($("discard").value).map(canonical)) {
      const problem = codeProblem(code, "discard", new Map());
      if (problem && !problems.some(([c]) => c === code)) problems.push([code, problem]);
    }
    showCodeCheck($("discard-check"), $("discard"), problems);
  }

  // ---------------------------------------------------------------- Paperback cards (the notation)

  const PB_SPECIALS = ["spacebar", "dyslexic"];
  const PB_HEAD = /^(\p{L}{1,2}|\?)((?:\/\d{1,2})?(?:\$\d{1,2})?)$/u;

  /** Tidy a typed Paperback card: letters in capitals, abilities in small letters (th/3:Double-Word ->
      TH/3:double-word, Spacebar -> spacebar); anything else is kept as typed for the service to judge. */
  function pbCanonical(token) {
    const text = String(token).trim().normalize("NFC");
    const low = text.toLowerCase();
    if (PB_SPECIALS.includes(low)) return low;
    const colon = text.indexOf(":");
    const match = PB_HEAD.exec(colon < 0 ? text : text.slice(0, colon));
    if (!match) return text;
    const upper = match[1].toUpperCase();
    const letters = [...upper].length === [...match[1]].length ? upper : match[1]; // ß would become SS: keep it
    return letters + match[2] + (colon < 0 ? "" : text.slice(colon).toLowerCase());
  }

  /** Split typed Paperback cards on spaces. A comma separates cards too, except between one card's abilities:
      an ability never holds a "/", and a card always does (or is ?, spacebar or dyslexic). */
  function pbTokenize(text) {
    const cards = [];
    for (const word of String(text).split(/[\s;]+/)) {
      let previous = "";
      for (const piece of word.split(",")) {
        if (!piece) continue;
        const startsCard = /^[^:]*\//.test(piece) || piece.startsWith("?") || PB_SPECIALS.includes(piece.toLowerCase());
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

  /** What a Paperback card shows in big letters: its letters, ? for a wild, a sign for the special cards. */
  function pbFace(code) {
    const low = code.toLowerCase();
    if (low === "spacebar") return "\u2423";
    if (low === "dyslexic") return "\u21c4";
    const match = /^(\p{L}{1,2}|\?)/u.exec(code);
    return match ? match[1].toUpperCase() : "!";
  }

  function pbKind(code) {
    const low = code.toLowerCase();
    if (PB_SPECIALS.includes(low)) return "special";
    if (code.startsWith("?")) return "wild";
    return PB_HEAD.test(code.split(":")[0]) ? "letters" : "unknown";
  }

  const PB_ABILITIES = [
    [/^\+(\d+)$/, (n) => `+${n} to the word score`],
    [/^double-word$/, () => "double word score"],
    [/^double-letter$/, () => "doubles the score of a card beside it"],
    [/^cards\+(\d+)$/, (n) => `${plural(Number(n), "more card", "more cards")} in the next hand`],
    [/^len>=(\d+):\+(\d+)$/, (l, n) => `+${n} when the word has ${l} letters or more`],
    [/^first:\+(\d+)$/, (n) => `+${n} when this card gives the first letter`],
    [/^last:\+(\d+)$/, (n) => `+${n} when this card gives the last letter`],
    [/^nowild:\+(\d+)$/, (n) => `+${n} when the word uses no wild card`],
    [/^wilds:\+(\d+)$/, (n) => `+${n} for each wild card in the word`],
    [/^trash-hand$/, () => "may trash a card left in hand"],
    [/^trash-offer:(\d+)$/, (n) => `may trash the top card of ${plural(Number(n), "offer pile", "offer piles")}`],
  ];

  /** The abilities of a card's code, in words (TH/3:double-word,+1 -> ["double word score", "+1 to ..."]). */
  function pbAbilities(code) {
    const colon = code.indexOf(":");
    if (colon < 0 || PB_SPECIALS.includes(code.toLowerCase())) return [];
    return code.slice(colon + 1).split(",").filter(Boolean).map((token) => {
      for (const [pattern, text] of PB_ABILITIES) {
        const match = pattern.exec(token.trim());
        if (match) return text(...match.slice(1));
      }
      return token;
    });
  }

  /** What is wrong with a typed Paperback card, by the notation (the page has no catalogue of them), or null. */
  function pbProblem(code) {
    if (pbKind(code) === "special") return null;
    if (pbKind(code) === "unknown") {
      return "write its letters and score, e.g. TH/3 or E/1, then abilities after a colon (Q/5:double-word); ? is a wild";
    }
    const colon = code.indexOf(":");
    if (colon < 0) return null;
    const unknown = code.slice(colon + 1).split(",").filter((token) => !PB_ABILITIES.some(([pattern]) => pattern.test(token.trim())));
    if (unknown.length === 0) return null;
    return `${unknown.map((token) => token || "(empty)").join(", ")} ${unknown.length > 1 ? "are not abilities" : "is not an ability"} (see Card notation and abilities)`;
  }

  function pbProblems(codes) {
    const problems = [];
    for (const code of codes) {
      const problem = pbProblem(code);
      if (problem && !problems.some(([c]) => c === code)) problems.push([code, problem]);
    }
    return problems;
  }

  function checkTypedPaperbackCards() {
    showCodeCheck($("pb-check"), $("pb-input"), pbProblems(pbTokenize($("pb-input").value).map(pbCanonical)));
  }

  /** A list under a hand of the cards given that have a problem (their chips are marked too). */
  function showProblemList(list, problems, where) {
    list.replaceChildren(...problems.map(([code, problem, zone]) => el("li", { className: "code-problem", dataset: { code } },
      el("strong", { text: code }), where(zone), ": ", problem)));
    list.hidden = problems.length === 0;
  }

  // ---------------------------------------------------------------- errors and status

  const FIELD_INPUTS = {
    top: "top", objective: "objective", remover: "remover", ink: "ink", discard: "discard", dictionary: "dictionary",
    time_limit: "time-limit", "options.min_length": "min-length", "options.award_held": "award-held",
    "options.rules": "rules", "options.literary_awards": "literary-awards", "options.edition": "edition",
    familiar: "familiar",
  };

  const PB_FIELD_INPUTS = {
    hand: "pb-input", common: "pb-common", threshold: "pb-threshold", top: "pb-top", objective: "pb-objective",
    dictionary: "pb-dictionary",
  };

  /** Mark the control or the card the service's error names (field "hand[3]", "options.min_length", ...). */
  function markField(field) {
    for (const node of document.querySelectorAll("[aria-invalid=true]:not([data-live-check])")) node.removeAttribute("aria-invalid");
    for (const node of document.querySelectorAll(".chip.invalid")) node.classList.remove("invalid");
    if (!field) return;
    if (state.game === "paperback") {
      markPaperbackField(field);
      return;
    }
    const card = /^(hand|inked|timeless\.mine|timeless\.others)\[(\d+)\]/.exec(field);
    if (card) {
      const zone = card[1].replace("timeless.", "");
      const chip = document.querySelector(`#zone-${zone} .chip[data-index="${card[2]}"]`);
      if (chip) {
        chip.classList.add("invalid");
        chip.setAttribute("aria-invalid", "true");
      }
      return;
    }
    const base = field.replace(/\[\d+\]$/, "");
    const id = FIELD_INPUTS[base];
    if (id && $(id)) {
      $(id).setAttribute("aria-invalid", "true");
      if ($("more-options").contains($(id))) $("more-options").open = true;
    }
  }

  /** A Paperback field: a card of the hand (hand[2]) or one of the Paperback controls. */
  function markPaperbackField(field) {
    const card = /^hand\[(\d+)\]/.exec(field);
    if (card) {
      const chip = document.querySelector(`#pb-hand .chip[data-index="${card[1]}"]`);
      if (chip) {
        chip.classList.add("invalid");
        chip.setAttribute("aria-invalid", "true");
      }
      return;
    }
    const id = PB_FIELD_INPUTS[field.split(/[.[]/)[0]];
    if (id && $(id)) $(id).setAttribute("aria-invalid", "true");
  }

  function showError(message, field) {
    const box = $("error");
    box.replaceChildren();
    box.append(el("strong", { text: "Error: " }), message);
    if (field) box.append(" ", el("span", { className: "error-field", text: `(field: ${field})` }));
    box.hidden = false;
    markField(field);
  }

  function clearError() {
    const box = $("error");
    box.hidden = true;
    box.replaceChildren();
    markField(null);
  }

  let statusTimer = 0;
  function announce(message) {
    const status = $("catalogue-status");
    status.textContent = message;
    window.clearTimeout(statusTimer);
    statusTimer = window.setTimeout(updateCatalogueStatus, 2500);
  }

  const PB_STATUS = "Tap a card to edit it or take it out.";
  let pbStatusTimer = 0;
  function announcePaperback(message) {
    $("pb-status").textContent = message;
    window.clearTimeout(pbStatusTimer);
    pbStatusTimer = window.setTimeout(() => { $("pb-status").textContent = PB_STATUS; }, 2500);
  }

  /** GET or POST JSON; throws an Error whose message is the service's "error" sentence (``aborted`` set when
      ``signal`` cancelled the request). */
  async function api(path, body, signal) {
    const init = body === undefined
      ? { headers: { Accept: "application/json" }, signal }
      : { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify(body), signal };
    const aborted = () => {
      const error = new Error("The search was cancelled.");
      error.field = null;
      error.aborted = true;
      return error;
    };
    let response;
    let text;
    try {
      response = await fetch(path, init);
      text = await response.text();
    } catch (err) {
      if (signal && signal.aborted) throw aborted();
      const error = new Error(`Could not reach the Ghostwriter service (${err && err.message ? err.message : "network error"}). Check the connection and try again.`);
      error.field = null;
      throw error;
    }
    let payload = null;
    try {
      payload = text ? JSON.parse(text) : null;
    } catch (_err) {
      payload = null;
    }
    if (!response.ok) {
      let message = `The service answered ${response.status} ${response.statusText || ""}`.trim() + ".";
      let field = null;
      if (payload && typeof payload.error === "string") {
        message = payload.error;
        field = payload.field || null;
      } else if (payload && payload.detail) {
        message = typeof payload.detail === "string" ? payload.detail : JSON.stringify(payload.detail);
      }
      const error = new Error(message);
      error.field = field;
      error.status = response.status;
      throw error;
    }
    if (payload === null) {
      const error = new Error("The service sent an answer that is not JSON.");
      error.field = null;
      throw error;
    }
    return payload;
  }

  // ---------------------------------------------------------------- persistence (URL hash + localStorage)

  function serialize() {
    const params = new URLSearchParams();
    if (state.game !== "hardback") params.set("game", state.game);
    const keys = { hand: "h", inked: "i", mine: "m", others: "o" };
    for (const zone of ZONES) for (const code of state.zones[zone]) params.append(keys[zone], code);
    for (const code of state.pbHand) params.append("p", code);
    const defaults = { view: "best", objective: "value", top: "5", remover: "0", ink: "0", minLength: "2",
      rules: "printed", edition: "en", familiar: "", dictionary: "", awardHeld: "0", discard: "", timeLimit: "",
      common: "", threshold: "7", pbObjective: "score", pbTop: "5" };
    for (const [key, fallback] of Object.entries(defaults)) {
      if (String(state[key]) !== fallback) params.set(key, String(state[key]));
    }
    if (state.awards) params.set("awards", "1");
    if (state.dictionary && state.dictionary === defaultDictionary) params.delete("dictionary");
    return params.toString();
  }

  function deserialize(text) {
    const params = new URLSearchParams(text);
    const keys = { hand: "h", inked: "i", mine: "m", others: "o" };
    for (const zone of ZONES) state.zones[zone] = params.getAll(keys[zone]).filter(Boolean);
    state.pbHand = params.getAll("p").filter(Boolean);
    state.game = GAMES.includes(params.get("game")) ? params.get("game") : "hardback";
    const fields = ["view", "objective", "top", "remover", "ink", "minLength", "rules", "edition", "familiar",
      "dictionary", "awardHeld", "discard", "timeLimit", "common", "threshold", "pbObjective", "pbTop"];
    for (const key of fields) if (params.has(key)) state[key] = params.get(key);
    if (!EDITIONS.includes(state.edition)) state.edition = "en";
    state.awards = params.get("awards") === "1";
    if (state.view !== "frontier") state.view = "best";
  }

  function save() {
    const text = serialize();
    const url = new URL(window.location.href);
    url.hash = text;
    try {
      window.history.replaceState(null, "", text ? url.href : url.href.replace(/#$/, ""));
    } catch (_err) { /* a file: URL or a sandbox may refuse; the state still lives in localStorage */ }
    try {
      window.localStorage.setItem(STORAGE_KEY, text);
    } catch (_err) { /* private mode */ }
  }

  function load() {
    let text = window.location.hash.replace(/^#/, "");
    if (!text) {
      try {
        text = window.localStorage.getItem(STORAGE_KEY) || "";
      } catch (_err) {
        text = "";
      }
    }
    if (text) deserialize(text);
  }

  // ---------------------------------------------------------------- the controls <-> state

  function syncControls() {
    for (const radio of document.querySelectorAll('input[name="game"]')) radio.checked = radio.value === state.game;
    for (const radio of document.querySelectorAll('input[name="target"]')) radio.checked = radio.value === state.target;
    for (const radio of document.querySelectorAll('input[name="view"]')) radio.checked = radio.value === state.view;
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
    setDictionaryControl();
    applyGame();
  }

  // a Russian dictionary plays the Russian edition, and the others the English one (the edition control can
  // still be set by hand afterwards)
  function followDictionaryEdition() {
    const edition = dictionaryLanguages[state.dictionary] === "ru" ? "ru" : "en";
    if (state.edition === edition) return;
    state.edition = edition;
    $("edition").value = edition;
    save();
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
    openChip = null;
    renderZones();
    renderPaperbackHand();
    clearError();
    setBusy(pending[game]);
    showAnswer(game);
  }

  function bindControls() {
    const fields = [
      ["objective", "objective"], ["top", "top"], ["remover", "remover"], ["ink", "ink"],
      ["min-length", "minLength"], ["rules", "rules"], ["edition", "edition"], ["familiar", "familiar"],
      ["dictionary", "dictionary"], ["award-held", "awardHeld"], ["discard", "discard"], ["time-limit", "timeLimit"],
    ];
    for (const [id, key] of fields) {
      $(id).addEventListener("change", () => { state[key] = $(id).value; save(); });
      $(id).addEventListener("input", () => { state[key] = $(id).value; save(); });
    }
    bindPaperbackControls();
    $("dictionary").addEventListener("change", followDictionaryEdition);
    $("rules").addEventListener("change", loadCatalogue);
    $("literary-awards").addEventListener("change", () => { state.awards = $("literary-awards").checked; save(); });
    for (const radio of document.querySelectorAll('input[name="target"]')) {
      radio.addEventListener("change", () => {
        if (!radio.checked) return;
        state.target = radio.value;
        filterCatalogue();
        checkTypedCodes();
      });
    }
    for (const radio of document.querySelectorAll('input[name="view"]')) {
      radio.addEventListener("change", () => {
        if (!radio.checked) return;
        state.view = radio.value;
        updateViewControls();
        save();
      });
    }
    $("code-input").addEventListener("input", checkTypedCodes);
    $("discard").addEventListener("input", checkDiscard);
    $("edition").addEventListener("change", renderZones);
    $("code-form").addEventListener("submit", (event) => {
      event.preventDefault();
      addTypedCodes();
    });
    $("catalogue-search").addEventListener("input", filterCatalogue);
    for (const button of document.querySelectorAll(".filters .filter")) {
      button.addEventListener("click", () => {
        button.setAttribute("aria-pressed", button.getAttribute("aria-pressed") === "true" ? "false" : "true");
        filterCatalogue();
      });
    }
    $("catalogue").addEventListener("click", (event) => {
      const card = event.target.closest(".catalogue-card");
      if (card) addCards([card.dataset.code], state.target, card);
    });
    $("clear-all").addEventListener("click", () => {
      for (const zone of ZONES) state.zones[zone] = [];
      openChip = null;
      renderZones();
      save();
      announce("All cards cleared.");
    });
    $("find").addEventListener("click", findWords);
    $("cancel").addEventListener("click", cancelSearch);
    for (const id of ["code-input"]) {
      $(id).addEventListener("keydown", (event) => {
        if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          addTypedCodes();
          findWords();
        }
      });
    }
    document.addEventListener("keydown", (event) => {
      if (event.key !== "Escape") return;
      if (openChip) {
        const { zone, index } = openChip;
        openChip = null;
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
      if (text === serialize()) return;
      deserialize(text);
      openChip = null;
      syncControls();
      renderZones();
      renderPaperbackHand();
    });
  }

  function bindPaperbackControls() {
    for (const radio of document.querySelectorAll('input[name="game"]')) {
      radio.addEventListener("change", () => {
        if (!radio.checked) return;
        state.game = radio.value;
        applyGame();
        save();
      });
    }
    const fields = [["pb-threshold", "threshold"], ["pb-objective", "pbObjective"], ["pb-top", "pbTop"],
      ["pb-common", "common"], ["pb-dictionary", "dictionary"]];
    for (const [id, key] of fields) {
      for (const type of ["input", "change"]) {
        $(id).addEventListener(type, () => {
          state[key] = $(id).value;
          if (id === "pb-dictionary") setDictionaryControl();
          save();
        });
      }
    }
    $("pb-common").addEventListener("change", () => {
      state.common = pbCanonical($("pb-common").value);
      $("pb-common").value = state.common;
      save();
    });
    for (const button of document.querySelectorAll("[data-common]")) {
      button.addEventListener("click", () => {
        state.common = button.dataset.common;
        $("pb-common").value = state.common;
        save();
        announcePaperback(state.common ? `The Common card is ${state.common}.` : "No Common card.");
      });
    }
    $("pb-input").addEventListener("input", checkTypedPaperbackCards);
    $("pb-form").addEventListener("submit", (event) => {
      event.preventDefault();
      addTypedPaperbackCards();
    });
    $("pb-input").addEventListener("keydown", (event) => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        if (pbTokenize($("pb-input").value).length) addTypedPaperbackCards();
        findWords();
      }
    });
    $("pb-wild").addEventListener("click", () => addPaperbackCards(["?"]));
    $("pb-clear").addEventListener("click", () => {
      state.pbHand = [];
      openChip = null;
      renderPaperbackHand();
      save();
      announcePaperback("The hand is cleared.");
    });
  }

  // ---------------------------------------------------------------- zones and chips

  function addTypedCodes() {
    const input = $("code-input");
    const tokens = tokenize(input.value);
    if (tokens.length === 0) {
      showError("Type one or more card codes first, e.g. r:F6 E a:A5 S T.", null);
      input.focus();
      return;
    }
    if (addCards(tokens.map(canonical), state.target, null)) {
      input.value = "";
      checkTypedCodes(); // the codes are in the zones now, no longer typed
    }
  }

  /** Add codes to a zone; classics only go to the classics zones. Returns whether anything was added. */
  function addCards(codes, zone, origin) {
    if (zone === "mine" || zone === "others") {
      const notClassic = codes.filter((code) => isClassic(code) === false);
      if (notClassic.length > 0) {
        showError(`${notClassic.join(", ")} ${notClassic.length > 1 ? "are not timeless classics" : "is not a timeless classic"}: only classics go to ${ZONE_NAMES[zone]}.`, null);
        return false;
      }
    }
    clearError();
    state.zones[zone].push(...codes);
    openChip = null;
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
    openChip = null;
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

  function focusChip(zone, index) {
    const chip = document.querySelector(`#zone-${zone} .chip[data-index="${index}"]`);
    if (chip) chip.focus();
  }

  function renderZones() {
    const used = usedCounts();
    const problems = [];
    for (const zone of ZONES) {
      const list = $(`zone-${zone}`);
      const codes = state.zones[zone];
      list.replaceChildren();
      codes.forEach((code, index) => {
        const genre = genreOf(code);
        const isOpen = openChip && openChip.zone === zone && openChip.index === index;
        const problem = codeProblem(code, zone, used);
        if (problem && !problems.some(([c, , z]) => c === code && z === zone)) problems.push([code, problem, zone]);
        const chip = el("button", {
          type: "button",
          className: `chip genre-${genre}${isOpen ? " open" : ""}${problem ? " bad-code" : ""}`,
          "aria-expanded": isOpen ? "true" : "false",
          "aria-controls": isOpen ? `actions-${zone}` : null,
          "aria-label": `${code} in ${ZONE_NAMES[zone]}${problem ? ` (${problem})` : ""}: choose where it goes`,
          title: problem,
          dataset: { code, index: String(index), zone, problem: problem || undefined },
          onclick: () => {
            openChip = isOpen ? null : { zone, index };
            renderZones();
            focusChip(zone, index);
          },
        },
        el("span", { className: "chip-letter", "aria-hidden": "true", text: letterOf(code) }),
        el("span", { className: "chip-code", "aria-hidden": "true", text: shortCode(code) }));
        list.append(el("li", null, chip));
      });
      if (codes.length === 0) list.append(el("li", { className: "empty muted", text: zone === "hand" ? "No cards yet" : "None" }));
      const count = document.querySelector(`[data-count="${zone}"]`);
      count.textContent = codes.length ? `(${codes.length})` : "";

      const zoneBox = list.closest(".zone");
      let bar = zoneBox.querySelector(".chip-actions");
      if (bar) bar.remove();
      if (openChip && openChip.zone === zone && openChip.index < codes.length) {
        zoneBox.append(renderChipActions(zone, openChip.index));
      }
    }
    showProblemList($("zone-problems"), problems, (zone) => ` (${ZONE_NAMES[zone]})`);
    checkTypedCodes();
    checkDiscard();
  }

  // ---------------------------------------------------------------- the Paperback hand

  function addTypedPaperbackCards() {
    const input = $("pb-input");
    const tokens = pbTokenize(input.value);
    if (tokens.length === 0) {
      showError("Type one or more cards first, e.g. TH/3 E/1 ? R/2:double-word.", null);
      input.focus();
      return;
    }
    addPaperbackCards(tokens.map(pbCanonical));
    input.value = "";
    checkTypedPaperbackCards();
  }

  function addPaperbackCards(codes) {
    clearError();
    state.pbHand.push(...codes);
    openChip = null;
    renderPaperbackHand();
    save();
    announcePaperback(`Added ${codes.join(", ")} to the hand.`);
  }

  function focusPaperbackChip(index) {
    const chip = document.querySelector(`#pb-hand .chip[data-index="${index}"]`);
    if (chip) chip.focus();
  }

  function removePaperbackCard(index, edit) {
    const [code] = state.pbHand.splice(index, 1);
    openChip = null;
    renderPaperbackHand();
    save();
    if (edit) {
      const input = $("pb-input");
      input.value = input.value.trim() ? `${input.value.trim()} ${code}` : code;
      input.focus();
      announcePaperback(`${code} is back in the entry field to edit.`);
      return;
    }
    const left = state.pbHand.length;
    if (left > 0) focusPaperbackChip(Math.min(index, left - 1));
    else $("pb-input").focus();
    announcePaperback(`Removed ${code}.`);
  }

  function renderPaperbackHand() {
    const list = $("pb-hand");
    list.replaceChildren();
    state.pbHand.forEach((code, index) => {
      const isOpen = Boolean(openChip && openChip.zone === "pb" && openChip.index === index);
      const face = pbFace(code);
      const problem = pbProblem(code);
      const chip = el("button", {
        type: "button",
        className: `chip pb-chip pb-${pbKind(code)}${[...face].length > 1 ? " wide" : ""}${isOpen ? " open" : ""}${problem ? " bad-code" : ""}`,
        "aria-expanded": isOpen ? "true" : "false",
        "aria-controls": isOpen ? "actions-pb" : null,
        "aria-label": `${code} in the hand${problem ? ` (${problem})` : ""}: edit or remove it`,
        title: problem,
        dataset: { code, index: String(index), zone: "pb", problem: problem || undefined },
        onclick: () => {
          openChip = isOpen ? null : { zone: "pb", index };
          renderPaperbackHand();
          focusPaperbackChip(index);
        },
      },
      el("span", { className: "chip-letter", "aria-hidden": "true", text: face }),
      el("span", { className: "chip-code", "aria-hidden": "true", text: code }));
      list.append(el("li", null, chip));
    });
    if (state.pbHand.length === 0) list.append(el("li", { className: "empty muted", text: "No cards yet" }));
    document.querySelector('[data-count="pb-hand"]').textContent = state.pbHand.length ? `(${state.pbHand.length})` : "";
    const zoneBox = list.closest(".zone");
    const bar = zoneBox.querySelector(".chip-actions");
    if (bar) bar.remove();
    if (openChip && openChip.zone === "pb" && openChip.index < state.pbHand.length) {
      zoneBox.append(renderPaperbackChipActions(openChip.index));
    }
    showProblemList($("pb-problems"), pbProblems(state.pbHand), () => "");
    checkTypedPaperbackCards();
  }

  function renderPaperbackChipActions(index) {
    const code = state.pbHand[index];
    const abilities = pbAbilities(code);
    const bar = el("div", { className: "chip-actions", id: "actions-pb", role: "group", "aria-label": `Change ${code}` });
    bar.append(el("span", { className: "chip-actions-title" }, el("strong", { text: code }),
      abilities.length ? el("span", { className: "muted", text: " " + abilities.join("; ") }) : null));
    bar.append(el("div", { className: "chip-actions-buttons" },
      el("button", { type: "button", className: "button small", dataset: { action: "edit" },
        "aria-label": `Edit ${code}`, text: "Edit", onclick: () => removePaperbackCard(index, true) }),
      el("button", { type: "button", className: "button small danger", dataset: { action: "remove" },
        "aria-label": `Remove ${code}`, text: "Remove", onclick: () => removePaperbackCard(index, false) }),
      el("button", { type: "button", className: "button small subtle", dataset: { action: "close" }, text: "Close",
        onclick: () => { openChip = null; renderPaperbackHand(); focusPaperbackChip(index); } })));
    return bar;
  }

  function renderChipActions(zone, index) {
    const code = state.zones[zone][index];
    const classic = isClassic(code);
    const bar = el("div", { className: "chip-actions", id: `actions-${zone}`, role: "group",
      "aria-label": `Move ${code}` });
    const benefits = catalogue.get(code) ? describeBenefits(catalogue.get(code)) : inlineBenefits(code);
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
      text: "Close", onclick: () => { openChip = null; renderZones(); focusChip(zone, index); } }));
    bar.append(buttons);
    return bar;
  }

  // ---------------------------------------------------------------- catalogue

  function describeBenefits(card) {
    const text = card.text || "";
    const colon = text.indexOf(": ");
    return colon >= 0 && text.slice(0, colon) === card.code ? text.slice(colon + 2) : text;
  }

  function renderCatalogue(cards) {
    const box = $("catalogue");
    box.replaceChildren();
    for (const card of cards) {
      const genre = card.genre || "starter";
      const button = el("button", {
        type: "button",
        className: `catalogue-card genre-${genre}${card.timeless ? " classic" : ""}`,
        dataset: { code: card.code, genre, letter: card.letter.toUpperCase() },
        title: card.text,
      },
      el("span", { className: "cc-letter", "aria-hidden": "true" }, card.letter.toUpperCase()),
      el("span", { className: "cc-body" },
        el("span", { className: "cc-head" },
          el("span", { className: "cc-code", text: card.code }),
          card.genre ? el("span", { className: "cc-cost", text: `${card.cost}¢` }) : null,
          card.timeless ? el("span", { className: "cc-classic", text: "classic" }) : null,
          el("span", { className: "cc-count", dataset: { countFor: card.code } })),
        el("span", { className: "cc-text", text: describeBenefits(card) })));
      box.append(button);
    }
    refreshCatalogueCounts();
    filterCatalogue();
  }

  function searchMatches(card, terms) {
    const code = card.code.toLowerCase();
    const short = shortCode(card.code).toLowerCase();
    const text = (card.text || "").toLowerCase();
    const genre = (card.genre || "starter").toLowerCase();
    return terms.every((term) => {
      if ([...term].length === 1 && /\p{L}/u.test(term)) return card.letter.toLowerCase() === term;
      const canon = canonical(term).toLowerCase();
      return code.includes(term) || short.includes(term) || code === canon || text.includes(term)
        || genre.startsWith(term);
    });
  }

  function filterCatalogue() {
    const terms = $("catalogue-search").value.toLowerCase().split(/[\s,]+/).filter(Boolean);
    const genres = [...document.querySelectorAll(".filters [data-genre][aria-pressed=true]")]
      .map((button) => button.dataset.genre);
    const classicsOnly = document.querySelector(".filters [data-classic]").getAttribute("aria-pressed") === "true"
      || state.target === "mine" || state.target === "others";
    let shown = 0;
    for (const button of document.querySelectorAll("#catalogue .catalogue-card")) {
      const card = catalogue.get(button.dataset.code);
      const visible = Boolean(card)
        && (genres.length === 0 || genres.includes(card.genre || "starter"))
        && (!classicsOnly || card.timeless)
        && (terms.length === 0 || searchMatches(card, terms));
      button.hidden = !visible;
      button.setAttribute("aria-label", `Add ${card ? card.code : ""} to ${ZONE_NAMES[state.target]}: ${card ? describeBenefits(card) : ""}`);
      if (visible) shown += 1;
    }
    updateCatalogueStatus(shown);
  }

  function updateCatalogueStatus(shown) {
    if (catalogue.size === 0) return;
    if (typeof shown !== "number") {
      shown = document.querySelectorAll("#catalogue .catalogue-card:not([hidden])").length;
    }
    const where = ZONE_NAMES[state.target];
    const classicsNote = state.target === "mine" || state.target === "others" ? " (classics only)" : "";
    $("catalogue-status").textContent = shown === 0
      ? "No card matches."
      : `${shown} of ${catalogue.size} cards${classicsNote}. Tap one to add it to ${where}.`;
  }

  function refreshCatalogueCounts() {
    const used = new Map();
    for (const zone of ZONES) for (const code of state.zones[zone]) used.set(code, (used.get(code) || 0) + 1);
    for (const badge of document.querySelectorAll("#catalogue .cc-count")) {
      const code = badge.dataset.countFor;
      const card = catalogue.get(code);
      const n = used.get(code) || 0;
      badge.textContent = n ? `${n}/${card ? card.copies : "?"} used` : "";
      badge.classList.toggle("full", Boolean(card && n >= card.copies));
    }
  }

  let catalogueRules = "";

  async function loadCatalogue() {
    const rules = state.rules === "bga" ? "bga" : "printed";
    if (rules === catalogueRules) return;
    catalogueRules = rules;
    try {
      const data = await api(`/v1/cards?rules=${rules}`);
      if (rules !== catalogueRules) return;
      catalogue.clear();
      for (const card of data.cards) catalogue.set(card.code, card);
      // codes restored from the URL may be in a short form: bring them to the catalogue's codes
      for (const zone of ZONES) state.zones[zone] = state.zones[zone].map(canonical);
      renderCatalogue(data.cards);
      renderZones();
    } catch (err) {
      catalogueRules = "";
      $("catalogue-status").textContent = "The card catalogue could not be loaded; typed codes still work.";
      showError(err.message, err.field);
    }
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
      dictionaryLanguages = Object.fromEntries(data.dictionaries.map((d) => [d.name, d.language || "en"]));
      defaultDictionary = data.default || (data.dictionaries[0] && data.dictionaries[0].name) || "";
      if (!state.dictionary || !data.dictionaries.some((d) => d.name === state.dictionary)) {
        state.dictionary = defaultDictionary;
      }
      setDictionaryControl();
    } catch (_err) {
      /* the default dictionary is used; a real problem shows when words are asked for */
    }
  }

  // ---------------------------------------------------------------- asking for words

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
      discard: tokenize(state.discard).map(canonical),
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
    const common = pbCanonical(state.common);
    const threshold = String(state.threshold).trim();
    const body = {
      hand: [...state.pbHand],
      common: common === "" || /^(none|-)$/i.test(common) ? null : common,
      threshold: threshold === "" ? null : intOr(threshold, 7),
      objective: state.pbObjective,
      top: intOr(state.pbTop, 5),
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
  function cancelSearch() {
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

  async function findWords() {
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
      if (typeof body.familiar === "number") data.familiarAsked = body.familiar; // for the summary line
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

  // ---------------------------------------------------------------- results

  const OBJECTIVE_NAMES = { value: "value", prestige: "prestige", coins: "coins", pareto: "the prestige/coins frontier",
    score: "score", length: "length" };

  /** A message as a sentence: a capital first (unless ``capital`` is false) and a full stop last. */
  function sentence(text, capital = true) {
    const trimmed = String(text).trim();
    const start = capital ? trimmed.charAt(0).toUpperCase() + trimmed.slice(1) : trimmed;
    return /[.!?]$/.test(start) ? start : `${start}.`;
  }

  function plural(n, one, many) {
    return `${n} ${n === 1 ? one : many}`;
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

  function renderResults(data, game, scroll) {
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
    moves.forEach((move, index) => list.append(game === "paperback"
      ? renderPaperbackMove(move, index, objective)
      : renderMove(move, index)));
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
    el("span", { className: "card-code", "aria-hidden": "true", text: shortCode(card.code) }),
    el("span", { className: "card-letter", "aria-hidden": "true", text: letter }),
    el("span", { className: "card-gain", "aria-hidden": "true", text: gains || "\u00a0" }),
    tag ? el("span", { className: `card-tag tag-${tag.replace(/\W/g, "")}`, "aria-hidden": "true", text: tag }) : null,
    factor > 1 ? el("span", { className: "card-factor", "aria-hidden": "true", text: `x${factor}` }) : null);
    return button;
  }

  function detailContent(card) {
    const face = card.face || "up";
    const factor = Number(card.factor) || 1;
    const known = catalogue.get(card.code);
    const letter = (card.letter || letterOf(card.code)).toUpperCase();
    const head = el("p", { className: "detail-head" },
      el("span", { className: `detail-letter genre-${genreOf(card.code)} face-${face}`, text: letter }),
      el("span", null, el("strong", { text: card.code }), ` · ${faceLabel(face)} · ${SOURCE_LABELS[card.source] || card.source}`,
        card.position === null || card.position === undefined ? " · in play, outside the word" : ` · letter ${card.position + 1}`));
    const gains = el("p", { className: "detail-gains" },
      el("span", { className: "total prestige" }, el("b", { text: String(card.prestige || 0) }), " prestige"),
      el("span", { className: "total coins" }, el("b", { text: String(card.coins || 0) }), " coins"),
      factor > 1 ? el("span", { className: "total factor" }, el("b", { text: `x${factor}` }), factor === 2 ? " doubled" : " tripled") : null);
    const parts = [head, gains];
    const notes = Array.isArray(card.notes) ? card.notes : [];
    if (notes.length) parts.push(el("ul", { className: "detail-notes" }, ...notes.map((note) => el("li", { text: note }))));
    if (known && face !== "wild") parts.push(el("p", { className: "detail-card-text muted", text: describeBenefits(known) }));
    if (!known && face !== "wild" && inlineBenefits(card.code)) {
      parts.push(el("p", { className: "detail-card-text muted", text: `A house card: ${inlineBenefits(card.code)}` }));
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

  function closeDetail(detail) {
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
        el("span", { className: "total coins", dataset: { total: "coins" } }, el("b", { text: String(move.coins) }), " coins"),
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

  // ---------------------------------------------------------------- Paperback results

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
    if (notes.length) parts.push(el("ul", { className: "detail-notes" }, ...notes.map((note) => el("li", { text: note }))));
    return parts;
  }

  function renderPaperbackMove(move, index, objective) {
    const moveId = `move-${index + 1}`;
    const detail = el("div", { className: "card-detail", id: `${moveId}-detail`, hidden: true, "aria-live": "polite" });
    const word = String(move.word || "");
    const shown = word.toUpperCase();
    const head = el("div", { className: "move-head" },
      el("span", { className: "rank", "aria-hidden": "true", text: String(index + 1) }),
      el("h3", { className: "word", id: `${moveId}-word` }, el("span", { className: "visually-hidden", text: `${index + 1}. ` }), shown),
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

  function formatValue(value) {
    if (typeof value !== "number") return String(value);
    return Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/0$/, "");
  }

  function renderFrontier(moves) {
    const box = el("div", { className: "frontier-box" });
    box.append(el("h3", { text: "Prestige / coins frontier" }));
    const width = 340;
    const height = 230;
    const pad = { left: 40, right: 16, top: 16, bottom: 38 };
    const stepOf = (max) => Math.max(1, Math.ceil(max / 5));
    const niceMax = (max) => Math.ceil(Math.max(1, max) / stepOf(max)) * stepOf(max);
    const maxP = niceMax(Math.max(...moves.map((m) => m.prestige)));
    const maxC = niceMax(Math.max(...moves.map((m) => m.coins)));
    const x = (p) => pad.left + (p / maxP) * (width - pad.left - pad.right);
    const y = (c) => height - pad.bottom - (c / maxC) * (height - pad.top - pad.bottom);
    const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "frontier-chart", role: "img",
      "aria-label": `Scatter of prestige against coins for ${plural(moves.length, "word", "words")}` });
    chart.append(svg("line", { x1: pad.left, y1: height - pad.bottom, x2: width - pad.right, y2: height - pad.bottom, class: "axis" }));
    chart.append(svg("line", { x1: pad.left, y1: pad.top, x2: pad.left, y2: height - pad.bottom, class: "axis" }));
    const ticks = (max) => {
      const step = stepOf(max);
      const out = [];
      for (let t = 0; t <= max; t += step) out.push(t);
      return out;
    };
    for (const t of ticks(maxP)) {
      if (t > 0) chart.append(svg("line", { x1: x(t), y1: pad.top, x2: x(t), y2: height - pad.bottom, class: "grid" }));
    }
    for (const t of ticks(maxC)) {
      if (t > 0) chart.append(svg("line", { x1: pad.left, y1: y(t), x2: width - pad.right, y2: y(t), class: "grid" }));
    }
    for (const t of ticks(maxP)) {
      const label = svg("text", { x: x(t), y: height - pad.bottom + 14, class: "tick", "text-anchor": "middle" });
      label.textContent = String(t);
      chart.append(label);
    }
    for (const t of ticks(maxC)) {
      const label = svg("text", { x: pad.left - 6, y: y(t) + 4, class: "tick", "text-anchor": "end" });
      label.textContent = String(t);
      chart.append(label);
    }
    const xTitle = svg("text", { x: (pad.left + width - pad.right) / 2, y: height - 6, class: "axis-title", "text-anchor": "middle" });
    xTitle.textContent = "prestige";
    const yTitle = svg("text", { x: 12, y: (pad.top + height - pad.bottom) / 2, class: "axis-title", "text-anchor": "middle",
      transform: `rotate(-90 12 ${(pad.top + height - pad.bottom) / 2})` });
    yTitle.textContent = "coins";
    chart.append(xTitle, yTitle);
    const sorted = [...moves].sort((a, b) => a.prestige - b.prestige);
    if (sorted.length > 1) {
      const points = sorted.map((m) => `${x(m.prestige)},${y(m.coins)}`).join(" ");
      chart.append(svg("polyline", { points, class: "frontier-line" }));
    }
    // one label per run of the same word (a word often sits on the frontier several times, with the choices
    // of its either-or cards going one way or the other)
    const labelled = new Set();
    let previousWord = null;
    for (const move of sorted) {
      if (move.word !== previousWord) labelled.add(move);
      previousWord = move.word;
    }
    moves.forEach((move) => {
      const group = svg("g", { class: "frontier-point", "data-word": move.word });
      const cx = x(move.prestige);
      const cy = y(move.coins);
      const title = svg("title", {});
      title.textContent = `${move.word}: ${move.prestige} prestige, ${move.coins} coins`;
      group.append(title, svg("circle", { cx, cy, r: 5 }));
      if (labelled.has(move)) {
        const right = cx > width * 0.62;
        const label = svg("text", { x: right ? cx - 8 : cx + 8, y: cy - 7, "text-anchor": right ? "end" : "start",
          class: "point-label" });
        label.textContent = move.word.toUpperCase();
        group.append(label);
      }
      chart.append(group);
    });
    box.append(chart);

    const table = el("table", { className: "frontier-table" },
      el("caption", { className: "visually-hidden", text: "The frontier words" }),
      el("thead", null, el("tr", null,
        el("th", { scope: "col", text: "Word" }), el("th", { scope: "col", text: "Prestige" }),
        el("th", { scope: "col", text: "Coins" }), el("th", { scope: "col", text: "Value" }))),
      el("tbody", null, ...moves.map((move, index) => el("tr", { className: "frontier-row", dataset: { word: move.word } },
        el("th", { scope: "row" }, el("a", { href: `#move-${index + 1}`, text: move.word.toUpperCase(),
          onclick: (event) => {
            event.preventDefault();
            const target = $(`move-${index + 1}`);
            target.scrollIntoView({ behavior: "smooth", block: "start" });
            const first = target.querySelector(".card");
            if (first) first.focus({ preventScroll: true });
          } })),
        el("td", { text: String(move.prestige) }), el("td", { text: String(move.coins) }),
        el("td", { text: formatValue(move.value) })))));
    box.append(table);
    return box;
  }

  // ---------------------------------------------------------------- start

  function start() {
    load();
    syncControls();
    bindControls();
    renderZones();
    renderPaperbackHand();
    loadDictionaries();
    loadCatalogue();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
