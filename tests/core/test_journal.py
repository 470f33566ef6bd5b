"""The journal: a persistent history that histories share (``civtable.core.events.Journal``).

A history is a value: adding an event makes a new one and leaves the old as it was,
whoever else holds it (a clone, a mark taken before a phase, another thread), while a
long game keeps one list of events rather than a node per event."""

from __future__ import annotations

import threading

import pytest

import civtable
from civtable.core.events import ROOT, Event, Journal
from civtable.core.rng import Rng


def ev(i: int) -> Event:
    return Event("x", {"i": i})


def ids(j: Journal) -> list[int]:
    return [e.args["i"] for e in j]


def test_adding_leaves_the_older_value_as_it_was() -> None:
    a = Journal(ev(0), ROOT)
    b = Journal(ev(1), a)
    c = Journal(ev(2), b)
    assert ids(a) == [0] and ids(b) == [0, 1] and ids(c) == [0, 1, 2]
    assert len(ROOT) == 0 and list(ROOT) == [] and ROOT.event is None
    assert b.items is c.items  # appended in place: nobody had appended to b's list yet


def test_two_histories_from_one_value_do_not_see_each_other() -> None:
    base = Journal(ev(1), Journal(ev(0), ROOT))
    left = Journal(ev(10), base)  # in place
    right = Journal(ev(20), base)  # base's list is longer now: a copy
    assert right.items is not left.items
    assert ids(left) == [0, 1, 10] and ids(right) == [0, 1, 20] and ids(base) == [0, 1]
    assert ids(Journal(ev(11), left)) == [0, 1, 10, 11]
    assert ids(Journal(ev(21), right)) == [0, 1, 20, 21]
    assert ids(left) == [0, 1, 10] and ids(right) == [0, 1, 20]


def test_a_mark_taken_back_then_added_to() -> None:
    """What Mega Civilization's phases do: a mark, events, back to the mark, more events."""
    mark = Journal(ev(0), ROOT)
    told = Journal(ev(1), mark)
    again = Journal(ev(2), mark)
    assert ids(told) == [0, 1] and ids(again) == [0, 2] and ids(mark) == [0]
    assert told.since(mark) == [told.event] and again.since(mark)[0].args == {"i": 2}
    assert told.since(None) == list(told)


def test_newest_first_and_since() -> None:
    j = ROOT
    for i in range(5):
        j = Journal(ev(i), j)
    assert [e.args["i"] for e in reversed(j)] == [4, 3, 2, 1, 0]
    mark = j
    for i in range(5, 8):
        j = Journal(ev(i), j)
    assert [e.args["i"] for e in j.since(mark)] == [5, 6, 7]
    assert j.event is not None and j.event.args == {"i": 7}
    assert len(j) == 8 and len(mark) == 5


def test_threads_adding_to_one_value_each_keep_their_own() -> None:
    """Many threads add to the same history at once: each result holds the shared events
    and its own, never another thread's (the event is kept in place only where it landed
    at the history's length)."""
    base = Journal(ev(-1), Journal(ev(-2), ROOT))
    results: dict[int, Journal] = {}

    def add(k: int) -> None:
        j = base
        for i in range(200):
            j = Journal(ev(k * 1000 + i), j)
        results[k] = j

    threads = [threading.Thread(target=add, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for k, j in results.items():
        assert ids(j) == [-2, -1, *range(k * 1000, k * 1000 + 200)]


def test_a_clone_shares_the_history_and_then_goes_its_own_way() -> None:
    game = civtable.load_game("catan-deckbuilding")
    s = game.new_state(seed=4)
    pick = Rng(4).below
    for _ in range(30):
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        s.apply(p, legal[pick(len(legal))])
    c = s.clone()
    before = [e.to_json() for e in s.events(None)]
    assert [e.to_json() for e in c.events(None)] == before
    for state in (c, s, c):  # the clone first: it appends in place; then the original copies
        p = state.to_move()[0]
        legal = state.legal_actions(p)
        state.apply(p, legal[pick(len(legal))])
    after_s = [e.to_json() for e in s.events(None)]
    after_c = [e.to_json() for e in c.events(None)]
    assert after_s[:len(before)] == before and after_c[:len(before)] == before
    assert len(after_s) > len(before) and len(after_c) > len(after_s) - 1


def test_an_illegal_action_leaves_the_history_as_it_was() -> None:
    game = civtable.load_game("catan-deckbuilding")
    s = game.new_state(seed=2)
    n = len(s.events(None))
    p = s.to_move()[0]
    with pytest.raises(civtable.IllegalActionError):
        s.apply(p, "no such action")
    assert len(s.events(None)) == n
    legal = s.legal_actions(p)
    s.apply(p, legal[0])
    assert s.events(None)[n].id == "move"


def test_a_history_and_its_events_pickle_and_copy() -> None:
    """A pool's worker gets histories and events by pickle (the compiled build too)."""
    import copy
    import pickle

    j = Journal(Event("y", {"n": 2}), Journal(Event("x", {"cards": ["ore"]}, (1,), (0,)), ROOT))
    k = Journal(Event("z"), j)  # j's list now holds one more event than j
    for twin in (pickle.loads(pickle.dumps(j)), copy.deepcopy(j)):
        assert [e.to_json() for e in twin] == [e.to_json() for e in j] and len(twin) == 2
        assert [(e.to, e.exclude) for e in twin] == [((1,), (0,)), (None, ())]
        assert ids_or_none(Journal(Event("w"), twin)) == ["x", "y", "w"]
    assert [e.id for e in k] == ["x", "y", "z"]


def ids_or_none(j: Journal) -> list[str]:
    return [e.id for e in j]
