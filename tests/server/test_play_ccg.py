"""A whole game of Civilization: The Card Game played by clicking on the board (issue 26):
Debian's Chromium (``tests/browser.py``), three players: two people in two browser
contexts (the second joins through an invitation) and the greedy bot, with a spectator
in a third context. The people click the plots of the draft, their plots, the cards in
their hand, the technologies and plots for sale, their resources, the players they
steal from, the attacking units and the play deck; the list of moves beside the board
is used for the short menu a click opens when the thing has several moves, and for the
moves that have no thing to click ("done", "pass", "fight", "siege"). Screenshots go to
``tests/screenshots/`` (``ccg-play-*.png``, not committed).
"""

from __future__ import annotations

import re
import time
from typing import Any

import httpx

from tests.browser import NEEDS_CHROMIUM, create, log_length, open_page, sent, shot

from .serverproc import ServerProcess

pytestmark = NEEDS_CHROMIUM

PURCHASE = ("tech", "pop", "build", "cash", "plot")
"""A person's wishes in the purchase step, in this order (never a bank trade), then "done"."""
DISCARD_LAST = ("wonder", "building")


def wish(legal: list[dict[str, Any]], phase: str, names: dict[str, str]) -> dict[str, Any]:
    """The move a plain person makes: what gives victory points first, attacks and blocks
    when he can, the largest draw, and discards units and resource cards before buildings
    and wonders (``names``: a hand card's kind)."""
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for a in legal:
        by_kind.setdefault(a["text"].split()[0], []).append(a)
    if phase == "purchase":
        for kind in PURCHASE:
            plain = [a for a in by_kind.get(kind, []) if "spare-" not in a["text"]]
            if plain:
                return plain[0]
        return by_kind["done"][0]
    if phase in ("discard", "start-discard"):
        return min(by_kind["discard"], key=lambda a: DISCARD_LAST.index(names[a["text"].split()[1]])
                   if names[a["text"].split()[1]] in DISCARD_LAST else -1)
    if phase == "draw":
        return max(legal, key=lambda a: int(a["text"].split()[1]))
    for kind in ("attack", "block", "siege", "writing", "laws"):
        if by_kind.get(kind):
            return by_kind[kind][0]
    for kind in ("fight", "pass", "done"):
        if by_kind.get(kind):
            return by_kind[kind][0]
    return legal[0]


def view_of(server: ServerProcess, gid: str, token: str) -> dict[str, Any]:
    answer: dict[str, Any] = httpx.get(f"{server.url}/api/games/{gid}/view", headers={"X-Token": token},
                                       timeout=30).json()
    return answer


def play(page: Any, entry: dict[str, Any]) -> tuple[int, bool]:
    """Play ``entry`` on ``page`` (``reach``), "yes" to a confirmation. Waits until the move
    is in the log or the page says the position changed. (clicks, whether the board was
    clicked)"""
    before = log_length(page)
    clicks = reach(page, entry)
    return finish(page, entry, before, clicks)


def reach(page: Any, entry: dict[str, Any]) -> int:
    """The clicks to ``entry``: its thing on the board (then its entry in the short menu
    that opens when the thing has several moves), else the list of moves (its groups
    opened first), up to its confirmation when the game asks one."""
    text, target = entry["text"], entry["target"]
    clicks = 0
    if target:
        page.wait_for_selector(f"#board [data-target='{target}'].actionable", timeout=30000)
        page.click(f"#board [data-target='{target}']")
        clicks += 1
    if not target or page.evaluate("document.querySelector('#decision-title').textContent.includes(':')"):
        for level in range(len(entry["path"]) + 1):
            if page.locator("#confirm:not([hidden])").count():
                break
            button = page.locator(f"#menu button.act[data-action='{text}']")
            if button.count():
                button.click()
                clicks += 1
                break
            group = page.locator("#menu button.group").filter(
                has_text=re.compile("^" + re.escape(entry["path"][level]) + r" \("))
            assert group.count(), f"no way to {text!r} in the menu"
            group.first.click()
            clicks += 1
    return clicks


def finish(page: Any, entry: dict[str, Any], before: int, clicks: int) -> tuple[int, bool]:
    """"yes" to the confirmation of a move reached, then wait for it in the log."""
    return clicks + sent(page, before), bool(entry["target"])


def ready(page: Any, view: dict[str, Any]) -> None:
    """Wait until ``page`` shows the decision of ``view`` (its menu drawn, enabled, as many
    moves as the server offers)."""
    want = sorted({a["target"] for a in view["legal"] if a["target"]})
    try:
        page.wait_for_function(
            "(want) => { const b = document.querySelectorAll('#menu button'); if (!b.length || b[0].disabled ||"
            " document.querySelector('#decision-title').textContent.includes(':')) return false;"
            " const got = [...new Set([...document.querySelectorAll('#board [data-target].actionable')]"
            ".map(n => n.dataset.target))].sort(); return JSON.stringify(got) === JSON.stringify(want); }",
            arg=want, timeout=30000)
    except Exception as e:
        got = page.evaluate("[...new Set([...document.querySelectorAll('#board [data-target].actionable')]"
                            ".map(n => n.dataset.target))].sort()")
        shot(page, "ccg-play-stuck")
        raise AssertionError(f"the page does not show the decision {view['observation']['phase']}: "
                             f"targets {got}, the server's {want}") from e


