"""Why an action is not legal now, in one sentence (``State.explain``): whose decision
it is, which step an action belongs to, what is missing to pay, which card is
needed. It reads only what the asking player may know: the table, his own hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core.action import normalize
from civtable.core.messages import join
from civtable.core.reader import shown

from . import phases as ph
from .catalog import BUILDING, COMMERCE, FOOD, HAMMERS, RESOURCE, RESOURCES, WONDER
from .phases import PHASE_NAMES
from .render import STEPS
from .words import res_words

if TYPE_CHECKING:
    from .state import CcgState

KIND_STEPS: dict[str, tuple[str, ...]] = {
    "draft": ("draft",), "place": ("free-population",), "discard": ("start-discard", "discard"),
    "yield": ("collect",), "pop": ("purchase",), "plot": ("purchase",), "tech": ("purchase",),
    "build": ("purchase",), "cash": ("purchase",), "trade": ("purchase",),
    "writing": ("purchase", "steal-window"), "laws": ("purchase", "steal-window"),
    "take": ("take-resources",), "give": ("give-resources",), "done": ("purchase", "defend"),
    "attack": ("declare", "redeclare", "purchase"), "fight": ("declare", "redeclare", "purchase"),
    "pass": ("steal-window", "declare"), "siege": ("siege",), "bounce": ("bounce",), "block": ("defend",),
    "lose": ("lose-population",), "gain": ("gain-population",), "destroy": ("destroy-building",),
    "draw": ("draw",),
}
"""The steps in which an action of each kind may be legal."""


def explain(s: CcgState, player: int, text: str) -> str:
    wanted = normalize(str(text))
    wanted = s.game.names.interpret(wanted) or wanted  # names typed for ids
    if s.phase == ph.OVER:
        return "the game is over: no action is legal"
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < s.n:
        return f"there is no player {shown(player)} in this {s.n}-player game"
    step = PHASE_NAMES[s.phase]
    what = STEPS[step][0]
    if player != s.decider:
        return f"it is not your decision: player {s.decider} is to {what} now (step {step})"
    words = wanted.split()
    kind = words[0] if words else ""
    if kind not in KIND_STEPS:
        return f"{shown(wanted)} is not an action of this game; now you are to {what}: {STEPS[step][1]}"
    if step not in KIND_STEPS[kind]:
        steps = KIND_STEPS[kind]
        where = steps[0] if len(steps) == 1 else ", ".join(steps[:-1]) + " or " + steps[-1]
        return f"{shown(kind)} belongs to the {where} step; now you are to {what} (step {step})"
    reason = _specific(s, player, kind, words[1:])
    if reason:
        return reason
    legal = [a.text for a in s.legal_actions(player)]
    more = f" and {len(legal) - 6} more" if len(legal) > 6 else ""
    return f"{shown(wanted)} is not legal now; you may: {', '.join(legal[:6])}{more}"


def _specific(s: CcgState, p: int, kind: str, args: list[str]) -> str:
    """The reason for the common cases, or "" for the general answer."""
    if s.phase == ph.MAIN:
        return _purchase(s, p, kind, args)
    if s.phase in (ph.START_DISCARD, ph.DISCARDING):
        return _in_hand(s, p, args[0] if args else "")
    if s.phase == ph.DECLARE and kind == "attack":
        return _attack(s, p, args)
    if s.phase == ph.DEFENDING and kind == "block":
        return _block(s, p, args)
    if s.phase == ph.COLLECT and s.queue:
        entry = s.queue[0]
        plot = s.rules.cards.plots[s.plots[p][entry[0]][0]]
        types = [RESOURCES[t] for t in s.rules.plot_types[s.plots[p][entry[0]][0]]]
        return f"a population on plot {entry[0] + 1} ({plot.name}) yields {' or '.join(types)}"
    if s.phase == ph.DRAFTING:
        row = join([s.rules.cards.plots[t].name for t in s.draft_row])
        return f"the plots laid out for the draft are {row}"
    if kind in ("place", "lose", "gain"):
        return _plot_number(s, p, args[0] if args else "")
    return ""


def number(word: str) -> int | None:
    """A plain decimal number of at most six digits, or None."""
    return int(word) if word.isascii() and word.isdigit() and len(word) <= 6 else None


def _which_plot(s: CcgState, p: int, word: str) -> int | str:
    """The index of ``p``'s plot numbered ``word`` (from 1), or why there is none."""
    k = number(word)
    if k is None or not 1 <= k <= len(s.plots[p]):
        return f"you have {len(s.plots[p])} plots: give a plot number from 1 to {len(s.plots[p])}"
    return k - 1


