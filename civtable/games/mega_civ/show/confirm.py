"""Mega Civilization's moves as the table sees them (issue 26): which of a player's own
moves deserve a second thought (``Game.action_warning``) and what another player's
public move changed on the map (``Game.move_mark``). Both read an observation only
(and the game's public data: the map, the advances, the rule numbers).

Confirmed (what a player of the board game would want asked before it is too late;
ordinary moves, a token moved or an offer posted, are never asked about):

- ending the movement (MC-3) with tokens above an area's population limit where they
  are alone and too few for a city: the surplus is removed in phase 5 (MC-5.2, under
  surplus-scope B or C);
- building a city (MC-5.1) that leaves too few tokens, after the surplus is removed, to
  support every city (MC-5.3): cities are reduced;
- ending the city building (MC-5.1) where the tokens are enough for a city: they are
  removed as surplus instead (MC-5.2);
- refusing to pay for a calamity (City in Flames' treasury): a city is lost instead;
- ending the purchase of advances (MC-12) over the hand limit while an advance is still
  affordable: the excess cards are discarded (MC-12.4).

Marks (``data-target``s every viewer's map draws): a move, a ship, a sailing, a city,
and every calamity choice on the map mark the area they changed (a move: where the
token went); a purchase marks the advance bought, a card bought the stack; a secondary
victim named marks his row of the players table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from civtable.i18n import ENGLISH, Translator, localizable

from .web import AREA_KINDS

if TYPE_CHECKING:
    from civtable.core.action import Action

    from ..game import MegaCiv


@localizable
def action_warning(game: MegaCiv, action: Action, obs: dict[str, Any], *, tr: Translator = ENGLISH) -> str | None:
    """Why ``action`` deserves a confirmation, in one sentence, or None."""
    viewer = obs.get("player")
    if viewer is None or obs.get("over") or viewer not in obs["to_move"]:
        return None
    step, kind = obs["step"], action.kind
    if kind == "done" and step == "move":
        return _surplus_after_moves(game, obs, viewer, tr)
    if kind == "done" and step == "build":
        return _cities_left(game, obs, viewer, tr)
    if kind == "city" and step == "build":
        return _unsupported_after(game, obs, viewer, str(action.args[0]), tr)
    if kind == "refuse" and obs["task"] is not None and obs["task"]["calamity"]:
        return tr.t("If you refuse to pay: {effect}", effect=game.words.effect(obs["task"]["calamity"], tr))
    if kind == "done" and step == "buy" and obs.get("prices") and obs["pay"] is None:
        limit = game.rules.catalog.hand_limit(len(obs["players"]))
        if len(obs["hand"]) > limit:
            return tr.nt("You hold {n} card, over the hand limit of {limit}: the excess is discarded now, and you "
                         "could still buy an advance with it.",
                         "You hold {n} cards, over the hand limit of {limit}: the excess is discarded now, and you "
                         "could still buy an advance with them.", len(obs["hand"]), limit=limit)
    return None


def _own_limit(game: MegaCiv, obs: dict[str, Any], viewer: int, area_id: str) -> int:
    """An area's population limit for the viewer alone there (Agriculture's bonus, MC-2)."""
    area = game.rules.board.areas[game.rules.board.index(area_id)]
    limit = area.population_limit or 0
    params = {a.id: a.params for a in game.rules.catalog.advances}
    bonus = max((int(params[a].get("limit_bonus") or 0) for a in obs["players"][viewer]["advances"]), default=0)
    top = max((int(params[a].get("limit_bonus_max_limit") or 0) for a in obs["players"][viewer]["advances"]), default=0)
    return limit + bonus if bonus and limit <= top else limit


def _city_need(game: MegaCiv, area_id: str) -> int:
    numbers = game.rules.tables.numbers
    area = game.rules.board.areas[game.rules.board.index(area_id)]
    return int(numbers["city_on_site"] if area.city_site else numbers["city_elsewhere"])


def _alone(obs: dict[str, Any], viewer: int, area_id: str) -> bool:
    return not obs["barbarians"].get(area_id) and not any(
        p["seat"] != viewer and (p["tokens"].get(area_id) or area_id in p["cities"]) for p in obs["players"])


def _surplus_after_moves(game: MegaCiv, obs: dict[str, Any], viewer: int, tr: Translator) -> str | None:
    """MC-5.2 (surplus-scope B, C): tokens above the limit, alone and too few for a city."""
    if game.rules.surplus_scope not in ("B", "C"):
        return None
    me = obs["players"][viewer]
    over = []
    for a, k in sorted(me["tokens"].items()):
        limit = _own_limit(game, obs, viewer, a)
        if k > limit and _alone(obs, viewer, a) and (a in me["cities"] or k < _city_need(game, a)
                                                      or not me["cities_in_stock"]):
            over.append(tr.t("{area} ({n} over {limit})", area=game.words.area(a, tr), n=k - limit, limit=limit))
    if not over:
        return None
    return tr.t("Tokens above the population limit are removed in phase 5 unless you build a city there: {areas}.",
                areas=", ".join(over))


def _cities_left(game: MegaCiv, obs: dict[str, Any], viewer: int, tr: Translator) -> str | None:
    """MC-5.1: an area whose tokens make a city (6 on a city site, 12 elsewhere), no city built."""
    me = obs["players"][viewer]
    if not me["cities_in_stock"]:
        return None
    taken = {a for p in obs["players"] for a in p["cities"]} | set(obs["pirates"])
    could = [game.words.area(a, tr) for a, k in sorted(me["tokens"].items())
             if a not in taken and not obs["barbarians"].get(a) and k >= _city_need(game, a)
             and (game.rules.board.areas[game.rules.board.index(a)].population_limit or 0) > 0]
    if not could:
        return None
    return tr.t("Your tokens are enough for a city in {areas}; if you stop now, the tokens above the limit are "
                "removed.", areas=", ".join(could))


def _unsupported_after(game: MegaCiv, obs: dict[str, Any], viewer: int, built: str, tr: Translator) -> str | None:
    """MC-5.2, MC-5.3: the city built in ``built`` and the surplus removed, fewer tokens on
    the map than the cities need (2 each, more with an advance's support rate)."""
    me = obs["players"][viewer]
    params = {a.id: a.params for a in game.rules.catalog.advances}
    rate = 2 + sum(int(params[a].get("support_delta") or 0) for a in me["advances"])
    kept = sum(min(k, _own_limit(game, obs, viewer, a)) for a, k in me["tokens"].items() if a != built)
    cities = len(me["cities"]) + 1
    if kept >= rate * cities:
        return None
    return tr.t("With this city and the surplus removed you keep {kept} tokens on the map for {cities} cities, which "
                "need {need}: cities are reduced in phase 5.", kept=kept, cities=cities, need=rate * cities)


def move_mark(action: Action, actor: int, obs: dict[str, Any]) -> str | None:
    """The area, advance, stack or player another player's public move changed, or None."""
    kind = action.kind
    if not action.args:
        return None
    if kind in ("move", "sail", "diaspora"):
        return f"area:{action.args[-1] if kind == 'move' else action.args[1]}"
    if kind in AREA_KINDS:
        return f"area:{action.args[0]}"
    if kind in ("buy", "take"):
        return f"advance:{action.args[0]}"
    if kind in ("buy-card", "free-card"):
        return f"stack:{action.args[0]}"
    if kind == "victim":
        return f"player:{action.args[0]}"
    return None
