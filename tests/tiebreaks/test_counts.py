"""WIN, WON, BPG, BWG, REP, STD and TPN (C.07 Art. 7), computed by hand from the rules."""

from __future__ import annotations

import importlib
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from digest_examples import RR_9_2, SWISS_9_1
from spareggio import Tournament
from spareggio.core.frame import Frame
from spareggio.io.trf import parse_trf, read_trf
from spareggio.rules import find_ruleset
from spareggio.tiebreaks.base import Context, Direction, TiebreakResult, TiebreakSpec
from spareggio.tiebreaks.counts import (
    black_games,
    black_wins,
    games_won,
    pairing_number,
    rounds_elected,
    standard_points,
    wins,
)

SEEDS = Path(__file__).resolve().parents[1] / "conformance" / "seeds"

FUNCS = {
    "WIN": wins,
    "WON": games_won,
    "BPG": black_games,
    "BWG": black_wins,
    "REP": rounds_elected,
    "STD": standard_points,
    "TPN": pairing_number,
}

# tests/builders.py, the notation for hand-built tournaments, lives one directory up
_TESTS = str(Path(__file__).resolve().parents[1])
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)
_builders = importlib.import_module("builders")
build = _builders.build
tournament = _builders.tournament


def compute(t: Tournament, code: str, rules: str = "fide-2026", **kw: object) -> TiebreakResult:
    ctx = Context(t, Frame.build(t), find_ruleset(rules))
    return FUNCS[code](ctx, TiebreakSpec(code, **kw))  # type: ignore[arg-type]


def values(t: Tournament, code: str, rules: str = "fide-2026") -> list[Fraction | None]:
    return compute(t, code, rules).values()


def halves(*xs: float) -> list[Fraction]:
    """Expected values written as decimals that are exact in halves (0.5, 2.5, ...)."""
    return [Fraction(round(x * 2), 2) for x in xs]


def digest_trf(text: str) -> Tournament:
    """A TRF listing of the digest, whose lines end with '|' (the end-of-line marker)."""
    return parse_trf("\n".join(line.removesuffix("|") for line in text.splitlines()), "digest.trf")


# A Swiss event with every kind of round (builder notation, see tests/builders.py).  Colours, points:
#
#        R1           R2              R3          R4                 pts
#   1    +W2          +F3 (W)         =B4         +B5                3.5
#   2    -B1          +B4             +B8         =W3                2.5
#   3    =W4          -F1 (B)         +B6         =B2                2.0
#   4    =B3          -W2             =W1         -F8 (W)            1.0
#   5    -W6          ZPB             -W7         -W1                0.0
#   6    +B5          DF7 (W)         -W3         withdrawn          1.0
#   7    PAB          DF6 (B)         +B5         FPB                3.0
#   8    HPB          absent          -W2         +F4 (B)            1.5
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


