/* Drawing Paperback's table (pbtable.js) from the seat's view (GET /v1/tables/seat): the players' Fame, the Common
   card and the length track, the hand, the word being laid out with its choices, the Offer's piles and the Fame
   piles with what may be bought, the other actions, the ghost writer's words, the expert's ★, the log. Only
   drawing: what is legal comes from the service, and what a tap does is pbtable.js's (``h``, its handlers). */

import { $, el, plural } from "./dom.js";
import { cardOf, pbTile } from "./pbtable-cards.js";
import { choicesOf, choose, chosen, toggle, word, wordText } from "./pbtable-word.js";

const same = (a, b) => Boolean(a && b) && JSON.stringify(a) === JSON.stringify(b);

export function seatName(t, seat) {
  if (seat === t.table.me) return "You";
  const who = t.table.seats[seat];
  return who === "person" ? `Player ${seat + 1}` : `${who} bot (seat ${seat + 1})`;
}

const pileName = (view, p) => {
  const costs = [view.offer[p].top, view.offer[p].row].map((c) => cardOf(c)?.cost).filter((c) => c !== undefined && c !== null);
  return costs.length ? `${Math.min(...costs)}¢${Math.max(...costs) !== Math.min(...costs) ? `–${Math.max(...costs)}¢` : ""}` : `Pile ${p + 1}: empty`;
};

function describe(t, a, before) {
  switch (a.action) {
    case "spell": return `spelled ${a.word.toUpperCase()}`;
    case "pass": return "passed (no word)";
    case "discard": return "discarded the hand for a cube";
    case "end": return "ended the turn";
    case "cash": return `cashed ${plural(a.cubes, "cube", "cubes")}`;
    case "place": return `placed a cube on position ${a.card + 1}`;
    case "buy": {
      if (a.pile === "fame") {
        const piles = before && (before.cubes && before.cubes.pyramid ? before.cubes.pyramid : before.fame_piles);
        const f = piles ? piles[a.index] : null;
        return f ? `bought a Fame card (${f.cost}¢, ${f.fame} Fame)` : "bought a Fame card";
      }
      const code = before ? before.offer[a.index][a.slot] : null;
      const drafted = before && before.simultaneous && before.simultaneous.stage === "draft";  // a free pick
      return code ? `${drafted ? "drafted" : "bought"} ${code}` : `bought from the Offer's pile ${a.index + 1}`;
    }
    default: return a.action;
  }
}

/** Tell the moves played in the log (``before``: the view they were played from, for the cards bought): a seat's
    moves in a row are one line, carried on from the last line when that seat's moves go on. */
export function tellMoves(t, played, before) {
  const said = t.table.said;
  for (const m of played) {
    const what = describe(t, m.action, before);
    if (t.table.lastSeat === m.seat && said.length) said[said.length - 1] = `${said[said.length - 1].replace(/\.$/, "")}, ${what}.`;
    else said.push(`${seatName(t, m.seat)}: ${what}.`);
    t.table.lastSeat = m.seat;
  }
}

export function turnLine(t) {
  const v = t.view;
  if (v.over) {
    const scores = v.scores.map((s, i) => `${seatName(t, i)} ${s}`).join(", ");
    let verdict;
    if (v.result) verdict = v.result === "won" ? "The table wins!" : "The table loses.";
    else if (v.winner === null || v.winner === undefined) verdict = "A shared win.";
    else verdict = v.winner === t.table.me ? "You win!" : `${seatName(t, v.winner)} wins.`;
    return `Game over. ${verdict} Final Fame: ${scores}.`;
  }
  const whose = v.current === t.table.me ? "your turn" : `${seatName(t, v.current)}'s turn`;
  return `${whose[0].toUpperCase()}${whose.slice(1)} (${v.phase === "word" ? "the word" : "buying"})${v.phase === "buy" && v.current === t.table.me ? ` · ${v.coins}¢ to spend` : ""}`;
}

export function guide(t) {
  const v = t.view;
  if (v.over) return "The game is over. Review it turn by turn, or start a new one.";
  if (v.current !== t.table.me) return `${seatName(t, v.current)} is playing…`;
  if (v.phase === "word") {
    return "Spell a word: tap cards (the Common card too) or type it and Lay out; then Play the word. Hint asks the ghost writer; ★ is the expert's choice.";
  }
  return `Buy: ${v.coins}¢ to spend. Tap Buy under a card, or End the turn. ★ marks the expert's choice.`;
}

