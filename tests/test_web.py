"""The web page and the HTTP API, in process: every route, the API against the CLI, safety."""

from __future__ import annotations

import html
import io
import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient

import spareggio
from spareggio.base.i18n import catalogue
from spareggio.cli import main
from spareggio.web import create_app, server
from spareggio.web.app import bump_chart
from spareggio.web.i18n import choose_language, languages

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "open-2026.trf"
HOSTILE = ROOT / "tests" / "data" / "dialects" / "hostile-names.trf"
WEB = ROOT / "src" / "spareggio" / "web"


def local(app: object) -> TestClient:
    """A client of ``app`` as a browser on this machine sees it (Host: 127.0.0.1)."""
    return TestClient(app, base_url="http://127.0.0.1")  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def client() -> TestClient:
    return local(create_app([str(EXAMPLE)], max_upload=2**20))


@pytest.fixture(scope="module")
def token(client: TestClient) -> str:
    return client.app.state.store.entries()[-1].token  # type: ignore[attr-defined]


def cli_output(*args: str) -> str:
    out = io.StringIO()
    old = sys.stdout
    sys.stdout = out
    try:
        assert main(list(args)) in (0, 1)
    finally:
        sys.stdout = old
    return out.getvalue()


class Table(HTMLParser):
    """The cells of the first table with the given class."""

    def __init__(self, cls: str) -> None:
        super().__init__()
        self.cls, self.inside, self.rows, self.cell = cls, False, [], None  # type: ignore[var-annotated]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "table" and self.cls in (a.get("class") or "").split():
            self.inside = True
        elif self.inside and tag == "tr":
            self.rows.append([])
        elif self.inside and tag in ("td", "th"):
            self.cell = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self.inside = False
        elif self.inside and tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append(self.cell.strip())
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell += data


def table(html: str, cls: str) -> list[list[str]]:
    parser = Table(cls)
    parser.feed(html)
    return parser.rows


# -- pages --------------------------------------------------------------------------------------------


def test_index_lists_the_preloaded_tournament(client: TestClient) -> None:
    r = client.get("/")
    assert r.status_code == 200
    assert "Open Internazionale Città di Montebello 2026" in r.text
    assert 'enctype="multipart/form-data"' in r.text


def test_standings_page_equals_the_library(client: TestClient, token: str) -> None:
    r = client.get(f"/t/{token}")
    assert r.status_code == 200
    rows = table(r.text, "standings")
    s = spareggio.rank(spareggio.io.trf.read_trf(EXAMPLE))
    assert rows[0][:10] == ["Rank", "No.", "Title", "Name", "Fed", "Rating", "Points", "BH/C1", "BH", "SB"]
    assert len(rows) == 1 + len(s.rows)
    for got, row in zip(rows[1:], s.rows, strict=True):
        assert got[0] == row.place
        assert int(got[1]) == row.player.start_number
        assert got[3] == row.player.name
        # the page writes 46.5 where the library holds Fraction(93, 2)
        assert [float(v) for v in got[7:10]] == [float(row.values[k]) for k in ("BH/C1", "BH", "SB")]
    assert "fide-2026" in r.text and "start date 2026-04-18 is on or after 2026-03-01" in r.text


def test_every_tiebreak_value_links_to_its_explanation(client: TestClient, token: str) -> None:
    page = client.get(f"/t/{token}").text
    links = re.findall(r'<a class="tb" href="([^"]+)"', page)
    assert len(links) == 3 * 51
    first = links[0]
    assert first.startswith(f"/t/{token}/player/7#tb-1")
    r = client.get(first.split("#")[0])
    assert r.status_code == 200
    # seed-style check: player 7's BH/C1 is 46.5 = 50.5 - 4 (the explanation's own lines)
    assert 'id="tb-1"' in r.text
    assert "Sum: 4 + 5 + 6 + 7 + 4 + 6.5 + 6.5 + 6 + 5.5 = 50.5" in r.text
    assert "Removed: 50.5 - 4 = 46.5" in r.text


