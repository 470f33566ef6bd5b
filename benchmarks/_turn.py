"""What the scripted-turn benchmarks share (``bench_turn_catan.py``, ``bench_turn_ccg.py``):
a move played in the page as a person plays it (the thing on the board, the clicks in
the page's menu that reach the move, "yes" to a confirmation), and a person at the
terminal who types the menu entries leading to the moves of a turn."""

from __future__ import annotations

import argparse
import io
import re
import statistics
from collections.abc import Callable
from typing import Any

import httpx


def menu_clicks(page: Any, text: str, path: list[str]) -> int:
    """The clicks in the page's menu that play ``text``: none when the board's click
    played it (or asks for a confirmation), else the groups of its path opened until its
    button shows, and the button."""
    for level in range(len(path) + 1):
        if page.locator("#confirm:not([hidden])").count():
            return level
        button = page.locator(f"#menu button.act[data-action='{text}']")
        if button.count():
            button.click()
            return level + 1
        group = page.locator("#menu button.group").filter(has_text=re.compile("^" + re.escape(path[level]) + r" \("))
        if not group.count():
            break
        group.first.click()  # one click a level
    raise AssertionError(f"no way to {text!r} in the menu")


def play_in_page(page: Any, view_url: str, headers: dict[str, str], text: str) -> int:
    """The person plays ``text`` in the page: the thing on the board it is about, when the
    page offers it there (its ``data-target``), then the menu (``menu_clicks``) unless the
    click sent the move, then "yes" when the page asks for a confirmation; returns once the
    move is in the page's log. The clicks made (``view_url``: the seat's view in the API,
    for the move's target and path)."""
    legal = httpx.get(view_url, headers=headers).json()["legal"]
    entry = next(a for a in legal if a["text"] == text)
    before = page.evaluate("document.querySelector('#log').children.length")
    clicks = 0
    opened = True
    if entry["target"]:
        page.click(f"#board [data-target='{entry['target']}']")
        clicks += 1
        # several moves on the thing open its menu ("Your decision: ..."); one is sent at once
        opened = page.evaluate("document.querySelector('#decision-title').textContent.includes(':')")
    if opened:
        clicks += menu_clicks(page, text, entry["path"])
    if page.locator("#confirm:not([hidden]) button[data-confirm]").count():
        page.click("#confirm button[data-confirm]")
        clicks += 1
    page.wait_for_function(f"document.querySelector('#log').children.length > {before}")
    return clicks


class Person(io.TextIOBase):
    """A person at the terminal who reads the last menu on the screen and types the entry
    leading to the next move of the turn (or "yes" to a confirmation)."""

    def __init__(self, screen: io.StringIO, game: Any, todo: list[str]) -> None:
        self.screen = screen
        self.game = game
        self.todo = todo
        self.lines = 0
        self.chars = 0
        self.rows = 0
        self.obs: dict[str, Any] = {}
        self.legal: list[Any] = []

    def readline(self, size: int | None = -1) -> str:
        text = self.screen.getvalue()
        tail = text[text.rfind("\n", 0, len(text) - 1) + 1:]
        if "yes" in tail and "Careful" in text[-600:]:
            line = "yes"
        else:
            line = self._entry(text)
        self.lines += 1
        self.chars += len(line)
        return line + "\n"

    def _entry(self, text: str) -> str:
        want = self.todo[0]
        action = next(a for a in self.legal if a.text == want)
        path = list(self.game.action_path(action, self.obs))
        menu = text[text.rfind("Choose"):]
        where = re.match(r"Choose in (.*) \(", menu)
        prefix = where.group(1).split(" > ") if where else []
        rest = path[len(prefix):]
        for row, (number, label) in enumerate(re.findall(r"^\s+(\d+)\. (.*)$", menu, re.M), 1):
            if label == " > ".join(rest) or re.fullmatch(re.escape(rest[0]) + r"  \(\d+ choices?\)", label):
                self.rows += row
                return number
        raise AssertionError(f"{want!r} is not in the menu:\n{menu}")


def main(doc: str, browser_turn: Callable[[], dict[str, Any]], terminal_turn: Callable[[], dict[str, Any]]) -> None:
    """The command line of a scripted-turn benchmark: the surfaces measured, the runs."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--surface", choices=("browser", "terminal", "both"), default="both")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if args.surface in ("terminal", "both"):
        runs = [terminal_turn() for _ in range(args.repeat)]
        print(f"terminal: {runs[0]['lines']} lines typed ({runs[0]['chars']} characters), "
              f"{runs[0]['rows']} menu rows read down to the entries typed; "
              f"{statistics.median(r['seconds'] for r in runs) * 1000:.0f} ms (median of {len(runs)})")
    if args.surface in ("browser", "both"):
        runs = [browser_turn() for _ in range(args.repeat)]
        print(f"browser: {runs[0]['clicks']} clicks; {statistics.median(r['seconds'] for r in runs):.2f} s "
              f"(median of {len(runs)})")

