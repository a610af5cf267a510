"""The HTML report of ``spareggio check``: the summary first, an index, the files that differ and
the errors before the agreements, which are one line each; and what the command prints around it."""

from __future__ import annotations

import dataclasses
import io
import json
import re
import sys
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import pytest

from builders import run_cli as run
from spareggio.check import CheckOptions, check_files
from spareggio.check.entry import CheckEntry, Status
from spareggio.cli import main
from spareggio.cli.check import CLEAR_LINE
from spareggio.render.check_report import report_text
from test_check import archive  # noqa: F401 - the fixture: a right, a wrong, a bad file, a zip

OPTIONS = CheckOptions(tiebreaks="BH/C1,BH,SB")


class Page(HTMLParser):
    """The parts of a report page, in document order: headings, sections, ids, links, rows."""

    def __init__(self) -> None:
        super().__init__()
        self.order: list[tuple[str, str]] = []  # (tag, id or class)
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.rows: dict[str, list[str]] = {}  # a row's id -> its cells
        self._row: str | None = None
        self._cell: str | None = None
        self.sections = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"] or "")
        if tag in ("h1", "h2", "nav", "section", "p") and (a.get("id") or a.get("class")):
            self.order.append((tag, a.get("id") or a.get("class") or ""))
        if tag == "section":
            self.sections += 1
        if tag == "a" and a.get("href"):
            self.links.append(a["href"] or "")
        if tag == "tr" and a.get("id"):
            self._row = a["id"]
            self.rows[self._row or ""] = []
        if tag in ("td", "th") and self._row:
            self._cell = ""

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._row and self._cell is not None:
            self.rows[self._row].append(self._cell)
            self._cell = None
        if tag == "tr":
            self._row = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell += data


def _page(text: str) -> Page:
    page = Page()
    page.feed(text)
    return page


def test_the_page_reads_summary_index_differences_errors_then_agreements(archive: Path) -> None:  # noqa: F811
    entries = list(check_files([str(archive)], OPTIONS, jobs=1))
    text = report_text(entries, "html", seconds=1.5)
    page = _page(text)
    kinds = [name for _tag, name in page.order if name != "index-title"]
    # the summary, then the index, then the parts: differs, errors, agree, no ranks
    assert kinds[:3] == ["summary", "index", "differs"]
    assert [k for k in kinds if k in ("differs", "error", "agree", "no-ranks")] == [
        "differs", "error", "agree", "no-ranks"
    ]  # fmt: skip
    assert "6 files: 2 agree, 2 differ, 1 without ranks, 1 error" in text
    # one section for each file that differs; the others are one line of a table
    assert page.sections == 2
    # every link of the index leads to an anchor of the page
    local = [h for h in page.links if h.startswith("#")]
    assert local and all(h[1:] in page.ids for h in local)
    # the index names each file that differs and each error, with its link
    index = text[text.index('id="index"') : text.index('<h2 id="differs"')]
    for name in ("wrong.trf", "club.zip!a/wrong.trf", "bad.trf"):
        assert name in index
    assert index.count('href="#f') == 3  # 2 differ + 1 error: agreements are reached by their table
    assert "2 players misplaced" in index
    # the agreements: a row each with the rule set, the list and the number of ranked players
    rows = [cells for cells in page.rows.values() if len(cells) == 6]
    agree = sorted(c[0].rsplit("/", 1)[-1] for c in rows)
    assert agree == ["plain.txt", "right.trf", "right.trf"]
    right = next(c for c in rows if c[0].endswith("right.trf"))
    assert right[2:5] == ["fide-2026", "BH/C1, BH, SB", "6"]


def test_the_section_of_a_file_that_differs_lists_its_misplaced_players(archive: Path) -> None:  # noqa: F811
    entries = list(check_files([str(archive / "2026" / "wrong.trf")], OPTIONS, jobs=1))
    text = report_text(entries, "html")
    section = text[text.index("<section") : text.index("</section>")]
    # wrong.trf declares 1 and 5 in each other's places (RIGHT in test_check: 1 is 3rd, 5 is 4th);
    # they are level on points (1.5), BH/C1 decides: 5.5 for 1 against 3 for 5 (test_table_report_in_words)
    rows = [
        [cell for cell in row.replace("</td>", "|").replace("</th>", "|").split("|") if cell]
        for row in section.split("<tr>")[2:]
    ]
    strip = [[c.rsplit(">", 1)[-1] for c in row if ">" in c][:8] for row in rows]
    assert strip == [
        ["1", "Player 1", "4", "3", "1.5", "5", "BH/C1", "1: 5.5, 5: 3"],
        ["5", "Player 5", "3", "4", "1.5", "1", "BH/C1", "5: 3, 1: 5.5"],
    ]
    assert 'href="#index"' in section


