"""Batches that always finish, and outputs that cannot hurt (``spareggio check`` under attack).

Every bad input is built here, small: zip members that are corrupt (deflate, LZMA), encrypted,
compressed with a method Python cannot read (Deflate64, written by patching the method id), that
lie about their size, or share a name; a FIFO and a link to ``/dev/zero`` in a folder; a worker
that dies; a JSON integer of 4,301 digits.  Each becomes that file's ``error`` row, the report is
written whole and the exit status is 2 (docs/check.md).
"""

from __future__ import annotations

import csv
import io
import json
import os
import socket
import struct
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import pytest

from spareggio.check import CheckOptions, Status, check_files, find_sources
from spareggio.check import one as check_one_module
from spareggio.check.sources import MAX_MEMBER_BYTES, Source, SourceReader
from spareggio.cli import main
from test_check import RIGHT, six

GOOD = six(RIGHT)
"""A six-player event whose declared ranks agree (tests/test_check.py, hand-computed)."""
SRC = str(Path(__file__).resolve().parent.parent / "src")


# -- building bad archives ------------------------------------------------------------------------


def _zip(members: list[tuple[str, bytes]], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=method) as archive:
        for name, data in members:
            archive.writestr(name, data)
    return buffer.getvalue()


def _patch_headers(data: bytes, offset_local: int, offset_central: int, value: bytes) -> bytes:
    """Write ``value`` at the same field of every local header (PK 3 4) and central header (PK 1 2)."""
    out = bytearray(data)
    for signature, offset in ((b"PK\x03\x04", offset_local), (b"PK\x01\x02", offset_central)):
        start = out.find(signature)
        while start != -1:
            out[start + offset : start + offset + len(value)] = value
            start = out.find(signature, start + 4)
    return bytes(out)


