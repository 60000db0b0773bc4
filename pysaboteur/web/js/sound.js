// Short sounds made in code with the Web Audio API (nothing is downloaded): a rising
// pair of notes for "your turn", a falling run of three for the end of a round.

import { settings } from "./settings.js";

/** Each sound as its notes: [frequency in Hz, start in seconds, length in seconds]. */
const SOUNDS = {
  turn: [
    [660, 0, 0.09],
    [880, 0.1, 0.12],
  ],
  round: [
    [784, 0, 0.12],
    [659, 0.13, 0.12],
    [523, 0.26, 0.22],
  ],
};
const VOLUME = 0.08;

let context = null;

/** The sounds the page played (or would have, had the browser allowed it), for tests. */
export const played = [];
window.saboteurSounds = played;

function audio() {
  if (context) return context;
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return null;
  context = new Context();
  return context;
}

/** Play ``name`` unless muted; a browser that refuses sound before a click stays silent. */
export function playSound(name) {
  if (settings.muted || !SOUNDS[name]) return;
  played.push(name);
  const ctx = audio();
  if (!ctx) return;
  if (ctx.state === "suspended") ctx.resume().catch(() => {});
  const now = ctx.currentTime;
  for (const [frequency, start, length] of SOUNDS[name]) {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = "triangle";
    oscillator.frequency.value = frequency;
    // A quick fade in and out: no click at either end.
    gain.gain.setValueAtTime(0, now + start);
    gain.gain.linearRampToValueAtTime(VOLUME, now + start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(now + start);
    oscillator.stop(now + start + length + 0.02);
  }
}
