"""chess-results' Excel export of a crosstable as input (``.xlsx``): the layouts of the export as it
really is (read from twelve real exports of 2024 to 2026: no legend, ``-1`` and ``-0`` stored as
the numbers -1 and 0, a shared place printing no rank), written by tests/chess_results_workbook.py,
checked value by value."""

from __future__ import annotations

import datetime as dt
import io
import zipfile
from fractions import Fraction as Fr
from pathlib import Path

import openpyxl
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import spareggio
from builders import tournament
from chess_results_page import page, ranking_page
from chess_results_workbook import rows, workbook
from spareggio.base.errors import InputError
from spareggio.check import CheckOptions, check_tournament
from spareggio.check.values import NAMED_BY_VALUES, NAMING_RULES, name_columns
from spareggio.cli import main
from spareggio.core.model import ResultKind, TournamentKind
from spareggio.generate import generate
from spareggio.io import parse_event, reader_for
from spareggio.io.heads import sniff_results_workbook

# NOGAMES (Swiss, 2 rounds; ratings 2400 - 10 x start number): 1 beats 2 and draws with 3, 2 beats 4,
# 3 draws with 4, 5 never plays over the board (a bye worth a point, then a half-point bye).
# Points: 1: 1.5, 5: 1.5, 2: 1, 3: 1, 4: 0.5.  ARO of 1: (2380 + 2370) / 2 = 2375.
NOGAMES = {1: "+W2 =B3", 2: ". +W4", 3: "=W4 .", 4: ". .", 5: "PAB HPB"}
LEGEND = ["points (game-points)", "Average Rating of Opponents (ARO)"]
# the places by points alone: 1 and 5 share the first (1.5), 2 and 3 the third (1), 4 is fifth
SHARED = {1: 1, 5: None, 2: 3, 3: None, 4: 5}


def _swiss(cards: dict[int, str] = NOGAMES) -> tuple[spareggio.Tournament, list[dict[int, Fr | None]], dict[int, int | None]]:
    t = tournament(cards, date="2026/06/01")
    s = spareggio.rank(t, ["ARO"], rules="swiss-manager")
    points = {row.player.start_number: row.points for row in s.rows}
    aro = {row.player.start_number: row.values["ARO"] or Fr(0) for row in s.rows}
    ranks: dict[int, int | None] = {row.player.start_number: k + 1 for k, row in enumerate(s.rows)}
    return t, [points, aro], ranks


def _read(data: bytes, name: str = "export.xlsx") -> spareggio.Tournament:
    event = parse_event(data, name)
    assert isinstance(event, spareggio.Tournament)
    return event


def test_the_export_is_read_as_its_event() -> None:
    t, values, ranks = _swiss({**NOGAMES, 6: "-- --"})  # 6 is never paired: '-0' twice
    read = _read(workbook(rows(t, values, ranks, date="2026/06/01 to 2026/06/02")))
    assert read.name == "Test Rapid 2026"
    assert [p.start_number for p in read.players] == [1, 2, 3, 4, 5, 6]
    assert [p.rating for p in read.players] == [2390, 2380, 2370, 2360, 2350, 2340]
    assert (read.start_date, read.end_date, read.city) == (dt.date(2026, 6, 1), dt.date(2026, 6, 2), "Montebello")
    # the bye worth a point is the number -1, the rounds without a game the number 0, '  -½' text
    assert [ResultKind(int(k)) for k in read.kind[4]] == [ResultKind.PAB, ResultKind.HALF_BYE]
    # 6's two rounds without a game (the number 0): not paired to the end, withdrawn as the TRF has it
    assert [ResultKind(int(k)) for k in read.kind[5]] == [ResultKind.WITHDRAWN, ResultKind.WITHDRAWN]
    assert (read.opponent == t.opponent).all() and (read.color == t.color).all()
    assert [p.points for p in read.players] == [Fr(3, 2), Fr(1), Fr(1), Fr(1, 2), Fr(3, 2), Fr(0)]
    assert [p.rank for p in read.players] == [1, 3, 4, 5, 2, 6]  # 1 and 5 level: ARO 2375 before 0
    # the export prints no legend: the columns are kept out of the comparison, and it is said
    assert read.tiebreak_list is None and read.printed_values == {}
    assert any("prints 2 tie-break columns without the legend" in str(w) for w in read.warnings)
    assert spareggio.rank(read).rules.name == "fide-2026"  # by the date of the export


