"""What each player is told (events) and why an action is refused (explain), on
hand-built positions of the small map (seats HELLAS=0, MINOA=1, HATTI=2, ASSYRIA=3,
EGYPT=4; AST order MINOA, ASSYRIA, HATTI, HELLAS, EGYPT)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from civtable.core.errors import IllegalActionError, InvalidStateError
from civtable.core.events import Event
from civtable.games.mega_civ.state import TASK

from ._mc_helpers import game, position, position_json, run_from
from ._seats import ASSYRIA, EGYPT, HATTI, HELLAS, MINOA


def told(s: Any, viewer: int | None, since: int = 0) -> list[tuple[str, dict[str, Any]]]:
    return [(e.id, dict(e.args)) for e in s.events(viewer, since)]


def ids(s: Any, viewer: int | None = None) -> list[str]:
    return [e.id for e in s.events(viewer)]


def only(s: Any, event_id: str, viewer: int | None = None) -> list[dict[str, Any]]:
    return [dict(e.args) for e in s.events(viewer) if e.id == event_id]


def words(s: Any, viewer: int | None) -> list[str]:
    return [s.game.render_event(e, viewer) for e in s.events(viewer)]


# ------------------------------------------------------------ phases 1 to 5
def test_mc_1_1_tax_paid_and_a_revolt_are_told_to_everybody() -> None:
    """MC-1.1, MC-1.2.1: Hellas (one city, 54 in treasury, 1 in stock) pays 1 of 2; the
    only city of a defaulter goes over to the Beneficiary at once, and everybody is told."""
    s = run_from(phase=1, city={"kings_vale": HELLAS, "twin_rivers": ASSYRIA},
                 players={HELLAS: {"treasury": 54}, ASSYRIA: {"tokens": {"twin_rivers": 2}, "treasury": 10}})
    assert only(s, "tax.paid") == [{"player": ASSYRIA, "paid": 2, "due": 2}]
    assert only(s, "tax.unpaid") == [{"player": HELLAS, "paid": 1, "due": 2}]
    revolt = only(s, "revolt.city")
    assert revolt == [{"beneficiary": revolt[0]["beneficiary"], "victim": HELLAS, "area": "kings_vale"}]
    assert all(e.public for e in s.events(None))
    assert "Tax revolt: player 0's city in Kings Vale goes over to" in " ".join(words(s, None))


def test_mc_3_1_a_strict_move_is_told_to_everybody_in_words() -> None:
    """MC-3.1: a move in AST order is public; it reads with display names."""
    s = position(players={HELLAS: {"tokens": {"kings_vale": 3}}}, decider=HELLAS)
    s.apply(HELLAS, "move kings_vale old_ford")
    assert told(s, MINOA) == [("move", {"player": HELLAS, "action": "move kings_vale old_ford"})]
    assert words(s, MINOA) == ["Player 0: move a token from Kings Vale to Old Ford"]
    assert words(s, HELLAS) == ["Player 0 (you): move a token from Kings Vale to Old Ford"]


def test_mc_0_5_simultaneous_moves_are_private_until_all_are_done() -> None:
    """MC-0.5 (strict-ast-order A): each move is told to its player only; when the last
    player is done everybody is told what each player did (the net change of his tokens)."""
    g = game(**{"strict-ast-order": "A", "last-turn": 6})
    s = g.new_state(seed=5)
    movers = s.to_move()
    assert len(movers) == 5
    p = movers[0]
    move = next(a for a in s.legal_actions(p) if a.kind == "move")
    cursor = {v: len(s.events(v)) for v in (*range(5), None)}
    s.apply(p, move)
    assert told(s, p, cursor[p]) == [("move", {"player": p, "action": move.text})]
    for v in (*[q for q in range(5) if q != p], None):
        assert told(s, v, cursor[v]) == [], f"viewer {v} heard of player {p}'s hidden move"
    for q in movers:
        s.apply(q, "done")
    src, dst = move.args
    revealed = only(s, "tokens.moved")
    assert {"player": p, "changes": [[src, -1], [dst, 1]], "ships": 0} in revealed
    assert all(e.public for e in s.events(None) if e.id == "tokens.moved")
    shown = s.observation(None)["disclosed"]  # what was told is in every observation afterwards
    assert shown["step"] == "move" and shown["choices"][str(p)] == [move.text, "done"]
    data = s.to_json()  # a position keeps them (an optional key), so a read-back position shows the same
    assert data["disclosed"] == shown
    assert g.state_from_json(data).observation(None) == s.observation(None)
    assert "disclosed" not in g.new_state(seed=5).to_json()  # left out while there is none


def test_a_disclosed_step_in_a_position_is_checked() -> None:
    """The optional ``disclosed`` key names a simultaneous step and seats with their texts."""
    g = game(**{"strict-ast-order": "A", "last-turn": 6})
    s = g.new_state(seed=5)
    for q in s.to_move():
        s.apply(q, "done")
    good = s.to_json()
    for bad, field in (({"step": "trade", "choices": {}}, "disclosed.step"),
                       ({"step": "move", "choices": {"9": []}}, "disclosed.choices.9"),
                       ({"step": "move", "choices": {"x": []}}, "disclosed.choices"),
                       ({"step": "move", "choices": {"0": [3]}}, "disclosed.choices.0[0]"),
                       ({"step": "move"}, "disclosed.choices"), ([], "disclosed")):
        with pytest.raises(InvalidStateError, match=re.escape(field)):
            g.state_from_json({**good, "disclosed": bad})


def test_mc_4_1_a_conflict_tells_each_side_its_losses() -> None:
    """MC-4.1: Hellas 3 and Hatti 2 in Kings Vale (limit 3): the conflict and what each lost."""
    s = run_from(phase=4, players={HELLAS: {"tokens": {"kings_vale": 3}}, HATTI: {"tokens": {"kings_vale": 2}}})
    assert only(s, "conflict.fought") == [{"area": "kings_vale", "players": [HATTI, HELLAS]}]
    lost = {e["player"]: e["lost"] for e in only(s, "units.lost") if e["cause"] == "conflict"}
    assert lost == {HATTI: [{"tokens": 1, "area": "kings_vale"}], HELLAS: [{"tokens": 1, "area": "kings_vale"}]}
    assert "Player 2 loses 1 token in Kings Vale (conflict)." in words(s, None)


def test_mc_4_2_a_city_attack_and_its_plunder_are_told() -> None:
    """MC-4.2.2, MC-4.2.3: 7 of Hatti's tokens take Hellas' city in Old Ford (limit 2):
    it becomes 6 of Hellas' tokens, the conflict leaves Hatti alone, and Hatti plunders 3."""
    s = run_from(phase=4, city={"old_ford": HELLAS},
                 players={HELLAS: {"treasury": 5}, HATTI: {"tokens": {"old_ford": 7}}})
    assert only(s, "city.fell") == [{"area": "old_ford", "owner": HELLAS, "attacker": HATTI, "defenders": 6}]
    assert only(s, "city.plundered") == [{"attacker": HATTI, "owner": HELLAS, "amount": 3}]
    assert "Player 2 plunders 3 treasury tokens from player 0." in words(s, None)


