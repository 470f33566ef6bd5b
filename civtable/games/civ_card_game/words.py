"""Display names and words for Civilization: The Card Game: the cards' names, what a
card does in one phrase, resources in words, action texts in words (the notation
keeps the ids, the screens and messages show the names), and a person's typing of
names read back as ids."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from civtable.core.messages import join

from .catalog import BUILDING, RESOURCE_NAMES, RESOURCES, UNIT, WONDER, CardSet, PlayCard, Tech


def res_words(values: Any) -> str:
    """``[2, 1, 0]`` or ``{"food": 2, "hammers": 1}`` -> "2 Food and 1 Hammer"; nothing -> "nothing"."""
    if isinstance(values, dict):
        values = [values.get(r, 0) for r in RESOURCES]
    parts = []
    for name, n in zip(RESOURCE_NAMES, values, strict=False):
        if n:
            parts.append(f"{n} {'Hammer' if name == 'Hammers' and n == 1 else name}")
    return join(parts)


def res_short(values: Any) -> str:
    """``[2, 1, 0]`` -> "2F 1H" (the screen's compact form)."""
    return " ".join(f"{n}{name[0]}" for name, n in zip(RESOURCE_NAMES, values, strict=False) if n) or "-"


def one(resource: str, n: int = 1) -> str:
    """``"hammers"`` -> "1 Hammer"."""
    return res_words([n if r == resource else 0 for r in RESOURCES])


def discount_words(d: Any) -> list[str]:
    out = []
    for what, n in zip(("technologies", "buildings", "wonders"), d, strict=False):
        if n:
            out.append(f"{what} cost {n} less")
    return out


def _draw_and_stats(extra_draw: int, culture: int, happiness: int, stats: bool) -> list[str]:
    """The extra cards drawn, and culture and happiness when ``stats``."""
    out = [f"draw {extra_draw} more card{'s' if extra_draw > 1 else ''}"] if extra_draw else []
    if culture and stats:
        out.append(f"culture {culture}")
    if happiness and stats:
        out.append(f"happiness {happiness}")
    return out


def card_effects(c: PlayCard, cards: CardSet, stats: bool = True) -> str:
    """What a play-deck card does, in a phrase (its cost is shown apart; culture and
    happiness too when ``stats`` is false)."""
    out: list[str] = []
    if c.kind in (BUILDING, WONDER):
        if any(c.yields):
            out.append(f"+{res_words(c.yields)} a turn")
        if any(c.plot_yield):
            out.append(f"+{res_words(c.plot_yield)} from its plot")
        if c.granary:
            out.append("doubles its plot's printed Food")
        out.extend(discount_words(c.discount))
        if c.walls:
            out.append(f"bounces {c.walls} attacker{'s' if c.walls > 1 else ''} (a Catapult knocks it down)")
        if c.great_wall:
            out.append("bounces 1 attacker (Catapults cannot harm it)")
        out.extend(_draw_and_stats(c.extra_draw, c.culture, c.happiness, stats))
        if c.kind == WONDER:
            out.append("1 VP; cannot be destroyed")
    elif c.kind == UNIT:
        if c.attack:
            damage = []
            if c.population_damage:
                damage.append(f"takes {c.population_damage} population")
            if c.building_damage:
                damage.append(f"destroys {c.building_damage} building{'s' if c.building_damage > 1 else ''}")
            out.append("attacks: " + (" and ".join(damage) or "no damage"))
        if c.siege:
            out.append("knocks down City Walls")
        if c.defend:
            if c.blocks is None:
                out.append("blocks any attacker")
            else:
                names = [x.name for x in cards.cards if x.id in c.blocks]
                out.append("blocks " + join(names))
        if not c.defend:
            out.append("cannot defend")
    else:
        out.append(f"cash for {res_words(c.yields)}")
    return "; ".join(out) or "no effect"


def tech_effects(t: Tech, cards: CardSet, stats: bool = True) -> str:
    """What a technology does, in a phrase (1 VP each, and its cost apart; culture and
    happiness too when ``stats`` is false)."""
    out: list[str] = []
    if any(t.yields):
        out.append(f"+{res_words(t.yields)} a turn")
    if t.building_yield is not None:
        name = next((c.name for c in cards.cards if c.id == t.building_yield[0]), t.building_yield[0])
        out.append(f"+{res_words(t.building_yield[1])} a turn per {name}")
    out.extend(discount_words(t.discount))
    if t.two_slots:
        out.append("2 building slots on every plot")
    if t.mining:
        out.append("1 Hammer per plot, once")
    if t.steal_card:
        out.append("steal a random card from a hand, once a turn")
    if t.steal_resources:
        out.append(f"steal {t.steal_resources} resources, once a turn")
    out.extend(_draw_and_stats(t.extra_draw, t.culture, t.happiness, stats))
    return "; ".join(out) or "-"


class Names:
    """The display names of one card set."""

    def __init__(self, cards: CardSet) -> None:
        self.cards = cards
        self.card = {c.id: c for c in cards.cards}
        self.plot = {p.id: p for p in cards.plots}
        self.tech = {t.id: t for t in cards.techs}
        self.name: dict[str, str] = {}
        for group in (cards.plots, cards.techs, cards.cards):
            for x in group:
                self.name[x.id] = x.name
        self.writing = next((t.name for t in cards.techs if t.steal_card), "Writing")
        self.laws = next((t.name for t in cards.techs if t.steal_resources), "Code of Laws")
        self.astronomy = next((t.name for t in cards.techs if t.extra_draw), "Astronomy")
        self.mining = next((t.name for t in cards.techs if t.mining), "Mining")
        # a person may type a name instead of an id: the longest names first
        spoken = sorted(((x.name.lower(), x.id) for g in (cards.plots, cards.techs, cards.cards) for x in g
                         if x.name.lower() != x.id), key=lambda e: -len(e[0]))
        self.spoken = [(re.compile(r"(?<![\w+])" + re.escape(n) + r"(?![\w+])"), i) for n, i in spoken]

    def of(self, thing_id: str) -> str:
        return self.name.get(thing_id, thing_id)

    def plot_yield(self, plot_id: str) -> str:
        p = self.plot.get(plot_id)
        return res_words(p.yields) if p is not None else "?"

    # ------------------------------------------------------------ message terms
    def term(self, kind: str, value: Any) -> str:
        """``Game.term``: the words for a message field (see ``messages.py``)."""
        if kind in ("card", "plot", "tech"):
            return self.of(str(value))
        if kind == "res":
            return res_words(value)
        if kind == "status":
            return str(value).capitalize()
        if kind == "resource":
            return RESOURCE_NAMES[RESOURCES.index(value)] if value in RESOURCES else str(value)
        if kind == "action":
            return self.describe(str(value))
        if kind == "losses" and isinstance(value, dict):
            lost = []
            if value.get("population"):
                n = value["population"]
                lost.append(f"{n} population{'s' if n > 1 else ''}")
            if value.get("buildings"):
                n = value["buildings"]
                lost.append(f"{n} building{'s' if n > 1 else ''}")
            return join(lost)
        if kind == "block" and isinstance(value, (list, tuple)) and len(value) == 2:
            return f"{self.of(value[0])} (by {self.of(value[1])})"
        if kind == "yield" and isinstance(value, (list, tuple)) and len(value) == 5:
            source, thing, *gain = value
            what = self.mining if source == "mining" else self.of(thing)
            return f"{what} ({res_words(gain).replace(' and ', ', ')})"
        return str(value)

    # ------------------------------------------------------------ actions in words
    def describe(self, text: str) -> str:
        """An action's text in words ("build library 3" -> "build Library on plot 3")."""
        kind, *args = text.split() or [""]
        fields: dict[str, str] = {"writing": self.writing, "laws": self.laws}
        for i, a in enumerate(args):
            fields[f"a{i}"] = a
            fields[f"n{i}"] = self.of(a)
        try:
            if kind in SAID:
                return SAID[kind].format_map(fields)
            if kind in WORKED_OUT:
                return WORKED_OUT[kind](self, args)
        except (IndexError, KeyError, ValueError):
            return text
        return text

    def interpret(self, line: str) -> str | None:
        """A line with display names ("build City Walls 2") as the notation
        ("build city_walls 2"); ``None`` when it names nothing."""
        text = " ".join(line.strip().lower().split())
        out = text
        for pattern, thing_id in self.spoken:
            out = pattern.sub(thing_id, out)
        return out if out != text else None


def trade_paid_words(spent: str) -> list[int]:
    """What a trade's first word pays: ``food+food+hammers`` or (bank-trade B) ``food``."""
    parts = spent.split("+")
    if len(parts) == 1:
        parts = parts * 3
    return [parts.count(r) for r in RESOURCES]


SAID = {
    "draft": "draft {n0}", "place": "place the free population on plot {a0}", "discard": "discard {n0}",
    "pop": "buy a population for plot {a0}", "tech": "buy the technology {n0}", "build": "build {n0} on plot {a1}",
    "writing": "steal a card from player {a0} ({writing})", "laws": "steal resources from player {a0} ({laws})",
    "attack": "attack player {a1} with {n0}", "fight": "fight: the combat begins", "bounce": "bounce {n0}",
    "block": "block {n0} with {n1}", "lose": "give up a population from plot {a0}",
    "gain": "put the stolen population on plot {a0}", "destroy": "lose {n0} on plot {a1}",
}
"""The actions whose words are their arguments' names (``a0``: the first argument as
written, ``n0``: its display name)."""


def _plot_words(names: Names, args: list[str]) -> str:
    spare = f", sparing {RESOURCE_NAMES[RESOURCES.index(args[1][6:])]}" if len(args) > 1 else ""
    return f"buy the plot {names.of(args[0])}{spare}"


def _cash_words(names: Names, args: list[str]) -> str:
    card = names.card.get(args[0])
    return f"cash {names.of(args[0])}" + (f" for {res_words(card.yields)}" if card is not None else "")


def _draw_words(names: Names, args: list[str]) -> str:
    extra = [names.astronomy if w == "astronomy" else "Highest Culture" for w in args[1:]]
    return f"draw {args[0]} cards" + (f" (with {join(extra)})" if extra else "")


WORKED_OUT: dict[str, Callable[[Names, list[str]], str]] = {
    "yield": lambda names, args: f"take {one(args[0])} from a population",
    "plot": _plot_words,
    "cash": _cash_words,
    "trade": lambda names, args: f"trade {res_words(trade_paid_words(args[0]))} for {one(args[2])} with the bank",
    "take": lambda names, args: f"take {one(args[0])}",
    "give": lambda names, args: f"give {one(args[0])}",
    "siege": lambda names, args: ("send the next Catapult against City Walls" if args[0] == "yes"
                                  else "keep the next Catapult away from the walls"),
    "draw": _draw_words,
}
"""The actions whose words are worked out from their arguments."""
