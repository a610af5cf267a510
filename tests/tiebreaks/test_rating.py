"""Rating-based tie-breaks, C.07 Article 10: ARO, TPR, PTP, APRO, APPO, RTNG.

Expected values come from the rules digest (§5.6 test vectors), the TRF digest (§9.1 example) and
hand computation with tables B.02 8.1(a)/(b); the arithmetic is written next to each case.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from spareggio import Tournament
from spareggio.core.frame import Frame
from spareggio.io.trf import parse_trf
from spareggio.rules import find_ruleset
from spareggio.tiebreaks.base import Context, TiebreakResult, TiebreakSpec
from spareggio.tiebreaks.rating import (
    DP_TABLE,
    average_perfect_performance_of_opponents,
    average_performance_rating_of_opponents,
    average_rating_of_opponents,
    expected_score,
    perfect_tournament_performance,
    rating,
    tournament_performance_rating,
)

_TESTS = str(Path(__file__).resolve().parents[1])
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)  # tests/builders.py, the notation for hand-built events
tournament = importlib.import_module("builders").tournament

Compute = Callable[[Context, TiebreakSpec], TiebreakResult]
FUNCS: dict[str, Compute] = {
    "ARO": average_rating_of_opponents,
    "TPR": tournament_performance_rating,
    "PTP": perfect_tournament_performance,
    "APRO": average_performance_rating_of_opponents,
    "APPO": average_perfect_performance_of_opponents,
    "RTNG": rating,
}


def compute(
    t: Tournament,
    code: str,
    *,
    rules: str = "fide-2024",
    after_round: int | None = None,
    unrated_rating: int | None = None,
    **spec: object,
) -> TiebreakResult:
    ctx = Context(t, Frame.build(t, after_round), find_ruleset(rules), unrated_rating=unrated_rating)
    return FUNCS[code](ctx, TiebreakSpec(code, **spec))  # type: ignore[arg-type]


def values(t: Tournament, code: str, **kw: object) -> list[int | None]:
    out: list[int | None] = []
    for v in compute(t, code, **kw).values():
        assert v is None or v.denominator == 1
        out.append(None if v is None else int(v))
    return out


# ---------------------------------------------------------------------------------------------
# The FIDE tables (B.02 8.1(a) and 8.1(b), as printed in digest §5.6)
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("percent", "dp"),
    [
        (50, 0),
        (51, 7),
        (67, 125),
        (83, 273),
        (87, 322),
        (88, 336),
        (99, 677),
        (100, 800),
        (49, -7),  # dp(1 - p) negated
        (17, -273),
        (13, -322),
        (0, -800),
    ],
)
def test_table_8_1_a(percent: int, dp: int) -> None:
    assert DP_TABLE[percent] == dp


@pytest.mark.parametrize(
    ("difference", "hundredths"),
    [
        (0, 50),
        (3, 50),  # row 0-3 .50
        (4, 51),  # row 4-10 .51
        (121, 66),  # row 114-121 .66
        (122, 67),  # row 122-129 .67
        (400, 92),  # row 392-411 .92: no 400-point cap
        (735, 99),  # row 620-735 .99
        (736, 100),  # > 735 1.00
        (5000, 100),
        (-3, 50),  # the lower-rated side gets 1 - PD
        (-4, 49),
        (-121, 34),
        (-736, 0),
    ],
)
def test_table_8_1_b(difference: int, hundredths: int) -> None:
    assert int(expected_score(difference)) == hundredths


# ---------------------------------------------------------------------------------------------
# Digest §5.6 test vectors
# ---------------------------------------------------------------------------------------------

THREE_OPPONENTS = {1: 2000, 2: 1800, 3: 2000, 4: 2200}


@pytest.mark.parametrize(
    ("card", "tpr", "ptp"),
    [
        # digest §5.6 test vectors: opponents 1800, 2000, 2200, ARO = 6000/3 = 2000 (C.07 10.1-10.3)
        # 0.5/3 = 16.67 % -> 17 %, dp = -273 -> 1727; PTP 1679: D = -121, -321, -521 -> .34 + .13 + .03 = .50,
        # at 1678 .33 + .13 + .03 = .49
        ("=W2 -B3 -W4", 1727, 1679),
        # 1.0/3 = 33 %, dp = -125 -> 1875; PTP 1855: D = 55, -145, -345 -> .58 + .31 + .11 = 1.00,
        # at 1854 .58 + .30 + .11 = .99
        ("+W2 -B3 -W4", 1875, 1855),
        # 1.5/3 = 50 %, dp = 0 -> 2000; PTP 1998: D = 198, -2, -202 -> .76 + .50 + .24 = 1.50,
        # at 1997 .75 + .50 + .24 = 1.49
        ("+W2 =B3 -W4", 2000, 1998),
        # 2.0/3 = 67 %, dp = 125 -> 2125; PTP 2145: D = 345, 145, -55 -> .89 + .69 + .42 = 2.00,
        # at 2144 .88 + .69 + .42 = 1.99
        ("+W2 +B3 -W4", 2125, 2145),
        # 2.5/3 = 83 %, dp = 273 -> 2273; PTP 2318: D = 518, 318, 118 -> .97 + .87 + .66 = 2.50,
        # at 2317 .96 + .87 + .66 = 2.49
        ("+W2 +B3 =W4", 2273, 2318),
        # 3.0/3 = 100 %, dp = 800 -> 2800; PTP = highest + 736 = 2200 + 736 = 2936
        # (at 2935, D = 735 gives .99)
        ("+W2 +B3 +W4", 2800, 2936),
    ],
)
def test_digest_vectors_three_opponents(card: str, tpr: int, ptp: int) -> None:
    t = tournament({1: card}, ratings=THREE_OPPONENTS)
    assert values(t, "ARO")[0] == 2000
    assert values(t, "TPR")[0] == tpr
    assert values(t, "PTP")[0] == ptp


@pytest.mark.parametrize(
    ("card", "tpr", "ptp"),
    [
        # digest §5.6: opponents 2000 and 2100, ARO = 4100/2 = 2050
        # score 1.0: 50 % -> TPR 2050; PTP 2047: D = 47, -53 -> .57 + .43 = 1.00, at 2046 .56 + .42 = .98
        ("+W2 -B3", 2050, 2047),
        ("=W2 =B3", 2050, 2047),
        # score 0: TPR = 2050 - 800 = 1250; PTP = lowest opponent - 800 = 2000 - 800 = 1200
        ("-W2 -B3", 1250, 1200),
        # score 2.0: TPR = 2050 + 800 = 2850; PTP = highest opponent + 736 = 2100 + 736 = 2836
        ("+W2 +B3", 2850, 2836),
    ],
)
def test_digest_vectors_two_opponents(card: str, tpr: int, ptp: int) -> None:
    t = tournament({1: card}, ratings={1: 2050, 2: 2000, 3: 2100})
    assert values(t, "TPR")[0] == tpr
    assert values(t, "PTP")[0] == ptp


# ---------------------------------------------------------------------------------------------
# TRF digest §9.1: 5 players, 3 rounds, a PAB, a forfeit, an HPB and a ZPB
# ---------------------------------------------------------------------------------------------

TRF_9_1_LINES = (
    "012 Circolo Demo Open 2025",
    "022 Bologna",
    "032 ITA",
    "042 2025/10/04",
    "052 2025/10/05",
    "062 5",
    "072 5",
    "092 Individual: Swiss-System",
    "102 IA Esempio, Arbitro",
    "122 90 min + 30 sec/move",
    "132" + " " * 88 + "25/10/04  25/10/04  25/10/05",
    (
        "001    1 m FM Rossi, Marco                      2105 ITA    12345678 1990/04/12  2.5    1"
        "     4 w 1     3 b 1     2 w ="
    ),
    (
        "001    2 wWIM Bianchi, Giulia                   2030 ITA    12345679 1995/11/03  2.0    2"
        "     5 w =     4 b +     1 b ="
    ),
    (
        "001    3 m    Verdi, Luca                       1950 ITA    12345680 2001/01/20  1.0    4"
        "  0000 - U     1 w 0     5 b 0"
    ),
    (
        "001    4 m    Neri, Paolo                       1890 SUI     1300001 1985/07/07  0.0    5"
        "     1 b 0     2 w -  0000 - Z"
    ),
    (
        "001    5 w    Gallo, Anna                       1820 ITA    12345681 2005/09/30  2.0    3"
        "     2 b =  0000 - H     3 w 1"
    ),
)
TRF_9_1 = "\n".join(TRF_9_1_LINES) + "\n"


def example_9_1(*, unrated_4: bool = False) -> Tournament:
    text = TRF_9_1.replace("Neri, Paolo                       1890", "Neri, Paolo                           ")
    return parse_trf(text if unrated_4 else TRF_9_1, "example-9-1.trf")


# Games over the board (the forfeit 4-2 in round 2 never counts, C.07 Art. 10):
#   1: W vs 4 (1890), W vs 3 (1950), D vs 2 (2030)       2.5/3
#   2: D vs 5 (1820), D vs 1 (2105)                      1.0/2
#   3: L vs 1 (2105), L vs 5 (1820)                      0.0/2
#   4: L vs 1 (2105)                                     0.0/1
#   5: D vs 2 (2030), W vs 3 (1950)                      1.5/2
@pytest.mark.parametrize(
    ("code", "spec", "expected"),
    [
        # ARO (10.1): 1: 5870/3 = 1956.67 -> 1957; 2: 3925/2 = 1962.5 -> 1963 (.5 up); 3: 3925/2 -> 1963;
        # 4: 2105; 5: 3980/2 = 1990
        ("ARO", {}, [1957, 1963, 1963, 2105, 1990]),
        # TPR (10.2): 1: 83 % -> 1957 + 273 = 2230; 2: 50 % -> 1963; 3: 0 % -> 1963 - 800 = 1163;
        # 4: 2105 - 800 = 1305; 5: 75 % -> 1990 + 193 = 2183
        ("TPR", {}, [2230, 1963, 1163, 1305, 2183]),
        # PTP (10.3): 1: D = 347, 287, 207 -> .89 + .84 + .77 = 2.50, at 2236 .89 + .84 + .76 = 2.49;
        # 2: D = 140, -145 -> .69 + .31 = 1.00, at 1959 .69 + .30 = .99; 3: zero, 1820 - 800 = 1020;
        # 4: zero, 2105 - 800 = 1305; 5: D = 154, 234 -> .71 + .79 = 1.50, at 2183 .70 + .79 = 1.49
        ("PTP", {}, [2237, 1960, 1020, 1305, 2184]),
        # ARO/C1 (14.1.1b): 1: drop 1890, 3980/2 = 1990; 2: drop 1820 -> 2105; 3: drop 1820 -> 2105;
        # 4: its only game is cut -> undefined; 5: drop 1950 -> 2030
        ("ARO", {"cut_low": 1}, [1990, 2105, 2105, None, 2030]),
        # APRO (10.4), opponents' TPRs: 1: (1305 + 1163 + 1963)/3 = 1477; 2: (2183 + 2230)/2 = 2206.5 -> 2207;
        # 3: (2230 + 2183)/2 -> 2207; 4: 2230; 5: (1963 + 1163)/2 = 1563
        ("APRO", {}, [1477, 2207, 2207, 2230, 1563]),
        # APPO (10.5), opponents' PTPs: 1: (1305 + 1020 + 1960)/3 = 1428.33 -> 1428;
        # 2: (2184 + 2237)/2 = 2210.5 -> 2211; 3: same opponents -> 2211; 4: 2237; 5: (1960 + 1020)/2 = 1490
        ("APPO", {}, [1428, 2211, 2211, 2237, 1490]),
        # RTNG (10.6): the players' own ratings
        ("RTNG", {}, [2105, 2030, 1950, 1890, 1820]),
    ],
)
def test_trf_digest_example_9_1(code: str, spec: dict[str, int], expected: list[int | None]) -> None:
    # trf-format.md §9.1, start date 2025 -> 2024 rules (the rating tie-breaks do not depend on them)
    t = example_9_1()
    assert values(t, code, **spec) == expected


@pytest.mark.parametrize("code", sorted(FUNCS))
def test_unrated_participant_drops_the_tie_break(code: str) -> None:
    # trf-format.md §9.1: without player 4's rating every rating tie-break is undefined
    # (C.07 Art. 10 preamble)
    t = example_9_1(unrated_4=True)
    assert t.players[3].rating is None
    result = compute(t, code)
    assert result.values() == [None] * 5
    assert len(result.warnings) == 1
    assert "start number 4" in result.warnings[0] and "/U" in result.warnings[0]


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        # player 4 counts as 1400: 1's ARO = (1400 + 1950 + 2030)/3 = 1793.33 -> 1793 (trf-format.md §9.1);
        # nobody else played 4 over the board (2's game with 4 was a forfeit)
        ("ARO", [1793, 1963, 1963, 2105, 1990]),
        # 1's TPR: 1793 + dp(83 %) = 1793 + 273 = 2066
        ("TPR", [2066, 1963, 1163, 1305, 2183]),
        # RTNG: player 4 is ranked at 1400 (C.07 10.6 with the regulations' rating for unrated players)
        ("RTNG", [2105, 2030, 1950, 1400, 1820]),
    ],
)
def test_unrated_rating_given(code: str, expected: list[int]) -> None:
    t = example_9_1(unrated_4=True)
    # the specifier's /U1400 ...
    assert values(t, code, unrated=1400) == expected
    # ... or the rating given for the whole computation
    assert values(t, code, unrated_rating=1400) == expected
    assert compute(t, code, unrated=1400).warnings == ()


def test_specifier_rating_wins_over_context_rating() -> None:
    t = example_9_1(unrated_4=True)
    # /U1400 beats a context rating of 2000: (1400 + 1950 + 2030)/3 -> 1793,
    # not (2000 + 1950 + 2030)/3 = 1993.33 -> 1993
    assert values(t, "ARO", unrated=1400, unrated_rating=2000)[0] == 1793
    assert values(t, "ARO", unrated_rating=2000)[0] == 1993


def test_unrated_participant_without_games_still_drops() -> None:
    # C.07 Art. 10 preamble speaks of unrated players present in the event, not only of opponents:
    # player 4 (rating 0 = unrated) never played, and ARO is still undefined for everybody
    t = tournament({1: "+W2", 3: "-- =W1"}, players=4, ratings={1: 2000, 2: 1900, 3: 2100, 4: 0})
    assert values(t, "ARO") == [None] * 4
    # with /U1200 the value comes back: 1's opponents 1900, 2100 -> 2000
    assert values(t, "ARO", unrated=1200) == [2000, 2000, 2000, None]


def test_unrated_opponent_with_given_rating() -> None:
    # 1 beats the unrated 2 and draws with 3 (1900); /U1500: ARO = (1500 + 1900)/2 = 1700,
    # 1.5/2 = 75 % -> TPR 1700 + 193 = 1893; PTP 1940: D = 440, 40 -> .94 + .56 = 1.50,
    # at 1939 D = 439, 39 -> .94 + .55 = 1.49
    t = tournament({1: "+W2 =B3"}, ratings={1: 2000, 2: 0, 3: 1900})
    assert values(t, "ARO", unrated=1500)[0] == 1700
    assert values(t, "TPR", unrated=1500)[0] == 1893
    assert values(t, "PTP", unrated=1500)[0] == 1940


# ---------------------------------------------------------------------------------------------
# Edges
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "aro", "tpr", "ptp"),
    [
        # a single game against 2000 (C.07 10.1-10.3)
        # win: 100 % -> 2000 + 800; PTP = 2000 + 736 (first D > 735)
        ("+W2", 2000, 2800, 2736),
        # draw: 50 % -> 2000; PTP: PD(R - 2000) >= .50 needs D >= -3 (row 0-3 .50; D = -4 gives .49) -> 1997
        ("=W2", 2000, 2000, 1997),
        # loss: 0 % -> 2000 - 800; PTP = lowest opponent - 800 = 1200
        ("-W2", 2000, 1200, 1200),
    ],
)
def test_single_game(card: str, aro: int, tpr: int, ptp: int) -> None:
    t = tournament({1: card}, ratings={1: 2000, 2: 2000})
    assert values(t, "ARO")[0] == aro
    assert values(t, "TPR")[0] == tpr
    assert values(t, "PTP")[0] == ptp


@pytest.mark.parametrize(
    ("card", "tpr", "ptp"),
    [
        # perfect score against 1900, 2000, 2100: ARO 2000, TPR 2000 + 800 = 2800,
        # PTP = highest + 736 = 2836 (at 2835 D = 735 against 2100 gives .99)
        ("+W2 +B3 +W4", 2800, 2836),
        # zero score: TPR 2000 - 800 = 1200, PTP = lowest - 800 = 1900 - 800 = 1100
        ("-W2 -B3 -W4", 1200, 1100),
    ],
)
def test_perfect_and_zero_score(card: str, tpr: int, ptp: int) -> None:
    t = tournament({1: card}, ratings={1: 2000, 2: 1900, 3: 2000, 4: 2100})
    assert values(t, "TPR")[0] == tpr
    assert values(t, "PTP")[0] == ptp


@pytest.mark.parametrize(
    ("card", "tpr"),
    [
        # four games against 2000: 0.5/4 = 12.5 % -> 13 % (half up), dp = -dp(.87) = -322 -> 1678
        ("=W2 -B3 -W4 -B5", 1678),
        # 3.5/4 = 87.5 % -> 88 %, dp = 336 -> 2336
        ("=W2 +B3 +W4 +B5", 2336),
    ],
)
def test_tpr_percentage_rounds_half_up(card: str, tpr: int) -> None:
    t = tournament({1: card}, ratings={1: 2000, 2: 2000, 3: 2000, 4: 2000, 5: 2000})
    assert values(t, "TPR")[0] == tpr


@pytest.mark.parametrize(
    ("opponents", "aro"),
    [
        ((2000, 2001), 2001),  # 4001/2 = 2000.5 -> 2001 (.5 up, C.07 10.1)
        ((2000, 2000, 2001), 2000),  # 6001/3 = 2000.33 -> 2000
        ((2000, 2001, 2001), 2001),  # 6002/3 = 2000.67 -> 2001
        ((1999, 2000), 2000),  # 3999/2 = 1999.5 -> 2000
    ],
)
def test_aro_rounding(opponents: tuple[int, ...], aro: int) -> None:
    ratings = {1: 2000} | {k + 2: r for k, r in enumerate(opponents)}
    card = " ".join(f"=W{k + 2}" for k in range(len(opponents)))
    t = tournament({1: card}, ratings=ratings)
    assert values(t, "ARO")[0] == aro


@pytest.mark.parametrize(
    ("spec", "aro"),
    [
        # opponents 1800, 2200, 2000, 2100 (rounds 1-4)
        ({}, 2025),  # 8100/4
        ({"cut_low": 1}, 2100),  # C.07 14.1: drop 1800 -> 6300/3
        ({"cut_low": 2}, 2150),  # 14.2: drop 1800, 2000 -> 4300/2
        ({"cut_low": 1, "cut_high": 1}, 2050),  # 14.3: drop 1800 and 2200 -> 4100/2
        ({"cut_low": 3}, 2200),  # only the highest is left
        ({"cut_low": 4}, None),  # nothing left: undefined
        ({"cut_low": 2, "cut_high": 2}, None),  # 14.4 on four games: nothing left
    ],
)
def test_aro_cuts(spec: dict[str, int], aro: int | None) -> None:
    t = tournament({1: "+W2 -B3 =W4 =B5"}, ratings={1: 2000, 2: 1800, 3: 2200, 4: 2000, 5: 2100})
    assert values(t, "ARO", **spec)[0] == aro


def test_aro_cuts_act_on_played_games_only() -> None:
    # 2024/2026 rule: the PAB and the forfeit are no games, ARO/C1 drops the lowest *played* opponent:
    # played 2 (1800), 3 (2200), 4 (2000) -> drop 1800 -> 4200/2 = 2100
    t = tournament({1: "PAB +W2 -F5 =B3 =W4"}, ratings={1: 2000, 2: 1800, 3: 2200, 4: 2000, 5: 1000})
    assert values(t, "ARO", cut_low=1)[0] == 2100
    result = compute(t, "ARO", cut_low=1)
    assert result.table is not None
    counted = result.table.counted
    assert counted[0].tolist() == [False, False, False, True, True]


def test_forfeits_excluded_in_swiss() -> None:
    # 1: forfeit win against 2 (2400), draw with 3 (1900). Only the draw counts (C.07 Art. 10):
    # ARO 1900, TPR 1900 + dp(50 %) = 1900, PTP: D >= -3 -> 1897.
    # 2 has no game over the board: undefined.  3: ARO 2000 (player 1).
    t = tournament({1: "+F2 =W3"}, ratings={1: 2000, 2: 2400, 3: 1900})
    assert values(t, "ARO") == [1900, None, 2000]
    assert values(t, "TPR") == [1900, None, 2000]
    assert values(t, "PTP") == [1897, None, 1997]
    # APRO of 1: the TPR of 3 only (2000); of 3: the TPR of 1 (1900); 2 has no opponent played
    assert values(t, "APRO") == [2000, None, 1900]
    assert values(t, "APPO") == [1997, None, 1897]


def test_forfeits_excluded_in_round_robin() -> None:
    # 4-player round robin, 3 rounds (C.07 15.2, 2026 carve-out: forfeits stay unplayed for Art. 10;
    # applied whatever the rule set, here fide-2024):
    #   R1 1-2 1-0, 3-4 ½-½;  R2 3-1 ½-½, 2-4 1-0;  R3 1-4 forfeit win for 1, 2-3 ½-½
    t = tournament(
        {1: "+W2 =B3 +F4", 2: "-B1 +W4 =W3", 3: "=W4"},
        kind="Individual: Round-Robin",
        ratings={1: 2300, 2: 2200, 3: 2100, 4: 2000},
    )
    assert t.is_round_robin
    # 1: games vs 2 (2200) and 3 (2100): ARO 2150, 1.5/2 = 75 % -> 2150 + 193 = 2343
    # 4: games vs 3 (2100) and 2 (2200): ARO 2150, 0.5/2 = 25 % -> 2150 - 193 = 1957
    assert values(t, "ARO")[0] == 2150
    assert values(t, "ARO")[3] == 2150
    assert values(t, "TPR")[0] == 2343
    assert values(t, "TPR")[3] == 1957


def test_no_games_is_undefined() -> None:
    # 3 took byes only: every game-based rating tie-break is undefined; RTNG is still its rating
    t = tournament({1: "+W2 =B2", 3: "PAB HPB"}, ratings={1: 2000, 2: 1900, 3: 2100})
    for code in ("ARO", "TPR", "PTP", "APRO", "APPO"):
        assert values(t, code)[2] is None, code
    assert values(t, "RTNG")[2] == 2100


def test_undefined_ranks_last() -> None:
    # C.07 Art. 10 / digest §3 item 7: an undefined value ranks after every defined one
    t = tournament({1: "+W2", 3: "PAB"}, ratings={1: 2000, 2: 1000, 3: 2100})
    key = compute(t, "ARO").order_key()
    # 1: ARO 1000, 2: ARO 2000, 3: undefined
    assert key[1] > key[0] > key[2]


def test_rating_scale_ignores_tournament_scoring() -> None:
    # 3-1-0 scoring (TRF-2x 162); rating tie-breaks still count 1 / ½ / 0 (digest §2.1):
    # win + draw against 2000, 2000 = 1.5/2 = 75 % -> TPR 2000 + 193 = 2193
    t = tournament(
        {1: "+W2 =B3"},
        ratings={1: 2000, 2: 2000, 3: 2000},
        extra_headers=["162  W 3.0    D 1.0    L 0.0"],
    )
    assert t.scoring.win == 3
    assert values(t, "TPR")[0] == 2193
    # PTP 2189: D = 189 twice -> .75 + .75 = 1.50; at 2188 D = 188 -> .74 + .74 = 1.48
    assert values(t, "PTP")[0] == 2189


def test_after_round_frame() -> None:
    # after round 1 only the win against 2 (1800) counts: ARO 1800, TPR 2600, PTP 1800 + 736 = 2536;
    # after round 2 also the loss to 3 (2200): ARO 2000, 50 % -> TPR 2000, PTP: D = 198, -202 -> .76 + .24
    # = 1.00; at 1997 D = 197, -203 -> .75 + .24 = .99 -> 1998
    t = tournament({1: "+W2 -B3"}, ratings={1: 2000, 2: 1800, 3: 2200})
    assert values(t, "ARO", after_round=1)[0] == 1800
    assert values(t, "TPR", after_round=1)[0] == 2600
    assert values(t, "PTP", after_round=1)[0] == 2536
    assert values(t, "ARO")[0] == 2000
    assert values(t, "TPR")[0] == 2000
    assert values(t, "PTP")[0] == 1998


def test_rtng_direction_and_reverse() -> None:
    # RTNG (C.07 10.6): higher rating is better; /R makes the lower rating better
    t = tournament({1: "+W2"}, players=3, ratings={1: 2000, 2: 2200, 3: 1800})
    plain = compute(t, "RTNG").order_key()
    reverse = compute(t, "RTNG", reverse=True).order_key()
    assert plain[1] > plain[0] > plain[2]
    assert reverse[2] > reverse[0] > reverse[1]


# ---------------------------------------------------------------------------------------------
# The vectorised PTP search against a direct reading of C.07 10.3
# ---------------------------------------------------------------------------------------------

# table 8.1(b) as printed in digest §5.6: (highest difference of the row, expected score in hundredths)
_ROWS = [
    (3, 50), (10, 51), (17, 52), (25, 53), (32, 54), (39, 55), (46, 56), (53, 57), (61, 58), (68, 59),
    (76, 60), (83, 61), (91, 62), (98, 63), (106, 64), (113, 65), (121, 66), (129, 67), (137, 68),
    (145, 69), (153, 70), (162, 71), (170, 72), (179, 73), (188, 74), (197, 75), (206, 76), (215, 77),
    (225, 78), (235, 79), (245, 80), (256, 81), (267, 82), (278, 83), (290, 84), (302, 85), (315, 86),
    (328, 87), (344, 88), (357, 89), (374, 90), (391, 91), (411, 92), (432, 93), (456, 94), (484, 95),
    (517, 96), (559, 97), (619, 98), (735, 99),
]  # fmt: skip


def _pd(difference: int) -> int:
    for upper, pd in _ROWS:
        if abs(difference) <= upper:
            return pd if difference >= 0 else 100 - pd
    return 100 if difference > 0 else 0


def _ptp_by_scan(opponents: list[int], half_points: int) -> int:
    if half_points == 0:
        return min(opponents) - 800
    r = min(opponents) - 800
    while sum(_pd(r - o) for o in opponents) < 50 * half_points:
        r += 1
    return r


def test_ptp_search_matches_a_scan() -> None:
    rng = np.random.default_rng(20260301)
    n, rounds = 40, 6
    ratings = {p: int(rng.integers(1000, 2800)) for p in range(1, n + 1)}
    cards: dict[int, list[str]] = {p: [] for p in range(1, n + 1)}
    for _ in range(rounds):
        order = rng.permutation(n) + 1
        for a, b in zip(order[::2], order[1::2], strict=True):
            result = int(rng.integers(3))
            cards[int(a)].append(f"{'+=-'[result]}W{b}")
            cards[int(b)].append(f"{'-=+'[result]}B{a}")
    t = tournament({p: " ".join(toks) for p, toks in cards.items()}, players=n, ratings=ratings)
    result = values(t, "PTP")
    frame = Frame.build(t)
    halves = {1: 2, 2: 1, 3: 0}  # PLAYED_WIN, PLAYED_DRAW, PLAYED_LOSS
    for i in range(n):
        opps = [ratings[int(frame.opponent[i, r]) + 1] for r in range(rounds)]
        score = sum(halves[int(frame.kind[i, r])] for r in range(rounds))
        assert result[i] == _ptp_by_scan(opps, score), i + 1
