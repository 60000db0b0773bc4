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
import { emptyHandPass, isPlayable, parseMove } from "./moves.js";
import { t, tParts, tn } from "./i18n.js";
import { isDuel, keyTokensFact, renderBribes } from "./duel_view.js";

/** The banner's "You are a …" for each role. */
const YOU_ARE = {
  miner: "table.you_are_miner",
  saboteur: "table.you_are_saboteur",
  green: "table.you_are_green",
  blue: "table.you_are_blue",
  boss: "table.you_are_boss",
  profiteer: "table.you_are_profiteer",
  geologist: "table.you_are_geologist",
};

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
    h("section", { class: "hand-area panel", id: "hand-area", "aria-label": t("table.hand_area_label") }),
    sidePanels(),
  );
}

/** The maze box with its zoom buttons (the table and the replay draw the same). */
export function mazeSection(mazeView) {
  return h(
    "section",
    { class: "maze-area panel", "aria-labelledby": "maze-title" },
    h("div", { class: "maze-toolbar" }, h("h2", { id: "maze-title" }, t("table.maze_title")), mazeView.toolbar()),
    mazeView.scroller,
  );
}

/** The side column: the seats' panels, then the move log. */
export function sidePanels() {
  return h(
    "div",
    { class: "side" },
    h("aside", { class: "seats-area", id: "seats-area", "aria-label": t("table.players_label") }),
    h(
      "aside",
      { class: "log-area panel", "aria-labelledby": "log-title" },
      h("h2", { id: "log-title" }, t("table.log_title")),
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
  const facts = [h("span", { class: "fact" }, t("table.round_of", { round: observation.round, rounds: 3 }))];
  if (observation.edition === "saboteur2") facts.unshift(h("span", { class: "fact edition" }, t("common.saboteur2")));
  if (isDuel(observation)) {
    facts.unshift(h("span", { class: "fact edition" }, t("common.duel")));
    if (observation.phase !== "over") facts.push(keyTokensFact(observation));
  }
  if (observation.phase !== "over")
    facts.push(h("span", { class: "fact" }, tn("table.draw_pile", observation.draw_pile)));
  if (observation.role) {
    const you = isDuel(observation) ? `table.you_play_${observation.role}` : YOU_ARE[observation.role];
    const label = t(you || "table.you_are_unknown", { role: observation.role });
    facts.push(h("span", { class: `role-badge ${observation.role}`, "data-testid": "my-role" }, label));
  }
  if (seat === null) facts.push(h("span", { class: "badge" }, t("table.watching")));
  const clock =
    view.clock && view.clock.seat === seat
      ? h(
          "span",
          { class: "clock-left" },
          tParts("table.time_left", {
            time: h("span", { class: "countdown", "data-deadline": view.clock.deadline }),
          }),
        )
      : null;
  const away =
    seat !== null && view.table.seats[seat]?.away
      ? h(
          "div",
          { class: "away-notice", role: "alert" },
          h("span", { "data-testid": "away-notice" }, awayNotice(view.table.seats[seat].away_because)),
          h(
            "button",
            { type: "button", class: "button primary", "data-testid": "back", onclick: page.onBack },
            t("table.back"),
          ),
        )
      : null;
  return [
    h("div", { class: "facts" }, facts),
    h("p", { class: "turn-status", "data-testid": "turn-status" }, turnText(page), " ", clock),
    away,
  ];
}

/** Why a bot plays for me, as the server knows it (null after a restart). */
function awayNotice(because) {
  const notices = {
    clock: "table.away_notice_clock",
    offline: "table.away_notice_offline",
    host: "table.away_notice_host",
  };
  return t(notices[because] || "table.away_notice");
}

function turnText({ view, seat, pending, nameOf }) {
  const observation = view.observation;
  const name = nameOf(observation.to_move);
  if (observation.phase === "over") return t("table.turn_over");
  if (observation.phase === "steal") {
    const stealing =
      observation.to_move === seat ? t("table.steal_yours") : t("table.steal_other", { name });
    return `${t("table.thieves_steal")} ${stealing}`;
  }
  if (observation.phase === "gold") {
    const round = observation.history.at(-1) || [];
    const place = [...round]
      .reverse()
      .map(parseMove)
      .find((move) => move.kind === "place");
    let found = t("table.gold_reached");
    if (place) found = place.seat === seat ? t("table.gold_reached_you") : t("table.gold_reached_by", { name: nameOf(place.seat) });
    const picking =
      observation.to_move === seat
        ? t("table.gold_pick_yours")
        : tn("table.gold_pick_other", observation.gold_offer_size, { name });
    return `${found} ${picking}`;
  }
  if (observation.to_move !== seat) return t("table.to_move", { name });
  if (pending) return t("table.sending");
  return view.legal.length ? t("table.your_turn") : t("table.your_turn_bot");
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
    return [renderGameEnd({ observation, nameOf, viewer: seat, tableId: page.tableId }), page.afterGame];
  if (seat === null || !observation.hand) {
    return h("p", { class: "prompt" }, t("table.watching_prompt"));
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
  // The Duel: bribes come before the main move and keep the turn.
  if (turn && playing && isDuel(observation)) parts.push(renderBribes({ legal: view.legal, onBribe: actions.send }));
  parts.push(h("h2", { class: "visually-hidden" }, t("table.your_hand")));
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
    // An empty hand passes, even where a Duel troll may still be bribed first.
    const pass = emptyHandPass(view.legal);
    if (pass) parts.push(renderPass(() => actions.send(pass.text)));
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
        h("p", { class: "prompt", "data-testid": "prompt" }, t("table.choose_card")),
      );
  } else if (playing) {
    let waiting = t("table.waiting_for", { name: nameOf(observation.to_move) });
    if (page.pending) waiting = t("table.sending");
    else if (observation.to_move === seat) waiting = t("table.bot_playing");
    parts.push(h("p", { class: "prompt quiet" }, waiting));
  }
  return parts;
}
