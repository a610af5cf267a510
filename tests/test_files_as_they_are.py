"""Files as real programs write them: every spelling of a bye in Krause (TRF) exports, Vega's export
with its legend pasted whole, Swiss-Manager's older and team names, and Sharly Chess team files whose
record 352 or rosters disagree with the games.  Every file is written here (tests/builders.py, or
tests/data/teams/four-teams.trf edited)."""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

import pytest

import spareggio
from builders import build, tournament
from spareggio.cli import main
from spareggio.core.model import ResultKind
from spareggio.io.trf.team_matches import parse_team_event
from spareggio.tiebreaks import Scope, parse_spec, parse_spec_list
from test_team_reading import BASE, PLAYER_9, edited, mp_gp

ROOT = Path(__file__).resolve().parent.parent
LEAGUE = ROOT / "examples" / "team-league-2026.trf"

# Two players: 1 beats 2 in round 1, both have a half-point bye in round 2 (written "0000 - H").
# The bye of player 1 (line 5, round 2: the block at column 102, the result in column 109) is
# rewritten as each program writes it.
BYES = build({1: "+W2 HPB", 2: ". HPB"})


@pytest.mark.parametrize(
    ("written", "kind", "warned"),
    [
        ("0000 - =", ResultKind.HALF_BYE, "'0000 - =' has no opponent: the result '=' read as half-point bye"),  # Vega, ICU
        ("       =", ResultKind.HALF_BYE, "'       =' has no opponent: the result '=' read as half-point bye"),  # blank opponent
        ("0000 w =", ResultKind.HALF_BYE, "'0000 w =' has no opponent"),
        ("0000 - D", ResultKind.HALF_BYE, "the result 'D' read as half-point bye"),
        ("0000 - d", ResultKind.HALF_BYE, "the result 'd' read as half-point bye"),
        ("0000 - 1", ResultKind.PAB, "the result '1' read as pairing-allocated bye (write '0000 - U')"),
        # not paired, and in the last round: the player is taken to have withdrawn (no later entry)
        ("0000 - 0", ResultKind.WITHDRAWN, "the result '0' read as not paired (write '0000 - -')"),
        ("     - H", ResultKind.HALF_BYE, None),  # the TRF spelling with a blank opponent
        ("0000 - h", ResultKind.HALF_BYE, None),  # letter codes are case-insensitive (TRF-16)
    ],
)  # fmt: skip
@pytest.mark.parametrize("lenient", [False, True])
def test_every_bye_spelling(written: str, kind: ResultKind, warned: str | None, lenient: bool) -> None:
    lines = BYES.splitlines()
    assert lines[4].endswith("0000 - H")
    lines[4] = lines[4][:101] + written
    t = spareggio.io.trf.parse_trf("\n".join(lines) + "\n", "byes.trf", lenient=lenient)
    assert ResultKind(int(t.kind[0, 1])) is kind
    said = [str(w) for w in t.warnings if "has no opponent" in str(w)]
    if warned is None:
        assert said == []
    else:
        (warning,) = said
        assert warning.startswith("byes.trf:5:109: warning: round 2: ") and warned in warning
    # a half-point bye scores half a point: 1 + 0.5 (C.07 16.2.3), a PAB one point
    points = {ResultKind.HALF_BYE: F(3, 2), ResultKind.PAB: F(2), ResultKind.WITHDRAWN: F(1)}[kind]
    assert spareggio.rank(t).row_of(1).points == points


# -- Vega -------------------------------------------------------------------------------------------

# FOUR (Swiss, 3 rounds, no unplayed game): 1 beats 2, 3 draws with 4; 1 draws with 3, 2 beats 4; 1
# beats 4, 3 beats 2.  Points: 1: 2.5, 3: 2, 2: 1, 4: 0.5.  BH (C.07 8.1): 1: 3.5, 2: 5, 3: 4, 4: 5.5;
# BH/C1 (14.1): 1: 3, 2: 4.5, 3: 3.5, 4: 4.5; SB (9.1): 1: 1 + 0.5 + 2/2 = 2.5, 2: 0.5, 3: 0.5/2 + 2.5/2 +
# 1 = 2.5, 4: 2/2 = 1.
FOUR = {1: "+W2 =B3 +W4", 2: ". +W4 -W3", 3: "=W4 . .", 4: ". . ."}
VEGA_LEGEND = "BH : Buchholz Total * BH-C1 : Buchholz Cut 1 * SB : Sonneborn-Berger *"


