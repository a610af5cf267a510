"""One way to read any file: spareggio.read_event and spareggio.parse_event read a team event as
they read a tournament; the old second door (spareggio.io.teams) still answers, with a warning, and
every refusal of a team file names the one way in."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

import spareggio
from spareggio import InputError
from spareggio.core.team_event import TeamEvent
from spareggio.io import parse_tournament
from spareggio.io.trf.team_matches import parse_team_event

TEAM = Path(__file__).resolve().parent.parent / "examples" / "team-league-2026.trf"
ONE_WAY = (
    "read it with spareggio.read_event (the standings, explain, compare and check commands rank its teams)"
)


def test_the_one_door_reads_a_team_file_as_the_old_one_did() -> None:
    by_path = spareggio.read_event(TEAM)
    by_bytes = spareggio.parse_event(TEAM.read_bytes(), TEAM.name)
    assert isinstance(by_path, TeamEvent) and isinstance(by_bytes, TeamEvent)
    own = parse_team_event(TEAM.read_bytes(), str(TEAM))
    assert [t.name for t in by_path.teams] == [t.name for t in own.teams] == [t.name for t in by_bytes.teams]
    assert by_path.boards == own.boards


@pytest.mark.parametrize(
    ("name", "instead"),
    [
        ("read_team_event", "spareggio.read_event"),
        ("parse_event", "spareggio.parse_event"),
        ("parse_team_event", "spareggio.parse_event"),
        ("TeamEvent", "spareggio.core.team_event.TeamEvent"),
    ],
)
def test_the_second_door_is_deprecated(name: str, instead: str) -> None:
    from spareggio.io import teams

    with pytest.warns(DeprecationWarning, match=f"spareggio.io.teams.{name} is deprecated: use {instead}"):
        value = getattr(teams, name)
    assert callable(value)


def test_the_deprecated_reader_still_reads() -> None:
    from spareggio.io import teams

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        ev = teams.read_team_event(str(TEAM))
    assert isinstance(ev, TeamEvent) and ev.teams == spareggio.read_event(TEAM).teams  # type: ignore[attr-defined]


def test_a_reader_asked_for_players_names_the_one_door() -> None:
    # the TRF reader refuses a team file where an individual event is asked for (record 310 or
    # 013), and says the same way in as the guard of every other reader
    with pytest.raises(InputError) as info:
        parse_tournament(TEAM.read_bytes(), "league.trf")
    assert str(info.value).endswith(ONE_WAY)
    assert "this is a team tournament (record " in str(info.value)
