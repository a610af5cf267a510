"""Stage 1 of the TRF reader: the text.  The size is checked before anything is read, NUL bytes mark a
binary file, the bytes are decoded (UTF-16 or UTF-32 when the file starts with their byte-order
mark, else UTF-8, else Windows-1252, else Latin-1) and split into lines, none longer than
:data:`~spareggio.io.limits.MAX_LINE_CHARS`.
"""

from __future__ import annotations

from typing import BinaryIO

from ...base.classes import dataclass
from ...base.errors import (
    Diagnostic,
    InputLimitError,
    Position,
    TrfSyntaxError,
)
from ...base.i18n import msg
from ..limits import MAX_LINE_CHARS, clean_text
from .columns import with_cut_names

MAX_FILE_BYTES = 64 * 1024 * 1024
"""Files larger than this are refused before they are read.  A complete TRF of 9999 players and 99
rounds has about 11 MB; the limit keeps the reader's memory within a few hundred MB."""
MAX_LINES = 1_000_000
"""Files with more lines are refused before the lines are split (every line costs memory)."""
MAX_PLAYERS = 1_000_000
"""Players a tournament may have in memory.  A TRF file holds at most :data:`MAX_START_NUMBER` player
records: start numbers have four digits."""
MAX_START_NUMBER = 9999
"""The largest start number that columns 5-8 of a ``001`` record can hold."""
MAX_ROUNDS = 99
"""Round blocks a ``001`` record may have."""


@dataclass(slots=True)
class _TextNotes:
    """Text fields that held control characters: reported once, with the first one found."""

    first: Diagnostic | None = None
    count: int = 0

    def clean(self, text: str, what: str, position: Position) -> str:
        if text.isprintable():
            return text
        cleaned = clean_text(text)  # a terminal would obey an ESC: shown as U+FFFD, a tab as a blank
        if cleaned != text:
            self.count += 1
            if self.first is None or _place(position) < _place(self.first.position):
                self.first = Diagnostic(
                    "control-characters",
                    msg(
                        "{what}: control characters replaced by U+FFFD; found {text!r}", what=what, text=text
                    ),
                    position,
                )
        return cleaned

    def diagnostic(self) -> Diagnostic | None:
        if self.first is None or self.count == 1:
            return self.first
        first = self.first
        return Diagnostic(
            first.code,
            msg("{message} ({count} text fields in all)", message=first.message, count=self.count),
            first.position,
        )


def _place(position: Position | None) -> tuple[int, int]:
    """Sort key of a position in a file (line, column)."""
    return (position.line, position.column) if position else (0, 0)


# --------------------------------------------------------------------------------------------------
# decoding


_WIDE_BOMS = (
    (b"\xff\xfe\x00\x00", "utf-32"),
    (b"\x00\x00\xfe\xff", "utf-32"),
    (b"\xff\xfe", "utf-16"),
    (b"\xfe\xff", "utf-16"),
)
"""Byte-order marks of the wide encodings (UTF-32 first: its little-endian mark starts like UTF-16's).
Windows Notepad saves "Unicode" as UTF-16 with a mark."""


def _wide(data: bytes, where: str) -> tuple[str, str] | None:
    """The text of a UTF-16 or UTF-32 file that starts with its byte-order mark, else ``None``."""
    for bom, encoding in _WIDE_BOMS:
        if data.startswith(bom):
            try:
                return data.decode(encoding), encoding
            except UnicodeDecodeError as exc:
                raise TrfSyntaxError(
                    msg(
                        "the file starts with a {encoding} byte-order mark but is not {encoding} text (byte {offset})",
                        encoding=encoding.upper(),
                        offset=exc.start,
                    ),
                    Position(where, 1, 1),
                ) from None
    return None


def _decode(data: bytes) -> tuple[str, str]:
    """Decode TRF bytes: UTF-8 (BOM stripped), also when its only faults are names cut inside a
    letter (:func:`~.columns.with_cut_names`), else Windows-1252, else Latin-1."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    text = with_cut_names(data)  # UTF-8 but for names cut inside a letter
    if text is not None:
        return text, "utf-8"
    try:
        return data.decode("cp1252"), "cp1252"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


def _check_size(size: int, where: str) -> None:
    """Refuse a file larger than :data:`MAX_FILE_BYTES` before reading it."""
    if size > MAX_FILE_BYTES:
        raise InputLimitError(
            msg(
                "the file has {size} bytes, more than the limit of {MAX_FILE_BYTES}",
                size=size,
                MAX_FILE_BYTES=MAX_FILE_BYTES,
            ),
            Position(where, 1, 1),
        )


def _load(source: list[bytes | str], where: str) -> tuple[list[str], str]:
    """The lines of the file (CRLF, CR and LF all end a line) and the encoding used.

    ``source`` holds the file's content and is emptied: with the caller's last reference handed over,
    the bytes are freed once decoded and the text once split, so that at most two copies of the file
    exist at any time.
    """
    data = source.pop()
    if len(data) > MAX_FILE_BYTES:
        raise InputLimitError(
            msg(
                "the file has {size} bytes, more than the limit of {MAX_FILE_BYTES}",
                size=len(data),
                MAX_FILE_BYTES=MAX_FILE_BYTES,
            )
            if isinstance(data, bytes)
            else msg(
                "the file has {size} characters, more than the limit of {MAX_FILE_BYTES}",
                size=len(data),
                MAX_FILE_BYTES=MAX_FILE_BYTES,
            ),
            Position(where, 1, 1),
        )
    wide = _wide(data, where) if isinstance(data, bytes) else None
    if wide is not None:
        text, encoding = wide
        text = text.removeprefix("\ufeff")
    elif isinstance(data, bytes):
        if b"\x00" in data[:4096]:
            raise TrfSyntaxError(
                msg("this is a binary file, not a TRF text file (found NUL bytes)"), Position(where, 1, 1)
            )
        text, encoding = _decode(data)
    else:
        text, encoding = data.removeprefix("\ufeff"), "utf-8"
    del data
    crs = "\r" in text
    count = text.count("\n") + 1 + (text.count("\r") - text.count("\r\n") if crs else 0)
    if count > MAX_LINES:
        raise InputLimitError(
            msg(
                "the file has {count} lines, more than the limit of {MAX_LINES}",
                count=count,
                MAX_LINES=MAX_LINES,
            ),
            Position(where, MAX_LINES + 1, 1),
        )
    if crs:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    del text
    if lines and max(map(len, lines)) > MAX_LINE_CHARS:
        k = next(k for k, line in enumerate(lines) if len(line) > MAX_LINE_CHARS)
        raise InputLimitError(
            msg(
                "the line has {count} characters, more than the limit of {limit}",
                count=len(lines[k]),
                limit=MAX_LINE_CHARS,
            ),
            Position(where, k + 1, MAX_LINE_CHARS + 1),
        )
    return lines, encoding


def _read_bounded(handle: BinaryIO, size: int) -> bytes:
    """The content of an open file of ``size`` bytes by its status; a file that is longer (a pipe, a
    device, a file that grows meanwhile) is read on in chunks, never beyond the limit."""
    chunks = [handle.read(size + 1)]
    total = len(chunks[0])
    while total <= MAX_FILE_BYTES:
        chunk = handle.read(min(1 << 20, MAX_FILE_BYTES + 1 - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    return b"".join(chunks)
