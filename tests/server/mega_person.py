"""A scripted person for Mega Civilization (issue 27's browser tests): what he chooses
from what his page shows (the observation and the legal actions with their targets), so
that the same choices can be played by clicks in a browser or checked in process.

He keeps his tokens within the population limits by spreading them to free neighbours,
gathers six on a city site he holds once he can, builds every city he can, buys one card
stack when offered, makes a three-card offer in the trade (two cards shown, one hidden,
declared as what it is), accepts the first counter-offer and declines the others' offers,
makes the first choice a calamity asks, buys the cheapest advance he can afford paying
with cards first, and ends each step."""

from __future__ import annotations

import time
from typing import Any

from civtable.games.mega_civ.rules.board import load_board
from tests.browser import SeatPage

from .serverproc import ServerProcess

Legal = list[dict[str, Any]]


def _first(legal: Legal, kind: str) -> dict[str, Any] | None:
    return next((a for a in legal if a["text"].split()[0] == kind), None)


class Person:
    """One seat's choices; ``moves`` counts the moves of this turn's movement."""

    def __init__(self, map_name: str = "small", partner: int | None = None) -> None:
        self.partner = partner  # a seat whose offers he answers with a counter-offer, whose counter he accepts
        self.board = load_board(map_name)
        self.limits = {a.id: a.population_limit or 0 for a in self.board.areas}
        self.sites = {a.id for a in self.board.areas if a.city_site}
        self.offers = 0

    def decide(self, obs: dict[str, Any], legal: Legal) -> dict[str, Any]:
        """The legal action (a view's ``legal`` entry) chosen."""
        steps = {"move": self.move, "trade": self.trade, "buy": self.buy}  # the steps of his own choices
        if obs["step"] in steps:
            return steps[obs["step"]](obs, legal)
        for kind in ("city", "buy-card", "lose", "reduce", "destroy", "victim", "annex", "pirate", "barbarians",
                     "discard", "pay", "give", "keep", "credit", "quake-neighbour"):
            found = _first(legal, kind)
            if found is not None:
                return found
        return _first(legal, "done") or legal[0]

    def move(self, obs: dict[str, Any], legal: Legal) -> dict[str, Any]:
        me = obs["players"][obs["player"]]
        tokens: dict[str, int] = me["tokens"]
        moved: dict[str, int] = obs["moved"]
        moves = [a for a in legal if a["text"].startswith("move ")]

        def free(area: str) -> int:
            return tokens.get(area, 0) - moved.get(area, 0)

        # gather six on a city site he holds: every move into it from a neighbour with tokens
        if me["cities_in_stock"] and sum(tokens.values()) >= 6:
            for site in sorted(self.sites & set(tokens), key=lambda a: -tokens[a]):
                if site in me["cities"]:
                    continue
                into = [a for a in moves if a["then"] == f"area:{site}" and free(a["target"][5:]) > 0
                        and not moved.get(a["target"][5:])]
                reach = tokens[site] + sum(free(a["target"][5:]) for a in into)
                if reach >= 6 and tokens[site] < 6 and into:
                    src = into[0]["target"][5:]
                    return {**into[0], "count": min(free(src), 6 - tokens[site])}
        # spread: a token above the limit, from an area no token came to this turn, goes to a free neighbour
        for a in moves:
            src, dest = a["target"][5:], a["then"][5:]
            if moved.get(src) or free(src) <= 0 or tokens[src] <= self.limits[src]:
                continue
            if tokens.get(dest, 0) < self.limits[dest] and dest not in me["cities"] and not any(
                    p["tokens"].get(dest) or dest in p["cities"] for p in obs["players"] if p["seat"] != obs["player"]):
                room = self.limits[dest] - tokens.get(dest, 0)
                return {**a, "count": max(1, min(free(src), tokens[src] - self.limits[src], room))}
        return _first(legal, "done") or legal[-1]

    def trade(self, obs: dict[str, Any], legal: Legal) -> dict[str, Any]:
        deal = obs["deal"]
        mine = obs["player"]
        if deal is not None and self.partner is not None:
            if deal["from"] == mine:  # his own offer: the partner's counter-offer first
                found = next((a for a in legal if a["text"] == f"accept {self.partner}"), None)
                if found is not None:
                    return found
            elif deal["from"] == self.partner:  # the partner's offer: answer it with a counter-offer
                for kind in ("post", "counter"):
                    found = _first(legal, kind)
                    if found is not None:
                        return found
        for kind in ("accept", "post", "offer"):
            found = _first(legal, kind)
            if found is not None and (kind != "offer" or self.offers < 1):
                if kind == "offer":
                    self.offers += 1  # one offer in the game: his cards make sets for an advance
                return found
        add = [a for a in legal if a["text"].startswith("add ")]
        if add:  # a hidden card declared as what it is
            return next((a for a in add if a["text"].split()[1] == a["text"].split()[-1]), add[0])
        for kind in ("reject", "decline", "pass", "done"):
            found = _first(legal, kind)
            if found is not None:
                return found
        del deal, mine
        return legal[-1]

    def buy(self, obs: dict[str, Any], legal: Legal) -> dict[str, Any]:
        if obs["pay"] is not None:
            pays = [a for a in legal if a["text"].startswith("pay ") and len(a["text"].split()) == 2]
            return pays[0] if pays else (_first(legal, "treasury") or legal[0])
        prices: dict[str, int] = obs.get("prices") or {}
        buys = sorted((a for a in legal if a["text"].startswith("buy ")), key=lambda a: prices.get(a["text"][4:], 999))
        if buys and not obs["players"][obs["player"]].get("_bought"):
            return buys[0]
        return _first(legal, "done") or legal[-1]


