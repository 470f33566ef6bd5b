"""The automa's tables for ``civtable cards civ-solo``: SOLO-8.1 and SOLO-8.2 as printed,
the event roll, the opponent's army, the unit decks and trumps, the culture events, the
wonders, the failure roll and the bounds of the answers; the project's own data marked
provisional."""

from __future__ import annotations

from civtable.core.reference import Table

from .catalog import Tables, unit_data
from .words import ITEM_NAMES, RANK_NAMES


def reference(tables: Tables) -> list[Table]:
    """The automa's tables: SOLO-8.1 and SOLO-8.2 as printed, the event roll, the
    opponent's army, the unit decks and trumps, the culture events, the wonders, the
    failure roll and the bounds of the answers; the project's own data marked provisional."""
    rows = tables.rows
    out = [
        Table("Historical events (SOLO-8.1): the row of the turn, the column of the event roll",
              ("Turns", "1: loss", "2: loss", "3: culture event", "4: culture event", "5: military event",
               "6: battle"),
              tuple((f"{r['first_turn']}-{r['last_turn']}", r["1"]["text"], r["2"]["text"], r["3"]["text"],
                     r["4"]["text"], f"strength {r['5']['strength']}",
                     f"military level {r['6']['military_level']}, card limit {r['6']['card_limit']}")
                    for r in rows),
              "As printed in the solo rules v0.4 (data/tables.json)."),
        Table("Event dice and event roll (SOLO-3.2 to SOLO-3.5)", ("Roll", "Result", "Rules"), (
            ("event dice", "1 die in turn 1, one more each turn, 1 again after a turn with an event",
             "SOLO-3.2, SOLO-3.5"),
            ("event dice", "a 5 or 6 on any die: a historical event", "SOLO-3.3"),
            ("event roll 1-2", "loss of tokens, a great person or a building/wonder", "SOLO-4.1"),
            ("event roll 3-4", "culture event", "SOLO-4.2"),
            ("event roll 5", "military event", "SOLO-4.3"),
            ("event roll 6", "battle against your capital next turn", "SOLO-4.4"),
            ("trade dice", "3 dice: one acquisition of table SOLO-8.2 per 5 or 6", "SOLO-5.1, SOLO-5.2"),
            ("failure roll", "2 dice before a culture event card or resource ability: doubles or a 1 and a 2 "
             "cancel it (8/36; one-and-two B: doubles or any 1 or 2, 24/36)", "SOLO-6.1, SOLO-6.2"),
        )),
        Table("Trade values (SOLO-8.2)", ("Item", "Value when selling", "Value when buying"),
              tuple((ITEM_NAMES.get(k, k), "---" if sell is None else str(sell), str(buy))
                    for k, (sell, buy) in tables.trade.items()),
              "What you give (sell values) must cover the buy value of what you take (SOLO-5.3, reading A)."),
        Table("The opponent's army in a battle (SOLO-4.4.4, SOLO-4.4.5)",
              ("Military level", "Turns", "Card limit", "Unit cards (reading A)", "Rank (reading A)"),
              tuple((str(r["6"]["military_level"]), f"{r['first_turn']}-{r['last_turn']}",
                     str(r["6"]["card_limit"]),
                     "2 infantry, 2 mounted, 2 artillery" + {3: ", 1 aircraft", 4: ", 2 aircraft"}.get(
                         r["6"]["military_level"], ""),
                     RANK_NAMES[r["6"]["military_level"]]) for r in rows),
              "Each card is drawn at random from the base deck of its type and read at the rank; the deck is "
              "the card limit's number of them, face down. Ranks and drawing: the project's reading "
              "(provisional)."),
        Table("Unit cards of the base game", ("Type", "Copies", "Rank I", "Rank II", "Rank III", "Rank IV"),
              _deck_rows(tables),
              "Provisional: strengths per rank from one implementation (CivilizationEngine), not checked "
              "against card scans. Aircraft have one strength at every rank."),
        Table("Trumps (base-game battles)", ("Type", "Trumps (strikes first against)"), (
            ("infantry", "mounted"), ("mounted", "artillery"), ("artillery", "infantry"),
            ("aircraft", "infantry, mounted and artillery (provisional)"),
        ), "A unit that trumps strikes first; if that kills, it takes no wounds back. Aircraft trumping every "
           "type is one engine's reading (provisional)."),
        Table("Culture events (SOLO-4.2.2)", ("Event", "Base-game card", "Effect on you"),
              tuple((str(v["name"]), str(v.get("card") or "-"), str(v["effect"]))
                    for v in tables.culture_events.values()),
              "Provisional: one-line paraphrases of the base-game cards, applied as if an opponent played them "
              "against you (culture-event-effects A)."),
        Table("Wonders by era (SOLO-7.1, SOLO-7.2)", ("Era", "From turn", "Wonders"),
              tuple((era, {"ancient": "1", "medieval": "8", "modern": "13"}[era], ", ".join(w))
                    for era, w in tables.wonders.items()),
              f"Market size for wonder-replacement B: {tables.market_size} (provisional)."),
        Table("Combat card limits and bonuses (base game)", ("What", "Value"), _combat_rows(tables),
              "Standard values from data/tables.json; a military event counts bonuses half (SOLO-4.3.4)."),
        Table("Answers the companion accepts", ("Question", "From", "To"),
              tuple((LIMITS.get(k, k), "1" if k == "card_limit" else "0", str(v)) for k, v in tables.limits.items()),
              "Provisional: upper bounds of what a person may report (box contents where known)."),
    ]
    return out


LIMITS = {"culture": "culture tokens held", "resources": "resource tokens held", "armies": "army figures",
          "people": "great people", "buildings": "buildings and wonders", "bonus": "combat bonus",
          "card_limit": "combat card limit", "hand": "cards in a battle hand", "gained": "tokens gained in a turn"}


def _deck_rows(tables: Tables) -> tuple[tuple[str, ...], ...]:
    rows: list[tuple[str, ...]] = []
    for kind, cards in tables.decks.items():
        seen: dict[tuple[int, ...], int] = {}
        for card in cards:
            seen[tuple(card)] = seen.get(tuple(card), 0) + 1
        for strengths, n in seen.items():
            rows.append((kind, str(n), *(str(x) for x in strengths)))
    return tuple(rows)


def _combat_rows(tables: Tables) -> tuple[tuple[str, str], ...]:
    units = unit_data()
    hand = units.get("battle_hand_size", {})
    rows = [("battle hand (combat card limit)", str(hand.get("base", 3))),
            ("per further army in the square", f"+{hand.get('per_additional_army_in_square', 2)}"),
            ("defending a city", str(hand.get("defending_a_city", "+3")))]
    rows += [(str(k), str(v)) for k, v in units.get("combat_bonus_sources", {}).items()]
    return tuple(rows)
