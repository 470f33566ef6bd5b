"""The game-independent core: the seeded generator, options, actions and records."""

from __future__ import annotations

import json
import pickle
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from civtable.core.action import Action, normalize
from civtable.core.errors import (
    CivtableError,
    IllegalActionError,
    OptionError,
    RecordError,
    UnknownGameError,
)
from civtable.core.game import OptionSpec
from civtable.core.records import Record, RecordWriter, parse_record, read_record
from civtable.core.registry import game_class, game_ids, load_game
from civtable.core.rng import Rng, derive_seed

GAME_ID = "catan-deckbuilding"
MASK = (1 << 64) - 1
SETTINGS = settings(max_examples=200, deadline=None)


# --------------------------------------------------------------------- Rng
def test_rng_is_splitmix64() -> None:
    """The reference SplitMix64 sequence from state 0 (Steele, Lea and Flood 2014;
    the outputs of the C reference implementation)."""
    r = Rng.from_state(0)
    assert [r.next64() for _ in range(4)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F, 0xF88BB8A8724C81EC,
    ]


def test_rng_known_outputs() -> None:
    """Computed once; a change here changes every saved game and record."""
    r = Rng(42)
    assert [r.below(100) for _ in range(10)] == [59, 16, 16, 4, 98, 23, 27, 15, 76, 24]
    assert derive_seed(7, 0) == 7191089600892374487
    assert derive_seed(7, 1) == 309689372594955804
    assert derive_seed(0, 0, 0) == 12035550249420947055


@SETTINGS
@given(st.integers(-(2**70), 2**70), st.integers(1, 2**70))
def test_rng_below_is_in_range_and_deterministic(seed: int, n: int) -> None:
    a, b = Rng(seed), Rng(seed)
    xs = [a.below(n) for _ in range(20)]
    assert xs == [b.below(n) for _ in range(20)]
    assert all(0 <= x < n for x in xs)
    assert all(0 <= a.next64() <= MASK for _ in range(5))
    assert all(0.0 <= a.random() < 1.0 for _ in range(5))


@SETTINGS
@given(st.integers(0, MASK), st.lists(st.integers(), max_size=60))
def test_rng_shuffle_is_a_permutation(seed: int, items: list[int]) -> None:
    seq = list(items)
    Rng(seed).shuffle(seq)
    assert Counter(seq) == Counter(items)
    again = list(items)
    Rng(seed).shuffle(again)
    assert again == seq


@SETTINGS
@given(st.integers(0, MASK), st.lists(st.integers(), min_size=1, max_size=30))
def test_rng_choice_picks_a_member(seed: int, items: list[int]) -> None:
    r = Rng(seed)
    assert all(r.choice(items) in items for _ in range(10))


def test_rng_shuffle_reaches_every_order() -> None:
    seen = set()
    r = Rng(5)
    for _ in range(600):
        seq = [0, 1, 2, 3]
        r.shuffle(seq)
        seen.add(tuple(seq))
    assert len(seen) == 24


def test_rng_below_is_roughly_uniform() -> None:
    r = Rng(2024)
    counts = Counter(r.below(6) for _ in range(60000))
    assert set(counts) == set(range(6))
    assert all(abs(c - 10000) < 500 for c in counts.values())


def test_rng_below_needs_a_positive_bound() -> None:
    for n in (0, -1):
        with pytest.raises(ValueError):
            Rng(1).below(n)


@SETTINGS
@given(st.integers(0, MASK), st.integers(0, 30))
def test_rng_clone_and_state_restore_continue_the_same_sequence(seed: int, skip: int) -> None:
    r = Rng(seed)
    for _ in range(skip):
        r.next64()
    c = r.clone()
    saved = Rng.from_state(r.state)
    expected = [r.next64() for _ in range(5)]
    assert [c.next64() for _ in range(5)] == expected
    assert [saved.next64() for _ in range(5)] == expected


def test_rng_clone_is_independent() -> None:
    r = Rng(3)
    c = r.clone()
    c.next64()
    assert c.state != r.state
    assert Rng(3).next64() == r.next64()


