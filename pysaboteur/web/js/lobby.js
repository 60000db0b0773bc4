// The front page (/): create a table, go to one by its link, or back to a table
// this browser holds a seat at.

import { api, saveToken } from "./api.js";
import { h, fill } from "./dom.js";
import { clearMessages, showMessage } from "./messages.js";
import { t, tn } from "./i18n.js";
import { awayAfterFrom } from "./host.js";

const BOT_WORDS = {
  heuristic: "lobby.bot_heuristic",
  random: "lobby.bot_random",
  ismcts: "lobby.bot_ismcts",
  "ismcts:seconds=1": "lobby.bot_ismcts_second",
};
const FALLBACK_BOTS = { bots: ["heuristic", "random"], default: "heuristic" };

const form = document.getElementById("create-form");

/** The seats each edition allows (the server checks them too). */
const SEATS = { base: [3, 10], saboteur2: [2, 12], duel: [2, 2] };
const ABOUT = {
  base: "lobby.edition_base_about",
  saboteur2: "lobby.edition_saboteur2_about",
  duel: "lobby.edition_duel_about",
};
/** The server's bots, and those that play each edition (the Duel's are fewer). */
let offered = FALLBACK_BOTS;

/** The players' choice for the chosen edition, keeping the number chosen when it still fits. */
function fillPlayers() {
  const edition = document.getElementById("edition").value;
  const select = document.getElementById("players");
  const [low, high] = SEATS[edition] || SEATS.base;
  const chosen = Number(select.value) || 4;
  const keep = Math.min(high, Math.max(low, chosen));
  const options = [];
  for (let players = low; players <= high; players++) {
    options.push(h("option", { value: players, selected: players === keep }, tn("lobby.players_option", players)));
  }
  fill(select, options);
  // Saboteur 2 pays in gold pieces: how many gold cards to draw means nothing there;
  // the Duel has neither gold cards nor a choice of who starts (rules-duel.md 10).
  document.getElementById("gold-draw-options").hidden = edition !== "base";
  document.getElementById("next-round-options").hidden = edition === "duel";
  document.getElementById("duel-deck").hidden = edition !== "duel";
  // The options name the game and its seats; what the game is reads below, whole.
  document.getElementById("edition-about").textContent = t(ABOUT[edition] || ABOUT.base);
  showBots();
}

async function fillBots() {
  try {
    const response = await fetch("/api/bots", { cache: "no-store" });
    if (response.ok) offered = await response.json();
  } catch {
    // the server's list is a courtesy: the fallback names bots every server has
  }
  showBots();
}

/** The bots the chosen edition may seat, its first the default where it has its own. */
function showBots() {
  const edition = document.getElementById("edition").value;
  const own = offered.editions?.[edition];
  const bots = own || offered.bots;
  const chosen = own ? own[0] : offered.default;
  fill(
    document.getElementById("bots"),
    bots.map((spec) => h("option", { value: spec, selected: spec === chosen }, BOT_WORDS[spec] ? t(BOT_WORDS[spec]) : spec)),
  );
}

/** The Duel's own deck file, if one was chosen: its content, or null; throws a
 * sentence to show when the file is not JSON. */
async function chosenDeck() {
  const file = document.getElementById("deck").files?.[0];
  if (!file || document.getElementById("edition").value !== "duel") return null;
  try {
    return JSON.parse(await file.text());
  } catch {
    throw new Error(t("lobby.deck_not_json", { file: file.name }));
  }
}

async function create(event) {
  event.preventDefault();
  const data = new FormData(form);
  const clock = data.get("clock");
  const settings = {
    name: String(data.get("name")).trim(),
    edition: String(data.get("edition")),
    players: Number(data.get("players")),
    bots: String(data.get("bots")),
    spectators: data.get("spectators") === "on",
    spectators_talk: data.get("spectators_talk") === "on",
    rated: data.get("rated") === "on",
    clock: clock ? Number(clock) : null,
    away_after: awayAfterFrom(data),
    listed: data.get("listed") === "on",
    options: {
      gold_draw: String(data.get("gold_draw")),
      next_round_start: String(data.get("next_round_start")),
      open_hands: data.get("open_hands") === "on",
    },
  };
  // The Duel's one option is open hands (rules-duel.md 10); its deck may be the host's own.
  if (settings.edition === "duel") {
    settings.options = { open_hands: settings.options.open_hands };
    try {
      const deck = await chosenDeck();
      if (deck) settings.deck = deck;
    } catch (error) {
      showMessage(error.message);
      return;
    }
  }
  if (!settings.name) {
    showMessage(t("common.write_name_first"));
    return;
  }
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  clearMessages("error");
  try {
    const created = await api.createTable(settings);
    saveToken(created.table, created.token);
    location.assign(created.invite);
  } catch (error) {
    showMessage(error.status === 429 ? tooManyTablesText(error) : error.message);
    button.disabled = false; // the form keeps what was typed: pressing again sends it again
  }
}

/** A refused creation under the server's limit on new tables, in a sentence that says
 * nothing was made and the form is kept. A proxy's 429 has no sentence of the server's. */
function tooManyTablesText(error) {
  if (error.code === "rate_limited") return t("lobby.not_created", { reason: error.message });
  if (error.retryAfter === null) return t("lobby.not_created_try_later");
  return tn("lobby.not_created_try_in", error.retryAfter);
}

/** "https://host/t/abc" or "abc" -> "abc" */
function tableIdFrom(text) {
  const match = text.trim().match(/(?:\/t\/)?([A-Za-z0-9_-]{4,})\/?$/);
  return match ? match[1] : null;
}

function goToTable(event) {
  event.preventDefault();
  const id = tableIdFrom(document.getElementById("go").value);
  if (id) location.assign(`/t/${encodeURIComponent(id)}`);
  else showMessage(t("lobby.bad_link"));
}

/** Tables this browser holds a seat at (their tokens are in localStorage). */
function listMyTables() {
  const prefix = "pysaboteur.token.";
  const ids = [];
  for (let index = 0; index < localStorage.length; index++) {
    const key = localStorage.key(index);
    if (key?.startsWith(prefix)) ids.push(key.slice(prefix.length));
  }
  if (!ids.length) return;
  fill(
    document.getElementById("my-tables"),
    h("h2", {}, t("lobby.your_tables")),
    h(
      "ul",
      { class: "my-tables" },
      ids.map((id) => h("li", {}, h("a", { href: `/t/${encodeURIComponent(id)}` }, t("common.table_name", { table: id })))),
    ),
  );
}

fillPlayers();
document.getElementById("edition").addEventListener("change", fillPlayers);
fillBots();
listMyTables();
form.addEventListener("submit", create);
document.getElementById("go-form").addEventListener("submit", goToTable);
