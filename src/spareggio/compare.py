"""The same tournament ranked under several rule sets, side by side: where does the ranking change?"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .model import Tournament
from .numbers import exact_number, json_number
from .rules import find_ruleset
from .standings import Standings, default_tiebreaks, file_tiebreaks, standings

__all__ = ["Comparison", "compare", "compare_teams", "comparison_to_dict"]

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


SUMMARY = (
    "{moved} players change place between {a} and {b}; {changed} have different tie-break values",
    "{moved} player change place between {a} and {b}; {changed} have different tie-break values",
)
"""The summary lines, in English (message ids of the catalogues, context ``compare``)."""


def comparison_to_dict(c: Comparison, *, exact: bool = False) -> dict[str, Any]:
    """The comparison as JSON-ready data (``exact``: values as exact fractions in strings)."""
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
