"""Rule tests for Civilization: The Card Game: the turn (CCG-5 collect,
CCG-6 purchasing) and the resources (CCG-2.1, 2.2, 2.3); the draw is in test_rules_draw."""

from __future__ import annotations

import pytest

from . import _ccg_helpers as h

FOUR = ["grassland", "hills", "coast", "plains"]  # 2 food / 2 hammers / 2 commerce / 1 food + 1 hammer


def money(food=0, hammers=0, commerce=0) -> dict[str, int]:
    return {"food": food, "hammers": hammers, "commerce": commerce}


# ---------------------------------------------------------------- CCG-5.1
def test_ccg_5_1_and_2_1_1_collect_the_yield_of_every_plot():
    """CCG-5.1 / CCG-2.1.1: the current player collects each plot's printed
    yield (plains yields both its symbols, multi-yield A)."""
    s = h.begin_turn(players=[{"plots": FOUR, "resources": money(1, 0, 0)}])
    assert h.phase(s) == "purchase" and s.to_move() == (0,)
    assert h.res(s, 0) == money(1 + 2 + 1, 2 + 1, 2)
    assert h.res(s, 1) == money()  # only the current player collects


def test_ccg_5_0_turn_starts_with_collection_for_the_next_player():
    """CCG-5.0: after the draw and discard the next player's turn begins with
    collecting, then purchasing."""
    s = h.begin_turn(current=1, players=[{}, {"plots": ["gold", "floodplains", "hills", "forest"]}])
    data = s.to_json()
    assert data["current"] == 1 and data["turn"] == 2
    assert h.res(s, 1) == money(3, 3, 4)
    assert h.phase(s) == "purchase"


# ------------------------------------------------------ CCG-2.1.2, 2.3.5, 5.3
def test_ccg_2_1_2_population_on_single_symbol_plot_adds_that_resource():
    """CCG-2.1.2 / CCG-2.3.5: each population adds one resource of the plot's
    type; a one-symbol plot needs no choice."""
    s = h.begin_turn(players=[{"plots": [("grassland", 2), ("hills", 1), ("coast", 3), "gold"]}])
    assert h.phase(s) == "purchase"
    assert h.res(s, 0) == money(2 + 2, 2 + 1, 2 + 3 + 3)


def test_ccg_5_3_population_yield_choice_on_a_mixed_plot():
    """CCG-5.3 / CCG-2.3.5: three populations on a Food+Hammer plot give three
    extra resources in any mix of Food and Hammers, one choice each; Commerce is
    not a type of that plot."""
    s = h.begin_turn(players=[{"plots": [("plains", 3), "hills", "coast", "grassland"]}])
    assert h.phase(s) == "collect"
    base = money(1 + 2, 1 + 2, 2)
    assert h.res(s, 0) == base
    assert h.legal(s, 0) == {"yield food", "yield hammers"}
    h.assert_illegal(s, 0, "yield commerce")
    h.assert_illegal(s, 1, "yield food")  # not his decision
    h.play(s, 0, "yield food", "yield hammers", "yield food")
    assert h.phase(s) == "purchase"
    assert h.res(s, 0) == money(base["food"] + 2, base["hammers"] + 1, 2)


@pytest.mark.parametrize("choices,expected", [
    (("food", "food", "food"), (3, 0)),
    (("hammers", "hammers", "hammers"), (0, 3)),
    (("hammers", "food", "hammers"), (1, 2)),
])
def test_ccg_2_3_5_every_mix_of_the_plot_types(choices, expected):
    """CCG-2.3.5: 3 Food, 3 Hammers or any mix: the total equals the population."""
    s = h.begin_turn(players=[{"plots": [("plains", 3), "hills", "coast", "grassland"]}])
    h.play(s, 0, *(f"yield {c}" for c in choices))
    assert h.res(s, 0) == money(3 + expected[0], 3 + expected[1], 2)


def test_ccg_5_3_choices_for_each_mixed_plot_in_turn():
    """CCG-5.3: with several mixed plots every population is asked for, each
    within its own plot's types."""
    s = h.begin_turn(players=[{"plots": [("plains", 1), ("forest", 2), "hills", "grassland"]}])
    assert h.legal(s, 0) == {"yield food", "yield hammers"}
    s.apply(0, "yield food")
    assert h.legal(s, 0) == {"yield hammers", "yield commerce"}
    h.play(s, 0, "yield commerce", "yield commerce")
    assert h.phase(s) == "purchase"
    assert h.res(s, 0) == money(1 + 1 + 2, 1 + 1 + 2, 1 + 2)


