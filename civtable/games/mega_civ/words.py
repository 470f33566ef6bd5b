"""Mega Civilization in words: display names of areas, cards, advances and groups,
and every action text (or public text) told as a short English phrase.

Action texts keep the ids (records store them); a person reads "move a token from
Kings Vale to Old Ford" for ``move kings_vale old_ford``. Everything here depends
on the game's data only, never on a state, so it cannot show anything hidden.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING, Any

from .codes import PHASE_TITLES
from .view import HIDDEN

if TYPE_CHECKING:
    from .options import Rules

PAYMENT_WORDS = {"tokens": "2 tokens there", "treasury": "2 from treasury", "mixed": "1 token there + 1 treasury",
                 "split": "1 token there + 1 from another area"}
CITY_WAYS = {"treasury": "Architecture: the missing tokens from treasury",
             "adjacent": "Urbanism: up to 4 tokens from the neighbours"}
CAUSES = {"conflict": "conflict", "surplus": "surplus population", "ability": "an ability", "support": "city support"}
EPOCHS = {"stone": "Stone Age", "early_bronze": "Early Bronze Age", "middle_bronze": "Middle Bronze Age",
          "late_bronze": "Late Bronze Age", "early_iron": "Early Iron Age", "late_iron": "Late Iron Age"}
GROUPS = {"arts": "Arts", "civics": "Civics", "crafts": "Crafts", "religion": "Religion", "science": "Sciences"}


def title(name: str) -> str:
    """A map name as a title ("ad dhana" -> "Ad Dhana"; "Kings Vale" stays)."""
    return name if any(ch.isupper() for ch in name) else " ".join(w[:1].upper() + w[1:] for w in name.split(" "))


class Words:
    """The names of one game's things (built once per game, ``MegaCiv.words``)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.board = rules.board
        self.cat = rules.catalog

    @cached_property
    def areas(self) -> dict[str, str]:
        return {a.id: title(a.name) for a in self.board.areas}

    @cached_property
    def cards(self) -> dict[str, str]:
        return {c.id: c.name for c in self.cat.cards}

    @cached_property
    def advances(self) -> dict[str, str]:
        return {a.id: a.name for a in self.cat.advances}

    @cached_property
    def civilizations(self) -> dict[str, str]:
        return {c.id: c.name for c in self.rules.tables.civilizations}

    def area(self, area_id: Any) -> str:
        return self.areas.get(str(area_id), str(area_id))

    def card(self, card_id: Any) -> str:
        if card_id == HIDDEN:
            return "a hidden card"
        return self.cards.get(str(card_id), str(card_id))

    def advance(self, advance_id: Any) -> str:
        return self.advances.get(str(advance_id), str(advance_id))

    def civ(self, civ_id: Any) -> str:
        return self.civilizations.get(str(civ_id), str(civ_id).title())

    def group(self, group: Any) -> str:
        return GROUPS.get(str(group), str(group).title())

    def cause(self, cause: Any) -> str:
        """What caused a loss: a calamity, an advance or one of ``CAUSES``."""
        text = str(cause)
        return self.cards.get(text) or self.advances.get(text) or CAUSES.get(text, text)

    def epoch(self, epoch: Any) -> str:
        return EPOCHS.get(str(epoch), str(epoch).replace("_", " ").title())

    # ------------------------------------------------------------ events
    def term(self, kind: str, value: Any) -> str:  # noqa: C901 - one line per kind of term
        """A value of an event's field in words (``Game.term``)."""
        if kind == "action":
            return self.action(str(value))
        if kind == "area":
            return self.area(value)
        if kind == "card":
            return self.card(value)
        if kind == "advance":
            return self.advance(value)
        if kind == "cause":
            return self.cause(value)
        if kind == "epoch":
            return self.epoch(value)
        if kind == "phase":
            return PHASE_TITLES.get(int(value), str(value))
        if kind == "city":
            return f"a city in {self.area(value)}"
        if kind == "ships":
            return f"; {_count(int(value), 'ship')} built" if value else ""
        if kind == "change" and isinstance(value, list) and len(value) == 2:
            return f"{self.area(value[0])} {int(value[1]):+d}"
        if kind == "stand" and isinstance(value, list) and len(value) == 2:
            return f"{self.area(value[0])} ({value[1]})"
        if kind == "loss" and isinstance(value, dict):
            return self.loss(value)
        if kind == "payment" and isinstance(value, dict):
            if "treasury" in value:
                return f"{value['treasury']} treasury"
            return f"{value.get('count', 1)} {self.card(value.get('card'))} ({value.get('value', 0)})"
        return str(value)

    def loss(self, item: dict[str, Any]) -> str:
        """One item of losses or gains (``rules/report.py``)."""
        if "city" in item:
            return f"the city in {self.area(item['city'])}" + (" (reduced to tokens)" if item.get("reduced") else "")
        if "tokens" in item:
            return f"{_count(int(item['tokens']), 'token')} in {self.area(item.get('area'))}"
        if "ships" in item:
            return f"{_count(int(item['ships']), 'ship')} in {self.area(item.get('area'))}"
        if "treasury" in item:
            return f"{item['treasury']} treasury"
        if "cards" in item:
            names = [self.card(c) for c in item["cards"]]
            if len(names) == 1:
                return f"the card {names[0]}"
            return "the cards " + ", ".join(names[:-1]) + " and " + names[-1]
        if "ast" in item:
            return _count(int(item["ast"]), "AST square")
        return str(item)

    # ------------------------------------------------------------ a person's input
    @cached_property
    def names(self) -> list[tuple[str, str]]:
        """(name as typed, id) of every area, card and advance whose name differs from its id,
        longest first."""
        found = {}
        for a in self.board.areas:
            found[a.name.lower()] = a.id
        for c in self.cat.cards:
            found[c.name.lower()] = c.id
        for adv in self.cat.advances:
            found[adv.name.lower()] = adv.id
        return sorted(((k, v) for k, v in found.items() if k != v and " " in k), key=lambda kv: -len(kv[0]))

    def to_ids(self, line: str) -> str | None:
        """A line with display names ("move Kings Vale Old Ford") with their ids, or None."""
        text = " " + " ".join(line.lower().split()) + " "
        changed = False
        for name, ident in self.names:
            if f" {name} " in text:
                text = text.replace(f" {name} ", f" {ident} ")
                changed = True
        return text.strip() if changed else None

    # ------------------------------------------------------------ actions
    def action(self, text: str) -> str:
        """An action text (or its public text) as a phrase; unknown texts as they are."""
        words = str(text).split(" ")
        try:
            return self._action(words[0], words[1:]) or text
        except (IndexError, ValueError, KeyError):
            return text

    def _action(self, kind: str, a: list[str]) -> str | None:
        area, card = self.area, self.card
        simple = PHRASES.get(kind)
        if simple is not None:
            template, kinds = simple
            names: dict[str, Callable[[Any], str]] = {
                "a": self.area, "c": self.card, "v": self.advance, "g": self.group, "n": str,
                "p": lambda x: PAYMENT_WORDS.get(x, x), "t": lambda x: _count(int(x), "token"),
                "r": lambda x: str(2 + int(x))}
            return template.format(*(names[k](x) for k, x in zip(kinds, a, strict=False)))
        if kind == "move":
            via = f" through {area(a[1])}" if len(a) == 3 else ""
            return f"move a token from {area(a[0])}{via} to {area(a[-1])}"
        if kind == "city":
            way = f" ({CITY_WAYS[a[1]]})" if len(a) > 1 and a[1] in CITY_WAYS else ""
            return f"build a city in {area(a[0])}{way}"
        if kind in ("offer", "counter", "add"):
            shown = f"{card(a[0])} and {card(a[1])} shown, " if kind != "add" else ""
            h = a[-3]
            hidden = card(h) if h == HIDDEN else f"{card(h)} hidden"
            what = {"offer": "offer ", "counter": "counter-offer ", "add": "add "}[kind]
            return f"{what}{shown}{hidden} declared as {card(a[-1])}"
        if kind == "pay":
            if len(a) == 1 and a[0].isdigit():
                return f"pay {a[0]} treasury to avoid the calamity"
            if len(a) == 2:
                return f"pay with every {card(a[0])} card and {card(a[1])} in its place (Trade Empire)"
            return f"pay with every {card(a[0])} card"
        return None


