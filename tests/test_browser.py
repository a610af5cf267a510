"""The web page in a real browser: Playwright driving Debian's Chromium (never a downloaded browser).

Install the browser with ``apt-get install chromium`` (``.ci/run`` does it); without it these tests
are skipped.  With ``SPAREGGIO_SCREENSHOTS=1`` screenshots of every page go to ``test-artifacts/``
(not kept in the repository).  The accessibility check runs axe-core (the npm package, fetched with
``npm pack`` into ``tests/.axe/``, which git ignores) inside the page; without npm it is skipped.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import tarfile
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


SCREENSHOTS = os.environ.get("SPAREGGIO_SCREENSHOTS") == "1"


def shot(pg: object, name: str) -> None:
    if not SCREENSHOTS:  # pictures for a person to look at: asked for, they take time
        return
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
    # the rule sets by their names on the page, not the command line's
    assert pg.locator("table.compare thead th").all_inner_texts()[3:] == ["FIDE 2026", "Games played only"]  # type: ignore[attr-defined]
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


# -- the results page: tables that never break, every feature by clicks, Italian throughout -----------

ROUND_ROBIN = ROOT / "examples" / "closed-rr-2026.trf"
TEAMS = ROOT / "examples" / "team-league-2026.trf"
LIVE = ROOT / "tests" / "data" / "programs" / "vega-live-export.trf"

BROKEN_CELLS = """
() => {
  // every word or number of a visible table cell must sit on one line, and the text must fit its box
  const bad = [];
  for (const cell of document.querySelectorAll("table td, table th")) {
    if (!cell.getClientRects().length) continue;
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    let node;
    while ((node = walker.nextNode())) {
      const re = /\\S+/g;
      let m;
      while ((m = re.exec(node.textContent))) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set(Array.from(range.getClientRects()).filter(r => r.width > 0).map(r => Math.round(r.top)));
        if (tops.size > 1) bad.push(`${m[0]} broken in "${cell.textContent.trim()}"`);
      }
    }
    if (cell.scrollWidth > cell.clientWidth + 1) bad.push(`"${cell.textContent.trim()}" wider than its cell`);
  }
  return bad;
}
"""


@pytest.fixture(scope="module")
def events() -> Iterator[tuple[str, dict[str, str]]]:
    """A server with the bundled events open: its address and each event's page by name."""
    app = create_app([str(EXAMPLE), str(ROUND_ROBIN), str(TEAMS), str(LIVE)])
    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the web server did not start")
        time.sleep(0.05)
    base = f"http://127.0.0.1:{port}"
    pages = {Path(e.filename).stem: f"{base}/t/{e.token}" for e in app.state.store.entries()}
    yield base, pages
    srv.should_exit = True
    thread.join(timeout=10)


def _context(browser: object, width: int, height: int = 900) -> object:
    return browser.new_context(viewport={"width": width, "height": height})  # type: ignore[attr-defined]


PAGES = [
    ("open-2026", ""),
    ("open-2026", "/crosstable"),
    ("open-2026", "/compare"),
    ("open-2026", "/check"),
    ("open-2026", "/player/7"),
    ("open-2026", "/player/7?versus=1"),
    ("closed-rr-2026", "/crosstable"),
    ("team-league-2026", ""),
    ("team-league-2026", "/player/1"),
]


@pytest.mark.parametrize("width", [390, 1366])
def test_no_table_cell_breaks_inside_a_word_or_number(
    browser: object, events: tuple[str, dict[str, str]], width: int
) -> None:
    _base, pages = events
    context = _context(browser, width)
    pg = context.new_page()  # type: ignore[attr-defined]
    found = {}
    for lang in ("en", "it"):
        for event, path in PAGES:
            url = pages[event] + path + ("&" if "?" in path else "?") + f"lang={lang}"
            pg.goto(url)
            assert path.startswith("/check") or pg.locator("table").count() > 0, url
            bad = pg.evaluate(BROKEN_CELLS)
            if bad:
                found[url] = bad[:5]
            # the page itself never scrolls sideways: wide tables scroll in their own box
            assert pg.evaluate("document.documentElement.scrollWidth") <= width + 1, url
            shot(pg, f"cells-{width}-{lang}-{event}{path.replace('/', '-').replace('?', '-')}")
    context.close()  # type: ignore[attr-defined]
    assert found == {}