# ---------------------------------------------------------------- CCG-5.2
def test_ccg_5_2_modifiers_from_buildings_wonders_and_technologies():
    """CCG-5.2: extra resources from buildings (Forge, Market, Harbor on their
    plot), wonders (Pyramids) and technologies (Agriculture, Bronze Working per
    Forge, Currency and per Market)."""
    s = h.begin_turn(players=[{
        "plots": [("grassland", 0, ["pyramids"]), ("hills", 0, ["forge"]), ("coast", 0, ["market"]),
                  ("river", 0, ["harbor"])],
        "technologies": ["agriculture", "bronze_working", "currency"],
    }])
    assert h.phase(s) == "purchase"
    food = 2 + 1 + 1 + 1  # grassland, river, harbor, agriculture
    hammers = 2 + 1 + 2 + 1  # hills, forge, pyramids, bronze working (one forge)
    commerce = 2 + 1 + 1 + 1 + 1  # coast, market, river, currency, currency per market
    assert h.res(s, 0) == money(food, hammers, commerce)


def test_ccg_5_2_modifiers_only_for_their_owner():
    """CCG-5.2 / CCG-2.4.2: another player's technologies and buildings give the
    current player nothing."""
    s = h.begin_turn(players=[
        {"plots": FOUR},
        {"plots": [("grassland", 0, ["pyramids"]), ("hills", 0, ["forge"]), "coast", "plains"],
         "technologies": ["agriculture", "the_wheel"]},
    ])
    assert h.res(s, 0) == money(3, 3, 2)


# -------------------------------------------------------- CCG-6.3 / 2.3.3
@pytest.mark.parametrize("on_plot,cost", [(0, 6), (1, 8), (2, 10), (3, 12), (5, 16)])
def test_ccg_6_3_population_cost(on_plot, cost):
    """CCG-6.3 / CCG-2.3.3: a population costs 6 + 2P Food, P the populations
    already on the chosen plot."""
    s = h.position(players=[{"plots": [("grassland", on_plot), "hills", "coast", "forest"],
                           "resources": money(cost, 9, 9)}])
    assert "pop 1" in h.legal(s, 0)
    s.apply(0, "pop 1")
    assert h.res(s, 0) == money(0, 9, 9)
    assert h.pops(s, 0) == [on_plot + 1, 0, 0, 0]
    assert s.to_json()["population_bank"] == 80 - on_plot - 1
    short = h.position(players=[{"plots": [("grassland", on_plot), "hills", "coast", "forest"],
                               "resources": money(cost - 1, 20, 20)}])
    assert "pop 1" not in h.legal(short, 0)
    h.assert_illegal(short, 0, "pop 1")


def test_ccg_6_3_player_chooses_the_plot_and_the_price_follows_it():
    """CCG-6.3: the price depends on the chosen plot: with 7 Food a first
    population fits on an empty plot but not on a plot with one."""
    s = h.position(players=[{"plots": [("grassland", 1), "hills", ("coast", 2), "forest"],
                           "resources": money(7)}])
    pop_actions = {a for a in h.legal(s, 0) if a.startswith("pop")}
    assert pop_actions == {"pop 2", "pop 4"}
    s.apply(0, "pop 4")
    assert h.pops(s, 0) == [1, 0, 2, 1] and h.res(s, 0) == money(1)


def test_ccg_2_3_4_populations_need_not_be_spread():
    """CCG-2.3.4: every population may go on the same plot (6 + 8 + 10 Food)."""
    s = h.position(players=[{"plots": FOUR, "resources": money(24)}])
    h.play(s, 0, "pop 2", "pop 2", "pop 2")
    assert h.pops(s, 0) == [0, 3, 0, 0] and h.res(s, 0) == money()


def test_ccg_2_3_2_population_stays_on_its_plot():
    """CCG-2.3.2: a population is assigned to one plot and stays there: there is
    no action that moves it, and it is still there on the next turn."""
    s = h.begin_turn(players=[{"plots": [("hills", 1), "grassland", "coast", "forest"]}])
    assert not any(a.startswith(("move", "place")) for a in h.legal(s, 0))
    s.apply(0, "done")
    while s.to_move() == (0,):
        s.apply(0, sorted(h.legal(s, 0))[0])
    assert h.pops(s, 0) == [1, 0, 0, 0]


