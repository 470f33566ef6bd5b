"""Mega Civ at the terminal as a person plays it (issue 26): an area keeps its number while
its token count changes, an area or a destination is typed by name, "how many?" moves several
tokens at once, and the screen shows this turn's deals and calamities only, the hand with
what each card and set is worth, and why no advance was offered."""

from __future__ import annotations

import io
import re

from civtable.agents import PlayerView
from civtable.agents.human import HumanAgent

from ._mc_helpers import position
from ._seats import HATTI, HELLAS, MINOA


def menu_numbers(text: str) -> dict[str, int]:
    """The last menu printed: entry label -> its number."""
    last = text.rsplit("Choose", 1)[1]
    return {m.group(2): int(m.group(1)) for m in re.finditer(r"^\s+(\d+)\. (.+)$", last, re.M)}


def moving() -> object:
    """Movement: Hellas has 3 tokens in Kings Vale and 1 in Old Ford."""
    return position(players={HELLAS: {"tokens": {"kings_vale": 3, "old_ford": 1}}}, decider=HELLAS)


def test_how_many_moves_several_tokens_with_one_question_and_the_area_keeps_its_number() -> None:
    """MC-3.1: 'kings vale' opens the area's entries, 'north downs' picks the move there,
    '2' answers "how many?": the next decision plays the second move without asking; on the
    screen after, Kings Vale (1 token) keeps the number it had as Kings Vale (3 tokens)."""
    s = moving()
    s.listen()
    agent = HumanAgent(stdin=io.StringIO("kings vale\nnorth downs\n2\n"), stdout=io.StringIO())
    first = agent.act(PlayerView(s, HELLAS))
    text = agent.stdout.getvalue()
    assert first.text == "move kings_vale north_downs"
    assert "move a token to North Downs (limit 2, city site): how many? 1 to 3 (Enter: 1): " in text
    before = {k.split(" (")[0]: n for k, n in menu_numbers(text.split("player 0>", 1)[0]).items()}  # the top level
    s.apply(HELLAS, first)
    agent.stdin, agent.stdout = io.StringIO(""), io.StringIO()  # nothing typed: the second move is not asked
    second = agent.act(PlayerView(s, HELLAS))
    assert second.text == "move kings_vale north_downs" and agent.stdout.getvalue() == ""
    s.apply(HELLAS, second)
    agent.stdin, agent.stdout = io.StringIO("done\n"), io.StringIO()
    assert agent.act(PlayerView(s, HELLAS)).text == "done"
    after = menu_numbers(agent.stdout.getvalue())
    assert "Kings Vale (1 token)  (5 choices)" in after
    assert after["Kings Vale (1 token)  (5 choices)"] == before["Kings Vale"]


def test_a_wrong_count_is_asked_again_and_enter_moves_one() -> None:
    s = moving()
    s.listen()
    agent = HumanAgent(stdin=io.StringIO("move kings_vale old_ford\n7\n\n"), stdout=io.StringIO())
    assert agent.act(PlayerView(s, HELLAS)).text == "move kings_vale old_ford"
    assert "Type a number from 1 to 3, or Enter for 1." in agent.stdout.getvalue()
    assert agent.again is None  # Enter: one token only


def test_help_is_broken_into_lines_that_fit_the_terminal() -> None:
    s = moving()
    s.listen()
    agent = HumanAgent(stdin=io.StringIO("help\ndone\n"), stdout=io.StringIO())
    agent.act(PlayerView(s, HELLAS))
    text = agent.stdout.getvalue()
    helped = text[text.index("Movement (MC-3)"):text.index("saves and stops.")]
    assert len(helped.splitlines()) > 3 and max(len(line) for line in helped.splitlines()) < 120
    assert "civil-war" in text  # a line is broken between words, never at a hyphen


