"""What the companion tells the player, as events (ids, arguments, audience and words) on
hand-built sessions: every answer, the dice and what they mean, each historical event and
its effect, battles card by card, trade, debts, wonders and the end of the game."""

from __future__ import annotations

from typing import Any

from civtable.core.events import Event
from civtable.games.civ_solo.state import SoloState

from ._solo_helpers import (
    answer,
    battle_at_play,
    event,
    finish_turn,
    game,
    new,
    quiet_turn,
    schedule_battle,
    to_turn,
    told,
    with_deck,
)


def after(s: SoloState, *answers: str) -> list[Event]:
    """The events of ``answers`` (everything is public in a solo game: the spectator is
    told exactly what the player is)."""
    cursor = len(s.events(0))
    spectator = len(s.events(None))
    answer(s, *answers)
    new_events = s.events(0, cursor)
    assert [e.to_json() for e in s.events(None, spectator)] == [e.to_json() for e in new_events]
    assert all(e.public for e in new_events)
    return new_events


def found(events: list[Event], id: str) -> dict[str, Any]:
    hits = [dict(e.args) for e in events if e.id == id]
    assert hits, f"no {id} among {[e.id for e in events]}"
    return hits[0]


def words(s: SoloState, events: list[Event]) -> str:
    return "\n".join(s.game.render_event(e, 0) for e in events)


def test_set_up_is_told_before_the_first_answer() -> None:
    s = game().new_state(seed=1)
    ids = [e.id for e in s.events(0)]
    assert ids == ["setup.civ", "setup.map.data", "setup.track", "setup.goal"]
    assert s.events(0)[0].args == {"civ": s.civ}
    text = "\n".join(told(s))
    assert f"you play the {s.civ}" in text and "a wound marker on space 16 (SOLO-1.6)" in text
    b = game(**{"end-marker-piece": "B", "track-start": "B"}).new_state(seed=1)
    assert "a second culture level marker on space 16" in "\n".join(told(b))
    assert "face down on space 1" in "\n".join(told(b))


def test_every_answer_is_told_as_the_move() -> None:
    s = new()
    events = after(s, "die 2")
    assert events[0].id == "move" and events[0].args == {"player": 0, "action": "die 2"}
    assert s.game.render_event(events[0], 0) == "You answer: die 2"


def test_event_dice_and_what_they_mean() -> None:
    """SOLO-3.2, SOLO-3.3: the dice rolled, whether an event occurs, next turn's pool."""
    s = to_turn(new(), 3)
    e = found(after(s, "die 4", "die 3", "die 2"), "dice.event.miss")
    assert e == {"n": 3, "dice": [4, 3, 2], "next": 4}
    finish_turn(s)
    events = after(s, "die 1", "die 6")
    assert found(events, "dice.event.hit") == {"n": 4, "dice": [1, 6]}
    assert "Event dice (4 dice, SOLO-3.2): 1 and 6 - a 5 or 6" in words(s, events)
    t = new()
    events = after(t, "miss")
    assert found(events, "dice.event.none") == {"n": 1, "dice": [], "next": 2}
    assert "none shows 5 or 6" in words(t, events)
    # the engine's dice: the same events, with the dice it rolled
    e = game(dice="engine").new_state(seed=3)
    events = after(e, "start")
    roll = [x for x in events if x.id.startswith("dice.event")][0]
    assert [str(d) for d in roll.args["dice"]] and all(1 <= d <= 6 for d in roll.args["dice"])


def test_each_event_roll_is_told_with_its_row() -> None:
    """SOLO-3.4: the face, the SOLO-8.1 row, and what the event will do."""
    expected = {1: ("event.loss", {"what": "three culture tokens"}), 3: ("event.culture",
                {"what": "loss of a random unit"}), 5: ("event.military", {"strength": 5}),
                6: ("event.battle", {"level": 1, "limit": 3})}
    for face, (id, part) in expected.items():
        s = new()
        args = found(after(s, "die 5", f"die {face}"), id)
        assert args["face"] == face and args["first"] == 1 and args["last"] == 3
        assert part.items() <= args.items()


