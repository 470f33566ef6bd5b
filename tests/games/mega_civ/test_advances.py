"""Rule tests of the Civilization Advances of Mega Civilization on hand-built positions
of the small map: the special abilities of phase 10 (MC-10.1), buying advances
(MC-12.1 to MC-12.4), the AST requirements that count advances (MC-13.1.1), the score
of advances (MC-14.3 to MC-14.5) and every ability that changes another phase.

Prices are worked out by hand from data/advances.json (cost, credits by group,
credit_to); trade cards from data/cards.json (5-player West stacks: ochre/clay 1,
iron/papyrus 2, fish/fruit 3, oil/wool 4, textiles/wine 5, copper/tin 6,
incense/resin 7, gemstones/marble 8, gold/ivory 9; a set of n cards is worth n
squared times the face value). Small map limits: kings_vale 3, old_ford 2,
north_downs 2, ash_plains 2, great_delta 4, river_bend 3, twin_rivers 3,
date_oasis 1, pearl_isle 2. AST order: Minoa, Assyria, Hatti, Hellas, Egypt.

A later player in AST order (Egypt) who still has something to decide keeps the
automatic phases from running on after the player under test is done.
"""

from __future__ import annotations

import pytest

from civtable.games.mega_civ.rules.advances import hand_limit, price
from civtable.games.mega_civ.rules.special import special_actions
from civtable.games.mega_civ.state import BUY, DISCARD, MOVE, SPECIAL, TASK

from . import _mc_helpers as mc
from ._advance_helpers import EGYPT_BUYER, adv, buying, hand, owned, special
from ._mc_helpers import game, position, run_from
from ._seats import ASSYRIA, EGYPT, HATTI, HELLAS, MINOA


# ================================================================== phase 10 (MC-10.1)
def test_mc_10_1_trade_routes_cards_for_twice_their_face_value():
    """MC-10.1 Trade Routes: each commodity card discarded gives twice its face value in
    treasury (from the stock): wine 10, wine 10, ochre 2; the cards go to the discards."""
    s = special({HELLAS: {"tokens": {"kings_vale": 1}, "advances": ["trade-routes"], "hand": ["wine", "wine", "ochre"]}})
    assert (s.phase, s.step, s.to_move()) == (10, SPECIAL, (HELLAS,))
    assert mc.texts(s, HELLAS) == ["trade-routes ochre", "trade-routes wine", "done"]
    s.apply(HELLAS, "trade-routes wine")
    assert (s.treasury[HELLAS], s.stock[HELLAS]) == (10, 44)
    assert hand(s, HELLAS) == ["ochre", "wine"]
    assert [s.cat.cards[c].id for c in s.discards[5]] == ["wine"]
    s.apply(HELLAS, "trade-routes wine")
    s.apply(HELLAS, "trade-routes ochre")
    assert (s.treasury[HELLAS], s.stock[HELLAS]) == (22, 32)
    assert hand(s, HELLAS) == []
    assert s.to_move() == (EGYPT,)  # nothing left for Hellas: the next player
    mc.conserved(s)


def test_mc_10_1_politics_treasury():
    """MC-10.1 Politics, first way: 5 tokens from the stock into the treasury; once a turn."""
    s = special({HELLAS: {"tokens": {"kings_vale": 1}, "advances": ["politics", "coinage"]}})
    assert "politics-treasury" in mc.texts(s, HELLAS)
    s.apply(HELLAS, "politics-treasury")
    assert (s.treasury[HELLAS], s.stock[HELLAS]) == (5, 49)
    assert mc.texts(s, HELLAS) == ["tax-rate -1", "tax-rate 1", "done"]


def test_mc_10_1_politics_annex_paying_per_unit_immune_holders():
    """MC-10.1 Politics, second way: annex all units of an area next to Hellas's units
    (kings_vale) by land, paying 1 treasury per unit (a city counts 5). Hatti's 2 tokens
    in ash_plains: 2 treasury; Hatti's city in north_downs: 5. Assyria (Cultural
    Ascendancy, frost_wastes) and Egypt (Politics, old_ford) are immune."""
    s = special({HELLAS: {"tokens": {"kings_vale": 2}, "treasury": 10, "advances": ["politics", "coinage"]},
                 HATTI: {"tokens": {"ash_plains": 2}},
                 ASSYRIA: {"tokens": {"frost_wastes": 1}, "advances": ["cultural-ascendancy"]},
                 EGYPT: {"tokens": {"old_ford": 1}, "advances": ["politics", "coinage"]}},
                city={"north_downs": HATTI})
    annex = [t for t in mc.texts(s, HELLAS) if t.startswith("politics-annex")]
    assert annex == ["politics-annex north_downs", "politics-annex ash_plains"]
    s.apply(HELLAS, "politics-annex ash_plains")
    assert (mc.tok(s, HELLAS, "ash_plains"), mc.tok(s, HATTI, "ash_plains")) == (2, 0)
    assert (s.treasury[HELLAS], s.stock[HELLAS], s.stock[HATTI]) == (8, 43, 55)
    assert not any(t.startswith("politics") for t in mc.texts(s, HELLAS))  # once a turn
    mc.conserved(s)


