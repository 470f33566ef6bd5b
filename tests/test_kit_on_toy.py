"""The contract-test kit on the toy game: the kit itself runs (and catches a leak)."""

from __future__ import annotations

from hypothesis import strategies as st

from civtable.core.registry import load_game, register_game
from civtable.testing import ContractSuite, GameAdapter, check_channels

register_game("toy-nim", "examples.games.toy_nim.game:ToyNim")

OPTIONS = st.fixed_dictionaries({"opening": st.sampled_from(("chance", "bid")),
                                 "max-take": st.integers(1, 5)})


class TestToyContract(ContractSuite):
    adapter = GameAdapter("toy-nim", options=OPTIONS, end_options=OPTIONS, end_steps=200, max_steps=40,
                          scale=0.3)


def test_the_kit_catches_a_leaking_event() -> None:
    """A game that tells the opponent a hidden card in a public event is caught."""
    game = load_game("toy-nim")
    caught = 0
    for seed in range(30):
        s = game.new_state(seed=seed)
        mover = s.to_move()[0]
        action = s.legal_actions(mover)[0]
        original = type(s).apply

        def leaky(self, player, act, _orig=original):  # type: ignore[no-untyped-def]
            _orig(self, player, act)
            self.emit("pile.grew", {"pile": self.cards[player]})  # the mover's hidden card, public

        type(s).apply = leaky  # type: ignore[method-assign]
        try:
            check_channels(s, mover, action, 1 - mover, seed)
        except AssertionError:
            caught += 1
        finally:
            type(s).apply = original  # type: ignore[method-assign]
    assert caught > 0
