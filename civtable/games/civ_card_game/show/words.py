"""Display names and words for Civilization: The Card Game: the cards' names, what a
card does in one phrase, resources in words, action texts in words (the notation
keeps the ids, the screens and messages show the names), and a person's typing of
names read back as ids.

Every text is written in the reader's language: the functions take ``tr`` (a
``civtable.i18n.Translator``, English by default) and those the game's hooks call
are ``@localizable``. The names of plots, technologies and cards are messages of the
game's catalog with the context ``civ-card-game`` (extracted from
``data/cards.json``); English is the original language of the rules, and the other
languages follow ``civtable/locale/glossary/civ-card-game.yaml``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from civtable.core.events import Viewer
from civtable.core.messages import EventFormatter, join, seat_name
from civtable.i18n import ENGLISH, N_, NP_, Translator, localizable

from ..catalog import BUILDING, RESOURCES, UNIT, WONDER, CardSet, PlayCard, Tech

CONTEXT = "civ-card-game"
"""The message context of the game's own short words and of its card names."""

RESOURCE_WORDS = {"food": NP_("civ-card-game", "Food"), "hammers": NP_("civ-card-game", "Hammers"),
                  "commerce": NP_("civ-card-game", "Commerce")}
STATUS_WORDS = {"culture": NP_("highest status", "Culture"), "happiness": NP_("highest status", "Happiness")}
"""The statuses of CCG-3.3 and CCG-3.5 as the events' ``status`` term ("Highest {status}")."""


# ------------------------------------------------------------------ sentences with seats
def _no_term(kind: str, value: Any) -> str:
    return str(value)


def say(tr: Translator, template: str, viewer: Viewer = None, **args: Any) -> str:
    """A message (marked ``N_``) whose seat fields (``{p:player}``, ``{p:Player}``, a
    case in a translation: ``{p:player:gen}``) are filled for ``viewer`` as the events
    are: "player 1", "player 0 (you)". A translation that cannot be filled falls back
    to the English template."""
    if not tr.english:
        try:
            return EventFormatter(_no_term, viewer, None, tr).format(tr.gettext(template), **args)
        except (KeyError, IndexError, ValueError, TypeError):
            pass  # tests/i18n checks every translation's fields
    return EventFormatter(_no_term, viewer, None, tr).format(template, **args)


def seat(p: int, viewer: Viewer, tr: Translator = ENGLISH) -> str:
    """"player 1", or "player 1 (you)" for the viewer."""
    return seat_name(p, viewer, None, tr)


def semicolon(tr: Translator = ENGLISH) -> str:
    """The separator of phrases in a list ("; "; Greek writes "· ": its ";" is a question mark)."""
    return tr.pt("separator", "; ")


def either(words: Sequence[str], tr: Translator = ENGLISH, serial: bool = False) -> str:
    """``a or b or c`` in English (``a, b or c`` when ``serial``), ``a, b or c`` in the others."""
    if len(words) < 2:
        return "".join(words)
    if tr.english:
        return ", ".join(words[:-1]) + " or " + words[-1] if serial else " or ".join(words)
    from babel.lists import format_list

    return format_list(list(words), style="or", locale=tr.code)


# ------------------------------------------------------------------ resources
def resource_name(resource: str, tr: Translator = ENGLISH) -> str:
    """``"hammers"`` -> "Hammers"."""
    word = RESOURCE_WORDS.get(resource)
    return tr.pgettext(CONTEXT, word) if word is not None else resource


def amount(resource: str, n: int, tr: Translator = ENGLISH) -> str:
    """``"hammers", 1`` -> "1 Hammer"; ``"food", 2`` -> "2 Food"."""
    if resource == "food":
        text = tr.npgettext("civ-card-game", "{n} Food", "{n} Food", n)
    elif resource == "hammers":
        text = tr.npgettext("civ-card-game", "{n} Hammer", "{n} Hammers", n)
    else:
        text = tr.npgettext("civ-card-game", "{n} Commerce", "{n} Commerce", n)
    return text.format(n=tr.number(n))


