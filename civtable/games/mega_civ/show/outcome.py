"""What calamities did and what advances cost, in words for the page and the terminal (issue 27, item 3).

``struck`` tells each calamity of this turn (MC-9) with what it did to whom, from the
observation's public record (``MegaState.struck``); ``lacking`` tells a buyer what he
can pay and the advances just out of his reach (MC-12.2); ``task_hint`` where a
calamity's choice is made on the page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from civtable.i18n import ENGLISH, NN_, Translator

from .words import Words, semicolon

TASKS: dict[str, tuple[str, str]] = {
    "lose": NN_("{victim} loses {n} more unit points (a token 1, a city {city})",
                "{victim} loses {n} more unit points (a token 1, a city {city})"),
    "reduce": NN_("{victim} reduces {n} city more", "{victim} reduces {n} cities more"),
    "destroy": NN_("{victim} loses {n} city more", "{victim} loses {n} cities more"),
    "support": NN_("{victim} reduces cities until the rest are supported",
                   "{victim} reduces cities until the rest are supported"),
    "annex": NN_("{chooser} annexes {n} more unit points of {victim}", "{chooser} annexes {n} more unit points of {victim}"),
    "annex-city": NN_("{chooser} annexes {n} city more of {victim}", "{chooser} annexes {n} cities more of {victim}"),
    "pirate": NN_("{chooser} turns {n} city more of {victim} into pirate cities",
                  "{chooser} turns {n} cities more of {victim} into pirate cities"),
    "quake-neighbour": NN_("{victim} reduces a city next to the one struck", "{victim} reduces a city next to the one struck"),
    "victims": NN_("{victim} chooses {n} more secondary victim", "{victim} chooses {n} more secondary victims"),
    "discard": NN_("{victim} discards {n} more card", "{victim} discards {n} more cards"),
    "discard-value": NN_("{victim} discards cards worth {n} more", "{victim} discards cards worth {n} more"),
    "pay-or": NN_("{victim} pays {n} treasury or suffers", "{victim} pays {n} treasury or suffers"),
    "regress-or": NN_("{victim} moves back on the AST or loses cities", "{victim} moves back on the AST or loses cities"),
    "buy-off": NN_("{victim} may discard two commodity cards instead of the reductions",
                   "{victim} may discard two commodity cards instead of the reductions"),
    "barbarians": NN_("{chooser} leads {n} barbarians against {victim}", "{chooser} leads {n} barbarians against {victim}"),
    "give": NN_("{victim} gives a card", "{victim} gives a card"),
    "credit": NN_("{victim} chooses the group of a credit token", "{victim} chooses the group of a credit token"),
    "free-advance": NN_("{victim} may take a free advance", "{victim} may take a free advance"),
}
"""What a calamity's or an ability's task still asks, by its kind (``count`` is ``n``):
the English screen's words, with the plural forms a translation needs."""


TASK_WHERE = {**dict.fromkeys(("lose", "reduce", "destroy", "support", "annex", "annex-city", "pirate", "quake-neighbour",
                                "barbarians"), "map"), "victims": "players",
              **dict.fromkeys(("discard", "discard-value", "give", "buy-off"), "hand")}
"""Where the page shows the things a calamity's or an ability's task is chosen on (the rest: the list of actions)."""


def task_hint(kind: str, tr: Translator = ENGLISH) -> str:
    """Where to click for a task's choice."""
    where = TASK_WHERE.get(kind)
    if where == "map":
        return tr.t("Your choice: click a highlighted area on the map.")
    if where == "players":
        return tr.t("Your choice: click a player in the players table.")
    if where == "hand":
        return tr.t("Your choice: click a card of your hand.")
    return tr.t("Your choice: in the list of actions.")


def merged(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Tokens lost one at a time in one area told as one item ("2 tokens in West Cape"), in order."""
    out: list[dict[str, Any]] = []
    at: dict[str, dict[str, Any]] = {}
    for item in items:
        if set(item) == {"tokens", "area"} and item["area"] in at:
            at[item["area"]]["tokens"] += item["tokens"]
            continue
        out.append(dict(item))
        if set(item) == {"tokens", "area"}:
            at[item["area"]] = out[-1]
    return out


def done_text(w: Words, done: dict[str, list[dict[str, Any]]], tr: Translator = ENGLISH) -> str:
    """One player's losses and gains: "lost 3 tokens in Thebes; gained the city in Memphis"."""
    parts = []
    if done["lost"]:
        parts.append(tr.t("lost {things}", things=", ".join(w.loss(i, tr) for i in merged(done["lost"]))))
    if done["gained"]:
        parts.append(tr.t("gained {things}", things=", ".join(w.loss(i, tr) for i in merged(done["gained"]))))
    return semicolon(tr).join(parts)


def struck(w: Words, obs: dict[str, Any], who: Callable[[int], str],
           tr: Translator = ENGLISH) -> list[tuple[dict[str, Any], str, str]]:
    """(record, "Flood struck 3 Egypt", what it did) for each calamity of this turn, in order."""
    out = []
    records = obs.get("struck", [])
    task = obs.get("task")
    for i, rec in enumerate(records):
        head = tr.t("{calamity} struck {victim}", calamity=w.card(rec["calamity"], tr), victim=who(rec["victim"]))
        seats = sorted(rec["done"].items(), key=lambda kv: int(kv[0]))
        if [int(seat) for seat, _ in seats] == [rec["victim"]]:  # the victim alone: named in the head already
            done = done_text(w, seats[0][1], tr)
        else:
            done = semicolon(tr).join(f"{who(int(seat))}: {done_text(w, d, tr)}" for seat, d in seats)
        going = i == len(records) - 1 and task is not None and task["calamity"] == rec["calamity"]
        out.append((rec, head, done or (tr.t("Under way.") if going else tr.t("Nothing changed."))))
    return out


def lacking(w: Words, costs: dict[str, Any], tr: Translator = ENGLISH) -> list[str]:
    """MC-12.2: what the buyer can pay, and the five advances nearest his reach with what he lacks."""
    means = costs["means"]
    near = sorted((p - means, a) for a, p in costs["prices"].items() if p > means)[:5]
    lines = [tr.t("You can pay up to {n} (your commodity sets and treasury).", n=means)]
    if near:
        lines.append("  " + tr.t("Out of reach: {advances}", advances=", ".join(
            tr.t("{advance} (price {n}, you lack {lack})", advance=w.advance(a, tr), n=costs["prices"][a], lack=lack)
            for lack, a in near)))
    return lines


def passing_on(w: Words, cat: Any, hand: list[str], tr: Translator = ENGLISH) -> list[str]:
    """MC-7.4, MC-9: the tradable calamities in the viewer's hand while he trades: one hidden
    in an offer or a counter-offer passes to whoever takes it, else it strikes him in phase 9."""
    held = sorted({c for c in hand if cat.cards[cat.card_index[c]].calamity and cat.cards[cat.card_index[c]].tradable})
    if not held:
        return []
    return [tr.nt("You hold {cards}: it strikes you in phase 9 unless you hide it in an offer that is taken.",
                  "You hold {cards}: they strike you in phase 9 unless you hide them in offers that are taken.",
                  len(held), cards=tr.join([w.card(c, tr) for c in held]))]
