"""Team tournaments: matches derived from the board games, match and game points, and the team
criteria computed by hand on a small event (C.07 Arts. 11-13, 16).

tests/data/teams/four-teams.trf: four teams of two boards, three rounds, fide-2026 (start 2026-06-01).
    teams: 1 Alfieri (players 1, 2), 2 Bianconeri (3, 4), 3 Cavalieri (5, 6), 4 Delfini (7, 8)
    R1: Alfieri-Bianconeri 1½-½ (1-3 1-0, 2-4 ½-½); Cavalieri-Delfini 1-1 (5-7 0-1, 6-8 1-0)
    R2: Alfieri-Cavalieri 1½-½ (1-5 ½-½, 2-6 won by forfeit: a forfeited board in a played match);
        Bianconeri-Delfini 0-2
    R3: Alfieri-Delfini 0-2; Bianconeri pairing-allocated bye (record 320: 1 MP, 2 GP);
        Cavalieri not paired (a zero-point bye in the last round)
    MP (2/1/0): Delfini 1+2+2 = 5, Alfieri 2+2+0 = 4, Bianconeri 0+0+1 = 1, Cavalieri 1+0+0 = 1
    GP: Delfini 1+2+2 = 5, Alfieri 1.5+1.5+0 = 3, Bianconeri 0.5+0+2 = 2.5, Cavalieri 1+0.5+0 = 1.5
"""

from __future__ import annotations

import json
from fractions import Fraction as F
from pathlib import Path

import pytest

from spareggio.base.errors import InputError, TiebreakSpecError
from spareggio.cli import main
from spareggio.core.model import ResultKind
from spareggio.io import read_event
from spareggio.io.trf.team_matches import parse_team_event
from spareggio.render.sources import kind_source_words
from spareggio.standings import rank

DATA = Path(__file__).resolve().parent / "data" / "teams"
FOUR = DATA / "four-teams.trf"


@pytest.fixture(scope="module")
def ev():  # type: ignore[no-untyped-def]
    return read_event(str(FOUR))


def test_matches_and_scores(ev) -> None:  # type: ignore[no-untyped-def]
    assert [t.name for t in ev.teams] == ["Alfieri", "Bianconeri", "Cavalieri", "Delfini"]
    assert ev.boards == 2 and ev.primary == "MP"
    K = ResultKind
    assert ev.kind.tolist() == [
        [K.PLAYED_WIN, K.PLAYED_WIN, K.PLAYED_LOSS],
        [K.PLAYED_LOSS, K.PLAYED_LOSS, K.PAB],
        [K.PLAYED_DRAW, K.PLAYED_LOSS, K.ZERO_BYE],
        [K.PLAYED_DRAW, K.PLAYED_WIN, K.PLAYED_WIN],
    ]
    assert (ev.mp.sum(axis=1) / 2).tolist() == [4, 1, 1, 5]
    assert (ev.gp.sum(axis=1) / 2).tolist() == [3, 2.5, 1.5, 5]
    # Alfieri round 2: board 1 a draw, board 2 a forfeit win (counts as a win on the board, 12 intro)
    assert (ev.board_gp[0, 1] / 2).tolist() == [0.5, 1]


def values(s, label):  # type: ignore[no-untyped-def]
    return {row.player.name: row.values[label] for row in s.rows}