def cost_words(resource: str, n: int, tr: Translator = ENGLISH) -> str:
    """A price: "3 Hammers" (English writes the plural of a price whatever the number,
    as it always has; the other languages the form that fits)."""
    if tr.english:
        return f"{n} {RESOURCE_WORDS[resource]}"
    return amount(resource, n, tr)


def res_words(values: Any, tr: Translator = ENGLISH) -> str:
    """``[2, 1, 0]`` or ``{"food": 2, "hammers": 1}`` -> "2 Food and 1 Hammer"; nothing -> "nothing"."""
    return join(res_list(values, tr), tr)


def res_list(values: Any, tr: Translator = ENGLISH) -> list[str]:
    """``[2, 1, 0]`` -> ["2 Food", "1 Hammer"]."""
    if isinstance(values, dict):
        values = [values.get(r, 0) for r in RESOURCES]
    return [amount(r, n, tr) for r, n in zip(RESOURCES, values, strict=False) if n]


def letters(tr: Translator = ENGLISH) -> tuple[str, str, str]:
    """The one-letter names of the resources on the screen: F, H, C."""
    return (tr.pt("short for Food", "F"), tr.pt("short for Hammers", "H"), tr.pt("short for Commerce", "C"))


def res_short(values: Any, tr: Translator = ENGLISH) -> str:
    """``[2, 1, 0]`` -> "2F 1H" (the screen's compact form)."""
    return " ".join(f"{n}{letter}" for letter, n in zip(letters(tr), values, strict=False) if n) or "-"


def one(resource: str, n: int = 1, tr: Translator = ENGLISH) -> str:
    """``"hammers"`` -> "1 Hammer"."""
    return res_words([n if r == resource else 0 for r in RESOURCES], tr)


# ------------------------------------------------------------------ what cards do
def discount_words(d: Any, tr: Translator = ENGLISH) -> list[str]:
    """CCG-6.5: "technologies cost 1 less", ..."""
    out = []
    for what, n in zip(("technologies", "buildings", "wonders"), d, strict=False):
        if not n:
            continue
        if what == "technologies":
            out.append(tr.t("technologies cost {n} less", n=n))
        elif what == "buildings":
            out.append(tr.t("buildings cost {n} less", n=n))
        else:
            out.append(tr.t("wonders cost {n} less", n=n))
    return out


def _draw_and_stats(extra_draw: int, culture: int, happiness: int, stats: bool, tr: Translator) -> list[str]:
    """The extra cards drawn, and culture and happiness when ``stats``."""
    out = [tr.nt("draw {n} more card", "draw {n} more cards", extra_draw)] if extra_draw else []
    if culture and stats:
        out.append(tr.t("culture {n}", n=culture))
    if happiness and stats:
        out.append(tr.t("happiness {n}", n=happiness))
    return out