def test_losses_and_debts() -> None:
    """SOLO-4.1.2 to SOLO-4.1.5: what is paid, the wound markers taken (singular and
    plural), and the debt paid off by later gains."""
    s = to_turn(new(), 4)
    event(s, 1)
    events = after(s, "accept", "culture 3")
    assert found(events, "loss.tokens") == {"what": "five culture tokens", "kind": "culture", "held": 3, "paid": 3}
    assert found(events, "loss.debt") == {"short": 2, "kind": "culture", "debt": 2}
    assert "You take 2 wound markers for the tokens you cannot pay (SOLO-4.1.4)" in words(s, events)
    answer(s, "trade skip", "next")
    events = after(s, "next", "gained culture 3")
    assert found(events, "debt.paid") == {"kind": "culture", "gained": 3, "paid": 2, "kept": 1, "left": 0}
    assert found(events, "turn.ended") == {"turn": 4}
    assert "2 wound markers paid off and discarded (SOLO-4.1.5), you keep 1; debt left: 0." in words(s, events)
    t = new()
    event(t, 2)
    events = after(t, "accept", "culture 2")
    assert "You take 1 wound marker for" in words(t, events)


def test_culture_events_name_the_card_lost() -> None:
    s = event(new(seed=4), 3)
    events = after(s, "accept", "unit infantry 1 2", "unit mounted 1 1", "done")
    assert found(events, "units.entered") == {"cards": ["infantry 1 2", "mounted 1 1"]}
    lost = found(events, "culture.unit.lost")["unit"]
    assert lost in ("infantry 1 2", "mounted 1 1")
    assert list(s.ledger[-1][3]) == [lost.split()[0], *map(int, lost.split()[1:])]
    t = event(new(), 4)
    events = after(t, "accept")
    assert found(events, "culture.card") == {"event": "drought"}
    assert "Culture event: Drought (the base-game card Drought" in words(t, events)


def test_military_event_draw_and_shortfall() -> None:
    """SOLO-4.3: the cards drawn, the halved bonus, the cards lost and the army figure."""
    s = event(new(seed=2), 5)
    events = after(s, "accept", "unit infantry 1 1", "unit mounted 1 1", "done", "limit 3", "bonus 3", "accept")
    drawn = found(events, "military.drawn")
    assert drawn["total"] == 2 and drawn["target"] == 5 and sorted(drawn["cards"]) == ["infantry 1 1", "mounted 1 1"]
    assert found(events, "military.bonus") == {"bonus": 3, "half": 2, "total": 6, "target": 5}
    failed = found(events, "military.failed")
    assert failed["short"] == 2 and failed["n"] == 2 and len(failed["cards"]) == 2
    assert "the companion picks 2 unit cards at random" in words(s, events)
    assert found(events, "military.army.one") == {}


def test_a_battle_card_by_card() -> None:
    """SOLO-4.4.4 to SOLO-4.4.9: the opponent's army, each card, trumps, wounds (1 wound,
    not '1 wounds'), the result and the resource."""
    s = to_turn(new(), 4)
    schedule_battle(s)
    finish_turn(s)
    answer(s, "miss", "trade skip")
    events = after(s, "next", "fortified no", "unit infantry 2 2", "unit artillery 2 4", "unit mounted 2 3",
                   "done", "bonus 0")
    assert found(events, "battle.begins") == {"rolled": 4, "level": 2, "limit": 4}
    assert found(events, "battle.opponent") == {"infantry": 2, "mounted": 2, "artillery": 2, "aircraft": 0,
                                                "rank": 2, "deck": 4}
    assert found(events, "battle.first.you") == {}
    s = with_deck(s, [("artillery", 3), ("artillery", 2), ("infantry", 4)])
    events = after(s, "play infantry 2 new")
    assert found(events, "battle.open.you") == {"unit": "infantry 2", "front": 1}
    assert found(events, "battle.attack.they") == {"unit": "infantry 4 2", "foe": "infantry 2", "front": 1}
    assert found(events, "battle.both") == {}
    assert found(events, "unit.destroyed.yours") == {"unit": "infantry 2"}
    assert found(events, "unit.wounded.theirs") == {"unit": "infantry 4 2", "wounds": 2}
    text = words(s, events)
    assert "The opponent plays a rank-II infantry (strength 4) against your infantry (strength 2)" in text
    assert "The opponent's rank-II infantry (strength 4) survives with 2 wounds." in text
    events = after(s, "play artillery 4 new", "play mounted 3 front 3")
    assert found(events, "battle.open.they") == {"unit": "artillery 2 2", "front": 3}
    assert found(events, "battle.trump") == {"unit": "mounted", "foe": "artillery"}
    assert "Mounted trumps artillery and strikes first." in words(s, events)
    won = found(events, "battle.won.tie")
    assert won["total"] == won["their_total"] == 7 and won["lost"] == 1
    assert "a tie goes to you, the defender: you win" in words(s, events)


