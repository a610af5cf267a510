"""Rule set ``naive`` (docs/rules.md, digest §7.4): no adjustment at all.

Only games played over the board count, against the opponents' actual scores; unplayed rounds are
not elements (so Cut 1 removes the weakest real game); with ``/P`` forfeits count against the
scheduled opponent.  Round robins are not given the C.07 Art. 15 treatment.

Event in ``rule_events.py``.  Mid-event cases: games +2 (1.5), =3 (3), =4 (3.5): BH 8, C1 cuts 1.5 ->
6.5, SB 4.75, C1 cuts (1.5, 1.5) -> 3.25.  Last-round cases: games +2 (1.5), +5 (1/2), =3 (3): BH 5, C1
-> 4.5, SB 3.5, C1 -> 3.  Withdrawn: +2, +5: BH 2, C1 -> 1.5, SB 2, C1 -> 1.5.  ABH = actual score,
BH(2) = actual score of 1 + 4.5.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from rule_events import CASES, Values, round_robin, swiss, values

import spareggio

RULES = "naive"

# Columns: ABH(1), BH(1), BH/C1(1), SB(1), SB/C1(1), BH(2); only ABH and BH(2) follow the score of 1.
TABLE = [
    pytest.param("forfeit win", Values.of("3", "8", "6.5", "4.75", "3.25", "7.5"), id="forfeit-win"),  # own 3
    pytest.param("forfeit loss", Values.of("2", "8", "6.5", "4.75", "3.25", "6.5"), id="forfeit-loss"),  # 2
    pytest.param("double forfeit", Values.of("2", "8", "6.5", "4.75", "3.25", "6.5"), id="double-forfeit"),
    pytest.param("PAB", Values.of("3", "8", "6.5", "4.75", "3.25", "7.5"), id="PAB"),  # own 3
    pytest.param("HPB", Values.of("2.5", "8", "6.5", "4.75", "3.25", "7"), id="HPB"),  # own 2.5
    pytest.param("FPB", Values.of("3", "8", "6.5", "4.75", "3.25", "7.5"), id="FPB"),  # own 3
    pytest.param("ZPB", Values.of("2", "8", "6.5", "4.75", "3.25", "6.5"), id="ZPB"),  # own 2
    pytest.param("absent", Values.of("2", "8", "6.5", "4.75", "3.25", "6.5"), id="absent"),  # own 2
    pytest.param("HPB last round", Values.of("3", "5", "4.5", "3.5", "3", "7.5"), id="HPB-last-round"),  # 3
    pytest.param("ZPB last round", Values.of("2.5", "5", "4.5", "3.5", "3", "7"), id="ZPB-last-round"),  # 2.5
    pytest.param("PAB last round", Values.of("3.5", "5", "4.5", "3.5", "3", "8"), id="PAB-last-round"),  # 3.5
    pytest.param("withdrawn", Values.of("2", "2", "1.5", "2", "1.5", "6.5"), id="withdrawn"),  # own 2
]


def test_every_case_is_covered() -> None:
    assert {p.values[0] for p in TABLE} == set(CASES)


@pytest.mark.parametrize(("case", "expected"), TABLE)
def test_unplayed_round(case: str, expected: Values) -> None:
    assert values(swiss(case), RULES) == expected


# BH/P: forfeits count against the scheduled opponent 5 with his actual score; byes still count nothing.
FORFEITS_AS_PLAYED = [
    pytest.param("forfeit win", "8.5", id="forfeit-win"),  # 8 + 5's 1/2
    pytest.param("forfeit loss", "9.5", id="forfeit-loss"),  # 8 + 5's 1.5
    pytest.param("double forfeit", "8.5", id="double-forfeit"),  # 8 + 5's 1/2
    pytest.param("PAB", "8", id="PAB"),  # no scheduled opponent
    pytest.param("withdrawn", "2", id="withdrawn"),
]


@pytest.mark.parametrize(("case", "expected"), FORFEITS_AS_PLAYED)
def test_forfeits_as_played(case: str, expected: str) -> None:
    s = spareggio.rank(swiss(case), ["BH/P"], rules=RULES)
    assert s.row_of(1).values["BH/P"] == Fraction(expected)


def test_round_robin_is_not_article_15() -> None:
    """Player 1 of the round robin: games +2 (1.5) and =5 (2.5) only; forfeits and the free round are
    not elements.  BH = 4, C1 cuts 1.5 -> 2.5; SB = 1.5 + 1.25 = 2.75, C1 cuts (1.5, 1.5) -> 1.25;
    ABH = actual 2.5.  BH(4) = games -3 (1), +2 (1.5), =5 (2.5) = 5 (his forfeit win is no element).
    """
    expected = Values.of("2.5", "4", "2.5", "2.75", "1.25", "5")
    assert values(round_robin(), RULES, opponent=4) == expected
