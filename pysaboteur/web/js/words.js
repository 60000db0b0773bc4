// Seats by name and moves in words, from the viewer's side: "You break Bo's lamp".
//
// Every move is a whole sentence of the catalogue (locales/<lang>/moves.json), one per
// case: the viewer made the move or not, and for a move aimed at a seat whether that
// seat is the viewer, the mover itself or somebody else. Names are placeholders, so a
// language with cases declines the sentence around them, never a glued fragment.

import { A_ROLE_WORDS, ROLE_WORDS, faceLetters, frontKind, isPathCode, pathKind, shortName } from "./cards.js";
import { formatList, t, tn } from "./i18n.js";
import { parseMove } from "./moves.js";
import { duelRoundOutcome, isDuelRound } from "./duel_view.js";

export const ROLE_NAMES = ROLE_WORDS;

/** "a blue gold-digger" (a role standing alone, as after a colon). */
export function aRole(role) {
  return A_ROLE_WORDS[role] || role;
}

/** "Tunnel (NS), Map (map) and Theft (theft)" */
function cardsText(cards) {
  // An action card's name is the card; a path card's name is its kind, its openings tell which.
  return formatList(
    cards.map((card) =>
      isPathCode(card) ? t("moves.card_in_list", { card: shortName(card), code: faceLetters(card) }) : shortName(card),
    ),
  );
}

/** A function seat -> display name, from the observation's names or the table's seats. */
export function namer(view) {
  const names = view?.observation?.names;
  const seats = view?.table?.seats || [];
  return (seat) => names?.[seat] || seats[seat]?.name || t("common.seat_name", { seat });
}

export { capitalised } from "./i18n.js";

/** Which sentence of a move aimed at a seat: who made it ("you" or "other") and who it aims
 * at ("you", "self": the mover itself, "other"): "you_other", "other_you", "other_self", … */
export function personCase(actor, target, viewer) {
  const mover = actor === viewer ? "you" : "other";
  if (target === viewer) return `${mover}_${mover === "you" ? "self" : "you"}`;
  if (target === actor) return `${mover}_self`;
  return `${mover}_other`;
}

/**
 * A move of the history ("1 break-lamp @3") as a sentence from the viewer's side.
 * `secret` is what the viewer alone learnt by it: {look} of an inspection or a new
 * hat (the seat's `looks`), {swap} of a swap of hands (its `swaps`).
 */
export function describeMove(text, nameOf, viewer, secret = {}) {
  const move = parseMove(text);
  const mine = move.seat === viewer ? "you" : "other";
  const aimed = personCase(move.seat, move.target, viewer);
  const params = {
    actor: nameOf(move.seat),
    target: move.target >= 0 ? nameOf(move.target) : "",
    cell: `${move.x},${move.y}`,
  };
  const say = (key, more = {}) => t(key, { ...params, ...more });
  const sayCount = (key, count, more = {}) => tn(key, count, { ...params, ...more });
  switch (move.kind) {
    case "place": {
      return say(`moves.place_${pathKind(move.card)}.${mine}`, { detail: faceLetters(move.card) });
    }
    case "theft":
      return say(`moves.theft.${mine}`);
    case "hands-off":
      return say(`moves.hands_off.${aimed}`);
    case "swap-hand": {
      const got = secret.swap?.got;
      if (!got || aimed === "other_other") return say(`moves.swap_hand.${aimed}`);
      if (!got.length) return say(`moves.swap_hand_seen_empty.${aimed}`);
      return say(`moves.swap_hand_seen.${aimed}`, { cards: cardsText(got) });
    }
    case "inspection":
      if (secret.look && aimed === "you_other")
        return say("moves.inspection_seen.you_other", { role: aRole(secret.look.role) });
      return say(`moves.inspection.${aimed}`);
    case "swap-hats": {
      const seen = secret.look && secret.look.seat === viewer;
      if (move.target === move.seat) {
        if (seen) return say("moves.swap_hats_self_seen.you", { role: aRole(secret.look.role) });
        return say(`moves.swap_hats_self.${mine}`);
      }
      if (seen) return say("moves.swap_hats_seen.other_you", { role: aRole(secret.look.role) });
      return say(`moves.swap_hats.${aimed}`);
    }
    case "trapped":
      return say(`moves.trapped.${aimed}`);
    case "free-at-last":
      if (move.target === move.seat) return say(`moves.escape.${mine}`);
      return say(`moves.free.${aimed}`);
    case "clear": {
      const front = frontKind(move.front);
      if (!move.cards.every(Boolean)) return say(`moves.clear_${front}_hidden.${mine}`);
      return say(`moves.clear_${front}.${mine}`, { cards: cardsText(move.cards) });
    }
    case "steal":
      return say(`moves.steal.${aimed}`);
    case "break":
      return say(`moves.break_${move.tool}.${aimed}`);
    case "fix":
      return say(`moves.fix_${move.tool}.${aimed}`);
    case "rockfall":
      return say(`moves.rockfall.${mine}`);
    case "map":
      return say(`moves.map.${mine}`);
    case "key":
      return say(`moves.key.${mine}`);
    case "bribe":
      return say(`moves.bribe.${mine}`);
    case "discard":
      if (move.count > 1) {
        if (!move.card) return sayCount(`moves.discard_many_hidden.${mine}`, move.count);
        return sayCount(`moves.discard_many.${mine}`, move.count, { cards: cardsText(move.cards) });
      }
      if (!move.card) return say(`moves.discard_one_hidden.${mine}`);
      return say(`moves.discard_one.${mine}`, { card: cardsText([move.card]) });
    case "take":
      if (move.value) return sayCount(`moves.take_value.${mine}`, move.value);
      return say(`moves.take.${mine}`);
    default:
      return say(`moves.pass.${mine}`);
  }
}

