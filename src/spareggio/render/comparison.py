"""A comparison across rule sets (:func:`spareggio.comparison.compare`) as a text table and JSON."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable
from fractions import Fraction

from ..base.i18n import SOURCE, Text, localize
from ..base.jsontypes import JsonObject, JsonValue
from ..base.numbers import exact_number, json_number
from ..comparison import Comparison
from ..rules import find_ruleset
from .formats import RenderOptions, renderer
from .publish import localized_number

__all__ = ["TABLE_WIDTH", "comparison_table", "comparison_to_dict"]


TABLE_WIDTH = 100
"""The widest line of a comparison table; a wider one is split into a block per tie-break."""


def _departure_lines(c: Comparison, lang: str) -> list[str]:
    """Why a program profile among the rule sets differs: its rule set and each departure from
    C.07, with the article (``swiss-manager: fide-2026 with full-bye=vur (C.07 16.2.1): ...``)."""
    out = []
    for name in c.rules:
        rules = find_ruleset(name)
        program = rules.program
        if program is None:
            continue
        if not program.departures:
            out.append(localize(Text("{profile} computes as {rules}", "compare", profile=name, rules=rules.base), lang))
            continue
        out.append(localize(Text("{profile} computes as {rules} departing from C.07:", "compare", profile=name,
                                 rules=rules.base), lang))  # fmt: skip
        for d in program.departures:
            what = localize(Text(d.what, "program.departure"), lang)
            out.append(f"  {d.option} ({d.article}): {what}")
    return out


def comparison_table(c: Comparison, lang: str = SOURCE, width: int = TABLE_WIDTH) -> str:
    """The comparison as a text table in ``lang``: one row per player with his place under every
    rule set and his tie-breaks (``a / b / ...`` where the rule sets differ).  When that is wider
    than ``width`` the rule sets are lettered and the places and each tie-break get a block of
    their own."""

    def _(text: str, context: str = "compare", **values: object) -> str:
        return localize(Text(text, context, **values), lang)

    def number(value: Fraction | None, points: bool = False) -> str:
        return localized_number(value, lang, points=points) if value is not None else "-"

    title = _(
        "{name}: the same standings under {n} rule sets",
        name=c.tournament.name or "tournament",
        n=len(c.rules),
    )
    who = [_("SNo", "table"), _("Name", "table")]

    def table(head: list[str], body: list[tuple[str, list[str]]]) -> list[str]:
        widths = [max(len(h), *(len(cells[k]) for _, cells in body)) for k, h in enumerate(head)]

        def fmt(cells: list[str]) -> str:
            return "  ".join(
                x.ljust(widths[k]) if k == 1 else x.rjust(widths[k]) for k, x in enumerate(cells)
            ).rstrip()

        return ["  " + fmt(head), "  " + "  ".join("-" * w for w in widths)] + [
            f"{mark} {fmt(cells)}" for mark, cells in body
        ]

    head = [*who, _("Pts", "table"), *(_("Rk {rules}", rules=n) for n in c.rules), *c.labels]
    body = []
    for r in c.rows:
        cells = [str(r.start_number), r.name, number(r.points, True), *(r.places[n] for n in c.rules)]
        for label in c.labels:
            vals = [number(r.values[n][label]) for n in c.rules]
            cells.append(vals[0] if len(set(vals)) == 1 else " / ".join(vals))
        body.append(("*" if (r.rank_differs or r.value_differs) else " ", cells))
    one_table = table(head, body)
    legend = _(
        "Tie-breaks: {tiebreaks}  (values differing between rule sets are shown as a / b / ..., in the order "
        "of the rank columns; * marks rows that differ)",
        tiebreaks=", ".join(c.labels),
    )
    departures = _departure_lines(c, lang)
    lines = [
        title,
        *textwrap.wrap(legend, width, subsequent_indent="  ", break_on_hyphens=False),
        *(w for d in departures for w in textwrap.wrap(d, width, subsequent_indent="    ", break_on_hyphens=False)),
        "",
        *one_table,
    ]
    if max(len(line) for line in one_table) > width and len(c.rules) > 1:
        letters = [chr(ord("A") + k) if k < 26 else str(k + 1) for k in range(len(c.rules))]
        legend = ", ".join(f"{k} = {n}" for k, n in zip(letters, c.rules, strict=True))
        lines = [
            title,
            *textwrap.wrap(
                _("Rule sets: {rules}", rules=legend), width, subsequent_indent="  ", break_on_hyphens=False
            ),
            _(
                "Tie-breaks: {tiebreaks}  (* marks rows that differ between rule sets)",
                tiebreaks=", ".join(c.labels),
            ),
            *(w for d in departures for w in textwrap.wrap(d, width, subsequent_indent="    ", break_on_hyphens=False)),
            "",
            _("Place under each rule set"),
            *table(
                [*who, _("Pts", "table"), *letters],
                [
                    (
                        "*" if r.rank_differs else " ",
                        [
                            str(r.start_number),
                            r.name,
                            number(r.points, True),
                            *(r.places[n] for n in c.rules),
                        ],
                    )
                    for r in c.rows
                ],
            ),
        ]
        for label in c.labels:
            if all(r.values[n][label] is None for r in c.rows for n in c.rules):
                continue  # a group order (DE, EDE ...) has no values: the places show its effect
            rows = []
            for r in c.rows:
                vals = [number(r.values[n][label]) for n in c.rules]
                rows.append(("*" if len(set(vals)) > 1 else " ", [str(r.start_number), r.name, *vals]))
            lines += ["", label, *table([*who, *letters], rows)]
    lines.append("")
    lines.extend(localize(line, lang) for line in c.summary)
    return "\n".join(lines) + "\n"


def comparison_to_dict(c: Comparison, *, exact: bool = False) -> JsonObject:
    """The comparison as JSON-ready data (``exact``: values as exact fractions in strings)."""
    number: Callable[[Fraction | None], JsonValue] = exact_number if exact else json_number
    return {
        "schema": 1,
        "tournament": {"name": c.tournament.name, "rounds": c.tournament.rounds},
        "rules": list[JsonValue](c.rules),
        "tiebreaks": list[JsonValue](c.labels),
        "players": [
            {
                "start_number": r.start_number,
                "name": r.name,
                "points": number(r.points),
                "ranks": dict[str, JsonValue](r.ranks),
                "places": dict[str, JsonValue](r.places),
                "tiebreaks": {n: {lb: number(v) for lb, v in r.values[n].items()} for n in c.rules},
                "rank_differs": r.rank_differs,
                "value_differs": r.value_differs,
            }
            for r in c.rows
        ],
        "summary": [str(line) for line in c.summary],
    }


@renderer(Comparison, "table")
def _table(c: Comparison, options: RenderOptions) -> str:
    return comparison_table(c, options.lang)


@renderer(Comparison, "json")
def _json(c: Comparison, options: RenderOptions) -> str:
    return json.dumps(comparison_to_dict(c, exact=options.exact), ensure_ascii=False, indent=2) + "\n"
