"""The fuzz kit: random legal play mixed with mutated input, for every game.

- **Actions**: at each step of a random game, mutated action strings (characters
  flipped, words dropped or repeated, numbers made huge, other seats' actions,
  junk) and objects that are not strings are tried for every seat and for seats
  that do not exist. Each must raise ``IllegalActionError`` (``TypeError`` for a
  non-string) with a one-line message and leave the state byte-identical.
- **Positions**: a position (``to_json``) with one mutation (a field removed,
  retyped, negated, made huge, a list entry added or dropped, values swapped) is
  either refused with ``InvalidStateError`` naming a field, or it loads and is then
  playable: random play from it keeps the game's invariants, to the end or for a
  bounded number of steps, and never crashes or deadlocks.
- **Records**: a record with a mutated line is either refused with ``RecordError``
  or replays.

``make test`` runs it at a small budget (``ContractSuite.test_fuzz``); ``make fuzz``
at a million actions and a hundred thousand positions per game, printing the counts.
"""

from __future__ import annotations

import copy
import json
import os
from collections import Counter
from collections.abc import Callable
from typing import Any

from civtable.core.errors import IllegalActionError, InvalidStateError, RecordError
from civtable.core.records import parse_record
from civtable.core.rng import Rng
from civtable.core.state import State

from .checks import NOT_ACTIONS, check_turn

WORDS = ("end", "done", "pass", "buy", "play", "move", "city", "all", "0", "1", "-1", "99999999999999999999",
         "²", "é", "\x00", "", "  ", "ore", "x" * 200)


def mutate_text(text: str, rng: Rng) -> str:
    """A near miss of an action text."""
    words = text.split() or ["x"]
    how = rng.below(8)
    if how == 0:
        words.insert(rng.below(len(words) + 1), rng.choice(WORDS))
    elif how == 1 and len(words) > 1:
        del words[rng.below(len(words))]
    elif how == 2:
        words[rng.below(len(words))] = rng.choice(WORDS)
    elif how == 3:
        i = rng.below(len(words))
        words[i] = words[i] * 2
    elif how == 4:
        return text[: rng.below(len(text) + 1)]
    elif how == 5:
        chars = list(text) or ["x"]
        chars[rng.below(len(chars))] = chr(32 + rng.below(0x2FF))
        return "".join(chars)
    elif how == 6:
        return " ".join(reversed(words))
    else:
        return text + " " + text
    return " ".join(words)


def fuzz_actions(state: State, rng: Rng, tries: int, counts: Counter[str]) -> None:
    """``tries`` illegal attempts on ``state``; it must not change."""
    before = json.dumps(state.to_json(), sort_keys=True)
    n = state.num_players
    movers = state.to_move()
    pools = {p: [a.text for a in state.legal_actions(p)] for p in range(n)}
    any_legal = [t for ts in pools.values() for t in ts] or ["end"]
    for _ in range(tries):
        seat = rng.below(n + 2) - 1 if rng.below(5) == 0 else rng.below(n)
        kind = rng.below(10)
        attempt: Any
        if kind == 0:
            attempt = NOT_ACTIONS[rng.below(len(NOT_ACTIONS))]
        elif kind == 1 and movers and seat not in movers:
            attempt = rng.choice(pools[movers[0]]) if pools[movers[0]] else "end"
        else:
            attempt = mutate_text(rng.choice(any_legal), rng)
        legal = pools.get(seat, [])
        if isinstance(attempt, str) and " ".join(attempt.lower().split()) in legal:
            continue
        counts["actions"] += 1
        try:
            state.apply(seat, attempt)
        except IllegalActionError as e:
            msg = str(e)
            assert msg.strip() and "\n" not in msg and len(msg) < 500, f"bad message {msg[:200]!r}"
        except TypeError as e:
            assert not isinstance(attempt, str), f"{attempt!r}: TypeError {e}"
        else:
            raise AssertionError(f"illegal {str(attempt)[:80]!r} by seat {seat} was accepted in {state!r}")
        if counts["actions"] % 16 == 0 or kind == 0:
            assert json.dumps(state.to_json(), sort_keys=True) == before, f"{str(attempt)[:80]!r} changed the state"
    assert json.dumps(state.to_json(), sort_keys=True) == before, "an illegal attempt changed the state"


# ------------------------------------------------------------ positions
def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out.extend(_paths(v, (*path, k)))
    elif isinstance(value, list):
        for i, v in enumerate(value[:12]):
            out.extend(_paths(v, (*path, i)))
    return out


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        value = value[k]
    return value


def _set(value: Any, path: tuple[Any, ...], new: Any) -> None:
    for k in path[:-1]:
        value = value[k]
    value[path[-1]] = new


