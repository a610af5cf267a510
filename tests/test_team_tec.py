"""The team tournament of the FIDE TEC exercises (IA Mario Held, "Exercises in Tie-Breaking",
Rev. 2403220900 / C.07-2023, section 2.3 pp. 6-8 and Part Two pp. 52-70), written as a TRF-26 file
in tests/data/teams/tec-2.3.trf (its header cites the pages), ranked by spareggio under the 2024
rules (the document's team rules are those of Sep-2023 = 2024).

14 teams, rosters of 6 players, 4 boards, 7 rounds, match points 2/1/0; Lynxes PAB in round 5 and
Narwhals HPB in round 5 and PAB in round 7 (1 MP + 2 GP each, record 320 and 240 H), Giraffes ZPB
in round 7 (240 Z, a 16.2.5 round: its opponents count it as a draw, 7 MP and 13.5 GP), Antelopes
win round 6 by forfeit against Falcons (330).  The boards of a match are 4 (record 352 WBWB; without
it, the most boards fielded), not the roster's 6: D(GP) = 2, SSSC's FN = floor(14 / 4) = 3.
"""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

import pytest

from spareggio.base import numbers
from spareggio.base.numbers import fixed_number
from spareggio.core.model import Scope
from spareggio.core.team_event import BoardsSource
from spareggio.io import read_event
from spareggio.io.trf.team_matches import parse_team_event
from spareggio.render.output import format_number, standings_csv, standings_table
from spareggio.standings import rank
from spareggio.tiebreaks import TiebreakSpecError, parse_spec
from spareggio.tiebreaks.records import Why
from spareggio.tiebreaks.team import SsscFactor
from spareggio.web.views import number

TEC = Path(__file__).resolve().parent / "data" / "teams" / "tec-2.3.trf"
NAMES = ["Antelopes", "Bonobos", "Cougars", "Deer", "Elephants", "Falcons", "Giraffes", "Hippopotami",
         "Iguanas", "Jackals", "Koalas", "Lynxes", "Moose", "Narwhals"]  # fmt: skip


@pytest.fixture(scope="module")
def ev():  # type: ignore[no-untyped-def]
    return read_event(str(TEC))


def h(text: str) -> F:
    """A value as the document prints it (``17,5``, ``17½``)."""
    return F(text.replace(",", ".").replace("½", ".5"))


# Per team, in team order 1-14.  MP, GP: p. 6.  BH, BH-C1 on MP: Exercises 35-36 pp. 54-55.  BH and
# BH-C1 on GP (GP primary): Exercise 37 p. 56.  EMM/EGM/EMG/EGG SB: the summary table p. 61.  SSSC:
# Exercise 49 p. 70, printed with one decimal.
TOTALS = """
#      MP  GP    BH:MP C1  BH:GP  C1     EMMSB EGMSB EMGSB EGGSB   SSSC
1      10  17,5  64    57  114,0  100,5  88    158,0 158,5 283,00  38,8
2      10  17    57    52  107,5  96,0   74    144,0 131,0 249,75  36,0
3      10  16    58    53  109,5  97,0   76    150,0 128,0 247,50  35,3
4      10  17    56    52  106,0  94,5   72    146,0 130,0 253,50  35,7
5      10  18    55    53  99,0   91,5   70    132,0 125,0 236,00  36,3
6      7   12,5  46    39  92,0   79,5   32    79,5  73,0  157,50  27,8
7      6   11,5  44    38  94,5   83,0   33    78,5  68,5  155,00  26,2
8      7   15    41    39  90,0   82,5   30    79,0  77,0  181,50  28,7
9      6   14,5  50    48  97,5   90,0   26    66,5  83,0  180,00  31,2
10     5   13    44    42  92,0   84,5   19    53,0  72,5  161,75  27,7
11     4   11,5  41    39  88,0   80,5   16    45,0  61,0  138,50  25,2
12     2   7,5   41    39  92,0   84,5   6     19,0  33,5  83,75   21,2
13     6   11,5  52    48  101,0  89,5   30    72,0  73,0  152,50  28,8
14     4   11,5  36    32  87,0   75,5   19    48,0  58,0  140,75  23,5
"""
ROWS = [line.split() for line in TOTALS.strip().splitlines()[1:]]
MP_CRITERIA = ["BH:MP", "BH:MP/C1", "EMMSB", "EGMSB", "EMGSB", "EGGSB", "SSSC"]
COLUMNS = {"BH:MP": 3, "BH:MP/C1": 4, "EMMSB": 7, "EGMSB": 8, "EMGSB": 9, "EGGSB": 10, "SSSC": 11}


