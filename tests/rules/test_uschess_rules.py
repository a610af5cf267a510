"""Rule set ``us-chess`` (US Chess rule 34E; digest §7.5) under the C.07 opponent-score tie-breaks.

Opponents count with US adjusted scores: every unplayed game of theirs (byes of any value, forfeits
won or lost, rounds after withdrawal) counts 1/2.  A player's own unplayed games count as opponents
with 0.  No preference for VURs in cuts.  Round robins are not given the C.07 Art. 15 treatment.

Event in ``rule_events.py``: player 1 has 2 points from games in the mid-event cases, so ABH = 2 + 1/2
= 2.5 whatever the unplayed round was; 2.5 + 1/2 = 3 in the last-round cases; 2 + 1/2 + 1/2 = 3 when
withdrawn.  Fixed parts: mid-event BH 8 / SB 4.75 from the games, last-round BH 5 / SB 3.5, withdrawn
BH 2 / SB 2, BH(2) = ABH(1) + 4.5.
"""

from __future__ import annotations

import pytest
from rule_events import CASES, Values, round_robin, swiss, values

RULES = "us-chess"

# Mid-event (34E): BH = 8 + 0 (own unplayed game), C1 cuts the 0 -> 8; SB = 4.75 + 0, C1 -> 4.75;
# ABH 2.5; BH(2) = 2.5 + 4.5 = 7.
MID = Values.of("2.5", "8", "8", "4.75", "4.75", "7")
# Last round: BH = 5 + 0, C1 -> 5; SB = 3.5, C1 -> 3.5; ABH 3; BH(2) = 7.5.
LAST = Values.of("3", "5", "5", "3.5", "3.5", "7.5")

# Columns: ABH(1), BH(1), BH/C1(1), SB(1), SB/C1(1), BH(2).
TABLE = [
    pytest.param("forfeit win", MID, id="forfeit-win"),  # 34E: forfeit won -> 1/2 for the opponents, 0 own
    pytest.param("forfeit loss", MID, id="forfeit-loss"),  # forfeit lost -> 1/2, 0 own
    pytest.param("double forfeit", MID, id="double-forfeit"),
    pytest.param("PAB", MID, id="PAB"),  # a bye of any value -> 1/2
    pytest.param("HPB", MID, id="HPB"),
    pytest.param("FPB", MID, id="FPB"),
    pytest.param("ZPB", MID, id="ZPB"),
    pytest.param("absent", MID, id="absent"),
    pytest.param("HPB last round", LAST, id="HPB-last-round"),
    pytest.param("ZPB last round", LAST, id="ZPB-last-round"),
    pytest.param("PAB last round", LAST, id="PAB-last-round"),
    # Rounds after withdrawal -> 1/2 each: ABH 2 + 1 = 3.  BH = 1.5 + 1/2 + 0 + 0 = 2, C1 cuts a 0 -> 2;
    # SB = 2, C1 -> 2; BH(2) = 3 + 4.5 = 7.5.
    pytest.param("withdrawn", Values.of("3", "2", "2", "2", "2", "7.5"), id="withdrawn"),
]


def test_every_case_is_covered() -> None:
    assert {p.values[0] for p in TABLE} == set(CASES)


@pytest.mark.parametrize(("case", "expected"), TABLE)
def test_unplayed_round(case: str, expected: Values) -> None:
    assert values(swiss(case), RULES) == expected


def test_round_robin_is_not_article_15() -> None:
    """docs/rules.md: us-chess keeps 34E in round robins (forfeits and the free round are unplayed games).

    US adjusted scores: 1 = 1 + 1/2 (F) + 1/2 (F) + 1/2 + 1/2 (free) = 3; 2 = 0 + 1/2 + 1/2 (free) + 0 + 1
    = 2; 3 = 1 + 1/2 (F) + 0 + 1/2 (free) + 0 = 2; 5 = 1/2 (free) + 1/2 + 1 + 1/2 + 1/2 = 3.
    Player 1: +2 (2), +F3 (0), -F4 (0), =5 (3), free (0): BH = 5, C1 cuts a 0 -> 5; SB = 1 x 2 + 1/2 x 3
    = 3.5, C1 cuts a (0, 0) -> 3.5.  BH(4) = 3 (2) + free (0) + F1 (0) + 2 (2) + 5 (3) = 7.
    """
    expected = Values.of("3", "5", "5", "3.5", "3.5", "7")
    assert values(round_robin(), RULES, opponent=4) == expected
