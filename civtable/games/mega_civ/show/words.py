"""Mega Civilization in words: display names of areas, cards, advances and groups,
and every action text (or public text) told as a short phrase.

Action texts keep the ids (records store them); a person reads "move a token from
Kings Vale to Old Ford" for ``move kings_vale old_ford``. Everything here depends
on the game's data only, never on a state, so it cannot show anything hidden.

Every text is written in the reader's language: the methods take ``tr`` (a
``civtable.i18n.Translator``, English by default) and ``term`` (the hook of
``Game.term``) is ``@localizable``. The names of areas, civilizations, trade cards,
calamities and advances are messages of the game's catalog with the context
``mega-civ`` (extracted from ``data/maps/*.json``, ``data/cards.json`` and
``data/advances.json``); Greek is the original language of the rules (συμφορές,
φάσεις, κάρτες πολιτισμικής ανάπτυξης: see ``civtable/locale/glossary/mega-civ.yaml``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING, Any

from civtable.i18n import ENGLISH, N_, NN_, NP_, Translator, localizable

from ..state import PHASE_TITLES
from ..view import HIDDEN

if TYPE_CHECKING:
    from civtable.core.events import Viewer

    from ..options import Rules

CONTEXT = "mega-civ"
"""The message context of the names of the game's things (its own words)."""

PAYMENT_WORDS = {"tokens": N_("2 tokens there"), "treasury": N_("2 from treasury"),
                 "mixed": N_("1 token there + 1 treasury"), "split": N_("1 token there + 1 from another area")}
CITY_WAYS = {"treasury": N_("Architecture: the missing tokens from treasury"),
             "adjacent": N_("Urbanism: up to 4 tokens from the neighbours")}
CAUSES = {"conflict": N_("conflict"), "surplus": N_("surplus population"), "ability": N_("an ability"),
          "support": N_("city support")}
EPOCHS = {"stone": N_("Stone Age"), "early_bronze": N_("Early Bronze Age"), "middle_bronze": N_("Middle Bronze Age"),
          "late_bronze": N_("Late Bronze Age"), "early_iron": N_("Early Iron Age"), "late_iron": N_("Late Iron Age")}
GROUPS = {"arts": NP_("group", "Arts"), "civics": NP_("group", "Civics"), "crafts": NP_("group", "Crafts"),
          "religion": NP_("group", "Religion"), "science": NP_("group", "Sciences")}
PHASE_WORDS = (N_("Tax"), N_("Population expansion"), N_("Movement"), N_("Conflict"), N_("City construction"),
               N_("Acquisition of trade cards"), N_("Trade"), N_("Calamity selection"), N_("Calamity resolution"),
               N_("Special abilities"), N_("Removal of surplus population"), N_("Acquisition of advances"),
               N_("AST alteration"))
"""The phases' titles (``state.PHASE_TITLES``) as messages."""


def title(name: str) -> str:
    """A map name as a title ("ad dhana" -> "Ad Dhana"; "Kings Vale" stays)."""
    return name if any(ch.isupper() for ch in name) else " ".join(w[:1].upper() + w[1:] for w in name.split(" "))


def semicolon(tr: Translator = ENGLISH) -> str:
    """The separator between the parts of a listing ("; " in English; Greek writes "· ",
    its ";" being a question mark)."""
    return tr.pgettext("separator", ";") + " "


def phase_title(phase: int, tr: Translator = ENGLISH) -> str:
    """A phase's title ("Population expansion") in ``tr``'s language."""
    text = PHASE_TITLES.get(int(phase))
    return str(phase) if text is None else tr.gettext(text)


def count(n: int, noun: str, tr: Translator = ENGLISH) -> str:
    """"1 token", "3 ships", "2 AST squares" (``noun``: one of ``COUNTS``)."""
    one, many = COUNTS[noun]
    return tr.nt(one, many, n)


COUNTS = {"token": NN_("{n} token", "{n} tokens"), "ship": NN_("{n} ship", "{n} ships"),
          "AST square": NN_("{n} AST square", "{n} AST squares")}
