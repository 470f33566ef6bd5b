"""civ-solo's own commands: ``civtable solo odds`` (exact event chances) and
``civtable solo battle`` (capital battle and military event estimates)."""

from __future__ import annotations

import argparse
import secrets
from collections.abc import Sequence
from typing import Any

from civtable.cli.common import UsageError, parse_options, positive
from civtable.core.commands import Command
from civtable.sim.report import check_output, write_json


def _pct2(x: float) -> str:
    return f"{100 * x:.2f}%"


def solo_odds_options(items: Sequence[str] | None) -> dict[str, str]:
    """``-o`` of ``civtable solo``: only the spec ambiguities that change the odds."""
    from civtable.games.civ_solo import odds

    options = parse_options(items)
    for name in options:
        if name not in odds.OPTIONS:
            raise UsageError(f"option {name!r} does not change the solo odds; these do: {', '.join(odds.OPTIONS)}")
    return odds.resolve_options(options)


def solo_compare(text: str | None, options: dict[str, str], given: Sequence[str] | None) -> tuple[str, list[str]]:
    """``--compare NAME=V1,V2`` -> the option and its readings to show side by side."""
    from civtable.games.civ_solo import odds

    if not text:
        return "", []
    name, sep, values = text.partition("=")
    name = name.strip()
    if not sep or not name or not values.strip():
        raise UsageError(f"--compare needs NAME=V1,V2, not {text!r}")
    if name not in odds.OPTIONS:
        raise UsageError(f"--compare names {name!r}, which does not change the solo odds; these do: "
                         f"{', '.join(odds.OPTIONS)}")
    if name in parse_options(given):
        raise UsageError(f"option {name!r} is both compared and set with --option")
    readings = [v.strip().upper() for v in values.split(",")]
    choices = odds.OPTIONS[name][1]
    for v in readings:
        if v not in choices:
            raise UsageError(f"option {name} must be one of {', '.join(choices)}, not {v!r}")
    if len(readings) < 2 or len(set(readings)) != len(readings):
        raise UsageError(f"--compare needs at least two different readings of {name}, not {values!r}")
    return name, readings


def solo_rules(options: dict[str, str], skip: str = "") -> str:
    """The readings that differ from the spec's defaults, for a report's header."""
    from civtable.games.civ_solo import odds

    changed = [f"{k}={v}" for k, v in options.items() if k != skip and v != odds.OPTIONS[k][0]]
    return "rules: " + (", ".join(changed) if changed else "default readings")


