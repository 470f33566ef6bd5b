"""The card reference of Civilization: The Card Game (``civtable cards civ-card-game``):
every card of the set with its numbers, and the costs of the rules."""

from __future__ import annotations

from civtable.core.reference import Table

from .catalog import BUILDING, RESOURCE, UNIT, WONDER, CardSet
from .words import card_effects, res_words, tech_effects

PROVISIONAL = ("Provisional: the project's own values (the Firaxis card list was not found, CCG-9.1); "
               "play with your own card file with --option cards=FILE.")


def tables(cards: CardSet) -> tuple[Table, ...]:
    plots = tuple((p.name, p.id, res_words(p.yields), str(k)) for p, k in zip(cards.plots, cards.plot_counts,
                                                                              strict=True))
    techs = tuple((t.name, t.id, str(t.cost), str(t.culture), str(t.happiness), tech_effects(t, cards, stats=False))
                  for t in sorted(cards.techs, key=lambda t: (t.cost, t.name)))
    counted = list(zip(cards.cards, cards.card_counts, strict=True))

    def placed(kind: str) -> tuple[tuple[str, ...], ...]:
        return tuple((c.name, c.id, str(c.cost), str(k), str(c.culture), str(c.happiness), card_effects(c, cards, stats=False))
                     for c, k in counted if c.kind == kind)

    units = tuple((c.name, c.id, str(k), "yes" if c.attack else "no",
                   "any" if c.defend and c.blocks is None else
                   (", ".join(x.name for x in cards.cards if c.blocks and x.id in c.blocks) or "no"),
                   _damage(c.population_damage, c.building_damage, c.siege))
                  for c, k in counted if c.kind == UNIT)
    resource_cards = tuple((c.name, c.id, res_words(c.yields), str(k)) for c, k in counted if c.kind == RESOURCE)
    nums = cards.numbers
    deck = sum(cards.card_counts)
    costs = (
        ("Population on a plot with P populations", "Food",
         f"{nums['population_cost_base']} + {nums['population_cost_step']}P", "CCG-6.3"),
        ("Plot when owning P plots", "any resources",
         f"{nums['plot_cost_base']} + {nums['plot_cost_step']}(P - {nums['plot_cost_from']})", "CCG-6.4"),
        ("Technology (from the display)", "Commerce", "printed cost - discounts - Highest Happiness", "CCG-6.5"),
        ("Building (from the hand)", "Hammers", "printed cost - discounts - Highest Happiness", "CCG-6.5"),
        ("Wonder (from the hand)", "Hammers", "printed cost - discounts", "CCG-6.5"),
        ("Bank trade", "resources", f"{nums['bank_trade']} for 1", "CCG-2.2.2"),
        ("Draw and discard", "-", f"draw {nums['draw']}, discard {nums['discard']}", "CCG-8.1"),
        ("Highest Culture / Happiness", "-",
         f"at least {nums['culture_threshold']} culture / {nums['happiness_threshold']} happiness", "CCG-3.3, CCG-3.5"),
        ("Starting hands (seat 1 to 4)", "-", ", ".join(str(x) for x in nums["starting_hand"]), "CCG-4.9"),
        ("Population cards in the bank", "-", str(nums["population_bank"]), "-"),
    )
    return (
        Table("Plots", ("Plot", "Id", "Yield a turn", "Count"), plots, PROVISIONAL),
        Table("Technologies (1 VP each)", ("Technology", "Id", "Cost (Commerce)", "Culture", "Happiness", "Effect"),
              techs, PROVISIONAL),
        Table("Buildings", ("Building", "Id", "Cost (Hammers)", "Count", "Culture", "Happiness", "Effect"),
              placed(BUILDING), PROVISIONAL),
        Table("Wonders (1 VP each)", ("Wonder", "Id", "Cost (Hammers)", "Count", "Culture", "Happiness", "Effect"),
              placed(WONDER), PROVISIONAL),
        Table("Military units", ("Unit", "Id", "Count", "Attacks", "Blocks", "Damage"), units, PROVISIONAL),
        Table("Resource cards", ("Card", "Id", "Cashed for", "Count"), resource_cards, PROVISIONAL),
        Table("Costs and numbers", ("What", "Paid with", "Cost", "Rule"), costs,
              f"The play deck has {deck} cards. The formulas are the rules'; the numbers of the card file "
              "are provisional where the rules give none."),
    )


def _damage(population: int, buildings: int, siege: bool) -> str:
    out = []
    if population:
        out.append(f"takes {population} population")
    if buildings:
        out.append(f"destroys {buildings} building{'s' if buildings > 1 else ''}")
    if siege:
        out.append("knocks down City Walls")
    return "; ".join(out) or "-"
