"""Why an action is not legal now, in one sentence (``State.explain``): whose decision
it is, which step an action belongs to, what is missing to pay, which card is
needed. It reads only what the asking player may know: the table, his own hand. A
reason is ``Localized``: the front end shows it in the reader's language (action
texts in quotes stay as they are typed)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core.action import normalize
from civtable.core.messages import join
from civtable.core.reader import shown
from civtable.i18n import ENGLISH, N_, Translator, localizable

from .. import state as ph
from ..catalog import BUILDING, COMMERCE, FOOD, HAMMERS, RESOURCE, RESOURCES, WONDER
from ..state import PHASE_NAMES
from .render import doing, notation, step_name
from .words import cost_words, either, res_words, resource_name, say

if TYPE_CHECKING:
    from ..state import CcgState

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


@localizable
def explain(s: CcgState, player: int, text: str, *, tr: Translator = ENGLISH) -> str:
    wanted = normalize(str(text))
    wanted = s.game.names.interpret(wanted) or wanted  # names typed for ids
    if s.phase == ph.OVER:
        return tr.t("the game is over: no action is legal")
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < s.n:
        return tr.t("there is no player {p} in this {n}-player game", p=shown(player), n=s.n)
    step = PHASE_NAMES[s.phase]
    what = doing(step, tr)
    if player != s.decider:
        return say(tr, N_("it is not your decision: {decider:player} is to {what} now (step {step})"),
                   decider=s.decider, what=what, step=step_name(step, tr))
    words = wanted.split()
    kind = words[0] if words else ""
    if kind not in KIND_STEPS:
        return tr.t("{action} is not an action of this game; now you are to {what}: {notation}", action=shown(wanted),
                    what=what, notation=notation(step, tr))
    if step not in KIND_STEPS[kind]:
        where = either([step_name(x, tr) for x in KIND_STEPS[kind]], tr, serial=True)
        return tr.t("{action} belongs to the {where} step; now you are to {what} (step {step})", action=shown(kind),
                    where=where, what=what, step=step_name(step, tr))
    reason = _specific(s, player, kind, words[1:], tr)
    if reason:
        return reason
    legal = [a.text for a in s.legal_actions(player)]
    if len(legal) > 6:
        return tr.t("{action} is not legal now; you may: {legal} and {n} more", action=shown(wanted),
                    legal=", ".join(legal[:6]), n=len(legal) - 6)
    return tr.t("{action} is not legal now; you may: {legal}", action=shown(wanted), legal=", ".join(legal[:6]))


def _specific(s: CcgState, p: int, kind: str, args: list[str], tr: Translator) -> str:
    """The reason for the common cases, or "" for the general answer."""
    if s.phase == ph.MAIN:
        return _purchase(s, p, kind, args, tr)
    if s.phase in (ph.START_DISCARD, ph.DISCARDING):
        return _in_hand(s, p, args[0] if args else "", tr)
    if s.phase == ph.DECLARE and kind == "attack":
        return _attack(s, p, args, tr)
    if s.phase == ph.DEFENDING and kind == "block":
        return _block(s, p, args, tr)
    names = s.game.names
    if s.phase == ph.COLLECT and s.queue:
        entry = s.queue[0]
        plot = s.rules.cards.plots[s.plots[p][entry[0]][0]]
        types = [RESOURCES[t] for t in s.rules.plot_types[s.plots[p][entry[0]][0]]]
        if not tr.english:
            types = [resource_name(t, tr) for t in types]
        return tr.t("a population on plot {n} ({plot}) yields {types}", n=entry[0] + 1, plot=names.of(plot.id, tr),
                    types=either(types, tr))
    if s.phase == ph.DRAFTING:
        row = join([names.of(s.rules.cards.plots[t].id, tr) for t in s.draft_row], tr)
        return tr.t("the plots laid out for the draft are {plots}", plots=row)
    if kind in ("place", "lose", "gain"):
        return _plot_number(s, p, args[0] if args else "", tr)
    return ""


def number(word: str) -> int | None:
    """A plain decimal number of at most six digits, or None."""
    return int(word) if word.isascii() and word.isdigit() and len(word) <= 6 else None


def _which_plot(s: CcgState, p: int, word: str, tr: Translator) -> int | str:
    """The index of ``p``'s plot numbered ``word`` (from 1), or why there is none."""
    k = number(word)
    n = len(s.plots[p])
    if k is None or not 1 <= k <= n:
        return tr.nt("you have {n} plots: give a plot number from 1 to {n}",
                     "you have {n} plots: give a plot number from 1 to {n}", n)
    return k - 1


