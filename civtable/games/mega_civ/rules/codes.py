"""The names of Mega Civilization's phases and decision steps (shared by the state,
the rules, the views and the screen)."""

from __future__ import annotations

# decision steps: the state's ``step`` (``AUTO``: the automatic part of a phase runs;
# ``OVER``: the game has ended)
REVOLT, GROW, MOVE, BUILD, REDUCE, OVER, AUTO, CARDS, TRADE, DISCARD, TASK, SPECIAL, BUY, MILITARY = range(14)
STEP_NAMES = ("revolt", "grow", "move", "build", "reduce", "over", "auto", "cards", "trade", "discard", "task",
              "special", "buy", "military")
SIMULTANEOUS_STEPS = (GROW, MOVE, BUILD, MILITARY)
"""The steps that options may make simultaneous (MC-0.5, MC-0.6, MC-2.0, MC-0.11)."""

PHASE_NAMES = {1: "tax", 2: "expansion", 3: "movement", 4: "conflict", 5: "cities", 6: "trade-cards",
               7: "trade", 8: "calamity-selection", 9: "calamity-resolution", 10: "special-abilities",
               11: "surplus", 12: "advances", 13: "ast"}
PHASE_TITLES = {1: "Tax", 2: "Population expansion", 3: "Movement", 4: "Conflict", 5: "City construction",
                6: "Acquisition of trade cards", 7: "Trade", 8: "Calamity selection", 9: "Calamity resolution",
                10: "Special abilities", 11: "Removal of surplus population", 12: "Acquisition of advances",
                13: "AST alteration"}

# the phases in which each decision step happens
STEP_PHASES = {"revolt": (1,), "grow": (2,), "move": (3,), "build": (5,), "reduce": (5, 11), "cards": (6,),
               "trade": (7,), "discard": (8, 12), "task": (9, 10, 12), "special": (10,), "buy": (12,),
               "military": (4,)}

REINFORCE = "reinforce:"  # a ``used`` entry: Advanced Military reinforces the conflict in this area (phase 4)
PROVINCIAL = "provincial_empire:"  # a ``used`` entry per player chosen by Provincial Empire this turn
PIRATE = -2  # the owner of a pirate city (Piracy)
PAYMENTS = ("tokens", "treasury", "mixed", "split")