def test_the_check_can_fail(browser: object, events: tuple[str, dict[str, str]]) -> None:
    """The cell check finds the breaks the old style made (``overflow-wrap: anywhere``) on a phone."""
    _base, pages = events
    context = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)  # type: ignore[attr-defined]
    pg = context.new_page()
    pg.goto(pages["open-2026"])
    assert pg.evaluate(BROKEN_CELLS) == []
    pg.add_style_tag(
        content="main { overflow-wrap: anywhere } th, td { white-space: normal !important; } "
        ".scroll { overflow: visible !important } table { width: 100% !important; table-layout: fixed }"
    )
    bad = pg.evaluate(BROKEN_CELLS)
    assert any("Esposito" in b or "46.5" in b for b in bad), bad[:5]
    context.close()  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("event", "path"), [("open-2026", ""), ("open-2026", "/crosstable"), ("closed-rr-2026", "/crosstable")]
)
def test_printed_pages_keep_every_cell_whole(
    browser: object, events: tuple[str, dict[str, str]], event: str, path: str, tmp_path: Path
) -> None:
    _base, pages = events
    context = _context(browser, 1040, 740)  # A4 landscape's printable width
    pg = context.new_page()  # type: ignore[attr-defined]
    pg.goto(pages[event] + path + "?lang=it")
    pg.emulate_media(media="print")
    assert pg.evaluate(BROKEN_CELLS) == []
    # nothing but the results: no form, tabs or downloads
    assert not pg.locator("form.options").is_visible()
    assert not pg.locator("nav.tabs").is_visible()
    table = pg.locator("table").first.bounding_box()
    assert table is not None and table["x"] + table["width"] <= 1040 + 1
    shot(pg, f"print-{event}{path.replace('/', '-')}")
    pdf = tmp_path / "printed.pdf"
    pg.pdf(path=str(pdf), prefer_css_page_size=True)
    context.close()  # type: ignore[attr-defined]
    if shutil.which("pdftotext"):
        text = subprocess.run(
            ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
        ).stdout
        leader = "Esposito," if event == "open-2026" else "Testa,"
        line = next((line for line in text.splitlines() if leader in line), text)
        numbers = "46,5" if event == "open-2026" else "5½"
        assert numbers in line.split(), line


def test_inference_is_reached_by_clicks(page: object, events: tuple[str, dict[str, str]]) -> None:
    _base, pages = events
    pg = page
    pg.goto(pages["open-2026"])  # type: ignore[attr-defined]
    pg.click("nav.tabs >> text=Check the declared ranking")  # type: ignore[attr-defined]
    pg.check("form.infer input[name=infer]")  # type: ignore[attr-defined]
    pg.click("form.infer button[type=submit]")  # type: ignore[attr-defined]
    pg.wait_for_selector("#inferred")  # type: ignore[attr-defined]
    assert pg.locator("table.inferred-list tbody tr").count() > 0  # type: ignore[attr-defined]
    shot(pg, "11-inference")


def test_the_versus_answer_is_scrolled_into_view(browser: object, events: tuple[str, dict[str, str]]) -> None:
    _base, pages = events
    for width, height in ((1366, 800), (390, 844)):
        context = _context(browser, width, height)
        pg = context.new_page()  # type: ignore[attr-defined]
        pg.goto(pages["open-2026"] + "?lang=it")
        pg.click("table.standings tbody tr >> nth=0 >> th a")
        pg.select_option("#versus", "1")
        pg.click("section.versus button[type=submit]")
        pg.wait_for_selector("#versus-answer")
        assert pg.evaluate("location.hash") == "#versus-answer"
        top = pg.evaluate("document.getElementById('versus-answer').getBoundingClientRect().top")
        assert -2 <= top < height / 2, top
        shot(pg, f"12-versus-{width}")
        context.close()  # type: ignore[attr-defined]


