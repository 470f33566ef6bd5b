"""A plain-text view of a Civilization card game observation for terminal play."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .rules import Rules


def render(obs: dict[str, Any], player: int, rules: Rules) -> str:
    names = {c.id: c.name for c in rules.cards.cards}
    names.update({p.id: p.name for p in rules.cards.plots})
    names.update({t.id: t.name for t in rules.cards.techs})

    def nm(x: str) -> str:
        return names.get(x, x)

    lines = [f"Turn {obs['turn']} - player {obs['current']}'s turn, step: {obs['phase']}"]
    for view in obs["players"]:
        who = "You" if view["seat"] == player else "Player"
        res = view["resources"]
        lines.append(f"{who} (player {view['seat']}): {view['vp']} VP, culture {view['culture']}, "
                     f"happiness {view['happiness']}, {view['hand_size']} cards in hand; "
                     f"{res['food']} food, {res['hammers']} hammers, {res['commerce']} commerce")
        for i, pl in enumerate(view["plots"], 1):
            cards = ", ".join(nm(c) for c in pl["cards"])
            lines.append(f"  plot {i}: {nm(pl['plot'])}, population {pl['population']}" + (f" [{cards}]" if cards else ""))
        if view["technologies"]:
            lines.append("  technologies: " + ", ".join(nm(t) for t in view["technologies"]))
        if "hand" in view:
            lines.append("  hand: " + (", ".join(f"{k}x {nm(c)}" if k > 1 else nm(c) for c, k in view["hand"].items()) or "-"))
    status = []
    if obs["highest_culture"]:
        status.append("Highest Culture: " + ", ".join(f"player {p}" for p in obs["highest_culture"]))
    if obs["highest_happiness"]:
        status.append("Highest Happiness: " + ", ".join(f"player {p}" for p in obs["highest_happiness"]))
    if status:
        lines.append("; ".join(status))
    if obs["draft"]:
        lines.append("Draft: " + ", ".join(nm(p) for p in obs["draft"]))
    lines.append("Plots for sale: " + (", ".join(nm(p) for p in obs["plot_display"]) or "-"))
    techs = []
    for t in obs["tech_display"]:
        tech = next(x for x in rules.cards.techs if x.id == t)
        techs.append(f"{tech.name} ({tech.cost})")
    lines.append("Technologies for sale: " + (", ".join(techs) or "-")
                 + f"; {obs['tech_deck_size']} more in the deck")
    combat = obs["combat"]
    if combat:
        attacks = ", ".join(f"{nm(a['unit'])} -> player {a['defender']} ({a['status']})" for a in combat["attacks"])
        lines.append(f"Combat by player {combat['attacker']}: {attacks}")
    if obs["over"]:
        won = obs["winners"]
        lines.append("Game over: " + (", ".join(f"player {p}" for p in won) + " won" if won else "no winner"))
    return "\n".join(lines)
