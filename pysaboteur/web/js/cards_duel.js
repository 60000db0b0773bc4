// The Duel's card codes (rules-duel.md 1.2): markers that name their side
// ("door-green@S", "troll@E", "gold2@N") and coloured ladders ("ladder-blue").
// Only what drawing and naming need: legality is always the server's.

const SIDES = ["N", "E", "S", "W"];
const OPPOSITE = { N: "S", E: "W", S: "N", W: "E" };
const bySide = (a, b) => SIDES.indexOf(a) - SIDES.indexOf(b);

/** The Duel's start cards, by the names the maze gives them. */
export const DUEL_STARTS = ["start-green", "start-blue"];

/** Whether a code is a Duel face: a marker on a side, or a coloured ladder. */
export function isDuelFace(code) {
  return typeof code === "string" && /@|\/ladder-/.test(code);
}

/** The Duel's markers of a face: {doors: [{colour, side}], troll: side or "", ladderColour,
 * gold: [{count, side}]} (the side of gold is its group's first side, or a stub's own). */
export function duelMarkers(code) {
  const found = { doors: [], troll: "", ladderColour: "", gold: [] };
  for (const marker of code.split("/").slice(1)) {
    const [name, side] = marker.split("@");
    if (name.startsWith("door-") && side) found.doors.push({ colour: name.slice(5), side });
    else if (name === "troll") found.troll = side;
    else if (name.startsWith("ladder-")) found.ladderColour = name.slice(7);
    else if (/^gold[123]$/.test(name)) found.gold.push({ count: Number(name.slice(4)), side });
  }
  return found;
}

/** The face after a 180° turn, spelled canonically as the engine spells it: connected
 * groups by their first side, stubs last, then doors by side, the troll, the ladder and
 * gold by side, each gold marker on its group's first side
 * ("NW+ES/gold1@E" -> "NW+ES/gold1@N", "ESW+xN/gold1@N" -> "NEW+xS/gold1@S"). */
export function turnedDuelCode(code) {
  const [head, ...markers] = code.split("/");
  const turn = (side) => OPPOSITE[side];
  const tunnels = [];
  let stubs = [];
  for (const group of head.split("+")) {
    const sides = [...group.replace("x", "")].map(turn).sort(bySide);
    if (group.startsWith("x")) stubs = stubs.concat(sides);
    else tunnels.push(sides);
  }
  tunnels.sort((a, b) => bySide(a[0], b[0]));
  stubs.sort(bySide);
  const groups = tunnels.map((sides) => sides.join(""));
  if (stubs.length) groups.push(`x${stubs.join("")}`);
  const ownerSide = (side) => tunnels.find((sides) => sides.includes(side))?.[0] || side;
  const doors = [];
  const rest = [];
  const gold = [];
  for (const marker of markers) {
    const [name, side] = marker.split("@");
    if (!side) rest.push({ text: name, order: name.startsWith("troll") ? 1 : 2 });
    else if (name.startsWith("door-")) doors.push({ name, side: turn(side) });
    else if (name === "troll") rest.push({ text: `troll@${turn(side)}`, order: 1 });
    else gold.push({ name, side: ownerSide(turn(side)) });
  }
  doors.sort((a, b) => bySide(a.side, b.side));
  rest.sort((a, b) => a.order - b.order);
  gold.sort((a, b) => bySide(a.side, b.side));
  return [
    groups.join("+"),
    ...doors.map((door) => `${door.name}@${door.side}`),
    ...rest.map((marker) => marker.text),
    ...gold.map((marker) => `${marker.name}@${marker.side}`),
  ].join("/");
}

/** The nuggets a face carries. */
export function duelNuggets(code) {
  return duelMarkers(code).gold.reduce((sum, marker) => sum + marker.count, 0);
}

/** Whether a card of the Duel's maze is one of its goals (the cells of the round's goals). */
export function isGoalCell(goals, cell) {
  return (goals || []).some((goal) => goal.x === cell.x && goal.y === cell.y);
}
