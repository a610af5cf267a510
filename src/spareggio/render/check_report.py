"""The report of ``spareggio check``: a table, JSON (schema 1), CSV or an HTML page, with the files
that differ first.  Rendered from :class:`~spareggio.check.CheckEntry` values; the words of the
table and the page in the report's language (JSON and CSV keep their codes).

A batch is written as it is read back from its spool (:func:`run_batch`, :func:`write_report`);
a few entries in memory are a :class:`CheckReport`, a result of the format registry like any other
(:func:`~spareggio.render.formats.render`, :func:`report_text`)."""

from __future__ import annotations

import csv
import html
import io
import json
import shutil
import tempfile
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import IO, TextIO

from ..base import numbers
from ..base.classes import dataclass
from ..base.i18n import SOURCE, Text, localize, ntext, warning_body
from ..check.batch import Spool, report_summary
from ..check.entry import REPORT_SCHEMA, STATUSES, CheckEntry, Mismatch, ValueMismatch
from ..check.words import inferred_text, text_value
from .formats import RenderOptions, renderer
from .output import safe_cell
from .sources import list_source_words

__all__ = [
    "CSV_COLUMNS",
    "REPORT_FORMATS",
    "CheckReport",
    "report_text",
    "run_batch",
    "summary_sentence",
    "summary_words",
    "write_report",
]

Summary = Mapping[str, int | float]


def _json_report(entries: Iterable[CheckEntry], summary: Summary, out: TextIO, lang: str = SOURCE) -> None:
    """The JSON report: a file's entry on a line of its own (a batch of a year's archive is a
    report of 100,000 lines that tools read a line at a time, and writing it costs a third of
    what indenting every field would)."""
    out.write(f'{{\n  "schema": {REPORT_SCHEMA},\n  "files": [')
    first = True
    for entry in entries:
        data = entry.to_json()
        if entry.tiebreaks_source is not None:
            data["tiebreaks_source"] = list_source_words(entry.tiebreaks_source, entry.rules or "")
        out.write(("\n    " if first else ",\n    ") + json.dumps(data, ensure_ascii=False))
        first = False
    out.write(("\n  ]" if not first else "]") + ',\n  "summary": ')
    out.write(json.dumps(dict(summary)) + "\n}\n")


