/* The page's four views: the ghost writer's hint (the first, app.js), playing a game against bots (play.js),
   rating a word or asking about ink (tools.js), and reviewing a game (review.js). The view shown follows the
   address's hash (#play, #tools, #review), so a reload or a link opens the same view. */

import { bindPbTable, showPbTable } from "./pbtable.js";
import { bindPlay, showPlay } from "./play.js";
import { bindReview, showReview } from "./review.js";
import { bindTools } from "./tools.js";

const VIEWS = { hint: "hint-view", play: "play-view", tools: "tools-view", review: "review-view" };

function current() {
  const name = location.hash.replace(/^#/, "");
  return Object.hasOwn(VIEWS, name) ? name : "hint";
}

function show(name) {
  for (const [view, id] of Object.entries(VIEWS)) document.getElementById(id).hidden = view !== name;
  for (const tab of document.querySelectorAll(".view-tab")) tab.setAttribute("aria-pressed", String(tab.dataset.view === name));
  const gameSwitch = document.querySelector(".game-switch");
  if (gameSwitch) gameSwitch.hidden = name !== "hint" && name !== "play";
  if (name === "play") { showPlay(); showPbTable(); }
  if (name === "review") showReview();
}

for (const tab of document.querySelectorAll(".view-tab")) {
  tab.addEventListener("click", () => {
    const name = tab.dataset.view;
    history.replaceState(null, "", name === "hint" ? location.pathname + location.search : `#${name}`);
    show(name);
  });
}
window.addEventListener("hashchange", () => show(current()));
bindPlay();
bindPbTable();
bindTools();
bindReview();
show(current());
