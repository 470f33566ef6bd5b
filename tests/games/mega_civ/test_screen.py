"""The terminal: the status screen, menu labels and paths, help and a person's shorthand."""

from __future__ import annotations

from typing import Any

import pytest

from civtable.agents import PlayerView, make_agent
from civtable.agents.human import Menu

from ._mc_helpers import game, position, position_json
from ._seats import HATTI, HELLAS, MINOA


def trading() -> Any:
    """Phase 7: Minoa has offered two Ochre and a hidden Treachery declared as Ochre;
    Hellas answers."""
    g = game()
    return g.state_from_json(position_json(
        g, phase=7, step="trade", decider=HELLAS, queue=[HELLAS], target=0,
        city={"kings_vale": HELLAS},
        players={MINOA: {"hand": ["ochre", "ochre", "wine", "treachery"]},
                 HELLAS: {"hand": ["wool", "wool", "oil", "papyrus"], "tokens": {"kings_vale": 2, "old_ford": 1},
                          "advances": ["mysticism"]}},
        deal={"from": MINOA, "cards": ["ochre", "ochre", "treachery", "ochre"], "stage": 1, "counters": {}}))


def test_mc_7_3_the_screen_shows_the_hand_with_set_values_and_the_offer_answered() -> None:
    """MC-7.3, MC-7.4: Hellas sees his hand with each set's value, his advance and
    credits, his areas with tokens, limits and city sites, and Minoa's offer without
    its hidden card."""
    s = trading()
    screen = s.game.render(s.observation(HELLAS), HELLAS)
    assert "Wool x2 (value 4, set 16)" in screen and "Oil (value 4)" in screen and "sets worth 22" in screen
    assert "Advances: Mysticism" in screen and "Credits:" in screen
    assert "Kings Vale* 2/3 (your city)" in screen and "Old Ford* 1/2" in screen
    assert "Offer of player 1 Minoa: Ochre and Ochre shown + 1 hidden card declared as Ochre" in screen
    assert "Treachery" not in screen and "treachery" not in screen
    assert len(screen.splitlines()) <= 40
    mine = s.game.render(s.observation(MINOA), MINOA)
    assert "(yours: Treachery)" in mine


def test_a_spectator_screen_shows_the_board_and_no_hand() -> None:
    s = trading()
    screen = s.game.render(s.observation(None), None)
    assert "Hellas: Old Ford 1, Kings Vale 2, city Kings Vale" in screen
    assert "Hand" not in screen and "Wool" not in screen


def test_menus_group_offers_card_by_card_and_moves_by_area() -> None:
    """An offer is built card by card: the first level shows the few kinds of answer."""
    s = trading()
    obs = s.observation(HELLAS)
    legal = s.legal_actions(HELLAS)
    paths = {a.text: s.game.action_path(a, obs) for a in legal}
    assert paths["counter wool wool"] == ("make a counter-offer", "show Wool", "and Wool")
    assert paths["decline"] == ("decline",)
    s.apply(HELLAS, "counter wool wool")
    obs = s.observation(HELLAS)
    add = s.game.parse_action(s, "add oil as iron", HELLAS)
    assert s.game.action_path(add, obs) == ("add a hidden card", "Oil", "declared as Iron")
    big = game(map="full", players=18)
    assert big.action_path(add, obs) == ("add a hidden card", "Oil", "a name of stack 2", "declared as Iron")
    t = position(players={HELLAS: {"tokens": {"kings_vale": 3}}}, decider=HELLAS)
    path = t.game.action_path(t.game.parse_action(t, "move kings_vale old_ford", HELLAS), t.observation(HELLAS))
    assert path == ("Kings Vale (3 tokens)", "move a token to Old Ford (limit 2, city site)")


def _levels(menu: Menu) -> list[int]:
    sizes, todo = [], [()]
    while todo:
        menu.open(todo.pop())
        items = menu.items()
        sizes.append(len(items))
        todo += [target for _, target in items if isinstance(target, tuple)]
    return sizes


@pytest.mark.parametrize("map_name, players, turns", [("small", 5, 10), ("full", 9, 3)])
def test_every_menu_level_fits_a_screen(map_name: str, players: int, turns: int) -> None:
    """Menus of 138 to 242 entries (the issue) are grouped: every level of every decision
    of a greedy game has at most 24 entries."""
    g = game(map=map_name, players=players, **{"last-turn": turns})
    s = g.new_state(seed=4)
    bots = [make_agent("greedy", g, seed=i) for i in range(players)]
    while not s.is_terminal():
        p = s.to_move()[0]
        obs = s.observation(p)
        menu = Menu([(g.action_path(a, obs), a) for a in s.legal_actions(p)])
        assert max(_levels(menu)) <= 24, obs["step"]
        s.apply(p, bots[p].act(PlayerView(s, p)))


def test_labels_show_costs_and_what_the_player_has() -> None:
    """MC-12.2, MC-5.1: an advance with its cost, price and VP; a city with the tokens needed."""
    s = position(phase=12, step="buy", decider=HELLAS, target=3,
                 players={HELLAS: {"tokens": {"kings_vale": 2}, "treasury": 10, "hand": ["wine", "wine", "wine"]}})
    obs = s.observation(HELLAS)
    buy = s.game.parse_action(s, "buy mysticism", HELLAS)
    assert s.game.action_path(buy, obs) == ("buy an advance of Arts", "Mysticism (cost 50, your price 50, 1 VP)")
    s.apply(HELLAS, "buy mysticism")
    obs = s.observation(HELLAS)
    pay = s.game.parse_action(s, "pay wine", HELLAS)
    assert s.game.action_label(pay, obs) == "pay with every Wine card (3 cards, worth 45)"


def test_help_explains_the_step_and_the_notation() -> None:
    s = trading()
    text = s.game.help(s.observation(HELLAS), HELLAS)
    assert "Trade (MC-7)" in text and "'offer SHOWN1 SHOWN2', then 'add HIDDEN as DECLARED'" in text
    assert "nothing to decide" in s.game.help(s.observation(HATTI), HATTI)


def test_display_names_typed_are_read_as_ids() -> None:
    s = position(players={HELLAS: {"tokens": {"kings_vale": 3}}}, decider=HELLAS)
    obs = s.observation(HELLAS)
    assert s.game.interpret(obs, "move Kings Vale Old Ford") == "move kings_vale old_ford"
    assert s.game.interpret(obs, "buy Drama and Poetry") == "buy drama-and-poetry"
    assert s.game.interpret(obs, "done") is None