def test_issue_13_barbarians_in_a_conflict_with_naval_warfare_ships() -> None:
    """Issue 13: barbarians fight a Naval Warfare holder whose ship is docked in the area;
    the barbarian side has no ships to spend (was an IndexError in the removal loop)."""
    s = run_from(phase=4, barbarians={"old_ford": 3},
                 players={HELLAS: {"tokens": {"old_ford": 3}, "advances": ["naval-warfare"],
                                   "docked_ships": ["old_ford"]}})
    assert (s.turn, s.phase) >= (1, 5)  # the conflicts are over
    assert only(s, "conflict.barbarians") == [{"area": "old_ford", "players": [HELLAS]}]
    lost = only(s, "units.lost")[0]
    assert lost["player"] == HELLAS and {"ships": 1, "area": "old_ford"} in lost["lost"]
    assert s.ship_stock[HELLAS] == 4


# ------------------------------------------------------------ phases 6 and 7
def test_mc_6_1_cards_drawn_are_told_to_the_drawer_and_counted_to_the_others() -> None:
    """MC-6.1.2: Hellas draws one card for his city: he is told which, the others how many."""
    s = run_from(phase=6, city={"kings_vale": HELLAS}, players={HELLAS: {"tokens": {"kings_vale": 2}}})
    drawn = [e for e in s.events(HELLAS) if e.id == "cards.drawn"]
    assert len(drawn) == 1 and drawn[0].to == (HELLAS,) and drawn[0].args["cards"] == [s.cat.cards[s.hands[HELLAS][0]].id]
    dealt = [e for e in s.events(MINOA) if e.id == "cards.dealt"]
    assert [dict(e.args) for e in dealt] == [{"player": HELLAS, "count": 1}] and dealt[0].exclude == (HELLAS,)
    assert not any(e.id == "cards.drawn" for e in s.events(MINOA)) and not any(e.id == "cards.drawn" for e in s.events(None))
    assert [dict(e.args) for e in s.events(None) if e.id == "cards.dealt"] == [{"player": HELLAS, "count": 1}]


