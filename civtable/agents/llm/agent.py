"""``llm:MODEL``: a language model plays a seat through an OpenAI-compatible endpoint.

    civtable simulate catan-deckbuilding --players "llm:qwen2.5-7b-instruct,greedy" --llm-url http://127.0.0.1:8000/v1

Each decision with more than one legal action is one conversation (``prompt.py``): the
model's reply names an action by number or text; an illegal reply is answered with the
engine's reason and asked again, up to ``retries`` times, then the fallback bot moves. A
request that brings no reply (the endpoint unreachable, a timeout, an HTTP error, a reply
over 1 MB, garbage) is not asked again: the fallback bot plays that decision, and after
``MAX_FAILURES`` such decisions in a row it plays the seat to the end of the game. The
game's record keeps a note of each.

Parameters (``llm:MODEL;key=value`` or ``llm:model=MODEL,key=value``): ``url`` (the
endpoint; default ``--llm-url``, ``CIVTABLE_LLM_URL`` or http://127.0.0.1:8080/v1),
``key-env`` (the environment variable holding the key, default ``CIVTABLE_LLM_KEY``),
``retries`` (2), ``list`` (``yes``: number the legal actions; ``no``: the model writes
an action's text), ``timeout`` (seconds per request, 60), ``max-tokens`` (64),
``temperature`` (0), ``fallback`` (the bot that moves when the model does not: ``random``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from civtable.core.errors import AgentError

from ..base import Agent, PlayerView, check_params, int_param, number_param
from .client import KEY_VARIABLE, ChatClient, LlmFailure, endpoint
from .prompt import can_talk, prompt_messages, read_reply, retry_text

if TYPE_CHECKING:
    from civtable.core.action import Action
    from civtable.core.game import Game

    from ..base import Bots

MAX_FAILURES = 3
"""Decisions in a row without a reply after which the fallback bot plays the seat to the end."""
PARAMS = {"", "model", "url", "key-env", "retries", "list", "timeout", "max-tokens", "temperature", "fallback"}
COUNTERS = ("decisions", "forced", "requests", "replies", "illegal", "retries", "fallback", "failures",
            "timeout", "http", "unreachable", "garbage", "too_long", "prompt_tokens", "completion_tokens",
            "untallied", "seconds", "talk")
"""What a seat reports (``Agent.stats``): decisions asked of the model, decisions with one
legal action (played without asking), requests sent, replies received, illegal replies,
retries, decisions played by the fallback bot, requests without a reply (and by kind),
tokens as the endpoint counted them, replies whose tokens it did not count, seconds
waiting for the endpoint, public messages said."""
VARIABLE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class LlmAgent(Agent):
    """A seat played by a language model (see the module docstring)."""

    reads_events = True
    replayable = False  # a model's replies are not a function of a seed

    def __init__(self, game: Game, client: ChatClient, fallback: Agent, seed: int = 0, retries: int = 2,
                 listed: bool = True) -> None:
        super().__init__(seed)
        self.game = game
        self.client = client
        self.fallback = fallback
        self.retries = retries
        self.listed = listed
        self.cursor = 0
        self.failures = 0
        self.dead = False
        self.counts: dict[str, float] = dict.fromkeys(COUNTERS, 0)
        self.said: str | None = None

    def stats(self) -> dict[str, float]:
        return dict(self.counts)

    def talk(self) -> str | None:
        said, self.said = self.said, None
        return said

    def act(self, view: PlayerView) -> Action:
        events = view.events(self.cursor)
        self.cursor += len(events)
        legal = view.legal_actions
        counts = self.counts
        if len(legal) == 1:
            counts["forced"] += 1
            return legal[0]
        counts["decisions"] += 1
        ply = int(counts["decisions"])
        if self.dead:
            counts["fallback"] += 1
            return self.fallback.act(view)
        messages = prompt_messages(view, events, self.listed)
        talk = can_talk(self.game, legal)
        for attempt in range(self.retries + 1):
            counts["requests"] += 1
            try:
                reply = self.client.complete(messages)
            except LlmFailure as e:
                return self._failed(view, ply, e)
            self.failures = 0
            counts["replies"] += 1
            counts["seconds"] += reply.seconds
            if reply.prompt_tokens is None or reply.completion_tokens is None:
                counts["untallied"] += 1
            counts["prompt_tokens"] += reply.prompt_tokens or 0
            counts["completion_tokens"] += reply.completion_tokens or 0
            reading = read_reply(reply.text, view, self.listed, talk)
            if reading.action is not None:
                if reading.say and reading.action.kind in _talk_kinds(self.game):
                    self.said = reading.say
                    counts["talk"] += 1
                    self.notes.append((ply, f"seat {view.player} says: {reading.say}"))
                return reading.action
            counts["illegal"] += 1
            if attempt < self.retries:
                counts["retries"] += 1
                messages = [*messages, {"role": "assistant", "content": reply.text[:2000]},
                            {"role": "user", "content": retry_text(reading.reason, self.listed, len(legal))}]
        counts["fallback"] += 1
        self.notes.append((ply, f"seat {view.player}: {self.retries + 1} illegal replies; the fallback bot plays "
                                f"this decision"))
        return self.fallback.act(view)

    def _failed(self, view: PlayerView, ply: int, failure: LlmFailure) -> Action:
        counts = self.counts
        counts["failures"] += 1
        counts[failure.kind] += 1
        counts["fallback"] += 1
        self.failures += 1
        self.notes.append((ply, f"seat {view.player}: {failure}; the fallback bot plays this decision"))
        if self.failures >= MAX_FAILURES:
            self.dead = True
            self.notes.append((ply, f"seat {view.player}: the model is replaced by the fallback bot to the end"))
        return self.fallback.act(view)


def _talk_kinds(game: Game) -> frozenset[str]:
    from .prompt import game_rules

    return game_rules(game).talk


def make_llm(game: Game, seed: int, params: dict[str, str], bots: Bots) -> Agent:
    """The ``llm`` bot of a spec; ``bots``: the registry, for the fallback bot."""
    params = dict(params)
    bare = [k for k, v in params.items() if k and v == "" and k not in PARAMS]
    if "" not in params and "model" not in params and len(bare) == 1:  # "llm:MODEL&list=no"
        params[""] = bare[0]
        del params[bare[0]]
    check_params("llm", params, PARAMS)
    model = (params.get("") or params.get("model") or "").strip()
    if not model:
        raise AgentError("llm: needs a model, e.g. llm:qwen2.5-7b-instruct")
    key_env = params.get("key-env", KEY_VARIABLE)
    if not VARIABLE.match(key_env):
        raise AgentError(f"bot parameter 'key-env' must name an environment variable, not {key_env[:40]!r}")
    listed = params.get("list", "yes").lower()
    if listed not in ("yes", "no"):
        raise AgentError(f"bot parameter 'list' must be yes or no, not {listed[:20]!r}")
    fallback_spec = params.get("fallback", "random")
    if fallback_spec.split(":")[0].lower() in ("llm", "cmd", "human"):
        raise AgentError(f"the fallback bot of llm: must be a built-in bot, not {fallback_spec[:40]!r}")
    client = ChatClient(endpoint(params.get("url")), model, key_env,
                        timeout=number_param(params, "timeout", 60.0, 0.01, 3600.0),
                        max_tokens=int_param(params, "max-tokens", 64, 1),
                        temperature=number_param(params, "temperature", 0.0, 0.0, 2.0))
    fallback = bots.make(fallback_spec, game, seed)
    return LlmAgent(game, client, fallback, seed, retries=int_param(params, "retries", 2, 0),
                    listed=listed == "yes")
