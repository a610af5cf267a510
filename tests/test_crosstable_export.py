"""The crosstable: cells read from the bundled events' own lines, the round-robin grid, the points and
tie-break columns of the standings, and the exports (text, HTML, PDF checked with pdftotext, XLSX)."""

from __future__ import annotations

import shutil
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest

from spareggio import rank
from spareggio.base import numbers
from spareggio.cli import main
from spareggio.io import read_tournament
from spareggio.render.crosstable import build_crosstable
from spareggio.render.crosstable_export import crosstable_html, crosstable_text, crosstable_xlsx

ROOT = Path(__file__).resolve().parent.parent
SWISS = ROOT / "examples" / "open-2026.trf"
ROUND_ROBIN = ROOT / "examples" / "closed-rr-2026.trf"


def _row(x: object, sno: int) -> object:
    return next(r for r in x.rows if r.start_number == sno)  # type: ignore[attr-defined]


def _cells(x: object, sno: int) -> list[str]:
    return [c.text for c in _row(x, sno).cells]  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def swiss() -> object:
    return rank(read_tournament(str(SWISS)))


@pytest.fixture(scope="module")
def rr() -> object:
    return rank(read_tournament(str(ROUND_ROBIN)))


# (start number, language, the cells written from the player's 001 line of examples/open-2026.trf)
SWISS_ROWS = [
    # 001 7: 33 w 1, 23 w 1, 12 b 1, 1 b 0, 30 w 1, 5 b 1, 3 w =, 2 w =, 10 b 1
    (7, "en", ["+W33", "+W23", "+B12", "-B1", "+W30", "+B5", "=W3", "=W2", "+B10"]),
    # Italian arbiters write B (bianco) for White and N (nero) for Black
    (7, "it", ["+B33", "+B23", "+N12", "-N1", "+B30", "+N5", "=B3", "=B2", "+N10"]),
    # 001 9: 0000 - H, 27 b 1, 14 w =, 25 b 1, 0000 - H, 15 w 1, 1 b +, 0000 - Z, 13 b =
    (9, "en", ["HPB", "+B27", "=W14", "+B25", "HPB", "+W15", "+F1", "ZPB", "=B13"]),
    # 001 1: round 7 "9 w -": lost by forfeit to no. 9
    (1, "en", ["=W27", "+W14", "+B16", "+W7", "+B4", "+B3", "-F9", "+W10", "=B2"]),
]


@pytest.mark.parametrize(("sno", "lang", "cells"), SWISS_ROWS)
def test_swiss_cells_are_the_players_lines(swiss: object, sno: int, lang: str, cells: list[str]) -> None:
    x = build_crosstable(swiss, lang)  # type: ignore[arg-type]
    assert not x.grid
    assert x.columns == tuple(str(r) for r in range(1, 10))
    assert _cells(x, sno) == cells


def test_rows_in_standings_order_with_its_points_and_values(swiss: object) -> None:
    x = build_crosstable(swiss, "it")  # type: ignore[arg-type]
    s = swiss
    assert [r.start_number for r in x.rows] == [row.player.start_number for row in s.rows]  # type: ignore[attr-defined]
    first = x.rows[0]
    # Esposito: 7 points, BH/C1 50.5 - 4 = 46.5 (the standings' value, written the Italian way)
    assert (first.name, first.points, first.values[0]) == ("Esposito, Alessandro", "7", "46,5")
    assert x.labels == ("BH/C1", "BH", "SB")
    assert _row(x, 3).points == "6½"  # type: ignore[attr-defined]


def test_after_an_earlier_round_only_those_rounds(swiss: object) -> None:
    s = rank(read_tournament(str(SWISS)), after_round=5)
    x = build_crosstable(s, "en")
    assert x.columns == ("1", "2", "3", "4", "5")
    assert x.title == "Crosstable after round 5"
    assert _cells(x, 7) == ["+W33", "+W23", "+B12", "-B1", "+W30"]
    # 5 rounds: 4 wins and a loss
    assert _row(x, 7).points == "4"  # type: ignore[attr-defined]


# (row, column, symbol) of the grid, from examples/closed-rr-2026.trf
GRID = [
    (8, 7, "1"),  # 001 8 round 5: "7 b 1"
    (7, 8, "0"),  # the other side of the same game
    (4, 2, "+"),  # 001 4 round 5: "2 w +", a forfeit win
    (2, 4, "-"),
    (1, 8, "½"),  # 001 1 round 8: "8 w ="
    (8, 8, "×"),  # a player against himself
]


@pytest.mark.parametrize(("row", "column", "symbol"), GRID)
def test_round_robin_grid(rr: object, row: int, column: int, symbol: str) -> None:
    x = build_crosstable(rr, "en")  # type: ignore[arg-type]
    assert x.grid
    k = x.columns.index(str(column))
    assert _cells(x, row)[k] == symbol


def test_grid_columns_follow_the_rows(rr: object) -> None:
    x = build_crosstable(rr, "en")  # type: ignore[arg-type]
    assert x.columns == tuple(str(r.start_number) for r in x.rows)
    for k, r in enumerate(x.rows):
        assert r.cells[k].text == "×"


