"""A 4-board team Swiss with rosters of 6 (two reserves per team) rotating through the line-ups, a
board left empty, a PAB, an HPB and a last-round ZPB, computed by hand (C.07 11, 12.1, 13.4, 16),
and the same event as a TRF-26 writer (Sharly Chess) exports it: a record 300 for every team in every
match, ``0000 - +`` for a board won against an empty board, ``0000 - -`` for the players of a team
bye.

Teams 1 Ant, 2 Bee, 3 Cat, 4 Dog, 5 Eel; players (team - 1) x 6 + 1 ... + 6; results from the
first-named team's side, board 1 to 4:
    R1  Ant-Bee 1=1= (3-1)          Cat-Dog =0=1 (2-2)          Eel PAB (record 320: 1 MP, 2 GP)
    R2  Bee-Cat 11=0 (2.5-1.5)      Dog-Eel 1=10 (2.5-1.5)      Ant HPB (240 H: 1 MP, 4 x 1/2 = 2 GP)
    R3  Ant-Cat 1=0+ (2.5-1.5; Cat fields three players, board 4 empty: Ant's board 4 wins by forfeit)
        Bee-Eel ==0= (1.5-2.5)      Dog ZPB (240 Z, the last round: 16.2.5)
Line-ups (roster positions): Ant R3 5 1 6 2; Bee R2 6 5 4 3; Cat R3 2 3 5 -; Dog R2 2 1 4 3;
Eel R3 3 4 5 6; every other line-up 1 2 3 4.

    MP: Ant 2+1+2 = 5, Bee 0+2+0 = 2, Cat 1+0+0 = 1, Dog 1+2+0 = 3, Eel 1+0+2 = 3 (14 = 6 matches x 2
        + PAB 1 + HPB 1)
    GP: Ant 3+2+2.5 = 7.5, Bee 1+2.5+1.5 = 5, Cat 2+1.5+1.5 = 5, Dog 2+2.5+0 = 4.5, Eel 2+1.5+2.5 = 6
        (28 = 6 x 4 + PAB 2 + HPB 2)
Dog's ZPB ends its event (16.2.5): its opponents count it as a drawn match, adjusted 4 MP and
4.5 + 2 = 6.5 GP (a board draw x 4 boards, not x 6 players).
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from spareggio.base.errors import InputError
from spareggio.cli import main
from spareggio.core.model import ResultKind
from spareggio.core.team_event import BoardsSource
from spareggio.io.trf.reader import parse_trf
from spareggio.io.trf.team_matches import parse_team_event
from spareggio.standings import rank, standings
from spareggio.tiebreaks.team import SsscFactor
from team_builder import team_trf

TEAMS = ["Ant", "Bee", "Cat", "Dog", "Eel"]
ROUNDS = [
    [("Ant", "Bee", "1=1="), ("Cat", "Dog", "=0=1")],
    [("Bee", "Cat", "11=0"), ("Dog", "Eel", "1=10")],
    [("Ant", "Cat", "1=0+"), ("Bee", "Eel", "==0=")],
]
LINE_UPS = {(3, "Ant"): [5, 1, 6, 2], (2, "Bee"): [6, 5, 4, 3], (3, "Cat"): [2, 3, 5, 0],
            (2, "Dog"): [2, 1, 4, 3], (3, "Eel"): [3, 4, 5, 6]}  # fmt: skip
BYES = ["320  1.0  2.0   5 000 000", "240 H   2    1", "240 Z   3    4"]


def event_text(*, sharly: bool = True, write_352: bool = True, start: str = "2026/06/01") -> str:
    return team_trf(
        "Reserves", TEAMS, 4, ROUNDS, roster=6, line_ups=LINE_UPS, records=BYES, headers=["092 Team Swiss"],
        write_300=True, write_352=write_352, bye_cells="0000 - -" if sharly else "", start=start,
    )  # fmt: skip


@pytest.fixture(scope="module")
def ev():  # type: ignore[no-untyped-def]
    return parse_team_event(event_text().encode(), "reserves.trf")


def by_name(ev, matrix) -> dict[str, F]:  # type: ignore[no-untyped-def]
    return {t.name: F(int(matrix[k].sum()), 2) for k, t in enumerate(ev.teams)}


def test_scores_and_boards(ev) -> None:  # type: ignore[no-untyped-def]
    assert ev.boards == 4 and [len(t.roster) for t in ev.teams] == [6] * 5
    assert by_name(ev, ev.mp) == {"Ant": 5, "Bee": 2, "Cat": 1, "Dog": 3, "Eel": 3}
    assert by_name(ev, ev.gp) == {"Ant": F(15, 2), "Bee": 5, "Cat": 5, "Dog": F(9, 2), "Eel": 6}
    # Ant's HPB: a drawn match, a board draw on each of the 4 boards (2 GP, not 3)
    assert (ev.mp[0, 1], ev.gp[0, 1]) == (2, 4)
    # round 3, Ant-Cat: Ant's board 4 won against Cat's empty board; Cat scores nothing there
    assert (ev.board_gp[0, 2] / 2).tolist() == [1, 0.5, 0, 1]
    assert (ev.board_gp[2, 2] / 2).tolist() == [0, 0.5, 1, 0]


def test_the_same_without_sharly_conventions() -> None:
    """Blank cells for the bye teams' players instead of ``0000 - -``: the same event."""
    plain = parse_team_event(event_text(sharly=False).encode(), "plain.trf")
    ev = parse_team_event(event_text().encode(), "reserves.trf")
    assert (plain.mp == ev.mp).all() and (plain.gp == ev.gp).all() and (plain.board_gp == ev.board_gp).all()


