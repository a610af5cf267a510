"""Rule set ``draw-vs-self`` (older FIDE C.06.11 as read by the Vega manual; seed 001, digest §7.2).

Every participant has a tie-break score: points of the games played over the board + 1/2 for every
unplayed round, whatever its result.  Opponents count with it; each own unplayed round is a drawn
game against oneself: key = own tie-break score, SB factor = 1/2.  No preference for VURs in cuts.
Seed 001, MARCO: BH = 0.5 + 3.0 (own, bye round) + 1.5 + 3.0 = 8.0.

Event in ``rule_events.py``.  Mid-event cases: player 1 has 2 points from games, tie-break score
2 + 1/2 = 2.5 whatever the unplayed round was.  Last-round cases: 2.5 + 1/2 = 3.  Withdrawn: 2 + 1/2
+ 1/2 = 3.  Fixed parts: mid-event BH 8 / SB 4.75 from the games, last-round BH 5 / SB 3.5,
withdrawn BH 2 / SB 2, BH(2) = ABH(1) + 4.5.
"""

from __future__ import annotations

import pytest
from rule_events import CASES, Values, round_robin, swiss, values

RULES = "draw-vs-self"

# Mid-event (seed 001): ABH 2.5; BH = 8 + 2.5 = 10.5, C1 cuts 1.5 -> 9; SB = 4.75 + 1/2 x 2.5 = 6,
# C1 cuts (1.5, 1.5) -> 4.5; BH(2) = 2.5 + 4.5 = 7.
MID = Values.of("2.5", "10.5", "9", "6", "4.5", "7")
# Last round (seed 001): ABH 3; BH = 5 + 3 = 8, C1 cuts 1/2 -> 7.5; SB = 3.5 + 1/2 x 3 = 5, C1 cuts
# (1/2, 1/2) -> 4.5; BH(2) = 3 + 4.5 = 7.5.
LAST = Values.of("3", "8", "7.5", "5", "4.5", "7.5")

# Columns: ABH(1), BH(1), BH/C1(1), SB(1), SB/C1(1), BH(2).  Whatever the result of the unplayed round
# (a forfeit won or lost, any bye, an absence), it is a draw against oneself: the rows only differ by
# where the unplayed round falls.
TABLE = [
    pytest.param("forfeit win", MID, id="forfeit-win"),  # the forfeit's 1 point is replaced by 1/2
    pytest.param("forfeit loss", MID, id="forfeit-loss"),  # 0 -> 1/2; the scheduled opponent plays no part
    pytest.param("double forfeit", MID, id="double-forfeit"),
    pytest.param("PAB", MID, id="PAB"),
    pytest.param("HPB", MID, id="HPB"),
    pytest.param("FPB", MID, id="FPB"),
    pytest.param("ZPB", MID, id="ZPB"),  # seed 001: MARCO's "-BYE" counts his own 3.0
    pytest.param("absent", MID, id="absent"),
    pytest.param("HPB last round", LAST, id="HPB-last-round"),
    pytest.param("ZPB last round", LAST, id="ZPB-last-round"),
    pytest.param("PAB last round", LAST, id="PAB-last-round"),
    # Tie-break score 2 + 1/2 + 1/2 = 3.  BH = 1.5 + 1/2 + 3 + 3 = 8; C1 cuts 1/2 -> 7.5.
    # SB = 1.5 + 1/2 + 1/2 x 3 + 1/2 x 3 = 5; C1 cuts (1/2, 1/2) -> 4.5.  BH(2) = 3 + 4.5 = 7.5.
    pytest.param("withdrawn", Values.of("3", "8", "7.5", "5", "4.5", "7.5"), id="withdrawn"),
]


def test_every_case_is_covered() -> None:
    assert {p.values[0] for p in TABLE} == set(CASES)


@pytest.mark.parametrize(("case", "expected"), TABLE)
def test_unplayed_round(case: str, expected: Values) -> None:
    assert values(swiss(case), RULES) == expected


def test_round_robin_article_15() -> None:
    """docs/rules.md: round robins apply Art. 15 under every rule set but us-chess and naive.

    Player 1: +2 (1.5), +F3 (1), -F4 (2.5), =5 (2.5) as games with actual scores, free round no element:
    BH = 7.5, C1 -> 6.5; SB = 3.75, C1 -> 2.75; ABH 2.5 (no draw for the forfeits); BH(4) = 7.5.
    """
    expected = Values.of("2.5", "7.5", "6.5", "3.75", "2.75", "7.5")
    assert values(round_robin(), RULES, opponent=4) == expected
