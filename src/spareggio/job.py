"""One job: a request (the file, as a path or as its bytes; how to read it; what to compute) turned
into its result by :func:`run`, the one chain of read -> primary score -> rank -> result that every
front end calls: the command line's ``standings``, ``explain`` and ``compare`` and the HTTP API's
endpoints of the same names.

The result is computed, not rendered: the front end renders :attr:`Result.value` through the format
registry (:func:`spareggio.render.formats.render`) in the format it chose, and says the warnings its
own way (:attr:`Result.warnings`, or as soon as they are known through ``report``).
"""

from __future__ import annotations

import enum
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeAlias, cast

from . import lazy
from .base.errors import Diagnostic
from .base.i18n import SOURCE, Text
from .core.decisions import Decisions
from .core.model import Event
from .io import ReadOptions, parse_event, read_event
from .standings import Standings, rank

if TYPE_CHECKING:  # the other tasks are loaded by name when asked (spareggio.lazy: task.*)
    from .comparison import Comparison
    from .core.model import Tournament
    from .explain import Explanations, PlayerExplanation, Versus

__all__ = ["Job", "Result", "Task", "explain", "load", "run"]

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


@dataclass(frozen=True)
class Job:
    """A request: everything a front end was asked, by field (the names of :class:`spareggio.base.i18n.Field`)."""

    task: Task
    source: str | os.PathLike[str] | bytes
    """The file: its path, or its content (then :attr:`name` names it)."""
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


ResultValue: TypeAlias = "Standings | Comparison | PlayerExplanation | Versus | Explanations"
"""What a task computes."""


@dataclass(frozen=True)
class Result:
    """What a request computed: the value a front end renders, with the event it was computed on."""

    value: ResultValue
    event: Event
    standings: Standings | None
    """The standings the value was computed from (None for a comparison)."""
    warnings: tuple[JobWarning, ...]
    """What the reader and the computation warned, the reading first."""


def load(request: Job) -> Event:
    """The event of the request's file, ranked by the primary score it asks (team events).

    :raises InputError: for a problem in the file; :raises ArgumentError: for an option it cannot take.
    """
    if isinstance(request.source, bytes):
        event = parse_event(request.source, request.name, fmt=request.input_format, options=request.read)
    else:
        event = read_event(request.source, fmt=request.input_format, options=request.read)
    return event if request.primary is None else event.with_primary(request.primary)


def run(request: Job, report: Report | None = None) -> Result:
    """The result of a request: read, rank, then the task.  ``report`` receives the warnings as soon
    as they are known (before the task itself may still fail); :attr:`Result.warnings` holds them too.
    """
    event = load(request)
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
    value = s if request.task is Task.STANDINGS else explain(request, s)
    return Result(value, event, s, warnings)


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
