"""The board drawn with the names the players gave themselves (issue 26): ``Game.html``
knows seats by number only, the server puts a seat's given name in place of "player N" in
the drawing's text, for every game, never inside a tag, the default names left alone."""

from __future__ import annotations

import pytest

from civtable.core.registry import load_game
from civtable.i18n import translator
from civtable.server.views import named_drawing, position_view


@pytest.mark.parametrize(("game_id", "options", "drawn"), [
    ("mega-civ", {"map": "small"}, "player 1 Minoa"),
    ("catan-deckbuilding", {}, "Player 1 (opponent)"),
])
def test_the_drawing_names_a_seat_as_the_seat_bar_does(game_id: str, options: dict[str, str], drawn: str) -> None:
    game = load_game(game_id, **options)
    state = game.new_state(seed=4)
    names = ["Ann", "Ben <i>"] + [f"player {p} (greedy)" for p in range(2, game.num_players)]
    plain = position_view(game, state, 0, [f"player {p}" for p in range(game.num_players)])["html"]
    assert drawn in plain  # what the game draws by itself
    html = position_view(game, state, 0, names)["html"]
    assert drawn not in html and drawn.replace("player 1", "Ben &lt;i&gt;").replace("Player 1", "Ben &lt;i&gt;") in html
    assert "Ben <i>" not in html  # a name is text, escaped


def test_only_text_is_renamed_in_the_viewers_language() -> None:
    names = ["Ann", "Ben"]
    assert named_drawing('<b data-x="player 1">player 1, player 10</b>', names) == \
        '<b data-x="player 1">Ben, player 10</b>'
    assert named_drawing("<p>hráč 1 Minoa</p>", names, translator("cs")) == "<p>Ben Minoa</p>"
    assert named_drawing("<p>player 1</p>", ["player 0", "player 1 (greedy)"]) == "<p>player 1</p>"