# ---------------------------------------------------------------- CCG-2.2.1
def test_ccg_2_2_1_food_buys_population_not_other_resources():
    """CCG-2.2.1: only Food buys population."""
    s = h.position(players=[{"plots": FOUR, "resources": money(5, 30, 30)}])
    assert not any(a.startswith("pop") for a in h.legal(s, 0))
    h.assert_illegal(s, 0, "pop 1")


def test_ccg_2_2_1_hammers_buy_buildings_commerce_buys_technologies():
    """CCG-2.2.1: buildings and wonders are paid in Hammers, technologies in
    Commerce; other resources do not count."""
    s = h.position(players=[{"plots": FOUR, "resources": money(40, 5, 40), "hand": {"library": 1}}],
                 tech_display=["writing", "pottery", "mysticism"])
    assert not any(a.startswith("build") for a in h.legal(s, 0))
    h.assert_illegal(s, 0, "build library 1")
    s = h.position(players=[{"plots": FOUR, "resources": money(40, 40, 7), "hand": {"library": 1}}],
                 tech_display=["writing", "pottery", "mysticism"])
    assert not any(a.startswith("tech") for a in h.legal(s, 0))
    h.assert_illegal(s, 0, "tech pottery")
    s.apply(0, "build library 1")
    assert h.res(s, 0) == money(40, 34, 7)


def test_ccg_2_2_1_and_6_4_any_mix_buys_a_plot():
    """CCG-2.2.1 / CCG-6.4: a fifth plot costs 15 resources of any kind."""
    s = h.position(players=[{"plots": FOUR, "resources": money(5, 4, 6)}],
                 plot_display=["gold", "river", "coast"])
    assert {"plot gold", "plot river", "plot coast"} <= h.legal(s, 0)
    s.apply(0, "plot gold")
    assert h.res(s, 0) == money()
    assert [p[0] for p in h.plots(s, 0)] == [*FOUR, "gold"]
    assert h.plots(s, 0)[-1] == ("gold", 0, [])


# ---------------------------------------------------------------- CCG-6.4
@pytest.mark.parametrize("owned,cost", [(4, 15), (5, 20), (6, 25), (7, 30)])
def test_ccg_6_4_plot_cost(owned, cost):
    """CCG-6.4: a new plot costs 15 + 5(P - 4), P the plots owned now."""
    mine = ["grassland", "hills", "coast", "forest", "river", "plains", "gold"][:owned]
    s = h.position(players=[{"plots": mine, "resources": money(cost, 0, 0)}])
    target = s.to_json()["plot_display"][0]
    assert f"plot {target}" in h.legal(s, 0)
    s.apply(0, f"plot {target}")
    assert h.res(s, 0) == money()
    assert len(h.plots(s, 0)) == owned + 1
    short = h.position(players=[{"plots": mine, "resources": money(cost - 10, 5, 4)}])
    assert not any(a.startswith("plot") for a in h.legal(short, 0))
    h.assert_illegal(short, 0, f"plot {target}")


def test_ccg_6_4_plot_paid_with_exactly_its_cost_in_any_mix():
    """CCG-6.4 'any mix': whatever mix is taken (the engine takes it from the
    largest stocks; the spec does not say who picks), exactly 15 are paid."""
    s = h.position(players=[{"plots": FOUR, "resources": money(10, 1, 10)}])
    s.apply(0, "plot " + s.to_json()["plot_display"][0])
    after = h.res(s, 0)
    assert sum(after.values()) == 21 - 15
    assert all(0 <= after[k] <= before for k, before in money(10, 1, 10).items())


# ------------------------------------------------------ CCG-2.1.5, CCG-4.7
def test_ccg_2_1_5_and_4_7_plot_display_refilled_to_three():
    """CCG-2.1.5 / CCG-4.7: a bought plot is replaced from the plot deck (top
    card), so three plots stay face up."""
    s = h.position(players=[{"resources": money(15)}], plot_display=["gold", "river", "coast"],
                 plot_deck=["plains"])
    s.apply(0, "plot river")
    assert sorted(s.to_json()["plot_display"]) == ["coast", "gold", "plains"]
    assert len(s.to_json()["plot_deck"]) == 30 - 8 - 3 - 1


