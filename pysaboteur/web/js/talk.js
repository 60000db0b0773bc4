// Table talk (docs/web-protocol.md, "Table talk"): the panel of lines said at the table,
// an input with a length counter, one-tap claims, and the host's "spectators may talk".
//
// Every line is shown as text, never as HTML: lines are built with h() (textContent),
// whatever a sender wrote. Claims are drawn as sentences from the catalogue, marked as
// claims: they are talk, not facts, and the server never checks them.

import { h, fill } from "./dom.js";
import { formatNumber, language, t, tn } from "./i18n.js";

/** The longest line the server accepts, in characters (Unicode code points). */
export const MAX_TEXT = 300;
/** The goals' cells, the same in every edition (the server accepts goal claims only there). */
const GOAL_CELLS = [
  [8, -2],
  [8, 0],
  [8, 2],
];
const ROLES = {
  base: ["miner", "saboteur"],
  saboteur2: ["green", "blue", "boss", "profiteer", "geologist", "saboteur"],
};
const ROLE_KEYS = new Set([...ROLES.base, ...ROLES.saboteur2]);
/** At most this many lines are drawn; older ones are counted above them. */
const SHOWN = 300;

/** Characters as the server counts them (code points, so an emoji counts once). */
export function characters(text) {
  return [...text].length;
}

/** The sentence of a claim line, from the catalogue; `nameOf(seat)` names a seat. */
export function claimSentence(line, nameOf) {
  switch (line.claim) {
    case "goal":
      return t(line.card === "gold" ? "talk.claim.goal_gold" : "talk.claim.goal_stone", {
        x: line.x,
        y: line.y,
      });
    case "role":
      return ROLE_KEYS.has(line.role)
        ? t(`talk.claim.role_${line.role}`)
        : t("talk.claim.role_unknown", { role: line.role });
    case "accuse":
      return t("talk.claim.accuse", { name: nameOf(line.target) });
    case "trust":
      return t("talk.claim.trust", { name: nameOf(line.target) });
    default:
      return t("talk.claim.unknown");
  }
}

function timeOf(seconds) {
  return new Intl.DateTimeFormat(language(), { hour: "2-digit", minute: "2-digit" }).format(
    new Date(seconds * 1000),
  );
}

/**
 * The talk panel. At the table it is given `send(message)` (false when not connected);
 * on the replay page it is read-only (`readOnly: true`) and shows the lines up to a move.
 */
export class TalkPanel {
  constructor({ send = null, readOnly = false } = {}) {
    this.send = send;
    this.readOnly = readOnly;
    this.lines = [];
    this.total = 0; // lines the table has, shown or not
    this.unread = 0;
    this.seat = null;
    this.view = null;
    this.upTo = null; // replay: the move shown (lines after it are hidden)
    this.lastSent = null; // the text of the last line sent, given back if it is refused
    this.spectatorsTalk = true;
    const wide = window.matchMedia?.("(min-width: 901px)").matches ?? true;
    this.open = wide; // on a phone the panel starts folded, under a bar with the unread count
    this.build();
  }

  build() {
    this.toggle = h("button", {
      type: "button",
      class: "talk-toggle",
      "data-testid": "talk-toggle",
      onclick: () => this.setOpen(!this.open),
    });
    this.list = h("ol", { class: "talk-lines", "data-testid": "talk-lines", "aria-live": "polite" });
    this.scroller = h("div", { class: "talk-scroll", tabindex: 0 }, this.list);
    this.note = h("p", { class: "talk-note", "data-testid": "talk-note" }, t("talk.claims_note"));
    this.hostSlot = h("div", { class: "talk-host" });
    this.closedNote = h("p", { class: "talk-closed", "data-testid": "talk-closed", hidden: true });
    this.closedNote.textContent = t("talk.spectators_closed");
    this.form = this.readOnly ? null : this.buildForm();
    this.claims = h("div", { class: "talk-claims-slot" });
    this.body = h(
      "div",
      { class: "talk-body", id: "talk-body" },
      this.scroller,
      this.note,
      this.closedNote,
      this.form,
      this.claims,
      this.hostSlot,
    );
    this.toggle.setAttribute("aria-controls", "talk-body");
    this.root = h(
      "section",
      { class: "talk-panel panel", "data-testid": "talk", "aria-label": t("talk.title") },
      h("h2", { class: "talk-heading" }, this.toggle),
      this.body,
    );
    this.root.hidden = true;
    this.setOpen(this.open);
  }

