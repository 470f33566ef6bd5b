"""The checks of the contract every game keeps, as plain functions of a state.

Each raises ``AssertionError`` with a message naming what broke; the suite
(``suite.py``) runs them over random games, and a game's own tests may call them
on hand-built positions.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from html.parser import HTMLParser
from types import BuiltinFunctionType, FunctionType, MethodType, ModuleType
from typing import Any

from civtable.core.action import Action
from civtable.core.errors import IllegalActionError
from civtable.core.events import Event, Journal
from civtable.core.rng import Rng
from civtable.core.state import State

from .mutate import scribble

NOT_ACTIONS: tuple[Any, ...] = (None, 5, 1.5, b"end", ["end"], {"action": "end"}, True)
JUNK_TEXTS: tuple[str, ...] = ("", "   ", "not an action", "end end end", "x" * 300, "²", "9" * 400, "9" * 5000,
                               "play", "buy", "move", "0", "-1", "\x00", "é", "١٢", "take 1\nend")


def viewers(state: State) -> list[int | None]:
    """Every seat, and the spectator."""
    return [*range(state.num_players), None]


def json_safe(value: Any, what: str) -> None:
    text = json.dumps(value, sort_keys=True, allow_nan=False)
    assert json.loads(text) == value, f"{what} is not plain JSON data (it changes in a JSON round trip)"


def keys(obj: Any, path: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield path, str(k)
            yield from keys(v, f"{path}.{k}")
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from keys(v, f"{path}[{i}]")


# ------------------------------------------------------------ turn and result
def check_turn(state: State) -> None:
    """``to_move`` is a sorted tuple of seats; exactly the movers have legal actions,
    distinct and asked twice the same; results exist exactly at the end."""
    n = state.num_players
    movers = state.to_move()
    assert isinstance(movers, tuple), f"to_move() must be a tuple, not {type(movers).__name__}"
    assert list(movers) == sorted(set(movers)), f"to_move() {movers} is not sorted and distinct"
    assert all(isinstance(p, int) and 0 <= p < n for p in movers), f"to_move() {movers} names no seat"
    for p in range(n):
        legal = state.legal_actions(p)
        if p not in movers:
            assert legal == [], f"player {p} is not to move but has legal actions {legal[:5]}"
            continue
        assert legal, f"player {p} is to move but has no legal action"
        texts = [a.text for a in legal]
        assert len(set(texts)) == len(texts), f"player {p} has the same action twice: {texts}"
        assert all(isinstance(a, Action) for a in legal)
        again = state.legal_actions(p)
        assert [a.text for a in again] == texts, "asking for the legal actions twice gave another list"
    returns = state.returns()
    assert len(returns) == n, f"returns() has {len(returns)} numbers for {n} players"
    if state.is_terminal():
        assert movers == (), "a finished game still has players to move"
        winners = state.winners()
        assert winners == sorted(set(winners)), f"winners() {winners} is not sorted and distinct"
        for p in range(n):
            if p in winners:
                assert returns[p] == max(returns), f"winner {p} does not have the best return {returns}"
    else:
        assert movers != (), "an unfinished game has nobody to move"
        assert state.winners() == [] and all(r == 0 for r in returns), "an unfinished game has a result"


# ------------------------------------------------------------ illegal actions
def mutations(text: str) -> list[str]:
    """Action texts near a legal one: a word dropped, added, changed, a number moved."""
    words = text.split()
    out = [text + " extra", " ".join(words[:-1]), words[0] + "x " + " ".join(words[1:])]
    for i, w in enumerate(words):
        if w.isdigit():
            out.append(" ".join(words[:i] + [str(int(w) + 97)] + words[i + 1:]))
    return [t for t in out if t.strip()]


def check_illegal(state: State, rng: Rng, junk: tuple[str, ...] = ()) -> None:
    """Illegal actions (junk texts, near misses, another seat's actions, objects that
    are not actions) raise ``IllegalActionError`` (``TypeError`` for a non-string)
    with a one-line message, and leave the state exactly as it was."""
    before = state.to_json()
    n = state.num_players
    movers = state.to_move()
    tries: list[tuple[int, Any]] = []
    legal_by = {p: state.legal_actions(p) for p in range(n)}
    legal_texts = {p: {a.text for a in legal_by[p]} for p in range(n)}
    for p in range(n):
        for t in (*JUNK_TEXTS, *junk):
            tries.append((p, t))
        for a in legal_by[p][:3]:
            tries.extend((p, m) for m in mutations(a.text))
        for q in movers:
            if q != p:
                tries.extend((p, a) for a in legal_by[q][:3])
    for p in movers[:1]:
        tries.extend((p, x) for x in NOT_ACTIONS)
    tries.extend((seat, "end") for seat in (-1, n, 10**30))
    for p, attempt in tries:
        text = attempt.text if isinstance(attempt, Action) else attempt
        if isinstance(text, str) and 0 <= p < n and " ".join(text.lower().split()) in legal_texts[p]:
            continue  # a mutation that happens to be legal
        for how in ("apply", "parse"):
            try:
                if how == "apply":
                    state.apply(p, attempt)
                else:
                    state.game.parse_action(state, attempt if not isinstance(attempt, Action) else attempt.text, p)
            except IllegalActionError as e:
                message = str(e)
                assert message.strip() and "\n" not in message, f"bad message {message!r} for {attempt!r}"
                assert len(message) < 500, f"a {len(message)}-character message for {str(attempt)[:40]!r}"
            except TypeError as e:
                assert not isinstance(attempt, str), f"{attempt!r} by player {p}: TypeError {e}"
                assert str(e).strip() and "\n" not in str(e)
            else:
                raise AssertionError(f"{how}: illegal {str(attempt)[:60]!r} by player {p} was accepted in {state!r}")
            assert state.to_json() == before, f"{how}: {str(attempt)[:60]!r} by player {p} changed the state"


def check_notation(state: State) -> None:
    """Every legal action's text is canonical and reads back, whatever its case and spacing."""
    game = state.game
    for p in state.to_move():
        for a in state.legal_actions(p):
            text = str(a)
            assert text == a.text == " ".join(text.split()) == text.lower(), f"{text!r} is not canonical"
            assert game.parse_action(state, text, p) == a
            assert game.parse_action(state, "  " + text.upper().replace(" ", "   ") + " ", p) == a