def test_team_explanations_by_clicks(page: object, events: tuple[str, dict[str, str]]) -> None:
    _base, pages = events
    pg = page
    pg.goto(pages["team-league-2026"] + "?lang=it")  # type: ignore[attr-defined]
    heads = pg.locator("table.standings thead th").all_inner_texts()  # type: ignore[attr-defined]
    assert heads[2] == "Squadra"
    assert "squadre" in pg.locator(".event .meta").first.inner_text()  # type: ignore[attr-defined]
    pg.click("table.standings tbody tr >> nth=0 >> th a")  # type: ignore[attr-defined]
    pg.wait_for_selector("article.explanation")  # type: ignore[attr-defined]
    assert "Scacchi Trento" in pg.locator("article.explanation").inner_text()  # type: ignore[attr-defined]
    shot(pg, "13-team-explanation")


def test_options_fold_after_first_use_on_a_phone(browser: object, events: tuple[str, dict[str, str]]) -> None:
    _base, pages = events
    context = _context(browser, 390, 844)
    pg = context.new_page()  # type: ignore[attr-defined]
    pg.goto(pages["open-2026"])
    # folded from the start: the standings come first
    assert pg.locator("details.options-box").get_attribute("open") is None
    pg.click("details.options-box > summary")
    pg.select_option("#rules", "italian")
    pg.click("form.options button[type=submit]")
    pg.wait_for_selector("table.standings")
    assert pg.locator("details.options-box").get_attribute("open") is None
    # the standings start on the first screen
    top = pg.evaluate("document.querySelector('table.standings').getBoundingClientRect().top")
    assert top < 844
    # the menu ranks as the address does: italian's own list, as ?rules=italian and the command line
    labels = pg.locator("table.standings thead th.num").all_inner_texts()
    pg.goto(pages["open-2026"] + "?rules=italian")
    assert pg.locator("table.standings thead th.num").all_inner_texts() == labels
    # the places and the names stay in view while the table scrolls sideways in its box, the heads while
    # it scrolls down
    box = pg.locator("table.standings").locator("xpath=..")
    box.evaluate("b => { b.scrollLeft = 300; b.scrollTop = 200; }")
    edges = pg.evaluate(
        "(() => { const b = document.querySelector('table.standings').parentElement.getBoundingClientRect();"
        " const rank = document.querySelector('table.standings tbody tr:nth-child(8) td.rank').getBoundingClientRect();"
        " const name = document.querySelector('table.standings tbody tr:nth-child(8) th').getBoundingClientRect();"
        " const head = document.querySelector('table.standings thead th').getBoundingClientRect();"
        " return [b.left, rank.left, rank.right, name.left, b.top, head.top]; })()"
    )
    assert abs(edges[0] + 1 - edges[1]) <= 2 and abs(edges[2] - edges[3]) <= 2, edges
    assert abs(edges[4] + 1 - edges[5]) <= 2, edges
    shot(pg, "14-phone-sticky")
    for tab in ("Crosstable", "Compare rule sets", "Check the declared ranking"):
        pg.click(f"nav.tabs >> text={tab}")
        assert pg.locator("details.options-box").get_attribute("open") is None, tab
    shot(pg, "14-phone-folded")
    context.close()  # type: ignore[attr-defined]


