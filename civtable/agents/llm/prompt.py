"""What a language model is told, and how its reply is read.

The prompt of a decision is built from what the seat may know and nothing else: the
game's short rules summary for models (``data/llm_rules.md`` of the game), the events
the seat was told since its last decision (``PlayerView.events``, in words), the
terminal's screen of its observation (``Game.render``), and its legal actions numbered
from 1 (or, with the list hidden, the game's help on how to write them). The text
environment (``civtable.envs.text_env``) shows the same text.

A reply is accepted when a line of it is the number of a listed action or the text of a
legal action; anything else is illegal, and the model is told the engine's reason
(``PlayerView.explain``). In a decision of a kind the game's summary allows (Mega Civ's
trade offers), a line ``say: ...`` adds a short public message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

import yaml

from civtable.core.action import normalize

if TYPE_CHECKING:
    from civtable.core.action import Action
    from civtable.core.events import Event
    from civtable.core.game import Game

    from ..base import PlayerView

MAX_LIST = 200
"""The most actions listed in a prompt; beyond, the model writes an action's text."""
TALK_CHARS = 200
"""The longest public message a model may add to an offer."""
NUMBER = re.compile(r"^\s*(?:action\s*|answer\s*|choice\s*)?[:#]?\s*(\d{1,6})\s*(?:[.):\-]|$)", re.IGNORECASE)
SAY = re.compile(r"^\s*say\s*:\s*(.*)$", re.IGNORECASE)
DECORATION = re.compile(r"^[\s>*`\"'_]+|[\s*`\"'_.]+$")


@dataclass(frozen=True)
class Rules:
    """A game's summary for models and the action kinds after which it may talk."""

    text: str
    talk: frozenset[str] = frozenset()


@cache
def rules_of(game_id: str, package: str) -> Rules:
    """The game's ``data/llm_rules.md`` (YAML front matter: ``talk``, the action kinds a
    public message may follow); a game without one gets a line from its declaration."""
    try:
        text = resources.files(package).joinpath("data", "llm_rules.md").read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
        return Rules("")
    talk: frozenset[str] = frozenset()
    if text.startswith("---\n"):
        head, _, text = text[4:].partition("\n---\n")
        meta = yaml.safe_load(head) or {}
        talk = frozenset(str(k) for k in meta.get("talk", ()))
    return Rules(text.strip(), talk)


def game_rules(game: Game) -> Rules:
    package = type(game).__module__.rsplit(".", 1)[0]
    found = rules_of(game.id, package)
    if found.text:
        return found
    info = game.info
    return Rules(f"{info.name} for {info.player_range} players.", found.talk)


def system_text(game: Game, seat: int, listed: bool, talk: bool) -> str:
    """The standing instructions: the game, the seat, the rules summary, how to answer."""
    rules = game_rules(game)
    answer = ("Answer with the number of one of your legal actions (or its exact text) on the first line."
              if listed else "Answer with the exact text of one legal action, in the game's notation, on the first line.")
    lines = [f"You are playing {game.info.name} as player {seat} ({game.num_players} players).", "", rules.text, "",
             "Each decision shows what you were told since your last decision, your view of the game (only what "
             "you may know), and what you may do. " + answer + " Write nothing else on that line."]
    if talk:
        lines.append(f"When you make or answer a trade offer you may add a second line 'say: MESSAGE' (at most "
                     f"{TALK_CHARS} characters): every player sees it.")
    return "\n".join(lines)


def can_talk(game: Game, legal: list[Action]) -> bool:
    kinds = game_rules(game).talk
    return bool(kinds) and any(a.kind in kinds for a in legal)


