"""Program profiles: ``--rules swiss-manager`` (and the others) computes as the program does, each
departure from C.07 a documented rule-set option reproduced on a hand-built event."""

from __future__ import annotations

from fractions import Fraction as Fr
from pathlib import Path

import pytest

import spareggio
from builders import tournament
from spareggio.core.programs import find_program, programs
from spareggio.rules import RULESETS, find_ruleset, program_rulesets

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "open-2026.trf"

# LATE (Swiss, 3 rounds): 1 enters late and is given a full point in round 1 (FPB), beats 2 and 3.
#   #2: +W4 -B1 +W5 = 2;  #3: =W5 =B4 -W1 = 1;  #5: =B3 PAB -B2 = 1.5;  #4: -B2 =W3 not paired = 0.5.
# BH(1) under fide-2024 (no caps): dummy on own score 3 (16.4) + 2 + 1 = 6.
# BH/C1, C.07 (16.2.1: a full-point bye is no VUR): the least significant value 1 goes: 5.
# Swiss-Manager (full-bye=vur): the FPB is a VUR, its 3 is not below the least significant 1, so it
# is cut first (16.5): 6 - 3 = 3.
LATE = {1: "FPB +W2 +B3", 2: "+W4 . +W5", 3: "=W5 =B4 .", 4: ". . --", 5: ". PAB ."}


@pytest.mark.parametrize(
    ("rules", "bh", "bh_c1"),
    [
        ("fide-2024", Fr(6), Fr(5)),  # C.07 16.2.1
        ("fide-2024:full-bye=vur", Fr(6), Fr(3)),  # cut first as a VUR
    ],
)
def test_a_full_point_bye_cut_first_as_a_vur(rules: str, bh: Fr, bh_c1: Fr) -> None:
    s = spareggio.rank(tournament(LATE, date="2025/06/01"), ["BH/C1", "BH"], rules=rules)
    assert (s.row_of(1).values["BH"], s.row_of(1).values["BH/C1"]) == (bh, bh_c1)


def test_swiss_manager_keeps_its_departures_in_its_2023_criteria() -> None:
    # "Buchholz Tie-Break Variable (2023) (Gamepoints, Cut1)": the 2024 text with the full-point bye cut
    # first, as in the printed 41 against C.07's 42
    t = tournament(LATE, date="2026/06/01")
    sm = spareggio.rank(t, ["BH/C1/V2023", "BH/C1/V2026"], rules="swiss-manager")
    fide = spareggio.rank(t, ["BH/C1/V2023"], rules="fide-2026")
    assert sm.row_of(1).values["BH/C1/V2023"] == Fr(3)
    assert fide.row_of(1).values["BH/C1/V2023"] == Fr(5)
    # under 2026 the dummy is capped at 3 rounds x ½ = 1.5 (16.4.2): BH 1.5 + 2 + 1 = 4.5; the cut removes
    # the lowest 1 under C.07, the VUR's 1.5 (not below 1) under Swiss-Manager
    assert sm.row_of(1).values["BH/C1/V2026"] == Fr(3)
    assert spareggio.rank(t, ["BH/C1"], rules="fide-2026").row_of(1).values["BH/C1"] == Fr(7, 2)


# RR (round robin of 4): 1 wins round 1 by forfeit against 2, draws with 3, beats 4.
#   #1 2.5; #2: -F1 +B4 =W3 = 1.5; #3: +W4 =B1 =B2 = 2; #4: 0.
# SB(1), C.07 15.2 (the forfeit is a game against 2): 1.5 + ½·2 + 0 = 2.5.
# rr-forfeit=dummy (Swiss-Manager's "(2023)" SB): the forfeit win meets a dummy on 1's own score 2.5:
# 2.5 + 1 + 0 = 3.5.  Under fide-2026 the dummy is capped at 2's adjusted score 1.5 (16.4.1): 2.5.
RR = {1: "+F2 =W3 +B4", 2: ". +B4 =W3", 3: "+W4 . .", 4: ". . ."}


@pytest.mark.parametrize(
    ("rules", "sb"),
    [
        ("fide-2024", Fr(5, 2)),
        ("fide-2024:rr-forfeit=dummy", Fr(7, 2)),
        ("fide-2026:rr-forfeit=dummy", Fr(5, 2)),
        ("swiss-manager", Fr(5, 2)),  # fide-2026 based: capped
    ],
)
def test_a_round_robin_forfeit_against_the_players_own_score(rules: str, sb: Fr) -> None:
    t = tournament(RR, kind="Individual: Round-Robin")
    assert t.is_round_robin
    s = spareggio.rank(t, ["SB"], rules=rules)
    assert s.row_of(1).values["SB"] == sb


def test_swiss_manager_2023_sb_in_a_round_robin() -> None:
    # "Sonneborn Berger Tie-Break Variable (2023)": the 2024 text (no cap) with the Swiss dummy: 3.5
    t = tournament(RR, kind="Individual: Round-Robin")
    s = spareggio.rank(t, ["SB/V2023"], rules="swiss-manager")
    assert s.row_of(1).values["SB/V2023"] == Fr(7, 2)