def card_effect_list(c: PlayCard, cards: CardSet, stats: bool = True, tr: Translator = ENGLISH) -> list[str]:
    """What a play-deck card does, phrase by phrase (see ``card_effects``)."""
    out: list[str] = []
    if c.kind in (BUILDING, WONDER):
        if any(c.yields):
            out.append(tr.t("+{res} a turn", res=res_words(c.yields, tr)))
        if any(c.plot_yield):
            out.append(tr.t("+{res} from its plot", res=res_words(c.plot_yield, tr)))
        if c.granary:
            out.append(tr.t("doubles its plot's printed Food"))
        out.extend(discount_words(c.discount, tr))
        if c.walls:
            out.append(tr.nt("bounces {n} attacker (a Catapult knocks it down)",
                             "bounces {n} attackers (a Catapult knocks it down)", c.walls))
        if c.great_wall:
            out.append(tr.t("bounces 1 attacker (Catapults cannot harm it)"))
        out.extend(_draw_and_stats(c.extra_draw, c.culture, c.happiness, stats, tr))
        if c.kind == WONDER:
            out.append(tr.t("1 VP; cannot be destroyed"))
    elif c.kind == UNIT:
        if c.attack:
            damage = []
            if c.population_damage:
                damage.append(tr.nt("takes {n} population", "takes {n} population", c.population_damage))
            if c.building_damage:
                damage.append(tr.nt("destroys {n} building", "destroys {n} buildings", c.building_damage))
            out.append(tr.t("attacks: {damage}", damage=join(damage, tr) if damage else tr.t("no damage")))
        if c.siege:
            out.append(tr.t("knocks down City Walls"))
        if c.defend:
            if c.blocks is None:
                out.append(tr.t("blocks any attacker"))
            else:
                names = [tr.pgettext(CONTEXT, x.name) for x in cards.cards if x.id in c.blocks]
                out.append(tr.t("blocks {units}", units=join(names, tr)))
        if not c.defend:
            out.append(tr.t("cannot defend"))
    else:
        out.append(tr.t("cash for {res}", res=res_words(c.yields, tr)))
    return out


def card_effects(c: PlayCard, cards: CardSet, stats: bool = True, tr: Translator = ENGLISH) -> str:
    """What a play-deck card does, in a phrase (its cost is shown apart; culture and
    happiness too when ``stats`` is false); "no effect" for none."""
    return semicolon(tr).join(card_effect_list(c, cards, stats, tr)) or tr.t("no effect")


def tech_effect_list(t: Tech, cards: CardSet, stats: bool = True, tr: Translator = ENGLISH) -> list[str]:
    """What a technology does, phrase by phrase (see ``tech_effects``)."""
    out: list[str] = []
    if any(t.yields):
        out.append(tr.t("+{res} a turn", res=res_words(t.yields, tr)))
    if t.building_yield is not None:
        name = next((c.name for c in cards.cards if c.id == t.building_yield[0]), t.building_yield[0])
        out.append(tr.t("+{res} a turn per {building}", res=res_words(t.building_yield[1], tr),
                        building=tr.pgettext(CONTEXT, name)))
    out.extend(discount_words(t.discount, tr))
    if t.two_slots:
        out.append(tr.t("2 building slots on every plot"))
    if t.mining:
        out.append(tr.t("1 Hammer per plot, once"))
    if t.steal_card:
        out.append(tr.t("steal a random card from a hand, once a turn"))
    if t.steal_resources:
        out.append(tr.nt("steal {n} resources, once a turn", "steal {n} resources, once a turn", t.steal_resources))
    out.extend(_draw_and_stats(t.extra_draw, t.culture, t.happiness, stats, tr))
    return out


def tech_effects(t: Tech, cards: CardSet, stats: bool = True, tr: Translator = ENGLISH) -> str:
    """What a technology does, in a phrase (1 VP each, and its cost apart; culture and
    happiness too when ``stats`` is false); "-" for nothing."""
    return semicolon(tr).join(tech_effect_list(t, cards, stats, tr)) or "-"