def test_mc_10_1_politics_annexes_a_city_for_five():
    """MC-10.1 Politics: Hatti's city in north_downs (5 points) becomes Hellas's; with 4
    in the treasury it cannot be paid for, and is not offered."""
    players = {HELLAS: {"tokens": {"kings_vale": 2}, "treasury": 5, "advances": ["politics", "coinage"]}}
    s = special(players, city={"north_downs": HATTI})
    s.apply(HELLAS, "politics-annex north_downs")
    assert mc.owner(s, "north_downs") == HELLAS
    assert (s.city_stock[HELLAS], s.city_stock[HATTI], s.treasury[HELLAS]) == (8, 9, 0)
    poor = special({HELLAS: {**players[HELLAS], "treasury": 4}}, city={"north_downs": HATTI})
    assert "politics-annex north_downs" not in mc.texts(poor, HELLAS)


def test_mc_10_1_fundamentalism_destroys_all_units_of_an_area():
    """MC-10.1 Fundamentalism: every unit in an area next to Hellas's by land is
    destroyed: Hatti's city and token in north_downs go back to his stock. Assyria
    (Philosophy) is immune, and so are barbarians."""
    s = special({HELLAS: {"tokens": {"kings_vale": 1}, "advances": ["fundamentalism", "coinage"]},
                 HATTI: {"tokens": {"north_downs": 1}},
                 ASSYRIA: {"tokens": {"old_ford": 2}, "advances": ["philosophy"]}},
                city={"north_downs": HATTI}, barbarians={"ash_plains": 3})
    assert [t for t in mc.texts(s, HELLAS) if t.startswith("fund")] == ["fundamentalism north_downs"]
    s.apply(HELLAS, "fundamentalism north_downs")
    assert (mc.owner(s, "north_downs"), mc.tok(s, HATTI, "north_downs")) == (-1, 0)
    assert (s.city_stock[HATTI], s.stock[HATTI]) == (9, 55)
    assert s.barb[s.board.index("ash_plains")] == 3
    mc.conserved(s)


def test_mc_10_1_monotheism_annexes_theology_protects():
    """MC-10.1 Monotheism: Hatti's city and token in north_downs become Hellas's (city
    piece and a token from his stock); Assyria holds Theology: ash_plains is safe."""
    s = special({HELLAS: {"tokens": {"kings_vale": 1}, "advances": ["monotheism", "coinage"]},
                 HATTI: {"tokens": {"north_downs": 1}},
                 ASSYRIA: {"tokens": {"ash_plains": 2}, "advances": ["theology"]}},
                city={"north_downs": HATTI})
    assert [t for t in mc.texts(s, HELLAS) if t.startswith("mono")] == ["monotheism north_downs"]
    s.apply(HELLAS, "monotheism north_downs")
    assert mc.owner(s, "north_downs") == HELLAS
    assert (mc.tok(s, HELLAS, "north_downs"), mc.tok(s, HATTI, "north_downs")) == (1, 0)
    assert (s.city_stock[HELLAS], s.city_stock[HATTI], s.stock[HELLAS]) == (8, 9, 53)
    assert mc.tok(s, ASSYRIA, "ash_plains") == 2
    mc.conserved(s)


def test_mc_10_1_monotheism_holders_immune_to_each_other():
    """MC-10.1 Monotheism: holders of Monotheism are immune too."""
    s = special({HELLAS: {"tokens": {"kings_vale": 1}, "advances": ["monotheism", "coinage"]},
                 HATTI: {"tokens": {"north_downs": 1}, "advances": ["monotheism"]}})
    assert not any(t.startswith("monotheism") for t in mc.texts(s, HELLAS))


