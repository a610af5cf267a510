"""The four worked examples of the team digest (shared/spec/team-tiebreaks.md section 8, every
number reproduced there with the FIDE reference program), written as TRF-2x files from their match
tables (tests/team_builder.py) and ranked by spareggio under the FIDE 2024 and 2026 rule sets.

T1 (8.1) Five Trees team Swiss, 4 boards, 3 rounds, a PAB every round (record 320: 1 MP, 2 GP):
    R1 Ash-Birch 1=1= (3-1), Cedar-Doum =0=1 (2-2), Elm PAB
    R2 Elm-Ash =10= (2-2), Doum-Birch 1=10 (2.5-1.5), Cedar PAB
    R3 Ash-Doum 0=1= (2-2), Cedar-Elm 0=0= (1-3), Birch PAB
T2 (8.2) round robin of Aspen, Beech, Cherry, Date, 4 boards:
    R1 Aspen-Date =0=1, Beech-Cherry 1=10; R2 Date-Cherry 01==, Aspen-Beech 11==;
    R3 Beech-Date ==01, Cherry-Aspen =101
T3 (8.3) Swiss of Fir, Gum, Hazel, Ilex, Juniper, Kapok, 4 boards:
    R1 Fir-Gum 1=0+ (board 4 a forfeit), Hazel-Ilex ====, Juniper-Kapok 10=1
    R2 Kapok-Fir forfeited by Kapok (330 -+), Gum-Hazel =1=0, Ilex-Juniper 0==1
    R3 Fir-Hazel =0=1, Juniper-Gum 1=1=, Ilex-Kapok 1==0 with Ilex's 2nd rostered player on board 1 (300)
T4 (8.4) round robin of Xeno, Yarrow, Zinnia, Tansy, Bramble, 6 boards, game points of the first-named:
    Xeno-Yarrow 3.5, Zinnia-Xeno 2.5, Yarrow-Zinnia 5, Xeno-Tansy 2.5, Bramble-Xeno 4,
    Yarrow-Bramble 0.5, Tansy-Yarrow 2.5, Zinnia-Tansy 4, Bramble-Zinnia 2, Tansy-Bramble 5.5

Where spareggio reads C.07 differently from the reference program (the board count inside the EDE
chains, digest 9.3, docs/deviations.md), the assertion is the C.07 reading and says so.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from spareggio.core.team_event import TeamEvent
from spareggio.io.trf.team_matches import parse_team_event
from spareggio.standings import rank
from team_builder import team_trf

T1 = team_trf(
    "Five Trees Team Swiss (digest example T1)", ["Ash", "Birch", "Cedar", "Doum", "Elm"], 4,
    [
        [("Ash", "Birch", "1=1="), ("Cedar", "Doum", "=0=1")],
        [("Elm", "Ash", "=10="), ("Doum", "Birch", "1=10")],
        [("Ash", "Doum", "0=1="), ("Cedar", "Elm", "0=0=")],
    ],
    headers=["092 Team Swiss"], records=["320  1.0  2.0   5   3   2"],
)  # fmt: skip
T2 = team_trf(
    "Round robin (digest example T2)", ["Aspen", "Beech", "Cherry", "Date"], 4,
    [
        [("Aspen", "Date", "=0=1"), ("Beech", "Cherry", "1=10")],
        [("Date", "Cherry", "01=="), ("Aspen", "Beech", "11==")],
        [("Beech", "Date", "==01"), ("Cherry", "Aspen", "=101")],
    ],
    headers=["092 Team Round Robin"],
)  # fmt: skip
T3 = team_trf(
    "Forfeits (digest example T3)", ["Fir", "Gum", "Hazel", "Ilex", "Juniper", "Kapok"], 4,
    [
        [("Fir", "Gum", "1=0+"), ("Hazel", "Ilex", "===="), ("Juniper", "Kapok", "10=1")],
        [("Kapok", "Fir", "----"), ("Gum", "Hazel", "=1=0"), ("Ilex", "Juniper", "0==1")],
        [("Fir", "Hazel", "=0=1"), ("Juniper", "Gum", "1=1="), ("Ilex", "Kapok", "1==0")],
    ],
    headers=["092 Team Swiss"],
    records=["330 -+   2   6   1", "300   3   4   6   14   13   15   16"],
    line_ups={(3, "Ilex"): [2, 1, 3, 4]},
)  # fmt: skip


def _boards(gp: float, boards: int = 6) -> str:
    """Board results giving the first-named team ``gp`` game points: wins, a draw, losses."""
    wins = int(gp)
    results = "1" * wins + ("=" if gp != wins else "")
    return results + "0" * (boards - len(results))


T4 = team_trf(
    "EDE re-applied (digest example T4)", ["Xeno", "Yarrow", "Zinnia", "Tansy", "Bramble"], 6,
    [
        [("Xeno", "Yarrow", _boards(3.5)), ("Zinnia", "Tansy", _boards(4))],
        [("Zinnia", "Xeno", _boards(2.5)), ("Yarrow", "Bramble", _boards(0.5))],
        [("Yarrow", "Zinnia", _boards(5)), ("Tansy", "Bramble", _boards(5.5))],
        [("Xeno", "Tansy", _boards(2.5)), ("Bramble", "Zinnia", _boards(2))],
        [("Bramble", "Xeno", _boards(4)), ("Tansy", "Yarrow", _boards(2.5))],
    ],
    headers=["092 Team Round Robin"],
)  # fmt: skip

EVENTS = {name: parse_team_event(text.encode(), f"{name}.trf") for name, text in
          {"T1": T1, "T2": T2, "T3": T3, "T4": T4}.items()}  # fmt: skip


def values(event: str | TeamEvent, tiebreak: str, rules: str) -> dict[str, F | None]:
    ev = EVENTS[event] if isinstance(event, str) else event
    s = rank(ev, tiebreak, rules=rules)
    return {row.player.name: row.values[tiebreak] for row in s.rows}


def order(event: str, tiebreaks: str, rules: str = "fide-2026") -> list[list[str]]:
    """The standings as groups of teams still tied, best first."""
    s = rank(EVENTS[event], tiebreaks, rules=rules)
    groups: list[list[str]] = []
    for row in s.rows:
        if row.shared and groups and s.row_of(groups[-1][-1][1]).rank == row.rank:
            groups[-1].append((row.player.name, row.player.start_number))  # type: ignore[arg-type]
        else:
            groups.append([(row.player.name, row.player.start_number)])  # type: ignore[list-item]
    return [sorted(name for name, _ in g) for g in groups]  # type: ignore[misc]


@pytest.mark.parametrize(
    ("event", "mp", "gp"),
    [
        # digest 8.1 table: MP 15 = 6 matches x 2 + 3 PABs x 1; GP 30 = 6 x 4 + 3 x 2
        ("T1", {"Ash": 4, "Birch": 1, "Cedar": 2, "Doum": 4, "Elm": 4},
               {"Ash": 7, "Birch": F(9, 2), "Cedar": 5, "Doum": F(13, 2), "Elm": 7}),
        # digest 8.2: everyone 3 MP; GP Aspen 6.5, Beech 5.5, Cherry 6, Date 6
        ("T2", {"Aspen": 3, "Beech": 3, "Cherry": 3, "Date": 3},
               {"Aspen": F(13, 2), "Beech": F(11, 2), "Cherry": 6, "Date": 6}),
        # digest 8.3 table: Fir 2.5 + 4 (the forfeit: four board wins) + 2 = 8.5
        ("T3", {"Fir": 5, "Gum": 1, "Hazel": 3, "Ilex": 3, "Juniper": 5, "Kapok": 1},
               {"Fir": F(17, 2), "Gum": F(9, 2), "Hazel": 6, "Ilex": 6, "Juniper": F(15, 2), "Kapok": F(7, 2)}),
        # digest 8.4: every team 4 MP; GP Tansy 13.5, Bramble 12, Xeno, Yarrow and Zinnia 11.5
        ("T4", {"Xeno": 4, "Yarrow": 4, "Zinnia": 4, "Tansy": 4, "Bramble": 4},
               {"Xeno": F(23, 2), "Yarrow": F(23, 2), "Zinnia": F(23, 2), "Tansy": F(27, 2), "Bramble": 12}),
    ],
)  # fmt: skip
def test_match_and_game_points(event: str, mp: dict[str, F], gp: dict[str, F]) -> None:
    ev = EVENTS[event]
    assert {t.name: F(int(ev.mp[k].sum()), 2) for k, t in enumerate(ev.teams)} == mp
    assert {t.name: F(int(ev.gp[k].sum()), 2) for k, t in enumerate(ev.teams)} == gp


# (event, tie-break, team, value under fide-2024, value under fide-2026), digest section 8
VALUES = [
    # 8.1 MPvGP for the 4-MP group
    ("T1", "MPvGP", "Ash", 7, 7), ("T1", "MPvGP", "Elm", 7, 7), ("T1", "MPvGP", "Doum", F(13, 2), F(13, 2)),
    # 8.1 Elm's PAB dummy (R1): 2024 own score 4 MP / 7 GP; 2026 min(4, 1 x 3) = 3 MP, min(7, 2 x 3) = 6 GP
    # BH:MP Ash = Birch 1 + Elm 4 + Doum 4 = 9; Doum = Cedar 2 + Birch 1 + Ash 4 = 7; Elm = dummy + 4 + 2
    ("T1", "BH:MP", "Ash", 9, 9), ("T1", "BH:MP", "Doum", 7, 7), ("T1", "BH:MP", "Elm", 10, 9),
    # BH:GP Ash = 4.5 + 7 + 6.5 = 18; Elm = dummy + 7 + 5 = 19 (2024), 18 (2026)
    ("T1", "BH:GP", "Ash", 18, 18), ("T1", "BH:GP", "Elm", 19, 18),
    # BH:MP/C1: Ash cuts Birch's 1 -> 8; Doum -> 6; Elm 2024 {4, 4, 2} cut 2 -> 8, 2026 {3, 4, 2} -> 7
    ("T1", "BH:MP/C1", "Ash", 8, 8), ("T1", "BH:MP/C1", "Doum", 6, 6), ("T1", "BH:MP/C1", "Elm", 8, 7),
    # ESB of Ash (no unplayed rounds): EMMSB 1x2 + 4x1 + 4x1 = 10; EMGSB 1x3 + 4x2 + 4x2 = 19;
    # EGMSB 4.5x2 + 7x1 + 6.5x1 = 22.5; EGGSB 4.5x3 + 7x2 + 6.5x2 = 40.5
    ("T1", "EMMSB", "Ash", 10, 10), ("T1", "EMGSB", "Ash", 19, 19),
    ("T1", "EGMSB", "Ash", F(45, 2), F(45, 2)), ("T1", "EGGSB", "Ash", F(81, 2), F(81, 2)),
    # ESB of Elm, R1 the PAB dummy (4 MP / 7 GP in 2024, 3 / 6 in 2026) x the PAB's 1 MP / 2 GP:
    # EMMSB 4 + 4 + 2x2 = 12 / 11; EMGSB 4x2 + 4x2 + 2x3 = 22 / 20; EGMSB 7 + 7 + 5x2 = 24 / 23;
    # EGGSB 7x2 + 7x2 + 5x3 = 43 / 41
    ("T1", "EMMSB", "Elm", 12, 11), ("T1", "EMGSB", "Elm", 22, 20),
    ("T1", "EGMSB", "Elm", 24, 23), ("T1", "EGGSB", "Elm", 43, 41),
    # ESB Cut-1 (14.1.2): the opponent with the lowest opponent-side key, not the lowest contribution:
    # EGMSB/C1 Ash cuts Birch (key 4.5, contribution 9) -> 13.5; EGGSB/C1 Ash cuts 13.5 -> 27
    ("T1", "EGMSB/C1", "Ash", F(27, 2), F(27, 2)), ("T1", "EGGSB/C1", "Ash", 27, 27),
    ("T1", "EMMSB/C1", "Ash", 8, 8), ("T1", "EMGSB/C1", "Ash", 16, 16),
    # Elm: the lowest key is Cedar (2 MP / 5 GP): EMMSB/C1 12 - 4 = 8 / 11 - 4 = 7; EMGSB/C1 16 / 14;
    # EGMSB/C1 14 / 13; EGGSB/C1 28 / 26
    ("T1", "EMMSB/C1", "Elm", 8, 7), ("T1", "EMGSB/C1", "Elm", 16, 14),
    ("T1", "EGMSB/C1", "Elm", 14, 13), ("T1", "EGGSB/C1", "Elm", 28, 26),
    # the reference program's bare ESB is EMGSB here (MP primary): Ash 19, Elm 22 / 20
    ("T1", "ESB", "Ash", 19, 19), ("T1", "ESB", "Elm", 22, 20),
    # SSSC (13.4): FN = floor(2 x 3 / 4) = 1; GP + BH:MP: Ash 7 + 9 = 16, Elm 7 + 10 = 17 / 7 + 9 = 16,
    # Doum 6.5 + 7 = 13.5
    ("T1", "SSSC", "Ash", 16, 16), ("T1", "SSSC", "Elm", 17, 16), ("T1", "SSSC", "Doum", F(27, 2), F(27, 2)),
    # stand-alone BC over the event (12.1, lower is better): Ash boards 1.5/1/3/1.5 -> 1.5 + 2 + 9 + 6
    # = 18.5; Elm 2.5/2.5/2/2 (the PAB: a win on every board) -> 2.5 + 5 + 6 + 8 = 21.5
    ("T1", "BC", "Ash", F(37, 2), F(37, 2)), ("T1", "BC", "Elm", F(43, 2), F(43, 2)),
    # 8.2 round robin: no Article 16. EGGSB Aspen = 5.5x3 + 6x1.5 + 6x2 = 37.5; Cherry = 6.5x2.5 +
    # 5.5x1.5 + 6x2 = 36.5; Date = 6.5x2 + 5.5x2 + 6x2 = 36; Beech = 6.5x1 + 6x2.5 + 6x2 = 33.5
    ("T2", "EGGSB", "Aspen", F(75, 2), F(75, 2)), ("T2", "EGGSB", "Cherry", F(73, 2), F(73, 2)),
    ("T2", "EGGSB", "Date", 36, 36), ("T2", "EGGSB", "Beech", F(67, 2), F(67, 2)),
    # EMMSB and BH:MP are 9 for everybody
    *(("T2", tb, team, 9, 9) for tb in ("EMMSB", "BH:MP") for team in ("Aspen", "Beech", "Cherry", "Date")),
    # 8.3 Fir's R2 forfeit win is an own unplayed round: the dummy is its own 5 MP / 8.5 GP in 2024,
    # min(own, Kapok's adjusted 1 MP / 3.5 GP) in 2026 (16.4.1); with /P the forfeit counts as a game
    # against Kapok (1 MP / 3.5 GP) in both
    ("T3", "BH:MP", "Fir", 9, 5), ("T3", "BH:MP/P", "Fir", 5, 5),          # 1 + 5 + 3 / 1 + 1 + 3
    ("T3", "BH:GP", "Fir", 19, 14), ("T3", "BH:GP/P", "Fir", 14, 14),      # 4.5 + 8.5 + 6 / 4.5 + 3.5 + 6
    ("T3", "BH:MP/C1", "Fir", 8, 4), ("T3", "BH:GP/C1", "Fir", F(29, 2), F(21, 2)),
    # Juniper, no unplayed rounds: BH:MP 1 + 3 + 1 = 5, BH:GP 3.5 + 6 + 4.5 = 14, cut 4 and 10.5
    ("T3", "BH:MP", "Juniper", 5, 5), ("T3", "BH:GP", "Juniper", 14, 14),
    ("T3", "BH:MP/C1", "Juniper", 4, 4), ("T3", "BH:GP/C1", "Juniper", F(21, 2), F(21, 2)),
    # Kapok's R2 forfeit loss (a VUR followed by a played round, 16.2.4): dummy own 1 MP (2026 cap
    # min(1, Fir 5) = 1): BH:MP = Juniper 5 + 1 + Ilex 3 = 9, /C1 cuts the VUR dummy -> 8;
    # BH:GP = 7.5 + 3.5 + 6 = 17, /C1 -> 13.5; BH:MP/P = 5 + Fir 5 + 3 = 13
    ("T3", "BH:MP", "Kapok", 9, 9), ("T3", "BH:MP/C1", "Kapok", 8, 8), ("T3", "BH:GP", "Kapok", 17, 17),
    ("T3", "BH:GP/C1", "Kapok", F(27, 2), F(27, 2)), ("T3", "BH:MP/P", "Kapok", 13, 13),
    # ESB with a forfeit-win dummy: EGGSB Fir 4.5x2.5 + dummy x 4 + 6x2: 2024 11.25 + 8.5x4 + 12 =
    # 57.25, 2026 11.25 + 3.5x4 + 12 = 37.25; EGGSB/C1 2024 cuts Gum (key 4.5) -> 46, 2026 the dummy
    # (key 3.5) -> 23.25
    ("T3", "EGGSB", "Fir", F(229, 4), F(149, 4)), ("T3", "EGGSB/C1", "Fir", 46, F(93, 4)),
    # EMGSB Fir 1x2.5 + dummy x 4 + 3x2: 2024 2.5 + 20 + 6 = 28.5, 2026 2.5 + 4 + 6 = 12.5; /C1 2024
    # cuts Gum's 2.5 -> 26, 2026 Gum and the dummy share key 1: the lower contribution 2.5 goes -> 10
    ("T3", "EMGSB", "Fir", F(57, 2), F(25, 2)), ("T3", "EMGSB/C1", "Fir", 26, 10),
    # EGGSB Kapok 7.5x1.5 + 3.5x0 + 6x2 = 23.25; /C1 cuts the VUR dummy itself (key 3.5, contribution 0)
    ("T3", "EGGSB", "Kapok", F(93, 4), F(93, 4)), ("T3", "EGGSB/C1", "Kapok", F(93, 4), F(93, 4)),
    # WIN counts the forfeit win (R1 and R2), WON only the match won over the board (R1)
    ("T3", "WIN", "Fir", 2, 2), ("T3", "WON", "Fir", 1, 1),
    # BC (12.1): Fir's boards R1 1, .5, 0, 1 + R2 1, 1, 1, 1 + R3 .5, 0, .5, 1 -> 2.5/1.5/1.5/3 ->
    # 2.5 + 3 + 4.5 + 12 = 22; Ilex with its 300 line-up 1.5 on every board -> 1.5 x 10 = 15; Kapok 10
    ("T3", "BC", "Fir", 22, 22), ("T3", "BC", "Ilex", 15, 15), ("T3", "BC", "Kapok", 10, 10),
]  # fmt: skip


@pytest.mark.parametrize(("event", "tiebreak", "team", "v2024", "v2026"), VALUES)
def test_digest_values(event: str, tiebreak: str, team: str, v2024: F, v2026: F) -> None:
    assert values(event, tiebreak, "fide-2024")[team] == v2024
    assert values(event, tiebreak, "fide-2026")[team] == v2026


def test_t1_the_2026_pab_cap_changes_the_winner() -> None:
    # digest 8.1, "212 PTS,MPvGP,BH:MP/C1,EMGSB": 2026 Ash (BH:MP/C1 8) > Elm (7); 2024 BH:MP/C1
    # 8 = 8, then EMGSB 22 > 19: Elm > Ash
    tiebreaks = "MPvGP,BH:MP/C1,EMGSB"
    assert order("T1", tiebreaks, "fide-2026") == [["Ash"], ["Elm"], ["Doum"], ["Cedar"], ["Birch"]]
    assert order("T1", tiebreaks, "fide-2024") == [["Elm"], ["Ash"], ["Doum"], ["Cedar"], ["Birch"]]


def test_t1_ede_and_its_chains() -> None:
    # digest 8.1: EDE on {Ash, Doum, Elm} before MPvGP: Doum-Elm never met; MP among them Ash 2,
    # Doum 1, Elm 1, and the missing match could bring either to 3 >= 2; GP likewise: all stay tied
    assert order("T1", "EDE")[0] == ["Ash", "Doum", "Elm"]
    # after MPvGP {Ash, Elm}: their R2 match 2-2 leaves EDE undecided; 13.3.2 on that match's boards
    # (Elm 1/2 1 0 1/2, Ash 1/2 0 1 1/2): BC Elm 4.5 < Ash 5.5, TBR board 2 1-0, BBE without boards
    # 3-4 1.5-0.5: Elm first by every chain (the reference program's EDEBT/EDEBB put Ash first: it
    # ranks the higher board count first, digest 9.3; C.07 12.1 ranks the lower)
    assert order("T1", "MPvGP,EDE")[:2] == [["Ash", "Elm"], ["Doum"]]
    for chain in ("EDET", "EDEB", "EDEBT", "EDEBB"):
        assert order("T1", f"MPvGP,{chain}")[:3] == [["Elm"], ["Ash"], ["Doum"]], chain
    # stand-alone over the event: BC prefers Ash (18.5 < 21.5), TBR and BBE prefer Elm (board 1: 2.5
    # against 1.5; boards 1-3: 7 against 5.5)
    assert order("T1", "MPvGP,BC")[:2] == [["Ash"], ["Elm"]]
    assert order("T1", "MPvGP,TBR")[:2] == [["Elm"], ["Ash"]]
    assert order("T1", "MPvGP,BBE")[:2] == [["Elm"], ["Ash"]]


def test_t1_sssc_with_game_points_primary() -> None:
    # digest 8.1: GP primary, FN = floor(4 x 3 / 2) = 6, SSSC = MP + BH:GP / 6 (2026): Elm 4 + 18/6 = 7,
    # Doum 4 + 16.5/6 = 6.75, Cedar 2 + 18.5/6 = 61/12 (5.08 in the reference program, rounded)
    got = values(EVENTS["T1"].with_primary("GP"), "SSSC", "fide-2026")
    assert (got["Elm"], got["Doum"], got["Cedar"]) == (7, F(27, 4), F(61, 12))


def test_t2_round_robin_ede_and_the_board_chain() -> None:
    assert EVENTS["T2"].round_robin
    # EDE: MP 3 each (no split); GP Aspen 6.5 first, Beech 5.5 last; {Cherry, Date} drew 2-2 in MP and
    # GP: still tied. DE on the primary score alone leaves all four tied
    assert order("T2", "EDE") == [["Aspen"], ["Cherry", "Date"], ["Beech"]]
    assert order("T2", "DE") == [["Aspen", "Beech", "Cherry", "Date"]]
    # 13.3.2 on the Date-Cherry boards (Cherry 1 0 1/2 1/2, Date 0 1 1/2 1/2): BC Cherry 4.5 < Date
    # 5.5, TBR board 1, BBE at the third step: Cherry by every chain (the reference program's
    # EDEBT puts Date first, its board count inverted, digest 9.3)
    for chain in ("EDET", "EDEB", "EDEBT", "EDEBB"):
        assert order("T2", chain) == [["Aspen"], ["Cherry"], ["Date"], ["Beech"]], chain


def test_t4_ede_stays_on_the_score_that_split() -> None:
    # digest 8.4 reading A (the reference program, TEC exercise 45): MP splits nobody, GP puts Tansy
    # first and Bramble second; {Xeno, Yarrow, Zinnia} is resolved on GP among them: Yarrow 2.5 + 5
    # = 7.5, Xeno 3.5 + 3.5 = 7, Zinnia 3.5
    assert EVENTS["T4"].round_robin
    assert order("T4", "EDE") == [["Tansy"], ["Bramble"], ["Yarrow"], ["Xeno"], ["Zinnia"]]


def test_t3_without_the_line_up_the_boards_move() -> None:
    # digest 8.3: without record 300 Ilex's boards are taken in roster order, its R3 boards 1 and 2
    # swap: Ilex BC 15 -> 15.5, as in the reference program.  Kapok fielded its roster in order, so
    # its boards do not move and its BC stays 10 (the reference program, which pairs the two teams'
    # games board by board, gives 9.5: a consequence of its pairing, not of the file)
    text = T3.replace("300   3   4   6   14   13   15   16\n", "")
    ev = parse_team_event(text.encode(), "t3.trf")
    got = values(ev, "BC", "fide-2026")
    assert (got["Ilex"], got["Kapok"]) == (F(31, 2), 10)


def test_t4_ede_restart_option_gives_reading_b() -> None:
    # digest 8.4 reading B, rule-set option ede=restart: {Xeno, Yarrow, Zinnia} starts 13.3.1 again
    # from MP among them: Xeno 4 (beat Yarrow 3.5-2.5 and Zinnia 3.5-2.5), Yarrow 2 (beat Zinnia
    # 5-1), Zinnia 0; Tansy and Bramble keep their places from GP (13.5, 12)
    expected = [["Tansy"], ["Bramble"], ["Xeno"], ["Yarrow"], ["Zinnia"]]
    assert order("T4", "EDE", "fide-2026:ede=restart") == expected
    assert order("T4", "EDE", "fide-2024:ede=restart") == expected
    assert order("T4", "EDE", "fide-2026:ede=alternate") == order("T4", "EDE")


@pytest.mark.parametrize("chain", ["EDEBT", "EDEBB"])
def test_chain_board_count_option_gives_the_reference_reading(chain: str) -> None:
    # digest 9.3, rule-set option chain-bc=higher: the higher board count first inside the chains.
    # T2: Cherry 4.5, Date 5.5 -> Date before Cherry (the reference program's order); T1: Elm 4.5,
    # Ash 5.5 -> Ash before Elm.  The chains without B (EDET, EDEB) do not change.
    assert order("T2", chain, "fide-2026:chain-bc=higher") == [["Aspen"], ["Date"], ["Cherry"], ["Beech"]]
    assert order("T1", f"MPvGP,{chain}", "fide-2026:chain-bc=higher")[:3] == [["Ash"], ["Elm"], ["Doum"]]
    assert order("T1", f"MPvGP,{chain}")[:3] == [["Elm"], ["Ash"], ["Doum"]]
    for unchanged in ("EDET", "EDEB"):
        assert order("T2", unchanged, "fide-2026:chain-bc=higher") == order("T2", unchanged)
