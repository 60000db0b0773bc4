// The end of a round (who won, every role and goal revealed, the maze as it
// ended) and the end of the game (nuggets, winners, replay and record).

import { h } from "./dom.js";
import { cardSvg } from "./card_art.js";
import { goalKind } from "./cards.js";
import { renderMaze } from "./maze_svg.js";
import { ROLE_NAMES, capitalised, listNames, roundOutcome } from "./words.js";

function roleBadge(role) {
  return h("span", { class: `role-badge ${role}` }, ROLE_NAMES[role]);
}

/** The content of the round-end dialog for finished round `number` (1-based). */
export function renderRoundEnd({ summary, number, nameOf, viewer, observation, onContinue }) {
  const goalEntries = summary.maze.filter((entry) => ["gold", "stone-NE", "stone-NW"].includes(entry.card));
  const last = observation.phase === "over";
  const { svg } = renderMaze({
    cards: summary.maze,
    goals: [],
    zoom: 0.5,
    label: `the maze as round ${number} ended`,
  });
  return h(
    "div",
    { class: "round-end", "data-testid": "round-end" },
    h("h2", { id: "round-end-title" }, `Round ${number} is over`),
    h("p", { class: `outcome ${summary.winner}` }, capitalised(roundOutcome(summary, nameOf, viewer)) + "."),
    h(
      "div",
      { class: "round-end-columns" },
      h(
        "section",
        {},
        h("h3", {}, "Roles"),
        h(
          "ul",
          { class: "role-list" },
          summary.roles.map((role, seat) =>
            h(
              "li",
              {},
              h("span", {}, seat === viewer ? `${nameOf(seat)} (you)` : nameOf(seat)),
              roleBadge(role),
            ),
          ),
          h("li", { class: "set-aside" }, h("span", {}, "set aside"), roleBadge(summary.set_aside)),
        ),
      ),
      h(
        "section",
        {},
        h("h3", {}, "Goals"),
        h(
          "ul",
          { class: "goal-list" },
          goalEntries.map((entry) => {
            const label = `${entry.x},${entry.y}: ${goalKind(entry.card)}`;
            return h(
              "li",
              {},
              cardSvg({ kind: "goal", card: entry.card, shape: entry.shape }, label, {
                width: 45,
                height: 63,
              }),
              h("span", {}, label),
            );
          }),
        ),
      ),
    ),
    h(
      "details",
      { class: "final-maze" },
      h("summary", {}, "The maze as the round ended"),
      h("div", { class: "maze-scroll small" }, svg),
    ),
    h(
      "div",
      { class: "buttons" },
      h(
        "button",
        { type: "button", class: "button primary", "data-testid": "round-end-continue", onclick: onContinue },
        last ? "See the final score" : `On to round ${number + 1}`,
      ),
    ),
  );
}

/** The final score: nuggets per round and in all, the winners, replay and record links. */
export function renderGameEnd({ observation, nameOf, viewer, tableId }) {
  const winners = observation.winners || [];
  const verb = winners.length > 1 || winners.includes(viewer) ? "win" : "wins";
  const names = listNames(winners, nameOf, viewer);
  return h(
    "section",
    { class: "game-end", "data-testid": "game-end", "aria-labelledby": "game-end-title" },
    h("h2", { id: "game-end-title" }, "The game is over"),
    h("p", { class: "winners", "data-testid": "winners" }, `${capitalised(names)} ${verb}!`),
    h(
      "div",
      { class: "score-box" },
      h(
        "table",
        { class: "score" },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", { scope: "col" }, "player"),
            observation.rounds.map((_, index) =>
              h("th", { scope: "col" }, h("span", { class: "wide-only" }, "round "), String(index + 1)),
            ),
            h("th", { scope: "col" }, "total"),
          ),
        ),
        h(
          "tbody",
          {},
          observation.nuggets.map((nuggets, seat) =>
            h(
              "tr",
              { class: winners.includes(seat) ? "winner" : "", "data-testid": `score-${seat}` },
              h(
                "th",
                { scope: "row" },
                nameOf(seat),
                winners.includes(seat) ? h("span", { class: "star", "aria-label": "winner" }, " ★") : null,
              ),
              observation.rounds.map((round) => h("td", {}, String(round.gold ? round.gold[seat] : "–"))),
              h("td", { class: "total", "data-testid": `nuggets-${seat}` }, String(nuggets)),
            ),
          ),
        ),
      ),
    ),
    h(
      "p",
      { class: "links" },
      h(
        "a",
        { class: "button", href: `/replay/${encodeURIComponent(tableId)}`, "data-testid": "replay-link" },
        "Watch the replay",
      ),
      h(
        "a",
        {
          class: "button",
          href: `/api/tables/${encodeURIComponent(tableId)}/record`,
          download: `saboteur-${tableId}.json`,
          "data-testid": "record-link",
        },
        "Download the record",
      ),
    ),
  );
}