def test_sorting_by_rating_starts_from_the_highest(page: object, events: tuple[str, dict[str, str]]) -> None:
    _base, pages = events
    pg = page
    pg.goto(pages["open-2026"])  # type: ignore[attr-defined]
    heads = pg.locator("table.standings thead th").all_inner_texts()  # type: ignore[attr-defined]
    column = heads.index("Rating") + 1
    pg.click(f"table.standings thead th:nth-child({column})")  # type: ignore[attr-defined]
    ratings = [
        int(x) for x in pg.locator(f"table.standings tbody td:nth-child({column})").all_inner_texts() if x
    ]  # type: ignore[attr-defined]
    assert ratings[0] == 2558 and ratings == sorted(ratings, reverse=True)  # Pace, Emanuele: 2558


def test_the_live_export_note_comes_first_and_open(page: object, events: tuple[str, dict[str, str]]) -> None:
    _base, pages = events
    pg = page
    pg.goto(pages["vega-live-export"] + "?lang=it")  # type: ignore[attr-defined]
    box = pg.locator("details.warnings")  # type: ignore[attr-defined]
    assert box.get_attribute("open") is not None
    first = box.locator("li").first.inner_text()
    assert first.startswith("il turno 5 è abbinato"), first


ENGLISH_WORDS = re.compile(
    r"\b(the|and|of|players?|teams?|between|changes?|which|with|rounds?|rule sets?|standings|after|Warning|Download|Print)\b"
)
"""Words an Italian page never shows: English function words and the page's English labels."""


def _english_sentences() -> list[str]:
    """The English messages the Italian catalogue translates differently (sentences and labels of
    more than one word)."""
    from spareggio.base.i18n import catalogue

    # names Italian keeps (as they are, or beside their translation) are not leaks
    kept = {english for (_context, english), italian in catalogue("it").items() if english in italian}
    return sorted(
        {
            english
            for (_context, english), italian in catalogue("it").items()
            if italian != english
            and english not in kept
            and " " in english
            and len(english) >= 12
            and "{" not in english
        }
    )


ITALIAN_PAGES = [
    ("open-2026", ""),
    ("open-2026", "/prizes"),
    ("open-2026", "?tiebreaks=WIN&playoff=7,1:1½-½&lots=x&exclude=40:espulso"),
    ("team-league-2026", "/crosstable"),
    ("open-2026", "/crosstable"),
    ("open-2026", "/compare?with=fide-2026&with=fide-2024:vur=score&with=italian"),
    ("open-2026", "/check?infer=1"),
    ("open-2026", "/player/7?versus=1"),
    ("closed-rr-2026", "/crosstable"),
    ("team-league-2026", ""),
    ("team-league-2026", "/player/1"),
    ("team-league-2026", "/compare"),
    ("vega-live-export", ""),
]


@pytest.mark.parametrize(("event", "path"), ITALIAN_PAGES)
def test_an_italian_page_shows_no_english(
    page: object, events: tuple[str, dict[str, str]], event: str, path: str
) -> None:
    _base, pages = events
    pg = page
    pg.goto(pages[event] + path + ("&" if "?" in path else "?") + "lang=it")  # type: ignore[attr-defined]
    # every folded part open, so that its words are read too
    pg.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")  # type: ignore[attr-defined]
    text = pg.evaluate("document.body.innerText")  # type: ignore[attr-defined]
    leaks = [s for s in _english_sentences() if s in text]
    # rule sets' names (fide-2026:cap-rounds=announced) are names, not English
    prose = re.sub(r"[\w-]+:[\w=,-]+", " ", text)
    words = sorted({m.group(0) for m in ENGLISH_WORDS.finditer(prose)})
    assert (leaks, words) == ([], []), text[:3000]


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b"", "empty.trf: il file è vuoto"),
        (
            b"<!DOCTYPE html><html><head><title>Classifica</title></head><body><table></table></body></html>",
            "empty.trf: questa è una pagina web, non un file di torneo",
        ),
    ],
)
def test_an_upload_that_is_no_tournament_says_why(
    page: object, server: str, content: bytes, said: str
) -> None:
    pg = page
    pg.goto(server + "/?lang=it")  # type: ignore[attr-defined]
    pg.set_input_files("#file", files=[{"name": "empty.trf", "mimeType": "text/plain", "buffer": content}])  # type: ignore[attr-defined]
    pg.click("form.open button[type=submit]")  # type: ignore[attr-defined]
    pg.wait_for_selector(".error")  # type: ignore[attr-defined]
    assert pg.locator(".error").inner_text().startswith(said)  # type: ignore[attr-defined]


