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
import os
import sys
from collections.abc import Mapping, MutableMapping, Sequence
from typing import NoReturn

import click

from ..base.console import console
from ..base.errors import InputError, SpareggioError, os_reason
from ..base.i18n import localize, msg, worded
from .app import cli
from .clilang import click_error, flag_words, localized_cli
from .language import argv_language

__all__ = ["cli", "main", "one_blas_thread", "run"]


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
    process (tests, a script) leaves the collector alone.  And before the command loads numpy, the
    process asks numpy's BLAS for one thread (:func:`one_blas_thread`)."""
    one_blas_thread(os.environ, sys.modules)
    status = main()
    gc.freeze()
    sys.exit(status)


BLAS_THREADS = "OPENBLAS_NUM_THREADS"
"""The variable numpy's BLAS (OpenBLAS, in numpy's wheels) reads for its number of threads."""


def one_blas_thread(environ: MutableMapping[str, str], modules: Mapping[str, object]) -> bool:
    """Ask numpy's BLAS for one thread, unless the environment names a number or numpy is loaded
    already; whether it did.

    When numpy is imported, OpenBLAS starts a thread per core, and each waits for work by spinning
    for about a tenth of a second: CPU the process pays whatever it computes, the more the longer
    it runs (on two cores, 65 ms of a 150 × 9 open's 165 ms and 100 ms of a 9,999 × 13 Swiss's 280
    ms; docs/performance.md).  spareggio does no linear algebra: its arrays are sorted, indexed and
    summed, which BLAS has no part in.  The processes a command starts (the workers of a check)
    inherit the setting."""
    if BLAS_THREADS in environ or "numpy" in modules:
        return False
    environ[BLAS_THREADS] = "1"
    return True