def test_ccg_4_7_display_the_rest_when_fewer_than_three_remain():
    """CCG-4.7: with the deck empty the display shrinks to what remains."""
    g = h.game()
    data_plots = [["grassland"] * 5 + ["plains"] * 5 + ["hills"] * 4 + ["forest"] * 4,
                  ["river"] * 4 + ["coast"] * 4 + ["floodplains"] * 2 + ["gold"]]
    s = h.position(g, players=[{"plots": data_plots[0], "resources": money(100)},
                             {"plots": data_plots[1]}],
                 plot_display=["gold"], plot_deck=[])
    assert s.to_json()["plot_display"] == ["gold"]
    s.apply(0, "plot gold")
    assert s.to_json()["plot_display"] == []
    assert not any(a.startswith("plot") for a in h.legal(s, 0))


def test_ccg_4_7_technology_display_refilled_from_the_deck():
    """CCG-4.7 / CCG-6.2: a bought technology is replaced by the top of the
    technology deck; three stay face up."""
    s = h.position(players=[{"resources": money(0, 0, 12)}],
                 tech_display=["writing", "pottery", "mysticism"], tech_deck=["astronomy"])
    s.apply(0, "tech writing")
    data = s.to_json()
    assert sorted(data["tech_display"]) == ["astronomy", "mysticism", "pottery"]
    assert data["players"][0]["technologies"] == ["writing"]
    assert h.res(s, 0) == money()


# ---------------------------------------------------------------- CCG-6.1
def test_ccg_6_1_building_from_hand_on_a_plot_with_a_free_slot():
    """CCG-6.1: a building is paid in Hammers and placed on a plot with a free
    slot; a plot that holds one already has no free slot (CCG-2.1.4)."""
    s = h.position(players=[{"plots": [("grassland", 0, ["temple"]), "hills", "coast", "forest"],
                           "resources": money(0, 12, 0), "hand": {"library": 2}}])
    builds = {a for a in h.legal(s, 0) if a.startswith("build")}
    assert builds == {"build library 2", "build library 3", "build library 4"}
    h.assert_illegal(s, 0, "build library 1")
    s.apply(0, "build library 3")
    assert h.plots(s, 0)[2] == ("coast", 0, ["library"])
    assert h.hand(s, 0) == {"library": 1}
    assert h.res(s, 0) == money(0, 6, 0)
    h.assert_illegal(s, 0, "build library 3")
    s.apply(0, "build library 4")
    assert h.res(s, 0) == money()


def test_ccg_6_1_wonder_from_hand_costs_hammers_and_uses_a_slot():
    """CCG-6.1 / CCG-2.7.1: a wonder is paid in Hammers and takes a slot."""
    s = h.position(players=[{"plots": FOUR, "resources": money(0, 12, 0), "hand": {"pyramids": 1}}])
    s.apply(0, "build pyramids 1")
    assert h.plots(s, 0)[0] == ("grassland", 0, ["pyramids"])
    assert h.res(s, 0) == money()
    assert h.hand(s, 0) == {}


def test_ccg_6_1_only_cards_in_hand_can_be_built():
    """CCG-6.1: buildings are played from the hand."""
    s = h.position(players=[{"plots": FOUR, "resources": money(0, 50, 0)}])
    assert not any(a.startswith("build") for a in h.legal(s, 0))
    h.assert_illegal(s, 0, "build library 1")


# ---------------------------------------------------------------- CCG-6.2
def test_ccg_6_2_several_purchases_in_one_turn():
    """CCG-6.2 (purchase-limits A): a technology, a population and a plot in
    the same purchase step, as many as the resources allow."""
    s = h.position(players=[{"plots": FOUR, "resources": money(6 + 8 + 5, 10, 8)}],
                 tech_display=["pottery", "writing", "mysticism"])
    h.play(s, 0, "tech pottery", "pop 1", "pop 1")
    assert h.res(s, 0) == money(5, 10, 0)
    target = s.to_json()["plot_display"][0]
    s.apply(0, f"plot {target}")
    assert h.res(s, 0) == money()
    assert h.pops(s, 0) == [2, 0, 0, 0, 0]
    assert h.player(s, 0)["technologies"] == ["pottery"]
    assert h.phase(s) == "purchase"


