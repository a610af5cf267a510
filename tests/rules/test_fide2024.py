"""Rule set ``fide-2024`` (C.07, 1 September 2023 to 28 February 2026): every kind of unplayed round.

The event is described in ``rule_events.py``.  The 2024 text of Article 16 is the 2026 one without
the caps of 16.4.1/16.4.2: the dummy opponent always has the player's own score (C.07 16.4, 2024).
16.3 (adjusted score) and 16.5 (VURs cut first, "the higher of the two") are the same.

Fixed parts: mid-event BH 8 / SB 4.75 from the games, last-round BH 5 / SB 3.5, withdrawn BH 2 /
SB 2, BH(2) = ABH(1) + 4.5.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from rule_events import Values, round_robin, swiss, values

import spareggio

RULES = "fide-2024"

# Columns: ABH(1), BH(1), BH/C1(1), SB(1), SB/C1(1), BH(2).
TABLE = [
    # own 3; ABH 3 (16.2.2).  Dummy = own 3 (C.07 16.4, no cap).  BH = 8 + 3 = 11; no VUR: C1 cuts 1.5 ->
    # 9.5.  SB = 4.75 + 1 x 3 = 7.75; C1 cuts player 2's (1.5, 1.5) -> 6.25.  BH(2) = 3 + 4.5 = 7.5.
    pytest.param("forfeit win", Values.of("3", "11", "9.5", "7.75", "6.25", "7.5"), id="forfeit-win"),
    # own 2; ABH 2 (16.2.4).  Dummy 2.  BH = 10; C1: VUR 2 >= least 1.5 -> cut the VUR (16.5) -> 8.
    # SB = 4.75 + 0 x 2 = 4.75; C1: VUR 0 < least 1.5 -> cut 1.5 -> 3.25.  BH(2) = 6.5.
    pytest.param("forfeit loss", Values.of("2", "10", "8", "4.75", "3.25", "6.5"), id="forfeit-loss"),
    # own 2: as the forfeit loss (the scheduled opponent's score plays no part without caps).
    pytest.param("double forfeit", Values.of("2", "10", "8", "4.75", "3.25", "6.5"), id="double-forfeit"),
    # own 3; ABH 3 (16.2.1).  Dummy 3.  BH = 11; not a VUR: C1 cuts 1.5 -> 9.5.  SB = 4.75 + 3 = 7.75;
    # C1 -> 6.25.  BH(2) = 7.5.
    pytest.param("PAB", Values.of("3", "11", "9.5", "7.75", "6.25", "7.5"), id="PAB"),
    # own 2.5; ABH 2.5 (16.2.3).  Dummy 2.5.  BH = 10.5; C1: VUR 2.5 >= 1.5 -> cut 2.5 -> 8.
    # SB = 4.75 + 1/2 x 2.5 = 6; C1: VUR 1.25 < 1.5 -> cut 1.5 -> 4.5.  BH(2) = 7.
    pytest.param("HPB", Values.of("2.5", "10.5", "8", "6", "4.5", "7"), id="HPB"),
    # own 3: FPB = PAB (16.2.1).
    pytest.param("FPB", Values.of("3", "11", "9.5", "7.75", "6.25", "7.5"), id="FPB"),
    # own 2; ABH 2 (16.2.3).  Dummy 2.  BH = 10; C1 cuts the VUR 2 -> 8.  SB = 4.75; C1: VUR 0 < 1.5 ->
    # cut 1.5 -> 3.25.  BH(2) = 6.5.
    pytest.param("ZPB", Values.of("2", "10", "8", "4.75", "3.25", "6.5"), id="ZPB"),
    pytest.param("absent", Values.of("2", "10", "8", "4.75", "3.25", "6.5"), id="absent"),
    # own 3; ABH 2.5 + 1/2 (16.2.5) = 3.  Dummy 3.  BH = 5 + 3 = 8; C1: VUR 3 >= 1/2 -> 5.
    # SB = 3.5 + 1/2 x 3 = 5; C1: VUR 1.5 >= 1/2 -> cut 1.5 -> 3.5.  BH(2) = 7.5.
    pytest.param("HPB last round", Values.of("3", "8", "5", "5", "3.5", "7.5"), id="HPB-last-round"),
    # own 2.5; ABH 2.5 + 1/2 (16.2.5) = 3.  Dummy 2.5.  BH = 7.5; C1 cuts the VUR 2.5 -> 5.
    # SB = 3.5 + 0; C1: VUR 0 < 1/2 -> cut 1/2 -> 3.  BH(2) = 7.5.
    pytest.param("ZPB last round", Values.of("3", "7.5", "5", "3.5", "3", "7.5"), id="ZPB-last-round"),
    # own 3.5; ABH 3.5 (16.2.1).  Dummy 3.5.  BH = 8.5; C1 cuts 1/2 -> 8.  SB = 3.5 + 3.5 = 7; C1 -> 6.5.
    # BH(2) = 8.
    pytest.param("PAB last round", Values.of("3.5", "8.5", "8", "7", "6.5", "8"), id="PAB-last-round"),
    # own 2; ABH 2 + 1/2 + 1/2 (16.2.5) = 3.  Dummies 2 + 2.  BH = 6; C1 cuts a VUR -> 4.
    # SB = 2; C1: VUR 0 < 1/2 -> cut 1/2 -> 1.5.  BH(2) = 7.5.
    pytest.param("withdrawn", Values.of("3", "6", "4", "2", "1.5", "7.5"), id="withdrawn"),
]


@pytest.mark.parametrize(("case", "expected"), TABLE)
def test_unplayed_round(case: str, expected: Values) -> None:
    assert values(swiss(case), RULES) == expected


# BH(fide-2024) - BH(fide-2026) = own score - the 2026 cap, where the cap binds (C.07 16.4.1, 16.4.2).
CAPS = [
    pytest.param("forfeit win", "2.5", id="forfeit-win"),  # own 3 - adj(5) 1/2
    pytest.param("forfeit loss", "0.5", id="forfeit-loss"),  # own 2 - adj(5) 1.5
    pytest.param("double forfeit", "1.5", id="double-forfeit"),  # own 2 - adj(5) 1/2
    pytest.param("PAB", "1", id="PAB"),  # own 3 - 4 x 1/2
    pytest.param("HPB", "0.5", id="HPB"),  # own 2.5 - 2
    pytest.param("FPB", "1", id="FPB"),  # own 3 - 2
    pytest.param("ZPB", "0", id="ZPB"),  # own 2 = cap 2: no difference
    pytest.param("absent", "0", id="absent"),  # own 2 = cap 2
    pytest.param("HPB last round", "1", id="HPB-last-round"),  # own 3 - 2
    pytest.param("ZPB last round", "0.5", id="ZPB-last-round"),  # own 2.5 - 2
    pytest.param("PAB last round", "1.5", id="PAB-last-round"),  # own 3.5 - 2
    pytest.param("withdrawn", "0", id="withdrawn"),  # own 2 = cap 2, twice
]


@pytest.mark.parametrize(("case", "difference"), CAPS)
def test_the_2026_caps_are_the_only_difference(case: str, difference: str) -> None:
    t = swiss(case)
    bh_2024 = spareggio.rank(t, ["BH"], rules="fide-2024").row_of(1).values["BH"]
    bh_2026 = spareggio.rank(t, ["BH"], rules="fide-2026").row_of(1).values["BH"]
    assert bh_2024 is not None and bh_2026 is not None
    assert bh_2024 - bh_2026 == Fraction(difference)


def test_round_robin_article_15() -> None:
    """C.07 15.2 (2024 text): forfeits are regular games, the free round is ignored.

    As under fide-2026 (no dummy is involved): BH(1) = 1.5 + 1 + 2.5 + 2.5 = 7.5, C1 -> 6.5 (cuts the
    forfeit-won game's 1, no VUR rule); SB = 1.5 + 1 + 0 + 1.25 = 3.75, C1 -> 2.75; ABH = 2.5;
    BH(4) = 1 + 2.5 + 1.5 + 2.5 = 7.5 (his free round is no element).
    """
    expected = Values.of("2.5", "7.5", "6.5", "3.75", "2.75", "7.5")
    assert values(round_robin(), RULES, opponent=4) == expected
