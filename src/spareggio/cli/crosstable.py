"""``spareggio crosstable FILE``: the crosstable of the standings, printed or written to a file
(``-o crosstable.pdf``, ``.html``, ``.xlsx``, ``.txt``)."""

from __future__ import annotations

import click

from ..render.crosstable import Crosstable, build_crosstable
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

__all__ = ["CROSSTABLE_FORMATS", "crosstable_cmd"]

CROSSTABLE_FORMATS = tuple(f.name for f in formats_for(Crosstable))
"""What ``crosstable`` writes; ``-o FILE`` chooses by the extension when ``--format`` is not given."""


@cli.command("crosstable")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option(
    "-t", "--tiebreaks", help='Comma-separated list, e.g. "BH/C1,BH,SB" (default: the file\'s list).'
)
@click.option("-r", "--rules", help="Rule set for unplayed rounds (default: chosen by the start date).")
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(CROSSTABLE_FORMATS),
    help="Output format (default: table, or the extension of -o: .txt .html .pdf .xlsx).",
)
@click.option(
    "--grid/--rounds",
    default=None,
    help="Player against player (default for round robins) or one column per round (default for Swiss events).",
)
@click.option(
    "--lang", metavar=LANG_METAVAR, help=LANG_HELP
)
@event_options
def crosstable_cmd(
    file: str,
    tiebreaks: str | None,
    rules: str | None,
    fmt: str | None,
    grid: bool | None,
    lang: str | None,
    opts: EventOptions,
) -> None:
    """The crosstable of FILE in standings order, with the points and the tie-break columns:
    one column per round for a Swiss, player against player for a round robin."""
    said = choose_language(lang)
    chosen = choose_format(fmt, opts.output, Crosstable)
    s = run_job(request(file, opts, tiebreaks=tiebreaks, rules=rules), opts, said).standings
    assert s is not None
    x = build_crosstable(s, said, grid=grid)
    emit(render(x, chosen, lang=said), opts.output)