def test_a_legend_in_the_sheet_names_the_columns_and_their_values_are_compared() -> None:
    t, values, ranks = _swiss()
    entry = check_tournament(_read(workbook(rows(t, values, ranks, legend=LEGEND))), CheckOptions())
    assert entry.tiebreaks == ("PTS", "ARO")
    assert entry.values_compared == 10  # 5 players x 2 columns
    assert entry.value_mismatches == () and entry.status.value == "agree"
    values[1][2] = Fr(2000)  # player 2's ARO printed 2000: he met 1 (2390) and 4 (2360), 2375
    entry = check_tournament(_read(workbook(rows(t, values, ranks, legend=LEGEND))), CheckOptions())
    assert [(m.start_number, m.printed, m.computed) for m in entry.value_mismatches] == [(2, Fr(2000), Fr(2375))]


def test_a_shared_place_prints_no_rank_and_its_row_is_the_next_place() -> None:
    # the ranking crosstable numbers the players (and the opponents in its cells) by their place; a
    # place shared with the row above prints no rank (as a real export of August 2024 does)
    t, _, _ = _swiss()
    read = _read(workbook(rows(t, [{}], SHARED, ranking=True, legend=["points (game-points)"])))
    by_place = [(p.start_number, p.name, p.rank) for p in read.players]
    assert by_place == [(1, "Player 1", 1), (2, "Player 5", 1), (3, "Player 2", 3), (4, "Player 3", 3), (5, "Player 4", 5)]
    assert read.numbered_by_place
    # said of the workbook (it said "the page", as of the web page the same reading serves)
    assert any("the workbook numbers its players by rank" in str(w) for w in read.warnings)
    # player 1 (place 1) beat place 3 (player 2) and drew with place 4 (player 3)
    assert [int(x) for x in read.opponent[0]] == [2, 3]
    entry = check_tournament(read, CheckOptions())
    assert entry.status.value == "agree" and entry.mismatches == ()


def test_the_page_reads_a_shared_place_as_the_export_does() -> None:
    # the same ranking on chess-results' page: the row without a rank was skipped, and the cells
    # naming its place failed ("no player with start number 2")
    t, _, _ = _swiss()
    html = ranking_page(t, ["points (game-points)"], [{}], {1: 1, 5: 2, 2: 3, 3: 4, 4: 5}, links=False)
    html = html.replace('<td class="CRc">2</td>', '<td class="CRc"></td>', 1)
    read = parse_event(html.encode(), "ranking.html")
    assert isinstance(read, spareggio.Tournament)
    assert [(p.name, p.rank) for p in read.players][:2] == [("Player 1", 1), ("Player 5", 1)]
    assert any("the page numbers its players by rank" in str(w) for w in read.warnings)


def test_infer_never_orders_by_numbers_that_are_the_files_own_places() -> None:
    # numbered by place, the start number reproduces any order: Swiss-Manager, which ends its list
    # with the start number, was credited with any ranking ("PTS, then TPN" on a real export).
    # Here BH/C1, BH, SB places everyone under fide-2024; Swiss-Manager's list leaves places shared
    # that only its start numbers, which the export does not print, would decide
    t, _, _ = _swiss()
    read = _read(workbook(rows(t, [], {5: 1, 1: 2, 3: 3, 2: 4, 4: 5}, ranking=True)))
    entry = check_tournament(read, CheckOptions(infer=True))
    assert entry.inferred_text.startswith("the declared ranking is exactly what fide-2024 gives with BH/C1, BH, SB")
    assert all("TPN" not in (*c.tiebreaks, *c.continuation) for c in entry.inferred)
    # Swiss-Manager is named for the list itself, its criteria labelled (2023) (the 2024 text), as
    # fide-2024 computes them; never for the start numbers that would order what the list leaves level
    assert "Swiss-Manager" in entry.inferred_alike
    labelled = check_tournament(read, CheckOptions(rules="swiss-manager", tiebreaks="BH/C1/V2024,BH/V2024,SB/V2024"))
    assert labelled.status.value == "agree"
    assert not any("inside a place the tie-breaks leave shared" in w for w in labelled.warnings)


