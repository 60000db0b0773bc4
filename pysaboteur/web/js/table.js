// The table page (/t/{table}): join, wait in the lobby, then play. Everything
// shown comes from the latest `view` the server sent; moves go back as the
// exact `text` of one of the view's `legal` moves.

import { api, forgetToken, loadToken, saveToken } from "./api.js";
import { TableSocket } from "./socket.js";
import { fill, h } from "./dom.js";
import { MazeView } from "./maze_view.js";
import { gameSkeleton, isMyTurn, renderBanner, renderHandArea } from "./game_view.js";
import { renderSeats } from "./seats.js";
import { renderMiniHand } from "./hand.js";
import { lastMoveText, renderLog } from "./log.js";
import { renderRoundEnd } from "./round_end.js";
import { renderJoin, renderLobbyRoom } from "./pregame.js";
import { choicesFor } from "./choices.js";
import { parseMove } from "./moves.js";
import { isDuel } from "./duel_view.js";
import { noteServerTime, startClockTicker } from "./clock.js";
import { aRole, namer } from "./words.js";
import { describeCard, goalKind, isPathCode, shortName, turnedCode } from "./cards.js";
import { clearMessages, showMessage } from "./messages.js";
import { formatList, t } from "./i18n.js";
import { TalkPanel } from "./talk.js";
import { removedText } from "./host.js";
import { takeBackOffer } from "./seat_take_back.js";
import { renderRematch } from "./rematch.js";
import { adoptTurnSettings, renderSettings, settings, watchMotionSetting } from "./settings.js";
import { accountTurnSettings, tellTurn } from "./turn_notice.js";
import { playSound } from "./sound.js";
import { cardTravels, goalTurns, goldSharedOut } from "./motion.js";
import { SeatRatings } from "./seat_ratings.js";

/** What the viewer learnt of its own new dwarf card, and of an inspected one, by role. */
const NOW_ROLE = {
  miner: "table.new_hat_miner",
  saboteur: "table.new_hat_saboteur",
  green: "table.new_hat_green",
  blue: "table.new_hat_blue",
  boss: "table.new_hat_boss",
  profiteer: "table.new_hat_profiteer",
  geologist: "table.new_hat_geologist",
};
const INSPECTED_ROLE = {
  miner: "table.inspected_miner",
  saboteur: "table.inspected_saboteur",
  green: "table.inspected_green",
  blue: "table.inspected_blue",
  boss: "table.inspected_boss",
  profiteer: "table.inspected_profiteer",
  geologist: "table.inspected_geologist",
};

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
// The seats' ratings and the claim of a guest's seat (accounts, js/seat_ratings.js).
const seatRatings = new SeatRatings(tableId);
seatRatings.onChange = () => render();
const app = document.getElementById("app");

const state = {
  token: loadToken(tableId),
  seat: null, // from the socket's welcome; null for a spectator
  view: null,
  socket: null,
  selected: null, // index in the hand
  turned: false, // the selected path card turned 180°
  chosen: null, // Saboteur 2: the hand cards chosen to discard together (a Set of indexes)
  pending: null, // a move sent and not yet answered
  roundsSeen: null, // finished rounds already known, to notice a round's end
  maze: null, // the MazeView while the game is shown
  joinShownFor: null, // the table status the join form was drawn for
  starting: false,
  joining: false,
  pollTimer: null,
  welcomes: 0, // sockets welcomed so far: more than one means it reconnected
  gone: null, // "expired" once the server said the table was closed for idling in its lobby
  rematchAnswer: null, // "declined" once this page declined the next game
};

// ---- connection ----------------------------------------------------------

function connect() {
  state.socket?.close();
  clearInterval(state.pollTimer);
  state.socket = new TableSocket(tableId, state.token, { onMessage, onState: showConnection, onClosed });
  state.socket.connect();
}

// Table talk: its own panel, fed by the socket, drawn after every view (js/talk.js).
const talk = new TalkPanel({ send: (message) => send(message) });

