"""The speed of Mega Civilization's page (issue 27, item 6): the full map with 18 players
drawn and a click on the map answered, in headless Chromium (a measurement, not a test).

    python benchmarks/bench_mega_page.py [--repeat 15] [--out benchmarks/results/mega_page.json]

A fresh server; a practice game (seed 1) of one person (seat 0) and greedy bots, on the
full map with 18 players and, as the reference of the same run, on the small map with 5.
Once the person's page shows his first decision (the movement of turn 1):

- draw: the board's HTML of the view (the map and the panels) put into the page as every
  update does, its clickable things marked, until the next frame is painted (two
  animation frames: at 60 frames a second, 17-33 ms of each figure is the wait for them);
- load: the page loaded again until its map is drawn with the decision beside it (the
  server's view built, sent, parsed and drawn: what a person waits for on opening it);
- click: a click on an area holding the person's tokens, until the next frame is painted
  with its neighbours highlighted (the page's own work: no server round trip);
- move: the click on a highlighted neighbour, until the view after the move has come back
  from the server and is painted (the move sent, applied and stored; the view fetched;
  once: a move changes the position).

Each is repeated (``--repeat``); the median and the slowest are reported, in
milliseconds, with the 18-player figures over the 5-player ones (ratios of the same run).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

DRAW = """async () => {
  const view = await (await fetch(location.pathname.replace('/play/', '/api/games/') + '/view',
    {headers: {'X-Token': localStorage.getItem('civtable:' + location.pathname.split('/').pop())}})).json();
  const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const board = document.querySelector('#board'), out = [];
  for (let i = 0; i < REPEAT; i++) {
    await frame();
    const t = performance.now();
    board.innerHTML = view.html;
    const targets = new Set(view.legal.map((a) => a.target));
    for (const node of board.querySelectorAll('[data-target]')) {  // the page's marking of clickable things
      if (targets.has(node.getAttribute('data-target'))) node.classList.add('actionable');
    }
    board.getBoundingClientRect();
    await frame();
    out.push(performance.now() - t);
  }
  return out;
}"""

CLICK = """async (target) => {
  const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const node = () => document.querySelector(`#board [data-target="${target}"]`);
  const out = [];
  for (let i = 0; i < REPEAT; i++) {
    await frame();
    const t = performance.now();
    node().dispatchEvent(new MouseEvent('click', {bubbles: true}));
    if (!document.querySelector('#board .then-target')) throw new Error('no neighbour highlighted');
    await frame();
    out.push(performance.now() - t);
  }
  return out;
}"""


def measure(players: int, game_map: str, repeat: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    from tests.browser import ARGS, CHROMIUM, VIEWPORT, create
    from tests.server.serverproc import ServerProcess

    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "greedy"}] * (players - 1)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        server = ServerProcess(Path(tmp) / "games.db").start()
        try:
            data = create(server, "mega-civ", seats, options={"map": game_map}, seed=1)
            gid, token = data["id"], str(data["links"]["0"]).split("#t=")[1]
            b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            page = b.new_context(viewport=VIEWPORT).new_page()
            page.goto(server.url + str(data["links"]["0"]))
            page.wait_for_selector("#menu button", timeout=120000)
            view = httpx.get(f"{server.url}/api/games/{gid}/view", headers={"X-Token": token}, timeout=60).json()
            html_kb = len(view["html"].encode()) / 1024
            draw = page.evaluate(DRAW.replace("REPEAT", str(repeat)))
            load = []
            for _ in range(max(3, repeat // 3)):
                start = time.perf_counter()
                page.reload()
                page.wait_for_selector("#board svg [data-target]", timeout=60000)
                page.wait_for_selector("#menu button", timeout=60000)
                page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
                load.append((time.perf_counter() - start) * 1000)
            moves = [a for a in view["legal"] if a["then"]]
            source = moves[0]["target"]
            click = page.evaluate(CLICK.replace("REPEAT", str(repeat)), source)
            move = []
            page.click(f'#board [data-target="{source}"]')
            a = next(m for m in moves if m["target"] == source)
            start = time.perf_counter()
            with page.expect_response(lambda r: "/view" in r.url and r.request.method == "GET", timeout=60000):
                page.click(f'#board [data-target="{a["then"]}"]')
                if page.locator("#menu button.count").count():
                    page.locator("#menu button.count").first.click()
            page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
            move.append((time.perf_counter() - start) * 1000)
            b.close()
        finally:
            server.stop()
    return {"players": players, "map": game_map, "html_kb": round(html_kb, 1),
            "draw_ms": _summary(draw), "click_ms": _summary(click), "load_ms": _summary(load),
            "move_ms": _summary(move)}


def _summary(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    return {"median": round(statistics.median(values), 1), "max": round(max(values), 1), "n": len(values)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    rows = [measure(5, "small", args.repeat), measure(18, "full", args.repeat)]
    small, full = rows
    for r in rows:
        print(f"{r['players']:>2} players, {r['map']:<5} map: html {r['html_kb']} kB; draw {r['draw_ms']} ms; "
              f"click {r['click_ms']} ms; load {r['load_ms']} ms; move (server included) {r['move_ms']} ms")
    for key in ("draw_ms", "click_ms", "load_ms", "move_ms"):
        print(f"{key}: 18 players / 5 players = {full[key]['median'] / small[key]['median']:.2f} (medians)")
    if args.out:
        args.out.write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()
