"""Catan Deck Building's moves as the table sees them: which of a player's own moves
deserve a second thought (``Game.action_warning``), and what another player's move
changed on the shared table (``Game.move_mark``). Both read an observation only.

Confirmed (issue 26: what a player of the board game would want asked before it is
too late; ordinary moves are never asked about):

- ending the turn while the resources laid down still buy a card: they are lost in
  the clean-up (CDB-8.2, CDB-7.4);
- ending the turn with nothing played or laid down: the hand stays as it is and only
  the draw follows (CDB-8.1 to CDB-8.3), which a click on the draw pile by mistake
  would do;
- a City out of a hand that holds two or more of them (played or laid down), or a City
  discarded while another card could be: three Cities in the hand win (CDB-9.1).

Laying a card down without its effect (CDB-7.8) is not asked about: the menus say "without
effect" and put it last, and a click on the card plays it.

Marks (``data-target``s of ``show/web.py`` that mean the same to every viewer): a
purchase marks its supply stack (``supply:ID``), a card played or laid down (attacks
too) the cards the mover laid down this turn (``laid:P``), the end of the turn and a
discard the player's discard pile (``discard:P``, the thief's when he keeps a stolen
card), an answer to an attack the attack card (``attack``). Each is drawn before the
move too (the contract-test kit's ``check_web``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from civtable.i18n import ENGLISH, Translator, localizable

from .. import actions as act
from ..catalog import BANDIT, BUYABLE, CITY, DESERT, ROLE_IDS
from .words import counts_text, end_draws, name, obs_plan

if TYPE_CHECKING:
    from civtable.core.action import Action

    from ..options import Rules


# ------------------------------------------------------------------ confirmations
@localizable
def action_warning(action: Action, obs: Mapping[str, Any], rules: Rules, *,
                   tr: Translator = ENGLISH) -> str | None:
    """Why ``action`` deserves a confirmation, in one sentence, or None."""
    found = act.BY_TEXT.get(action.text)
    viewer = obs.get("player")
    if found is None or not isinstance(viewer, int) or obs.get("over"):
        return None
    me = obs["players"][viewer]
    hand = me.get("hand")
    if hand is None:
        return None
    code, card = found.code, found.card
    if code == act.END and obs["phase"] == "main":
        return _ending(obs, me, hand, rules, tr)
    cities = hand["city"]
    if code in (act.PLAY_WILD, act.LAY) and card == CITY and cities >= 2:
        return tr.t("You hold {held} of the {win} Cities that win: this City leaves your hand until you draw it "
                    "again.", held=cities, win=rules.to_win)
    if code == act.DISCARD and card == CITY and sum(hand.values()) > cities:
        return tr.t("The City goes to your discard pile although you could discard another card; you hold {held} of "
                    "the {win} Cities that win.", held=cities, win=rules.to_win)
    return None


def buyable(obs: Mapping[str, Any], hand: Mapping[str, int], rules: Rules) -> list[int]:
    """CDB-7.3 to CDB-7.6: the supply cards the resources laid down pay for now, with
    the Desert or Settlement a Bandit or City also takes from the hand (as the rules'
    ``affordable``, from the observation)."""
    out = []
    for c in BUYABLE:
        if not obs["supply"][ROLE_IDS[c]]:
            continue
        if (c == BANDIT and not hand[ROLE_IDS[DESERT]]) or (c == CITY and not hand["settlement"]):
            continue
        if obs_plan(obs, c, False, rules) is not None:
            out.append(c)
    return out


def _ending(obs: Mapping[str, Any], me: Mapping[str, Any], hand: Mapping[str, int], rules: Rules,
            tr: Translator) -> str | None:
    cards = rules.cards
    pool = {k: n for k, n in obs["pool"].items() if n}
    could = buyable(obs, hand, rules) if pool else []
    if could:
        return tr.t("You still have {pool} laid down to spend (enough for: {cards}); ending the turn now loses it.",
                    pool=counts_text(pool, cards, tr=tr), cards=", ".join(name(c, cards, tr) for c in could))
    if not any(me["laid"].values()) and me["hand_size"]:
        return tr.nt("You have not played anything this turn: your {n} card stays in your hand and you draw {k}.",
                     "You have not played anything this turn: your {n} cards stay in your hand and you draw {k}.",
                     me["hand_size"], k=end_draws(obs, cards))
    return None


# ------------------------------------------------------------------ marks
def move_mark(action: Action, actor: int, obs: Mapping[str, Any]) -> str | None:
    """The thing on the shared table that ``actor``'s move changed (``obs``: the
    spectator's observation before the move), or None."""
    found = act.BY_TEXT.get(action.text)
    if found is None:
        return None
    code, card = found.code, found.card
    if code in (act.BUY, act.BUY_TRADE):
        return f"supply:{ROLE_IDS[card]}"
    if code < act.BUY:
        return f"laid:{actor}"
    if code in (act.END, act.DISCARD, act.DISCARD_TOP, act.KEEP):
        return f"discard:{actor}"
    if code in (act.REFLECT, act.ALLOW):
        return "attack"
    return None