def test_a_thousand_files_make_a_page_one_can_find_ones_way_in(archive: Path) -> None:  # noqa: F811
    # 10 files that differ and 990 that agree: the agreements are a table of short lines
    entries = list(check_files([str(archive)], OPTIONS, jobs=1))
    differs = next(e for e in entries if e.status is Status.DIFFERS)
    agrees = next(e for e in entries if e.status is Status.AGREE)
    many: list[CheckEntry] = [dataclasses.replace(differs, file=f"d/{i:04d}.trf") for i in range(10)]
    many += [dataclasses.replace(agrees, file=f"a/{i:04d}.trf") for i in range(990)]
    text = report_text(many, "html")
    page = _page(text)
    assert page.sections == 10
    assert len([r for r in page.rows if r.startswith("f")]) == 990
    assert len(text.encode()) < 300_000  # about 150 bytes a file that agrees
    index = text[text.index('id="index"') : text.index('<h2 id="differs"')]
    assert index.count('href="#f') == 10 and 'href="#agree"' in index
    assert all(h[1:] in page.ids for h in page.links if h.startswith("#"))


def test_the_summary_is_printed_when_the_report_goes_to_a_file(archive: Path, tmp_path: Path) -> None:  # noqa: F811
    target = tmp_path / "report.html"
    code, out, err = run("check", str(archive), "-t", "BH/C1,BH,SB", "-o", str(target), "-j", "1")
    assert code == 2  # the batch has a bad file
    assert out.startswith("6 files: 2 agree, 2 differ, 1 without ranks, 1 error (")
    assert out.rstrip().endswith(f"report written to {target}")
    assert err == ""
    assert target.read_text().startswith("<!DOCTYPE html>")


def test_the_summary_is_said_in_the_language_asked(archive: Path, tmp_path: Path) -> None:  # noqa: F811
    target = tmp_path / "report.json"
    code, out, _err = run(
        "--lang", "it", "check", str(archive / "2026"), "-t", "BH/C1,BH,SB", "-o", str(target)
    )
    assert code == 1
    assert out.startswith("2 file: 1 coincide, 1 diverso, 0 senza classifica, 0 errori (")
    assert "rapporto scritto in" in out


def test_a_document_on_standard_output_stays_alone(archive: Path) -> None:  # noqa: F811
    code, out, err = run("check", str(archive / "2026"), "-t", "BH/C1,BH,SB", "-f", "json")
    assert code == 1
    assert json.loads(out)["summary"]["files"] == 2  # standard output: the JSON document only
    assert err.startswith("2 files: 1 agrees, 1 differs, 0 without ranks, 0 errors (")
    # the text table ends with the summary already: it is not printed twice
    code, out, err = run("check", str(archive / "2026"), "-t", "BH/C1,BH,SB")
    assert out.count("2 files:") == 1 and err == ""


@pytest.mark.parametrize(("lang", "label"), [("en", "checking"), ("it", "verifica")])
def test_the_progress_bar_is_erased_at_the_end(
    archive: Path,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
    lang: str,
    label: str,
) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["--lang", lang, "check", str(archive / "2026"), "-t", "BH/C1,BH,SB", "-j", "1"]) == 1
    drawn = terminal.getvalue()
    assert label in drawn and "100%" in drawn  # the bar was drawn, in the language asked...
    assert drawn.endswith(CLEAR_LINE)  # ...and its last frame erased, the cursor shown again
    assert not drawn.endswith("\n" + CLEAR_LINE)


@pytest.mark.parametrize(
    ("lang", "status"),
    [
        (
            "en",
            "The declared ranks agree, but 1 printed value differs from the computed one.",
        ),
        (
            "it",
            "Le posizioni dichiarate coincidono, ma 1 valore stampato è diverso da quello calcolato.",
        ),
    ],
)
def test_the_check_page_shows_the_printed_values_that_differ(tmp_path: Path, lang: str, status: str) -> None:
    # a results page whose ranks are right but which prints ARO 2000 for player 5, who played no game
    # (C.07 10 leaves it undefined; no program's form prints a number there: a real difference)
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from spareggio.web import create_app
    from test_chess_results_page import swiss_manager_page

    path = swiss_manager_page(tmp_path, aro_of_5=Fraction(2000))
    client = TestClient(create_app([str(path)]), base_url="http://127.0.0.1")
    token = client.app.state.store.entries()[-1].token  # type: ignore[attr-defined]
    page = client.get(f"/t/{token}/check", params={"lang": lang})
    assert page.status_code == 200
    text = " ".join(page.text.split())
    assert status in text  # not "differs for 0 players"
    row = re.search(r'<table class="values-differ".*?<tbody>(.*?)</tbody>', page.text, re.DOTALL)
    assert row is not None
    cells = [
        re.sub(r"<[^>]+>", "", c).strip()
        for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row.group(1), re.DOTALL)
    ]
    assert cells[:5] == ["5", "Player 5", "ARO", "2000", "–"]


@pytest.mark.parametrize(
    ("team", "lang", "words"),
    [
        (False, "en", "2 players misplaced"),
        (True, "en", "2 teams misplaced"),
        (True, "it", "2 squadre fuori posto"),
    ],
)
def test_the_index_counts_players_or_teams(archive: Path, team: bool, lang: str, words: str) -> None:  # noqa: F811
    (entry,) = check_files([str(archive / "2026" / "wrong.trf")], OPTIONS, jobs=1)
    text = report_text([dataclasses.replace(entry, team_event=team)], "html", lang=lang)
    index = text[text.index('id="index"') : text.index('<h2 id="differs"')]
    assert words in index
