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
    const k = prefix.length;
    if (here.length <= MENU) return here.map((a) => ({label: a.path.slice(k).join(" › ") || a.label, action: a}));
    const out = [], groups = new Map();
    for (const a of here) {
      if (a.path.length <= k + 1) out.push({label: a.path[k] || a.label, action: a});
      else { if (!groups.has(a.path[k])) groups.set(a.path[k], []); groups.get(a.path[k]).push(a); }
    }
    for (const [word, members] of groups) {
      if (members.length === 1) out.push({label: members[0].path.slice(k).join(" › "), action: members[0]});
      else out.push({label: word + " (" + members.length + ")", group: word});
    }
    return out;
  }

  function showMenu() {
    const menu = $("menu");
    menu.textContent = "";
    $("crumbs").textContent = "";
    const legal = view.legal.filter((a) => target === null || a.target === target);
    if (!legal.length) {
      $("decision-title").textContent = view.over ? _("The game is over") :
        (view.viewer === null ? _("Watching") :
          _("Waiting for {names}", {names: view.seats.filter((s) => s.to_move).map((s) => s.name).join(", ")}));
      return;
    }
    $("decision-title").textContent = target === null ? _("Your decision") : _("Your decision: {target}", {target: targetLabel});
    if (prefix.length || target !== null) {
      const back = el("button", {class: "link"}, _("‹ back"));
      back.onclick = () => { if (prefix.length) prefix.pop(); else target = null; showMenu(); };
      $("crumbs").append(back, el("span", {}, " " + prefix.join(" › ")));
    }
    for (const item of items(legal)) {
      const b = el("button", {class: item.group ? "group" : "act", "data-action": item.action ? item.action.text : ""}, item.label);
      b.disabled = busy;  // a move is on its way: the next one waits for its answer
      b.onclick = () => item.group ? (prefix.push(item.group), showMenu()) : choose(item.action.text);
      menu.append(b);
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
      if (!targets.has(t)) {
        // not legal now: a click does nothing but say so in one line
        if (mode === "play" && view.viewer !== null) node.addEventListener("click", () => {
          const what = node.dataset.label || node.getAttribute("title") || node.textContent.trim().split("\n")[0] || t;
          $("error").textContent = view.legal.length ? _("Nothing to do with {what} now.", {what}) :
            _("It is not your decision now.");
        });
        continue;
      }
      node.classList.add("actionable");
      node.addEventListener("click", () => {
        if (busy) return;
        const on = view.legal.filter((a) => a.target === t);
        targetLabel = node.dataset.label || node.getAttribute("title") || node.textContent.trim().split("\n")[0]
          || t.split(":").pop();
        if (on.length === 1) choose(on[0].text); else { target = t; prefix = []; showMenu(); }
      });
    }
  }

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
    if (fresh) { prefix = []; target = null; }
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
          const first = view === null;
          const next = await call(`/api/games/${gid}/view?since=${cursor}`);
          if (next.cursor < cursor) continue;
          const joined = view ? view.seats.filter((s) => s.joined).length : -1;
          view = next;
          cursor = view.cursor;
          if (host && view.seats.filter((s) => s.joined).length !== joined) showInvites();
          prefix = []; target = null;
          $("error").textContent = "";
          draw(first);
        } catch (e) { $("error").textContent = e.message; }
      } while (again);
    })();
    try { await loading; } finally { loading = null; }
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
    let failed = null;
    try {
      await call(`/api/games/${gid}/act`, {method: "POST", body: JSON.stringify({action: text, state: view.state})});
    } catch (e) { failed = e.message; }
    finally { busy = false; }
    await refresh();
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
