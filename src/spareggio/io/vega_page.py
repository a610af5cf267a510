"""Vega's web pages: the tournament Vega (Luigi Forlano, vegachess.com) publishes as a folder of
pages, read from its crosstable and its standings.

Four pages of a publication hold the event:

* **The crosstable** (``crosstable.html``, or ``.php``): a row per player in start-number order, each
  round a cell ``<div class="res">1</div><div class="cb">6</div>``: the result and the opponent's
  start number in a box whose class is the colour (``cw`` White, ``cb`` Black).  A box of no
  colour (``cf``) holds an unplayed game: the opponent's number with a forfeit's result, or
  ``BYE`` with the bye's points (``1`` the pairing-allocated bye, ``½`` a half-point bye, ``0`` none).
  An empty cell is a round without a game and without a point.
* **The standings** (``standings.html``; ``standing.html`` in older versions): the rank (``Pos``),
  the start number, the points and the tie-break columns, headed by the acronyms of the legend below
  the table (``Tie Break legend: BH : Buchholz Total * SB : Sonneborn-Berger *``).
* **The crosstable by score** (``crosstablescore``): both in one page, the rows in rank order, the
  opponents named by their rank; it prints no legend (its columns are read by their acronyms, or by
  the standings' legend beside it).
* **The round-robin grid** (``sortedcrosstable``, the ``crosstable`` of 2017): the rows in rank order,
  ``#`` or ``ID`` the start number, a column per rank, each cell the row player's results against
  that player (``1``, ``½``, ``0``, ``+``, ``-``; two in a double round robin; ``class=hole`` the
  player's own).  It says neither the round nor the colour: the games are placed by the Berger
  tables of the start numbers (:mod:`spareggio.io.grid`), with a warning.

The player is written as columns (``ID``/``N``, ``T``, ``NAME``, ``Rtg``, ``Fed``), or in one cell:
the start number in a box (``<span class="idn">``, a badge) or the card's ``<div class="sort-num">``,
the title, the name linked to the player's card (``playercard.html#7``, the start number again).
Vega's pages leave tags unclosed (a bye's cell, the card's first ``div``, the legend's rows): the
cells are taken in the order the page writes them, each belonging to the row opened last, whatever
the parser nested.

Any page may be given: the others are looked for beside it (its name with ``crosstable``,
``standings``/``standing`` and ``crosstablescore`` exchanged, or the names its own menu links to), or
given as the declared ranks (:attr:`ReadOptions.ranks`, an upload's :attr:`ReadOptions.ranks_data`).
The crosstable alone is ranked without declared ranks, with a warning; the standings alone cannot be:
its games are elsewhere.

The legend's names are read with Vega's table of names (its profile); the printed values are kept by
criterion for ``check`` to compare, as those of a chess-results page; a column whose values are not
numbers (Direct Encounter printed ``1-2``) is not compared, said in a warning.  The event's dates
come from the page's heading (``21/04/2026 - 26/05/2026``).  A page says nothing of how Vega counted
unplayed games (its setting): the rule set is chosen by the date, and ``check --infer`` finds the
version of Vega that prints the page's values (:attr:`~spareggio.core.model.Tournament.publisher`).
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Iterator
from fractions import Fraction

import numpy as np
from bs4 import BeautifulSoup, Tag
from bs4.element import Comment, NavigableString

from ..base.classes import dataclass
from ..base.errors import (
    ArgumentError,
    Diagnostic,
    InputError,
    Position,
    SpareggioError,
    os_reason,
    printable_path,
)
from ..base.i18n import Field, msg
from ..core.dates import EventDates, resolve
from ..core.legend import VEGA_ITEM
from ..core.model import Color, KindSource, Player, ResultKind, Scoring, TournamentKind
from ..tiebreaks import parse_spec
from ..tiebreaks.legend import program_spec
from .assemble import MAX_ROUNDS, Crosstable, assemble, whole
from .files import ensure_regular
from .grid import RESULT_KINDS, grid_note, grid_tokens, placed, placed_by_the_tables
from .heads import RESULTS_PAGE_MAX_BYTES as MAX_FILE_BYTES
from .heads import sniff_vega_page as sniff
from .limits import MAX_NAME_CHARS, MAX_TEXT_CHARS, check_length
from .options import Event, ReadOptions
from .pages import page_soup, printed_value, tag_position, tag_text

__all__ = ["MAX_FILE_BYTES", "PROGRAM", "companions", "parse", "sniff"]

PROGRAM = "vega"
"""The profile whose names the legend is read with, and the program the pages name."""

_WORDS = {
    "crosstable": ("crosstable",),
    "standings": ("standings", "standing"),
    "score": ("crosstablescore",),
    "grid": ("sortedcrosstable",),
}
"""The words of the pages' file names, by kind of page."""
_WANTED = {
    "crosstable": ("standings", "score"),
    "standings": ("crosstable", "score", "grid"),
    "score": ("standings",),
    "grid": ("standings",),
}
"""The pages looked for beside a page, best first: what it lacks (ranks, games, the legend)."""
_ROUND = re.compile(r"^(\d{1,3})$")
_NUMBER_HEADS = {"id", "#", "n", "n.", "no", "no.", "nr", "snr"}
_NAME_HEADS = {"name", "nome", "player", "giocatore", "nom", "joueur", "spieler", "jugador"}
_RATING_HEADS = {"rtg", "elo", "rating"}
_FED_HEADS = {"fed", "fed.", "federation"}
_TITLE_HEADS = {"t", "tit", "tit.", "title", "titolo"}
_POINTS_HEADS = {"pts", "pts.", "pti", "pti.", "punti", "points", "pkt", "pkt."}
_RANK_HEADS = {"pos", "pos.", "rank", "rk", "rk.", "cl.", "class."}
_OTHER_HEADS = {"prtg", "origin", "club", "gr", "group", "cat", "age", "k", "perf"}
"""Columns of information that are no criterion (the performance, the player's origin ...)."""
_LEGEND_HEAD = re.compile(r"tie\s*-?\s*break\s+legend\s*:|legenda\s+(?:degli\s+)?spareggi\s*:", re.IGNORECASE)
_DATES = re.compile(r"(\d{1,2}[/.-]\d{1,2}[/.-]\d{4})(?:\s*-\s*(\d{1,2}[/.-]\d{1,2}[/.-]\d{4}))?")
_AFTER = re.compile(r"(?:standings?|cross\s*table)\s+at\s+round\s+(\d{1,3})", re.IGNORECASE)
"""The heading of a page that stands after a round (``Standings at round 2``)."""
_OTHER_PAGE = msg(
    "this Vega page holds neither a crosstable nor standings (it is one of the publication's other pages: "
    "the pairings of a round, a player's card, the schedule ...): give its crosstable (crosstable.html), "
    "with its standings (standings.html) beside it"
)
"""Said of a page of a Vega publication that is no table of the event (in a folder, each its row)."""
_RESULTS = {**RESULT_KINDS, "1f": ResultKind.FORFEIT_WIN, "0f": ResultKind.FORFEIT_LOSS, "": ResultKind.PENDING}
_FORFEITS = {
    "1": ResultKind.FORFEIT_WIN,
    "+": ResultKind.FORFEIT_WIN,
    "1f": ResultKind.FORFEIT_WIN,
    "0": ResultKind.FORFEIT_LOSS,
    "-": ResultKind.FORFEIT_LOSS,
    "0f": ResultKind.FORFEIT_LOSS,
}
"""A game not played (the opponent in the box of no colour, ``cf``), by its result."""
_BYES = {
    "1": ResultKind.PAB,
    "+": ResultKind.PAB,
    "½": ResultKind.HALF_BYE,
    "=": ResultKind.HALF_BYE,
    "0": ResultKind.ABSENT,
    "-": ResultKind.ABSENT,
    "": ResultKind.ABSENT,
}
_SCORINGS = (Scoring(), Scoring(win=Fraction(2), draw=Fraction(1)), Scoring(win=Fraction(3), draw=Fraction(1)))
"""The scorings a points column is read with: Vega lets the arbiter set the points of a win and a draw."""
_COLOURS = {"cw": Color.WHITE, "cb": Color.BLACK, "cf": Color.NONE}
_BOXES = {"res", "cw", "cb", "cf"}