def _value(value: object, lang: str, *, points: bool = False) -> str:
    """A value of the report written the language's way (``46,5``; points ``6½`` in Italian)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        exact = Fraction(str(value))
        return numbers.points(exact, lang) if points else numbers.value(exact, lang)
    return text_value(value)  # type: ignore[arg-type]


def _warning(warning: str, lang: str) -> str:
    return localize(Text("warning: {text}", "check", text=warning_body(warning, lang)), lang)


def _inferred(entry: CheckEntry, lang: str) -> str:
    return localize(Text("inferred: {text}", "check", text=inferred_text(entry, lang)), lang)


def _mismatch_words(m: Mismatch, lang: str = SOURCE) -> str:
    computed = (
        str(m.computed_rank)
        if m.computed_rank == m.computed_rank_to
        else f"{m.computed_rank}-{m.computed_rank_to}"
    )
    text = localize(Text(
        "{sno} {name}: declared {declared}, computed {computed}", "check",
        sno=m.start_number, name=m.name, declared=m.declared_rank, computed=computed,
    ), lang)  # fmt: skip
    if m.swapped_with is not None:
        text += localize(Text("; against {other}", "check", other=m.swapped_with), lang)
        if m.decided_by:
            a, b = list(m.values.values())
            text += localize(Text(
                ", {tiebreak} decides: {a} against {b}", "check",
                tiebreak=m.decided_by, a=_value(a, lang), b=_value(b, lang),
            ), lang)  # fmt: skip
    return text


def _value_words(v: ValueMismatch, lang: str = SOURCE) -> str:
    """A printed value that differs: ``12 Rossi, Ada: BH/C1 printed 41, computed 42``, and the
    departure from C.07 that gives the printed value when one does."""
    text = localize(Text(
        "{sno} {name}: {tiebreak} printed {printed}, computed {computed}", "check",
        sno=v.start_number, name=v.name, tiebreak=v.tiebreak, printed=_value(v.printed, lang),
        computed=_value(v.computed, lang),
    ), lang)  # fmt: skip
    if v.departure:
        text += localize(ntext(
            " ({departure}, as {programs} computes, departing from {article}, gives {printed})",
            " ({departure}, as {programs} compute, departing from {article}, gives {printed})",
            len((v.program or "").split(", ")), "check",
            programs=v.program, article=v.article, departure=v.departure, printed=_value(v.printed, lang),
        ), lang)  # fmt: skip
    return text


def _table_report(entries: Iterable[CheckEntry], summary: Summary, out: TextIO, lang: str = SOURCE) -> None:
    for e in entries:
        word = localize(Text(e.status.value, "check"), lang)
        if e.error is not None:
            out.write(f"{word:<9} {localize(e.error, lang)}\n")
            continue
        out.write(f"{word:<9} {e.file}  ({e.rules}; {', '.join(e.tiebreaks)})\n")
        if e.rules_warning:
            out.write("          " + _warning(e.rules_warning, lang) + "\n")
        # what the reading and the standings assumed (a round left out, a reading chosen): said here
        out.writelines(f"          {_warning(w, lang)}\n" for w in dict.fromkeys(e.warnings) if w != e.rules_warning)
        out.writelines(f"          {_mismatch_words(m, lang)}\n" for m in e.mismatches)
        out.writelines(f"          {_value_words(v, lang)}\n" for v in e.value_mismatches)
        if e.inferred_text:
            out.write("          " + _inferred(e, lang) + "\n")
    out.write(summary_words(summary, lang) + f" ({summary['seconds']} s)\n")


def summary_sentence(summary: Summary) -> Text:
    """``3 files: 1 agrees, 1 differs, 0 without ranks, 1 error``, each count in its plural form."""
    return Text(
        "{files}: {agree}, {differs}, {noranks}, {errors}", "check",
        files=ntext("{n} file", "{n} files", int(summary["files"]), "check"),
        agree=ntext("{n} agrees", "{n} agree", int(summary["agree"]), "check"),
        differs=ntext("{n} differs", "{n} differ", int(summary["differs"]), "check"),
        noranks=Text("{n} without ranks", "check", n=summary["no-ranks"]),
        errors=ntext("{n} error", "{n} errors", int(summary["error"]), "check"),
    )  # fmt: skip


def summary_words(summary: Summary, lang: str = SOURCE) -> str:
    """The summary of a report in ``lang`` (:func:`summary_sentence`)."""
    return localize(summary_sentence(summary), lang)


CSV_COLUMNS = (
    "file", "status", "rules", "tiebreaks", "start_number", "name", "declared_rank",
    "computed_rank", "points", "swapped_with", "decided_by", "values", "inferred", "error",
)  # fmt: skip


def _csv_report(entries: Iterable[CheckEntry], summary: Summary, out: TextIO, lang: str = SOURCE) -> None:
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)

    def row(e: CheckEntry, m: Mismatch | None) -> list[object]:
        cells: list[object] = [e.file, e.status.value, e.rules or "", ",".join(e.tiebreaks)]
        if m is None:
            cells += ["", "", "", "", "", "", "", ""]
        else:
            cells += [
                m.start_number, m.name, m.declared_rank, m.computed_rank,
                text_value(m.points), m.swapped_with or "", m.decided_by or "",
                " ".join(f"{k}={text_value(v)}" for k, v in m.values.items()),
            ]  # fmt: skip
        cells += [inferred_text(e, lang), localize(e.error, lang) if e.error else ""]
        return [safe_cell(c) if isinstance(c, str) else c for c in cells]

    for e in entries:
        if e.mismatches:
            for m in e.mismatches:
                writer.writerow(row(e, m))
        else:
            writer.writerow(row(e, None))


_HTML_CSS = (
    "body{font-family:system-ui,sans-serif;margin:1.5em;color:#111;max-width:75em}"
    "table{border-collapse:collapse;margin:.3em 0 1em}th,td{border:1px solid #999;padding:.2em .5em;"
    "text-align:left;vertical-align:top}th{background:#eee}td.num{text-align:right}"
    ".differs{color:#a40000}.error{color:#7a3e00}.agree{color:#075e00}"
    "nav.index ol{columns:20em;margin:.2em 0 .8em}nav.index li{break-inside:avoid}"
    "section{border-top:1px solid #ccc;margin-top:1em}section h3{margin:.6em 0 .2em;overflow-wrap:anywhere}"
    ".compact td:first-child{overflow-wrap:anywhere}.top{font-size:.9em}"
    "@media (max-width:40em){body{margin:.6em}.wide{display:block;overflow-x:auto}}"
    "@media print{thead{display:table-header-group}.top{display:none}a{color:inherit;text-decoration:none}}"
)
"""The report page's style (a standalone file: its style is inline)."""

