"""Hand-computed tests of FIDE C.07 Article 16 (unplayed rounds in Swiss events) as the engine applies it,
with Article 15 (round robins), Fore Buchholz (8.3) and evaluation after a given round.

Rules digest references (``digest §x``) are to ``tiebreak-rules.md``: §2.2-§2.3 kinds and categories,
§6.2 classification, §6.3 adjusted score, §6.4 dummy opponent, §6.5 cuts, §6.7 round robins, §6.8 Fore
Buchholz.  Scoring is 1 / ½ / 0, so a draw is D = ½ and the 16.4.2 cap is R × ½.

Tournaments are written in the notation of ``tests/builders.py`` (one strip per player, one token per
round; the other side of a game is filled in).  Byes given to opponents (PAB, HPB) only serve to set
their scores: a PAB always counts its point (16.2.1) and an HPB always counts ½ (a draw), whatever
follows.  ``adj(n)`` is player n's adjusted score (16.3), ``own`` the player's own score.
"""

from __future__ import annotations

from fractions import Fraction as Fr

import pytest

import spareggio
from builders import tournament
from spareggio import Tournament
from spareggio.core.model import ResultKind, TournamentKind
from spareggio.rules import Source
from spareggio.tiebreaks.cuts import CutMark

K = ResultKind
H = Fr(1, 2)


def value_of(
    t: Tournament, tiebreak: str, player: int, rules: str = "fide-2026", after_round: int | None = None
) -> Fr:
    """The exact value of one tie-break for the player with this start number."""
    s = spareggio.rank(t, [tiebreak], rules=rules, after_round=after_round)
    v = s.results[tiebreak].value(t.index_of(player))
    assert v is not None
    return v


# --------------------------------------------------------------------------------------------------
# Tournaments used by several tables.  Crosstables: round by round, (W) = White.

# FW -- forfeit win against an opponent whose adjusted score exceeds his actual score (3 rounds).
#   r1: 1 wins by forfeit against 2;  3 (W) beats 4
#   r2: 1 (W) beats 3;  2 ZPB;  4 PAB
#   r3: 4 (W) loses to 1;  2 ZPB;  3 PAB
# own(1) = 3.  #2: actual 0, adj(2) = 0 + ½ + ½ = 1 (two ZPBs to the end, 16.2.5; the forfeit loss stays 0).
# adj(3) = 1 + 0 + 1 = 2, adj(4) = 0 + 1 + 0 = 1.
FW = {1: "+F2 +W3 +B4", 2: "-F1 ZPB ZPB", 3: "+W4 -B1 PAB", 4: "-B3 PAB -W1"}

# FL -- forfeit loss against an opponent whose adjusted score exceeds his actual score (3 rounds).
#   r1: 1 (W) beats 3;  2 ZPB;  4 PAB        r2: 2 wins by forfeit against 1;  3 (W) draws 4
#   r3: 4 (W) loses to 1;  2 ZPB;  3 PAB
# own(1) = 2.  #2: actual 1, adj(2) = 0 + 1 + ½ = 3/2 (the first ZPB is followed by a forfeit win, 16.2.3;
# the last one is in the last round, 16.2.5).  adj(3) = 0 + ½ + 1 = 3/2, adj(4) = 1 + ½ + 0 = 3/2.
FL = {1: "+W3 -F2 +B4", 2: "ZPB +F1 ZPB", 3: "-B1 =W4 PAB", 4: "PAB =B3 -W1"}

# DF -- double forfeit (3 rounds): as FL, but nobody came to the game 1-2 of round 2.
# own(1) = 2.  #2: actual 0, adj(2) = ½ + 0 + ½ = 1 (the ZPB of round 1 is followed only by VURs: 16.2.5).
DF = {1: "+W3 DF2 +B4", 2: "ZPB DF1 ZPB", 3: "-B1 =W4 PAB", 4: "PAB =B3 -W1"}

# OWNF -- forfeit loss of a player whose own score is below the cap (3 rounds, everyone meets everyone).
#   r1: 2 wins by forfeit against 1;  3 (W) draws 4     r2: 1 (W) beats 3;  2 (W) beats 4
#   r3: 4 (W) beats 1;  2 (B) beats 3
# own(1) = 1, adj(2) = 3, adj(3) = ½, adj(4) = 3/2.
OWNF = {1: "-F2 +W3 -B4", 2: "+F1 +W4 +B3", 3: "=W4 -B1 -W2", 4: "=B3 -B2 +W1"}


def bye_first(token: str) -> dict[int, str]:
    """3 rounds: player 1 has ``token`` in round 1, then beats 2 and 3 (each on 3/2, no VUR).

    r1: 1 unplayed;  2 (W) draws 3      r2: 1 (W) beats 2;  3 PAB      r3: 3 (W) loses to 1;  2 PAB
    """
    return {1: f"{token} +W2 +B3", 2: "=W3 -B1 PAB", 3: "=B2 PAB -W1"}


# WD -- 1 beats 2 and 3, then withdraws before round 3 (3 rounds).  adj(2) = adj(3) = 3/2.
WD = {1: "+W2 +B3 --", 2: "-B1 PAB =W3", 3: "PAB -W1 =B2"}
# ACT -- as WD, but a requested zero-point bye in round 3: own(1) = 2 (actual), adj(1) = 5/2.
ACT = {1: "+W2 +B3 ZPB", 2: "-B1 PAB =W3", 3: "PAB -W1 =B2"}
# OWN -- 1 has a ZPB in round 1 and only 1 point: the dummy is below the 16.4.2 cap.
#   r2: 2 (B) beats 1;  r3: 1 (B) beats 3.   adj(2) = ½ + 1 + 1 = 5/2, adj(3) = ½ + 1 + 0 = 3/2.
OWN = {1: "ZPB -W2 +B3", 2: "=W3 +B1 PAB", 3: "=B2 PAB -W1"}

# A -- one VUR (an HPB) worth more than the weakest opponent (4 rounds, cap 4 × ½ = 2).
#   r1: 1 (W) beats 2;  3 (W) draws 4      r2: 1 HPB;  2 (W) loses to 3;  4 PAB
#   r3: 1 (B) beats 3;  2 (B) loses to 4   r4: 1 (W) beats 4;  2 HPB;  3 HPB
# own(1) = 1 + ½ + 1 + 1 = 7/2; adj(2) = 0 + 0 + 0 + ½ = ½; adj(3) = ½ + 1 + 0 + ½ = 2;
# adj(4) = ½ + 1 + 1 + 0 = 5/2.  HPB dummy: 2026 min(7/2, 2) = 2; 2024 own 7/2.
A = {1: "+W2 HPB +B3 +W4", 2: "-B1 -W3 -B4 HPB", 3: "=W4 +B2 -W1 HPB", 4: "=B3 PAB +W2 -B1"}

