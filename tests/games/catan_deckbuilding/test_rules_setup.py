"""Rule tests for Catan Deck Building: players, card types, play area, set-up
and the start of the game (CDB-1, CDB-2.1 to CDB-2.5, CDB-4, CDB-5, CDB-6)."""

from __future__ import annotations

from collections import Counter

import pytest

from civtable.core.errors import OptionError
from civtable.games.catan_deckbuilding.catalog import HARBOR

from ._cdb_helpers import game, hand, legal, pile, pool, position, refused

START_DECK = {"grain": 3, "lumber": 3, "wool": 3, "brick": 2, "ore": 2,
              "sea": 3, "desert": 1, "road": 2, "settlement": 2}
SUPPLY_43 = {"bandit": 3, "koff": 3, "kdef": 3, "road": 14, "harbor": 3, "settlement": 8, "city": 9}
RESOURCES = ("ore", "brick", "grain", "lumber", "wool")


def owned(s, p) -> dict[str, int]:
    return {k: v for k, v in s.observation(p)["players"][p]["owned"].items() if v}


def whole_deck(s, p) -> Counter:
    """Hand plus draw pile (the whole deck at the start of the game)."""
    c = Counter(hand(s, p))
    c.update(pile(s.draw[p]))
    return c


# ---------------------------------------------------------------- CDB-1
def test_cdb_1_1_exactly_two_players():
    """CDB-1.1: the game is for exactly 2 players; other counts are refused."""
    g = game()
    assert g.num_players == 2
    assert game(players=2).num_players == 2
    for n in (1, 3, 4):
        with pytest.raises(OptionError):
            game(players=n)
    s = g.new_state(seed=1)
    assert len(s.hand) == 2 and len(s.draw) == 2


def test_cdb_1_2_same_start_deck_with_every_card_type_and_growing_deck():
    """CDB-1.2: both players start with the same small deck holding resource,
    terrain and (a few) action cards; buying makes the deck grow."""
    s = game(start_player=0).new_state(seed=5)
    assert owned(s, 0) == owned(s, 1) == START_DECK
    deck = owned(s, 0)
    assert all(deck.get(r) for r in RESOURCES)            # resource cards
    assert deck["sea"] and deck["desert"]                  # terrain cards
    actions = {k: v for k, v in deck.items() if k in SUPPLY_43}
    assert actions == {"road": 2, "settlement": 2}         # only a few action cards
    # a purchase adds a card to the realm
    s = position(hands=[{"brick": 1, "lumber": 1}, None])
    before = sum(s.owned(0))
    s.apply(0, "play brick")
    s.apply(0, "play lumber")
    s.apply(0, "buy road")
    assert sum(s.owned(0)) == before + 1


def test_cdb_1_3_three_cities_in_hand_on_own_turn_win():
    """CDB-1.3: the first player with three Cities in hand during his turn wins."""
    s = position(hands=[{"city": 2, "kdef": 1}, {"city": 2}], draws=[["city"], None])
    assert not s.is_terminal()
    s.apply(0, "play kdef")          # draws the third City
    assert hand(s, 0)["city"] == 3
    assert s.is_terminal()
    assert s.winners() == [0]
    assert s.returns() == [1.0, -1.0]
    assert s.to_move() == ()


# ---------------------------------------------------------------- CDB-2
def test_cdb_2_1_five_resource_cards():
    """CDB-2.1: Ore, Brick, Grain, Lumber and Wool are the resource cards; each
    played one gives one resource of its own kind."""
    g = game()
    assert [g.cards.names[i] for i in range(5)] == ["Ore", "Brick", "Grain", "Lumber", "Wool"]
    s = position(hands=[dict.fromkeys(RESOURCES, 1), None])
    for r in RESOURCES:
        s.apply(0, f"play {r}")
    assert pool(s) == dict.fromkeys(RESOURCES, 1)
    assert hand(s, 0) == {}


def test_cdb_2_2_resources_only_buy():
    """CDB-2.2: a resource card has no function besides paying: playing it draws
    nothing, starts no attack and only adds to what can be spent."""
    s = position(hands=[dict.fromkeys(RESOURCES, 1), None], draws=[["sea", "sea"], None])
    assert legal(s, 0) == {f"play {r}" for r in RESOURCES} | {"end"}
    s.apply(0, "play ore")
    assert pile(s.draw[0]) == ["sea", "sea"]
    assert s.to_move() == (0,)
    assert pool(s) == {"ore": 1}


def check_cannot_be_bought(card: str) -> None:
    """However much is laid down, ``card`` is never for sale."""
    s = position(hands=[{"grain": 3, "lumber": 3, "wool": 3}, None])
    for r in ("grain",) * 3 + ("lumber",) * 3 + ("wool",) * 3:
        s.apply(0, f"play {r}")
    assert not any(a.startswith(f"buy {card}") for a in legal(s, 0))
    refused(s, 0, f"buy {card}", match="cannot be bought")


@pytest.mark.parametrize("card", RESOURCES)
def test_cdb_2_3_resources_cannot_be_bought(card):
    """CDB-2.3: no resource card can be bought, however much is laid down."""
    check_cannot_be_bought(card)


