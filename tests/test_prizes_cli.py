"""``spareggio prizes`` and the decision options of ``standings``: every output format and language,
one-line errors, and the TRF the decisions are saved to."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from builders import build
from spareggio.cli import main
from spareggio.prizes import SCHEMA

ROOT = Path(__file__).resolve().parent.parent

# Points by requested byes (FPB 1, HPB ½, ZPB 0): 1 and 2 on 3½, 3 on 2, 4 5 6 on 1 (test_prizes).
BYES = {1: "FPB FPB FPB HPB", 2: "FPB FPB FPB HPB", 3: "FPB FPB ZPB ZPB",
        4: "FPB ZPB ZPB ZPB", 5: "FPB ZPB ZPB ZPB", 6: "FPB ZPB ZPB ZPB"}  # fmt: skip
HORT = 'currency = "EUR"\nsharing = "hort"\n[[categories]]\nid = "general"\nname = "General"\nprizes = [100, 80, 60, 40, 20, 10]\n'


def files(tmp_path: Path) -> tuple[Path, Path]:
    event = tmp_path / "event.trf"
    event.write_text(build(BYES, players=6), encoding="utf-8")
    prizes = tmp_path / "prizes.toml"
    prizes.write_text(HORT, encoding="utf-8")
    return event, prizes


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_table_lists_prizes_reasons_and_totals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event, prizes = files(tmp_path)
    code, out, _ = run(capsys, "prizes", event, "--prizes", prizes, "-t", "TPN", "-q")
    assert code == 0
    # Hort on the German Wikipedia's example (test_prizes): 95 85 60 31.67 21.67 16.66
    assert "General       1    1  Player 1  3.5    100  95.00" in out
    assert "General       6    6  Player 6    1     10  16.66" in out
    assert "  Player 1 (1) and Player 2 (2) have 3.5 points; TPN decides: 1 to 2" in out


def test_json_csv_and_italian(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    event, prizes = files(tmp_path)
    _, out, _ = run(capsys, "prizes", event, "--prizes", prizes, "-t", "TPN", "-f", "json")
    doc = json.loads(out)
    assert [(a["place"], a["holder"]["start_number"], a["paid"]) for a in doc["awards"]] == [
        (1, 1, "95.00"), (2, 2, "85.00"), (3, 3, "60.00"), (4, 4, "31.67"), (5, 5, "21.67"), (6, 6, "16.66"),
    ]  # fmt: skip
    assert doc["sharing"] == "hort" and doc["awards"][0]["shared_with"] == [2]
    _, out, _ = run(capsys, "prizes", event, "--prizes", prizes, "-t", "TPN", "-f", "csv", "--lang", "it")
    rows = list(csv.reader(io.StringIO(out.lstrip("\ufeff")), delimiter=";"))
    assert rows[0][:7] == ["Categoria", "Pos.", "N.", "Nome", "Punti", "Premio", "Pagato"]
    assert rows[4][:7] == ["General", "4", "4", "Player 4", "1", "40", "31,67"]
    assert "hanno 1 punti; decide TPN: 4 a 5" in rows[4][8]


@pytest.mark.parametrize("ext", ["html", "xlsx", pytest.param("pdf", marks=pytest.mark.needs_weasyprint)])
def test_files_by_extension(tmp_path: Path, capsys: pytest.CaptureFixture[str], ext: str) -> None:
    event, prizes = files(tmp_path)
    target = tmp_path / f"premi.{ext}"
    code, _, err = run(
        capsys, "prizes", event, "--prizes", prizes, "-t", "TPN", "-o", target, "--lang", "it", "-q"
    )
    assert code == 0, err
    data = target.read_bytes()
    if ext == "html":
        text = data.decode()
        assert "<h2>Perché</h2>" in text and "31,67" in text and "sistema Hort" in text
    elif ext == "xlsx":
        from openpyxl import load_workbook

        ws = load_workbook(target).active
        assert [c.value for c in ws[5]][:7] == ["General", 4, 4, "Player 4", 1, 40, 31.67]
    else:
        assert data.startswith(b"%PDF")


def test_a_bad_prize_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    event, prizes = files(tmp_path)
    prizes.write_text('sharing = "halves"\n[[categories]]\nid = "g"\nprizes = [1]\n', encoding="utf-8")
    code, out, err = run(capsys, "prizes", event, "--prizes", prizes)
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"{prizes}:1:1: sharing: expected one of none, equal, hort, not 'halves'")


def test_standings_with_decisions_saved_to_trf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    event, _ = files(tmp_path)
    saved = tmp_path / "final.trf"
    code, out, _ = run(
        capsys, "standings", event, "-t", "TPN", "--exclude", "1:expelled", "--save-trf", saved, "-q"
    )
    assert code == 0
    assert "Note: 1 Player 1 is excluded from the ranking (expelled)" in out
    assert "Note: change: player 1 excluded (expelled)" in out
    text = saved.read_text(encoding="utf-8")
    assert "212 PTS,TPN\nXEX 1 ; expelled\nXCL player 1 excluded (expelled)\n" in text
    _, again, _ = run(capsys, "standings", saved, "-q")
    assert again == out  # the saved file alone ranks the same way, and says the same


def test_a_playoff_option_that_is_not_a_tie_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event, _ = files(tmp_path)
    code, out, err = run(capsys, "standings", event, "-t", "TPN", "--playoff", "3,1:1-0")
    assert code == 2 and out == ""
    assert (
        err == "spareggio: playoff 3, 1: these players are not level after the tie-breaks (places 1 and 3)\n"
    )


def test_the_documented_schema_is_the_programs() -> None:
    doc = (ROOT / "docs" / "prizes.md").read_text(encoding="utf-8")
    assert json.dumps(SCHEMA, indent=2, ensure_ascii=False) in doc


def test_the_example_prize_file_reads(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "prizes", ROOT / "examples" / "open-2026.trf", "--prizes",
                       ROOT / "examples" / "prizes-2026.toml", "-q")  # fmt: skip
    assert code == 0 and "Best woman" in out


def test_the_manual_shows_what_the_command_prints(capsys: pytest.CaptureFixture[str]) -> None:
    readme = (ROOT / "docs" / "usage.md").read_text(encoding="utf-8")
    section = readme.split("### Prizes, playoffs and drawing of lots", 1)[1].split("### Team tournaments", 1)[
        0
    ]
    shown = section.split("```\nCategory", 1)[1].split("```", 1)[0]
    _, out, _ = run(capsys, "prizes", ROOT / "examples" / "open-2026.trf", "--prizes",
                    ROOT / "examples" / "prizes-2026.toml", "-q")  # fmt: skip
    for line in ("Category" + shown).strip().splitlines():
        assert line in out.splitlines() or not line.strip(), line
    toml = section.split("```toml\n", 1)[1].split("```", 1)[0]
    assert (
        toml.strip().splitlines()[-3:]
        == (ROOT / "examples" / "prizes-2026.toml").read_text().strip().splitlines()[-3:]
    )
