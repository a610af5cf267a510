"""One job: a request (the file, as a path, as its bytes or as the event already read; how to read
it; what to compute) turned into its result by :func:`run`, the one chain of read -> primary score
-> rank -> result that every front end calls: the command line's ``standings``, ``explain``,
``compare``, ``crosstable``, ``site``, ``prizes`` and ``check`` (its files, folders and zip archives
are one request, :attr:`Task.CHECK_FILES`), the HTTP API's endpoints of the same names, and every
view of the web page (which keeps the events it has open and gives them as they are).

The result is computed, not rendered: the front end renders :attr:`Result.value` through the format
registry (:func:`spareggio.render.formats.render`) in the format it chose, and says the warnings its
own way (:attr:`Result.warnings`, or as soon as they are known through ``report``).
"""

from __future__ import annotations

import enum
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import field
from typing import TYPE_CHECKING, TypeAlias, cast

from . import lazy
from .base.classes import dataclass
from .base.errors import ArgumentError, Diagnostic
from .base.i18n import SOURCE, Field, Text, msg
from .core.decisions import Decisions
from .core.model import Event
from .io import ReadOptions, parse_event, read_event
from .rules import find_ruleset
from .standings import Standings, rank
from .tiebreaks import parse_spec_list

if TYPE_CHECKING:  # the other tasks are loaded by name when asked (spareggio.lazy: task.*)
    from .check import CheckEntry, CheckOptions
    from .comparison import Comparison
    from .core.model import Tournament
    from .explain import Explanations, PlayerExplanation, Versus
    from .prizes import PrizeFile, PrizeList

__all__ = ["CheckBatch", "Job", "Result", "Task", "explain", "load", "run"]

Source: TypeAlias = "str | os.PathLike[str] | bytes | Event"
"""The file of a request: its path, its content, or the event a front end has already read."""

Sources: TypeAlias = "tuple[str | os.PathLike[str], ...]"
"""The files, folders and zip archives of a check of many files (:attr:`Task.CHECK_FILES`)."""

JobWarning = Text | str | Diagnostic
"""A warning of the reading or of the result, as the front end says it."""

Report = Callable[[Sequence[JobWarning]], None]
"""Where the warnings go as soon as they are known (the command line prints them before what may
still fail)."""


class Task(enum.StrEnum):
    """What a request computes."""

    STANDINGS = "standings"
    """The standings (:func:`spareggio.standings.rank`)."""
    EXPLAIN = "explain"
    """A player's tie-breaks (:attr:`Job.player`), two players side by side
    (:attr:`Job.versus`), or every player (:attr:`Job.every`)."""
    COMPARE = "compare"
    """The standings under several rule sets (:attr:`Job.rule_sets`)."""
    PRIZES = "prizes"
    """The prizes of a prize file (:attr:`Job.prizes`) awarded on the standings."""
    CHECK = "check"
    """The ranks the file declares checked against the computed ones (:attr:`Job.infer`: which
    rule set and list give them); a file that cannot be read is an error entry, not an error."""
    CHECK_FILES = "check-files"
    """The same check of every file found in the request's files, folders and zip archives
    (:data:`Sources`), in worker processes (:attr:`Job.jobs`) or on a Dask cluster
    (:attr:`Job.scheduler`): a :class:`CheckBatch`, one entry per file."""

    @property
    def result(self) -> str:
        """The name of the type of what the task computes (its renderers are registered under it:
        :func:`spareggio.render.formats.formats_for` answers which formats a task writes)."""
        return RESULT_TYPES[self]


RESULT_TYPES: dict[Task, str] = {
    Task.STANDINGS: "Standings",
    Task.EXPLAIN: "PlayerExplanation",
    Task.COMPARE: "Comparison",
    Task.PRIZES: "PrizeList",
    Task.CHECK: "CheckReport",
    Task.CHECK_FILES: "CheckReport",
}
"""What each task computes, by the type's name (an explanation of two players side by side is a
``Versus``, of every player ``Explanations``: written in the same formats; a check is one entry of
a ``CheckReport``, which is what a front end writes, as it writes the entries of a batch)."""


