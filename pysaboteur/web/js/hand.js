// The seat's hand as a row of card buttons, and the bar of choices under it:
// turn the selected path card, discard it, cancel, pass, or keep a gold card.

import { h } from "./dom.js";
import { cardSvg } from "./card_art.js";
import { cardLabel, describeCard, isPathCode, nuggetsText, piecesText, turnedCode } from "./cards.js";
import { t, tn } from "./i18n.js";

function specOf(code, shown) {
  return isPathCode(code) ? { kind: "path", shape: shown } : { kind: "action", code };
}

/**
 * The hand.
 *   hand       card codes
 *   selected   index of the selected card, or null
 *   turned     whether the selected path card is turned 180°
 *   playable   index -> whether the card has a move other than a discard now
 *   myTurn     whether the seat is to move (cards are choosable only then)
 *   onSelect   called with an index
 *   chosen     the cards chosen to discard together (a Set of indexes), or null
 */
export function renderHand({ hand, selected, turned, playable, myTurn, onSelect, chosen = null }) {
  const list = h("ul", { class: `hand-cards${chosen ? " choosing" : ""}`, "aria-label": t("table.your_hand_label") });
  hand.forEach((code, index) => {
    const isSelected = chosen ? chosen.has(index) : index === selected;
    const shown = isSelected && turned && isPathCode(code) ? turnedCode(code) : code;
    const canPlay = myTurn && playable(index);
    let label = describeCard(shown);
    if (isSelected && turned) label = t("table.card_turned", { card: label });
    if (chosen) label = isSelected ? t("table.card_chosen", { card: label }) : label;
    else if (myTurn && !canPlay) label = t("table.card_discard_only", { card: label });
    const button = h(
      "button",
      {
        type: "button",
        class: `hand-card${isSelected ? " selected" : ""}${myTurn && !canPlay && !chosen ? " discard-only" : ""}`,
        "aria-pressed": isSelected ? "true" : "false",
        "aria-label": label,
        "data-testid": `hand-card-${index}`,
        "data-card": code,
        disabled: !myTurn,
        onclick: () => onSelect(index),
      },
      cardSvg(specOf(code, shown), null),
      h("span", { class: "card-name", "aria-hidden": "true" }, cardLabel(code)),
    );
    list.append(h("li", {}, button));
  });
  return list;
}

/**
 * The choices for the selected card.
 *   prompt     what to do next, in words
 *   canTurn    show the "Turn 180°" button
 *   canDiscard show the "Discard" button
 *   play       {label, move} of a card played with no cell or seat (a theft), or null
 *   several    show the button that chooses more cards to discard together (Saboteur 2)
 */
export function renderCardActions({
  prompt,
  canTurn,
  turned,
  canDiscard,
  onTurn,
  onDiscard,
  onCancel,
  play = null,
  onPlay = null,
  several = false,
  onSeveral = null,
}) {
  return h(
    "div",
    { class: "card-actions" },
    h("p", { class: "prompt", "data-testid": "prompt" }, prompt),
    h(
      "div",
      { class: "buttons" },
      canTurn &&
        h(
          "button",
          {
            type: "button",
            class: "button",
            "data-testid": "turn-card",
            "aria-pressed": turned ? "true" : "false",
            onclick: onTurn,
          },
          t("table.turn_card"),
        ),
      play &&
        h(
          "button",
          { type: "button", class: "button primary", "data-testid": "play-card", onclick: () => onPlay(play.move) },
          play.label,
        ),
      canDiscard &&
        h(
          "button",
          {
            type: "button",
            class: "button",
            "data-testid": "discard",
            title: t("table.discard_title"),
            onclick: onDiscard,
          },
          t("table.discard"),
        ),
      several &&
        h(
          "button",
          {
            type: "button",
            class: "button",
            "data-testid": "discard-several",
            title: t("table.discard_several_title"),
            onclick: onSeveral,
          },
          t("table.discard_several"),
        ),
      h(
        "button",
        { type: "button", class: "button quiet", "data-testid": "cancel", onclick: onCancel },
        t("table.cancel"),
      ),
    ),
  );
}

/** The single choice of a seat with an empty hand. */
export function renderPass(onPass) {
  return h(
    "div",
    { class: "card-actions" },
    h("p", { class: "prompt" }, t("table.hand_empty")),
    h(
      "div",
      { class: "buttons" },
      h(
        "button",
        { type: "button", class: "button primary", "data-testid": "pass", onclick: onPass },
        t("table.pass"),
      ),
    ),
  );
}

/** The gold cards offered to the seat: each one a button that keeps it. */
export function renderGoldOffer({ offer, onTake }) {
  return h(
    "div",
    { class: "gold-offer" },
    h("p", { class: "prompt" }, t("table.gold_offer")),
    h(
      "ul",
      { class: "hand-cards", "aria-label": t("table.gold_offer_label") },
      offer.map((value, index) => {
        const label = tn("table.keep_gold_card", value);
        return h(
          "li",
          {},
          h(
            "button",
            {
              type: "button",
              class: "hand-card gold-card",
              "aria-label": label,
              "data-testid": `gold-take-${index}`,
              "data-value": value,
              onclick: () => onTake(value),
            },
            cardSvg({ kind: "gold", value }, null),
            h("span", { class: "card-name", "aria-hidden": "true" }, nuggetsText(value)),
          ),
        );
      }),
    ),
  );
}

/** A small, read-only row of cards: a hand shown to everyone (open hands, replays). */
export function renderMiniHand(hand) {
  return h(
    "ul",
    { class: "mini-hand", "aria-label": t("table.mini_hand_label") },
    hand.map((code) =>
      h("li", {}, cardSvg(specOf(code, code), describeCard(code), { width: 30, height: 42 })),
    ),
  );
}

/**
 * The choices while cards are chosen to discard together (Saboteur 2): discard
 * them all, or (two of them) remove a card lying in front of oneself.
 *   several   severalChoices() of the chosen cards
 */
export function renderSeveralActions({ several, count, onSend, onCancel }) {
  return h(
    "div",
    { class: "card-actions" },
    h("p", { class: "prompt", "data-testid": "prompt" }, several.prompt),
    h(
      "div",
      { class: "buttons" },
      several.discard &&
        h(
          "button",
          { type: "button", class: "button primary", "data-testid": "discard-chosen", onclick: () => onSend(several.discard) },
          tn("table.discard_chosen", count),
        ),
      several.clears.map((clear) =>
        h(
          "button",
          { type: "button", class: "button primary", "data-testid": clear.testid, onclick: () => onSend(clear.move) },
          clear.label,
        ),
      ),
      h("button", { type: "button", class: "button quiet", "data-testid": "cancel", onclick: onCancel }, t("table.cancel")),
    ),
  );
}

/** A thief's choice at the round's end (Saboteur 2): whom to take 1 gold piece from. */
export function renderSteal({ steals, nameOf, pieces, onSteal }) {
  return h(
    "div",
    { class: "card-actions steal", "data-testid": "steal-choice" },
    h("p", { class: "prompt" }, t("table.steal_prompt")),
    h(
      "div",
      { class: "buttons" },
      steals.map((move) =>
        h(
          "button",
          {
            type: "button",
            class: "button primary",
            "data-testid": `steal-${move.target}`,
            onclick: () => onSteal(move.text),
          },
          t("table.steal_button", { name: nameOf(move.target), pieces: piecesText(pieces[move.target]) }),
        ),
      ),
    ),
  );
}