def test_scores_and_boards(ev) -> None:  # type: ignore[no-untyped-def]
    assert [t.name for t in ev.teams] == NAMES
    assert [len(t.roster) for t in ev.teams] == [6] * 14
    assert ev.boards == 4 and ev.boards_source is BoardsSource.RECORD_352
    assert [F(int(x), 2) for x in ev.mp.sum(axis=1)] == [h(row[1]) for row in ROWS]
    assert [F(int(x), 2) for x in ev.gp.sum(axis=1)] == [h(row[2]) for row in ROWS]
    # the HPB of Narwhals (round 5) and the PABs (Lynxes round 5, Narwhals round 7): 1 MP + 2 GP (p. 8)
    assert (ev.mp[13, [4, 6]].tolist(), ev.gp[13, [4, 6]].tolist()) == ([2, 2], [4, 4])
    assert (ev.mp[11, 4], ev.gp[11, 4]) == (2, 4)


@pytest.mark.parametrize("criterion", MP_CRITERIA)
def test_mp_primary_totals(ev, criterion: str) -> None:  # type: ignore[no-untyped-def]
    s = rank(ev, ",".join(MP_CRITERIA), rules="fide-2024")
    got = {row.player.start_number: row.values[criterion] for row in s.rows}
    column = COLUMNS[criterion]
    for row in ROWS:
        value = got[int(row[0])]
        if criterion == "SSSC":  # exact (C.07 states no rounding); the document prints one decimal
            assert format_number(value, 1) == row[column].replace(",", "."), row[0]
        else:
            assert value == h(row[column]), (criterion, row[0])


def test_gp_primary_buchholz(ev) -> None:  # type: ignore[no-untyped-def]
    """Exercise 37 (p. 56): GP primary, BH and BH-C1 on game points; Team #1 Antelopes BH:GP = 114
    (Giraffes' last-round ZPB counts as a drawn match for its opponents: 2 GP with 4 boards)."""
    s = rank(ev.with_primary("GP"), "BH,BH/C1", rules="fide-2024")
    got = {row.player.start_number: (row.values["BH"], row.values["BH/C1"]) for row in s.rows}
    assert got == {int(row[0]): (h(row[5]), h(row[6])) for row in ROWS}


# The opponents' adjusted scores round by round (BH tables pp. 54-56; an own unplayed round: the
# team's own score, 16.4): MP inputs, then GP inputs.
ROUNDS_MP = """
1  7 10 7 10 10 10 10
2  6 10 10 10 6 10 5
3  5 10 6 7 10 10 10
4  4 10 6 10 10 10 6
5  2 7 10 10 10 10 6
6  6 10 7 10 4 7 2
7  4 7 10 5 6 6 6
8  10 7 7 2 5 6 4
9  10 2 10 4 7 7 10
10 10 4 2 7 7 4 10
11 10 5 4 6 7 2 7
12 10 6 5 7 2 4 7
13 7 4 10 4 10 7 10
14 7 6 4 6 4 5 4
"""
ROUNDS_GP = """
1  15,0 17,0 13,5 17,0 18,0 17,5 16,0
2  14,5 16,0 18,0 17,5 11,5 17,0 13,0
3  13,0 17,0 14,5 12,5 17,0 18,0 17,5
4  11,5 17,5 11,5 18,0 16,0 17,0 14,5
5  7,5 12,5 17,0 17,0 17,5 16,0 11,5
6  11,5 18,0 15,0 16,0 11,5 12,5 7,5
7  11,5 15,0 17,5 13,0 14,5 11,5 11,5
8  17,5 13,5 12,5 7,5 13,0 14,5 11,5
9  17,0 7,5 16,0 11,5 13,5 15,0 17,0
10 16,0 11,5 7,5 13,5 15,0 11,5 17,0
11 17,0 13,0 11,5 11,5 12,5 7,5 15,0
12 18,0 14,5 13,0 15,0 7,5 11,5 12,5
13 12,5 11,5 17,0 11,5 17,0 13,5 18,0
14 13,5 11,5 11,5 14,5 11,5 13,0 11,5
"""


