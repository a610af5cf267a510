"""What every command shares: the language, writing the output whole, the warnings, and the options
of every command that reads a tournament."""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import click

from ..base.classes import dataclass
from ..base.errors import ArgumentError, Diagnostic
from ..base.i18n import SOURCE, Field, localize, msg
from ..core.decisions import HOW_FIELD, Decision, Decisions, Exclusion, Playoff
from ..core.model import Event, TournamentKind, TrfWriting
from ..io import ReadOptions
from ..io.output import refuse_inputs, write_atomic
from ..io.trf.writer import write_decided_trf as write_decided_trf_text
from ..job import Job, Result, Task, load, run
from ..standings import Standings
from .language import LANG_HELP, LANG_METAVAR, argv_language, choose_language

if TYPE_CHECKING:  # read by the prizes command only
    from ..prizes import PrizeFile

__all__ = [
    "LANG_HELP",
    "LANG_METAVAR",
    "EventOptions",
    "argv_language",
    "choose_language",
    "decision_options",
    "emit",
    "event_options",
    "exclusion_option",
    "guard_outputs",
    "inputs",
    "kind_option",
    "load_event",
    "playoff_option",
    "print_warnings",
    "request",
    "run_job",
    "write_decided_trf",
]

def emit(text: str | bytes, output: str | None) -> None:
    """Write ``text`` to the file ``output`` (whole or not at all, never over an input of the
    command), else to standard output."""
    if output:
        write_atomic(output, text, inputs=inputs())
    elif isinstance(text, bytes):
        raise ArgumentError(msg("PDF and XLSX output is binary: write it to a file with -o FILE"))
    else:
        click.echo(text, nl=False)


OUTPUTS = ("output", "save_trf")
"""The parameters that name files a command writes (``-o``, ``--save-trf``); every other one that
names a file is an input."""


def inputs() -> list[str]:
    """Every path the running command was given (its arguments and options but its outputs)."""
    ctx = click.get_current_context(silent=True)
    found: list[str] = []
    for key, value in ctx.params.items() if ctx is not None else ():
        if key in OUTPUTS:
            continue
        for item in value if isinstance(value, tuple | list) else (value,):
            if isinstance(item, str) and item:
                found.append(item)
    return found


def guard_outputs(output: str | None, save_trf: str | None) -> None:
    """Refuse, before anything is read or written, an output that is an input of the command (the
    same file by any path: a hard or symbolic link, another spelling), and ``--save-trf`` naming the
    file of ``-o``."""
    if output:
        refuse_inputs(output, inputs())
    if save_trf:
        refuse_inputs(save_trf, [*inputs(), *([output] if output else [])], "--save-trf")
        if output and os.path.abspath(save_trf) == os.path.abspath(output):
            raise ArgumentError(
                msg(
                    "--save-trf {path}: -o writes this file too; write the TRF to another file", path=save_trf
                )
            )



def print_warnings(items: Sequence[object], quiet: bool, lang: str = SOURCE) -> None:

    if quiet:
        return
    seen: set[str] = set()
    for w in items:
        text = w.text() if isinstance(w, Diagnostic) else w
        line = localize(text, lang)
        if "warning:" not in str(text):
            line = localize(msg("warning: {text}", text=text), lang)
        if line not in seen:
            seen.add(line)
            click.echo(line, err=True)


def kind_option(swiss: bool, round_robin: bool) -> TournamentKind | None:

    if swiss and round_robin:
        raise ArgumentError(msg("--swiss and --round-robin cannot be used together"))
    if swiss:
        return TournamentKind.SWISS
    if round_robin:
        return TournamentKind.ROUND_ROBIN
    return None


@dataclass(frozen=True)
class EventOptions:
    """The options every command that reads a tournament shares."""

    after_round: int | None
    output: str | None
    swiss: bool
    round_robin: bool
    unrated_rating: int | None
    quiet: bool
    lenient: bool
    primary: str | None = None
    input_format: str | None = None
    rating: str | None = None
    declared_ranks: str | None = None
    byes: str | None = None


