"""Playoffs, the arbiter's order, lots and exclusions of teams (issue 25): the team standings take
them like the individual ones, by team number (record 310); the file's own decision records are
about players and are not applied to the teams, with a warning."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from spareggio.base.errors import ArgumentError
from spareggio.core.decisions import Decisions, Exclusion, Playoff
from spareggio.io.trf.team_matches import parse_team_event
from spareggio.standings import rank

ROOT = Path(__file__).resolve().parent.parent
TEAMS = ROOT / "examples" / "team-league-2026.trf"

# Under EDE alone the bundled league leaves every team level with the others on its match points:
#   MP 10: 4 and 3; MP 8: 2 and 9; MP 7: 5, 6 and 10; MP 6: 7 and 13; MP 3: 11 and 12 (EDE decides
#   3-4 and 11-12, as the standings without decisions show)


def places(s) -> list[tuple[str, int]]:  # type: ignore[no-untyped-def]
    return [(row.place, row.player.start_number) for row in s.rows]


def test_a_playoff_lots_and_an_exclusion_decide_the_team_standings() -> None:
    ev = parse_team_event(TEAMS.read_bytes(), "league.trf")
    given = Decisions(
        playoffs=(Playoff((9, 2), "playoff", "2½-1½", source="option"),),
        lots_seed="abc",
        lots_source="option",
        exclusions=(Exclusion(13, "withdrew", source="option"),),
    )
    s = rank(ev, "EDE,RND", decisions=given)
    # printf 'abc\n10' | sha256sum -> 0ba0...; 'abc\n6' -> 67a8...; 'abc\n5' -> ae62...: 10, 6, 5
    assert places(s) == [
        ("1", 1), ("2", 3), ("3", 4), ("4", 9), ("5", 2), ("6", 10), ("7", 6), ("8", 5),
        ("9", 7), ("10", 8), ("11", 12), ("12", 11), ("—", 13),
    ]  # fmt: skip
    notes = [str(n) for n in s.decision_notes()]
    assert notes[:3] == [
        "places 4-5 decided by playoff (2½-1½): 9 Torre Genova, 2 Circolo Rovereto",
        "places 6-8 drawn by lot with seed abc: 10 Alfiere Padova, 6 Circolo Napoli, 5 Scacchi Bologna",
        "13 Donna Nera Cagliari is excluded from the ranking (withdrew); the games played count for the opponents",
    ]
    assert "change: playoff 9 2 added (2½-1½)" in notes
    assert "change: team 13 excluded (withdrew)" in notes  # a team, not a player, in the log


def test_a_team_playoff_between_teams_not_level_is_refused() -> None:
    ev = parse_team_event(TEAMS.read_bytes(), "league.trf")
    given = Decisions(playoffs=(Playoff((4, 1), source="option"),))  # 1 first, 4 third under EDE
    with pytest.raises(ArgumentError, match=r"not level after the tie-breaks \(places 1 and 3\)"):
        rank(ev, "EDE", decisions=given)


def test_the_files_decision_records_are_not_applied_to_the_teams_and_it_is_said() -> None:
    text = TEAMS.read_text(encoding="utf-8").replace("\n001", "\nXPO PLAYOFF 2 9 ; 1-0\n001", 1)
    s = rank(parse_team_event(text.encode(), "league.trf"), "EDE")
    assert s.decided == [] and places(s)[3:5] == [("4-5", 2), ("4-5", 9)]
    assert (
        "the decision records of the file (XPO, XLT, XEX) are about players: the team standings do not apply them"
        in [str(w) for w in s.warnings]
    )


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "spareggio", *args], capture_output=True, text=True, check=False
    )


def test_the_command_line_applies_team_decisions_and_refuses_to_write_them_back(tmp_path: Path) -> None:
    r = run("standings", str(TEAMS), "-t", "EDE", "--exclude", "13:withdrew", "-q")
    assert r.returncode == 0
    assert "Note: 13 Donna Nera Cagliari is excluded from the ranking (withdrew)" in r.stdout
    out = tmp_path / "x.trf"
    r = run("standings", str(TEAMS), "--save-trf", str(out))
    assert r.returncode == 2 and not out.exists()
    assert r.stderr.strip() == (
        "spareggio: --save-trf writes individual tournaments: a team event is not written back"
    )
