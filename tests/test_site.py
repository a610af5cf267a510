"""``spareggio site FILE -o DIR``: the published page as a static site — its files, links that
resolve offline, the library's values, prizes, and a folder written whole or not at all."""

from __future__ import annotations

import os
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from builders import build
from builders import run_cli as run
from spareggio.io.trf import parse_trf
from spareggio.standings import rank
from spareggio.web.static_site import SITE_MARK, tied_neighbours, write_site

# Four players, two rounds (the same event as test_web_api_docs.SMALL):
#   round 1: 1 (White) beats 2, 3 (White) draws with 4;  round 2: 3 (White) loses to 1, 4 (White) loses to 2
# points 1 = 2, 2 = 1, 3 = ½, 4 = ½; Buchholz (C.07 8.1): 1 = 1 + ½ = 1.5, 2 = 2 + ½ = 2.5,
# 3 = ½ + 2 = 2.5, 4 = ½ + 1 = 1.5: 3 is above 4 on BH, the only two neighbours level on points.
SMALL = build({1: "+W2 +B3", 2: ". +B4", 3: "=W4 -W1"}, name="Small Open")

PRIZES = """\
currency = "EUR"
sharing = "none"
one_prize_per_player = true

[[categories]]
id = "general"
name = "General"
prizes = [100, 50]
"""


@pytest.fixture
def small(tmp_path: Path) -> Path:
    path = tmp_path / "in" / "small.trf"
    path.parent.mkdir()
    path.write_text(SMALL)
    return path


@pytest.fixture
def site(small: Path, tmp_path: Path) -> Path:
    prizes = small.parent / "prizes.toml"
    prizes.write_text(PRIZES)
    out = tmp_path / "site"
    code, said, err = run(
        "site", str(small), "-o", str(out), "--lang", "it,en", "-t", "BH", "--prizes", str(prizes)
    )
    assert code == 0, err
    assert said.strip().endswith(str(out))
    return out