# (tie-break, {team: (fide-2024, fide-2026)})
HAND = [
    # BH:MP: Ant Bee 2 + HPB dummy + Cat 1: 2024 own 5 -> 8; 2026 min(5, 1 MP x 3 rounds) = 3 -> 6
    # Cat: Dog adjusted 4 + Bee 2 + Ant 5 = 11; Dog: Cat 1 + Eel 3 + ZPB dummy own 3 (2026 min(3, 3)) = 7
    # Eel: PAB dummy 3 (own 3; 2026 min(3, 3)) + Dog adjusted 4 + Bee 2 = 9; Bee: Ant 5 + Cat 1 + Eel 3 = 9
    ("BH:MP", {"Ant": (8, 6), "Bee": (9, 9), "Cat": (11, 11), "Dog": (7, 7), "Eel": (9, 9)}),
    # BH:GP: Ant Bee 5 + dummy + Cat 5: 2024 own 7.5 -> 17.5; 2026 min(7.5, 2 GP x 3) = 6 -> 16
    # Cat: Dog adjusted 6.5 + Bee 5 + Ant 7.5 = 19; Dog: Cat 5 + Eel 6 + own 4.5 = 15.5
    # Eel: dummy min(6, 6) = 6 + Dog 6.5 + Bee 5 = 17.5; Bee: 7.5 + 5 + 6 = 18.5
    ("BH:GP", {"Ant": (F(35, 2), 16), "Bee": (F(37, 2), F(37, 2)), "Cat": (19, 19), "Dog": (F(31, 2), F(31, 2)),
               "Eel": (F(35, 2), F(35, 2))}),
    # SSSC, MP primary: FN = floor(2 MP x 3 rounds / 4 GP) = 1; GP + BH:MP
    ("SSSC", {"Ant": (F(31, 2), F(27, 2)), "Bee": (14, 14), "Cat": (16, 16), "Dog": (F(23, 2), F(23, 2)),
              "Eel": (15, 15)}),
    # BC over the event (12.1, lower is better): boards 1-4 summed over the rounds, HPB a draw and PAB
    # a win on every board, an empty board 0.  Ant [1 .5 1 .5] + [.5 .5 .5 .5] + [1 .5 0 1] =
    # 2.5 1.5 1.5 2 -> 2.5 + 3 + 4.5 + 8 = 18; Cat [.5 0 .5 1] + [0 0 .5 1] + [0 .5 1 0] -> .5 + 1 + 6
    # + 8 = 15.5; Dog [.5 1 .5 0] + [1 .5 1 0] + 0 -> 1.5 + 3 + 4.5 = 9; Eel [1 1 1 1] + [0 .5 0 1] +
    # [.5 .5 1 .5] -> 1.5 + 4 + 6 + 10 = 21.5; Bee [0 .5 0 .5] + [1 1 .5 0] + [.5 .5 0 .5] -> 1.5 + 4
    # + 1.5 + 4 = 11
    ("BC", {"Ant": (18, 18), "Bee": (11, 11), "Cat": (F(31, 2), F(31, 2)), "Dog": (9, 9), "Eel": (F(43, 2), F(43, 2))}),
]  # fmt: skip


