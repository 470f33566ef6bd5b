"""MC-4.2.3: the plunder of a city attack that wins: 1 random trade card from the
former owner (issue 17) besides the treasury tokens, on hand-built positions of the
small map (seats HELLAS=0, MINOA=1, HATTI=2, ASSYRIA=3, EGYPT=4).

Hatti's 7 tokens attack Hellas's city in date_oasis (limit 1): 6 Hellas tokens come
in, the conflict leaves Hellas 0 and Hatti 2, so Hatti wins (city-attack-win A).
"""

from __future__ import annotations

from typing import Any

import pytest

from civtable.core.rng import Rng

from . import _mc_helpers as mc
from ._mc_helpers import finish_movement, game, position, position_json
from ._seats import EGYPT, HATTI, HELLAS, MINOA

ATTACK = {HATTI: {"tokens": {"date_oasis": 7}}, EGYPT: {"tokens": {"great_delta": 6}}}


def attack(hellas: dict[str, Any], g=None, **fields: Any):
    """The attack on date_oasis played to the city-building step (phase 5)."""
    g = g if g is not None else game()
    players = {**ATTACK, HELLAS: hellas}
    data = position_json(g, players=players, city={"date_oasis": HELLAS}, queue=[HATTI, HELLAS, EGYPT], **fields)
    s = g.state_from_json(data)
    finish_movement(s)
    assert s.phase == 5
    return s, data


def test_mc_4_2_3_attacker_takes_one_random_trade_card():
    """MC-4.2.3: Hatti wins and takes exactly one of Hellas's three trade cards, the one
    the state's generator draws (the first draw of this turn: below(3) over the sorted
    hand), besides the 3 treasury tokens; no card is made or lost."""
    hand = ["ochre", "papyrus", "wine"]
    s, data = attack({"treasury": 5, "hand": hand})
    pick = Rng.from_state(data["rng"]).below(3)
    want = sorted(hand, key=lambda c: s.cat.card(c))[pick]
    assert [s.cat.cards[c].id for c in s.hands[HATTI]] == [want]
    assert sorted(s.cat.cards[c].id for c in s.hands[HELLAS]) == sorted(c for c in hand if c != want)
    assert (s.treasury[HELLAS], s.treasury[HATTI]) == (2, 3)
    mc.conserved(s)
    assert s.game.state_from_json(s.to_json()).to_json() == s.to_json()  # no card in two places


def test_mc_4_2_3_the_card_is_random():
    """MC-4.2.3: the card is drawn at random: over eight generator states, Hatti takes
    more than one kind of Hellas's cards, and the same state always gives the same card."""
    hand = ["ochre", "papyrus", "wine", "gold"]
    taken = set()
    for seed in range(8):
        rng = Rng(seed).state
        s, _ = attack({"hand": hand}, rng=rng)
        again, _ = attack({"hand": hand}, rng=rng)
        assert s.hands[HATTI] == again.hands[HATTI]
        (card,) = s.hands[HATTI]
        taken.add(s.cat.cards[card].id)
    assert len(taken) > 1
    assert taken <= set(hand)


def test_mc_4_2_3_former_owner_without_cards_loses_none():
    """MC-4.2.3: Hellas holds no trade card: Hatti takes only the treasury tokens, nobody
    gains a card, nothing is drawn from the generator, and only the treasury is told."""
    s, data = attack({"treasury": 5})
    assert s.hands[HATTI] == [] and s.hands[HELLAS] == []
    assert (s.treasury[HELLAS], s.treasury[HATTI]) == (2, 3)
    assert s.rng.state == data["rng"]
    assert not [e for e in s.events(HATTI) if e.id.startswith("card.plundered")]
    assert [e.id for e in s.events(None) if e.id == "city.plundered"] == ["city.plundered"]


def test_mc_4_2_3_no_card_when_the_attack_does_not_win():
    """MC-4.2.2 / MC-4.2.3: in kings_vale (limit 3) Hellas keeps a token after the
    conflict, so Hatti has not won (city-attack-win A): he takes no card."""
    g = game()
    players = {HATTI: {"tokens": {"kings_vale": 7}}, EGYPT: {"tokens": {"great_delta": 6}},
               HELLAS: {"treasury": 5, "hand": ["ochre", "wine"]}}
    s = position(g, players=players, city={"kings_vale": HELLAS}, queue=[HATTI, HELLAS, EGYPT])
    finish_movement(s)
    assert mc.tok(s, HELLAS, "kings_vale") == 1
    assert s.hands[HATTI] == [] and len(s.hands[HELLAS]) == 2


def test_mc_4_2_3_a_calamity_is_not_plundered():
    """MC-4.2.3: only trade cards are taken (a calamity is none): Hellas holds a Water
    card and a tradable calamity (Treachery); Hatti takes the Water card."""
    s, _ = attack({"hand": ["water", "treachery"]})
    assert [s.cat.cards[c].id for c in s.hands[HATTI]] == ["water"]
    assert [s.cat.cards[c].id for c in s.hands[HELLAS]] == ["treachery"]


@pytest.mark.parametrize("viewer", [HATTI, HELLAS])
def test_mc_4_2_3_the_card_is_told_to_the_two_players_only(viewer):
    """The attacker and the former owner are told which card changed hands; the others
    and spectators only that a card did (its stack shows on the back of the hand)."""
    s, _ = attack({"hand": ["wine"]})
    own = [dict(e.args) for e in s.events(viewer) if e.id == "card.plundered_own"]
    assert own == [{"attacker": HATTI, "owner": HELLAS, "card": "wine"}]
    assert not [e for e in s.events(viewer) if e.id == "card.plundered"]
    assert "Player 2 takes Wine from player 0 at random." in [
        s.game.render_event(e, None) for e in s.events(viewer) if e.id == "card.plundered_own"]
    for other in (MINOA, None):
        told = [(e.id, dict(e.args)) for e in s.events(other) if e.id.startswith("card.plundered")]
        assert told == [("card.plundered", {"attacker": HATTI, "owner": HELLAS})]
        assert "wine" not in str([dict(e.args) for e in s.events(other)])
    assert s.observation(MINOA)["players"][HATTI]["hand_by_stack"][5] == 1
