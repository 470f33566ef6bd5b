"""The companion's words for its things: unit cards, trade items, debts, dice; shared by
the event messages (``Game.term``), the screen, the browser page and the questions.

A unit card is written in events as its answer code (``"infantry 2 3"``: type, rank,
strength at that rank; ``"aircraft 6"``), a battle card as ``"infantry 3"`` (type and
strength), so that event arguments stay plain text and numbers.

Every text is written in the reader's language: the functions take ``tr`` (a
``civtable.i18n.Translator``, English by default) and ``term`` (``Game.term``) is
``@localizable``. The rules came in Czech (``shared/seeds/001_8dba8a23b433126d.txt``):
their words (žeton zranění, kulturní stupnice, karta kulturní události, ...) are the
source of the other languages (``civtable/locale/glossary/civ-solo.yaml``). Names
from the data files (the table's texts, culture events, base-game cards,
civilizations, wonders) are messages with the context ``civ-solo``. A unit type is
shown as a card's title in the other languages ("Pěchota (síla 3)"), so that a
sentence can name it in any grammatical case ("kartu Pěchota"). An item, a piece or a
table's loss named in an event is an object of its sentence ("you take a resource"):
its Czech form is the accusative (``item acc``).

The English dictionaries (``ITEM_NAMES``, ``DEBT_LABELS``, ...) are ``rules/spoken.py``:
the rules' spoken log (``SoloState.say``, part of a position) is English and reads
them; how a person types a unit card or an item is the notation (``actions.py``).
"""

from __future__ import annotations

import re
from typing import Any

from civtable.i18n import ENGLISH, N_, NN_, NP_, Translator, localizable

from ..actions import Unit3
from ..catalog import Tables
from ..rules.spoken import RANK_NAMES, half_english, unit_english

CONTEXT = "civ-solo"
"""The message context of the names from the data files (the game's own words)."""

# ------------------------------------------------------------------ the messages of the English words (rules/spoken.py)
ITEM_WORDS = {"trade_point": NP_("item", "trade point"), "culture_token": NP_("item", "culture token"),
              "resource": NP_("item", "resource"), "culture_event_card": NP_("item", "culture event card"),
              "hut_token": NP_("item", "hut token"), "village_token": NP_("item", "village token")}
"""An item of table SOLO-8.2 as a subject or in a table (nominative)."""
ITEM_OBJECTS = {"trade_point": NP_("item acc", "trade point"), "culture_token": NP_("item acc", "culture token"),
                "resource": NP_("item acc", "resource"), "culture_event_card": NP_("item acc", "culture event card"),
                "hut_token": NP_("item acc", "hut token"), "village_token": NP_("item acc", "village token")}
"""An item as the object of a sentence ("buy a resource": "koupit surovinu")."""
ITEM_GROUPS = {"trade_point": NP_("items", "trade points"), "culture_token": NP_("items", "culture tokens"),
               "resource": NP_("items", "resources"), "culture_event_card": NP_("items", "culture event cards"),
               "hut_token": NP_("items", "hut tokens"), "village_token": NP_("items", "village tokens")}
"""The items of one kind as a menu's group."""
ITEM_COUNTS = {"trade_point": NN_("{n} trade point", "{n} trade points"),
               "culture_token": NN_("{n} culture token", "{n} culture tokens"),
               "resource": NN_("{n} resource", "{n} resources"),
               "culture_event_card": NN_("{n} culture event card", "{n} culture event cards"),
               "hut_token": NN_("{n} hut token", "{n} hut tokens"),
               "village_token": NN_("{n} village token", "{n} village tokens")}
"""A number of items, given or taken (the object of its sentence)."""
DEBT_WORDS = {"culture": N_("culture tokens"), "resources": N_("resource tokens"), "people": N_("great people"),
              "buildings": N_("buildings and wonders"), "tokens": N_("culture and resource tokens")}
PIECE_OBJECTS = {"people": NP_("piece acc", "great person"), "buildings": NP_("piece acc", "building or wonder")}
COUNT_FORMS = {"culture": NN_("{n} culture token", "{n} culture tokens"),
               "resources": NN_("{n} resource token", "{n} resource tokens"),
               "people": NN_("{n} great person", "{n} great people"),
               "buildings": NN_("{n} building or wonder", "{n} buildings and wonders"),
               "armies": NN_("{n} army figure", "{n} army figures")}
