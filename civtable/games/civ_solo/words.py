"""The companion's words for its things: unit cards, trade items, debts, dice; shared by
the spoken texts of the rules, the event messages (``Game.term``) and the screen.

A unit card is written in events as its answer code (``"infantry 2 3"``: type, rank,
strength at that rank; ``"aircraft 6"``), a battle card as ``"infantry 3"`` (type and
strength), so that event arguments stay plain text and numbers.
"""

from __future__ import annotations

from typing import Any

from .catalog import Tables

RANK_NAMES = ("", "I", "II", "III", "IV")
ITEM_NAMES = {"trade_point": "trade point", "culture_token": "culture token", "resource": "resource",
              "culture_event_card": "culture event card", "hut_token": "hut token", "village_token": "village token"}
ITEM_PLURALS = {"trade_point": "trade points", "culture_token": "culture tokens", "resource": "resources",
                "culture_event_card": "culture event cards", "hut_token": "hut tokens",
                "village_token": "village tokens"}
DEBT_LABELS = {"culture": "culture tokens", "resources": "resource tokens", "people": "great people",
               "buildings": "buildings and wonders", "tokens": "culture and resource tokens"}
PIECES = {"people": "great person", "buildings": "building or wonder"}
COUNT_WORDS = {"culture": ("culture token", "culture tokens"), "resources": ("resource token", "resource tokens"),
               "people": ("great person", "great people"), "buildings": ("building or wonder", "buildings and wonders"),
               "armies": ("army figure", "army figures"), "bonus": ("combat bonus", "combat bonus"),
               "limit": ("combat card limit", "combat card limit")}
CAUSES = {"battle": "your capital fell in battle (SOLO-4.4.9)", "time": "time ran out (SOLO-2.3)",
          "marker": "the turn counter reached the end marker (SOLO-2.3)"}

Unit3 = tuple[str, int, int]
"""A unit card the person entered: (type, rank 1-4 or 0 for aircraft, strength at that rank)."""


def item_word(item: str) -> str:
    """``culture_event_card`` -> ``culture-event-card``: how a person types an item."""
    return item.replace("_", "-")


def items_of(n: int, item: str) -> str:
    """``3 trade points``, ``1 resource``."""
    return f"{n} {ITEM_NAMES.get(item, item) if n == 1 else ITEM_PLURALS.get(item, item)}"


def unit_text(u: Unit3 | list[Any]) -> str:
    """An entered unit card in words: ``infantry (rank II, strength 3)``."""
    kind, rank, strength = u
    if kind == "aircraft":
        return f"aircraft (strength {strength})"
    return f"{kind} (rank {RANK_NAMES[rank]}, strength {strength})"


def unit_code(u: Unit3 | list[Any]) -> str:
    """An entered unit card as it is typed, without ``unit``: ``infantry 2 3``, ``aircraft 6``."""
    kind, rank, strength = u
    return f"aircraft {strength}" if kind == "aircraft" else f"{kind} {rank} {strength}"


def unit_action(u: Unit3 | list[Any]) -> str:
    return "unit " + unit_code(u)


def dice_words(dice: list[int]) -> str:
    """The dice of a roll for the spoken texts; 0 is a die the person did not type ('miss')."""
    return ", ".join(str(d) if d else "-" for d in dice)


def half_words(h2: int) -> str:
    """A strength in half points (SOLO-4.3.4 half-rounding C): ``7`` or ``7.5``."""
    return f"{h2 // 2}" + (".5" if h2 % 2 else "")


def term(tables: Tables, kind: str, value: Any) -> str:
    """``Game.term``: the display name of a thing named in an event message."""
    text = str(value)
    if kind == "unit":  # "infantry 2 3" / "aircraft 6"
        parts = text.split()
        if parts[0] == "aircraft":
            return f"aircraft (strength {parts[-1]})"
        return unit_text((parts[0], int(parts[1]), int(parts[2])))
    if kind == "card":  # one of your battle cards: "infantry 3"
        k, _, s = text.partition(" ")
        return f"{k} (strength {s})"
    if kind == "enemy":  # one of the opponent's cards: "infantry 3 2" (type, strength, rank)
        k, s, r = text.split()
        return f"{k} (strength {s})" if k == "aircraft" else f"rank-{RANK_NAMES[int(r)]} {k} (strength {s})"
    if kind == "Kind":
        return text[:1].upper() + text[1:]
    if kind == "start":  # track-start
        return "before space 1" if text == "A" else "on space 1"
    if kind == "marker":  # end-marker-piece
        return "a wound marker" if text == "A" else "a second culture level marker"
    if kind == "item":
        return ITEM_NAMES.get(text, text)
    if kind == "given":  # "trade_point:8"
        item, _, n = text.partition(":")
        return items_of(int(n), item)
    if kind == "piece":
        return PIECES.get(text, text)
    if kind == "tokens":
        return DEBT_LABELS.get(text, text)
    if kind == "rank":
        return RANK_NAMES[int(value)] if 0 < int(value) < len(RANK_NAMES) else text
    if kind == "half":
        return half_words(int(value))
    if kind == "cause":
        return CAUSES.get(text, text)
    if kind == "name":  # a culture event of SOLO-4.2.2
        return str(tables.culture_events.get(text, {}).get("name", text))
    if kind == "effect":
        return str(tables.culture_events.get(text, {}).get("effect", text))
    if kind == "basecard":
        card = tables.culture_events.get(text, {}).get("card")
        return str(card) if card else text
    if kind == "wonders":
        return ", ".join(tables.wonders.get(text, []))
    if kind == "die":
        return text if value else "-"
    return text
