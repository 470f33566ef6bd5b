"""Why an action is not legal now, in one sentence (``State.explain``).

The reasons name the phase and step an action belongs to, whose decision it is,
what a city, a ship, a card or an advance needs, and what is missing to pay. They
read only what the asking player may know: the board, his own cards and choices
(his preview in a simultaneous step), never another player's hidden cards. Every
reason is in the reader's language (``explain`` and ``explain_step`` are
``@localizable``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from babel.lists import format_list

from civtable.core.messages import seat_name
from civtable.core.reader import shown
from civtable.i18n import ENGLISH, N_, Translator, localizable

from ..state import BUILD, BUY, CARDS, GROW, MOVE, OVER, REDUCE, STEP_NAMES, TRADE
from .words import phase_title

if TYPE_CHECKING:
    from ..state import MegaState

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

STEP_TASKS = {"revolt": N_("the Beneficiary chooses the revolting city"), "grow": N_("choosing the areas that grow"),
              "move": N_("moving tokens and ships"), "build": N_("building cities"),
              "reduce": N_("reducing unsupported cities"), "cards": N_("buying trade cards"), "trade": N_("trading"),
              "discard": N_("discarding cards"), "task": N_("the choices of a calamity or an ability"),
              "special": N_("using special abilities"), "buy": N_("buying Civilization Advances"),
              "military": N_("choosing where to reinforce (Advanced Military)")}


def step_task(step: str, tr: Translator = ENGLISH) -> str:
    """What a decision step is about ("moving tokens and ships"); the step's name otherwise."""
    text = STEP_TASKS.get(step)
    return step if text is None else tr.gettext(text)


def now(s: MegaState, tr: Translator = ENGLISH) -> str:
    """The phase and step under way, in words."""
    return tr.t("phase {phase} ({title}), {task}", phase=s.phase, title=phase_title(s.phase, tr),
                task=step_task(STEP_NAMES[s.step], tr))


def who(players: tuple[int, ...], tr: Translator = ENGLISH) -> str:
    names = [seat_name(p, None, None, tr) for p in players]
    if tr.english:
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return tr.join(names)


@localizable
def explain(s: MegaState, player: int, text: str, *, tr: Translator = ENGLISH) -> str:
    """Why ``text`` is not a legal action of ``player`` in the state ``s`` now."""
    wanted = " ".join(str(text).split()).lower()
    if s.step == OVER:
        return tr.t("the game is over: no action is legal")
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < s.n:
        return tr.t("there is no player {player} in this {n}-player game", player=shown(player), n=s.n)
    view = s.deciding(player)
    if view is None:
        movers = s.to_move()
        if s.previews is not None and player in s.previews:
            return tr.t("{text} is not legal: you have finished {now}; waiting for {who} (their choices are revealed "
                        "when all are done)", text=shown(wanted), now=now(s, tr), who=who(movers, tr))
        args = {"text": shown(wanted), "player": player, "who": who(movers, tr), "now": now(s, tr)}
        if len(movers) == 1:
            return tr.t("{text} is not legal: it is not player {player}'s decision now; {who} decides ({now})", **args)
        return tr.t("{text} is not legal: it is not player {player}'s decision now; {who} decide ({now})", **args)
    return explain_step(view, player, wanted, tr=tr)


@localizable
def explain_step(s: MegaState, p: int, text: str, *, tr: Translator = ENGLISH) -> str:
    """Why ``text`` is not one of the decider's actions in the state where he decides."""
    if s.lookup(p, text) is not None:
        return tr.t("{text} is a legal action now", text=shown(text))
    words = text.split(" ")
    kind = words[0]
    if s.step == TRADE and kind in KIND_PHASES:
        from ..rules.trade import trade_refusal

        why = trade_refusal(s, p, text, tr)
        if why is not None:
            return why
    legal = s.legal(p)
    phases = KIND_PHASES.get(kind)
    args = {"text": shown(text), "now": now(s, tr), "choices": _choices(legal, tr)}
    if phases is None:
        return tr.t("{text} is not an action of Mega Civilization; now: {now}{choices}", **args)
    if s.phase not in phases:
        where = [tr.t("phase {phase} ({title})", phase=k, title=phase_title(k, tr)) for k in phases]
        joined = " or ".join(where) if tr.english else format_list(where, style="or", locale=tr.code)
        return tr.t("{text} is an action of {where}; now it is {now}{choices}", where=joined, **args)
    reason = _specific(s, p, kind, words[1:], text, tr)
    if reason:
        return reason
    return tr.t("{text} is not one of your choices in {now}{choices}", **args)


