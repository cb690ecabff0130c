"""``euchre validate``: replay hand histories and report every broken rule.

Output is streamed: problems are printed as each record is checked, so a
large file shows its first problems at once and memory stays flat.  Exit
status: 0 no errors (warnings allowed), 1 some error, 2 a usage error or a
file that cannot be read (the readable files are still checked).
"""

from __future__ import annotations

import json
import os
import sys
from typing import IO

import click

from euchre_dsl.records.reader import AUTO, READERS, STDIN, find_records, input_name
from euchre_dsl.validate.validator import FileReport, Validator, check_items

from .common import EXIT_INVALID, EXIT_OK, EXIT_USAGE, plural, try_input, variant_dir_option


class _Totals:
    """Sums over the files checked, for the summary and the exit status."""

    def __init__(self) -> None:
        self.files = self.records = self.hands = self.errors = self.warnings = 0
        self.unreadable = 0

    def add(self, report: FileReport) -> None:
        self.files += 1
        self.records += report.records
        self.hands += report.hands
        self.errors += report.errors
        self.warnings += report.warnings


@click.command("validate")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option("--report", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text: one 'file:line:col: error[code]: message' line per problem and a "
                   "summary; json: one JSON object (files, problems, summary).")
@click.option("--notes", is_flag=True,
              help="Also list notes (severity 'info') on what could not be checked, e.g. "
                   "hands with unrecorded cards.")
@click.option("--stdin-format", type=click.Choice(["auto", "json", "jsonl", "text"]),
              default="auto", show_default=True,
              help="How '-' (standard input) is read; auto: the text format if the first "
                   "line starts with a tag, ';' or 'hand', else JSON Lines if it is a whole "
                   "record, else one JSON document.")
@variant_dir_option
def validate_cmd(paths: tuple[str, ...], report: str, notes: bool, stdin_format: str,
                 variant_dirs: tuple[str, ...]) -> None:
    """Replay the ehh/1 hand histories in PATH... and report every problem.

    PATH is a .json file (one game), a .jsonl file (one game per line), a
    .ehh file (the text format, any number of games), an EGN game (.egn,
    binary .egnb) or EMN match (.emn, each game one record), a directory
    (every record file in it, recursively) or '-' for standard input.

    \b
    Examples:
      euchre validate games.jsonl
      euchre validate --report json samples/
      cat game.json | euchre validate -
    """
    out = sys.stdout
    totals = _Totals()
    files: list[str] = []
    for path in paths:
        found = find_records([path])
        for message in found.skipped:
            click.echo(f"euchre validate: {message}", err=True)
            totals.unreadable += 1
        # a folder without a record file is a mistake, not "0 files: ok"
        if not found.files and not found.skipped:
            click.echo(f"euchre validate: no record files ({', '.join(READERS)}) in {path}",
                       err=True)
            totals.unreadable += 1
        files.extend(found.files)
    try:
        _run(files, report == "json", notes, stdin_format, totals, out,
             Validator(variant_dirs))
    except BrokenPipeError:  # the reader of our output went away (e.g. `| head`)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(EXIT_INVALID if totals.errors else EXIT_OK)
    if totals.unreadable:
        sys.exit(EXIT_USAGE)
    sys.exit(EXIT_INVALID if totals.errors else EXIT_OK)


def _shown(path: str) -> str:
    """A file name as text: bytes that are not UTF-8 (a name the system allows) as
    ``\\xff`` escapes, so the JSON report holds no lone surrogate."""
    return os.fsencode(path).decode("utf-8", "backslashreplace")


def _run(paths: list[str], as_json: bool, notes: bool, stdin_format: str, totals: _Totals,
         out: IO[str], validator: Validator) -> None:
    """Check every path, streaming the report to ``out``."""
    if as_json:
        out.write('{"files": [')
    first_file = True
    for path in paths:
        items = try_input("validate", path, stdin_format if path == STDIN else AUTO,
                          validator.prove)
        if items is None:
            totals.unreadable += 1
            continue
        name = input_name(path)
        report = FileReport(path)
        problems = (p for p in check_items(items, name, report, validator)
                    if notes or p.severity != "info")
        if as_json:
            out.write(("" if first_file else ", ") + "{" + f'"path": {json.dumps(_shown(path))}, '
                      '"problems": [')
        sep = ""
        try:
            for p in problems:
                if as_json:
                    out.write(sep + json.dumps(p.to_json(), ensure_ascii=False))
                    sep = ", "
                else:
                    out.write(p.format() + "\n")
        except BrokenPipeError:
            raise
        except OSError as exc:  # the file failed while being read
            click.echo(f"euchre validate: cannot read {path}: {exc.strerror or exc}", err=True)
            totals.unreadable += 1
        if as_json:
            out.write(f'], "records": {report.records}, "hands": {report.hands}}}')
        first_file = False
        totals.add(report)
    if as_json:
        summary = {"records": totals.records, "hands": totals.hands, "errors": totals.errors,
                   "warnings": totals.warnings}
        out.write(f'], "summary": {json.dumps(summary)}}}\n')
    else:
        status = "ok" if not totals.errors and not totals.warnings else \
            f"{plural(totals.errors, 'error')}, {plural(totals.warnings, 'warning')}"
        if totals.unreadable:
            status = f"{totals.unreadable} unreadable" + ("" if status == "ok" else f", {status}")
        out.write(f"{plural(totals.files, 'file')}, {plural(totals.records, 'record')}, "
                  f"{plural(totals.hands, 'hand')}: {status}\n")
    out.flush()


