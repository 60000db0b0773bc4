// The game screen's parts, drawn from a view and the page's own choices (the
// selected card, whether it is turned, a move on its way): the banner with whose
// turn it is, and the hand area with the card choices, the gold offer or the score.

import { h } from "./dom.js";
import {
  renderCardActions,
  renderGoldOffer,
  renderHand,
  renderPass,
  renderSeveralActions,
  renderSteal,
} from "./hand.js";
import { severalChoices } from "./choices.js";
import { renderGameEnd } from "./round_end.js";
import { isPlayable, parseMove } from "./moves.js";
import { aRole, capitalised } from "./words.js";

/** Whether the viewer is to move now (and not away, when the server sends no legal moves). */
export function isMyTurn(view, seat) {
  return Boolean(
    view?.observation && seat !== null && view.legal.length && view.observation.to_move === seat,
  );
}

/** The page's frame for a game: banner, maze box, hand, and the side with seats and log. */
export function gameSkeleton(mazeView) {
  return h(
    "div",
    { class: "game", id: "game" },
    h("section", { class: "banner", id: "banner" }),
    mazeSection(mazeView),
    h("section", { class: "hand-area panel", id: "hand-area", "aria-label": "your hand and choices" }),
    sidePanels(),
  );
}

/** The maze box with its zoom buttons (the table and the replay draw the same). */
export function mazeSection(mazeView) {
  return h(
    "section",
    { class: "maze-area panel", "aria-labelledby": "maze-title" },
    h("div", { class: "maze-toolbar" }, h("h2", { id: "maze-title" }, "The maze"), mazeView.toolbar()),
    mazeView.scroller,
  );
}

/** The side column: the seats' panels, then the move log. */
export function sidePanels() {
  return h(
    "div",
    { class: "side" },
    h("aside", { class: "seats-area", id: "seats-area", "aria-label": "the players" }),
    h(
      "aside",
      { class: "log-area panel", "aria-labelledby": "log-title" },
      h("h2", { id: "log-title" }, "Moves"),
      h("div", { class: "log-scroll", id: "log", tabindex: 0 }),
    ),
  );
}

/**
 * The banner: round, draw pile, the viewer's role, whose turn it is (with the
 * clock), and the "I'm back" notice when a bot plays for the viewer.
 *   page  {view, seat, pending, nameOf, onBack}
 */
export function renderBanner(page) {
  const { view, seat } = page;
  const observation = view.observation;
  const facts = [h("span", { class: "fact" }, `Round ${observation.round} of 3`)];
  if (observation.edition === "saboteur2") facts.unshift(h("span", { class: "fact edition" }, "Saboteur 2"));
  if (observation.phase !== "over")
    facts.push(h("span", { class: "fact" }, `${observation.draw_pile} cards in the draw pile`));
  if (observation.role) {
    const label = `You are ${aRole(observation.role)}`;
    facts.push(h("span", { class: `role-badge ${observation.role}`, "data-testid": "my-role" }, label));
  }
  if (seat === null) facts.push(h("span", { class: "badge" }, "watching"));
  const clock =
    view.clock && view.clock.seat === seat
      ? h(
          "span",
          { class: "clock-left" },
          h("span", { class: "countdown", "data-deadline": view.clock.deadline }),
          " left",
        )
      : null;
  const away =
    seat !== null && view.table.seats[seat]?.away
      ? h(
          "div",
          { class: "away-notice", role: "alert" },
          h("span", {}, "Your time ran out: a bot is playing for you."),
          h(
            "button",
            { type: "button", class: "button primary", "data-testid": "back", onclick: page.onBack },
            "I'm back",
          ),
        )
      : null;
  return [
    h("div", { class: "facts" }, facts),
    h("p", { class: "turn-status", "data-testid": "turn-status" }, turnText(page), " ", clock),
    away,
  ];
}