def _plot_number(s: CcgState, p: int, word: str) -> str:
    i = _which_plot(s, p, word)
    if isinstance(i, str):
        return i
    return f"your plot {i + 1} has no population" if s.plots[p][i][1] == 0 else ""


def _in_hand(s: CcgState, p: int, card_id: str) -> str:
    r = s.rules
    if card_id not in r.ids:
        return f"there is no card {shown(card_id)}: write a card's id as the screen's labels show it"
    if not s.hand[p][r.ids.index(card_id)]:
        return f"you have no {r.cards.cards[r.ids.index(card_id)].name} in your hand"
    return ""


def _block(s: CcgState, p: int, args: list[str]) -> str:
    r = s.rules
    if len(args) != 2 or args[0] not in r.ids or args[1] not in r.ids:
        return "write block ATTACKER DEFENDER with two units' ids (block chariot spearmen)"
    att, dfn = r.ids.index(args[0]), r.ids.index(args[1])
    if not any(a[0] == att and a[1] == p and a[2] == ph.ACTIVE for a in s.attacks):
        return f"no unblocked {r.cards.cards[att].name} attacks you"
    missing = _in_hand(s, p, args[1])
    if missing:
        return missing
    blocks = r.unit_blocks[dfn]
    if not r.unit_defend[dfn]:
        return f"{r.cards.cards[dfn].name} cannot defend"
    if blocks is not None and att not in blocks:
        can = join([r.cards.cards[c].name for c in sorted(blocks)])
        return f"{r.cards.cards[dfn].name} cannot block {r.cards.cards[att].name}: it blocks only {can}"
    return ""


def _purchase(s: CcgState, p: int, kind: str, args: list[str]) -> str:
    r = s.rules
    res = s.res[p]
    if s.attacks and kind not in ("attack", "fight"):
        return "you have declared attackers: declare more or fight first (step-order B)"
    if kind == "pop":
        i = _which_plot(s, p, args[0] if args else "")
        if isinstance(i, str):
            return i
        if not s.pop_bank:
            return "the population bank is empty"
        cost = s.population_cost(p, i)
        plot = r.cards.plots[s.plots[p][i][0]].name
        return (f"a population on plot {i + 1} ({plot}, {s.plots[p][i][1]} population) costs {cost} Food; "
                f"you have {res[FOOD]}")
    if kind == "plot":
        return _buy_plot(s, p, args)
    if kind == "tech":
        return _buy_tech(s, p, args[0] if args else "")
    if kind == "build":
        return _build(s, p, args)
    if kind == "cash":
        missing = _in_hand(s, p, args[0] if args else "")
        if missing:
            return missing
        if r.kind[r.ids.index(args[0])] != RESOURCE:
            return f"{r.cards.cards[r.ids.index(args[0])].name} is not a resource card: only those are cashed"
        return ""
    if kind == "trade":
        need = r.numbers["bank_trade"]
        if sum(res) < need:
            return f"a bank trade pays {need} resources; you have {res_words(res) if any(res) else 'none'}"
        form = "trade R+R+R for R (any three)" if r.trade_any else "trade R for R (three of one type, bank-trade B)"
        return f"write {form}, paying with what you have ({res_words(res)}) and not for a type you pay with"
    if kind in ("writing", "laws"):
        return _steal(s, p, kind, args)
    if kind in ("attack", "fight"):
        if r.steps_fixed:
            return "attacks come after the purchases: type 'done' to end them, then declare attackers"
        if s.fought:
            return "you have fought this turn already"
        if kind == "fight":
            return "declare an attacker first (attack UNIT SEAT)"
        return _attack(s, p, args)
    return ""