# M -- two VURs (HPB round 2, ZPB round 3) and a strong last opponent (4 rounds, cap 2).
#   r1: 1 (W) beats 2;  4 (W) beats 3      r2: 1 HPB;  4 (W) beats 2;  3 PAB
#   r3: 1 ZPB;  3 (W) draws 2;  4 PAB      r4: 1 (W) beats 4;  2 HPB;  3 HPB
# own(1) = 1 + ½ + 0 + 1 = 5/2; adj(2) = 0 + 0 + ½ + ½ = 1; adj(4) = 1 + 1 + 1 + 0 = 3.
# Dummies: 2026 min(5/2, 2) = 2 each; 2024 own 5/2 each.
# BH elements (2026): r1 1, r2 2 (VUR), r3 2 (VUR), r4 3.   SB: 1×1, ½×2, 0×2, 1×3 = 1, 1, 0, 3.
M = {1: "+W2 HPB ZPB +W4", 2: "-B1 -B4 =B3 HPB", 3: "-B4 PAB =W2 HPB", 4: "+W3 +W2 PAB -B1"}

# RR -- a 5-player round robin: one player is free in every round (Article 15).
#   r1: 1 (W) beats 2;  3 (W) draws 4;  5 free       r2: 3 (W) draws 1;  2 wins by forfeit against 5;  4 free
#   r3: 1 (W) beats 4;  5 (W) beats 3;  2 free       r4: 5 wins by forfeit against 1;  4 (W) beats 2;  3 free
#   r5: 2 (W) draws 3;  4 (W) beats 5;  1 free
# Scores: 1: 5/2, 2: 3/2, 3: 3/2, 4: 5/2, 5: 2.
RR = {
    1: "+W2 =B3 +W4 -F5 --",
    2: "-B1 +F5 -- -B4 =W3",
    3: "=W4 =W1 -B5 -- =B2",
    4: "=B3 -- -B1 +W2 +W5",
    5: "-- -F2 +W3 +F1 -B4",
}

# FB -- Fore Buchholz (3 rounds; the final round holds a forfeit, a played game, a PAB and a ZPB).
#   r1: 1 (W) beats 2;  3 (W) beats 4;  5 (W) draws 6
#   r2: 3 (W) draws 1;  2 (W) beats 6;  5 (B) beats 4
#   r3: 5 wins by forfeit against 1;  4 (W) beats 2;  3 PAB;  6 ZPB
# Actual scores: 1: 3/2, 2: 1, 3: 5/2, 4: 1, 5: 5/2, 6: ½.
# Under 8.3 the paired games of round 3 are draws: 1-5 (the forfeit) and 4-2; the PAB and the ZPB stay.
# Fore scores (AFB): 1: 1 + ½ + ½ = 2;  2: 0 + 1 + ½ = 3/2;  3: 1 + ½ + 1 = 5/2;  4: 0 + 0 + ½ = ½;
#                    5: ½ + 1 + ½ = 2;  6: ½ + 0 + ½ = 1 (the ZPB is in the last round: a draw, 16.2.5).
FB = {
    1: "+W2 =B3 -F5",
    2: "-B1 +W6 -B4",
    3: "+W4 =W1 PAB",
    4: "-B3 -W5 +W2",
    5: "=W6 +B4 +F1",
    6: "=B5 -B2 ZPB",
}


# --------------------------------------------------------------------------------------------------
# 16.1-16.2: kinds of unplayed rounds and voluntary unplayed rounds (VUR)

# 10 rounds: every kind once; the opponents' other rounds do not matter here.  #6 takes a half-point bye
# in every round, so that round 10 holds data (a round nobody has an entry for does not exist).
KINDS_CARD = {1: "+W2 +F3 -F4 PAB FPB HPB ZPB -- DF5 --", 6: " ".join(["HPB"] * 10)}


@pytest.mark.parametrize(
    ("rnd", "kind", "vur"),
    [
        (1, K.PLAYED_WIN, False),  # a game played: no VUR
        (2, K.FORFEIT_WIN, False),  # 16.2.2: forfeit win, not a VUR
        (3, K.FORFEIT_LOSS, True),  # 16.1.2 / 16.2.4: a forfeit loss is a VUR
        (4, K.PAB, False),  # 16.2.1: pairing-allocated bye, not a VUR
        (5, K.FULL_BYE, False),  # 16.2.1: a requested full-point bye is not a "requested bye" (16.1.1)
        (6, K.HALF_BYE, True),  # 16.1.1 / 16.1.2: requested half-point bye
        (7, K.ZERO_BYE, True),  # 16.1.1 / 16.1.2: requested zero-point bye
        (8, K.ABSENT, True),  # not paired (blank): treated as a zero-point bye (digest §2.2)
        (9, K.DOUBLE_FORFEIT, True),  # double forfeit: a forfeit loss for both sides (digest §9 item 10)
        (10, K.WITHDRAWN, True),  # 16.1.1: rounds after a withdrawal are zero-point byes
    ],
)
def test_vur_flag_of_every_kind(rnd: int, kind: ResultKind, vur: bool) -> None:
    """C.07 16.1.2: VUR = requested half/zero-point bye, absence or forfeit loss (digest §2.2)."""
    t = tournament(KINDS_CARD)
    s = spareggio.rank(t, ["BH"], rules="fide-2026")
    c = s.results["BH"].contributions
    assert c is not None
    rec = c.for_player(t.index_of(1))[rnd - 1]
    assert rec.kind is kind
    assert rec.vur is vur


