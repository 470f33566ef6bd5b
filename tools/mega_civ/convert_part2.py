"""Convert the public trade-card, calamity and advance data into civtable's data files.

Usage::

    python tools/mega_civ/convert_part2.py SHARED_DATA_DIR DEST_DIR

Reads ``mega_civ_trade_cards.json``, ``mega_civ_calamities.json`` and
``mega_civ_advances.json`` and writes ``cards.json`` and ``advances.json``.
The sources give effects as prose; the engine needs numbers, so each calamity and
advance gets a structured ``params`` entry written here (``CALAMITY_PARAMS``,
``ABILITIES``). Where the project chose a value the sources do not give, the entry
lists the field under ``provisional``. The conversion is deterministic.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from civtable.games.mega_civ.catalog import slug

# effect kind and numbers of every calamity (the prose is kept beside them)
CALAMITY_PARAMS: dict[str, dict[str, Any]] = {
    "Tempest": {"kind": "damage", "points": 2, "coastal": True, "treasury": 5},
    "Squandered Wealth": {"kind": "treasury", "treasury": 10},
    "City Riots": {"kind": "reduce", "cities": 1, "treasury": 5},
    "City in Flames": {"kind": "destroy", "cities": 1, "unless_pay": 10},
    "Tribal Conflict": {"kind": "damage", "points": 5},
    "Minor Uprising": {"kind": "destroy", "cities": 1},
    "Banditry": {"kind": "discard_cards", "cards": 2, "keep_cost": 4},
    "Coastal Migration": {"kind": "destroy", "cities": 1, "coastal": True, "treasury": 5},
    "Volcanic Eruption/Earthquake": {"kind": "volcano", "destroy": 1, "reduce_neighbour": 1},
    "Famine": {"kind": "damage", "points": 10, "secondary_players": 3, "secondary_points": 5},
    "Flood": {"kind": "flood", "points": 15, "others_points": 5, "fallback_points": 5},
    "Civil War": {"kind": "civil_war", "keep_points": 35},
    "Cyclone": {"kind": "cyclone", "cities": 3, "others_cities": 2},
    "Tyranny": {"kind": "annex", "points": 15},
    "Corruption": {"kind": "discard_value", "value": 10},
    "Regression": {"kind": "regress", "steps": 1, "instead_cities": 2},
    "Treachery": {"kind": "annex_city", "cities": 1},
    "Slave Revolt": {"kind": "slave_revolt", "support_delta": 2},
    "Superstition": {"kind": "reduce", "cities": 3},
    "Barbarian Hordes": {"kind": "barbarians", "tokens": 15},
    "Epidemic": {"kind": "damage", "points": 15, "secondary_players": 2, "secondary_points": 10,
                 "secondary_not_beneficiary": True},
    "Civil Disorder": {"kind": "reduce_all_but", "keep": 3},
    "Iconoclasm and Heresy": {"kind": "reduce", "cities": 4, "secondary_players": 2, "secondary_cities": 1,
                              "secondary_not_beneficiary": True},
    "Piracy": {"kind": "piracy", "cities": 2, "secondary_players": 2, "secondary_cities": 1,
               "secondary_not_beneficiary": True},
}

# how each advance modifies a calamity: (calamity, advance) -> (param, delta, role)
# role: "any" victim, "primary" or "secondary" only; a "flag" param switches on an option
MODIFIERS: dict[tuple[str, str], tuple[str, int, str]] = {
    (calamity, advance): (param, int(delta), role)
    for calamity, advance, (param, delta, role) in (
        (*(x.strip() for x in row.split("|")[:2]), row.split("|")[2].split()) for row in """
    Volcanic Eruption/Earthquake | Engineering         | reduce_instead   1 primary
    Famine                       | Agriculture         | points           5 primary
    Famine                       | Pottery             | points          -5 any
    Famine                       | Calendar            | points          -5 any
    Flood                        | Engineering         | points          -5 any
    Civil War                    | Music               | keep_points      5 primary
    Civil War                    | Drama and Poetry    | keep_points      5 primary
    Civil War                    | Democracy           | keep_points     10 primary
    Civil War                    | Philosophy          | keep_points     -5 primary
    Civil War                    | Military            | keep_points     -5 primary
    Cyclone                      | Trade Empire        | cities           1 any
    Cyclone                      | Masonry             | cities          -1 any
    Cyclone                      | Calendar            | cities          -2 any
    Tyranny                      | Sculpture           | points          -5 primary
    Tyranny                      | Law                 | points          -5 primary
    Tyranny                      | Monarchy            | points           5 primary
    Tyranny                      | Provincial Empire   | points           5 primary
    Corruption                   | Law                 | value           -5 primary
    Corruption                   | Coinage             | value            5 primary
    Corruption                   | Wonder of the World | value            5 primary
    Regression                   | Fundamentalism      | steps            1 primary
    Regression                   | Library             | steps           -1 primary
    Regression                   | Enlightenment       | cities_instead   1 primary
    Treachery                    | Diplomacy           | cities           1 primary
    Slave Revolt                 | Mythology           | support_delta   -1 primary
    Slave Revolt                 | Enlightenment       | support_delta   -1 primary
    Slave Revolt                 | Mining              | support_delta    1 primary
    Superstition                 | Mysticism           | cities          -1 primary
    Superstition                 | Deism               | cities          -1 primary
    Superstition                 | Enlightenment       | cities          -1 primary
    Superstition                 | Universal Doctrine  | cities           1 primary
    Barbarian Hordes             | Monarchy            | tokens          -5 primary
    Barbarian Hordes             | Politics            | tokens           5 primary
    Barbarian Hordes             | Provincial Empire   | tokens           5 primary
    Epidemic                     | Medicine            | points          -5 any
    Epidemic                     | Enlightenment       | points          -5 primary
    Epidemic                     | Anatomy             | points          -5 secondary
    Epidemic                     | Roadbuilding        | points           5 primary
    Epidemic                     | Trade Empire        | points           5 primary
    Civil Disorder               | Music               | keep             1 primary
    Civil Disorder               | Drama and Poetry    | keep             1 primary
    Civil Disorder               | Law                 | keep             1 primary
    Civil Disorder               | Democracy           | keep             1 primary
    Civil Disorder               | Advanced Military   | keep            -1 primary
    Civil Disorder               | Naval Warfare       | keep            -1 primary
    Iconoclasm and Heresy        | Philosophy          | cities          -2 primary
    Iconoclasm and Heresy        | Theology            | cities          -3 primary
    Iconoclasm and Heresy        | Monotheism          | cities           1 primary
    Iconoclasm and Heresy        | Theocracy           | buy_off_cards    2 any
    Piracy                       | Cartography         | cities           1 primary
    Piracy                       | Naval Warfare       | cities          -1 primary
