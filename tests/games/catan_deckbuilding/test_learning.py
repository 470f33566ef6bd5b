"""What learning agents and designers use of Catan Deck Building: the fixed action
space (``space.py``), the observation encoding (``encode.py``), the running score
(``CatanState.scores``) and the items given or removed for their causal value
(``items.py``). The kit's own checks of the space and the encoding run in
``test_contract.py``; here: sizes, texts and rare actions of the space, an encoding
rebuilt feature by feature from its documentation on random states, known values on
hand-built positions, what another seat's hidden cards do not change, and gifts and
removed stacks played to the end.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings

from civtable.core.errors import OptionError
from civtable.core.rng import Rng
from civtable.games.catan_deckbuilding.catalog import ROLE_IDS
from civtable.sim.runner import play_game
from civtable.testing import scenarios, walk
from civtable.testing.learning import check_space_built_once

from ._cdb_helpers import (
    INVARIANTS,
    START_DECK,
    SUPPLY_A,
    SUPPLY_B,
    expected_totals,
    game,
    legal,
    position,
)
from .test_contract import ADAPTER

STACKS = ("bandit", "kdef", "koff", "harbor", "road", "settlement", "city")
PHASES = ("main", "react", "counter", "steal", "discard", "over")
POOL = ("ore", "brick", "grain", "lumber", "wool", "choice-settlement", "choice-other")


# ------------------------------------------------------------------ the action space
@pytest.mark.parametrize(("options", "size", "roads"), [
    ({}, 71, 18),  # 2 start decks x 2 Roads + 14 in the supply (CDB-5.2, CDB-5.4)
    ({"supply-total": "B"}, 75, 22),  # + 18 Roads before the revision
    ({"discard-source": "B"}, 72, 18),  # + "discard top" (CDB-3.3.2)
    ({"supply-total": "B", "discard-source": "B", "counter-knight": "C"}, 76, 22),
])
def test_the_space_has_every_action_of_the_notation_within_the_rules_bounds(
        options: dict[str, Any], size: int, roads: int) -> None:
    space = game(**options).action_space()
    assert space.size == size
    texts = set(space.texts)
    assert f"play road {roads}" in texts and f"play road {roads + 1}" not in texts
    assert ("discard top" in texts) == (options.get("discard-source") == "B")
    for card in ROLE_IDS:
        assert f"discard {card}" in texts
    for card in STACKS:
        assert {f"buy {card}", f"buy {card} trade"} <= texts
    assert {"end", "reflect", "allow", "keep", "return", "play ore", "lay sea", "play koff"} <= texts
    assert "lay ore" not in texts  # playing a resource is laying it down: one action


def test_the_space_is_the_action_tables_order_built_once_and_the_same_for_the_same_options() -> None:
    g = game(**{"supply-total": "B"})
    space = check_space_built_once(lambda: game(**{"supply-total": "B"}))
    assert game().action_space().digest != space.digest
    assert space.texts[:3] == ("play ore", "play brick", "play grain")
    assert space.text(space.size - 1) == "discard city"
    # a legal list maps onto increasing numbers (the canonical order of legal_actions)
    s = position(g, hands=[{"settlement": 1, "road": 3, "sea": 1, "kdef": 1}, None],
                 laid=[{"ore": 3, "grain": 2, "brick": 1, "lumber": 1}, None],
                 pool={"ore": 3, "grain": 2, "brick": 1, "lumber": 1})
    numbers = [space.index(a) for a in s.legal_actions(0)]
    assert numbers == sorted(numbers) and len(numbers) > 8
    assert [space.text(i) for i in numbers] == [a.text for a in s.legal_actions(0)]


def test_rare_actions_are_in_the_space() -> None:
    """Every Road of the game in one hand (CDB-3.5.2), the top of the draw pile
    discarded (discard-source B, CDB-3.3.2), a stolen card kept or returned
    (CDB-3.1.2), a reflection and a counter-reflection (CDB-3.2.2, CDB-3.2.3)."""
    g = game()
    s = position(g, hands=[{"road": 18}, None], supply={"road": 0})
    assert "play road 18" in legal(s, 0)
    mask = g.action_space().mask(s.legal_actions(0))
    assert mask[g.action_space().index("play road 18")] == 1
    gb = game(**{"discard-source": "B"})
    s = position(gb, hands=[{"ore": 1}, {"sea": 2, "road": 1}], laid=[{"koff": 1}, None], phase="discard",
                 decider=1, attack="koff", attacker=0, victim=1, left=2)
    assert "discard top" in legal(s, 1)
    gb.action_space().mask(s.legal_actions(1))
    for state in ADAPTER.starts(g) if ADAPTER.starts else ():  # the kit's hand-built starts
        for p in state.to_move():
            g.action_space().mask(state.legal_actions(p))
    s = position(g, hands=[{"wool": 1}, {"grain": 2}], laid=[{"bandit": 1}, None], phase="steal", decider=0,
                 attack="bandit", attacker=0, victim=1, stolen="ore")
    assert legal(s, 0) == {"keep", "return"}
    g.action_space().mask(s.legal_actions(0))
    s = position(g, hands=[{"kdef": 1}, {"kdef": 1}], laid=[{"koff": 1}, None], phase="react", decider=1,
                 attack="koff", attacker=0, victim=1)
    s.apply(1, "reflect")
    assert "reflect" in legal(s, 0)
    g.action_space().mask(s.legal_actions(0))


# ------------------------------------------------------------------ the encoding
def copies(g: Any) -> dict[str, int]:
    """Every card's copies in the game, from the rules' numbers (not the card file)."""
    return expected_totals(g)


def reference_encoding(g: Any, obs: dict[str, Any], viewer: int) -> np.ndarray:
    """The encoding as ``encode.py``'s documentation describes it, feature by feature,
    written plainly (dictionaries, no precomputed indices)."""
    total = copies(g)
    opts = g.options
    most_roads = 2 * START_DECK["road"] + (SUPPLY_B if opts["supply-total"] == "B" else SUPPLY_A)["road"]

    def clip(x: float) -> float:
        return min(1.0, max(0.0, x))

    def one_hot(names: tuple[str, ...], name: str | None) -> list[float]:
        return [1.0 if n == name else 0.0 for n in names]

    def seat(view: dict[str, Any], own: bool) -> dict[str, list[float]]:
        disc = view.get("discard", {c: 0 for c in ROLE_IDS})
        rest = {c: view["owned"][c] - view["laid"][c] - disc[c] - (view["reserved_knights"] if c == "kdef" else 0)
                - (view["hand"][c] if own else 0) for c in ROLE_IDS}
        out = {}
        if own:
            out["hand"] = [clip(view["hand"][c] / 8) for c in ROLE_IDS]
        out["hand_size"] = [clip(view["hand_size"] / 24)]
        out["laid"] = [clip(view["laid"][c] / 8) for c in ROLE_IDS]
        out["owned"] = [view["owned"][c] / total[c] for c in ROLE_IDS]
        out["deck" if own else "unseen"] = [rest[c] / total[c] for c in ROLE_IDS]
        out["discard"] = [disc[c] / total[c] for c in ROLE_IDS]
        out["discard_top"] = one_hot(ROLE_IDS, view["discard_top"])
        out["draw_size"] = [clip(view["draw_size"] / 64)]
        out["discard_size"] = [clip(view["discard_size"] / 64)]
        out["knights"] = [view["reserved_knights"] / total["kdef"], view["spent_knights"] / total["kdef"]]
        return out

    pending = obs["pending"] or {}
    table = {
        "supply": [obs["supply"][c] / total[c] for c in STACKS],
        "supply_empty": [float(obs["supply"][c] == 0) for c in STACKS],
        "pool": [clip(obs["pool"][k] / 10) for k in POOL],
        "roads_played": [obs["roads_played"] / most_roads],
        "road_seas": [clip(obs["road_seas"] / 8)],
        "phase": one_hot(PHASES, obs["phase"]),
        "to_decide": [float(viewer in obs["to_move"])],
        "my_turn": [float(obs["current"] == viewer)],
        "attack": one_hot(("bandit", "koff"), pending.get("attack")),
        "attack_role": [float(pending.get("attacker") == viewer), float(pending.get("victim") == viewer)],
        "stolen": one_hot(ROLE_IDS, pending.get("stolen")),
        "discards_left": [pending.get("left", 0) / 2],
        "turn": [clip(obs["turn"] / 100)],
        "turn_cap": [obs["turn"] / opts["max-turns"]],
        "result": [float(obs["winner"] == viewer), float(obs["winner"] == 1 - viewer)],
    }
    parts = {**{f"me.{k}": v for k, v in seat(obs["players"][viewer], True).items()},
             **{f"opp.{k}": v for k, v in seat(obs["players"][1 - viewer], False).items()}, **table}
    e = g.encoding()
    assert [f.name for f in e.features] == list(parts), "the layout is not the documented one"
    return np.array([x for f in e.features for x in parts[f.name]], dtype=np.float32)


def test_the_encoding_is_its_documentation_on_random_games() -> None:
    """On random games over every variant (the kit's scenarios), each seat's vector equals
    the plain rebuild of the documented features, and the environments' reading straight
    from the state (``encode_state``, and ``encode_states`` of the game's positions
    together) equals it number for number."""
    rng = Rng(2024)
    for n in range(24):
        opts = {s.name: s.choices[rng.below(len(s.choices))] for s in game().option_specs if len(s.choices) > 1}
        opts["max-turns"] = (300, 20, 8)[n % 3]
        g = game(**opts)
        s = g.new_state(n)
        steps = 0
        seen: list[tuple[Any, int, np.ndarray]] = []
        while not s.is_terminal() and steps < 400:
            if steps % 7 == 0 or s.phase != 0:
                for p in (0, 1):
                    obs = s.observation(p)
                    v = g.encode(obs, p)
                    np.testing.assert_allclose(v, reference_encoding(g, obs, p), atol=1e-6)
                    assert np.array_equal(g.encode_state(s, p), v), (n, steps, p)
                    seen.append((s.clone(), p, v))
            p = s.to_move()[0]
            moves = s.legal_actions(p)
            s.apply(p, moves[rng.below(len(moves))])
            steps += 1
        obs = s.observation(0)
        np.testing.assert_allclose(g.encode(obs, 0), reference_encoding(g, obs, 0), atol=1e-6)
        seen.append((s, 0, g.encode(obs, 0)))
        batch = g.encode_states([t for t, _, _ in seen], [p for _, p, _ in seen])
        assert np.array_equal(batch, np.stack([v for _, _, v in seen]))


def feature(g: Any, v: np.ndarray, name: str) -> list[float]:
    return [round(float(x), 6) for x in v[g.encoding().slot(name)]]


def test_known_features_of_a_hand_built_position() -> None:
    g = game()
    s = position(g, hands=[{"city": 2, "ore": 1, "road": 3}, {"kdef": 2, "grain": 1}],
                 laid=[{"ore": 2, "settlement": 1}, None], discards=[["sea", "harbor"], None],
                 pool={"ore": 2, "choice-settlement": 2}, supply={"city": 0}, turn=12)
    v0 = g.encode(s.observation(0), 0)
    assert feature(g, v0, "me.hand") == [1 / 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3 / 8, 0, 2 / 8]
    assert feature(g, v0, "me.hand_size") == [round(6 / 24, 6)]
    assert feature(g, v0, "me.laid")[0] == 2 / 8 and feature(g, v0, "me.laid")[12] == 1 / 8
    assert feature(g, v0, "me.discard_top") == [1.0 if c == "harbor" else 0.0 for c in ROLE_IDS]
    assert feature(g, v0, "pool") == [0.2, 0, 0, 0, 0, 0.2, 0]
    assert feature(g, v0, "supply_empty") == [0, 0, 0, 0, 0, 0, 1]
    assert feature(g, v0, "phase") == [1, 0, 0, 0, 0, 0]
    assert feature(g, v0, "to_decide") == [1] and feature(g, v0, "my_turn") == [1]
    assert feature(g, v0, "turn") == [0.12]
    # the viewer's deck: owned minus hand, laid down and the public discard pile = his draw pile
    draw = Counter(s.to_json()["players"][0]["draw"])
    assert feature(g, v0, "me.deck") == [round(draw[c] / copies(g)[c], 6) for c in ROLE_IDS]
    # the other seat sees the same table, his own hand first
    v1 = g.encode(s.observation(1), 1)
    assert feature(g, v1, "me.hand")[8] == 2 / 8 and feature(g, v1, "me.hand")[13] == 0
    assert feature(g, v1, "to_decide") == [0] and feature(g, v1, "my_turn") == [0]
    assert feature(g, v1, "pool") == feature(g, v0, "pool")
    assert feature(g, v1, "opp.laid") == feature(g, v0, "me.laid")
    assert feature(g, v1, "opp.owned") == feature(g, v0, "me.owned")
    assert feature(g, v1, "me.owned") == feature(g, v0, "opp.owned")
    # the opponent's unseen cards: his hand and draw pile together
    hand_and_draw = Counter(s.to_json()["players"][1]["draw"]) + Counter({"kdef": 2, "grain": 1})
    assert feature(g, v0, "opp.unseen") == [round(hand_and_draw[c] / copies(g)[c], 6) for c in ROLE_IDS]


def test_an_attack_is_encoded_for_both_seats() -> None:
    """CDB-3.1.2: the Bandit's card, seen by thief and victim; the phase and roles."""
    g = game()
    s = position(g, hands=[{"wool": 1}, {"grain": 2, "city": 1}], laid=[{"bandit": 1}, None], phase="steal",
                 decider=0, attack="bandit", attacker=0, victim=1, stolen="city")
    v0, v1 = g.encode(s.observation(0), 0), g.encode(s.observation(1), 1)
    for v in (v0, v1):
        assert feature(g, v, "phase") == [0, 0, 0, 1, 0, 0]
        assert feature(g, v, "attack") == [1, 0]
        assert feature(g, v, "stolen") == [1.0 if c == "city" else 0.0 for c in ROLE_IDS]
    assert feature(g, v0, "attack_role") == [1, 0] and feature(g, v1, "attack_role") == [0, 1]
    assert feature(g, v0, "to_decide") == [1] and feature(g, v1, "to_decide") == [0]
    s = position(g, hands=[{"ore": 1}, {"kdef": 1, "sea": 2}], laid=[{"koff": 1}, None], phase="discard",
                 decider=1, attack="koff", attacker=0, victim=1, left=1)
    v1 = g.encode(s.observation(1), 1)
    assert feature(g, v1, "attack") == [0, 1] and feature(g, v1, "discards_left") == [0.5]


def test_the_opponents_hidden_cards_do_not_change_the_encoding() -> None:
    """Cards swapped between the opponent's hand and his draw pile (CDB-4.2, CDB-4.3),
    and the order of the viewer's own draw pile: the viewer's vector stays the same,
    the opponent's own block changes."""
    g = game()
    a = position(g, hands=[{"ore": 1, "road": 1}, {"city": 1, "grain": 2}], draws=[None, ["wool", "sea", "ore"]])
    b = position(g, hands=[{"ore": 1, "road": 1}, {"wool": 1, "sea": 1, "ore": 1}],
                 draws=[None, ["grain", "city", "grain"]])
    assert np.array_equal(g.encode(a.observation(0), 0), g.encode(b.observation(0), 0))
    va, vb = g.encode(a.observation(1), 1), g.encode(b.observation(1), 1)
    differ = {f.name for f in g.encoding().features if not np.array_equal(va[g.encoding().slot(f.name)],
                                                                          vb[g.encoding().slot(f.name)])}
    assert differ == {"me.hand", "me.deck"}


def test_the_encoding_is_fast() -> None:
    """Measured on a mid-game observation (the figure is in the docs); the bound only
    catches a gross slow-down on a loaded machine."""
    g = game()
    s = g.new_state(5)
    rng = Rng(5)
    for _ in range(60):
        moves = s.legal_actions(s.to_move()[0])
        s.apply(s.to_move()[0], moves[rng.below(len(moves))])
    obs = s.observation(0)
    best = float("inf")
    for _ in range(5):
        t = time.perf_counter()
        for _ in range(500):
            g.encode(obs, 0)
        best = min(best, (time.perf_counter() - t) / 500)
    print(f"encode: {best * 1e6:.1f} µs per call")
    assert best < 200e-6
    with pytest.raises(ValueError, match="own observation"):
        g.encode(s.observation(1), 0)


# ------------------------------------------------------------------ scores
def test_scores_count_the_cities_each_player_owns() -> None:
    """CDB-9.1: three Cities in hand win; a City counts wherever it lies, and one the
    Bandit took is its victim's until kept (CDB-3.1.2)."""
    g = game()
    s = position(g, hands=[{"city": 1}, {"city": 1, "grain": 1}], laid=[{"city": 1}, None],
                 discards=[["city"], None], draws=[None, ["city", "ore"]])
    assert s.scores() == [3.0, 2.0]
    s = position(g, hands=[{"wool": 1}, {"grain": 2, "city": 1}], laid=[{"bandit": 1}, None], phase="steal",
                 decider=0, attack="bandit", attacker=0, victim=1, stolen="city")
    assert s.scores() == [0.0, 2.0]
    s.apply(0, "keep")
    assert s.scores() == [1.0, 1.0]
    assert g.new_state(1).scores() == [0.0, 0.0]


# ------------------------------------------------------------------ items
def test_the_items_are_the_supply_cards() -> None:
    assert tuple(game().value_items()) == STACKS
    with pytest.raises(OptionError, match="items are the supply cards: bandit, kdef"):
        game().give_item(game().new_state(1), "sea", 0)
    with pytest.raises(OptionError, match="no item"):
        game().give_item(game().new_state(1), "City", 0)


@pytest.mark.parametrize("item", STACKS)
def test_a_given_card_comes_from_its_stack_onto_the_discard_pile(item: str) -> None:
    """CDB-7.5: a card one comes to own lies on his discard pile; the stack loses it."""
    g = game()
    s, fresh = g.new_state(9), g.new_state(9)
    g.give_item(s, item, 1)
    before, after = fresh.to_json(), s.to_json()
    assert after["supply"][item] == before["supply"][item] - 1
    assert after["players"][1]["discard"] == [item]
    assert s.owned(1)[ROLE_IDS.index(item)] == fresh.owned(1)[ROLE_IDS.index(item)] + 1
    assert after["rng"] == before["rng"]  # the generator is untouched: games stay paired
    assert after["players"][0] == before["players"][0]
    assert after["players"][1]["hand"] == before["players"][1]["hand"]
    assert after["players"][1]["draw"] == before["players"][1]["draw"]
    for check in INVARIANTS:
        check(s)
    assert g.state_from_json(after) == s
    obs = s.observation(0)
    assert obs["players"][1]["discard_top"] == item  # public, as every purchase
    g.encode(obs, 0)


def test_a_gift_plays_to_the_end_and_keeps_every_card() -> None:
    g = game(**{"max-turns": 60})
    for k, item in enumerate(STACKS):
        result = play_game(g, ["random", "random"], 100 + k, give=(item, k % 2))
        assert result.finished
    s = g.new_state(4)
    g.give_item(s, "city", 0)
    g.give_item(s, "city", 0)
    rng = Rng(4)
    while not s.is_terminal():
        p = s.to_move()[0]
        moves = s.legal_actions(p)
        s.apply(p, moves[rng.below(len(moves))])
        for check in INVARIANTS:
            check(s)


def conserved_without(s: Any, removed: str) -> None:
    """Every card is where it was, except the removed stack (CDB-5.4 without it)."""
    total: Counter[str] = Counter()
    for p in range(2):
        total.update(dict(zip(ROLE_IDS, s.owned(p), strict=True)))
    total.update(s.to_json()["supply"])
    if s.stolen >= 0:
        total[ROLE_IDS[s.stolen]] += 1
    expected = expected_totals(s.game)
    stack = (SUPPLY_B if s.game.options["supply-total"] == "B" else SUPPLY_A)[removed]
    expected[removed] -= stack
    assert {c: total[c] for c in ROLE_IDS} == expected


@pytest.mark.parametrize("item", STACKS)
def test_a_removed_stack_is_out_of_the_game(item: str) -> None:
    g = game(**{"max-turns": 40})
    s, fresh = g.new_state(3), g.new_state(3)
    g.give_item(s, item, None)
    assert s.supply[ROLE_IDS.index(item)] == 0
    assert s.rng.state == fresh.rng.state and s.hand == fresh.hand and s.draw == fresh.draw
    with pytest.raises(OptionError, match="empty"):
        g.give_item(s, item, 0)
    rng = Rng(3)
    while not s.is_terminal():
        p = s.to_move()[0]
        moves = s.legal_actions(p)
        # CDB-3.6.4: a City's Settlement goes back to the supply, and may be bought again
        assert f"buy {item}" not in {a.text for a in moves} or item == "settlement"
        s.apply(p, moves[rng.below(len(moves))])
        conserved_without(s, item)
    if item == "city":
        assert s.winners() == [] and s.turn == 40  # CDB-9.1: no City, no winner


def test_items_are_given_only_on_a_new_game() -> None:
    g = game()
    s = g.new_state(2)
    s.apply(s.current, s.legal_actions(s.current)[0])
    with pytest.raises(ValueError, match="new game"):
        g.give_item(s, "road", 0)
    with pytest.raises(OptionError, match="no seat"):
        g.give_item(g.new_state(2), "road", 2)


def test_the_kits_walks_cover_the_learning_hooks() -> None:
    """The space and the encoding of every state of a few of the kit's random games
    (every variant, random and greedy players, the hand-built starts)."""
    walked = 0

    @settings(max_examples=5, deadline=None)
    @given(scenarios(ADAPTER))
    def run(scn: Any) -> None:
        nonlocal walked
        for s in walk(ADAPTER, scn):
            g = s.game
            for p in s.to_move():
                g.action_space().mask(s.legal_actions(p))
            for p in (0, 1):
                obs = s.observation(p)
                np.testing.assert_allclose(g.encode(obs, p), reference_encoding(g, obs, p), atol=1e-6)
            walked += 1

    run()
    assert walked > 0


def test_the_docs_list_every_feature_where_it_sits() -> None:
    from pathlib import Path

    doc = (Path(__file__).parents[3] / "docs" / "games" / "catan-deckbuilding.md").read_text(encoding="utf-8")
    section = doc.split("## For learning agents and designers", 1)[1]
    e = game().encoding()
    for f in e.features:
        s = e.slot(f.name)
        where = f"{s.start}-{s.stop - 1}" if f.size > 1 else str(s.start)
        assert f"| {where} | `{f.name}` | {f.size} |" in section, f"the docs miss feature {f.name}"
    assert f"**{game().action_space().size}** with the default options" in section
