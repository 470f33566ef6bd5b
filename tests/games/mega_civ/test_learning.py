"""Mega Civilization for learning agents and designers: the fixed action space
(``space.py``), the observation encoding (``encode.py``), the score curve
(``MegaState.scores``) and the advances as value items (``items.py``), tested on
hand-built positions of the small map and on greedy games of the full map."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from civtable.agents import PlayerView, make_agent
from civtable.core.errors import OptionError
from civtable.core.rng import Rng
from civtable.games.mega_civ.game import MegaCiv
from civtable.games.mega_civ.rules.advances import affordable
from civtable.games.mega_civ.rules.tasks import gain
from civtable.games.mega_civ.state import MOVE, MegaState
from civtable.testing.learning import (
    check_action_space,
    check_encoding,
    check_space_built_once,
    encoded,
)

from ._invariants import cards_are_conserved, pieces_are_conserved
from ._mc_helpers import game, idx, position, run_from, texts
from ._seats import ASSYRIA, EGYPT, HATTI, HELLAS, MINOA


def walk(s: MegaState, steps: int, bots: str = "greedy", seed: int = 1, check: bool = True) -> MegaState:
    """Play ``steps`` actions (or to the end), checking the space on every position."""
    g = s.game
    agents = [make_agent(bots, g, seed=seed + i) for i in range(g.num_players)]
    for i in range(steps):
        if s.is_terminal():
            break
        if check:
            check_action_space(s)
        movers = s.to_move()
        p = movers[i % len(movers)]
        s.apply(p, agents[p].act(PlayerView(s, p)))
    return s


# ------------------------------------------------------------------ the action space
def test_the_space_is_built_once_from_the_data_in_a_fixed_order() -> None:
    space = check_space_built_once(game)
    assert game(map="full").action_space().digest != space.digest
    assert game(side="East").action_space().texts != space.texts  # the East cards


def test_sizes_follow_the_seats_and_the_map() -> None:
    """Seats appear in accept, victim and provincial-empire only; land moves follow the map."""
    sizes = {n: game(players=n).action_space().size for n in (5, 6, 7)}
    assert sizes[6] - sizes[5] == 3 and sizes[7] - sizes[6] == 3
    g = game()
    board = g.rules.board
    space = g.action_space().texts
    land = [a for a in board.areas if a.is_land]
    assert sum(t.startswith("grow ") for t in space) == len(land)
    assert sum(t.startswith("move ") and len(t.split()) == 3 for t in space) == sum(len(a.land) for a in land)
    assert sum(t.startswith("ship ") for t in space) == 4 * len(board.coastal_areas)


def test_texts_that_can_be_legal_are_in_and_others_are_not() -> None:
    """MC-3.2 land moves next door only; MC-3.5 ships within Cloth Making's 5 areas
    through open sea (Astronavigation), with up to 6 tokens (Naval Warfare); no unit on water."""
    space = game().action_space()
    for text in ("move kings_vale old_ford", "move kings_vale north_downs nw_hills", "ship pearl_isle split",
                 "sail kings_vale smoke_isle 6", "city north_downs", "city ash_plains adjacent",
                 "city kings_vale treasury", "revolt frost_wastes", "free-card 9", "buy-card 9 15", "tax-rate -1",
                 "accept 4", "victim 0", "provincial-empire 3", "credit science", "take astronavigation",
                 "diaspora pearl_isle river_bend", "politics-treasury", "destroy-cities", "buy wonder-of-the-world"):
        assert text in space, text
    for text in ("move kings_vale pearl_isle", "move kings_vale north_downs old_ford", "sail kings_vale smoke_isle 7",
                 "grow middle_sea", "city frost_wastes", "city kings_vale adjacent", "accept 5", "free-card 10",
                 "diaspora pearl_isle frost_wastes", "take anatomy", "tax-rate 2", "pirate frost_wastes"):
        assert text not in space, text
    # City in Flames ("unless he pays 10") is among the cards of 9 players, not of 5
    assert "pay 10" not in space
    assert "pay 10" in game(map="full", players=9).action_space()


def test_a_trade_offer_names_no_more_copies_than_the_game_has() -> None:
    """MC-7.2 to MC-7.4: two shown cards (two copies only of a card the game has twice),
    then each hidden card declared as any card name but a calamity's."""
    g = game()
    space = g.action_space()
    cat = g.rules.catalog
    copies: dict[str, int] = {}
    for pile in cat.stacks_for(5, "West"):
        for c in pile:
            copies[cat.cards[c].id] = copies.get(cat.cards[c].id, 0) + 1
    single = sorted(c for c, k in copies.items() if k == 1 and not cat.cards[cat.card(c)].calamity)
    calamity = next(c.id for c in cat.cards if c.calamity and c.tradable and c.id in copies)
    some = next(c for c, k in copies.items() if k >= 3 and not cat.cards[cat.card(c)].calamity)
    assert f"offer {some} {some}" in space and f"counter {some} {some}" in space
    assert f"offer {some} {calamity}" not in space  # a shown card is genuine: no calamity
    assert "offer water water" in space  # Water is unlimited
    assert f"add {calamity} as {some}" in space and f"add {some} as gold" in space  # MC-7.4: any name
    assert f"add {some} as {calamity}" not in space  # a calamity is no declared name
    assert "offer ochre clay" in space and "add papyrus as iron" in space
    for c in single:
        assert f"offer {c} {c}" not in space


