"""Hidden information on OpenSpiel's channels, samples of an information set, and
bots: the observer (strings and tensors), the information state and the observation
struct say nothing a seat may not see; ``resample_from_infostate`` keeps the seat's
information state; OpenSpiel's ISMCTS plays civtable's greedy through
``evaluate_bots``; civtable's bots play OpenSpiel's simultaneous nodes."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel is not installed: pip install -e '.[openspiel]' (make test installs it)")

from open_spiel.python.algorithms.evaluate_bots import evaluate_bots  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

from civtable.core.registry import game_class  # noqa: E402
from civtable.core.rng import derive_seed  # noqa: E402
from civtable.interop.openspiel_bots import CivtableBot, ismcts_bot  # noqa: E402
from civtable.testing import check_determinize  # noqa: E402
from tests.interop.spiel import SHORT, load, play_random, pyspiel  # noqa: E402

SPECTATOR = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                       private_info=pyspiel.PrivateInfoType.NONE)


def received(game: Any, state: Any, viewer: int | None) -> dict[str, Any]:
    """Everything OpenSpiel's API gives ``viewer`` (a seat, or None: a spectator) of ``state``."""
    if viewer is None:
        return {"spectator": make_observation(game, SPECTATOR).string_from(state, 0)}
    obs = make_observation(game)
    obs.set_from(state, viewer)
    return {
        "information_state_string": state.information_state_string(viewer),
        "observation_string": state.observation_string(viewer),
        "information_state_tensor": list(state.information_state_tensor(viewer)),
        "observation_tensor": list(state.observation_tensor(viewer)),
        "observer_tensor": obs.tensor.tolist(),
        "observer_string": obs.string_from(state, viewer),
        "observation_struct": json.loads(state.to_observation_struct(viewer).to_json()),
    }


def without_generator(position: dict[str, Any]) -> dict[str, Any]:
    """A position without its generator's state (which every sample draws anew)."""
    return {k: v for k, v in position.items() if k != "rng"}


def leak_check(game: Any, states: list[Any], seed: int) -> int:
    """For each state and viewer, a sample of the viewer's information set
    (``check_determinize``: other hands, deck orders and the generator dealt anew) gives
    the viewer the same on every channel. Returns how many samples differed from the
    true state in more than the generator (so that the check had something to find)."""
    changed = 0
    for k, state in enumerate(states):
        truth = state.civtable_state
        for viewer in [*range(state.num_players()), None]:
            sample = check_determinize(truth, viewer, derive_seed(seed, k, viewer or 0))
            changed += without_generator(sample.to_json()) != without_generator(truth.to_json())
            other = game.new_initial_state(sample.to_json())
            assert received(game, other, viewer) == received(game, state, viewer), \
                f"viewer {viewer} receives something that depends on what he cannot see"
    return changed


