"""The entry of a checked file: one typed record, built in one place, rendered by
:mod:`spareggio.render.check_report`.

The JSON report (schema 1, docs/check.md) is :meth:`CheckEntry.to_json`; its keys and their order
are the schema's.
"""

from __future__ import annotations

import enum
from dataclasses import field
from typing import NotRequired, TypedDict

from ..base.classes import dataclass
from ..standings import ListSource

__all__ = [
    "DEFAULT_OPTIONS",
    "REPORT_SCHEMA",
    "STATUSES",
    "Candidate",
    "CandidateJson",
    "CheckEntry",
    "CheckEntryJson",
    "CheckOptions",
    "Mismatch",
    "MismatchJson",
    "Number",
    "SourceKind",
    "Status",
    "ValueMismatch",
    "ValueMismatchJson",
    "error_entry",
]

REPORT_SCHEMA = 1

Number = int | float
"""A value as the JSON report writes it: an int when whole, else a float."""


class MismatchJson(TypedDict):
    """A misplaced player in the JSON report (schema 1)."""

    start_number: int
    name: str
    declared_rank: int
    computed_rank: int
    computed_rank_to: int
    points: Number
    swapped_with: int | None
    decided_by: str | None
    values: dict[str, Number | None]


class ValueMismatchJson(TypedDict):
    """A printed value that differs, in the JSON report (schema 1)."""

    start_number: int
    name: str
    tiebreak: str
    printed: Number
    computed: Number | None
    program: str | None
    departure: str | None
    article: str | None


class CandidateJson(TypedDict):
    """A candidate of ``--infer`` in the JSON report (schema 1): the last three keys only when set."""

    rules: str
    tiebreaks: list[str]
    mismatches: int
    shared: NotRequired[int]
    continuation: NotRequired[list[str]]
    program: NotRequired[str]


class CheckEntryJson(TypedDict):
    """The entry of a file in the JSON report (schema 1, docs/check.md), keys in the order it writes
    them; the last four only when they apply."""

    file: str
    status: str
    name: str | None
    rules: str | None
    rules_reason: str | None
    rules_warning: str | None
    tiebreaks: list[str]
    tiebreaks_source: str | None
    """The code until the report puts its words there."""
    tiebreaks_source_code: str | None
    after_round: int | None
    players: int | None
    ranked: int | None
    mismatches: list[MismatchJson]
    inferred: list[CandidateJson]
    inferred_text: str
    warnings: list[str]
    error: str | None
    inferred_count: NotRequired[int]
    team_event: NotRequired[bool]
    values_compared: NotRequired[int]
    value_mismatches: NotRequired[list[ValueMismatchJson]]
    inferred_code: NotRequired[str]
    inferred_alike: NotRequired[list[str]]
    inferred_closest: NotRequired[CandidateJson]
    publisher: NotRequired[str]


class Status(enum.StrEnum):
    """The status of a checked file; the order of the members is the order a report lists them
    (the files that need a look first)."""

    DIFFERS = "differs"
    ERROR = "error"
    AGREE = "agree"
    NO_RANKS = "no-ranks"


STATUSES: tuple[str, ...] = tuple(s.value for s in Status)
"""The statuses as the report writes them, in the order a report lists them."""


class SourceKind(enum.Enum):
    """Where a checked file comes from."""

    FILE = "file"
    """A file given, or found in a folder."""
    ZIP_MEMBER = "zip-member"
    """A member of a zip archive (named ``archive.zip!member``)."""


@dataclass(frozen=True)
class CheckOptions:
    """What ``spareggio check`` was asked: the same for every file of a batch."""

    tiebreaks: str | None = None
    """Used for files that announce no list of their own (records 212/202)."""
    rules: str | None = None
    after_round: int | None = None
    infer: bool = False
    lenient: bool = False


DEFAULT_OPTIONS = CheckOptions()
"""The options of a check that was asked nothing in particular."""


@dataclass(frozen=True)
class Mismatch:
    """A ranked player whose declared rank is outside his computed place."""

    start_number: int
    name: str
    declared_rank: int
    computed_rank: int
    """First place of the computed (possibly shared) place, among the ranked players."""
    computed_rank_to: int
    points: Number
    swapped_with: int | None = None
    """Start number of the player he changed places with, when one can be named."""
    decided_by: str | None = None
    """``PTS`` or the label of the first tie-break of the list on which the two differ."""
    values: dict[int, Number | None] = field(default_factory=dict)
    """The deciding values of both players, by start number (the player first)."""

    def to_json(self) -> MismatchJson:
        return {
            "start_number": self.start_number,
            "name": self.name,
            "declared_rank": self.declared_rank,
            "computed_rank": self.computed_rank,
            "computed_rank_to": self.computed_rank_to,
            "points": self.points,
            "swapped_with": self.swapped_with,
            "decided_by": self.decided_by,
            "values": {str(k): v for k, v in self.values.items()},
        }


