// Seats by name and moves in words, from the viewer's side: "You break Bo's lamp".

import { isDeadEnd, nuggetsText, openSides, shortName } from "./cards.js";
import { parseMove } from "./moves.js";

export const ROLE_NAMES = { miner: "gold-miner", saboteur: "saboteur" };

/** A function seat -> display name, from the observation's names or the table's seats. */
export function namer(view) {
  const names = view?.observation?.names;
  const seats = view?.table?.seats || [];
  return (seat) => names?.[seat] || seats[seat]?.name || `Seat ${seat}`;
}

export function capitalised(text) {
  return text[0].toUpperCase() + text.slice(1);
}

/** "Ana" or "you"; "Ana's" or "your"; own seat is "their own". */
function whose(seat, actor, viewer, nameOf) {
  if (seat === viewer) return "your";
  if (seat === actor) return "their own";
  return `${nameOf(seat)}'s`;
}

/** A move of the history ("1 break-lamp @3") as a sentence from the viewer's side. */
export function describeMove(text, nameOf, viewer) {
  const move = parseMove(text);
  const you = move.seat === viewer;
  const actor = you ? "you" : nameOf(move.seat);
  const verb = (third, plain) => (you ? plain : third);
  let rest;
  switch (move.kind) {
    case "place": {
      const what = isDeadEnd(move.card) ? "a dead end" : "a tunnel";
      rest = `${verb("places", "place")} ${what} (${openSides(move.card).join(" ")}) at ${move.x},${move.y}`;
      break;
    }
    case "break":
      rest = `${verb("breaks", "break")} ${whose(move.target, move.seat, viewer, nameOf)} ${move.tool}`;
      break;
    case "fix":
      rest = `${verb("repairs", "repair")} ${whose(move.target, move.seat, viewer, nameOf)} ${move.tool}`;
      break;
    case "rockfall":
      rest = `${verb("drops", "drop")} a rockfall on ${move.x},${move.y}`;
      break;
    case "map":
      rest = `${verb("looks", "look")} at the goal at ${move.x},${move.y} with a map`;
      break;
    case "discard":
      rest = move.card
        ? `${verb("discards", "discard")} a card: ${shortName(move.card).toLowerCase()} (${move.card})`
        : `${verb("discards", "discard")} a card face down`;
      break;
    case "take":
      rest = move.value
        ? `${verb("keeps", "keep")} a gold card of ${nuggetsText(move.value)}`
        : `${verb("keeps", "keep")} a gold card`;
      break;
    default:
      rest = `${verb("passes", "pass")} (no cards left)`;
  }
  return `${capitalised(actor)} ${rest}`;
}

/** "the gold-miners win: Ana reached the gold" for a finished round's summary. */
export function roundOutcome(summary, nameOf, viewer) {
  if (summary.winner === "miners") {
    if (summary.finder === null || summary.finder === undefined) return "the gold-miners win";
    const finder = summary.finder === viewer ? "you" : nameOf(summary.finder);
    return `the gold-miners win: ${finder} reached the gold`;
  }
  return "the saboteurs win: the cards ran out before anyone reached the gold";
}

export function listNames(seats, nameOf, viewer) {
  const names = seats.map((seat) => (seat === viewer ? "you" : nameOf(seat)));
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