@pytest.fixture(scope="module")
def swiss() -> Tournament:
    return tournament(SWISS)


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        # C.07 7.1: rounds with a win's points, played or not.
        # 1: R1 win, R2 forfeit win, R4 win = 3;  2: R2, R3 = 2;  3: R3 = 1;  4, 5: 0;  6: R1 = 1;
        # 7: PAB, R3 win, FPB = 3;  8: R4 forfeit win = 1 (the HPB gives a draw's points only)
        ("WIN", [3, 2, 1, 0, 0, 1, 3, 1]),
        # C.07 7.2: over the board only.  1: R1, R4 = 2;  2: R2, R3 = 2;  3: R3;  6: R1;  7: R3;
        # 8: 0 (its only win is a forfeit)
        ("WON", [2, 2, 1, 0, 0, 1, 1, 0]),
        # C.07 7.3: games played with Black; forfeits never count in a Swiss.  1: R3, R4 = 2;
        # 2: R1, R2, R3 = 3;  3: R3, R4 = 2 (R2 forfeit loss with Black excluded);  4: R1 = 1;  5: 0;
        # 6: R1 = 1;  7: R3 = 1 (R2 double forfeit with Black excluded);  8: 0 (R4 forfeit win with Black)
        ("BPG", [2, 3, 2, 1, 0, 1, 1, 0]),
        # C.07 7.4: games won with Black.  1: R4;  2: R2, R3 = 2;  3: R3;  6: R1;  7: R3
        ("BWG", [1, 2, 1, 0, 0, 1, 1, 0]),
        # C.07 7.6: rounds minus HPB, ZPB, absences, withdrawn rounds and forfeit losses.
        # 1, 2: 4;  3: 4 - forfeit loss = 3;  4: 4 - forfeit loss = 3;  5: 4 - ZPB = 3;
        # 6: 4 - double forfeit - withdrawn round = 2;  7: 4 - double forfeit = 3 (PAB and FPB count);
        # 8: 4 - HPB - absence = 2
        ("REP", [4, 4, 3, 3, 3, 2, 3, 2]),
        # C.07 7.7, in halves per round (1 = 2, ½ = 1, 0 = 0); with an opponent the points are compared with
        # the scheduled opponent's, without playing with a draw's points:
        # 1: 2 + 2 (forfeit win, 1 > 0) + 1 + 2 = 7 -> 3.5;  2: 0 + 2 + 2 + 1 = 5 -> 2.5;
        # 3: 1 + 0 (forfeit loss) + 2 + 1 = 4 -> 2;  4: 1 + 0 + 1 + 0 = 2 -> 1;  5: 0 (ZPB 0 < ½);
        # 6: 2 + 1 (double forfeit: 0 = 0) + 0 + 0 = 3 -> 1.5;  7: 2 (PAB 1 > ½) + 1 (double forfeit) + 2 +
        # 2 (FPB) = 7 -> 3.5;  8: 1 (HPB = ½) + 0 (absent) + 0 + 2 = 3 -> 1.5
        ("STD", halves(3.5, 2.5, 2, 1, 0, 1.5, 3.5, 1.5)),
        # C.07 7.8: the start number
        ("TPN", [1, 2, 3, 4, 5, 6, 7, 8]),
    ],
)
def test_swiss_every_kind_of_round(swiss: Tournament, code: str, expected: list[Fraction]) -> None:
    assert values(swiss, code) == expected


@pytest.mark.parametrize(
    ("code", "direction"),
    [(code, Direction.HIGHER) for code in ("WIN", "WON", "BPG", "BWG", "REP", "STD")]
    + [("TPN", Direction.LOWER)],
)
def test_direction(swiss: Tournament, code: str, direction: Direction) -> None:
    # C.07 Art. 7: more is better for the counts; 7.8 sorts pairing numbers in ascending order
    assert compute(swiss, code).direction is direction


def test_std_denominator_is_halves_whatever_the_scoring(swiss: Tournament) -> None:
    # C.07 7.7 restores a 1 / ½ / 0 scale: the value is counted in halves
    assert compute(swiss, "STD").denominator == 2


# -- scoring systems --------------------------------------------------------------------------------

FOOTBALL = "162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0"
HALF_PAB = "162  W 1.0    D 0.5    L 0.0    A 0.0    P 0.5"


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        # C.07 7.1, default scoring (PAB = win): 1: R1 win + PAB = 2;  3: its PAB = 1
        (None, [2, 0, 1]),
        # PAB worth ½ (TRF-2x record 162, P 0.5): a PAB is no longer a win's points, 1: 1, 3: 0
        (HALF_PAB, [1, 0, 0]),
    ],
)
def test_win_counts_pab_only_with_a_win_points(header: str | None, expected: list[int]) -> None:
    cards = {1: "+W2 PAB", 2: "-B1 =W3", 3: "PAB =B2"}
    t = tournament(cards, extra_headers=[header] if header else None)
    assert values(t, "WIN") == expected


