"""Hand-computed records, round by round, for every tie-break that has them (C.07 and US Chess 34E).

Two small tournaments (ratings 2400 - 10 x start number, the builder's default):

PLAYED - six players, three rounds, every game played:
    R1: 1-4 1-0, 2-5 1-0, 3-6 1-0   R2: 2-1 ½-½, 3-4 1-0, 5-6 1-0   R3: 3-1 1-0, 2-6 1-0, 4-5 ½-½
    points: 1: 1.5, 2: 2.5, 3: 3, 4: 0.5, 5: 1.5, 6: 0
    player 1: W vs 4 (White), ½ vs 2 (Black), 0 vs 3 (Black)

UNPLAYED - four players, three rounds, with a forfeit, a half-point bye and a zero-point bye:
    R1: 1-2 1-0, 3-4 forfeit win for 3   R2: 1 HPB, 2-3 ½-½, 4 ZPB   R3: 3-1 1-0, 2-4 1-0
    points: 1: 1.5, 2: 1.5, 3: 2.5, 4: 0

Each row: tie-break, player, the contributions round by round (None: not an element), the rounds
that count, the value.  The property test in test_records.py checks the aggregate for every case;
here the records themselves are asserted.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from builders import tournament
from spareggio.core.model import Scope
from spareggio.standings import standings
from spareggio.tiebreaks.base import GroupSteps
from spareggio.tiebreaks.records import Why

PLAYED = {1: "+W4 =B2 -B3", 2: "+W5 . +W6", 3: "+W6 +W4 +W1", 5: ". +W6 =B4"}
UNPLAYED = {1: "+W2 HPB -B3", 3: "+F4 =B2 .", 2: ". . +W4", 4: ". ZPB ."}

CASES = [
    # PTS: 1 + ½ + 0
    (PLAYED, "PTS", 1, [1, F(1, 2), 0], [1, 2, 3], F(3, 2)),
    # WIN (7.1): only round 1 gives a win's points
    (PLAYED, "WIN", 1, [1, 0, 0], [1], 1),
    # WON (7.2): the game won over the board in round 1
    (PLAYED, "WON", 1, [1, 0, 0], [1], 1),
    # BPG (7.3): Black in rounds 2 and 3
    (PLAYED, "BPG", 1, [0, 1, 1], [2, 3], 2),
    # BWG (7.4): no win with Black
    (PLAYED, "BWG", 1, [0, 0, 0], [], 0),
    # REP (7.6): three games, no voluntary unplayed round
    (PLAYED, "REP", 1, [1, 1, 1], [1, 2, 3], 3),
    # STD (7.7): 1 > 0 -> 1; ½ = ½ -> ½; 0 < 1 -> 0
    (PLAYED, "STD", 1, [1, F(1, 2), 0], [1, 2, 3], F(3, 2)),
    # PS (7.5): cumulative 1, 1.5, 1.5 -> 4
    (PLAYED, "PS", 1, [1, F(3, 2), F(3, 2)], [1, 2, 3], 4),
    # PS/C1 (14.1.1 c): the score after round 1 is cut -> 1.5 + 1.5 = 3
    (PLAYED, "PS/C1", 1, [1, F(3, 2), F(3, 2)], [2, 3], 3),
    # KS (9.2): maximum 3, line 1.5; 4 (0.5) is below, 2 (2.5) and 3 (3) count: ½ + 0
    (PLAYED, "KS", 1, [1, F(1, 2), 0], [2, 3], F(1, 2)),
    # BH (8.1): 0.5 + 2.5 + 3 = 6
    (PLAYED, "BH", 1, [F(1, 2), F(5, 2), 3], [1, 2, 3], 6),
    # BH/C1 (14.1): the lowest, 0.5 (player 4), is cut -> 5.5
    (PLAYED, "BH/C1", 1, [F(1, 2), F(5, 2), 3], [2, 3], F(11, 2)),
    # SB (9.1): 1 x 0.5 + ½ x 2.5 + 0 x 3 = 1.75
    (PLAYED, "SB", 1, [F(1, 2), F(5, 4), 0], [1, 2, 3], F(7, 4)),
    # AOB (8.2): BH(4) = 1.5 + 3 + 1.5 = 6, BH(2) = 1.5 + 1.5 + 0 = 3, BH(3) = 0 + 0.5 + 1.5 = 2 -> 11/3
    (PLAYED, "AOB", 1, [6, 3, 2], [1, 2, 3], F(11, 3)),
    # ARO (10.1): 2360 + 2380 + 2370 = 7110 / 3 = 2370
    (PLAYED, "ARO", 1, [2360, 2380, 2370], [1, 2, 3], 2370),
    # ARO/C1 (14.1): 2360 cut -> (2380 + 2370) / 2 = 2375
    (PLAYED, "ARO/C1", 1, [2360, 2380, 2370], [2, 3], 2375),
    # TPR (10.2): records are the points of each game (1, ½, 0); ARO 2370 + dp(50 %) 0 = 2370
    (PLAYED, "TPR", 1, [1, F(1, 2), 0], [1, 2, 3], 2370),
    # PTP (10.3): at 2370 the expectations are .51 (+10), .49 (-10), .50 (0) = 1.50: reached;
    # at 2369 they are .51, .48, .50 = 1.49: not reached -> 2370
    (PLAYED, "PTP", 1, [1, F(1, 2), 0], [1, 2, 3], 2370),
    # APRO (10.4): TPR(4) = 2370 + dp(17 %) -273 = 2097; TPR(2) = 2360 + dp(83 %) 273 = 2633;
    # TPR(3) = 2363 (7090 / 3 = 2363.33) + dp(100 %) 800 = 3163; (2097 + 2633 + 3163) / 3 = 2631
    (PLAYED, "APRO", 1, [2097, 2633, 3163], [1, 2, 3], 2631),
    # RTNG (10.6) and TPN (7.8): the player's own data
    (PLAYED, "RTNG", 1, [], [], 2390),
    (PLAYED, "TPN", 1, [], [], 1),
    # US Chess 34E: cumulative 1 + 1.5 + 1.5 = 4; opponents' cumulative 0.5 (4) + 5 (2) + 6 (3);
    # Kashdan 4 (win) + 2 (draw) + 1 (loss); Solkoff 0.5 + 2.5 + 3
    (PLAYED, "CUM", 1, [1, F(3, 2), F(3, 2)], [1, 2, 3], 4),
    (PLAYED, "OPPCUM", 1, [F(1, 2), 5, 6], [1, 2, 3], F(23, 2)),
    (PLAYED, "KASHDAN", 1, [4, 2, 1], [1, 2, 3], 7),
    (PLAYED, "SOLKOFF", 1, [F(1, 2), F(5, 2), 3], [1, 2, 3], 6),
    # -- unplayed rounds --
    # WIN: player 3's forfeit win gives a win's points (7.1) and counts; WON does not (7.2, Swiss)
    (UNPLAYED, "WIN", 3, [1, 0, 1], [1, 3], 2),
    (UNPLAYED, "WON", 3, [0, 0, 1], [3], 1),
    # REP (7.6): player 1's half-point bye is a voluntary unplayed round; player 4 has a forfeit
    # loss and a zero-point bye
    (UNPLAYED, "REP", 1, [1, 0, 1], [1, 3], 2),
    (UNPLAYED, "REP", 4, [0, 0, 1], [3], 1),
    # ARO: the bye is not an element; (2380 + 2370) / 2 = 2375.  Player 3: the forfeit is not
    # either; (2380 + 2390) / 2 = 2385
    (UNPLAYED, "ARO", 1, [2380, None, 2370], [1, 3], 2375),
    (UNPLAYED, "ARO", 3, [None, 2380, 2390], [2, 3], 2385),
    # STD: the bye gives exactly a draw's points -> ½ (7.7)
    (UNPLAYED, "STD", 1, [1, F(1, 2), 0], [1, 2, 3], F(3, 2)),
    # KS for player 3: line 1.5; the forfeit against 4 (0 points) is below, 2 and 1 (1.5) count
    (UNPLAYED, "KS", 3, [1, F(1, 2), 1], [2, 3], F(3, 2)),
    # AOB (8.2): only games over the board; player 1 met 2 (round 1) and 3 (round 3).
    # Under fide-2026 BH(2) = 1.5 (1) + 2.5 (3) + 0 (4) = 4; BH(3): his forfeit win is an own
    # unplayed round, a dummy on his own score capped at the scheduled opponent's adjusted score,
    # 4's 0 (16.4.1) -> 0 + 1.5 (2) + 1.5 (1) = 3.  AOB(1) = (4 + 3) / 2 = 3.5
    (UNPLAYED, "AOB", 1, [4, None, 3], [1, 3], F(7, 2)),
]


C, N, LOW, HIGH, OUT = Why.COUNTED, Why.NOT_COUNTED, Why.CUT_LOW, Why.CUT_HIGH, Why.NOT_PART

# (cards, tie-break, player, inputs, contributions, why codes, value), round by round
INPUT_CASES = [
    # FB (8.3): every game of the final round counts as drawn: 3-1 and 2-6 become ½-½, 5-4 was.
    # Fore scores: 4: 0 + 0 + ½ = 0.5; 2: 1 + ½ + ½ = 2; 3: 1 + 1 + ½ = 2.5 -> FB(1) = 5
    (PLAYED, "FB", 1, [F(1, 2), 2, F(5, 2)], [F(1, 2), 2, F(5, 2)], [C, C, C], 5),
    # APPO (10.5): the opponents' PTP (10.3, B.02 8.1 b).  4 (½ against 2390, 2370, 2350): at 2092
    # the differences -298, -278, -258 expect .15 + .17 + .18 = .50, reached; at 2091 .15 + .16 +
    # .18 = .49 -> 2092.  2 (2.5 against 2350, 2390, 2340): at 2636 +286, +246, +296 expect .84 +
    # .81 + .85 = 2.50; at 2635 .84 + .80 + .85 = 2.49 -> 2636.  3 (3 of 3): the highest, 2390,
    # + 736 = 3126.  APPO(1) = (2092 + 2636 + 3126) / 3 = 7854 / 3 = 2618
    (PLAYED, "APPO", 1, [2092, 2636, 3126], [2092, 2636, 3126], [C, C, C], 2618),
    # US Chess 34E on UNPLAYED: opponents' unplayed games count as draws, own unplayed games 0.
    # Adjusted: 2 = 1.5 (all played); 3 = ½ (forfeit win as a draw) + ½ + 1 = 2.
    # SOLKOFF (34E2), player 1: 1.5 (2) + 0 (own half-point bye) + 2 (3) = 3.5
    (UNPLAYED, "SOLKOFF", 1, [F(3, 2), 0, 2], [F(3, 2), 0, 2], [C, C, C], F(7, 2)),
    # MM (34E1), player 1: 1.5 of 3 is an even score: the lowest (0) and the highest (2) dropped
    # (one each, fewer than 9 rounds) -> 1.5
    (UNPLAYED, "MM", 1, [F(3, 2), 0, 2], [F(3, 2), 0, 2], [C, LOW, HIGH], F(3, 2)),
    # MM, player 3: 2.5 of 3 is a plus score: only the lowest dropped, his own forfeit win (0);
    # 2 = 1.5 and 1 = 1.5 (his bye counts as the ½ it gave) -> 3
    (UNPLAYED, "MM", 3, [0, F(3, 2), F(3, 2)], [0, F(3, 2), F(3, 2)], [LOW, C, C], 3),
    # MEDIAN (34E1): the highest and the lowest whatever the score -> player 3: 0 and one 1.5 cut
    # (of equal values the earlier round is marked; the total is the same) -> 1.5
    (UNPLAYED, "MEDIAN", 3, [0, F(3, 2), F(3, 2)], [0, F(3, 2), F(3, 2)], [LOW, HIGH, C], F(3, 2)),
    # USSB (34E), player 1: 1 x 1.5 (beat 2) + ½ x 0 (own bye) + 0 x 2 (lost to 3) = 1.5
    (UNPLAYED, "USSB", 1, [F(3, 2), 0, 2], [F(3, 2), 0, 0], [C, C, C], F(3, 2)),
    # CUM (34E3), player 3: running 1, 1.5, 2.5; round 1 was won without playing (forfeit win):
    # less a win -> 0 + 1.5 + 2.5 = 4
    (UNPLAYED, "CUM", 3, [1, F(3, 2), F(5, 2)], [0, F(3, 2), F(5, 2)], [C, C, C], 4),
    # KASHDAN (34E7), player 3: the forfeit win gives 0 (not over the board), a draw 2, a win 4 -> 6
    (UNPLAYED, "KASHDAN", 3, [1, F(1, 2), 1], [0, 2, 4], [N, C, C], 6),
    # OPPCUM (34E), player 1: opponents met over the board, 2 (cumulative 0 + ½ + 1.5 = 2) and 3
    # (1 + 1.5 + 2.5 = 5, less a win for the forfeit win = 4); the bye is no element -> 6
    (UNPLAYED, "OPPCUM", 1, [2, None, 4], [2, None, 4], [C, OUT, C], 6),
]


@pytest.mark.parametrize(
    ("cards", "code", "player", "inputs", "contributions", "whys", "value"),
    INPUT_CASES,
    ids=[f"{c[1]}-{'played' if c[0] is PLAYED else 'unplayed'}-p{c[2]}" for c in INPUT_CASES],
)
def test_records_with_their_inputs_by_hand(
    cards: dict[int, str],
    code: str,
    player: int,
    inputs: list,
    contributions: list,
    whys: list[Why],
    value: object,
) -> None:
    t = tournament(cards, players=6 if cards is PLAYED else 4)
    s = standings(t, [code], rules="fide-2026")
    res = s.results[code]
    records = res.records(t.index_of(player))
    assert [r.input for r in records] == inputs
    assert [r.contribution for r in records] == contributions
    assert [r.why for r in records] == whys
    assert res.value(t.index_of(player)) == value


def test_cumulative_records_say_why_a_round_is_less_a_win() -> None:
    # CUM (34E3): the forfeit win of player 3 in round 1 is recorded with its code, and the
    # explanation says it in words beside the running score
    from spareggio.explain import explain_player

    t = tournament(UNPLAYED, players=4)
    s = standings(t, ["CUM"], rules="fide-2026")
    assert [r.detail for r in s.results["CUM"].records(t.index_of(3))] == ["less_a_win", "", ""]
    (cum,) = explain_player(s, 3).tiebreaks
    assert "less a win" in cum.rounds[0].note and "34E3" in cum.rounds[0].note
    assert cum.rounds[0].detail == "less_a_win" and cum.rounds[1].detail == ""


# Direct Encounter (C.07 6), six players, three rounds:
#   R1: 1-2 1-0, 3-4 1-0, 5-6 1-0   R2: 2-3 1-0, 5-1 1-0, 4-6 1-0   R3: 3-1 ½-½, 2-6 ½-½, 5-4 1-0
#   points: 1: 1.5, 2: 1.5, 3: 1.5, 4: 1, 5: 3, 6: 0.5
DE_CARDS = {1: "+W2 -B5 =B3", 2: ". +W3 =W6", 3: "+W4 . .", 4: ". +W6 -B5", 5: "+W6 . ."}


def test_direct_encounter_records_by_hand() -> None:
    # the group {1, 2, 3} on 1.5 met in full: 1 beat 2 and drew 3 (1.5), 2 beat 3 (1), 3 drew 1
    # (0.5): everyone met everyone, so 6.2 orders them 1 > 2 > 3; 4, 5, 6 are alone on their score
    from spareggio.explain import explain_player

    t = tournament(DE_CARDS, players=6)
    s = standings(t, ["DE"], rules="fide-2026")
    res = s.results["DE"]
    assert res.values() == [1, 2, 3, None, None, None]
    assert isinstance(res.details, GroupSteps)
    (step,) = res.details.steps
    assert step.members == (0, 1, 2) and step.all_met and step.order == ((0,), (1,), (2,))
    assert step.scores == (F(3, 2), 1, F(1, 2))
    assert sorted(step.encounters) == [
        (0, 1, 1, 1), (0, 2, F(1, 2), 1), (1, 0, 0, 1), (1, 2, 1, 1), (2, 0, F(1, 2), 1), (2, 1, 0, 1),
    ]  # fmt: skip
    (de,) = explain_player(s, 2).tiebreaks
    (group,) = de.groups
    assert group.step == "6.2" and group.order == ((1,), (2,), (3,))
    assert {(e.player, e.opponent): e.points for e in group.encounters}[(2, 3)] == 1
    assert dict(group.points_among) == {1: F(3, 2), 2: 1, 3: F(1, 2)} and dict(group.unmet) == {1: 0, 2: 0, 3: 0}
    assert "1-2 1-0" in "\n".join(de.lines)
    (de4,) = explain_player(s, 4).tiebreaks
    assert de4.value is None and de4.groups == []


@pytest.mark.parametrize(
    ("cards", "code", "player", "contributions", "counted", "value"),
    CASES,
    ids=[f"{c[1]}-{'played' if c[0] is PLAYED else 'unplayed'}-p{c[2]}" for c in CASES],
)
def test_records_by_hand(
    cards: dict[int, str], code: str, player: int, contributions: list, counted: list[int], value: object
) -> None:
    players = 6 if cards is PLAYED else 4
    t = tournament(cards, players=players)
    s = standings(t, [code], rules="fide-2026")
    res = s.results[code]
    i = t.index_of(player)
    records = res.records(i)
    if contributions:
        assert [r.contribution for r in records] == contributions
        assert [r.round for r in records if r.counted] == counted
        # an element that is not part of the tie-break says so
        assert all((r.contribution is None) == (r.why is Why.NOT_PART) for r in records)
    else:
        (own,) = records
        assert own.round is None and own.counted
    assert res.value(i) == value


def test_cut_records_name_the_side() -> None:
    # ARO/M1 on PLAYED, player 1: 2360 (low) and 2380 (high) cut, 2370 left (14.3)
    t = tournament(PLAYED, players=6)
    s = standings(t, ["ARO/M1"], rules="fide-2026")
    whys = [r.why for r in s.results["ARO/M1"].records(0)]
    assert whys == [Why.CUT_LOW, Why.CUT_HIGH, Why.COUNTED]
    assert s.results["ARO/M1"].value(0) == 2370


def test_koya_records_mark_the_line() -> None:
    t = tournament(PLAYED, players=6)
    s = standings(t, ["KS"], rules="fide-2026")
    assert [r.why for r in s.results["KS"].records(0)] == [Why.BELOW_LINE, Why.COUNTED, Why.COUNTED]
    # the input is the opponent's final score: 0.5, 2.5, 3
    assert [r.input for r in s.results["KS"].records(0)] == [F(1, 2), F(5, 2), 3]


def test_us_tiebreaks_cite_the_us_rule_under_a_fide_rule_set() -> None:
    # MM and USSB always use the US Chess view (34E): under fide-2026 their footnotes must cite it,
    # not C.07 16.2.5.  Player 1 met 3, who won by forfeit in round 1: 3's forfeit win counts as a
    # draw for his opponents (34E), so 3 counts 2 instead of 2.5.
    from spareggio.explain import explain_player

    t = tournament(UNPLAYED, players=4)
    s = standings(t, ["MM", "USSB", "BH"], rules="fide-2026")
    mm, ussb, bh = explain_player(s, 1).tiebreaks
    assert mm.rules_view == ussb.rules_view == "us-chess"
    assert bh.rules_view == "fide-2026"
    (fn,) = mm.footnotes
    assert fn.start_number == 3 and (fn.actual, fn.adjusted) == (F(5, 2), 2)
    assert fn.text.endswith("(US Chess 34E)")
    assert "16.2.5" not in fn.text
    # the heading above the adjusted scores cites the rule applied too, in every rendering
    from spareggio.render.explanation import render_text
    from spareggio.render.html import explanation_html

    assert mm.footnotes_heading == ussb.footnotes_heading == "footnotes.us_chess"
    e = explain_player(s, 1)
    for page in (render_text(e), explanation_html(e)):
        assert page.count("Adjusted scores of opponents (US Chess 34E)") == 2
        assert "Adjusted scores of opponents (C.07 16.3)" not in page
    # every record of a US Chess tie-break names the US Chess rule set, the others the event's
    assert {r.rules for r in s.results["MM"].records(0)} == {"us-chess"}
    assert {r.rules for r in s.results["BH"].records(0)} == {"fide-2026"}


def _catalogue() -> list[str]:
    from spareggio.tiebreaks import catalogue

    return sorted(d.code for d in catalogue(Scope.INDIVIDUAL) if not d.diagnostic)


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("code", _catalogue())
def test_explain_cli_breaks_every_tiebreak_down(
    code: str, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # the bundled example, player 7 (the winner, in a tied group for DE with player 1 on 7 points)
    import json
    from pathlib import Path

    from spareggio.cli import main

    example = str(Path(__file__).resolve().parent.parent / "examples" / "open-2026.trf")
    tiebreaks = code if code != "DE" else "DE,BH"
    assert main(["explain", example, "-p", "7", "-t", tiebreaks, "-f", "json", "--lang", lang, "-q"]) == 0
    doc = json.loads(capsys.readouterr().out)
    tb = doc["tiebreaks"][0]
    if code == "DE":
        assert tb["groups"] and 7 in tb["groups"][0]["members"]
    elif tb["aggregate"] == "own":
        (element,) = tb["elements"]
        assert tb["sum"] and element["input"] == tb["value"] and element["why"] == "counted"
    else:
        assert len(tb["rounds"]) == 9
        assert all(r["why"] and r["input_code"] for r in tb["rounds"])
    assert main(["explain", example, "-p", "7", "-t", tiebreaks, "--lang", lang, "-q"]) == 0
    text = capsys.readouterr().out
    if tb["rounds"]:
        heading = "Rd" if lang == "en" else "T."
        assert heading in text
        assert sum(1 for line in text.splitlines() if line.strip()[:2].strip().isdigit()) >= 9
    assert main(["explain", example, "-p", "7", "-t", tiebreaks, "-f", "html", "--lang", lang, "-q"]) == 0
    page = capsys.readouterr().out
    if tb["rounds"]:
        assert page.count("<tr") >= 10
    assert f'<html lang="{lang}">' in page


def test_ratings_given_to_unrated_players_are_marked() -> None:
    # C.07 Art. 10: with /U1500 the unrated player 3 counts at 1500.  Player 1 met 2 (2001),
    # 3 (unrated) and 4 (2000): ARO = (2001 + 1500 + 2000) / 3 = 5501 / 3 = 1833.67 -> 1834
    from spareggio.explain import explain_player
    from spareggio.render.explanation import explanation_to_dict as to_dict

    t = tournament({1: "+W2 +B3 -W4"}, players=4, ratings={1: 2000, 2: 2001, 3: 0, 4: 2000})
    s = standings(t, ["ARO/U1500", "RTNG/U1500"], rules="fide-2026")
    aro = s.results["ARO/U1500"].records(0)
    assert [r.input for r in aro] == [2001, 1500, 2000]
    assert [r.detail for r in aro] == ["", "unrated", ""]
    assert s.results["ARO/U1500"].value(0) == 1834
    # RTNG: one element, the player's own rating; player 3's is the one given to unrated players
    (own,) = s.results["RTNG/U1500"].records(2)
    assert (own.round, own.input, own.detail, own.counted) == (None, 1500, "unrated", True)
    (rtng,) = to_dict(explain_player(s, 3, ["RTNG/U1500"]))["tiebreaks"]
    assert rtng["rounds"] == [] and rtng["value"] == 1500
    assert rtng["elements"] == [
        {"input_code": "rating", "input": 1500, "contribution": 1500, "counted": True, "why": "counted",
         "detail": "unrated"}
    ]  # fmt: skip
    assert "unrated" in rtng["notes"][0]


def test_every_tiebreak_of_the_catalogue_has_a_hand_computed_case() -> None:
    # the tables above (and the DE case) cover every tie-break `spareggio tiebreaks` lists
    covered = {c[1].split("/")[0] for c in CASES} | {c[1].split("/")[0] for c in INPUT_CASES} | {"DE"}
    assert covered == set(_catalogue())
