"""Rule tests for Civilization: The Card Game: the set-up (CCG-4) and the
starting plots (CCG-2.1.3)."""

from __future__ import annotations

from collections import Counter

import pytest

from civtable.core.errors import IllegalActionError

from ._ccg_helpers import assert_illegal, game, legal


def draft_all(s, pick=min) -> list[int]:
    """Play both drafts, each player taking ``pick`` of the offered plots;
    returns the seats in the order they drafted."""
    order = []
    while s.to_json()["phase"] == "draft":
        (p,) = s.to_move()
        order.append(p)
        s.apply(p, pick(legal(s, p)))
    return order


def place_all(s, plot: int = 1) -> list[int]:
    order = []
    while s.to_json()["phase"] == "free-population":
        (p,) = s.to_move()
        order.append(p)
        s.apply(p, f"place {plot}")
    return order


def discard_all(s) -> list[int]:
    order = []
    while s.to_json()["phase"] == "start-discard":
        (p,) = s.to_move()
        order.append(p)
        s.apply(p, sorted(legal(s, p))[0])
    return order


def hand_size(s, p: int) -> int:
    return sum(s.to_json()["players"][p]["hand"].values())


# ---------------------------------------------------------------- CCG-4.1
def test_ccg_4_1_decks_sorted_and_shuffled():
    """CCG-4.1: each group (plots, technologies, play deck) is a shuffled deck of
    the whole card set; population cards are set aside in a bank."""
    g = game(players=2, dealer=0)
    cards = g.rules.cards
    orders = set()
    for seed in (1, 2, 3):
        data = g.new_state(seed=seed).to_json()
        assert Counter(data["deck"]) == {c.id: n for c, n in zip(cards.cards, cards.card_counts, strict=True)}
        assert sorted(data["tech_deck"]) == sorted(t.id for t in cards.techs)
        dealt = [pl["plot"] for p in data["players"] for pl in p["plots"]]
        assert Counter(data["plot_deck"] + data["draft"] + dealt) == {
            p.id: n for p, n in zip(cards.plots, cards.plot_counts, strict=True)}
        assert data["population_bank"] == 80
        orders.add((tuple(data["deck"]), tuple(data["tech_deck"]), tuple(data["plot_deck"])))
    assert len(orders) == 3  # shuffled anew for every seed
    # the same seed gives the same decks
    assert g.new_state(seed=7).to_json() == g.new_state(seed=7).to_json()


# ---------------------------------------------------------------- CCG-4.2
@pytest.mark.parametrize("players", [2, 3, 4])
def test_ccg_4_2_two_plots_dealt_to_each_player_from_the_dealers_left(players):
    """CCG-4.2: each player is dealt two plots face up, starting with the player
    to the dealer's left (the same cards go to that seat whoever deals)."""
    deals = {}
    for dealer in range(players):
        data = game(players=players, dealer=dealer).new_state(seed=11).to_json()
        assert all(len(p["plots"]) == 2 for p in data["players"])
        assert all(pl["population"] == 0 and pl["cards"] == [] for p in data["players"] for pl in p["plots"])
        # k-th player from the dealer's left
        deals[dealer] = [[pl["plot"] for pl in data["players"][(dealer + 1 + k) % players]["plots"]]
                         for k in range(players)]
    assert all(d == deals[0] for d in deals.values())


# ------------------------------------------------------------ CCG-4.3, 4.4
@pytest.mark.parametrize("players,dealer", [(2, 0), (3, 0), (4, 2), (4, 0)])
def test_ccg_4_3_and_4_4_snake_draft_order(players, dealer):
    """CCG-4.3: one plot per player is laid out and drafted from the dealer's
    left; CCG-4.4: a second row, the dealer first, in the opposite direction,
    so the player to the dealer's left gets the last plot."""
    s = game(players=players, dealer=dealer).new_state(seed=3)
    data = s.to_json()
    assert data["phase"] == "draft"
    assert len(data["draft"]) == players  # one plot per player
    first_row = data["draft"]
    assert legal(s) == {f"draft {t}" for t in first_row}
    order = draft_all(s)
    left = (dealer + 1) % players
    first = [(left + k) % players for k in range(players)]
    second = [(dealer - k) % players for k in range(players)]
    assert order == first + second
    assert order[players] == dealer and order[-1] == left


def test_ccg_4_3_drafted_plot_leaves_the_row():
    """CCG-4.3: the drafted plot goes to the drafting player and leaves the row."""
    s = game(players=3, dealer=0).new_state(seed=5)
    row = list(s.to_json()["draft"])
    (p,) = s.to_move()
    assert p == 1
    choice = row[0]
    s.apply(p, f"draft {choice}")
    data = s.to_json()
    assert [pl["plot"] for pl in data["players"][1]["plots"]][-1] == choice
    row.remove(choice)
    assert sorted(data["draft"]) == sorted(row)
    assert s.to_move() == (2,)


def test_ccg_4_3_draft_refuses_a_plot_not_in_the_row_and_out_of_turn():
    """CCG-4.3: only the player whose pick it is, only a plot in the row."""
    g = game(players=3, dealer=0)
    s = g.new_state(seed=5)
    row = s.to_json()["draft"]
    absent = next(p.id for p in g.rules.cards.plots if p.id not in row)
    assert_illegal(s, 1, f"draft {absent}")
    assert_illegal(s, 2, f"draft {row[0]}")  # not his pick yet
    assert_illegal(s, 1, "draft")  # malformed
    assert_illegal(s, 1, "buy everything")


