"""The rule variants of Civilization: The Card Game: one option per ambiguity named
in ``rules/civ_card_game.md``, with the specification's default."""

from __future__ import annotations

from civtable.core.game import OptionSpec

AB = ("A", "B")
ABC = ("A", "B", "C")

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("dealer", None, "the dealer's seat; random when not given (play goes to the left, seat + 1)",
               minimum=0, maximum=3, rule="CCG-4.10"),
    OptionSpec("game-end-timing", "A", "the game ends when the last technology is bought: A at once; B at the end of that turn; C at the end of the round",
               choices=ABC, rule="CCG-1.1"),
    OptionSpec("final-tie", "A", "a tie after both tie-breakers: A shared win; B no winner", choices=AB, rule="CCG-1.3"),
    OptionSpec("multi-yield", "A", "plot yields: A every symbol of the card data; B one symbol per plot (its first, with the plot's whole number)",
               choices=AB, rule="CCG-2.1.1"),
    OptionSpec("slot-count", "A", "building slots: A two at most, with Engineering or 3+ population; B each condition adds one (up to three)",
               choices=AB, rule="CCG-2.1.4"),
    OptionSpec("bank-trade", "A", "the 3:1 bank trade: A any 3 resources for 1 of your choice; B 3 of one type for 1 of another",
               choices=AB, rule="CCG-2.2.2"),
    OptionSpec("resource-carryover", "A", "unspent resources: A kept; B returned to the bank at the end of the turn",
               choices=AB, rule="CCG-2.2.3"),
    OptionSpec("mining", "A", "Mining: A 1 Hammer per plot when bought; B +1 Hammer per plot at the next collection",
               choices=AB, rule="CCG-2.4.2"),
    OptionSpec("unit-list", "A", "who attacks and defends: A the card data; B the rule's lists are complete (defend: Archers, Spearmen, Axemen; attack: Chariot, Swordsmen, Spearmen, Axemen)",
               choices=AB, rule="CCG-2.5.3"),
    OptionSpec("granary", "A", "a Granary doubles: A the plot's printed Food; B all Food from the plot, population bonus included",
               choices=AB, rule="CCG-2.6.1"),
    OptionSpec("active", "A", "victory points count: A everything owned; B only what is in play (the two coincide for population, wonders and technologies)",
               choices=AB, rule="CCG-3.1"),
    OptionSpec("status-tie", "A", "a tie for Highest Culture or Happiness: A no one has the status; B every tied player has it",
               choices=AB, rule="CCG-3.5"),
    OptionSpec("step-order", "A", "A purchasing, then combat, then drawing; B purchasing and combat in any order before drawing",
               choices=AB, rule="CCG-5.0"),
    OptionSpec("purchase-limits", "A", "A any number of purchases, costs never below 0, plots bought from the display (the spec's defaults; no other reading is given)",
               choices=("A",), rule="CCG-6.5"),
    OptionSpec("adjacency", "A", "who may be attacked: A the neighbours (with 4 players not the one opposite); B any opponent",
               choices=AB, rule="CCG-7.0"),
    OptionSpec("catapult-repeat", "A", "further Catapults against City Walls: A automatic; B the Attacker chooses for each",
               choices=AB, rule="CCG-7.2.1"),
    OptionSpec("bounce", "A", "a bounced unit: A back to hand, not usable again this turn; B back to hand, and the Attacker may send it again in this combat",
               choices=AB, rule="CCG-7.2.2"),
    OptionSpec("block-ratio", "A", "A one defending unit blocks one attacking unit (the card set has no unit that blocks several)",
               choices=("A",), rule="CCG-7.3"),
    OptionSpec("extra-draw-optional", "A", "Astronomy and Highest Culture: A each extra card is optional; B both always apply",
               choices=AB, rule="CCG-8.3"),
    OptionSpec("deck-exhaustion", "A", "an empty play deck: A shuffle the discard pile into a new deck; B no more cards are drawn",
               choices=AB, rule="CCG-8.3"),
    OptionSpec("steal-timing", "A", "Writing and Code of Laws: A in the owner's own turn, once per turn; B also at the start of every other player's turn, once per turn",
               choices=AB, rule="CCG-9.2"),
    OptionSpec("code-of-laws-choice", "A", "the three resources Code of Laws steals: A at random; B chosen by the thief; C chosen by the victim",
               choices=ABC, rule="CCG-9.2"),
    OptionSpec("max-turns", 400, "turn cap (all players' turns): the game ends there and is scored as usual", minimum=1, rule="CCG-1.1"),
    OptionSpec("cards", "", "a card file to use instead of the package's (same format as data/cards.json)", rule="CCG-9.1"),
)
