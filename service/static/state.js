/* What the page holds (the cards given, the controls' values) and how it persists: in the URL hash, and in
   localStorage for a visit without one. */

export const ZONES = ["hand", "inked", "mine", "others"];
export const ZONE_NAMES = { hand: "Hand", inked: "Inked", mine: "My classics", others: "Opponents' classics" };
const GAMES = ["hardback", "paperback"];
const EDITIONS = ["en", "ru"];
const STORAGE_KEY = "ghostwriter.page.v1";
const ZONE_KEYS = { hand: "h", inked: "i", mine: "m", others: "o" };
const DEFAULTS = { view: "best", objective: "value", top: "5", remover: "0", ink: "0", minLength: "2",
  rules: "printed", edition: "en", familiar: "", dictionary: "", awardHeld: "0", discard: "", timeLimit: "",
  common: "", threshold: "7", pbObjective: "score", pbTop: "5", pbShow: "ranked" };

/** The page's state; the card zones hold card codes (canonical where the service read them as a card). */
export const state = {
  game: "hardback",
  zones: { hand: [], inked: [], mine: [], others: [] },
  target: "hand",
  ...DEFAULTS,
  awards: false,
  // Paperback: the hand as typed notation (TH/3, ?, Q/5:double-word), the Common card, the length track
  pbHand: [],
};

/** What the page learns as it runs: the open chip's action bar, the dictionaries the service offers. */
export const session = {
  openChip: null, // {zone, index} of the chip whose action bar is open (zone "pb": the Paperback hand)
  defaultDictionary: "",
  dictionaryLanguages: {}, // name -> language, from GET /v1/dictionaries
};

/** The options the service reads Hardback codes by (the catalogue's rules and edition). */
export function readingOptions() {
  return { rules: state.rules === "bga" ? "bga" : "printed", edition: state.edition };
}

export function serialize() {
  const params = new URLSearchParams();
  if (state.game !== "hardback") params.set("game", state.game);
  for (const zone of ZONES) for (const code of state.zones[zone]) params.append(ZONE_KEYS[zone], code);
  for (const code of state.pbHand) params.append("p", code);
  for (const [key, fallback] of Object.entries(DEFAULTS)) {
    if (String(state[key]) !== fallback) params.set(key, String(state[key]));
  }
  if (state.awards) params.set("awards", "1");
  if (state.dictionary && state.dictionary === session.defaultDictionary) params.delete("dictionary");
  return params.toString();
}

export function deserialize(text) {
  const params = new URLSearchParams(text);
  for (const zone of ZONES) state.zones[zone] = params.getAll(ZONE_KEYS[zone]).filter(Boolean);
  state.pbHand = params.getAll("p").filter(Boolean);
  state.game = GAMES.includes(params.get("game")) ? params.get("game") : "hardback";
  for (const key of Object.keys(DEFAULTS)) if (params.has(key)) state[key] = params.get(key);
  if (!EDITIONS.includes(state.edition)) state.edition = "en";
  state.awards = params.get("awards") === "1";
  if (state.view !== "frontier") state.view = "best";
  if (state.pbShow !== "length") state.pbShow = "ranked";
}

/** Whether the address's hash names a view (#play, #tools, #review: views.js's) rather than the hint's state. */
export function isViewHash(text) {
  return ["play", "tools", "review"].includes(text);
}

export function save() {
  const text = serialize();
  const url = new URL(window.location.href);
  url.hash = text;
  try {
    // a view's hash stays (a reload opens the same view); the state still lives in localStorage
    if (!isViewHash(window.location.hash.slice(1))) {
      window.history.replaceState(null, "", text ? url.href : url.href.replace(/#$/, ""));
    }
  } catch (_err) { /* a file: URL or a sandbox may refuse; the state still lives in localStorage */ }
  try {
    window.localStorage.setItem(STORAGE_KEY, text);
  } catch (_err) { /* private mode */ }
}

export function load() {
  let text = window.location.hash.replace(/^#/, "");
  if (!text || isViewHash(text)) {
    try {
      text = window.localStorage.getItem(STORAGE_KEY) || "";
    } catch (_err) {
      text = "";
    }
  }
  if (text) deserialize(text);
}
