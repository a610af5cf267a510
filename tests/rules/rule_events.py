"""The tournaments shared by the rule-set tests in this directory, and how their values are read.

``swiss(case)`` -- an 8-player, 4-round Swiss event in which the focal player 1 has one kind of
unplayed round.  Every other round of player 1 is a game over the board; players 2, 3 and 4 (player
1's opponents) and 6, 7 and 8 (player 2's other opponents) play every round over the board in every
case, so their scores are the same under every rule set.  Player 5 is player 1's round-2 opponent:
scheduled (forfeits), over the board (last-round cases), or not paired when player 1 has a bye in
round 2.  When player 1 has a bye in round 3 or 4, the player he would have met is not paired
either; neither is then an opponent of player 1 or of player 2, so nothing below depends on it.

Cards (``builders`` notation; ``{r2}`` ``{r3}`` ``{r4}`` are the rounds against player 1)::

    #  R1    R2     R3     R4     points
    1  +W2   X      =B3    =W4    2 + X        mid-event cases: X is the unplayed round
    1  +W2   +B5    =B3    Y      2.5 + Y      last-round cases: Y is the bye in round 4
    1  +W2   +B5    --     --     2            withdrawn after round 2
    2  -B1   +W6    =B7    -W8    1.5
    3  +W6   =B7    {r3}   +W5    3            (r3 = =W1: the draw with player 1)
    4  +B7   +W8    +B5    {r4}   3.5          (r4 = =B1: the draw with player 1)
    5  =W8   {r2}   -W4    -B3    1/2 + r2     (forfeit win 1 -> 1.5; forfeit or double forfeit loss 0 -> 1/2;
                                                loss to player 1 over the board -> 1/2)
    6  -B3   -B2    +W8    -B7    1
    7  -W4   =W3    =W2    +W6    2
    8  =B5   -B4    -B6    +B2    1.5

Fixed parts of the arithmetic, used in every test table (D = 1/2 a draw, R = 4 rounds, D x R = 2):

* mid-event cases (unplayed round in round 2): player 1's games are +2 (1.5), =3 (3), =4 (3.5):
  played BH part 1.5 + 3 + 3.5 = 8, played SB part 1x1.5 + 1/2x3 + 1/2x3.5 = 1.5 + 1.5 + 1.75 = 4.75;
* last-round cases (bye in round 4): games +2 (1.5), +5 (1/2), =3 (3): BH part 1.5 + 0.5 + 3 = 5,
  SB part 1.5 + 0.5 + 1.5 = 3.5; player 1 has 2.5 before round 4;
* withdrawn (not paired in rounds 3-4): games +2 (1.5), +5 (1/2): BH part 2, SB part 2;
* BH of player 2 = (player 1 as an opponent) + 6 (1) + 7 (2) + 8 (1.5) = ABH(1) + 4.5.

``round_robin()`` -- a 5-player round robin (C.07 Art. 15; one free round each)::

    #  R1    R2     R3     R4     R5     points
    1  +W2   +F3    -F4    =W5    --     2.5     forfeit win, forfeit loss, free round in R5
    2  -B1   =W5    --     -W4    +W3    1.5
    3  +W4   -F1    -W5    --     -B2    1
    4  -B3   --     +F1    +B2    =W5    2.5     free round in R2
    5  --    =B2    +B3    =B1    =B4    2.5
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path
from typing import NamedTuple

import spareggio
from spareggio import Tournament

try:
    from builders import build, tournament
except ImportError:  # the tests directory is not on sys.path when run from a sub-directory
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from builders import build, tournament

__all__ = [
    "CASES",
    "LABELS",
    "SEEDS",
    "Values",
    "build",
    "round_robin",
    "swiss",
    "swiss_cards",
    "tournament",
    "values",
]

SEEDS = Path(__file__).resolve().parents[1] / "conformance" / "seeds"

LABELS = ("ABH", "BH", "BH/C1", "SB", "SB/C1")
"""The focal player's values read in every case; the opponent's BH is read as well."""


class Case(NamedTuple):
    """Player 1's card and the tokens of the players he meets (or would have met) in rounds 2-4."""

    focal: str
    r2: str
    r3: str = "=W1"
    r4: str = "=B1"


