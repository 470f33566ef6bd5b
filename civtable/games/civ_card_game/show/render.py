"""The terminal of Civilization: The Card Game: the screen of an observation, action
labels with costs, menu paths, and help. Everything is built from the viewer's
observation (it cannot show what he may not see) and the card set's names, in the
reader's language (``tr``; the hooks' functions are ``@localizable``)."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

from civtable.core.events import Viewer
from civtable.core.files import parse_json
from civtable.core.messages import join
from civtable.i18n import ENGLISH, N_, NP_, Translator, localizable

from ..catalog import RESOURCES, WONDER
from ..rules.purchase import pay_plan
from .words import (
    Names,
    amount,
    card_effects,
    cost_words,
    letters,
    one,
    res_short,
    res_words,
    resource_name,
    say,
    seat,
    semicolon,
    tech_effects,
    trade_paid_words,
)

__all__ = ["help_text", "label", "path", "screen"]

WIDTH = 100


def _steps() -> dict[str, tuple[str, str]]:
    """``data/steps.json``: for each step, what the decider is to do and how its actions are written."""
    path = Path(__file__).parents[1] / "data" / "steps.json"  # the game's data/
    table = parse_json(path.read_text(encoding="utf-8"), f"step texts {path}")["steps"]
    return {**{name: (step["doing"], step["notation"]) for name, step in table.items()}, "over": ("", "")}


STEPS = _steps()
"""phase: (what the decider is to do, the notation of the step), in English; the
catalog translates both (``doing`` and ``notation``)."""

STEP_NAMES = {
    "draft": NP_("step", "draft"), "free-population": NP_("step", "free-population"),
    "start-discard": NP_("step", "start-discard"), "steal-window": NP_("step", "steal-window"),
    "collect": NP_("step", "collect"), "purchase": NP_("step", "purchase"), "declare": NP_("step", "declare"),
    "siege": NP_("step", "siege"), "bounce": NP_("step", "bounce"), "redeclare": NP_("step", "redeclare"),
    "defend": NP_("step", "defend"), "lose-population": NP_("step", "lose-population"),
    "gain-population": NP_("step", "gain-population"), "destroy-building": NP_("step", "destroy-building"),
    "take-resources": NP_("step", "take-resources"), "give-resources": NP_("step", "give-resources"),
    "draw": NP_("step", "draw"), "discard": NP_("step", "discard"), "over": NP_("step", "over"),
}
"""The steps' names as the screens show them (English: the position format's phase names)."""


def step_name(phase: str, tr: Translator = ENGLISH) -> str:
    return tr.pgettext("step", STEP_NAMES[phase]) if phase in STEP_NAMES else phase


def doing(phase: str, tr: Translator = ENGLISH) -> str:
    """What the decider of a step is to do ("take a plot in the draft")."""
    text = STEPS[phase][0]
    return tr.gettext(text) if text else text


def notation(phase: str, tr: Translator = ENGLISH) -> str:
    """How a step's actions are written ("draft PLOT: take one of the plots laid out")."""
    text = STEPS[phase][1]
    return tr.gettext(text) if text else text


def wrap(text: str, indent: str = "  ") -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=indent + "  ") or [indent]


def pack(title: str, items: list[str], sep: str = "; ", indent: str = "  ") -> list[str]:
    """``title`` and the items on as few lines as fit, never breaking an item."""
    lines: list[str] = []
    line = indent + title
    empty = True  # no item on this line yet: an item longer than a line still goes on it
    for k, item in enumerate(items):
        piece = item + (sep if k < len(items) - 1 else "")
        if len(line) + len(piece.rstrip()) > WIDTH and not empty:
            lines.append(line.rstrip())
            line = indent + "    "
        line += piece
        empty = False
    lines.append(line.rstrip())
    return lines


def holders(obs: dict[str, Any], key: str, viewer: Viewer, tr: Translator = ENGLISH) -> str:
    """Who holds Highest Culture or Highest Happiness ("nobody")."""
    held = obs[key]
    return join([seat(p, viewer, tr) for p in held], tr) if held else tr.gettext("nobody")


