"""Strategies without Python for Civilization: The Card Game (``bots/strategy.py``, bot
``rules:FILE``): a file's priorities and conditions change the decisions on
hand-built positions, the greedy bot decides where the file says nothing, a bad
file is one sentence naming the file, the entry and its line, the bot decides from
its observation alone, and the example file plays whole games from the command line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from civtable.agents import PlayerView, make_agent
from civtable.cli import main
from civtable.core.errors import AgentError
from civtable.core.rng import Rng
from civtable.games.civ_card_game.bots import strategy as strategy_module

from . import _ccg_helpers as h

EXAMPLE = Path(strategy_module.__file__).parents[1] / "strategies" / "example.yaml"
FOUR = ["grassland", "hills", "coast", "forest"]


def write(tmp_path: Path, raw: Any, name: str = "strategy.yaml") -> Path:
    path = tmp_path / name
    path.write_text(raw if isinstance(raw, str) else yaml.safe_dump(raw, sort_keys=False), encoding="utf-8")
    return path


def decide(tmp_path: Path, raw: Any, s: Any, seed: int = 1) -> str:
    """The rules bot's decision for the player to move."""
    bot = make_agent(f"rules:{write(tmp_path, raw)}", s.game, seed=seed)
    p = s.to_move()[0]
    return bot.act(PlayerView(s, p)).text


def greedy(s: Any, seed: int = 1) -> str:
    p = s.to_move()[0]
    return make_agent("greedy", s.game, seed=seed).act(PlayerView(s, p)).text


# ------------------------------------------------------------------ purchases
def shop(**extra: Any) -> Any:
    player = {"resources": {"commerce": 14, "food": 9, "hammers": 12},
              "hand": {"stonehenge": 1, "library": 1, "food_cache": 1}, **extra}
    return h.position(players=[player], tech_display=["writing", "pottery", "astronomy"])


@pytest.mark.parametrize("buy,expected", [
    (["tech writing"], "tech writing"),
    (["tech writing: turn > 5", "build wonder"], "build stonehenge 1"),  # the condition fails: next entry
    (["build library", "tech any"], "build library 1"),
    (["tech any"], "tech pottery"),  # the greedy bot's best technology: value per Commerce
    (["done: hammers >= 10", "greedy"], "done"),
    (["done: hammers >= 13", "tech writing"], "tech writing"),
    (["greedy"], "cash food_cache"),
    (["trade for commerce"], "trade hammers+hammers+hammers for commerce"),  # pays with the largest stock
    (["tech astronomy", "pop"], "pop 1"),  # astronomy is not affordable: the next entry
    (["plot gold"], "done"),  # nothing matches: buying ends
])
def test_buy_priorities_decide_the_purchase(tmp_path: Path, buy: list[Any], expected: str) -> None:
    s = shop()
    assert greedy(s) == "cash food_cache"
    assert decide(tmp_path, {"buy": buy}, s) == expected


def test_conditions_read_costs_holdings_and_rivals(tmp_path: Path) -> None:
    """``cost X`` follows the player's discounts, ``owned X`` his placed cards and
    technologies, ``rival Q`` the best opponent's public figures."""
    cheap = {"buy": [{"tech writing": "cost writing <= 11"}, "done"]}
    assert decide(tmp_path, cheap, shop()) == "done"  # Writing costs 12
    library = shop(plots=[("grassland", 0, ["library"])] + FOUR[1:])
    assert decide(tmp_path, cheap, library) == "tech writing"  # a Library takes 1 off
    owned = {"buy": [{"build wonder": ["owned library >= 1", "owned building == 1", "owned writing == 0"]}, "done"]}
    assert decide(tmp_path, owned, shop()) == "done"
    assert decide(tmp_path, owned, library).startswith("build stonehenge")
    behind = {"buy": [{"tech writing": "rival vp - vp >= 2"}, "done"]}
    ahead = h.position(players=[{"resources": {"commerce": 14}},
                                {"plots": [("grassland", 3)] + FOUR[1:], "technologies": ["mining"]}],
                       tech_display=["writing", "pottery", "astronomy"])
    assert decide(tmp_path, behind, ahead) == "tech writing"  # 4 VP against 0
    assert decide(tmp_path, behind, shop()) == "done"
    hands = {"buy": [{"tech writing": ["hand wonder == 1", "hand resource + hand building == 2", "techs_left == 18"]},
                     "done"]}
    assert decide(tmp_path, hands, shop()) == "tech writing"


