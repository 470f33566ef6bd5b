"""The terminal of Civilization: The Card Game: the screen of an observation, action
labels with costs, menu paths, and help. Everything is built from the viewer's
observation (it cannot show what he may not see) and the card set's names."""

from __future__ import annotations

import textwrap
from importlib.resources import files
from typing import Any

from civtable.core.events import Viewer
from civtable.core.files import parse_json
from civtable.core.messages import join

from .catalog import RESOURCE_NAMES, RESOURCES, WONDER
from .rules.purchase import pay_plan
from .words import Names, card_effects, res_short, res_words, tech_effects

__all__ = ["help_text", "label", "path", "screen"]

WIDTH = 100

def _steps() -> dict[str, tuple[str, str]]:
    """``data/steps.json``: for each step, what the decider is to do and how its actions are written."""
    path = files(__package__) / "data" / "steps.json"
    table = parse_json(path.read_text(encoding="utf-8"), f"step texts {path}")["steps"]
    return {**{name: (step["doing"], step["notation"]) for name, step in table.items()}, "over": ("", "")}


STEPS = _steps()
"""phase: (what the decider is to do, the notation of the step)"""


def seat(p: int, viewer: Viewer) -> str:
    return f"player {p} (you)" if p == viewer else f"player {p}"


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


# ------------------------------------------------------------------ the screen
def screen(obs: dict[str, Any], viewer: Viewer, names: Names) -> str:
    """The whole table for one viewer, in at most about 40 lines for 4 players."""
    lines = [_headline(obs, viewer)]
    me = obs["players"][viewer] if viewer is not None else None
    if obs["turn"]:
        plots = ", ".join(f"{names.of(p)} ({res_short(names.plot[p].yields)})" for p in obs["plot_display"]) or "-"
        price = f"; your next plot costs {me['plot_cost']} resources" if me is not None else ""
        lines += wrap(f"Plots for sale: {plots}{price}; {obs['plot_deck_size']} more in the deck", "")
    if obs["tech_display"]:
        lines.append(f"Technologies for sale ({obs['tech_deck_size']} more in the deck; 1 VP each):")
    for t in obs["tech_display"]:
        tech = names.tech[t]
        cost = f"{tech.cost} Commerce"
        if me is not None and me["discounts"][0]:
            cost += f" (you pay {max(0, tech.cost - me['discounts'][0])})"
        lines += wrap(f"{tech.name}: {cost} - {tech_effects(tech, names.cards)}")
    if obs["draft"]:
        lines.append("Draft: " + ", ".join(f"{names.of(p)} ({res_short(names.plot[p].yields)})" for p in obs["draft"]))
    status = []
    for key, title in (("highest_culture", "Highest Culture"), ("highest_happiness", "Highest Happiness")):
        holders = obs[key]
        status.append(f"{title}: {join([seat(p, viewer) for p in holders]) if holders else 'nobody'}")
    lines.append(f"Play deck {obs['deck_size']}, discard pile {sum(obs['discard'].values())}, population bank "
                 f"{obs['population_bank']}. " + "; ".join(status) + ".")
    order = [viewer] if viewer is not None else []
    order += [p for p in range(obs["players_count"]) if p != viewer]
    for p in order:
        lines += _player(obs, obs["players"][p], viewer, names)
    lines += _combat(obs, viewer, names)
    if obs["over"]:
        lines.append(result(obs, viewer))
    return "\n".join(lines)


def _headline(obs: dict[str, Any], viewer: Viewer) -> str:
    if obs["over"]:
        return f"Civilization: The Card Game - turn {obs['turn']}: the game is over."
    turn = f"turn {obs['turn']}, {seat(obs['current'], viewer)}'s turn" if obs["turn"] else "set-up"
    who, what = deciding(obs, viewer)
    return f"Civilization: The Card Game - {turn}; step: {obs['phase']}. Deciding: {who}, to {what}."


def result(obs: dict[str, Any], viewer: Viewer) -> str:
    """The end of the game in words (CCG-1.2, CCG-1.3)."""
    won = obs["winners"]
    return "The game is over: " + (join([seat(p, viewer) for p in won]) + " won." if won else "nobody won.")


COUNTED = ("start-discard", "discard", "bounce", "take-resources", "give-resources")
"""The steps that ask for several choices in a row (``pending.left`` of them)."""


def deciding(obs: dict[str, Any], viewer: Viewer) -> tuple[str, str]:
    """Who decides now and what, in words: ("player 1", "give resources (Code of Laws)
    (2 to go) to player 0")."""
    phase, movers, pending = obs["phase"], obs["to_move"], obs["pending"]
    what = STEPS[phase][0]
    if phase in COUNTED and pending["left"]:
        what += f" ({pending['left']} to go)"
    if phase == "take-resources":
        what += f" from {seat(pending['target'], viewer)}"
    elif phase == "give-resources":
        what += f" to {seat(pending['queue'][1], viewer)}"
    return (seat(movers[0], viewer) if movers else "nobody"), what


