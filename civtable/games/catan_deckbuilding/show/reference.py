"""The tables of ``civtable cards catan-deckbuilding``: every card with its cost, supply
(both supply-total readings) and start deck, what it does, its names, the Road
table and the turn at a glance, in the reader's language (``@localizable``)."""

from __future__ import annotations

from civtable.core.reference import Table
from civtable.i18n import ENGLISH, Translator, localizable

from ..catalog import BUYABLE, CardData
from ..rules.payment import road_resources
from .words import EFFECTS, cost_text, kind_name, name


@localizable
def reference(cards: CardData, *, tr: Translator = ENGLISH) -> tuple[Table, ...]:
    """Every card with its cost, supply (both supply-total readings) and start deck; its
    effect in a few words; its names; the Road table and the turn at a glance."""
    names = [name(i, cards, tr) for i in range(len(cards.names))]
    total_a = sum(cards.supply[c] for c in BUYABLE)
    total_b = sum(cards.supply_pre_revision[c] for c in BUYABLE)
    card = tr.t("Card")
    counts = Table(
        tr.t("Cards: cost, supply and start deck"),
        (card, tr.t("Cost"), f"A ({total_a})", f"B ({total_b})", tr.t("Start ({n})", n=sum(cards.start_deck))),
        tuple((names[i], cost_text(cards.cost[i], i, cards, "the", tr) if i in BUYABLE else "-",
               str(cards.supply[i]) if i in BUYABLE else "-",
               str(cards.supply_pre_revision[i]) if i in BUYABLE else "-",
               str(cards.start_deck[i] or "-")) for i in range(len(names))),
        tr.t("Supply A: the rows printed in the rules ({a} cards, the default); B: the stacks before the "
             "designers' revision ({b}, option supply-total=B). Start: each player's start deck (CDB-5.2). "
             "Every number is printed in the rules; none is provisional.", a=total_a, b=total_b))
    effects = Table(tr.t("Cards: what they do"), (card, tr.t("Effect")),
                    tuple((names[i], tr.t(EFFECTS[cid]) if cid in EFFECTS else "") for i, cid in enumerate(cards.ids)))
    ids = Table(tr.t("Cards: names"), (card, tr.t("German"), tr.t("Id"), tr.t("Type")),
                tuple((names[i], cards.german[i], cid, kind_name(i, cards, tr) if not tr.english else cards.types[i])
                      for i, cid in enumerate(cards.ids)),
                tr.t("The Id is the card's word in actions ('buy koff').") + " " + cards.source)
    roads = Table(tr.t("Roads played together (CDB-3.5.2)"), (tr.t("Roads"), tr.t("Effect")),
                  tuple((str(n), road_effect(n, tr)) for n in range(1, 6)),
                  tr.t("Each Road beyond 3 adds 2 resources of choice: 2n - 3 for n Roads. The Sea: all Roads in hand "
                       "count as one Sea for a Harbor (road-sea A); B: each play also gives a Sea for later Harbors "
                       "this turn. road-grouping B: all Roads of the turn combine."))
    turn = Table(tr.t("The turn (CDB-7, CDB-8, CDB-9)"), (tr.t("Step"), tr.t("Rule")), (
        (tr.t("start"), tr.t("each player draws {n} cards from his shuffled start deck (CDB-6.1)",
                             n=cards.opening_hand)),
        (tr.t("pay"), tr.t("cards laid down pay for supply cards; 2 resource cards trade for 1 missing resource "
                           "(CDB-7.6)")),
        (tr.t("buy"), tr.t("the bought card goes onto your discard pile (CDB-7.5)")),
        (tr.t("end"), tr.t("laid-down cards go to the discard pile; draw {n}, or up to {to} with fewer than {below} "
                           "in hand (CDB-8.3)", n=cards.draw_minimum, to=cards.refill_to, below=cards.refill_below)),
        (tr.t("win"), tr.t("{n} Cities in your hand during your own turn (CDB-9.1)", n=cards.cities_to_win)),
    ))
    return (counts, effects, ids, roads, turn)


def road_effect(n: int, tr: Translator = ENGLISH) -> str:
    """CDB-3.5.2: what ``n`` Roads played together give."""
    gain = road_resources(n)
    if not gain:
        return tr.t("1 Sea")
    return tr.nt("1 Sea, {n} resource of your choice", "1 Sea, {n} resources of your choice", gain)