_GROUPS = {
    "differs": Text("Files that differ", "check"),
    "error": Text("Files that could not be checked", "check"),
    "agree": Text("Files that agree", "check"),
    "no-ranks": Text("Files without declared ranks", "check"),
}
"""The heading of each part of the page, by status (the parts in the order of ``STATUSES``)."""


@dataclass
class _Part:
    """What the index says of one part of the page: each file's anchor, name and a short note."""

    status: str
    files: list[tuple[str, str, str]]


def _anchor(n: int) -> str:
    return f"f{n}"


def _h(lang: str, text: Text) -> str:
    """A word of the page, said in ``lang`` and escaped."""
    return html.escape(localize(text, lang))


def _file_section(e: CheckEntry, anchor: str, lang: str, out: IO[str]) -> None:
    """A file that differs: its rule set and list, each misplaced player and each printed value that
    differs, what was inferred."""
    esc = html.escape
    out.write(f'<section id="{anchor}"><h3>{esc(e.file)}</h3>\n')
    out.write(f"<p>{esc(e.name or '')} — {esc(e.rules or '')}; {esc(', '.join(e.tiebreaks))}</p>\n")
    if e.rules_warning:
        out.write(f"<p><strong>{esc(_warning(e.rules_warning, lang))}</strong></p>\n")
    if e.mismatches:
        heads = (
            Text("No.", "check"), Text("Name", "check"), Text("Declared", "check"), Text("Computed", "check"),
            Text("Points", "check"), Text("Against", "check"), Text("Decided by", "check"), Text("Values", "check"),
        )  # fmt: skip
        cells = "".join(f'<th scope="col">{_h(lang, h)}</th>' for h in heads)
        out.write(f'<table class="wide"><thead><tr>{cells}</tr></thead><tbody>\n')
        for m in e.mismatches:
            values = ", ".join(f"{k}: {_value(v, lang)}" for k, v in m.values.items())
            computed = (
                str(m.computed_rank)
                if m.computed_rank == m.computed_rank_to
                else f"{m.computed_rank}-{m.computed_rank_to}"
            )
            out.write(
                f'<tr><td class="num">{m.start_number}</td><th scope="row">{esc(m.name)}</th>'
                f'<td class="num">{m.declared_rank}</td><td class="num">{computed}</td>'
                f'<td class="num">{esc(_value(m.points, lang, points=True))}</td>'
                f'<td class="num">{esc(str(m.swapped_with or ""))}</td><td>{esc(m.decided_by or "")}</td>'
                f"<td>{esc(values)}</td></tr>\n"
            )
        out.write("</tbody></table>\n")
    if e.value_mismatches:
        items = "".join(f"<li>{esc(_value_words(v, lang))}</li>" for v in e.value_mismatches)
        out.write(f"<ul>{items}</ul>\n")
    if e.inferred_text:
        out.write(f"<p>{esc(_inferred(e, lang))}</p>\n")
    out.write(f'<p class="top"><a href="#index">{_h(lang, Text("Back to the index", "check"))}</a></p></section>\n')