@dataclass
class _Cell:
    """A cell of a row: its tag, and what is written in it (not in the cells and rows a missing end
    tag nested in it), in page order."""

    td: Tag
    boxes: list[Tag]
    """The result and opponent boxes."""
    tags: list[Tag]
    """Every tag written in the cell."""
    texts: list[str]
    """Its text."""

    def find(self, mark: str | None = None, name: str | None = None) -> Tag | None:
        """The first tag written in the cell with the class ``mark`` (or of the ``name``)."""
        return next((t for t in self.tags if (mark is None or mark in _classes(t)) and (name is None or t.name == name)), None)


@dataclass
class _Row:
    tr: Tag
    cells: list[_Cell]


@dataclass
class _Page:
    """One page of a publication: its header (lower case), its rows and what they hold."""

    path: str
    soup: BeautifulSoup
    header: Tag
    heads: list[str]
    printed: list[str]
    """The heads as printed (for messages)."""
    rows: list[_Row]
    kind: str
    """``crosstable``, ``standings``, ``score`` (the crosstable by score) or ``grid`` (the
    round-robin grid)."""
    rounds: list[int]
    """The columns of the rounds (of the grid: of the players by rank), in order."""
    rank: int | None
    """The column of the rank."""
    after: int | None
    """The round the page stands after, when its heading says it (``Standings at round 2``)."""


def _own_text(cell: _Cell) -> str:
    """The text written in the cell itself, not in the cells a missing ``</td>`` nested in it."""
    return " ".join(" ".join(cell.texts).replace("\xa0", " ").split())


def _classes(tag: Tag) -> list[str]:
    value = tag.get("class")
    return [value] if isinstance(value, str) else list(value or [])


def _column(heads: list[str], words: set[str]) -> int | None:
    return next((k for k, h in enumerate(heads) if h in words), None)


# -- a page ----------------------------------------------------------------------------------------


