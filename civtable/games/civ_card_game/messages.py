"""The event messages of Civilization: The Card Game (ids ``topic.what``).

Field specs name the game's terms (``Game.term``): ``card`` a play-deck card,
``plot`` a plot card, ``tech`` a technology, ``res`` resources ``[food, hammers,
commerce]``, ``resource`` one resource type, ``yield`` one source of a collection
``[kind, id, food, hammers, commerce]``, ``action`` an action's text in words, ``block`` an attacker and its blocker,
``losses`` a Defender's losses ``{"population": n, "buildings": n}``.
"""

from __future__ import annotations

from civtable.core.messages import N_

MESSAGES: dict[str, str] = {
    "move": N_("{player:Player}: {action:action}"),
    # set-up (CCG-4)
    "setup.dealer": N_("{dealer:Player} deals; {first:player} plays first."),
    "setup.dealt": N_("{player:Player} is dealt {plots:plot}."),
    "draft.row": N_("Draft: {plots:plot} are laid out; {first:player} picks first."),
    "setup.population": N_("{player:Player} places the free population on {plot:plot} (plot {number})."),
    "display.plots": N_("Plots for sale: {plots:plot}."),
    "display.techs": N_("Technologies for sale: {techs:tech}."),
    "display.plot": N_("{plot:plot} is laid out in the plot display."),
    "display.tech": N_("{tech:tech} is laid out in the technology display."),
    # the turn (CCG-5, CCG-9.2)
    "turn.start": N_("Turn {turn} begins: {player:player} plays."),
    "steal.card": N_("{thief:Player} steals a card from {victim:player}'s hand (Writing)."),
    "steal.card.which": N_("The card stolen: {card:card}."),
    "steal.resources": N_("{thief:Player} steals {taken:res} from {victim:player} (Code of Laws)."),
    "steal.choose": N_("{thief:Player} steals {n:count:resource} from {victim:player} (Code of Laws); "
                       "{chooser:player} chooses which."),
    "steal.took": N_("{thief:Player} takes {taken:res} from {victim:player}."),
    "collect.yields": N_("{player:Player} collects {total:res}: {parts:yield}."),
    "status.held": N_("Highest {status:status} now: {players:players}."),
    "status.lost": N_("Nobody has Highest {status:status} now."),
    # purchases (CCG-6, CCG-2.2)
    "buy.population": N_("{player:Player} buys a population for {plot:plot} (plot {number}) and pays {paid:res}."),
    "buy.plot": N_("{player:Player} buys the plot {plot:plot} and pays {paid:res}."),
    "buy.tech": N_("{player:Player} buys the technology {tech:tech} and pays {paid:res}."),
    "buy.building": N_("{player:Player} builds {card:card} on {plot:plot} (plot {number}) and pays {paid:res}."),
    "buy.wonder": N_("{player:Player} builds the wonder {card:card} on {plot:plot} (plot {number}) and pays "
                     "{paid:res}."),
    "mining.now": N_("Mining gives {player:player} {gain:res} (1 Hammer per plot)."),
    "mining.later": N_("Mining will give {player:player} 1 Hammer per plot at the next collection."),
    # the end of the game (CCG-1)
    "end.now": N_("The last technology is bought: the game ends now."),
    "end.turn": N_("The last technology is bought: the game ends after this turn."),
    "end.round": N_("The last technology is bought: the game ends when the round is over."),
    "end.cap": N_("The turn limit ({turns}) is reached: the game ends."),
    "end.score": N_("{player:Player} scores {vp:count:VP:VP} ({techs:count:technology:technologies}, "
                    "{pops:count:population:populations}, {wonders:count:wonder})."),
    # combat (CCG-7)
    "combat.begins": N_("{attacker:Player} attacks {defender:player} with {units:card}."),
    "siege.walls": N_("{attacker:Player}'s {unit:card} knocks down {defender:player}'s {walls:card} "
                      "(back to the hand); the {unit:card} is discarded."),
    "bounce.unit": N_("{defender:Player}'s walls bounce {attacker:player}'s {unit:card} back to the hand."),
    "damage.population": N_("{unit:card} takes a population from {defender:player}'s {plot:plot} (plot {number})."),
    "damage.gained": N_("{attacker:Player} puts the stolen population on {plot:plot} (plot {number})."),
    "damage.building": N_("{unit:card} destroys {defender:player}'s {card:card} on {plot:plot} (plot {number}); "
                          "it goes back to the hand."),
    "damage.no_population": N_("{unit:card} finds no population to take ({defender:player} has none)."),
    "damage.no_building": N_("{unit:card} finds no building to destroy ({defender:player} has none)."),
    "combat.won": N_("{attacker:Player} wins against {defender:player}: {through:card} got through, "
                     "{blocked:block} blocked; {defender:player} loses {losses:losses}."),
    "combat.held": N_("{defender:Player} holds off {attacker:player}: nothing got through ({blocked:block} "
                      "blocked; {bounced:card} bounced)."),
    "combat.discarded": N_("Discarded after the combat: {cards:card}."),
    # draw and discard (CCG-8)
    "draw.count": N_("{player:Player} draws {n:count:card}."),
    "draw.cards": N_("The cards drawn: {cards:card}."),
    "deck.reshuffled": N_("The discard pile ({n:count:card}) is shuffled into a new play deck."),
    "deck.empty": N_("The play deck is empty: no more cards are drawn."),
    "discard.all": N_("{player:Player} discards the whole hand: {cards:card}."),
    "turn.returned": N_("{player:Player} returns the unspent {res:res} to the bank."),
}