def test_vegas_legend_pasted_whole_ranks() -> None:
    assert [label for label, _ in parse_spec_list(VEGA_LEGEND)] == ["BH", "BH/C1", "SB"]
    s = spareggio.rank(tournament(FOUR), VEGA_LEGEND, rules="fide-2026")
    values = {row.player.start_number: tuple(row.values[k] for k in ("BH", "BH/C1", "SB")) for row in s.rows}
    assert values == {
        1: (F(7, 2), F(3), F(5, 2)), 2: (F(5), F(9, 2), F(1, 2)),
        3: (F(4), F(7, 2), F(5, 2)), 4: (F(11, 2), F(9, 2), F(1)),
    }  # fmt: skip


def test_vegas_legend_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "vega.trf"
    path.write_text(build(FOUR), encoding="utf-8")
    assert main(["standings", str(path), "-t", VEGA_LEGEND, "-q"]) == 0
    assert "tie-breaks: BH, BH/C1, SB" in capsys.readouterr().out


# -- printed names ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("printed", "spec"),
    [
        ("Sonneborn-Berger-Tie-Break variable", "SB"),  # Swiss-Manager's older name
        ("FIDE-Sonneborn-Berger-Tie-Break", "SB"),
        ("Buchholzwertung (1 Streichresultat)", "BH/C1"),
        ("Buchholz Tie-Breaks (without two results=middle Tie-Breaks)", "BH/M1"),
        ("rating average of the opponents (without one result)", "ARO/C1"),
        ("rating average of the opponents (variabel with parameter)", "ARO"),
        ("The greater number of victories (variable)", "WIN"),
        ("Most black", "BPG"),
        ("Koya  Koya-System (Points against player with >= 50% of the points)", "KS"),
        ("Buchholz Tie-Break Variable (2026) (Gamepoints, Cut1, 2026)", "BH/C1/V2026"),  # the year twice
    ],
)
def test_swiss_managers_names(printed: str, spec: str) -> None:
    assert str(parse_spec(printed)) == spec


@pytest.mark.parametrize(
    ("printed", "spec"),
    [
        ("Matchpoints (2 for wins, 1 for Draws, 0 for Losses)", "MPTS"),
        ("Olympiad-Sonneborn-Berger-Tie-Break without lowest result (Chennai)", "EMGSB/C1"),
        ("The results of the teams in then same point group according to Matchpoints", "DE:MP"),
        ("Points (variabel)", "PTS"),
        ("points (game-points)", "PTS:GP"),  # in a team event, the game points
    ],
)
def test_swiss_managers_team_legend(printed: str, spec: str) -> None:
    assert str(parse_spec(printed, scope=Scope.TEAM)) == spec


def test_game_points_in_a_team_event_are_game_points(capsys: pytest.CaptureFixture[str]) -> None:
    ev = spareggio.read_event(LEAGUE)
    s = spareggio.rank(ev, ["points (game-points)"])
    first = s.rows[0]
    # the bundled league: Scacchi Trento, 12 match points and 21.5 game points
    assert (first.values["PTS:GP"], ev.scores(0, None)) == (F(43, 2), ev.scores(0, None))
    assert str(parse_spec("points (game-points)")) == "PTS"  # for players, their points
    legend = (
        "Tie Break1: Matchpoints (2 for wins, 1 for Draws, 0 for Losses) Tie Break2: Points (variabel) "
        "Tie Break3: The results of the teams in then same point group according to Matchpoints "
        "Tie Break4: Olympiad-Sonneborn-Berger-Tie-Break without lowest result (Chennai)"
    )
    assert main(["standings", str(LEAGUE), "-t", legend, "-q"]) == 0
    assert "tie-breaks: MPTS, PTS, DE:MP, EMGSB/C1" in capsys.readouterr().out


