"""Confirmations and marks of Mega Civilization (issue 26): ``Game.action_warning`` asks
before a move that loses pieces or leaves something undone (MC-5.1, MC-5.2, MC-9 City in
Flames, MC-12.4), never before an ordinary move; ``Game.move_mark`` names the area,
advance, stack or player another player's public move changed. Hand-built positions on
the small map (limits: kings_vale 3 and a city site, high_moor 2, ash_plains 2, old_ford 2
and a city site; surplus-scope C by default)."""

from __future__ import annotations

import pytest

from ._advance_helpers import buying
from ._calamity_helpers import nine, resolve
from ._mc_helpers import game, position
from ._seats import ASSYRIA, HELLAS, MINOA

pytestmark = pytest.mark.usefixtures("stop_after_calamities")


def warning(s, seat: int, text: str) -> str | None:
    action = next(a for a in s.legal_actions(seat) if a.text == text)
    return s.game.action_warning(action, s.observation(seat))


def test_mc_5_2_ending_the_movement_with_tokens_over_the_limit_is_asked() -> None:
    """MC-5.2 (surplus C): 4 tokens alone in High Moor (limit 2) are 2 too many and too few
    for a city (12 off a city site): asked; 6 in Kings Vale (a city site) make a city: not."""
    s = position(players={HELLAS: {"tokens": {"high_moor": 4, "kings_vale": 6}}}, decider=HELLAS)
    text = warning(s, HELLAS, "done")
    assert text is not None and "High Moor (2 over 2)" in text and "Kings Vale" not in text
    assert warning(s, HELLAS, next(a.text for a in s.legal_actions(HELLAS) if a.kind == "move")) is None


def test_mc_5_2_nothing_is_asked_within_the_limits_or_under_surplus_a() -> None:
    s = position(players={HELLAS: {"tokens": {"high_moor": 2, "kings_vale": 3}}}, decider=HELLAS)
    assert warning(s, HELLAS, "done") is None
    s = position(game(**{"surplus-scope": "A"}), players={HELLAS: {"tokens": {"high_moor": 4}}}, decider=HELLAS)
    assert warning(s, HELLAS, "done") is None  # only where a city was built


def test_mc_5_2_tokens_sharing_an_area_are_left_to_the_conflict() -> None:
    s = position(players={HELLAS: {"tokens": {"high_moor": 4}}, MINOA: {"tokens": {"high_moor": 1}}}, decider=HELLAS)
    assert warning(s, HELLAS, "done") is None


def test_mc_5_1_stopping_the_building_with_a_city_left_is_asked() -> None:
    """MC-5.1: 6 tokens on Kings Vale's city site make a city; stopping loses them as surplus."""
    s = position(players={HELLAS: {"tokens": {"kings_vale": 6, "high_moor": 2}}}, phase=5, step="build",
                 decider=HELLAS)
    text = warning(s, HELLAS, "done")
    assert text is not None and "Kings Vale" in text
    assert warning(s, HELLAS, "city kings_vale") is None
    s.apply(HELLAS, "city kings_vale")
    if HELLAS in s.to_move():
        assert warning(s, HELLAS, "done") is None


def test_mc_9_refusing_to_pay_city_in_flames_is_asked() -> None:
    """MC-9 City in Flames: refusing the 10 treasury destroys a city: asked; paying is not."""
    s = resolve(nine(), players={HELLAS: {"tokens": {"macedonia": 1}, "treasury": 12, "hand": ["city-in-flames"]}},
                city={"thessalonica": HELLAS, "corinth": HELLAS})
    text = warning(s, HELLAS, "refuse")
    assert text is not None and "Destroy 1 of your cities" in text
    assert warning(s, HELLAS, "pay 10") is None


def test_mc_12_4_ending_the_purchase_over_the_hand_limit_is_asked() -> None:
    """MC-12.4: 9 cards over the limit of 8 while Mysticism is affordable: asked; 3 cards: not."""
    hand = ["ochre"] * 3 + ["clay"] * 3 + ["iron"] * 3
    s = buying({HELLAS: {"treasury": 55, "hand": hand}})
    while s.to_move() != (HELLAS,):
        (p,) = s.to_move()
        s.apply(p, "done")
    text = warning(s, HELLAS, "done")
    assert text is not None and "9 cards" in text and "limit of 8" in text
    s = buying({HELLAS: {"treasury": 55, "hand": ["ochre"] * 3}})
    while s.to_move() != (HELLAS,):
        (p,) = s.to_move()
        s.apply(p, "done")
    assert warning(s, HELLAS, "done") is None


def test_another_players_move_marks_the_area_it_changed() -> None:
    s = position(players={HELLAS: {"tokens": {"kings_vale": 6}}}, decider=HELLAS)
    g, spectator = s.game, s.observation(None)
    page = g.html(spectator, None)
    for a in s.legal_actions(HELLAS):
        mark = g.move_mark(a, HELLAS, spectator)
        if a.kind == "move":
            assert mark == f"area:{a.args[-1]}" and f'data-target="{mark}"' in page
        if a.kind == "done":
            assert mark is None


def test_a_purchase_marks_the_advance_and_a_victim_his_row() -> None:
    s = buying({HELLAS: {"treasury": 55}})
    while s.to_move() != (HELLAS,):
        (p,) = s.to_move()
        s.apply(p, "done")
    buy = next(a for a in s.legal_actions(HELLAS) if a.text == "buy mysticism")
    assert s.game.move_mark(buy, HELLAS, s.observation(None)) == "advance:mysticism"
    s = resolve(players={HELLAS: {"tokens": {"nw_hills": 1, "north_downs": 2}, "hand": ["famine"]},
                         MINOA: {"tokens": {"great_delta": 2}}, ASSYRIA: {"tokens": {"twin_rivers": 2}}})
    while not any(a.kind == "victim" for a in s.legal_actions(HELLAS)):
        s.apply(HELLAS, next(a for a in s.legal_actions(HELLAS) if a.kind == "lose"))
    victim = next(a for a in s.legal_actions(HELLAS) if a.kind == "victim")
    assert s.game.move_mark(victim, HELLAS, s.observation(None)) == f"player:{victim.args[0]}"
