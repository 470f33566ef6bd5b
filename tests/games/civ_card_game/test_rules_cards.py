"""Rule tests for Civilization: The Card Game: the cards (CCG-2: plots' slots,
populations, technologies, buildings, wonders) and the rules the source calls
unclear (CCG-9: card data, Writing, Code of Laws)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from civtable.core.errors import IllegalActionError, InvalidStateError
from civtable.games.civ_card_game.catalog import DATA

from . import _ccg_helpers as h


def builds(s, p=0) -> set[str]:
    return {a for a in h.legal(s, p) if a.startswith("build")}


# ---------------------------------------------------------------- CCG-2.1.4
def test_ccg_2_1_4_one_building_per_plot():
    """CCG-2.1.4: a plot holds one building or wonder (they count together)."""
    s = h.position(players=[{"plots": [("grassland", 2, ["pyramids"]), ("hills", 0, ["library"]), "coast", "forest"],
                           "resources": {"hammers": 20}, "hand": {"temple": 1}}])
    assert builds(s) == {"build temple 3", "build temple 4"}
    h.assert_illegal(s, 0, "build temple 1")
    h.assert_illegal(s, 0, "build temple 2")


def test_ccg_2_1_4_and_2_3_6_second_slot_with_three_populations():
    """CCG-2.1.4 / CCG-2.3.6: a plot with three or more populations holds two
    buildings, not three."""
    s = h.position(players=[{"plots": [("grassland", 3, ["library"]), ("hills", 2, ["forge"]), "coast", "forest"],
                           "resources": {"hammers": 20}, "hand": {"temple": 2}}])
    assert builds(s) == {"build temple 1", "build temple 3", "build temple 4"}
    s.apply(0, "build temple 1")
    assert h.plots(s, 0)[0] == ("grassland", 3, ["library", "temple"])
    assert "build temple 1" not in builds(s)
    h.assert_illegal(s, 0, "build temple 1")


def test_ccg_2_1_4_and_2_4_2_engineering_two_slots_on_every_plot():
    """CCG-2.1.4 / CCG-2.4.2: with Engineering every plot, whatever its
    population, holds two buildings."""
    s = h.position(players=[{"plots": [("grassland", 0, ["library"]), ("hills", 0, ["pyramids"]), "coast", "forest"],
                           "technologies": ["engineering"], "resources": {"hammers": 20}, "hand": {"temple": 2}}])
    assert builds(s) == {f"build temple {i}" for i in (1, 2, 3, 4)}
    h.play(s, 0, "build temple 1", "build temple 2")
    assert h.plots(s, 0)[:2] == [("grassland", 0, ["library", "temple"]), ("hills", 0, ["pyramids", "temple"])]


def test_ccg_2_1_4_two_is_the_maximum_with_engineering_and_three_populations():
    """CCG-2.1.4 (slot-count A): Engineering and 3+ population still make two."""
    s = h.position(players=[{"plots": [("grassland", 4, ["library", "forge"]), "hills", "coast", "forest"],
                           "technologies": ["engineering"], "resources": {"hammers": 20}, "hand": {"temple": 1}}])
    assert "build temple 1" not in builds(s)
    h.assert_illegal(s, 0, "build temple 1")


def test_ccg_2_4_2_engineering_only_for_its_owner():
    """CCG-2.4.2: a technology helps only the player who bought it."""
    s = h.position(players=[{"plots": [("grassland", 0, ["library"]), "hills", "coast", "forest"],
                           "resources": {"hammers": 20}, "hand": {"temple": 1}},
                          {"technologies": ["engineering"]}])
    assert "build temple 1" not in builds(s)


# ------------------------------------------------------ CCG-2.3.1, 2.4.1, 2.7.1
def test_ccg_2_3_1_2_4_1_and_2_7_1_each_worth_one_vp():
    """CCG-2.3.1 / CCG-2.4.1 / CCG-2.7.1: buying a population, a technology or a
    wonder adds 1 VP each; a building adds none."""
    s = h.position(players=[{"resources": {"food": 6, "hammers": 12 + 6, "commerce": 8},
                           "hand": {"pyramids": 1, "library": 1}}],
                 tech_display=["pottery", "writing", "masonry"])
    assert s.vp(0) == 0
    s.apply(0, "pop 1")
    assert s.vp(0) == 1
    s.apply(0, "tech pottery")
    assert s.vp(0) == 2
    s.apply(0, "build pyramids 2")
    assert s.vp(0) == 3
    s.apply(0, "build library 3")
    assert s.vp(0) == 3


# ---------------------------------------------------------------- CCG-2.4.2
def test_ccg_2_4_2_mining_one_hammer_per_plot_when_bought():
    """CCG-2.4.2 (mining A): buying Mining gives at once 1 Hammer per plot."""
    s = h.position(players=[{"plots": ["grassland", "hills", "coast", "forest", "river"],
                           "resources": {"commerce": 10}}],
                 tech_display=["mining", "pottery", "writing"])
    s.apply(0, "tech mining")
    assert h.res(s, 0) == {"food": 0, "hammers": 5, "commerce": 0}


def test_ccg_2_4_2_mining_is_one_time():
    """CCG-2.4.2: the Mining bonus is one-time: later collections give nothing extra."""
    s = h.begin_turn(players=[{"plots": ["grassland", "hills", "coast", "forest"], "technologies": ["mining"]}])
    assert h.res(s, 0) == {"food": 2, "hammers": 3, "commerce": 3}


def test_ccg_2_4_2_technology_effects_by_card_data():
    """CCG-2.4.2: named effects from the card data: Engineering two slots,
    Mining one-time Hammers, Astronomy an extra card, Writing and Code of Laws
    steal; technologies are bought only by and for one player."""
    techs = {t.id: t for t in h.game().rules.cards.techs}
    assert techs["engineering"].two_slots
    assert techs["mining"].mining
    assert techs["astronomy"].extra_draw == 1
    assert techs["writing"].steal_card
    assert techs["code_of_laws"].steal_resources == 3


# ---------------------------------------------------------------- CCG-2.6.1
def test_ccg_2_6_1_building_price_in_hammers_and_effect_once_placed():
    """CCG-2.6.1: a Library costs its price in Hammers and, once placed, lowers
    technology costs and adds culture."""
    s = h.position(players=[{"resources": {"hammers": 6, "commerce": 11}, "hand": {"library": 1}}],
                 tech_display=["writing", "pottery", "masonry"])
    assert "tech writing" not in h.legal(s, 0)
    assert s.culture(0) == 0
    s.apply(0, "build library 1")
    assert s.culture(0) == 1
    s.apply(0, "tech writing")
    assert h.res(s, 0) == {"food": 0, "hammers": 0, "commerce": 0}


def test_ccg_2_6_1_building_in_hand_has_no_effect():
    """CCG-2.6.1: the effect applies once the building is placed, not from the hand."""
    s = h.position(players=[{"resources": {"commerce": 11}, "hand": {"library": 2, "monastery": 1}}],
                 tech_display=["writing", "pottery", "masonry"])
    assert "tech writing" not in h.legal(s, 0)
    assert s.culture(0) == 0


def test_ccg_2_6_1_monastery_gives_culture():
    """CCG-2.6.1: a Monastery gives culture (2 in the card data)."""
    s = h.position(players=[{"plots": [("grassland", 0, ["monastery"]), "hills", "coast", "forest"]}])
    assert s.culture(0) == 2


def test_ccg_2_6_1_granary_doubles_the_printed_food():
    """CCG-2.6.1 (granary A): a Granary doubles its plot's printed Food; the
    population bonus is not doubled."""
    s = h.begin_turn(players=[{"plots": [("grassland", 2, ["granary"]), "hills", "coast", "forest"]}])
    assert h.res(s, 0) == {"food": 2 * 2 + 2, "hammers": 3, "commerce": 3}


def test_ccg_2_6_1_granary_on_a_mixed_plot():
    """CCG-2.6.1 (granary A): on Plains (1 Food, 1 Hammer) a Granary doubles
    the Food only; a population's Food is not doubled."""
    s = h.begin_turn(players=[{"plots": [("plains", 1, ["granary"]), "hills", "coast", "forest"]}])
    s.apply(0, "yield food")
    assert h.res(s, 0) == {"food": 2 + 1, "hammers": 1 + 3, "commerce": 3}


