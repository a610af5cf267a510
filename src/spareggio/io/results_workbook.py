"""The Excel workbook chess-results exports from a crosstable (its "Excel and Print" links, ``.xlsx``)
as an event.

The export holds the page's crosstable in its first sheet, cell for cell: a banner (``From the
Tournament-Database of Chess-Results``), the tournament's name, its facts as ``Label : value``
(``Date : 2025/04/30``, ``Location : ...``), the heads (``Rk.`` or ``No.``, the title, ``Name``,
``Rtg``, ``FED``, ``1.Rd`` ... or the grid's ``1`` ... ``n``, ``Pts.``, ``TB1`` ...) and a row per
player, then the address of the page.  The workbook stores what it can as numbers: a bye worth a
point ``-1`` and a round without a game ``-0`` are the numbers -1 and 0 in a round column, the
ratings, ranks, points and tie-break values are numbers.  The export prints no legend: the tie-break
columns are then not compared (:mod:`.results_table` says so), and the ranks are compared under the
list given, or the one assumed; a legend the sheet does hold (``Tie Break1: ...``) is read.

Every cell is placed at its sheet row (the line) and column: ``april.xlsx:21:6`` is the cell F21.
The workbook is read by openpyxl, after its members are counted (:data:`MAX_UNPACKED_BYTES`: a
small file that unpacks to gigabytes is refused before it is unpacked).  An Excel 97-2003 workbook
(``.xls``) is refused with what to do instead.
"""

from __future__ import annotations

import datetime as _dt
import io
import re
import warnings
import zipfile
from collections.abc import Iterator
from typing import Any

from ..base.errors import InputError, Position
from ..base.i18n import msg
from ..core.programs import LEGEND, legend_items
from ..lazy import module
from .heads import RESULTS_WORKBOOK_MAX_BYTES as MAX_FILE_BYTES
from .heads import sniff_results_workbook as sniff
from .limits import clean_text
from .options import Event, ReadOptions
from .results_table import (
    SAVE,
    Cell,
    Row,
    Table,
    event,
    holds_player,
    is_crosstable,
    is_grid,
    is_round,
    other_kind,
    update_day,
)

__all__ = ["MAX_FILE_BYTES", "MAX_UNPACKED_BYTES", "parse", "sniff"]

MAX_UNPACKED_BYTES = 64 * 1024 * 1024
"""What a workbook's members may unpack to, together (as their directory declares it; the zip
reader stops a member at its declared size)."""
MAX_MEMBERS = 1000
MAX_ROWS = 20_000
"""Rows of a sheet: a crosstable of ten thousand players fits; a sheet with more is refused."""
MAX_COLUMNS = 1024
"""Columns of a sheet: a round robin of a thousand players fits; a sheet with more is refused."""
MAX_CELLS = 4_000_000
"""Cells read in all, the empty ones each row is padded with to its sheet's width included (a
crosstable of 10,000 players and 30 columns has 300,000): a sheet of 20,000 rows each writing its
1,024th column took 5 s to read; it is refused in a quarter of a second."""
_OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_FACT = re.compile(r"^([^:]{1,40}?)\s*:\s*(.*)$")
"""A fact above the table: ``Date : 2025/04/30``."""
_BANNER = "tournament-database"
"""The banner of the export's first row (``From the Tournament-Database of Chess-Results``)."""
_UNPLAYED = {-1: "-1", 0: "-0"}
"""A round column's numbers, as the page writes them: a bye worth a point, a round without a game."""


def parse(data: bytes, name: str, options: ReadOptions) -> Event:
    """The event of a chess-results Excel export.

    :raises InputError: for a file that is no workbook, a workbook without a crosstable, or a row or
        cell that cannot be read (at its sheet row and column).
    """
    if data.startswith(_OLE):
        raise InputError(
            msg(
                "an Excel 97-2003 workbook (.xls), which spareggio does not read: export the crosstable from "
                "chess-results as .xlsx (or save this workbook as .xlsx), or save its web page"
            ),
            Position(name, 1, 1),
        )
    sheets = _sheets(data, name)
    for sheet in sheets:
        table = _table(sheet, name)
        if table is not None:
            return event(table, options)
    for sheet in sheets:
        for _, values in sheet:
            kind = other_kind([_text(v).lower() for v in values])
            if kind is not None:
                raise InputError(
                    msg("this workbook is {what}, not a crosstable: {save}", what=kind, save=SAVE), Position(name, 1, 1)
                )
    raise InputError(
        msg(
            "no crosstable in this workbook: chess-results' Excel export of a crosstable has a row with the "
            "start number (or the rank), the name and one column per round (or a round-robin grid); {save}",
            save=SAVE,
        ),
        Position(name, 1, 1),
    )


_Sheet = list[tuple[int, list[Any]]]
"""A sheet's rows that hold something: (row number, the values of its cells)."""


def _sheets(data: bytes, name: str) -> list[_Sheet]:
    """The values of every sheet, after the workbook's members are counted."""
    where = Position(name, 1, 1)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        raise InputError(msg("this file is not an Excel workbook (.xlsx), or it is damaged"), where) from None
    if len(members) > MAX_MEMBERS:
        raise InputError(
            msg("the workbook holds {n} parts, more than the limit of {limit}", n=len(members), limit=MAX_MEMBERS),
            where,
        )
    unpacked = sum(m.file_size for m in members)
    if unpacked > MAX_UNPACKED_BYTES:
        raise InputError(
            msg(
                "the workbook unpacks to {size} bytes, more than the limit of {limit} bytes",
                size=unpacked, limit=MAX_UNPACKED_BYTES,
            ),
            where,
        )  # fmt: skip
    openpyxl = module("xlsx")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # openpyxl warns of styles and extensions it does not keep
            book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
            try:
                budget = [MAX_CELLS]
                return [list(_values(sheet, budget, where)) for sheet in book.worksheets]
            finally:
                book.close()
    except InputError:
        raise
    except Exception as exc:  # noqa: BLE001 - openpyxl raises whatever its zip and XML parsers raise for a damaged part
        raise InputError(
            msg("the workbook cannot be read ({reason})", reason=type(exc).__name__), where
        ) from None


