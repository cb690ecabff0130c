"""``euchre convert``: hand histories from one format to another.

Every conversion goes through ``ehh/1`` records: a reader turns the input
into a stream of records (or located problems), a writer turns records into
the output.  A format is chosen by ``--from``/``--to`` or by the file's
extension; adding a format is adding a reader and/or a writer to the tables
below.  Records stream: memory does not grow with the size of the input.

Exit status: 0 everything converted, 1 some games had problems (the others
are still written), 2 a usage error or a file that cannot be read or written.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass
from typing import IO, Any, Callable, Iterator, NamedTuple

import click

from euchre_dsl.errors import EuchreError, Location, Problem
from euchre_dsl.interop.egn_hash import baseline_hash
from euchre_dsl.interop.egn_write import EgnWriteError, dump_egn, variant_rules, write_egn
from euchre_dsl.interop.openspiel import (
    VARIANT_PARAMS, OpenSpielParams, convert_items, record_to_histories,
)
from euchre_dsl.io_safety import AtomicFile
from euchre_dsl.records.reader import (
    AUTO, JSONL, STDIN, TEXT as TEXT_FORM, Item, JsonPath, input_name,
)
from euchre_dsl.records.text_writer import dump_game, write_games
from euchre_dsl.records.writer import write_jsonl
from euchre_dsl.validate.validator import Validator

from .common import (
    EXIT_INVALID, EXIT_OK, EXIT_USAGE, check_output, open_input, open_output, plural,
    same_file, variant_dir_option,
)

EHH = "ehh"
OPENSPIEL = "openspiel"
TEXT = "text"
EGN = "egn"


class Source(NamedTuple):
    """One record read from the input: the ``ehh/1`` record, or why there is none."""

    record: dict[str, Any] | None
    problem: Problem | None
    locate: Callable[[JsonPath, bool], Location]  # where a part of the record is in IN
    converted: tuple[Problem, ...] = ()  # met converting IN's format (EGN) to the record


@dataclass(frozen=True)
class Options:
    """Format-specific options, passed to every reader and writer."""

    game: OpenSpielParams
    variant_dirs: tuple[str, ...] = ()  # where records may name variant files besides their own


Reader = Callable[[str, Options], Iterator[Source]]
Writer = Callable[[Iterator[Source], IO[str], Callable[[Problem], None], Options, bool], int]


# ------------------------------------------------------------------ readers
def _read_ehh(path: str, options: Options) -> Iterator[Source]:
    return _sources(open_input("convert", path, AUTO), input_name(path))


def _read_text(path: str, options: Options) -> Iterator[Source]:
    return _sources(open_input("convert", path, TEXT_FORM), input_name(path))


def _sources(items: Iterator[Item], name: str) -> Iterator[Source]:
    return (Source(it.data, it.problem, it.locate(name), it.converted) for it in items)


def _read_egn(path: str, options: Options) -> Iterator[Source]:
    """EGN games (.egn, .egnb) and EMN matches (.emn), read by their extension."""
    if path == STDIN:
        raise click.UsageError("EGN is read from a file (.egn, .emn or .egnb), not from "
                               "standard input")
    return _sources(open_input("convert", path, AUTO), input_name(path))


def _read_openspiel(path: str, options: Options) -> Iterator[Source]:
    name = input_name(path)
    items = open_input("convert", path, JSONL)
    return (Source(c.record, c.problem, _line_locator(name, c.line))
            for c in convert_items(items, name, options.game))


def _line_locator(name: str, line: int) -> Callable[[JsonPath, bool], Location]:
    """Every part of a converted record is placed at the input line it came from."""
    def locate(path: JsonPath, key: bool = False) -> Location:
        return Location(name, line)

    return locate


# ------------------------------------------------------------------ writers
def _write_egn(sources: Iterator[Source], out: IO[str], report: Callable[[Problem], None],
               options: Options, single: bool) -> int:
    """One EGN game (.egn): the record's, with what it kept of its EGN (x-egn)."""
    validator = Validator(options.variant_dirs)
    written = 0
    for src in sources:
        if src.record is None:
            continue
        if written:
            raise click.UsageError("OUT is an .egn file, which holds one game, but IN has more: "
                                   "convert one game at a time (nothing was written)")
        blocking = [p for p in validator.validate(src.record, locate=src.locate)
                    if p.code in _UNWRITABLE and p.severity == "error"]
        if blocking:
            for p in blocking:
                report(p)
            continue
        try:
            game = write_egn(src.record, variant_rules(src.record))
        except EgnWriteError as exc:
            report(Problem("schema", f"EGN cannot hold this game: {exc}",
                           location=src.locate(("variant",), False)))
            continue
        out.write(dump_egn(game))
        written += 1
    return written


#: Problems that leave a record without the shape EGN is written from.
_UNWRITABLE = frozenset(("syntax", "schema", "unknown-variant", "invalid-variant", "bad-card"))



def _records(sources: Iterator[Source]) -> Iterator[dict[str, Any]]:
    """The records of the sources that have one (the others are reported as read)."""
    return (src.record for src in sources if src.record is not None)


