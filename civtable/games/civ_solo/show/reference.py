"""The automa's tables for ``civtable cards civ-solo``: SOLO-8.1 and SOLO-8.2 as printed,
the event roll, the opponent's army, the unit decks and trumps, the culture events, the
wonders, the failure roll and the bounds of the answers; the project's own data marked
provisional; in the reader's language (``@localizable``)."""

from __future__ import annotations

from civtable.core.reference import Table
from civtable.i18n import ENGLISH, N_, Translator, localizable

from ..catalog import Tables, unit_data
from ..rules.spoken import RANK_NAMES
from .words import era_name, item_name, kind_name, name, names


@localizable
def reference(tables: Tables, *, tr: Translator = ENGLISH) -> tuple[Table, ...]:
    """The automa's tables: SOLO-8.1 and SOLO-8.2 as printed, the event roll, the
    opponent's army, the unit decks and trumps, the culture events, the wonders, the
    failure roll and the bounds of the answers; the project's own data marked provisional."""
    rows = tables.rows
    t = tr.t
    return (
        Table(t("Historical events (SOLO-8.1): the row of the turn, the column of the event roll"),
              (t("Turns"), t("1: loss"), t("2: loss"), t("3: culture event"), t("4: culture event"),
               t("5: military event"), t("6: battle")),
              tuple((f"{r['first_turn']}-{r['last_turn']}", name(r["1"]["text"], tr), name(r["2"]["text"], tr),
                     name(r["3"]["text"], tr), name(r["4"]["text"], tr),
                     t("strength {strength}", strength=r["5"]["strength"]),
                     t("military level {level}, card limit {limit}", level=r["6"]["military_level"],
                       limit=r["6"]["card_limit"]))
                    for r in rows),
              t("As printed in the solo rules v0.4 (data/tables.json).")),
        Table(t("Event dice and event roll (SOLO-3.2 to SOLO-3.5)"), (t("Roll"), t("Result"), t("Rules")), (
            (t("event dice"), t("1 die in turn 1, one more each turn, 1 again after a turn with an event"),
             "SOLO-3.2, SOLO-3.5"),
            (t("event dice"), t("a 5 or 6 on any die: a historical event"), "SOLO-3.3"),
            (t("event roll 1-2"), t("loss of tokens, a great person or a building/wonder"), "SOLO-4.1"),
            (t("event roll 3-4"), t("culture event"), "SOLO-4.2"),
            (t("event roll 5"), t("military event"), "SOLO-4.3"),
            (t("event roll 6"), t("battle against your capital next turn"), "SOLO-4.4"),
            (t("trade dice"), t("3 dice: one acquisition of table SOLO-8.2 per 5 or 6"), "SOLO-5.1, SOLO-5.2"),
            (t("failure roll"), t("2 dice before a culture event card or resource ability: doubles or a 1 and a 2 "
                                  "cancel it (8/36; one-and-two B: doubles or any 1 or 2, 24/36)"),
             "SOLO-6.1, SOLO-6.2"),
        )),
        Table(t("Trade values (SOLO-8.2)"), (t("Item"), t("Value when selling"), t("Value when buying")),
              tuple((item_name(k, tr), "---" if sell is None else str(sell), str(buy))
                    for k, (sell, buy) in tables.trade.items()),
              t("What you give (sell values) must cover the buy value of what you take (SOLO-5.3, reading A).")),
        Table(t("The opponent's army in a battle (SOLO-4.4.4, SOLO-4.4.5)"),
              (t("Military level"), t("Turns"), t("Card limit"), t("Unit cards (reading A)"), t("Rank (reading A)")),
              tuple((str(r["6"]["military_level"]), f"{r['first_turn']}-{r['last_turn']}",
                     str(r["6"]["card_limit"]), army_words(r["6"]["military_level"], tr),
                     RANK_NAMES[r["6"]["military_level"]]) for r in rows),
              t("Each card is drawn at random from the base deck of its type and read at the rank; the deck is the "
                "card limit's number of them, face down. Ranks and drawing: the project's reading (provisional).")),
        Table(t("Unit cards of the base game"), (t("Type"), t("Copies"), t("Rank I"), t("Rank II"), t("Rank III"),
                                                 t("Rank IV")),
              _deck_rows(tables, tr),
              t("Provisional: strengths per rank from one implementation (CivilizationEngine), not checked against "
                "card scans. Aircraft have one strength at every rank.")),
        Table(t("Trumps (base-game battles)"), (t("Type"), t("Trumps (strikes first against)")), (
            (kind_name("infantry", tr), kind_name("mounted", tr)),
            (kind_name("mounted", tr), kind_name("artillery", tr)),
            (kind_name("artillery", tr), kind_name("infantry", tr)),
            (kind_name("aircraft", tr), t("infantry, mounted and artillery (provisional)")),
        ), t("A unit that trumps strikes first; if that kills, it takes no wounds back. Aircraft trumping every type "
             "is one engine's reading (provisional).")),
        Table(t("Culture events (SOLO-4.2.2)"), (t("Event"), t("Base-game card"), t("Effect on you")),
              tuple((name(str(v["name"]), tr), name(str(v["card"]), tr) if v.get("card") else "-",
                     name(str(v["effect"]), tr))
                    for v in tables.culture_events.values()),
              t("Provisional: one-line paraphrases of the base-game cards, applied as if an opponent played them "
                "against you (culture-event-effects A).")),
        Table(t("Wonders by era (SOLO-7.1, SOLO-7.2)"), (t("Era"), t("From turn"), t("Wonders")),
              tuple((era_name(era, tr), {"ancient": "1", "medieval": "8", "modern": "13"}[era], names(w, tr))
                    for era, w in tables.wonders.items()),
              t("Market size for wonder-replacement B: {size} (provisional).", size=tables.market_size)),
        Table(t("Combat card limits and bonuses (base game)"), (t("What"), t("Value")), _combat_rows(tr),
              t("Standard values from data/tables.json; a military event counts bonuses half (SOLO-4.3.4).")),
        Table(t("Answers the companion accepts"), (t("Question"), t("From"), t("To")),
              tuple((tr.gettext(LIMITS[k]) if k in LIMITS else k, "1" if k == "card_limit" else "0", str(v))
                    for k, v in tables.limits.items()),
              t("Provisional: upper bounds of what a person may report (box contents where known).")),
    )


