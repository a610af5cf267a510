"""Ranking (C.07 Arts. 2, 4, 5; digest §3): points, then the tie-breaks in order, each still-tied subgroup on
its own; players level on everything share the place (competition ranking 1, 2, 2, 4).  Also the
default tie-break list, the range of ``after_round`` and the choice of the rule set by the start date.
"""

from __future__ import annotations

from fractions import Fraction as Fr

import pytest

import spareggio
from builders import tournament
from spareggio import ArgumentError
from spareggio.core.model import KindSource
from spareggio.render.output import standings_to_dict
from spareggio.standings import ListSource

# STD -- 8 players, 3 rounds, every game played (so BH and SB are the same under every Article 16 rule set).
#   r1: 4 (W) loses to 5;  6 (W) loses to 2;  1 (W) draws 3;  8 (W) draws 7
#   r2: 8 (W) draws 6;  2 (W) draws 1;  7 (W) loses to 4;  5 (W) draws 3
#   r3: 7 (W) draws 2;  6 (W) draws 3;  1 (W) loses to 5;  8 (W) beats 4
# Points:  5: 5/2;  2, 8: 2;  3: 3/2;  1, 4, 6, 7: 1
# BH:  1: 3/2 + 2 + 5/2 = 6      2: 1 + 1 + 1 = 3      3: 1 + 5/2 + 1 = 9/2     4: 5/2 + 1 + 2 = 11/2
#      5: 1 + 3/2 + 1 = 7/2      6: 2 + 2 + 3/2 = 11/2  7: 2 + 1 + 2 = 5        8: 1 + 1 + 1 = 3
# SB:  1: ½×3/2 + ½×2 + 0 = 7/4  2: 1 + ½ + ½ = 2       3: ½×(1 + 5/2 + 1) = 9/4  4: 0 + 1×1 + 0 = 1
#      5: 1 + ½×3/2 + 1 = 11/4   6: 0 + ½×2 + ½×3/2 = 7/4   7: ½×2 + 0 + ½×2 = 2   8: ½ + ½ + 1 = 2
STD = {
    1: "=W3 =B2 -W5",
    2: "+B6 =W1 =B7",
    3: "=B1 =B5 =B6",
    4: "-W5 +B7 -B8",
    5: "+B4 =W3 +B1",
    6: "-W2 =B8 =W3",
    7: "=B8 -W4 =W2",
    8: "=W7 =W6 +W4",
}


def ranking(s: spareggio.Standings) -> list[tuple[int, int, int]]:
    """(start number, rank, rank_to) of every row, in standings order."""
    return [(r.player.start_number, r.rank, r.rank_to) for r in s.rows]


@pytest.mark.parametrize(
    ("tiebreaks", "expected"),
    [
        # points only (PTS repeats the primary score): 5 | 2 = 8 | 3 | 1 = 4 = 6 = 7
        pytest.param(
            ["PTS"],
            [(5, 1, 1), (2, 2, 3), (8, 2, 3), (3, 4, 4), (1, 5, 8), (4, 5, 8), (6, 5, 8), (7, 5, 8)],
            id="none",
        ),
        # BH: 2 and 8 both 3; 1 point: 1 (6) > 4 = 6 (11/2) > 7 (5)
        pytest.param(
            ["BH"],
            [(5, 1, 1), (2, 2, 3), (8, 2, 3), (3, 4, 4), (1, 5, 5), (4, 6, 7), (6, 6, 7), (7, 8, 8)],
            id="BH",
        ),
        # BH then SB: 4 and 6 are split by SB (6: 7/4 > 4: 1); 2 and 8 stay level (SB 2 and 2)
        pytest.param(
            ["BH", "SB"],
            [(5, 1, 1), (2, 2, 3), (8, 2, 3), (3, 4, 4), (1, 5, 5), (6, 6, 6), (4, 7, 7), (7, 8, 8)],
            id="BH,SB",
        ),
        # SB then BH: 1 point: 7 (2) > 1 = 6 (7/4) > 4 (1); then 1 (BH 6) before 6 (11/2)
        pytest.param(
            ["SB", "BH"],
            [(5, 1, 1), (2, 2, 3), (8, 2, 3), (3, 4, 4), (7, 5, 5), (1, 6, 6), (6, 7, 7), (4, 8, 8)],
            id="SB,BH",
        ),
    ],
)
def test_points_then_tiebreaks_in_order(tiebreaks: list[str], expected: list[tuple[int, int, int]]) -> None:
    """C.07 4.2: points first, then each tie-break in the listed order; equal on all = shared place."""
    s = spareggio.rank(tournament(STD), tiebreaks, rules="fide-2026")
    assert ranking(s) == expected


