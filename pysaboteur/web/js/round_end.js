// The end of a round (who won, every role and goal revealed, the maze as it
// ended) and the end of the game (nuggets, winners, replay and record).

import { h } from "./dom.js";
import { cardSvg } from "./card_art.js";
import { describeCard, goalName, piecesText } from "./cards.js";
import { duelNuggets } from "./cards_duel.js";
import { duelRoundOutcome, duelRoundSummary, isDuelRound } from "./duel_view.js";
import { renderMaze } from "./maze_svg.js";
import { t, tParts, tn } from "./i18n.js";
import { ROLE_NAMES, isSaboteur2Round, listNames, openToText, personCase, roundOutcome } from "./words.js";

function roleBadge(role) {
  return h("span", { class: `role-badge ${role}` }, ROLE_NAMES[role]);
}

/** The content of the round-end dialog for finished round `number` (1-based). */
export function renderRoundEnd({ summary, number, nameOf, viewer, observation, onContinue }) {
  if (isDuelRound(summary)) return renderDuelRoundEnd({ summary, number, nameOf, viewer, observation, onContinue });
  const goalEntries = summary.maze.filter((entry) => ["gold", "stone-NE", "stone-NW"].includes(entry.card));
  const last = observation.phase === "over";
  const { svg } = renderMaze({
    cards: summary.maze,
    goals: [],
    zoom: 0.5,
    label: t("roundend.maze_label", { round: number }),
  });
  const saboteur2 = isSaboteur2Round(summary);
  return h(
    "div",
    { class: "round-end", "data-testid": "round-end" },
    // The dialog opens with its heading in focus (showModal focuses the autofocus
    // element): focusing its first button instead scrolled a long summary down.
    h("h2", { id: "round-end-title", tabindex: "-1", autofocus: true }, t("roundend.title", { round: number })),
    h("p", { class: `outcome ${summary.winner}` }, roundOutcome(summary, nameOf, viewer)),
    saboteur2 && saboteur2Summary({ summary, number, nameOf, viewer, observation }),
    h(
      "div",
      { class: "round-end-columns" },
      !saboteur2 &&
        h(
        "section",
        {},
        h("h3", {}, t("roundend.roles")),
        h(
          "ul",
          { class: "role-list" },
          summary.roles.map((role, seat) =>
            h(
              "li",
              {},
              h("span", {}, seat === viewer ? t("roundend.name_you", { name: nameOf(seat) }) : nameOf(seat)),
              roleBadge(role),
            ),
          ),
          h("li", { class: "set-aside" }, h("span", {}, t("roundend.set_aside")), roleBadge(summary.set_aside)),
        ),
      ),
      h(
        "section",
        {},
        h("h3", {}, t("roundend.goals")),
        h(
          "ul",
          { class: "goal-list" },
          goalEntries.map((entry) => {
            const label = t("roundend.goal_label", { cell: `${entry.x},${entry.y}`, goal: goalName(entry.card) });
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
    roundEndFoot({ svg, last, number, onContinue }),
  );
}

/** The foot of every round-end dialog: the maze as the round ended, folded, and the
 * button to the next round or the score. */
function roundEndFoot({ svg, last, number, onContinue }) {
  return [
    h(
      "details",
      { class: "final-maze" },
      h("summary", {}, t("roundend.final_maze")),
      h("div", { class: "maze-scroll small" }, svg),
    ),
    h(
      "div",
      { class: "buttons" },
      h(
        "button",
        { type: "button", class: "button primary", "data-testid": "round-end-continue", onclick: onContinue },
        last ? t("roundend.see_score") : t("roundend.next_round", { round: number + 1 }),
      ),
    ),
  ];
}

/** The six goal cells of the Duel, in the order of a round's `goals` (rules-duel.md 2.1). */
const DUEL_GOAL_CELLS = [[5, -2], [5, 0], [5, 2], [7, -1], [7, 1], [9, 0]];

/** The Duel's round: why it ended, the score with trolls paid, its six goals, the maze
 * with the counters as they lay. */
function renderDuelRoundEnd({ summary, number, nameOf, viewer, observation, onContinue }) {
  const last = observation.phase === "over";
  const cells = (lists) => lists.flatMap((list, seat) => list.map((cell) => ({ cell, seat })));
  const at = ({ cell, seat }) => ({ x: Number(cell.split(",")[0]), y: Number(cell.split(",")[1]), seat });
  const bribed = new Map();
  for (const { x, y, seat } of cells(summary.bribes).map(at)) {
    const key = `${x},${y}`;
    bribed.set(key, { x, y, seats: [...(bribed.get(key)?.seats || []), seat] });
  }
  const tokens = { claims: cells(summary.claims).map(at), bribes: [...bribed.values()], keys: [] };
  const goals = DUEL_GOAL_CELLS.map(([x, y], index) => ({ x, y, face_up: true, card: summary.goals[index] }));
  const faceUp = new Set(summary.maze.map((entry) => `${entry.x},${entry.y}`));
  const { svg } = renderMaze({
    cards: summary.maze,
    goals: goals.filter((goal) => faceUp.has(`${goal.x},${goal.y}`)),
    tokens,
    zoom: 0.5,
    label: t("roundend.maze_label", { round: number }),
  });
  return h(
    "div",
    { class: "round-end", "data-testid": "round-end" },
    h("h2", { id: "round-end-title", tabindex: "-1", autofocus: true }, t("roundend.title", { round: number })),
    h("p", { class: "outcome", "data-testid": "duel-round-end" }, duelRoundOutcome(summary)),
    duelRoundSummary({ summary, number, nameOf, viewer, observation }),
    h(
      "section",
      {},
      h("h3", {}, t("roundend.goals")),
      h(
        "ul",
        { class: "goal-list" },
        goals.map((goal) => {
          const label = t("roundend.duel_goal_label", {
            cell: `${goal.x},${goal.y}`,
            goal: describeCard(goal.card, { goal: true }),
          });
          return h(
            "li",
            {},
            cardSvg({ kind: "goal", card: goal.card, shape: goal.card }, label, { width: 45, height: 63 }),
            h("span", {}, tn("cards.nuggets", duelNuggets(goal.card))),
          );
        }),
      ),
    ),
    roundEndFoot({ svg, last, number, onContinue }),
  );
}

/** Saboteur 2's round: doors, every dwarf card with its gold this round and in all, the thefts. */
function saboteur2Summary({ summary, number, nameOf, viewer, observation }) {
  const upTo = observation.rounds.slice(0, number);
  const total = (seat) => upTo.reduce((sum, round) => sum + (round.gold ? round.gold[seat] : 0), 0);
  const name = (seat) => (seat === viewer ? t("roundend.name_you", { name: nameOf(seat) }) : nameOf(seat));
  const thefts = summary.thefts || [];
  return h(
    "div",
    { class: "saboteur2-summary" },
    summary.gold_reached && h("p", { class: "open-to", "data-testid": "open-to" }, openToText(summary)),
    h("p", { class: "winners-line", "data-testid": "round-winners" }, summary.winners.length
        ? t("roundend.round_winners", { names: listNames(summary.winners, nameOf, viewer) })
        : t("roundend.round_nobody")),
    h(
      "div",
      { class: "score-box" },
      h(
        "table",
        { class: "score dwarf-cards" },
        h("caption", {}, t("roundend.dwarf_cards_caption", { round: number })),
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", { scope: "col" }, t("roundend.column_player")),
            h("th", { scope: "col" }, t("roundend.column_dwarf_card")),
            h("th", { scope: "col" }, t("roundend.column_this_round")),
            h("th", { scope: "col" }, t("roundend.column_in_all")),
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
                summary.winners.includes(seat) ? h("span", { class: "star", "aria-label": t("common.winner") }, " ★") : null,
              ),
              h(
                "td",
                {},
                roleBadge(role),
                summary.trapped[seat] ? h("span", { class: "trapped-note" }, " ", t("roundend.trapped_note")) : null,
              ),
              h("td", { "data-testid": `round-gold-${seat}`, "data-gold": "" }, `+${summary.gold[seat]}`),
              h("td", { class: "total" }, piecesText(total(seat))),
            ),
          ),
        ),
      ),
    ),
    h(
      "p",
      { class: "crystals" },
      tn("roundend.crystals", summary.crystals),
    ),
    h("h3", {}, t("roundend.thefts")),
    thefts.length
      ? h(
          "ol",
          { class: "thefts", "data-testid": "thefts" },
          thefts.map(([thief, victim]) =>
            h("li", {}, t(`roundend.theft.${personCase(thief, victim, viewer)}`, { thief: nameOf(thief), victim: nameOf(victim) })),
          ),
        )
      : h("p", { "data-testid": "thefts" }, t("roundend.no_thefts")),
  );
}

/** The final score: nuggets per round and in all, the winners, replay and record links. */
export function renderGameEnd({ observation, nameOf, viewer, tableId }) {
  const winners = observation.winners || [];
  const names = listNames(winners, nameOf, viewer);
  let winnersLine = tn("roundend.game_winners", winners.length, { names });
  if (!winners.length) winnersLine = t("roundend.game_nobody");
  else if (winners.length === 1 && winners[0] === viewer) winnersLine = t("roundend.game_you_win");
  else if (winners.includes(viewer)) winnersLine = t("roundend.game_winners_with_you", { names });
  return h(
    "section",
    { class: "game-end", "data-testid": "game-end", "aria-labelledby": "game-end-title" },
    h("h2", { id: "game-end-title" }, t("roundend.game_over")),
    h("p", { class: "winners", "data-testid": "winners" }, winnersLine),
    h(
      "div",
      { class: "score-box" },
      h(
        "table",
        { class: "score" },
        h(
          "caption",
          {},
          observation.edition === "saboteur2" ? t("roundend.caption_gold_pieces") : t("roundend.caption_nuggets"),
        ),
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", { scope: "col" }, t("roundend.column_player")),
            observation.rounds.map((_, index) => h("th", { scope: "col" }, roundColumn(index + 1))),
            h("th", { scope: "col" }, t("roundend.column_total")),
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
                winners.includes(seat) ? h("span", { class: "star", "aria-label": t("common.winner") }, " ★") : null,
              ),
              observation.rounds.map((round) => h("td", {}, String(roundScore(round, seat)))),
              h("td", { class: "total", "data-testid": `nuggets-${seat}`, "data-gold": "" }, String(nuggets)),
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
        t("common.watch_replay"),
      ),
      h(
        "a",
        {
          class: "button",
          href: `/api/tables/${encodeURIComponent(tableId)}/record`,
          download: `saboteur-${tableId}.json`,
          "data-testid": "record-link",
        },
        t("common.download_record"),
      ),
    ),
  );
}

/** What a seat scored in a finished round: the Duel's nuggets after its trolls are
 * paid, the other editions' gold. */
function roundScore(round, seat) {
  if (isDuelRound(round)) return round.nuggets[seat];
  return round.gold ? round.gold[seat] : "–";
}

/** A score column's head, "round 2": on a narrow screen only the number shows. */
function roundColumn(round) {
  const number = h("span", {}, String(round));
  return tParts("roundend.round_column", { round: number }).map((part) =>
    typeof part === "string" ? h("span", { class: "wide-only" }, part) : part,
  );
}
