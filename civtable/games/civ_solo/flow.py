"""The steps of a solo turn (SOLO-3 to SOLO-7): one handler per stage.

A handler either moves the state to another stage or asks a question
(``state.need`` / ``state.dice``) and returns; it runs again once the question is
answered, finding the answer in ``state.work``. Handlers write what happens in
words a person at the table reads (``state.say``).
"""

from __future__ import annotations

from collections.abc import Callable

from .battle import (
    OPPONENT,
    PLAYER,
    Battle,
    Unit,
    composition_counts,
    opponent_deck,
    opponent_units,
    rank_of,
)
from .state import OVER, RANK_NAMES, SoloState, dice_words, unit_text


def _newturn(s: SoloState) -> None:
    s.turn_no += 1
    s.work = {}
    s.say(f"Turn {s.turn_no} of {s.final_turn}.")
    s.stage = "base-start" if s.opt("turn-start-order") == "B" else "counter"


def _base_start(s: SoloState) -> None:
    """turn-start-order B: the base game's start of turn comes before the automa."""
    if s.work.get("base_done"):
        s.work = {}
        s.stage = "counter"
    else:
        s.ask = "phase:start"


def _counter(s: SoloState) -> None:
    """SOLO-3.1 and SOLO-2.3 (last-turn B): advance the counter; the marker may end the game."""
    space = s.space(s.turn_no)
    s.say(f"Move the turn counter to space {space} of the culture track (SOLO-3.1).")
    if space >= s.end_space and s.opt("last-turn") == "B":
        s.finish("time", f"The turn counter reaches the end marker on space {s.end_space}: the game ends and "
                         f"you have lost (SOLO-2.3, last-turn B).")
        return
    s.stage = "event-dice"


def _event_dice(s: SoloState) -> None:
    """SOLO-3.2, SOLO-3.3, SOLO-3.5: the growing pool; a 5 or 6 triggers an event."""
    x = s.pool
    d = s.dice("event", x)
    if d is None:
        return
    hit = any(v >= 5 for v in d)
    head = f"Roll {x} {'die' if x == 1 else 'dice'} for a historical event (SOLO-3.2): {dice_words(d)}"
    if hit:
        s.pool = 1
        s.count("events")
        s.say(f"{head} - a 5 or 6: a historical event occurs (SOLO-3.3). Next turn you roll 1 die again (SOLO-3.5).")
        s.stage = "event-roll"
    else:
        s.pool = x + 1
        s.say(f"{head} - no 5 or 6: no event. Next turn you roll {x + 1} dice.")
        s.stage = "wonders"


def _event_words(s: SoloState, face: int) -> str:
    row = s.tables.row(s.turn_no)
    cell = row[str(face)]
    if face <= 2:
        return f"loss: lose {cell['text']} (SOLO-4.1)"
    if face <= 4:
        return f"culture event: {cell['text']} (SOLO-4.2)"
    if face == 5:
        return f"military event: your drawn unit cards must reach strength {cell['strength']} (SOLO-4.3)"
    return (f"battle: next turn an opponent at military level {cell['military_level']} with card limit "
            f"{cell['card_limit']} attacks your capital (SOLO-4.4)")


def _event_roll(s: SoloState) -> None:
    """SOLO-3.4: one die, read in the row of table SOLO-8.1 for this turn."""
    d = s.dice("kind", 1)
    if d is None:
        return
    face = d[0]
    row = s.tables.row(s.turn_no)
    s.event = {"face": face, "turn": s.turn_no}
    kind = ("loss", "loss", "culture", "culture", "military", "battle")[face - 1]
    s.count(f"{kind}_events")
    s.say(f"Event roll: {face} - {_event_words(s, face)} (table SOLO-8.1, turns {row['first_turn']}-"
          f"{row['last_turn']}, column {face}).")
    if face == 6:
        if s.turn_no >= s.final_turn and s.opt("battle-after-last-turn") == "A":
            s.say(f"Turn {s.turn_no + 1} is not played, so there is no battle (SOLO-4.4.3).")
            end_event(s)
            return
        if s.opt("stacked-battles") == "B" and s.pending:
            s.say("A battle is already pending: only one battle at a time, this 6 adds none (stacked-battles B).")
            end_event(s)
            return
    s.stage = "cancel" if s.cancellable(face) else "resolve"