# NOGAMES (Swiss, 2 rounds): 5 never plays over the board (PAB, HPB).  C.07 Art. 10: his ARO and APRO
# are undefined (he ranks after those who have one); Swiss-Manager and Sharly Chess print 0.
NOGAMES = {1: "+W2 =B3", 2: ". +W4", 3: "=W4 .", 4: ". .", 5: "PAB HPB"}


@pytest.mark.parametrize(
    ("rules", "value"),
    [("fide-2026", None), ("fide-2026:no-games=zero", Fr(0)), ("swiss-manager", Fr(0)), ("sharly-chess", Fr(0))],
)
def test_a_rating_average_without_games(rules: str, value: Fr | None) -> None:
    s = spareggio.rank(tournament(NOGAMES), ["ARO", "APRO"], rules=rules)
    assert s.row_of(5).values["ARO"] == value
    assert s.row_of(5).values["APRO"] == value
    # a player with games is not touched: 1 met 2 (2380) and 3 (2370): (2380 + 2370) / 2 = 2375
    assert s.row_of(1).values["ARO"] == Fr(2375)


def test_every_profile_names_its_sources_and_its_departures_articles() -> None:
    for program in programs().values():
        assert program.sources, program.code
        for name in program.names:
            assert name.source, (program.code, name.text)
            spareggio.tiebreaks.parse_spec(name.spec)
        for departure in program.departures:
            assert departure.article.startswith("C.07"), departure
            assert departure.evidence
    assert find_program("Swiss Manager") is find_program("swiss-manager")


def test_profiles_are_rule_sets_named_after_their_program() -> None:
    sm = find_ruleset("Swiss-Manager")
    assert sm.label == "swiss-manager" and sm.base == "fide-2026"
    assert sm.settings["full-bye"] == "vur" and sm.settings["no-games"] == "zero"
    assert find_ruleset("swiss-manager:full-bye=not-vur").label == "swiss-manager:full-bye=not-vur"
    assert find_ruleset("diena").base == "italian"
    assert set(program_rulesets()).isdisjoint(RULESETS)
    with pytest.raises(spareggio.base.errors.UnknownRulesetError):
        find_ruleset("vega")  # two settings: vega-2009 or vega-draw-vs-self, never one in silence


def test_a_profile_applies_its_continuation_and_says_so() -> None:
    # Swiss-Manager orders the ties left after its list by start number, without printing it
    s = spareggio.rank(tournament(LATE), ["PTS"], rules="swiss-manager")
    assert s.labels == ["PTS", "TPN"]
    assert [r.player.start_number for r in s.rows] == [1, 2, 5, 3, 4]
    assert any("applied after the list" in w for w in s.warnings)


def test_every_word_of_the_profiles_is_in_every_catalogue() -> None:
    # descriptions (spareggio rules, the web page) and departures (compare) are said in the user's language
    from spareggio.base.i18n import catalogue, languages

    for lang in languages():
        if lang == "en":
            continue
        table = catalogue(lang)
        for program in programs().values():
            assert ("ruleset.description", program.description) in table, (lang, program.code)
            for d in program.departures:
                assert ("program.departure", d.what) in table, (lang, program.code, d.option)


def test_compare_says_why_a_profile_departs(capsys: pytest.CaptureFixture[str]) -> None:
    from spareggio.cli import main

    assert main(["compare", str(EXAMPLE), "--rules", "fide-2026,swiss-manager,diena", "-t", "BH/C1,BH,SB"]) == 0
    out = capsys.readouterr().out
    assert "swiss-manager computes as fide-2026 departing from C.07:" in out
    assert "full-bye=vur (C.07 16.2.1):" in out and "rr-forfeit=dummy (C.07 15.2):" in out
    assert "diena computes as italian" in out
    assert main(["compare", str(EXAMPLE), "--rules", "fide-2026,swiss-manager", "--lang", "it"]) == 0
    assert "swiss-manager calcola come fide-2026 scostandosi dal C.07:" in capsys.readouterr().out


def test_the_command_line_lists_a_programs_names_and_the_profiles(capsys: pytest.CaptureFixture[str]) -> None:
    from spareggio.cli import main

    assert main(["tiebreaks", "--program", "Swiss Manager"]) == 0
    out = capsys.readouterr().out
    assert "Buchholz Tie-Break Variable (2023)" in out and "BH/V2023" in out
    assert main(["tiebreaks", "--program", "sharly", "-f", "json"]) == 0
    doc = __import__("json").loads(capsys.readouterr().out)
    assert any(n["printed"] == "Games won with Black" and n["spec"] == "BWG" for n in doc["names"])
    assert main(["tiebreaks", "--program", "nowhere"]) == 2
    assert "unknown program 'nowhere'" in capsys.readouterr().err
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    assert "swiss-manager (aliases: swissmanager, sm): Swiss-Manager, fide-2026" in out
    assert "    full-bye=vur (C.07 16.2.1):" in out and "after the list, unprinted: TPN" in out