def test_mc_10_1_universal_doctrine_pirate_city_or_five_barbarians():
    """MC-10.1 Universal Doctrine: anywhere on the board, a pirate city becomes Hellas's
    city, or up to 5 barbarians become his tokens (7 in high_moor: 5 taken, 2 stay)."""
    kw = {"pirates": ["pearl_isle"], "barbarians": {"high_moor": 7, "ash_plains": 4}}
    players = {HELLAS: {"tokens": {"great_delta": 1}, "advances": ["universal-doctrine", "coinage"]}}
    s = special(players, **kw)
    assert [t for t in mc.texts(s, HELLAS) if t.startswith("universal")] == [
        "universal-doctrine high_moor", "universal-doctrine ash_plains", "universal-doctrine pearl_isle"]
    s.apply(HELLAS, "universal-doctrine pearl_isle")
    assert mc.owner(s, "pearl_isle") == HELLAS and s.city_stock[HELLAS] == 8
    assert not any(t.startswith("universal") for t in mc.texts(s, HELLAS))  # once a turn
    s = special(players, **kw)
    s.apply(HELLAS, "universal-doctrine high_moor")
    assert (mc.tok(s, HELLAS, "high_moor"), s.barb[s.board.index("high_moor")], s.stock[HELLAS]) == (5, 2, 49)
    mc.conserved(s)


def test_mc_10_1_provincial_empire_each_victim_gives_a_card():
    """MC-10.1 Provincial Empire: Hellas chooses players with units next to his (by land
    or water); each gives him a card of face value 2 or more, of his own choice: Hatti
    (ash_plains) chooses between iron and wine. Assyria holds Public Works (protected);
    Minoa has only a face-1 card; Egypt (great_delta) is not a neighbour."""
    s = special({HELLAS: {"tokens": {"kings_vale": 1}, "advances": ["provincial-empire", "coinage"]},
                 HATTI: {"tokens": {"ash_plains": 1}, "hand": ["iron", "wine", "ochre"]},
                 ASSYRIA: {"tokens": {"old_ford": 1}, "advances": ["public-works"], "hand": ["wine"]},
                 MINOA: {"tokens": {"north_downs": 1}, "hand": ["ochre"]},
                 EGYPT: {"tokens": {"great_delta": 1}, "advances": ["coinage"], "hand": ["fish"]}})
    assert [t for t in mc.texts(s, HELLAS) if t.startswith("provincial")] == [f"provincial-empire {HATTI}"]
    s.apply(HELLAS, f"provincial-empire {HATTI}")
    assert (s.step, s.to_move()) == (TASK, (HATTI,))
    assert mc.texts(s, HATTI) == ["give iron", "give wine"]
    s.apply(HATTI, "give iron")
    assert hand(s, HELLAS) == ["iron"]
    assert hand(s, HATTI) == ["ochre", "wine"]
    assert (hand(s, ASSYRIA), hand(s, MINOA), hand(s, EGYPT)) == (["wine"], ["ochre"], ["fish"])
    assert (s.step, s.to_move()) == (SPECIAL, (HELLAS,))
    assert not any(t.startswith("provincial-empire") for t in mc.texts(s, HELLAS))  # each player once
    mc.assert_illegal(s, HELLAS, f"provincial-empire {HATTI}")
    mc.assert_illegal(s, HELLAS, f"provincial-empire {MINOA}")


def test_mc_10_1_provincial_empire_the_holder_chooses_up_to_five():
    """MC-10.1 Provincial Empire: "choose up to 5 players": on the full map, 7 players
    stand next to Hellas's chaldaea; he picks whom (here the last five in seat order,
    not the first in AST order), and after five no sixth may be chosen; he may also stop
    before (``done``)."""
    g = game(players=9, map="full")
    neighbours = ["ad_dhana", "charax", "gerrah", "nafud", "nafud_desert", "sumaria", "susa"]
    others = [q for q in range(9) if q != HELLAS]
    players = {HELLAS: {"tokens": {"chaldaea": 1}, "advances": ["provincial-empire"]}}
    goods = ["papyrus", "iron", "fish", "fruit", "wool", "oil", "wine"]
    for q, area, card in zip(others, neighbours, goods, strict=False):
        players[q] = {"tokens": {area: 1}, "hand": [card]}
    s = run_from(g, phase=10, players=players)
    offered = sorted(int(t.split()[1]) for t in mc.texts(s, HELLAS) if t.startswith("provincial-empire"))
    assert offered == sorted(others[:7])
    picks = sorted(others[:7])[2:]
    for q in picks[:4]:
        s.apply(HELLAS, f"provincial-empire {q}")
        assert (s.phase, s.to_move()) == (10, (HELLAS,))  # one card to give: no choice, given at once
    assert f"provincial-empire {picks[4]}" in mc.texts(s, HELLAS)
    after = s.clone()
    s.apply(HELLAS, f"provincial-empire {picks[4]}")  # the fifth: his special step is over
    assert s.phase > 10 or s.to_move() != (HELLAS,)
    assert not [a for a in special_actions(s, HELLAS) if a.kind == "provincial-empire"]  # two were left unchosen
    assert [hand(s, q) for q in picks] == [[]] * 5
    assert hand(s, HELLAS) == sorted(goods[others.index(q)] for q in picks)
    assert [hand(s, q) for q in sorted(others[:7])[:2]] == [[goods[others.index(q)]] for q in sorted(others[:7])[:2]]
    mc.conserved(s)
    after.apply(HELLAS, "done")  # he may stop after four
    assert hand(after, picks[4]) == [goods[others.index(picks[4])]]


