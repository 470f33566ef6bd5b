"""What the games' strategy files (``rules:FILE`` bots) share: finding the file (a bare
name is one of the game's own ``strategies/``), reading its YAML with one-sentence
errors, and the comparison operators of conditions."""

from __future__ import annotations

import operator
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from civtable.core.errors import AgentError

OPS: dict[str, Callable[[Any, Any], bool]] = {
    "<=": operator.le, ">=": operator.ge, "==": operator.eq, "!=": operator.ne,
    "<": operator.lt, ">": operator.gt,
}
"""The comparisons a condition may use (two-character ones first, for parsing)."""


def find(path: str | Path, builtin: Path) -> Path:
    """The file of a ``rules:`` spec: a path, or a bare name of one of ``builtin``'s files."""
    file = Path(path)
    if not file.exists() and not file.suffix:
        candidate = builtin / f"{path}.yaml"
        if candidate.exists():
            return candidate
    return file


def read_yaml(file: Path) -> tuple[Any, str]:
    """The parsed YAML (or JSON) of a strategy file and its text; any failure is an
    ``AgentError`` of one sentence naming the file."""
    try:
        text = file.read_text(encoding="utf-8")
        return yaml.safe_load(text), text
    except FileNotFoundError:
        raise AgentError(f"no strategy file {file}") from None
    except (OSError, UnicodeDecodeError) as e:
        raise AgentError(f"cannot read strategy file {file}: {e.__class__.__name__}") from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        line = f" at line {mark.line + 1}" if mark is not None else ""
        raise AgentError(f"strategy file {file} is not valid YAML{line}") from None