# ------------------------------------------------------------------ names
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
        self.spoken = [(_pattern(n), i) for n, i in spoken]
        self._translated: list[tuple[re.Pattern[str], str]] | None = None

    def of(self, thing_id: str, tr: Translator = ENGLISH) -> str:
        """A plot's, technology's or card's name in ``tr``'s language (the card file's
        name when the catalog has none: a card file of one's own)."""
        name = self.name.get(thing_id)
        return thing_id if name is None else tr.pgettext(CONTEXT, name)

    def tech_name(self, which: str, tr: Translator = ENGLISH) -> str:
        """The name of the technology that steals cards (``writing``), resources
        (``laws``), draws more (``astronomy``) or mines (``mining``)."""
        return tr.pgettext(CONTEXT, getattr(self, which))

    def plot_yield(self, plot_id: str, tr: Translator = ENGLISH) -> str:
        p = self.plot.get(plot_id)
        return res_words(p.yields, tr) if p is not None else "?"

    # ------------------------------------------------------------ message terms
    @localizable
    def term(self, kind: str, value: Any, *, tr: Translator = ENGLISH) -> str:
        """``Game.term``: the words for a message field (see ``messages.py``)."""
        if kind in ("card", "plot", "tech"):
            return self.of(str(value), tr)
        if kind == "res":
            return res_words(value, tr)
        if kind == "status":
            word = STATUS_WORDS.get(str(value))
            return tr.pgettext("highest status", word) if word is not None else str(value).capitalize()
        if kind == "resource":
            return resource_name(value, tr) if value in RESOURCES else str(value)
        if kind == "action":
            return self.describe(str(value), tr=tr)
        if kind == "losses" and isinstance(value, dict):
            lost = []
            if value.get("population"):
                lost.append(tr.nt("{n} population", "{n} populations", value["population"]))
            if value.get("buildings"):
                lost.append(tr.nt("{n} building", "{n} buildings", value["buildings"]))
            return join(lost, tr)
        if kind == "block" and isinstance(value, (list, tuple)) and len(value) == 2:
            return tr.t("{unit} (by {blocker})", unit=self.of(value[0], tr), blocker=self.of(value[1], tr))
        if kind == "yield" and isinstance(value, (list, tuple)) and len(value) == 5:
            source, thing, *gain = value
            what = self.tech_name("mining", tr) if source == "mining" else self.of(thing, tr)
            gained = ", ".join(res_list(gain, tr)) or tr.gettext("nothing")
            return f"{what} ({gained})"
        return str(value)

    # ------------------------------------------------------------ actions in words
    def describe(self, text: str, tr: Translator = ENGLISH) -> str:
        """An action's text in words ("build library 3" -> "build Library on plot 3")."""
        kind, *args = text.split() or [""]
        fields: dict[str, str] = {"writing": self.tech_name("writing", tr), "laws": self.tech_name("laws", tr)}
        for i, a in enumerate(args):
            fields[f"a{i}"] = a
            fields[f"n{i}"] = self.of(a, tr)
        try:
            if not tr.english and kind in ("done", "pass") and not args:
                return tr.pgettext("action", ACTION_WORDS[kind])
            if kind in SAID:
                return tr.gettext(SAID[kind]).format_map(fields)
            if kind in WORKED_OUT:
                return WORKED_OUT[kind](self, args, tr)
        except (IndexError, KeyError, ValueError):
            return text
        return text

    def interpret(self, line: str) -> str | None:
        """A line with display names ("build City Walls 2", "build Stadtmauern 2") as the
        notation ("build city_walls 2"); ``None`` when it names nothing. The English
        names are read first, then the names of civtable's other languages."""
        text = " ".join(line.strip().lower().split())
        out = text
        for pattern, thing_id in self.spoken:
            out = pattern.sub(thing_id, out)
        for pattern, thing_id in self.translated():
            out = pattern.sub(thing_id, out)
        return out if out != text else None

    def translated(self) -> list[tuple[re.Pattern[str], str]]:
        """The names in civtable's other languages, lower case, as patterns (built once)."""
        if self._translated is None:
            from civtable.i18n import LANGUAGES, translator

            english = {p.pattern for p, _i in self.spoken}
            found: dict[str, str] = {}
            for code in LANGUAGES:
                if code == "en":
                    continue
                tr = translator(code)
                for g in (self.cards.plots, self.cards.techs, self.cards.cards):
                    for x in g:
                        name = tr.pgettext(CONTEXT, x.name).lower()
                        if name != x.id and name != x.name.lower():
                            found.setdefault(name, x.id)
            ordered = sorted(found.items(), key=lambda e: -len(e[0]))
            self._translated = [(p, i) for n, i in ordered if (p := _pattern(n)).pattern not in english]
        return self._translated