def _header(soup: BeautifulSoup) -> tuple[Tag, list[str], list[str]] | None:
    """The header row of the page's table: the first row of head cells (some of them ``td``, as
    Vega writes ``Origin``) that names the points and the player (or the start number)."""
    for tr in soup.find_all("tr"):
        if not tr.find("th", recursive=False):
            continue
        printed = [tag_text(c) for c in tr.find_all(["th", "td"], recursive=False)]
        heads = [h.lower() for h in printed]
        if any(h in _POINTS_HEADS for h in heads) and any(h in _NAME_HEADS or h in _NUMBER_HEADS for h in heads):
            return tr, heads, printed
    return None


_END = frozenset({"tfoot", "table", "p", "footer", "script", "style", "section", "nav", "form", "caption", "h1", "h2", "h3", "h4", "h5", "h6"})
"""Tags that end the rows: the table's foot (the legend), another table, the text after it."""


def _rows(header: Tag, heads: list[str], path: str) -> list[_Row]:
    """The rows after the header, read in one pass over what the page writes, in its order: each cell
    belongs to the row opened last, and each tag and text to the cell opened last, whatever a
    missing end tag nested (so that no search within a cell reaches the rows after it).  The rows end
    at the table's foot (the legend), at another table or the text after it, or at a row of one cell;
    a row of another number of cells is an error."""
    rows: list[_Row] = []
    row: _Row | None = None
    for element in header.next_elements:
        if isinstance(element, Tag):
            if element.name in _END:
                break
            if element.name == "tr":
                if row is not None and not _close(row, heads, path, rows):
                    row = None
                    break
                row = _Row(element, [])
            elif element.name == "td" and row is not None:
                row.cells.append(_Cell(element, [], [], []))
            elif row is not None and row.cells:
                cell = row.cells[-1]
                cell.tags.append(element)
                if element.name == "div" and _BOXES & set(_classes(element)):
                    cell.boxes.append(element)
        elif isinstance(element, NavigableString) and not isinstance(element, Comment) and row is not None and row.cells:
            row.cells[-1].texts.append(str(element))
    if row is not None:
        _close(row, heads, path, rows)
    return rows


def _close(row: _Row, heads: list[str], path: str, rows: list[_Row]) -> bool:
    """Keep a finished row; False at the row that ends the table (one cell or none)."""
    if len(row.cells) == len(heads):
        rows.append(row)
        return True
    if len(row.cells) <= 1:
        return not rows
    raise InputError(
        msg("row {row} has {n} cells where the header has {m}", row=_own_text(row.cells[0])[:40] or "?", n=len(row.cells), m=len(heads)),
        tag_position(path, row.tr),
    )


def _page(data: bytes, path: str) -> _Page:
    _, soup = page_soup(data, path)
    found = _header(soup)
    if found is None:
        raise InputError(
            _OTHER_PAGE,
            Position(path, 1, 1),
        )
    header, heads, printed = found
    numbered = [k for k, h in enumerate(heads) if _ROUND.match(h)]
    numbers = [int(heads[k]) for k in numbered]
    if numbers and numbers != list(range(1, len(numbers) + 1)):
        raise InputError(
            msg("the round columns are numbered {numbers}, not 1, 2, 3 ... in order", numbers=", ".join(map(str, numbers))),
            tag_position(path, header),
        )
    if len(numbered) > MAX_ROUNDS:
        raise InputError(msg("the page has {n} rounds, more than {max}", n=len(numbered), max=MAX_ROUNDS), tag_position(path, header))
    rows = _rows(header, heads, path)
    if not rows:
        raise InputError(msg("the table has no player rows"), tag_position(path, header))
    rank = _column(heads, _RANK_HEADS)
    sharp = heads.index("#") if "#" in heads else None
    if rank is None and sharp is not None and not rows[0].cells[sharp].find("idn"):
        rank = sharp  # a plain number under '#' beside a start number written in the player's cell
    if numbered and not any(row.cells[k].boxes for row in rows for k in numbered):
        kind = "grid"  # results without boxes: a column per player, by rank
    else:
        kind = ("score" if rank is not None else "crosstable") if numbered else "standings"
    if kind == "grid" and rank is None:
        raise InputError(msg("Vega's round-robin grid has no rank column (Pos): its columns cannot be told apart"), tag_position(path, header))
    if kind == "standings" and rank is None:  # a table of players without ranks: a player's card, the list of players
        raise InputError(_OTHER_PAGE, tag_position(path, header))
    after = next((int(m.group(1)) for h in soup.find_all(["h4", "h3"]) if (m := _AFTER.search(tag_text(h)))), None)
    return _Page(path, soup, header, heads, printed, rows, kind, numbered, rank, after)


# -- a row's player --------------------------------------------------------------------------------


def _fixed(row: _Row, page: _Page) -> Iterator[tuple[int, _Cell]]:
    """The row's cells other than the rounds, with their columns."""
    for k, cell in enumerate(row.cells):
        if k not in page.rounds:
            yield k, cell


def _cell(row: _Row, page: _Page, words: set[str]) -> _Cell | None:
    k = _column(page.heads, words)
    return None if k is None else row.cells[k]


