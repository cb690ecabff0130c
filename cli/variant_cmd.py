"""``euchre variant``: list, show, check, diff, compile and document variants.

The words, schema and reference all come from the library
(:mod:`euchre_dsl.rules.describe`, ``schema``, ``docs``); this module only
reads arguments, calls it and prints.  Problems are printed compiler style,
with the offending line of the file and a caret under the place.  Exit codes:
0 fine, 1 a variant has errors, 2 usage error (unknown name, missing file).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import NoReturn

import click

from euchre_dsl.errors import EuchreError, Problem
from euchre_dsl.limits import MAX_QUOTED, MAX_VARIANT_FILE, clip
from euchre_dsl.rules.describe import describe, describe_diff, differences
from euchre_dsl.rules.docs import options_markdown
from euchre_dsl.rules.dsl_writer import to_dsl
from euchre_dsl.rules.registry import compile_file, load_variant, parent_of, shipped_ids
from euchre_dsl.rules.ruleset import RuleSet
from euchre_dsl.rules.schema import json_schema
from euchre_dsl.rules.yaml_form import dump_yaml

from .common import EXIT_INVALID, resolve_variant

VARIANT_SUFFIXES = (".yaml", ".yml", ".euchre")


class SourceLines:
    """The lines of the variant files that problems quote, each file read once.

    A file with thousands of problems is quoted in linear time: reading it again
    from the start for each problem was quadratic (issue 27, finding 14).  A file
    past the size limit, or one that cannot be read, is quoted nowhere.
    """

    def __init__(self) -> None:
        self._files: dict[str, list[str] | None] = {}

    def line(self, file: str, number: int) -> str | None:
        """Line ``number`` (1-based) of ``file``, without its line end."""
        if file not in self._files:
            self._files[file] = _read_lines(file)
        lines = self._files[file]
        return lines[number - 1] if lines is not None and 0 < number <= len(lines) else None


def format_problem(problem: Problem, sources: SourceLines | None = None) -> str:
    """``file:line:col: error[code]: message``, the source line with a caret, the hint."""
    out = [f"{problem.location}: {problem.severity}[{problem.code}]: {problem.message}"]
    excerpt = _excerpt(problem, sources or SourceLines())
    if excerpt:
        out += excerpt
    if problem.hint:
        out.append(f"  hint: {problem.hint}")
    return "\n".join(out)


def _excerpt(problem: Problem, sources: SourceLines) -> list[str]:
    """The problem's source line with a caret under the place; a long line is shown
    as a window of it around the place, cut with "…" (a message costs the same
    whatever the input)."""
    loc = problem.location
    if not loc.file or loc.line is None:
        return []
    line = sources.line(loc.file, loc.line)
    if line is None:
        return []
    text = line.expandtabs(1)
    start = 0 if loc.column is None else min(loc.column - 1, len(text))
    left = max(0, start - MAX_QUOTED // 2)
    shown = text[left:left + MAX_QUOTED]
    prefix = "…" if left else ""
    suffix = "…" if left + MAX_QUOTED < len(text) else ""
    number = f"{loc.line:>5} | "
    out = [number + prefix + shown + suffix]
    if loc.column is not None:
        at = start - left + len(prefix)
        token = re.match(r'"([^"\\]|\\.)*"?|[^\s,;{}\[\]=]+', text[start:start + MAX_QUOTED])
        width = max(1, min(len(token.group(0)) if token else 1, len(shown) - (start - left)))
        out.append(" " * (len(number) - 2) + "| " + " " * at + "^" + "~" * (width - 1))
    return out


def _read_lines(file: str) -> list[str] | None:
    """The lines of a variant file (``None`` past the file limit or unreadable)."""
    try:
        with open(file, encoding="utf-8") as f:
            text = f.read(MAX_VARIANT_FILE * 4 + 1)
    except (OSError, UnicodeDecodeError):
        return None
    if len(text) > MAX_VARIANT_FILE * 4:
        return None
    return [line.rstrip("\r\n") for line in text.split("\n")]


def report(problems: list[Problem]) -> None:
    sources = SourceLines()
    for problem in problems:
        click.echo(format_problem(problem, sources), err=True)


def fail(problems: list[Problem], code: int) -> NoReturn:
    report(problems)
    sys.exit(code)


def resolve(name: str) -> RuleSet:
    """A shipped id or a variant file, its problems located at the name itself."""
    return resolve_variant(name, clip(name), fail)


@click.group("variant")
def variant() -> None:
    """Variants: list, show in plain words, check, compare, convert, document."""


@variant.command("list")
def list_cmd() -> None:
    """The shipped variants, one line each."""
    ids = shipped_ids()
    width = max(len(i) for i in ids)
    broken: list[Problem] = []
    for variant_id in ids:
        try:
            r = load_variant(variant_id)
        except EuchreError as exc:
            broken += exc.problems
            click.echo(f"{variant_id:<{width}}  (has errors)")
            continue
        click.echo(f"{variant_id:<{width}}  {r.name}: {r.description}")
    if broken:
        fail(broken, EXIT_INVALID)


@variant.command("show")
@click.argument("name")
@click.option("--changed", is_flag=True,
              help="Only the rules that differ from the variant NAME extends (or, for one "
                   "that extends nothing, from the defaults).")
def show_cmd(name: str, changed: bool) -> None:
    """The rules of NAME (a shipped id or a file), fully resolved, in plain words:
    every rule that applies to it (options of features it does not use are left
    out), or with --changed only what differs from its parent."""
    rules = resolve(name)
    if not changed:
        click.echo(describe(rules), nl=False)
        return
    try:
        parent = parent_of(name)
    except EuchreError as exc:
        fail(exc.problems, EXIT_INVALID)
    diffs = {x.path for x, _ in differences(parent, rules)}
    click.echo(describe(rules, only=diffs), nl=False)
    if not diffs:
        click.echo("  (no rule differs from the parent)")


@variant.command("check")
@click.argument("paths", nargs=-1, required=True,
                type=click.Path(exists=True, path_type=Path))
def check_cmd(paths: tuple[Path, ...]) -> None:
    """Check variant files (YAML or .euchre) and folders of them; exit 1 if any is invalid.

    \b
    Examples:
      euchre variant check kitchen.euchre
      euchre variant check samples/house/
    """
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files += sorted(p for p in path.iterdir() if p.suffix in VARIANT_SUFFIXES)
        else:
            files.append(path)
    if not files:
        raise click.BadParameter("no variant files (.yaml, .yml, .euchre) in "
                                 + ", ".join(str(p) for p in paths), param_hint="PATHS")
    invalid = 0
    for path in files:
        try:
            r = compile_file(path)
        except EuchreError as exc:
            invalid += 1
            report(exc.problems)
            continue
        click.echo(f"{path}: ok ({r.id}{': ' + r.name if r.name else ''})")
    if len(files) > 1:
        click.echo(f"{len(files) - invalid} of {len(files)} variant files are valid")
    if invalid:
        sys.exit(EXIT_INVALID)


@variant.command("diff")
@click.argument("first")
@click.argument("second")
def diff_cmd(first: str, second: str) -> None:
    """The rules that differ between two variants (shipped ids or files), in words."""
    click.echo(describe_diff(resolve(first), resolve(second), first, second), nl=False)


@variant.command("compile")
@click.argument("name")
@click.option("--to", "form", type=click.Choice(["yaml", "euchre"]), default="yaml",
              show_default=True, help="Write YAML or the rules language.")
def compile_cmd(name: str, form: str) -> None:
    """NAME (a file or shipped id) with every option spelled out, normalized."""
    data = resolve(name).to_dict()
    click.echo(dump_yaml(data) if form == "yaml" else to_dsl(data), nl=False)


@variant.command("schema")
def schema_cmd() -> None:
    """JSON Schema of the YAML variant form, for editors."""
    click.echo(json.dumps(json_schema(), indent=2, ensure_ascii=False))


@variant.command("docs")
def docs_cmd() -> None:
    """The option reference in Markdown (the text of docs/options.md)."""
    click.echo(options_markdown(), nl=False)