def test_the_round_robin_grid_is_read_with_its_numbers() -> None:
    # 1-4, 2-3 / 4-3, 1-2 / 2-4, 3-1: 1 beats 4 and 2 and draws with 3 (2.5); 3 draws with 2 and 1 and
    # beats 4 (2); 2 beats 4 (1.5); 4 loses all (0)
    t = tournament({1: "+W4 +W2 =B3", 2: "=W3 . +W4", 3: ". +B4 ."}, date="2026/02/05", kind="Individual: Round-Robin")
    ranks: dict[int, int | None] = {1: 1, 3: 2, 2: 3, 4: 4}
    points = {1: Fr(5, 2), 2: Fr(3, 2), 3: Fr(2), 4: Fr(0)}
    sheet = rows(t, [points], ranks, grid=True, legend=["points (game-points)"])
    grid_rows = [row[5:9] for row in sheet if row and isinstance(row[0], int)]
    assert grid_rows == [["*", 1, "½", 1], [0, "*", "½", 1], ["½", "½", "*", 1], [0, 0, 0, "*"]]
    read = _read(workbook(sheet))
    assert read.kind_of_event is TournamentKind.ROUND_ROBIN
    assert [p.points for p in read.players] == [Fr(5, 2), Fr(3, 2), Fr(2), Fr(0)]
    assert [p.rank for p in read.players] == [1, 3, 2, 4]
    assert any("Berger tables" in str(w) for w in read.warnings)
    assert check_tournament(read, CheckOptions()).status.value == "agree"


def test_an_unreadable_cell_is_named_by_its_sheet_row_and_column() -> None:
    t, values, ranks = _swiss()
    sheet = rows(t, values, ranks)
    at = next(k for k, row in enumerate(sheet) if row and row[0] == 3)  # player 3's row
    column = sheet[at - 3].index("2.Rd")  # the heads are three rows above player 3's
    sheet[at][column] = "zz"
    with pytest.raises(InputError) as caught:
        _read(workbook(sheet), "open.xlsx")
    assert str(caught.value) == f"open.xlsx:{at + 1}:{column + 1}: round 2: cannot read the cell 'zz'"


def _cells(cells: list[tuple[int, int, str]]) -> bytes:
    """A workbook of single cells (row, column, text)."""
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    for row, column, text in cells:
        sheet.cell(row=row, column=column, value=text)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _zip(members: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return out.getvalue()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(600), "an Excel 97-2003 workbook (.xls), which spareggio does not read"),
        (b"PK\x03\x04" + bytes(100), "this file is not an Excel workbook (.xlsx), or it is damaged"),
        (_zip({"[Content_Types].xml": b"<Types/>", "xl/workbook.xml": b"<"}), "the workbook cannot be read"),
        # 65 MB of zeros packs into about 64 kB: refused by the sizes the zip declares, before unpacking
        (_zip({"xl/worksheets/sheet1.xml": bytes(65 * 1024 * 1024)}), "the workbook unpacks to 68157440 bytes, more than the limit of 67108864 bytes"),
        (workbook([["Name", "No.", "Rtg"], [1, "A", 2000]]), "this workbook is the starting rank list"),
        # a cell past the 1,024th column or the 20,000th row: no crosstable is so wide or so long
        (_cells([(1, 1, "x"), (1, 1025, "y")]), "the sheet 'Sheet' writes a cell beyond row 20000 or column 1024"),
        (_cells([(1, 1, "x"), (20001, 1, "y")]), "the sheet 'Sheet' writes a cell beyond row 20000 or column 1024"),
        # 20,000 rows as wide as 1,024 columns: 20 million cells, refused after the first four million
        (_cells([(1, 1, "x"), (20000, 1024, "y")]), "the workbook has more than 4000000 cells to read"),
        (workbook([["Some sheet"], [1, 2, 3]]), "no crosstable in this workbook"),
    ],
)
def test_what_is_no_export_is_refused_on_one_line(data: bytes, message: str) -> None:
    name = "x.xls" if data.startswith(b"\xd0\xcf") else "x.xlsx"
    with pytest.raises(InputError) as caught:
        parse_event(data, name)
    text = str(caught.value)
    assert text.startswith(f"{name}:1:1: ") and message in text and "\n" not in text


@pytest.mark.parametrize(
    ("head", "name", "sure"),
    [
        (b"PK\x03\x04\x14\x00\x00\x00\x08\x00[Content_Types].xml", "a.bin", 90),  # a workbook's first part
        (b"PK\x03\x04\x14\x00\x00\x00\x08\x00xl/workbook.xml", "a", 90),
        (b"PK\x03\x04\x14\x00\x00\x00\x08\x00docs/a.trf", "a.xlsx", 90),  # the name says workbook
        (b"PK\x03\x04\x14\x00\x00\x00\x08\x00docs/a.trf", "a.zip", 0),  # an archive of files
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "a.xls", 90),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "a.doc", 0),
        (b"012 Open", "a.xlsx", 0),
    ],
)
def test_the_sniffer_knows_a_workbook_by_its_head(head: bytes, name: str, sure: int) -> None:
    assert sniff_results_workbook(head, name) == sure


