// What the selected hand card can do now, taken from the server's legal moves:
// the maze cells it may go to (in the orientation shown), the seats it may
// target, whether it can be discarded, and a sentence saying what to do.
// Saboteur 2's moves of several cards (a discard of two or three, a clear) are
// matched the same way, by the printed cards each legal move lists.

import { frontKind, isPathCode, shortName, turnedCode } from "./cards.js";
import { capitalised, formatList, t, tn } from "./i18n.js";
import { movesForCard } from "./moves.js";

/** A seat's button for a tool card: "Break lamp", "Repair pick". */
const TOOL_BUTTONS = {
  break: { pick: t("table.target_break_pick"), lamp: t("table.target_break_lamp"), cart: t("table.target_break_cart") },
  fix: { pick: t("table.target_fix_pick"), lamp: t("table.target_fix_lamp"), cart: t("table.target_fix_cart") },
};
const TOOL_WORDS = { pick: t("table.tool_pick"), lamp: t("table.tool_lamp"), cart: t("table.tool_cart") };

/** The button of a Saboteur 2 card aimed at a seat: [on another seat, on oneself]. */
const SEAT_BUTTONS = {
  "hands-off": [t("table.target_hands_off"), t("table.target_hands_off_self")],
  "swap-hand": [t("table.target_swap_hand"), t("table.target_swap_hand")],
  inspection: [t("table.target_inspection"), t("table.target_inspection")],
  "swap-hats": [t("table.target_swap_hats"), t("table.target_swap_hats_self")],
  trapped: [t("table.target_trapped"), t("table.target_trapped")],
  "free-at-last": [t("table.target_free"), t("table.target_free_self")],
};

const SEAT_PROMPTS = {
  "hands-off": t("table.prompt_hands_off"),
  "swap-hand": t("table.prompt_swap_hand"),
  inspection: t("table.prompt_inspection"),
  "swap-hats": t("table.prompt_swap_hats"),
  trapped: t("table.prompt_trapped"),
  "free-at-last": t("table.prompt_free"),
};

/** The prompt of a Break card: whose tool to break. */
const BREAK_PROMPTS = {
  "break-pick": t("table.prompt_break_pick"),
  "break-lamp": t("table.prompt_break_lamp"),
  "break-cart": t("table.prompt_break_cart"),
};

/** The button that discards two cards to remove what lies in front of the seat. */
const CLEAR_BUTTONS = {
  broken_pick: t("table.clear_broken_pick"),
  broken_lamp: t("table.clear_broken_lamp"),
  broken_cart: t("table.clear_broken_cart"),
  trap: t("table.clear_trap"),
  theft: t("table.clear_theft"),
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
    } else if (move.kind === "rockfall" || move.kind === "map" || move.kind === "key") {
      cells.push({ x: move.x, y: move.y, kind: move.kind, move: move.text });
    } else if (move.kind === "break" || move.kind === "fix") {
      aim(move.target, {
        label: TOOL_BUTTONS[move.kind][move.tool] || move.text,
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
      play = { label: t("table.play_theft"), move: move.text };
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
  const orDiscard = discard ? ` ${t("table.prompt_may_discard")}` : "";
  if (path) {
    if (cells.length) {
      const more = otherWay ? ` ${tn("table.prompt_fits_turned_too", otherWay)}` : "";
      return tn("table.prompt_place", cells.length) + more;
    }
    if (otherWay) return tn("table.prompt_turn_to_fit", otherWay);
    if (trapped) return t("table.prompt_trapped_self") + orDiscard;
    if (broken.length) {
      const tools = formatList(broken.map((tool) => TOOL_WORDS[tool] || tool));
      return tn("table.prompt_broken_self", broken.length, { tools }) + orDiscard;
    }
    return t("table.prompt_fits_nowhere") + orDiscard;
  }
  if (play) return t("table.prompt_theft");
  if (seats.size) {
    if (SEAT_PROMPTS[code]) return SEAT_PROMPTS[code];
    return BREAK_PROMPTS[code] || t("table.prompt_fix");
  }
  if (cells.length && code === "rockfall") return t("table.prompt_rockfall");
  if (cells.length && code === "map") return t("table.prompt_map");
  if (cells.length && code === "key") return t("table.prompt_key");
  // The card's name may open the sentence, and names are written as a sentence holds them.
  return capitalised(t("table.prompt_no_target", { card: shortName(code) })) + orDiscard;
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
      label: CLEAR_BUTTONS[frontKind(move.front)] || move.text,
      move: move.text,
      testid: `clear-${move.front}`,
    }));
  const canClear = legal.some((move) => move.kind === "clear");
  const count = codes.length;
  let prompt = t("table.several_prompt");
  if (canClear) prompt += ` ${t("table.several_clear")}`;
  prompt += ` ${t("table.several_chosen", { count })}`;
  return { discard, clears, prompt };
}