def test_mc_7_5_the_deals_and_calamities_of_the_last_turn_are_not_shown_on_the_next() -> None:
    """The closed deals (MC-7.5) show in phase 7, one a line; the same record read in phase 3
    (as it stands until the next trade) is not shown as "this turn's"; a calamity's record
    likewise from phase 9 only."""
    s = moving()
    obs = s.observation(HELLAS)
    obs["trades"] = [{"proposer": MINOA, "responder": HATTI, "gave": 3, "got": 4}]
    obs["struck"] = [{"calamity": "tempest", "victim": MINOA, "done": {str(MINOA): {"lost": [{"treasury": 5}],
                                                                                  "gained": []}}}]
    assert "Deals closed this turn" not in s.game.render(obs, HELLAS)
    assert "Tempest" not in s.game.render(obs, HELLAS)
    obs["phase"] = 7
    assert "Deals closed this turn:\n  player 1 Minoa and player 2 Hatti: 3 cards for 4" in s.game.render(obs, HELLAS)
    obs["phase"] = 9
    assert "Tempest struck player 1 Minoa" in s.game.render(obs, HELLAS)


def test_mc_12_4_the_discard_step_says_how_many_and_why_no_advance_was_offered() -> None:
    """Phase 12 with a hand over its limit and no advance within reach: the screen says how
    many cards to discard and what the player can pay against the cheapest prices."""
    hand = ["ochre"] * 5 + ["clay"] * 5
    s = position(phase=12, step="discard", decider=HELLAS, target=3,
                 players={HELLAS: {"tokens": {"kings_vale": 2}, "treasury": 3, "hand": hand}})
    screen = s.game.render(s.observation(HELLAS), HELLAS)
    assert "Hand (10 cards, limit 8, sets worth 50):" in screen
    assert "Clay x5 (value 1, set 25)" in screen
    assert "Your hand is over its limit of 8: discard 2 cards." in screen
    assert "You can pay up to 53" in screen and "Out of reach:" in screen


def test_mc_5_3_a_city_that_leaves_the_cities_unsupported_is_asked() -> None:
    """MC-5.1 to MC-5.3: Hellas has a city in Old Ford and builds one in Kings Vale; High
    Moor's 4 tokens shrink to its limit of 2 as surplus: 2 tokens for 2 cities that need 4,
    asked; with 2 more in Ash Plains they are supported: not asked."""
    def build(tokens: dict[str, int]) -> str | None:
        s = position(phase=5, step="build", decider=HELLAS, city={"old_ford": HELLAS},
                     players={HELLAS: {"tokens": tokens}})
        action = s.game.parse_action(s, "city kings_vale", HELLAS)
        return s.game.action_warning(action, s.observation(HELLAS))

    text = build({"kings_vale": 6, "high_moor": 4})
    assert text is not None and "keep 2 tokens on the map for 2 cities, which need 4" in text
    assert build({"kings_vale": 6, "high_moor": 2, "ash_plains": 2}) is None


def test_mc_7_4_a_tradable_calamity_held_in_the_trade_is_pointed_out() -> None:
    """MC-7.4, MC-9: Hellas, answering Minoa's offer, holds Treachery: the screen says how to pass it on."""
    s = position(phase=7, step="trade", decider=HELLAS, queue=[HELLAS], target=0,
                 players={MINOA: {"hand": ["ochre", "ochre", "wine", "clay"]},
                          HELLAS: {"tokens": {"kings_vale": 2}, "hand": ["wool", "wool", "oil", "treachery"]}},
                 deal={"from": MINOA, "cards": ["ochre", "ochre", "clay", "ochre"], "stage": 1, "counters": {}})
    screen = s.game.render(s.observation(HELLAS), HELLAS)
    assert "You hold Treachery: it strikes you in phase 9 unless you hide it in an offer that is taken." in screen
    assert "You hold" not in s.game.render(s.observation(MINOA), MINOA)


def test_mc_9_tokens_lost_one_at_a_time_are_told_together() -> None:
    """MC-9 (Famine's points chosen a token at a time): the record tells 2 tokens in West Cape once."""
    from civtable.games.mega_civ.show.outcome import done_text

    from ._mc_helpers import game

    lost = [{"tokens": 1, "area": "west_cape"}, {"city": "kings_vale"}, {"tokens": 1, "area": "west_cape"},
            {"tokens": 1, "area": "old_ford"}]
    assert done_text(game().words, {"lost": lost, "gained": []}) == \
        "lost 2 tokens in West Cape, the city in Kings Vale, 1 token in Old Ford"
