"""The import circles of a package: which modules import each other, directly or
through others, counting every import that runs (at module level or inside a
function) and leaving out those under ``if TYPE_CHECKING:``.

    python tools/import_cycles.py            # civtable/; exit 1 when there is a circle
    python tools/import_cycles.py --root civtable/games/mega_civ

Edges: ``import a.b`` is an edge to ``a.b``; ``from a import b`` is an edge to
``a`` and, when ``a.b`` is a module, to ``a.b`` as well (so ``from . import x`` in a
package's module depends on the package's ``__init__``); relative imports are resolved
from the importing module. The parent packages that importing ``a.b`` runs implicitly
are not counted (every module would otherwise depend on ``civtable/__init__``). Circles are the strongly connected components of more than one
module, found with Tarjan's algorithm.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def module_name(path: Path, base: Path) -> str:
    parts = list(path.relative_to(base).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(root: Path) -> dict[str, Path]:
    """Every module under ``root`` (a package folder) by its dotted name."""
    base = root.parent
    while (base / "__init__.py").exists():
        base = base.parent
    return {module_name(p, base): p for p in sorted(root.rglob("*.py"))}


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements that run: all but those under ``if TYPE_CHECKING``."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _type_checking(node.test):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def edges(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of ``known`` that module ``name`` (at ``path``) imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in _imports(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known:
                    out.add(alias.name)
            continue
        if node.level:
            parts = package.split(".")
            base = ".".join(parts[: len(parts) - node.level + 1])
            target = f"{base}.{node.module}" if node.module else base
        else:
            target = node.module or ""
        if target in known:
            out.add(target)
        for alias in node.names:
            sub = f"{target}.{alias.name}"
            if sub in known:
                out.add(sub)
    out.discard(name)  # a package's __init__ naming its own submodules: ``from . import x``
    return out


def graph(root: Path) -> dict[str, set[str]]:
    known = modules(root)
    return {name: edges(name, path, known) for name, path in known.items()}


def circles(g: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for start in sorted(g):
        if start in index:
            continue
        work = [(start, iter(sorted(g[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on.add(start)
        while work:
            v, children = work[-1]
            for w in children:
                if w not in g:
                    continue
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(g[w]))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return sorted(out, key=lambda c: (-len(c), c))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Print the import circles of a package (exit 1 if any).")
    p.add_argument("--root", type=Path, default=HERE / "civtable", help="the package folder (default civtable/)")
    args = p.parse_args(argv)
    if not (args.root / "__init__.py").exists():
        print(f"{args.root} is not a package folder (no __init__.py)", file=sys.stderr)
        return 2
    found = circles(graph(args.root))
    g = graph(args.root)
    for comp in found:
        print(f"circle of {len(comp)} modules:")
        members = set(comp)
        for m in comp:
            print(f"  {m} -> {', '.join(sorted(g[m] & members))}")
    total = sum(len(c) for c in found)
    print(f"{len(found)} circles holding {total} modules" if found else "no import circle")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