function renderSeats(t) {
  const v = t.view;
  $("pbt-seats").replaceChildren(...v.players.map((p) => {
    const facts = [`hand ${p.hand}`, `deck ${p.deck}`, `discard ${p.discard}`, `${plural(v.commons[p.seat], "Common card", "Common cards")}`];
    if (v.cubes) facts.push(plural(v.cubes.held[p.seat], "cube", "cubes"));
    const power = v.expansions && v.expansions.powers && v.expansions.powers[p.seat];
    return el("li", { className: `track-seat${p.seat === v.current && !v.over ? " in-turn" : ""}`, dataset: { seat: p.seat } },
      el("div", { className: "track-head" }, el("strong", { text: seatName(t, p.seat) }),
        el("span", { className: "track-score", text: `${v.scores[p.seat]} Fame` })),
      el("span", { className: "muted small", text: facts.join(" · ") }),
      power ? el("span", { className: "small", text: `Power: ${power.text}` }) : null);
  }));
}

function renderCommon(t, spelling, h) {
  const v = t.view;
  const inWord = word.pieces.some((p) => p.kind === "common" || p.kind === "space");
  const tile = v.common ? pbTile(v.common, {
    kind: "common", className: inWord ? "in-word" : "", pressed: spelling ? inWord : undefined, dataset: { id: "common" },
    onclick: spelling ? () => { toggle({ kind: v.common === "spacebar" ? "space" : "common" }); h.changed(); } : null,
  }) : null;
  const ex = v.expansions;
  const extras = [];
  if (ex && ex.award) extras.push(`Award: ${ex.award.text}${ex.holder !== null && ex.holder !== undefined ? ` (held by ${seatName(t, ex.holder)})` : ""}`);
  if (ex && ex.theme) extras.push(`Theme: ${ex.theme.name} (${ex.theme.fame} Fame)`);
  if (ex && ex.against_current && ex.against_current.length) extras.push(`Attacks on the player in turn: ${ex.against_current.join(", ")}`);
  $("pbt-common").replaceChildren(el("strong", { text: "Common card" }), tile || el("span", { className: "muted", text: "none left" }),
    el("span", { className: "muted small", text: `length track: ${plural(v.track, "card", "cards")} left; a word of ${v.threshold}+ letters gains the Common card` }),
    ...extras.map((line) => el("span", { className: "small", text: line })));
}

function actionButton(t, a, label, h) {
  const best = same(a, t.advice && t.advice.action);
  return el("button", {
    type: "button", className: `button small${best ? " suggested" : ""}${a.action === "end" ? " subtle" : ""}`,
    dataset: { action: a.action }, disabled: t.busy, title: best ? "the expert's choice" : null, onclick: () => h.act(a),
  }, label, best ? el("span", { className: "star", "aria-label": " (the expert's choice)", text: " ★" }) : null);
}

function renderOffer(t, legal, h) {
  const v = t.view;
  $("pbt-offer").replaceChildren(...v.offer.map((pile, p) => el("li", { className: "pbt-pile", dataset: { pile: p } },
    el("span", { className: "pbt-pile-head" }, pileName(v, p), el("span", { className: "muted", text: `${plural(pile.cards, "card", "cards")}` })),
    el("div", { className: "pbt-slots" }, ...["top", "row"].filter((slot) => pile[slot]).map((slot) => {
      const card = cardOf(pile[slot]);
      const buy = legal.find((a) => a.action === "buy" && a.pile === "offer" && a.index === p && a.slot === slot);
      return el("div", { className: "pbt-slot", dataset: { slot } }, pbTile(pile[slot], { dataset: { pile: p, slot } }),
        el("span", { className: "small", text: card && card.text.startsWith(`${pile[slot]}: `) ? card.text.slice(pile[slot].length + 2) : card ? card.text : pile[slot] }),
        buy ? actionButton(t, buy, `Buy (${card ? card.cost : "?"}¢)`, h) : null);
    })))));
  const pyramid = v.cubes && v.cubes.pyramid;
  if (pyramid) { renderPyramid(t, pyramid, legal, h); return; }
  $("pbt-fame").replaceChildren(...(v.fame_piles || []).map((f, i) => {
    const buy = legal.find((a) => a.action === "buy" && a.pile === "fame" && a.index === i);
    const label = f.cards ? `${f.fame} Fame, ${f.cost}¢ (${f.cards} left)` : "empty";
    return el("li", { dataset: { fame: i } }, pbTile(`/${f.fame ?? 0}`, {
      kind: "fame", letter: f.cards ? `★${f.fame}` : "–", cost: f.cards ? `${f.cost}¢` : "", caption: `${f.cards} left`, name: `Fame pile ${i + 1}: ${label}`,
    }), el("span", { className: "small", text: label }), buy ? actionButton(t, buy, `Buy (${f.cost}¢)`, h) : null);
  }));
}

