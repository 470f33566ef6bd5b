"""Rule tests for Catan Deck Building: the action cards, their costs and
effects (CDB-2.6 and CDB-3)."""

from __future__ import annotations

from collections import Counter

import pytest

from civtable.games.catan_deckbuilding.catalog import BUYABLE, ROLE_IDS

from ._cdb_helpers import game, hand, laid_down, legal, pile, pool, position, refused, supply

# CDB-2.6 / CDB-3.x.1: the printed costs
COSTS = {
    "bandit": {"wool": 2, "grain": 1, "desert": 1},
    "kdef": {"wool": 1, "grain": 1, "lumber": 1},
    "koff": {"wool": 1, "grain": 1, "ore": 1},
    "harbor": {"brick": 2, "lumber": 1},
    "road": {"brick": 1, "lumber": 1},
    "settlement": {"brick": 1, "wool": 1, "grain": 1, "lumber": 1},
    "city": {"ore": 3, "grain": 2, "settlement": 1},
}
RESOURCES = ("ore", "brick", "grain", "lumber", "wool")


def lay_resources(s, p, cards: dict[str, int]) -> None:
    """Play every resource card of ``cards`` (Desert and Settlement stay in hand)."""
    for r in RESOURCES:
        for _ in range(cards.get(r, 0)):
            s.apply(p, f"play {r}")


def check_exact_cost_buys(card: str) -> None:
    """With exactly the cost laid down (Desert / Settlement in hand) the card
    can be bought; it goes to the discard pile and the payment is spent."""
    cost = COSTS[card]
    s = position(hands=[dict(cost), None])
    lay_resources(s, 0, cost)
    assert f"buy {card}" in legal(s, 0)
    before_supply = supply(s)
    s.apply(0, f"buy {card}")
    assert pile(s.disc[0])[-1] == card
    assert pool(s) == {}
    after = supply(s)
    expected = dict(before_supply)
    expected[card] -= 1
    if card == "city":
        expected["settlement"] += 1          # CDB-3.6.4: the Settlement goes back
    assert after == expected
    spent = {k: v for k, v in cost.items() if k in RESOURCES}
    if card == "bandit":
        spent["desert"] = 1                  # the Desert is laid down as payment
    assert laid_down(s, 0) == spent
    assert hand(s, 0) == {}


def check_one_short_refused(card: str) -> None:
    """With any one part of the cost missing the purchase is illegal, raises
    IllegalActionError and leaves the state unchanged."""
    cost = COSTS[card]
    for missing in cost:
        short = dict(cost)
        short[missing] -= 1
        s = position(hands=[short, None])
        lay_resources(s, 0, short)
        refused(s, 0, f"buy {card}", f"buy {card} trade")


# ---------------------------------------------------------------- CDB-2.6
def test_cdb_2_6_action_cards_and_cost_table():
    """CDB-2.6: every card in the supply is an action card with the printed cost."""
    g = game()
    buyable = {ROLE_IDS[c] for c in BUYABLE}
    assert buyable == set(COSTS)
    for c in BUYABLE:
        name = ROLE_IDS[c]
        want = [COSTS[name].get(r, 0) for r in RESOURCES]
        assert list(g.cards.cost[c]) == want, name


@pytest.mark.parametrize("card", list(COSTS))
def test_cdb_2_6_buy_legal_exactly_when_payable(card):
    """CDB-2.6: each action card can be bought with its cost, not with less."""
    check_exact_cost_buys(card)
    check_one_short_refused(card)


def test_cdb_2_6_resources_in_hand_do_not_pay():
    """CDB-2.6 / CDB-7.3: resources still in hand are not a payment; they must be
    played (laid down) first."""
    s = position(hands=[{"brick": 1, "lumber": 1}, None])
    assert not any(a.startswith("buy") for a in legal(s, 0))
    refused(s, 0, "buy road")


# ---------------------------------------------------------------- Bandit
def test_cdb_3_1_1_bandit_cost():
    """CDB-3.1.1: the Bandit costs 2 Wool, 1 Grain and 1 Desert."""
    check_exact_cost_buys("bandit")
    check_one_short_refused("bandit")


