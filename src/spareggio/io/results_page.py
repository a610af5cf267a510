"""A published results page as an event: the crosstables of chess-results.com, which Swiss-Manager
publishes.

Two layouts are read:

* **The crosstable with round columns** ("Starting rank crosstable", "Final Ranking crosstable"):
  every player (start number, title, name, rating, federation), every round's cell (``54b1``:
  against 54 with Black, won; ``29w½`` a draw; ``62b+`` a forfeit win, ``62w-`` a forfeit loss;
  ``-1`` a bye worth a point, ``-½`` half a point, ``-0`` a round without a game; ``13b`` paired, no
  result yet), the declared rank (``Rk.``) and the printed tie-break values (``TB1`` ..., decimal
  comma or point).  A ranking crosstable without a start-number column numbers its players (and the
  opponents in its cells) by rank: the rank stands for the start number, with a warning.
* **The round-robin grid**: a row per player and a column per player (``1``, ``2`` ... ``n``), each
  cell the row player's result against the column player (``1``, ``½``, ``0``, ``+``, ``-``; two
  results in a double round robin).  A grid does not say in which round or with which colour a game
  was played: the games are placed by the Berger tables (FIDE C.05, Annex 1), with a warning.

The legend below the table (``Tie Break1: points (game-points) Tie Break2: ...``) names the
criteria as the program prints them: they stand as the page's own list, read by the tie-break names
(:mod:`spareggio.tiebreaks.legend`) when the event is ranked.  The event keeps the printed values by
legend item, so that ``check`` compares them, not only the ranks.  A legend naming one criterion twice
with parameters it does not print (``Buchholz Tie-Breaks (variabel with parameter)`` twice) has them
inferred from the printed values (:func:`_resolve_repeats`).

A page saved while its last round was being played holds some results of that round: the standings
stand after the last complete round, the printed points are compared on that round (the results of
the round in play taken off), and the printed ranks and other values, which mix both rounds, are not
compared; a warning says so.

The page is parsed by BeautifulSoup; a page that cannot be read whole is an error naming the row
(line and column of the page); a page of another kind (the pairings of a round, the starting rank
list, a ranking list without the games) is refused with the page to save instead.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import re
from collections.abc import Sequence
from fractions import Fraction

import numpy as np
from bs4 import BeautifulSoup, Tag

from ..base.classes import dataclass
from ..base.errors import Diagnostic, InputError, Position, SpareggioError
from ..base.i18n import Text, msg
from ..core.model import Color, KindSource, Player, ResultKind, Scoring, Tournament, TournamentKind
from ..core.programs import LEGEND, legend_items, page_not_read, page_program
from ..standings import rank_lists
from ..tiebreaks import TIEBREAKS, parse_spec
from . import vega_page
from .assemble import Crosstable, assemble, whole
from .grid import RESULT_KINDS, berger, grid_note, grid_tokens, placed, placed_by_the_tables
from .heads import RESULTS_PAGE_MAX_BYTES as MAX_FILE_BYTES
from .heads import sniff_results_page as sniff
from .limits import MAX_NAME_CHARS, MAX_TEXT_CHARS, check_length
from .options import Event, ReadOptions
from .pages import page_soup, printed_value, tag_position, tag_text

__all__ = ["MAX_FILE_BYTES", "PROFILE", "berger", "parse", "sniff"]


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
_SNR = re.compile(r"[?&;]snr=(\d{1,5})(?!\d)")
"""A player's start number in the link of his name (chess-results: ``...&snr=5``)."""
_UNSAID = "with parameter"
"""What a legend's name says of parameters it does not print (``Buchholz Tie-Breaks (variabel with
parameter)``)."""
_PARAMETERS = ("", "C1", "C2", "M1", "M2")
"""The parameters tried for a criterion a legend names twice without printing them: none, the cuts
and the medians programs offer (C.07 14.1)."""


def _heads(table: Tag) -> tuple[Tag, list[str]] | None:
    first = table.find("tr")
    if first is None:
        return None
    return first, [tag_text(c).lower() for c in first.find_all(["th", "td"], recursive=False)]


def _identity(heads: list[str]) -> bool:
    return any(h in _NUMBER or h in _RANK for h in heads)


def _crosstable(soup: BeautifulSoup) -> tuple[Tag, list[str]] | None:
    """The table whose first row names the start number (or the rank), the name and round columns."""
    for table in soup.find_all("table"):
        found = _heads(table)
        if found is None:
            continue
        heads = found[1]
        if any(h in _NAME for h in heads) and any(_ROUND.match(h) for h in heads) and _identity(heads):
            return table, heads
    return None