def test_crosstable_grid_and_downloads_by_clicks(
    page: object, events: tuple[str, dict[str, str]], tmp_path: Path
) -> None:
    _base, pages = events
    pg = page
    pg.goto(pages["closed-rr-2026"] + "?lang=it")  # type: ignore[attr-defined]
    pg.click("nav.tabs >> text=Tabellone")  # type: ignore[attr-defined]
    pg.wait_for_selector("table.crosstable.grid")  # type: ignore[attr-defined]
    # Testa (no. 8) first; against Zambelli (no. 7, the second column) he won (001 8 round 5: "7 b 1")
    first = pg.locator("table.crosstable tbody tr").first.locator("td").all_inner_texts()  # type: ignore[attr-defined]
    assert first[:2] == ["1", "8"] and first[5:7] == ["×", "1"]
    shot(pg, "15-crosstable-grid")
    for link, start in (("PDF", b"%PDF"), ("XLSX", b"PK"), ("HTML", b"<!DOCTYPE html>")):
        with pg.expect_download() as info:  # type: ignore[attr-defined]
            pg.click(f"section.downloads a >> text={link}")  # type: ignore[attr-defined]
        download = info.value
        assert download.suggested_filename == f"closed-rr-2026-tabellone.{link.lower()}"
        target = tmp_path / download.suggested_filename
        download.save_as(str(target))
        assert target.read_bytes().startswith(start)
    # one column per round on request
    pg.click("p.views a")  # type: ignore[attr-defined]
    pg.wait_for_selector("table.crosstable.rounds")  # type: ignore[attr-defined]
    assert pg.locator("table.crosstable tbody tr").first.locator("td.x").first.inner_text() == "+N3"  # type: ignore[attr-defined]


def test_compare_chart_colours_labels_and_box(browser: object, events: tuple[str, dict[str, str]]) -> None:
    _base, pages = events
    for width in (390, 1366):
        context = _context(browser, width)
        pg = context.new_page()  # type: ignore[attr-defined]
        pg.goto(pages["open-2026"] + "/compare?lang=it")
        moved = pg.locator("svg.bump polyline.moved")
        colours = [moved.nth(k).get_attribute("stroke") for k in range(moved.count())]
        assert len(colours) == pg.locator("table.compare tr.differs").count() > 0
        # one colour a player, while the palette lasts (then dashed)
        assert len(set(colours)) == min(len(colours), 12)
        # every player labelled at both ends
        labels = pg.locator("svg.bump text.bump-label").count()
        assert labels == 2 * pg.locator("svg.bump polyline").count()
        # the drawing within its box, and the box within the page
        chart = pg.evaluate(
            "(() => { const r = document.querySelector('svg.bump').getBoundingClientRect();"
            " const f = document.querySelector('figure.chart').getBoundingClientRect();"
            " return [r.left, r.right, f.left, f.right]; })()"
        )
        assert chart[2] - 1 <= chart[0] and chart[1] <= chart[3] + 1 and chart[3] <= width, chart
        shot(pg, f"16-compare-chart-{width}")
        context.close()  # type: ignore[attr-defined]


# -- every decision and prize by clicks, the phone's first screen, printing, accessibility -----------


def _rows(pg: object, table: str, n: int) -> list[list[str]]:
    return [
        [c.strip() for c in row.locator("td, th").all_inner_texts()]  # type: ignore[attr-defined]
        for row in pg.locator(f"{table} tbody tr").all()[:n]  # type: ignore[attr-defined]
    ]