"""An answer to a count question in words ("3 culture tokens")."""
COUNT_VALUES = {"bonus": N_("combat bonus {n}"), "limit": N_("combat card limit {n}")}
CAUSE_WORDS = {"battle": N_("your capital fell in battle (SOLO-4.4.9)"), "time": N_("time ran out (SOLO-2.3)"),
               "marker": N_("the turn counter reached the end marker (SOLO-2.3)")}
KIND_NAMES = {"infantry": NP_("unit", "infantry"), "mounted": NP_("unit", "mounted"),
              "artillery": NP_("unit", "artillery"), "aircraft": NP_("unit", "aircraft")}
"""The unit types (the notation's words: 'unit infantry 2 3'); a card's title in the
other languages."""
ERA_OF = {"ancient": NP_("era of", "ancient"), "medieval": NP_("era of", "medieval"),
          "modern": NP_("era of", "modern")}
"""An era naming its wonders in an event ("every unbuilt ancient wonder": "divy starověku")."""
ERA_NAMES = {"ancient": NP_("era", "ancient"), "medieval": NP_("era", "medieval"), "modern": NP_("era", "modern")}
"""An era on its own ("Wonders in the market: ancient")."""
USES = {"card": NP_("use", "card"), "ability": NP_("use", "ability")}
"""What the failure roll of SOLO-6.1 is for, as the object of its sentence."""
STARTS = {"A": N_("before space 1"), "B": N_("on space 1")}
MARKERS = {"A": N_("a wound marker"), "B": N_("a second culture level marker")}

NAMES = (  # the names in the lists of data/companion.json and the texts of data/tables.json (babel.cfg)
    NP_("civ-solo", "Americans"), NP_("civ-solo", "Arabs"), NP_("civ-solo", "Aztecs"), NP_("civ-solo", "Chinese"),
    NP_("civ-solo", "Egyptians"), NP_("civ-solo", "England"), NP_("civ-solo", "French"),
    NP_("civ-solo", "Germans"), NP_("civ-solo", "Greeks"), NP_("civ-solo", "Indians"),
    NP_("civ-solo", "Japanese"), NP_("civ-solo", "Mongols"), NP_("civ-solo", "Romans"),
    NP_("civ-solo", "Russians"), NP_("civ-solo", "Spanish"), NP_("civ-solo", "Zulu"),
    NP_("civ-solo", "Chichen Itza"), NP_("civ-solo", "Statue of Zeus"), NP_("civ-solo", "Stonehenge"),
    NP_("civ-solo", "The Colossus"), NP_("civ-solo", "The Great Lighthouse"), NP_("civ-solo", "The Great Wall"),
    NP_("civ-solo", "The Hanging Gardens"), NP_("civ-solo", "The Oracle"), NP_("civ-solo", "The Pyramids"),
    NP_("civ-solo", "Angkor Wat"), NP_("civ-solo", "Brandenburg Gate"), NP_("civ-solo", "Himeji Samurai Castle"),
    NP_("civ-solo", "Leonardo's Workshop"), NP_("civ-solo", "Machu Picchu"), NP_("civ-solo", "Notre-Dame"),
    NP_("civ-solo", "Porcelain Tower"), NP_("civ-solo", "Taj Mahal"), NP_("civ-solo", "The Louvre"),
    NP_("civ-solo", "Big Ben"), NP_("civ-solo", "Cristo Redentor"), NP_("civ-solo", "Panama Canal"),
    NP_("civ-solo", "Statue of Liberty"), NP_("civ-solo", "Sydney Opera House"), NP_("civ-solo", "The Internet"),
    NP_("civ-solo", "The Kremlin"), NP_("civ-solo", "The Pentagon"), NP_("civ-solo", "United Nations"),
    NP_("civ-solo", "Defection"), NP_("civ-solo", "Mass Defection"), NP_("civ-solo", "Wholesale Defection"),
    NP_("civ-solo", "Sabotage"), NP_("civ-solo", "Catastrophe"), NP_("civ-solo", "Disaster"),
    NP_("civ-solo", "Primetime TV"), NP_("civ-solo", "Bread and Circuses"), NP_("civ-solo", "Jousting Tourney"),
    # the texts of table SOLO-8.1 (data/tables.json)
    NP_("civ-solo", "three culture tokens"), NP_("civ-solo", "five culture tokens"),
    NP_("civ-solo", "one resource token"), NP_("civ-solo", "one great person"),
    NP_("civ-solo", "one building/wonder"), NP_("civ-solo", "loss of a random unit"), NP_("civ-solo", "Drought"),
    NP_("civ-solo", "Anarchy"), NP_("civ-solo", "Deforestation"),
)


