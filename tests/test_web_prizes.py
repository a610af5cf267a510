"""The prizes tab of the web page: the prize list the library awards, for a pasted or uploaded
prize file, in the page's language; a bad prize file is the page with its error."""

from __future__ import annotations

import re
from html import escape
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from spareggio import rank
from spareggio.io.trf import read_trf
from spareggio.prizes import award_prizes, load_prize_file
from spareggio.web.app import create_app

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "open-2026.trf"
PRIZES = ROOT / "examples" / "prizes-2026.toml"


@pytest.fixture
def client() -> TestClient:
    return TestClient(create_app([str(EXAMPLE)], max_upload=2**20), base_url="http://127.0.0.1")


def token(client: TestClient) -> str:
    return client.app.state.store.entries()[-1].token  # type: ignore[attr-defined]


def cells(page: str) -> list[list[str]]:
    table = page.split('<table aria-labelledby="p-title" class="prize-list">', 1)[1].split("</table>", 1)[0]
    return [re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row) for row in re.findall(r"<tr>(.*?)</tr>", table)][1:]


def test_the_tab_shows_a_prize_form_filled_with_an_example_in_the_pages_language(client: TestClient) -> None:
    page = client.get(f"/t/{token(client)}/prizes").text
    assert 'aria-current="page">Prizes</a>' in page
    assert 'name="c0_name" value="General"' in page and 'name="c0_prizes" value="600  400  250  150  100"' in page
    assert '<option value="hort" selected>' in page
    # the TOML file stays as import (a text box and a file to open)
    assert 'name="text"' in page and 'name="file"' in page
    it = client.get(f"/t/{token(client)}/prizes?lang=it").text
    assert 'name="c0_name" value="Assoluto"' in it and 'name="c1_name" value="Miglior giocatrice"' in it
    assert "How the prizes are given" not in it and "Come si assegnano i premi" in it


def test_a_pasted_prize_file_gives_the_librarys_prize_list(client: TestClient) -> None:
    page = client.post(f"/t/{token(client)}/prizes", data={"text": PRIZES.read_text()}).text
    pl = award_prizes(rank(read_trf(EXAMPLE)), load_prize_file(PRIZES))
    expected = [
        [a.category.name, str(a.place) if a.place else a.places, str(pl.standings.tournament.players[a.holder].start_number),
         str(a.paid[a.holder])]
        for a in pl.awards
    ]  # fmt: skip
    assert [[c[0], c[1], c[2], c[6]] for c in cells(page)] == expected
    assert "Esposito, Alessandro (7) and Pace, Emanuele (1) have 7 points; BH/C1 decides: 46.5 to 45" in page


def test_an_uploaded_file_in_italian(client: TestClient) -> None:
    files = {"file": ("premi.toml", PRIZES.read_bytes(), "application/toml")}
    page = client.post(f"/t/{token(client)}/prizes?lang=it", files=files).text
    assert cells(page)[0] == ["General", "1", "7", "Esposito, Alessandro", "7", "600", "550,00"]
    assert "Perché ogni premio è andato a chi è andato" in page


def test_a_bad_prize_file_is_the_page_with_its_error(client: TestClient) -> None:
    r = client.post(
        f"/t/{token(client)}/prizes", data={"text": '[[categories]]\nid = "g"\nprizes = [10, 20]\n'}
    )
    assert r.status_code == 400
    assert (
        "prizes.toml:1:1: categories[0].prizes[1]: a place&#39;s prize cannot be larger than the place before"
        in r.text
    )


def test_the_api_answers_the_prize_list_as_json_and_in_every_format(client: TestClient) -> None:
    files = {"file": ("open.trf", EXAMPLE.read_bytes()), "prizes": ("p.toml", PRIZES.read_bytes())}
    doc = client.post("/api/prizes", files=files).json()
    assert [(a["place"], a["holder"]["start_number"], a["paid"]) for a in doc["awards"][:2]] == [
        (1, 7, "550.00"),  # Hort: 300 + (300 + 200) / 2
        (2, 1, "450.00"),
    ]
    r = client.post("/api/prizes", files=files, data={"format": "csv", "lang": "it"})
    assert r.headers["content-type"].startswith("text/csv") and "550,00" in r.text
    r = client.post("/api/prizes", files=files, data={"playoff": "1,7:1½-½", "tiebreaks": "DE"})
    assert r.status_code == 400 and "not level after the tie-breaks" in r.json()["error"]


