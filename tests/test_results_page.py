"""What the results page says around its tables: errors in the page's words (never the command
line's), warnings in order of importance, counts by the language's plural rule, uploads that are
no tournament file."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient

from spareggio import rank
from spareggio.base.errors import SpareggioError
from spareggio.base.i18n import catalogue, languages
from spareggio.core.model import Participant
from spareggio.io import read_tournament
from spareggio.tiebreaks import parse_spec
from spareggio.web import create_app
from spareggio.web.i18n import CHOICES_LABELS, FIELD_LABELS, page_words, said
from spareggio.web.results import moved_summary, ordered_warnings, upload_problem

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "open-2026.trf"
LIVE = ROOT / "tests" / "data" / "programs" / "vega-live-export.trf"
CLI_SYNTAX = re.compile(r"--[a-z]|spareggio (rules|tiebreaks|standings|explain|compare|check|crosstable)\b")


@pytest.mark.parametrize("lang", [code for code in languages() if code != "en"])
def test_every_control_label_is_translated(lang: str) -> None:
    # a field is named on the page by its control's label, in the page's language
    table = catalogue(lang)
    labels = {*FIELD_LABELS.values(), *CHOICES_LABELS.values()}
    assert [label for label in labels if (None, label) not in table] == []
    assert [f for f in FIELD_LABELS if CLI_SYNTAX.search(page_words(f, lang))] == []


def test_an_unknown_tiebreak_points_to_the_pages_builder() -> None:
    with pytest.raises(SpareggioError) as caught:
        parse_spec("XYZ")
    assert "spareggio.TIEBREAKS lists" in caught.value.localized("en")  # the library's own words
    assert said(caught.value, "en").endswith("“Add a tie-break” lists every acronym and name")
    assert said(caught.value, "it").endswith("«Aggiungi uno spareggio» elenca tutte le sigle e i nomi")


@pytest.mark.parametrize(
    ("query", "lang", "said"),
    [
        ("tiebreaks=XYZ", "it", "spareggio sconosciuto 'XYZ'"),
        ("after_round=99", "en", "“After round” 99 is out of range: the file holds rounds 1 to 9"),
        ("after_round=99", "it", "«Dopo il turno» 99 è fuori intervallo"),
    ],
)
def test_page_errors_never_name_the_command_line(query: str, lang: str, said: str) -> None:
    client = TestClient(create_app([str(EXAMPLE)]), base_url="http://127.0.0.1")
    token = client.app.state.store.entries()[0].token  # type: ignore[attr-defined]
    page = client.get(f"/t/{token}?{query}&lang={lang}")
    assert page.status_code == 400
    error = html.unescape(re.search(r'class="error"[^>]*>(.*?)</', page.text, re.DOTALL).group(1))  # type: ignore[union-attr]
    assert said in error and not CLI_SYNTAX.search(error), error


def test_the_live_export_note_comes_first() -> None:
    t = read_tournament(str(LIVE))
    said = ordered_warnings(t, rank(t), "it")
    # vega-live-export.trf: round 5 paired, 4 games without result; the standings stand after round 4
    assert said[0].startswith("il turno 5 è abbinato") and said[0].changes


@pytest.mark.parametrize(
    ("moved", "participant", "lang", "text"),
    [
        (1, Participant.PLAYER, "it", "1 giocatore su 51 cambia posizione."),
        (4, Participant.PLAYER, "it", "4 giocatori su 51 cambiano posizione."),
        (1, Participant.TEAM, "fr", "1 équipe sur 51 change de place."),
        (0, Participant.PLAYER, "en", "Every place is the same under the 3 rule sets."),
    ],
)
def test_moved_counts_by_the_plural_rule(moved: int, participant: Participant, lang: str, text: str) -> None:
    assert moved_summary(moved, 51, 3, participant, lang) == text


@pytest.mark.parametrize(
    ("data", "start"),
    [
        (b"", "x.trf: the file is empty"),
        (b"  \n\n", "x.trf: the file is empty"),
        (b"<!DOCTYPE html>\n<html><body>Classifica</body></html>", "x.trf: this is a web page"),
        (b"\xef\xbb\xbf<html lang='it'><head></head></html>", "x.trf: this is a web page"),
        # another program's page: named, with what to give instead, in the reader's words
        (
            b'<!DOCTYPE html><html><head><meta name="author" content="www.vegachess.com"></head></html>',
            "x.trf: this page was published by Vega, whose pages spareggio does not read",
        ),
    ],
)
def test_uploads_that_are_no_tournament(data: bytes, start: str) -> None:
    problem = upload_problem(data, "x.trf")
    assert problem is not None and problem.startswith(start)


def test_a_tournament_file_is_no_problem() -> None:
    assert upload_problem(EXAMPLE.read_bytes(), "open-2026.trf") is None


def _client() -> tuple[TestClient, str]:
    client = TestClient(create_app([str(EXAMPLE)]), base_url="http://127.0.0.1")
    return client, client.app.state.store.entries()[0].token  # type: ignore[attr-defined]


def _heads(page: str) -> list[str]:
    head = re.search(r'<table class="standings[^"]*".*?<thead><tr>(.*?)</tr></thead>', page, re.DOTALL)
    assert head is not None
    return [
        html.unescape(re.sub(r"<[^>]+>", "", h)).strip()
        for h in re.findall(r"<th[^>]*>.*?</th>", head.group(1), re.DOTALL)
    ]


def test_italian_ranks_with_its_own_list_from_the_address_and_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import json

    from spareggio.cli import main

    client, token = _client()
    # the menu sends rules=italian and an empty tie-break field (never the current list pre-filled)
    page = client.get(f"/t/{token}?rules=italian&tiebreaks=&after_round=").text
    assert main(["standings", str(EXAMPLE), "--rules", "italian", "-f", "json", "-q"]) == 0
    labels = json.loads(capsys.readouterr().out)["tiebreaks"]
    heads = _heads(page)
    assert heads[7 : 7 + len(labels)] == labels
    assert 'name="tiebreaks" value=""' in page


def _wrong_ranks(tmp_path: Path) -> Path:
    lines = []
    for line in EXAMPLE.read_text(encoding="utf-8").splitlines():
        if line.startswith("001") and line[4:8].strip() in ("1", "7"):
            line = line[:85] + ("   1" if line[4:8].strip() == "1" else "   2") + line[89:]
        lines.append(line)
    path = tmp_path / "wrong.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_the_declared_rank_only_beside_the_final_standings(tmp_path: Path) -> None:
    client = TestClient(create_app([str(_wrong_ranks(tmp_path))]), base_url="http://127.0.0.1")
    token = client.app.state.store.entries()[0].token  # type: ignore[attr-defined]
    final = client.get(f"/t/{token}").text
    assert "Declared" in _heads(final) and final.count('class="declared-differs"') == 2
    # the file's ranks are the final ones: after round 5 they would compare different things
    earlier = client.get(f"/t/{token}?after_round=5").text
    assert "Declared" not in _heads(earlier) and "declared-differs" not in earlier


@pytest.mark.parametrize("lang", ["it", "fr"])
def test_team_pages_name_the_scores_one_way(lang: str) -> None:
    teams = ROOT / "examples" / "team-league-2026.trf"
    client = TestClient(create_app([str(teams)]), base_url="http://127.0.0.1")
    token = client.app.state.store.entries()[0].token  # type: ignore[attr-defined]
    page = client.get(f"/t/{token}?lang={lang}").text
    text = html.unescape(re.sub(r"<[^>]+>", " ", page))
    # the columns, their legend and the tie-breaks' names all say MP and GP (the FIDE acronyms the
    # tie-break list is written with: MPvGP, BH:MP), never a translated PM/PP beside them
    assert _heads(page)[3:5] == ["MP", "GP"]
    assert re.search(r"\bMP: \w", text) and re.search(r"\bGP: \w", text)
    assert not re.search(r"\b(PM|PP)\b", text)
    # 13 teams, said as teams
    assert {"it": "13 squadre", "fr": "13 équipes"}[lang] in text


def test_the_check_pages_values_are_written_the_languages_way(tmp_path: Path) -> None:
    client = TestClient(create_app([str(_wrong_ranks(tmp_path))]), base_url="http://127.0.0.1")
    token = client.app.state.store.entries()[0].token  # type: ignore[attr-defined]
    page = client.get(f"/t/{token}/check?lang=it").text
    cells = re.findall(r'<td class="values">(.*?)</td>', page, re.DOTALL)
    # players 7 and 1 on 7 points: BH/C1 46.5 against 45 (Esposito's 50.5 with the lowest 4 cut)
    assert [re.sub(r"<[^>]+>", "", c) for c in cells] == ["7: 46,5; 1: 45", "1: 45; 7: 46,5"]
