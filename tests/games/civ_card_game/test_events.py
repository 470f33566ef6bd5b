"""What each player is told (events) in Civilization: The Card Game, on hand-built
positions: the message ids, their arguments, who sees them, and how they read."""

from __future__ import annotations

from typing import Any

from ._ccg_helpers import begin_turn, game, position

Told = list[tuple[str, dict[str, Any]]]


def act(s: Any, p: int, action: str) -> dict[int | None, Told]:
    """Play ``action`` and return what each viewer (the spectator too) is told of it."""
    viewers: list[int | None] = [*range(s.num_players), None]
    cursors = {v: len(s.events(v)) for v in viewers}
    s.apply(p, action)
    return {v: [(e.id, dict(e.args)) for e in s.events(v, cursors[v])] for v in viewers}


def ids(told: Told) -> list[str]:
    return [i for i, _ in told]


def args(told: Told, event_id: str) -> dict[str, Any]:
    return next(a for i, a in told if i == event_id)


def read(s: Any, viewer: int | None, told: Told) -> list[str]:
    from civtable.core.events import Event

    return [s.game.render_event(Event(i, a), viewer) for i, a in told]


def test_ccg_6_5_a_technology_bought_is_told_with_what_was_paid() -> None:
    """CCG-6.5 / 4.7: the purchase with its price, then the card that refills the display."""
    s = position(players=[{"resources": {"commerce": 13}, "hand": {"library": 1}}],
                 tech_display=["writing", "pottery", "mysticism"], tech_deck=["astronomy"])
    told = act(s, 0, "tech writing")
    assert told[0] == told[1] == told[None]
    assert ids(told[0]) == ["move", "buy.tech", "display.tech"]
    assert args(told[0], "buy.tech") == {"player": 0, "tech": "writing", "paid": {"commerce": 12}}
    assert args(told[0], "display.tech") == {"tech": "astronomy"}
    assert read(s, 1, told[1]) == ["Player 0: buy the technology Writing",
                                   "Player 0 buys the technology Writing and pays 12 Commerce.",
                                   "Astronomy is laid out in the technology display."]


def test_ccg_6_1_building_cash_and_trade_are_told() -> None:
    """CCG-6.1, CCG-2.2.2, CCG-2.2.3: a building with its plot and price, a resource
    card cashed, a bank trade with both sides."""
    s = position(players=[{"resources": {"hammers": 6, "food": 3}, "hand": {"library": 1, "food_cache": 1}}])
    told = act(s, 0, "build library 2")
    assert args(told[1], "buy.building") == {"player": 0, "card": "library", "plot": "hills", "number": 2,
                                             "paid": {"hammers": 6}}
    assert read(s, 0, told[0])[1] == "Player 0 (you) builds Library on Hills (plot 2) and pays 6 Hammers."
    told = act(s, 0, "cash food_cache")  # the move says it all
    assert read(s, 1, told[1]) == ["Player 0: cash Food +2 for 2 Food"]
    told = act(s, 0, "trade food+food+food for commerce")
    assert read(s, 1, told[1]) == ["Player 0: trade 3 Food for 1 Commerce with the bank"]


def test_ccg_8_1_the_drawer_is_told_his_cards_the_others_how_many() -> None:
    """CCG-8.1: everybody hears how many cards are drawn; the drawer which."""
    s = position(players=[{"hand": {"archers": 1}}], deck=["granary", "harbor", "temple", "chariot"])
    told = act(s, 0, "done")
    for v in (0, 1, None):
        assert args(told[v], "draw.count") == {"player": 0, "n": 4}
    assert sorted(args(told[0], "draw.cards")["cards"]) == ["chariot", "granary", "harbor", "temple"]
    assert "draw.cards" not in ids(told[1]) and "draw.cards" not in ids(told[None])
    assert read(s, 0, told[0])[1:] == ["Player 0 (you) draws 4 cards.",
                                       "The cards drawn: Granary, Temple, Harbor and Chariot."]