def name(text: str, tr: Translator = ENGLISH) -> str:
    """A name of the data files (a civilization, wonder, card, culture event or a text
    of table SOLO-8.1) in ``tr``'s language; a name of one's own data file stays."""
    return text if tr.english else tr.pgettext(CONTEXT, text)


def names(texts: list[str] | tuple[str, ...], tr: Translator = ENGLISH) -> str:
    """Names of the data files as a list: ``Stonehenge, The Colossus``."""
    return ", ".join(name(t, tr) for t in texts)


def item_name(item: str, tr: Translator = ENGLISH) -> str:
    """An item of table SOLO-8.2 as a subject or in a table: ``resource``."""
    return tr.pgettext("item", ITEM_WORDS[item]) if item in ITEM_WORDS else item


def item_object(item: str, tr: Translator = ENGLISH) -> str:
    """An item as the object of a sentence: ``resource`` ("surovinu")."""
    return tr.pgettext("item acc", ITEM_OBJECTS[item]) if item in ITEM_OBJECTS else item


def item_group(item: str, tr: Translator = ENGLISH) -> str:
    """The items of one kind: ``resources``."""
    return tr.pgettext("items", ITEM_GROUPS[item]) if item in ITEM_GROUPS else item


def items_of(n: int, item: str, tr: Translator = ENGLISH) -> str:
    """``3 trade points``, ``1 resource``."""
    if item not in ITEM_COUNTS:
        return f"{n} {item}"
    one, many = ITEM_COUNTS[item]
    return tr.nt(one, many, n)


def debt_label(kind: str, tr: Translator = ENGLISH) -> str:
    """What a wound-marker debt is owed in: ``culture tokens``."""
    return tr.gettext(DEBT_WORDS[kind]) if kind in DEBT_WORDS else kind


def kind_name(kind: str, tr: Translator = ENGLISH) -> str:
    """A unit type: ``infantry`` ("Pěchota")."""
    return tr.pgettext("unit", KIND_NAMES[kind]) if kind in KIND_NAMES else kind


def kind_title(kind: str, tr: Translator = ENGLISH) -> str:
    """A unit type at the start of a sentence or as a card's title: ``Infantry``."""
    text = kind_name(kind, tr)
    return text[:1].upper() + text[1:]


def era_name(era: str, tr: Translator = ENGLISH) -> str:
    """An era on its own: ``ancient``."""
    return tr.pgettext("era", ERA_NAMES[era]) if era in ERA_NAMES else era


def unit_text(u: Unit3 | list[Any], tr: Translator = ENGLISH) -> str:
    """An entered unit card in words: ``infantry (rank II, strength 3)`` (in English
    ``rules.spoken.unit_english``, which the rules' log writes on its hot path)."""
    if tr.english:
        return unit_english(u)
    kind, rank, strength = u
    if kind == "aircraft":
        return tr.t("{kind} (strength {strength})", kind=kind_name(kind, tr), strength=strength)
    return tr.t("{kind} (rank {rank}, strength {strength})", kind=kind_name(kind, tr), rank=RANK_NAMES[rank],
                strength=strength)


def units_text(units: list[Any], tr: Translator = ENGLISH) -> str:
    """Entered unit cards: ``infantry (rank II, strength 3), aircraft (strength 6)``; ``none``."""
    return ", ".join(unit_text(u, tr) for u in units) or tr.pt("cards", "none")


def card_text(kind: str, strength: int, tr: Translator = ENGLISH) -> str:
    """A battle card: ``infantry (strength 3)``."""
    return tr.t("{kind} (strength {strength})", kind=kind_name(kind, tr), strength=strength)