PHRASES: dict[str, tuple[str, str]] = {
    kind: (phrase, "" if args == "-" else args)
    for kind, args, phrase in (row.split(maxsplit=2) for row in """
    done               -   done
    decline            -   decline
    post               -   post the offer as it is
    pass               -   pass (no offer)
    reject             -   reject every counter-offer
    refuse             -   refuse to pay (suffer the calamity)
    regress            -   move the AST marker back
    destroy-cities     -   destroy cities instead of moving back
    suffer             -   suffer the reductions
    none               -   take no advance
    treasury           -   pay the rest from treasury
    cancel             -   cancel the purchase
    politics-treasury  -   take 5 treasury tokens from the stock (Politics)
    grow               a   grow in {0}
    reduce             a   reduce the city in {0}
    revolt             a   take over the revolting city in {0}
    reinforce          a   reinforce the conflict in {0} from the areas next to it
    buy-card           nn  buy a card of stack {0} for {1} treasury
    free-card          n   take a free card of stack {0} (Wonder of the World)
    accept             n   accept the counter-offer of player {0}
    discard            c   discard {0}
    keep               c   keep {0} (paying treasury)
    lose               a   lose a token in {0}
    lose-city          a   lose the city in {0}
    destroy            a   destroy the city in {0}
    annex              a   annex the units in {0}
    pirate             a   turn the city in {0} into a pirate city
    victim             n   choose player {0} as a secondary victim
    barbarians         a   send the barbarians into {0}
    buy-off            cc  discard {0} and {1} instead of reducing cities
    give               c   give {0}
    credit             g   take a credit token of 5 for {0}
    take               v   take {0} free
    trade-routes       c   turn in {0} for treasury (Trade Routes)
    politics-annex     a   buy the units in {0} (Politics)
    fundamentalism     a   destroy every unit in {0} (Fundamentalism)
    monotheism         a   convert the units in {0} (Monotheism)
    universal-doctrine a   take over the barbarians or pirates in {0} (Universal Doctrine)
    provincial-empire  n   demand a card from player {0} (Provincial Empire)
    diaspora           aa  move a token from {0} to {1} (Diaspora)
    buy                v   buy {0}
    ship               ap  build a ship in {0} (paying {1})
    sail               aat sail from {0} to {1} with {2}
    tax-rate           r   set the tax to {0} per city
""".strip().splitlines())}
"""The phrases of the actions that need nothing but their arguments' names: kind,
the kinds of its arguments (a area, c card, v advance, g group, n as written, p a
ship's payment, t a count of tokens, r a tax rate change; - none)
and the phrase."""


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"
