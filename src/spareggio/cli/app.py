"""The ``spareggio`` command group: the commands attach to it in their own modules."""

from __future__ import annotations

import click

from ..__about__ import __version__
from .common import LANG_METAVAR, choose_language

__all__ = ["cli"]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="spareggio")
@click.option(
    "--lang", metavar=LANG_METAVAR, help="Language of every command (default: the environment's LANG, else English)."
)
def cli(lang: str | None) -> None:
    """Chess tie-breaks computed exactly, under the rule set that applies, and explained."""
    choose_language(lang)  # an unknown language is an error before any command runs
