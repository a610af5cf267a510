"""Standings as an arbiter posts them: a print-ready HTML page, the same page as PDF, a spreadsheet.

Everything here renders a :class:`~spareggio.standings.Standings` (or a comparison) that the library
computed; no value is computed again.  The page heads with the tournament, the rule set and why,
any assumption the rule set rests on, and the tie-break list spelled out in words; the table has
the columns an arbiter posts.  Print CSS lays it out on A4 (landscape when the tie-breaks are many)
with the table header repeated on every page and page numbers.  The PDF is that page printed by
WeasyPrint; the XLSX keeps numbers as numbers.  English and Italian (decimal comma, ½ for points).
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import gc
import io
import logging
import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from fractions import Fraction
from html import escape
from typing import TYPE_CHECKING

from ..__about__ import __version__
from ..base import numbers
from ..base.errors import ArgumentError, check_language, os_reason
from ..base.i18n import SOURCE, Text, localize, msg, ntext, warning_body
from ..comparison import Comparison
from ..core.model import Column
from ..rules import RuleSet
from ..standings import StandingRow, Standings

if TYPE_CHECKING:  # openpyxl is imported where a workbook is written (an XLSX asked for)
    from openpyxl import Workbook
from ..lazy import module
from ..tiebreaks import TiebreakSpec, definition
from .formats import RenderOptions, renderer
from .output import declared_rank_differs, localized_number, shown_decimals, title_abbreviation

__all__ = [
    "PRINTER",
    "compare_html",
    "describe_rules",
    "describe_tiebreak",
    "html_to_pdf",
    "localized_number",
    "notes_sheet",
    "print_pdf",
    "standings_html",
    "standings_xlsx",
]


_HEAD = {
    key: Text(english, f"publish.{key}")
    for key, english in {
        "rk": "Rk",
        "shared": "Shared",
        "sno": "No.",
        "title": "Title",
        "name": "Name",
        "fed": "Fed",
        "rating": "Rating",
        "points": "Pts",
        "declared": "Declared",
    }.items()
}
"""The column headings of the print-ready pages and the spreadsheet, by column."""


def _check_lang(lang: str) -> str:
    return check_language(lang)


def describe_tiebreak(label: str, spec: TiebreakSpec, lang: str = SOURCE) -> str:
    """A tie-break of the list in words: its name, then what its modifiers do."""
    lang = _check_lang(lang)
    d = definition(spec.code)
    name = localize(Text(d.name, "tiebreak"), lang)
    parts = []

    if spec.cut_low and spec.cut_high and spec.cut_low == spec.cut_high:
        parts.append(
            localize(
                ntext(
                    "Median 1: the highest and the lowest value left out",
                    "Median {n}: the {n} highest and the {n} lowest values left out",
                    spec.cut_low,
                    "publish.median",
                ),
                lang,
            )
        )
    else:
        if spec.cut_low:
            parts.append(
                localize(
                    ntext(
                        "Cut 1: the lowest value left out",
                        "Cut {n}: the {n} lowest values left out",
                        spec.cut_low,
                        "publish.cut",
                    ),
                    lang,
                )
            )
        if spec.cut_high:
            parts.append(
                localize(
                    ntext(
                        "the highest value left out",
                        "the {n} highest values left out",
                        spec.cut_high,
                        "publish.cut_high",
                    ),
                    lang,
                )
            )
    if spec.forfeits_played:
        parts.append(localize(Text("forfeits counted as games played", "publish.forfeits"), lang))
    if spec.fore and spec.code != "FB":
        parts.append(localize(Text("with Fore Buchholz", "publish.fore"), lang))
    if spec.reverse:
        parts.append(localize(Text("lower is better", "publish.reverse"), lang))
    limit = getattr(spec, "limit", None)
    if limit is not None:
        parts.append(
            localize(Text("limit {limit}", "publish.limit", limit=localized_number(limit, lang)), lang)
        )
    unrated = getattr(spec, "unrated_rating", None)
    if unrated is not None:
        parts.append(
            localize(Text("unrated players counted as {rating}", "publish.unrated", rating=unrated), lang)
        )
    return f"{label}: {name} ({d.article})" + (f" — {'; '.join(parts)}" if parts else "")


_CSS = """
body { font-family: "DejaVu Sans", Arial, Helvetica, sans-serif; font-size: 10pt; color: #111; margin: 1.5em; }
h1 { font-size: 15pt; margin: 0 0 .2em; }
p.meta { margin: .15em 0; color: #333; }
p.warning { border: 2px solid #a40000; background: #fff2f2; padding: .4em .6em; color: #600; }
ol.tiebreaks { margin: .3em 0 .8em 1.2em; padding: 0; }
table { border-collapse: collapse; width: 100%; }
thead { display: table-header-group; }
tr { page-break-inside: avoid; }
th, td { border-bottom: 1px solid #bbb; padding: .15em .4em; text-align: right; white-space: nowrap; }
th { background: #e8e8e8; border-bottom: 2px solid #555; }
th.text, td.text { text-align: left; white-space: normal; }
th.rules { white-space: normal; }
table.compare { width: auto; min-width: 60%; margin-bottom: .6em; }
dl.rules { font-size: 8.5pt; margin: .3em 0 .8em; }
dl.rules dt { font-weight: bold; float: left; clear: left; margin-right: .6em; }
dl.rules dd { margin: 0 0 .1em 0; }
th[scope="row"] { background: none; border-bottom: 1px solid #bbb; font-weight: normal; }
tr.changed td { background: #fff3c4; }
td.differs { font-weight: bold; color: #a40000; }
p.foot { font-size: 8pt; color: #555; margin-top: 1em; }
@media print { body { margin: 0; } }
"""


def _page_css(landscape: bool, lang: str) -> str:
    size = "A4 landscape" if landscape else "A4 portrait"
    page, of = localize(Text("Page", "publish.page"), lang), localize(Text("of", "publish.of"), lang)
    return (
        f"@page {{ size: {size}; margin: 12mm 10mm 14mm;"
        f' @bottom-center {{ content: "{page} " counter(page) " {of} " counter(pages); font-size: 8pt; }} }}'
        + _CSS
    )


def _document(title: str, body: str, lang: str, landscape: bool) -> str:
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n<style>{_page_css(landscape, lang)}</style>\n</head>\n"
        f"<body>\n{body}\n</body>\n</html>\n"
    )


def _title(s: Standings) -> str:
    t = s.tournament
    return t.name or (os.path.basename(t.source) if t.source else "tournament")


def _event_lines(s: Standings, lang: str) -> list[str]:
    t = s.tournament
    bits = [b for b in (t.city, t.federation) if b]
    dates = numbers.date_range(t.start_date, t.end_date, lang)
    if dates:
        bits.append(dates)
    bits.append(localize(Text("{n} players", "publish.players", n=t.n_players), lang))
    bits.append(localize(Text("{n} rounds", "publish.rounds", n=t.rounds), lang))
    lines = [" · ".join(bits)]
    chief, deputy = (t.headers.get(code, "").strip() for code in ("102", "112"))
    arbiters = [
        localize(Text(template, "crosstable", name=name), lang)
        for template, name in (("Chief arbiter: {name}", chief), ("Deputy arbiter: {name}", deputy))
        if name
    ]
    if arbiters:
        lines.append(" · ".join(arbiters))
    return lines


def _footer(lang: str) -> str:
    return f'<p class="foot">{escape(localize(Text("Computed by spareggio {version} on {date}.", "publish.produced", version=__version__, date=numbers.date(_dt.date.today(), lang)), lang))}</p>'


def standings_html(s: Standings, lang: str = SOURCE) -> str:
    """The standings as a standalone, print-ready page."""
    lang = _check_lang(lang)
    t = s.tournament
    title = _title(s)
    which = (
        localize(Text("Final standings", "publish.final"), lang)
        if s.after_round == t.rounds and t.pending_round is None
        else ""
    )
    which = which or localize(
        Text("Standings after round {round}", "publish.standings", round=s.after_round), lang
    )
    head = [f"<h1>{escape(title)}</h1>", f'<p class="meta">{escape(which)}</p>']
    head += [f'<p class="meta">{escape(line)}</p>' for line in _event_lines(s, lang)]
    head.append(
        f'<p class="meta">{escape(localize(Text("Rule set for unplayed rounds: {rules} ({reason}).", "publish.rules", rules=s.rules.label, reason=localize(s.rules_reason, lang)), lang))}</p>'
    )
    if s.rules_warning:
        text = warning_body(s.rules_warning, lang)
        head.append(
            f'<p class="warning"><strong>{escape(localize(Text("Warning", "publish.warning"), lang))}:</strong> {escape(text)}</p>'
        )
    for note in [*s.frame_notes(), *s.decision_notes()]:
        head.append(f'<p class="warning">{escape(localize(note, lang))}</p>')
    head.append(f"<h2>{escape(localize(Text('Tie-breaks, in order', 'publish.tiebreaks'), lang))}</h2>")
    if s.labels:
        items = "".join(
            f"<li>{escape(describe_tiebreak(label, spec, lang))}</li>"
            for label, spec in zip(s.labels, s.specs, strict=True)
        )
        head.append(f'<ol class="tiebreaks">{items}</ol>')
    else:
        head.append(
            f"<p>{escape(localize(Text('none: players level on points share the place', 'publish.none'), lang))}</p>"
        )

    rows = s.rows
    declared = any(declared_rank_differs(row) for row in rows)
    columns = s.columns()
    heads = {Column.TITLE: "title", Column.NAME: "name", Column.FEDERATION: "fed", Column.RATING: "rating",
             Column.POINTS: "points"}  # fmt: skip
    texts = (Column.TITLE, Column.NAME, Column.FEDERATION)
    cols = [("rk", ""), ("sno", ""), *((heads[c], "text" if c in texts else "") for c in columns if c in heads)]
    header = "".join(
        f'<th scope="col" class="{c}">{escape(localize(_HEAD[key], lang))}</th>' for key, c in cols
    )
    if Column.SCORES in columns and rows:  # a team's match and game points, the primary score first
        header += "".join(f'<th scope="col">{name}</th>' for name, _v in s.scores(rows[0]))
    header += "".join(f'<th scope="col">{escape(label)}</th>' for label in s.labels)
    if declared:
        header += f'<th scope="col">{escape(localize(Text("Declared", "publish.declared"), lang))}</th>'
    body = []
    places = shown_decimals(s)

    def cells_of(row: StandingRow, column: Column) -> list[str]:
        p = row.player
        if column is Column.SCORES:
            return [f"<td>{escape(localized_number(v, lang, points=True))}</td>" for _n, v in s.scores(row)]
        return [{
            Column.TITLE: f'<td class="text">{escape(title_abbreviation(p.title))}</td>',
            Column.NAME: f'<th scope="row" class="text">{escape(p.name)}</th>',
            Column.FEDERATION: f'<td class="text">{escape(p.federation)}</td>',
            Column.RATING: f"<td>{p.rating or ''}</td>",
            Column.POINTS: f"<td>{escape(localized_number(row.points, lang, points=True))}</td>",
        }[column]]  # fmt: skip

    for row in rows:
        p = row.player
        cells = [
            f"<td>{escape(row.place)}</td>",
            f"<td>{p.start_number}</td>",
            *(cell for c in columns for cell in cells_of(row, c)),
        ]
        cells += [
            f"<td>{escape(localized_number(row.values[label], lang, decimals=places[label]))}</td>"
            for label in s.labels
        ]
        if declared:
            cells.append(f'<td class="differs">{p.rank if declared_rank_differs(row) else ""}</td>')
        body.append("<tr>" + "".join(cells) + "</tr>")
    table = f"<table>\n<thead><tr>{header}</tr></thead>\n<tbody>\n" + "\n".join(body) + "\n</tbody>\n</table>"
    parts = [*head, table]
    if declared:
        parts.append(
            f'<p class="foot">{escape(localize(Text("Declared: the rank the file declares, where it differs from the computed place.", "publish.declared_note"), lang))}</p>'
        )
    parts.append(_footer(lang))
    return _document(f"{title} – {which}", "\n".join(parts), lang, landscape=len(s.labels) > 4)


def compare_html(c: Comparison, lang: str = SOURCE) -> str:
    """A comparison across rule sets as a standalone, print-ready page."""
    lang = _check_lang(lang)
    title = c.tournament.name or "tournament"
    head = [
        f"<h1>{escape(title)}</h1>",
        f'<p class="meta">{escape(localize(Text("The same standings under {n} rule sets", "publish.compare", n=len(c.rules)), lang))}</p>',
        f'<p class="meta">{escape(localize(Text("Rows where a place or a value changes between rule sets are highlighted.", "publish.compare_note"), lang))}</p>',
        f"<h2>{escape(localize(Text('Tie-breaks, in order', 'publish.tiebreaks'), lang))}</h2>",
    ]
    first = c.standings[c.rules[0]]
    items = "".join(
        f"<li>{escape(describe_tiebreak(label, spec, lang))}</li>"
        for label, spec in zip(first.labels, first.specs, strict=True)
    )
    head.append(f'<ol class="tiebreaks">{items}</ol>')
    # a table no wider than A4 landscape: the places under each rule set, then one table per
    # tie-break with its value under each rule set; at most COMPARE_COLUMNS rule sets a table
    tables = []
    for part in range(0, len(c.rules), COMPARE_COLUMNS):
        names = c.rules[part : part + COMPARE_COLUMNS]
        tables.append(_compare_block(c, names, None, lang))
        for label in c.labels:
            tables.append(_compare_block(c, names, label, lang))
    table = "\n".join(tables)
    legend = "".join(
        f"<dt>{escape(n)}</dt><dd>{escape(describe_rules(c.standings[n].rules, lang))}</dd>" for n in c.rules
    )
    head.append(f'<dl class="rules">{legend}</dl>')
    summary = "".join(f"<li>{escape(localize(line, lang))}</li>" for line in c.summary if line.strip())
    parts = [*head, table, f"<ul>{summary}</ul>" if summary else "", _footer(lang)]
    return _document(title, "\n".join(parts), lang, landscape=True)


COMPARE_COLUMNS = 8
"""Rule sets side by side in one table of the printed comparison (A4 landscape holds them)."""


def _breakable(name: str) -> str:
    """A rule set's name that may wrap after ``:`` and ``,`` (a variant's options), never inside a word."""
    return escape(name).replace(":", ":<wbr>").replace(",", ",<wbr>")


def _compare_block(c: Comparison, names: Sequence[str], label: str | None, lang: str) -> str:
    """One table of the printed comparison: the places (``label`` None) or one tie-break's values
    under each of ``names``; rows where they differ highlighted."""
    title = localize(Text("Place under each rule set", "publish.places"), lang) if label is None else label
    sno, name, pts = (localize(_HEAD[k], lang) for k in ("sno", "name", "points"))
    header = (
        f'<th scope="col">{escape(sno)}</th><th scope="col" class="text">{escape(name)}</th>'
        f'<th scope="col">{escape(pts)}</th>'
        + "".join(f'<th scope="col" class="rules">{_breakable(n)}</th>' for n in names)
    )
    body = []
    for r in c.rows:
        if label is None:
            cells = [r.places[n] for n in names]
            differs = len({r.ranks[n] for n in c.rules}) > 1
        else:
            cells = [localized_number(r.values[n][label], lang) for n in names]
            differs = len({r.values[n][label] for n in c.rules}) > 1
        cls = ' class="changed"' if differs else ""
        body.append(
            f"<tr{cls}><td>{r.start_number}</td><th scope=\"row\" class=\"text\">{escape(r.name)}</th>"
            f"<td>{escape(localized_number(r.points, lang, points=True))}</td>"
            + "".join(f"<td>{escape(v)}</td>" for v in cells)
            + "</tr>"
        )
    return (
        f"<h2>{escape(title)}</h2>\n<table class=\"compare\">\n<thead><tr>{header}</tr></thead>\n<tbody>\n"
        + "\n".join(body)
        + "\n</tbody>\n</table>"
    )


def describe_rules(rules: RuleSet, lang: str = SOURCE) -> str:
    """A rule set in words: its title, and for a variant (``fide-2024:vur=score``) each option that
    differs from the default with its value."""
    words = localize(Text(rules.title, "ruleset.title"), lang)
    changed = [
        f"{localize(Text(o.description, 'ruleset.option'), lang)} = {rules.settings[o.key]}"
        for o in rules.options
        if rules.settings[o.key] != o.default
    ]
    return words + (" — " + "; ".join(changed) if changed else "")


PRINTER: ContextVar[Callable[[str], bytes] | None] = ContextVar("spareggio_pdf_printer", default=None)
"""How a page becomes PDF where a renderer asks for one: None prints here (:func:`html_to_pdf`); the
web server sets a printer that runs WeasyPrint in a process of its own while it renders, so that a
long PDF never holds the processor its other requests need."""


def print_pdf(html: str) -> bytes:
    """``html`` printed to PDF by the printer in force (:data:`PRINTER`), else here."""
    printer = PRINTER.get()
    return printer(html) if printer is not None else html_to_pdf(html)


def html_to_pdf(html: str) -> bytes:
    """The page printed to PDF by WeasyPrint (its print CSS: A4, repeated headers, page numbers)."""
    try:
        # without its libraries WeasyPrint prints a banner on standard output before it raises: the
        # one-line error below says it instead, and standard output stays the program's own
        with contextlib.redirect_stdout(io.StringIO()):
            weasyprint = module("pdf")
    except ImportError:  # pragma: no cover - weasyprint is a dependency
        raise ArgumentError(msg("PDF output needs WeasyPrint: python3 -m pip install weasyprint")) from None
    except OSError:  # WeasyPrint is installed, the system libraries it loads (Pango, HarfBuzz) are not
        raise ArgumentError(
            msg(
                "PDF output needs the Pango and HarfBuzz libraries, which WeasyPrint could not load; on "
                "Debian or Ubuntu: apt-get install libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 "
                "(other systems: WeasyPrint's installation guide)"
            )
        ) from None
    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    pdf: bytes = weasyprint.HTML(string=html).write_pdf()
    return pdf


def _number(value: Fraction | None) -> int | float | None:
    if value is None:
        return None
    return int(value) if value.denominator == 1 else float(value)


def _sheet_text(value: object) -> object:
    """A cell's value: a text without the characters a workbook cannot hold (control characters, NUL,
    ESC ...: each becomes U+FFFD), any other value as it is.  The readers clean their text fields
    already; this is for every workbook (the crosstable's, the prizes') what the standings' does."""
    if not isinstance(value, str) or value.isprintable():
        return value
    return "".join("\ufffd" if (ord(c) < 32 and c not in "\t\n\r") else c for c in value)


def standings_xlsx(s: Standings, lang: str = SOURCE) -> bytes:
    """The standings as an XLSX workbook: one sheet, a header row, numbers as numbers, text as text
    (never a formula), shared places as the first place plus a ``shared`` column."""
    Workbook = module("xlsx").Workbook  # openpyxl, loaded when a workbook is written
    Font = module("xlsx.styles").Font

    lang = _check_lang(lang)
    wb = Workbook()
    ws = wb.active
    ws.title = localize(Text("Standings", None), lang)[:31]
    columns = s.columns()
    heads = {Column.TITLE: "title", Column.NAME: "name", Column.FEDERATION: "fed", Column.RATING: "rating",
             Column.POINTS: "points"}  # fmt: skip
    keys = ["rk", "shared", "sno", *(heads[c] for c in columns if c in heads)]
    scores = [name for name, _v in s.scores(s.rows[0])] if Column.SCORES in columns and s.rows else []
    header = (
        [localize(_HEAD[k], lang) for k in keys]
        + scores
        + list(s.labels)
        + [localize(Text("Declared", "publish.declared"), lang)]
    )
    ws.append(header)
    for cell in ws[1]:
        cell.font = Font(bold=True)
    for row in s.rows:
        p = row.player
        shown: dict[Column, Sequence[object]] = {
            Column.TITLE: [title_abbreviation(p.title) or None], Column.NAME: [p.name], Column.FEDERATION: [p.federation or None],
            Column.RATING: [p.rating], Column.POINTS: [_number(row.points)],
            Column.SCORES: [_number(v) for _n, v in s.scores(row)],  # numbers, the primary score first
        }  # fmt: skip
        values: Sequence[object] = [
            row.rank,
            row.place if row.shared or row.excluded else None,
            p.start_number,
            *(v for c in columns for v in shown[c]),
            *(_number(row.values[label]) for label in s.labels),
            p.rank,
        ]
        ws.append([_sheet_text(v) for v in values])
        for cell in ws[ws.max_row]:
            if isinstance(cell.value, str):
                cell.data_type = "s"  # text from the file stays text, even when it starts with '='
    ws.freeze_panes = "A2"
    for letter, width in zip("ABCDEFGH", (5, 7, 6, 5, 30, 5, 7, 7), strict=True):
        ws.column_dimensions[letter].width = width
    notes_sheet(wb, s, lang)
    return workbook_bytes(wb)


def _quiet(_: object) -> None:
    """An unraisable exception not reported (see :func:`workbook_bytes`)."""


def workbook_bytes(wb: Workbook) -> bytes:
    """The XLSX file of a workbook.  openpyxl writes each sheet through a temporary file first: when
    that fails (a full disk, a file size limit) the error names the folder, and the sheet writers it
    leaves half-way are closed quietly (they would print "Exception ignored" with a traceback).

    :raises ArgumentError: when the temporary files cannot be written.
    """
    buf = io.BytesIO()
    hook = sys.unraisablehook
    reason: str | None = None
    try:
        wb.save(buf)
    except OSError as exc:
        sys.unraisablehook = _quiet
        reason = os_reason(exc)
    if reason is None:
        return buf.getvalue()
    try:
        gc.collect()
    finally:
        sys.unraisablehook = hook
    raise ArgumentError(
        msg(
            "cannot make the spreadsheet: its temporary files in {folder} cannot be written ({reason})",
            folder=tempfile.gettempdir(),
            reason=reason,
        )
    )


def notes_sheet(wb: Workbook, s: Standings, lang: str) -> None:
    """A sheet "Notes" after the table when decisions placed players: the places each decided and
    the excluded players (rank 0 in the table), as the other outputs say them."""
    notes = s.decision_notes()
    if not notes:
        return
    sheet = wb.create_sheet(localize(Text("Notes", "crosstable"), lang)[:31])
    for note in notes:
        sheet.append([_sheet_text(localize(note, lang))])
        sheet.cell(sheet.max_row, 1).data_type = "s"  # text, never a formula
    sheet.column_dimensions["A"].width = 100


@renderer(Standings, "html")
def _standings_html(s: Standings, options: RenderOptions) -> str:
    return standings_html(s, options.lang)


@renderer(Standings, "pdf")
def _standings_pdf(s: Standings, options: RenderOptions) -> bytes:
    return print_pdf(standings_html(s, options.lang))


@renderer(Standings, "xlsx")
def _standings_xlsx(s: Standings, options: RenderOptions) -> bytes:
    return standings_xlsx(s, options.lang)


@renderer(Comparison, "html")
def _compare_html(c: Comparison, options: RenderOptions) -> str:
    return compare_html(c, options.lang)


@renderer(Comparison, "pdf")
def _compare_pdf(c: Comparison, options: RenderOptions) -> bytes:
    return print_pdf(compare_html(c, options.lang))