def _write_ehh(sources: Iterator[Source], out: IO[str], report: Callable[[Problem], None],
               options: Options, single: bool) -> int:
    """``ehh/1`` records, one per line; ``single`` (a ``.json`` file): exactly one."""
    def records() -> Iterator[dict[str, Any]]:
        for n, record in enumerate(_records(sources)):
            if single and n:
                raise click.UsageError("OUT is a .json file, which holds one game, but IN has "
                                       "more: write to a .jsonl file (nothing was written)")
            yield record

    return write_jsonl(records(), out)


def _write_text(sources: Iterator[Source], out: IO[str], report: Callable[[Problem], None],
                options: Options, single: bool) -> int:
    """Games in the canonical text format, a blank line between them."""
    def games() -> Iterator[str]:
        for src in sources:
            if src.record is None:
                continue
            try:
                yield dump_game(src.record)
            except ValueError as exc:
                report(Problem("schema", str(exc), location=src.locate((), False)))

    return write_games(games(), out)


def _write_openspiel(sources: Iterator[Source], out: IO[str],
                     report: Callable[[Problem], None], options: Options, single: bool) -> int:
    """One line per hand: ``{"game": <game string>, "history": [action ids]}``."""
    validator = Validator(options.variant_dirs)
    written = 0
    for src in sources:
        if src.record is None:
            continue
        try:
            params, histories = record_to_histories(src.record, locate=src.locate,
                                                    validator=validator)
        except EuchreError as exc:
            for p in exc.problems:
                report(p)
            continue
        for history in histories:
            out.write(json.dumps({"game": params.game_string(), "history": history},
                                 separators=(",", ":")))
            out.write("\n")
            written += 1
    return written


#: Format name -> (reader, writer); the formats are described in the command's help.
FORMATS: dict[str, tuple[Reader, Writer]] = {
    EHH: (_read_ehh, _write_ehh),
    TEXT: (_read_text, _write_text),
    OPENSPIEL: (_read_openspiel, _write_openspiel),
    EGN: (_read_egn, _write_egn),
}
#: File extension -> format, for IN and OUT without --from/--to.
EXTENSIONS: dict[str, str] = {".json": EHH, ".jsonl": EHH, ".ehh": TEXT, ".egn": EGN,
                              ".emn": EGN, ".egnb": EGN}
#: Extensions read but not written.
READ_ONLY = (".emn", ".egnb")


def _format_of(path: str, given: str | None, flag: str) -> str:
    if given is not None:
        return given
    if path == STDIN:
        return EHH
    ext = os.path.splitext(path)[1].lower()
    if ext in EXTENSIONS:
        return EXTENSIONS[ext]
    known = ", ".join(sorted(EXTENSIONS))
    raise click.UsageError(f"cannot tell the format of {path} from its extension ({known} "
                           f"are known): give {flag}")


@click.command("convert")
@click.argument("source", metavar="IN")
@click.argument("target", metavar="OUT", required=False)
@click.option("--from", "from_format", type=click.Choice(sorted(FORMATS)),
              help="Format of IN (default: from its extension; '-' is ehh).")
@click.option("--to", "to_format", type=click.Choice(sorted(FORMATS)),
              help="Format of OUT (default: from its extension; '-' is ehh).")
@click.option("--game", "game_string", default=VARIANT_PARAMS.game_string(), show_default=True,
              help="OpenSpiel game string the histories were played under, for lines that "
                   "do not say ('euchre' alone means OpenSpiel's defaults: "
                   "allow_lone_defender=false, stick_the_dealer=true).")
@click.option("--info", is_flag=True,
              help="Instead of converting, print one line per game of IN: its hands, variant "
                   "and EGN baseline hash (the SHA-256 EGN's egn-baseline gives, the same for "
                   "the same game from any source); OUT is not given.")
