// The How to play page's building blocks: paragraphs, lists, cards drawn by the
// table's own drawing code with their counts, tables and sections.

import { formatNumber, tn } from "./i18n.js";
import { h } from "./dom.js";
import { cardSvg } from "./card_art.js";

export const para = (text) => h("p", {}, text);
export const list = (items) => h("ul", { class: "rules-list" }, items.map((item) => h("li", {}, item)));
export const sum = (values) => values.reduce((total, value) => total + value, 0);

/** One card as the table draws it, its name under it and, if given, how many the deck holds. */
export function card(spec, name, { count = null, each = false, code = "" } = {}) {
  const note = count === null ? null : tn(each ? "rules.copies_each" : "rules.copies", count);
  return h(
    "figure",
    { class: "rules-card", "data-card": code || spec.code || spec.shape || spec.kind },
    cardSvg(spec, name),
    h("figcaption", {}, h("span", { class: "card-name" }, name), note && h("span", { class: "card-count" }, note)),
  );
}

export const cards = (...figures) => h("div", { class: "rules-cards" }, figures);

/** How many cards the deck holds, of each sort, for a sentence. */
export const deckNumbers = (data) => ({
  deck: data.cards.deck,
  paths: data.cards.path_total,
  actions: data.cards.action_total,
});

/** A card with the words that explain it beside it. */
export function explained(figures, text) {
  return h("div", { class: "rules-explained" }, cards(...figures), para(text));
}

/** A table whose first column heads each row; numbers are written the page language's way. */
export function table(caption, headers, rows, testid) {
  const cell = (value) => (typeof value === "number" ? formatNumber(value) : value);
  return h(
    "div",
    { class: "rules-table-wrap" },
    h(
      "table",
      { class: "rules-table", "data-testid": testid },
      h("caption", {}, caption),
      h("thead", {}, h("tr", {}, headers.map((header) => h("th", { scope: "col" }, header)))),
      h(
        "tbody",
        {},
        rows.map((row) =>
          h(
            "tr",
            {},
            row.map((value, index) =>
              index === 0 ? h("th", { scope: "row" }, cell(value)) : h("td", {}, cell(value)),
            ),
          ),
        ),
      ),
    ),
  );
}

export function section(id, title, ...body) {
  return h(
    "section",
    {
      class: "rules-section panel",
      id: `rules-${id}`,
      "data-testid": `rules-section-${id}`,
      "aria-labelledby": `rules-${id}-title`,
    },
    h("h2", { id: `rules-${id}-title` }, title),
    body,
  );
}
