"""Reading a team file: the matches come from the board games, and every team record that says
otherwise is an error naming both lines (file:line:column and "see also line N"), or with
``--lenient`` a warning saying that the games were used (team digest 7.4).

The cases edit tests/data/teams/four-teams.trf (see tests/test_teams.py for its events).  Its lines:
1-3 headers, 4-11 the players 1-8 (player k on line k + 3), 12 record 192, 13 record 352, 14 record
362, 15-18 the rosters (310) of Alfieri (1, 2), Bianconeri (3, 4), Cavalieri (5, 6), Delfini (7, 8),
19 record 320 (Bianconeri's PAB in round 3); records added by a case start at line 20.
    MP: Delfini 5, Alfieri 4, Bianconeri 1, Cavalieri 1; GP: Delfini 5, Alfieri 3, Bianconeri 2.5,
    Cavalieri 1.5 (round by round: Alfieri 1.5, 1.5, 0; Delfini 1, 2, 2).
"""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

import pytest

from spareggio.base.errors import InputError
from spareggio.cli import main
from spareggio.io.trf.team_matches import parse_team_event

FOUR = Path(__file__).resolve().parent / "data" / "teams" / "four-teams.trf"
BASE = FOUR.read_text(encoding="utf-8")


def record_802(team: int, nick: str, mp: str, gp: str, blocks: list[tuple[str, str, str]]) -> str:
    """Record 802 (trf-format 7.14): 5-7 team, 9-13 nickname, 15-20 MP, 22-27 GP, then a 13-column
    block per round from column 29: opponent or bye (3), colour (col 33), game points (35-38)."""
    line = f"802 {team:>3} {nick:<5} {mp:>6} {gp:>6} "
    for who, colour, points in blocks:
        line += f"{who:>3} {colour:1} {points:>4}".ljust(13)
    return line.rstrip()


def edited(*extra: str, replace: tuple[tuple[str, str], ...] = ()) -> str:
    text = BASE
    for old, new in replace:
        assert old in text
        text = text.replace(old, new)
    return text + "".join(line + "\n" for line in extra)


NOT_PAIRED = (
    "t.trf:1:1: warning: 1 rounds of a team without a match and without a bye in the file (team 3 in round 3): "
    "counted as not paired, no match point and no game point (a pairing-allocated bye is '0000 - U' on its "
    "players' lines, or record 320)"
)
"""Cavalieri in round 3 (its players' 0000 - -): said in every reading of the file."""


def mp_gp(text: str, lenient: bool = False) -> tuple[dict[str, F], dict[str, F], list[str]]:
    """Match and game points by team, and the warnings besides the points columns' and Cavalieri's round 3."""
    ev = parse_team_event(text.encode(), "t.trf", lenient=lenient)
    mp = {t.name: F(int(ev.mp[k].sum()), 2) for k, t in enumerate(ev.teams)}
    gp = {t.name: F(int(ev.gp[k].sum()), 2) for k, t in enumerate(ev.teams)}
    return mp, gp, [str(w) for w in ev.warnings if "points column" not in str(w) and str(w) != NOT_PAIRED]


def test_a_team_without_a_match_or_a_bye_is_said_to_be_not_paired() -> None:
    # Cavalieri (team 3) has no match in round 3 and nothing says a bye (its players write 0000 - -):
    # 0 MP and 0 GP, which the file's own scoring may not be (a Greek team cup of 2024 writes its
    # pairing byes so): said, never silent
    ev = parse_team_event(BASE.encode(), "t.trf")
    assert NOT_PAIRED in [str(w) for w in ev.warnings]
    assert (int(ev.mp[2, 2]), int(ev.gp[2, 2])) == (0, 0)
    # a bye the file writes (240 H) is no such round: nothing said
    ev = parse_team_event((BASE + "240 H   3    3\n").encode(), "t.trf")
    assert NOT_PAIRED not in [str(w) for w in ev.warnings]