# 16.2 / 16.3: the adjusted score (what a player counts for his opponents), 4 rounds.  Player 1's strip
# only; the opponents' other rounds do not matter.  #6 takes a half-point bye in every round, so that
# every round holds data.  Identical in the 2024 and 2026 texts (digest §1).
ADJUSTED = [
    # all games played: 1 + 1 + ½ + 0 = 5/2
    pytest.param("+W2 +B3 =W4 -B5", Fr(5, 2), id="played"),
    # 16.2.1: PAB at face value: 1 + 1 + 1 + 0 = 3
    pytest.param("PAB +W2 +B3 -W4", Fr(3), id="16.2.1-PAB"),
    # 16.2.1: FPB in the last round keeps its point (not a requested bye, 16.1.1): 1 + 1 + 0 + 1 = 3
    pytest.param("+W2 +B3 -W4 FPB", Fr(3), id="16.2.1-FPB-last-round"),
    # 16.2.2: forfeit win at face value: 1 + ½ + 0 + ½ = 2
    pytest.param("+F2 =W3 -B4 =W5", Fr(2), id="16.2.2-forfeit-win"),
    # 16.2.3: ZPB followed by a played game keeps its 0: 0 + 1 + ½ + 0 = 3/2
    pytest.param("ZPB +W2 =B3 -W4", Fr(3, 2), id="16.2.3-ZPB-then-game"),
    # 16.2.3: ZPB followed by a PAB (not a VUR): 1 + 0 + 1 + 0 = 2
    pytest.param("+W2 ZPB PAB -W3", Fr(2), id="16.2.3-ZPB-then-PAB"),
    # 16.2.3: ZPB followed by a forfeit win (not a VUR): 1 + 0 + 1 + 0 = 2
    pytest.param("+W2 ZPB +F3 -W4", Fr(2), id="16.2.3-ZPB-then-forfeit-win"),
    # 16.2.3: absence (blank) followed by a game: 1 + 0 + 1 + 0 = 2
    pytest.param("+W2 -- +B3 -W4", Fr(2), id="16.2.3-absence-then-game"),
    # 16.2.4: forfeit losses stay 0 even at the end: 1 + ½ + 0 + 0 = 3/2
    pytest.param("+W2 =B3 -F4 -F5", Fr(3, 2), id="16.2.4-forfeit-losses-trailing"),
    # 16.2.5: ZPB in the last round counts a draw: 1 + ½ + 0 + ½ = 2
    pytest.param("+W2 =B3 -W4 ZPB", Fr(2), id="16.2.5-ZPB-last-round"),
    # 16.2.5: ZPB followed only by VURs (a forfeit loss, a ZPB): 1 + ½ + 0 + ½ = 2; the forfeit loss stays 0
    pytest.param("+W2 ZPB -F3 ZPB", Fr(2), id="16.2.5-ZPB-then-forfeit-loss-then-ZPB"),
    # 16.2.5: ZPB followed only by a double forfeit: 1 + ½ + ½ + 0 = 2
    pytest.param("+W2 =B3 ZPB DF4", Fr(2), id="16.2.5-ZPB-then-double-forfeit"),
    # 16.2.5: HPB then ZPBs to the end (seed 002, example 5): 1 + ½ + ½ + ½ = 5/2
    pytest.param("+W2 HPB ZPB ZPB", Fr(5, 2), id="16.2.5-HPB-then-ZPBs"),
    # forfeit loss, then withdrawal (seed 000, example 6): 1 + ½ + 0 + ½ = 2 (only the withdrawal is a draw)
    pytest.param("+W2 =B3 -F4 --", Fr(2), id="16.2.4+16.2.5-forfeit-loss-then-withdrawal"),
    # withdrawal after round 1: 1 + ½ + ½ + ½ = 5/2
    pytest.param("+W2 -- -- --", Fr(5, 2), id="16.2.5-withdrawal"),
    # ZPBs before a full-point bye stay 0 (16.2.3), the last one is a draw (16.2.5): 0 + 0 + 1 + ½ = 3/2
    pytest.param("ZPB ZPB FPB ZPB", Fr(3, 2), id="16.2.3+16.2.5-ZPBs-around-FPB"),
]


@pytest.mark.parametrize("rules", ["fide-2026", "fide-2024"])
@pytest.mark.parametrize(("card", "expected"), ADJUSTED)
def test_adjusted_score(card: str, expected: Fr, rules: str) -> None:
    """C.07 16.2-16.3: ABH is the score with which the player counts in his opponents' tie-breaks."""
    t = tournament({1: card, 6: "HPB HPB HPB HPB"})
    assert t.rounds == 4
    assert value_of(t, "ABH", 1, rules) == expected


@pytest.mark.parametrize(
    ("cards", "player", "expected"),
    [
        # ACT #2: lost to #1, whose ZPB is in the last round: adj(1) = 2 + ½ = 5/2 (actual 2);
        #   BH(2) = 5/2 + PAB dummy min(own 3/2, 3 × ½) 3/2 + adj(3) 3/2 = 11/2  (actual scores: 5)
        pytest.param(ACT, 2, Fr(11, 2), id="opponent-with-last-round-ZPB"),
        # WD #2: lost to #1, who withdrew after round 2: adj(1) = 2 + ½ = 5/2;  BH(2) = 5/2 + 3/2 + 3/2 = 11/2
        pytest.param(WD, 2, Fr(11, 2), id="opponent-withdrawn"),
        # M #4: beat #3 (2), #2 (1), PAB dummy min(own 3, 2) = 2, lost to #1, whose ZPB is followed by a
        #   game: adj(1) = 1 + ½ + 0 + 1 = 5/2.  BH(4) = 2 + 1 + 2 + 5/2 = 15/2
        pytest.param(M, 4, Fr(15, 2), id="opponent-ZPB-then-game"),
        # OWNF #2: beat #1 by forfeit, adj(1) = 0 + 1 + 0 = 1 (forfeit loss at face value);
        #   BH(2) = min(own 3, adj(1) 1) + adj(4) 3/2 + adj(3) ½ = 3  (16.4.1 with 16.3)
        pytest.param(OWNF, 2, Fr(3), id="opponent-forfeit-loss"),
    ],
)
def test_opponents_count_the_adjusted_score(cards: dict[int, str], player: int, expected: Fr) -> None:
    """C.07 16.3: an opponent counts with his adjusted score, not his actual score."""
    assert value_of(tournament(cards), "BH", player) == expected


# --------------------------------------------------------------------------------------------------
# 16.4: the dummy opponent, with the 2026 caps (16.4.1, 16.4.2); fide-2024 has no caps