@pytest.mark.parametrize(("score", "table"), [("MP", ROUNDS_MP), ("GP", ROUNDS_GP)])
def test_buchholz_round_by_round(ev, score: str, table: str) -> None:  # type: ignore[no-untyped-def]
    s = rank(ev, f"BH:{score}", rules="fide-2024")
    result = s.results[f"BH:{score}"]
    for line in table.strip().splitlines():
        number, *inputs = line.split()
        records = result.records(int(number) - 1)
        assert [r.input for r in records] == [h(x) for x in inputs], (score, number)


# Exercise 36 (p. 55): the rounds BH-C1 cuts on MP, by team: the VUR first (Falcons' forfeit loss in
# round 6, Narwhals' HPB in round 5, Giraffes' ZPB in round 7), else the lowest value.
CUT_MP = {1: {7, 1, 3}, 6: {6}, 14: {5}, 7: {7}, 5: {1}, 12: {5}}


def test_cut_rounds(ev) -> None:  # type: ignore[no-untyped-def]
    s = rank(ev, "BH:MP/C1", rules="fide-2024")
    result = s.results["BH:MP/C1"]
    for team, allowed in CUT_MP.items():
        cut = [r.round for r in result.records(team - 1) if r.why is not Why.COUNTED]
        assert len(cut) == 1 and cut[0] in allowed, (team, cut)


# Exercises 38-41 (pp. 57-61): per round the team's own score (MP or GP) and the opponent's adjusted
# total (a dummy for the own unplayed round: Antelopes' forfeit win, Falcons' forfeit loss), with the
# contributions summed to the total.
ESB_ROUNDS = [
    ("EMMSB", 1, "2 0 2 2 0 2 2", "7 10 7 10 10 10 10", 88),
    ("EMMSB", 2, "2 2 0 0 2 2 2", "6 10 10 10 6 10 5", 74),
    ("EMMSB", 3, "2 0 2 2 2 2 0", "5 10 6 7 10 10 10", 76),
    ("EMMSB", 4, "2 2 2 2 0 0 2", "4 10 6 10 10 10 6", 72),
    ("EMMSB", 5, "2 2 2 0 2 0 2", "2 7 10 10 10 10 6", 70),
    ("EGMSB", 1, "2 0 2 2 0 2 2", "15 17 13,5 17 18 17,5 16", 158),
    ("EGMSB", 2, "2 2 0 0 2 2 2", "14,5 16 18 17,5 11,5 17 13", 144),
    ("EGMSB", 3, "2 0 2 2 2 2 0", "13 17 14,5 12,5 17 18 17,5", 150),
    ("EGMSB", 4, "2 2 2 2 0 0 2", "11,5 17,5 11,5 18 16 17 14,5", 146),
    ("EGMSB", 5, "2 2 2 0 2 0 2", "7,5 12,5 17 17 17,5 16 11,5", 132),
    ("EMGSB", 7, "2 2 1 2,5 2 2 0", "4 7 10 5 6 6 6", F(137, 2)),
    ("EMGSB", 9, "1 4 1 3 2 2 1,5", "10 2 10 4 7 7 10", 83),
    ("EMGSB", 13, "2 2,5 1 2,5 1 2 0,5", "7 4 10 4 10 7 10", 73),
    ("EGGSB", 6, "2 1 3 1,5 2,5 0 2,5", "11,5 18 15 16 11,5 12,5 7,5", F(315, 2)),
    ("EGGSB", 8, "1,5 2 1 3,5 2 2 3", "17,5 13,5 12,5 7,5 13 14,5 11,5", F(363, 2)),
]  # fmt: skip


