"""The card and rules reference of Mega Civilization (``civtable cards mega-civ``):
the trade cards, the calamities, the Civilization Advances, the purchases, the
numbers of the rules and the AST epochs, from the game's data files, in the
reader's language (``reference_tables`` is ``@localizable``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from civtable.core.reference import Table
from civtable.i18n import ENGLISH, N_, NN_, NP_, Translator, localizable

from ..catalog import set_value
from ..rules.scoring import advance_vp
from .words import CONTEXT, semicolon

if TYPE_CHECKING:
    from ..game import MegaCiv

EFFECTS = {
    "damage": N_("loses unit points"), "treasury": N_("loses treasury"), "reduce": N_("reduces cities"),
    "destroy": N_("loses cities"), "discard_cards": N_("discards cards"), "discard_value": N_("discards card value"),
    "annex": N_("the Beneficiary annexes units"), "annex_city": N_("the Beneficiary annexes cities"),
    "civil_war": N_("splits: the Beneficiary takes the excess"), "reduce_all_but": N_("reduces all but a few cities"),
    "slave_revolt": N_("needs more support per city"), "regress": N_("moves back on the AST"),
    "volcano": N_("a volcano or earthquake destroys cities"), "flood": N_("a flood plain loses units"),
    "cyclone": N_("cities by a sea are reduced"), "barbarians": N_("barbarians attack"),
    "piracy": N_("cities become pirate cities"),
}
PARAMS = {  # the numbers of a calamity (data/cards.json params) and of its modifiers, as the table names them
    "buy_off_cards": NP_("calamity number", "buy off cards"), "cards": NP_("calamity number", "cards"),
    "cities": NP_("calamity number", "cities"), "cities_instead": NP_("calamity number", "cities instead"),
    "coastal": NP_("calamity number", "coastal"), "destroy": NP_("calamity number", "destroy"),
    "fallback_points": NP_("calamity number", "fallback points"),
    "instead_cities": NP_("calamity number", "instead cities"), "keep": NP_("calamity number", "keep"),
    "keep_cost": NP_("calamity number", "keep cost"), "keep_points": NP_("calamity number", "keep points"),
    "others_cities": NP_("calamity number", "others cities"), "others_points": NP_("calamity number", "others points"),
    "points": NP_("calamity number", "points"), "reduce_instead": NP_("calamity number", "reduce instead"),
    "reduce_neighbour": NP_("calamity number", "reduce neighbour"),
    "secondary_cities": NP_("calamity number", "secondary cities"),
    "secondary_not_beneficiary": NP_("calamity number", "secondary not beneficiary"),
    "secondary_players": NP_("calamity number", "secondary players"),
    "secondary_points": NP_("calamity number", "secondary points"), "steps": NP_("calamity number", "steps"),
    "support_delta": NP_("calamity number", "support delta"), "tokens": NP_("calamity number", "tokens"),
    "treasury": NP_("calamity number", "treasury"), "unless_pay": NP_("calamity number", "unless pay"),
    "value": NP_("calamity number", "value"),
}
ROLES = {"primary": NP_("calamity role", "primary"), "secondary": NP_("calamity role", "secondary"),
         "any": NP_("calamity role", "any")}
NUMBERS = {  # data/tables.json numbers and victory points
    "tax_per_city": N_("tax per city"), "support_per_city": N_("support per city"), "city_on_site": N_("city on site"),
    "city_elsewhere": N_("city elsewhere"), "city_attack_minimum": N_("city attack minimum"),
    "city_attack_defenders": N_("city attack defenders"), "plunder_treasury": N_("plunder treasury"),
    "ship_moves": N_("ship moves"), "ship_capacity": N_("ship capacity"), "growth_one": N_("growth one"),
    "growth_more": N_("growth more"), "starting_tokens": N_("starting tokens"),
}
VP_ROWS = {
    "per_city": N_("VP: per city"), "advance_below_100": N_("VP: advance below 100"),
    "advance_100_to_199": N_("VP: advance 100 to 199"), "advance_200_plus": N_("VP: advance 200 plus"),
    "per_ast_space": N_("VP: per ast space"), "sole_late_iron_bonus": N_("VP: sole late iron bonus"),
}

NEEDS = {  # what entering an epoch needs, as the reference writes it ("cities 2")
    "min_cities": NN_("cities {n}", "cities {n}"), "min_advances": NN_("advances {n}", "advances {n}"),
    "min_advances_cost_below_100": NN_("advances cost below 100 {n}", "advances cost below 100 {n}"),
    "min_advances_cost_100_or_more": NN_("advances cost 100 or more {n}", "advances cost 100 or more {n}"),
    "min_advances_cost_200_or_more": NN_("advances cost 200 or more {n}", "advances cost 200 or more {n}"),
    "min_vp_from_advances": NN_("vp from advances {n}", "vp from advances {n}"),
}


def needs_text(need: dict[str, int], tr: Translator = ENGLISH) -> str:
    """What entering an epoch needs: "cities 3, advances 3"."""
    words = []
    for k, v in need.items():
        if not v:
            continue
        forms = NEEDS.get(k)
        words.append(f"{k.replace('min_', '').replace('_', ' ')} {tr.number(v)}" if forms is None
                     else tr.nt(forms[0], forms[1], v))
    return ", ".join(words)


def param_name(key: str, tr: Translator = ENGLISH) -> str:
    text = PARAMS.get(key)
    return key.replace("_", " ") if text is None else tr.pgettext("calamity number", text)


def effect_name(kind: str, tr: Translator = ENGLISH) -> str:
    text = EFFECTS.get(kind)
    return kind if text is None else tr.gettext(text)


def role_name(role: str, tr: Translator = ENGLISH) -> str:
    text = ROLES.get(role)
    return role if text is None else tr.pgettext("calamity role", text)


def numbers_text(params: dict[str, Any], tr: Translator = ENGLISH) -> str:
    """A calamity's numbers: "points 2, coastal, treasury 5"."""
    return ", ".join(param_name(k, tr) if v is True else f"{param_name(k, tr)} {tr.number(v)}"
                     for k, v in params.items() if k != "kind" and v is not False)