def test_rng_fork_is_deterministic_and_advances_the_parent() -> None:
    a, b = Rng(9), Rng(9)
    fa, fb = a.fork(), b.fork()
    assert [fa.next64() for _ in range(3)] == [fb.next64() for _ in range(3)]
    assert a.state == b.state != Rng(9).state
    assert Rng(9).fork().state != Rng(10).fork().state


@SETTINGS
@given(st.integers(0, MASK), st.lists(st.integers(0, 1000), max_size=4))
def test_derive_seed_is_stable(seed: int, path: list[int]) -> None:
    s = derive_seed(seed, *path)
    assert s == derive_seed(seed, *path)
    assert 0 <= s <= MASK
    if not path:
        assert s == seed
    assert derive_seed(seed + (1 << 64), *path) == s  # only the low 64 bits count


def test_derive_seed_separates_paths() -> None:
    seeds = {derive_seed(s, i, j) for s in range(5) for i in range(10) for j in range(10)}
    assert len(seeds) == 500
    assert derive_seed(1, 2, 3) != derive_seed(1, 3, 2)
    assert derive_seed(1, 0) != derive_seed(1, 0, 0)


# ----------------------------------------------------------------- options
def test_unknown_option_lists_the_valid_ones() -> None:
    with pytest.raises(OptionError) as err:
        load_game(GAME_ID, colour="blue")
    message = str(err.value)
    assert "colour" in message
    for name in ("max-turns", "supply-total", "win-timing", "start-player"):
        assert name in message


def test_bad_choice_lists_the_choices() -> None:
    with pytest.raises(OptionError) as err:
        load_game(GAME_ID, **{"supply-total": "C"})
    message = str(err.value)
    assert "supply-total" in message and "A" in message and "B" in message and "'C'" in message


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"max-turns": 0}, ("max-turns", "at least 1")),
        ({"max-turns": -5}, ("max-turns", "at least 1")),
        ({"start-player": 2}, ("start-player", "at most 1")),
        ({"start-player": -1}, ("start-player", "at least 0")),
        ({"max-turns": "many"}, ("max-turns", "integer")),
        ({"max-turns": True}, ("max-turns", "integer")),
        ({"max-turns": None}, ("max-turns",)),
        ({"players": 3}, ("players",)),
        ({"counter-knight": "D"}, ("counter-knight", "A, B, C")),
    ],
)
def test_bad_option_values(options: dict, words: tuple[str, ...]) -> None:
    with pytest.raises(OptionError) as err:
        load_game(GAME_ID, **options)
    for word in words:
        assert word in str(err.value)


@pytest.mark.parametrize("value", [2.5, 40.9])
def test_integer_option_refuses_a_fraction(value: float) -> None:
    with pytest.raises(OptionError, match="max-turns"):
        load_game(GAME_ID, **{"max-turns": value})


def test_option_spellings() -> None:
    g = load_game(GAME_ID, start_player=1, max_turns="40", supply_total="b")
    assert g.options["start-player"] == 1
    assert g.options["max-turns"] == 40
    assert g.options["supply-total"] == "B"
    assert load_game(GAME_ID, **{"start-player": "random"}).options["start-player"] is None
    assert load_game(GAME_ID).options["max-turns"] == game_class(GAME_ID).spec("max-turns").default


def test_option_spec_parse() -> None:
    number = OptionSpec("n", 3, "a number", minimum=1, maximum=5)
    assert number.parse("4") == 4 and number.parse(1) == 1 and number.parse(5) == 5
    for bad in (0, 6, "x", True, None, "none"):
        with pytest.raises(OptionError):
            number.parse(bad)
    maybe = OptionSpec("m", None, "optional", minimum=0, maximum=1)
    assert maybe.parse(None) is None and maybe.parse("None") is None and maybe.parse("1") == 1
    text = OptionSpec("t", "", "text")
    assert text.parse(12) == "12"
    choice = OptionSpec("c", "A", "a choice", choices=("A", "B"))
    assert choice.parse("a") == "A"
    with pytest.raises(OptionError, match="one of A, B"):
        choice.parse("Z")
    with pytest.raises(OptionError):
        game_class(GAME_ID).spec("nonsense")


def test_unknown_game_lists_the_known_ones() -> None:
    with pytest.raises(UnknownGameError) as err:
        load_game("chess")
    assert "chess" in str(err.value)
    assert GAME_ID in str(err.value) and GAME_ID in game_ids()
    assert isinstance(err.value, CivtableError)


