"""docs/envs.md names every keyword of every environment entry point (issue 28: a
researcher must find each one, shaping included)."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from civtable import envs  # noqa: E402
from civtable.envs.single import CivtableGym  # noqa: E402
from civtable.envs.vector import CivtableVector  # noqa: E402

DOC = Path(__file__).resolve().parents[2] / "docs" / "envs.md"


@pytest.mark.parametrize("entry", [envs.pettingzoo_env, envs.parallel_env, envs.gymnasium_env, envs.vector_env,
                                   envs.rllib_env, CivtableGym.__init__, CivtableVector.__init__],
                         ids=lambda f: f.__qualname__)
def test_every_keyword_is_in_the_docs(entry: object) -> None:
    text = DOC.read_text(encoding="utf-8")
    named = set(re.findall(r"[`(, ]([a-z_]+)=", text)) | set(re.findall(r"`([a-z_]+)`", text))
    params = [p.name for p in inspect.signature(entry).parameters.values()  # type: ignore[arg-type]
              if p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL) and p.name not in ("self", "game_id")]
    missing = [p for p in params if p not in named]
    assert not missing, f"docs/envs.md does not name {missing} of {entry.__qualname__}"  # type: ignore[attr-defined]