RARE: dict[str, Callable[[Any], MegaState]] = {
    # Roadbuilding: two steps through a free area (MC-3.2's exception)
    "move kings_vale north_downs nw_hills": lambda g: position(
        g, players={HELLAS: {"tokens": {"kings_vale": 3}, "advances": ["roadbuilding"]}}, decider=HELLAS),
    # Cloth Making, Astronavigation, Naval Warfare: a ship of 6 tokens 5 areas through open sea
    "sail kings_vale smoke_isle 6": lambda g: position(
        g, players={HELLAS: {"tokens": {"kings_vale": 6}, "ships": ["kings_vale"], "treasury": 4,
                             "advances": ["cloth-making", "astronavigation", "naval-warfare"]}}, decider=HELLAS),
    # Architecture and Urbanism (MC-5.1)
    "city ash_plains adjacent": lambda g: run_from(
        g, phase=5, players={HELLAS: {"tokens": {"ash_plains": 8, "kings_vale": 6, "high_moor": 2}, "treasury": 10,
                                      "advances": ["architecture", "urbanism"]}}),
    # Diaspora, Politics, Universal Doctrine, Monotheism (MC-10.1)
    "diaspora kings_vale river_bend": lambda g: run_from(
        g, phase=10, players={HELLAS: {"tokens": {"kings_vale": 3}, "treasury": 9,
                                       "advances": ["diaspora", "politics", "monotheism", "universal-doctrine"]},
                              HATTI: {"tokens": {"north_downs": 1}}}, barbarians={"frost_wastes": 2}),
    # Trade Empire: a card of another commodity completes a set (MC-12.2)
    "buy pottery": lambda g: run_from(
        g, phase=12, city={"kings_vale": HELLAS},
        players={HELLAS: {"tokens": {"kings_vale": 1}, "treasury": 40, "advances": ["trade-empire", "mining"],
                          "hand": ["ochre", "ochre", "wine", "clay"]}}),
}


@pytest.mark.parametrize("text", sorted(RARE))
def test_rare_actions_of_hand_built_positions_are_in_the_space(text: str) -> None:
    g = game()
    s = RARE[text](g)
    assert text in texts(s, s.to_move()[0]), texts(s, s.to_move()[0])
    check_action_space(s)
    walk(s, 60, "random")


def test_anatomys_free_advance_is_in_the_space() -> None:
    """Anatomy: a science advance below 100 taken for free, or none."""
    g = game()
    s = run_from(g, phase=12, city={"kings_vale": HELLAS},
                 players={HELLAS: {"tokens": {"kings_vale": 1}, "treasury": 50, "credit_tokens": {"science": 215},
                                   "advances": ["coinage"]}})
    s.apply(HELLAS, "buy anatomy")
    s.apply(HELLAS, "treasury")
    legal = texts(s, HELLAS)
    assert legal == ["take astronavigation", "take empiricism", "take written-record", "none"]
    check_action_space(s)


def test_trade_empire_payment_is_in_the_space() -> None:
    g = game()
    s = RARE["buy pottery"](g)
    s.apply(HELLAS, "buy pottery")
    legal = texts(s, HELLAS)
    assert any(t.startswith("pay ") and len(t.split()) == 3 for t in legal), legal
    check_action_space(s)


def test_every_advance_held_full_map_18_players() -> None:
    """Every player owning every advance on the full map: the rare abilities come up."""
    g = game(map="full", players=18, **{"last-turn": 3})
    s = g.new_state(seed=4)
    for item in g.value_items():
        for p in range(18):
            g.give_item(s, item, p)
    walk(s, 400, "random", seed=4)