  buildForm() {
    this.input = h("input", {
      type: "text",
      class: "talk-input",
      "data-testid": "talk-input",
      autocomplete: "off",
      enterkeyhint: "send",
      "aria-label": t("talk.input_label"),
      placeholder: t("talk.placeholder"),
    });
    this.counter = h("span", { class: "talk-counter", "data-testid": "talk-counter", "aria-live": "polite" });
    this.sendButton = h("button", { type: "submit", class: "button primary", "data-testid": "talk-send" }, t("talk.send"));
    this.input.addEventListener("input", () => this.count());
    const form = h(
      "form",
      {
        class: "talk-form",
        onsubmit: (event) => {
          event.preventDefault();
          this.say();
        },
      },
      this.input,
      this.counter,
      this.sendButton,
    );
    this.count();
    return form;
  }

  /** The counter under the input: characters typed of the most, red beyond it. */
  count() {
    const length = characters(this.input.value.trim());
    const over = length > MAX_TEXT;
    this.counter.textContent = t("talk.counter", { count: formatNumber(length), max: formatNumber(MAX_TEXT) });
    this.counter.classList.toggle("over", over);
    this.counter.title = over ? t("talk.too_long", { max: formatNumber(MAX_TEXT) }) : "";
    this.sendButton.disabled = over || length === 0 || !this.maySay();
  }

  maySay() {
    return this.seat !== null || this.spectatorsTalk;
  }

  say() {
    const text = this.input.value.trim();
    if (!text || characters(text) > MAX_TEXT || !this.maySay()) return;
    if (this.send?.({ type: "say", text }) === false) return; // the page already said it is not connected
    this.lastSent = text;
    this.input.value = "";
    this.count();
  }

  claim(fields) {
    this.lastSent = null; // a refusal of this claim is not one of the line typed before
    this.send?.({ type: "claim", ...fields });
  }

  setOpen(open) {
    this.open = open;
    if (open) this.unread = 0;
    this.body.hidden = !open;
    this.root.classList.toggle("folded", !open);
    this.toggle.setAttribute("aria-expanded", String(open));
    this.drawToggle();
    if (open) this.scrollToEnd();
  }

  drawToggle() {
    const unread = this.unread
      ? h("span", { class: "talk-unread", "data-testid": "talk-unread" }, tn("talk.unread", this.unread))
      : null;
    fill(
      this.toggle,
      h("span", { class: "talk-title" }, t("talk.title")),
      unread,
      h("span", { class: "talk-chevron", "aria-hidden": "true" }, this.open ? "▾" : "▸"),
    );
    this.toggle.title = this.open ? t("talk.hide") : t("talk.show");
  }

  /** Handle a socket message if it is talk's; whether it was. A refused line is given
   * back to the input (the page shows the server's reason). */
  onMessage(message) {
    if (message.type === "talk_history") {
      this.lines = message.lines;
      this.total = message.total ?? message.lines.length;
      this.spectatorsTalk = message.spectators_talk ?? this.spectatorsTalk;
      this.drawLines();
      return true;
    }
    if (message.type === "talk") {
      const line = message.line;
      if (this.lines.some((each) => each.n === line.n)) return true;
      if (line.text === this.lastSent && line.seat === this.seat) this.lastSent = null; // it got through
      this.lines.push(line);
      this.total = Math.max(this.total + 1, line.n);
      if (!this.open) this.unread += 1;
      this.drawToggle();
      this.drawLines();
      return true;
    }
    if (message.type === "error" && message.error?.code?.startsWith("talk_") && this.lastSent && this.input) {
      if (!this.input.value) this.input.value = this.lastSent;
      this.lastSent = null;
      this.count();
    }
    return false;
  }

