/* Rate a word you played, and ask how many cards to draw with ink: two small forms over the service's
   /v1/hardback/rate and /v1/hardback/ink-advice, their answers as a sentence and a table. */

import { api } from "./api.js";
import { $, el, formatValue, plural, sentence } from "./dom.js";

const codes = (text) => text.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);

function layoutOf(text) {
  return codes(text).map((token) => {
    const m = /^(.*)\/(wild|uncovered|up)$/i.exec(token);
    return m ? { code: m[1], face: m[2].toLowerCase() } : token;
  });
}

function fail(id, err) {
  const box = $(id);
  box.textContent = sentence(err.message || String(err));
  box.hidden = false;
}

const totals = (m) => `${m.prestige} prestige, ${plural(m.coins, "coin", "coins")} (value ${formatValue(m.value)})`;

async function rate(event) {
  event.preventDefault();
  $("rate-error").hidden = true;
  const out = $("rate-result");
  out.replaceChildren();
  const body = { hand: codes($("rate-hand").value), word: $("rate-word").value.trim() };
  const layout = $("rate-layout").value.trim();
  if (layout) body.arrangement = layoutOf(layout);
  const button = $("rate-go");
  button.disabled = true;
  button.classList.add("busy");
  try {
    const r = await api("/v1/hardback/rate", body);
    const best = r.best;
    const top = r.rank === 1;
    out.append(
      el("p", { className: "rate-rank" }, el("strong", { text: `Rank ${r.rank}` }),
        top ? " — the best word for these cards." : ` of the words these cards spell.`),
      el("dl", { className: "rate-facts" },
        el("dt", { text: `You played ${r.word.toUpperCase()}` }), el("dd", { text: totals(r.played) }),
        el("dt", { text: `The best: ${best.word.toUpperCase()}` }), el("dd", { text: totals(best) }),
        el("dt", { text: "Gap" }),
        el("dd", { text: "value" in r.gap ? `${formatValue(r.gap.value)} value` : `${r.gap.prestige} prestige, ${plural(r.gap.coins, "coin", "coins")}` })),
    );
  } catch (err) {
    fail("rate-error", err);
  } finally {
    button.disabled = false;
    button.classList.remove("busy");
  }
}

async function inkAdvice(event) {
  event.preventDefault();
  $("ink-error").hidden = true;
  const out = $("ink-result");
  out.replaceChildren();
  const body = { hand: codes($("ink-hand").value), draw: codes($("ink-draw").value), ink: Number($("ink-held").value || 0) };
  const button = $("ink-go");
  button.disabled = true;
  button.classList.add("busy");
  try {
    const r = await api("/v1/hardback/ink-advice", body);
    out.append(el("p", { className: "ink-best" },
      el("strong", { text: r.best_k === 0 ? "Draw nothing with ink." : `Draw ${r.best_k} card${r.best_k === 1 ? "" : "s"} with ink.` }),
      ` You hold ${r.ink_held} ink.`));
    const rows = r.options.map((o) => el("tr", { className: o.k === r.best_k ? "best" : null },
      el("th", { scope: "row", text: String(o.k) }),
      el("td", { text: formatValue(o.expected) }),
      el("td", { text: `${Math.round(o.forfeit * 100)}%` }),
      el("td", { text: formatValue(o.net) }),
      el("td", { text: o.affordable ? (o.exact ? "exact" : "sampled") : "needs ink" })));
    out.append(el("div", { className: "table-wrap" }, el("table", { className: "ink-table" },
      el("thead", null, el("tr", null, ...["Draw", "Expected", "Forfeit", "Net", ""].map((h) => el("th", { scope: "col", text: h })))),
      el("tbody", null, ...rows))));
  } catch (err) {
    fail("ink-error", err);
  } finally {
    button.disabled = false;
    button.classList.remove("busy");
  }
}

export function bindTools() {
  $("rate-form").addEventListener("submit", rate);
  $("ink-form").addEventListener("submit", inkAdvice);
}
