"""The tables of ``civtable cards catan-deckbuilding``: every card with its cost, supply
(both supply-total readings) and start deck, what it does, its names, the Road
table and the turn at a glance."""

from __future__ import annotations

from civtable.core.reference import Table

from .catalog import BUYABLE, CardData
from .rules.payment import road_resources
from .words import EFFECTS, cost_text


def reference(cards: CardData) -> tuple[Table, ...]:
    """Every card with its cost, supply (both supply-total readings) and start deck; its
    effect in a few words; its names; the Road table and the turn at a glance."""
    names = cards.names
    total_a = sum(cards.supply[c] for c in BUYABLE)
    total_b = sum(cards.supply_pre_revision[c] for c in BUYABLE)
    counts = Table(
        "Cards: cost, supply and start deck", ("Card", "Cost", f"A ({total_a})", f"B ({total_b})",
                                               f"Start ({sum(cards.start_deck)})"),
        tuple((names[i], cost_text(cards.cost[i], i, names, "the") if i in BUYABLE else "-",
               str(cards.supply[i]) if i in BUYABLE else "-",
               str(cards.supply_pre_revision[i]) if i in BUYABLE else "-",
               str(cards.start_deck[i] or "-")) for i in range(len(names))),
        f"Supply A: the rows printed in the rules ({total_a} cards, the default); B: the stacks before the "
        f"designers' revision ({total_b}, option supply-total=B). Start: each player's start deck (CDB-5.2). "
        "Every number is printed in the rules; none is provisional.")
    effects = Table("Cards: what they do", ("Card", "Effect"),
                    tuple((names[i], EFFECTS.get(cid, "")) for i, cid in enumerate(cards.ids)))
    ids = Table("Cards: names", ("Card", "German", "Id", "Type"),
                tuple((names[i], cards.german[i], cid, cards.types[i]) for i, cid in enumerate(cards.ids)),
                "The Id is the card's word in actions ('buy koff'). " + cards.source)
    roads = Table("Roads played together (CDB-3.5.2)", ("Roads", "Effect"),
                  tuple((str(n), "1 Sea" + (f", {road_resources(n)} resource{'s' if road_resources(n) > 1 else ''} "
                                            "of your choice" if road_resources(n) else ""))
                        for n in range(1, 6)),
                  "Each Road beyond 3 adds 2 resources of choice: 2n - 3 for n Roads. The Sea: all Roads in hand count "
                  "as one Sea for a Harbor (road-sea A); B: each play also gives a Sea for later Harbors this turn. "
                  "road-grouping B: all Roads of the turn combine.")
    turn = Table("The turn (CDB-7, CDB-8, CDB-9)", ("Step", "Rule"), (
        ("start", f"each player draws {cards.opening_hand} cards from his shuffled start deck (CDB-6.1)"),
        ("pay", "cards laid down pay for supply cards; 2 resource cards trade for 1 missing resource (CDB-7.6)"),
        ("buy", "the bought card goes onto your discard pile (CDB-7.5)"),
        ("end", f"laid-down cards go to the discard pile; draw {cards.draw_minimum}, or up to {cards.refill_to} "
                f"with fewer than {cards.refill_below} in hand (CDB-8.3)"),
        ("win", f"{cards.cities_to_win} Cities in your hand during your own turn (CDB-9.1)"),
    ))
    return (counts, effects, ids, roads, turn)