def test_a_whole_ccg_game_is_played_by_two_people_by_clicking_on_the_board(
        live_server: ServerProcess, browser: Any) -> None:
    seats: list[dict[str, object]] = [{"kind": "human", "name": "Ada"}, {"kind": "invite", "name": "Ben"},
                                      {"kind": "bot", "bot": "greedy"}]
    data = create(live_server, "civ-card-game", seats)
    gid = str(data["id"])
    _, ada = open_page(browser, live_server.url + str(data["links"]["0"]))
    _, ben = open_page(browser, live_server.url + str(data["invites"]["1"]))  # claims the seat
    _, watcher = open_page(browser, live_server.url + str(data["spectate"]))
    ben.wait_for_function(f"localStorage.getItem('civtable:{gid}') !== null")
    tokens = {0: str(data["links"]["0"]).split("#t=")[1], 1: str(ben.evaluate(f"localStorage.getItem('civtable:{gid}')"))}
    pages = {0: ada, 1: ben}
    from civtable.core.registry import load_game

    cards = load_game("civ-card-game", players=3).cards
    kinds = {c.id: c.kind for c in cards.cards}
    assert "(you)" in ben.locator("#seats").inner_text()

    clicks = board = moves = 0
    seen = {"refused": False, "busy": False, "defend": False, "confirm": False, "recent": False, "watched": False,
            "draft": False}
    deadline = time.time() + 1500
    while True:
        views = {p: view_of(live_server, gid, t) for p, t in tokens.items()}
        if views[0]["over"]:
            break
        p = next((q for q in (0, 1) if q in views[q]["to_move"]), None)
        if p is None:  # the bot decides
            time.sleep(0.05)
            assert time.time() < deadline, "the game did not end"
            continue
        view, page = views[p], pages[p]
        ready(page, view)
        phase = view["observation"]["phase"]
        entry = wish(view["legal"], phase, kinds)
        if not seen["draft"] and phase == "draft":
            shot(page, "ccg-play-draft")
            seen["draft"] = True
        if not seen["refused"] and phase == "purchase":
            # bad input: a click on something not legal says so in one line and changes nothing
            before = log_length(page)
            page.click("#board [data-target='pile:discard']")
            assert page.locator("#error").inner_text() == "Nothing to do with Discard pile now."
            assert log_length(page) == before
            seen["refused"] = True
        if phase == "purchase" and page.locator("#board .recent").count():
            seen["recent"] = True  # the others' last moves are highlighted
        if not seen["busy"] and phase == "purchase" and len(view["legal"]) > 20 and entry["text"] != "done":
            shot(page, "ccg-play-purchase")
            seen["busy"] = True
        if not seen["defend"] and phase == "defend":
            shot(page, "ccg-play-defend")
            seen["defend"] = True
        warned = entry if entry["warning"] else next((a for a in view["legal"] if a["warning"]), None)
        if not seen["confirm"] and warned is not None:
            # a move the game asks about (the one wished, else any): "choose again" changes
            # nothing, the page asks once more
            before = log_length(page)
            reach(page, warned)
            box = page.locator("#confirm:not([hidden])")
            assert warned["warning"] in box.inner_text()
            shot(page, "ccg-play-confirm")
            page.click("#confirm button.cancel")
            assert log_length(page) == before and page.locator("#confirm:not([hidden])").count() == 0
            seen["confirm"] = True
            ready(page, view)
        n, on_board = play(page, entry)
        clicks += n
        board += on_board
        moves += 1
        if moves == 120 and not seen["watched"]:
            shot(watcher, "ccg-play-spectator")
            assert watcher.locator("#menu button").count() == 0
            assert watcher.locator("#board [data-target^='hand:']").count() == 0  # nobody's hand is shown
            seen["watched"] = True
        assert time.time() < deadline, "the game did not end"
    for p, page in pages.items():
        page.wait_for_function("document.querySelector('#decision-title').textContent.includes('over')")
        shot(page, f"ccg-play-over-{p}")
        assert page.locator("#result:not([hidden]) table tbody tr").count() == 3  # the final result, every seat
        assert page.locator("#replay:not([hidden])").count() == 1
    watcher.wait_for_function("document.querySelector('#decision-title').textContent.includes('over')")
    shot(watcher, "ccg-play-over-spectator")
    final = view_of(live_server, gid, tokens[0])
    assert final["over"] and (final["winners"] or final["turn"] >= 400)
    assert all(seen.values()), seen
    assert board > moves / 2, (board, moves)  # most moves were clicks on the board