@variant_dir_option
def convert_cmd(source: str, target: str | None, from_format: str | None,
                to_format: str | None, game_string: str, info: bool,
                variant_dirs: tuple[str, ...]) -> None:
    """Convert the hand histories in IN and write them to OUT ('-': standard input/output).

    Any format converts to any other (and to itself): OUT's format follows its
    extension (.json, .jsonl, .ehh, .egn) unless --to says.

    \b
    Formats:
      ehh        ehh/1 records: .json (one game) or .jsonl (one game per line);
                 .json to .jsonl and back, or ehh to ehh, rewrites them compactly.
      text       the ehh text format (.ehh, docs/hand-history.md): any number of
                 games; written in its canonical form (text to text reformats).
      openspiel  JSON Lines, one OpenSpiel euchre game per line: a JSON array of
                 action ids (state.history() of a finished game), or an object
                 {"history": [...], "game": "euchre(...)"} ("game" optional, other
                 keys ignored). Each game becomes an ehh/1 record of variant
                 'openspiel' (or an inline variant extending it for other game
                 parameters); converting to openspiel writes one such object per
                 hand, for variants whose rules OpenSpiel plays.
      egn        EGN (Euchre Game Notation, docs/interop.md): .egn games and .emn
                 matches (each game one record), binary .egnb (needs the egn
                 extra); written as one .egn game, keeping what the record kept
                 of its EGN (x-egn), so EGN's baseline hash is unchanged (egn to
                 egn: a binary or a one-game match as JSON, an old version as 1.4).

    \b
    Examples:
      euchre convert --from openspiel histories.jsonl games.jsonl
      euchre convert --from openspiel --game 'euchre' histories.jsonl -
      euchre convert --to openspiel games.jsonl histories.jsonl
      euchre convert games.jsonl games.ehh
      euchre convert game.json game.jsonl
      euchre convert hand-typed.ehh canonical.ehh
      euchre convert game.egn game.json
      euchre convert --info match.emn
    """
    try:
        options = Options(OpenSpielParams.parse(game_string), variant_dirs)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--game") from None
    src_format = _format_of(source, from_format, "--from")
    if info:
        if target is not None:
            raise click.UsageError("--info prints what IN holds: give IN alone")
        _info(source, src_format, options)
    if target is None:
        raise click.UsageError("missing OUT (or give --info)")
    dst_format = _format_of(target, to_format, "--to")
    if dst_format == EGN and os.path.splitext(target)[1].lower() in READ_ONLY:
        raise click.UsageError(f"cannot write {target}: EGN is written as one .egn game")
    if same_file(source, target):
        raise click.UsageError(f"IN and OUT are the same file ({target}): OUT would replace "
                               "IN, and a game that cannot be converted would be lost; write "
                               "to another file, then rename it")
    check_output(target, "OUT")
    reader = FORMATS[src_format][0]
    writer = FORMATS[dst_format][1]
    sources = reader(source, options)  # opens IN now: a usage error or exit 2 if it cannot
    counts = {"read": 0, "errors": 0}

    def counted() -> Iterator[Source]:
        for src in sources:
            counts["read"] += 1
            for p in src.converted:
                report(p)
            if src.problem is not None:
                report(src.problem)
            elif src.record is None:  # a JSON null: the writers skip it, so say so here
                report(Problem("schema", "a game record must be a JSON object, not null",
                               location=src.locate((), False)))
            yield src

    def report(problem: Problem) -> None:
        if problem.severity == "error":
            counts["errors"] += 1
        click.echo(problem.format(), err=True)

    # OUT is written atomically: replaced only at the end, and not at all when
    # nothing could be converted (IN was garbage), so no input can empty it
    with open_output(target, "convert") as out:
        single = dst_format == EHH and target.lower().endswith(".json")
        try:
            written = writer(counted(), out, report, options, single)  # type: ignore[arg-type]
        except OSError as exc:  # IN failed while being read (OUT's failures are OutputError)
            click.echo(f"euchre convert: cannot read {source}: {exc.strerror or exc}"
                       + ("" if target == STDIN else f" ({target} is unchanged)"), err=True)
            sys.exit(EXIT_USAGE)
        unchanged = not written and bool(counts["errors"]) and isinstance(out, AtomicFile)
        if unchanged and isinstance(out, AtomicFile):
            out.discard()
    kept = f"; nothing converted, {target} is unchanged" if unchanged else ""
    click.echo(f"euchre convert: {src_format} -> {dst_format}: {plural(counts['read'], 'game')} "
               f"read, {written} written, {plural(counts['errors'], 'error')}{kept}", err=True)
    sys.exit(EXIT_INVALID if counts["errors"] else EXIT_OK)


def _info(source: str, src_format: str, options: Options) -> None:
    """``--info``: one line per game of IN, then exit (1 if a game could not be read)."""
    name = input_name(source)
    errors = 0
    for n, src in enumerate(FORMATS[src_format][0](source, options), 1):
        for p in ([src.problem] if src.problem else []) + list(src.converted):
            click.echo(p.format(), err=True)
            errors += p.severity == "error"
        record = src.record
        if not isinstance(record, dict):
            continue
        hands = record.get("hands")
        variant = record.get("variant")
        vname = variant if isinstance(variant, str) else \
            f"inline ({variant.get('extends', 'standard')} with changes)" \
            if isinstance(variant, dict) else "?"
        count = plural(len(hands) if isinstance(hands, list) else 0, "hand")
        click.echo(f"{name} game {n}: {count}, variant {vname}, EGN baseline "
                   f"{_baseline_of(record, src_format)}")
    sys.exit(EXIT_INVALID if errors else EXIT_OK)


def _baseline_of(record: dict[str, Any], src_format: str) -> str:
    """The EGN baseline hash of a record: as read from EGN, else of the EGN it writes."""
    meta = record.get("meta")
    if src_format == EGN and isinstance(meta, dict) and isinstance(meta.get("egn-baseline"), str):
        return str(meta["egn-baseline"])
    try:
        problems = [p for p in Validator().validate(record) if p.code in _UNWRITABLE]
        if problems:
            return f"none ({problems[0].message})"
        return baseline_hash(write_egn(record, variant_rules(record)))
    except EgnWriteError as exc:
        return f"none (EGN cannot hold it: {exc})"