def end_event(s: SoloState) -> None:
    s.event = None
    s.work = {}
    s.entry = []
    s.stage = "wonders"


def _cancel(s: SoloState) -> None:
    s.ask = "cancel"


def _cancel_roll(s: SoloState) -> None:
    """SOLO-6.1/6.2 on the card used to cancel (failure-roll-scope A)."""
    d = s.dice("failure", 2)
    if d is None:
        return
    if s.failed(d):
        s.count("card_failures")
        s.say(f"Failure roll (SOLO-6.1): {dice_words(d)} - the card fails: its effect is cancelled and the card "
              f"is lost (SOLO-6.2). The event goes ahead unless you use another card.")
        s.stage = "cancel"
    else:
        s.count("cancelled")
        s.say(f"Failure roll (SOLO-6.1): {dice_words(d)} - the card works: the event is cancelled.")
        end_event(s)


def _resolve(s: SoloState) -> None:
    assert s.event is not None
    face = s.event["face"]
    if face <= 2:
        _loss(s, face)
    elif face <= 4:
        _culture(s, face)
    elif face == 5:
        _military(s)
    else:
        _schedule_battle(s)


# ------------------------------------------------------------ event 1: losses
def _loss(s: SoloState, face: int) -> None:
    """SOLO-4.1.2 to SOLO-4.1.4: tokens (with wound-marker debt), a great person or a building."""
    cell = s.tables.row(s.turn_no)[str(face)]
    item, count = cell["lose"], cell["count"]
    if item in ("culture_token", "resource_token"):
        key = "culture" if item == "culture_token" else "resources"
        held = s.need(key)
        if held is None:
            return
        word = "culture token" if key == "culture" else "resource token"
        pay = min(held, count)
        short = count - pay
        dk = s.debt_kind(key)
        s.debt[dk] += short
        s.count("tokens_lost", pay)
        s.count("debt_taken", short)
        if pay:
            s.lose(key, -pay)
        text = f"Event: lose {cell['text']}; you have {held}"
        text += f" -> pay {pay}" if pay else " -> you pay none"
        if short:
            text += (f", take {short} wound marker{'s' if short > 1 else ''} ({key} debt "
                     f"{s.debt[dk]}; SOLO-4.1.4)" if dk != "tokens" else
                     f", take {short} wound marker{'s' if short > 1 else ''} (shared debt {s.debt[dk]}; SOLO-4.1.4)")
        text += "."
        if key == "resources" and pay:
            if s.opt("loss-choice") == "A":
                text += f" You choose which {word}{'s' if pay > 1 else ''} to discard (loss-choice A)."
            else:
                k = s.rng.below(held) + 1
                text += (f" At random (loss-choice B): discard your resource token number {k} of {held}, "
                         f"counting them left to right as they lie in front of you.")
        s.say(text)
        end_event(s)
        return
    key = "people" if item == "great_person" else "buildings"
    word = "great person" if key == "people" else "building or wonder"
    if s.opt("loss-choice") == "B" or s.opt("loss-none") == "B":
        held = s.need(key)
        if held is None:
            return
        if held == 0:
            if s.opt("loss-none") == "A":
                s.say(f"Event: lose one {word}; you have none, so nothing happens (loss-none A).")
            else:
                dk = s.debt_kind(key)
                s.debt[dk] += 1
                s.count("debt_taken")
                s.say(f"Event: lose one {word}; you have none: take one wound marker instead (loss-none B; "
                      f"debt: {s.debt_words()}).")
        else:
            s.lose(key, -1)
            if s.opt("loss-choice") == "A":
                s.say(f"Event: lose one {word} of your choice (SOLO-4.1.2); return it to the box or market.")
            else:
                k = s.rng.below(held) + 1
                s.say(f"Event: lose one {word} at random (loss-choice B): number {k} of your {held}, counted in "
                      f"the order they lie on your civilization sheet and map, from the left.")
    else:
        s.lose(key, -1)
        extra = " (a wonder counts: the table says building/wonder)" if key == "buildings" else ""
        s.say(f"Event: lose one {word} of your choice{extra} (SOLO-4.1.2). If you have none, nothing happens "
              f"(loss-none A).")
    end_event(s)


