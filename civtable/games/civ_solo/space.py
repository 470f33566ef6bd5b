"""The fixed action space of the solo automa (``Game.action_space``), for learning agents:
every answer text that can ever be legal for a game object (its options and its tables),
in a fixed order built from the data, never from a hash.

The answers are the notation of ``rules/`` (one question at a time, compound choices
already split: unit cards entered one by one, a payment item by item). The numbers in
them are bounded by the data:

- counts (``culture N``, ``bonus N``, ``limit N``...): the companion's limits
  (``data/companion.json`` ``limits``: culture 0-60, resources 0-20, people 0-20,
  buildings 0-30, armies 0-6, bonus 0-60, limit 1-12), as ``rules.entry.count_range``;
- ``gained KIND N``: 0 to ``limits.gained`` (60), for the debt kinds the options can
  create (SOLO-4.1.5 debt-type: A by kind, B one shared ``tokens`` debt);
- ``unit KIND RANK STRENGTH``: the strengths the unit decks print at each rank
  (``data/tables.json`` ``units.decks``; aircraft ``unit aircraft S``);
- ``give ITEM N``: the trade table SOLO-8.2: at most the most items of that sell value one
  acquisition can ask for (``trade-value-direction`` A: ceil(buy / sell), B: floor);
- ``play KIND STRENGTH front N`` and ``lose front N``: N up to the highest front on which
  the opponent can still stand alone or attack: twice its largest deck (SOLO-4.4.4,
  SOLO-4.4.5: its army at a row's level under ``opponent-composition``, at most the
  row's card limit; 6 with the shipped tables, so fronts 1-12), since the two sides
  alternate (``most_fronts``).

Answers that no question can ask under the options are left out: the dice (``die N``,
``miss``) without ``dice=table``; ``lose front N`` without ``strongest-tie`` A; the great
people and buildings counts without ``loss-choice`` B or ``loss-none`` B (SOLO-4.1.2);
the army figures count without ``random-unit`` B (SOLO-4.2.2); debt kinds the options
never create. A position written by hand that asks something the rules never ask under
its options (or a battle hand longer than the companion takes) may have answers outside
the space.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core.spaces import ActionSpace

from .actions import item_word
from .catalog import BASIC_UNITS, UNIT_KINDS
from .rules.entry import COUNTS
from .rules.opponent import composition_counts

if TYPE_CHECKING:
    from .game import CivSolo

FIXED = ("start", "next", "use ability", "use card", "won", "trade roll", "trade skip", "accept", "cancel",
         "destroy", "fortified no", "fortified yes", "done", "undo", "same", "pay")
"""The answers without a number (SOLO-1, SOLO-3.5, SOLO-6.1, SOLO-2.1, SOLO-5.1,
SOLO-4.1.3, SOLO-4.3.5, SOLO-4.4.6, the lists of unit cards, SOLO-5.3)."""


def _losses(game: CivSolo) -> set[str]:
    """What columns 1 and 2 of table SOLO-8.1 can take (SOLO-4.1.1)."""
    return {row[face]["lose"] for row in game.tables.rows for face in ("1", "2")}


def count_questions(game: CivSolo) -> list[str]:
    """The count questions the options and tables can ask, in ``COUNTS`` order:
    tokens lost (SOLO-4.1.2), pieces counted under loss-choice B or loss-none B,
    army figures under random-unit B (SOLO-4.2.2), the combat bonus and card limit
    (SOLO-4.3, SOLO-4.4)."""
    lost, r = _losses(game), game.rules
    pieces = r.loss_choice == "B" or r.loss_none == "B"
    random_unit = any(row[f]["event"] == "random-unit" for row in game.tables.rows for f in ("3", "4"))
    asked = {
        "culture": "culture_token" in lost,
        "resources": "resource_token" in lost,
        "people": pieces and "great_person" in lost,
        "buildings": pieces and "building_or_wonder" in lost,
        "armies": r.random_unit == "B" and random_unit,
        "bonus": True,
        "limit": True,
    }
    return [k for k in COUNTS if asked[k]]


def debt_kinds(game: CivSolo) -> list[str]:
    """The wound-marker debts the options can create (SOLO-4.1.4, SOLO-4.1.5): tokens
    short, and with loss-none B a missing great person or building."""
    lost, r = _losses(game), game.rules
    if r.debt_type == "B":
        return ["tokens"]
    kinds = [k for k, item in (("culture", "culture_token"), ("resources", "resource_token")) if item in lost]
    if r.loss_none == "B":
        kinds += [k for k, item in (("people", "great_person"), ("buildings", "building_or_wonder")) if item in lost]
    return kinds


def strengths(game: CivSolo, kind: str) -> list[int]:
    """Every strength a card of ``kind`` shows at some rank (the battle cards' strengths)."""
    t = game.tables
    if kind == "aircraft":
        return list(t.strengths[("aircraft", 1)])
    return sorted({st for rank in range(1, 5) for st in t.strengths[(kind, rank)]})


def most_deck(game: CivSolo) -> int:
    """The largest opponent deck of a battle (SOLO-4.4.4, SOLO-4.4.5): the army of a
    row's military level under ``opponent-composition``, at most the row's card limit."""
    comp = game.rules.opponent_composition
    return max(min(int(row["6"]["card_limit"]), sum(composition_counts(row["6"]["military_level"], comp).values()))
               for row in game.tables.rows)


def most_fronts(game: CivSolo) -> int:
    """The highest front number an answer can name. The sides alternate while both hold
    cards (a side out of cards is skipped), and fronts are only ever added, so the
    opponent's k-th card finds at most 2k - 1 fronts and opens at most front 2k: a
    front the opponent holds alone, which the player may attack, is at most front
    2 x deck, and a lone unit of the player it may destroy (``lose front N``) at most
    front 2 x deck - 1. Every front after that is opened by the player once the
    opponent's deck is out, when nothing is attacked any more. Nor can there be more
    fronts than cards: the hand (``limits.hand``) plus the deck less one."""
    deck = most_deck(game)
    return min(2 * deck, game.tables.limits["hand"] + deck - 1)


def give_caps(game: CivSolo) -> dict[str, int]:
    """SOLO-5.3: the most items of each sellable kind one payment can hold: the
    largest buy value of another item over its sell value, rounded up (reading A, the
    last item may overpay) or down (reading B, the payment may not exceed the buy value)."""
    trade = game.tables.trade
    reading_a = game.rules.trade_value_direction == "A"
    caps: dict[str, int] = {}
    for other, (sell, _) in trade.items():
        if sell is None:
            continue
        buys = [buy for item, (_, buy) in trade.items() if item != other]
        caps[other] = max((-(-buy // sell) if reading_a else buy // sell) for buy in buys) if buys else 0
    return caps


def build_space(game: CivSolo) -> ActionSpace:
    """Every answer text that can be legal in ``game``, grouped by question."""
    t, r = game.tables, game.rules
    texts: list[str] = list(FIXED)
    if r.dice_table:  # SOLO-1.3 dice=table
        texts += [f"die {v}" for v in range(1, 7)] + ["miss"]
    lim = t.limits
    for key in count_questions(game):
        lo, hi = (1, lim["card_limit"]) if key == "limit" else (0, lim[key])
        texts += [f"{key} {n}" for n in range(lo, hi + 1)]
    for kind in BASIC_UNITS:  # SOLO-4.2.2, SOLO-4.3.2, SOLO-4.4.6: unit cards one by one
        for rank in range(1, 5):
            texts += [f"unit {kind} {rank} {st}" for st in t.strengths[(kind, rank)]]
    texts += [f"unit aircraft {st}" for st in t.strengths[("aircraft", 1)]]
    texts += [f"buy {item_word(i)}" for i in t.trade]  # SOLO-5.2
    for item, cap in give_caps(game).items():  # SOLO-5.3
        texts += [f"give {item_word(item)} {n}" for n in range(1, cap + 1)]
    for kind in debt_kinds(game):  # SOLO-4.1.5
        texts += [f"gained {kind} {n}" for n in range(0, lim["gained"] + 1)]
    fronts = most_fronts(game)
    for kind in UNIT_KINDS:  # SOLO-4.4.6 the player's cards; base-game fronts
        for st in strengths(game, kind):
            texts.append(f"play {kind} {st} new")
            texts += [f"play {kind} {st} front {n}" for n in range(1, fronts + 1)]
    if r.strongest_tie == "A":  # SOLO-4.4.7
        texts += [f"lose front {n}" for n in range(1, fronts + 1)]
    return ActionSpace(texts)
