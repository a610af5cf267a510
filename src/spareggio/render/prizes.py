"""The prize list in every output format (table, CSV, JSON, HTML, PDF, XLSX) and language.

Everything here renders a :class:`~spareggio.prizes.PrizeList` the library computed: who holds each
prize, what each is paid, and the reasons of each award (who was eligible, who was ahead, which
tie-break decided, why the next player did not get it).  Money is written exactly as computed
(``Decimal``, rounded by the prize file's rule), with the language's decimal separator.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from decimal import Decimal
from html import escape

from ..base.errors import check_language
from ..base.i18n import SOURCE, Text, conventions, localize
from ..base.jsontypes import JsonObject
from ..lazy import module
from ..prizes import Award, PrizeList
from .formats import RenderOptions, renderer
from .output import decisions_dict, localized_number, safe_cell
from .publish import _document, _event_lines, _footer, _sheet_text, _title, print_pdf, workbook_bytes

__all__ = [
    "WORDS",
    "prizes_csv",
    "prizes_html",
    "prizes_json",
    "prizes_table",
    "prizes_to_dict",
    "prizes_xlsx",
]

WORDS = {
    "title": "Prize list",
    "category": "Category",
    "place": "Place",
    "sno": "No.",
    "name": "Name",
    "points": "Pts",
    "prize": "Prize",
    "paid": "Paid",
    "shared": "Shared with",
    "why": "Why",
    "totals": "Total per player",
    "none": "not awarded",
    "settings": "Money shared: {sharing}; one prize per player: {one}; awarded: {awarding}",
    "sharing.none": "no (the tie-breaks decide)",
    "sharing.equal": "equally among players level on points",
    "sharing.hort": "Hort system (half by place, half equally among players level on points)",
    "awarding.amount": "the larger prize first",
    "awarding.listed": "in the order of the prize file",
    "yes": "yes",
    "no": "no",
    "rules": "Rules: {rules} ({reason}); tie-breaks: {tiebreaks}",
}
"""The prize list's words (context ``prizes.word``)."""


def _w(lang: str, key: str, **values: object) -> str:
    text = localize(Text(WORDS[key], "prizes.word"), lang)
    return text.format(**values) if values else text


def money_text(value: Decimal, lang: str) -> str:
    """An amount as the language writes it (``31,67`` in Italian and French), exactly."""
    text = format(value, "f")
    return text.replace(".", conventions(lang).decimal)


def _lines(pl: PrizeList, lang: str) -> list[str]:
    s, p = pl.standings, pl.prizes
    lines = [
        _w(lang, "rules", rules=s.rules.label, reason=localize(s.rules_reason, lang),
           tiebreaks=", ".join(s.labels) or "-"),
        _w(lang, "settings", sharing=_w(lang, f"sharing.{p.sharing}"), one=_w(lang, "yes" if p.one_prize_per_player else "no"),
           awarding=_w(lang, f"awarding.{p.awarding}")),
    ]  # fmt: skip
    if s.rules_warning:
        lines.append(localize(s.rules_warning, lang))
    lines.extend(localize(note, lang) for note in s.decision_notes())
    lines.extend(localize(note, lang) for note in pl.notes)
    return lines


def _rows(pl: PrizeList) -> list[tuple[Award, int | None, Decimal | None]]:
    """One row per prize and per player paid out of it (a shared group's players without a place)."""
    out: list[tuple[Award, int | None, Decimal | None]] = []
    for a in pl.awards:
        if a.holder is None:
            out.append((a, None, None))
        else:
            out.append((a, a.holder, a.paid.get(a.holder)))
    return out


def _place(a: Award) -> str:
    return str(a.place) if a.place else a.places