/** Whether a finished round's summary is Saboteur 2's (gold pieces, teams, doors). */
export function isSaboteur2Round(summary) {
  return "gold_reached" in summary;
}

/** "Ana and Bo win", "you win", "nobody wins": a clause (it follows a colon). */
export function winnersText(seats, nameOf, viewer) {
  if (!seats.length) return t("roundend.clause_nobody_wins");
  if (seats.length === 1 && seats[0] === viewer) return t("roundend.clause_you_win");
  const names = listNames(seats, nameOf, viewer);
  if (seats.includes(viewer)) return t("roundend.clause_names_with_you_win", { names });
  return tn("roundend.clause_names_win", seats.length, { names });
}

/** Which teams the gold was open to, and how doors decided it, in a sentence. */
export function openToText(summary) {
  if (!summary.gold_reached) return "";
  const open = summary.open_to || [];
  if (open.length === 2) return t("roundend.open_to_both");
  if (open.length === 1) return open[0] === "green" ? t("roundend.open_to_green") : t("roundend.open_to_blue");
  return t("roundend.open_to_neither");
}

/** "The gold-miners win: Ana reached the gold." for a finished round's summary. */
export function roundOutcome(summary, nameOf, viewer) {
  const finderCase = summary.finder === viewer ? "you" : "other";
  const finder = summary.finder === null || summary.finder === undefined ? "" : nameOf(summary.finder);
  if (isDuelRound(summary)) return duelRoundOutcome(summary);
  if (isSaboteur2Round(summary)) {
    if (!summary.gold_reached) {
      // Name only the sides that were dealt: a table may have no saboteur, no profiteer.
      const roles = summary.roles || [];
      const saboteurs = roles.includes("saboteur");
      const profiteer = roles.includes("profiteer");
      if (saboteurs && profiteer) return t("roundend.outcome_s2_saboteurs_profiteer");
      if (saboteurs) return t("roundend.outcome_s2_saboteurs");
      if (profiteer) return t("roundend.outcome_s2_profiteer");
      return t("roundend.outcome_s2_nobody");
    }
    const winners = winnersText(summary.winners, nameOf, viewer);
    return t(`roundend.outcome_s2_reached.${finderCase}`, { finder, winners });
  }
  if (summary.winner === "miners") {
    if (!finder) return t("roundend.outcome_miners");
    return t(`roundend.outcome_miners_found.${finderCase}`, { finder });
  }
  return t("roundend.outcome_saboteurs");
}

/** "Ana, Bo and you": the seats' names, the viewer as "you". */
export function listNames(seats, nameOf, viewer) {
  return formatList(seats.map((seat) => (seat === viewer ? t("common.you_in_list") : nameOf(seat))));
}