CASES: dict[str, Case] = {
    "forfeit win": Case("+W2 +F5 =B3 =W4", "-F1"),
    "forfeit loss": Case("+W2 -F5 =B3 =W4", "+F1"),
    "double forfeit": Case("+W2 DF5 =B3 =W4", "DF1"),
    "PAB": Case("+W2 PAB =B3 =W4", "--"),
    "HPB": Case("+W2 HPB =B3 =W4", "--"),
    "FPB": Case("+W2 FPB =B3 =W4", "--"),
    "ZPB": Case("+W2 ZPB =B3 =W4", "--"),
    "absent": Case("+W2 -- =B3 =W4", "--"),
    "HPB last round": Case("+W2 +B5 =B3 HPB", "-W1", r4="--"),
    "ZPB last round": Case("+W2 +B5 =B3 ZPB", "-W1", r4="--"),
    "PAB last round": Case("+W2 +B5 =B3 PAB", "-W1", r4="--"),
    "withdrawn": Case("+W2 +B5 -- --", "-W1", r3="--", r4="--"),
}
"""One row per kind of unplayed round of player 1."""

_OTHERS = {
    2: "-B1 +W6 =B7 -W8",
    3: "+W6 =B7 {r3} +W5",
    4: "+B7 +W8 +B5 {r4}",
    5: "=W8 {r2} -W4 -B3",
    6: "-B3 -B2 +W8 -B7",
    7: "-W4 =W3 =W2 +W6",
    8: "=B5 -B4 -B6 +B2",
}

_ROUND_ROBIN = {
    1: "+W2 +F3 -F4 =W5 --",
    2: "-B1 =W5 -- -W4 +W3",
    3: "+W4 -F1 -W5 -- -B2",
    4: "-B3 -- +F1 +B2 =W5",
    5: "-- =B2 +B3 =B1 =B4",
}


def swiss_cards(case: str) -> dict[int, str]:
    """The cards of the Swiss event for one case of :data:`CASES`."""
    c = CASES[case]
    cards = {1: c.focal}
    for sno, card in _OTHERS.items():
        cards[sno] = card.format(r2=c.r2, r3=c.r3, r4=c.r4)
    return cards


def swiss(case: str, **kw: object) -> Tournament:
    """The Swiss event of the module docstring with player 1's unplayed round of the given kind."""
    return tournament(swiss_cards(case), **kw)


def round_robin(**kw: object) -> Tournament:
    """The round robin of the module docstring (record 092 says round robin)."""
    return tournament(_ROUND_ROBIN, kind="Individual: Round Robin", **kw)


class Values(NamedTuple):
    """ABH, BH, BH/C1, SB and SB/C1 of the focal player, and the BH of one of its opponents."""

    abh: Fraction
    bh: Fraction
    bh_c1: Fraction
    sb: Fraction
    sb_c1: Fraction
    opponent_bh: Fraction

    @classmethod
    def of(cls, *numbers: str) -> Values:
        """From decimal strings (``Values.of("3", "8.5", ...)``), exactly."""
        return cls(*(Fraction(x) for x in numbers))


def values(
    t: Tournament,
    rules: str | None,
    *,
    focal: int = 1,
    opponent: int = 2,
    after_round: int | None = None,
) -> Values:
    """The :class:`Values` of ``focal`` (and ``opponent``'s BH) through :func:`spareggio.standings`."""
    s = spareggio.rank(t, list(LABELS), rules=rules, after_round=after_round)
    f = s.row_of(focal).values
    bh_opponent = s.row_of(opponent).values["BH"]
    got = (f["ABH"], f["BH"], f["BH/C1"], f["SB"], f["SB/C1"], bh_opponent)
    assert all(v is not None for v in got)
    return Values(*got)  # type: ignore[arg-type]
