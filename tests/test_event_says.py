"""The event says what it ranks and what a row shows (model.Event: participant, columns, lineup);
the ranking, the explanations and the renderers ask it instead of branching on the kind of event."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import spareggio
from spareggio.core.model import BoardsSource, Column, Participant, ScoreName, TrfWriting
from spareggio.core.team_event import TeamEvent
from spareggio.generate import generate, generate_trf
from spareggio.render.formats import render
from spareggio.render.output import standings_csv, standings_table, standings_to_dict
from spareggio.web import create_app

ROOT = Path(__file__).resolve().parent.parent
TEAM = ROOT / "examples" / "team-league-2026.trf"
SRC = ROOT / "src" / "spareggio"


def test_a_tournament_says_its_players_and_their_columns() -> None:
    t = generate(6, 3, 1)
    assert t.participant is Participant.PLAYER
    assert t.columns() == (Column.TITLE, Column.NAME, Column.FEDERATION, Column.RATING, Column.POINTS)
    assert t.lineup() is None
    assert Participant.PLAYER.key("de.none") == "de.none"


def test_a_team_event_says_its_teams_their_columns_and_lineup() -> None:
    ev = spareggio.read_event(TEAM)
    assert isinstance(ev, TeamEvent)
    assert ev.participant is Participant.TEAM
    assert ev.columns() == (Column.NAME, Column.SCORES)
    lineup = ev.lineup()
    assert lineup.boards == ev.boards and lineup.boards_source in tuple(BoardsSource)
    assert lineup.rosters == tuple(team.roster for team in ev.teams)
    assert Participant.TEAM.key("de.none") == "de.none.team"


@pytest.mark.parametrize(
    ("event", "table_head", "csv_head"),
    [
        (
            "players",
            ["Rk", "SNo", "Tit", "Name", "Fed", "Rtg", "Pts"],
            ["rank", "shared", "start_number", "name", "rating", "federation", "points"],
        ),
        ("teams", ["Rk", "SNo", "Name", "MP", "GP"], ["rank", "shared", "start_number", "name",
                                                        "match_points", "game_points", "points"]),
    ],
)  # fmt: skip
def test_the_layouts_follow_the_columns(event: str, table_head: list[str], csv_head: list[str]) -> None:
    ev = generate(6, 3, 1) if event == "players" else spareggio.read_event(TEAM)
    s = spareggio.rank(ev, "BH")
    lines = standings_table(s).splitlines()
    header = next(line for line in lines if line.split()[:1] == ["Rk"])
    assert header.split()[: len(table_head)] == table_head
    rows = list(csv.reader(io.StringIO(standings_csv(s))))
    assert rows[0][: len(csv_head)] == csv_head
    doc = standings_to_dict(s)
    assert ("roster" in doc["standings"][0]) is (event == "teams")  # type: ignore[index,operator]
    assert ("primary" in doc) is (event == "teams")


def test_no_kind_branch_in_the_ranking_the_explanations_and_the_renderers() -> None:
    branch = re.compile(r"\bis_team\b|Scope\.TEAM|isinstance\([^)]*TeamEvent|\bTeamEvent\b")
    places = [
        SRC / "standings.py",
        *sorted((SRC / "explain").glob("*.py")),
        *sorted((SRC / "render").glob("*.py")),
    ]
    found = [
        f"{path.relative_to(SRC)}:{k}"
        for path in places
        for k, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if branch.search(line) and not line.lstrip().startswith(("#", '"""'))
    ]
    # only the property Standings.is_team itself, kept for the check and the web page
    lines = (SRC / "standings.py").read_text(encoding="utf-8").splitlines()
    assert found == [f"standings.py:{k}" for k, line in enumerate(lines, 1) if "def is_team" in line]


def test_each_event_says_how_it_is_ranked_written_and_awarded() -> None:
    t = generate(6, 3, 1)
    team = spareggio.read_event(TEAM)
    # a tournament ranks by its points alone; a team event by match or game points (C.07 11.1)
    assert t.primaries == () and team.primaries == (ScoreName.MP, ScoreName.GP)
    # prizes by category (sex, age, rating) go to players; the rule sets' usual lists rank players
    assert (t.awards_prizes, t.infers_lists) == (True, True)
    assert (team.awards_prizes, team.infers_lists) == (False, False)
    # the TRF writer writes a tournament whole; a team event's ranks go into its own file
    assert (t.trf_writing, t.trf_text) == (TrfWriting.WHOLE, None)
    assert team.trf_writing is TrfWriting.RANKS and team.trf_text == TEAM.read_text(encoding="utf-8")