def test_cdb_3_1_1_bandit_desert_must_be_in_hand_and_is_used_up():
    """CDB-3.1.1 / CDB-2.4: the Desert must be in hand; one Desert pays for one
    Bandit only, and a Desert already laid down does not pay."""
    s = position(hands=[{"wool": 4, "grain": 2, "desert": 1}, None])
    lay_resources(s, 0, {"wool": 4, "grain": 2})
    s.apply(0, "buy bandit")
    assert pool(s) == {"wool": 2, "grain": 1}
    assert "buy bandit" not in legal(s, 0)
    # a Desert laid down without effect is used and cannot pay
    s = position(hands=[{"wool": 2, "grain": 1, "desert": 1}, None])
    s.apply(0, "lay desert")
    lay_resources(s, 0, {"wool": 2, "grain": 1})
    assert "buy bandit" not in legal(s, 0)


@pytest.mark.parametrize("choice", ["keep", "return"])
def test_cdb_3_1_2_bandit_draw_then_steal(choice):
    """CDB-3.1.2: the Bandit draws 1 card, then takes a random card from the
    opponent's hand; the thief keeps it on his own discard pile or gives it back."""
    s = position(hands=[{"bandit": 1}, {"wool": 1}], draws=[["grain", "ore"], None])
    s.apply(0, "play bandit")
    assert laid_down(s, 0) == {"bandit": 1}
    assert s.to_move() == (1,)
    assert legal(s, 1) == {"allow"}          # no Knight (Defensive): nothing to reflect
    s.apply(1, "allow")
    assert hand(s, 0) == {"ore": 1}          # the +1 card
    assert pile(s.draw[0]) == ["grain"]
    assert hand(s, 1) == {}                  # the only card was taken
    assert s.to_move() == (0,)
    assert legal(s, 0) == {"keep", "return"}
    assert s.observation(0)["pending"]["stolen"] == "wool"   # he looks at it
    s.apply(0, choice)
    if choice == "keep":
        assert pile(s.disc[0]) == ["wool"]
        assert hand(s, 1) == {}
    else:
        assert s.disc[0] == []
        assert hand(s, 1) == {"wool": 1}
    assert hand(s, 0) == {"ore": 1}          # never into the thief's hand
    assert s.to_move() == (0,)
    assert s.phase == 0                      # back in the main phase
    assert "end" in legal(s, 0)


def test_cdb_3_1_2_bandit_steals_at_random():
    """CDB-3.1.2: the stolen card is drawn at random from the fanned-out hand."""
    stolen = Counter()
    for seed in range(40):
        s = position(hands=[{"bandit": 1}, {"ore": 1, "wool": 1}], draws=[["grain"], None], seed=seed)
        s.apply(0, "play bandit")
        s.apply(1, "allow")
        taken = s.to_json()["stolen"]
        assert taken in ("ore", "wool")
        assert hand(s, 1) == {k: 1 for k in ("ore", "wool") if k != taken}
        stolen[taken] += 1
    assert set(stolen) == {"ore", "wool"}


def test_cdb_3_1_2_bandit_against_empty_hand():
    """CDB-3.1.2: against an empty hand the Bandit only draws its card."""
    s = position(hands=[{"bandit": 1}, {}], draws=[["grain"], None])
    s.apply(0, "play bandit")
    s.apply(1, "allow")
    assert hand(s, 0) == {"grain": 1}
    assert s.to_move() == (0,)
    assert "end" in legal(s, 0)


def test_cdb_3_1_3_bandit_is_an_attack():
    """CDB-3.1.3: a Bandit can be reflected by a Knight (Defensive)."""
    s = position(hands=[{"bandit": 1}, {"kdef": 1, "ore": 1}], draws=[["grain"], None])
    s.apply(0, "play bandit")
    assert legal(s, 1) == {"reflect", "allow"}


# ---------------------------------------------------------------- Knight (Defensive)
def test_cdb_3_2_1_knight_defensive_cost():
    """CDB-3.2.1: the Knight (Defensive) costs 1 Wool, 1 Grain, 1 Lumber."""
    check_exact_cost_buys("kdef")
    check_one_short_refused("kdef")