def _choices(legal: list, tr: Translator = ENGLISH) -> str:  # type: ignore[type-arg]
    if not legal:
        return ""
    texts = ", ".join(repr(a.text) for a in legal[:4])
    if len(legal) > 4:
        return tr.t("; your choices include {texts} and {n} more (type 'list')", texts=texts, n=len(legal) - 4)
    return tr.t("; your choices include {texts}", texts=texts)


def _area(s: MegaState, word: str) -> int | None:
    try:
        return s.board.index(word)
    except Exception:  # noqa: BLE001 - an unknown id is a reason, not an error
        return None


def _specific(s: MegaState, p: int, kind: str, args: list[str], text: str,  # noqa: C901
              tr: Translator = ENGLISH) -> str | None:
    """The reasons of the common cases: movement, cities, growth, cards, trade, advances."""
    board = s.board

    def name(area_id: str) -> str:
        return s.game.words.area(area_id, tr)

    said = shown(text)
    places = {"move": 3, "ship": 1, "sail": 2, "city": 1, "grow": 1, "reduce": 1, "revolt": 1, "reinforce": 1}
    for w in args[:places.get(kind, 0)]:
        if _area(s, w) is None:
            return tr.t("{text}: there is no area {word} (areas are written by their ids, e.g. {example})", text=said,
                        word=shown(w), example=board.areas[0].id)
    if s.step == MOVE and kind == "move" and len(args) >= 2:
        a, b = _area(s, args[0]), _area(s, args[-1])
        if a is None or b is None:
            return None
        here = s.tokens[p][a]
        src = name(board.areas[a].id)
        if not here:
            return tr.t("{text}: you have no token in {area}", text=said, area=src)
        if here <= s.moved[p][a]:
            return tr.t("{text}: your tokens in {area} have all moved this turn (MC-3.1)", text=said, area=src)
        if len(args) == 2 and b not in board.areas[a].land:
            return tr.t("{text}: {dest} is not next to {area} by land (MC-3.1); across water a token needs a ship "
                        "(MC-3.2)", text=said, dest=name(board.areas[b].id), area=src)
        if len(args) == 3 and not (s.holds(p, "land_moves") or 1) >= 2:
            return tr.t("{text}: a token moves one area a turn; two need Roadbuilding", text=said)
        return tr.t("{text}: that move is closed (Diplomacy or Cultural Ascendancy of another player, or "
                    "Roadbuilding's path must be free of other units)", text=said)
    if s.step == MOVE and kind in ("ship", "sail"):
        a = _area(s, args[0]) if args else None
        if kind == "ship":
            if not s.ship_stock[p]:
                return tr.t("{text}: you have no ship left in stock", text=said)
            if a is not None and not board.areas[a].coastal:
                return tr.t("{text}: {area} is not on the coast", text=said, area=name(board.areas[a].id))
            return tr.t("{text}: a ship costs 2 tokens in its area, 1 there and 1 elsewhere, 2 treasury, or 1 token "
                        "and 1 treasury (MC-3.4); written 'ship AREA tokens|split|treasury|mixed'", text=said)
        if a is not None and a not in s.ships[p]:
            return tr.t("{text}: you have no ship built this turn in {area} (build one with 'ship')", text=said,
                        area=name(board.areas[a].id))
        return tr.t("{text}: a ship carries up to {tokens} unmoved tokens up to {areas} areas along the coast "
                    "(MC-3.5)", text=said, tokens=s.holds(p, "ship_capacity") or 5, areas=s.holds(p, "ship_moves") or 4)
    if s.step == BUILD and kind == "city" and args:
        a = _area(s, args[0])
        return None if a is None else _city_reason(s, p, a, text, tr)
    if s.step == GROW and kind == "grow" and args:
        a = _area(s, args[0])
        if a is None:
            return None
        area = name(board.areas[a].id)
        if not s.tokens[p][a]:
            return tr.t("{text}: you have no token in {area}", text=said, area=area)
        if s.moved[p][a]:
            return tr.t("{text}: {area} has grown already", text=said, area=area)
        return tr.t("{text}: your tokens in {area} cannot grow (the area's limit)", text=said, area=area)
    if s.step == REDUCE and kind == "reduce":
        return tr.t("{text}: you reduce one of your unsupported cities (MC-5.3)", text=said)
    if s.step == CARDS and kind == "buy-card":
        return tr.t("{text}: the cards you may buy are written 'buy-card STACK COST' (MC-6.2); you have {treasury} "
                    "treasury", text=said, treasury=s.treasury[p])
    if s.step == BUY:
        return _buy_reason(s, p, kind, args, text, tr)
    return None


