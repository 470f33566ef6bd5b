"""The Mega Civilization map as one SVG for the browser (``web.py`` puts it on the page).

Drawn from the observation and the map's stored layout (``layout.py``) only:
land areas as cards with their name, population limit and city site; open sea as
blue ovals; land links as solid lines and water links (along the coast or into
the open sea) as dashed blue lines; on each area the cities, every player's
tokens (in his civilization's colour), barbarians, pirate cities and ships. Every
area carries ``data-target="area:<id>"``: the page makes the ones the viewer can
act on clickable. The SVG is marked ``data-zoom`` (the page adds wheel zoom and
drag pan); a player's first view is framed on his own areas on a large map.
"""

from __future__ import annotations

from functools import cache
from html import escape
from typing import TYPE_CHECKING, Any

from civtable.i18n import ENGLISH, N_, Translator

from ..rules.board import Board
from .layout import Layout, load_layout
from .words import semicolon

if TYPE_CHECKING:
    from ..game import MegaCiv

COLOURS = {
    "assyria": "#875692", "babylon": "#1f3a93", "carthage": "#0067a5", "celt": "#008856", "dravidia": "#e25822",
    "egypt": "#f3c300", "hatti": "#882d17", "hellas": "#7cb9e8", "iberia": "#f38400", "indus": "#8db600",
    "kushan": "#604e97", "maurya": "#e68fac", "minoa": "#17a2b8", "nubia": "#654522", "parthia": "#b3446c",
    "persia": "#c2b280", "rome": "#be0032", "saba": "#dcd300",
}
"""Each civilization's colour (tokens, cities, ships, the legend)."""
OTHER = "#888888"
AREA_W, AREA_H = 72, 46
SEA_RX, SEA_RY = 50, 28
FOCUS_W, FOCUS_H = 1100, 700


def colour(civ: str) -> str:
    return COLOURS.get(civ, OTHER)


def ink(fill: str) -> str:
    """Black or white text on a fill colour, whichever reads better."""
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "#111" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#fff"


def short(name: str, limit: int = 15) -> str:
    return name if len(name) <= limit else name[: limit - 1] + "…"


@cache
def links_svg(map_option: str) -> str:
    """The lines between areas (they never change during a game): land links solid,
    water links dashed."""
    board, lay = load_layout_board(map_option)
    land, coast, sea = [], [], []
    for a in board.areas:
        x1, y1 = lay.centres[a.index]
        for b in a.land:
            if b > a.index:
                x2, y2 = lay.centres[b]
                land.append(f"M{x1:.0f} {y1:.0f}L{x2:.0f} {y2:.0f}")
        for b in a.water:
            if b > a.index:
                x2, y2 = lay.centres[b]
                both_land = a.is_land and board.areas[b].is_land
                (coast if both_land else sea).append(f"M{x1:.0f} {y1:.0f}L{x2:.0f} {y2:.0f}")
    return (f'<path class="mc-sea-link" d="{"".join(sea)}"/>'
            f'<path class="mc-coast-link" d="{"".join(coast)}"/>'
            f'<path class="mc-land-link" d="{"".join(land)}"/>')


@cache
def load_layout_board(map_option: str) -> tuple[Board, Layout]:
    from ..rules.board import load_board

    return load_board(map_option), load_layout(map_option)


