"""Vega's web pages written in its three layouts, for the Vega page reader's tests: the crosstable
and the standings of a publication (:func:`pages`), with the markup Vega writes, its unclosed tags
included (a bye's cell in the table layout, the card's first ``div``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from html import escape
from typing import Literal

import spareggio
from spareggio.core.model import Color, ResultKind

Layout = Literal["table", "player-cell", "card"]
LAYOUTS: tuple[Layout, ...] = ("table", "player-cell", "card")

_RESULT = {
    ResultKind.PLAYED_WIN: "1",
    ResultKind.PLAYED_DRAW: "½",
    ResultKind.PLAYED_LOSS: "0",
    ResultKind.FORFEIT_WIN: "1",
    ResultKind.FORFEIT_LOSS: "0",
    ResultKind.DOUBLE_FORFEIT: "0",
    ResultKind.PENDING: "",
}
_BYE = {ResultKind.PAB: " 1", ResultKind.HALF_BYE: " ½ ", ResultKind.ABSENT: " 0 "}
_HEAD = {
    "table": '<!DOCTYPE html><html lang="en"><head> <meta name="Vega" content="Windows"><title>{title}</title>',
    "player-cell": '<!DOCTYPE html>\n<html lang="en"><head>\n<meta charset="UTF-8">\n<meta name="author" content="www.vegachess.com">\n<title>{title}</title>',
    "card": '<!DOCTYPE html>\n<html lang="en"><head>\n<meta charset="UTF-8">\n<meta name="author" content="www.vegachess.com">\n<title>{title}</title>',
}
_MENU = '<ul><li><a href="crosstable.html">Crosstable</a></li><li><a href="{standings}">Standings</a></li></ul>'


def number(value: Fraction | None, decimals: int = 1) -> str:
    """A value as Vega prints it: a decimal point and a fixed number of decimals."""
    return "" if value is None else f"{float(value):.{decimals}f}"


def _player_cells(p: spareggio.Player, layout: Layout) -> list[str]:
    name = escape(p.name)
    if layout == "table":
        return [str(p.start_number), escape(p.title), f' <a href="playercard.html#{p.start_number}">{name}   </a> ',
                str(p.rating or 0), escape(p.federation)]  # fmt: skip
    if layout == "player-cell":
        return [(f'<span class="idn"> {p.start_number} </span><span class="title male"> {escape(p.title)}</span> '
                 f'<a href="playercard.php#{p.start_number}">{name}   </a> '),
                str(p.rating or 0), f'<img src="flag/{p.federation.lower()}.png" alt="{escape(p.federation)}"> {escape(p.federation)}', ""]  # fmt: skip
    title = escape(p.title) or "-"
    # the card's first div is left unclosed, as Vega writes it
    return [(f'<div class="player-container" \n   <div class="left-box2">\n<a href="playercard.html#{p.start_number}"></a>'
            f'\n <div class="player-name-box2">\n<span>{name}</span>\n</div>\n<div class="player-data-box">\n'
            f'<div class="sort-num"> {p.start_number}</div>\n<div class="title-box">\n<div class="title2 male">{title}</div>\n</div>\n'
            f'<div class="rating">{p.rating or 0}</div>\n<div class="fed"> <img src="./flag/{p.federation.lower()}.png" alt="flag"></div>\n'
            "</div>\n</div>\n</div>\n"), ""]  # fmt: skip


def _heads(layout: Layout) -> list[str]:
    if layout == "table":
        return ["ID", "T", "NAME", "Rtg", "Fed"]
    if layout == "player-cell":
        return ["Player", "Rtg", "Fed", "Origin"]
    return ["Player", "Origin"]


def crosstable(t: spareggio.Tournament, layout: Layout, *, title: str = "Vega Open 2026", standings: str = "standings.html") -> str:
    """The crosstable page: a row per player by start number, a cell per round."""
    heads = (["#"] if layout == "card" else []) + _heads(layout) + ["Pts"] + [str(r + 1) for r in range(t.rounds)]
    out = [_HEAD[layout].format(title=escape(title)), "</head><body>", _MENU.format(standings=standings),
           '<div class="table-responsive"><table class="table table-striped">',
           "<thead><tr>" + "".join(f"<th>{h}</th>" for h in heads) + "</tr></thead><tbody>"]  # fmt: skip
    table = t.scoring.points_table()
    for i, p in enumerate(t.players):
        cells = ([f'<span class="idn"> {p.start_number} </span>'] if layout == "card" else []) + _player_cells(p, layout)
        points = Fraction(int(table[t.kind[i].astype(int)].sum()), t.scoring.unit)
        row = "<tr>\n" + "".join(f"<td>{c}</td>" for c in cells) + f'<td class="score"> {number(points)}</td>'
        for r in range(t.rounds):
            kind = ResultKind(int(t.kind[i, r]))
            opp = int(t.opponent[i, r])
            if opp >= 0:
                played = kind not in (ResultKind.FORFEIT_WIN, ResultKind.FORFEIT_LOSS, ResultKind.DOUBLE_FORFEIT)
                box = ("cw" if t.color[i, r] == Color.WHITE else "cb") if played else "cf"
                row += f'<td><div class="res">{_RESULT[kind]}</div><div class="{box}">{t.players[opp].start_number:<4}</div></td>'
            elif kind in _BYE:
                # the table layout leaves a bye's cell unclosed
                end = "" if layout == "table" else "</td>"
                row += f'<td><div class="res">{_BYE[kind]}</div><div class="cf">BYE</div>{end}'
            else:
                row += "<td></td>"
        out.append(row + "</tr>")
    out.append('</tbody></table></div><p><a href="http://www.vegachess.com">Generated by Vega</a></p></body></html>')
    return "\n".join(out)


def standings_page(
    t: spareggio.Tournament,
    legend: Sequence[tuple[str, str]],
    values: Sequence[Mapping[int, Fraction | None]],
    ranks: Mapping[int, int],
    layout: Layout,
    *,
    title: str = "Vega Open 2026",
    decimals: int = 1,
    separator: str = " * ",
) -> str:
    """The standings page: ``values[k]`` is the column headed ``legend[k]``'s acronym, by start
    number; the rows in the order of ``ranks``."""
    heads = ["Pos"] + (["ID"] if layout == "table" else []) + _heads(layout) + ["Pts"] + [a for a, _ in legend]
    out = [_HEAD[layout].format(title=escape(title)), "</head><body>",
           '<div class="table-responsive"><table class="table table-striped">',
           "<thead><tr>" + "".join(f"<th>{h}</th>" for h in heads) + "</tr></thead><tbody>"]  # fmt: skip
    table = t.scoring.points_table()
    by_number = {p.start_number: i for i, p in enumerate(t.players)}
    for sno in sorted(ranks, key=lambda s: ranks[s]):
        i = by_number[sno]
        p = t.players[i]
        points = Fraction(int(table[t.kind[i].astype(int)].sum()), t.scoring.unit)
        cells = [str(ranks[sno])] + ([str(sno)] if layout == "table" else []) + _player_cells(p, layout)
        row = "<tr> " + "".join(f"<td>{c}</td>" for c in cells) + f'<td class="score"> {number(points)}</td>'
        row += "".join(f"<td>   {number(column.get(sno), decimals)} </td>" for column in values)
        out.append(row + "</tr>")
    span = len(heads)
    if layout == "table":  # an item a row of the foot, the rows left unclosed as Vega writes them
        foot = f'<tfoot><tr><td colspan="{span}">Tie Break legend:</tr></td>' + "".join(
            f'<tr><td colspan="{span}">  {a}   :  {escape(n)} </tr></td>\n' for a, n in legend
        )
    else:
        foot = f'<tfoot><tr><td colspan="{span}">Tie Break legend:<br>' + "".join(
            f"     {a}  :  {escape(n)}{separator}<br>\n" for a, n in legend
        ) + "</td></tr>"  # fmt: skip
    out.append(foot + "</tfoot></tbody></table></div><p>Generated by Vega All rights reserved</p></body></html>")
    return "\n".join(out)


def grid_page(rows: Sequence[tuple[int, int, str, str, Sequence[str | None]]], *, head: str = '<meta name="author" content="www.vegachess.com">') -> str:
    """Vega's round-robin grid (``sortedcrosstable``): ``rows`` in rank order, each (rank, start
    number, name, points as printed, the cells against the players of ranks 1 to n, ``None`` for the
    player's own, written ``class=hole``)."""
    n = len(rows)
    heads = "<th>Pos</th><th>#</th><th>NAME</th><th>Pts</th>" + "".join(f"<th> {j} </th>" for j in range(1, n + 1))
    body = "".join(
        f'<tr><td>{rank}</td><td>{sno}</td><td><a href="playercard.php#{sno}">{escape(name)}</a></td>'
        f'<td class="score"> {points}</td>'
        + "".join("<td class=hole> </td>" if c is None else f"<td> {c} </td>" for c in cells)
        + "</tr>"
        for rank, sno, name, points, cells in rows
    )
    return f"<html><head>{head}</head><body><table><thead><tr>{heads}</tr></thead>{body}</table></body></html>"
