// Card codes and their words (rules.md section 1): what a card is, said plainly.
// Only what drawing and naming a card need lives here: legality, and which hand
// card a move plays, always come from the server. The words come from the
// catalogue (locales/<lang>/cards.json).

import { capitalised, joinSeries, t, tn } from "./i18n.js";
import { DUEL_STARTS, duelMarkers, isDuelFace, turnedDuelCode } from "./cards_duel.js";

export const SIDES = ["N", "E", "S", "W"];
export const TOOLS = ["pick", "lamp", "cart"];
export const GOAL_NAMES = ["gold", "stone-NE", "stone-NW"];
const SIDE_WORDS = { N: t("cards.side_north"), E: t("cards.side_east"), S: t("cards.side_south"), W: t("cards.side_west") };
const OPPOSITE = { N: "S", E: "W", S: "N", W: "E" };

// A path card's code (rules-saboteur2.md 1.2): `<group>[+<group>...][/<marker>...]`.
// A group without "x" is one tunnel through the middle; an "x" group is stubs
// (each side leads only to its neighbour); markers are a door, a ladder, a crystal.
// The base game's codes ("NES", "xNS") are the simplest of these.
// The Duel's markers name their side ("door-green@S", "troll@E", "gold2@N") and its
// ladders their colour (cards_duel.js).
const PATH_CODE =
  /^x?[NESW]+(\+x?[NESW]+)*(\/(door-(blue|green)(@[NESW])?|ladder(-(green|blue))?|crystal|troll@[NESW]|gold[123]@[NESW]))*$/;
const MARKER_ORDER = ["door-blue", "door-green", "ladder", "crystal"];

/** Whether a code is a path card's face ("NES", "xNS", "NS+EW", "N/ladder"), not an action card. */
export function isPathCode(code) {
  return typeof code === "string" && PATH_CODE.test(code);
}

/**
 * What a path face is made of: {tunnels: [["N","S"], ...], stubs: ["N"], door: ""|"blue"|"green",
 * ladder, crystal}. Only for drawing and naming: which moves are legal is the server's.
 */
export function parseFace(code) {
  const [head, ...markers] = code.split("/");
  const face = { tunnels: [], stubs: [], door: "", ladder: false, crystal: false, ...duelMarkers(code) };
  for (const group of head.split("+")) {
    if (group.startsWith("x")) face.stubs.push(...openSides(group));
    else face.tunnels.push(openSides(group));
  }
  for (const marker of markers) {
    if (marker.startsWith("door-") && !marker.includes("@")) face.door = marker.slice(5);
    else if (marker.startsWith("ladder")) face.ladder = true;
    else if (marker === "crystal") face.crystal = true;
  }
  return face;
}

/** A base game's face: one tunnel or a dead end, no marker (drawn and named as always). */
export function isBaseFace(code) {
  return /^x?N?E?S?W?$/.test(code);
}

export function isDeadEnd(code) {
  return parseFace(code).tunnels.length === 0;
}

export function openSides(code) {
  const head = code.split("/")[0];
  return SIDES.filter((side) => head.includes(side));
}

const turnSides = (sides) => SIDES.filter((side) => sides.some((each) => OPPOSITE[each] === side));

/** The face after a 180° turn: N<->S and E<->W in every group, the markers stay
 * ("NES" -> "NSW", "xN" -> "xS", "EW+xN/door-green" -> "EW+xS/door-green"). */
export function turnedCode(code) {
  if (isDuelFace(code)) return turnedDuelCode(code);
  const face = parseFace(code);
  const tunnels = face.tunnels.map(turnSides).sort((a, b) => SIDES.indexOf(a[0]) - SIDES.indexOf(b[0]));
  const groups = tunnels.map((sides) => sides.join(""));
  if (face.stubs.length) groups.push("x" + turnSides(face.stubs).join(""));
  const markers = MARKER_ORDER.filter((marker) => code.split("/").slice(1).includes(marker));
  return [groups.join("+"), ...markers].join("/");
}

/** What kind of path card a face is: "tunnel", "dead_end", "bridge", "double_curve",
 * "ladder", "door_blue", "door_green" or "crystal" (a word of the catalogue's keys). */
export function pathKind(code) {
  const face = parseFace(code);
  if (face.ladderColour) return `ladder_${face.ladderColour}`;
  if (face.ladder) return "ladder";
  if (face.troll) return "troll";
  if (face.doors.length) return `door_${face.doors[0].colour}`;
  if (face.door) return `door_${face.door}`;
  if (face.crystal) return "crystal";
  if (face.tunnels.length === 2) {
    const crossing = face.tunnels.every((sides) => sides.join("") === "NS" || sides.join("") === "EW");
    return crossing ? "bridge" : "double_curve";
  }
  return face.tunnels.length ? "tunnel" : "dead_end";
}