function turnText({ view, seat, pending, nameOf }) {
  const observation = view.observation;
  const who = (other) => (other === seat ? "you" : nameOf(other));
  if (observation.phase === "over") return "The game is over.";
  if (observation.phase === "steal") {
    const stealing =
      observation.to_move === seat
        ? "Your turn: choose whom you take 1 gold piece from."
        : `${nameOf(observation.to_move)} is choosing whom to steal 1 gold piece from.`;
    return `The round is over and the thieves steal, one at a time. ${stealing}`;
  }
  if (observation.phase === "gold") {
    const round = observation.history.at(-1) || [];
    const place = [...round]
      .reverse()
      .map(parseMove)
      .find((move) => move.kind === "place");
    const found = place ? `${capitalised(who(place.seat))} reached the gold! ` : "The gold is reached! ";
    const picking =
      observation.to_move === seat
        ? "Your pick: keep one of the gold cards."
        : `${nameOf(observation.to_move)} is choosing a gold card (${observation.gold_offer_size} left).`;
    return found + picking;
  }
  if (observation.to_move !== seat) return `${nameOf(observation.to_move)} is to move.`;
  if (pending) return "Sending your move…";
  return view.legal.length ? "Your turn." : "Your turn (a bot is playing for you).";
}

/**
 * The hand area: the final score once the game is over; else the hand, and on
 * the viewer's turn the gold offer, the Pass button or the selected card's choices.
 *   page     {view, seat, selected, turned, pending, nameOf, tableId, chosen}
 *   choices  the selected card's choices (choices.js), or null
 *   actions  {select(index), send(move), turn(), cancel(), several()}
 */
export function renderHandArea(page, choices, actions) {
  const { view, seat, nameOf } = page;
  const observation = view.observation;
  if (observation.phase === "over")
    return renderGameEnd({ observation, nameOf, viewer: seat, tableId: page.tableId });
  if (seat === null || !observation.hand) {
    return h("p", { class: "prompt" }, "You are watching: you see what every spectator sees.");
  }
  const turn = isMyTurn(view, seat) && !page.pending;
  const playing = observation.phase === "play";
  const parts = [];
  if (turn && observation.phase === "steal") {
    parts.push(
      renderSteal({
        steals: view.legal.filter((move) => move.kind === "steal"),
        nameOf,
        pieces: observation.gold_pieces,
        onSteal: actions.send,
      }),
    );
  }
  if (turn && observation.phase === "gold") {
    parts.push(
      renderGoldOffer({
        offer: observation.gold_offer || [],
        onTake: (value) => {
          const take = view.legal.find((move) => move.kind === "take" && move.value === value);
          if (take) actions.send(take.text);
        },
      }),
    );
  }
  parts.push(h("h2", { class: "visually-hidden" }, "Your hand"));
  parts.push(
    renderHand({
      hand: observation.hand,
      selected: page.selected,
      turned: page.turned,
      myTurn: turn && playing,
      playable: (index) => isPlayable(view.legal, observation.hand[index]),
      onSelect: actions.select,
      chosen: page.chosen,
    }),
  );
  if (turn && playing) {
    if (view.legal.length === 1 && view.legal[0].kind === "pass")
      parts.push(renderPass(() => actions.send(view.legal[0].text)));
    else if (page.chosen) {
      const codes = [...page.chosen].map((index) => observation.hand[index]);
      parts.push(
        renderSeveralActions({
          several: severalChoices({ codes, legal: view.legal }),
          count: codes.length,
          onSend: actions.send,
          onCancel: actions.cancel,
        }),
      );
    } else if (choices) {
      parts.push(
        renderCardActions({
          prompt: choices.prompt,
          canTurn: choices.canTurn,
          turned: page.turned,
          canDiscard: Boolean(choices.discard),
          onTurn: actions.turn,
          onDiscard: () => actions.send(choices.discard),
          onCancel: actions.cancel,
          play: choices.play,
          onPlay: actions.send,
          several: choices.several,
          onSeveral: actions.several,
        }),
      );
    } else
      parts.push(
        h("p", { class: "prompt", "data-testid": "prompt" }, "Your turn: choose a card from your hand."),
      );
  } else if (playing) {
    let waiting = `Waiting for ${nameOf(observation.to_move)}…`;
    if (page.pending) waiting = "Sending your move…";
    else if (observation.to_move === seat) waiting = "A bot is playing for you until you are back.";
    parts.push(h("p", { class: "prompt quiet" }, waiting));
  }
  return parts;
}