def test_a_profiles_departures_are_said_where_the_user_looks(capsys: pytest.CaptureFixture[str]) -> None:
    # under --rules swiss-manager every departure applied is named with the article it departs from
    s = spareggio.rank(tournament(LATE), ["BH/C1"], rules="swiss-manager")
    said = [str(w) for w in s.warnings]
    for line in ("computed as Swiss-Manager does: full-bye=vur departs from C.07 16.2.1",
                 "computed as Swiss-Manager does: no-games=zero departs from C.07 10",
                 "computed as Swiss-Manager does: rr-forfeit=dummy departs from C.07 15.2"):  # fmt: skip
        assert line in said
    # one departure undone is no longer said
    s = spareggio.rank(tournament(LATE), ["BH/C1"], rules="swiss-manager:full-bye=not-vur")
    assert not any("full-bye=vur" in str(w) for w in s.warnings)
    assert s.row_of(1).values["BH/C1"] == Fr(7, 2)  # C.07 16.2.1 under the 2026 caps, as fide-2026


# VEGA24 (Swiss, 3 rounds, 2025): 4 takes a zero-point bye in round 2 and loses round 3 by forfeit.
#   #1: +W4 +W2 =W3 = 2.5;  #2: =W3 -B1 +F4 = 1.5;  #3: =B2 PAB =B1 = 2;  #4: -B1 ZPB -F2 = 0.
# C.07 16.2.5: 4's bye is followed only by VURs (a forfeit loss is one, 16.1.2): it counts as a draw,
#   4's adjusted score is 0.5.  BH(1) = 0.5 + 1.5 + 2 = 4;  SB(1) = 0.5 + 1.5 + ½·2 = 3.
# Vega, 2024 text (bye-then-forfeit=zero): the forfeit loss ends the trail, the bye counts 0:
#   BH(1) = 0 + 1.5 + 2 = 3.5;  SB(1) = 0 + 1.5 + 1 = 2.5.
VEGA24 = {1: "+W4 +W2 =W3", 2: "=W3 . +F4", 3: ". PAB .", 4: ". ZPB ."}


@pytest.mark.parametrize(
    ("rules", "bh", "sb"),
    [
        ("fide-2024", Fr(4), Fr(3)),  # C.07 16.2.5
        ("fide-2024:bye-then-forfeit=zero", Fr(7, 2), Fr(5, 2)),
        ("vega-2024", Fr(7, 2), Fr(5, 2)),
    ],
)
def test_vegas_bye_followed_by_forfeit_losses(rules: str, bh: Fr, sb: Fr) -> None:
    t = tournament(VEGA24, date="2025/06/01")
    s = spareggio.rank(t, ["BH", "SB"], rules=rules)
    assert s.row_of(1).values["BH"] == bh and s.row_of(1).values["SB"] == sb


def test_a_bye_in_the_last_round_is_a_draw_under_both_readings() -> None:
    # #1: +W2 +W4 =W3 = 2.5;  #2: -B1 =W3 PAB = 1.5;  #3: =W4 =B2 =B1 = 1.5;  #4: =B3 -B1 ZPB = 0.5.
    # 4's zero-point bye is in the last round, 16.2.5 under either reading: adjusted 0.5 + ½ = 1;
    # BH(1) = 1.5 (2) + 1 (4) + 1.5 (3) = 4.
    cards = {1: "+W2 +W4 =W3", 2: ". =W3 PAB", 3: "=W4 . .", 4: ". . ZPB"}
    t = tournament(cards, date="2025/06/01")
    for rules in ("fide-2024", "vega-2024"):
        assert spareggio.rank(t, ["BH"], rules=rules).row_of(1).values["BH"] == Fr(4)


# LATE again, under the 2026 text: 1's full-point bye meets a dummy capped at 3 rounds × ½ = 1.5 (16.4.2);
# 5's pairing-allocated bye a dummy min(1.5, 1.5) = 1.5.
#   C.07: SB(1) = 1.5·1 + 2·1 + 1·1 = 4.5;  SB(5) = 1·½ (3) + 1.5·1 + 0 = 2;  BH(1) = 1.5 + 2 + 1 = 4.5.
#   Vega, January-May 2026 (full-bye-sb=zero): the bye adds nothing to SB: SB(1) = 3, SB(5) = 0.5; BH unchanged.
@pytest.mark.parametrize(
    ("rules", "sb1", "sb5"),
    [("fide-2026", Fr(9, 2), Fr(2)), ("fide-2026:full-bye-sb=zero", Fr(3), Fr(1, 2)), ("vega-2026-early", Fr(3), Fr(1, 2)),
     ("vega-2026", Fr(9, 2), Fr(2))],
)
def test_vegas_full_point_bye_in_sonneborn_berger(rules: str, sb1: Fr, sb5: Fr) -> None:
    s = spareggio.rank(tournament(LATE, date="2026/04/01"), ["SB", "BH"], rules=rules)
    assert (s.row_of(1).values["SB"], s.row_of(5).values["SB"]) == (sb1, sb5)
    assert (s.row_of(1).values["BH"], s.row_of(5).values["BH"]) == (Fr(9, 2), Fr(9, 2))
