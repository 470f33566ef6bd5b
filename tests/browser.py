"""What the browser tests share (tests/server/test_browser.py, tests/i18n/test_browser.py):
Debian's Chromium driven by Playwright (headless), games made through the API, the
page's menu clicked, and screenshots in ``tests/screenshots/`` (not committed) for a
person to look at. The fixtures ``live_server`` and ``browser`` are in
``tests/conftest.py``; ``browser`` skips a test when Chromium or Playwright is missing
(``make browser`` installs Debian's ``chromium``).

Pages are Playwright objects, typed ``Any``: Playwright is imported only when a
browser is launched.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.serverproc import ServerProcess

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
SHOTS = Path(__file__).resolve().parent / "screenshots"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
VIEWPORT = {"width": 1400, "height": 950}
NEEDS_CHROMIUM = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (make test installs "
                                                             "it with apt-get)")
"""The mark of a browser test module (``pytestmark``): skipped before its server starts."""


def serve(db: Path) -> Iterator[ServerProcess]:
    """A server process on a free port with the database ``db``, stopped afterwards."""
    proc = ServerProcess(db).start()
    yield proc
    proc.stop()


def launch() -> Iterator[Any]:
    """Headless Chromium, closed afterwards; the test is skipped without it."""
    if CHROMIUM is None:
        pytest.skip("Debian's chromium is not installed (make test installs it with apt-get)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()


def create(server: ServerProcess, game: str, seats: list[dict[str, object]], **extra: object) -> dict[str, Any]:
    """A new game made through the API (``extra``: ``options``, ``seed``): its answer. A
    seed makes a practice game (one person and bots: the server refuses a seed otherwise)."""
    if "seed" in extra:
        extra = {"practice": True, **extra}
    r = httpx.post(server.url + "/api/games", json={"game": game, "seats": seats, **extra}, timeout=30)
    assert r.status_code == 200, r.text
    answer: dict[str, Any] = r.json()
    return answer


def against_greedy(players: int) -> list[dict[str, object]]:
    """The seats of a game of one person against the greedy bot in the other seats."""
    return [{"kind": "human"}] + [{"kind": "bot", "bot": "greedy"}] * (players - 1)


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def my_turn(page: Any, timeout: float = 30) -> bool:
    """Wait until the page offers an action it would take (True: an enabled button; the
    menu's buttons are disabled while a move is on its way) or says the game is over
    (False)."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        if page.locator("#menu button:not([disabled])").count():
            return True
        if "over" in page.locator("#decision-title").inner_text():
            return False
        page.wait_for_timeout(50)
    raise AssertionError("the page offered nothing to do")


def click_an_action(page: Any, prefer: tuple[str, ...] = ()) -> bool:
    """Open groups until an action button is there, then click one (a preferred word
    first; "yes" to the confirmation the game asks for, ``confirm``). False when the menu
    went away meanwhile (the page was refreshed)."""
    for _ in range(6):
        texts = page.evaluate("[...document.querySelectorAll('#menu button.act')].map(b => b.dataset.action)")
        if texts:
            pick = next((i for w in prefer for i, t in enumerate(texts) if t.startswith(w)), len(texts) - 1)
            clicked = page.evaluate(
                f"(() => {{ const b = document.querySelectorAll('#menu button.act')[{pick}];"
                f" if (!b || b.disabled || b.dataset.action !== {texts[pick]!r}) return false; b.click(); return true; }})()")
            if clicked:
                confirm(page)
            return bool(clicked)
        opened = page.evaluate(
            "(() => { const b = document.querySelector('#menu button.group'); if (!b || b.disabled) return false;"
            " b.click(); return true; })()")
        if not opened:
            return False
    raise AssertionError("no action button under the menu's groups")


def confirm(page: Any) -> bool:
    """Click "yes" when the page asks to confirm the move just chosen (``Game.action_warning``)."""
    return bool(page.evaluate("(() => { const b = document.querySelector('#confirm:not([hidden]) button[data-confirm]');"
                              " if (!b) return false; b.click(); return true; })()"))


def log_length(page: Any) -> int:
    """How many events the page's log shows."""
    return int(page.evaluate("document.querySelector('#log').children.length"))


def play_a_move(page: Any, prefer: tuple[str, ...]) -> str | None:
    """Click an action (``click_an_action``), confirm it when the page asks, and wait
    until the log grows or the page shows an error: the error ('' for none; only a
    changed position is allowed), or ``None`` when the menu was redrawn under the click
    (nothing was sent)."""
    before = log_length(page)
    if not click_an_action(page, prefer=prefer):
        return None
    grown = (f"document.querySelector('#log').children.length > {before} || "
             "document.querySelector('#error').textContent.length > 0")
    page.wait_for_function(f"{grown} || !document.querySelector('#confirm').hidden", timeout=30000)
    if page.locator("#confirm button[data-confirm]").is_visible():  # the game asks first (Game.action_warning)
        page.click("#confirm button[data-confirm]")
        page.wait_for_function(grown, timeout=30000)
    error: str = page.locator("#error").inner_text()
    assert not error or "position changed" in error, error
    return error


def sent(page: Any, before: int) -> int:
    """"yes" to the confirmation of the move just chosen when the page asks for one, then
    wait until the move is in the log (more than ``before`` events) or the page shows an
    error (only a changed position is allowed): the clicks made (0 or 1)."""
    clicks = 0
    if page.locator("#confirm:not([hidden]) button[data-confirm]").count():
        page.click("#confirm button[data-confirm]")
        clicks += 1
    page.wait_for_function(f"document.querySelector('#log').children.length > {before} || "
                           "document.querySelector('#error').textContent.length > 0", timeout=30000)
    error = page.locator("#error").inner_text()
    assert not error or "position changed" in error, error
    return clicks


class SeatPage:
    """One person's page of a game (opened from his link) and what the server tells that
    seat (the API view, with the token the page keeps)."""

    def __init__(self, server: ServerProcess, page: Any, drawn: str = "#seats .seat") -> None:
        self.server, self.page = server, page
        page.wait_for_selector(drawn)
        self.gid = page.url.split("/play/")[1].split("#")[0]
        self.token = page.evaluate(f"localStorage.getItem('civtable:{self.gid}')")

    def view(self) -> dict[str, Any]:
        r = httpx.get(f"{self.server.url}/api/games/{self.gid}/view", headers={"X-Token": self.token}, timeout=30)
        assert r.status_code == 200, r.text
        data: dict[str, Any] = r.json()
        return data


def open_page(browser: Any, url: str, locale: str | None = None) -> tuple[Any, Any]:
    """A new browser context (in ``locale``, at ``VIEWPORT``) and a page of it at ``url``."""
    context = browser.new_context(locale=locale, viewport=VIEWPORT)
    page = context.new_page()
    page.goto(url)
    return context, page