def trading() -> Any:
    g = game(**{"trade-max-cards": 3})
    return g.state_from_json(position_json(
        g, phase=7, step="trade", decider=MINOA, queue=[MINOA], target=0,
        players={MINOA: {"hand": ["ochre", "ochre", "wine", "treachery"]},
                 HELLAS: {"hand": ["wool", "wool", "oil", "papyrus"]}}))


def test_mc_7_4_an_offer_hides_its_hidden_card_from_the_others() -> None:
    """MC-7.4: the others read the shown cards, the declaration and that a card is hidden;
    only the proposer reads his hidden card (the issue's leak: 'offer water water
    civil-disorder as water'), declared here as iron, a name nobody shows."""
    s = trading()
    s.apply(MINOA, "offer ochre ochre")
    s.apply(MINOA, "add treachery as iron")
    assert told(s, MINOA)[-1] == ("move", {"player": MINOA, "action": "add treachery as iron"})
    for v in (HELLAS, HATTI, None):
        assert told(s, v) == [("move", {"player": MINOA, "action": "offer ochre ochre"}),
                              ("move", {"player": MINOA, "action": "add ? as iron"})]
        assert "treachery" not in str(told(s, v)) and "Treachery" not in " ".join(words(s, v))
    assert words(s, HELLAS) == ["Player 1: offer Ochre and Ochre shown",
                                "Player 1: add a hidden card declared as Iron"]


def test_mc_7_5_a_trade_tells_the_traders_what_they_received_and_the_others_how_many() -> None:
    """MC-7.5: on accept both sides change hands; each trader is told his new cards."""
    s = trading()
    s.apply(MINOA, "offer ochre ochre")
    s.apply(MINOA, "add treachery as ochre")
    s.apply(HELLAS, "counter wool wool")
    s.apply(HELLAS, "add oil as wool")
    s.apply(MINOA, "accept 0")
    assert only(s, "trade.done") == [{"proposer": MINOA, "responder": HELLAS, "gave": 3, "got": 3}]
    assert only(s, "trade.received", MINOA) == [{"player": MINOA, "cards": ["wool", "wool", "oil"], "from": HELLAS}]
    assert only(s, "trade.received", HELLAS) == [{"player": HELLAS, "cards": ["ochre", "ochre", "treachery"],
                                                  "from": MINOA}]
    assert only(s, "trade.received", HATTI) == [] and only(s, "trade.received", None) == []
    assert "oil" not in str(told(s, HATTI)) and "treachery" not in str(told(s, HATTI))


