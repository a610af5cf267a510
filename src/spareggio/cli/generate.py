"""``spareggio generate``: a synthetic tournament, the same for the same seed."""

from __future__ import annotations

import datetime

import click

from ..errors import ArgumentError
from ..generate import generate, generate_trf
from ..i18n import msg
from ..io.tournament_json import write_tournament_json
from .app import cli
from .common import LANG_HELP, LANG_METAVAR, choose_language, emit

__all__ = ["generate_cmd"]


@cli.command("generate")
@click.option(
    "-n",
    "--players",
    type=click.IntRange(2, 1_000_000),
    required=True,
    help="Number of players (at most 9999 in a TRF file).",
)
@click.option("-r", "--rounds", type=click.IntRange(1, 99), required=True, help="Number of rounds.")
@click.option("-s", "--seed", type=int, required=True, help="Random seed: the same seed gives the same file.")
@click.option("--round-robin", is_flag=True, help="Berger round robin (C.05 Annex 1) instead of a Swiss.")
@click.option(
    "--half-byes",
    type=click.FloatRange(0, 1),
    default=0.02,
    show_default=True,
    help="Requested half-point byes, per player and round (Swiss).",
)
@click.option(
    "--zero-byes",
    type=click.FloatRange(0, 1),
    default=0.01,
    show_default=True,
    help="Requested zero-point byes, per player and round (Swiss).",
)
@click.option(
    "--forfeits",
    type=click.FloatRange(0, 1),
    default=0.01,
    show_default=True,
    help="Forfeited games, per game (a tenth of them double forfeits).",
)
@click.option(
    "--withdrawals",
    type=click.FloatRange(0, 1),
    default=0.02,
    show_default=True,
    help="Players who withdraw before the last round (Swiss).",
)
@click.option(
    "--pab/--no-pab",
    default=True,
    show_default=True,
    help="Give the odd player out a pairing-allocated bye, or leave him unpaired.",
)
@click.option(
    "--start-date",
    type=click.DateTime(formats=["%Y/%m/%d", "%Y-%m-%d"]),
    default="2026/06/01",
    show_default=True,
    help="Start date (record 042); it selects the FIDE rule version.",
)
@click.option("--name", help="Tournament name (record 012).")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False),
    required=True,
    help="File to write (atomically): tournament JSON if the name ends in .json, else TRF.",
)
@click.option("--lang", metavar=LANG_METAVAR, help=LANG_HELP)
def generate_cmd(
    players: int,
    rounds: int,
    seed: int,
    round_robin: bool,
    half_byes: float,
    zero_byes: float,
    forfeits: float,
    withdrawals: float,
    pab: bool,
    start_date: datetime.datetime,
    name: str | None,
    output: str,
    lang: str | None,
) -> None:
    """Write a synthetic tournament as a TRF or tournament JSON file (the same seed gives the same file)."""
    choose_language(lang)
    as_json = output.lower().endswith(".json")
    try:
        made = (generate if as_json else generate_trf)(
            players,
            rounds,
            seed,
            round_robin=round_robin,
            half_bye_rate=half_byes,
            zero_bye_rate=zero_byes,
            forfeit_rate=forfeits,
            withdrawal_rate=withdrawals,
            pab=pab,
            start_date=start_date.date(),
            name=name,
        )
    except ValueError as exc:
        if not as_json and players > 9999:
            raise ArgumentError(
                msg(
                    "{problem}; an output name ending in .json writes tournament JSON, which has no such limit",
                    problem=exc.args[0] if exc.args else str(exc),
                )
            ) from None
        raise ArgumentError(exc.args[0] if exc.args else str(exc)) from None
    if isinstance(made, str):
        text = made
    else:
        text = write_tournament_json(made)
    emit(text, output)
