"""``spareggio check PATHS``: the declared rankings of files, folders and zip archives checked, the
report printed or written whole to ``-o FILE``.  The command makes one request of the job seam
(:attr:`spareggio.job.Task.CHECK_FILES`) and writes the entries :func:`spareggio.job.run` returns."""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from types import FrameType
from typing import TextIO

import click

from ..base.console import raw_stream
from ..base.i18n import Text, localize, msg
from ..check import CheckEntry
from ..check.batch import cores
from ..io import ReadOptions
from ..io.output import atomic_text, refuse_inputs
from ..job import CheckBatch, Job, Task, run
from ..render.check_report import CheckReport, Summary, run_batch, summary_words
from ..render.formats import choose_format, formats_for
from .app import cli
from .common import LANG_HELP, LANG_METAVAR, choose_language, inputs, print_warnings

__all__ = ["REPORT_FORMATS", "check_cmd"]

REPORT_FORMATS = tuple(f.name for f in formats_for(CheckReport))
"""What ``check`` writes; ``-o FILE`` chooses by the extension when ``--format`` is not given."""


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
@click.option("--lang", metavar=LANG_METAVAR, help=LANG_HELP)
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

    Exit status: 0 when every file agrees (or declares no ranks), 1 when any differs, 2 when any
    file is an error row (the report is still written whole) or an option is bad.
    """
    started = time.perf_counter()
    lang_code = choose_language(lang)
    fmt = choose_format(fmt, output, choices=REPORT_FORMATS).name
    request = Job(
        Task.CHECK_FILES, paths, read=ReadOptions(lenient=lenient), tiebreaks=tiebreaks, rules=rules,
        after_round=after_round, infer=infer, jobs=jobs, scheduler=scheduler, lang=lang_code,
    )  # fmt: skip
    results = run(request).value  # the options checked now; the files as the report reads the entries
    assert isinstance(results, CheckBatch)
    if output:
        refuse_inputs(output, paths)  # before the batch, not after it
    _warn_of_jobs(jobs, quiet, lang_code)
    progress = None
    bar = None
    if not quiet and sys.stderr.isatty():
        total = results.files()
        label = localize(Text("checking", "check"), lang_code)
        bar = click.progressbar(length=total, label=label, file=raw_stream(sys.stderr))
        bar.__enter__()

        def progress(entry: CheckEntry) -> None:
            bar.update(1)

    try:
        with stopped_by_signals():
            summary = _write_report(results, fmt, output, started, progress, lang_code, inputs())
    finally:
        if bar is not None:
            _clear(bar.file)
    _print_summary(summary, fmt, output, lang_code)
    if summary["error"]:
        return 2
    return 1 if summary["differs"] else 0


class Stopped(KeyboardInterrupt):
    """The batch was asked to stop (SIGTERM, or SIGHUP: its terminal closed): handled as Ctrl-C is,
    so that the workers are stopped, the temporary files removed and the old report kept."""


@contextlib.contextmanager
def stopped_by_signals() -> Iterator[None]:
    """SIGTERM and SIGHUP raise :class:`Stopped` in the batch while the block runs (by default they
    would end the process at once, leaving its workers and its temporary files).

    A signal the process was started ignoring stays ignored, as the interpreter leaves SIGINT
    ignored in a program started so: ``nohup spareggio check ...`` goes on when its terminal
    closes, and a batch started in the background by a script keeps ignoring what that script's
    shell made it ignore."""

    def stop(signum: int, frame: FrameType | None) -> None:
        raise Stopped(signum)

    previous: dict[int, object] = {}
    if threading.current_thread() is threading.main_thread():
        for name in ("SIGTERM", "SIGHUP"):
            number = getattr(signal, name, None)
            if number is not None and signal.getsignal(number) is not signal.SIG_IGN:
                previous[number] = signal.signal(number, stop)
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)  # type: ignore[arg-type]  # what signal.signal returned


CLEAR_LINE = "\r\x1b[2K\x1b[?25h"
"""What ends the progress bar: back to the start of its line, the line erased, the cursor shown
again (the bar hides it), so that the terminal is left as it was found."""


def _clear(stream: TextIO | None) -> None:
    """The progress bar's last frame erased (instead of being left above the summary)."""
    if stream is not None:
        stream.write(CLEAR_LINE)
        stream.flush()


def _print_summary(summary: Summary, fmt: str, output: str | None, lang: str) -> None:
    """The summary, whatever the report's format and wherever it went: on standard output when
    the report went to ``-o FILE`` (with the file's name), on standard error when a JSON, CSV or
    HTML report fills standard output (which keeps the document alone); a text table ends with it
    already."""
    words = f"{summary_words(summary, lang)} ({summary['seconds']} s)"
    if output:
        click.echo(
            localize(Text("{summary}; report written to {path}", "check", summary=words, path=output), lang)
        )
    elif fmt != "table":
        click.echo(words, err=True)


def _warn_of_jobs(jobs: int | None, quiet: bool, lang: str) -> None:
    """A warning when ``-j`` asks more worker processes than there are cores (the batch uses one
    a core at most)."""
    available = cores()
    if jobs is None or jobs <= available:
        return
    print_warnings(
        [msg("-j {jobs} is more than the {cores} cores of this machine: {cores} worker processes used",
             jobs=jobs, cores=available)],
        quiet,
        lang,
    )  # fmt: skip


def _write_report(
    results: Iterable[CheckEntry],
    fmt: str,
    output: str | None,
    started: float,
    progress: Callable[[CheckEntry], None] | None,
    lang: str,
    inputs: list[str],
) -> Summary:
    """The report to standard output, or written whole to ``output`` (a temporary file renamed)."""
    if not output:
        return run_batch(results, fmt, sys.stdout, started=started, progress=progress, lang=lang)
    with atomic_text(output, inputs=inputs) as handle:
        return run_batch(results, fmt, handle, started=started, progress=progress, lang=lang)
