"""gacrux (FIDE's reference engine on PyPI) as a program profile: each departure with its article and
a small reproducer.  The reference engine's own output for each reproducer, as gacrux 1.11.65 printed
it (``python -m gacrux.tiebreakchecker -i FILE -dT -r``), is quoted in the comments; the assertions are
spareggio's values, by hand from the article, with and without the profile's option."""

from __future__ import annotations

from fractions import Fraction

import pytest

import spareggio
from builders import VUR_CARDS, tournament
from spareggio.core.programs import find_program
from spareggio.generator import GeneratorOptions, PairingSystem, generate_event
from spareggio.io.trf import parse_trf
from spareggio.rules import find_ruleset

# A round robin of 6 players (Berger tables, C.05) after 4 of its 5 rounds (generated: seed 22).
#   Player 1: -W6 =W2 =B3 -W4        1 point
#   Player 3: -W4 -B5 =W1 =B2        1 point
#   Player 6: +B1 -W4 -B2 -W5        1 point        3 and 6 meet in round 5, not yet played
UNFINISHED_RR = """012 Unfinished round robin
042 2025/09/01
092 Individual: Round-Robin
142 5
212 PTS,DE,SB
001    1 m    Player 1                          1381 FID    10000001             1.0          6 w 0     2 w =     3 b =     4 w 0
001    2 m    Player 2                          1439 FID    10000002             2.0          5 w 0     1 b =     6 w 1     3 w =
001    3 m    Player 3                          1409 FID    10000003             1.0          4 w 0     5 b 0     1 w =     2 b =
001    4 m    Player 4                          1613 FID    10000004             3.0          3 b 1     6 b 1     5 w 0     1 b 1
001    5 m    Player 5                          2234 FID    10000005             4.0          2 b 1     3 w 1     4 b 1     6 b 1
001    6 m    Player 6                          1320 FID    10000006             1.0          1 b 1     4 w 0     2 b 0     5 w 0
"""


def places(rules: str) -> dict[int, str]:
    s = spareggio.rank(parse_trf(UNFINISHED_RR, "rr.trf"), rules=rules)
    return {r.player.start_number: r.place for r in s.rows}


def test_the_profile_and_its_departures() -> None:
    program = find_program("gacrux")
    assert program is not None and program.rules == "fide-2026"
    assert {d.option: d.article for d in program.departures} == {
        "vur=score": "C.07 16.5.1",
        "chain-bc=higher": "C.07 12.1, 13.3.2",
        "de-unmet=order": "C.07 6.2, 6.3",
    }
    assert find_ruleset("gacrux").settings["de-unmet"] == "order"
    assert find_ruleset("fide-2026").settings["de-unmet"] == "wait"  # the text is the default


def test_direct_encounter_in_an_unfinished_round_robin() -> None:
    # Tied on 1 point: 1, 3, 6.  Among them: 6 beat 1, 1 drew 3, 3-6 not played.  Mini-scores (6.1):
    # 6: 1, 1: 1/2, 3: 1/2.  6.3: 6 is placed first only if no result of 3-6 can catch him: 3 can reach
    # 1/2 + 1 = 1.5 > 1, so nobody is placed and the three stay level on DE; SB (9.1) then orders them:
    # 1 and 3 have 1.5, 6 has 1 (he beat player 1 with 1 point).
    assert places("fide-2024") == {5: "1", 4: "2", 2: "3", 1: "4-5", 3: "4-5", 6: "6"}
    # gacrux 1.11.65 prints: Rank 4 StartNo 6 (DE 1), Rank 5 StartNo 1 (DE 2), Rank 5 StartNo 3 (DE 2):
    # it orders the group by the mini-scores as if all had met (6.2), which the option reproduces.
    assert places("fide-2024:de-unmet=order") == {5: "1", 4: "2", 2: "3", 6: "4", 1: "5-6", 3: "5-6"}


@pytest.mark.parametrize("seed", range(6))
def test_de_unmet_changes_nothing_once_all_have_met(seed: int) -> None:
    # a finished round robin: every tied group has met in full, 6.2 applies under both readings
    text = generate_event(
        GeneratorOptions(7, 7, seed, system=PairingSystem.ROUND_ROBIN, tiebreaks=("DE", "SB"))
    ).text
    t = parse_trf(text, "rr.trf")
    a = spareggio.rank(t, rules="fide-2026")
    b = spareggio.rank(t, rules="fide-2026:de-unmet=order")
    assert [r.place for r in a.rows] == [r.place for r in b.rows]


def test_vur_compared_in_a_cut() -> None:
    # C.07 16.5.1 (2026 caps): SB/C1 of player 1 is 5.75 by the text (the smallest VUR contribution, 0,
    # against the least significant value 1: 1 is cut) and 5.5 under the profile (the VUR with the lowest
    # dummy score, the half-point bye's 1.25, is cut): docs/deviations.md D1.
    t = tournament(VUR_CARDS, players=7, date="2026/06/01")
    text = spareggio.rank(t, ["SB/C1"], rules="fide-2026").rows
    ours = {r.player.start_number: r.values["SB/C1"] for r in text}
    profile = {r.player.start_number: r.values["SB/C1"] for r in spareggio.rank(t, ["SB/C1"], rules="gacrux").rows}
    assert (ours[1], profile[1]) == (Fraction(23, 4), Fraction(11, 2))
