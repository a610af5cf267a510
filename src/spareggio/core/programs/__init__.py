"""What tournament programs print and how they compute: one profile per program, kept as data.

Each file of ``data/`` describes one program: the names it prints for tie-breaks (its legend) with
the specifier each stands for, the rule set behind its criteria, where it departs from C.07 (each
departure a documented rule-set option, with the article it departs from and the evidence), and the
criteria it applies after the printed list.  Every entry names its source.  Adding a program is
adding a file.

This module only reads the data: the tie-break catalogue reads the names (:mod:`spareggio.tiebreaks`),
the rule sets read the profiles (:mod:`spareggio.rules`).
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from ... import lazy
from ...base.classes import dataclass
from ...base.i18n import Text, msg
from ..legend import LEGEND, VEGA_ITEM, is_legend, legend_items

__all__ = [
    "LEGEND",
    "VEGA_ITEM",
    "Departure",
    "Program",
    "ProgramName",
    "find_program",
    "is_legend",
    "legend_items",
    "page_not_read",
    "page_program",
    "printout",
    "programs",
    "text_not_read",
]


@dataclass(frozen=True)
class ProgramName:
    """A name a program prints for a tie-break, and the specifier it stands for."""

    text: str
    spec: str
    source: str
    team_spec: str | None = None
    """What the name stands for in a team event, when it differs (``points (game-points)``: the game
    points, ``PTS:GP``)."""


@dataclass(frozen=True)
class Departure:
    """Where a program computes otherwise than C.07, as a rule-set option (``full-bye=vur``)."""

    option: str
    article: str
    what: str
    evidence: str

    @property
    def key(self) -> str:
        return self.option.partition("=")[0]

    @property
    def value(self) -> str:
        return self.option.partition("=")[2]


@dataclass(frozen=True)
class Program:
    """One program's profile."""

    code: str
    title: str
    aliases: tuple[str, ...]
    sources: tuple[str, ...]
    rules: str | None
    """The rule set its criteria follow when their label names no version (None: it has no profile
    of its own: it is known for its names only)."""
    description: str
    names: tuple[ProgramName, ...]
    ignored_words: tuple[str, ...]
    """Words of its legends that say what C.07 already says (``Gamepoints``): read and dropped."""
    departures: tuple[Departure, ...]
    continuation: tuple[str, ...]
    """The criteria it applies after the printed list, unprinted (``TPN``: the start number)."""
    continuations: tuple[tuple[str, ...], ...]
    """Every continuation it has been seen to use, for the inference."""
    version: str = ""
    """For one version of a program that has several (Vega's 2024 and 2026 computations): what
    the version is, in words (``2024 text``); the arbiter's setting, not the date, selects it."""
    family: str = ""
    """The code of the program a version belongs to (``vega``); empty for a program itself."""
    page_marks: tuple[str, ...] = ()
    """Texts that mark a web page the program published (its ``<meta name="author">``, its footer),
    compared without case: a page spareggio does not read is named as the program's."""
    files: tuple[str, ...] = ()
    """The extensions of the program's own files that spareggio reads (``.veg``)."""
    pages_read: bool = False
    """Whether spareggio reads the program's web pages (Vega's: :mod:`spareggio.io.vega_page`)."""

    @property
    def named(self) -> str:
        """The program's title with its version: ``Vega (vega-2024)``."""
        return f"{self.title} ({self.code})" if self.family else self.title

    @property
    def settings(self) -> dict[str, str]:
        """The rule-set options that make C.07 compute as this program does."""
        return {d.key: d.value for d in self.departures}

    @property
    def versions_named(self) -> bool:
        """Whether its legends name the rule version of each criterion (Swiss-Manager's ``(2026)``,
        ``(2023)``, and an unlabelled Buchholz the 2009 rule): one list of it may mix the texts, and
        every criterion may follow an older text than the profile's own."""
        return any("/V" in name.spec.upper() for name in self.names)


def _versions(base: Program, data: dict[str, object]) -> list[Program]:
    """The versions of a program (``[[version]]`` tables): each a profile of its own, on its rule set,
    with the departures (``[[departure]]`` of the file, by option) that version makes."""
    versions = data.get("version", [])
    assert isinstance(versions, list)
    by_option = {d.option: d for d in base.departures}
    out = []
    for v in versions:
        chosen = tuple(by_option[str(o)] for o in v.get("departures", []))
        out.append(
            Program(
                code=str(v["code"]),
                title=base.title,
                aliases=tuple(str(a) for a in v.get("aliases", [])),
                sources=(*base.sources, *(str(x) for x in v.get("evidence", []))),
                rules=str(v["rules"]),
                description=str(v["description"]),
                names=(),
                ignored_words=(),
                departures=chosen,
                continuation=base.continuation,
                continuations=base.continuations,
                version=str(v["version"]),
                family=base.code,
            )
        )
    return out