# ------------------------------------------------------------------ the screen
@localizable
def screen(obs: dict[str, Any], viewer: Viewer, names: Names, *, tr: Translator = ENGLISH) -> str:
    """The whole table for one viewer, in at most about 40 lines for 4 players."""
    lines = [_headline(obs, viewer, tr)]
    me = obs["players"][viewer] if viewer is not None else None
    if obs["turn"]:
        plots = ", ".join(f"{names.of(p, tr)} ({res_short(names.plot[p].yields, tr)})"
                          for p in obs["plot_display"]) or "-"
        if me is not None:
            text = tr.t("Plots for sale: {plots}; your next plot costs {cost} resources; {n} more in the deck",
                        plots=plots, cost=me["plot_cost"], n=obs["plot_deck_size"])
        else:
            text = tr.t("Plots for sale: {plots}; {n} more in the deck", plots=plots, n=obs["plot_deck_size"])
        lines += wrap(text, "")
    if obs["tech_display"]:
        lines.append(tr.t("Technologies for sale ({n} more in the deck; 1 VP each):", n=obs["tech_deck_size"]))
    for t in obs["tech_display"]:
        tech = names.tech[t]
        cost = cost_words("commerce", tech.cost, tr)
        if me is not None and me["discounts"][0]:
            cost = tr.t("{price} (you pay {n})", price=cost, n=max(0, tech.cost - me["discounts"][0]))
        lines += wrap(tr.t("{tech}: {cost} - {effects}", tech=names.of(t, tr), cost=cost,
                           effects=tech_effects(tech, names.cards, tr=tr)))
    if obs["draft"]:
        lines.append(tr.t("Draft: {plots}", plots=", ".join(f"{names.of(p, tr)} ({res_short(names.plot[p].yields, tr)})"
                                                             for p in obs["draft"])))
    lines.append(tr.t("Play deck {deck}, discard pile {discard}, population bank {bank}. Highest Culture: {culture}; "
                      "Highest Happiness: {happiness}.", deck=obs["deck_size"], discard=sum(obs["discard"].values()),
                      bank=obs["population_bank"], culture=holders(obs, "highest_culture", viewer, tr),
                      happiness=holders(obs, "highest_happiness", viewer, tr)))
    order = [viewer] if viewer is not None else []
    order += [p for p in range(obs["players_count"]) if p != viewer]
    for p in order:
        lines += _player(obs, obs["players"][p], viewer, names, tr)
    lines += _combat(obs, viewer, names, tr)
    if obs["over"]:
        lines.append(result(obs, viewer, tr=tr))
    return "\n".join(lines)


def _headline(obs: dict[str, Any], viewer: Viewer, tr: Translator) -> str:
    if obs["over"]:
        return tr.t("Civilization: The Card Game - turn {turn}: the game is over.", turn=obs["turn"])
    who, what = deciding(obs, viewer, tr)
    step = step_name(obs["phase"], tr)
    if obs["turn"]:
        return say(tr, N_("Civilization: The Card Game - turn {turn}, {current:player}'s turn; step: {step}. "
                          "Deciding: {who}, to {what}."), viewer, turn=obs["turn"], current=obs["current"],
                   step=step, who=who, what=what)
    return tr.t("Civilization: The Card Game - set-up; step: {step}. Deciding: {who}, to {what}.", step=step, who=who,
                what=what)


def result(obs: dict[str, Any], viewer: Viewer, tr: Translator = ENGLISH) -> str:
    """The end of the game in words (CCG-1.2, CCG-1.3)."""
    won = obs["winners"]
    if won:
        return say(tr, N_("The game is over: {winners:players} won."), viewer, winners=won)
    return tr.t("The game is over: nobody won.")


COUNTED = ("start-discard", "discard", "bounce", "take-resources", "give-resources")
"""The steps that ask for several choices in a row (``pending.left`` of them)."""


def deciding(obs: dict[str, Any], viewer: Viewer, tr: Translator = ENGLISH) -> tuple[str, str]:
    """Who decides now and what, in words: ("player 1", "give resources (Code of Laws)
    (2 to go) to player 0")."""
    phase, movers, pending = obs["phase"], obs["to_move"], obs["pending"]
    what = doing(phase, tr)
    if phase in COUNTED and pending["left"]:
        what = tr.t("{what} ({n} to go)", what=what, n=pending["left"])
    if phase == "take-resources":
        what = say(tr, N_("{what} from {victim:player}"), viewer, what=what, victim=pending["target"])
    elif phase == "give-resources":
        what = say(tr, N_("{what} to {thief:player}"), viewer, what=what, thief=pending["queue"][1])
    return (seat(movers[0], viewer, tr) if movers else tr.gettext("nobody")), what