""".strip().splitlines())}
# Naval Warfare's second effect on Piracy: its holder cannot be a secondary victim
IMMUNE_SECONDARY = {"Piracy": ["Naval Warfare"]}

# machine-readable abilities of the advances (the prose is kept beside them)
ABILITIES: dict[str, dict[str, Any]] = {
    "Advanced Military": {"ignores_ascendancy": True, "reinforce": True},
    "Agriculture": {"limit_bonus": 1, "limit_bonus_max_limit": 2},
    "Anatomy": {"free_advance": {"group": "science", "cost_below": 100}},
    "Architecture": {"city_treasury_share": 0.5},
    "Astronavigation": {"open_sea": True},
    "Cartography": {"purchases": [{"stack": 2, "cost": 5}, {"stack": 7, "cost": 13}]},
    "Cloth Making": {"ship_moves": 5},
    "Coinage": {"tax_change": [-1, 1]},
    "Cultural Ascendancy": {"no_conflict_with": True, "support_delta": 1},
    "Democracy": {"no_tax_revolt": True},
    "Diaspora": {"special": "diaspora", "tokens": 5},
    "Diplomacy": {"no_entry_to_cities": True},
    "Engineering": {"city_defence": 8, "city_defence_left": 7, "city_attack": 6, "city_attack_left": 5},
    "Fundamentalism": {"special": "fundamentalism", "immune": ["Fundamentalism", "Philosophy"]},
    "Library": {"discount": 40},
    "Metalworking": {"removes_last": True},
    "Military": {"moves_last": True, "enters_diplomacy": True},
    "Mining": {"purchases": [{"stack": 6, "cost": 13}, {"stack": 8, "cost": 13}], "treasury_value": 2},
    "Monarchy": {"tax_change": [1]},
    "Monotheism": {"special": "monotheism", "immune": ["Monotheism", "Theology"]},
    "Monument": {"extra_credit": 20},
    "Naval Warfare": {"ship_capacity": 6, "ships_in_conflict": True},
    "Politics": {"special": "politics", "treasury": 5, "immune": ["Politics", "Cultural Ascendancy"]},
    "Provincial Empire": {"special": "provincial_empire", "players": 5, "min_face": 2,
                          "immune": ["Provincial Empire", "Public Works"]},
    "Public Works": {"token_with_city": 1},
    "Rhetoric": {"purchases": [{"stack": 3, "cost": 9}]},
    "Roadbuilding": {"land_moves": 2, "hand_limit": 1},
    "Theology": {},
    "Trade Empire": {"substitute": 1},
    "Trade Routes": {"special": "trade_routes", "factor": 2},
    "Universal Doctrine": {"special": "universal_doctrine", "barbarians": 5, "pirate_cities": 1},
    "Urbanism": {"adjacent_tokens": 4},
    "Wonder of the World": {"free_card": True, "ast_city": True},
    "Written Record": {"extra_credit": 10},
}
# what the engine leaves out of an ability, and why (shown in the data and the README)
NOT_MODELLED: dict[str, str] = {}


def convert(src: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    trade = json.loads((src / "mega_civ_trade_cards.json").read_text(encoding="utf-8"))
    cal = json.loads((src / "mega_civ_calamities.json").read_text(encoding="utf-8"))
    adv = json.loads((src / "mega_civ_advances.json").read_text(encoding="utf-8"))
    commodities = []
    seen: set[str] = set()
    for c in trade["commodities"]:
        if c["name"] in seen:
            continue
        seen.add(c["name"])
        commodities.append({"id": slug(c["name"]), "name": c["name"], "stack": c["stack"],
                            "face_value": c["face_value"], "count": c["cards_total"]})
    calamities = []
    for c in cal["calamities"]:
        mods = [{"advance": slug(a), "param": p, "delta": d, "role": r}
                for (cn, a), (p, d, r) in MODIFIERS.items() if cn == c["name"]]
        entry = {"id": slug(c["name"]), "name": c["name"], "stack": c["stack"], "major": c["type"] == "major",
                 "tradable": c["tradable"], "effect": c["effect"], "params": CALAMITY_PARAMS[c["name"]],
                 "modifiers": mods}
        if c["name"] in IMMUNE_SECONDARY:
            entry["immune_as_secondary"] = [slug(a) for a in IMMUNE_SECONDARY[c["name"]]]
        calamities.append(entry)
    composition: dict[str, Any] = {}
    for n, blocks in sorted(trade["composition_by_player_count"].items(), key=lambda kv: int(kv[0])):
        composition[n] = {}
        for block, stacks in blocks.items():
            copies = 2 if block == "Both" else 1  # one calamity set per block (12-18 players)
            composition[n][block] = {
                k: {"commodities": {slug(name): count if isinstance(count, int) else sum(count.values())
                                    for name, count in v["commodities"].items()},
                    "calamities": sorted(slug(x) for x in v["calamities"].values() if x) * copies}
                for k, v in sorted(stacks.items(), key=lambda kv: int(kv[0]))}
    cards = {
        "source": ["shared/data/mega_civ_trade_cards.json", "shared/data/mega_civ_calamities.json"],
        "completeness": trade["completeness"] + " " + cal["completeness"],
        "commodities": commodities,
        "water": {"id": "water", "name": "Water", "face_value": 0, "provisional": True},
        "calamities": calamities,
        "composition": composition,
        "purchases": [{"stack": 9, "cost": 15, "needs": None}],
        "hand_limits": [{"players_from": 5, "players_to": 11, "cards": 8},
                        {"players_from": 12, "players_to": 18, "cards": 9}],
        "damage": {"token": 1, "city": 5},
        "setup": "each stack: commodities and tradable calamities shuffled, non-tradable calamities at the bottom",
        "provisional": ["water (unlimited, worth 0)", "damage (a token is 1 unit point, a city 5; a destroyed city "
                        "goes to the stock)", "setup (non-tradable calamities start at the bottom of their stack)",
                        "calamities of 12-18 player games doubled (one set per block)"],
    }
    advances = []
    for a in adv["advances"]:
        entry = {"id": slug(a["name"]), "name": a["name"], "cost": a["cost"], "groups": a["groups"],
                 "credits": a["credits_by_group"],
                 "credit_to": None if not a["credit_to_card"] else {"advance": slug(a["credit_to_card"]["card"]),
                                                                   "amount": a["credit_to_card"]["amount"]},
                 "special": bool(a["special_ability_phase"]),
                 "ability": a["ability"], "on_purchase": a["on_purchase"],
                 "params": ABILITIES.get(a["name"], {})}
        if a["name"] in NOT_MODELLED:
            entry["not_modelled"] = NOT_MODELLED[a["name"]]
        advances.append(entry)
    out = {"source": ["shared/data/mega_civ_advances.json"], "completeness": adv["completeness"],
           "groups": sorted(adv["conventions"]["groups"]), "advances": advances}
    return cards, out


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: convert_part2 SHARED_DATA_DIR DEST_DIR", file=sys.stderr)
        return 2
    cards, advances = convert(Path(argv[0]))
    dest = Path(argv[1])
    (dest / "cards.json").write_text(json.dumps(cards, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    (dest / "advances.json").write_text(json.dumps(advances, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
