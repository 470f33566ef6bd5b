"""Property-based contract tests for Civilization: The Card Game (2 to 4 players).

Each example is a random game: a player count, a seed, a combination of the rule
variants (every ambiguity option of ``rules/civ_card_game.md`` is sampled, with the
dealer and the turn cap), a bot per seat (uniformly random or greedy, so that deep
positions with technologies, wonders and combat are reached) and a number of
steps. The contracts checked are those of DESIGN.md ("The contracts every game
keeps") plus the conservation of every card, plot, technology and population.

The counts are made here, independently of the engine, from ``to_json()`` and the
card file ``data/cards.json``.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis import strategies as st

from civtable.agents import PlayerView, make_agent
from civtable.core.errors import IllegalActionError
from civtable.core.game import Game
from civtable.core.registry import game_class, load_game
from civtable.core.rng import Rng
from civtable.games.civ_card_game.catalog import DATA

GAME_ID = "civ-card-game"
GAME_CLS = game_class(GAME_ID)
# every ambiguity (an option with readings; purchase-limits and block-ratio have one)
AMBIGUITIES = tuple(s for s in GAME_CLS.option_specs if s.choices)
POLICIES = ("random", "greedy")

FAST = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MEDIUM = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# regression tests of fixed engine bugs: fixed examples and no shrinking
# (a failing walk is long; each bug has its own small test)
REGRESSION = settings(max_examples=20, deadline=None, derandomize=True, database=None,
                     phases=[Phase.explicit, Phase.generate],
                     suppress_health_check=[HealthCheck.too_slow])
# (fixed engine bugs: clone() shared the collect queue; a loaded position could not be cloned)


# ------------------------------------------------------------ the card file
@cache
def card_file() -> dict[str, Any]:
    return json.loads(DATA.read_text(encoding="utf-8"))


@cache
def play_card_counts() -> dict[str, int]:
    """Every play-deck card (buildings, wonders, units, resource cards) and its count."""
    raw = card_file()
    out: dict[str, int] = {}
    for section in ("buildings", "units", "resource_cards"):
        for e in raw.get(section, []):
            out[e["id"]] = e.get("count", 1)
    for e in raw["wonders"]:  # each wonder is unique (CCG-2.7)
        out[e["id"]] = 1
    return out


@cache
def plot_counts() -> dict[str, int]:
    return {e["id"]: e.get("count", 1) for e in card_file()["plots"]}


@cache
def tech_ids() -> frozenset[str]:
    return frozenset(e["id"] for e in card_file()["technologies"])


@cache
def wonder_ids() -> frozenset[str]:
    return frozenset(e["id"] for e in card_file()["wonders"])


@cache
def population_total() -> int:
    return card_file().get("numbers", {}).get("population_bank", 80)


# ------------------------------------------------------------------ scenarios
_GAMES: dict[tuple[tuple[str, Any], ...], Game] = {}


def get_game(options: dict[str, Any]) -> Game:
    key = tuple(sorted(options.items()))
    if key not in _GAMES:
        _GAMES[key] = load_game(GAME_ID, **options)
    return _GAMES[key]


@st.composite
def game_options(draw: st.DrawFn, max_turns: st.SearchStrategy[int] | None = None,
                 players: st.SearchStrategy[int] | None = None) -> dict[str, Any]:
    opts: dict[str, Any] = {s.name: draw(st.sampled_from(s.choices)) for s in AMBIGUITIES}
    opts["players"] = draw(players if players is not None else st.sampled_from((2, 3, 4)))
    opts["dealer"] = draw(st.sampled_from((None, 0, 1, 2, 3)))
    opts["max-turns"] = draw(max_turns if max_turns is not None else st.sampled_from((400, 60, 60, 30, 4, 1)))
    return opts


@dataclass
class Scenario:
    options: dict[str, Any]
    seed: int
    steps: int
    policies: tuple[str, ...]
    choice_seed: int

    @property
    def game(self) -> Game:
        return get_game(self.options)

    @property
    def n(self) -> int:
        return self.options["players"]


@st.composite
def scenarios(draw: st.DrawFn, max_steps: int = 1500, max_turns: st.SearchStrategy[int] | None = None) -> Scenario:
    options = draw(game_options(max_turns=max_turns))
    n = options["players"]
    return Scenario(
        options=options,
        seed=draw(st.integers(0, 2**64 - 1)),
        # half of the games are played as far as ``max_steps`` (or their end)
        steps=draw(st.integers(0, max_steps) | st.just(max_steps)),
        policies=tuple(draw(st.sampled_from(POLICIES)) for _ in range(n)),
        choice_seed=draw(st.integers(0, 2**32 - 1)),
    )


def walk(scn: Scenario) -> Iterator[Any]:
    """The states of one game: the initial state, then the state after each action
    (the same object, mutated; callers that keep one must copy it)."""
    g = scn.game
    s = g.new_state(seed=scn.seed)
    rng = Rng(scn.choice_seed)
    bots = [make_agent("greedy", g, seed=scn.choice_seed + i) if pol == "greedy" else None
            for i, pol in enumerate(scn.policies)]
    yield s
    for _ in range(scn.steps):
        movers = s.to_move()
        if not movers:
            return
        p = movers[0]
        bot = bots[p]
        if bot is not None:
            action = bot.act(PlayerView(s, p))
        else:
            legal = s.legal_actions(p)
            action = legal[rng.below(len(legal))]
        s.apply(p, action)
        yield s


def random_step(s: Any, rnd: random.Random) -> tuple[int, Any] | None:
    movers = s.to_move()
    if not movers:
        return None
    p = movers[0]
    return p, rnd.choice(s.legal_actions(p))


def json_copy(s: Any) -> Any:
    """An independent copy through the position format."""
    return s.game.state_from_json(json.loads(json.dumps(s.to_json())))


# -------------------------------------------------------------- conservation
def check_conservation(s: Any) -> None:
    """Every play-deck card, plot, technology and population is somewhere, once."""
    data = s.to_json()
    where = f"turn {data['turn']}, phase {data['phase']}"
    # play deck: deck, discard pile, hands, cards placed on plots, attacking units in play
    cards: Counter[str] = Counter(data["deck"]) + Counter(data["discard"])
    for pd in data["players"]:
        cards.update(pd["hand"])
        for pl in pd["plots"]:
            cards.update(pl["cards"])
    cards.update(unit for unit, _, status in data["attacks"] if status == "active")
    expected = play_card_counts()
    assert set(cards) <= set(expected), f"unknown cards {set(cards) - set(expected)} ({where})"
    assert {c: cards[c] for c in expected} == expected, f"play-deck cards not conserved ({where})"
    # plots: plot deck, display, draft row and the players' plots
    plots: Counter[str] = Counter(data["plot_deck"]) + Counter(data["plot_display"]) + Counter(data["draft"])
    for pd in data["players"]:
        plots.update(pl["plot"] for pl in pd["plots"])
    assert dict(plots) == plot_counts(), f"plots not conserved ({where})"
    # technologies: each exactly once
    techs: Counter[str] = Counter(data["tech_deck"]) + Counter(data["tech_display"])
    for pd in data["players"]:
        techs.update(pd["technologies"])
    assert set(techs) == tech_ids() and set(techs.values()) == {1}, f"technologies not conserved ({where})"
    # population: on plots and in the bank (+1 between the two plots of a theft, CCG-7.5)
    pops = data["population_bank"] + sum(pl["population"] for pd in data["players"] for pl in pd["plots"])
    if data["phase"] == "gain-population":
        pops += 1
    assert pops == population_total(), f"{pops} populations in all ({where})"


def check_nonnegative(s: Any) -> None:
    data = s.to_json()
    assert data["population_bank"] >= 0
    assert data["left"] >= 0
    for p, pd in enumerate(data["players"]):
        bad = {k: v for k, v in pd["resources"].items() if v < 0}
        assert not bad, f"players[{p}].resources negative: {bad}"
        bad = {k: v for k, v in pd["hand"].items() if v < 0}
        assert not bad, f"players[{p}].hand negative: {bad}"
        for i, pl in enumerate(pd["plots"]):
            assert pl["population"] >= 0, f"players[{p}].plots[{i}].population negative"
    for i, (_, pop, buildings) in enumerate(data["damage"]):
        assert pop >= 0 and buildings >= 0, f"damage[{i}] negative"
    obs = s.observation(0)
    assert all(v["hand_size"] >= 0 for v in obs["players"])


def vp_keys(data: dict[str, Any]) -> list[tuple[int, int, int]]:
    """CCG-1.2 / 1.3 from a position: (VP, technologies, population) per player."""
    out = []
    wonders = wonder_ids()
    for pd in data["players"]:
        pops = sum(pl["population"] for pl in pd["plots"])
        w = sum(1 for pl in pd["plots"] for c in pl["cards"] if c in wonders)
        t = len(pd["technologies"])
        out.append((pops + w + t, t, pops))
    return out


@FAST
@given(scenarios())
def test_everything_is_conserved_and_never_negative(scn: Scenario) -> None:
    for s in walk(scn):
        check_conservation(s)
        check_nonnegative(s)


# ----------------------------------------------------------------- game end
@FAST
@given(
    options=game_options(max_turns=st.integers(1, 40) | st.sampled_from((90, 150))),
    seed=st.integers(0, 2**64 - 1),
    policies=st.lists(st.sampled_from(POLICIES), min_size=4, max_size=4),
    choice_seed=st.integers(0, 2**32 - 1),
)
def test_every_game_ends_and_the_winners_follow_the_points(
    options: dict[str, Any], seed: int, policies: list[str], choice_seed: int
) -> None:
    n = options["players"]
    max_turns = options["max-turns"]
    timing = options["game-end-timing"]
    scn = Scenario(options, seed, (max_turns + 2) * 600, tuple(policies[:n]), choice_seed)
    s = None
    last_bought: tuple[int, int] | None = None  # (turn, player) when no technology was left
    for s in walk(scn):
        if s.is_terminal():
            break
        data = s.to_json()
        assert s.to_move() != () and s.winners() == [] and s.returns() == [0.0] * n
        assert data["turn"] <= max_turns
        if not data["tech_deck"] and not data["tech_display"]:
            # CCG-1.1: the last technology ends the game at once (A), after the turn (B), the round (C)
            assert timing != "A", "all technologies bought, the game goes on"
            if last_bought is None:
                last_bought = (data["turn"], data["current"])
            assert data["turn"] == last_bought[0] or timing == "C"
    assert s is not None
    assert s.is_terminal(), f"not over after {scn.steps} steps ({s!r})"
    data = s.to_json()
    assert data["phase"] == "over"
    assert s.to_move() == ()
    assert all(s.legal_actions(p) == [] for p in range(n))
    # the game ends at the turn cap or when the last technology is bought
    techs_left = len(data["tech_deck"]) + len(data["tech_display"])
    event("ended by the last technology" if techs_left == 0 else "ended at the turn cap")
    assert data["turn"] == max_turns or techs_left == 0, f"ended at turn {data['turn']} of {max_turns}"
    if last_bought is not None:
        turn, player = last_bought
        if timing == "B":
            assert (data["turn"], data["current"]) == (turn, player), "game-end-timing B: that turn ends the game"
        else:  # C: the end of the round, the dealer's turn (or the turn cap before it)
            assert data["turn"] - turn < n
            assert data["current"] == data["dealer"] or data["turn"] == max_turns
    # CCG-1.2 / 1.3: most VP, then technologies, then population; final-tie
    keys = vp_keys(data)
    best = max(keys)
    top = [p for p in range(n) if keys[p] == best]
    winners = s.winners()
    if len(top) == 1 or options["final-tie"] == "A":
        assert winners == top, f"winners {winners}, points {keys}"
    else:
        assert winners == [], f"an unbroken tie has no winner (final-tie B): {winners}, {keys}"
    obs = s.observation(0)
    assert [v["vp"] for v in obs["players"]] == [k[0] for k in keys]
    assert obs["over"] and obs["winners"] == winners
    returns = s.returns()
    assert len(returns) == n
    if winners:
        assert returns == [1.0 if p in winners else -1.0 for p in range(n)]
    else:
        assert returns == [0.0] * n


# ------------------------------------------------------------ legal/illegal
POOL_OPTIONS: tuple[dict[str, Any], ...] = (
    {"players": 2},
    {"players": 3, "step-order": "B", "bank-trade": "B", "bounce": "B", "catapult-repeat": "B",
     "code-of-laws-choice": "B", "steal-timing": "B", "mining": "B"},
    {"players": 4, "adjacency": "B", "code-of-laws-choice": "C", "extra-draw-optional": "B",
     "status-tie": "B", "resource-carryover": "B"},
    {"players": 2, "step-order": "B", "code-of-laws-choice": "C", "steal-timing": "B", "bounce": "B"},
)


@cache
def action_pool() -> tuple[tuple[str, Any], ...]:
    """Actions seen in a few whole games (every phase), one of each text."""
    seen: dict[str, Any] = {}
    for k, options in enumerate(POOL_OPTIONS):
        g = load_game(GAME_ID, **options)
        for seed in range(3):
            n = g.num_players
            bots = [make_agent("greedy" if (seed + i) % 2 else "random", g, seed=seed * 7 + i + k) for i in range(n)]
            s = g.new_state(seed=seed + 100 * k)
            while s.to_move():
                p = s.to_move()[0]
                for a in s.legal_actions(p):
                    seen.setdefault(a.text, a)
                s.apply(p, bots[p].act(PlayerView(s, p)))
    return tuple(sorted(seen.items()))


MALFORMED = ("", "   ", "draft", "draft atlantis", "place 0", "place -1", "place 99", "pop 0", "pop x",
             "build library", "build library 0", "tech", "tech fire", "attack chariot 9",
             "attack chariot -1", "trade food for food", "trade food+food for commerce",
             "discard dragon", "yield gold", "draw 99", "done done", "lose 0", "gain 99",
             "block chariot", "writing 9", "laws -1", "cash", "\u2603", "pass pass", "fight 1")


def test_the_action_pool_covers_every_kind() -> None:
    kinds = {a.kind for _, a in action_pool()}
    for kind in ("draft", "place", "discard", "yield", "pop", "tech", "build", "cash", "trade",
                 "done", "attack", "fight", "pass", "block", "lose", "gain", "draw"):
        assert kind in kinds, f"no {kind!r} action seen in the pool games"


def assert_illegal(s: Any, p: int, action: Any, before: dict[str, Any]) -> None:
    try:
        s.apply(p, action)
    except IllegalActionError as e:
        assert str(e).strip(), f"empty message for {action!r} by player {p}"
    else:
        raise AssertionError(f"illegal {action!r} by player {p} was accepted in {s!r}")
    assert s.to_json() == before, f"{action!r} by player {p} changed the state"


@MEDIUM
@given(scenarios(max_steps=400), st.randoms(use_true_random=False))
def test_illegal_actions_raise_and_leave_the_state_unchanged(scn: Scenario, rnd: random.Random) -> None:
    pool = action_pool()
    n = scn.n
    for i, s in enumerate(walk(scn)):
        if i % 5:
            continue
        before = s.to_json()
        movers = s.to_move()
        mover_legal = s.legal_actions(movers[0]) if movers else []
        for p in range(n):
            legal = s.legal_actions(p)
            if p not in movers:
                assert legal == []
                # the mover's legal actions applied by the wrong player
                for a in rnd.sample(mover_legal, min(3, len(mover_legal))):
                    assert_illegal(s, p, a, before)
                    assert_illegal(s, p, a.text, before)
            texts = {a.text for a in legal}
            # actions of other games and phases
            for text, a in rnd.sample(pool, 6):
                if text not in texts:
                    assert_illegal(s, p, a, before)
                    assert_illegal(s, p, text.upper(), before)
            for text in rnd.sample(MALFORMED, 3):
                if " ".join(text.lower().split()) not in texts:
                    assert_illegal(s, p, text, before)
        for seat in (-1, n, 7):
            for a in mover_legal[:2]:
                assert_illegal(s, seat, a, before)


@MEDIUM
@given(scenarios(max_steps=300))
def test_every_legal_action_applies(scn: Scenario) -> None:
    for i, s in enumerate(walk(scn)):
        if i % 3:
            continue
        for p in s.to_move():
            legal = s.legal_actions(p)
            assert legal, "a player to move has no legal action"
            for a in legal:
                c = json_copy(s) if s.to_json()["phase"] == "collect" else s.clone()
                c.apply(p, a)
                check_conservation(c)
                check_nonnegative(c)


@FAST
@given(scenarios())
def test_legal_actions_are_distinct_and_to_move_is_one_seat(scn: Scenario) -> None:
    for s in walk(scn):
        movers = s.to_move()
        assert isinstance(movers, tuple)
        if s.is_terminal():
            assert movers == ()
            continue
        assert len(movers) == 1 and 0 <= movers[0] < scn.n
        legal = s.legal_actions(movers[0])
        assert legal, "a player to move has no legal action"
        assert len({a.text for a in legal}) == len(legal), f"duplicates: {legal}"
        assert legal == s.legal_actions(movers[0])


@MEDIUM
@given(scenarios(max_steps=400))
def test_notation_round_trips(scn: Scenario) -> None:
    g = scn.game
    for i, s in enumerate(walk(scn)):
        if i % 2:
            continue
        for p in s.to_move():
            for a in s.legal_actions(p):
                text = str(a)
                assert text == a.text and text == " ".join(text.split()) and text == text.lower()
                assert g.parse_action(s, text, p) == a
                assert g.parse_action(s, "  " + text.upper().replace(" ", "   ") + " ") == a


# --------------------------------------------------------------- observation
def walk_keys(obj: Any, path: str = "") -> Iterator[tuple[str, str, Any]]:
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield path, k, v
            yield from walk_keys(v, f"{path}.{k}")
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from walk_keys(v, f"{path}[{i}]")


def hidden_redeal(s: Any, viewer: int, rnd: random.Random) -> Any:
    """The same position as ``viewer`` sees it, with what he cannot see dealt anew:
    the other hands and the play deck together (every size kept), the plot and
    technology decks shuffled, a new generator state."""
    data = json.loads(json.dumps(s.to_json()))
    hidden: list[str] = list(data["deck"])
    sizes: dict[int, int] = {}
    for q, pd in enumerate(data["players"]):
        if q != viewer:
            sizes[q] = sum(pd["hand"].values())
            hidden += [c for c, k in pd["hand"].items() for _ in range(k)]
    rnd.shuffle(hidden)
    pos = 0
    for q, size in sizes.items():
        data["players"][q]["hand"] = dict(Counter(hidden[pos:pos + size]))
        pos += size
    data["deck"] = hidden[pos:]
    rnd.shuffle(data["plot_deck"])
    rnd.shuffle(data["tech_deck"])
    data["rng"] = rnd.getrandbits(64)
    return s.game.state_from_json(data)


@MEDIUM
@given(scenarios(), st.randoms(use_true_random=False))
def test_observation_is_json_and_hides_hands_and_decks(scn: Scenario, rnd: random.Random) -> None:
    n = scn.n
    for i, s in enumerate(walk(scn)):
        for p in range(n):
            obs = s.observation(p)
            text = json.dumps(obs)
            assert json.loads(text) == obs, "observation is not plain JSON data"
            for path, key, _ in walk_keys(obs):
                assert key not in ("rng", "deck", "plot_deck", "tech_deck"), f"hidden {key!r} at {path}"
            for q, view in enumerate(obs["players"]):
                assert ("hand" in view) == (q == p), f"player {p} sees hand of {q}: {'hand' in view}"
            if i % 8 == 0:  # the expensive part on every eighth state
                other = hidden_redeal(s, p, rnd)
                assert other.observation(p) == obs, "observation depends on hidden cards"


# --------------------------------------------------------------- determinize
def mutate_all_lists(s: Any) -> None:
    """Scribble over every mutable part of a state (to test that copies share nothing)."""
    for p in range(s.n):
        s.res[p][0] += 7
        s.hand[p][0] += 7
        for pl in s.plots[p]:
            pl[1] += 3
            pl.append(0)
        s.plots[p].append([0, 5])
    s.techs[0] ^= 1
    s.mining_due[0] += 1
    s.used[0] += 1
    for zone in (s.plot_deck, s.plot_display, s.tech_deck, s.tech_display, s.deck, s.discard,
                 s.draft_row, s.winner_list):
        zone.append(0)
    for q in s.queue:
        if isinstance(q, list):
            q[-1] += 9
    s.queue.append(0)
    for a in s.attacks:
        a[1] += 1
    s.attacks.append([0, 0, 0])
    for b in s.blocks:
        b[0] += 1
    s.blocks.append([0, 0])
    for d in s.damage:
        d[1] += 1
    s.damage.append([0, 0, 0])
    s.rng.next64()


@MEDIUM
@given(scenarios(), st.integers(0, 2**32 - 1))
def test_determinize_keeps_the_observation_and_conserves(scn: Scenario, k: int) -> None:
    g = scn.game
    for i, s in enumerate(walk(scn)):
        if i % 10:
            continue
        for p in range(scn.n):
            before = s.to_json()
            obs = s.observation(p)
            d = s.determinize(p, Rng(k + i))
            assert d.observation(p) == obs
            check_conservation(d)
            check_nonnegative(d)
            data = d.to_json()
            assert g.state_from_json(json.loads(json.dumps(data))).to_json() == data  # a valid position
            assert data["players"][p]["hand"] == before["players"][p]["hand"]
            assert s.determinize(p, Rng(k + i)).to_json() == data  # deterministic
            if p in s.to_move():
                assert d.legal_actions(p) == s.legal_actions(p)
            assert s.to_json() == before, "determinize changed the true state"


@REGRESSION
@given(scenarios(max_steps=300), st.integers(0, 2**32 - 1))
def test_determinize_shares_nothing_with_the_original(scn: Scenario, k: int) -> None:
    for i, s in enumerate(walk(scn)):
        for p in range(scn.n):
            before = s.to_json()
            d = s.determinize(p, Rng(k + i))
            mutate_all_lists(d)
            assert s.to_json() == before, "the determinized state shares lists with the original"


# --------------------------------------------------------------------- clone
@FAST
@given(scenarios(), st.integers(0, 60), st.randoms(use_true_random=False))
def test_clone_and_json_copy_are_equal_and_have_the_same_future(
    scn: Scenario, future: int, rnd: random.Random
) -> None:
    g = scn.game
    *_, s = walk(scn)
    data = s.to_json()
    c = s.clone()
    t = g.state_from_json(json.loads(json.dumps(data)))
    assert c.to_json() == data and t.to_json() == data
    assert c == s and t == s
    assert t.to_json() == json.loads(json.dumps(t.to_json()))  # JSON-safe as it is
    for _ in range(future):
        step = random_step(c, rnd)
        if step is None:
            break
        p, a = step
        assert t.to_move() == c.to_move()
        assert t.legal_actions(p) == c.legal_actions(p)
        c.apply(p, a)
        t.apply(p, a)
        assert t.to_json() == c.to_json()
    assert t.is_terminal() == c.is_terminal()
    assert t.returns() == c.returns() and t.winners() == c.winners()


@REGRESSION
@given(scenarios(max_steps=300), st.randoms(use_true_random=False))
def test_clone_shares_nothing_with_the_original(scn: Scenario, rnd: random.Random) -> None:
    for s in walk(scn):
        before = s.to_json()
        c = s.clone()
        step = random_step(c, rnd)
        if step is not None:
            c.apply(*step)
            assert s.to_json() == before, "applying to a clone changed the original"
        mutate_all_lists(s.clone())
        assert s.to_json() == before, "a clone shares lists with the original"


def test_a_yield_on_a_clone_leaves_the_original_alone() -> None:
    """Minimal reproduction: the first collect step with a choice, on a clone."""
    g = load_game(GAME_ID, players=2)
    s = g.new_state(seed=0)
    rng = Rng(0)
    while s.to_json()["phase"] != "collect":
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        s.apply(p, legal[rng.below(len(legal))])
    before = s.to_json()
    c = s.clone()
    c.apply(c.to_move()[0], c.legal_actions(c.to_move()[0])[0])
    assert s.to_json() == before


# ---------------------------------------------------------------------- JSON
@FAST
@given(scenarios(max_steps=300))
def test_json_round_trip_at_every_step(scn: Scenario) -> None:
    g = scn.game
    for s in walk(scn):
        data = s.to_json()
        t = g.state_from_json(json.loads(json.dumps(data)))
        assert t.to_json() == data


@MEDIUM
@given(scenarios())
def test_a_loaded_position_shares_nothing(scn: Scenario) -> None:
    g = scn.game
    for i, s in enumerate(walk(scn)):
        if i % 7:
            continue
        data = s.to_json()
        kept = json.loads(json.dumps(data))
        t = g.state_from_json(data)
        assert data == kept, "state_from_json changed its input"
        mutate_all_lists(t)
        assert s.to_json() == kept and data == kept
        u = g.state_from_json(data)
        for pd in data["players"]:
            pd["resources"]["food"] += 5
            pd["plots"].clear()
        data["deck"].clear()
        assert u.to_json() == kept


@REGRESSION
@given(scenarios(max_steps=300), st.integers(0, 2**32 - 1))
def test_a_loaded_position_clones_and_determinizes(scn: Scenario, k: int) -> None:
    for i, s in enumerate(walk(scn)):
        if i % 10:
            continue
        data = s.to_json()
        t = json_copy(s)
        assert t.clone().to_json() == data
        for p in range(scn.n):
            d = t.determinize(p, Rng(k + i))
            assert d.observation(p) == s.observation(p)
            check_conservation(d)


def test_the_initial_position_loaded_from_json_can_be_cloned() -> None:
    """Minimal reproduction."""
    g = load_game(GAME_ID, players=2)
    s = g.new_state(seed=1)
    t = g.state_from_json(s.to_json())
    assert t.clone().to_json() == s.to_json()
