/* The word a Paperback player lays out at the table (pbtable.js): its pieces (hand cards, the Common card, the
   Spacebar), a wild's letter, a two-letter card reversed, what each copy ability copies, and the cards a trash or
   gain ability takes; turned into the spell action the service's engine reads (POST /v1/tables/seat/action),
   which says what is wrong with it. A typed word is laid out on the hand's cards: the cards whose letters it
   spells first, the Common card next, a wild for the rest (the player can change any of it by tapping). */

import { cardOf } from "./pbtable-cards.js";

/** The word: pieces [{kind: "card", i, as, reversed} | {kind: "common"} | {kind: "space"}]; the copies chosen
    ("k:j" -> ability, j the copy's place among the card's copy abilities); the steps chosen ("k:a" -> step). */
export const word = { pieces: [], copies: {}, steps: {} };

export function clearWord() {
  word.pieces = [];
  word.copies = {};
  word.steps = {};
}

const lettersOf = (code) => {
  const card = cardOf(code);
  return card ? card.letters.toLowerCase() : "";
};

/** The letters a piece stands for, as laid out. */
export function pieceLetters(piece, view) {
  if (piece.kind === "space") return " ";
  if (piece.kind === "common") return lettersOf(view.common);
  const card = cardOf(view.hand[piece.i]);
  if (!card || card.wild) return piece.as || "?";
  const letters = card.letters.toLowerCase();
  return piece.reversed ? [...letters].reverse().join("") : letters;
}

export function wordText(view) {
  return word.pieces.map((p) => pieceLetters(p, view)).join("");
}

/** A hand card tapped: in the word, it goes out of it; else it goes at its end (the Common card likewise). */
export function toggle(piece) {
  const at = word.pieces.findIndex((p) => p.kind === piece.kind && (p.kind !== "card" || p.i === piece.i));
  if (at >= 0) word.pieces.splice(at, 1);
  else word.pieces.push(piece);
  word.copies = {};
  word.steps = {};
}

/** Lay out a typed word on the hand, searching the ways to lay it out in the order of preference at each place: a
    two-letter card (as printed, then reversed when the table lets one be), a one-letter card, the Common card, a
    wild; a space is the Spacebar. The first layout that spells the whole word, or null when the hand cannot. */
export function layOutText(text, view, canReverse) {
  const letters = text.toLowerCase().replace(/[^a-z ]/g, "");
  const spacebar = view.common === "spacebar";
  const common = lettersOf(view.common);
  const used = new Set();
  const pieces = [];
  const cardsFor = (want) => {
    const out = [];
    for (const reversed of canReverse && want.length === 2 ? [false, true] : [false]) {
      const i = view.hand.findIndex((code, j) => !used.has(j) && lettersOf(code) === (reversed ? [...want].reverse().join("") : want));
      if (i >= 0) out.push({ kind: "card", i, as: "", reversed });
    }
    return out;
  };
  const place = (k, commonUsed) => {
    if (k === letters.length) return true;
    const options = [];
    if (letters[k] === " ") {
      if (spacebar && !commonUsed) options.push([{ kind: "space" }, 1]);
    } else {
      if (k + 1 < letters.length) options.push(...cardsFor(letters.slice(k, k + 2)).map((p) => [p, 2]));
      options.push(...cardsFor(letters[k]).map((p) => [p, 1]));
      if (common && !commonUsed && letters.startsWith(common, k)) options.push([{ kind: "common" }, common.length]);
      const wild = view.hand.findIndex((code, j) => !used.has(j) && cardOf(code)?.wild);
      if (wild >= 0) options.push([{ kind: "card", i: wild, as: letters[k], reversed: false }, 1]);
    }
    for (const [piece, length] of options) {
      pieces.push(piece);
      if (piece.kind === "card") used.add(piece.i);
      if (place(k + length, commonUsed || piece.kind !== "card")) return true;
      pieces.pop();
      if (piece.kind === "card") used.delete(piece.i);
    }
    return false;
  };
  return place(0, false) ? pieces : null;
}

/** Give the wilds of the laid-out word the letters typed at their places (the word's other letters as typed);
    false when the typed word does not fit the layout. */
export function fillWilds(text, view) {
  const typed = text.toLowerCase();
  let at = 0;
  const wilds = [];
  for (const piece of word.pieces) {
    const fixed = piece.kind === "card" && cardOf(view.hand[piece.i])?.wild ? null : pieceLetters(piece, view);
    if (fixed === null) { wilds.push([piece, typed[at]]); at += 1; continue; }
    if (typed.slice(at, at + fixed.length) !== fixed) return false;
    at += fixed.length;
  }
  if (at !== typed.length || wilds.some(([, l]) => !l || !/[a-z]/.test(l))) return false;
  for (const [piece, letter] of wilds) piece.as = letter;
  return true;
}

