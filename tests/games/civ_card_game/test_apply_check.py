"""Legal actions built once per position (issue 18): ``legal_actions`` keeps the
decider's actions until ``apply`` (or a change outside it) drops them, the action
objects are the game object's own (``rules.acts``, built once), ``apply`` accepts and
refuses exactly what the whole list accepts and refuses, and the values derived from
technologies and placed cards (``CcgState.derive``) are never stale."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from civtable.agents import PlayerView, make_agent
from civtable.core.errors import IllegalActionError
from civtable.core.registry import load_game
from civtable.core.rng import Rng
from civtable.games.civ_card_game.actions import ActionTable, CcgAction
from civtable.games.civ_card_game.rules import legal_one as _legal_one

VARIANTS = [{}, {"players": 3, "bank-trade": "B", "step-order": "B", "steal-timing": "B"},
            {"players": 4, "slot-count": "B", "catapult-repeat": "B", "bounce": "B", "extra-draw-optional": "B",
             "code-of-laws-choice": "B"}]


def every_action(table: ActionTable) -> list[CcgAction]:
    """Every action object of a table, once each."""
    out: list[CcgAction] = []
    seen: set[int] = set()

    def walk(x: Any) -> None:
        if isinstance(x, CcgAction):
            if id(x) not in seen:
                seen.add(id(x))
                out.append(x)
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, (list, tuple)):
            for v in x:
                walk(v)

    for value in vars(table).values():
        walk(value)
    return out


def positions(options: dict[str, object], games: int = 3) -> Iterator[tuple[Any, int]]:
    """Every decision of greedy-vs-random games (greedy buys a lot, random reaches odd
    corners), with the acting player; the live state (it changes after the caller's check)."""
    g: Any = load_game("civ-card-game", **options)
    for seed in range(games):
        s = g.new_state(seed=seed)
        bots = [make_agent("greedy" if (seed + i) % 2 else "random", g, seed=seed * 5 + i)
                for i in range(g.num_players)]
        while s.to_move():
            p = s.to_move()[0]
            yield s, p
            s.apply(p, bots[p].act(PlayerView(s, p)))


@pytest.mark.parametrize("options", VARIANTS)
def test_legal_actions_are_never_stale(options: dict[str, object]) -> None:
    """At every decision the kept actions and derived values are those of the same
    position read back from its JSON (nothing kept), and a repeated call gives a new
    list of the same objects."""
    count = 0
    for s, p in positions(options, games=4):
        first = s.legal_actions(p)
        again = s.legal_actions(p)
        assert again == first and again is not first and all(a is b for a, b in zip(first, again, strict=True))
        fresh = s.game.state_from_json(s.to_json())
        assert [a.text for a in fresh.legal_actions(p)] == [a.text for a in first], repr(s)
        for q in range(s.n):
            assert s.derive(q) == fresh.derive(q), f"derived values of {q} are stale in {s!r}"
        assert s.statuses() == fresh.statuses(), f"statuses are stale in {s!r}"
        assert all(not q_legal for q in range(s.n) if q != p for q_legal in [s.legal_actions(q)])
        count += 1
    assert count > 1000


@pytest.mark.parametrize("options", VARIANTS)
def test_apply_accepts_exactly_the_legal_actions(options: dict[str, object]) -> None:
    """Every action object of the game, legal here or not: ``apply``'s check finds the
    legal one (by identity, or an equal text); a refused one changes nothing."""
    checked = refused = 0
    g: Any = load_game("civ-card-game", **options)
    everything = every_action(g.rules.acts)
    assert len({a.text for a in everything}) == len(everything), "two action objects with one text"
    for k, (s, p) in enumerate(positions(options)):
        if k % 5:
            continue
        legal = s.legal_actions(p)
        legal_ids = {id(a) for a in legal}
        legal_texts = {a.text: a for a in legal}
        for a in everything[k % 7::7]:
            found = _legal_one(s, p, a)
            if id(a) in legal_ids:
                assert found is a, f"{a} is legal but was refused in {s!r}"
            else:
                assert found is legal_texts.get(a.text), f"{a} is not legal but was accepted in {s!r}"
                if found is None and k % 35 == 0:
                    before = s.to_json()
                    with pytest.raises(IllegalActionError):
                        s.apply(p, a)
                    assert s.to_json() == before
                    assert s.legal_actions(p) == legal
                    refused += 1
            checked += 1
    assert checked > 10000 and refused > 100


def test_text_and_foreign_actions_are_matched_by_their_text() -> None:
    for s, p in positions({}, games=1):
        legal: list[CcgAction] = s.legal_actions(p)
        for a in legal:
            assert _legal_one(s, p, a.text) is a
            assert _legal_one(s, p, a.text.upper()) is a
            # an equal action that is not this game object's: matched by its text
            twin = CcgAction(a.code, a.a, a.b, a.c, a.kind, *a.args)
            assert _legal_one(s, p, twin) is a, twin


def test_actions_are_built_once_per_game_object() -> None:
    """The rules hand out the table's objects: playing builds no action."""
    g: Any = load_game("civ-card-game", players=3)
    table = {id(a) for a in every_action(g.rules.acts)}
    rng = Rng(5)
    for seed in range(3):
        s = g.new_state(seed=seed)
        while s.to_move():
            p = s.to_move()[0]
            legal = s.legal_actions(p)
            assert all(id(a) in table for a in legal)
            s.apply(p, legal[rng.below(len(legal))])


def test_clone_keeps_the_actions_and_determinize_drops_them() -> None:
    for k, (s, p) in enumerate(positions({"players": 2}, games=1)):
        if k % 9:
            continue
        legal = s.legal_actions(p)
        c = s.clone()
        assert c.legal is s.legal and isinstance(c.legal, tuple)
        d = s.determinize(p, Rng(k))
        assert d.legal is None
        assert [a.text for a in d.legal_actions(p)] == [a.text for a in legal]
        # applying to the clone leaves the original's actions as they were
        c.apply(p, legal[-1])
        assert s.legal_actions(p) == legal


def test_plot_payment_choices_are_those_of_every_plan() -> None:
    """CCG-6.4: ``plot_payments`` skips the plan sparing a type the default does not pay
    with; the choices are those of computing every plan, on every stock of up to 12 of
    each type and every cost it affords."""
    from civtable.games.civ_card_game.rules.purchase import pay_plan, plot_payments

    for f in range(13):
        for h in range(13):
            for c in range(13):
                res = [f, h, c]
                for cost in range(f + h + c + 1):
                    seen: set[tuple[int, int, int]] = set()
                    every = []
                    for spare in (3, 0, 1, 2):
                        plan = pay_plan(res, cost, spare)
                        if plan not in seen:
                            seen.add(plan)
                            every.append(spare)
                    assert plot_payments(res, cost) == every, (res, cost)