def test_points_come_first() -> None:
    """#5 has the most points (5/2) and ranks first although its BH (7/2) is below #1's (6)."""
    s = spareggio.rank(tournament(STD), ["BH"], rules="fide-2026")
    top = s.rows[0]
    assert (top.player.start_number, top.points, top.values["BH"]) == (5, Fr(5, 2), Fr(7, 2))
    assert s.row_of(1).values["BH"] == Fr(6)


def test_subgroups_never_inherit_order() -> None:
    """C.07 4.2 (2026 wording): the second tie-break only orders players still tied on the first.

    Among the 1-point players BH gives 1 (6), then 4 and 6 (11/2), then 7 (5).  SB is highest for #7 (2),
    yet #7 stays last: SB only separates 4 and 6 (7/4 against 1).
    """
    s = spareggio.rank(tournament(STD), ["BH", "SB"], rules="fide-2026")
    one_point = [r for r in s.rows if r.points == 1]
    assert [r.player.start_number for r in one_point] == [1, 6, 4, 7]
    assert [r.values["SB"] for r in one_point] == [Fr(7, 4), Fr(7, 4), Fr(1), Fr(2)]


def test_shared_place_rows() -> None:
    """Competition ranking: 1, 2, 2, 4 -- a shared place is rank..rank_to and the next rank skips."""
    s = spareggio.rank(tournament(STD), ["BH", "SB"], rules="fide-2026")
    second = [r for r in s.rows if r.rank == 2]
    assert [r.player.start_number for r in second] == [2, 8]  # level: points 2, BH 3, SB 2
    assert all(r.shared and r.rank_to == 3 and r.place == "2-3" for r in second)
    fourth = s.row_of(3)
    assert (fourth.rank, fourth.rank_to, fourth.shared, fourth.place) == (4, 4, False, "4")


# --------------------------------------------------------------------------------------------------
# The default tie-break list: the file's own (record 212, else 202), else the Swiss default


@pytest.mark.parametrize(
    ("headers", "labels", "source", "words"),
    [
        pytest.param([], ["BH/C1", "BH", "SB"], ListSource.DEFAULT_SWISS, "default for Swiss events", id="swiss-default"),
        # record 212 starts with PTS, which is the primary score, not a tie-break
        pytest.param(["212 PTS,SB,BH"], ["SB", "BH"], ListSource.FILE, "file (record 212/202)", id="record-212"),
        pytest.param(["202 SB,BH/C1"], ["SB", "BH/C1"], ListSource.FILE, "file (record 212/202)", id="record-202"),
        # both present: 212 defines the standings
        pytest.param(["202 BH", "212 PTS,SB"], ["SB"], ListSource.FILE, "file (record 212/202)", id="212-over-202"),
    ],
)  # fmt: skip
def test_default_tiebreaks(headers: list[str], labels: list[str], source: ListSource, words: str) -> None:
    """Without a list from the caller: the file's 212/202 list, else BH/C1, BH, SB for a Swiss.  The
    source is a code; the JSON keeps the words it has always written beside it."""
    t = tournament(STD, extra_headers=headers)
    s = spareggio.rank(t, rules="fide-2026")
    assert (s.labels, s.tiebreaks_source) == (labels, source)
    assert list(s.results) == labels
    doc = standings_to_dict(s)
    assert (doc["tiebreaks_source"], doc["tiebreaks_source_code"]) == (words, source.value)


def test_list_given_by_the_caller_is_said_so() -> None:
    s = spareggio.rank(tournament(STD, extra_headers=["202 SB"]), "BH", rules="fide-2026")
    assert s.tiebreaks_source is ListSource.CALLER
    doc = standings_to_dict(s)
    assert (doc["tiebreaks_source"], doc["tiebreaks_source_code"]) == ("given by the caller", "caller")


def test_file_list_ranks_like_the_same_explicit_list() -> None:
    """Record 212 ``PTS,SB,BH`` ranks exactly as the explicit list SB, BH."""
    from_file = spareggio.rank(tournament(STD, extra_headers=["212 PTS,SB,BH"]), rules="fide-2026")
    explicit = spareggio.rank(tournament(STD), ["SB", "BH"], rules="fide-2026")
    assert ranking(from_file) == ranking(explicit)
    assert [r.player.start_number for r in from_file.rows][4:] == [7, 1, 6, 4]


# --------------------------------------------------------------------------------------------------
# after_round


