"""A published results page as an event: the crosstables of chess-results.com, which Swiss-Manager
publishes, saved from a browser.

The page is parsed by BeautifulSoup; its crosstable (the table whose first row names the start
number or the rank, the name and the rounds, or a round-robin grid's player columns), the legend
below it, the title and the table of facts above it (``Date``, ``Location``) are handed to
:mod:`.results_table`, which reads them as it reads the Excel export of the same page.  A page that
cannot be read whole is an error naming the row (line and column of the page); a page of another
kind (the pairings of a round, the starting rank list, a ranking list without the games) is refused
with the page to save instead; another program's page is named (Vega's is read by
:mod:`.vega_page`).
"""

from __future__ import annotations

import datetime as _dt
import re

from bs4 import BeautifulSoup, Tag

from ..base.errors import InputError, Position
from ..base.i18n import Text, msg
from ..core.programs import LEGEND, legend_items, page_not_read, page_program
from . import vega_page
from .grid import berger
from .heads import RESULTS_PAGE_MAX_BYTES as MAX_FILE_BYTES
from .heads import sniff_results_page as sniff
from .options import Event, ReadOptions
from .pages import page_soup, tag_position, tag_text
from .results_table import (
    PROFILE,
    SAVE,
    Cell,
    Row,
    Table,
    event,
    holds_player,
    is_crosstable,
    is_grid,
    other_kind,
    update_day,
)

_LAST_UPLOAD = re.compile(r"Last (?:Upload|update)", re.IGNORECASE)

__all__ = ["MAX_FILE_BYTES", "PROFILE", "berger", "parse", "sniff"]

def _heads(table: Tag) -> tuple[Tag, list[str]] | None:
    first = table.find("tr")
    if first is None:
        return None
    return first, [tag_text(c).lower() for c in first.find_all(["th", "td"], recursive=False)]


def _crosstable(soup: BeautifulSoup) -> tuple[Tag, list[str], bool] | None:
    """The crosstable with round columns, else the round-robin grid: its table, heads and whether it
    is the grid."""
    tables = [(table, found[1]) for table in soup.find_all("table") if (found := _heads(table)) is not None]
    for grid, matches in ((False, is_crosstable), (True, is_grid)):
        for table, heads in tables:
            if matches(heads):
                return table, heads, grid
    return None


def _other_page(soup: BeautifulSoup) -> Text | None:
    """What a page without a crosstable is, when it is one of chess-results' other pages."""
    for table in soup.find_all("table"):
        found = _heads(table)
        if found is None:
            continue
        kind = other_kind(found[1])
        if kind is not None:
            return kind
    return None


def parse(data: bytes, name: str, options: ReadOptions) -> Event:
    """The event of a results page.

    :raises InputError: for a page without a crosstable, or a row or cell that cannot be read (at
        its line and column).
    """
    text, soup = page_soup(data, name)
    found = _crosstable(soup)
    if found is None or found[2]:
        program = page_program(text)
        if program is not None and program.pages_read:  # a Vega page whose head does not name it
            return vega_page.parse(data, name, options)
        if program is not None:  # another program's page: its tables are not chess-results'
            raise InputError(page_not_read(program), Position(name, 1, 1))
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
    table, heads, grid = found
    heading = soup.find("h2")
    return event(
        Table(
            path=name,
            heads=heads,
            rows=_rows(table, heads, name),
            where=tag_position(name, table),
            grid=grid,
            legend=_legend(soup),
            title=tag_text(heading) if heading is not None else name,
            title_where=tag_position(name, heading) if heading is not None else Position(name, 1, 1),
            facts=_info(soup, name),
            updated=_updated(soup),
        ),
        options,
    )


def _updated(soup: BeautifulSoup) -> _dt.date | None:
    """The day of the page's last update, from the line that names its last upload (``Last update
    09.08.2026 12:22:23, Creator/Last Upload: ...``, in the page's language but for those words);
    not the server's time of the download, which the page prints too."""
    node = soup.find(string=_LAST_UPLOAD)
    return update_day(str(node)) if node is not None else None


def _rows(table: Tag, heads: list[str], name: str) -> list[Row]:
    """The rows below the heads that hold a player, each cell with its text, place and link."""
    rows = []
    for tr in table.find_all("tr")[1:]:
        tds = tr.find_all(["td", "th"], recursive=False)
        texts = [tag_text(td) for td in tds]
        if not holds_player(texts, heads):
            continue
        cells = []
        for td, text in zip(tds, texts, strict=True):
            link = td.find("a", href=True)
            cells.append(Cell(text, tag_position(name, td), str(link["href"]) if isinstance(link, Tag) else None))
        rows.append(Row(tag_position(name, tr), cells))
    return rows


def _info(soup: BeautifulSoup, path: str) -> dict[str, tuple[str, Position]]:
    """The page's table of facts (``Date``, ``Location``, ``Chief Arbiter`` ...): label, lower case,
    -> value and where it stands, from the rows of two cells."""
    found: dict[str, tuple[str, Position]] = {}
    for tr in soup.find_all("tr"):
        cells = tr.find_all("td", recursive=False)
        if len(cells) == 2:
            label = tag_text(cells[0]).lower()
            if label and len(label) < 40 and label not in found:
                found[label] = (tag_text(cells[1]), tag_position(path, cells[1]))
    return found


def _legend(soup: BeautifulSoup) -> list[str]:
    """The items of the legend below the table (the element holding ``Tie Break1:``), as printed."""
    head = soup.find(string=LEGEND)
    if head is None or head.parent is None:
        return []
    return legend_items(" ".join(head.parent.get_text(" ").replace("\xa0", " ").split()))