@dataclass(frozen=True)
class Job:
    """A request: everything a front end was asked, by field (the names of :class:`spareggio.base.i18n.Field`)."""

    task: Task
    source: Source | Sources
    """The file: its path, its content (then :attr:`name` names it), or the event already read
    (then the reading options are not asked again); for :attr:`Task.CHECK_FILES`, the paths of
    the files, folders and zip archives."""
    name: str = "<string>"
    """The file's name, for content given as bytes (the messages and the format's guess use it)."""
    input_format: str | None = None
    """A reader of the registry by name; None: the content and the name tell it."""
    read: ReadOptions = field(default_factory=ReadOptions)
    primary: str | None = None
    """Team events: the score that ranks the teams (MP or GP); None: as the file says."""
    tiebreaks: str | Sequence[str] | None = None
    rules: str | None = None
    """The rule set (standings, explain); None: chosen by the start date."""
    rule_sets: Sequence[str] | None = None
    """The rule sets compared (compare); None: all of them."""
    after_round: int | None = None
    unrated_rating: int | None = None
    decisions: Decisions | None = None
    """Decisions on top of the file's (playoffs, lots, exclusions)."""
    lang: str = SOURCE
    """The language explanations are built for."""
    player: str | None = None
    """Explain: the player (start number or name)."""
    versus: str | None = None
    """Explain: a second player."""
    every: bool = False
    """Explain: every player."""
    prizes: PrizeFile | None = None
    """Prizes: the prize file, read."""
    infer: bool = False
    """Check: find which rule set and list give the declared ranks."""
    jobs: int | None = None
    """Check of many files: the worker processes on this machine (None, and at most: every core;
    1: in this process)."""
    scheduler: str | None = None
    """Check of many files: the address of a Dask distributed scheduler to run the batch on."""


ResultValue: TypeAlias = (
    "Standings | Comparison | PlayerExplanation | Versus | Explanations | PrizeList | CheckEntry | CheckBatch"
)
"""What a task computes."""


@dataclass(frozen=True)
class CheckBatch:
    """The check of many files (:attr:`Task.CHECK_FILES`): one entry per file, as each is done (in
    the order they finish when they are checked in parallel).  Nothing is read before the first
    entry is asked for; the entries are read once, as a front end writes its report, and memory
    stays bounded however many files there are (:func:`spareggio.check.check_files`)."""

    entries: Iterator[CheckEntry]
    paths: tuple[str, ...]
    """The files, folders and zip archives asked."""

    def __iter__(self) -> Iterator[CheckEntry]:
        return self.entries

    def files(self) -> int:
        """How many files the batch checks: the paths walked again, the files not read (the
        length of a progress bar)."""
        find_sources = cast("Callable[[Sequence[str]], Iterator[object]]", lazy.load("task.find-sources"))
        return sum(1 for _ in find_sources(self.paths))


@dataclass(frozen=True)
class Result:
    """What a request computed: the value a front end renders, with the event it was computed on."""

    value: ResultValue
    event: Event | None
    """The event read (None for a check of content that could not be read, its entry says why, and
    for a check of many files)."""
    standings: Standings | None
    """The standings the value was computed from (None for a comparison and a check, which rank
    the event their own ways)."""
    warnings: tuple[JobWarning, ...]
    """What the reader and the computation warned, the reading first."""


def load(request: Job) -> Event:
    """The event of the request's file, ranked by the primary score it asks (team events).

    :raises InputError: for a problem in the file; :raises ArgumentError: for an option it cannot take.
    """
    if isinstance(request.source, tuple):
        raise TypeError("the files of a check of many files are read by the check (Task.CHECK_FILES)")
    if not isinstance(request.source, (bytes, str, os.PathLike)):
        event: Event = request.source
    elif isinstance(request.source, bytes):
        event = parse_event(request.source, request.name, fmt=request.input_format, options=request.read)
    else:
        event = read_event(request.source, fmt=request.input_format, options=request.read)
    return event if request.primary is None else event.with_primary(request.primary)