/** The abilities a piece's card prints (the Common card's too). */
function abilitiesOf(piece, view) {
  if (piece.kind === "space") return [];
  const code = piece.kind === "common" ? view.common : view.hand[piece.i];
  const card = cardOf(code);
  return card ? card.abilities : [];
}

const kindOf = (ability) => ability.split(":")[0];

/** The choices the word leaves open: each copy ability (what it copies: an ability printed on another card of the
    word), each trash or gain ability (which card): [{key, piece, ability, kind, options: [{label, value}]}]. */
export function choicesOf(view) {
  const out = [];
  const inWord = new Set(word.pieces.filter((p) => p.kind === "card").map((p) => p.i));
  const leftInHand = view.hand.map((code, i) => ({ code, i })).filter((c) => !inWord.has(c.i));
  const showing = [];
  view.offer.forEach((pile, p) => {
    for (const slot of ["top", "row"]) if (pile[slot]) showing.push({ code: pile[slot], pile: p, slot });
  });
  word.pieces.forEach((piece, k) => {
    const abilities = abilitiesOf(piece, view);
    let copyNo = 0;
    abilities.forEach((ability, a) => {
      const kind = kindOf(ability);
      if (kind === "copy") {
        const others = word.pieces.flatMap((q, m) => (m === k ? [] : abilitiesOf(q, view).filter((x) => kindOf(x) !== "copy")));
        out.push({ key: `${k}:${copyNo}`, piece: k, ability, kind, options: [...new Set(others)].map((x) => ({ label: x, value: x })) });
        copyNo += 1;
      } else if (kind === "trash-hand") {
        out.push({ key: `${k}:${a}`, piece: k, ability, kind, options: leftInHand.map((c) => ({ label: `${c.code} (card ${c.i + 1})`, value: { trash: "hand", card: c.i } })) });
      } else if (kind === "trash-offer" || kind === "gain") {
        const step = kind === "gain" ? (s) => ({ gain: "offer", pile: s.pile, slot: s.slot }) : (s) => ({ trash: "offer", pile: s.pile, slot: s.slot });
        out.push({ key: `${k}:${a}`, piece: k, ability, kind, options: showing.map((s) => ({ label: `${s.code} (${s.slot})`, value: step(s) })) });
      } else if (kind === "trash-gain") {
        const pairs = [];
        for (const c of leftInHand) {
          for (const s of showing) {
            pairs.push({ label: `${c.code} (card ${c.i + 1}) → ${s.code}`, value: { trash: "hand", card: c.i, gain: "offer", pile: s.pile, slot: s.slot } });
          }
        }
        out.push({ key: `${k}:${a}`, piece: k, ability, kind, options: pairs });
      }
    });
  });
  return out;
}

/** Choose (or, chosen again, un-choose) an answer of a choice. */
export function choose(choice, value) {
  const into = choice.kind === "copy" ? word.copies : word.steps;
  if (JSON.stringify(into[choice.key]) === JSON.stringify(value)) delete into[choice.key];
  else into[choice.key] = value;
}

export function chosen(choice) {
  return (choice.kind === "copy" ? word.copies : word.steps)[choice.key];
}

/** The spell action of the word laid out, its choices made (copies left to the engine when none is chosen). */
export function spellAction(view) {
  const layout = word.pieces.map((piece, k) => {
    let out;
    if (piece.kind === "common") out = { common: true };
    else if (piece.kind === "space") out = { space: true };
    else {
      out = { card: piece.i };
      if (cardOf(view.hand[piece.i])?.wild) out.as = piece.as;
      if (piece.reversed) out.reversed = true;
    }
    const copies = Object.entries(word.copies).filter(([key]) => Number(key.split(":")[0]) === k)
      .sort(([a], [b]) => Number(a.split(":")[1]) - Number(b.split(":")[1])).map(([, v]) => v);
    if (copies.length) out.copies = copies;
    return out;
  });
  const resolve = Object.entries(word.steps).sort(([a], [b]) => {
    const [ka, aa] = a.split(":").map(Number);
    const [kb, ab] = b.split(":").map(Number);
    return ka - kb || aa - ab;
  }).map(([, v]) => v);
  const action = { action: "spell", word: wordText(view), layout };
  if (resolve.length) action.resolve = resolve;
  return action;
}

/** Lay out a spell the service sent (a hint, the expert's word): its pieces, wild letters and copies. */
export function layOutAction(action) {
  clearWord();
  action.layout.forEach((e, k) => {
    if (e.common) word.pieces.push({ kind: "common" });
    else if (e.space) word.pieces.push({ kind: "space" });
    else word.pieces.push({ kind: "card", i: e.card, as: e.as || "", reversed: Boolean(e.reversed) });
    (e.copies || []).forEach((c, j) => { word.copies[`${k}:${j}`] = c; });
  });
}
