"""civ-solo played to its end by clicking the page (issue 26): a person with real dice
(``dice=table``) answers every question of the companion by clicking the thing it is
about on the board — a die face, a number, a unit card, the last card entered (to take
it back), a trade item, the items given for it, a card of the battle hand, a front —
and the side menu only for an answer in words ('start', 'accept', 'next', 'done',
'pay', 'trade roll', 'fortified no', ...), which the board does not draw. A spectator
watches in another browser context and sees the die just entered highlighted. Along
the way: a confirmation declined (nothing happens), a click on something that is not
an answer (one line, nothing happens), the last turn's end confirmed, and the final
result with the replay controls. Screenshots go to ``tests/screenshots/civ-solo-*.png``.

The person's choices (what to answer) are read from the seat's own view (the API the
page uses); the clicks are the page's.
"""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

from tests.browser import NEEDS_CHROMIUM, create, log_length, open_page, shot

from .serverproc import ServerProcess

SEED = 1
TURN_1 = ["start", "die 5", "die 6", "accept", "trade roll", "die 5", "die 6", "die 2", "buy culture-event-card",
          "give trade-point 8", "pay", "buy culture-token", "give trade-point 2", "pay", "next", "next"]
"""Turn 1: an event die 5, the event roll 6 (a battle against the capital next turn),
the trade dice 5, 6, 2 and two acquisitions paid in trade points."""
TURN_2 = ["die 5", "die 5", "accept", "unit infantry 1 2", "unit mounted 1 1", "undo", "unit mounted 1 3", "done",
          "limit 3"]
"""Turn 2: a military event (two unit cards entered, one taken back and replaced)."""
HAND = ["unit infantry 1 1", "unit mounted 1 2", "unit artillery 1 1"]


def choose(obs: dict[str, Any], script: list[str]) -> str:
    """The person's answer: the script's next one while it fits, then the quiet play of
    a person who waits for the end (no event dice entered, no trade, the weak hand
    above, every attack taken)."""
    answers: list[str] = obs["answers"]
    if script and script[0] in answers:
        return script.pop(0)
    ask = obs["ask"]
    if ask == "hand":
        return HAND[len(obs["entry"])] if len(obs["entry"]) < len(HAND) else "done"
    if ask == "play":
        attacks = [a for a in answers if " front " in a]
        return attacks[0] if attacks else answers[0]
    for a in ("next", "miss", "accept", "trade skip", "fortified no", "done", "bonus 0"):
        if a in answers:
            return a
    return answers[0]


class Person:
    """Clicks one answer at a time on the page, the way it is offered, and counts how."""

    def __init__(self, page: Any, server: ServerProcess, gid: str, token: str) -> None:
        self.page, self.gid = page, gid
        self.client = httpx.Client(base_url=server.url, headers={"X-Token": token}, timeout=30)
        self.board = self.menu = self.confirmed = 0

    def view(self) -> dict[str, Any]:
        got: dict[str, Any] = self.client.get(f"/api/games/{self.gid}/view?since=100000").json()
        return got

    def answer(self, text: str, view: dict[str, Any]) -> None:
        page = self.page
        entry = next(a for a in view["legal"] if a["text"] == text)
        target = entry["target"]
        before = log_length(page)
        if target is not None:  # the thing on the board
            page.locator(f'#board [data-target="{target}"]').first.click()
            self.board += 1
            if sum(a["target"] == target for a in view["legal"]) > 1:  # a short menu of the answers on it
                assert page.locator("#menu button.act").count() < len(view["legal"])
                page.locator(f'#menu button.act[data-action="{text}"]').click()
                self.menu += 1
        else:  # an answer in words: the side menu only, never drawn on the board
            button = page.locator(f'#menu button.act[data-action="{text}"]')
            if not button.count():
                page.locator("#menu button.group").first.click()
                self.menu += 1
            button.click()
            self.menu += 1
        if entry["warning"]:
            page.wait_for_selector("#confirm button[data-confirm]")
            page.click("#confirm button[data-confirm]")
            self.confirmed += 1
        page.wait_for_function(f"document.querySelector('#log').children.length > {before}", timeout=30000)


