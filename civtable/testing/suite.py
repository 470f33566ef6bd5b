"""The contract-test suite every game runs: subclass it with the game's adapter.

    class TestContract(ContractSuite):
        adapter = GameAdapter("catan-deckbuilding", options=..., end_options=...)

pytest collects the methods below for each game. Each is a hypothesis property
over random games; its number of examples is its weight here, times the adapter's
``scale``, times the hypothesis profile's ``max_examples`` / 100 (``tests/conftest.py``
has the profiles: ``ci`` by default, ``thorough`` for long runs).
"""

from __future__ import annotations

import json
import os
import string
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from civtable.agents import make_agent
from civtable.core.action import Action
from civtable.core.records import Record, parse_record
from civtable.core.registry import game_class, game_ids, target_of
from civtable.core.rng import Rng, derive_seed
from civtable.core.state import State
from civtable.sim.runner import play_game, play_out, resume

from .adapter import GameAdapter, Scenario, Walker, scenarios, steps, walk
from .checks import (
    check_clone,
    check_events,
    check_illegal,
    check_json,
    check_notation,
    check_observations,
    check_seat_view,
    check_turn,
    check_web,
    viewers,
)
from .fuzz import budget as fuzz_budget
from .fuzz import fuzz_actions, fuzz_position, fuzz_record
from .fuzz import report as fuzz_report
from .fuzz import seed as fuzz_seed
from .leaks import check_channels
from .learning import check_action_space, check_encoding, check_rewards, check_space_elsewhere


def budget(adapter: GameAdapter, weight: int) -> int:
    factor = settings.default.max_examples / 100
    return max(2, round(weight * adapter.scale * factor))


