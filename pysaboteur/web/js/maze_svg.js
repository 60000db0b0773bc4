// The maze as one SVG: every card where it lies, goals face down or up, faint
// empty cells around, and the cells a selected card may go to, as buttons.

import { s, onActivate } from "./dom.js";
import { CARD_H, CARD_W, cardArt } from "./card_art.js";
import { tokensAt } from "./card_art_duel.js";
import { describeCard, GOAL_NAMES, parseFace, sidesText } from "./cards.js";
import { DUEL_STARTS, isGoalCell } from "./cards_duel.js";
import { t } from "./i18n.js";

export const GAP = 4;
export const PITCH_X = CARD_W + GAP;
export const PITCH_Y = CARD_H + GAP;

/** A cell a chosen card may go to, in words with its coordinates. */
const TARGET_TEXT = {
  place: "table.target_place",
  rockfall: "table.target_rockfall",
  map: "table.target_map",
  key: "table.target_key",
};

/** The cells to draw: everything placed or offered, the start, and one cell of margin. */
export function mazeBounds(cells) {
  const all = [{ x: 0, y: 0 }, { x: 8, y: -2 }, { x: 8, y: 2 }, ...cells];
  const xs = all.map((cell) => cell.x);
  const ys = all.map((cell) => cell.y);
  return {
    minX: Math.min(...xs) - 1,
    maxX: Math.max(...xs) + 1,
    minY: Math.min(...ys) - 1,
    maxY: Math.max(...ys) + 1,
  };
}

/** The picture and words of one maze entry ({x, y, shape, card}) from an observation. */
function placedCard(entry, goals) {
  if (entry.card === "start") return { spec: { kind: "start" }, label: describeCard("start") };
  if (DUEL_STARTS.includes(entry.card))
    return { spec: { kind: "start", colour: entry.card.slice(6) }, label: describeCard(entry.card) };
  if (isGoalCell(goals, entry) && !GOAL_NAMES.includes(entry.card)) {
    // A Duel goal face up: its printed code names it, its shape is how it lies.
    const spec = { kind: "goal", card: entry.card, shape: entry.shape };
    return { spec, label: describeCard(entry.shape, { goal: true }) };
  }
  if (GOAL_NAMES.includes(entry.card)) {
    const spec = { kind: "goal", card: entry.card, shape: entry.shape };
    const label =
      entry.card === "gold"
        ? t("table.goal_gold_face_up")
        : t("table.goal_stone_face_up", { sides: sidesText(entry.shape) });
    return { spec, label };
  }
  return { spec: { kind: "path", shape: entry.shape }, label: describeCard(entry.shape) };
}

function faceDownGoal(goal) {
  let label = t("table.goal_face_down");
  if (goal.card && !GOAL_NAMES.includes(goal.card))
    label = t("table.goal_face_down_duel", { goal: describeCard(goal.card, { goal: true }) });
  else if (goal.card) label = t(goal.card === "gold" ? "table.goal_face_down_gold" : "table.goal_face_down_stone");
  return { spec: { kind: "back", known: goal.card }, label };
}

/**
 * Draw the maze.
 *   cards     the observation's `maze` entries
 *   goals     the observation's `goals` (face-down ones are drawn as card backs)
 *   targets   [{x, y, kind: "place"|"rockfall"|"map", move}] clickable cells
 *   ghost     the shape a "place" target previews
 *   lastCell  {x, y} of the last move's cell, outlined
 *   onTarget  called with the target when one is chosen
 *   zoom      pixels per unit
 *   tokens    the Duel's tokens (the observation's `duel`): counters and keys on the cards
 */