"""Counted nouns (the plural forms of each are in the catalog: ``ngettext``)."""


class Words:
    """The names of one game's things (built once per game, ``MegaCiv.words``)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.board = rules.board
        self.cat = rules.catalog
        self._in: dict[tuple[str, str], dict[str, str]] = {}

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

    def names_in(self, kind: str, tr: Translator) -> dict[str, str]:
        """The names of one kind of thing (areas, cards, advances, civilizations) in
        ``tr``'s language, by id (a name the catalog lacks stays as the data file has it)."""
        if tr.english:
            return {"areas": self.areas, "cards": self.cards, "advances": self.advances,
                    "civilizations": self.civilizations}[kind]
        key = (kind, tr.code)
        found = self._in.get(key)
        if found is None:
            if kind == "areas":
                found = {a.id: title(tr.pgettext(CONTEXT, a.name)) for a in self.board.areas}
            else:
                english = {"cards": self.cards, "advances": self.advances, "civilizations": self.civilizations}[kind]
                found = {k: tr.pgettext(CONTEXT, v) for k, v in english.items()}
            self._in[key] = found
        return found

    def area(self, area_id: Any, tr: Translator = ENGLISH) -> str:
        return self.names_in("areas", tr).get(str(area_id), str(area_id))

    def card(self, card_id: Any, tr: Translator = ENGLISH) -> str:
        if card_id == HIDDEN:
            return tr.t("a hidden card")
        return self.names_in("cards", tr).get(str(card_id), str(card_id))

    def effect(self, card_id: str, tr: Translator = ENGLISH) -> str:
        """What a calamity does (data/cards.json's ``effect``, in ``tr``'s language)."""
        text = self.cat.cards[self.cat.card_index[card_id]].effect
        return tr.pgettext(CONTEXT, text) if text else ""

    def advance(self, advance_id: Any, tr: Translator = ENGLISH) -> str:
        return self.names_in("advances", tr).get(str(advance_id), str(advance_id))

    def civ(self, civ_id: Any, tr: Translator = ENGLISH) -> str:
        found = self.names_in("civilizations", tr).get(str(civ_id))
        return found if found is not None else str(civ_id).title()

    def group(self, group: Any, tr: Translator = ENGLISH) -> str:
        text = GROUPS.get(str(group))
        return str(group).title() if text is None else tr.pgettext("group", text)

    def cause(self, cause: Any, tr: Translator = ENGLISH) -> str:
        """What caused a loss: a calamity, an advance or one of ``CAUSES``."""
        text = str(cause)
        if text in self.cards:
            return self.card(text, tr)
        if text in self.advances:
            return self.advance(text, tr)
        return tr.gettext(CAUSES[text]) if text in CAUSES else text

    def epoch(self, epoch: Any, tr: Translator = ENGLISH) -> str:
        text = EPOCHS.get(str(epoch))
        return str(epoch).replace("_", " ").title() if text is None else tr.gettext(text)

    # ------------------------------------------------------------ events
    @localizable
    def term(self, kind: str, value: Any, *, tr: Translator = ENGLISH) -> str:  # noqa: C901 - one line per kind
        """A value of an event's field in words (``Game.term``), in ``tr``'s language."""
        if kind == "action":
            return self.action(str(value), tr)
        if kind == "area":
            return self.area(value, tr)
        if kind == "card":
            return self.card(value, tr)
        if kind == "advance":
            return self.advance(value, tr)
        if kind == "cause":
            return self.cause(value, tr)
        if kind == "epoch":
            return self.epoch(value, tr)
        if kind == "phase":
            return phase_title(int(value), tr) if int(value) in PHASE_TITLES else str(value)
        if kind == "city":
            return tr.t("a city in {area}", area=self.area(value, tr))
        if kind == "ships":
            return tr.nt("; {n} ship built", "; {n} ships built", int(value)) if value else ""
        if kind == "change" and isinstance(value, list) and len(value) == 2:
            return f"{self.area(value[0], tr)} {int(value[1]):+d}"
        if kind == "stand" and isinstance(value, list) and len(value) == 2:
            return f"{self.area(value[0], tr)} ({tr.number(value[1])})"
        if kind == "loss" and isinstance(value, dict):
            return self.loss(value, tr)
        if kind == "payment" and isinstance(value, dict):
            if "treasury" in value:
                return tr.t("{n} treasury", n=value["treasury"])
            return tr.t("{n} {card} ({value})", n=value.get("count", 1), card=self.card(value.get("card"), tr),
                        value=value.get("value", 0))
        return str(value)

    def loss(self, item: dict[str, Any], tr: Translator = ENGLISH) -> str:
        """One item of losses or gains (``rules/report.py``)."""
        if "city" in item:
            if item.get("reduced"):
                return tr.t("the city in {area} (reduced to tokens)", area=self.area(item["city"], tr))
            return tr.t("the city in {area}", area=self.area(item["city"], tr))
        if "tokens" in item:
            return tr.nt("{n} token in {area}", "{n} tokens in {area}", int(item["tokens"]),
                         area=self.area(item.get("area"), tr))
        if "ships" in item:
            return tr.nt("{n} ship in {area}", "{n} ships in {area}", int(item["ships"]),
                         area=self.area(item.get("area"), tr))
        if "treasury" in item:
            return tr.t("{n} treasury", n=item["treasury"])
        if "cards" in item:
            names = [self.card(c, tr) for c in item["cards"]]
            if len(names) == 1:
                return tr.t("the card {card}", card=names[0])
            if tr.english:
                return "the cards " + ", ".join(names[:-1]) + " and " + names[-1]
            return tr.t("the cards {cards}", cards=tr.join(names))
        if "ast" in item:
            return count(int(item["ast"]), "AST square", tr)
        return str(item)

    # ------------------------------------------------------------ a person's input
    @cached_property
    def names(self) -> list[tuple[str, str]]:
        """(name as typed, id) of every area, card and advance whose name differs from its id,
        longest first: the English names with a space, then the names in civtable's other
        languages (a person may type "grow Αθήνα" or "buy Astronomie")."""
        found = {}
        for a in self.board.areas:
            found[a.name.lower()] = a.id
        for c in self.cat.cards:
            found[c.name.lower()] = c.id
        for adv in self.cat.advances:
            found[adv.name.lower()] = adv.id
        english = sorted(((k, v) for k, v in found.items() if k != v and " " in k), key=lambda kv: -len(kv[0]))
        from civtable.i18n import LANGUAGES, translator

        ids = {a.id for a in self.board.areas} | {c.id for c in self.cat.cards} | {a.id for a in self.cat.advances}
        others: dict[str, str] = {}
        for code in LANGUAGES:
            if code == "en":
                continue
            tr = translator(code)
            for kind in ("areas", "cards", "advances"):
                for ident, name in self.names_in(kind, tr).items():
                    typed = " ".join(name.lower().split())
                    if typed and typed not in found and typed not in ids and typed not in KINDS:
                        others.setdefault(typed, ident)
        return english + sorted(others.items(), key=lambda kv: -len(kv[0]))

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
    def action(self, text: str, tr: Translator = ENGLISH) -> str:
        """An action text (or its public text) as a phrase; unknown texts as they are."""
        words = str(text).split(" ")
        try:
            return self._action(words[0], words[1:], tr) or text
        except (IndexError, ValueError, KeyError):
            return text

    def _action(self, kind: str, a: list[str], tr: Translator) -> str | None:  # noqa: C901 - one case per kind
        simple = PHRASES.get(kind)
        if simple is not None:
            template, fields = simple
            names: dict[str, Callable[[Any], Any]] = {
                "a": lambda x: self.area(x, tr), "c": lambda x: self.card(x, tr), "v": lambda x: self.advance(x, tr),
                "g": lambda x: self.group(x, tr), "n": str, "p": lambda x: tr.gettext(PAYMENT_WORDS[x])
                if x in PAYMENT_WORDS else x, "r": lambda x: str(2 + int(x))}
            values = {name: names[k](x) for (name, k), x in zip(fields, a, strict=False)}
            return tr.pt("action", template, **values)
        area, card = self.area, self.card
        if kind == "sail":
            return tr.nt("sail from {src} to {dest} with {n} token", "sail from {src} to {dest} with {n} tokens",
                         int(a[2]), src=area(a[0], tr), dest=area(a[1], tr))
        if kind == "move":
            if len(a) == 3:
                return tr.t("move a token from {src} through {via} to {dest}", src=area(a[0], tr),
                            via=area(a[1], tr), dest=area(a[-1], tr))
            return tr.t("move a token from {src} to {dest}", src=area(a[0], tr), dest=area(a[-1], tr))
        if kind == "city":
            if len(a) > 1 and a[1] in CITY_WAYS:
                return tr.t("build a city in {area} ({way})", area=area(a[0], tr), way=tr.gettext(CITY_WAYS[a[1]]))
            return tr.t("build a city in {area}", area=area(a[0], tr))
        if kind in ("offer", "counter", "add"):
            return self._offer(kind, a, tr)
        if kind == "pay":
            if len(a) == 1 and a[0].isdigit():
                return tr.t("pay {n} treasury to avoid the calamity", n=a[0])
            if len(a) == 2:
                return tr.t("pay with every {card} card and {other} in its place (Trade Empire)", card=card(a[0], tr),
                            other=card(a[1], tr))
            return tr.t("pay with every {card} card", card=card(a[0], tr))
        return None

    def _offer(self, kind: str, a: list[str], tr: Translator) -> str:
        """``offer`` and ``counter`` (the two shown cards) and ``add`` (a hidden card, named
        to its owner only, and its declared name)."""
        card = self.card
        if kind != "add":
            return tr.t(OFFERS[(kind, False)], first=card(a[0], tr), second=card(a[1], tr))
        h = a[0]
        if h == HIDDEN:
            return tr.t(OFFERS[("add", True)], declared=card(a[-1], tr))
        return tr.t(OFFERS[("add", False)], hidden=card(h, tr), declared=card(a[-1], tr))


