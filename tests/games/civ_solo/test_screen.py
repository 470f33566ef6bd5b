"""What the person at the table reads: the screen, the answers in words and in short
menus, the help, the shorthand, the reference tables and the reasons for a wrong answer
(which may never depend on the dice to come or the opponent's face-down cards)."""

from __future__ import annotations

from civtable.agents.human import MENU_SIZE, Menu
from civtable.core.rng import Rng

from ._solo_helpers import answer, battle_at_play, bot_game, event, game, new, to_turn, with_deck


def menu(s: object) -> Menu:
    g = s.game  # type: ignore[attr-defined]
    obs = s.observation(0)  # type: ignore[attr-defined]
    return Menu([(g.action_path(a, obs), a) for a in s.legal_actions(0)])  # type: ignore[attr-defined]


def labels(s: object) -> dict[str, str]:
    g = s.game  # type: ignore[attr-defined]
    obs = s.observation(0)  # type: ignore[attr-defined]
    return {a.text: g.action_label(a, obs) for a in s.legal_actions(0)}  # type: ignore[attr-defined]


# ------------------------------------------------------------ the screen
def test_screen_shows_the_turn_debts_battles_and_the_question() -> None:
    s = to_turn(new(), 4)
    event(s, 1)
    answer(s, "accept", "culture 3")
    event_and_battle = new()
    event(event_and_battle, 6)
    answer(event_and_battle, "accept")
    screen = s.game.render(s.observation(0), 0)
    assert screen.splitlines()[0].startswith(f"civ-solo - the {s.civ}, turn 4 of 16")
    assert "Wound-marker debt: 2 (culture tokens)" in screen and "Trade phase" in screen
    other = event_and_battle.game.render(event_and_battle.observation(0), 0)
    assert "Battle pending: turn 2, at the end of the movement phase (military level 1, card limit 3" in other
    assert len(screen.splitlines()) <= 40


def test_screen_of_a_battle() -> None:
    s = battle_at_play(["unit infantry 1 1", "unit artillery 1 3", "unit mounted 1 2"], False)
    s = with_deck(s, [("mounted", 1), ("infantry", 1), ("mounted", 3)])
    answer(s, "play artillery 3 new", "play infantry 1 front 1")
    screen = s.game.render(s.observation(0), 0)
    assert "the opponent (military level 1, rank I) has 1 card face down" in screen
    assert "Your hand: mounted 2." in screen
    assert "Your units on the fronts: none." in screen
    assert ("The opponent's units, each alone on its front (you may attack them): front 1: mounted 3 (1 wound); "
            "front 2: infantry 1.") in screen
    assert "Surviving strength plus bonus now: you 0, the opponent 4 (a tie goes to you)." in screen
    assert "Your battle turn (1 card in your hand, 1 face down for the opponent)" in screen


def test_spectator_and_non_default_readings_on_the_screen() -> None:
    s = new(**{"loss-choice": "B", "one-and-two": "B"})
    screen = s.game.render(s.observation(None), None)
    assert "(as a spectator)" in screen.splitlines()[0]
    assert "Rule readings: loss-choice=B, one-and-two=B" in screen


# ------------------------------------------------------------ menus and labels
def test_a_long_count_is_typed_as_a_number() -> None:
    s = event(new(), 1)
    s.apply(0, "accept")
    m = menu(s)
    top = [label for label, _ in m.items()]
    assert top == ["type the number, 0 to 60  (61 choices)"]
    assert s.game.interpret(s.observation(0), "7") == "culture 7"  # a bare number answers the question
    m.open(("type the number, 0 to 60",))
    assert [label for label, _ in m.items()][:2] == ["0 culture tokens", "1 culture token"]
    armies = event(new(**{"random-unit": "B"}), 3)
    armies.apply(0, "accept")
    assert len(menu(armies).items()) == 7  # 0 to 6: one short menu, not grouped


def test_unit_menus_by_type_and_labels_in_words() -> None:
    s = event(new(), 5)
    s.apply(0, "accept")
    m = menu(s)
    assert len(m.items()) <= MENU_SIZE
    tops = [label for label, _ in m.items()]
    assert "infantry cards  (12 choices)" in tops and "aircraft cards  (3 choices)" in tops
    m.open(("infantry cards",))
    assert [label for label, _ in m.items()][:2] == ["rank I, strength 1", "rank I, strength 2"]
    assert labels(s)["unit infantry 2 3"] == "infantry (rank II, strength 3)"