@pytest.mark.parametrize("width", [390, 1366])
def test_a_playoff_entered_by_clicks_updates_the_prize_list(
    browser: object, events: tuple[str, dict[str, str]], width: int
) -> None:
    # the bundled open under WIN alone: Pace (1) and Esposito (7), 7 points and 6 wins each, share
    # places 1-2 and the start number puts Pace first, until the playoff Esposito won 1½-½
    _base, pages = events
    context = _context(browser, width, 844)
    pg = context.new_page()  # type: ignore[attr-defined]
    pg.goto(pages["open-2026"] + "?lang=it")
    pg.click("details.options-box > summary")
    pg.fill("#tiebreaks", "WIN")
    pg.click("form.options button[type=submit]")
    pg.click("nav.tabs >> text=Premi")
    pg.select_option("#sharing", "none")
    pg.click("form.prize-form .actions button[type=submit] >> nth=0")
    pg.wait_for_selector("table.prize-list")
    first = _rows(pg, "table.prize-list", 1)[0]
    assert first[:4] == ["Assoluto", "1", "1", "Pace, Emanuele"], first
    # the playoff, on the prizes tab itself
    pg.click("details.options-box > summary")
    pg.select_option("#po_how", "playoff")
    pg.select_option("#po_1", "7")
    pg.select_option("#po_2", "1")
    pg.fill("#po_note", "1½-½")
    pg.click("form.options button[type=submit]")
    pg.wait_for_selector("table.prize-list")
    first = _rows(pg, "table.prize-list", 1)[0]
    assert first[:4] == ["Assoluto", "1", "7", "Esposito, Alessandro"], first
    assert "ha deciso lo spareggio giocato (1½-½)" in pg.locator("section.award").first.inner_text()
    assert "Spareggio giocato: 7 Esposito, Alessandro > 1 Pace, Emanuele (1½-½)" in pg.locator(".given").inner_text()
    # the standings and the TRF download carry it
    pg.click("nav.tabs >> text=Classifica")
    assert _rows(pg, "table.standings", 1)[0][0] == "1"
    assert pg.locator("table.standings tbody tr >> nth=0 >> th").inner_text() == "Esposito, Alessandro"
    assert pg.evaluate("document.documentElement.scrollWidth") <= width + 1
    context.close()  # type: ignore[attr-defined]


@pytest.mark.parametrize("width", [390, 1366])
def test_a_prize_form_filled_in_italian_and_printed(
    browser: object, events: tuple[str, dict[str, str]], width: int, tmp_path: Path
) -> None:
    _base, pages = events
    context = _context(browser, width, 844)
    pg = context.new_page()  # type: ignore[attr-defined]
    pg.goto(pages["open-2026"] + "/prizes?lang=it")
    assert pg.input_value("#c0_name") == "Assoluto"  # the example's categories, named in Italian
    pg.fill("#c0_prizes", "500 300 200,50")
    pg.select_option("#sharing", "equal")
    pg.fill("#c1_name", "Femminile")
    pg.fill("#c3_name", "Elo 1600-1799")
    pg.fill("#c3_rating_from", "1600")
    pg.fill("#c3_rating_under", "1800")
    pg.fill("#c3_prizes", "70")
    pg.click("form.prize-form .actions button[type=submit] >> nth=0")
    pg.wait_for_selector("table.prize-list")
    rows = _rows(pg, "table.prize-list", 30)
    # equal sharing: 7 and 1 level on 7 points share places 1-2, (500 + 300) / 2 = 400 each
    assert rows[0][:3] == ["Assoluto", "1", "7"] and rows[0][6] == "400,00", rows[0]
    assert rows[1][:3] == ["Assoluto", "2", "1"] and rows[1][6] == "400,00", rows[1]
    assert any(r[0] == "Femminile" for r in rows) and any(r[0] == "Elo 1600-1799" for r in rows)
    assert "General" not in pg.locator("main").inner_text()
    # printed on A4 (190 mm wide within its margins: 718 px), whatever the screen it was filled on
    pg.set_viewport_size({"width": 718, "height": 1000})
    pg.emulate_media(media="print")
    assert not pg.locator("form.prize-form").is_visible()
    assert pg.locator("table.prize-list").is_visible()
    box = pg.locator("table.prize-list").bounding_box()
    assert box is not None and box["x"] + box["width"] <= 718 + 1
    pdf = tmp_path / "premi.pdf"
    pg.pdf(path=str(pdf), prefer_css_page_size=True)
    context.close()  # type: ignore[attr-defined]
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
        assert "Elenco dei premi" in text and "Femminile" in text and "400,00" in text


