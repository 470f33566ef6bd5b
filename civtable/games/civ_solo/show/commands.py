"""civ-solo's own commands: ``civtable solo odds`` (exact event chances) and
``civtable solo battle`` (capital battle and military event estimates)."""

from __future__ import annotations

import argparse
import secrets
from collections.abc import Sequence
from typing import Any

from civtable.cli.common import UsageError, parse_options, positive, translator_of
from civtable.core.commands import Command
from civtable.i18n import ENGLISH, N_, Translator, message
from civtable.sim.report import check_output, write_json

from .words import kind_name


def _pct2(x: float, tr: Translator = ENGLISH) -> str:
    return f"{100 * x:.2f}%" if tr.english else tr.percent(x, 2)


def _fixed(x: float, digits: int, tr: Translator = ENGLISH) -> str:
    """A number with ``digits`` decimals, written the language's way (``0,50`` in Czech)."""
    if tr.english:
        return f"{x:.{digits}f}"
    from babel.numbers import format_decimal

    return str(format_decimal(x, format="0." + "0" * digits, locale=tr.code))


def solo_odds_options(items: Sequence[str] | None) -> dict[str, str]:
    """``-o`` of ``civtable solo``: only the spec ambiguities that change the odds."""
    from civtable.games.civ_solo.analysis import odds

    options = parse_options(items)
    for name in options:
        if name not in odds.OPTIONS:
            raise UsageError(message(N_("option {name} does not change the solo odds; these do: {names}"),
                                     name=repr(name), names=", ".join(odds.OPTIONS)))
    return odds.resolve_options(options)


def solo_compare(text: str | None, options: dict[str, str], given: Sequence[str] | None) -> tuple[str, list[str]]:
    """``--compare NAME=V1,V2`` -> the option and its readings to show side by side."""
    from civtable.games.civ_solo.analysis import odds

    if not text:
        return "", []
    name, sep, values = text.partition("=")
    name = name.strip()
    if not sep or not name or not values.strip():
        raise UsageError(message(N_("--compare needs NAME=V1,V2, not {text}"), text=repr(text)))
    if name not in odds.OPTIONS:
        raise UsageError(message(N_("--compare names {name}, which does not change the solo odds; these do: {names}"),
                                 name=repr(name), names=", ".join(odds.OPTIONS)))
    if name in parse_options(given):
        raise UsageError(message(N_("option {name} is both compared and set with --option"), name=repr(name)))
    readings = [v.strip().upper() for v in values.split(",")]
    choices = odds.OPTIONS[name][1]
    for v in readings:
        if v not in choices:
            raise UsageError(message(N_("option {name} must be one of {choices}, not {value}"), name=name,
                                     choices=", ".join(choices), value=repr(v)))
    if len(readings) < 2 or len(set(readings)) != len(readings):
        raise UsageError(message(N_("--compare needs at least two different readings of {name}, not {values}"),
                                 name=name, values=repr(values)))
    return name, readings


def solo_rules(options: dict[str, str], skip: str = "", tr: Translator = ENGLISH) -> str:
    """The readings that differ from the spec's defaults, for a report's header."""
    from civtable.games.civ_solo.analysis import odds

    changed = [f"{k}={v}" for k, v in options.items() if k != skip and v != odds.OPTIONS[k][0]]
    return tr.t("rules: {readings}", readings=", ".join(changed)) if changed else tr.t("rules: default readings")