def test_ccg_6_2_technology_only_from_the_display():
    """CCG-6.2: a technology is bought face up from the display."""
    s = h.position(players=[{"resources": money(0, 0, 50)}],
                 tech_display=["pottery", "writing", "mysticism"])
    techs = {a for a in h.legal(s, 0) if a.startswith("tech")}
    assert techs == {"tech pottery", "tech writing", "tech mysticism"}
    h.assert_illegal(s, 0, "tech astronomy")


# ---------------------------------------------------------------- CCG-6.5
@pytest.mark.parametrize("tech,plots_,techs,cost", [
    ("writing", FOUR, [], 12),
    ("writing", [("grassland", 0, ["library"]), "hills", "coast", "forest"], [], 11),
    ("writing", [("grassland", 0, ["library"]), ("hills", 0, ["oracle"]), "coast", "forest"], [], 9),
    ("astronomy", [("grassland", 0, ["library"]), ("hills", 0, ["library"]), "coast", "forest"], [], 22),
])
def test_ccg_6_5_technology_cost_minus_bonuses(tech, plots_, techs, cost):
    """CCG-6.5: printed cost minus the bonuses of buildings and wonders
    (Library 1, Oracle 2 off technologies)."""
    s = h.position(players=[{"plots": plots_, "technologies": techs, "resources": money(0, 0, cost)}],
                 tech_display=[tech, "pottery", "mysticism"])
    assert f"tech {tech}" in h.legal(s, 0)
    s.apply(0, f"tech {tech}")
    assert h.res(s, 0) == money()
    short = h.position(players=[{"plots": plots_, "technologies": techs, "resources": money(50, 50, cost - 1)}],
                     tech_display=[tech, "pottery", "mysticism"])
    assert f"tech {tech}" not in h.legal(short, 0)
    h.assert_illegal(short, 0, f"tech {tech}")


@pytest.mark.parametrize("card,techs,cost", [
    ("library", [], 6),
    ("library", ["masonry"], 5),
    ("pyramids", [], 12),
    ("pyramids", ["masonry"], 12),       # Masonry lowers buildings only
    ("pyramids", ["mathematics"], 10),   # Mathematics lowers wonders only
    ("library", ["mathematics"], 6),
])
def test_ccg_6_5_building_and_wonder_cost_minus_bonuses(card, techs, cost):
    """CCG-6.5: building and wonder costs are printed cost minus the bonuses of
    technologies (Masonry -1 building, Mathematics -2 wonder)."""
    s = h.position(players=[{"technologies": techs, "resources": money(0, cost, 0), "hand": {card: 1}}])
    s.apply(0, f"build {card} 1")
    assert h.res(s, 0) == money()
    short = h.position(players=[{"technologies": techs, "resources": money(50, cost - 1, 50), "hand": {card: 1}}])
    h.assert_illegal(short, 0, f"build {card} 1")


def test_ccg_6_5_and_3_5_highest_happiness_lowers_tech_and_building_not_wonder():
    """CCG-6.5 / CCG-3.5: Highest Happiness takes 1 off technologies and
    buildings, not off wonders."""
    happy = {"technologies": ["monarchy"]}  # happiness 2: Highest Happiness
    s = h.position(players=[{**happy, "resources": money(0, 5, 11), "hand": {"library": 1, "pyramids": 1}}],
                 tech_display=["writing", "pottery", "mysticism"])
    assert s.observation(0)["highest_happiness"] == [0]
    assert {"tech writing", "build library 1"} <= h.legal(s, 0)
    h.play(s, 0, "tech writing", "build library 1")
    assert h.res(s, 0) == money()
    s = h.position(players=[{**happy, "resources": money(0, 11, 0), "hand": {"pyramids": 1}}])
    assert not any(a.startswith("build") for a in h.legal(s, 0))
    h.assert_illegal(s, 0, "build pyramids 1")


