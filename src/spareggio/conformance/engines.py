"""The engines a conformance run puts through: what each printed for one tournament file.

An engine turns a TRF file into ranks (and, where it prints them, tie-break values) by start number
(team number in a team event).  Three kinds:

* ``spareggio`` itself, in this process (the run's control: it must agree with itself);
* ``gacrux``, FIDE's reference engine, run as another program (``python -m gacrux.tiebreakchecker``)
  with an interpreter that has it installed: spareggio never imports it;
* any command, through the contract ``"CMD {input} {output}"``: the command reads the TRF file
  ``{input}`` and writes ``{output}``, either a TRF file with the rank column filled (001 columns
  86-89, 310 columns 69-71 for teams) or JSON ``{"ranks": {"7": 1, ...}, "values": {"7": {"BH":
  "23.5", ...}}}`` (values as decimal strings or numbers, by the names of record 212).
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import tempfile
from dataclasses import field
from fractions import Fraction
from pathlib import Path
from typing import Protocol

from ..base.classes import dataclass
from ..base.i18n import Text, msg
from ..base.processes import child_environment
from ..io.registry import read_event
from ..standings import rank

__all__ = ["CommandEngine", "Engine", "EngineFailed", "EngineOutput", "GacruxEngine", "SpareggioEngine", "make_engine"]

TIMEOUT = 120.0
"""Seconds an engine may take on one tournament."""


class EngineFailed(Exception):
    """The engine gave no usable answer for a file (a row of the report, never the end of the run)."""

    def __init__(self, text: Text) -> None:
        super().__init__(str(text))
        self.text = text


@dataclass
class EngineOutput:
    """What an engine printed for one file."""

    ranks: dict[int, int]
    values: dict[int, dict[str, Fraction]] = field(default_factory=dict)
    group_positions: tuple[str, ...] = ()
    """Criteria the engine prints as a position inside a tied group (not a value): compared through the
    ranks only."""


class Engine(Protocol):
    name: str

    def run(self, path: Path) -> EngineOutput: ...


def _decimal(text: str) -> Fraction | None:
    text = text.strip()
    if not text:
        return None
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        return None


class SpareggioEngine:
    """spareggio itself: the ranks and values of the standings the file asks for."""

    name = "spareggio"

    def run(self, path: Path) -> EngineOutput:
        event = read_event(path)
        s = rank(event)
        numbers = [p.start_number for p in event.participants().players]
        ranks = {numbers[row.index]: row.rank for row in s.rows}
        values = {
            numbers[i]: {label: v for label in s.labels if (v := s.results[label].value(i)) is not None}
            for i in range(len(numbers))
        }
        return EngineOutput(ranks, values)


class GacruxEngine:
    """FIDE's reference engine (gacrux, MIT), run by another interpreter: ``python`` is the interpreter
    of a virtual environment where it is installed."""

    name = "gacrux"

    def __init__(self, python: str) -> None:
        self.python = python

    def run(self, path: Path) -> EngineOutput:
        with tempfile.TemporaryDirectory(prefix="spareggio-gacrux-") as tmp:
            out = Path(tmp) / "out.txt"
            cmd = [self.python, "-m", "gacrux.tiebreakchecker", "-i", str(path), "-o", str(out), "-dT", "-r"]
            _call(cmd, self.name)
            text = out.read_text(encoding="utf-8", errors="replace") if out.exists() else ""
        return parse_tab_output(text, self.name)


def parse_tab_output(text: str, engine: str) -> EngineOutput:
    """The reference engine's tab-separated table: ``Rank``, ``StartNo``, then one column per criterion.

    ``DE`` is printed as a position inside each tied group, not a value: it is compared through the
    ranks."""
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines or not lines[0].startswith("Rank"):
        first = lines[0][:120] if lines else ""
        raise EngineFailed(msg("{engine} printed no table: {line!r}", engine=engine, line=first))
    head = lines[0].split("\t")
    ranks: dict[int, int] = {}
    values: dict[int, dict[str, Fraction]] = {}
    for line in lines[1:]:
        cells = line.split("\t")
        if len(cells) < 2 or not cells[0].strip().isdigit() or not cells[1].strip().isdigit():
            continue
        number = int(cells[1])
        ranks[number] = int(cells[0])
        row: dict[str, Fraction] = {}
        for name, cell in zip(head[2:], cells[2:], strict=False):
            value = _decimal(cell)
            if value is not None and not _group_position(name):
                row[name] = value
        values[number] = row
    return EngineOutput(ranks, values, group_positions=tuple(n for n in head[2:] if _group_position(n)))


def _group_position(name: str) -> bool:
    """DE and EDE (and EDE's variants) are printed as positions inside tied groups."""
    code = name.upper().split("/")[0].split(":")[0]
    return code == "DE" or code.startswith("EDE")


def _call(cmd: list[str], engine: str) -> None:
    try:
        done = subprocess.run(cmd, capture_output=True, timeout=TIMEOUT, check=False, env=child_environment())
    except subprocess.TimeoutExpired:
        raise EngineFailed(msg("{engine} took more than {seconds} s", engine=engine, seconds=int(TIMEOUT))) from None
    except OSError as exc:
        raise EngineFailed(msg("{engine} could not be started: {reason}", engine=engine, reason=exc.strerror or str(exc))) from None
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).decode("utf-8", "replace").strip().splitlines()
        raise EngineFailed(
            msg("{engine} exited with status {status}: {line}", engine=engine, status=done.returncode,
                line=tail[-1][:200] if tail else "")
        )  # fmt: skip


