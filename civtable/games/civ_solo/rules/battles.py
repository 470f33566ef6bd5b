"""Event 4, the battle against your capital (SOLO-4.4.1 to SOLO-4.4.9): the reminder, the
opponent's army and deck, the battle card by card (you enter your hand and play it, the
companion plays the opponent's top card), and its end: a market resource or the game lost.
The battle itself is ``combat.Battle``; the opponent's cards are ``opponent``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from civtable.core.action import Action

from ..actions import act
from .base import end_event
from .combat import OPPONENT, PLAYER, Battle, Unit
from .end import finish, gain
from .opponent import composition_counts, opponent_deck, opponent_units, rank_of
from .spoken import RANK_NAMES

if TYPE_CHECKING:
    from ..state import SoloState


def due_battles(s: SoloState) -> list[dict[str, Any]]:
    return [p for p in s.pending if p["due"] == s.turn_no]


def schedule(s: SoloState) -> None:
    """SOLO-4.4.2, SOLO-4.4.3: the battle is fought next turn at the end of the movement
    phase; SOLO-4.4.4 (battle-level-turn A) reads the opponent from this turn's row."""
    cell = s.tables.row(s.turn_no)["6"]
    due = s.turn_no + 1
    if due > s.final_turn:  # battle-after-last-turn B (A was handled at the roll)
        due = s.turn_no
    level_now = s.rules.battle_level_turn == "A"
    s.pending.append({"rolled": s.turn_no, "due": due,
                      "level": cell["military_level"] if level_now else None,
                      "limit": cell["card_limit"] if level_now else None})
    if due == s.turn_no:
        s.say(f"Battle: turn {s.turn_no + 1} is not played, so the battle is fought at the end of this turn's "
              f"movement phase (battle-after-last-turn B).")
        s.emit("battle.scheduled.now", {"turn": s.turn_no + 1})
    else:
        what = (f"an opponent at military level {cell['military_level']} with card limit {cell['card_limit']}"
                if level_now else "an opponent at the military level of next turn's table row")
        s.say(f"Battle: place a wound marker on space {s.space(due)} of the culture track as a reminder "
              f"(SOLO-4.4.2). Next turn, at the end of your movement phase, {what} attacks your capital "
              f"(SOLO-4.4.3).")
        if level_now:
            s.emit("battle.scheduled", {"space": s.space(due), "level": cell["military_level"],
                                        "limit": cell["card_limit"]})
        else:
            s.emit("battle.scheduled.later", {"space": s.space(due)})
    end_event(s)


# ------------------------------------------------------------ the battle
def battle(s: SoloState) -> None:
    """SOLO-4.4.3 to SOLO-4.4.9 at the end of the movement phase."""
    w = s.work
    if s.battle is None:
        due = due_battles(s)
        if not due:
            s.work = {}
            s.stage = "end"
            return
        if not begin(s, due[0]):
            return
    b = s.battle
    assert b is not None
    while not b.over():
        if b.next == PLAYER:
            s.ask = "play"
            return
        targets = b.opponent_targets()
        target = None
        if len(targets) > 1 and s.rules.strongest_tie == "A":
            if "tie" not in w:
                s.ask = "tie"
                return
            target = w.pop("tie")
        opponent_turn(s, target)
    battle_end(s)


