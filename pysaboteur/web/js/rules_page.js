// The How to play page: the rules of the three editions in the project's words
// (docs/rules.md, docs/rules-saboteur2.md, docs/rules-duel.md), the cards drawn by the table's own
// drawing code, and every number read from the engine's tables through
// /api/rules/{edition}, so that the page never says other than the table plays.

import { formatNumber, t, tn } from "./i18n.js";
import { fill, h } from "./dom.js";
import { cardLabel, isBaseFace, isDeadEnd, parseFace } from "./cards.js";
import { renderMaze } from "./maze_svg.js";
import { card, cards, deckNumbers, explained, list, para, section, sum, table } from "./rules_blocks.js";
import { duelSections } from "./rules_page_duel.js";

const EDITIONS = ["base", "saboteur2", "duel"];
const app = document.getElementById("rules");
const numbers = {};
let edition = chosenEdition();

/** The edition asked for by `?edition=` (the table's), the base game otherwise. */
function chosenEdition() {
  const asked = new URLSearchParams(window.location.search).get("edition");
  return EDITIONS.includes(asked) ? asked : "base";
}

async function loadNumbers() {
  const answers = await Promise.all(
    EDITIONS.map(async (name) => {
      const response = await fetch(`/api/rules/${name}`);
      if (!response.ok) throw new Error(`/api/rules/${name}: ${response.status}`);
      return [name, await response.json()];
    }),
  );
  for (const [name, data] of answers) numbers[name] = data;
}

/** An example maze drawn by the table's maze drawing, scaled to the page's width. */
function exampleMaze(placed, goldAt, caption, label) {
  const goals = [-2, 0, 2].map((y) =>
    y === goldAt ? { x: 8, y, face_up: true, card: "gold" } : { x: 8, y, face_up: false },
  );
  const entries = [
    { x: 0, y: 0, card: "start", shape: "NESW" },
    ...placed.map(([x, y, shape]) => ({ x, y, shape, card: shape })),
    { x: 8, y: goldAt, card: "gold", shape: "NESW" },
  ];
  const { svg } = renderMaze({ cards: entries, goals, label });
  return h("figure", { class: "rules-maze", "data-testid": "example-maze" }, svg, h("figcaption", {}, caption));
}


// ---- what both editions share -----------------------------------------------------

function setupCards() {
  return cards(
    card({ kind: "start" }, t("rules.card_start"), { code: "start" }),
    card({ kind: "back" }, t("rules.card_goal_back"), { code: "back" }),
    card({ kind: "goal", card: "gold", shape: "NESW" }, t("rules.card_goal_gold"), { code: "gold" }),
    card({ kind: "goal", card: "stone-NE", shape: "NE" }, t("rules.card_goal_stone"), { code: "stone-NE" }),
  );
}

function basePathCards(data) {
  const count = (code) => data.cards.path[code];
  const path = (shape, name, shown = true) =>
    card({ kind: "path", shape }, name, { count: shown ? count(shape) : null, code: shape });
  return cards(
    path("NS", t("rules.path_straight")),
    path("SW", t("rules.path_curve")),
    path("NE", t("rules.path_curve_turned"), false),
    path("NES", t("rules.path_junction")),
    path("NESW", t("rules.path_crossing")),
    path("xNS", t("rules.path_dead_end")),
    path("xN", t("rules.path_dead_end_short")),
  );
}

function pathRules(ruleOnTools) {
  return [
    para(t("rules.paths_rules_intro")),
    list([t("rules.paths_rule_fit"), t("rules.paths_rule_connect"), ruleOnTools]),
    para(t("rules.paths_dead_end")),
    para(t("rules.paths_goal")),
  ];
}

/** An action card's name as the hand shows it under the card ("break-pick" -> "Break pick"). */
const cardName = cardLabel;

function baseActionCards(data) {
  const count = (code) => data.cards.action[code];
  // The cards' names are the table's own (cards.json), so the page and the table agree.
  const action = (code) => card({ kind: "action", code }, cardName(code), { count: count(code) });
  return [
    explained(
      [
        action("break-pick"),
        action("break-lamp"),
        action("break-cart"),
      ],
      t("rules.actions_break"),
    ),
    explained(
      [
        action("fix-pick"),
        action("fix-lamp"),
        action("fix-cart"),
        action("fix-pick-lamp"),
        action("fix-pick-cart"),
        action("fix-lamp-cart"),
      ],
      t("rules.actions_fix"),
    ),
    explained([action("map")], t("rules.actions_map")),
    explained([action("rockfall")], t("rules.actions_rockfall")),
  ];
}