def test_cdb_2_4_terrain_cards_sea_and_desert():
    """CDB-2.4: Sea and Desert are the terrain cards; alone they do nothing but be
    laid down; a Sea counts for a Harbor, a Desert pays for a Bandit."""
    g = game()
    assert g.cards.names[5:7] == ("Sea", "Desert")
    s = position(hands=[{"sea": 1, "desert": 1}, None])
    assert legal(s, 0) == {"lay sea", "lay desert", "end"}
    # the Sea is useful with a Harbor: one Sea in hand -> the Harbor draws 2
    s = position(hands=[{"sea": 1, "harbor": 1}, None], draws=[["ore", "ore", "brick"], None])
    s.apply(0, "play harbor")
    assert hand(s, 0) == {"sea": 1, "brick": 1, "ore": 1}
    # the Desert is part of the Bandit's cost
    s = position(hands=[{"wool": 2, "grain": 1, "desert": 1}, None])
    play_all = ("play wool", "play wool", "play grain")
    for a in play_all:
        s.apply(0, a)
    assert "buy bandit" in legal(s, 0)
    s = position(hands=[{"wool": 2, "grain": 1, "sea": 1}, None])
    for a in play_all:
        s.apply(0, a)
    assert "buy bandit" not in legal(s, 0)


@pytest.mark.parametrize("card", ["sea", "desert"])
def test_cdb_2_5_terrain_cannot_be_bought(card):
    """CDB-2.5: no terrain card can be bought."""
    check_cannot_be_bought(card)


# ---------------------------------------------------------------- CDB-4
def test_cdb_4_1_play_area_laid_cards_and_supply_on_the_table():
    """CDB-4.1: cards laid out on the play area (laid-down cards, the supply) are
    on the table: both players see them."""
    s = position(hands=[{"harbor": 1, "ore": 1}, None], draws=[["sea"], None])
    s.apply(0, "play ore")
    s.apply(0, "lay harbor")
    for viewer in (0, 1):
        obs = s.observation(viewer)
        laid = {k: v for k, v in obs["players"][0]["laid"].items() if v}
        assert laid == {"ore": 1, "harbor": 1}
        assert obs["supply"]["harbor"] == s.supply[HARBOR] == 2   # 3 minus the laid one


def test_cdb_4_2_draw_pile_is_face_down():
    """CDB-4.2: the draw pile is face down: its order is nobody's knowledge; both
    players see only its size."""
    a = position(hands=[{"ore": 1}, {"ore": 1}], draws=[["sea", "city", "wool"], ["grain"]])
    b = position(hands=[{"ore": 1}, {"ore": 1}], draws=[["wool", "sea", "city"], ["grain"]])
    for viewer in (0, 1):
        assert a.observation(viewer) == b.observation(viewer)
        assert a.observation(viewer)["players"][0]["draw_size"] == len(a.draw[0])


def test_cdb_4_3_hand_hidden_from_opponent():
    """CDB-4.3: the opponent may not see a player's hand cards."""
    a = position(hands=[{"ore": 1, "sea": 1}, {"wool": 1}], draws=[["grain", "city"], None])
    b = position(hands=[{"grain": 1, "city": 1}, {"wool": 1}], draws=[["ore", "sea"], None])
    assert a.observation(1) == b.observation(1)            # the opponent cannot tell
    assert "hand" not in a.observation(1)["players"][0]
    assert a.observation(1)["players"][0]["hand_size"] == 2
    assert a.observation(0) != b.observation(0)            # the owner sees his hand
    assert {k: v for k, v in a.observation(0)["players"][0]["hand"].items() if v} == {"ore": 1, "sea": 1}


def test_cdb_4_4_used_cards_go_to_the_discard_pile():
    """CDB-4.4: each player has a discard pile; at the end of the turn the used
    hand cards are put on it."""
    s = position(hands=[{"ore": 1, "harbor": 1, "wool": 1, "grain": 1, "lumber": 1}, None],
                 draws=[["sea"] * 5, None])
    assert s.disc[0] == []
    s.apply(0, "play ore")
    s.apply(0, "lay harbor")
    assert s.disc[0] == []                 # still laid down during the turn
    s.apply(0, "end")
    assert Counter(pile(s.disc[0])) == Counter({"ore": 1, "harbor": 1})


def test_cdb_4_5_supply_holds_the_action_cards_to_buy():
    """CDB-4.5: the supply of action cards is shared and public; buying takes
    from it."""
    g = game(start_player=0)
    s = g.new_state(seed=2)
    assert s.observation(0)["supply"] == s.observation(1)["supply"] == SUPPLY_43
    s = position(hands=[{"brick": 1, "lumber": 1}, None], supply={"road": 14})
    s.apply(0, "play brick")
    s.apply(0, "play lumber")
    s.apply(0, "buy road")
    assert s.observation(1)["supply"]["road"] == 13