def _player(obs: dict[str, Any], view: dict[str, Any], viewer: Viewer, names: Names, tr: Translator) -> list[str]:
    p = view["seat"]
    pops = sum(pl["population"] for pl in view["plots"])
    wonders = sum(1 for pl in view["plots"] for c in pl["cards"] if names.card[c].kind == WONDER)
    res = ", ".join(amount(r, view["resources"][r], tr) for r in RESOURCES)
    if p == obs["dealer"]:
        who = say(tr, N_("{p:Player}, dealer"), viewer, p=p)
    else:
        who = say(tr, N_("{p:Player}"), viewer, p=p)
    score = tr.nt("{vp} VP ({techs} tech, {pops} pop, {n} wonder)", "{vp} VP ({techs} tech, {pops} pop, {n} wonders)",
                  wonders, vp=view["vp"], techs=len(view["technologies"]), pops=pops)
    stats = tr.t("culture {culture}, happiness {happiness}", culture=view["culture"], happiness=view["happiness"])
    hand = tr.nt("{n} card in hand", "{n} cards in hand", view["hand_size"])
    out = [f"{who}: {score} | {stats} | {hand}"]
    techs = [names.of(t, tr) for t in view["technologies"]]
    out += pack(tr.t("Resources: {res} | Technologies: ", res=res), techs or [tr.pt("technologies", "none")], ", ")
    plots = []
    food = letters(tr)[0]
    for i, pl in enumerate(view["plots"], 1):
        cards = ", ".join(names.of(c, tr) for c in pl["cards"])
        free = pl["slots"] - len(pl["cards"])
        item = tr.t("{i} {plot} {yields} pop {n}", i=i, plot=names.of(pl["plot"], tr),
                    yields=res_short(names.plot[pl["plot"]].yields, tr), n=pl["population"])
        if p == viewer and obs["turn"]:
            item += tr.t(" (next {price})", price=f"{obs_population_cost(pl['population'], names)}{food}")
        if cards:
            item += f" [{cards}]"
        if free > 0:
            item += tr.nt(" +{n} slot", " +{n} slots", free)
        plots.append(item)
    out += pack(tr.t("Plots: "), plots, semicolon(tr))
    if "hand" in view:
        hand_lines = pack(tr.t("Hand: "), [_hand_card(c, k, view, names, tr=tr) for c, k in view["hand"].items()]
                          or ["-"], semicolon(tr))
        if len(hand_lines) > 4:  # a long hand: names and costs (the effects are in the menus and the reference)
            hand_lines = pack(tr.t("Hand: "), [_hand_card(c, k, view, names, short=True, tr=tr)
                                               for c, k in view["hand"].items()], ", ")
        out += hand_lines
    return out


def _hand_card(c: str, k: int, view: dict[str, Any], names: Names, short: bool = False,
               tr: Translator = ENGLISH) -> str:
    card = names.card[c]
    count = f"{k}x " if k > 1 else ""
    name = count + names.of(c, tr)
    if card.placed:
        off = view["discounts"][2 if card.kind == WONDER else 1]
        cost = f"{max(0, card.cost - off)}{letters(tr)[1]}"
        if short:
            if card.kind == WONDER:
                return tr.t("{card} ({cost}, wonder)", card=name, cost=cost)
            return f"{name} ({cost})"
        return tr.t("{card} ({cost}: {effects})", card=name, cost=cost, effects=card_effects(card, names.cards, tr=tr))
    if short:
        return name
    return f"{name} ({card_effects(card, names.cards, tr=tr)})"


def status_word(status: str, tr: Translator = ENGLISH) -> str:
    """An attacker's state in a combat: active, blocked, bounced, sieged."""
    words = {"active": NP_("attack status", "active"), "blocked": NP_("attack status", "blocked"),
             "bounced": NP_("attack status", "bounced"), "sieged": NP_("attack status", "sieged")}
    return tr.pgettext("attack status", words[status]) if status in words else status


def _combat(obs: dict[str, Any], viewer: Viewer, names: Names, tr: Translator) -> list[str]:
    combat = obs["combat"]
    if not combat:
        return []
    attacks = [f"{names.of(a['unit'], tr)} -> {seat(a['defender'], viewer, tr)} ({status_word(a['status'], tr)})"
               for a in combat["attacks"]]
    out = wrap(say(tr, N_("Combat of {attacker:player}: {attacks}"), viewer, attacker=combat["attacker"],
                   attacks=", ".join(attacks)), "")
    if combat["blocks"]:
        blocks = [tr.t("{unit} by {blocker}", unit=names.of(combat["attacks"][b["attack"]]["unit"], tr),
                       blocker=names.of(b["unit"], tr)) for b in combat["blocks"]]
        out += wrap(tr.t("Blocked: {blocks}", blocks=", ".join(blocks)))
    return out


