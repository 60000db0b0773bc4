// The Duel's pictures on top of the tunnels (rules-duel.md 1.2): doors by colour
// and a troll on the side they bar, coloured ladders, nuggets on the group they
// lie on; the key card; and the tokens of the maze: dwarf counters (gold claimed,
// trolls bribed) and keys, in their owner's colour with an initial for those who
// cannot tell colours.

import { s } from "./dom.js";
import { t } from "./i18n.js";

export const DUEL_COLOURS = { green: "#1f8f46", blue: "#2563c9" };
const COLOUR_OF_SEAT = ["green", "blue"];

/** Where a marker on side D sits: between the card's middle and that side. */
const NEAR = { N: [30, 14], E: [48, 42], S: [30, 70], W: [12, 42] };
/** Where the nuggets of a stub sit: at its open end. */
const STUB_END = { N: [30, 8], E: [54, 42], S: [30, 76], W: [6, 42] };

const initial = (colour) => (colour === "blue" ? t("cards.art_door_blue") : t("cards.art_door_green"));

/** A small door on the tunnel at its side, in its colour, with its initial. */
function sideDoor({ colour, side }) {
  const [x, y] = NEAR[side];
  return s(
    "g",
    { class: `door door-${colour}`, transform: `translate(${x} ${y})` },
    s("path", { d: "M-7 8 V-2 Q-7 -8 0 -8 Q7 -8 7 -2 V8 Z", fill: DUEL_COLOURS[colour], stroke: "#111", "stroke-width": 1.6 }),
    s("text", { x: 0, y: 5, "text-anchor": "middle", "font-size": 9, "font-weight": 700, fill: "#fff" }, initial(colour)),
  );
}

/** A troll's head on the side it bars: grey-green, with tusks. */
function troll(side) {
  const [x, y] = NEAR[side];
  return s(
    "g",
    { class: "troll", transform: `translate(${x} ${y})` },
    s("circle", { cx: 0, cy: 0, r: 8.5, fill: "#6f8a4a", stroke: "#1b2610", "stroke-width": 1.6 }),
    s("circle", { cx: -3, cy: -2, r: 1.6, fill: "#f6e05e" }),
    s("circle", { cx: 3, cy: -2, r: 1.6, fill: "#f6e05e" }),
    s("path", { d: "M-4 3 L-3 6 L-2 3 M2 3 L3 6 L4 3", fill: "#fffbe6", stroke: "#1b2610", "stroke-width": 0.8 }),
  );
}

/** A ladder's colour: a frame round it and its initial. */
function ladderColour(colour) {
  return s(
    "g",
    { class: `ladder-colour ladder-${colour}` },
    s("rect", { x: 21, y: 26, width: 18, height: 32, rx: 3, fill: "none", stroke: DUEL_COLOURS[colour], "stroke-width": 3 }),
    s("circle", { cx: 45, cy: 24, r: 6, fill: DUEL_COLOURS[colour], stroke: "#111", "stroke-width": 1.2 }),
    s("text", { x: 45, y: 27.5, "text-anchor": "middle", "font-size": 9, "font-weight": 700, fill: "#fff" }, initial(colour)),
  );
}

/** One to three nuggets at a point. */
function nuggets(count, [x, y]) {
  const spots = [[0, 0], [-5, 3], [5, 3]].slice(0, count);
  return s(
    "g",
    { class: "nuggets", "data-nuggets": count },
    spots.map(([dx, dy]) =>
      s("circle", { cx: x + dx, cy: y + dy, r: 4, fill: "url(#sab-nugget)", stroke: "#8a5d0a", "stroke-width": 1.2 }),
    ),
  );
}

/** Where a gold marker's nuggets lie: on a stub's end, or on its tunnel (the middle
 * of a card with one tunnel, the way towards its first side on a card with two). */
function goldSpot(face, side) {
  if (face.stubs.includes(side)) return STUB_END[side];
  if (face.tunnels.length < 2) return [30, 48];
  const [x, y] = NEAR[side];
  return [(x + 30) / 2, (y + 42) / 2];
}

/** Everything the Duel adds on a face (parseFace's doors, troll, ladder colour, gold). */
export function duelMarkerArt(face) {
  return s(
    "g",
    { class: "duel-markers" },
    face.ladderColour ? ladderColour(face.ladderColour) : null,
    face.gold.map((marker) => nuggets(marker.count, goldSpot(face, marker.side))),
    face.doors.map(sideDoor),
    face.troll ? troll(face.troll) : null,
  );
}

/** A start card's colour: a band across its top with the colour's initial. */
export function startColour(colour) {
  return s(
    "g",
    { class: `start-colour start-${colour}` },
    s("rect", { x: 3, y: 3, width: 54, height: 10, rx: 3, fill: DUEL_COLOURS[colour], stroke: "#111", "stroke-width": 1 }),
    s("text", { x: 30, y: 11.5, "text-anchor": "middle", "font-size": 8, "font-weight": 700, fill: "#fff" }, initial(colour)),
  );
}

/** A key, drawn in a 24 x 24 box. */
export function keyIcon(fill = "#d9a521") {
  return s(
    "g",
    { class: "key-icon" },
    s("circle", { cx: 7, cy: 12, r: 5, fill: "none", stroke: fill, "stroke-width": 3 }),
    s("path", { d: "M12 12 H22 M18 12 V16 M21 12 V15", fill: "none", stroke: fill, "stroke-width": 3, "stroke-linecap": "round" }),
  );
}

/** A dwarf counter: a disc in the seat's colour with its initial. */
function counter(seat, x, y, r = 6.5) {
  const colour = COLOUR_OF_SEAT[seat];
  return s(
    "g",
    { class: `counter counter-${colour}`, "data-seat": seat },
    s("circle", { cx: x, cy: y, r, fill: DUEL_COLOURS[colour], stroke: "#fff", "stroke-width": 1.6 }),
    s("text", { x, y: y + 3, "text-anchor": "middle", "font-size": 8, "font-weight": 700, fill: "#fff" }, initial(colour)),
  );
}

/** The tokens lying on the card at one cell (the observation's `duel` tokens). */
export function tokensAt(tokens, cell, face) {
  const here = (entry) => entry.x === cell.x && entry.y === cell.y;
  const group = s("g", { class: "tokens" });
  const claim = tokens.claims.find(here);
  if (claim) group.append(s("g", { class: "claim", "data-testid": `claim-${cell.x},${cell.y}` }, counter(claim.seat, 10, 74)));
  const bribe = tokens.bribes.find(here);
  if (bribe && face.troll) {
    const [x, y] = NEAR[face.troll];
    bribe.seats.forEach((seat, index) =>
      group.append(s("g", { class: "bribe", "data-testid": `bribe-${cell.x},${cell.y}-${seat}` }, counter(seat, x + 9 - index * 18, y - 8, 5))),
    );
  }
  const key = tokens.keys.find(here);
  if (key) {
    const colour = DUEL_COLOURS[COLOUR_OF_SEAT[key.seat]];
    group.append(
      s(
        "g",
        { class: "key-token", "data-testid": `key-${cell.x},${cell.y}`, transform: "translate(36 64) scale(0.85)" },
        s("rect", { x: -1, y: 4, width: 26, height: 16, rx: 4, fill: "#fff8e0", stroke: colour, "stroke-width": 2 }),
        keyIcon(colour),
      ),
    );
  }
  return group;
}
