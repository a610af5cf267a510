"""Rule set ``fide-2026`` (C.07 from 1 March 2026): every kind of unplayed round, by hand.

The event is described in ``rule_events.py``: player 1 has the unplayed round, player 2 is one of his
opponents.  Under this rule set (C.07 16.3-16.5):

* 16.3: player 1 counts for his opponents with what he received, except a requested bye, absence or
  round after withdrawal followed only by voluntary unplayed rounds or in the last round (16.2.5):
  a draw (1/2);
* 16.4.1: a forfeit's dummy is min(own score, scheduled opponent's adjusted score);
  16.4.2: any other unplayed round's dummy is min(own score, D x R) = min(own, 1/2 x 4 = 2);
* 16.5: a cut compares the smallest VUR contribution with the least significant value and removes
  the higher of the two (a tie removes the VUR); forfeit wins, PAB and FPB are not VURs (16.1.2).

Fixed parts: mid-event BH 8 / SB 4.75 from the games, last-round BH 5 / SB 3.5, withdrawn BH 2 /
SB 2, BH(2) = ABH(1) + 4.5 (see ``rule_events.py``).
"""

from __future__ import annotations

import pytest
from rule_events import CASES, Values, round_robin, swiss, values

from spareggio.core.model import ResultKind

RULES = "fide-2026"

K = ResultKind

KINDS = [
    ("forfeit win", (K.PLAYED_WIN, K.FORFEIT_WIN, K.PLAYED_DRAW, K.PLAYED_DRAW)),
    ("forfeit loss", (K.PLAYED_WIN, K.FORFEIT_LOSS, K.PLAYED_DRAW, K.PLAYED_DRAW)),
    ("double forfeit", (K.PLAYED_WIN, K.DOUBLE_FORFEIT, K.PLAYED_DRAW, K.PLAYED_DRAW)),
    ("PAB", (K.PLAYED_WIN, K.PAB, K.PLAYED_DRAW, K.PLAYED_DRAW)),
    ("HPB", (K.PLAYED_WIN, K.HALF_BYE, K.PLAYED_DRAW, K.PLAYED_DRAW)),
    ("FPB", (K.PLAYED_WIN, K.FULL_BYE, K.PLAYED_DRAW, K.PLAYED_DRAW)),
    ("ZPB", (K.PLAYED_WIN, K.ZERO_BYE, K.PLAYED_DRAW, K.PLAYED_DRAW)),
    ("absent", (K.PLAYED_WIN, K.ABSENT, K.PLAYED_DRAW, K.PLAYED_DRAW)),
    ("HPB last round", (K.PLAYED_WIN, K.PLAYED_WIN, K.PLAYED_DRAW, K.HALF_BYE)),
    ("ZPB last round", (K.PLAYED_WIN, K.PLAYED_WIN, K.PLAYED_DRAW, K.ZERO_BYE)),
    ("PAB last round", (K.PLAYED_WIN, K.PLAYED_WIN, K.PLAYED_DRAW, K.PAB)),
    ("withdrawn", (K.PLAYED_WIN, K.PLAYED_WIN, K.WITHDRAWN, K.WITHDRAWN)),
]


@pytest.mark.parametrize(("case", "kinds"), KINDS, ids=[c for c, _ in KINDS])
def test_the_event_encodes_the_intended_round(case: str, kinds: tuple[ResultKind, ...]) -> None:
    """The builder's cards give player 1 exactly the kinds the tables below assume (docs/rules.md,
    'Kinds of rounds': a trailing run of rounds without entry is a withdrawal)."""
    t = swiss(case)
    assert t.rounds == 4 and not t.is_round_robin
    assert tuple(ResultKind(int(k)) for k in t.kind[0]) == kinds


def test_every_case_is_covered() -> None:
    assert {c for c, _ in KINDS} == set(CASES) == {p.values[0] for p in TABLE}