class CommandEngine:
    """Any program, through the contract ``CMD {input} {output}``."""

    def __init__(self, template: str, name: str | None = None) -> None:
        if "{input}" not in template or "{output}" not in template:
            raise ValueError(msg("an engine command must contain {{input}} and {{output}}: {command!r}", command=template))
        self.template = template
        self.name = name or shlex.split(template)[0].rsplit("/", 1)[-1]

    def run(self, path: Path) -> EngineOutput:
        with tempfile.TemporaryDirectory(prefix="spareggio-engine-") as tmp:
            out = Path(tmp) / "out"
            cmd = [part.replace("{input}", str(path)).replace("{output}", str(out)) for part in shlex.split(self.template)]
            _call(cmd, self.name)
            if not out.exists():
                raise EngineFailed(msg("{engine} wrote no output file", engine=self.name))
            data = out.read_bytes()
        head = data.lstrip()[:1]
        if head in (b"{", b"["):
            return parse_json_output(data, self.name)
        return parse_trf_ranks(data.decode("utf-8", "replace"), self.name)


def parse_json_output(data: bytes, engine: str) -> EngineOutput:
    """The JSON of the contract: ``ranks`` (number -> rank) and optional ``values``."""
    try:
        doc = json.loads(data)
    except ValueError as exc:
        raise EngineFailed(msg("{engine} wrote invalid JSON: {reason}", engine=engine, reason=str(exc))) from None
    if not isinstance(doc, dict) or not isinstance(doc.get("ranks"), dict):
        raise EngineFailed(msg("{engine} wrote JSON without an object \"ranks\"", engine=engine))
    ranks: dict[int, int] = {}
    values: dict[int, dict[str, Fraction]] = {}
    try:
        for key, value in doc["ranks"].items():
            ranks[int(key)] = int(value)
        raw = doc.get("values", {})
        if isinstance(raw, dict):
            for key, row in raw.items():
                if isinstance(row, dict):
                    values[int(key)] = {
                        str(name): v for name, cell in row.items() if (v := _decimal(str(cell))) is not None
                    }
    except (TypeError, ValueError):
        raise EngineFailed(msg("{engine} wrote ranks that are not whole numbers", engine=engine)) from None
    return EngineOutput(ranks, values)


def parse_trf_ranks(text: str, engine: str) -> EngineOutput:
    """The rank column of a TRF file: 001 columns 86-89 (players), or 310 columns 69-71 (teams, which
    take precedence when present)."""
    players: dict[int, int] = {}
    teams: dict[int, int] = {}
    for line in text.splitlines():
        if line.startswith("001") and line[4:8].strip().isdigit() and line[85:89].strip().isdigit():
            players[int(line[4:8])] = int(line[85:89])
        elif line.startswith("310") and line[4:7].strip().isdigit() and line[68:71].strip().isdigit():
            teams[int(line[4:7])] = int(line[68:71])
    ranks = teams or players
    if not ranks:
        raise EngineFailed(msg("{engine} wrote a TRF file without ranks", engine=engine))
    return EngineOutput(ranks)


def make_engine(spec: str, *, python: str | None = None) -> Engine:
    """The engine named ``spec``: ``spareggio``, ``gacrux`` (with ``python``, the interpreter that has
    it; default: ``$SPAREGGIO_GACRUX_PYTHON``, else ``python3``), or a command with ``{input}`` and
    ``{output}``."""
    if spec == "spareggio":
        return SpareggioEngine()
    if spec == "gacrux":
        return GacruxEngine(python or os.environ.get("SPAREGGIO_GACRUX_PYTHON") or "python3")
    return CommandEngine(spec)
