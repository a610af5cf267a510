"""Rule set ``fide-2009`` (Kallithea 2009, seed 003 as quoted in the Vega manual; digest §7.1).

(a) An own unplayed round R counts a virtual opponent: Svon = SPR + (1 - SfPR) + 1/2 x (n - R), i.e.
    the player's score before round R, the opposite of his result in R, a draw in each later round.
    Seed 003 checks the formula: A, default win in R3 of 9 with 2 points: 2 + 0 + 6 x 1/2 = 5;
    B, absent in R7 with 4 points: 4 + 1 + 2 x 1/2 = 6.
(b) For the opponents every round without a game over the board counts as a draw (docs/rules.md,
    default reading ``draws=unplayed``).
SB multiplies the virtual opponent by the points scored; no 16.5 preference in cuts.

Event in ``rule_events.py`` (n = 4).  Mid-event cases: R = 2, SPR = 1 (the win against 2), later draws
1/2 x 2 = 1, so Svon = 2 + opposite.  Player 1 has 2 points from his games, so ABH = 2 + 1/2 = 2.5 in
every mid-event case.  Last-round cases: R = 4, SPR = 2.5, no later round: Svon = 2.5 + opposite.
Fixed parts: mid-event BH 8 / SB 4.75 from the games, last-round BH 5 / SB 3.5, withdrawn BH 2 /
SB 2, BH(2) = ABH(1) + 4.5.
"""

from __future__ import annotations

import pytest
from rule_events import Values, round_robin, swiss, values

RULES = "fide-2009"

# Columns: ABH(1), BH(1), BH/C1(1), SB(1), SB/C1(1), BH(2).
TABLE = [
    # Svon = 1 + 0 (opposite of a win) + 1 = 2 (seed 003 (a)).  ABH = 2 + 1/2 (forfeit win as a draw, (b)).
    # BH = 8 + 2 = 10; C1 cuts 1.5 -> 8.5.  SB = 4.75 + 1 x 2 = 6.75; C1 cuts (1.5, 1.5) -> 5.25.
    # BH(2) = 2.5 + 4.5 = 7.
    pytest.param("forfeit win", Values.of("2.5", "10", "8.5", "6.75", "5.25", "7"), id="forfeit-win"),
    # Svon = 1 + 1 + 1 = 3.  ABH = 2.5.  BH = 11; C1 cuts 1.5 (no VUR rule) -> 9.5.
    # SB = 4.75 + 0 x 3 = 4.75 ("a forfeit loss yields nothing"); C1 cuts player 2's (1.5, 1.5) -> 3.25.
    pytest.param("forfeit loss", Values.of("2.5", "11", "9.5", "4.75", "3.25", "7"), id="forfeit-loss"),
    # A double forfeit is a loss by default: as the forfeit loss.
    pytest.param("double forfeit", Values.of("2.5", "11", "9.5", "4.75", "3.25", "7"), id="double-forfeit"),
    # PAB = a win by default: Svon = 2; ABH: the bye counts 1/2 for the opponents (b) = 2.5.
    # As the forfeit win.
    pytest.param("PAB", Values.of("2.5", "10", "8.5", "6.75", "5.25", "7"), id="PAB"),
    # Svon = 1 + 1/2 + 1 = 2.5.  ABH = 2.5.  BH = 10.5; C1 cuts 1.5 -> 9.  SB = 4.75 + 1/2 x 2.5 = 6;
    # C1 cuts 1.5 -> 4.5.  BH(2) = 7.
    pytest.param("HPB", Values.of("2.5", "10.5", "9", "6", "4.5", "7"), id="HPB"),
    pytest.param("FPB", Values.of("2.5", "10", "8.5", "6.75", "5.25", "7"), id="FPB"),  # as the PAB
    # Svon = 1 + 1 + 1 = 3 (seed 003, B: absent = a loss by default).  As the forfeit loss.
    pytest.param("ZPB", Values.of("2.5", "11", "9.5", "4.75", "3.25", "7"), id="ZPB"),
    pytest.param("absent", Values.of("2.5", "11", "9.5", "4.75", "3.25", "7"), id="absent"),
    # Svon = 2.5 + 1/2 + 0 = 3.  ABH = 2.5 + 1/2 = 3.  BH = 5 + 3 = 8; C1 cuts 1/2 (player 5) -> 7.5.
    # SB = 3.5 + 1/2 x 3 = 5; C1 cuts (1/2, 1/2) -> 4.5.  BH(2) = 3 + 4.5 = 7.5.
    pytest.param("HPB last round", Values.of("3", "8", "7.5", "5", "4.5", "7.5"), id="HPB-last-round"),
    # Svon = 2.5 + 1 = 3.5.  ABH = 3.  BH = 8.5; C1 -> 8.  SB = 3.5 + 0; C1 cuts 1/2 -> 3.  BH(2) = 7.5.
    pytest.param("ZPB last round", Values.of("3", "8.5", "8", "3.5", "3", "7.5"), id="ZPB-last-round"),
    # Svon = 2.5 + 0 = 2.5.  ABH = 2.5 + 1/2 (the PAB as a draw) = 3.  BH = 7.5; C1 -> 7.
    # SB = 3.5 + 1 x 2.5 = 6; C1 -> 5.5.  BH(2) = 7.5.
    pytest.param("PAB last round", Values.of("3", "7.5", "7", "6", "5.5", "7.5"), id="PAB-last-round"),
    # R3: Svon = 2 + 1 + 1/2 x 1 = 3.5; R4: 2 + 1 + 0 = 3.  ABH = 2 + 1/2 + 1/2 = 3.
    # BH = 1.5 + 1/2 + 3.5 + 3 = 8.5; C1 cuts 1/2 -> 8.  SB = 1.5 + 1/2 + 0 + 0 = 2; C1 cuts 1/2 -> 1.5.
    pytest.param("withdrawn", Values.of("3", "8.5", "8", "2", "1.5", "7.5"), id="withdrawn"),
]


@pytest.mark.parametrize(("case", "expected"), TABLE)
def test_unplayed_round(case: str, expected: Values) -> None:
    assert values(swiss(case), RULES) == expected


def test_round_robin_unplayed_games_count_as_played() -> None:
    """Seed 003: in round robins unplayed games are "considered as really played" (Art. 15 behaviour).

    Player 1: +2 (1.5), +F3 (1), -F4 (2.5), =5 (2.5), free round ignored; actual scores, no step (b).
    BH = 7.5, C1 -> 6.5; SB = 1.5 + 1 + 0 + 1.25 = 3.75, C1 -> 2.75; ABH 2.5; BH(4) = 1 + 2.5 + 1.5 + 2.5.
    """
    expected = Values.of("2.5", "7.5", "6.5", "3.75", "2.75", "7.5")
    assert values(round_robin(), RULES, opponent=4) == expected
