"""``spareggio compare``: the same standings under several rule sets."""

from __future__ import annotations

import click

from ..comparison import Comparison
from ..job import Task
from ..render.formats import choose_format, formats_for, render
from .app import cli
from .common import (
    LANG_HELP,
    LANG_METAVAR,
    EventOptions,
    choose_language,
    emit,
    event_options,
    request,
    run_job,
)

__all__ = ["COMPARE_FORMATS", "compare_cmd"]

COMPARE_FORMATS = tuple(f.name for f in formats_for(Comparison))


@cli.command("compare")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("-r", "--rules", help="Comma-separated rule sets (default: all of them).")
@click.option("-t", "--tiebreaks", help="Comma-separated list (default: the file's list or the default).")
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(COMPARE_FORMATS),
    help="Output format (default: table, or the extension of -o: .txt .json .html .pdf).",
)
@click.option("--lang", metavar=LANG_METAVAR, help=LANG_HELP)
@event_options
def compare_cmd(
    file: str, rules: str | None, tiebreaks: str | None, fmt: str | None, lang: str | None, opts: EventOptions
) -> None:
    """Rank FILE under several rule sets and show where the ranking changes."""
    language = choose_language(lang)
    chosen = choose_format(fmt, opts.output, Comparison)

    names = [r.strip() for r in rules.split(",") if r.strip()] if rules else None
    c = run_job(request(file, opts, Task.COMPARE, tiebreaks=tiebreaks, rule_sets=names), opts, language).value
    emit(render(c, chosen, lang=language), opts.output)
