"""The printed comparison fits A4 landscape with every rule set: a table of places, then one table per
tie-break, at most eight rule sets side by side (checked in the PDF with pdftotext)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from spareggio.cli import main

ROOT = Path(__file__).resolve().parent.parent
SWISS = ROOT / "examples" / "open-2026.trf"
EVERY = "fide-2026,fide-2024,fide-2009,draw-vs-self,italian,us-chess,naive,fide-2024:vur=score"

# the PDF is printed by WeasyPrint: skipped, with the reason, where its system libraries are missing
pytestmark = pytest.mark.needs_weasyprint


def _pdf_text(path: Path) -> str:
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext is missing: apt-get install poppler-utils")
    done = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    )
    return done.stdout


def test_every_rule_set_and_value_is_on_the_page(tmp_path: Path) -> None:
    out = tmp_path / "compare.pdf"
    assert main(["compare", str(SWISS), "-r", EVERY, "-o", str(out), "-q"]) == 0
    text = _pdf_text(out)
    rows = [line.split() for line in text.splitlines() if "Esposito," in line]
    # eight rule sets, one table each for places, BH/C1, BH and SB: four rows of Esposito
    assert len(rows) == 4
    places, bh_c1, bh, sb = rows
    # no. 7, name, 7 points, then one cell per rule set: none cut off at the page's edge
    assert places[:4] == ["7", "Esposito,", "Alessandro", "7"] and len(places) == 4 + 8
    assert len(bh_c1) == len(bh) == len(sb) == 4 + 8
    # BH/C1 under fide-2026: 50.5 - 4 = 46.5 (the standings' first value)
    assert bh_c1[4] == "46.5"
    # the variant named and described
    assert "fide-2024:vur=score" in text.replace("\n", "")
    assert "Place under each rule set" in text


def test_more_rule_sets_than_fit_go_on_in_another_table(tmp_path: Path) -> None:
    out = tmp_path / "compare.pdf"
    names = EVERY + ",fide-2026:vur=score"
    assert main(["compare", str(SWISS), "-r", names, "-o", str(out), "-q"]) == 0
    rows = [line.split() for line in _pdf_text(out).splitlines() if "Esposito," in line]
    # nine rule sets: eight, then one, for each of the four tables
    assert sorted(len(r) - 4 for r in rows) == [1, 1, 1, 1, 8, 8, 8, 8]