DUMMIES = [
    # 16.4.1 forfeit win, FW: 2026 BH = min(own 3, adj(2) 1) + adj(3) 2 + adj(4) 1 = 4  (the actual 0 would give 3)
    #                         2024 BH = own 3 + 2 + 1 = 6
    pytest.param(FW, 1, "BH", Fr(4), Fr(6), id="16.4.1-forfeit-win-BH"),
    # 16.4.1 forfeit win, FW: SB 2026 = 1×1 + 1×2 + 1×1 = 4;  2024 = 1×3 + 2 + 1 = 6
    pytest.param(FW, 1, "SB", Fr(4), Fr(6), id="16.4.1-forfeit-win-SB"),
    # 16.4.1 forfeit win, OWNF #2: 2026 BH = min(own 3, adj(1) 1) + adj(4) 3/2 + adj(3) ½ = 3;  2024 = 3 + 2 = 5
    pytest.param(OWNF, 2, "BH", Fr(3), Fr(5), id="16.4.1-forfeit-win-opponent-lost-by-forfeit"),
    # 16.4.1 forfeit loss, FL: 2026 BH = adj(3) 3/2 + min(own 2, adj(2) 3/2) + adj(4) 3/2 = 9/2
    #                          (the actual 1 would give 4);  2024 = 3/2 + 2 + 3/2 = 5
    pytest.param(FL, 1, "BH", Fr(9, 2), Fr(5), id="16.4.1-forfeit-loss-BH"),
    # 16.4.1 forfeit loss, FL: SB = 1×3/2 + 0×dummy + 1×3/2 = 3 in both
    pytest.param(FL, 1, "SB", Fr(3), Fr(3), id="16.4.1-forfeit-loss-SB"),
    # 16.4.1 double forfeit, DF: 2026 BH = 3/2 + min(own 2, adj(2) 1) + 3/2 = 4 (the actual 0 would give 3);
    #                            2024 = 3/2 + 2 + 3/2 = 5
    pytest.param(DF, 1, "BH", Fr(4), Fr(5), id="16.4.1-double-forfeit-BH"),
    # 16.4.2 PAB: 2026 BH = min(own 3, 3 × ½) + 3/2 + 3/2 = 9/2;  2024 = 3 + 3 = 6
    pytest.param(bye_first("PAB"), 1, "BH", Fr(9, 2), Fr(6), id="16.4.2-PAB-BH"),
    # 16.4.2 PAB: SB 2026 = 1×3/2 + 1×3/2 + 1×3/2 = 9/2;  2024 = 1×3 + 3 = 6
    pytest.param(bye_first("PAB"), 1, "SB", Fr(9, 2), Fr(6), id="16.4.2-PAB-SB"),
    # 16.4.2 FPB: 2026 BH = min(3, 3/2) + 3/2 + 3/2 = 9/2;  2024 = 3 + 3 = 6
    pytest.param(bye_first("FPB"), 1, "BH", Fr(9, 2), Fr(6), id="16.4.2-FPB-BH"),
    # 16.4.2 HPB: 2026 BH = min(5/2, 3/2) + 3 = 9/2;  2024 = 5/2 + 3 = 11/2
    pytest.param(bye_first("HPB"), 1, "BH", Fr(9, 2), Fr(11, 2), id="16.4.2-HPB-BH"),
    # 16.4.2 HPB: SB 2026 = ½ × 3/2 + 3/2 + 3/2 = 15/4;  2024 = ½ × 5/2 + 3 = 17/4
    pytest.param(bye_first("HPB"), 1, "SB", Fr(15, 4), Fr(17, 4), id="16.4.2-HPB-SB"),
    # 16.4.2 ZPB: 2026 BH = min(2, 3/2) + 3 = 9/2;  2024 = 2 + 3 = 5
    pytest.param(bye_first("ZPB"), 1, "BH", Fr(9, 2), Fr(5), id="16.4.2-ZPB-BH"),
    # 16.4.2 ZPB: SB = 0 × dummy + 3/2 + 3/2 = 3 in both
    pytest.param(bye_first("ZPB"), 1, "SB", Fr(3), Fr(3), id="16.4.2-ZPB-SB"),
    # 16.4.2 absence (blank, round 1): 2026 BH = min(2, 3/2) + 3 = 9/2;  2024 = 2 + 3 = 5
    pytest.param(bye_first("--"), 1, "BH", Fr(9, 2), Fr(5), id="16.4.2-absence-BH"),
    # 16.4.2 withdrawal, WD: 2026 BH = 3/2 + 3/2 + min(own 2, 3/2) = 9/2;  2024 = 3/2 + 3/2 + 2 = 5
    pytest.param(WD, 1, "BH", Fr(9, 2), Fr(5), id="16.4.2-withdrawal-BH"),
    # 16.4 own score below the cap, OWN: BH = min(own 1, 3/2) + adj(2) 5/2 + adj(3) 3/2 = 5 in both
    pytest.param(OWN, 1, "BH", Fr(5), Fr(5), id="16.4-own-score-below-cap"),
    # 16.4 own score below the cap of a forfeit, OWNF: BH = min(own 1, adj(2) 3) + ½ + 3/2 = 3 in both
    pytest.param(OWNF, 1, "BH", Fr(3), Fr(3), id="16.4-own-score-below-forfeit-cap"),
    # 16.4 "own score" is the actual score, not the adjusted one, ACT: 2024 BH = 3/2 + 3/2 + own 2 = 5
    #   (the adjusted 5/2 would give 11/2);  2026 = 3/2 + 3/2 + min(2, 3/2) = 9/2
    pytest.param(ACT, 1, "BH", Fr(9, 2), Fr(5), id="16.4-own-score-is-actual-score"),
]


@pytest.mark.parametrize("rules", ["fide-2026", "fide-2024"])
@pytest.mark.parametrize(("cards", "player", "tiebreak", "v2026", "v2024"), DUMMIES)
def test_dummy_opponent(
    cards: dict[int, str], player: int, tiebreak: str, v2026: Fr, v2024: Fr, rules: str
) -> None:
    """C.07 16.4: own unplayed rounds count a dummy on the player's own score; from 1 March 2026 capped at
    the scheduled opponent's adjusted score (16.4.1) or at rounds × draw (16.4.2)."""
    expected = v2026 if rules == "fide-2026" else v2024
    assert value_of(tournament(cards), tiebreak, player, rules) == expected


@pytest.mark.parametrize(
    ("cards", "player", "rnd", "source", "key", "cap"),
    [
        # FW round 1: min(own 3, adj(2) 1) = 1, the 16.4.1 cap binds
        (FW, 1, 1, Source.DUMMY_CAP_OPPONENT, Fr(1), Fr(1)),
        # FL round 2: min(own 2, adj(2) 3/2) = 3/2
        (FL, 1, 2, Source.DUMMY_CAP_OPPONENT, Fr(3, 2), Fr(3, 2)),
        # PAB round 1: min(own 3, 3 × ½) = 3/2, the 16.4.2 cap binds
        (bye_first("PAB"), 1, 1, Source.DUMMY_CAP_ROUNDS, Fr(3, 2), Fr(3, 2)),
        # OWN round 1: min(own 1, 3/2) = 1, the player's own score
        (OWN, 1, 1, Source.DUMMY_OWN, Fr(1), None),
        # OWNF round 1: min(own 1, adj(2) 3) = 1
        (OWNF, 1, 1, Source.DUMMY_OWN, Fr(1), None),
    ],
)
def test_dummy_source_records(
    cards: dict[int, str], player: int, rnd: int, source: Source, key: Fr, cap: Fr | None
) -> None:
    """C.07 16.4: the contribution record names where the dummy's score comes from."""
    t = tournament(cards)
    s = spareggio.rank(t, ["BH"], rules="fide-2026")
    c = s.results["BH"].contributions
    assert c is not None
    rec = c.for_player(t.index_of(player))[rnd - 1]
    assert (rec.source, rec.key, rec.value) == (source, key, key)
    assert rec.own == s.row_of(player).points
    if cap is not None:
        assert rec.cap == cap


