"""Printed forms per program (tiebreaks/printed.py): a value printed the way its program prints it is
compared in that form and said in a note, never reported as a difference; a value that is wrong in
that form still is.  Every value below is computed by hand from C.07."""

from __future__ import annotations

import dataclasses
from fractions import Fraction as Fr

import pytest

import spareggio
from builders import tournament
from spareggio.check import CheckOptions, check_tournament
from spareggio.standings import rank_lists
from spareggio.tiebreaks.printed import disagreeing

# FOUR (Swiss, 3 rounds; ratings 1: 2400, 2: 2381, 3: 2370, 4: 2360):
#   R1 1-2 1-0, 3-4 draw;  R2 1-3 draw, 2-4 1-0;  R3 1-4 draw, 2-3 1-0.
#   Points: 1: 2, 2: 2, 3: 1, 4: 1.
# DE (C.07 6): {1, 2}: 1 beat 2, separated: spareggio's sub-ranks 1, 2; the mutual game's score 1, 0.
#   {3, 4}: they drew, DE separates nobody: sub-ranks 1, 1; Swiss-Manager prints 0, 0; the mutual score ½, ½.
# BH: 1: 2 + 1 + 1 = 4;  2: 2 + 1 + 1 = 4;  3: 1 + 2 + 2 = 5;  4: 1 + 2 + 2 = 5.
# AOB (C.07 8.2): 1: (4 + 5 + 5) / 3 = 14/3 = 4.666...;  3: (5 + 4 + 4) / 3 = 13/3 = 4.333...; 2 as 1, 4 as 3.
# ARO (C.07 10.1, rounded to a whole number): 1: (2381 + 2370 + 2360) / 3 = 2370.33 -> 2370;
#   2: (2400 + 2360 + 2370) / 3 = 2376.67 -> 2377.
FOUR = {1: "+W2 =W3 =W4", 2: ". +W4 +W3", 3: "=W4 . .", 4: ". . ."}
RATINGS = {1: 2400, 2: 2381, 3: 2370, 4: 2360}


def printed(column: str, values: list[Fr | None]) -> spareggio.Tournament:
    """FOUR as a page that prints one column besides the points, with the ranks 1-4 in start order."""
    t = tournament(FOUR, ratings=RATINGS)
    players = tuple(dataclasses.replace(p, rank=p.start_number) for p in t.players)
    return dataclasses.replace(
        t, players=players, tiebreak_list=(column,), printed_values={column: tuple(values)}
    )


@pytest.mark.parametrize(
    ("values", "note"),
    [
        ([Fr(1), Fr(2), Fr(1), Fr(1)], None),  # spareggio's sub-rank
        (
            [Fr(1), Fr(2), Fr(0), Fr(0)],
            "DE is printed 0 for the players it does not separate, as Swiss-Manager prints it",
        ),
        (
            [Fr(1), Fr(0), Fr(1, 2), Fr(1, 2)],
            "DE is printed as the points scored against the other tied players",
        ),
    ],
)
def test_direct_encounter_in_each_programs_form(values: list[Fr], note: str | None) -> None:
    entry = check_tournament(printed("DE", values), CheckOptions())
    assert entry.values_compared == 4
    assert entry.value_mismatches == ()
    assert entry.status.value == "agree"
    notes = [w for w in entry.warnings if "DE is printed" in w]
    assert notes[0].startswith(note) if note else notes == []


def test_a_wrong_value_in_the_programs_form_is_still_a_difference() -> None:
    # the mutual score with 3's printed 1 instead of ½: the form is chosen by the other three
    entry = check_tournament(printed("DE", [Fr(1), Fr(0), Fr(1), Fr(1, 2)]), CheckOptions())
    (wrong,) = entry.value_mismatches
    assert (wrong.start_number, wrong.printed) == (3, 1)


