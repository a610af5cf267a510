"""TRF-26 records that change the ranking: 299 (points assigned outside the scoring system), a 212
list with a tie-break before PTS, national ratings with record 172 (and ``--rating``), and ``Z`` in
record 162.  Every value is computed by hand in the comments from the crosstable drawn here.

The event (4 players, 3 rounds, fide-2026 by its start date; ratings 2000, 1900, 1800, 1700):
    R1: 1 (W) beats 2;  3 (W) draws 4
    R2: 1 (B) beats 3;  2 has the pairing-allocated bye;  4 a half-point bye
    R3: 1 (W) beats 4;  2 (B) beats 3
Points by the results: 1: 3, 2: 2, 3: ½, 4: 1.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spareggio import InputError, rank
from spareggio.base.errors import ArgumentError
from spareggio.cli import main
from spareggio.core.model import PointAdjustment
from spareggio.explain import explain_player
from spareggio.generate import generate
from spareggio.io import read_tournament
from spareggio.io.tournament_json import write_tournament_json
from spareggio.io.trf import parse_trf, write_trf

F = Fraction


def player(sno: int, name: str, points: str, blocks: list[str]) -> str:
    return (
        f"001 {sno:4d} m    {name:<33} {2100 - 100 * sno:4d} ITA {1000000 + sno:11d} 1990/01/01 {points:>4} {sno:4d}"
        + "".join(f"  {b}" for b in blocks)
    )


def r299(kind: str, points: str, rnd: str, ids: list[int]) -> str:
    """Record 299: type in column 5, points in 14-17, round in 20-22, ids from 24 (TRF-26 table)."""
    return f"299 {kind}        {points:>4}  {rnd:>3}" + "".join(f" {i:>4}" for i in ids)


def event(*extra: str, declared: tuple[str, str, str, str] = ("3.0", "2.0", "0.5", "1.0")) -> str:
    lines = ["012 Bonus Open", "042 2026/04/11", "092 Individual: Swiss-System", "142 3", *extra]
    lines += [
        player(1, "Alfa, Anna", declared[0], ["   2 w 1", "   3 b 1", "   4 w 1"]),
        player(2, "Beta, Bruno", declared[1], ["   1 b 0", "0000 - U", "   3 b 1"]),
        player(3, "Gamma, Gino", declared[2], ["   4 w =", "   1 w 0", "   2 w 0"]),
        player(4, "Delta, Dino", declared[3], ["   3 b =", "0000 - H", "   1 b 0"]),
    ]
    return "\n".join(lines) + "\n"


# 299 records: player 1 loses a point in round 2 (a penalty); player 3 gains ½ with no round (a bonus,
# once); player 4's half-point bye of round 2 scores 0 instead of ½
ADJUSTED = event(
    r299(" ", "-1.0", "002", [1]),
    r299(" ", "0.5", "", [3]),
    r299("H", "0.0", "002", [4]),
    declared=("2.0", "2.0", "1.0", "0.5"),
)


def test_the_layout_of_the_fixture_records() -> None:
    line = r299("H", "0.0", "002", [4])
    assert line[4] == "H" and line[13:17] == " 0.0" and line[19:22] == "002" and line[23:27] == "   4"


def values(text: str, tiebreaks: str = "BH,SB,PS", **kw: object) -> dict[int, tuple[Fraction, ...]]:
    s = rank(parse_trf(text, "bonus.trf", **kw), tiebreaks)  # type: ignore[arg-type]
    return {r.player.start_number: (r.points, *(r.values[k] for k in tiebreaks.split(","))) for r in s.rows}


def test_without_299_the_results_decide() -> None:
    # BH (2026): 1: 2 + ½ + 1 = 3.5;  2: 3 + PAB dummy min(2, 3 x ½) 1.5 + ½ = 5;
    #            3: 1 + 3 + 2 = 6;  4: ½ + HPB dummy min(1, 1.5) 1 + 3 = 4.5
    assert values(event(), "BH") == {1: (3, F(7, 2)), 2: (2, 5), 3: (F(1, 2), 6), 4: (1, F(9, 2))}


def test_299_points_and_every_tie_break_follow_the_record() -> None:
    # points: 1: 3 - 1 = 2;  2: 2;  3: ½ + ½ = 1;  4: ½ + 0 + 0 = ½
    # BH (opponents' scores with the adjustments):
    #   1: 2 + 1 + ½ = 3.5;  2: 2 + PAB dummy min(2, 1.5) + 1 = 4.5;  3: ½ + 2 + 2 = 4.5;
    #   4: 1 + HPB dummy (own ½) + 2 = 3.5
    # SB: 1: 2 + 1 + ½ = 3.5;  2: 0 + 1 x 1.5 + 1 x 1 = 2.5;  3: ½ x ½ = ¼;
    #     4: ½ x 1 + 0 x ½ (the bye now scores 0) + 0 = ½
    # PS (score after each round): 1: 1, 1 (penalty in round 2), 2 -> 4;  2: 0, 1, 2 -> 3;
    #     3: ½, ½, 1 (the bonus of no round counts in the last) -> 2;  4: ½, ½, ½ -> 1.5
    assert values(ADJUSTED) == {
        1: (2, F(7, 2), F(7, 2), 4),
        2: (2, F(9, 2), F(5, 2), 3),
        3: (1, F(9, 2), F(1, 4), 2),
        4: (F(1, 2), F(7, 2), F(1, 2), F(3, 2)),
    }


def test_299_records_are_said_where_they_are() -> None:
    t = parse_trf(ADJUSTED, "bonus.trf")
    notes = [str(w) for w in t.warnings]
    assert notes == [
        "bonus.trf:5:1: warning: record 299 applied: -1.0 to the score of player(s) 1 in round 2 (a bonus or penalty)",
        (
            "bonus.trf:6:1: warning: record 299 applied: +0.5 to the score of player(s) 3, once (a bonus or penalty of "
            "no round: counted in the last round)"
        ),
        "bonus.trf:7:1: warning: record 299 applied: the half-point bye of player(s) 4 in round 2 scores 0.0",
    ]  # and no points-mismatch: the declared points include the adjustments


def test_the_explanation_names_the_adjustment() -> None:
    t = parse_trf(ADJUSTED, "bonus.trf")
    s = rank(t, "PTS,BH")
    exp = explain_player(s, 1)
    pts = exp.tiebreaks[0]
    # round 2: the win scores 1, the round adds 0 (the penalty of -1)
    line = pts.rounds[1]
    assert (line.round, line.score, line.contribution, line.detail) == (2, F(1), F(0), "record_299")
    assert "record 299" in line.note and "the round adds 0" in line.note
    assert [r.detail for r in pts.rounds] == ["", "record_299", ""]
    four = explain_player(s, 4).tiebreaks[0].rounds[1]
    assert (four.score, four.contribution, four.detail) == (F(0), F(0), "record_299")


def test_299_through_the_cli_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bonus.trf"
    path.write_text(ADJUSTED, encoding="utf-8")
    assert main(["standings", str(path), "-t", "BH", "-f", "json", "-q"]) == 0
    rows = json.loads(capsys.readouterr().out)["standings"]
    assert [(r["start_number"], r["points"]) for r in rows] == [(2, 2), (1, 2), (3, 1), (4, 0.5)]


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        # every half-point bye (only player 4's, round 2) scores 0: 4 has ½
        (r299("H", "0.0", "", []), {1: 3, 2: 2, 3: F(1, 2), 4: F(1, 2)}),
        # every win of round 3 scores 2: 1 and 2 gain a point
        (r299("W", "2.0", "003", []), {1: 4, 2: 3, 3: F(1, 2), 4: 1}),
        # player 2's pairing-allocated bye is no full-point bye: nothing changes
        (r299("F", "0.0", "002", [2]), {1: 3, 2: 2, 3: F(1, 2), 4: 1}),
    ],
)
def test_typed_299_records(record: str, expected: dict[int, Fraction]) -> None:
    s = rank(parse_trf(event(record), "t.trf"), "BH")
    assert {r.player.start_number: r.points for r in s.rows} == expected


def test_a_299_that_names_nothing_says_so() -> None:
    t = parse_trf(event(r299("F", "0.0", "002", [2])), "t.trf")
    assert any(
        "record 299 changes nothing: it sets the points of a full-point bye" in str(w) for w in t.warnings
    )


@pytest.mark.parametrize(
    ("line", "error"),
    [
        (r299("Q", "1.0", "001", [1]), "t.trf:5:5: record 299: expected a result type (W D L F H Z + -)"),
        (
            r299(" ", "x.0", "001", [1]),
            "t.trf:5:14: record 299: expected points like '-1.0' in columns 14-17",
        ),
        (r299(" ", "1.0", "0a1", [1]), "t.trf:5:20: record 299: expected a round number in columns 20-22"),
        (r299(" ", "1.0", "001", [9]), "t.trf:5:27: record 299: no player with start number 9"),
        (
            r299(" ", "1.0", "001", []),
            "t.trf:5:24: record 299: a bonus or penalty (blank type) needs the start numbers",
        ),
    ],
)
def test_bad_299_records(line: str, error: str) -> None:
    with pytest.raises(InputError) as info:
        parse_trf(event(line), "t.trf")
    assert str(info.value).startswith(error)


def test_212_with_a_tie_break_before_pts_ranks_by_it() -> None:
    # BH (see test_without_299_the_results_decide): 3: 6, 2: 5, 4: 4.5, 1: 3.5 -> the points come second
    t = parse_trf(event("212 BH,PTS"), "o.trf")
    s = rank(t)
    assert [r.player.start_number for r in s.rows] == [3, 2, 4, 1]
    assert [str(w) for w in t.warnings if "212" in str(w)] == [
        (
            "o.trf:5:1: warning: record 212 puts BH before the points (PTS): the standings rank by BH first, as the "
            "file asks"
        )
    ]
    # PTS first (or 202) keeps the points first
    assert [r.player.start_number for r in rank(parse_trf(event("212 PTS,BH"), "o.trf")).rows] == [
        1,
        2,
        4,
        3,
    ]


def nrs(sno: int, rating: int, name: str = "") -> str:
    """A national rating record of Italy: the 001 columns (start number 5-8, rating 49-52)."""
    return f"ITA {sno:4d}      {name:<33} {rating:4d}"


NATIONAL = ["172 ITA HBFN", nrs(1, 1500, "Alfa, Anna"), nrs(3, 2400)]


@pytest.mark.parametrize(
    ("records", "rating", "aro_1", "aro_2"),
    [
        # FIDE: 1 met 2, 3, 4: (1900 + 1800 + 1700) / 3 = 1800;  2 met 1, 3: (2000 + 1800) / 2 = 1900
        ([], None, 1800, 1900),
        # HBFN (record 172): 3 counts max(1800, 2400) = 2400; 1 max(2000, 1500) = 2000
        #   1: (1900 + 2400 + 1700) / 3 = 2000;  2: (2000 + 2400) / 2 = 2200
        (NATIONAL, None, 2000, 2200),
        # --rating fide overrides 172
        (NATIONAL, "fide", 1800, 1900),
        # NIDOF: national where given: 1 counts 1500, 3 counts 2400
        #   1: (1900 + 2400 + 1700) / 3 = 2000;  2: (1500 + 2400) / 2 = 1950
        (["172 ITA NIDOF", *NATIONAL[1:]], None, 2000, 1950),
        # the method alone, as Sharly Chess writes record 172: the federation is that of the records
        (["172 NIDOF", *NATIONAL[1:]], None, 2000, 1950),
        (["172 HBFN", *NATIONAL[1:]], None, 2000, 2200),
    ],
)
def test_national_ratings(records: list[str], rating: str | None, aro_1: int, aro_2: int) -> None:
    t = parse_trf(event(*records), "n.trf", rating=rating)
    s = rank(t, "ARO")
    got = {r.player.start_number: r.values["ARO"] for r in s.rows}
    assert (got[1], got[2]) == (aro_1, aro_2)
    assert t.players[0].rating == 2000  # the FIDE rating stays the player's rating
    if records:
        assert t.players[0].national_rating == 1500 and t.players[1].national_rating is None


def test_the_rating_used_is_said() -> None:
    t = parse_trf(event(*NATIONAL), "n.trf")
    assert (
        "n.trf:5:1: warning: rating tie-breaks use the higher of the FIDE and national ratings (record 172; 2 players have a national rating)"
        in [str(w) for w in t.warnings]
    )
    t = parse_trf(event(*NATIONAL), "n.trf", rating="national")
    assert t.rating_method == "NRO"
    assert any("rating tie-breaks use the national rating (rating national;" in str(w) for w in t.warnings)


def test_national_rating_errors() -> None:
    with pytest.raises(ArgumentError, match="rating national: n.trf has no national ratings"):
        parse_trf(event(), "n.trf", rating="national")
    with pytest.raises(InputError, match=r"n.trf:6:5: national rating record: no player with start number 7"):
        parse_trf(event("172 ITA NRO", "ITA    7"), "n.trf")
    # a federation-code line without record 172 is an unknown record
    t = parse_trf(event(nrs(1, 1500)), "n.trf")
    assert "n.trf:5:1: warning: unknown record 'ITA' ignored" in [str(w) for w in t.warnings]
    assert t.players[0].national_rating is None


def test_record_172_with_the_method_alone() -> None:
    # Sharly Chess: "172 NIDOF"; read as TRF-26's columns it was federation 'NID', method 'F'
    t = parse_trf(event("172 NIDOF", nrs(1, 1500), nrs(3, 2400)), "n.trf")
    warnings = [str(w) for w in t.warnings]
    assert t.rating_method == "NIDOF"
    assert [p.national_rating for p in t.players][:3] == [1500, None, 2400]
    assert not any("unknown record" in w or "not one spareggio applies" in w for w in warnings)
    # NRO has three letters, as a federation's code has, but is a method (no federation has that code)
    t = parse_trf(event("172 NRO", nrs(1, 1500)), "n.trf")
    assert (t.rating_method, t.players[0].national_rating) == ("NRO", 1500)
    # an unknown method alone is named at its own column
    t = parse_trf(event("172 OTHER", nrs(1, 1500)), "n.trf")
    assert (
        "n.trf:5:5: warning: record 172: rating method 'OTHER' is not one spareggio applies (FIDE, NRO, FIDON, "
        "NIDOF, HBFN, LBFN): rating tie-breaks use the FIDE rating"
    ) in [str(w) for w in t.warnings]
    # the method alone and records of two federations: which is the file's is not known, none is used
    t = parse_trf(event("172 NIDOF", nrs(1, 1500), "FRA    3      " + " " * 33 + " 2400"), "n.trf")
    assert [p.national_rating for p in t.players][:3] == [None, None, None]
    assert {"n.trf:6:1: warning: unknown record 'ITA' ignored", "n.trf:7:1: warning: unknown record 'FRA' ignored"} <= {
        str(w) for w in t.warnings
    }


def test_cli_rating_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "n.trf"
    path.write_text(event(*NATIONAL), encoding="utf-8")
    assert main(["standings", str(path), "-t", "ARO", "-f", "csv", "--rating", "fide", "-q"]) == 0
    out = capsys.readouterr().out
    assert "1800" in out and "2200" not in out
    assert read_tournament(path, rating="national").rating_method == "NRO"


def test_record_162_accepts_z_for_the_absence() -> None:
    # 162 with Z: a zero-point bye (absence) worth ½; the default 162 letters otherwise
    t = parse_trf(event("162  W 1.0    D 0.5    L 0.0    Z 0.5"), "z.trf")
    assert t.scoring.absence == F(1, 2) and t.scoring.win == 1


def test_writers_refuse_what_they_cannot_hold() -> None:
    with pytest.raises(ArgumentError, match="record 299"):
        write_tournament_json(parse_trf(ADJUSTED, "bonus.trf"))
    with pytest.raises(ArgumentError, match="national ratings"):
        write_tournament_json(parse_trf(event(*NATIONAL), "n.trf"))


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    bonuses=st.lists(
        st.tuples(
            st.integers(0, 9), st.one_of(st.none(), st.integers(0, 4)), st.sampled_from([-2, -1, 1, 3])
        ),
        max_size=6,
    ),
)
def test_bonuses_add_to_the_score_and_the_records_make_the_total(
    seed: int, bonuses: list[tuple[int, int | None, int]]
) -> None:
    # property: a bonus or penalty (299, blank type) adds its points to the player's score whatever
    # its round, and the PTS records a player's explanation shows add up to that score
    t = generate(10, 5, seed)
    base = rank(t, "PTS")
    before = {r.player.start_number: r.points for r in base.rows}
    t.adjustments = tuple(PointAdjustment("", Fraction(v, 2), i, r) for i, r, v in bonuses)
    s = rank(t, "PTS")
    added = {
        p.start_number: sum(Fraction(v, 2) for i, _, v in bonuses if i == k) for k, p in enumerate(t.players)
    }
    assert {r.player.start_number: r.points for r in s.rows} == {k: before[k] + added[k] for k in before}
    result = s.results["PTS"]
    for row in s.rows:
        records = result.records(row.index)
        assert sum(rec.value for rec in records if rec.counted) == row.points


@pytest.mark.parametrize(
    "text",
    [
        ADJUSTED,
        event(*NATIONAL),
        event("212 BH,PTS"),
        event(r299("H", "0.0", "", []), "172 ITA NIDOF", nrs(3, 2400)),
    ],
    ids=["299", "national", "212", "typed-299-and-nidof"],
)
def test_the_trf_writer_keeps_the_trf26_records(text: str) -> None:
    t = parse_trf(text, "a.trf")
    back = parse_trf(write_trf(t), "b.trf")
    assert back.adjustments == tuple(
        PointAdjustment(a.result, a.points, a.player, a.round, back.adjustments[k].position)
        for k, a in enumerate(t.adjustments)
    )
    assert back.rating_method == t.rating_method and back.tiebreak_list == t.tiebreak_list
    assert [p.national_rating for p in back.players] == [p.national_rating for p in t.players]
    a, b = rank(t, "PTS,BH,ARO"), rank(back, "PTS,BH,ARO")
    assert [(r.player.start_number, r.points, r.values) for r in a.rows] == [
        (r.player.start_number, r.points, r.values) for r in b.rows
    ]
    assert not [w for w in back.warnings if w.code == "points-mismatch"]
