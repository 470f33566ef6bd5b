"""Base-game battles for the solo automa (SOLO-4.4), as small plain-data objects.

A :class:`Battle` can be played card by card (the companion plays the opponent's
deck, a person enters the player's cards) or as a whole (``bots.policy.fight``, for
simulation). The base-game battle rules are not in the solo document; they come
from ``shared/data/civ_boardgame_units_and_combat.json`` (``trump.effect``,
``battle_turns_FAQ_v2``):

- players alternate battle turns; a turn plays one unit card, either to a new
  front or against an enemy unit that stands alone on a front;
- when a unit is played against an enemy unit both deal wounds equal to their
  strength; a unit that trumps the other deals its wounds first and, if that kills
  the other, takes none back; a unit dies when its wounds reach its strength;
- when both sides are out of cards, each side totals the strength of its surviving
  units (printed strength, wounds ignored) plus its combat bonus; the higher total
  wins and the defender wins ties (the base-game reading, a parameter here).

The player always defends in the solo game (the battle is against the capital).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from civtable.core.errors import IllegalActionError, InvalidStateError
from civtable.core.reader import shown
from civtable.core.rng import Rng

PLAYER = "player"
OPPONENT = "opponent"
SIDES = (PLAYER, OPPONENT)

TRUMPS: dict[str, frozenset[str]] = {
    "infantry": frozenset({"mounted"}),
    "mounted": frozenset({"artillery"}),
    "artillery": frozenset({"infantry"}),
    "aircraft": frozenset({"infantry", "mounted", "artillery"}),
}
"""Which types each type trumps. Source: ``trump`` of
``shared/data/civ_boardgame_units_and_combat.json`` (infantry beats mounted,
mounted beats artillery, artillery beats infantry). Aircraft trumping every other
type and being trumped by none is one engine's reading: **provisional**. A test
checks this constant against ``data/tables.json``."""

UNIT_TYPES: tuple[str, ...] = tuple(TRUMPS)

TIE_RULES = ("A", "B")
"""Option ``strongest-tie`` (SOLO-4.4.7): A the player chooses, B at random."""


# ---------------------------------------------------------------- units


@dataclass(frozen=True, slots=True)
class Unit:
    """One unit card in a battle: its type and its strength at its rank."""

    kind: str
    strength: int

    def trumps(self, other: Unit) -> bool:
        """True if this unit strikes ``other`` first (the trump cycle, :data:`TRUMPS`)."""
        return other.kind in TRUMPS.get(self.kind, ())

    def __str__(self) -> str:
        return f"{self.kind} {self.strength}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "strength": self.strength}

    @classmethod
    def from_json(cls, data: Any, where: str = "unit") -> Unit:
        if not isinstance(data, dict):
            raise InvalidStateError(f"{where} must be an object with kind and strength, not {shown(data)}")
        kind, strength = data.get("kind"), data.get("strength")
        if not isinstance(kind, str) or kind not in TRUMPS:
            raise InvalidStateError(f"{where}.kind must be one of {', '.join(UNIT_TYPES)}, not {shown(kind)}")
        if not isinstance(strength, int) or isinstance(strength, bool) or strength < 1:
            raise InvalidStateError(f"{where}.strength must be a positive integer, not {shown(strength)}")
        return cls(kind, strength)


class Front:
    """A front: at most one living unit of each side, with the wounds it carries."""

    __slots__ = ("player", "opponent", "player_wounds", "opponent_wounds")

    def __init__(self, player: Unit | None = None, opponent: Unit | None = None,
                 player_wounds: int = 0, opponent_wounds: int = 0) -> None:
        self.player = player
        self.opponent = opponent
        self.player_wounds = player_wounds
        self.opponent_wounds = opponent_wounds

    def unit(self, side: str) -> Unit | None:
        return self.player if side == PLAYER else self.opponent

    def wounds(self, side: str) -> int:
        return self.player_wounds if side == PLAYER else self.opponent_wounds

    def alone(self, side: str) -> bool:
        """True if ``side`` has a living unit here with no enemy unit facing it."""
        return self.unit(side) is not None and self.unit(_other(side)) is None

    def clone(self) -> Front:
        return Front(self.player, self.opponent, self.player_wounds, self.opponent_wounds)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Front) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"Front(player={self.player!r}, opponent={self.opponent!r}, "
                f"player_wounds={self.player_wounds}, opponent_wounds={self.opponent_wounds})")

    def to_json(self) -> dict[str, Any]:
        return {
            "player": None if self.player is None else self.player.to_json(),
            "opponent": None if self.opponent is None else self.opponent.to_json(),
            "player_wounds": self.player_wounds,
            "opponent_wounds": self.opponent_wounds,
        }

    @classmethod
    def from_json(cls, data: Any, where: str = "front") -> Front:
        if not isinstance(data, dict):
            raise InvalidStateError(f"{where} must be an object, not {shown(data)}")
        front = cls()
        for side in SIDES:
            raw = data.get(side)
            unit = None if raw is None else Unit.from_json(raw, f"{where}.{side}")
            wounds = data.get(f"{side}_wounds", 0)
            if not isinstance(wounds, int) or isinstance(wounds, bool) or wounds < 0:
                raise InvalidStateError(f"{where}.{side}_wounds must be a non-negative integer, "
                                        f"not {shown(wounds)}")
            if unit is None and wounds:
                raise InvalidStateError(f"{where}.{side}_wounds is {wounds} but the front has no {side} unit")
            if unit is not None and wounds >= unit.strength:
                raise InvalidStateError(f"{where}.{side} ({unit}) has {wounds} wounds and should be dead")
            if side == PLAYER:
                front.player, front.player_wounds = unit, wounds
            else:
                front.opponent, front.opponent_wounds = unit, wounds
        if front.player is not None and front.opponent is not None:
            raise InvalidStateError(f"{where} holds two living units; a clash always kills one")
        return front


def _other(side: str) -> str:
    return OPPONENT if side == PLAYER else PLAYER


def would_destroy(attacker: Unit, target: Unit, target_wounds: int = 0) -> bool:
    """True if ``attacker`` played against ``target`` kills it (it may die too).

    If the target trumps the attacker and kills it first, the attacker deals nothing.
    """
    if target.trumps(attacker) and target.strength >= attacker.strength:
        return False
    return target_wounds + attacker.strength >= target.strength


def first_mover(fortified: bool) -> str:
    """SOLO-4.4.6: the player (defender) plays first, the opponent if the capital is fortified."""
    return OPPONENT if fortified else PLAYER


@dataclass(frozen=True, slots=True)
class BattleResult:
    """The end of a battle: each side's total (surviving strength + bonus) and the winner."""

    winner: str
    """``player`` or ``opponent``."""
    player_total: int
    opponent_total: int
    """Each side's surviving strength (wounds ignored) plus its combat bonus."""
    player_survivors: tuple[Unit, ...]
    opponent_survivors: tuple[Unit, ...]

    @property
    def player_won(self) -> bool:
        return self.winner == PLAYER

    def to_json(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "player_total": self.player_total,
            "opponent_total": self.opponent_total,
            "player_survivors": [u.to_json() for u in self.player_survivors],
            "opponent_survivors": [u.to_json() for u in self.opponent_survivors],
        }


