"""The limits on text every reader enforces: one table, documented in docs/limits.md.

A field longer than its limit is an :class:`~spareggio.base.errors.InputLimitError` at its line and
column, raised while the file is read, so that no later stage (a table padded to the longest name,
a page, a spreadsheet) ever sees a gigabyte of text.  The sizes of whole files, the number of
lines, players and rounds are limited by each reader (``MAX_FILE_BYTES`` ...).
"""

from __future__ import annotations

import re

from ..base.errors import InputLimitError, Position
from ..base.i18n import msg

__all__ = [
    "FIELD_LIMITS",
    "MAX_LINE_CHARS",
    "MAX_NAME_CHARS",
    "MAX_TEXT_CHARS",
    "check_length",
    "clean_lines",
    "clean_text",
]

MAX_NAME_CHARS = 200
"""A player's or a team's name (TRF holds 33 characters; tournament JSON any string)."""
MAX_TEXT_CHARS = 1_000
"""Any other text field: the event's name, city, federation, arbiters, a title, a FIDE id, a
tie-break specifier."""
MAX_LINE_CHARS = 4_096
"""A line of a TRF file (a ``001`` record of 99 rounds has 1,081 characters)."""

FIELD_LIMITS: dict[str, int] = {
    "name": MAX_NAME_CHARS,
    "text": MAX_TEXT_CHARS,
    "trf-line": MAX_LINE_CHARS,
}
"""Every limit by the kind of field it applies to, as docs/limits.md lists them."""


def check_length(text: str, limit: int, what: str, position: Position) -> None:
    """Refuse ``text`` when it is longer than ``limit`` characters: ``what`` names the field, the
    error points at ``position``."""
    if len(text) > limit:
        raise InputLimitError(
            msg(
                "{what} has {count} characters, more than the limit of {limit}",
                what=what,
                count=len(text),
                limit=limit,
            ),
            position,
        )


REPLACEMENT = "\ufffd"
"""What an unsafe character of a text field becomes: U+FFFD, the character that stands for one that
cannot be shown."""
_UNSAFE_FIELD = r"[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]"
"""In a text field (compiled by :mod:`re` the first time a field needs it: a TRF file is read
without it): control characters (C0 but the tab, DEL, C1), the line and paragraph separators,
and lone surrogates (a JSON ``"\\ud800"``), which no output encodes as UTF-8."""
_UNSAFE_TEXT = r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]"
"""In a whole text: the same, but the line ends and tabs that make its layout."""


def clean_text(text: str) -> str:
    """A text field as every output can carry it: a tab becomes a blank, and control characters,
    line and paragraph separators and lone surrogates become U+FFFD (one character each).  Every
    reader calls it once, where the field is read."""
    if text.isprintable():
        return text
    return re.sub(_UNSAFE_FIELD, REPLACEMENT, text.replace("\t", " "))


def clean_lines(text: str) -> str:
    """A whole text with its control characters and lone surrogates replaced by U+FFFD, its line
    ends and tabs kept: every position in it stays where it was."""
    return re.sub(_UNSAFE_TEXT, REPLACEMENT, text)