OFFERS = {
    ("offer", False): N_("offer {first} and {second} shown"),
    ("counter", False): N_("counter-offer {first} and {second} shown"),
    ("add", False): N_("add {hidden} hidden declared as {declared}"),
    ("add", True): N_("add a hidden card declared as {declared}"),
}
"""An offer or counter-offer started (its two shown cards), or a card added, its hidden
card named (to its owner) or not."""

A, C, N, V = "a", "c", "n", "v"
PHRASES: dict[str, tuple[str, tuple[tuple[str, str], ...]]] = {
    "done": (NP_("action", "done"), ()),
    "decline": (NP_("action", "decline"), ()),
    "post": (NP_("action", "post the offer as it is"), ()),
    "pass": (NP_("action", "pass (no offer)"), ()),
    "reject": (NP_("action", "reject every counter-offer"), ()),
    "refuse": (NP_("action", "refuse to pay (suffer the calamity)"), ()),
    "regress": (NP_("action", "move the AST marker back"), ()),
    "destroy-cities": (NP_("action", "destroy cities instead of moving back"), ()),
    "suffer": (NP_("action", "suffer the reductions"), ()),
    "none": (NP_("action", "take no advance"), ()),
    "treasury": (NP_("action", "pay the rest from treasury"), ()),
    "cancel": (NP_("action", "cancel the purchase"), ()),
    "politics-treasury": (NP_("action", "take 5 treasury tokens from the stock (Politics)"), ()),
    "grow": (NP_("action", "grow in {area}"), (("area", A),)),
    "reduce": (NP_("action", "reduce the city in {area}"), (("area", A),)),
    "revolt": (NP_("action", "take over the revolting city in {area}"), (("area", A),)),
    "reinforce": (NP_("action", "reinforce the conflict in {area} from the areas next to it"), (("area", A),)),
    "buy-card": (NP_("action", "buy a card of stack {stack} for {cost} treasury"), (("stack", N), ("cost", N))),
    "free-card": (NP_("action", "take a free card of stack {stack} (Wonder of the World)"), (("stack", N),)),
    "accept": (NP_("action", "accept the counter-offer of player {n}"), (("n", N),)),
    "discard": (NP_("action", "discard {card}"), (("card", C),)),
    "keep": (NP_("action", "keep {card} (paying treasury)"), (("card", C),)),
    "lose": (NP_("action", "lose a token in {area}"), (("area", A),)),
    "lose-city": (NP_("action", "lose the city in {area}"), (("area", A),)),
    "destroy": (NP_("action", "destroy the city in {area}"), (("area", A),)),
    "annex": (NP_("action", "annex the units in {area}"), (("area", A),)),
    "pirate": (NP_("action", "turn the city in {area} into a pirate city"), (("area", A),)),
    "victim": (NP_("action", "choose player {n} as a secondary victim"), (("n", N),)),
    "barbarians": (NP_("action", "send the barbarians into {area}"), (("area", A),)),
    "buy-off": (NP_("action", "discard {card} and {other} instead of reducing cities"), (("card", C), ("other", C))),
    "give": (NP_("action", "give {card}"), (("card", C),)),
    "credit": (NP_("action", "take a credit token of 5 for {group}"), (("group", "g"),)),
    "take": (NP_("action", "take {advance} free"), (("advance", V),)),
    "trade-routes": (NP_("action", "turn in {card} for treasury (Trade Routes)"), (("card", C),)),
    "politics-annex": (NP_("action", "buy the units in {area} (Politics)"), (("area", A),)),
    "fundamentalism": (NP_("action", "destroy every unit in {area} (Fundamentalism)"), (("area", A),)),
    "monotheism": (NP_("action", "convert the units in {area} (Monotheism)"), (("area", A),)),
    "universal-doctrine": (NP_("action", "take over the barbarians or pirates in {area} (Universal Doctrine)"), (("area", A),)),
    "provincial-empire": (NP_("action", "demand a card from player {n} (Provincial Empire)"), (("n", N),)),
    "diaspora": (NP_("action", "move a token from {src} to {dest} (Diaspora)"), (("src", A), ("dest", A))),
    "buy": (NP_("action", "buy {advance}"), (("advance", V),)),
    "ship": (NP_("action", "build a ship in {area} (paying {payment})"), (("area", A), ("payment", "p"))),
    "tax-rate": (NP_("action", "set the tax to {rate} per city"), (("rate", "r"),)),
}
"""The phrases of the actions that need nothing but their arguments' names: kind ->
(message (context ``action``), its fields with the kind of each argument in order: a
area, c card, v advance, g group, n as written, p a ship's payment, r a tax rate change)."""
KINDS = frozenset((*PHRASES, "sail", "move", "city", "offer", "counter", "add", "pay", "as"))
"""The first words of action texts (never read as a translated name)."""


class SeatNames:
    """The seats of an observation named for its viewer: the part of the terminal's
    screen (``render.Screen``) and the browser's page (``web.Page``) that says who."""

    w: Words
    players: list[dict[str, Any]]
    """The observation's ``players``."""
    viewer: Viewer
    tr: Translator

    def civ(self, seat: int) -> str:
        return self.w.civ(self.players[seat]["civilization"], self.tr)

    def who(self, seat: int | None) -> str:
        tr = self.tr
        if seat is None or seat < 0:
            return tr.t("nobody")
        if seat == self.viewer:
            return tr.t("player {n} {civ} (you)", n=seat, civ=self.civ(seat))
        return tr.t("player {n} {civ}", n=seat, civ=self.civ(seat))