# Alfieri - Delfini in round 3 written as forfeits on both boards (Delfini's players present)
R3_FORFEITS = (
    ("5 w =     7 b 0", "5 w =     7 b -"), ("3 w 1     1 w 1", "3 w 1     1 w +"),
    ("6 w +     8 w 0", "6 w +     8 w -"), ("4 b 1     2 b 1", "4 b 1     2 b +"),
)  # fmt: skip
# Alfieri's roster gets a third player, 9, who plays no game
PLAYER_9 = ("001    9 m    Player 9                          2310 ITA           9 2000/01/01  0.0    9",)

ERRORS = [
    pytest.param(
        edited(replace=(("320  1.0  2.0 000 000   2", "320  1.0  2.0   1 000   2"),)),
        # the 320 names Alfieri (col 15) in round 1, when players 1 and 2 played Bianconeri
        "t.trf:19:15: record 320: team 1 has a pairing-allocated bye in round 1, but its players have games "
        "in that round (see also line 4)",
        id="320-with-a-match",
    ),
    pytest.param(
        edited("240 H   2   4"),
        # a half-point bye for Delfini (col 11) in round 2, when players 7 and 8 played Bianconeri
        "t.trf:20:11: record 240: team 4 has a bye in round 2, but its players have games in that round "
        "(see also line 10)",
        id="240-with-a-match",
    ),
    pytest.param(
        edited("330 +-   2   2   4"),
        # Bianconeri - Delfini of round 2 declared forfeited, but player 3 played it (line 6)
        "t.trf:20:1: record 330: round 2, the match of team 2 is declared forfeited but its players played "
        "over the board (see also line 6)",
        id="330-over-the-board",
    ),
    pytest.param(
        edited("330 +-   3   1   4", replace=R3_FORFEITS),
        # the 330 gives the forfeit win to Alfieri; the boards give it to Delfini
        "t.trf:20:1: record 330: round 3, the forfeited match of team 1 disagrees with its players' forfeits "
        "(see also line 4)",
        id="330-other-winner",
    ),
    pytest.param(
        edited(
            "300   1   1   2    9    2",
            replace=(
                ("310   1 Alfieri".ljust(73) + "   1    2", "310   1 Alfieri".ljust(73) + "   1    2    9"),
                ("192 FIDE", PLAYER_9[0] + "\n192 FIDE"),
                ("352 WB", "352 WB\n"),
            ),
        ),
        # player 9 (now line 12) sits on board 1 of the round-1 line-up (col 17) but has no game
        "t.trf:22:17: record 300: player 9 on board 1 has no game in round 1 (see also line 12)",
        id="300-without-a-game",
    ),
    pytest.param(
        edited(record_802(1, "Alf", "4.0", "3.0", [("2", "w", "1.5"), ("3", "w", "2.0"), ("4", "b", "0")])),
        # round 2 block starts at column 29 + 13 = 42, its GP at 42 + 6 = 48: 2 declared, 1.5 on the boards
        "t.trf:20:48: record 802: team 1 in round 2 declares 2 GP, its boards give 1.5",
        id="802-round-gp",
    ),
    pytest.param(
        edited(record_802(4, "Del", "5.0", "5.0", [("3", "b", "1.0"), ("2", "w", "2.0"), ("PAB", "", "")])),
        # round 3 (column 29 + 26 = 55): Delfini played Alfieri, not a PAB
        "t.trf:20:55: record 802: team 4 in round 3: PAB, but its boards give 1",
        id="802-round-opponent",
    ),
]


