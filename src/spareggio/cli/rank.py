"""``spareggio standings``: rank a tournament or a team event and write it in any format."""

from __future__ import annotations

import click

from ..core.decisions import Decisions
from ..render.formats import choose_format, formats_for, render
from ..standings import Standings
from .app import cli
from .common import (
    LANG_HELP,
    LANG_METAVAR,
    EventOptions,
    choose_language,
    decision_options,
    emit,
    event_options,
    guard_outputs,
    request,
    run_job,
    write_decided_trf,
)

__all__ = ["PUBLISH_FORMATS", "standings_cmd"]

PUBLISH_FORMATS = tuple(f.name for f in formats_for(Standings))
"""What ``standings`` writes; ``-o FILE`` chooses by the extension when ``--format`` is not given."""


@cli.command("standings")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option(
    "-t", "--tiebreaks", help='Comma-separated list, e.g. "BH/C1,BH,SB" (default: the file\'s list).'
)
@click.option("-r", "--rules", help="Rule set for unplayed rounds (default: chosen by the start date).")
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(PUBLISH_FORMATS),
    help="Output format (default: table, or the extension of -o: .txt .csv .json .html .pdf .xlsx).",
)
@click.option("--lang", metavar=LANG_METAVAR, help=LANG_HELP)
@click.option(
    "--csv-locale", metavar=LANG_METAVAR, help="CSV for the spreadsheets of a language (default: the --lang language)."
)
@click.option("--individual", is_flag=True, help="In a team event, rank the players instead of the teams.")
@event_options
@decision_options
def standings_cmd(
    file: str,
    tiebreaks: str | None,
    rules: str | None,
    fmt: str | None,
    lang: str | None,
    csv_locale: str | None,
    individual: bool,
    opts: EventOptions,
    decisions: Decisions | None = None,
    save_trf: str | None = None,
) -> None:
    """Rank FILE (a FIDE TRF tournament report, or a tournament JSON file) with its tie-breaks.
    A team event (TRF records 310 or 013) is ranked by teams."""
    language = choose_language(lang)
    chosen = choose_format(fmt, opts.output, Standings)
    guard_outputs(opts.output, save_trf)
    job = request(file, opts, team_players=individual, tiebreaks=tiebreaks, rules=rules, decisions=decisions)
    s = run_job(job, opts, language).value
    assert isinstance(s, Standings)
    write_decided_trf(save_trf, s)
    emit(
        render(s, chosen, lang=language, csv_locale=choose_language(csv_locale) if csv_locale else None),
        opts.output,
    )