def test_cdb_3_2_2_reflect_knight_offensive():
    """CDB-3.2.2: the attacked player lays down his Knight (Defensive), draws 1
    card and the attack hits the attacker, who discards 2 cards of his choice."""
    s = position(hands=[{"koff": 1, "ore": 1, "lumber": 1}, {"kdef": 1, "wool": 2, "sea": 1}],
                 draws=[["brick", "grain"], ["desert", "sea"]], filler=(1, "discard"))
    disc1 = list(s.disc[1])
    s.apply(0, "play koff")
    assert s.to_move() == (1,)
    assert legal(s, 1) == {"reflect", "allow"}
    s.apply(1, "reflect")
    assert hand(s, 1) == {"wool": 2, "sea": 2}     # Knight out of hand, drew the Sea
    assert s.reserved[1] == 1                      # laid down in front of him
    assert s.to_move() == (0,)
    assert legal(s, 0) == {"allow"}                # no Knight to counter with
    s.apply(0, "allow")
    assert hand(s, 0) == {"ore": 1, "lumber": 1, "grain": 1}   # his +1 card (default A)
    assert s.to_move() == (0,)                     # the attacker chooses his discards
    assert legal(s, 0) == {"discard ore", "discard lumber", "discard grain"}
    s.apply(0, "discard ore")
    s.apply(0, "discard grain")
    assert hand(s, 0) == {"lumber": 1}
    assert pile(s.disc[0]) == ["ore", "grain"]
    assert hand(s, 1) == {"wool": 2, "sea": 2}     # the defender loses nothing
    assert s.disc[1] == disc1
    assert s.to_move() == (0,)
    assert "end" in legal(s, 0)


def test_cdb_3_2_2_reflect_bandit():
    """CDB-3.2.2: a reflected Bandit lets the defender take a random card from the
    attacker's hand and keep it on his own discard pile."""
    s = position(hands=[{"bandit": 1}, {"kdef": 1, "ore": 1}], draws=[["wool"], ["brick"]],
                 filler=(1, "discard"))
    disc1 = list(s.disc[1])
    s.apply(0, "play bandit")
    s.apply(1, "reflect")
    assert hand(s, 1) == {"ore": 1, "brick": 1}
    s.apply(0, "allow")
    assert s.to_move() == (1,)                     # the defender now steals
    assert legal(s, 1) == {"keep", "return"}
    assert hand(s, 0) == {}                        # the attacker's only card (his +1) is taken
    s.apply(1, "keep")
    assert pile(s.disc[1]) == pile(disc1) + ["wool"]
    assert hand(s, 1) == {"ore": 1, "brick": 1}
    assert s.to_move() == (0,)


def test_cdb_3_2_2_reflect_is_optional_and_only_for_attacks():
    """CDB-3.2.2: the defender may also let the attack through; a card that is no
    attack (Harbor) gives him no decision; reflecting needs the Knight in hand."""
    s = position(hands=[{"harbor": 1}, {"kdef": 1}], draws=[["ore"], None])
    s.apply(0, "play harbor")
    assert s.to_move() == (0,)
    s = position(hands=[{"koff": 1}, {"kdef": 1, "ore": 1, "wool": 1, "sea": 1}], draws=[["ore"], None])
    s.apply(0, "play koff")
    s.apply(1, "allow")
    assert hand(s, 1)["kdef"] == 1
    assert s.to_move() == (1,) and s.phase == 4    # he now discards
    t = position(hands=[{"koff": 1}, {"ore": 1, "wool": 1, "sea": 1}], draws=[["ore"], None])
    t.apply(0, "play koff")
    refused(t, 1, "reflect")