def test_ccg_6_5_cost_never_below_zero(tmp_path):
    """CCG-6.5 (purchase-limits A): discounts larger than the price make it 0,
    not negative (a card file with a big Library discount)."""
    import json

    from civtable.games.civ_card_game.catalog import DATA

    raw = json.loads(DATA.read_text(encoding="utf-8"))
    for b in raw["buildings"]:
        if b["id"] == "library":
            b["effects"] = {"discount": {"technology": 50, "building": 50}}
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    g = h.game(cards=str(path))
    s = h.position(g, players=[{"plots": [("grassland", 0, ["library"]), "hills", "coast", "forest"],
                              "resources": money(0, 0, 1), "hand": {"temple": 1}}],
                 tech_display=["writing", "pottery", "mysticism"])
    h.play(s, 0, "tech writing", "build temple 2")
    assert h.res(s, 0) == money(0, 0, 1)


# ---------------------------------------------------------------- CCG-2.2.2
def test_ccg_2_2_2_bank_trade_three_for_one():
    """CCG-2.2.2 (bank-trade A): any three resources for one of the player's
    choice; with fewer than three there is no trade."""
    s = h.position(players=[{"resources": money(1, 1, 1)}])
    trades = {a for a in h.legal(s, 0) if a.startswith("trade")}
    assert trades == set()  # every type is paid with: the engine leaves out pure losses
    s = h.position(players=[{"resources": money(2, 1, 0)}])
    assert {a for a in h.legal(s, 0) if a.startswith("trade")} == {"trade food+food+hammers for commerce"}
    s.apply(0, "trade food+food+hammers for commerce")
    assert h.res(s, 0) == money(0, 0, 1)
    s = h.position(players=[{"resources": money(1, 1, 0)}])
    assert not any(a.startswith("trade") for a in h.legal(s, 0))
    h.assert_illegal(s, 0, "trade food+hammers for commerce")


def test_ccg_2_2_2_trade_then_buy():
    """CCG-2.2.2: a trade can complete a purchase (11 Commerce + 3 Food for Writing)."""
    s = h.position(players=[{"resources": money(3, 0, 11)}], tech_display=["writing", "pottery", "mysticism"])
    assert "tech writing" not in h.legal(s, 0)
    h.play(s, 0, "trade food+food+food for commerce", "tech writing")
    assert h.res(s, 0) == money()


def test_ccg_2_2_2_trade_only_in_the_players_own_turn():
    """CCG-2.2.2: trades are made in the player's own turn (purchase step)."""
    s = h.position(players=[{}, {"resources": money(9, 9, 9)}])
    assert s.legal_actions(1) == []
    h.assert_illegal(s, 1, "trade food+food+food for commerce")


# ---------------------------------------------------------------- CCG-2.2.3
def test_ccg_2_2_3_resource_cards_from_the_play_deck():
    """CCG-2.2.3: a resource card from the play deck is used like the bank's
    resources: cashing it adds its resources; the card goes to the discard pile."""
    s = h.position(players=[{"resources": money(4), "hand": {"food_cache": 1, "commerce_cache": 1}}])
    assert {"cash food_cache", "cash commerce_cache"} <= h.legal(s, 0)
    s.apply(0, "cash food_cache")
    assert h.res(s, 0) == money(6)
    assert h.hand(s, 0) == {"commerce_cache": 1}
    assert h.discard_pile(s)["food_cache"] == 1
    s.apply(0, "pop 1")
    assert h.res(s, 0) == money()


def test_ccg_2_2_3_unspent_resources_are_kept_by_default():
    """CCG-2.2.3 (resource-carryover A): unspent resources stay for later turns."""
    s = h.begin_turn(players=[{"plots": FOUR, "resources": money(1, 2, 3)}])
    assert h.res(s, 0) == money(1 + 3, 2 + 3, 3 + 2)


# ------------------------------------------------------------- CCG-5.0
def test_ccg_5_0_steps_in_order_purchase_combat_draw():
    """CCG-5.0 (step-order A): no attack during purchasing; 'done' leads to the
    combat step (with an attacking unit in hand), then to the draw."""
    s = h.position(players=[{"hand": {"chariot": 1}, "resources": money(6)}, {"plots": [("grassland", 1)] + FOUR[1:]}],
                 deck=["temple"] * 3 + ["granary"])
    assert not any(a.startswith("attack") for a in h.legal(s, 0))
    s.apply(0, "done")
    assert h.phase(s) == "declare"
    assert h.legal(s, 0) == {"attack chariot 1", "pass"}
    assert not any(a.startswith(("pop", "tech", "build")) for a in h.legal(s, 0))
    s.apply(0, "pass")
    assert h.phase(s) == "discard"  # drew 4, now discards 2
    assert h.hand(s, 0) == {"chariot": 1, "temple": 3, "granary": 1}