# -- Sharly Chess team files -------------------------------------------------------------------------

ALFIERI = "310   1 Alfieri".ljust(73) + "   1    2"
BIANCONERI = "310   2 Bianconeri".ljust(73) + "   3    4"


def _player(sno: int, block: str) -> str:
    line = PLAYER_9[0].replace("   9 m    Player 9", f"{sno:>4} m    Player {sno:<2}").replace(f"  {9}  ", f"{sno:>3}  ")
    return line.ljust(91) + block


def test_a_team_fielding_more_boards_than_record_352() -> None:
    # player 9 (Alfieri) beats player 10 (Bianconeri) on a third board in round 1; record 352 says 2
    text = edited(
        replace=(
            ("192 FIDE", _player(9, "  10 w 1") + "\n" + _player(10, "   9 b 0") + "\n192 FIDE"),
            (ALFIERI, ALFIERI + "    9"),
            (BIANCONERI, BIANCONERI + "   10"),
        )
    )
    ev = parse_team_event(text.encode(), "t.trf")
    assert ev.boards == 3
    (warning,) = [str(w) for w in ev.warnings if "record 352" in str(w)]
    assert warning == (
        "t.trf:4:1: warning: round 1: team 1 fields 3 boards, but record 352 gives a match 2 boards: a match is "
        "taken to have 3 boards, the most that a team fielded in a match"
    )
    mp, gp, _ = mp_gp(text)
    # Alfieri - Bianconeri in round 1: 1 + ½ + 1 = 2.5 to 0.5; Alfieri's GP 1.5 + 1.5 + 0 becomes 2.5 + 1.5 + 0
    assert (mp["Alfieri"], gp["Alfieri"], mp["Bianconeri"], gp["Bianconeri"]) == (4, F(4), 1, F(5, 2))


def test_a_player_in_no_roster_is_counted_for_his_teammates_team() -> None:
    # player 2 (line 5) left out of Alfieri's roster: in every round he met a player of the team
    # player 1 met (Bianconeri, Cavalieri, Delfini), so he is Alfieri's
    text = edited(replace=((ALFIERI, "310   1 Alfieri".ljust(73) + "   1"),))
    mp, gp, warnings = mp_gp(text)
    assert (mp["Alfieri"], gp["Alfieri"]) == (4, 3)  # as with the full roster (tests/test_team_reading.py)
    (warning,) = [w for w in warnings if "no team roster" in w]
    assert warning == (
        "t.trf:5:1: warning: player 2 plays but is in no team roster (records 310/013): counted for team 1 "
        "(Alfieri), whose players faced the same teams in rounds 1, 2, 3; his board is after the roster's players"
    )


def test_a_player_left_out_of_a_line_up_takes_a_board() -> None:
    # record 300 of round 1 (line 20) seats player 1 alone for Alfieri; player 2 (line 5) played too
    mp, gp, warnings = mp_gp(edited("300   1   1   2    1"))
    assert (mp["Alfieri"], gp["Alfieri"]) == (4, 3)
    (warning,) = [w for w in warnings if "record 300" in w]
    assert warning == (
        "t.trf:5:1: warning: round 1: player 2 of team 1 plays but is on no board of record 300 (line 20): "
        "counted on board 2"
    )


def test_a_player_no_team_claims_is_an_error() -> None:
    # both of Alfieri's players out of every roster: no rostered player faced their opponents' teams
    text = edited(replace=((ALFIERI, "310   1 Alfieri".ljust(73) + "   9"), ("192 FIDE", PLAYER_9[0] + "\n192 FIDE")))
    with pytest.raises(spareggio.base.errors.InputError, match="player 1 plays but is in no team roster"):
        parse_team_event(text.encode(), "t.trf")


def test_base_is_the_four_team_file() -> None:
    assert "352 WB" in BASE
