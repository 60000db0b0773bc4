// The end of a round (who won, every role and goal revealed, the maze as it
// ended) and the end of the game (nuggets, winners, replay and record).

import { h } from "./dom.js";
import { cardSvg } from "./card_art.js";
import { goalKind, piecesText } from "./cards.js";
import { renderMaze } from "./maze_svg.js";
import {
  ROLE_NAMES,
  capitalised,
  isSaboteur2Round,
  listNames,
  openToText,
  roundOutcome,
} from "./words.js";

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
  const saboteur2 = isSaboteur2Round(summary);
  return h(
    "div",
    { class: "round-end", "data-testid": "round-end" },
    h("h2", { id: "round-end-title" }, `Round ${number} is over`),
    h("p", { class: `outcome ${summary.winner}` }, capitalised(roundOutcome(summary, nameOf, viewer)) + "."),
    saboteur2 && saboteur2Summary({ summary, number, nameOf, viewer, observation }),
    h(
      "div",
      { class: "round-end-columns" },
      !saboteur2 &&
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

/** Saboteur 2's round: doors, every dwarf card with its gold this round and in all, the thefts. */
function saboteur2Summary({ summary, number, nameOf, viewer, observation }) {
  const upTo = observation.rounds.slice(0, number);
  const total = (seat) => upTo.reduce((sum, round) => sum + (round.gold ? round.gold[seat] : 0), 0);
  const name = (seat) => (seat === viewer ? `${nameOf(seat)} (you)` : nameOf(seat));
  const thefts = summary.thefts || [];
  const crystals = summary.crystals === 1 ? "1 crystal" : `${summary.crystals} crystals`;
  return h(
    "div",
    { class: "saboteur2-summary" },
    summary.gold_reached && h("p", { class: "open-to", "data-testid": "open-to" }, openToText(summary)),
    h("p", { class: "winners-line", "data-testid": "round-winners" }, summary.winners.length
        ? `Winners this round: ${listNames(summary.winners, nameOf, viewer)}.`
        : "Nobody wins this round."),
    h(
      "div",
      { class: "score-box" },
      h(
        "table",
        { class: "score dwarf-cards" },
        h("caption", {}, `Every dwarf card, and the gold pieces of round ${number}`),
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", { scope: "col" }, "player"),
            h("th", { scope: "col" }, "dwarf card"),
            h("th", { scope: "col" }, "this round"),
            h("th", { scope: "col" }, "in all"),
          ),
        ),
        h(
          "tbody",
          {},
          summary.roles.map((role, seat) =>
            h(
              "tr",
              { class: summary.winners.includes(seat) ? "winner" : "", "data-testid": `round-seat-${seat}` },
              h(
                "th",
                { scope: "row" },
                name(seat),
                summary.winners.includes(seat) ? h("span", { class: "star", "aria-label": "winner" }, " ★") : null,
              ),
              h(
                "td",
                {},
                roleBadge(role),
                summary.trapped[seat] ? h("span", { class: "trapped-note" }, " trapped") : null,
              ),
              h("td", { "data-testid": `round-gold-${seat}` }, `+${summary.gold[seat]}`),
              h("td", { class: "total" }, piecesText(total(seat))),
            ),
          ),
        ),
      ),
    ),
    h(
      "p",
      { class: "crystals" },
      `${capitalised(crystals)} in the maze (the geologists' pay).`,
    ),
    h("h3", {}, "Thefts"),
    thefts.length
      ? h(
          "ol",
          { class: "thefts", "data-testid": "thefts" },
          thefts.map(([thief, victim]) =>
            h("li", {}, `${capitalised(thief === viewer ? "you" : nameOf(thief))} stole 1 gold piece from ${victim === viewer ? "you" : nameOf(victim)}`),
          ),
        )
      : h("p", { "data-testid": "thefts" }, "No thefts this round."),
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
        h("caption", {}, observation.edition === "saboteur2" ? "Gold pieces, round by round" : "Nuggets, round by round"),
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