def test_the_command_line_checks_an_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t, values, ranks = _swiss()
    path = tmp_path / "open.xlsx"
    path.write_bytes(workbook(rows(t, values, ranks, legend=LEGEND)))
    assert reader_for(path.read_bytes()[:4096], path.name).name == "results-workbook"
    assert main(["check", str(path)]) == 0
    assert "agree" in capsys.readouterr().out
    before = path.read_bytes()
    assert main(["standings", str(path), "-f", "csv"]) == 0
    assert path.read_bytes() == before  # the input is never modified


# -- tie-break columns printed without their legend ------------------------------------------------


def _export_without_legend(t: spareggio.Tournament, specs: list[str], rules: str) -> bytes:
    """The export of ``t`` whose columns TB1 ... print ``specs`` computed under ``rules``, ranked so."""
    s = spareggio.rank(t, specs, rules=rules)
    values = [{row.player.start_number: row.values[spec] for row in s.rows} for spec in specs]
    ranks: dict[int, int | None] = {row.player.start_number: row.rank for row in s.rows}
    return workbook(rows(t, values, ranks))


def test_columns_without_a_legend_are_named_by_the_one_criterion_their_values_give() -> None:
    # a 40-player Swiss of 7 rounds with byes, forfeits and withdrawals, printed as the real exports
    # print it: Buchholz Cut 1 and Buchholz under C.07 2024, no legend
    t = generate(40, 7, seed=11, start_date=dt.date(2025, 4, 30), forfeit_rate=0.05, half_bye_rate=0.05)
    read = _read(_export_without_legend(t, ["BH/C1", "BH"], "fide-2024"))
    assert read.tiebreak_list is None and len(read.printed_columns) == 2
    entry = check_tournament(read, CheckOptions())
    assert entry.tiebreaks == ("BH/C1", "BH")
    assert entry.values_compared == 80 and entry.value_mismatches == () and entry.status.value == "agree"
    said = next(w for w in entry.warnings if "without their legend: each is read" in w)
    assert "TB1 BH/C1 (under fide-2024" in said and "TB2 BH (under fide-2024" in said


def test_columns_the_2009_rule_printed_are_named_and_their_values_differ_from_c07() -> None:
    # the real exports' Buchholz is the 2009 rule's (unplayed rounds of the opponents count as
    # draws): named under fide-2009 alone, then compared under the rule set of the date, where the
    # values of the players who met someone with an unplayed round differ
    t = generate(40, 7, seed=11, start_date=dt.date(2025, 4, 30), forfeit_rate=0.05, half_bye_rate=0.05)
    read = _read(_export_without_legend(t, ["BH"], "fide-2009"))
    entry = check_tournament(read, CheckOptions())
    said = next(w for w in entry.warnings if "without their legend: each is read" in w)
    assert said.endswith("TB1 BH (under fide-2009)")
    under_2024 = spareggio.rank(t, ["BH"], rules="fide-2024")
    under_2009 = spareggio.rank(t, ["BH"], rules="fide-2009")
    differ = {
        row.player.start_number
        for row in under_2024.rows
        if row.values["BH"] != under_2009.row_of(row.player.start_number).values["BH"]
    }
    assert differ and {m.start_number for m in entry.value_mismatches} == differ


def test_a_list_given_names_the_columns_in_order() -> None:
    t = generate(40, 7, seed=11, start_date=dt.date(2025, 4, 30), forfeit_rate=0.05, half_bye_rate=0.05)
    read = _read(_export_without_legend(t, ["BH/C1", "BH"], "fide-2024"))
    entry = check_tournament(read, CheckOptions(tiebreaks="BH/C1, BH"))
    assert entry.values_compared == 80 and entry.status.value == "agree"
    assert "the crosstable's tie-break columns, printed without their legend, are read as the list given, in order" in entry.warnings
    wrong = check_tournament(read, CheckOptions(tiebreaks="BH/C1, BH, SB"))
    assert wrong.values_compared == 0
    assert any("the list given names 3 criteria and the crosstable prints 2 tie-break columns" in w for w in wrong.warnings)