@pytest.mark.parametrize("after", [0, -1, 4, 10])
def test_after_round_out_of_range(after: int) -> None:
    """The file holds rounds 1 to 3: any other round is an ArgumentError."""
    with pytest.raises(ArgumentError, match="out of range"):
        spareggio.rank(tournament(STD), ["BH"], rules="fide-2026", after_round=after)


@pytest.mark.parametrize(
    ("after", "points_of_5"),
    [
        (1, Fr(1)),  # r1: beat 4
        (2, Fr(3, 2)),  # r2: drew with 3
        (3, Fr(5, 2)),  # r3: beat 1
    ],
)
def test_after_round_in_range(after: int, points_of_5: Fr) -> None:
    s = spareggio.rank(tournament(STD), ["BH"], rules="fide-2026", after_round=after)
    assert s.after_round == after
    assert s.row_of(5).points == points_of_5


# --------------------------------------------------------------------------------------------------
# The rule set chosen by the start date (record 042) when the caller names none

# FW (3 rounds): 1 wins by forfeit against 2 (who then takes two ZPBs), beats 3 and 4.
#   #3: +W4 -B1 PAB (2 points), #4: -B3 PAB -W1 (1 point).  own(1) = 3, adj(2) = 0 + ½ + ½ = 1.
# BH(1): fide-2026 = min(3, adj(2) 1) + 2 + 1 = 4 (C.07 16.4.1);  fide-2024 = 3 + 2 + 1 = 6 (16.4, no cap);
#        fide-2009 = virtual opponent 0 + (1 - 1) + ½ × 2 = 1, plus the opponents with every unplayed round
#        as a draw: #3 1 + 0 + ½ = 3/2, #4 0 + ½ + 0 = ½  ->  1 + 3/2 + ½ = 3  (Kallithea 2009, seed 003)
FW = {1: "+F2 +W3 +B4", 2: "-F1 ZPB ZPB", 3: "+W4 -B1 PAB", 4: "-B3 PAB -W1"}


@pytest.mark.parametrize(
    ("date", "rules", "bh"),
    [
        pytest.param("2026/06/01", "fide-2026", Fr(4), id="2026-06-01"),
        pytest.param("2026/03/01", "fide-2026", Fr(4), id="2026-03-01-first-day"),
        pytest.param("2026/02/28", "fide-2024", Fr(6), id="2026-02-28-last-day-of-2024-rules"),
        pytest.param("2023/09/01", "fide-2024", Fr(6), id="2023-09-01-first-day"),
        pytest.param("2023/08/31", "fide-2009", Fr(3), id="2023-08-31"),
        pytest.param("2015/05/10", "fide-2009", Fr(3), id="2015"),
        pytest.param(None, "fide-2026", Fr(4), id="no-date"),
    ],
)
def test_rules_by_start_date(date: str | None, rules: str, bh: Fr) -> None:
    """rules=None: fide-2026 from 2026-03-01, fide-2024 from 2023-09-01, fide-2009 before; no date: fide-2026."""
    t = tournament(FW, date=date)
    s = spareggio.rank(t, ["BH"])
    assert s.rules.name == rules
    assert s.row_of(1).values["BH"] == bh


def test_explicit_rules_override_the_date() -> None:
    t = tournament(FW, date="2026/06/01")
    s = spareggio.rank(t, ["BH"], rules="fide-2024")
    assert s.rules.name == "fide-2024"
    assert s.row_of(1).values["BH"] == Fr(6)  # 3 + 2 + 1, no cap


@pytest.mark.parametrize("tiebreaks", [[], "", " , "])
def test_an_empty_list_is_an_error(tiebreaks: object) -> None:
    # a list given by the caller must name something; rank by points alone with "PTS"
    with pytest.raises(spareggio.base.errors.TiebreakSpecError, match="the tie-break list is empty"):
        spareggio.rank(tournament(STD), tiebreaks)  # type: ignore[arg-type]


def test_kind_source_is_a_code_and_the_json_keeps_its_words() -> None:
    # record 092 naming a Swiss system decides the kind (digest 6.5); the JSON writes the words it
    # always wrote beside the stable code
    s = spareggio.rank(tournament(STD, extra_headers=["092 Lim system"]), "BH", rules="fide-2026")
    t = s.tournament
    assert (t.kind_source, t.kind_basis) == (KindSource.FILE, "record 092")
    doc = standings_to_dict(s)["tournament"]
    assert (doc["kind_source"], doc["kind_source_code"]) == ("file (record 092)", "file")