/** Who begins rounds 2 and on, by the rule option `next_round_start` (rules.md section 8). */
const NEXT_ROUND_START = {
  "after-last": "rules.game_next_after_last",
  rotate: "rules.game_next_rotate",
  "last-path": "rules.game_next_last_path",
};

/** The table's own `next_round_start`, when the table's link says it (`?next_round_start=`). */
function tableNextRoundStart() {
  const asked = new URLSearchParams(window.location.search).get("next_round_start");
  return Object.hasOwn(NEXT_ROUND_START, asked) ? asked : null;
}

/** Who begins each round: the engine's first seat (Game.new's `first`, seat 0) in round 1,
 * then the option in force: the table's, or the default and the other choices. */
function whoBegins() {
  const option = tableNextRoundStart();
  const later = option
    ? [para(t(NEXT_ROUND_START[option]))]
    : [para(t("rules.game_next")), para(t("rules.game_next_others"))];
  return [para(t("rules.game_first")), ...later];
}

function nextRoundAndWinner(roundsKey, winnerKey, data) {
  return [para(tn(roundsKey, data.rounds)), ...whoBegins(), para(t(winnerKey))];
}

// ---- the base game ----------------------------------------------------------------

function baseSections(data) {
  const counts = data.counts;
  const goldTotal = sum(Object.values(data.gold_cards));
  const paths = Object.entries(data.cards.path);
  const dead = sum(paths.filter(([code]) => isDeadEnd(code)).map(([, count]) => count));
  return [
    section(
      "goal",
      t("rules.goal_title"),
      para(t("rules.goal_base_1")),
      para(t("rules.goal_base_2")),
      para(tn("rules.goal_base_3", data.rounds)),
    ),
    section(
      "roles",
      t("rules.roles_title"),
      para(t("rules.roles_base_1")),
      para(t("rules.roles_base_2")),
      table(
        t("rules.roles_base_caption"),
        [t("rules.col_players"), t("rules.col_saboteurs"), t("rules.col_miners")],
        counts.map((row) => [row.players, row.saboteurs, row.miners]),
        "table-roles",
      ),
    ),
    section(
      "setup",
      t("rules.setup_title"),
      para(t("rules.setup_1")),
      setupCards(),
      para(t("rules.setup_base_2", deckNumbers(data))),
      table(
        t("rules.setup_base_caption"),
        [t("rules.col_players"), t("rules.col_hand")],
        counts.map((row) => [row.players, row.hand]),
        "table-hands",
      ),
      para(tn("rules.setup_base_3", goldTotal)),
    ),
    section(
      "turn",
      t("rules.turn_title"),
      para(t("rules.turn_1")),
      list([t("rules.turn_base_place"), t("rules.turn_base_action"), t("rules.turn_base_discard")]),
      para(t("rules.turn_base_2")),
    ),
    section(
      "paths",
      t("rules.paths_title"),
      para(t("rules.paths_1")),
      basePathCards(data),
      para(t("rules.paths_count", { paths: data.cards.path_total, open: data.cards.path_total - dead, dead })),
      pathRules(t("rules.paths_rule_tools")),
      exampleMaze(
        [
          [1, 0, "EW"], [2, 0, "SW"], [2, 1, "NE"], [3, 1, "EW"], [4, 1, "NW"],
          [4, 0, "ES"], [5, 0, "EW"], [6, 0, "NESW"], [6, 1, "xN"], [7, 0, "EW"],
        ],
        0,
        t("rules.paths_example"),
        t("rules.example_maze_label"),
      ),
    ),
    section("actions", t("rules.actions_title"), para(t("rules.actions_1")), baseActionCards(data)),
    section(
      "round-end",
      t("rules.round_end_title"),
      para(t("rules.round_end_base_intro")),
      list([t("rules.round_end_base_gold"), t("rules.round_end_base_empty")]),
      para(t("rules.round_end_base_2")),
    ),
    section(
      "gold",
      t("rules.gold_title"),
      para(t("rules.gold_base_cards")),
      cards(
        ...Object.entries(data.gold_cards).map(([value, count]) =>
          card({ kind: "gold", value: Number(value) }, tn("rules.gold_nuggets", Number(value)), {
            count,
            code: `gold-${value}`,
          }),
        ),
      ),
      para(t("rules.gold_base_miners")),
      table(
        t("rules.gold_base_draws_caption"),
        [t("rules.col_players"), t("rules.col_finder_draws")],
        counts.map((row) => [row.players, row.finder_draws]),
        "table-finder-draws",
      ),
      para(t("rules.gold_base_finder_saboteur")),
      para(t("rules.gold_base_option")),
      para(t("rules.gold_base_saboteurs")),
      table(
        t("rules.gold_base_pay_caption"),
        [t("rules.col_saboteurs_in_play"), t("rules.col_nuggets_each")],
        data.saboteur_pay.map((row) => [row.saboteurs, row.nuggets]),
        "table-saboteur-pay",
      ),
      para(t("rules.gold_base_exact")),
      para(t("rules.gold_base_secret")),
    ),
    section("game", t("rules.game_title"), nextRoundAndWinner("rules.game_base_1", "rules.game_base_2", data)),
  ];
}

