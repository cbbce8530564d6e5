/* A link from each Paperback result word to its definition on a dictionary site of the user's choice: off by
   default, chosen from a short list or a custom https address with {word} in it, kept in localStorage. The page
   fetches nothing from that site: the link is followed only when the user taps it, in a new tab, with no
   referrer and no opener. */

import { $ } from "./dom.js";

const STORAGE_KEY = "ghostwriter.define.v1";
export const SITES = {
  wiktionary: { name: "Wiktionary", template: "https://en.wiktionary.org/wiki/{word}" },
  "merriam-webster": { name: "Merriam-Webster", template: "https://www.merriam-webster.com/dictionary/{word}" },
  collins: { name: "Collins", template: "https://www.collinsdictionary.com/dictionary/english/{word}" },
};

/** The choice: ``site`` ("" for off, a key of SITES, or "custom") and the custom template. */
const choice = { site: "", custom: "" };

/** What is wrong with a custom address, or null: https only, {word} after the site's own address. */
export function templateProblem(text) {
  const template = String(text).trim();
  if (!template) return "Type the site's address with {word} where the word goes.";
  const at = template.indexOf("{word}");
  if (at < 0) return "The address must contain {word}, where the word goes, e.g. https://example.org/define/{word}.";
  let url;
  try {
    url = new URL(template.replaceAll("{word}", "word"));
  } catch (_err) {
    return "That is not a web address: it must start https:// and name the site.";
  }
  if (url.protocol !== "https:") return "Only an https:// address is allowed.";
  if (url.username || url.password) return "The address must not hold a user name or password.";
  let site;
  try {
    site = new URL(template.slice(0, at));
  } catch (_err) {
    site = null;
  }
  if (!site || site.host !== url.host) return "{word} must come after the site's name, in its path or query.";
  return null;
}

function load() {
  try {
    const saved = JSON.parse(window.localStorage.getItem(STORAGE_KEY) || "{}");
    const custom = typeof saved.custom === "string" && !templateProblem(saved.custom) ? saved.custom.trim() : "";
    choice.custom = custom;
    if (saved.site === "custom") choice.site = custom ? "custom" : "";
    else choice.site = Object.hasOwn(SITES, saved.site) ? saved.site : "";
  } catch (_err) {
    choice.site = "";
  }
}

function store() {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(choice));
  } catch (_err) { /* private mode: the choice lasts the visit */ }
}

/** The name of the site chosen, or null when the links are off. */
export function definitionSite() {
  if (choice.site === "custom") return choice.custom ? new URL(choice.custom.replaceAll("{word}", "w")).host : null;
  return SITES[choice.site] ? SITES[choice.site].name : null;
}

/** The address of a word's definition on the site chosen, or null when the links are off. */
export function definitionUrl(word) {
  const template = choice.site === "custom" ? choice.custom : SITES[choice.site] && SITES[choice.site].template;
  if (!template) return null;
  return template.replaceAll("{word}", encodeURIComponent(String(word).toLowerCase()));
}

function showState() {
  const site = definitionSite();
  $("pb-define-state").textContent = site ? `links to ${site}` : "off";
  $("pb-define-site").value = choice.site === "custom" || $("pb-define-site").value === "custom" ? "custom" : choice.site;
  $("pb-define-custom-row").hidden = $("pb-define-site").value !== "custom";
}

function refuse(message) {
  const error = $("pb-define-error");
  error.textContent = message || "";
  error.hidden = !message;
  if (message) $("pb-define-custom").setAttribute("aria-invalid", "true");
  else $("pb-define-custom").removeAttribute("aria-invalid");
}

/** Bind the setting; ``changed`` is called (to draw the words again) when the links change. */
export function bindDefinitions(changed) {
  load();
  $("pb-define-custom").value = choice.custom;
  $("pb-define-site").value = choice.site;
  showState();
  $("pb-define-site").addEventListener("change", () => {
    const site = $("pb-define-site").value;
    refuse(null);
    if (site === "custom") {
      // a custom address is used once one passes the checks (a saved one at once)
      choice.site = choice.custom ? "custom" : "";
      if (!choice.custom) $("pb-define-custom").focus();
    } else {
      choice.site = site;
    }
    store();
    showState();
    changed();
  });
  const useCustom = () => {
    const text = $("pb-define-custom").value.trim();
    const problem = templateProblem(text);
    refuse(problem);
    if (problem) return;
    choice.custom = text;
    choice.site = "custom";
    store();
    showState();
    changed();
  };
  $("pb-define-use").addEventListener("click", useCustom);
  $("pb-define-custom").addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    useCustom();
  });
}
