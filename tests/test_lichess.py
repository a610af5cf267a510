"""lichess Swiss exports (``spareggio.io.lichess``): the TRF dialect lichess writes (the pairing bye
as ``F``, a round of absences after the current one for the players who left, no ranks, usernames
and lichess ratings) read with a warning for each habit, and the results export's ranks declared.

The fixture follows the layout of lichess's TRF export field by field (record code, start number
right-aligned to column 8, username from column 16 (one further than TRF), rating to 52, points to 84, then per round the
opponent to 95, the colour at 97 and the result at 99) in its older spelling of the bye (``F``).
Event (XXR 4, three rounds played; numbers by rating):
    R1: 1 (W) beats 2;  3 (W) draws 4;  5 has the bye
    R2: 3 (W) loses to 1;  2 (W) beats 5;  4 has the bye
    R3: 1 (W) draws 4;  2 (W) loses to 3;  5 has left (absent; marked absent in round 4 too)
Points: 1: 1 + 1 + ½ = 2.5;  2: 0 + 1 + 0 = 1;  3: ½ + 0 + 1 = 1.5;  4: ½ + 1 + ½ = 2;  5: 1 + 0 + 0 = 1
lichess's tie-break (Sonneborn-Berger over the games played, opponents' points):
    1: 1 + 1.5 + ½ x 2 = 3.5;  4: ½ x 1.5 + ½ x 2.5 = 2;  3: ½ x 2 + 0 + 1 = 2;  2: 0 + 1 + 0 = 1;  5: 0
lichess's ranks: 1, 4, 3, 2 (1 point, SB 1), 5 (1 point, SB 0).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spareggio import InputError, rank
from spareggio.cli import main
from spareggio.core.model import ResultKind
from spareggio.io import ReadOptions, parse_event, read_event, reader_for

K = ResultKind


def line(bits: list[tuple[int, str]]) -> str:
    """lichess's way of writing a line: each text right-aligned to end at its column."""
    out = ""
    for pos, text in bits:
        out += " " * (pos - len(text) - len(out)) + text
    return out


def player(number: int, user: str, rating: int, points: str, rounds: list[tuple[str, str, str]]) -> str:
    bits = [(3, "001"), (8, str(number)), (15 + len(user), user), (52, str(rating)), (84, points)]
    for r, (opp, colour, result) in enumerate(rounds):
        bits += [(95 + 10 * r, opp), (97 + 10 * r, colour), (99 + 10 * r, result)]
    return line(bits)


HEAD = [
    "012 Friday Swiss",
    "022 https://lichess.org/swiss/AbCdEfGh",
    "032 Lichess",
    "042 Nov 28, 2025",
    "052 Nov 28, 2025",
    "062 5",
    "092 Individual: Swiss-System",
    "102 https://lichess.org/swiss",
    "XXR 4",
    "XXC white1",
]
PLAYERS = [
    player(1, "alfa", 2000, "2.5", [("2", "w", "1"), ("3", "b", "1"), ("4", "w", "=")]),
    player(2, "beta_b", 1900, "1.0", [("1", "b", "0"), ("5", "w", "1"), ("3", "w", "0")]),
    player(3, "gamma", 1800, "1.5", [("4", "w", "="), ("1", "w", "0"), ("2", "b", "1")]),
    player(4, "delta", 1700, "2.0", [("3", "b", "="), ("", "", "F"), ("1", "b", "=")]),
    player(5, "epsilon", 1600, "1.0", [("", "", "F"), ("2", "b", "0"), ("", "", "-"), ("0000", "", "-")]),
]
TRF = "\n".join(HEAD + PLAYERS) + "\n"
RESULTS = [
    {"rank": 1, "points": 2.5, "tieBreak": 3.5, "rating": 2000, "username": "Alfa", "performance": 2100},
    {"rank": 2, "points": 2, "tieBreak": 2, "rating": 1700, "username": "Delta", "performance": 1900},
    {"rank": 3, "points": 1.5, "tieBreak": 2, "rating": 1800, "username": "Gamma", "performance": 1850},
    {"rank": 4, "points": 1, "tieBreak": 1, "rating": 1900, "username": "Beta_B", "performance": 1700},
    {"rank": 5, "points": 1, "tieBreak": 0, "rating": 1600, "username": "Epsilon", "performance": 1500},
]


def test_the_fixture_has_lichess_columns() -> None:
    assert PLAYERS[0][:8] == "001    1" and PLAYERS[0][15:19] == "alfa" and PLAYERS[0][48:52] == "2000"
    assert PLAYERS[0][80:84] == " 2.5" and PLAYERS[0][85:89].strip() == ""  # no rank
    assert PLAYERS[3][101:109] == "       F"  # the bye: no opponent, no colour, F


def test_sniffed_as_lichess() -> None:
    assert reader_for(TRF.encode(), "swiss.trf").name == "lichess"
    plain = TRF.replace("032 Lichess", "032 ITA").replace("lichess.org", "example.org")
    assert reader_for(plain.encode(), "swiss.trf").name == "trf"