def test_mc_10_1_diaspora_five_tokens_within_the_limits():
    """MC-10.1 Diaspora: up to 5 of Hellas's tokens move anywhere, never above a limit:
    pearl_isle (limit 2) takes 2, then is no longer offered; after 5 moves, no more."""
    s = special({HELLAS: {"tokens": {"kings_vale": 6}, "advances": ["diaspora", "coinage"]}})
    s.apply(HELLAS, "diaspora kings_vale pearl_isle")
    s.apply(HELLAS, "diaspora kings_vale pearl_isle")
    assert "diaspora kings_vale pearl_isle" not in mc.texts(s, HELLAS)
    for dst in ("east_strand", "east_strand", "south_cape"):
        s.apply(HELLAS, f"diaspora kings_vale {dst}")
    assert [mc.tok(s, HELLAS, a) for a in ("kings_vale", "pearl_isle", "east_strand", "south_cape")] == [1, 2, 2, 1]
    assert not any(t.startswith("diaspora") for t in mc.texts(s, HELLAS))
    mc.conserved(s)


@pytest.mark.parametrize("advance, legal, choice, tax", [
    ("coinage", ["tax-rate -1", "tax-rate 1", "done"], "tax-rate 1", 6),
    ("coinage", ["tax-rate -1", "tax-rate 1", "done"], "tax-rate -1", 2),
    ("monarchy", ["tax-rate 1", "done"], "tax-rate 1", 6),
])
def test_mc_10_1_mc_1_1_tax_rate_changes_next_turns_tax(advance, legal, choice, tax):
    """MC-10.1 Coinage (tax rate -1 or +1) / Monarchy (+1) / MC-1.1: the rate chosen in
    phase 10 is the tax per city in the next turn's phase 1: Hellas's 2 cities pay 3 or
    1 each. Then growth: kings_vale 3 -> 5, ash_plains 2 -> 4 (stock 50 - tax - 4)."""
    s = run_from(phase=10, players={HELLAS: {"tokens": {"kings_vale": 3, "ash_plains": 2}, "advances": [advance]}},
                 city={"old_ford": HELLAS, "north_downs": HELLAS})
    assert mc.texts(s, HELLAS) == legal
    s.apply(HELLAS, choice)
    assert (s.turn, s.phase, s.step, s.to_move()) == (2, 3, MOVE, (HELLAS,))
    assert s.tax_rate[HELLAS] == int(choice.split()[1])
    assert (s.treasury[HELLAS], s.stock[HELLAS]) == (tax, 50 - tax - 4)


def test_mc_1_1_tax_rate_from_the_position():
    """MC-1.1 with a tax rate of -1 (Coinage, chosen earlier): 1 token per city."""
    s = run_from(phase=1, players={HELLAS: {"tokens": {"kings_vale": 1}, "advances": ["coinage"], "tax_rate": -1}},
                 city={"old_ford": HELLAS, "north_downs": HELLAS, "great_delta": HELLAS})
    assert s.treasury[HELLAS] == 3


# ================================================================== phase 12 (MC-12)
def test_mc_12_1_players_buy_in_ast_order():
    """MC-12.1: the players who can buy decide one after another in AST order: Minoa,
    Hatti, Hellas, Egypt (Assyria cannot pay for anything: he is skipped)."""
    s = run_from(phase=12, players={p: {"treasury": 50} for p in (HELLAS, MINOA, HATTI, EGYPT)})
    seen = []
    while s.phase == 12:
        assert s.step == BUY
        (p,) = s.to_move()
        seen.append(p)
        s.apply(p, "done")
    assert seen == [MINOA, HATTI, HELLAS, EGYPT]


