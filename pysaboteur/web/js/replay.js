// The replay page (/replay/{table}): a finished game move by move, with every
// hand and role shown (the game is over, so all of it is public).

import { api } from "./api.js";
import { fill, h } from "./dom.js";
import { nuggetsText } from "./cards.js";
import { renderMiniHand } from "./hand.js";
import { MazeView } from "./maze_view.js";
import { mazeSection, sidePanels } from "./game_view.js";
import { renderSeats } from "./seats.js";
import { renderLog } from "./log.js";
import { asSentence, showMessage } from "./messages.js";
import { ROLE_NAMES, describeMove, namer } from "./words.js";
import { t, tn } from "./i18n.js";
import { TalkPanel } from "./talk.js";
import { isDuel } from "./duel_view.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const app = document.getElementById("app");
const cache = new Map();
const state = { n: 0, total: 0, facts: null, loading: 0, maze: new MazeView() };
// The talk said during the game, up to the move shown (js/talk.js).
const talk = new TalkPanel({ readOnly: true });

async function position(n) {
  if (!cache.has(n))
    cache.set(
      n,
      api.replay(tableId, n).catch((error) => {
        cache.delete(n);
        throw error;
      }),
    );
  return cache.get(n);
}

function seatExtras(observation) {
  const extras = new Map();
  observation.roles.forEach((role, seat) => {
    extras.set(
      seat,
      h(
        "div",
        { class: "replay-seat" },
        h("span", { class: `role-badge ${role}` }, ROLE_NAMES[role]),
        // Saboteur 2's seat panels show the gold pieces already (seats.js): said once.
        !observation.gold_pieces &&
          !isDuel(observation) &&
          h("span", { class: "fact" }, t("replay.gold", { gold: nuggetsText(observation.gold_so_far[seat]) })),
        renderMiniHand(observation.hands[seat]),
      ),
    );
  });
  return extras;
}

function controls() {
  const button = (label, testid, target, aria) =>
    h(
      "button",
      {
        type: "button",
        class: "button",
        "data-testid": testid,
        "aria-label": aria,
        onclick: () => go(target()),
      },
      label,
    );
  const slider = h("input", {
    type: "range",
    min: 0,
    max: state.total,
    value: state.n,
    id: "replay-slider",
    "data-testid": "replay-slider",
    "aria-label": t("replay.jump_label"),
  });
  slider.addEventListener("input", () => go(Number(slider.value)));
  return h(
    "div",
    { class: "replay-controls panel" },
    h(
      "div",
      { class: "buttons" },
      button(t("replay.first"), "replay-first", () => 0, t("replay.first_label")),
      button(t("replay.back"), "replay-back", () => state.n - 1, t("replay.back_label")),
      button(t("replay.forward"), "replay-forward", () => state.n + 1, t("replay.forward_label")),
      button(t("replay.last"), "replay-last", () => state.total, t("replay.last_label")),
    ),
    h("label", { for: "replay-slider", class: "slider-label" }, t("replay.jump"), " ", slider),
    h(
      "a",
      {
        class: "button",
        href: api.recordUrl(tableId),
        download: `saboteur-${tableId}.json`,
        "data-testid": "record-link",
      },
      t("common.download_record"),
    ),
  );
}

async function go(n) {
  const target = Math.max(0, Math.min(state.total, n));
  state.n = target;
  const ticket = ++state.loading;
  let data;
  try {
    data = await position(target);
  } catch (error) {
    showMessage(error.message);
    return;
  }
  if (ticket !== state.loading) return; // a later request wins
  show(data);
}

function show(data) {
  const observation = data.observation;
  // Seats as players of a finished game: who was online then means nothing now.
  const seats = state.facts.seats.map((seat) => ({ ...seat, kind: seat.kind === "bot" ? "bot" : "player" }));
  const view = { table: { ...state.facts, seats }, observation, clock: null, legal: [] };
  const nameOf = namer(view);
  // After the last move, the maze as the last round ended, every goal face up.
  const ended = observation.phase === "over" && !isDuel(observation) ? observation.rounds.at(-1) : null;
  state.maze.show({
    cards: ended ? ended.maze : observation.maze,
    goals: ended ? [] : observation.goals,
    tokens: observation.duel || null,
    label: t("replay.maze_label"),
  });
  const moveText = data.move
    ? t("replay.move", { n: data.n, moves: data.moves, move: describeMove(data.move, nameOf, null) })
    : tn("replay.deal", data.moves);
  const slider = document.getElementById("replay-slider");
  if (slider) slider.value = String(data.n);
  fill(document.getElementById("replay-move"), moveText);
  fill(
    document.getElementById("replay-round"),
    tn("replay.round_facts", observation.draw_pile, { round: observation.round, rounds: 3 }),
  );
  fill(
    document.getElementById("seats-area"),
    renderSeats({ view, mySeat: null, nameOf, extras: seatExtras(observation) }),
  );
  const log = document.getElementById("log");
  fill(log, renderLog({ observation, nameOf, viewer: null, botMoves: data.bot_moves }));
  log.scrollTop = log.scrollHeight;
  document.body.dataset.n = String(data.n);
  talk.showUpTo(data.n);
  document.getElementById("announce").textContent = moveText;
}

async function start() {
  try {
    state.facts = await api.table(tableId);
    const rules = document.getElementById("rules-link"); // the rules of this game's edition
    if (rules) rules.href = `/rules?edition=${encodeURIComponent(state.facts.edition)}`;
    const first = await position(0);
    state.total = first.moves;
  } catch (error) {
    fill(
      app,
      h(
        "section",
        { class: "panel" },
        h("h1", {}, t("replay.none")),
        h("p", {}, asSentence(error.message)),
        // A table that is not there has no page to go back to: the front page has tables.
        error.code === "unknown_table"
          ? h("p", {}, h("a", { class: "button primary", href: "/" }, t("table.create_a_table")))
          : h("p", {}, h("a", { href: `/t/${encodeURIComponent(tableId)}` }, t("replay.back_to_table"))),
      ),
    );
    return;
  }
  document.getElementById("table-title").textContent = t("replay.title_of", { table: tableId });
  fill(
    app,
    h(
      "div",
      { class: "game replay" },
      h(
        "section",
        { class: "banner" },
        controls(),
        h("p", { class: "turn-status", id: "replay-move", "data-testid": "replay-move" }),
        h("p", { class: "facts", id: "replay-round" }),
      ),
      mazeSection(state.maze),
      sidePanels(),
    ),
  );
  await talk.mountReplay(app.querySelector(".side"), tableId, state.facts);
  await go(0);
}

document.addEventListener("keydown", (event) => {
  if (event.target instanceof HTMLInputElement) return;
  const steps = {
    ArrowLeft: () => state.n - 1,
    ArrowRight: () => state.n + 1,
    Home: () => 0,
    End: () => state.total,
  };
  if (steps[event.key]) {
    event.preventDefault();
    go(steps[event.key]());
  }
});

window.addEventListener("resize", () => state.maze.redraw());
start();
