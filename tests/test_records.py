"""Records behind every tie-break: the total is the aggregate of the records, always.

Property (hypothesis): on generated Swiss events and round robins, under every rule set, for every
tie-break of the catalogue that has per-player values (all but the group tie-break DE and the
diagnostics) and every player, the value in the standings equals the aggregate of that player's
records computed from the records alone (:func:`spareggio.tiebreaks.records.aggregate`).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spareggio import parse_trf
from spareggio.rules import RULESETS
from spareggio.standings import standings
from spareggio.tiebreaks import TIEBREAKS
from spareggio.tiebreaks.records import Aggregate, Why, aggregate, round_half_up
from strategies import render, tournaments

SCALAR = [
    code
    for code, d in TIEBREAKS.items()
    if d.compute is not None and not d.diagnostic and code not in ("DE",)
]
"""Every tie-break with a value per player (DE orders groups; ABH and AFB are diagnostics)."""
LIST = [*SCALAR, "BH/C1", "BH/M1", "SB/C1", "AOB/F", "ARO/C1", "ARO/M1", "PS/C1", "KS/L-2", "BH/C2"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments(), st.sampled_from(sorted(RULESETS)))
def test_total_is_the_aggregate_of_the_records(spec: object, rules: str) -> None:
    t = parse_trf(render(spec))  # type: ignore[arg-type]
    s = standings(t, LIST, rules=rules, unrated_rating=1400)
    for label in LIST:
        res = s.results[label]
        table = res.record_table()
        assert table is not None, f"{label} has no records"
        for i in range(t.n_players):
            records = res.records(i)
            if table.aggregate is not Aggregate.OWN:
                assert len(records) == s.after_round
            assert aggregate(records, table.aggregate) == res.value(i), (label, rules, i)


def test_every_tiebreak_of_the_catalogue_is_covered() -> None:
    # the property above runs every scalar tie-break; the catalogue has no other kind but DE
    others = {code for code, d in TIEBREAKS.items() if d.compute is None or d.diagnostic}
    assert others <= {"DE", "ABH", "AFB"}
    assert set(SCALAR) | others == set(TIEBREAKS)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (Fraction(5, 2), 3),
        (Fraction(7, 2), 4),
        (Fraction(2449, 2), 1225),
        (Fraction(-1, 2), 0),
        (Fraction(12, 5), 2),
    ],
)
def test_round_half_up(value: Fraction, expected: int) -> None:
    # C.07 Art. 10: averages rounded to the nearest integer, .5 up
    assert round_half_up(value) == expected


def test_why_codes_are_stable() -> None:
    # the JSON codes of the explanation (docs/explain-json.md)
    assert [w.code for w in Why] == [
        "counted", "not_part", "cut_low", "cut_low_vur", "cut_low_over_vur", "cut_high",
        "not_counted", "below_line", "undefined",
    ]  # fmt: skip
