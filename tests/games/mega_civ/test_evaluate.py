"""The search evaluation of Mega Civ positions (issue 17, item 3): a conditional logit
over the players' fitted scores, ``2 P - 1`` for each player."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from civtable.games.mega_civ.bots.evaluate import DATA, FEATURES, features, weights, win_chances

from ._mc_helpers import position
from ._seats import ASSYRIA, EGYPT, HATTI, HELLAS, MINOA

SEATS = (HELLAS, MINOA, HATTI, ASSYRIA, EGYPT)


def test_values_are_win_chances_that_add_up():
    s = position(players={HELLAS: {"tokens": {"kings_vale": 3}, "ast": 4}, HATTI: {"tokens": {"high_moor": 2}}},
                 city={"old_ford": HELLAS}, decider=HELLAS)
    values = [s.evaluate(p) for p in SEATS]
    assert all(-1 <= v <= 1 for v in values)
    assert sum((v + 1) / 2 for v in values) == pytest.approx(1.0)
    assert sum(win_chances(s)) == pytest.approx(1.0)


def test_late_in_the_game_cities_and_dear_advances_count():
    """Hellas and Hatti alike on square 13 (early iron) but for two advances of 200 or
    more that Hellas owns and that the next squares require (MC-13.1.1): Hellas is
    worth more; a third city of Hatti's is worth something too."""
    cheap = ["literacy", "agriculture", "rhetoric", "pottery"]
    dear = ["democracy", "philosophy"]

    def late(hatti_cities: tuple[str, ...]):
        city = {"old_ford": HELLAS, "north_downs": HELLAS, "east_strand": HELLAS, "kings_vale": HELLAS}
        city.update({a: HATTI for a in hatti_cities})
        return position(players={HELLAS: {"tokens": {"ash_plains": 2, "west_cape": 2}, "ast": 13,
                                          "advances": cheap + dear},
                                 HATTI: {"tokens": {"high_moor": 2, "ember_peak": 2}, "ast": 13, "advances": cheap}},
                        city=city, decider=HELLAS)

    s = late(("twin_rivers", "red_cliffs", "great_delta", "harbour_bay"))
    f = dict(zip(FEATURES, features(s, HELLAS), strict=True))
    assert (f["cities"], f["high_advances"], f["mid_advances"], f["ready"]) == (4, 2, 5, 1.0)
    assert s.evaluate(HELLAS) > s.evaluate(HATTI) > s.evaluate(MINOA)
    fewer = late(("twin_rivers", "red_cliffs", "great_delta"))
    assert s.evaluate(HATTI) > fewer.evaluate(HATTI)


def test_the_weights_are_fitted_and_beat_the_vp_lead():
    data = json.loads(Path(DATA).read_text(encoding="utf-8"))
    assert tuple(data["features"]) == FEATURES and data["fitted"]
    held = data["held_out"]
    assert held["model"]["log_loss"] < held["vp_lead_only"]["log_loss"] < held["uniform_log_loss"]
    base, per = weights()
    assert len(base) == len(per) == len(FEATURES)


def test_a_weights_file_of_other_features_is_refused(tmp_path: Path):
    bad = tmp_path / "evaluate.json"
    bad.write_text(json.dumps({"features": ["vp"], "base": [1.0], "progress": [0.0]}), encoding="utf-8")
    with pytest.raises(ValueError, match="refit the weights"):
        weights(str(bad))
