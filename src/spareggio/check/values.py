"""The printed values of a published ranking (a results page) against the computed ones, and the
departure from C.07 that explains each printed value that differs.

A value that differs is tried again under the rule set with each single departure a program profile
documents (:mod:`spareggio.programs`: ``full-bye=vur``, ``no-games=zero`` ...); the first that gives
the printed value names the departure, its program and the article it departs from."""

from __future__ import annotations

from fractions import Fraction

from ..errors import SpareggioError
from ..model import Tournament
from ..rules import program_rulesets
from ..standings import Standings, rank_lists
from ..tiebreaks import parse_spec_list
from .entry import ValueMismatch

__all__ = ["value_mismatches"]

SHOWN = 50
"""How many differing values an entry lists (the count is always whole)."""


def _departures() -> list[tuple[str, str, str, str]]:
    """Every documented departure: (the programs that make it, option, article, what), one row per
    option."""
    found: dict[str, tuple[list[str], str, str]] = {}
    for rules in program_rulesets().values():
        if rules.program is None:
            continue
        for d in rules.program.departures:
            found.setdefault(d.option, ([], d.article, d.what))[0].append(rules.program.title)
    return [(", ".join(sorted(names)), option, article, what) for option, (names, article, what) in found.items()]


def value_mismatches(t: Tournament, s: Standings) -> tuple[int, tuple[ValueMismatch, ...]]:
    """How many printed values were compared, and those that differ from the computed ones (the
    first :data:`SHOWN`), each with the departure that reproduces it when one does."""
    labels: dict[str, str] = {}  # the label the standings use -> the item as printed
    for item in t.printed_values:
        try:
            ((label, _),) = parse_spec_list([item])
        except SpareggioError:
            continue  # a list the standings could not read has already been reported
        if label in s.results:
            labels[label] = item
    if not labels:
        return 0, ()
    base = s.rules
    tried: dict[str, Standings] = {}

    def under(option: str) -> Standings | None:
        if option not in tried:
            key, _, value = option.partition("=")
            if key not in {o.key for o in base.options}:
                return None
            rules = base.configure(**{key: value})
            tried[option] = rank_lists(t, [(rules, [*s.labels])], s.after_round)[0]
        return tried[option]

    compared = 0
    found: list[ValueMismatch] = []
    for label, item in labels.items():
        computed = s.results[label].values()
        for i, printed in enumerate(t.printed_values[item]):
            if printed is None:
                continue
            compared += 1
            value = computed[i]
            if value == printed:
                continue
            departure = None
            for program, option, article, _what in _departures():
                other = under(option)
                if other is not None and other.results[label].values()[i] == printed:
                    departure = (program, option, article)
                    break
            found.append(
                ValueMismatch(
                    t.players[i].start_number,
                    t.players[i].name,
                    label,
                    _number(printed),
                    None if value is None else _number(value),
                    *(departure or (None, None, None)),
                )
            )
    return compared, tuple(found)


def _number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)
