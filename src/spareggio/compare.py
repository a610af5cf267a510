"""The same tournament ranked under several rule sets, side by side: where does the ranking change?"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .model import Tournament
from .rules import find_ruleset
from .standings import Standings, default_tiebreaks, file_tiebreaks, standings

__all__ = ["Comparison", "compare", "compare_teams", "comparison_table", "comparison_to_dict"]

DEFAULT_COMPARE = ("fide-2026", "fide-2024", "fide-2009", "draw-vs-self", "italian", "us-chess", "naive")


@dataclass
class ComparisonRow:
    index: int
    start_number: int
    name: str
    points: Fraction
    places: dict[str, str]
    ranks: dict[str, int]
    values: dict[str, dict[str, Fraction | None]]
    rank_differs: bool
    value_differs: bool


@dataclass
class Comparison:
    tournament: Tournament
    rules: list[str]
    labels: list[str]
    standings: dict[str, Standings]
    rows: list[ComparisonRow]
    summary: list[str]
    warnings: list[str]

    def to_dict(self, *, exact: bool = False) -> dict[str, Any]:
        """The comparison as JSON-ready data (``spareggio compare --format json``): numbers as JSON
        numbers, or with ``exact`` exact fractions in strings (``"93/2"``)."""
        return comparison_to_dict(self, exact=exact)

    def to_json(self, *, exact: bool = False) -> str:
        """The JSON text ``spareggio compare --format json`` prints."""
        import json

        return json.dumps(comparison_to_dict(self, exact=exact), ensure_ascii=False, indent=2) + "\n"


def compare(
    t: Tournament,
    rules: Sequence[str] | None = None,
    tiebreaks: str | Sequence[str] | None = None,
    after_round: int | None = None,
    *,
    unrated_rating: int | None = None,
) -> Comparison:
    """Rank ``t`` under every rule set named (default: all of them) with one tie-break list."""
    names = [find_ruleset(r).label for r in (rules or DEFAULT_COMPARE)]
    names = list(dict.fromkeys(names))
    if tiebreaks is None and t.tiebreak_list is not None:
        # the file's own list, read once: an error in it is an input error at its line and column
        tiebreaks = [label for label, _ in file_tiebreaks(t)]
    elif tiebreaks is None:
        tiebreaks = default_tiebreaks(t)[0]
    by_rules = {
        name: standings(t, tiebreaks, rules=name, after_round=after_round, unrated_rating=unrated_rating)
        for name in names
    }
    return _comparison(t, names, by_rules)


def compare_teams(
    ev: Any, rules: Sequence[str] | None = None, tiebreaks: str | Sequence[str] | None = None,
    after_round: int | None = None,
) -> Comparison:  # fmt: skip
    """A team event ranked under every rule set named, with one list (the team standings)."""
    from .teams import team_standings

    names = list(dict.fromkeys(find_ruleset(r).label for r in (rules or DEFAULT_COMPARE)))
    by_rules = {name: team_standings(ev, tiebreaks, rules=name, after_round=after_round) for name in names}
    return _comparison(by_rules[names[0]].tournament, names, by_rules)


def _comparison(t: Tournament, names: list[str], by_rules: dict[str, Standings]) -> Comparison:
    first = by_rules[names[0]]
    labels = first.labels
    rows = []
    for base in first.rows:
        i = base.index
        places, ranks, values = {}, {}, {}
        for name, s in by_rules.items():
            row = s.row_of(base.player.start_number)
            places[name], ranks[name] = row.place, row.rank
            values[name] = {label: row.values[label] for label in labels}
        rank_differs = len(set(ranks.values())) > 1
        value_differs = any(len({values[n][label] for n in names}) > 1 for label in labels)
        rows.append(
            ComparisonRow(
                i,
                base.player.start_number,
                base.player.name,
                base.points,
                places,
                ranks,
                values,
                rank_differs,
                value_differs,
            )
        )
    warnings = list(dict.fromkeys(w for st in by_rules.values() for w in st.warnings))
    summary = []
    for other in names[1:]:
        moved = sum(1 for r in rows if r.ranks[names[0]] != r.ranks[other])
        changed = sum(1 for r in rows if any(r.values[names[0]][lb] != r.values[other][lb] for lb in labels))
        summary.append(
            SUMMARY[0 if moved != 1 else 1].format(moved=moved, a=names[0], b=other, changed=changed)
        )
    return Comparison(t, names, labels, by_rules, rows, summary, warnings)


def _fmt(v: Fraction | None) -> str:
    from .render.output import format_number

    return format_number(v)


SUMMARY = (
    "{moved} players change place between {a} and {b}; {changed} have different tie-break values",
    "{moved} player change place between {a} and {b}; {changed} have different tie-break values",
)
"""The summary lines, in English (message ids of the catalogues, context ``compare``)."""


TABLE_WIDTH = 100
"""The widest line of a comparison table; a wider one is split into a block per tie-break."""


def comparison_table(c: Comparison, lang: str = "en", width: int = TABLE_WIDTH) -> str:
    """The comparison as a text table in ``lang``: one row per player with his place under every
    rule set and his tie-breaks (``a / b / ...`` where the rule sets differ).  When that is wider
    than ``width`` the rule sets are lettered and the places and each tie-break get a block of
    their own."""
    import textwrap

    from .i18n import translate, translate_filled
    from .render.publish import localized_number

    def _(text: str, context: str = "compare", **values: object) -> str:
        return translate(lang, text, context).format(**values)

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
    lines = [
        title,
        *textwrap.wrap(legend, width, subsequent_indent="  ", break_on_hyphens=False),
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
    lines.extend(translate_filled(lang, line, list(SUMMARY), "compare") for line in c.summary)
    return "\n".join(lines) + "\n"


def comparison_to_dict(c: Comparison, *, exact: bool = False) -> dict[str, Any]:
    """The comparison as JSON-ready data (``exact``: values as exact fractions in strings)."""
    from .render.output import exact_number, json_number

    number = exact_number if exact else json_number

    return {
        "schema": 1,
        "tournament": {"name": c.tournament.name, "rounds": c.tournament.rounds},
        "rules": c.rules,
        "tiebreaks": c.labels,
        "players": [
            {
                "start_number": r.start_number,
                "name": r.name,
                "points": number(r.points),
                "ranks": r.ranks,
                "places": r.places,
                "tiebreaks": {n: {lb: number(v) for lb, v in r.values[n].items()} for n in c.rules},
                "rank_differs": r.rank_differs,
                "value_differs": r.value_differs,
            }
            for r in c.rows
        ],
        "summary": c.summary,
    }