# ---------------------------------------------------------------- the battle


class Battle:
    """One battle between the player (defender) and the automa opponent.

    ``opponent_deck`` is face down with its top card last. ``next`` is the side
    that plays the next card; a side with no cards left is skipped.
    """

    __slots__ = ("player_hand", "opponent_deck", "fronts", "next", "player_bonus", "opponent_bonus",
                 "log", "player_losses", "opponent_losses")

    def __init__(self, player_hand: Sequence[Unit], opponent_deck: Sequence[Unit], *,
                 next: str = PLAYER, player_bonus: int = 0, opponent_bonus: int = 0,
                 fronts: Sequence[Front] = (), log: Sequence[str] = ()) -> None:
        if next not in SIDES:
            raise ValueError(f"next must be 'player' or 'opponent', not {next!r}")
        self.player_hand: list[Unit] = list(player_hand)
        self.opponent_deck: list[Unit] = list(opponent_deck)
        self.fronts: list[Front] = [f.clone() for f in fronts]
        self.next = next
        self.player_bonus = player_bonus
        self.opponent_bonus = opponent_bonus
        self.log: list[str] = list(log)
        self.player_losses: list[Unit] = []
        self.opponent_losses: list[Unit] = []
        self._settle_turn()

    @classmethod
    def start(cls, player_hand: Sequence[Unit], opponent_deck: Sequence[Unit], *, fortified: bool = False,
              player_bonus: int = 0, opponent_bonus: int = 0) -> Battle:
        """A capital battle with SOLO-4.4.6's first mover."""
        return cls(player_hand, opponent_deck, next=first_mover(fortified),
                   player_bonus=player_bonus, opponent_bonus=opponent_bonus)

    # -- queries

    def cards(self, side: str) -> list[Unit]:
        return self.player_hand if side == PLAYER else self.opponent_deck

    def over(self) -> bool:
        """True when both sides are out of cards."""
        return not self.player_hand and not self.opponent_deck

    def player_moves(self) -> list[tuple[int, int | None]]:
        """(hand index, front index or None for a new front) for every legal card play."""
        if self.over() or self.next != PLAYER:
            return []
        targets: list[int | None] = [i for i, f in enumerate(self.fronts) if f.alone(OPPONENT)]
        targets.append(None)
        return [(h, t) for h in range(len(self.player_hand)) for t in targets]

    def survivors(self, side: str) -> list[Unit]:
        return [u for f in self.fronts if (u := f.unit(side)) is not None]

    def totals(self) -> tuple[int, int]:
        """(player, opponent): surviving strength plus combat bonus, as it stands now."""
        return (sum(u.strength for u in self.survivors(PLAYER)) + self.player_bonus,
                sum(u.strength for u in self.survivors(OPPONENT)) + self.opponent_bonus)

    def opponent_targets(self) -> list[int]:
        """SOLO-4.4.7: the fronts the opponent's top card would attack.

        The player's lone units it can destroy, keeping only the strongest; several
        on a tie (option ``strongest-tie``); empty if it opens a new front.
        """
        if not self.opponent_deck:
            return []
        card = self.opponent_deck[-1]
        able = [i for i, f in enumerate(self.fronts)
                if f.alone(PLAYER) and f.player is not None and would_destroy(card, f.player, f.player_wounds)]
        if not able:
            return []
        best = max(self.fronts[i].player.strength for i in able)  # type: ignore[union-attr]
        return [i for i in able if self.fronts[i].player.strength == best]  # type: ignore[union-attr]

    def result(self, tie_winner: str = PLAYER) -> BattleResult:
        """The outcome once both sides are out of cards; ``tie_winner`` wins equal totals
        (the base game: the defender, i.e. the player)."""
        if not self.over():
            raise IllegalActionError("the battle is not over: both sides still have to play all their cards")
        if tie_winner not in SIDES:
            raise ValueError(f"tie_winner must be 'player' or 'opponent', not {tie_winner!r}")
        mine, theirs = self.totals()
        winner = PLAYER if mine > theirs else OPPONENT if theirs > mine else tie_winner
        return BattleResult(winner, mine, theirs, tuple(self.survivors(PLAYER)), tuple(self.survivors(OPPONENT)))

    # -- moves

    def play_player(self, hand_index: int, front: int | None) -> None:
        """Play the player's card ``hand_index`` to a new front (None) or against the
        enemy unit standing alone on ``front``."""
        if self.next != PLAYER or not self.player_hand:
            raise IllegalActionError("it is not the player's turn to play a unit")
        if not 0 <= hand_index < len(self.player_hand):
            raise IllegalActionError(f"there is no card {hand_index} in the player's hand of {len(self.player_hand)}")
        if front is not None and not (0 <= front < len(self.fronts) and self.fronts[front].alone(OPPONENT)):
            raise IllegalActionError(f"front {front} has no lone enemy unit to attack")
        unit = self.player_hand.pop(hand_index)
        self._place(PLAYER, unit, front)

    def play_opponent(self, rng: Rng | None = None, tie: str = "B", target: int | None = None) -> None:
        """SOLO-4.4.7: play the opponent's top card. It destroys the strongest of the
        player's lone units it can destroy, else it opens a new front.

        On a tie between equally strong targets, ``tie`` "B" picks at random with
        ``rng``; "A" lets the player choose: pass ``target`` (one of
        :meth:`opponent_targets`).
        """
        if self.next != OPPONENT or not self.opponent_deck:
            raise IllegalActionError("it is not the opponent's turn to play a unit")
        if tie not in TIE_RULES:
            raise ValueError(f"strongest-tie must be A or B, not {tie!r}")
        targets = self.opponent_targets()
        chosen: int | None = None
        if target is not None and target not in targets:
            raise IllegalActionError(f"the opponent's card cannot attack front {target}; targets: {targets}")
        if len(targets) == 1:
            chosen = targets[0]
        elif targets:
            if target is not None:
                chosen = target
            elif tie == "A":
                raise IllegalActionError(f"the player must choose which unit the opponent destroys: fronts {targets}")
            else:
                if rng is None:
                    raise ValueError("a random tie-break (strongest-tie B) needs an rng")
                chosen = rng.choice(targets)
        unit = self.opponent_deck.pop()
        self._place(OPPONENT, unit, chosen)

    def _place(self, side: str, unit: Unit, front: int | None) -> None:
        if front is None:
            f = Front()
            if side == PLAYER:
                f.player = unit
            else:
                f.opponent = unit
            self.fronts.append(f)
            self.log.append(f"{side} opens front {len(self.fronts)} with {unit}")
        else:
            self._clash(side, unit, front)
        self.next = _other(side)
        self._settle_turn()

    def _clash(self, side: str, unit: Unit, index: int) -> None:
        f = self.fronts[index]
        foe_side = _other(side)
        foe = f.unit(foe_side)
        assert foe is not None
        foe_wounds = f.wounds(foe_side)
        wounds = 0
        if unit.trumps(foe):
            foe_wounds += unit.strength
            if foe_wounds < foe.strength:
                wounds += foe.strength
            how = f"{unit} trumps and strikes first"
        elif foe.trumps(unit):
            wounds += foe.strength
            if wounds < unit.strength:
                foe_wounds += unit.strength
            how = f"{foe} trumps and strikes first"
        else:
            foe_wounds += unit.strength
            wounds += foe.strength
            how = "both strike"
        dead: list[str] = []
        if foe_wounds >= foe.strength:
            self._losses(foe_side).append(foe)
            self._set(f, foe_side, None, 0)
            dead.append(f"{foe_side}'s {foe} dies")
        else:
            self._set(f, foe_side, foe, foe_wounds)
        if wounds >= unit.strength:
            self._losses(side).append(unit)
            dead.append(f"{side}'s {unit} dies")
        else:
            self._set(f, side, unit, wounds)
            if wounds:
                dead.append(f"{side}'s {unit} takes {wounds} wounds")
        self.log.append(f"{side} attacks {foe} on front {index + 1} with {unit}: {how}; " + ", ".join(dead))

    @staticmethod
    def _set(f: Front, side: str, unit: Unit | None, wounds: int) -> None:
        if side == PLAYER:
            f.player, f.player_wounds = unit, wounds
        else:
            f.opponent, f.opponent_wounds = unit, wounds

    def _losses(self, side: str) -> list[Unit]:
        return self.player_losses if side == PLAYER else self.opponent_losses

    def _settle_turn(self) -> None:
        """A side out of cards is skipped: the other plays on."""
        if not self.cards(self.next) and self.cards(_other(self.next)):
            self.next = _other(self.next)

    # -- copies and JSON

    def clone(self) -> Battle:
        b = Battle.__new__(Battle)
        b.player_hand = list(self.player_hand)
        b.opponent_deck = list(self.opponent_deck)
        b.fronts = [f.clone() for f in self.fronts]
        b.next = self.next
        b.player_bonus = self.player_bonus
        b.opponent_bonus = self.opponent_bonus
        b.log = list(self.log)
        b.player_losses = list(self.player_losses)
        b.opponent_losses = list(self.opponent_losses)
        return b

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Battle) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Battle({self.to_json()!r})"

    def to_json(self) -> dict[str, Any]:
        return {
            "player_hand": [u.to_json() for u in self.player_hand],
            "opponent_deck": [u.to_json() for u in self.opponent_deck],
            "fronts": [f.to_json() for f in self.fronts],
            "next": self.next,
            "player_bonus": self.player_bonus,
            "opponent_bonus": self.opponent_bonus,
            "log": list(self.log),
            "player_losses": [u.to_json() for u in self.player_losses],
            "opponent_losses": [u.to_json() for u in self.opponent_losses],
        }

    @classmethod
    def from_json(cls, data: Any, where: str = "battle") -> Battle:
        """Read a battle back; every malformed field gets an error naming it."""
        if not isinstance(data, dict):
            raise InvalidStateError(f"{where} must be an object, not {type(data).__name__}")
        known = {"player_hand", "opponent_deck", "fronts", "next", "player_bonus", "opponent_bonus", "log",
                 "player_losses", "opponent_losses"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise InvalidStateError(f"{where} has unknown field(s) {', '.join(unknown)}")

        def units(name: str, required: bool = True) -> list[Unit]:
            raw = data.get(name, None if required else [])
            if not isinstance(raw, list):
                raise InvalidStateError(f"{where}.{name} must be a list of units, not {shown(raw)}")
            return [Unit.from_json(u, f"{where}.{name}[{i}]") for i, u in enumerate(raw)]

        fronts_raw = data.get("fronts", [])
        if not isinstance(fronts_raw, list):
            raise InvalidStateError(f"{where}.fronts must be a list, not {shown(fronts_raw)}")
        nxt = data.get("next")
        if nxt not in SIDES:
            raise InvalidStateError(f"{where}.next must be 'player' or 'opponent', not {shown(nxt)}")
        bonuses = []
        for name in ("player_bonus", "opponent_bonus"):
            value = data.get(name, 0)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise InvalidStateError(f"{where}.{name} must be a non-negative integer, not {shown(value)}")
            bonuses.append(value)
        log = data.get("log", [])
        if not isinstance(log, list) or not all(isinstance(s, str) for s in log):
            raise InvalidStateError(f"{where}.log must be a list of strings")
        b = Battle.__new__(Battle)
        b.player_hand = units("player_hand")
        b.opponent_deck = units("opponent_deck")
        b.fronts = [Front.from_json(f, f"{where}.fronts[{i}]") for i, f in enumerate(fronts_raw)]
        b.next = nxt
        b.player_bonus, b.opponent_bonus = bonuses
        b.log = list(log)
        b.player_losses = units("player_losses", required=False)
        b.opponent_losses = units("opponent_losses", required=False)
        if b.cards(nxt) == [] and b.cards(_other(nxt)):
            raise InvalidStateError(f"{where}.next is {shown(nxt)} but that side has no cards while the other has")
        return b
