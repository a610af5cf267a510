"""A crosstable written out: a text table for the terminal, a print-ready HTML page (A4 landscape,
the header row repeated on every page, pages numbered), the same page as PDF, and an XLSX sheet with
numbers as numbers.  Each renders a :class:`~spareggio.render.crosstable.Crosstable`; nothing here
computes a value.  The five are registered in :mod:`spareggio.render.formats` (``table``, ``html``,
``pdf``, ``xlsx``, and ``json`` for programs: the cells with their meaning, the points and values as
numbers); a crosstable asked in another language than it was built in is built again in it.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
from fractions import Fraction
from html import escape

from ..__about__ import __version__
from ..base import numbers
from ..base.i18n import Text, localize, warning_body
from ..base.jsontypes import JsonObject, JsonValue
from ..lazy import module
from .crosstable import Crosstable, build_crosstable
from .formats import RenderOptions, renderer
from .publish import _sheet_text, describe_tiebreak, notes_sheet, print_pdf, workbook_bytes

__all__ = [
    "CROSSTABLE_SCHEMA",
    "crosstable_html",
    "crosstable_json",
    "crosstable_pdf",
    "crosstable_text",
    "crosstable_xlsx",
    "event_lines",
]

CROSSTABLE_SCHEMA = 1
"""The version of the crosstable's JSON document."""

NAME_WIDTH = 40
"""The text table pads names to the longest up to this width; a longer name overflows its column
rather than widening every line."""


def _heads(x: Crosstable) -> list[str]:
    lang = x.lang
    return [
        localize(Text("Rk", "crosstable"), lang),
        localize(Text("No.", "crosstable"), lang),
        localize(Text("Title", "crosstable"), lang),
        localize(Text("Name", "crosstable"), lang),
        localize(Text("Fed", "crosstable"), lang),
        localize(Text("Rating", "crosstable"), lang),
    ]


def _points_head(lang: str) -> str:
    return localize(Text("Pts", "crosstable"), lang)


def event_lines(x: Crosstable) -> list[str]:
    """The lines under the event's name: place and dates, arbiters (records 102 and 112), size."""
    s = x.standings
    t = s.tournament
    lang = x.lang
    first = [b for b in (t.city, t.federation, numbers.date_range(t.start_date, t.end_date, lang)) if b]
    lines = [" · ".join(first)] if first else []
    arbiters = []
    chief = t.headers.get("102", "").strip()
    deputy = t.headers.get("112", "").strip()
    if chief:
        arbiters.append(localize(Text("Chief arbiter: {name}", "crosstable", name=chief), lang))
    if deputy:
        arbiters.append(localize(Text("Deputy arbiter: {name}", "crosstable", name=deputy), lang))
    if arbiters:
        lines.append(" · ".join(arbiters))
    lines.append(
        localize(
            Text(
                "Rule set: {rules} ({reason})",
                "crosstable",
                rules=s.rules.label,
                reason=localize(s.rules_reason, lang),
            ),
            lang,
        )
    )
    return lines


def crosstable_text(x: Crosstable) -> str:
    """The crosstable as a plain-text table (what ``spareggio crosstable FILE`` prints)."""
    lang = x.lang
    heads = [*_heads(x), *x.columns, _points_head(lang), *x.labels]
    lines_in = [
        [r.place, str(r.start_number), r.title, r.name, r.federation, str(r.rating or ""),
         *(c.text for c in r.cells), r.points, *r.values]
        for r in x.rows
    ]  # fmt: skip
    left = {2, 3, 4}
    widths = [len(h) for h in heads]
    for cells in lines_in:
        for k, cell in enumerate(cells):
            widths[k] = max(widths[k], len(cell) if k != 3 else min(len(cell), NAME_WIDTH))

    def line(cells: list[str]) -> str:
        out = [c.ljust(widths[k]) if k in left else c.rjust(widths[k]) for k, c in enumerate(cells)]
        return "  ".join(out).rstrip()

    s = x.standings
    top = [s.tournament.name or "", x.title, *event_lines(x)]
    if s.rules_warning:
        top.append(localize(Text("Warning", "crosstable"), lang) + ": " + warning_body(s.rules_warning, lang))
    top += [localize(note, lang) for note in s.decision_notes()]  # playoffs, lots, excluded players
    body = [line(heads), line(["-" * w for w in widths]), *(line(c) for c in lines_in)]
    return "\n".join([*(t for t in top if t), "", *body, "", x.key]) + "\n"


