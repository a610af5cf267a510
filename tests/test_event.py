"""One front door for every event: ``rank``, ``compare`` and ``check`` take what a reader returns,
an individual tournament or a team event, and give the same results as the implementation for
that kind of event.

The individual event, built here (two rounds, fide-2026, no unplayed round):
    R1: 1-2 1-0, 3-4 1-0;  R2: 3-1 0-1 (1 has Black), 4-2 1-0
    points: 1 = 2, 3 = 1, 4 = 1, 2 = 0
    BH (C.07 8.1, the opponents' points): 1 = 0 + 1 = 1; 3 = 1 + 2 = 3; 4 = 1 + 0 = 1; 2 = 2 + 1 = 3
    so 3 (BH 3) is ahead of 4 (BH 1) on 1 point.
The team event is tests/data/teams/four-teams.trf (computed by hand in tests/test_teams.py).
"""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

import pytest

from builders import tournament
from spareggio.check import CheckOptions, check, check_tournament
from spareggio.compare import compare
from spareggio.decisions import Decisions, Exclusion
from spareggio.event import rank, reading_warnings
from spareggio.io import read_event
from spareggio.standings import standings
from spareggio.team_event import TeamEvent
from spareggio.teams import team_standings

FOUR = Path(__file__).resolve().parent / "data" / "teams" / "four-teams.trf"


@pytest.fixture(scope="module")
def players():  # type: ignore[no-untyped-def]
    return tournament({1: "+W2 +B3", 3: "+W4 .", 4: ". +W2"})


@pytest.fixture(scope="module")
def teams() -> TeamEvent:
    ev = read_event(str(FOUR))
    assert isinstance(ev, TeamEvent)  # the one reader entry point reads the team records
    return ev


def test_rank_ranks_the_players_of_a_tournament(players) -> None:  # type: ignore[no-untyped-def]
    s = rank(players, "BH", rules="fide-2026")
    got = [(r.player.start_number, r.place, r.points, r.values["BH"]) for r in s.rows]
    assert got == [(1, "1", 2, 1), (3, "2", 1, 3), (4, "3", 1, 1), (2, "4", 0, 3)]
    assert s.team_event is None
    same = standings(players, "BH", rules="fide-2026")
    assert [r.to_dict() for r in s.rows] == [r.to_dict() for r in same.rows]


def test_rank_ranks_the_teams_of_a_team_event(teams: TeamEvent) -> None:
    # BH:MP under fide-2026: Alfieri 8, Bianconeri 10 (tests/test_teams.py, test_compare_team_rule_sets)
    s = rank(teams, "BH:MP", rules="fide-2026")
    by_name = {r.player.name: r.values["BH:MP"] for r in s.rows}
    assert by_name["Alfieri"] == 8 and by_name["Bianconeri"] == 10
    assert s.team_event is teams
    # MP: Delfini 5, Alfieri 4 first and second
    assert [(r.player.name, r.points) for r in s.rows[:2]] == [("Delfini", 5), ("Alfieri", 4)]
    same = team_standings(teams, "BH:MP", rules="fide-2026")
    assert [r.to_dict() for r in s.rows] == [r.to_dict() for r in same.rows]


def test_rank_without_a_list_uses_the_default_of_the_kind_of_event(players, teams) -> None:  # type: ignore[no-untyped-def]
    # team events: MPvGP, BH/C1, EMGSB (teams.DEFAULT_SWISS); Swiss players: BH/C1, BH, SB
    assert rank(teams, rules="fide-2026").labels == ["MPvGP", "BH/C1", "EMGSB"]
    assert rank(players, rules="fide-2026").labels == ["BH/C1", "BH", "SB"]


def test_rank_passes_decisions_on_to_a_team_event(teams: TeamEvent) -> None:
    # an exclusion names the team by its number: it keeps no place (rank 0) and is listed last;
    # tests/test_team_decisions.py has the hand-computed playoffs and lots of teams
    s = rank(teams, "BH:MP", decisions=Decisions(exclusions=(Exclusion(1),)))
    assert s.row_of(1).rank == 0
    assert s.rows[-1].player.start_number == 1
    # no decision given: the same as none
    assert rank(teams, "BH:MP", decisions=Decisions()).labels == ["BH:MP"]


def test_rank_refuses_what_is_no_event() -> None:
    with pytest.raises(TypeError, match="not an event"):
        rank("four-teams.trf")


def test_compare_takes_either_kind_of_event(players, teams) -> None:  # type: ignore[no-untyped-def]
    c = compare(players, ["fide-2026", "naive"], "BH")
    # no unplayed round: every rule set gives the same BH (1, 3, 1, 3)
    assert {r.start_number: r.values["naive"]["BH"] for r in c.rows} == {1: 1, 3: 3, 4: 1, 2: 3}
    assert not any(r.rank_differs for r in c.rows)
    # naive: no dummy for Cavalieri's unplayed last round, no adjusted score (test_teams.py)
    t = compare(teams, ["fide-2026", "naive"], "BH:MP")
    got = {r.name: (r.values["fide-2026"]["BH:MP"], r.values["naive"]["BH:MP"]) for r in t.rows}
    assert got["Alfieri"] == (8, 7) and got["Bianconeri"] == (10, 9)
    # without a list, one list for every rule set: the team default
    assert compare(teams, ["fide-2026", "naive"]).labels == ["MPvGP", "BH/C1", "EMGSB"]


def _with_team_ranks(ranks: dict[int, int]) -> bytes:
    """four-teams.trf with the team ranks of record 310 (columns 69-71) filled in."""
    out = []
    for line in FOUR.read_text().splitlines():
        if line.startswith("310"):
            line = line[:68] + f"{ranks[int(line[4:7])]:>3}" + line[71:]
        out.append(line)
    return ("\n".join(out) + "\n").encode()


def test_check_takes_either_kind_of_event(players, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    # default team list MPvGP, BH/C1, EMGSB: Delfini, Alfieri, Bianconeri (GP 2.5), Cavalieri (GP 1.5)
    path = tmp_path / "ranked.trf"
    path.write_bytes(_with_team_ranks({4: 1, 1: 2, 2: 4, 3: 3}))
    ev = read_event(str(path))
    entry = check(ev, CheckOptions(), name="ranked.trf")
    assert entry.team_event is True and entry.status == "differs"
    assert [(m.start_number, m.declared_rank, m.computed_rank) for m in entry.mismatches] == [
        (2, 4, 3),
        (3, 3, 4),
    ]
    # an individual tournament: the same entry as check_tournament
    options = CheckOptions(tiebreaks="BH", rules="fide-2026")
    assert check(players, options).to_json() == check_tournament(players, options).to_json()
    assert check(players, options).team_event is False


def test_reading_warnings_are_said_once(players, teams) -> None:  # type: ignore[no-untyped-def]
    # a team event's warnings travel with its standings (team_standings adds them); a tournament's
    # are the reader's, beside those of the standings
    assert reading_warnings(teams) == []
    assert reading_warnings(players) is not players.warnings and reading_warnings(players) == players.warnings


def test_values_are_exact(players) -> None:  # type: ignore[no-untyped-def]
    s = rank(players, "SB", rules="fide-2026")
    # SB: 3 beat 4 (1 point) = 1; 4 beat 2 (0 points) = 0; 1 beat 2 (0) and 3 (1) = 1
    assert {r.player.start_number: r.values["SB"] for r in s.rows} == {1: F(1), 3: F(1), 4: F(0), 2: F(0)}