def test_ccg_5_0_without_attacking_units_no_combat_step():
    """CCG-5.0: a player with no attacking unit goes from purchasing to drawing."""
    s = h.position(players=[{"hand": {"archers": 1}}], deck=["temple"] * 2 + ["granary"] * 2)
    s.apply(0, "done")
    assert h.phase(s) == "discard"


# ------------------------------------------------------- illegal actions
@pytest.mark.parametrize(("text", "reason"), [
    ("", "not an action of this game"), ("pop", "plot number from 1 to 4"), ("pop 0", "plot number from 1 to 4"),
    ("pop 5", "plot number from 1 to 4"), ("pop one", "plot number from 1 to 4"), ("tech", "no technology"),
    ("tech nothing", "no technology 'nothing'"), ("tech astronomy", "Astronomy is not in the display"),
    ("build library", "build CARD N"), ("build library 9", "plot number from 1 to 4"),
    ("plot", "plot display holds"), ("plot atlantis", "plot display holds"), ("trade food", "trade R+R+R for R"),
    ("trade food+food for commerce", "trade R+R+R for R"), ("done now", "not legal now"),
    ("draw 4", "belongs to the draw step"), ("discard archers", "belongs to the start-discard or discard step"),
    ("attack chariot 1", "attacks come after the purchases"),
    ("pop 1", "costs 6 Food; you have 5"), ("build library 1", "Library costs 6 Hammers; you have 5"),
    ("tech writing", "buy technology Writing: it costs 12 Commerce, you have 5"), ("cash archers", "not a resource card"),
])
def test_ccg_6_2_malformed_or_impossible_actions_refused(text, reason):
    """CCG-6.2: a malformed or impossible purchase-step action raises
    IllegalActionError, leaves the position unchanged and says why."""
    s = h.position(players=[{"resources": money(5, 5, 5), "hand": {"library": 1, "archers": 1}}],
                 tech_display=["writing", "pottery", "mysticism"])
    err = h.assert_illegal(s, 0, text)
    assert reason in str(err)


def test_ccg_6_2_purchases_only_by_the_current_player():
    """CCG-6.2: only the current player buys, and only in his purchase step."""
    s = h.position(players=[{"resources": money(6)}, {"resources": money(30, 30, 30)}])
    assert s.to_move() == (0,)
    assert s.legal_actions(1) == []
    for text in ("pop 1", "done", "tech pottery"):
        err = h.assert_illegal(s, 1, text)
        assert "player 0" in str(err)


def test_ccg_6_2_an_action_of_another_position_is_refused():
    """CCG-6.2: an action object legal elsewhere but not here is refused."""
    rich = h.position(players=[{"resources": money(30, 30, 30)}])
    buy = next(a for a in rich.legal_actions(0) if str(a) == "pop 1")
    poor = h.position(players=[{"resources": money(5)}])
    h.assert_illegal(poor, 0, buy)


def test_ccg_6_4_the_buyer_chooses_which_resource_to_spare():
    """CCG-6.4 'any mix': the buyer may spare one resource type, paying from the
    others first; plain 'plot X' pays from the largest stocks. 10 food, 1 hammer,
    10 commerce for a 15-resource plot: the default takes 8 food + 7 commerce
    (largest stock first, ties food first, so food and commerce alternate); sparing commerce takes 10 food, the
    hammer and only 4 commerce; sparing food takes all 10 commerce, the hammer and 4 food."""
    start = money(10, 1, 10)
    target = h.position(players=[{"plots": FOUR, "resources": start}]).to_json()["plot_display"][0]
    expected = {
        "": money(2, 1, 3),
        " spare-commerce": money(0, 0, 6),
        " spare-food": money(6, 0, 0),
    }
    for suffix, after in expected.items():
        s = h.position(players=[{"plots": FOUR, "resources": start}])
        assert f"plot {target}{suffix}" in h.legal(s, 0)
        s.apply(0, f"plot {target}{suffix}")
        assert h.res(s, 0) == after, suffix
    # sparing hammers pays like the default here, so it is not offered twice
    s = h.position(players=[{"plots": FOUR, "resources": start}])
    assert f"plot {target} spare-hammers" not in h.legal(s, 0)
    h.assert_illegal(s, 0, f"plot {target} spare-hammers")
