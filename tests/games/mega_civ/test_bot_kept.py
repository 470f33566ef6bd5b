"""What the strategic bot keeps between decisions (issue 17, item 4) gives what it
would compute from nothing: the tokens per area, the victory points and the holders
of an ability (``view.Table``) on every decision of seeded games, on clones changed
behind the kept copy's back and on other games; an offer's worth read from the
position (``Economy.incoming_side``) equals ``Economy.incoming`` of the public deal;
the offer and counter-offer search kept per hand equals a fresh search."""

from __future__ import annotations

from typing import Any

import pytest

import civtable
from civtable.agents import PlayerView, make_agent
from civtable.games.mega_civ.bots.strategic import Spender, StrategicBot
from civtable.games.mega_civ.rules.trade import COUNTER, COUNTERS, FROM, SIDE, STAGE
from civtable.games.mega_civ.view import SeatView, Table

KEYS = ("no_entry_to_cities", "no_conflict_with")


def _games(players: int, seed: int, turns: int) -> Any:
    """Every decision of a seeded game of strategic bots up to ``turns``: (state, player)
    before the decision is played."""
    game = civtable.load_game("mega-civ", players=players, map="full", **{"last-turn": turns})
    bots = [make_agent("greedy", game, seed * 100 + i) for i in range(players)]
    s = game.new_state(seed=seed)
    while not s.is_terminal():
        p = s.to_move()[0]
        yield s, p
        s.apply(p, bots[p].act(PlayerView(s, p)))


def _direct(s: Any) -> tuple[list[int], list[int], frozenset[int]]:
    totals = [sum(s.tokens[q][a] for q in range(s.n)) for a in range(len(s.city))]
    vps = [s.vp(p) for p in range(s.n)]
    holders = frozenset(p for p in range(s.n) if s.holds(p, KEYS[0]) or s.holds(p, KEYS[1]))
    return totals, vps, holders


@pytest.mark.parametrize(("players", "seed"), [(5, 1), (9, 2)])
def test_the_kept_table_matches_the_position(players: int, seed: int) -> None:
    table = Table()
    other = civtable.load_game("mega-civ", players=5, map="full").new_state(seed=3)
    checked = 0
    for i, (s, _p) in enumerate(_games(players, seed, 12)):
        if i % 7:
            continue
        totals, vps, holders = _direct(s)
        assert table.crowd.totals(s.tokens) == totals
        assert table.scores.vps(s) == vps
        assert table.holders.of(s, KEYS) == holders
        # a clone changed behind the kept copies' back, and another game in between
        c = s.clone()
        q = next(q for q in [*range(i % s.n, s.n), *range(i % s.n)] if any(c.tokens[q]))  # one with a token
        a = next(a for a, k in enumerate(c.tokens[q]) if k)
        c.tokens[q][a] -= 1
        c.tokens[q][(a + 1) % len(c.city)] += 1
        c.ast[q] += 1
        c.owned[q] = []
        assert table.crowd.totals(c.tokens) == _direct(c)[0]
        assert table.scores.vps(c) == _direct(c)[1]
        assert table.holders.of(c, KEYS) == _direct(c)[2]
        assert table.crowd.totals(other.tokens) == _direct(other)[0]
        assert table.scores.vps(other) == _direct(other)[1]
        assert table.crowd.totals(s.tokens) == totals
        checked += 1
    assert checked > 100


@pytest.mark.parametrize(("players", "seed"), [(9, 1), (12, 3)])
def test_an_offer_read_from_the_position_is_worth_what_the_deal_says(players: int, seed: int) -> None:
    """Every answer to another player's offer in a seeded game: the worth read from the
    position's side equals the worth of the public deal, and the counter-offer chosen
    with the kept search equals a fresh bot's."""
    answers = 0
    for s, p in _games(players, seed, 10):
        d = s.deal
        if d is None or d[STAGE] != COUNTER or d[FROM] == p or p in d[COUNTERS]:
            continue
        bot = make_agent("greedy", s.game, 5)
        assert isinstance(bot, StrategicBot)
        e = bot.economy
        v = SeatView(s, p)
        obs = {"player": p, "hand": [s.cat.cards[c].id for c in v.hand], "deal": v.deal()}
        worth = e.incoming_side(s.hands[p], d[SIDE])
        assert worth == e.incoming(e.counts(obs["hand"]), obs["deal"])
        if worth > 1:
            first = e.start(s.hands[p], worth)
            assert e.start(s.hands[p], worth) == first  # kept
            fresh = Spender(s.cat, s.rules, bot.rng, bot.strategy)
            assert fresh.start(list(s.hands[p]), worth) == first
        answers += 1
    assert answers > 200


def test_an_answer_depends_on_nothing_the_seat_cannot_see() -> None:
    """Hidden information (MC-7.4): the strategic bot answers another player's offer the
    same way whatever the offer's hidden cards and the other hands are: every answer
    of seeded 9-player games (300), against determinizations of the position (which deal the
    hidden cards again), at least one of which changes the offer's side."""
    from civtable.core.rng import Rng
    from civtable.games.mega_civ.state import TRADE

    g = civtable.load_game("mega-civ", players=9, map="full", **{"last-turn": 12})
    answers = changed = 0
    for seed in (1, 2):
        s = g.new_state(seed=seed)
        bots = [make_agent("greedy", g, seed=seed * 10 + q) for q in range(g.num_players)]
        while not s.is_terminal() and answers < 150 * seed:
            p = s.to_move()[0]
            deal = s.deal
            if (deal is not None and s.step == TRADE and deal[STAGE] == COUNTER and deal[FROM] != p
                    and p not in deal[COUNTERS]):
                answers += 1
                want = make_agent("greedy", g, seed=5).act(PlayerView(s, p)).text
                for k in range(2):
                    d = s.determinize(p, Rng(1000 * seed + 10 * answers + k))
                    assert d.observation(p) == s.observation(p)
                    changed += d.deal[SIDE] != deal[SIDE]
                    assert make_agent("greedy", g, seed=5).act(PlayerView(d, p)).text == want
            s.apply(p, bots[p].act(PlayerView(s, p)))
    assert answers >= 250
    assert changed > 100  # the offer's hidden cards were dealt again in many samples
