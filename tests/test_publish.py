"""Publishing the standings: the print-ready HTML page, the PDF printed from it, the XLSX workbook,
CSV for English and Italian spreadsheets, and the output format chosen by the file's extension.

Every number on a page is checked against the engine's standings of the bundled example; the
structure (heading, rule set, tie-breaks in words, columns) is asserted, not only that a file exists.
"""

from __future__ import annotations

import csv
import io
import re
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import pytest

import spareggio
from spareggio.cli import main
from spareggio.render.publish import describe_tiebreak, localized_number, standings_html
from spareggio.tiebreaks import parse_spec

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "open-2026.trf"
HOSTILE = ROOT / "tests" / "data" / "dialects" / "hostile-names.trf"
LIST = ["BH/C1", "BH", "SB"]


@pytest.fixture(scope="module")
def example() -> spareggio.Standings:
    return spareggio.rank(spareggio.io.trf.read_trf(EXAMPLE), LIST)


class Cells(HTMLParser):
    """The text of every table row of a page, and the page's text outside tags."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.text: list[str] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append("".join(self._cell))
            self._cell = None

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._cell is not None:
            self._cell.append(data)


def parse(page: str) -> Cells:
    cells = Cells()
    cells.feed(page)
    return cells


def test_html_page_structure_and_numbers(example: spareggio.Standings) -> None:
    page = standings_html(example, "en")
    cells = parse(page)
    text = " ".join(cells.text)
    assert "<title>Open Internazionale Città di Montebello 2026 – Final standings</title>" in page
    assert (
        "Rule set for unplayed rounds: fide-2026 (start date 2026-04-18 is on or after 2026-03-01)." in text
    )
    assert "BH/C1: Buchholz (C.07 8.1) — Cut 1: the lowest value left out" in text
    assert "SB: Sonneborn-Berger (C.07 9.1)" in text
    assert cells.rows[0] == ["Rk", "No.", "Title", "Name", "Fed", "Rating", "Pts", "BH/C1", "BH", "SB"]
    body = cells.rows[1:]
    assert len(body) == 51
    for cells_row, row in zip(body, example.rows, strict=True):
        p = row.player
        expected = [row.place, str(p.start_number), p.title, p.name, p.federation, str(p.rating or "")]
        assert cells_row[:6] == expected
        # numbers as the engine computed them, in the page's format (decimal point in English)
        values = [row.points, *(row.values[label] for label in LIST)]
        assert [Fraction(c) for c in cells_row[6:]] == values
    # print CSS: A4, the header repeated on every page, page numbers
    assert "size: A4 portrait" in page
    assert "thead { display: table-header-group; }" in page
    assert 'counter(page) " of " counter(pages)' in page


def test_html_in_italian(example: spareggio.Standings) -> None:
    page = standings_html(example, "it")
    cells = parse(page)
    text = " ".join(cells.text)
    assert '<html lang="it">' in page
    assert "Regole per i turni non giocati: fide-2026" in text
    assert "BH/C1: Buchholz (C.07 8.1) — Taglio 1: escluso il valore più basso" in text
    assert cells.rows[0][:7] == ["Pos", "N.", "Tit", "Nome", "Fed", "Elo", "Punti"]
    by_sno = {int(r[1]): r for r in cells.rows[1:]}
    for row in example.rows:
        got = by_sno[row.player.start_number]
        # points with ½, values with a decimal comma
        assert got[6] == localized_number(row.points, "it", points=True)
        assert got[9] == localized_number(row.values["SB"], "it")
    sb_values = [r[9] for r in cells.rows[1:]]
    assert any("," in v for v in sb_values) and not any("." in v for v in sb_values)
    assert any(r[6].endswith("½") for r in cells.rows[1:])


@pytest.mark.parametrize(
    ("value", "lang", "points", "text"),
    [
        (Fraction(11, 2), "it", True, "5½"),
        (Fraction(1, 2), "it", True, "½"),
        (Fraction(6), "it", True, "6"),
        (Fraction(161, 4), "it", False, "40,25"),
        (Fraction(161, 4), "en", False, "40.25"),
        (Fraction(11, 2), "en", True, "5.5"),
        (None, "it", False, "-"),
    ],
)
def test_localized_number(value: Fraction | None, lang: str, points: bool, text: str) -> None:
    assert localized_number(value, lang, points=points) == text


@pytest.mark.parametrize(
    ("label", "lang", "words"),
    [
        ("BH/M1", "en", "BH/M1: Buchholz (C.07 8.1) — Median 1: the highest and the lowest value left out"),
        ("BH/C2", "en", "BH/C2: Buchholz (C.07 8.1) — Cut 2: the 2 lowest values left out"),
        ("SB/P", "en", "SB/P: Sonneborn-Berger (C.07 9.1) — forfeits counted as games played"),
        ("ARO", "it", "ARO: Media Elo avversari (C.07 10.1)"),
        ("DE", "it", "DE: Scontro diretto (C.07 6)"),
        ("WIN", "it", "WIN: Numero di vittorie (C.07 7.1)"),
    ],
)
def test_tiebreak_in_words(label: str, lang: str, words: str) -> None:
    assert describe_tiebreak(label, parse_spec(label), lang) == words


def test_hostile_names_are_inert_in_html(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "h.html"
    assert main(["standings", str(HOSTILE), "-o", str(out), "-q"]) == 0
    page = out.read_text(encoding="utf-8")
    assert "<script" not in page.lower().replace("&lt;script", "")
    names = [p.name for p in spareggio.io.trf.read_trf(HOSTILE).players]
    cells = parse(page)
    assert sorted(names) == sorted(r[3] for r in cells.rows[1:])


def test_declared_rank_column_when_it_differs(tmp_path: Path) -> None:
    src = EXAMPLE.read_text(encoding="utf-8").splitlines()
    # write rank 1 for player 3 (the engine ranks him 3rd)
    lines = [(ln[:85] + f"{1:>4}" + ln[89:]) if ln.startswith("001    3 ") else ln for ln in src]
    path = tmp_path / "declared.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    s = spareggio.rank(spareggio.io.trf.read_trf(path), LIST)
    cells = parse(standings_html(s, "en"))
    assert cells.rows[0][-1] == "Declared"
    declared = {int(r[1]): r[-1] for r in cells.rows[1:]}
    assert declared[3] == "1"
    assert sum(1 for v in declared.values() if v) == sum(
        1 for row in s.rows if row.player.rank not in (None, row.rank)
    )


def pdf_text(data: bytes) -> str:
    from pypdf import PdfReader

    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


@pytest.mark.needs_weasyprint
def test_pdf_from_the_same_page(tmp_path: Path, example: spareggio.Standings) -> None:
    out = tmp_path / "classifica.pdf"
    assert main(["standings", str(EXAMPLE), "-t", ",".join(LIST), "-o", str(out), "-q", "--lang", "IT"]) == 0
    data = out.read_bytes()
    assert data.startswith(b"%PDF-")
    text = pdf_text(data)
    assert "Open Internazionale Città di Montebello 2026" in text
    assert "Classifica finale" in text
    assert "Pagina 1 di 2" in text or "Pagina 1 di 3" in text
    # every player's name, and the leader's line with his Italian numbers
    for row in example.rows:
        assert row.player.name in text
    first = example.rows[0]
    assert re.search(
        rf"{re.escape(first.player.name)}\s+ITA\s+{first.player.rating}\s+7\s+46,5\s+50,5\s+37,25", text
    )


def test_xlsx_numbers_are_numbers(tmp_path: Path, example: spareggio.Standings) -> None:
    from openpyxl import load_workbook

    out = tmp_path / "standings.xlsx"
    assert main(["standings", str(EXAMPLE), "-t", ",".join(LIST), "-o", str(out), "-q"]) == 0
    ws = load_workbook(out).active
    rows = list(ws.iter_rows(values_only=True))
    assert rows[0] == (
        "Rk",
        "Shared",
        "No.",
        "Title",
        "Name",
        "Fed",
        "Rating",
        "Pts",
        "BH/C1",
        "BH",
        "SB",
        "Declared",
    )
    assert len(rows) == 52
    for got, row in zip(rows[1:], example.rows, strict=True):
        assert got[0] == row.rank and isinstance(got[0], int)
        assert got[1] == (row.place if row.shared else None)
        assert got[2] == row.player.start_number
        assert got[4] == row.player.name
        assert isinstance(got[7], int | float) and Fraction(got[7]) == row.points
        for value, label in zip(got[8:11], LIST, strict=True):
            assert isinstance(value, int | float) and Fraction(value) == row.values[label]


def test_xlsx_text_that_looks_like_a_formula_stays_text(tmp_path: Path) -> None:
    from openpyxl import load_workbook

    out = tmp_path / "h.xlsx"
    assert main(["standings", str(HOSTILE), "-o", str(out), "-q"]) == 0
    ws = load_workbook(out).active
    names = [r[4] for r in ws.iter_rows(min_row=2, values_only=True)]
    formulas = [n for n in names if isinstance(n, str) and n[:1] in "=+-@"]
    assert formulas  # the fixture has them
    for cell in ws["E"][1:]:
        assert cell.data_type == "s"


def test_csv_english_and_italian(capsys: pytest.CaptureFixture[str], example: spareggio.Standings) -> None:
    assert main(["standings", str(EXAMPLE), "-t", ",".join(LIST), "-f", "csv", "-q"]) == 0
    en = capsys.readouterr().out
    assert not en.startswith("\ufeff")
    rows = list(csv.DictReader(io.StringIO(en)))
    assert main(["standings", str(EXAMPLE), "-t", ",".join(LIST), "-f", "csv", "-q", "--lang", "it"]) == 0
    it = capsys.readouterr().out
    assert it.startswith("\ufeff")
    rows_it = list(csv.DictReader(io.StringIO(it[1:]), delimiter=";"))
    assert len(rows) == len(rows_it) == 51
    for a, b, row in zip(rows, rows_it, example.rows, strict=True):
        # the place is a number; the shared range is in its own column (no date in a spreadsheet)
        # (the Italian spreadsheet names its columns in Italian)
        assert a["rank"] == b["posizione"] == str(row.rank)
        assert a["shared"] == b["pari_merito"] == (row.place if row.shared else "")
        assert Fraction(a["SB"]) == row.values["SB"]
        assert b["SB"] == a["SB"].replace(".", ",")


def test_csv_shared_places(capsys: pytest.CaptureFixture[str]) -> None:
    # with WIN alone many players share places: the range goes to the "shared" column only
    s = spareggio.rank(spareggio.io.trf.read_trf(EXAMPLE), ["WIN"])
    assert main(["standings", str(EXAMPLE), "-t", "WIN", "-f", "csv", "-q", "--lang", "it"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out[1:]), delimiter=";"))
    shared = [(r["posizione"], r["pari_merito"]) for r in rows if r["pari_merito"]]
    assert shared == [(str(row.rank), row.place) for row in s.rows if row.shared]
    assert shared and all(rank.isdigit() for rank, _ in shared)


def test_csv_locale_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["standings", str(EXAMPLE), "-f", "csv", "-q", "--csv-locale", "it"]) == 0
    assert capsys.readouterr().out.startswith("\ufeffposizione;pari_merito;numero;nome;")


def test_unknown_extension_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "classifica.doc"
    assert main(["standings", str(EXAMPLE), "-o", str(out), "-q"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot tell the format from the extension '.doc'" in err
    assert not out.exists()


def test_binary_output_needs_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["standings", str(EXAMPLE), "-f", "xlsx", "-q"]) == 2
    assert "write it to a file with -o FILE" in capsys.readouterr().err


def test_unknown_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["standings", str(EXAMPLE), "-f", "html", "--lang", "de", "-q"]) == 2
    assert "unknown language 'de'; known languages: en, fr, it" in capsys.readouterr().err


def test_compare_html(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", str(EXAMPLE), "-r", "fide-2026,italian", "-f", "html", "-q"]) == 0
    page = capsys.readouterr().out
    cells = parse(page)
    # the places under each rule set first, then a table per tie-break (so that A4 holds them)
    heads = [k for k, r in enumerate(cells.rows) if r[0] == "No."]
    assert len(heads) == 1 + 3
    assert cells.rows[0][:5] == ["No.", "Name", "Pts", "fide-2026", "italian"]
    # players 1 and 7 swap places between fide-2026 and italian (tests/test_compare.py)
    by_sno = {int(r[0]): r for r in cells.rows[1 : heads[1]]}
    assert by_sno[7][3:5] == ["1", "2"] and by_sno[1][3:5] == ["2", "1"]
    assert page.count('<tr class="changed">') >= 2