@pytest.mark.parametrize(("tiebreak", "expected"), HAND)
@pytest.mark.parametrize("rules", ["fide-2024", "fide-2026"])
def test_hand_computed(ev, tiebreak: str, expected: dict[str, tuple[F, F]], rules: str) -> None:  # type: ignore[no-untyped-def]
    s = rank(ev, tiebreak, rules=rules)
    got = {row.player.name: row.values[tiebreak] for row in s.rows}
    assert got == {name: pair[rules == "fide-2026"] for name, pair in expected.items()}


def test_adjusted_score_of_a_last_round_zpb(ev) -> None:  # type: ignore[no-untyped-def]
    """Cat met Dog in round 1: Dog's last-round ZPB is a 16.2.5 round, counted as a drawn match."""
    s = rank(ev, "BH:MP,BH:GP", rules="fide-2024")
    assert [r.input for r in s.results["BH:MP"].records(2)] == [4, 2, 5]
    assert [r.input for r in s.results["BH:GP"].records(2)] == [F(13, 2), 5, F(15, 2)]


def test_sssc_with_game_points_primary(ev) -> None:  # type: ignore[no-untyped-def]
    """GP primary: FN = floor(4 GP x 3 rounds / 2 MP) = 6 (13.4.2.b); SSSC = MP + BH:GP / 6."""
    s = rank(ev.with_primary("GP"), "SSSC", rules="fide-2024")
    assert s.results["SSSC"].details == SsscFactor(6)
    got = {row.player.name: row.values["SSSC"] for row in s.rows}
    assert got["Ant"] == 5 + F(35, 2) / 6 and got["Cat"] == 1 + F(19, 6)


def test_boards_from_the_games_without_352() -> None:
    ev = parse_team_event(event_text(write_352=False).encode(), "no352.trf")
    assert ev.boards == 4 and ev.boards_source is BoardsSource.MOST_FIELDED
    assert any("no record 352" in str(w) for w in ev.warnings)