@localizable
def reference_tables(game: MegaCiv, *, tr: Translator = ENGLISH) -> tuple[Table, ...]:
    rules = game.rules
    cat = rules.catalog
    w = game.words
    n = game.num_players
    copies: dict[int, int] = {}
    for pile in cat.stacks_for(n, rules.card_side):
        for c in pile:
            copies[c] = copies.get(c, 0) + 1
    by_name = sorted(cat.cards, key=lambda c: (c.stack, c.name))
    commodities = tuple(
        (w.card(c.id, tr), str(c.stack), str(c.face_value), str(copies.get(c.index, 0)),
         ", ".join(str(set_value(k, c.face_value)) for k in range(1, min(copies.get(c.index, 0), 9) + 1)))
        for c in by_name if c.commodity and copies.get(c.index))
    other = sorted(w.card(c.id, tr) for c in cat.cards if c.commodity and not copies.get(c.index))
    calamities = tuple(
        (w.card(c.id, tr), str(c.stack), tr.t("major") if c.major else tr.t("minor"),
         tr.t("yes") if c.tradable else tr.t("no"), effect_name(c.params["kind"], tr), numbers_text(c.params, tr),
         ", ".join(f"{w.advance(cat.advances[a].id, tr)} {param_name(name, tr)} {delta:+d} ({role_name(role, tr)})"
                   for a, name, delta, role in c.modifiers))
        for c in by_name if c.calamity)
    vp = rules.tables.vp
    advances = tuple(
        (w.advance(a.id, tr), str(a.cost), str(advance_vp(a.cost, vp, rules.exactly_200_high)),
         ", ".join(w.group(g, tr) for g in a.groups),
         ", ".join(f"{w.group(g, tr)} {k}" for g, k in a.credits.items())
         + (f"{semicolon(tr)}{w.advance(cat.advances[a.credit_to[0]].id, tr)} {a.credit_to[1]}" if a.credit_to else ""),
         tr.pgettext(CONTEXT, a.ability) if a.ability else "")
        for a in sorted(cat.advances, key=lambda a: (a.cost, a.name)))
    purchases = tuple(
        (str(stack), str(cost), w.advance(cat.advances[needs].id, tr) if needs >= 0 else tr.t("anyone"))
        for stack, cost, needs in cat.purchases)
    numbers = rules.tables.numbers
    rule_rows = tuple((tr.gettext(NUMBERS[k]) if k in NUMBERS else k.replace("_", " "), str(v))
                      for k, v in numbers.items()) + tuple(
        (tr.gettext(VP_ROWS[k]) if k in VP_ROWS else f"VP: {k.replace('_', ' ')}", str(v)) for k, v in vp.items()) + (
        (tr.t("tokens, cities, ships a player"), f"{rules.tables.tokens}, {rules.tables.cities}, {rules.tables.ships}"),
        (tr.t("hand limit ({n} players)", n=n), str(cat.hand_limit(n))),
        (tr.t("damage: a token, a city"), tr.t("{token}, {city} points", token=cat.damage_token, city=cat.damage_city)),
        (tr.t("AST squares"), str(rules.tables.spaces)))
    epochs = tuple((w.epoch(e, tr), needs_text(need, tr) or "-") for e, need in rules.tables.requirements.items())
    trade_note = tr.t("A set of n cards of one commodity pays n x n x its value (MC-12). Water (from an empty stack, "
                      "water-card A) is worth nothing.")
    if other:
        trade_note += " " + tr.t("Not in this game: {cards}.", cards=", ".join(other))
    return (
        Table(tr.t("Trade cards ({n} players, {side})", n=n, side=rules.card_side),
              (tr.pt("column", "Card"), tr.pt("column", "Stack"), tr.pt("column", "Value"), tr.pt("column", "Copies"),
               tr.pt("column", "Sets of 1, 2, ...")), commodities, trade_note),
        Table(tr.t("Calamities"), (tr.pt("column", "Calamity"), tr.pt("column", "Stack"), tr.pt("column", "Kind"),
                                   tr.pt("column", "Tradable"), tr.pt("column", "Effect"), tr.pt("column", "Numbers"),
                                   tr.pt("column", "Changed by")), calamities,
              tr.t("Numbers from the public calamity data; the damage points (a token 1, a city 5) are the project's "
                   "own reading (provisional).")),
        Table(tr.t("Civilization Advances"), (tr.pt("column", "Advance"), tr.pt("column", "Cost"), tr.pt("column", "VP"),
                                              tr.pt("column", "Groups"), tr.pt("column", "Credits"),
                                              tr.pt("column", "Ability")), advances,
              tr.t("Credits lower the price of advances of that group (MC-12.2).")),
        Table(tr.t("Extra trade cards bought with treasury (MC-6.2)"),
              (tr.pt("column", "Stack"), tr.pt("column", "Cost"), tr.pt("column", "Who")), purchases),
        Table(tr.t("Rule numbers"), (tr.pt("column", "Number"), tr.pt("column", "Value")), rule_rows,
              tr.t("From data/tables.json (public sources).")),
        Table(tr.t("AST epochs: what entering each needs (MC-13.1)"), (tr.pt("column", "Epoch"),
                                                                       tr.pt("column", "Requirements")), epochs),
    )
