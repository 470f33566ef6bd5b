"""MC-7.2 to MC-7.5: the engine checks a trade text directly (``rules.trade.find_trade``,
used by ``MegaState.lookup``) instead of listing every offer; it must accept exactly
the texts of ``legal_trade`` and hand out the same action objects. Checked on every
trade decision of seeded games (small map, offers of 3 to 6 cards) against every
legal text and a sample of the action space's trade texts and of near misses.
"""

from __future__ import annotations

import pytest

from civtable.agents import PlayerView, make_agent
from civtable.core.rng import Rng
from civtable.games.mega_civ.rules.trade import STAGE, building, legal_trade
from civtable.games.mega_civ.state import TRADE

from ._mc_helpers import game

TRADE_WORDS = ("offer", "counter", "add", "accept", "pass", "post", "decline", "reject")


def near_misses(text: str, cards: list[str]) -> list[str]:
    """Texts one slip away from a legal one: words swapped, cut, doubled, respelt, a
    card named (or declared) that the offer may not hold."""
    words = text.split(" ")
    out = [" ".join(words[:-1]), text + " " + words[-1], text.upper(), " " + text, text.replace(" as ", " is ")]
    if len(words) >= 3:
        out.append(" ".join([words[0], words[2], words[1], *words[3:]]))
    if len(words) >= 4 and words[-2] == "as":  # declared as another card of the text
        out += [" ".join([*words[:-1], w]) for w in words[1:-2] if w != "as"]
    if words[0] in ("offer", "counter", "add"):  # every card word swapped for another card
        out += [" ".join([*words[:i], c, *words[i + 1:]]) for i, w in enumerate(words[1:], 1) if w != "as"
                for c in cards]
    if words[0] == "accept":
        out += [f"accept 0{words[1]}", f"accept {int(words[1]) + 1}", "accept -1", "accept x"]
    return out


@pytest.mark.parametrize("seed, max_cards", [(1, 3), (2, 5), (3, 6)])
def test_mc_7_trade_texts_found_directly_as_listed(seed: int, max_cards: int) -> None:
    g = game(**{"trade-max-cards": max_cards})
    space = [t for t in g.action_space().texts if t.split(" ", 1)[0] in TRADE_WORDS]
    rng = Rng(seed)
    bots = [make_agent("greedy", g, seed * 10 + p) for p in range(5)]
    s = g.new_state(seed=seed)
    stages: set[str] = set()
    while not s.is_terminal() and s.turn <= 20:
        p = s.to_move()[0]
        if s.step == TRADE:
            legal = legal_trade(s, p)
            cards = sorted({s.cat.cards[c].id for c in s.hands[p]} | {"gold", "flood", "water", "treachery"})
            texts = {a.text: a for a in legal}
            for a in legal:
                assert s.lookup(p, a.text) is a
            sample = [rng.choice(space) for _ in range(60)]
            for t in sorted({x for a in legal for x in near_misses(a.text, cards)}) + sample:
                found = s.lookup(p, t)
                assert found is texts.get(t), t
            stages.add("open" if s.deal is None else "build" if building(s) is not None else str(s.deal[STAGE]))
        s.apply(p, bots[p].act(PlayerView(s, p)))
    # offers, cards added (every offer's hidden cards), counters, answers
    assert stages == {"open", "build", "1", "2"}
