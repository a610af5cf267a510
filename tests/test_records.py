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

from group_records import de_place, points_from_encounters
from spareggio.core.model import Scope
from spareggio.io.trf import parse_trf
from spareggio.rules import RULESETS
from spareggio.rules.base import Source
from spareggio.standings import standings
from spareggio.tiebreaks import Contribution, catalogue
from spareggio.tiebreaks.records import Aggregate, Record, Why, aggregate, round_half_up
from strategies import render, tournaments

SCALAR = [
    d.code
    for d in catalogue(Scope.INDIVIDUAL)
    if d.compute is not None and not d.diagnostic and d.code not in ("DE",)
]
"""Every individual tie-break with a value per player (DE orders groups; ABH and AFB are
diagnostics; the team criteria have their own tests, tests/test_team_*.py)."""
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
            # the records name the rule set they were built from: US Chess for its tie-breaks
            built_from = "us-chess" if label in US_CHESS_VIEW else s.rules.label
            assert table.rules is not None and table.rules.label == built_from, label
            assert {r.rules for r in records} <= {built_from}, label


US_CHESS_VIEW = {"MM", "MEDIAN", "SOLKOFF", "USSB", "CUM", "OPPCUM", "KASHDAN"}
"""The US Chess tie-breaks: their records use US Chess 34E under any rule set."""


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments(), st.sampled_from(sorted(RULESETS)), st.sampled_from(["DE", "DE/P"]))
def test_direct_encounter_place_is_the_aggregate_of_its_group_records(
    spec: object, rules: str, de: str
) -> None:
    # DE (C.07 6): the value is the place in the tied group, recomputed here from the group records
    # alone (members, encounters, sub-groups); the points among the group are the encounters' sum
    t = parse_trf(render(spec))  # type: ignore[arg-type]
    s = standings(t, [de, "BH"], rules=rules)
    res = s.results[de]
    sno = [p.start_number for p in t.players]
    groups = [
        {
            "members": [sno[k] for k in step.members],
            "order": [[sno[k] for k in g] for g in step.order],
            "encounters": [
                {"player": sno[k], "opponent": sno[m], "points": pts, "games": n}
                for k, m, pts, n in step.encounters
            ],
            "points_among": dict(zip([sno[k] for k in step.members], step.scores, strict=True)),
        }
        for step in res.details.steps  # type: ignore[union-attr]
    ]
    for group in groups:
        assert points_from_encounters(group) == group["points_among"]
    for i in range(t.n_players):
        mine = [g for g in groups if sno[i] in g["members"]]
        assert de_place(mine, sno[i]) == res.value(i), (rules, sno[i])


def test_opponent_score_records_are_the_records_of_every_tiebreak() -> None:
    # one record type: the BH/SB contributions are Record rows, the same the table gives
    from builders import tournament

    t = tournament({1: "+W2 HPB -B3", 3: "+F4 =B2 .", 2: ". . +W4", 4: ". ZPB ."}, players=4)
    s = standings(t, ["SB", "ARO"], rules="fide-2026")
    sb = s.results["SB"]
    assert sb.contributions is not None
    rows = sb.contributions.for_player(0)
    assert Contribution is Record and all(type(r) is Record for r in rows)
    assert rows == sb.records(0)
    assert type(s.results["ARO"].records(0)[0]) is Record
    # player 1, round 2: a half-point bye, a dummy on his own score 1.5 (C.07 16.4; the 16.4.2 cap,
    # 3 rounds x ½ = 1.5, does not bind), times the ½ scored = 0.75; a voluntary unplayed round
    bye = rows[1]
    assert (bye.source, bye.input, bye.factor, bye.contribution, bye.vur) == (
        Source.DUMMY_OWN, Fraction(3, 2), Fraction(1, 2), Fraction(3, 4), True
    )  # fmt: skip
    assert (bye.cap, bye.own, bye.rules, bye.why) == (None, Fraction(3, 2), "fide-2026", Why.COUNTED)


def test_every_tiebreak_of_the_catalogue_is_covered() -> None:
    # the property above runs every scalar tie-break; the catalogue has no other kind but DE
    individual = {d.code: d for d in catalogue(Scope.INDIVIDUAL)}
    others = {code for code, d in individual.items() if d.compute is None or d.diagnostic}
    assert others <= {"DE", "ABH", "AFB"}
    assert set(SCALAR) | others == set(individual)


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
