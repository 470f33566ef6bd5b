"""civtable's games registered with OpenSpiel (civtable.interop.openspiel): names,
GameType and GameInfo, parameters and their errors, OpenSpiel's own random simulation
checks on every game, simultaneous nodes, the same game as civtable's, the cap,
serialisation and positions, illegal actions, and a clean interpreter exit."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel is not installed: pip install -e '.[openspiel]' (make test installs it)")

from civtable.core.errors import CivtableError, IllegalActionError  # noqa: E402
from civtable.core.registry import GROUP, game_class, game_ids, load_game  # noqa: E402
from civtable.core.rng import derive_seed  # noqa: E402
from civtable.interop import openspiel  # noqa: E402
from civtable.interop.openspiel import NONE, facts, param_name, spiel_name  # noqa: E402
from tests.interop.spiel import SHORT, load, play_random, pyspiel, random_joint  # noqa: E402

GT = pyspiel.GameType
GAMES = sorted({ep.name for ep in entry_points(group=GROUP)} | {"toy-nim"})
"""The installed games and the example (not the tiny games other tests register)."""


# ---------------------------------------------------------------- registration
@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_is_registered_with_its_type_declared_from_its_info(game_id: str) -> None:
    name = spiel_name(game_id)
    assert name == "civtable_" + game_id.replace("-", "_")
    assert name in pyspiel.registered_names()
    info = game_class(game_id).info
    game = load(name)
    t = game.get_type()
    assert t.short_name == name
    assert t.dynamics == (GT.Dynamics.SIMULTANEOUS if info.simultaneous else GT.Dynamics.SEQUENTIAL)
    assert t.chance_mode == GT.ChanceMode.SAMPLED_STOCHASTIC
    assert t.information == GT.Information.IMPERFECT_INFORMATION
    assert t.reward_model == GT.RewardModel.TERMINAL
    assert (t.min_num_players, t.max_num_players) == (info.min_players, info.max_players)
    assert t.utility == (GT.Utility.ZERO_SUM if facts(game_id).zero_sum else GT.Utility.GENERAL_SUM)
    assert t.provides_information_state_string and t.provides_observation_tensor
    params = set(t.parameter_specification)
    assert params == {param_name(s.name) for s in game_class(game_id).option_specs} | {"seed", "max_game_length"}
    civ = load_game(game_id)
    assert game.num_distinct_actions() == civ.action_space().size
    assert game.num_players() == civ.num_players
    assert game.max_chance_outcomes() == 0
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert game.information_state_tensor_shape() == [civ.encoding().size]


def test_every_game_is_registered_and_has_a_quick_game_in_the_tests() -> None:
    assert set(GAMES) <= set(game_ids()) and set(GAMES) == set(SHORT)
    assert set(GAMES) <= {name.removeprefix("civtable_").replace("_", "-")
                          for name in pyspiel.registered_names() if name.startswith("civtable_")}


def test_only_catan_declares_zero_sum() -> None:
    """Zero-sum only where the rules give one winner and one loser (CDB-9.1); a shared
    win (CCG final-tie A, Mega Civ) or one player (solo) is general-sum."""
    assert {g for g in ("catan-deckbuilding", "civ-card-game", "civ-solo", "mega-civ") if facts(g).zero_sum} \
        == {"catan-deckbuilding"}
    assert load("civtable_catan_deckbuilding").utility_sum() == 0.0
    assert load("civtable_civ_card_game").utility_sum() is None


def test_player_counts_and_rule_variants_are_parameters() -> None:
    g = load("civtable_civ_card_game(players=3)")
    assert g.num_players() == 3 and g.civtable_game.num_players == 3
    assert g.max_game_length() == 100 * 3 * (400 + 1)  # data/openspiel.json: per player turn x players x turns
    assert load("civtable_mega_civ(players=18)").num_players() == 18
    for game_id in GAMES:
        cls = game_class(game_id)
        info = cls.info
        for n in sorted({info.min_players, info.max_players}):
            assert load(f"{spiel_name(game_id)}(players={n})").civtable_game.num_players == n
        # every reading of every rule variant: the k-th reading of all variants at once
        variants = [spec for spec in cls.option_specs if spec.variant]
        for k in range(max(len(spec.choices) for spec in variants)):
            chosen = {spec.name: spec.choices[k] for spec in variants if len(spec.choices) > k}
            g = load(f"{spiel_name(game_id)}({','.join(f'{param_name(n)}={v}' for n, v in chosen.items())})")
            assert {n: g.civtable_game.options[n] for n in chosen} == chosen, game_id


def test_an_option_that_is_none_by_default_takes_minus_one() -> None:
    assert load("civtable_civ_card_game").civtable_game.options["dealer"] is None
    assert load(f"civtable_civ_card_game(dealer={NONE})").civtable_game.options["dealer"] is None
    assert load("civtable_civ_card_game(dealer=2,players=3)").civtable_game.options["dealer"] == 2
    assert load("civtable_catan_deckbuilding(start_player=1)").civtable_game.options["start-player"] == 1


def test_max_game_length_parameter_and_the_documented_caps() -> None:
    assert load("civtable_civ_card_game(max_game_length=50)").max_game_length() == 50
    assert load("civtable_catan_deckbuilding(max_turns=10)").max_game_length() == 100 * 2 * 11
    assert load("civtable_mega_civ(players=7,last_turn=20)").max_game_length() == 100 * 7 * 21
    assert load("civtable_civ_solo").max_game_length() == 5000
    assert load("civtable_toy_nim").max_game_length() == openspiel.DEFAULT_MAX_GAME_LENGTH  # no data/openspiel.json


@pytest.mark.parametrize(("text", "options"), [
    ("civtable_civ_card_game(players=7)", {"players": 7}),
    ("civtable_civ_card_game(final_tie=Z)", {"final-tie": "Z"}),
    ("civtable_catan_deckbuilding(players=3)", {"players": 3}),
    ("civtable_mega_civ(trade_max_cards=1)", {"trade-max-cards": 1}),
    ("civtable_civ_card_game(cards=no-such-file.json)", {"cards": "no-such-file.json"}),
])
def test_a_value_civtable_refuses_is_a_spiel_error_with_civtables_sentence(text: str, options: dict) -> None:
    game_id = text.split("(")[0].removeprefix("civtable_").replace("_", "-")
    with pytest.raises(CivtableError) as civ:
        load_game(game_id, **options)
    with pytest.raises(pyspiel.SpielError) as spiel:
        load(text)
    assert str(spiel.value) == f"{spiel_name(game_id)}: {civ.value}"


def test_an_unknown_parameter_or_a_wrong_type_is_openspiels_error_naming_the_options() -> None:
    with pytest.raises(pyspiel.SpielError) as e:
        load("civtable_civ_card_game(no_such_option=1)")
    assert "Unknown parameter 'no_such_option'" in str(e.value)
    for spec in game_class("civ-card-game").option_specs:
        assert param_name(spec.name) in str(e.value)
    with pytest.raises(pyspiel.SpielError, match="Wrong type for parameter players"):
        load("civtable_civ_card_game(players=three)")
    with pytest.raises(pyspiel.SpielError, match="max_game_length must be a positive number of moves"):
        load("civtable_civ_card_game(max_game_length=0)")


# ---------------------------------------------------------------- OpenSpiel's own checks
SIMS = [
    ("civtable_catan_deckbuilding", 1),
    ("civtable_catan_deckbuilding(max_turns=20,reshuffle=B,win_timing=B,counter_knight=C)", 2),
    ("civtable_civ_card_game(max_turns=40)", 1),
    ("civtable_civ_card_game(players=3,max_turns=15,final_tie=B)", 1),
    ("civtable_civ_card_game(players=4,max_turns=10,step_order=B)", 1),
    ("civtable_civ_solo", 20),
    ("civtable_civ_solo(dice=table,map_layout=B)", 10),
    ("civtable_mega_civ(last_turn=2)", 1),
    ("civtable_mega_civ(strict_ast_order=A,last_turn=3)", 1),
    ("civtable_mega_civ(players=6,strict_ast_order=A,last_turn=2)", 1),
    ("civtable_toy_nim(opening=bid)", 30),
    ("civtable_civ_card_game(max_game_length=60)", 3),  # cut at the cap
]


@pytest.mark.parametrize(("text", "sims"), SIMS)
def test_openspiels_random_simulation_checks(text: str, sims: int) -> None:
    """OpenSpiel's RandomSimTest (``pyspiel.random_sim_test``, as OpenSpiel's tests of its
    Python games call it): clones equal, legal actions sorted and in the mask, action
    strings unique, no legal actions for the others at a sequential node, observations
    and information states of every player (strings and tensors of the declared size,
    finite), returns zero before the end, within the utility bounds and summing as the
    utility says, the game no longer than max_game_length. Serialisation is checked
    separately: OpenSpiel's serialize_game_and_state needs a game's generator state,
    which a Python game cannot give."""
    game = load(text)
    seen: list[int] = []

    def checker(state: object) -> None:
        s = state.civtable_state  # type: ignore[attr-defined]
        if not state.is_terminal():  # type: ignore[attr-defined]
            seen.append(len(s.to_move()))

    pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False, state_checker_fn=checker)
    assert seen, "no decision was checked"
    if "strict_ast_order=A" in text or "opening=bid" in text:
        assert max(seen) > 1, "no simultaneous node was met"


# ---------------------------------------------------------------- nodes and moves
def test_a_simultaneous_node_is_several_players_applied_at_once() -> None:
    game = load(SHORT["mega-civ"])
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    met = 0
    for s in play_random(state, rng, 3000):
        movers = s.civtable_state.to_move()
        if len(movers) < 2:
            assert s.current_player() == movers[0]
            continue
        met += 1
        assert s.current_player() == pyspiel.PlayerId.SIMULTANEOUS and s.is_simultaneous_node()
        for p in range(s.num_players()):
            assert bool(s.legal_actions(p)) == (p in movers)
        joint = random_joint(s, rng)
        expected = s.civtable_state.clone()
        for p in movers:
            expected.apply(p, game.space.text(joint[p]))
        bad = list(joint)
        bad[movers[-1]] = next(a for a in range(game.num_distinct_actions()) if a not in s.legal_actions(movers[-1]))
        before = str(s)
        with pytest.raises(IllegalActionError):
            s.apply_actions(bad)
        assert str(s) == before, "an illegal joint action changed the state"
        clone = s.clone()
        clone.apply_actions(joint)
        assert clone.civtable_state.to_json() == expected.to_json()
        if met >= 5:
            break
    assert met >= 5, "Mega Civilization with strict-ast-order A met fewer than 5 simultaneous nodes"


@pytest.mark.parametrize("game_id", sorted(SHORT))
def test_openspiel_plays_the_same_game_as_civtable(game_id: str) -> None:
    """A game object deals game n from derive_seed(seed, n), n the number of its games in
    which a move was made before; the same moves give the same position and returns as
    civtable's own API."""
    text = SHORT[game_id]
    with_seed = text.replace(")", ",seed=7)") if "(" in text else text + "(seed=7)"
    game = load(with_seed)
    first = game.new_initial_state()
    dealt = str(first)
    assert game.information_state_tensor_size() > 0  # measured by OpenSpiel on a new state of its own
    assert str(game.new_initial_state()) == dealt, "a new state before any move is not the same next game"
    assert first.civtable_state.to_json() == game.civtable_game.new_state(seed=derive_seed(7, 0)).to_json()
    if first.is_simultaneous_node():
        first.apply_actions(random_joint(first, np.random.RandomState(1)))
    else:
        first.apply_action(first.legal_actions()[0])
    state = game.new_initial_state()
    assert str(state) != dealt, "the game after a begun one was dealt alike"
    civ = game.civtable_game.new_state(seed=derive_seed(7, 1))
    assert state.civtable_state.to_json() == civ.to_json()
    rng = np.random.RandomState(5)
    for _ in range(4000):
        if state.is_terminal():
            break
        if state.is_simultaneous_node():
            joint = random_joint(state, rng)
            for p in civ.to_move():
                civ.apply(p, game.space.text(joint[p]))
            state.apply_actions(joint)
        else:
            action = int(rng.choice(state.legal_actions()))
            civ.apply(state.current_player(), game.space.text(action))
            state.apply_action(action)
    assert civ.is_terminal() and state.is_terminal()
    assert state.civtable_state.to_json() == civ.to_json()
    assert state.returns() == civ.returns()
    again = load(with_seed).new_initial_state()
    assert str(again) == dealt, "the same seed dealt another game"