# ------------------------------------------------------------ event 2: culture events
def _culture(s: SoloState, face: int) -> None:
    """SOLO-4.2.2: loss of a random unit, Drought, Deforestation or Anarchy."""
    ev = s.tables.row(s.turn_no)[str(face)]["event"]
    if ev == "random-unit":
        if s.opt("random-unit") == "A":
            units = s.need("units")
            if units is None:
                return
            if not units:
                s.say("Culture event: loss of a random unit card - you have none, so nothing is lost.")
            else:
                i = s.rng.below(len(units))
                lost = units[i]
                s.units = units[:i] + units[i + 1:]
                s.lose("unit", -1, list(lost))
                s.count("units_lost")
                s.say(f"Culture event: loss of a random unit card (random-unit A) - the companion picks your "
                      f"{unit_text(lost)}: return it.")
        else:
            armies = s.need("armies")
            if armies is None:
                return
            if not armies:
                s.say("Culture event: loss of a random army figure - you have none, so nothing is lost.")
            else:
                k = s.rng.below(armies) + 1
                s.lose("armies", -1)
                s.say(f"Culture event: loss of a random unit (random-unit B) - remove army figure number {k} of "
                      f"your {armies}, counted from the north-west corner of the map, row by row.")
        end_event(s)
        return
    info = s.tables.culture_events[ev]
    if s.opt("culture-event-effects") == "A":
        card = f" (the base-game card {info['card']}, as if an opponent played it against you)" if info.get("card") else ""
        s.say(f"Culture event: {info['name']}{card}: {info['effect']}.")
    else:
        s.say(f"Culture event: {info['name']}. Its effect is not defined by the solo rules "
              f"(culture-event-effects B): apply your own ruling.")
    end_event(s)


