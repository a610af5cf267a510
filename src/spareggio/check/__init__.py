"""Checking the ranking a file declares (TRF columns 86-89, tournament JSON ``players.rank``).

:func:`check_tournament` ranks a tournament with its announced tie-break list under the rule set
that applies, and compares the result with the declared ranks (:mod:`.ranks`); with
``infer=True`` it also tries every rule set (and each of their documented options) against the
announced list and a catalogue of the lists programs and regulations use (:mod:`.infer`).

:func:`check_files` does the same for any number of files, folders and zip archives
(:mod:`.sources`), in parallel over the cores (:mod:`.batch`) or on a Dask cluster (:mod:`.dask`),
and streams one :class:`CheckEntry` per file; :mod:`spareggio.render.check_report` turns them into
a table, JSON, CSV or an HTML page with the files that differ first.
"""

from __future__ import annotations

from .batch import Spool, check_files, report_summary
from .entry import (
    REPORT_SCHEMA,
    STATUSES,
    Candidate,
    CheckEntry,
    CheckOptions,
    Mismatch,
    SourceKind,
    Status,
    error_entry,
)
from .infer import CANDIDATE_LISTS_ROUND_ROBIN, CANDIDATE_LISTS_SWISS, candidate_rules
from .one import check_source
from .ranks import check, check_tournament
from .sources import EXTENSIONS, Source, find_sources
from .words import inferred_sentence, inferred_text

__all__ = [
    "CANDIDATE_LISTS_ROUND_ROBIN",
    "CANDIDATE_LISTS_SWISS",
    "EXTENSIONS",
    "REPORT_SCHEMA",
    "STATUSES",
    "Candidate",
    "CheckEntry",
    "CheckOptions",
    "Mismatch",
    "Source",
    "SourceKind",
    "Spool",
    "Status",
    "candidate_rules",
    "check",
    "check_files",
    "check_source",
    "check_tournament",
    "error_entry",
    "find_sources",
    "inferred_sentence",
    "inferred_text",
    "report_summary",
]
