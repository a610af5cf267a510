"""Excel workbooks written in the layout of chess-results' Excel export of a crosstable (its "Excel
and Print" link, ``.xlsx``), for the results-workbook reader's tests: the banner, the title, the
facts as ``Label : value``, the heads and a row per player, the page's address below.  What the
export stores as numbers is written as numbers: ``-1`` and ``-0`` in a round column (the numbers
-1 and 0), the ratings (0 for an unrated player), ranks, points and tie-break values, a grid's ``1``
and ``0``; the rest is text (``' 19w1'``, ``'  -½'``, ``'½'``).

:func:`rows` gives the sheet's rows, :func:`workbook` the file, :func:`from_tsv` the file of rows
written as text (the fuzzing of ``tests/fuzzing.py`` edits that text)."""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import openpyxl
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

import spareggio
from spareggio.core.model import Color, ResultKind

Sheet = list[list[Any]]

BANNER = "From the Tournament-Database of Chess-Results https://chess-results.com"
_PLAYED = {ResultKind.PLAYED_WIN: "1", ResultKind.PLAYED_DRAW: "½", ResultKind.PLAYED_LOSS: "0",
           ResultKind.FORFEIT_WIN: "+", ResultKind.FORFEIT_LOSS: "-", ResultKind.DOUBLE_FORFEIT: "-",
           ResultKind.PENDING: ""}  # fmt: skip
_BYE: dict[ResultKind, Any] = {ResultKind.PAB: -1, ResultKind.FULL_BYE: -1, ResultKind.HALF_BYE: "  -½"}


def _number(value: Fraction | None) -> Any:
    """A value as the export stores it: a whole number as an integer, else a float; blank for none."""
    if value is None:
        return None
    return int(value) if value.denominator == 1 else float(value)


def rows(
    t: spareggio.Tournament,
    values: Sequence[Mapping[int, Fraction | None]],
    ranks: Mapping[int, int | None],
    *,
    ranking: bool = False,
    grid: bool = False,
    legend: Sequence[str] = (),
    title: str = "Test Rapid 2026",
    date: str | None = "2026/02/05",
    updated: str = "05.02.2026 22:48:33",
) -> Sheet:
    """The sheet of the export: the starting rank crosstable (``No.`` first), or with ``ranking`` the
    ranking crosstable (``Rk.`` first, the rows in ``ranks`` order, the opponents named by their
    place; a rank of None prints nothing, a place shared with the row above), or with ``grid`` the
    round-robin grid.  ``values[k]`` is column TBk+1 by start number; without ``date``, no ``Date``
    fact (as the exports of some events print none)."""
    n = len(t.players)
    sheet: Sheet = [[BANNER], [title], ["Location : Montebello"]]
    sheet += [[f"Date : {date}"]] if date is not None else []
    sheet += [[f"Number of rounds : {t.rounds}"], [], [f"Last update {updated}"]]
    if ranking:
        sheet.append([f"Final Ranking crosstable after {t.rounds} Rounds"])
    elif not grid:
        sheet.append(["Starting rank crosstable"])
    first = "Rk." if ranking else "No."
    heads: list[Any] = [first, None, "Name", "Rtg", "FED"]
    heads += list(range(1, n + 1)) if grid else [f"{r + 1}.Rd" for r in range(t.rounds)]
    heads += ["Pts. "] + ([] if ranking else ["Rk."]) + [f"TB{k + 1}" for k in range(len(values))]
    sheet.append(heads)
    order = [t.index_of(sno) for sno in ranks] if ranking else list(range(n))  # ranks in the list's order
    order_ranks = [ranks.get(t.players[i].start_number) for i in order] if ranking else []
    place = {t.players[i].start_number: k + 1 for k, i in enumerate(order)}
    standings = spareggio.rank(t, ["PTS"], rules="fide-2026")
    for k, i in enumerate(order):
        p = t.players[i]
        row: list[Any] = [order_ranks[k] if ranking else p.start_number, p.title or None, p.name, p.rating or 0, p.federation]
        if grid:
            for j in range(n):
                games = [r for r in range(t.rounds) if int(t.opponent[i, r]) == j]
                shown = "".join(_PLAYED[ResultKind(int(t.kind[i, r]))] for r in games)
                row.append("*" if i == j else (int(shown) if shown in ("0", "1") else shown))
        else:
            for r in range(t.rounds):
                kind = ResultKind(int(t.kind[i, r]))
                opp = int(t.opponent[i, r])
                if opp >= 0:
                    number = place[t.players[opp].start_number] if ranking else t.players[opp].start_number
                    colour = "w" if t.color[i, r] == Color.WHITE else "b"
                    row.append(f"{number:>3}{colour}{_PLAYED[kind]}")
                else:
                    row.append(_BYE.get(kind, 0))
        row.append(_number(standings.row_of(p.start_number).points))
        if not ranking:
            row.append(ranks.get(p.start_number))
        row += [_number(v.get(p.start_number)) for v in values]
        sheet.append(row)
    if grid:
        sheet.append(["Starting rank crosstable"])  # as the export writes it, right below the grid
    if legend:
        sheet.append(["Annotation:"])
        sheet += [[f"Tie Break{k + 1}: {item}"] for k, item in enumerate(legend)]
    sheet += [[], ["You find all details to this tournament under  https://chess-results.com/tnr1.aspx?lan=1"]]
    sheet.append(["Chess-Tournament-Results-Server: Chess-Results"])
    return sheet


def workbook(sheet: Sheet) -> bytes:
    """The ``.xlsx`` file of a sheet's rows."""
    book = openpyxl.Workbook()
    active = book.active
    assert active is not None
    for row in sheet:
        active.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def tsv(sheet: Sheet) -> str:
    """The rows as text: a line a row, a tab between cells (what the fuzzing edits)."""
    return "\n".join("\t".join("" if v is None else str(v) for v in row) for row in sheet)


def from_tsv(text: str) -> bytes:
    """The workbook of rows written as text: a cell that reads as a number is stored as one."""
    sheet: Sheet = []
    clean = ILLEGAL_CHARACTERS_RE.sub("", text.encode("utf-8", "replace").decode("utf-8"))  # what a cell may hold
    for line in clean.split("\n"):
        row: list[Any] = []
        for cell in line.split("\t"):
            try:
                value: Any = int(cell) if cell.strip().lstrip("-").isdigit() and len(cell) < 12 else float(cell)
                if not math.isfinite(value):
                    value = cell
            except ValueError:
                value = cell
            row.append(value if cell else None)
        sheet.append(row)
    return workbook(sheet)