// ---- Saboteur 2 -------------------------------------------------------------------

const DWARFS = ["green", "blue", "boss", "profiteer", "geologist", "saboteur"];

/** What a Saboteur 2 path card shows that matters for the words: its kind. */
function newPathKind(code) {
  const face = parseFace(code);
  if (face.ladder) return "ladder";
  if (face.door) return `door-${face.door}`;
  if (face.crystal) return "crystal";
  const crossing = face.tunnels.every((sides) => ["NS", "EW"].includes(sides.join("")));
  return crossing ? "bridge" : "double-curve";
}

function newPathCards(data) {
  const byKind = {};
  for (const [code, count] of Object.entries(data.cards.path)) {
    if (isBaseFace(code)) continue;
    const kind = newPathKind(code);
    byKind[kind] = (byKind[kind] || 0) + count;
  }
  const path = (shape, key, kind) =>
    card({ kind: "path", shape }, t(key), { count: kind ? byKind[kind] : null, code: shape });
  return [
    explained([path("NS+EW", "rules.path_bridge", "bridge")], t("rules.path_bridge_text")),
    explained([path("NW+ES", "rules.path_double_curve", "double-curve")], t("rules.path_double_curve_text")),
    explained(
      [path("N/ladder", "rules.path_ladder", "ladder"), path("NE/ladder", "rules.path_ladder")],
      t("rules.path_ladder_text"),
    ),
    explained(
      [
        path("EW/door-blue", "rules.path_door_blue", "door-blue"),
        path("NS/door-green", "rules.path_door_green", "door-green"),
      ],
      t("rules.path_doors_text"),
    ),
    explained(
      [path("NES/crystal", "rules.path_crystal", "crystal"), path("xN/crystal", "rules.path_crystal")],
      t("rules.path_crystal_text"),
    ),
  ];
}

function newActionCards(data, base) {
  const fresh = Object.keys(data.cards.action).filter((code) => !(code in base.cards.action));
  return fresh.map((code) => {
    const key = code.replaceAll("-", "_");
    return explained(
      [card({ kind: "action", code }, cardName(code), { count: data.cards.action[code] })],
      t(`rules.actions_${key}`),
    );
  });
}

