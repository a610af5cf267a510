"""The ``spareggio`` command line.  Thin: every command calls the library and renders its result
through the format registry (:mod:`spareggio.render.formats`).

One module per command (or pair of listing commands), each attaching itself to the group of
:mod:`.app` and loaded by name only when its command runs (:data:`spareggio.lazy.COMMANDS`);
:mod:`.common` holds what they share.  Any
:class:`~spareggio.base.errors.SpareggioError` (and any usage error) becomes one line on standard error
and exit status 2; nothing the user can provoke prints a traceback.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Sequence
from typing import NoReturn

import click

from ..base.console import console
from ..base.errors import InputError, SpareggioError, os_reason
from ..base.i18n import localize, msg, worded
from ..base.processes import one_blas_thread
from .app import cli
from .clilang import click_error, flag_words, localized_cli
from .language import argv_language

__all__ = ["cli", "main", "run"]


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit status."""
    lang = argv_language(list(argv) if argv is not None else sys.argv[1:])
    with console(), worded(flag_words):  # the library's fields said as this command line's options
        return _run(argv, lang)


def _run(argv: Sequence[str] | None, lang: str) -> int:
    try:
        status = localized_cli(cli, lang).main(
            args=list(argv) if argv is not None else None, prog_name="spareggio", standalone_mode=False
        )
    except SpareggioError as exc:
        text = exc.localized(lang)
        click.echo(f"spareggio: {text}" if not _has_position(exc) else text, err=True)
        return 2
    except click.exceptions.Abort:
        click.echo("spareggio: " + localize(msg("aborted"), lang), err=True)
        return 130
    except click.exceptions.NoArgsIsHelpError as exc:
        click.echo(exc.ctx.get_help() if exc.ctx else "")
        return 0
    except click.ClickException as exc:
        click.echo(f"spareggio: {click_error(exc, lang)}", err=True)
        return 2
    except OSError as exc:
        click.echo(f"spareggio: {exc.filename or ''}: {localize(os_reason(exc), lang)}", err=True)
        return 2
    except KeyboardInterrupt:
        click.echo("spareggio: " + localize(msg("interrupted"), lang), err=True)
        return 130
    return status if isinstance(status, int) else 0


def _has_position(exc: SpareggioError) -> bool:

    return isinstance(exc, InputError)


def run() -> NoReturn:
    """The process of ``spareggio`` (the console script) and of ``python -m spareggio``: :func:`main`,
    then the exit with its status.

    Before the interpreter shuts down, every object still alive is set aside from the cyclic
    garbage collector (:func:`gc.freeze`).  The shutdown then runs as always (exit handlers, files
    flushed and closed, every object freed by its reference count), but the collections it makes
    while it tears the modules down no longer walk every class, function and table the command
    loaded: those walks cost a short command's process about a fifth of its CPU
    (docs/performance.md).  Only here, at the end of a process: :func:`main` called in a longer
    process (tests, a script) leaves the collector alone.

    Before the command is loaded (and numpy with it), the process asks numpy's BLAS for one thread
    (:func:`~spareggio.base.processes.one_blas_thread`): spareggio never uses BLAS, whose threads
    would spin at every start."""
    one_blas_thread()
    status = main()
    gc.freeze()
    sys.exit(status)
