"""One whole turn of civ-solo clicked in the browser by a scripted person (a measurement,
not a test): how many clicks, and how long from the first click to the next turn's
first question.

    python benchmarks/bench_solo_turn.py [--baseline REV] [--rounds 3]

The person plays the same session in each tree (seed 7, dice typed at the table) and
gives the same answers: after 'start', turn 1 is a military event (two unit cards
entered, card limit, combat bonus, the loss accepted), the three trade dice and two
acquisitions paid in trade points, the movement and the research phases. Each answer
is clicked the way the page offers it: the thing on the board that the answer acts on
(``Game.action_target``; a second click in the short menu when several answers act on
it), else its entry in the side menu (opening its group first); a confirmation
(``Game.action_warning``) is one more click. The clicks on a thing of the board are
counted apart (an answer button beside the question, ``answer:TEXT``, is not one). The time is wall time with no thinking:
each click waits for the page to show the answer's effect (its line in the log).

Each tree runs in its own child process (``_timing.run_in``: the tree's ``civtable``,
its server and its page), taking turns; the figures are the medians of the rounds.
Debian's Chromium and Playwright are needed (``make browser``).
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

ROOT = Path(__file__).resolve().parent.parent
SEED = 7
TURN = ("die 5", "die 5", "accept", "unit infantry 1 2", "unit mounted 1 1", "done", "limit 3", "bonus 2", "accept",
        "trade roll", "die 5", "die 6", "die 2", "buy culture-event-card", "give trade-point 8", "pay",
        "buy culture-token", "give trade-point 2", "pay", "next", "next")
"""Turn 1's answers, from its event dice to the end of its research phase."""


def log_length(page: Any) -> int:
    return int(page.evaluate("document.querySelector('#log').children.length"))


def click_answer(page: Any, game: Any, state: Any, text: str) -> tuple[int, int]:
    """Click ``text`` the way the page offers it; the clicks it took on the board and
    elsewhere (the side menu, a confirmation). Returns once the page shows the answer's
    line in its log."""
    obs = state.observation(0)
    legal = state.legal_actions(0)
    action = next(a for a in legal if a.text == text)
    target = game.action_target(action, obs)
    before = log_length(page)
    clicks = board = 0
    if target is not None:
        page.locator(f'#board [data-target="{target}"]').first.click()
        board += not target.startswith("answer:")  # an answer button beside the question is no thing of the board
        clicks += target.startswith("answer:")
        if sum(game.action_target(b, obs) == target for b in legal) > 1:  # a short menu of the answers on it
            page.locator(f'#menu button.act[data-action="{text}"]').click()
            clicks += 1
    else:
        entry = page.locator(f'#menu button.act[data-action="{text}"]')
        for word in game.action_path(action, obs)[:-1]:
            if entry.count():
                break
            page.locator("#menu button.group", has_text=str(word)).first.click()
            clicks += 1
        entry.click()
        clicks += 1
    warn = getattr(game, "action_warning", None)
    if warn is not None and warn(action, obs) is not None:
        page.locator("#confirm button[data-confirm]").click()
        clicks += 1
    page.wait_for_function(f"document.querySelector('#log').children.length > {before}", timeout=30000)
    return board, clicks


def worker(job: dict[str, Any]) -> dict[str, Any]:
    """One round in this process's tree: the clicks and seconds of the turn."""
    sys.path.append(str(ROOT))  # the tests' server helper; civtable comes from the tree (PYTHONPATH)
    import httpx
    from playwright.sync_api import sync_playwright

    import civtable
    from tests.browser import ARGS, CHROMIUM, VIEWPORT
    from tests.server.serverproc import ServerProcess

    game = civtable.load_game("civ-solo", dice="table")
    state = game.new_state(seed=SEED)
    with tempfile.TemporaryDirectory() as tmp:
        server = ServerProcess(Path(tmp) / "games.db").start()
        try:
            made = httpx.post(server.url + "/api/games", json={
                "game": "civ-solo", "seats": [{"kind": "human"}], "options": {"dice": "table"}, "seed": SEED,
                "practice": True}, timeout=30).json()
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
                page = browser.new_page(viewport=VIEWPORT)
                page.goto(server.url + str(made["links"]["0"]))
                page.wait_for_selector("#menu button")
                click_answer(page, game, state, "start")
                state.apply(0, "start")
                board = clicks = 0
                start = time.perf_counter()
                for text in TURN:
                    on_board, other = click_answer(page, game, state, text)
                    board += on_board
                    clicks += other
                    state.apply(0, text)
                seconds = time.perf_counter() - start
                assert state.turn_no == 2 and state.ask == "dice", (state.turn_no, state.ask)
                browser.close()
        finally:
            server.stop()
    return {"board": board, "clicks": board + clicks, "seconds": seconds, "answers": len(TURN)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", help="a git revision (or a directory holding civtable/) to compare with")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(worker(json.loads(args.worker))))
        return
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from _timing import baseline_tree, run_in

    trees = {"this tree": ROOT}
    if args.baseline:
        trees = {f"baseline {args.baseline}": baseline_tree(args.baseline), **trees}
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in trees}
    for _ in range(args.rounds):
        for name, tree in trees.items():
            runs[name].append(run_in(tree, str(Path(__file__).resolve()), {}))
    print(f"one whole turn of civ-solo in the browser ({len(TURN)} answers, seed {SEED}, dice typed), "
          f"median of {args.rounds} rounds:")
    for name, got in runs.items():
        clicks = statistics.median(r["clicks"] for r in got)
        board = statistics.median(r["board"] for r in got)
        seconds = statistics.median(r["seconds"] for r in got)
        print(f"  {name:<24} {clicks:>4.0f} clicks ({board:.0f} on a thing of the board)  {seconds:6.2f} s  (rounds: "
              + ", ".join(f"{r['seconds']:.2f}" for r in got) + ")")


if __name__ == "__main__":
    main()