# --------------------------------------------------------------------------------------------------
# 16.5 with Art. 14: cuts and medians when the player has voluntary unplayed rounds

CUTS = [
    # A: BH 2026 = ½ + 2 + 2 + 5/2 = 7;  2024 = ½ + 7/2 + 2 + 5/2 = 17/2
    pytest.param(A, "BH", Fr(7), Fr(17, 2), id="A-BH"),
    # A: Cut-1 removes the VUR (HPB dummy) although ½ is lower: 2026 7 - 2 = 5;  2024 17/2 - 7/2 = 5
    pytest.param(A, "BH/C1", Fr(5), Fr(5), id="A-BH/C1-VUR-first"),
    # A: SB 2026 = 1×½ + ½×2 + 1×2 + 1×5/2 = 6;  2024 = ½ + ½×7/2 + 2 + 5/2 = 27/4
    pytest.param(A, "SB", Fr(6), Fr(27, 4), id="A-SB"),
    # A: SB Cut-1, VUR contribution 1 (2024: 7/4) >= least significant ½ (#2): the VUR goes;
    #    2026 6 - 1 = 5;  2024 27/4 - 7/4 = 5
    pytest.param(A, "SB/C1", Fr(5), Fr(5), id="A-SB/C1-VUR-higher"),
    # A: Median-1: low side the VUR, high side the highest (#4, 5/2): 2026 7 - 2 - 5/2 = 5/2;
    #    2024 17/2 - 7/2 - 5/2 = 5/2
    pytest.param(A, "BH/M1", Fr(5, 2), Fr(5, 2), id="A-BH/M1"),
    # M: BH 2026 = 1 + 2 + 2 + 3 = 8;  2024 = 1 + 5/2 + 5/2 + 3 = 9
    pytest.param(M, "BH", Fr(8), Fr(9), id="M-BH"),
    # M: Cut-1 removes one VUR: 2026 8 - 2 = 6;  2024 9 - 5/2 = 13/2
    pytest.param(M, "BH/C1", Fr(6), Fr(13, 2), id="M-BH/C1"),
    # M: Cut-2 applies 16.5 again: both VURs go before the 1 of #2: 2026 8 - 2 - 2 = 4;  2024 9 - 5 = 4
    pytest.param(M, "BH/C2", Fr(4), Fr(4), id="M-BH/C2-VUR-twice"),
    # M: Cut-3: no VUR left, the lowest (1) goes: 4 - 1 = 3 in both
    pytest.param(M, "BH/C3", Fr(3), Fr(3), id="M-BH/C3"),
    # M: Median-1: low the VUR 2, high #4's 3 (not the other VUR: no VUR rule on the high side):
    #    2026 8 - 2 - 3 = 3;  2024 9 - 5/2 - 3 = 7/2
    pytest.param(M, "BH/M1", Fr(3), Fr(7, 2), id="M-BH/M1-high-side-plain"),
    # M: Median-2 removes all four elements: 0
    pytest.param(M, "BH/M2", Fr(0), Fr(0), id="M-BH/M2-all-cut"),
    # M: Cut-5 with four elements: everything is cut, 0
    pytest.param(M, "BH/C5", Fr(0), Fr(0), id="M-BH/C5-more-cuts-than-elements"),
    # M: SB 2026 = 1×1 + ½×2 + 0×2 + 1×3 = 5;  2024 = 1 + ½×5/2 + 0 + 3 = 21/4
    pytest.param(M, "SB", Fr(5), Fr(21, 4), id="M-SB"),
    # M: SB Cut-1: smallest VUR contribution 0 (ZPB) < least significant 1 (#2): the higher, #2's 1, goes:
    #    2026 5 - 1 = 4;  2024 21/4 - 1 = 17/4
    pytest.param(M, "SB/C1", Fr(4), Fr(17, 4), id="M-SB/C1-least-significant-higher"),
    # M: SB Cut-2: then least significant = lowest key 2 (2024: 5/2) with the lowest contribution, the ZPB's 0,
    #    and the smallest VUR contribution is that same 0: it goes.  2026 4 - 0 = 4;  2024 17/4
    pytest.param(M, "SB/C2", Fr(4), Fr(17, 4), id="M-SB/C2"),
]


@pytest.mark.parametrize("rules", ["fide-2026", "fide-2024"])
@pytest.mark.parametrize(("cards", "tiebreak", "v2026", "v2024"), CUTS)
def test_cuts_with_vurs(cards: dict[int, str], tiebreak: str, v2026: Fr, v2024: Fr, rules: str) -> None:
    """C.07 16.5 with Art. 14 (player 1 of tournaments A and M)."""
    expected = v2026 if rules == "fide-2026" else v2024
    assert value_of(tournament(cards), tiebreak, 1, rules) == expected


@pytest.mark.parametrize("rules", ["fide-2026", "fide-2024"])
@pytest.mark.parametrize(
    ("tiebreak", "expected"),
    [
        # OWNF #4 (no unplayed round): drew #3 (½), lost to #2 (3), beat #1 (adj 1).
        # SB = ½×½ + 0×3 + 1×1 = 5/4
        ("SB", Fr(5, 4)),
        # SB Cut-1 removes the lowest-SCORED opponent's contribution (#3: ¼), not the lowest contribution
        # (the 0 against #2): 5/4 - 1/4 = 1
        ("SB/C1", Fr(1)),
        # BH = ½ + 3 + 1 = 9/2;  Cut-1: 9/2 - ½ = 4
        ("BH/C1", Fr(4)),
    ],
)
def test_sonneborn_cut_by_lowest_score(tiebreak: str, expected: Fr, rules: str) -> None:
    """C.07 14.1.1 d: SB Cut-1 cuts the opponent with the lowest score (no VUR involved)."""
    assert value_of(tournament(OWNF), tiebreak, 4, rules) == expected


# --------------------------------------------------------------------------------------------------
# Contribution records: source, VUR flag and cut mark per round; the total is the sum of counted values