function onMessage(message) {
  if (talk.onMessage(message)) return;
  if (message.type === "welcome") {
    state.seat = message.seat;
    state.welcomes += 1;
    document.body.dataset.welcomes = String(state.welcomes);
  } else if (message.type === "view") {
    onView(message);
  } else if (message.type === "error") {
    state.pending = null;
    showMessage(message.error?.message || t("table.refused"));
    render();
  }
}

function onClosed(code, lastError) {
  state.socket = null;
  state.view = null;
  showConnection("closed"); // the header no longer says "connected": the server closed it for good
  if (code === 4401 && state.token) {
    forgetToken(tableId);
    state.token = null;
    clearMessages("error"); // the server's refusal of the hello, said better below
    // Removed by the host (the server said so before closing), or a token it does not know.
    const notice = { removed: "removed", seat_moved: "moved" }[lastError] || "not_recognised";
    showJoin({ watch: false, notice });
  } else if (code === 4403) {
    clearMessages("error");
    showMessage(t("table.no_spectators"));
    showJoin({ watch: false });
  } else if (code === 4404) {
    // The server said why before closing: a table closed for idling is not a mistyped link.
    if (lastError === "table_expired") renderExpired();
    else renderNoTable();
  } else {
    showMessage(t("table.connection_refused"));
  }
}

function showConnection(connection) {
  const node = document.getElementById("connection");
  if (!node) return;
  const words = {
    connecting: t("table.connection_connecting"),
    open: t("table.connection_open"),
    lost: t("table.connection_lost"),
  };
  node.textContent = words[connection] || "";
  node.className = `connection ${connection}`;
  document.body.dataset.connection = connection;
}

function send(message) {
  if (!state.socket?.send(message)) {
    showMessage(t("table.not_connected"));
    return false;
  }
  return true;
}

function sendMove(text) {
  if (state.pending) return;
  // Only ever the server's own strings: the text of one of its legal moves.
  if (!state.view.legal.some((move) => move.text === text)) return;
  clearMessages("error");
  if (send({ type: "move", move: text, expect: state.view.version })) {
    state.pending = text;
    render();
  }
}

// ---- views -----------------------------------------------------------------

function onView(view) {
  noteServerTime(view.accepted_at);
  const previous = state.view;
  const moved = !previous || previous.version !== view.version;
  const wasMyTurn = myTurn();
  state.view = view;
  if (moved) {
    state.selected = null;
    state.turned = false;
    state.chosen = null;
    state.pending = null;
  }
  const observation = view.observation;
  if (observation) {
    // The rounds this seat has seen end, kept across reloads: a page back after a round
    // ended while it was away (closed, asleep) shows that round's summary, once.
    if (state.roundsSeen === null) state.roundsSeen = loadRoundsSeen();
    if (state.roundsSeen !== null && observation.rounds.length > state.roundsSeen) showRoundEnd(observation);
    state.roundsSeen = observation.rounds.length;
    saveRoundsSeen(state.roundsSeen);
    if (moved && previous) {
      announce(observation);
      tellWhatTheMapShowed(observation);
      tellWhatWasSeen(observation);
    }
  }
  render();
  if (previous && !wasMyTurn && myTurn()) tellTurn(tableId, settings);
  if (moved && previous?.observation && observation) showWhatMoved(previous.observation, observation, wasMyTurn);
}

/** After a move: the sound of the viewer's turn, the card travelling to its cell, the
 * goals turning over, the gold of a finished game (sound.js, motion.js). */
function showWhatMoved(before, after, wasMyTurn) {
  if (!wasMyTurn && myTurn()) playSound("turn");
  const game = document.getElementById("game");
  const text = after.history.at(-1)?.at(-1);
  const move = text ? parseMove(text) : null;
  if (move?.kind === "place" && after.round === before.round)
    cardTravels(game, move, document.querySelector(`[data-testid="seat-${move.seat}"]`));
  if (after.round === before.round) {
    const wasUp = new Set(before.goals.filter((goal) => goal.face_up).map((goal) => `${goal.x},${goal.y}`));
    for (const goal of after.goals) if (goal.face_up && !wasUp.has(`${goal.x},${goal.y}`)) goalTurns(game, goal);
  }
  if (after.phase === "over" && before.phase !== "over") goldSharedOut(document.getElementById("hand-area"));
}

