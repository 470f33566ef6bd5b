"""A simulated player's battle play (the growth model, ``fight`` for the odds): which
card to play and which of tied units to give up; SOLO-4.4.7 plays the opponent."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from civtable.core.errors import IllegalActionError
from civtable.core.rng import Rng

from ..rules.combat import OPPONENT, PLAYER, Battle, BattleResult, Unit


def _clash_outcome(unit: Unit, foe: Unit, foe_wounds: int) -> tuple[bool, bool, int]:
    """(unit survives, foe dies, wounds the unit takes) if ``unit`` attacks ``foe``."""
    wounds = 0
    fw = foe_wounds
    if unit.trumps(foe):
        fw += unit.strength
        if fw < foe.strength:
            wounds = foe.strength
    elif foe.trumps(unit):
        wounds = foe.strength
        if wounds < unit.strength:
            fw += unit.strength
    else:
        fw += unit.strength
        wounds = foe.strength
    return wounds < unit.strength, fw >= foe.strength, wounds


def player_policy(battle: Battle, rng: Rng | None = None) -> tuple[int, int | None]:
    """A sensible simulated player: (hand index, front index or None).

    Kill an enemy unit when the attacker survives (largest kill first, a trump that
    takes no wounds preferred, then the weakest card that does it, to keep strong
    cards for later); trade a card for an enemy at least as strong; otherwise open a
    new front, with the strongest card when not ahead or when the opponent has no
    cards left to answer with, else with the weakest. ``rng`` breaks exact ties.
    """
    moves = battle.player_moves()
    if not moves:
        raise IllegalActionError("the player has no card to play now")
    hand = battle.player_hand
    best: list[tuple[tuple[int, ...], tuple[int, int | None]]] = []
    for h, t in moves:
        if t is None:
            continue
        f = battle.fronts[t]
        foe = f.opponent
        assert foe is not None
        card = hand[h]
        survives, kills, wounds = _clash_outcome(card, foe, f.opponent_wounds)
        if not kills:
            continue
        if survives:
            key = (2, foe.strength, -wounds, -card.strength)
        elif foe.strength >= card.strength:
            key = (1, foe.strength - card.strength, foe.strength, -card.strength)
        else:
            continue
        best.append((key, (h, t)))
    if best:
        top = max(k for k, _ in best)
        choices = [m for k, m in best if k == top]
    else:
        mine, theirs = battle.totals()
        strongest = mine <= theirs or not battle.opponent_deck
        pick = max if strongest else min
        s = pick(u.strength for u in hand)
        choices = [(h, None) for h, u in enumerate(hand) if u.strength == s]
    if len(choices) == 1 or rng is None:
        return choices[0]
    return rng.choice(choices)


def player_tie_choice(battle: Battle, targets: Sequence[int]) -> int:
    """strongest-tie A: the simulated player gives up the most wounded of the tied units."""
    return max(targets, key=lambda i: (battle.fronts[i].player_wounds, -i))


Policy = Callable[[Battle, Rng], tuple[int, int | None]]


def fight(player_hand: Sequence[Unit], opponent_deck: Sequence[Unit], *, player_first: bool = True,
          player_bonus: int = 0, opponent_bonus: int = 0, rng: Rng, tie: str = "B",
          tie_winner: str = PLAYER, policy: Policy = player_policy) -> BattleResult:
    """Play a whole battle: ``policy`` for the player, SOLO-4.4.7 for the opponent.

    ``player_first`` is SOLO-4.4.6 (False when the capital is fortified); ``tie`` is
    option ``strongest-tie`` (A: :func:`player_tie_choice` decides).
    """
    b = Battle(player_hand, opponent_deck, next=PLAYER if player_first else OPPONENT,
               player_bonus=player_bonus, opponent_bonus=opponent_bonus)
    while not b.over():
        if b.next == PLAYER:
            b.play_player(*policy(b, rng))
        else:
            targets = b.opponent_targets()
            target = player_tie_choice(b, targets) if tie == "A" and len(targets) > 1 else None
            b.play_opponent(rng, tie=tie, target=target)
    return b.result(tie_winner)