_CSS = """
body { font-family: "DejaVu Sans", Arial, Helvetica, sans-serif; color: #111; margin: 1.2em; }
h1 { font-size: 14pt; margin: 0 0 .2em; }
p.meta { margin: .1em 0; color: #333; font-size: 9pt; }
p.warning { border: 2px solid #a40000; background: #fff2f2; padding: .3em .5em; color: #600; font-size: 9pt; }
ol.tiebreaks { margin: .2em 0 .6em 1.2em; padding: 0; font-size: 9pt; }
table.crosstable { border-collapse: collapse; }
thead { display: table-header-group; }
tr { page-break-inside: avoid; break-inside: avoid; }
th, td { border: 1px solid #bbb; padding: .1em .3em; text-align: right; white-space: nowrap; }
thead th { background: #e4e4e4; border-bottom: 2px solid #555; }
tbody tr:nth-child(even) td, tbody tr:nth-child(even) th { background: #f4f4f4; }
th.text, td.text { text-align: left; }
th[scope="row"] { font-weight: normal; white-space: normal; min-width: 9em; }
td.x { text-align: center; font-family: "DejaVu Sans Mono", monospace; }
td.self { background: #999 !important; color: #fff; }
td.pts { font-weight: bold; }
p.key, p.foot { font-size: 8pt; color: #444; margin-top: .6em; }
"""


def _page_css(x: Crosstable) -> str:
    columns = 8 + len(x.columns) + len(x.labels)
    size = max(5.5, min(10.0, 190.0 / columns))
    page = localize(
        Text("Page {page} of {pages}", "crosstable", page='" counter(page) "', pages='" counter(pages) "'),
        x.lang,
    )
    return (
        f'@page {{ size: A4 landscape; margin: 10mm 8mm 12mm; @bottom-center {{ content: "{page}";'
        f" font-size: 7pt; }} }}\nbody {{ font-size: {size:.1f}pt; }}" + _CSS
    )


def crosstable_html(x: Crosstable) -> str:
    """The crosstable as a standalone page, ready to post or print (A4 landscape)."""
    s = x.standings
    t = s.tournament
    lang = x.lang
    name = t.name or (os.path.basename(t.source) if t.source else "")
    parts = [f"<h1>{escape(name)}</h1>", f'<p class="meta"><strong>{escape(x.title)}</strong></p>']
    parts += [f'<p class="meta">{escape(line)}</p>' for line in event_lines(x)]
    if s.rules_warning:
        parts.append(
            f'<p class="warning"><strong>{escape(localize(Text("Warning", "crosstable"), lang))}:</strong> '
            f"{escape(warning_body(s.rules_warning, lang))}</p>"
        )
    for note in s.frame_notes():
        parts.append(f'<p class="warning">{escape(localize(note, lang))}</p>')
    parts += [f'<p class="meta decision">{escape(localize(note, lang))}</p>' for note in s.decision_notes()]
    if s.labels:
        items = "".join(
            f"<li>{escape(describe_tiebreak(label, spec, lang))}</li>"
            for label, spec in zip(s.labels, s.specs, strict=True)
        )
        parts.append(f'<ol class="tiebreaks">{items}</ol>')
    parts.append(table_html(x))
    parts.append(f'<p class="key">{escape(x.key)}</p>')
    produced = localize(
        Text(
            "Computed by spareggio {version} on {date}.",
            "crosstable",
            version=__version__,
            date=numbers.date(_dt.date.today(), lang),
        ),
        lang,
    )
    parts.append(f'<p class="foot">{escape(produced)}</p>')
    title = f"{name} – {x.title}" if name else x.title
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n<style>{_page_css(x)}</style>\n</head>\n<body>\n"
        + "\n".join(parts)
        + "\n</body>\n</html>\n"
    )


def table_html(x: Crosstable, *, link: str | None = None) -> str:
    """The crosstable's ``<table>`` alone (the web page embeds it); ``link`` is a format with
    ``{sno}`` for the link on each name."""
    lang = x.lang
    rk, no, title, name, fed, rating = (escape(h) for h in _heads(x))
    head = (
        f'<th scope="col" class="num">{rk}</th><th scope="col" class="num">{no}</th>'
        f'<th scope="col" class="text">{title}</th><th scope="col" class="text">{name}</th>'
        f'<th scope="col" class="text">{fed}</th><th scope="col" class="num">{rating}</th>'
        + "".join(f'<th scope="col" class="num">{escape(c)}</th>' for c in x.columns)
        + f'<th scope="col" class="num">{escape(_points_head(lang))}</th>'
        + "".join(f'<th scope="col" class="num">{escape(label)}</th>' for label in x.labels)
    )
    body = []
    for r in x.rows:
        who = escape(r.name)
        if link is not None:
            who = f'<a href="{escape(link.format(sno=r.start_number))}">{who}</a>'
        cells = [
            f'<td class="num">{escape(r.place)}</td>',
            f'<td class="num">{r.start_number}</td>',
            f'<td class="text">{escape(r.title)}</td>',
            f'<th scope="row" class="text name">{who}</th>',
            f'<td class="text">{escape(r.federation)}</td>',
            f'<td class="num">{r.rating or ""}</td>',
        ]
        for c in r.cells:
            cls = "x self" if c.kind is None and c.text == "×" else "x"
            tip = f' title="{escape(c.meaning)}"' if c.meaning else ""
            cells.append(f'<td class="{cls}"{tip}>{escape(c.text)}</td>')
        cells.append(f'<td class="num pts">{escape(r.points)}</td>')
        cells += [f'<td class="num">{escape(v)}</td>' for v in r.values]
        body.append("<tr>" + "".join(cells) + "</tr>")
    kind = "grid" if x.grid else "rounds"
    return (
        f'<table class="crosstable {kind}">\n<thead><tr>{head}</tr></thead>\n<tbody>\n'
        + "\n".join(body)
        + "\n</tbody>\n</table>"
    )


