"""What the games' strategy files (``rules:FILE`` bots) share: finding the file (a bare
name is one of the game's own ``strategies/``), reading its YAML with one-sentence
errors, the comparison operators of conditions, splitting a condition's text, the
condition of two sums that Catan's and Mega Civ's files use, the one vocabulary of
names (``fold``: any case; names and conditions are read in lower case, as the games'
ids are) and the line an error points at (``with_line``: every strategy-file error
names its line, whatever game's reader raised it)."""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from civtable.core.errors import AgentError


def fold(name: str) -> str:
    """A name as the one vocabulary compares it: any case, and spaces, hyphens and
    underscores alike ("Code of Laws" = "code_of_laws" = "code-of-laws")."""
    return " ".join(name.replace("_", " ").replace("-", " ").casefold().split())


def resolve_name(name: str, known: Iterable[str]) -> str | None:
    """The one name of ``known`` that ``name`` stands for (``fold``-equal), else ``None``;
    for a game's strategy reader to accept "Pottery" for the id ``pottery``."""
    found = [k for k in known if fold(k) == fold(name)]
    return found[0] if len(found) == 1 else None


OPS: dict[str, Callable[[Any, Any], bool]] = {
    "<=": operator.le, ">=": operator.ge, "==": operator.eq, "!=": operator.ne,
    "<": operator.lt, ">": operator.gt,
}
"""The comparisons a condition may use (two-character ones first, for parsing)."""

Quantity = tuple[str, str]
"""A quantity a condition reads: (scope, name), e.g. ("owned", "city") or ("turn", "")."""
Term = Quantity | float
"""A number or a quantity (a whole number is a ``float`` to the type checker)."""


@dataclass(frozen=True)
class Condition:
    """Two sums of terms compared: ``left op right``; ``text`` is the file's text."""

    left: tuple[Term, ...]
    op: str
    right: tuple[Term, ...]
    text: str

    def holds(self, q: Callable[[Quantity], float]) -> bool:
        """Whether it holds when ``q`` gives each quantity's value."""
        def total(side: tuple[Term, ...]) -> float:
            return sum(t if isinstance(t, (int, float)) else q(t) for t in side)

        return OPS[self.op](total(self.left), total(self.right))


@dataclass(frozen=True)
class Rule:
    """An entry ``NAME: condition(s)`` of a priority list: what it names (a card to buy)
    and the conditions under which it applies (all must hold)."""

    name: str
    conditions: tuple[Condition, ...]


def split_condition(text: Any, where: str, example: str) -> tuple[str, str, str]:
    """The left side, the comparison and the right side of a condition's text; an
    ``AgentError`` naming ``where`` when it is not text (``example`` shows one) or
    has no comparison."""
    if not isinstance(text, str):
        raise AgentError(f"{where}: a condition must be text like \"{example}\", not {text!r}")
    for op in OPS:  # two-character operators are listed first
        if op in text:
            left, _, right = text.casefold().partition(op)  # names in any case (the games' ids are lower case)
            return left, op, right
    raise AgentError(f"{where}: condition {text!r} has no comparison (< <= > >= == !=)")


def sum_condition(text: Any, where: str, example: str, term: Callable[[list[str]], Term | None],
                  quantities: str) -> Condition:
    """A condition of two sums (``a + b < c``) whose terms ``term`` reads from their
    words (``None``: not a term; ``quantities`` then says what is)."""
    left, op, right = split_condition(text, where, example)

    def side(part_text: str) -> tuple[Term, ...]:
        terms: list[Term] = []
        for part in part_text.split("+"):
            found = term(part.split())
            if found is None:
                raise AgentError(f"{where}: {part.strip()!r} in {text!r} is not a number or a quantity; "
                                 f"use {quantities}")
            terms.append(found)
        return tuple(terms)

    return Condition(side(left), op, side(right), text)


def rule_entry(entry: Any, where: str, expected: str, blank: bool = False) -> tuple[Any, list[Any]]:
    """A list entry ``NAME`` or ``NAME: condition(s)``: the name (in lower case: names are
    accepted in any case) and the conditions' texts (``expected`` says what an entry
    is, for the error). With ``blank``, a name
    with nothing after its colon has no conditions; without, its ``None`` stays in
    the list (and is refused as a condition)."""
    if isinstance(entry, str):
        return entry.casefold(), []
    if isinstance(entry, dict) and len(entry) == 1:
        name, conds = next(iter(entry.items()))
        name = name.casefold() if isinstance(name, str) else name
        if conds is None and blank:
            return name, []
        return name, conds if isinstance(conds, list) else [conds]
    raise AgentError(f"{where} must be {expected}")


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


# ------------------------------------------------------------------ the line of an error
LINE = re.compile(r"\(line \d+\)|at line \d+|: line \d+:")
ENTRY = re.compile(r"(?P<section>[A-Za-z_][\w ]*?) (?:rule|entry) (?P<index>\d+)")
QUOTED = re.compile(r"'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\"")


def _scalars(node: Any) -> Iterable[Any]:
    """Every scalar node (keys and values) under ``node``, in file order."""
    if isinstance(node, yaml.ScalarNode):
        yield node
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from _scalars(item)
    elif isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            yield from _scalars(key)
            yield from _scalars(value)


def _child(node: Any, key: str) -> Any:
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode) and str(k.value) == key:
                return v
    return None


def locate(message: str, text: str) -> int:
    """The line (from 1) of a strategy file that an error about it points at, read from
    the error's words: the entry it numbers (``buy rule 3``), the section path it names
    (``attack cities``) and the quoted text it shows (``'Potery'``), looked up in the
    file's YAML nodes; line 1 for an error about the whole file."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return 1
    if root is None:
        return 1
    scope = root
    where, _, rest = message.partition(": ")
    entry = ENTRY.search(where) or ENTRY.match(message)
    if entry is not None:
        seq = _child(root, entry.group("section").split()[-1])
        index = int(entry.group("index")) - 1
        if isinstance(seq, yaml.SequenceNode) and 0 <= index < len(seq.value):
            scope = seq.value[index]
    else:  # a section path ("attack cities: ...")
        node = root
        for word in where.split():
            found = _child(node, word)
            if found is None:
                break
            node = scope = found
    quoted = [a or b for a, b in QUOTED.findall(message)]
    for wanted in quoted:
        for exact in (True, False):
            for node in _scalars(scope):
                value = str(node.value)
                if (value == wanted) if exact else (wanted and wanted in value):
                    return int(node.start_mark.line) + 1
    if scope is not root:
        return int(scope.start_mark.line) + 1
    for wanted in quoted:  # a key the error quotes anywhere ('attack', an unknown key)
        for node in _scalars(root):
            if str(node.value) == wanted:
                return int(node.start_mark.line) + 1
    return int(root.start_mark.line) + 1


def with_line(message: str) -> str:
    """A strategy file's error with the line it points at (``FILE: line N: ...``), when
    the error names the file first and has no line yet."""
    if LINE.search(message):
        return message
    for i, c in enumerate(message):
        if c != ":" or message[i + 1: i + 2] != " ":
            continue
        file = Path(message[:i])
        try:
            if not file.is_file():
                continue
            text = file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError, ValueError):
            continue
        return f"{message[:i]}: line {locate(message[i + 2:], text)}: {message[i + 2:]}"
    return message
