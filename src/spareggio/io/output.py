"""Standings as a text table, CSV and JSON; atomic file writes.

The JSON layout is versioned (``schema``) because other programs read it.  Numbers are JSON numbers;
values that are not finite decimals (e.g. an average of 1/3) are rounded to 6 decimals in JSON only.
"""

from __future__ import annotations

import csv
import io
import json
import os
import tempfile
from fractions import Fraction
from typing import Any

from ..standings import Standings

__all__ = [
    "JSON_SCHEMA_VERSION",
    "format_number",
    "json_number",
    "safe_cell",
    "standings_csv",
    "standings_json",
    "standings_table",
    "standings_to_dict",
    "write_atomic",
]

JSON_SCHEMA_VERSION = 1


def _is_finite_decimal(value: Fraction) -> bool:
    d = value.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    return d == 1


def json_number(value: Fraction | None) -> int | float | None:
    """A JSON number for an exact value: an int when whole, else a float."""
    if value is None:
        return None
    if value.denominator == 1:
        return int(value)
    if _is_finite_decimal(value):
        return float(value)
    return round(float(value), 6)


def format_number(value: Fraction | None, decimals: int | None = None) -> str:
    """Human formatting: ``7``, ``7.5``, ``23.25``; non-terminating values to 2 decimals."""
    if value is None:
        return "-"
    if decimals is not None:
        return f"{float(value):.{decimals}f}"
    if value.denominator == 1:
        return str(int(value))
    if _is_finite_decimal(value) and value.denominator <= 100:
        text = f"{float(value):.2f}".rstrip("0")
        return text
    return f"{float(value):.2f}"


def standings_to_dict(s: Standings) -> dict[str, Any]:
    t = s.tournament
    return {
        "schema": JSON_SCHEMA_VERSION,
        "tournament": {
            "name": t.name,
            "rounds": t.rounds,
            "kind": t.kind_of_event.value,
            "kind_source": t.kind_source,
            "start_date": t.start_date.isoformat() if t.start_date else None,
            "players": t.n_players,
        },
        "rules": s.rules.label,
        "rules_reason": s.rules_reason,
        "after_round": s.after_round,
        "tiebreaks": list(s.labels),
        "tiebreaks_source": s.tiebreaks_source,
        "standings": [
            {
                "rank": row.rank,
                "place": row.place,
                "start_number": row.player.start_number,
                "name": row.player.name,
                "rating": row.player.rating,
                "federation": row.player.federation,
                "points": json_number(row.points),
                "tiebreaks": {label: json_number(row.values[label]) for label in s.labels},
            }
            for row in s.rows
        ],
        "warnings": [str(w) for w in t.warnings] + list(s.warnings),
    }


def standings_json(s: Standings) -> str:
    return json.dumps(standings_to_dict(s), ensure_ascii=False, indent=2) + "\n"


def safe_cell(text: str) -> str:
    """Neutralise spreadsheet formulas in text taken from untrusted files."""
    if text and text[0] in "=+-@\t\r":
        return "'" + text
    return text


def standings_csv(s: Standings) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["rank", "start_number", "name", "rating", "federation", "points", *s.labels])
    for row in s.rows:
        w.writerow(
            [
                row.place,
                row.player.start_number,
                safe_cell(row.player.name),
                row.player.rating or "",
                safe_cell(row.player.federation),
                format_number(row.points),
                *(format_number(row.values[label]) for label in s.labels),
            ]
        )
    return buf.getvalue()


def standings_table(s: Standings) -> str:
    t = s.tournament
    header = ["Rk", "SNo", "Name", "Rtg", "Pts", *s.labels]
    body = [
        [
            row.place,
            str(row.player.start_number),
            row.player.name,
            str(row.player.rating or ""),
            format_number(row.points),
            *(format_number(row.values[label]) for label in s.labels),
        ]
        for row in s.rows
    ]
    widths = [max(len(h), *(len(r[k]) for r in body)) if body else len(h) for k, h in enumerate(header)]
    left = {2}
    lines = []
    title = t.name or (os.path.basename(t.source) if t.source else "tournament")
    lines.append(f"{title} - standings after round {s.after_round} ({t.kind_of_event.value})")
    lines.append(f"Rules: {s.rules.label} ({s.rules_reason}); tie-breaks: {', '.join(s.labels) or 'none'}")
    lines.append("")

    def fmt(cells: list[str]) -> str:
        return "  ".join(c.ljust(widths[k]) if k in left else c.rjust(widths[k]) for k, c in enumerate(cells)).rstrip()

    lines.append(fmt(header))
    lines.append("  ".join("-" * w for w in widths))
    lines.extend(fmt(r) for r in body)
    return "\n".join(lines) + "\n"


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write a whole file or nothing: a temporary file in the same folder, then an atomic rename."""
    target = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(target))
    try:
        fd, tmp = tempfile.mkstemp(prefix=".spareggio-", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, target) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