# ------------------------------------------------------------ CCG-4.5 to 4.7
@pytest.mark.parametrize("players", [2, 3, 4])
def test_ccg_4_5_and_4_6_displays_of_three_after_the_draft(players):
    """CCG-4.5 / CCG-4.6: after the drafts three plots and three technologies
    are face up; CCG-2.1.3: every player has four plots."""
    s = game(players=players, dealer=0).new_state(seed=9)
    assert s.to_json()["plot_display"] == [] and s.to_json()["tech_display"] == []
    draft_all(s)
    data = s.to_json()
    assert len(data["plot_display"]) == 3
    assert len(data["tech_display"]) == 3
    assert len(data["tech_deck"]) == 18 - 3
    assert all(len(p["plots"]) == 4 for p in data["players"])
    assert data["draft"] == []


def test_ccg_2_1_3_four_starting_plots_two_dealt_two_drafted():
    """CCG-2.1.3: each player begins with four plots: the two dealt and the two
    he drafted."""
    s = game(players=3, dealer=1).new_state(seed=21)
    dealt = {p: [pl["plot"] for pl in s.to_json()["players"][p]["plots"]] for p in range(3)}
    taken: dict[int, list[str]] = {0: [], 1: [], 2: []}
    while s.to_json()["phase"] == "draft":
        (p,) = s.to_move()
        choice = max(legal(s, p))
        taken[p].append(choice.split()[1])
        s.apply(p, choice)
    for p in range(3):
        assert [pl["plot"] for pl in s.to_json()["players"][p]["plots"]] == dealt[p] + taken[p]


# ---------------------------------------------------------------- CCG-4.8
def test_ccg_4_8_one_free_population_on_a_plot_of_the_players_choice():
    """CCG-4.8: each player places one free population card on one of his plots."""
    s = game(players=3, dealer=0).new_state(seed=4)
    draft_all(s)
    assert s.to_json()["phase"] == "free-population"
    (p,) = s.to_move()
    assert legal(s, p) == {"place 1", "place 2", "place 3", "place 4"}
    assert_illegal(s, p, "place 5")
    order = []
    choice = {1: 3, 2: 1, 0: 4}
    while s.to_json()["phase"] == "free-population":
        (p,) = s.to_move()
        order.append(p)
        s.apply(p, f"place {choice[p]}")
    data = s.to_json()
    assert order == [1, 2, 0]
    for p, plot in choice.items():
        pops = [pl["population"] for pl in data["players"][p]["plots"]]
        assert pops == [1 if i == plot - 1 else 0 for i in range(4)]
    assert data["population_bank"] == 80 - 3


# ---------------------------------------------------------------- CCG-4.9
@pytest.mark.parametrize("players,dealer", [(2, 1), (3, 0), (4, 1)])
def test_ccg_4_9_starting_hands_6_7_8_9_from_the_dealers_left(players, dealer):
    """CCG-4.9: from the dealer's left the players draw 6, 7, 8 and 9 cards
    from the play deck, then, in the same order, each discards 2."""
    g = game(players=players, dealer=dealer)
    s = g.new_state(seed=8)
    draft_all(s)
    deck_before = len(s.to_json()["deck"])
    place_all(s)
    data = s.to_json()
    assert data["phase"] == "start-discard"
    left = (dealer + 1) % players
    seats = [(left + k) % players for k in range(players)]
    sizes = [6, 7, 8, 9][:players]
    assert [hand_size(s, p) for p in seats] == sizes
    assert len(data["deck"]) == deck_before - sum(sizes)
    order = discard_all(s)
    assert order == [p for p in seats for _ in range(2)]
    assert [hand_size(s, p) for p in seats] == [k - 2 for k in sizes]
    assert len(s.to_json()["discard"]) == 2 * players


def test_ccg_4_9_discard_only_cards_in_hand_and_only_in_order():
    """CCG-4.9: the discards are cards drawn (in the hand), in turn order."""
    g = game(players=3, dealer=0)
    s = g.new_state(seed=8)
    draft_all(s)
    place_all(s)
    (p,) = s.to_move()
    assert p == 1
    in_hand = s.to_json()["players"][1]["hand"]
    absent = next(c.id for c in g.rules.cards.cards if c.id not in in_hand)
    assert_illegal(s, 1, f"discard {absent}")
    other = next(iter(s.to_json()["players"][2]["hand"]))
    with pytest.raises(IllegalActionError):
        s.apply(2, f"discard {other}")
    assert legal(s, 1) == {f"discard {c}" for c in in_hand}


# ---------------------------------------------------------------- CCG-4.10
@pytest.mark.parametrize("players,dealer", [(2, 0), (3, 2), (4, 1)])
def test_ccg_4_10_play_begins_left_of_the_dealer(players, dealer):
    """CCG-4.10: the first turn is the dealer's left neighbour's (seat + 1)."""
    s = game(players=players, dealer=dealer).new_state(seed=2)
    draft_all(s)
    place_all(s)
    discard_all(s)
    data = s.to_json()
    assert data["current"] == (dealer + 1) % players
    assert data["turn"] == 1
    assert data["phase"] in ("collect", "purchase")
    assert s.to_move() == ((dealer + 1) % players,)


def test_ccg_4_10_dealer_chosen_at_random_when_not_given():
    """CCG-4.10 (seating): the dealer is chosen at random by default."""
    g = game(players=4)
    dealers = {g.new_state(seed=seed).to_json()["dealer"] for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    # a fixed seed fixes the dealer
    assert g.new_state(seed=3).to_json()["dealer"] == g.new_state(seed=3).to_json()["dealer"]