# ------------------------------------------------------------ copies
def _children(obj: Any) -> Iterator[Any]:
    if isinstance(obj, dict):
        yield from obj.keys()
        yield from obj.values()
    elif isinstance(obj, (list, tuple, set, frozenset)):
        yield from obj
    else:
        for cls in type(obj).__mro__:
            for name in getattr(cls, "__slots__", ()):
                if hasattr(obj, name):
                    yield getattr(obj, name)
        if hasattr(obj, "__dict__"):
            yield from vars(obj).values()


_ATOMS = (int, float, complex, str, bytes, bool, type(None), Action, Event, Journal, type, ModuleType,
          FunctionType, MethodType, BuiltinFunctionType)


def _immutable(x: Any) -> bool:
    if isinstance(x, _ATOMS):
        return True
    return dataclasses.is_dataclass(x) and bool(x.__dataclass_params__.frozen)  # type: ignore[union-attr]


def _reachable(root: Any, skip: set[int]) -> dict[int, Any]:
    """Every object reachable from ``root`` (not through ``skip``), by id."""
    found: dict[int, Any] = {}
    stack = [root]
    while stack:
        x = stack.pop()
        if _immutable(x) or id(x) in found or id(x) in skip:
            continue
        found[id(x)] = x
        stack.extend(_children(x))
    return found


def mutable_parts(state: State, static: set[int]) -> set[int]:
    """The ids of the mutable objects a state holds (lists, dicts, sets, objects),
    leaving out what the game holds (rules, cards, maps) and the event history,
    which are shared on purpose."""
    return {i for i, x in _reachable(state, static).items() if not isinstance(x, (tuple, frozenset))}


def check_shares_nothing(a: State, b: State, what: str) -> None:
    """No list, dict, set or state object is shared by two states (a change to one
    would show in the other)."""
    static = set(_reachable(a.game, set()))
    shared = set(mutable_parts(a, static)) & set(mutable_parts(b, static))
    assert not shared, f"{what} shares {len(shared)} mutable object(s) with the original"


def check_clone(state: State, step: tuple[int, Action] | None) -> None:
    """A clone is equal, shares nothing, and goes on exactly like the original."""
    before = state.to_json()
    c = state.clone()
    assert c.to_json() == before and c == state
    check_shares_nothing(state, c, "a clone")
    if step is not None:
        p, a = step
        c.apply(p, a)
        assert state.to_json() == before, "applying an action to a clone changed the original"
        c2 = state.clone()
        c2.apply(p, a)
        assert c2.to_json() == c.to_json(), "the same action on two clones gave two states"


