// Before the game: the join form for people arriving by invite link, and the
// lobby room where seats fill up, the invite link is copied and the host starts.

import { h } from "./dom.js";
import { nuggetsText, piecesText } from "./cards.js";
import { formatList, t, tn } from "./i18n.js";
import { awayAfterSetting, removeButton } from "./host.js";
import { clockText } from "./clock.js";

const GOLD_DRAW = { players: t("pregame.gold_draw_players"), miners: t("pregame.gold_draw_miners") };
const NEXT_START = {
  "after-last": t("pregame.next_after_last"),
  rotate: t("pregame.next_rotate"),
  "last-path": t("pregame.next_last_path"),
};

// A page opened on this machine's loopback names an address nobody else can open:
// the server says which address others use, or that only this machine can.
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;
const reach = LOOPBACK.test(location.hostname)
  ? await fetch("/api/reach")
      .then((answer) => (answer.ok ? answer.json() : null))
      .catch(() => null)
  : null;

export function inviteUrl(tableId) {
  return `${reach?.others ?? location.origin}/t/${encodeURIComponent(tableId)}`;
}

/** The package's bots by the word the language calls them (as in their names at the
 * table, which the server gives); a spec's settings as it writes them. */
const BOT_KINDS = {
  random: t("common.bot_kind_random"),
  heuristic: t("common.bot_kind_heuristic"),
  ismcts: t("common.bot_kind_ismcts"),
};

function botKindText(spec) {
  const [kind, ...settings] = String(spec).split(":");
  return [BOT_KINDS[kind] ?? kind, ...settings].join(":");
}

/** The table's settings in words. */
export function settingsList(table) {
  const options = table.options || {};
  const clock = clockText(table.clock);
  return h(
    "ul",
    { class: "settings" },
    h(
      "li",
      { "data-testid": "settings-edition" },
      { saboteur2: t("common.saboteur2"), duel: t("common.duel") }[table.edition] || t("pregame.edition_base"),
    ),
    h("li", {}, tn("pregame.players_and_bots", table.players, { bots: botKindText(table.bots) })),
    table.edition === "base" &&
      h("li", {}, t("pregame.gold", { rule: GOLD_DRAW[options.gold_draw] || options.gold_draw })),
    table.edition !== "duel" && h("li", {}, NEXT_START[options.next_round_start] || options.next_round_start),
    options.open_hands && h("li", {}, t("pregame.open_hands")),
    h("li", {}, clock),
    table.host !== null && h("li", { "data-testid": "settings-away-after" }, awayAfterSetting(table)),
    h("li", {}, table.spectators ? t("pregame.spectators") : t("pregame.no_spectators")),
  );
}

function copyButton(input) {
  const button = h("button", { type: "button", class: "button", "data-testid": "copy-invite" }, t("pregame.copy_link"));
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(input.value);
    } catch {
      input.select(); // no clipboard permission: leave it selected for the person to copy
      document.execCommand?.("copy");
    }
    button.textContent = t("pregame.copied");
    setTimeout(() => {
      button.textContent = t("pregame.copy_link");
    }, 2000);
  });
  return button;
}

/** The lobby room: invite link, seats, settings, and the host's Start button. */
/** The host's switch that lists the table on the lobby page; for others, whether it is. */
function listedSwitch({ table, isHost, onListed }) {
  if (!isHost) return table.listed && h("p", { class: "hint", "data-testid": "listed-note" }, t("open.listed_note"));
  const input = h("input", { type: "checkbox", checked: table.listed, "data-testid": "listed-switch" });
  input.addEventListener("change", () => onListed(input.checked));
  return h("p", {}, h("label", { class: "check" }, input, " ", t("open.list_table")));
}

export function renderLobbyRoom({ table, mySeat, nameOf, onStart, starting, onListed }) {
  const invite = h("input", {
    type: "text",
    readonly: true,
    value: inviteUrl(table.table),
    "aria-label": t("pregame.invite_link"),
    "data-testid": "invite-link",
  });
  invite.addEventListener("focus", () => invite.select());
  const isHost = mySeat === table.host;
  const open = table.seats.filter((seat) => seat.kind === "open").length;
  return h(
    "section",
    { class: "lobby-room panel", "data-testid": "lobby-room" },
    h("h1", {}, t("pregame.waiting_for_players")),
    h("p", {}, t("pregame.send_link")),
    h("div", { class: "invite" }, invite, copyButton(invite)),
    reach?.local_only && h("p", { class: "hint", "data-testid": "local-only" }, t("pregame.local_only")),
    h("h2", {}, t("pregame.seats")),
    h(
      "ol",
      { class: "lobby-seats" },
      table.seats.map((seat) =>
        h(
          "li",
          { class: seat.kind, "data-testid": `lobby-seat-${seat.seat}` },
          h("span", { class: "seat-name" }, seat.kind === "open" ? t("common.open_seat") : nameOf(seat.seat)),
          seat.seat === mySeat && h("span", { class: "badge you" }, t("common.you_badge")),
          seat.seat === table.host && h("span", { class: "badge" }, t("pregame.host")),
          seat.kind === "invited" && h("span", { class: "badge invited" }, t("rematch.invited_badge")),
          seat.kind === "human" &&
            h("span", {
              class: `status-dot ${seat.connected ? "online" : "offline"}`,
              title: seat.connected ? t("common.online") : t("common.offline"),
            }),
          removeButton({ table, seat, mySeat, nameOf }),
        ),
      ),
    ),
    listedSwitch({ table, isHost, onListed }),
    h("h2", {}, t("pregame.rules")),
    settingsList(table),
    isHost
      ? h(
          "div",
          { class: "start-row" },
          h(
            "button",
            {
              type: "button",
              class: "button primary big",
              "data-testid": "start",
              disabled: starting,
              onclick: onStart,
            },
            t("pregame.start"),
          ),
          open > 0 &&
            h(
              "p",
              { class: "hint" },
              tn("pregame.open_seats_bots", open, { bots: table.bots }),
            ),
        )
      : h(
          "p",
          { class: "hint" },
          mySeat === null
            ? t("pregame.watching_lobby")
            : t("pregame.waiting_for_host", { name: nameOf(table.host) }),
        ),
  );
}