def cmd_solo_odds(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from civtable.games.civ_solo import odds

    options = solo_odds_options(args.option)
    name, readings = solo_compare(args.compare, options, args.option)
    json_path = check_output(args.json, args.force) if args.json else None
    variants = [{**options, name: r} for r in readings] if name else [options]
    summaries = [odds.summary(v) for v in variants]
    end = int(odds.tables()["last_turn"])
    console = Console()
    labels = [f"{name}={r}" for r in readings] if name else [""]
    print(f"civ-solo historical events (SOLO-3.2-3.5, table SOLO-8.1), exact; {solo_rules(options, name)}")
    print("Each turn's chances for a game that reaches that turn.")
    if not name:
        table = Table(title="Chance per turn (Dice: mean number of event dice)", title_justify="left")
        table.add_column("Turn", justify="right")
        table.add_column("Dice", justify="right")
        for column in ("Event", "Loss 1-2", "Culture 3-4", "Military 5", "Battle 6"):
            table.add_column(column, justify="right")
        rows = {t["turn"]: t for t in summaries[0]["turns"]}
        for turn in range(1, end + 1):
            t = rows.get(turn)
            if t is None:
                table.add_row(str(turn), "not played", "", "", "", "", "")
                continue
            kinds = t["kinds"]
            table.add_row(str(turn), f"{t['expected_dice']['value']:.2f}", _pct2(t["event"]["value"]),
                          *(_pct2(kinds[k]["value"]) for k in odds.EVENT_KINDS))
    else:
        table = Table(title=f"Chance per turn: {name}", title_justify="left")
        table.add_column("Turn", justify="right")
        for what in ("Event", "Battle 6"):
            for label in labels:
                table.add_column(f"{what} {label}", justify="right")
        per = [{t["turn"]: t for t in s["turns"]} for s in summaries]
        for turn in range(1, end + 1):
            cells = []
            for key in ("event", "battle"):
                for rows in per:
                    t = rows.get(turn)
                    if t is None:
                        cells.append("not played")
                    else:
                        cells.append(_pct2((t["event"] if key == "event" else t["kinds"]["battle"])["value"]))
            table.add_row(str(turn), *cells)
    console.print(table)
    totals = Table(title="Whole game", title_justify="left")
    totals.add_column("Figure")
    for label in labels:
        totals.add_column(label or "Value", justify="right")
    totals.add_row("Turns played", *(str(s["last_turn"]) for s in summaries))
    totals.add_row("Expected historical events", *(f"{s['expected_events']['value']:.4f}" for s in summaries))
    totals.add_row("Expected battles fought", *(f"{s['expected_battles']['value']:.4f}" for s in summaries))
    totals.add_row("P(at least one battle)", *(_pct2(s["p_at_least_one_battle"]["value"]) for s in summaries))
    totals.add_row("Failure roll SOLO-6.2",
                   *(f"{_pct2(s['failure_roll']['value'])} ({len(odds.failure_outcomes(v))}/36)"
                     for s, v in zip(summaries, variants, strict=True)))
    console.print(totals)
    if json_path is not None:
        data: dict[str, Any] = summaries[0] if not name else {"compare": name, "variants": dict(zip(readings, summaries,
                                                                                               strict=True))}
        write_json(data, json_path, force=args.force)
        print(f"Wrote {json_path}")
    return 0


def cmd_solo_battle(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from civtable.games.civ_solo import odds

    options = solo_odds_options(args.option)
    units = odds.parse_units(args.units)
    positive(args.games, "--games")
    positive(args.hand, "--hand")
    for flag, value in (("--bonus", args.bonus), ("--cards", args.cards)):
        if value < 0:
            raise UsageError(f"{flag} must be 0 or more, not {value}")
    end = odds.last_turn(options)
    if not 1 <= args.turn <= end:
        raise UsageError(f"--turn must be between 1 and {end}, not {args.turn}")
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    battle = odds.battle_odds(units, args.turn, args.fortified, args.bonus, args.games, seed, options, hand=args.hand)
    military = odds.military_odds(units, args.turn, args.bonus, cards=args.cards, options=options)
    console = Console()
    hand = ", ".join(str(u) for u in units)
    print(f"civ-solo, event rolled in turn {args.turn}; your unit cards: {hand}; {solo_rules(options)}")
    print(f"Capital battle (SOLO-4.4): opponent military level {battle['military_level']}, "
                  f"card limit {battle['card_limit']} (row of turn {battle['row_turn']}); "
                  f"{'opponent' if args.fortified else 'you'} play first; your bonus {args.bonus}; "
                  f"{args.games} games, seed {seed}.")
    print(f"Military event (SOLO-4.3): draw {military['cards_drawn']} cards, need "
                  f"{military['table_strength']} with half your bonus ({military['halved_bonus']['value']:g})"
                  + (f" and {args.cards} culture event card(s)" if args.cards else "") + "; exact.")
    table = Table()
    for column in ("Event", "Chance", "95% CI", "Expected units lost"):
        table.add_column(column, justify="left" if column == "Event" else "right")
    lo, hi = battle["ci95"]
    table.add_row("Win the capital battle", _pct2(battle["win_rate"]), f"{_pct2(lo)} - {_pct2(hi)}", "")
    table.add_row("Pass the military event", _pct2(military["p_pass"]["value"]), "exact",
                  f"{military['expected_units_lost']['value']:.3f}")
    console.print(table)
    print(f"Mean totals in the battle: you {battle['mean_player_total']:.2f}, "
                  f"opponent {battle['mean_opponent_total']:.2f} (the defender wins ties).")
    return 0


SOLO_UNITS_HELP = (
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
