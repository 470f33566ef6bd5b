"""The bots of Catan Deck Building: they see only observations, the greedy bot beats
the random one, and buy-rule strategy files are loaded, checked and followed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from civtable.agents import PlayerView, make_agent
from civtable.core.errors import AgentError
from civtable.core.registry import load_game
from civtable.core.rng import Rng, derive_seed
from civtable.games.catan_deckbuilding.bots import strategy as strategy_module
from civtable.games.catan_deckbuilding.serialize import build_position
from civtable.testing.adapter import decisions

GAME_ID = "catan-deckbuilding"


def play(g: Any, specs: tuple[str, str], seed: int) -> Any:
    """A whole game of two bots (``civtable.testing.decisions``); the final state."""
    agents = [make_agent(spec, g, seed=derive_seed(seed, i)) for i, spec in enumerate(specs)]
    *_, (_, s, _, _) = decisions(g, seed, agents, max_steps=10**6)  # the live state, played to the end
    assert s.is_terminal()
    return s


def sampled_states(g: Any, count: int) -> list[Any]:
    """Positions of random and greedy games at many points, in every phase."""
    out = []
    for seed in range(count):
        specs = ("greedy", "random") if seed % 2 else ("random", "greedy")
        agents = [make_agent(spec, g, seed=seed * 10 + i) for i, spec in enumerate(specs)]
        for step, s, _, _ in decisions(g, seed, agents, max_steps=5 + Rng(seed).below(200)):
            if step % 9 == 0:
                out.append(s.clone())
    return out


# ------------------------------------------------------ observations only
STRATEGY_FOR_VIEWS = {"name": "views", "buy": ["city", {"koff": "opponent kdef < 1"}, "settlement", "road"]}


@pytest.mark.parametrize("options", [{}, {"discard-visibility": "B", "discard-source": "B"}])
def test_bots_decide_on_the_observation_alone(tmp_path: Path, options: dict[str, Any]) -> None:
    g = load_game(GAME_ID, **options)
    strategy = tmp_path / "views.yaml"
    strategy.write_text(yaml.safe_dump(STRATEGY_FOR_VIEWS), encoding="utf-8")
    specs = ("greedy", "random", f"rules:{strategy}")
    states = sampled_states(g, 30)
    differ = 0
    for k, s in enumerate(states):
        p = s.to_move()[0]
        before = s.to_json()
        d = s.determinize(p, Rng(1000 + k))
        assert d.observation(p) == s.observation(p)
        if d.to_json()["players"] != before["players"]:
            differ += 1
        for spec in specs:
            true_choice = make_agent(spec, g, seed=3).act(PlayerView(s, p))
            other_choice = make_agent(spec, g, seed=3).act(PlayerView(d, p))
            assert true_choice == other_choice, f"{spec} looked at hidden cards in {s!r}"
        assert s.to_json() == before, "a bot changed the true state"
    assert len(states) > 50
    assert differ > len(states) // 2, "the determinizations hardly differ: the test proves little"


# -------------------------------------------------------------- strength
def test_greedy_beats_random() -> None:
    """CDB-9.1: three Cities win; the greedy bot gets there against the random bot
    in at least 45 of 50 games (seats alternate, seeds fixed)."""
    g = load_game(GAME_ID)
    wins = draws = 0
    for seed in range(50):
        seat = seed % 2
        specs = ("greedy", "random") if seat == 0 else ("random", "greedy")
        s = play(g, specs, seed)
        assert s.is_terminal()
        if s.winners() == [seat]:
            wins += 1
            assert s.returns()[seat] == 1
        elif not s.winners():
            draws += 1
    assert wins >= 45, f"greedy won only {wins} of 50 games ({draws} draws)"


# ---------------------------------------------------------- strategy files
def write_strategy(tmp_path: Path, raw: Any, form: str, name: str = "strategy") -> Path:
    path = tmp_path / f"{name}.{form}"
    text = json.dumps(raw) if form == "json" else yaml.safe_dump(raw, sort_keys=False)
    path.write_text(text, encoding="utf-8")
    return path


# Both a Settlement (brick, wool, grain, lumber) and a Harbor (2 brick, lumber)
# can be paid from this hand, but not both: the lumber is needed for each.
BOTH_AFFORDABLE = {"brick": 2, "lumber": 1, "wool": 1, "grain": 1}


def first_purchase(g: Any, bot: Any, state: Any) -> str | None:
    """Let ``bot`` play its turn; the first card it buys (``None`` if it buys none)."""
    s = state.clone()
    me = s.current
    for _ in range(50):
        if s.current != me or not s.to_move():
            return None
        p = s.to_move()[0]
        action = bot.act(PlayerView(s, p))
        assert action in s.legal_actions(p)
        if action.kind == "buy":
            return str(action)
        s.apply(p, action)
    raise AssertionError("the bot did not end its turn")


@pytest.mark.parametrize("form", ["yaml", "json"])
@pytest.mark.parametrize(
    ("buy", "expected"),
    [
        (["settlement", "harbor"], "buy settlement"),
        (["harbor", "settlement"], "buy harbor"),
        (["city", "settlement", "harbor"], "buy settlement"),  # a City is not affordable
        # conditions: the player owns the 2 Settlements of his start deck
        ([{"settlement": "owned settlement < 2"}, "harbor"], "buy harbor"),
        ([{"settlement": ["owned settlement < 3", "turn >= 1"]}, "harbor"], "buy settlement"),
        ([{"settlement": "supply settlement + 1 > 100"}, "harbor"], "buy harbor"),
        ([{"harbor": "hand brick + laid brick == 2"}, "settlement"], "buy harbor"),
        ([{"harbor": "hand brick + laid brick != 2"}, "settlement"], "buy settlement"),
        (["road"], "buy road"),
    ],
)
def test_strategy_priorities_are_followed(tmp_path: Path, form: str, buy: list[Any], expected: str) -> None:
    g = load_game(GAME_ID, **{"start-player": 0})
    path = write_strategy(tmp_path, {"name": "priorities", "buy": buy}, form)
    bot = make_agent(f"rules:{path}", g, seed=1)
    state = build_position(g, current=0, hands=[BOTH_AFFORDABLE, None])
    assert first_purchase(g, bot, state) == expected
    # with the resources already laid down, the very next action is the purchase
    laid = build_position(g, current=0, laid=[BOTH_AFFORDABLE, None], pool=BOTH_AFFORDABLE)
    legal = {str(a) for a in laid.legal_actions(0)}
    assert {"buy settlement", "buy harbor"} <= legal
    assert str(bot.act(PlayerView(laid, 0))) == expected


def test_strategy_file_forms_are_the_same_bot(tmp_path: Path) -> None:
    g = load_game(GAME_ID)
    raw = {"name": "same", "buy": ["city", {"settlement": "owned settlement < 4"}, "harbor", "road"],
           "play": {"keep_knights": False}}
    y = write_strategy(tmp_path, raw, "yaml")
    j = write_strategy(tmp_path, raw, "json")
    for seed in range(3):
        a = play(g, (f"rules:{y}", "random"), seed)
        b = play(g, (f"rules:{j}", "random"), seed)
        assert a.to_json() == b.to_json()


def test_the_greedy_strategy_is_the_shipped_file(tmp_path: Path) -> None:
    g = load_game(GAME_ID)
    shipped = Path(strategy_module.__file__).parents[1] / "strategies" / "greedy.yaml"  # the game's strategies/
    copy = tmp_path / "greedy-copy.yaml"
    copy.write_text(shipped.read_text(encoding="utf-8"), encoding="utf-8")
    for seed in range(3):
        assert play(g, ("greedy", "random"), seed).to_json() == play(g, (f"rules:{copy}", "random"), seed).to_json()


# --------------------------------------------------------- malformed files
BAD_STRATEGIES = [
    ("missing-buy", {"name": "x"}, ("buy",)),
    ("empty-buy", {"name": "x", "buy": []}, ("buy",)),
    ("buy-not-a-list", {"buy": "city"}, ("buy",)),
    ("unknown-card", {"buy": ["city", "dragon"]}, ("buy rule 2", "dragon")),
    ("not-a-supply-card", {"buy": ["ore"]}, ("buy rule 1", "ore")),
    ("condition-without-comparison", {"buy": [{"settlement": "owned settlement"}]}, ("buy rule 1", "owned settlement")),
    ("condition-unknown-quantity", {"buy": ["city", {"road": "owned dragon < 2"}]}, ("buy rule 2", "owned dragon")),
    ("condition-unknown-scope", {"buy": [{"road": "stolen road > 0"}]}, ("buy rule 1", "stolen road")),
    ("condition-not-text", {"buy": ["city", "harbor", {"road": 3}]}, ("buy rule 3",)),
    ("entry-with-two-cards", {"buy": [{"city": "turn > 1", "road": "turn > 2"}]}, ("buy rule 1",)),
    ("entry-a-number", {"buy": [5]}, ("buy rule 1",)),
    ("unknown-play-setting", {"buy": ["city"], "play": {"hoard": True}}, ("hoard",)),
    ("play-setting-not-bool", {"buy": ["city"], "play": {"keep_cities": "often"}}, ("keep_cities",)),
    ("unknown-key", {"buy": ["city"], "sell": ["road"]}, ("sell",)),
    ("not-a-mapping", ["city", "road"], ("buy",)),
]


@pytest.mark.parametrize("form", ["yaml", "json"])
@pytest.mark.parametrize(("raw", "words"), [c[1:] for c in BAD_STRATEGIES], ids=[c[0] for c in BAD_STRATEGIES])
def test_malformed_strategy_is_an_agent_error_naming_the_entry(
    tmp_path: Path, form: str, raw: Any, words: tuple[str, ...]
) -> None:
    g = load_game(GAME_ID)
    path = write_strategy(tmp_path, raw, form, name="broken")
    with pytest.raises(AgentError) as err:
        make_agent(f"rules:{path}", g)
    message = str(err.value)
    assert "broken" in message, f"the file is not named in {message!r}"
    for word in words:
        assert word in message, f"{word!r} not named in {message!r}"


def test_bad_yaml_is_an_agent_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("name: x\nbuy: [city, road\n", encoding="utf-8")
    with pytest.raises(AgentError, match="YAML"):
        make_agent(f"rules:{path}", load_game(GAME_ID))


def test_missing_strategy_file_is_an_agent_error(tmp_path: Path) -> None:
    with pytest.raises(AgentError, match="no strategy file"):
        make_agent(f"rules:{tmp_path / 'nowhere.yaml'}", load_game(GAME_ID))


@pytest.mark.parametrize("spec", ["rules", "rules:", "greedy:depth=3", "random:x=1"])
def test_bad_bot_parameters_are_agent_errors(spec: str) -> None:
    with pytest.raises(AgentError):
        make_agent(spec, load_game(GAME_ID))


def test_unknown_bot_is_an_agent_error_listing_the_bots() -> None:
    with pytest.raises(AgentError) as err:
        make_agent("grandmaster", load_game(GAME_ID))
    message = str(err.value)
    assert "grandmaster" in message
    for known in ("greedy", "random", "rules"):
        assert known in message
