"""The search bots ``mcts`` and ``ismcts``: they find known answers in tiny games,
never crash in simultaneous steps, are reproducible by seed, keep their budgets,
decide on the observation alone (fair play) in every game, and reject bad specs."""

from __future__ import annotations

import time

import pytest

from civtable.agents import Agent, PlayerView, make_agent
from civtable.agents.ismcts import IsmctsAgent
from civtable.agents.mcts import DEFAULT_DEPTH, MctsAgent
from civtable.core.action import Action
from civtable.core.errors import AgentError
from civtable.core.registry import load_game
from civtable.core.rng import Rng
from civtable.testing.adapter import decisions

from . import tinygames  # noqa: F401  (registers the tiny games)

BOTS = ("mcts", "ismcts")


def decide(game_id: str, spec: str, seed: int = 0, state=None, player: int | None = None) -> str:
    g = load_game(game_id)
    s = state if state is not None else g.new_state(seed=seed)
    p = s.to_move()[0] if player is None else player
    return make_agent(spec, g, seed=seed).act(PlayerView(s, p)).text


@pytest.mark.parametrize("bot", BOTS)
def test_finds_the_forced_win(bot: str) -> None:
    for seed in range(5):
        assert decide("tiny-win", f"{bot}:iterations=60", seed) == "pick 3"


@pytest.mark.parametrize("bot", BOTS)
def test_greedy_rollout_and_depth_cutoff_also_find_the_win(bot: str) -> None:
    assert decide("tiny-win", f"{bot}:iterations=60&depth=1&rollout=random") == "pick 3"
    assert decide("tiny-win", f"{bot}:iterations=60&depth=0&c=0.5") == "pick 3"


@pytest.mark.parametrize("bot", BOTS)
def test_hidden_card_is_not_read(bot: str) -> None:
    """Whatever the hidden card, the bot passes: a guess is worth -1/3 on average,
    so a bot that picked the right card would have read the true state."""
    g = load_game("tiny-guess")
    for seed in range(6):
        s = g.new_state(seed=seed)
        assert decide("tiny-guess", f"{bot}:iterations=300", seed, state=s) == "pass"


@pytest.mark.parametrize("bot", BOTS)
def test_simultaneous_step_both_players(bot: str) -> None:
    g = load_game("tiny-pennies")
    for seed in range(4):
        s = g.new_state()
        assert s.to_move() == (0, 1)
        agents = [make_agent(f"{bot}:iterations=30", g, seed=seed + p) for p in (0, 1)]
        # each decides while both are to move, player 1 first on odd seeds
        order = (1, 0) if seed % 2 else (0, 1)
        for p in order:
            view = PlayerView(s, p)
            a = agents[p].act(view)
            assert a in view.legal_actions
            s.apply(p, a)
        assert s.is_terminal()


@pytest.mark.parametrize("bot", BOTS)
def test_same_seed_same_action(bot: str) -> None:
    g = load_game("tiny-guess")
    s = g.new_state(seed=3)
    first = [decide("tiny-guess", f"{bot}:iterations=7", seed, state=s) for seed in range(8)]
    again = [decide("tiny-guess", f"{bot}:iterations=7", seed, state=s) for seed in range(8)]
    assert first == again
    assert len(set(first)) > 1  # the seed does matter with so few iterations


@pytest.mark.parametrize("bot", BOTS)
def test_budget_by_iterations(bot: str, monkeypatch: pytest.MonkeyPatch) -> None:
    g = load_game("tiny-guess")
    s = g.new_state()
    calls = []
    real = PlayerView.determinize
    monkeypatch.setattr(PlayerView, "determinize", lambda self, rng: calls.append(1) or real(self, rng))
    monkeypatch.setattr(MctsAgent, "_decided", lambda self, *args: False)  # no early stop
    make_agent(f"{bot}:iterations=37", g).act(PlayerView(s, 0))
    assert len(calls) == 37


