"""The default rule set chosen by the tournament's start date, record 042 (docs/rules.md, 'Default by
date'): from 2026-03-01 fide-2026, from 2023-09-01 fide-2024, earlier fide-2009; a missing or
unreadable date falls back to fide-2026 (an unreadable one with a ``bad-date`` warning).

The tournament is the PAB case of ``rule_events.py`` (player 1: +W2 PAB =B3 =W4, 3 points), where the
2026 cap binds: the PAB's dummy is min(3, 4 x 1/2) = 2 under fide-2026 (C.07 16.4.2), 3 under fide-2024,
and the Kallithea virtual opponent 1 + 0 + 2 x 1/2 = 2 under fide-2009 (seed 003).
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from rule_events import Values, build, swiss, swiss_cards, values

import spareggio
from spareggio.cli import main
from spareggio.io.trf import parse_trf

# (ABH, BH, BH/C1, SB, SB/C1 of player 1, BH of player 2), as in test_fide2026/2024/2009.py, PAB rows:
EXPECTED = {
    # dummy 2: BH 8 + 2 = 10, C1 -> 8.5; SB 4.75 + 2 = 6.75, C1 -> 5.25; ABH 3; BH(2) 7.5.
    "fide-2026": Values.of("3", "10", "8.5", "6.75", "5.25", "7.5"),
    # dummy 3: BH 11, C1 -> 9.5; SB 7.75, C1 -> 6.25; ABH 3; BH(2) 7.5.
    "fide-2024": Values.of("3", "11", "9.5", "7.75", "6.25", "7.5"),
    # virtual opponent 2: BH 10, C1 -> 8.5; SB 6.75, C1 -> 5.25; ABH 2 + 1/2 (step (b)); BH(2) 7.
    "fide-2009": Values.of("2.5", "10", "8.5", "6.75", "5.25", "7"),
}

DATES = [
    # record 042, rule set, a piece of the reason
    pytest.param(
        "2023/08/31", "fide-2009", "2023-08-31 is between 2009-10-01 and 2023-08-31", id="2023-08-31"
    ),
    pytest.param("2023/09/01", "fide-2024", "2023-09-01 is between", id="2023-09-01"),
    pytest.param("2026/02/28", "fide-2024", "2026-02-28 is between", id="2026-02-28"),
    pytest.param("2026/03/01", "fide-2026", "2026-03-01 is on or after 2026-03-01", id="2026-03-01"),
    pytest.param(None, "fide-2026", "no start date", id="missing"),
    pytest.param("someday", "fide-2026", "no start date", id="unreadable"),
]


def event(date: str | None) -> spareggio.Tournament:
    """The PAB case with the given record 042 (None: no record); the parser's warnings are kept."""
    return parse_trf(build(swiss_cards("PAB"), date=date), "test.trf")


@pytest.mark.parametrize(("date", "rules", "reason"), DATES)
def test_rule_set_by_date(date: str | None, rules: str, reason: str) -> None:
    t = event(date)
    s = spareggio.rank(t, ["BH"], rules=None)
    assert s.rules.name == rules
    assert reason in s.rules_reason
    bad_date = [w for w in t.warnings if w.code == "bad-date"]
    assert len(bad_date) == (1 if date == "someday" else 0)
    assert values(t, None) == EXPECTED[rules]


def test_caps_either_side_of_1_march_2026() -> None:
    """The last day of fide-2024 and the first of fide-2026 give BH(1) 11 and 10 (own 3 vs cap 2)."""
    before = spareggio.rank(event("2026/02/28"), ["BH"]).row_of(1).values["BH"]
    after = spareggio.rank(event("2026/03/01"), ["BH"]).row_of(1).values["BH"]
    assert (before, after) == (Fraction(11), Fraction(10))


def test_an_explicit_rule_set_wins_over_the_date() -> None:
    t = event("2023/08/31")
    s = spareggio.rank(t, ["BH"], rules="fide-2026")
    assert (s.rules.name, s.rules_reason) == ("fide-2026", "chosen by the caller")
    assert values(swiss("PAB"), "fide-2026") == values(t, "fide-2026") == EXPECTED["fide-2026"]


@pytest.mark.parametrize(("date", "rules", "reason"), DATES)
def test_cli_json(
    date: str | None, rules: str, reason: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "event.trf"
    path.write_text(build(swiss_cards("PAB"), date=date), encoding="utf-8")
    code = main(["standings", str(path), "-t", "BH", "-f", "json", "-q"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out["rules"] == rules
    assert reason in out["rules_reason"]
    row = next(r for r in out["standings"] if r["start_number"] == 1)
    assert Fraction(str(row["tiebreaks"]["BH"])) == EXPECTED[rules].bh