/** "north, east, south" */
const sideList = (sides) => joinSeries(sides.map((side) => SIDE_WORDS[side]));

/** A Saboteur 2 face in words: "bridge: two tunnels that do not meet, open north, south
 * and open east, west"; "blue door: …; the route through it is closed to the green team". */
function describeNewFace(code) {
  return t("cards.describe_face", { name: shortName(code), details: faceDetails(code) });
}

/** What a face is made of, group by group and marker by marker, in words. */
function faceDetails(code) {
  const face = parseFace(code);
  const kind = pathKind(code);
  const parts = [];
  if (face.tunnels.length === 2) {
    const [first, second] = face.tunnels.map(sideList);
    parts.push(t("cards.face_two_tunnels", { first, second }));
  } else if (face.tunnels.length === 1) {
    parts.push(t("cards.face_tunnel", { sides: sideList(face.tunnels[0]) }));
  }
  if (face.stubs.length) {
    const sides = sideList(face.stubs);
    const joined = face.tunnels.length > 0;
    if (face.stubs.length > 1)
      parts.push(joined ? t("cards.face_dead_ends_apart", { sides }) : t("cards.face_dead_ends", { sides }));
    else parts.push(joined ? t("cards.face_dead_end_apart", { sides }) : t("cards.face_dead_end", { sides }));
  }
  if (face.ladder && !face.ladderColour) parts.push(t("cards.face_ladder"));
  if (face.door === "blue") parts.push(t("cards.face_door_blue"));
  if (face.door === "green") parts.push(t("cards.face_door_green"));
  if (face.crystal && kind !== "crystal") parts.push(t("cards.face_with_crystal"));
  if (face.crystal) parts.push(t("cards.face_crystal"));
  parts.push(...duelDetails(face));
  return parts.join("; ");
}

/** The Duel's markers in words: its doors and troll by side, its ladder's colour, its gold. */
function duelDetails(face) {
  const parts = face.doors.map(({ colour, side }) => t(`cards.face_door_${colour}_at`, { side: SIDE_WORDS[side] }));
  if (face.troll) parts.push(t("cards.face_troll_at", { side: SIDE_WORDS[face.troll] }));
  if (face.ladderColour) parts.push(t(`cards.face_ladder_${face.ladderColour}`));
  const nuggets = face.gold.reduce((sum, marker) => sum + marker.count, 0);
  if (nuggets) parts.push(tn("cards.face_gold", nuggets));
  return parts;
}

/** The sides' letters as the language writes the compass (Italian "O" for west). */
const LETTERS = {
  N: t("cards.letter_north"),
  E: t("cards.letter_east"),
  S: t("cards.letter_south"),
  W: t("cards.letter_west"),
};

/** A path card's openings in compass letters, for sentences: "N E W"; a Saboteur 2
 * face group by group ("N S + E W", "E W + dead end S"), its door or ladder being in
 * the card's name already. */
export function faceLetters(code) {
  const letters = (sides) => sides.map((side) => LETTERS[side]).join(" ");
  if (isBaseFace(code)) return letters(openSides(code));
  return code
    .split("/")[0]
    .split("+")
    .map((group) => {
      const sides = letters(SIDES.filter((side) => group.includes(side)));
      return group.startsWith("x") ? t("cards.letters_dead_end", { sides }) : sides;
    })
    .join(" + ");
}

/** "open north, east, south" */
export function sidesText(code) {
  return t("cards.open_sides", { sides: sideList(openSides(code)) });
}

/** What an action card is and does, for screen readers and tooltips. */
const ACTION_DESCRIPTIONS = {
  "break-pick": t("cards.describe_break_pick"),
  "break-lamp": t("cards.describe_break_lamp"),
  "break-cart": t("cards.describe_break_cart"),
  "fix-pick": t("cards.describe_fix_pick"),
  "fix-lamp": t("cards.describe_fix_lamp"),
  "fix-cart": t("cards.describe_fix_cart"),
  "fix-pick-lamp": t("cards.describe_fix_pick_lamp"),
  "fix-pick-cart": t("cards.describe_fix_pick_cart"),
  "fix-lamp-cart": t("cards.describe_fix_lamp_cart"),
  map: t("cards.describe_map"),
  rockfall: t("cards.describe_rockfall"),
  key: t("cards.describe_key"),
  theft: t("cards.describe_theft"),
  "hands-off": t("cards.describe_hands_off"),
  "swap-hand": t("cards.describe_swap_hand"),
  inspection: t("cards.describe_inspection"),
  "swap-hats": t("cards.describe_swap_hats"),
  trapped: t("cards.describe_trapped"),
  "free-at-last": t("cards.describe_free_at_last"),
};