# ------------------------------------------------------------ phases 9 to 13
def test_mc_9_2_a_calamity_is_told_with_its_name_victim_and_losses() -> None:
    """MC-9.1.1, MC-9.2: Famine is revealed, strikes Hellas with its Beneficiary, and the
    losses say what was lost and why (the issue: 'lose trapezus' nine times, no name)."""
    s = run_from(phase=9, city={"kings_vale": HELLAS},
                 players={HELLAS: {"tokens": {"nw_hills": 1, "north_downs": 2}, "hand": ["famine"]},
                          MINOA: {"tokens": {"pearl_isle": 2}}, HATTI: {"tokens": {"high_moor": 2}},
                          ASSYRIA: {"tokens": {"twin_rivers": 2}}})
    assert only(s, "calamities.revealed") == [{"player": HELLAS, "cards": ["famine"]}]
    struck = only(s, "calamity.struck")
    assert struck[0]["calamity"] == "famine" and struck[0]["victim"] == HELLAS
    text = " ".join(words(s, None))
    assert "Famine strikes player 0 (Beneficiary: player" in text
    while s.step == TASK and s.to_move():  # the choices of the losses
        p = s.to_move()[0]
        s.apply(p, s.legal_actions(p)[0])
    losses = [e for e in only(s, "units.lost") if e["cause"] == "famine"]
    assert losses and all(e["lost"] for e in losses)
    assert "(Famine)." in " ".join(words(s, None))


def test_mc_10_1_an_ability_used_is_told_with_what_it_gave() -> None:
    """MC-10.1: Trade Routes turns a card into treasury (2 per face value), Politics takes 5."""
    s = run_from(phase=10, city={"kings_vale": HELLAS},
                 players={HELLAS: {"tokens": {"kings_vale": 2}, "advances": ["trade-routes", "politics", "coinage"],
                                   "hand": ["wine", "ochre"]}})
    s.apply(HELLAS, "trade-routes wine")
    s.apply(HELLAS, "politics-treasury")
    assert only(s, "units.lost") == [{"player": HELLAS, "lost": [{"cards": ["wine"]}], "cause": "trade-routes"}]
    assert only(s, "units.gained") == [{"player": HELLAS, "gained": [{"treasury": 10}], "cause": "trade-routes"},
                                       {"player": HELLAS, "gained": [{"treasury": 5}], "cause": "politics"}]
    assert words(s, MINOA)[-4:] == ["Player 0 loses the card Wine (Trade Routes).", "Player 0 gains 10 treasury (Trade Routes).",
                                    "Player 0: take 5 treasury tokens from the stock (Politics)",
                                    "Player 0 gains 5 treasury (Politics)."]


def test_mc_12_1_an_advance_bought_is_told_with_its_payment() -> None:
    """MC-12.1, MC-12.2: Hellas buys Mysticism (50) with three Wine (45) and 5 treasury."""
    s = position(phase=12, step="buy", decider=HELLAS, target=3,
                 players={HELLAS: {"tokens": {"kings_vale": 2}, "treasury": 10, "hand": ["wine", "wine", "wine"]}})
    s.apply(HELLAS, "buy mysticism")
    s.apply(HELLAS, "pay wine")
    s.apply(HELLAS, "treasury")
    assert only(s, "advance.bought") == [{"player": HELLAS, "advance": "mysticism", "cost": 50, "price": 50,
                                          "paid": [{"card": "wine", "count": 3, "value": 45}, {"treasury": 5}]}]
    assert ("Player 0 buys Mysticism (cost 50, price 50), paying 3 Wine (45) and 5 treasury."
            in words(s, None))


def test_mc_14_1_the_end_tells_every_score_and_the_winners() -> None:
    """MC-0.3, MC-13.1, MC-14.1: the last turn ends with the AST moves, the scores and the winners."""
    g = game(**{"last-turn": 1})
    s = run_from(g, phase=13, city={"kings_vale": HELLAS}, players={HELLAS: {"tokens": {"kings_vale": 2}}})
    assert s.is_terminal()
    assert only(s, "ast.moved")[0]["player"] == HELLAS
    scores = only(s, "game.score")
    assert sorted(e["player"] for e in scores) == list(range(5)) and scores[0]["player"] == HELLAS
    assert only(s, "game.over") == [{"winners": s.winners()}]
    assert ids(s)[-1] == "game.over"