def test_mc_12_1_buy_pays_and_owns():
    """MC-12.1: Hellas buys Mysticism (50, no credits) with 50 treasury: the tokens go
    back to his stock; the advance is his, at the price paid."""
    s = buying({HELLAS: {"treasury": 55}})
    assert s.to_move() == (HELLAS,)
    s.apply(HELLAS, "buy mysticism")
    assert s.pay == [adv(s, "mysticism"), 50, 0, []]
    s.apply(HELLAS, "treasury")
    assert owned(s, HELLAS) == ["mysticism"]
    assert s.paid[HELLAS] == [50]
    assert (s.treasury[HELLAS], s.stock[HELLAS]) == (5, 50)
    mc.conserved(s)


@pytest.mark.parametrize("credits", ["A", "B"])
def test_mc_12_2_group_credits_add_up(credits):
    """MC-12.2 (advance-credits A and B, the same: the data has no ability credits):
    Pottery and Masonry give 10 crafts each: Metalworking (crafts, 90) costs 70."""
    s = buying({HELLAS: {"treasury": 54, "hand": ["wine", "wine"], "advances": ["pottery", "masonry"]}},
               g=game(**{"advance-credits": credits}))
    s.apply(HELLAS, "buy metalworking")
    assert s.pay[1] == 70
    assert price(s, HELLAS, adv(s, "cloth-making")) == 30  # crafts 50 - 20


def test_mc_12_2_dual_group_card_uses_its_best_single_group():
    """MC-12.2: Engineering (crafts and science, 160): Masonry gives crafts 10, science 5
    and 10 to Engineering itself; Astronavigation science 10. The best single group is
    science (15), not crafts + science (25): 160 - 15 - 10 = 135."""
    s = buying({HELLAS: {"treasury": 55, "advances": ["masonry", "astronavigation"]}})
    assert price(s, HELLAS, adv(s, "engineering")) == 135


def test_mc_12_2_specific_credit_to_one_advance():
    """MC-12.2: Sculpture gives arts 10 and 10 to Architecture: Architecture (arts, 140)
    costs 120; Music (arts, 80) gets the group credit only: 70."""
    s = buying({HELLAS: {"treasury": 55, "advances": ["sculpture"]}})
    assert price(s, HELLAS, adv(s, "architecture")) == 120
    assert price(s, HELLAS, adv(s, "music")) == 70


def test_mc_12_2_written_record_credit_tokens():
    """MC-12.2 Written Record: on purchase 10 credit points in tokens of 5, on groups of
    the buyer's choice (science twice); they count with the group's credits: Coinage
    (science, 90): 5 (Written Record) + 10 (tokens) = 15 off: 75."""
    s = buying({HELLAS: {"treasury": 54, "hand": ["wine", "wine"]}})
    s.apply(HELLAS, "buy written-record")
    s.apply(HELLAS, "pay wine")
    s.apply(HELLAS, "treasury")
    assert (s.step, s.to_move()) == (TASK, (HELLAS,))
    assert mc.texts(s, HELLAS) == [f"credit {g}" for g in ("arts", "civics", "crafts", "religion", "science")]
    s.apply(HELLAS, "credit science")
    s.apply(HELLAS, "credit science")
    assert s.extra_credit[HELLAS][s.cat.groups.index("science")] == 10
    assert price(s, HELLAS, adv(s, "coinage")) == 75


def test_mc_12_2_monument_tokens_in_the_position():
    """MC-12.2 Monument's 20 credit points (tokens: religion 15, arts 5): Mysticism (arts,
    religion, 50) takes the best group: religion 15 + 10 (Monument) = 25, plus Mysticism's
    own... none: 50 - 25 = 25."""
    s = buying({HELLAS: {"treasury": 55, "advances": ["monument"], "credit_tokens": {"religion": 15, "arts": 5}}})
    assert price(s, HELLAS, adv(s, "mysticism")) == 25