KEPT, LOW, LOW_VUR, LOW_OVER_VUR, HIGH = (
    CutMark.KEPT, CutMark.LOW, CutMark.LOW_VUR, CutMark.LOW_OVER_VUR, CutMark.HIGH,
)  # fmt: skip
OPP, CAPR, OWNS, FAP = Source.OPPONENT, Source.DUMMY_CAP_ROUNDS, Source.DUMMY_OWN, Source.FORFEIT_AS_PLAYED
SWISS_RECORDS = [
    # M BH/C1 = 1 + (2 cut: VUR) + 2 + 3 = 6
    pytest.param(
        M,
        "fide-2026",
        "BH/C1",
        [(OPP, False, KEPT), (CAPR, True, LOW_VUR), (CAPR, True, KEPT), (OPP, False, KEPT)],
        id="M-BH/C1",
    ),
    # M BH/M1 = 1 + (2 cut: VUR) + 2 + (3 cut: high) = 3
    pytest.param(
        M,
        "fide-2026",
        "BH/M1",
        [(OPP, False, KEPT), (CAPR, True, LOW_VUR), (CAPR, True, KEPT), (OPP, False, HIGH)],
        id="M-BH/M1",
    ),
    # M SB/C1 = (1 cut: higher than the VUR's 0) + 1 + 0 + 3 = 4
    pytest.param(
        M,
        "fide-2026",
        "SB/C1",
        [(OPP, False, LOW_OVER_VUR), (CAPR, True, KEPT), (CAPR, True, KEPT), (OPP, False, KEPT)],
        id="M-SB/C1",
    ),
    # M SB/C2 = (1 cut) + 1 + (0 cut: VUR) + 3 = 4
    pytest.param(
        M,
        "fide-2026",
        "SB/C2",
        [(OPP, False, LOW_OVER_VUR), (CAPR, True, KEPT), (CAPR, True, LOW_VUR), (OPP, False, KEPT)],
        id="M-SB/C2",
    ),
    # M BH/C2 under fide-2024: dummies on the own score 5/2, no cap: 1 + (5/2 cut) + (5/2 cut) + 3 = 4
    pytest.param(
        M,
        "fide-2024",
        "BH/C2",
        [(OPP, False, KEPT), (OWNS, True, LOW_VUR), (OWNS, True, LOW_VUR), (OPP, False, KEPT)],
        id="M-BH/C2-2024",
    ),
    # A SB/C1 = ½ + (1 cut: VUR, higher than ½) + 2 + 5/2 = 5
    pytest.param(
        A,
        "fide-2026",
        "SB/C1",
        [(OPP, False, KEPT), (CAPR, True, LOW_VUR), (OPP, False, KEPT), (OPP, False, KEPT)],
        id="A-SB/C1",
    ),
    # OWNF BH/C1/P: the forfeit loss counts adj(2) 3 as a game, no VUR: 3 + (½ cut) + 3/2 = 9/2
    pytest.param(
        OWNF,
        "fide-2026",
        "BH/C1/P",
        [(FAP, False, KEPT), (OPP, False, LOW), (OPP, False, KEPT)],
        id="OWNF-BH/C1/P",
    ),
]


@pytest.mark.parametrize(("cards", "rules", "tiebreak", "expected"), SWISS_RECORDS)
def test_contribution_records(
    cards: dict[int, str], rules: str, tiebreak: str, expected: list[tuple[Source, bool, CutMark]]
) -> None:
    """Per-round records of player 1: source, VUR flag and cut mark (16.4, 16.5); total = sum of counted."""
    t = tournament(cards)
    res = spareggio.rank(t, [tiebreak], rules=rules).results[tiebreak]
    assert res.contributions is not None
    records = res.contributions.for_player(t.index_of(1))
    assert [(r.source, r.vur, r.cut) for r in records] == expected
    assert sum(r.value for r in records if r.counted) == res.value(t.index_of(1))


def test_sonneborn_record_values() -> None:
    """C.07 9.1: an SB record is key × factor; M round 2: HPB dummy min(5/2, 2) = 2 times ½ = 1."""
    t = tournament(M)
    res = spareggio.rank(t, ["SB"], rules="fide-2026").results["SB"]
    assert res.contributions is not None
    rec = res.contributions.for_player(t.index_of(1))
    assert [(r.key, r.factor, r.value) for r in rec] == [
        (Fr(1), Fr(1), Fr(1)),  # r1 beat #2 (adj 1)
        (Fr(2), H, Fr(1)),  # r2 HPB: ½ × 2
        (Fr(2), Fr(0), Fr(0)),  # r3 ZPB: 0 × 2
        (Fr(3), Fr(1), Fr(3)),  # r4 beat #4 (adj 3)
    ]
    assert sum(r.value for r in rec if r.counted) == Fr(5)


# --------------------------------------------------------------------------------------------------
# /P: forfeits count as games against the scheduled opponent (digest §4.1, §6.6)

FORFEITS_AS_PLAYED = [
    # OWNF #1: BH/P = adj(2) 3 + ½ + 3/2 = 5 (without /P: dummy min(1, 3) = 1 -> 3), in both rule sets
    pytest.param(OWNF, 1, "BH/P", "fide-2026", Fr(5), id="forfeit-loss-as-game"),
    pytest.param(OWNF, 1, "BH/P", "fide-2024", Fr(5), id="forfeit-loss-as-game-2024"),
    # OWNF #1: BH/C1/P: no VUR left, the lowest (½) goes: 5 - ½ = 9/2;
    #          without /P the VUR dummy 1 goes instead: 3 - 1 = 2
    pytest.param(OWNF, 1, "BH/C1/P", "fide-2026", Fr(9, 2), id="no-VUR-with-P"),
    pytest.param(OWNF, 1, "BH/C1", "fide-2026", Fr(2), id="VUR-without-P"),
    # OWNF #2: BH/P = adj(1) 1 + adj(4) 3/2 + adj(3) ½ = 3, the same under fide-2024 (no own-score dummy)
    pytest.param(OWNF, 2, "BH/P", "fide-2024", Fr(3), id="forfeit-win-as-game-2024"),
    # FW #1 under fide-2024: BH/P = adj(2) 1 + 2 + 1 = 4 (BH without /P is 6)
    pytest.param(FW, 1, "BH/P", "fide-2024", Fr(4), id="forfeit-win-adjusted-opponent"),
    # A #1: byes are not forfeits: BH/P = BH = 7 and BH/C1/P = BH/C1 = 5 (the HPB is still a VUR)
    pytest.param(A, 1, "BH/P", "fide-2026", Fr(7), id="bye-unaffected"),
    pytest.param(A, 1, "BH/C1/P", "fide-2026", Fr(5), id="bye-still-VUR"),
]


