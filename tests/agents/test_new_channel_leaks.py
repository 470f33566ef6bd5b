"""The leak checks of the new channels (civtable/testing/leaks.py: the rules oracle's
answers, a language model's prompt, the text environment's observation) pass on the
games and fail on a channel made to leak: changing what the seat may not see changes
what it receives."""

from __future__ import annotations

from typing import Any

import pytest

from civtable.agents import PlayerView
from civtable.agents.llm import prompt
from civtable.core.registry import load_game
from civtable.core.rng import Rng
from civtable.core.state import State
from civtable.testing import leaks


def positions(game_id: str, **options: Any) -> list[tuple[State, int, Any]]:
    """Mid-game positions with hidden information, the mover and the action about to be played."""
    game = load_game(game_id, **options)
    state = game.new_state(seed=6)
    rng = Rng(6)
    found = []
    for step in range(60):
        p = state.to_move()[0]
        legal = state.legal_actions(p)
        action = legal[rng.below(len(legal))]
        if step % 7 == 3:
            found.append((state.clone(), p, action))
        state.apply(p, action)
    return found


@pytest.mark.parametrize(("game_id", "options"), [("catan-deckbuilding", {}), ("civ-card-game", {"players": 3})])
def test_the_new_channels_tell_a_seat_nothing_hidden(game_id: str, options: dict[str, Any]) -> None:
    for state, p, action in positions(game_id, **options):
        leaks.check_channels(state, p, action, p, 11)


def _true_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    """The oracle's samples are the true state."""
    monkeypatch.setattr(PlayerView, "determinize", lambda self, rng: self._state.clone().silence())


def _true_generator(monkeypatch: pytest.MonkeyPatch) -> None:
    """The oracle's samples carry the true generator (the deck's future)."""
    real = PlayerView.determinize

    def keeps_the_generator(self: PlayerView, rng: Rng) -> State:
        sample = real(self, rng)
        sample.rng = self._state.rng.clone()  # type: ignore[attr-defined]
        return sample

    monkeypatch.setattr(PlayerView, "determinize", keeps_the_generator)


def _prompt_shows_the_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """A language model's prompt shows the whole position."""
    shown = prompt.decision_text
    monkeypatch.setattr(prompt, "decision_text",
                        lambda view, *args: shown(view, *args) + "\n" + str(view._state.to_json()))


def _text_shows_the_deck(monkeypatch: pytest.MonkeyPatch) -> None:
    """The text environment's observation shows every seat's cards."""
    shown = leaks.observation_text
    monkeypatch.setattr(leaks, "observation_text",
                        lambda state, seat, *a: shown(state, seat, *a) + str(state.to_json().get("players")))


@pytest.mark.parametrize(("leak", "words"), [
    (_true_samples, "the rules oracle tells player"),
    (_true_generator, "the rules oracle tells player"),
    (_prompt_shows_the_state, "language-model prompt or text observation"),
    (_text_shows_the_deck, "language-model prompt or text observation"),
], ids=["true samples", "true generator", "prompt", "text observation"])
def test_a_channel_made_to_leak_is_caught(monkeypatch: pytest.MonkeyPatch, leak: Any, words: str) -> None:
    leak(monkeypatch)
    state, p, action = positions("catan-deckbuilding")[2]
    with pytest.raises(AssertionError, match=words):
        leaks.check_channels(state, p, action, p, 11)
