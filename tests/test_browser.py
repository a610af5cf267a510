"""The web page in a real browser: Playwright driving Debian's Chromium (never a downloaded browser).

Install the browser with ``apt-get install chromium`` (``.ci/run`` does it); without it these tests
are skipped.  Screenshots of every page go to ``test-artifacts/`` (not kept in the repository).
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "open-2026.trf"
ARTIFACTS = Path(os.environ.get("SPAREGGIO_TEST_ARTIFACTS", ROOT / "test-artifacts"))

if not os.path.exists(CHROMIUM):
    pytest.skip(
        f"browser tests need Debian's Chromium at {CHROMIUM}: apt-get install chromium",
        allow_module_level=True,
    )
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="browser tests need playwright: pip install playwright"
)
uvicorn = pytest.importorskip("uvicorn")

from spareggio.web import create_app

ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    port = free_port()
    config = uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the web server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: object, server: str) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    # a 4xx answer to a bad file or option is the page's own message, not an error of the page
    pg.on(
        "console",
        lambda m: errors.append(m.text) if m.type == "error" and "status of 4" not in m.text else None,
    )
    yield pg
    context.close()
    assert errors == [], errors


def shot(pg: object, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)  # type: ignore[attr-defined]


def upload(pg: object, server: str, path: Path | None = None, content: bytes | None = None) -> None:
    pg.goto(server + "/")  # type: ignore[attr-defined]
    shot(pg, "01-open")
    if content is not None:
        pg.set_input_files(
            "#file", files=[{"name": "wrong.trf", "mimeType": "text/plain", "buffer": content}]
        )  # type: ignore[attr-defined]
    else:
        pg.set_input_files("#file", str(path))  # type: ignore[attr-defined]
    pg.click("form.open button[type=submit]")  # type: ignore[attr-defined]
    pg.wait_for_selector("table.standings")  # type: ignore[attr-defined]


def test_upload_read_standings_and_explain_a_value(page: object, server: str) -> None:
    pg = page
    upload(pg, server, EXAMPLE)
    shot(pg, "02-standings")
    first = pg.locator("table.standings tbody tr").first  # type: ignore[attr-defined]
    assert first.locator("th a").inner_text() == "Esposito, Alessandro"
    # BH/C1 of the leader, then its explanation: 50.5 with the lowest value (4) cut = 46.5
    value = first.locator("a.tb").first
    assert value.inner_text() == "46.5"
    value.click()
    pg.wait_for_selector("#tb-1")  # type: ignore[attr-defined]
    shot(pg, "03-player")
    sums = pg.locator("#tb-1 .sum").all_inner_texts()  # type: ignore[attr-defined]
    assert "Removed: 50.5 - 4 = 46.5" in sums
    # why above player 1: the picker and both players side by side
    pg.select_option("#versus", "1")  # type: ignore[attr-defined]
    pg.click("section.versus button[type=submit]")  # type: ignore[attr-defined]
    pg.wait_for_selector(".versus-body .side")  # type: ignore[attr-defined]
    assert "BH/C1" in pg.locator(".versus-body").inner_text()  # type: ignore[attr-defined]
    shot(pg, "04-versus")


def test_switch_to_italian_and_sort(page: object, server: str) -> None:
    pg = page
    upload(pg, server, EXAMPLE)
    pg.click("nav.langs a[lang=it]")  # type: ignore[attr-defined]
    pg.wait_for_selector("html[lang=it]")  # type: ignore[attr-defined]
    heads = pg.locator("table.standings thead th").all_inner_texts()  # type: ignore[attr-defined]
    assert heads[:7] == ["Pos.", "N.", "Titolo", "Nome", "Fed", "Elo", "Punti"]
    shot(pg, "05-standings-it")
    # remembered on the next page
    pg.click("nav.tabs >> text=Tabellone")  # type: ignore[attr-defined]
    pg.wait_for_selector("table.crosstable")  # type: ignore[attr-defined]
    assert pg.locator("table.crosstable tbody tr").first.locator("td.x").first.inner_text() == "+B33"  # type: ignore[attr-defined]
    shot(pg, "06-crosstable-it")
    # sorting by a column head (an enhancement: the server order is the ranking)
    pg.click("nav.tabs >> text=Classifica")  # type: ignore[attr-defined]
    pg.wait_for_selector("table.standings")  # type: ignore[attr-defined]
    pg.click("table.standings thead th:nth-child(2)")  # type: ignore[attr-defined]
    numbers = pg.locator("table.standings tbody tr td:nth-child(2)").all_inner_texts()  # type: ignore[attr-defined]
    assert numbers[:3] == ["1", "2", "3"]


def test_compare_two_rule_sets(page: object, server: str) -> None:
    pg = page
    upload(pg, server, EXAMPLE)
    pg.click("nav.tabs >> text=Compare rule sets")  # type: ignore[attr-defined]
    pg.wait_for_selector("form.with")  # type: ignore[attr-defined]
    for box in pg.locator("form.with input[type=checkbox]").all():  # type: ignore[attr-defined]
        if box.is_checked():
            box.uncheck()
    pg.check("form.with input[value=fide-2026]")  # type: ignore[attr-defined]
    pg.check("form.with input[value=naive]")  # type: ignore[attr-defined]
    pg.click("form.with button[type=submit]")  # type: ignore[attr-defined]
    pg.wait_for_selector("table.compare")  # type: ignore[attr-defined]
    assert pg.locator("table.compare thead th").all_inner_texts()[3:] == ["fide-2026", "naive"]  # type: ignore[attr-defined]
    changed = pg.locator("table.compare td.changed")  # type: ignore[attr-defined]
    assert changed.count() > 0
    assert pg.locator("svg.bump polyline.moved").count() == pg.locator("table.compare tr.differs").count()  # type: ignore[attr-defined]
    shot(pg, "07-compare")


def test_check_a_wrong_declared_rank(page: object, server: str) -> None:
    pg = page
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    wrong = []
    for line in lines:
        # player 1 declared first and player 7 second: the engine has them the other way round
        if line.startswith("001") and line[4:8].strip() in ("1", "7"):
            line = line[:85] + ("   1" if line[4:8].strip() == "1" else "   2") + line[89:]
        wrong.append(line)
    upload(pg, server, content="\n".join(wrong).encode())
    # the declared rank beside the computed one
    assert pg.locator("table.standings tr.declared-differs").count() == 2  # type: ignore[attr-defined]
    pg.click("nav.tabs >> text=Check the declared ranking")  # type: ignore[attr-defined]
    pg.wait_for_selector(".status")  # type: ignore[attr-defined]
    assert "differs for 2 players" in pg.locator(".status").inner_text()  # type: ignore[attr-defined]
    rows = pg.locator("table.mismatches tbody tr")  # type: ignore[attr-defined]
    assert rows.count() == 2
    assert rows.first.locator("td").nth(5).inner_text() == "BH/C1"
    shot(pg, "08-check")


def test_a_bad_file_gets_a_located_message(page: object, server: str) -> None:
    pg = page
    pg.goto(server + "/")  # type: ignore[attr-defined]
    pg.set_input_files("#file", files=[{"name": "bad.trf", "mimeType": "text/plain", "buffer": b"001 xx\n"}])  # type: ignore[attr-defined]
    pg.click("form.open button[type=submit]")  # type: ignore[attr-defined]
    pg.wait_for_selector(".error")  # type: ignore[attr-defined]
    assert pg.locator(".error").inner_text().startswith("bad.trf:1:5:")  # type: ignore[attr-defined]
    shot(pg, "09-bad-file")


def test_phone_width(browser: object, server: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})  # type: ignore[attr-defined]
    pg = context.new_page()
    upload(pg, server, EXAMPLE)
    # the page itself does not scroll sideways; the wide table scrolls in its own box
    width = pg.evaluate("document.documentElement.scrollWidth")
    assert width <= 390 + 1
    shot(pg, "10-phone")
    context.close()
