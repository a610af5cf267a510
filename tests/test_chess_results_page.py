"""A published results page as input: players, rounds, byes, forfeits, the legend and the printed
values and ranks of a chess-results crosstable, checked value by value."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from fractions import Fraction as Fr
from pathlib import Path

import pytest

import spareggio
from builders import tournament
from chess_results_page import page
from spareggio.check import CheckOptions, check_tournament
from spareggio.cli import main
from spareggio.core.model import ResultKind
from spareggio.io import parse_event

# NOGAMES (Swiss, 2 rounds; ratings 2400 - 10 x start number): 1 beats 2 and draws with 3, 2 beats 4,
# 3 draws with 4, 5 never plays over the board (a bye worth a point, then a half-point bye).
# Points: 1: 1.5, 5: 1.5, 2: 1, 3: 1, 4: 0.5.  ARO of 1: (2380 + 2370) / 2 = 2375; of 5: none under
# C.07 Art. 10 (no game over the board) where Swiss-Manager prints 0.
NOGAMES = {1: "+W2 =B3", 2: ". +W4", 3: "=W4 .", 4: ". .", 5: "PAB HPB"}
LEGEND = ["points (game-points)", "Average Rating of Opponents (ARO)"]


def swiss_manager_page(folder: Path, aro_of_5: Fr | None = Fr(0)) -> Path:
    t = tournament(NOGAMES, date="2026/06/01")
    s = spareggio.rank(t, ["ARO"], rules="swiss-manager")
    points = {row.player.start_number: row.points for row in s.rows}
    aro = {row.player.start_number: row.values["ARO"] for row in s.rows}
    aro[5] = aro_of_5
    ranks = {row.player.start_number: k + 1 for k, row in enumerate(s.rows)}
    path = folder / "crosstable.html"
    path.write_text(page(t, LEGEND, [points, aro], ranks), encoding="utf-8")
    return path


def test_the_page_is_read_as_its_event(tmp_path: Path) -> None:
    path = swiss_manager_page(tmp_path)
    t = parse_event(path.read_bytes(), path.name)
    assert isinstance(t, spareggio.Tournament)
    assert t.name == "Test Open 2026: Open A"
    assert [p.start_number for p in t.players] == [1, 2, 3, 4, 5]
    assert [p.rating for p in t.players] == [2390, 2380, 2370, 2360, 2350]
    assert t.tiebreak_list == tuple(LEGEND)
    assert (t.start_date, t.end_date, t.city) == (dt.date(2026, 6, 1), dt.date(2026, 6, 2), "Montebello")
    assert spareggio.rank(t).rules.name == "fide-2026"  # by the page's date
    s = spareggio.rank(t, rules="fide-2026")
    assert s.labels == ["PTS", "ARO"]
    assert {row.player.start_number: row.points for row in s.rows} == {
        1: Fr(3, 2), 5: Fr(3, 2), 2: Fr(1), 3: Fr(1), 4: Fr(1, 2)
    }
    assert s.row_of(1).values["ARO"] == Fr(2375)
    assert t.printed_values["points (game-points)"][0] == Fr(3, 2)
    assert [p.rank for p in t.players] == [1, 3, 4, 5, 2]  # 1 and 5 level: ARO 2375 before 0


def test_check_compares_the_printed_values_in_the_programs_form(tmp_path: Path) -> None:
    path = swiss_manager_page(tmp_path)
    entry = check_tournament(parse_event(path.read_bytes(), path.name), CheckOptions())
    assert entry.values_compared == 10  # 5 players x 2 columns
    # 5's ARO is undefined (C.07 10: no game over the board); Swiss-Manager prints 0 for it: that is
    # its form of "none", compared as such and said in a note, never reported as a difference
    assert entry.value_mismatches == ()
    assert "ARO is printed 0 where C.07 leaves it undefined (no game it can average): read as undefined" in entry.warnings
    assert entry.status.value == "agree"
    assert entry.mismatches == ()  # the ranks agree: an undefined ARO ranks last too


def test_a_page_without_ratings_compares_nothing_ratings_decide(tmp_path: Path) -> None:
    # the 19th Arad Open's crosstable prints no rating column: read as 209 unrated players, its ARO
    # and APRO became 1400 for everybody and about a hundred ranks "differed"
    t = tournament(NOGAMES, date="2026/06/01")
    s = spareggio.rank(t, ["ARO"], rules="swiss-manager")
    points = {row.player.start_number: row.points for row in s.rows}
    aro = {row.player.start_number: row.values["ARO"] or Fr(0) for row in s.rows}  # 2375 for 1, as printed
    ranks = {row.player.start_number: k + 1 for k, row in enumerate(s.rows)}
    path = tmp_path / "crosstable.html"
    path.write_text(page(t, LEGEND, [points, aro], ranks, ratings=False), encoding="utf-8")
    event = parse_event(path.read_bytes(), path.name)
    assert isinstance(event, spareggio.Tournament)
    assert [p.rating for p in event.players] == [None] * 5 and [p.rank for p in event.players] == [None] * 5
    said = (
        "crosstable.html:7:6: warning: the page prints no ratings: ARO cannot be computed from it (every player "
        "reads as unrated); their printed values, and the printed ranks they help decide, are not compared"
    )
    assert said in [str(w) for w in event.warnings]
    entry = check_tournament(event, CheckOptions())
    assert (entry.status.value, entry.values_compared, entry.value_mismatches, entry.mismatches) == ("agree", 5, (), ())
    # the points are still compared: a wrong one differs
    points[1] = Fr(2)
    path.write_text(page(t, LEGEND, [points, aro], ranks, ratings=False), encoding="utf-8")
    entry = check_tournament(parse_event(path.read_bytes(), path.name), CheckOptions())
    assert entry.status.value == "differs" and [v.start_number for v in entry.value_mismatches] == [1]
    # without a rating criterion in the legend, nothing changes: the ranks are compared
    path.write_text(page(t, LEGEND[:1], [points], ranks, ratings=False), encoding="utf-8")
    event = parse_event(path.read_bytes(), path.name)
    assert [p.rank for p in event.players] == [ranks[k] for k in range(1, 6)]
    assert not [w for w in event.warnings if w.code == "no-ratings"]


@pytest.mark.parametrize(
    ("date", "said"),
    [
        # no date on the page: the warning names no TRF record (it said "record 042" on pages)
        ("", "the file has no start date: fide-2026 assumed"),
        ("13/13/2026", "the start date '13/13/2026' is not a date I can read: fide-2026 assumed"),
    ],
)
def test_a_page_without_a_date_says_so_in_its_own_words(tmp_path: Path, date: str, said: str) -> None:
    t = tournament(NOGAMES)
    ranks = {k: k for k in range(1, 6)}
    path = tmp_path / "crosstable.html"
    path.write_text(page(t, [], [], ranks, date=date), encoding="utf-8")
    warnings = [str(w) for w in spareggio.rank(parse_event(path.read_bytes(), path.name)).warnings]
    assert any(said in w and "record 042" not in w for w in warnings), warnings


def test_one_pairing_allocated_bye_a_round(tmp_path: Path) -> None:
    # a page writes every bye worth a point "-1": the 19th Arad Open's round 1 has two, player 209's
    # (the last start number: the pairing-allocated bye of 209 players) and player 140's, whose
    # Buchholz Swiss-Manager prints as a voluntary unplayed round's (41 where C.07 gives 42)
    t = tournament({1: "+W2 =B3", 3: "+W4 .", 5: "PAB +W6", 6: "FPB ."}, date="2026/06/01")
    ranks = {k: k for k in range(1, 7)}
    path = tmp_path / "crosstable.html"
    path.write_text(page(t, [], [], ranks), encoding="utf-8")
    read = parse_event(path.read_bytes(), path.name)
    assert isinstance(read, spareggio.Tournament)
    # all on 0 before round 1: the last start number, 6, has the pairing-allocated bye
    assert (ResultKind(int(read.kind[4, 0])), ResultKind(int(read.kind[5, 0]))) == (ResultKind.FULL_BYE, ResultKind.PAB)
    assert [str(w) for w in read.warnings if w.code == "page-byes"] == [
        ("crosstable.html:7:6: warning: round 1: 2 players have a bye worth a point ('-1'), a round one "
        "pairing-allocated bye: 6, the lowest score before the round, has it; 5 a requested full-point bye "
        "(C.07 16.2.1 counts both alike)")
    ]
    # one "-1" a round is the pairing-allocated bye, as before
    one = tournament({1: "+W2 =B3", 3: "+W4 .", 5: "PAB +W6"}, date="2026/06/01")
    path.write_text(page(one, [], [], ranks), encoding="utf-8")
    read = parse_event(path.read_bytes(), path.name)
    assert ResultKind(int(read.kind[4, 0])) is ResultKind.PAB and not [w for w in read.warnings if w.code == "page-byes"]


def test_a_value_no_departure_explains_is_reported_alone(tmp_path: Path) -> None:
    path = swiss_manager_page(tmp_path, aro_of_5=Fr(2000))
    entry = check_tournament(parse_event(path.read_bytes(), path.name), CheckOptions())
    (wrong,) = entry.value_mismatches
    assert (wrong.printed, wrong.computed, wrong.departure) == (2000, None, None)


def test_check_on_the_page_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = swiss_manager_page(tmp_path, aro_of_5=Fr(2000))
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "5 Player 5: ARO printed 2000, computed none" in out
    assert main(["check", str(path), "-f", "json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["files"][0]["value_mismatches"][0]["printed"] == 2000
    # the page as Swiss-Manager prints it (0 for the undefined ARO) agrees, under C.07 and under the profile
    path = swiss_manager_page(tmp_path)
    assert main(["check", str(path)]) == 0
    assert main(["check", str(path), "--rules", "swiss-manager"]) == 0


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda html: html.replace("  4w1", "  4x1", 1), "round 2: cannot read the cell '4x1'"),
        (lambda html: html.replace("Tie Break2: ", "", 1), "the page prints 2 tie-break columns but its legend names 1"),
        (lambda html: html.replace("1.Rd", "first"), "the round columns are numbered 2, not 1, 2, 3"),
        (lambda html: html.replace("Name", "Player"), "no crosstable in this page"),
    ],
)
def test_a_page_that_cannot_be_read_whole_is_an_error_at_its_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: Callable[[str], str], says: str
) -> None:
    path = swiss_manager_page(tmp_path)
    path.write_text(change(path.read_text(encoding="utf-8")), encoding="utf-8")
    assert main(["standings", str(path)]) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err
    assert err.startswith(f"{path}:")  # file:line:column