def test_the_phones_first_screen_shows_the_first_standings(browser: object, events: tuple[str, dict[str, str]]) -> None:
    _base, pages = events
    context = _context(browser, 390, 844)
    pg = context.new_page()  # type: ignore[attr-defined]
    pg.goto(pages["open-2026"] + "?lang=it")
    # rank, name and points of the first three rows inside the viewport, without scrolling
    boxes = pg.evaluate(
        "[...document.querySelectorAll('table.standings tbody tr')].slice(0, 3).map(r =>"
        " ['td.rank', 'th', 'td.pts'].map(s => { const b = r.querySelector(s).getBoundingClientRect();"
        " return [b.left, b.top, b.right, b.bottom, r.querySelector(s).innerText]; }))"
    )
    for row in boxes:
        for left, top, right, bottom, _text in row:
            assert 0 <= left and right <= 390 and 0 <= top and bottom <= 844, boxes
    assert [row[1][4] for row in boxes] == ["Esposito, Alessandro", "Pace, Emanuele", "Leone, Michele"]
    assert [row[2][4] for row in boxes] == ["7", "7", "6½"]
    # title, federation and rating hidden below 480 px; the toggle shows them
    assert not pg.locator("table.standings thead th.extra").first.is_visible()
    pg.click("label[for=show-extra]")
    assert pg.locator("table.standings thead th.extra").first.is_visible()
    # the search, by clicks
    pg.fill("#find", "leone")
    assert pg.locator("table.standings tbody tr:visible").count() == 1  # filtered while typing
    pg.click("form.find button")
    assert pg.locator("table.standings tbody th").all_inner_texts() == ["Leone, Michele"]
    context.close()  # type: ignore[attr-defined]


def test_the_comparison_reads_on_a_phone_and_its_labels_never_overlap(
    browser: object, events: tuple[str, dict[str, str]]
) -> None:
    _base, pages = events
    context = _context(browser, 390, 844)
    pg = context.new_page()  # type: ignore[attr-defined]
    pg.goto(pages["open-2026"] + "/compare?lang=it")
    assert not pg.locator("figure.chart").is_visible() and pg.locator("section.moves").is_visible()
    moved = pg.locator("section.moves li").count()
    assert moved == pg.locator("table.compare tr.differs").count() > 0
    context.close()  # type: ignore[attr-defined]
    context = _context(browser, 1366, 900)
    pg = context.new_page()  # type: ignore[attr-defined]
    pg.goto(pages["open-2026"] + "/compare?lang=it")
    assert pg.locator("figure.chart").is_visible() and not pg.locator("section.moves").is_visible()
    overlaps = pg.evaluate(
        "(() => { const boxes = [...document.querySelectorAll('svg.bump text.bump-label')]"
        ".map(t => t.getBoundingClientRect()).filter(b => b.width > 0);"
        " let bad = 0; for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {"
        " const a = boxes[i], b = boxes[j];"
        " if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) bad++; }"
        " return bad; })()"
    )
    assert overlaps == 0
    context.close()  # type: ignore[attr-defined]


