// What the host does to keep the game going, and what everyone sees of it: the
// create form's "bot after offline" choice, Remove buttons in the lobby, "Hand to a
// bot" on a seat's panel, the "bot playing" badge, and the log's mark on the moves
// a bot made for a person who was away. The server checks every request again
// (only the host, only in the lobby or the game); views come back on the socket.

import { h } from "./dom.js";
import { loadToken } from "./api.js";
import { clearMessages, showMessage } from "./messages.js";
import { t, tn } from "./i18n.js";

/** The create form's away_after: seconds, or null for never. */
export function awayAfterFrom(data) {
  const value = data.get("away_after");
  return value ? Number(value) : null;
}

/** The table's away_after in words, for its list of settings. */
export function awayAfterSetting(table) {
  const seconds = table.away_after;
  return seconds ? tn("host.setting_away_after", seconds) : t("host.setting_away_off");
}

/** POST a host's request to the table's API with this browser's seat token. */
async function hostRequest(tableId, action, body) {
  let response;
  try {
    response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/${action}`, {
      method: "POST",
      headers: {
        Accept: "application/json",
        "Content-Type": "application/json",
        Authorization: `Bearer ${loadToken(tableId)}`,
      },
      body: JSON.stringify(body),
      cache: "no-store",
    });
  } catch {
    showMessage(t("host.refused"));
    return;
  }
  if (!response.ok) {
    const data = await response.json().catch(() => null);
    showMessage(data?.error?.message || t("host.refused"));
  } else {
    clearMessages("error");
  }
}

/** The host's Remove button beside a person's seat in the lobby (null for anyone else). */
export function removeButton({ table, seat, mySeat, nameOf }) {
  if (mySeat !== table.host || table.host === null || seat.seat === table.host || seat.kind !== "human") return null;
  const label = t("host.remove_seat_label", { name: nameOf(seat.seat) });
  return h(
    "button",
    {
      type: "button",
      class: "button small remove-seat",
      "data-testid": `remove-seat-${seat.seat}`,
      "aria-label": label,
      title: label,
      onclick: (event) => {
        event.currentTarget.disabled = true;
        hostRequest(table.table, "remove", { seat: seat.seat });
      },
    },
    t("host.remove_seat"),
  );
}

/** The host's "Hand to a bot" button on another person's seat panel while the game is played. */
export function handToBotButton({ view, seat, mySeat, nameOf }) {
  const table = view.table;
  const facts = table.seats[seat];
  if (mySeat === null || mySeat !== table.host || seat === table.host || table.status !== "playing") return null;
  if (!facts || facts.kind !== "human" || facts.away) return null;
  const label = t("host.hand_to_bot_label", { name: nameOf(seat) });
  return h(
    "button",
    {
      type: "button",
      class: "button small hand-to-bot",
      "data-testid": `hand-to-bot-${seat}`,
      "aria-label": label,
      title: label,
      onclick: (event) => {
        event.currentTarget.disabled = true;
        hostRequest(table.table, "hand_to_bot", { seat });
      },
    },
    t("host.hand_to_bot"),
  );
}

/** The badge on the name of a person's seat a bot plays for now (null otherwise). */
export function botPlayingBadge(seatFacts, seat) {
  if (!seatFacts || seatFacts.kind !== "human" || !seatFacts.away) return null;
  return h("span", { class: "badge bot-playing", "data-testid": `bot-playing-${seat}` }, t("host.bot_playing"));
}

/** For the log: `(round, index) -> whether a bot made that move for a person`, from the
 * view's `bot_moves` (move numbers over the whole game, 1 for the first). */
export function botMoveFinder(history, botMoves) {
  const marked = new Set(botMoves || []);
  const starts = [];
  let count = 0;
  for (const moves of history) {
    starts.push(count);
    count += moves.length;
  }
  return (round, index) => marked.has(starts[round] + index + 1);
}

/** The log's mark after a move a bot made for the person at `seat`. */
export function botMoveMark(seat, nameOf) {
  return h("span", { class: "bot-move", "data-testid": "bot-move" }, " ", t("host.played_by_bot", { name: nameOf(seat) }));
}

/** What a removed person's page says. */
export function removedText(spectators = true) {
  return t(spectators ? "host.removed" : "host.removed_join_only");
}
