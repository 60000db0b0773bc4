// A seat of the signed-in account that this page holds no token for: the person
// followed their your-turn e-mail to another device, or opened the table in another
// browser, or the seat was just taken to another device. Signed in, one click takes
// it here (a new token; the page that had it is told and stops acting for it).
// Signed out, at a game being played, a link to sign in and come back.

import { accountApi } from "./account_api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { showMessage } from "./messages.js";

/** The account page, coming back to this table once signed in. */
export function signInHref(tableId) {
  return `/account?next=${encodeURIComponent(`/t/${tableId}`)}`;
}

/** What to offer at ``tableId``: a node, or null (nothing to offer). ``moved``: this
 * page's seat was just taken to another device; ``playing``: the game is on.
 * ``onTaken(token)`` once the seat is this page's. */
export async function takeBackOffer(tableId, { moved = false, playing = false, onTaken }) {
  let seat;
  try {
    ({ seat } = await accountApi.mySeat(tableId));
  } catch (error) {
    if (error.code !== "not_signed_in" || !(moved || playing)) return null;
    return h(
      "p",
      { class: "take-seat", "data-testid": "take-seat-sign-in" },
      h("a", { href: signInHref(tableId) }, t("account.take_seat_sign_in")),
    );
  }
  if (seat === null) return null;
  const button = h("button", { type: "button", class: "button primary", "data-testid": "take-seat" }, t("account.take_seat"));
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const taken = await accountApi.takeSeat(tableId);
      onTaken(taken.token);
    } catch (error) {
      button.disabled = false;
      showMessage(error.message);
    }
  });
  const about = moved ? "account.take_seat_moved" : "account.take_seat_about";
  return h("div", { class: "take-seat", "data-testid": "take-seat-offer" }, h("p", {}, t(about)), button);
}