@pytest.mark.parametrize("attack", ["koff", "bandit"])
def test_cdb_3_2_3_counter_reflection_affects_neither(attack):
    """CDB-3.2.3: if the attacker answers with his own Knight (Defensive), the
    attack affects neither player (counter-knight A: he lays it down and draws 1;
    reflect-attacker-draw A: he still draws his attack card's +1)."""
    s = position(hands=[{attack: 1, "kdef": 1, "ore": 1}, {"kdef": 1, "brick": 1, "wool": 1, "grain": 1}],
                 draws=[["lumber", "grain"], ["sea"]], filler=(1, "discard"))
    disc1 = list(s.disc[1])
    s.apply(0, f"play {attack}")
    s.apply(1, "reflect")
    assert s.to_move() == (0,)
    assert legal(s, 0) == {"reflect", "allow"}
    s.apply(0, "reflect")
    assert s.to_move() == (0,)
    assert s.phase == 0                            # nothing left to decide
    assert hand(s, 0) == {"ore": 1, "grain": 1, "lumber": 1}
    assert laid_down(s, 0) == {attack: 1, "kdef": 1}
    assert hand(s, 1) == {"brick": 1, "wool": 1, "grain": 1, "sea": 1}
    assert s.disc[0] == [] and s.disc[1] == disc1
    assert s.reserved[1] == 1


def test_cdb_3_2_4_knight_blocks_one_attack_only():
    """CDB-3.2.4: a Knight (Defensive) blocks a single attack; it cannot answer a
    second attack nor be played afterwards (reaction-card-cleanup B: it stays laid
    down until its owner's own clean-up)."""
    s = position(hands=[{"koff": 2, "ore": 1, "brick": 1, "grain": 1}, {"kdef": 1, "wool": 3, "lumber": 2}],
                 draws=[["lumber", "wool"], ["sea"]])
    s.apply(0, "play koff")
    s.apply(1, "reflect")
    s.apply(0, "allow")
    assert hand(s, 0) == {"koff": 1, "ore": 1, "brick": 1, "grain": 1, "wool": 1}
    s.apply(0, "discard ore")
    s.apply(0, "discard brick")
    s.apply(0, "play koff")
    assert s.to_move() == (1,)
    assert legal(s, 1) == {"allow"}                # the used Knight cannot block again
    s.apply(1, "allow")
    assert legal(s, 1) == {"discard wool", "discard lumber", "discard sea"}
    s.apply(1, "discard wool")
    s.apply(1, "discard wool")
    assert hand(s, 1) == {"wool": 1, "lumber": 2, "sea": 1}
    s.apply(0, "end")
    assert s.to_move() == (1,)
    assert s.reserved[1] == 1
    assert "play kdef" not in legal(s, 1) and "lay kdef" not in legal(s, 1)
    s.apply(1, "end")
    assert s.reserved[1] == 0
    assert "kdef" in pile(s.disc[1])


def test_cdb_3_2_5_plain_use_draws_one():
    """CDB-3.2.5: a Knight (Defensive) that blocked nothing is played to draw 1 card."""
    s = position(hands=[{"kdef": 1}, None], draws=[["city", "sea"], None])
    s.apply(0, "play kdef")
    assert hand(s, 0) == {"sea": 1}
    assert laid_down(s, 0) == {"kdef": 1}
    assert pile(s.draw[0]) == ["city"]
    assert s.to_move() == (0,)


# ---------------------------------------------------------------- Knight (Offensive)
def test_cdb_3_3_1_knight_offensive_cost():
    """CDB-3.3.1: the Knight (Offensive) costs 1 Wool, 1 Grain, 1 Ore."""
    check_exact_cost_buys("koff")
    check_one_short_refused("koff")


def test_cdb_3_3_2_opponent_discards_two_of_his_choice():
    """CDB-3.3.2: the attacker draws 1; the opponent puts 2 cards he chooses from
    his hand onto his discard pile."""
    s = position(hands=[{"koff": 1}, {"wool": 2, "sea": 1, "city": 1}], draws=[["ore"], None])
    s.apply(0, "play koff")
    s.apply(1, "allow")
    assert hand(s, 0) == {"ore": 1}
    assert s.to_move() == (1,)
    assert legal(s, 1) == {"discard wool", "discard sea", "discard city"}
    refused(s, 1, "discard ore")                   # not in his hand
    refused(s, 0, "discard wool")                  # the victim chooses, not the attacker
    s.apply(1, "discard city")
    assert s.to_move() == (1,)
    s.apply(1, "discard wool")
    assert hand(s, 1) == {"wool": 1, "sea": 1}
    assert pile(s.disc[1]) == ["city", "wool"]
    assert s.to_move() == (0,)


