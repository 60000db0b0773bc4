// Reading move strings (records.md, "Moves") and sorting the server's legal
// moves by the hand card they use. No legality is computed here: every move the
// page offers is one of the moves the server sent in `legal`, and it goes back
// as that move's `text`.
//
// The two shapes of a move: the history (and a view's `move`) is text, read by
// `parseMove` alone; `legal` holds the server's own fields of each move
// (web-protocol.md), whose `cards` name the printed hand cards it plays, so the
// page never works out from card shapes which card a placement uses.

/** Saboteur 2's moves aimed at a seat: "2 trapped @0", "0 steal @2". */
export const SEAT_MOVES = ["hands-off", "swap-hand", "inspection", "swap-hats", "trapped", "free-at-last", "steal"];

/**
 * The parts of a move string of the history: {text, seat, kind, card, cards, count, x, y,
 * target, tool, value, front}. Another seat's hidden discard or pick reads "2 discard" /
 * "2 take" (no card, no value); Saboteur 2 writes each unseen card of a discard of two or
 * three, or of a clear, as "?" ("3 discard ? ?", "3 clear trapped ? ?"): those come back as "".
 */
export function parseMove(text) {
  const [seatText, ...words] = text.split(" ");
  const move = {
    text,
    seat: Number(seatText),
    kind: words[0],
    card: "",
    x: 0,
    y: 0,
    target: -1,
    tool: "",
    value: 0,
    cards: [], // every card it took from the hand ("" for one the viewer did not see)
    count: 0, // how many cards it took from the hand
    front: "", // what a clear removed from in front of the seat
  };
  const unseen = (word) => (word === "?" ? "" : word);
  const head = words[0];
  const cell = (word) => word.split(",").map(Number);
  const seatOf = (word) => Number(word.slice(1));
  if (head === "place") {
    move.card = words[1];
    [move.x, move.y] = cell(words[2]);
  } else if (head === "rockfall" || head === "map" || head === "key") {
    move.card = head;
    [move.x, move.y] = cell(words[1]);
  } else if (head === "bribe") {
    [move.x, move.y] = cell(words[1]);
  } else if (head.startsWith("break-")) {
    Object.assign(move, { kind: "break", card: head, tool: head.slice(6), target: seatOf(words[1]) });
  } else if (head.startsWith("fix-")) {
    const tool = words.length === 3 ? words[1] : head.slice(4);
    Object.assign(move, { kind: "fix", card: head, tool, target: seatOf(words.at(-1)) });
  } else if (head === "discard") {
    move.cards = words.slice(1).map(unseen);
    move.card = move.cards[0] || "";
    move.count = Math.max(1, move.cards.length);
  } else if (head === "clear") {
    move.front = words[1];
    move.cards = words.slice(2).map(unseen);
    move.card = move.cards[0] || "";
    move.count = move.cards.length;
  } else if (SEAT_MOVES.includes(head)) {
    move.target = seatOf(words[1]);
    move.card = head === "steal" ? "" : head;
  } else if (head === "theft") {
    move.card = head;
  } else if (head === "take") {
    move.value = words[1] ? Number(words[1]) : 0;
  }
  return move;
}

/** Whether a legal move (one of the view's `legal`) is played with the hand card `code`. */
export function usesCard(move, code) {
  return move.cards.includes(code); // pass and take play none
}

/** The legal moves that play hand card `code`, discards included. */
export function movesForCard(legal, code) {
  return legal.filter((move) => usesCard(move, code));
}

/** Whether the hand card can do anything but be discarded. */
export function isPlayable(legal, code) {
  return movesForCard(legal, code).some((move) => move.kind !== "discard");
}

/**
 * The pass of an empty hand, or null: the only legal move besides the Duel's bribes
 * (which come before the main move and keep the turn) is a pass. The page shows its
 * Pass button then, bribes or not.
 */
export function emptyHandPass(legal) {
  const main = legal.filter((move) => move.kind !== "bribe");
  return main.length === 1 && main[0].kind === "pass" ? main[0] : null;
}