def run(request: Job, report: Report | None = None) -> Result:
    """The result of a request: read, rank, then the task.  ``report`` receives the warnings as soon
    as they are known (before the task itself may still fail); :attr:`Result.warnings` holds them too.
    """
    if request.task in (Task.CHECK, Task.CHECK_FILES):
        return _check(request)
    event = load(request)
    if request.task is Task.PRIZES and not event.awards_prizes:
        raise ArgumentError(msg("prizes are awarded to the players of an individual event, not to teams"))
    if request.task is Task.COMPARE:
        compare = cast("Callable[..., Comparison]", lazy.load("task.compare"))
        c = compare(
            event, request.rule_sets or None, request.tiebreaks, request.after_round,
            unrated_rating=request.unrated_rating,
        )  # fmt: skip
        warnings: tuple[JobWarning, ...] = (*event.reading_warnings(), *c.warnings)
        if report is not None:
            report(warnings)
        return Result(c, event, None, warnings)
    s = rank(
        event, request.tiebreaks, rules=request.rules, after_round=request.after_round,
        unrated_rating=request.unrated_rating, decisions=request.decisions,
    )  # fmt: skip
    warnings = (*event.reading_warnings(), *s.warnings)
    if report is not None:
        report(warnings)
    value: ResultValue = s
    if request.task is Task.EXPLAIN:
        value = explain(request, s)
    elif request.task is Task.PRIZES:
        award = cast("Callable[[Standings, PrizeFile], PrizeList]", lazy.load("task.prizes"))
        if request.prizes is None:
            raise ValueError("a job of prizes is given its prize file (Job.prizes)")
        value = award(s, request.prizes)
    return Result(value, event, s, warnings)


def _check(request: Job) -> Result:
    """The check of a request, its options checked first (one error, not a row for each file):
    many files as a batch (:func:`spareggio.check.check_files`, which checks each file as
    :func:`spareggio.check.check_source` does); content checked as a batch checks each file (content
    that cannot be read is an error entry); a path read as every task reads one (a file that cannot
    be read is an error), or the event given, checked as it is."""
    tiebreaks = request.tiebreaks
    if tiebreaks is not None and not isinstance(tiebreaks, str):
        tiebreaks = ",".join(tiebreaks)
    if tiebreaks is not None:
        parse_spec_list(tiebreaks)
    if request.rules is not None:
        find_ruleset(request.rules)
    if request.after_round is not None and request.after_round < 0:
        raise ArgumentError(msg("{field} must be 0 or more", field=Field.AFTER_ROUND))
    options_of = cast("Callable[..., CheckOptions]", lazy.load("task.check-options"))
    options = options_of(
        tiebreaks=tiebreaks, rules=request.rules, after_round=request.after_round, infer=request.infer,
        lenient=request.read.lenient,
    )  # fmt: skip
    if isinstance(request.source, tuple):
        if request.task is not Task.CHECK_FILES:
            raise TypeError("a job of several files is a check of many files (Task.CHECK_FILES)")
        check_files = cast("Callable[..., Iterator[CheckEntry]]", lazy.load("task.check-files"))
        paths = tuple(os.fspath(p) for p in request.source)
        entries = check_files(paths, options, jobs=request.jobs, scheduler=request.scheduler)
        return Result(CheckBatch(entries, paths), None, None, ())
    if request.task is Task.CHECK_FILES:
        raise TypeError("a check of many files is given their paths as a tuple (Job.source)")
    if isinstance(request.source, bytes):
        check_source = cast("Callable[..., CheckEntry]", lazy.load("task.check-source"))
        return Result(check_source(request.name, request.source, options), None, None, ())
    check = cast("Callable[..., CheckEntry]", lazy.load("task.check"))
    event = load(request)
    name = request.name if not isinstance(request.source, (str, os.PathLike)) else os.fspath(request.source)
    return Result(check(event, options, name=name), event, None, ())


def explain(request: Job, s: Standings) -> PlayerExplanation | Versus | Explanations:
    """The explanation the request asks of the standings ``s``: every player, one, or two side by
    side (players by start number or name, :func:`spareggio.explain.find_player`)."""
    if request.every:
        explain_all = cast("Callable[..., Explanations]", lazy.load("task.explain-all"))
        return explain_all(s, None, request.lang)
    find_player = cast("Callable[[Tournament, int | str], int]", lazy.load("task.find-player"))
    t = s.tournament
    sno = find_player(t, request.player or "")
    if request.versus is not None:
        explain_versus = cast("Callable[..., Versus]", lazy.load("task.explain-versus"))
        return explain_versus(s, sno, find_player(t, request.versus), request.lang)
    explain_player = cast("Callable[..., PlayerExplanation]", lazy.load("task.explain-player"))
    return explain_player(s, sno, None, request.lang)
