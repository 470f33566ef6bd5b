"""A plain-text view of a Catan Deck Building observation for terminal play."""

from __future__ import annotations

from typing import Any

from .cards import load_cards

NAMES = dict(zip(load_cards().ids, load_cards().names, strict=True))


def _cards(counts: dict[str, int]) -> str:
    parts = [f"{n}x {NAMES[c]}" if n > 1 else NAMES[c] for c, n in counts.items() if n]
    return ", ".join(parts) if parts else "-"


def render(obs: dict[str, Any], player: int) -> str:
    lines = [f"Turn {obs['turn']} - player {obs['current']}'s turn" + (" (you)" if obs["current"] == player else "")]
    for view in obs["players"]:
        who = "You" if view["seat"] == player else "Opponent"
        lines.append(f"{who} (player {view['seat']}): {view['hand_size']} in hand, "
                     f"{view['draw_size']} in draw pile, {view['discard_size']} in discard pile"
                     + (f" (top: {NAMES[view['discard_top']]})" if view["discard_top"] else ""))
        if "hand" in view:
            lines.append(f"  hand:      {_cards(view['hand'])}")
        lines.append(f"  laid down: {_cards(view['laid'])}"
                     + (f"; {view['reserved_knights']} Knight(s) kept from a reflection" if view["reserved_knights"] else ""))
        owned = view["owned"]
        lines.append(f"  owns:      {owned['city']} City, {owned['settlement']} Settlement, "
                     f"{sum(owned.values())} cards in all")
    pool = {k: v for k, v in obs["pool"].items() if v}
    if pool:
        lines.append("Laid-down resources to spend: " + ", ".join(
            f"{v} {k.replace('choice-settlement', 'of choice (Settlement)').replace('choice-other', 'of choice')}"
            for k, v in pool.items()))
    lines.append("Supply: " + ", ".join(f"{NAMES[c]} {n}" for c, n in obs["supply"].items()))
    pending = obs["pending"]
    if pending:
        attack = NAMES[pending["attack"]] if pending["attack"] else "attack"
        if obs["phase"] in ("react", "counter"):
            lines.append(f"Player {pending['attacker']} attacks player {pending['victim']} with a {attack}"
                         + (" and it was reflected" if obs["phase"] == "counter" else ""))
        elif obs["phase"] == "steal":
            lines.append(f"The {attack} took a {NAMES[pending['stolen']]} from player {pending['victim']}: keep it or return it")
        elif obs["phase"] == "discard":
            lines.append(f"Player {pending['victim']} must discard {pending['left']} more card(s)")
    if obs["over"]:
        lines.append("Game over: " + (f"player {obs['winner']} wins" if obs["winner"] is not None else "a draw"))
    return "\n".join(lines)