def _player(obs: dict[str, Any], view: dict[str, Any], viewer: Viewer, names: Names) -> list[str]:
    p = view["seat"]
    pops = sum(pl["population"] for pl in view["plots"])
    wonders = sum(1 for pl in view["plots"] for c in pl["cards"] if names.card[c].kind == WONDER)
    res = ", ".join(f"{view['resources'][r]} {'Hammer' if name == 'Hammers' and view['resources'][r] == 1 else name}"
                    for r, name in zip(RESOURCES, RESOURCE_NAMES, strict=True))
    who = seat(p, viewer)
    out = [f"{who[:1].upper()}{who[1:]}{', dealer' if p == obs['dealer'] else ''}: {view['vp']} VP "
           f"({len(view['technologies'])} tech, {pops} pop, {wonders} wonder{'s' if wonders != 1 else ''}) | "
           f"culture {view['culture']}, happiness {view['happiness']} | {view['hand_size']} "
           f"card{'s' if view['hand_size'] != 1 else ''} in hand"]
    techs = [names.of(t) for t in view["technologies"]]
    out += pack(f"Resources: {res} | Technologies: ", techs or ["none"], ", ")
    plots = []
    for i, pl in enumerate(view["plots"], 1):
        cards = ", ".join(names.of(c) for c in pl["cards"])
        free = pl["slots"] - len(pl["cards"])
        room = f" +{free} slot{'s' if free > 1 else ''}" if free > 0 else ""
        price = f" (next {obs_population_cost(pl['population'], names)}F)" if p == viewer and obs["turn"] else ""
        plots.append(f"{i} {names.of(pl['plot'])} {res_short(names.plot[pl['plot']].yields)}"
                     f" pop {pl['population']}{price}{' [' + cards + ']' if cards else ''}{room}")
    out += pack("Plots: ", plots)
    if "hand" in view:
        hand = pack("Hand: ", [_hand_card(c, k, view, names) for c, k in view["hand"].items()] or ["-"])
        if len(hand) > 4:  # a long hand: names and costs (the effects are in the menus and the reference)
            hand = pack("Hand: ", [_hand_card(c, k, view, names, short=True) for c, k in view["hand"].items()],
                        ", ")
        out += hand
    return out


def _hand_card(c: str, k: int, view: dict[str, Any], names: Names, short: bool = False) -> str:
    card = names.card[c]
    count = f"{k}x " if k > 1 else ""
    if card.placed:
        off = view["discounts"][2 if card.kind == WONDER else 1]
        cost = f"{max(0, card.cost - off)}H"
        if short:
            return f"{count}{card.name} ({cost}{', wonder' if card.kind == WONDER else ''})"
        return f"{count}{card.name} ({cost}: {card_effects(card, names.cards)})"
    if short:
        return f"{count}{card.name}"
    return f"{count}{card.name} ({card_effects(card, names.cards)})"


def _combat(obs: dict[str, Any], viewer: Viewer, names: Names) -> list[str]:
    combat = obs["combat"]
    if not combat:
        return []
    attacks = [f"{names.of(a['unit'])} -> {seat(a['defender'], viewer)} ({a['status']})" for a in combat["attacks"]]
    out = wrap(f"Combat of {seat(combat['attacker'], viewer)}: " + ", ".join(attacks), "")
    if combat["blocks"]:
        blocks = [f"{names.of(combat['attacks'][b['attack']]['unit'])} by {names.of(b['unit'])}"
                  for b in combat["blocks"]]
        out += wrap("Blocked: " + ", ".join(blocks))
    return out


