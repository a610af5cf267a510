"""The command line: every error is one line on standard error with exit status 2 (never a
traceback), and the table, CSV and JSON outputs.

Most runs call :func:`spareggio.cli.main` in-process; a few start ``python -m spareggio`` for real.
"""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from builders import tournament
from spareggio.cli import main
from spareggio.io.trf import write_trf

# One round, 7 players: 1-2 1-0, 3-4 1-0, 5-6 ½-½, 7 requested half-point bye.
# Points: 1 and 3 on 1; 5, 6, 7 on ½; 2 and 4 on 0.
# BH under fide-2026 (C.07 8.1, 16.4): BH(1) = score(2) = 0, BH(3) = score(4) = 0; BH(5) = score(6) = ½,
# BH(6) = ½; BH(7) = dummy min(own ½, 1 round x ½) = ½ (16.4.2); BH(2) = score(1) = 1, BH(4) = 1.
# So BH splits nobody: places 1-2, 3-5, 6-7.
SEVEN = {1: "+W2", 3: "+W4", 5: "=W6", 7: "HPB"}

# Two rounds, 4 players: r1 1-2 1-0, 3-4 ½-½; r2 3-1 ½-½ (1 Black), 2-4 1-0.
# After round 1: 1 = 1, 2 = 0, 3 = ½, 4 = ½.  After round 2: 1 = 1½, 2 = 1, 3 = 1, 4 = ½.
TWO_ROUNDS = {1: "+W2 =B3", 2: "-B1 +W4", 3: "=W4"}

# A three-player round robin (each has one free round): r1 1 wins by forfeit against 2, r2 2-3 1-0,
# r3 3-1 ½-½.  Points: 1 = 1½, 2 = 1, 3 = ½.
ROUND_ROBIN = {1: "+F2 -- =B3", 2: "-F1 +W3 --", 3: "-- -B2 =W1"}


def write(tmp_path: Path, cards: dict[int, str], name: str = "event.trf", **kw: object) -> Path:
    """A clean TRF file (the points columns agree with the results: no warnings)."""
    path = tmp_path / name
    path.write_text(write_trf(tournament(cards, **kw)), encoding="utf-8")  # type: ignore[arg-type]
    return path


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def assert_error(result: tuple[int, str, str], message: str, *, prefix_only: bool = False) -> None:
    """Exit status 2, nothing on stdout, exactly one line on stderr, no traceback."""
    code, out, err = result
    assert code == 2
    assert out == ""
    assert "Traceback" not in err
    assert err.endswith("\n") and err.count("\n") == 1, err
    line = err[:-1]
    if prefix_only:
        assert line.startswith(message), line
    else:
        assert line == message


# --------------------------------------------------------------------------------------------------
# error paths


def test_malformed_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, SEVEN)
    lines = path.read_text(encoding="utf-8").split("\n")
    k = next(i for i, line in enumerate(lines) if line.startswith("001"))  # player 1, round 1: '   2 w 1'
    lines[k] = lines[k][:96] + "x" + lines[k][97:]  # column 97 is the colour
    path.write_text("\n".join(lines), encoding="utf-8")
    assert_error(
        run(capsys, "standings", path),
        f"{path}:{k + 1}:97: round 1: expected colour 'w', 'b' or '-' in column 97, found 'x'",
    )


def test_inconsistent_crosstable(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, SEVEN)
    lines = path.read_text(encoding="utf-8").split("\n")
    k = next(
        i for i, line in enumerate(lines) if line.startswith("001    2")
    )  # '   1 b 0' becomes '   1 b 1'
    lines[k] = lines[k][:98] + "1" + lines[k][99:]
    path.write_text("\n".join(lines), encoding="utf-8")
    assert_error(
        run(capsys, "standings", path),
        f"{path}:{k}:99: round 1: results '1' (player 1) and '1' (player 2) do not fit together "
        f"(see also line {k + 1})",
    )


