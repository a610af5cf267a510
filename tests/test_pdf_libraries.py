"""A PDF asked for on a machine where WeasyPrint cannot load its system libraries (Pango, HarfBuzz).

There ``import weasyprint`` raises OSError, not ImportError.  The program answers with one line
saying what to install, exit status 2, no traceback, and writes no file; the web API answers the
same sentence as its JSON error.  The ``weasyprint_missing`` fixture (tests/conftest.py) makes this
machine look like that one, whether or not the libraries are really here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import weasyprint_unavailable
from spareggio.cli import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "open-2026.trf"

ENGLISH = (
    "spareggio: PDF output needs the Pango and HarfBuzz libraries, which WeasyPrint could not load; on "
    "Debian or Ubuntu: apt-get install libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 "
    "(other systems: WeasyPrint's installation guide)"
)
ITALIAN = (
    "spareggio: l'uscita PDF richiede le librerie Pango e HarfBuzz, che WeasyPrint non è riuscito a "
    "caricare; su Debian o Ubuntu: apt-get install libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 "
    "(altri sistemi: la guida all'installazione di WeasyPrint)"
)
FRENCH = (
    "spareggio: la sortie PDF nécessite les bibliothèques Pango et HarfBuzz, que WeasyPrint n'a pas pu "
    "charger ; sous Debian ou Ubuntu : apt-get install libpango-1.0-0 libpangoft2-1.0-0 "
    "libharfbuzz-subset0 (autres systèmes : le guide d'installation de WeasyPrint)"
)


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["standings", str(EXAMPLE)], ENGLISH),
        (["standings", str(EXAMPLE), "--lang", "it"], ITALIAN),
        (["standings", str(EXAMPLE), "--lang", "fr"], FRENCH),
        (["compare", str(EXAMPLE), "--rules", "fide-2026,italian"], ENGLISH),
        (["crosstable", str(EXAMPLE)], ENGLISH),
        (["crosstable", str(EXAMPLE), "--lang", "it"], ITALIAN),
    ],
)
def test_a_pdf_without_the_libraries_is_one_line_and_exit_2(
    weasyprint_missing: None,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    expected: str,
) -> None:
    out = tmp_path / "out.pdf"
    assert main([*args, "-o", str(out), "-q"]) == 2
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [expected]
    assert captured.out == ""  # WeasyPrint's own banner is not shown
    assert "Traceback" not in captured.err
    assert not out.exists()  # nothing written, not even an empty file
    assert list(tmp_path.iterdir()) == []


def test_the_other_formats_still_work_without_the_libraries(weasyprint_missing: None, tmp_path: Path) -> None:
    for name in ("out.html", "out.xlsx", "out.csv"):
        assert main(["standings", str(EXAMPLE), "-o", str(tmp_path / name), "-q"]) == 0
        assert (tmp_path / name).stat().st_size > 0


def test_the_api_answers_the_same_sentence(weasyprint_missing: None) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from spareggio.web import create_app

    client = TestClient(create_app([], max_upload=2**20), base_url="http://127.0.0.1")
    r = client.post(
        "/api/standings",
        files={"file": ("open-2026.trf", EXAMPLE.read_bytes())},
        data={"format": "pdf", "lang": "it"},
    )
    assert r.status_code == 400
    assert ITALIAN.removeprefix("spareggio: ") in r.text
    assert "Traceback" not in r.text


def test_the_skip_reason_names_the_packages(weasyprint_missing: None) -> None:
    reason = weasyprint_unavailable.__wrapped__()
    assert reason is not None
    assert "apt-get install libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0" in reason
    assert reason.endswith(
        "cannot load library 'libgobject-2.0-0': libgobject-2.0-0: cannot open "
        "shared object file: No such file or directory"
    )