@pytest.mark.parametrize("victim_hand, lost", [
    ({"sea": 1}, ["sea"]),
    ({}, []),
    ({"sea": 1, "city": 1}, ["city", "sea"]),
])
def test_cdb_3_3_2_fewer_than_two_cards(victim_hand, lost):
    """CDB-3.3.2 (discard-source A): an opponent with fewer than 2 hand cards
    discards all he has; with exactly 2 he discards both."""
    s = position(hands=[{"koff": 1}, victim_hand], draws=[["ore"], None])
    s.apply(0, "play koff")
    s.apply(1, "allow")
    assert hand(s, 1) == {}
    assert sorted(pile(s.disc[1])) == lost
    assert s.to_move() == (0,)
    assert hand(s, 0) == {"ore": 1}


def test_cdb_3_3_3_several_knights_offensive_per_turn():
    """CDB-3.3.3: several Knights (Offensive) may be played in one turn."""
    s = position(hands=[{"koff": 2}, {"wool": 3, "sea": 2}], draws=[["ore", "ore"], None])
    s.apply(0, "play koff")
    s.apply(1, "allow")
    s.apply(1, "discard wool")
    s.apply(1, "discard wool")
    assert "play koff" in legal(s, 0)
    s.apply(0, "play koff")
    s.apply(1, "allow")
    s.apply(1, "discard wool")
    s.apply(1, "discard sea")
    assert hand(s, 1) == {"sea": 1}
    assert len(s.disc[1]) == 4
    assert hand(s, 0) == {"ore": 2}
    assert laid_down(s, 0) == {"koff": 2}


# ---------------------------------------------------------------- Harbor
def test_cdb_3_4_1_harbor_cost():
    """CDB-3.4.1: the Harbor costs 2 Brick, 1 Lumber."""
    check_exact_cost_buys("harbor")
    check_one_short_refused("harbor")


def test_cdb_3_4_2_harbor_draws_one_plus_seas_roads_count_as_one():
    """CDB-3.4.2: reveal Seas and Roads; all Roads together count as 1 Sea; draw
    1 + Seas. Revealed cards stay in hand."""
    s = position(hands=[{"harbor": 1, "sea": 2, "road": 2}, None],
                 draws=[["ore", "ore", "brick", "brick", "grain"], None])
    s.apply(0, "play harbor")
    assert hand(s, 0) == {"sea": 2, "road": 2, "grain": 1, "brick": 2, "ore": 1}
    assert pile(s.draw[0]) == ["ore"]
    assert laid_down(s, 0) == {"harbor": 1}


@pytest.mark.parametrize("roads, seas, drawn", [(0, 0, 1), (0, 2, 3), (1, 2, 4), (3, 2, 4)])
def test_cdb_3_4_3_harbor_examples(roads, seas, drawn):
    """CDB-3.4.3: the four example rows of the Harbor table."""
    h = {"harbor": 1, "road": roads, "sea": seas}
    s = position(hands=[{k: v for k, v in h.items() if v}, None], draws=[["wool"] * 6, None])
    s.apply(0, "play harbor")
    assert len(s.draw[0]) == 6 - drawn
    assert hand(s, 0) == {k: v for k, v in {"road": roads, "sea": seas, "wool": drawn}.items() if v}


def test_cdb_3_4_4_several_harbors_count_the_same_seas():
    """CDB-3.4.4: with several Harbors in one turn the same Seas count for each."""
    s = position(hands=[{"harbor": 2, "sea": 1}, None],
                 draws=[["ore", "ore", "grain", "grain", "lumber"], None])
    s.apply(0, "play harbor")
    assert hand(s, 0) == {"harbor": 1, "sea": 1, "lumber": 1, "grain": 1}
    s.apply(0, "play harbor")
    assert hand(s, 0) == {"sea": 1, "lumber": 1, "grain": 2, "ore": 1}
    assert pile(s.draw[0]) == ["ore"]