const roundsSeenKey = () => `pysaboteur.rounds-seen.${tableId}.${state.seat}`;

/** How many round summaries this seat's pages have shown (null: none of its pages has had a view). */
function loadRoundsSeen() {
  if (state.seat === null) return null;
  try {
    const text = localStorage.getItem(roundsSeenKey());
    return text === null ? null : Number(text);
  } catch {
    return null;
  }
}

function saveRoundsSeen(count) {
  if (state.seat === null) return;
  try {
    localStorage.setItem(roundsSeenKey(), String(count));
  } catch {
    // no storage: the summary shows only while the page stays open
  }
}

/** After the viewer's own map move, say what the goal is (the goal also shows it). */
function tellWhatTheMapShowed(observation) {
  const text = observation.history.at(-1)?.at(-1);
  if (!text || state.seat === null || !text.startsWith(`${state.seat} map `)) return;
  const move = parseMove(text);
  const goal = observation.goals.find((each) => each.x === move.x && each.y === move.y);
  const cell = `${move.x},${move.y}`;
  if (goal?.card && isDuel(observation)) {
    showMessage(t("table.map_duel", { cell, goal: describeCard(goal.card, { goal: true }) }), "info");
  } else if (goal?.card) showMessage(t(goalKind(goal.card) === "gold" ? "table.map_gold" : "table.map_stone", { cell }), "info");
}

/** After a Saboteur 2 move that showed the viewer something only it sees (an inspection,
 * its own new dwarf card, a swap of hands), say it once; the log and the seats keep it. */
function tellWhatWasSeen(observation) {
  const round = observation.history.at(-1) || [];
  const index = round.length - 1;
  if (index < 0 || state.seat === null) return;
  const nameOf = namer(state.view);
  const look = observation.looks?.find((each) => each.move === index);
  const swap = observation.swaps?.find((each) => each.move === index);
  if (look && look.seat === state.seat) {
    const now = t(NOW_ROLE[look.role] || "table.new_hat_unknown", { role: look.role });
    const aside = look.laid_aside ? ` ${t("table.laid_aside", { role: aRole(look.laid_aside) })}` : "";
    showMessage(now + aside, "info");
  } else if (look) {
    const key = INSPECTED_ROLE[look.role] || "table.inspected_unknown";
    showMessage(t(key, { name: nameOf(look.seat), role: look.role }), "info");
  }
  if (swap) {
    const name = nameOf(swap.with);
    if (!swap.got.length) showMessage(t("table.swapped_empty", { name }), "info");
    else showMessage(t("table.swapped", { name, cards: formatList(swap.got.map(shortName)) }), "info");
  }
}

function announce(observation) {
  const nameOf = namer(state.view);
  const node = document.getElementById("announce");
  const move = lastMoveText(observation, nameOf, state.seat);
  if (node) node.textContent = t(myTurn() ? "table.announce_your_turn" : "table.announce", { move });
}

function myTurn() {
  return isMyTurn(state.view, state.seat);
}

function setBodyState() {
  const view = state.view;
  const data = document.body.dataset;
  data.version = view ? String(view.version) : "";
  data.status = view ? view.table.status : state.gone || "";
  data.phase = view?.observation?.phase || "";
  data.round = view?.observation ? String(view.observation.round) : "";
  data.seat = state.seat === null ? "" : String(state.seat);
  data.myTurn = myTurn() && !state.pending ? "yes" : "no";
  data.pending = state.pending ? "yes" : "no";
  document.title = myTurn() && settings.turnTitle ? t("table.page_title_your_turn") : t("table.page_title");
  // A hook for tests and curious people: the latest view, as the server sent it.
  window.saboteurView = view;
}