def test_one_wound_is_singular() -> None:
    b = battle_at_play(["unit infantry 1 1", "unit artillery 1 3"], False)
    b = with_deck(b, [("mounted", 1), ("infantry", 1), ("mounted", 3)])
    events = after(b, "play artillery 3 new")  # mounted 3 trumps artillery 3: kills it first
    events += after(b, "play infantry 1 front 1")  # infantry 1 trumps mounted 3: 1 wound, then 3 back: dies
    text = words(b, events)
    assert "survives with 1 wound." in text and "1 wounds" not in text


def test_the_end_reads_as_a_loss_or_a_win() -> None:
    """SOLO-2.1, SOLO-2.3, SOLO-4.4.9: game.won / game.lost with the cause, and the screen."""
    s = battle_at_play([], False, turn=13)
    events = s.events(0)[-2:]
    assert [e.id for e in events] == ["battle.lost", "game.lost"] and events[1].args == {"turn": 14, "cause": "battle"}
    assert "You have lost the solo game in turn 14: your capital fell in battle (SOLO-4.4.9)." in words(s, events)
    assert "You lost: your capital fell in battle" in s.game.render(s.observation(0), 0)
    t = to_turn(new(), 16)
    events = after(t, "miss", "trade skip", "next", "next")
    assert found(events, "game.lost") == {"turn": 16, "cause": "time"}
    assert "You lost: time ran out (SOLO-2.3)." in t.game.render(t.observation(None), None)
    m = to_turn(new(**{"last-turn": "B"}), 15)
    events = after(m, "miss", "trade skip", "next", "next")
    assert found(events, "game.lost") == {"turn": 16, "cause": "marker"}
    w = new()
    events = after(w, "miss", "won")
    assert found(events, "game.won") == {"turn": 1}
    assert "You won" in w.game.render(w.observation(0), 0)
    assert all(e.id not in ("game.over", "game.drawn") for e in s.events(0) + t.events(0) + w.events(0))


def test_trade_and_the_failure_roll() -> None:
    """SOLO-5.1 to SOLO-5.3 and SOLO-6.1: the trade dice, the payment, the card's roll."""
    s = new()
    events = after(s, "miss", "trade roll", "die 5", "die 1", "die 6")
    assert found(events, "trade.rolled") == {"dice": [5, 1, 6], "hits": 2}
    events = after(s, "buy culture-event-card", "give trade-point 7", "give culture-token 1", "pay")
    assert found(events, "trade.done") == {"given": ["trade_point:7", "culture_token:1"], "value": 8,
                                           "item": "culture_event_card", "buy": 8}
    assert "you give 7 trade points and 1 culture token (sell value 8) and take a culture event card" in \
        words(s, events)
    events = after(s, "buy resource", "cancel")
    assert found(events, "trade.dropped") == {"item": "resource"}
    t = new()
    events = after(t, "miss", "use ability", "die 3", "die 3")
    assert found(events, "check.started") == {"what": "ability"}
    assert found(events, "check.ability.failed") == {"dice": [3, 3]}
    events = after(t, "use card", "die 1", "die 5")
    assert found(events, "check.worked") == {"dice": [1, 5], "what": "card"}


def test_cancelling_an_event() -> None:
    """SOLO-4.1.3, SOLO-6.1, SOLO-6.2: the card, its failure roll, the event cancelled or not."""
    s = event(new(), 1)
    events = after(s, "cancel", "die 2", "die 2")
    assert [e.id for e in events if e.id != "move"] == ["cancel.tried", "cancel.failed"]
    events = after(s, "cancel", "die 2", "die 5")
    assert found(events, "cancel.worked") == {"dice": [2, 5]}


def test_wonders_change_era() -> None:
    """SOLO-7.1: at the start of turn 8 the medieval wonders come in."""
    s = to_turn(new(), 8)
    events = after(s, "miss")
    assert found(events, "wonders.one") == {"rule": "SOLO-7.1", "old": "ancient", "new": "medieval", "size": 4}
    assert "The medieval wonders: Angkor Wat, " in words(s, events)


def test_a_battle_scheduled_and_its_reminder() -> None:
    s = new()
    event(s, 6)
    events = after(s, "accept")
    assert found(events, "battle.scheduled") == {"space": 2, "level": 1, "limit": 3}
    quiet = new(**{"battle-level-turn": "B"})
    event(quiet, 6)
    assert found(after(quiet, "accept"), "battle.scheduled.later") == {"space": 2}
    last = to_turn(new(), 16)
    assert found(after(last, "die 6", "die 6"), "battle.none.last") == {"turn": 17}
    quiet_turn(new())
