"""The card and rules reference of Mega Civilization (``civtable cards mega-civ``):
the trade cards, the calamities, the Civilization Advances, the purchases, the
numbers of the rules and the AST epochs, from the game's data files."""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core.reference import Table

from .catalog import set_value
from .scoring import advance_vp

if TYPE_CHECKING:
    from .game import MegaCiv

EFFECTS = {
    "damage": "loses unit points", "treasury": "loses treasury", "reduce": "reduces cities", "destroy": "loses cities",
    "discard_cards": "discards cards", "discard_value": "discards card value", "annex": "the Beneficiary annexes units",
    "annex_city": "the Beneficiary annexes cities", "civil_war": "splits: the Beneficiary takes the excess",
    "reduce_all_but": "reduces all but a few cities", "slave_revolt": "needs more support per city",
    "regress": "moves back on the AST", "volcano": "a volcano or earthquake destroys cities",
    "flood": "a flood plain loses units", "cyclone": "cities by a sea are reduced", "barbarians": "barbarians attack",
    "piracy": "cities become pirate cities",
}


def reference_tables(game: MegaCiv) -> tuple[Table, ...]:
    rules = game.rules
    cat = rules.catalog
    w = game.words
    n = game.num_players
    copies: dict[int, int] = {}
    for pile in cat.stacks_for(n, rules.card_side):
        for c in pile:
            copies[c] = copies.get(c, 0) + 1
    commodities = tuple(
        (c.name, str(c.stack), str(c.face_value), str(copies.get(c.index, 0)),
         ", ".join(str(set_value(k, c.face_value)) for k in range(1, min(copies.get(c.index, 0), 9) + 1)))
        for c in sorted(cat.cards, key=lambda c: (c.stack, c.name)) if c.commodity and copies.get(c.index))
    other = sorted(c.name for c in cat.cards if c.commodity and not copies.get(c.index))
    calamities = tuple(
        (c.name, str(c.stack), "major" if c.major else "minor", "yes" if c.tradable else "no",
         EFFECTS.get(c.params["kind"], c.params["kind"]),
         ", ".join(k.replace("_", " ") if v is True else f"{k.replace('_', ' ')} {v}"
                   for k, v in c.params.items() if k != "kind" and v is not False),
         ", ".join(f"{w.advance(cat.advances[a].id)} {name.replace('_', ' ')} {delta:+d} ({role})"
                   for a, name, delta, role in c.modifiers))
        for c in sorted(cat.cards, key=lambda c: (c.stack, c.name)) if c.calamity)
    vp = rules.tables.vp
    advances = tuple(
        (a.name, str(a.cost), str(advance_vp(a.cost, vp, rules.exactly_200_high)),
         ", ".join(w.group(g) for g in a.groups),
         ", ".join(f"{w.group(g)} {k}" for g, k in a.credits.items())
         + (f"; {cat.advances[a.credit_to[0]].name} {a.credit_to[1]}" if a.credit_to else ""),
         a.ability or "")
        for a in sorted(cat.advances, key=lambda a: (a.cost, a.name)))
    purchases = tuple(
        (str(stack), str(cost), cat.advances[needs].name if needs >= 0 else "anyone")
        for stack, cost, needs in cat.purchases)
    numbers = rules.tables.numbers
    rule_rows = tuple((k.replace("_", " "), str(v)) for k, v in numbers.items()) + tuple(
        (f"VP: {k.replace('_', ' ')}", str(v)) for k, v in vp.items()) + (
        ("tokens, cities, ships a player", f"{rules.tables.tokens}, {rules.tables.cities}, {rules.tables.ships}"),
        (f"hand limit ({n} players)", str(cat.hand_limit(n))),
        ("damage: a token, a city", f"{cat.damage_token}, {cat.damage_city} points"),
        ("AST squares", str(rules.tables.spaces)))
    epochs = tuple(
        (w.epoch(e), ", ".join(f"{k.replace('min_', '').replace('_', ' ')} {v}" for k, v in need.items() if v) or "-")
        for e, need in rules.tables.requirements.items())
    return (
        Table(f"Trade cards ({n} players, {rules.card_side})", ("Card", "Stack", "Value", "Copies", "Sets of 1, 2, ..."),
              commodities, "A set of n cards of one commodity pays n x n x its value (MC-12). Water (from an empty "
              "stack, water-card A) is worth nothing." + (f" Not in this game: {', '.join(other)}." if other else "")),
        Table("Calamities", ("Calamity", "Stack", "Kind", "Tradable", "Effect", "Numbers", "Changed by"), calamities,
              "Numbers from the public calamity data; the damage points (a token 1, a city 5) are the project's "
              "own reading (provisional)."),
        Table("Civilization Advances", ("Advance", "Cost", "VP", "Groups", "Credits", "Ability"), advances,
              "Credits lower the price of advances of that group (MC-12.2)."),
        Table("Extra trade cards bought with treasury (MC-6.2)", ("Stack", "Cost", "Who"), purchases),
        Table("Rule numbers", ("Number", "Value"), rule_rows, "From data/tables.json (public sources)."),
        Table("AST epochs: what entering each needs (MC-13.1)", ("Epoch", "Requirements"), epochs),
    )