def sample_states(text: str, seed: int, every: int, limit: int, least: int = 1) -> tuple[Any, list[Any]]:
    """Every ``every``-th state of random games (at most ``limit`` moves each), from as
    many games as it takes to have ``least`` states."""
    game = load(text)
    out: list[Any] = []
    rng = np.random.RandomState(seed)
    while len(out) < least:
        for k, s in enumerate(play_random(game.new_initial_state(), rng, limit)):
            if k % every == 0:
                out.append(s.clone())
    return game, out[:: len(out) // least][:least]


def solo_battles(seed: int, least: int) -> tuple[Any, list[Any]]:
    """States of the solo game in a battle (its only hidden cards: the opponent's face-down
    deck), played by civtable's growth model (random play never fights)."""
    game = load("civtable_civ_solo")
    out: list[Any] = []
    for n in range(40):
        bot = CivtableBot(game, 0, "model", seed=seed + n)
        state = game.new_initial_state()
        while not state.is_terminal() and len(out) < least:
            if state.civtable_state.battle is not None:  # type: ignore[attr-defined]
                out.append(state.clone())
            state.apply_action(bot.step(state))
        if len(out) >= least:
            break
    return game, out


@pytest.mark.parametrize("game_id", sorted(SHORT))
def test_the_observer_shows_no_hidden_information(game_id: str) -> None:
    if game_id == "civ-solo":
        game, states = solo_battles(17, least=12)
    else:
        game, states = sample_states(SHORT[game_id], 17, 9, 600, least=4 if game_id == "mega-civ" else 12)
    changed = leak_check(game, states, 17)
    assert changed >= 3, f"only {changed} samples changed a hidden card: the check had nothing to find"


def test_the_leak_check_catches_a_leaking_observer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same check on an observer whose text also shows the opponent's hand fails."""
    from civtable.interop.openspiel import CivtableObserver

    original = CivtableObserver.string_from

    def leaky(self: Any, state: Any, player: int) -> str:
        hand = state.civtable_state.to_json()["players"][1 - player]["hand"]
        return original(self, state, player) + json.dumps(hand)

    monkeypatch.setattr(CivtableObserver, "string_from", leaky)
    game, states = sample_states("civtable_catan_deckbuilding(max_turns=10)", 3, 5, 60)
    with pytest.raises(AssertionError, match="depends on what he cannot see"):
        leak_check(game, states, 3)


def test_observation_types_civtable_cannot_give_are_refused() -> None:
    game = load("civtable_catan_deckbuilding")
    every = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                       private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
    with pytest.raises(ValueError, match="not every player's private information"):
        make_observation(game, every)
    with pytest.raises(ValueError, match="takes no parameters"):
        make_observation(game, None, {"x": 1})
    spectator = make_observation(game, SPECTATOR)
    assert spectator.tensor is None
    state = game.new_initial_state()
    assert spectator.string_from(state, 0) == str(game.civtable_game.render(state.civtable_state.observation(None),
                                                                             None))


@pytest.mark.parametrize("game_id", sorted(SHORT))
def test_resample_from_infostate_keeps_the_information_state(game_id: str) -> None:
    """OpenSpiel's ResampleInfostateTest: a sample has the seat's information state
    (string and tensor) and the same player to move; repeated calls give other samples."""
    game, states = sample_states(SHORT[game_id], 23, 13, 500)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    differ = 0
    for state in states:
        for p in range(state.num_players()):
            samples = [state.resample_from_infostate(p, sampler) for _ in range(3)]
            for sample in samples:
                assert sample.information_state_string(p) == state.information_state_string(p)
                assert sample.information_state_tensor(p) == state.information_state_tensor(p)
                assert sample.current_player() == state.current_player()
                assert sample.history() == state.history()
                assert sample.civtable_state is not state.civtable_state
            differ += len({str(s) for s in samples}) > 1
    assert differ > 0, "repeated samples of an information set were all the same"


@pytest.mark.parametrize("game_id", ["catan-deckbuilding", "civ-card-game"])
def test_openspiels_ismcts_plays_civtables_greedy(game_id: str) -> None:
    """OpenSpiel's ISMCTS (on samples from resample_from_infostate, asserting each has the
    root's information state) against civtable's greedy, through OpenSpiel's
    evaluate_bots; the game ends by its rules, and the same moves in civtable give the
    same final position and returns."""
    name = f"civtable_{game_id.replace('-', '_')}(seed=4)"
    game = load(name)
    bots = [ismcts_bot(game, simulations=20, seed=4), CivtableBot(game, 1, "greedy", seed=4)]
    state = game.new_initial_state()
    returns = evaluate_bots(state, bots, np.random.RandomState(4))
    assert state.civtable_state.is_terminal(), "the game was cut at the cap instead of ending by its rules"
    assert returns == state.civtable_state.returns() and sorted(returns) == [-1.0, 1.0]
    civ = game.civtable_game.new_state(seed=derive_seed(4, 0))
    for action in state.history():
        civ.apply(civ.to_move()[0], game.space.text(action))
    assert civ.to_json() == state.civtable_state.to_json()
    assert len(state.history()) > 50


def test_civtable_bots_play_simultaneous_nodes_through_evaluate_bots() -> None:
    game = load("civtable_mega_civ(strict_ast_order=A,last_turn=2,seed=2)")
    assert game_class("mega-civ").info.simultaneous
    together = []

    class Counting(CivtableBot):
        def step(self, state: Any) -> int:
            together.append(state.is_simultaneous_node())
            return super().step(state)

    bots = [Counting(game, p, "random", seed=p) for p in range(game.num_players())]
    state = game.new_initial_state()
    returns = evaluate_bots(state, bots, np.random.RandomState(2))
    assert state.civtable_state.is_terminal() and returns == state.civtable_state.returns()
    assert sum(together) >= 10, "fewer than 10 decisions were taken at simultaneous nodes"