def _found(row: _Row, page: _Page, mark: str) -> Tag | None:
    """The first box of a class in the row's cells other than the rounds and the rank."""
    for k, cell in _fixed(row, page):
        if k != page.rank:
            tag = cell.find(mark)
            if tag is not None:
                return tag
    return None


_CARD = re.compile(r"playercard\.\w+#(\d{1,5})$")


def _start_number(row: _Row, page: _Page) -> int:
    """The start number: the card's ``sort-num``, else the ``idn`` box or the badge of a cell other
    than the rank, else the start-number column, else the number of the player's card link."""
    path = page.path
    for mark in ("sort-num", "idn", "badge"):
        tag = _found(row, page, mark)
        if tag is not None:
            return whole(tag_text(tag), msg("start number"), tag_position(path, tag))
    k = _column(page.heads, _NUMBER_HEADS)
    if k is not None and k != page.rank:
        return whole(_own_text(row.cells[k]), msg("start number"), tag_position(path, row.cells[k].td))
    for _, cell in _fixed(row, page):
        for link in cell.tags:
            m = _CARD.search(str(link.get("href") or "")) if link.name == "a" else None
            if m:
                return int(m.group(1))
    raise InputError(msg("a row without a start number: {text!r}", text=_own_text(row.cells[0])[:40]), tag_position(path, row.tr))


def _player(row: _Row, page: _Page) -> Player:
    path = page.path
    sno = _start_number(row, page)
    name = ""
    cell = _cell(row, page, _NAME_HEADS)
    if cell is not None:
        box = cell.find("player-name-box2")
        links = [a for a in cell.tags if a.name == "a" and tag_text(a)]
        if box is not None and tag_text(box):
            name = tag_text(box)
        elif links:
            name = tag_text(links[0])
        else:
            name = _own_text(cell)
    check_length(name, MAX_NAME_CHARS, msg("player {sno}: name", sno=sno), tag_position(path, row.tr))
    title = _field(row, page, _TITLE_HEADS, "title-box")
    if title is None and (name_cell := _cell(row, page, _NAME_HEADS)) is not None:
        span = name_cell.find("title") or name_cell.find("notitle") or name_cell.find(name="b")
        title = tag_text(span) if span is not None else ""
    title = "" if title in (None, "-", "--") else title[:MAX_TEXT_CHARS]
    rating_text = _field(row, page, _RATING_HEADS, "rating") or ""
    rating = None
    if rating_text not in ("", "-", "0"):
        rating = whole(rating_text, msg("player {sno}: rating", sno=sno), tag_position(path, row.tr), 4) or None
    return Player(
        start_number=sno,
        name=name,
        title=title,
        rating=rating,
        federation=_federation(row, page)[:MAX_TEXT_CHARS],
        points=_points(row, page, sno),
        position=tag_position(path, row.tr),
    )


def _field(row: _Row, page: _Page, heads: set[str], mark: str) -> str | None:
    """A player's field: the text of its column, else of its box in the player's card (class
    ``mark``); None when the page has neither."""
    cell = _cell(row, page, heads)
    if cell is not None:
        return _own_text(cell)
    box = _found(row, page, mark)
    return None if box is None else tag_text(box)


def _federation(row: _Row, page: _Page) -> str:
    """The federation: the column's text, else its flag's description, else the flag's file name
    (the card writes ``alt="flag"``)."""
    cell = _cell(row, page, _FED_HEADS)
    if cell is None:
        cell = next((c for k, c in _fixed(row, page) if k != page.rank and c.find("fed") is not None), None)
    if cell is None:
        return ""
    text = _own_text(cell) if _column(page.heads, _FED_HEADS) is not None else ""
    if text:
        return text
    image = cell.find(name="img")
    if image is None:
        return ""
    alt = str(image.get("alt") or "").strip()
    if alt and alt.lower() != "flag":
        return alt
    return os.path.splitext(os.path.basename(str(image.get("src") or "")))[0].upper()


def _points(row: _Row, page: _Page, sno: int) -> Fraction | None:
    cell = next((c for c in row.cells if "score" in _classes(c.td)), None) or _cell(row, page, _POINTS_HEADS)
    if cell is None:
        return None
    value = _value(_own_text(cell))
    if value is False:
        raise InputError(msg("player {sno}: points: {text!r} is not a number", sno=sno, text=_own_text(cell)[:40]), tag_position(page.path, cell.td))
    return value if isinstance(value, Fraction) else None


def _value(text: str) -> Fraction | None | bool:
    """A printed number (``4.5``, ``4,5``, ``4½``, ``16.00``), None when blank, False when it is no
    number (Direct Encounter printed ``1-2``)."""
    try:
        return printed_value(text)
    except ValueError:
        return False


# -- the games -------------------------------------------------------------------------------------


def _result_text(tag: Tag) -> str:
    return tag_text(tag).lower().replace(",", ".").replace("0.5", "½").replace("1/2", "½")


