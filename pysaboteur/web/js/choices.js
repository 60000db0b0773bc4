// What the selected hand card can do now, taken from the server's legal moves:
// the maze cells it may go to (in the orientation shown), the seats it may
// target, whether it can be discarded, and a sentence saying what to do.

import { isPathCode, shortName, turnedCode } from "./cards.js";
import { movesForCard } from "./moves.js";

const TOOL_VERB = { break: "Break", fix: "Repair" };

/**
 * The choices for hand card `code`, shown turned or not.
 * Returns {cells: [{x, y, kind, move}], seats: Map(seat -> [{label, move, testid}]),
 *          discard: move text or null, canTurn, otherWay: count of places if turned, prompt}.
 */
export function choicesFor({ code, turned, legal, broken }) {
  const moves = movesForCard(legal, code);
  const discard = moves.find((move) => move.kind === "discard")?.text || null;
  const cells = [];
  const seats = new Map();
  let otherWay = 0;
  const path = isPathCode(code);
  for (const move of moves) {
    if (move.kind === "place") {
      // The server says how the card lies: as printed (its own code) or turned.
      const upright = move.face === code;
      if (upright !== turned) cells.push({ x: move.x, y: move.y, kind: "place", move: move.text });
      else otherWay += 1;
    } else if (move.kind === "rockfall" || move.kind === "map") {
      cells.push({ x: move.x, y: move.y, kind: move.kind, move: move.text });
    } else if (move.kind === "break" || move.kind === "fix") {
      const list = seats.get(move.target) || [];
      list.push({
        label: `${TOOL_VERB[move.kind]} ${move.tool}`,
        move: move.text,
        testid: `target-${move.target}-${move.tool}`,
      });
      seats.set(move.target, list);
    }
  }
  // Only a card that looks different turned gets a Turn button, placements or not.
  const canTurn = path && turnedCode(code) !== code;
  return {
    cells,
    seats,
    discard,
    canTurn,
    otherWay,
    prompt: promptFor({ code, path, cells, seats, otherWay, broken, discard }),
  };
}

function promptFor({ code, path, cells, seats, otherWay, broken, discard }) {
  const orDiscard = discard ? " You may discard it." : "";
  const places = (count) => `${count} place${count === 1 ? "" : "s"}`;
  if (path) {
    if (cells.length) {
      const more = otherWay ? ` Turned 180° it fits elsewhere too (${places(otherWay)}).` : "";
      return `Choose a lit cell to place the card (${places(cells.length)}).${more}`;
    }
    if (otherWay) return `As it lies it fits nowhere: turn it 180° to see ${places(otherWay)}.`;
    if (broken.length) {
      const tools = `${broken.join(" and ")} ${broken.length === 1 ? "is" : "are"}`;
      return `You cannot place path cards while your ${tools} broken.${orDiscard}`;
    }
    return `This card fits nowhere in the maze now.${orDiscard}`;
  }
  if (seats.size) {
    return code.startsWith("break-")
      ? `Choose a player to ${shortName(code).toLowerCase()}.`
      : "Choose a player whose tool to repair.";
  }
  if (cells.length && code === "rockfall") return "Choose a tunnel card to remove.";
  if (cells.length && code === "map") return "Choose a face-down goal card to look at.";
  return `${shortName(code)} has no target now.${orDiscard}`;
}
