"""The Vega readers (spareggio.io.vega for ``.veg``, spareggio.io.vega_tdf for ``.tdf``): events
written here in Vega's layouts (tests/event_formats.py, after Vega's manual, Appendices J and P),
ranked through the command line under the rule Vega applies (seed 003: the 2009 virtual opponent),
and bad input as one line with its position.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from event_formats import ROUND_ROBIN, SWISS, tdf, trf, veg
from spareggio.cli import main
from spareggio.core.model import ResultKind as K
from spareggio.core.model import TournamentKind
from spareggio.io import parse_tournament, reader_for
from spareggio.io.trf import parse_trf
from spareggio.io.vega_tdf import write_tdf

WRITERS = {"veg": veg, "tdf": tdf}


def rank(capsys: pytest.CaptureFixture[str], path: Path, *args: str) -> tuple[dict, str]:
    code = main(["standings", str(path), "--format", "json", *args])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out), err


# event_formats.SWISS under fide-2009 (seed 003; Kallithea 2009, item 7), BH:
#   own unplayed round R: virtual opponent = score before R + (1 - points of R) + ½ per later round;
#   opponents' scores count every round without a game as a draw: 1 → 2½, 2 → 1½ (forfeit win as ½),
#   3 → ½ (PAB as ½), 4 → 1 (forfeit loss and absence as ½ each), 5 → 2 (PAB as ½).
#   BH(1) = 1 (4) + ½ (3) + 1½ (2) = 3;  BH(5) = 1½ (2) + [½ + 0 + ½] (PAB, r2) + ½ (3) = 3;
#   BH(2) = 2 (5) + [½ + 0 + ½] (forfeit win, r2) + 2½ (1) = 5½;
#   BH(3) = [0 + 0 + 1] (PAB, r1) + 2½ (1) + 2 (5) = 5½;
#   BH(4) = 2½ (1) + [0 + 1 + ½] (forfeit loss, r2) + [0 + 1 + 0] (absent, r3) = 5.
# SB: the same opponents times the points scored: SB(1) = 1 + ½ + ½·1½ = 2¼; SB(5) = ½·1½ + 1 + ½ = 2¼;
#   SB(2) = ½·2 + 1 + ½·2½ = 3¼; SB(3) = 1 (PAB); SB(4) = 0.
SWISS_EXPECTED = [
    (1, "1-2", 2.5, {"BH": 3, "SB": 2.25}),
    (5, "1-2", 2.5, {"BH": 3, "SB": 2.25}),
    (2, "3", 2, {"BH": 5.5, "SB": 3.25}),
    (3, "4", 1, {"BH": 5.5, "SB": 1}),
    (4, "5", 0, {"BH": 5, "SB": 0}),
]


def table(doc: dict) -> list[tuple[int, str, float, dict]]:
    return [(r["start_number"], r["place"], r["points"], r["tiebreaks"]) for r in doc["standings"]]


@pytest.mark.parametrize("fmt", ["veg", "tdf"])
def test_a_vega_swiss_is_ranked_under_vegas_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    path = tmp_path / f"open.{fmt}"
    path.write_text(WRITERS[fmt](SWISS), encoding="utf-8")
    doc, err = rank(capsys, path, "--tiebreaks", "BH,SB")
    assert doc["rules"] == "fide-2009"  # not the rules of the start date (2026): the file's program's
    assert doc["tournament"]["kind"] == "swiss"
    assert table(doc) == SWISS_EXPECTED
    if fmt == "veg":  # the header's Kallithea flag says it
        assert doc["rules_reason"] == "the Vega file's Kallithea 2009 setting is on"
        assert err == ""
    else:  # a .tdf does not say: assumed, with a warning
        assert doc["rules_reason"].startswith("a Vega file: Vega applies the 2009 virtual opponent")
        assert err.count("warning:") == 1 and "fide-2009, Vega's default, is applied" in err


def test_the_kallithea_flag_off_chooses_the_older_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "old.veg"
    path.write_text(veg(SWISS, kallithea=0), encoding="utf-8")
    doc, _ = rank(capsys, path, "--tiebreaks", "BH")
    assert doc["rules"] == "draw-vs-self"
    assert doc["rules_reason"] == "the Vega file's Kallithea 2009 setting is off"


def test_rules_given_by_the_user_win_over_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "open.veg"
    path.write_text(veg(SWISS), encoding="utf-8")
    doc, _ = rank(capsys, path, "--tiebreaks", "BH", "--rules", "fide-2026")
    assert doc["rules"] == "fide-2026" and doc["rules_reason"] == "chosen by the caller"


@pytest.mark.parametrize("fmt", ["veg", "tdf"])
def test_the_files_tie_breaks_and_kind_are_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    path = tmp_path / f"rr.{fmt}"
    path.write_text(WRITERS[fmt](ROUND_ROBIN), encoding="utf-8")
    doc, _ = rank(capsys, path)
    # .veg: Vega's numbers 1 2 4 (Appendix J) = Buchholz Cut 1, Buchholz Total, Sonneborn-Berger;
    # .tdf: record 172 names them
    assert doc["tiebreaks"] == ["BH/C1", "BH", "SB"]
    # pairing system 2 (.veg) / "Round Robin" (record 092)
    assert doc["tournament"]["kind"] == "round-robin"
    t = parse_tournament(path.read_bytes(), path.name)
    assert t.kind_of_event is TournamentKind.ROUND_ROBIN and t.kind_source.startswith("file")
    # event_formats.ROUND_ROBIN: SB 2.75 / 2.25 separates the two players on 2 points
    assert [(r["start_number"], r["points"], r["tiebreaks"]["SB"]) for r in doc["standings"]] == [
        (3, 2, 2.75),
        (2, 2, 2.25),
        (1, 1.5, 1.5),
        (4, 0.5, 1),
    ]


def test_players_of_a_veg_file() -> None:
    t = parse_tournament(veg(SWISS).encode(), "open.veg")
    assert [(p.start_number, p.name, p.rating, p.federation) for p in t.players][:2] == [
        (1, "Rossi, Marco", 2200, "ITA"),
        (2, "Bianchi, Sara", 2100, "ITA"),
    ]
    # results: r1 3 PAB; r2 4-2 forfeit; r3 4 not paired (its last round: withdrawn)
    assert (t.kind[2, 0], t.kind[3, 1], t.kind[1, 1], t.kind[3, 2]) == (
        K.PAB,
        K.FORFEIT_LOSS,
        K.FORFEIT_WIN,
        K.WITHDRAWN,
    )
    assert t.name == "Open Trento" and t.city == "Trento" and str(t.start_date) == "2026-06-01"


def test_a_veg_waiting_for_results_has_its_current_round_pending() -> None:
    # the current round (3) paired, its results not in: status 1, Vega's result 0 on both sides
    t = parse_tournament(veg(ROUND_ROBIN, waiting=True).encode(), "live.veg")
    assert t.pending_round == 3 and t.complete_rounds == 2
    assert t.kind[:, 2].tolist() == [K.PENDING] * 4


BAD_TDF = [
    ("001 1 | m |  | A | 2000\n", "1:1", "a player row needs 12 fields"),
    ("001 1 | m |  | A | 2000 | ITA | 0 | 0 | 0 |  |  |  | 2 x 1\n001 2 | m |  | B | 0 | ITA | 0 | 0 | 0 |  |  |  | 1 b 0\n",
     "1:54", "round 1: '2 x 1' is not a round entry"),
    ("001 1 | m |  | A | 2000 | ITA | 0 | 0 | 0 |  |  |  | 9 w 1\n", "1:54", "round 1: opponent 9 is not a start number"),
    ("001 1 | m |  | A | 2000 | ITA | 0 | 0 | 0 |  |  |  | 2 w 1\n001 2 | m |  | B | 0 | ITA | 0 | 0 | 0 |  |  |  | 1 b 1\n",
     "1:54", "round 1: the results of players 1 and 2 do not fit together"),
    ("001 x | m |  | A | 2000 | ITA | 0 | 0 | 0 |  |  |  |\n", "1:5", "'x' is not a number"),
    # beyond the limits of docs/limits.md
    ("001 1 | m |  | " + "A" * 201 + " | 2000 | ITA | 0 | 0 | 0 |  |  |  |\n", "1:16", "a player's name has 201 characters"),
    ("012 " + "x" * 1001 + "\n001 1 | m |  | A | 0 | ITA | 0 | 0 | 0 |  |  |  |\n", "1:5", "a text field has 1001 characters"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "where", "message"), BAD_TDF)
def test_bad_tdf_is_one_line_with_its_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, where: str, message: str
) -> None:
    path = tmp_path / "bad.tdf"
    path.write_text(text, encoding="utf-8")
    assert main(["standings", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err and err.count("\n") == 1
    assert err.startswith(f"{path}:{where}: "), err
    assert message in err


def _veg_lines() -> list[str]:
    return veg(SWISS).splitlines()


def test_bad_veg_is_one_line_with_its_position(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = _veg_lines()
    cases = []
    # no round sections: the layout is not the one spareggio knows, and the message says so
    cut = lines[: lines.index("# players color")]
    cases.append((cut, f"{len(cut)}:1", "no '# players color' section after the players"))
    # a result code Vega does not have
    bad = list(lines)
    k = bad.index("# round results") + 1
    bad[k] = bad[k][:-1] + "7"
    cases.append((bad, f"{k + 1}:1", "round 3: 7 is not a Vega result code"))
    # a forfeit draw between two players
    bad = list(lines)
    bad[k] = "  1  6 1 2"
    cases.append((bad, f"{k + 1}:1", "round 1: a forfeit draw between two players"))
    for text, where, message in cases:
        path = tmp_path / "bad.veg"
        path.write_text("\n".join(text) + "\n", encoding="utf-8")
        assert main(["standings", str(path)]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1, err
        assert err.startswith(f"{path}:{where}: "), err
        assert message in err


@pytest.mark.parametrize(
    ("content", "name", "expected"),
    [
        (veg(SWISS), "open.veg", "vega"),
        (veg(SWISS), "open.trf", "vega"),  # "Vega <version>" decides
        (tdf(SWISS), "open.tdf", "vega-tdf"),
        (tdf(SWISS), "open.trf", "vega-tdf"),  # a TRF dialect: pipes in the 001 rows decide
        ("", "open.veg", "vega"),
    ],
)
def test_the_registry_recognises_vega_files(content: str, name: str, expected: str) -> None:
    assert reader_for(content.encode(), name).name == expected


def test_write_tdf_is_read_back_as_the_same_crosstable() -> None:
    source = parse_trf(trf(SWISS))
    back = parse_tournament(write_tdf(source).encode(), "open.tdf")
    for field in ("kind", "opponent", "color"):
        assert getattr(back, field).tolist() == getattr(source, field).tolist(), field
    assert [(p.name, p.rating, p.points) for p in back.players] == [
        (p.name, p.rating, p.points) for p in source.players
    ]


@pytest.mark.parametrize(
    ("record", "specs"),
    [
        # Appendix J's names, in Vega's spelling: "Cumulative" is the progressive score (C.07 7.5) and
        # "Most Wins" counts games won over the board (Vega's source counts a forfeit win as a draw)
        ("Buccholz Cut 1;Buchholz Total;Buchholz Median;Sonneborn-Berger", ("BH/C1", "BH", "BH/M1", "SB")),
        (
            "Cumulative;Average Rat. Opp.;Koya;Most Wins;Av. Perf. Rat. Opp.",
            ("PS", "ARO", "KS", "WON", "APRO"),
        ),
        ("1;2;0", ("BH/C1", "BH")),  # numbers as in the .veg
        ("Direct Encounter", ("DE",)),  # the name of Vega's legends ('DE : Direct Encounter')
        ("Number of Wins", ("Number of Wins",)),  # other names: read by the tie-break catalogue
    ],
)
def test_vegas_tie_break_names_become_fide_specifiers(record: str, specs: tuple[str, ...]) -> None:
    text = tdf(SWISS).replace("172 Buchholz Cut 1;Buchholz Total;Sonneborn-Berger", f"172 {record}")
    assert parse_tournament(text.encode(), "open.tdf").tiebreak_list == specs