def mirror_plan(seed: int, options: dict[str, Any], players: int = 5, stop: set[str] | None = None,
                person: str = "greedy") -> list[tuple[dict[str, Any], str, int]]:
    """The person's choices in a practice game (seed ``seed``, greedy bots in the other seats,
    seeded as the server seeds them), worked out in process: the person is a greedy bot
    too. Each entry: (the person's observation, the action, how many times in a row it is
    played: a move of several tokens). Ends with the turn in which every phase of
    ``stop`` (steps) has asked the person something."""
    import civtable
    from civtable.agents import PlayerView, make_agent
    from civtable.core.rng import derive_seed

    stop = stop or {"move", "build", "trade", "buy"}
    game = civtable.load_game("mega-civ", players=players, **options)
    state = game.new_state(seed=seed)
    agents = [make_agent("greedy", game, seed=derive_seed(seed, p) if p else derive_seed(seed, p, 1))
              for p in range(players)]
    plan: list[tuple[dict[str, Any], str, int]] = []
    asked: set[str] = set()
    done_turn = None
    while state.to_move() and not state.is_terminal():
        p = state.to_move()[0]
        if p == 0 and done_turn is not None and state.turn_no > done_turn:
            break
        action = agents[p].act(PlayerView(state, p))
        if p == 0:
            obs = state.observation(0)
            asked.add(obs["step"])
            if plan and plan[-1][1] == action.text and action.kind == "move" and plan[-1][0]["step"] == obs["step"]:
                plan[-1] = (plan[-1][0], action.text, plan[-1][2] + 1)
            else:
                plan.append((obs, action.text, 1))
            if stop <= asked and done_turn is None:
                done_turn = state.turn_no
        state.apply(p, action)
    return plan


