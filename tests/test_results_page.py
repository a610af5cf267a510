"""A published results page as input: players, rounds, byes, forfeits, the legend and the printed
values and ranks of a chess-results crosstable, checked value by value."""

from __future__ import annotations

import json
from fractions import Fraction as Fr
from pathlib import Path

import pytest
from builders import tournament
from click.testing import CliRunner
from results_page import page

import spareggio
from spareggio.check import CheckOptions, check_tournament
from spareggio.cli import cli
from spareggio.io import parse_event

# LATE (tests/test_programs.py): 1 is a late entry with a full point in round 1, beats 2 and 3.
# Scores: 1: 3, 2: 2, 5: 1.5, 3: 1, 4: 0.5.  BH/C1 of 1 under the 2024 text: 6 - 1 = 5 (C.07 16.2.1);
# Swiss-Manager cuts the full-point bye first as a VUR: 6 - 3 = 3 (its "(2023)" Buchholz printed 3).
LATE = {1: "FPB +W2 +B3", 2: "+W4 . +W5", 3: "=W5 =B4 .", 4: ". . --", 5: ". PAB ."}
LEGEND = ["points (game-points)", "Buchholz Tie-Break Variable (2023) (Gamepoints, Cut1)"]


def swiss_manager_page(tmp_path: Path, bh_of_1: Fr = Fr(3)) -> Path:
    t = tournament(LATE, date="2026/06/01")
    s = spareggio.standings(t, ["BH/C1/V2024"], rules="fide-2026")
    points = {row.player.start_number: row.points for row in s.rows}
    bh = {row.player.start_number: row.values["BH/C1/V2024"] for row in s.rows}
    bh[1] = bh_of_1
    ranks = {row.player.start_number: k + 1 for k, row in enumerate(s.rows)}
    path = tmp_path / "crosstable.html"
    path.write_text(page(t, LEGEND, [points, bh], ranks), encoding="utf-8")
    return path


def test_the_page_is_read_as_its_event(tmp_path: Path) -> None:
    path = swiss_manager_page(tmp_path)
    t = parse_event(path.read_bytes(), path.name)
    assert isinstance(t, spareggio.Tournament)
    assert t.name == "Test Open 2026: Open A"
    assert [p.start_number for p in t.players] == [1, 2, 3, 4, 5]
    assert t.tiebreak_list == tuple(LEGEND)
    # the cells: a bye worth a point, games with colours, a round without a game
    s = spareggio.standings(t, rules="fide-2024")
    assert [row.points for row in s.rows] == [Fr(3), Fr(2), Fr(3, 2), Fr(1), Fr(1, 2)]
    assert s.labels == ["PTS", "BH/C1/V2024"]
    assert t.printed_values["points (game-points)"][0] == Fr(3)


def test_check_compares_the_printed_values_and_names_the_departure(tmp_path: Path) -> None:
    path = swiss_manager_page(tmp_path)
    t = parse_event(path.read_bytes(), path.name)
    entry = check_tournament(t, CheckOptions())
    assert entry.values_compared == 10  # 5 players x 2 columns
    (wrong,) = entry.value_mismatches
    assert (wrong.start_number, wrong.tiebreak, wrong.printed, wrong.computed) == (1, "BH/C1/V2024", 3, 5)
    assert (wrong.program, wrong.departure, wrong.article) == ("Swiss-Manager", "full-bye=vur", "C.07 16.2.1")
    assert entry.status.value == "differs"


def test_a_value_no_departure_explains_is_reported_alone(tmp_path: Path) -> None:
    path = swiss_manager_page(tmp_path, bh_of_1=Fr(4))
    entry = check_tournament(parse_event(path.read_bytes(), path.name), CheckOptions())
    (wrong,) = entry.value_mismatches
    assert (wrong.printed, wrong.computed, wrong.departure) == (4, 5, None)


def test_check_on_the_page_from_the_command_line(tmp_path: Path) -> None:
    path = swiss_manager_page(tmp_path)
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == 1, result.output
    assert "BH/C1/V2024 printed 3, computed 5 (Swiss-Manager departs from C.07 16.2.1: full-bye=vur gives 3)" in result.output
    report = CliRunner().invoke(cli, ["check", str(path), "-f", "json"])
    doc = json.loads(report.output)
    assert doc["files"][0]["value_mismatches"][0]["departure"] == "full-bye=vur"


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda html: html.replace(" 2b1", " 2x1", 1), "cannot read the cell"),
        (lambda html: html.replace("Tie Break2: ", "", 1), "legend names 1"),
        (lambda html: html.replace('<table class="CRs1"', '<table class="x"').replace("1.Rd", "Round one"), "no crosstable"),
    ],
)
def test_a_page_that_cannot_be_read_whole_is_an_error_at_its_row(tmp_path: Path, change, where: str) -> None:  # type: ignore[no-untyped-def]
    path = swiss_manager_page(tmp_path)
    path.write_text(change(path.read_text(encoding="utf-8")), encoding="utf-8")
    result = CliRunner().invoke(cli, ["standings", str(path)])
    assert result.exit_code == 2
    assert where in result.output
    assert "Traceback" not in result.output