@pytest.mark.parametrize("who,target", [("most-cards", 2), ("fewest-cards", 1), ("richest", 1), ("leader", 2)])
def test_thefts_pick_the_named_seat(tmp_path: Path, who: str, target: int) -> None:
    g = h.game(3)
    s = h.position(g, players=[{"technologies": ["writing"]},
                               {"hand": {"archers": 1}, "resources": {"food": 5}},
                               {"hand": {"archers": 3}, "resources": {"food": 1},
                                "plots": [("grassland", 2)] + FOUR[1:]}])
    assert decide(tmp_path, {"buy": [f"writing {who}"]}, s) == f"writing {target}"


# ------------------------------------------------------------------ combat
def declaring(chariots: int, players: int = 2) -> Any:
    g = h.game(players)
    others: list[dict[str, Any] | None] = [{"hand": {"archers": 1}},
                                            {"plots": [("grassland", 3)] + FOUR[1:], "hand": {"archers": 3}}]
    return h.position(g, players=[{"hand": {"chariot": chariots}}, *others[: players - 1]], phase="declare")


def test_attack_priorities_say_when_and_whom(tmp_path: Path) -> None:
    careful = {"attack": [{"stop": "hand attacker + declared < 2"}, "attack any"]}
    one = declaring(1)
    assert greedy(one) == "attack chariot 1"
    assert decide(tmp_path, careful, one) == "pass"  # one unit: no attack
    two = declaring(2)
    assert decide(tmp_path, careful, two) == "attack chariot 1"
    two.apply(0, "attack chariot 1")
    assert decide(tmp_path, careful, two) == "attack chariot 1"  # declared 1 + 1 in hand
    assert decide(tmp_path, {"attack": [{"stop": "declared >= 1"}, "attack any"]}, two) == "fight"
    three = declaring(2, players=3)
    assert decide(tmp_path, {"attack": ["attack chariot leader"]}, three) == "attack chariot 2"
    assert decide(tmp_path, {"attack": ["attack any fewest-cards"]}, three) == "attack chariot 1"
    assert decide(tmp_path, {"attack": ["attack swordsmen"]}, three) == "pass"  # none in hand: no attack


def test_attacks_after_buying_with_step_order_b(tmp_path: Path) -> None:
    """CCG-5.0 (step-order B): the file's purchases first, then its attacks."""
    g = h.game(**{"step-order": "B"})
    s = h.position(g, players=[{"hand": {"chariot": 1}, "resources": {"food": 6}}])
    raw = {"buy": ["pop"], "attack": ["attack chariot"]}
    assert decide(tmp_path, raw, s) == "pop 1"
    s.apply(0, "pop 1")
    assert decide(tmp_path, raw, s) == "attack chariot 1"
    s.apply(0, "attack chariot 1")
    assert decide(tmp_path, raw, s) == "fight"
    poor = h.position(g, players=[{"hand": {"chariot": 1}}])  # nothing to buy
    assert decide(tmp_path, {"buy": ["pop"], "attack": ["stop"]}, poor) == "done"
    assert decide(tmp_path, {"buy": ["greedy"], "attack": ["attack chariot"]}, poor) == "attack chariot 1"
    assert decide(tmp_path, {"buy": ["greedy"]}, poor) == greedy(poor) == "attack chariot 1"


def defending() -> Any:
    s = h.position(players=[{"hand": {"chariot": 1, "axemen": 1}},
                            {"plots": [("grassland", 2, ["library"])] + FOUR[1:],
                             "hand": {"archers": 1, "spearmen": 1, "axemen": 1}}], phase="declare")
    h.play(s, 0, "attack chariot 1", "attack axemen 1", "fight")
    assert s.to_move() == (1,)
    return s


