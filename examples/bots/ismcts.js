#!/usr/bin/env node
// A civtable bot in JavaScript that searches: single-observer ISMCTS (Cowling, Powley and
// Whitehouse 2012) through civtable's rules oracle, without a line of the game's rules here.
//
//   civtable play catan-deckbuilding --players "human,cmd:node examples/bots/ismcts.js"
//   civtable simulate civ-card-game --players "cmd:node examples/bots/ismcts.js --iterations 50,greedy"
// Options: --iterations N (200), --depth N (60), --c X (1.4), --seed N, --stats FILE (append
// "decisions iterations requests" at the end of the game).
//
// Each iteration asks for one sample of the bot's own information set ("determinize": never
// the true hidden cards), walks the tree down in it ("apply" with "replace": the oracle
// plays the action in the sample it holds and answers with the next player's legal
// actions), plays on at random for at most --depth actions, and backs up the results (the
// game's returns, or its heuristic "values" where the playout was cut short). One tree
// for the information set: children are keyed by action text, and a child's UCB1 counts
// how often it was available instead of its parent's visits. Protocol: docs/protocol.md.
"use strict";
const readline = require("readline");

function text(name) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && i + 1 < process.argv.length ? process.argv[i + 1] : null;
}
function option(name, fallback) {
  const value = text(name);
  return value === null ? fallback : Number(value);
}
const ITERATIONS = option("iterations", 200);
const DEPTH = option("depth", 60);
const C = option("c", 1.4);
const SHARE = 0.5; // of time_ms a decision may use at most
const STATS = text("stats"); // a file to append "DECISIONS ITERATIONS REQUESTS" to at the end

let seed = (option("seed", 1) >>> 0) || 1;
function random(n) { // xorshift32: the same seed gives the same game
  seed ^= seed << 13; seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5; seed >>>= 0;
  return seed % n;
}

// ---------------------------------------------------------------- talking to civtable
const pending = [];
let waiting = null;
const lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on("line", (line) => {
  let message;
  try { message = JSON.parse(line); } catch (e) { console.error("not JSON:", line.slice(0, 80)); return; }
  if (waiting) { const w = waiting; waiting = null; w(message); } else pending.push(message);
});
lines.on("close", () => { if (waiting) waiting(null); else pending.push(null); });

function next() {
  return pending.length ? Promise.resolve(pending.shift()) : new Promise((resolve) => { waiting = resolve; });
}
function send(message) { process.stdout.write(JSON.stringify(message) + "\n"); }

let requests = 0;
let iterations = 0;
async function ask(message) { // one request, one answer (its own or an error)
  requests += 1;
  send(message);
  const answer = await next();
  if (answer && answer.type === "error") throw new Error(answer.message);
  return answer;
}

// ---------------------------------------------------------------- the search
class Node {
  constructor() {
    this.children = new Map(); // action text -> Node
    this.visits = 0;
    this.avail = new Map(); // action text -> times available
    this.total = null; // summed results of every player
  }
}

function score(child, mover, avail) {
  const mean = child.total ? child.total[mover] / child.visits : 0;
  return mean + C * Math.sqrt(Math.log(avail) / child.visits);
}

async function iterate(root, act, seat) {
  const id = act.id;
  const sample = await ask({ type: "determinize", id, count: 1, seed: random(2 ** 31), states: false });
  const handle = sample.handles[0];
  // the root is the seat's own decision (others may be to move at once in a simultaneous step)
  let node = root;
  let mover = seat;
  let legal = act.legal;
  let result = null;
  const path = [root];
  for (let depth = 0; ; depth += 1) {
    for (const a of legal) node.avail.set(a.text, (node.avail.get(a.text) || 0) + 1);
    const fresh = legal.filter((a) => !node.children.has(a.text));
    let choice;
    if (fresh.length) choice = fresh[random(fresh.length)];
    else {
      choice = legal[0];
      let best = -Infinity;
      for (const a of legal) {
        const s = score(node.children.get(a.text), mover, node.avail.get(a.text));
        if (s > best) { best = s; choice = a; }
      }
    }
    const answer = await ask({ type: "apply", id, handle, player: mover, index: choice.index, replace: true,
                               evaluate: true });
    if (!node.children.has(choice.text)) node.children.set(choice.text, new Node());
    node = node.children.get(choice.text);
    path.push(node);
    if (answer.terminal) { result = answer.returns; break; }
    if (fresh.length) { result = await playout(id, handle, answer); break; }
    mover = answer.player;
    legal = answer.legal;
  }
  await ask({ type: "drop", id, handles: [handle] });
  for (const n of path) {
    n.visits += 1;
    if (!n.total) n.total = result.map(() => 0);
    result.forEach((r, p) => { n.total[p] += r; });
  }
}

async function playout(id, handle, answer) {
  for (let depth = 0; depth < DEPTH && !answer.terminal; depth += 1) {
    const a = answer.legal[random(answer.legal.length)];
    answer = await ask({ type: "apply", id, handle, player: answer.player, index: a.index, replace: true,
                         evaluate: true });
  }
  return answer.terminal ? answer.returns : answer.values;
}

async function choose(act, seat) {
  if (act.legal.length === 1) return { index: act.legal[0].index, info: { iterations: 0 } };
  const root = new Node();
  const deadline = Date.now() + SHARE * act.time_ms;
  let done = 0;
  while (done < ITERATIONS && Date.now() < deadline) {
    await iterate(root, act, seat);
    done += 1;
    iterations += 1;
  }
  let best = act.legal[0];
  let most = -1;
  for (const a of act.legal) {
    const child = root.children.get(a.text);
    if (child && child.visits > most) { most = child.visits; best = a; }
  }
  return { index: best.index, info: { iterations: done, visits: most } };
}

async function main() {
  let seat = null;
  let decisions = 0;
  for (;;) {
    const message = await next();
    if (message === null) break;
    if (message.type === "hello") {
      seat = message.seat;
      send({ type: "ready", name: "ismcts.js" });
    } else if (message.type === "act") {
      let choice;
      try {
        choice = await choose(message, seat);
      } catch (e) { // an oracle refusal: a bug of this bot; play the first legal action
        console.error(`search failed: ${e.message}`);
        choice = { index: message.legal[0].index, info: {} };
      }
      decisions += 1;
      send({ type: "action", id: message.id, index: choice.index, info: choice.info });
    } else if (message.type === "error") {
      console.error(`refused (${message.kind}): ${message.message}`);
    } else if (message.type === "end") {
      console.error(`game over; winners: ${JSON.stringify(message.winners)}; ${decisions} decisions, ` +
                    `${requests} oracle requests`);
      if (STATS) require("fs").appendFileSync(STATS, `${decisions} ${iterations} ${requests}\n`);
      break;
    }
  }
  process.exit(0);
}

main();