def begin(s: SoloState, p: dict[str, Any]) -> bool:
    """SOLO-4.4.4 to SOLO-4.4.6: ask what is needed (fortified capital, battle hand, combat
    bonus), then build the opponent's deck; ``False`` while a question waits."""
    w = s.work
    row = s.tables.row(s.turn_no)["6"]
    level = p["level"] if p["level"] is not None else row["military_level"]
    limit = p["limit"] if p["limit"] is not None else row["card_limit"]
    if not w.get("announced"):
        w["announced"] = True
        s.say(f"Battle against your capital (SOLO-4.4.3), set by the 6 of turn {p['rolled']}: the opponent is "
              f"at military level {level} with card limit {limit}.")
        s.emit("battle.begins", {"rolled": p["rolled"], "level": level, "limit": limit})
    fortified = s.need("fortified")
    if fortified is None:
        return False
    hand = s.need("hand")
    if hand is None:
        return False
    bonus = s.need("bonus")
    if bonus is None:
        return False
    r = s.rules
    comp, rank_rule = r.opponent_composition, r.opponent_unit_rank
    pool = opponent_units(level, comp, rank_rule, s.tables.decks, s.rng)
    deck = opponent_deck(pool, limit, s.rng)
    rank = rank_of(level, rank_rule)
    s.pending.remove(p)
    s.battle = Battle.start([Unit(k, st) for k, _, st in hand], deck, fortified=bool(fortified),
                            player_bonus=bonus)
    s.bmeta = {"level": level, "limit": limit, "rank": rank, "rolled": p["rolled"], "fortified": bool(fortified),
               "hand": [list(u) for u in hand], "pool": len(pool)}
    counts = composition_counts(level, comp)
    made = ", ".join(f"{n} {k}" for k, n in counts.items() if n)
    first = ("Your capital is fortified: the opponent plays first" if fortified
             else "You play first")
    s.say(f"The opponent takes {made} (rank {RANK_NAMES[rank]}), shuffles them and draws {len(deck)} face "
          f"down as its unit deck (SOLO-4.4.4, SOLO-4.4.5). {first} (SOLO-4.4.6).")
    s.emit("battle.opponent", {**counts, "rank": rank, "deck": len(deck)})
    s.emit("battle.first.they" if fortified else "battle.first.you")
    s.count("battles")
    return True


def enemy_code(s: SoloState, unit: Unit) -> str:
    """An opponent's card for the messages (``term("enemy", ...)``): type, strength, rank."""
    assert s.bmeta is not None
    return f"{unit.kind} {unit.strength} {0 if unit.kind == 'aircraft' else s.bmeta['rank']}"


def describe_play(s: SoloState, side: str, unit: Unit, front: int | None, before: Battle) -> str:
    """One card played, in words, from the battle before and after it; the same told as
    events (the card, the trump, the destroyed and wounded units)."""
    b = s.battle
    assert b is not None and s.bmeta is not None
    mine = side == PLAYER
    code = f"{unit.kind} {unit.strength}" if mine else enemy_code(s, unit)
    if not mine:
        rank = "" if unit.kind == "aircraft" else f"rank-{RANK_NAMES[s.bmeta['rank']]} "
        text = f"The opponent plays a {rank}{unit.kind} (strength {unit.strength})"
        own, foes = "the opponent's", "your"
    else:
        text = f"You play your {unit.kind} (strength {unit.strength})"
        own, foes = "your", "the opponent's"
    if front is None:
        s.emit("battle.open.you" if mine else "battle.open.they", {"unit": code, "front": len(b.fronts)})
        return text + f" on a new front, front {len(b.fronts)}."
    foe_side = PLAYER if side == OPPONENT else OPPONENT
    foe = before.fronts[front].unit(foe_side)
    assert foe is not None
    after = b.fronts[front]
    foe_code = enemy_code(s, foe) if mine else f"{foe.kind} {foe.strength}"
    s.emit("battle.attack.you" if mine else "battle.attack.they", {"unit": code, "foe": foe_code, "front": front + 1})
    text += f" against {foes} {foe.kind} (strength {foe.strength}) on front {front + 1}"
    if unit.trumps(foe):
        text += f": {unit.kind} trumps {foe.kind} and strikes first"
        s.emit("battle.trump", {"unit": unit.kind, "foe": foe.kind})
    elif foe.trumps(unit):
        text += f": {foe.kind} trumps {unit.kind} and strikes first"
        s.emit("battle.trump", {"unit": foe.kind, "foe": unit.kind})
    else:
        text += ": both strike"
        s.emit("battle.both")
    theirs, yours = ("theirs", "yours") if mine else ("yours", "theirs")
    if after.unit(foe_side) is None:
        parts = [f"{foes} {foe.kind} is destroyed"]
        s.emit(f"unit.destroyed.{theirs}", {"unit": foe_code})
    else:
        parts = [f"{foes} {foe.kind} survives with {after.wounds(foe_side)} wounds"]
        s.emit(f"unit.wounded.{theirs}", {"unit": foe_code, "wounds": after.wounds(foe_side)})
    if after.unit(side) is None:
        parts.append(f"{own} {unit.kind} is destroyed too")
        s.emit(f"unit.destroyed.{yours}", {"unit": code})
    elif after.wounds(side):
        parts.append(f"{own} {unit.kind} takes {after.wounds(side)} wounds")
        s.emit(f"unit.wounded.{yours}", {"unit": code, "wounds": after.wounds(side)})
    return text + "; " + ", ".join(parts) + "."


