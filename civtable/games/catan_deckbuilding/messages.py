"""The event templates of Catan Deck Building (see ``core/messages.py`` for the specs).

Term kinds (``CatanDeckBuilding.term``): ``card`` a card id ("Knight (Offensive)"),
``cards`` counts of cards by id ("2 Ore and 1 Sea"), ``paid`` what paid for a
purchase (resources, resources of choice, the Desert or Settlement from the hand),
``action`` an action's text with display names.
"""

from __future__ import annotations

from civtable.core.messages import N_

MESSAGES: dict[str, str] = {
    "move": N_("{player:Player}: {action:action}"),
    # turns (CDB-6.2, CDB-8)
    "turn.started": N_("Turn {turn} begins for {player:player}."),
    "turn.passed": N_("{player:Player} draws {n:count:card}; turn {turn} begins for {next:player}."),
    "turn.knights-cleared": N_("{player:Player} puts {n:count:Knight (Defensive):Knights (Defensive)} "
                               "laid down to reflect on the discard pile."),
    "cards.drawn": N_("{player:Player} draws {n:count:card}."),
    "cards.drawn.which": N_("You drew {cards:cards}."),
    "pile.reshuffled": N_("{player:Player} shuffles the discard pile into a new draw pile ({n:count:card})."),
    # the main phase (CDB-3, CDB-7)
    "play.roads": N_("{player:Player} has played {roads:count:Road} this turn: "
                     "+{n:count:resource of choice:resources of choice} to spend."),
    "play.road-sea": N_("{player:Player}'s Roads count as one more Sea for Harbors this turn."),
    "play.harbor": N_("{player:Player} reveals the Seas and Roads in hand: the Harbor draws {n:count:card}."),
    "play.harbor.seas": N_("Your Harbor counts {seas:count:Sea} (Seas, and all Roads as one)."),
    "play.knight": N_("{player:Player}'s Knight (Defensive) draws {n:count:card}."),
    "purchase.traded": N_("{player:Player} trades {gave:cards} for 1 {got:card} (2 for 1)."),
    "purchase.paid": N_("{player:Player} buys a {card:card} with {paid:paid}; it goes to the discard pile."),
    "supply.empty": N_("The {card:card} stack of the supply is empty."),
    # attacks (CDB-3.1 to CDB-3.3)
    "attack.played": N_("{attacker:Player} attacks {victim:player} with a {attack:card}."),
    "attack.allowed": N_("{victim:Player} does not reflect the {attack:card}."),
    "attack.reflected": N_("{victim:Player} reflects the {attack:card} with a Knight (Defensive) "
                           "against {attacker:player}."),
    "attack.countered": N_("{attacker:Player} counter-reflects with a Knight (Defensive): "
                           "the {attack:card} affects neither player."),
    "attack.countered.shown": N_("{attacker:Player} shows a Knight (Defensive), which has now blocked its attack: "
                                 "the {attack:card} affects neither player."),
    "attack.turned": N_("{attacker:Player} does not counter-reflect: the {attack:card} strikes {attacker:player}."),
    "bandit.stole": N_("{thief:Player} takes a card at random from {victim:player}'s hand."),
    "bandit.stole.which": N_("The card taken: {card:card}."),
    "bandit.nothing": N_("{victim:Player} has no cards in hand: the Bandit takes nothing."),
    "bandit.kept": N_("{thief:Player} puts the stolen {card:card} on the discard pile."),
    "bandit.returned": N_("{thief:Player} gives the card back to {victim:player}."),
    "knight.must-discard": N_("{victim:Player} must put {n:count:card} of his choice on the discard pile."),
    "knight.discarded-top": N_("{victim:Player} discards the top card of the draw pile: {card:card}."),
    "knight.lost-all": N_("{victim:Player} has only {n:count:card} to discard and loses them all: {cards:cards}."),
    "knight.lost-all.count": N_("{victim:Player} has only {n:count:card} to discard and loses them all."),
    "knight.lost-all.hand": N_("From your hand: {cards:cards}."),
    # the end (CDB-9.1)
    "game.won": N_("{player:Player} shows {n:count:City:Cities} in hand and wins."),
    "game.capped": N_("Turn {turn} was the last one (the turn cap): the game is a draw."),
}
