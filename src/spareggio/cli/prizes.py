"""``spareggio prizes FILE --prizes PRIZES``: the prizes of a prize file awarded on the final
standings, and why each went where it went."""

from __future__ import annotations

import click

from ..core.decisions import Decisions
from ..job import Task
from ..prizes import PrizeList, load_prize_file
from ..render.formats import choose_format, format_names, render
from .app import cli
from .common import (
    LANG_HELP,
    LANG_METAVAR,
    EventOptions,
    choose_language,
    decision_options,
    emit,
    guard_outputs,
    request,
    run_job,
    write_decided_trf,
)

__all__ = ["prizes_cmd"]

_FORMATS = format_names(Task.PRIZES.result)


@cli.command("prizes")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--prizes", "prize_file", required=True, type=click.Path(dir_okay=False),
              help="The prize file (TOML, JSON or YAML): categories, amounts, sharing.")  # fmt: skip
@click.option(
    "-t", "--tiebreaks", help="Comma-separated list; end it with RND to draw lots (default: the file's list)."
)
@click.option("-r", "--rules", help="Rule set for unplayed rounds (default: chosen by the start date).")
@click.option("-a", "--after-round", type=int, help="As the standings stood after this round.")
@click.option("-f", "--format", "fmt", type=click.Choice(_FORMATS),
              help="Output format (default: table, or the extension of -o: .txt .csv .json .html .pdf .xlsx).")  # fmt: skip
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to this file (atomically).")
@click.option(
    "--lang", metavar=LANG_METAVAR, help=LANG_HELP
)
@click.option("-q", "--quiet", is_flag=True, help="Do not print warnings.")
@decision_options
def prizes_cmd(file: str, prize_file: str, tiebreaks: str | None, rules: str | None, after_round: int | None,
               fmt: str | None, output: str | None, lang: str | None, quiet: bool, decisions: Decisions,
               save_trf: str | None) -> None:  # fmt: skip
    """Award the prizes of a prize file on the final standings of FILE, and say why each went where
    it went: who was eligible, who was ahead, which tie-break decided."""
    language = choose_language(lang)
    chosen = choose_format(fmt, output, PrizeList)
    guard_outputs(output, save_trf)
    spec = load_prize_file(prize_file)
    opts = EventOptions(after_round, output, False, False, None, quiet, False)
    job = request(file, opts, Task.PRIZES, tiebreaks=tiebreaks, rules=rules, decisions=decisions, lang=language, prizes=spec)
    result = run_job(job, opts, language)
    assert result.standings is not None
    text = render(result.value, chosen, lang=language)
    write_decided_trf(save_trf, result.standings)
    emit(text, output)