class MapDrawing:
    """The SVG of one observation."""

    def __init__(self, game: MegaCiv, obs: dict[str, Any], tr: Translator = ENGLISH) -> None:
        self.game = game
        self.obs = obs
        self.tr = tr
        self.map = str(game.options["map"])
        self.board, self.layout = load_layout_board(self.map)
        self.words = game.words
        self.civs = [p["civilization"] for p in obs["players"]]
        self.cities: dict[str, int] = {a: p["seat"] for p in obs["players"] for a in p["cities"]}
        self.ships: dict[str, list[int]] = {}
        for p in obs["players"]:
            for a in p["ships_on_map"]:
                self.ships.setdefault(a, []).append(p["seat"])
        viewer = obs.get("player")
        self.mine: frozenset[str] = frozenset()
        if viewer is not None:
            for a in obs["ships"]:  # the viewer's ships built this turn, not yet sailed
                self.ships.setdefault(a, []).append(viewer)
            me = obs["players"][viewer]
            self.mine = frozenset((*me["tokens"], *me["cities"]))

    def svg(self) -> str:
        label = escape(self.tr.t("the map"))
        parts = [f'<svg data-zoom class="mc-map" viewBox="{self.view_box()}" xmlns="http://www.w3.org/2000/svg" '
                 f'role="img" aria-label="{label}">',
                 f'<rect class="mc-sea-bg" x="0" y="0" width="{self.layout.width}" height="{self.layout.height}"/>',
                 links_svg(self.map)]
        for a in self.board.areas:
            if a.is_water:
                parts.append(self.sea(a.index))
        for a in self.board.areas:
            if a.is_land:
                parts.append(self.land(a.index))
        parts.append("</svg>")
        return "".join(parts)

    def view_box(self) -> str:
        """What is seen first: on a large map, a player's own areas and their surroundings
        (a spectator's: everybody's); the whole map otherwise."""
        lay = self.layout
        viewer = self.obs.get("player")
        if lay.width <= FOCUS_W * 1.3:
            return f"0 0 {lay.width} {lay.height}"
        seen = self.obs["players"] if viewer is None else [self.obs["players"][viewer]]
        mine = [self.board.index(a) for p in seen for a in (*p["tokens"], *p["cities"])]
        if not mine:
            return f"0 0 {lay.width} {lay.height}"
        xs = [lay.centres[i][0] for i in mine]
        ys = [lay.centres[i][1] for i in mine]
        w = max(FOCUS_W, max(xs) - min(xs) + 300)
        h = max(FOCUS_H, max(ys) - min(ys) + 200, w * 0.62)
        w = max(w, h / 0.62)
        x = min(max(0.0, (min(xs) + max(xs)) / 2 - w / 2), max(0.0, lay.width - w))
        y = min(max(0.0, (min(ys) + max(ys)) / 2 - h / 2), max(0.0, lay.height - h))
        return f"{x:.0f} {y:.0f} {w:.0f} {h:.0f}"

    # ------------------------------------------------------------ areas
    def sea(self, i: int) -> str:
        a = self.board.areas[i]
        x, y = self.layout.centres[i]
        name = self.words.area(a.id, self.tr)
        tip = escape(self.tr.t("{area} (open sea)", area=name))
        return (f'<g class="mc-area mc-water" data-target="area:{escape(a.id)}" data-label="{escape(name)}" '
                f'transform="translate({x:.0f} {y:.0f})">'
                f"<title>{tip}</title>"
                f'<ellipse rx="{SEA_RX}" ry="{SEA_RY}"/><text class="mc-sea-name" y="4">{escape(short(name, 18))}</text>'
                f"{self.ship_marks(a.id)}</g>")

    def land(self, i: int) -> str:
        a = self.board.areas[i]
        x, y = self.layout.centres[i]
        kinds = ["mc-area", "mc-land"]
        if a.flood_plain:
            kinds.append("mc-flood")
        if a.volcano:
            kinds.append("mc-volcano")
        if a.id in self.mine:
            kinds.append("mc-mine")
        aid = escape(a.id)
        name = escape(self.words.area(a.id, self.tr))
        body = [f'<g class="{" ".join(kinds)}" data-target="area:{aid}" data-label="{name}" '
                f'transform="translate({x:.0f} {y:.0f})">',
                f"<title>{escape(self.tooltip(i))}</title>",
                f'<rect class="mc-area-card" x="{-AREA_W / 2:g}" y="{-AREA_H / 2:g}" width="{AREA_W}" height="{AREA_H}" rx="7"/>',
                f'<text class="mc-area-name" y="-11">{escape(short(self.words.area(a.id, self.tr)))}</text>',
                f'<circle class="mc-limit" cx="{AREA_W / 2 - 2:g}" cy="{-AREA_H / 2 + 2:g}" r="8"/>'
                f'<text class="mc-limit-n" x="{AREA_W / 2 - 2:g}" y="{-AREA_H / 2 + 5:g}">{a.population_limit or 0}</text>']
        if a.city_site:
            body.append(f'<rect class="mc-site" x="{-AREA_W / 2 - 3:g}" y="{-AREA_H / 2 - 3:g}" width="10" height="10"/>')
        if a.volcano:
            body.append(f'<path class="mc-volcano-mark" d="M{-AREA_W / 2 + 4:g} {AREA_H / 2 - 3:g}l6 -10l6 10z"/>')
        body.append(self.units(a.id))
        body.append(self.ship_marks(a.id))
        body.append("</g>")
        return "".join(body)

    def units(self, aid: str) -> str:
        """A row of unit marks under the name: a city, each player's tokens, barbarians."""
        marks: list[str] = []
        owner = self.cities.get(aid)
        if owner is not None:
            marks.append(self.city_mark(colour(self.civs[owner])))
        if aid in self.obs["pirates"]:
            marks.append(self.city_mark("#222", pirate=True))
        for p in self.obs["players"]:
            k = p["tokens"].get(aid, 0)
            if k:
                fill = colour(p["civilization"])
                marks.append(f'<circle r="8" fill="{fill}" class="mc-token"/>'
                             f'<text class="mc-count" y="3.5" fill="{ink(fill)}">{k}</text>')
        barbarians = self.obs["barbarians"].get(aid, 0)
        if barbarians:
            marks.append(f'<circle r="8" class="mc-barbarian"/><text class="mc-count" y="3.5" fill="#fff">{barbarians}</text>')
        if not marks:
            return ""
        step = min(18.0, (AREA_W - 8) / len(marks))
        left = -step * (len(marks) - 1) / 2
        return "".join(f'<g transform="translate({left + j * step:.1f} 8)">{m}</g>' for j, m in enumerate(marks))

    @staticmethod
    def city_mark(fill: str, pirate: bool = False) -> str:
        mark = "☠" if pirate else ""
        return (f'<path class="mc-city" fill="{fill}" d="M-8 9v-13h3v-4h3v4h4v-4h3v4h3v13z"/>'
                + (f'<text class="mc-count" y="6" fill="#fff">{mark}</text>' if mark else ""))

    def ship_marks(self, aid: str) -> str:
        owners = self.ships.get(aid)
        if not owners:
            return ""
        out = []
        for j, seat in enumerate(owners):
            fill = colour(self.civs[seat])
            out.append(f'<path class="mc-ship" fill="{fill}" transform="translate({-AREA_W / 2 + 8 + j * 14:g} {AREA_H / 2 + 6:g})" '
                       'd="M-7 -2h14l-3 5h-8z M-1 -2v-8l6 6h-6z"/>')
        return "".join(out)

    def tooltip(self, i: int) -> str:
        """An area in words: its limit, features and who stands there."""
        a = self.board.areas[i]
        tr = self.tr
        civ = self.words.civ
        features = ((a.city_site, N_("city site")), (a.flood_plain, N_("flood plain")), (a.volcano, N_("volcano")),
                    (a.coastal, N_("coastal")))
        facts = [tr.t("limit {n}", n=a.population_limit or 0), *(tr.gettext(word) for on, word in features if on)]
        there = []
        owner = self.cities.get(a.id)
        if owner is not None:
            there.append(tr.t("city of {civ}", civ=civ(self.civs[owner], tr)))
        if a.id in self.obs["pirates"]:
            there.append(tr.t("pirate city"))
        for p in self.obs["players"]:
            k = p["tokens"].get(a.id, 0)
            if k:
                there.append(f"{civ(p['civilization'], tr)} {k}")
        if self.obs["barbarians"].get(a.id):
            there.append(tr.t("barbarians {n}", n=self.obs["barbarians"][a.id]))
        for seat in self.ships.get(a.id, []):
            there.append(tr.t("a ship of {civ}", civ=civ(self.civs[seat], tr)))
        moved = self.obs["moved"].get(a.id)
        if moved and self.obs["step"] == "move":
            there.append(tr.nt("{n} of your tokens moved this turn", "{n} of your tokens moved this turn", moved))
        return f"{self.words.area(a.id, tr)}: {', '.join(facts)}" + (semicolon(tr) + ", ".join(there) if there else "")


