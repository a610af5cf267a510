"""The event says what it ranks and what a row shows (model.Event: participant, columns, lineup);
the ranking, the explanations and the renderers ask it instead of branching on the kind of event."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest

import spareggio
from spareggio.core.model import BoardsSource, Column, Participant
from spareggio.core.team_event import TeamEvent
from spareggio.generate import generate
from spareggio.render.output import standings_csv, standings_table, standings_to_dict

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
