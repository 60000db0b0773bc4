// One panel per seat: name, who plays it, connection, broken tools, hand size,
// whose turn it is with the clock, and buttons when a card can target the seat.

import { h } from "./dom.js";
import { frontIcon, iconSvg, toolIcon } from "./icons.js";
import { ROLE_WORDS, TOOLS, nuggetsText, piecesText } from "./cards.js";
import { formatSeconds, secondsLeft } from "./clock.js";
import { formatList, t, tParts, tn } from "./i18n.js";
import { botPlayingBadge, handToBotButton } from "./host.js";
import { duelSeatFacts, isDuel } from "./duel_view.js";

const TOOL_WORDS = { pick: t("table.tool_pick"), lamp: t("table.tool_lamp"), cart: t("table.tool_cart") };

function status(seatFacts) {
  if (!seatFacts) return { text: "", cls: "" };
  if (seatFacts.kind === "bot") return { text: t("table.status_bot"), cls: "bot" };
  if (seatFacts.kind === "open") return { text: t("common.open_seat"), cls: "open" };
  if (seatFacts.kind !== "human") return { text: "", cls: "" };
  if (seatFacts.away) return { text: t("table.status_away"), cls: "away" };
  return seatFacts.connected
    ? { text: t("common.online"), cls: "online" }
    : { text: t("common.offline"), cls: "offline" };
}

function tools(broken) {
  const label = broken.length
    ? t("table.broken_tools", { tools: formatList(broken.map((tool) => TOOL_WORDS[tool] || tool)) })
    : t("table.no_broken_tools");
  return h(
    "span",
    { class: "tools", role: "img", "aria-label": label, title: label },
    TOOLS.map((tool) => {
      const isBroken = broken.includes(tool);
      const icon = iconSvg(toolIcon(tool, { broken: isBroken }), 26, null);
      icon.classList.add(isBroken ? "broken" : "intact");
      return icon;
    }),
  );
}

function handSize(count) {
  const label = tn("table.hand_size", count);
  return h(
    "span",
    { class: "hand-size", title: label, "aria-label": label },
    h("span", { class: "mini-cards", "aria-hidden": "true" }),
    String(count),
  );
}

/** Saboteur 2: the cards lying in front of a seat besides broken tools (its theft,
 * its trap), and its gold pieces, which are public. */
function saboteur2Facts(observation, seat) {
  const marks = [];
  if (observation.thieves.includes(seat)) {
    const label = t("table.theft_label");
    marks.push(
      h(
        "span",
        { class: "front-mark theft", title: label, "aria-label": label, role: "img", "data-testid": `theft-${seat}` },
        iconSvg(frontIcon("theft"), 22, null),
        h("span", { "aria-hidden": "true" }, t("table.theft_mark")),
      ),
    );
  }
  if (observation.trapped[seat]) {
    const label = t("table.trapped_label");
    marks.push(
      h(
        "span",
        { class: "front-mark trapped", title: label, "aria-label": label, role: "img", "data-testid": `trapped-${seat}` },
        iconSvg(frontIcon("trapped"), 22, null),
        h("span", { "aria-hidden": "true" }, t("table.trapped_mark")),
      ),
    );
  }
  const pieces = observation.gold_pieces[seat];
  marks.push(
    h("span", { class: "gold-pieces", "data-testid": `gold-pieces-${seat}`, title: piecesText(pieces) }, piecesText(pieces)),
  );
  return marks;
}

/** The dwarf card the viewer saw of another seat this round (its last inspection of it). */
function knownRole(observation, seat, mySeat) {
  if (seat === mySeat) return null;
  const look = (observation.looks || []).filter((each) => each.seat === seat).at(-1);
  if (!look) return null;
  return h(
    "div",
    { class: "known-role", "data-testid": `known-role-${seat}` },
    tParts("table.you_inspected", {
      role: h("span", { class: `role-badge ${look.role}` }, ROLE_WORDS[look.role]),
    }),
  );
}

/**
 * The seat panels.
 *   view        the latest view ({table, observation, clock})
 *   mySeat      the viewer's seat or null
 *   nameOf      seat -> name
 *   targets     seat -> [{label, move, testid}] buttons for the selected card
 *   onTarget    called with a target's move
 *   extras      seat -> a node to add to the panel (the replay shows hands and roles)
 */
export function renderSeats({
  view,
  mySeat,
  nameOf,
  targets = new Map(),
  onTarget = null,
  extras = new Map(),
}) {
  const observation = view.observation;
  const facts = view.table.seats;
  // Many seats (7 to 12): compact panels, two to a row, so all fit a laptop screen.
  const compact = view.table.players > 6;
  const list = h("ol", { class: compact ? "seats compact" : "seats", "aria-label": t("table.players_label") });
  for (let seat = 0; seat < view.table.players; seat++) {
    const seatFacts = facts[seat];
    const toMove = observation && observation.to_move === seat;
    const isMe = seat === mySeat;
    const mine = targets.get(seat) || [];
    const { text, cls } = status(seatFacts);
    const clock = view.clock && view.clock.seat === seat ? view.clock : null;
    const picking = observation && observation.phase === "gold" && toMove;
    const stealing = observation && observation.phase === "steal" && toMove;
    const classes = ["seat", toMove && "to-move", isMe && "me", mine.length && "targetable"]
      .filter(Boolean)
      .join(" ");
    const panel = h(
      "li",
      { class: classes, "data-testid": `seat-${seat}`, "aria-current": toMove ? "true" : null },
      h(
        "div",
        { class: "seat-head" },
        cls && h("span", { class: `status-dot ${cls}`, title: text, "aria-hidden": "true" }),
        h("span", { class: "seat-name", title: nameOf(seat) }, nameOf(seat)),
        isMe && h("span", { class: "badge you" }, t("common.you_badge")),
        botPlayingBadge(seatFacts, seat),
        h("span", { class: "seat-number" }, t("table.seat_number", { seat })),
      ),
      text && h("div", { class: `seat-status ${cls}` }, text),
      observation &&
        h(
          "div",
          { class: "seat-facts" },
          handSize(observation.hand_sizes[seat]),
          tools(observation.broken[seat]),
          observation.gold_pieces ? saboteur2Facts(observation, seat) : null,
          isDuel(observation) ? duelSeatFacts(observation, seat) : null,
        ),
      observation && knownRole(observation, seat, mySeat),
      toMove &&
        h(
          "div",
          { class: "turn-line" },
          h(
            "span",
            { class: "turn-badge" },
            picking
              ? t("table.badge_choosing_gold")
              : stealing
                ? t("table.badge_stealing")
                : isMe
                  ? t("table.badge_your_turn")
                  : t("table.badge_to_move"),
          ),
          clock &&
            h(
              "span",
              { class: "countdown", "data-deadline": clock.deadline, "aria-label": t("table.time_left_label") },
              formatSeconds(secondsLeft(clock.deadline)),
            ),
        ),
      isMe &&
        observation?.gold &&
        !observation.gold_pieces &&
        !isDuel(observation) &&
        h(
          "div",
          { class: "my-gold" },
          tn("table.your_gold", observation.gold.kept.reduce((a, b) => a + b, 0)),
        ),
      mine.length > 0 &&
        h(
          "div",
          { class: "seat-targets" },
          mine.map((target) =>
            h(
              "button",
              {
                type: "button",
                class: "button target-button",
                "data-testid": target.testid,
                onclick: () => onTarget(target.move),
              },
              target.label,
            ),
          ),
        ),
      handToBotButton({ view, seat, mySeat, nameOf }),
      extras.get(seat) || null,
    );
    list.append(panel);
  }
  return list;
}
