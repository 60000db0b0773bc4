// Small pictures of the three tools, the map and the rockfall, drawn in a 24 x 24 box.

import { s } from "./dom.js";

const INK = "#33302b";

const TOOL_ART = {
  pick: () => [
    s("path", { d: "M4 20 L16 8", stroke: "#8a5a2b", "stroke-width": 2.8, "stroke-linecap": "round" }),
    s("path", {
      d: "M7 4 Q20 4 20 17",
      fill: "none",
      stroke: "#6f7880",
      "stroke-width": 3.2,
      "stroke-linecap": "round",
    }),
  ],
  lamp: () => [
    s("path", { d: "M9 6 Q12 1.5 15 6", fill: "none", stroke: INK, "stroke-width": 1.5 }),
    s("rect", { x: 7, y: 6, width: 10, height: 3, rx: 1, fill: INK }),
    s("rect", { x: 8, y: 9, width: 8, height: 9, rx: 2, fill: "#ffd95e", stroke: INK, "stroke-width": 1.4 }),
    s("rect", { x: 6.5, y: 18, width: 11, height: 3, rx: 1, fill: INK }),
  ],
  cart: () => [
    s("path", {
      d: "M3 7 H21 L18.5 15 H5.5 Z",
      fill: "#8d8f93",
      stroke: INK,
      "stroke-width": 1.4,
      "stroke-linejoin": "round",
    }),
    s("circle", { cx: 8, cy: 18.5, r: 2.6, fill: INK }),
    s("circle", { cx: 16, cy: 18.5, r: 2.6, fill: INK }),
  ],
};

/** A tool's picture; `broken` crosses it out in red. */
export function toolIcon(tool, { broken = false } = {}) {
  const group = s("g", { class: `tool-icon tool-${tool}` }, TOOL_ART[tool]());
  if (broken) {
    group.append(
      s("line", {
        x1: 3,
        y1: 21,
        x2: 21,
        y2: 3,
        stroke: "#fff",
        "stroke-width": 5,
        "stroke-linecap": "round",
      }),
      s("line", {
        x1: 3,
        y1: 21,
        x2: 21,
        y2: 3,
        stroke: "#c0392b",
        "stroke-width": 3,
        "stroke-linecap": "round",
      }),
    );
  }
  return group;
}

export function mapIcon() {
  return s(
    "g",
    { class: "map-icon" },
    s("path", {
      d: "M3 6 L9 4 L15 6 L21 4 V18 L15 20 L9 18 L3 20 Z",
      fill: "#f5e6b8",
      stroke: "#7a5a2a",
      "stroke-width": 1.3,
      "stroke-linejoin": "round",
    }),
    s("path", {
      d: "M6 16 Q9 10 12 13 T18 8",
      fill: "none",
      stroke: "#7a5a2a",
      "stroke-width": 1.2,
      "stroke-dasharray": "1.6 1.4",
    }),
    s("path", {
      d: "M16.5 6.5 L19.5 9.5 M19.5 6.5 L16.5 9.5",
      stroke: "#c0392b",
      "stroke-width": 1.6,
      "stroke-linecap": "round",
    }),
  );
}

export function rockfallIcon() {
  const rock = (points) =>
    s("polygon", { points, fill: "#8b8580", stroke: INK, "stroke-width": 1.2, "stroke-linejoin": "round" });
  return s(
    "g",
    { class: "rockfall-icon" },
    rock("4,6 8,3 12,5 11,9 6,10"),
    rock("13,4 18,3 20,7 16,9 13,8"),
    rock("7,14 12,12 17,14 18,19 12,21 6,19"),
    s("path", {
      d: "M21 11 V17 M19 15 L21 17.5 L23 15",
      fill: "none",
      stroke: "#c0392b",
      "stroke-width": 1.4,
      "stroke-linecap": "round",
    }),
  );
}

/** An SVG element holding one icon at the given pixel size. */
export function iconSvg(icon, size, label) {
  return s(
    "svg",
    {
      viewBox: "0 0 24 24",
      width: size,
      height: size,
      class: "icon",
      role: label ? "img" : null,
      "aria-label": label || null,
      "aria-hidden": label ? null : "true",
    },
    icon,
  );
}

// Saboteur 2's action cards, in the same 24 x 24 box.