# Columns: ABH(1), BH(1), BH/C1(1), SB(1), SB/C1(1), BH(2).
TABLE = [
    # own 3 (1 + 1 + 1/2 + 1/2).  ABH: forfeit win counted as received (16.2.2, 16.3) = 3.
    # 5 = 1/2 (draw) + 0 (forfeit loss kept at 0, 16.2.4) = 1/2 -> dummy = min(3, 1/2) = 1/2 (C.07 16.4.1).
    # BH = 8 + 1/2 = 8.5; no VUR (forfeit win, 16.1.2): C1 cuts 1/2 -> 8.
    # SB = 4.75 + 1 x 1/2 = 5.25; C1 cuts the lowest-scored element (1/2, 1/2) -> 4.75.  BH(2) = 3 + 4.5.
    pytest.param("forfeit win", Values.of("3", "8.5", "8", "5.25", "4.75", "7.5"), id="forfeit-win"),
    # own 2.  ABH: forfeit loss kept at 0 (16.2.4) = 2.  adj(5) = 1/2 + 1 = 1.5 -> dummy min(2, 1.5) = 1.5
    # (16.4.1).  BH = 8 + 1.5 = 9.5; C1: VUR 1.5 vs least 1.5 (player 2), tie cuts the VUR (16.5) -> 8.
    # SB = 4.75 + 0 x 1.5 = 4.75; C1: least significant is the dummy (1.5, contribution 0 < 1.5 of player 2,
    # 14.1.1 d), itself the VUR: cut 0 -> 4.75.  BH(2) = 2 + 4.5 = 6.5.
    pytest.param("forfeit loss", Values.of("2", "9.5", "8", "4.75", "4.75", "6.5"), id="forfeit-loss"),
    # own 2.  ABH = 2 (16.2.4).  adj(5) = 1/2 + 0 = 1/2 -> dummy min(2, 1/2) = 1/2 (16.4.1).
    # BH = 8.5; C1: the VUR (1/2) is also the least -> 8.  SB = 4.75 + 0 = 4.75; C1 cuts the VUR's 0 -> 4.75.
    # BH(2) = 6.5.
    pytest.param("double forfeit", Values.of("2", "8.5", "8", "4.75", "4.75", "6.5"), id="double-forfeit"),
    # own 3.  ABH: PAB counted as received (16.2.1) = 3.  Dummy min(3, 2) = 2 (16.4.2).
    # BH = 10; not a VUR: C1 cuts 1.5 -> 8.5.  SB = 4.75 + 1 x 2 = 6.75; C1 cuts player 2's 1.5 -> 5.25.
    # BH(2) = 3 + 4.5 = 7.5.
    pytest.param("PAB", Values.of("3", "10", "8.5", "6.75", "5.25", "7.5"), id="PAB"),
    # own 2.5.  ABH: HPB followed by games is 16.2.3, counted as received (1/2) = 2.5.
    # Dummy min(2.5, 2) = 2 (16.4.2).  BH = 10; C1: VUR 2 >= least 1.5, the VUR is cut (16.5) -> 8.
    # SB = 4.75 + 1/2 x 2 = 5.75; C1: VUR contribution 1 < least 1.5, the higher (1.5) is cut -> 4.25.
    # BH(2) = 2.5 + 4.5 = 7.
    pytest.param("HPB", Values.of("2.5", "10", "8", "5.75", "4.25", "7"), id="HPB"),
    # own 3.  FPB is 16.2.1 like the PAB, not a VUR: same values as the PAB.
    pytest.param("FPB", Values.of("3", "10", "8.5", "6.75", "5.25", "7.5"), id="FPB"),
    # own 2.  ABH: ZPB followed by games (16.2.3) counts 0 = 2.  Dummy min(2, 2) = 2 (16.4.2, no cap bites).
    # BH = 10; C1: VUR 2 >= 1.5 -> cut the VUR -> 8.  SB = 4.75 + 0 x 2 = 4.75; C1: VUR 0 < 1.5 -> cut
    # 1.5 -> 3.25.  BH(2) = 2 + 4.5 = 6.5.
    pytest.param("ZPB", Values.of("2", "10", "8", "4.75", "3.25", "6.5"), id="ZPB"),
    # Not paired (blank) = a zero-point bye (docs/rules.md, kinds of rounds): same as the ZPB.
    pytest.param("absent", Values.of("2", "10", "8", "4.75", "3.25", "6.5"), id="absent"),
    # own 3.  ABH: HPB in the last round (16.2.5) counts a draw, 1/2 -> 3.  Dummy min(3, 2) = 2 (16.4.2).
    # BH = 5 + 2 = 7; C1: VUR 2 >= least 1/2 (player 5) -> cut the VUR -> 5.
    # SB = 3.5 + 1/2 x 2 = 4.5; C1: VUR 1 >= least 1/2 -> cut the VUR -> 3.5.  BH(2) = 3 + 4.5 = 7.5.
    pytest.param("HPB last round", Values.of("3", "7", "5", "4.5", "3.5", "7.5"), id="HPB-last-round"),
    # own 2.5.  ABH: ZPB in the last round (16.2.5) counts 1/2 -> 2.5 + 1/2 = 3.  Dummy min(2.5, 2) = 2.
    # BH = 7; C1 cuts the VUR (2 >= 1/2) -> 5.  SB = 3.5 + 0; C1: VUR 0 < 1/2 -> cut 1/2 -> 3.
    # BH(2) = 3 + 4.5 = 7.5.
    pytest.param("ZPB last round", Values.of("3", "7", "5", "3.5", "3", "7.5"), id="ZPB-last-round"),
    # own 3.5.  ABH: a PAB is not a requested bye, kept at 1 even in the last round (16.2.1) = 3.5.
    # Dummy min(3.5, 2) = 2 (16.4.2).  BH = 7; no VUR: C1 cuts 1/2 -> 6.5.  SB = 3.5 + 1 x 2 = 5.5;
    # C1 cuts (1/2, 1/2) -> 5.  BH(2) = 3.5 + 4.5 = 8.
    pytest.param("PAB last round", Values.of("3.5", "7", "6.5", "5.5", "5", "8"), id="PAB-last-round"),
    # own 2.  ABH: rounds 3-4 after withdrawal are zero-point byes followed only by VURs (16.1.1, 16.2.5):
    # 2 + 1/2 + 1/2 = 3.  Dummies min(2, 2) = 2 each.  BH = 2 + 2 + 2 = 6; C1 cuts a VUR (2 >= 1/2) -> 4.
    # SB = 2 + 0 + 0 = 2; C1: VUR 0 < least 1/2 (player 5) -> cut 1/2 -> 1.5.  BH(2) = 3 + 4.5 = 7.5.
    pytest.param("withdrawn", Values.of("3", "6", "4", "2", "1.5", "7.5"), id="withdrawn"),
]


@pytest.mark.parametrize(("case", "expected"), TABLE)
def test_unplayed_round(case: str, expected: Values) -> None:
    assert values(swiss(case), RULES) == expected


def test_round_robin_article_15() -> None:
    """C.07 15.2: forfeits are games against the scheduled opponent; the free round is no element.

    Player 1 (round robin of ``rule_events.py``): +2 (1.5), +F3 (1, as a win), -F4 (2.5, as a loss),
    =5 (2.5), free.  ABH = actual score 2.5 (no 16.3 adjustment).  BH = 1.5 + 1 + 2.5 + 2.5 = 7.5;
    C1 cuts the least, 1 (no VUR rule: the forfeit loss is a game) -> 6.5.
    SB = 1.5 + 1 + 0 + 1.25 = 3.75; C1 cuts (1, 1) -> 2.75.
    BH(4) = 3 (1) + free (nothing) + 1 (2.5, his forfeit win as a game) + 2 (1.5) + 5 (2.5) = 7.5.
    """
    expected = Values.of("2.5", "7.5", "6.5", "3.75", "2.75", "7.5")
    assert values(round_robin(), RULES, opponent=4) == expected
