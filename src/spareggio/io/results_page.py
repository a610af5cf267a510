"""A published results page as an event: the "Starting rank crosstable" of chess-results.com, which
Swiss-Manager publishes.

The page's table gives every player (start number, title, name, rating, federation), every round's
cell (``54b1``: against 54 with Black, won; ``29w½`` a draw; ``62b+`` a forfeit win, ``62w-`` a
forfeit loss; ``-1`` a bye worth a point, ``-½`` half a point, ``-0`` a round without a game; ``13b``
paired, no result yet), the declared rank (``Rk.``) and the printed tie-break values (``TB1`` ...,
decimal comma or point).  The legend below the table (``Tie Break1: points (game-points) Tie
Break2: ...``) names the criteria as the program prints them: they stand as the file's own list,
read by the tie-break names (:mod:`spareggio.tiebreaks.legend`) when the event is ranked.  The event
keeps the printed values by legend item, so that ``check`` compares them, not only the ranks.

The page is parsed by BeautifulSoup; a page that cannot be read whole is an error naming the row
(line and column of the page).  Round-robin grids are not read: a page without round columns is
refused saying so.
"""

from __future__ import annotations

import datetime as _dt
import re
from fractions import Fraction

from bs4 import BeautifulSoup, Tag

from ..errors import InputError, Position
from ..i18n import msg
from ..model import Color, KindSource, Player, ResultKind, TournamentKind
from ..programs import LEGEND, legend_items
from .assemble import Crosstable, assemble, decode
from .heads import RESULTS_PAGE_MAX_BYTES as MAX_FILE_BYTES
from .heads import sniff_results_page as sniff
from .options import Event, ReadOptions

__all__ = ["MAX_FILE_BYTES", "parse", "sniff"]


_ROUND = re.compile(r"^(\d+)\s*\.?\s*(?:rd|r|rnd|runde|turno|t|ronde)\.?$", re.IGNORECASE)
_NUMBER = {"no.", "nr.", "n.", "no", "nr", "snr", "br."}
_NAME = {"name", "nome", "nom"}
_RATING = {"rtg", "elo", "rating", "fide"}
_FED = {"fed", "fed.", "land", "fid"}
_RANK = {"rk.", "rk", "rank", "pos.", "rg.", "pl."}
_TB = re.compile(r"^tb\s*(\d+)$", re.IGNORECASE)
_CELL = re.compile(r"^(\d+)\s*([wbs])\s*(1|0|½|=|\+|-)?$", re.IGNORECASE)
_UNPAIRED = re.compile(r"^-\s*(1|0|½|\+|-)?$")
_RESULT = {
    "1": ResultKind.PLAYED_WIN,
    "0": ResultKind.PLAYED_LOSS,
    "½": ResultKind.PLAYED_DRAW,
    "=": ResultKind.PLAYED_DRAW,
    "+": ResultKind.FORFEIT_WIN,
    "-": ResultKind.FORFEIT_LOSS,
    None: ResultKind.PENDING,
}
_NO_GAME = {
    "1": ResultKind.PAB,
    "+": ResultKind.PAB,
    "½": ResultKind.HALF_BYE,
    "0": ResultKind.ABSENT,
    "-": ResultKind.ABSENT,
    None: ResultKind.ABSENT,
}


def _text(tag: Tag) -> str:
    return " ".join(tag.get_text(" ", strip=True).replace("\xa0", " ").split())


def _position(path: str, tag: Tag) -> Position:
    return Position(path, tag.sourceline or 0, (tag.sourcepos or 0) + 1)


def _crosstable(soup: BeautifulSoup) -> tuple[Tag, list[str]] | None:
    """The table whose first row names the start number, the name and round columns."""
    for table in soup.find_all("table"):
        first = table.find("tr")
        if first is None:
            continue
        heads = [_text(c).lower() for c in first.find_all(["th", "td"], recursive=False)]
        if any(h in _NAME for h in heads) and any(_ROUND.match(h) for h in heads) and any(h in _NUMBER for h in heads):
            return table, heads
    return None


def _value(text: str) -> Fraction | None:
    text = text.strip().replace(",", ".").replace("½", ".5")
    if not text:
        return None
    if text.startswith("."):
        text = "0" + text
    return Fraction(text)


