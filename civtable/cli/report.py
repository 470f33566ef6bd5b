"""``civtable report``: a simulation's or comparison's figures as one HTML file."""

from __future__ import annotations

import argparse
from pathlib import Path

import civtable.cli.common as common  # not `from . import`: that imports cli/__init__, which imports this
from civtable.core.commands import Command
from civtable.sim.report import check_output


def run(args: argparse.Namespace) -> int:
    from civtable.sim import htmlreport

    summary = common.read_json_file(args.result, "result")
    htmlreport.kind(summary)
    out = check_output(args.out, args.force)
    tr = common.translator_of(args)
    htmlreport.write(summary, out, Path(args.png) if args.png else None, tr)
    print(tr.t("Wrote {file} and the figures as PNG files in {folder}", file=out, folder=args.png) if args.png
          else tr.t("Wrote {file}", file=out))
    return 0


def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("result", metavar="RESULT.json", help="written by 'civtable simulate --json' or 'compare --json'")
    p.add_argument("--out", default="report.html", help="the HTML file to write (default report.html)")
    p.add_argument("--png", metavar="DIR", help="also write each figure as a PNG file in this directory")
    p.add_argument("--force", action="store_true", help="overwrite the HTML file")


COMMAND = Command("report", "an HTML report with figures of a simulation or comparison",
                  "Write one self-contained HTML file (figures embedded) from the JSON of "
                  "'civtable simulate --json' or 'civtable compare --json'.", arguments, run)
