/* A Paperback review (the answer of POST /v1/paperback/review) in the form review-render.js draws (Hardback's):
   the Fame series as its score series, each move's cards as a layout of codes (a played word's hand cards and
   Common card named from the turn's hand), and the cards' tiles from what the service read the codes as
   (POST /v1/cards/check, codes.js). Only reshaping: every number is the service's. */

import { readCodes } from "./codes.js";

function layoutOf(turn, spell) {
  return spell.layout.map((e) => {
    if (e.common) return { code: turn.state.common, face: "up" };
    if (e.space) return { code: "spacebar", face: "up" };
    return { code: turn.hand[e.card], face: e.as ? "wild" : "up" };
  });
}

function moveOf(turn, move) {
  if (!move) return null;
  const layout = move.spell ? layoutOf(turn, move.spell) : move.cards.map((c) => ({ code: c.code, face: c.wild ? "wild" : "up" }));
  return { word: move.word, score: move.score, value: move.value, prestige: move.score, coins: 0, layout };
}

/** The answer reshaped, and the tiles' cards: [answer, Map code -> {code, letter, genre, cost, text}]. */
export async function paperbackReview(answer) {
  const turns = answer.turns.map((t) => ({ ...t, played: moveOf(t, t.played), best: moveOf(t, t.best), scores: t.fame }));
  const shaped = { ...answer, turns, prestige: answer.fame.map((f) => ({ turn: f.turn, seat: f.seat, scores: f.fame })) };
  const codes = [...new Set(turns.flatMap((t) => [t.played, t.best].filter(Boolean).flatMap((m) => m.layout.map((e) => e.code))))];
  const cards = new Map();
  try {
    const read = await readCodes("paperback", codes.filter(Boolean));
    for (const r of read) {
      const card = r && r.card;
      if (!card) continue;
      cards.set(r.code, { code: r.code, letter: card.special ? card.special : card.wild ? "?" : card.letters, genre: null, cost: card.cost ?? 0, text: card.text });
    }
  } catch (_err) { /* the tiles show the codes */ }
  return [shaped, cards];
}
