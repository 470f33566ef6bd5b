"""One whole turn of Catan Deck Building by a scripted person: clicks and time (a
measurement, not a test; issue 26).

    python benchmarks/bench_turn_catan.py [--surface browser|terminal|both] [--repeat 3]

The same turn each time: seed 7, seat 0 (the person) begins against the greedy bot, and
plays Grain, Grain, Wool, the Settlement, both Roads together, buys a Settlement, lays
the Sea down and ends the turn (the opening hand is 2 Grain, 1 Wool, 1 Sea, 2 Roads and
1 Settlement).

Browser: Debian's Chromium (Playwright, headless) on a fresh server. For each move the
person clicks the card or stack it is about when the page offers it there (the
``data-target`` of the move), then the entry of the short menu that opens when the
thing has several moves, then "yes" when the page asks for a confirmation; a move with
nothing to click on the board is clicked in the page's list of moves (its groups
opened first). Time: from the page showing the turn to the page showing the
end of the turn in its log, the server's answers included.

Terminal: ``civtable play``'s person (``HumanAgent``) reading its own screen: it types
the number of the menu entry that leads to the move (a group's number first when the
move is inside a group) and "yes" to a confirmation. Counted: the lines typed and their
characters, and the menu rows read to find them (the row of each entry typed, from the
top of its menu, added up: how far down the usual choices are). Time: the terminal's own work for the turn (screens, menus, the bot's
answer is not part of it).
"""

from __future__ import annotations

import io
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _turn import Person, main, play_in_page  # noqa: E402

GAME = "catan-deckbuilding"
SEED = 7
OPTIONS = {"start-player": 0}
TURN = ("play grain", "play grain", "play wool", "play settlement", "play road 2", "buy settlement", "lay sea",
        "end")


# ------------------------------------------------------------------ the browser
def browser_turn() -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    from tests.browser import ARGS, CHROMIUM, VIEWPORT, create
    from tests.server.serverproc import ServerProcess

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        server = ServerProcess(Path(tmp) / "games.db").start()
        try:
            data = create(server, GAME, [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}], options=OPTIONS,
                          seed=SEED)
            gid = data["id"]
            token = str(data["links"]["0"]).split("#t=")[1]
            b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            page = b.new_context(viewport=VIEWPORT).new_page()
            page.goto(server.url + str(data["links"]["0"]))
            page.wait_for_selector("#menu button")
            clicks = 0
            start = time.perf_counter()
            for text in TURN:
                clicks += play_in_page(page, f"{server.url}/api/games/{gid}/view", {"X-Token": token}, text)
            seconds = time.perf_counter() - start
            b.close()
        finally:
            server.stop()
    return {"clicks": clicks, "seconds": seconds}


# ------------------------------------------------------------------ the terminal
def terminal_turn() -> dict[str, Any]:
    import civtable
    from civtable.agents import PlayerView
    from civtable.agents.human import HumanAgent

    game = civtable.load_game(GAME, **OPTIONS)
    state = game.new_state(seed=SEED)
    state.listen()
    screen = io.StringIO()
    person = Person(screen, game, list(TURN))
    human = HumanAgent(stdin=person, stdout=screen)
    start = time.perf_counter()
    while person.todo:
        view = PlayerView(state, 0)
        person.obs, person.legal = view.observation, view.legal_actions
        action = human.act(view)
        assert action.text == person.todo[0], (action.text, person.todo[0])
        state.apply(0, action)
        person.todo.pop(0)
    seconds = time.perf_counter() - start
    assert state.to_move() == (1,)
    return {"lines": person.lines, "chars": person.chars, "rows": person.rows, "seconds": seconds}


if __name__ == "__main__":
    main(__doc__, browser_turn, terminal_turn)