def _plot_number(s: CcgState, p: int, word: str, tr: Translator) -> str:
    i = _which_plot(s, p, word, tr)
    if isinstance(i, str):
        return i
    return tr.t("your plot {n} has no population", n=i + 1) if s.plots[p][i][1] == 0 else ""


def _card_name(s: CcgState, c: int, tr: Translator) -> str:
    return s.game.names.of(s.rules.ids[c], tr)


def _in_hand(s: CcgState, p: int, card_id: str, tr: Translator) -> str:
    r = s.rules
    if card_id not in r.ids:
        return tr.t("there is no card {card}: write a card's id as the screen's labels show it", card=shown(card_id))
    if not s.hand[p][r.ids.index(card_id)]:
        return tr.t("you have no {card} in your hand", card=_card_name(s, r.ids.index(card_id), tr))
    return ""


def _block(s: CcgState, p: int, args: list[str], tr: Translator) -> str:
    r = s.rules
    if len(args) != 2 or args[0] not in r.ids or args[1] not in r.ids:
        return tr.t("write block ATTACKER DEFENDER with two units' ids (block chariot spearmen)")
    att, dfn = r.ids.index(args[0]), r.ids.index(args[1])
    if not any(a[0] == att and a[1] == p and a[2] == ph.ACTIVE for a in s.attacks):
        return tr.t("no unblocked {unit} attacks you", unit=_card_name(s, att, tr))
    missing = _in_hand(s, p, args[1], tr)
    if missing:
        return missing
    blocks = r.unit_blocks[dfn]
    if not r.unit_defend[dfn]:
        return tr.t("{unit} cannot defend", unit=_card_name(s, dfn, tr))
    if blocks is not None and att not in blocks:
        can = join([_card_name(s, c, tr) for c in sorted(blocks)], tr)
        return tr.t("{unit} cannot block {attacker}: it blocks only {units}", unit=_card_name(s, dfn, tr),
                    attacker=_card_name(s, att, tr), units=can)
    return ""


def _purchase(s: CcgState, p: int, kind: str, args: list[str], tr: Translator) -> str:
    r = s.rules
    res = s.res[p]
    if s.attacks and kind not in ("attack", "fight"):
        return tr.t("you have declared attackers: declare more or fight first (step-order B)")
    if kind == "pop":
        i = _which_plot(s, p, args[0] if args else "", tr)
        if isinstance(i, str):
            return i
        if not s.pop_bank:
            return tr.t("the population bank is empty")
        cost = s.population_cost(p, i)
        plot = s.game.names.of(r.cards.plots[s.plots[p][i][0]].id, tr)
        return tr.t("a population on plot {n} ({plot}, {pop} population) costs {cost}; you have {food}", n=i + 1,
                    plot=plot, pop=s.plots[p][i][1], cost=cost_words("food", cost, tr), food=res[FOOD])
    if kind == "plot":
        return _buy_plot(s, p, args, tr)
    if kind == "tech":
        return _buy_tech(s, p, args[0] if args else "", tr)
    if kind == "build":
        return _build(s, p, args, tr)
    if kind == "cash":
        missing = _in_hand(s, p, args[0] if args else "", tr)
        if missing:
            return missing
        if r.kind[r.ids.index(args[0])] != RESOURCE:
            return tr.t("{card} is not a resource card: only those are cashed",
                        card=_card_name(s, r.ids.index(args[0]), tr))
        return ""
    if kind == "trade":
        need = r.numbers["bank_trade"]
        if sum(res) < need:
            return tr.t("a bank trade pays {n} resources; you have {have}", n=need,
                        have=res_words(res, tr) if any(res) else tr.pt("resources", "none"))
        if r.trade_any:
            return tr.t("write trade R+R+R for R (any three), paying with what you have ({have}) and not for a type "
                        "you pay with", have=res_words(res, tr))
        return tr.t("write trade R for R (three of one type, bank-trade B), paying with what you have ({have}) and "
                    "not for a type you pay with", have=res_words(res, tr))
    if kind in ("writing", "laws"):
        return _steal(s, p, kind, args, tr)
    if kind in ("attack", "fight"):
        if r.steps_fixed:
            return tr.t("attacks come after the purchases: type 'done' to end them, then declare attackers")
        if s.fought:
            return tr.t("you have fought this turn already")
        if kind == "fight":
            return tr.t("declare an attacker first (attack UNIT SEAT)")
        return _attack(s, p, args, tr)
    return ""