ARMIES = {1: N_("2 infantry, 2 mounted, 2 artillery"), 2: N_("2 infantry, 2 mounted, 2 artillery"),
          3: N_("2 infantry, 2 mounted, 2 artillery, 1 aircraft"),
          4: N_("2 infantry, 2 mounted, 2 artillery, 2 aircraft")}
"""The opponent's unit cards at each military level (SOLO-4.4.4, opponent-composition A)."""
LIMITS = {"culture": N_("culture tokens held"), "resources": N_("resource tokens held"), "armies": N_("army figures"),
          "people": N_("great people"), "buildings": N_("buildings and wonders"), "bonus": N_("combat bonus"),
          "card_limit": N_("combat card limit"), "hand": N_("cards in a battle hand"),
          "gained": N_("tokens gained in a turn")}
COMBAT = {"Barracks": N_("Barracks"), "Academy": N_("Academy"), "Shipyard": N_("Shipyard"),
          "General (great person)": N_("General (great person)"),
          "city defence": N_("city defence"),
          "city defence strength added when defending a city (value not in data)":
              N_("city defence strength added when defending a city (value not in data)")}
"""The combat bonus sources of the unit data (``combat_bonus_sources``) and their values in
words; a wonder among them is named as the wonders are."""


def army_words(level: int, tr: Translator = ENGLISH) -> str:
    text = ARMIES.get(level, ARMIES[1])
    return tr.gettext(text)


def _deck_rows(tables: Tables, tr: Translator) -> tuple[tuple[str, ...], ...]:
    rows: list[tuple[str, ...]] = []
    for kind, cards in tables.decks.items():
        seen: dict[tuple[int, ...], int] = {}
        for card in cards:
            seen[tuple(card)] = seen.get(tuple(card), 0) + 1
        for strengths, n in seen.items():
            rows.append((kind_name(kind, tr), str(n), *(str(x) for x in strengths)))
    return tuple(rows)


def _combat_rows(tr: Translator) -> tuple[tuple[str, str], ...]:
    units = unit_data()
    hand = units.get("battle_hand_size", {})
    defending = str(hand.get("defending_a_city", "+3"))
    bonus, _, rest = defending.partition(" ")
    if rest == "(instead of armies)":
        defending = tr.t("{bonus} (instead of armies)", bonus=bonus)
    rows = [(tr.t("battle hand (combat card limit)"), str(hand.get("base", 3))),
            (tr.t("per further army in the square"), f"+{hand.get('per_additional_army_in_square', 2)}"),
            (tr.t("defending a city"), defending)]
    rows += [(tr.gettext(COMBAT[k]) if k in COMBAT else name(str(k), tr),
              tr.gettext(COMBAT[v]) if v in COMBAT else str(v))
             for k, v in units.get("combat_bonus_sources", {}).items() if isinstance(v, (int, str))]
    return tuple(rows)
