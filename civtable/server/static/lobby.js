// The lobby: the games, their options and seats, and the games being played.
"use strict";
(function () {
  const {_, $, el} = window.civtable;  // common.js
  let meta = null;
  const STATUS = {playing: _("playing"), over: _("over"), replay: _("replay")};
  const current = () => meta.games.find((g) => g.id === $("game").value);

  function seatRows() {
    const g = current(), n = Number($("players").value), box = $("seats");
    box.textContent = "";
    for (let i = 0; i < n; i++) {
      const row = el("div", {class: "seat-row"});
      row.append(el("span", {}, _("Seat {n}", {n: i})));
      const kind = el("select", {name: "kind" + i, "data-seat": i});
      for (const k of ["human", "invite", "bot"]) kind.append(el("option", {value: k}, k === "human" ? _("me") : k === "invite" ? _("a friend (invite link)") : _("a bot")));
      kind.value = i === 0 ? "human" : "bot";
      const bot = el("select", {name: "bot" + i});
      for (const b of g.bots) bot.append(el("option", {value: b}, b));
      bot.value = g.bots.includes("greedy") ? "greedy" : g.bots[0];
      kind.onchange = () => { bot.hidden = kind.value !== "bot"; };
      bot.hidden = kind.value !== "bot";
      row.append(kind, bot, el("span", {class: "seat-plays", "data-plays": i}));
      box.append(row);
    }
    tableChanged();
  }

  async function tableChanged() {
    // what each seat plays at this table (the game's seat labels: Mega Civ's civilizations), or why
    // the table cannot be set (a map with fewer start areas than players): one sentence, before creating
    const g = current(), n = Number($("players").value), options = {};
    for (const s of document.querySelectorAll("#table-options select, #options select")) options[s.name.slice(4)] = s.value;
    const response = await fetch("/api/table", {method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({game: g.id, players: n, options})});
    if (g !== current() || n !== Number($("players").value)) return;  // changed again meanwhile
    const data = await response.json();
    $("create-error").textContent = response.ok ? "" : data.error;
    for (const span of document.querySelectorAll("[data-plays]")) {
      const label = response.ok && data.seats ? data.seats[Number(span.dataset.plays)] : "";
      span.textContent = label ? "· " + label : "";
    }
  }

  function gameChanged() {
    const g = current();
    $("summary").textContent = g.summary;
    const players = $("players");
    players.textContent = "";
    for (let n = g.min; n <= g.max; n++) players.append(el("option", {value: n}, n));
    players.value = g.default;
    const options = $("options"), table = $("table-options");
    options.textContent = "";
    table.textContent = "";
    // the options that choose the table (values offered: the map, the length) first, the rule variants folded
    for (const o of g.options.filter((o) => o.choices.length > 1)) {
      const label = el("label", {title: o.help}, o.name + (o.rule ? " [" + o.rule + "] " : " "));
      const select = el("select", {name: "opt:" + o.name});
      for (const c of o.choices) select.append(el("option", {value: c}, c === String(o.default) ? _("{choice} (default)", {choice: c}) : c));
      select.value = String(o.default);
      select.onchange = tableChanged;
      label.append(select);
      if (o.table) label.append(el("span", {class: "summary"}, " " + o.help));
      (o.table ? table : options).append(label);
    }
    const takeover = $("takeover");
    takeover.textContent = "";
    for (const b of g.bots.filter((b) => b !== "random")) takeover.append(el("option", {value: b}, b));
    if (g.bots.includes("greedy")) takeover.value = "greedy";
    seatRows();
  }

  async function load() {
    meta = await (await fetch("/api/meta")).json();
    for (const g of meta.games) $("game").append(el("option", {value: g.id}, g.name));
    $("game").onchange = gameChanged;
    $("players").onchange = seatRows;
    gameChanged();
    myGames();
    listGames();
  }

  async function myGames() {
    // the games this browser holds a seat in, the ones waiting for me first
    const tokens = [];
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (/^civtable:[^:]+$/.test(k)) tokens.push(localStorage.getItem(k));
    }
    const box = $("my-games");
    box.textContent = "";
    if (!tokens.length) return;
    const response = await fetch("/api/my-games", {method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({tokens: tokens.slice(-30)})});
    if (!response.ok) return;
    const data = await response.json();
    if (!data.games.length) return;
    box.append(el("h3", {}, _("My games")));
    const list = el("ul", {class: "mine"});
    for (const g of data.games) {
      const li = el("li", {class: g.your_turn ? "your-turn" : ""});
      const a = el("a", {href: g.status === "playing" ? "/play/" + g.id : "/replay/" + g.id}, g.name);
      const what = g.status !== "playing" ? (STATUS[g.status] || g.status) :
        g.your_turn ? _("your turn") : _("waiting for {names}", {names: g.to_move.join(", ")});
      li.append(a, " — ", el("span", {}, what));
      list.append(li);
    }
    box.append(list);
  }

  async function listGames() {
    const data = await (await fetch("/api/games")).json();
    const body = document.querySelector("#games tbody");
    body.textContent = "";
    for (const g of data.games) {
      const tr = el("tr");
      tr.append(el("td", {}, g.game), el("td", {}, g.seats.join(", ")), el("td", {}, STATUS[g.status] || g.status));
      const td = el("td");
      const mine = localStorage.getItem("civtable:" + g.id);
      const a = el("a", {href: g.status === "playing" ? "/play/" + g.id : "/replay/" + g.id},
        g.status === "playing" ? (mine ? _("play") : _("watch")) : _("replay"));
      td.append(a);
      tr.append(td);
      body.append(tr);
    }
  }

  $("new-game").onsubmit = async (ev) => {
    ev.preventDefault();
    $("create-error").textContent = "";
    const g = current(), n = Number($("players").value), seats = [], options = {};
    for (let i = 0; i < n; i++) {
      const kind = document.querySelector(`[name=kind${i}]`).value;
      seats.push({kind, bot: kind === "bot" ? document.querySelector(`[name=bot${i}]`).value : null});
    }
    for (const s of document.querySelectorAll("#table-options select, #options select")) options[s.name.slice(4)] = s.value;
    const clock = $("clock").value ? Number($("clock").value) : null;
    const body = {game: g.id, options, seats, clock, takeover: $("takeover").value};
    if ($("seed").value !== "") { body.seed = Number($("seed").value); body.practice = true; }
    const response = await fetch("/api/games", {method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify(body)});
    const data = await response.json();
    if (!response.ok) { $("create-error").textContent = data.error; return; }
    // this browser keeps the creator's key (to see and renew the invitations), its own seats' links
    // and the invitations until they are claimed; the game page shows the invitations with a copy button
    const key = "civtable:" + data.id;
    localStorage.setItem(key + ":host", data.host);
    for (const [seat, link] of Object.entries(data.links)) localStorage.setItem(key + ":link" + seat, link);
    for (const [seat, link] of Object.entries(data.invites)) localStorage.setItem(key + ":invite" + seat, link);
    const mine = seats.findIndex((s) => s.kind === "human");
    location.href = mine >= 0 ? data.links[String(mine)] : data.spectate;
  };

  $("upload").onsubmit = async (ev) => {
    ev.preventDefault();
    $("upload-error").textContent = "";
    const file = $("record-file").files[0];
    if (!file) { $("upload-error").textContent = _("choose a record file (.jsonl) first"); return; }
    const response = await fetch("/api/replays", {method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({record: await file.text()})});
    const data = await response.json();
    if (!response.ok) { $("upload-error").textContent = data.error; return; }
    location.href = data.link;
  };
  load();
})();