function sack() {
  return [
    s("path", {
      d: "M8 7 Q5 12 5 16 Q5 21 12 21 Q19 21 19 16 Q19 12 16 7 Z",
      fill: "#b58a57",
      stroke: INK,
      "stroke-width": 1.3,
      "stroke-linejoin": "round",
    }),
    s("path", { d: "M8 7 L10 4 H14 L16 7", fill: "#9a7246", stroke: INK, "stroke-width": 1.2 }),
    s("circle", { cx: 12, cy: 15, r: 3.4, fill: "#ffd24a", stroke: "#8a5d0a", "stroke-width": 1 }),
  ];
}

function cardShape(x, y, fill) {
  return s("rect", { x, y, width: 8, height: 11, rx: 1.2, fill, stroke: INK, "stroke-width": 1.2 });
}

function hood(fill) {
  return [
    s("path", { d: "M5 17 Q7 5 13 3 Q14 9 19 17 Z", fill, stroke: INK, "stroke-width": 1.3, "stroke-linejoin": "round" }),
    s("rect", { x: 4, y: 16.5, width: 16, height: 3, rx: 1.2, fill: "#e9dcc0", stroke: INK, "stroke-width": 1 }),
  ];
}

function cage() {
  return [
    s("path", { d: "M5 21 V9 Q12 2 19 9 V21 Z", fill: "#d9d2c5", stroke: INK, "stroke-width": 1.4 }),
    [9, 12, 15].map((x) => s("line", { x1: x, y1: 6.5, x2: x, y2: 21, stroke: INK, "stroke-width": 1.3 })),
    s("line", { x1: 5, y1: 14, x2: 19, y2: 14, stroke: INK, "stroke-width": 1.1 }),
  ];
}

const NEW_ACTION_ART = {
  theft: () => [
    ...sack(),
    s("path", { d: "M2 10 L6 12 M3 5 L7 8", stroke: "#b8651b", "stroke-width": 1.6, "stroke-linecap": "round" }),
  ],
  "hands-off": () => [
    ...sack(),
    s("circle", { cx: 12, cy: 12, r: 10, fill: "none", stroke: "#c0392b", "stroke-width": 2.4 }),
    s("line", { x1: 5, y1: 19, x2: 19, y2: 5, stroke: "#c0392b", "stroke-width": 2.4 }),
  ],
  "swap-hand": () => [
    cardShape(2, 7, "#e4c690"),
    cardShape(14, 7, "#f5e6b8"),
    s("path", { d: "M7 5 Q12 0 17 5 M15 2.5 L17 5 L14 6", fill: "none", stroke: "#6d4a9c", "stroke-width": 1.5 }),
    s("path", { d: "M17 20 Q12 24 7 20 M9 22.5 L7 20 L10 19", fill: "none", stroke: "#6d4a9c", "stroke-width": 1.5 }),
  ],
  inspection: () => [
    ...hood("#7d8a96"),
    s("circle", { cx: 14, cy: 10, r: 5.5, fill: "#dff0ff", "fill-opacity": 0.6, stroke: INK, "stroke-width": 1.8 }),
    s("line", { x1: 18, y1: 14, x2: 22, y2: 19, stroke: INK, "stroke-width": 2.6, "stroke-linecap": "round" }),
  ],
  "swap-hats": () => [
    ...hood("#6d4a9c"),
    s("path", { d: "M19 3 Q23 6 21 10 M21 10 L18.5 8.5 M21 10 L22.5 7.5", fill: "none", stroke: "#3f7d4e", "stroke-width": 1.5, "stroke-linecap": "round" }),
  ],
  trapped: () => [
    ...cage(),
    s("circle", { cx: 12, cy: 17, r: 2.4, fill: "#c0392b" }),
  ],
  "free-at-last": () => [
    ...cage(),
    s("path", { d: "M9 15 L12 18 L20 8", fill: "none", stroke: "#3f7d4e", "stroke-width": 3, "stroke-linecap": "round", "stroke-linejoin": "round" }),
  ],
};

/** The picture of a Saboteur 2 action card (theft, hands-off, swap-hand, inspection,
 * swap-hats, trapped, free-at-last). */
export function newActionIcon(code) {
  return s("g", { class: `action-icon action-${code}` }, NEW_ACTION_ART[code]());
}

/** A small mark of what lies in front of a seat: its theft, or its trap. */
export function frontIcon(kind) {
  return newActionIcon(kind === "theft" ? "theft" : "trapped");
}
