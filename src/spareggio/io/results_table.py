"""A chess-results crosstable as an event, from wherever it was read: the results page
(:mod:`.results_page`) or the Excel workbook chess-results exports from it (:mod:`.results_workbook`).

Each reader finds the crosstable's table and hands it over as a :class:`Table`: its heads, its rows
of :class:`Cell` (the text each cell shows, where it stands, the link it carries), the legend's
items, the title and the facts printed above it.  :func:`event` reads everything else, whichever
the source:

* **The crosstable with round columns** ("Starting rank crosstable", "Final Ranking crosstable"):
  every player (start number, title, name, rating, federation), every round's cell (``54b1``:
  against 54 with Black, won; ``29w½`` a draw; ``62b+`` a forfeit win, ``62w-`` a forfeit loss;
  ``-1`` a bye worth a point, ``-½`` half a point, ``-0`` a round without a game; ``13b`` paired, no
  result yet), the declared rank (``Rk.``) and the printed tie-break values (``TB1`` ..., decimal
  comma or point).  A ranking crosstable without a start-number column numbers its players (and the
  opponents in its cells) by their place in the list; a place shared with the row above prints no
  rank.  The start numbers are then read from the links of the names (``snr=5``), else the place
  stands for the start number, with a warning.
* **The round-robin grid**: a row per player and a column per player (``1``, ``2`` ... ``n``), each
  cell the row player's result against the column player (``1``, ``½``, ``0``, ``+``, ``-``; two
  results in a double round robin).  A grid does not say in which round or with which colour a game
  was played: the games are placed by the Berger tables (FIDE C.05, Annex 1), with a warning.

The legend below the table (``Tie Break1: points (game-points) Tie Break2: ...``) names the
criteria as the program prints them: they stand as the event's own list, read by the tie-break
names (:mod:`spareggio.tiebreaks.legend`) when the event is ranked.  The event keeps the printed
values by legend item, so that ``check`` compares them, not only the ranks.  A legend naming one
criterion twice with parameters it does not print (``Buchholz Tie-Breaks (variabel with parameter)``
twice) has them inferred from the printed values (:func:`_resolve_repeats`).  Tie-break columns
without a legend (the Excel export prints none) are not compared, with a warning.

A crosstable saved while its last round was being played holds some results of that round: the
standings stand after the last complete round, the printed points are compared on that round (the
results of the round in play taken off), and the printed ranks and other values, which mix both
rounds, are not compared; a warning says so.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import re
from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from ..base.classes import dataclass
from ..base.errors import Diagnostic, InputError, Position, SpareggioError
from ..base.i18n import Text, msg
from ..core.dates import calendar_day
from ..core.model import Color, KindSource, Player, ResultKind, Scoring, Tournament, TournamentKind
from ..standings import rank_lists
from ..tiebreaks import TIEBREAKS, parse_spec
from ..tiebreaks.printed import disagreeing
from .assemble import Crosstable, assemble, whole
from .grid import RESULT_KINDS, grid_note, grid_tokens, placed, placed_by_the_tables
from .heads import NO_LEGEND
from .limits import MAX_NAME_CHARS, MAX_TEXT_CHARS, check_length
from .options import Event, ReadOptions
from .pages import printed_value

__all__ = [
    "PROFILE",
    "SAVE",
    "Cell",
    "Row",
    "Table",
    "event",
    "holds_player",
    "is_crosstable",
    "is_grid",
    "is_round",
    "other_kind",
    "update_day",
]


PROFILE = "swiss-manager"
"""The program behind most chess-results pages: the parameters a legend does not print are inferred
under its profile.  The event names no publisher: chess-results also publishes what other programs
upload (Sharly Chess sends its tie-break values there), so ``check --infer`` credits every program
that computes as the page's ranking does."""

SAVE = msg(
    "save the tournament's crosstable instead (on chess-results: 'Starting rank crosstable', or the "
    "final ranking crosstable)"
)
"""What to save, said wherever a page is not a crosstable."""

_ROUND = re.compile(r"^(\d{1,3})\s*\.?\s*(?:rd|r|rnd|runde|turno|t|ronde)\.?$", re.IGNORECASE)
_LONG_ROUND = re.compile(r"^\d{4,}\s*\.?\s*(?:rd|r|rnd|runde|turno|t|ronde)\.?$", re.IGNORECASE)
_GRID = re.compile(r"^\d{1,4}$")
_NUMBER = {"no.", "nr.", "n.", "no", "nr", "snr", "sno", "sno.", "snr.", "br.", "st.no.", "startno",
           "ст.ном", "ст.ном.", "ном.", "nº.inic.", "no.ini."}  # fmt: skip