@NEEDS_CHROMIUM
def test_a_whole_civ_solo_game_by_clicking_the_board(live_server: ServerProcess, browser: Any) -> None:
    data = create(live_server, "civ-solo", [{"kind": "human"}], options={"dice": "table"}, seed=SEED)
    gid, link = data["id"], str(data["links"]["0"])
    _, page = open_page(browser, live_server.url + link)
    _, watcher = open_page(browser, live_server.url + str(data["spectate"]))
    page.wait_for_selector("#menu button")
    person = Person(page, live_server, gid, link.split("#t=")[1])
    script = TURN_1 + TURN_2
    seen: set[str] = set()
    answers = 0
    while True:
        view = person.view()
        if view["over"]:
            break
        obs = view["observation"]
        ask = obs["ask"]
        text = choose(obs, script)
        if ask not in seen:
            seen.add(ask)
            page.wait_for_timeout(100)
            shot(page, f"civ-solo-{ask.replace(':', '-')}")
        if ask == "trade" and obs["turn"] == 1:
            declined_a_victory_claim(page)
        if ask == "dice" and obs["roll"]["purpose"] == "trade" and obs["roll"]["got"] == [5]:
            # the spectator's page highlights the die just entered (Game.move_mark)
            watcher.wait_for_selector('#board .recent[data-target="die:1"]', timeout=15000)
            assert watcher.locator("#board .recent").count() == 1 and watcher.locator("#menu button").count() == 0
            shot(watcher, "civ-solo-spectator")
            a_click_on_what_is_no_answer(page)
        if ask == "play":
            shot(page, "civ-solo-battle")
        person.answer(text, view)
        answers += 1
        assert answers < 300
    page.wait_for_selector("#result table")
    page.wait_for_timeout(200)
    shot(page, "civ-solo-over")
    assert "over" in page.locator("#decision-title").inner_text()
    assert page.locator("#replay").is_visible() and "lost" in page.locator("#board .over").inner_text()
    assert {"dice", "cancel", "trade", "buy", "give", "units", "limit", "fortified", "hand", "bonus", "play",
            "phase:move", "phase:end"} <= seen
    print(f"civ-solo by clicks: {answers} answers, {person.board} on the board, {person.menu} in the side menu, "
          f"{person.confirmed} confirmed")
    assert person.board > 30 and person.confirmed == 1  # the last turn's end
    assert not script and not page.locator("#error").inner_text()


def declined_a_victory_claim(page: Any) -> None:
    """'won' asks first; 'Choose again' plays nothing."""
    before = log_length(page)
    page.click('#menu button.act[data-action="won"]')
    page.wait_for_selector("#confirm button[data-confirm]")
    assert "ends the game as your victory" in page.locator("#confirm").inner_text()
    shot(page, "civ-solo-confirm")
    page.click("#confirm button.cancel")
    page.wait_for_timeout(300)
    assert log_length(page) == before and page.locator("#confirm").is_hidden()


def a_click_on_what_is_no_answer(page: Any) -> None:
    """The die already entered is not an answer: one line, nothing else happens."""
    before = log_length(page)
    page.click('#board [data-target="die:1"]')
    assert page.locator("#error").inner_text() == "Nothing to do with die 1 of the roll now."
    time.sleep(0.2)
    assert log_length(page) == before


@pytest.mark.parametrize("moves", [["start", "miss", "trade roll", "die 5", "die 2", "die 6"]])
def test_a_spectator_of_a_one_seat_game_sees_the_last_answer_marked_only(live_server: ServerProcess,
                                                                        moves: list[str]) -> None:
    """A solo game's moves are all one seat's: a spectator's page highlights what the last
    one changed (the die just entered), not every mark since the game began."""
    data = create(live_server, "civ-solo", [{"kind": "human"}], options={"dice": "table"}, seed=SEED)
    gid, token = data["id"], str(data["links"]["0"]).split("#t=")[1]
    seat = httpx.Client(base_url=live_server.url, headers={"X-Token": token}, timeout=30)
    spectator = httpx.Client(base_url=live_server.url, timeout=30)
    marks = []
    for ply, text in enumerate(moves):
        assert seat.post(f"/api/games/{gid}/act", json={"action": text, "state": ply}).status_code == 200
        marks.append([m["target"] for m in spectator.get(f"/api/games/{gid}/view").json()["recent"]])
    assert marks == [[], [], [], ["die:1"], ["die:2"], []]  # the third die ends the roll: nothing stays marked
    assert seat.get(f"/api/games/{gid}/view").json()["recent"] == []  # the player's own moves are not marked