# ---------------------------------------------------------------- CDB-5
def test_cdb_5_1_start_decks_and_supply_prepared_before_play():
    """CDB-5.1: before the first turn both start decks are built and the supply
    is prepared; nothing is laid down or discarded yet."""
    s = game(start_player=0).new_state(seed=11)
    for p in (0, 1):
        assert whole_deck(s, p) == Counter(START_DECK)
        assert s.disc[p] == [] and not any(s.laid[p])
    assert {k: v for k, v in s.to_json()["supply"].items()} == SUPPLY_43
    assert s.turn == 1


@pytest.mark.parametrize("seed", [0, 1, 7, 123])
def test_cdb_5_2_start_deck_contents(seed):
    """CDB-5.2: the start deck is 3 Grain, 3 Lumber, 3 Wool, 2 Brick, 2 Ore,
    3 Sea, 1 Desert, 2 Road, 2 Settlement: 21 cards."""
    s = game().new_state(seed=seed)
    for p in (0, 1):
        deck = whole_deck(s, p)
        assert deck == Counter(START_DECK)
        assert sum(deck.values()) == 21


def test_cdb_5_3_start_deck_is_shuffled():
    """CDB-5.3: each player shuffles his start deck and uses it as his draw pile:
    the order differs between seeds and between the two players."""
    g = game(start_player=0)
    orders = set()
    differ = False
    for seed in range(10):
        s = g.new_state(seed=seed)
        full = [tuple(sorted(hand(s, p).items())) + tuple(pile(s.draw[p])) for p in (0, 1)]
        orders.add(full[0])
        differ = differ or full[0] != full[1]
    assert len(orders) > 1
    assert differ


def test_cdb_5_4_supply_contents_43_cards():
    """CDB-5.4 (supply-total A, default): Bandit 3, Knight (Offensive) 3, Knight
    (Defensive) 3, Road 14, Harbor 3, Settlement 8, City 9: 43 cards."""
    s = game().new_state(seed=0)
    supply = s.to_json()["supply"]
    assert supply == SUPPLY_43
    assert sum(supply.values()) == 43


def test_cdb_5_4_supply_total_b_54_cards():
    """CDB-5.4 (supply-total B): the stacks before the designers' revision, Road
    18, Settlement 12, City 12, which sum to the printed 54."""
    s = game(supply_total="B").new_state(seed=0)
    supply = s.to_json()["supply"]
    assert supply == {**SUPPLY_43, "road": 18, "settlement": 12, "city": 12}
    assert sum(supply.values()) == 54


def test_cdb_5_5_seven_stacks_and_empty_stack_cannot_be_bought():
    """CDB-5.5: one stack per card type (seven); a card whose stack is empty
    cannot be bought."""
    s = game().new_state(seed=0)
    assert len(s.to_json()["supply"]) == 7
    hands = [{"brick": 2, "lumber": 1}, None]
    ok = position(hands=hands, supply={"harbor": 1})
    empty = position(hands=hands, supply={"harbor": 0}, filler=(1, "discard"))
    for st in (ok, empty):
        for a in ("play brick", "play brick", "play lumber"):
            st.apply(0, a)
    assert "buy harbor" in legal(ok, 0)
    refused(empty, 0, "buy harbor")
    ok.apply(0, "buy harbor")
    assert ok.to_json()["supply"]["harbor"] == 0
    assert "buy harbor" not in legal(ok, 0)


# ---------------------------------------------------------------- CDB-6
@pytest.mark.parametrize("seed", [0, 3, 42])
def test_cdb_6_1_opening_hands_of_seven(seed):
    """CDB-6.1: each player draws 7 cards from his draw pile."""
    s = game().new_state(seed=seed)
    for p in (0, 1):
        assert sum(s.hand[p]) == 7
        assert len(s.draw[p]) == 14


@pytest.mark.parametrize("seat", [0, 1])
def test_cdb_6_2_start_player_option(seat):
    """CDB-6.2 (start-player A): the start player is a game option."""
    s = game(start_player=seat).new_state(seed=9)
    assert s.to_move() == (seat,)
    assert s.current == seat
    assert legal(s, 1 - seat) == set()
    assert "end" in legal(s, seat)


def test_cdb_6_2_start_player_random_when_not_given():
    """CDB-6.2 (start-player B): without the option the start player is chosen at
    random; over seeds both seats begin, and the same seed gives the same seat."""
    g = game()
    assert g.options["start-player"] is None
    starts = [g.new_state(seed=seed).to_move() for seed in range(30)]
    assert set(starts) == {(0,), (1,)}
    assert [g.new_state(seed=seed).to_move() for seed in range(30)] == starts


def test_cdb_6_2_start_player_must_be_a_seat():
    """CDB-6.2: only seat 0 or 1 can be chosen as start player."""
    with pytest.raises(OptionError):
        game(start_player=2)
    with pytest.raises(OptionError):
        game(start_player=-1)


def test_cdb_6_2_the_other_player_cannot_act():
    """CDB-6.2: the player who does not begin must wait: his actions are refused
    and leave the state unchanged."""
    s = game(start_player=1).new_state(seed=4)
    refused(s, 0, "end")
