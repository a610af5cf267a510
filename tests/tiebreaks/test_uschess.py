"""US Chess tie-breaks (rule 34E, digest §7.5), checked against hand-computed values.

Adjusted scores (34E, digest §7.5): an opponent's unplayed rounds (byes of any value, forfeits, rounds
not paired or after a withdrawal) count ½; the player's own unplayed rounds count as opponents with 0.

The 5-round event ``EVENT`` below (players 7-27 are fillers who play one game and are otherwise not
paired, so a filler's adjusted score is its result + 4 x ½ = result + 2)::

    #  R1     R2     R3     R4     R5     pts  adjusted (US)
    1  +W2    +B3    =W4    -B5    +W6    3.5  3.5                 plus
    2  -B1    +W10   +B11   -W12   HPB    2.5  0+1+1+0+½ = 2.5     even
    3  -W13   -W1    =B14   +W15   -B16   1.5  1.5                 minus
    4  +W17   +B18   =B1    +W19   FPB    4.5  1+1+½+1+½ = 4.0     plus
    5  +B20   +W21   +F22   +W1    +W23   5.0  1+1+½+1+1 = 4.5     plus
    6  ZPB    -B24   =W25   -B26   -B1    0.5  ½+0+½+0+0 = 1.0     minus
    22 +W27   --     -F5    --     --     1.0  1+½+½+½+½ = 3.0
"""

from __future__ import annotations

import sys
from fractions import Fraction as F
from pathlib import Path

import pytest

from spareggio import Tournament
from spareggio.core.frame import Frame
from spareggio.core.model import ResultKind
from spareggio.io.trf import read_trf
from spareggio.rules import find_ruleset
from spareggio.tiebreaks.base import Context, TiebreakResult, TiebreakSpec
from spareggio.tiebreaks.cuts import CutMark
from spareggio.tiebreaks.uschess import (
    kashdan,
    median,
    modified_median,
    opposition_cumulative,
    solkoff,
    us_cumulative,
    us_sonneborn_berger,
)

try:
    from builders import tournament
except ImportError:  # the tests directory is not on sys.path when run from a sub-directory
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from builders import tournament

SEEDS = Path(__file__).resolve().parents[1] / "conformance" / "seeds"

FUNCTIONS = {
    "MM": modified_median,
    "MEDIAN": median,
    "SOLKOFF": solkoff,
    "USSB": us_sonneborn_berger,
    "CUM": us_cumulative,
    "OPPCUM": opposition_cumulative,
    "KASHDAN": kashdan,
}

EVENT = {
    1: "+W2 +B3 =W4 -B5 +W6",
    2: "-B1 +W10 +B11 -W12 HPB",
    3: "-W13 -W1 =B14 +W15 -B16",
    4: "+W17 +B18 =B1 +W19 FPB",
    5: "+B20 +W21 +F22 +W1 +W23",
    6: "ZPB -B24 =W25 -B26 -B1",
    22: "+W27",
}


def compute(t: Tournament, code: str, rules: str = "us-chess") -> TiebreakResult:
    ctx = Context(t, Frame.build(t), find_ruleset(rules))
    return FUNCTIONS[code](ctx, TiebreakSpec(code))


def value(t: Tournament, code: str, start_number: int, rules: str = "us-chess") -> F | None:
    i = [p.start_number for p in t.players].index(start_number)
    return compute(t, code, rules).value(i)


@pytest.fixture(scope="module")
def event() -> Tournament:
    return tournament(EVENT, players=27)