def test_ccg_9_2_a_stolen_card_is_known_to_the_thief_and_the_victim_only() -> None:
    """CCG-9.2: Writing's card is told to the two players; everybody hears of the theft."""
    g = game(players=3)
    s = position(g, players=[{"technologies": ["writing"]}, {"hand": {"chariot": 1}}])
    told = act(s, 0, "writing 1")
    for v in (0, 1, 2, None):
        assert args(told[v], "steal.card") == {"thief": 0, "victim": 1}
    for v in (0, 1):
        assert args(told[v], "steal.card.which") == {"thief": 0, "victim": 1, "card": "chariot"}
    for v in (2, None):
        assert "steal.card.which" not in ids(told[v])
    assert read(s, 1, told[1])[1:] == ["Player 0 steals a card from player 1 (you)'s hand (Writing).",
                                       "The card stolen: Chariot."]


def test_ccg_9_2_code_of_laws_at_random_tells_what_was_taken() -> None:
    """CCG-9.2 (code-of-laws-choice A): the resources taken are public."""
    s = position(players=[{"technologies": ["code_of_laws"]}, {"resources": {"food": 3}}])
    told = act(s, 0, "laws 1")
    assert args(told[None], "steal.resources") == {"thief": 0, "victim": 1, "taken": {"food": 3}}


def test_ccg_5_1_the_collection_is_told_by_source() -> None:
    """CCG-5.1 / 5.2: what each plot and each modifier yielded, and the total."""
    s = begin_turn(game(), current=1, players=[{}, {"plots": [("grassland", 1, ["granary"]), "hills", "coast",
                                                              "forest"], "technologies": ["agriculture"]}])
    collected = args([(e.id, dict(e.args)) for e in s.events(None)], "collect.yields")
    assert collected["player"] == 1
    assert collected["parts"] == [["plot", "grassland", 5, 0, 0],  # 2 doubled by the Granary, +1 population
                                  ["plot", "hills", 0, 2, 0], ["plot", "coast", 0, 0, 2], ["plot", "forest", 0, 1, 1],
                                  ["tech", "agriculture", 1, 0, 0]]
    assert collected["total"] == {"food": 6, "hammers": 3, "commerce": 3}
    from civtable.core.events import Event

    assert s.game.render_event(Event("collect.yields", collected), 1) == (
        "Player 1 (you) collects 6 Food, 3 Hammers and 3 Commerce: Grassland (5 Food), Hills (2 Hammers), "
        "Coast (2 Commerce), Forest (1 Hammer, 1 Commerce) and Agriculture (1 Food).")


def test_ccg_7_combat_steps_and_result_are_told() -> None:
    """CCG-7.1 to 7.6: the combat begins, a block, the damage (a population taken and
    placed), the result with the losses, the discarded units."""
    s = position(players=[{"hand": {"chariot": 2}, "plots": ["grassland", "hills"]},
                          {"hand": {"spearmen": 1}, "plots": [("grassland", 2), ("hills", 1)]}],
                 phase="declare", deck=["granary"] * 3 + ["harbor"])
    act(s, 0, "attack chariot 1")
    act(s, 0, "attack chariot 1")
    told = act(s, 0, "fight")
    assert args(told[1], "combat.begins") == {"attacker": 0, "defender": 1, "units": ["chariot", "chariot"]}
    act(s, 1, "block chariot spearmen")
    assert act(s, 1, "done")[1] == [("move", {"player": 1, "action": "done"})]
    assert s.to_move() == (1,)  # the Defender chooses the plot that loses the population
    told = act(s, 1, "lose 1")
    assert args(told[None], "damage.population") == {"unit": "chariot", "defender": 1, "plot": "grassland",
                                                     "number": 1}
    assert s.to_move() == (0,)  # the Attacker chooses where it goes
    told2 = act(s, 0, "gain 2")
    assert args(told2[1], "damage.gained") == {"attacker": 0, "plot": "hills", "number": 2}
    won = args(told2[None], "combat.won")
    assert won == {"attacker": 0, "defender": 1, "through": ["chariot"], "blocked": [["chariot", "spearmen"]],
                   "losses": {"population": 1, "buildings": 0}}
    assert read(s, 1, [("combat.won", won)]) == [
        "Player 0 wins against player 1 (you): Chariot got through, Chariot (by Spearmen) blocked; "
        "player 1 (you) loses 1 population."]
    assert sorted(args(told2[None], "combat.discarded")["cards"]) == ["chariot", "chariot", "spearmen"]