def crosstable_pdf(x: Crosstable) -> bytes:
    """The printable page as PDF (WeasyPrint)."""
    return print_pdf(crosstable_html(x))


def crosstable_xlsx(x: Crosstable) -> bytes:
    """The crosstable as an XLSX sheet: place, number and rating as numbers, the cells as text (the
    arbiters' notation), points and tie-breaks as numbers."""
    Workbook = module("xlsx").Workbook  # openpyxl, loaded when a workbook is written
    Font = module("xlsx.styles").Font

    s = x.standings
    lang = x.lang
    wb = Workbook()
    ws = wb.active
    ws.title = localize(Text("Crosstable", "crosstable"), lang)[:31]
    ws.append([*_heads(x), *x.columns, _points_head(lang), *x.labels])
    for cell in ws[1]:
        cell.font = Font(bold=True)
    for row, r in zip(s.rows, x.rows, strict=True):
        values = [_cell_number(row.values[label]) for label in s.labels]
        ws.append(
            [_sheet_text(v) for v in [row.rank, r.start_number, r.title or None, r.name, r.federation or None, r.rating,
             *(c.text or None for c in r.cells), _cell_number(row.points), *values]]
        )  # fmt: skip
        for cell in ws[ws.max_row]:
            if isinstance(cell.value, str):
                cell.data_type = "s"  # text from the file stays text, even when it starts with '='
    ws.freeze_panes = "E2"
    ws.column_dimensions["D"].width = 28
    notes_sheet(wb, s, lang)
    return workbook_bytes(wb)


def _cell_number(value: object) -> int | float | None:
    if not isinstance(value, Fraction):
        return None
    return int(value) if value.denominator == 1 else float(value)


def _in(x: Crosstable, options: RenderOptions) -> Crosstable:
    return x if x.lang == options.lang else build_crosstable(x.standings, options.lang, grid=x.grid)


@renderer(Crosstable, "table")
def _table(x: Crosstable, options: RenderOptions) -> str:
    return crosstable_text(_in(x, options))


@renderer(Crosstable, "html")
def _html(x: Crosstable, options: RenderOptions) -> str:
    return crosstable_html(_in(x, options))


@renderer(Crosstable, "pdf")
def _pdf(x: Crosstable, options: RenderOptions) -> bytes:
    return crosstable_pdf(_in(x, options))


@renderer(Crosstable, "xlsx")
def _xlsx(x: Crosstable, options: RenderOptions) -> bytes:
    return crosstable_xlsx(_in(x, options))


def crosstable_json(x: Crosstable) -> JsonObject:
    """The crosstable as a JSON document: each row's cells (notation, meaning, result code), its
    points and tie-break values as numbers, read from the standings the crosstable was built from."""
    s = x.standings
    t = s.tournament
    rows: list[JsonValue] = []
    for cross, row in zip(x.rows, s.rows, strict=True):
        rows.append({
            "place": cross.place,
            "rank": row.rank,
            "start_number": cross.start_number,
            "title": cross.title,
            "name": cross.name,
            "federation": cross.federation,
            "rating": cross.rating,
            "cells": [
                {"text": c.text, "meaning": c.meaning, "result": c.kind.name.lower() if c.kind else None}
                for c in cross.cells
            ],
            "points": numbers.json_number(row.points),
            "tiebreaks": {label: numbers.json_number(row.values[label]) for label in s.labels},
        })  # fmt: skip
    return {
        "schema": CROSSTABLE_SCHEMA,
        "tournament": t.name,
        "title": x.title,
        "lang": x.lang,
        "grid": x.grid,
        "after_round": s.after_round,
        "rules": s.rules.label,
        "columns": list(x.columns),
        "tiebreaks": list(x.labels),
        "key": x.key,
        "rows": rows,
    }


@renderer(Crosstable, "json")
def _json(x: Crosstable, options: RenderOptions) -> str:
    return json.dumps(crosstable_json(_in(x, options)), ensure_ascii=False, indent=2) + "\n"