@pytest.mark.parametrize(
    ("args", "message", "prefix_only"),
    [
        (
            ["-t", "BH,XX"],
            "spareggio: unknown tie-break 'XX'. FIDE acronyms take modifiers after a slash",
            True,
        ),
        (
            ["-t", "SB/M1/F"],
            "spareggio: 'SB/M1/F': modifier '/F' is not allowed for SB; allowed modifiers: ",
            True,
        ),
        (
            ["-t", "PTS/C1"],
            "spareggio: 'PTS/C1': modifier '/C1' is not allowed for PTS; allowed modifiers: none",
            False,
        ),
        (["-t", "BH/C0"], "spareggio: 'BH/C0': '/C0' must cut between 1 and 99 values", False),
        (
            ["-r", "nope"],
            "spareggio: unknown rule set 'nope'; known rule sets: fide-2026 (also fide2026, fide, c07-2026);",
            True,
        ),
        (["-a", "0"], "spareggio: --after-round 0 is out of range: the file holds rounds 1 to 2", False),
        (["-a", "3"], "spareggio: --after-round 3 is out of range: the file holds rounds 1 to 2", False),
        (["-a", "-1"], "spareggio: --after-round -1 is out of range: the file holds rounds 1 to 2", False),
        (["--swiss", "--round-robin"], "spareggio: --swiss and --round-robin cannot be used together", False),
        (["--bogus"], "spareggio: No such option", True),
        (
            ["-a", "abc"],
            "spareggio: Invalid value for '-a' / '--after-round': 'abc' is not a valid integer.",
            False,
        ),
        (["-f", "xml"], "spareggio: Invalid value for '-f' / '--format': 'xml' is not one of", True),
    ],
)
def test_bad_arguments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str, prefix_only: bool
) -> None:
    path = write(tmp_path, TWO_ROUNDS)
    assert_error(run(capsys, "standings", path, *args), message, prefix_only=prefix_only)


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "missing.trf"
    assert_error(
        run(capsys, "standings", path), f"spareggio: {path}: cannot read the file (no such file or directory)"
    )


def test_missing_file_argument(capsys: pytest.CaptureFixture[str]) -> None:
    assert_error(run(capsys, "standings"), "spareggio: Missing argument 'FILE'.")


def test_unknown_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert_error(run(capsys, "stnadings"), "spareggio: No such command 'stnadings'.", prefix_only=True)


def test_directory_instead_of_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert_error(run(capsys, "standings", tmp_path), "spareggio: Invalid value for 'FILE'", prefix_only=True)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "1:1: no player records (lines starting with '001') in the file"),
        (b"012 Only a name\n", "1:1: no player records (lines starting with '001') in the file"),
        (
            b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
            "1:1: this is a binary file, not a TRF text file (found NUL bytes)",
        ),
    ],
)
def test_files_without_a_tournament(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes, message: str
) -> None:
    path = tmp_path / "event.trf"
    path.write_bytes(data)
    assert_error(run(capsys, "standings", path), f"{path}:{message}")


def test_bare_command_is_help_or_one_error_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys)
    if code == 0:
        assert "standings" in out and err == ""
    else:
        assert_error((code, out, err), "spareggio: ", prefix_only=True)


def test_output_into_a_missing_folder_names_the_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, SEVEN)
    target = tmp_path / "no-such-folder" / "out.csv"
    code, out, err = run(capsys, "standings", path, "-f", "csv", "-o", target)
    assert_error((code, out, err), f"spareggio: {target}:", prefix_only=True)
    assert ".spareggio-" not in err


# --------------------------------------------------------------------------------------------------
# real processes: no traceback ever reaches the user


def _spawn(*args: str | Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, "-m", "spareggio", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )


def test_subprocess_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "missing.trf"
    proc = _spawn("standings", path, "-t", "BH")
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr == f"spareggio: {path}: cannot read the file (no such file or directory)\n"


def test_subprocess_inconsistent_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.trf"
    path.write_text(
        "012 Bad\n"
        f"001    1 m    {'One':<33} 2000 ITA {'':>11} 1990/01/01  1.0    1     2 w 1\n"
        f"001    2 m    {'Two':<33} 2000 ITA {'':>11} 1990/01/01  0.0    2     1 w 0\n",
        encoding="utf-8",
    )
    proc = _spawn("standings", path)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    assert proc.stderr == f"{path}:2:97: round 1: players 1 and 2 both have colour w (see also line 3)\n"


def test_subprocess_unknown_tiebreak(tmp_path: Path) -> None:
    proc = _spawn("standings", write(tmp_path, SEVEN), "-t", "BH/Q7")
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1
    assert proc.stderr.startswith("spareggio: 'BH/Q7': modifier '/Q7' is not allowed for BH")


def test_subprocess_help() -> None:
    proc = _spawn("--help")
    assert proc.returncode == 0
    assert "standings" in proc.stdout
    assert proc.stderr == ""


