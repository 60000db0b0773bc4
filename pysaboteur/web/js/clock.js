// The move clock: deadlines are the server's wall clock (seconds). Every element
// with a `data-deadline` shows the time left, refreshed a few times a second.

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

export function formatSeconds(seconds) {
  const whole = Math.ceil(seconds);
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, "0")}`;
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