def test_trade_labels_show_values() -> None:
    s = new()
    answer(s, "miss", "trade roll", "die 5", "die 1", "die 1")
    got = labels(s)
    assert got["buy resource"] == "buy a resource (buy value 8)"
    s.apply(0, "buy resource")
    got = labels(s)
    assert got["give hut-token 1"] == "give 1 hut token (sell value 6)"
    assert got["cancel"].startswith("cancel: do not take it")


def test_every_menu_level_is_short() -> None:
    g = game(dice="engine")
    for seed in range(3):
        for s in bot_game(g, "model:units=2&buy=1", seed):
            m = menu(s)
            assert len(m.items()) <= MENU_SIZE, (s.ask, len(m.items()))


def test_help_and_shorthand() -> None:
    s = new()
    obs = s.observation(0)
    text = s.game.help(obs, 0)
    assert "cannot see your table" in text and "type each one: 'die 4'" in text
    assert s.game.interpret(obs, "4") == "die 4" and s.game.interpret(obs, "dice 4") == "die 4"
    c = event(new(), 1)
    c.apply(0, "accept")
    assert c.game.interpret(c.observation(0), " 7 ") == "culture 7"
    assert c.game.interpret(c.observation(0), "accept") is None


# ------------------------------------------------------------ the reference
def test_reference_tables() -> None:
    tables = {t.title: t for t in game().reference()}
    events = tables["Historical events (SOLO-8.1): the row of the turn, the column of the event roll"]
    assert events.rows[0] == ("1-3", "three culture tokens", "three culture tokens", "loss of a random unit",
                              "Drought", "strength 5", "military level 1, card limit 3")
    assert ("culture event card", "---", "8") in tables["Trade values (SOLO-8.2)"].rows
    assert ("infantry", "9", "2", "3", "4", "5") in tables["Unit cards of the base game"].rows
    for title in ("Unit cards of the base game", "Trumps (base-game battles)", "Culture events (SOLO-4.2.2)",
                  "The opponent's army in a battle (SOLO-4.4.4, SOLO-4.4.5)", "Answers the companion accepts"):
        assert "provisional" in tables[title].note.lower(), title
    assert "provisional" not in events.note.lower()


# ------------------------------------------------------------ reasons for a wrong answer
def test_explanations_name_the_step_an_answer_belongs_to() -> None:
    s = event(new(), 1)
    s.apply(0, "accept")
    why = s.explain(0, "trade roll")
    assert "'trade roll' and 'trade skip' belong to the start of the trade phase (SOLO-5.1)" in why
    assert "Now: how many culture tokens do you hold? 'culture N'." in why
    assert "belongs to a battle" in s.explain(0, "play infantry 3 new")
    assert "possible only between the steps of a turn" in s.explain(0, "won")
    assert s.explain(1, "culture 3") == "the solo game has one player (seat 0), not seat 1"
    e = game(dice="engine").new_state(seed=1)
    e.apply(0, "start")
    assert "the companion rolls the dice itself (option dice=engine)" in e.explain(0, "die 5")
    w = answer(new(), "miss", "won")
    assert w.explain(0, "next") == "the game is over: no answer is expected"
    assert len(s.explain(0, "x" * 400)) < 500


def test_explanations_do_not_depend_on_what_the_player_cannot_see() -> None:
    """The opponent's face-down deck and the generator (the dice to come) are not in any
    reason, the screen or the menu: two decks, two generators, the same words."""
    s = battle_at_play(["unit infantry 1 2", "unit mounted 1 3"], False)
    a = with_deck(s, [("infantry", 1), ("artillery", 1), ("mounted", 2)])
    b = with_deck(s, [("artillery", 3), ("mounted", 1), ("infantry", 2)])
    b.rng = Rng(99)
    for text in ("play infantry 2 front 1", "play tank 3 new", "play infantry 2 new extra", "next", "lose front 1",
                 "fortified yes", "bonus 3", "die 4"):
        assert a.explain(0, text) == b.explain(0, text)
    assert a.observation(0) == b.observation(0)
    assert a.game.render(a.observation(0), 0) == b.game.render(b.observation(0), 0)
