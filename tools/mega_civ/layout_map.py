"""Compute a schematic layout of a Mega Civilization map: where each area is drawn.

Usage::

    python tools/mega_civ/layout_map.py [MAP ...]      # default: every shipped map

The map data has adjacency but no coordinates. This tool places the areas once
with a force-directed layout (networkx's ``spring_layout``: areas joined by land
pull hardest, areas joined by water less), keeps the best of a few seeds (the
fewest crossing land links), turns it so that the start areas lie roughly where
their civilizations' homelands are (``HOMELANDS``: rough longitude and latitude
chosen by the project; west left, north up), spreads the areas so that no two
drawings overlap, scales the result into a box and writes
``civtable/games/mega_civ/data/maps/<map>.layout.json``. The result is
deterministic (fixed seeds) and marked provisional: it is not the printed board.

networkx is a developer dependency (``pip install networkx``), not needed to play:
the game reads the stored layout (``civtable/games/mega_civ/show/layout.py``).
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any

from civtable.games.mega_civ.rules.board import MAPS, SHIPPED_MAPS, Board, load_board
from civtable.games.mega_civ.show.layout import LAYOUT_VERSION, dump_layout, parse_layout

HOMELANDS: dict[str, tuple[float, float]] = {
    # civilization: (longitude, latitude) of its homeland, roughly (project's choice)
    "iberia": (-4, 40), "celt": (2, 48), "rome": (12.5, 42), "carthage": (10, 36.8), "hellas": (22, 39.5),
    "minoa": (25, 35.2), "egypt": (31, 28), "nubia": (32, 19), "hatti": (33, 40), "assyria": (43, 36.5),
    "babylon": (44.5, 32.5), "saba": (45, 15), "persia": (53, 30), "parthia": (58, 38), "kushan": (69, 35),
    "indus": (68, 26), "maurya": (85, 25.6), "dravidia": (79, 11),
}
WIDTH = {"full": 2600, "small": 760}
"""The drawing's width in SVG units; the height follows from the layout's shape."""
SPACING = 86.0
"""The least distance between two land areas' centres (an area is drawn about 70 wide)."""
MARGIN = 60


def graph(board: Board) -> Any:
    """The areas as a weighted graph: land links weigh 3, water links 1."""
    import networkx as nx

    g = nx.Graph()
    g.add_nodes_from(a.id for a in board.areas)
    for a in board.areas:
        for b in a.water:
            g.add_edge(a.id, board.areas[b].id, weight=1.0)
        for b in a.land:
            g.add_edge(a.id, board.areas[b].id, weight=3.0)
    return g


def crossings(board: Board, pos: dict[str, list[float]]) -> int:
    """How many pairs of land links cross (the layout with the fewest is kept)."""
    segs = [(pos[a.id], pos[board.areas[b].id]) for a in board.areas for b in a.land if b > a.index]

    def ccw(p: list[float], q: list[float], r: list[float]) -> bool:
        return (r[1] - p[1]) * (q[0] - p[0]) > (q[1] - p[1]) * (r[0] - p[0])

    count = 0
    for i, (a, b) in enumerate(segs):
        for c, d in segs[i + 1:]:
            if a is c or a is d or b is c or b is d:
                continue
            if ccw(a, c, d) != ccw(b, c, d) and ccw(a, b, c) != ccw(a, b, d):
                count += 1
    return count


def orient(board: Board, pos: dict[str, list[float]]) -> None:
    """Turn (and mirror if need be) the layout so that the start areas lie as their
    civilizations' homelands do: west left, north up (a least-squares fit)."""
    import numpy as np

    pairs = [(pos[board.areas[c.start_areas[0]].id], HOMELANDS[c.id]) for c in board.civilizations
             if c.id in HOMELANDS]
    if len(pairs) < 3:
        return
    a = np.array([p for p, _ in pairs], dtype=float)
    b = np.array([[lon, -lat] for _, (lon, lat) in pairs], dtype=float)
    a0, b0 = a - a.mean(axis=0), b - b.mean(axis=0)
    u, _, vt = np.linalg.svd(a0.T @ b0)
    rotation = u @ vt  # the orthogonal map (a turn, or a turn and a mirror) that fits best
    for p in pos.values():
        x, y = np.array(p, dtype=float) @ rotation
        p[0], p[1] = float(x), float(y)


