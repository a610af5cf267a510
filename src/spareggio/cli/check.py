"""``spareggio check``: the ranking files declare, checked against the computed one, in a batch."""

from __future__ import annotations

import os
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterable

import click

from ..check import CheckEntry, CheckOptions, check_files, find_sources
from ..errors import ArgumentError
from ..i18n import msg
from ..io.output import _umask
from ..render.check_report import Summary, run_batch
from ..render.formats import choose_format
from ..rules import find_ruleset
from ..tiebreaks import parse_spec_list
from .app import cli
from .common import LANG_HELP, choose_language

__all__ = ["REPORT_FORMATS", "check_cmd"]


REPORT_FORMATS = ("table", "json", "csv", "html")


@cli.command("check")
@click.argument("paths", nargs=-1, required=True)
@click.option("-t", "--tiebreaks", help="List for files that announce none (records 212/202).")
@click.option("-r", "--rules", help="Rule set for unplayed rounds (default: chosen by each file's date).")
@click.option("-a", "--after-round", type=int, help="Check the ranking as it stood after this round.")
@click.option(
    "--infer", is_flag=True, help="Find which rule set and tie-break list give the declared ranking."
)
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(REPORT_FORMATS),
    help="Report format (default: table, or the extension of -o: .txt .json .csv .html).",
)
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write the report to this file.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), help="Worker processes (default: every core).")
@click.option("--scheduler", help="Address of a Dask distributed scheduler to run the batch on.")
@click.option("--lenient", is_flag=True, help="Repair games whose two sides disagree, with a warning.")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar.")
@click.option("--lang", help=LANG_HELP)
def check_cmd(
    paths: tuple[str, ...],
    tiebreaks: str | None,
    rules: str | None,
    after_round: int | None,
    infer: bool,
    fmt: str | None,
    output: str | None,
    jobs: int | None,
    scheduler: str | None,
    lenient: bool,
    quiet: bool,
    lang: str | None,
) -> int:
    """Check the ranking that files declare (FILES, folders, zip archives) against the computed one.

    Exit status: 0 when every file agrees (or declares no ranks), 1 when any differs, 2 when a file
    cannot be read or an option is bad.
    """

    started = time.perf_counter()
    language = choose_language(lang)
    fmt = choose_format(fmt, output, choices=REPORT_FORMATS).name
    if tiebreaks is not None:
        parse_spec_list(tiebreaks)
    if rules is not None:
        find_ruleset(rules)
    if after_round is not None and after_round < 0:
        raise ArgumentError(msg("--after-round must be 0 or more"))
    options = CheckOptions(
        tiebreaks=tiebreaks, rules=rules, after_round=after_round, infer=infer, lenient=lenient
    )
    results = check_files(paths, options, jobs=jobs, scheduler=scheduler)
    progress = None
    bar = None
    if not quiet and sys.stderr.isatty():
        total = sum(1 for _ in find_sources(paths))
        bar = click.progressbar(length=total, label="checking", file=sys.stderr)
        bar.__enter__()

        def progress(entry: CheckEntry) -> None:
            bar.update(1)

    try:
        summary = _write_report(results, fmt, output, started, progress, language)
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)
    if summary["error"]:
        return 2
    return 1 if summary["differs"] else 0


def _write_report(
    results: Iterable[CheckEntry],
    fmt: str,
    output: str | None,
    started: float,
    progress: Callable[[CheckEntry], None] | None,
    lang: str = "en",
) -> Summary:
    """The report to standard output, or written whole to ``output`` (a temporary file renamed)."""

    if not output:
        return run_batch(results, fmt, sys.stdout, started=started, progress=progress, lang=lang)

    try:
        special = not stat.S_ISREG(os.stat(output).st_mode)
    except OSError:
        special = False
    if special:  # /dev/null, a pipe: written in place, never replaced by a file
        with open(output, "w", encoding="utf-8", newline="") as handle:
            return run_batch(results, fmt, handle, started=started, progress=progress, lang=lang)
    folder = os.path.dirname(os.path.abspath(output))
    fd, tmp = tempfile.mkstemp(prefix=".spareggio-", suffix=".tmp", dir=folder)
    try:
        os.chmod(tmp, 0o666 & ~_umask())
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            summary = run_batch(results, fmt, handle, started=started, progress=progress, lang=lang)
        os.replace(tmp, output)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return summary
