// Seats by name and moves in words, from the viewer's side: "You break Bo's lamp".

import {
  ROLE_WORDS,
  frontName,
  isBaseFace,
  isDeadEnd,
  nuggetsText,
  openSides,
  pathKind,
  shortName,
} from "./cards.js";
import { parseMove } from "./moves.js";

export const ROLE_NAMES = ROLE_WORDS;

/** "a blue gold-digger", "an ..." */
export function aRole(role) {
  return `a ${ROLE_NAMES[role]}`;
}

/** "Ana, Bo and you" */
function cardsText(cards) {
  const names = cards.map((card) => `${shortName(card).toLowerCase()} (${card})`);
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

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

/**
 * A move of the history ("1 break-lamp @3") as a sentence from the viewer's side.
 * `secret` is what the viewer alone learnt by it: {look} of an inspection or a new
 * hat (the seat's `looks`), {swap} of a swap of hands (its `swaps`).
 */
export function describeMove(text, nameOf, viewer, secret = {}) {
  const move = parseMove(text);
  const you = move.seat === viewer;
  const actor = you ? "you" : nameOf(move.seat);
  const verb = (third, plain) => (you ? plain : third);
  const who = (seat) => (seat === viewer ? "you" : seat === move.seat ? "themselves" : nameOf(seat));
  const whom = (seat) => whose(seat, move.seat, viewer, nameOf);
  let rest;
  switch (move.kind) {
    case "place": {
      if (!isBaseFace(move.card)) {
        rest = `${verb("places", "place")} a ${pathKind(move.card)} (${move.card}) at ${move.x},${move.y}`;
        break;
      }
      const what = isDeadEnd(move.card) ? "a dead end" : "a tunnel";
      rest = `${verb("places", "place")} ${what} (${openSides(move.card).join(" ")}) at ${move.x},${move.y}`;
      break;
    }
    case "theft":
      rest = `${verb("plays", "play")} a theft: at the end of the round ${you ? "you steal" : "they steal"} 1 gold piece`;
      break;
    case "hands-off":
      rest = `${verb("stops", "stop")} ${whom(move.target)} theft`;
      break;
    case "swap-hand": {
      rest = `${verb("swaps", "swap")} hands with ${who(move.target)}`;
      if (secret.swap) {
        const got = secret.swap.got.length ? cardsText(secret.swap.got) : "no cards";
        rest += `: you got ${got}`;
      }
      break;
    }
    case "inspection":
      rest = `${verb("inspects", "inspect")} ${whom(move.target)} dwarf card`;
      if (secret.look) rest += `: ${aRole(secret.look.role)}`;
      break;
    case "swap-hats":
      rest =
        move.target === move.seat
          ? `${verb("takes", "take")} a new dwarf card`
          : `${verb("gives", "give")} ${who(move.target)} a new dwarf card`;
      if (secret.look && secret.look.seat === viewer) rest += `: you are now ${aRole(secret.look.role)}`;
      break;
    case "trapped":
      rest = `${verb("traps", "trap")} ${who(move.target)}: no path cards and no gold while trapped`;
      break;
    case "free-at-last":
      rest =
        move.target === move.seat
          ? `${verb("escapes", "escape")} the trap`
          : `${verb("frees", "free")} ${who(move.target)} from the trap`;
      break;
    case "clear": {
      const cards = move.cards.every(Boolean) ? cardsText(move.cards) : "two cards face down";
      rest = `${verb("discards", "discard")} ${cards} to remove ${you ? "your" : "their"} ${frontName(move.front)}`;
      break;
    }
    case "steal":
      rest = `${verb("steals", "steal")} 1 gold piece from ${who(move.target)}`;
      break;
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
      if (move.count > 1)
        rest = move.card
          ? `${verb("discards", "discard")} ${move.count} cards: ${cardsText(move.cards)}`
          : `${verb("discards", "discard")} ${move.count} cards face down`;
      else
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

/** Whether a finished round's summary is Saboteur 2's (gold pieces, teams, doors). */
export function isSaboteur2Round(summary) {
  return "gold_reached" in summary;
}

/** "Ana and Bo win", "you win", "nobody wins". */
export function winnersText(seats, nameOf, viewer) {
  if (!seats.length) return "nobody wins";
  const verb = seats.length > 1 || seats[0] === viewer ? "win" : "wins";
  return `${listNames(seats, nameOf, viewer)} ${verb}`;
}

/** Which teams the gold was open to, and how doors decided it, in a sentence. */
export function openToText(summary) {
  if (!summary.gold_reached) return "";
  const open = summary.open_to || [];
  if (open.length === 2) return "The gold was open to both teams: a route from the start reached it through no door of the other colour.";
  if (open.length === 1) {
    const [team] = open;
    const other = team === "green" ? "blue" : "green";
    return `The gold was open to the ${team} team only: every route to it passed a ${team} door, which closes it to the ${other} team.`;
  }
  return "The gold was open to neither team: every route to it passed doors of both colours.";
}

/** "the gold-miners win: Ana reached the gold" for a finished round's summary. */
export function roundOutcome(summary, nameOf, viewer) {
  if (isSaboteur2Round(summary)) {
    if (!summary.gold_reached) {
      // Name only the sides that were dealt: a table may have no saboteur, no profiteer.
      const roles = summary.roles || [];
      const sides = ["saboteur", "profiteer"].filter((role) => roles.includes(role));
      if (!sides.length) return "nobody reached the gold, and no saboteur or profiteer was there to win";
      const named = sides.map((role) => (role === "saboteur" ? "the saboteurs" : "the profiteer"));
      return `nobody reached the gold, so ${named.join(" and ")} win${named.length === 1 && sides[0] === "profiteer" ? "s" : ""}`;
    }
    const finder = summary.finder === viewer ? "you" : nameOf(summary.finder);
    return `${finder} reached the gold: ${winnersText(summary.winners, nameOf, viewer)}`;
  }
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
