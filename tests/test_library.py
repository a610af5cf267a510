"""The library serialises cleanly, explains by name or for everyone, and refuses what it cannot do."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

import spareggio
from spareggio.cli import main
from spareggio.render.comparison import comparison_to_dict
from spareggio.render.explanation import (
    explanation_to_dict,
    explanations_to_dict,
    render_text,
    render_versus_text,
    versus_to_dict,
)
from spareggio.render.output import standings_to_dict

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "open-2026.trf"


@pytest.fixture(scope="module")
def s() -> spareggio.Standings:
    return spareggio.rank(spareggio.io.trf.read_trf(EXAMPLE))


def doc_of(result: object, *, exact: bool = False) -> object:
    """The JSON document the library writes for ``result`` (``render_as``), as Python data."""
    return json.loads(spareggio.render_as(result, "json", exact=exact))


def cli_json(capsys: pytest.CaptureFixture[str], *args: str) -> object:
    assert main([*args, "-q"]) == 0
    return json.loads(capsys.readouterr().out)


def test_standings_to_json_is_the_cli_document(
    s: spareggio.Standings, capsys: pytest.CaptureFixture[str]
) -> None:
    assert json.loads(spareggio.render_as(s, "json")) == cli_json(
        capsys, "standings", str(EXAMPLE), "-f", "json"
    )
    assert doc_of(s) == standings_to_dict(s)  # the text and the data are one document


def test_exact_values_on_request(s: spareggio.Standings) -> None:
    # player 7's BH/C1 is 93/2 (46.5); exact mode writes the fraction as text
    row = s.row_of(7)
    assert row.values["BH/C1"] == Fraction(93, 2)
    exact = next(r for r in doc_of(s, exact=True)["standings"] if r["start_number"] == 7)
    assert exact["tiebreaks"]["BH/C1"] == "93/2" and exact["points"] == "7"
    assert json.dumps(row.to_dict()) and row.to_dict()["tiebreaks"]["BH/C1"] == 46.5
    assert row.to_dict(exact=True)["tiebreaks"]["SB"] == str(row.values["SB"])


def test_rank_is_an_integer_everywhere(s: spareggio.Standings, capsys: pytest.CaptureFixture[str]) -> None:
    doc = doc_of(spareggio.explain_player(s, 7))
    assert doc["player"]["rank"] == 1 and doc["player"]["place"] == "1"
    assert all(isinstance(r["rank"], int) for r in doc_of(s)["standings"])
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
    t = spareggio.io.trf.parse_trf(text)
    st = spareggio.rank(t, ["BH"])
    for row in st.rows:
        en = doc_of(spareggio.explain_player(st, row.player.start_number, lang="en"))
        it = doc_of(spareggio.explain_player(st, row.player.start_number, lang="it"))
        for a, b in zip(en["tiebreaks"][0]["rounds"], it["tiebreaks"][0]["rounds"], strict=True):
            assert a["unplayed"] == b["unplayed"]
            if a["unplayed"]:
                assert a["unplayed"].replace("_", " ") in a["unplayed_label"].replace("-", " ")
                assert a["unplayed_label"] != b["unplayed_label"]


def test_colours_are_codes_with_letters_apart(s: spareggio.Standings) -> None:
    # player 7 had White in round 1 and Black in round 3 (his 001 record: "33 w 1  23 w 1  12 b 1"):
    # the code is the same in every language; the letter is W/B in English, B/N (bianco/nero) in Italian
    en = doc_of(spareggio.explain_player(s, 7, lang="en"))["tiebreaks"][0]["rounds"]
    it = doc_of(spareggio.explain_player(s, 7, lang="it"))["tiebreaks"][0]["rounds"]
    assert [(r["colour"], r["colour_label"]) for r in (en[0], en[2])] == [("white", "W"), ("black", "B")]
    assert [(r["colour"], r["colour_label"]) for r in (it[0], it[2])] == [("white", "B"), ("black", "N")]
    assert [r["colour"] for r in en] == [r["colour"] for r in it]


@pytest.mark.parametrize(
    ("who", "start_number"),
    [("7", 7), ("Esposito", 7), ("esposito, alessandro", 7), ("ALESSANDRO ESPOSITO", 7), ("barone", 9)],
)
def test_find_player_by_number_or_name(who: str, start_number: int) -> None:
    assert spareggio.explain.find_player(spareggio.io.trf.read_trf(EXAMPLE), who) == start_number


ROSSI = (
    "012 T\n"
    "001    1 m    Rossini, Luca                     2000\n"
    "001    2 m    Rossi, Mario                      2000\n"
    "001    3 m    De Rossi, Marco                   2000\n"
    "001    4 m    Bianchi, Marcello                 2000\n"
)


@pytest.mark.parametrize(
    ("who", "start_number"),
    [
        ("Rossi, Mario", 2),  # the whole name
        ("mario", 2),  # a whole word: Marco and Marcello are not Mario
        ("rossini", 1),
        ("de rossi", 3),  # both words whole: only player 3 has "de"
        ("marce", 4),  # the start of a word, one player
        ("cello", 4),  # part of a word, one player
    ],
)
def test_whole_words_before_parts(who: str, start_number: int) -> None:
    assert spareggio.explain.find_player(spareggio.io.trf.parse_trf(ROSSI), who) == start_number


def test_a_shared_word_lists_only_those_who_have_it() -> None:
    # "rossi" is a whole word of players 2 and 3 (not of Rossini): the candidates are those two
    with pytest.raises(spareggio.ArgumentError) as info:
        spareggio.explain.find_player(spareggio.io.trf.parse_trf(ROSSI), "ROSSI")
    assert str(info.value).startswith("'ROSSI' matches 2 players: 2 Rossi, Mario, 3 De Rossi, Marco;")


def test_accents_do_not_matter() -> None:
    t = spareggio.io.trf.parse_trf(
        "012 T\n001    1 m    Müller, José                      2000\n"
        "001    2 m    Rossi, Mario                      2000\n"
    )
    assert spareggio.explain.find_player(t, "muller jose") == 1


@pytest.mark.parametrize(
    ("who", "message"),
    [
        # the five players with a name starting with A (Arianna, Alessandro, Ana, Andrea, Andrea)
        ("a", "'a' matches 5 players: 2 Bianchi, Arianna, 7 Esposito, Alessandro, 11 Juric, Ana, 12 Bruno"),
        ("andrea", "'andrea' matches 2 players: 12 Bruno, Andrea, 27 Farina, Andrea;"),
        ("Zzyzx", "no player named 'Zzyzx'"),
        ("99", "no player with start number 99"),
    ],
)
def test_find_player_refusals(who: str, message: str) -> None:
    with pytest.raises(spareggio.SpareggioError) as info:
        spareggio.explain.find_player(spareggio.io.trf.read_trf(EXAMPLE), who)
    assert message in str(info.value)


def test_versus_the_same_player_is_an_error(
    s: spareggio.Standings, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(spareggio.ArgumentError, match="names player 7 again"):
        spareggio.explain_versus(s, 7, 7)
    # the same player by number and by name
    assert main(["explain", str(EXAMPLE), "-p", "Esposito", "--versus", "7"]) == 2
    assert (
        capsys.readouterr().err
        == "spareggio: --versus names player 7 again: compare him with another player\n"
    )
    assert main(["explain", str(EXAMPLE), "-p", "9", "--versus", "barone", "-f", "json"]) == 2


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
    ids = re.findall(r'id="([^"]+)"', html)
    assert len(ids) == len(set(ids))  # unique anchors in one document
    # the tournament and the standings' context head the page once, then the index
    assert html.count(CONTEXT[1]) == 1 and html.index(CONTEXT[1]) < html.index('<nav><ul class="index">')
    # every player in standings order, in the index and in the text
    order = [row.player.start_number for row in spareggio.rank(spareggio.io.trf.read_trf(EXAMPLE)).rows]
    assert [int(n) for n in re.findall(r'<article id="p-(\d+)">', html)] == order
    assert main(["explain", str(EXAMPLE), "--all", "-q"]) == 0
    text = capsys.readouterr().out
    titles = re.findall(r"^Why .* \(no\. (\d+)\) has these tie-breaks$", text, re.MULTILINE)
    assert [int(n) for n in titles] == order


NAME = "Open Internazionale Città di Montebello 2026"
CONTEXT = [
    "Rule set: fide-2026 (start date 2026-04-18 is on or after 2026-03-01).  Standings after round 9.",
    "Tie-breaks of the standings, in order: BH/C1, BH, SB.",
]


def test_tournament_name_heads_every_explanation(s: spareggio.Standings) -> None:
    from spareggio.render.html import explanation_html

    e = spareggio.explain_player(s, 7)
    assert render_text(e).splitlines()[:4] == [
        NAME,
        "Why Esposito, Alessandro (no. 7) has these tie-breaks",
        *CONTEXT,
    ]
    page = explanation_html(e)
    assert f'<p class="meta event">{NAME}</p>' in page
    assert all(line in page for line in CONTEXT)


def test_the_context_heads_a_comparison_of_two_players(s: spareggio.Standings) -> None:
    from spareggio.render.html import versus_html

    # 7 has 7 points, 9 has 6 (the standings): the points decide
    v = spareggio.explain_versus(s, 7, 9)
    assert render_versus_text(v).splitlines()[:5] == [
        NAME,
        "Why no. 7 Esposito, Alessandro is ranked above no. 9 Barone, Luca",
        *CONTEXT,
        "Points: 7 against 6.",
    ]
    # 7 and 1 both have 7 points; BH/C1 46.5 (93/2) against 45 decides
    v = spareggio.explain_versus(s, 7, 1)
    assert render_versus_text(v).splitlines()[4:6] == [
        "Points: 7 against 7.",
        "BH/C1 decides: 46.5 against 45.",
    ]
    page = versus_html(v)
    assert page.count(NAME) == 1 and page.count(CONTEXT[1]) == 1  # once, at the top
    ids = re.findall(r'id="([^"]+)"', page)
    assert ids and len(ids) == len(set(ids))  # the two sides' anchors differ


def test_context_in_italian(s: spareggio.Standings) -> None:
    lines = render_text(spareggio.explain_player(s, 7, lang="it")).splitlines()
    assert lines[3] == "Spareggi della classifica, nell'ordine: BH/C1, BH, SB."


def test_comparison_serialises(capsys: pytest.CaptureFixture[str]) -> None:
    c = spareggio.compare(spareggio.io.trf.read_trf(EXAMPLE), ["fide-2026", "italian"])
    assert comparison_to_dict(c) == doc_of(c)
    assert doc_of(c) == cli_json(capsys, "compare", str(EXAMPLE), "-r", "fide-2026,italian", "-f", "json")


def test_explain_requires_one_player_or_all() -> None:
    assert main(["explain", str(EXAMPLE)]) == 2
    assert main(["explain", str(EXAMPLE), "-p", "7", "--all"]) == 2


def test_every_explanation_serialises_as_the_cli_writes_it(
    s: spareggio.Standings, capsys: pytest.CaptureFixture[str]
) -> None:
    every = spareggio.explain_all(s)
    assert every.tournament == NAME and len(every) == 51
    assert doc_of(every) == cli_json(capsys, "explain", str(EXAMPLE), "--all", "-f", "json")
    assert explanations_to_dict(every) == doc_of(every)
    v = spareggio.explain_versus(s, 7, 1, lang="it")
    doc = doc_of(v)
    assert doc == cli_json(
        capsys, "explain", str(EXAMPLE), "-p", "7", "--versus", "1", "--lang", "it", "-f", "json"
    )
    assert versus_to_dict(v) == doc
    # 7 is first and 1 second (BH/C1 46.5 against 45): ranks are integers inside the comparison too
    assert (doc["tournament"], doc["relation"], doc["deciding"]) == (NAME, "above", "BH/C1")
    assert [e["player"]["rank"] for e in doc["explanations"]] == [1, 2]


@pytest.mark.parametrize("call", ["explain_player", "explain_all", "explain_versus"])
def test_every_explanation_refuses_an_unknown_language(s: spareggio.Standings, call: str) -> None:
    args = {"explain_player": (s, 7), "explain_all": (s,), "explain_versus": (s, 7, 1)}[call]
    with pytest.raises(spareggio.ArgumentError, match="unknown language 'de'; known languages: en, fr, it"):
        getattr(spareggio, call)(*args, lang="de")


def test_team_standings_serialise_as_the_cli_writes_them(capsys: pytest.CaptureFixture[str]) -> None:
    from spareggio.io import read_event
    from spareggio.standings import rank

    path = EXAMPLE.parent / "team-league-2026.trf"
    ev = read_event(str(path))
    s = rank(ev)
    doc = doc_of(s)
    assert doc == cli_json(capsys, "standings", str(path), "-f", "json")
    assert standings_to_dict(s) == doc
    # every row has the team's match and game points; the primary score (record 212 opens with
    # MPTS) is the match points, so "points" equals "match_points"
    assert doc["primary"] == "MP" and all(r["points"] == r["match_points"] for r in doc["standings"])
    assert all(isinstance(r["rank"], int) for r in doc["standings"])
    exact = doc_of(s, exact=True)["standings"][0]
    assert exact["match_points"] == str(s.rows[0].points)


def test_exact_values_in_explanations_and_comparisons(s: spareggio.Standings) -> None:
    # player 7: BH/C1 = 50.5 - 4 = 46.5 = 93/2; SB = 37.25 = 149/4 (the standings above)
    e = doc_of(spareggio.explain_player(s, 7), exact=True)
    values = {tb["label"]: tb["value"] for tb in e["tiebreaks"]}
    assert values == {"BH/C1": "93/2", "BH": "101/2", "SB": "149/4"} and e["player"]["points"] == "7"
    # round 1: opponent 33 with 4 points, cut as the lowest value
    first = e["tiebreaks"][0]["rounds"][0]
    assert (first["input"], first["contribution"], first["counted"]) == ("4", "4", False)
    assert explanation_to_dict(spareggio.explain_player(s, 7), exact=True) == e
    c = spareggio.compare(spareggio.io.trf.read_trf(EXAMPLE), ["fide-2026", "naive"])
    row = next(r for r in doc_of(c, exact=True)["players"] if r["start_number"] == 7)
    assert row["tiebreaks"]["fide-2026"]["BH/C1"] == "93/2" and row["points"] == "7"
    assert all(isinstance(rank, int) for rank in row["ranks"].values())
    assert (
        doc_of(spareggio.explain_versus(s, 7, 1), exact=True)["explanations"][1]["tiebreaks"][0]["value"]
        == "45"
    )