def test_the_cap_ends_a_game_unfinished() -> None:
    game = load("civtable_civ_card_game(max_game_length=5)")
    state = game.new_initial_state()
    for _ in range(5):
        assert not state.is_terminal()
        state.apply_action(state.legal_actions()[-1])
    assert state.is_terminal() and not state.civtable_state.is_terminal()
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.returns() == [0.0, 0.0] and state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.apply_action(0)


def test_an_illegal_action_is_civtables_error_and_changes_nothing() -> None:
    game = load("civtable_catan_deckbuilding")
    state = game.new_initial_state()
    legal = state.legal_actions()
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in legal)
    before = str(state)
    with pytest.raises(IllegalActionError) as e:
        state.apply_action(illegal)
    assert str(e.value) == state.civtable_state.explain(state.current_player(), game.space.text(illegal))
    with pytest.raises(IllegalActionError, match="outside the action space"):
        state.apply_action(game.num_distinct_actions())
    assert str(state) == before and state.history() == []
    assert state.action_to_string(legal[0]) == game.space.text(legal[0])


# ---------------------------------------------------------------- positions
@pytest.mark.parametrize("game_id", sorted(SHORT))
def test_serialize_and_deserialize_state_carry_the_position(game_id: str) -> None:
    game = load(SHORT[game_id])
    state = game.new_initial_state()
    rng = np.random.RandomState(11)
    checked = 0
    for k, s in enumerate(play_random(state, rng, 400)):
        if k > 2 and k & (k - 1):  # as OpenSpiel's own check: the first moves, then at powers of 2
            continue
        back = game.deserialize_state(s.serialize())
        assert str(back) == str(s) and back.history() == s.history()
        assert back.civtable_state is not s.civtable_state
        assert back.information_state_string(0) == s.information_state_string(0)
        # both go on alike (the generator is part of the position)
        a, b = s.clone(), back
        for _ in range(20):
            if a.is_terminal():
                break
            if a.is_simultaneous_node():
                joint = random_joint(a, np.random.RandomState(checked))
                a.apply_actions(joint)
                b.apply_actions(joint)
            else:
                a.apply_action(a.legal_actions()[0])
                b.apply_action(b.legal_actions()[0])
        assert str(a) == str(b)
        checked += 1
    assert checked >= 3


