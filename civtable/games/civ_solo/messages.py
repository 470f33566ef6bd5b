"""What the companion tells the player, as event templates (``core.messages``).

Fields name the events' arguments; specs: ``count:noun`` for numbers with their noun,
``die`` for dice, ``unit`` an entered unit card ("infantry 2 3"), ``card`` one of your
battle cards ("infantry 3"), ``enemy`` one of the opponent's ("infantry 3 2": type,
strength, rank), ``item``/``given`` trade items, ``piece``, ``tokens``, ``rank``,
``half`` (half points), ``name``/``effect``/``basecard`` a culture event of SOLO-4.2.2,
``cause`` why a game was lost, ``table`` a text of table SOLO-8.1, ``civ`` a
civilization, ``era`` the era of wonders, ``kind`` a unit type, ``use`` what a failure
roll is for; display names come from ``words.term``, in the reader's language (the
templates are message ids of the catalog ``civ-solo``: ``docs/i18n.md``).
"""

from __future__ import annotations

from civtable.core.messages import N_

MESSAGES: dict[str, str] = {
    "move": N_("You answer: {action}"),
    # set-up and turns (SOLO-1, SOLO-2, SOLO-3)
    "setup.civ": N_("Set-up (SOLO-1): you play the {civ:civ}, chosen at random (SOLO-1.1)."),
    "setup.map.data": N_("Lay out the map (SOLO-1.2): the solo layout of the rules' picture is not in the document "
                         "and no layout data is shipped; use the base game's two-player layout until you have it "
                         "(provisional)."),
    "setup.map.base": N_("Lay out the base game's two-player map (SOLO-1.2, map-layout B)."),
    "setup.track": N_("Have several six-sided dice ready (SOLO-1.3). Put your culture level marker at the start of "
                      "the culture track (SOLO-1.4), another civilization's marker face down {start:start} as the "
                      "turn counter (SOLO-1.5), and {marker:marker} on space {space} (SOLO-1.6)."),
    "setup.goal": N_("You win by a culture, technology or economic victory (SOLO-2.1); military victory is not "
                     "possible (SOLO-2.2); if you have not won by the end of turn {final}, you lose (SOLO-2.3)."),
    "turn.started": N_("Turn {turn} of {final} begins."),
    "turn.ended": N_("Turn {turn} is over."),
    "counter.moved": N_("Move the turn counter to space {space} of the culture track (SOLO-3.1)."),
    "dice.event.hit": N_("Event dice ({n:count:die:dice}, SOLO-3.2): {dice:die} - a 5 or 6: a historical event "
                         "occurs (SOLO-3.3). Next turn you roll 1 die again (SOLO-3.5)."),
    "dice.event.miss": N_("Event dice ({n:count:die:dice}, SOLO-3.2): {dice:die} - no 5 or 6, no event. Next turn "
                          "you roll {next:count:die:dice}."),
    "dice.event.none": N_("Event dice ({n:count:die:dice}, SOLO-3.2): none shows 5 or 6, no event. Next turn you "
                          "roll {next:count:die:dice}."),
    "game.won": N_("You report a victory in turn {turn} (SOLO-2.1): you have won the solo game."),
    "game.lost": N_("You have lost the solo game in turn {turn}: {cause:cause}."),
    # the historical event (SOLO-3.4) and cancelling it (SOLO-4.1.3, SOLO-4.2.3, SOLO-6.3)
    "event.loss": N_("Event roll {face} (SOLO-3.4; table SOLO-8.1, turns {first}-{last}): a loss - you lose "
                     "{what:table} (SOLO-4.1)."),
    "event.culture": N_("Event roll {face} (SOLO-3.4; table SOLO-8.1, turns {first}-{last}): a culture event - "
                        "{what:table} (SOLO-4.2)."),
    "event.military": N_("Event roll {face} (SOLO-3.4; table SOLO-8.1, turns {first}-{last}): a military event - "
                         "your drawn unit cards must reach strength {strength} (SOLO-4.3)."),
    "event.battle": N_("Event roll {face} (SOLO-3.4; table SOLO-8.1, turns {first}-{last}): a battle - next turn "
                       "an opponent at military level {level} with card limit {limit} attacks your capital "
                       "(SOLO-4.4)."),
    "battle.none.last": N_("Turn {turn} is not played, so there is no battle (SOLO-4.4.3)."),
    "battle.none.stacked": N_("A battle is already pending: only one battle at a time, this 6 adds none "
                              "(stacked-battles B)."),
    "cancel.tried": N_("You use a culture event card to cancel the event; first the failure roll (SOLO-6.1)."),
    "cancel.unchecked": N_("You use a culture event card: the event is cancelled (no failure roll, "
                           "failure-roll-scope B)."),
    "cancel.failed": N_("Failure roll (SOLO-6.1): {dice:die} - the card fails: it is lost without effect "
                        "(SOLO-6.2), and the event goes ahead unless you use another card."),
    "cancel.worked": N_("Failure roll (SOLO-6.1): {dice:die} - the card works: the event is cancelled."),
    # event 1: losses (SOLO-4.1)
    "loss.tokens": N_("You lose {what:table}: you hold {held}, so you pay {paid} (SOLO-4.1.2)."),
    "loss.debt": N_("You take {short:count:wound marker} for the tokens you cannot pay (SOLO-4.1.4): your "
                    "{kind:tokens} debt is {debt}."),
    "loss.resource.choose": N_("You choose the {n:count:resource token} you discard (loss-choice A)."),
    "loss.resource.random": N_("At random (loss-choice B): discard your resource token number {k} of {held}, "
                               "counting them left to right as they lie in front of you."),
    "loss.piece.any": N_("You lose one {piece:piece} of your choice (SOLO-4.1.2); if you have none, nothing "
                         "happens (loss-none A)."),
    "loss.piece.choose": N_("You lose one {piece:piece} of your choice (SOLO-4.1.2): return it to the box or "
                            "market."),
    "loss.piece.random": N_("You lose one {piece:piece} at random (loss-choice B): number {k} of your {held}, "
                            "counted in the order they lie on your civilization sheet and map, from the left."),
    "loss.piece.none": N_("You would lose one {piece:piece} but have none: nothing happens (loss-none A)."),
    "loss.piece.debt": N_("You would lose one {piece:piece} but have none: take one wound marker instead "
                          "(loss-none B); your {kind:tokens} debt is {debt}."),
    # event 2: culture events (SOLO-4.2)
    "culture.unit.lost": N_("Culture event: loss of a random unit card (random-unit A) - the companion picks your "
                            "{unit:unit}: return it."),
    "culture.unit.none": N_("Culture event: loss of a random unit card - you have none, so nothing is lost."),
    "culture.army.lost": N_("Culture event: loss of a random unit (random-unit B) - remove army figure number {k} "
                            "of your {armies}, counted from the north-west corner of the map, row by row."),
    "culture.army.none": N_("Culture event: loss of a random army figure - you have none, so nothing is lost."),
    "culture.card": N_("Culture event: {event:name} (the base-game card {event:basecard}, as if an opponent "
                       "played it against you): {event:effect}."),
    "culture.effect": N_("Culture event: {event:name}: {event:effect}."),
    "culture.undefined": N_("Culture event: {event:name}. Its effect is not defined by the solo rules "
                            "(culture-event-effects B): apply your own ruling."),
    # event 3: the military event (SOLO-4.3)
    "military.drawn": N_("Military event: the companion shuffles your unit cards and draws {limit} at random "
                         "(SOLO-4.3.2): {cards:unit} - strength {total} against the table's {target} (SOLO-4.3.3)."),
    "military.passed": N_("Your strength {total:half} reaches {target}: the military event passes without loss."),
    "military.bonus": N_("Your combat bonus {bonus} counts half, {half:half} (SOLO-4.3.4): your strength is "
                         "{total:half} against {target}."),
    "military.enough": N_("That is enough: the military event passes without loss."),
    "destroy.tried": N_("You play a card that destroys an opponent's figure; first the failure roll (SOLO-6.1)."),
    "destroy.unchecked": N_("You play a card that destroys an opponent's figure: the opponent's strength drops by "
                            "2 to {target} (SOLO-4.3.5)."),
    "destroy.failed": N_("Failure roll (SOLO-6.1): {dice:die} - the card fails and is lost (SOLO-6.2)."),
    "destroy.worked": N_("Failure roll (SOLO-6.1): {dice:die} - the card works: the opponent's strength drops by 2 "
                         "to {target} (SOLO-4.3.5)."),
    "military.failed": N_("You are {short} strength short (SOLO-4.3.6): the companion picks {n:count:unit card} at "
                          "random - {cards:unit}. Return them."),
    "military.army.one": N_("Remove one army figure of your choice (army-loss A), if you have one."),
    "military.army.each": N_("Remove {figures:count:army figure} (army-loss B), or all you have."),
    # event 4: the battle (SOLO-4.4)
    "battle.scheduled": N_("Battle: place a wound marker on space {space} of the culture track as a reminder "
                           "(SOLO-4.4.2). Next turn, at the end of your movement phase, an opponent at military "
                           "level {level} with card limit {limit} attacks your capital (SOLO-4.4.3)."),
    "battle.scheduled.later": N_("Battle: place a wound marker on space {space} of the culture track as a reminder "
                                 "(SOLO-4.4.2). Next turn, at the end of your movement phase, an opponent at the "
                                 "military level of that turn's table row attacks your capital (SOLO-4.4.3)."),
    "battle.scheduled.now": N_("Battle: turn {turn} is not played, so the battle is fought at the end of this "
                               "turn's movement phase (battle-after-last-turn B)."),
    "battle.begins": N_("Battle against your capital (SOLO-4.4.3), set by the 6 of turn {rolled}: the opponent is "
                        "at military level {level} with card limit {limit}."),
    "battle.opponent": N_("The opponent takes {infantry} infantry, {mounted} mounted, {artillery} artillery and "
                          "{aircraft} aircraft (rank {rank:rank}), shuffles them and draws {deck:count:card} face "
                          "down as its unit deck (SOLO-4.4.4, SOLO-4.4.5)."),
    "battle.first.you": N_("You play first (SOLO-4.4.6)."),
    "battle.first.they": N_("Your capital is fortified: the opponent plays first (SOLO-4.4.6)."),
    "battle.open.you": N_("You play your {unit:card} on a new front, front {front}."),
    "battle.open.they": N_("The opponent plays a {unit:enemy} on a new front, front {front}: it can destroy none of "
                           "your units (SOLO-4.4.7)."),
    "battle.attack.you": N_("You play your {unit:card} against the opponent's {foe:enemy} on front {front}."),
    "battle.attack.they": N_("The opponent plays a {unit:enemy} against your {foe:card} on front {front}, the "
                             "strongest unit it can destroy (SOLO-4.4.7)."),
    "battle.trump": N_("{unit:Kind} trumps {foe:kind} and strikes first."),
    "battle.both": N_("Both strike at once."),
    "unit.destroyed.yours": N_("Your {unit:card} is destroyed."),
    "unit.destroyed.theirs": N_("The opponent's {unit:enemy} is destroyed."),
    "unit.wounded.yours": N_("Your {unit:card} survives with {wounds:count:wound}."),
    "unit.wounded.theirs": N_("The opponent's {unit:enemy} survives with {wounds:count:wound}."),
    "battle.won": N_("Battle over: your surviving units {mine} + bonus {bonus} = {total} against the opponent's "
                     "{theirs} + {their_bonus} = {their_total}: you win. Take any one resource of your choice from "
                     "the market (SOLO-4.4.8) and return your {lost:count:destroyed unit card}."),
    "battle.won.tie": N_("Battle over: your surviving units {mine} + bonus {bonus} = {total} against the opponent's "
                         "{theirs} + {their_bonus} = {their_total}; a tie goes to you, the defender: you win. Take any "
                         "one resource of your choice from the market (SOLO-4.4.8) and return your "
                         "{lost:count:destroyed unit card}."),
    "battle.lost": N_("Battle over: your surviving units {mine} + bonus {bonus} = {total} against the opponent's "
                      "{theirs} + {their_bonus} = {their_total}: you lose the battle, and with it the game "
                      "(SOLO-4.4.9)."),
    "battle.dropped": N_("Only one battle per turn (stacked-battles B): the other battle due this turn is dropped."),
    # what the player reported
    "units.entered": N_("Your unit cards: {cards:unit}."),
    "hand.entered": N_("Your battle hand: {cards:unit}."),
    # debts (SOLO-4.1.5)
    "debt.paid": N_("Gained: {gained} ({kind:tokens}); {paid:count:wound marker} paid off and discarded "
                    "(SOLO-4.1.5), you keep {kept}; debt left: {left}."),
    "debt.stays": N_("You gained no {kind:tokens}: your debt of {left:count:wound marker} stays."),
    # wonders (SOLO-7)
    "wonders.one": N_("Wonders ({rule}): remove every unbuilt {old:era} wonder from the market and put one {new:era} "
                      "wonder in place of each, drawn as the base game draws wonders. The {new:era} wonders: "
                      "{new:wonders}."),
    "wonders.refill": N_("Wonders ({rule}): remove every unbuilt {old:era} wonder from the market and refill it to its "
                         "base-game size ({size}, provisional) with {new:era} wonders: {new:wonders}."),
    # trade (SOLO-5)
    "trade.skipped": N_("You do not roll the trade dice this turn."),
    "trade.rolled": N_("Trade dice (SOLO-5.1): {dice:die} - {hits:count:acquisition} from table SOLO-8.2 "
                       "(SOLO-5.2)."),
    "trade.rolled.none": N_("Trade dice (SOLO-5.1): {dice:die} - no 5 or 6: no acquisition this turn."),
    "trade.done": N_("Trade (SOLO-5.3): you give {given:given} (sell value {value}) and take a {item:item} (buy "
                     "value {buy})."),
    "trade.dropped": N_("You do not take the {item:item}; the acquisition is still open."),
    # culture event cards and resource abilities (SOLO-6)
    "check.started": N_("Before you use the {what:use}, the failure roll of two dice (SOLO-6.1)."),
    "check.card.failed": N_("Failure roll (SOLO-6.1): {dice:die} - the card is cancelled: discard it without its "
                            "effect (SOLO-6.2)."),
    "check.ability.failed": N_("Failure roll (SOLO-6.1): {dice:die} - the ability is cancelled: the resources you "
                               "paid are lost (SOLO-6.2)."),
    "check.worked": N_("Failure roll (SOLO-6.1): {dice:die} - it works: carry out the {what:use} as the base game says."),
}
