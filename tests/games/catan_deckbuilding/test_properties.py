"""Game-specific properties of Catan Deck Building (the contract itself is checked by
the kit, ``test_contract.py``, whose random games these properties walk too).

- The observation does not depend on hidden cards, checked with a re-deal written
  here from the rules (CDB-4.2 to CDB-4.4), independently of the game's own
  ``determinize``, for both players and a spectator.
- The game's ``determinize`` deals cards without creating or losing any.
- A game won in the middle of an attack (win-timing A) keeps the attack's fields, a
  stolen card in the air included, and reads back.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from civtable.core.errors import InvalidStateError
from civtable.core.rng import Rng
from civtable.testing import Scenario, scenarios, walk

from ._cdb_helpers import ROLE_IDS, cards_are_conserved, nothing_negative, position
from .test_contract import ADAPTER

MEDIUM = settings(max_examples=40, deadline=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example, HealthCheck.data_too_large])


def walk_keys(obj: Any, path: str = "") -> Iterator[tuple[str, str, Any]]:
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield path, k, v
            yield from walk_keys(v, f"{path}.{k}")
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from walk_keys(v, f"{path}[{i}]")


def hidden_redeal(s: Any, viewer: int | None, rnd: random.Random) -> Any:
    """The same position as ``viewer`` sees it, with the cards he cannot see dealt anew:
    the other hands and draw piles together, the viewer's own draw pile reordered
    (and, when discard piles are not public, the cards under each top card), a new
    generator state. Sizes of every zone are kept. A deal that breaks a rule of the
    position (three Cities in the hand of the player whose turn it is, win-timing A;
    a winner without them) is dealt again."""
    for _ in range(50):
        try:
            return _redeal(s, viewer, rnd)
        except InvalidStateError:
            continue
    raise AssertionError("no valid re-deal found")


def _redeal(s: Any, viewer: int | None, rnd: random.Random) -> Any:
    data = json.loads(json.dumps(s.to_json()))
    public_discard = s.game.options["discard-visibility"] == "A"
    for q, pd in enumerate(data["players"]):
        hidden: list[str] = list(pd["draw"])
        under: list[str] = [] if public_discard else pd["discard"][:-1]
        hidden += under
        hand_size = 0
        shown = pd.get("spent_knights", 0)  # Knights shown to block (counter-knight C) are public
        if q != viewer:
            hand_size = sum(pd["hand"].values()) - shown
            hidden += [c for c, n in pd["hand"].items() for _ in range(n)]
            for _ in range(shown):
                hidden.remove("kdef")
        rnd.shuffle(hidden)
        if q != viewer:
            new_hand = Counter(hidden[:hand_size])
            new_hand["kdef"] += shown
            pd["hand"] = {c: new_hand[c] for c in ROLE_IDS}
            hidden = hidden[hand_size:]
        n_draw = len(pd["draw"])
        pd["draw"] = hidden[:n_draw]
        if not public_discard and pd["discard"]:
            pd["discard"] = hidden[n_draw:] + pd["discard"][-1:]
    data["rng"] = rnd.getrandbits(64)
    return s.game.state_from_json(data)


@MEDIUM
@given(scenarios(ADAPTER), st.randoms(use_true_random=False))
def test_observation_hides_hands_and_draw_piles(scn: Scenario, rnd: random.Random) -> None:
    for i, s in enumerate(walk(ADAPTER, scn)):
        for p in (0, 1, None):
            obs = s.observation(p)
            for path, key, value in walk_keys(obs):
                assert not (key == "draw" and isinstance(value, list)), f"draw pile order at {path}"
            assert all("hand" not in v for v in obs["players"] if v["seat"] != p), "observation shows another hand"
            if i % 3 == 0:  # the expensive part on every third state
                other = hidden_redeal(s, p, rnd)
                assert other.observation(p) == obs, "observation depends on hidden cards"


@MEDIUM
@given(scenarios(ADAPTER), st.integers(0, 2**32 - 1))
def test_determinize_deals_without_creating_or_losing_cards(scn: Scenario, k: int) -> None:
    for i, s in enumerate(walk(ADAPTER, scn)):
        if i % 4:
            continue
        for p in (0, 1, None):
            d = s.determinize(p, Rng(k + i))
            cards_are_conserved(d)
            nothing_negative(d)


def won_with_a_card_stolen() -> Any:
    """A Bandit allowed: the attacker's +1 card is his third City, and the Bandit has
    just taken a card that the thief has not kept or returned yet."""
    s = position(hands=[{"city": 2, "ore": 1}, {"grain": 2}], laid=[{"bandit": 1}, None],
                 draws=[["city"], None], phase="react", decider=1, attack="bandit", attacker=0, victim=1)
    s.apply(1, "allow")
    return s


def won_in_a_reflected_attack() -> Any:
    """A reflected Knight (Offensive) accepted: the attacker's +1 card is his third City
    while he has to discard 2 cards."""
    s = position(hands=[{"city": 2, "ore": 1}, {"grain": 2}], laid=[{"koff": 1}, None], reserved=(0, 1),
                 draws=[["city"], None], phase="counter", decider=0, attack="koff", attacker=0, victim=1)
    s.apply(0, "allow")
    return s


@pytest.mark.parametrize("make", [won_with_a_card_stolen, won_in_a_reflected_attack], ids=["stolen", "reflected"])
def test_a_game_won_in_an_attack_keeps_the_attack_and_reads_back(make: Any) -> None:
    """CDB-9.1 (win-timing A: three Cities in hand win at once) in the middle of an attack:
    the final position keeps the attack's fields, a stolen card still in the air included
    (a loader once refused them in phase 'over'; clearing them instead lost that card)."""
    s = make()
    data = s.to_json()
    assert data["phase"] == "over" and data["winner"] == 0 and data["attack"] is not None
    assert (data["stolen"] is not None) == (data["attack"] == "bandit")
    cards_are_conserved(s)
    t = s.game.state_from_json(json.loads(json.dumps(data)))
    assert t.to_json() == data and t.is_terminal() and t.winners() == [0]