@pytest.mark.parametrize(("code", "team", "own", "key", "total"), ESB_ROUNDS)
def test_esb_round_by_round(ev, code: str, team: int, own: str, key: str, total: F) -> None:  # type: ignore[no-untyped-def]
    s = rank(ev, code, rules="fide-2024")
    result = s.results[code]
    records = result.records(team - 1)
    assert [r.factor for r in records] == [h(x) for x in own.split()]
    assert [r.input for r in records] == [h(x) for x in key.split()]
    assert sum(r.contribution or 0 for r in records) == total == result.value(team - 1)


def test_emmsb_cut_1(ev) -> None:  # type: ignore[no-untyped-def]
    """Exercise 38: EMMSB-C1 drops the opponent with the lowest MP (14.1.2), not the smallest
    contribution: 88 -> 74 for Antelopes (Giraffes' or Hippopotami's 14), 74 -> 64, 76 -> 66,
    72 -> 64, 70 -> 66."""
    s = rank(ev, "EMMSB/C1", rules="fide-2024")
    got = {row.player.start_number: row.values["EMMSB/C1"] for row in s.rows}
    assert [got[k] for k in range(1, 6)] == [74, 64, 66, 64, 66]


def test_sssc_factor(ev) -> None:  # type: ignore[no-untyped-def]
    """Exercise 49: FN = floor(2 MP x 7 rounds / 4 GP) = floor(3.5) = 3; SSSC(#1) = 17.5 + 64/3."""
    s = rank(ev, "SSSC", rules="fide-2024")
    assert s.results["SSSC"].details == SsscFactor(3)
    assert s.results["SSSC"].value(0) == F(35, 2) + F(64, 3)


def groups(s) -> list[list[int]]:  # type: ignore[no-untyped-def]
    out: list[list[int]] = []
    for row in s.rows:
        if out and row.rank == s.row_of(out[-1][-1]).rank:
            out[-1].append(row.player.start_number)
        else:
            out.append([row.player.start_number])
    return out


@pytest.mark.parametrize(
    ("tiebreak", "expected"),
    [
        # Ex. 42-45 (pp. 62-64): EDE leaves 11 and 14 tied (drawn 2-2), ranks 6 before 8 (6 won),
        # leaves 7, 9, 13 tied (9 and 13 never met), and orders the 10-point teams 4, 2, 1, 3, 5
        ("EDE", [[4], [2], [1], [3], [5], [6], [8], [7, 9, 13], [10], [11, 14], [12]]),
        # Ex. 46-48 (pp. 66-67): after EDE, BC of the direct encounter (Koalas 3.5, Narwhals 6.5),
        # TBR (board 1 won by Koalas) and BBE (2 against 1) all put Koalas first
        *((chain, [[4], [2], [1], [3], [5], [6], [8], [7, 9, 13], [10], [11], [14], [12]])
          for chain in ("EDEC", "EDET", "EDEB", "EDEBT", "EDEBB")),
    ],
)  # fmt: skip
def test_extended_direct_encounter(ev, tiebreak: str, expected: list[list[int]]) -> None:  # type: ignore[no-untyped-def]
    s = rank(ev, tiebreak, rules="fide-2024")
    assert [sorted(g) for g in groups(s)] == expected


def test_mpvgp_orders(ev) -> None:  # type: ignore[no-untyped-def]
    """Exercise 34 (p. 53): the standings by {MP, GP} and by {GP, MP}."""
    by_mp = rank(ev, "MPvGP", rules="fide-2024")
    expected_mp = [[5], [1], [2, 4], [3], [8], [6], [9], [7, 13], [10], [11, 14], [12]]  # fmt: skip
    assert [sorted(g) for g in groups(by_mp)] == expected_mp
    by_gp = rank(ev.with_primary("GP"), "MPvGP", rules="fide-2024")
    expected_gp = [[5], [1], [2, 4], [3], [8], [9], [10], [6], [7, 13], [11, 14], [12]]  # fmt: skip
    assert [sorted(g) for g in groups(by_gp)] == expected_gp


