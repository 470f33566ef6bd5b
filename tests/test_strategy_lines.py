"""Strategy files (issue 29, item 7): every error names its line, whatever game's reader
raised it (``strategy_files.with_line``, from the error's entry, section and quoted
text), and names are read in any case (the games' ids are lower case)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from civtable.agents import make_agent
from civtable.agents.strategy_files import fold, locate, resolve_name, with_line
from civtable.core.errors import AgentError
from civtable.core.registry import load_game

CASES = [(c["game"], c["text"], c["line"], c["words"])  # (game, the file, the line the error must name, words)
         for c in json.loads((Path(__file__).parent / "data" / "strategy_errors.json").read_text(encoding="utf-8"))["cases"]]


@pytest.mark.parametrize(("game", "text", "line", "words"), CASES)
def test_every_strategy_file_error_names_its_line(tmp_path: Path, game: str, text: str, line: int,
                                                  words: str) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(AgentError) as err:
        make_agent(f"rules:{path}", load_game(game))
    message = str(err.value)
    assert words in message and str(path) in message and "\n" not in message
    found = re.search(r"line (\d+)", message)
    assert found is not None and int(found.group(1)) == line, message


@pytest.mark.parametrize(("game", "text"), [
    ("mega-civ", "name: t\nbuy:\n  - Pottery: \"Cities >= 2\"\n  - AGRICULTURE\nattack:\n  cities: \"Turn >= 6\"\n"),
    ("catan-deckbuilding", "name: x\nbuy:\n  - City\n  - Settlement: \"OWNED settlement < 4\"\n"),
    ("civ-card-game", "name: x\nbuy:\n  - tech writing: \"Commerce + 1 >= cost Astronomy\"\n"),
])
def test_names_and_conditions_in_any_case(tmp_path: Path, game: str, text: str) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(text, encoding="utf-8")
    make_agent(f"rules:{path}", load_game(game))  # no error: the names are the games' ids in another case


def test_the_vocabulary() -> None:
    assert fold("Code of Laws") == fold("code_of_laws") == fold("CODE-OF-LAWS") == "code of laws"
    assert resolve_name("Advanced Military", ["advanced-military", "agriculture"]) == "advanced-military"
    assert resolve_name("nothing", ["pottery"]) is None


def test_locate_and_with_line_by_hand(tmp_path: Path) -> None:
    text = "name: x\nbuy:\n  - a\n  - b: \"x > 1\"\n"
    assert locate("buy rule 2: condition 'x > 1' is bad", text) == 4
    assert locate("a strategy is a mapping", text) == 1
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    assert with_line(f"{path}: buy rule 1: 'a' is bad") == f"{path}: line 3: buy rule 1: 'a' is bad"
    assert with_line(f"{path}: buy entry 1 (line 3): x") == f"{path}: buy entry 1 (line 3): x"  # has its line
    assert with_line("no strategy file nowhere.yaml") == "no strategy file nowhere.yaml"
