"""spareggio compare: one tournament under several rule sets (issue 'Rule sets', point 3)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import spareggio
from spareggio.cli import main
from spareggio.comparison import compare
from spareggio.render.comparison import comparison_table

EXAMPLE = Path(__file__).parent.parent / "examples" / "open-2026.trf"


def test_bundled_example_changes_between_fide_2026_and_italian():
    t = spareggio.io.trf.read_trf(EXAMPLE)
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
    t = spareggio.io.trf.read_trf(EXAMPLE)
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


def test_compare_table_of_many_rule_sets_stays_narrow():
    # every rule set with three tie-breaks would be 277 columns wide in one table: the rule sets
    # are lettered and the places and each tie-break get a block of their own, at most 100 wide
    t = spareggio.io.trf.read_trf(EXAMPLE)
    c = compare(t, None, ["BH/C1", "BH", "SB"])
    text = comparison_table(c)
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 100
    assert lines[1].startswith("Rule sets: A = fide-2026, B = fide-2024, C = fide-2009")
    blocks = [k for k, line in enumerate(lines) if line in ("Place under each rule set", "BH/C1", "BH", "SB")]
    assert [lines[k] for k in blocks] == ["Place under each rule set", "BH/C1", "BH", "SB"]
    # Pace (1): places 2 2 1 1 1 2 2 and BH/C1 45 45 48.5 48.5 47 45 41 (the library's values)
    place = next(x for x in lines[blocks[0] :] if "Pace" in x)
    assert place.split()[-7:] == [c.rows[1].places[n] for n in c.rules] == ["2", "2", "1", "1", "1", "2", "2"]
    bh = next(x for x in lines[blocks[1] :] if "Pace" in x)
    assert bh.startswith("*") and bh.split()[-7:] == ["45", "45", "48.5", "48.5", "47", "45", "41"]
    # a few rule sets keep the one table
    narrow = comparison_table(compare(t, ["fide-2026", "italian"], ["BH/C1"]))
    assert "Rule sets:" not in narrow and "Rk fide-2026" in narrow


def test_compare_table_in_italian_writes_numbers_the_italian_way():
    t = spareggio.io.trf.read_trf(EXAMPLE)
    text = comparison_table(compare(t, ["fide-2026", "italian"], ["BH/C1"]), "it")
    pace = next(x for x in text.splitlines() if "Pace" in x)
    assert pace.startswith("*") and "45 / 47" in pace
    leone = next(x for x in text.splitlines() if "Leone" in x)
    assert " 6½ " in leone and "48" in leone
    esposito = next(x for x in text.splitlines() if "Esposito" in x)
    assert "46,5" in esposito and "46.5" not in esposito
