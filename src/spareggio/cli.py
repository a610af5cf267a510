"""The ``spareggio`` command line.  Thin: every command calls the library and renders its result.

Any :class:`~spareggio.errors.SpareggioError` (and any usage error) becomes one line on standard
error and exit status 2; nothing the user can provoke prints a traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

import click

from .__about__ import __version__
from .errors import SpareggioError

__all__ = ["cli", "main"]

FORMATS = ("table", "csv", "json")


def _emit(text: str, output: str | None) -> None:
    if output:
        from .io.output import write_atomic

        write_atomic(output, text)
    else:
        click.echo(text, nl=False)


def _print_warnings(items: Sequence[object], quiet: bool) -> None:
    if quiet:
        return
    seen: set[str] = set()
    for w in items:
        line = str(w)
        if "warning:" not in line:
            line = f"warning: {line}"
        if line not in seen:
            seen.add(line)
            click.echo(line, err=True)


def _kind_option(swiss: bool, round_robin: bool) -> Any:
    from .errors import ArgumentError
    from .model import TournamentKind

    if swiss and round_robin:
        raise ArgumentError("--swiss and --round-robin cannot be used together")
    if swiss:
        return TournamentKind.SWISS
    if round_robin:
        return TournamentKind.ROUND_ROBIN
    return None


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="spareggio")
def cli() -> None:
    """Chess tie-breaks computed exactly, under the rule set that applies, and explained."""


@cli.command("standings")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("-t", "--tiebreaks", help='Comma-separated list, e.g. "BH/C1,BH,SB" (default: the file\'s list).')
@click.option("-r", "--rules", help="Rule set for unplayed rounds (default: chosen by the start date).")
@click.option("-a", "--after-round", type=int, help="Standings as they stood after this round.")
@click.option("-f", "--format", "fmt", type=click.Choice(FORMATS), default="table", show_default=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to this file (atomically).")
@click.option("--swiss", is_flag=True, help="Treat the event as a Swiss (Article 16).")
@click.option("--round-robin", is_flag=True, help="Treat the event as a round robin (Article 15).")
@click.option("-q", "--quiet", is_flag=True, help="Do not print warnings.")
def standings_cmd(
    file: str,
    tiebreaks: str | None,
    rules: str | None,
    after_round: int | None,
    fmt: str,
    output: str | None,
    swiss: bool,
    round_robin: bool,
    quiet: bool,
) -> None:
    """Rank FILE (a FIDE TRF tournament report) with its tie-breaks."""
    from . import read_trf, standings
    from .io import output as out

    kind = _kind_option(swiss, round_robin)
    t = read_trf(file, kind=kind)
    s = standings(t, tiebreaks, rules=rules, after_round=after_round)
    _print_warnings([*t.warnings, *s.warnings], quiet)
    if fmt == "json":
        text = out.standings_json(s)
    elif fmt == "csv":
        text = out.standings_csv(s)
    else:
        text = out.standings_table(s)
    _emit(text, output)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit status."""
    try:
        cli.main(args=list(argv) if argv is not None else None, prog_name="spareggio", standalone_mode=False)
    except SpareggioError as exc:
        click.echo(f"spareggio: {exc}" if not _has_position(exc) else str(exc), err=True)
        return 2
    except click.exceptions.Abort:
        click.echo("spareggio: aborted", err=True)
        return 130
    except click.ClickException as exc:
        click.echo(f"spareggio: {exc.format_message()}", err=True)
        return 2
    except OSError as exc:
        click.echo(f"spareggio: {exc.filename or ''}: {exc.strerror or exc}", err=True)
        return 2
    except KeyboardInterrupt:
        click.echo("spareggio: interrupted", err=True)
        return 130
    return 0


def _has_position(exc: SpareggioError) -> bool:
    from .errors import InputError

    return isinstance(exc, InputError)


def run() -> None:  # pragma: no cover - console script wrapper
    sys.exit(main())