def test_block_priorities(tmp_path: Path) -> None:
    s = defending()
    assert greedy(s).startswith("block")
    assert decide(tmp_path, {"block": ["done"]}, s) == "done"
    assert decide(tmp_path, {"block": ["block chariot archers"]}, s) == "block chariot archers"
    assert decide(tmp_path, {"block": ["block any axemen"]}, s) == "block axemen axemen"
    assert decide(tmp_path, {"block": ["block chariot axemen"]}, s) == "done"  # Axemen cannot block a Chariot
    # two attackers: the first entry does not apply; the greedy bot's cheaper blocker
    assert decide(tmp_path, {"block": [{"done": "attacked < 2"}, "block chariot"]}, s) == "block chariot archers"
    assert decide(tmp_path, {"block": [{"done": "attacked < 3"}, "block chariot"]}, s) == "done"


# ------------------------------------------------------------------ the other choices
def test_discard_draft_and_yield_priorities(tmp_path: Path) -> None:
    s = h.position(players=[{"hand": {"great_wall": 1, "food_cache": 1, "archers": 1}}], phase="discard", left=1)
    assert greedy(s) == "discard food_cache"
    assert decide(tmp_path, {"discard": ["discard wonder"]}, s) == "discard great_wall"
    assert decide(tmp_path, {"discard": ["discard defender"]}, s) == "discard archers"
    assert decide(tmp_path, {"discard": ["discard catapult"]}, s) == "discard food_cache"  # no match: greedy
    new = h.game().new_state(seed=3)
    row = sorted({a.args[0] for a in new.legal_actions(new.to_move()[0])})
    other = next(t for t in row if f"draft {t}" != greedy(new))
    assert decide(tmp_path, {"draft": [f"draft {other}"]}, new) == f"draft {other}"
    c = h.begin_turn(players=[{"plots": [("river", 1), "hills", "coast", "forest"], "resources": {"commerce": 30}}])
    assert h.phase(c) == "collect"
    assert decide(tmp_path, {"yield": ["yield food"]}, c) == "yield food"
    raw = {"yield": [{"yield commerce": "commerce < 24"}, "yield food"]}
    assert decide(tmp_path, raw, c) == "yield food"  # 30 Commerce already
    assert decide(tmp_path, {"yield": ["yield commerce: commerce > 24"]}, c) == "yield commerce"


def test_sections_left_out_are_the_greedy_bots(tmp_path: Path) -> None:
    """A file with only a draft section decides every later step as the greedy bot does."""
    g = h.game(3)
    s = g.new_state(seed=5)
    bots = [make_agent("greedy", g, seed=i) for i in range(3)]
    path = write(tmp_path, {"draft": ["draft gold"]})
    compared = 0
    while not s.is_terminal() and s.turn < 12:
        p = s.to_move()[0]
        if len(s.legal_actions(p)) > 1 and h.phase(s) != "draft":
            ours = make_agent(f"rules:{path}", g, seed=40).act(PlayerView(s, p))
            assert ours == make_agent("greedy", g, seed=40).act(PlayerView(s, p))
            compared += 1
        s.apply(p, bots[p].act(PlayerView(s, p)))
    assert compared > 50


# ------------------------------------------------------------------ bad files
BAD = [
    ({"buy": ["tech fire"]}, "buy entry 1 (line 2): 'fire' is not a technology"),
    ({"buy": ["done", {"tech writing": "commerce 12"}]}, "buy entry 2 (line 3): condition 'commerce 12' has no comparison"),
    ({"attack": ["attack dragon"]}, "attack entry 1 (line 2): 'dragon' is not a military unit"),
    ({"buy": ["attack chariot"]}, "'attack' is not an action of section 'buy'"),
    ({"buy": [{"tech writing": "rival hand attacker > 0"}]}, "'rival hand attacker' in 'rival hand attacker > 0' is not"),
    ({"buy": ["trade commerce"]}, "a trade pattern is 'trade for RESOURCE'"),
    ({"buy": ["tech writing astronomy"]}, "names too much"),
    ({"buy": [{"tech writing": ["turn > 1"], "pop": []}]}, "must be a pattern or 'pattern: condition(s)'"),
    ({"tactics": ["pop"]}, "unknown section 'tactics'"),
    ({"name": "empty"}, "needs at least one section"),
    ({"buy": []}, "section 'buy' must be a non-empty list"),
    ([1, 2], "a strategy is a mapping of sections"),
    ("buy: [tech writing\n", "is not valid YAML at line"),
]


