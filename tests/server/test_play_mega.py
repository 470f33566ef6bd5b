"""Mega Civilization at the table in a real browser (issue 27): Debian's Chromium driven
by Playwright (``tests/browser.py``), the page clicked as a person would — the map for
moves and cities, the trade table for offers, the advances' grid for purchases — with
screenshots of each phase in ``tests/screenshots/mega-civ-*.png`` (not committed).
"""

from __future__ import annotations

import time
from typing import Any

from tests.browser import NEEDS_CHROMIUM, SeatPage, create, open_page, shot

from .serverproc import ServerProcess

pytestmark = NEEDS_CHROMIUM

PERSON_AND_FOUR_BOTS = [{"kind": "human"}] + [{"kind": "bot", "bot": "greedy"}] * 4


class Seat(SeatPage):
    """One person's page of a game and what the server tells that seat (the API view)."""

    def obs(self) -> dict[str, Any]:
        obs: dict[str, Any] = self.view()["observation"]
        return obs

    def wait_decision(self, timeout: float = 90) -> dict[str, Any]:
        """Until this seat has a decision on its page; the observation then."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.page.locator("#menu button").count():
                return self.obs()
            self.page.wait_for_timeout(60)
        raise AssertionError("the page offered nothing to do: " + self.page.locator("#decision-title").inner_text())

    def area(self, area_id: str) -> Any:
        return self.page.locator(f'#board [data-target="area:{area_id}"]')

    def marked(self, cls: str) -> set[str]:
        found: list[str] = self.page.evaluate(
            f"[...document.querySelectorAll('#board .{cls}')].map(n => n.dataset.target)")
        return set(found)

    def drag(self, source: str, destination: str) -> None:
        """A drag on the map from one area to another (the mouse held down in between)."""
        a, b = self.area(source).bounding_box(), self.area(destination).bounding_box()
        mouse = self.page.mouse
        mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
        mouse.down()
        mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=8)
        mouse.up()

    def error(self) -> str:
        text: str = self.page.locator("#error").inner_text()
        return text


def mine(obs: dict[str, Any]) -> dict[str, int]:
    tokens: dict[str, int] = obs["players"][obs["player"]]["tokens"]
    return tokens


def test_moves_on_the_map_by_clicks_and_drags(live_server: ServerProcess, browser: Any) -> None:
    """Issue 27, item 1: the area with the person's tokens, then a neighbour highlighted by
    the legal moves; the number of tokens asked in a small dialog; a click on an area no
    move reaches and a drag to a non-adjacent area each get one sentence and change
    nothing; a drag to a neighbour moves."""
    data = create(live_server, "mega-civ", PERSON_AND_FOUR_BOTS, options={"map": "small"}, seed=3)
    _, page = open_page(browser, live_server.url + str(data["links"]["0"]))
    me = Seat(live_server, page)
    obs = me.wait_decision()
    assert (obs["phase"], obs["step"], mine(obs)) == (3, "move", {"kings_vale": 2})
    menu = page.locator("#menu").inner_text()
    assert menu.index("Kings Vale (2 tokens)") < menu.index("done")  # the area first, then what to do there
    me.area("kings_vale").click()
    legal = me.view()["legal"]
    destinations = {a["then"] for a in legal if a["target"] == "area:kings_vale" and a["then"]}
    assert me.marked("then-target") == destinations == {
        "area:north_downs", "area:frost_wastes", "area:old_ford", "area:ash_plains"}
    assert me.marked("picked") == {"area:kings_vale"}
    shot(page, "mega-civ-move-pick")
    before = me.view()["observation"]
    me.area("twin_rivers").click()  # Assyria's area, which no move of his reaches
    assert "cannot be reached from Kings Vale" in me.error()
    me.drag("kings_vale", "west_cape")  # two areas away: no move
    assert "cannot be reached from Kings Vale" in me.error()
    assert me.view()["observation"] == before
    me.drag("kings_vale", "old_ford")
    page.wait_for_selector("#menu button.count")
    assert page.locator("#decision-title").inner_text() == "Kings Vale → Old Ford"
    assert page.locator("#menu button.count").all_inner_texts() == ["1", "2"]
    shot(page, "mega-civ-move-count")
    page.locator('#menu button.count[data-count="2"]').click()
    deadline = time.time() + 30
    while mine(me.obs()) != {"old_ford": 2} and time.time() < deadline:
        page.wait_for_timeout(100)
    assert mine(me.obs()) == {"old_ford": 2}
