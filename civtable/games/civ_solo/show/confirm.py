"""The answers a person confirms before the companion acts on them
(``Game.action_warning``): those that end the game or throw something away, which a
slip of the finger must not do. Ordinary answers (a die, a count, a card, 'next' in the
middle of the game, accepting an event) are never asked twice.

- 'won' ends the game as a victory (SOLO-2.1): only for a victory reached at the table;
- 'next' after the research phase of the last turn ends the game lost (SOLO-2.3);
- 'done' on an empty list of unit cards: the companion takes it that you own none
  (a military event with strength 0, SOLO-4.3.3) or fight a battle with an empty hand
  (SOLO-4.4.6);
- 'pay' with items worth more than the price: the surplus is not refunded (SOLO-5.3).

Built from the observation alone, in the reader's language (``@localizable``)."""

from __future__ import annotations

from typing import Any

from civtable.core.action import Action
from civtable.i18n import ENGLISH, Translator, localizable

from ..catalog import Tables
from .words import item_object


@localizable
def action_warning(tables: Tables, action: Action, obs: dict[str, Any], *, tr: Translator = ENGLISH) -> str | None:
    ask, k = obs.get("ask") or "", action.kind
    if k == "won":  # SOLO-2.1
        return tr.t("This ends the game as your victory (SOLO-2.1): answer it only when you have reached a culture, "
                    "technology or economic victory at the table.")
    if k == "next" and ask == "phase:end" and obs["final"]:  # SOLO-2.3
        return tr.t("This ends the last turn without a victory: you lose the game (SOLO-2.3).")
    if k == "done" and not obs["entry"]:
        if ask == "hand":  # SOLO-4.4.6
            return tr.t("Your battle hand is empty: you fight the battle against your capital without a card.")
        if ask == "units":  # SOLO-4.3.2
            return tr.t("You have entered no unit cards: the companion takes it that you own none.")
    if k == "pay" and ask == "give" and obs["options"]["trade-value-direction"] == "A":  # SOLO-5.3
        work = obs["work"]
        given = sum((tables.trade[item][0] or 0) * n for item, n in work.get("given", {}).items())
        price = tables.trade[work["item"]][1]
        if given > price:
            return tr.t("You give items worth {given} for the {item} (buy value {price}): the {surplus} over its price "
                        "is not given back (SOLO-5.3).", given=given, item=item_object(work["item"], tr), price=price,
                        surplus=given - price)
    return None