def parse(data: bytes, name: str, options: ReadOptions) -> Event:
    """The event of a results page.

    :raises InputError: for a page without a crosstable, or a row or cell that cannot be read (at
        its line and column).
    """
    soup = BeautifulSoup(decode(data, name), "html.parser")
    found = _crosstable(soup)
    if found is None:
        raise InputError(
            msg(
                "no crosstable in this page: a results page needs a table with the start number, "
                "the name and one column per round (a round-robin grid is not read)"
            ),
            Position(name, 1, 1),
        )
    table, heads = found
    column = {h: k for k, h in enumerate(heads)}
    number = next(k for k, h in enumerate(heads) if h in _NUMBER)
    name_col = next(k for k, h in enumerate(heads) if h in _NAME)
    rating_col = next((k for k, h in enumerate(heads) if h in _RATING), None)
    fed_col = next((k for k, h in enumerate(heads) if h in _FED), None)
    rank_col = next((k for k, h in enumerate(heads) if h in _RANK), None)
    round_cols = [k for k, h in enumerate(heads) if _ROUND.match(h)]
    numbers = [int(m.group(1)) for h in heads if (m := _ROUND.match(h))]
    if numbers != list(range(1, len(numbers) + 1)):
        raise InputError(
            msg("the round columns are numbered {numbers}, not 1, 2, 3 ... in order",
                numbers=", ".join(map(str, numbers))),
            _position(name, table),
        )  # fmt: skip
    tb_cols = sorted(((int(m.group(1)), k) for k, h in enumerate(heads) if (m := _TB.match(h))))
    title_col = name_col - 1 if name_col > 0 and not heads[name_col - 1] else None
    del column
    legend = _legend(soup)
    if tb_cols and len(legend) != len(tb_cols):
        raise InputError(
            msg(
                "the page prints {n} tie-break columns but its legend names {m}",
                n=len(tb_cols),
                m=len(legend),
            ),
            _position(name, table),
        )
    rows = []
    for tr in table.find_all("tr")[1:]:
        cells = tr.find_all(["td", "th"], recursive=False)
        if not cells or not _text(cells[0]):
            continue
        if len(cells) < len(heads):
            raise InputError(
                msg("row {row} has {n} cells where the header has {m}", row=_text(cells[0]), n=len(cells),
                    m=len(heads)),
                _position(name, tr),
            )  # fmt: skip
        rows.append((tr, cells))
    players: list[Player] = []
    for tr, cells in rows:
        where = _position(name, tr)
        sno_text = _text(cells[number])
        if not sno_text.isdigit():
            raise InputError(msg("a row without a start number: {text!r}", text=sno_text), where)
        rating_text = _text(cells[rating_col]) if rating_col is not None else ""
        rank_text = _text(cells[rank_col]) if rank_col is not None else ""
        points = None
        players.append(
            Player(
                start_number=int(sno_text),
                name=_text(cells[name_col]),
                title=_text(cells[title_col]) if title_col is not None else "",
                rating=int(rating_text) if rating_text.isdigit() and int(rating_text) > 0 else None,
                federation=_text(cells[fed_col]) if fed_col is not None else "",
                points=points,
                rank=int(rank_text) if rank_text.isdigit() else None,
                position=where,
            )
        )
    index = {p.start_number: i for i, p in enumerate(players)}
    if len(index) != len(players):
        raise InputError(msg("a start number appears on two rows"), _position(name, table))
    cells_at = [[cells[k] for k in round_cols] for _, cells in rows]
    ct = Crosstable.empty(players, len(round_cols), lambda i, r: _position(name, cells_at[i][r]))
    for i, round_cells in enumerate(cells_at):
        for r, cell in enumerate(round_cells):
            _read_cell(ct, i, r, _text(cell), index, name)
    printed = {
        item: tuple(_cell_value(name, cells[k], _text(cells[number])) for _, cells in rows)
        for item, (_, k) in zip(legend, tb_cols, strict=True)
    }
    heading = soup.find("h2")
    info = _info(soup)
    dates = [_dt.date(int(y), int(m), int(d)) for y, m, d in re.findall(r"(\d{4})/(\d{2})/(\d{2})", info.get("date", ""))]
    t = assemble(
        ct,
        name,
        kind=options.kind,
        name=_text(heading) if heading is not None else name,
        tiebreak_list=tuple(legend) or None,
        start_date=dates[0] if dates else None,
        end_date=dates[-1] if dates else None,
        start_date_text=info.get("date"),
        city=info.get("location", ""),
    )
    t.printed_values = printed
    if options.kind is None and t.kind_of_event is not TournamentKind.SWISS:
        t.kind_of_event, t.kind_source = TournamentKind.SWISS, KindSource.FILE
    return t


def _info(soup: BeautifulSoup) -> dict[str, str]:
    """The page's table of facts (``Date``, ``Location``, ``Chief Arbiter`` ...): label, lower case,
    -> value, from the rows of two cells."""
    found: dict[str, str] = {}
    for tr in soup.find_all("tr"):
        cells = tr.find_all("td", recursive=False)
        if len(cells) == 2:
            label = _text(cells[0]).lower()
            if label and len(label) < 40 and label not in found:
                found[label] = _text(cells[1])
    return found


def _legend(soup: BeautifulSoup) -> list[str]:
    """The items of the legend below the table (the element holding ``Tie Break1:``), as printed."""
    head = soup.find(string=LEGEND)
    if head is None or head.parent is None:
        return []
    return legend_items(" ".join(head.parent.get_text(" ").replace("\xa0", " ").split()))


def _cell_value(path: str, cell: Tag, row: str) -> Fraction | None:
    try:
        return _value(_text(cell))
    except (ValueError, ZeroDivisionError):
        raise InputError(
            msg("row {row}: {text!r} is not a number", row=row, text=_text(cell)),
            _position(path, cell),
        ) from None


def _read_cell(ct: Crosstable, i: int, r: int, text: str, index: dict[int, int], path: str) -> None:
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
        msg("round {round}: cannot read the cell {text!r}", round=r + 1, text=text),
        ct.where(i, r),
    )
