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