def _games(page: _Page, players: list[Player]) -> Crosstable:
    """The games of the rows; the crosstable by score names the opponents by their rank (their row's
    ``Pos``), the crosstable by their start number."""
    rows = page.rows
    if page.kind == "score":
        assert page.rank is not None
        k = page.rank
        index = {
            whole(_own_text(row.cells[k]).rstrip("."), msg("player {sno}: rank", sno=players[i].start_number), tag_position(page.path, row.cells[k].td)): i
            for i, row in enumerate(rows)
        }
        if len(index) != len(rows):
            raise InputError(msg("two rows of the crosstable by score have one rank: its opponents cannot be told apart"), tag_position(page.path, page.header))
    else:
        index = {p.start_number: i for i, p in enumerate(players)}
    ct = Crosstable.empty(players, len(page.rounds), lambda i, r: tag_position(page.path, rows[i].cells[page.rounds[r]].td))
    for i, row in enumerate(rows):
        for r, k in enumerate(page.rounds):
            _game(ct, i, r, row.cells[k], index)
    return ct


def _cannot(ct: Crosstable, i: int, r: int, text: str) -> InputError:
    return InputError(msg("round {round}: cannot read the cell {text!r}", round=r + 1, text=text[:40]), ct.where(i, r))


def _opponent(ct: Crosstable, i: int, r: int, text: str, index: dict[int, int]) -> int:
    if not (text.isascii() and text.isdigit()) or int(text) not in index:
        raise InputError(msg("round {round}: no player with start number {player}", round=r + 1, player=text[:40]), ct.where(i, r))
    return index[int(text)]


def _game(ct: Crosstable, i: int, r: int, cell: _Cell, index: dict[int, int]) -> None:
    """One round of a player: the result box and the opponent's box (its class the colour), in either
    order."""
    results = [b for b in cell.boxes if "res" in _classes(b)]
    others = [b for b in cell.boxes if set(_classes(b)) & _COLOURS.keys()]
    if not results and not others:
        text = _own_text(cell)
        if text not in ("", "-", "--", "---"):
            raise _cannot(ct, i, r, text)
        return  # no game and no point
    result = _result_text(results[0]) if results else ""
    if not others:
        raise InputError(msg("round {round}: the result {text!r} has no opponent", round=r + 1, text=result[:40]), ct.where(i, r))
    box = others[0]
    colour = next(_COLOURS[c] for c in _classes(box) if c in _COLOURS)
    opponent = tag_text(box)
    if colour is Color.NONE and opponent.upper() == "BYE":
        if result not in _BYES:
            raise _cannot(ct, i, r, f"{result} {opponent}")
        ct.kind[i, r] = _BYES[result]
    elif colour is Color.NONE:  # a game not played: a forfeit's result against the opponent
        if result not in _FORFEITS:
            raise _cannot(ct, i, r, f"{result} {opponent}")
        ct.opponent[i, r] = _opponent(ct, i, r, opponent, index)
        ct.kind[i, r] = _FORFEITS[result]
    else:
        if result not in _RESULTS:
            raise _cannot(ct, i, r, f"{result} {opponent}")
        ct.opponent[i, r] = _opponent(ct, i, r, opponent, index)
        ct.kind[i, r] = _RESULTS[result]
        ct.color[i, r] = colour


def _cut(ct: Crosstable, ranked: _Page, rounds: int) -> Crosstable:
    """The games up to the round the standings stand after (``Standings at round 2``): the ranks
    they declare are those of that round.  The crosstable's points, of its last round, are not
    compared."""
    after = ranked.after or 0
    if after < 1:
        raise InputError(msg("the standings stand before the first round: they rank nothing"), Position(ranked.path, 1, 1))
    if after > rounds:
        raise InputError(
            msg("the standings stand after round {after}, and the crosstable holds {rounds} rounds", after=after, rounds=rounds),
            Position(ranked.path, 1, 1),
        )
    cut = Crosstable(
        [dataclasses.replace(p, points=None) for p in ct.players],
        ct.opponent[:, :after].copy(),
        ct.kind[:, :after].copy(),
        ct.color[:, :after].copy(),
        ct.where,
        ct.warnings,
    )
    cut.warnings.append(
        Diagnostic(
            "vega-standings-round",
            msg(
                "the standings stand after round {after} ({path}) and the crosstable holds {rounds} rounds: the event "
                "is read after round {after}, the later rounds left out",
                after=after, path=ranked.path, rounds=rounds,
            ),
            Position(ranked.path, 1, 1),
        )
    )  # fmt: skip
    return cut