_NAME = {"name", "nome", "nom", "nimi", "nombre", "имя"}
_RATING = {"rtg", "elo", "rating", "fide", "eloi", "elon", "рейт."}
_FED = {"fed", "fed.", "land", "fid", "фед."}
_RANK = {"rk.", "rk", "rank", "pos.", "rg.", "pl."}
_POINTS = {"pts.", "pts", "pkt.", "punti", "points", "pt.", "p.", "очки"}
_TB = re.compile(r"^(?:tb|desp|des|доп)\s*(\d{1,2})$", re.IGNORECASE)
_CELL = re.compile(r"^(\d{1,5})\s*([wbs])\s*(1|0|½|=|\+|-)?$", re.IGNORECASE)
_UNPAIRED = re.compile(r"^-\s*(1|0|½|\+|-)?$")
_DATE = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2})")
_UPDATED = re.compile(r"(?<!\d)(\d{2})\.(\d{2})\.(\d{4}) \d{2}:\d{2}:\d{2}(?!\d)")
"""chess-results' stamp of a page's last update (``08.02.2026 16:45:19``)."""
_SIDES = {"white", "black", "weiß", "schwarz", "bianco", "nero", "blancs", "noirs"}
"""The heads of the two sides of a game in the pairings of a round."""
_PAIRING_HEADS = _SIDES | {"result", "res.", "ergebnis"}
_RESULT: dict[str | None, ResultKind] = {symbol: kind for symbol, kind in RESULT_KINDS.items()}
_RESULT[None] = ResultKind.PENDING  # a pairing without its result yet
_NO_GAME = {
    "1": ResultKind.PAB,
    "+": ResultKind.PAB,
    "½": ResultKind.HALF_BYE,
    "0": ResultKind.ABSENT,
    "-": ResultKind.ABSENT,
    None: ResultKind.ABSENT,
}
_UNSAID = "with parameter"
"""What a legend's name says of parameters it does not print (``Buchholz Tie-Breaks (variabel with
parameter)``)."""
_PARAMETERS = ("", "C1", "C2", "M1", "M2")
"""The parameters tried for a criterion a legend names twice without printing them: none, the cuts
and the medians programs offer (C.07 14.1)."""


# -- what a reader hands over --------------------------------------------------------------------


@dataclass(frozen=True)
class Cell:
    """A cell of the crosstable: the text it shows (blanks made single), where it stands, and the
    address of the link it carries (a player's card: ``...&snr=5``), if any."""

    text: str
    where: Position
    link: str | None = None


@dataclass
class Row:
    """A row of the crosstable, where it starts and its cells."""

    where: Position
    cells: list[Cell]


@dataclass
class Table:
    """A crosstable as a reader found it: everything :func:`event` reads."""

    path: str
    heads: list[str]
    """The heads of the columns, lower case."""
    rows: list[Row]
    """The rows below the heads that hold a player (a number or a name)."""
    where: Position
    """Where the table starts."""
    grid: bool
    """A round-robin grid (a column per player), not round columns."""
    legend: list[str]
    """The legend's items as printed (``Tie Break1: ...``), in order; empty without a legend."""
    title: str
    title_where: Position
    facts: dict[str, tuple[str, Position]] = dataclasses.field(default_factory=dict)
    """The facts printed above the table (``Date``, ``Location`` ...): label, lower case, -> value and
    where it stands."""
    updated: _dt.date | None = None
    """The day of the page's last update (``Last update 08.02.2026 16:45:19``), if printed."""
    workbook: bool = False
    """Read from chess-results' Excel export, not from a web page: its messages say "the workbook"."""


def is_crosstable(heads: list[str]) -> bool:
    """Whether a table's heads are those of a crosstable with round columns: the start number (or
    the rank), the name and the rounds."""
    return any(h in _NAME for h in heads) and any(_ROUND.match(h) for h in heads) and _identity(heads)