def test_hand_computed_team_tiebreaks(ev) -> None:  # type: ignore[no-untyped-def]
    s = rank(ev, "MPvGP,BH:MP,BH:GP/C1,EMGSB,EGGSB,BC", rules="fide-2026")
    # ranking: MP 5, 4, then Bianconeri and Cavalieri on 1 MP, separated by MPvGP (GP 2.5 against 1.5)
    assert [row.player.name for row in s.rows] == ["Delfini", "Alfieri", "Bianconeri", "Cavalieri"]
    assert [row.points for row in s.rows] == [5, 4, 1, 1]
    assert values(s, "MPvGP") == {"Delfini": 5, "Alfieri": 3, "Bianconeri": F(5, 2), "Cavalieri": F(3, 2)}
    # Adjusted MP (16.3): Cavalieri's last-round zero-point bye counts as a drawn match (16.2.5): 1+1 = 2;
    # Bianconeri's PAB keeps its face value: 1.  Own unplayed rounds: a dummy on the team's own score,
    # capped at D x R = 1 x 3 (16.4.2): Bianconeri 1, Cavalieri 1.
    # BH:MP  Delfini 2 (Cav.) + 1 (Bian.) + 4 (Alf.) = 7; Alfieri 1 + 2 + 5 = 8;
    #        Bianconeri 4 + 5 + 1 (dummy) = 10; Cavalieri 5 + 4 + 1 (dummy) = 10
    assert values(s, "BH:MP") == {"Delfini": 7, "Alfieri": 8, "Bianconeri": 10, "Cavalieri": 10}
    # BH:GP/C1 for Alfieri: Bianconeri 2.5, Cavalieri 1.5 + 1 (a drawn match in GP: ½ x 2 boards) = 2.5,
    # Delfini 5: 10, the lowest (2.5, round 1) cut -> 7.5
    assert values(s, "BH:GP/C1")["Alfieri"] == F(15, 2)
    # EMGSB (13.2.2): opponent's adjusted MP x own GP in the match
    #   Alfieri 1 x 1.5 + 2 x 1.5 + 5 x 0 = 4.5; Delfini 2 x 1 + 1 x 2 + 4 x 2 = 12
    #   Bianconeri 4 x 0.5 + 5 x 0 + 1 (dummy) x 2 (the PAB's GP) = 4; Cavalieri 5 x 1 + 4 x 0.5 + 1 x 0 = 7
    assert values(s, "EMGSB") == {"Delfini": 12, "Alfieri": F(9, 2), "Bianconeri": 4, "Cavalieri": 7}
    # EGGSB for Delfini: opponents' adjusted GP 2.5 (Cav.) x 1 + 2.5 (Bian.) x 2 + 3 (Alf.) x 2 = 13.5
    assert values(s, "EGGSB")["Delfini"] == F(27, 2)
    # BC (12.1): board number x game points, lower is better
    #   Alfieri 1x1 + 2x½ + 1x½ + 2x1 + 0 = 4.5; Delfini 1x1 + 2x0 + 1x1 + 2x1 + 1x1 + 2x1 = 7
    #   Bianconeri 1x0 + 2x½ + 0 + (PAB: a win on both boards) 1 + 2 = 4; Cavalieri 0 + 2x1 + 1x½ + 0 = 2.5
    assert values(s, "BC") == {"Delfini": 7, "Alfieri": F(9, 2), "Bianconeri": 4, "Cavalieri": F(5, 2)}


def test_every_team_value_is_the_aggregate_of_its_records(ev) -> None:  # type: ignore[no-untyped-def]
    from spareggio.tiebreaks.records import aggregate

    labels = ["BH:MP", "BH:GP/C1", "FB", "AOB:GP", "PS", "KS:GP", "WIN", "EMMSB/C1", "EGMSB", "BC"]
    s = rank(ev, labels, rules="fide-2026")
    for label in labels:
        res = s.results[label]
        table = res.record_table()
        for i in range(len(ev.teams)):
            assert aggregate(res.records(i), table.aggregate) == res.value(i), label


def test_extended_direct_encounter_leaves_teams_that_never_met_tied(ev) -> None:  # type: ignore[no-untyped-def]
    # Bianconeri and Cavalieri (1 MP each) did not meet: no result among them on either score (13.3.1, 6.3)
    s = rank(ev, "EDE,MPvGP", rules="fide-2026")
    assert values(s, "EDE")["Bianconeri"] == values(s, "EDE")["Cavalieri"] == 1
    assert [row.player.name for row in s.rows][2:] == ["Bianconeri", "Cavalieri"]  # then MPvGP


def test_extended_direct_encounter_decides_a_meeting() -> None:
    # team-trf2x: Scacchi Trento and Circolo Rovereto met twice: 2-0 and 1-1; ranked by GP first,
    # EDE on GP: Trento 2 + 1 = 3 against 0 + 1 = 1
    text = (Path(__file__).parent / "data" / "programs" / "team-trf2x.trf").read_bytes()
    ev = parse_team_event(text.replace(b"FIDE_TEAM_MP_GP", b"FIDE_TEAM_GP_MP"), "t.trf")
    assert ev.primary == "GP"
    s = rank(ev, "EDE", rules="fide-2026")
    assert [row.player.name for row in s.rows] == ["Scacchi Trento", "Circolo Rovereto"]
    assert [row.points for row in s.rows] == [3, 1]