@pytest.mark.parametrize(("text", "message"), ERRORS)
def test_team_records_that_contradict_the_boards(text: str, message: str) -> None:
    with pytest.raises(InputError) as info:
        parse_team_event(text.encode(), "t.trf")
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("text", "mp", "gp", "warning"),
    [
        # the bye is ignored: Alfieri keeps its round-1 win, 2 + 2 + 0 = 4 MP, 1.5 + 1.5 + 0 = 3 GP
        (ERRORS[0].values[0], {"Alfieri": 4}, {"Alfieri": 3}, "the games are used and the bye is ignored"),
        # Delfini keeps its round-2 win over Bianconeri: 1 + 2 + 2 = 5 MP, 1 + 2 + 2 = 5 GP
        (ERRORS[1].values[0], {"Delfini": 5}, {"Delfini": 5}, "the games are used and the bye is ignored"),
        # the players' forfeits win: Delfini wins round 3 by forfeit, 2 MP and 2 GP (a win on both boards)
        (ERRORS[3].values[0], {"Delfini": 5, "Alfieri": 4}, {"Delfini": 5, "Alfieri": 3}, "the players' lines are used"),
        # the boards win over record 802: Alfieri's round 2 stays 1.5 GP
        (ERRORS[5].values[0], {"Alfieri": 4}, {"Alfieri": 3}, "the boards are used"),
    ],
)  # fmt: skip
def test_lenient_keeps_the_boards(text: str, mp: dict[str, int], gp: dict[str, float], warning: str) -> None:
    got_mp, got_gp, warnings = mp_gp(text, lenient=True)
    assert {k: got_mp[k] for k in mp} == mp
    assert {k: got_gp[k] for k in gp} == {k: F(v) for k, v in gp.items()}
    assert len(warnings) == 1 and warnings[0].endswith(warning)


def test_records_that_agree_are_silent() -> None:
    # a 330 that agrees with the players' forfeits (Delfini, the black team, wins round 3) and 802
    # records that repeat the boards: no error, no warning
    text = edited(
        "330 -+   3   1   4",
        record_802(1, "Alf", "4.0", "3.0", [("2", "w", "1.5"), ("3", "w", "1.5"), ("4", "b", "0")]),
        record_802(2, "Bia", "1.0", "2.5", [("1", "b", "0.5"), ("4", "b", "0"), ("PAB", "", "2.0")]),
        record_802(3, "Cav", "1.0", "1.5", [("4", "w", "1.0"), ("1", "b", "0.5"), ("ZPB", "", "")]),
        replace=R3_FORFEITS,
    )
    mp, gp, warnings = mp_gp(text)
    assert warnings == []
    # Delfini's round-3 forfeit win: 2 MP and a win on both boards, as when the boards were played
    assert mp == {"Alfieri": 4, "Bianconeri": 1, "Cavalieri": 1, "Delfini": 5}
    assert gp == {"Alfieri": 3, "Bianconeri": F(5, 2), "Cavalieri": F(3, 2), "Delfini": 5}


def test_declared_totals_that_differ_are_warnings() -> None:
    # record 310 columns 55-60 / 62-67 and record 802 columns 15-20 / 22-27 are the file's totals:
    # like a player's points column, a wrong total is a warning and the matches are used
    alfieri = "310   1 Alfieri".ljust(73) + "   1    2"
    declared = ("310   1 Alfieri".ljust(54) + "   5.0    3.0").ljust(73) + "   1    2"
    text = edited(
        record_802(4, "Del", "5.0", "4.5", []),
        replace=((alfieri, declared),),
    )
    mp, _gp, warnings = mp_gp(text)
    assert mp["Alfieri"] == 4
    assert warnings == [
        "t.trf:15:55: warning: team 1 declares 5 MP, its matches give 4: the matches are used",
        "t.trf:20:22: warning: team 4 declares 4.5 GP, its matches give 5: the matches are used",
    ]


def test_an_013_roster_other_than_the_310_is_a_warning() -> None:
    # digest 7.4: with both, the 310 rosters are used; an 013 that lists other players is pointed out
    text = edited(f"013 {'Alfieri':<32}   1    3")
    _mp, _gp, warnings = mp_gp(text)
    assert warnings == [
        (
            "t.trf:20:37: warning: record 013 of 'Alfieri' lists players 1 3 that no record 310 lists together: "
            "the 310 rosters are used"
        )
    ]
    assert mp_gp(edited(f"013 {'Alfieri':<32}   1    2"))[2] == []