def mutate_position(data: dict[str, Any], rng: Rng) -> tuple[dict[str, Any], str]:
    """One mutation of a position; returns it and what was done."""
    out = copy.deepcopy(data)
    paths = [p for p in _paths(out) if p and p[0] not in ("game",)]
    path = rng.choice(paths)
    old = _get(out, path)
    how = rng.below(11)
    if how == 0:
        parent = _get(out, path[:-1])
        if isinstance(parent, dict):
            del parent[path[-1]]
        else:
            del parent[path[-1]]
        return out, f"removed {path}"
    candidates: list[Any]
    if isinstance(old, bool):
        candidates = [not old, 0, None, "true"]
    elif isinstance(old, int):
        candidates = [old + 1, old - 1, -1, -old, 10**30, float(old), str(old), None, True, old * 7 + 3]
    elif isinstance(old, float):
        candidates = [old + 1, -old, float("nan"), int(old), None]
    elif isinstance(old, str):
        candidates = [old + "x", "", old.upper(), 7, None, "over", "main", "ore", "A", "B"]
    elif isinstance(old, list):
        candidates = [old[1:], old + old[:1], [], list(reversed(old)), {}, None, [None], old[:1] * 3]
    elif isinstance(old, dict):
        keys = list(old)
        extra = {**old, "unknown": 1}
        candidates = [{}, [], None, extra] + ([{k: old[k] for k in keys[1:]}] if keys else [])
    else:
        candidates = [0, "x", [], {}]
    new = candidates[rng.below(len(candidates))]
    if how == 10 and len(paths) > 2:  # swap two values
        other = rng.choice(paths)
        if other != path and not (other[: len(path)] == path or path[: len(other)] == other):
            a, b = _get(out, path), _get(out, other)
            _set(out, path, b)
            _set(out, other, a)
            return out, f"swapped {path} and {other}"
    _set(out, path, new)
    return out, f"set {path} from {str(old)[:40]} to {str(new)[:40]}"


def fuzz_position(state: State, rng: Rng, check: Callable[[State], None], play_steps: int,
                  counts: Counter[str]) -> None:
    """One mutated copy of ``state``'s position: refused with a sentence, or playable."""
    game = state.game
    data, what = mutate_position(state.to_json(), rng)
    counts["positions"] += 1
    try:
        loaded = game.state_from_json(json.loads(json.dumps(data)))
    except InvalidStateError as e:
        msg = str(e)
        assert msg.strip() and "\n" not in msg and len(msg) < 500, f"{what}: bad message {msg[:200]!r}"
        counts["positions refused"] += 1
        return
    except Exception as e:  # pragma: no cover - what the fuzzer exists to find
        raise AssertionError(f"{what}: the loader raised {e.__class__.__name__}: {e}") from e
    counts["positions loaded"] += 1
    try:
        check(loaded)
        for _ in range(play_steps):
            check_turn(loaded)
            movers = loaded.to_move()
            if not movers:
                break
            p = movers[rng.below(len(movers))]
            legal = loaded.legal_actions(p)
            loaded.apply(p, legal[rng.below(len(legal))])
            check(loaded)
    except Exception as e:
        raise AssertionError(f"{what}: the position loaded, then {e.__class__.__name__}: {e}") from e


# ------------------------------------------------------------ records
def fuzz_record(text: str, rng: Rng, counts: Counter[str]) -> None:
    lines = text.splitlines()
    i = rng.below(len(lines))
    how = rng.below(5)
    if how == 0:
        lines[i] = lines[i][: rng.below(len(lines[i]) + 1)]
    elif how == 1:
        del lines[i]
    elif how == 2:
        lines.insert(i, lines[rng.below(len(lines))])
    elif how == 3:
        try:
            data = json.loads(lines[i])
            key = rng.choice(sorted(data))
            data[key] = rng.choice([None, -1, "x", [], {}, 10**30, 1.5, True])
            lines[i] = json.dumps(data)
        except (json.JSONDecodeError, IndexError, TypeError):
            lines[i] = "{"
    else:
        lines[i] = mutate_text(lines[i], rng)
    counts["records"] += 1
    try:
        record = parse_record("\n".join(lines) + ("\n" if rng.below(2) else ""), "fuzzed record")
        record.replay()
    except RecordError as e:
        assert str(e).strip() and "\n" not in str(e), f"bad message {str(e)[:200]!r}"
        counts["records refused"] += 1
    except Exception as e:  # pragma: no cover
        raise AssertionError(f"a mutated record raised {e.__class__.__name__}: {e}") from e


def seed() -> int:
    """The fuzz run's seed (``CIVTABLE_FUZZ_SEED``, 0 by default): another seed explores
    other games and mutations at the same budget."""
    try:
        return int(os.environ.get("CIVTABLE_FUZZ_SEED", "0"))
    except ValueError:
        return 0


def budget(scale: float = 1.0) -> float:
    """The fuzz budget: ``scale`` (the game's share of the test run, below 1 for slow
    games) in ``make test``; exactly ``CIVTABLE_FUZZ`` units for every game when it is
    set (500 in ``make fuzz``: a million illegal actions per game)."""
    try:
        return max(0.01, float(os.environ["CIVTABLE_FUZZ"]))
    except KeyError:
        return scale
    except ValueError:
        return scale


def report(game_id: str, counts: Counter[str]) -> None:
    """Add a game's counts to the report file named by ``CIVTABLE_FUZZ_REPORT``, if any."""
    path = os.environ.get("CIVTABLE_FUZZ_REPORT")
    if path:
        with open(path, "a", encoding="utf-8") as stream:
            stream.write(json.dumps({"game": game_id, **counts}, sort_keys=True) + "\n")


def main(argv: list[str] | None = None) -> int:
    """Print a fuzz report (``python -m civtable.testing.fuzz REPORT``): the counts per game."""
    import sys

    args = sys.argv[1:] if argv is None else argv
    totals: dict[str, Counter[str]] = {}
    with open(args[0], encoding="utf-8") as stream:
        for line in stream:
            data = json.loads(line)
            totals.setdefault(data.pop("game"), Counter()).update(data)
    keys = ("games", "actions", "positions", "positions refused", "positions loaded", "records", "records refused")
    print(f"{'game':<20}" + "".join(f"{k:>19}" for k in keys))
    for game, counts in sorted(totals.items()):
        print(f"{game:<20}" + "".join(f"{counts[k]:>19,}" for k in keys))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