_WORTH = {
    "1": Fraction(1),
    "½": Fraction(1, 2),
    "0": Fraction(0),
    "+": Fraction(1),
    "-": Fraction(0),
    "×": Fraction(0),
}


def test_grid_rows_add_up_to_the_points_and_mirror_each_other(rr: object) -> None:
    x = build_crosstable(rr, "en")  # type: ignore[arg-type]
    mirror = {"1": "0", "0": "1", "½": "½", "+": "-", "-": "+", "×": "×"}
    for i, r in enumerate(x.rows):
        total = sum((_WORTH[c.text] for c in r.cells), Fraction(0))
        assert numbers.points(total, "en") == r.points
        for j, c in enumerate(r.cells):
            assert x.rows[j].cells[i].text == mirror[c.text]


def test_grid_or_rounds_on_request(rr: object) -> None:
    x = build_crosstable(rr, "en", grid=False)  # type: ignore[arg-type]
    assert not x.grid and len(x.columns) == 9
    # 001 8 round 1: "3 b 1"
    assert _cells(x, 8)[0] == "+B3"


def test_text_heads_with_the_event_place_dates_and_arbiters(swiss: object) -> None:
    text = crosstable_text(build_crosstable(swiss, "it"))  # type: ignore[arg-type]
    lines = text.splitlines()
    assert lines[0] == "Open Internazionale Città di Montebello 2026"
    assert lines[1] == "Tabellone finale"
    # records 022, 032, 042/052 (dates as Italian writes them), 102 and 112
    assert lines[2] == "Montebello Vicentino · ITA · 18–25 apr 2026"
    assert lines[3] == "Arbitro principale: IA Bortolan, Giorgio · Vice arbitro: FA Cerutti, Sara"
    assert any("Esposito, Alessandro" in line and "+B33" in line and "46,5" in line for line in lines)


def test_html_page_is_a_table_with_the_key(rr: object) -> None:
    page = crosstable_html(build_crosstable(rr, "it"))  # type: ignore[arg-type]
    assert '<html lang="it">' in page
    assert '<table class="crosstable grid">' in page
    assert "size: A4 landscape" in page
    assert "il risultato della riga contro il giocatore della colonna" in page


def test_xlsx_keeps_numbers_as_numbers(swiss: object) -> None:
    from io import BytesIO

    from openpyxl import load_workbook

    ws = load_workbook(BytesIO(crosstable_xlsx(build_crosstable(swiss, "en")))).active  # type: ignore[arg-type]
    head = [c.value for c in ws[1]]
    assert head[:6] == ["Rk", "No.", "Title", "Name", "Fed", "Rating"]
    first = [c.value for c in ws[2]]
    assert first[:6] == [1, 7, "FM", "Esposito, Alessandro", "ITA", 2301]
    assert first[6:15] == ["+W33", "+W23", "+B12", "-B1", "+W30", "+B5", "=W3", "=W2", "+B10"]
    assert first[15:] == [7, 46.5, 50.5, 37.25]


def _pdf_text(path: Path) -> str:
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext is missing: apt-get install poppler-utils")
    done = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    )
    return done.stdout


@pytest.mark.needs_weasyprint
def test_cli_writes_the_swiss_crosstable_pdf(tmp_path: Path) -> None:
    out = tmp_path / "tabellone.pdf"
    assert main(["crosstable", str(SWISS), "-o", str(out), "--lang", "it", "-q"]) == 0
    text = _pdf_text(out)
    assert "Tabellone finale" in text
    row = next(line for line in text.splitlines() if "Esposito, Alessandro" in line)
    assert row.split()[:2] == ["1", "7"]
    assert "+B33 +B23 +N12 -N1 +B30 +N5 =B3 =B2 +N10" in " ".join(row.split())
    assert row.split()[-4:] == ["7", "46,5", "50,5", "37,25"]
    assert "Pagina 1 di 2" in text


@pytest.mark.needs_weasyprint
def test_cli_writes_the_round_robin_grid_pdf(tmp_path: Path) -> None:
    out = tmp_path / "crosstable.pdf"
    assert main(["crosstable", str(ROUND_ROBIN), "-o", str(out), "-q"]) == 0
    text = _pdf_text(out)
    row = next(line for line in text.splitlines() if "Testa, Tommaso" in line).split()
    # rank 1, no. 8, FM; against 8 7 10 6 1 3 4 2 5 9 (the rows' order): × 1 0 1 ½ 1 0 0 1 1 from his
    # 001 line; 1+0+1+1+1+0+1+½+0 = 5.5 points; then the standings' DE, SB and KS
    s = rank(read_tournament(str(ROUND_ROBIN)))
    values = [numbers.value(s.rows[0].values[label], "en") for label in s.labels]
    assert row[:3] == ["1", "8", "FM"]
    assert row[-14:] == ["×", "1", "0", "1", "½", "1", "0", "0", "1", "1", "5.5", *values]


def test_cli_prints_the_table_and_refuses_an_unknown_extension(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["crosstable", str(ROUND_ROBIN), "-q"]) == 0
    out = capsys.readouterr().out
    assert "Final crosstable" in out and "Testa, Tommaso" in out
    assert main(["crosstable", str(ROUND_ROBIN), "-o", str(tmp_path / "x.doc")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "x.doc" in err[0]
    assert not (tmp_path / "x.doc").exists()