def _values(sheet: Any, budget: list[int], where: Position) -> Iterator[tuple[int, list[Any]]]:
    """The rows of a sheet that hold something.

    :raises InputError: for a sheet with a row beyond :data:`MAX_ROWS` or a cell beyond
        :data:`MAX_COLUMNS`, or a workbook past :data:`MAX_CELLS` (``budget`` holds what is left).
    """
    rows = sheet.iter_rows(max_row=MAX_ROWS + 1, values_only=True)  # each row as wide as the sheet
    for number, row in enumerate(rows, 1):
        budget[0] -= len(row)
        if budget[0] < 0:
            raise InputError(
                msg("the workbook has more than {limit} cells to read (its sheets' rows times their width)",
                    limit=MAX_CELLS),
                where,
            )  # fmt: skip
        values = list(row)
        while values and values[-1] is None:
            values.pop()
        if not values:
            continue
        if number > MAX_ROWS or len(values) > MAX_COLUMNS:
            raise InputError(
                msg(
                    "the sheet {sheet!r} writes a cell beyond row {rows} or column {columns}: more than any "
                    "crosstable holds",
                    sheet=str(sheet.title)[:40], rows=MAX_ROWS, columns=MAX_COLUMNS,
                ),
                where,
            )  # fmt: skip
        yield number, values


def _text(value: Any) -> str:
    """What a cell shows: a number as the page prints it (``31.5``, ``2``), a date as ISO, a text
    with its blanks made single and what no output can carry replaced (as every reader does)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value.is_integer() and abs(value) < 1e15:
            return str(int(value))
        return repr(value)
    if isinstance(value, (_dt.datetime, _dt.date, _dt.time)):
        return value.isoformat()
    return " ".join(clean_text(str(value)).replace("\xa0", " ").split())


def _table(sheet: _Sheet, name: str) -> Table | None:
    """The crosstable of a sheet: the first row whose heads are a crosstable's (or a grid's), the
    rows right below it that hold a player, the facts and title above it, a legend below it."""
    texts = [(number, [_text(v) for v in values]) for number, values in sheet]
    for k, (number, row) in enumerate(texts):
        heads = [t.lower() for t in row]
        grid = not is_crosstable(heads)
        if grid and not is_grid(heads):
            continue
        games = set() if grid else {j for j, h in enumerate(heads) if is_round(h)}
        rows: list[Row] = []
        end = k + 1
        while end < len(texts) and _continues(texts[end - 1][0], *texts[end], heads):
            at, cells = texts[end]
            shown = [
                _UNPLAYED[int(v)] if j in games and _unplayed(v) else cells[j] for j, v in enumerate(sheet[end][1])
            ]
            shown += [""] * (len(heads) - len(shown))
            rows.append(Row(Position(name, at, 1), [Cell(t, Position(name, at, j + 1)) for j, t in enumerate(shown)]))
            end += 1
        above = texts[:k]
        updated = next((day for _, cells in above if cells and (day := update_day(cells[0])) is not None), None)
        title, title_at = _title(above, number)
        legend = " ".join(" ".join(t for t in cells if t) for _, cells in texts[end:] if _legend_row(cells))
        return Table(
            path=name,
            heads=heads,
            rows=rows,
            where=Position(name, number, 1),
            grid=grid,
            legend=legend_items(legend),
            title=title or name,
            title_where=Position(name, title_at, 1),
            facts=_facts(above, name),
            updated=updated,
            workbook=True,
        )
    return None


def _continues(before: int, at: int, cells: list[str], heads: list[str]) -> bool:
    """Whether a row goes on with the table: right below the row before, holding a player (a number
    first, or a name below a shared place); a blank row, or a text first (the export's next
    heading), ends it."""
    first = cells[0] if cells else ""
    return at == before + 1 and (not first or first.isdigit()) and holds_player(cells, heads)


def _unplayed(value: Any) -> bool:
    """Whether a round column's cell holds the number -1 or 0 (the page's ``-1`` and ``-0``)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value in (-1, 0)


def _legend_row(row: list[str]) -> bool:
    return any(LEGEND.search(t) for t in row if t)


def _title(above: list[tuple[int, list[str]]], header: int) -> tuple[str, int]:
    """The tournament's name: the first text above the table that is no banner, no fact and no
    update date, with its row."""
    for number, row in above:
        first = row[0] if row else ""
        if not first or _BANNER in first.lower() or _FACT.match(first) or update_day(first) is not None:
            continue
        return first, number
    return "", header


def _facts(above: list[tuple[int, list[str]]], name: str) -> dict[str, tuple[str, Position]]:
    """The facts above the table, ``Label : value`` in one cell: label, lower case, -> value and its
    cell."""
    found: dict[str, tuple[str, Position]] = {}
    for number, row in above:
        m = _FACT.match(row[0]) if row and row[0] and update_day(row[0]) is None else None
        if m is not None and _BANNER not in row[0].lower():
            label = m.group(1).strip().lower()
            if label and label not in found:
                found[label] = (m.group(2).strip(), Position(name, number, 1))
    return found
