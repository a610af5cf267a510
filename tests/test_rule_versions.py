"""A rule version per criterion (``/V2026``, ``/V2024``, ``/V2023``, ``/V2009``, ``/Vitalian``): one list
may compute one Buchholz under the 2026 text and another under the 2024 text, as Swiss-Manager's
"Buchholz Tie-Break Variable (2026)" and "(2023)" do."""

from __future__ import annotations

from fractions import Fraction as Fr
from pathlib import Path

import pytest

import spareggio
from spareggio.base.errors import TiebreakSpecError
from spareggio.tiebreaks import parse_spec, parse_spec_list

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "open-2026.trf"
SEEDS = Path(__file__).resolve().parent / "conformance" / "seeds"


@pytest.mark.parametrize(
    ("text", "printed", "version"),
    [
        ("BH/C1/V2026", "BH/C1/V2026", "fide-2026"),
        ("BH/C1/V2024", "BH/C1/V2024", "fide-2024"),
        # Swiss-Manager's "(2023)": the Sep-2023 text, the same as the one in force from 1 August 2024
        ("BH/M1/V2023", "BH/M1/V2024", "fide-2024"),
        ("bh/v2009", "BH/V2009", "fide-2009"),
        ("SB/Vitalian", "SB/Vitalian", "italian"),
        ("BH/Vfide-2026:vur=score", "BH/Vfide-2026:vur=score", "fide-2026:vur=score"),
        ("BH/C1", "BH/C1", None),
    ],
)
def test_a_version_is_parsed_and_printed_back(text: str, printed: str, version: str | None) -> None:
    spec = parse_spec(text)
    assert spec.version == version
    assert str(spec) == printed
    assert parse_spec(str(spec)) == spec


@pytest.mark.parametrize("text", ["BH/V1999", "BH/Vnowhere", "BH/V2024/V2026"])
def test_an_unknown_or_repeated_version_is_refused(text: str) -> None:
    with pytest.raises(TiebreakSpecError):
        parse_spec(text)


def test_the_same_criterion_under_two_versions_may_stand_in_one_list() -> None:
    labels = [label for label, _ in parse_spec_list("BH/C1/V2026,BH/M1/V2023,BH/C1/V2024")]
    assert labels == ["BH/C1/V2026", "BH/M1/V2023", "BH/C1/V2024"]


def test_versions_change_exactly_the_values_their_texts_change() -> None:
    """Hand-computed on the bundled open (tests/test_generate.py gives the derivations):
    player 1 lost round 7 by forfeit: BH 51 under 2026 (dummy capped at adj(9) 6, C.07 16.4.1), 52 under
    2024 (dummy on his own score 7); player 9 (HPB, HPB, ZPB, forfeit win): BH 44.5 / BH/C1 40 under 2026
    (byes capped at 4.5, 16.4.2), 49 / 43 under 2024; player 7 played every game: 50.5 / 46.5 in both."""
    t = spareggio.io.trf.read_trf(EXAMPLE)
    s = spareggio.rank(t, ["BH/C1", "BH", "BH/V2024", "BH/C1/V2023"], rules="fide-2026")
    expected = {
        1: (Fr(45), Fr(51), Fr(52), Fr(45)),
        9: (Fr(40), Fr(89, 2), Fr(49), Fr(43)),
        7: (Fr(93, 2), Fr(101, 2), Fr(101, 2), Fr(93, 2)),
    }
    for sno, values in expected.items():
        row = s.row_of(sno).values
        assert (row["BH/C1"], row["BH"], row["BH/V2024"], row["BH/C1/V2023"]) == values
    # every player: the versioned criterion is the plain one under that rule set, nothing else moves
    under24 = spareggio.rank(t, ["BH/C1", "BH"], rules="fide-2024")
    plain = spareggio.rank(t, ["BH/C1", "BH"], rules="fide-2026")
    for row in s.rows:
        sno = row.player.start_number
        assert row.values["BH/V2024"] == under24.row_of(sno).values["BH"]
        assert row.values["BH/C1/V2023"] == under24.row_of(sno).values["BH/C1"]
        assert row.values["BH"] == plain.row_of(sno).values["BH"]


@pytest.mark.parametrize(
    ("spec", "value"),
    [
        # seed 000, example 4 (Sergio, forfeit loss in round 7 of 9); README table of the rule sets
        ("BH", Fr(79, 2)),
        ("BH/C1", Fr(67, 2)),
        ("BH/V2009", Fr(79, 2)),
        ("BH/C1/V2009", Fr(38)),
        ("BH/Vitalian", Fr(42)),
        ("BH/C1/Vitalian", Fr(81, 2)),
        ("BH/Vnaive", Fr(67, 2)),
        ("BH/C1/Vnaive", Fr(32)),
    ],
)
def test_the_seed_forfeit_under_each_version(spec: str, value: Fr) -> None:
    t = spareggio.io.trf.read_trf(SEEDS / "bh-ex4-sergio.trf")
    s = spareggio.rank(t, [spec], rules="fide-2026")
    assert s.row_of(6).values[spec] == value


def test_a_version_in_the_files_own_list(tmp_path: Path) -> None:
    # TRF-26 record 212: the file's list may carry the versions as the command line does
    text = EXAMPLE.read_text(encoding="utf-8").replace("\n001 ", "\n212 PTS BH/C1 BH/V2024\n001 ", 1)
    path = tmp_path / "versions.trf"
    path.write_text(text, encoding="utf-8")
    s = spareggio.rank(spareggio.io.trf.read_trf(path), rules="fide-2026")
    assert s.labels[-2:] == ["BH/C1", "BH/V2024"]
    assert s.row_of(9).values["BH/V2024"] == Fr(49)  # the 2024 text: no cap on the byes' dummies
    assert s.row_of(9).values["BH/C1"] == Fr(40)


def test_a_version_through_the_http_api() -> None:
    from fastapi.testclient import TestClient

    from spareggio.web import create_app

    client = TestClient(create_app(), base_url="http://127.0.0.1")
    reply = client.post(
        "/api/standings",
        files={"file": ("open.trf", EXAMPLE.read_bytes())},
        data={"tiebreaks": "BH/C1, BH/V2024", "rules": "fide-2026", "format": "json"},
        headers={"Origin": "http://127.0.0.1"},
    )
    assert reply.status_code == 200, reply.text
    row = next(r for r in reply.json()["standings"] if r["start_number"] == 9)
    assert row["tiebreaks"]["BH/V2024"] == 49
