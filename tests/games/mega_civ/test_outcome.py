"""What calamities did and what advances cost, shown (issue 27, item 3).

MC-9: each calamity of the turn is recorded with what it did to whom (``MegaState.struck``,
public: the units stand on the map, the discards are shown), kept through saving, shown on
the page and in the terminal with what the calamity does; the choices a calamity asks are
clickable on the map. MC-12.2: the page shows each advance's price after credits and what
the viewer still lacks. Positions are hand-built on the small map (9 players, full map,
for the minor calamities).
"""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from ._advance_helpers import buying
from ._calamity_helpers import nine, resolve
from ._seats import ASSYRIA, HELLAS, MINOA

pytestmark = pytest.mark.usefixtures("stop_after_calamities")

TEMPEST = {HELLAS: {"tokens": {"thessaly": 1, "epirus": 2, "macedonia": 2}, "treasury": 7, "hand": ["tempest"]}}


def text_of(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", html))


def test_mc_9_1_2_a_calamity_is_recorded_with_what_it_did() -> None:
    """MC-9.1.2 Tempest: Hellas chooses Thessaly; the record holds both points lost and the
    5 treasury, for every viewer alike, and it survives saving and loading."""
    s = resolve(nine(), players=TEMPEST)
    # struck: the treasury is lost at once, the points wait for Hellas's choice
    assert s.struck == [["tempest", HELLAS, {str(HELLAS): {"lost": [{"treasury": 5}], "gained": []}}]]
    s.apply(HELLAS, "lose thessaly")
    (card, victim, done), = s.struck
    assert (card, victim) == ("tempest", HELLAS)
    assert sorted(done) == [str(HELLAS)] and done[str(HELLAS)]["gained"] == []
    lost = done[str(HELLAS)]["lost"]
    assert {"tokens": 1, "area": "thessaly"} in lost and {"tokens": 1, "area": "epirus"} in lost
    assert {"treasury": 5} in lost
    seen = [s.observation(v)["struck"] for v in (None, HELLAS, MINOA)]
    assert seen[0] == seen[1] == seen[2] == [{"calamity": "tempest", "victim": HELLAS, "done": done}]
    data = json.loads(json.dumps(s.to_json()))
    assert s.game.state_from_json(data).struck == s.struck


def test_mc_9_the_record_is_cleared_with_the_turn() -> None:
    """The record belongs to this turn: phase 6 (MC-6) of the next turn starts empty."""
    from civtable.games.mega_civ.rules.cards import phase_cards

    s = resolve(nine(), players=TEMPEST)
    s.apply(HELLAS, "lose thessaly")
    assert s.struck
    phase_cards(s)
    assert s.struck == []


def test_the_page_and_the_terminal_tell_the_calamity_and_its_effect() -> None:
    """While Hellas chooses, the page says what Tempest does and where to click (the coastal
    areas, drawn on the map); afterwards every viewer reads what it did."""
    s = resolve(nine(), players=TEMPEST)
    g = s.game
    obs = s.observation(HELLAS)
    page = g.html(obs, HELLAS)
    words = text_of(page)
    assert "Take 2 damage in total from your coastal areas" in words
    assert "click a highlighted area on the map" in words
    targets = {g.action_target(a, obs) for a in s.legal_actions(HELLAS)}
    assert targets == {"area:thessaly", "area:epirus"}
    assert all(f'data-target="{t}"' in page for t in targets)
    assert "click a highlighted" not in text_of(g.html(s.observation(MINOA), MINOA))  # not his choice
    assert "Tempest struck" in words and "Nothing changed" not in words
    s.apply(HELLAS, "lose thessaly")
    for viewer in (None, MINOA):
        obs = s.observation(viewer)
        words = text_of(g.html(obs, viewer))
        assert "Tempest struck" in words and "1 token in Thessaly" in words and "5 treasury" in words
        screen = g.render({**obs, "over": False}, viewer)  # the fixture ended the game after phase 9
        assert "Tempest struck" in screen and "1 token in Epirus" in screen


def test_a_secondary_victim_is_named_in_the_players_table() -> None:
    """MC-9 Famine: the victim names his secondary victims by clicking their rows."""
    s = resolve(players={HELLAS: {"tokens": {"nw_hills": 1, "north_downs": 2}, "hand": ["famine"]},
                         MINOA: {"tokens": {"great_delta": 2}}, ASSYRIA: {"tokens": {"twin_rivers": 2}}})
    g = s.game
    obs = s.observation(HELLAS)
    while not any(a.kind == "victim" for a in s.legal_actions(HELLAS)):
        s.apply(HELLAS, next(a for a in s.legal_actions(HELLAS) if a.kind == "lose"))
        obs = s.observation(HELLAS)
    page = g.html(obs, HELLAS)
    assert "click a player in the players table" in text_of(page)
    for a in s.legal_actions(HELLAS):
        assert g.action_target(a, obs) == f"player:{a.args[0]}"
        assert f'data-target="player:{a.args[0]}"' in page


def test_mc_12_2_the_grid_shows_prices_after_credits_and_what_is_lacking() -> None:
    """MC-12.2: Hellas (55 treasury, Sculpture) buys: Music costs him 70 after the arts
    credit, 15 more than he has; Mysticism (arts, 50) costs him 40 and is his to click; the
    others see no prices."""
    s = buying({HELLAS: {"treasury": 55, "advances": ["sculpture"]}})
    while s.to_move() != (HELLAS,):
        (p,) = s.to_move()
        s.apply(p, "done")
    g = s.game
    obs = s.observation(HELLAS)
    assert obs["costs"]["means"] == 55 and obs["costs"]["prices"]["music"] == 70
    assert "sculpture" not in obs["costs"]["prices"]
    words = text_of(g.html(obs, HELLAS))
    assert "You can pay up to 55" in words
    assert "price 70, you lack 15" in words and "your price 40" in words
    assert g.action_target(next(a for a in s.legal_actions(HELLAS) if a.text == "buy mysticism"), obs) == "advance:mysticism"
    assert "you lack" not in text_of(g.html(s.observation(None), None))
    assert "Deism (price 70, you lack 15)" in g.render(obs, HELLAS)  # the five nearest, in the terminal
    s.apply(HELLAS, "buy mysticism")
    assert "Paying for Mysticism: price 40, paid 0, 40 to go" in text_of(g.html(s.observation(HELLAS), HELLAS))


@pytest.mark.parametrize(("record", "says"), [
    (["ochre", 0, {}], "not a calamity"),
    (["tempest", 0, {"0": {"lost": [{"tokens": 1, "area": "atlantis"}]}}], "names no area"),
    (["tempest", 0, {"12": {"lost": []}}], "names no seat"),
    (["tempest", 0, {"0": {"won": []}}], "other keys"),
])
def test_a_broken_record_is_refused_naming_its_field(record: list, says: str) -> None:
    """A saved position's calamity record is checked like every field: one sentence naming it."""
    from civtable.core.errors import InvalidStateError

    s = resolve(nine(), players=TEMPEST)
    s.apply(HELLAS, "lose thessaly")
    data = json.loads(json.dumps(s.to_json()))
    data["struck"] = [record]
    with pytest.raises(InvalidStateError, match=says):
        s.game.state_from_json(data)


def test_a_calamity_waiting_for_a_choice_is_under_way_not_harmless() -> None:
    """MC-9.1.2 Minor Uprising: before Hellas names the city, its record is empty: the page
    says it is under way (not "nothing changed"); afterwards, the city lost."""
    s = resolve(nine(), players={HELLAS: {"tokens": {"macedonia": 1}, "hand": ["minor-uprising"]}},
                city={"thessalonica": HELLAS, "corinth": HELLAS})
    assert s.struck == [["minor-uprising", HELLAS, {}]]
    words = text_of(s.game.html(s.observation(MINOA), MINOA))
    assert "Under way." in words and "Nothing changed." not in words
    s.apply(HELLAS, next(a.text for a in s.legal_actions(HELLAS) if a.kind == "destroy"))
    words = text_of(s.game.html(s.observation(MINOA), MINOA))
    assert "Under way." not in words and "lost the city in" in words


def test_a_calamity_that_struck_its_victim_alone_names_him_once() -> None:
    """MC-9.1.2 Tempest struck Hellas alone: the line reads "Tempest struck <Hellas>: lost
    ...", not "<Hellas>: <Hellas>: lost ..." (a calamity with secondary victims names each)."""
    s = resolve(nine(), players=TEMPEST)
    s.apply(HELLAS, "lose thessaly")
    for viewer in (None, MINOA, HELLAS):
        screen = s.game.render({**s.observation(viewer), "over": False}, viewer)
        line = next(x for x in screen.splitlines() if "Tempest struck" in x)
        name = re.search(r"Tempest struck (.+?):", line)
        assert name is not None and "lost" in line, line
        assert line.count(name.group(1)) == 1, line