# -- MM, MEDIAN, SOLKOFF in a 5-round event: one drop at each end concerned ------------------------
# Keys (opponents' adjusted scores round by round, own unplayed = 0), 34E1-34E2:
#   1: 2.5 1.5 4.0 4.5 1.0   Solkoff 13.5; plus  -> MM drops 1.0 = 12.5; MEDIAN drops 1.0, 4.5 = 8.0
#   2: 3.5 2.0 2.0 3.0 0     Solkoff 10.5; even  -> MM drops 0, 3.5 = 7.0;  MEDIAN = 7.0
#   3: 3.0 3.5 2.5 2.0 3.0   Solkoff 14.0; minus -> MM drops 3.5 = 10.5;    MEDIAN drops 3.5, 2.0 = 8.5
#   4: 2.0 2.0 3.5 2.0 0     Solkoff  9.5; plus  -> MM drops 0 (own FPB) = 9.5; MEDIAN drops 0, 3.5 = 6.0
#   5: 2.0 2.0 0 3.5 2.0     Solkoff  9.5; plus  -> MM drops 0 (own forfeit win) = 9.5; MEDIAN = 6.0
#   6: 0 3.0 2.5 3.0 3.5     Solkoff 12.0; minus -> MM drops 3.5 = 8.5 (own ZPB 0 kept); MEDIAN = 8.5
@pytest.mark.parametrize(
    ("player", "solkoff_value", "mm", "med"),
    [
        (1, F(27, 2), F(25, 2), F(8)),  # plus score 3.5 of 5
        (2, F(21, 2), F(7), F(7)),  # even score 2.5 of 5
        (3, F(14), F(21, 2), F(17, 2)),  # minus score 1.5 of 5
        (4, F(19, 2), F(19, 2), F(6)),  # own full-point bye counts 0
        (5, F(19, 2), F(19, 2), F(6)),  # own forfeit win counts 0
        (6, F(12), F(17, 2), F(17, 2)),  # own zero-point bye counts 0
    ],
)
def test_median_family_five_rounds(event: Tournament, player: int, solkoff_value: F, mm: F, med: F) -> None:
    assert value(event, "SOLKOFF", player) == solkoff_value
    assert value(event, "MM", player) == mm
    assert value(event, "MEDIAN", player) == med


# -- 9-round events: two drops at each end concerned (34E1) ----------------------------------------
# Opponents 2-9 meet only player 1; their other 8 rounds count ½ each: adjusted = result vs 1 + 4.
@pytest.mark.parametrize(
    ("card", "solkoff_value", "mm", "med"),
    [
        # even 4.5/9: keys 4 4 4 4.5 0(HPB) 5 5 5 4.5 = 36; MM/MEDIAN drop 0, 4 and 5, 5 -> 22
        ("+W2 +B3 +W4 =B5 HPB -W6 -B7 -W8 =B9", F(36), F(22), F(22)),
        # minus 2/9: keys 5 5 5 4.5 0(ZPB) 4 5 5 4.5 = 38; MM drops 5, 5 -> 28; MEDIAN also 0, 4 -> 24
        ("-W2 -B3 -W4 =B5 ZPB +W6 -B7 -W8 =B9", F(38), F(28), F(24)),
        # plus 6/9: keys 4 4 4 4.5 0(FPB) 4 5 5 4.5 = 35; MM drops 0, 4 -> 31; MEDIAN also 5, 5 -> 21
        ("+W2 +B3 +W4 =B5 FPB +W6 -B7 -W8 =B9", F(35), F(31), F(21)),
    ],
)
def test_median_family_nine_rounds(card: str, solkoff_value: F, mm: F, med: F) -> None:
    t = tournament({1: card}, players=9)
    assert value(t, "SOLKOFF", 1) == solkoff_value
    assert value(t, "MM", 1) == mm
    assert value(t, "MEDIAN", 1) == med


def test_withdrawn_opponent_counts_draws() -> None:
    # digest §7.5: W, W, L, withdrew, withdrew = 1 + 1 + 0 + ½ + ½ = 3 (actual score 2)
    t = tournament({1: "+W5 =B6 +B2 -W7 +B8", 2: "+W3 +B4"}, players=8)
    assert [ResultKind(int(k)) for k in t.kind[1, 3:]] == [ResultKind.WITHDRAWN] * 2
    mm = compute(t, "MM")
    assert mm.contributions is not None
    assert mm.contributions.for_player(0)[2].key == 3
    # player 1 (3.5/5, plus): keys 5: 0+2 = 2, 6: ½+2 = 2.5, 2: 3, 7: 1+2 = 3, 8: 0+2 = 2
    assert value(t, "SOLKOFF", 1) == F(25, 2)  # 2 + 2.5 + 3 + 3 + 2
    assert value(t, "MM", 1) == F(21, 2)  # 12.5 - 2 (lowest)
    assert value(t, "USSB", 1) == F(33, 4)  # 2 + 2.5/2 + 3 + 0 + 2 = 8.25


# -- drops as contribution records -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("player", "code", "marks"),
    [
        (1, "MM", {5: CutMark.LOW}),  # plus: the 1.0 of round 5
        (2, "MM", {5: CutMark.LOW, 1: CutMark.HIGH}),  # even: own HPB 0 and player 1's 3.5
        (3, "MM", {2: CutMark.HIGH}),  # minus: player 1's 3.5
        (6, "MM", {5: CutMark.HIGH}),  # minus: the own ZPB 0 of round 1 stays
        (3, "MEDIAN", {2: CutMark.HIGH, 4: CutMark.LOW}),
        (1, "SOLKOFF", {}),
    ],
)
def test_drops_are_recorded(event: Tournament, player: int, code: str, marks: dict[int, CutMark]) -> None:
    result = compute(event, code)
    assert result.contributions is not None
    records = result.contributions.for_player(player - 1)
    assert {c.round: c.cut for c in records if c.cut is not CutMark.KEPT} == marks
    assert sum(c.value for c in records if c.counted) == result.value(player - 1)


@pytest.mark.parametrize("code", ["MM", "MEDIAN", "SOLKOFF", "USSB"])
def test_totals_are_sums_of_counted_contributions(event: Tournament, code: str) -> None:
    result = compute(event, code)
    assert result.contributions is not None
    for i in range(len(event.players)):
        records = result.contributions.for_player(i)
        assert sum(c.value for c in records if c.counted) == result.value(i)


@pytest.mark.parametrize("code", ["MM", "MEDIAN", "SOLKOFF", "USSB", "CUM", "OPPCUM", "KASHDAN"])
def test_us_definition_whatever_the_rule_set(event: Tournament, code: str) -> None:
    # under fide-2026, player 4's FPB would get a dummy and player 5 would count as 5.0:
    # the US tie-breaks must still use the US adjusted scores
    assert compute(event, code, "fide-2026").values() == compute(event, code).values()


# -- USSB, CUM, OPPCUM, KASHDAN in EVENT -------------------------------------------------------------
@pytest.mark.parametrize(
    ("player", "ussb", "cum", "oppcum", "kashdan_value"),
    [
        # USSB: 2.5 + 1.5 + 4.0/2 + 0 + 1.0 = 7.0; CUM 1 + 2 + 2.5 + 2.5 + 3.5 = 11.5;
        # OPPCUM 7.5 + 3.5 + 12.5 + 14 + 1.5 = 39; KASHDAN 4 + 4 + 2 + 1 + 4 = 15
        (1, F(7), F(23, 2), F(39), 15),
        # USSB 0 + 2 + 2 + 0 + 0 = 4; CUM 0 + 1 + 2 + 2 + 2.5 = 7.5 (the HPB is not subtracted);
        # OPPCUM 11.5 + 0 + 0 + 2 (12: 0+0+0+1+1) = 13.5; KASHDAN 1 + 4 + 4 + 1 + 0 = 10
        (2, F(4), F(15, 2), F(27, 2), 10),
        # USSB 0 + 0 + 2.5/2 + 2 + 0 = 3.25; CUM 0 + 0 + .5 + 1.5 + 1.5 = 3.5;
        # OPPCUM 5 (13) + 11.5 + 1.5 (14) + 0 + 1 (16) = 19; KASHDAN 1 + 1 + 2 + 4 + 1 = 9
        (3, F(13, 4), F(7, 2), F(19), 9),
        # USSB 2 + 2 + 3.5/2 + 2 + 0 = 7.75; CUM 1 + 2 + 2.5 + 3.5 + 4.5 - 1 (FPB) = 12.5;
        # OPPCUM 0 + 0 + 11.5 + 0 = 11.5; KASHDAN 4 + 4 + 2 + 4 + 0 = 14
        (4, F(31, 4), F(25, 2), F(23, 2), 14),
        # USSB 2 + 2 + 0 (forfeit) + 3.5 + 2 = 9.5; CUM 1 + 2 + 3 + 4 + 5 - 1 (forfeit win) = 14;
        # OPPCUM 0 + 0 + 11.5 + 0 = 11.5 (22's CUM 5 does not count: forfeit); KASHDAN 4+4+0+4+4 = 16
        (5, F(19, 2), F(14), F(23, 2), 16),
        # USSB 0 + 0 + 2.5/2 + 0 + 0 = 1.25; CUM 0 + 0 + .5 + .5 + .5 = 1.5;
        # OPPCUM 4 (24) + 1.5 (25) + 2 (26) + 11.5 = 19; KASHDAN 0 + 1 + 2 + 1 + 1 = 5
        (6, F(5, 4), F(3, 2), F(19), 5),
    ],
)
def test_ussb_cumulative_kashdan(
    event: Tournament, player: int, ussb: F, cum: F, oppcum: F, kashdan_value: int
) -> None:
    assert value(event, "USSB", player) == ussb
    assert value(event, "CUM", player) == cum
    assert value(event, "OPPCUM", player) == oppcum
    assert value(event, "KASHDAN", player) == kashdan_value


@pytest.mark.parametrize(
    ("first", "expected"),
    [
        ("PAB", F(10)),  # digest §7.5: 1 + 2 + 2 + 2.5 + 3.5 - 1 = 10
        ("FPB", F(10)),  # the same with a requested full-point bye
        ("+F6", F(10)),  # a forfeit win: 1 + 2 + 2 + 2.5 + 3.5 - 1 = 10
        ("HPB", F(17, 2)),  # .5 + 1.5 + 1.5 + 2 + 3 = 8.5, half-point byes are not subtracted
        ("ZPB", F(6)),  # 0 + 1 + 1 + 1.5 + 2.5 = 6
        ("-F6", F(6)),  # forfeit loss: 0 + 1 + 1 + 1.5 + 2.5 = 6
    ],
)
def test_cumulative_unplayed_first_round(first: str, expected: F) -> None:
    t = tournament({1: f"{first} +W2 -B3 =W4 +B5"}, players=6)
    assert value(t, "CUM", 1) == expected


# -- digest §8 cross-convention table, row "US Solkoff / Modified Median" ----------------------------
@pytest.mark.parametrize(
    ("file", "player", "code", "expected"),
    [
        # Francesca 3/5 (plus): 8: 1.5, own forfeit win R2: 0, 29: 2, 24: 3.5, 12: 4 (all played all games)
        ("bh-ex3-francesca.trf", 16, "SOLKOFF", F(11)),  # 1.5 + 0 + 2 + 3.5 + 4
        ("bh-ex3-francesca.trf", 16, "MM", F(11)),  # plus, 5 rounds: drop 0
        ("bh-ex3-francesca.trf", 16, "MEDIAN", F(7)),  # drop 0 and 4
        ("bh-ex3-francesca.trf", 16, "USSB", F(13, 2)),  # 0 + 0 + 2/2 + 3.5 + 4/2 = 6.5
        ("bh-ex3-francesca.trf", 16, "CUM", F(7)),  # 0 + 1 + 1.5 + 2.5 + 3 - 1 (forfeit win) = 7
        ("bh-ex3-francesca.trf", 16, "KASHDAN", 9),  # 1 + 0 + 2 + 4 + 2
        # Sergio 6/9 (plus): 24: 1.5, 11: 3, 10: 2, 3: 4.5, 2: 5, 1: 5.5, own forfeit loss R7: 0, 7: 6.5, 4: 5.5
        ("bh-ex4-sergio.trf", 6, "SOLKOFF", F(67, 2)),  # = 33.5
        ("bh-ex4-sergio.trf", 6, "MM", F(32)),  # plus, 9 rounds: drop 0 and 1.5 -> 32
        ("bh-ex4-sergio.trf", 6, "MEDIAN", F(20)),  # 33.5 - 0 - 1.5 - 6.5 - 5.5 = 20
        ("bh-ex4-sergio.trf", 6, "USSB", F(93, 4)),  # 1.5 + 3 + 2 + 4.5/2 + 5/2 + 0 + 0 + 6.5 + 5.5 = 23.25
        ("bh-ex4-sergio.trf", 6, "CUM", F(65, 2)),  # 1 + 2 + 3 + 3.5 + 4 + 4 + 4 + 5 + 6 = 32.5
        ("bh-ex4-sergio.trf", 6, "KASHDAN", 25),  # 4 + 4 + 4 + 2 + 2 + 1 + 0 + 4 + 4
    ],
)
def test_seed_cross_convention_row(file: str, player: int, code: str, expected: F) -> None:
    t = read_trf(SEEDS / file)
    assert value(t, code, player) == expected