function render() {
  setBodyState();
  const view = state.view;
  if (!view) return;
  const title = document.getElementById("table-title");
  if (title) title.textContent = t("common.table_name", { table: tableId });
  // The rules page opens on this table's edition and says who begins each round here.
  const rules = document.getElementById("rules-link");
  const nextStart = encodeURIComponent(view.table.options?.next_round_start || "");
  if (rules) rules.href = `/rules?edition=${encodeURIComponent(view.table.edition)}&next_round_start=${nextStart}`;
  if (view.table.status === "lobby") renderLobby(view);
  else renderGame(view);
  talk.show(view, state.seat);
}

// ---- lobby -----------------------------------------------------------------

function renderLobby(view) {
  const nameOf = namer(view);
  const room = renderLobbyRoom({
    table: view.table,
    mySeat: state.seat,
    nameOf,
    onStart: startGame,
    starting: state.starting,
    onListed: async (listed) => {
      try {
        await api.setListed(tableId, state.token, listed);
      } catch (error) {
        showRefusal(error);
      }
    },
  });
  if (state.token) {
    state.joinShownFor = null;
    fill(app, room);
    return;
  }
  // Watching the lobby without a seat: keep the join form (and what is typed in it).
  if (state.joinShownFor !== "lobby") {
    fill(app, h("div", { id: "join-slot" }), h("div", { id: "room-slot" }));
    fill(
      document.getElementById("join-slot"),
      renderJoin({ table: view.table, onJoin: join, busy: false, showRules: false }),
    );
    state.joinShownFor = "lobby";
  }
  fill(document.getElementById("room-slot"), room);
}

async function startGame() {
  state.starting = true;
  render();
  try {
    await api.start(tableId, state.token);
  } catch (error) {
    showRefusal(error);
  } finally {
    state.starting = false;
    render();
  }
}

async function join(name) {
  if (!name) {
    showMessage(t("common.write_name_first"));
    return;
  }
  if (state.joining) return;
  state.joining = true;
  try {
    const seat = await api.join(tableId, name);
    saveToken(tableId, seat.token);
    state.token = seat.token;
    state.joinShownFor = null;
    connect();
  } catch (error) {
    showRefusal(error);
  } finally {
    state.joining = false;
  }
}

/** No token: show the table's public facts with the join form, and watch if allowed. */
/** Why the join form shows again for a page that had a seat: its words, which offer
 * watching only where spectators may watch. */
function seatLostText(notice, spectators) {
  if (notice === "removed") return removedText(spectators);
  if (notice === "moved") return t("account.seat_moved");
  return t(spectators ? "table.seat_not_recognised" : "table.seat_not_recognised_join_only");
}

async function showJoin({ watch = true, notice = null } = {}) {
  let table;
  try {
    table = await api.table(tableId);
  } catch (error) {
    showRefusal(error);
    return;
  }
  if (notice) showMessage(seatLostText(notice, table.spectators));
  // A finished game: its result (score and winners) is in its record.
  let result = null;
  if (table.status !== "lobby" && table.status !== "playing") {
    try {
      const response = await fetch(api.recordUrl(tableId), { headers: { Accept: "application/json" } });
      if (response.ok) result = (await response.json()).result || null;
    } catch {
      result = null; // the page still says the game is over and offers its replay
    }
  }
  // Watching the lobby happens by itself, unless this page just lost its seat there:
  // then it is offered, as the notice says. The lobby room shows the table's rules.
  const watchingLobby = table.spectators && watch && table.status === "lobby";
  const form = renderJoin({
    table,
    onJoin: join,
    onWatch: () => connect(),
    busy: false,
    result,
    offerWatch: table.spectators && (table.status === "playing" || (table.status === "lobby" && !watch)),
    showRules: !watchingLobby,
  });
  // In the lobby the form keeps its slot while the seats below it change.
  fill(app, h("div", { id: "join-slot" }, form), h("div", { id: "room-slot" }));
  state.joinShownFor = table.status;
  offerTakeBack(notice === "moved", table.status === "playing");
  if (watchingLobby) connect();
  else if (table.status === "lobby") {
    clearInterval(state.pollTimer);
    state.pollTimer = setInterval(async () => {
      if (state.token) return clearInterval(state.pollTimer);
      try {
        const fresh = await api.table(tableId);
        if (fresh.status !== "lobby") location.reload();
      } catch (error) {
        // The table is gone for good: say so and stop asking. A missed poll is retried on the next tick.
        if (error.code === "table_expired" || error.code === "unknown_table") showRefusal(error);
      }
    }, 3000);
  }
}