def check_json(state: State) -> State:
    """The position is plain JSON and reads back to an equal state with the same
    legal actions; returns the loaded copy."""
    data = state.to_json()
    json_safe(data, "to_json()")
    assert data.get("game") == state.game.id, "to_json() must name the game"
    raw = json.loads(json.dumps(data))
    loaded = state.game.state_from_json(raw)
    assert raw == data, "state_from_json() changed the data it read"
    scribble(raw)  # the loaded state keeps nothing of the data it was read from
    assert loaded.to_json() == data, "a position read back differs from the one written"
    assert loaded.to_move() == state.to_move()
    for p in state.to_move():
        assert [a.text for a in loaded.legal_actions(p)] == [a.text for a in state.legal_actions(p)], \
            "a position read back has other legal actions (or in another order)"
    check_shares_nothing(state, loaded, "a position read back")
    return loaded


# ------------------------------------------------------------ observations
def check_observations(state: State) -> None:
    """Every viewer's observation (the spectator's too) is plain JSON without the
    generator's state, and renders as text."""
    game = state.game
    for v in viewers(state):
        obs = state.observation(v)
        json_safe(obs, f"observation({v})")
        for path, key in keys(obs):
            assert key != "rng", f"observation({v}) has the generator's state at {path}.rng"
        screen = game.render(obs, v)
        assert isinstance(screen, str) and screen.strip(), f"render(observation({v})) is empty"
        assert isinstance(game.help(obs, v), str)
        if v is not None and v in state.to_move():
            for a in state.legal_actions(v):
                label = game.action_label(a, obs)
                path = game.action_path(a, obs)
                assert isinstance(label, str) and label.strip(), f"no label for {a}"
                assert isinstance(path, tuple) and path and all(isinstance(x, str) and x for x in path), \
                    f"action_path({a}) must be a non-empty tuple of words, not {path!r}"
                warning = game.action_warning(a, obs)
                assert warning is None or (isinstance(warning, str) and warning.strip()), \
                    f"action_warning({a}) must be None or a sentence, not {warning!r}"


def check_determinize(state: State, viewer: int | None, seed: int) -> State:
    """A sample of the viewer's information set: the same observation, the same
    movers and (for a mover) the same legal actions, a valid position, silent,
    reproducible, sharing nothing; the true state is untouched. Returns the sample."""
    before = state.to_json()
    obs = state.observation(viewer)
    d = state.determinize(viewer, Rng(seed))
    assert d.journal is None, "determinize() must return a silent state (journal None)"
    assert state.to_json() == before, "determinize() changed the true state"
    got = d.observation(viewer)
    assert got == obs, f"determinize({viewer}) changed what the viewer sees: {first_difference(obs, got)}"
    assert d.to_move() == state.to_move(), "who is to move depends on hidden information"
    if viewer is not None and viewer in state.to_move():
        assert [a.text for a in d.legal_actions(viewer)] == [a.text for a in state.legal_actions(viewer)], \
            "the viewer's legal actions depend on what he cannot see"
    again = state.determinize(viewer, Rng(seed))
    assert again.to_json() == d.to_json(), "determinize() with the same generator gave another sample"
    assert state.game.state_from_json(json.loads(json.dumps(d.to_json()))).to_json() == d.to_json(), \
        "determinize() gave a position that does not read back"
    check_shares_nothing(state, d, "a determinized state")
    return d


def check_seat_view(state: State, seed: int) -> None:
    """A game's cheap view for bots (``State.seat_view``) tells the same in every sample
    of the seat's information set: it exposes nothing the seat may not see."""
    for p in range(state.num_players):
        view = state.seat_view(p)
        if view is None:
            return
        snap = view.snapshot()
        json_safe(snap, f"seat_view({p}).snapshot()")
        for k in range(2):
            other = state.determinize(p, Rng(seed + k)).seat_view(p)
            assert other is not None
            got = other.snapshot()
            assert got == snap, f"seat_view({p}) shows hidden information: {first_difference(snap, got)}"