def test_cdb_3_4_4_cards_drawn_by_a_harbor_do_not_count_for_it():
    """CDB-3.4.4 (harbor-count-zone A): Seas drawn by a Harbor do not count for that
    Harbor, but, being in hand, they count for a later Harbor."""
    s = position(hands=[{"harbor": 1}, None], draws=[["ore", "sea", "sea"], None])
    s.apply(0, "play harbor")
    assert hand(s, 0) == {"sea": 1}
    assert pile(s.draw[0]) == ["ore", "sea"]
    s = position(hands=[{"harbor": 2}, None], draws=[["ore", "ore", "grain", "sea"], None])
    s.apply(0, "play harbor")
    assert hand(s, 0) == {"harbor": 1, "sea": 1}
    s.apply(0, "play harbor")
    assert hand(s, 0) == {"sea": 1, "grain": 1, "ore": 1}
    assert pile(s.draw[0]) == ["ore"]


# ---------------------------------------------------------------- Road
def test_cdb_3_5_1_road_cost():
    """CDB-3.5.1: the Road costs 1 Brick, 1 Lumber."""
    check_exact_cost_buys("road")
    check_one_short_refused("road")


@pytest.mark.parametrize("n, resources", [(1, 0), (2, 1), (3, 3), (4, 5), (5, 7)])
def test_cdb_3_5_2_roads_played_together(n, resources):
    """CDB-3.5.2: n Roads played together give max(0, 2n - 3) resources of choice
    (1 Road: only the Sea, no resource)."""
    s = position(hands=[{"road": n}, None])
    assert {a for a in legal(s, 0) if a.startswith("play road")} == {f"play road {k}" for k in range(1, n + 1)}
    refused(s, 0, f"play road {n + 1}")
    s.apply(0, f"play road {n}")
    assert hand(s, 0) == {}
    assert laid_down(s, 0) == {"road": n}
    assert pool(s) == ({"choice-other": resources} if resources else {})


def test_cdb_3_5_2_road_resources_may_differ():
    """CDB-3.5.2: the chosen resources may be of different types (3 Roads pay a
    Knight (Offensive): Wool, Grain and Ore)."""
    s = position(hands=[{"road": 3}, None])
    s.apply(0, "play road 3")
    assert "buy koff" in legal(s, 0)
    s.apply(0, "buy koff")
    assert pool(s) == {}
    assert pile(s.disc[0]) == ["koff"]


# ---------------------------------------------------------------- Settlement
def test_cdb_3_6_1_settlement_cost():
    """CDB-3.6.1: the Settlement costs 1 Brick, 1 Wool, 1 Grain, 1 Lumber."""
    check_exact_cost_buys("settlement")
    check_one_short_refused("settlement")


def test_cdb_3_6_2_settlement_two_resources_of_choice():
    """CDB-3.6.2: a Settlement counts as 2 resources of choice, which may differ:
    with 1 Brick it pays a Harbor (Brick + Lumber from the Settlement)."""
    s = position(hands=[{"settlement": 1, "brick": 1}, None])
    s.apply(0, "play settlement")
    s.apply(0, "play brick")
    assert pool(s) == {"brick": 1, "choice-settlement": 2}
    assert "buy harbor" in legal(s, 0)
    s.apply(0, "buy harbor")
    assert pool(s) == {}
    # but not a card that needs three resources
    s = position(hands=[{"settlement": 1}, None])
    s.apply(0, "play settlement")
    assert "buy koff" not in legal(s, 0) and "buy road" in legal(s, 0)


def test_cdb_3_6_2_settlement_resources_split_over_purchases():
    """CDB-3.6.2 (designers' FAQ): a Settlement's resources may be split over
    several purchases in one turn."""
    s = position(hands=[{"settlement": 1, "brick": 1, "lumber": 1}, None])
    s.apply(0, "play settlement")
    s.apply(0, "play brick")
    s.apply(0, "buy road")                         # Brick + 1 of the Settlement
    assert pool(s) == {"choice-settlement": 1}
    s.apply(0, "play lumber")
    s.apply(0, "buy road")                         # Lumber + the other one
    assert pool(s) == {}
    assert pile(s.disc[0]) == ["road", "road"]


