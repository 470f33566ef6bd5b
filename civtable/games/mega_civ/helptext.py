"""What the decision in front of a player is about and how its actions are written
(``Game.help``), one paragraph per step."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from civtable.core.events import Viewer

from .codes import PHASE_TITLES

if TYPE_CHECKING:
    from .game import MegaCiv

STEP_HELP: dict[str, str] = {
    "revolt": (
        "Tax revolt (MC-1.2): a player could not pay his tax, and you are the Beneficiary (most cities in stock, "
        "then most tokens in stock, then AST order). Choose which of his cities becomes yours: 'revolt AREA'"
        " (or 'decline' where the rules let you)."),
    "grow": (
        "Population expansion (MC-2.1): every area with your tokens grows, +1 where you have one token, +2 where "
        "you have two or more; your stock cannot pay it all, so choose the areas that grow one at a time: "
        "'grow AREA'."),
    "move": (
        "Movement (MC-3): each token may move once, to a land area next to it ('move FROM TO'; with Roadbuilding "
        "'move FROM THROUGH TO'). A ship ('ship AREA HOW') costs 2 tokens in that coastal area ('tokens'), 1 there "
        "and 1 elsewhere ('split'), 2 from treasury ('treasury') or 1 token and 1 treasury ('mixed'); it carries up "
        "to 5 tokens up to 4 areas along the coast ('sail FROM TO COUNT'). 'done' ends your movement. Areas with "
        "more tokens than their limit at the end of movement fight (phase 4)."),
    "military": (
        "Advanced Military (MC-4): in a conflict you take part in, you may remove tokens from the land areas next "
        "to it instead of those in it: 'reinforce AREA', then 'done'."),
    "build": (
        "City construction (MC-5.1): a city needs 6 of your tokens on a city site (marked *), 12 elsewhere; the "
        "tokens go back to your stock: 'city AREA' ('city AREA treasury' with Architecture, 'city AREA adjacent' "
        "with Urbanism), 'done' when you have built what you want. Then surplus tokens are removed (MC-5.2) and "
        "each city needs 2 tokens on the map (MC-5.3)."),
    "reduce": (
        "City support (MC-5.3): your cities need 2 of your tokens on the map each; you do not have enough, so "
        "reduce cities one at a time ('reduce AREA'): a reduced city becomes tokens, up to the area's limit."),
    "cards": (
        "Trade cards (MC-6): you drew one card from stacks 1 to N for your N cities. You may buy more with "
        "treasury: 'buy-card STACK COST' (the cost goes back to your stock), 'done' to stop."),
    "trade": (
        "Trade (MC-7): an offer shows two cards and hides at least one more, each hidden card declared as a "
        "commodity. Written 'offer SHOWN1 SHOWN2 HIDDEN as DECLARED', then 'add HIDDEN as DECLARED' for more "
        "hidden cards or 'post'. The others answer with 'counter ...' (built the same way) or 'decline'; the "
        "proposer then 'accept SEAT' or 'reject'. 'pass' makes no offer. Others see only the shown cards, the "
        "declarations and how many cards are hidden; a set of n cards of one commodity is worth n x n x its value."),
    "discard": (
        "Discarding (MC-8.2 / MC-12.4): in phase 8 you may keep at most 3 calamities (2 major) and no two alike; in "
        "phase 12 your hand is over its limit. Choose a card to discard: 'discard CARD'."),
    "task": (
        "Calamity or ability (MC-9, MC-10): its effect is chosen one unit at a time: 'lose AREA' (a token, 1 "
        "point), 'lose-city AREA' (a city, 5 points), 'reduce AREA', 'destroy AREA', 'annex AREA', 'victim SEAT', "
        "'barbarians AREA', 'discard CARD', 'keep CARD', 'give CARD', 'credit GROUP', 'take ADVANCE'..."),
    "special": (
        "Special abilities (MC-10.1): your advances let you act now: 'tax-rate K' (Coinage, Monarchy), "
        "'trade-routes CARD', 'politics-treasury' / 'politics-annex AREA', 'fundamentalism AREA', 'monotheism "
        "AREA', 'universal-doctrine AREA', 'provincial-empire SEAT', 'diaspora FROM TO'; 'done' to stop."),
    "buy": (
        "Civilization Advances (MC-12): 'buy ADVANCE' fixes its price (cost less your credits of its group); then "
        "pay with whole sets of cards ('pay CARD': every card of that commodity, n x n x its value) and with "
        "treasury ('treasury' pays the rest); no change is given. 'cancel' gives everything back, 'done' stops. "
        "Advances score 1, 3 or 6 VP by cost and give credits towards others."),
}

NOTATION = ("Actions are written with ids: areas in snake_case (kings_vale), cards and advances in lower case with "
            "hyphens (civil-war, drama-and-poetry); names with spaces are understood too ('grow Kings Vale'). "
            "'civtable cards mega-civ' lists every card and advance with its numbers.")


def help_text(game: MegaCiv, obs: dict[str, Any], viewer: Viewer) -> str:
    phase = obs["phase"]
    lines = [f"Turn {obs['turn']}, phase {phase}: {PHASE_TITLES[phase]}. A turn has 13 phases: tax, expansion, "
             "movement, conflict, cities, trade cards, trade, calamity selection and resolution, special "
             "abilities, surplus removal, advances, AST."]
    step = obs["step"]
    if obs["over"]:
        lines.append("The game is over: the most victory points win (cities, advances, AST squares).")
    elif viewer is not None and viewer in obs["to_move"]:
        lines.append(STEP_HELP.get(step, ""))
        if obs.get("waiting_for"):
            lines.append("The others decide at the same time; nobody sees your choices before all are done.")
    else:
        lines.append("You have nothing to decide now: " + STEP_HELP.get(step, step).split(":")[0] + ".")
    lines.append(NOTATION)
    lines.append("The screen: areas as 'Name* tokens/limit' (* a city site); the players' table in AST order "
                 "('>' marks who decides).")
    return "\n".join(line for line in lines if line)
