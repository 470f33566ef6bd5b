"""The trade phase (SOLO-5.1 to SOLO-5.3): three dice, one acquisition from table
SOLO-8.2 for each 5 or 6, paid with items whose sell values cover the buy value
(trade-value-direction)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core.action import Action

from ..actions import act, item_word
from .dice import roll
from .end import gain
from .spoken import ITEM_NAMES, dice_words
from .turn import EXTRAS, between

if TYPE_CHECKING:
    from ..state import SoloState

TRADE = [act("trade roll"), act("trade skip"), *EXTRAS]


def ask_trade(s: SoloState) -> None:
    s.ask = "trade"


def trade_legal(s: SoloState, player: int) -> list[Action]:
    return TRADE


def trade(s: SoloState, player: int, action: Action) -> None:
    """SOLO-5.1: 'trade roll' rolls the three trade dice; 'trade skip' does not."""
    if between(s, "trade", action):
        return
    if action.args[0] == "skip":
        s.say("You do not roll the trade dice this turn.")
        s.emit("trade.skipped")
        s.stage = "move"
    else:
        s.stage = "trade-dice"


def trade_dice(s: SoloState) -> None:
    """SOLO-5.1, SOLO-5.2: three dice; each 5 or 6 allows one acquisition."""
    d = roll(s, "trade", 3)
    if d is None:
        return
    hits = sum(1 for v in d if v >= 5)
    s.count("trade_rolls")
    if hits:
        s.work = {"left": hits}
        s.say(f"Trade dice (SOLO-5.1): {dice_words(d)} - {hits} acquisition{'s' if hits > 1 else ''} "
              f"from table SOLO-8.2 (SOLO-5.2).")
        s.emit("trade.rolled", {"dice": d, "hits": hits})
        s.stage = "buy"
    else:
        s.say(f"Trade dice (SOLO-5.1): {dice_words(d)} - no 5 or 6: no acquisition this turn.")
        s.emit("trade.rolled.none", {"dice": d})
        s.stage = "move"


def buy_stage(s: SoloState) -> None:
    if s.work.get("left", 0) <= 0:
        s.work = {}
        s.stage = "move"
    else:
        s.ask = "buy"


def buy_legal(s: SoloState, player: int) -> list[Action]:
    return [act(f"buy {item_word(i)}") for i in s.tables.trade] + [act("done")]


def buy(s: SoloState, player: int, action: Action) -> None:
    """SOLO-5.2: 'buy ITEM' chooses an acquisition; 'done' ends the trade."""
    if action.kind == "done":
        s.work = {}
        s.stage = "move"
    else:
        s.work["item"] = item_key(s, action.args[0])
        s.work["given"] = {}
        s.stage = "give"


def item_key(s: SoloState, word: str) -> str | None:
    key = word.replace("-", "_")
    return key if key in s.tables.trade else None


def given_value(s: SoloState) -> int:
    trade = s.tables.trade
    return sum(trade[item][0] * n for item, n in s.work.get("given", {}).items())


def pay_ok(s: SoloState) -> bool:
    """SOLO-5.3: A what you give (sell values) covers what you get (buy value); B what you
    get is worth at least what you give; something must be given either way."""
    buy_value = s.tables.trade[s.work["item"]][1]
    given = given_value(s)
    if given <= 0:
        return False
    return given >= buy_value if s.rules.trade_value_direction == "A" else given <= buy_value


def ask_give(s: SoloState) -> None:
    s.ask = "give"


def give_legal(s: SoloState, player: int) -> list[Action]:
    item = s.work["item"]
    buy_value = s.tables.trade[item][1]
    given = given_value(s)
    out: list[Action] = []
    reading_a = s.rules.trade_value_direction == "A"
    for other, (sell, _) in s.tables.trade.items():
        if sell is None or other == item:
            continue
        cap = (0 if given >= buy_value else -(-(buy_value - given) // sell)) if reading_a else (buy_value - given) // sell
        out.extend(act(f"give {item_word(other)} {n}") for n in range(1, cap + 1))
    if pay_ok(s):
        out.append(act("pay"))
    out.append(act("cancel"))
    return out


def give(s: SoloState, player: int, action: Action) -> None:
    """SOLO-5.3: 'give ITEM N' adds to the payment, 'pay' closes the trade, 'cancel' drops it."""
    item = s.work["item"]
    name = ITEM_NAMES.get(item, item)
    if action.kind == "give":
        key = item_key(s, action.args[0])
        assert key is not None
        given = s.work["given"]
        given[key] = given.get(key, 0) + action.args[1]
        return
    if action.kind == "cancel":
        s.say(f"You do not take the {name}; the acquisition is still open.")
        s.emit("trade.dropped", {"item": item})
        s.work.pop("item")
        s.work.pop("given")
        s.stage = "buy"
        return
    given = s.work.pop("given")
    s.work.pop("item")
    offer = ", ".join(f"{n} {ITEM_NAMES.get(k, k)}{'s' if n > 1 else ''}" for k, n in given.items())
    value = sum(s.tables.trade[k][0] * n for k, n in given.items())
    s.say(f"Trade (SOLO-5.3): you give {offer} (sell value {value}) and take a {name} "
          f"(buy value {s.tables.trade[item][1]}).")
    s.emit("trade.done", {"given": [f"{k}:{n}" for k, n in given.items()], "value": value, "item": item,
                          "buy": s.tables.trade[item][1]})
    s.count("trades")
    s.work["left"] -= 1
    if item == "culture_token":
        gain(s, "culture", 1, "The culture token you bought")
    elif item == "resource":
        gain(s, "resources", 1, "The resource you bought")
    elif item == "culture_event_card":
        s.lose("card", 1)
    s.stage = "buy"