def _corrupt(data: bytes, name: str) -> bytes:
    """The archive with the middle of the member's compressed data overwritten."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        info = archive.getinfo(name)
    header = info.header_offset
    name_len, extra_len = struct.unpack("<HH", data[header + 26 : header + 30])
    start = header + 30 + name_len + extra_len
    middle = start + info.compress_size // 2
    return data[:middle] + b"\xff\x00\xfe\x01" * 8 + data[middle + 32 :]


def corrupt_deflate() -> bytes:
    return _corrupt(_zip([("bad.trf", GOOD.encode() * 20)]), "bad.trf")


def corrupt_lzma() -> bytes:
    return _corrupt(_zip([("bad.trf", GOOD.encode() * 20)], zipfile.ZIP_LZMA), "bad.trf")


def encrypted() -> bytes:
    # general purpose flag bit 0 (APPNOTE 4.4.4): offset 6 in a local header, 8 in a central one
    return _patch_headers(_zip([("secret.trf", GOOD.encode())]), 6, 8, struct.pack("<H", 1))


def deflate64() -> bytes:
    # compression method 9 (Deflate64): offset 8 in a local header, 10 in a central one
    return _patch_headers(_zip([("d64.trf", GOOD.encode())]), 8, 10, struct.pack("<H", 9))


def lying_size(claimed: int) -> bytes:
    """A member of 80 MB of blanks whose headers claim ``claimed`` bytes (uncompressed size field:
    offset 22 in a local header, 24 in a central one)."""
    data = _zip([("bomb.trf", b" " * (80 * 1024 * 1024))])
    return _patch_headers(data, 22, 24, struct.pack("<I", claimed))


# -- one bad member at a time ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("build", "reason"),
    [
        (corrupt_deflate, "cannot read the file"),
        (corrupt_lzma, "cannot read the file"),
        (encrypted, "the member is encrypted"),
        (deflate64, "compression method Deflate64 is not supported"),
        (lambda: lying_size(1000), "cannot read the file (Bad CRC-32"),  # read up to the claim only
        (lambda: lying_size(2**31), f"the member has 2147483648 bytes, more than {MAX_MEMBER_BYTES}"),
    ],
    ids=["corrupt-deflate", "corrupt-lzma", "encrypted", "deflate64", "small-claim", "huge-claim"],
)
def test_a_bad_member_is_an_error_row_and_the_others_are_checked(
    tmp_path: Path, build: object, reason: str
) -> None:
    bad = tmp_path / "bad.zip"
    bad.write_bytes(build())  # type: ignore[operator]
    good = tmp_path / "good.trf"
    good.write_text(GOOD)
    entries = {e.file: e for e in check_files([str(bad), str(good)], CheckOptions(), jobs=1)}
    assert len(entries) == 2
    assert entries[str(good)].status is Status.AGREE
    (row,) = [e for name, e in entries.items() if name.startswith(str(bad))]
    assert row.status is Status.ERROR
    assert row.error is not None and reason in row.error and "\n" not in row.error


def test_a_member_that_decompresses_far_beyond_its_size_is_stopped(tmp_path: Path) -> None:
    # an honest header under the size cap, but 1,000 to 1 compression: the ratio cap stops it
    path = tmp_path / "ratio.zip"
    path.write_bytes(_zip([("zeros.trf", b" " * (60 * 1024 * 1024))]))
    (entry,) = check_files([str(path)], CheckOptions(), jobs=1)
    assert entry.error is not None
    assert "decompresses to more than 200 times its compressed size" in entry.error


def test_duplicate_member_names_are_reported_once_each(tmp_path: Path) -> None:
    path = tmp_path / "dup.zip"
    with pytest.warns(UserWarning, match="Duplicate name"):
        data = _zip([("a.trf", GOOD.encode()), ("a.trf", b"001 junk\n"), ("b.trf", GOOD.encode())])
    path.write_bytes(data)
    entries = sorted(check_files([str(path)], CheckOptions(), jobs=1), key=lambda e: e.file)
    assert [(e.file, e.status) for e in entries] == [
        (f"{path}!a.trf", Status.ERROR),
        (f"{path}!b.trf", Status.AGREE),
    ]
    assert (
        entries[0].error == f"{path}!a.trf: 2 members of the archive have this name; none of them is checked"
    )


def test_an_archive_of_4000_members_is_listed_and_read_in_one_pass(tmp_path: Path) -> None:
    # reopening the archive for each member made this quadratic (31 s); benchmarks/bench_check.py
    # measures 20,000 members
    path = tmp_path / "many.zip"
    path.write_bytes(_zip([(f"t{k:05d}.trf", f"012 Event {k}\n".encode()) for k in range(4000)]))
    sources = list(find_sources([str(path)]))
    assert len(sources) == 4000 and all(isinstance(s, Source) for s in sources)
    with SourceReader() as reader:
        contents = [reader.read(s) for s in sources if isinstance(s, Source)]
    assert contents[0] == b"012 Event 0\n" and contents[-1] == b"012 Event 3999\n"


def test_an_archive_with_too_many_members_is_one_error_row(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the count comes from the archive's end record, before its directory is parsed
    from spareggio.check import sources

    monkeypatch.setattr(sources, "MAX_MEMBERS", 3)
    path = tmp_path / "five.zip"
    path.write_bytes(_zip([(f"t{k}.trf", GOOD.encode()) for k in range(5)]))
    assert list(find_sources([str(path)])) == [(str(path), f"{path}: the archive has 5 members, more than 3")]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes (POSIX)")
def test_a_fifo_and_a_link_to_dev_zero_in_a_folder_are_never_opened(tmp_path: Path) -> None:
    folder = tmp_path / "archive"
    folder.mkdir()
    (folder / "good.trf").write_text(GOOD)
    os.mkfifo(folder / "pipe.trf")  # opening it would wait for a writer forever
    (folder / "zero.trf").symlink_to("/dev/zero")  # reading it would never end
    entries = {os.path.basename(e.file): e for e in check_files([str(folder)], CheckOptions(), jobs=1)}
    assert entries["good.trf"].status is Status.AGREE
    assert entries["pipe.trf"].error == f"{folder / 'pipe.trf'}: a named pipe, not a regular file: skipped"
    assert entries["zero.trf"].error == f"{folder / 'zero.trf'}: a device, not a regular file: skipped"


@pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="needs Unix sockets")
def test_a_socket_in_a_folder_is_a_row_and_never_opened() -> None:
    # a short folder: a socket's path has at most 107 bytes
    with tempfile.TemporaryDirectory(dir="/tmp") as tmp:
        path = os.path.join(tmp, "s.trf")
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            server.bind(path)
            (entry,) = check_files([tmp], CheckOptions(), jobs=1)
        finally:
            server.close()
    assert entry.error == f"{path}: a socket, not a regular file: skipped"


def test_a_json_integer_of_4301_digits_is_an_error_row(tmp_path: Path) -> None:
    path = tmp_path / "digits.json"
    path.write_text('{"format": "spareggio-tournament", "version": ' + "9" * 4301 + "}")
    (entry,) = check_files([str(path)], CheckOptions(), jobs=1)
    assert entry.error == f"{path}:1:47: invalid JSON: a number has more than 4300 digits"


def _dies_on_killer(name: str, data: bytes, options: CheckOptions, **where: str | None) -> object:
    if name.endswith("killer.trf"):
        os._exit(9)  # the worker process ends at once, as when the system kills it
    return _real_check_source(name, data, options, **where)


_real_check_source = check_one_module.check_source


def test_a_worker_that_dies_is_replaced_and_only_its_file_is_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import multiprocessing

    if multiprocessing.get_start_method() != "fork":
        pytest.skip("the workers must inherit the patched checker (fork start method)")
    monkeypatch.setattr(check_one_module, "check_source", _dies_on_killer)
    for k in range(6):
        (tmp_path / f"g{k}.trf").write_text(GOOD)
    (tmp_path / "killer.trf").write_text(GOOD)
    entries = {os.path.basename(e.file): e for e in check_files([str(tmp_path)], CheckOptions(), jobs=2)}
    assert len(entries) == 7
    assert entries["killer.trf"].error == (
        f"{tmp_path / 'killer.trf'}: the process checking this file stopped abruptly"
    )
    assert {n: e.status for n, e in entries.items() if n != "killer.trf"} == {
        f"g{k}.trf": Status.AGREE for k in range(6)
    }


# -- what must be shown: the whole folder, from the command line, in bounded memory --------------

PEAK = (
    "def own_peak():\n"
    "    # VmHWM: the peak of this program's memory since it started; ru_maxrss of RUSAGE_SELF would\n"
    "    # keep the peak of the process it was started from (Linux carries it over exec)\n"
    "    with open('/proc/self/status') as status:\n"
    "        return next(int(line.split()[1]) for line in status if line.startswith('VmHWM:'))\n"
)
"""Source of ``own_peak()``: the peak resident memory of the running program, in kB."""
NEEDS_PROC = pytest.mark.skipif(
    not os.path.exists("/proc/self/status"), reason="measures memory with /proc/self/status (Linux)"
)


def _hostile_folder(root: Path) -> dict[str, str]:
    """Every bad file above beside two good ones; the expected status by file name."""
    folder = root / "archive"
    folder.mkdir()
    (folder / "good1.trf").write_text(GOOD)
    (folder / "good2.trf").write_text(GOOD)
    expected = {"good1.trf": "agree", "good2.trf": "agree"}
    members = {
        "deflate.zip": ("bad.trf", corrupt_deflate()),
        "lzma.zip": ("bad.trf", corrupt_lzma()),
        "encrypted.zip": ("secret.trf", encrypted()),
        "deflate64.zip": ("d64.trf", deflate64()),
        "liar.zip": ("bomb.trf", lying_size(1000)),
        "bomb.zip": ("bomb.trf", lying_size(50 * 1024 * 1024)),
    }
    for archive, (member, data) in members.items():
        (folder / archive).write_bytes(data)
        expected[f"{archive}!{member}"] = "error"
    with pytest.warns(UserWarning):
        (folder / "dup.zip").write_bytes(_zip([("twice.trf", GOOD.encode()), ("twice.trf", GOOD.encode())]))
    expected["dup.zip!twice.trf"] = "error"
    (folder / "digits.json").write_text('{"format": "spareggio-tournament", "version": ' + "9" * 4301 + "}")
    expected["digits.json"] = "error"
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "pipe.trf")
        expected["pipe.trf"] = "error"
    if os.path.exists("/dev/zero"):
        (folder / "zero.trf").symlink_to("/dev/zero")
        expected["zero.trf"] = "error"
    return expected


@NEEDS_PROC
def test_check_over_a_hostile_folder_finishes_with_every_row_in_bounded_memory(tmp_path: Path) -> None:
    expected = _hostile_folder(tmp_path)
    report = tmp_path / "report.json"
    script = (
        "import resource, sys\n"
        "from spareggio.cli import main\n"
        "code = main(sys.argv[1:])\n"
        + PEAK
        + "peak = max(own_peak(), resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
        "print(peak, file=sys.stderr)\n"
        "sys.exit(code)\n"
    )
    done = subprocess.run(  # noqa: PLW1510  the exit status is asserted
        [
            sys.executable,
            "-c",
            script,
            "check",
            str(tmp_path / "archive"),
            "-j",
            "2",
            "-q",
            "-o",
            str(report),
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": SRC},
        timeout=600,
    )
    assert done.returncode == 2, done.stderr  # an error row: exit 2 (docs/check.md)
    peak_kb = int(done.stderr.strip().splitlines()[-1])
    assert peak_kb < 500 * 1024, f"peak RSS {peak_kb} kB"
    doc = json.loads(report.read_text(encoding="utf-8"))
    got = {os.path.relpath(f["file"], tmp_path / "archive"): f["status"] for f in doc["files"]}
    assert got == expected
    assert doc["summary"]["files"] == len(expected)
    assert all(f["error"] and "\n" not in f["error"] for f in doc["files"] if f["status"] == "error")


def test_more_jobs_than_cores_is_capped_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from spareggio.check.batch import cores

    (tmp_path / "a.trf").write_text(GOOD)
    assert main(["check", str(tmp_path / "a.trf"), "-j", "300"]) == 0
    err = capsys.readouterr().err
    n = cores()
    assert f"warning: -j 300 is more than the {n} cores of this machine: {n} worker processes used" in err


# -- outputs that cannot hurt -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "name"),
    [
        (["standings", "{t}", "-f", "csv", "-o", "{t}"], "t.trf"),
        (["explain", "{t}", "--all", "-f", "json", "-o", "{t}"], "t.trf"),
        (["compare", "{t}", "-o", "{link}"], "t.trf"),
        (["check", "{t}", "-o", "{t}"], "s.json"),
        (["check", "{folder}", "-f", "json", "-o", "{t}"], "t.trf"),
    ],
    ids=["standings", "explain", "compare-through-a-link", "check-json", "check-folder"],
)
def test_an_output_that_is_an_input_is_refused_and_the_input_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str], name: str
) -> None:
    from test_robustness import tournament_json

    t = tmp_path / name
    t.write_text(tournament_json(["Rossi", "Bianchi"]) if name.endswith(".json") else GOOD)
    before = t.read_bytes()
    link = tmp_path / "link.txt"
    link.symlink_to(t)
    args = [a.format(t=t, link=link, folder=tmp_path) for a in command]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"spareggio: -o {args[-1]}: ")
    assert "write the output to another file" in err
    assert t.read_bytes() == before


def test_an_output_beside_the_inputs_is_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "t.trf").write_text(GOOD)
    assert main(["check", str(tmp_path), "-o", str(tmp_path / "report.html")]) == 0
    assert main(["standings", str(tmp_path / "t.trf"), "-o", str(tmp_path / "out.csv")]) == 0
    assert (tmp_path / "out.csv").read_text(encoding="utf-8").startswith("rank,")


def test_a_carriage_return_in_a_name_cannot_start_a_row_or_a_formula(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from test_robustness import tournament_json

    path = tmp_path / "t.json"
    path.write_text(tournament_json(["Rossi\r=2+5+cmd|' /C calc'!A0", "Bianchi\n@SUM(A1)"]))
    assert main(["standings", str(path), "-t", "BH", "-f", "csv"]) == 0
    out = capsys.readouterr().out
    rows = list(csv.DictReader(io.StringIO(out)))
    # the line breaks became U+FFFD where the file was read: no cell starts a formula
    assert [r["name"] for r in rows] == ["Rossi\ufffd=2+5+cmd|' /C calc'!A0", "Bianchi\ufffd@SUM(A1)"]
    assert "\r" not in out


def test_a_line_break_in_a_json_name_writes_no_extra_trf_record() -> None:
    from spareggio.io.tournament_json import parse_tournament_json
    from spareggio.io.trf import parse_trf
    from spareggio.io.trf.writer import write_trf
    from test_robustness import tournament_json

    t = parse_tournament_json(
        tournament_json(
            ["Rossi\n001    9 m    Ghost", "Bian\x1b]0;pwned\x07chi\u2028x"], name="Open\r\n012 Other"
        )
    )
    text = write_trf(t)
    lines = text.splitlines()
    assert [line[:3] for line in lines].count("001") == 2
    assert [line[:3] for line in lines].count("012") == 1
    assert all(line.isprintable() for line in lines)
    # replaced once, where the JSON was read (U+FFFD each); the TRF keeps what was read
    assert [p.name for p in t.players] == ["Rossi\ufffd001    9 m    Ghost", "Bian\ufffd]0;pwned\ufffdchi\ufffdx"]
    back = parse_trf(text)
    assert [p.name for p in back.players] == [p.name for p in t.players]
    assert back.name == t.name == "Open\ufffd\ufffd012 Other"


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_control_characters_are_escaped_on_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from test_robustness import tournament_json

    path = tmp_path / "esc.json"
    path.write_text(tournament_json(["Red\x1b[31mName", "Title\x1b]0;owned\x07\x9b2J"]))
    out = _Terminal()
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["standings", str(path), "-t", "BH"]) == 0
    text = out.getvalue()
    assert "\x1b" not in text and "\x07" not in text and "\x9b" not in text
    # replaced where the file was read, so the terminal, and every other output, is safe
    assert "Red\ufffd[31mName" in text and "Title\ufffd]0;owned\ufffd\ufffd2J" in text


def test_control_characters_in_zip_member_names_are_escaped_on_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "names.zip"
    path.write_bytes(_zip([("evil\x1b]2;x\x07.trf", b"001 junk\n")]))
    out = _Terminal()
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["check", str(path)]) == 2
    assert "\x1b" not in out.getvalue() and "evil\\x1b]2;x\\x07.trf" in out.getvalue()


@pytest.mark.parametrize("char", ["\n", "\r", "\t", "\x1b", "\x85", "\u2028"])
def test_a_name_with_a_line_break_or_a_control_character_is_shown_on_one_line(
    tmp_path: Path, char: str
) -> None:
    # a zip member and a file of a folder whose names hold the character: the report names them
    # with it escaped (an error stays on one line), and each is read by its real name
    escaped = char.encode("unicode_escape").decode("ascii")  # "\n" -> "\\n"
    folder = tmp_path / "archive"
    folder.mkdir()
    (folder / f"good{char}.trf").write_text(GOOD)
    (folder / f"junk{char}.trf").write_text("001 junk\n")
    path = folder / "names.zip"
    path.write_bytes(_zip([(f"good{char}.trf", GOOD.encode()), (f"junk{char}.trf", b"001 junk\n")]))
    entries = {e.file: e for e in check_files([str(folder)], CheckOptions(), jobs=1)}
    assert sorted(entries) == sorted(
        f"{where}{kind}{escaped}.trf" for where in (f"{folder}/", f"{path}!") for kind in ("good", "junk")
    )
    for where in (f"{folder}/", f"{path}!"):
        assert entries[f"{where}good{escaped}.trf"].status is Status.AGREE
        junk = entries[f"{where}junk{escaped}.trf"]
        assert junk.status is Status.ERROR and junk.error is not None
        assert junk.error.startswith(f"{where}junk{escaped}.trf") and char not in junk.error


def test_a_member_without_a_name_is_not_a_file_to_check(tmp_path: Path) -> None:
    # a damaged directory can give a member the empty name, on which the standard library's
    # ZipInfo.is_dir fails: the archive's other members are checked, and the batch goes on
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(zipfile.ZipInfo(""), b"001 junk\n")
        archive.writestr("a.trf", GOOD)
    path = tmp_path / "nameless.zip"
    path.write_bytes(buffer.getvalue())
    (entry,) = check_files([str(path)], CheckOptions(), jobs=1)
    assert entry.file == f"{path}!a.trf" and entry.status is Status.AGREE


def test_output_to_a_cp1252_console_falls_back_instead_of_crashing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from test_robustness import tournament_json

    path = tmp_path / "cyr.json"
    path.write_text(tournament_json(["Иванов", "Müller"]), encoding="utf-8")
    raw = io.BytesIO()
    console = io.TextIOWrapper(raw, encoding="cp1252", newline="")
    monkeypatch.setattr(sys, "stdout", console)
    assert main(["standings", str(path), "-t", "BH"]) == 0
    console.flush()
    text = raw.getvalue().decode("cp1252")
    assert "\\u0418\\u0432\\u0430\\u043d\\u043e\\u0432" in text and "Müller" in text
    assert console.errors == "strict"  # restored once the command is done


@NEEDS_PROC
def test_a_10_mb_name_is_refused_quickly_in_bounded_memory(tmp_path: Path) -> None:
    from test_robustness import tournament_json

    path = tmp_path / "huge.json"
    path.write_text(tournament_json(["N" * (10 * 1024 * 1024), "Bianchi"]))
    script = (
        "import resource, sys\n"
        "from spareggio.cli import main\n"
        "code = main(sys.argv[1:])\n" + PEAK + "print(own_peak(), file=sys.stderr)\n"
        "sys.exit(code)\n"
    )
    done = subprocess.run(  # noqa: PLW1510  the exit status is asserted
        [sys.executable, "-c", script, "standings", str(path)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": SRC},
        timeout=120,
    )
    assert done.returncode == 2
    message, peak = done.stderr.strip().splitlines()
    assert message.endswith("$.players.name[0]: the text has 10485760 characters, more than the limit of 200")
    assert int(peak) < 300 * 1024, f"peak RSS {peak} kB"