def test_cdb_3_6_3_city_needs_a_settlement():
    """CDB-3.6.3: a Settlement is part of a City's cost."""
    s = position(hands=[{"ore": 3, "grain": 2}, None])
    lay_resources(s, 0, {"ore": 3, "grain": 2})
    assert "buy city" not in legal(s, 0)
    s = position(hands=[{"ore": 3, "grain": 2, "settlement": 1}, None])
    lay_resources(s, 0, {"ore": 3, "grain": 2})
    assert "buy city" in legal(s, 0)


def test_cdb_3_6_4_settlement_given_must_be_unplayed():
    """CDB-3.6.4: a Settlement whose action was used cannot be given for a City."""
    s = position(hands=[{"ore": 3, "grain": 2, "settlement": 1}, None])
    s.apply(0, "play settlement")
    lay_resources(s, 0, {"ore": 3, "grain": 2})
    refused(s, 0, "buy city")


def test_cdb_3_6_4_another_settlement_may_pay_and_given_one_returns_to_supply():
    """CDB-3.6.4 (settlement-for-city A): another played Settlement's 2 resources
    pay towards the City; the unplayed one goes back to the supply."""
    s = position(hands=[{"ore": 3, "settlement": 2}, None])
    lay_resources(s, 0, {"ore": 3})
    s.apply(0, "play settlement")
    before = supply(s)
    assert "buy city" in legal(s, 0)
    s.apply(0, "buy city")
    assert hand(s, 0) == {}
    assert supply(s) == {**before, "city": before["city"] - 1, "settlement": before["settlement"] + 1}
    assert pile(s.disc[0]) == ["city"]
    assert laid_down(s, 0) == {"ore": 3, "settlement": 1}


# ---------------------------------------------------------------- City
def test_cdb_3_7_1_city_cost_settlement_returned_to_supply():
    """CDB-3.7.1: the City costs 3 Ore, 2 Grain and a Settlement from hand, which
    goes back to the supply (not to the discard pile)."""
    check_exact_cost_buys("city")
    check_one_short_refused("city")
    settlement = ROLE_IDS.index("settlement")
    s = position(hands=[{"ore": 3, "grain": 2, "settlement": 1}, None], supply={"settlement": 5})
    assert s.owned(0)[settlement] == 1
    lay_resources(s, 0, {"ore": 3, "grain": 2})
    s.apply(0, "buy city")
    assert supply(s)["settlement"] == 6
    assert "settlement" not in pile(s.disc[0])
    s.apply(0, "end")
    assert s.owned(0)[settlement] == 0            # no longer his


def test_cdb_3_7_2_city_three_resources_of_choice():
    """CDB-3.7.2: a City counts as 3 resources of choice, which may differ."""
    s = position(hands=[{"city": 1, "lumber": 1}, None])
    s.apply(0, "play city")
    assert pool(s) == {"choice-other": 3}
    s.apply(0, "play lumber")
    assert "buy settlement" in legal(s, 0)         # Brick, Wool, Grain from the City
    s.apply(0, "buy settlement")
    assert pool(s) == {}
    s = position(hands=[{"city": 1}, None])
    s.apply(0, "play city")
    s.apply(0, "buy koff")                         # Wool, Grain, Ore
    assert pool(s) == {}


def test_cdb_3_7_3_cities_needed_to_win():
    """CDB-3.7.3: Cities are needed to win: three in hand win, two do not."""
    s = position(hands=[{"city": 2, "kdef": 1}, None], draws=[["sea"], None])
    s.apply(0, "play kdef")
    assert not s.is_terminal()
    s = position(hands=[{"city": 2, "kdef": 1}, None], draws=[["city"], None])
    s.apply(0, "play kdef")
    assert s.is_terminal() and s.winners() == [0]
