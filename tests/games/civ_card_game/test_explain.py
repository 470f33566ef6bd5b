"""Why an action is refused in Civilization: The Card Game (``State.explain``, shown by
the terminal): whose decision it is, which step an action belongs to, what is
missing to pay, which card is needed; and never what the player may not know."""

from __future__ import annotations

import pytest

from civtable.core.errors import IllegalActionError
from civtable.core.rng import Rng

from ._ccg_helpers import game, position


def reason(s, p: int, text: str) -> str:
    with pytest.raises(IllegalActionError) as err:
        s.apply(p, text)
    assert str(err.value) == s.explain(p, text)
    return str(err.value)


def test_whose_decision_it_is() -> None:
    """Another player's action: it is not his decision, and who decides what now."""
    s = position(players=[{"hand": {"chariot": 1}}, {"hand": {"archers": 1}}], phase="declare")
    s.apply(0, "attack chariot 1")
    s.apply(0, "fight")
    assert reason(s, 0, "done") == "it is not your decision: player 1 is to defend now (step defend)"
    assert s.explain(1, "block chariot spearmen") == "you have no Spearmen in your hand"
    assert s.explain(7, "done") == "there is no player 7 in this 2-player game"


def test_which_step_an_action_belongs_to() -> None:
    s = position(players=[{"resources": {"commerce": 3}}])
    assert reason(s, 0, "draw 4") == \
        "'draw' belongs to the draw step; now you are to buy, or end the purchases (step purchase)"
    assert reason(s, 0, "block chariot archers").startswith("'block' belongs to the defend step")
    assert reason(s, 0, "buy city").startswith("'buy city' is not an action of this game")


@pytest.mark.parametrize(("text", "why"), [
    ("tech writing", "buy technology Writing: it costs 12 Commerce, you have 4"),
    ("tech astronomy", "Astronomy is not in the display (Writing, Pottery and Mysticism)"),
    ("tech masonry", "Masonry is bought already (by player 1)"),
    ("pop 2", "a population on plot 2 (Hills, 0 population) costs 6 Food; you have 5"),
    ("pop 9", "you have 4 plots: give a plot number from 1 to 4"),
    ("build temple 1", "Temple costs 4 Hammers; you have 3"),
    ("build library 1", "you have no Library in your hand"),
    ("build temple 9", "you have 4 plots: give a plot number from 1 to 4"),
    ("cash archers", "Archers is not a resource card: only those are cashed"),
    ("plot gold", "the plot display holds Grassland, Grassland and Grassland"),
    ("writing 1", "you do not have Writing"),
    ("build Temple 9", "you have 4 plots: give a plot number from 1 to 4"),
    ("tech The Wheel", "The Wheel is not in the display (Writing, Pottery and Mysticism)"),
])
def test_what_is_missing_to_pay_or_which_card_is_needed(text: str, why: str) -> None:
    """CCG-6.1 to 6.5: the price and what the player has; the card he lacks."""
    s = position(players=[{"resources": {"food": 5, "hammers": 3, "commerce": 4},
                           "hand": {"temple": 1, "archers": 1}},
                          {"technologies": ["masonry"]}],
                 tech_display=["writing", "pottery", "mysticism"])
    assert reason(s, 0, text) == why


def test_a_full_plot_and_a_plot_that_is_too_dear() -> None:
    """CCG-2.1.4 and CCG-6.4."""
    s = position(players=[{"resources": {"hammers": 9, "food": 4}, "hand": {"temple": 1},
                           "plots": [("grassland", 0, ["granary"]), "hills", "coast", "forest"]}])
    assert reason(s, 0, "build temple 1") == "plot 1 has no free slot (1 slot, holding Granary)"
    assert reason(s, 0, "plot grassland") == "your next plot costs 15 resources of any kind; you have 13"


def test_a_block_the_unit_cannot_make() -> None:
    """CCG-7.3: Spearmen block only Chariots; a unit not attacking cannot be blocked."""
    s = position(players=[{"hand": {"axemen": 1}}, {"hand": {"spearmen": 1}}], phase="declare")
    s.apply(0, "attack axemen 1")
    s.apply(0, "fight")
    assert reason(s, 1, "block axemen spearmen") == "Spearmen cannot block Axemen: it blocks only Chariot"
    assert reason(s, 1, "block chariot spearmen") == "no unblocked Chariot attacks you"


def test_an_attack_on_a_player_not_beside_you() -> None:
    """CCG-7.0 (adjacency A): with 4 players, not the player opposite."""
    s = position(game(players=4), players=[{"hand": {"chariot": 1}}], phase="declare")
    assert reason(s, 0, "attack chariot 2") == "you may attack player 1 and player 3"
    s = position(players=[{"hand": {"chariot": 1}}])
    assert reason(s, 0, "attack chariot 1") == \
        "attacks come after the purchases: type 'done' to end them, then declare attackers"


def test_explanations_do_not_depend_on_hidden_cards() -> None:
    """The same answers in every sample of the asking player's information set."""
    s = position(game(players=3), players=[{"technologies": ["writing"], "hand": {"chariot": 1}},
                                           {"hand": {"archers": 2}}, {"hand": {"spearmen": 1}}])
    texts = ("writing 1", "writing 2", "attack chariot 1", "block chariot archers", "discard archers", "done")
    want = [s.explain(0, t) for t in texts]
    for seed in range(5):
        d = s.determinize(0, Rng(seed))
        assert [d.explain(0, t) for t in texts] == want