def _grid_games(page: _Page, players: list[Player]) -> Crosstable:
    """The games of the round-robin grid (``sortedcrosstable``): the rows and the columns in rank
    order, each cell the row player's results against the player of the column's rank (one a
    cycle); placed in rounds and colours by the Berger tables of the start numbers, with a
    warning."""
    assert page.rank is not None
    n, path = len(players), page.path
    numbers = [p.start_number for p in players]
    ranks = [whole(_own_text(row.cells[page.rank]).rstrip("."), msg("player {sno}: rank", sno=numbers[i]), tag_position(path, row.tr)) for i, row in enumerate(page.rows)]
    if sorted(numbers) != list(range(1, n + 1)) or sorted(ranks) != list(range(1, n + 1)) or len(page.rounds) != n:
        raise InputError(
            msg(
                "the grid has {columns} player columns for {n} players ranked {ranks} and numbered {numbers}: a grid's "
                "columns are the ranks 1 to {n}, its players numbered 1 to {n}",
                columns=len(page.rounds), n=n, ranks=", ".join(map(str, sorted(ranks)[:20])), numbers=", ".join(map(str, sorted(numbers)[:20])),
            ),
            tag_position(path, page.header),
        )  # fmt: skip
    number_at = {rank: numbers[i] for i, rank in enumerate(ranks)}
    results: dict[tuple[int, int], list[str]] = {}
    cycles: int | None = None
    for i, row in enumerate(page.rows):
        for col, k in enumerate(page.rounds):
            other = number_at[col + 1]
            if other == numbers[i]:
                continue  # the hole: the player's own column
            tokens = grid_tokens(_own_text(row.cells[k]), numbers[i], other, tag_position(path, row.cells[k].td), cycles)
            cycles = len(tokens)
            results[(numbers[i], other)] = tokens
    index = {sno: i for i, sno in enumerate(numbers)}
    rank_of = dict(zip(numbers, ranks, strict=True))
    ct = placed(
        players, results, cycles or 1, index,
        lambda me, other: tag_position(path, page.rows[index[me]].cells[page.rounds[rank_of[other] - 1]].td),
        lambda i: tag_position(path, page.rows[i].tr),
    )  # fmt: skip
    ct.warnings.append(grid_note(tag_position(path, page.header)))
    return ct


def _scoring(ct: Crosstable) -> Scoring:
    """The scoring under which every printed points total is the sum of the player's results: 1 and
    ½ when it is one (or when the page prints none), else the first of :data:`_SCORINGS` that adds
    every total up; 1 and ½ when none does (the totals that differ are then said by the checks every
    reader shares)."""
    printed = [(i, p.points) for i, p in enumerate(ct.players) if p.points is not None]
    if not printed:
        return Scoring()
    kinds = ct.kind.astype(np.intp)
    for scoring in _SCORINGS:
        totals = scoring.points_table()[kinds].sum(axis=1)
        if all(Fraction(int(totals[i]), scoring.unit) == points for i, points in printed):
            return scoring
    return Scoring()


# -- the ranks and the printed values --------------------------------------------------------------


@dataclass
class _Declared:
    """What a page of ranks declares: ranks by start number, and the printed columns by criterion."""

    ranks: dict[int, int]
    items: list[str]
    """The criteria of the printed columns, as specifiers where Vega's names give one, else as
    printed."""
    values: dict[str, dict[int, Fraction | None] | None]
    """By criterion, the printed values by start number; None for a column not compared."""
    warnings: list[Diagnostic]
    rows: dict[int, Position]
    """Where each start number's row is."""


def _legend(soup: BeautifulSoup) -> list[tuple[str, str, Tag]]:
    """The legend's items (acronym, name, the tag that holds the legend), in the page's order."""
    head = soup.find(string=_LEGEND_HEAD)
    if head is None or head.parent is None:
        return []
    container = head.find_parent("tfoot") or head.parent
    text = container.get_text("\n").replace("\xa0", " ")
    match = _LEGEND_HEAD.search(text)
    text = text[match.end() :] if match else text
    text = text.split("Generated by", 1)[0]
    # an item a line, or items separated by stars, each 'ACRONYM : name' as Vega's legend writes it
    found = (VEGA_ITEM.match(piece) for piece in re.split(r"[*\n]", text) if piece.strip())
    return [(m.group(1), m.group(2), container) for m in found if m is not None]


def _spec(name: str) -> str | None:
    """A printed name or acronym as a specifier: Vega's names, then the catalogue's; None for one
    neither knows."""
    try:
        found = program_spec(name, PROGRAM)
    except ValueError:
        found = None
    if found is not None:
        return found
    try:
        return str(parse_spec(name))
    except SpareggioError:
        return None


def _columns(page: _Page, legend: list[tuple[str, str, Tag]]) -> tuple[list[tuple[str, int]], list[Diagnostic]]:
    """The printed criteria and their columns: by the legend's acronyms, or without a legend by the
    heads after the points and the rounds that name a criterion."""
    path, heads = page.path, page.heads
    columns: list[tuple[str, int]] = []
    warnings: list[Diagnostic] = []
    if legend:
        for acronym, name, where in legend:
            k = next((j for j, h in enumerate(heads) if h == acronym.lower()), None)
            if k is None:
                raise InputError(
                    msg("the legend names {item!r}, which no column of the table is headed", item=f"{acronym} : {name}"[:60]),
                    tag_position(path, page.header),
                )
            spec = _spec(name)
            if spec is None:
                raise InputError(
                    msg("the legend's {item!r} names no tie-break spareggio knows", item=f"{acronym} : {name}"[:80]),
                    Position(path, where.sourceline or 1, (where.sourcepos or 0) + 1),
                )
            columns.append((spec, k))
        return columns, warnings
    known = _NUMBER_HEADS | _NAME_HEADS | _RATING_HEADS | _FED_HEADS | _TITLE_HEADS | _POINTS_HEADS | _RANK_HEADS | _OTHER_HEADS
    unread = []
    for k, head in enumerate(heads):
        if k in page.rounds or head in known or not head:
            continue
        spec = _spec(head)
        if spec is None:
            unread.append(page.printed[k])
        else:
            columns.append((spec, k))
    if columns:
        warnings.append(
            Diagnostic(
                "vega-no-legend",
                msg(
                    "the page prints no legend of its tie-breaks: its columns are read by their heads, {items}",
                    items=", ".join(f"{page.printed[k]} = {spec}" for spec, k in columns),
                ),
                tag_position(path, page.header),
            )
        )
    if unread:
        warnings.append(
            Diagnostic(
                "vega-column-unread",
                msg("the page prints columns whose heads name no tie-break spareggio knows, not compared: {heads}", heads=", ".join(unread)),
                tag_position(path, page.header),
            )
        )
    return columns, warnings


