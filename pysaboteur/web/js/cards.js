// Card codes and their words (rules.md section 1): what a card is, said plainly.
// Only what drawing and naming a card need lives here: legality, and which hand
// card a move plays, always come from the server.

export const SIDES = ["N", "E", "S", "W"];
export const TOOLS = ["pick", "lamp", "cart"];
export const GOAL_NAMES = ["gold", "stone-NE", "stone-NW"];
const SIDE_WORDS = { N: "north", E: "east", S: "south", W: "west" };
const OPPOSITE = { N: "S", E: "W", S: "N", W: "E" };

// A path card's code (rules-saboteur2.md 1.2): `<group>[+<group>...][/<marker>...]`.
// A group without "x" is one tunnel through the middle; an "x" group is stubs
// (each side leads only to its neighbour); markers are a door, a ladder, a crystal.
// The base game's codes ("NES", "xNS") are the simplest of these.
const PATH_CODE = /^x?[NESW]+(\+x?[NESW]+)*(\/(door-blue|door-green|ladder|crystal))*$/;
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
  const face = { tunnels: [], stubs: [], door: "", ladder: false, crystal: false };
  for (const group of head.split("+")) {
    if (group.startsWith("x")) face.stubs.push(...openSides(group));
    else face.tunnels.push(openSides(group));
  }
  for (const marker of markers) {
    if (marker.startsWith("door-")) face.door = marker.slice(5);
    else if (marker === "ladder") face.ladder = true;
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
  const face = parseFace(code);
  const tunnels = face.tunnels.map(turnSides).sort((a, b) => SIDES.indexOf(a[0]) - SIDES.indexOf(b[0]));
  const groups = tunnels.map((sides) => sides.join(""));
  if (face.stubs.length) groups.push("x" + turnSides(face.stubs).join(""));
  const markers = MARKER_ORDER.filter((marker) => code.split("/").slice(1).includes(marker));
  return [groups.join("+"), ...markers].join("/");
}

/** What kind of path card a face is: "tunnel", "dead end", "bridge", "double curve",
 * "ladder", "blue door", "green door" or "crystal". */
export function pathKind(code) {
  const face = parseFace(code);
  if (face.ladder) return "ladder";
  if (face.door) return `${face.door} door`;
  if (face.crystal) return "crystal";
  if (face.tunnels.length === 2) {
    const crossing = face.tunnels.every((sides) => sides.join("") === "NS" || sides.join("") === "EW");
    return crossing ? "bridge" : "double curve";
  }
  return face.tunnels.length ? "tunnel" : "dead end";
}

const sideList = (sides) => sides.map((side) => SIDE_WORDS[side]).join(", ");

/** A Saboteur 2 face in words: "bridge: two tunnels that do not meet, open north, south
 * and open east, west"; "blue door: …; the route through it is closed to the green team". */
function describeNewFace(code) {
  const face = parseFace(code);
  const kind = pathKind(code);
  const parts = [];
  if (face.tunnels.length === 2) {
    parts.push(`two tunnels that do not meet, ${face.tunnels.map((t) => "open " + sideList(t)).join(" and ")}`);
  } else if (face.tunnels.length === 1) {
    parts.push(`tunnel open ${sideList(face.tunnels[0])}`);
  }
  if (face.stubs.length) {
    const many = face.stubs.length > 1;
    parts.push(`${many ? "dead ends" : "a dead end"} to the ${sideList(face.stubs)}${face.tunnels.length ? ", not joined to the tunnel" : ""}`);
  }
  if (face.ladder) parts.push("the ladder joins it to the start wherever it lies");
  if (face.door) {
    const other = face.door === "blue" ? "green" : "blue";
    parts.push(`the route through the door is closed to the ${other} team`);
  }
  if (face.crystal && kind !== "crystal") parts.push("a crystal");
  if (face.crystal) parts.push("its crystal pays the geologists");
  return `path card: ${kind}: ${parts.join("; ")}`;
}

/** "open north, east, south" */
export function sidesText(code) {
  return (
    "open " +
    openSides(code)
      .map((side) => SIDE_WORDS[side])
      .join(", ")
  );
}

function toolsOf(code) {
  return code.split("-").slice(1);
}

/** The full text label of a card, for screen readers and tooltips. */
export function describeCard(code) {
  if (isPathCode(code)) {
    if (!isBaseFace(code)) return describeNewFace(code);
    return `path card: ${sidesText(code)}${isDeadEnd(code) ? "; dead end" : ""}`;
  }
  if (code === "start") return "start card: the ladder, open north, east, south, west";
  if (code === "gold") return "goal card: gold";
  if (code.startsWith("stone-")) return "goal card: stone";
  if (code.startsWith("break-")) return `action card: broken ${toolsOf(code)[0]}`;
  if (code.startsWith("fix-")) return `action card: repair ${toolsOf(code).join(" or ")}`;
  if (code === "map") return "action card: map, look at one goal card";
  if (code === "rockfall") return "action card: rockfall, remove one tunnel card";
  if (ACTION_WORDS[code]) return `action card: ${ACTION_WORDS[code][0].toLowerCase()}, ${ACTION_WORDS[code][1]}`;
  return `card ${code}`;
}

/** Saboteur 2's action cards: [short name, what it does]. */
export const ACTION_WORDS = {
  theft: ["Theft", "played in front of yourself: steal 1 gold piece at the end of the round"],
  "hands-off": ["Stop thief", "remove a theft lying in front of a player"],
  "swap-hand": ["Swap hands", "exchange your hand with another player's"],
  inspection: ["Inspection", "look at another player's dwarf card"],
  "swap-hats": ["New hat", "a player lays their dwarf card aside and takes a new one"],
  trapped: ["Trapped", "another player may not place path cards and gets no gold while trapped"],
  "free-at-last": ["Free at last", "free a trapped player"],
};

/** A short visible name: "Tunnel", "Dead end", "Break lamp", "Repair pick / lamp". */
export function shortName(code) {
  if (isPathCode(code)) return capitalisedWord(pathKind(code));
  if (ACTION_WORDS[code]) return ACTION_WORDS[code][0];
  if (code.startsWith("break-")) return `Break ${toolsOf(code)[0]}`;
  if (code.startsWith("fix-")) return `Repair ${toolsOf(code).join(" / ")}`;
  if (code === "map") return "Map";
  if (code === "rockfall") return "Rockfall";
  return code;
}

function capitalisedWord(text) {
  return text[0].toUpperCase() + text.slice(1);
}

/** What a goal card is, in a word: "gold" or "stone". */
export function goalKind(card) {
  return card === "gold" ? "gold" : "stone";
}

export function nuggetsText(value) {
  return `${value} nugget${value === 1 ? "" : "s"}`;
}

/** Saboteur 2's gold: "1 gold piece", "3 gold pieces". */
export function piecesText(value) {
  return `${value} gold piece${value === 1 ? "" : "s"}`;
}

/** Saboteur 2's dwarf cards and the base game's roles, as the table names them. */
export const ROLE_WORDS = {
  miner: "gold-miner",
  saboteur: "saboteur",
  green: "green gold-digger",
  blue: "blue gold-digger",
  boss: "boss",
  profiteer: "profiteer",
  geologist: "geologist",
};

/** What a card that lies in front of a seat is, in words ("broken lamp", "trap", "theft"). */
export function frontName(front) {
  if (front.startsWith("break-")) return `broken ${front.slice(6)}`;
  return { trapped: "trap", theft: "theft" }[front] || front;
}
