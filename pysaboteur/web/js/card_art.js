// The pictures of the cards, drawn in a 60 x 84 box: earth-brown path cards with
// sandy tunnels, a heap of rock where a dead end is blocked, the start ladder,
// goal cards face down (card backs) or face up (gold glowing, stone grey),
// action cards on parchment, and gold cards.

import { s } from "./dom.js";
import { isBaseFace, isDeadEnd, openSides, parseFace } from "./cards.js";
import { mapIcon, newActionIcon, rockfallIcon, toolIcon } from "./icons.js";
import { t } from "./i18n.js";
import { duelMarkerArt, keyIcon, startColour } from "./card_art_duel.js";
import { duelNuggets, isDuelFace } from "./cards_duel.js";

export const CARD_W = 60;
export const CARD_H = 84;
const CX = 30;
const CY = 42;
const EDGE = { N: [CX, 0], E: [CARD_W, CY], S: [CX, CARD_H], W: [0, CY] };
const TOWARDS = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };

const EARTH = { wall: "#3f2616", floor: "#e4c690" };
const GOLD_TUNNEL = { wall: "#8a5d0a", floor: "#ffd766" };
const STONE_TUNNEL = { wall: "#3f2616", floor: "#cfc6b8" };

/** Gradients shared by every card on the page, defined once in a hidden SVG. */
function ensureDefs() {
  if (document.getElementById("sab-defs")) return;
  const gradient = (id, top, bottom) =>
    s(
      "linearGradient",
      { id, x1: 0, y1: 0, x2: 0, y2: 1 },
      s("stop", { offset: "0", "stop-color": top }),
      s("stop", { offset: "1", "stop-color": bottom }),
    );
  const defs = s(
    "svg",
    { id: "sab-defs", width: 0, height: 0, "aria-hidden": "true" },
    s(
      "defs",
      {},
      gradient("sab-earth", "#8d5d36", "#6b4226"),
      gradient("sab-start", "#9a6a3e", "#75492a"),
      gradient("sab-goldcard", "#a4702e", "#7b4e22"),
      gradient("sab-back", "#34507a", "#223653"),
      gradient("sab-parchment", "#f8eed6", "#eadbb8"),
      gradient("sab-nugget", "#ffe07a", "#e0a91c"),
    ),
  );
  document.body.prepend(defs);
}

function frame(fill, stroke = "#2e1b0e") {
  return s("rect", {
    x: 1,
    y: 1,
    width: CARD_W - 2,
    height: CARD_H - 2,
    rx: 5,
    fill,
    stroke,
    "stroke-width": 2,
  });
}

/** A few darker and lighter specks so the earth reads as earth. */
function specks() {
  const dots = [
    [9, 10, 1.6],
    [48, 14, 1.2],
    [12, 70, 1.4],
    [50, 74, 1.8],
    [46, 58, 1],
    [14, 28, 1],
  ];
  return s(
    "g",
    { fill: "#2e1b0e", opacity: 0.35 },
    dots.map(([cx, cy, r]) => s("circle", { cx, cy, r })),
  );
}

/** Tunnels from the centre to each open side; a dead end's stop short at a rock heap. */
function tunnels(code, colors) {
  if (!isBaseFace(code)) return newTunnels(code, colors);
  const sides = openSides(code);
  const dead = isDeadEnd(code);
  const group = s("g", { class: "tunnels" });
  const layers = [
    { color: colors.wall, width: 24 },
    { color: colors.floor, width: 17 },
  ];
  for (const { color, width } of layers) {
    for (const side of sides) {
      const [ex, ey] = EDGE[side];
      const [dx, dy] = TOWARDS[side];
      const reach = dead ? 17 : 0;
      const [sx, sy] = [CX + dx * reach, CY + dy * reach];
      group.append(s("line", { x1: sx, y1: sy, x2: ex, y2: ey, stroke: color, "stroke-width": width }));
      if (dead) group.append(s("circle", { cx: sx, cy: sy, r: width / 2, fill: color }));
    }
    if (!dead) group.append(s("circle", { cx: CX, cy: CY, r: width / 2, fill: color }));
  }
  if (dead) group.append(rockHeap());
  return group;
}

const LAYERS = (colors) => [
  { color: colors.wall, width: 24 },
  { color: colors.floor, width: 17 },
];

/** The ends of a double curve's two tunnels meet their sides straight, and bend
 * towards their own corner, so that the two stay well apart across the middle. */
