"""Rule set ``italian`` ("Bucholz variante italiana", seed 001; digest §7.3).

Unplayed games count as if played: a forfeit (won or lost) against the scheduled opponent with his
actual score; any round without a scheduled opponent (PAB, FPB, HPB, ZPB, absence, withdrawal)
against an opponent with 0 points.  Opponents count with their actual scores (no adjustment); no
preference for VURs in cuts: a bye's 0 is the value Cut 1 removes.

Event in ``rule_events.py``: player 5's actual score is 1/2 after a forfeit or double-forfeit loss,
1.5 after a forfeit win.  Fixed parts: mid-event BH 8 / SB 4.75 from the games, last-round BH 5 /
SB 3.5, withdrawn BH 2 / SB 2, BH(2) = actual score of 1 + 4.5.
"""

from __future__ import annotations

import pytest
from rule_events import CASES, Values, round_robin, swiss, values

import spareggio

RULES = "italian"

# Columns: ABH(1), BH(1), BH/C1(1), SB(1), SB/C1(1), BH(2).  ABH = actual score.
TABLE = [
    # own 3.  Forfeit = game against 5 (actual 1/2): BH = 8 + 1/2 = 8.5, C1 cuts 1/2 -> 8.
    # SB = 4.75 + 1 x 1/2 = 5.25, C1 cuts (1/2, 1/2) -> 4.75.  BH(2) = 3 + 4.5 = 7.5.
    pytest.param("forfeit win", Values.of("3", "8.5", "8", "5.25", "4.75", "7.5"), id="forfeit-win"),
    # own 2.  Game against 5 (actual 1.5): BH = 9.5, C1 cuts 1.5 -> 8.  SB = 4.75 + 0 x 1.5; C1 cuts the
    # lowest contribution among the 1.5-scored (14.1.1 d), the 0 -> 4.75.  BH(2) = 6.5.
    pytest.param("forfeit loss", Values.of("2", "9.5", "8", "4.75", "4.75", "6.5"), id="forfeit-loss"),
    # own 2.  Game against 5 (actual 1/2): BH = 8.5, C1 -> 8; SB = 4.75, C1 cuts (1/2, 0) -> 4.75.
    pytest.param("double forfeit", Values.of("2", "8.5", "8", "4.75", "4.75", "6.5"), id="double-forfeit"),
    # own 3.  Bye = opponent with 0: BH = 8 + 0 = 8, C1 cuts the 0 -> 8; SB = 4.75 + 1 x 0, C1 -> 4.75.
    pytest.param("PAB", Values.of("3", "8", "8", "4.75", "4.75", "7.5"), id="PAB"),
    pytest.param("HPB", Values.of("2.5", "8", "8", "4.75", "4.75", "7"), id="HPB"),  # own 2.5
    pytest.param("FPB", Values.of("3", "8", "8", "4.75", "4.75", "7.5"), id="FPB"),  # own 3
    pytest.param("ZPB", Values.of("2", "8", "8", "4.75", "4.75", "6.5"), id="ZPB"),  # own 2
    pytest.param("absent", Values.of("2", "8", "8", "4.75", "4.75", "6.5"), id="absent"),  # own 2
    # Last round: BH = 5 + 0, C1 cuts the 0 -> 5; SB = 3.5 + 0, C1 -> 3.5; ABH = actual score (no 16.2.5).
    pytest.param("HPB last round", Values.of("3", "5", "5", "3.5", "3.5", "7.5"), id="HPB-last-round"),
    pytest.param("ZPB last round", Values.of("2.5", "5", "5", "3.5", "3.5", "7"), id="ZPB-last-round"),
    pytest.param("PAB last round", Values.of("3.5", "5", "5", "3.5", "3.5", "8"), id="PAB-last-round"),
    # own 2.  BH = 1.5 + 1/2 + 0 + 0 = 2, C1 cuts a 0 -> 2; SB = 2, C1 -> 2.  BH(2) = 2 + 4.5 = 6.5.
    pytest.param("withdrawn", Values.of("2", "2", "2", "2", "2", "6.5"), id="withdrawn"),
]


def test_every_case_is_covered() -> None:
    assert {p.values[0] for p in TABLE} == set(CASES)


@pytest.mark.parametrize(("case", "expected"), TABLE)
def test_unplayed_round(case: str, expected: Values) -> None:
    assert values(swiss(case), RULES) == expected


def test_usual_list_is_buchholz_cut_1() -> None:
    """Seed 001: the Italian default tie-break is Buchholz Cut 1 (docs/rules.md)."""
    s = spareggio.rank(swiss("PAB"), None, rules=RULES)
    assert s.labels == ["BH/C1"]
    assert s.row_of(1).values["BH/C1"] == 8  # as in the table above


def test_round_robin_article_15() -> None:
    """docs/rules.md: round robins apply Art. 15; the free round is no element (not a 0-point opponent).

    Player 1: +2 (1.5), +F3 (1), -F4 (2.5), =5 (2.5): BH = 7.5, C1 cuts 1 -> 6.5 (a free round counted as
    a bye against 0 would have been cut instead); SB = 3.75, C1 -> 2.75; ABH 2.5; BH(4) = 7.5.
    """
    expected = Values.of("2.5", "7.5", "6.5", "3.75", "2.75", "7.5")
    assert values(round_robin(), RULES, opponent=4) == expected
