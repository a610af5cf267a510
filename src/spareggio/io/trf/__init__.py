"""Reader and writer for the FIDE Tournament Report File (TRF-16 and the TRF-2x additions).

The reader works in four steps and computes no tie-break:

1. **Text.**  The size is checked before anything is read (:data:`MAX_FILE_BYTES`), NUL bytes mark a
   binary file, the bytes are decoded (UTF-8, else Windows-1252, else Latin-1) and split into lines
   (at most :data:`MAX_LINES`).
2. **Records.**  Every line is sorted by its record code.  The ``001`` player records are then read
   all at once: they become a (players × columns) array of code points, and the start number, rating,
   rank and every round block (opponent, colour, result) of every player are decoded with numpy.
   A line that this decoder does not accept whole (a syntax error, a tab, an unusual spelling) is read
   again on its own by the line parser :func:`_parse_player`, which defines the format: it reads the
   line or raises the error, with the file, line and column.
3. **Consistency.**  Start numbers, opponents, bye records (240) and the two sides of every game are
   checked over the whole crosstable at once; the first offending cell (round by round) is reported,
   naming both lines.
4. **Tournament.**  Double forfeits, withdrawals, header records, the kind of event and the points
   column are derived.

Every problem is an :class:`~spareggio.base.errors.InputError` (``path:line:column: message``, one line,
quoting what was found and saying what was expected) or a :class:`~spareggio.base.errors.Diagnostic`
warning in ``Tournament.warnings``, reported once.  With ``lenient=True`` the recoverable
contradictions between the two sides of a game become warnings that state the repair made: a game
written on one line only gets its other side written, results that do not fit are kept as each player
wrote them, and a colour given to both players is removed.

Dialects read without complaint: ranks or points left blank, start numbers with gaps, players in any
order, lines of different lengths (trailing blanks cut, even inside the last round block when it has no
opponent), lower-case codes, ``0000`` or four blanks for "no opponent", Windows-1252 text.  A ``001``
record with tab characters is read with tabs expanded to every 8th column when that gives a valid
record, with a warning; otherwise the error names the tab's column.
"""

from __future__ import annotations

from .headers import parse_date
from .reader import _parse_one_by_one as _parse_one_by_one
from .reader import parse_trf, read_trf
from .text import MAX_FILE_BYTES, MAX_LINES, MAX_PLAYERS, MAX_ROUNDS, MAX_START_NUMBER
from .writer import iter_lines, write_trf

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_LINES",
    "MAX_PLAYERS",
    "MAX_ROUNDS",
    "MAX_START_NUMBER",
    "iter_lines",
    "parse_date",
    "parse_trf",
    "read_trf",
    "write_trf",
]
