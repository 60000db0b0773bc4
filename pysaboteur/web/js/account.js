// The account page (/account): sign up or in; then My games (the tables where it is
// my turn first), replays and records, figures per edition and role, ratings beside
// the bots', how it is told it is its turn (the page's title, the browser's
// notifications, e-mail where the server sends it), signing out (here or everywhere)
// and deleting the account.

import { accountApi } from "./account_api.js";
import { fill, h } from "./dom.js";
import { showMessage } from "./messages.js";
import { formatNumber, t } from "./i18n.js";
import { ROLE_NAMES } from "./words.js";
import { adoptTurnSettings } from "./settings.js";
import { askToNotify, notificationsBlocked } from "./turn_notice.js";

const app = document.getElementById("app");

/** Where to go once signed in: ``?next=`` when it is a table's page of this site
 * (from a table's "sign in to play your seat here"), else nowhere. */
function nextPage() {
  const next = new URLSearchParams(location.search).get("next");
  return next && /^\/t\/[A-Za-z0-9_-]+$/.test(next) ? next : null;
}

function field(id, label, type, autocomplete) {
  return [
    h("label", { for: id }, label),
    h("input", { id, name: id, type, required: true, autocomplete, "data-testid": id }),
  ];
}

function credentialsForm(kind, title, submit, act) {
  const form = h(
    "form",
    { "data-testid": `${kind}-form` },
    h("h2", {}, title),
    ...field(`${kind}-name`, t("account.name"), "text", "username"),
    ...field(`${kind}-password`, t("account.password"), "password", kind === "signup" ? "new-password" : "current-password"),
    h("button", { type: "submit", "data-testid": `${kind}-submit` }, submit),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = form.querySelector(`#${kind}-name`).value;
    const password = form.querySelector(`#${kind}-password`).value;
    try {
      await act(name, password);
      const next = nextPage();
      if (next) return location.assign(next);
      await show();
    } catch (error) {
      showMessage(error.message);
    }
  });
  return h("section", { class: "panel" }, form);
}

function signedOut() {
  fill(
    app,
    h("p", { class: "hint" }, t("account.optional")),
    credentialsForm("signin", t("account.sign_in_title"), t("account.sign_in"), accountApi.signIn),
    credentialsForm("signup", t("account.sign_up_title"), t("account.sign_up"), accountApi.signUp),
  );
}

const editionName = (edition) => (edition === "saboteur2" ? t("common.saboteur2") : t("common.saboteur"));

function gameItem(game) {
  const status = t(`account.status_${game.status}`);
  return h(
    "li",
    { class: game.my_turn ? "my-turn" : "", "data-testid": `game-${game.table}` },
    h("a", { href: game.link }, t("common.table_name", { table: game.table })),
    h("span", {}, `${editionName(game.edition)} · ${status}`),
    game.my_turn && h("span", { "data-testid": "my-turn" }, t("account.your_turn")),
    !game.rated && h("span", {}, t("account.unrated")),
    game.replay && h("a", { href: game.replay }, t("common.watch_replay")),
    game.record && h("a", { href: game.record, download: "" }, t("common.download_record")),
  );
}

function gamesSection(games) {
  const turn = games.filter((game) => game.my_turn);
  return h(
    "section",
    { class: "panel" },
    h("h2", {}, t("account.my_games")),
    turn.length > 0 && h("h3", {}, t("account.your_turn_tables")),
    turn.length > 0 && h("ul", { class: "games" }, turn.map(gameItem)),
    games.length === 0 ? h("p", {}, t("account.no_games")) : h("ul", { class: "games", "data-testid": "games" }, games.map(gameItem)),
  );
}

const number = (value) => formatNumber(value);

