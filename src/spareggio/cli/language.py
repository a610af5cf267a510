"""The language of the command line: ``--lang`` of the group or of a command, else the
environment's.  Light on purpose: the group (and ``spareggio --help``) needs it before any command
module is loaded."""

from __future__ import annotations

from collections.abc import Sequence

import click

from ..base.errors import SpareggioError, check_language
from ..base.i18n import default_language, languages

__all__ = ["LANG_HELP", "LANG_METAVAR", "argv_language", "choose_language"]

LANG_HELP = "Language, case-insensitive (default: the environment's LANG, else English)."
LANG_METAVAR = "[" + "|".join(languages()) + "]"
"""The languages ``--lang`` takes, from the registry (:func:`spareggio.base.i18n.languages`)."""


def choose_language(value: str | None) -> str:
    """``--lang`` of a command, case-insensitive; by default the one given before the command
    (``spareggio --lang it standings ...``), else the environment's language (LANG), else English."""
    if value is None:
        ctx = click.get_current_context(silent=True)
        if ctx is not None:
            value = ctx.find_root().params.get("lang")
    return check_language(value)


def argv_language(args: Sequence[str]) -> str:
    """The language a command line asks for (``--lang X`` or ``--lang=X``), else the
    environment's: what errors and help are printed in, before the command itself has run."""
    value = None
    for k, arg in enumerate(args):
        if arg == "--lang" and k + 1 < len(args):
            value = args[k + 1]
        elif arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
    try:
        return check_language(value)
    except SpareggioError:
        return default_language()