# ------------------------------------------------------------------ menus
@localizable
def label(text: str, obs: dict[str, Any], names: Names, *, tr: Translator = ENGLISH) -> str:
    """An action in words, with what it costs or gives."""
    words = text.split()
    kind, args = words[0], words[1:]
    me = obs["players"][obs["player"]] if obs.get("player") is not None else None
    base = names.describe(text, tr)
    if me is None:
        return base
    if kind == "pop":
        return tr.t("buy a population for {what}", what=_leaf(kind, args, obs, names, tr))
    if kind == "plot":
        return tr.t("{action} ({yields} a turn; pay {paid})", action=base, yields=names.plot_yield(args[0], tr),
                    paid=res_words(obs_plot_paid(text, me), tr))
    if kind == "tech":
        return tr.t("buy the technology {what}", what=_leaf(kind, args, obs, names, tr))
    if kind == "build":
        card = names.card[args[0]]
        pl = me["plots"][int(args[1]) - 1]
        off = me["discounts"][2 if card.kind == WONDER else 1]
        return tr.t("build {card} on plot {n} {plot} ({cost})", card=names.of(args[0], tr), n=args[1],
                    plot=names.of(pl["plot"], tr), cost=cost_words("hammers", max(0, card.cost - off), tr))
    if kind in ("lose", "gain", "place"):
        pl = me["plots"][int(args[0]) - 1]
        fields = {"n": args[0], "plot": names.of(pl["plot"], tr), "pop": pl["population"]}
        if kind == "place":
            return tr.t("place the free population on plot {n} {plot} (population {pop})", **fields)
        if kind == "lose":
            return tr.t("give up a population from plot {n} {plot} (population {pop})", **fields)
        return tr.t("put the stolen population on plot {n} {plot} (population {pop})", **fields)
    if kind == "destroy":
        return tr.t("lose {card} on plot {n} {plot}", card=names.of(args[0], tr), n=args[1],
                    plot=names.of(me["plots"][int(args[1]) - 1]["plot"], tr))
    in_phase = IN_PHASE.get((kind, obs["phase"]))
    if in_phase is not None:
        return tr.t(in_phase)
    if kind == "done":
        return tr.pt("action", "done")
    if kind == "pass":
        return tr.pt("action", "pass")
    if kind == "draw" and "culture" in args:
        return tr.t("{action}: one more card to discard", action=base)
    return base


IN_PHASE = {
    ("done", "purchase"): N_("done: end the purchases"), ("done", "defend"): N_("done: take the remaining attack"),
    ("fight", "redeclare"): N_("fight: go on with the combat"),
    ("pass", "steal-window"): N_("pass: steal nothing"), ("pass", "declare"): N_("pass: no combat"),
}
"""What an action without arguments does in the steps where it means more than its
name (kind, phase)."""


def _leaf(kind: str, args: list[str], obs: dict[str, Any], names: Names, tr: Translator) -> str:
    """The words of a purchase under its menu group ("plot 2 Hills (8 Food)" under "buy a
    population"): the label without the group's words."""
    me = obs["players"][obs["player"]]
    if kind == "pop":
        pl = me["plots"][int(args[0]) - 1]
        cost = obs_population_cost(pl["population"], names)
        return tr.t("plot {n} {plot} ({cost})", n=args[0], plot=names.of(pl["plot"], tr),
                    cost=cost_words("food", cost, tr))
    if kind == "plot":
        text = " ".join(["plot", *args])
        paid = res_words(obs_plot_paid(text, me), tr)
        if len(args) > 1:
            return tr.t("{plot}, sparing {resource} ({yields} a turn; pay {paid})", plot=names.of(args[0], tr),
                        resource=resource_name(args[1][6:], tr), yields=names.plot_yield(args[0], tr), paid=paid)
        return tr.t("{plot} ({yields} a turn; pay {paid})", plot=names.of(args[0], tr),
                    yields=names.plot_yield(args[0], tr), paid=paid)
    if kind == "tech":
        tech = names.tech[args[0]]
        return tr.t("{tech} ({cost}: {effects})", tech=names.of(args[0], tr),
                    cost=cost_words("commerce", max(0, tech.cost - me["discounts"][0]), tr),
                    effects=tech_effects(tech, names.cards, tr=tr))
    if kind == "cash":
        card = names.card.get(args[0])
        if card is None:
            return names.of(args[0], tr)
        return tr.t("{card} for {res}", card=names.of(args[0], tr), res=res_words(card.yields, tr))
    if kind == "trade":
        return tr.t("{paid} for {res}", paid=res_words(trade_paid_words(args[0]), tr), res=one(args[2], tr=tr))
    if kind == "writing":
        return tr.t("a card from player {n} ({writing})", n=args[0], writing=names.tech_name("writing", tr))
    if kind == "laws":
        return tr.t("resources from player {n} ({laws})", n=args[0], laws=names.tech_name("laws", tr))
    return tr.t("player {n} with {unit}", n=args[1], unit=names.of(args[0], tr))  # attack


