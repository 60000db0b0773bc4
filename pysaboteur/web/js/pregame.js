// Before the game: the join form for people arriving by invite link, and the
// lobby room where seats fill up, the invite link is copied and the host starts.

import { h } from "./dom.js";
import { nuggetsText, piecesText } from "./cards.js";

const GOLD_DRAW = { players: "as many gold cards as players", miners: "one gold card per gold-miner" };
const NEXT_START = {
  "after-last": "after the seat that moved last",
  rotate: "after the seat that started the round before",
  "last-path": "the seat that placed the last path card",
};

export function inviteUrl(tableId) {
  return `${location.origin}/t/${encodeURIComponent(tableId)}`;
}

/** The table's settings in words. */
export function settingsList(table) {
  const options = table.options || {};
  const clock = table.clock ? `${table.clock} s per move` : "no clock";
  return h(
    "ul",
    { class: "settings" },
    h("li", { "data-testid": "settings-edition" }, table.edition === "saboteur2" ? "Saboteur 2" : "Saboteur (the base game)"),
    h("li", {}, `${table.players} players; empty seats are played by ${table.bots} bots`),
    table.edition !== "saboteur2" && h("li", {}, `Gold: ${GOLD_DRAW[options.gold_draw] || options.gold_draw}`),
    h("li", {}, `Next round starts ${NEXT_START[options.next_round_start] || options.next_round_start}`),
    options.open_hands && h("li", {}, "Open hands: every hand is visible"),
    h("li", {}, clock),
    h("li", {}, table.spectators ? "Spectators may watch" : "No spectators"),
  );
}

function copyButton(input) {
  const button = h("button", { type: "button", class: "button", "data-testid": "copy-invite" }, "Copy link");
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(input.value);
    } catch {
      input.select(); // no clipboard permission: leave it selected for the person to copy
      document.execCommand?.("copy");
    }
    button.textContent = "Copied";
    setTimeout(() => {
      button.textContent = "Copy link";
    }, 2000);
  });
  return button;
}

/** The lobby room: invite link, seats, settings, and the host's Start button. */
export function renderLobbyRoom({ table, mySeat, nameOf, onStart, starting }) {
  const invite = h("input", {
    type: "text",
    readonly: true,
    value: inviteUrl(table.table),
    "aria-label": "invite link",
    "data-testid": "invite-link",
  });
  invite.addEventListener("focus", () => invite.select());
  const isHost = mySeat === table.host;
  const open = table.seats.filter((seat) => seat.kind === "open").length;
  return h(
    "section",
    { class: "lobby-room panel", "data-testid": "lobby-room" },
    h("h1", {}, "Waiting for players"),
    h("p", {}, "Send this link to the people you want to play with:"),
    h("div", { class: "invite" }, invite, copyButton(invite)),
    h("h2", {}, "Seats"),
    h(
      "ol",
      { class: "lobby-seats" },
      table.seats.map((seat) =>
        h(
          "li",
          { class: seat.kind, "data-testid": `lobby-seat-${seat.seat}` },
          h("span", { class: "seat-name" }, seat.kind === "open" ? "open seat" : nameOf(seat.seat)),
          seat.seat === mySeat && h("span", { class: "badge you" }, "you"),
          seat.seat === table.host && h("span", { class: "badge" }, "host"),
          seat.kind === "human" &&
            h("span", {
              class: `status-dot ${seat.connected ? "online" : "offline"}`,
              title: seat.connected ? "online" : "offline",
            }),
        ),
      ),
    ),
    h("h2", {}, "Rules"),
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
            "Start the game",
          ),
          open > 0 &&
            h(
              "p",
              { class: "hint" },
              `${open} open seat${open === 1 ? "" : "s"} will be played by ${table.bots} bots.`,
            ),
        )
      : h(
          "p",
          { class: "hint" },
          mySeat === null
            ? "You are watching. The game starts when the host says so."
            : `Waiting for ${nameOf(table.host)} to start the game.`,
        ),
  );
}

/** The join form for someone who has the link but no seat yet. */
export function renderJoin({ table, onJoin, onWatch, busy, result = null }) {
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
    h("label", { for: "join-name" }, "Your name"),
    h(
      "div",
      { class: "row" },
      name,
      h(
        "button",
        { type: "submit", class: "button primary", "data-testid": "join", disabled: busy },
        "Join the table",
      ),
    ),
  );
  const humans = table.seats.filter((seat) => seat.kind === "human").map((seat) => seat.name);
  const over = table.status !== "lobby" && table.status !== "playing";
  let body;
  const are = humans.length === 1 ? "is" : "are";
  if (table.status === "lobby" && open)
    body = [h("p", {}, humans.length ? `${listed(humans)} ${are} waiting for the game to start.` : "Nobody has joined yet."), form];
  else if (table.status === "lobby") body = h("p", {}, `Every seat is taken: ${listed(humans)} ${are} waiting for the game to start.`);
  else if (table.status === "playing")
    body = h("p", {}, humans.length ? `This game has started: ${listed(humans)} ${are} playing.` : "This game has started.");
  else body = finishedGame(table, result);
  return h(
    "section",
    { class: "join panel", "data-testid": "join-panel" },
    h("h1", {}, over ? "A finished game of Saboteur" : "A table of Saboteur"),
    body,
    table.spectators &&
      table.status === "playing" &&
      onWatch &&
      h(
        "p",
        {},
        h(
          "button",
          { type: "button", class: "button", onclick: onWatch, "data-testid": "watch" },
          "Watch the game",
        ),
      ),
    h("h2", {}, "Rules"),
    settingsList(table),
  );
}

/** "Ann", "Ann and Bea", "Ann, Bea and Cy". */
function listed(names) {
  if (names.length < 2) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** A finished table: it is over, who played with their score, who won, and its replay.
 *   result  the record's `result` ({nuggets or gold_pieces, winners}), or null if unknown */
function finishedGame(table, result) {
  const names = table.seats.map((seat, index) => seat.name || `Seat ${index}`);
  const totals = result?.gold_pieces || result?.nuggets || null;
  const scored = result?.gold_pieces ? piecesText : nuggetsText;
  const winners = (result?.winners || []).map((seat) => names[seat]);
  return [
    h("p", { "data-testid": "game-over" }, "This game is over."),
    h(
      "p",
      { "data-testid": "played-by" },
      totals ? "Who played, with the gold each won:" : `Played by ${listed(names)}.`,
    ),
    totals &&
      h(
        "ol",
        { class: "final-seats", "data-testid": "final-seats" },
        names.map((name, seat) =>
          h(
            "li",
            { class: result.winners.includes(seat) ? "winner" : "" },
            `${name}: ${scored(totals[seat])}`,
            result.winners.includes(seat) && h("span", { class: "star", "aria-label": "winner" }, " ★"),
          ),
        ),
      ),
    winners.length > 0 &&
      h(
        "p",
        { class: "winners", "data-testid": "final-winners" },
        `${listed(winners)} ${winners.length > 1 ? "win" : "wins"} the game.`,
      ),
    h(
      "p",
      {},
      h(
        "a",
        { class: "button primary", href: `/replay/${encodeURIComponent(table.table)}`, "data-testid": "join-replay" },
        "Watch the replay",
      ),
    ),
  ];
}