/** The account's seat here, if this page has no token for it (js/seat_take_back.js). */
async function offerTakeBack(moved, playing) {
  const offer = await takeBackOffer(tableId, {
    moved,
    playing,
    onTaken: (token) => {
      saveToken(tableId, token);
      state.token = token;
      state.joinShownFor = null;
      clearMessages("error");
      connect();
    },
  });
  // Under the join panel's heading: before what it says of joining or watching.
  if (offer && !state.token) document.querySelector('[data-testid="join-panel"] h1')?.after(offer);
}

/** A refused request: a table that is gone replaces the page; anything else is a message. */
function showRefusal(error) {
  if (error.code === "table_expired") renderExpired();
  else if (error.code === "unknown_table") renderNoTable();
  else showMessage(error.message);
}

/** Stop everything that talks to a table that is gone for good. */
function leaveTable() {
  clearInterval(state.pollTimer);
  state.socket?.close();
  state.socket = null;
  state.view = null;
  state.joinShownFor = null;
  setBodyState();
}

function renderNoTable() {
  leaveTable();
  fill(
    app,
    h(
      "section",
      { class: "panel" },
      h("h1", {}, t("table.no_such_table")),
      h("p", {}, t("table.no_such_table_text", { table: tableId })),
      h("p", {}, h("a", { class: "button primary", href: "/" }, t("table.create_a_table"))),
    ),
  );
}

/** The table was closed unstarted after idling in its lobby: it never comes back. */
function renderExpired() {
  state.gone = "expired";
  leaveTable();
  forgetToken(tableId); // its seat is gone too: the front page stops listing it
  clearMessages("error"); // the server's refusal, said better below
  fill(
    app,
    h(
      "section",
      { class: "panel", "data-testid": "table-expired" },
      h("h1", {}, t("table.expired")),
      h("p", {}, t("table.expired_text", { table: tableId })),
      h("p", {}, h("a", { class: "button primary", href: "/" }, t("table.create_a_new_table"))),
    ),
  );
}

// ---- the game ----------------------------------------------------------------

function currentChoices(view) {
  const observation = view.observation;
  if (state.selected === null || !myTurn() || !observation.hand) return null;
  const code = observation.hand[state.selected];
  return {
    code,
    ...choicesFor({
      code,
      turned: state.turned,
      legal: view.legal,
      broken: observation.broken[state.seat],
      me: state.seat,
      trapped: Boolean(observation.trapped?.[state.seat]),
    }),
  };
}

function renderGame(view) {
  if (!document.getElementById("game")) {
    state.maze = new MazeView();
    fill(app, gameSkeleton(state.maze));
    // The game starts at the top of the page, however far the lobby was scrolled (to
    // reach Start): the seats and the maze first, the log and the talk below them.
    window.scrollTo(0, 0);
  }
  const observation = view.observation;
  const nameOf = namer(view);
  const choices = state.chosen ? null : currentChoices(view);
  const page = {
    view,
    seat: state.seat,
    chosen: state.chosen,
    selected: state.selected,
    turned: state.turned,
    pending: state.pending,
    nameOf,
    tableId,
    onBack: () => send({ type: "back" }),
    afterGame:
      observation.phase === "over"
        ? renderRematch({
            table: view.table,
            seat: state.seat,
            token: state.token,
            nameOf,
            answered: state.rematchAnswer,
            onChange: (answer) => {
              if (answer) state.rematchAnswer = answer;
              render();
            },
            onError: showRefusal,
          })
        : null,
  };
  fill(document.getElementById("banner"), renderBanner(page));
  showMaze(observation, choices);
  fill(
    document.getElementById("hand-area"),
    renderHandArea(page, choices, {
      select,
      send: sendMove,
      turn: () => {
        state.turned = !state.turned;
        render();
      },
      cancel: deselect,
      several: () => {
        state.chosen = new Set(state.selected === null ? [] : [state.selected]);
        render();
      },
    }),
  );
  // With open hands every hand is public: shown under each other seat's name.
  const extras = new Map();
  observation.hands?.forEach((hand, seat) => {
    if (seat !== state.seat) extras.set(seat, renderMiniHand(hand));
  });
  fill(
    document.getElementById("seats-area"),
    renderSeats({
      view,
      mySeat: state.seat,
      nameOf,
      targets: choices?.seats || new Map(),
      onTarget: sendMove,
      extras,
    }),
  );
  seatRatings.update(view);
  seatRatings.decorate(document.getElementById("seats-area"), state.seat, loadToken(tableId));
  const log = document.getElementById("log");
  const atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 24;
  fill(log, renderLog({ observation, nameOf, viewer: state.seat, botMoves: view.bot_moves }));
  if (atBottom) log.scrollTop = log.scrollHeight;
}

