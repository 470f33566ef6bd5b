"""Why an action is not legal now, in one sentence (``State.explain``).

The reasons name the phase and step an action belongs to, whose decision it is,
what a city, a ship, a card or an advance needs, and what is missing to pay. They
read only what the asking player may know: the board, his own cards and choices
(his preview in a simultaneous step), never another player's hidden cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core.reader import shown

from .codes import BUILD, BUY, CARDS, GROW, MOVE, OVER, PHASE_TITLES, REDUCE, STEP_NAMES, TRADE

if TYPE_CHECKING:
    from .state import MegaState

KIND_PHASES: dict[str, tuple[int, ...]] = {
    "revolt": (1,), "decline": (1, 7), "grow": (2,), "move": (3,), "ship": (3,), "sail": (3,), "reinforce": (4,),
    "city": (5,), "reduce": (5, 9, 11), "buy-card": (6,), "free-card": (6,),
    "offer": (7,), "counter": (7,), "add": (7,), "post": (7,), "pass": (7,), "accept": (7,), "reject": (7,),
    "discard": (8, 9, 12), "lose": (9,), "lose-city": (9,), "destroy": (9,), "annex": (9,), "pirate": (9,),
    "victim": (9,), "barbarians": (9,), "keep": (9,), "refuse": (9,), "regress": (9,), "destroy-cities": (9,),
    "buy-off": (9,), "suffer": (9,), "give": (10,), "credit": (12,), "take": (12,), "none": (12,),
    "tax-rate": (10,), "trade-routes": (10,), "politics-treasury": (10,), "politics-annex": (10,),
    "fundamentalism": (10,), "monotheism": (10,), "universal-doctrine": (10,), "provincial-empire": (10,),
    "diaspora": (10,), "buy": (12,), "pay": (9, 12), "treasury": (12,), "cancel": (12,),
    "done": (3, 4, 5, 6, 10, 12),
}
"""The phases in which each kind of action is taken."""

STEP_TASKS = {"revolt": "the Beneficiary chooses the revolting city", "grow": "choosing the areas that grow",
              "move": "moving tokens and ships", "build": "building cities", "reduce": "reducing unsupported cities",
              "cards": "buying trade cards", "trade": "trading", "discard": "discarding cards",
              "task": "the choices of a calamity or an ability", "special": "using special abilities",
              "buy": "buying Civilization Advances", "military": "choosing where to reinforce (Advanced Military)"}


def now(s: MegaState) -> str:
    """The phase and step under way, in words."""
    return f"phase {s.phase} ({PHASE_TITLES[s.phase]}), {STEP_TASKS.get(STEP_NAMES[s.step], STEP_NAMES[s.step])}"


def who(players: tuple[int, ...]) -> str:
    names = [f"player {p}" for p in players]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def explain(s: MegaState, player: int, text: str) -> str:
    """Why ``text`` is not a legal action of ``player`` in the state ``s`` now."""
    wanted = " ".join(str(text).split()).lower()
    if s.step == OVER:
        return "the game is over: no action is legal"
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < s.n:
        return f"there is no player {shown(player)} in this {s.n}-player game"
    view = s.deciding(player)
    if view is None:
        movers = s.to_move()
        if s.previews is not None and player in s.previews:
            return (f"{shown(wanted)} is not legal: you have finished {now(s)}; waiting for {who(movers)} "
                    "(their choices are revealed when all are done)")
        verb = "decides" if len(movers) == 1 else "decide"
        return f"{shown(wanted)} is not legal: it is not player {player}'s decision now; {who(movers)} {verb} ({now(s)})"
    return explain_step(view, player, wanted)


def explain_step(s: MegaState, p: int, text: str) -> str:
    """Why ``text`` is not one of the decider's actions in the state where he decides."""
    if s.lookup(p, text) is not None:
        return f"{shown(text)} is a legal action now"
    words = text.split(" ")
    kind = words[0]
    if s.step == TRADE and kind in KIND_PHASES:
        from .rules.trade import trade_refusal

        why = trade_refusal(s, p, text)
        if why is not None:
            return why
    legal = s.legal(p)
    phases = KIND_PHASES.get(kind)
    if phases is None:
        return f"{shown(text)} is not an action of Mega Civilization; now: {now(s)}{_choices(legal)}"
    if s.phase not in phases:
        where = " or ".join(f"phase {k} ({PHASE_TITLES[k]})" for k in phases)
        return f"{shown(text)} is an action of {where}; now it is {now(s)}{_choices(legal)}"
    reason = _specific(s, p, kind, words[1:], text)
    if reason:
        return reason
    return f"{shown(text)} is not one of your choices in {now(s)}{_choices(legal)}"


def _choices(legal: list) -> str:  # type: ignore[type-arg]
    if not legal:
        return ""
    texts = [a.text for a in legal[:4]]
    more = f" and {len(legal) - 4} more (type 'list')" if len(legal) > 4 else ""
    return f"; your choices include {', '.join(repr(t) for t in texts)}{more}"


def _area(s: MegaState, word: str) -> int | None:
    try:
        return s.board.index(word)
    except Exception:  # noqa: BLE001 - an unknown id is a reason, not an error
        return None


