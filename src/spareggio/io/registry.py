"""The reader registry: every input format spareggio reads, in one list.

A :class:`Reader` names a format (a stable code such as ``"trf"``), says how sure it is that some
content is in its format (:attr:`Reader.sniff`, from the first :data:`SNIFF_BYTES` bytes and the
file name) and reads it (:attr:`Reader.parse`).  :func:`reader_for` asks every reader and keeps the
surest; a file no reader claims, or that two readers claim equally, is an
:class:`~spareggio.base.errors.InputError` naming the formats tried.  :func:`parse_event` and
:func:`read_event` are the one way in for the library, the command line, ``check`` and the web page.

Adding a format is writing its reader module and adding one line to :data:`READERS`.

Sniffing rules: content decides over the name.  A reader answers 0 for content that cannot be in its
format, about 50 for a name alone (its extension), about 90 for content that is clearly its own
(the records of a TRF file, the ``format`` key of spareggio's JSON), and more for a dialect that is
a refinement of a general format (lichess's TRF over TRF).  ``fmt=`` names the format and skips
sniffing.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable
from typing import cast

from ..base.errors import ArgumentError, InputError, InputLimitError, Position, os_reason
from ..base.i18n import Field, msg
from ..lazy import load
from . import heads
from .files import ensure_regular, not_regular
from .options import SNIFF_BYTES, Event, Reader, ReadOptions
from .trf import event as trf_event
from .trf.text import MAX_FILE_BYTES as TRF_BYTES

__all__ = [
    "READERS",
    "SNIFF_BYTES",
    "Event",
    "ReadOptions",
    "Reader",
    "by_name",
    "ensure_regular",
    "find_reader",
    "not_regular",
    "parse_event",
    "read_event",
    "reader_for",
    "size_limit",
]

def by_name(name: str) -> Callable[[bytes, str, ReadOptions], Event]:
    """The ``parse`` of a reader loaded by name (:data:`spareggio.lazy.FRONT_ENDS`) the first time a
    file in its format is read: reading a TRF file loads no other reader, and python-chess and
    Beautiful Soup are imported for a PGN or a results page only."""

    def parse(data: bytes, path: str, options: ReadOptions) -> Event:
        function = cast("Callable[[bytes, str, ReadOptions], Event]", load(name))
        return function(data, path, options)

    return parse


READERS: tuple[Reader, ...] = (
    Reader("trf", "FIDE Tournament Report File (TRF-16, TRF-26)", (".trf", ".txt"), trf_event.sniff, trf_event.parse, TRF_BYTES),
    Reader("json", "spareggio tournament JSON", (".json",), heads.sniff_json, by_name("reader.json"), heads.JSON_MAX_BYTES),
    Reader("chess-json", "Chess-JSON (FIDE reference program)", (".json",), heads.sniff_chess_json, by_name("reader.chess-json"), heads.CHESS_JSON_MAX_BYTES),
    Reader("lichess", "lichess Swiss TRF export", (".trf",), heads.sniff_lichess, by_name("reader.lichess"), TRF_BYTES),
    Reader("vega", "Vega tournament file (.veg)", heads.VEGA_EXTENSIONS, heads.sniff_vega, by_name("reader.vega"), heads.VEGA_MAX_BYTES),
    Reader("vega-tdf", "Vega tournament description (.tdf)", heads.VEGA_TDF_EXTENSIONS, heads.sniff_vega_tdf, by_name("reader.vega-tdf"), heads.VEGA_MAX_BYTES),
    Reader("pgn", "PGN games of an event", heads.PGN_EXTENSIONS, heads.sniff_pgn, by_name("reader.pgn"), heads.PGN_MAX_BYTES),
    Reader("results-page", "Results page of chess-results.com (crosstable)", heads.RESULTS_PAGE_EXTENSIONS, heads.sniff_results_page, by_name("reader.results-page"), heads.RESULTS_PAGE_MAX_BYTES),
    Reader("results-workbook", "Excel export of a chess-results crosstable (.xlsx)", heads.RESULTS_WORKBOOK_EXTENSIONS, heads.sniff_results_workbook, by_name("reader.results-workbook"), heads.RESULTS_WORKBOOK_MAX_BYTES),
    Reader("vega-page", "Vega's web pages (its crosstable, with its standings page)", heads.RESULTS_PAGE_EXTENSIONS, heads.sniff_vega_page, by_name("reader.vega-page"), heads.RESULTS_PAGE_MAX_BYTES),
)  # fmt: skip
"""Every input format, in the order listings show them: adding a format is adding a line."""


_DEFAULT = ReadOptions()
"""The options that let the file decide everything."""


def find_reader(fmt: str) -> Reader:
    """The reader of a format code (any case).

    :raises ArgumentError: for an unknown code, listing the known ones.
    """
    for reader in READERS:
        if reader.name == fmt.strip().lower():
            return reader
    raise ArgumentError(
        msg(
            "unknown input format {value!r}; the formats are: {known}",
            value=fmt,
            known=", ".join(r.name for r in READERS),
        )
    )


def reader_for(data: bytes, name: str = "<string>", fmt: str | None = None) -> Reader:
    """The reader for content named ``name``: the one of ``fmt`` if given, else the reader surest of
    it (:attr:`Reader.sniff` on the first :data:`SNIFF_BYTES` bytes).

    :raises InputError: when no reader claims the content, or two claim it equally.
    """
    if fmt is not None:
        return find_reader(fmt)
    head = data[:SNIFF_BYTES]
    scored = sorted(((r.sniff(head, name), i, r) for i, r in enumerate(READERS)), key=lambda s: (-s[0], s[1]))
    best = scored[0][0]
    tried = ", ".join(r.name for r in READERS)
    if best <= 0:
        raise InputError(
            msg("not a tournament file spareggio reads (formats tried: {tried})", tried=tried),
            Position(name, 1, 1),
        )
    rivals = [r.name for score, _, r in scored if score == best]
    if len(rivals) > 1:
        raise InputError(
            msg(
                "the format cannot be told from the content and the name: it could be {rivals} (formats tried: {tried}); name it with the input format option",
                rivals=" / ".join(rivals),
                tried=tried,
            ),
            Position(name, 1, 1),
        )
    return scored[0][2]


def parse_event(
    data: bytes, name: str = "<string>", *, fmt: str | None = None, options: ReadOptions | None = None
) -> Event:
    """The event in a file's content, read by its reader (:func:`reader_for`).

    :raises InputError: for any problem in the content, with its position.
    """
    reader = reader_for(data, name, fmt)
    if len(data) > reader.max_bytes:
        raise InputLimitError(
            msg(
                "the file has {size} bytes, more than the limit of {MAX_FILE_BYTES}",
                size=len(data),
                MAX_FILE_BYTES=reader.max_bytes,
            ),
            Position(name, 1, 1),
        )
    return reader.parse(data, name, _checked(reader, options or _DEFAULT, name))


def read_event(
    path: str | os.PathLike[str], *, fmt: str | None = None, options: ReadOptions | None = None
) -> Event:
    """Read the event in a file (opened read-only, never modified); see :func:`parse_event`.

    The head of the file chooses the reader; a file larger than that reader accepts is refused
    before the rest is read.

    :raises InputError: for any problem in the file, with its position.
    :raises ArgumentError: if the file cannot be read.
    """
    name = os.fspath(path)
    ensure_regular(path)
    try:
        with open(path, "rb") as handle:
            head = handle.read(SNIFF_BYTES)
            reader = reader_for(head, name, fmt)
            size = os.fstat(handle.fileno()).st_size
            if size > reader.max_bytes:
                raise InputLimitError(
                    msg(
                        "the file has {size} bytes, more than the limit of {MAX_FILE_BYTES}",
                        size=size,
                        MAX_FILE_BYTES=reader.max_bytes,
                    ),
                    Position(name, 1, 1),
                )
            handle.seek(0)  # a regular file (ensure_regular): read whole, not the head joined to the rest
            data = handle.read(reader.max_bytes + 1)
    except OSError as exc:
        raise ArgumentError(
            msg("{path}: cannot read the file ({value})", path=name, value=os_reason(exc))
        ) from None
    if len(data) > reader.max_bytes:
        raise InputLimitError(
            msg(
                "the file has {size} bytes, more than the limit of {MAX_FILE_BYTES}",
                size=len(data),
                MAX_FILE_BYTES=reader.max_bytes,
            ),
            Position(name, 1, 1),
        )
    options = dataclasses.replace(options or _DEFAULT, beside=name)
    return reader.parse(data, name, _checked(reader, options, name))


def _checked(reader: Reader, options: ReadOptions, name: str) -> ReadOptions:
    """The options, refused where they ask what the format cannot do."""
    if options.lenient and reader.name == "json":
        raise ArgumentError(
            msg(
                "{path}: {field} applies to TRF files only; this is a tournament JSON file",
                path=name, field=Field.LENIENT,
            )
        )  # fmt: skip
    if (options.ranks is not None or options.ranks_data is not None) and reader.name not in ("lichess", "vega-page"):
        raise ArgumentError(
            msg(
                "{field} applies to lichess Swiss exports and to Vega's pages; this file is {title}",
                field=Field.DECLARED_RANKS, title=reader.title,
            )
        )
    if options.rating == "national" and reader.name not in ("trf", "lichess"):
        raise ArgumentError(
            msg("{field} national: {title} has no national ratings", field=Field.RATING, title=reader.title)
        )
    return options


def size_limit(name: str) -> int:
    """The largest file read under this name, before its content is seen: the limit of the readers
    that claim its extension (the largest), else the largest of all."""
    claimed = [r.max_bytes for r in READERS if r.claims_name(name)]
    return max(claimed) if claimed else max(r.max_bytes for r in READERS)