def test_printing_shows_values_as_text_and_many_crosstable_rows_a_page(
    browser: object, events: tuple[str, dict[str, str]]
) -> None:
    _base, pages = events
    context = _context(browser, 1040, 740)  # A4 landscape's printable width
    pg = context.new_page()  # type: ignore[attr-defined]
    pg.goto(pages["open-2026"] + "?lang=it")
    pg.emulate_media(media="print")
    style = pg.evaluate(
        "(() => { const s = getComputedStyle(document.querySelector('a.tb'));"
        " return [s.borderBottomStyle, s.textDecorationLine]; })()"
    )
    assert style == ["none", "none"]
    pg.goto(pages["open-2026"] + "/crosstable?lang=it")
    pg.emulate_media(media="print")
    heights = pg.evaluate(
        "[...document.querySelectorAll('table.crosstable tbody tr')].map(r => r.getBoundingClientRect().height)"
    )
    # 51 rows; at most 16 px a row puts 40 rows on an A4 landscape page (about 700 px of it)
    assert len(heights) == 51 and max(heights) <= 16, max(heights)
    context.close()  # type: ignore[attr-defined]


AXE_VERSION = "4.14.1"
AXE_DIR = ROOT / "tests" / ".axe"


@pytest.fixture(scope="module")
def axe_source() -> str:
    """axe-core's script, from the npm registry (``npm pack``) once into ``tests/.axe/``."""
    target = AXE_DIR / "package" / "axe.min.js"
    if not target.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.skip("the accessibility check needs axe-core from npm, and npm is not installed")
        AXE_DIR.mkdir(parents=True, exist_ok=True)
        try:
            subprocess.run(
                [npm, "pack", f"axe-core@{AXE_VERSION}", "--silent"],
                cwd=AXE_DIR, check=True, capture_output=True, timeout=180,
            )  # fmt: skip
            with tarfile.open(next(AXE_DIR.glob(f"axe-core-{AXE_VERSION}.tgz"))) as tar:
                tar.extract("package/axe.min.js", AXE_DIR, filter="data")
        except (subprocess.SubprocessError, OSError, StopIteration, KeyError, tarfile.TarError) as exc:
            pytest.skip(f"axe-core could not be fetched with npm: {exc}")
    return target.read_text(encoding="utf-8")


AXE_PAGES = [
    ("open-2026", "?lang=it"),
    ("open-2026", "/crosstable?lang=it"),
    ("open-2026", "/compare?lang=it"),
    ("open-2026", "/check?infer=1&lang=it"),
    ("open-2026", "/player/7?versus=1&lang=it"),
    ("open-2026", "/prizes?lang=it"),
    ("team-league-2026", "?lang=it"),
    ("team-league-2026", "/crosstable?lang=en"),
    ("closed-rr-2026", "/crosstable?lang=en"),
]


def test_no_serious_accessibility_violation(
    browser: object, events: tuple[str, dict[str, str]], axe_source: str
) -> None:
    base, pages = events
    # axe runs inside the page: the page's policy admits no script of ours, so this context bypasses it
    context = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)  # type: ignore[attr-defined]
    pg = context.new_page()
    found = {}
    for url in [base + "/?lang=it", *(pages[event] + path for event, path in AXE_PAGES)]:
        pg.goto(url)
        pg.add_script_tag(content=axe_source)
        for width in (390, 1366):  # a phone, a laptop: the same page laid out for each
            pg.set_viewport_size({"width": width, "height": 844 if width < 500 else 900})
            violations = pg.evaluate(
                "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
                ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
                ".map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | '))"
            )
            if violations:
                found[f"{url} at {width} px"] = violations
    # the check can fail: pale links on the last page are a serious violation (color-contrast)
    pg.add_style_tag(content="main a { color: #d0d0d0 !important }")
    pale = pg.evaluate(
        "async () => (await axe.run(document, {runOnly: ['color-contrast']})).violations.map(v => v.impact)"
    )
    context.close()
    assert found == {}
    assert pale == ["serious"]