/** Co-op's pyramid of Fame cards by position: each card's Fame, cost and cubes, a covered one marked. */
function renderPyramid(t, pyramid, legal, h) {
  $("pbt-fame").replaceChildren(...pyramid.map((f, k) => {
    if (!f) return el("li", { dataset: { fame: k } }, el("span", { className: "small muted", text: `${k + 1}: bought` }));
    const buy = legal.find((a) => a.action === "buy" && a.pile === "fame" && a.index === k);
    const label = `${k + 1}: ${f.fame} Fame, ${f.cost}¢, ${plural(f.cubes, "cube", "cubes")}${f.open ? "" : ", covered"}`;
    return el("li", { dataset: { fame: k } }, pbTile(`/${f.fame}`, {
      kind: "fame", letter: `★${f.fame}`, cost: `${f.cost}¢`, caption: `${f.cubes} cubes`, name: `Pyramid card ${label}`, className: f.open ? "" : "dropped",
    }), el("span", { className: "small", text: label }), buy ? actionButton(t, buy, `Buy (${f.cost}¢)`, h) : null);
  }));
}

function renderHand(t, spelling, h) {
  const v = t.view;
  const inWord = new Set(word.pieces.filter((p) => p.kind === "card").map((p) => p.i));
  $("pbt-hand").replaceChildren(...v.hand.map((code, i) => el("li", null, pbTile(code, {
    className: inWord.has(i) ? "in-word" : "", pressed: spelling ? inWord.has(i) : undefined, dataset: { index: i },
    onclick: spelling ? () => { toggle({ kind: "card", i, as: "", reversed: false }); h.changed(); } : null,
  }))));
  $("pbt-hand-area").hidden = !v.hand.length;
  $("pbt-hand-hint").hidden = !spelling;
}

function renderWord(t, h) {
  const v = t.view;
  $("pbt-word").replaceChildren(...word.pieces.map((p, k) => {
    if (p.kind === "space") return el("li", { className: "pbt-word-gap", dataset: { index: k }, text: "␣" });
    const code = p.kind === "common" ? v.common : v.hand[p.i];
    const card = cardOf(code);
    const letter = card && card.wild ? (p.as || "?").toUpperCase() : undefined;
    return el("li", { dataset: { index: k } }, pbTile(code, {
      kind: p.kind === "common" ? "common" : "", letter: p.reversed && card ? [...card.letters.toUpperCase()].reverse().join("") : letter,
      name: `letter ${k + 1}: ${code} (tap to take it out)`, dataset: { index: k },
      onclick: () => { word.pieces.splice(k, 1); word.copies = {}; word.steps = {}; h.changed(); },
    }));
  }));
  const input = $("pbt-word-text");
  if (document.activeElement !== input) input.value = wordText(v);
  $("pbt-spell").disabled = (!word.pieces.length && !input.value.trim()) || t.busy;
  renderChoices(t, h);
  $("pbt-hints").replaceChildren(...t.hints.map((m, i) => el("li", null, el("button", {
    type: "button", className: `button small hint-move${same(m.action, t.advice && t.advice.action) ? " suggested" : ""}`,
    dataset: { word: m.word, index: i }, onclick: () => h.playHint(m),
  }, `${i + 1}. ${m.word.toUpperCase()}: ${m.score}¢${m.gains_common ? ", gains the Common card" : ""}${m.cards_next ? `, ${plural(m.cards_next, "card", "cards")} next hand` : ""}`))));
}

const TWO_LETTERS = (code) => (cardOf(code)?.letters || "").length === 2;

function renderChoices(t, h) {
  const v = t.view;
  const items = [];
  const reversible = v.common === "dyslexic" || v.hand.includes("dyslexic");
  word.pieces.forEach((p, k) => {
    if (!reversible || p.kind !== "card" || !TWO_LETTERS(v.hand[p.i])) return;
    items.push(el("li", { className: "question", dataset: { key: "reversed", position: k } },
      el("span", { className: "question-text", text: `${v.hand[p.i]} (letter ${k + 1}): reversed by the Dyslexic` }),
      el("button", { type: "button", className: "button small choice", "aria-pressed": String(p.reversed),
        onclick: () => { p.reversed = !p.reversed; h.changed(); } }, p.reversed ? "reversed" : "as printed")));
  });
  for (const c of choicesOf(v)) {
    const picked = chosen(c);
    const none = c.kind === "copy" ? "the engine's best" : "none";
    const buttons = [{ label: none, value: undefined }, ...c.options].map((o) => el("button", {
      type: "button", className: "button small choice", "aria-pressed": String(same(o.value, picked) || (o.value === undefined && picked === undefined)),
      dataset: { key: c.kind, answer: o.label },
      onclick: () => { if (o.value === undefined) { if (picked !== undefined) choose(c, picked); } else choose(c, o.value); h.changed(); },
    }, o.label));
    items.push(el("li", { className: "question", dataset: { key: c.kind, position: c.piece } },
      el("span", { className: "question-text", text: `letter ${c.piece + 1}, ${c.ability}:` }), el("span", { className: "choice-buttons" }, ...buttons)));
  }
  $("pbt-choices").replaceChildren(...items);
}