/** The join form for someone who has the link but no seat yet. */
export function renderJoin({ table, onJoin, onWatch, busy, result = null, offerWatch = false, showRules = true }) {
  const open = table.seats.some((seat) => seat.kind === "open");
  const name = h("input", {
    type: "text",
    name: "name",
    required: true,
    maxlength: 24,
    autocomplete: "nickname",
    "data-testid": "join-name",
    id: "join-name",
  });
  const form = h(
    "form",
    {
      class: "join-form",
      onsubmit: (event) => {
        event.preventDefault();
        onJoin(name.value.trim());
      },
    },
    h("label", { for: "join-name" }, t("pregame.your_name")),
    h(
      "div",
      { class: "row" },
      name,
      h(
        "button",
        { type: "submit", class: "button primary", "data-testid": "join", disabled: busy },
        t("pregame.join"),
      ),
    ),
  );
  const humans = table.seats.filter((seat) => seat.kind === "human").map((seat) => seat.name);
  const over = table.status !== "lobby" && table.status !== "playing";
  let body;
  const names = formatList(humans);
  const count = humans.length;
  if (table.status === "lobby" && open)
    body = [h("p", {}, count ? tn("pregame.waiting_to_start", count, { names }) : t("pregame.nobody_yet")), form];
  else if (table.status === "lobby") body = h("p", {}, tn("pregame.every_seat_taken", count, { names }));
  else if (table.status === "playing")
    body = h("p", {}, count ? tn("pregame.started_playing", count, { names }) : t("pregame.started"));
  else body = finishedGame(table, result);
  return h(
    "section",
    { class: "join panel", "data-testid": "join-panel" },
    h("h1", {}, t(over ? "pregame.finished_title" : "pregame.table_title", { game: gameTitle(table) })),
    body,
    offerWatch &&
      onWatch &&
      h(
        "p",
        {},
        h(
          "button",
          { type: "button", class: "button", onclick: onWatch, "data-testid": "watch" },
          t("pregame.watch"),
        ),
      ),
    showRules && h("h2", {}, t("pregame.rules")),
    showRules && settingsList(table),
  );
}

/** The game's name, by the table's edition. */
function gameTitle(table) {
  return { saboteur2: t("common.saboteur2"), duel: t("common.duel") }[table.edition] || t("common.saboteur");
}

/** "Ann", "Ann and Bea", "Ann, Bea and Cy". */
function listed(names) {
  return formatList(names);
}

/** A finished table: it is over, who played with their score, who won, and its replay.
 *   result  the record's `result` ({nuggets or gold_pieces, winners}), or null if unknown */
function finishedGame(table, result) {
  const names = table.seats.map((seat, index) => seat.name || t("common.seat_name", { seat: index }));
  const totals = result?.gold_pieces || result?.nuggets || null;
  const scored = result?.gold_pieces ? piecesText : nuggetsText;
  const winners = (result?.winners || []).map((seat) => names[seat]);
  return [
    h("p", { "data-testid": "game-over" }, t("pregame.game_over")),
    h(
      "p",
      { "data-testid": "played-by" },
      totals ? t("pregame.who_played") : t("pregame.played_by", { names: listed(names) }),
    ),
    totals &&
      h(
        "ol",
        { class: "final-seats", "data-testid": "final-seats" },
        names.map((name, seat) =>
          h(
            "li",
            { class: result.winners.includes(seat) ? "winner" : "" },
            t("pregame.final_seat", { name, score: scored(totals[seat]) }),
            result.winners.includes(seat) && h("span", { class: "star", "aria-label": t("common.winner") }, " ★"),
          ),
        ),
      ),
    winners.length > 0 &&
      h(
        "p",
        { class: "winners", "data-testid": "final-winners" },
        tn("pregame.win_the_game", winners.length, { names: listed(winners) }),
      ),
    h(
      "p",
      {},
      h(
        "a",
        { class: "button primary", href: `/replay/${encodeURIComponent(table.table)}`, "data-testid": "join-replay" },
        t("common.watch_replay"),
      ),
    ),
  ];
}
