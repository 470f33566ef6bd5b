"""The fixed action space of Civilization: The Card Game, for learning agents.

One ordered list of every action text that can be legal in a game object (its card
set, rule variants and player count), built once from the card data, in the order
of the action codes of ``actions.py`` and, within a kind, the card file's order:

    draft PLOT, place N, discard CARD, yield R, pop N, plot PLOT [spare-R], tech T,
    build CARD N, cash CARD, trade ... for R, writing SEAT, laws SEAT, take R, give R,
    done, attack UNIT SEAT, fight, pass, siege yes|no, bounce UNIT,
    block UNIT UNIT, lose N, gain N, destroy BUILDING N, draw K [astronomy] [culture]

Plot numbers ``N`` are bounded by the most plots one player can own: every plot of
the card file except the four (dealt 2 + drafted 2, CCG-4.2 to CCG-4.4) each other
player keeps for good (plots are never lost), so 26, 22 and 18 for 2, 3 and 4
players with the package's 30 plots; ``place N`` only counts the four set-up plots
(CCG-4.8). Seats are 0 to players - 1. Kinds a rule variant never offers are left
out: ``siege`` only with catapult-repeat B, ``take``/``give`` only with
code-of-laws-choice B/C, ``draw`` only with extra-draw-optional A, the trades of
the bank-trade reading in force, attackers and blockers as unit-list says.
Compound choices stay steps, as in the notation (a purchase, one attacker, one block).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core.spaces import ActionSpace

from .catalog import BUILDING, RESOURCES
from .rules.purchase import TRADE_INPUTS

if TYPE_CHECKING:
    from .game import CivCardGame


def max_plots(game: CivCardGame) -> int:
    """CCG-2.1.3 / CCG-2.1.5: the most plots one player can own (the card file's plots,
    less the set-up plots every other player keeps)."""
    nums = game.rules.numbers
    kept: int = nums["dealt_plots"] + 2  # the two draft rounds, CCG-4.3 and CCG-4.4
    total = sum(game.rules.cards.plot_counts)
    return max(kept, total - kept * (game.num_players - 1))


def trade_texts(game: CivCardGame) -> list[str]:
    """CCG-2.2.2: the bank trades of the bank-trade reading in force, as ``actions.trade_table``
    lists them (A: any three resources for one they do not include; B: three of one type)."""
    out: list[str] = []
    if game.rules.trade_any:
        for inputs in TRADE_INPUTS:
            text = "+".join(RESOURCES[i] for i in inputs)
            out.extend(f"trade {text} for {RESOURCES[t]}" for t in range(3) if t not in inputs)
    else:
        out.extend(f"trade {RESOURCES[f]} for {RESOURCES[t]}" for f in range(3) for t in range(3) if t != f)
    return out


def draw_texts(game: CivCardGame) -> list[str]:
    """CCG-8.2 / CCG-8.3: the draws with or without each optional extra card; the extra
    cards of Astronomy are bounded by every technology and placed card that gives some."""
    r = game.rules
    if not r.extra_optional:
        return []
    base = r.numbers["draw"]
    most = sum(r.tech_extra_draw) + sum(e * k for e, k in zip(r.card_extra_draw, r.cards.card_counts, strict=True))
    out = [f"draw {base}", f"draw {base + 1} culture"]
    for extra in range(1, most + 1):
        out += [f"draw {base + extra} astronomy", f"draw {base + extra + 1} astronomy culture"]
    return out


def build_space(game: CivCardGame) -> ActionSpace:
    """Every action text of this game object, in the fixed order described above."""
    r = game.rules
    cards = r.cards
    n = game.num_players
    top = max_plots(game)
    numbers = range(1, top + 1)
    plot_ids = [p.id for p in cards.plots]
    seats = range(n)
    attackers = [r.ids[c] for c in r.units if r.unit_attack[c]]
    texts: list[str] = [f"draft {t}" for t in plot_ids]
    texts += [f"place {i}" for i in range(1, r.numbers["dealt_plots"] + 3)]
    texts += [f"discard {c}" for c in r.ids]
    texts += [f"yield {x}" for x in RESOURCES]
    texts += [f"pop {i}" for i in numbers]
    for t in plot_ids:
        texts += [f"plot {t}", *(f"plot {t} spare-{x}" for x in RESOURCES)]
    texts += [f"tech {t}" for t in r.tech_ids]
    texts += [f"build {r.ids[c]} {i}" for c in r.placeable for i in numbers]
    texts += [f"cash {r.ids[c]}" for c in r.resource_cards]
    texts += trade_texts(game)
    if r.writing_mask:
        texts += [f"writing {q}" for q in seats]
    if r.laws_mask:
        texts += [f"laws {q}" for q in seats]
    if r.laws_mask and r.laws_choice == 1:
        texts += [f"take {x}" for x in RESOURCES]
    if r.laws_mask and r.laws_choice == 2:
        texts += [f"give {x}" for x in RESOURCES]
    texts.append("done")
    texts += [f"attack {u} {q}" for u in attackers for q in seats]
    texts += ["fight", "pass"]
    if not r.catapult_auto and any(r.unit_siege[c] and r.unit_attack[c] for c in r.units):
        texts += ["siege yes", "siege no"]
    texts += [f"bounce {u}" for u in attackers]
    for c in r.units:
        if not r.unit_attack[c]:
            continue
        for d in r.units:
            allowed = r.unit_blocks[d]
            if r.unit_defend[d] and (allowed is None or c in allowed):
                texts.append(f"block {r.ids[c]} {r.ids[d]}")
    texts += [f"lose {i}" for i in numbers]
    texts += [f"gain {i}" for i in numbers]
    texts += [f"destroy {r.ids[c]} {i}" for c in r.placeable if r.kind[c] == BUILDING for i in numbers]
    texts += draw_texts(game)
    return ActionSpace(texts)
