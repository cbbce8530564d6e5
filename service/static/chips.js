/* A hand of cards as both games show it: codes typed into a field, checked as they are typed against what the
   service reads them as and added on Add; each card given a chip that a tap opens to an action bar (its code, what
   it does, its buttons, Remove and Close). hand.js (Hardback's zones) and paperback.js (Paperback's hand) say
   what differs: how codes are split, what is wrong with one, where a chip can go. */

import { canonical, readCodes, showCodeCheck } from "./codes.js";
import { $, el } from "./dom.js";
import { showError } from "./errors.js";
import { session } from "./state.js";

/** Each code's first problem, as [code, sentence] pairs; ``problemOf`` says what is wrong with a code, or null. */
export function problemPairs(codes, problemOf) {
  const pairs = [];
  for (const code of codes) {
    const problem = problemOf(code);
    if (problem && !pairs.some(([c]) => c === code)) pairs.push([code, problem]);
  }
  return pairs;
}

/** Check what a field holds once the service has read it (a field typed on meanwhile is checked again): ``split``
    the text into codes, ``unread`` the codes to ask the service about, ``problems`` the pairs shown in ``box``. */
export async function checkTyped(game, input, box, { split, unread = (codes) => codes, problems }) {
  const text = input.value;
  const codes = split(text);
  if (codes.length) {
    try {
      await readCodes(game, unread(codes));
    } catch (_err) {
      return; // the service is out of reach: Find will say so
    }
    if (input.value !== text) return;
  }
  showCodeCheck(box, input, problems(codes));
}

/** Adding what is typed in the field ``inputId``: ``add`` takes the codes, each the card's own code where the
    service read it as one, and says whether it took them (the field is emptied and checked again by ``check``).
    ``add()`` returns, and ``added()`` gives, a promise that settles once they are in: Find waits for it, so that a
    search asked at once has the cards just added. ``empty`` is the error for a field with nothing typed. */
export function typedCards(game, inputId, { split, unread = (codes) => codes, empty, add, check }) {
  let adding = Promise.resolve();
  async function addNow() {
    const input = $(inputId);
    const codes = split(input.value);
    if (codes.length === 0) {
      showError(empty, null);
      input.focus();
      return;
    }
    try {
      await readCodes(game, unread(codes));
    } catch (_err) {
      /* out of reach: the codes go in as typed, and the service judges them at Find */
    }
    if (add(codes.map((code) => canonical(game, code)))) {
      input.value = "";
      check(); // the codes are in the hand now, no longer typed
    }
  }
  return {
    add() {
      adding = addNow();
      return adding;
    },
    added: () => adding,
  };
}

/** Whether the chip at ``index`` of ``zone`` is the open one. */
export function isOpenChip(zone, index) {
  const open = session.openChip;
  return Boolean(open && open.zone === zone && open.index === index);
}

/** Focus the chip at ``index`` in the list ``listId``. */
export function focusChipIn(listId, index) {
  const chip = document.querySelector(`#${listId} .chip[data-index="${index}"]`);
  if (chip) chip.focus();
}

/** After a chip at ``index`` is taken out, focus the one now nearest it, or the field ``inputId`` if none is left. */
export function focusNear(focus, index, left, inputId) {
  if (left > 0) focus(Math.min(index, left - 1));
  else $(inputId).focus();
}

/** A card's chip: its face in big letters and its code. A tap opens (or closes) its action bar, then ``redraw``
    draws the hand again with the chip focused. ``kind`` holds its classes (the genre, a wild's), ``where`` the
    hand it is in, ``verb`` what the bar lets a person do. */
export function chip(code, index, zone, { problem, kind, face, shown, where, verb, redraw }) {
  const open = isOpenChip(zone, index);
  return el("button", {
    type: "button",
    className: `chip ${kind}${open ? " open" : ""}${problem ? " bad-code" : ""}`,
    "aria-expanded": open ? "true" : "false",
    "aria-controls": open ? `actions-${zone}` : null,
    "aria-label": `${code} in ${where}${problem ? ` (${problem})` : ""}: ${verb}`,
    title: problem,
    dataset: { code, index: String(index), zone, problem: problem || undefined },
    onclick: () => {
      session.openChip = open ? null : { zone, index };
      redraw(index);
    },
  },
  el("span", { className: "chip-letter", "aria-hidden": "true", text: face }),
  el("span", { className: "chip-code", "aria-hidden": "true", text: shown }));
}

/** Draw a hand's chips in ``list`` (``chipAt`` makes each; ``empty`` shows for none), their count in ``count``,
    and the open chip's action bar (``actionsAt``) below them. */
export function drawChips(list, zone, codes, { chipAt, empty, count, actionsAt }) {
  list.replaceChildren();
  codes.forEach((code, index) => list.append(el("li", null, chipAt(code, index))));
  if (codes.length === 0) list.append(el("li", { className: "empty muted", text: empty }));
  count.textContent = codes.length ? `(${codes.length})` : "";
  const zoneBox = list.closest(".zone");
  const bar = zoneBox.querySelector(".chip-actions");
  if (bar) bar.remove();
  const open = session.openChip;
  if (open && open.zone === zone && open.index < codes.length) zoneBox.append(actionsAt(open.index));
}

/** A button of an action bar. */
export function actionButton(action, text, label, onclick, style = "") {
  return el("button", { type: "button", className: style ? `button small ${style}` : "button small",
    dataset: { action }, "aria-label": label, text, onclick });
}

/** The open chip's action bar: the code and ``about`` it, then ``buttons``, Remove (``remove``) and Close (the bar
    shut, then ``redraw`` with the chip focused). ``verb`` names the group ("Move r:F6"). */
export function actionBar(zone, index, code, { verb, about, buttons, remove, redraw }) {
  const close = () => {
    session.openChip = null;
    redraw(index);
  };
  return el("div", { className: "chip-actions", id: `actions-${zone}`, role: "group", "aria-label": `${verb} ${code}` },
    el("span", { className: "chip-actions-title" }, el("strong", { text: code }),
      about ? el("span", { className: "muted", text: " " + about }) : null),
    el("div", { className: "chip-actions-buttons" }, ...buttons,
      actionButton("remove", "Remove", `Remove ${code}`, remove, "danger"),
      actionButton("close", "Close", null, close, "subtle")));
}