def obs_population_cost(population: int, names: Names) -> int:
    """CCG-6.3: 6 + 2P Food."""
    nums = names.cards.numbers
    return int(nums["population_cost_base"] + nums["population_cost_step"] * population)


def obs_plot_paid(text: str, me: dict[str, Any]) -> tuple[int, int, int]:
    """What ``plot X [spare-R]`` pays (CCG-6.4, the same plan as the rules')."""
    words = text.split()
    spare = RESOURCES.index(words[2][6:]) if len(words) > 2 else 3
    return pay_plan([me["resources"][r] for r in RESOURCES], me["plot_cost"], spare)


GROUPS = {"pop": NP_("menu", "buy a population"), "plot": NP_("menu", "buy a plot"),
          "tech": NP_("menu", "buy a technology"), "build": NP_("menu", "build"),
          "cash": NP_("menu", "cash a resource card"), "trade": NP_("menu", "trade with the bank"),
          "writing": NP_("menu", "steal"), "laws": NP_("menu", "steal"), "attack": NP_("menu", "attack")}


@localizable
def path(text: str, obs: dict[str, Any], names: Names, *, tr: Translator = ENGLISH) -> tuple[str, ...]:
    """The purchase step's menu grouped by what is done (builds by card, then plot);
    other steps are flat. The last entry does not repeat the group's words."""
    words = text.split()
    kind = words[0]
    shown = label(text, obs, names, tr=tr)
    if obs["phase"] != "purchase" or kind not in GROUPS or obs.get("player") is None:
        return (shown,)
    group = tr.pgettext("menu", GROUPS[kind])
    me = obs["players"][obs["player"]]
    if kind == "build":
        card = names.card[words[1]]
        off = me["discounts"][2 if card.kind == WONDER else 1]
        pl = me["plots"][int(words[2]) - 1]
        return (group, tr.t("{card} ({cost}: {effects})", card=names.of(words[1], tr),
                            cost=cost_words("hammers", max(0, card.cost - off), tr),
                            effects=card_effects(card, names.cards, tr=tr)),
                tr.t("on plot {n} {plot}", n=words[2], plot=names.of(pl["plot"], tr)))
    try:
        return (group, _leaf(kind, words[1:], obs, names, tr))
    except (IndexError, KeyError, ValueError):
        return (group, shown)


# ------------------------------------------------------------------ help
@localizable
def help_text(obs: dict[str, Any], viewer: Viewer, names: Names, *, tr: Translator = ENGLISH) -> str:
    """What is being decided now, and how to write its actions."""
    phase = obs["phase"]
    if obs["over"]:
        return tr.t("The game is over.")
    what = doing(phase, tr)
    movers = obs["to_move"]
    who = seat(movers[0], viewer, tr) if movers else tr.gettext("nobody")
    if obs["turn"]:
        lines = [say(tr, N_("Deciding: {who}, to {what} (step '{step}' of {current:player}'s turn)."), viewer, who=who,
                     what=what, step=step_name(phase, tr), current=obs["current"])]
    else:
        lines = [tr.t("Deciding: {who}, to {what} (set-up).", who=who, what=what)]
    lines.append(tr.t("Actions: {notation}.", notation=notation(phase, tr)))
    lines.append(tr.t("Names may be typed as shown (build City Walls 2) or as ids (build city_walls 2); "
                      "plots are numbered from 1 in the order you got them, players by seat."))
    if phase == "purchase":
        nums = names.cards.numbers
        lines.append(tr.t("Costs: a population {base} + {step} Food per population already on the plot; a plot "
                          "{plot_base} + {plot_step} resources per plot beyond {plot_from} (any mix); technologies in "
                          "Commerce, buildings and wonders in Hammers (less your discounts); {trade} resources buy 1 "
                          "from the bank.", base=nums["population_cost_base"], step=nums["population_cost_step"],
                          plot_base=nums["plot_cost_base"], plot_step=nums["plot_cost_step"],
                          plot_from=nums["plot_cost_from"], trade=nums["bank_trade"]))
        lines.append(tr.t("Victory points: 1 per population, technology and wonder; the last technology ends the game."))
    if phase in ("declare", "redeclare", "purchase"):
        lines.append(tr.t("Combat: attack the players beside you with units from your hand, after 'done' ends the "
                          "purchases (or during them, with step-order B); 'fight' starts the combat."))
    return "\n".join(lines)