def is_grid(heads: list[str]) -> bool:
    """Whether a table's heads are those of a round-robin grid: the number (or rank), the name and a
    column per player, numbered from 1."""
    numbered = [h for h in heads if _GRID.match(h)]
    return (
        any(h in _NAME for h in heads)
        and _identity(heads)
        and len(numbered) >= 2
        and numbered == [str(k) for k in range(1, len(numbered) + 1)]
    )


def is_round(head: str) -> bool:
    """Whether a head (lower case) is a round's (``1.rd``)."""
    return _ROUND.match(head) is not None


def other_kind(heads: list[str]) -> Text | None:
    """What a table that is no crosstable is, by its heads, when it is one of chess-results' other
    lists (a player's card, the pairings of a round, the starting rank list, a ranking list)."""
    found = set(heads)
    if "rd." in found and found & _NAME and not found & _SIDES:  # a row per round, the player's opponents
        return msg("a player's card (his games round by round)")
    if found & _PAIRING_HEADS and (found & _NAME or found & _NUMBER or "bo." in found):
        return msg("the pairings of a round")
    if found & _NAME and found & _NUMBER and not found & _RANK and not found & _POINTS:
        return msg("the starting rank list (the players, without their games)")
    if found & _NAME and found & _RANK and found & _POINTS:
        return msg("a ranking list (points and tie-breaks, without the games)")
    return None


def holds_player(cells: Sequence[str], heads: list[str]) -> bool:
    """Whether a row below the heads holds a player: its first cell or its name is written (a place
    shared with the row above prints no rank, and keeps its name)."""
    name = next((k for k, h in enumerate(heads) if h in _NAME), None)
    return bool(cells and cells[0]) or (name is not None and name < len(cells) and bool(cells[name]))


def _identity(heads: list[str]) -> bool:
    return any(h in _NUMBER or h in _RANK for h in heads)


_Column = tuple[str, tuple[Fraction | None, ...] | None]
"""A legend item and its printed column (None: printed, not compared)."""


@dataclass
class _Layout:
    """Which column holds what."""

    heads: list[str]
    number: int
    by_rank: bool
    """The table numbers its players by their place (no start-number column)."""
    name: int
    rating: int | None
    fed: int | None
    rank: int | None
    points: int | None
    title: int | None
    games: list[int]
    """The round columns, or the grid's player columns."""
    tiebreaks: list[int]

    @classmethod
    def of(cls, heads: list[str], grid: bool) -> _Layout:
        number = next((k for k, h in enumerate(heads) if h in _NUMBER), None)
        rank = next((k for k, h in enumerate(heads) if h in _RANK), None)
        name = next(k for k, h in enumerate(heads) if h in _NAME)
        pattern = _GRID if grid else _ROUND
        return cls(
            heads=heads,
            number=number if number is not None else rank,  # type: ignore[arg-type]
            by_rank=number is None,
            name=name,
            rating=next((k for k, h in enumerate(heads) if h in _RATING), None),
            fed=next((k for k, h in enumerate(heads) if h in _FED), None),
            rank=rank,
            points=next((k for k, h in enumerate(heads) if h in _POINTS), None),
            title=name - 1 if name > 0 and not heads[name - 1] else None,
            games=[k for k, h in enumerate(heads) if pattern.match(h) and k > name],
            tiebreaks=[k for _, k in sorted(_numbered(heads))],
        )


def _numbered(heads: list[str]) -> list[tuple[int, int]]:
    """The tie-break columns: (the number of ``TBn``, column)."""
    return [(int(m.group(1)), k) for k, h in enumerate(heads) if (m := _TB.match(h))]


_SNR = re.compile(r"[?&;]snr=(\d{1,5})(?!\d)")
"""A player's start number in the link of his name (chess-results: ``...&snr=5``)."""