def _grid(soup: BeautifulSoup) -> tuple[Tag, list[str]] | None:
    """The table of a round-robin grid: the number (or rank), the name and a column per player,
    numbered from 1."""
    for table in soup.find_all("table"):
        found = _heads(table)
        if found is None:
            continue
        heads = found[1]
        numbered = [h for h in heads if _GRID.match(h)]
        if (
            any(h in _NAME for h in heads)
            and _identity(heads)
            and len(numbered) >= 2
            and numbered == [str(k) for k in range(1, len(numbered) + 1)]
        ):
            return table, heads
    return None


def _other_page(soup: BeautifulSoup) -> Text | None:
    """What a page without a crosstable is, when it is one of chess-results' other pages."""
    for table in soup.find_all("table"):
        found = _heads(table)
        if found is None:
            continue
        heads = set(found[1])
        if "rd." in heads and heads & _NAME and not heads & _SIDES:  # a row per round, the player's opponents
            return msg("a player's card (his games round by round)")
        if heads & _PAIRING_HEADS and (heads & _NAME or heads & _NUMBER or "bo." in heads):
            return msg("the pairings of a round")
        if heads & _NAME and heads & _NUMBER and not heads & _RANK and not heads & _POINTS:
            return msg("the starting rank list (the players, without their games)")
        if heads & _NAME and heads & _RANK and heads & _POINTS:
            return msg("a ranking list (points and tie-breaks, without the games)")
    return None


_Column = tuple[str, tuple[Fraction | None, ...] | None]
"""A legend item and its printed column (None: printed, not compared)."""


@dataclass
class _Row:
    """A row of a results table and its cells."""

    tr: Tag
    cells: list[Tag]


@dataclass
class _Layout:
    """Which column holds what."""

    heads: list[str]
    number: int
    by_rank: bool
    """The page numbers its players by rank (no start-number column)."""
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


