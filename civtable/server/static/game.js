// The game page: everything shown comes from the server's payload for this viewer.
"use strict";
(function () {
  const {_, $, el} = window.civtable;  // common.js
  const app = document.getElementById("app");
  const gid = app.dataset.gid;
  let mode = app.dataset.mode;  // "play", or "replay" (a finished game's page turns into its replay on demand)
  const key = "civtable:" + gid;
  const hash = new URLSearchParams(location.hash.slice(1));
  const fromHash = hash.get("t"), invite = hash.get("i");
  if (fromHash) localStorage.setItem(key, fromHash);
  // the seat's token stays in this browser, not in the address bar (nor on a shared screen)
  if (fromHash || invite) history.replaceState(null, "", location.pathname);
  let token = mode === "play" ? (fromHash || localStorage.getItem(key)) : null;
  const host = localStorage.getItem(key + ":host");
  const MENU = 24;
  let view = null, cursor = 0, prefix = [], target = null, targetLabel = "", ply = 0, asSeat = "", busy = false;
  let pair = null;  // {then, label}: the second thing clicked after the target (a move's destination)
  let reverse = false;  // the second thing was clicked first (a card to show second, an area to reach): its partners stand out

  async function call(url, options) {
    const headers = Object.assign({"Content-Type": "application/json"}, token ? {"X-Token": token} : {});
    const response = await fetch(url, Object.assign({headers}, options || {}));
    const data = await response.json().catch(() => ({error: _("the server sent no answer")}));
    if (!response.ok) throw new Error(data.error || ("HTTP " + response.status));
    return data;
  }

  async function claimInvite() {
    // an invitation is claimed once, by the first browser that opens it: it gets the seat's own token
    if (!invite || token) return;
    const response = await fetch(`/api/games/${gid}/claim`, {method: "POST",
      headers: {"Content-Type": "application/json"}, body: JSON.stringify({invite})});
    const data = await response.json().catch(() => ({error: _("the server sent no answer")}));
    if (response.ok) { token = data.token; localStorage.setItem(key, token); return; }
    const box = $("notice");
    box.hidden = false;
    box.textContent = "";
    box.append(el("strong", {}, _("This invitation cannot be used.")), " " + data.error + ". ",
      el("span", {}, _("You are watching the game as a spectator.")));
  }

  async function showInvites() {
    // the creator's panel: each invited seat, waiting or joined, with its link while it waits
    if (!host || mode !== "play") return;
    let data;
    try {
      const response = await fetch(`/api/games/${gid}/invites`, {headers: {"X-Host": host}});
      if (!response.ok) return;
      data = await response.json();
    } catch (e) { return; }
    const box = $("invites");
    box.textContent = "";
    if (!data.seats.length) { box.hidden = true; return; }
    box.hidden = false;
    box.append(el("h3", {}, _("Invitations")));
    for (const s of data.seats) {
      const row = el("div", {class: "invite-row", "data-seat": s.seat});
      const link = localStorage.getItem(`${key}:invite${s.seat}`);
      row.append(el("span", {class: "name"}, s.name), " ",
        el("span", {class: "badge" + (s.state === "joined" ? "" : " warn")}, s.state === "joined" ? _("joined") : _("waiting")));
      if (s.state === "waiting") {
        if (link) {
          const input = el("input", {value: location.origin + link, readonly: "", class: "invite"});
          const copy = el("button", {type: "button", class: "copy"}, _("copy"));
          copy.onclick = async () => {
            input.select();
            try { await navigator.clipboard.writeText(input.value); } catch (e) { document.execCommand("copy"); }
            copy.textContent = _("copied");
          };
          row.append(el("br"), input, copy);
        }
        const renew = el("button", {type: "button", class: "link renew"}, link ? _("new link (the old one stops working)") : _("make a link"));
        renew.onclick = async () => {
          const response = await fetch(`/api/games/${gid}/invites/${s.seat}`, {method: "POST", headers: {"X-Host": host}});
          const made = await response.json().catch(() => ({}));
          if (response.ok) localStorage.setItem(`${key}:invite${s.seat}`, made.link);
          else $("error").textContent = made.error || "";
          showInvites();
        };
        row.append(" ", renew);
      } else localStorage.removeItem(`${key}:invite${s.seat}`);
      box.append(row);
    }
    box.append(el("p", {class: "summary"}, _("A link is for one person: the first browser that opens it takes the seat, and the link stops working.")));
  }

  function showSeats() {
    const box = $("seats");
    box.textContent = "";
    for (const s of view.seats) {
      const cls = ["seat"];
      if (s.to_move) cls.push("to-move");
      if (view.viewer === s.seat) cls.push("me");
      if (s.away) cls.push("away");
      const d = el("div", {class: cls.join(" "), "data-seat": s.seat});
      d.append(el("span", {class: "name"}, view.viewer === s.seat ? _("{name} (you)", {name: s.name}) : s.name));
      if (s.to_move) d.append(el("span", {class: "badge"}, _("to move")));
      if (s.away) d.append(el("span", {class: "badge warn"}, _("away: a bot plays")));
      if (s.joined === false) d.append(el("span", {class: "badge"}, _("invited")));
      box.append(d);
    }
  }

  function items(actions) {
    // the legal actions as menu entries at the current level (grouped by their paths)
    const here = actions.filter((a) => prefix.every((w, i) => a.path[i] === w));
    let k = prefix.length;
    // the words every entry shares (the thing clicked on the board) are said by the heading already
    while (target !== null && here.length && here.every((a) => a.path.length > k + 1 && a.path[k] === here[0].path[k])) k++;
    const byFirst = view.grouped && k === 0 && target === null;  // the game opens its menus by their first word
    if (here.length <= MENU && !byFirst) return here.map((a) => ({label: a.path.slice(k).join(" › ") || a.label, action: a}));
    const out = [], groups = new Map(), order = [];
    for (const a of here) {
      if (a.path.length <= k + 1) { out.push({label: a.path[k] || a.label, action: a}); order.push(out[out.length - 1]); }
      else {
        if (!groups.has(a.path[k])) { groups.set(a.path[k], []); order.push(a.path[k]); }
        groups.get(a.path[k]).push(a);
      }
    }
    const shown = new Map();
    for (const [word, members] of groups) {
      if (members.length === 1) shown.set(word, {label: members[0].path.slice(k).join(" › "), action: members[0]});
      else shown.set(word, {label: word + " (" + members.length + ")", group: members[0].path.slice(0, k + 1)});
    }
    // a game's own grouping keeps the order of its actions (its usual choices first)
    if (view.grouped) return order.map((x) => typeof x === "string" ? shown.get(x) : x);
    return out.concat([...shown.values()]);
  }

  function searched() {
    // the text typed in the search box: the legal actions whose words hold it, in one flat list
    const words = ($("search").value || "").trim().toLowerCase();
    if (!words) return null;
    return view.legal.filter((a) => (a.label + " " + a.path.join(" ") + " " + a.text).toLowerCase().includes(words))
      .slice(0, 60).map((a) => ({label: a.path.join(" › ") || a.label, action: a}));
  }

  function showMenu() {
    const menu = $("menu");
    menu.textContent = "";
    $("crumbs").textContent = "";
    $("search").hidden = !view.legal.length;
    if (pair && target !== null) return showPair();
    const legal = view.legal.filter((a) => target === null || on(a, target));
    const found = searched();
    if (found) {
      $("decision-title").textContent = _("Actions with “{words}”", {words: $("search").value.trim()});
      if (!found.length) menu.append(el("p", {class: "summary"}, _("No action has these words.")));
      for (const item of found) menu.append(actButton(item));
      return;
    }
    if (!legal.length) {
      $("decision-title").textContent = view.over ? _("The game is over") :
        (view.viewer === null ? _("Watching") :
          _("Waiting for {names}", {names: view.seats.filter((s) => s.to_move).map((s) => s.name).join(", ")}));
      return;
    }
    $("decision-title").textContent = target === null ? _("Your decision") : _("Your decision: {target}", {target: targetLabel});
    if (prefix.length || target !== null) {
      const back = el("button", {class: "link"}, _("‹ back"));
      back.onclick = () => { if (prefix.length) prefix.pop(); else unselect(); showMenu(); };
      $("crumbs").append(back, el("span", {}, " " + prefix.join(" › ")));
    }
    if (target !== null && onward(target).size) {
      menu.append(el("p", {class: "summary then-hint"}, _("Click a highlighted place on the board (or drag there), or choose here:")));
    }
    for (const item of items(legal)) menu.append(actButton(item));
  }

  function actButton(item) {
    const b = el("button", {class: item.group ? "group" : "act", "data-action": item.action ? item.action.text : ""}, item.label);
    b.disabled = busy;  // a move is on its way: the next one waits for its answer
    b.onclick = () => item.group ? (prefix = item.group.slice(), showMenu()) : choose(item.action.text);
    return b;
  }

  // ------------------------------------------------------------ two things clicked (a move: from, then to)
  function on(a, t) {
    // whether action a is about t: its target, or (t chosen the other way round) its second thing
    return reverse ? a.then === t : a.target === t;
  }

  function onward(t) {
    // the other things of the legal actions on t: a move's destinations (or, the other way round, its sources)
    const out = new Set();
    for (const a of view.legal) {
      if (!a.then) continue;
      if (!reverse && a.target === t) out.add(a.then);
      if (reverse && a.then === t) out.add(a.target);
    }
    return out;
  }

  function pairOf(t) {
    // the actions between the thing chosen and t
    return view.legal.filter((a) => reverse ? a.then === target && a.target === t : a.target === target && a.then === t);
  }

  function labelOf(node, t) {
    return node.dataset.label || node.getAttribute("title") || node.textContent.trim().split("\n")[0] || t.split(":").pop();
  }

  function select(t, label, backwards) {
    target = t; targetLabel = label; prefix = []; pair = null; reverse = !!backwards;
    markOnward();
    showMenu();
  }

  function unselect() {
    target = null; pair = null; prefix = []; reverse = false;
    markOnward();
  }

  function markOnward() {
    // the thing chosen, and where its actions may go next, stand out on the board
    const board = $("board");
    for (const n of board.querySelectorAll(".picked, .then-target")) n.classList.remove("picked", "then-target");
    if (target === null) return;
    const next = onward(target);
    for (const n of board.querySelectorAll("[data-target]")) {
      const t = n.getAttribute("data-target");
      if (t === target) n.classList.add("picked");
      else if (next.has(t)) n.classList.add("then-target");
    }
  }

  function toward(t, label) {
    // the second thing, after the target: one action is played, several (or a count) asked in a small dialog
    const both = pairOf(t);
    if (!both.length) {
      $("error").textContent = _("{what} cannot be reached from {source}: choose a highlighted place, or ‹ back.",
        {what: label, source: targetLabel});
      return;
    }
    $("error").textContent = "";
    if (both.length === 1 && (both[0].repeat || 1) <= 1) { pair = null; return choose(both[0].text); }
    pair = {then: t, label};
    showMenu();
  }

  function showPair() {
    // the small dialog of the actions from the target to the second thing: how many, and how
    const menu = $("menu");
    const both = pairOf(pair.then);
    $("decision-title").textContent = reverse ? _("{source} → {destination}", {source: pair.label, destination: targetLabel})
      : _("{source} → {destination}", {source: targetLabel, destination: pair.label});
    const back = el("button", {class: "link"}, _("‹ back"));
    back.onclick = () => { pair = null; showMenu(); };
    $("crumbs").append(back);
    for (const a of both) {
      const what = a.path[a.path.length - 1] || a.label;
      const n = Math.min(a.repeat || 1, 30);
      if (n <= 1) { menu.append(actButton({label: what, action: a})); continue; }
      const row = el("div", {class: "count-row"});
      row.append(el("span", {class: "count-what"}, _("{action}: how many?", {action: what})));
      for (let k = 1; k <= n; k++) {
        const b = el("button", {class: "act count", "data-action": a.text, "data-count": String(k)}, String(k));
        b.disabled = busy;
        b.onclick = () => playTimes(a.text, k);
        row.append(b);
      }
      menu.append(row);
    }
  }

  async function playTimes(text, k) {
    // the same action k times in a row, each checked against the legal actions just received
    pair = null;
    for (let i = 0; i < k; i++) {
      const a = view.legal.find((x) => x.text === text);
      if (!a) {
        $("error").textContent = _("{n} of {k} played: the next one is not possible now.", {n: i, k});
        return;
      }
      if (a.warning) return choose(text);  // the one that deserves a second thought asks first
      await act(text);
      if ($("error").textContent) return;
    }
  }

  let zoom = null;  // a zoomable drawing keeps its view box from one update to the next

  function zoomable(svg) {
    // <svg data-zoom>: the wheel zooms around the pointer, a drag pans, a double click resets
    const base = svg.viewBox.baseVal;
    const home = [base.x, base.y, base.width, base.height];
    if (zoom) [base.x, base.y, base.width, base.height] = zoom;
    const keep = () => { zoom = [base.x, base.y, base.width, base.height]; };
    svg.addEventListener("wheel", (e) => {
      e.preventDefault();
      const r = svg.getBoundingClientRect(), f = e.deltaY > 0 ? 1.2 : 1 / 1.2;
      const px = base.x + base.width * (e.clientX - r.left) / r.width;
      const py = base.y + base.height * (e.clientY - r.top) / r.height;
      base.x = px - (px - base.x) * f; base.y = py - (py - base.y) * f;
      base.width *= f; base.height *= f; keep();
    }, {passive: false});
    let drag = null;
    svg.addEventListener("pointerdown", (e) => { drag = [e.clientX, e.clientY]; });
    svg.addEventListener("pointerup", () => { drag = null; });
    svg.addEventListener("pointermove", (e) => {
      if (!drag) return;
      const r = svg.getBoundingClientRect();
      base.x -= (e.clientX - drag[0]) * base.width / r.width;
      base.y -= (e.clientY - drag[1]) * base.height / r.height;
      drag = [e.clientX, e.clientY]; keep();
    });
    svg.addEventListener("dblclick", () => { [base.x, base.y, base.width, base.height] = home; zoom = null; });
  }

  function showBoard() {
    const board = $("board");
    board.innerHTML = view.html;
    for (const svg of board.querySelectorAll("svg[data-zoom]")) zoomable(svg);
    const targets = new Map();
    for (const a of view.legal) if (a.target) targets.set(a.target, (targets.get(a.target) || 0) + 1);
    for (const form of board.querySelectorAll("form[data-template]")) {
      // a number typed into a drawing: <form data-template="culture {value}"><input name="value"></form>
      form.addEventListener("submit", (e) => {
        e.preventDefault();
        const value = (new FormData(form).get("value") || "").toString().trim();
        if (value) act(form.dataset.template.replace("{value}", value));
      });
    }
    for (const node of board.querySelectorAll("[data-target]")) {
      const t = node.getAttribute("data-target");
      if (targets.has(t)) node.classList.add("actionable");
      if (mode !== "play" || view.viewer === null) continue;
      node.addEventListener("click", (e) => {
        e.stopPropagation();  // the innermost thing clicked, not the area around it
        if (busy || dragged) return;
        const label = labelOf(node, t);
        if (target !== null && onward(target).has(t)) return toward(t, label);  // the same thing twice: a pair of cards
        if (!targets.has(t)) {
          if (view.legal.some((a) => a.then === t)) return select(t, label, true);  // the second thing first
          // not legal now: a click does nothing but say so in one line
          $("error").textContent = target !== null && onward(target).size ?
            _("{what} cannot be reached from {source}: choose a highlighted place, or ‹ back.", {what: label, source: targetLabel}) :
            (view.legal.length ? _("Nothing to do with {what} now.", {what: label}) : _("It is not your decision now."));
          return;
        }
        $("error").textContent = "";
        const here = view.legal.filter((a) => a.target === t);
        if (here.length === 1 && !here[0].then && (here[0].repeat || 1) <= 1) { targetLabel = label; choose(here[0].text); }
        else select(t, label);
      });
      if (targets.has(t) && view.legal.some((a) => a.target === t && a.then)) {
        // a drag from here to a highlighted place plays the move (the map is not panned)
        node.addEventListener("pointerdown", (e) => {
          if (busy || e.button) return;
          e.stopPropagation();
          e.preventDefault();  // no text selected on the way (a selection would turn the next drag into a copy)
          held = {from: t, label: labelOf(node, t), x: e.clientX, y: e.clientY, far: false};
        });
      }
    }
    markOnward();
  }

  let held = null, dragged = false;  // a drag from a thing to another (a move)
  document.addEventListener("pointermove", (e) => {
    if (held && Math.abs(e.clientX - held.x) + Math.abs(e.clientY - held.y) > 8) {
      held.far = true;
      document.body.classList.add("dragging");
    }
  });
  document.addEventListener("pointercancel", () => { held = null; document.body.classList.remove("dragging"); });
  document.addEventListener("pointerup", (e) => {
    const h = held;
    held = null;
    document.body.classList.remove("dragging");
    if (!h || !h.far) return;  // a click: the click handler does it
    dragged = true;
    setTimeout(() => { dragged = false; }, 0);  // the click that ends a drag is no click
    const over = document.elementFromPoint(e.clientX, e.clientY);
    const node = over && over.closest("#board [data-target]");
    const t = node ? node.getAttribute("data-target") : null;
    select(h.from, h.label);
    if (t === null || t === h.from) return;
    if (onward(h.from).has(t)) toward(t, labelOf(node, t));
    else $("error").textContent = _("{what} cannot be reached from {source}: drop on a highlighted place.",
      {what: labelOf(node, t), source: h.label});
  });

  function showLog(events, reset) {
    // grouped by turn: the event that begins a turn heads its group
    const log = $("log");
    if (reset) log.textContent = "";
    for (const e of events) {
      const li = el("li", {"data-id": e.id}, e.text);
      if (/^turn\.(start|passed)/.test(e.id)) li.classList.add("turn-head");
      log.append(li);
    }
    log.scrollTop = log.scrollHeight;
  }

  function showRecent() {
    // what the others just did, highlighted on the board until this viewer's next decision
    for (const m of view.recent || []) {
      for (const node of $("board").querySelectorAll("[data-target]")) {
        if (node.getAttribute("data-target") !== m.target) continue;
        node.classList.add("recent");
        const who = (view.seats.find((s) => s.seat === m.seat) || {}).name || "";
        node.setAttribute("title", _("{name} just played here", {name: who}));
      }
    }
  }

  let wasMyTurn = false;
  function announce() {
    // the tab's title (and, when chosen, a short sound) says when it is this viewer's turn
    const mine = mode === "play" && !view.over && view.legal.length > 0;
    document.title = (mine ? "● " + _("Your turn") + " — " : "") + app.dataset.name + " — civtable";
    if (mine && !wasMyTurn && localStorage.getItem("civtable:sound") === "on") beep();
    wasMyTurn = mine;
  }

  function beep() {
    try {
      const ctx = new (window.AudioContext || window.webkitAudioContext)();
      const osc = ctx.createOscillator(), gain = ctx.createGain();
      osc.frequency.value = 660; gain.gain.value = 0.08;
      osc.connect(gain); gain.connect(ctx.destination);
      osc.start(); osc.stop(ctx.currentTime + 0.18);
    } catch (e) { /* no sound here */ }
  }

  function showResult() {
    // a finished game: the scores, and its replay (the controls of the replay page, here)
    const box = $("result");
    if (!view.over || mode !== "play") { box.hidden = true; return; }
    box.hidden = false;
    box.textContent = "";
    box.append(el("h3", {}, _("Final result")));
    const table = el("table", {class: "games"});
    // the game's score (victory points, cities) where it has one, else the result (1, 0, -1)
    const scored = (view.scores || []).length === view.seats.length;
    const rows = view.seats.map((s) => ({s, r: view.returns[s.seat], v: scored ? view.scores[s.seat] : view.returns[s.seat]}))
      .sort((a, b) => (b.r - a.r) || (b.v - a.v));
    const head = el("tr", {}), thead = el("thead", {}), body = el("tbody", {});
    head.append(el("th", {}, _("Player")), el("th", {}, ""), el("th", {}, scored ? _("Score") : _("Result")));
    thead.append(head);
    for (const {s, v} of rows) {
      const tr = el("tr", {class: view.winners.includes(s.seat) ? "winner" : ""});
      tr.append(el("td", {}, s.name), el("td", {}, view.winners.includes(s.seat) ? _("won") : ""), el("td", {}, String(v)));
      body.append(tr);
    }
    table.append(thead, body);
    box.append(table);
    $("replay").hidden = false;
    ply = view.state;  // the number of moves: the replay starts at the end
    $("ply").textContent = _("Step through the game:");
  }

  function heldSeats() {
    // the seats of this game whose links this browser keeps (the creator's "me" seats: a hot seat)
    const held = {};
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i), m = k.match(/^civtable:([^:]+):link(\d+)$/);
      if (!m || m[1] !== gid) continue;
      const t = new URLSearchParams((localStorage.getItem(k) || "").split("#")[1] || "").get("t");
      if (t) held[Number(m[2])] = t;
    }
    return held;
  }

  function passTo() {
    // several people at one browser: when the seat to move is another of ours, hide this one's hand
    if (mode !== "play" || view.over || view.viewer === null || view.to_move.includes(view.viewer)) return null;
    const held = heldSeats();
    const next = view.to_move.find((p) => held[p] && p !== view.viewer);
    return next === undefined ? null : {seat: next, token: held[next]};
  }

  function showPass(next) {
    $("board").innerHTML = ""; $("menu").textContent = ""; $("log").textContent = ""; $("help").textContent = "";
    app.classList.add("passing");
    const box = $("pass");
    const name = (view.seats.find((s) => s.seat === next.seat) || {}).name || "";
    box.textContent = "";
    box.hidden = false;
    const go = el("button", {class: "act", id: "take-seat"}, _("I am {name}: show my hand", {name}));
    go.onclick = () => {
      token = next.token;
      localStorage.setItem(key, token);
      box.hidden = true;
      app.classList.remove("passing");
      view = null; cursor = 0;
      refresh();
    };
    box.append(el("h2", {}, _("Pass the device to {name}", {name})),
      el("p", {}, _("The previous player's hand is hidden. Click when only {name} can see the screen.", {name})), go);
    document.title = _("Pass the device to {name}", {name}) + " — civtable";
  }

  function draw(fresh) {
    const next = passTo();
    if (next) { showSeats(); showPass(next); return; }
    showSeats();
    showBoard();
    showRecent();
    showLog(view.events, fresh);
    $("help").textContent = view.help || "";
    if (fresh) { prefix = []; target = null; pair = null; reverse = false; }
    showMenu();
    announce();
    showResult();
  }

  let loading = null, again = false;

  async function refresh() {
    // one request at a time: a refresh asked for while one runs is done once after it
    // (the event stream and a move's answer often ask together), so no event is told twice
    if (mode === "replay") return replay();
    if (loading) { again = true; return loading; }
    loading = (async () => {
      do {
        again = false;
        try {
          take(await call(`/api/games/${gid}/view?since=${cursor}`));
        } catch (e) { $("error").textContent = e.message; }
      } while (again);
    })();
    try { await loading; } finally { loading = null; }
  }

  function take(next) {
    // a view from the server (asked for, or the answer of a move): drawn unless an older one
    if (next.cursor < cursor) return;
    const first = view === null;
    const joined = view ? view.seats.filter((s) => s.joined).length : -1;
    view = next;
    cursor = view.cursor;
    if (host && view.seats.filter((s) => s.joined).length !== joined) showInvites();
    keepChoice();  // another player's move does not undo what this person was choosing
    $("error").textContent = "";
    draw(first);
  }

  function keepChoice() {
    // the thing chosen on the board (and the menu level) stays while it still has legal actions
    if (target !== null && !view.legal.some((a) => on(a, target))) { target = null; pair = null; reverse = false; }
    if (pair && !pairOf(pair.then).length) pair = null;
    if (prefix.length && !view.legal.some((a) => (target === null || on(a, target))
        && prefix.every((w, i) => a.path[i] === w))) prefix = [];
  }

  function choose(text) {
    // an action the game warns about (it loses pieces, or ends the turn with something left to do)
    // is played only after a second click on the confirmation
    const a = view.legal.find((x) => x.text === text);
    const box = $("confirm");
    if (!a || !a.warning) { box.hidden = true; return act(text); }
    box.textContent = "";
    box.hidden = false;
    const yes = el("button", {class: "act danger", "data-confirm": text}, _("Yes, play it"));
    const no = el("button", {class: "cancel"}, _("Choose again"));
    yes.onclick = () => { box.hidden = true; act(text); };
    no.onclick = () => { box.hidden = true; };
    box.append(el("p", {}, _("Careful: {warning}", {warning: a.warning})), el("p", {class: "what"}, a.label), yes, " ", no);
    yes.focus();
  }

  async function act(text) {
    if (busy) return;
    busy = true;
    $("error").textContent = "";
    for (const b of document.querySelectorAll("#menu button")) b.disabled = true;
    let failed = null, answer = null;
    const sent = cursor;
    try {
      // the move's answer carries the view after it (one request, not two)
      answer = await call(`/api/games/${gid}/act`,
        {method: "POST", body: JSON.stringify({action: text, state: view.state, since: sent})});
      target = null; pair = null; prefix = []; reverse = false;  // played: the next decision starts from the whole menu
    } catch (e) { failed = e.message; }
    finally { busy = false; }
    // taken only if no other view came meanwhile (its events since `sent` would be told twice)
    if (answer && answer.view && !loading && cursor === sent) take(answer.view);
    else await refresh();
    if (failed) $("error").textContent = failed;
  }

  async function replay() {
    const seat = asSeat === "" ? "" : "&seat=" + asSeat;
    view = await call(`/api/replays/${gid}/view?ply=${ply}${seat}`);
    ply = view.ply;
    $("ply").textContent = _("move {ply} of {total}", {ply: view.ply, total: view.total});
    const select = $("as");
    if (select.options.length === 1) for (const s of view.seats) select.append(el("option", {value: s.seat}, s.name));
    draw(true);
    $("decision").hidden = true;
  }

  const toReplay = () => { if (mode !== "replay") { mode = "replay"; if (source) source.close(); } };
  $("first").onclick = () => { toReplay(); ply = 0; replay(); };
  $("prev").onclick = () => { toReplay(); ply = Math.max(0, ply - 1); replay(); };
  $("next").onclick = () => { toReplay(); ply += 1; replay(); };
  $("last").onclick = () => { toReplay(); ply = 1e9; replay(); };
  $("as").onchange = (e) => { toReplay(); asSeat = e.target.value; replay(); };
  $("search").addEventListener("input", () => { if (view) { prefix = []; pair = null; showMenu(); } });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && view && (target !== null || prefix.length)) { unselect(); showMenu(); }
  });
  const sound = $("sound");
  sound.checked = localStorage.getItem("civtable:sound") === "on";
  sound.onchange = () => localStorage.setItem("civtable:sound", sound.checked ? "on" : "off");
  let source = null;
  if (mode === "replay") {
    $("replay").hidden = false;
    replay();
  } else {
    claimInvite().then(refresh);
    source = new EventSource(`/api/games/${gid}/stream`);
    source.onmessage = (m) => { if (!view || m.data !== view.stamp) refresh(); };
  }
})();