def event(table: Table, options: ReadOptions) -> Event:
    """The event of a crosstable.

    :raises InputError: for a row or cell that cannot be read (at its place).
    """
    name = table.path
    heads = table.heads
    grid = table.grid
    layout = _Layout.of(heads, grid)
    if not grid:
        long = next((h for h in heads if _LONG_ROUND.match(h)), None)
        if long is not None:
            raise InputError(
                msg("the round column {text!r} has no round number of at most 3 digits", text=long[:40]),
                table.where,
            )
        numbers = [int(m.group(1)) for h in heads if (m := _ROUND.match(h))]
        if numbers != list(range(1, len(numbers) + 1)):
            raise InputError(
                msg("the round columns are numbered {numbers}, not 1, 2, 3 ... in order",
                    numbers=", ".join(map(str, numbers))),
                table.where,
            )  # fmt: skip
    legend = table.legend
    if layout.tiebreaks and legend and len(legend) != len(layout.tiebreaks):
        raise InputError(
            msg(
                "the page prints {n} tie-break columns but its legend names {m}",
                n=len(layout.tiebreaks),
                m=len(legend),
            ),
            table.where,
        )
    rows = table.rows
    for row in rows:
        if len(row.cells) < len(heads):
            raise InputError(
                msg("row {row} has {n} cells where the header has {m}", row=row.cells[0].text[:40] if row.cells else "",
                    n=len(row.cells), m=len(heads)),
                row.where,
            )  # fmt: skip
    if not rows:
        raise InputError(msg("the crosstable has no player rows"), table.where)
    players = _players(rows, layout, name)
    index = {p.start_number: i for i, p in enumerate(players)}
    if len(index) != len(players):
        twice = next(k for k, p in enumerate(players) if index[p.start_number] != k)
        raise InputError(
            msg("start number {player} appears on two rows", player=players[twice].start_number),
            rows[twice].where,
        )
    warnings: list[Diagnostic] = []
    if layout.tiebreaks and not legend:
        warnings.append(
            Diagnostic(
                NO_LEGEND,
                msg(
                    "the crosstable prints {n} tie-break columns without the legend that names them: a list given "
                    "names them in order (the page's legend pasted whole is one); a check names each by the one "
                    "criterion whose values give every value it prints, where there is one",
                    n=len(layout.tiebreaks),
                ),
                table.where,
            )
        )
    linked = _linked_numbers(rows, layout) if layout.by_rank and not grid else None
    if linked is not None:
        warnings.append(
            Diagnostic(
                "page-numbers-from-links",
                msg(
                    "the page numbers its players by rank: their start numbers are read from the links of their "
                    "names (snr=...)"
                ),
                table.where,
            )
        )
    elif layout.by_rank:
        warnings.append(
            Diagnostic(
                "page-numbers-by-rank",
                msg(
                    "the workbook numbers its players by rank, without their start numbers: each player's rank "
                    "stands for the start number, so a tie the start number breaks (TPN) is not checked"
                )
                if table.workbook
                else msg(
                    "the page numbers its players by rank, without their start numbers: each player's rank "
                    "stands for the start number, so a tie the start number breaks (TPN) is not checked"
                ),
                table.where,
            )
        )
    if grid:
        ct = _grid_games(players, rows, layout, index, warnings, table.where)
    else:
        cells_at = [[row.cells[k] for k in layout.games] for row in rows]
        marks = {cell.text.lower() for round_cells in cells_at for cell in round_cells}
        if "*" in marks and not any(_CELL.match(mark) or _UNPAIRED.match(mark) for mark in marks):
            # no game and no bye as a crosstable writes them anywhere: chess-results' "not paired" list
            what = msg("the players not paired in each round")
            raise InputError(
                msg("this workbook is {what}, not a crosstable: {save}", what=what, save=SAVE)
                if table.workbook
                else msg("this page is {what}, not a crosstable: {save}", what=what, save=SAVE),
                table.where,
            )
        ct = Crosstable.empty(players, len(layout.games), lambda i, r: cells_at[i][r].where)
        for i, round_cells in enumerate(cells_at):
            for r, cell in enumerate(round_cells):
                _read_cell(ct, i, r, cell.text, index)
        if linked is not None:  # the opponents were read by their place: the players take their own numbers
            ct.players = [dataclasses.replace(p, start_number=n) for p, n in zip(ct.players, linked, strict=True)]
        _one_pab_a_round(ct, warnings, table.where)
    ct.warnings.extend(warnings)
    columns: list[_Column] = [
        (item, tuple(_cell_value(row.cells[k], row.cells[layout.number].text) for row in rows))
        for item, k in zip(legend, layout.tiebreaks, strict=False)
    ]
    if grid:  # what a grid does not say (rounds, colours) follows the Berger tables: not compared
        columns = [(item, None if _placed(item) else values) for item, values in columns]
    rated = [str(parse_spec(item)) for item in legend if _needs_ratings(item)]
    if layout.rating is None and rated:
        # every player would read as unrated: what ratings decide cannot be computed from the page
        columns = [(item, None if _needs_ratings(item) else values) for item, values in columns]
        ct.players = [dataclasses.replace(p, rank=None) for p in ct.players]
        ct.warnings.append(
            Diagnostic(
                "no-ratings",
                msg(
                    "the workbook prints no ratings: {criteria} cannot be computed from it (every player reads "
                    "as unrated); their printed values, and the printed ranks they help decide, are not compared",
                    criteria=", ".join(rated),
                )
                if table.workbook
                else msg(
                    "the page prints no ratings: {criteria} cannot be computed from it (every player reads as "
                    "unrated); their printed values, and the printed ranks they help decide, are not compared",
                    criteria=", ".join(rated),
                ),
                table.where,
            )
        )
    partial = _half_played(ct)
    if partial is not None:
        ct.players = [dataclasses.replace(p, rank=None) for p in ct.players]
    check_length(
        table.title, MAX_TEXT_CHARS, msg("the workbook's title") if table.workbook else msg("the page's title"),
        table.title_where,
    )
    start, end, date_text, city = _facts(table.facts, table.workbook)
    t = assemble(
        ct,
        name,
        kind=options.kind,
        name=table.title,
        tiebreak_list=tuple(legend) or None,
        start_date=start,
        end_date=end,
        start_date_text=date_text,
        city=city,
    )
    if options.kind is None:
        if grid:
            t.kind_of_event, t.kind_source = TournamentKind.ROUND_ROBIN, KindSource.FILE
        elif t.kind_of_event is not TournamentKind.SWISS:
            t.kind_of_event, t.kind_source = TournamentKind.SWISS, KindSource.FILE
    t.numbered_by_place = layout.by_rank and linked is None
    t.updated = table.updated
    if not legend and partial is None:  # named by check, from their values or the list it is given
        t.printed_columns = tuple(
            tuple(_cell_value(row.cells[k], row.cells[layout.number].text) for row in rows) for k in layout.tiebreaks
        )
    if partial is not None:
        columns = _on_complete_round(t, columns, partial, table)
    _resolve_repeats(t, columns, table.where)
    return t