def test_ccg_7_2_walls_knocked_down_and_bounces_are_told() -> None:
    """CCG-7.2.1 / 7.2.2: a Catapult knocks down City Walls; the Great Wall bounces
    the Chariot; nothing got through."""
    s = position(players=[{"hand": {"catapult": 1, "chariot": 1}},
                          {"plots": [("grassland", 1, ["city_walls"]), ("hills", 0, ["great_wall"]), "coast",
                                     "forest"]}],
                 phase="declare", deck=["temple"] * 3 + ["harbor"])
    act(s, 0, "attack catapult 1")
    act(s, 0, "attack chariot 1")
    told = act(s, 0, "fight")
    assert args(told[None], "siege.walls") == {"attacker": 0, "unit": "catapult", "defender": 1, "walls": "city_walls"}
    assert args(told[None], "bounce.unit") == {"defender": 1, "attacker": 0, "unit": "chariot"}
    held = args(told[None], "combat.held")
    assert held == {"attacker": 0, "defender": 1, "blocked": [], "bounced": ["chariot"]}
    assert read(s, None, [("combat.held", held)]) == [
        "Player 1 holds off player 0: nothing got through (nothing blocked; Chariot bounced)."]


def test_ccg_1_the_end_of_the_game_is_told_with_the_points() -> None:
    """CCG-1.1 to 1.3: the last technology, each player's points, the winner."""
    others = [t.id for t in game().rules.cards.techs if t.id != "astronomy"]
    s = position(players=[{"technologies": others[:9], "resources": {"commerce": 24}},
                          {"technologies": others[9:]}],
                 tech_display=["astronomy"], tech_deck=[])
    told = act(s, 0, "tech astronomy")
    assert ids(told[None])[-4:] == ["end.now", "end.score", "end.score", "game.over"]
    assert args(told[None], "end.score") == {"player": 0, "vp": 10, "techs": 10, "pops": 0, "wonders": 0}
    assert args(told[None], "game.over") == {"winners": [0]}


def test_events_read_with_display_names_not_ids() -> None:
    """Every event of a few greedy games renders for every viewer without an id
    showing through (no underscores, no lower-case card ids like food_cache)."""
    from civtable.agents import PlayerView, make_agent

    g = game(players=3)
    raw_ids = {c.id for c in g.rules.cards.cards if "_" in c.id}
    for seed in range(2):
        s = g.new_state(seed=seed)
        bots = [make_agent("greedy", g, seed=i) for i in range(3)]
        while s.to_move():
            p = s.to_move()[0]
            s.apply(p, bots[p].act(PlayerView(s, p)))
        for v in (0, 1, 2, None):
            for e in s.events(v):
                text = g.render_event(e, v)
                assert not any(i in text for i in raw_ids), text
                assert "_" not in text, text


def test_ccg_3_3_a_status_that_changes_hands_is_told() -> None:
    """CCG-3.3 / CCG-3.5: Highest Culture won by a building, lost when it is destroyed."""
    s = position(players=[{"resources": {"hammers": 5}, "hand": {"monastery": 1},
                           "plots": [("grassland", 0, ["temple"]), "hills", "coast", "forest"]}])
    told = act(s, 0, "build monastery 2")
    assert args(told[None], "status.held") == {"status": "culture", "players": [0]}
    assert read(s, 1, [("status.held", args(told[1], "status.held"))]) == ["Highest Culture now: player 0."]
    s = position(players=[{"hand": {"swordsmen": 1}},
                          {"plots": [("grassland", 0, ["monastery"]), ("hills", 0, ["temple"]), "coast", "forest"]}],
                 phase="declare", deck=["harbor"] * 2 + ["temple"] * 2)
    act(s, 0, "attack swordsmen 1")
    act(s, 0, "fight")
    act(s, 1, "done")
    told = act(s, 1, "destroy monastery 1")
    assert args(told[None], "status.lost") == {"status": "culture"}
    assert read(s, None, [("status.lost", {"status": "culture"})]) == ["Nobody has Highest Culture now."]
