"""A plain-text view of a Mega Civilization observation for terminal play."""

from __future__ import annotations

from typing import Any


def render(obs: dict[str, Any], player: int) -> str:
    me = obs["players"][player]
    lines = [f"Turn {obs['turn']}, phase {obs['phase']} ({obs['phase_name']}), step: {obs['step']}",
             f"You play {me['civilization'].title()} (player {player}, AST rank {me['ast_rank']}): "
             f"AST square {me['ast']}, census {me['census']}, {me['stock']} tokens in stock, "
             f"treasury {me['treasury']}, {me['cities_in_stock']} cities and {me['ships_in_stock']} ships in stock, "
             f"{me['vp']} VP"]
    moved = obs["moved"]
    mine = ", ".join(f"{a} {k}" + (f" ({moved[a]} moved)" if moved.get(a) else "") for a, k in sorted(me["tokens"].items()))
    lines.append(f"  your tokens: {mine or '-'}")
    lines.append(f"  your cities: {', '.join(me['cities']) or '-'}")
    if obs["ships"]:
        lines.append(f"  your ships: {', '.join(obs['ships'])}")
    lines.append("Others (AST order):")
    for seat in obs["ast_order"]:
        if seat == player:
            continue
        p = obs["players"][seat]
        lines.append(f"  player {seat} {p['civilization'].title()}: {sum(p['tokens'].values())} tokens in "
                     f"{len(p['tokens'])} areas, {len(p['cities'])} cities, treasury {p['treasury']}, "
                     f"AST {p['ast']}, {p['vp']} VP")
    if obs.get("waiting_for"):
        lines.append("Deciding at the same time: " + ", ".join(f"player {p}" for p in obs["waiting_for"]))
    if obs["over"]:
        lines.append("Game over: " + ", ".join(f"player {p}" for p in obs["winners"]) + " won")
    return "\n".join(lines)