def test_player_versus(client: TestClient, token: str) -> None:
    r = client.get(f"/t/{token}/player/1?versus=7")
    assert r.status_code == 200
    assert "BH/C1" in r.text and 'class="side"' in r.text
    same = client.get(f"/t/{token}/player/7?versus=7")
    assert same.status_code == 400
    assert "“Other player” names player 7 again: compare him with another player" in same.text  # the library's sentence


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("/player/99", "no player with start number 99"),
        ("?rules=xx", "unknown rule set &#39;xx&#39;"),
        ("?tiebreaks=QQ", "QQ"),
        ("?after_round=abc", "after_round must be a round number"),
    ],
)
def test_bad_options_give_the_cli_message_and_400(
    client: TestClient, token: str, path: str, message: str
) -> None:
    r = client.get(f"/t/{token}{path}")
    assert r.status_code == 400
    assert 'class="error" role="alert"' in r.text
    assert message in r.text


def test_unknown_token_is_404(client: TestClient) -> None:
    assert client.get("/t/nope").status_code == 404
    assert client.get("/t/nope/crosstable").status_code == 404


def test_crosstable_notation(client: TestClient, token: str) -> None:
    rows = table(client.get(f"/t/{token}/crosstable").text, "crosstable")
    s = spareggio.rank(spareggio.io.trf.read_trf(EXAMPLE))
    t = s.tournament
    first = s.rows[0]
    i = first.index
    # player 7's round 1: a win with White against 33 (the explanation above shows it)
    assert rows[1][1] == "7"
    # rank, number, title, name, federation, rating, the rounds, points, the tie-breaks
    assert rows[1][6] == "+W33"
    assert len(rows[1]) == 6 + t.rounds + 1 + len(s.labels)
    assert rows[1][6 + t.rounds] == "7"
    assert rows[1][6 + t.rounds + 1] == "46.5"  # BH/C1: 50.5 - 4
    assert int(t.opponent[i, 0]) == t.index_of(33)


def test_crosstable_marks_byes_and_forfeits(tmp_path: Path) -> None:
    text = ROOT / "tests" / "data" / "programs" / "trf2x-dates-and-byes.trf"
    c = local(create_app([str(text)]))
    tok = c.app.state.store.entries()[0].token  # type: ignore[attr-defined]
    cells = [cell for row in table(c.get(f"/t/{tok}/crosstable").text, "crosstable")[1:] for cell in row]
    assert any(cell in ("PAB", "HPB", "FPB", "ZPB") for cell in cells)


def test_compare_page_highlights_differences(client: TestClient, token: str) -> None:
    r = client.get(f"/t/{token}/compare?with=fide-2026&with=naive")
    assert r.status_code == 200
    rows = table(r.text, "compare")
    assert rows[0][3:] == ["FIDE 2026", "Games played only"]  # the rule sets by their names on the page
    from spareggio.comparison import compare

    c = compare(spareggio.io.trf.read_trf(EXAMPLE), ["fide-2026", "naive"])
    moved = [row for row in c.rows if row.rank_differs]
    assert moved, "the example changes places between fide-2026 and naive"
    assert r.text.count('<tr class="differs">') == len(moved)
    assert "<svg" in r.text and r.text.count('class="bump-line moved"') == len(moved)


def test_check_page(client: TestClient, token: str) -> None:
    r = client.get(f"/t/{token}/check?infer=1")
    assert r.status_code == 200
    assert "status-agree" in r.text
    # the rule set by its name on the page (the report and the command line keep fide-2026)
    assert "the declared ranking is exactly what FIDE 2026 gives with BH/C1, BH, SB" in r.text


def test_check_page_with_a_wrong_declared_rank() -> None:
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    # declare player 1 (second) as first and player 7 as second: columns 86-89
    fixed = []
    for line in lines:
        if line.startswith("001") and line[4:8].strip() in ("1", "7"):
            rank = "   1" if line[4:8].strip() == "1" else "   2"
            line = line[:85] + rank + line[89:]
        fixed.append(line)
    c = local(create_app())
    r = c.post("/open", files={"file": ("wrong.trf", "\n".join(fixed).encode())}, follow_redirects=True)
    assert r.status_code == 200
    tok = r.url.path.split("/")[2]
    page = c.get(f"/t/{tok}/check").text
    assert "status-differs" in page
    rows = table(page, "mismatches")
    assert [r[0] for r in rows[1:]] == ["7", "1"]
    # 7 and 1 on 7 points: BH/C1 46.5 against 45 decides (the standings page above)
    assert rows[1][6] == "BH/C1" and rows[1][7] == "7: 46.5; 1: 45"