def _compact_head(status: str, lang: str) -> str:
    heads = (
        (Text("File", "check"), Text("Message", "check"))
        if status == "error"
        else (Text("File", "check"), Text("Tournament", "check"), Text("Rule set", "check"),
              Text("Tie-breaks", "check"), Text("Ranked", "check"), Text("Notes", "check"))
    )  # fmt: skip
    cells = "".join(f'<th scope="col">{_h(lang, h)}</th>' for h in heads)
    return f'<table class="compact wide"><thead><tr>{cells}</tr></thead><tbody>\n'


def _compact_row(e: CheckEntry, anchor: str, lang: str) -> str:
    """One line of the table of the files that agree, have no ranks or could not be read."""
    esc = html.escape
    if e.error is not None:
        return f'<tr id="{anchor}"><td>{esc(e.file)}</td><td>{esc(localize(e.error, lang))}</td></tr>\n'
    notes = [_warning(e.rules_warning, lang)] if e.rules_warning else []
    if e.inferred_text:
        notes.append(_inferred(e, lang))
    ranked = "" if e.ranked is None else str(e.ranked)
    return (
        f'<tr id="{anchor}"><td>{esc(e.file)}</td><td>{esc(e.name or "")}</td><td>{esc(e.rules or "")}</td>'
        f'<td>{esc(", ".join(e.tiebreaks))}</td><td class="num">{ranked}</td>'
        f"<td>{'<br>'.join(esc(n) for n in notes)}</td></tr>\n"
    )


def _html_report(entries: Iterable[CheckEntry], summary: Summary, out: TextIO, lang: str = SOURCE) -> None:
    """The report as a page: the summary, an index, then the files that differ (one section each,
    every misplaced player), the files that could not be checked, and the files that agree or
    declare no ranks as compact tables (one line a file).  Each file has an anchor the index links
    to.  The parts are written to a temporary file as the entries come (they arrive in the order of
    the page), so that the index can be written above them without holding the batch in memory."""
    esc = html.escape
    parts: list[_Part] = []
    with tempfile.SpooledTemporaryFile(max_size=8 * 2**20, mode="w+", encoding="utf-8") as body:
        status: str | None = None
        for n, e in enumerate(entries, 1):
            if e.status.value != status:
                if status is not None and status != "differs":
                    body.write("</tbody></table>\n")
                status = str(e.status.value)
                parts.append(_Part(status, []))
                body.write(f'<h2 id="{esc(status)}" class="{esc(status)}">{_h(lang, _GROUPS[status])}</h2>\n')
                if status != "differs":
                    body.write(_compact_head(status, lang))
            anchor = _anchor(n)
            note = ""
            if e.status.value == "differs":
                note = localize(_differs_note(e), lang)
                _file_section(e, anchor, lang, body)
            else:
                body.write(_compact_row(e, anchor, lang))
            parts[-1].files.append((anchor, e.file, note))
        if status is not None and status != "differs":
            body.write("</tbody></table>\n")
        out.write(
            f'<!DOCTYPE html>\n<html lang="{esc(lang)}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>spareggio check</title><style>{_HTML_CSS}</style></head><body>\n"
            f"<h1>{_h(lang, Text('Declared rankings checked', 'check'))}</h1>\n"
            f'<p class="summary"><strong>{esc(summary_words(summary, lang))}.</strong></p>\n'
        )
        _index(parts, lang, out)
        body.seek(0)
        shutil.copyfileobj(body, out)
    out.write("</body></html>\n")