def test_a_column_no_criterion_gives_names_no_list() -> None:
    t = generate(40, 7, seed=11, start_date=dt.date(2025, 4, 30), forfeit_rate=0.05, half_bye_rate=0.05)
    sheet = rows(t, [{p.start_number: Fr(1000 + p.start_number, 4) for p in t.players}], {p.start_number: None for p in t.players})
    entry = check_tournament(_read(workbook(sheet)), CheckOptions())
    assert entry.values_compared == 0
    assert any("their values name no list (TB1 by none)" in w for w in entry.warnings)


def test_direct_encounter_as_the_exports_print_it() -> None:
    # Swiss-Manager's exports print DE as the score of the games among the tied players where they
    # all met, 0 elsewhere: two players level who drew their game print ½ each (a real export of May
    # 2025 prints its players 4 and 5 so).  Round 1: 1-2 ½-½, 3-4 0-1; round 2: 3-1 0-1, 2-4 1-0;
    # 5 is never paired.  Points: 1 and 2 1.5 (level, they met: ½ each), 4 1, 3 and 5 0 (level,
    # never met: 0 each)
    t = tournament({1: "=W2 +B3", 2: ". +W4", 3: "-W4 .", 4: ". .", 5: "-- --"}, date="2026/06/01")
    s = spareggio.rank(t, ["DE"], rules="fide-2026")
    assert {row.player.start_number: row.points for row in s.rows} == {1: Fr(3, 2), 2: Fr(3, 2), 4: Fr(1), 3: Fr(0), 5: Fr(0)}
    printed = {1: Fr(1, 2), 2: Fr(1, 2), 3: Fr(0), 4: Fr(0), 5: Fr(0)}
    entry = check_tournament(_read(workbook(rows(t, [printed], {1: 1, 2: 1, 4: 3, 3: 4, 5: 4}))), CheckOptions())
    assert entry.tiebreaks == ("DE",) and entry.value_mismatches == () and entry.values_compared == 5
    assert any("where they all met, 0 elsewhere, as Swiss-Manager prints it" in w for w in entry.warnings)
    assert entry.status.value == "agree"


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    players=st.integers(6, 16),
    rounds=st.integers(3, 5),
    seed=st.integers(0, 10_000),
    spec=st.sampled_from(NAMED_BY_VALUES),
    rules=st.sampled_from(NAMING_RULES),
)
def test_a_column_is_never_named_by_a_criterion_that_prints_other_values(
    players: int, rounds: int, seed: int, spec: str, rules: str
) -> None:
    # whatever criterion printed a column, under whichever rule set: it is among those the column's
    # values name, and a criterion named alone gives the same values as it on this file
    t = generate(players, rounds, seed, forfeit_rate=0.05, half_bye_rate=0.05)
    values = spareggio.rank(t, [spec], rules=rules).results[spec].values()
    assume(any(v is not None for v in values))
    t.printed_columns = (tuple(values),)
    named = name_columns(t, None, None, placed=frozenset())
    assert spec in (*named.found[0], *named.alike[0])


def test_the_readers_warnings_are_said_in_the_reports_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # a check report in Italian said the reader's warnings in English (they were flattened to text)
    t, values, ranks = _swiss()
    path = tmp_path / "ranking.xlsx"
    path.write_bytes(workbook(rows(t, values, ranks, ranking=True)))
    main(["check", str(path), "--lang", "it"])
    out = capsys.readouterr().out
    assert "la cartella di lavoro numera i giocatori per posizione, senza i numeri di partenza" in out
    assert "the workbook numbers its players by rank" not in out
    assert "pagina" not in out  # an export is no web page


def test_infer_sets_back_a_reading_the_printed_values_contradict() -> None:
    # the columns printed under the 2009 rule (named BH/C1, BH, SB by their values); readings that
    # rank every player alike but compute other values (the 2009 rule counting only results by
    # default as draws; Buchholz in the 2026 version) came second and third: they now come after
    # every reading the printed values agree with
    t = generate(30, 7, 1, start_date=dt.date(2025, 4, 30), forfeit_rate=0.06, half_bye_rate=0.06)
    specs = ["BH/C1", "BH", "SB"]
    s = spareggio.rank(t, specs, rules="fide-2009")
    values = [{row.player.start_number: row.values[x] for row in s.rows} for x in specs]
    ranks: dict[int, int | None] = {row.player.start_number: k + 1 for k, row in enumerate(s.rows)}
    entry = check_tournament(_read(workbook(rows(t, values, ranks))), CheckOptions(infer=True))
    assert entry.inferred_code == "exact"
    # the first readings agree with the printed values: the 2009 rule, Vega set to it, and
    # Swiss-Manager computing its unlabelled criteria by it (the programs then their start numbers,
    # which decide nobody here)
    assert [(c.rules, c.tiebreaks) for c in entry.inferred[:3]] == [
        ("fide-2009", ("BH/C1", "BH", "SB")),
        ("vega-2009", ("BH/C1", "BH", "SB")),
        ("swiss-manager", ("BH/C1/V2009", "BH/V2009", "SB/V2009")),
    ]
    assert all("V2026" not in x for c in entry.inferred[:3] for x in c.tiebreaks)
    assert entry.inferred_alike == ("Vega (vega-2009)", "Swiss-Manager")