# ------------------------------------------------------------------ the encoding
def base_position(g: MegaCiv | None = None) -> MegaState:
    s: MegaState = position(
        g, players={HELLAS: {"tokens": {"kings_vale": 3}, "treasury": 7, "advances": ["pottery"]},
                    MINOA: {"tokens": {"pearl_isle": 2}}, HATTI: {"tokens": {"old_ford": 1}}},
        city={"old_ford": HATTI}, decider=MINOA)
    return s


def test_known_features_have_their_values() -> None:
    g = game()
    s = base_position(g)
    e = g.encoding()
    v = encoded(g, s.observation(HELLAS), HELLAS)
    at = e.slot("area_own_tokens").start
    assert v[at + idx(s, "kings_vale")] == pytest.approx(3 / 8)
    assert v[e.slot("area_other_city").start + idx(s, "old_ford")] == 1
    assert v[e.slot("area_other_tokens").start + idx(s, "pearl_isle")] == pytest.approx(2 / 8)
    assert v[e.slot("seat_treasury").start] == pytest.approx(7 / 55)  # the viewer's row first
    assert v[e.slot("seat_advances").start + g.rules.catalog.advance("pottery")] == 1
    assert v[e.slot("phase").start + 2] == 1 and v[e.slot("step").start + MOVE] == 1
    assert v[e.slot("my_turn").start] == 0
    assert v[e.slot("area_static").start + idx(s, "kings_vale")] == 1  # land


def test_each_seat_sees_itself_first() -> None:
    g = game()
    s = base_position(g)
    e = g.encoding()
    mine = encoded(g, s.observation(MINOA), MINOA)
    hellas = encoded(g, s.observation(HELLAS), HELLAS)
    assert mine.shape == hellas.shape == (e.size,)
    own = e.slot("area_own_tokens")
    assert mine[own.start + idx(s, "pearl_isle")] == pytest.approx(2 / 8)
    assert mine[own.start + idx(s, "kings_vale")] == 0
    assert mine[e.slot("my_turn").start] == 1
    # HELLAS is 4 seats after MINOA in table order: his treasury is in row 4 of MINOA's view
    assert mine[e.slot("seat_treasury").start + (HELLAS - MINOA) % 5] == pytest.approx(7 / 55)
    assert mine[e.slot("seat_treasury").start] == 0
    assert not np.array_equal(mine[own], hellas[own])


def hands(card: str) -> tuple[MegaCiv, MegaState]:
    g = game()
    return g, run_from(g, phase=7, players={
        HELLAS: {"tokens": {"kings_vale": 1}, "hand": ["ochre", "ochre", "wine"]},
        HATTI: {"tokens": {"high_moor": 1}, "hand": [card, "wine", "wine"]}})


def test_another_players_hidden_cards_do_not_change_the_encoding() -> None:
    """Two positions differing only in a card of HATTI's hand of the same stack (the
    backs show the stack): the others' vectors are equal, HATTI's own hand differs."""
    g, one = hands("ochre")
    _, two = hands("clay")
    assert g.rules.catalog.cards[g.rules.catalog.card("clay")].stack == \
        g.rules.catalog.cards[g.rules.catalog.card("ochre")].stack
    for p in (HELLAS, MINOA, ASSYRIA, EGYPT):
        assert np.array_equal(g.encode(one.observation(p), p), g.encode(two.observation(p), p))
    hand = g.encoding().slot("hand")
    assert not np.array_equal(g.encode(one.observation(HATTI), HATTI)[hand], g.encode(two.observation(HATTI), HATTI)[hand])
    check_encoding(one, 3)


def test_the_encoding_on_the_full_map_with_18_players() -> None:
    g = game(map="full", players=18)
    s = walk(g.new_state(seed=2), 300, check=False)
    size = g.encoding().size
    for p in range(18):
        assert encoded(g, s.observation(p), p).shape == (size,)
    check_encoding(s, 7)
    names = [f.name for f in g.encoding().features]
    assert names.index("area_own_tokens") < names.index("seat_stock") < names.index("hand")