def test_a_position_in_and_out_as_civtables_json() -> None:
    game = load("civtable_civ_card_game(players=3)")
    state = game.new_initial_state()
    for _ in range(30):
        state.apply_action(state.legal_actions()[0])
    data = state.civtable_state.to_json()
    assert json.loads(state.to_struct().to_json()) == data
    assert json.loads(state.to_observation_struct(1).to_json()) == state.civtable_state.observation(1)
    assert json.loads(state.action_to_struct(state.current_player(), state.legal_actions()[0]).to_json()) == {
        "player": state.current_player(), "action": game.space.text(state.legal_actions()[0])}
    for position in (json.dumps(data), data):
        copy = game.new_initial_state(position)
        assert str(copy) == str(state)
    with pytest.raises(pyspiel.SpielError, match="^civtable_civ_card_game: position is not valid JSON"):
        game.new_initial_state("{not json")
    broken = dict(data, game="catan-deckbuilding")
    with pytest.raises(pyspiel.SpielError, match="^civtable_civ_card_game: this is a position of 'catan-deck"):
        game.new_initial_state(json.dumps(broken))


# ---------------------------------------------------------------- the process
def test_the_interpreter_exits_cleanly() -> None:
    """OpenSpiel keeps each registered creator until after Python's shutdown; a creator
    freed then would abort the process (exit code 134) at its very end."""
    code = ("import pyspiel, civtable.interop.openspiel as o\n"
            "for name in o.register_all():\n"
            "    s = pyspiel.load_game(name).new_initial_state()\n"
            "    s.clone()\n"
            "print('ok')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "ok"