const pct = (x) => `${Math.round(100 * x)}%`;

function renderAdvice(t, mine, h) {
  const box = $("pbt-advice");
  const advice = t.advice;
  box.hidden = !mine || !advice;
  if (box.hidden) { box.replaceChildren(); return; }
  const a = advice.action;
  const v = t.view;
  let what = a.action === "spell" ? `spell ${a.word.toUpperCase()}` : LABELS[a.action] || a.action;
  if (a.action === "buy") {
    const fame = a.pile === "fame" && v.fame_piles ? v.fame_piles[a.index] : null;
    what = fame ? `buy a Fame card (${fame.fame} Fame, ${fame.cost}¢)` : a.pile === "offer" ? `buy ${v.offer[a.index][a.slot]}` : "buy";
  }
  const parts = [el("span", { className: "star", text: "★ " }), `The expert: ${what}`];
  if (typeof advice.win === "number") parts.push(`, a chance to win of ${pct(advice.win)} ± ${pct(advice.se)}`, el("span", { className: "muted small", text: " (an estimate)" }));
  if (a.action === "spell" || a.action === "buy") { // its button here too: on a phone, the card may be far below
    parts.push(" ", el("button", { type: "button", className: "button small suggested", dataset: { action: `suggested-${a.action}` }, disabled: t.busy,
      onclick: () => h.playAdvice(a) }, a.action === "spell" ? `Play ${a.word.toUpperCase()}` : "Buy it",
    el("span", { className: "star", "aria-label": " (the expert's choice)", text: " ★" })));
  }
  box.replaceChildren(...parts);
}

const LABELS = { pass: "Pass (no word)", end: "End the turn", discard: "Discard the hand for a cube" };
/** Simultaneous play's round (the draft, the words announced, the buy order) and the turn timer's bounties. */
function modesLine(t) {
  const v = t.view;
  const names = (seats) => (seats.length ? seats.map((i) => seatName(t, i)).join(", ") : "none");
  const parts = [];
  const s = v.simultaneous;
  if (s && s.stage === "draft") parts.push(`Simultaneous play · the draft, a free card each: ${names(s.draft)}`);
  else if (s && s.stage === "words") parts.push(`Simultaneous play · round ${s.round + 1}: announced ${names(s.announced)}${s.bumped.length ? `; bumped ${names(s.bumped)}` : ""}`);
  else if (s) parts.push(`Simultaneous play · round ${s.round + 1}: buying in the order announced; then ${names(s.to_buy)}`);
  const bounty = v.timer ? v.timer.bounty : [];
  if (bounty.length) parts.push(`Time's up: ${bounty.map((b) => `${seatName(t, b.seat)} ${b.seat === t.table.me ? "offer" : "offers"} a bounty (hand ${b.hand.join(" ")})`).join("; ")}`);
  return parts.join(" · ");
}

export function renderTable(t, h) {
  const v = t.view;
  const mine = !v.over && v.current === t.table.me && !t.busy;
  const legal = mine ? v.legal : [];
  const spelling = mine && v.phase === "word";
  $("pbt-turn").textContent = turnLine(t);
  const modes = modesLine(t);
  $("pbt-modes").hidden = !modes;
  $("pbt-modes").textContent = modes;
  $("pbt-review").hidden = !v.over;
  renderSeats(t);
  renderCommon(t, spelling, h);
  renderAdvice(t, mine, h);
  $("pbt-word-area").hidden = !spelling;
  if (spelling) renderWord(t, h);
  renderHand(t, spelling, h);
  renderOffer(t, legal, h);
  const other = legal.filter((a) => a.action !== "buy");
  $("pbt-actions").replaceChildren(...other.map((a) => actionButton(t, a,
    a.action === "cash" ? `Cash ${plural(a.cubes, "cube", "cubes")}` : a.action === "place" ? `Place the cube on card ${a.card + 1}` : LABELS[a.action] || a.action, h)));
  const log = $("pbt-log");
  log.replaceChildren(...t.table.said.slice(-200).map((line) => el("li", { className: line.startsWith("You") ? "" : "pbt-log-bot", text: line })));
  log.scrollTop = log.scrollHeight;
}