function showMaze(observation, choices) {
  const ghost =
    choices && isPathCode(choices.code) ? (state.turned ? turnedCode(choices.code) : choices.code) : null;
  // Once the game is over, the maze as the last round ended: every goal face up
  // (the Duel's observation keeps its last round's maze, goals and tokens as they ended).
  const ended = observation.phase === "over" && !isDuel(observation) ? observation.rounds.at(-1) : null;
  state.maze.show({
    cards: ended ? ended.maze : observation.maze,
    goals: ended ? [] : observation.goals,
    tokens: observation.duel || null,
    targets: choices?.cells || [],
    ghost,
    lastCell: lastCell(observation),
    onTarget: (target) => sendMove(target.move),
  });
}

function lastCell(observation) {
  const text = observation.history.at(-1)?.at(-1);
  if (!text) return null;
  const move = parseMove(text);
  return ["place", "rockfall", "map", "key", "bribe"].includes(move.kind) ? { x: move.x, y: move.y } : null;
}

function deselect() {
  state.selected = null;
  state.turned = false;
  state.chosen = null;
  render();
}

function select(index) {
  if (state.chosen) {
    // Choosing cards to discard together: a press adds or removes one, three at most.
    if (state.chosen.has(index)) state.chosen.delete(index);
    else if (state.chosen.size < 3) state.chosen.add(index);
    render();
    return;
  }
  if (state.selected === index) {
    deselect();
    return;
  }
  state.selected = index;
  state.turned = false;
  // A path card that fits only when turned is shown turned at once.
  const code = state.view.observation.hand[index];
  if (isPathCode(code)) {
    const choices = choicesFor({ code, turned: false, legal: state.view.legal, broken: [] });
    if (!choices.cells.length && choices.otherWay) state.turned = true;
  }
  render();
}

function showRoundEnd(observation) {
  const number = observation.rounds.length;
  const dialog = document.getElementById("round-end-dialog");
  const close = () => dialog.close();
  fill(
    dialog,
    renderRoundEnd({
      summary: observation.rounds[number - 1],
      number,
      nameOf: namer(state.view),
      viewer: state.seat,
      observation,
      onContinue: close,
    }),
  );
  if (!dialog.open) dialog.showModal();
  dialog.scrollTop = 0; // a new round's summary, over the last one's, starts at its top
  playSound("round");
  goldSharedOut(dialog);
}

// ---- start -------------------------------------------------------------------

document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && state.selected !== null && !document.getElementById("round-end-dialog")?.open)
    deselect();
});
window.addEventListener("resize", () => state.maze?.redraw());
document.addEventListener("settings-changed", setBodyState);

startClockTicker();
watchMotionSetting();
document.getElementById("settings-slot")?.append(renderSettings());
// A signed-in account's your-turn settings win over this browser's (js/turn_notice.js).
accountTurnSettings().then((chosen) => {
  if (!chosen) return;
  adoptTurnSettings(chosen);
  setBodyState();
});
if (!tableId) renderNoTable();
else if (state.token) connect();
else showJoin();