@pytest.mark.parametrize(
    ("tiebreaks", "message"),
    [
        ("SB", "not a team tie-break (for teams: EMMSB, EMGSB, EGMSB or EGGSB)"),
        ("SB:GP", "(for teams: EMMSB, EMGSB, EGMSB or EGGSB)"),
        ("ARO", "is not a team tie-break"),
        ("BC/C1", "modifier '/C1' is not allowed for BC"),
        ("EMGSB,EMGSB", "listed twice"),
        ("", "the tie-break list is empty"),
    ],
)
def test_bad_team_lists(ev, tiebreaks: str, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(TiebreakSpecError) as info:
        rank(ev, tiebreaks)
    assert message in str(info.value)


def _lines() -> list[str]:
    return FOUR.read_text(encoding="utf-8").splitlines()


def test_a_player_in_two_rosters(tmp_path: Path) -> None:
    lines = [
        line.replace("   7    8", "   7    1") if line.startswith("310   4") else line for line in _lines()
    ]
    with pytest.raises(InputError) as info:
        parse_team_event("\n".join(lines).encode(), "x.trf")
    assert "player 1 is in the rosters of team 1 and team 4" in str(info.value)
    assert (info.value.position.line, info.value.related.line) == (18, 15)  # the second roster, the first


def test_a_match_against_two_teams() -> None:
    # player 2 of Alfieri meets player 8 (Delfini) in round 1 while player 1 meets player 3 (Bianconeri)
    lines = _lines()
    lines = [line for line in lines if not line.startswith("310")]
    extra = [
        "310   1 Alfieri".ljust(73) + "   1    2",
        "310   2 Bianconeri".ljust(73) + "   3    8",
        "310   3 Cavalieri".ljust(73) + "   5    6",
        "310   4 Delfini".ljust(73) + "   7    4",
    ]
    with pytest.raises(InputError) as info:
        parse_team_event("\n".join(lines + extra).encode(), "x.trf")
    assert "round 2: the players of team" in str(info.value) or "round 1: the players of team" in str(
        info.value
    )


def test_cli_ranks_teams_with_match_and_game_points(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["standings", str(FOUR), "-t", "MPvGP,BH:MP", "-f", "json", "-q"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["tournament"]["team_event"] is True and doc["primary"] == "MP"
    first = doc["standings"][0]
    assert (first["name"], first["points"], first["match_points"], first["game_points"]) == (
        "Delfini",
        5,
        5,
        5,
    )
    assert doc["standings"][1]["roster"] == [1, 2]
    assert main(["standings", str(FOUR), "--individual", "-t", "PTS", "-f", "json", "-q"]) == 0
    players = json.loads(capsys.readouterr().out)["standings"]
    assert len(players) == 8 and players[0]["start_number"] == 7  # 3 wins


def test_team_exports_show_match_and_game_points(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the columns a team table posts: rank, number, name, MP, GP (the primary first), the list;
    # MP / GP from the module docstring: Delfini 5 / 5, Alfieri 4 / 3, Bianconeri 1 / 2.5, Cavalieri 1 / 1.5
    assert main(["standings", str(FOUR), "-t", "MPvGP", "-q"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[3].split() == ["Rk", "SNo", "Name", "MP", "GP", "MPvGP"]
    assert lines[5].split() == ["1", "4", "Delfini", "5", "5", "5"]
    assert lines[8].split() == ["4", "3", "Cavalieri", "1", "1.5", "1.5"]
    # CSV in both locales: numbers with a decimal point or comma, "points" the primary score
    assert main(["standings", str(FOUR), "-t", "MPvGP", "-f", "csv", "-q"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0] == "rank,shared,start_number,name,match_points,game_points,points,MPvGP,declared_rank"
    assert rows[3] == "3,,2,Bianconeri,1,2.5,1,2.5,"
    assert main(["standings", str(FOUR), "-t", "MPvGP", "-f", "csv", "--lang", "it", "-q"]) == 0
    assert capsys.readouterr().out.splitlines()[3] == "3;;2;Bianconeri;1;2,5;1;2,5;"
    # GP primary: the GP column comes first
    assert main(["standings", str(FOUR), "--primary", "GP", "-t", "MPvGP", "-q"]) == 0
    assert capsys.readouterr().out.splitlines()[3].split()[3:5] == ["GP", "MP"]
    # XLSX: numbers as numbers
    from openpyxl import load_workbook

    book = tmp_path / "teams.xlsx"
    assert main(["standings", str(FOUR), "-t", "MPvGP", "-o", str(book), "-q"]) == 0
    sheet = load_workbook(book).active
    assert [c.value for c in sheet[1]][:7] == ["Rk", "Shared", "No.", "Name", "MP", "GP", "MPvGP"]
    assert [c.value for c in sheet[4]][:7] == [3, None, 2, "Bianconeri", 1, 2.5, 2.5]
    # the print-ready page
    page = tmp_path / "teams.html"
    assert main(["standings", str(FOUR), "-o", str(page), "-q"]) == 0
    html = page.read_text(encoding="utf-8")
    assert '<th scope="col">MP</th><th scope="col">GP</th>' in html
    assert '<th scope="row" class="text">Delfini</th><td>5</td><td>5</td>' in html


def test_team_explanation_from_records(capsys: pytest.CaptureFixture[str]) -> None:
    # Cavalieri's EMGSB (hand-computed above: 5 x 1 + 4 x 0.5 + 1 x 0 = 7), by team name
    assert main(["explain", str(FOUR), "--team", "cavalieri", "-t", "EDE,EMGSB", "-f", "json", "-q"]) == 0
    doc = json.loads(capsys.readouterr().out)
    ede, emgsb = doc["tiebreaks"]
    assert emgsb["name"] == "Extended Sonneborn-Berger (MP x GP)" and emgsb["article"] == "C.07 13.2.2"
    assert [r["contribution"] for r in emgsb["rounds"]] == [5, 2, 0]
    assert emgsb["rounds"][2]["unplayed"] == "zero_point_bye" and emgsb["rounds"][2]["vur"] is True
    assert emgsb["value"] == 7
    # EDE: Bianconeri and Cavalieri, tied on 1 MP, never met (6.3)
    assert ede["groups"][0]["members"] == [2, 3] and ede["groups"][0]["step"] == "6.3"


def _variant(replace_320: str) -> bytes:
    lines = [line for line in _lines() if not line.startswith("320")]
    return ("\n".join([*lines, replace_320]) + "\n").encode()


def test_forfeited_match_from_record_330() -> None:
    # round 3: Bianconeri (white) win by forfeit against Cavalieri instead of a PAB:
    # a forfeit win gives a won match (2 MP) and a win on every board (2 GP); the loser 0 and 0
    ev = parse_team_event(_variant("330 +-   3   2   3"), "f.trf")
    K = ResultKind
    assert ev.kind[1, 2] == K.FORFEIT_WIN and ev.kind[2, 2] == K.FORFEIT_LOSS
    assert ev.opponent[1, 2] == 2 and ev.opponent[2, 2] == 1
    assert (ev.mp[1].sum() / 2, ev.gp[1].sum() / 2) == (2, 2.5)  # 0 + 0 + 2 MP; 0.5 + 0 + 2 GP
    assert (ev.mp[2].sum() / 2, ev.gp[2].sum() / 2) == (1, 1.5)


def test_team_half_point_bye_from_record_240() -> None:
    # a team HPB: a drawn match's MP (1) and a draw on every board (½ x 2 = 1 GP)
    ev = parse_team_event(_variant("240 H   3    2"), "h.trf")
    assert ev.kind[1, 2] == ResultKind.HALF_BYE
    assert (ev.mp[1, 2] / 2, ev.gp[1, 2] / 2) == (1, 1)


@pytest.mark.parametrize(
    ("record", "message", "column"),
    [
        ("330 +-   1   1   2", "declared forfeited but its players played over the board", 1),
        ("330 ?-   3   2   3", "unknown result '?-'", 5),
        ("330 +-   9   2   3", "round '9' is not a round of the file", 8),
        ("330 +-   3   2  77", "no team '77' in the rosters", 16),
        ("240 Q   3    2", "bye type 'Q' must be F, H or Z", 5),
    ],
)
def test_bad_team_records(record: str, message: str, column: int) -> None:
    with pytest.raises(InputError) as info:
        parse_team_event(_variant(record), "b.trf")
    assert message in str(info.value)
    assert (info.value.position.line, info.value.position.column) == (19, column)


def test_sssc(ev) -> None:  # type: ignore[no-untyped-def]
    # 13.4: FN = floor(2 MP x 3 rounds / (1 x 2 boards)) = 3; SSSC = GP + BH:MP / 3
    #   Delfini 5 + 7/3 = 22/3; Alfieri 3 + 8/3 = 17/3; Bianconeri 2.5 + 10/3 = 35/6; /K2: Delfini 5 + 7/2
    s = rank(ev, "SSSC,SSSC/K2", rules="fide-2026")
    assert values(s, "SSSC") == {
        "Delfini": F(22, 3),
        "Alfieri": F(17, 3),
        "Bianconeri": F(35, 6),
        "Cavalieri": F(29, 6),
    }
    assert values(s, "SSSC/K2")["Delfini"] == F(17, 2)


def test_out_of_order_board_from_record_300() -> None:
    # round 2: Alfieri fields player 2 on board 1 and player 1 on board 2 (record 300)
    text = _lines()
    ev = parse_team_event(("\n".join([*text, "300   2   1   3    2    1"]) + "\n").encode(), "o.trf")
    assert (ev.board_gp[0, 1] / 2).tolist() == [1, 0.5]  # the forfeit win now on board 1
    # BC (12.1): round 2 becomes 1 x 1 + 2 x ½ = 2 instead of 2.5 -> 4.5 - 0.5 = 4
    s = rank(ev, "BC", rules="fide-2026")
    assert values(s, "BC")["Alfieri"] == 4
    # the match and its points do not change
    assert ev.gp[0, 1] == 3 and ev.kind[0, 1] == ResultKind.PLAYED_WIN


def test_line_up_with_a_stranger_is_refused() -> None:
    with pytest.raises(InputError) as info:
        parse_team_event(("\n".join([*_lines(), "300   2   1   3    2    7"]) + "\n").encode(), "o.trf")
    assert "player 7 on board 2 is not in team 1's roster" in str(info.value)
    assert info.value.position.column == 22


EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "team-league-2026.trf"


def test_bundled_team_example() -> None:
    # 13 teams of 4 boards, 7 rounds: one PAB a round (record 320: 1 MP, 2 GP), a forfeited match
    # in round 4 (330), boards out of roster order in round 5 (300), a forfeited board in round 6
    from spareggio.tiebreaks.records import aggregate

    ev = read_event(str(EXAMPLE))
    assert (len(ev.teams), ev.boards, ev.rounds) == (13, 4, 7)
    K = ResultKind
    for r in range(ev.rounds):
        assert int((ev.kind[:, r] == K.PAB).sum()) == 1
        paired = ev.opponent[:, r] >= 0
        # every match is seen from both sides, and its match points add up to a win's
        assert all(ev.opponent[int(ev.opponent[k, r]), r] == k for k in range(13) if paired[k])
        for k in range(13):
            j = int(ev.opponent[k, r])
            if j > k:
                assert ev.mp[k, r] + ev.mp[j, r] == 4  # 2 + 0 or 1 + 1, in half points
    pab = ev.kind == K.PAB
    assert (ev.mp[pab] == 2).all() and (ev.gp[pab] == 4).all()
    assert sorted(int(x) for x in ev.kind[:, 3] if x in (K.FORFEIT_WIN, K.FORFEIT_LOSS)) == [
        K.FORFEIT_WIN,
        K.FORFEIT_LOSS,
    ]
    # round 5: team 9 played its roster's second player on board 1 (record 300: 34, 33, 35, 36)
    t = ev.players
    board1 = t.index_of(34)
    assert ev.board_gp[8, 4, 0] == int(t.scoring.points_table()[t.kind[board1, 4]]) * 2 // t.scoring.unit
    # round 6: a forfeited board inside a played match
    forfeited_board = [i for i in range(t.n_players) if t.kind[i, 5] == K.FORFEIT_WIN]
    assert len(forfeited_board) == 1
    s = rank(ev, rules="fide-2026")
    assert s.labels == ["MPvGP", "BH:MP/C1", "EMGSB", "EDE", "BC"]  # the file's 212, MPTS naming the primary
    for label in ["MPvGP", "BH:MP/C1", "EMGSB", "BC"]:
        res = s.results[label]
        for i in range(13):
            assert aggregate(res.records(i), res.record_table().aggregate) == res.value(i)


def test_top_board_result_and_bottom_board_elimination(ev) -> None:  # type: ignore[no-untyped-def]
    # game points board by board over the event (a PAB is a win on every board, 12 intro):
    #   Bianconeri board 1: 0 + 0 + 1 = 1, board 2: ½ + 0 + 1 = 1.5
    #   Cavalieri  board 1: 0 + ½ + 0 = ½, board 2: 1 + 0 + 0 = 1
    # tied on 1 MP, TBR (12.2) compares board 1 first: 1 > ½; BBE (12.3) with two boards leaves out
    # board 2 and compares board 1: the same order
    from spareggio.explain import explain_player

    for code in ("TBR", "BBE"):
        s = rank(ev, code, rules="fide-2026")
        assert [row.player.name for row in s.rows][2:] == ["Bianconeri", "Cavalieri"]
        assert (values(s, code)["Bianconeri"], values(s, code)["Cavalieri"]) == (1, 2)
        (tb,) = explain_player(s, 3).tiebreaks
        assert tb.lines[0] == "Game points on each board over the event: 1: 0.5, 2: 1"


def _two_teams() -> bytes:
    # one round, 4 boards: 1-5 ½-½, 2-6 1-0, 3-7 ½-½, 4-8 0-1: 2-2, a drawn match (1 MP each)
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from builders import build

    text = build({1: "=W5", 2: "+B6", 3: "=W7", 4: "-B8"}, players=8, rounds=1, name="Two teams")
    rosters = [
        "310   1 Ardito".ljust(73) + "   1    2    3    4",
        "310   2 Bizzarro".ljust(73) + "   5    6    7    8",
    ]
    return ("\n".join([*text.rstrip("\n").split("\n"), "352 WBWB", *rosters]) + "\n").encode()


@pytest.mark.parametrize(
    ("code", "order"),
    [
        # 13.3.1 alone: the teams drew their match on both scores: still tied (shared place)
        ("EDE", None),
        # 13.3.2 chains over their encounter:
        #   BC (12.1): Ardito 1x½ + 2x1 + 3x½ + 4x0 = 4, Bizzarro 1x½ + 2x0 + 3x½ + 4x1 = 6: lower first
        ("EDEBT", ["Ardito", "Bizzarro"]),
        ("EDEBB", ["Ardito", "Bizzarro"]),
        #   TBR (12.2): board 1 equal (½-½), board 2 won by Ardito
        ("EDET", ["Ardito", "Bizzarro"]),
        #   BBE (12.3): boards 1-3: Ardito 2, Bizzarro 1
        ("EDEB", ["Ardito", "Bizzarro"]),
        #   EDEC (the reference program's code): BC alone, 4 < 6
        ("EDEC", ["Ardito", "Bizzarro"]),
    ],
)
def test_ede_chains_for_two_teams(code: str, order: list[str] | None) -> None:
    ev = parse_team_event(_two_teams(), "two.trf")
    s = rank(ev, code, rules="fide-2026")
    if order is None:
        assert [row.place for row in s.rows] == ["1-2", "1-2"]
    else:
        assert [row.player.name for row in s.rows] == order and [row.rank for row in s.rows] == [1, 2]


def _with_team_ranks(ranks: dict[int, int]) -> bytes:
    out = []
    for line in _lines():
        if line.startswith("310"):
            number = int(line[4:7])
            line = line[:68] + f"{ranks[number]:>3}" + line[71:]
        out.append(line)
    return ("\n".join(out) + "\n").encode()


def test_check_declared_team_ranks() -> None:
    # default team list MPvGP, BH/C1, EMGSB: Delfini, Alfieri, Bianconeri (GP 2.5), Cavalieri (GP 1.5)
    from spareggio.check import CheckOptions, check_source

    right = check_source("t.trf", _with_team_ranks({4: 1, 1: 2, 2: 3, 3: 4}), CheckOptions()).to_json()
    assert right["status"] == "agree" and right["team_event"] is True
    wrong = check_source("t.trf", _with_team_ranks({4: 1, 1: 2, 2: 4, 3: 3}), CheckOptions(infer=True)).to_json()
    assert wrong["status"] == "differs"
    first = wrong["mismatches"][0]
    assert (first["start_number"], first["declared_rank"], first["computed_rank"]) == (2, 4, 3)
    assert first["decided_by"] == "MPvGP" and first["values"] == {"2": 2.5, "3": 1.5}
    assert any("infer tries individual rule sets" in w for w in wrong["warnings"])
    assert check_source("t.trf", FOUR.read_bytes(), CheckOptions()).status == "no-ranks"


def test_compare_team_rule_sets(ev) -> None:  # type: ignore[no-untyped-def]
    # naive: no adjusted scores (Cavalieri counts its real 1 MP, not 1 + 1 for the last-round bye) and
    # no dummy for own unplayed rounds: BH:MP Alfieri 1 + 1 + 5 = 7 (fide-2026: 8);
    # Bianconeri 4 + 5 = 9 (fide-2026: 4 + 5 + 1 = 10)
    from spareggio.comparison import compare

    c = compare(ev, ["fide-2026", "naive"], "BH:MP")  # one compare for every event
    got = {r.name: {n: r.values[n]["BH:MP"] for n in c.rules} for r in c.rows}
    assert got["Alfieri"] == {"fide-2026": 8, "naive": 7}
    assert got["Bianconeri"] == {"fide-2026": 10, "naive": 9}


def test_one_frame_of_teams_holds_both_scores_and_the_boards(ev) -> None:  # type: ignore[no-untyped-def]
    # the participant frame (issue: "one frame of participants ... a primary and a secondary score per
    # round, and an optional board layer"): teams by their pairing numbers, MP as points, GP beside them
    frame = ev.frame(score="MP")
    assert frame.participant == "team" and frame.score == "MP"
    assert frame.ids.tolist() == [1, 2, 3, 4]
    assert frame.secondary is not None and frame.secondary.name == "GP"
    # MP per round in half points (2/1/0): Alfieri 2, 2, 0; Bianconeri 0, 0, 1 (the PAB of record 320)
    assert (frame.points[:2] / 2).tolist() == [[2, 2, 0], [0, 0, 1]]
    # GP per round: Alfieri 1½, 1½, 0; Bianconeri ½, 0, 2 (the PAB's GP)
    assert (frame.secondary.points[:2] / 2).tolist() == [[1.5, 1.5, 0], [0.5, 0, 2]]
    # a win / draw / loss: 2 / 1 / 0 MP; in GP a board's value times 2 boards: 2 / 1 / 0
    assert (frame.win, frame.draw, frame.loss) == (4, 2, 0)
    assert (frame.secondary.win, frame.secondary.draw) == (4, 2)
    # the board layer: Alfieri's round 2, board 1 a draw, board 2 won by forfeit
    assert frame.boards is not None and (frame.boards[0, 1] / 2).tolist() == [0.5, 1]
    gp = frame.on("GP")
    assert gp.score == "GP" and gp.points is frame.secondary.points and gp.secondary.points is frame.points
    assert gp.on("MP").points is frame.points and gp.on("GP") is gp
    # an individual frame has neither layer
    from spareggio.core.frame import Frame

    players = Frame.build(ev.players)
    assert players.participant == "player" and players.secondary is None and players.boards is None
    assert players.ids.tolist() == list(range(1, 9))


@pytest.mark.parametrize(
    ("code", "score"), [("EMMSB", "MP"), ("EMGSB", "MP"), ("EGMSB", "GP"), ("EGGSB", "GP")]
)
def test_extended_sb_runs_on_the_frame_of_the_opponent_side(ev, code: str, score: str) -> None:  # type: ignore[no-untyped-def]
    # C.07 13.2: the first letter is the opponent's score, the second the team's own in the match;
    # the criterion is computed on the frame of the first, reading the second from the same frame
    from spareggio.rules import find_ruleset
    from spareggio.tiebreaks import TIEBREAKS, Context, TiebreakSpec

    teams = ev.participants()
    frame = ev.frame(None, score)
    res = TIEBREAKS[code].compute(Context(teams, frame, find_ruleset("fide-2026")), TiebreakSpec(code))
    s = rank(ev, code, rules="fide-2026")
    by_name = {row.player.name: row.values[code] for row in s.rows}
    assert {t.name: res.value(k) for k, t in enumerate(ev.teams)} == by_name
    if code == "EMGSB":  # hand-computed above: Alfieri 1 x 1.5 + 2 x 1.5 + 5 x 0 = 4.5
        assert res.value(0) == F(9, 2)
    # every record's contribution is the opponent's score times the own-side score of the round
    for rec in res.records(0):
        if rec.contribution is not None:
            assert rec.contribution == rec.input * rec.factor


# A single round robin of the four teams: R1 and R2 as in four-teams.trf, then R3 Alfieri-Delfini 0-2
# and Bianconeri-Cavalieri 2-0 by forfeit (Cavalieri's players absent).  Every team met every other.
#   MP: Alfieri 2+2+0 = 4, Bianconeri 0+0+2 = 2, Cavalieri 1+0+0 = 1, Delfini 1+2+2 = 5
ROUND_ROBIN = FOUR.read_text(encoding="utf-8")
ROUND_ROBIN = (
    ROUND_ROBIN.replace("1 b 0     7 b 0  0000 - -", "1 b 0     7 b 0     5 w +")
    .replace("2 w =     8 w 0  0000 - -", "2 w =     8 w 0     6 b +")
    .replace("7 w 0     1 b =  0000 - -", "7 w 0     1 b =     3 b -")
    .replace("8 b 1     2 b -  0000 - -", "8 b 1     2 b -     4 w -")
    .replace("320  1.0  2.0 000 000   2\n", "")
)


@pytest.mark.parametrize(
    ("header", "options", "round_robin", "source"),
    [
        ("", {}, True, "inferred (everyone was paired with everyone)"),
        ("092 Team Round Robin\n", {}, True, "file (record 092)"),
        ("092 Team Swiss\n", {}, False, "file (record 092)"),
        ("092 Team RR\n", {}, True, "file (record 092)"),
        ("", {"kind": "swiss"}, False, "option"),
    ],
)
def test_team_round_robin(header: str, options: dict[str, str], round_robin: bool, source: str) -> None:
    # digest 6.5: a round robin from 092 (RR, ROBIN, BERGER; Swiss wins) or from every team meeting
    # every other; --swiss / --round-robin decide over both
    from spareggio.core.model import TournamentKind

    kind = {"swiss": TournamentKind.SWISS}.get(options.get("kind", ""))
    ev = parse_team_event((header + ROUND_ROBIN).encode(), "rr.trf", kind=kind)
    assert ev.round_robin is round_robin and kind_source_words(ev.kind_source, ev.kind_basis) == source
    t = ev.participants()
    assert kind_source_words(t.kind_source, t.kind_basis) == source
    assert (ev.mp.sum(axis=1) / 2).tolist() == [4, 2, 1, 5]
    s = rank(ev, "BH:MP", rules="fide-2026")
    if round_robin:
        # C.07 15.2: the forfeited match is a regular match against the scheduled opponent, and no
        # score is adjusted: Cavalieri's BH:MP = Delfini 5 + Alfieri 4 + Bianconeri 2 = 11, and
        # Bianconeri's = Alfieri 4 + Delfini 5 + Cavalieri 1 = 10
        assert values(s, "BH:MP")["Cavalieri"] == 11
        assert values(s, "BH:MP")["Bianconeri"] == 10
    else:
        # Swiss (Art. 16): the forfeit is an unplayed round of both teams (16.2.2, 16.2.4); a forfeit
        # loss keeps its 0 even in the last round (16.2.4), so Cavalieri's adjusted MP stays 1.
        # Own unplayed round: a dummy with the own score capped at the scheduled opponent's adjusted
        # score (16.4.1) and at 1 x 3 (16.4.2): Cavalieri min(1, 2, 3) = 1 -> 5 + 4 + 1 = 10;
        # Bianconeri min(2, 1, 3) = 1 -> 4 + 5 + 1 = 10
        assert values(s, "BH:MP")["Cavalieri"] == 10
        assert values(s, "BH:MP")["Bianconeri"] == 10


def test_primary_option(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # --primary GP ranks by game points (C.07 11.1.2): Delfini 5, Alfieri 3, Bianconeri 2.5, Cavalieri 1.5,
    # and MPvGP is then the match points: 5, 4, 1, 1
    assert main(["standings", str(FOUR), "--primary", "gp", "-t", "MPvGP", "-f", "json", "-q"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["primary"] == "GP"
    assert [(r["name"], r["points"], r["tiebreaks"]["MPvGP"]) for r in doc["standings"]] == [
        ("Delfini", 5, 5), ("Alfieri", 3, 4), ("Bianconeri", 2.5, 1), ("Cavalieri", 1.5, 1),
    ]  # fmt: skip
    # the option wins over a file whose list opens with MPTS (digest 2.5)
    own = tmp_path / "own-list.trf"
    own.write_text(FOUR.read_text(encoding="utf-8") + "212 MPTS,MPvGP\n", encoding="utf-8")
    assert main(["standings", str(own), "--primary", "GP", "-f", "json", "-q"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["primary"] == "GP" and doc["standings"][1]["points"] == 3
    assert main(["standings", str(own), "-f", "json", "-q"]) == 0
    assert json.loads(capsys.readouterr().out)["primary"] == "MP"
    # an individual file has no match points
    example = Path(__file__).resolve().parent.parent / "examples" / "open-2026.trf"
    assert main(["standings", str(example), "--primary", "MP"]) == 2
    assert "is not a team event" in capsys.readouterr().err


@pytest.mark.parametrize(("primary", "same_as"), [("MP", "EMGSB"), ("GP", "EGMSB")])
def test_bare_esb_is_opponent_primary_times_own_secondary(ev, primary: str, same_as: str) -> None:  # type: ignore[no-untyped-def]
    # digest 9.11: C.07 names only the four ESB; the reference program's bare ESB is the opponent's
    # primary score times the team's own secondary score
    ranked = ev.with_primary(primary)
    assert values(rank(ranked, "ESB", rules="fide-2026"), "ESB") == values(
        rank(ranked, same_as, rules="fide-2026"), same_as
    )
    if primary == "GP":
        # EGMSB Delfini: opponents' adjusted GP x own MP: Cavalieri 1.5 + 1 (its last-round zero-point
        # bye counts as a drawn match, 16.2.5) = 2.5 x 1 + Bianconeri 2.5 x 2 + Alfieri 3 x 2 = 13.5
        assert values(rank(ranked, "ESB", rules="fide-2026"), "ESB")["Delfini"] == F(27, 2)


def test_chain_board_count_reversed_by_the_rule_set_option() -> None:
    # rule-set option chain-bc=higher (digest 9.3): BC 4 against 6 now puts Bizzarro first in EDEC,
    # EDEBT and EDEBB (BC separates them, TBR and BBE are not reached); EDET has no board count
    ev = parse_team_event(_two_teams(), "two.trf")
    for code in ("EDEC", "EDEBT", "EDEBB"):
        s = rank(ev, code, rules="fide-2026:chain-bc=higher")
        assert [row.player.name for row in s.rows] == ["Bizzarro", "Ardito"], code
    assert [
        row.player.name for row in rank(ev, "EDET", rules="fide-2026:chain-bc=higher").rows
    ] == [
        "Ardito",
        "Bizzarro",
    ]


def test_a_team_event_before_its_first_round(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # rosters and no result yet (as a pairing program writes the file it pairs round 1 from): every
    # team level at 0; an --after-round has no round to stand after (it said "--after-round None is
    # out of range: the file holds rounds 1 to 0")
    players = [f"001 {k:4d}      Player{k:02d}".ljust(53) + "2500" for k in range(1, 5)]
    rosters = [f"310 {k:3d} Team{k}".ljust(73) + f"{2 * k - 1:4d} {2 * k:4d}" for k in (1, 2)]
    path = tmp_path / "before.trf"
    path.write_text("\n".join(["012 Before round 1", "042 2026/06/01", "192 FIDE_TEAM", *players, *rosters]) + "\n")
    assert main(["standings", str(path), "-f", "json", "-q"]) == 0
    rows = json.loads(capsys.readouterr().out)["standings"]
    assert [(r["rank"], r["match_points"], r["game_points"]) for r in rows] == [(1, 0, 0), (1, 0, 0)]
    assert main(["standings", str(path), "--after-round", "1"]) == 2
    assert capsys.readouterr().err.strip() == (
        "spareggio: --after-round 1 is out of range: the file holds no played round"
    )
    event = read_event(path)
    assert event.boards == 2  # the players of the largest roster, and said so
    assert any("no record 352 and no match played: a match is taken to have 2 boards" in str(w) for w in event.warnings)
