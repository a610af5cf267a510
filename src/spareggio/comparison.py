"""The same tournament ranked under several rule sets, side by side: where does the ranking change?"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from .base.classes import dataclass
from .base.i18n import Text, ntext
from .core.model import Event, Tournament
from .rules import find_ruleset
from .standings import Standings, rank

__all__ = ["Comparison", "compare"]

DEFAULT_COMPARE = ("fide-2026", "fide-2024", "fide-2009", "draw-vs-self", "italian", "us-chess", "naive")


@dataclass
class ComparisonRow:
    """One player of a comparison: place, rank and values under each rule set, and what differs."""

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
    """The same tournament ranked under several rule sets, side by side."""

    tournament: Tournament
    rules: list[str]
    labels: list[str]
    standings: dict[str, Standings]
    rows: list[ComparisonRow]
    summary: list[Text]
    """One line per rule set after the first: how many players change place against the first."""
    warnings: list[str]


def compare(
    event: Event,
    rules: Sequence[str] | None = None,
    tiebreaks: str | Sequence[str] | None = None,
    after_round: int | None = None,
    *,
    unrated_rating: int | None = None,
) -> Comparison:
    """Rank ``event`` (a tournament or a team event) under every rule set named (default: all of
    them) with one tie-break list."""
    names = list(dict.fromkeys(find_ruleset(r).label for r in (rules or DEFAULT_COMPARE)))
    if tiebreaks is None and event.tiebreak_list is None:
        # one list for every rule set: the default for the kind of event, not a rule set's usual one
        tiebreaks = event.default_list(None)[0]
    by_rules = {
        name: rank(event, tiebreaks, rules=name, after_round=after_round, unrated_rating=unrated_rating)
        for name in names
    }
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
        summary.append(ntext(*SUMMARY, moved, "compare", a=names[0], b=other, changed=changed))
    return Comparison(t, names, labels, by_rules, rows, summary, warnings)


SUMMARY = (
    "{n} player changes place between {a} and {b}; {changed} have different tie-break values",
    "{n} players change place between {a} and {b}; {changed} have different tie-break values",
)
"""The summary line in English, singular and plural (message id and plural of the catalogues,
context ``compare``)."""
