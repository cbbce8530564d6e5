/* Building the page's elements, and the small words the page writes. */

const SVG_NS = "http://www.w3.org/2000/svg";

export const $ = (id) => document.getElementById(id);

/** An element with attributes (className, text, dataset, on* listeners, the rest as attributes) and children. */
export function el(tag, attrs, ...children) {
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

/** Call ``chosen(value)`` when a radio button of the group ``name`` is chosen. */
export function onRadio(name, chosen) {
  for (const radio of document.querySelectorAll(`input[name="${name}"]`)) {
    radio.addEventListener("change", () => {
      if (radio.checked) chosen(radio.value);
    });
  }
}

/** Check the radio button of the group ``name`` whose value is ``value``. */
export function checkRadio(name, value) {
  for (const radio of document.querySelectorAll(`input[name="${name}"]`)) radio.checked = radio.value === value;
}

export function svg(tag, attrs) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, String(value));
  return node;
}

export function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

/** A message as a sentence: a capital first (unless ``capital`` is false) and a full stop last. */
export function sentence(text, capital = true) {
  const trimmed = String(text).trim();
  const start = capital ? trimmed.charAt(0).toUpperCase() + trimmed.slice(1) : trimmed;
  return /[.!?]$/.test(start) ? start : `${start}.`;
}

export function formatValue(value) {
  if (typeof value !== "number") return String(value);
  return Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/0$/, "");
}

const WEIGHT_WORDS = [["coins", "a coin"], ["ink", "an ink"], ["remover", "a remover"]];

/** What a move's value counts, from a hint's ``weights``: "1 for a prestige, 0.5 for a coin, 0.4 for an ink". */
export function valueCounts(weights) {
  const parts = WEIGHT_WORDS.filter(([k]) => weights[k]).map(([k, words]) => `${formatValue(weights[k])} for ${words}`);
  return ["1 for a prestige", ...parts].join(", ");
}
