"""The rule variants of Mega Civilization (part 1: phases 1-5, 11, 13 and the score):
one option per ambiguity of ``rules/mega_civilization.md`` that these phases use."""

from __future__ import annotations

from civtable.core.game import OptionSpec

AB = ("A", "B")

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("players", 5, "number of players", minimum=5, maximum=18, rule="MC-12.4"),
    OptionSpec("map", "small", "the map: 'small' (the project's test map), 'full' (the hobbyist board, repaired) or a map file",
               rule="MC-3.1"),
    OptionSpec("side", "West", "which starting civilizations the rulebook's table gives for the player count",
               choices=("West", "East"), rule="MC-0.4"),
    OptionSpec("game-end", "A", "A the game ends after a turn in which a marker reaches the last AST square; B after the turn fixed by last-turn",
               choices=AB, rule="MC-0.3"),
    OptionSpec("last-turn", 20, "the last turn under game-end B, and a cap under A", minimum=1, rule="MC-0.3"),
    OptionSpec("ast-tie-scope", "A", "AST order settles A every order that matters; B only ties of strength (in part 1 both give the same orders: every open order here is a tie of strength, e.g. equal attackers of a city)",
               choices=AB, rule="MC-0.4"),
    OptionSpec("strict-ast-order", "B", "A players act simultaneously where the rules allow (hidden from each other until all are done); B always one at a time in AST order",
               choices=AB, rule="MC-0.6"),
    OptionSpec("growth-order", "same", "phase 2: A simultaneous; B in AST order; 'same' follows strict-ast-order",
               choices=("same", "A", "B"), rule="MC-2.0"),
    OptionSpec("unstated-order", "same", "phases 3 and 5 (no order in the source): A simultaneous; B in AST order; 'same' follows strict-ast-order",
               choices=("same", "A", "B"), rule="MC-0.11"),
    OptionSpec("phase-advance", "A", "A nobody starts a phase before all finished the last (B is included in A)", choices=("A",), rule="MC-0.7"),
    OptionSpec("tax-source", "A", "tax comes A from the stock; B from population on the map", choices=AB, rule="MC-1.1"),
    OptionSpec("tax-revolt-count", "A", "A one city revolts per defaulting player; B one per unpaid city", choices=AB, rule="MC-1.2.1"),
    OptionSpec("tax-revolt-optional", "A", "A the revolt always happens; B the Beneficiary may decline", choices=AB, rule="MC-1.2.1"),
    OptionSpec("revolt-destroy", "A", "the revolting city is destroyed A when no possible Beneficiary has a city piece; B only when every player has all cities on the map",
               choices=AB, rule="MC-1.2.3"),
    OptionSpec("revolt-exemption", "A", "a revolted city this turn: A no tax, no support check; B also no trade-card draw",
               choices=AB, rule="MC-1.2.4"),
    OptionSpec("growth-supply", "A", "growth: A limits not applied (surplus removed later); B growth stops at each area's limit",
               choices=AB, rule="MC-2.1"),
    OptionSpec("ship-cost", "A", "a ship's second token (b): A from any area; B from an adjacent area", choices=AB, rule="MC-3.4"),
    OptionSpec("ship-movement", "A", "carried tokens: A make no land move that turn; B may also make their one land step before boarding or after landing",
               choices=AB, rule="MC-3.5"),
    OptionSpec("conflict-trigger", "A", "a conflict arises A when two players' tokens exceed the limit; B whenever they share an area (removal still stops at the limit, so both readings remove the same tokens)",
               choices=AB, rule="MC-4.1.3"),
    OptionSpec("city-attack-win", "A", "the attacker wins A when the defender has no tokens left; B when he has more tokens left",
               choices=AB, rule="MC-4.2.3"),
    OptionSpec("plunder-source", "A", "plundered treasury: A taken from the former owner's treasury (his tokens back to his stock, as many of the attacker's from stock to treasury); B from the attacker's own stock",
               choices=AB, rule="MC-4.2.3"),
    OptionSpec("surplus-scope", "C", "surplus removed: A where a city was just built; B above each area's limit; C both",
               choices=("A", "B", "C"), rule="MC-5.2"),
    OptionSpec("support-counting", "A", "city support: A all tokens on the map, 2 per city; B 2 tokens in or next to each city",
               choices=AB, rule="MC-5.3.3"),
    OptionSpec("phase-11", "A", "phase 11: A surplus removal and support check again; B surplus removal only", choices=AB, rule="MC-11.1"),
    OptionSpec("ast-criteria", "A", "AST: A the data's epoch requirements; a player with no city moves back and does not advance",
               choices=("A",), rule="MC-13.1.2"),
    OptionSpec("cost-200", "A", "an advance costing exactly 200 scores A 6; B 3", choices=AB, rule="MC-14.5"),
    OptionSpec("cost-basis", "A", "advance VP by A the printed cost; B the price paid after credits (advances arrive in part 2)",
               choices=AB, rule="MC-14.3"),
    OptionSpec("ast-squares", "A", "AST VP for A net squares advanced; B every forward move", choices=AB, rule="MC-14.6"),
    OptionSpec("late-iron-age", "A", "the sole-player bonus goes to the one player A beyond; B on or beyond the Late Iron Age square",
               choices=AB, rule="MC-14.7"),
)