const CURVE_BEND = { NE: [32, 28], ES: [32, 56], SW: [28, 56], NW: [28, 28] };

/**
 * Saboteur 2's faces: each tunnel drawn on its own, so that two tunnels that do
 * not meet never look joined (a bridge's north-south tunnel passes over the
 * east-west one between dark walls; a double curve's curves are parted by a
 * ridge of rock); stubs beside a tunnel are short arms blocked by a rock; then
 * the door, the ladder and the crystal on top.
 */
function newTunnels(code, colors) {
  const face = parseFace(code);
  const group = s("g", { class: "tunnels" });
  const two = face.tunnels.length === 2;
  const bridge = two && face.tunnels.every((sides) => ["NS", "EW"].includes(sides.join("")));
  // Stubs first: a tunnel drawn over them keeps its walls.
  for (const side of face.stubs) group.append(stub(side, colors));
  // A bridge's east-west tunnel first: the north-south one passes over it.
  const order = bridge ? [["E", "W"], ["N", "S"]] : face.tunnels;
  for (const sides of order) {
    const tunnel = s("g", { class: "tunnel" });
    for (const { color, width } of LAYERS(colors)) {
      if (two && !bridge) {
        const [a, b] = sides;
        const [x1, y1] = EDGE[a];
        const [x2, y2] = EDGE[b];
        const [cx, cy] = CURVE_BEND[sides.join("")] || [CX, CY];
        tunnel.append(
          s("path", { d: `M${x1} ${y1} Q${cx} ${cy} ${x2} ${y2}`, fill: "none", stroke: color, "stroke-width": width }),
        );
        continue;
      }
      for (const side of sides) {
        const [ex, ey] = EDGE[side];
        tunnel.append(s("line", { x1: CX, y1: CY, x2: ex, y2: ey, stroke: color, "stroke-width": width }));
      }
      tunnel.append(s("circle", { cx: CX, cy: CY, r: width / 2, fill: color }));
    }
    if (bridge && sides.join("") === "NS") tunnel.append(bridgeCrossing());
    group.append(tunnel);
  }
  if (two && !bridge) {
    // The ridge of rock between the two curves, across the middle.
    group.append(
      s("path", { d: "M47 25 L13 59", stroke: "#2e1b0e", "stroke-width": 5, "stroke-linecap": "round" }),
      s("path", { d: "M47 25 L13 59", stroke: "#6f675f", "stroke-width": 2, "stroke-linecap": "round" }),
    );
  }
  if (face.ladder) group.append(s("g", { transform: "translate(30 42) scale(0.62) translate(-30 -42)" }, ladder()));
  if (face.door) group.append(door(face.door));
  if (face.crystal) group.append(crystal());
  group.append(duelMarkerArt(face));
  return group;
}

/** A stub: half an arm from the side, blocked by a rock, joined to nothing on the card. */
function stub(side, colors) {
  const [ex, ey] = EDGE[side];
  const [dx, dy] = TOWARDS[side];
  const reach = side === "N" || side === "S" ? 26 : 17; // from the card's centre
  const [sx, sy] = [CX + dx * reach, CY + dy * reach];
  const group = s("g", { class: "stub" });
  for (const { color, width } of LAYERS(colors)) {
    group.append(s("line", { x1: sx, y1: sy, x2: ex, y2: ey, stroke: color, "stroke-width": width }));
    group.append(s("circle", { cx: sx, cy: sy, r: width / 2, fill: color }));
  }
  group.append(
    s("circle", { cx: sx, cy: sy, r: 7, fill: "#4a4541", stroke: "#15110e", "stroke-width": 1.6 }),
    // The red cross of the base game's dead ends: this arm leads nowhere.
    s("path", {
      d: `M${sx - 3.5} ${sy - 3.5} L${sx + 3.5} ${sy + 3.5} M${sx + 3.5} ${sy - 3.5} L${sx - 3.5} ${sy + 3.5}`,
      stroke: "#c0392b",
      "stroke-width": 1.8,
      "stroke-linecap": "round",
    }),
  );
  return group;
}

/**
 * Where the north-south tunnel of a bridge crosses over the east-west one, drawn
 * as maps draw a bridge: parapets along the upper tunnel whose ends splay outwards,
 * and the lower tunnel darkened where it runs underneath. No rungs and no rails, so
 * that it never looks like the start's ladder (issue 20).
 */
