// Play again, under a finished game's score: propose the next game, or answer the
// proposal (accept: sit down again with the same token; decline), or, for those
// watching or who declined, the way to the next table.

import { api, saveToken } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

const nextPath = (table) => `/t/${encodeURIComponent(table)}`;

function goTo(table, token) {
  if (token) saveToken(table, token); // the same token holds the seat kept there
  location.assign(nextPath(table));
}

/**
 * The rematch box.
 *   table     the finished table's facts (its `rematch`: {table, by} or null)
 *   seat      the viewer's seat (null: watching)
 *   token     the viewer's token
 *   nameOf    seat -> name
 *   answered  "declined" once the viewer declined, else null
 *   onChange  called after an answer, to draw again
 *   onError   called with a refusal
 */
export function renderRematch({ table, seat, token, nameOf, answered, onChange, onError }) {
  const next = table.rematch;
  const box = (...children) => h("section", { class: "rematch panel", "data-testid": "rematch" }, ...children);
  const link = (key) =>
    h("a", { class: "button", href: nextPath(next.table), "data-testid": "rematch-link" }, t(key));
  if (!next) {
    if (seat === null) return null;
    const button = h(
      "button",
      { type: "button", class: "button primary", "data-testid": "play-again" },
      t("rematch.play_again"),
    );
    button.addEventListener("click", async () => {
      button.disabled = true;
      try {
        const proposed = await api.rematch(table.table, token);
        if (proposed.by === seat) goTo(proposed.table, token);
        else onChange();
      } catch (error) {
        button.disabled = false;
        onError(error);
      }
    });
    return box(h("p", {}, t("rematch.offer_text")), button);
  }
  if (seat === null) return box(h("p", {}, t("rematch.proposed_watch", { name: nameOf(next.by) })), link("rematch.watch_next"));
  if (next.by === seat) return box(h("p", {}, t("rematch.you_proposed")), link("rematch.go_next"));
  if (answered === "declined") return box(h("p", {}, t("rematch.you_declined")), link("rematch.watch_next"));
  const answer = (accept) => async () => {
    try {
      if (accept) {
        await api.accept(next.table, token);
        goTo(next.table, token);
      } else {
        await api.decline(next.table, token);
        onChange("declined");
      }
    } catch (error) {
      onError(error);
    }
  };
  return box(
    h("p", { "data-testid": "rematch-invited" }, t("rematch.invited", { name: nameOf(next.by) })),
    h(
      "p",
      { class: "buttons" },
      h("button", { type: "button", class: "button primary", "data-testid": "rematch-accept", onclick: answer(true) }, t("rematch.accept")),
      h("button", { type: "button", class: "button", "data-testid": "rematch-decline", onclick: answer(false) }, t("rematch.decline")),
    ),
  );
}
