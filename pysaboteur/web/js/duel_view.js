// The Duel's parts of the table page (rules-duel.md): the bribes a player may make
// before his main move, each seat's dwarf counters and gold this round, the key
// tokens left, and a finished round's claims, bribes, payments and nuggets.

import { h } from "./dom.js";
import { t, tn } from "./i18n.js";

const COLOURS = ["green", "blue"];

/** Whether an observation is the Duel's. */
export function isDuel(observation) {
  return observation?.edition === "duel";
}

/** Whether a finished round's summary is the Duel's (its trolls' payments). */
export function isDuelRound(summary) {
  return "paid" in summary;
}

/** The bribes the seat may make now: a button per troll, above the hand. */
export function renderBribes({ legal, onBribe }) {
  const bribes = legal.filter((move) => move.kind === "bribe");
  if (!bribes.length) return null;
  return h(
    "div",
    { class: "card-actions bribes", "data-testid": "bribes" },
    h("p", { class: "prompt" }, t("table.bribe_prompt")),
    h(
      "div",
      { class: "buttons" },
      bribes.map((move) =>
        h(
          "button",
          {
            type: "button",
            class: "button",
            "data-testid": `bribe-${move.x},${move.y}`,
            onclick: () => onBribe(move.text),
          },
          t("table.bribe_button", { cell: `${move.x},${move.y}` }),
        ),
      ),
    ),
  );
}

/** A seat's colour, counters left and gold claimed this round, all public. */
export function duelSeatFacts(observation, seat) {
  const tokens = observation.duel;
  const colour = COLOURS[seat];
  const left = tokens.counters_left[seat];
  const claimed = tokens.claims
    .filter((claim) => claim.seat === seat)
    .reduce((sum, claim) => sum + claim.nuggets, 0);
  return [
    h("span", { class: `role-badge ${colour}` }, t(`table.duel_colour_${colour}`)),
    h(
      "span",
      { class: `counters-left counters-${colour}`, "data-testid": `counters-${seat}` },
      tn("table.counters_left", left),
    ),
    h("span", { class: "claimed", "data-testid": `claimed-${seat}` }, tn("table.claimed_this_round", claimed)),
  ];
}

/** The banner's fact of the key tokens still in the supply. */
export function keyTokensFact(observation) {
  return h("span", { class: "fact", "data-testid": "key-tokens" }, tn("table.key_tokens_left", observation.duel.key_tokens_left));
}

/** Why a finished Duel round ended, in a sentence. */
export function duelRoundOutcome(summary) {
  return t(`roundend.duel_end_${summary.end}`);
}

/** A finished round's score: per seat its claims, gold, payments to trolls and nuggets. */
export function duelRoundSummary({ summary, number, nameOf, viewer, observation }) {
  const upTo = observation.rounds.slice(0, number);
  const total = (seat) => upTo.reduce((sum, round) => sum + round.nuggets[seat], 0);
  const name = (seat) => (seat === viewer ? t("roundend.name_you", { name: nameOf(seat) }) : nameOf(seat));
  const column = (key) => h("th", { scope: "col" }, t(key));
  return h(
    "div",
    { class: "score-box duel-summary" },
    h(
      "table",
      { class: "score", "data-testid": "duel-round-score" },
      h("caption", {}, t("roundend.duel_caption", { round: number })),
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          column("roundend.column_player"),
          column("roundend.column_claims"),
          column("roundend.column_gold"),
          column("roundend.column_paid"),
          column("roundend.column_this_round"),
          column("roundend.column_in_all"),
        ),
      ),
      h(
        "tbody",
        {},
        [0, 1].map((seat) =>
          h(
            "tr",
            { "data-testid": `duel-round-seat-${seat}` },
            h("th", { scope: "row" }, h("span", { class: `role-badge ${COLOURS[seat]}` }, name(seat))),
            h("td", {}, String(summary.claims[seat].length)),
            h("td", {}, String(summary.gold[seat])),
            h("td", {}, summary.paid[seat] ? `−${summary.paid[seat]}` : "0"),
            h("td", { "data-testid": `duel-round-nuggets-${seat}` }, String(summary.nuggets[seat])),
            h("td", { class: "total" }, String(total(seat))), // nuggets, as the caption says
          ),
        ),
      ),
    ),
    h(
      "p",
      { class: "trolls-paid" },
      [0, 1].map((seat) => tn("roundend.duel_trolls", summary.bribes[seat].length, { name: nameOf(seat) })).join(" "),
    ),
  );
}