def update_day(text: str) -> _dt.date | None:
    """The day of a page's last update as chess-results prints it in any language (a label, then
    ``08.02.2026 16:45:19``), None when the text holds no such stamp or no real day."""
    m = _UPDATED.search(text)
    return calendar_day(int(m.group(3)), int(m.group(2)), int(m.group(1))) if m is not None else None


def _facts(
    facts: dict[str, tuple[str, Position]], workbook: bool
) -> tuple[_dt.date | None, _dt.date | None, str | None, str]:
    """The event's first and last day, its dates as printed, and its place, from the facts printed
    above the table (``Date : 2026/06/01 to 2026/06/02``, ``Location``)."""
    date = facts.get("date")
    dates: list[_dt.date] = []
    if date is not None:
        text, where = date
        for y, m, d in _DATE.findall(text):
            day = calendar_day(int(y), int(m), int(d))
            if day is None:
                said = f"{y}/{m}/{d}"
                raise InputError(
                    msg("the workbook's date {text!r} is no date", text=said)
                    if workbook
                    else msg("the page's date {text!r} is no date", text=said),
                    where,
                )
            dates.append(day)
    city = facts.get("location", ("", None))[0][:MAX_TEXT_CHARS]
    return (dates[0] if dates else None, dates[-1] if dates else None, date[0][:MAX_TEXT_CHARS] if date else None, city)


def _linked_numbers(rows: list[Row], layout: _Layout) -> list[int] | None:
    """The start numbers of a crosstable that numbers its players by their place, from the links of
    their names (``tnr178799.aspx?...&snr=5``): one for every row, all different; None otherwise."""
    found = []
    for row in rows:
        link = row.cells[layout.name].link
        m = _SNR.search(link) if link is not None else None
        if m is None or int(m.group(1)) == 0:
            return None
        found.append(int(m.group(1)))
    return found if len(set(found)) == len(found) else None


def _players(rows: list[Row], layout: _Layout, name: str) -> list[Player]:
    """The players of the rows.  A table numbered by place numbers each player by his row (the
    opponents in its cells are so numbered); a row that prints no rank there shares the place of
    the row above."""
    players = []
    shared: int | None = None
    for k, row in enumerate(rows):
        place = k + 1 if layout.by_rank else None
        player = _player(row, layout, name, place, shared)
        shared = player.rank
        players.append(player)
    return players