def test_every_event_of_a_whole_game_has_words_for_every_viewer() -> None:
    """A greedy game of 8 turns: every event renders for every viewer, with no raw ids of
    areas or cards (ids contain underscores or hyphens) in what a person reads."""
    from civtable.agents import PlayerView, make_agent

    g = game(**{"last-turn": 8})
    s = g.new_state(seed=3)
    bots = [make_agent("greedy", g, seed=i) for i in range(5)]
    while not s.is_terminal():
        p = s.to_move()[0]
        s.apply(p, bots[p].act(PlayerView(s, p)))
    for v in (*range(5), None):
        for e in s.events(v):
            text = g.render_event(e, v)
            assert text.strip() and "\n" not in text
            assert "_" not in text, f"a raw id in {text!r}"
    assert {"tax.paid", "population.grew", "cards.dealt", "game.over"} <= set(ids(s, HELLAS) + ids(s, MINOA))


# ------------------------------------------------------------ explanations
def test_mc_0_1_explain_names_the_phase_of_an_action() -> None:
    """MC-0.1: an action of another phase is refused naming its phase."""
    s = position(players={HELLAS: {"tokens": {"kings_vale": 3}}}, decider=HELLAS)
    with pytest.raises(IllegalActionError, match=r"phase 2 \(Population expansion\); now it is phase 3"):
        s.apply(HELLAS, "grow kings_vale")
    assert "phase 12" in s.explain(HELLAS, "buy mysticism")


def test_mc_3_1_explain_a_move_to_an_area_not_next_by_land() -> None:
    """MC-3.1, MC-3.2: a token moves by land to an adjacent area; water needs a ship."""
    s = position(players={HELLAS: {"tokens": {"kings_vale": 3}}}, decider=HELLAS)
    assert "Pearl Isle is not next to Kings Vale by land" in s.explain(HELLAS, "move kings_vale pearl_isle")
    assert "no token in Old Ford" in s.explain(HELLAS, "move old_ford kings_vale")
    assert "no area 'atlantis'" in s.explain(HELLAS, "move kings_vale atlantis")


def test_mc_5_1_explain_how_many_tokens_a_city_needs() -> None:
    """MC-5.1: 6 tokens on a city site; the explanation says how many are there."""
    s = run_from(phase=5, players={HELLAS: {"tokens": {"kings_vale": 6, "old_ford": 2}}})
    assert s.to_move() == (HELLAS,)
    why = s.explain(HELLAS, "city old_ford")
    assert "needs 6 of your tokens" in why and "you have 2 in Old Ford" in why


def test_mc_12_2_explain_the_price_of_an_advance_and_what_can_pay_it() -> None:
    """MC-12.2: an advance too dear is refused with its cost, the credits and the means."""
    s = position(phase=12, step="buy", decider=HELLAS, target=3,
                 players={HELLAS: {"tokens": {"kings_vale": 2}, "treasury": 10, "hand": ["wine", "wine", "wine"]}})
    why = s.explain(HELLAS, "buy monarchy")
    assert "Monarchy costs" in why and "worth 55" in why


def test_mc_0_6_explain_whose_decision_it_is() -> None:
    """MC-0.6: another player's action is refused naming who decides, and the viewer's
    own finished simultaneous step says he waits for the others."""
    s = position(players={HELLAS: {"tokens": {"kings_vale": 3}}}, decider=HELLAS)
    assert "player 0 decides" in s.explain(MINOA, "move kings_vale old_ford")
    g = game(**{"strict-ast-order": "A", "last-turn": 6})
    t = g.new_state(seed=5)
    t.apply(EGYPT, "done")
    assert "you have finished" in t.explain(EGYPT, "done")
    assert t.explain(HELLAS, "move atlantis kings_vale").startswith("'move atlantis kings_vale': there is no area")


def test_events_are_recorded_once_and_a_silent_state_records_none() -> None:
    """A determinized sample (search bots) and its moves record nothing."""
    from civtable.core.rng import Rng

    s = position(players={HELLAS: {"tokens": {"kings_vale": 3}}}, decider=HELLAS)
    d = s.determinize(HELLAS, Rng(1))
    assert d.journal is None
    d.apply(HELLAS, "move kings_vale old_ford")
    assert d.events(HELLAS) == []
    assert isinstance(s.events(None), list) and all(isinstance(e, Event) for e in s.events(None))
