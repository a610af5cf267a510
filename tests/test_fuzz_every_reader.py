"""Any bytes, in every format spareggio reads, give a result or a one-line error, in every output
format (issue 33): the property of ``tests/fuzzing.py`` with a small budget for the suite, and the
small files that broke the readers, the renderers, the command line and the web page.

``pytest -m fuzz`` runs ``SPAREGGIO_FUZZ_EXAMPLES`` inputs per reader (default 20000);
``benchmarks/fuzz.py`` counts a long run for docs/security.md.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from event_formats import SWISS, tdf, veg
from fuzzing import SEEDS, check_input, edited
from spareggio.base.errors import InputError, SpareggioError
from spareggio.cli import main
from spareggio.io import READERS, parse_event
from spareggio.render.formats import render
from spareggio.standings import rank
from test_robustness import tournament_json

QUICK = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), database=None)
"""About 25 inputs per reader: a few seconds for the eight readers."""
LONG = settings(
    max_examples=int(os.environ.get("SPAREGGIO_FUZZ_EXAMPLES", "20000")),
    deadline=None,
    suppress_health_check=list(HealthCheck),
)




def _readers() -> list[str]:
    return sorted(SEEDS)


@pytest.mark.parametrize("reader", _readers())
@QUICK
@given(data=st.data())
def test_any_bytes_are_read_and_written_or_refused_on_one_line(reader: str, data: st.DataObject) -> None:
    check_input(reader, data.draw(edited(reader)))


def test_every_reader_of_the_registry_is_fuzzed() -> None:
    assert sorted(SEEDS) == sorted(r.name for r in READERS)


@pytest.mark.parametrize("reader", sorted(SEEDS))
def test_the_seed_of_every_reader_is_read_and_written(reader: str) -> None:
    # the property is not empty: the unedited file goes all the way through every output
    assert check_input(reader, SEEDS[reader][1]) == "read"


@pytest.mark.fuzz
@pytest.mark.parametrize("reader", _readers())
@LONG
@given(data=st.data())
def test_long_fuzz_every_reader(reader: str, data: st.DataObject) -> None:
    check_input(reader, data.draw(edited(reader)))


# -- the small files of issue 33 -------------------------------------------------------------------


def _tdf_scoring(value: str) -> bytes:
    """The Swiss of event_formats as .tdf with record 142 (points for a win and a draw) replaced."""
    return tdf(SWISS).replace("142 1.0 0.5", f"142 {value}").encode()


def _tdf_points(value: str) -> bytes:
    """The .tdf with player 1's points column (field 11 of the row) replaced."""
    lines = tdf(SWISS).split("\n")
    k = next(k for k, line in enumerate(lines) if line.startswith("001 "))
    fields = lines[k].split(" | ")
    fields[10] = value
    lines[k] = " | ".join(fields)
    return "\n".join(lines).encode()


def _veg_without_players() -> bytes:
    """The .veg with a player count of 0 and empty round sections."""
    lines = veg(SWISS).split("\n")
    k = lines.index("NAME;COUNTRY;BIRTHDAY;G;TITLE;IDFIDE;ELOFIDE;IDNAT;ELONAT;K;ISAVAL")
    lines[k - 1] = "0"
    sections = ["# players color", "# players opponent", "# players floater", "# round results"]
    return "\n".join([*lines[: k + 1], *sections]).encode() + b"\n"


def _trf_start_date(value: str) -> bytes:
    return SEEDS["trf"][1].decode().replace("042 2026/06/01", f"042 {value}").encode()


BROKE = [
    # (id, file name, content, expected error (None: read), line:column of the error)
    ("tdf-scoring-1e300", "open.tdf", _tdf_scoring("1e300 0.5"),
     "record 142: expected points such as 1, 0.5 or 5,5 (at most 4 digits and 3 decimals), found '1e300'", "7:5"),
    ("tdf-points-1e300", "open.tdf", _tdf_points("1e300"),
     "the points: expected points such as 1, 0.5 or 5,5 (at most 4 digits and 3 decimals), found '1e300'", None),
    ("tdf-points-1e5000", "open.tdf", _tdf_points("1e5000"), "found '1e5000'", None),
    ("veg-no-player", "open.veg", _veg_without_players(), "the file has no player", "1:1"),
]  # fmt: skip
"""Files that gave a traceback (or HTTP 500) before issue 33, each now refused at its place."""


@pytest.mark.parametrize(
    ("name", "data", "error", "where"), [b[1:] for b in BROKE], ids=[b[0] for b in BROKE]
)
def test_the_files_that_broke_are_refused_at_their_place(
    name: str, data: bytes, error: str, where: str | None
) -> None:
    with pytest.raises(InputError) as info:
        parse_event(data, name)
    assert error in str(info.value) and "\n" not in str(info.value)
    if where is not None:
        assert str(info.value).startswith(f"{name}:{where}: ")


