"""The format registry (render/formats.py): one table of formats and one renderer per result type and
format, used by the command line; a format chosen by name or by the extension of the output file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import spareggio
from spareggio.base.errors import ArgumentError
from spareggio.cli import main
from spareggio.comparison import Comparison
from spareggio.explain import Explanations, PlayerExplanation, Versus
from spareggio.render.comparison import comparison_table
from spareggio.render.explanation import explanation_to_dict
from spareggio.render.formats import FORMATS, choose_format, format_for_path, formats_for, render, renderer
from spareggio.render.output import standings_csv, standings_table, standings_to_dict
from spareggio.render.publish import standings_html
from spareggio.standings import Standings

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "open-2026.trf"


@pytest.fixture(scope="module")
def standings() -> Standings:
    return spareggio.rank(spareggio.io.trf.read_trf(EXAMPLE), "BH/C1,BH,SB")


@pytest.mark.parametrize(
    ("name", "fmt"),
    [
        ("x.html", "html"),
        ("x.HTM", "html"),
        ("x.pdf", "pdf"),
        ("x.xlsx", "xlsx"),
        ("x.csv", "csv"),
        ("x.json", "json"),
        ("x.txt", "table"),
        ("dir.d/x.TXT", "table"),
    ],
)
def test_format_from_the_extension(name: str, fmt: str) -> None:
    assert format_for_path(name).name == fmt
    assert choose_format(None, name).name == fmt
    assert choose_format("json", name).name == "json"  # --format wins over the extension


def test_txt_is_text_for_an_explanation() -> None:
    # an explanation has no table: .txt names its text format
    assert choose_format(None, "x.txt", PlayerExplanation, default="text").name == "text"
    assert choose_format(None, None, PlayerExplanation, default="text").name == "text"


@pytest.mark.parametrize("path", ["noext", "x.doc", "x.tar.gz"])
def test_unknown_extension_is_an_error(path: str) -> None:
    with pytest.raises(ArgumentError, match="cannot tell the format from the extension"):
        format_for_path(path)


def test_an_extension_outside_the_result_formats_is_an_error() -> None:
    # a comparison is not written as CSV: .csv is refused, naming the extensions it is written with
    with pytest.raises(ArgumentError) as info:
        choose_format(None, "x.csv", Comparison)
    assert str(info.value).endswith("one of .htm, .html, .json, .pdf, .txt")
    with pytest.raises(ArgumentError, match="unknown format 'xlsx'; known formats: table, json, html, pdf"):
        choose_format("xlsx", None, Comparison)


@pytest.mark.parametrize(
    ("result_type", "names"),
    [
        (Standings, ["table", "csv", "json", "html", "pdf", "xlsx", "print", "trf"]),
        (Comparison, ["table", "json", "html", "pdf"]),
        (PlayerExplanation, ["text", "json", "html"]),
        (Explanations, ["text", "json", "html"]),
        (Versus, ["text", "json", "html"]),
    ],
)
def test_formats_of_every_result(result_type: type, names: list[str]) -> None:
    assert [f.name for f in formats_for(result_type)] == names


def test_the_table_of_formats() -> None:
    assert [f.name for f in FORMATS.values() if f.binary] == ["pdf", "xlsx"]
    assert FORMATS["html"].extension == ".html" and FORMATS["html"].extensions == (".html", ".htm")
    assert FORMATS["xlsx"].media_type.endswith("spreadsheetml.sheet")
    assert all(f.media_type.startswith("application/") for f in FORMATS.values() if f.binary)


def test_render_is_the_renderer_of_the_result(standings: Standings) -> None:
    # the registry adds nothing: each format is exactly what its renderer writes
    assert render(standings, "table", lang="it") == standings_table(standings, "it")
    assert render(standings, "csv", lang="it") == standings_csv(standings, "it")
    assert render(standings, "csv", lang="it", csv_locale="en") == standings_csv(standings, "en")
    assert render(standings, "html", lang="fr") == standings_html(standings, "fr")
    assert json.loads(render(standings, "json")) == standings_to_dict(standings)
    c = spareggio.compare(standings.tournament, ["fide-2026", "italian"], ["BH/C1"])
    assert render(c, FORMATS["table"]) == comparison_table(c)
    e = spareggio.explain_player(standings, 7)
    assert json.loads(render(e, "json", exact=True)) == explanation_to_dict(e, exact=True)


def test_a_result_without_the_format_is_an_error(standings: Standings) -> None:
    e = spareggio.explain_player(standings, 7)
    with pytest.raises(ArgumentError, match="cannot be written as xlsx; formats: text, json, html"):
        render(e, "xlsx")


def test_registering_twice_or_an_unknown_format_is_refused() -> None:
    with pytest.raises(KeyError, match="already registered"):
        renderer(Standings, "table")(lambda s, o: "")
    with pytest.raises(KeyError, match="unknown format"):
        renderer(Standings, "docx")


def test_a_subclass_uses_the_renderer_of_its_base(standings: Standings) -> None:
    class Mine(Standings):
        pass

    assert [f.name for f in formats_for(Mine)] == [f.name for f in formats_for(Standings)]


def test_cli_chooses_by_the_extension(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "why.json"
    assert main(["explain", str(EXAMPLE), "-p", "7", "-o", str(out), "-q"]) == 0
    assert json.loads(out.read_text(encoding="utf-8"))["player"]["start_number"] == 7
    bad = tmp_path / "cmp.csv"
    assert main(["compare", str(EXAMPLE), "-o", str(bad), "-q"]) == 2
    assert "cannot tell the format from the extension '.csv'" in capsys.readouterr().err
    assert not bad.exists()
