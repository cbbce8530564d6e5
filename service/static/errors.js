/* The service's error under the Find button, and the control or card it names marked as invalid. */

import { $, el } from "./dom.js";
import { state } from "./state.js";

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

function markChip(chip) {
  if (!chip) return;
  chip.classList.add("invalid");
  chip.setAttribute("aria-invalid", "true");
}

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
    markChip(document.querySelector(`#zone-${zone} .chip[data-index="${card[2]}"]`));
    return;
  }
  const id = FIELD_INPUTS[field.replace(/\[\d+\]$/, "")];
  if (id && $(id)) {
    $(id).setAttribute("aria-invalid", "true");
    if ($("more-options").contains($(id))) $("more-options").open = true;
  }
}

/** A Paperback field: a card of the hand (hand[2]) or one of the Paperback controls. */
function markPaperbackField(field) {
  const card = /^hand\[(\d+)\]/.exec(field);
  if (card) {
    markChip(document.querySelector(`#pb-hand .chip[data-index="${card[1]}"]`));
    return;
  }
  const id = PB_FIELD_INPUTS[field.split(/[.[]/)[0]];
  if (id && $(id)) $(id).setAttribute("aria-invalid", "true");
}

export function showError(message, field) {
  const box = $("error");
  box.replaceChildren();
  box.append(el("strong", { text: "Error: " }), message);
  if (field) box.append(" ", el("span", { className: "error-field", text: `(field: ${field})` }));
  box.hidden = false;
  markField(field);
}

export function clearError() {
  const box = $("error");
  box.hidden = true;
  box.replaceChildren();
  markField(null);
}
