"""The card reference of Civilization: The Card Game (``civtable cards civ-card-game``):
every card of the set with its numbers, and the costs of the rules, in the reader's
language (``@localizable``)."""

from __future__ import annotations

from civtable.core.reference import Table
from civtable.i18n import ENGLISH, Translator, localizable

from ..catalog import BUILDING, RESOURCE, UNIT, WONDER, CardSet
from .words import CONTEXT, card_effects, res_words, semicolon, tech_effects


@localizable
def tables(cards: CardSet, *, tr: Translator = ENGLISH) -> tuple[Table, ...]:
    """Plots, technologies, buildings, wonders, military units and resource cards with
    their numbers, and the costs and numbers of the rules."""
    provisional = tr.t("Provisional: the project's own values (the Firaxis card list was not found, CCG-9.1); "
                       "play with your own card file with --option cards=FILE.")

    def name(text: str) -> str:
        return tr.pgettext(CONTEXT, text)

    plots = tuple((name(p.name), p.id, res_words(p.yields, tr), str(k)) for p, k in zip(cards.plots, cards.plot_counts,
                                                                                   strict=True))
    techs = tuple((name(t.name), t.id, str(t.cost), str(t.culture), str(t.happiness),
                   tech_effects(t, cards, stats=False, tr=tr))
                  for t in sorted(cards.techs, key=lambda t: (t.cost, t.name)))
    counted = list(zip(cards.cards, cards.card_counts, strict=True))

    def placed(kind: str) -> tuple[tuple[str, ...], ...]:
        return tuple((name(c.name), c.id, str(c.cost), str(k), str(c.culture), str(c.happiness),
                      card_effects(c, cards, stats=False, tr=tr))
                     for c, k in counted if c.kind == kind)

    yes, no = tr.pt("reference", "yes"), tr.pt("reference", "no")
    units = tuple((name(c.name), c.id, str(k), yes if c.attack else no,
                   tr.pt("reference", "any") if c.defend and c.blocks is None else
                   (", ".join(name(x.name) for x in cards.cards if c.blocks and x.id in c.blocks) or no),
                   _damage(c.population_damage, c.building_damage, c.siege, tr))
                  for c, k in counted if c.kind == UNIT)
    resource_cards = tuple((name(c.name), c.id, res_words(c.yields, tr), str(k)) for c, k in counted
                           if c.kind == RESOURCE)
    nums = cards.numbers
    deck = sum(cards.card_counts)
    discounted = tr.t("printed cost - discounts - Highest Happiness")
    costs = (
        (tr.t("Population on a plot with P populations"), tr.pt("civ-card-game", "Food"),
         f"{nums['population_cost_base']} + {nums['population_cost_step']}P", "CCG-6.3"),
        (tr.t("Plot when owning P plots"), tr.t("any resources"),
         f"{nums['plot_cost_base']} + {nums['plot_cost_step']}(P - {nums['plot_cost_from']})", "CCG-6.4"),
        (tr.t("Technology (from the display)"), tr.pt("civ-card-game", "Commerce"), discounted, "CCG-6.5"),
        (tr.t("Building (from the hand)"), tr.pt("civ-card-game", "Hammers"), discounted, "CCG-6.5"),
        (tr.t("Wonder (from the hand)"), tr.pt("civ-card-game", "Hammers"), tr.t("printed cost - discounts"), "CCG-6.5"),
        (tr.t("Bank trade"), tr.t("resources"), tr.t("{n} for 1", n=nums["bank_trade"]), "CCG-2.2.2"),
        (tr.t("Draw and discard"), "-", tr.t("draw {draw}, discard {discard}", draw=nums["draw"],
                                            discard=nums["discard"]), "CCG-8.1"),
        (tr.t("Highest Culture / Happiness"), "-",
         tr.t("at least {culture} culture / {happiness} happiness", culture=nums["culture_threshold"],
              happiness=nums["happiness_threshold"]), "CCG-3.3, CCG-3.5"),
        (tr.t("Starting hands (seat 1 to 4)"), "-", ", ".join(str(x) for x in nums["starting_hand"]), "CCG-4.9"),
        (tr.t("Population cards in the bank"), "-", str(nums["population_bank"]), "-"),
    )
    effect, cost_hammers = tr.t("Effect"), tr.t("Cost (Hammers)")
    culture, happiness, count, ident = tr.t("Culture"), tr.t("Happiness"), tr.t("Count"), tr.t("Id")
    return (
        Table(tr.t("Plots"), (tr.t("Plot"), ident, tr.t("Yield a turn"), count), plots, provisional),
        Table(tr.t("Technologies (1 VP each)"), (tr.t("Technology"), ident, tr.t("Cost (Commerce)"), culture,
                                                 happiness, effect), techs, provisional),
        Table(tr.t("Buildings"), (tr.t("Building"), ident, cost_hammers, count, culture, happiness, effect),
              placed(BUILDING), provisional),
        Table(tr.t("Wonders (1 VP each)"), (tr.t("Wonder"), ident, cost_hammers, count, culture, happiness, effect),
              placed(WONDER), provisional),
        Table(tr.t("Military units"), (tr.t("Unit"), ident, count, tr.t("Attacks"), tr.t("Blocks"), tr.t("Damage")),
              units, provisional),
        Table(tr.t("Resource cards"), (tr.t("Card"), ident, tr.t("Cashed for"), count), resource_cards, provisional),
        Table(tr.t("Costs and numbers"), (tr.t("What"), tr.t("Paid with"), tr.t("Cost"), tr.t("Rule")), costs,
              tr.t("The play deck has {n} cards. The formulas are the rules'; the numbers of the card file are "
                   "provisional where the rules give none.", n=deck)),
    )


def _damage(population: int, buildings: int, siege: bool, tr: Translator = ENGLISH) -> str:
    out = []
    if population:
        out.append(tr.nt("takes {n} population", "takes {n} population", population))
    if buildings:
        out.append(tr.nt("destroys {n} building", "destroys {n} buildings", buildings))
    if siege:
        out.append(tr.t("knocks down City Walls"))
    return semicolon(tr).join(out) or "-"
