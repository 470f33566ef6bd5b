"""``civtable games [GAME]``: the games in a short table, or one game's variants and bots."""

from __future__ import annotations

import argparse
import shutil
import textwrap

from civtable.agents import agent_names
from civtable.core.commands import Command
from civtable.core.errors import CivtableError
from civtable.core.game import Game, OptionSpec
from civtable.core.registry import game_class, game_ids
from civtable.i18n import ENGLISH, N_, Translator, message

from .common import load_class, translator_of


def choices_text(spec: OptionSpec, tr: Translator = ENGLISH) -> str:
    if spec.choices:
        return " / ".join(str(c) for c in spec.choices)
    if isinstance(spec.default, str):
        return tr.t("text")
    lo = "" if spec.minimum is None else str(spec.minimum)
    hi = "" if spec.maximum is None else str(spec.maximum)
    if lo and hi:
        span = tr.t("integer {lo}..{hi}", lo=lo, hi=hi) if lo != hi else f"{lo}"
    elif lo or hi:
        span = tr.t("integer, at least {n}", n=lo) if lo else tr.t("integer, at most {n}", n=hi)
    else:
        span = tr.t("integer")
    return span + (tr.t(" or none") if spec.default is None else "")


def option_lines(cls: type[Game], readings: bool = False, tr: Translator = ENGLISH) -> list[str]:
    """The options of a game as indented text: the help of rule variants is long
    prose that reads badly in narrow table columns."""
    width = max(60, min(100, shutil.get_terminal_size((100, 24)).columns)) - 1
    specs = cls.option_specs
    name_w = max(len(s.name) for s in specs)
    variants = [s for s in specs if s.variant]
    settings = [s for s in specs if not s.variant]
    lines: list[str] = []
    for title, group in ((tr.t("Settings, set with --option NAME=VALUE:"), settings),
                         (tr.t("Rule variants (the readings of the rules' ambiguities), set with --option NAME=VALUE:"),
                          variants)):
        if not group:
            continue
        lines.append(title)
        for spec in group:
            default = tr.t("none") if spec.default is None else str(spec.default) or '""'
            rule = f"  [{spec.rule}]" if spec.rule else ""
            lines.append(f"  {spec.name:<{name_w}}  " + tr.t("default {value}; {choices}", value=default,
                                                             choices=choices_text(spec, tr)) + rule)
            lines.extend(textwrap.wrap(tr.gettext(str(tr.localize(spec.help))), width, initial_indent=" " * 6,
                                       subsequent_indent=" " * 6))
            if readings:
                for key, text in spec.readings.items():
                    lines.extend(textwrap.wrap(f"{key}: {tr.gettext(text)}", width, initial_indent=" " * 8,
                                               subsequent_indent=" " * 10))
    return lines


TRAITS = (N_("hidden information"), N_("chance"), N_("simultaneous decisions"),
          N_("decisions in another player's turn"))


def show_game(game_id: str, tr: Translator = ENGLISH) -> int:
    cls = load_class(game_id)
    try:
        bots = ", ".join(["human", *agent_names(cls())])
    except ImportError as e:
        raise CivtableError(message(N_("the bots of {game} could not be loaded ({reason})"), game=game_id,
                                    reason=str(e))) from None
    info = cls.info
    summary = tr.gettext(info.summary)
    print(f"{cls.id}: {cls.name}")
    print(f"{summary[:1].upper()}{summary[1:]}.")
    print(tr.t("Players: {players}. Rules: ../shared/rules/{rules} ({prefix}- rule IDs).", players=info.player_range,
               rules=info.rules, prefix=info.rule_prefix))
    traits = [tr.gettext(t) for t, on in zip(TRAITS, (info.hidden_information, info.chance, info.simultaneous,
                                                      info.reactions), strict=True) if on]
    print(tr.t("Has: {traits}.", traits=", ".join(traits) or tr.t("no hidden information, no chance")))
    print(tr.t("Bots: {bots}", bots=bots))
    if info.command_group:
        print(tr.t("Its own commands: civtable {group} --help", group=info.command_group))
    print(tr.t("Cards and tables: civtable cards {game}", game=cls.id))
    print()
    print("\n".join(option_lines(cls, readings=True, tr=tr)))
    return 0


def run(args: argparse.Namespace) -> int:
    tr = translator_of(args)
    if args.game:
        return show_game(args.game, tr)
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    table = Table(title=tr.t("Games"), title_justify="left")
    for column in (tr.t("Id"), tr.t("Players"), tr.t("Variants"), tr.t("Game")):
        table.add_column(column)
    for game_id in game_ids():
        try:
            cls = game_class(game_id)
        except ImportError as e:
            table.add_row(escape(game_id), "", "", escape(tr.t("(could not be loaded: {reason})", reason=str(e))))
            continue
        variants = sum(1 for s in cls.option_specs if s.variant)
        table.add_row(escape(game_id), cls.info.player_range, str(variants), escape(cls.name))
    Console().print(table)
    print(tr.t("One game's rule variants, settings and bots: civtable games GAME"))
    return 0


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", nargs="?", metavar="GAME", help="show this game's details")


COMMAND = Command("games", "list the games; one game's variants and bots",
                  "List the games, or show one game's rule variants, settings and bots.", arguments, run)
