"""Koya System, KS (C.07 9.2) with the limit modifier (14.5), computed by hand."""

from __future__ import annotations

import importlib
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from digest_examples import RR_9_2, SWISS_9_3
from spareggio import Tournament
from spareggio.core.frame import Frame
from spareggio.io.trf import parse_trf, read_trf
from spareggio.rules import find_ruleset
from spareggio.tiebreaks.base import Context, Direction, TiebreakResult, TiebreakSpec
from spareggio.tiebreaks.koya import KoyaDetails, koya, koya_games

SEEDS = Path(__file__).resolve().parents[1] / "conformance" / "seeds"
RR = "Individual: Round-Robin"

# tests/builders.py, the notation for hand-built tournaments, lives one directory up
_TESTS = str(Path(__file__).resolve().parents[1])
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)
_builders = importlib.import_module("builders")
tournament = _builders.tournament


def details(result: TiebreakResult) -> KoyaDetails:
    assert isinstance(result.details, KoyaDetails)
    return result.details


def context(t: Tournament) -> Context:
    return Context(t, Frame.build(t), find_ruleset("fide-2026"))


def ks(t: Tournament, spec: TiebreakSpec | None = None) -> TiebreakResult:
    return koya(context(t), spec or TiebreakSpec("KS"))


def halves(*xs: float) -> list[Fraction]:
    """Expected values written as decimals that are exact in halves."""
    return [Fraction(round(x * 2), 2) for x in xs]


def digest_trf(text: str) -> Tournament:
    """A TRF listing of the digest (lines may end with the end-of-line marker '|')."""
    return parse_trf("\n".join(line.removesuffix("|") for line in text.splitlines()), "digest.trf")


def test_seed_round_robin() -> None:
    # digest §8 Ex. S2-RR: 6 players, 5 rounds, no free round: maximum 5, 50 % = 2.5; Alice, Bruno and
    # Carla (3.5) qualify.  Alice: 1 (Bruno) + 1 (Carla) = 2;  Bruno: 0 + ½ = 0.5;  Carla: 0 + ½ = 0.5;
    # Davide: 1 (Alice) + 0 + 0 = 1;  Elena: 0;  Franco: ½ (Alice) + 0 + 0 = 0.5
    result = ks(read_trf(SEEDS / "sb-rr-alice-franco.trf"))
    assert result.values() == halves(2, 0.5, 0.5, 1, 0, 0.5)
    assert details(result).threshold == Fraction(5, 2)


# A Swiss event with every kind of round (builder notation, tests/builders.py):
#
#        R1           R2              R3          R4                 pts
#   1    +W2          +F3             =B4         +B5                3.5
#   2    -B1          +B4             +B8         =W3                2.5
#   3    =W4          -F1             +B6         =B2                2.0
#   4    =B3          -W2             =W1         -F8                1.0
#   5    -W6          ZPB             -W7         -W1                0.0
#   6    +B5          DF7             -W3         withdrawn          1.0
#   7    PAB          DF6             +B5         FPB                3.0
#   8    HPB          absent          -W2         +F4                1.5
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
    ("spec", "threshold", "expected"),
    [
        # Swiss, 4 rounds: maximum 4, 50 % = 2; qualified 1 (3.5), 2 (2.5), 3 (2), 7 (3).
        # 1: 1 (2) + 1 (3, forfeit win: forfeits count) = 2;  2: 0 (1) + ½ (3) = 0.5;
        # 3: 0 (1, forfeit loss) + ½ (2) = 0.5;  4: ½ (3) + 0 (2) + ½ (1) = 1;  5: 0 (7) + 0 (1);
        # 6: 0 (7, double forfeit) + 0 (3);  7: byes have no opponent;  8: 0 (2)
        (TiebreakSpec("KS"), 2, halves(2, 0.5, 0.5, 1, 0, 0, 0, 0)),
        # C.07 14.5, /L+1: the line moves up half a point, 2.5: qualified 1, 2, 7.
        # 1: 1 (2);  2: 0;  3: 0 (1) + ½ (2);  4: 0 (2) + ½ (1);  others 0
        (TiebreakSpec("KS", limit=Fraction(1, 2)), Fraction(5, 2), halves(1, 0, 0.5, 0.5, 0, 0, 0, 0)),
        # /L-1: 1.5, 8 (1.5) qualifies too.  2: 0 + 1 (8) + ½ (3) = 1.5;  4: 1 + 0 (8, forfeit loss) = 1
        (TiebreakSpec("KS", limit=Fraction(-1, 2)), Fraction(3, 2), halves(2, 1.5, 0.5, 1, 0, 0, 0, 0)),
        # /L75: 75 % of 4 = 3: qualified 1 (3.5), 7 (3).  4: ½ (1);  every other result against 1 or 7 is 0
        (TiebreakSpec("KS", limit=Fraction(75), limit_percent=True), 3, halves(0, 0, 0, 0.5, 0, 0, 0, 0)),
    ],
)
def test_swiss_every_kind_of_round(spec: TiebreakSpec, threshold: Fraction, expected: list[Fraction]) -> None:
    result = ks(tournament(SWISS), spec)
    assert details(result).threshold == threshold
    assert result.values() == expected