def test_ccg_2_6_1_granary_only_on_its_own_plot():
    """CCG-2.6.1: the Granary's plot, not the others."""
    s = h.begin_turn(players=[{"plots": [("hills", 0, ["granary"]), "grassland", "coast", "forest"]}])
    assert h.res(s, 0) == {"food": 2, "hammers": 3, "commerce": 3}


# ---------------------------------------------------------------- CCG-9.1
def test_ccg_9_1_card_texts_are_data_a_user_can_replace(tmp_path):
    """CCG-9.1: with no errata, the card texts are the project's provisional
    data; a user's card file changes them (here Writing costs 3)."""
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    assert all(c.get("provisional") for section in ("technologies", "buildings", "wonders", "units")
               for c in raw[section])
    for t in raw["technologies"]:
        if t["id"] == "writing":
            t["cost"] = 3
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    g = h.game(cards=str(path))
    s = h.position(g, players=[{"resources": {"commerce": 3}}], tech_display=["writing", "pottery", "masonry"])
    assert "tech writing" in h.legal(s, 0)
    assert "tech writing" not in h.legal(h.position(players=[{"resources": {"commerce": 3}}],
                                                tech_display=["writing", "pottery", "masonry"]), 0)


def test_ccg_9_1_bad_card_file_is_a_clear_error(tmp_path):
    """CCG-9.1: a card file with a bad field is refused with the field named."""
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    raw["technologies"][0]["cost"] = -1
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(InvalidStateError, match="cost"):
        h.game(cards=str(path))


