"""``spareggio site FILE -o DIR``: the standings, crosstable, explanations and prizes as a static
site to upload anywhere, in one or more languages, written whole."""

from __future__ import annotations

import click

from ..base.errors import ArgumentError
from ..base.i18n import localize, msg, ntext
from ..core.decisions import Decisions
from ..job import Task
from ..prizes import PrizeList, load_prize_file
from ..web.static_site import refuse_target, site_files, write_site
from .app import cli
from .common import EventOptions, choose_language, decision_options, request, run_job, write_decided_trf

__all__ = ["site_cmd"]


def _languages(value: str | None) -> list[str]:
    """The languages of ``--lang it,en`` (each checked), the environment's when none is given."""
    if not value:
        return [choose_language(None)]
    codes = [code.strip() for code in value.split(",") if code.strip()]
    if not codes:
        raise ArgumentError(msg("--lang names no language"))
    return list(dict.fromkeys(choose_language(code) for code in codes))


@cli.command("site")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("-o", "--output", required=True, type=click.Path(file_okay=False),
              help="The folder to write the site to (new, empty, or a site written before: replaced whole).")  # fmt: skip
@click.option(
    "--lang",
    help="Languages of the site, separated by commas, the first one opening it (default: the environment's).",
)
@click.option("-t", "--tiebreaks", help="Comma-separated list (default: the file's list).")
@click.option("-r", "--rules", help="Rule set for unplayed rounds (default: chosen by the start date).")
@click.option("-a", "--after-round", type=int, help="As the standings stood after this round.")
@click.option("--prizes", "prize_file", type=click.Path(dir_okay=False),
              help="A prize file (TOML, JSON or YAML): the site shows the prizes and why each went where it went.")  # fmt: skip
@click.option("--lenient", is_flag=True,
              help="Repair a game whose two sides disagree (a warning says how) instead of refusing the file.")  # fmt: skip
@click.option("--primary", type=click.Choice(["MP", "GP"], case_sensitive=False),
              help="Team events: rank the teams by match points or game points (default: record 192, else MP).")  # fmt: skip
@click.option("-q", "--quiet", is_flag=True, help="Do not print warnings.")
@decision_options
def site_cmd(file: str, output: str, lang: str | None, tiebreaks: str | None, rules: str | None,
             after_round: int | None, prize_file: str | None, lenient: bool, primary: str | None, quiet: bool,
             decisions: Decisions, save_trf: str | None) -> None:  # fmt: skip
    """Write the standings of FILE as a static site: the standings, the crosstable, every player's
    tie-breaks explained round by round, why each of two players level on points is above the
    other, the rule set and why it applies, and the prizes with their reasons. Every link is
    relative: upload the folder anywhere, or open its index.html offline."""
    langs = _languages(lang)
    said = langs[0]
    sources = [file, *([prize_file] if prize_file else [])]
    refuse_target(output, sources)  # before the file is read
    spec = load_prize_file(prize_file) if prize_file else None
    opts = EventOptions(
        after_round, None, False, False, None, quiet, lenient, primary.upper() if primary else None
    )
    task = Task.STANDINGS if spec is None else Task.PRIZES
    result = run_job(request(file, opts, task, tiebreaks=tiebreaks, rules=rules, decisions=decisions, prizes=spec), opts, said)
    s = result.standings
    assert s is not None
    prizes = result.value if isinstance(result.value, PrizeList) else None
    files = site_files(s, langs, source=click.format_filename(file, shorten=True), prizes=prizes)
    write_decided_trf(save_trf, s)
    write_site(output, files, sources)
    pages = sum(1 for name in files if name.endswith(".html"))
    click.echo(
        localize(
            ntext("{n} page written to {path}", "{n} pages written to {path}", pages, "site", path=output),
            said,
        )
    )