def test_language_switch_is_remembered(token: str) -> None:
    c = local(create_app([str(EXAMPLE)]))
    tok = c.app.state.store.entries()[0].token  # type: ignore[attr-defined]
    r = c.get(f"/t/{tok}?lang=it")
    assert '<html lang="it">' in r.text
    assert table(r.text, "standings")[0][:7] == ["Pos.", "N.", "Titolo", "Nome", "Fed", "Elo", "Punti"]
    # the cookie keeps Italian on the next page; colours are B/N in the crosstable
    r2 = c.get(f"/t/{tok}/crosstable")
    assert '<html lang="it">' in r2.text
    assert table(r2.text, "crosstable")[1][6] == "+B33"


def test_language_choice() -> None:
    assert choose_language("IT", None, None) == "it"
    assert choose_language(None, "fr", "it") == "fr"
    assert choose_language(None, None, "de-DE,it;q=0.8") == "it"
    assert choose_language("xx", None, None) == "en"
    assert {"en", "it", "fr"} <= set(languages())


def test_every_page_string_is_in_every_catalogue() -> None:
    # the msgids of the templates and of the application: each must be translated in each catalogue
    found: set[str] = set()
    for path in [*WEB.glob("templates/*.html"), *WEB.glob("*.py")]:
        found |= {m[1] for m in re.findall(r"""_\(\s*(["'])(.*?)\1""", path.read_text(encoding="utf-8"))}
    from spareggio.core.model import ResultKind
    from spareggio.tiebreaks import TIEBREAKS

    found |= {k.label for k in ResultKind} | {
        d.name for d in TIEBREAKS.values() if d.compute or d.order_group
    }
    for lang in languages():
        if lang == "en":
            continue
        missing = sorted(found - {text for (context, text) in catalogue(lang) if context is None})
        assert not missing, f"{lang}.po lacks {missing}"


def test_italian_pages_do_not_leak_english(token: str) -> None:
    c = local(create_app([str(EXAMPLE)]))
    tok = c.app.state.store.entries()[0].token  # type: ignore[attr-defined]
    english = [
        "Standings",
        "Crosstable",
        "Compare rule sets",
        "How to rank",
        "Print and download",
        "Open a tournament",
    ]
    for path in ["", "/crosstable", "/compare", "/check"]:
        text = c.get(f"/t/{tok}{path}?lang=it").text
        visible = re.sub(r"<[^>]+>", " ", text)
        for phrase in english:
            assert phrase not in visible, (path, phrase)


# -- downloads ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fmt", "media", "start"),
    [
        ("json", "application/json", b"{"),
        ("csv", "text/csv", b"rank,"),
        ("html", "text/html", b"<!DOCTYPE html>"),
        pytest.param("pdf", "application/pdf", b"%PDF", marks=pytest.mark.needs_weasyprint),
        ("xlsx", "application/vnd.openxmlformats", b"PK"),
        ("trf", "text/plain", b"012 "),
    ],
)
def test_downloads(client: TestClient, token: str, fmt: str, media: str, start: bytes) -> None:
    r = client.get(f"/t/{token}/download/{fmt}")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith(media)
    assert r.content.lstrip(b"\xef\xbb\xbf").startswith(start)
    assert "attachment" in r.headers["content-disposition"]


def test_trf_download_carries_the_computed_ranks(client: TestClient, token: str) -> None:
    text = client.get(f"/t/{token}/download/trf").text
    t = spareggio.io.trf.parse_trf(text)
    s = spareggio.rank(spareggio.io.trf.read_trf(EXAMPLE))
    assert {p.start_number: p.rank for p in t.players} == {r.player.start_number: r.rank for r in s.rows}


def test_json_download_equals_the_cli(client: TestClient, token: str) -> None:
    page = client.get(f"/t/{token}/download/json").json()
    assert page == json.loads(cli_output("standings", str(EXAMPLE), "-f", "json", "-q"))


