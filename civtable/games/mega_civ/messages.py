"""The event templates of Mega Civilization (``Game.messages``).

Field specs name the term kinds of ``MegaCiv.term``: ``area``, ``card``,
``advance``, ``cause`` (a calamity, an advance or a word), ``loss`` (an item of
losses or gains, see ``rules/report.py``), ``change`` ([area, tokens gained or
lost]), ``ships`` (ships built, said only when some were), ``city`` (an area with a
new city), ``stand`` ([area, barbarians]), ``payment`` (a set of cards or treasury
turned in), ``epoch`` and ``action`` (an action text in words).
"""

from __future__ import annotations

from civtable.core.messages import N_

MESSAGES: dict[str, str] = {
    # the turn and phase 1 (MC-1)
    "turn.started": N_("Turn {turn} begins."),
    "phase.started": N_("Phase {phase}: {phase:phase}."),
    "tax.paid": N_("{player:Player} pays {paid} tax."),
    "tax.unpaid": N_("{player:Player} pays only {paid} of {due} tax: a tax revolt."),
    "revolt.city": N_("Tax revolt: {victim:player}'s city in {area:area} goes over to {beneficiary:player}."),
    "revolt.destroyed": N_("Tax revolt: {victim:player}'s city in {area:area} is destroyed (no Beneficiary has a "
                           "city piece)."),
    # phases 2 to 5 (MC-2 to MC-5)
    "population.grew": N_("{player:Player} grows by {added:count:token} ({total} on the map)."),
    "tokens.moved": N_("{player:Player} moved: {changes:change}{ships:ships}."),
    "cities.built": N_("{player:Player} built {areas:city}."),
    "conflict.fought": N_("Conflict in {area:area} between {players:players}."),
    "conflict.barbarians": N_("Barbarians fight {players:players} in {area:area}."),
    "barbarians.lost": N_("The barbarians in {area:area} lose {lost:count:token} ({left} left)."),
    "barbarians.stand": N_("Barbarians now stand in {areas:stand}."),
    "city.repelled": N_("{attacker:Player}'s {attackers} tokens cannot attack {owner:player}'s city in {area:area} "
                        "({needed} needed)."),
    "city.fell": N_("{attacker:Player} attacks {owner:player}'s city in {area:area}: it becomes "
                    "{defenders:count:token} of {owner:player}."),
    "pirates.fell": N_("{attacker:Player} destroys the pirate city in {area:area}."),
    "city.plundered": N_("{attacker:Player} plunders {amount:count:treasury token} from {owner:player}."),
    "units.lost": N_("{player:Player} loses {lost:loss} ({cause:cause})."),
    "units.gained": N_("{player:Player} gains {gained:loss} ({cause:cause})."),
    # phases 6 and 7 (MC-6, MC-7)
    "cards.drawn": N_("{player:Player} draws {cards:card}."),
    "cards.dealt": N_("{player:Player} draws {count:count:trade card}."),
    "trade.done": N_("{proposer:Player} trades {gave:count:card} with {responder:player} for {got:count:card}."),
    "trade.received": N_("{player:Player} receives {cards:card} from {from:player}."),
    "trade.no_taker": N_("Nobody takes {player:player}'s offer."),
    # phases 8 to 10 (MC-8 to MC-10)
    "calamity.discarded": N_("{player:Player} discards the calamity {card:card}."),
    "calamities.revealed": N_("{player:Player} reveals {cards:card}."),
    "calamity.struck": N_("{calamity:card} strikes {victim:player} (Beneficiary: {beneficiary:player})."),
    "card.given": N_("{giver:Player} gives a card to {receiver:player}."),
    "card.received": N_("{player:Player} receives {card:card} from {from:player}."),
    # phases 12 and 13, the end (MC-12 to MC-14)
    "advance.bought": N_("{player:Player} buys {advance:advance} (cost {cost}, price {price}), paying {paid:payment}."),
    "ast.moved": N_("{player:Player} advances to AST square {square} ({epoch:epoch})."),
    "ast.back": N_("{player:Player} has no city and moves back to AST square {square}."),
    "game.score": N_("{player:Player} scores {vp} VP (AST square {ast}, {cities:count:city:cities}, "
                     "{advances:count:advance})."),
    # appended for issue 17: the plundered trade card (MC-4.2.3)
    "card.plundered": N_("{attacker:Player} takes a random trade card from {owner:player}."),
    "card.plundered_own": N_("{attacker:Player} takes {card:card} from {owner:player} at random."),
}