function bridgeCrossing() {
  const shadow = (x) => s("rect", { x, y: 33.5, width: 6, height: 17, fill: "#2e1b0e", opacity: 0.45 });
  const parapet = (d) => [
    s("path", { d, fill: "none", stroke: "#2e1b0e", "stroke-width": 4, "stroke-linecap": "round", "stroke-linejoin": "round" }),
    s("path", { d, fill: "none", stroke: "#b9a27e", "stroke-width": 1.6, "stroke-linecap": "round", "stroke-linejoin": "round" }),
  ];
  return s(
    "g",
    { class: "bridge" },
    shadow(12),
    shadow(42),
    parapet("M13 25 L20 32 L20 52 L13 59"),
    parapet("M47 25 L40 32 L40 52 L47 59"),
  );
}

export const DOOR_COLOURS = { blue: "#2563c9", green: "#1f8f46" };

/** A door on its tunnel, in its team's colour, with its initial for those who cannot tell colours. */
function door(colour) {
  const fill = DOOR_COLOURS[colour];
  return s(
    "g",
    { class: `door door-${colour}` },
    s("path", {
      d: "M20 54 V36 Q20 26 30 26 Q40 26 40 36 V54 Z",
      fill,
      stroke: "#111",
      "stroke-width": 2,
    }),
    s("circle", { cx: 36, cy: 42, r: 1.6, fill: "#f4e3b0" }),
    s(
      "text",
      { x: CX, y: 47, "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: "#fff" },
      colour === "blue" ? t("cards.art_door_blue") : t("cards.art_door_green"),
    ),
  );
}

/** A crystal in the card's bottom right corner, free on every card. */
function crystal() {
  return s(
    "g",
    { class: "crystal", transform: "translate(47 70)" },
    s("polygon", { points: "0,-10 7,-3 4,8 -4,8 -7,-3", fill: "#b06cf0", stroke: "#2a0f4a", "stroke-width": 1.4 }),
    s("polygon", { points: "0,-10 2,-3 0,8 -2,-3", fill: "#e6ccff", opacity: 0.8 }),
    s("line", { x1: -7, y1: -3, x2: 7, y2: -3, stroke: "#2a0f4a", "stroke-width": 0.8 }),
  );
}

/** The block in the middle of a dead end: a heap of dark rock. */
function rockHeap() {
  return s(
    "g",
    { class: "dead-end-block" },
    s("polygon", {
      points: "17,37 23,29 33,27 42,32 44,43 38,53 26,55 17,48",
      fill: "#4a4541",
      stroke: "#15110e",
      "stroke-width": 2,
      "stroke-linejoin": "round",
    }),
    s("path", {
      d: "M23 35 L30 40 L27 48 M33 33 L37 42",
      fill: "none",
      stroke: "#8a837c",
      "stroke-width": 1.4,
    }),
    s("path", {
      d: "M22 31 L38 51 M38 31 L22 51",
      stroke: "#c0392b",
      "stroke-width": 2.4,
      "stroke-linecap": "round",
      opacity: 0.85,
    }),
  );
}

function ladder() {
  const wood = "#b0733a";
  const dark = "#4a2a10";
  const rungs = [28, 35, 42, 49, 56].map((y) =>
    s("line", { x1: 23, y1: y, x2: 37, y2: y, stroke: wood, "stroke-width": 2.6 }),
  );
  return s(
    "g",
    { class: "ladder" },
    s("rect", { x: 19, y: 21, width: 22, height: 42, rx: 3, fill: "#2b1a0d", opacity: 0.55 }),
    s("line", { x1: 23, y1: 22, x2: 23, y2: 62, stroke: dark, "stroke-width": 4.4 }),
    s("line", { x1: 37, y1: 22, x2: 37, y2: 62, stroke: dark, "stroke-width": 4.4 }),
    s("line", { x1: 23, y1: 22, x2: 23, y2: 62, stroke: wood, "stroke-width": 2.6 }),
    s("line", { x1: 37, y1: 22, x2: 37, y2: 62, stroke: wood, "stroke-width": 2.6 }),
    rungs,
  );
}

function nuggetHeap() {
  const nugget = (cx, cy, r) =>
    s("circle", { cx, cy, r, fill: "url(#sab-nugget)", stroke: "#8a5d0a", "stroke-width": 1.2 });
  return s(
    "g",
    { class: "nuggets" },
    s("circle", { cx: CX, cy: CY, r: 17, fill: "#ffe9a0", opacity: 0.35 }),
    nugget(24, 45, 5.5),
    nugget(35, 46, 5),
    nugget(30, 38, 6),
    nugget(38, 38, 3.8),
    nugget(22, 37, 3.5),
  );
}

function stone() {
  return s("ellipse", {
    cx: CX,
    cy: CY,
    rx: 11,
    ry: 9,
    fill: "#9c968f",
    stroke: "#3d3935",
    "stroke-width": 1.6,
  });
}

function goalBack(known) {
  const group = s(
    "g",
    {},
    frame("url(#sab-back)", "#13203a"),
    s("rect", {
      x: 6,
      y: 6,
      width: 48,
      height: 72,
      rx: 3,
      fill: "none",
      stroke: "#c9a45c",
      "stroke-width": 1.2,
      opacity: 0.8,
    }),
    s("path", {
      d: "M30 20 L44 42 L30 64 L16 42 Z",
      fill: "none",
      stroke: "#c9a45c",
      "stroke-width": 1.2,
      opacity: 0.6,
    }),
    s(
      "text",
      { x: CX, y: 50, "text-anchor": "middle", "font-size": 22, "font-weight": 700, fill: "#e8d29a" },
      "?",
    ),
  );
  if (known && known !== "gold" && !known.startsWith("stone-")) {
    // A Duel goal this seat mapped: how much gold it holds.
    const count = duelNuggets(known);
    group.append(
      s("rect", { x: 7, y: 60, width: 46, height: 15, rx: 3, fill: count ? "#f2c14e" : "#a39e97", stroke: "#13203a" }),
      s(
        "text",
        { x: 24, y: 71, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#1d1d1d" },
        String(count),
      ),
      s("circle", { cx: 38, cy: 67.5, r: 4, fill: "url(#sab-nugget)", stroke: "#8a5d0a", "stroke-width": 1 }),
    );
  } else if (known) {
    const gold = known === "gold";
    group.append(
      s("rect", {
        x: 7,
        y: 60,
        width: 46,
        height: 15,
        rx: 3,
        fill: gold ? "#f2c14e" : "#a39e97",
        stroke: "#13203a",
      }),
      s(
        "text",
        { x: CX, y: 71, "text-anchor": "middle", "font-size": 9, "font-weight": 700, fill: "#1d1d1d" },
        gold ? t("cards.art_known_gold") : t("cards.art_known_stone"),
      ),
    );
  }
  return group;
}

/** The colour band of Saboteur 2's action cards: gold thefts, players' hands and hats, traps. */
const NEW_BANDS = {
  theft: "#b8651b",
  "hands-off": "#b8651b",
  "swap-hand": "#6d4a9c",
  inspection: "#35618f",
  "swap-hats": "#6d4a9c",
  trapped: "#a8432f",
  "free-at-last": "#3f7d4e",
};

function actionCard(code) {
  if (NEW_BANDS[code]) return newActionCard(code);
  const kind = code.split("-")[0];
  const band = { break: "#a8432f", fix: "#3f7d4e", map: "#35618f", rockfall: "#6d655e", key: "#b8860b" }[kind];
  const group = s(
    "g",
    {},
    frame("url(#sab-parchment)", "#7a6443"),
    s("rect", { x: 1, y: 1, width: CARD_W - 2, height: 13, rx: 5, fill: band }),
    s("rect", { x: 1, y: 8, width: CARD_W - 2, height: 6, fill: band }),
  );
  const place = (icon, x, y, size) => s("g", { transform: `translate(${x} ${y}) scale(${size / 24})` }, icon);
  if (kind === "break") {
    group.append(place(toolIcon(code.split("-")[1], { broken: true }), 12, 26, 36));
  } else if (kind === "fix") {
    const tools = code.split("-").slice(1);
    if (tools.length === 1) group.append(place(toolIcon(tools[0]), 12, 24, 36));
    else {
      group.append(
        place(toolIcon(tools[0]), 5, 28, 24),
        place(toolIcon(tools[1]), 31, 28, 24),
        s(
          "text",
          { x: CX, y: 62, "text-anchor": "middle", "font-size": 9, fill: "#3f7d4e", "font-weight": 700 },
          t("cards.art_or"),
        ),
      );
    }
    group.append(
      s("path", {
        d: "M21 70 L27 76 L39 64",
        fill: "none",
        stroke: "#3f7d4e",
        "stroke-width": 3.2,
        "stroke-linecap": "round",
        "stroke-linejoin": "round",
      }),
    );
  } else if (kind === "map") {
    group.append(place(mapIcon(), 10, 24, 40));
  } else if (kind === "key") {
    group.append(place(keyIcon(), 10, 24, 40));
  } else {
    group.append(place(rockfallIcon(), 10, 24, 40));
  }
  return group;
}

function newActionCard(code) {
  const band = NEW_BANDS[code];
  return s(
    "g",
    {},
    frame("url(#sab-parchment)", "#7a6443"),
    s("rect", { x: 1, y: 1, width: CARD_W - 2, height: 13, rx: 5, fill: band }),
    s("rect", { x: 1, y: 8, width: CARD_W - 2, height: 6, fill: band }),
    s("g", { transform: `translate(10 24) scale(${40 / 24})` }, newActionIcon(code)),
  );
}

function goldCard(value) {
  const spots = {
    1: [[30, 42]],
    2: [
      [30, 32],
      [30, 54],
    ],
    3: [
      [30, 27],
      [30, 43],
      [30, 59],
    ],
  }[value];
  return s(
    "g",
    {},
    frame("url(#sab-nugget)", "#7a5200"),
    s("rect", { x: 5, y: 5, width: 50, height: 74, rx: 3, fill: "none", stroke: "#7a5200", opacity: 0.5 }),
    spots.map(([cx, cy]) =>
      s("circle", { cx, cy, r: 7, fill: "#fff3b0", stroke: "#7a5200", "stroke-width": 1.6 }),
    ),
    s(
      "text",
      { x: 50, y: 16, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#4a3200" },
      String(value),
    ),
  );
}

/**
 * The picture of a card as an SVG group in a 60 x 84 box.
 *   {kind: "path", shape}            a tunnel card lying as `shape` ("NES", "xNS")
 *   {kind: "start", colour}          the start card with its ladder (a Duel's: its colour)
 *   {kind: "goal", card, shape}      a goal face up, lying as `shape` (a Duel's goal: its
 *                                    card is its printed code, gold on it if it has any)
 *   {kind: "back", known}            a goal face down; `known` if this seat mapped it
 *   {kind: "action", code}           an action card
 *   {kind: "gold", value}            a gold card of 1, 2 or 3 nuggets
 */
export function cardArt(spec) {
  ensureDefs();
  switch (spec.kind) {
    case "path":
      return s("g", {}, frame("url(#sab-earth)"), specks(), tunnels(spec.shape, EARTH));
    case "start":
      return s(
        "g",
        {},
        frame("url(#sab-start)", "#1c1006"),
        specks(),
        tunnels("NESW", EARTH),
        ladder(),
        spec.colour ? startColour(spec.colour) : null,
      );
    case "goal":
      if (isDuelFace(spec.card) || !["gold", "stone-NE", "stone-NW"].includes(spec.card)) return duelGoal(spec.shape);
      return spec.card === "gold"
        ? s("g", {}, frame("url(#sab-goldcard)", "#6b4500"), tunnels(spec.shape, GOLD_TUNNEL), nuggetHeap())
        : s("g", {}, frame("url(#sab-earth)"), specks(), tunnels(spec.shape, STONE_TUNNEL), stone());
    case "back":
      return goalBack(spec.known);
    case "action":
      return actionCard(spec.code);
    case "gold":
      return goldCard(spec.value);
    default:
      throw new Error(`no art for ${spec.kind}`);
  }
}

/** A Duel goal face up: gold-coloured where it holds nuggets, stone-grey where it holds none. */
function duelGoal(shape) {
  if (duelNuggets(shape)) return s("g", {}, frame("url(#sab-goldcard)", "#6b4500"), tunnels(shape, GOLD_TUNNEL));
  return s("g", {}, frame("url(#sab-earth)"), specks(), tunnels(shape, STONE_TUNNEL));
}

/** A card picture as a standalone <svg>, labelled for screen readers (hidden without a label). */
export function cardSvg(spec, label, { width = CARD_W, height = CARD_H } = {}) {
  return s(
    "svg",
    {
      viewBox: `0 0 ${CARD_W} ${CARD_H}`,
      width,
      height,
      class: "card-svg",
      role: label ? "img" : null,
      "aria-label": label || null,
      "aria-hidden": label ? null : "true",
      focusable: "false",
    },
    cardArt(spec),
  );
}