def decision_text(view: PlayerView, events: list[Event], listed: bool, talk: bool) -> str:
    """One decision as the seat sees it (the user message of the prompt)."""
    game = view.game
    seat = view.player
    told = [game.render_event(e, seat) for e in events]
    parts = ["What happened since your last decision:", *(f"- {t}" for t in told)] if told else \
        ["Nothing happened since your last decision."]
    parts += ["", "Your view:", str(game.render(view.observation, seat)).rstrip(), ""]
    legal = view.legal_actions
    if listed:
        shown = legal[:MAX_LIST]
        parts.append("Your legal actions:")
        parts += [f"{i}. {a.text}" for i, a in enumerate(shown, 1)]
        if len(legal) > len(shown):
            parts.append(f"... and {len(legal) - len(shown)} more (write the text of an action to play one of them)")
        parts.append(f"Answer with one number from 1 to {len(shown)}.")
    else:
        help_text = str(game.help(view.observation, seat)).strip()
        if help_text:
            parts += ["How to write your actions:", help_text]
        parts.append(f"You have {len(legal)} legal actions. Answer with the text of one.")
    if talk:
        parts.append(f"You may add a line 'say: MESSAGE' (at most {TALK_CHARS} characters) that every player sees.")
    return "\n".join(parts)


def retry_text(reason: str, listed: bool, count: int) -> str:
    how = f"one number from 1 to {min(count, MAX_LIST)}" if listed else "the text of one legal action"
    return f"That is not a legal action: {reason}. Answer again with {how}."


@dataclass(frozen=True)
class Reading:
    """A reply read: the action it names (``None``: illegal, with ``reason``), and the
    public message it adds (``say``)."""

    action: Action | None
    reason: str = ""
    say: str | None = None


def read_reply(text: str, view: PlayerView, listed: bool, talk: bool) -> Reading:
    """The action a reply names: a listed number or a legal action's text on its first
    line (or its last, after some reasoning); else the engine's reason why not."""
    legal = view.legal_actions
    by_text = {a.text: a for a in legal}
    say: str | None = None
    lines: list[str] = []
    for raw in text.replace("\r", "\n").split("\n"):
        found = SAY.match(raw)
        if found:
            if talk and say is None:
                say = clean_talk(found[1])
            continue
        line = DECORATION.sub("", raw)
        if line and not line.startswith("```"):
            lines.append(line)
    if not lines:
        return Reading(None, "the reply names no action", say)
    first = lines[0]
    for line in dict.fromkeys((first, lines[-1])):
        action = _named(line, legal, by_text, listed)
        if action is not None:
            return Reading(action, "", say)
    number = NUMBER.match(first)
    if listed and number:
        n = int(number[1])
        shown = min(len(legal), MAX_LIST)
        return Reading(None, f"there is no action {n}: the actions are numbered from 1 to {shown}", say)
    try:
        reason = view.explain(first[:200])
    except Exception:  # noqa: BLE001 (a game's explanation never stops a decision)
        reason = f"{first[:60]!r} is not a legal action now"
    return Reading(None, " ".join(str(reason).split()).rstrip("."), say)


def _named(line: str, legal: list[Action], by_text: dict[str, Action], listed: bool) -> Action | None:
    if listed:
        number = NUMBER.match(line)
        if number:
            n = int(number[1])
            if 1 <= n <= min(len(legal), MAX_LIST):
                return legal[n - 1]
            return None
    return by_text.get(normalize(line))


def clean_talk(text: str) -> str | None:
    """A public message as it may be shown: one line of printable characters, at most
    ``TALK_CHARS``; ``None`` when nothing is left."""
    kept = "".join(c if c.isprintable() else " " for c in text)
    kept = " ".join(kept.split())[:TALK_CHARS]
    return kept or None


def prompt_messages(view: PlayerView, events: list[Event], listed: bool = True) -> list[dict[str, Any]]:
    """The chat messages of one decision (system, user)."""
    talk = can_talk(view.game, view.legal_actions)
    return [{"role": "system", "content": system_text(view.game, view.player, listed, talk)},
            {"role": "user", "content": decision_text(view, events, listed, talk)}]