def _declared(page: _Page, legend: list[tuple[str, str, Tag]]) -> _Declared:
    columns, warnings = _columns(page, legend)
    path = page.path
    assert page.rank is not None
    ranks: dict[int, int] = {}
    rows: dict[int, Position] = {}
    values: dict[str, dict[int, Fraction | None] | None] = {}
    for item, _ in columns:
        if item in values:
            raise InputError(msg("the page prints {item} in two columns", item=item), tag_position(path, page.header))
        values[item] = {}
    for row in page.rows:
        sno = _start_number(row, page)
        if sno in rows:
            raise InputError(msg("start number {player} appears on two rows", player=sno), tag_position(path, row.tr))
        rows[sno] = tag_position(path, row.tr)
        text = _own_text(row.cells[page.rank]).rstrip(".")
        if text:
            ranks[sno] = whole(text, msg("player {sno}: rank", sno=sno), tag_position(path, row.cells[page.rank].td))
        for item, k in columns:
            column = values[item]
            if column is None:
                continue
            value = _value(_own_text(row.cells[k]))
            if value is False:  # not a number (Direct Encounter printed '1-2'): the column is not compared
                values[item] = None
                warnings.append(
                    Diagnostic(
                        "vega-value-unread",
                        msg(
                            "{item} is printed {text!r} for player {sno}, which is no number: its column is not compared",
                            item=item, text=_own_text(row.cells[k])[:40], sno=sno,
                        ),
                        tag_position(path, row.cells[k].td),
                    )
                )  # fmt: skip
                continue
            column[sno] = value if isinstance(value, Fraction) else None
    return _Declared(ranks, [item for item, _ in columns], values, warnings, rows)


# -- the publication -------------------------------------------------------------------------------


def companions(path: str, kind: str, soup: BeautifulSoup | None = None) -> dict[str, str]:
    """The other pages of a publication beside ``path``, by kind: the name with the page's word
    exchanged for theirs, else a name the page's menu links to (with the page's own extension or
    the link's).  The round-robin grid is looked for beside standings without a crosstable: read,
    it says that it is not read."""
    folder, base = os.path.split(path)
    stem, ext = os.path.splitext(base)
    low = stem.lower()
    found: dict[str, str] = {}
    for want in _WANTED[kind]:
        names: list[str] = []
        mine = max(((low.rfind(w), w) for w in _WORDS[kind]), default=(-1, ""))
        at, word = mine
        if at >= 0:  # prefix_crosstable.html, standings2.php (the round): the same with the other word
            names += [stem[:at] + other + stem[at + len(word) :] + ext for other in _WORDS[want]]
            names += [stem[:at] + other + ext for other in _WORDS[want]]
        if soup is not None:
            for link in soup.find_all("a", href=True):
                href = str(link["href"]).split("#", 1)[0].split("?", 1)[0]
                linked, linked_ext = os.path.splitext(os.path.basename(href))
                if linked.lower() in _WORDS[want]:
                    names += [linked + ext, linked + linked_ext]
        variants = [os.path.splitext(n)[0] + e for n in names for e in (os.path.splitext(n)[1], ".html", ".htm", ".php")]
        for candidate in dict.fromkeys(variants):
            full = os.path.join(folder, candidate)
            if candidate != base and os.path.isfile(full):
                found[want] = full
                break
    return found


