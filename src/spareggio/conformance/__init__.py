"""Conformance runs (FIDE C.02 technical acceptance): generated tournaments put through any tie-break
engine, its ranks and values compared with spareggio's, and every difference classified as a
documented departure of a known program, one of spareggio's documented readings, or unexplained."""

from __future__ import annotations

from .compare import READINGS, Difference, FileResult, compare_file
from .engines import (
    CommandEngine,
    EngineFailed,
    EngineOutput,
    GacruxEngine,
    SpareggioEngine,
    make_engine,
    parse_tab_output,
)
from .report import report_csv, report_html, report_json
from .run import RunSummary, generate_set, plan, run_conformance, summarize

__all__ = [
    "READINGS",
    "CommandEngine",
    "Difference",
    "EngineFailed",
    "EngineOutput",
    "FileResult",
    "GacruxEngine",
    "RunSummary",
    "SpareggioEngine",
    "compare_file",
    "generate_set",
    "make_engine",
    "parse_tab_output",
    "plan",
    "report_csv",
    "report_html",
    "report_json",
    "run_conformance",
    "summarize",
]