@pytest.mark.parametrize(("cards", "player", "tiebreak", "rules", "expected"), FORFEITS_AS_PLAYED)
def test_forfeits_as_played(
    cards: dict[int, str], player: int, tiebreak: str, rules: str, expected: Fr
) -> None:
    """Modifier /P (C.07 Art. 14 catalogue): a forfeit is a game against the scheduled opponent."""
    assert value_of(tournament(cards), tiebreak, player, rules) == expected


# --------------------------------------------------------------------------------------------------
# Article 15: round robins

ROUND_ROBIN = [
    # BH(1) = #2 3/2 + #3 3/2 + #4 5/2 + #5 2 (forfeit loss = game) = 15/2; the free round 5 is no element
    pytest.param(1, "BH", Fr(15, 2), id="BH"),
    # Cut-1 removes the lowest game (3/2), never the free round or the forfeit: 15/2 - 3/2 = 6
    pytest.param(1, "BH/C1", Fr(6), id="BH/C1"),
    # SB(1) = 1×3/2 + ½×3/2 + 1×5/2 + 0×2 = 3/2 + 3/4 + 5/2 = 19/4
    pytest.param(1, "SB", Fr(19, 4), id="SB"),
    # SB Cut-1 (14.1.1 d): lowest score 3/2 (#2 and #3), lowest contribution 3/4: 19/4 - 3/4 = 4
    pytest.param(1, "SB/C1", Fr(4), id="SB/C1"),
    # no adjustment: the free round in the last round is not a draw; ABH(1) = 1 + ½ + 1 + 0 = 5/2
    pytest.param(1, "ABH", Fr(5, 2), id="ABH"),
    # SB(5): the forfeit win counts as a win against #1 (5/2): 0×3/2 + 1×3/2 + 1×5/2 + 0×5/2 = 4
    pytest.param(5, "SB", Fr(4), id="SB-forfeit-win"),
    # SB(2): forfeit win against #5 (2) is a win: 0×5/2 + 1×2 + 0×5/2 + ½×3/2 = 11/4
    pytest.param(2, "SB", Fr(11, 4), id="SB-forfeit-win-2"),
]


@pytest.mark.parametrize("rules", ["fide-2026", "fide-2024"])
@pytest.mark.parametrize(("player", "tiebreak", "expected"), ROUND_ROBIN)
def test_round_robin(player: int, tiebreak: str, expected: Fr, rules: str) -> None:
    """C.07 15.2: forfeits are regular games, the free round is ignored, no 16.3-16.5 adjustment."""
    t = tournament(RR, kind="Individual: Round-Robin")
    assert t.is_round_robin
    assert value_of(t, tiebreak, player, rules) == expected


@pytest.mark.parametrize(
    ("tiebreak", "expected"),
    [
        # BH(1) = 3/2 + 3/2 + 5/2 + min(own 5/2, adj(5) 2) + min(own 5/2, 5 × ½) = 10
        ("BH", Fr(10)),
        # two VURs (2 and 5/2); the smaller, 2 >= 3/2, is cut: 10 - 2 = 8
        ("BH/C1", Fr(8)),
        # round 5 (withdrawn, last round) counts a draw: 5/2 + ½ = 3
        ("ABH", Fr(3)),
    ],
)
def test_round_robin_data_as_swiss(tiebreak: str, expected: Fr) -> None:
    """Contrast: the same results declared Swiss fall under Article 16 (fide-2026)."""
    t = tournament(RR, kind="Individual: Round-Robin").with_kind(TournamentKind.SWISS)
    assert value_of(t, tiebreak, 1) == expected


def test_round_robin_records() -> None:
    """C.07 15.2: the forfeit is a game (no VUR), the free round is not an element and is never cut."""
    t = tournament(RR, kind="Individual: Round-Robin")
    res = spareggio.rank(t, ["SB/C1"], rules="fide-2026").results["SB/C1"]
    assert res.contributions is not None
    rec = res.contributions.for_player(t.index_of(1))
    assert [(r.source, r.vur, r.cut, r.present) for r in rec] == [
        (OPP, False, KEPT, True),
        (OPP, False, LOW, True),  # draw with #3 (3/2): contribution 3/4
        (OPP, False, KEPT, True),
        (FAP, False, KEPT, True),  # forfeit loss against #5: 0 × 2
        (Source.NONE, False, KEPT, False),  # free round
    ]
    # 3/2 + 5/2 + 0 = 4
    assert sum(r.value for r in rec if r.counted) == Fr(4) == res.value(t.index_of(1))


# --------------------------------------------------------------------------------------------------
# 8.3 Fore Buchholz

FORE = [
    # BH(1) = adj(2) 1 + adj(3) 5/2 + forfeit loss dummy min(own 3/2, adj(5) 5/2) = 3/2  ->  5
    pytest.param(1, "BH", "fide-2026", Fr(5), id="BH-contrast"),
    # FB(1) = afb(2) 3/2 + afb(3) 5/2 + round 3 taken as a played draw with #5: afb(5) 2  ->  6
    pytest.param(1, "FB", "fide-2026", Fr(6), id="FB-forfeit-drawn"),
    # FB/C1(1): the forfeit is a draw, no VUR left: 6 - 3/2 = 9/2  (BH/C1 would cut the VUR dummy)
    pytest.param(1, "FB/C1", "fide-2026", Fr(9, 2), id="FB/C1-no-VUR"),
    # AFB(1) = 1 + ½ + ½ = 2 (ABH 3/2: the forfeit loss counts 0)
    pytest.param(1, "AFB", "fide-2026", Fr(2), id="AFB-forfeit-loss"),
    pytest.param(1, "ABH", "fide-2026", Fr(3, 2), id="ABH-forfeit-loss"),
    # AFB(5) = ½ + 1 + ½ = 2: the forfeit win becomes a draw
    pytest.param(5, "AFB", "fide-2026", Fr(2), id="AFB-forfeit-win"),
    # AFB(4) = 0 + 0 + ½ = ½ and AFB(2) = 0 + 1 + ½ = 3/2: the played game of round 3 becomes a draw
    pytest.param(4, "AFB", "fide-2026", H, id="AFB-played-win"),
    pytest.param(2, "AFB", "fide-2026", Fr(3, 2), id="AFB-played-loss"),
    # AFB(3) = 1 + ½ + 1 = 5/2: the PAB of the final round keeps its point
    pytest.param(3, "AFB", "fide-2026", Fr(5, 2), id="AFB-PAB-kept"),
    # FB(3) under fide-2024 (no cap): afb(4) ½ + afb(1) 2 + PAB dummy on the fore own score 5/2 -> 5
    pytest.param(3, "FB", "fide-2024", Fr(5), id="FB-PAB-own-fore-score"),
    # FB(3) under fide-2026: ½ + 2 + min(5/2, 3 × ½) = 4
    pytest.param(3, "FB", "fide-2026", Fr(4), id="FB-PAB-capped"),
    # AFB(6) = ½ + 0 + ½ = 1: the ZPB in the final round stays a VUR, in the last round: a draw (16.2.5)
    pytest.param(6, "AFB", "fide-2026", Fr(1), id="AFB-ZPB-last-round"),
    # FB(6) = afb(5) 2 + afb(2) 3/2 + ZPB dummy min(own fore ½, 3/2) = ½  ->  4
    pytest.param(6, "FB", "fide-2026", Fr(4), id="FB-ZPB-dummy"),
]


