"""``spareggio conformance``: generated tournaments (or a folder of TRF files) put through a tie-break
engine, every difference from spareggio classified; exit 1 when any is unexplained."""

from __future__ import annotations

import time
from pathlib import Path

import click

from ..base.errors import ArgumentError
from ..base.i18n import localize, msg
from ..conformance import generate_set, report_csv, report_html, report_json, run_conformance, summarize
from ..io.output import write_atomic
from .app import cli
from .common import LANG_HELP, choose_language

__all__ = ["conformance_cmd"]


@cli.command("conformance")
@click.option(
    "--engine",
    required=True,
    help="spareggio, gacrux, or a command with {input} and {output}, e.g. \"mytb {input} {output}\".",
)
@click.option("-n", "--tournaments", type=click.IntRange(1, 10_000_000), default=100, show_default=True,
              help="Tournaments to generate (ignored with --folder).")  # fmt: skip
@click.option("--folder", type=click.Path(file_okay=False, exists=True), help="Run on the TRF files of a folder.")
@click.option("-s", "--seed", type=int, default=0, show_default=True, help="Seed of the generated set.")
@click.option(
    "-o",
    "--output",
    type=click.Path(file_okay=False),
    required=True,
    help="Folder of the run: the generated files, the journal (a run started again resumes) and the reports.",
)
@click.option("-j", "--jobs", type=click.IntRange(1, 256), default=1, show_default=True, help="Processes.")
@click.option("--dask", metavar="ADDRESS", help="Run on a Dask scheduler, or 'local' for a local cluster of -j workers.")
@click.option("--python", metavar="PATH", help="The interpreter that has gacrux installed (--engine gacrux).")
@click.option("--profile", metavar="PROGRAM", help="The engine's program profile (default: by its name).")
@click.option("--lang", help=LANG_HELP)
def conformance_cmd(
    engine: str,
    tournaments: int,
    folder: str | None,
    seed: int,
    output: str,
    jobs: int,
    dask: str | None,
    python: str | None,
    profile: str | None,
    lang: str | None,
) -> None:
    """Put a tie-break engine through generated tournaments and classify every difference from spareggio
    (a documented departure of a known program, a documented reading, or unexplained)."""
    lang = choose_language(lang)
    out = Path(output)
    started = time.perf_counter()
    if folder:
        paths = sorted(p for p in Path(folder).iterdir() if p.suffix.lower() in (".trf", ".txt"))
        if not paths:
            raise ArgumentError(msg("{folder}: no TRF file (.trf, .txt) in the folder", folder=folder))
    else:
        paths = generate_set(tournaments, out / "tournaments", seed, jobs=jobs)

    def progress(done: int, total: int) -> None:
        if done % 500 == 0 or done == total:
            click.echo(localize(msg("{done} of {total} tournaments", done=done, total=total), lang), err=True)

    try:
        results = run_conformance(paths, engine, out / "journal.jsonl", jobs=jobs, python=python,
                                  profile=profile, dask=dask, progress=progress)  # fmt: skip
    except ValueError as exc:
        raise ArgumentError(exc.args[0] if exc.args else str(exc)) from None
    summary = summarize(results, time.perf_counter() - started)
    write_atomic(str(out / "report.json"), report_json(summary, results, engine))
    write_atomic(str(out / "report.csv"), report_csv(results))
    write_atomic(str(out / "report.html"), report_html(summary, results, engine))
    line = msg(
        "{tournaments} tournaments, {failed} failed; ranks {ranks_differing} of {ranks} differ, values "
        "{values_differing} of {values}; {explained} explained, {unexplained} unexplained; reports in {out}",
        tournaments=summary.tournaments,
        failed=summary.failed,
        ranks_differing=summary.ranks_differing,
        ranks=summary.ranks_compared,
        values_differing=summary.values_differing,
        values=summary.values_compared,
        explained=summary.explained,
        unexplained=summary.unexplained,
        out=str(out),
    )
    click.echo(localize(line, lang))
    if not summary.ok:
        raise click.exceptions.Exit(1)