def _buy_plot(s: CcgState, p: int, args: list[str], tr: Translator) -> str:
    r = s.rules
    names = s.game.names
    ids = [x.id for x in r.cards.plots]
    shown_display = join([names.of(ids[t], tr) for t in s.plot_display], tr)
    if not args or args[0] not in ids or ids.index(args[0]) not in s.plot_display:
        return tr.t("the plot display holds {plots}", plots=shown_display)
    cost = s.plot_cost(p)
    if sum(s.res[p]) < cost:
        return tr.t("your next plot costs {cost} resources of any kind; you have {n}", cost=cost, n=sum(s.res[p]))
    return tr.t("write plot PLOT, or plot PLOT spare-food|spare-hammers|spare-commerce where that pays differently")


def _buy_tech(s: CcgState, p: int, tech_id: str, tr: Translator) -> str:
    r = s.rules
    names = s.game.names
    if tech_id not in r.tech_ids:
        return tr.t("there is no technology {tech}", tech=shown(tech_id))
    t = r.tech_ids.index(tech_id)
    name = names.of(tech_id, tr)
    for q in range(s.n):
        if s.techs[q] >> t & 1:
            if q == p:
                return tr.t("{tech} is bought already (by you)", tech=name)
            return say(tr, N_("{tech} is bought already (by {owner:player})"), tech=name, owner=q)
    if t not in s.tech_display:
        return tr.t("{tech} is not in the display ({display})", tech=name,
                    display=join([names.of(r.tech_ids[x], tr) for x in s.tech_display], tr))
    cost = s.tech_cost(p, t)
    return tr.t("buy technology {tech}: it costs {cost}, you have {have}", tech=name,
                cost=cost_words("commerce", cost, tr), have=s.res[p][COMMERCE])


def _card_in_hand(s: CcgState, p: int, args: list[str], form: str, tr: Translator) -> int | str:
    """The card of ``p``'s hand that an action of two words names first, or why none
    (``form``: how the action is written)."""
    if len(args) != 2:
        return form
    missing = _in_hand(s, p, args[0], tr)
    return missing if missing else s.rules.ids.index(args[0])


def _build(s: CcgState, p: int, args: list[str], tr: Translator) -> str:
    r = s.rules
    c = _card_in_hand(s, p, args, tr.t("write build CARD N: a building or wonder of your hand on your plot N"), tr)
    if isinstance(c, str):
        return c
    name = _card_name(s, c, tr)
    if r.kind[c] not in (BUILDING, WONDER):
        return tr.t("{card} is not a building or wonder", card=name)
    i = _which_plot(s, p, args[1], tr)
    if isinstance(i, str):
        return i
    slots = s.slots(p, i)
    if len(s.plots[p][i]) - 2 >= slots:
        held = join([_card_name(s, x, tr) for x in s.plots[p][i][2:]], tr)
        return tr.nt("plot {i} has no free slot ({n} slot, holding {held})",
                     "plot {i} has no free slot ({n} slots, holding {held})", slots, i=i + 1, held=held)
    cost = s.card_cost(p, c)
    return tr.t("{card} costs {cost}; you have {have}", card=name, cost=cost_words("hammers", cost, tr),
                have=s.res[p][HAMMERS])


def _steal(s: CcgState, p: int, kind: str, args: list[str], tr: Translator) -> str:
    r = s.rules
    mask, bit = (r.writing_mask, 1) if kind == "writing" else (r.laws_mask, 2)
    tech = next((t for i, t in enumerate(r.cards.techs) if mask >> i & 1), None)
    name = s.game.names.of(tech.id, tr) if tech is not None else kind
    if not s.techs[p] & mask:
        return tr.t("you do not have {tech}", tech=name)
    if s.used[p] & bit:
        return tr.t("you have used {tech} this turn", tech=name)
    q = number(args[0]) if args else None
    if q is None or not 0 <= q < s.n or q == p:
        return tr.t("write {command} SEAT with another player's seat", command=kind)
    if kind == "writing" and not any(s.hand[q]):
        return say(tr, N_("{victim:player} has no cards in hand"), victim=q)
    if kind == "laws" and not any(s.res[q]):
        return say(tr, N_("{victim:player} has no resources"), victim=q)
    return ""


def _attack(s: CcgState, p: int, args: list[str], tr: Translator) -> str:
    r = s.rules
    c = _card_in_hand(s, p, args, tr.t("write attack UNIT SEAT (attack chariot 1)"), tr)
    if isinstance(c, str):
        return c
    if not r.unit_attack[c]:
        return tr.t("{unit} cannot attack", unit=_card_name(s, c, tr))
    targets = s.adjacent(p)
    if number(args[1]) not in targets:
        return say(tr, N_("you may attack {targets:players}"), targets=list(targets))
    return ""
