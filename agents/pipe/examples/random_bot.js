// A bot for `exec:cmd="node random_bot.js"`: a legal action at random.
//
// It speaks the scavenger bot protocol (JSON lines on stdin and stdout): it says
// hello, seeds its generator from each game's `start`, and answers each `act`
// with one of the legal ids. Replace `choose` with a strategy of your own.
"use strict";
const readline = require("readline");

// A small seeded generator (mulberry32), so a rerun plays the same game.
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function choose(message, random) {
  const legal = message.legal;
  return legal[Math.floor(random() * legal.length)].id;
}

let random = generator(0);
const input = readline.createInterface({ input: process.stdin });
input.on("line", (line) => {
  const message = JSON.parse(line);
  let answer = null;
  if (message.type === "hello") {
    // It reads only the legal actions: no observation, please.
    answer = { type: "hello", version: 1, name: "random (JavaScript)", observation: [] };
  } else if (message.type === "start") {
    random = generator(message.seed);
  } else if (message.type === "act") {
    answer = { type: "action", decision: message.decision, id: choose(message, random) };
  } else if (message.type === "bye") {
    input.close();
  }
  if (answer !== null) process.stdout.write(JSON.stringify(answer) + "\n");
});
