"""The HTTP API where a developer looks for it: /docs and /redoc from the package's own assets, a
real schema for every 200 answer (checked against real answers), and the crosstable endpoint."""

from __future__ import annotations

import io
import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient
from pydantic import BaseModel, TypeAdapter

from builders import build
from spareggio.cli import main
from spareggio.web import create_app
from spareggio.web.docs import DOCS_CSP
from spareggio.web.models import (
    CheckAnswer,
    ComparisonAnswer,
    CrosstableAnswer,
    ExplanationAnswer,
    PrizesAnswer,
    StandingsAnswer,
    VersusAnswer,
)

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "open-2026.trf"
TEAMS = ROOT / "examples" / "team-league-2026.trf"
PRIZES = ROOT / "examples" / "prizes-2026.toml"
STATIC = ROOT / "src" / "spareggio" / "web" / "static"

# Four players, two rounds, written by hand:
#   round 1: 1 (White) beats 2, 3 (White) draws with 4
#   round 2: 3 (White) loses to 1, 4 (White) loses to 2
# points: 1 = 2, 2 = 1, 3 = ½, 4 = ½
# Buchholz (C.07 8.1, sum of the opponents' points; every round played, so no rule set changes it):
#   1: 1 + ½ = 1.5;  2: 2 + ½ = 2.5;  3: ½ + 2 = 2.5;  4: ½ + 1 = 1.5
# so 3 (BH 2.5) is third and 4 (BH 1.5) fourth.
SMALL = build({1: "+W2 +B3", 2: ". +B4", 3: "=W4 -W1"}, name="Small")


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), base_url="http://127.0.0.1")


