"""A whole game of Catan Deck Building played by clicking on the board (issue 26):
Debian's Chromium (``tests/browser.py``), a person against the greedy bot and a
spectator in a second browser context. The person clicks the cards in the hand, the
supply stacks, the attack card and the draw pile; the list of moves beside the board
is only used for the short menu a click opens when the thing has several moves.
Screenshots go to ``tests/screenshots/`` (``catan-play-*.png``, not committed).
"""

from __future__ import annotations

from typing import Any

import httpx

from tests.browser import (
    NEEDS_CHROMIUM,
    against_greedy,
    create,
    log_length,
    my_turn,
    open_page,
    sent,
    shot,
)

from .serverproc import ServerProcess

pytestmark = NEEDS_CHROMIUM

BUY = ("supply:city", "supply:settlement", "supply:koff", "supply:harbor", "supply:kdef", "supply:road",
       "supply:bandit")
PLAY = ("hand:harbor", "hand:kdef", "hand:koff", "hand:bandit", "hand:ore", "hand:brick", "hand:grain",
        "hand:lumber", "hand:wool", "hand:settlement", "hand:road", "hand:sea", "hand:desert")
"""The person's wishes in the main phase: buy the best card the stacks offer, else play a
card (a City stays in the hand: three win), else end the turn on the draw pile."""
DISCARD = ("hand:sea", "hand:desert", "hand:ore", "hand:brick", "hand:grain", "hand:lumber", "hand:wool",
           "hand:road", "hand:bandit", "hand:koff", "hand:kdef", "hand:harbor", "hand:settlement", "hand:city")
ANSWER = ("attack", "stolen")


def actionable(page: Any) -> list[str]:
    """The things on the board a click does something with now."""
    return list(page.evaluate("[...document.querySelectorAll('#board [data-target].actionable')]"
                              ".map(n => n.dataset.target)"))


def phase(server: ServerProcess, gid: str, token: str) -> str:
    """The decision in front of the person (what the page's title says in words)."""
    view = httpx.get(f"{server.url}/api/games/{gid}/view", headers={"X-Token": token}, timeout=30).json()
    return str(view["observation"]["phase"])


def click(page: Any, target: str) -> int:
    """Click ``target`` on the board; in the short menu it may open take the first entry
    (the usual choice: a plain purchase, all the Roads together, reflect, keep); say
    "yes" to a confirmation. Waits until the move is in the log. The clicks made."""
    before = log_length(page)
    page.click(f"#board [data-target='{target}']")
    clicks = 1
    if page.evaluate("document.querySelector('#decision-title').textContent.includes(':')"):
        page.locator("#menu button.act").first.click()  # the menu of the clicked thing, the usual move first
        clicks += 1
    return clicks + sent(page, before)


def test_a_whole_catan_game_is_played_by_clicking_on_the_board(live_server: ServerProcess, browser: Any) -> None:
    data = create(live_server, "catan-deckbuilding", against_greedy(2), options={"start-player": 0}, seed=5)
    gid = str(data["id"])
    token = str(data["links"]["0"]).split("#t=")[1]
    _, page = open_page(browser, live_server.url + str(data["links"]["0"]))
    _, watcher = open_page(browser, live_server.url + str(data["spectate"]))
    assert my_turn(page)
    shot(page, "catan-play-start")

    # bad input: a click on something not legal now says so in one line and changes nothing
    before = log_length(page)
    page.click("#board [data-target='discard:1']")
    assert page.locator("#error").inner_text() == "Nothing to do with Discard pile now."
    # ending the turn before playing anything asks first; "choose again" changes nothing
    page.click("#board [data-target='pile:draw']")
    box = page.locator("#confirm:not([hidden])")
    assert "You have not played anything this turn" in box.inner_text()
    shot(page, "catan-play-confirm")
    page.click("#confirm button.cancel")
    assert log_length(page) == before and page.locator("#confirm:not([hidden])").count() == 0

    clicks = turns = 0
    seen: dict[str, bool] = {"busy": False, "attack": False, "recent": False, "watched": False}
    while my_turn(page, timeout=60):
        here = actionable(page)
        step = phase(live_server, gid, token)
        if step == "main":
            if page.locator("#board .recent").count():
                seen["recent"] = True  # the greedy bot's last turn is highlighted (its purchases, its discard pile)
            wish = next((t for t in BUY + PLAY if t in here), "pile:draw")
            if not seen["busy"] and sum(t.startswith("supply:") for t in here) >= 3:
                shot(page, "catan-play-busy")  # many stacks to buy from: the busiest moment of a turn
                seen["busy"] = True
            turns += wish == "pile:draw"
        elif step == "discard":
            wish = next(t for t in DISCARD if t in here)
        else:
            wish = next(t for t in ANSWER if t in here)
            if not seen["attack"]:
                shot(page, "catan-play-attack")
                seen["attack"] = True
        assert wish in here, (wish, here)
        clicks += click(page, wish)
        if turns == 3 and not seen["watched"]:
            watcher.wait_for_function("document.querySelector('#log').children.length > 10")
            shot(watcher, "catan-play-spectator")
            assert watcher.locator("#menu button").count() == 0 and "(you)" not in watcher.locator("#seats").inner_text()
            assert watcher.locator("#board [data-target^='hand:']").count() == 0  # nobody's hand is shown
            seen["watched"] = True
        assert clicks < 3000, "the game did not end"
    shot(page, "catan-play-over")
    watcher.wait_for_function("document.querySelector('#decision-title').textContent.includes('over')")
    shot(watcher, "catan-play-over-spectator")
    view = httpx.get(f"{live_server.url}/api/games/{gid}/view", headers={"X-Token": token}, timeout=30).json()
    assert view["over"] and (view["winners"] or turns >= 100)
    assert page.locator("#result:not([hidden]) table tbody tr").count() == 2  # the final result, both seats
    assert page.locator("#replay:not([hidden])").count() == 1
    assert seen["recent"] and seen["watched"] and turns > 3