def spread(pos: dict[str, list[float]], spacing: float, rounds: int = 400) -> None:
    """Push apart any two areas closer than ``spacing`` (a simple relaxation)."""
    ids = sorted(pos)
    for _ in range(rounds):
        moved = False
        for i, a in enumerate(ids):
            ax, ay = pos[a]
            for b in ids[i + 1:]:
                bx, by = pos[b]
                dx, dy = bx - ax, by - ay
                d = math.hypot(dx, dy)
                if d >= spacing:
                    continue
                if d < 1e-6:
                    dx, dy, d = 1.0, 0.0, 1.0
                push = (spacing - d) / 2 + 0.5
                ux, uy = dx / d * push, dy / d * push
                pos[a][0] -= ux
                pos[a][1] -= uy
                pos[b][0] += ux
                pos[b][1] += uy
                ax, ay = pos[a]
                moved = True
        if not moved:
            return


def layout(name: str, seeds: int = 8) -> dict[str, Any]:
    """The layout data of a shipped map (see ``layout.py`` for the format): the best of
    ``seeds`` force-directed layouts (fewest crossing land links), oriented, spread."""
    import networkx as nx

    board = load_board(name)
    g = graph(board)
    n = len(board.areas)
    best: tuple[int, int, dict[str, list[float]]] | None = None
    for seed in range(seeds):
        raw = nx.spring_layout(g, weight="weight", iterations=300, seed=seed, k=1.6 / math.sqrt(n))
        pos = {a.id: [float(raw[a.id][0]), float(raw[a.id][1])] for a in board.areas}
        score = crossings(board, pos)
        if best is None or score < best[0]:
            best = (score, seed, pos)
    assert best is not None
    crossed, seed, pos = best
    orient(board, pos)
    xs = [p[0] for p in pos.values()]
    ys = [p[1] for p in pos.values()]
    width = WIDTH.get(name, 1600)
    scale = (width - 2 * MARGIN) / ((max(xs) - min(xs)) or 1.0)
    for p in pos.values():
        p[0], p[1] = (p[0] - min(xs)) * scale, (p[1] - min(ys)) * scale
    spread(pos, SPACING)
    left = min(p[0] for p in pos.values())
    top = min(p[1] for p in pos.values())
    for p in pos.values():
        p[0] = round(p[0] - left + MARGIN)
        p[1] = round(p[1] - top + MARGIN)
    data = {
        "version": LAYOUT_VERSION,
        "map": name,
        "provisional": True,
        "source": f"computed by tools/mega_civ/layout_map.py from the adjacency of data/maps/{name}.json; "
                  "not the printed board",
        "method": f"networkx spring_layout (land links weight 3, water links 1, 300 iterations), the best of "
                  f"seeds 0-{seeds - 1} (seed {seed}: {crossed} crossing land links), turned to put the start "
                  "areas where their civilizations' homelands lie (rough longitude/latitude chosen by the "
                  f"project; a least-squares fit) when the map has them, spread to at least {SPACING:g} units "
                  "apart",
        "width": max(p[0] for p in pos.values()) + MARGIN,
        "height": max(p[1] for p in pos.values()) + MARGIN,
        "areas": {a.id: pos[a.id] for a in board.areas},
    }
    parse_layout(data, board, f"computed layout of {name}")  # what is written must load
    return data


def main(argv: list[str]) -> int:
    names = argv or list(SHIPPED_MAPS)
    for name in names:
        data = layout(name)
        out = MAPS / f"{name}.layout.json"
        Path(out).write_text(dump_layout(data), encoding="utf-8")
        print(f"{out}: {len(data['areas'])} areas in {data['width']} x {data['height']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
