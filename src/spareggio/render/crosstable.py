"""The crosstable of ranked standings, as arbiters print it: rows in standings order, then either one
column per round (a Swiss: ``+W19`` won with White against no. 19) or one column per player (a round
robin: the row's result against the column's player, ``1``, ``½``, ``0``, ``+``, ``-``), then the
points and the tie-break columns of the standings.

:func:`build_crosstable` reads the cells from the tournament's players × rounds arrays and the
points and values from the :class:`~spareggio.standings.Standings` the library computed; nothing is
computed again.  The words and numbers are those of the language asked (this is rendering); the
exports (text, HTML page, PDF, XLSX) are in :mod:`spareggio.render.crosstable_export`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..base import numbers
from ..base.classes import dataclass
from ..base.i18n import SOURCE, Text, localize
from ..core.model import Color, ResultKind
from .output import title_abbreviation

if TYPE_CHECKING:
    from ..standings import Standings

__all__ = ["CrossCell", "CrossRow", "Crosstable", "build_crosstable", "cell_notation", "grid_symbol"]

K = ResultKind

_BYES = {
    K.PAB: "PAB",
    K.FULL_BYE: "FPB",
    K.HALF_BYE: "HPB",
    K.ZERO_BYE: "ZPB",
    K.ABSENT: "–",
    K.WITHDRAWN: "–",
}
"""The short names of the rounds without a game (C.07 and the TRF use these in every language)."""

_GRID = {
    K.PLAYED_WIN: "1",
    K.PLAYED_DRAW: "½",
    K.PLAYED_LOSS: "0",
    K.FORFEIT_WIN: "+",
    K.FORFEIT_LOSS: "-",
    K.DOUBLE_FORFEIT: "-",
    K.PENDING: "·",
}
"""A game's result in a round-robin grid, from the row player's side."""


@dataclass(frozen=True)
class CrossCell:
    """One cell: its notation and what it means, both in the crosstable's language."""

    text: str
    meaning: str
    kind: ResultKind | None
    """The result from the row's side; ``None`` for the grid's diagonal and for pairs that never met."""


@dataclass(frozen=True)
class CrossRow:
    """One line of the crosstable: a player (or a team) in standings order."""

    place: str
    start_number: int
    title: str
    name: str
    federation: str
    rating: int | None
    cells: tuple[CrossCell, ...]
    points: str
    values: tuple[str, ...]
    """The tie-break values, in the order of :attr:`Crosstable.labels`."""


@dataclass(frozen=True)
class Crosstable:
    """A crosstable ready to render, in one language."""

    standings: Standings
    lang: str
    grid: bool
    """True for a round robin's player-against-player grid, False for one column per round."""
    columns: tuple[str, ...]
    """The heads of the cell columns: round numbers, or the start numbers of the grid's players."""
    rows: tuple[CrossRow, ...]
    labels: tuple[str, ...]

    @property
    def title(self) -> str:
        """``Crosstable after round 5``, or ``Final crosstable`` when every round is in."""
        s = self.standings
        t = s.tournament
        if s.after_round == t.rounds and t.pending_round is None:
            return localize(Text("Final crosstable", "crosstable"), self.lang)
        return localize(Text("Crosstable after round {round}", "crosstable", round=s.after_round), self.lang)

    @property
    def key(self) -> str:
        """How to read a cell."""
        if self.grid:
            return localize(
                Text(
                    "Each cell is the row's result against the column's player: 1 win, ½ draw, 0 loss, + and - won and lost by forfeit.",
                    "crosstable",
                ),
                self.lang,
            )
        return localize(
            Text(
                "+W19: won with White against no. 19; =B3: drew with Black; -F5: lost by forfeit; PAB, FPB, HPB, ZPB: byes.",
                "crosstable",
            ),
            self.lang,
        )