def half_words(h2: int, tr: Translator = ENGLISH) -> str:
    """A strength in half points (SOLO-4.3.4 half-rounding C): ``7`` or ``7.5`` (``7,5``)."""
    if not tr.english:
        return str(tr.number(h2 // 2 if h2 % 2 == 0 else h2 / 2))
    return half_english(h2)


def hand_note(note: str, tr: Translator = ENGLISH) -> str:
    """The battle hand's size in the base game (``Tables.hand_size_note``, English:
    "base 3, +2 per further army, +3 (instead of armies) defending a city") in ``tr``'s
    language; a note of one's own tables file that reads otherwise stays as it is."""
    if tr.english:
        return note
    found = HAND_NOTE.fullmatch(note)
    if found is None:
        return note
    base, more, defending, instead = found.groups()
    if instead:
        defending = tr.t("{bonus} (instead of armies)", bonus=defending)
    return tr.t("base {base}, +{more} per further army, {defending} defending a city", base=base, more=more,
                defending=defending)


HAND_NOTE = re.compile(r"base (\S+), \+(\S+) per further army, (\S+)( \(instead of armies\))? defending a city")


@localizable
def term(tables: Tables, kind: str, value: Any, *, tr: Translator = ENGLISH) -> str:
    """``Game.term``: the display name of a thing named in an event message."""
    text = str(value)
    if kind == "unit":  # "infantry 2 3" / "aircraft 6"
        parts = text.split()
        if parts[0] == "aircraft":
            return card_text("aircraft", int(parts[-1]), tr)
        return unit_text((parts[0], int(parts[1]), int(parts[2])), tr)
    if kind == "card":  # one of your battle cards: "infantry 3"
        k, _, s = text.partition(" ")
        return tr.t("{kind} (strength {strength})", kind=kind_name(k, tr), strength=s)
    if kind == "enemy":  # one of the opponent's cards: "infantry 3 2" (type, strength, rank)
        k, s, r = text.split()
        if k == "aircraft":
            return tr.t("{kind} (strength {strength})", kind=kind_name(k, tr), strength=s)
        return tr.t("rank-{rank} {kind} (strength {strength})", rank=RANK_NAMES[int(r)], kind=kind_name(k, tr),
                    strength=s)
    if kind == "Kind":
        return kind_title(text, tr)
    if kind == "kind":
        return kind_name(text, tr)
    if kind in ("start", "marker"):  # track-start, end-marker-piece
        reading = "A" if text == "A" else "B"
        return tr.gettext((STARTS if kind == "start" else MARKERS)[reading])
    if kind == "item":
        return item_object(text, tr)
    if kind == "given":  # "trade_point:8"
        item, _, n = text.partition(":")
        return items_of(int(n), item, tr)
    if kind == "piece":
        return tr.pgettext("piece acc", PIECE_OBJECTS[text]) if text in PIECE_OBJECTS else text
    if kind == "tokens":
        return debt_label(text, tr)
    if kind == "rank":
        return RANK_NAMES[int(value)] if 0 < int(value) < len(RANK_NAMES) else text
    if kind == "half":
        return half_words(int(value), tr)
    if kind == "cause":
        return tr.gettext(CAUSE_WORDS[text]) if text in CAUSE_WORDS else text
    if kind == "name":  # a culture event of SOLO-4.2.2
        return name(str(tables.culture_events.get(text, {}).get("name", text)), tr)
    if kind == "effect":
        return name(str(tables.culture_events.get(text, {}).get("effect", text)), tr)
    if kind == "basecard":
        card = tables.culture_events.get(text, {}).get("card")
        return name(str(card), tr) if card else text
    if kind == "wonders":
        return names(tables.wonders.get(text, []), tr)
    if kind == "table":  # a text of table SOLO-8.1: "three culture tokens", "Drought"
        return name(text, tr)
    if kind == "civ":
        return name(text, tr)
    if kind == "era":  # the era of the wonders an event names
        return tr.pgettext("era of", ERA_OF[text]) if text in ERA_OF else text
    if kind == "use":  # the failure roll is for a card or an ability
        return tr.pgettext("use", USES[text]) if text in USES else text
    if kind == "die":
        return text if value else "-"
    return text