@pytest.mark.parametrize(
    ("updated", "rules"),
    [
        # C.07 2024 is in force from 1 September 2023 to 28 February 2026, the 2026 text from 1 March
        ("08.02.2026 16:45:19", "fide-2024"),  # a real export of February 2026 without a Date
        ("28.02.2026 23:59:59", "fide-2024"),
        ("01.03.2026 00:00:01", "fide-2026"),
        ("15.07.2016 10:00:00", "fide-2009"),
    ],
)
def test_an_export_without_dates_takes_the_rule_set_of_its_last_update(updated: str, rules: str) -> None:
    # the event started no later than the page's last update: before, fide-2026 (today's) was assumed
    t, values, ranks = _swiss()
    read = _read(workbook(rows(t, values, ranks, date=None, updated=updated)))
    day = updated.split()[0].split(".")
    assert read.start_date is None and read.updated == dt.date(int(day[2]), int(day[1]), int(day[0]))
    s = spareggio.rank(read)
    assert s.rules.name == rules
    said = [str(w) for w in s.warnings]
    assert any(f"was last updated on {read.updated}, so the event started no later: {rules}, in force that day, assumed" in w for w in said)
    # a Date printed decides
    dated = _read(workbook(rows(t, values, ranks, date="2026/06/01", updated=updated)))
    assert spareggio.rank(dated).rules.name == "fide-2026"


def test_the_page_takes_its_last_upload_not_the_servers_time() -> None:
    # a Finnish page of 2016 prints the server's time of the download first ("Servertime 25.07.2016
    # 12:46:27"), then its last update ("Viimeisin päivitys24.07.2016 15:36:32, Creator/Last Upload")
    t, values, ranks = _swiss()
    html = page(t, LEGEND, values, ranks)  # type: ignore[arg-type]
    html = html.replace('<tr><td class="CR">Date</td><td class="CR">2026/06/01 to 2026/06/02</td></tr>', "")
    html = html.replace(
        "<h2>", "<p>Logged on: Gast Servertime 25.07.2026 12:46:27</p><p class=\"CRsmall\">Viimeisin p&auml;ivitys"
        "24.02.2026 15:36:32, Creator/Last Upload: jyvas-shakki</p><h2>", 1,
    )
    read = parse_event(html.encode(), "crosstable.html")
    assert isinstance(read, spareggio.Tournament)
    assert read.start_date is None and read.updated == dt.date(2026, 2, 24)
    assert spareggio.rank(read).rules.name == "fide-2024"


def test_an_export_of_a_round_in_play_says_so_of_the_workbook() -> None:
    # FOUR (3 rounds): 1 beats 2, draws with 3; 2 beats 4; 3 draws with 4; round 3: 1 beats 4 (shown),
    # 2 - 3 paired without a result yet.  The export prints the points as they stand: 1: 2.5, 2: 1,
    # 3: 1, 4: 0.5; after round 2: 1: 1.5
    t = tournament({1: "+W2 =B3 +W4", 2: ". +W4 -W3", 3: "=W4 . .", 4: ". . ."}, date="2026/06/01")
    t.kind[1, 2] = t.kind[2, 2] = ResultKind.PENDING
    live = {1: Fr(5, 2), 2: Fr(1), 3: Fr(1), 4: Fr(1, 2)}
    read = _read(workbook(rows(t, [live], {1: 1, 2: 2, 3: 3, 4: 4}, legend=["points (game-points)"])))
    assert (read.pending_round, read.complete_rounds) == (3, 2)
    assert read.printed_values["points (game-points)"] == (Fr(3, 2), Fr(1), Fr(1), Fr(1, 2))
    said = [str(w) for w in read.warnings if "round 3 was being played" in str(w)]
    assert len(said) == 1
    assert "the workbook was exported while round 3 was being played (1 of its 2 games have a result)" in said[0]
    assert "the round 3 results the workbook shows taken off" in said[0]