def _player(row: Row, layout: _Layout, name: str, place: int | None, shared: int | None) -> Player:
    cells = row.cells
    where = row.where
    sno_text = cells[layout.number].text
    if place is not None and not sno_text and shared is not None:
        sno = place  # a place shared with the row above: no rank printed
    else:
        if not (sno_text.isascii() and sno_text.isdigit()):
            raise InputError(msg("a row without a start number: {text!r}", text=sno_text[:40]), where)
        sno = whole(sno_text, msg("start number"), cells[layout.number].where)
        if sno == 0:
            raise InputError(msg("a row without a start number: {text!r}", text=sno_text), where)
        if place is not None:
            sno = place
    player_name = cells[layout.name].text
    check_length(player_name, MAX_NAME_CHARS, msg("player {sno}: name", sno=sno), cells[layout.name].where)
    rating = None
    if layout.rating is not None:
        text = cells[layout.rating].text
        if text not in ("", "-", "0"):
            rating = whole(text, msg("player {sno}: rating", sno=sno), cells[layout.rating].where, 4) or None
    rank = None
    if layout.rank is not None:
        text = cells[layout.rank].text.rstrip(".")
        if text:
            rank = whole(text, msg("player {sno}: rank", sno=sno), cells[layout.rank].where)
        elif place is not None:
            rank = shared
    points = None
    if layout.points is not None:
        points = _cell_value(cells[layout.points], sno_text or str(sno))
    short = ["" if k is None else cells[k].text[:MAX_TEXT_CHARS] for k in (layout.title, layout.fed)]
    return Player(
        start_number=sno,
        name=player_name,
        title=short[0],
        rating=rating,
        federation=short[1],
        points=points,
        rank=rank,
        position=where,
    )


def _cell_value(cell: Cell, row: str) -> Fraction | None:
    try:
        return printed_value(cell.text)
    except (ValueError, ZeroDivisionError):
        raise InputError(
            msg("row {row}: {text!r} is not a number", row=row[:40], text=cell.text[:40]),
            cell.where,
        ) from None


def _read_cell(ct: Crosstable, i: int, r: int, text: str, index: dict[int, int]) -> None:
    if m := _CELL.match(text):
        opponent = index.get(int(m.group(1)))
        if opponent is None:
            raise InputError(
                msg("round {round}: no player with start number {player}", round=r + 1, player=m.group(1)),
                ct.where(i, r),
            )  # fmt: skip
        ct.opponent[i, r] = opponent
        ct.kind[i, r] = _RESULT[m.group(3)]
        ct.color[i, r] = Color.WHITE if m.group(2).lower() == "w" else Color.BLACK
        return
    if m := _UNPAIRED.match(text):
        ct.kind[i, r] = _NO_GAME[m.group(1)]
        return
    if not text:
        return
    raise InputError(
        msg("round {round}: cannot read the cell {text!r}", round=r + 1, text=text[:40]),
        ct.where(i, r),
    )


def _one_pab_a_round(ct: Crosstable, warnings: list[Diagnostic], where: Position) -> None:
    """A round has one pairing-allocated bye at most, and a page writes every bye worth a point
    ``-1``: of several in a round, the player with the lowest score before it (the last start
    number among equals, as the Dutch system gives it) has the pairing-allocated bye, the others
    a requested full-point bye.  C.07 counts the two alike (16.2.1); a program that does not
    (Swiss-Manager counts a requested one as a voluntary unplayed round) is then recognised."""
    table = Scoring().points_table()
    for r in range(ct.kind.shape[1]):
        given = np.flatnonzero(ct.kind[:, r] == ResultKind.PAB)
        if given.size < 2:
            continue
        before = table[ct.kind[given, :r].astype(np.intp)].sum(axis=1) if r else np.zeros(given.size, dtype=np.int64)
        numbers = [ct.players[int(i)].start_number for i in given]
        pab = min(range(given.size), key=lambda k: (int(before[k]), -numbers[k]))
        others = [int(i) for k, i in enumerate(given) if k != pab]
        ct.kind[others, r] = ResultKind.FULL_BYE
        warnings.append(
            Diagnostic(
                "page-byes",
                msg(
                    "round {round}: {count} players have a bye worth a point ('-1'), a round one pairing-allocated "
                    "bye: {pab}, the lowest score before the round, has it; {others} a requested full-point bye "
                    "(C.07 16.2.1 counts both alike)",
                    round=r + 1, count=given.size, pab=numbers[pab],
                    others=", ".join(str(ct.players[i].start_number) for i in others),
                ),
                where,
            )
        )  # fmt: skip