@pytest.mark.parametrize("value", ["1 Jan 99999999999999999999", "31 December 99999", "Jan 1 " + "9" * 4000])
def test_a_start_date_whose_year_overflows_is_no_date(value: str) -> None:
    # a date of 20 digits made datetime raise OverflowError (int() raises past 4,300 digits)
    event = parse_event(_trf_start_date(value), "open.trf")
    assert event.tournament.start_date is None
    assert [w.code for w in event.reading_warnings() if w.code == "bad-date"] == ["bad-date"]
    undated = parse_event(SEEDS["trf"][1].decode().replace("042 2026/06/01\n", "").encode(), "open.trf")
    ranked = [(r.player.start_number, r.rank) for r in rank(event).rows]
    assert ranked == [(r.player.start_number, r.rank) for r in rank(undated).rows]  # as with no date


def test_a_lone_surrogate_in_a_json_name_is_replaced_once_where_read() -> None:
    # JSON "\ud800" is a lone surrogate no UTF-8 output can hold: CSV, JSON, HTML and PDF broke
    text = tournament_json(["Rossi", "Bianchi"]).replace('"Rossi"', '"Ros\\ud800si\\u001b"')
    event = parse_event(text.encode(), "t.json")
    assert [p.name for p in event.participants().players] == ["Ros\ufffdsi\ufffd", "Bianchi"]
    s = rank(event, "BH")
    for fmt in ("csv", "json", "html", "table", "xlsx"):
        out = render(s, fmt)
        if isinstance(out, str):
            assert "Ros\ufffdsi\ufffd" in out and out.encode("utf-8")
    assert json.loads(render(s, "json"))["standings"][0]["name"] in ("Ros\ufffdsi\ufffd", "Bianchi")


@pytest.mark.needs_weasyprint
def test_a_lone_surrogate_in_a_json_name_prints_as_pdf() -> None:
    text = tournament_json(["Rossi", "Bianchi"]).replace('"Rossi"', '"Ros\\ud800si"')
    pdf = render(rank(parse_event(text.encode(), "t.json"), "BH"), "pdf")
    assert isinstance(pdf, bytes) and pdf.startswith(b"%PDF")


CLI_FILES = [
    ("open.tdf", _tdf_scoring("1e300 0.5")),
    ("open.veg", _veg_without_players()),
    ("bad.json", tournament_json(["Rossi", "Bianchi"]).replace('"Rossi"', '"Ros\\ud800si"').encode()),
    ("open.trf", _trf_start_date("1 Jan 99999999999999999999")),
]


@pytest.mark.parametrize(("name", "data"), CLI_FILES, ids=[c[0] for c in CLI_FILES])
@pytest.mark.parametrize(
    "command", [["standings", "-f", "csv"], ["standings", "-f", "html"], ["explain", "-p", "1"]]
)
def test_the_command_line_answers_or_refuses_on_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, data: bytes, command: list[str]
) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    code = main([*command[:1], str(path), *command[1:], "-q"])
    out, err = capsys.readouterr()
    if code == 2:  # refused: one line naming the file
        assert err.count("\n") == 1 and str(path) in err, err
    else:
        assert code == 0 and "Traceback" not in err and out.encode("utf-8")


@pytest.mark.parametrize(("name", "data"), CLI_FILES, ids=[c[0] for c in CLI_FILES])
def test_the_web_page_and_the_api_answer_4xx_never_500(name: str, data: bytes) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from spareggio.web import create_app

    c = TestClient(create_app(), base_url="http://127.0.0.1", raise_server_exceptions=False)
    statuses = [
        c.post("/api/standings", files={"file": (name, data)}, data={"format": fmt}).status_code
        for fmt in ("json", "csv", "html", "xlsx", "table")
    ]
    statuses.append(c.post("/api/explain", files={"file": (name, data)}, data={"player": "1"}).status_code)
    opened = c.post("/open", files={"file": (name, data)}, follow_redirects=False)
    statuses.append(opened.status_code)
    if opened.status_code == 303:
        where = opened.headers["location"]
        statuses += [
            c.get(where + page).status_code for page in ("", "/player/1", "/crosstable", "/download/csv")
        ]
    assert all(s in (200, 303) for s in statuses) or all(400 <= s < 500 for s in statuses), statuses
    assert max(statuses) < 500


def test_the_reader_errors_of_the_cases_are_spareggio_errors() -> None:
    # the table above really is refused by the readers (not read): a guard on the test's own inputs
    for name, data in CLI_FILES[:2]:
        with pytest.raises(SpareggioError):
            parse_event(data, name)
