"""Where a record's fields stand: the TRF columns, counted in characters, and the records of a
UTF-8 file whose columns a program counted in bytes.

Some programs pad a name to its width in bytes, not in characters: in UTF-8 an accented letter
takes two bytes, so every field after such a name stands one column to the left of its place
for each accented letter once the text is decoded (the file still reads right where a byte is a
column, as in FIDE's reference reader, which takes a TRF as Latin-1).  A ``001``, ``013`` or ``310``
record of a UTF-8 file that is off the TRF columns counted in characters (or whose name field,
counted so, holds the fields that follow), and on them counted in bytes, is read by its bytes,
its name decoded as UTF-8 (:func:`realign`); one note says how many.  Such a program may also cut
a long name inside a letter, which makes the file UTF-8 but for that byte (:func:`with_cut_names`):
the part of the letter is left out, and a second note says how many.  A record that sits on the
columns counted in characters, with only its name in its name field, is never touched.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from operator import itemgetter

from ...base.errors import Diagnostic, Position
from ...base.i18n import msg

TAB_SIZE = 8
"""Tab stops assumed when a ``001`` record holds tab characters."""
_FIRST_BLOCK = 92
"""Column of the first round block; round r (0-based) starts at column 92 + 10r."""

_SEPARATORS = (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91)
"""Columns of a ``001`` record before the round blocks that TRF leaves blank (between the fields)."""


def _off_grid(line: str) -> int | None:
    """The first separator column of a ``001`` record (a blank between two fields, round blocks
    included) that holds something else, or None if the record sits on the TRF columns."""
    columns, chars = _grid(len(line))
    if chars(line).count(" ") == len(columns):  # one look at all the columns: most records
        return None
    return next(c for c in columns if line[c - 1] != " ")


def _grid(length: int) -> tuple[list[int], Callable[[str], tuple[str, ...]]]:
    """The separator columns of a ``001`` record of ``length`` characters, and what takes the
    characters there (and the first)."""
    known = _GRIDS.get(length)
    if known is None:
        columns = [*_SEPARATORS]
        for b in range(_FIRST_BLOCK, length + 1, 10):
            columns += [b + 4, b + 6, b + 8, b + 9]
        columns = [c for c in columns if c <= length]
        # and column 1, never a blank in a record (its code): a tuple even for one separator
        known = columns, itemgetter(*(c - 1 for c in columns), 0)
        if len(_GRIDS) < _GRIDS_KEPT:
            _GRIDS[length] = known
    return known


_GRIDS: dict[int, tuple[list[int], Callable[[str], tuple[str, ...]]]] = {}
""":func:`_grid` by length (the records of a file have a few)."""
_GRIDS_KEPT = 1024


def _off_grid_013(line: str) -> int | None:
    """As :func:`_off_grid` for a ``013`` team record: the blank before each player's slot after
    the first (37-40, 42-45, ...)."""
    return _first_filled(line, [4, *range(41, len(line) + 1, 5)])


def _off_grid_310(line: str) -> int | None:
    """As :func:`_off_grid` for a ``310`` team record (TRF-26): the blanks between number, name,
    nickname, strength, match and game points, rank, and before each player's slot (74-77,
    79-82, ...)."""
    return _first_filled(line, [4, 8, 41, 47, 54, 61, 68, 72, 73, *range(78, len(line) + 1, 5)])


def _first_filled(line: str, columns: list[int]) -> int | None:
    return next((c for c in columns if c <= len(line) and line[c - 1] != " "), None)


_NAMES: dict[str, tuple[int, int, Callable[[str], int | None]]] = {
    "001": (15, 47, _off_grid),
    "013": (5, 36, _off_grid_013),
    "310": (9, 40, _off_grid_310),
}
"""The records whose text field (first and last column) has fixed fields after it, with their grid."""


_CUT = "unexpected end of data"
"""What Python's UTF-8 decoder says of bytes that end inside a letter."""


def _bytes_of(line: str) -> bytes | None:
    """The bytes of a record of a UTF-8 file (the bytes of a cut letter as they were: see
    :func:`with_cut_names`), its tabs expanded as the columns of its bytes count them; None for
    text with a surrogate that stands for no byte (given as text, not read from a file)."""
    try:
        raw = line.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return None
    if b"\t" in raw:
        raw = raw.decode("latin-1").expandtabs(TAB_SIZE).encode("latin-1")
    return raw


def _by_bytes(line: str, first: int, last: int) -> tuple[str, str, bool, str] | None:
    """A record read by its bytes: what stands before its name field, the name, whether its last
    letter was cut (and dropped), what stands after; None if the record is no such reading (a
    letter outside ASCII outside the name, a name that is not UTF-8 but for a cut last letter)."""
    raw = _bytes_of(line)
    if raw is None:
        return None
    head, field, tail = raw[: first - 1], raw[first - 1 : last], raw[last:]
    name = _name_of(field) if head.isascii() and tail.isascii() else None
    if name is None:
        return None
    return head.decode("ascii"), name[0], name[1], tail.decode("ascii")