def test_the_command_line_refuses_or_repairs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.trf"
    path.write_text(ERRORS[1].values[0], encoding="utf-8")
    assert main(["standings", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"{path}:20:11: record 240: team 4 has a bye in round 2")
    assert main(["standings", str(path), "--lenient", "-t", "MPvGP"]) == 0
    captured = capsys.readouterr()
    assert f"{path}:20:11: warning: record 240: team 4 has a bye in round 2" in captured.err
    assert captured.out.splitlines()[5].split()[:5] == ["1", "4", "Delfini", "5", "5"]
    # the same warning in Italian
    assert main(["standings", str(path), "--lenient", "--lang", "it"]) == 0
    assert "attenzione: record 240: la squadra 4 ha un bye al turno 2" in capsys.readouterr().err


def test_the_bundled_example_declares_what_its_boards_give() -> None:
    # examples/team-league-2026.trf repeats every team's rounds in record 802; read strictly, every
    # one agrees with the boards (a disagreement would be an error), and a changed one is refused
    example = Path(__file__).resolve().parent.parent / "examples" / "team-league-2026.trf"
    text = example.read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if line.startswith("802")]
    assert len(lines) == 13
    ev = parse_team_event(text.encode(), "league.trf")
    assert not [w for w in ev.warnings if "802" in str(w)]
    # team 1's first round: Circolo Rovereto (2), 3.5 GP; written as 2.5 it is refused at column 35
    first = lines[0]
    assert first[28:38] == "  2 w  3.5"
    with pytest.raises(InputError, match=r"league.trf:\d+:35: record 802: team 1 in round 1 declares 2.5 GP"):
        parse_team_event(text.replace(first, first[:34] + " 2.5" + first[38:]).encode(), "league.trf")


def test_the_colour_of_board_one() -> None:
    # a match's colours (record 352 WB: the first-named team has White on board 1); the bundled
    # example's 802 records write the colour of each team's board 1 in every round (column 33 +
    # 13 per round): the colours read from the boards are those, and none for a bye
    from spareggio.core.model import Color

    example = Path(__file__).resolve().parent.parent / "examples" / "team-league-2026.trf"
    text = example.read_text(encoding="utf-8")
    ev = parse_team_event(text.encode(), "league.trf")
    assert ev.color is not None
    letter = {Color.WHITE: "w", Color.BLACK: "b", Color.NONE: " "}
    for line in (x for x in text.splitlines() if x.startswith("802")):
        k = [t.number for t in ev.teams].index(int(line[4:7]))
        written = [line[32 + 13 * r] if len(line) > 32 + 13 * r else " " for r in range(ev.rounds)]
        assert [letter[Color(int(c))] for c in ev.color[k]] == written, line
    # and the explanation of a team shows them: Circolo Rovereto (2) had Black on board 1 in round 1
    assert Color(int(ev.participants().color[1, 0])) is Color.BLACK


def record_802_left(team: int, nick: str, mp: str, gp: str, blocks: list[tuple[str, str, str, str]]) -> str:
    """Record 802 as FIDE's TRF-26 sample file (Grandmommy's Cup) writes it, one column to the left
    of the table (its legend ``III TTT NNNNN MMMM GGGGGG  T01 C GGGGf``): MP 15-18, GP 20-25, then
    from column 28 every 13 columns: opponent (3), colour (32), game points (34-37), forfeit flag (38)."""
    line = f"802 {team:>3} {nick:<5} {mp:>4} {gp:>6}  "
    for who, colour, points, flag in blocks:
        line += f"{who:>3} {colour:1} {points:>4}{flag:1}  "
    return line.rstrip()