def _read(path: str) -> bytes:
    ensure_regular(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise ArgumentError(msg("{path}: cannot read the file ({value})", path=path, value=os_reason(exc))) from None
    if len(data) > MAX_FILE_BYTES:
        raise InputError(
            msg("the file has {size} bytes, more than the limit of {MAX_FILE_BYTES}", size=len(data), MAX_FILE_BYTES=MAX_FILE_BYTES),
            Position(path, 1, 1),
        )
    return data


def _publication(given: _Page, options: ReadOptions) -> dict[str, _Page]:
    """The pages of the publication by kind: the page given, the one given as the declared ranks,
    those found beside it on disk."""
    pages = {given.kind: given}
    if options.ranks is not None or options.ranks_data is not None:
        if options.ranks is not None:
            other = _page(_read(options.ranks), printable_path(options.ranks))
        else:
            other = _page(options.ranks_data or b"", "declared-ranks.html")
        if other.kind == given.kind:
            raise InputError(
                msg("{path} is the same kind of Vega page as the file: the other page of the publication is needed", path=other.path),
                Position(given.path, 1, 1),
            )
        pages[other.kind] = other
    elif options.beside is not None:
        for kind, path in companions(options.beside, given.kind, given.soup).items():
            if kind == "grid" and ({"crosstable", "score"} & pages.keys()):
                continue  # the games are read from a crosstable: the grid is not needed
            pages.setdefault(kind, _page(_read(path), printable_path(path)))
    return pages


def _dates(page: _Page) -> tuple[EventDates | None, str | None, Position | None]:
    """The dates the page's heading prints (``21/04/2026 - 26/05/2026``: the first day read with
    the last one, which decides a day-first or month-first reading when it can), as printed, and
    where."""
    for heading in page.soup.find_all(["h5", "h4", "h3"]):
        m = _DATES.search(tag_text(heading))
        if m:
            return resolve(m.group(1), m.group(2), []), m.group(1), tag_position(page.path, heading)
    return None, None, None


def parse(data: bytes, name: str, options: ReadOptions) -> Event:
    """The event of Vega's pages: the games of its crosstable, the ranks and printed values of its
    standings (either page given, the other beside it or given as the declared ranks), or both from
    its crosstable by score.

    :raises InputError: for a page that is none of them, standings without their games, or a row
        or cell that cannot be read (at its line and column).
    """
    given = _page(data, name)
    pages = _publication(given, options)
    games = pages.get("crosstable") or pages.get("score") or pages.get("grid")
    if games is None:
        raise InputError(
            msg(
                "this is Vega's standings page: the games it ranks are on the crosstable page of the same "
                "publication (crosstable.html), not found beside it; give both pages (the crosstable, with "
                "the standings beside it or as {field})",
                field=Field.DECLARED_RANKS,
            ),
            Position(name, 1, 1),
        )
    players = [_player(row, games) for row in games.rows]
    if games.kind in ("score", "grid"):  # rows in rank order: the event's players in start-number order
        order = sorted(range(len(players)), key=lambda i: players[i].start_number)
        games.rows = [games.rows[i] for i in order]
        players = [players[i] for i in order]
    seen: dict[int, int] = {}
    for k, p in enumerate(players):
        if p.start_number in seen:
            raise InputError(msg("start number {player} appears on two rows", player=p.start_number), tag_position(games.path, games.rows[k].tr))
        seen[p.start_number] = k
    ct = _grid_games(games, players) if games.kind == "grid" else _games(games, players)
    ranked = pages.get("standings") or pages.get("score") or pages.get("grid")
    declared: _Declared | None = None
    if ranked is None:
        ct.warnings.append(
            Diagnostic(
                "vega-no-standings",
                msg(
                    "Vega prints the ranks and the tie-break values on its standings page (standings.html), not "
                    "found beside this crosstable nor given with it: the games are read, no rank is compared"
                ),
                Position(name, 1, 1),
            )
        )
    else:
        legend = next((found for p in (ranked, pages.get("standings")) if p is not None and (found := _legend(p.soup))), [])
        declared = _declared(ranked, legend)
        ct.warnings.extend(declared.warnings)
        unknown = [sno for sno in declared.rows if sno not in seen]
        if unknown:
            raise InputError(
                msg("the standings rank start number {player}, who is not on the crosstable", player=unknown[0]),
                declared.rows[unknown[0]],
            )
        ct.players = [dataclasses.replace(p, rank=declared.ranks.get(p.start_number)) for p in ct.players]
    if ranked is not None and ranked.after is not None and ranked is not games and ranked.after != int(ct.kind.shape[1]):
        ct = _cut(ct, ranked, int(ct.kind.shape[1]))
    scoring = _scoring(ct)
    if scoring != Scoring():
        ct.warnings.append(
            Diagnostic(
                "vega-scoring",
                msg(
                    "the points column counts {win} points for a win and {draw} for a draw, for every player: "
                    "the page is read so",
                    win=scoring.win, draw=scoring.draw,
                ),
                Position(games.path, 1, 1),
            )
        )  # fmt: skip
    title_tag = games.soup.find("title")
    title = tag_text(title_tag) if isinstance(title_tag, Tag) and tag_text(title_tag) else os.path.basename(name)
    check_length(title, MAX_TEXT_CHARS, msg("the page's title"), Position(games.path, 1, 1))
    dates, date_text, date_at = _dates(games)
    listed = tuple(declared.items) if declared is not None else ()
    t = assemble(
        ct,
        games.path,
        kind=options.kind,
        name=title,
        tiebreak_list=listed or None,
        publisher=PROGRAM,
        scoring=scoring,
        start_date=dates.start if dates else None,
        end_date=dates.end if dates else None,
        start_date_text=date_text,
        start_date_position=date_at,
    )
    if dates is not None:
        t.start_date_readings = dates.start_readings
    if games.kind == "grid" and options.kind is None:
        t.kind_of_event, t.kind_source = TournamentKind.ROUND_ROBIN, KindSource.FILE
    if declared is not None:
        t.printed_values = {
            item: tuple(column.get(p.start_number) for p in t.players)
            for item in declared.items
            if (column := declared.values[item]) is not None
            and not (games.kind == "grid" and placed_by_the_tables(item.split("/")[0]))
        }
    return t
