"""Direct Encounter (C.07 Art. 6) as a group tie-break inside the ranking procedure (C.07 4.2-4.3).

Cards use tests/builders.py; '.' leaves a round to the opponent's card (or unpaired)."""

from __future__ import annotations

import pytest

import spareggio
from builders import tournament

RR = "Individual: Round-Robin"
SWISS = "Individual: Swiss-System"


def places(t, tiebreaks, rules="fide-2026"):
    s = spareggio.rank(t, tiebreaks, rules=rules)
    return {row.player.start_number: row.place for row in s.rows}


CASES = [
    pytest.param(
        # Round robin of 3: R1 1-2 1-0, R2 2-3 1-0, R3 3-1 1-0 -> 1 point each.
        # Everyone met (6.2); mini-scores 1, 1, 1 -> the three stay tied.
        {1: "+W2 . -B3", 2: ". +W3"},
        RR,
        ["DE"],
        {1: "1-3", 2: "1-3", 3: "1-3"},
        id="3-group-all-met-cycle",
    ),
    pytest.param(
        # Round robin of 3: R1 1-2 1-0, R2 2-3 ½-½, R3 3-1 0-1 -> 1: 2, 2: 0.5, 3: 0.5.
        # Group {2, 3}: they met, ½ each -> tied (6.2).
        {1: "+W2 . +B3", 2: ". =W3"},
        RR,
        ["DE"],
        {1: "1", 2: "2-3", 3: "2-3"},
        id="2-group-met-drawn",
    ),
    pytest.param(
        # Swiss: R1 1-2 1-0, 3-4 1-0; R2 1-4 1-0, 2-3 1-0 -> 1: 2, 2: 1, 3: 1, 4: 0.
        # Group {2, 3}: 2 beat 3 -> 2 above 3 (6.2).
        {1: "+W2 +B4", 3: "+W4 -B2"},
        SWISS,
        ["DE"],
        {1: "1", 2: "2", 3: "3", 4: "4"},
        id="2-group-met-decided",
    ),
    pytest.param(
        # Swiss, 4 players all on 1 point: R1 1-2 1-0, 3-4 0-1; R2 1-3 0-1, 2-4 1-0.
        # Met: 1-2, 3-4, 1-3, 2-4; not met: 1-4, 2-3.  Mini-scores 1, 1, 1, 1; each misses one
        # opponent, so each could still reach 1 + 1 = 2: nobody is certain to be first (6.3) -> tied.
        {1: "+W2 -B3", 3: "-W4", 2: ". +W4"},
        SWISS,
        ["DE"],
        {1: "1-4", 2: "1-4", 3: "1-4", 4: "1-4"},
        id="4-group-partial-tied",
    ),
    pytest.param(
        # Swiss, 6 players, 3 rounds: R1 1-2 1-0, 3-4 1-0, 5-6 1-0; R2 1-3 1-0, 2-5 1-0, 4-6 1-0;
        # R3 1-6 0-1, 2-4 1-0, 3-5 1-0.  Points 1, 2, 3: 2; 4, 5, 6: 1.
        # {1, 2, 3}: 1 beat 2 and 3 -> de 2, max 2; 2 and 3 never met: de 0, max 0 + 1 = 1.
        #   2 > max(1, 1): 1 first (6.3); {2, 3} re-examined: never met -> tied.
        # {4, 5, 6}: 5 beat 6, 4 beat 6, 4-5 not met: de 4 = 1 (max 2), 5 = 1 (max 2), 6 = 0 (max 0).
        #   1 > 2 fails: nobody first -> the three stay tied.
        {1: "+W2 +W3 -W6", 3: "+W4 . +W5", 2: ". +W5 +W4", 5: "+W6", 4: ". +W6"},
        SWISS,
        ["DE"],
        {1: "1", 2: "2-3", 3: "2-3", 4: "4-6", 5: "4-6", 6: "4-6"},
        id="3-group-partial-leader",
    ),
    pytest.param(
        # Round robin of 4: R1 1-2 1-0, 3-4 ½; R2 1-3 0-1, 2-4 1-0; R3 1-4 ½, 2-3 ½.
        # Points 1: 1.5, 2: 1.5, 3: 2, 4: 1.  Group {1, 2}: 1 beat 2 (6.2).
        {1: "+W2 -W3 =W4", 3: "=W4 . =B2", 2: ". +W4"},
        RR,
        ["DE"],
        {3: "1", 1: "2", 2: "3", 4: "4"},
        id="2-group-round-robin",
    ),
]


@pytest.mark.parametrize(("cards", "kind", "tbs", "want"), CASES)
def test_direct_encounter_groups(cards, kind, tbs, want):
    t = tournament(cards, kind=kind)
    assert places(t, tbs) == want