# ------------------------------------------------------------------ scores
def test_scores_are_the_victory_points() -> None:
    """MC-14: a city 1, an advance below 100 1, from 100 3, an AST square 5."""
    s = position(players={HELLAS: {"tokens": {"north_downs": 1}, "ast": 3,
                                   "advances": ["astronavigation", "agriculture"]}},
                 city={"kings_vale": HELLAS, "old_ford": HELLAS, "pearl_isle": MINOA}, decider=HELLAS)
    assert s.scores() == [2 + 1 + 3 + 10, 1.0, 0.0, 0.0, 0.0]
    assert s.scores() == [float(s.vp(p)) for p in range(5)]


# ------------------------------------------------------------------ value items
def test_the_items_are_the_advances_as_holdings_names_them() -> None:
    g = game()
    items = g.value_items()
    assert items == tuple(a.name for a in g.rules.catalog.advances)
    s = g.new_state(seed=1)
    for item in items:
        g.give_item(s, item, 2)
    assert set(s.holdings()) == set(items) and all(v == [2] for v in s.holdings().values())


def test_a_given_advance_is_owned_unpaid_and_the_game_plays_on() -> None:
    g = game(**{"last-turn": 6})
    s = g.new_state(seed=9)
    plain = g.new_state(seed=9)
    rng = s.rng.state
    g.give_item(s, "Roadbuilding", HATTI)
    assert s.rng.state == rng
    assert s.holdings() == {"Roadbuilding": [HATTI]}
    assert s.paid[HATTI] == [0]
    data, before = s.to_json(), plain.to_json()
    assert data["stacks"] == before["stacks"]  # paired with the plain game by seed
    assert data["players"][HATTI]["advances"] == ["roadbuilding"]
    pieces_are_conserved(s)
    cards_are_conserved(s)
    walk(s, 5000, "random", seed=9, check=False)
    assert s.is_terminal() and HATTI in s.holdings()["Roadbuilding"]
    pieces_are_conserved(s)
    cards_are_conserved(s)


def test_military_given_at_the_start_moves_last() -> None:
    """MC-3.1: the first movement is asked again, the Military holder after the others."""
    g = game()
    s = g.new_state(seed=1)
    first = s.to_move()[0]
    g.give_item(s, "Military", first)
    assert s.queue[-1] == first and s.to_move()[0] != first
    sim = game(**{"strict-ast-order": "A"})
    t = sim.new_state(seed=1)
    movers = t.to_move()
    sim.give_item(t, "Military", movers[0])
    assert movers[0] not in t.to_move() and len(t.to_move()) == len(movers) - 1


def test_a_removed_advance_is_out_of_everybodys_reach() -> None:
    g = game()
    s = position(g, players={HELLAS: {"tokens": {"kings_vale": 1}, "treasury": 50, "advances": ["mining"]}},
                 decider=HELLAS)
    calendar = g.rules.catalog.advance("astronavigation")
    assert calendar in affordable(s, HELLAS)
    g.give_item(s, "Astronavigation", None)
    assert calendar not in affordable(s, HELLAS)
    assert calendar not in affordable(s.clone(), HELLAS)
    gain(s, HELLAS, g.rules.catalog.advance("anatomy"), 0)  # Anatomy's free science advance below 100
    assert s.tasks and calendar not in s.tasks[-1][5]


def test_a_game_without_an_advance_plays_to_the_end() -> None:
    g = game(**{"last-turn": 8})
    s = g.new_state(seed=3)
    g.give_item(s, "Pottery", HELLAS)
    g.give_item(s, "Pottery", None)
    assert "Pottery" not in s.holdings()
    walk(s, 6000, "greedy", seed=3, check=False)
    assert s.is_terminal() and "Pottery" not in s.holdings()


def test_bad_items_and_seats_are_refused() -> None:
    g = game()
    s = g.new_state(seed=1)
    with pytest.raises(OptionError, match="Astronavigation"):
        g.give_item(s, "Alchemy", 0)
    for seat in (5, -1, True, "0"):
        with pytest.raises(OptionError, match="seat"):
            g.give_item(s, "Pottery", seat)  # type: ignore[arg-type,unused-ignore]
    with pytest.raises(OptionError):
        g.give_item(game(players=6).new_state(seed=1), "Pottery", 0)
    assert s.holdings() == {}


def test_determinized_samples_keep_a_removed_advance_out() -> None:
    g = game()
    s = g.new_state(seed=1)
    g.give_item(s, "Library", None)
    d = s.determinize(HELLAS, Rng(4))
    assert d.cat.advances[g.rules.catalog.advance("library")].cost == s.cat.advances[
        g.rules.catalog.advance("library")].cost > 10**6