/** The full text label of a card, for screen readers and tooltips. */
export function describeCard(code, { goal = false } = {}) {
  if (goal) return t("cards.describe_duel_goal", { details: faceDetails(code) });
  if (isPathCode(code)) {
    if (!isBaseFace(code)) return describeNewFace(code);
    const sides = sideList(openSides(code));
    return isDeadEnd(code) ? t("cards.describe_dead_end", { sides }) : t("cards.describe_path", { sides });
  }
  if (code === "start") return t("cards.describe_start");
  if (DUEL_STARTS.includes(code)) return t(`cards.describe_${code.replace("-", "_")}`);
  if (code === "gold") return t("cards.describe_goal_gold");
  if (code.startsWith("stone-")) return t("cards.describe_goal_stone");
  if (ACTION_DESCRIPTIONS[code]) return ACTION_DESCRIPTIONS[code];
  return t("cards.describe_unknown", { code });
}

/** The short visible names: of path cards by their kind (pathKind), of action cards by code. */
const NAMES = {
  tunnel: t("cards.name_tunnel"),
  dead_end: t("cards.name_dead_end"),
  bridge: t("cards.name_bridge"),
  double_curve: t("cards.name_double_curve"),
  ladder: t("cards.name_ladder"),
  door_blue: t("cards.name_door_blue"),
  door_green: t("cards.name_door_green"),
  crystal: t("cards.name_crystal"),
  troll: t("cards.name_troll"),
  ladder_green: t("cards.name_ladder_green"),
  ladder_blue: t("cards.name_ladder_blue"),
  key: t("cards.name_key"),
  "break-pick": t("cards.name_break_pick"),
  "break-lamp": t("cards.name_break_lamp"),
  "break-cart": t("cards.name_break_cart"),
  "fix-pick": t("cards.name_fix_pick"),
  "fix-lamp": t("cards.name_fix_lamp"),
  "fix-cart": t("cards.name_fix_cart"),
  "fix-pick-lamp": t("cards.name_fix_pick_lamp"),
  "fix-pick-cart": t("cards.name_fix_pick_cart"),
  "fix-lamp-cart": t("cards.name_fix_lamp_cart"),
  map: t("cards.name_map"),
  rockfall: t("cards.name_rockfall"),
  theft: t("cards.name_theft"),
  "hands-off": t("cards.name_hands_off"),
  "swap-hand": t("cards.name_swap_hand"),
  inspection: t("cards.name_inspection"),
  "swap-hats": t("cards.name_swap_hats"),
  trapped: t("cards.name_trapped"),
  "free-at-last": t("cards.name_free_at_last"),
};

/** A short visible name, as a sentence holds it: "Tunnel", "Dead end" (Slovak "mapa"). */
export function shortName(code) {
  return NAMES[isPathCode(code) ? pathKind(code) : code] || code;
}

/** A card's name standing alone, as under a card in the hand or on the rules page: "Map".
 * The catalogues write names as they go inside a sentence ("odhodil(a) kartu: mapa"). */
export function cardLabel(code) {
  return capitalised(shortName(code));
}

/** What a goal card is, as a key's word: "gold" or "stone". */
export function goalKind(card) {
  return card === "gold" ? "gold" : "stone";
}

/** What a goal card is, in a word: "gold" or "stone". */
export function goalName(card) {
  return card === "gold" ? t("cards.goal_gold") : t("cards.goal_stone");
}

/** "1 nugget", "3 nuggets" */
export function nuggetsText(value) {
  return tn("cards.nuggets", value);
}

/** Saboteur 2's gold: "1 gold piece", "3 gold pieces". */
export function piecesText(value) {
  return tn("cards.gold_pieces", value);
}

/** Saboteur 2's dwarf cards and the base game's roles, as the table names them. */
export const ROLE_WORDS = {
  miner: t("cards.role_miner"),
  saboteur: t("cards.role_saboteur"),
  green: t("cards.role_green"),
  blue: t("cards.role_blue"),
  boss: t("cards.role_boss"),
  profiteer: t("cards.role_profiteer"),
  geologist: t("cards.role_geologist"),
};

/** A role as a word standing alone after a colon: "a gold-miner" (languages without
 * articles write the bare word). */
export const A_ROLE_WORDS = {
  miner: t("cards.a_role_miner"),
  saboteur: t("cards.a_role_saboteur"),
  green: t("cards.a_role_green"),
  blue: t("cards.a_role_blue"),
  boss: t("cards.a_role_boss"),
  profiteer: t("cards.a_role_profiteer"),
  geologist: t("cards.a_role_geologist"),
};

/** What lies in front of a seat, as a key's word: "broken_pick", "trap", "theft". */
export function frontKind(front) {
  if (front.startsWith("break-")) return `broken_${front.slice(6)}`;
  return { trapped: "trap", theft: "theft" }[front] || front;
}