# ------------------------------------------------------------------ menus
def label(text: str, obs: dict[str, Any], names: Names) -> str:
    """An action in words, with what it costs or gives."""
    words = text.split()
    kind, args = words[0], words[1:]
    me = obs["players"][obs["player"]] if obs.get("player") is not None else None
    base = names.describe(text)
    if me is None:
        return base
    if kind == "pop":
        pl = me["plots"][int(args[0]) - 1]
        cost = obs_population_cost(pl["population"], names)
        return f"buy a population for plot {args[0]} {names.of(pl['plot'])} ({cost} Food)"
    if kind == "plot":
        return f"{base} ({names.plot_yield(args[0])} a turn; pay {res_words(obs_plot_paid(text, me))})"
    if kind == "tech":
        tech = names.tech[args[0]]
        return f"{base} ({max(0, tech.cost - me['discounts'][0])} Commerce: {tech_effects(tech, names.cards)})"
    if kind == "build":
        card = names.card[args[0]]
        pl = me["plots"][int(args[1]) - 1]
        off = me["discounts"][2 if card.kind == WONDER else 1]
        return f"build {card.name} on plot {args[1]} {names.of(pl['plot'])} ({max(0, card.cost - off)} Hammers)"
    if kind in ("lose", "gain", "place"):
        pl = me["plots"][int(args[0]) - 1]
        return f"{base} {names.of(pl['plot'])} (population {pl['population']})"
    if kind == "destroy":
        return f"{base} {names.of(me['plots'][int(args[1]) - 1]['plot'])}"
    if kind == "done":
        return {"purchase": "done: end the purchases", "defend": "done: take the remaining attack"}.get(
            obs["phase"], "done")
    if kind == "fight" and obs["phase"] == "redeclare":
        return "fight: go on with the combat"
    if kind == "draw" and "culture" in args:
        return f"{base}: one more card to discard"
    if kind == "pass":
        return {"steal-window": "pass: steal nothing", "declare": "pass: no combat"}.get(obs["phase"], "pass")
    return base


def obs_population_cost(population: int, names: Names) -> int:
    """CCG-6.3: 6 + 2P Food."""
    nums = names.cards.numbers
    return int(nums["population_cost_base"] + nums["population_cost_step"] * population)


def obs_plot_paid(text: str, me: dict[str, Any]) -> tuple[int, int, int]:
    """What ``plot X [spare-R]`` pays (CCG-6.4, the same plan as the rules')."""
    words = text.split()
    spare = RESOURCES.index(words[2][6:]) if len(words) > 2 else 3
    return pay_plan([me["resources"][r] for r in RESOURCES], me["plot_cost"], spare)


GROUPS = {"pop": "buy a population", "plot": "buy a plot", "tech": "buy a technology", "build": "build",
          "cash": "cash a resource card", "trade": "trade with the bank", "writing": "steal", "laws": "steal",
          "attack": "attack"}


def path(text: str, obs: dict[str, Any], names: Names) -> tuple[str, ...]:
    """The purchase step's menu grouped by what is done (builds by card, then plot);
    other steps are flat. The last entry does not repeat the group's words."""
    words = text.split()
    kind = words[0]
    shown = label(text, obs, names)
    if obs["phase"] != "purchase" or kind not in GROUPS or obs.get("player") is None:
        return (shown,)
    group = GROUPS[kind]
    me = obs["players"][obs["player"]]
    if kind == "build":
        card = names.card[words[1]]
        off = me["discounts"][2 if card.kind == WONDER else 1]
        pl = me["plots"][int(words[2]) - 1]
        return (group, f"{card.name} ({max(0, card.cost - off)} Hammers: {card_effects(card, names.cards)})",
                f"on plot {words[2]} {names.of(pl['plot'])}")
    for prefix in ("buy a population for ", "buy the plot ", "buy the technology ", "cash ", "trade ", "steal ",
                   "attack "):
        if shown.startswith(prefix):
            return (group, shown[len(prefix):].removesuffix(" with the bank"))
    return (group, shown)


# ------------------------------------------------------------------ help
def help_text(obs: dict[str, Any], viewer: Viewer, names: Names) -> str:
    """What is being decided now, and how to write its actions."""
    phase = obs["phase"]
    if obs["over"]:
        return "The game is over."
    what, notation = STEPS[phase]
    movers = obs["to_move"]
    who = seat(movers[0], viewer) if movers else "nobody"
    lines = [f"Deciding: {who}, to {what} (step {phase!r} of {seat(obs['current'], viewer)}'s turn)."
             if obs["turn"] else f"Deciding: {who}, to {what} (set-up)."]
    lines.append(f"Actions: {notation}.")
    lines.append("Names may be typed as shown (build City Walls 2) or as ids (build city_walls 2); "
                 "plots are numbered from 1 in the order you got them, players by seat.")
    if phase == "purchase":
        nums = names.cards.numbers
        lines.append(f"Costs: a population {nums['population_cost_base']} + {nums['population_cost_step']} Food per "
                     f"population already on the plot; a plot {nums['plot_cost_base']} + {nums['plot_cost_step']} "
                     f"resources per plot beyond {nums['plot_cost_from']} (any mix); technologies in Commerce, "
                     f"buildings and wonders in Hammers (less your discounts); "
                     f"{nums['bank_trade']} resources buy 1 from the bank.")
        lines.append("Victory points: 1 per population, technology and wonder; the last technology ends the game.")
    if phase in ("declare", "redeclare", "purchase"):
        lines.append("Combat: attack the players beside you with units from your hand, after 'done' ends the "
                     "purchases (or during them, with step-order B); 'fight' starts the combat.")
    return "\n".join(lines)