# Win 3, draw 1, loss 0 (record 162):
#        R1       R2       R3          pts
#   1    +W2      =B3      PAB         3 + 1 + 3 = 7
#   2    -B1      +W4      HPB         0 + 3 + 1 = 4
#   3    =W4      =W1      -F4         1 + 1 + 0 = 2
#   4    =B3      -B2      +F3         1 + 0 + 3 = 4
FOOTBALL_CARDS = {1: "+W2 =B3 PAB", 2: "-B1 +W4 HPB", 3: "=W4 =W1 -F4", 4: "=B3 -B2 +F3"}


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        # C.07 7.1: rounds with 3 points: 1: R1, PAB = 2;  2: R2 = 1;  3: 0;  4: forfeit win = 1
        ("WIN", [2, 1, 0, 1]),
        # C.07 7.7 on the 1 / ½ / 0 scale: 1: 1 + ½ + 1 (PAB 3 > draw 1) = 2.5;
        # 2: 0 + 1 + ½ (HPB = a draw's points) = 1.5;  3: ½ + ½ + 0 = 1;  4: ½ + 0 + 1 = 1.5
        ("STD", halves(2.5, 1.5, 1, 1.5)),
    ],
)
def test_other_scoring_system(code: str, expected: list[Fraction]) -> None:
    t = tournament(FOOTBALL_CARDS, extra_headers=[FOOTBALL])
    assert values(t, code) == expected


# -- round robins (C.07 Art. 15) ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def seed_rr() -> Tournament:
    # seed 002, round robin: Alice .. Franco; round 4 Elena (Black) wins by forfeit against Franco (White)
    return read_trf(SEEDS / "sb-rr-alice-franco.trf")


@pytest.mark.parametrize(
    ("code", "rules", "expected"),
    [
        # digest §8 Ex. S2-RR: WIN 3, 3, 3, 1, 1, 1 (Elena's forfeit win has a win's points)
        ("WIN", "fide-2026", [3, 3, 3, 1, 1, 1]),
        # C.07 15.2 (2026): forfeit wins stay regular games in Type B tie-breaks, so Elena's forfeit win is a
        # game won: 3, 3, 3, 1, 1, 1.  The digest's run of the reference program gives Elena 0 (it never
        # counts forfeits in WON); the text is followed here.
        ("WON", "fide-2026", [3, 3, 3, 1, 1, 1]),
        # C.07 7.3 + 15.2: Alice R3, R5;  Bruno R2, R5;  Carla R2, R4;  Davide R1, R2, R4;
        # Elena R1, R3 + R4 forfeit win with Black = 3 (reference program: 2);  Franco R1, R3, R5
        ("BPG", "fide-2026", [2, 2, 2, 3, 3, 3]),
        # C.07 7.4 + 15.2: Alice R3, R5;  Bruno R5;  Carla R2;  Davide R4;  Elena R4 forfeit win;  Franco 0
        ("BWG", "fide-2026", [2, 1, 1, 1, 1, 0]),
        # digest §8 Ex. S2-RR: REP of Franco is 4 — his forfeit loss stays unplayed (15.2, 2026)
        ("REP", "fide-2026", [5, 5, 5, 5, 5, 4]),
        # C.07 15.2 (2024): forfeit losses too are regular games, Franco 5
        ("REP", "fide-2024", [5, 5, 5, 5, 5, 5]),
        # C.07 7.7: every round against the scheduled opponent, the forfeit as 1 - 0:
        # the 1 / ½ / 0 scores 3.5, 3.5, 3.5, 1.5, 1.5, 1.5
        ("STD", "fide-2026", halves(3.5, 3.5, 3.5, 1.5, 1.5, 1.5)),
    ],
)
def test_seed_round_robin(seed_rr: Tournament, code: str, rules: str, expected: list[Fraction]) -> None:
    assert values(seed_rr, code, rules) == expected


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        # naive applies no Article 15: Elena's forfeit win is unplayed, WON 0 and BPG 2 for her
        ("WON", [3, 3, 3, 1, 0, 1]),
        ("BPG", [2, 2, 2, 3, 2, 3]),
        # REP: Franco's forfeit loss is a VUR, 4
        ("REP", [5, 5, 5, 5, 5, 4]),
    ],
)
def test_seed_round_robin_without_article_15(seed_rr: Tournament, code: str, expected: list[int]) -> None:
    assert values(seed_rr, code, "naive") == expected


