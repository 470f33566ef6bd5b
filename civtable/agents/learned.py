"""A policy learned elsewhere, played in NumPy: no PyTorch at play time.

A weights file (``.npz``, written by ``save_policy``) holds the layers of a small
multi-layer perceptron (``w0, b0, w1, b1, ...``: ``tanh`` between layers, the last
layer's outputs one number per action of the game's action space) and one ``meta``
entry (JSON text): the game it was made for and the fingerprints of the spaces it reads
and writes -- the encoding's features (names and sizes) and the action space (size and
digest). ``load_policy`` refuses a file whose fingerprints differ from the game's, with
a sentence naming the mismatch, since another layout would play nonsense without any
error.

The bot (``LearnedBot``) encodes its seat's observation (``Game.encode``), runs the
layers and plays the legal action of highest score (deterministic; ties by the
action space's order). It reads nothing but its observation and its legal actions.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import numpy as np

from civtable.agents.base import Agent, PlayerView
from civtable.core.action import Action
from civtable.core.errors import AgentError
from civtable.core.game import Game

FORMAT = 1


def encoding_digest(game: Game) -> str:
    """A short fingerprint of the game's encoding layout (feature names and sizes, in order)."""
    layout = [[f.name, game.encoding().slot(f.name).stop - game.encoding().slot(f.name).start]
              for f in game.encoding().features]
    return hashlib.sha256(json.dumps(layout).encode()).hexdigest()[:16]


def spaces_meta(game: Game) -> dict[str, Any]:
    """What a weights file must match: the game, its encoding and its action space."""
    space = game.action_space()
    return {"format": FORMAT, "game": game.id, "observation_size": game.encoding().size,
            "encoding_digest": encoding_digest(game), "action_size": space.size, "action_digest": space.digest}


def save_policy(path: str | Path, game: Game, layers: list[tuple[np.ndarray, np.ndarray]],
                half: bool = False, **extra: Any) -> None:
    """Writes ``layers`` (``(weight (out, in), bias (out,))`` each, first to last) with the
    game's fingerprints and ``extra`` (how it was trained) as a weights file; ``half``
    stores the weights as ``float16`` (half the size; played as ``float32``)."""
    arrays: dict[str, np.ndarray] = {}
    dtype = np.float16 if half else np.float32
    for i, (w, b) in enumerate(layers):
        arrays[f"w{i}"] = np.asarray(w, dtype=dtype)
        arrays[f"b{i}"] = np.asarray(b, dtype=np.float32)
    meta = {**spaces_meta(game), "layers": len(layers), **extra}
    arrays["meta"] = np.array(json.dumps(meta, sort_keys=True))
    with open(path, "wb") as f:
        np.savez_compressed(f, **arrays)  # type: ignore[arg-type]  # (numpy stubs: the names of the arrays)


class Policy:
    """The layers of a weights file checked against a game; ``scores(vector)`` gives one
    number per action."""

    def __init__(self, layers: list[tuple[np.ndarray, np.ndarray]], meta: dict[str, Any]) -> None:
        self.layers = layers
        self.meta = meta

    def scores(self, x: np.ndarray) -> np.ndarray:
        """The last layer's outputs for a vector ``(n,)`` or a batch ``(k, n)``."""
        h = x
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            h = h @ w.T + b
            if i < last:
                h = np.tanh(h)
        return h


def load_policy(path: str | Path, game: Game) -> Policy:
    """The policy of a weights file, or ``AgentError`` with one sentence: the file cannot
    be read, or it was made for another game, encoding or action space."""
    name = Path(path).name
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {k: data[k] for k in data.files}
        meta = json.loads(str(arrays.pop("meta")))
        n = int(meta["layers"])
        layers = [(arrays[f"w{i}"].astype(np.float32), arrays[f"b{i}"].astype(np.float32)) for i in range(n)]
    except FileNotFoundError:
        raise AgentError(f"weights file {name} does not exist") from None
    except (OSError, ValueError, KeyError, TypeError, json.JSONDecodeError) as e:
        raise AgentError(f"weights file {name} is not a civtable weights file ({type(e).__name__})") from None
    want = spaces_meta(game)
    for key, what in (("format", "format"), ("game", "game"), ("observation_size", "observation size"),
                      ("encoding_digest", "encoding layout"), ("action_size", "action space size"),
                      ("action_digest", "action space")):
        if meta.get(key) != want[key]:
            raise AgentError(f"weights file {name} does not match {game.id}: its {what} is "
                             f"{meta.get(key)!r}, the game's is {want[key]!r}")
    size_in = want["observation_size"]
    for i, (w, b) in enumerate(layers):
        if w.ndim != 2 or w.shape[1] != size_in or b.shape != (w.shape[0],):
            raise AgentError(f"weights file {name} does not match {game.id}: layer {i} has shape "
                             f"{w.shape} for {size_in} inputs")
        size_in = w.shape[0]
    if size_in != want["action_size"]:
        raise AgentError(f"weights file {name} does not match {game.id}: its last layer gives {size_in} "
                         f"scores, the action space has {want['action_size']} actions")
    return Policy(layers, meta)


class LearnedBot(Agent):
    """Plays the legal action a ``Policy`` scores highest."""

    name = "learned"

    def __init__(self, seed: int, game: Game, policy: Policy) -> None:
        super().__init__(seed)
        self.game = game
        self.policy = policy
        self.space = game.action_space()

    def act(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        scores = self.policy.scores(self.game.encode(view.observation, view.player))
        index = self.space.index
        return max(legal, key=lambda a: (scores[index(a)], -index(a)))


__all__ = ["LearnedBot", "Policy", "encoding_digest", "load_policy", "save_policy", "spaces_meta"]
