"""Attacks (CDB-3.1 Bandit, CDB-3.2 Knight (Defensive), CDB-3.3 Knight (Offensive)):
the answers of the attacked player and of the attacker, the Bandit's stolen card and
the Knight (Offensive)'s discards, each a step of ``rules.STEPS``.

An attack card is laid down in the main phase (``start``); the victim may reflect it
(``react``), the attacker may counter-reflect a reflection (``counter``); then the
effect strikes: the Bandit's thief keeps or returns a random card of the target's
hand (``steal``), the Knight (Offensive)'s target discards 2 cards (``discard``).
"""

from __future__ import annotations

from collections.abc import Callable

from civtable.core.errors import IllegalActionError

from ..actions import (
    ALLOW,
    ALLOW_ACT,
    DISCARD,
    DISCARD_ACT,
    DISCARD_ORDER,
    DISCARD_TOP,
    DISCARD_TOP_ACT,
    KEEP,
    KEEP_ACT,
    REFLECT,
    REFLECT_ACT,
    RETURN,
    RETURN_ACT,
    CdbAction,
)
from ..catalog import BANDIT, KDEF, N_CARDS, ROLE_IDS
from ..state import COUNTER, DISCARDING, MAIN, REACT, STEAL, CatanState
from .base import changed, counts_of
from .turn import draw


def start(s: CatanState, p: int, card: int) -> None:
    """CDB-3.1.3 / CDB-3.3: an attack card is laid down; the opponent may answer it."""
    s.attack = card
    s.attacker = p
    s.victim = 1 - p
    s.phase = REACT
    s.decider = 1 - p
    if s.told is not None:
        s.emit("attack.played", {"attacker": p, "victim": 1 - p, "attack": ROLE_IDS[card]})


def _refuse(s: CatanState, player: int, action: CdbAction) -> IllegalActionError:
    return IllegalActionError(s.explain(player, action.text))


# ---------------------------------------------------------------- react / counter
def answer_legal(s: CatanState, player: int) -> list[CdbAction]:
    """CDB-3.2.2 / CDB-3.2.4: reflect with a Knight (Defensive) that has not blocked an
    attack yet, or allow."""
    return [REFLECT_ACT, ALLOW_ACT] if s.hand[player][KDEF] > s.spent[player] else [ALLOW_ACT]


def react_play(s: CatanState, player: int, action: CdbAction) -> None:
    """The attacked player's answer: reflect (CDB-3.2.2) or allow the attack."""
    _answer(s, player, action, reflect, allow)


def counter_play(s: CatanState, player: int, action: CdbAction) -> None:
    """The attacker's answer to a reflection: counter-reflect (CDB-3.2.3) or accept it."""
    _answer(s, player, action, counter_reflect, accept_reflection)


def _answer(s: CatanState, player: int, action: CdbAction, on_reflect: Callable[[CatanState], None],
            on_allow: Callable[[CatanState], None]) -> None:
    """'reflect' needs a Knight (Defensive) in hand that has not blocked an attack yet
    (CDB-3.2.4); 'allow' lets the attack strike."""
    code = action.code
    if code == REFLECT and s.hand[player][KDEF] > s.spent[player]:
        on_reflect(s)
    elif code == ALLOW:
        on_allow(s)
    else:
        raise _refuse(s, player, action)


def allow(s: CatanState) -> None:
    """The attack is not reflected: the attacker draws his +1 card, then it strikes."""
    if s.told is not None:
        s.emit("attack.allowed", {"victim": s.victim, "attack": ROLE_IDS[s.attack]})
    draw(s, s.attacker, 1)  # the attack card's +1 card
    strike(s, s.attacker, s.victim)


def reflect(s: CatanState) -> None:
    """CDB-3.2.2: the defender lays down his Knight (kept apart until its clean-up,
    reaction-card-cleanup), draws 1, and may be counter-reflected."""
    d = s.victim
    s.hand[d][KDEF] -= 1
    s.reserved = changed(s.reserved, d, 1)
    if s.told is not None:
        s.emit("attack.reflected", {"victim": d, "attacker": s.attacker, "attack": ROLE_IDS[s.attack]})
    draw(s, d, 1)
    s.phase = COUNTER
    s.decider = s.attacker


def counter_reflect(s: CatanState) -> None:
    """CDB-3.2.3: a second Knight (Defensive) and the attack affects neither player
    (counter-knight A: laid down, its owner draws 1; B: laid down; C: only shown, it
    stays in hand but has blocked its one attack, CDB-3.2.4). The attacker still draws
    his attack card's +1 card under reflect-attacker-draw A (CDB-3.2.5)."""
    a = s.attacker
    mode = s.rules.counter_mode
    telling = s.told is not None
    if telling:
        s.emit("attack.countered.shown" if mode == 2 else "attack.countered",
               {"attacker": a, "victim": s.victim, "attack": ROLE_IDS[s.attack]})
    if mode < 2:
        s.hand[a][KDEF] -= 1
        s.laid[a][KDEF] += 1
        if mode == 0:
            draw(s, a, 1)
    else:
        s.spent = changed(s.spent, a, 1)
    if not s.rules.reflect_cancels_draw:
        draw(s, a, 1)
    back_to_main(s)


def accept_reflection(s: CatanState) -> None:
    """CDB-3.2.2 / CDB-3.2.5: the reflected attack strikes the attacker (reflect-attacker-draw
    A: he still draws his +1 card; reflect-effect B: the reflecting player draws it too)."""
    a, d = s.attacker, s.victim
    if s.told is not None:
        s.emit("attack.turned", {"attacker": a, "victim": d, "attack": ROLE_IDS[s.attack]})
    if not s.rules.reflect_cancels_draw:
        draw(s, a, 1)
    if s.rules.reflect_bonus_draw:
        draw(s, d, 1)
    strike(s, d, a)


