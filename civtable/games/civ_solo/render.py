"""What a person at the table reads: the turn, the news since the last answer, the
debts and battles to come, and the question in words."""

from __future__ import annotations

from typing import Any

from civtable.core.action import Action

from .state import COUNTS


def render(obs: dict[str, Any]) -> str:
    turn = obs["turn"]
    head = (f"civ-solo - the {obs['civ']}, set-up" if turn == 0 else
            f"civ-solo - the {obs['civ']}, turn {turn} of {obs['final_turn']}")
    lines = [head + f" (wonders in the market: {obs['era']}; event dice at the next turn start: {obs['pool']})"]
    debt = {k: v for k, v in obs["debt"].items() if v}
    if debt:
        lines.append("Wound-marker debt: " + ", ".join(f"{k} {v}" for k, v in debt.items())
                     + " (tokens you gain pay it off first, SOLO-4.1.5)")
    for p in obs["pending"]:
        what = (f"military level {p['level']}, card limit {p['limit']}" if p["level"] is not None
                else "level from that turn's table row")
        lines.append(f"Battle pending: turn {p['due']}, at the end of the movement phase ({what})")
    for text in obs["news"]:
        lines.append("* " + text)
    if obs["over"]:
        outcome = {"won": "You won.", "battle": "You lost: your capital fell in battle.",
                   "time": "You lost: time ran out."}.get(obs["outcome"] or "", "")
        lines.append("Game over. " + outcome)
    elif obs["question"]:
        lines.append(obs["question"])
    return "\n".join(lines)


def describe_actions(obs: dict[str, Any], legal: list[Action]) -> list[str] | None:
    """Compact answer lists for long questions (numbers, dice, unit cards); ``None``
    keeps the numbered list of the terminal player."""
    ask = obs.get("ask")
    if not legal or ask is None:
        return None
    texts = [a.text for a in legal]
    if ask in COUNTS or ask.startswith("gained:"):
        return [f"Answers: '{texts[0]}' to '{texts[-1]}' (or just the number)."]
    if ask == "dice":
        extra = "; 'miss' if no other die shows 5 or 6" if "miss" in texts else ""
        return [f"Answers: 'die 1' to 'die 6' (or just the number){extra}."]
    if ask in ("units", "hand"):
        by_kind: dict[str, dict[int, list[int]]] = {}
        for t in texts:
            parts = t.split()
            if parts[0] != "unit":
                continue
            if parts[1] == "aircraft":
                by_kind.setdefault("aircraft", {}).setdefault(0, []).append(int(parts[2]))
            else:
                by_kind.setdefault(parts[1], {}).setdefault(int(parts[2]), []).append(int(parts[3]))
        out = ["Answers (type the whole text):"]
        for kind, ranks in by_kind.items():
            if kind == "aircraft":
                out.append(f"  unit aircraft S  with S = {'/'.join(map(str, ranks[0]))}")
            else:
                spans = "; ".join(f"rank {r}: S = {'/'.join(map(str, ss))}" for r, ss in ranks.items())
                out.append(f"  unit {kind} R S  ({spans})")
        rest = [t for t in texts if not t.startswith("unit ")]
        out.append("  " + ", ".join(rest))
        return out
    return None