def _name_of(field: bytes) -> tuple[str, bool] | None:
    """The text of a name field's bytes, and whether its last letter was cut (dropped); None if
    they are not UTF-8 but for such a letter."""
    try:
        return field.decode("utf-8"), False
    except UnicodeDecodeError as exc:
        if exc.reason != _CUT or exc.end != len(field):
            return None
        return field[: exc.start].decode("utf-8"), True


def byte_columns(line: str) -> tuple[str, bool] | None:
    """The record ``line`` (decoded as UTF-8) as it reads with its columns counted in bytes, written
    back in characters (its name padded to the field's width in characters), and whether its name
    ended inside a letter (then dropped), if it is off the TRF columns counted in characters and on
    them counted in bytes, or holds a cut letter (:func:`with_cut_names`); else None.  Tabs are
    expanded as the record's columns are counted.  Only the name may hold letters outside ASCII: a
    record with them elsewhere is left as it is."""
    field = _NAMES.get(line[:3])
    if field is None:
        return None
    first, last, off_grid = field
    if line.isprintable() and off_grid(line) is None and (first == 15 and line[47:52].strip(" ")):
        return None  # most records: no tab, no cut letter, on the columns, a rating where it stands
    cut = _ESCAPED.search(line) is not None
    chars = line.expandtabs(TAB_SIZE) if "\t" in line else line
    read = _by_bytes(line, first, last)
    if read is None:
        return None
    head, name, name_cut, tail = read
    if name_cut and not cut:  # a whole letter cut by the bytes: the columns are in characters
        return None
    if not cut and off_grid(chars) is None and not _taken_in(chars[first - 1 : last], name):
        return None
    fixed = head + name.ljust(last - first + 1) + tail
    return (fixed, name_cut) if off_grid(fixed) is None else None


def _taken_in(field: str, name: str) -> bool:
    """Whether a name field read in characters holds, after the name its bytes give, a blank and
    then something else: the fields after it, pulled in by the extra bytes of its letters (with the
    fields between them blank, a record can sit on the columns in characters all the same).  A
    record written in characters whose long name the bytes cut at a blank holds the rest of its
    name there too; its bytes then fill the blank after the name field, off the columns."""
    name = name.rstrip(" ")
    if not field.startswith(name):
        return False
    rest = field[len(name) :]
    return rest.startswith(" ") and bool(rest.strip(" "))


_ESCAPED = re.compile("[\udc80-\udcff]+")
"""Bytes that are not UTF-8, as ``surrogateescape`` keeps them."""


def with_cut_names(data: bytes) -> str | None:
    """The text of a file that is UTF-8 but for names cut inside a letter, or None.

    A program that pads names to their width in bytes also cuts a long one at its last byte, and
    that may fall inside a letter: the first byte of an ``é`` ends the field, and the file is no
    longer UTF-8.  It is read as such here if every byte that is not UTF-8 ends the name field of a
    ``001``, ``013`` or ``310`` record inside a letter, and the file holds at least one whole letter
    of several bytes (a Windows-1252 file, whose accented letters are single bytes, has none unless
    two of them happen to form one).  The cut letters' bytes are kept as lone surrogates
    (``surrogateescape``), for :func:`realign` to read the records by their bytes and drop them."""
    text = data.decode("utf-8", "surrogateescape")
    if len(text) == len(data):  # a character a byte: not one letter of several bytes
        return None
    checked = -1
    for run in _ESCAPED.finditer(text):
        start = max(text.rfind("\n", 0, run.start()), text.rfind("\r", 0, run.start())) + 1
        if start == checked:
            continue
        ends = [k for k in (text.find("\n", run.end()), text.find("\r", run.end())) if k >= 0]
        line = text[start : min(ends, default=len(text))]
        field = _NAMES.get(line[:3])
        if field is None:
            return None
        read = _by_bytes(line, field[0], field[1])
        if read is None or not read[2]:  # a byte that is not UTF-8 and is no cut last letter
            return None
        checked = start
    return text


def realign(entries: list[tuple[int, str]], where: str) -> list[Diagnostic]:
    """Replace, in ``entries`` (line number, text) of a UTF-8 file, every record whose columns are
    counted in bytes (:func:`byte_columns`) by the same record counted in characters; the notes
    that say how many, and how many names ended inside a letter, each placed on the first one's
    name."""
    count, cut, first, first_cut = 0, 0, None, None
    for k, (lineno, line) in enumerate(entries):
        if line.isascii():
            continue
        read = byte_columns(line)
        if read is None:
            continue
        entries[k] = (lineno, read[0])
        position = Position(where, lineno, _NAMES[line[:3]][0])
        count += 1
        if first is None:
            first = position
        if read[1]:
            cut += 1
            if first_cut is None:
                first_cut = position
    notes = []
    if first is not None:
        notes.append(
            Diagnostic(
                "byte-columns",
                msg(
                    "{count} record(s) count their columns in bytes, not characters (a UTF-8 name padded to "
                    "its width in bytes): read by their bytes, the names decoded as UTF-8",
                    count=count,
                ),
                first,
            )
        )
    if first_cut is not None:
        notes.append(
            Diagnostic(
                "name-cut-in-letter",
                msg(
                    "{count} name(s) end inside a letter (cut at the field's last byte): the part of the "
                    "letter is left out",
                    count=cut,
                ),
                first_cut,
            )
        )
    return notes
