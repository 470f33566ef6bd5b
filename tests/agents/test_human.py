"""The person at the terminal (issue 26, item 3): numbers that keep their meaning within a
decision step, a number whose choice is gone caught, and a confirmation before an action
the game warns about."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest

from civtable.agents.base import PlayerView
from civtable.agents.human import HumanAgent, QuitGame
from civtable.core.registry import load_game
from civtable.testing.leaks import typed


def numbered(text: str) -> dict[str, int]:
    """The last menu printed: action label -> its number."""
    last = text.rsplit("Choose", 1)[1]
    return {m.group(2): int(m.group(1)) for m in re.finditer(r"^\s+(\d+)\. (.+)$", last, re.M)}


def start() -> Any:
    state = load_game("catan-deckbuilding", **{"start-player": 0}).new_state(seed=3)
    state.listen()
    return state


def test_an_entry_keeps_its_number_through_the_step_and_a_gone_one_is_caught() -> None:
    """Two Lumbers in hand: entry 1 plays one, then the other; on the third screen Lumber is
    gone, every other entry keeps its number, and a remembered "1" plays nothing else."""
    state = start()
    agent = HumanAgent(stdin=io.StringIO(), stdout=io.StringIO())
    screens = []
    for line in ("1", "1"):
        agent.stdin, agent.stdout = io.StringIO(line + "\n"), io.StringIO()
        action = agent.act(PlayerView(state, 0))
        assert action.text == "play lumber"
        screens.append(numbered(agent.stdout.getvalue()))
        state.apply(0, action)
    end = screens[0]["end the turn (the laid-down cards go to the discard pile; draw 3 cards)"]
    agent.stdin, agent.stdout = io.StringIO(f"1\n{end}\n"), io.StringIO()
    last = agent.act(PlayerView(state, 0))
    text = agent.stdout.getvalue()
    third = numbered(text)
    assert "play > Lumber (+1 Lumber)" not in third
    for label, n in third.items():
        assert screens[0][label] == n, (label, n)  # the same number as on the first screen
    assert "Entry 1 was 'play > Lumber (+1 Lumber)': that is not possible now" in text
    assert last.text == "end"


def test_numbers_start_again_when_a_new_step_shares_no_choice() -> None:
    from civtable.agents.human import Numbers
    from civtable.core.action import Action

    numbers = Numbers()
    bids = [Action("bid", n) for n in range(3)]
    numbers.start(0, 1, bids)
    assert [numbers.number(a.text, a.text) for a in bids] == [1, 2, 3]
    takes = [Action("take", n) for n in range(1, 4)]
    numbers.start(0, 1, takes)  # nothing of the bids is offered: a new step
    assert [numbers.number(a.text, a.text) for a in takes] == [1, 2, 3]
    numbers.start(0, 1, takes[1:])  # the same step, one choice gone
    assert [numbers.number(a.text, a.text) for a in takes[1:]] == [2, 3]
    numbers.start(0, 2, takes)  # the next turn
    assert numbers.number(takes[2].text, "") == 1


def test_an_action_the_game_warns_about_asks_for_a_confirmation(monkeypatch: pytest.MonkeyPatch) -> None:
    state = start()
    game = state.game
    monkeypatch.setattr(type(game), "action_warning",
                        lambda self, action, obs: "you end the turn with cards to play" if action.text == "end" else None)
    action, text = typed(state, 0, "end\nno\nend\nyes\n")
    assert action.text == "end"
    assert text.count("Careful: you end the turn with cards to play") == 2
    assert text.count("Type 'yes' to play 'end'") == 2
    quitting = HumanAgent(stdin=io.StringIO("end\n"), stdout=io.StringIO())
    with pytest.raises(QuitGame):  # the input ended at the question: nothing is played
        quitting.act(PlayerView(state, 0))


def test_several_people_at_one_terminal_pass_the_keyboard() -> None:
    """Issue 26, item 5: before a person's decision that follows another person's, the
    screen is cleared and the next person takes the keyboard (Enter) before anything of
    theirs is shown."""
    from civtable.agents.human import HotSeat

    state = load_game("catan-deckbuilding", **{"start-player": 0}).new_state(seed=3)
    state.listen()
    names = ["player 0", "player 1"]
    table = HotSeat(names)
    # (catan asks before a turn ends with nothing played: "yes")
    zero = HumanAgent(stdin=io.StringIO("end\nyes\n"), stdout=io.StringIO(), names=names, hotseat=table)
    one = HumanAgent(stdin=io.StringIO("\nend\nyes\n"), stdout=io.StringIO(), names=names, hotseat=table)
    state.apply(0, zero.act(PlayerView(state, 0)))
    assert "Pass the keyboard" not in zero.stdout.getvalue()  # the first person needs no pass
    while 1 not in state.to_move():
        state.apply(0, state.legal_actions(0)[0])
    action = one.act(PlayerView(state, 1))
    text = one.stdout.getvalue()
    passing = text.index("=== Pass the keyboard to player 1 ===")
    assert passing < text.index("=== player 1: your decision ===")
    assert "Hand" not in text[:passing] and "in hand:" not in text[:passing]  # nothing shown before Enter
    assert action.text == "end"
    with pytest.raises(QuitGame):  # the input ended at the pass screen: nothing is shown or played
        HumanAgent(stdin=io.StringIO(""), stdout=io.StringIO(), names=names, hotseat=table).act(PlayerView(state, 0))