export function renderMaze({
  cards,
  goals,
  targets = [],
  ghost = null,
  lastCell = null,
  onTarget = null,
  zoom = 1,
  label = t("table.maze_label"),
  tokens = null,
}) {
  const bounds = mazeBounds([...cards, ...goals, ...targets]);
  const columns = bounds.maxX - bounds.minX + 1;
  const rows = bounds.maxY - bounds.minY + 1;
  const width = columns * PITCH_X + GAP;
  const height = rows * PITCH_Y + GAP;
  const at = (x, y) => [(x - bounds.minX) * PITCH_X + GAP, (y - bounds.minY) * PITCH_Y + GAP];
  const svg = s("svg", {
    class: "maze-svg",
    viewBox: `0 0 ${width} ${height}`,
    width: Math.round(width * zoom),
    height: Math.round(height * zoom),
    role: "group",
    "aria-label": label,
  });
  svg.append(s("rect", { class: "maze-ground", x: 0, y: 0, width, height }));

  const taken = new Set();
  const drawn = s("g", { class: "maze-cards" });
  for (const entry of cards) {
    taken.add(`${entry.x},${entry.y}`);
    const card = cardAt(placedCard(entry, goals), entry, at);
    if (tokens) card.append(tokensAt(tokens, entry, parseFace(entry.shape)));
    drawn.append(card);
  }
  for (const goal of goals) {
    if (goal.face_up) continue;
    taken.add(`${goal.x},${goal.y}`);
    drawn.append(cardAt(faceDownGoal(goal), goal, at));
  }
  const empty = s("g", { class: "maze-empty", "aria-hidden": "true" });
  for (let y = bounds.minY; y <= bounds.maxY; y++) {
    for (let x = bounds.minX; x <= bounds.maxX; x++) {
      if (taken.has(`${x},${y}`)) continue;
      const [px, py] = at(x, y);
      empty.append(
        s("rect", {
          class: "cell-empty",
          x: px + 1,
          y: py + 1,
          width: CARD_W - 2,
          height: CARD_H - 2,
          rx: 5,
        }),
      );
    }
  }
  svg.append(empty, drawn);

  if (lastCell) {
    const [px, py] = at(lastCell.x, lastCell.y);
    svg.append(
      s("rect", { class: "last-move", x: px - 2, y: py - 2, width: CARD_W + 4, height: CARD_H + 4, rx: 7 }),
    );
  }
  const offered = s("g", { class: "maze-targets" });
  for (const target of targets) offered.append(targetAt(target, ghost, at, onTarget));
  svg.append(offered);
  return { svg, bounds };
}

function cardAt({ spec, label }, cell, at) {
  const [px, py] = at(cell.x, cell.y);
  const text = t("table.cell_label", { cell: `${cell.x},${cell.y}`, label });
  return s(
    "g",
    {
      class: "maze-card",
      transform: `translate(${px} ${py})`,
      role: "img",
      "aria-label": text,
      "data-cell": `${cell.x},${cell.y}`, // where motion.js finds a card to move
    },
    s("title", {}, text),
    cardArt(spec),
  );
}

function targetAt(target, ghost, at, onTarget) {
  const [px, py] = at(target.x, target.y);
  const text = t(TARGET_TEXT[target.kind], { cell: `${target.x},${target.y}` });
  const group = s(
    "g",
    {
      class: `target target-${target.kind}`,
      transform: `translate(${px} ${py})`,
      role: "button",
      tabindex: 0,
      "aria-label": text,
      "data-testid": `cell-${target.x},${target.y}`,
    },
    s("title", {}, text),
  );
  if (target.kind === "place" && ghost) {
    group.append(s("g", { class: "ghost" }, cardArt({ kind: "path", shape: ghost })));
  }
  group.append(
    s("rect", { class: "target-frame", x: 1, y: 1, width: CARD_W - 2, height: CARD_H - 2, rx: 5 }),
  );
  if (onTarget) onActivate(group, () => onTarget(target));
  return group;
}

/** Show a maze SVG at a zoom: its viewBox units times `zoom` pixels. */
export function setZoom(svg, zoom) {
  const [, , width, height] = svg.getAttribute("viewBox").split(" ").map(Number);
  svg.setAttribute("width", Math.round(width * zoom));
  svg.setAttribute("height", Math.round(height * zoom));
}

export function naturalWidth(svg) {
  return Number(svg.getAttribute("viewBox").split(" ")[2]);
}

export function naturalHeight(svg) {
  return Number(svg.getAttribute("viewBox").split(" ")[3]);
}
