"""The one job seam (spareggio.job): a request read, ranked and computed by one function, the same
for a path and for the bytes of the file, for the command line and the HTTP API."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spareggio import ArgumentError, SpareggioError
from spareggio.base.i18n import Field, localize, worded
from spareggio.base.jsontypes import JsonObject
from spareggio.check import CheckEntry
from spareggio.cli import main
from spareggio.comparison import Comparison
from spareggio.explain import PlayerExplanation, explain_versus
from spareggio.generate import generate_trf
from spareggio.io import ReadOptions, parse_event, read_event
from spareggio.job import CheckBatch, Job, Task, load, run
from spareggio.prizes import PrizeList, parse_prize_bytes
from spareggio.render.check_report import report_text
from spareggio.render.formats import format_names, render
from spareggio.standings import Standings, rank
from spareggio.web import create_app
from spareggio.web.api import api_formats
from spareggio.web.i18n import said

TRF = generate_trf(10, 5, 7)  # a Swiss of ten players, five rounds, seed 7


@pytest.fixture
def path(tmp_path: Path) -> Path:
    p = tmp_path / "open.trf"
    p.write_text(TRF, encoding="utf-8")
    return p


def ranks(s: Standings) -> list[tuple[int, int, str]]:
    return [(r.rank, r.player.start_number, str(r.points)) for r in s.rows]


def test_a_path_and_its_bytes_give_the_standings_rank_gives(path: Path) -> None:
    by_path = run(Job(Task.STANDINGS, path, tiebreaks="BH/C1,SB"))
    by_bytes = run(Job(Task.STANDINGS, path.read_bytes(), "open.trf", tiebreaks="BH/C1,SB"))
    direct = rank(read_event(path), "BH/C1,SB")
    assert isinstance(by_path.value, Standings) and isinstance(by_bytes.value, Standings)
    assert ranks(by_path.value) == ranks(by_bytes.value) == ranks(direct)
    assert by_path.value.labels == direct.labels == ["BH/C1", "SB"]
    assert render(by_path.value, "json") == render(direct, "json")


def test_each_task_gives_its_result(path: Path) -> None:
    explained = run(Job(Task.EXPLAIN, path, player="3"))
    assert isinstance(explained.value, PlayerExplanation) and explained.standings is not None
    compared = run(Job(Task.COMPARE, path, rule_sets=("fide2024", "naive")))
    assert isinstance(compared.value, Comparison) and compared.standings is None
    assert compared.value.rules == ["fide-2024", "naive"] and len(compared.value.standings) == 2


def test_warnings_are_reported_before_the_task_fails(tmp_path: Path) -> None:
    # player 1's points column says 9.5 where the results add up to 4.0: a warning of the reading
    lines = TRF.splitlines()
    first = next(k for k, line in enumerate(lines) if line.startswith("001"))
    assert lines[first][80:84] == " 4.0"
    lines[first] = lines[first][:80] + " 9.5" + lines[first][84:]
    path = tmp_path / "wrong.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    heard: list[object] = []
    with pytest.raises(ArgumentError):
        run(Job(Task.EXPLAIN, path, player="no such player"), report=heard.extend)
    assert [getattr(w, "code", None) for w in heard] == ["points-mismatch"]
    assert heard == list(run(Job(Task.STANDINGS, path)).warnings)


def test_a_primary_score_for_players_names_the_field(path: Path) -> None:
    # the same sentence for every front end: the library and the API say the field's name, the
    # command line its option
    with pytest.raises(ArgumentError) as info:
        load(Job(Task.STANDINGS, path, primary="MP"))
    assert str(info.value) == f"primary MP: {path} is not a team event (no records 310 or 013)"
    with worded(lambda field, lang: "--" + str(field) if field is Field.PRIMARY else str(field)):
        said = localize(info.value.text(), "en")
    assert said == f"--primary MP: {path} is not a team event (no records 310 or 013)"


def test_the_command_line_and_the_api_render_the_same_result(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["standings", str(path), "-t", "BH/C1,SB", "-f", "json", "-q"]) == 0
    cli = json.loads(capsys.readouterr().out)
    client = TestClient(create_app(), base_url="http://127.0.0.1")
    api = client.post(
        "/api/standings", files={"file": ("open.trf", TRF.encode())}, data={"tiebreaks": "BH/C1,SB"}
    ).json()
    assert [e["start_number"] for e in cli["standings"]] == [e["start_number"] for e in api["standings"]]
    assert cli["standings"] == api["standings"]


def test_reading_options_reach_the_reader(path: Path) -> None:
    ev = load(Job(Task.STANDINGS, path, read=ReadOptions(lenient=True)))
    assert ev.tournament.n_players == 10


# --------------------------------------------------------------------------------------------------
# every kind of job: the command line, the HTTP API and the web page ask the one seam (job.run) and
# give the same answer; the page's numbers are those of its own downloads and of its tables

PRIZES = (Path(__file__).resolve().parent.parent / "src" / "spareggio" / "web" / "prize-example.toml").read_bytes()


@pytest.fixture
def client() -> TestClient:
    return TestClient(create_app(), base_url="http://127.0.0.1")


def opened(client: TestClient, name: str, data: bytes) -> str:
    """The address of the page of a file opened on the web page."""
    r = client.post("/open", files={"file": (name, data)}, follow_redirects=False)
    assert r.status_code == 303
    return str(r.headers["location"])


def cli_json(capsys: pytest.CaptureFixture[str], *argv: str) -> JsonObject:
    assert main([*argv, "-f", "json", "-q"]) in (0, 1)  # check: 1 when a declared rank differs
    doc = json.loads(capsys.readouterr().out)
    assert isinstance(doc, dict)
    return doc


def without_source(doc: JsonObject) -> JsonObject:
    """A document without what names the file read (a path on the command line, a name elsewhere)."""
    return {k: v for k, v in doc.items() if k not in ("tournament", "file", "source")}


def test_standings_the_same_from_every_front_end(
    path: Path, client: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    cli = cli_json(capsys, "standings", str(path), "-t", "BH/C1,SB")
    api = client.post("/api/standings", files={"file": ("open.trf", TRF.encode())}, data={"tiebreaks": "BH/C1,SB"}).json()
    page = opened(client, "open.trf", TRF.encode())
    download = client.get(f"{page}/download/json?tiebreaks=BH/C1,SB").json()
    assert without_source(cli) == without_source(api) == without_source(download)
    # the page's table: its rows in the order of the seam's standings
    html = client.get(f"{page}?tiebreaks=BH/C1,SB").text
    order = [int(n) for n in re.findall(r'<tr id="p\d+" data-sno="(\d+)"', html)]
    assert order == [e["start_number"] for e in cli["standings"]]  # type: ignore[index,union-attr]
    s = run(Job(Task.STANDINGS, path, tiebreaks="BH/C1,SB")).value
    assert isinstance(s, Standings) and order == [r.player.start_number for r in s.rows]


def test_an_explanation_the_same_from_every_front_end(
    path: Path, client: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    cli = cli_json(capsys, "explain", str(path), "-p", "3")
    api = client.post("/api/explain", files={"file": ("open.trf", TRF.encode())}, data={"player": "3"}).json()
    page = client.get(f"{opened(client, 'open.trf', TRF.encode())}/player/3/download/json").json()
    assert without_source(cli) == without_source(api) == without_source(page)
    assert cli["player"]["start_number"] == 3  # type: ignore[index,call-overload]


def test_a_comparison_the_same_from_every_front_end(
    path: Path, client: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    cli = cli_json(capsys, "compare", str(path), "--rules", "fide-2024,naive")
    api = client.post(
        "/api/compare", files={"file": ("open.trf", TRF.encode())}, data={"rules": "fide-2024,naive"}
    ).json()
    page = opened(client, "open.trf", TRF.encode())
    download = client.get(f"{page}/compare/download/json?with=fide-2024&with=naive").json()
    assert without_source(cli) == without_source(api) == without_source(download)
    assert cli["rules"] == ["fide-2024", "naive"]


def test_a_crosstable_the_same_from_every_front_end(
    path: Path, client: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    cli = cli_json(capsys, "crosstable", str(path))
    api = client.post("/api/crosstable", files={"file": ("open.trf", TRF.encode())}).json()
    download = client.get(f"{opened(client, 'open.trf', TRF.encode())}/crosstable/download/json").json()
    assert without_source(cli) == without_source(api) == without_source(download)
    assert len(cli["rows"]) == 10  # type: ignore[arg-type]


def test_the_prizes_the_same_from_every_front_end(
    path: Path, tmp_path: Path, client: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    prizes = tmp_path / "prizes.toml"
    prizes.write_bytes(PRIZES)
    cli = cli_json(capsys, "prizes", str(path), "--prizes", str(prizes))
    api = client.post(
        "/api/prizes", files={"file": ("open.trf", TRF.encode()), "prizes": ("prizes.toml", PRIZES)}
    ).json()
    assert without_source(cli) == without_source(api)
    # the page's prize list: the same holders, in the same order, with the same amounts
    html = client.post(f"{opened(client, 'open.trf', TRF.encode())}/prizes", data={"text": PRIZES.decode()}).text
    rows = re.findall(r'<tr><td>[^<]*</td><td class="num">[^<]*</td><td class="num">(\d*)</td><th scope="row">', html)
    holders = [str(a["holder"]["start_number"]) if a["holder"] else "" for a in cli["awards"]]  # type: ignore[index,union-attr]
    assert rows == holders and len(holders) == 9  # 5 general, 1 woman, 1 under 16, 2 under 1800
    spec = parse_prize_bytes(PRIZES, "prizes.toml")
    pl = run(Job(Task.PRIZES, path, prizes=spec)).value
    assert isinstance(pl, PrizeList)
    assert [str(pl.standings.tournament.players[a.holder].start_number) if a.holder is not None else "" for a in pl.awards] == holders


def declared_the_other_way(data: str) -> tuple[str, int, int]:
    """The file with the computed ranks (the trf format), then its first two declared the other way
    round; and the start numbers of those two."""
    s = rank(parse_event(data.encode(), "open.trf"))
    text = render(s, "trf")
    assert isinstance(text, str)
    first, second = s.rows[0].player.start_number, s.rows[1].player.start_number
    lines = []
    for line in text.splitlines():
        if line.startswith("001") and int(line[4:8]) in (first, second):
            line = line[:85] + f"{2 if int(line[4:8]) == first else 1:>4}" + line[89:]
        lines.append(line)
    return "\n".join(lines) + "\n", first, second


def test_a_check_the_same_from_every_front_end(
    tmp_path: Path, client: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    text, first, second = declared_the_other_way(TRF)
    data = text.encode()
    path = tmp_path / "declared.trf"
    path.write_bytes(data)
    cli = cli_json(capsys, "check", str(path))
    api = client.post("/api/check", files={"file": ("declared.trf", data)}).json()
    entries = [doc["files"][0] for doc in (cli, api)]  # type: ignore[index]
    assert [e["status"] for e in entries] == ["differs", "differs"]
    mismatches = [[(m["start_number"], m["declared_rank"], m["computed_rank"]) for m in e["mismatches"]] for e in entries]
    assert mismatches[0] == mismatches[1] == sorted([(first, 2, 1), (second, 1, 2)], key=lambda m: m[2])
    html = client.get(f"{opened(client, 'declared.trf', data)}/check").text
    found = re.findall(r'<tr><td class="num">(\d+)</td>.*?<td class="num">(\d+)</td><td class="num">(\d+)', html, re.DOTALL)
    assert [tuple(int(x) for x in row) for row in found] == mismatches[0]
    assert "The declared ranking differs for 2 players." in html
    entry = run(Job(Task.CHECK, data, "declared.trf")).value
    assert isinstance(entry, CheckEntry) and entry.to_json()["mismatches"] == entries[0]["mismatches"]
    by_path = run(Job(Task.CHECK, path)).value
    assert isinstance(by_path, CheckEntry) and by_path.to_json()["mismatches"] == entries[0]["mismatches"]


def without_seconds(doc: JsonObject) -> JsonObject:
    """A report without the time it took."""
    summary = doc["summary"]
    assert isinstance(summary, dict)
    return {**doc, "summary": {k: v for k, v in summary.items() if k != "seconds"}}


def test_the_command_lines_check_of_a_folder_is_the_jobs_batch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a folder of four files: one whose first two declared ranks are swapped, one declaring the
    # computed ranks, one declaring none, one that is not a tournament
    folder = tmp_path / "event"
    (folder / "sub").mkdir(parents=True)
    swapped, first, second = declared_the_other_way(TRF)
    (folder / "a-swapped.trf").write_text(swapped, encoding="utf-8")
    computed = render(rank(parse_event(TRF.encode(), "open.trf")), "trf")
    assert isinstance(computed, str)
    (folder / "b-computed.trf").write_text(computed, encoding="utf-8")
    (folder / "sub" / "c-no-ranks.trf").write_text(generate_trf(6, 3, 11), encoding="utf-8")
    (folder / "d-broken.trf").write_text("012 no players at all\n", encoding="utf-8")
    # the command line: an error row makes the exit status 2, the report is still written whole
    assert main(["check", str(folder), "-f", "json", "-q", "-j", "1"]) == 2
    cli = json.loads(capsys.readouterr().out)
    # the job: the same request, the same entries, the same report
    result = run(Job(Task.CHECK_FILES, (str(folder),), jobs=1))
    assert isinstance(result.value, CheckBatch) and result.event is None and result.standings is None
    assert result.value.files() == 4
    entries = list(result.value)
    assert sorted(e.to_json()["file"] for e in entries) == sorted(  # type: ignore[type-var]
        str(folder / n) for n in ("a-swapped.trf", "b-computed.trf", "d-broken.trf", "sub/c-no-ranks.trf")
    )
    job = json.loads(report_text(entries, "json"))
    assert without_seconds(cli) == without_seconds(job)
    by_file = {f["file"].rsplit("/", 1)[-1]: f for f in cli["files"]}
    assert {name: f["status"] for name, f in by_file.items()} == {
        "a-swapped.trf": "differs", "b-computed.trf": "agree", "c-no-ranks.trf": "no-ranks", "d-broken.trf": "error",
    }  # fmt: skip
    swaps = [(m["start_number"], m["declared_rank"], m["computed_rank"]) for m in by_file["a-swapped.trf"]["mismatches"]]
    assert sorted(swaps) == sorted([(first, 2, 1), (second, 1, 2)])
    assert cli["summary"]["files"] == 4 and cli["summary"]["differs"] == cli["summary"]["error"] == 1
    # each entry of the batch is the check of that file alone (Task.CHECK of its content)
    for e in entries:
        alone = run(Job(Task.CHECK, Path(e.file).read_bytes(), e.file)).value
        assert isinstance(alone, CheckEntry) and alone.to_json() == e.to_json()


def test_the_options_of_a_check_of_many_files_are_checked_before_the_batch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # one error, not a row for each file: the library names the field, the command line its option
    (tmp_path / "open.trf").write_text(TRF, encoding="utf-8")
    with pytest.raises(ArgumentError) as info:
        run(Job(Task.CHECK_FILES, (str(tmp_path),), after_round=-1))
    assert str(info.value) == "after_round must be 0 or more"
    assert main(["check", str(tmp_path), "--after-round", "-1", "-q"]) == 2
    assert capsys.readouterr().err == "spareggio: --after-round must be 0 or more\n"
    assert main(["--lang", "it", "check", str(tmp_path), "--after-round", "-1", "-q"]) == 2
    assert capsys.readouterr().err == "spareggio: --after-round deve essere 0 o più\n"
    with pytest.raises(SpareggioError, match="ZZ"):
        run(Job(Task.CHECK_FILES, (str(tmp_path),), tiebreaks="ZZ"))


def test_a_check_of_content_that_cannot_be_read_is_an_entry_a_missing_path_an_error(tmp_path: Path) -> None:
    # content: as a batch checks each file, the problem is the entry's (a row of the report)
    entry = run(Job(Task.CHECK, b"012 no players at all\n", "empty.trf")).value
    assert isinstance(entry, CheckEntry) and entry.status == "error" and entry.error
    # a path: read as every task reads one, a one-line error
    with pytest.raises(SpareggioError):
        run(Job(Task.CHECK, tmp_path / "missing.trf"))


def test_each_task_names_the_formats_it_is_written_in() -> None:
    # the registry answers for each kind of job; the front ends offer what it answers
    assert format_names(Task.STANDINGS.result) == ("table", "csv", "json", "html", "pdf", "xlsx", "print", "trf")
    assert format_names(Task.PRIZES.result) == ("table", "csv", "json", "html", "pdf", "xlsx")
    assert format_names(Task.CHECK.result) == ("table", "csv", "json", "html")
    assert format_names(Task.STANDINGS.result, downloaded=True) == ("csv", "json", "html", "pdf", "xlsx", "trf")
    assert api_formats(Task.CHECK.result) == ("json", "table", "csv", "html")


def test_a_team_events_trf_the_same_from_every_front_end(
    tmp_path: Path, client: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    # the trf format of the registry: a team event's own file, its team ranks in record 310
    team = Path(__file__).resolve().parent.parent / "examples" / "team-league-2026.trf"
    data = team.read_bytes()
    out = tmp_path / "ranked.trf"
    assert main(["standings", str(team), "-o", str(out), "-q"]) == 0  # the format from the extension
    api = client.post("/api/standings", files={"file": (team.name, data)}, data={"format": "trf"})
    page = client.get(f"{opened(client, team.name, data)}/download/trf")
    assert out.read_bytes() == api.content == page.content
    s = run(Job(Task.STANDINGS, team)).value
    assert isinstance(s, Standings) and s.participant.value == "team"
    ranks = {int(line[4:7]): int(line[68:71]) for line in api.text.splitlines() if line.startswith("310")}
    assert ranks == {row.player.start_number: row.rank for row in s.rows}
    # the file is not rebuilt: every line but the team records as it was
    assert [x for x in api.text.splitlines() if not x.startswith("310")] == [
        x for x in data.decode().splitlines() if not x.startswith("310")
    ]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    players=st.integers(min_value=2, max_value=24),
    rounds=st.integers(min_value=1, max_value=7),
    seed=st.integers(min_value=0, max_value=10_000),
    tiebreaks=st.sampled_from(["BH/C1,SB", "ARO,BH", "DE,WIN,SB"]),
)
def test_any_tournament_the_api_and_the_page_answer_what_run_computes(
    client: TestClient, players: int, rounds: int, seed: int, tiebreaks: str
) -> None:
    # the invariant of the seam: whatever the tournament and the list, the HTTP API's and the page's
    # standings are the one result of job.run, written by the registry's renderer
    data = generate_trf(players, min(rounds, players - 1 + players % 2), seed).encode()
    s = run(Job(Task.STANDINGS, data, "any.trf", tiebreaks=tiebreaks)).value
    assert isinstance(s, Standings)
    expected = json.loads(render(s, "json"))
    api = client.post("/api/standings", files={"file": ("any.trf", data)}, data={"tiebreaks": tiebreaks}).json()
    page = client.get(f"{opened(client, 'any.trf', data)}/download/json?tiebreaks={tiebreaks}").json()
    assert api["standings"] == page["standings"] == expected["standings"]
    assert len(expected["standings"]) == players


@pytest.mark.parametrize(
    ("lang", "sentence"),
    [
        ("en", "{field} names player 3 again: compare him with another player"),
        ("it", "{field} indica di nuovo il giocatore 3: confrontalo con un altro giocatore"),
    ],
)
def test_a_player_compared_with_himself_is_the_librarys_sentence_everywhere(
    path: Path, client: TestClient, capsys: pytest.CaptureFixture[str], lang: str, sentence: str
) -> None:
    # explain_versus refuses the same player twice; every front end says that sentence, naming the
    # field its own way: the API by its name, the command line as its option, the page as its control
    s = run(Job(Task.STANDINGS, path)).value
    assert isinstance(s, Standings)
    with pytest.raises(ArgumentError) as info:
        explain_versus(s, 3, 3, lang)
    with pytest.raises(ArgumentError) as seam:
        run(Job(Task.EXPLAIN, path, player="3", versus="3", lang=lang))
    assert seam.value.text() == info.value.text()
    assert localize(info.value.text(), lang) == sentence.format(field="versus")
    api = client.post(
        "/api/explain", files={"file": ("open.trf", TRF.encode())}, data={"player": "3", "versus": "3", "lang": lang}
    )
    assert api.status_code == 400 and api.json() == {"error": sentence.format(field="versus")}
    assert main(["--lang", lang, "explain", str(path), "-p", "3", "--versus", "3"]) == 2
    assert capsys.readouterr().err == "spareggio: " + sentence.format(field="--versus") + "\n"
    page = client.get(f"{opened(client, 'open.trf', TRF.encode())}/player/3?versus=3&lang={lang}")
    label = {"en": "“Other player”", "it": "«Altro giocatore»"}[lang]  # the control's label
    assert page.status_code == 400 and sentence.format(field=label) in page.text
    assert said(info.value, lang) == sentence.format(field=label)