function statisticsSection(statistics, ratings) {
  const rows = statistics.map((line) =>
    h(
      "tr",
      {},
      h("td", {}, editionName(line.edition)),
      h("td", {}, ROLE_NAMES[line.role] || t("account.role_player")),
      h("td", {}, number(line.rounds)),
      h("td", {}, number(line.won)),
      h("td", {}, number(line.gold_per_round)),
    ),
  );
  const ratingRows = Object.entries(ratings).flatMap(([edition, rated]) => [
    h(
      "tr",
      { "data-testid": `my-rating-${edition}` },
      h("td", {}, editionName(edition)),
      h("td", {}, t("account.you")),
      h("td", {}, rated.mine ? number(rated.mine.ordinal) : "—"),
      h("td", {}, rated.mine ? number(rated.mine.games) : "0"),
    ),
    ...Object.entries(rated.bots).map(([bot, rating]) =>
      h(
        "tr",
        {},
        h("td", {}, editionName(edition)),
        h("td", {}, t("account.bot", { kind: t(`common.bot_kind_${bot.split(":")[0]}`) })),
        h("td", {}, number(rating.ordinal)),
        h("td", {}, number(rating.games)),
      ),
    ),
  ]);
  const head = (...labels) => h("thead", {}, h("tr", {}, labels.map((label) => h("th", {}, label))));
  return h(
    "section",
    { class: "panel" },
    h("h2", {}, t("account.statistics")),
    h(
      "div",
      { class: "table-scroll" },
      h("table", { "data-testid": "statistics" }, head(t("account.edition"), t("account.role"), t("account.rounds"), t("account.rounds_won"), t("account.gold_per_round")), h("tbody", {}, rows)),
    ),
    h("h2", {}, t("account.ratings")),
    h("p", { class: "hint" }, t("account.ratings_about")),
    h(
      "div",
      { class: "table-scroll" },
      h("table", { "data-testid": "ratings" }, head(t("account.edition"), t("account.player"), t("account.rating"), t("account.games")), h("tbody", {}, ratingRows)),
    ),
  );
}

function button(label, testid, act) {
  const node = h("button", { type: "button", "data-testid": testid }, label);
  node.addEventListener("click", async () => {
    try {
      await act();
      await show();
    } catch (error) {
      showMessage(error.message);
    }
  });
  return node;
}

function check(id, label, on, disabled = false) {
  const input = h("input", { type: "checkbox", id, "data-testid": id, checked: on, disabled });
  return [input, h("label", { class: "check", for: id }, input, " ", label)];
}

/** When it is my turn: the page's title, the browser's notification, an e-mail. */
function turnsSection({ settings: chosen, email_available: mailing }) {
  const [title, titleLabel] = check("account-turn-title", t("settings.turn_title"), chosen.title);
  const [notice, noticeLabel] = check("account-turn-notice", t("settings.turn_notice"), chosen.browser, notificationsBlocked());
  notice.addEventListener("change", async () => {
    if (notice.checked && !(await askToNotify())) notice.checked = false; // asked on this click only
  });
  const email = h("input", { id: "account-email", type: "email", autocomplete: "email", value: chosen.email || "", "data-testid": "account-email" });
  const [mailTurns, mailLabel] = check("account-email-turns", t("account.email_turns"), chosen.email_turns, !mailing);
  const save = h("button", { type: "submit", "data-testid": "save-turns" }, t("account.save_turns"));
  const form = h(
    "form",
    { "data-testid": "turns-form" },
    h("h2", {}, t("account.turns_title")),
    titleLabel,
    noticeLabel,
    h("label", { for: "account-email" }, t("account.email")),
    email,
    mailLabel,
    h("p", { class: "hint" }, mailing ? t("account.email_turns_hint") : t("account.email_unavailable")),
    save,
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = { title: title.checked, browser: notice.checked, email: email.value.trim() || null, email_turns: mailTurns.checked };
    try {
      const answer = await accountApi.chooseNotifications(body);
      adoptTurnSettings(answer.settings); // this browser follows at once
      showMessage(t("account.saved"), "info");
    } catch (error) {
      showMessage(error.message);
    }
  });
  return h("section", { class: "panel" }, form);
}

function settingsSection(account) {
  const password = h("input", { id: "delete-password", type: "password", autocomplete: "current-password", "data-testid": "delete-password" });
  return h(
    "section",
    { class: "panel" },
    h("h2", {}, t("account.signed_in_as", { name: account.name })),
    button(t("account.sign_out"), "sign-out", accountApi.signOut),
    button(t("account.sign_out_everywhere"), "sign-out-everywhere", accountApi.signOutEverywhere),
    h("h3", {}, t("account.delete_title")),
    h("p", { class: "hint" }, t("account.delete_about")),
    h("label", { for: "delete-password" }, t("account.password")),
    password,
    button(t("account.delete"), "delete-account", () => accountApi.deleteAccount(password.value)),
  );
}

async function show() {
  const { account } = await accountApi.me();
  if (!account) return signedOut();
  const [{ games }, { statistics, ratings }, turns] = await Promise.all([
    accountApi.games(),
    accountApi.statistics(),
    accountApi.notifications(),
  ]);
  fill(app, gamesSection(games), statisticsSection(statistics, ratings), turnsSection(turns), settingsSection(account));
}

show().catch((error) => showMessage(error.message));
