// Card codes and their words (rules.md section 1): what a card is, said plainly.
// Only what drawing and naming a card need lives here: legality, and which hand
// card a move plays, always come from the server.

export const SIDES = ["N", "E", "S", "W"];
export const TOOLS = ["pick", "lamp", "cart"];
export const GOAL_NAMES = ["gold", "stone-NE", "stone-NW"];
const SIDE_WORDS = { N: "north", E: "east", S: "south", W: "west" };
const OPPOSITE = { N: "S", E: "W", S: "N", W: "E" };

/** Whether a code is a path shape such as "NES" or "xNS" (not an action card). */
export function isPathCode(code) {
  return /^x?N?E?S?W?$/.test(code) && code.replace("x", "").length > 0;
}

export function isDeadEnd(code) {
  return code.startsWith("x");
}

export function openSides(code) {
  return SIDES.filter((side) => code.includes(side));
}

/** The shape after a 180° turn: N<->S and E<->W ("NES" -> "NSW", "xN" -> "xS"). */
export function turnedCode(code) {
  const sides = new Set(openSides(code).map((side) => OPPOSITE[side]));
  return (isDeadEnd(code) ? "x" : "") + SIDES.filter((side) => sides.has(side)).join("");
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
    return `path card: ${sidesText(code)}${isDeadEnd(code) ? "; dead end" : ""}`;
  }
  if (code === "start") return "start card: the ladder, open north, east, south, west";
  if (code === "gold") return "goal card: gold";
  if (code.startsWith("stone-")) return "goal card: stone";
  if (code.startsWith("break-")) return `action card: broken ${toolsOf(code)[0]}`;
  if (code.startsWith("fix-")) return `action card: repair ${toolsOf(code).join(" or ")}`;
  if (code === "map") return "action card: map, look at one goal card";
  if (code === "rockfall") return "action card: rockfall, remove one tunnel card";
  return `card ${code}`;
}

/** A short visible name: "Tunnel", "Dead end", "Break lamp", "Repair pick / lamp". */
export function shortName(code) {
  if (isPathCode(code)) return isDeadEnd(code) ? "Dead end" : "Tunnel";
  if (code.startsWith("break-")) return `Break ${toolsOf(code)[0]}`;
  if (code.startsWith("fix-")) return `Repair ${toolsOf(code).join(" / ")}`;
  if (code === "map") return "Map";
  if (code === "rockfall") return "Rockfall";
  return code;
}

/** What a goal card is, in a word: "gold" or "stone". */
export function goalKind(card) {
  return card === "gold" ? "gold" : "stone";
}

export function nuggetsText(value) {
  return `${value} nugget${value === 1 ? "" : "s"}`;
}