def test_the_dialect_is_read_with_warnings() -> None:
    t = parse_event(TRF.encode(), "swiss.trf")
    assert t.rounds == 3  # the round of absences after the current one is dropped
    assert t.kind[:, 1].tolist() == [K.PLAYED_WIN, K.PLAYED_WIN, K.PLAYED_LOSS, K.PAB, K.PLAYED_LOSS]
    assert t.kind[4].tolist() == [K.PAB, K.PLAYED_LOSS, K.WITHDRAWN]
    assert [p.rank for p in t.players] == [None] * 5
    codes = [w.code for w in t.warnings]
    assert codes[:2] == ["lichess-bye", "lichess-phantom-round"]
    text = [str(w) for w in t.warnings]
    assert text[0] == (
        "swiss.trf:14:109: warning: lichess writes the bye the pairing gives as F: 2 read as U "
        "(pairing-allocated bye), the first here"
    )
    assert text[1] == (
        "swiss.trf:15:122: warning: lichess marks the players who left with a round 4 of absences only: "
        "that round is dropped, the event stands after round 3"
    )
    assert "lichess-tiebreaks" in codes and "lichess-no-ranks" in codes
    assert "points-mismatch" not in codes  # the bye is worth the point lichess gave
    assert t.tiebreak_list == ("SB",)


def test_results_export_gives_the_declared_ranks(tmp_path: Path) -> None:
    trf = tmp_path / "friday.trf"
    trf.write_text(TRF, encoding="utf-8")
    (tmp_path / "friday.ndjson").write_text(
        "\n".join(json.dumps(r) for r in RESULTS) + "\n", encoding="utf-8"
    )
    t = read_event(trf)
    assert [p.rank for p in t.players] == [1, 4, 3, 2, 5]  # matched by username, any case
    assert "lichess-no-ranks" not in [w.code for w in t.warnings]
    # counting the games played only (as lichess does), the standings agree with the declared ranks
    s = rank(t, rules="naive")
    assert [(r.player.start_number, r.rank) for r in s.rows] == [(1, 1), (4, 2), (3, 3), (2, 4), (5, 5)]
    assert [r.values["SB"] for r in s.rows] == [3.5, 2, 2, 1, 0]


def test_check_uses_the_declared_ranks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    trf = tmp_path / "friday.trf"
    trf.write_text(TRF, encoding="utf-8")
    (tmp_path / "friday.results.ndjson").write_text(
        "\n".join(json.dumps(r) for r in RESULTS), encoding="utf-8"
    )
    code = main(["check", str(trf), "-t", "SB", "-r", "naive", "-f", "json"])
    report = json.loads(capsys.readouterr().out)
    entry = report["files"][0]
    assert entry["status"] == "agree", entry
    assert code == 0


def test_results_errors_and_disagreements(tmp_path: Path) -> None:
    trf = tmp_path / "friday.trf"
    trf.write_text(TRF, encoding="utf-8")
    results = tmp_path / "other.ndjson"
    rows = [dict(r) for r in RESULTS[:4]]
    rows[0]["points"] = 3
    rows.append({"rank": 5, "points": 0, "username": "zeta"})
    results.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")
    t = read_event(trf, options=ReadOptions(ranks=str(results)))
    text = [str(w) for w in t.warnings if w.code == "lichess-results"]
    assert f"{results}:1:1: warning: Alfa: the results say 3 points, the TRF file 2.5" in text
    assert f"{results}:5:1: warning: zeta (rank 5) is not a player of the TRF file" in text
    assert f"{results}:1:1: warning: 1 players of the TRF file have no line in the results: epsilon" in text
    results.write_text('{"rank": "one", "username": "alfa"}\n', encoding="utf-8")
    with pytest.raises(
        InputError, match=r'other.ndjson:1:1: a lichess result needs a whole "rank" and a "username"'
    ):
        read_event(trf, options=ReadOptions(ranks=str(results)))


def test_cli_declared_ranks_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    trf = tmp_path / "friday.trf"
    trf.write_text(TRF, encoding="utf-8")
    results = tmp_path / "exported.ndjson"
    results.write_text("\n".join(json.dumps(r) for r in RESULTS), encoding="utf-8")
    assert main(["standings", str(trf), "--declared-ranks", str(results), "-r", "naive", "-f", "json", "-q"]) == 0
    rows = json.loads(capsys.readouterr().out)["standings"]
    assert [(r["start_number"], r["declared_rank"]) for r in rows] == [(1, 1), (4, 2), (3, 3), (2, 4), (5, 5)]
    # a TRF file declares its own ranks
    plain = tmp_path / "plain.trf"
    plain.write_text(TRF.replace("032 Lichess", "032 ITA").replace("lichess.org", "example.org"), encoding="utf-8")
    assert main(["standings", str(plain), "--declared-ranks", str(results)]) == 2
    assert "--declared-ranks applies to lichess Swiss exports and to Vega's pages; this file is FIDE Tournament Report File" in (
        capsys.readouterr().err
    )


def test_the_name_of_content_opens_no_companion(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # content that is no file on disk (an upload) never makes spareggio open a file named after it
    (tmp_path / "friday.ndjson").write_text("\n".join(json.dumps(r) for r in RESULTS), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    t = parse_event(TRF.encode(), "friday.trf")
    assert [p.rank for p in t.players] == [None] * 5
    assert "lichess-no-ranks" in [w.code for w in t.warnings]
