"""Conformance with the seed fixtures (``tests/conformance/seeds``).

Every row of ``expected.json`` names a TRF file, a rule set, a player, a tie-break and the value the
seed documents state or imply, with the arithmetic in the fixtures' README.  Each row's ``source``
(seed file and example) is part of its test id, e.g.
``bh-ex4-sergio.trf-fide-2026-#6-BH/C1 [000_8ee77c257655b177.txt, Esempio 4]``.

The values are exact: ``expected`` is a JSON number with at most two decimals, read as a decimal
string into a :class:`~fractions.Fraction`, never compared as a float.
"""

from __future__ import annotations

import json
from collections import defaultdict
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import spareggio
from spareggio.cli import main

SEEDS = Path(__file__).parent / "conformance" / "seeds"
ROWS: list[dict[str, Any]] = json.loads((SEEDS / "expected.json").read_text(encoding="utf-8"))
RULE_SETS = ("fide-2026", "fide-2009", "draw-vs-self", "italian")


def _exact(number: float) -> Fraction:
    """The exact value of a JSON number written with at most a few decimals (``23.25`` -> 93/4)."""
    return Fraction(repr(number))


def _row_id(row: dict[str, Any]) -> str:
    return f"{row['file']}-{row['rules']}-#{row['player']}-{row['tiebreak']} [{row['source']}]"


@cache
def _tournament(file: str) -> spareggio.Tournament:
    return spareggio.io.trf.read_trf(SEEDS / file)


def test_fixture_set_is_complete() -> None:
    """Every fixture file named in expected.json is present, and every rule set is exercised."""
    named = {row["file"] for row in ROWS}
    assert named == {p.name for p in SEEDS.glob("*.trf")}
    assert {row["rules"] for row in ROWS} == set(RULE_SETS)
    assert len({(r["file"], r["rules"], r["player"], r["tiebreak"]) for r in ROWS}) == len(ROWS)


@pytest.mark.parametrize("row", ROWS, ids=[_row_id(r) for r in ROWS])
def test_expected_value(row: dict[str, Any]) -> None:
    """One row of expected.json; the id cites the row's source (seed file and example)."""
    # source: row["source"] (e.g. "000_8ee77c257655b177.txt, Esempio 4"); arithmetic in README.md
    t = _tournament(row["file"])
    s = spareggio.rank(t, [row["tiebreak"]], rules=row["rules"])
    got = s.results[row["tiebreak"]].value(t.index_of(row["player"]))
    assert got == _exact(row["expected"]), f"{row['source']}: {row.get('note', '')}"


def _groups() -> dict[tuple[str, str], list[dict[str, Any]]]:
    groups: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for row in ROWS:
        groups[(row["file"], row["rules"])].append(row)
    return dict(sorted(groups.items()))


GROUPS = _groups()


@pytest.mark.parametrize(("file", "rules"), list(GROUPS), ids=[f"{f}-{r}" for f, r in GROUPS])
def test_cli_json(file: str, rules: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The command line, run in-process as the fixtures' checker runs it, prints the expected values."""
    rows = GROUPS[(file, rules)]
    tiebreaks = sorted({row["tiebreak"] for row in rows})
    argv = [
        "standings",
        str(SEEDS / file),
        "--tiebreaks",
        ",".join(tiebreaks),
        "--rules",
        rules,
        "--format",
        "json",
    ]
    status = main(argv)
    out = capsys.readouterr().out
    assert status == 0
    data = json.loads(out)
    assert data["rules"] == rules
    by_player = {entry["start_number"]: entry for entry in data["standings"]}
    for row in rows:
        got = by_player[row["player"]]["tiebreaks"][row["tiebreak"]]
        # JSON numbers of values with at most two decimals are exact when read back as decimals
        assert _exact(got) == _exact(row["expected"]), _row_id(row)