def first_difference(a: Any, b: Any, path: str = "") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if a.get(k) != b.get(k):
                return first_difference(a.get(k), b.get(k), f"{path}.{k}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return first_difference(x, y, f"{path}[{i}]")
    return f"{path or 'value'}: {str(a)[:120]} != {str(b)[:120]}"


# ------------------------------------------------------------ events
def check_events(before: State, actor: int, action: Action) -> State:
    """``apply`` tells what happened: the actor is told his move (a ``move`` event with
    its whole text), every event is plain JSON with a message template, and renders
    for every viewer. Returns the state after the action."""
    game = before.game
    after = before.clone()
    cursors = {v: len(after.events(v)) for v in viewers(after)}
    total = len(after.journal) if after.journal is not None else 0
    after.apply(actor, action)
    assert after.journal is not None, "apply() silenced the state"
    new = list(after.journal)[total:]
    assert new, f"{action.text!r} recorded no event"
    for e in new:
        assert isinstance(e.id, str) and e.id, f"an event without an id: {e!r}"
        assert e.id in game.messages, f"event {e.id!r} has no message template in {game.id}'s messages"
        json_safe(dict(e.args), f"the arguments of event {e.id!r}")
        for seat in (*(e.to or ()), *e.exclude):
            assert isinstance(seat, int) and 0 <= seat < after.num_players, f"event {e.id!r} names seat {seat}"
    own = after.events(actor, cursors[actor])
    moves = [e for e in own if e.id == "move" and e.args.get("player") == actor]
    assert moves and moves[0].args.get("action") == action.text, \
        f"player {actor} is not told his own move {action.text!r} (got {[e.to_json() for e in own][:3]})"
    for v in viewers(after):
        for e in after.events(v, cursors[v]):
            text = game.render_event(e, v)
            assert isinstance(text, str) and text.strip() and "\n" not in text.strip(), \
                f"event {e.id!r} renders badly for viewer {v}: {text!r}"
    return after


# ------------------------------------------------------------ the browser's drawing
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
                  "wbr", "circle", "ellipse", "line", "path", "polygon", "polyline", "rect", "stop", "use"})


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.targets: set[str] = set()
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for k, v in attrs:
            if k == "data-target" and v:
                self.targets.add(v)
        if tag not in VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for k, v in attrs:
            if k == "data-target" and v:
                self.targets.add(v)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if not self.open or self.open[-1] != tag:
            self.problems.append(f"</{tag}> closes <{self.open[-1] if self.open else 'nothing'}>")
            return
        self.open.pop()


def check_repeat(state: State, player: int, action: Action, repeat: int) -> None:
    """``Game.action_repeat``: a whole number from 1 that the action keeps: played that
    many times in a row, it is legal every time (a page plays it so after one question)."""
    assert isinstance(repeat, int) and 1 <= repeat <= 1000, f"action_repeat({action}) is {repeat!r}"
    if repeat == 1:
        return
    s = state.clone()
    for i in range(repeat):
        texts = {a.text for a in s.legal_actions(player)} if player in s.to_move() else set()
        assert action.text in texts, f"action_repeat({action}) says {repeat}, but play {i + 1} is not legal"
        s.apply(player, action.text)


def check_web(state: State) -> None:
    """Every viewer's drawing (``Game.html``) is balanced HTML without scripts, and every
    legal action that names a target has an element carrying that ``data-target``."""
    game = state.game
    for v in viewers(state):
        obs = state.observation(v)
        html = game.html(obs, v)
        assert isinstance(html, str) and html.strip(), f"html({v}) is empty"
        assert "<script" not in html.lower(), "a drawing carries a script (the page would not run it)"
        tags = _Tags()
        tags.feed(html)
        tags.close()
        assert not tags.problems and not tags.open, \
            f"html({v}) is not balanced: {(tags.problems or ['unclosed ' + ', '.join(tags.open)])[0]}"
        if v is not None:
            for a in state.legal_actions(v):
                t = game.action_target(a, obs)
                assert t is None or t in tags.targets, f"{a.text!r} acts on {t!r}, which html({v}) does not draw"
                then = game.action_then(a, obs)
                assert then is None or (t is not None and then in tags.targets), \
                    f"{a.text!r} goes on to {then!r}, which html({v}) does not draw (or it has no first target)"
                check_repeat(state, v, a, game.action_repeat(a, obs))
        else:  # what a move marks for the others is drawn on the spectator's board too
            for p in state.to_move():
                for a in state.legal_actions(p):
                    m = game.move_mark(a, p, obs)
                    assert m is None or m in tags.targets, f"{a.text!r} marks {m!r}, which html(None) does not draw"
