"""The optional compiled build (``setup.py``, ``civtable/_compiled.py``): the Python
source and the build behave alike, and a build is used only while it matches its source.

The rest of the suite runs on whatever this process imported (the build after
``pip install -e .`` with a C compiler, else the source; ``CIVTABLE_PURE=1`` forces the
source), so the rules' tests check both ways when run both ways."""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from civtable import _compiled, load_game
from civtable.core.rng import Rng
from civtable.core.state import State
from civtable.games.catan_deckbuilding.rules import main, turn
from civtable.games.catan_deckbuilding.state import MAIN, CatanState

ROOT = Path(__file__).resolve().parents[3]
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


@pytest.mark.parametrize("start", [0, 1, 2**63 - 1, 2**63, 2**64 - 1, 0x9E3779B97F4A7C15, 12345678901234567])
def test_the_rules_shuffle_is_the_generators(start: int) -> None:
    """``turn.shuffle`` (compiled: ``_shuffle_i64``) makes the order ``Rng.shuffle`` makes
    and leaves the generator in the same state, for states across the whole 64 bits."""
    rng = Rng.from_state(start)
    for n in [*range(0, 40), 61, 100, 257]:
        seq = list(range(n))
        again = list(range(n))
        ours, theirs = Rng.from_state(rng.state), Rng.from_state(rng.state)
        turn.shuffle(ours, seq)
        theirs.shuffle(again)
        assert seq == again, (start, n)
        assert ours.state == theirs.state
        rng.next64()


@pytest.mark.skipif(not turn.NATIVE, reason="the interpreted module has no wrapping i64 arithmetic")
def test_the_machine_integer_shuffle_matches_the_python_one() -> None:
    rng = Rng(7)
    for n in range(2, 80):
        seq = list(range(n))
        a, b = Rng.from_state(rng.state), Rng.from_state(rng.state)
        turn._shuffle_i64(a, seq)
        b.shuffle(expected := list(range(n)))
        assert (seq, a.state) == (expected, b.state)
        rng.next64()


def _python_copy(module: str) -> ModuleType:
    """A module of the rules loaded again from its ``.py`` file, under another name (its
    relative imports bind the modules in use: compiled or not)."""
    path = ROOT / (module.replace(".", "/") + ".py")
    spec = importlib.util.spec_from_file_location(module + "_python_copy", path)
    assert spec is not None and spec.loader is not None
    copy = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(copy)
    return copy


def test_both_ways_of_picking_the_legal_actions_agree() -> None:
    """``rules.main.legal`` picks plays and lay-downs with ``compress`` in Python and by
    index loops when compiled: both ways (and the module in use) list the same actions
    in the same order, in positions of random games under two rule variants."""
    source = _python_copy("civtable.games.catan_deckbuilding.rules.main")
    assert not source.NATIVE
    rng = Rng(11)
    checked = 0
    for options in ({}, {"counter-knight": "C", "road-grouping": "B"}):
        game = load_game("catan-deckbuilding", **options)
        for seed in range(25):
            s = game.new_state(seed=seed).silence()
            while not s.is_terminal():
                p = s.to_move()[0]
                legal = s.legal_actions(p)
                if s.phase == MAIN:
                    lists = []
                    for native in (False, True):
                        source.NATIVE = native
                        lists.append([a.text for a in source.legal(s, p)])
                    assert lists[0] == lists[1] == [a.text for a in main.legal(s, p)] == [a.text for a in legal]
                    checked += 1
                s.apply(p, legal[rng.below(len(legal))])
    assert checked > 5000


def test_a_catan_state_is_a_state_with_all_of_states_methods() -> None:
    """``CatanState`` is registered as a ``State`` rather than derived from it (so that it
    can be compiled): it must still answer everything a ``State`` answers, and the
    methods it takes from ``State`` must behave as ``State``'s."""
    s = load_game("catan-deckbuilding").new_state(seed=3)
    assert isinstance(s, State) and issubclass(CatanState, State)
    machinery = {"__abstractmethods__", "_abc_impl", "__slots__"}  # the ABC's, and a compiled class has no __slots__
    missing = [name for name in dir(State) if name not in machinery and not hasattr(CatanState, name)]
    assert not missing, f"CatanState lacks State's {missing}"
    assert s.num_players == 2 and s.game_stats() == State.game_stats(s) == {}  # type: ignore[arg-type]
    assert s.events(0) == State.events(s, 0) and s.events(None, 1) == State.events(s, None, 1)  # type: ignore[arg-type]
    c = s.clone()
    assert c == s and c is not s
    with pytest.raises(TypeError):
        hash(s)
    c.emit("x.y", {"n": 1}, to=(0,))
    assert c == s and [e.id for e in c.events(0)][-1] == "x.y" and [e.id for e in c.events(1)] == [e.id for e in s.events(1)]
    assert c.silence() is c and c.journal is None and c.events(0) == []
    assert c.listen() is c and c.events(0) == [] and c.journal is not None


