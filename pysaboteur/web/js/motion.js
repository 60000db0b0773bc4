// What moves on the table page, with the Web Animations API, and only where motion is
// allowed (settings.js): a card played travels from its player's seat to its cell, a
// goal turned face up turns over, and gold shared out at a round's end arrives
// seat by seat. With motion reduced nothing is animated at all: the page just shows
// where things are.

import { s } from "./dom.js";
import { CARD_H, CARD_W } from "./card_art.js";
import { motionAllowed } from "./settings.js";

/** How many animations the page started, for tests. */
export const started = { count: 0 };
window.saboteurMotion = started;

function animate(node, frames, options) {
  if (!node || !motionAllowed() || typeof node.animate !== "function") return null;
  started.count += 1;
  return node.animate(frames, { easing: "ease-out", fill: "backwards", ...options });
}

const cardAt = (root, cell) => root?.querySelector(`.maze-card[data-cell="${cell.x},${cell.y}"]`);

/** The card just placed at ``cell`` comes from the element ``from`` (its player's
 * seat): a copy of it flies over the page, above everything, while the card itself
 * waits unseen in its cell — the maze's layout never moves. */
export function cardTravels(root, cell, from) {
  const card = cardAt(root, cell);
  const art = card?.lastElementChild; // the picture, inside the group that places it
  if (!art || !from || !motionAllowed()) return;
  const target = card.getBoundingClientRect();
  const source = from.getBoundingClientRect();
  const flying = s("svg", { class: "flying-card", viewBox: `0 0 ${CARD_W} ${CARD_H}`, "aria-hidden": "true" });
  const copy = art.cloneNode(true);
  // The copy is a picture only: no element of the page may be found twice (the
  // Duel's counters on a card carry test ids, and an id must stay unique).
  for (const element of [copy, ...copy.querySelectorAll("[id], [data-testid]")]) {
    element.removeAttribute("id");
    element.removeAttribute("data-testid");
  }
  flying.append(copy);
  Object.assign(flying.style, {
    left: `${target.left}px`,
    top: `${target.top}px`,
    width: `${target.width}px`,
    height: `${target.height}px`,
  });
  document.body.append(flying);
  const dx = source.left + source.width / 2 - (target.left + target.width / 2);
  const dy = source.top + source.height / 2 - (target.top + target.height / 2);
  const flight = animate(
    flying,
    [
      { transform: `translate(${dx}px, ${dy}px) scale(0.6)`, opacity: 0.5 },
      { transform: "translate(0, 0) scale(1)", opacity: 1 },
    ],
    { duration: 450 },
  );
  animate(art, [{ opacity: 0 }, { opacity: 0 }], { duration: 450 });
  const land = () => flying.remove();
  flight?.finished.then(land, land);
}

/** The goal at ``cell`` turns face up: it narrows to its edge and opens on its face. */
export function goalTurns(root, cell) {
  const art = cardAt(root, cell)?.lastElementChild;
  if (!art) return;
  art.style.transformBox = "fill-box";
  art.style.transformOrigin = "center";
  animate(art, [{ transform: "scaleX(0)" }, { transform: "scaleX(1)" }], { duration: 500 });
}

/** Gold shared out: each of ``container``'s ``[data-gold]`` cells arrives after the last. */
export function goldSharedOut(container) {
  container?.querySelectorAll("[data-gold]").forEach((node, index) => {
    animate(
      node,
      [
        { transform: "translateY(-0.8em) scale(1.6)", opacity: 0 },
        { transform: "none", opacity: 1 },
      ],
      { duration: 400, delay: 150 * index },
    );
  });
}
