"""One front door for every event: ``rank``, ``compare`` and ``check`` take what a reader returns,
an individual tournament or a team event, through the one protocol both implement
(:class:`spareggio.core.model.Event`).

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
from spareggio.base.errors import ArgumentError
from spareggio.check import CheckOptions, check, check_tournament
from spareggio.comparison import compare
from spareggio.core.decisions import Decisions, Exclusion
from spareggio.core.model import Event, ListSource, Scope
from spareggio.core.team_event import TeamEvent
from spareggio.io import read_event
from spareggio.standings import rank, standings

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
    assert s.event is players and not s.is_team and s.scores(s.rows[0]) == ()
    same = standings(players, "BH", rules="fide-2026")
    assert [r.to_dict() for r in s.rows] == [r.to_dict() for r in same.rows]


def test_rank_ranks_the_teams_of_a_team_event(teams: TeamEvent) -> None:
    # BH:MP under fide-2026: Alfieri 8, Bianconeri 10 (tests/test_teams.py, test_compare_team_rule_sets)
    s = rank(teams, "BH:MP", rules="fide-2026")
    by_name = {r.player.name: r.values["BH:MP"] for r in s.rows}
    assert by_name["Alfieri"] == 8 and by_name["Bianconeri"] == 10
    assert s.event is teams and s.is_team
    # MP: Delfini 5, Alfieri 4 first and second
    assert [(r.player.name, r.points) for r in s.rows[:2]] == [("Delfini", 5), ("Alfieri", 4)]
    same = rank(teams, "BH:MP", rules="fide-2026")
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
        rank("four-teams.trf")  # type: ignore[arg-type]


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
    # a team event's warnings travel with its standings (ranking_warnings); a tournament's are the
    # reader's, beside those of the standings
    assert teams.reading_warnings() == []
    assert rank(teams, "BH:MP").warnings[-len(teams.warnings) or None :] == list(teams.warnings)
    assert players.reading_warnings() is not players.warnings and players.reading_warnings() == players.warnings


def test_both_kinds_of_event_implement_the_protocol(players, teams) -> None:  # type: ignore[no-untyped-def]
    assert isinstance(players, Event) and isinstance(teams, Event)
    assert (players.scope, teams.scope) == (Scope.INDIVIDUAL, Scope.TEAM)
    # a tournament's participants and the tournament the file describes are itself
    assert players.participants() is players and players.tournament is players
    # a team event: its teams as participants (one object for every frame), its players' tournament
    assert [p.name for p in teams.participants().players][:2] == ["Alfieri", "Bianconeri"]
    assert teams.participants() is teams.participants() and teams.tournament is teams.players
    assert (players.primary, teams.primary) == ("PTS", "MP")


def test_the_frame_of_every_score(players, teams) -> None:  # type: ignore[no-untyped-def]
    # players: the points in half points (1-0 = 2 units): 1 won twice
    frame = players.frame()
    assert frame.score == "PTS" and frame.total.tolist()[0] == 4
    with pytest.raises(ArgumentError, match="for team events"):
        players.frame(score="MP")
    # teams: the primary score (MP) by default, GP when asked, the other beside it
    mp, gp = teams.frame(), teams.frame(score="GP")
    assert (mp.score, mp.secondary.name, gp.score, gp.secondary.name) == ("MP", "GP", "GP", "MP")
    assert (mp.points == gp.secondary.points).all() and (gp.points == mp.secondary.points).all()
    assert teams.frame(1).rounds == 1


def test_the_default_list_and_the_extra_columns(players, teams) -> None:  # type: ignore[no-untyped-def]
    # players: the rule set's usual list when it has one, else the default of a Swiss (no file list)
    assert players.default_list(("BH", "SB")) == (("BH", "SB"), ListSource.RULE_SET)
    assert players.default_list(None) == (("BH/C1", "BH", "SB"), ListSource.DEFAULT_SWISS)
    # teams: a rule set's usual list is for players; the team default
    assert teams.default_list(("BH", "SB")) == (("MPvGP", "BH/C1", "EMGSB"), ListSource.DEFAULT_TEAM)
    # the columns beside the points: a team's MP and GP (Delfini 5 MP, Alfieri 4: test_teams.py)
    s = rank(teams, "BH:MP", rules="fide-2026")
    assert [name for name, _ in s.scores(s.rows[0])] == ["MP", "GP"]
    assert s.scores(s.rows[0])[0] == ("MP", 5)
    assert rank(teams.with_primary("GP"), "BH:MP").scores(s.rows[0])[0][0] == "GP"


def test_a_team_file_list_opening_with_gpts_ranks_by_game_points(teams) -> None:  # type: ignore[no-untyped-def]
    # TRF-2x 212 opening with GPTS: the primary score is GP (digest 2.5), the list the rest
    import dataclasses

    listed = dataclasses.replace(teams, players=dataclasses.replace(teams.players, tiebreak_list=("GPTS", "BH")))
    ev, own, offset = listed.as_listed()
    assert (ev.primary, own, offset) == ("GP", ("BH",), 1)
    s = rank(listed, rules="fide-2026")
    assert s.labels == ["BH"] and s.specs[0].score == "GP"
    # --primary chose MP: the file's opening score does not change it
    ev, own, _ = listed.with_primary("MP").as_listed()
    assert (ev.primary, own) == ("MP", ("BH",))


def test_only_a_team_event_has_another_primary_score(players) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ArgumentError, match="not a team event"):
        players.with_primary("GP")


def test_values_are_exact(players) -> None:  # type: ignore[no-untyped-def]
    s = rank(players, "SB", rules="fide-2026")
    # SB: 3 beat 4 (1 point) = 1; 4 beat 2 (0 points) = 0; 1 beat 2 (0) and 3 (1) = 1
    assert {r.player.start_number: r.values["SB"] for r in s.rows} == {1: F(1), 3: F(1), 4: F(0), 2: F(0)}


def test_the_sources_of_a_team_event_are_codes(teams) -> None:  # type: ignore[no-untyped-def]
    # four-teams.trf gives 2 boards in its record 352: said in words beside the stable code in the
    # JSON; the primary score is an enum written as its name
    import json

    from spareggio.core.model import ScoreName
    from spareggio.core.team_event import BoardsSource, PrimarySource
    from spareggio.render.formats import render

    assert teams.boards == 2 and teams.boards_source is BoardsSource.RECORD_352
    assert teams.primary is ScoreName.MP and teams.primary_source is PrimarySource.DEFAULT
    assert teams.with_primary("gp").primary_source is PrimarySource.OPTION
    doc = json.loads(render(rank(teams, "BH:MP", rules="fide-2026"), "json"))
    assert doc["tournament"]["boards_source"] == "file (record 352)"
    assert doc["tournament"]["boards_source_code"] == "record-352" and doc["primary"] == "MP"
