"""A game's own commands (``Game.commands()``), under the word its info names
(``civtable solo odds`` for civ-solo's ``command_group`` "solo")."""

from __future__ import annotations

import argparse

from civtable.core.registry import game_class, game_ids
from civtable.i18n import ENGLISH

from .common import add_command


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    for game_id in game_ids():
        try:
            cls = game_class(game_id)
        except ImportError:
            continue  # ``civtable games`` says which game could not be loaded
        group = cls.info.command_group
        commands = cls.commands()
        if not group or not commands:
            continue
        tr = getattr(sub, "tr", ENGLISH)  # the parser's language (Parser.add_subparsers)
        names = ", ".join(c.name for c in commands)
        p = sub.add_parser(group, help=tr.t("{game}'s own commands: {commands}", game=cls.id, commands=names),
                           description=tr.t("The commands of {name} ({game}).", name=cls.name, game=cls.id))
        inner = p.add_subparsers(dest=f"{group}_command", metavar="COMMAND", required=True)
        for command in commands:
            add_command(inner, command)
