"""Hidden information never leaves through any channel: the kit's check.

For a state S and a viewer V, ``S.determinize(V)`` is another state D that V
cannot tell from S: other players' hands, deck orders and pending hidden choices
are sampled anew. Everything V receives must then be the same in S and D:

- the observation, who is to move, V's legal actions, and what is rendered of
  them (``Game.render``, labels and menu paths are functions of the observation);
- the reasons given for illegal actions (``State.explain``);
- for a seat to move, what its bot or model is given on the newer channels: the rules
  oracle's answers to a fixed script of requests (samples of its information set by a
  seed it chose, the legal actions and the position after an action in them; the bot
  protocol), the prompt of a language model (``llm:MODEL``) and the text environment's
  observation (``civtable.envs.text_env``);
- the events of the next action: the action ``a`` played in S is played in D as
  any action ``b`` of the same player (``a`` itself first) after which V's
  observation is the same as after ``a`` in S. V cannot tell these two games
  apart, so the events V is told (the move's public text among them) must be the
  same; a difference means an event shows V something hidden (for instance a
  trade offer's face-down card, or the card another player drew).

Events must therefore only say what the viewer's observations before and after
show, or the public text of an action: a game that tells a viewer something must
keep it in that viewer's observation for the moment it is told.
"""

from __future__ import annotations

import io
from typing import Any

from civtable.agents.base import PlayerView
from civtable.agents.human import HumanAgent
from civtable.agents.llm.prompt import prompt_messages
from civtable.agents.oracle import Oracle
from civtable.core.action import Action
from civtable.core.events import ROOT, Event
from civtable.core.rng import Rng
from civtable.core.state import State
from civtable.envs.text_env import observation_text
from civtable.server.views import position_view

from .checks import check_determinize, first_difference

CANDIDATES = 12
"""How many of the actor's actions in the sample are tried to match the observation."""


def explain_texts(state: State, viewer: int) -> list[str]:
    """Texts a viewer might type: every mover's legal actions, and a few of the kit's own."""
    texts: list[str] = []
    for p in state.to_move():
        texts.extend(a.text for a in state.legal_actions(p)[:8])
    texts.extend(("end", "not an action", "buy city", "pass", "done"))
    return texts


def terminal_screen(state: State, viewer: int) -> str:
    """What a person at the terminal sees for one decision, with a few commands typed (the
    last action confirmed when the game asks, ``Game.action_warning``)."""
    legal = state.legal_actions(viewer)
    script = "\n".join(["help", "list", "1", "back", "not an action", "99", "²", "١٢", "9" * 5000, "x" * 3000,
                        legal[-1].text, "yes", ""])
    return typed(state, viewer, script)[1]


def typed(state: State, seat: int, lines: str) -> tuple[Any, str]:
    """What a person at the terminal plays for ``seat`` after typing ``lines`` (one
    command a line), and everything the terminal showed meanwhile."""
    out = io.StringIO()
    action = HumanAgent(stdin=io.StringIO(lines), stdout=out).act(PlayerView(state, seat))
    return action, out.getvalue()


def oracle_answers(state: State, viewer: int, seed: int) -> list[dict[str, Any]]:
    """The rules oracle's answers to a bot of seat ``viewer`` that asks for samples with a
    seed of its choice, the legal actions in each, and the position after the first and
    the last of them (``agents.oracle``): all of it must follow from what the seat sees."""
    oracle = Oracle(state.game, viewer)
    oracle.open(PlayerView(state, viewer), 1)
    answers = [oracle.answer({"type": "determinize", "id": 1, "count": 2, "seed": seed})]
    for handle in answers[0].get("handles", []):
        moves = oracle.answer({"type": "legal", "id": 1, "handle": handle, "evaluate": True})
        answers.append(moves)
        for choice in {0, len(moves["legal"]) - 1} if moves.get("legal") else ():
            answers.append(oracle.answer({"type": "apply", "id": 1, "handle": handle, "index": choice,
                                          "states": True, "evaluate": True}))
        answers.append(oracle.answer({"type": "apply", "id": 1, "handle": handle, "action": "not an action"}))
    return answers


def model_prompts(state: State, viewer: int) -> tuple[Any, str]:
    """What a language model playing ``viewer`` is sent, and the text environment's observation."""
    view = PlayerView(state, viewer)
    return prompt_messages(view, state.events(viewer)), observation_text(state, viewer)


def told(events: list[Event]) -> list[dict[str, Any]]:
    return [e.to_json() for e in events]


def after(state: State, player: int, action: Action | str) -> State:
    """A copy of ``state`` with a fresh history, after ``action``."""
    c = state.clone()
    c.journal = ROOT
    c.apply(player, action)
    return c


def check_channels(state: State, actor: int, action: Action, viewer: int | None, seed: int) -> None:
    """Everything ``viewer`` receives is the same in ``state`` and in a sample of its
    information set, now and after the next action (``actor`` plays ``action``)."""
    game = state.game
    d = check_determinize(state, viewer, seed)
    obs = state.observation(viewer)
    assert game.render(d.observation(viewer), viewer) == game.render(obs, viewer)
    if viewer is not None:
        for text in explain_texts(state, viewer):
            a, b = state.explain(viewer, text), d.explain(viewer, text)
            assert a == b, f"explain({viewer}, {text!r}) depends on hidden information: {a!r} != {b!r}"
    d.journal = state.journal  # the same history: the terminal and the server filter it for the viewer
    names = [f"player {p}" for p in range(state.num_players)]
    assert position_view(game, d, viewer, names) == position_view(game, state, viewer, names), \
        f"the server's payload for viewer {viewer} depends on what he cannot see"
    if viewer is not None and viewer in state.to_move():
        assert terminal_screen(d, viewer) == terminal_screen(state, viewer), \
            f"the terminal shows player {viewer} something that depends on what he cannot see"
        a, b = oracle_answers(state, viewer, seed), oracle_answers(d, viewer, seed)
        assert a == b, f"the rules oracle tells player {viewer}'s bot what he cannot see: {first_difference(a, b)}"
        assert model_prompts(d, viewer) == model_prompts(state, viewer), \
            f"the language-model prompt or text observation of player {viewer} depends on what he cannot see"
    # the next action, as the viewer hears of it
    s1 = after(state, actor, action)
    want_obs = s1.observation(viewer)
    want = told(s1.events(viewer))
    public = game.public_text(action, actor, viewer) if viewer != actor else action.text
    d.journal = ROOT
    legal = d.legal_actions(actor)
    same_text = [b for b in legal if b.text == action.text]
    others = [b for b in legal if b.text != action.text
              and (game.public_text(b, actor, viewer) if viewer != actor else b.text) == public]
    rng = Rng(seed ^ 0x5DEECE66D)
    rng.shuffle(others)
    for b in (same_text + others)[:CANDIDATES]:
        d1 = after(d, actor, b)
        if d1.observation(viewer) != want_obs:
            continue
        got = told(d1.events(viewer))
        assert got == want, (
            f"viewer {viewer} is told different things after player {actor}'s {action.text!r} "
            f"(played as {b.text!r} in a state he cannot tell apart): {first_difference(want, got)}")
        return