function saboteur2Sections(data, base) {
  const newPaths = sum(Object.entries(data.cards.path).filter(([code]) => !isBaseFace(code)).map(([, n]) => n));
  const newActions = data.cards.action_total - base.cards.action_total;
  const basePaths = data.cards.path_total - newPaths;
  const pieces = (count) => tn("rules.pieces", count);
  const example = data.shares.find((row) => row.winners === 3).share;
  const lessOf = (role) => Math.max(0, example - data.shortfall[role]);
  const lastShare = data.shares[data.shares.length - 1].winners;
  return [
    section("goal", t("rules.goal_title"), para(t("rules.goal_s2_1")), para(tn("rules.goal_s2_2", data.rounds))),
    section(
      "roles",
      t("rules.roles_title"),
      para(t("rules.roles_s2_1")),
      table(
        t("rules.roles_s2_caption"),
        [t("rules.col_dwarf"), t("rules.col_count"), t("rules.col_wins")],
        DWARFS.map((role) => [t(`rules.role_${role}`), data.roles[role], t(`rules.wins_${role}`)]),
        "table-dwarfs",
      ),
    ),
    section(
      "setup",
      t("rules.setup_title"),
      para(t("rules.setup_1")),
      setupCards(),
      para(t("rules.setup_s2_2", deckNumbers(data))),
      para(tn("rules.setup_s2_3", data.hand, { removed: formatNumber(data.removed) })),
      para(t("rules.setup_s2_4")),
      para(t("rules.setup_s2_note", { new_paths: newPaths, new_actions: newActions })),
    ),
    section(
      "turn",
      t("rules.turn_title"),
      para(t("rules.turn_1")),
      list([
        t("rules.turn_s2_place"),
        t("rules.turn_s2_action"),
        t("rules.turn_s2_clear"),
        tn("rules.turn_s2_discard", data.most_discarded),
      ]),
      para(t("rules.turn_s2_2")),
    ),
    section(
      "paths",
      t("rules.paths_title"),
      para(t("rules.paths_1")),
      basePathCards(data),
      para(t("rules.paths_s2_count", { paths: data.cards.path_total, base: basePaths, new: newPaths })),
      pathRules(t("rules.paths_s2_rule_trapped")),
      para(t("rules.paths_s2_1")),
      newPathCards(data),
      exampleMaze(
        [
          [1, 0, "NS+EW"], [2, 0, "EW/door-blue"], [3, 0, "ESW/crystal"], [4, 0, "EW"],
          [5, 0, "EW"], [6, 0, "EW"], [7, 0, "EW"], [1, 1, "N/ladder"],
        ],
        0,
        t("rules.paths_s2_example"),
        t("rules.example_maze_s2_label"),
      ),
    ),
    section(
      "actions",
      t("rules.actions_title"),
      para(t("rules.actions_1")),
      baseActionCards(data),
      para(t("rules.actions_s2_1")),
      newActionCards(data, base),
    ),
    section(
      "round-end",
      t("rules.round_end_title"),
      para(t("rules.round_end_s2_1")),
      para(t("rules.round_end_s2_open")),
      para(t("rules.round_end_s2_intro")),
      list([t("rules.round_end_s2_digger"), t("rules.round_end_s2_other"), t("rules.round_end_s2_boss")]),
      para(t("rules.round_end_s2_not_reached")),
      para(t("rules.round_end_s2_never")),
    ),
    section(
      "scoring",
      t("rules.scoring_title"),
      para(t("rules.scoring_s2_1")),
      para(t("rules.scoring_s2_share")),
      table(
        t("rules.scoring_s2_share_caption"),
        [t("rules.col_winners"), t("rules.col_share")],
        data.shares.map((row) => [
          row.winners === lastShare ? t("rules.winners_or_more", { count: formatNumber(row.winners) }) : row.winners,
          row.share,
        ]),
        "table-shares",
      ),
      para(
        t("rules.scoring_s2_less", { boss: pieces(data.shortfall.boss), profiteer: pieces(data.shortfall.profiteer) }),
      ),
      para(
        t("rules.scoring_s2_example", {
          winners: formatNumber(3),
          digger: pieces(example),
          boss: pieces(lessOf("boss")),
          profiteer: pieces(lessOf("profiteer")),
        }),
      ),
      para(t("rules.scoring_s2_geologists")),
      para(t("rules.scoring_s2_thefts")),
      para(t("rules.scoring_s2_public")),
    ),
    section("game", t("rules.game_title"), nextRoundAndWinner("rules.game_s2_1", "rules.game_s2_2", data)),
  ];
}

// ---- the page ---------------------------------------------------------------------

function editionTabs() {
  const tab = (name) =>
    h(
      "button",
      {
        type: "button",
        role: "tab",
        class: "rules-tab",
        "aria-selected": name === edition ? "true" : "false",
        "aria-controls": "rules-body",
        "data-testid": `edition-${name}`,
        onclick: () => choose(name),
      },
      t(`rules.edition_${name}`),
    );
  return h("div", { class: "rules-tabs", role: "tablist", "aria-label": t("rules.editions_label") }, EDITIONS.map(tab));
}

function contents(sections) {
  return h(
    "nav",
    { class: "rules-contents", "aria-label": t("rules.contents") },
    h("h2", {}, t("rules.contents")),
    h(
      "ol",
      {},
      sections.map((node) =>
        h("li", {}, h("a", { href: `#${node.id}` }, node.querySelector("h2").textContent)),
      ),
    ),
  );
}

function render() {
  const data = numbers[edition];
  const sections =
    { saboteur2: () => saboteur2Sections(data, numbers.base), duel: () => duelSections(data) }[edition]?.() ||
    baseSections(data);
  const intro = t(`rules.intro_${edition}`, { min: data.min_players, max: data.max_players });
  fill(
    app,
    h("h1", {}, t("rules.title")),
    editionTabs(),
    h(
      "div",
      { id: "rules-body", role: "tabpanel", class: "rules-body" },
      h("p", { class: "rules-intro" }, intro, " ", t("rules.intro_table")),
      contents(sections),
      sections,
    ),
  );
  document.body.dataset.edition = edition;
  document.body.dataset.ready = "yes";
}

function choose(name) {
  edition = name;
  const url = new URL(window.location.href);
  url.searchParams.set("edition", name);
  window.history.replaceState(null, "", url);
  render();
  document.querySelector(`[data-testid="edition-${name}"]`).focus();
}

async function start() {
  try {
    await loadNumbers();
  } catch (error) {
    console.warn(error);
    fill(app, h("p", { class: "loading", "data-testid": "rules-error" }, t("rules.load_failed")));
    return;
  }
  render();
}

start();