def test_cli_ranks_the_sharly_style_file(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "sharly.trf"
    path.write_text(event_text(), encoding="utf-8")
    assert main(["standings", str(path), "-t", "MPvGP,BH:GP"]) == 0
    out = capsys.readouterr().out
    assert "Ant" in out and "Eel" in out
    for flag in ("--lenient", "--individual"):
        assert main(["standings", str(path), flag]) == 0, flag
        capsys.readouterr()


def test_cp1252_team_names(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """One decode per file: the team records are read from the lines the TRF reader decoded."""
    text = event_text().replace("Ant                             ", "Società Scacchistica            ")
    text = text.replace("Player 1 ", "Niccolò  ")
    path = tmp_path / "cp1252.trf"
    path.write_bytes(text.encode("cp1252"))
    from spareggio.io import read_event

    ev = read_event(str(path))
    assert ev.teams[0].name == "Società Scacchistica"
    assert ev.players.players[0].name.startswith("Niccolò")


def test_utf8_names_padded_in_bytes() -> None:
    """A UTF-8 file whose writer pads the names to their width in bytes (``io/trf/columns.py``): the
    three accented letters of player 1 would put his round blocks 3 columns to the left; read by
    its bytes, the same event as the file in ASCII."""
    data = event_text().encode()
    data = data.replace(b"310   1 Ant" + b" " * 29, b"310   1 " + "Società Scacchistica".encode().ljust(32))
    data = data.replace(b"Player 1" + b" " * 25, "Niccolò Ćosić".encode().ljust(33))
    ev = parse_team_event(data, "bytes.trf")
    assert ev.teams[0].name == "Società Scacchistica"
    assert ev.players.players[0].name == "Niccolò Ćosić"
    assert by_name(ev, ev.mp) == {"Società Scacchistica": 5, "Bee": 2, "Cat": 1, "Dog": 3, "Eel": 3}
    assert by_name(ev, ev.gp)["Società Scacchistica"] == F(15, 2)
    assert (ev.board_gp[0, 2] / 2).tolist() == [1, 0.5, 0, 1]
    assert [w.code for w in ev.players.warnings if w.code == "byte-columns"] == ["byte-columns"]


# Contradictions: an error at the line and column of the record (a 300 line-up against the games)
def _with_300(old: str, new: str) -> str:
    text = event_text()
    assert old in text
    return text.replace(old, new)


@pytest.mark.parametrize(
    ("old", "new", "column", "words"),
    [
        # Ant's round-3 line-up names player 3, who has no game or forfeit in round 3
        ("300   3   1   3    5    1    6    2", "300   3   1   3    5    1    3    2", 27, "has no game in round 3"),
        # Bee's line-up in round 2 names a player of another team
        ("300   2   2   3   12   11   10    9", "300   2   2   3   12   11   10   20", 32, "not in team 2's roster"),
        # the scheduled opponent of a line-up against the games
        ("300   1   3   4    13   14   15   16".replace("    13", "   13"), "300   1   3   5   13   14   15   16", 13,
         "scheduled against team 5"),
    ],
)  # fmt: skip
def test_line_up_contradictions(old: str, new: str, column: int, words: str) -> None:
    text = _with_300(old, new)
    with pytest.raises(InputError) as err:
        parse_team_event(text.encode(), "bad.trf")
    assert err.value.position is not None and err.value.position.column == column
    assert words in str(err.value)


def test_individual_reads_only_the_players(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """--individual ranks the players of a team file without its team records: a line-up that
    contradicts the games stops the team standings (located), not the players' standings."""
    text = _with_300("300   3   1   3    5    1    6    2", "300   3   1   3    5    1    3    2")
    path = tmp_path / "bad-line-up.trf"
    path.write_text(text, encoding="utf-8")
    assert main(["standings", str(path)]) == 2
    assert "bad-line-up.trf:" in capsys.readouterr().err
    assert main(["standings", str(path), "--individual"]) == 0
    assert "Player 5" in capsys.readouterr().out


def test_board_count_explains_forfeited_and_empty_boards(ev) -> None:  # type: ignore[no-untyped-def]
    """Round 3: Ant's board 4 won against Cat's empty board; the BC records of that round say how
    such a board counts (C.07 12 intro), the other rounds say nothing more."""
    s = rank(ev, "BC", rules="fide-2026")
    for team in (0, 2):  # Ant and Cat
        records = s.results["BC"].records(team)
        assert [r.detail for r in records] == ["", "", "forfeited_board"]
    assert [r.contribution for r in s.results["BC"].records(0)] == [
        7,
        5,
        6,
    ]  # 1 + 1 + 3 + 2; 5 x 1/2 x 2; 1 + 1 + 0 + 4


def test_ede_chain_counts_only_the_encounter_ede_counts() -> None:
    """13.3.2 applies the board criteria to the direct encounter that EDE considered: in a Swiss a
    forfeited match is not one (13.3.1 with Art. 6: unplayed matches are ignored) unless /P.
    R1 Ant-Bee +-+- (every board forfeited, 2-2: no board played), Cat-Dog 1=1=; R2 Ant-Cat 1100,
    Bee-Dog 1=0=.  Ant and Bee: 2 MP, 4 GP each; board 1 of their encounter went to Ant by forfeit."""
    text = team_trf(
        "Forfeited encounter", ["Ant", "Bee", "Cat", "Dog"], 4,
        [[("Ant", "Bee", "+-+-"), ("Cat", "Dog", "1=1=")], [("Ant", "Cat", "1100"), ("Bee", "Dog", "1=0=")]],
        headers=["092 Team Swiss"],
    )  # fmt: skip
    ev = parse_team_event(text.encode(), "forfeited-encounter.trf")
    assert by_name(ev, ev.mp) == {"Ant": 2, "Bee": 2, "Cat": 3, "Dog": 1}
    assert by_name(ev, ev.gp) == {"Ant": 4, "Bee": 4, "Cat": 5, "Dog": 3}
    for chain in ("EDET", "EDEB", "EDEBT"):
        ranks = {row.player.name: row.rank for row in rank(ev, chain, rules="fide-2026").rows}
        assert ranks["Ant"] == ranks["Bee"] == 2, chain
    ranks = {row.player.name: row.rank for row in rank(ev, "EDET/P", rules="fide-2026").rows}
    assert (ranks["Ant"], ranks["Bee"]) == (2, 3)


def test_individual_says_the_boards_won_with_no_opponent(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """--individual: Ant's board 4 in round 3 (player 2, Cat's board 4 empty) is ``0000 - +``, a point
    with no opponent: the individual standings count it as a pairing-allocated bye (C.07 16.2.1, not a
    voluntary unplayed round) and say so, at the cell (line 9, round 3's block: 92 + 20, result at +7).
    The team bye cells (``0000 - -``) are no such board."""
    t = parse_trf(event_text().encode(), "sharly.trf", team_event=True)
    notes = [w for w in t.warnings if w.code == "empty-board-as-bye"]
    assert len(notes) == 1 and "Player 2 (2) round 3" in notes[0].message and "1 board(s)" in notes[0].message
    assert (notes[0].position.line, notes[0].position.column) == (9, 119)  # type: ignore[union-attr]
    assert t.kind[1].tolist() == [ResultKind.PLAYED_DRAW, ResultKind.ABSENT, ResultKind.PAB]
    # a draw, the HPB round (nothing for the player), the point of the bye: 1.5
    assert standings(t, "BH", rules="fide-2026").row_of(2).points == F(3, 2)
    path = tmp_path / "sharly.trf"
    path.write_text(event_text(), encoding="utf-8")
    assert main(["standings", str(path), "--individual", "--lang", "it"]) == 0
    err = capsys.readouterr().err
    assert "sharly.trf:9:119:" in err and "Player 2 (2) turno 3" in err and "classifica individuale" in err
    # ranking the teams reads that board as the team's forfeit win: no such note
    assert main(["standings", str(path)]) == 0
    assert "0000 - +" not in capsys.readouterr().err


def test_the_note_names_ten_boards_then_counts() -> None:
    """A forfeited match (every board ``0000 - +`` for the winners) is named board by board, ten at most."""
    text = event_text().replace("0000 - -", "0000 - +")  # the team-bye cells as wins: 8 + 1 boards
    t = parse_trf(text.encode(), "many.trf", team_event=True)
    (note,) = [w for w in t.warnings if w.code == "empty-board-as-bye"]
    assert text.count("0000 - +") == 19
    assert "19 board(s)" in note.message and note.message.count(" round ") == 10 and "and 9 more" in note.message


def test_sharly_style_forfeited_match_and_forfeited_board(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """Issue 26, "the Sharly-style team file with forfeited boards ranks": the event above with a board
    forfeited between two named players (R1 Ant-Bee board 3: 1=+= instead of 1=1=, still 3-1) and
    Bee-Eel of round 3 forfeited by Eel as Sharly Chess writes it: record 330, Bee's four players
    ``0000 - +``, Eel's ``0000 - -``, no line-up for that match.  A forfeit win is a won match and a
    win on every board (TEC p. 8): Bee 0 + 2 + 2 = 4 MP, 1 + 2.5 + 4 = 7.5 GP; Eel 1 + 0 + 0 = 1 MP,
    2 + 1.5 + 0 = 3.5 GP; the other teams as above."""
    rounds = [[("Ant", "Bee", "1=+="), ROUNDS[0][1]], ROUNDS[1], [ROUNDS[2][0]]]
    text = team_trf(
        "Forfeits", TEAMS, 4, rounds, roster=6, line_ups=LINE_UPS, records=[*BYES, "330 +-   3   2   5"],
        headers=["092 Team Swiss"], write_300=True, bye_cells="0000 - -",
    )  # fmt: skip
    lines = text.splitlines()
    for k, line in enumerate(lines):  # Bee (players 7-12): roster positions 1-4 win round 3 by forfeit
        if line.startswith("001") and int(line[4:8]) in (7, 8, 9, 10):
            assert line[111:119] == "0000 - -"
            lines[k] = line[:111] + "0000 - +" + line[119:]
    text = "\n".join(lines) + "\n"
    ev = parse_team_event(text.encode(), "forfeits.trf")
    assert by_name(ev, ev.mp) == {"Ant": 5, "Bee": 4, "Cat": 1, "Dog": 3, "Eel": 1}
    assert by_name(ev, ev.gp) == {"Ant": F(15, 2), "Bee": F(15, 2), "Cat": 5, "Dog": F(9, 2), "Eel": F(7, 2)}
    path = tmp_path / "forfeits.trf"
    path.write_text(text, encoding="utf-8")
    assert main(["standings", str(path), "-t", "MPvGP,BH:MP,BC"]) == 0
    out = capsys.readouterr().out
    assert [line.split()[2] for line in out.splitlines() if line[:2].strip().isdigit()][:2] == ["Ant", "Bee"]
