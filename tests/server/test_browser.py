"""The server in a real browser: Playwright driving Debian's Chromium (headless), as
``tests/browser.py`` sets it up (skipped with the reason without it). Screenshots of
each game's page are written to ``tests/screenshots/``.
"""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

from tests.browser import (
    NEEDS_CHROMIUM,
    against_greedy,
    click_an_action,
    confirm,
    create,
    log_length,
    my_turn,
    open_page,
    play_a_move,
    shot,
)

from .serverproc import ServerProcess

pytestmark = NEEDS_CHROMIUM


def test_the_lobby_creates_a_game_and_a_whole_catan_game_is_played_by_clicking(live_server: ServerProcess,
                                                                               browser: Any) -> None:
    _, page = open_page(browser, live_server.url + "/")
    page.wait_for_selector("#game option", state="attached")
    shot(page, "lobby")
    page.select_option("#game", "catan-deckbuilding")
    page.click("#new-game button[type=submit]")
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#seats .seat")
    assert "#t=" not in page.url  # the seat's token stays in the browser, not in the address bar
    shot(page, "catan-deckbuilding")
    clicks = 0
    while my_turn(page, timeout=60):
        if play_a_move(page, prefer=("buy city", "buy settlement", "play", "buy", "end")) is None:
            continue  # the menu was redrawn under the click: look again
        clicks += 1
        assert clicks < 2000
    shot(page, "catan-deckbuilding-over")
    gid = page.url.split("/play/")[1].split("#")[0]
    token = page.evaluate(f"localStorage.getItem('civtable:{gid}')")
    told = httpx.get(f"{live_server.url}/api/games/{gid}/view", headers={"X-Token": token}).json()["events"]
    assert page.locator("#log li").count() == len(told), "the page told an event twice (or missed one)"
    title = page.locator("#decision-title").inner_text()
    log = page.locator("#log").inner_text()
    assert "over" in title and ("won" in log or "draw" in log.lower()), log[-500:]


def test_two_players_and_a_spectator_play_civ_card_game(live_server: ServerProcess, browser: Any) -> None:
    data = create(live_server, "civ-card-game", [{"kind": "human"}, {"kind": "invite"}])
    pages = []
    for link in (data["links"]["0"], data["invites"]["1"], data["spectate"]):
        context = browser.new_context(viewport={"width": 1300, "height": 900})
        page = context.new_page()
        page.goto(live_server.url + str(link))
        pages.append(page)
    one, two, spectator = pages
    for page in pages:
        page.wait_for_selector("#seats .seat")
    moves = 0
    while moves < 12:
        for page in (one, two):
            if page.locator("#menu button").count():
                click_an_action(page, prefer=("done", "pass", "end"))
                moves += 1
                page.wait_for_timeout(150)
        time.sleep(0.05)
    spectator.wait_for_function("document.querySelector('#log').children.length > 5")
    shot(one, "civ-card-game-seat0")
    shot(spectator, "civ-card-game-spectator")
    assert spectator.locator("#menu button").count() == 0  # a spectator only watches
    assert "(you)" not in spectator.locator("#seats").inner_text()


@pytest.mark.parametrize(("game", "players", "options"), [
    ("mega-civ", 5, {"map": "small"}),
    ("civ-solo", 1, {}),
])
def test_a_few_moves_of_each_other_game(live_server: ServerProcess, browser: Any, game: str, players: int,
                                        options: dict[str, str]) -> None:
    data = create(live_server, game, against_greedy(players), options=options, seed=2)
    _, page = open_page(browser, live_server.url + str(data["links"]["0"]))
    moves = 0
    for _ in range(40):  # a click on a menu redrawn under it is tried again, not counted
        if moves == 4 or not my_turn(page, timeout=60):
            break
        error = play_a_move(page, prefer=("start", "done", "accept", "pass"))
        if error is None:
            continue  # the menu was redrawn under the click: look again
        moves += not error
    assert moves == 4 or "over" in page.locator("#decision-title").inner_text()
    shot(page, game)
    assert page.locator("#log li").count() > 0 and not page.locator("#error").inner_text()


def test_the_page_survives_a_server_killed_in_the_middle(live_server: ServerProcess, browser: Any) -> None:
    data = create(live_server, "catan-deckbuilding", against_greedy(2), options={"start-player": 0}, seed=12)
    page = browser.new_page()
    page.goto(live_server.url + str(data["links"]["0"]))
    assert my_turn(page)
    click_an_action(page, prefer=("play",))
    page.wait_for_timeout(300)
    live_server.kill()
    live_server.start()
    page.reload()
    assert my_turn(page)
    before = log_length(page)
    assert before > 0
    click_an_action(page, prefer=("end",))
    page.wait_for_function(f"document.querySelector('#log').children.length > {before}", timeout=30000)


def test_an_invitation_opened_twice_gives_the_second_browser_a_clear_page(live_server: ServerProcess,
                                                                          browser: Any) -> None:
    """The friend's browser claims the seat; the same link opened again (the creator's
    copy, a forwarded message) gets a sentence and the spectator's view, never the seat."""
    data = create(live_server, "catan-deckbuilding", [{"kind": "human"}, {"kind": "invite"}],
                  options={"start-player": 1})
    link = live_server.url + str(data["invites"]["1"])
    friend = browser.new_context().new_page()
    friend.goto(link)
    friend.wait_for_selector("#seats .seat.me")
    assert friend.locator("#menu button").count() > 0  # the friend's seat, to move
    assert "#i=" not in friend.url
    again = browser.new_context().new_page()
    again.goto(link)
    again.wait_for_selector("#notice:not([hidden])")
    assert "already been used" in again.locator("#notice").inner_text()
    again.wait_for_selector("#seats .seat")
    assert again.locator("#seats .seat.me").count() == 0 and again.locator("#menu button").count() == 0
    shot(again, "invitation-used")


def test_two_people_at_one_browser_pass_the_device(live_server: ServerProcess, browser: Any) -> None:
    """Issue 26, item 5: a hot seat made in the lobby (two seats "me"): between the two
    people's decisions the page hides the board and the hand until the next one clicks."""
    _, page = open_page(browser, live_server.url + "/")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "catan-deckbuilding")
    page.select_option("[name=kind1]", "human")
    page.click("#new-game button[type=submit]")
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#seats .seat")
    seen = set()
    for _ in range(4):
        page.wait_for_selector("#pass:not([hidden]), #menu button.act")
        if page.locator("#pass:not([hidden])").count():
            assert page.locator("#board").inner_html() == "" and page.locator("#menu button").count() == 0
            shot(page, "hot-seat-pass")
            page.click("#take-seat")
            page.wait_for_selector("#menu button.act")
        me = page.locator("#seats .seat.me").get_attribute("data-seat")
        seen.add(me)
        page.click("#menu button.act[data-action='end']")
        confirm(page)  # catan asks before a turn ends with nothing played
        page.wait_for_timeout(300)
    assert seen == {"0", "1"}, seen
