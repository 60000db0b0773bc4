// What the selected hand card can do now, taken from the server's legal moves:
// the maze cells it may go to (in the orientation shown), the seats it may
// target, whether it can be discarded, and a sentence saying what to do.
// Saboteur 2's moves of several cards (a discard of two or three, a clear) are
// matched the same way, by the printed cards each legal move lists.

import { frontName, isPathCode, shortName, turnedCode } from "./cards.js";
import { movesForCard } from "./moves.js";

const TOOL_VERB = { break: "Break", fix: "Repair" };

/** The button of a Saboteur 2 card aimed at a seat: [on another seat, on oneself]. */
const SEAT_BUTTONS = {
  "hands-off": ["Stop their theft", "Stop your own theft"],
  "swap-hand": ["Swap hands with them", "Swap hands with them"],
  inspection: ["Look at their dwarf card", "Look at their dwarf card"],
  "swap-hats": ["Give them a new dwarf card", "Take a new dwarf card yourself"],
  trapped: ["Trap them", "Trap them"],
  "free-at-last": ["Free them", "Free yourself"],
};

const SEAT_PROMPTS = {
  "hands-off": "Choose the player whose theft to stop.",
  "swap-hand": "Choose the player to swap hands with: you take their hand and they take yours.",
  inspection: "Choose the player whose dwarf card you look at (only you see it).",
  "swap-hats": "Choose the player who lays their dwarf card aside and takes a new one (you included).",
  trapped: "Choose the player to trap: they may not place path cards, and get no gold while trapped.",
  "free-at-last": "Choose the trapped player to free.",
};

/**
 * The choices for hand card `code`, shown turned or not.
 * Returns {cells: [{x, y, kind, move}], seats: Map(seat -> [{label, move, testid}]),
 *          play: {label, move} or null (a card played with no cell and no seat: a theft),
 *          discard: move text or null, several: whether moves of several cards exist,
 *          canTurn, otherWay: count of places if turned, prompt}.
 *   me, trapped   the viewer's seat and whether it is trapped (for the words only)
 */
export function choicesFor({ code, turned, legal, broken, me = null, trapped = false }) {
  const moves = movesForCard(legal, code);
  const discard = moves.find((move) => move.kind === "discard" && move.cards.length === 1)?.text || null;
  const cells = [];
  const seats = new Map();
  let play = null;
  let otherWay = 0;
  const path = isPathCode(code);
  const aim = (seat, entry) => seats.set(seat, [...(seats.get(seat) || []), entry]);
  for (const move of moves) {
    if (move.kind === "place") {
      // The server says how the card lies: as printed (its own code) or turned.
      const upright = move.face === code;
      if (upright !== turned) cells.push({ x: move.x, y: move.y, kind: "place", move: move.text });
      else otherWay += 1;
    } else if (move.kind === "rockfall" || move.kind === "map") {
      cells.push({ x: move.x, y: move.y, kind: move.kind, move: move.text });
    } else if (move.kind === "break" || move.kind === "fix") {
      aim(move.target, {
        label: `${TOOL_VERB[move.kind]} ${move.tool}`,
        move: move.text,
        testid: `target-${move.target}-${move.tool}`,
      });
    } else if (SEAT_BUTTONS[move.kind]) {
      aim(move.target, {
        label: SEAT_BUTTONS[move.kind][move.target === me ? 1 : 0],
        move: move.text,
        testid: `target-${move.target}-${move.kind}`,
      });
    } else if (move.kind === "theft") {
      play = { label: "Play it in front of you", move: move.text };
    }
  }
  // Only a card that looks different turned gets a Turn button, placements or not.
  const canTurn = path && turnedCode(code) !== code;
  const several = legal.some((move) => move.kind === "clear" || (move.kind === "discard" && move.cards.length > 1));
  return {
    cells,
    seats,
    play,
    discard,
    several,
    canTurn,
    otherWay,
    prompt: promptFor({ code, path, cells, seats, play, otherWay, broken, trapped, discard }),
  };
}

function promptFor({ code, path, cells, seats, play, otherWay, broken, trapped, discard }) {
  const orDiscard = discard ? " You may discard it." : "";
  const places = (count) => `${count} place${count === 1 ? "" : "s"}`;
  if (path) {
    if (cells.length) {
      const more = otherWay ? ` Turned 180° it fits elsewhere too (${places(otherWay)}).` : "";
      return `Choose a lit cell to place the card (${places(cells.length)}).${more}`;
    }
    if (otherWay) return `As it lies it fits nowhere: turn it 180° to see ${places(otherWay)}.`;
    if (trapped) return `You cannot place path cards while you are trapped.${orDiscard}`;
    if (broken.length) {
      const tools = `${broken.join(" and ")} ${broken.length === 1 ? "is" : "are"}`;
      return `You cannot place path cards while your ${tools} broken.${orDiscard}`;
    }
    return `This card fits nowhere in the maze now.${orDiscard}`;
  }
  if (play) return "A theft lies in front of you until the round ends: then you steal 1 gold piece.";
  if (seats.size) {
    if (SEAT_PROMPTS[code]) return SEAT_PROMPTS[code];
    return code.startsWith("break-")
      ? `Choose a player to ${shortName(code).toLowerCase()}.`
      : "Choose a player whose tool to repair.";
  }
  if (cells.length && code === "rockfall") return "Choose a tunnel card to remove.";
  if (cells.length && code === "map") return "Choose a face-down goal card to look at.";
  return `${shortName(code)} has no target now.${orDiscard}`;
}

const sameCards = (a, b) => a.length === b.length && [...a].sort().every((card, i) => card === [...b].sort()[i]);

/**
 * Saboteur 2's moves of several hand cards, for the cards chosen (their codes):
 * {discard: move text or null, clears: [{label, move, testid}], prompt}.
 */
export function severalChoices({ codes, legal }) {
  const discard = legal.find((move) => move.kind === "discard" && sameCards(move.cards, codes))?.text || null;
  const clears = legal
    .filter((move) => move.kind === "clear" && sameCards(move.cards, codes))
    .map((move) => ({
      label: `Discard both and remove your ${frontName(move.front)}`,
      move: move.text,
      testid: `clear-${move.front}`,
    }));
  const canClear = legal.some((move) => move.kind === "clear");
  const count = codes.length;
  let prompt = `Choose up to 3 cards to discard face down; you draw as many.`;
  if (canClear) prompt += " Discard exactly 2 to remove a card lying in front of you (you then draw only 1).";
  prompt += ` Chosen: ${count}.`;
  return { discard, clears, prompt };
}
