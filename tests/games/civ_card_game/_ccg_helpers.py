"""Helpers for the Civilization: The Card Game rule tests: hand-built positions.

``position`` writes a position as JSON (the same shape as ``state.to_json()``)
and loads it with ``game.state_from_json``, so the engine checks it like any
saved game. A test names only what it cares about; everything else is put
where no card is created or lost:

- play-deck cards not placed in a hand, on a plot, in ``deck`` or ``discard``
  go to the BOTTOM of the play deck, in card-file order (``deck`` lists the
  cards on top, top LAST), or to the bottom of the discard pile with
  ``filler="discard"``;
- technologies not owned and not in ``tech_display`` / ``tech_deck`` go to the
  bottom of the technology deck (``tech_display`` defaults to the first three
  unused in card-file order);
- plots not owned go to the plot display (first three unused, unless given)
  and the rest to the plot deck;
- the population bank holds every population card not on a plot.

A player is a dict with any of ``plots`` (each a plot id, or a tuple
``(plot id, population, [placed card ids])``), ``resources`` (e.g.
``{"food": 6}``), ``hand`` (``{card id: count}``) and ``technologies``.
Players not given own four plain plots (grassland, hills, coast, forest) and
nothing else.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import civtable
from civtable.core.errors import IllegalActionError

GAME_ID = "civ-card-game"
RESOURCES = ("food", "hammers", "commerce")
DEFAULT_PLOTS = ("grassland", "hills", "coast", "forest")


def game(players: int = 2, **options: Any):
    return civtable.load_game(GAME_ID, players=players, **options)


def _plot(spec: Any) -> dict[str, Any]:
    if isinstance(spec, str):
        return {"plot": spec, "population": 0, "cards": []}
    name, pop, *rest = spec
    return {"plot": name, "population": pop, "cards": list(rest[0]) if rest else []}


def position_json(
    g=None,
    *,
    players: list[dict[str, Any] | None] | None = None,
    current: int = 0,
    dealer: int | None = None,
    phase: str = "purchase",
    decider: int | None = None,
    deck: list[str] | None = None,
    discard: list[str] | None = None,
    tech_display: list[str] | None = None,
    tech_deck: list[str] | None = None,
    plot_display: list[str] | None = None,
    plot_deck: list[str] | None = None,
    turn: int = 1,
    filler: str = "deck",
    **fields: Any,
) -> dict[str, Any]:
    """The JSON of a position (see the module docstring); ``fields`` override
    top-level fields (``left``, ``queue``, ``attacks``, ``end_after``, ...)."""
    g = g if g is not None else game()
    n = g.num_players
    cards = g.rules.cards
    specs = list(players or [])
    specs += [None] * (n - len(specs))
    out_players = []
    used_cards: Counter[str] = Counter()
    used_plots: Counter[str] = Counter()
    owned_techs: list[str] = []
    pops = 0
    for spec in specs:
        spec = dict(spec or {})
        plots = [_plot(x) for x in spec.get("plots", DEFAULT_PLOTS)]
        for pl in plots:
            used_plots[pl["plot"]] += 1
            used_cards.update(pl["cards"])
            pops += pl["population"]
        hand = dict(spec.get("hand", {}))
        used_cards.update(hand)
        techs = list(spec.get("technologies", []))
        owned_techs += techs
        res = {k: 0 for k in RESOURCES}
        res.update(spec.get("resources", {}))
        out_players.append({
            "resources": res,
            "hand": hand,
            "plots": plots,
            "technologies": techs,
            "mining_due": spec.get("mining_due", 0),
            "used": spec.get("used", 0),
        })
    deck = list(deck or [])
    discard = list(discard or [])
    used_cards.update(deck)
    used_cards.update(discard)
    for a in fields.get("attacks", []):
        if a[2] == "active":
            used_cards[a[0]] += 1
    unplaced = []
    for c, count in zip(cards.cards, cards.card_counts, strict=True):
        missing = count - used_cards[c.id]
        assert missing >= 0, f"too many {c.id!r} cards placed"
        unplaced += [c.id] * missing
    if filler == "deck":
        deck = unplaced + deck
    else:
        discard = unplaced + discard
    # techs
    free = [t.id for t in cards.techs if t.id not in owned_techs]
    if tech_display is None:
        given = set(tech_deck or [])
        tech_display = [t for t in free if t not in given][:3]
    rest = [t for t in free if t not in tech_display and t not in (tech_deck or [])]
    tech_deck = rest + list(tech_deck or [])
    # plots
    free_plots = []
    for p, count in zip(cards.plots, cards.plot_counts, strict=True):
        missing = count - used_plots[p.id]
        assert missing >= 0, f"too many {p.id!r} plots placed"
        free_plots += [p.id] * missing
    for t in (plot_display or []) + (plot_deck or []):
        free_plots.remove(t)
    if plot_display is None:
        plot_display, free_plots = free_plots[:3], free_plots[3:]
    plot_deck = free_plots + list(plot_deck or [])
    data = {
        "game": GAME_ID,
        "options": dict(g.options),
        "rng": 12345,
        "turn": turn,
        "dealer": (current - 1) % n if dealer is None else dealer,
        "current": current,
        "phase": phase,
        "decider": current if decider is None else decider,
        "queue": [],
        "draft": [],
        "left": 0,
        "target": -1,
        "fought": False,
        "end_after": -1,
        "winners": [],
        "population_bank": g.rules.numbers["population_bank"] - pops,
        "plot_deck": plot_deck,
        "plot_display": list(plot_display),
        "tech_deck": tech_deck,
        "tech_display": list(tech_display),
        "deck": deck,
        "discard": discard,
        "attacks": [],
        "blocks": [],
        "damage": [],
        "players": out_players,
    }
    data.update(fields)
    return data


def position(g=None, **kw: Any):
    """A hand-built state (by default: player ``current`` in his purchase step)."""
    g = g if g is not None else game()
    return g.state_from_json(position_json(g, **kw))


def begin_turn(g=None, *, current: int = 0, **kw: Any):
    """The state just after player ``current``'s turn begins: the player before
    him discards his last card, and play carries on to ``current``'s collection.
    The previous player is given one extra Food (2) card to discard."""
    g = g if g is not None else game()
    n = g.num_players
    prev = (current - 1) % n
    players = [dict(p or {}) for p in kw.pop("players", None) or []]
    players += [{}] * (n - len(players))
    players[prev] = dict(players[prev])
    hand = dict(players[prev].get("hand", {}))
    hand["food_cache"] = hand.get("food_cache", 0) + 1
    players[prev]["hand"] = hand
    kw.setdefault("dealer", prev)
    s = position(g, players=players, current=prev, phase="discard", left=1, **kw)
    s.apply(prev, "discard food_cache")
    return s


def legal(s, p: int | None = None) -> set[str]:
    """The texts of the legal actions of ``p`` (default: the player to move)."""
    if p is None:
        p = s.to_move()[0]
    return {str(a) for a in s.legal_actions(p)}


def play(s, p: int, *actions: str) -> None:
    for a in actions:
        s.apply(p, a)


def player(s, p: int) -> dict[str, Any]:
    return s.to_json()["players"][p]


def res(s, p: int) -> dict[str, int]:
    return player(s, p)["resources"]


def hand(s, p: int) -> dict[str, int]:
    return player(s, p)["hand"]


def plots(s, p: int) -> list[tuple[str, int, list[str]]]:
    return [(pl["plot"], pl["population"], pl["cards"]) for pl in player(s, p)["plots"]]


def pops(s, p: int) -> list[int]:
    return [pl["population"] for pl in player(s, p)["plots"]]


def phase(s) -> str:
    return s.to_json()["phase"]


def discard_pile(s) -> Counter[str]:
    return Counter(s.to_json()["discard"])


def assert_illegal(s, p: int, action: str) -> IllegalActionError:
    """``action`` raises IllegalActionError and leaves the position unchanged."""
    before = s.to_json()
    with pytest.raises(IllegalActionError) as err:
        s.apply(p, action)
    assert s.to_json() == before
    return err.value


def finish_turn(s, p: int) -> None:
    """Play out the rest of ``p``'s turn with simple choices ('done' or 'pass'
    when offered, else the first legal action in text order)."""
    while not s.is_terminal() and s.to_json()["current"] == p:
        (q,) = s.to_move()
        options = sorted(legal(s, q))
        for quiet in ("done", "pass"):
            if quiet in options:
                s.apply(q, quiet)
                break
        else:
            s.apply(q, options[0])