@pytest.mark.parametrize(
    ("values", "decimals"),
    [
        ([Fr(47, 10), Fr(47, 10), Fr(43, 10), Fr(43, 10)], 1),  # 4.7, 4.7, 4.3, 4.3
        ([Fr(467, 100), Fr(467, 100), Fr(433, 100), Fr(433, 100)], 2),  # 4.67, 4.67, 4.33, 4.33
    ],
)
def test_an_average_printed_to_one_or_two_decimals(values: list[Fr], decimals: int) -> None:
    entry = check_tournament(printed("AOB", values), CheckOptions())
    assert entry.value_mismatches == ()
    assert f"AOB is printed rounded to {decimals} decimals: compared rounded" in entry.warnings
    # 4.6 is not 14/3 to one decimal
    wrong = check_tournament(printed("AOB", [Fr(46, 10), *values[1:]]), CheckOptions()).value_mismatches
    assert [(w.start_number, w.printed) for w in wrong] == [(1, 4.6)]


def test_a_rounded_average_printed_with_its_decimals() -> None:
    # ARO as the program keeps it, 2370.33 and 2376.67, is C.07's 2370 and 2377 rounded
    values = [Fr(237033, 100), Fr(237667, 100), None, None]
    assert check_tournament(printed("ARO", values), CheckOptions()).value_mismatches == ()
    wrong = check_tournament(printed("ARO", [Fr(237133, 100), *values[1:]]), CheckOptions()).value_mismatches
    assert [w.start_number for w in wrong] == [1]


def test_a_half_point_column_is_never_rounded_away() -> None:
    # BH is exact: a printed 4.5 for player 1 (BH 4) is a difference, whatever the column's decimals
    wrong = check_tournament(printed("BH", [Fr(9, 2), Fr(4), Fr(5), Fr(5)]), CheckOptions()).value_mismatches
    assert [(w.start_number, w.printed, w.computed) for w in wrong] == [(1, 4.5, 4)]


def test_a_printed_value_vegas_departure_gives_is_named() -> None:
    # tests/test_programs.py VEGA24: 4's zero-point bye followed only by a forfeit loss; BH(1) is 4 under
    # C.07 16.2.5 (the bye a draw), 3.5 as Vega computes with the 2024 text (the bye 0)
    from test_programs import VEGA24

    t = tournament(VEGA24, date="2025/06/01")
    players = tuple(dataclasses.replace(p, rank=None) for p in t.players)
    t = dataclasses.replace(t, players=players, tiebreak_list=("BH",), printed_values={"BH": (Fr(7, 2), None, None, None)})
    (wrong,) = check_tournament(t, CheckOptions()).value_mismatches
    assert (wrong.start_number, wrong.printed, wrong.computed) == (1, 3.5, 4)
    assert (wrong.program, wrong.departure, wrong.article) == ("Vega", "bye-then-forfeit=zero", "C.07 16.2.5")


@pytest.mark.parametrize(
    ("spec", "values", "wrong"),
    [
        # C.07 8.2, AOB of FOUR: 14/3, 14/3, 13/3, 13/3
        ("AOB", [Fr(467, 100), Fr(467, 100), Fr(433, 100), Fr(433, 100)], 0),  # rounded to 2 decimals
        ("AOB", [Fr(466, 100), Fr(466, 100), Fr(433, 100), Fr(433, 100)], 2),  # 4.66 is cut, not rounded
        ("AOB", [Fr(14, 3), None, None, Fr(13, 3)], 0),  # exact values, two players not printed
        # C.07 6: DE of FOUR, three forms; a column mixing two of them is wrong where it leaves its form
        ("DE", [Fr(1), Fr(2), Fr(0), Fr(0)], 0),
        ("DE", [Fr(1), Fr(0), Fr(1, 2), Fr(1, 2)], 0),
        ("DE", [Fr(1), Fr(2), Fr(1, 2), Fr(1, 2)], 1),  # 2 printed as a sub-rank among mutual scores
        # C.07 8.1, BH of FOUR: 4, 4, 5, 5, exact whatever the column's decimals
        ("BH", [Fr(4), Fr(4), Fr(5), Fr(5)], 0),
        ("BH", [Fr(9, 2), Fr(4), Fr(5), Fr(5)], 1),
    ],
)
def test_the_values_a_column_does_not_give(spec: str, values: list[Fr | None], wrong: int) -> None:
    # one rule for every reader of printed values: the results pages' legend without parameters,
    # the check's comparison, its naming of unnamed columns and --infer's count of contradictions
    (s,) = rank_lists(tournament(FOUR, ratings=RATINGS), [("fide-2026", [spec])])
    assert disagreeing(s.results[spec], values) == wrong
