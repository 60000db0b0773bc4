// The public move log: every round's moves in words, newest last, with each
// finished round's outcome and roles.

import { h } from "./dom.js";
import { ROLE_NAMES, describeMove, roundOutcome } from "./words.js";

function rolesLine(summary, nameOf) {
  const roles = summary.roles.map((role, seat) => `${nameOf(seat)}: ${ROLE_NAMES[role]}`).join(", ");
  if (!summary.set_aside) return `Dwarf cards: ${roles}.`; // Saboteur 2 sets none aside
  return `Roles: ${roles}; set aside: ${ROLE_NAMES[summary.set_aside]}.`;
}

/** What the viewer alone learnt by move `index` of the round in play (Saboteur 2's
 * inspections, new hats and swapped hands): only that round's are kept. */
export function secretOf(observation, index) {
  return {
    look: (observation.looks || []).find((look) => look.move === index),
    swap: (observation.swaps || []).find((swap) => swap.move === index),
  };
}

/** The log of an observation (its `history` and `rounds`) as a list of rounds. */
export function renderLog({ observation, nameOf, viewer }) {
  const rounds = h("div", { class: "log-rounds" });
  const current = observation.history.length - 1;
  observation.history.forEach((moves, index) => {
    const summary = observation.rounds[index];
    const secret = (number) => (index === current && !summary ? secretOf(observation, number) : {});
    rounds.append(
      h(
        "section",
        { class: "log-round", "aria-label": `round ${index + 1}` },
        h("h3", {}, `Round ${index + 1}`),
        h(
          "ol",
          { class: "log-moves" },
          moves.map((text, number) =>
            h(
              "li",
              { class: text.startsWith(`${viewer} `) ? "mine" : "" },
              describeMove(text, nameOf, viewer, secret(number)),
            ),
          ),
        ),
        summary &&
          h(
            "p",
            { class: "log-outcome" },
            h("strong", {}, `Round ${index + 1}: ${roundOutcome(summary, nameOf, viewer)}.`),
            " ",
            rolesLine(summary, nameOf),
          ),
      ),
    );
  });
  return rounds;
}

/** The newest move in words, for the page's live region. */
export function lastMoveText(observation, nameOf, viewer) {
  const round = observation.history.at(-1) || [];
  const previous = observation.history.at(-2) || [];
  const text = round.at(-1) || previous.at(-1);
  const secret = round.length ? secretOf(observation, round.length - 1) : {};
  return text ? describeMove(text, nameOf, viewer, secret) : "";
}
