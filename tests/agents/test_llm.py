"""Language-model players (llm:MODEL) against a stub OpenAI-compatible server on 127.0.0.1:
whole games of every game, replies valid, garbage, illegal, late, failed or of 1 MB, the
engine's reasons in the retries, the figures simulate and ladder report, the key kept
secret, an unreachable endpoint, and public messages with Mega Civ's trade offers."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from civtable.agents import PlayerView, make_agent
from civtable.agents.llm.prompt import MAX_LIST, prompt_messages, read_reply
from civtable.cli import main
from civtable.core.registry import load_game
from civtable.sim.runner import GameResult, play_game, play_out

from .llmstub import Stub

GAMES = [("catan-deckbuilding", {}, ["greedy"]), ("civ-card-game", {"players": 3}, ["greedy", "random"]),
         ("civ-solo", {}, []), ("mega-civ", {"players": 5, "map": "small", "last-turn": 8, "game-end": "B"},
                                ["greedy"] * 4)]
IDS = [g for g, _, _ in GAMES]


@pytest.fixture(scope="module")
def stub() -> Iterator[Stub]:
    with Stub(slow_seconds=0.6) as server:
        yield server


def play(stub: Stub, game_id: str, options: dict[str, Any], others: list[str], model: str, seed: int = 1,
         extra: str = "", max_steps: int | None = 3000) -> GameResult:
    game = load_game(game_id, **options)
    stub.reset()
    spec = f"llm:{model};url={stub.url};timeout=0.3{extra}"
    return play_game(game, [spec, *others], seed, max_steps=max_steps)


def finished(result: GameResult) -> dict[str, Any]:
    """The model's seat's counts of a game that must have ended."""
    assert result.finished, "the game did not end"
    return result.bot_stats[0]


@pytest.mark.parametrize(("game_id", "options", "others"), GAMES, ids=IDS)
def test_a_model_plays_whole_games_of_every_game(stub: Stub, game_id: str, options: dict[str, Any],
                                                 others: list[str]) -> None:
    result = play(stub, game_id, options, others, "valid")
    stats = finished(result)
    assert stats["decisions"] >= 3 and stats["illegal"] == 0 and stats["fallback"] == 0 and result.notes == []
    assert stats["requests"] == stats["replies"] == stats["decisions"]
    assert stats["prompt_tokens"] > 100 * stats["decisions"] and stats["untallied"] == 0
    assert all(not s for s in result.bot_stats[1:])


@pytest.mark.parametrize(("game_id", "options", "others"), GAMES, ids=IDS)
def test_a_model_that_misbehaves_in_every_way_never_stops_a_game(stub: Stub, game_id: str, options: dict[str, Any],
                                                                 others: list[str]) -> None:
    """Valid answers, garbage, illegal actions, timeouts, HTTP 500 and 1 MB replies in turn."""
    s = finished(result := play(stub, game_id, options, others, "mixed"))
    failures = s["timeout"] + s["http"] + s["garbage"] + s["too_long"] + s["unreachable"]
    assert s["failures"] == failures and s["requests"] == s["replies"] + s["failures"]
    assert s["illegal"] > 0 and s["retries"] > 0 and s["fallback"] > 0
    for kind in ("timeout", "http", "garbage", "too_long"):
        assert s[kind] > 0 or s["decisions"] < 10, (kind, s)
    texts = [t for _, t in result.notes]
    assert sum("the endpoint answered HTTP 500" in t for t in texts) == s["http"]
    assert sum("no answer within 0.3 s" in t for t in texts) == s["timeout"]
    assert all("replaced by the fallback bot" not in t for t in texts), "failures were never 3 in a row"
    assert result.record().replay().to_json() is not None


def test_an_illegal_reply_is_answered_with_the_engines_reason_then_the_fallback_moves(stub: Stub) -> None:
    start = len(stub.requests)
    result = play(stub, "catan-deckbuilding", {}, ["greedy"], "illegal", extra=";retries=2", max_steps=6)
    s = result.bot_stats[0]
    assert s["requests"] == s["replies"] == s["illegal"] == 3 * s["decisions"] and s["retries"] == 2 * s["decisions"]
    assert s["fallback"] == s["decisions"] and any("3 illegal replies" in t for _, t in result.notes)
    asked = [r["body"]["messages"] for r in stub.requests[start:]]
    first, second, third = asked[0], asked[1], asked[2]
    assert len(second) == 4 and second[2]["role"] == "assistant"
    n = len([line for line in first[1]["content"].splitlines() if line[:1].isdigit()])
    assert second[3]["content"] == (f"That is not a legal action: there is no action {n + 5}: the actions are numbered "
                                    f"from 1 to {n}. Answer again with one number from 1 to {n}.")
    game = load_game("catan-deckbuilding")
    reason = game.new_state(seed=1).explain(0, "fly to the moon").rstrip(".")
    assert third[5]["content"].startswith(f"That is not a legal action: {reason}")


@pytest.mark.parametrize(("model", "kind", "words"), [
    ("slow", "timeout", "no answer within 0.3 s"),
    ("error", "http", "the endpoint answered HTTP 500"),
    ("huge", "too_long", "the endpoint's answer is longer than 1048576 bytes"),
    ("garbage", "garbage", "the endpoint's answer is not a chat completion"),
])
def test_no_reply_three_times_in_a_row_gives_the_seat_to_the_fallback_bot(stub: Stub, model: str, kind: str,
                                                                          words: str) -> None:
    result = play(stub, "catan-deckbuilding", {}, ["greedy"], model, max_steps=40)
    s = result.bot_stats[0]
    assert s[kind] == s["failures"] == s["requests"] == 3, s
    assert s["fallback"] == s["decisions"] > 3
    texts = [t for _, t in result.notes]
    assert sum(words in t for t in texts) == 3 and "replaced by the fallback bot to the end" in texts[-1]


def test_an_unreachable_endpoint_during_a_game_is_a_fallback(tmp_path: Path) -> None:
    game = load_game("catan-deckbuilding")
    result = play_game(game, ["llm:valid;url=http://127.0.0.1:9/v1", "greedy"], 1, max_steps=30)
    assert result.bot_stats[0]["unreachable"] == 3 and result.steps == 30


def test_replies_name_an_action_by_number_or_text() -> None:
    game = load_game("catan-deckbuilding")
    state = game.new_state(seed=1)
    view = PlayerView(state, 0)
    legal = view.legal_actions
    for reply, want in [("3", legal[2]), ("3. whatever", legal[2]), ("Action: 3", legal[2]), ("**3**", legal[2]),
                        (f"  {legal[1].text.upper()}  ", legal[1]), (f"I think so.\n\n{legal[0].text}", legal[0]),
                        (f"`{legal[-1].text}`", legal[-1])]:
        assert read_reply(reply, view, True, False).action == want, reply
    assert read_reply(legal[0].text, view, False, False).action == legal[0]
    assert read_reply("3", view, False, False).action is None, "without a list a number names nothing"
    assert read_reply("42", view, True, False).reason == f"there is no action 42: the actions are numbered from 1 to {len(legal)}"
    assert read_reply("buy city", view, True, False).reason == state.explain(0, "buy city").rstrip(".")
    assert read_reply("", view, True, False).reason == "the reply names no action"
    said = read_reply("1\nsay: hello\x00 there  " + "x" * 500, view, True, True)
    assert said.action == legal[0] and said.say is not None and said.say.startswith("hello there x") and len(said.say) == 200


def test_the_prompt_is_the_seats_screen_events_and_numbered_actions() -> None:
    game = load_game("civ-card-game", players=3)
    state = game.new_state(seed=2)
    p = state.to_move()[0]
    view = PlayerView(state, p)
    system, user = (m["content"] for m in prompt_messages(view, state.events(p)))
    assert "Civilization: The Card Game, for 2 to 4 players" in system and f"as player {p} (3 players)" in system
    assert str(game.render(state.observation(p), p)).rstrip() in user
    for e in state.events(p):
        assert f"- {game.render_event(e, p)}" in user
    for i, a in enumerate(view.legal_actions[:MAX_LIST], 1):
        assert f"\n{i}. {a.text}\n" in user
    hidden = prompt_messages(view, [], listed=False)[1]["content"]
    assert "1. " not in hidden and f"You have {len(view.legal_actions)} legal actions" in hidden


def test_mega_civ_offers_carry_public_messages_that_every_seat_is_told(stub: Stub) -> None:
    """From the first trade decision of a greedy game on: the model of the seat to trade adds
    a message to its offers and answers, every seat and a spectator are told it (the
    ``talk`` event), another model reads it in its prompt, and the record keeps it."""
    game = load_game("mega-civ", players=5, map="small", **{"last-turn": 8, "game-end": "B"})
    state = game.new_state(seed=3)
    greedy = [make_agent("greedy", game, seed=p) for p in range(5)]
    trading = {"offer", "counter", "post", "accept", "reject", "decline"}
    while not any(a.kind in trading for a in state.legal_actions(state.to_move()[0])):
        p = state.to_move()[0]
        state.apply(p, greedy[p].act(PlayerView(state, p)))
    talker = state.to_move()[0]
    listener = (talker + 1) % 5
    cursor = {v: len(state.events(v)) for v in (*range(5), None)}
    agents = list(greedy)
    agents[talker] = make_agent(f"llm:talk;url={stub.url}", game, seed=1)
    agents[listener] = make_agent(f"llm:valid;url={stub.url}", game, seed=2)
    start = len(stub.requests)
    play_out(state, agents, max_steps=300)
    said = [t for _, t in agents[talker].notes if " says: " in t]
    assert said and agents[talker].stats()["talk"] == len(said)
    message = "I have grain for your wine, and my hidden card is what I declare."
    assert all(t == f"seat {talker} says: {message}" for t in said)
    for v in (*range(5), None):
        told = [e for e in state.events(v, cursor[v]) if e.id == "talk"]
        assert len(told) == len(said) and told[0].args == {"player": talker, "text": message}
    assert game.render_event(told[0], None) == f"Player {talker} says: {message}"
    prompts = [m["content"] for r in stub.requests[start:] if r["body"]["model"] == "valid"
               for m in r["body"]["messages"] if m["role"] == "user"]
    assert any(f"- Player {talker} says: {message}" in t for t in prompts), "the other model was never told"
    assert agents[listener].stats()["talk"] == 0, "a model that says nothing says nothing"


def test_the_key_is_sent_to_the_endpoint_and_nowhere_else(stub: Stub, monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    secret = "sk-test-0123456789-secret"
    monkeypatch.setenv("CIVTABLE_LLM_KEY", secret)
    start = len(stub.requests)
    out = tmp_path / "figures.json"
    records = tmp_path / "records"
    code = main(["simulate", "catan-deckbuilding", "--players", "llm:mixed,greedy", "--games", "2", "--seed", "4",
                 "--max-steps", "60", "--llm-url", stub.url, "--json", str(out), "--records", str(records), "-q"])
    assert code == 0
    assert stub.requests[start]["authorization"] == f"Bearer {secret}"
    printed = capsys.readouterr()
    written = out.read_text() + "".join(p.read_text() for p in records.iterdir())
    assert secret not in printed.out + printed.err + written
    assert "Language-model seats" in printed.out
    summary = json.loads(out.read_text())
    (row,) = summary["llm"]
    assert row["seat"] == 0 and row["bot"] == "llm:mixed" and row["games"] == 2
    assert row["illegal_rate_of"] == "replies" and row["illegal_rate"] == round(row["illegal"] / row["replies"], 4)
    assert row["tokens_per_decision"] == round((row["prompt_tokens"] + row["completion_tokens"]) / row["decisions"], 1)
    assert row["requests"] == row["replies"] + sum(row["failures"].values())


def test_ladder_reports_the_language_model_bots(stub: Stub, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "ladder.json"
    code = main(["ladder", "catan-deckbuilding", "--players", "llm:valid,greedy", "--games", "2", "--seed", "1",
                 "--llm-url", stub.url, "--json", str(out), "-q"])
    assert code == 0
    summary = json.loads(out.read_text())
    (row,) = summary["llm"]
    assert row["bot"] == "llm:valid" and row["games"] == 2 and row["illegal"] == 0 and row["decisions"] > 10
    assert "Language-model seats" in capsys.readouterr().out


def test_an_unreachable_endpoint_at_the_start_is_one_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "catan-deckbuilding", "--players", "llm:any,greedy", "--games", "1",
                 "--llm-url", "http://127.0.0.1:9/v1"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert err.startswith("civtable: error: the language-model endpoint http://127.0.0.1:9/v1 cannot be reached (")
    assert main(["play", "catan-deckbuilding", "--players", "llm:any;url=http://127.0.0.1:9/v1,greedy"]) == 2


@pytest.mark.parametrize(("spec", "words"), [
    ("llm:", "llm: needs a model"),
    ("llm:m;list=maybe", "bot parameter 'list' must be yes or no"),
    ("llm:m;retries=-1", "bot parameter 'retries' must be an integer of at least 0"),
    ("llm:m;key-env=$(rm)", "bot parameter 'key-env' must name an environment variable"),
    ("llm:m;fallback=llm:other", "the fallback bot of llm: must be a built-in bot"),
    ("llm:m;colour=red", "bot 'llm' has no parameter 'colour'"),
    ("llm:m;url=file:///etc/passwd", "the language-model endpoint must be an http:// or https:// URL"),
    ("llm:m;url=http://user:pw@host/v1", "give the language-model key in the environment variable"),
])
def test_bad_specs_are_one_sentence(spec: str, words: str) -> None:
    from civtable.core.errors import CivtableError

    with pytest.raises(CivtableError) as e:
        make_agent(spec, load_game("catan-deckbuilding"))
    assert words in str(e.value) and "\n" not in str(e.value)


def test_a_decision_with_one_legal_action_costs_nothing(stub: Stub) -> None:
    game = load_game("civ-solo")
    start = len(stub.requests)
    result = play_game(game, [f"llm:valid;url={stub.url}"], 1)
    s = result.bot_stats[0]
    assert s["forced"] > 0 and len(stub.requests) - start == s["requests"] == s["decisions"]