# ----------------------------------------------------------------- actions
def test_action_equality_hash_and_text() -> None:
    a = Action("play", "road", 2)
    b = Action("play road 2")
    assert str(a) == "play road 2" == a.text
    assert a == b and hash(a) == hash(b)
    assert a != Action("play", "road", 3)
    assert a != "play road 2"  # an action is not its text
    assert len({a, b, Action("play", "road", 2)}) == 1
    assert {a: 1}[b] == 1
    assert sorted([Action("end"), Action("buy city")]) == [Action("buy city"), Action("end")]
    assert repr(a) == "Action('play road 2')"


@pytest.mark.parametrize("protocol", range(2, pickle.HIGHEST_PROTOCOL + 1))
def test_action_pickles(protocol: int) -> None:
    a = Action("buy", "harbor", "trade")
    b = pickle.loads(pickle.dumps(a, protocol=protocol))
    assert b == a and hash(b) == hash(a) and str(b) == str(a) and b.args == a.args


def test_game_actions_pickle_to_the_same_objects() -> None:
    g = load_game(GAME_ID)
    s = g.new_state(seed=1)
    for a in s.legal_actions(s.to_move()[0]):
        b = pickle.loads(pickle.dumps(a))
        assert b is a or b == a
        assert str(b) == str(a)


def test_normalize() -> None:
    assert normalize("  Play   ROAD 2 \n") == "play road 2"


def test_parse_action_rejects_what_is_not_legal() -> None:
    g = load_game(GAME_ID, **{"start-player": 0})
    s = g.new_state(seed=1)
    with pytest.raises(IllegalActionError, match="keep"):
        g.parse_action(s, "keep", 0)
    with pytest.raises(IllegalActionError, match="player 1"):
        g.parse_action(s, "end", 1)
    assert str(g.parse_action(s, " END ")) == "end"


# ----------------------------------------------------------------- records
HEADER = {"type": "header", "game": GAME_ID, "options": {}, "seed": 3, "players": ["random", "random"]}


def lines(*items: object) -> str:
    return "\n".join(i if isinstance(i, str) else json.dumps(i) for i in items) + "\n"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", ("empty",)),
        ("\n  \n", ("empty",)),
        (lines({"type": "action", "player": 0, "action": "end"}), ("line 1", "header")),
        (lines(HEADER, "{not json"), ("line 2", "JSON")),
        (lines(HEADER, {"type": "action", "player": 0, "action": "end"}, '{"type": "act'), ("line 3",)),
        (lines(HEADER, {"type": "action", "player": "0", "action": "end"}), ("line 2", "player")),
        (lines(HEADER, {"type": "action", "player": True, "action": "end"}), ("line 2",)),
        (lines(HEADER, {"type": "action", "player": 0}), ("line 2", "action")),
        (lines(HEADER, {"type": "action", "player": 0, "action": 5}), ("line 2", "action")),
        (lines(HEADER, {"player": 0, "action": "end"}), ("line 2", "type")),
        (lines(HEADER, [1, 2]), ("line 2",)),
        (lines(HEADER, {"type": "chat", "text": "hi"}), ("line 2", "chat")),
        (lines({**HEADER, "game": 5}), ("line 1", "game")),
        (lines({k: v for k, v in HEADER.items() if k != "game"}), ("line 1", "game")),
        (lines({**HEADER, "seed": "3"}), ("line 1", "seed")),
        (lines({**HEADER, "options": ["supply-total"]}), ("line 1", "options")),
        (lines({**HEADER, "players": "random"}), ("line 1", "players")),
    ],
)
def test_parse_record_errors_name_the_line(text: str, words: tuple[str, ...]) -> None:
    with pytest.raises(RecordError) as err:
        parse_record(text, source="game.jsonl")
    message = str(err.value)
    assert "game.jsonl" in message
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"


def test_parse_record_reads_what_dumps_writes() -> None:
    rec = Record(GAME_ID, {"max-turns": 9}, 11, ["greedy", "random"], [(0, "play ore"), (1, "allow")],
                 result={"returns": [1, -1], "winners": [0], "turns": 4})
    back = parse_record(rec.dumps())
    assert (back.game, back.options, back.seed, back.players, back.moves, back.result, back.engine) == (
        rec.game, rec.options, rec.seed, rec.players, rec.moves, rec.result, rec.engine)
    assert parse_record(lines(HEADER)).moves == []


