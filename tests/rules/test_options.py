"""Named options of the rule sets: the alternative readings of ambiguous texts (docs/rules.md).

``fide-2026:vur=score``            16.5.1: the VUR compared with the least significant value is the one
                                   with the lowest dummy score (then contribution), not the smallest
                                   contribution.
``fide-2026:cap-rounds=announced`` 16.4.2: "rounds" in rounds x draw are the announced rounds (record
                                   142), not the rounds evaluated.
``fide-2009:draws=defaults``       Kallithea step (b) applied to results by default only: PAB and
                                   full/half-point byes keep their points for the opponents.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from rule_events import SEEDS, build, swiss, tournament

import spareggio
from spareggio import RULESETS
from spareggio.base.errors import UnknownRulesetError
from spareggio.cli import main
from spareggio.io.trf import read_trf
from spareggio.rules import find_ruleset

TWO_VURS = SEEDS / "x-sb-cut1-two-vurs.trf"


# --------------------------------------------------------------------------------------------------
# vur=score


@pytest.mark.parametrize(
    ("rules", "sb", "sb_c1", "bh_c1"),
    [
        # Sara (#3), 7 rounds: =W11 HPB +B8 +W6 -F1 +B9 =W4 (conformance seeds README, x-sb-cut1-two-vurs).
        # SB = 1/2x2 + 1/2x3.5 [HPB: min(4.5, 7x1/2)] + 1x3 + 1x2.5 + 0x4.5 [-F1: min(4.5, adj(1) 5)] + 1x4
        #    + 1/2x5.5 = 1 + 1.75 + 3 + 2.5 + 0 + 4 + 2.75 = 15.
        # Default (16.5.1 wording, seed 002 ex. 5): smallest VUR contribution 0 (the forfeit loss) < least
        # significant 1.0 (#11, 2 points, drawn): the higher, 1.0, is cut -> 14.
        # BH = 2 + 3.5 + 3 + 2.5 + 4.5 + 4 + 5.5 = 25; C1: the smallest VUR contribution 3.5 >= least 2,
        # the VUR is cut -> 21.5.
        pytest.param("fide-2026", "15", "14", "21.5", id="default"),
        # vur=score: the VUR with the lowest dummy is the HPB (3.5 < 4.5), contribution 1.75 >= 1.0: 1.75 is
        # cut -> 13.25.  BH/C1: the lowest dummy (3.5) is also the smallest contribution -> 21.5 again.
        pytest.param("fide-2026:vur=score", "15", "13.25", "21.5", id="vur=score"),
    ],
)
def test_vur_selection(rules: str, sb: str, sb_c1: str, bh_c1: str) -> None:
    s = spareggio.rank(read_trf(TWO_VURS), ["SB", "SB/C1", "BH/C1"], rules=rules)
    got = s.row_of(3).values
    assert (got["SB"], got["SB/C1"], got["BH/C1"]) == (Fraction(sb), Fraction(sb_c1), Fraction(bh_c1))
    assert s.rules.label == rules


# --------------------------------------------------------------------------------------------------
# cap-rounds=announced

# 5 players, 5 rounds announced (one PAB each round):
#    #  R1    R2    R3    R4    R5     after R3   final
#    1  +W2   PAB   +W3   +B4   =W5    3          4.5
#    2  -B1   -B3   -B5   PAB   =W4    0          1.5
#    3  +W4   +W2   -B1   =W5   PAB    2          3.5
#    4  -B3   =W5   PAB   -W1   =B2    1.5        2
#    5  PAB   =B4   +W2   =B3   =B1    2.5        3.5
FIVE = {
    1: "+W2 PAB +W3 +B4 =W5",
    2: "-B1 -B3 -B5 PAB =W4",
    3: "+W4 +W2 -B1 =W5 PAB",
    4: "-B3 =W5 PAB -W1 =B2",
    5: "PAB =B4 +W2 =B3 =B1",
}


@pytest.mark.parametrize(
    ("rules", "after_round", "bh", "sb"),
    [
        # After round 3: own 3; PAB dummy min(3, 3 x 1/2) = 1.5 (16.4.2, rounds evaluated).
        # BH = 2 (0) + 1.5 + 3 (2) = 3.5; SB = 1x0 + 1x1.5 + 1x2 = 3.5.
        pytest.param("fide-2026", 3, "3.5", "3.5", id="evaluated-after-3"),
        # cap-rounds=announced: min(3, 5 x 1/2) = 2.5.  BH = 0 + 2.5 + 2 = 4.5; SB = 0 + 2.5 + 2 = 4.5.
        pytest.param("fide-2026:cap-rounds=announced", 3, "4.5", "4.5", id="announced-after-3"),
        # Final standings: own 4.5, cap 5 x 1/2 = 2.5 under both readings.
        # BH = 2 (1.5) + 2.5 + 3 (3.5) + 4 (2) + 5 (3.5) = 13; SB = 1.5 + 2.5 + 3.5 + 2 + 1/2 x 3.5 = 11.25.
        pytest.param("fide-2026", None, "13", "11.25", id="evaluated-final"),
        pytest.param("fide-2026:cap-rounds=announced", None, "13", "11.25", id="announced-final"),
    ],
)
def test_cap_rounds(rules: str, after_round: int | None, bh: str, sb: str) -> None:
    s = spareggio.rank(tournament(FIVE), ["BH", "SB"], rules=rules, after_round=after_round)
    got = s.row_of(1).values
    assert (got["BH"], got["SB"]) == (Fraction(bh), Fraction(sb))


@pytest.mark.parametrize(("rules", "bh"), [("fide-2026", "3.5"), ("fide-2026:cap-rounds=announced", "4.5")])
def test_cap_rounds_of_an_event_in_progress(rules: str, bh: str) -> None:
    """The same three rounds as the whole file, 142 announcing 5: the cap is 3 x 1/2 = 1.5 by default,
    5 x 1/2 = 2.5 with cap-rounds=announced (BH = 0 + dummy + 2)."""
    t = tournament({k: " ".join(v.split()[:3]) for k, v in FIVE.items()}, rounds=5)
    assert (t.rounds, t.announced_rounds) == (3, 5)
    assert spareggio.rank(t, ["BH"], rules=rules).row_of(1).values["BH"] == Fraction(bh)


# --------------------------------------------------------------------------------------------------
# fide-2009:draws=defaults


@pytest.mark.parametrize(
    ("case", "abh_default", "abh_defaults"),
    [
        # Event of rule_events.py; player 1 has 2 points from games (2.5 in the last-round case).
        # Default (b): every unplayed round is a draw: 2 + 1/2.  draws=defaults: the PAB keeps its 1: 2 + 1.
        pytest.param("PAB", "2.5", "3", id="PAB"),
        pytest.param("FPB", "2.5", "3", id="FPB"),  # a requested full-point bye keeps its 1 as well
        pytest.param("PAB last round", "3", "3.5", id="PAB-last-round"),  # 2.5 + 1/2 vs 2.5 + 1
        pytest.param("HPB", "2.5", "2.5", id="HPB"),  # 1/2 either way
        pytest.param("forfeit win", "2.5", "2.5", id="forfeit-win"),  # a result by default: a draw in both
        pytest.param("ZPB", "2.5", "2.5", id="ZPB"),  # 0 -> 1/2 in both (an absence by default)
    ],
)
def test_kallithea_draws_defaults(case: str, abh_default: str, abh_defaults: str) -> None:
    """Seed 003 step (b).  Player 2's BH = ABH(1) + 4.5 follows; player 1's own BH does not change."""
    t = swiss(case)
    for rules, abh in (("fide-2009", abh_default), ("fide-2009:draws=defaults", abh_defaults)):
        s = spareggio.rank(t, ["ABH", "BH"], rules=rules)
        assert s.row_of(1).values["ABH"] == Fraction(abh)
        assert s.row_of(2).values["BH"] == Fraction(abh) + Fraction("4.5")
    own = [
        spareggio.rank(t, ["BH"], rules=r).row_of(1).values["BH"]
        for r in ("fide-2009", "fide-2009:draws=defaults")
    ]
    assert own[0] == own[1]


# --------------------------------------------------------------------------------------------------
# names, labels and errors


@pytest.mark.parametrize(
    ("name", "label"),
    [
        ("fide-2026:vur=score", "fide-2026:vur=score"),
        ("FIDE-2026 : VUR = SCORE", "fide-2026:vur=score"),  # case and blanks do not matter
        ("fide-2026:vur=contribution", "fide-2026"),  # the default reading is not written
        ("fide-2026:vur=score,cap-rounds=announced", "fide-2026:vur=score,cap-rounds=announced"),
        ("fide-2024:cap-rounds=announced", "fide-2024:cap-rounds=announced"),
        ("kallithea:draws=defaults", "fide-2009:draws=defaults"),  # alias
        ("fide-2009:draws=unplayed", "fide-2009"),
    ],
)
def test_label(name: str, label: str) -> None:
    assert find_ruleset(name).label == label


def test_options_do_not_change_the_registry() -> None:
    find_ruleset("fide-2026:vur=score,cap-rounds=announced")
    assert RULESETS["fide-2026"].label == "fide-2026"
    assert find_ruleset("fide-2026") is RULESETS["fide-2026"]


@pytest.mark.parametrize(
    ("name", "allowed"),
    [
        ("fide-2026:foo=bar", ["vur", "cap-rounds"]),  # unknown option: the options are listed
        ("fide-2026:vur=lowest", ["contribution", "score"]),  # unknown value: the choices are listed
        ("fide-2026:cap-rounds=all", ["evaluated", "announced"]),
        ("fide-2009:draws=some", ["unplayed", "defaults"]),
        ("naive:vur=score", ["none"]),  # a rule set without options says so
        ("fide-2099", list(RULESETS)),  # unknown rule set: every known name is listed
        ("fide-2026:vur", ["key=value"]),
    ],
)
def test_bad_names_and_options(name: str, allowed: list[str]) -> None:
    with pytest.raises(UnknownRulesetError) as info:
        find_ruleset(name)
    message = str(info.value)
    assert all(word in message for word in allowed), message
    with pytest.raises(UnknownRulesetError):
        spareggio.rank(swiss("PAB"), ["BH"], rules=name)


def test_cli_json_records_the_label(capsys: pytest.CaptureFixture[str]) -> None:
    """``spareggio standings -f json`` names the rule set with its options, and uses them (13.25 above)."""
    code = main(
        ["standings", str(TWO_VURS), "-t", "SB/C1", "--rules", "fide-2026:vur=score", "-f", "json", "-q"]
    )
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out["rules"] == "fide-2026:vur=score"
    assert out["rules_reason"] == "chosen by the caller"
    row = next(r for r in out["standings"] if r["start_number"] == 3)
    assert Fraction(str(row["tiebreaks"]["SB/C1"])) == Fraction("13.25")


def test_cli_rejects_a_bad_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "event.trf"
    path.write_text(build({1: "+W2", 3: "+W4"}), encoding="utf-8")
    code = main(["standings", str(path), "--rules", "fide-2026:vur=lowest", "-q"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert "contribution, score" in err