MAP_CSS = """
.mc .mc-map { width: 100%; height: 620px; background: #b9d7ea; border-radius: 8px; cursor: grab; touch-action: none;
              user-select: none; -webkit-user-select: none; }
.mc .mc-sea-bg { fill: #b9d7ea; }
.mc .mc-land-link { stroke: #8a7a5c; stroke-width: 3; fill: none; }
.mc .mc-coast-link { stroke: #2f6f9f; stroke-width: 1.6; stroke-dasharray: 6 4; fill: none; }
.mc .mc-sea-link { stroke: #2f6f9f; stroke-width: 1.2; stroke-dasharray: 2 4; fill: none; opacity: .7; }
.mc .mc-water ellipse { fill: #d6e9f6; stroke: #2f6f9f; stroke-width: 1.5; }
.mc .mc-sea-name { font: italic 10px sans-serif; fill: #1d4e75; text-anchor: middle; }
.mc .mc-area-card { fill: #f6efd9; stroke: #6b5b3e; stroke-width: 1.5; }
.mc .mc-flood .mc-area-card { fill: #dcecc8; }
.mc .mc-mine .mc-area-card { stroke: #0969da; stroke-width: 2.6; }
.mc .mc-area-name { font: 600 9.5px sans-serif; fill: #2b2418; text-anchor: middle; }
.mc .mc-limit { fill: #fff; stroke: #6b5b3e; stroke-width: 1.2; }
.mc .mc-limit-n { font: 700 10px sans-serif; text-anchor: middle; fill: #2b2418; }
.mc .mc-site { fill: #fff; stroke: #222; stroke-width: 1.5; }
.mc .mc-volcano-mark { fill: #c0392b; }
.mc .mc-token { stroke: #222; stroke-width: 1; }
.mc .mc-barbarian { fill: #222; stroke: #c0392b; stroke-width: 2; }
.mc .mc-count { font: 700 10px sans-serif; text-anchor: middle; }
.mc .mc-city { stroke: #111; stroke-width: 1.2; }
.mc .mc-ship { stroke: #111; stroke-width: .8; }
.mc .mc-area.actionable { outline: none; }
.mc .mc-area.actionable .mc-area-card, .mc .mc-area.actionable ellipse { stroke: #1a7f37; stroke-width: 3.5; }
.mc .mc-area.actionable:hover .mc-area-card, .mc .mc-area.actionable:hover ellipse { fill: #dafbe1; }
.mc .mc-area.picked, .mc .mc-area.then-target { outline: none !important; }
.mc .mc-area.picked .mc-area-card { stroke: #0969da; stroke-width: 5; fill: #ddf4ff; }
.mc .mc-area.then-target .mc-area-card, .mc .mc-area.then-target ellipse { stroke: #0969da; stroke-width: 3.5;
  stroke-dasharray: 7 3; fill: #f0f8ff; cursor: pointer; }
.mc .mc-area.then-target:hover .mc-area-card { fill: #b6e3ff; }
.mc .mc-area.recent .mc-area-card { stroke: #bf8700; stroke-width: 4; }
"""