def _specific(s: MegaState, p: int, kind: str, args: list[str], text: str) -> str | None:  # noqa: C901
    """The reasons of the common cases: movement, cities, growth, cards, trade, advances."""
    board = s.board
    name = s.game.words.area
    places = {"move": 3, "ship": 1, "sail": 2, "city": 1, "grow": 1, "reduce": 1, "revolt": 1, "reinforce": 1}
    for w in args[:places.get(kind, 0)]:
        if _area(s, w) is None:
            return f"{shown(text)}: there is no area {shown(w)} (areas are written by their ids, e.g. {board.areas[0].id})"
    if s.step == MOVE and kind == "move" and len(args) >= 2:
        a, b = _area(s, args[0]), _area(s, args[-1])
        if a is None or b is None:
            return None
        here = s.tokens[p][a]
        if not here:
            return f"{shown(text)}: you have no token in {name(board.areas[a].id)}"
        if here <= s.moved[p][a]:
            return f"{shown(text)}: your tokens in {name(board.areas[a].id)} have all moved this turn (MC-3.1)"
        if len(args) == 2 and b not in board.areas[a].land:
            return (f"{shown(text)}: {name(board.areas[b].id)} is not next to {name(board.areas[a].id)} by land (MC-3.1); "
                    "across water a token needs a ship (MC-3.2)")
        if len(args) == 3 and not (s.holds(p, "land_moves") or 1) >= 2:
            return f"{shown(text)}: a token moves one area a turn; two need Roadbuilding"
        return (f"{shown(text)}: that move is closed (Diplomacy or Cultural Ascendancy of another player, or "
                "Roadbuilding's path must be free of other units)")
    if s.step == MOVE and kind in ("ship", "sail"):
        a = _area(s, args[0]) if args else None
        if kind == "ship":
            if not s.ship_stock[p]:
                return f"{shown(text)}: you have no ship left in stock"
            if a is not None and not board.areas[a].coastal:
                return f"{shown(text)}: {name(board.areas[a].id)} is not on the coast"
            return (f"{shown(text)}: a ship costs 2 tokens in its area, 1 there and 1 elsewhere, 2 treasury, or "
                    "1 token and 1 treasury (MC-3.4); written 'ship AREA tokens|split|treasury|mixed'")
        if a is not None and a not in s.ships[p]:
            return f"{shown(text)}: you have no ship built this turn in {name(board.areas[a].id)} (build one with 'ship')"
        return (f"{shown(text)}: a ship carries up to {s.holds(p, 'ship_capacity') or 5} unmoved tokens up to "
                f"{s.holds(p, 'ship_moves') or 4} areas along the coast (MC-3.5)")
    if s.step == BUILD and kind == "city" and args:
        a = _area(s, args[0])
        return None if a is None else _city_reason(s, p, a, text)
    if s.step == GROW and kind == "grow" and args:
        a = _area(s, args[0])
        if a is None:
            return None
        if not s.tokens[p][a]:
            return f"{shown(text)}: you have no token in {name(board.areas[a].id)}"
        if s.moved[p][a]:
            return f"{shown(text)}: {name(board.areas[a].id)} has grown already"
        return f"{shown(text)}: your tokens in {name(board.areas[a].id)} cannot grow (the area's limit)"
    if s.step == REDUCE and kind == "reduce":
        return f"{shown(text)}: you reduce one of your unsupported cities (MC-5.3)"
    if s.step == CARDS and kind == "buy-card":
        return (f"{shown(text)}: the cards you may buy are written 'buy-card STACK COST' (MC-6.2); you have "
                f"{s.treasury[p]} treasury")
    if s.step == BUY:
        return _buy_reason(s, p, kind, args, text)
    return None


def _city_reason(s: MegaState, p: int, a: int, text: str) -> str:
    """MC-5.1: what building a city here needs."""
    area = s.board.areas[a]
    name = s.game.words.area
    nums = s.rules.tables.numbers
    if not s.city_stock[p]:
        return f"{shown(text)}: all your cities are on the map"
    if s.city[a] != -1:
        return f"{shown(text)}: {name(area.id)} has a city already"
    if s.barb[a]:
        return f"{shown(text)}: barbarians stand in {name(area.id)}"
    if not (area.city_site or (area.population_limit or 0) > 0):
        return f"{shown(text)}: no city can stand in {name(area.id)} (population limit 0, no city site)"
    need = nums["city_on_site"] if area.city_site else nums["city_elsewhere"]
    where = "on a city site" if area.city_site else "off a city site"
    return (f"{shown(text)}: a city {where} needs {need} of your tokens in the area (MC-5.1); "
            f"you have {s.tokens[p][a]} in {name(area.id)}")


def _buy_reason(s: MegaState, p: int, kind: str, args: list[str], text: str) -> str | None:
    """MC-12: what an advance costs this player and what he can pay."""
    from .rules.advances import credit, library_discount, means, price

    cat = s.cat
    if kind == "buy" and args:
        adv = cat.advance_index.get(args[0])
        if adv is None:
            return f"{shown(text)}: there is no Civilization Advance {shown(args[0])} (see 'civtable cards mega-civ')"
        if adv in s.owned[p]:
            return f"{shown(text)}: you own {cat.advances[adv].name} already"
        if s.pay is not None:
            return f"{shown(text)}: finish paying for {cat.advances[s.pay[0]].name} first (or 'cancel')"
        return (f"{shown(text)}: {cat.advances[adv].name} costs {cat.advances[adv].cost}, less your credits "
                f"{credit(s, p, adv) + library_discount(s, p)}: {price(s, p, adv)}; your cards and treasury are worth "
                f"{means(s, p)} (MC-12.2)")
    if kind in ("pay", "treasury", "cancel") and s.pay is None:
        return f"{shown(text)}: choose an advance first ('buy ADVANCE')"
    if kind == "pay" and args:
        return f"{shown(text)}: you pay with all your cards of a commodity you hold and have not turned in yet"
    if kind == "treasury" and s.pay is not None:
        rest = s.pay[1] - s.pay[2]
        return f"{shown(text)}: {rest} is left to pay and your treasury is {s.treasury[p]}"
    return None
