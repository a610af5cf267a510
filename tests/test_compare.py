"""spareggio compare: one tournament under several rule sets (issue 'Rule sets', point 3)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import spareggio
from spareggio.cli import main
from spareggio.compare import compare, comparison_table

EXAMPLE = Path(__file__).parent.parent / "examples" / "open-2026.trf"


def test_bundled_example_changes_between_fide_2026_and_italian():
    t = spareggio.read_trf(EXAMPLE)
    c = compare(t, ["fide-2026", "italian"], ["BH/C1", "BH", "SB"])
    rows = {r.start_number: r for r in c.rows}
    # Player 1 (7 points) lost round 7 by forfeit to player 9 (6 points).  Buchholz 51 in both:
    # fide-2026: the forfeit's dummy is min(own 7, adj(9) = 6) = 6 (C.07 16.4.1) and Cut 1 removes
    #   that voluntary unplayed round first (16.5): 51 - 6 = 45;
    # italian: the forfeit is a game against 9's real 6; Cut 1 drops the weakest opponent, 4: 47.
    assert rows[1].values["fide-2026"]["BH/C1"] == 45
    assert rows[1].values["italian"]["BH/C1"] == 47
    # Player 7 (7 points) played all nine games: BH 50.5, Cut 1 drops 4 under both: 46.5.
    assert rows[7].values["fide-2026"]["BH/C1"] == rows[7].values["italian"]["BH/C1"] == Fraction(93, 2)
    assert (rows[7].ranks["fide-2026"], rows[1].ranks["fide-2026"]) == (1, 2)
    assert (rows[1].ranks["italian"], rows[7].ranks["italian"]) == (1, 2)
    assert rows[1].rank_differs and rows[7].rank_differs
    moved = sum(1 for r in c.rows if r.rank_differs)
    assert c.summary[0].startswith(f"{moved} players change place between fide-2026 and italian")
    assert moved >= 2


def test_compare_table_marks_differing_rows():
    t = spareggio.read_trf(EXAMPLE)
    c = compare(t, ["fide-2026", "italian"], ["BH/C1"])
    text = comparison_table(c)
    line = next(x for x in text.splitlines() if x[2:].split()[:1] == ["1"] and "Pace" in x)
    assert line.startswith("*") and "45 / 47" in line


def test_compare_cli_json(capsys):
    code = main(
        [
            "compare",
            str(EXAMPLE),
            "--rules",
            "fide-2026,FIDE-2024,variante-italiana",
            "-t",
            "BH/C1",
            "--format",
            "json",
        ]
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rules"] == ["fide-2026", "fide-2024", "italian"]
    p1 = next(p for p in data["players"] if p["start_number"] == 1)
    assert p1["tiebreaks"]["fide-2026"]["BH/C1"] == 45 and p1["tiebreaks"]["italian"]["BH/C1"] == 47
    assert len(data["summary"]) == 2


def test_compare_unknown_rule_set(capsys):
    code = main(["compare", str(EXAMPLE), "--rules", "fide-2026,nonsense"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "nonsense" in err