def test_mc_12_2_monument_purchase_gives_four_tokens():
    """MC-12.2 Monument: 20 points, four tokens of 5, each on a group of the buyer's
    choice. Mysticism gives religion 5 and 10 to Monument (crafts, religion, 180): 165."""
    s = buying({HELLAS: {"treasury": 20, "hand": ["gold"] * 5, "advances": ["mysticism"]}})
    s.apply(HELLAS, "buy monument")
    assert s.pay[1] == 165  # 180 - 5 (Mysticism: religion 5) - 10 (Mysticism to Monument)
    s.apply(HELLAS, "pay gold")
    for group in ("arts", "arts", "civics", "religion"):
        assert s.to_move() == (HELLAS,) and s.step == TASK
        s.apply(HELLAS, f"credit {group}")
    assert dict(zip(s.cat.groups, s.extra_credit[HELLAS], strict=True)) == {
        "arts": 10, "civics": 5, "crafts": 0, "religion": 5, "science": 0}


def test_mc_12_2_mining_treasury_counts_two():
    """MC-12.2 Mining: a treasury token pays 2 points: Mysticism (50) takes 25 tokens."""
    s = buying({HELLAS: {"treasury": 30, "advances": ["mining"]}})
    s.apply(HELLAS, "buy mysticism")
    s.apply(HELLAS, "treasury")
    assert "mysticism" in owned(s, HELLAS)
    assert (s.treasury[HELLAS], s.stock[HELLAS]) == (5, 50)


def test_mc_12_2_no_change_given():
    """MC-12.2: four Wine (80) pay for Mysticism (50): all four are spent, nothing comes
    back; the price paid is 50."""
    s = buying({HELLAS: {"hand": ["wine"] * 4}})
    s.apply(HELLAS, "buy mysticism")
    s.apply(HELLAS, "pay wine")
    assert owned(s, HELLAS) == ["mysticism"] and s.paid[HELLAS] == [50]
    assert (hand(s, HELLAS), s.treasury[HELLAS]) == ([], 0)
    assert [s.cat.cards[c].id for c in s.discards[5]] == ["wine"] * 4


def test_mc_12_2_cards_then_treasury():
    """MC-12.2: a set of 2 Wine (20) and 30 treasury tokens pay for Mysticism (50)."""
    s = buying({HELLAS: {"hand": ["wine", "wine", "ochre"], "treasury": 40}})
    s.apply(HELLAS, "buy mysticism")
    s.apply(HELLAS, "pay wine")
    assert s.pay[2] == 20
    s.apply(HELLAS, "treasury")
    assert (s.treasury[HELLAS], hand(s, HELLAS)) == (10, ["ochre"])


def test_mc_12_2_short_payment_cannot_complete():
    """MC-12.2, bad input: Hellas owns Pottery and Masonry (crafts 10 each): Cloth Making
    (crafts, 50) costs 30. With 10 treasury, 'treasury' is illegal until cards cover the
    rest (ochre 1: still short); a card cannot pay twice; an illegal action changes
    nothing; 'cancel' gives everything back. Then Wine (20) + 10 treasury complete it."""
    s = buying({HELLAS: {"treasury": 10, "hand": ["wine", "wine", "ochre"], "advances": ["pottery", "masonry"]}})
    s.apply(HELLAS, "buy cloth-making")
    assert s.pay[1] == 30
    assert mc.texts(s, HELLAS) == ["pay ochre", "pay wine", "cancel"]
    mc.assert_illegal(s, HELLAS, "treasury")
    s.apply(HELLAS, "pay ochre")
    mc.assert_illegal(s, HELLAS, "pay ochre")
    mc.assert_illegal(s, HELLAS, "treasury")  # 1 + 10 < 30
    mc.assert_illegal(s, HELLAS, "done")
    s.apply(HELLAS, "cancel")
    assert s.pay is None
    assert (hand(s, HELLAS), s.treasury[HELLAS], owned(s, HELLAS)) == (["ochre", "wine", "wine"], 10, ["masonry", "pottery"])
    s.apply(HELLAS, "buy cloth-making")
    s.apply(HELLAS, "pay wine")
    s.apply(HELLAS, "treasury")
    assert (hand(s, HELLAS), s.treasury[HELLAS]) == (["ochre"], 0)
    assert owned(s, HELLAS) == ["cloth-making", "masonry", "pottery"]


def test_mc_12_1_an_owned_advance_cannot_be_bought_again():
    """MC-12.1, bad input: Hellas owns Mysticism; buying it again is illegal."""
    s = buying({HELLAS: {"treasury": 55, "advances": ["mysticism"]}})
    assert "buy mysticism" not in mc.texts(s, HELLAS)
    mc.assert_illegal(s, HELLAS, "buy mysticism")
    mc.assert_illegal(s, HELLAS, "buy no-such-advance")