def prop(adapter: GameAdapter, weight: int) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Hypothesis settings of one check."""
    return settings(max_examples=budget(adapter, weight), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])


class ContractSuite:
    """The checks of DESIGN.md's contracts, for one game (``adapter``)."""

    adapter: ClassVar[GameAdapter]

    def _scenarios(self, max_steps: int | None = None) -> Any:
        strat = scenarios(self.adapter, max_steps)
        if self.adapter.examples:
            return st.one_of(st.sampled_from(self.adapter.examples), strat)
        return strat

    # ------------------------------------------------------------ the game itself
    def test_info_options_messages_and_reference(self) -> None:
        """The game is registered under its id, declares its info, its options with
        rule IDs, message templates that parse, bots, and a non-empty reference."""
        a = self.adapter
        assert a.game_id in game_ids()
        cls = game_class(a.game_id)
        info = cls.info
        assert info.id == cls.id == a.game_id
        assert cls.option_specs[0].name == "players"
        names = [s.name for s in cls.option_specs]
        assert len(set(names)) == len(names), "an option is declared twice"
        for spec in cls.option_specs:
            assert spec.help.strip(), f"option {spec.name} has no help"
            if spec.variant:
                assert spec.rule.startswith(info.rule_prefix + "-"), \
                    f"variant {spec.name} names rule {spec.rule!r}, not a {info.rule_prefix}- rule"
                assert spec.default in spec.choices
        formatter = string.Formatter()
        for mid, template in cls.messages.items():
            for _, field, _spec, _ in formatter.parse(template):
                assert field is None or field.isidentifier(), f"message {mid!r}: bad field {field!r}"
        game = cls()
        tables = game.reference()
        assert tables, "the game has no card/rules reference"
        for t in tables:
            assert t.rows, f"reference table {t.title!r} is empty"
        assert "greedy" in game.bots() or game.bots(), "the game has no bot of its own"
        rules = Path(__file__).resolve().parents[2].parent / "shared" / "rules" / info.rules
        if rules.is_file():
            text = rules.read_text(encoding="utf-8")
            for spec in cls.option_specs:
                for rule in filter(None, spec.rule.replace(",", " ").split()):
                    assert rule in text, f"option {spec.name} names rule {rule}, which {info.rules} does not have"

    # ------------------------------------------------------------ drivers
    def _states(self, weight: int, every: int, check: Callable[[State, Scenario, int], None],
                max_steps: int | None = None) -> None:
        """Run ``check(state, scenario, i)`` on every ``every``-th state of random games."""

        @prop(self.adapter, weight)
        @given(self._scenarios(max_steps))
        def run(scn: Scenario) -> None:
            for i, s in enumerate(walk(self.adapter, scn)):
                if i % every == 0:
                    check(s, scn, i)

        run()

    def _moves(self, weight: int, every: int, check: Callable[[State, int, Action, Scenario, int], None]) -> None:
        """Run ``check(state, player, action, scenario, i)`` before every ``every``-th
        action of random games (the state is unchanged until the walk plays it)."""

        @prop(self.adapter, weight)
        @given(self._scenarios())
        def run(scn: Scenario) -> None:
            for i, (s, p, act) in enumerate(steps(self.adapter, scn)):
                if i % every == 0:
                    check(s, p, act, scn, i)

        run()

    # ------------------------------------------------------------ turns and results
    def test_turns_results_and_invariants(self) -> None:
        """Every state of random games: movers, legal actions, results and the game's
        own invariants (conservation, nothing negative)."""
        self._states(60, 1, lambda s, scn, i: check_turn(s))

    def test_every_game_ends(self) -> None:
        """With a small turn cap, every game ends, and its result is consistent."""
        a = self.adapter

        @prop(a, 15)
        @given(scenarios(a, max_steps=a.end_steps, options=a.end_options))
        def run(scn: Scenario) -> None:
            scn = Scenario(scn.options, scn.seed, a.end_steps, scn.policies, scn.choice_seed, -1)
            last = None
            for state in walk(a, scn):
                last = state
            assert last is not None and last.is_terminal(), f"not over after {a.end_steps} actions: {last!r}"
            check_turn(last)
            check_rewards(last)

        run()

    # ------------------------------------------------------------ actions
    def test_illegal_actions_raise_and_change_nothing(self) -> None:
        self._states(25, 7, lambda s, scn, i: check_illegal(s, Rng(scn.choice_seed + i), self.adapter.junk),
                     self.adapter.max_steps // 2)

    def test_every_legal_action_applies(self) -> None:
        def check(s: State, scn: Scenario, i: int) -> None:
            for p in s.to_move():
                for act in s.legal_actions(p):
                    c = s.clone()
                    c.apply(p, act)
                    self.adapter.check(c)

        self._states(25, 5, check, self.adapter.max_steps // 2)

    def test_notation_round_trips(self) -> None:
        self._states(25, 3, lambda s, scn, i: check_notation(s))

    # ------------------------------------------------------------ copies and positions
    def test_clone_is_equal_independent_and_has_the_same_future(self) -> None:
        self._moves(25, 4, lambda s, p, act, scn, i: check_clone(s, (p, act)))

    def test_positions_round_trip_with_the_same_future(self) -> None:
        self._states(25, 3, lambda s, scn, i: check_json(s))

        @prop(self.adapter, 10)
        @given(self._scenarios(), st.integers(0, 30))
        def run(scn: Scenario, future: int) -> None:
            *_, last = walk(self.adapter, scn)
            loaded = check_json(last)
            walker = Walker(self.adapter, Scenario(scn.options, scn.seed, future, scn.policies, scn.choice_seed + 1))
            for _ in range(future):
                step = walker.choose(last)
                if step is None:
                    break
                last.apply(*step)
                loaded.apply(*step)
                assert loaded.to_json() == last.to_json(), "a position read back goes on differently"

        run()

    # ------------------------------------------------------------ what a viewer is told
    def test_observations_render_for_every_viewer(self) -> None:
        self._states(20, 5, lambda s, scn, i: check_observations(s))

    def test_the_browser_drawing_is_balanced_and_offers_every_action(self) -> None:
        self._states(10, 7, lambda s, scn, i: check_web(s))

    def test_every_action_tells_what_happened(self) -> None:
        self._moves(25, 1, lambda s, p, act, scn, i: check_events(s, p, act))

    def test_hidden_information_stays_hidden_on_every_channel(self) -> None:
        """Changing what a viewer may not see (other hands, deck orders, pending
        hidden choices) changes nothing that viewer receives (see ``leaks.py``)."""

        def check(s: State, p: int, act: Action, scn: Scenario, i: int) -> None:
            for v in viewers(s):
                check_channels(s, p, act, v, derive_seed(scn.choice_seed, i, 0 if v is None else v + 1))

        self._moves(30, 3 if game_class(self.adapter.game_id).info.hidden_information else 10, check)

    # ------------------------------------------------------------ records and determinism
    def test_records_replay_and_resume(self) -> None:
        a = self.adapter

        @prop(a, 6)
        @given(self._scenarios(), st.integers(0, 2**32 - 1))
        def run(scn: Scenario, seed: int) -> None:
            game = a.game(scn.options)
            specs = [p if p != "random" else "random" for p in scn.policies]
            result = play_game(game, specs, seed, max_steps=a.max_steps)
            record = result.record()
            again = parse_record(record.dumps(), source="test")
            final = again.replay()
            expected = game.new_state(seed=seed)
            for p, text in record.moves:
                expected.apply(p, game.parse_action(expected, text, p))
            assert final.to_json() == expected.to_json()
            k = len(record.moves) // 2
            resumed = again.replay(upto=k)
            for p, text in record.moves[k:]:
                resumed.apply(p, game.parse_action(resumed, text, p))
            assert resumed.to_json() == final.to_json(), f"resumed after {k} moves, the game went elsewhere"

        run()

    def test_a_resumed_bot_game_goes_on_as_the_uninterrupted_one(self) -> None:
        """Bots rebuilt by ``sim.runner.resume`` decide after the interruption exactly as
        they would have without it."""
        a = self.adapter

        @prop(a, 4)
        @given(self._scenarios(), st.integers(0, 2**32 - 1), st.floats(0.1, 0.9))
        def run(scn: Scenario, seed: int, where: float) -> None:
            game = a.game(scn.options)
            specs = [a.bots[i % len(a.bots)] if a.bots else "random" for i in range(game.num_players)]
            whole = play_game(game, specs, seed, max_steps=a.max_steps).record()
            k = int(len(whole.moves) * where)
            cut = Record(whole.game, whole.options, whole.seed, whole.players, whole.moves[:k])
            agents = [make_agent(spec, game, seed=derive_seed(seed, i)) for i, spec in enumerate(specs)]
            state, differ = resume(cut, agents)
            assert differ == 0, f"{differ} bot decisions differ when replayed"
            moves: list[tuple[int, str]] = []
            play_out(state, agents, max_steps=a.max_steps - k,
                     on_move=lambda p, act: moves.append((p, act.text)))
            assert whole.moves[k:] == moves, f"resumed after {k} moves, the bots chose differently"

        run()

    def test_fuzz_actions_positions_and_records(self) -> None:
        """The fuzz kit (``fuzz.py``) at this run's budget: about 2,000 illegal attempts,
        200 mutated positions and 40 mutated records per unit of ``CIVTABLE_FUZZ``."""
        a = self.adapter
        scale = fuzz_budget(a.scale)
        want = {"actions": int(2000 * scale), "positions": int(200 * scale), "records": int(40 * scale)}
        options: list[dict[str, Any]] = []

        @settings(max_examples=25, database=None, deadline=None)
        @given(a.options)
        def collect(o: dict[str, Any]) -> None:
            options.append(o)

        collect()
        counts: Counter[str] = Counter()
        rng = Rng(derive_seed(1234 + fuzz_seed(), len(a.game_id)))
        game_no = 0
        while any(counts[k] < v for k, v in want.items()):
            opts = options[game_no % len(options)]
            game_no += 1
            game = a.game(opts)
            policies = tuple(rng.choice(("random", *a.bots)) for _ in range(game.num_players))
            scn = Scenario(opts, rng.next64(), a.max_steps, policies, rng.below(2**32))
            moves: list[tuple[int, str]] = []
            for i, (s, p, act) in enumerate(steps(a, scn)):
                if counts["actions"] < want["actions"]:
                    fuzz_actions(s, rng, 8, counts)
                if i % 5 == 0 and counts["positions"] < want["positions"]:
                    fuzz_position(s, rng, a.check, 40, counts)
                moves.append((p, act.text))
            record = Record(game.id, dict(game.options), scn.seed, list(policies), moves)
            text = record.dumps()
            for _ in range(3):
                if counts["records"] < want["records"]:
                    fuzz_record(text, rng, counts)
            counts["games"] += 1
        fuzz_report(a.game_id, counts)

    def test_the_bots_cheap_view_shows_only_what_the_seat_may_see(self) -> None:
        self._states(10, 5, lambda s, scn, i: check_seat_view(s, derive_seed(scn.choice_seed, i)))

    # ------------------------------------------------------------ learning agents
    def test_the_action_space_holds_every_legal_action(self) -> None:
        """Every legal action has its number in the game's fixed action space."""
        self._states(15, 2, lambda s, scn, i: check_action_space(s))

    def test_the_encoding_is_bounded_and_hides_what_it_must(self) -> None:
        """The observation vector has its declared size and bounds, and does not change
        with what its seat cannot see."""
        self._states(10, 6, lambda s, scn, i: check_encoding(s, derive_seed(scn.choice_seed, i)))

    def test_the_action_space_is_the_same_in_other_processes(self) -> None:
        check_space_elsewhere(self.adapter.game(_first_options(self.adapter)))

    def test_same_game_in_other_processes(self) -> None:
        """The same seed and bots give the same record under other hash seeds."""
        a = self.adapter
        opts = _first_options(a)
        game = a.game(opts)
        specs = [a.bots[i % len(a.bots)] if a.bots else "random" for i in range(game.num_players)]
        here = play_game(game, specs, 11, max_steps=a.max_steps).record().dumps()
        for hash_seed in ("1", "2"):
            there = _play_elsewhere(a.game_id, game.options, specs, 11, a.max_steps, hash_seed)
            assert there == here, f"PYTHONHASHSEED={hash_seed} played another game"


def _first_options(adapter: GameAdapter) -> dict[str, Any]:
    if adapter.examples:
        return dict(adapter.examples[0].options)
    return {}


SCRIPT = r"""
import json, sys
from civtable.core.registry import load_game, register_game
from civtable.agents import make_agent
from civtable.core.action import Action
from civtable.core.state import State
from civtable.sim.runner import play_game, play_out, resume
game_id, target, options, specs, seed, steps = json.loads(sys.argv[1])
register_game(game_id, target)
g = load_game(game_id, **options)
sys.stdout.write(play_game(g, specs, seed, max_steps=steps).record().dumps())
"""


def _play_elsewhere(game_id: str, options: dict[str, Any], specs: list[str], seed: int, steps: int,
                    hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps([game_id, target_of(game_id), options, specs, seed, steps])],
                          env=env, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout



