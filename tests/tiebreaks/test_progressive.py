"""Progressive Score, PS (C.07 7.5) with Cut-n (14.1.1c, 14.2), computed by hand."""

from __future__ import annotations

import importlib
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from digest_examples import RR_9_2, SWISS_9_1
from spareggio import Tournament
from spareggio.core.frame import Frame
from spareggio.io.trf import parse_trf
from spareggio.rules import find_ruleset
from spareggio.tiebreaks.base import Context, Direction, TiebreakResult, TiebreakSpec
from spareggio.tiebreaks.progressive import progressive_score

# tests/builders.py, the notation for hand-built tournaments, lives one directory up
_TESTS = str(Path(__file__).resolve().parents[1])
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)
_builders = importlib.import_module("builders")
tournament = _builders.tournament


def ps(t: Tournament, cut: int = 0, after_round: int | None = None) -> TiebreakResult:
    ctx = Context(t, Frame.build(t, after_round), find_ruleset("fide-2026"))
    return progressive_score(ctx, TiebreakSpec("PS", cut_low=cut))


def halves(*xs: float) -> list[Fraction]:
    """Expected values written as decimals that are exact in halves."""
    return [Fraction(round(x * 2), 2) for x in xs]


# digest §5.3: results W, L, W, D, L
WLWDL = {1: "+W2 -B3 +W4 =B5 -W6"}


@pytest.mark.parametrize(
    ("cut", "after_round", "expected"),
    [
        # digest §5.3 example: cumulative 1, 1, 2, 2.5, 2.5 -> PS = 9
        (0, None, Fraction(9)),
        # C.07 14.1.1c: Cut-1 drops the score after round 1: 9 - 1 = 8
        (1, None, Fraction(8)),
        # Cut-2 (14.2, Cut-1 twice): 9 - 1 - 1 = 7
        (2, None, Fraction(7)),
        # /C4: only the score after round 5 is left, 2.5
        (4, None, Fraction(5, 2)),
        # every round cut: nothing is left
        (5, None, Fraction(0)),
        (9, None, Fraction(0)),
        # after round 3 (--after-round): 1 + 1 + 2 = 4
        (0, 3, Fraction(4)),
    ],
)
def test_digest_example(cut: int, after_round: int | None, expected: Fraction) -> None:
    t = tournament(WLWDL, players=6)
    assert ps(t, cut, after_round).value(0) == expected


# A Swiss event with every kind of round (builder notation, tests/builders.py); round points:
#
#        R1         R2            R3      R4           cumulative           PS     PS/C1
#   1    +W2  1     +F3 (fw)  1   =B4 ½   +B5  1       1, 2, 2.5, 3.5       9      8
#   2    -B1  0     +B4       1   +B8 1   =W3  ½       0, 1, 2, 2.5         5.5    5.5
#   3    =W4  ½     -F1 (fl)  0   +B6 1   =B2  ½       ½, ½, 1.5, 2         4.5    4
#   4    =B3  ½     -W2       0   =W1 ½   -F8 (fl) 0   ½, ½, 1, 1           3      2.5
#   5    -W6  0     ZPB       0   -W7 0   -W1  0       0, 0, 0, 0           0      0
#   6    +B5  1     DF7       0   -W3 0   withdrawn 0  1, 1, 1, 1           4      3
#   7    PAB  1     DF6       0   +B5 1   FPB  1       1, 1, 2, 3           7      6
#   8    HPB  ½     absent    0   -W2 0   +F4 (fw) 1   ½, ½, ½, 1.5         3      2.5
SWISS = {
    1: "+W2 +F3 =B4 +B5",
    2: "-B1 +B4 +B8 =W3",
    3: "=W4 -F1 +B6 =B2",
    4: "=B3 -W2 =W1 -F8",
    5: "-W6 ZPB -W7 -W1",
    6: "+B5 DF7 -W3 --",
    7: "PAB DF6 +B5 FPB",
    8: "HPB -- -W2 +F4",
}


@pytest.mark.parametrize(
    ("cut", "expected"),
    [
        # C.07 7.5: unplayed rounds count with their points, the score carries over (table above)
        (0, halves(9, 5.5, 4.5, 3, 0, 4, 7, 3)),
        # C.07 14.1.1c: minus the cumulative score after round 1
        (1, halves(8, 5.5, 4, 2.5, 0, 3, 6, 2.5)),
    ],
)
def test_every_kind_of_round(cut: int, expected: list[Fraction]) -> None:
    assert ps(tournament(SWISS), cut).values() == expected


def test_other_scoring_system() -> None:
    # record 162 win 3, draw 1, loss 0 (unit 1): 1: 3, 4, 7 -> 14;  2: 0, 3, 4 -> 7;  3: 1, 2, 2 -> 5;
    # 4: 1, 1, 4 -> 6 (R1 draw, R2 loss, R3 forfeit win)
    cards = {1: "+W2 =B3 PAB", 2: "-B1 +W4 HPB", 3: "=W4 =W1 -F4", 4: "=B3 -B2 +F3"}
    t = tournament(cards, extra_headers=["162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0"])
    result = ps(t)
    assert result.denominator == 1
    assert result.values() == [14, 7, 5, 6]


def test_direction_and_unit() -> None:
    result = ps(tournament(WLWDL, players=6))
    # C.07 Art. 7: higher is better; values in half points (unit 2 for 1 / ½ / 0)
    assert result.direction is Direction.HIGHER
    assert result.denominator == 2


def digest_trf(text: str) -> Tournament:
    """A TRF listing of the digest, whose lines end with '|' (the end-of-line marker)."""
    return parse_trf("\n".join(line.removesuffix("|") for line in text.splitlines()), "digest.trf")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # trf-format §9.2 (PS 7.5 8.0 8.5 2.5 0.5); the free round adds nothing and the score carries over:
        # 1: 0 + ½ + 1.5 + 2.5 + 3 = 7.5;  2: 1 + 1.5 + 1.5 + 1.5 + 2.5 = 8;
        # 3: ½ + 1.5 + 1.5 + 2.5 + 2.5 = 8.5;  4: ½ + ½ + ½ + ½ + ½ = 2.5;  5: 0 + 0 + 0 + 0 + ½ = 0.5
        (RR_9_2, halves(7.5, 8, 8.5, 2.5, 0.5)),
        # trf-format §9.1 (PS 5.5 4.0 3.0 0.0 3.5): 1: 1 + 2 + 2.5;  2: ½ + 1.5 + 2 (forfeit win);
        # 3: 1 (PAB) + 1 + 1;  4: 0;  5: ½ + 1 (HPB) + 2
        (SWISS_9_1, halves(5.5, 4, 3, 0, 3.5)),
    ],
)
def test_digest_files(text: str, expected: list[Fraction]) -> None:
    assert ps(digest_trf(text)).values() == expected