def test_mc_12_2_library_takes_40_off_one_other_advance():
    """Library (on purchase): 40 off one other advance bought in the same turn. Hellas
    owns Mathematics (science 20, arts 20) and 50 arts credit tokens: Library (science,
    220) costs 200 (5 Gold, 225, no change). Mysticism (arts 20 + 5 + 50 >= 50) is free
    anyway: the discount stays. Medicine (science, 140): science 20 + 20 (Library) = 40,
    less 40: 60 (2 Wine 20 + 40 treasury). Then Coinage (science, 90 - 50): 40, no
    discount left."""
    s = buying({HELLAS: {"treasury": 50, "hand": ["gold"] * 5 + ["wine"] * 2, "advances": ["mathematics"],
                         "credit_tokens": {"arts": 50}}})
    s.apply(HELLAS, "buy library")
    assert s.pay[1] == 200
    s.apply(HELLAS, "pay gold")
    assert price(s, HELLAS, adv(s, "mysticism")) == 0
    s.apply(HELLAS, "buy mysticism")
    assert "mysticism" in owned(s, HELLAS) and s.pay is None
    assert price(s, HELLAS, adv(s, "medicine")) == 60
    s.apply(HELLAS, "buy medicine")
    s.apply(HELLAS, "pay wine")
    s.apply(HELLAS, "treasury")
    assert owned(s, HELLAS) == ["library", "mathematics", "medicine", "mysticism"]
    assert s.paid[HELLAS] == [200, 250, 60, 0]
    assert s.treasury[HELLAS] == 10
    assert price(s, HELLAS, adv(s, "coinage")) == 40


def test_mc_12_2_anatomy_gives_a_free_science_advance():
    """Anatomy (on purchase): one Science advance printed below 100 for free. Medicine
    gives science 10 and 20 to Anatomy (270): 240 = 5 Gemstones (200) + 40 treasury."""
    s = buying({HELLAS: {"treasury": 40, "hand": ["gemstones"] * 5, "advances": ["medicine"]}})
    s.apply(HELLAS, "buy anatomy")
    assert s.pay[1] == 240
    s.apply(HELLAS, "pay gemstones")
    s.apply(HELLAS, "treasury")
    assert (s.step, s.to_move()) == (TASK, (HELLAS,))
    assert mc.texts(s, HELLAS) == ["take astronavigation", "take coinage", "take empiricism", "take written-record", "none"]
    s.apply(HELLAS, "take coinage")
    assert owned(s, HELLAS) == ["anatomy", "coinage", "medicine"]
    assert s.paid[HELLAS] == [240, 0, 140]
    assert s.treasury[HELLAS] == 0


def test_mc_12_3_one_players_purchase_does_not_change_anothers():
    """MC-12.3: buying in AST order gives what simultaneous buying would: Minoa's
    purchase changes nothing Hatti could buy, nor its price (credits are per player)."""
    s = run_from(phase=12, players={MINOA: {"treasury": 54}, HATTI: {"treasury": 54, "advances": ["pottery"]},
                                    **EGYPT_BUYER})
    before = [a.text for a in s.legal(HATTI)]
    prices = [price(s, HATTI, a) for a in range(len(s.cat.advances))]
    s.apply(MINOA, "buy mysticism")
    s.apply(MINOA, "treasury")
    assert s.to_move() == (HATTI,)  # Minoa can afford nothing more
    assert mc.texts(s, HATTI) == before
    assert [price(s, HATTI, a) for a in range(len(s.cat.advances))] == prices


@pytest.mark.parametrize("advances, limit, discards", [([], 8, 2), (["roadbuilding"], 9, 1)])
def test_mc_12_4_hand_limit_player_chooses_the_excess(advances, limit, discards):
    """MC-12.4 (hand-limit A): at the end of phase 12 a 5-player game allows 8 cards
    (Roadbuilding: 9); all cards count, calamities too; the player chooses what goes
    (here iron, then ochre) to the discards."""
    cards = ["ochre"] * 3 + ["clay"] * 3 + ["iron"] * 2 + ["treachery", "papyrus"]
    s = run_from(phase=12, players={HELLAS: {"hand": cards, "advances": advances}, EGYPT: {"tokens": {"great_delta": 1}}})
    assert hand_limit(s, HELLAS) == limit
    assert (s.phase, s.step, s.to_move()) == (12, DISCARD, (HELLAS,))
    assert mc.texts(s, HELLAS) == ["discard ochre", "discard clay", "discard papyrus", "discard iron", "discard treachery"]
    for card in ("iron", "ochre")[:discards]:
        s.apply(HELLAS, f"discard {card}")
    assert len(s.hands[HELLAS]) == limit
    assert s.phase != 12
    kept = ["clay"] * 3 + ["iron"] * (2 - 1) + ["ochre"] * (3 - (discards - 1)) + ["papyrus", "treachery"]
    assert hand(s, HELLAS) == sorted(kept)