def _differs_note(e: CheckEntry) -> Text:
    """What the index says of a file that differs: how many players are misplaced, how many printed
    values differ."""
    if e.mismatches and e.team_event:
        return ntext("{n} team misplaced", "{n} teams misplaced", len(e.mismatches), "check")
    if e.mismatches:
        return ntext("{n} player misplaced", "{n} players misplaced", len(e.mismatches), "check")
    return ntext("{n} printed value differs", "{n} printed values differ", len(e.value_mismatches), "check")


_LISTED = ("differs", "error")
"""The parts whose files the index lists one by one (the others: a link to their table)."""


def _index(parts: Sequence[_Part], lang: str, out: TextIO) -> None:
    esc = html.escape
    if not parts:
        return
    out.write(
        f'<nav class="index" id="index" aria-labelledby="index-title"><h2 id="index-title">{_h(lang, Text("Index", "check"))}</h2><ul>\n'
    )
    for part in parts:
        out.write(
            f'<li><a href="#{esc(part.status)}">{_h(lang, _GROUPS[part.status])}</a> ({len(part.files)})'
        )
        if part.status in _LISTED:
            out.write("<ol>")
            for anchor, name, note in part.files:
                extra = f" — {esc(note)}" if note else ""
                out.write(f'<li><a href="#{anchor}">{esc(name)}</a>{extra}</li>')
            out.write("</ol>")
        out.write("</li>\n")
    out.write("</ul></nav>\n")


REPORT_FORMATS: dict[str, Callable[[Iterable[CheckEntry], Summary, TextIO, str], None]] = {
    "table": _table_report,
    "json": _json_report,
    "csv": _csv_report,
    "html": _html_report,
}


def write_report(
    entries: Iterable[CheckEntry], summary: Summary, fmt: str, out: TextIO, lang: str = SOURCE
) -> None:
    """Write a report of checked files (entries in the order to show) in ``fmt``."""
    REPORT_FORMATS[fmt](entries, summary, out, lang)


@dataclass(frozen=True)
class CheckReport:
    """A few checked files held in memory: what the web page and the API answer."""

    entries: tuple[CheckEntry, ...]
    seconds: float = 0.0

    @property
    def summary(self) -> Summary:
        counts = dict.fromkeys(STATUSES, 0)
        for e in self.entries:
            counts[e.status.value] += 1
        return report_summary(counts, self.seconds)

    def ordered(self) -> list[CheckEntry]:
        """The entries in the order a report lists them: the files that differ first."""
        return sorted(self.entries, key=lambda e: STATUSES.index(e.status.value))


def _render(fmt: str) -> Callable[[CheckReport, RenderOptions], str]:
    def render_report(report: CheckReport, options: RenderOptions) -> str:
        buffer = io.StringIO()
        write_report(report.ordered(), report.summary, fmt, buffer, options.lang)
        return buffer.getvalue()

    render_report.__name__ = f"check_report_{fmt}"
    return render_report


for _fmt in REPORT_FORMATS:
    renderer(CheckReport, _fmt)(_render(_fmt))


def report_text(
    entries: Sequence[CheckEntry], fmt: str = "json", seconds: float = 0.0, lang: str = SOURCE
) -> str:
    """The report of a few entries as text (the files that differ first)."""
    return _render(fmt)(CheckReport(tuple(entries), seconds), RenderOptions(lang=lang))


def run_batch(
    results: Iterable[CheckEntry],
    fmt: str,
    out: TextIO,
    *,
    started: float,
    progress: Callable[[CheckEntry], None] | None = None,
    lang: str = SOURCE,
) -> Summary:
    """Spool the entries as they come, then write the report; returns the summary."""
    spool = Spool()
    try:
        for entry in results:
            spool.add(entry)
            if progress is not None:
                progress(entry)
        summary = report_summary(spool.counts, time.perf_counter() - started)
        write_report(spool.ordered(), summary, fmt, out, lang)
        return summary
    finally:
        spool.close()