# -- the round-robin grid ------------------------------------------------------------------------


def _grid_games(
    players: list[Player],
    rows: list[Row],
    layout: _Layout,
    index: dict[int, int],
    warnings: list[Diagnostic],
    where: Position,
) -> Crosstable:
    """The games of a round-robin grid, placed in rounds and colours by the Berger tables."""
    n = len(players)
    numbers = sorted(index)
    if numbers != list(range(1, n + 1)) or len(layout.games) != n:
        raise InputError(
            msg(
                "the grid has {columns} player columns for {n} rows numbered {numbers}: a grid's columns are "
                "the rows' numbers 1 to {n}",
                columns=len(layout.games), n=n, numbers=", ".join(map(str, numbers[:20])),
            ),
            where,
        )  # fmt: skip
    results: dict[tuple[int, int], list[str]] = {}
    cycles: int | None = None
    for i, row in enumerate(rows):
        me = players[i].start_number
        for col, k in enumerate(layout.games):
            other = col + 1
            if other == me:
                continue
            tokens = grid_tokens(row.cells[k].text, me, other, row.cells[k].where, cycles)
            cycles = len(tokens)
            results[(me, other)] = tokens
    cell_of = {players[i].start_number: rows[i] for i in range(n)}
    ct = placed(
        players, results, cycles or 1, index,
        lambda me, other: cell_of[me].cells[layout.games[other - 1]].where,
        lambda i: rows[i].where,
    )  # fmt: skip
    warnings.append(grid_note(where))
    return ct


# -- a page saved while its last round was played --------------------------------------------------


@dataclass(frozen=True)
class _Partial:
    """A round the page holds only some results of."""

    round: int
    done: int
    games: int