def test_the_trf_of_a_team_event_is_its_own_file_with_the_computed_ranks() -> None:
    s = spareggio.rank(spareggio.read_event(TEAM))
    written = render(s, "trf")
    assert isinstance(written, str)
    source = TEAM.read_text(encoding="utf-8").splitlines()
    lines = written.splitlines()
    assert len(lines) == len(source)
    ranks = {row.player.start_number: row.rank for row in s.rows}
    teams = [line for line in lines if line.startswith("310")]
    assert len(teams) == len(ranks)
    for line in teams:  # record 310: the team number in columns 5-7, its rank in columns 69-71
        assert int(line[68:71]) == ranks[int(line[4:7])]
    # every other line as the file has it
    assert [a for a in lines if not a.startswith("310")] == [b for b in source if not b.startswith("310")]
    # the printable page is the standings' page
    assert render(s, "print") == render(s, "html")


FRONT_ENDS = [
    SRC / "job.py",
    SRC / "check" / "ranks.py",
    SRC / "conformance" / "compare.py",
    *sorted(p for p in (SRC / "cli").glob("*.py") if p.name != "listing.py"),  # listing: the catalogue by scope
    *sorted((SRC / "web").glob("*.py")),
]
"""Where the front ends and the seam ask the event instead of branching on its kind (the command
``tiebreaks`` lists the catalogue by scope: the catalogue is by scope by design)."""

KIND_BRANCH = re.compile(
    r"\bis_team\b|\bis_team_file\b|Scope\.(TEAM|INDIVIDUAL)|isinstance\([^)]*TeamEvent|\bTeamEvent\b"
    r"|Participant\.(TEAM|PLAYER)"
)
TEMPLATE_BRANCH = re.compile(r"\b(is_team|file_team)\b|\bif (not )?team\b|\bteam else\b")


def kind_branches(places: list[Path], pattern: re.Pattern[str]) -> list[str]:
    return [
        f"{path.name}:{k}"
        for path in places
        for k, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line) and not line.lstrip().startswith(("#", '"""', "{#"))
    ]


def test_no_kind_branch_in_the_front_ends_and_the_seam() -> None:
    assert kind_branches(FRONT_ENDS, KIND_BRANCH) == []
    templates = sorted((SRC / "web" / "templates").glob("*.html"))
    assert len(templates) > 10 and kind_branches(templates, TEMPLATE_BRANCH) == []


def test_the_check_finds_a_kind_branch(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text('{% if e.is_team %}teams{% endif %}\n{{ _("Team") if team else _("Name") }}\nok\n', encoding="utf-8")
    view = tmp_path / "view.py"
    view.write_text("if s.is_team:\n    pass\nif event.scope is Scope.INDIVIDUAL:\n    pass\nx = 1\n", encoding="utf-8")
    found = kind_branches([page], TEMPLATE_BRANCH) + kind_branches([view], KIND_BRANCH)
    assert [f.rsplit(":", 1)[1] for f in found] == ["1", "2", "1", "3"]


@pytest.mark.parametrize(
    ("lang", "count", "search"),
    [("en", "13 teams", "Find a team"), ("it", "13 squadre", "Cerca una squadra")],
)
def test_the_page_names_the_participants_as_the_event_says(lang: str, count: str, search: str) -> None:
    # the bundled league has 13 teams (records 310); the page's words chosen by participant.key
    client = TestClient(create_app(), base_url="http://127.0.0.1")
    r = client.post("/open", files={"file": (TEAM.name, TEAM.read_bytes())}, follow_redirects=False)
    page = client.get(f"{r.headers['location']}?lang={lang}").text
    assert count in page and search in page
    assert f"({TEAM.name}, {count})" in client.get(f"/?lang={lang}").text
    players = client.post("/open", files={"file": ("six.trf", generate_trf(6, 3, 1).encode())}, follow_redirects=False)
    assert "6 players" in client.get(f"{players.headers['location']}?lang=en").text