@functools.lru_cache(maxsize=16)  # a few languages
def _cell_words(lang: str) -> tuple[dict[ResultKind, str], dict[Color, str]]:
    """What each kind of result means and the colour letters, in ``lang``: said once per language,
    not once per cell (the catalogues do not change while the program runs)."""
    meanings = {kind: localize(Text(kind.label, "crosstable"), lang) for kind in ResultKind}
    colours = {
        Color.WHITE: localize(Text("W", "crosstable"), lang),
        Color.BLACK: localize(Text("B", "crosstable"), lang),
    }
    return meanings, colours


def cell_notation(kind: ResultKind, opponent: int | None, color: Color, lang: str) -> CrossCell:
    """A Swiss crosstable's cell (``+W19``, ``=B3``, ``-F5``, ``PAB``) and what it means; the colour
    letters are the language's (Italian ``B``/``N``)."""
    meanings, colours = _cell_words(lang)
    meaning = meanings[kind]
    col = colours.get(color, "")
    sign = {K.PLAYED_WIN: "+", K.PLAYED_DRAW: "=", K.PLAYED_LOSS: "-", K.PENDING: "?"}.get(kind)
    if sign is not None:
        return CrossCell(f"{sign}{col}{opponent}", meaning, kind)
    if kind is K.FORFEIT_WIN:
        return CrossCell(f"+F{opponent}", meaning, kind)
    if kind in (K.FORFEIT_LOSS, K.DOUBLE_FORFEIT):
        return CrossCell(f"-F{opponent}" if opponent is not None else "-F", meaning, kind)
    return CrossCell(_BYES.get(kind, "?"), meaning, kind)


def grid_symbol(kinds: Sequence[ResultKind]) -> str:
    """The results of a pair of players in a round-robin grid, in round order (``1 ½`` when a double
    round robin has them meet twice)."""
    return " ".join(_GRID.get(k, "?") for k in kinds)


def build_crosstable(s: Standings, lang: str = SOURCE, *, grid: bool | None = None) -> Crosstable:
    """The crosstable of ``s`` in ``lang``: a grid for a round robin (or when ``grid`` says so), one
    column per round otherwise; only the rounds the standings count (``after_round``)."""
    t = s.tournament
    grid = t.is_round_robin if grid is None else grid
    rounds = s.after_round
    opponent = t.opponent[:, :rounds]
    kind = t.kind[:, :rounds]
    color = t.color[:, :rounds]
    sno = [p.start_number for p in t.players]
    rows_in = s.rows
    if grid:
        order = [row.index for row in rows_in]
        columns = tuple(str(sno[j]) for j in order)
    else:
        columns = tuple(str(r) for r in range(1, rounds + 1))
    rows = []
    for row in rows_in:
        i = row.index
        if grid:
            met: dict[int, list[ResultKind]] = {}
            for r in range(rounds):
                j = int(opponent[i, r])
                if j >= 0:
                    met.setdefault(j, []).append(K(int(kind[i, r])))
            cells = tuple(_grid_cell(i, j, met.get(j, []), lang) for j in order)
        else:
            cells = tuple(
                cell_notation(
                    K(int(kind[i, r])),
                    sno[int(opponent[i, r])] if opponent[i, r] >= 0 else None,
                    Color(int(color[i, r])),
                    lang,
                )
                for r in range(rounds)
            )
        p = row.player
        rows.append(
            CrossRow(
                place=row.place,
                start_number=p.start_number,
                title=title_abbreviation(p.title),
                name=p.name,
                federation=p.federation,
                rating=p.rating,
                cells=cells,
                points=numbers.points(row.points, lang),
                values=tuple(numbers.value(row.values[label], lang) for label in s.labels),
            )
        )
    return Crosstable(s, lang, grid, columns, tuple(rows), tuple(s.labels))


def _grid_cell(i: int, j: int, kinds: list[ResultKind], lang: str) -> CrossCell:
    if i == j:
        return CrossCell("×", "", None)
    if not kinds:
        return CrossCell("", "", None)
    meanings = _cell_words(lang)[0]
    meaning = "; ".join(meanings[k] for k in kinds)
    return CrossCell(grid_symbol(kinds), meaning, kinds[-1])