def test_the_build_is_all_or_nothing() -> None:
    """Every compiled module comes from the build, or none does."""
    # every game's compiled modules (the card game's encoding is imported when first used)
    files = [importlib.import_module(name).__file__ or "" for name in sorted(_compiled.NAMES)]
    assert len({_compiled.native(f) for f in files}) == 1
    assert _compiled.native(files[0]) == _compiled.ACTIVE


def _tree(tmp_path: Path) -> Path:
    """A copy of the compiled modules' sources, with a fake build beside them."""
    root = tmp_path / "tree"
    for path in _compiled.MODULES:
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / path, target)
        Path(str(target)[:-3] + SUFFIX).write_bytes(b"")
    return root


def _record(root: Path) -> None:
    (root / "civtable" / _compiled.BUILD_RECORD).write_text(json.dumps({"sources": _compiled.sources(str(root))}))


def test_a_build_is_used_only_while_it_matches_its_source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CIVTABLE_PURE", raising=False)
    root = _tree(tmp_path)
    assert _compiled.use_build(str(root)) == (False, f"the build has no record ({_compiled.BUILD_RECORD})")
    _record(root)
    assert _compiled.use_build(str(root)) == (True, "")
    monkeypatch.setenv("CIVTABLE_PURE", "1")
    assert _compiled.use_build(str(root)) == (False, "CIVTABLE_PURE is set")
    monkeypatch.setenv("CIVTABLE_PURE", "0")
    assert _compiled.use_build(str(root))[0]
    main = root / "civtable/games/catan_deckbuilding/rules/main.py"
    main.write_text(main.read_text() + "# edited\n")
    assert _compiled.use_build(str(root)) == (
        False, "changed since the build: civtable/games/catan_deckbuilding/rules/main.py")
    _record(root)
    (root / ("civtable/games/catan_deckbuilding/rules/turn" + SUFFIX)).unlink()
    ok, why = _compiled.use_build(str(root))
    assert not ok and why.startswith("the build is incomplete") and "rules/turn.py" in why
    for f in root.rglob("*" + SUFFIX):
        f.unlink()
    assert _compiled.use_build(str(root)) == (False, "no compiled build")


def test_civtable_pure_imports_the_python_source(monkeypatch: pytest.MonkeyPatch) -> None:
    """``CIVTABLE_PURE=1`` imports every compiled module from its ``.py`` file, and the
    game plays the same game (the same seed, the same random moves, the same end)."""
    script = (
        "import json, civtable, sys\n"
        "from civtable import _compiled\n"
        "g = civtable.load_game('catan-deckbuilding')\n"
        "s = g.new_state(seed=5)\n"
        "k = 0\n"
        "while not s.is_terminal():\n"
        "    p = s.to_move()[0]; legal = s.legal_actions(p); k = (k * 31 + 7) % 1000003\n"
        "    s.apply(p, legal[k % len(legal)])\n"
        "import importlib\n"
        "files = sorted(importlib.import_module(n).__file__ for n in _compiled.NAMES)\n"
        "print(json.dumps({'end': s.to_json(), 'py': all(f.endswith('.py') for f in files)}))\n"
    )
    env = {**os.environ, "CIVTABLE_PURE": "1"}
    pure = json.loads(subprocess.run([sys.executable, "-c", script], env=env, check=True,
                                     capture_output=True, text=True).stdout)
    env.pop("CIVTABLE_PURE")
    here = json.loads(subprocess.run([sys.executable, "-c", script], env=env, check=True,
                                     capture_output=True, text=True).stdout)
    monkeypatch.delenv("CIVTABLE_PURE", raising=False)
    assert pure["py"]
    assert here["py"] == (not _compiled.use_build()[0])  # the build, when there is one that matches
    assert pure["end"] == here["end"]


@given(st.lists(st.integers(0, 300), min_size=7, max_size=7), st.lists(st.integers(0, 300), min_size=7, max_size=7))
def test_the_pool_key_tells_pools_apart(a: list[int], b: list[int]) -> None:
    """``Rules.buy_cache`` is keyed by ``main.pool_key``: two pools have the same key only
    when they are the same pool (counts of 256 and more included: their keys are wide)."""
    assert (main.pool_key(a) == main.pool_key(b)) == (a == b)
    assert main.pool_key(a) == main.pool_key(list(a))


def test_the_pool_key_near_its_edges() -> None:
    pools = [[0] * 7, [255] * 7, [256] + [0] * 6, [0] * 6 + [256], [1, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 1],
             [0, 0, 0, 0, 0, 1, 0], [255, 255, 255, 255, 255, 255, 256]]
    assert len({main.pool_key(p) for p in pools}) == len(pools)