# Round robin of 4, everyone on 1.5: R1 1-4 ½, 2-3 1-0; R2 4-3 ½, 1-2 1-0; R3 2-4 ½, 3-1 1-0.
#   1: ½ + 1 + 0 = 1.5; 2: 1 + 0 + ½ = 1.5; 3: 0 + ½ + 1 = 1.5; 4: ½ + ½ + ½ = 1.5.
FOUR_LEVEL = {1: "=W4 +W2 -B3", 2: "+W3 . =W4", 4: ". =W3"}


def test_group_of_four_stays_tied_when_everyone_scored_the_same():
    # 6.2: mini-scores inside the group are the points: 1.5 each -> one group of four.
    t = tournament(FOUR_LEVEL, kind=RR)
    assert places(t, ["DE"]) == {1: "1-4", 2: "1-4", 3: "1-4", 4: "1-4"}


def test_de_applied_again_on_the_subgroup_left_by_another_tiebreak():
    # C.07 4.3: DE may appear again.  RTNG puts 1 (2500) first; {2, 3, 4} (2400 each) is then
    # examined by DE on its own games: 2 beat 3, drew 4 -> 1.5; 4 drew 2 and 3 -> 1; 3 -> 0.5.
    t = tournament(FOUR_LEVEL, kind=RR, ratings={1: 2500, 2: 2400, 3: 2400, 4: 2400})
    assert places(t, ["DE", "RTNG"]) == {1: "1", 2: "2-4", 3: "2-4", 4: "2-4"}
    assert places(t, ["DE", "RTNG", "DE"]) == {1: "1", 2: "2", 4: "3", 3: "4"}


def test_de_again_after_split_of_a_cycle():
    # 3-cycle (1 beat 2, 2 beat 3, 3 beat 1): DE ties all three; RTNG separates 1 from {2, 3};
    # DE again on {2, 3}: 2 beat 3.
    t = tournament({1: "+W2 . -B3", 2: ". +W3"}, kind=RR, ratings={1: 2500, 2: 2400, 3: 2400})
    assert places(t, ["DE", "RTNG", "DE"]) == {1: "1", 2: "2", 3: "3"}
    assert places(t, ["DE", "RTNG"]) == {1: "1", 2: "2-3", 3: "2-3"}


def test_double_round_robin_meetings_are_averaged():
    # C.07 6.1.2.  R1 1-2 1-0, R2 3-1 1-0, R3 2-3 1-0, R4 2-1 ½, R5 1-3 0-1, R6 3-2 1-0.
    # Points 1: 1 + 0 + ½ + 0 = 1.5; 2: 0 + 1 + ½ + 0 = 1.5; 3: 3.
    # Against each other 1 scored (1 + ½) / 2 = ¾ and 2 scored (0 + ½) / 2 = ¼ -> 1 above 2.
    t = tournament({1: "+W2 -B3 . =B2 -W3", 2: ". . +W3 . . -B3"}, kind="BERGER_DOUBLEROUNDROBIN", rounds=6)
    assert places(t, ["DE"]) == {3: "1", 1: "2", 2: "3"}


# R1 1-2 forfeit won by 1, 3-4 1-0; R2 1-3 0-1, 2-4 1-0; R3 1-4 ½, 2-3 ½.
# Points 1: 1 + 0 + ½ = 1.5; 2: 0 + 1 + ½ = 1.5; 3: 1 + 1 + ½ = 2.5; 4: 0.5.
FORFEIT_CARDS = {1: "+F2 -W3 =W4", 3: "+W4 . =B2", 2: ". +W4"}


@pytest.mark.parametrize(
    ("kind", "tbs", "want"),
    [
        # Swiss, no /P: the forfeit is no game, 1 and 2 did not meet -> tied (6.1.1, 6.3)
        (SWISS, ["DE"], {1: "2-3", 2: "2-3"}),
        # Swiss with /P: the forfeit counts as 1-0 -> 1 above 2 (6.1.1)
        (SWISS, ["DE/P"], {1: "2", 2: "3"}),
        # round robin: forfeits are regular games (Art. 15) -> 1 above 2
        (RR, ["DE"], {1: "2", 2: "3"}),
    ],
)
def test_forfeits_in_direct_encounter(kind, tbs, want):
    t = tournament(FORFEIT_CARDS, kind=kind)
    got = places(t, tbs)
    assert {k: got[k] for k in want} == want


def test_de_values_are_places_inside_the_group():
    # 2-group-met-drawn: 1 is alone on 2 points (DE not applied: no value); 2 and 3 share place 1.
    t = tournament({1: "+W2 . +B3", 2: ". =W3"}, kind=RR)
    s = spareggio.rank(t, ["DE"], rules="fide-2026")
    assert {row.player.start_number: row.values["DE"] for row in s.rows} == {1: None, 2: 1, 3: 1}
