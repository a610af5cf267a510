"""One event written as TRF, spareggio's tournament JSON, Chess-JSON, PGN, Vega's .veg and .tdf
(tests/event_formats.py) gives the same standings through the command line: the same places, points
and tie-break values, under each rule set asked."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from event_formats import ROUND_ROBIN, SWISS, Event, pgn, tdf, trf, veg
from spareggio.cli import main
from spareggio.io.chess_json_write import write_chess_json
from spareggio.io.tournament_json import write_tournament_json
from spareggio.io.trf import parse_trf

# event_formats.SWISS with the round without a game of player 4 (round 3) a pairing-allocated bye
# too, so that PGN (--byes pab) says the same as the other formats
SWISS_PABS = replace(SWISS, byes={(1, 3): "PAB", (2, 5): "PAB", (3, 4): "PAB"})

FORMATS = {
    "json": lambda e: write_tournament_json(parse_trf(trf(e))),
    "chess.json": lambda e: write_chess_json(parse_trf(trf(e))),
    "pgn": lambda e: pgn(e),
    "tdf": lambda e: tdf(e),
    "veg": lambda e: veg(e),
}
"""Each format's writer (the fixture writers of event_formats, or the library's for the JSON ones)."""
FORMAT_CASES = list(FORMATS)


def standings(
    capsys: pytest.CaptureFixture[str], path: Path, *args: str
) -> list[tuple[int, str, float, dict]]:
    code = main(["standings", str(path), "--format", "json", "--byes", "pab", *args])
    out, err = capsys.readouterr()
    assert code == 0, err
    return [
        (r["start_number"], r["place"], r["points"], r["tiebreaks"]) for r in json.loads(out)["standings"]
    ]


@pytest.mark.parametrize("fmt", FORMAT_CASES)
@pytest.mark.parametrize("rules", ["fide-2009", "fide-2026"])
@pytest.mark.parametrize(
    ("event", "tiebreaks"), [(ROUND_ROBIN, "DE,SB,KS,BH"), (SWISS_PABS, "BH/C1,BH,SB,ARO,WIN")]
)
def test_every_format_gives_the_same_standings_as_trf(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], event: Event, tiebreaks: str, rules: str, fmt: str
) -> None:
    args = ("--tiebreaks", tiebreaks, "--rules", rules)
    (tmp_path / "event.trf").write_text(trf(event), encoding="utf-8")
    (tmp_path / f"event.{fmt}").write_text(FORMATS[fmt](event), encoding="utf-8")
    expected = standings(capsys, tmp_path / "event.trf", *args)
    assert standings(capsys, tmp_path / f"event.{fmt}", *args) == expected
    # and the points are the ones computed by hand in event_formats
    points = {sno: pts for sno, _, pts, _ in expected}
    if event is ROUND_ROBIN:
        assert points == {1: 1.5, 2: 2, 3: 2, 4: 0.5}
    else:  # SWISS with player 4's round 3 a PAB: 4 has 1 point
        assert points == {1: 2.5, 2: 2, 3: 1, 4: 1, 5: 2.5}


# -- the bundled examples: the same events in TRF, Vega's .tdf and PGN ------------------------------

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def by_name(capsys: pytest.CaptureFixture[str], path: Path, *args: str) -> list[tuple[str, str, float, dict]]:
    """Standings keyed by name (a PGN numbers its players by rating)."""
    code = main(["standings", str(path), "--format", "json", *args])
    out, err = capsys.readouterr()
    assert code == 0, err
    return [(r["name"], r["place"], r["points"], r["tiebreaks"]) for r in json.loads(out)["standings"]]


@pytest.mark.parametrize("rules", ["fide-2026", "fide-2024", "italian", "fide-2009"])
@pytest.mark.parametrize(
    ("trf_name", "other", "tiebreaks"),
    [
        ("open-2026.trf", "open-2026.tdf", "BH/C1,BH,SB,ARO,PS"),
        ("closed-rr-2026.trf", "closed-rr-2026.pgn", "DE,SB,KS,BH"),
    ],
)
def test_the_bundled_examples_agree_across_formats(
    capsys: pytest.CaptureFixture[str], trf_name: str, other: str, tiebreaks: str, rules: str
) -> None:
    args = ("--tiebreaks", tiebreaks, "--rules", rules)
    assert by_name(capsys, EXAMPLES / other, *args) == by_name(capsys, EXAMPLES / trf_name, *args)


def test_the_bundled_vega_and_pgn_files_say_what_they_assume(capsys: pytest.CaptureFixture[str]) -> None:
    # the .tdf does not say how Vega counted unplayed games: Vega's default rule, with a warning
    assert main(["standings", str(EXAMPLES / "open-2026.tdf"), "--format", "json"]) == 0
    out, err = capsys.readouterr()
    doc = json.loads(out)
    assert doc["rules"] == "fide-2009" and doc["tiebreaks"] == ["BH/C1", "BH", "SB"]  # record 172
    assert "fide-2009, Vega's default, is applied" in err
    # under Vega's rule player 1 is first, where the TRF's 2026 rules put player 7 first
    # (tests/test_generate.py): the ranks the .tdf declares are Vega's, and check agrees with them
    assert [r["start_number"] for r in doc["standings"][:2]] == [1, 7]
    assert [r["declared_rank"] for r in doc["standings"][:2]] == [1, 2]
    assert main(["check", str(EXAMPLES / "open-2026.tdf")]) == 0
    assert capsys.readouterr().out.startswith("agree ")
    # the round robin's PGN has a game in every round for everyone: nothing to assume
    assert main(["standings", str(EXAMPLES / "closed-rr-2026.pgn"), "--format", "json"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and json.loads(out)["tournament"]["kind"] == "round-robin"