class Assets(HTMLParser):
    """Every address a page loads or links to (src, href)."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.urls += [v for k, v in attrs if k in ("src", "href", "spec-url", "data-url") and v]


@pytest.mark.parametrize("path", ["/docs", "/redoc"])
def test_the_documentation_pages_load_only_the_packages_assets(client: TestClient, path: str) -> None:
    page = client.get(path)
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    parser = Assets()
    parser.feed(page.text)
    scripts = [u for u in parser.urls if u.endswith(".js")]
    assert scripts, "the page starts its viewer from a script"
    for url in parser.urls:
        if url.startswith("data:"):
            continue
        assert url.startswith("/") and not url.startswith("//"), url  # this server, no other host
        answer = client.get(url)
        assert answer.status_code == 200, url
        if url.startswith("/static/"):
            assert (STATIC / url.removeprefix("/static/")).is_file()
    assert "http" not in page.text
    # the policy sent with the page: still this server only (the viewers' inline styles allowed)
    policy = page.headers["content-security-policy"]
    assert policy == DOCS_CSP
    assert "script-src 'self';" in policy and "http" not in policy and "*" not in policy


def test_the_vendored_files_keep_their_licences() -> None:
    swagger, redoc = STATIC / "vendor" / "swagger-ui", STATIC / "vendor" / "redoc"
    assert "Apache License" in (swagger / "LICENSE").read_text()
    assert "MIT License" in (redoc / "LICENSE").read_text()
    assert {p.name for p in swagger.iterdir()} == {
        "LICENSE", "NOTICE", "swagger-ui-bundle.js", "swagger-ui-bundle.js.LICENSE.txt", "swagger-ui.css"
    }  # fmt: skip
    assert {p.name for p in redoc.iterdir()} == {
        "LICENSE",
        "redoc.standalone.js",
        "redoc.standalone.js.LICENSE.txt",
    }


def test_every_api_answer_has_a_schema(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    routes = [(path, method, op) for path, ops in doc["paths"].items() for method, op in ops.items()]
    api = [r for r in routes if r[0].startswith("/api/")]
    assert {p for p, _m, _o in api} >= {
        "/api/standings", "/api/explain", "/api/compare", "/api/check", "/api/crosstable", "/api/prizes"
    }  # fmt: skip
    for path, _method, op in api:
        schema = op["responses"]["200"]["content"]["application/json"]["schema"]
        assert schema, path
        assert op["responses"]["400"]["content"]["application/json"]["schema"], path
        assert "422" not in op["responses"], path  # a field that fails validation is answered 400
        assert "`" not in op["summary"], path  # a summary is plain text
    # the schemas are real: the standings' rows name their fields
    row = doc["components"]["schemas"]["StandingRow"]
    assert {"rank", "place", "start_number", "name", "points", "tiebreaks"} <= set(row["required"])
    # the pages of the site are not in the API's document
    assert not any(p in ("/", "/docs", "/redoc") or p.startswith("/t/") for p, _m, _o in routes)


def _post(client: TestClient, path: str, data: bytes, name: str = "t.trf", **form: str) -> object:
    answer = client.post(path, files={"file": (name, data)}, data=form)
    assert answer.status_code == 200, answer.text
    return answer.json()


@pytest.mark.parametrize(
    ("path", "form", "model"),
    [
        ("/api/standings", {}, StandingsAnswer),
        ("/api/explain", {"player": "1"}, ExplanationAnswer),
        ("/api/explain", {"player": "1", "versus": "2"}, VersusAnswer),
        ("/api/compare", {}, ComparisonAnswer),
        ("/api/check", {"infer": "true"}, CheckAnswer),
        ("/api/crosstable", {}, CrosstableAnswer),
    ],
)
def test_real_answers_fit_their_documented_models(
    client: TestClient, path: str, form: dict[str, str], model: type[BaseModel]
) -> None:
    for source in (EXAMPLE, TEAMS):
        if path == "/api/check" and source == TEAMS:
            continue
        model.model_validate(_post(client, path, source.read_bytes(), **form))


def test_the_prize_answer_fits_its_model(client: TestClient) -> None:
    answer = client.post(
        "/api/prizes",
        files={"file": ("o.trf", EXAMPLE.read_bytes()), "prizes": ("p.toml", PRIZES.read_bytes())},
    )
    assert answer.status_code == 200
    prizes = PrizesAnswer.model_validate(answer.json())
    assert prizes.awards and all(a.why for a in prizes.awards)


def test_the_crosstable_endpoint_by_hand(client: TestClient) -> None:
    x = CrosstableAnswer.model_validate(_post(client, "/api/crosstable", SMALL.encode(), tiebreaks="BH"))
    assert x.grid is False and x.columns == ["1", "2"] and x.tiebreaks == ["BH"]
    assert x.after_round == 2 and x.title == "Final crosstable"
    got = [(r.place, r.start_number, [c.text for c in r.cells], r.points, r.tiebreaks["BH"]) for r in x.rows]
    assert got == [
        ("1", 1, ["+W2", "+B3"], 2, 1.5),
        ("2", 2, ["-B1", "+B4"], 1, 2.5),
        ("3", 3, ["=W4", "-W1"], 0.5, 2.5),
        ("4", 4, ["=B3", "-W2"], 0.5, 1.5),
    ]
    assert [c.result for c in x.rows[2].cells] == ["played_draw", "played_loss"]


def test_the_crosstable_endpoint_grid_and_language(client: TestClient) -> None:
    x = CrosstableAnswer.model_validate(
        _post(client, "/api/crosstable", SMALL.encode(), tiebreaks="BH", grid="grid", lang="it")
    )
    assert x.grid is True and x.columns == ["1", "2", "3", "4"]  # the players in standings order
    # the row's result against the column's player; 1 and 4 never met
    assert [[c.text for c in r.cells] for r in x.rows] == [
        ["×", "1", "1", ""],
        ["0", "×", "", "1"],
        ["0", "", "×", "½"],
        ["", "0", "½", "×"],
    ]
    rounds = CrosstableAnswer.model_validate(_post(client, "/api/crosstable", SMALL.encode(), lang="it"))
    assert [c.text for c in rounds.rows[0].cells] == ["+B2", "+N3"]  # Italian: Bianco, Nero
    assert rounds.title == "Tabellone finale"


def _cli(*args: str) -> str:
    out, old = io.StringIO(), sys.stdout
    sys.stdout = out
    try:
        assert main(list(args)) == 0
    finally:
        sys.stdout = old
    return out.getvalue()


@pytest.mark.parametrize("fmt", ["json", "table", "html"])
def test_the_crosstable_endpoint_is_the_commands_crosstable(
    client: TestClient, fmt: str, tmp_path: Path
) -> None:
    path = tmp_path / "small.trf"
    path.write_text(SMALL)
    answer = client.post(
        "/api/crosstable",
        files={"file": ("small.trf", SMALL.encode())},
        data={"format": fmt, "tiebreaks": "BH"},
    )
    assert answer.status_code == 200
    printed = _cli("crosstable", str(path), "-t", "BH", "-f", fmt)

    def normalize(s: str) -> str:
        return re.sub(r"\d{1,2} \w+ \d{4}|\d{4}-\d\d-\d\d", "DATE", s)

    if fmt == "json":
        assert json.loads(answer.text) == json.loads(printed)
    else:
        assert normalize(answer.text).strip() == normalize(printed).strip()


@pytest.mark.parametrize(
    ("form", "status"), [({"format": "csv"}, 400), ({"grid": "diagonal"}, 400), ({"tiebreaks": "XYZ"}, 400)]
)
def test_the_crosstable_endpoint_refuses_bad_options(
    client: TestClient, form: dict[str, str], status: int
) -> None:
    answer = client.post("/api/crosstable", files={"file": ("small.trf", SMALL.encode())}, data=form)
    assert answer.status_code == status
    assert set(answer.json()) == {"error"}


def test_a_models_schema_is_what_the_document_says() -> None:
    schema = TypeAdapter(CrosstableAnswer).json_schema(by_alias=True)
    assert "schema" in schema["properties"] and "schema_" not in schema["properties"]
