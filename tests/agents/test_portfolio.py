"""``ismcts`` over a portfolio of strategies (``agents/portfolio.py``): it builds from
its spec, chooses a strategy once a turn by sampled rollouts on common samples,
prefers a clearly better strategy and keeps its default otherwise, decides on what
its seat may see alone, is reproducible by seed and keeps its time limit."""

from __future__ import annotations

import time

import pytest

from civtable.agents import PlayerView, make_agent
from civtable.agents.ismcts import IsmctsAgent
from civtable.agents.portfolio import PortfolioSearch
from civtable.core.errors import AgentError
from civtable.core.registry import load_game
from civtable.core.rng import Rng


def small():
    return load_game("mega-civ", players=5, map="small")


def choice_in_turn(g, turn: int = 4, seed: int = 1, choices: int = 8):
    """The first decision of turn ``turn`` or later with more than ``choices`` legal
    actions (a movement: MC-3), strategic bots playing every seat until then."""
    s = g.new_state(seed=seed)
    bots = [make_agent("greedy", g, seed=q) for q in range(g.num_players)]
    while True:
        p = s.to_move()[0]
        if s.turn >= turn and len(s.legal_actions(p)) > choices:
            return s, p
        s.apply(p, bots[p].act(PlayerView(s, p)))


def test_spec_builds_the_members_and_rejects_bad_ones() -> None:
    g = small()
    bot = make_agent("ismcts:portfolio=greedy+random&iterations=3&turns=2&margin=0.5", g, seed=1)
    assert isinstance(bot, PortfolioSearch)
    assert bot.members == ["greedy", "random"] and (bot.iterations, bot.turns, bot.margin) == (3, 2, 0.5)
    assert [a.name for a in bot.real] == ["greedy", "random"]
    assert len(bot.seats) == 5  # one rollout bot per seat: a bot's memory is its seat's
    plain = make_agent("ismcts:portfolio=none", g)
    # the game's defaults are its portfolio search's: the plain search keeps its own
    assert isinstance(plain, IsmctsAgent) and (plain.iterations, plain.turns, plain.depth) == (200, 0, 10)
    with pytest.raises(AgentError, match="'compare'.*portfolio"):
        make_agent("ismcts:portfolio=none&compare=buy", g)
    with pytest.raises(AgentError, match="nobot"):
        make_agent("ismcts:portfolio=greedy+nobot", g)
    with pytest.raises(AgentError, match="'c'.*portfolio"):
        make_agent("ismcts:portfolio=greedy+random&c=2", g)
    with pytest.raises(AgentError, match="margin"):
        make_agent("ismcts:portfolio=greedy+random&margin=x", g)


def test_the_clearly_better_strategy_is_chosen_and_played() -> None:
    """Random play against strategic play for a turn: the rollouts show the difference,
    and the search plays the strategic bot's moves for the rest of the turn."""
    g = small()
    s, p = choice_in_turn(g)
    bot = make_agent("ismcts:portfolio=random+greedy&iterations=6&turns=2&margin=1", g, seed=3)
    assert isinstance(bot, PortfolioSearch)
    action = bot.act(PlayerView(s, p))
    assert bot.chosen == 1 and bot.choices == [0, 1]
    assert bot.last_iterations == 6 and bot.last_values[1] > bot.last_values[0]
    greedy = make_agent("greedy", g, seed=0)
    assert action.text == greedy.act(PlayerView(s, p)).text
    # the same turn: no new search, the chosen strategy goes on
    s.apply(p, action)
    if p in s.to_move() and len(s.legal_actions(p)) > 1:
        bot.act(PlayerView(s, p))
        assert bot.choices == [0, 1]


def test_the_default_is_kept_without_clear_evidence() -> None:
    """With a margin no difference can pass, the first strategy is played."""
    g = small()
    s, p = choice_in_turn(g)
    bot = make_agent("ismcts:portfolio=random+greedy&iterations=4&turns=1&margin=1000", g, seed=3)
    assert isinstance(bot, PortfolioSearch)
    bot.act(PlayerView(s, p))
    assert bot.chosen == 0 and bot.last_iterations == 4
    # one sample has no spread to weigh a gain against: the default, however it compares
    one = make_agent("ismcts:portfolio=random+greedy&iterations=1&turns=2&margin=0", g, seed=3)
    assert isinstance(one, PortfolioSearch)
    one.act(PlayerView(s, p))
    assert one.chosen == 0 and one.last_iterations == 1


def test_same_observation_same_decision_and_same_seed_same_decision() -> None:
    g = load_game("mega-civ", players=5, map="small", **{"last-turn": 4})
    s, p = choice_in_turn(g, turn=3, seed=2, choices=1)
    other = s.determinize(p, Rng(11))
    assert other.observation(p) == s.observation(p)
    spec = "ismcts:portfolio=greedy+rules:peaceful&iterations=3&turns=1"
    a = make_agent(spec, g, seed=5).act(PlayerView(s, p))
    b = make_agent(spec, g, seed=5).act(PlayerView(other, p))
    c = make_agent(spec, g, seed=5).act(PlayerView(s, p))
    assert a.text == b.text == c.text
    assert a in s.legal_actions(p)


def test_time_limit_per_search() -> None:
    g = load_game("mega-civ", players=5, map="full")
    s, p = choice_in_turn(g, turn=3)
    bot = make_agent("ismcts:portfolio=greedy+rules:peaceful&iterations=1000&ms=300", g, seed=1)
    assert isinstance(bot, PortfolioSearch)
    start = time.perf_counter()
    bot.act(PlayerView(s, p))
    elapsed = time.perf_counter() - start
    assert 1 <= bot.last_iterations < 1000
    assert elapsed < 1.5


def test_actions_of_the_named_kinds_are_compared_one_by_one() -> None:
    """``compare=buy``: at a purchase (MC-12) every legal action is played on the same
    samples and the strategy's own choice kept unless another clearly beats it; other
    decisions are the strategy's."""
    g = small()
    s = g.new_state(seed=4)
    bots = [make_agent("greedy", g, seed=q) for q in range(g.num_players)]
    while True:
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        if s.turn >= 3 and any(a.kind == "buy" for a in legal) and len(legal) > 2:
            break
        s.apply(p, bots[p].act(PlayerView(s, p)))
    kept = make_agent("ismcts:portfolio=greedy+rules:peaceful&iterations=3&turns=1&compare=buy&margin=1000", g,
                      seed=2)
    assert isinstance(kept, PortfolioSearch) and kept.compare == {"buy"}
    own = make_agent("ismcts:portfolio=greedy+rules:peaceful&iterations=3&turns=1&margin=1000", g, seed=2)
    assert kept.act(PlayerView(s, p)).text == own.act(PlayerView(s, p)).text  # the margin keeps the strategy's
    assert (kept.compared, kept.overruled, kept.last_iterations) == (1, 0, 3)
    assert len(kept.last_values) == len(legal)
    free = make_agent("ismcts:portfolio=greedy+rules:peaceful&iterations=3&turns=1&compare=buy&margin=0", g, seed=2)
    assert isinstance(free, PortfolioSearch)
    choice = free.act(PlayerView(s, p))
    assert choice in legal and free.compared == 1
    # with no margin the best mean is played: the strategy's own (listed first) only if none beats it
    assert free.overruled == (max(free.last_values) > free.last_values[0])
    assert (free.overruled == 1) == (choice.text != own.act(PlayerView(s, p)).text)
    with pytest.raises(AgentError, match="'compare'.*portfolio"):
        make_agent("ismcts:portfolio=none&compare=buy", load_game("catan-deckbuilding"))
