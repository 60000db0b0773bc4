// The How to play page's Duel (docs/rules-duel.md): its own words, its cards drawn
// by the table's drawing code with the counts of the shipped deck file, and a maze
// with the two starts and the six goals in their pyramid.

import { formatNumber, t, tn } from "./i18n.js";
import { h } from "./dom.js";
import { describeCard, shortName } from "./cards.js";
import { renderMaze } from "./maze_svg.js";
import { card, cards, explained, list, para, section, table } from "./rules_blocks.js";

const pathSpec = (code) => ({ kind: "path", shape: code });

/** The set-up: both starts, six face-down goals, and a few cards already played. */
function duelMaze(data) {
  const [green, blue] = data.starts;
  const entries = [
    { x: green[0], y: green[1], card: "start-green", shape: "NESW/ladder-green" },
    { x: blue[0], y: blue[1], card: "start-blue", shape: "NESW/ladder-blue" },
    { x: 1, y: -1, card: "EW", shape: "EW" },
    { x: 2, y: -1, card: "NEW/troll@E", shape: "NEW/troll@E" },
    { x: 1, y: 1, card: "NW+ES/gold1@E", shape: "NW+ES/gold1@E" },
  ];
  const goals = data.goal_cells.map(([x, y]) => ({ x, y, face_up: false, card: null }));
  const tokens = { claims: [{ x: 1, y: 1, seat: 1, nuggets: 1 }], bribes: [{ x: 2, y: -1, seats: [0] }], keys: [] };
  const { svg } = renderMaze({ cards: entries, goals, tokens, label: t("rules.duel_maze_label") });
  return h("figure", { class: "rules-maze", "data-testid": "example-maze" }, svg, h("figcaption", {}, t("rules.duel_maze_caption")));
}

/** The path cards of the shipped deck, drawn, each with its count. */
function pathCards(data) {
  return cards(
    ...Object.entries(data.cards.path).map(([code, count]) =>
      card(pathSpec(code), shortName(code), { count, code }),
    ),
  );
}

function actionCards(data) {
  return cards(
    ...Object.entries(data.cards.action).map(([code, count]) =>
      card({ kind: "action", code }, shortName(code), { count, code }),
    ),
  );
}

/** The 18 goals face up, each with the nuggets it holds. */
function goalCards(data) {
  return cards(
    ...data.cards.goals.map((code) =>
      card({ kind: "goal", card: code, shape: code }, tn("cards.nuggets", nuggetsOf(code)), { code }),
    ),
  );
}

const nuggetsOf = (code) =>
  code
    .split("/")
    .filter((marker) => /^gold[123]@/.test(marker))
    .reduce((total, marker) => total + Number(marker[4]), 0);

export function duelSections(data) {
  const report = data.report;
  return [
    section("goal", t("rules.goal_title"), para(t("rules.duel_goal_1")), para(tn("rules.duel_goal_2", data.rounds))),
    section(
      "setup",
      t("rules.setup_title"),
      para(t("rules.duel_setup_1")),
      duelMaze(data),
      para(t("rules.duel_setup_2", { deck: data.cards.deck, paths: data.cards.path_total, actions: data.cards.action_total })),
      para(tn("rules.duel_setup_3", data.hand, { counters: formatNumber(data.counters), keys: formatNumber(data.key_tokens) })),
    ),
    section(
      "turn",
      t("rules.turn_title"),
      para(t("rules.duel_turn_1")),
      list([
        t("rules.duel_turn_place"),
        t("rules.duel_turn_action"),
        t("rules.duel_turn_clear"),
        tn("rules.duel_turn_discard", data.most_discarded),
      ]),
      para(t("rules.duel_turn_2")),
    ),
    section(
      "paths",
      t("rules.paths_title"),
      para(t("rules.duel_paths_1")),
      explained(
        [
          card(pathSpec("NES/door-green@S"), shortName("NES/door-green@S")),
          card({ kind: "action", code: "key" }, shortName("key")),
        ],
        t("rules.duel_paths_doors"),
      ),
      explained([card(pathSpec("NEW/troll@E"), shortName("NEW/troll@E"))], t("rules.duel_paths_trolls")),
      explained([card(pathSpec("EW/ladder-green"), shortName("EW/ladder-green"))], t("rules.duel_paths_ladders")),
      explained(
        [card(pathSpec("ESW+xN/gold1@N"), describeCard("ESW+xN/gold1@N"))],
        t("rules.duel_paths_stubs"),
      ),
      para(tn("rules.duel_paths_count", data.cards.path_total)),
      pathCards(data),
    ),
    section("actions", t("rules.actions_title"), para(t("rules.duel_actions_1")), actionCards(data)),
    section(
      "gold",
      t("rules.duel_gold_title"),
      para(t("rules.duel_gold_1")),
      para(t("rules.duel_gold_2")),
      table(
        t("rules.duel_deck_caption"),
        [t("rules.duel_col_what"), t("rules.col_count")],
        [
          [t("rules.duel_report_path_gold"), report.nuggets_on_path_cards],
          [t("rules.duel_report_goal_gold"), report.nuggets_on_goals],
          [t("rules.duel_report_trolls"), report.trolls],
          [t("rules.duel_report_ladders"), report.ladders],
          [t("rules.duel_report_doors_green"), report.green_doors],
          [t("rules.duel_report_doors_blue"), report.blue_doors],
        ],
        "table-duel-deck",
      ),
      goalCards(data),
    ),
    section(
      "round-end",
      t("rules.round_end_title"),
      para(t("rules.duel_round_end_1")),
      list([t("rules.duel_end_goals"), t("rules.duel_end_counters"), t("rules.duel_end_cards")]),
    ),
    section("scoring", t("rules.duel_scoring_title"), para(t("rules.duel_scoring_1")), para(t("rules.duel_scoring_2"))),
    section(
      "game",
      t("rules.game_title"),
      para(tn("rules.duel_game_1", data.rounds)),
      para(t("rules.duel_game_2")),
      data.provisional && para(t("rules.duel_provisional")),
    ),
  ];
}