_EVENT_OPTIONS = (
    click.option("-a", "--after-round", type=int, help="As the standings stood after this round."),
    click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to this file (atomically)."),
    click.option("--swiss", is_flag=True, help="Treat the event as a Swiss (Article 16)."),
    click.option("--round-robin", is_flag=True, help="Treat the event as a round robin (Article 15)."),
    click.option(
        "--unrated-rating", type=int, help="Rating that unrated players count as in rating tie-breaks."
    ),
    click.option("-q", "--quiet", is_flag=True, help="Do not print warnings."),
    click.option(
        "--lenient",
        is_flag=True,
        help="Repair a game whose two sides disagree (a warning says how) instead of refusing the file.",
    ),
    click.option(
        "--primary",
        type=click.Choice(["MP", "GP"], case_sensitive=False),
        help="Team events: rank the teams by match points or game points (default: record 192, else MP).",
    ),
    click.option(
        "--input-format",
        metavar="FORMAT",
        help="The format of the file (trf, json, ...), when its content and name do not tell it.",
    ),
    click.option(
        "--rating",
        type=click.Choice(["fide", "national"], case_sensitive=False),
        help="The rating of rating tie-breaks: FIDE or national (TRF-26 record 172; default: as the file says, else FIDE).",
    ),
    click.option(
        "--declared-ranks",
        type=click.Path(dir_okay=False),
        help="The ranks a file's program declares elsewhere: lichess Swiss, its results export (default: "
        "FILE.ndjson beside the file); Vega's crosstable page, its standings page (default: the one beside it).",
    ),
    click.option(
        "--byes",
        type=click.Choice(["absent", "zero", "half", "full", "pab"], case_sensitive=False),
        help="PGN: how a round in which a player has no game counts (PGN cannot tell a bye from an "
        "absence): absent (default; not paired, no point), zero, half or full (requested byes), pab "
        "(pairing-allocated bye).",
    ),
)


def event_options(f: Callable[..., None]) -> Callable[..., None]:
    """Add the shared options to a command, passed to it as one ``opts: EventOptions``."""

    @functools.wraps(f)
    def wrapper(
        *args: object,
        after_round: int | None,
        output: str | None,
        swiss: bool,
        round_robin: bool,
        unrated_rating: int | None,
        quiet: bool,
        lenient: bool,
        primary: str | None,
        input_format: str | None,
        rating: str | None,
        declared_ranks: str | None,
        byes: str | None,
        **kwargs: object,
    ) -> None:
        opts = EventOptions(
            after_round, output, swiss, round_robin, unrated_rating, quiet, lenient,
            primary.upper() if primary else None,
            input_format.lower() if input_format else None,
            rating.lower() if rating else None,
            declared_ranks,
            byes.lower() if byes else None,
        )  # fmt: skip
        f(*args, opts=opts, **kwargs)

    command: Callable[..., None] = wrapper
    for option in reversed(_EVENT_OPTIONS):
        command = option(command)
    return command


def request(
    file: str,
    opts: EventOptions,
    task: Task = Task.STANDINGS,
    *,
    team_players: bool = False,
    tiebreaks: str | None = None,
    rules: str | None = None,
    rule_sets: Sequence[str] | None = None,
    decisions: Decisions | None = None,
    lang: str = SOURCE,
    player: str | None = None,
    versus: str | None = None,
    every: bool = False,
    prizes: PrizeFile | None = None,
) -> Job:
    """The job (:class:`spareggio.job.Job`) of a command that reads ``file`` with the shared
    options and its own; ``team_players`` reads a team event's players as an individual tournament
    (``--individual``)."""
    options = ReadOptions(
        kind=kind_option(opts.swiss, opts.round_robin),
        lenient=opts.lenient,
        rating=opts.rating,  # type: ignore[arg-type]  # click's choice
        ranks=opts.declared_ranks,
        byes=opts.byes,
        team_players=team_players,
    )
    return Job(
        task, file, input_format=opts.input_format, read=options, primary=opts.primary,
        tiebreaks=tiebreaks, rules=rules, rule_sets=rule_sets, after_round=opts.after_round,
        unrated_rating=opts.unrated_rating, decisions=decisions, lang=lang, player=player,
        versus=versus, every=every, prizes=prizes,
    )  # fmt: skip


def run_job(job: Job, opts: EventOptions, lang: str) -> Result:
    """The result of a command's job (:func:`spareggio.job.run`), with what the reader and the
    computation warned printed to the standard error as soon as it is known."""
    return run(job, report=lambda warnings: print_warnings(warnings, opts.quiet, lang))