def test_subprocess_json(tmp_path: Path) -> None:
    proc = _spawn("standings", write(tmp_path, SEVEN), "-t", "BH", "-f", "json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert [row["start_number"] for row in data["standings"]] == [1, 3, 5, 6, 7, 2, 4]


def test_help_in_process(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "standings", "--help")
    assert code == 0
    assert "--after-round" in out
    assert err == ""


# --------------------------------------------------------------------------------------------------
# outputs


def test_json_schema(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "standings", write(tmp_path, SEVEN), "-t", "BH,bh/c1", "-f", "json", "-r", "fide-2026"
    )
    assert (code, err) == (0, "")
    data = json.loads(out)
    t = data["tournament"]
    assert (t["name"], t["rounds"], t["kind"], t["start_date"]) == ("Test", 1, "swiss", "2026-06-01")
    assert data["rules"] == "fide-2026"
    assert data["after_round"] == 1
    assert data["tiebreaks"] == ["BH", "bh/c1"]  # exactly as given, case included
    rows = data["standings"]
    # competition ranking: 1, 1, 3, 3, 3, 6, 6 (see SEVEN)
    assert [(r["rank"], r["start_number"]) for r in rows] == [
        (1, 1),
        (1, 3),
        (3, 5),
        (3, 6),
        (3, 7),
        (6, 2),
        (6, 4),
    ]
    first = rows[0]
    assert (first["name"], first["rating"], first["points"]) == ("Player 1", 2390, 1)
    assert [r["points"] for r in rows] == [1, 1, 0.5, 0.5, 0.5, 0, 0]
    assert [r["tiebreaks"] for r in rows] == [
        {"BH": v, "bh/c1": 0} for v in (0, 0, 0.5, 0.5, 0.5, 1, 1)
    ]  # one round, cut
    for r in rows:  # JSON numbers, not strings
        for value in (r["rank"], r["start_number"], r["rating"], r["points"], *r["tiebreaks"].values()):
            assert type(value) in (int, float)


def test_json_unrated_player_is_null(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "standings", write(tmp_path, SEVEN, ratings={7: 0}), "-t", "BH", "-f", "json")
    assert code == 0
    row = next(r for r in json.loads(out)["standings"] if r["start_number"] == 7)
    assert row["rating"] is None


def test_table_shows_shared_places(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "standings", write(tmp_path, SEVEN), "-t", "BH", "-r", "fide-2026")
    assert (code, err) == (0, "")
    ranks = {}
    for line in out.splitlines():
        cells = line.split()
        if len(cells) >= 2 and cells[1].isdigit() and cells[0][0].isdigit():
            ranks[int(cells[1])] = cells[0]
    assert ranks == {1: "1-2", 3: "1-2", 5: "3-5", 6: "3-5", 7: "3-5", 2: "6-7", 4: "6-7"}


FORMULAS = {
    1: '=HYPERLINK("http://x.io","a")',
    2: "+1+2",
    3: "-2+3",
    4: "@SUM(A1:A9)",
}


def test_csv_neutralises_formulas(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, SEVEN, names=FORMULAS)
    code, out, err = run(capsys, "standings", path, "-t", "BH", "-f", "csv")
    assert (code, err) == (0, "")
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == [
        "rank", "shared", "start_number", "name", "rating", "federation", "points", "BH",
        "title", "fide_id", "declared_rank", "declared_points",
    ]  # fmt: skip
    names = {int(r[2]): r[3] for r in rows[1:]}
    assert names[1] == "'" + FORMULAS[1]
    assert names[2] == "'+1+2"
    assert names[3] == "'-2+3"
    assert names[4] == "'@SUM(A1:A9)"
    assert names[5] == "Player 5"
    # the place as a number, the shared range beside it (no spreadsheet reads 1-2 as a date)
    assert [(r[0], r[1], r[2], r[6], r[7]) for r in rows[1:]] == [
        ("1", "1-2", "1", "1", "0"), ("1", "1-2", "3", "1", "0"),
        ("3", "3-5", "5", "0.5", "0.5"), ("3", "3-5", "6", "0.5", "0.5"), ("3", "3-5", "7", "0.5", "0.5"),
        ("6", "6-7", "2", "0", "1"), ("6", "6-7", "4", "0", "1"),
    ]  # fmt: skip


@pytest.mark.parametrize("fmt", ["table", "csv", "json"])
def test_output_file_is_written_whole(tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    path = write(tmp_path, SEVEN)
    code, expected, _ = run(capsys, "standings", path, "-t", "BH,SB", "-f", fmt)
    assert code == 0
    target = tmp_path / f"out.{fmt}"
    target.write_text("old content that must disappear " * 100, encoding="utf-8")
    code, out, err = run(capsys, "standings", path, "-t", "BH,SB", "-f", fmt, "-o", target)
    assert (code, out, err) == (0, "", "")
    assert target.read_text(encoding="utf-8") == expected
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.trf", f"out.{fmt}"]  # no temporary file left


def test_input_file_is_not_modified(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, TWO_ROUNDS)
    data = path.read_bytes().replace(b"\n", b"\r\n")  # CRLF, as many programs write
    path.write_bytes(data)
    before = path.stat().st_mtime_ns
    for fmt in ("table", "csv", "json"):
        code, _, _ = run(capsys, "standings", path, "-f", fmt, "-a", "1")
        assert code == 0
    assert path.read_bytes() == data
    assert path.stat().st_mtime_ns == before


def test_after_round(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, TWO_ROUNDS)
    code, out, _ = run(capsys, "standings", path, "-t", "BH", "-f", "json", "--after-round", "1")
    assert code == 0
    data = json.loads(out)
    assert data["after_round"] == 1
    assert {r["start_number"]: r["points"] for r in data["standings"]} == {1: 1, 2: 0, 3: 0.5, 4: 0.5}
    # after round 1 (C.07 8.1): BH(1) = score(2) = 0, BH(2) = 1, BH(3) = score(4) = ½, BH(4) = ½
    assert {r["start_number"]: r["tiebreaks"]["BH"] for r in data["standings"]} == {
        1: 0,
        2: 1,
        3: 0.5,
        4: 0.5,
    }
    code, out, _ = run(capsys, "standings", path, "-t", "BH", "-f", "json")
    data = json.loads(out)
    assert data["after_round"] == 2
    assert {r["start_number"]: r["points"] for r in data["standings"]} == {1: 1.5, 2: 1, 3: 1, 4: 0.5}


def test_round_robin_override(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The file says Swiss (092); --round-robin applies C.07 Art. 15: the forfeit 1-2 counts as a game
    # and the free rounds are not elements.  BH(1) = score(2) + score(3) = 1 + ½ = 1½;
    # SB(1) = 1 x 1 + ½ x ½ = 1¼; BH(2) = 1½ + ½ = 2, SB(2) = 0 x 1½ + 1 x ½ = ½;
    # BH(3) = 1 + 1½ = 2½, SB(3) = 0 x 1 + ½ x 1½ = ¾.
    path = write(tmp_path, ROUND_ROBIN)
    code, out, _ = run(capsys, "standings", path, "-t", "BH,SB", "-f", "json", "--round-robin")
    assert code == 0
    data = json.loads(out)
    assert data["tournament"]["kind"] == "round-robin"
    assert {r["start_number"]: r["tiebreaks"] for r in data["standings"]} == {
        1: {"BH": 1.5, "SB": 1.25},
        2: {"BH": 2, "SB": 0.5},
        3: {"BH": 2.5, "SB": 0.75},
    }
    code, out, _ = run(capsys, "standings", path, "-t", "BH,SB", "-f", "json")
    assert json.loads(out)["tournament"]["kind"] == "swiss"


def test_swiss_override(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Without 092 the complete round robin is recognised from its pairings; --swiss overrides that.
    path = write(tmp_path, ROUND_ROBIN, kind=None)
    code, out, _ = run(capsys, "standings", path, "-t", "BH", "-f", "json")
    assert code == 0
    assert json.loads(out)["tournament"]["kind"] == "round-robin"
    code, out, _ = run(capsys, "standings", path, "-t", "BH", "-f", "json", "--swiss")
    assert code == 0
    assert json.loads(out)["tournament"]["kind"] == "swiss"
    code, out, _ = run(capsys, "standings", path, "-t", "BH", "--swiss")
    assert out.splitlines()[0] == "Test - standings after round 3 (swiss)"


def test_warnings_go_to_stderr_and_quiet_silences_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, SEVEN)
    path.write_text(path.read_text(encoding="utf-8") + "XYZ unknown\n", encoding="utf-8")
    code, out, err = run(capsys, "standings", path, "-t", "BH")
    assert code == 0
    assert err == f"{path}:12:1: warning: unknown record 'XYZ' ignored\n"
    assert "3-5" in out
    code, _, err = run(capsys, "standings", path, "-t", "BH", "-q")
    assert (code, err) == (0, "")