# -- the API -------------------------------------------------------------------------------------------


def post(
    client: TestClient, path: str, data: dict[str, str] | None = None, content: bytes | None = None
) -> object:
    body = EXAMPLE.read_bytes() if content is None else content
    return client.post(path, files={"file": ("open-2026.trf", body)}, data=data or {})


@pytest.mark.parametrize(
    ("path", "form", "cli"),
    [
        ("/api/standings", {}, ["standings", "-f", "json"]),
        (
            "/api/standings",
            {"tiebreaks": "BH/M1,SB", "rules": "italian"},
            ["standings", "-f", "json", "-t", "BH/M1,SB", "-r", "italian"],
        ),
        ("/api/standings", {"after_round": "5"}, ["standings", "-f", "json", "-a", "5"]),
        ("/api/explain", {"player": "7"}, ["explain", "-p", "7", "-f", "json"]),
        (
            "/api/explain",
            {"player": "esposito", "versus": "Pace"},
            ["explain", "-p", "7", "--versus", "1", "-f", "json"],
        ),
        (
            "/api/explain",
            {"player": "7", "versus": "1", "lang": "it"},
            ["explain", "-p", "7", "--versus", "1", "-f", "json", "--lang", "it"],
        ),
        (
            "/api/compare",
            {"rules": "fide-2026,italian"},
            ["compare", "-r", "fide-2026,italian", "-f", "json"],
        ),
    ],
)
def test_api_answers_the_cli_document(
    client: TestClient, path: str, form: dict[str, str], cli: list[str]
) -> None:
    r = post(client, path, form)
    assert r.status_code == 200, r.text  # type: ignore[attr-defined]
    expected = json.loads(cli_output(cli[0], str(EXAMPLE), *cli[1:], "-q"))
    assert r.json() == expected  # type: ignore[attr-defined]


def test_api_check_equals_the_cli_report(client: TestClient) -> None:
    r = post(client, "/api/check", {"infer": "true"})
    assert r.status_code == 200  # type: ignore[attr-defined]
    doc = r.json()  # type: ignore[attr-defined]
    cli = json.loads(cli_output("check", str(EXAMPLE), "--infer", "-f", "json", "-q"))
    for d in (doc, cli):
        d["summary"].pop("seconds")
        for f in d["files"]:
            f.pop("file")
    assert doc == cli


@pytest.mark.parametrize(
    ("fmt", "media"),
    [
        ("html", "text/html"),
        ("csv", "text/csv"),
        ("xlsx", "application/vnd.openxmlformats"),
        pytest.param("pdf", "application/pdf", marks=pytest.mark.needs_weasyprint),
    ],
)
def test_api_exports(client: TestClient, fmt: str, media: str) -> None:
    r = post(client, "/api/standings", {"format": fmt})
    assert r.status_code == 200  # type: ignore[attr-defined]
    assert r.headers["content-type"].startswith(media)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("path", "form", "content", "message"),
    [
        ("/api/standings", {}, b"001 xx", "open-2026.trf:1:5: start number"),
        ("/api/standings", {"rules": "nope"}, None, "unknown rule set 'nope'"),
        ("/api/standings", {"tiebreaks": "ZZ"}, None, "ZZ"),
        ("/api/standings", {"lang": "de"}, None, "unknown language 'de'"),
        ("/api/standings", {"format": "docx"}, None, "format must be one of"),
        ("/api/standings", {"after_round": "x"}, None, "after_round must be a round number"),
        (
            "/api/check",
            {"after_round": "²"},
            None,
            "after_round must be a round number",
        ),  # a digit, not ASCII
        ("/api/explain", {"player": "٣"}, None, "no player named '٣'"),  # not an ASCII number
        ("/api/standings", {}, b"", "the field 'file' is empty"),
        ("/api/explain", {"player": "abc"}, None, "no player named 'abc'"),
        ("/api/explain", {"player": "andrea"}, None, "'andrea' matches 2 players: 12 Bruno, Andrea, 27"),
        ("/api/explain", {"player": "7", "versus": "Esposito"}, None, "versus names player 7 again: compare him with another player"),
        ("/api/explain", {"player": "99"}, None, "no player with start number 99"),
        ("/api/explain", {"player": "7", "versus": "7"}, None, "versus names player 7 again: compare him with another player"),
        ("/api/compare", {"rules": "nope"}, None, "unknown rule set"),
        ("/api/check", {"tiebreaks": "ZZ"}, None, "ZZ"),
    ],
)
def test_api_errors_are_json_400(
    client: TestClient, path: str, form: dict[str, str], content: bytes | None, message: str
) -> None:
    r = post(client, path, form, content)
    assert r.status_code == 400  # type: ignore[attr-defined]
    assert message in r.json()["error"]  # type: ignore[attr-defined]


