"""The rules' spoken log in English (``SoloState.say``, part of a position): the English
dictionaries and the plain words its sentences read. ``show/words.py`` writes the same
things in the reader's language (and in English through these functions), the answers'
notation is ``actions.py``."""

from __future__ import annotations

from typing import Any

from ..actions import Unit3

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


def unit_english(u: Unit3 | list[Any]) -> str:
    """An entered unit card in English words: ``infantry (rank II, strength 3)``,
    ``aircraft (strength 6)`` (on the rules' hot path: the English needs no catalog)."""
    kind, rank, strength = u
    return (f"aircraft (strength {strength})" if kind == "aircraft" else
            f"{kind} (rank {RANK_NAMES[rank]}, strength {strength})")


def dice_words(dice: list[int]) -> str:
    """The dice of a roll for the spoken texts; 0 is a die the person did not type ('miss')."""
    return ", ".join(str(d) if d else "-" for d in dice)


def half_english(h2: int) -> str:
    """A strength in half points (SOLO-4.3.4 half-rounding C) in English: ``7`` or ``7.5``."""
    return f"{h2 // 2}" + (".5" if h2 % 2 else "")