@pytest.mark.parametrize("bot", BOTS)
@pytest.mark.parametrize("game_id", ["tiny-guess", "tiny-win", "catan-deckbuilding"])
def test_early_stop_saves_iterations_but_keeps_the_decision(
    bot: str, game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The search stops once the leading root action cannot be overtaken: same choice, fewer iterations."""
    g = load_game(game_id)
    spec = f"{bot}:iterations=120&depth=5"
    saved = 0
    for seed in range(6):
        s = g.new_state(seed=seed)
        p = s.to_move()[0]
        early = make_agent(spec, g, seed=seed)
        choice = early.act(PlayerView(s, p)).text
        with monkeypatch.context() as m:
            m.setattr(MctsAgent, "_decided", lambda self, *args: False)
            full = make_agent(spec, g, seed=seed)
            assert full.act(PlayerView(s, p)).text == choice
            assert full.last_iterations == 120 or len(s.legal_actions(p)) == 1
        assert early.last_iterations <= 120
        saved += 120 - early.last_iterations
    if game_id != "catan-deckbuilding":  # a clear best action in the tiny games
        assert saved > 0


@pytest.mark.parametrize("bot", BOTS)
def test_budget_by_milliseconds(bot: str) -> None:
    g = load_game("catan-deckbuilding")
    s = g.new_state(seed=1)
    p = s.to_move()[0]
    view = PlayerView(s, p)
    agent = make_agent(f"{bot}:ms=150&depth=10", g, seed=1)
    start = time.perf_counter()
    a = agent.act(view)
    elapsed = time.perf_counter() - start
    assert a in view.legal_actions
    if len(view.legal_actions) > 1:
        assert 0.14 <= elapsed < 1.5


# ------------------------------------------------------------------ fair play
FAIR_GAMES = {
    "catan-deckbuilding": {},
    "civ-card-game": {},
    "mega-civ": {"players": 5, "map": "small", "last-turn": 3},
}


def mid_game(g, seed: int):
    """A position some random moves in where the mover has a real choice."""
    for step, s, p, legal in decisions(g, seed, max_steps=400):
        if step >= 15 and len(legal) > 1:
            return s, p
    pytest.skip("no decision with a choice found")


@pytest.mark.parametrize("bot", BOTS)
@pytest.mark.parametrize("game_id", sorted(FAIR_GAMES))
def test_same_observation_same_decision(game_id: str, bot: str) -> None:
    """Two states the bot cannot tell apart (the second is a determinization of the
    first: other hidden cards, another future shuffle) give the same decision."""
    g = load_game(game_id, **FAIR_GAMES[game_id])
    spec = f"{bot}:iterations=20&depth=20"
    if g.search_defaults.get("portfolio"):
        spec += "&portfolio=none"  # the search over single actions (the portfolio's: test_portfolio)
    for seed in (1, 2):
        s, p = mid_game(g, seed)
        other = s.determinize(p, Rng(99 + seed))
        assert other.observation(p) == s.observation(p)
        # the samples themselves depend only on the observation and the generator
        assert s.determinize(p, Rng(7)).to_json() == other.determinize(p, Rng(7)).to_json()
        a = make_agent(spec, g, seed=5).act(PlayerView(s, p))
        b = make_agent(spec, g, seed=5).act(PlayerView(other, p))
        assert a.text == b.text
        assert a in s.legal_actions(p)


# ------------------------------------------------------------------ specs
@pytest.mark.parametrize("bot", BOTS)
@pytest.mark.parametrize(
    "params, words",
    [
        ("iteration=5", ["'iteration'", "iterations", "rollout", "depth", "ms"]),
        ("iterations=abc", ["iterations", "integer"]),
        ("iterations=0", ["iterations", "at least 1"]),
        ("ms=-3", ["ms"]),
        ("c=x", ["'c'", "number"]),
        ("c=nan", ["'c'"]),
        ("depth=2.5", ["depth", "integer"]),
        ("rollout=nobot", ["unknown bot", "nobot"]),
        ("eps=1.5", ["'eps'", "from 0 to 1"]),
        ("eps=x", ["'eps'", "number"]),
        ("bias=-1", ["'bias'", "at least 0"]),
    ],
)
def test_bad_specs(bot: str, params: str, words: list[str]) -> None:
    g = load_game("tiny-win")
    with pytest.raises(AgentError) as err:
        make_agent(f"{bot}:{params}", g)
    for w in words:
        assert w in str(err.value)


def test_greedy_rollout_spec_builds() -> None:
    g = load_game("catan-deckbuilding")
    agent = make_agent("mcts:iterations=3&rollout=greedy&depth=5", g, seed=2)
    s = g.new_state(seed=2)
    p = s.to_move()[0]
    assert agent.act(PlayerView(s, p)) in s.legal_actions(p)


# ------------------------------------------------------------------ rollout bot: hints, eps, defaults
class Fixed(Agent):
    """A rollout bot that always wants one action (the first legal one otherwise), and counts its calls."""

    def __init__(self, text: str) -> None:
        super().__init__(0)
        self.text = text
        self.calls = 0

    def act(self, view: PlayerView) -> Action:
        self.calls += 1
        legal = view.legal_actions
        return next((a for a in legal if a.text == self.text), legal[0])


@pytest.mark.parametrize("cls", [MctsAgent, IsmctsAgent])
def test_the_rollout_bots_choice_is_tried_first(cls: type[MctsAgent]) -> None:
    """With a tiny budget the search plays the rollout bot's move (its hint); without the
    hint (bias=0) the first move tried is a random one."""
    g = load_game("tiny-win")
    s = g.new_state()
    hinted = {cls(seed=k, iterations=1, rollout=Fixed("pick 2")).act(PlayerView(s, 0)).text for k in range(8)}
    assert hinted == {"pick 2"}
    plain = {cls(seed=k, iterations=1, rollout=Fixed("pick 2"), bias=0).act(PlayerView(s, 0)).text
             for k in range(8)}
    assert len(plain) > 1


@pytest.mark.parametrize("cls", [MctsAgent, IsmctsAgent])
def test_a_bad_hint_fades(cls: type[MctsAgent]) -> None:
    """The bias fades with visits: a losing hint does not hide the forced win."""
    g = load_game("tiny-win")
    s = g.new_state()
    for k in range(5):
        bot = cls(seed=k, iterations=80, rollout=Fixed("pick 1"), bias=1.0)
        assert bot.act(PlayerView(s, 0)).text == "pick 3"


def test_eps_makes_rollouts_random() -> None:
    g = load_game("catan-deckbuilding")
    s = g.new_state(seed=4)
    p = s.to_move()[0]
    counts = []
    for eps in (0.0, 1.0):
        spy = Fixed("end")
        MctsAgent(seed=1, iterations=30, depth=8, rollout=spy, eps=eps, bias=0).act(PlayerView(s, p))
        counts.append(spy.calls)
    assert counts[0] > 30  # asked at rollout steps with a choice
    assert counts[1] == 0  # never asked: every rollout step was random


def test_defaults_use_the_games_greedy_bot() -> None:
    cdb = make_agent("mcts", load_game("catan-deckbuilding"))
    assert isinstance(cdb, MctsAgent) and cdb.rollout_agent is not None and cdb.rollout_agent.name == "greedy"
    assert cdb.depth == DEFAULT_DEPTH and cdb.bias == 1.0 and cdb.eps == 0.0
    ccg = make_agent("ismcts:rollout=random", load_game("civ-card-game"))
    assert isinstance(ccg, MctsAgent) and ccg.rollout_agent is None and ccg.bias == 0.0
    tiny = make_agent("mcts", load_game("tiny-win"))  # no greedy bot: random rollouts
    assert isinstance(tiny, MctsAgent) and tiny.rollout_agent is None


@pytest.mark.parametrize("game_id", ["catan-deckbuilding", "civ-card-game"])
def test_greedy_rollouts_with_eps_are_reproducible(game_id: str) -> None:
    g = load_game(game_id)
    spec = "mcts:iterations=15&depth=6&eps=0.2"
    for seed in (1, 2):
        s, p = mid_game(g, seed)
        first = make_agent(spec, g, seed=seed).act(PlayerView(s, p)).text
        assert make_agent(spec, g, seed=seed).act(PlayerView(s, p)).text == first


def test_game_search_defaults_and_their_override() -> None:
    """A game may set its own defaults (``Game.search_defaults``); a spec overrides them."""
    cdb = make_agent("mcts", load_game("catan-deckbuilding"))
    assert isinstance(cdb, MctsAgent) and (cdb.turns, cdb.depth) == (0, DEFAULT_DEPTH)
    g = load_game("civ-card-game")
    ccg = make_agent("ismcts", g)
    assert isinstance(ccg, MctsAgent) and (ccg.turns, ccg.depth) == (2, 0)
    ccg = make_agent("mcts:turns=0&depth=10", g)
    assert isinstance(ccg, MctsAgent) and (ccg.turns, ccg.depth) == (0, 10)


def test_turns_cut_rollouts_at_the_start_of_a_turn() -> None:
    """``turns`` cuts a rollout once the turn has grown by that much (not a step later),
    however many steps the turns take; a step limit cuts after its steps."""
    g = load_game("civ-card-game")
    for seed in (1, 2, 3):
        s, _ = mid_game(g, seed)
        for turns in (1, 2):
            bot = make_agent(f"mcts:turns={turns}&depth=0", g, seed=seed)
            assert isinstance(bot, MctsAgent)
            t = s.clone()
            values = bot._rollout(t, cut=s.turn + turns)
            assert t.is_terminal() or t.turn == s.turn + turns
            assert len(values) == 2 and all(-1 <= v <= 1 for v in values)
            t = s.clone()
            bot._rollout(t, cut=s.turn)  # already there: evaluated at once
            assert t.to_json() == s.to_json()
