"""The web page and the HTTP API read every format of the reader registry: the open dialog offers
them, a PGN's rounds without a game count as the page's or the request's ``byes`` says."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient

from chess_results_workbook import rows, workbook
from event_formats import SWISS, pgn, tdf, veg
from spareggio.io import READERS
from spareggio.web import create_app
from test_results_workbook import LEGEND, _swiss


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app([], max_upload=2**20), base_url="http://127.0.0.1")


def test_the_open_dialog_accepts_every_format(client: TestClient) -> None:
    page = client.get("/").text
    accept = re.search(r'<input type="file" id="file" name="file" accept="([^"]*)"', page)
    assert accept is not None
    offered = set(accept.group(1).split(","))
    assert {".trf", ".json", ".veg", ".tdf", ".pgn"} <= offered
    assert {e for r in READERS for e in r.extensions} <= offered
    assert 'name="byes"' in page  # how a PGN's rounds without a game count


# event_formats.SWISS as PGN: player 3 has no game in round 1, 5 none in round 2, 4 none in round 3
@pytest.mark.parametrize(("byes", "points"), [(None, {3: 0, 4: 0, 5: 1.5}), ("half", {3: 0.5, 4: 0.5, 5: 2})])
def test_the_api_reads_pgn_with_the_byes_field(
    client: TestClient, byes: str | None, points: dict[int, float]
) -> None:
    data = {"tiebreaks": "BH"} | ({"byes": byes} if byes else {})
    r = client.post("/api/standings", files={"file": ("open.pgn", pgn(SWISS).encode())}, data=data)
    assert r.status_code == 200, r.text
    got = {row["start_number"]: row["points"] for row in r.json()["standings"]}
    assert {sno: got[sno] for sno in points} == points


def test_the_api_refuses_an_unknown_byes_value(client: TestClient) -> None:
    r = client.post(
        "/api/standings", files={"file": ("open.pgn", pgn(SWISS).encode())}, data={"byes": "often"}
    )
    assert r.status_code == 400 and "often" in r.json()["error"]


@pytest.mark.parametrize(("name", "text"), [("open.veg", veg(SWISS)), ("open.tdf", tdf(SWISS))])
def test_the_api_reads_vega_files_under_vegas_rule(client: TestClient, name: str, text: str) -> None:
    r = client.post("/api/standings", files={"file": (name, text.encode())}, data={"tiebreaks": "BH"})
    assert r.status_code == 200, r.text
    doc = r.json()
    assert doc["rules"] == "fide-2009"
    # tests/test_vega.py: BH under the 2009 virtual opponent
    assert {row["start_number"]: row["tiebreaks"]["BH"] for row in doc["standings"]} == {
        1: 3,
        5: 3,
        2: 5.5,
        3: 5.5,
        4: 5,
    }


def test_the_page_opens_a_pgn_with_the_chosen_byes(client: TestClient) -> None:
    r = client.post(
        "/open",
        files={"file": ("open.pgn", pgn(SWISS).encode())},
        data={"byes": "half"},
        follow_redirects=True,
    )
    assert r.status_code == 200
    assert "PGN cannot tell a bye from an absence" in r.text and "half-point byes" in r.text


def test_explain_and_compare_take_the_byes_field(client: TestClient) -> None:
    upload = {"file": ("open.pgn", pgn(SWISS).encode())}
    # player 3 has no game in round 1: a half-point bye with byes=half, nothing without
    for byes, points in ((None, 0), ("half", 0.5)):
        data = {"player": "3", "tiebreaks": "BH"} | ({"byes": byes} if byes else {})
        r = client.post("/api/explain", files=upload, data=data)
        assert r.status_code == 200, r.text
        assert r.json()["player"]["points"] == points
    r = client.post("/api/compare", files=upload, data={"rules": "fide-2009,fide-2026", "byes": "half"})
    assert r.status_code == 200, r.text


def test_the_api_checks_a_chess_results_excel_export(client: TestClient) -> None:
    # tests/test_results_workbook.py: NOGAMES ranked by ARO under Swiss-Manager, with its legend
    t, values, ranks = _swiss()
    data = workbook(rows(t, values, ranks, legend=LEGEND))
    r = client.post("/api/check", files={"file": ("open.xlsx", data)})
    assert r.status_code == 200, r.text
    entry = r.json()["files"][0]
    assert entry["status"] == "agree" and entry["values_compared"] == 10
    # a file the check cannot read is its row, with the one-line error
    old = client.post("/api/check", files={"file": ("old.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(600))})
    row = old.json()["files"][0]
    assert row["status"] == "error" and row["error"].startswith("old.xls:1:1: an Excel 97-2003 workbook (.xls)")
