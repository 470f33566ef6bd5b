"""The bot protocol's JSON Schemas (civtable/agents/protocol/, each game's
data/observation.schema.json) as the tests check real messages against them."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema

import civtable.agents
from civtable.core.registry import game_class

PROTOCOL = Path(civtable.agents.__file__).parent / "protocol"


@cache
def validator(folder: str, kind: str) -> jsonschema.protocols.Validator:
    path = PROTOCOL / folder / f"{kind}.schema.json"
    assert path.is_file(), f"no schema of the {folder} message {kind!r} ({path.name})"
    schema = json.loads(path.read_text())
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def check_message(message: dict[str, Any], folder: str) -> None:
    """``message`` (sent ``to-bot`` or ``from-bot``) is valid under its type's schema."""
    validator(folder, str(message.get("type"))).validate(message)


@cache
def observation_validator(game_id: str) -> jsonschema.protocols.Validator:
    package = game_class(game_id).__module__.rsplit(".", 1)[0]
    path = Path(__import__(package, fromlist=["_"]).__file__).parent / "data" / "observation.schema.json"
    schema = json.loads(path.read_text())
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def check_observation(game_id: str, observation: dict[str, Any]) -> None:
    observation_validator(game_id).validate(json.loads(json.dumps(observation)))


def schema_files() -> list[Path]:
    return sorted(PROTOCOL.glob("*/*.schema.json"))
