"""One whole turn of Civilization: The Card Game by a scripted person: clicks and time
(a measurement, not a test; issue 26).

    python benchmarks/bench_turn_ccg.py [--surface browser|terminal|both] [--repeat 3]

The same turn each time: seed 3, three players, the dealer is seat 2, so seat 0 (the
person) has the first turn against two greedy bots. The set-up (the two drafts, the
free population, the two discards of the starting hand) is played first and not
counted (``SETUP``; the free population goes on the Forest, which yields Hammers and
Commerce). The turn (``TURN``): the population's extra resource (a Hammer), cash the
Food card, cash the Hammers card, build the Temple on plot 1, trade 3 Commerce for 1 Food at the bank, end the purchases,
and discard the Food card and the Archers after the draw (the opening hand is a Temple,
Archers, a Food and a Hammers card).

Browser: Debian's Chromium (Playwright, headless) on a fresh server. For each move the
person clicks the card, plot or pile it is about when the page offers it there (the
``data-target`` of the move), then the entry of the short menu that opens when the
thing has several moves, then "yes" when the page asks for a confirmation; a move with
nothing to click on the board is clicked in the page's list of moves (its groups
opened first). Time: from the page showing the turn to the page showing the turn's
last move in its log, the server's answers included.

Terminal: ``civtable play``'s person (``HumanAgent``) reading its own screen: it types
the number of the menu entry that leads to the move (a group's number first when the
move is inside a group) and "yes" to a confirmation. Counted: the lines typed and
their characters, and the menu rows read to find them (the row of each entry typed,
from the top of its menu, added up: how far down the usual choices are). Time: the
terminal's own work for the turn (screens, menus; the bots' moves are not part of it).
"""

from __future__ import annotations

import io
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _turn import Person, main, play_in_page  # noqa: E402

GAME = "civ-card-game"
SEED = 3
PLAYERS = 3
OPTIONS = {"dealer": 2}
SETUP = ("draft gold", "draft forest", "place 4", "discard city_walls", "discard forge")
TURN = ("yield hammers", "cash food_cache", "cash hammers_cache", "build temple 1", "trade commerce+commerce+commerce for food",
        "done", "discard food_cache", "discard archers")


# ------------------------------------------------------------------ the browser
def browser_turn() -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    from tests.browser import ARGS, CHROMIUM, VIEWPORT, create
    from tests.server.serverproc import ServerProcess

    seats: list[dict[str, object]] = [{"kind": "human"}] + [{"kind": "bot", "bot": "greedy"}] * (PLAYERS - 1)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        server = ServerProcess(Path(tmp) / "games.db").start()
        try:
            data = create(server, GAME, seats, options=OPTIONS, seed=SEED)
            gid = data["id"]
            token = str(data["links"]["0"]).split("#t=")[1]
            headers = {"X-Token": token}
            todo = list(SETUP)
            while todo:  # the set-up through the API, each move when it is the person's
                view = httpx.get(f"{server.url}/api/games/{gid}/view", headers=headers).json()
                if view["to_move"] == [0]:
                    r = httpx.post(f"{server.url}/api/games/{gid}/act", headers=headers, json={"action": todo.pop(0)})
                    assert r.status_code == 200, r.text
                else:
                    time.sleep(0.05)
            b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            page = b.new_context(viewport=VIEWPORT).new_page()
            page.goto(server.url + str(data["links"]["0"]))
            clicks = 0
            page.wait_for_function("document.querySelector('#menu button') !== null"
                                   " && document.querySelector('#decision-title').textContent.length > 0")
            start = time.perf_counter()
            for text in TURN:
                page.wait_for_selector("#menu button")
                clicks += play_in_page(page, f"{server.url}/api/games/{gid}/view", headers, text)
            seconds = time.perf_counter() - start
            b.close()
        finally:
            server.stop()
    return {"clicks": clicks, "seconds": seconds}


# ------------------------------------------------------------------ the terminal
def _bots(game: Any) -> dict[int, Any]:
    """The greedy bots of seats 1 and 2, seeded as the server seeds them (``server.live``)."""
    from civtable.agents.registry import make_agent
    from civtable.core.rng import derive_seed

    return {q: make_agent("greedy", game, seed=derive_seed(SEED, q)) for q in range(1, PLAYERS)}


def terminal_turn() -> dict[str, Any]:
    import civtable
    from civtable.agents import PlayerView
    from civtable.agents.human import HumanAgent

    game = civtable.load_game(GAME, players=PLAYERS, **OPTIONS)
    state = game.new_state(seed=SEED)
    state.listen()
    bots = _bots(game)
    setup = list(SETUP)
    while setup:
        p = state.to_move()[0]
        state.apply(p, setup.pop(0) if p == 0 else bots[p].act(PlayerView(state, p)))
    while state.to_move() != (0,):
        p = state.to_move()[0]
        state.apply(p, bots[p].act(PlayerView(state, p)))
    screen = io.StringIO()
    person = Person(screen, game, list(TURN))
    human = HumanAgent(stdin=person, stdout=screen)
    seconds = 0.0
    while person.todo:
        p = state.to_move()[0]
        if p != 0:  # a defender's answer in a combat: not the person's work
            state.apply(p, bots[p].act(PlayerView(state, p)))
            continue
        start = time.perf_counter()
        view = PlayerView(state, 0)
        person.obs, person.legal = view.observation, view.legal_actions
        action = human.act(view)
        seconds += time.perf_counter() - start
        assert action.text == person.todo[0], (action.text, person.todo[0])
        state.apply(0, action)
        person.todo.pop(0)
    assert state.to_move() != (0,)
    return {"lines": person.lines, "chars": person.chars, "rows": person.rows, "seconds": seconds}


if __name__ == "__main__":
    main(__doc__, browser_turn, terminal_turn)