def test_record_802_one_column_to_the_left_with_forfeit_flags() -> None:
    # the same declarations as test_records_that_agree_are_silent, in the sample file's columns, with
    # the flag of Alfieri's and Delfini's forfeited round 3 (read by the columns of the table, the
    # flag fell in the game points: "GP in columns 35-38 must be a number, found '0.0f'")
    text = edited(
        "330 -+   3   1   4",
        record_802_left(1, "Alf", "4", "3.0", [("2", "w", "1.5", ""), ("3", "w", "1.5", ""), ("4", "b", "0.0", "f")]),
        record_802_left(4, "Del", "5", "5.0", [("3", "b", "1.0", ""), ("2", "w", "2.0", ""), ("1", "w", "2.0", "f")]),
        record_802_left(2, "Bia", "1", "2.5", [("1", "b", "0.5", ""), ("4", "b", "0.0", ""), ("PAB", "", "2.0", "")]),
        replace=R3_FORFEITS,
    )  # fmt: skip
    assert text.splitlines()[20][59:64] == " 0.0f"  # round 3: columns 60-64
    mp, gp, warnings = mp_gp(text)
    assert warnings == []
    assert (mp["Alfieri"], gp["Alfieri"], mp["Delfini"], gp["Delfini"]) == (4, 3, 5, 5)
    # a round that disagrees is named at the table's column of its game points: round 2 (42 + 6)
    wrong = text.replace("  3 w  1.5", "  3 w  2.0")
    with pytest.raises(InputError) as info:
        parse_team_event(wrong.encode(), "t.trf")
    assert str(info.value) == "t.trf:21:48: record 802: team 1 in round 2 declares 2 GP, its boards give 1.5"


P8 = "001    8 m    Player 8                          2320 ITA           8 2000/01/01  0.0    8     6 w 0     4 b 1     2 b 1"
ALFIERI = "310   1 Alfieri".ljust(73) + "   1    2"


def test_a_player_who_sits_a_round_out_is_not_a_board() -> None:
    # FIDE's TRF-26 sample writes a team's player who does not play a round as 0000 - -, beside his
    # teammates' games. Alfieri gets a third player, 9, who sits out all three rounds, and Cavalieri
    # a full-point bye in round 3 (240 F). Record 352 gives 2 boards, and Alfieri's two games fill
    # them: player 9 is no board lost (read as one, Alfieri fielded 3 boards, a match was taken to
    # have 3, and the bye was worth 3 GP).
    sitting = PLAYER_9[0] + "  0000 - -  0000 - -  0000 - -"
    text = edited("240 F   3    3", replace=((P8, P8 + "\n" + sitting), (ALFIERI, ALFIERI + "    9")))
    ev = parse_team_event(text.encode(), "t.trf")
    assert ev.boards == 2
    assert not [w for w in ev.warnings if "boards" in str(w)]
    mp = {t.name: F(int(ev.mp[k].sum()), 2) for k, t in enumerate(ev.teams)}
    gp = {t.name: F(int(ev.gp[k].sum()), 2) for k, t in enumerate(ev.teams)}
    # Cavalieri: 1 MP and 1.5 GP from rounds 1-2, and the full-point bye, W = 2 MP and 2 boards x 1 GP
    assert (mp["Cavalieri"], gp["Cavalieri"]) == (3, F(7, 2))
    # Alfieri's matches are as without player 9: 4 MP, 3 GP, no board forfeited in rounds 1 and 3
    assert (mp["Alfieri"], gp["Alfieri"]) == (4, 3)
    assert ev.board_forfeits[0].tolist() == [False, True, False]  # round 2: player 6's forfeit loss to 2
    # without record 352 the boards are the most a team fielded by its games and boards won, not its
    # 0000 - - (a Greek team cup of 2024: players who never played made six-board matches twelve-board ones)
    ev = parse_team_event(text.replace("352 WB\n", "").encode(), "t.trf")
    assert ev.boards == 2
    assert any("no record 352: a match is taken to have 2 boards" in str(w) for w in ev.warnings)
    # a 0000 - - that the boards have room for is still a board lost: player 2 absent in round 1
    absent = text.replace("     4 b =     6 w +", "  0000 - -     6 w +")
    absent = absent.replace("     2 w =     8 w 0", "  0000 - +     8 w 0")
    ev = parse_team_event(absent.encode(), "t.trf")
    assert ev.boards == 2 and bool(ev.board_forfeits[0, 0])