  /** Replay: put the panel in `parent` and fetch every line of the finished game at
   * table `tableId` (public facts `facts`, for the names); `showUpTo(n)` then picks. */
  async mountReplay(parent, tableId, facts) {
    this.view = { table: facts };
    this.place(parent);
    let lines = [];
    try {
      const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/talk`, {
        headers: { Accept: "application/json" },
        cache: "no-store",
      });
      if (response.ok) lines = (await response.json()).lines || [];
    } catch {
      lines = []; // the replay still plays; only its talk is missing
    }
    this.lines = lines;
    this.total = lines.length;
    this.root.hidden = false;
    this.drawLines();
  }

  showUpTo(move) {
    this.upTo = move;
    this.drawLines();
  }

  /** Draw the panel for the table's latest view (or hide it without one). */
  show(view, seat, slot = null) {
    if (!view) {
      this.root.hidden = true;
      return;
    }
    const first = this.view === null;
    this.view = view;
    this.seat = seat;
    this.spectatorsTalk = view.table.spectators_talk ?? true;
    this.place(slot || document.querySelector("#game .side") || document.getElementById("talk-slot"));
    this.root.hidden = false;
    this.closedNote.hidden = seat !== null || this.spectatorsTalk;
    if (this.input) {
      this.input.disabled = !this.maySay();
      this.count();
    }
    this.drawClaims();
    this.drawHost();
    if (first) this.drawLines();
  }

  place(parent) {
    if (parent && this.root.parentNode !== parent) parent.append(this.root);
  }

  nameOf(seat) {
    const seats = this.view?.table?.seats || [];
    return seats[seat]?.name || t("talk.seat", { seat });
  }

  drawLines() {
    const atEnd = this.scroller.scrollTop + this.scroller.clientHeight >= this.scroller.scrollHeight - 24;
    const visible = this.upTo === null ? this.lines : this.lines.filter((line) => line.move <= this.upTo);
    const shown = visible.slice(-SHOWN);
    const hidden = this.total - this.lines.length + (visible.length - shown.length);
    const items = shown.map((line) => this.renderLine(line));
    if (!shown.length)
      items.push(h("li", { class: "talk-none" }, t(this.upTo === null ? "talk.empty" : "talk.empty_replay")));
    if (hidden > 0) items.unshift(h("li", { class: "talk-earlier" }, tn("talk.earlier", hidden)));
    fill(this.list, items);
    if (atEnd || this.upTo !== null) this.scrollToEnd();
  }

  scrollToEnd() {
    this.scroller.scrollTop = this.scroller.scrollHeight;
  }

  renderLine(line) {
    const mine = line.seat !== null && line.seat === this.seat;
    const who = line.spectator ? line.name || t("talk.spectator") : line.name || this.nameOf(line.seat);
    const classes = ["talk-line"];
    if (mine) classes.push("mine");
    if (line.spectator) classes.push("spectator");
    if (line.claim) classes.push("claim");
    if (this.upTo !== null && line.move === this.upTo) classes.push("now");
    const when = this.upTo === null ? timeOf(line.at) : this.momentOf(line);
    return h(
      "li",
      { class: classes.join(" "), "data-testid": `talk-line-${line.n}`, dataset: { n: String(line.n) } },
      h(
        "div",
        { class: "talk-meta" },
        h("span", { class: "talk-name" }, mine ? t("talk.you", { name: who }) : who),
        line.spectator && h("span", { class: "talk-badge spectator-mark", "data-testid": "spectator-mark" }, t("talk.spectator_mark")),
        line.claim && h("span", { class: "talk-badge claim-mark", title: t("talk.claims_note"), "data-testid": "claim-mark" }, t("talk.claim_mark")),
        h("time", { class: "talk-time", datetime: new Date(line.at * 1000).toISOString(), title: t("talk.said_at", { time: timeOf(line.at) }) }, when),
      ),
      h(
        "p",
        { class: "talk-text", "data-testid": "talk-text" },
        line.claim ? claimSentence(line, (seat) => this.nameOf(seat)) : line.text,
      ),
    );
  }

  /** Replay: when in the game a line was said. */
  momentOf(line) {
    if (line.move === this.upTo) return t("talk.this_move");
    return line.move === 0 ? t("talk.at_deal") : tn("talk.at_move", line.move);
  }

  drawClaims() {
    // The Duel has no hidden sides to claim and its goals lie elsewhere: talk only.
    if (this.readOnly || this.seat === null || this.view.table.edition === "duel") {
      fill(this.claims);
      return;
    }
    const key = JSON.stringify([this.view.table.edition, this.view.table.seats.map((seat) => seat.name)]);
    if (this.claimsKey === key) return; // drawn already: keep what is chosen in it
    this.claimsKey = key;
    const wasOpen = this.claims.querySelector("details")?.open || false;
    const goal = h(
      "select",
      { class: "talk-select", "data-testid": "claim-goal", "aria-label": t("talk.claim_goal_label") },
      GOAL_CELLS.map(([x, y]) => h("option", { value: `${x},${y}` }, t("talk.goal_option", { x, y }))),
    );
    const goalClaim = (card) => {
      const [x, y] = goal.value.split(",").map(Number);
      this.claim({ claim: "goal", x, y, card });
    };
    const others = this.view.table.seats
      .filter((each) => each.kind !== "open" && each.seat !== this.seat)
      .map((each) => each.seat);
    const target = h(
      "select",
      { class: "talk-select", "data-testid": "claim-target", "aria-label": t("talk.claim_seat_label") },
      others.map((seat) => h("option", { value: String(seat) }, this.nameOf(seat))),
    );
    const button = (label, testid, onclick) =>
      h("button", { type: "button", class: "button small", "data-testid": testid, onclick }, label);
    const roles = ROLES[this.view.table.edition] || ROLES.base;
    const details = h(
      "details",
      { class: "talk-claims", open: wasOpen },
      h("summary", { "data-testid": "talk-claims" }, t("talk.claims_title")),
      h(
        "div",
        { class: "talk-claim-row" },
        h("span", { class: "talk-claim-label" }, t("talk.claim_goal_label")),
        goal,
        button(t("talk.claim_gold"), "claim-gold", () => goalClaim("gold")),
        button(t("talk.claim_stone"), "claim-stone", () => goalClaim("stone")),
      ),
      h(
        "div",
        { class: "talk-claim-row" },
        h("span", { class: "talk-claim-label" }, t("talk.claim_role_label")),
        roles.map((role) =>
          button(t(`talk.claim.role_${role}`), `claim-role-${role}`, () => this.claim({ claim: "role", role })),
        ),
      ),
      others.length > 0 &&
        h(
          "div",
          { class: "talk-claim-row" },
          h("span", { class: "talk-claim-label" }, t("talk.claim_seat_label")),
          target,
          button(t("talk.accuse"), "claim-accuse", () => this.claim({ claim: "accuse", target: Number(target.value) })),
          button(t("talk.trust"), "claim-trust", () => this.claim({ claim: "trust", target: Number(target.value) })),
        ),
    );
    fill(this.claims, details);
  }

  /** The host's switch: whether spectators may talk (only at a table that lets them watch). */
  drawHost() {
    const table = this.view.table;
    if (this.readOnly || this.seat === null || table.host !== this.seat || !table.spectators) {
      fill(this.hostSlot);
      return;
    }
    if (!this.hostBox) {
      this.hostBox = h("input", {
        type: "checkbox",
        "data-testid": "talk-spectators-toggle",
        onchange: () => {
          if (this.send?.({ type: "spectators_talk", allowed: this.hostBox.checked }) === false)
            this.hostBox.checked = !this.hostBox.checked;
        },
      });
      fill(this.hostSlot, h("label", { class: "talk-host-label" }, this.hostBox, " ", t("talk.spectators_may_talk")));
    }
    this.hostBox.checked = this.spectatorsTalk;
  }
}