def cmd_solo_odds(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from civtable.games.civ_solo.analysis import odds

    tr = translator_of(args)
    options = solo_odds_options(args.option)
    name, readings = solo_compare(args.compare, options, args.option)
    json_path = check_output(args.json, args.force) if args.json else None
    variants = [{**options, name: r} for r in readings] if name else [options]
    summaries = [odds.summary(v) for v in variants]
    end = int(odds.tables()["last_turn"])
    console = Console()
    labels = [f"{name}={r}" for r in readings] if name else [""]

    def pct(x: float) -> str:
        return _pct2(x, tr)

    print(tr.t("civ-solo historical events (SOLO-3.2-3.5, table SOLO-8.1), exact; {rules}",
               rules=solo_rules(options, name, tr)))
    print(tr.t("Each turn's chances for a game that reaches that turn."))
    not_played = tr.t("not played")
    if not name:
        table = Table(title=tr.t("Chance per turn (Dice: mean number of event dice)"), title_justify="left")
        table.add_column(tr.t("Turn"), justify="right")
        table.add_column(tr.t("Dice"), justify="right")
        for column in (N_("Event"), N_("Loss 1-2"), N_("Culture 3-4"), N_("Military 5"), N_("Battle 6")):
            table.add_column(tr.gettext(column), justify="right")
        rows = {t["turn"]: t for t in summaries[0]["turns"]}
        for turn in range(1, end + 1):
            t = rows.get(turn)
            if t is None:
                table.add_row(str(turn), not_played, "", "", "", "", "")
                continue
            kinds = t["kinds"]
            table.add_row(str(turn), _fixed(t["expected_dice"]["value"], 2, tr), pct(t["event"]["value"]),
                          *(pct(kinds[k]["value"]) for k in odds.EVENT_KINDS))
    else:
        table = Table(title=tr.t("Chance per turn: {option}", option=name), title_justify="left")
        table.add_column(tr.t("Turn"), justify="right")
        for what in (N_("Event {reading}"), N_("Battle 6 {reading}")):
            for label in labels:
                table.add_column(tr.t(what, reading=label), justify="right")
        per = [{t["turn"]: t for t in s["turns"]} for s in summaries]
        for turn in range(1, end + 1):
            cells = []
            for key in ("event", "battle"):
                for rows in per:
                    t = rows.get(turn)
                    if t is None:
                        cells.append(not_played)
                    else:
                        cells.append(pct((t["event"] if key == "event" else t["kinds"]["battle"])["value"]))
            table.add_row(str(turn), *cells)
    console.print(table)
    totals = Table(title=tr.t("Whole game"), title_justify="left")
    totals.add_column(tr.t("Figure"))
    for label in labels:
        totals.add_column(label or tr.t("Value"), justify="right")
    totals.add_row(tr.t("Turns played"), *(str(s["last_turn"]) for s in summaries))
    totals.add_row(tr.t("Expected historical events"), *(_fixed(s["expected_events"]["value"], 4, tr) for s in summaries))
    totals.add_row(tr.t("Expected battles fought"), *(_fixed(s["expected_battles"]["value"], 4, tr) for s in summaries))
    totals.add_row(tr.t("P(at least one battle)"), *(pct(s["p_at_least_one_battle"]["value"]) for s in summaries))
    totals.add_row(tr.t("Failure roll SOLO-6.2"),
                   *(f"{pct(s['failure_roll']['value'])} ({len(odds.failure_outcomes(v))}/36)"
                     for s, v in zip(summaries, variants, strict=True)))
    console.print(totals)
    if json_path is not None:
        data: dict[str, Any] = summaries[0] if not name else {"compare": name, "variants": dict(zip(readings, summaries,
                                                                                               strict=True))}
        write_json(data, json_path, force=args.force)
        print(tr.t("Wrote {file}", file=json_path))
    return 0


def cmd_solo_battle(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from civtable.games.civ_solo.analysis import odds

    tr = translator_of(args)
    options = solo_odds_options(args.option)
    units = odds.parse_units(args.units)
    positive(args.games, "--games")
    positive(args.hand, "--hand")
    for flag, value in (("--bonus", args.bonus), ("--cards", args.cards)):
        if value < 0:
            raise UsageError(message(N_("{flag} must be 0 or more, not {value}"), flag=flag, value=value))
    end = odds.last_turn(options)
    if not 1 <= args.turn <= end:
        raise UsageError(message(N_("--turn must be between 1 and {last}, not {turn}"), last=end, turn=args.turn))
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    battle = odds.battle_odds(units, args.turn, args.fortified, args.bonus, args.games, seed, options, hand=args.hand)
    military = odds.military_odds(units, args.turn, args.bonus, cards=args.cards, options=options)
    console = Console()
    hand = ", ".join(str(u) if tr.english else f"{kind_name(u.kind, tr)} {u.strength}" for u in units)
    print(tr.t("civ-solo, event rolled in turn {turn}; your unit cards: {cards}; {rules}", turn=args.turn, cards=hand,
               rules=solo_rules(options, tr=tr)))
    capital = (N_("Capital battle (SOLO-4.4): opponent military level {level}, card limit {limit} (row of turn {row}); "
                  "opponent play first; your bonus {bonus}; {games} games, seed {seed}.") if args.fortified else
               N_("Capital battle (SOLO-4.4): opponent military level {level}, card limit {limit} (row of turn {row}); "
                  "you play first; your bonus {bonus}; {games} games, seed {seed}."))
    print(tr.t(capital, level=battle["military_level"], limit=battle["card_limit"], row=battle["row_turn"],
               bonus=args.bonus, games=args.games, seed=str(seed)))
    halved = f"{military['halved_bonus']['value']:g}" if tr.english else tr.number(military["halved_bonus"]["value"])
    if args.cards:
        print(tr.t("Military event (SOLO-4.3): draw {n} cards, need {strength} with half your bonus ({bonus}) and "
                   "{cards} culture event card(s); exact.", n=military["cards_drawn"],
                   strength=military["table_strength"], bonus=halved, cards=args.cards))
    else:
        print(tr.t("Military event (SOLO-4.3): draw {n} cards, need {strength} with half your bonus ({bonus}); exact.",
                   n=military["cards_drawn"], strength=military["table_strength"], bonus=halved))
    table = Table()
    for column in (N_("Event"), N_("Chance"), N_("95% CI"), N_("Expected units lost")):
        table.add_column(tr.gettext(column), justify="left" if column == "Event" else "right")
    lo, hi = battle["ci95"]
    table.add_row(tr.t("Win the capital battle"), _pct2(battle["win_rate"], tr),
                  f"{_pct2(lo, tr)} - {_pct2(hi, tr)}", "")
    lost = military["expected_units_lost"]["value"]
    table.add_row(tr.t("Pass the military event"), _pct2(military["p_pass"]["value"], tr), tr.t("exact"),
                  _fixed(lost, 3, tr))
    console.print(table)
    mine, theirs = battle["mean_player_total"], battle["mean_opponent_total"]
    print(tr.t("Mean totals in the battle: you {mine}, opponent {theirs} (the defender wins ties).",
               mine=_fixed(mine, 2, tr), theirs=_fixed(theirs, 2, tr)))
    return 0


SOLO_UNITS_HELP = N_(
    "your unit cards, comma-separated TYPE:RANK entries, one per card: TYPE is infantry, mounted "
    "(or cavalry), artillery or aircraft; RANK is 1-4 or I-IV; repeat an entry for several cards "
    "('infantry:2,infantry:2,artillery:3') or add xCOUNT ('infantry:2x2,artillery:3x3'). A card's strength "
    "is the common card of its deck at that rank (2/3/4/5 for ranks I-IV); write TYPE:RANK=STRENGTH for "
    "another card, e.g. infantry:1=3"
)


def configure_odds(p: argparse.ArgumentParser) -> None:
    p.add_argument("-o", "--option", action="append", metavar="NAME=VALUE",
                   help="a rule variant (repeatable), e.g. last-turn=B")
    p.add_argument("--compare", metavar="NAME=V1,V2", help="show readings of one variant side by side, "
                                                           "e.g. last-turn=A,B or one-and-two=A,B")
    p.add_argument("--json", metavar="FILE", help="also write the exact figures as JSON")
    p.add_argument("--force", action="store_true", help="overwrite the --json file")


def configure_battle(p: argparse.ArgumentParser) -> None:
    p.add_argument("--units", required=True, metavar="TYPE:RANK,...", help=SOLO_UNITS_HELP)
    p.add_argument("--turn", type=int, required=True, metavar="N", help="the turn in which the 6 (battle) or 5 "
                   "(military event) was rolled; the SOLO-8.1 row follows option battle-level-turn")
    p.add_argument("--fortified", action="store_true", help="your capital is fortified: the opponent plays first")
    p.add_argument("--bonus", type=int, default=0, help="your combat bonus at its standard value, city defence "
                   "included (halved for the military event; default 0)")
    p.add_argument("--hand", type=int, metavar="N", help="draw N of the unit cards at random as the battle hand "
                   "(default: all of them are the hand)")
    p.add_argument("--cards", type=int, default=0, metavar="K", help="culture event cards played against the "
                   "military event, -2 strength each (SOLO-4.3.5; default 0)")
    p.add_argument("--games", type=int, default=10000, help="battles to simulate (default 10000)")
    p.add_argument("--seed", type=int, help="the seed (default: random, shown in the output)")
    p.add_argument("-o", "--option", action="append", metavar="NAME=VALUE",
                   help="a rule variant (repeatable), e.g. strongest-tie=A")


COMMANDS = (
    Command("odds", "exact chances of historical events per turn, expected battles",
            "Exact chances of a historical event and of each kind per turn 1-16, expected events and battles, "
            "the SOLO-6.2 failure roll.", configure_odds, cmd_solo_odds),
    Command("battle", "chance to win the capital battle and pass the military event",
            "Estimate the chance to win the capital battle (SOLO-4.4, Monte Carlo with 95% CI) and the exact "
            "chance to pass the military event (SOLO-4.3) with your unit cards.", configure_battle, cmd_solo_battle),
)
