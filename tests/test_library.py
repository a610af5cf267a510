"""The library serialises cleanly, explains by name or for everyone, and refuses what it cannot do."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

import spareggio
from spareggio.cli import main

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "open-2026.trf"


@pytest.fixture(scope="module")
def s() -> spareggio.Standings:
    return spareggio.standings(spareggio.read_trf(EXAMPLE))


def cli_json(capsys: pytest.CaptureFixture[str], *args: str) -> object:
    assert main([*args, "-q"]) == 0
    return json.loads(capsys.readouterr().out)


def test_standings_to_json_is_the_cli_document(
    s: spareggio.Standings, capsys: pytest.CaptureFixture[str]
) -> None:
    assert json.loads(s.to_json()) == cli_json(capsys, "standings", str(EXAMPLE), "-f", "json")
    assert s.to_dict() == json.loads(s.to_json())


def test_exact_values_on_request(s: spareggio.Standings) -> None:
    # player 7's BH/C1 is 93/2 (46.5); exact mode writes the fraction as text
    row = s.row_of(7)
    assert row.values["BH/C1"] == Fraction(93, 2)
    exact = next(r for r in s.to_dict(exact=True)["standings"] if r["start_number"] == 7)
    assert exact["tiebreaks"]["BH/C1"] == "93/2" and exact["points"] == "7"
    assert json.dumps(row.to_dict()) and row.to_dict()["tiebreaks"]["BH/C1"] == 46.5
    assert row.to_dict(exact=True)["tiebreaks"]["SB"] == str(row.values["SB"])


def test_rank_is_an_integer_everywhere(s: spareggio.Standings, capsys: pytest.CaptureFixture[str]) -> None:
    doc = spareggio.explain_player(s, 7).to_dict()
    assert doc["player"]["rank"] == 1 and doc["player"]["place"] == "1"
    assert all(isinstance(r["rank"], int) for r in s.to_dict()["standings"])
    explained = cli_json(capsys, "explain", str(EXAMPLE), "-p", "7", "-f", "json")
    assert explained == doc  # type: ignore[comparison-overlap]


def test_unknown_language_is_an_error(s: spareggio.Standings) -> None:
    with pytest.raises(spareggio.ArgumentError, match="unknown language 'de'; known languages: en, fr, it"):
        spareggio.explain_player(s, 7, lang="de")
    assert spareggio.explain_player(s, 7, lang="IT").lang == "it"


def test_codes_stay_codes_in_italian(tmp_path: Path) -> None:
    # an unplayed round: the code is the same in every language, the label is translated
    text = (Path(__file__).parent / "data" / "programs" / "trf2x-dates-and-byes.trf").read_text(
        encoding="utf-8"
    )
    t = spareggio.parse_trf(text)
    st = spareggio.standings(t, ["BH"])
    for row in st.rows:
        en = spareggio.explain_player(st, row.player.start_number, lang="en").to_dict()
        it = spareggio.explain_player(st, row.player.start_number, lang="it").to_dict()
        for a, b in zip(en["tiebreaks"][0]["rounds"], it["tiebreaks"][0]["rounds"], strict=True):
            assert a["unplayed"] == b["unplayed"]
            if a["unplayed"]:
                assert a["unplayed"].replace("_", " ") in a["unplayed_label"].replace("-", " ")
                assert a["unplayed_label"] != b["unplayed_label"]


@pytest.mark.parametrize(
    ("who", "start_number"),
    [("7", 7), ("Esposito", 7), ("esposito, alessandro", 7), ("ALESSANDRO ESPOSITO", 7), ("barone", 9)],
)
def test_find_player_by_number_or_name(who: str, start_number: int) -> None:
    assert spareggio.find_player(spareggio.read_trf(EXAMPLE), who) == start_number


def test_accents_do_not_matter() -> None:
    t = spareggio.parse_trf(
        "012 T\n001    1 m    Müller, José                      2000\n"
        "001    2 m    Rossi, Mario                      2000\n"
    )
    assert spareggio.find_player(t, "muller jose") == 1


@pytest.mark.parametrize(
    ("who", "message"),
    [
        ("a", "'a' matches 48 players: 1 Pace, Emanuele"),
        ("Zzyzx", "no player named 'Zzyzx'"),
        ("99", "no player with start number 99"),
    ],
)
def test_find_player_refusals(who: str, message: str) -> None:
    with pytest.raises(spareggio.SpareggioError) as info:
        spareggio.find_player(spareggio.read_trf(EXAMPLE), who)
    assert message in str(info.value)


def test_versus_the_same_player_is_an_error(s: spareggio.Standings) -> None:
    with pytest.raises(spareggio.ArgumentError, match="names player 7 again"):
        spareggio.explain_versus(s, 7, 7)
    assert main(["explain", str(EXAMPLE), "-p", "Esposito", "--versus", "7"]) == 2


def test_explain_all(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    doc = cli_json(capsys, "explain", str(EXAMPLE), "--all", "-f", "json")
    assert isinstance(doc, dict)
    assert doc["tournament"] == "Open Internazionale Città di Montebello 2026"
    assert [p["player"]["rank"] for p in doc["players"]][:3] == [1, 2, 3]
    assert len(doc["players"]) == 51
    page = tmp_path / "all.html"
    assert main(["explain", str(EXAMPLE), "--all", "-f", "html", "-o", str(page), "-q"]) == 0
    html = page.read_text(encoding="utf-8")
    assert html.count('<article id="p-') == 51
    assert '<a href="#p-7">1. Esposito, Alessandro (7)</a>' in html
    ids = [m for m in __import__("re").findall(r'id="([^"]+)"', html)]
    assert len(ids) == len(set(ids))  # unique anchors in one document


def test_tournament_name_heads_every_explanation(s: spareggio.Standings) -> None:
    from spareggio.explain import render_text
    from spareggio.render.html import explanation_html

    e = spareggio.explain_player(s, 7)
    assert render_text(e).splitlines()[0] == "Open Internazionale Città di Montebello 2026"
    assert '<p class="meta event">Open Internazionale Città di Montebello 2026</p>' in explanation_html(e)


def test_comparison_serialises(capsys: pytest.CaptureFixture[str]) -> None:
    c = spareggio.compare(spareggio.read_trf(EXAMPLE), ["fide-2026", "italian"])
    assert json.loads(c.to_json()) == c.to_dict()
    assert c.to_dict() == cli_json(capsys, "compare", str(EXAMPLE), "-r", "fide-2026,italian", "-f", "json")


def test_explain_requires_one_player_or_all() -> None:
    assert main(["explain", str(EXAMPLE)]) == 2
    assert main(["explain", str(EXAMPLE), "-p", "7", "--all"]) == 2
