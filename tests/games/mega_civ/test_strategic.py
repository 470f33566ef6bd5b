"""The strategic bot (issue 17) on hand-built positions of the small map: it attacks a
city and tokens when that pays, defends its cities, sails from an island, keeps the
stock that pays the tax, builds only cities it can support, never moves a token back
the way another came, and follows a strategy file (``rules:FILE``).

Seats HELLAS=0, MINOA=1, HATTI=2, ASSYRIA=3, EGYPT=4; AST order MINOA, ASSYRIA,
HATTI, HELLAS, EGYPT (who moves later can still answer).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from civtable.agents import PlayerView, make_agent
from civtable.core.errors import AgentError
from civtable.games.mega_civ.bots.strategy import load_strategy

from . import _mc_helpers as mc
from ._mc_helpers import finish_movement, game, position
from ._seats import EGYPT, HATTI, HELLAS, MINOA

STRATEGIES = Path(__file__).resolve().parents[3] / "civtable" / "games" / "mega_civ" / "strategies"


def movement(s: Any, p: int, spec: str = "strategic") -> list[str]:
    """Player ``p`` plays his whole movement with the bot; the actions it chose."""
    bot = make_agent(spec, s.game, seed=7)
    out = []
    while s.phase == 3 and p in s.to_move():
        action = bot.act(PlayerView(s, p))
        out.append(action.text)
        s.apply(p, action)
    return out


def test_attacks_a_weakly_held_city():
    """MC-4.2: Hatti has 9 tokens next to Hellas's city in date_oasis (limit 1) and no
    free city site to fill with them; Hellas, the leader, has 1 token in stock for its
    6 defenders. Hatti brings 7 or more, wins the city and plunders it (MC-4.2.3)."""
    s = position(players={HATTI: {"tokens": {"river_bend": 5, "salt_marsh": 4}},
                          HELLAS: {"tokens": {"kings_vale": 3, "old_ford": 2}, "treasury": 49, "hand": ["ochre"]}},
                 city={"date_oasis": HELLAS, "north_downs": HELLAS}, queue=[HATTI, HELLAS], turn=6)
    moves = movement(s, HATTI)
    assert sum(m.endswith(" date_oasis") for m in moves) >= 7
    s.apply(HELLAS, "done")
    assert mc.owner(s, "date_oasis") == -1 and mc.tok(s, HATTI, "date_oasis") > 0
    assert [s.cat.cards[c].id for c in s.hands[HATTI]] == ["ochre"]


def test_no_attack_on_a_city_it_cannot_take():
    """MC-4.2.1: 6 tokens next to the city are too few: no move into it."""
    s = position(players={HATTI: {"tokens": {"harbour_bay": 3, "river_bend": 3}},
                          HELLAS: {"tokens": {"kings_vale": 3}}},
                 city={"date_oasis": HELLAS}, queue=[HATTI, HELLAS], turn=6)
    assert not [m for m in movement(s, HATTI) if m.endswith(" date_oasis")]


def test_takes_a_free_site_from_a_lone_token():
    """MC-4.1: one Hatti token on the free city site east_strand, Hellas with 5 in
    ash_plains (limit 2, 3 over it): Hellas moves in and the conflict leaves him alone."""
    s = position(players={HELLAS: {"tokens": {"ash_plains": 5, "kings_vale": 2}},
                          HATTI: {"tokens": {"east_strand": 1, "high_moor": 1}}},
                 queue=[HELLAS, EGYPT], turn=5)
    moves = movement(s, HELLAS)
    assert "move ash_plains east_strand" in moves
    finish_movement(s)
    assert mc.tok(s, HATTI, "east_strand") == 0 and mc.tok(s, HELLAS, "east_strand") > 0


def test_does_not_defend_a_city_it_cannot_hold():
    """Against 9 rival tokens next to it, 6 more of Hellas's tokens in kings_vale would
    still leave it none: nothing moves there."""
    s = position(players={HELLAS: {"tokens": {"old_ford": 3, "north_downs": 3}, "treasury": 49},
                          EGYPT: {"tokens": {"ash_plains": 9}}},
                 city={"kings_vale": HELLAS}, queue=[HELLAS, EGYPT], turn=5)
    assert not [m for m in movement(s, HELLAS) if m.endswith(" kings_vale")]


def test_defends_a_city_a_later_rival_can_take():
    """MC-4.2: Egypt, who moves after Hellas, has 7 tokens next to Hellas's city in
    kings_vale (limit 3) and Hellas has 2 tokens in stock for defenders: Hellas moves 4
    tokens from old_ford and north_downs into kings_vale. The city falls to the 7
    (MC-4.2.2) but the conflict, 7 against 2 + 4, leaves Hellas a token: Egypt has not
    won (city-attack-win A) and plunders nothing (MC-4.2.3)."""
    s = position(players={HELLAS: {"tokens": {"old_ford": 4, "north_downs": 4}, "treasury": 45},
                          EGYPT: {"tokens": {"ash_plains": 7}}},
                 city={"kings_vale": HELLAS}, queue=[HELLAS, EGYPT], turn=5)
    moves = movement(s, HELLAS)
    assert sum(m.endswith(" kings_vale") for m in moves) == 4
    for _ in range(7):
        s.apply(EGYPT, "move ash_plains kings_vale")
    s.apply(EGYPT, "done")
    assert mc.tok(s, HELLAS, "kings_vale") >= 1
    assert s.treasury[EGYPT] == 0 and not [e for e in s.events(None) if e.id == "city.plundered"]


def test_sails_from_an_island():
    """MC-3.3 to MC-3.5: Minoa's 7 tokens on its city island pearl_isle (limit 2) have no
    land to walk to: it builds a ship paid from the treasury and sails a shipload of 5
    to a free area overseas."""
    s = position(players={MINOA: {"tokens": {"pearl_isle": 7}, "treasury": 4}},
                 city={"pearl_isle": MINOA}, decider=MINOA, turn=4)
    moves = movement(s, MINOA)
    assert moves[0] == "ship pearl_isle treasury"
    assert moves[1].startswith("sail pearl_isle ") and moves[1].endswith(" 5")
    assert moves[-1] == "done"


def test_walks_instead_of_sailing_when_there_is_land():
    """A coast with free city sites next to it by land needs no ship."""
    s = position(players={HELLAS: {"tokens": {"kings_vale": 6}, "treasury": 4}}, decider=HELLAS, turn=4)
    moves = movement(s, HELLAS)
    assert not [m for m in moves if m.startswith(("ship", "sail"))]


def test_keeps_the_stock_that_pays_the_next_tax():
    """MC-1.1 / MC-1.2: Hellas has 4 cities, 14 tokens on the map, 1 in stock and 40 in
    the treasury; the next tax is 8. It builds ships paid from the treasury (their tokens go back to the
    stock) and leaves tokens over the limits for phase 5 to remove."""
    s = position(players={HELLAS: {"tokens": {"kings_vale": 3, "old_ford": 2, "ash_plains": 2, "north_downs": 2,
                                              "west_cape": 2, "east_strand": 2, "nw_hills": 1},
                                   "treasury": 40}},
                 city={"great_delta": HELLAS, "harbour_bay": HELLAS, "south_cape": HELLAS, "red_cliffs": HELLAS},
                 decider=HELLAS, turn=8)
    assert s.stock[HELLAS] == 1
    moves = movement(s, HELLAS)
    ships = [m for m in moves if m.startswith("ship ") and m.endswith(" treasury")]
    assert ships
    assert not [m for m in moves if m.startswith("sail")]
    finish_movement(s)
    while s.phase < 13 and s.to_move():
        q = s.to_move()[0]
        s.apply(q, make_agent("strategic", s.game, seed=q).act(PlayerView(s, q)))
    assert s.stock[HELLAS] >= 8


def test_builds_only_cities_it_can_support():
    """MC-5.1 / MC-5.3: Egypt has 6 tokens on the great_delta site and 2 cities; with 1
    other token on the map the 3 cities would lack support, so it does not build; with
    7 more tokens it builds."""
    poor = position(players={EGYPT: {"tokens": {"great_delta": 6, "river_bend": 1}}},
                    city={"twin_rivers": EGYPT, "red_cliffs": EGYPT}, phase=5, step="build", decider=EGYPT)
    assert make_agent("strategic", poor.game, seed=1).act(PlayerView(poor, EGYPT)).text == "done"
    rich = position(players={EGYPT: {"tokens": {"great_delta": 6, "river_bend": 3, "harbour_bay": 2, "dune_coast": 1,
                                                "upper_river": 2}}},
                    city={"twin_rivers": EGYPT, "red_cliffs": EGYPT}, phase=5, step="build", decider=EGYPT)
    assert make_agent("strategic", rich.game, seed=1).act(PlayerView(rich, EGYPT)).text == "city great_delta"


def test_no_token_goes_back_the_way_another_came():
    """Whole 5-player games on the small map: no player ever moves a token from B to A
    after moving one from A to B in the same turn (the plan is made once a turn)."""
    g = game(**{"last-turn": 15})
    for seed in range(3):
        s = g.new_state(seed=seed)
        bots = [make_agent("greedy", g, seed=seed * 10 + i) for i in range(5)]
        went: set[tuple[int, int, str, str]] = set()
        while s.to_move():
            p = s.to_move()[0]
            a = bots[p].act(PlayerView(s, p))
            if a.kind == "move":
                assert (p, s.turn, a.args[-1], a.args[0]) not in went
                went.add((p, s.turn, a.args[0], a.args[-1]))
            s.apply(p, a)


def test_greedy_is_the_strategic_bot_and_simple_the_earlier_one():
    g = game()
    assert type(make_agent("greedy", g)).__name__ == "StrategicBot"
    assert type(make_agent("simple", g)).__name__ == "HeuristicBot"


# ------------------------------------------------------------------ strategies
def buyer(spec: str) -> str:
    """What the bot buys first in phase 12 with a hand that affords several advances."""
    s = position(players={HELLAS: {"tokens": {"kings_vale": 3}, "treasury": 30,
                                   "hand": ["gold", "gold", "ochre", "ochre", "papyrus"]}},
                 city={"old_ford": HELLAS}, phase=12, step="buy", decider=HELLAS, target=3)
    return make_agent(spec, s.game, seed=1).act(PlayerView(s, HELLAS)).text


def test_a_strategy_file_decides_what_is_bought_first(tmp_path: Path):
    """issue 16, item 4: the buy list comes first when its conditions hold."""
    for name in ("mythology", "pottery"):
        f = tmp_path / f"{name}.yaml"
        f.write_text(f"name: {name}\nbuy:\n  - {name}: \"treasury >= 10\"\n", encoding="utf-8")
        assert buyer(f"rules:{f}") == f"buy {name}"
    f = tmp_path / "never.yaml"
    f.write_text("buy:\n  - pottery: \"turn > 50\"\nthen: stop\n", encoding="utf-8")
    assert buyer(f"rules:{f}") == "done"


def test_a_strategy_can_forbid_attacks(tmp_path: Path):
    """attack: the conditions under which the bot attacks cities (here never)."""
    f = tmp_path / "peaceful.yaml"
    f.write_text("attack:\n  cities: \"turn > 99\"\n  tokens: \"turn > 99\"\n", encoding="utf-8")
    s = position(players={HATTI: {"tokens": {"river_bend": 5, "salt_marsh": 4}},
                          HELLAS: {"tokens": {"kings_vale": 3}, "treasury": 50}},
                 city={"date_oasis": HELLAS}, queue=[HATTI, HELLAS], turn=6)
    assert not [m for m in movement(s, HATTI, f"rules:{f}") if m.endswith(" date_oasis")]


@pytest.mark.parametrize("text, words", [
    ("buy:\n  - warp-drive\n", "buy rule 1: 'warp-drive' is not an advance"),
    ("buy:\n  - pottery: \"cities >> 2\"\n", "buy rule 1"),
    ("buy:\n  - pottery: \"castles > 2\"\n", "'castles' in 'castles > 2' is not a number or a quantity"),
    ("play:\n  stock_reserve: -1\n", "play setting 'stock_reserve' must not be negative"),
    ("play:\n  ships: 3\n", "play setting 'ships' must be true or false"),
    ("play:\n  speed: 3\n", "unknown play setting 'speed'"),
    ("then: maybe\n", "'then' must be value or stop"),
    ("attack:\n  castles: []\n", "'attack' has the keys cities and tokens"),
    ("colour: red\n", "unknown key 'colour'"),
    ("- pottery\n", "a strategy is a mapping"),
])
def test_a_bad_strategy_is_refused_naming_the_entry(tmp_path: Path, text: str, words: str):
    f = tmp_path / "bad.yaml"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(AgentError, match=words.replace("(", r"\(").replace(")", r"\)")):
        load_strategy(f)


def test_every_shipped_strategy_loads():
    names = sorted(p.stem for p in STRATEGIES.glob("*.yaml"))
    assert {"strategic", "example"} <= set(names)
    for name in names:
        assert load_strategy(name).name == name
    with pytest.raises(AgentError, match="no strategy file"):
        load_strategy("no-such-strategy")
    with pytest.raises(AgentError, match="needs a strategy file"):
        make_agent("rules", game())