def test_api_check_of_a_bad_file_is_an_error_row(client: TestClient) -> None:
    r = post(client, "/api/check", {}, b"001 xx")
    assert r.status_code == 200  # type: ignore[attr-defined]
    assert r.json()["files"][0]["status"] == "error"  # type: ignore[attr-defined]


def test_openapi_document(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    assert set(doc["paths"]) == {
        "/api/standings", "/api/explain", "/api/compare", "/api/check", "/api/crosstable", "/api/prizes"
    }  # fmt: skip


# -- safety --------------------------------------------------------------------------------------------


def test_upload_limit_is_413_and_the_server_goes_on(client: TestClient) -> None:
    big = b"012 x\n" + b"x" * (2**20 + 10)
    r = post(client, "/api/standings", {}, big)
    assert r.status_code == 413  # type: ignore[attr-defined]
    assert "larger than the limit of 1 MB" in r.json()["error"]  # type: ignore[attr-defined]
    r2 = client.post("/open", files={"file": ("big.trf", big)})
    assert r2.status_code == 413
    assert client.get("/").status_code == 200


def test_streamed_body_over_the_limit_is_413(client: TestClient) -> None:
    def chunks():  # type: ignore[no-untyped-def]
        for _ in range(40):
            yield b"x" * 65536

    r = client.post(
        "/api/standings", content=chunks(), headers={"content-type": "multipart/form-data; boundary=b"}
    )
    assert r.status_code == 413


def test_hostile_names_render_inert() -> None:
    c = local(create_app([str(HOSTILE)]))
    tok = c.app.state.store.entries()[0].token  # type: ignore[attr-defined]
    for path in ["", "/crosstable", "/compare", "/check", "/player/5", "/player/1?versus=5"]:
        text = c.get(f"/t/{tok}{path}").text
        assert "<script>alert(1)</script>" not in text
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    # spreadsheet formulas neutralised in the CSV export
    csv_text = c.get(f"/t/{tok}/download/csv").text
    assert "'=HYPERLINK" in csv_text and ",=HYPERLINK" not in csv_text


def test_security_headers(client: TestClient, token: str) -> None:
    for path in ["/", f"/t/{token}", "/openapi.json", "/static/style.css"]:
        h = client.get(path).headers
        assert "default-src 'self'" in h["content-security-policy"]
        assert h["x-content-type-options"] == "nosniff"
    export = client.get(f"/t/{token}/download/print").headers
    assert "default-src 'none'" in export["content-security-policy"]


def test_paths_are_never_taken_from_the_client(client: TestClient) -> None:
    r = client.post("/open", files={"file": ("../../etc/passwd", b"001 x")})
    assert r.status_code == 400
    assert "passwd:1:" in r.text and "/etc/" not in r.text
    assert client.get("/static/../app.py").status_code == 404


@pytest.mark.parametrize(
    ("method", "path", "kwargs"),
    [
        (
            "post",
            "/open",
            {"content": b"garbage", "headers": {"content-type": "multipart/form-data; boundary=zz"}},
        ),
        ("post", "/open", {"data": {"text": "   "}}),
        (
            "post",
            "/api/standings",
            {"content": b"--x\r\n", "headers": {"content-type": "multipart/form-data"}},
        ),
        ("post", "/api/explain", {"data": {"player": "1"}}),
        ("get", "/t/x/player/abc", {}),
        ("get", "/t/x/download/zzz", {}),
    ],
)
def test_bad_requests_are_4xx(client: TestClient, method: str, path: str, kwargs: dict[str, object]) -> None:
    r = getattr(client, method)(path, **kwargs)
    assert 400 <= r.status_code < 500
    assert client.get("/").status_code == 200


def test_pasted_text_opens(client: TestClient) -> None:
    r = client.post("/open", data={"text": EXAMPLE.read_text(encoding="utf-8")}, follow_redirects=True)
    assert r.status_code == 200
    assert "Open Internazionale" in r.text


def test_bump_chart_draws_one_line_per_player() -> None:
    svg = str(bump_chart([("1 A", [1, 2]), ("2 B", [2, 1]), ("3 <C>", [3, 3])], ["x", "y"], {"1 A", "2 B"}))
    assert svg.count("<polyline") == 3
    assert svg.count('class="bump-line moved"') == 2
    assert "&lt;C&gt;" in svg and "<C>" not in svg
    # labels as long as "3. 3 <C>" (8 characters of 6.6 units, 14 to spare): the first axis at 66;
    # place 1 at y = 30 + 18 * 0 + 9 = 39, place 2 at 57
    assert 'points="66,39.0 246,57.0"' in svg
    # one colour per player who moves, by his first place; none for the one who stays
    assert 'points="66,39.0 246,57.0" class="bump-line moved" stroke="#0072b2"' in svg
    assert 'points="66,57.0 246,39.0" class="bump-line moved" stroke="#d55e00"' in svg
    assert 'points="66,75.0 246,75.0" class="bump-line">' in svg
    # labelled at both ends, drawn at its own size (66 + 180 + 66 = 312 wide, 40 + 3 * 18 = 94 high:
    # 11-pixel labels on 18-pixel rows never overlap, a wide screen does not magnify it) and shrunk
    # by its viewBox into a narrower box
    assert svg.count(">1. 1 A<") == 1 and svg.count(">2. 1 A<") == 1
    head = svg.split(">")[0]
    assert 'width="312" height="94" viewBox="0 0 312 94"' in head


def test_serve_command_warns_when_not_on_loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, object] = {}
    monkeypatch.setattr(server, "serve", lambda app, host, port: seen.update(host=host, port=port))
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    assert main(["serve", str(EXAMPLE), "--host", "0.0.0.0", "--port", "9999"]) == 0
    assert seen == {"host": "0.0.0.0", "port": 9999}
    assert "anyone who can reach this machine" in err.getvalue()
    err2 = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err2)
    assert main(["serve", "--port", "9998"]) == 0
    assert "warning" not in err2.getvalue()


