"""``spareggio generate``: a random tournament as FIDE's acceptance drafts describe the generator (Swiss
pairings by a FIDE Dutch engine, team Swiss pairings by FIDE's team system C.04.6, round robins by the Berger tables, results from the expected-score
table), the same for the same seed; ``--fast-pairing`` keeps the approximate pairing for benchmarks."""

from __future__ import annotations

import datetime

import click

from ..base.errors import ArgumentError
from ..base.i18n import localize, msg
from ..core.model import Tournament
from ..generate import generate, generate_trf
from ..generator import (
    ByeRates,
    GeneratorOptions,
    PairingSystem,
    RatingSpec,
    ResultRates,
    generate_event,
    read_ratings,
)
from ..io.registry import parse_event
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
    "--boards",
    type=click.IntRange(0, 12),
    default=0,
    show_default=True,
    help="A team event with this many boards; --players then counts the teams (requested byes are not drawn). "
    "A team Swiss is paired by FIDE's Swiss team pairing system (C.04.6) when gacrux is installed "
    "(spareggio[team-swiss]), else by the Dutch system on match points.",
)
@click.option(
    "--full-byes",
    type=click.FloatRange(0, 1),
    default=0.0,
    show_default=True,
    help="Requested full-point byes, per player and round (Swiss).",
)
@click.option(
    "--byes-round",
    "byes_round",
    multiple=True,
    metavar="R:FULL,HALF,ZERO",
    help="Bye rates of round R in place of the others (repeatable), e.g. 5:0,0.2,0.",
)
@click.option(
    "--double-forfeits",
    type=click.FloatRange(0, 1),
    default=0.1,
    show_default=True,
    help="Share of the forfeits in which neither player came.",
)
@click.option(
    "--unusual",
    type=click.FloatRange(0, 1),
    default=0.0,
    show_default=True,
    help="Games with an unusual result over the board (1/2-0, 0-1/2, 0-0), per game.",
)
@click.option(
    "--draw-rate",
    type=click.FloatRange(0, 1),
    default=0.3,
    show_default=True,
    help="Share of draws between equally rated players (fewer as the expected score moves away from 1/2).",
)
@click.option("--baku", is_flag=True, help="Baku acceleration (C.04.7) in a Swiss.")
@click.option("--tiebreaks", metavar="LIST", help="The tie-break list written as record 212, e.g. BH/C1,BH,SB.")
@click.option(
    "--ratings",
    metavar="LIST|@FILE",
    help="Ratings by start number: a comma-separated list, or @FILE with one rating a line.",
)
@click.option(
    "--rating-range",
    metavar="LOW-HIGH",
    help="Ratings drawn uniformly between two bounds, e.g. 1400-2200 (default: drawn around 1800).",
)
@click.option(
    "--fast-pairing",
    is_flag=True,
    help="The approximate pairing for large benchmarks instead of the FIDE Dutch engine (not C.04.3).",
)
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
    help="Players (teams) who withdraw before the last round, from a random round on.",
)
@click.option(
    "--pab/--no-pab",
    default=True,
    show_default=True,
    help="With --fast-pairing: give the odd player out a pairing-allocated bye, or leave him unpaired.",
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
    boards: int,
    full_byes: float,
    byes_round: tuple[str, ...],
    double_forfeits: float,
    unusual: float,
    draw_rate: float,
    baku: bool,
    tiebreaks: str | None,
    ratings: str | None,
    rating_range: str | None,
    fast_pairing: bool,
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
    """Write a random tournament as a TRF file (tournament JSON with .json): Swiss rounds paired by a FIDE
    Dutch engine, round robins by the Berger tables, results from FIDE's expected-score table; the same
    seed gives the same file."""
    lang = choose_language(lang)
    as_json = output.lower().endswith(".json")
    if fast_pairing or players > 9999:
        if players > 9999 and not fast_pairing:
            click.echo(
                "spareggio: "
                + localize(msg("more than 9999 players: the approximate pairing of --fast-pairing is used"), lang),
                err=True,
            )
        _fast(players, rounds, seed, round_robin, half_byes, zero_byes, forfeits, withdrawals, pab,
              start_date, name, output, as_json)  # fmt: skip
        return
    try:
        options = GeneratorOptions(
            players=players,
            rounds=rounds,
            seed=seed,
            system=PairingSystem.ROUND_ROBIN if round_robin else PairingSystem.SWISS,
            boards=boards,
            byes=ByeRates(full=full_byes, half=half_byes, zero=zero_byes),
            byes_by_round=dict(_round_rates(item) for item in byes_round),
            results=ResultRates(
                draw=draw_rate, forfeit=forfeits, double_forfeit_share=double_forfeits, unusual=unusual
            ),
            withdrawal=withdrawals,
            baku=baku,
            tiebreaks=tuple(x.strip() for x in tiebreaks.replace(";", ",").split(",") if x.strip())
            if tiebreaks
            else (),
            ratings=_rating_spec(ratings, rating_range),
            start_date=start_date.date(),
            name=name,
        )
        made = generate_event(options)
    except ValueError as exc:
        raise ArgumentError(exc.args[0] if exc.args else str(exc)) from None
    text = made.text
    if made.pairing_system == "C.04.6":
        note = msg("team Swiss rounds paired by {engine} (FIDE Swiss team pairing system, C.04.6)",
                   engine=made.pairing_engine)  # fmt: skip
        click.echo("spareggio: " + localize(note, lang), err=True)
    elif made.pairing_system == "C.04.3-match-points":
        note = msg('team Swiss rounds paired by {engine} with the Dutch system (C.04.3) on match points, not by '
                   'FIDE\'s Swiss team pairing system (C.04.6), whose engine, gacrux, is not installed: '
                   'pip install "spareggio[team-swiss]"', engine=made.pairing_engine)  # fmt: skip
        click.echo("spareggio: " + localize(note, lang), err=True)
    elif made.pairing_engine:
        note = msg("Swiss rounds paired by {engine} (FIDE Dutch system, C.04.3)", engine=made.pairing_engine)
        click.echo("spareggio: " + localize(note, lang), err=True)
    if as_json:
        from_trf = parse_event(text.encode("utf-8"), output)
        if not isinstance(from_trf, Tournament):
            raise ArgumentError(msg("a team event is written as TRF only"))
        text = write_tournament_json(from_trf)
    emit(text, output)


def _round_rates(item: str) -> tuple[int, ByeRates]:
    """``R:FULL,HALF,ZERO`` of ``--byes-round``."""
    head, _, rest = item.partition(":")
    parts = rest.split(",")
    try:
        if not head.strip().isdigit() or len(parts) != 3:
            raise ValueError
        full, half, zero = (float(x) for x in parts)
    except ValueError:
        raise ArgumentError(
            msg("--byes-round {value!r}: expected ROUND:FULL,HALF,ZERO, e.g. 5:0,0.2,0", value=item)
        ) from None
    return int(head), ByeRates(full=full, half=half, zero=zero)


def _rating_spec(ratings: str | None, rating_range: str | None) -> RatingSpec:
    if ratings and rating_range:
        raise ArgumentError(msg("give either --ratings or --rating-range, not both"))
    if ratings:
        try:
            if ratings.startswith("@"):
                path = ratings[1:]
                with open(path, encoding="utf-8") as fh:
                    return RatingSpec(given=read_ratings(fh.read(), path))
            return RatingSpec(given=read_ratings(ratings.replace(",", "\n"), "--ratings"))
        except ValueError as exc:
            raise ArgumentError(exc.args[0] if exc.args else str(exc)) from None
    if rating_range:
        low, sep, high = rating_range.partition("-")
        if not sep or not low.strip().isdigit() or not high.strip().isdigit():
            raise ArgumentError(msg("--rating-range {value!r}: expected LOW-HIGH, e.g. 1400-2200", value=rating_range))
        return RatingSpec(low=int(low), high=int(high))
    return RatingSpec()


def _fast(
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
    as_json: bool,
) -> None:
    """The approximate generator of :mod:`spareggio.generate` (benchmarks; not the Dutch system)."""
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