@pytest.fixture(scope="module")
def rr_9_2() -> Tournament:
    return digest_trf(RR_9_2)


@pytest.mark.parametrize(
    ("code", "rules", "expected"),
    [
        # trf-format §9.2 table (WIN, WON, BPG, REP); the double forfeit stays unplayed (15.2, 2026)
        ("WIN", "fide-2026", [2, 2, 2, 0, 0]),
        ("WON", "fide-2026", [2, 2, 2, 0, 0]),
        # 1: R3, R5;  2: R2, R5;  3: R2, R4;  4: R1, R4;  5: R1 (R3 double forfeit with Black excluded)
        ("BPG", "fide-2026", [2, 2, 2, 2, 1]),
        # 5 rounds - the free round = 4;  4 and 5: also - the double forfeit = 3
        ("REP", "fide-2026", [4, 4, 4, 3, 3]),
        # C.07 7.4: 1: R3;  2: R5;  3: R2, R4
        ("BWG", "fide-2026", [1, 1, 2, 0, 0]),
        # C.07 7.7: 1: ½ + 1 + 1 + ½ = 3;  2: 1 + ½ + 0 + 1 = 2.5;  3: ½ + 1 + 0 + 1 = 2.5;
        # 4: ½ + ½ (double forfeit, 0 = 0) + 0 + 0 = 1;  5: 0 + 0 + ½ + ½ = 1;  free rounds 0
        ("STD", "fide-2026", halves(3, 2.5, 2.5, 1, 1)),
        # C.07 15.2 (2024): the double forfeit is a regular game for both, so 5 (Black) has BPG 2 and 4 and
        # 5 have REP 4.  The digest's table, labelled "2024 rules", shows the reference program's 1 and 3, 3.
        ("BPG", "fide-2024", [2, 2, 2, 2, 2]),
        ("REP", "fide-2024", [4, 4, 4, 4, 4]),
    ],
)
def test_digest_round_robin(rr_9_2: Tournament, code: str, rules: str, expected: list[Fraction]) -> None:
    assert values(rr_9_2, code, rules) == expected


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        # trf-format §9.1 table; by hand: 2's forfeit win and 3's PAB are wins (7.1), not games won (7.2)
        ("WIN", [2, 1, 1, 0, 1]),
        ("WON", [2, 0, 0, 0, 1]),
        ("BPG", [1, 1, 1, 1, 1]),
        ("BWG", [1, 0, 0, 0, 0]),
        # 4: R1 only (forfeit loss, ZPB);  5: 3 - HPB = 2
        ("REP", [3, 3, 3, 1, 2]),
    ],
)
def test_digest_swiss(code: str, expected: list[int]) -> None:
    for rules in ("fide-2026", "fide-2024"):
        assert values(digest_trf(SWISS_9_1), code, rules) == expected


# -- TPN --------------------------------------------------------------------------------------------------


def test_tpn_is_the_start_number_not_the_file_order() -> None:
    # the player lines of a 3-player event written in the order 3, 1, 2
    text = build({1: "+W2", 3: "PAB"})
    head = [line for line in text.splitlines() if not line.startswith("001")]
    lines = [line for line in text.splitlines() if line.startswith("001")]
    t = parse_trf("\n".join([*head, lines[2], lines[0], lines[1]]) + "\n", "order.trf")
    assert values(t, "TPN") == [3, 1, 2]


@pytest.mark.parametrize(
    ("reverse", "best_first"),
    [
        # C.07 7.8: ascending pairing numbers
        (False, [1, 2, 3, 4, 5, 6, 7, 8]),
        # 7.8, alternatively descending (/R)
        (True, [8, 7, 6, 5, 4, 3, 2, 1]),
    ],
)
def test_tpn_order(swiss: Tournament, reverse: bool, best_first: list[int]) -> None:
    key = compute(swiss, "TPN", reverse=reverse).order_key()
    order = sorted(range(8), key=lambda i: -int(key[i]))
    assert [swiss.players[i].start_number for i in order] == best_first
