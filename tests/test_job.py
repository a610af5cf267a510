"""The one job seam (spareggio.job): a request read, ranked and computed by one function, the same
for a path and for the bytes of the file, for the command line and the HTTP API."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from spareggio import ArgumentError
from spareggio.base.i18n import Field, localize, worded
from spareggio.cli import main
from spareggio.comparison import Comparison
from spareggio.explain import PlayerExplanation
from spareggio.generate import generate_trf
from spareggio.io import ReadOptions, read_event
from spareggio.job import Job, Task, load, run
from spareggio.render.formats import render
from spareggio.standings import Standings, rank
from spareggio.web import create_app

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