def test_serve_refuses_a_bad_preloaded_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text("001 xx\n")
    assert main(["serve", str(bad)]) == 2


@pytest.mark.parametrize(
    ("path", "media", "check"),
    [
        ("/player/7/download/json", "application/json", lambda b: json.loads(b)["player"]["start_number"] == 7),
        ("/player/7/download/html", "text/html", lambda b: b"Esposito" in b),
        ("/player/7/download/txt", "text/plain", lambda b: b"BH/C1" in b),
        ("/compare/download/json?with=fide-2026&with=naive", "application/json",
         lambda b: json.loads(b)["rules"] == ["fide-2026", "naive"]),
        pytest.param("/compare/download/pdf", "application/pdf", lambda b: b.startswith(b"%PDF"),
                     marks=pytest.mark.needs_weasyprint),
    ],
)  # fmt: skip
def test_explanation_and_comparison_downloads(
    client: TestClient, token: str, path: str, media: str, check
) -> None:  # type: ignore[no-untyped-def]
    r = client.get(f"/t/{token}{path}")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith(media)
    assert "attachment" in r.headers["content-disposition"]
    assert check(r.content)


def test_explanation_download_equals_the_cli(client: TestClient, token: str) -> None:
    page = client.get(f"/t/{token}/player/7/download/json").json()
    assert page == json.loads(cli_output("explain", str(EXAMPLE), "-p", "7", "-f", "json", "-q"))
    assert client.get(f"/t/{token}/player/7/download/docx").status_code == 400


