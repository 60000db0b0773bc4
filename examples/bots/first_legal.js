#!/usr/bin/env node
// A bot in another language for the arena's subprocess protocol, version 1
// (docs/arena.md): one JSON object per line on stdin, one answer per line on stdout.
// It plays the first legal move that places a path card, else a pseudo-random one.
"use strict";
const readline = require("readline");

let state = 1;
function next() {
  // a small linear congruential generator, seeded by the arena: same seed, same game
  state = (state * 1103515245 + 12345) % 2147483648;
  return state;
}

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const message = JSON.parse(line);
  if (message.type === "start") {
    if (message.version !== 1) {
      process.stderr.write(`first_legal.js speaks version 1, not ${message.version}\n`);
      process.exit(1);
    }
    state = (message.seed ?? 1) % 2147483648;
    reply({ type: "ready", version: 1, name: "first-legal-js" });
  } else if (message.type === "choose") {
    const moves = message.legal_moves;
    let index = moves.findIndex((move) => move.kind === "place");
    if (index < 0) index = next() % moves.length;
    reply({ type: "move", index: index, iterations: 1 });
  } else if (message.type === "end") {
    lines.close();
  }
});

function reply(answer) {
  process.stdout.write(JSON.stringify(answer) + "\n");
}