def load_event(file: str, opts: EventOptions, *, team_players: bool = False) -> Event:
    """The event in a file (any format of the reader registry) as the options ask: a tournament,
    or a team event ranked by the primary score of ``--primary``; with ``team_players`` the
    players of a team event as an individual tournament (``--individual``)."""
    return load(request(file, opts, team_players=team_players))


def _start_numbers(text: str) -> tuple[int, ...] | None:
    """Start numbers as an option writes them (``3,7``; blanks, ``;`` and ``>`` separate them too)."""
    items = [x for x in re.split(r"[\s,;>]+", text.strip()) if x]
    if not items or not all(re.fullmatch(r"\d+", x) for x in items):
        return None
    return tuple(int(x) for x in items)


def playoff_option(value: str, how: Decision = Decision.PLAYOFF) -> Playoff:
    """The value of ``--playoff 3,7:1½-½`` (or ``--arbiter``): start numbers first to last, then an
    optional note after ``:``, as the library's :meth:`Playoff.given`.

    :raises ArgumentError: for anything else, naming the option.
    """
    body, _, note = value.partition(":")
    players = _start_numbers(body)
    if players is None or len(players) < 2 or len(set(players)) != len(players):
        raise ArgumentError(
            msg(
                "{field} {value!r}: expected two or more different start numbers, first to last, "
                "separated by commas, then ':' and a note (3,7:1½-½)",
                field=HOW_FIELD[how], value=value,
            )
        )  # fmt: skip
    return Playoff.given(players, how, note)


def exclusion_option(value: str) -> Exclusion:
    """The value of ``--exclude 5:expelled``: a start number, then an optional reason after ``:``,
    as the library's :meth:`Exclusion.given`.

    :raises ArgumentError: for anything else, naming the option.
    """
    body, _, reason = value.partition(":")
    number = _start_numbers(body)
    if number is None or len(number) != 1:
        raise ArgumentError(
            msg(
                "{field} {value!r}: expected a start number, then ':' and the reason (5:expelled)",
                field=Field.EXCLUDE,
                value=value,
            )
        )
    return Exclusion.given(number[0], reason)


def decision_options(f: Callable[..., None]) -> Callable[..., None]:
    """Add --playoff, --arbiter, --lots, --exclude and --save-trf; the command receives
    ``decisions`` (the options' decisions, to give on top of the file's) and ``save_trf``."""

    @functools.wraps(f)
    def wrapper(*args: object, playoff: tuple[str, ...], arbiter: tuple[str, ...], lots: str | None,
                exclude: tuple[str, ...], **kwargs: object) -> None:  # fmt: skip
        playoffs = [playoff_option(v, Decision.PLAYOFF) for v in playoff]
        playoffs += [playoff_option(v, Decision.ARBITER) for v in arbiter]
        f(*args, decisions=Decisions.given(playoffs, [exclusion_option(v) for v in exclude], lots), **kwargs)

    options = (
        click.option("--playoff", multiple=True, metavar="NUMBERS:SCORE",
                     help="A playoff deciding a tie: start numbers (team numbers in a team event) first to last, then its score (--playoff 7,1:1½-½)."),
        click.option("--arbiter", multiple=True, metavar="NUMBERS:REASON",
                     help="An order the arbiter decided for a tie (--arbiter 4,3:coin toss)."),
        click.option("--lots-seed", "lots", metavar="SEED", help="Draw lots for the ties left, with this seed (printed with the result)."),
        click.option("--exclude", multiple=True, metavar="NUMBER:REASON",
                     help="Leave a player (a team in a team event) out of the ranking (--exclude 5:expelled); the games played count for the others."),
        click.option("--save-trf", type=click.Path(dir_okay=False),
                     help="Also write the tournament with these decisions and the log of changes as TRF."),
    )  # fmt: skip
    command: Callable[..., None] = wrapper
    for option in reversed(options):
        command = option(command)
    return command


def write_decided_trf(path: str | None, s: Standings) -> None:
    """Write the tournament of the standings ``s`` with the decisions that made them (records XPO,
    XLT, XEX and the log of changes XCL) and the list used (212) to ``path``, when given."""
    if not path:
        return
    if s.event.trf_writing is not TrfWriting.WHOLE:
        raise ArgumentError(msg("--save-trf writes individual tournaments: a team event is not written back"))
    write_atomic(path, write_decided_trf_text(s), inputs=inputs(), option="--save-trf")