def test_a_team_file_opens_as_team_standings() -> None:
    # the bundled league: the page ranks the teams, explains a team, compares and checks them
    team_file = ROOT / "examples" / "team-league-2026.trf"
    c = local(create_app([str(team_file)]))
    tok = c.app.state.store.entries()[0].token  # type: ignore[attr-defined]
    rows = table(c.get(f"/t/{tok}").text, "standings")
    assert len(rows) == 1 + 13 and rows[1][2] == "Scacchi Trento"
    # a team's columns: no title, federation or rating; MP then GP (the primary first), then the list
    assert rows[0][:6] == ["Rank", "No.", "Team", "MP", "GP", "MPvGP"]
    assert rows[1][3:5] == ["12", "21.5"]  # Scacchi Trento: 12 MP, 21.5 GP (the JSON's values below)
    page = c.get(f"/t/{tok}").text
    assert "EMGSB" in page.split('class="catalogue"')[1] and "ARO" not in page.split('class="catalogue"')[1]
    for path in ["/crosstable", "/compare", "/check", "/player/9"]:
        assert c.get(f"/t/{tok}{path}").status_code == 200
    doc = c.get(f"/t/{tok}/download/json").json()
    assert doc["standings"][0]["match_points"] == 12
    trf = c.get(f"/t/{tok}/download/trf").text
    from spareggio.io.trf.team_matches import parse_team_event

    ranks = {team.name: team.rank for team in parse_team_event(trf.encode(), "x.trf").teams}
    assert ranks["Scacchi Trento"] == 1 and sorted(ranks.values()) == list(range(1, 14))


def test_api_ranks_team_files(client: TestClient) -> None:
    team_file = (ROOT / "examples" / "team-league-2026.trf").read_bytes()
    r = post(client, "/api/standings", {"tiebreaks": "MPvGP,EMGSB"}, team_file)
    assert r.status_code == 200  # type: ignore[attr-defined]
    first = r.json()["standings"][0]  # type: ignore[attr-defined]
    assert (first["name"], first["match_points"], first["game_points"]) == ("Scacchi Trento", 12, 21.5)
    r = post(client, "/api/explain", {"player": "9", "tiebreaks": "EMGSB"}, team_file)
    assert r.json()["player"]["name"] == "Torre Genova"  # type: ignore[attr-defined]
    r = post(client, "/api/compare", {"rules": "fide-2026,naive", "tiebreaks": "BH:MP"}, team_file)
    assert r.json()["rules"] == ["fide-2026", "naive"]  # type: ignore[attr-defined]


def test_api_and_page_rank_teams_by_game_points(client: TestClient) -> None:
    # `primary` is the CLI's --primary: the bundled league by game points; Scacchi Trento 21.5 GP
    team_file = (ROOT / "examples" / "team-league-2026.trf").read_bytes()
    r = post(client, "/api/standings", {"primary": "gp", "tiebreaks": "MPvGP"}, team_file)
    assert r.status_code == 200  # type: ignore[attr-defined]
    doc = r.json()  # type: ignore[attr-defined]
    assert doc["primary"] == "GP" and doc["standings"][0]["points"] == 21.5
    assert doc["standings"][0]["tiebreaks"]["MPvGP"] == 12  # its match points
    bad = post(client, "/api/standings", {"primary": "MP"}, EXAMPLE.read_bytes())
    assert bad.status_code == 400 and "not a team event" in bad.json()["error"]  # type: ignore[attr-defined]
    c = local(create_app([str(ROOT / "examples" / "team-league-2026.trf")]))
    tok = c.app.state.store.entries()[0].token  # type: ignore[attr-defined]
    rows = table(c.get(f"/t/{tok}?primary=GP&tiebreaks=MPvGP").text, "standings")
    assert rows[0][3:5] == ["GP", "MP"] and rows[1][3:5] == ["21.5", "12"]