@pytest.mark.parametrize(("player", "tiebreak", "rules", "expected"), FORE)
def test_fore_buchholz(player: int, tiebreak: str, rules: str, expected: Fr) -> None:
    """C.07 8.3: Buchholz as if every game paired in the final round were drawn (digest §6.8)."""
    assert value_of(tournament(FB), tiebreak, player, rules) == expected


def test_fore_buchholz_records() -> None:
    """C.07 8.3: in the FB records the final-round forfeit is a played draw, the PAB a dummy."""
    t = tournament(FB)
    res = spareggio.rank(t, ["FB"], rules="fide-2026").results["FB"]
    assert res.contributions is not None
    last_1 = res.contributions.for_player(t.index_of(1))[2]
    assert (last_1.kind, last_1.source, last_1.vur, last_1.key) == (K.PLAYED_DRAW, OPP, False, Fr(2))
    last_3 = res.contributions.for_player(t.index_of(3))[2]
    assert (last_3.kind, last_3.source, last_3.points, last_3.key) == (K.PAB, CAPR, Fr(1), Fr(3, 2))


@pytest.mark.parametrize(
    "case",
    [
        # the full FB tournament evaluated after round 2 of 3
        pytest.param("after-round", id="after-round-2-of-3"),
        # a file that announces 3 rounds (record 142) and holds 2
        pytest.param("file-ends-early", id="file-ends-after-round-2"),
    ],
)
def test_fore_buchholz_final_round_is_the_last_evaluated_round(case: str) -> None:
    """C.07 8.3 with --after-round N: round N is the final round for every rule, Fore Buchholz
    included (a standings "as they stood after round N").  A file that stops after round 2 is
    evaluated the same way.  After round 2: #2 has 0 + 1 = 1, #3 has 1 + ½ = 3/2, so BH(1) = 5/2;
    FB draws round 2: afb(2) = 0 + ½ = ½, afb(3) = 1 + ½ = 3/2 -> FB(1) = ½ + 3/2 = 2.
    (The digest's alternative, drawing only the announced final round, is recorded in docs/rules.md.)"""
    if case == "after-round":
        t, after = tournament(FB), 2
    else:
        t, after = tournament({k: " ".join(v.split()[:2]) for k, v in FB.items()}, rounds=3), None
        assert (t.rounds, t.announced_rounds) == (2, 3)
    assert value_of(t, "BH", 1, after_round=after) == Fr(5, 2)
    assert value_of(t, "FB", 1, after_round=after) == Fr(2)


# --------------------------------------------------------------------------------------------------
# Evaluation after round N: the 16.4.2 cap uses N rounds, 16.2.5 is decided at N

# ABS -- an absence in round 2 followed by a game in round 3.
#   r1: 1 (W) beats 2;  3 PAB      r2: 1 not paired;  2 (W) beats 3      r3: 3 (W) loses to 1;  2 PAB
ABS = {1: "+W2 -- +B3", 2: "-B1 +W3 PAB", 3: "PAB -B2 -W1"}

AFTER_ROUND = [
    # A after round 2: own(1) = 1 + ½ = 3/2, #2 has 0 + 0 = 0; HPB dummy min(3/2, 2 × ½ = 1) = 1:
    #   BH = 0 + 1 = 1  (a cap of 4 × ½ would give 3/2)
    pytest.param(A, 2, 1, "BH", "fide-2026", Fr(1), id="cap-uses-N-rounds"),
    # fide-2024 after round 2: dummy = own 3/2: BH = 0 + 3/2 = 3/2
    pytest.param(A, 2, 1, "BH", "fide-2024", Fr(3, 2), id="no-cap-2024"),
    # M after round 3: the HPB and ZPB of #1 are followed by nothing: ABH = 1 + ½ + ½ = 2 (final: 5/2)
    pytest.param(M, 3, 1, "ABH", "fide-2026", Fr(2), id="16.2.5-decided-at-N"),
    # M final standings for contrast: ABH = 1 + ½ + 0 + 1 = 5/2
    pytest.param(M, None, 1, "ABH", "fide-2026", Fr(5, 2), id="16.2.3-final"),
    # M after round 3: own(1) = 3/2, cap 3 × ½ = 3/2, #2 has 0 + 0 + ½ = ½: BH = ½ + 3/2 + 3/2 = 7/2
    pytest.param(M, 3, 1, "BH", "fide-2026", Fr(7, 2), id="BH-after-3"),
    # ABS after round 2: the absence is now in the last round: ABH = 1 + ½ = 3/2
    pytest.param(ABS, 2, 1, "ABH", "fide-2026", Fr(3, 2), id="absence-last-round-at-N"),
    # ABS final: the absence is followed by a game: ABH = 1 + 0 + 1 = 2
    pytest.param(ABS, None, 1, "ABH", "fide-2026", Fr(2), id="absence-then-game"),
]


@pytest.mark.parametrize(("cards", "after", "player", "tiebreak", "rules", "expected"), AFTER_ROUND)
def test_after_round(
    cards: dict[int, str], after: int | None, player: int, tiebreak: str, rules: str, expected: Fr
) -> None:
    """Standings after round N: rounds after N do not exist for any rule (digest §2.1, §6.4)."""
    assert value_of(tournament(cards), tiebreak, player, rules, after_round=after) == expected


def test_after_round_points_and_label() -> None:
    """The frame of N rounds: points are those after N; the standings record N."""
    s = spareggio.rank(tournament(A), ["BH"], rules="fide-2026", after_round=2)
    assert s.after_round == 2
    # after round 2: 1: 1 + ½; 2: 0 + 0; 3: ½ + 1; 4: ½ + 1
    assert {r.player.start_number: r.points for r in s.rows} == {
        1: Fr(3, 2),
        2: Fr(0),
        3: Fr(3, 2),
        4: Fr(3, 2),
    }