def test_boards_without_record_352() -> None:
    """Without record 352 the boards are the most that a team fielded in a match (4, not the
    rosters' 6), with a warning; every value stays the same."""
    text = TEC.read_bytes().replace(b"352 WBWB\n", b"")
    ev = parse_team_event(text, "tec.trf")
    assert ev.boards == 4 and ev.boards_source is BoardsSource.MOST_FIELDED
    assert any("no record 352" in str(w) and "4 boards" in str(w) for w in ev.warnings)
    s = rank(ev.with_primary("GP"), "BH,SSSC", rules="fide-2024")
    assert s.results["BH"].value(0) == 114
    assert s.results["SSSC"].details == SsscFactor(14)  # GP primary: floor(4 GP x 7 rounds / 2 MP) (13.4.2.b)


def test_sssc_printed_to_the_documents_precision(ev) -> None:  # type: ignore[no-untyped-def]
    """Exercise 49 (p. 70) prints SSSC with one decimal: ``SSSC/D1`` prints the 14 values as the
    document does (38.83... -> 38,8), in the text table, the CSV and the web table, while the value
    stays exact (17.5 + 64/3 = 233/6 for Antelopes)."""
    s = rank(ev, "SSSC/D1", rules="fide-2024")
    assert s.labels == ["SSSC/D1"]
    by_team = {row.player.start_number: row for row in s.rows}
    assert by_team[1].values["SSSC/D1"] == F(35, 2) + F(64, 3)  # exact, not 38.8
    expected = {int(row[0]): row[11] for row in ROWS}  # the document's one decimal, "38,8"
    csv_it = standings_csv(s, "it").lstrip("\ufeff").splitlines()[1:]
    assert {int(line.split(";")[2]): line.split(";")[7] for line in csv_it} == expected
    table = standings_table(s, "en").splitlines()
    printed = {int(line.split()[1]): line.split()[-1] for line in table if line[:2].strip().isdigit()}
    assert printed == {k: v.replace(",", ".") for k, v in expected.items()}
    assert number(by_team[4].values["SSSC/D1"], "it", 1) == "35,7"  # Deer, 17 + 56/3 = 35.67


def test_sssc_ranks_on_the_exact_value(ev) -> None:  # type: ignore[no-untyped-def]
    """Printed with no decimal (``SSSC/D0``) Elephants (18 + 55/3 = 36.33) and Bonobos (17 + 57/3 = 36)
    both show 36; the ranking still reads the exact values (p. 70: Elephants before Bonobos), and no
    place is shared."""
    s = rank(ev, "SSSC/D0", rules="fide-2024")
    rows = {row.player.start_number: row for row in s.rows}
    assert rows[5].rank < rows[2].rank and not rows[5].shared and not rows[2].shared
    cells = {int(line.split(",")[2]): line.split(",")[7] for line in standings_csv(s).splitlines()[1:]}
    assert (cells[5], cells[2]) == ("36", "36")


@pytest.mark.parametrize(
    ("value", "places", "text"),
    [
        (F(233, 6), 1, "38.8"),  # SSSC Antelopes, p. 70
        (F(109, 3), 1, "36.3"),  # SSSC Elephants
        (F(141, 4), 1, "35.3"),  # half up, as the reference program rounds (not 35.2)
        (F(-141, 4), 1, "-35.3"),
        (F(36), 1, "36.0"),
        (F(233, 6), 2, "38.83"),
        (F(7, 2), 0, "4"),
    ],
)
def test_fixed_places_round_half_up(value: F, places: int, text: str) -> None:
    assert fixed_number(value, places) == text
    assert numbers.fixed(value, "fr", places) == text.replace(".", ",")  # the language's decimal symbol


def test_decimals_modifier() -> None:
    spec = parse_spec("sssc/k3/d1", scope=Scope.TEAM)
    assert (spec.factor, spec.decimals, str(spec)) == (3, 1, "SSSC/K3/D1")
    with pytest.raises(TiebreakSpecError, match="not allowed for BH"):
        parse_spec("BH:MP/D1", scope=Scope.TEAM)
