"""``spareggio explain``: a player's tie-breaks round by round, two players side by side, or all."""

from __future__ import annotations

import click

from ..base.errors import ArgumentError
from ..base.i18n import msg
from ..core.decisions import Decisions
from ..explain import PlayerExplanation
from ..job import Task
from ..render.formats import choose_format, formats_for, render
from .app import cli
from .common import (
    LANG_HELP,
    LANG_METAVAR,
    EventOptions,
    choose_language,
    decision_options,
    emit,
    event_options,
    request,
    run_job,
    write_decided_trf,
)

__all__ = ["EXPLAIN_FORMATS", "explain_cmd"]

EXPLAIN_FORMATS = tuple(f.name for f in formats_for(PlayerExplanation))


@cli.command("explain")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option(
    "-p",
    "--player",
    "--team",
    "player",
    help="The player (or, in a team event, the team) to explain: number, or name (or a unique part of it).",
)
@click.option("--all", "every", is_flag=True, help="Explain every player, in one document.")
@click.option("--versus", help="A second player (number or name): why one is ranked above the other.")
@click.option("-t", "--tiebreaks", help="Comma-separated list (default: the standings list).")
@click.option("-r", "--rules", help="Rule set for unplayed rounds (default: chosen by the start date).")
@click.option(
    "-f",
    "--format",
    "fmt",
    type=click.Choice(EXPLAIN_FORMATS),
    help="Output format (default: text, or the extension of -o: .txt .json .html).",
)
@click.option("--lang", metavar=LANG_METAVAR, help=LANG_HELP)
@event_options
@decision_options
def explain_cmd(
    file: str,
    player: str | None,
    every: bool,
    versus: str | None,
    tiebreaks: str | None,
    rules: str | None,
    fmt: str | None,
    lang: str | None,
    opts: EventOptions,
    decisions: Decisions | None = None,
    save_trf: str | None = None,
) -> None:
    """Explain a player's tie-breaks round by round (or, with --versus, why one player is ahead;
    with --all, every player)."""
    language = choose_language(lang)
    chosen = choose_format(fmt, opts.output, PlayerExplanation, default="text")
    if every == (player is not None):
        raise ArgumentError(msg("name one player with --player (number or name), or use --all"))
    if every and versus is not None:
        raise ArgumentError(msg("--versus compares two players: use it with --player, not --all"))
    job = request(
        file, opts, Task.EXPLAIN, tiebreaks=tiebreaks, rules=rules, decisions=decisions, lang=language,
        player=player, versus=versus, every=every,
    )  # fmt: skip
    result = run_job(job, opts, language)
    assert result.standings is not None
    write_decided_trf(save_trf, result.standings)
    emit(render(result.value, chosen, lang=language, title=result.standings.tournament.name or file), opts.output)
