// The lobby page (/lobby): the tables their hosts listed, asked of the server every
// few seconds (GET /api/lobby). Each says its game, its seats, its host's language
// and its clock; one with a free seat may be joined, a started one watched.

import { api } from "./api.js";
import { fill, h } from "./dom.js";
import { LANGUAGES, t, tn } from "./i18n.js";
import { showMessage } from "./messages.js";
import { clockText } from "./clock.js";

const EVERY = 3000; // milliseconds between two looks
const list = document.getElementById("open-tables");
let failing = false;

const languageName = (code) => LANGUAGES.find((entry) => entry.code === code)?.name || code;
const tablePath = (table) => `/t/${encodeURIComponent(table)}`;

function state(entry) {
  if (entry.status === "playing") return t("open.started");
  if (entry.free === 0) return t("open.full");
  return tn("open.seats_free", entry.free);
}

function action(entry) {
  if (entry.status === "lobby" && entry.free > 0)
    return h("a", { class: "button primary", href: tablePath(entry.table), "data-testid": `join-${entry.table}` }, t("open.join"));
  if (entry.spectators)
    return h("a", { class: "button", href: tablePath(entry.table), "data-testid": `watch-${entry.table}` }, t("open.watch"));
  return h("span", { class: "hint" }, t("open.no_spectators"));
}

function row(entry) {
  const game = entry.edition === "saboteur2" ? t("common.saboteur2") : t("pregame.edition_base");
  const clock = clockText(entry.clock);
  return h(
    "tr",
    { "data-testid": `open-table-${entry.table}`, class: entry.status },
    h("td", {}, game),
    h("td", {}, tn("open.players", entry.players), h("br"), h("span", { class: "hint" }, state(entry))),
    h("td", { class: "names" }, entry.names.join(", ")),
    h("td", { lang: entry.language }, languageName(entry.language)),
    h("td", {}, clock),
    h("td", {}, action(entry)),
  );
}

function show(tables) {
  if (!tables.length) {
    fill(list, h("p", { "data-testid": "no-open-tables" }, t("open.none")));
    return;
  }
  const head = ["open.column_game", "open.column_seats", "open.column_names", "open.column_language", "open.column_clock", ""];
  fill(
    list,
    h(
      "table",
      { class: "score open-table-list" },
      h("thead", {}, h("tr", {}, head.map((key) => h("th", { scope: "col" }, key ? t(key) : "")))),
      h("tbody", {}, tables.map(row)),
    ),
  );
}

async function look() {
  try {
    show((await api.openTables()).tables);
    failing = false;
  } catch (error) {
    if (!failing) showMessage(error.message); // once, not every few seconds
    failing = true;
  }
}

look();
setInterval(look, EVERY);
