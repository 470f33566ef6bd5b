"""The rules oracle of the bot protocol: a bot in any language asks civtable for the legal
actions of a position it holds, and for the position after an action, instead of porting
the rules (``docs/protocol.md``).

A bot holds positions during one decision (one ``act`` request): the samples of its own
information set that it asked for (``determinize``), the positions reached by applying
actions to them, and positions it built itself and sent as JSON. Each is named by a
*handle* (``"h12"``) that lives until the bot answers the ``act`` request. Nothing here
ever touches the real game: a sample is built from what the seat may see
(``PlayerView.determinize``), and a position sent as JSON is read into a fresh state.

Every request gets exactly one answer, in order: its own (``samples``, ``moves``,
``applied``, ``dropped``) or an ``error`` whose ``message`` is one sentence; a refused
request changes nothing and the decision stays open. What a bot can make civtable hold
is bounded: ``MAX_SAMPLES`` samples per request, ``MAX_HANDLES`` positions at once, and a
request line is at most ``external.MAX_LINE`` characters.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from civtable.core.errors import CivtableError
from civtable.core.reader import shown
from civtable.core.rng import Rng

if TYPE_CHECKING:
    from civtable.core.action import Action
    from civtable.core.game import Game
    from civtable.core.state import State

    from .base import PlayerView

MAX_SAMPLES = 64
"""The most samples one ``determinize`` request may ask for."""
MAX_HANDLES = 256
"""The most positions a bot may hold at once during one decision (``drop`` frees them)."""
MAX_SEED = 2**64 - 1
REQUESTS = ("determinize", "legal", "apply", "drop")
"""The oracle's request types (the bot's other messages are ``ready``, ``action`` and ``log``)."""


class OracleError(ValueError):
    """A refused request; the message is one sentence for the bot."""


def _integer(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Oracle:
    """The positions one seat's bot holds, and the answers to its requests.

    ``open(view, act_id)`` starts a decision (the handles of the previous one are
    forgotten); ``answer(request)`` returns the message to send back, never raises."""

    def __init__(self, game: Game, seat: int, max_handles: int = MAX_HANDLES) -> None:
        self.game = game
        self.seat = seat
        self.max_handles = max_handles
        self.view: PlayerView | None = None
        self.act_id: int | None = None
        self.held: dict[str, State] = {}
        self.made = 0  # handles are never reused: one of an earlier decision is unknown

    def open(self, view: PlayerView, act_id: int) -> None:
        self.view = view
        self.act_id = act_id
        self.held.clear()

    def close(self) -> None:
        """The decision is answered: every position is forgotten."""
        self.view = None
        self.act_id = None
        self.held.clear()

    # ------------------------------------------------------------ requests
    def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        kind = request.get("type")
        try:
            if self.view is None or self.act_id is None:
                raise OracleError(f"a {shown(kind)} request needs an open 'act' request")
            if request.get("id") != self.act_id:
                raise OracleError(f"the request names act {shown(request.get('id'))}, but act {self.act_id} is open")
            if kind == "determinize":
                return self._determinize(request)
            if kind == "legal":
                return self._legal(request)
            if kind == "apply":
                return self._apply(request)
            if kind == "drop":
                return self._drop(request)
            raise OracleError(f"{shown(kind)} is not a request of the oracle ({', '.join(REQUESTS)})")
        except OracleError as e:
            return {"type": "error", "id": self.act_id, "kind": "request", "request": str(kind)[:40],
                    "message": str(e), "policy": "continue"}

    def _determinize(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.view is not None
        count: Any = request.get("count", 1)
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_SAMPLES:
            raise OracleError(f"count must be an integer from 1 to {MAX_SAMPLES}, not {shown(count)}")
        seed: Any = request.get("seed", self.act_id)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise OracleError(f"seed must be an integer from 0 to 2**64-1, not {shown(seed)}")
        self._room(count)
        with_states = self._flag(request, "states", True)
        rng = Rng(seed)
        samples = [self.view.determinize(rng) for _ in range(count)]
        handles = [self._hold(s) for s in samples]
        reply: dict[str, Any] = {"type": "samples", "id": self.act_id, "handles": handles}
        if with_states:
            reply["states"] = [s.to_json() for s in samples]
        return reply

    def _legal(self, request: dict[str, Any]) -> dict[str, Any]:
        handle, state = self._position(request)
        player = self._player(request, state, mover=False)
        reply: dict[str, Any] = {"type": "moves", "id": self.act_id}
        if handle is not None:
            reply["handle"] = handle
        reply.update(self._facts(state, player, self._flag(request, "evaluate", False)))
        return reply

    def _apply(self, request: dict[str, Any]) -> dict[str, Any]:
        handle, state = self._position(request)
        if state.is_terminal():
            raise OracleError("the game is over in that position: no action is legal")
        player = self._player(request, state, mover=True)
        assert player is not None  # a position that is not over has a player to move
        action = self._action(request, state, player)
        replace = self._flag(request, "replace", False)
        if replace and handle is None:
            raise OracleError("'replace' needs a 'handle', not a position sent as 'state'")
        if not replace:
            self._room(1)
        after = state if replace else state.clone()
        try:
            after.apply(player, action)
        except CivtableError as e:  # legal_actions and apply disagree: the game's fault, told as it is
            raise OracleError(f"{action.text!r} could not be applied: {e}") from None
        new = handle if replace and handle is not None else self._hold(after)
        reply: dict[str, Any] = {"type": "applied", "id": self.act_id, "handle": new}
        reply.update(self._facts(after, None, self._flag(request, "evaluate", False)))
        if self._flag(request, "states", "state" in request):
            reply["state"] = after.to_json()
        return reply

    def _drop(self, request: dict[str, Any]) -> dict[str, Any]:
        handles = request.get("handles")
        if not isinstance(handles, list) or not all(isinstance(h, str) for h in handles):
            raise OracleError(f"'handles' must be a list of handles, not {shown(handles)}")
        for h in handles:
            if h not in self.held:
                raise OracleError(self._unknown(h))
        for h in handles:
            self.held.pop(h, None)
        return {"type": "dropped", "id": self.act_id, "held": len(self.held)}

    # ------------------------------------------------------------ parts
    def _position(self, request: dict[str, Any]) -> tuple[str | None, State]:
        has_handle, has_state = "handle" in request, "state" in request
        if has_handle == has_state:
            raise OracleError("name one position: a 'handle' or a 'state' (its JSON)")
        if has_handle:
            h = request["handle"]
            state = self.held.get(h) if isinstance(h, str) else None
            if state is None:
                raise OracleError(self._unknown(h))
            return h, state
        data = request["state"]
        if not isinstance(data, dict):
            raise OracleError(f"'state' must be a position as a JSON object, not {shown(data)}")
        try:
            state = self.game.state_from_json(data)
        except (CivtableError, ValueError, TypeError, KeyError, IndexError, RecursionError) as e:
            raise OracleError(f"the position cannot be read: {_sentence(e)}") from None
        return None, state.silence()

    def _player(self, request: dict[str, Any], state: State, mover: bool) -> int | None:
        movers = state.to_move()
        if "player" not in request:
            return movers[0] if movers else None
        p = request["player"]
        n = self.game.num_players
        if not _integer(p) or not 0 <= p < n:
            raise OracleError(f"player must be a seat from 0 to {n - 1}, not {shown(p)}")
        if mover and p not in movers:
            raise OracleError(f"player {p} has nothing to decide in that position (to move: "
                              f"{', '.join(map(str, movers)) or 'nobody'})")
        return int(p)

    def _action(self, request: dict[str, Any], state: State, player: int) -> Action:
        legal = state.legal_actions(player)
        index, text = request.get("index"), request.get("action")
        if (index is None) == (text is None):
            raise OracleError("name one action: an 'index' into its legal actions or its text as 'action'")
        if index is not None:
            if not _integer(index) or not 0 <= index < len(legal):
                raise OracleError(f"index {shown(index)} is not one of the {len(legal)} legal actions "
                                  f"(0 to {len(legal) - 1})")
            found: Action = legal[index]
            return found
        if not isinstance(text, str):
            raise OracleError(f"'action' must be an action's text, not {shown(text)}")
        wanted = " ".join(text.lower().split())
        for a in legal:
            if a.text == wanted:
                return a
        return self._refuse(state, player, text)

    @staticmethod
    def _refuse(state: State, player: int, text: str) -> Action:
        try:
            reason = state.explain(player, text[:200])
        except Exception:  # noqa: BLE001 (a game's explanation must never stop the bot's decision)
            reason = f"{shown(text[:60])} is not a legal action now"
        raise OracleError(_sentence(reason))

    def _facts(self, state: State, player: int | None, evaluate: bool) -> dict[str, Any]:
        """Who is to move, the result, ``player``'s legal actions (default: the first
        mover) and, with ``evaluate``, the game's heuristic value for every player
        (``State.evaluate``; the returns once the game is over)."""
        movers = list(state.to_move())
        if player is None and movers:
            player = movers[0]
        legal = state.legal_actions(player) if player is not None else []
        facts: dict[str, Any] = {
            "to_move": movers, "terminal": state.is_terminal(), "returns": list(state.returns()),
            "player": player, "legal": [{"text": a.text, "index": i} for i, a in enumerate(legal)]}
        if evaluate:
            facts["values"] = (list(state.returns()) if state.is_terminal()
                               else [state.evaluate(p) for p in range(state.num_players)])
        return facts

    def _room(self, more: int) -> None:
        if len(self.held) + more > self.max_handles:
            raise OracleError(f"the bot would hold {len(self.held) + more} positions, more than the "
                              f"{self.max_handles} allowed in one decision; drop some first")

    def _hold(self, state: State) -> str:
        self.made += 1
        handle = f"h{self.made}"
        self.held[handle] = state
        return handle

    @staticmethod
    def _flag(request: dict[str, Any], key: str, default: bool) -> bool:
        value = request.get(key, default)
        if not isinstance(value, bool):
            raise OracleError(f"{key!r} must be true or false, not {shown(value)}")
        return value

    @staticmethod
    def _unknown(handle: Any) -> str:
        return (f"there is no position {shown(handle)} (a handle lives until the answer to its act request, "
                f"or until it is dropped)")


def _sentence(e: Exception | str) -> str:
    """One line of an exception's message."""
    text = " ".join(str(e).split())
    return text[:300] or type(e).__name__