def test_direction_and_unit() -> None:
    result = ks(tournament(SWISS))
    # C.07 Art. 9: higher is better; points in half points
    assert result.direction is Direction.HIGHER
    assert result.denominator == 2


def test_other_scoring_system() -> None:
    # record 162 win 3, draw 1: 3 rounds, maximum 9, 50 % = 4.5; totals 7, 4, 2, 4: only 1 qualifies.
    # 3 drew with 1 in R2: 1 point;  2 lost to 1: 0;  4 never met 1
    cards = {1: "+W2 =B3 PAB", 2: "-B1 +W4 HPB", 3: "=W4 =W1 -F4", 4: "=B3 -B2 +F3"}
    t = tournament(cards, extra_headers=["162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0"])
    result = ks(t)
    assert details(result).threshold == Fraction(9, 2)
    assert (result.values(), result.denominator) == ([0, 0, 1, 0], 1)


# -- the maximum possible score in round robins ---------------------------------------------------------

# A double round robin of 3 players (a free round per player per cycle):
#   R1 1-2 1-0    R2 2-3 ½-½    R3 3-1 0-1    R4 2-1 ½-½    R5 3-2 1-0    R6 1-3 ½-½
#   totals: 1 = 1 + 1 + ½ + ½ = 3;  2 = 0 + ½ + ½ + 0 = 1;  3 = ½ + 0 + 1 + ½ = 2
DOUBLE_RR = {1: "+W2 -- +B3 =B2 -- =W3", 2: "-B1 =W3 -- =W1 -B3 --", 3: "-- =B2 -W1 -- +W2 =B1"}

# A single round robin of 3 with a fourth player who never played (withdrawn before the start):
#   R1 1-2 1-0    R2 2-3 0-1    R3 3-1 1-0;  totals 1, 0, 2, 0
WITHDRAWN_BEFORE_START = {1: "+W2 -- -B3", 2: "-B1 -B3 --", 3: "-- +W2 +W1"}


@pytest.mark.parametrize(
    ("cards", "players", "games", "expected"),
    [
        # 6 rounds, 3 participants: 2 cycles with one free round each, 4 games, 50 % = 2; 1 (3) and 3 (2)
        # qualify.  1: 1 + ½ against 3 = 1.5;  2: 0 + ½ against 1, ½ + 0 against 3 = 1;  3: 0 + ½ against 1
        (DOUBLE_RR, 3, 4, halves(1.5, 1, 0.5)),
        # 3 participants (4 never paired), 3 rounds: 2 games, 50 % = 1; 1 (1) and 3 (2) qualify.
        # 1: 0 (3);  2: 0 + 0;  3: 1 (beat 1);  4: no games.  With 4 participants the line would be 1.5 and 3
        # would have 0.
        (WITHDRAWN_BEFORE_START, 4, 2, halves(0, 0, 1, 0)),
    ],
)
def test_round_robin_free_rounds(
    cards: dict[int, str], players: int, games: int, expected: list[Fraction]
) -> None:
    t = tournament(cards, players=players, kind=RR)
    assert koya_games(context(t)) == games
    assert ks(t).values() == expected


def test_digest_round_robin() -> None:
    # trf-format §9.2: maximum 4 games (5 rounds - the free round), 50 % = 2; 1 (3), 2 and 3 (2.5) qualify.
    # 1: ½ (2) + 1 (3) = 1.5;  2: ½ (1) + 0 (3) = 0.5;  3: 0 (1) + 1 (2) = 1;  4: ½ (3);  5: ½ (1)
    result = ks(digest_trf(RR_9_2))
    assert details(result).maximum == 4
    assert result.values() == halves(1.5, 0.5, 1, 0.5, 0.5)


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        # trf-format §9.3, KS: 3 rounds, 50 % = 1.5; 1 (2.5), 2 (2), 5 (2) qualify.
        # 1: ½ (2);  2: ½ (5) + ½ (1) = 1 (the forfeit win over 4 does not qualify);  3, 4: 0;  5: ½ (2)
        (TiebreakSpec("KS"), halves(0.5, 1, 0, 0, 0.5)),
        # KS/L-2: two half-points lower, 0.5; 3 (1) qualifies too, 4 (0) does not.
        # 1: 1 (3) + ½ (2) = 1.5;  2: 1;  3: 0;  4: 0;  5: ½ (2) + 1 (3) = 1.5
        (TiebreakSpec("KS", limit=Fraction(-1)), halves(1.5, 1, 0, 0, 1.5)),
    ],
)
def test_digest_swiss(spec: TiebreakSpec, expected: list[Fraction]) -> None:
    assert ks(digest_trf(SWISS_9_3), spec).values() == expected