def test_italian_page_says_the_rule_set_reason_and_its_assumption(tmp_path: Path) -> None:
    # the example dated 01/03/2026 with no other date: the rule set rests on reading the day first,
    # and the page says so in Italian, with the rule set's title and why it applies
    from builders import ambiguous_date

    c = local(create_app([str(ambiguous_date(EXAMPLE, tmp_path))]))
    tok = c.app.state.store.entries()[0].token  # type: ignore[attr-defined]
    for page in ("", "/check"):
        visible = " ".join(
            html.unescape(re.sub(r"<[^>]+>", " ", c.get(f"/t/{tok}{page}?lang=it").text)).split()
        )
        # dates in the language's words (issue 24): 1 March 2026, 3 January 2026
        assert "la data di inizio 1 mar 2026 è uguale o successiva al 1 mar 2026" in visible
        assert "il record 042 '01/03/2026' si può leggere in più di un modo" in visible
        assert "letta con il mese per primo è il 3 gen 2026, con fide-2024" in visible
        assert "can be read" not in visible and "is on or after" not in visible


def test_api_explain_and_compare_take_primary_like_the_cli(client: TestClient) -> None:
    # `primary` on /api/explain and /api/compare is --primary of explain and compare
    team = ROOT / "examples" / "team-league-2026.trf"
    for path, form, cli in [
        ("/api/explain", {"player": "1", "primary": "GP", "tiebreaks": "MPvGP"},
         ["explain", "-p", "1", "--primary", "gp", "-t", "MPvGP", "-f", "json"]),
        ("/api/compare", {"rules": "fide-2026,naive", "primary": "gp", "tiebreaks": "BH"},
         ["compare", "-r", "fide-2026,naive", "--primary", "gp", "-t", "BH", "-f", "json"]),
    ]:  # fmt: skip
        r = post(client, path, form, team.read_bytes())
        assert r.status_code == 200, r.text  # type: ignore[attr-defined]
        assert r.json() == json.loads(cli_output(cli[0], str(team), *cli[1:], "-q"))  # type: ignore[attr-defined]
        by_mp = post(client, path, {**form, "primary": "MP"}, team.read_bytes()).json()  # type: ignore[attr-defined]
        assert by_mp != r.json()  # type: ignore[attr-defined]
    bad = post(client, "/api/compare", {"primary": "GP"}, EXAMPLE.read_bytes())
    assert bad.status_code == 400 and "not a team event" in bad.json()["error"]  # type: ignore[attr-defined]


def test_api_errors_speak_the_language_asked(client: TestClient) -> None:
    # the same error as the command line, in the request's language
    r = post(client, "/api/standings", {"after_round": "99", "lang": "it"})
    assert r.status_code == 400  # type: ignore[attr-defined]
    # the API names the field as its form does (after_round), never as the command line
    assert r.json()["error"] == "after_round 99 è fuori intervallo: il file contiene i turni da 1 a 9"  # type: ignore[attr-defined]
    r = post(client, "/api/explain", {"player": "abc", "lang": "fr"})
    assert r.json()["error"].startswith("aucun joueur nommé 'abc'")  # type: ignore[attr-defined]
    r = post(client, "/api/standings", {"after_round": "99"})
    assert r.json()["error"].startswith("after_round 99 is out of range")  # type: ignore[attr-defined]
    r = post(client, "/api/check", {"lang": "it", "format": "table"})
    assert r.status_code == 200 and "coincide" in r.text  # type: ignore[attr-defined]


def test_page_errors_speak_the_pages_language() -> None:
    # a file that cannot be read and an option that cannot be used: the page's language
    lines = EXAMPLE.read_text(encoding="utf-8").split("\n")
    lines[13] = lines[13][:98] + "Q" + lines[13][99:]  # round 1 of the first player: result 'Q'
    c = local(create_app())
    r = c.post("/open?lang=it", files={"file": ("bad.trf", "\n".join(lines).encode())})
    assert r.status_code == 400
    assert (
        "atteso un codice di risultato (1 = 0 + - W D L H F U Z) nella colonna 99, trovato &#39;Q&#39;"
        in r.text
    )
    # its own client: ?lang= is remembered in a cookie
    c = local(create_app([str(EXAMPLE)]))
    token = c.app.state.store.entries()[0].token  # type: ignore[attr-defined]
    r = c.get(f"/t/{token}?lang=it&after_round=99")
    assert r.status_code == 400 and "è fuori intervallo: il file contiene i turni da 1 a 9" in r.text
    r = c.get(f"/t/{token}/download/csv?lang=fr&tiebreaks=XYZ")
    assert r.status_code == 400 and r.text.startswith("départage inconnu 'XYZ'")