def test_record_with_a_bad_action_line_names_its_ply() -> None:
    g = load_game(GAME_ID, **{"start-player": 0})
    s = g.new_state(seed=3)
    first = str(s.legal_actions(0)[0])
    rec = parse_record(lines(
        {**HEADER, "options": {"start-player": 0}},
        {"type": "action", "ply": 1, "player": 0, "action": first},
        {"type": "action", "ply": 2, "player": 0, "action": "fly to the moon"},
    ))
    with pytest.raises(RecordError, match=r"record action 2 .*fly to the moon"):
        rec.replay()
    assert rec.replay(upto=1).to_json() != s.to_json()
    wrong_player = parse_record(lines({**HEADER, "options": {"start-player": 0}},
                                      {"type": "action", "player": 1, "action": "end"}))
    with pytest.raises(RecordError, match="record action 1"):
        wrong_player.replay()


def test_record_with_a_bad_header_game_or_option() -> None:
    for header in ({**HEADER, "game": "chess"}, {**HEADER, "options": {"colour": "red"}}):
        with pytest.raises(RecordError, match="header"):
            parse_record(lines(header)).replay()


def test_record_save_refuses_to_overwrite(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    first = Record(GAME_ID, {}, 1, ["random", "random"], [(0, "end")])
    first.save(path)
    kept = path.read_text(encoding="utf-8")
    second = Record(GAME_ID, {}, 2, ["greedy", "greedy"])
    with pytest.raises(RecordError, match="already exists"):
        second.save(path)
    assert path.read_text(encoding="utf-8") == kept
    assert read_record(path).seed == 1
    second.save(path, overwrite=True)
    assert read_record(path).seed == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.jsonl"]  # no temporary file left
    with pytest.raises(RecordError, match="already exists"):
        RecordWriter.create(path, first)
    assert read_record(path).seed == 2


def test_read_record_errors(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="no record file"):
        read_record(tmp_path / "missing.jsonl")
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(RecordError):
        read_record(binary)
    torn = tmp_path / "torn.jsonl"
    torn.write_text(lines(HEADER) + '{"type": "action", "pl', encoding="utf-8")
    record = read_record(torn)  # the complete lines are kept, and the torn one is named
    assert record.moves == [] and record.torn is not None and "line 2" in record.torn
    corrupt = tmp_path / "corrupt.jsonl"
    corrupt.write_text(lines(HEADER) + '{"type": "action", "pl\n' + lines(HEADER), encoding="utf-8")
    with pytest.raises(RecordError, match="line 2"):
        read_record(corrupt)


def test_a_game_declaration_is_checked_field_by_field() -> None:
    from civtable.core.declare import declaration, read_declaration

    good = declaration("civtable.games.catan_deckbuilding")
    assert good.info.id == "catan-deckbuilding" and all(s.name != "players" for s in good.options)
    base = {"info": {"id": "x", "name": "X", "min_players": 2, "max_players": 2, "default_players": 2,
                     "simultaneous": False, "reactions": False, "hidden_information": False, "chance": False,
                     "rules": "", "rule_prefix": "X", "language": "en", "summary": "x"},
            "options": [{"name": "v", "default": "A", "choices": ["A", "B"], "help": "h"}]}
    read_declaration(base, "test")
    bad = [
        ({**base, "info": {**base["info"], "colour": 1}}, "info.colour"),
        ({**base, "info": {**base["info"], "min_players": 3}}, "player counts"),
        ({**base, "options": [{"name": "v", "default": "C", "choices": ["A", "B"], "help": "h"}]}, "default"),
        ({**base, "options": [{"name": "players", "default": 2, "help": "h"}]}, "players"),
        ({**base, "options": [{"name": "v", "default": "A", "help": "h", "colour": 1}]}, "options[0].colour"),
        ({**base, "options": [{"name": "v", "default": "A"}]}, "options[0].help"),
    ]
    for data, words in bad:
        with pytest.raises(CivtableError, match=re.escape(words)):
            read_declaration(data, "test")