@pytest.mark.parametrize(
    ("data", "error"),
    [
        ({"playoff": "7"}, "playoff '7': choose two or more different players, first to last"),
        ({"playoff": "7,7:2-0", "lang": "it"}, "playoff '7,7:2-0': scegliete due o più giocatori diversi, dal primo all'ultimo"),
        ({"exclude": "5,6"}, "'5,6': choose the player to leave out of the ranking"),
    ],
)  # fmt: skip
def test_the_api_reads_its_own_decision_fields_without_command_line_syntax(
    client: TestClient, data: dict[str, str], error: str
) -> None:
    # the API's fields are read by the web (web/options), never by the command line's parser: the
    # error names no option (it once said "--playoff '7': expected ... (3,7:1½-½)")
    files = {"file": ("open.trf", EXAMPLE.read_bytes()), "prizes": ("p.toml", PRIZES.read_bytes())}
    r = client.post("/api/prizes", files=files, data=data)
    assert r.status_code == 400 and r.json() == {"error": error}


def test_the_api_refuses_an_empty_prize_file(client: TestClient) -> None:
    files = {"file": ("open.trf", EXAMPLE.read_bytes()), "prizes": ("p.toml", b"")}
    r = client.post("/api/prizes", files=files, data={"lang": "it"})
    assert r.status_code == 400 and r.json() == {
        "error": "il campo 'prizes' è vuoto: inviare il file dei premi"
    }


def test_the_standings_page_says_what_the_file_decided() -> None:
    # the bundled open with a playoff for places 3-4 under DE (3 and 5 share them) and an exclusion
    text = EXAMPLE.read_text(encoding="utf-8") + "XPO PLAYOFF 5 3 ; 2-0\nXEX 40 ; expelled\n"
    client = TestClient(create_app(), base_url="http://127.0.0.1")
    r = client.post("/open", files={"file": ("open.trf", text.encode())}, follow_redirects=True)
    page = client.get(str(r.url) + "?tiebreaks=DE").text
    assert "places 3-4 decided by playoff (2-0): 5 Colombo, Mattia, 3 Leone, Michele" in page
    assert "is excluded from the ranking (expelled)" in page


def test_the_player_page_says_which_decision_placed_him() -> None:
    # the same file: 5 won the playoff for places 3-4 against 3 (2-0); 40 is expelled.  The player
    # page shows the line the text and JSON explanations give (issue 25), and only to those it names
    text = EXAMPLE.read_text(encoding="utf-8") + "XPO PLAYOFF 5 3 ; 2-0\nXEX 40 ; expelled\n"
    client = TestClient(create_app(), base_url="http://127.0.0.1")
    r = client.post("/open", files={"file": ("open.trf", text.encode())}, follow_redirects=True)
    base = str(r.url).split("?")[0].rstrip("/")
    decided = "places 3-4 decided by playoff (2-0): 5 Colombo, Mattia, 3 Leone, Michele"
    for sno in (5, 3):
        page = client.get(f"{base}/player/{sno}?tiebreaks=DE").text
        assert f'<p class="meta decision">{escape(decided)}</p>' in page
    assert "decision" not in client.get(f"{base}/player/1?tiebreaks=DE").text.split("<article", 1)[1]
    page = client.get(f"{base}/player/40?tiebreaks=DE").text
    assert "is excluded from the ranking (expelled)" in page
    assert "#—" in page  # no place
    it = client.get(f"{base}/player/5?tiebreaks=DE&lang=it").text
    assert "posizioni 3-4 decise dallo spareggio giocato (2-0): 5 Colombo" in it  # it.po