def strike(s: CatanState, by: int, target: int) -> None:
    """The attack's effect on ``target``: CDB-3.1.2 (``by`` takes a random hand card) or
    CDB-3.3.2 (``target`` discards 2 cards of his choice; all of them if he has no more
    than 2, discard-source B counting his draw pile)."""
    h = s.hand[target]
    telling = s.told is not None
    if s.attack == BANDIT:
        total = sum(h)
        if not total:
            if telling:
                s.emit("bandit.nothing", {"thief": by, "victim": target})
            back_to_main(s)
            return
        k = s.rng.below(total)
        card = 0
        while k >= h[card]:
            k -= h[card]
            card += 1
        h[card] -= 1
        if s.spent[target] > h[KDEF]:
            s.spent = changed(s.spent, target, h[KDEF] - s.spent[target])
        s.stolen = card
        s.attacker, s.victim = by, target
        s.phase = STEAL
        s.decider = by
        if telling:  # the card itself: to the thief and the victim only
            s.emit("bandit.stole", {"thief": by, "victim": target})
            s.emit("bandit.stole.which", {"thief": by, "victim": target, "card": ROLE_IDS[card]},
                   to=(0, 1))
        return
    rules = s.rules
    available = sum(h)
    if rules.discard_from_draw:
        available += len(s.draw[target])
    if available <= 2:  # nothing to choose: all of it goes
        disc = s.disc[target]
        lost_hand = counts_of(h) if telling else {}
        start_at = len(disc)
        for c in range(N_CARDS):
            disc.extend([c] * h[c])
            h[c] = 0
        if rules.discard_from_draw:
            d = s.draw[target]
            while d:
                disc.append(d.pop())
        if telling:
            _tell_lost_all(s, target, lost_hand, disc[start_at:])
        back_to_main(s)
        return
    s.attacker, s.victim = by, target
    s.phase = DISCARDING
    s.decider = target
    s.left = 2
    if telling:
        s.emit("knight.must-discard", {"victim": target, "n": 2})


def _tell_lost_all(s: CatanState, target: int, hand: dict[str, int], lost: list[int]) -> None:
    """CDB-3.3.2 with 2 cards or fewer: which cards are told as the discard piles show
    them (discard-visibility A: all; B: the victim knows his hand cards, the others
    only how many)."""
    everything = {ROLE_IDS[c]: 0 for c in sorted(set(lost))}
    for c in lost:
        everything[ROLE_IDS[c]] += 1
    if s.rules.discard_public:
        s.emit("knight.lost-all", {"victim": target, "cards": everything, "n": len(lost)})
        return
    s.emit("knight.lost-all.count", {"victim": target, "n": len(lost)})
    if hand:
        s.emit("knight.lost-all.hand", {"victim": target, "cards": hand}, to=(target,))


def back_to_main(s: CatanState) -> None:
    s.phase = MAIN
    s.decider = s.current
    s.attack = s.attacker = s.victim = -1
    s.left = 0


# ---------------------------------------------------------------- steal
def steal_legal(s: CatanState, player: int) -> list[CdbAction]:
    return [KEEP_ACT, RETURN_ACT]


def steal_play(s: CatanState, player: int, action: CdbAction) -> None:
    """CDB-3.1.2: the thief puts the stolen card on his own discard pile, or gives it back."""
    code = action.code
    card = s.stolen
    if code == KEEP:
        s.disc[player].append(card)
        if s.told is not None:  # it lies face up on the discard pile: public
            s.emit("bandit.kept", {"thief": player, "victim": s.victim, "card": ROLE_IDS[card]})
    elif code == RETURN:
        victim = s.victim
        s.hand[victim][card] += 1
        if s.told is not None:  # which card: the thief and the victim know it already
            s.emit("bandit.returned", {"thief": player, "victim": victim})
    else:
        raise _refuse(s, player, action)
    s.stolen = -1
    back_to_main(s)


# ---------------------------------------------------------------- discard
def discard_legal(s: CatanState, player: int) -> list[CdbAction]:
    """CDB-3.3.2: a card of the hand (discard-source B: or the top of the draw pile), the
    cards a player parts with most easily first (the terrain, the resources; the City last)."""
    h = s.hand[player]
    out = [DISCARD_ACT[c] for c in DISCARD_ORDER if h[c]]
    if s.rules.discard_from_draw and s.draw[player]:
        out.append(DISCARD_TOP_ACT)
    return out


def discard_play(s: CatanState, player: int, action: CdbAction) -> None:
    """CDB-3.3.2: one of the 2 cards the Knight (Offensive) makes the target discard."""
    code = action.code
    if code == DISCARD:
        card = action.card
        if not s.hand[player][card]:
            raise _refuse(s, player, action)
        s.hand[player][card] -= 1
        s.disc[player].append(card)
        if card == KDEF and s.spent[player]:
            s.spent = changed(s.spent, player, -1)
    elif code == DISCARD_TOP and s.rules.discard_from_draw and s.draw[player]:
        card = s.draw[player].pop()
        s.disc[player].append(card)
        if s.told is not None:  # it lies face up on the discard pile: public
            s.emit("knight.discarded-top", {"victim": player, "card": ROLE_IDS[card]})
    else:
        raise _refuse(s, player, action)
    s.left -= 1
    if not s.left:
        back_to_main(s)