@dataclass(frozen=True)
class ValueMismatch:
    """A printed tie-break value (a results page) that differs from the computed one."""

    start_number: int
    name: str
    tiebreak: str
    printed: Number
    computed: Number | None
    program: str | None = None
    """The program whose documented departure from C.07 gives the printed value, when one does."""
    departure: str | None = None
    """That departure, as a rule-set option (``full-bye=vur``)."""
    article: str | None = None
    """The article of C.07 it departs from."""

    def to_json(self) -> ValueMismatchJson:
        return {
            "start_number": self.start_number,
            "name": self.name,
            "tiebreak": self.tiebreak,
            "printed": self.printed,
            "computed": self.computed,
            "program": self.program,
            "departure": self.departure,
            "article": self.article,
        }


@dataclass(frozen=True)
class Candidate:
    """One combination tried by ``--infer``: a rule set (with its options) and a list."""

    rules: str
    tiebreaks: tuple[str, ...]
    mismatches: int
    """How many ranked players it misplaces."""
    shared: int = 0
    """How many ranked players it leaves inside a shared place where the file ranks them apart."""
    continuation: tuple[str, ...] = ()
    """Criteria applied after the list, which the program does not print (``TPN``)."""
    program: str | None = None
    """The program whose computation the rule set is (a profile: ``Swiss-Manager``)."""

    def to_json(self) -> CandidateJson:
        out: CandidateJson = {
            "rules": self.rules,
            "tiebreaks": list(self.tiebreaks),
            "mismatches": self.mismatches,
        }
        if self.shared:
            out["shared"] = self.shared
        if self.continuation:
            out["continuation"] = list(self.continuation)
        if self.program:
            out["program"] = self.program
        return out


@dataclass(frozen=True)
class CheckEntry:
    """The outcome of checking one file: what was applied, what differs, what was inferred, or the
    one-line reason the file could not be checked."""

    file: str
    """The path as given, or ``archive.zip!member``."""
    status: Status
    name: str | None = None
    rules: str | None = None
    rules_reason: str | None = None
    rules_warning: str | None = None
    tiebreaks: tuple[str, ...] = ()
    tiebreaks_source: ListSource | None = None
    """Where the list comes from (the report says it in words)."""
    after_round: int | None = None
    players: int | None = None
    ranked: int | None = None
    mismatches: tuple[Mismatch, ...] = ()
    inferred: tuple[Candidate, ...] = ()
    """With ``--infer``: the closest candidates, best first."""
    inferred_text: str = ""
    warnings: tuple[str, ...] = ()
    error: str | None = None
    inferred_count: int | None = None
    """With ``--infer``: how many candidates were tried (``None`` when none were)."""
    team_event: bool = False
    values_compared: int = 0
    """How many printed tie-break values were compared (a results page prints them)."""
    value_mismatches: tuple[ValueMismatch, ...] = ()
    """The printed values that differ from the computed ones."""
    inferred_code: str | None = None
    """With ``--infer``: what it concluded (``exact``, ``shared``, ``only-points``, ``closest``)."""
    inferred_alike: tuple[str, ...] = ()
    """With ``--infer``: the other rule sets and programs that give exactly what the best candidate
    gives on this file (the file cannot tell them apart)."""
    inferred_closest: Candidate | None = None
    """With ``--infer``, when only the points agree: the closest candidate with a list of tie-breaks."""
    publisher: str | None = None
    """The program that wrote the file, by profile code, when the file names it (``vega``): the
    inference credits no other program."""

    def to_json(self) -> CheckEntryJson:
        """The entry of the JSON report (schema 1); ``tiebreaks_source`` holds the code until the
        report (:mod:`spareggio.render.check_report`) puts its words there."""
        out: CheckEntryJson = {
            "file": self.file,
            "status": self.status.value,
            "name": self.name,
            "rules": self.rules,
            "rules_reason": self.rules_reason,
            "rules_warning": self.rules_warning,
            "tiebreaks": list(self.tiebreaks),
            "tiebreaks_source": self.tiebreaks_source,
            "tiebreaks_source_code": self.tiebreaks_source,
            "after_round": self.after_round,
            "players": self.players,
            "ranked": self.ranked,
            "mismatches": [m.to_json() for m in self.mismatches],
            "inferred": [c.to_json() for c in self.inferred],
            "inferred_text": str(self.inferred_text),
            "warnings": list(self.warnings),
            "error": self.error,
        }
        if self.inferred_count is not None:
            out["inferred_count"] = self.inferred_count
        if self.team_event:
            out["team_event"] = True
        if self.values_compared:
            out["values_compared"] = self.values_compared
            out["value_mismatches"] = [v.to_json() for v in self.value_mismatches]
        if self.inferred_code is not None:
            out["inferred_code"] = self.inferred_code
            out["inferred_alike"] = list(self.inferred_alike)
            if self.inferred_closest is not None:
                out["inferred_closest"] = self.inferred_closest.to_json()
        if self.publisher is not None:
            out["publisher"] = self.publisher
        return out


def error_entry(name: str, message: str) -> CheckEntry:
    """The entry of a file that could not be checked: ``message`` is the one-line reason."""
    return CheckEntry(file=name, status=Status.ERROR, error=message)
