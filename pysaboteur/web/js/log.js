// The public move log: every round's moves in words, newest last, with each
// finished round's outcome and roles.

import { h } from "./dom.js";
import { ROLE_NAMES, describeMove, roundOutcome } from "./words.js";
import { joinSeries, t } from "./i18n.js";
import { botMoveFinder, botMoveMark } from "./host.js";

function rolesLine(summary, nameOf) {
  if (!summary.roles) return t("log.duel_nuggets", { green: summary.nuggets[0], blue: summary.nuggets[1] });
  const roles = joinSeries(
    summary.roles.map((role, seat) => t("log.role_of", { name: nameOf(seat), role: ROLE_NAMES[role] })),
  );
  if (!summary.set_aside) return t("log.dwarf_cards", { roles }); // Saboteur 2 sets none aside
  return t("log.roles", { roles, set_aside: ROLE_NAMES[summary.set_aside] });
}

/** What the viewer alone learnt by move `index` of the round in play (Saboteur 2's
 * inspections, new hats and swapped hands): only that round's are kept. */
export function secretOf(observation, index) {
  return {
    look: (observation.looks || []).find((look) => look.move === index),
    swap: (observation.swaps || []).find((swap) => swap.move === index),
  };
}

/** The log of an observation (its `history` and `rounds`) as a list of rounds;
 * `botMoves` (the view's) marks the moves a bot made for a person who was away. */
export function renderLog({ observation, nameOf, viewer, botMoves = [] }) {
  const rounds = h("div", { class: "log-rounds" });
  const byBot = botMoveFinder(observation.history, botMoves);
  const current = observation.history.length - 1;
  observation.history.forEach((moves, index) => {
    const summary = observation.rounds[index];
    const secret = (number) => (index === current && !summary ? secretOf(observation, number) : {});
    rounds.append(
      h(
        "section",
        { class: "log-round", "aria-label": t("log.round_label", { round: index + 1 }) },
        h("h3", {}, t("log.round_title", { round: index + 1 })),
        h(
          "ol",
          { class: "log-moves" },
          moves.map((text, number) =>
            h(
              "li",
              { class: text.startsWith(`${viewer} `) ? "mine" : "" },
              describeMove(text, nameOf, viewer, secret(number)),
              byBot(index, number) && botMoveMark(Number(text.split(" ")[0]), nameOf),
            ),
          ),
        ),
        summary &&
          h(
            "p",
            { class: "log-outcome" },
            h("strong", {}, t("log.round_outcome", { round: index + 1, outcome: roundOutcome(summary, nameOf, viewer) })),
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
