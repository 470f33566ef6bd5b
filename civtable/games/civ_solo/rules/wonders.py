"""The wonder market (SOLO-7.1, SOLO-7.2): it changes era at the start of turns 8 and 13."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..state import SoloState

CHANGES = {8: ("ancient", "medieval", "SOLO-7.1"), 13: ("medieval", "modern", "SOLO-7.2")}


def wonders(s: SoloState) -> None:
    """SOLO-7.1, SOLO-7.2 (wonder-replacement): unbuilt wonders of the old era leave the
    market; one new-era wonder for each (A) or the market refilled to its size (B)."""
    change = CHANGES.get(s.turn_no)
    if change is not None and s.era == change[0]:
        old, new, rule = change
        s.era = new
        if s.rules.wonder_replacement == "A":
            how = f"put one {new} wonder in place of each, drawn as the base game draws wonders"
        else:
            how = f"refill the market to its base-game size ({s.tables.market_size}, provisional) with {new} wonders"
        s.say(f"Wonders ({rule}): remove every unbuilt {old} wonder from the market and {how}. "
              f"The {new} wonders are: {', '.join(s.tables.wonders[new])}.")
        s.emit("wonders.one" if s.rules.wonder_replacement == "A" else "wonders.refill",
               {"rule": rule, "old": old, "new": new, "size": s.tables.market_size})
    s.stage = "trade"
