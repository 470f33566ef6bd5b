"""A person at the terminal, as an agent: sees its observation, picks an action.

A typo never ends the game: the person is told what went wrong and asked again.
Typing ``quit`` (or closing the input) raises ``QuitGame``; the command line then
keeps the record, which it has written move by move, so the game can be resumed.
"""

from __future__ import annotations

import contextlib
import difflib
import json
import sys
from typing import TextIO

from civtable.core.action import Action, normalize

from .base import Agent, PlayerView

QUIT_WORDS = frozenset({"quit", "exit", "q"})
HELP_WORDS = frozenset({"help", "?", "list", "actions"})


class QuitGame(Exception):
    """The person asked to stop playing (``quit`` or end of input)."""


def render(view: PlayerView) -> str:
    """The game's own text view of an observation if it has one, else indented JSON."""
    renderer = getattr(view.game, "render_observation", None)
    if callable(renderer):
        return str(renderer(view.observation, view.player))
    return json.dumps(view.observation, indent=2, sort_keys=True)


class HumanAgent(Agent):
    """Asks a person for each decision; ``stdin``/``stdout`` default to the process's own."""

    name = "human"

    def __init__(self, seed: int = 0, stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
        super().__init__(seed)
        self.stdin = stdin
        self.stdout = stdout

    @property
    def out(self) -> TextIO:
        return self.stdout or sys.stdout

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def act(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        self.say()
        self.say(f"--- player {view.player} ({self.name}) to decide ---")
        self.say(render(view))
        self.show_actions(legal, view)
        while True:
            line = self.read(f"player {view.player}> ")
            if line is None:
                raise QuitGame
            action = self.choose(line, legal, view)
            if action is not None:
                return action

    def show_actions(self, legal: list[Action], view: PlayerView | None = None) -> None:
        """The numbered legal actions, or the game's own short description of a long
        list (``Game.describe_actions(observation, legal)``, e.g. "culture 0 to culture 60")."""
        describe = getattr(view.game, "describe_actions", None) if view is not None else None
        lines = describe(view.observation, legal) if callable(describe) and view is not None else None
        if lines:
            for line in lines:
                self.say(line)
            return
        self.say("Legal actions:")
        width = len(str(len(legal)))
        for i, a in enumerate(legal, 1):
            self.say(f"  {i:>{width}}. {a}")

    def choose(self, line: str, legal: list[Action], view: PlayerView | None = None) -> Action | None:
        """The action a typed line names, or ``None`` after explaining why it names none.

        A game may read a person's shorthand (``Game.interpret_input(observation, line)``,
        e.g. a bare number answering "how many?") and say why an answer is wrong
        (``Game.explain_action(observation, text)``)."""
        text = line.strip()
        if not text:
            return None
        lowered = text.lower()
        if lowered in QUIT_WORDS:
            raise QuitGame
        if lowered in HELP_WORDS:
            self.show_actions(legal, view)
            self.say("Type an action's number or its text; 'quit' saves and stops.")
            return None
        game = view.game if view is not None else None
        interpret = getattr(game, "interpret_input", None)
        if callable(interpret) and view is not None:
            text = str(interpret(view.observation, text)) or text
            wanted = normalize(text)
            for a in legal:
                if a.text == wanted:
                    return a
        hint = f"type a number from 1 to {len(legal)}, an action's text, 'help' or 'quit'"
        if text.isdigit():
            k = int(text)
            if 1 <= k <= len(legal):
                return legal[k - 1]
            self.say(f"There is no action {k}; {hint}.")
            return None
        wanted = normalize(text)
        for a in legal:
            if a.text == wanted:
                return a
        explain = getattr(game, "explain_action", None)
        if callable(explain) and view is not None:
            reason = explain(view.observation, wanted)
            if reason:
                self.say(f"{reason} Please answer again.")
                return None
        close = difflib.get_close_matches(wanted, [a.text for a in legal], n=1)
        suggestion = f" Did you mean {close[0]!r}?" if close else ""
        self.say(f"{text!r} is not a legal action now; {hint}.{suggestion}")
        return None

    def read(self, prompt: str) -> str | None:
        """One line from the person; ``None`` at end of input."""
        stream = self.stdin or sys.stdin
        if stream is sys.stdin and stream.isatty():
            with contextlib.suppress(ImportError):
                import readline  # noqa: F401  (line editing and history for input())
            try:
                return input(prompt)
            except EOFError:
                self.say()
                return None
        self.out.write(prompt)
        self.out.flush()
        line = stream.readline()
        self.say()
        return line if line else None
