"""AOB (C.07 8.2) by hand, and the `spareggio tiebreaks` listing driven by the catalogue."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import spareggio
from spareggio.cli import main

# TRF-2x example of the TRF digest §9.3 (2026 rules by its start date).
DEMO = """012 Circolo Demo Open 2026
042 2026/04/11
092 Individual: Swiss-System
142 3
212 PTS,BH/C1,BH,SB,DE
001    1 m FM Rossi, Marco                      2105 ITA    12345678 1990/04/12  2.5    1     4 w 1     3 b 1     2 w =
001    2 wWIM Bianchi, Giulia                   2030 ITA    12345679 1995/11/03  2.0    2     5 w =     4 b +     1 b =
001    3 m    Verdi, Luca                       1950 ITA    12345680 2001/01/20  1.0    4  0000 - U     1 w 0     5 b 0
001    4 m    Neri, Paolo                       1890 SUI     1300001 1985/07/07  0.0    5     1 b 0     2 w -  0000 - Z
001    5 w    Gallo, Anna                       1820 ITA    12345681 2005/09/30  2.0    3     2 b =  0000 - H     3 w 1
"""


@pytest.mark.parametrize(
    ("player", "expected"),
    [
        # BH under 2026 (digest §9.3): 1: 3.5, 2: 5.0, 3: 5.5, 4: 2.5, 5: 4.5.
        # 1 met 4, 3, 2 over the board: (2.5 + 5.5 + 5.0) / 3 = 13/3 (4.33 rounded)
        (1, Fraction(13, 3)),
        # 2 met 5 and 1 (round 2 is a forfeit win: not counted): (4.5 + 3.5) / 2 = 4
        (2, Fraction(4)),
        # 3 had a PAB in round 1, then met 1 and 5: (3.5 + 4.5) / 2 = 4
        (3, Fraction(4)),
        # 4 met only 1 (forfeit loss in round 2, bye in round 3): 3.5 / 1
        (4, Fraction(7, 2)),
        # 5 met 2 and 3 (half-point bye in round 2): (5.0 + 5.5) / 2 = 21/4 = 5.25
        (5, Fraction(21, 4)),
    ],
)
def test_aob_is_the_exact_average_of_opponents_buchholz(player, expected):
    t = spareggio.io.trf.parse_trf(DEMO, "demo.trf")
    s = spareggio.rank(t, ["AOB", "BH"], rules="fide-2026")
    assert s.row_of(player).values["AOB"] == expected


def test_aob_undefined_without_games_ranks_last():
    # A player whose only round is a bye has no opponent over the board: AOB undefined (8.2).
    text = DEMO.replace("     1 b 0     2 w -  0000 - Z", "  0000 - Z     2 w -  0000 - Z").replace(
        "     4 w 1     3 b 1", "  0000 - Z     3 b 1"
    )
    t = spareggio.io.trf.parse_trf(text, "demo.trf")
    s = spareggio.rank(t, ["AOB"], rules="fide-2026")
    assert s.row_of(4).values["AOB"] is None


def test_tiebreaks_listing_shows_the_whole_catalogue(capsys):
    assert main(["tiebreaks"]) == 0
    out = capsys.readouterr().out
    for code, d in spareggio.TIEBREAKS.items():
        line = next(x for x in out.splitlines() if x.split()[:1] == [code])
        assert d.article in line
    assert main(["tiebreaks", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    by_code = {d["code"]: d for d in data}
    assert set(by_code) == set(spareggio.TIEBREAKS)
    assert by_code["BH"]["modifiers"] == ["Cn (cut)", "Mn (median)", "P", "F"]
    assert by_code["KS"]["modifiers"] == ["Ln/L+n/L-n"]
    assert by_code["TPN"]["direction"] == "lower is better"
    assert by_code["REP"]["aliases"] == ["GE"]