def test_mc_12_4_hand_limit_nine_from_twelve_players():
    """MC-12.4: 12 to 18 players: 9 cards."""
    s = game(players=12, map="full").new_state(seed=1)
    assert hand_limit(s, 0) == 9
    assert hand_limit(game().new_state(seed=1), 0) == 8


# ================================================================== AST and score
@pytest.mark.parametrize("advances, cities_at, square", [
    (["mysticism", "pottery", "masonry"], ["old_ford", "north_downs", "kings_vale"], 8),
    (["mysticism", "pottery"], ["old_ford", "north_downs", "kings_vale"], 7),
    (["mysticism", "pottery", "masonry"], ["old_ford", "north_downs"], 7),
    (["mysticism", "pottery", "wonder-of-the-world"], ["old_ford", "north_downs"], 8),
])
def test_mc_13_1_1_middle_bronze_needs_three_cities_and_three_advances(advances, cities_at, square):
    """MC-13.1.1 (ast-criteria A): Hellas's square 8 starts the Middle Bronze Age: 3
    cities and 3 advances; Wonder of the World counts as a city."""
    s = run_from(phase=13, players={HELLAS: {"ast": 7, "advances": advances, "tokens": {"ash_plains": 2}}},
                 city={a: HELLAS for a in cities_at})
    assert s.ast[HELLAS] == square
    assert (s.turn, s.phase) == (2, 3)


@pytest.mark.parametrize("basis, paid, vp", [("A", [50, 120, 220, 240], 1 + 3 + 6 + 6),
                                             ("B", [30, 100, 190, 200], 1 + 3 + 3 + 6),
                                             ("B", [0, 99, 100, 199], 1 + 1 + 3 + 3)])
def test_mc_14_3_to_14_5_advances_score_by_cost(basis, paid, vp):
    """MC-14.3 / MC-14.4 / MC-14.5 (cost-basis A: printed cost; B: the price paid, a
    paid 200 scoring 6 by cost-200 A): Mysticism 50, Agriculture 120, Library 220,
    Monotheism 240. One city adds 1 VP."""
    g = game(**{"cost-basis": basis})
    s = position(g, players={HELLAS: {"tokens": {"kings_vale": 1}, "advances": ["mysticism", "agriculture", "library", "monotheism"],
                                      "paid": paid}}, city={"old_ford": HELLAS}, decider=HELLAS)
    assert s.vp(HELLAS) == vp + 1


# ================================================================== the advances one can afford
@pytest.mark.parametrize("seed", range(12))
def test_mc_12_1_affordable_is_every_advance_whose_price_the_means_cover(seed):
    """MC-12.1, MC-12.2: ``affordable`` (the advances offered to buy, reckoned once for
    all of them on the hot path) is exactly the advances not owned whose ``price`` (each
    reckoned alone: cost less the best group credit, the specific credits and Library's
    discount) the player's means cover, on random positions (advances owned, credit
    tokens, Library bought this turn or not) and at every means on a price's edge."""
    import random

    from civtable.games.mega_civ.rules import advances as rules_advances

    rng = random.Random(seed)
    cat = buying({}).cat
    ids = [a.id for a in cat.advances]
    owned_ids = rng.sample(ids, rng.randrange(3, 16)) + (["library"] if seed % 2 else [])
    spec = {"tokens": {"kings_vale": 1}, "advances": sorted(set(owned_ids)),
            "credit_tokens": {gr: rng.randrange(0, 25) for gr in rng.sample(list(cat.groups), rng.randrange(0, 3))}}
    s = buying({HELLAS: spec})
    s.bought[HELLAS] = [adv(s, "library")] if seed % 2 else []
    prices = {a: price(s, HELLAS, a) for a in range(len(ids)) if a not in s.owned[HELLAS]}
    assert len(set(prices.values())) > 5
    for budget in sorted({q + d for q in prices.values() for d in (-1, 0) if q + d >= 0}):
        assert rules_advances.affordable(s, HELLAS, budget) == [a for a, q in prices.items() if q <= budget], budget
    assert rules_advances.affordable(s, HELLAS) == rules_advances.affordable(s, HELLAS, rules_advances.means(s, HELLAS))
