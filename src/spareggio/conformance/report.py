"""The reports of a conformance run: JSON and CSV for programs, HTML for people."""

from __future__ import annotations

import csv
import html
import io
import json
from dataclasses import asdict

from .compare import READINGS, FileResult
from .run import RunSummary

__all__ = ["report_csv", "report_html", "report_json"]

_STYLE = (
    "<style>body{font-family:system-ui,sans-serif;margin:1rem;max-width:70rem}"
    "table{border-collapse:collapse;font-size:.9rem}td,th{border:1px solid #ccc;padding:.2rem .4rem}"
    ".unexplained{background:#fdd}.ok{color:#060}.bad{color:#a00}</style>"
)


def report_json(summary: RunSummary, results: list[FileResult], engine: str) -> str:
    """``{"engine", "summary": {...}, "tournaments": [...]}``: every tournament with its differences."""
    doc = {
        "engine": engine,
        "summary": asdict(summary),
        "readings": {code: {"article": a, "where": w} for code, (a, w) in READINGS.items()},
        "tournaments": [r.to_json() for r in results],
    }
    return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"


def report_csv(results: list[FileResult]) -> str:
    """One row per difference (and one per tournament that failed)."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["file", "rules", "kind", "participant", "criterion", "spareggio", "engine", "class", "reason",
                "article", "error"])  # fmt: skip
    for r in results:
        if r.error:
            w.writerow([r.file, r.rules, r.kind, "", "", "", "", "failed", "", "", r.error])
        for d in r.differences:
            w.writerow([r.file, r.rules, r.kind, d.participant, d.criterion, d.ours, d.theirs, d.cls, d.reason,
                        d.article, ""])  # fmt: skip
    return out.getvalue()


def report_html(summary: RunSummary, results: list[FileResult], engine: str, limit: int = 500) -> str:
    """A page for people: the summary, the classes of difference, then the differences (the first
    ``limit``, the unexplained ones first)."""
    e = html.escape
    rows = [(r, d) for r in results for d in r.differences]
    rows.sort(key=lambda rd: rd[1].cls != "unexplained")
    verdict = "no unexplained difference" if summary.ok else f"{summary.unexplained} unexplained differences"
    parts = [
        "<!doctype html><html lang=en><meta charset=utf-8>",
        "<meta name=viewport content='width=device-width, initial-scale=1'>",
        f"<title>Conformance of {e(engine)}</title>",
        _STYLE,
        f"<h1>Conformance of {e(engine)} with spareggio</h1>",
        f"<p class={'ok' if summary.ok else 'bad'}><strong>{e(verdict)}</strong></p>",
        "<table><tbody>",
    ]
    for label, value in (
        ("tournaments", summary.tournaments), ("failed", summary.failed),
        ("ranks compared", summary.ranks_compared), ("ranks differing", summary.ranks_differing),
        ("values compared", summary.values_compared), ("values differing", summary.values_differing),
        ("explained", summary.explained), ("unexplained", summary.unexplained),
        ("seconds", f"{summary.seconds:.1f}"),
    ):  # fmt: skip
        parts.append(f"<tr><th scope=row>{e(label)}<td>{e(str(value))}")
    parts.append("</tbody></table><h2>Classes of difference</h2><table><tr><th>class<th>count")
    for key, count in sorted(summary.by_class.items(), key=lambda kv: -kv[1]):
        parts.append(f"<tr><td>{e(key)}<td>{count}")
    parts.append("</table><h2>Differences</h2><table><tr><th>file<th>rules<th>participant<th>criterion"
                 "<th>spareggio<th>engine<th>class<th>reason<th>article")  # fmt: skip
    for r, d in rows[:limit]:
        parts.append(
            f"<tr class={e(d.cls)}><td>{e(r.file)}<td>{e(r.rules)}<td>{d.participant}<td>{e(d.criterion)}"
            f"<td>{e(d.ours)}<td>{e(d.theirs)}<td>{e(d.cls)}<td>{e(d.reason)}<td>{e(d.article)}"
        )
    parts.append("</table>")
    if len(rows) > limit:
        parts.append(f"<p>{len(rows) - limit} more in the JSON and CSV reports.</p>")
    failed = [r for r in results if r.error]
    if failed:
        parts.append("<h2>Failed</h2><ul>")
        parts.extend(f"<li>{e(r.file)}: {e(r.error)}" for r in failed[:limit])
        parts.append("</ul>")
    return "\n".join(parts) + "\n"