def _city_reason(s: MegaState, p: int, a: int, text: str, tr: Translator = ENGLISH) -> str:
    """MC-5.1: what building a city here needs."""
    area = s.board.areas[a]
    name = s.game.words.area(area.id, tr)
    said = shown(text)
    nums = s.rules.tables.numbers
    if not s.city_stock[p]:
        return tr.t("{text}: all your cities are on the map", text=said)
    if s.city[a] != -1:
        return tr.t("{text}: {area} has a city already", text=said, area=name)
    if s.barb[a]:
        return tr.t("{text}: barbarians stand in {area}", text=said, area=name)
    if not (area.city_site or (area.population_limit or 0) > 0):
        return tr.t("{text}: no city can stand in {area} (population limit 0, no city site)", text=said, area=name)
    args = {"text": said, "area": name, "have": s.tokens[p][a]}
    if area.city_site:
        return tr.t("{text}: a city on a city site needs {need} of your tokens in the area (MC-5.1); you have {have} "
                    "in {area}", need=nums["city_on_site"], **args)
    return tr.t("{text}: a city off a city site needs {need} of your tokens in the area (MC-5.1); you have {have} "
                "in {area}", need=nums["city_elsewhere"], **args)


def _buy_reason(s: MegaState, p: int, kind: str, args: list[str], text: str, tr: Translator = ENGLISH) -> str | None:
    """MC-12: what an advance costs this player and what he can pay."""
    from ..rules.advances import credit, library_discount, means, price

    cat = s.cat
    words = s.game.words
    said = shown(text)
    if kind == "buy" and args:
        adv = cat.advance_index.get(args[0])
        if adv is None:
            return tr.t("{text}: there is no Civilization Advance {word} (see 'civtable cards mega-civ')", text=said,
                        word=shown(args[0]))
        name = words.advance(cat.advances[adv].id, tr)
        if adv in s.owned[p]:
            return tr.t("{text}: you own {advance} already", text=said, advance=name)
        if s.pay is not None:
            return tr.t("{text}: finish paying for {advance} first (or 'cancel')", text=said,
                        advance=words.advance(cat.advances[s.pay[0]].id, tr))
        return tr.t("{text}: {advance} costs {cost}, less your credits {credits}: {price}; your cards and treasury "
                    "are worth {means} (MC-12.2)", text=said, advance=name, cost=cat.advances[adv].cost,
                    credits=credit(s, p, adv) + library_discount(s, p), price=price(s, p, adv), means=means(s, p))
    if kind in ("pay", "treasury", "cancel") and s.pay is None:
        return tr.t("{text}: choose an advance first ('buy ADVANCE')", text=said)
    if kind == "pay" and args:
        return tr.t("{text}: you pay with all your cards of a commodity you hold and have not turned in yet", text=said)
    if kind == "treasury" and s.pay is not None:
        return tr.t("{text}: {left} is left to pay and your treasury is {treasury}", text=said,
                    left=s.pay[1] - s.pay[2], treasury=s.treasury[p])
    return None