def _half_played(ct: Crosstable) -> _Partial | None:
    """The last round, when the page holds some of its results and not all."""
    if not ct.kind.shape[1]:
        return None
    last = ct.kind.shape[1] - 1
    pending = ct.kind[:, last] == ResultKind.PENDING
    if not pending.any():
        return None
    done = (ct.opponent[:, last] >= 0) & ~pending
    if not done.any():
        return None
    return _Partial(last + 1, int(done.sum()) // 2, int((ct.opponent[:, last] >= 0).sum()) // 2)


def _is_points(item: str) -> bool:
    try:
        return parse_spec(item).code == "PTS"
    except SpareggioError:
        return False


def _on_complete_round(t: Tournament, columns: list[_Column], partial: _Partial, table: Table) -> list[_Column]:
    """The printed columns compared on the last complete round: the points without the results of
    the round in play; the other columns, which mix both rounds, not compared (None)."""
    r = partial.round - 1
    points = t.scoring.points_table()
    shown = [
        Fraction(int(points[int(k)]), t.scoring.unit) if k != ResultKind.PENDING else Fraction(0)
        for k in t.kind[:, r].tolist()
    ]
    kept: list[tuple[str, tuple[Fraction | None, ...] | None]] = [
        (item, tuple(None if v is None else v - shown[i] for i, v in enumerate(values)))
        if values is not None and _is_points(item)
        else (item, None)
        for item, values in columns
    ]
    t.warnings.append(
        Diagnostic(
            "half-played-round",
            msg(
                "the workbook was exported while round {round} was being played ({done} of its {games} games "
                "have a result): the standings stand after round {complete}; the printed points are compared "
                "after round {complete} (the round {round} results the workbook shows taken off); the printed "
                "ranks and the other printed values, which mix both rounds, are not compared",
                round=partial.round, done=partial.done, games=partial.games, complete=partial.round - 1,
            )
            if table.workbook
            else msg(
                "the page was saved while round {round} was being played ({done} of its {games} games have a "
                "result): the standings stand after round {complete}; the printed points are compared after "
                "round {complete} (the round {round} results the page shows taken off); the printed ranks "
                "and the other printed values, which mix both rounds, are not compared",
                round=partial.round, done=partial.done, games=partial.games, complete=partial.round - 1,
            ),
            table.where,
        )
    )
    return kept


# -- a criterion named twice -----------------------------------------------------------------------


def _resolve_repeats(t: Tournament, columns: list[_Column], where: Position) -> None:
    """The page's list and printed values; a criterion the legend names twice, or names once saying
    that its parameters are not printed (``with parameter``), is read with the parameters that
    reproduce its printed column under the Swiss-Manager profile (none, Cut1, Cut2, Median1, Median2),
    said in a warning; a repeat no parameter reproduces is left out of the list, said too."""
    legend = list(t.tiebreak_list or ())
    specs: list[str | None] = []
    for item in legend:
        try:
            parsed = parse_spec(item)
            specs.append(None if TIEBREAKS[parsed.code].is_group else str(parsed))
        except SpareggioError:
            specs.append(None)
    repeated = {s for s in specs if s is not None and specs.count(s) > 1}
    # a criterion named once whose name says its parameters are not printed ('Buchholz Tie-Breaks
    # (variabel with parameter)'): its cut or median is read from its values too
    unsaid = {k for k, s in enumerate(specs) if s is not None and (s in repeated or _UNSAID in legend[k].lower())}
    printed = {item: values for item, values in columns if values is not None}
    if not unsaid:
        t.printed_values = printed
        return
    out_list: list[str] = []
    out_values: dict[str, tuple[Fraction | None, ...]] = {}
    for k, item in enumerate(legend):
        spec = specs[k]
        if spec is None or k not in unsaid:
            out_list.append(item)
            if item in printed:
                out_values[item] = printed[item]
            continue
        values = columns[k][1] if k < len(columns) else None
        found = _reproduced(t, spec, values) if values is not None else None
        if found is not None and found not in out_list:
            out_list.append(found)
            if values is not None:
                out_values[found] = values
            said = msg("read as {spec}, whose values under the Swiss-Manager profile reproduce its printed column", spec=found)
        elif found is not None:
            said = msg("its printed values are those of {spec}, listed before it: left out of the list", spec=found)
        elif values is None:  # its values are not compared (a round in play): nothing to infer from
            if spec not in out_list:
                out_list.append(spec)
                said = msg("its printed values are not compared: read as printed, {spec}, with no parameter guessed", spec=spec)
            else:
                said = msg("its printed values are not compared: left out of the list")
        elif spec not in out_list:
            out_list.append(spec)
            out_values[spec] = values
            said = msg("no cut or median reproduces its printed values: read as printed, {spec}, with no parameter guessed", spec=spec)
        else:
            said = msg("no cut or median reproduces its printed values: left out of the list and not compared")
        heading = (
            msg("Tie Break{number} {item!r} is named twice in the legend without its parameters: {said}",
                number=k + 1, item=item, said=said)
            if spec in repeated
            else msg("Tie Break{number} {item!r} does not print its parameters: {said}", number=k + 1, item=item, said=said)
        )  # fmt: skip
        t.warnings.append(Diagnostic("legend-parameters", heading, where))
    t.tiebreak_list = tuple(out_list) or None
    t.printed_values = out_values


def _with(spec: str, parameter: str) -> str:
    code, *rest = spec.split("/")
    return "/".join([code, *([parameter] if parameter else []), *rest])


def _reproduced(t: Tournament, spec: str, values: Sequence[Fraction | None]) -> str | None:
    """The first of the criterion's readings with a parameter whose values give the printed ones."""
    if all(v is None for v in values):
        return None
    candidates = [_with(spec, p) for p in _PARAMETERS]
    try:
        ranked = rank_lists(t, [(PROFILE, [c]) for c in candidates])
    except SpareggioError:
        return None
    for candidate, s in zip(candidates, ranked, strict=True):
        result = s.results.get(candidate)
        if result is None:
            continue
        if not disagreeing(result, values):
            return candidate
    return None


def _placed(item: str) -> bool:
    """Whether a criterion of the legend reads the rounds or colours a grid does not say."""
    try:
        return placed_by_the_tables(parse_spec(item).code)
    except SpareggioError:
        return False


def _needs_ratings(item: str) -> bool:
    """Whether a criterion of the legend (a specifier, or a name as the page prints it) is computed
    from ratings (ARO, TPR ...: pages print its values rounded to a whole rating)."""
    try:
        return TIEBREAKS[parse_spec(item).code].ratings
    except (SpareggioError, KeyError):
        return False