def _pattern(name: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w+])" + re.escape(name) + r"(?![\w+])")


def trade_paid_words(spent: str) -> list[int]:
    """What a trade's first word pays: ``food+food+hammers`` or (bank-trade B) ``food``."""
    parts = spent.split("+")
    if len(parts) == 1:
        parts = parts * 3
    return [parts.count(r) for r in RESOURCES]


ACTION_WORDS = {"done": NP_("action", "done"), "pass": NP_("action", "pass")}
"""The actions of one word, in the other languages (English shows the notation)."""

SAID = {
    "draft": N_("draft {n0}"), "place": N_("place the free population on plot {a0}"), "discard": N_("discard {n0}"),
    "pop": N_("buy a population for plot {a0}"), "tech": N_("buy the technology {n0}"),
    "build": N_("build {n0} on plot {a1}"),
    "writing": N_("steal a card from player {a0} ({writing})"),
    "laws": N_("steal resources from player {a0} ({laws})"),
    "attack": N_("attack player {a1} with {n0}"), "fight": N_("fight: the combat begins"), "bounce": N_("bounce {n0}"),
    "block": N_("block {n0} with {n1}"), "lose": N_("give up a population from plot {a0}"),
    "gain": N_("put the stolen population on plot {a0}"), "destroy": N_("lose {n0} on plot {a1}"),
}
"""The actions whose words are their arguments' names (``a0``: the first argument as
written, ``n0``: its display name)."""


def _plot_words(names: Names, args: list[str], tr: Translator) -> str:
    if len(args) > 1:
        spare = args[1][6:]
        if spare not in RESOURCES:
            raise ValueError(spare)
        return tr.t("buy the plot {plot}, sparing {resource}", plot=names.of(args[0], tr),
                    resource=resource_name(spare, tr))
    return tr.t("buy the plot {plot}", plot=names.of(args[0], tr))


def _cash_words(names: Names, args: list[str], tr: Translator) -> str:
    card = names.card.get(args[0])
    if card is None:
        return tr.t("cash {card}", card=names.of(args[0], tr))
    return tr.t("cash {card} for {res}", card=names.of(args[0], tr), res=res_words(card.yields, tr))


def _draw_words(names: Names, args: list[str], tr: Translator) -> str:
    extra = [names.tech_name("astronomy", tr) if w == "astronomy" else tr.pt("civ-card-game", "Highest Culture")
             for w in args[1:]]
    n = int(args[0]) if args[0].isascii() and args[0].isdigit() and len(args[0]) < 7 else 2  # the plural's form
    if extra:
        text = tr.ngettext("draw {n} card (with {extra})", "draw {n} cards (with {extra})", n)
        return text.format(n=args[0], extra=join(extra, tr))
    return tr.ngettext("draw {n} card", "draw {n} cards", n).format(n=args[0])


def _trade_words(names: Names, args: list[str], tr: Translator) -> str:
    return tr.t("trade {paid} for {res} with the bank", paid=res_words(trade_paid_words(args[0]), tr),
                res=one(args[2], tr=tr))


def _siege_words(names: Names, args: list[str], tr: Translator) -> str:
    if args[0] == "yes":
        return tr.t("send the next Catapult against City Walls")
    return tr.t("keep the next Catapult away from the walls")


WORKED_OUT: dict[str, Callable[[Names, list[str], Translator], str]] = {
    "yield": lambda names, args, tr: tr.t("take {res} from a population", res=one(args[0], tr=tr)),
    "plot": _plot_words,
    "cash": _cash_words,
    "trade": _trade_words,
    "take": lambda names, args, tr: tr.t("take {res}", res=one(args[0], tr=tr)),
    "give": lambda names, args, tr: tr.t("give {res}", res=one(args[0], tr=tr)),
    "siege": _siege_words,
    "draw": _draw_words,
}
"""The actions whose words are worked out from their arguments."""
