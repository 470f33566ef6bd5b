"""The browser server speaks each browser's language: Accept-Language, the language
menu's cookie, a payload per viewer (a Greek and a German player of one game at once),
the scripts' words sent with the page, errors, and replays in any language."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from civtable.server import create_app  # noqa: E402
from tests.server import api  # noqa: E402


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'games.db'}", clock_check=0.05)
    with TestClient(app) as c:
        yield c


def new_game(c: TestClient, seats: list[dict[str, Any]]) -> tuple[str, dict[int, str]]:
    return api.new_game(c, seats=seats, options={"start-player": 0}, seed=4)


def test_pages_follow_accept_language_and_the_menu(client: TestClient) -> None:
    page = client.get("/", headers={"Accept-Language": "de-CH,de;q=0.9,en;q=0.5"}).text
    assert '<html lang="de">' in page and "Neues Spiel" in page
    for code, label in (("el", "Ελληνικά"), ("cs", "Čeština"), ("de", "Deutsch"), ("en", "English")):
        assert f'href="/lang/{code}?next=/"' in page and label in page
    english = client.get("/", headers={"Accept-Language": "fr"}).text
    assert '<html lang="en">' in english and "New game" in english
    r = client.get("/lang/cs?next=/", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/" and "civtable_lang=cs" in r.headers["set-cookie"]
    client.cookies.set("civtable_lang", "cs")
    page = client.get("/", headers={"Accept-Language": "de"}).text  # the menu's choice wins
    assert '<html lang="cs">' in page and "Nová hra" in page


def test_the_language_menu_never_sends_elsewhere(client: TestClient) -> None:
    for target in ("https://evil.example/", "//evil.example/x", "/\\evil.example"):
        r = client.get("/lang/de", params={"next": target}, follow_redirects=False)
        assert r.headers["location"] == "/"
    r = client.get("/lang/xx?next=/", follow_redirects=False)  # no such language: no cookie, no error
    assert r.status_code == 303 and "set-cookie" not in r.headers


def test_the_scripts_words_come_with_the_page(client: TestClient) -> None:
    gid, _ = new_game(client, [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}])
    page = client.get(f"/play/{gid}", headers={"Accept-Language": "el"}).text
    found = re.search(r'<script type="application/json" id="i18n">(.*?)</script>', page, re.S)
    assert found is not None
    words = json.loads(found.group(1))
    assert words["Your decision"] == "Η απόφασή σου" and words["Waiting for {names}"].endswith("{names}")
    assert "Ημερολόγιο παιχνιδιού" in page  # the template's own words


def test_two_players_of_one_game_read_their_own_languages(client: TestClient) -> None:
    gid, tokens = new_game(client, [{"kind": "human"}, {"kind": "invite"}])
    greek = client.get(f"/api/games/{gid}/view", headers={"X-Token": tokens[0], "Accept-Language": "el"}).json()
    german = client.get(f"/api/games/{gid}/view", headers={"X-Token": tokens[1], "Accept-Language": "de"}).json()
    english = client.get(f"/api/games/{gid}/view", headers={"X-Token": tokens[0]}).json()
    assert greek["lang"] == "el" and german["lang"] == "de"
    assert "Απόθεμα" in greek["html"] and "Το χέρι σου" in greek["html"]
    assert "Vorrat" in german["html"] and "Deine Hand" in german["html"]
    assert "Supply" in english["html"]
    assert greek["events"] and all(e["id"] == en["id"] for e, en in zip(greek["events"], english["events"], strict=True))
    assert "Παίκτης" in greek["events"][0]["text"] or "παίκτη" in greek["events"][0]["text"]
    assert [s["name"] for s in german["seats"]] == ["Spieler 0", "Spieler 1"]
    labels = [a["label"] for a in greek["legal"]]
    assert labels and any("παίξε" in label for label in labels), labels
    assert greek["legal"][0]["text"] == english["legal"][0]["text"]  # the actions' notation is the same


def test_errors_in_the_language(client: TestClient) -> None:
    gid, tokens = new_game(client, [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}])
    v = client.get(f"/api/games/{gid}/view", headers={"X-Token": tokens[0]}).json()
    r = client.post(f"/api/games/{gid}/act", json={"action": "buy city", "state": v["state"]},
                    headers={"X-Token": tokens[0], "Accept-Language": "de"})
    assert r.status_code == 422 and "ist nicht erlaubt" in r.json()["error"], r.text


def test_meta_gives_the_games_words(client: TestClient) -> None:
    meta = client.get("/api/meta", headers={"Accept-Language": "de"}).json()
    catan = next(g for g in meta["games"] if g["id"] == "catan-deckbuilding")
    assert "Städte" in catan["summary"]
    assert any("Vorrat" in o["help"] for o in catan["options"])


def test_a_replay_in_any_language(client: TestClient) -> None:
    _, gid = api.upload_replay(client, 2)
    views = {lang: client.get(f"/api/replays/{gid}/view?ply=40", headers={"Accept-Language": lang}).json()
             for lang in ("en", "cs")}
    assert "Zásoba" in views["cs"]["html"] and "Supply" in views["en"]["html"]
    assert views["cs"]["seats"][0]["name"].startswith("hráč 0")
    assert len(views["cs"]["events"]) == len(views["en"]["events"]) > 0