def prizes_table(pl: PrizeList, lang: str = SOURCE) -> str:
    """The prize list as plain text: the table, the reasons of each award, the total per player."""
    lang = check_language(lang)
    s, cur = pl.standings, pl.prizes.currency
    t = s.tournament
    head = [_w(lang, k) for k in ("category", "place", "sno", "name", "points", "prize", "paid")]
    body = []
    for a, i, paid in _rows(pl):
        p = t.players[i] if i is not None else None
        body.append([
            a.category.name, _place(a), str(p.start_number) if p else "", p.name if p else _w(lang, "none"),
            localized_number(pl.points(i), lang, points=True) if i is not None else "",
            money_text(a.amount, lang), money_text(paid, lang) if paid is not None else "",
        ])  # fmt: skip
    widths = [max(len(r[k]) for r in [head, *body]) for k in range(len(head))]
    right = {1, 2, 4, 5, 6}

    def fmt(cells: Sequence[str]) -> str:
        return "  ".join(
            c.rjust(w) if k in right else c.ljust(w)
            for k, (c, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    out = [f"{_title(s)} - {_w(lang, 'title')}" + (f" ({cur})" if cur else ""), *_lines(pl, lang), ""]
    out += [fmt(head), fmt(["-" * w for w in widths]), *(fmt(r) for r in body), "", _w(lang, "why")]
    for a, i, paid in _rows(pl):
        who = f"{t.players[i].start_number} {t.players[i].name}" if i is not None else _w(lang, "none")
        money = f": {money_text(paid, lang)}" if paid is not None else ""
        out.append(f"{a.category.name} {_place(a)} - {who}{money}")
        out.extend(f"  {localize(line, lang)}" for line in a.why)
    out += ["", _w(lang, "totals")]
    out += [
        f"  {t.players[i].start_number:>4} {t.players[i].name}  {money_text(v, lang)}"
        for i, v in pl.payouts.items()
    ]
    return "\n".join(out) + "\n"


def prizes_to_dict(pl: PrizeList) -> JsonObject:
    """The prize list as JSON data (English sentences; money as strings, exact)."""
    s, p = pl.standings, pl.prizes
    t = s.tournament

    def player(i: int | None) -> JsonObject | None:
        if i is None:
            return None
        p = t.players[i]
        return {
            "start_number": p.start_number,
            "name": p.name,
            "place": pl.place(i),
            "points": str(pl.points(i)),
        }

    return {
        "tournament": _title(s),
        "rules": s.rules.label,
        "tiebreaks": list(s.labels),
        "currency": p.currency,
        "sharing": p.sharing,
        "one_prize_per_player": p.one_prize_per_player,
        "awarding": p.awarding,
        "rounding": str(p.rounding),
        "awards": [
            {
                "category": a.category.id,
                "category_name": a.category.name,
                "place": a.place or None,
                "amount": str(a.amount),
                "holder": player(a.holder),
                "paid": None if a.holder is None else str(a.paid.get(a.holder)),
                "shared_with": [t.players[j].start_number for j in a.shared_with],
                "why": [str(line) for line in a.why],
            }
            for a in pl.awards
        ],
        "payouts": [
            {"start_number": t.players[i].start_number, "name": t.players[i].name, "total": str(v)}
            for i, v in pl.payouts.items()
        ],
        "notes": [str(n) for n in pl.notes],
        "decisions": decisions_dict(s),
    }


def prizes_json(pl: PrizeList) -> str:
    return json.dumps(prizes_to_dict(pl), ensure_ascii=False, indent=2) + "\n"


def prizes_csv(pl: PrizeList, lang: str = SOURCE) -> str:
    """One line per prize: category, place, player, points, prize, paid, shared with, the reasons."""
    lang = check_language(lang)
    sep = conventions(lang).csv_separator
    buf = io.StringIO()
    out = csv.writer(buf, delimiter=sep, lineterminator="\r\n")
    out.writerow(
        [
            _w(lang, k)
            for k in ("category", "place", "sno", "name", "points", "prize", "paid", "shared", "why")
        ]
    )
    t = pl.standings.tournament
    for a, i, paid in _rows(pl):
        p = t.players[i] if i is not None else None
        out.writerow([
            safe_cell(a.category.name), a.place or "", p.start_number if p else "", safe_cell(p.name) if p else "",
            localized_number(pl.points(i), lang) if i is not None else "",
            money_text(a.amount, lang), money_text(paid, lang) if paid is not None else "",
            " ".join(str(t.players[j].start_number) for j in a.shared_with),
            safe_cell(" | ".join(localize(line, lang) for line in a.why)),
        ])  # fmt: skip
    return ("\ufeff" if conventions(lang).csv_bom else "") + buf.getvalue()


def prizes_html(pl: PrizeList, lang: str = SOURCE) -> str:
    """The prize list as a standalone page that prints on A4: the table, then every award's reasons."""
    lang = check_language(lang)
    s, cur = pl.standings, pl.prizes.currency
    t = s.tournament
    title = f"{_title(s)} - {_w(lang, 'title')}"
    parts = [
        f"<h1>{escape(_title(s))}</h1>",
        f'<p class="meta">{escape(_w(lang, "title"))}{escape(f" ({cur})" if cur else "")}</p>',
    ]
    parts += [f'<p class="meta">{escape(line)}</p>' for line in _event_lines(s, lang)]
    parts += [f'<p class="meta">{escape(line)}</p>' for line in _lines(pl, lang)[:2]]
    parts += [f'<p class="warning">{escape(line)}</p>' for line in _lines(pl, lang)[2:]]
    keys = ("category", "place", "sno", "name", "points", "prize", "paid")
    text_class = ' class="text"'
    head = "".join(
        f'<th scope="col"{text_class if k in ("category", "name") else ""}>{escape(_w(lang, k))}</th>'
        for k in keys
    )
    rows = []
    for a, i, paid in _rows(pl):
        p = t.players[i] if i is not None else None
        cells = [
            f'<td class="text">{escape(a.category.name)}</td>', f"<td>{escape(_place(a))}</td>",
            f"<td>{p.start_number if p else ''}</td>", f'<td class="text">{escape(p.name if p else _w(lang, "none"))}</td>',
            f"<td>{escape(localized_number(pl.points(i), lang, points=True)) if i is not None else ''}</td>",
            f"<td>{escape(money_text(a.amount, lang))}</td>", f"<td>{escape(money_text(paid, lang)) if paid is not None else ''}</td>",
        ]  # fmt: skip
        rows.append("<tr>" + "".join(cells) + "</tr>")
    parts.append(
        f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n" + "\n".join(rows) + "\n</tbody>\n</table>"
    )
    parts.append(f"<h2>{escape(_w(lang, 'why'))}</h2>")
    for a, i, paid in _rows(pl):
        who = f"{t.players[i].start_number} {t.players[i].name}" if i is not None else _w(lang, "none")
        money = f": {money_text(paid, lang)}" if paid is not None else ""
        items = "".join(f"<li>{escape(localize(line, lang))}</li>" for line in a.why)
        parts.append(
            f'<section class="award"><h3>{escape(f"{a.category.name} {_place(a)} - {who}{money}")}</h3><ul>{items}</ul></section>'
        )
    parts.append(f"<h2>{escape(_w(lang, 'totals'))}</h2>")
    totals = "".join(
        f'<tr><td>{t.players[i].start_number}</td><td class="text">{escape(t.players[i].name)}</td><td>{escape(money_text(v, lang))}</td></tr>'
        for i, v in pl.payouts.items()
    )
    parts.append(f"<table><tbody>{totals}</tbody></table>")
    parts.append(_footer(lang))
    return _document(title, "\n".join(parts), lang, False)


def prizes_xlsx(pl: PrizeList, lang: str = SOURCE) -> bytes:
    """The prize list as a workbook: money and points as numbers, names as text."""
    Workbook = module("xlsx").Workbook  # openpyxl, loaded when a workbook is written
    Font = module("xlsx.styles").Font

    lang = check_language(lang)
    wb = Workbook()
    ws = wb.active
    ws.title = _w(lang, "title")[:31]
    ws.append([_w(lang, k) for k in ("category", "place", "sno", "name", "points", "prize", "paid", "why")])
    for cell in ws[1]:
        cell.font = Font(bold=True)
    t = pl.standings.tournament
    for a, i, paid in _rows(pl):
        p = t.players[i] if i is not None else None
        pts = pl.points(i) if i is not None else None
        ws.append([_sheet_text(v) for v in [
            a.category.name, a.place or None, p.start_number if p else None, p.name if p else None,
            (int(pts) if pts.denominator == 1 else float(pts)) if pts is not None else None,
            a.amount, paid, " | ".join(localize(line, lang) for line in a.why),
        ]])  # fmt: skip
        for cell in ws[ws.max_row]:
            if isinstance(cell.value, str):
                cell.data_type = "s"
    return workbook_bytes(wb)


# --------------------------------------------------------------------------------------------------
# the format registry


@renderer(PrizeList, "table")
def _table(pl: PrizeList, options: RenderOptions) -> str:
    return prizes_table(pl, options.lang)


@renderer(PrizeList, "csv")
def _csv(pl: PrizeList, options: RenderOptions) -> str:
    return prizes_csv(pl, options.csv_locale or options.lang)


@renderer(PrizeList, "json")
def _json(pl: PrizeList, options: RenderOptions) -> str:
    return prizes_json(pl)


@renderer(PrizeList, "html")
def _html(pl: PrizeList, options: RenderOptions) -> str:
    return prizes_html(pl, options.lang)


@renderer(PrizeList, "pdf")
def _pdf(pl: PrizeList, options: RenderOptions) -> bytes:
    return print_pdf(prizes_html(pl, options.lang))


@renderer(PrizeList, "xlsx")
def _xlsx(pl: PrizeList, options: RenderOptions) -> bytes:
    return prizes_xlsx(pl, options.lang)