class Player(SeatPage):
    """The person's page and what the server tells his seat."""

    def __init__(self, server: ServerProcess, page: Any) -> None:
        super().__init__(server, page, "#seats .seat.me")

    def decision(self, timeout: float = 120) -> dict[str, Any] | None:
        """The view once the page offers a decision (None: the game is over)."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            view = self.view()
            if view["over"]:
                return None
            if view["legal"] and self.page.locator("#menu button:not([disabled])").count():
                return view
            self.page.wait_for_timeout(50)
        raise AssertionError("no decision came: " + self.page.locator("#decision-title").inner_text())

    def ready(self) -> dict[str, Any] | None:
        """The view when the page offers a decision now, else None."""
        view = self.view()
        if view["legal"] and not view["over"] and self.page.locator("#menu button:not([disabled])").count():
            return view
        return None

    def board(self, target: str) -> Any:
        return self.page.locator(f'#board [data-target="{target}"]').first

    def click(self, target: str) -> None:
        """Click a thing of the board; an area outside the map's view first brought into it
        as a person would, the wheel zooming the map out."""
        node = self.board(target)
        if target.startswith("area:"):
            svg = self.page.locator("#board svg[data-zoom]").first
            for _ in range(12):
                box, frame = node.bounding_box(), svg.bounding_box()
                if box and frame and frame["x"] <= box["x"] + box["width"] / 2 <= frame["x"] + frame["width"] \
                        and frame["y"] <= box["y"] + box["height"] / 2 <= frame["y"] + frame["height"]:
                    break
                svg.scroll_into_view_if_needed()
                frame = svg.bounding_box()
                self.page.mouse.move(frame["x"] + frame["width"] / 2, frame["y"] + frame["height"] / 2)
                self.page.mouse.wheel(0, 120)
                self.page.wait_for_timeout(30)
        node.click()

    def menu_action(self, entry: dict[str, Any], before: int | None = None) -> int:
        """The action's button in the menu, opening the groups of its path: the clicks (none
        when the page sent the action meanwhile: the view moved past ``before``)."""
        page, clicks = self.page, 0
        deadline = time.time() + 10
        while time.time() < deadline:
            if before is not None and self.view()["state"] > before:
                return clicks  # the page sent it (a single action on the thing clicked)
            button = page.locator(f'#menu button.act[data-action="{entry["text"]}"]:not([disabled])')
            if button.count():
                button.first.click()
                return clicks + 1
            groups = page.locator("#menu button.group:not([disabled])")
            names = groups.all_inner_texts()
            pick = next((i for i, n in enumerate(names) if n.rsplit(" (", 1)[0] in entry["path"]), None)
            if pick is not None:
                groups.nth(pick).click()
                clicks += 1
                continue
            page.wait_for_timeout(50)
        raise AssertionError(f"{entry['text']!r} is not in the menu")

    def play(self, entry: dict[str, Any]) -> int:
        """Play ``entry`` as a person would: its thing on the board, then the second thing,
        the count or the way in the small dialog, "yes" to a confirmation; the menu when
        nothing is drawn for it. Waits for the server's answer; returns the clicks."""
        page, before = self.page, self.view()["state"]
        count = int(entry.get("count", 1))
        clicks = 0
        if entry["target"]:
            self.click(entry["target"])
            clicks += 1
            if entry["then"]:
                self.click(entry["then"])
                clicks += 1
            page.wait_for_timeout(120)  # a single action is sent at once; several open the short menu
            counts = page.locator(f'#menu button.count[data-action="{entry["text"]}"]')
            if counts.count():
                count = min(count, counts.count())
                counts.nth(count - 1).click()
                clicks += 1
            elif any(m in page.locator("#decision-title").inner_text() for m in (":", "→")) and \
                    self.view()["state"] == before:
                clicks += self.menu_action(entry, before)  # the short menu of the thing clicked
        else:
            clicks += self.menu_action(entry)
        if page.locator("#confirm:not([hidden]) button[data-confirm]").count():
            page.click("#confirm button[data-confirm]")
            clicks += 1
        deadline = time.time() + 20
        while self.view()["state"] < before + (count if entry["then"] else 1) and time.time() < deadline:
            error = page.locator("#error").inner_text()
            assert not error or "position changed" in error, (entry["text"], error)
            page.wait_for_timeout(40)
        if time.time() >= deadline:
            print(f"slow answer to {entry['text']!r}: the page says {page.locator('#error').inner_text()!r}")
        return clicks