def _buy_plot(s: CcgState, p: int, args: list[str]) -> str:
    r = s.rules
    ids = [x.id for x in r.cards.plots]
    shown_display = join([r.cards.plots[t].name for t in s.plot_display]) if s.plot_display else "nothing"
    if not args or args[0] not in ids or ids.index(args[0]) not in s.plot_display:
        return f"the plot display holds {shown_display}"
    cost = s.plot_cost(p)
    if sum(s.res[p]) < cost:
        return f"your next plot costs {cost} resources of any kind; you have {sum(s.res[p])}"
    return "write plot PLOT, or plot PLOT spare-food|spare-hammers|spare-commerce where that pays differently"


def _buy_tech(s: CcgState, p: int, tech_id: str) -> str:
    r = s.rules
    if tech_id not in r.tech_ids:
        return f"there is no technology {shown(tech_id)}"
    t = r.tech_ids.index(tech_id)
    name = r.cards.techs[t].name
    for q in range(s.n):
        if s.techs[q] >> t & 1:
            return f"{name} is bought already ({'by you' if q == p else f'by player {q}'})"
    if t not in s.tech_display:
        return f"{name} is not in the display ({join([r.cards.techs[x].name for x in s.tech_display])})"
    cost = s.tech_cost(p, t)
    return f"buy technology {name}: it costs {cost} Commerce, you have {s.res[p][COMMERCE]}"


def _card_in_hand(s: CcgState, p: int, args: list[str], form: str) -> int | str:
    """The card of ``p``'s hand that an action of two words names first, or why none."""
    if len(args) != 2:
        return f"write {form}"
    missing = _in_hand(s, p, args[0])
    return missing if missing else s.rules.ids.index(args[0])


def _build(s: CcgState, p: int, args: list[str]) -> str:
    r = s.rules
    c = _card_in_hand(s, p, args, "build CARD N: a building or wonder of your hand on your plot N")
    if isinstance(c, str):
        return c
    card = r.cards.cards[c]
    if r.kind[c] not in (BUILDING, WONDER):
        return f"{card.name} is not a building or wonder"
    i = _which_plot(s, p, args[1])
    if isinstance(i, str):
        return i
    slots = s.slots(p, i)
    if len(s.plots[p][i]) - 2 >= slots:
        held = join([r.cards.cards[x].name for x in s.plots[p][i][2:]])
        return f"plot {i + 1} has no free slot ({slots} slot{'s' if slots > 1 else ''}, holding {held})"
    cost = s.card_cost(p, c)
    return f"{card.name} costs {cost} Hammers; you have {s.res[p][HAMMERS]}"


def _steal(s: CcgState, p: int, kind: str, args: list[str]) -> str:
    r = s.rules
    mask, bit = (r.writing_mask, 1) if kind == "writing" else (r.laws_mask, 2)
    name = next((t.name for i, t in enumerate(r.cards.techs) if mask >> i & 1), kind)
    if not s.techs[p] & mask:
        return f"you do not have {name}"
    if s.used[p] & bit:
        return f"you have used {name} this turn"
    q = number(args[0]) if args else None
    if q is None or not 0 <= q < s.n or q == p:
        return f"write {kind} SEAT with another player's seat"
    if kind == "writing" and not any(s.hand[q]):
        return f"player {q} has no cards in hand"
    if kind == "laws" and not any(s.res[q]):
        return f"player {q} has no resources"
    return ""


def _attack(s: CcgState, p: int, args: list[str]) -> str:
    r = s.rules
    c = _card_in_hand(s, p, args, "attack UNIT SEAT (attack chariot 1)")
    if isinstance(c, str):
        return c
    if not r.unit_attack[c]:
        return f"{r.cards.cards[c].name} cannot attack"
    targets = s.adjacent(p)
    if number(args[1]) not in targets:
        return f"you may attack {join([f'player {q}' for q in targets])}"
    return ""