def _program(data: dict[str, object]) -> Program:
    def strings(key: str) -> tuple[str, ...]:
        value = data.get(key, ())
        assert isinstance(value, list | tuple)
        return tuple(str(v) for v in value)

    names = data.get("name", [])
    departures = data.get("departure", [])
    continuation = data.get("continuation", {})
    assert isinstance(names, list) and isinstance(departures, list) and isinstance(continuation, dict)
    rules = data.get("rules")
    return Program(
        code=str(data["code"]),
        title=str(data["title"]),
        aliases=strings("aliases"),
        sources=strings("sources"),
        rules=None if rules is None else str(rules),
        description=str(data.get("description", "")),
        names=tuple(
            ProgramName(str(n["text"]), str(n["spec"]), str(n["source"]), None if "team_spec" not in n else str(n["team_spec"]))
            for n in names
        ),
        ignored_words=strings("ignored_words"),
        departures=tuple(
            Departure(str(d["option"]), str(d["article"]), str(d["what"]), str(d["evidence"]))
            for d in departures
        ),
        continuation=tuple(str(c) for c in continuation.get("default", [])),
        continuations=tuple(tuple(str(c) for c in seq) for seq in continuation.get("seen", [])),
        page_marks=strings("page_marks"),
        files=strings("files"),
        pages_read=bool(data.get("pages_read", False)),
    )


@functools.cache
def programs() -> dict[str, Program]:
    """Every program described in ``data/``, by code, in file-name order."""
    folder = Path(__file__).parent / "data"  # shipped inside the package (no importlib.resources:
    # it costs a command's start-up more than reading the few files does)
    found: dict[str, Program] = {}
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            data = _toml(entry.read_text(encoding="utf-8"))
            program = _program(data)
            found[program.code] = program
            for version in _versions(program, data):
                found[version.code] = version
    return found


def page_program(text: str) -> Program | None:
    """The program whose page marks (:attr:`Program.page_marks`) the text of a web page holds."""
    lowered = text.lower()
    for program in programs().values():
        if any(mark.lower() in lowered for mark in program.page_marks):
            return program
    return None


def _export(program: Program) -> Text:
    """What to give instead of a program's printout: its TRF export, or its own file."""
    export = msg(
        "export the tournament from {program} as a TRF file (the FIDE rating report)", program=program.title
    )
    if program.files:
        export = msg("{export}, or give its own file ({files})", export=export, files=", ".join(program.files))
    return export


def text_not_read(program: Program) -> Text:
    """Why a text another program printed (its standings or crosstable as text) is not read."""
    return msg(
        "this is a text {program} printed (its standings, a crosstable or pairings), not a tournament file: {export}",
        program=program.title, export=_export(program),
    )  # fmt: skip


def printout(text: str) -> Text | None:
    """Why a text is not read when a program's marks say it printed it (loaded by name,
    ``program-printout``: the TRF reader asks only of a text without player records)."""
    program = page_program(text)
    return None if program is None else text_not_read(program)


def page_not_read(program: Program) -> Text:
    """Why a page another program published is not read, and what to give instead."""
    export = _export(program)
    return msg(
        "this page was published by {program}, whose pages spareggio does not read (it reads the crosstables "
        "of chess-results): {export}",
        program=program.title, export=export,
    )  # fmt: skip


def _key(text: str) -> str:
    return "".join(c for c in text.lower() if c.isalnum())


def find_program(name: str) -> Program | None:
    """The program with this code, title or alias (case, spaces and hyphens ignored), else None."""
    wanted = _key(name)
    for program in programs().values():
        if wanted in {_key(program.code), _key(program.title), *(_key(a) for a in program.aliases)}:
            return program
    return None


def _toml(text: str) -> dict[str, Any]:
    """:func:`tomllib.loads`, loaded the first time the programs are read."""
    loads = lazy.load("toml")
    assert callable(loads)
    found = loads(text)
    assert isinstance(found, dict)
    return found