# ------------------------------------------------------------ event 3: military event
def _halved(s: SoloState, bonus: int) -> int:
    """SOLO-4.3.4 in half points: round down (A), up (B) or keep halves (C)."""
    r = s.opt("half-rounding")
    if r == "A":
        return 2 * (bonus // 2)
    if r == "B":
        return 2 * ((bonus + 1) // 2)
    return bonus


def _half_words(h2: int) -> str:
    return f"{h2 // 2}" + (".5" if h2 % 2 else "")


def _military(s: SoloState) -> None:
    """SOLO-4.3.2 to SOLO-4.3.6: draw unit cards up to the card limit; bonuses count half;
    -2 per destroying card; a shortfall costs random units and an army figure."""
    w = s.work
    units = s.need("units")
    if units is None:
        return
    limit = s.need("limit")
    if limit is None:
        return
    if "drawn" not in w:
        k = min(limit, len(units))
        pool = list(range(len(units)))
        drawn = [pool.pop(s.rng.below(len(pool))) for _ in range(k)]
        w["drawn"] = sorted(drawn)
        w["target"] = s.tables.row(s.turn_no)["5"]["strength"]
        w["total2"] = 2 * sum(units[i][2] for i in drawn)
        cards = ", ".join(unit_text(units[i]) for i in w["drawn"]) or "no cards"
        s.say(f"Military event: shuffle your unit cards and draw {limit} at random (SOLO-4.3.2). The companion "
              f"draws: {cards} - total strength {w['total2'] // 2}; the table asks for {w['target']} (SOLO-4.3.3).")
    if w.get("destroy_roll"):
        d = s.dice("failure", 2)
        if d is None:
            return
        del w["destroy_roll"]
        if s.failed(d):
            s.count("card_failures")
            s.say(f"Failure roll (SOLO-6.1): {dice_words(d)} - the card fails and is lost (SOLO-6.2).")
        else:
            w["target"] = max(0, w["target"] - 2)
            s.say(f"Failure roll (SOLO-6.1): {dice_words(d)} - the card works: the opponent's strength drops by 2 "
                  f"to {w['target']} (SOLO-4.3.5).")
    total2 = w["total2"] + w.get("half2", 0)
    if total2 >= 2 * w["target"]:
        s.say(f"Your strength {_half_words(total2)} reaches {w['target']}: the military event passes without loss.")
        end_event(s)
        return
    if "bonus" not in w:
        s.ask = "bonus"
        return
    if "half2" not in w:
        w["half2"] = _halved(s, w["bonus"])
        total2 = w["total2"] + w["half2"]
        s.say(f"Your combat bonus {w['bonus']} counts half: {_half_words(w['half2'])} (SOLO-4.3.4); your "
              f"strength is {_half_words(total2)} against {w['target']}.")
        if total2 >= 2 * w["target"]:
            s.say("That is enough: the military event passes without loss.")
            end_event(s)
            return
    if not w.get("accepted"):
        s.ask = "destroy"
        return
    short = (2 * w["target"] - total2 + 1) // 2
    n = min(short, len(units))
    pool = list(range(len(units)))
    lost_idx = sorted(pool.pop(s.rng.below(len(pool))) for _ in range(n))
    lost = [units[i] for i in lost_idx]
    s.units = [u for i, u in enumerate(units) if i not in set(lost_idx)]
    for u in lost:
        s.lose("unit", -1, list(u))
    figures = 1 if s.opt("army-loss") == "A" else n
    if figures:
        s.lose("armies", -figures)
    s.count("military_failures")
    s.count("units_lost", n)
    cards = ", ".join(unit_text(u) for u in lost) or "no unit card (you have none)"
    army = ("one army figure of your choice (army-loss A)" if s.opt("army-loss") == "A" else
            f"{figures} army figure{'s' if figures != 1 else ''} (army-loss B)")
    s.say(f"You are {short} strength short (SOLO-4.3.6): the companion picks {n} unit card"
          f"{'s' if n != 1 else ''} at random - {cards}. Return them, and remove {army} (or all you have).")
    end_event(s)


# ------------------------------------------------------------ event 4: battle
def _schedule_battle(s: SoloState) -> None:
    """SOLO-4.4.2, SOLO-4.4.3: the battle is fought next turn at the end of the movement phase."""
    cell = s.tables.row(s.turn_no)["6"]
    due = s.turn_no + 1
    if due > s.final_turn:  # battle-after-last-turn B (A was handled at the roll)
        due = s.turn_no
    level_now = s.opt("battle-level-turn") == "A"
    s.pending.append({"rolled": s.turn_no, "due": due,
                      "level": cell["military_level"] if level_now else None,
                      "limit": cell["card_limit"] if level_now else None})
    if due == s.turn_no:
        s.say(f"Battle: turn {s.turn_no + 1} is not played, so the battle is fought at the end of this turn's "
              f"movement phase (battle-after-last-turn B).")
    else:
        what = (f"an opponent at military level {cell['military_level']} with card limit {cell['card_limit']}"
                if level_now else "an opponent at the military level of next turn's table row")
        s.say(f"Battle: place a wound marker on space {s.space(due)} of the culture track as a reminder "
              f"(SOLO-4.4.2). Next turn, at the end of your movement phase, {what} attacks your capital "
              f"(SOLO-4.4.3).")
    end_event(s)


def _wonders(s: SoloState) -> None:
    """SOLO-7.1, SOLO-7.2: the wonder market changes era at the start of turns 8 and 13."""
    change = {8: ("ancient", "medieval", "SOLO-7.1"), 13: ("medieval", "modern", "SOLO-7.2")}.get(s.turn_no)
    if change is not None and s.era == change[0]:
        old, new, rule = change
        s.era = new
        if s.opt("wonder-replacement") == "A":
            how = f"put one {new} wonder in place of each, drawn as the base game draws wonders"
        else:
            how = f"refill the market to its base-game size ({s.tables.market_size}, provisional) with {new} wonders"
        s.say(f"Wonders ({rule}): remove every unbuilt {old} wonder from the market and {how}. "
              f"The {new} wonders are: {', '.join(s.tables.wonders[new])}.")
    s.stage = "trade"


def _trade(s: SoloState) -> None:
    s.ask = "trade"


def _trade_dice(s: SoloState) -> None:
    """SOLO-5.1, SOLO-5.2: three dice; each 5 or 6 allows one acquisition."""
    d = s.dice("trade", 3)
    if d is None:
        return
    hits = sum(1 for v in d if v >= 5)
    s.count("trade_rolls")
    if hits:
        s.work = {"left": hits}
        s.say(f"Trade dice (SOLO-5.1): {dice_words(d)} - {hits} acquisition{'s' if hits > 1 else ''} "
              f"from table SOLO-8.2 (SOLO-5.2).")
        s.stage = "buy"
    else:
        s.say(f"Trade dice (SOLO-5.1): {dice_words(d)} - no 5 or 6: no acquisition this turn.")
        s.stage = "move"


def _buy(s: SoloState) -> None:
    if s.work.get("left", 0) <= 0:
        s.work = {}
        s.stage = "move"
    else:
        s.ask = "buy"


def _give(s: SoloState) -> None:
    s.ask = "give"


def _move(s: SoloState) -> None:
    s.ask = "phase:move"


# ------------------------------------------------------------ the battle
def _battle(s: SoloState) -> None:
    """SOLO-4.4.3 to SOLO-4.4.9 at the end of the movement phase."""
    w = s.work
    if s.battle is None:
        due = s.due_battles()
        if not due:
            s.work = {}
            s.stage = "end"
            return
        p = due[0]
        row = s.tables.row(s.turn_no)["6"]
        level = p["level"] if p["level"] is not None else row["military_level"]
        limit = p["limit"] if p["limit"] is not None else row["card_limit"]
        if not w.get("announced"):
            w["announced"] = True
            s.say(f"Battle against your capital (SOLO-4.4.3), set by the 6 of turn {p['rolled']}: the opponent is "
                  f"at military level {level} with card limit {limit}.")
        fortified = s.need("fortified")
        if fortified is None:
            return
        hand = s.need("hand")
        if hand is None:
            return
        bonus = s.need("bonus")
        if bonus is None:
            return
        comp, rank_rule = s.opt("opponent-composition"), s.opt("opponent-unit-rank")
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
        s.count("battles")
    b = s.battle
    while not b.over():
        if b.next == PLAYER:
            s.ask = "play"
            return
        targets = b.opponent_targets()
        target = None
        if len(targets) > 1 and s.opt("strongest-tie") == "A":
            if "tie" not in w:
                s.ask = "tie"
                return
            target = w.pop("tie")
        opponent_turn(s, target)
    _battle_end(s)


def describe_play(s: SoloState, side: str, unit: Unit, front: int | None, before: Battle) -> str:
    """One card played, in words, from the battle before and after it."""
    b = s.battle
    assert b is not None and s.bmeta is not None
    if side == OPPONENT:
        rank = "" if unit.kind == "aircraft" else f"rank-{RANK_NAMES[s.bmeta['rank']]} "
        text = f"The opponent plays a {rank}{unit.kind} (strength {unit.strength})"
        own, foes = "the opponent's", "your"
    else:
        text = f"You play your {unit.kind} (strength {unit.strength})"
        own, foes = "your", "the opponent's"
    if front is None:
        return text + f" on a new front, front {len(b.fronts)}."
    foe_side = PLAYER if side == OPPONENT else OPPONENT
    foe = before.fronts[front].unit(foe_side)
    assert foe is not None
    after = b.fronts[front]
    text += f" against {foes} {foe.kind} (strength {foe.strength}) on front {front + 1}"
    if unit.trumps(foe):
        text += f": {unit.kind} trumps {foe.kind} and strikes first"
    elif foe.trumps(unit):
        text += f": {foe.kind} trumps {unit.kind} and strikes first"
    else:
        text += ": both strike"
    if after.unit(foe_side) is None:
        parts = [f"{foes} {foe.kind} is destroyed"]
    else:
        parts = [f"{foes} {foe.kind} survives with {after.wounds(foe_side)} wounds"]
    if after.unit(side) is None:
        parts.append(f"{own} {unit.kind} is destroyed too")
    elif after.wounds(side):
        parts.append(f"{own} {unit.kind} takes {after.wounds(side)} wounds")
    return text + "; " + ", ".join(parts) + "."


def opponent_turn(s: SoloState, target: int | None) -> None:
    """SOLO-4.4.7: the top card destroys the strongest unit it can, else opens a front."""
    b = s.battle
    assert b is not None
    before = b.clone()
    unit = b.opponent_deck[-1]
    targets = b.opponent_targets()
    b.play_opponent(s.rng, tie=s.opt("strongest-tie"), target=target)
    chosen = None
    if targets:
        chosen = next(i for i, (f0, f1) in enumerate(zip(before.fronts, b.fronts, strict=False)) if f0 != f1)
    s.say(describe_play(s, OPPONENT, unit, chosen, before)
          + (" (It can destroy none of your units, so it opens a new front: SOLO-4.4.7.)" if chosen is None else ""))


def player_turn(s: SoloState, hand_index: int, front: int | None) -> None:
    b = s.battle
    assert b is not None
    before = b.clone()
    unit = b.player_hand[hand_index]
    b.play_player(hand_index, front)
    s.say(describe_play(s, PLAYER, unit, front, before))


def _battle_end(s: SoloState) -> None:
    b, meta = s.battle, s.bmeta
    assert b is not None and meta is not None
    res = b.result(s.opt("battle-tie"))
    mine = res.player_total - b.player_bonus
    theirs = res.opponent_total - b.opponent_bonus
    ranks = {(k, st): r for k, r, st in meta["hand"]}
    hand_left = [list(u) for u in meta["hand"]]
    for u in b.player_losses:
        spec = [u.kind, ranks.get((u.kind, u.strength), 0), u.strength]
        s.lose("unit", -1, spec)
        s.count("units_lost")
        if s.units is not None and tuple(spec) in s.units:
            s.units.remove(tuple(spec))
        if spec in hand_left:
            hand_left.remove(spec)
    head = (f"Battle over: your surviving units {mine} + bonus {b.player_bonus} = {res.player_total} against the "
            f"opponent's {theirs} + {b.opponent_bonus} = {res.opponent_total}")
    s.battle = None
    s.bmeta = None
    s.work = {}
    if res.player_won:
        s.count("battles_won")
        tie = " (a tie goes to you, the defender)" if res.player_total == res.opponent_total else ""
        s.say(f"{head}{tie}: you win. Take any one resource of your choice from the market (SOLO-4.4.8); "
              f"return your destroyed unit cards.")
        s.gain("resources", 1, "The market resource")
        if s.opt("stacked-battles") == "B":
            dropped = s.due_battles()
            for p in dropped:
                s.pending.remove(p)
            if dropped:
                s.say("Only one battle per turn (stacked-battles B): the other battle due this turn is dropped.")
        return
    s.finish("battle", f"{head}: you lose the battle, and with it the game (SOLO-4.4.9).")


def _end(s: SoloState) -> None:
    s.ask = "phase:end"


def _debt(s: SoloState) -> None:
    """SOLO-4.1.5 at the end of a turn: this turn's gains pay off wound markers first."""
    if s.turn_no >= s.final_turn:
        s.stage = "newturn"
        return
    done = s.work.setdefault("gained_done", [])
    for kind in ("culture", "resources", "people", "buildings", "tokens"):
        if s.debt[kind] > 0 and kind not in done:
            s.ask = f"gained:{kind}"
            return
    s.work = {}
    s.stage = "newturn"


def _check(s: SoloState) -> None:
    """SOLO-6.1, SOLO-6.2: the failure roll before a culture event card or a resource ability."""
    what = s.work.get("check", "card")
    d = s.dice("failure", 2)
    if d is None:
        return
    if s.failed(d):
        s.count("card_failures" if what == "card" else "ability_failures")
        if what == "card":
            s.say(f"Failure roll (SOLO-6.1): {dice_words(d)} - the card is cancelled: discard it without its "
                  f"effect (SOLO-6.2).")
        else:
            s.say(f"Failure roll (SOLO-6.1): {dice_words(d)} - the ability is cancelled: the resources you paid "
                  f"are lost (SOLO-6.2).")
    else:
        s.say(f"Failure roll (SOLO-6.1): {dice_words(d)} - it works: carry out the "
              f"{'card' if what == 'card' else 'ability'} as the base game says.")
    s.work.pop("check", None)
    s.stage = s.resume or "trade"
    s.resume = None


def _over(s: SoloState) -> None:  # pragma: no cover - the loop stops first
    s.stage = OVER


HANDLERS: dict[str, Callable[[SoloState], None]] = {
    "setup": lambda s: setattr(s, "ask", "start"),
    "newturn": _newturn,
    "base-start": _base_start,
    "counter": _counter,
    "event-dice": _event_dice,
    "event-roll": _event_roll,
    "cancel": _cancel,
    "cancel-roll": _cancel_roll,
    "resolve": _resolve,
    "wonders": _wonders,
    "trade": _trade,
    "trade-dice": _trade_dice,
    "buy": _buy,
    "give": _give,
    "move": _move,
    "battle": _battle,
    "end": _end,
    "debt": _debt,
    "check": _check,
    OVER: _over,
}
