// Ratings on the seat panels of a rated table (an account's, or its bot kind's),
// and, once the game is over, a button that keeps a guest's seat in the account
// of whoever is signed in (the seat's token proves it was theirs).

import { accountApi } from "./account_api.js";
import { h } from "./dom.js";
import { formatNumber, t } from "./i18n.js";
import { showMessage } from "./messages.js";

// A finished game's ratings are written a moment after its last move.
const RATED_AFTER_MS = 1000;

export class SeatRatings {
  constructor(tableId) {
    this.tableId = tableId;
    this.status = null;
    this.ratings = null;
    this.account = undefined; // unknown until asked; null: nobody signed in
    this.claimed = false;
    this.onChange = () => {};
  }

  /** Asks again when the table's status changes (and so its ratings may have). */
  update(view) {
    const status = view.table.status;
    if (status === this.status) return;
    this.status = status;
    const ask = () =>
      accountApi.seatRatings(this.tableId).then((ratings) => {
        this.ratings = ratings;
        this.onChange();
      });
    if (status === "over") setTimeout(() => ask().catch(() => {}), RATED_AFTER_MS);
    else ask().catch(() => {});
    if (this.account === undefined)
      accountApi.me().then(({ account }) => {
        this.account = account;
        this.onChange();
      }, () => {});
  }

  /** Puts each seat's rating into its panel under ``root``, and the claim button. */
  decorate(root, seat, token) {
    const seats = this.ratings?.rated ? this.ratings.seats : [];
    seats.forEach((rating, index) => {
      const panel = root.querySelector(`[data-testid="seat-${index}"]`);
      if (!panel || !rating) return;
      panel.append(
        h("span", { class: "seat-rating", "data-testid": `seat-rating-${index}` }, t("account.seat_rating", { rating: formatNumber(rating.ordinal) })),
      );
    });
    const owned = this.ratings?.owned?.[seat] ?? true;
    if (this.status === "over" && this.account && token && seat !== null && !owned && !this.claimed) {
      const claim = h("button", { type: "button", "data-testid": "claim-seat" }, t("account.claim"));
      claim.addEventListener("click", () =>
        accountApi.claim(this.tableId, token).then(
          () => {
            this.claimed = true;
            showMessage(t("account.claimed"), "info");
            this.onChange();
          },
          (error) => showMessage(error.message),
        ),
      );
      root.append(h("div", { class: "claim" }, claim));
    }
  }
}