def opponent_turn(s: SoloState, target: int | None) -> None:
    """SOLO-4.4.7: the top card destroys the strongest unit it can, else opens a front."""
    b = s.battle
    assert b is not None
    before = b.clone()
    unit = b.opponent_deck[-1]
    targets = b.opponent_targets()
    b.play_opponent(s.rng, tie=s.rules.strongest_tie, target=target)
    chosen = None
    if targets:
        chosen = next(i for i, (f0, f1) in enumerate(zip(before.fronts, b.fronts, strict=False)) if f0 != f1)
    s.say(describe_play(s, OPPONENT, unit, chosen, before)
          + (" (It can destroy none of your units, so it opens a new front: SOLO-4.4.7.)" if chosen is None else ""))


def play_legal(s: SoloState, player: int) -> list[Action]:
    assert s.battle is not None
    seen: list[Action] = []
    b = s.battle
    for h, t in b.player_moves():
        u = b.player_hand[h]
        a = act(f"play {u.kind} {u.strength} " + ("new" if t is None else f"front {t + 1}"))
        if a not in seen:
            seen.append(a)
    return seen


def play(s: SoloState, player: int, action: Action) -> None:
    """'play infantry 3 new' opens a front; 'play infantry 3 front 2' attacks the lone
    enemy unit on front 2 (base-game battle rules, ``battle.Battle``)."""
    b = s.battle
    assert b is not None
    kind, strength = action.args[0], action.args[1]
    index = next(i for i, u in enumerate(b.player_hand) if u.kind == kind and u.strength == strength)
    front = None if action.args[2] == "new" else action.args[3] - 1
    before = b.clone()
    unit = b.player_hand[index]
    b.play_player(index, front)
    s.say(describe_play(s, PLAYER, unit, front, before))


def tie_legal(s: SoloState, player: int) -> list[Action]:
    assert s.battle is not None
    return [act(f"lose front {i + 1}") for i in s.battle.opponent_targets()]


def tie(s: SoloState, player: int, action: Action) -> None:
    """SOLO-4.4.7 (strongest-tie A): the player picks which of his equally strong units
    the opponent's card destroys."""
    s.work["tie"] = action.args[1] - 1


def battle_end(s: SoloState) -> None:
    """SOLO-4.4.8, SOLO-4.4.9: surviving strength plus bonus; the defender (you) wins a
    tie (option battle-tie); a won battle gives a market resource, a lost one the game."""
    b, meta = s.battle, s.bmeta
    assert b is not None and meta is not None
    res = b.result(s.rules.battle_tie)
    mine = res.player_total - b.player_bonus
    theirs = res.opponent_total - b.opponent_bonus
    ranks = {(k, st): r for k, r, st in meta["hand"]}
    hand_left = [list(u) for u in meta["hand"]]
    for u in b.player_losses:
        spec = [u.kind, ranks.get((u.kind, u.strength), 0), u.strength]
        s.lose("unit", -1, tuple(spec))
        s.count("units_lost")
        if s.units is not None and tuple(spec) in s.units:
            s.units.remove(tuple(spec))
        if spec in hand_left:
            hand_left.remove(spec)
    head = (f"Battle over: your surviving units {mine} + bonus {b.player_bonus} = {res.player_total} against the "
            f"opponent's {theirs} + {b.opponent_bonus} = {res.opponent_total}")
    totals = {"mine": mine, "bonus": b.player_bonus, "total": res.player_total, "theirs": theirs,
              "their_bonus": b.opponent_bonus, "their_total": res.opponent_total,
              "lost": len(b.player_losses)}
    s.battle = None
    s.bmeta = None
    s.work = {}
    if res.player_won:
        s.count("battles_won")
        tie = " (a tie goes to you, the defender)" if res.player_total == res.opponent_total else ""
        s.say(f"{head}{tie}: you win. Take any one resource of your choice from the market (SOLO-4.4.8); "
              f"return your destroyed unit cards.")
        s.emit("battle.won.tie" if tie else "battle.won", totals)
        gain(s, "resources", 1, "The market resource")
        if s.rules.stacked_battles == "B":
            dropped = due_battles(s)
            for p in dropped:
                s.pending.remove(p)
            if dropped:
                s.say("Only one battle per turn (stacked-battles B): the other battle due this turn is dropped.")
                s.emit("battle.dropped")
        return
    s.emit("battle.lost", totals)
    finish(s, "battle", f"{head}: you lose the battle, and with it the game (SOLO-4.4.9).")
