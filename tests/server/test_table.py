"""Choosing the table in the lobby (issue 27, item 4): the options a game offers values for
(Mega Civ: the map, the last turn) come first in /api/meta, and /api/table tells what each
seat plays (the civilizations the player count brings) or, in one sentence, why the table
cannot be set."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from civtable.core.declare import read_declaration  # noqa: E402
from civtable.core.errors import CivtableError  # noqa: E402
from civtable.server import create_app  # noqa: E402


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}")) as c:
        yield c


def test_the_lobby_offers_the_map_and_a_short_game_first(client: TestClient) -> None:
    meta = client.get("/api/meta").json()
    mega = next(g for g in meta["games"] if g["id"] == "mega-civ")
    assert (mega["min"], mega["max"]) == (5, 18)
    table = {o["name"]: o["choices"] for o in mega["options"] if o["table"]}
    assert table == {"map": ["full", "small"], "last-turn": ["80", "12", "6"]}
    assert any(o["name"] == "side" and not o["table"] for o in mega["options"])  # a rule variant, folded
    others = [o for g in meta["games"] if g["id"] != "mega-civ" for o in g["options"]]
    assert others and not any(o["table"] for o in others)


@pytest.mark.parametrize(("players", "side", "expected"), [
    (5, "West", "Hellas Minoa Hatti Assyria Egypt"),
    (9, "East", "Parthia Persia Babylon Saba Indus Kushan Dravidia Maurya Nubia"),
    (18, "West", "Celt Indus Maurya Kushan Dravidia Hellas Minoa Hatti Assyria Egypt Rome Carthage Iberia Parthia "
                 "Persia Babylon Saba Nubia"),
])
def test_each_seat_shows_the_civilization_it_plays(client: TestClient, players: int, side: str, expected: str) -> None:
    """MC-0.4: the rulebook's table of starting civilizations by player count and side."""
    r = client.post("/api/table", json={"game": "mega-civ", "players": players, "options": {"map": "full", "side": side}})
    assert r.status_code == 200, r.text
    assert r.json()["seats"] == expected.split()


def test_the_seats_are_told_in_the_viewers_language(client: TestClient) -> None:
    body = {"game": "mega-civ", "players": 5, "options": {"map": "full"}}
    english = client.post("/api/table", json=body).json()["seats"]
    client.get("/lang/el")
    greek = client.post("/api/table", json=body).json()["seats"]
    assert len(greek) == len(english) == 5 and greek != english


@pytest.mark.parametrize(("body", "says"), [
    ({"game": "mega-civ", "players": 9, "options": {"map": "small"}}, "has start areas for 7 civilizations, not 9"),
    ({"game": "mega-civ", "players": 4, "options": {}}, "5 to 18 players"),
    ({"game": "mega-civ", "players": 5, "options": {"map": "/etc/passwd"}}, "map"),
    ({"game": "mega-civ", "players": 5, "options": {"last-turn": "soon"}}, "last-turn"),
    ({"game": "no-such-game", "players": 5, "options": {}}, "unknown game"),
])
def test_a_table_that_cannot_be_set_gets_one_sentence(client: TestClient, body: dict, says: str) -> None:
    r = client.post("/api/table", json=body)
    assert r.status_code == 422
    error = r.json()["error"]
    assert says in error and "\n" not in error and "Traceback" not in error


def test_a_game_without_labels_says_nothing(client: TestClient) -> None:
    r = client.post("/api/table", json={"game": "catan-deckbuilding", "players": 2, "options": {}})
    assert r.status_code == 200 and r.json() == {"seats": None}


def test_an_offered_value_must_be_a_value_of_the_option() -> None:
    from civtable.core.declare import declaration_json
    from civtable.games.mega_civ.options import DECLARED

    data = {"info": declaration_json(DECLARED.info, ())["info"],
            "options": [{"name": "length", "default": 5, "minimum": 1, "offered": [5, 0], "help": "h"}]}
    with pytest.raises(CivtableError, match=r"options\[0\].offered\[1\]"):
        read_declaration(data, "test")
