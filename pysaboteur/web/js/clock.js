// The move clock: deadlines are the server's wall clock (seconds). Every element
// with a `data-deadline` shows the time left, refreshed a few times a second. Clocks
// run from seconds (live play) to days per move (turn-based play).

import { language, t, tn } from "./i18n.js";

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;

/** `amount` of `unit` ("day", "hour", "minute") in the page's language, as CLDR says it. */
function unitText(amount, unit, unitDisplay = "long") {
  return new Intl.NumberFormat(language(), { style: "unit", unit, unitDisplay }).format(amount);
}

/** A table's clock in words: "30 s per move", "5 minutes per move", "3 days per move". */
export function clockText(seconds) {
  if (!seconds) return t("pregame.no_clock");
  for (const [size, unit] of [[DAY, "day"], [HOUR, "hour"], [MINUTE, "minute"]]) {
    if (seconds >= size && seconds % size === 0)
      return t("pregame.clock_each_move", { time: unitText(seconds / size, unit) });
  }
  return tn("pregame.clock_per_move", seconds);
}

let serverAhead = 0; // seconds the server's clock is ahead of ours, as far as we can tell

/**
 * Learn from a view's `accepted_at`: the server accepted it no later than now,
 * so a fresh view bounds how far the server's clock is ahead.
 */
export function noteServerTime(acceptedAt) {
  if (typeof acceptedAt !== "number") return;
  serverAhead = Math.max(serverAhead, acceptedAt - Date.now() / 1000);
}

export function secondsLeft(deadline) {
  return Math.max(0, deadline - (Date.now() / 1000 + serverAhead));
}

/** Time left: "4:05" under an hour, "11:04:05" under a day, "2 days 11:04" beyond. */
export function formatSeconds(seconds) {
  const whole = Math.ceil(seconds);
  const two = (value) => String(value).padStart(2, "0");
  if (whole < HOUR) return `${Math.floor(whole / MINUTE)}:${two(whole % MINUTE)}`;
  const hours = Math.floor((whole % DAY) / HOUR);
  const minutes = Math.floor((whole % HOUR) / MINUTE);
  if (whole < DAY) return `${hours}:${two(minutes)}:${two(whole % MINUTE)}`;
  return `${unitText(Math.floor(whole / DAY), "day", "short")} ${hours}:${two(minutes)}`;
}

function tick() {
  for (const node of document.querySelectorAll("[data-deadline]")) {
    const left = secondsLeft(Number(node.dataset.deadline));
    node.textContent = formatSeconds(left);
    node.classList.toggle("hurry", left <= 10);
  }
}

export function startClockTicker() {
  tick();
  return setInterval(tick, 250);
}
