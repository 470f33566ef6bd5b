"""What the games' language tests share (``tests/games/*/test_i18n.py``): the checks
that a game's screens, menus, reasons and events read in a language, with no English
word left.

``english`` is a game's own check: the English words it finds in a translated text
(empty when there are none); quoted actions ('...') are passed over by
``english_in``, which a game's check calls with its list of words.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from civtable.core.game import Game
from civtable.core.state import State
from civtable.i18n import Translator

English = Callable[[str], list[str]]


def english_in(words: re.Pattern[str], text: str, own: Iterable[str] = ()) -> list[str]:
    """The English ``words`` in ``text``, quoted actions aside, less the language's
    ``own`` words (German has its own Hand)."""
    plain = re.sub(r"'[^']*'", "", text)
    kept = set(own)
    return [m.group(0) for m in words.finditer(plain) if m.group(0) not in kept]


def check_screens(game: Game, state: State, tr: Translator, words: Iterable[str], english: English) -> list[str]:
    """Every seat's screen in the language has the game's ``words`` and no English;
    returns every seat's browser page in the language (for the game's own checks)."""
    pages = []
    for p in range(game.num_players):
        obs = state.observation(p)
        screen = tr.localize(game.render(obs, p))
        assert all(word in screen for word in words), screen
        assert not english(screen), english(screen)
        pages.append(tr.localize(game.html(obs, p)))
    return pages


def check_menu(game: Game, state: State, p: int, tr: Translator, english: English, texts_kept: bool = False) -> None:
    """The help's first line and every legal action's label and menu path of seat
    ``p`` in the language, with no English; each label is translated (or, with
    ``texts_kept``, the action's own text)."""
    obs = state.observation(p)
    assert not english(tr.localize(game.help(obs, p)).split("\n")[0])
    for a in state.legal_actions(p):
        label = tr.localize(game.action_label(a, obs))
        path = tr.localize(game.action_path(a, obs))
        assert label != game.action_label(a, obs) or texts_kept and a.text == label, a.text
        assert not english(label) and not english(" ".join(path)), (a.text, label, path)


def check_reasons(state: State, p: int, texts: Iterable[str], tr: Translator, english: English) -> None:
    """Why each of ``texts`` is not legal for seat ``p``, in the language with no English."""
    for text in texts:
        reason = tr.localize(state.explain(p, text))
        assert reason != state.explain(p, text) and not english(reason), reason


def events_told(game: Game, state: State, tr: Translator, english: English, kept: Iterable[str] = ()) -> set[str]:
    """Every event of ``state`` told to seats 0 and 1 and to a spectator in the language,
    none left in English (but the events ``kept``, told as their action's text); returns
    the events' ids."""
    same = set(kept)
    seen: set[str] = set()
    viewer: Any
    for viewer in (0, 1, None):
        for e in state.events(viewer):
            text = game.render_event(e, viewer, tr=tr)
            seen.add(e.id)
            assert text != game.render_event(e, viewer) or e.id in same, (e.id, text)
            assert not english(text), (e.id, text)
    return seen