class Links(HTMLParser):
    """The addresses a page uses (href, src) and the ids it has."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.ids: set[str] = set()
        self.cells: list[list[str]] = []
        self._cell: str | None = None
        self._in_standings = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.urls += [v for k, v in attrs if k in ("href", "src") and v is not None]
        if a.get("id"):
            self.ids.add(a["id"] or "")
        if tag == "table" and "standings" in (a.get("class") or ""):
            self._in_standings = True
        if self._in_standings and tag == "tr":
            self.cells.append([])
        if self._in_standings and tag in ("td", "th"):
            self._cell = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self._in_standings = False
        if tag in ("td", "th") and self._cell is not None:
            self.cells[-1].append(self._cell.strip())
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell += data


def parsed(path: Path) -> Links:
    links = Links()
    links.feed(path.read_text(encoding="utf-8"))
    return links


def test_the_site_has_every_page_in_every_language(site: Path) -> None:
    files = {str(p.relative_to(site)) for p in site.rglob("*") if p.is_file()}
    pages = {"index.html", "crosstable.html", "rules.html", "prizes.html", "pair/3-4.html"}
    pages |= {f"player/{n}.html" for n in (1, 2, 3, 4)}
    expected = {f"{lang}/{page}" for lang in ("it", "en") for page in pages}
    expected |= {"index.html", "assets/style.css", "assets/explain.css", "assets/site.css", SITE_MARK}
    assert files == expected
    # the site opens on the standings in its first language, its links leading into that folder
    front = parsed(site / "index.html")
    assert [c for c in front.cells if c] == [c for c in parsed(site / "it" / "index.html").cells if c]
    assert "it/player/1.html" in front.urls and "it/../en/index.html" in front.urls


def broken_links(site: Path) -> list[tuple[str, str]]:
    """Every address of every page that does not lead to a file of the site (and to an id of it,
    with a fragment), or that leads to a server."""
    broken = []
    for page in site.rglob("*.html"):
        for url in parsed(page).urls:
            if url.startswith("data:"):
                continue
            target, _, fragment = url.partition("#")
            file = (page.parent / target).resolve() if target else page.resolve()
            if (
                re.match(r"^[a-z]+:|^//|^/", url)  # a server: not offline
                or not file.is_file()
                or site.resolve() not in file.parents
                or (fragment and fragment not in parsed(file).ids)
            ):
                broken.append((str(page.relative_to(site)), url))
    return broken


def test_every_link_resolves_inside_the_site(site: Path) -> None:
    assert broken_links(site) == []
    text = (site / "it" / "index.html").read_text()
    assert "<script" not in text and "<form" not in text


def test_the_standings_are_the_librarys(site: Path, small: Path) -> None:
    s = rank(parse_trf(SMALL, "small.trf"), "BH")
    rows = [cells for cells in parsed(site / "it" / "index.html").cells if cells]
    head, body = rows[0], rows[1:]
    assert head[-1] == "BH" and head[6] == "Punti"
    # place, number, name, points, BH: by hand above, in Italian (½, decimal comma)
    got = [(r[0], r[1], r[3], r[6], r[7]) for r in body]
    assert got == [
        ("1", "1", "Player 1", "2", "1,5"),
        ("2", "2", "Player 2", "1", "2,5"),
        ("3", "3", "Player 3", "½", "2,5"),
        ("4", "4", "Player 4", "½", "1,5"),
    ]
    assert [row.player.start_number for row in s.rows] == [int(r[1]) for r in body]
    english = [(r[6], r[7]) for r in parsed(site / "en" / "index.html").cells[1:] if r]
    assert english == [("2", "1.5"), ("1", "2.5"), ("0.5", "2.5"), ("0.5", "1.5")]
    assert tied_neighbours(s) == [(3, 4)]


def test_the_site_shows_what_the_web_page_shows(site: Path) -> None:
    from fastapi.testclient import TestClient

    from spareggio.web import create_app

    client = TestClient(create_app(), base_url="http://127.0.0.1")
    opened = client.post("/open", files={"file": ("small.trf", SMALL.encode())}, follow_redirects=False)
    page = client.get(opened.headers["location"], params={"tiebreaks": "BH", "lang": "it"})
    web = Links()
    web.feed(page.text)
    assert [c for c in web.cells if c] == [c for c in parsed(site / "it" / "index.html").cells if c]


def test_a_player_sees_every_numbers_source(site: Path) -> None:
    page = (site / "en" / "player" / "3.html").read_text()
    # BH of player 3 = 2.5: opponent 4 (½ point) in round 1 and opponent 1 (2 points) in round 2
    assert "2.5" in page and "Player 4" in page and "Player 1" in page
    assert 'href="../pair/3-4.html"' in page  # the neighbour level on points
    assert '<p class="meta player-facts">ITA · 2370</p>' in page  # hidden from the standings on a phone
    pair = (site / "en" / "pair" / "3-4.html").read_text()
    assert "BH decides: 2.5 against 1.5" in pair
    italian = (site / "it" / "pair" / "3-4.html").read_text()
    assert "BH decide: 2,5 contro 1,5" in italian


def test_the_prizes_and_their_reasons(site: Path) -> None:
    page = (site / "it" / "prizes.html").read_text()
    # general prizes 100 and 50 to the first two places: players 1 and 2
    assert re.search(r'<a href="player/1.html">Player 1</a>.*?100', page, re.DOTALL)
    assert re.search(r'<a href="player/2.html">Player 2</a>.*?50', page, re.DOTALL)
    assert page.count('<section class="award"') == 2
    assert "rules.html" in page


def test_the_rule_set_and_its_reason(site: Path) -> None:
    page = (site / "en" / "rules.html").read_text()
    # the file starts on 1 June 2026: the rules of 1 March 2026 apply, and the page says why
    assert "Why this rule set: start date 2026-06-01 is on or after 2026-03-01." in page
    assert "<strong>FIDE C.07 from 1 March 2026</strong>" in page
    assert "dummy opponent" in page  # how unplayed rounds count under it, in words
    assert "<li>BH: Buchholz (C.07 8.1)</li>" in page


def test_one_language_opens_at_once(small: Path, tmp_path: Path) -> None:
    out = tmp_path / "one"
    code, _out, err = run("site", str(small), "-o", str(out), "--lang", "fr")
    assert code == 0, err
    assert (out / "fr" / "index.html").is_file() and not (out / "en").exists()
    assert 'href="fr/player/1.html"' in (out / "index.html").read_text()
    assert "Classement" in (out / "fr" / "index.html").read_text()


def test_a_site_is_replaced_whole(site: Path, small: Path) -> None:
    stale = site / "it" / "player" / "99.html"
    stale.write_text("old")
    code, _out, err = run("site", str(small), "-o", str(site), "--lang", "en")
    assert code == 0, err
    assert not (site / "it").exists() and (site / "en" / "index.html").is_file()
    assert not [p for p in site.parent.iterdir() if p.name.startswith(".spareggio")]


@pytest.mark.parametrize("where", ["input-folder", "foreign-folder", "a-file"])
def test_outputs_that_are_refused(small: Path, tmp_path: Path, where: str) -> None:
    if where == "input-folder":
        out = small.parent  # it holds the tournament file: replacing it would delete the input
    elif where == "foreign-folder":
        out = tmp_path / "photos"
        out.mkdir()
        (out / "me.jpg").write_bytes(b"\xff\xd8")
    else:
        out = tmp_path / "file.html"
        out.write_text("x")
    before = sorted(p.name for p in out.parent.iterdir())
    code, _out, err = run("site", str(small), "-o", str(out))
    assert code == 2
    assert err.startswith("spareggio: ") and len(err.strip().splitlines()) == 1
    assert sorted(p.name for p in out.parent.iterdir()) == before  # nothing written, nothing left
    assert small.read_text() == SMALL


def test_a_failed_write_leaves_the_old_site(site: Path) -> None:
    before = sorted(str(p.relative_to(site)) for p in site.rglob("*"))
    with pytest.raises(OSError):
        write_site(site, {"x.html": b"new", "x.html/inside.html": b"cannot be"})
    assert sorted(str(p.relative_to(site)) for p in site.rglob("*")) == before
    assert not [p for p in site.parent.iterdir() if p.name.startswith(".spareggio")]


def test_the_site_says_its_pages_in_the_language(small: Path, tmp_path: Path) -> None:
    code, said, _err = run("site", str(small), "-o", str(tmp_path / "s"), "--lang", "it")
    assert code == 0
    assert said.startswith(
        "9 pagine scritte in "
    )  # the front page; standings, crosstable, rules; 4 players; 1 pair
    assert os.path.isfile(tmp_path / "s" / "it" / "pair" / "3-4.html")


def test_a_team_event_is_published_with_its_teams(tmp_path: Path) -> None:
    source = Path(__file__).resolve().parent / "data" / "teams" / "four-teams.trf"
    out = tmp_path / "teams"
    code, _out, err = run("site", str(source), "-o", str(out), "--lang", "it", "-q")
    assert code == 0, err
    page = parsed(out / "it" / "index.html")
    head = next(c for c in page.cells if c)
    assert head[2] == "Squadra" and "MP" in head and "Punti" not in head  # teams and match points
    teams = [c for c in page.cells[1:] if c]
    assert len(teams) == 4
    assert broken_links(out) == []
    assert (out / "it" / "player" / "1.html").is_file()


def test_names_from_the_file_are_escaped_on_every_page(tmp_path: Path) -> None:
    source = Path(__file__).resolve().parent / "data" / "dialects" / "hostile-names.trf"
    out = tmp_path / "hostile"
    code, _out, err = run("site", str(source), "-o", str(out), "--lang", "en", "-q")
    assert code == 0, err
    pages = list(out.rglob("*.html"))
    assert pages
    assert not [p for p in pages if "<script" in p.read_text(encoding="utf-8")]
    assert any("&lt;script&gt;" in p.read_text(encoding="utf-8") for p in pages)
    assert broken_links(out) == []


@pytest.mark.parametrize(
    ("langs", "said"), [("it,xx", "unknown language 'xx'"), (",", "--lang names no language")]
)
def test_a_bad_language_list_is_one_line(small: Path, tmp_path: Path, langs: str, said: str) -> None:
    out = tmp_path / "never"
    code, _out, err = run("site", str(small), "-o", str(out), "--lang", langs)
    assert code == 2 and said in err and len(err.strip().splitlines()) == 1
    assert not out.exists()