@pytest.mark.parametrize("raw,message", BAD)
def test_a_bad_file_is_one_sentence_naming_file_and_entry(tmp_path: Path, raw: Any, message: str) -> None:
    path = write(tmp_path, raw, "broken.yaml")
    with pytest.raises(AgentError) as err:
        make_agent(f"rules:{path}", h.game())
    text = str(err.value)
    assert message in text and str(path) in text and "\n" not in text


def test_missing_file_and_missing_name(tmp_path: Path) -> None:
    with pytest.raises(AgentError, match="no strategy file"):
        make_agent(f"rules:{tmp_path / 'nowhere.yaml'}", h.game())
    with pytest.raises(AgentError, match="needs a strategy file"):
        make_agent("rules", h.game())
    with pytest.raises(AgentError, match="no parameter 'depth'"):
        make_agent(f"rules:file={EXAMPLE}&depth=2", h.game())


def test_json_and_bare_names(tmp_path: Path) -> None:
    raw = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    j = tmp_path / "example.json"
    j.write_text(json.dumps(raw), encoding="utf-8")
    s = shop()
    assert decide(tmp_path, raw, s) == make_agent(f"rules:{j}", s.game, seed=1).act(PlayerView(s, 0)).text
    assert make_agent("rules:example", s.game).strategy.name == "scholar"  # type: ignore[attr-defined]


# ------------------------------------------------------------------ what the bot sees
def test_the_same_observation_gives_the_same_decision() -> None:
    """The bot reads its observation only: in samples of its information set (other
    hands and the decks dealt anew) it decides the same."""
    g = h.game(3, **{"step-order": "B", "steal-timing": "B"})
    s = g.new_state(seed=8)
    bots = [make_agent(f"rules:{EXAMPLE}", g, seed=i) for i in range(3)]
    checked = 0
    step = 0
    while not s.is_terminal() and step < 1500:
        p = s.to_move()[0]
        if step % 3 == 0 and len(s.legal_actions(p)) > 1:
            twin = s.determinize(p, Rng(step))
            assert twin.observation(p) == s.observation(p)
            assert twin.to_json() != s.to_json() or step < 40
            mine = make_agent(f"rules:{EXAMPLE}", g, seed=99).act(PlayerView(s, p))
            other = make_agent(f"rules:{EXAMPLE}", g, seed=99).act(PlayerView(twin, p))
            assert mine == other, (step, h.phase(s))
            checked += 1
        s.apply(p, bots[p].act(PlayerView(s, p)))
        step += 1
    assert checked > 100


@pytest.mark.parametrize("players,options", [
    (2, {}),
    (3, {"step-order": "B", "steal-timing": "B", "code-of-laws-choice": "B", "bounce": "B"}),
    (4, {"catapult-repeat": "B", "code-of-laws-choice": "C", "adjacency": "B", "bank-trade": "B"}),
])
def test_the_example_plays_whole_games(players: int, options: dict[str, Any]) -> None:
    g = h.game(players, **options)
    for seed in range(2):
        s = g.new_state(seed=seed)
        bots = [make_agent("rules:example" if i % 2 == 0 else "greedy", g, seed=seed + i) for i in range(players)]
        while not s.is_terminal():
            p = s.to_move()[0]
            s.apply(p, bots[p].act(PlayerView(s, p)))
        assert s.turn > 10


def test_simulate_runs_the_example_file(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "civ-card-game", "--players",
                 "rules:civtable/games/civ_card_game/strategies/example.yaml,greedy", "--games", "20", "--seed", "1"])
    out = capsys.readouterr().out
    assert code == 0 and "20 games" in out and "rules:" in out
