#!/usr/bin/env node
// A civtable bot in JavaScript: plays a uniformly random legal action.
// Protocol (docs/protocol.md): JSON Lines on stdin/stdout; logs go to stderr.
//   civtable play catan-deckbuilding --players "human,cmd:node examples/bots/random.js"
"use strict";
const readline = require("readline");

const lines = readline.createInterface({ input: process.stdin, terminal: false });
let seat = null;
let state = Number(process.env.SEED || 1) >>> 0;

function random(n) {
  // a small xorshift generator: the same seed gives the same game
  state ^= state << 13; state >>>= 0;
  state ^= state >>> 17;
  state ^= state << 5; state >>>= 0;
  return state % n;
}

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

lines.on("line", (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch (e) {
    console.error("not JSON:", line.slice(0, 80));
    return;
  }
  switch (message.type) {
    case "hello":
      seat = message.seat;
      console.error(`playing ${message.game} as seat ${seat}`);
      send({ type: "ready", name: "random.js" });
      break;
    case "act": {
      const choice = message.legal[random(message.legal.length)];
      send({ type: "action", id: message.id, index: choice.index, info: { choices: message.legal.length } });
      break;
    }
    case "error":
      console.error(`refused (${message.kind}): ${message.message}`);
      break;
    case "end":
      console.error(`game over; winners: ${JSON.stringify(message.winners)}`);
      process.exit(0);
      break;
    default:
      break; // unknown messages are ignored
  }
});