def parse(data: bytes, name: str, options: ReadOptions) -> Event:
    """The event of a results page.

    :raises InputError: for a page without a crosstable, or a row or cell that cannot be read (at
        its line and column).
    """
    text, soup = page_soup(data, name)
    grid = False
    found = _crosstable(soup)
    if found is None:
        program = page_program(text)
        if program is not None and program.pages_read:  # a Vega page whose head does not name it
            return vega_page.parse(data, name, options)
        if program is not None:  # another program's page: its tables are not chess-results'
            raise InputError(page_not_read(program), Position(name, 1, 1))
        found, grid = _grid(soup), True
    if found is None:
        other = _other_page(soup)
        if other is not None:
            raise InputError(msg("this page is {what}, not a crosstable: {save}", what=other, save=SAVE), Position(name, 1, 1))
        raise InputError(
            msg(
                "no crosstable in this page: a results page needs a table with the start number, the name "
                "and one column per round, or a round-robin grid; {save}",
                save=SAVE,
            ),
            Position(name, 1, 1),
        )
    table, heads = found
    layout = _Layout.of(heads, grid)
    if not grid:
        long = next((h for h in heads if _LONG_ROUND.match(h)), None)
        if long is not None:
            raise InputError(
                msg("the round column {text!r} has no round number of at most 3 digits", text=long[:40]),
                tag_position(name, table),
            )
        numbers = [int(m.group(1)) for h in heads if (m := _ROUND.match(h))]
        if numbers != list(range(1, len(numbers) + 1)):
            raise InputError(
                msg("the round columns are numbered {numbers}, not 1, 2, 3 ... in order",
                    numbers=", ".join(map(str, numbers))),
                tag_position(name, table),
            )  # fmt: skip
    legend = _legend(soup)
    if layout.tiebreaks and len(legend) != len(layout.tiebreaks):
        raise InputError(
            msg(
                "the page prints {n} tie-break columns but its legend names {m}",
                n=len(layout.tiebreaks),
                m=len(legend),
            ),
            tag_position(name, table),
        )
    rows = _rows(table, heads, name)
    if not rows:
        raise InputError(msg("the crosstable has no player rows"), tag_position(name, table))
    players = [_player(row, layout, name) for row in rows]
    index = {p.start_number: i for i, p in enumerate(players)}
    if len(index) != len(players):
        twice = next(k for k, p in enumerate(players) if index[p.start_number] != k)
        raise InputError(
            msg("start number {player} appears on two rows", player=players[twice].start_number),
            tag_position(name, rows[twice].tr),
        )
    warnings: list[Diagnostic] = []
    linked = _linked_numbers(rows, layout) if layout.by_rank and not grid else None
    if linked is not None:
        warnings.append(
            Diagnostic(
                "page-numbers-from-links",
                msg(
                    "the page numbers its players by rank: their start numbers are read from the links of their "
                    "names (snr=...)"
                ),
                tag_position(name, table),
            )
        )
    elif layout.by_rank:
        warnings.append(
            Diagnostic(
                "page-numbers-by-rank",
                msg(
                    "the page numbers its players by rank, without their start numbers: each player's rank "
                    "stands for the start number, so a tie the start number breaks (TPN) is not checked"
                ),
                tag_position(name, table),
            )
        )
    if grid:
        ct = _grid_games(players, rows, layout, index, name, warnings, table)
    else:
        cells_at = [[row.cells[k] for k in layout.games] for row in rows]
        marks = {tag_text(cell).lower() for round_cells in cells_at for cell in round_cells}
        if "*" in marks and not any(_CELL.match(mark) or _UNPAIRED.match(mark) for mark in marks):
            # no game and no bye as a crosstable writes them anywhere: chess-results' "not paired" list
            raise InputError(
                msg("this page is {what}, not a crosstable: {save}", what=msg("the players not paired in each round"), save=SAVE),
                tag_position(name, table),
            )
        ct = Crosstable.empty(players, len(layout.games), lambda i, r: tag_position(name, cells_at[i][r]))
        for i, round_cells in enumerate(cells_at):
            for r, cell in enumerate(round_cells):
                _read_cell(ct, i, r, tag_text(cell), index)
        if linked is not None:  # the opponents were read by rank: the players take their own numbers
            ct.players = [dataclasses.replace(p, start_number=n) for p, n in zip(ct.players, linked, strict=True)]
        _one_pab_a_round(ct, warnings, tag_position(name, table))
    ct.warnings.extend(warnings)
    columns: list[_Column] = [
        (item, tuple(_cell_value(name, row.cells[k], tag_text(row.cells[layout.number])) for row in rows))
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
                    "the page prints no ratings: {criteria} cannot be computed from it (every player reads as "
                    "unrated); their printed values, and the printed ranks they help decide, are not compared",
                    criteria=", ".join(rated),
                ),
                tag_position(name, table),
            )
        )
    partial = _half_played(ct)
    if partial is not None:
        ct.players = [dataclasses.replace(p, rank=None) for p in ct.players]
    heading = soup.find("h2")
    title = tag_text(heading) if heading is not None else name
    check_length(title, MAX_TEXT_CHARS, msg("the page's title"), tag_position(name, heading) if heading else Position(name, 1, 1))
    start, end, date_text, city = _facts(soup, name)
    t = assemble(
        ct,
        name,
        kind=options.kind,
        name=title,
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
    if partial is not None:
        columns = _on_complete_round(t, columns, partial, tag_position(name, table))
    _resolve_repeats(t, columns, tag_position(name, table))
    return t


def _linked_numbers(rows: list[_Row], layout: _Layout) -> list[int] | None:
    """The start numbers of a page that numbers its players by rank, from the links of their names
    (``tnr178799.aspx?...&snr=5``): one for every row, all different; None otherwise."""
    found = []
    for row in rows:
        link = row.cells[layout.name].find("a", href=_SNR)
        m = _SNR.search(str(link["href"])) if isinstance(link, Tag) else None
        if m is None or int(m.group(1)) == 0:
            return None
        found.append(int(m.group(1)))
    return found if len(set(found)) == len(found) else None


def _rows(table: Tag, heads: list[str], name: str) -> list[_Row]:
    rows = []
    for tr in table.find_all("tr")[1:]:
        cells = tr.find_all(["td", "th"], recursive=False)
        if not cells or not tag_text(cells[0]):
            continue
        if len(cells) < len(heads):
            raise InputError(
                msg("row {row} has {n} cells where the header has {m}", row=tag_text(cells[0])[:40], n=len(cells),
                    m=len(heads)),
                tag_position(name, tr),
            )  # fmt: skip
        rows.append(_Row(tr, cells))
    return rows


def _player(row: _Row, layout: _Layout, name: str) -> Player:
    cells = row.cells
    where = tag_position(name, row.tr)
    sno_text = tag_text(cells[layout.number])
    if not (sno_text.isascii() and sno_text.isdigit()):
        raise InputError(msg("a row without a start number: {text!r}", text=sno_text[:40]), where)
    sno = whole(sno_text, msg("start number"), tag_position(name, cells[layout.number]))
    if sno == 0:
        raise InputError(msg("a row without a start number: {text!r}", text=sno_text), where)
    player_name = tag_text(cells[layout.name])
    check_length(player_name, MAX_NAME_CHARS, msg("player {sno}: name", sno=sno), tag_position(name, cells[layout.name]))
    rating = None
    if layout.rating is not None:
        text = tag_text(cells[layout.rating])
        if text not in ("", "-", "0"):
            rating = whole(text, msg("player {sno}: rating", sno=sno), tag_position(name, cells[layout.rating]), 4) or None
    rank = None
    if layout.rank is not None:
        text = tag_text(cells[layout.rank]).rstrip(".")
        if text:
            rank = whole(text, msg("player {sno}: rank", sno=sno), tag_position(name, cells[layout.rank]))
    points = None
    if layout.points is not None:
        points = _cell_value(name, cells[layout.points], sno_text)
    short = ["" if k is None else tag_text(cells[k])[:MAX_TEXT_CHARS] for k in (layout.title, layout.fed)]
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


def _facts(soup: BeautifulSoup, path: str) -> tuple[_dt.date | None, _dt.date | None, str | None, str]:
    """The event's first and last day, its dates as printed, and its place, from the page's table of
    facts (``Date``, ``Location`` ...)."""
    info = _info(soup)
    date = info.get("date")
    dates: list[_dt.date] = []
    if date is not None:
        text, tag = date
        for y, m, d in _DATE.findall(text):
            try:
                dates.append(_dt.date(int(y), int(m), int(d)))
            except ValueError:
                raise InputError(
                    msg("the page's date {text!r} is no date", text=f"{y}/{m}/{d}"), tag_position(path, tag)
                ) from None
    city = info.get("location", ("", None))[0][:MAX_TEXT_CHARS]
    return (dates[0] if dates else None, dates[-1] if dates else None, date[0][:MAX_TEXT_CHARS] if date else None, city)


def _info(soup: BeautifulSoup) -> dict[str, tuple[str, Tag]]:
    """The page's table of facts (``Date``, ``Location``, ``Chief Arbiter`` ...): label, lower case,
    -> value and its cell, from the rows of two cells."""
    found: dict[str, tuple[str, Tag]] = {}
    for tr in soup.find_all("tr"):
        cells = tr.find_all("td", recursive=False)
        if len(cells) == 2:
            label = tag_text(cells[0]).lower()
            if label and len(label) < 40 and label not in found:
                found[label] = (tag_text(cells[1]), cells[1])
    return found


def _legend(soup: BeautifulSoup) -> list[str]:
    """The items of the legend below the table (the element holding ``Tie Break1:``), as printed."""
    head = soup.find(string=LEGEND)
    if head is None or head.parent is None:
        return []
    return legend_items(" ".join(head.parent.get_text(" ").replace("\xa0", " ").split()))


def _cell_value(path: str, cell: Tag, row: str) -> Fraction | None:
    try:
        return printed_value(tag_text(cell))
    except (ValueError, ZeroDivisionError):
        raise InputError(
            msg("row {row}: {text!r} is not a number", row=row[:40], text=tag_text(cell)[:40]),
            tag_position(path, cell),
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
    rows: list[_Row],
    layout: _Layout,
    index: dict[int, int],
    path: str,
    warnings: list[Diagnostic],
    table: Tag,
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
            tag_position(path, table),
        )  # fmt: skip
    results: dict[tuple[int, int], list[str]] = {}
    cycles: int | None = None
    for i, row in enumerate(rows):
        me = players[i].start_number
        for col, k in enumerate(layout.games):
            other = col + 1
            if other == me:
                continue
            tokens = grid_tokens(tag_text(row.cells[k]), me, other, tag_position(path, row.cells[k]), cycles)
            cycles = len(tokens)
            results[(me, other)] = tokens
    cell_of = {players[i].start_number: rows[i] for i in range(n)}
    ct = placed(
        players, results, cycles or 1, index,
        lambda me, other: tag_position(path, cell_of[me].cells[layout.games[other - 1]]),
        lambda i: tag_position(path, rows[i].tr),
    )  # fmt: skip
    warnings.append(grid_note(tag_position(path, table)))
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


def _on_complete_round(t: Tournament, columns: list[_Column], partial: _Partial, where: Position) -> list[_Column]:
    """The printed columns compared on the last complete round: the points without the results of
    the round in play; the other columns, which mix both rounds, not compared (None)."""
    r = partial.round - 1
    table = t.scoring.points_table()
    shown = [
        Fraction(int(table[int(k)]), t.scoring.unit) if k != ResultKind.PENDING else Fraction(0)
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
                "the page was saved while round {round} was being played ({done} of its {games} games have a "
                "result): the standings stand after round {complete}; the printed points are compared after "
                "round {complete} (the round {round} results the page shows taken off); the printed ranks "
                "and the other printed values, which mix both rounds, are not compared",
                round=partial.round, done=partial.done, games=partial.games, complete=partial.round - 1,
            ),
            where,
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
        computed = result.values()
        if all(p is None or _printed_as(c, p, spec) for p, c in zip(values, computed, strict=True)):
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


def _printed_as(computed: Fraction | None, printed: Fraction, spec: str) -> bool:
    """Whether a computed value is printed so: a rating criterion rounded to a whole number, any other
    value exact when two decimals hold it, else to two decimals."""
    if computed is None:
        return False
    if _needs_ratings(spec):
        return abs(computed - printed) <= Fraction(1, 2)
    if (computed * 100).denominator == 1:
        return computed == printed
    return abs(computed - printed) <= Fraction(1, 200)