# ---------------------------------------------------------------- CCG-9.2
def test_ccg_9_2_writing_steals_a_random_card_in_own_turn():
    """CCG-9.2 (steal-timing A): Writing takes one card at random from an
    opponent's hand, in the owner's turn, once per turn."""
    seen = Counter()
    for rng in range(12):
        s = h.position(players=[{"technologies": ["writing"]}, {"hand": {"temple": 1, "archers": 1, "library": 1}}],
                     rng=1000 + rng)
        assert "writing 1" in h.legal(s, 0)
        s.apply(0, "writing 1")
        mine = h.hand(s, 0)
        assert sum(mine.values()) == 1 and sum(h.hand(s, 1).values()) == 2
        (card,) = mine
        seen[card] += 1
        assert Counter(h.hand(s, 1)) + Counter(mine) == {"temple": 1, "archers": 1, "library": 1}
        assert "writing 1" not in h.legal(s, 0)  # once per turn
        h.assert_illegal(s, 0, "writing 1")
    assert len(seen) > 1  # random, not a fixed pick


def test_ccg_9_2_writing_needs_a_card_and_the_technology():
    """CCG-9.2: no Writing without the technology, nor against an empty hand."""
    s = h.position(players=[{}, {"hand": {"temple": 1}}])
    h.assert_illegal(s, 0, "writing 1")
    s = h.position(players=[{"technologies": ["writing"]}, {}])
    assert "writing 1" not in h.legal(s, 0)


def test_ccg_9_2_writing_not_in_another_players_turn():
    """CCG-9.2 (steal-timing A): only during the owner's own turn."""
    s = h.begin_turn(current=1, players=[{"technologies": ["writing"]}, {"hand": {"temple": 2}}])
    assert s.to_move() == (1,)
    assert s.legal_actions(0) == []
    with pytest.raises(IllegalActionError):
        s.apply(0, "writing 1")


def test_ccg_9_2_writing_again_next_turn():
    """CCG-9.2: 'once per turn': the next own turn it may be used again."""
    s = h.begin_turn(players=[{"technologies": ["writing"], "used": 1}, {"hand": {"temple": 2}}])
    assert "writing 1" in h.legal(s, 0)


def test_ccg_9_2_code_of_laws_steals_three_random_resources():
    """CCG-9.2 (code-of-laws-choice A): three resources taken at random from
    an opponent, in the owner's turn, once per turn."""
    mixes = set()
    for rng in range(12):
        s = h.position(players=[{"technologies": ["code_of_laws"]},
                              {"resources": {"food": 3, "hammers": 3, "commerce": 3}}], rng=77 + rng)
        s.apply(0, "laws 1")
        got = h.res(s, 0)
        assert sum(got.values()) == 3
        left = h.res(s, 1)
        assert all(got[k] + left[k] == 3 for k in got)
        mixes.add(tuple(got.values()))
        assert "laws 1" not in h.legal(s, 0)
    assert len(mixes) > 1


def test_ccg_9_2_code_of_laws_takes_what_there_is():
    """CCG-9.2: with fewer than three resources the opponent loses them all;
    with none, Code of Laws cannot be used against him."""
    s = h.position(players=[{"technologies": ["code_of_laws"]}, {"resources": {"commerce": 2}}])
    s.apply(0, "laws 1")
    assert h.res(s, 0)["commerce"] == 2 and sum(h.res(s, 1).values()) == 0
    s = h.position(players=[{"technologies": ["code_of_laws"]}, {}])
    assert "laws 1" not in h.legal(s, 0)
    h.assert_illegal(s, 0, "laws 1")


def test_ccg_9_2_steal_any_opponent():
    """CCG-9.2: 'an opponent': with 4 players any of them, not only neighbours."""
    g = h.game(players=4)
    s = h.position(g, players=[{"technologies": ["writing", "code_of_laws"]}, {"hand": {"temple": 1}},
                             {"hand": {"temple": 1}, "resources": {"food": 1}}, {"resources": {"food": 1}}])
    steals = {a for a in h.legal(s, 0) if a.startswith(("writing", "laws"))}
    assert steals == {"writing 1", "writing 2", "laws 2", "laws 3"}
    assert h.player(s, 0)["used"] == 0
