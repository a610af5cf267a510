"""``spareggio crosstable FILE``: the crosstable of the standings, printed or written to a file
(``-o crosstable.pdf``, ``.html``, ``.xlsx``, ``.txt``).

The command is built by :func:`crosstable_command` from the helpers every command of
:mod:`spareggio.cli` shares (passed in, so that this module does not import the command group).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from .event import rank, reading_warnings
from .render.crosstable import Crosstable, build_crosstable
from .render.formats import choose_format, formats_for, render

__all__ = ["CROSSTABLE_FORMATS", "crosstable_command"]

CROSSTABLE_FORMATS = tuple(f.name for f in formats_for(Crosstable))
"""What ``crosstable`` writes; ``-o FILE`` chooses by the extension when ``--format`` is not given."""


def crosstable_command(
    event_options: Callable[..., Any],
    emit: Callable[[str | bytes, str | None], None],
    language: Callable[[str | None], str],
    print_warnings: Callable[..., None],
    team_event: Callable[[str, Any], Any],
) -> click.Command:
    """The ``crosstable`` command, with the shared options and helpers of the command line."""

    @click.command("crosstable")
    @click.argument("file", type=click.Path(dir_okay=False))
    @click.option(
        "-t", "--tiebreaks", help='Comma-separated list, e.g. "BH/C1,BH,SB" (default: the file\'s list).'
    )
    @click.option("-r", "--rules", help="Rule set for unplayed rounds (default: chosen by the start date).")
    @click.option(
        "-f",
        "--format",
        "fmt",
        type=click.Choice(CROSSTABLE_FORMATS),
        help="Output format (default: table, or the extension of -o: .txt .html .pdf .xlsx).",
    )
    @click.option(
        "--grid/--rounds",
        default=None,
        help="Player against player (default for round robins) or one column per round (default for Swiss events).",
    )
    @click.option(
        "--lang", help="Language: en, it or fr, case-insensitive (default: the environment's LANG, else en)."
    )
    @event_options
    def crosstable_cmd(
        file: str,
        tiebreaks: str | None,
        rules: str | None,
        fmt: str | None,
        grid: bool | None,
        lang: str | None,
        opts: Any,
    ) -> None:
        """The crosstable of FILE in standings order, with the points and the tie-break columns:
        one column per round for a Swiss, player against player for a round robin."""
        said = language(lang)
        chosen = choose_format(fmt, opts.output, Crosstable)
        team = team_event(file, opts)
        event = team if team is not None else opts.load(file)
        s = rank(event, tiebreaks, rules=rules, after_round=opts.after_round, unrated_rating=opts.unrated_rating)
        print_warnings([*reading_warnings(event), *s.warnings], opts.quiet, said)
        x = build_crosstable(s, said, grid=grid)
        emit(render(x, chosen, lang=said), opts.output)

    return crosstable_cmd
