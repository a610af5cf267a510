"""Nothing lost, nothing skipped in silence, nothing left behind (issue 33): outputs that would
replace an input, batches over folders that cannot be listed, archives of archives, devices and
pipes named on the command line, a batch stopped by a signal or orphaned, a full disk, and the web
server's Host check, Allow headers and kept-alive connections.

Every input is built here, small; GOOD is the six-player event of tests/test_check.py whose declared
ranks agree.
"""

from __future__ import annotations

import io
import json
import os
import resource
import signal
import socket
import subprocess
import sys
import threading
import time
import zipfile
from pathlib import Path

import pytest

from spareggio.check import CheckOptions, Status, check_files
from spareggio.check.batch import stop_pool, worker_pool
from spareggio.cli import main
from spareggio.io.output import STALE_SECONDS, remove_stale, write_atomic
from test_check import RIGHT, six

GOOD = six(RIGHT)
PRIZES = '[[categories]]\nid = "general"\nname = "General"\nprizes = [100, 50]\n'
"""A prize file of one category (docs/prizes.md)."""
SRC = str(Path(__file__).resolve().parent.parent / "src")
ENV = {**os.environ, "PYTHONPATH": SRC}


def _zip(members: list[tuple[str, bytes]]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in members:
            archive.writestr(name, data)
    return buffer.getvalue()


# -- every output through the one guard ------------------------------------------------------------

SPELLINGS = {
    "same path": lambda t: str(t),
    "relative spelling": lambda t: os.path.relpath(t),
    "dot and folder": lambda t: str(t.parent / "." / ".." / t.parent.name / t.name),
    "hard link": lambda t: (os.link(t, t.parent / "hard.trf"), str(t.parent / "hard.trf"))[1],
    "symbolic link": lambda t: (os.symlink(t, t.parent / "sym.trf"), str(t.parent / "sym.trf"))[1],
}


@pytest.mark.parametrize("spelling", sorted(SPELLINGS))
@pytest.mark.parametrize("command", ["standings", "prizes"])
def test_save_trf_onto_its_input_is_refused_by_any_spelling(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    spelling: str,
    command: str,
) -> None:
    # issue 33: `standings t.trf --save-trf t.trf` replaced its own input (records 062 ... 132 lost)
    monkeypatch.chdir(tmp_path)
    t = tmp_path / "t.trf"
    t.write_text(GOOD)
    before = t.read_bytes()
    target = SPELLINGS[spelling](t)
    extra = []
    if command == "prizes":
        (tmp_path / "prizes.toml").write_text(PRIZES)
        extra = ["--prizes", str(tmp_path / "prizes.toml")]
    assert main([command, str(t), *extra, "--save-trf", target]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"spareggio: --save-trf {target}: this is an input file ({t}); write the output to another file\n"
    )
    assert t.read_bytes() == before
    assert os.stat(t).st_nlink == (2 if spelling == "hard link" else 1)  # the link is not broken
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".spareggio-")] == []


def test_prizes_output_onto_the_prize_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "t.trf").write_text(GOOD)
    prizes = tmp_path / "prizes.toml"
    prizes.write_text(PRIZES)
    assert (
        main(["prizes", str(tmp_path / "t.trf"), "--prizes", str(prizes), "-o", str(prizes), "-f", "csv"])
        == 2
    )
    assert "this is an input file" in capsys.readouterr().err
    assert prizes.read_text() == PRIZES


def test_save_trf_and_output_naming_one_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "t.trf").write_text(GOOD)
    out = tmp_path / "out.txt"
    assert main(["standings", str(tmp_path / "t.trf"), "-o", str(out), "--save-trf", str(out)]) == 2
    assert f"--save-trf {out}: -o writes this file too" in capsys.readouterr().err
    assert not out.exists()


def test_save_trf_beside_the_input_is_written(tmp_path: Path) -> None:
    (tmp_path / "t.trf").write_text(GOOD)
    assert (
        main(["standings", str(tmp_path / "t.trf"), "-q", "--save-trf", str(tmp_path / "decided.trf")]) == 0
    )
    assert (tmp_path / "decided.trf").read_text(encoding="utf-8").count("\n001 ") == 6


# -- temporary files -------------------------------------------------------------------------------


def _dead_pid() -> int:
    done = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True, check=True
    )
    return int(done.stdout)


def test_a_stale_temporary_file_of_a_killed_writer_is_removed_at_the_next_write(tmp_path: Path) -> None:
    old = time.time() - STALE_SECONDS - 5
    stale = tmp_path / f".spareggio-{_dead_pid()}-abc123.tmp"  # its process is gone
    stale.write_text("half a report")
    os.utime(stale, (old, old))
    young = tmp_path / f".spareggio-{_dead_pid()}-young.tmp"  # too recent: perhaps another machine's
    young.write_text("x")
    mine = tmp_path / f".spareggio-{os.getpid()}-live.tmp"  # a running process's
    mine.write_text("x")
    os.utime(mine, (old, old))
    other = tmp_path / ".spareggio-notes.tmp"  # not our naming
    other.write_text("x")
    os.utime(other, (old, old))
    link = tmp_path / f".spareggio-{_dead_pid()}-link.tmp"  # never followed
    link.symlink_to(tmp_path / "elsewhere")
    write_atomic(tmp_path / "report.txt", "new")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["report.txt", young.name, mine.name, other.name, link.name]
    )
    assert remove_stale(str(tmp_path / "no-such-folder")) == []


def _limited(limit: int) -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_a_file_size_limit_is_an_error_naming_the_file(tmp_path: Path, fmt: str) -> None:
    # `ulimit -f`: "spareggio: : File too large" named nothing; XLSX printed "Exception ignored ... Traceback"
    (tmp_path / "t.trf").write_text(GOOD * 1)
    out = tmp_path / f"out.{fmt}"
    done = subprocess.run(
        [sys.executable, "-m", "spareggio", "standings", str(tmp_path / "t.trf"), "-q", "-o", str(out)],
        capture_output=True, text=True, env=ENV, preexec_fn=lambda: _limited(200), timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    if fmt == "csv":
        assert done.stderr == f"spareggio: {out}: the file would pass the system's limit on file size\n"
    else:  # openpyxl writes each sheet to a temporary file first
        assert done.stderr.startswith("spareggio: cannot make the spreadsheet: its temporary files in ")
    assert not out.exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".spareggio-")] == []


# -- batches skip nothing in silence ---------------------------------------------------------------


def test_a_folder_that_cannot_be_listed_is_an_error_row(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # os.walk skips a folder it cannot list in silence: "0 files", exit 0 (as root, chmod cannot
    # make a folder unreadable, so listing is refused here)
    (tmp_path / "good").mkdir()
    (tmp_path / "good" / "a.trf").write_text(GOOD)
    (tmp_path / "locked").mkdir()
    (tmp_path / "locked" / "b.trf").write_text(GOOD)
    real = os.scandir

    def scandir(path: object = ".") -> object:
        if str(path).endswith("locked"):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "scandir", scandir)
    entries = {e.file: e for e in check_files([str(tmp_path)], CheckOptions(), jobs=1)}
    assert entries[str(tmp_path / "good" / "a.trf")].status is Status.AGREE
    locked = entries[str(tmp_path / "locked")]
    assert locked.error == f"{tmp_path / 'locked'}: cannot list the folder (permission denied)"
    assert len(entries) == 2


def test_a_folder_given_that_cannot_be_listed_exits_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = os.scandir

    def scandir(path: object = ".") -> object:
        if str(path) == str(tmp_path):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "scandir", scandir)
    assert main(["check", str(tmp_path), "-j", "1", "-f", "json"]) == 2
    doc = json.loads(capsys.readouterr().out)
    assert doc["summary"] == {**doc["summary"], "files": 1, "error": 1}


def test_a_zip_of_zips_is_read_one_level_down(tmp_path: Path) -> None:
    # issue 33: "a zip that holds only zips is 0 files, exit 0"
    inner = _zip([("a.trf", GOOD.encode()), ("notes.pdf", b"%PDF")])
    deeper = _zip([("in.zip", _zip([("b.trf", GOOD.encode())]))])
    path = tmp_path / "outer.zip"
    path.write_bytes(
        _zip([("one.zip", inner), ("two.zip", inner), ("deep.zip", deeper), ("bad.zip", b"PK junk")])
    )
    entries = sorted(check_files([str(path)], CheckOptions(), jobs=1), key=lambda e: e.file)
    assert [(e.file.removeprefix(str(path)), e.status) for e in entries] == [
        ("!bad.zip", Status.ERROR),
        ("!deep.zip!in.zip", Status.ERROR),
        ("!one.zip!a.trf", Status.AGREE),
        ("!two.zip!a.trf", Status.AGREE),
    ]
    assert entries[1].error == (
        f"{path}!deep.zip!in.zip: an archive inside an archive inside an archive is not read: unpack it first"
    )
    assert entries[0].error is not None and entries[0].error.startswith(
        f"{path}!bad.zip: not a readable zip archive"
    )


def test_a_zip_of_zips_from_the_command_line_on_two_workers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "outer.zip"
    path.write_bytes(_zip([(f"z{k}.zip", _zip([(f"t{k}.trf", GOOD.encode())])) for k in range(4)]))
    assert main(["check", str(path), "-j", "2", "-q", "-f", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["summary"]["files"] == doc["summary"]["agree"] == 4


def _hang_up(signum: int, frame: object) -> None:
    raise TimeoutError("the command waited on the pipe")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes (POSIX)")
@pytest.mark.parametrize("command", [["check", "-q", "-j", "1"], ["standings"], ["explain", "-p", "1"]])
def test_a_pipe_or_a_device_named_is_refused_unread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    # issue 33: a FIFO blocked for ever; `check /dev/zero` read 1 GiB (2.1 GB, 20 s) before refusing
    fifo = tmp_path / "pipe.trf"
    os.mkfifo(fifo)
    previous = signal.signal(signal.SIGALRM, _hang_up)  # a regression fails here instead of hanging
    try:
        for path, what in [(str(fifo), "a named pipe"), ("/dev/zero", "a device")]:
            if not os.path.exists(path):
                continue
            signal.alarm(20)
            assert main([command[0], path, *command[1:]]) == 2
            signal.alarm(0)
            out, err = capsys.readouterr()
            if command[0] == "check":
                assert f"{path}: {what}, not a regular file: not read" in out
            else:
                assert err == f"spareggio: {path}: {what}, not a regular file: not read\n"
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes (POSIX)")
@pytest.mark.parametrize(
    "args",
    [
        ["prizes", "{good}", "--prizes", "{fifo}"],
        ["standings", "{good}", "--declared-ranks", "{fifo}"],
        ["serve", "{fifo}"],
    ],
    ids=["prize-file", "declared-ranks", "serve"],
)
def test_every_other_input_that_is_a_pipe_is_refused_unread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    good = tmp_path / "t.trf"
    good.write_text(GOOD.replace("012 ", "022 https://lichess.org/swiss/abcd1234\n012 ", 1))
    previous = signal.signal(signal.SIGALRM, _hang_up)
    try:
        signal.alarm(20)
        assert main([a.format(fifo=fifo, good=good) for a in args]) == 2
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert capsys.readouterr().err == f"spareggio: {fifo}: a named pipe, not a regular file: not read\n"


# -- a batch stopped -------------------------------------------------------------------------------

BATCH = (
    "import os, signal, sys, time\n"
    "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
    "for name in ('SIGTERM', 'SIGHUP'):\n"
    "    signal.signal(getattr(signal, name), signal.SIG_DFL)\n"
    "ignored = sys.argv.pop(1)\n"
    "for name in ignored.split(',') if ignored else ():\n"
    "    signal.signal(getattr(signal, name), signal.SIG_IGN)\n"
    "from spareggio.check import one\n"
    "real = one.check_source\n"
    "def slow(*a, **k):\n"
    "    time.sleep(0.2)\n"
    "    return real(*a, **k)\n"
    "one.check_source = slow\n"
    "from spareggio.cli import main\n"
    "sys.exit(main(sys.argv[1:]))\n"
)
"""``spareggio check`` whose workers take 0.2 s a file (forked workers inherit the slow checker),
started as a command in the foreground is (Ctrl-C raises KeyboardInterrupt, SIGTERM and SIGHUP
end it), whatever the test runner ignores (a runner started in the background ignores SIGINT, one
under nohup SIGHUP), then made to ignore the signals named in its first argument, as a shell or
``nohup`` makes a command ignore them."""


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as handle:
            return [int(c) for c in handle.read().split()]
    except OSError:
        return []


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as handle:
            return handle.read().split(")")[-1].split()[0] != "Z"  # a zombie has ended
    except OSError:
        return False


def _batch(tmp_path: Path, ignored: str = "") -> tuple[subprocess.Popen[str], Path, list[int]]:
    folder = tmp_path / "many"
    folder.mkdir()
    for k in range(200):
        (folder / f"t{k:03d}.trf").write_text(GOOD)
    report = tmp_path / "report.json"
    report.write_text("the old report\n")
    batch = subprocess.Popen(
        [sys.executable, "-c", BATCH, ignored, "check", str(folder), "-j", "2", "-q", "-o", str(report)],
        env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while len(workers := _children(batch.pid)) < 2:
        assert time.monotonic() < deadline and batch.poll() is None, "the workers did not start"
        time.sleep(0.05)
    time.sleep(0.5)  # the batch is under way
    return batch, report, workers


NEEDS_PROC = pytest.mark.skipif(
    not os.path.exists(f"/proc/{os.getpid()}/task/{os.getpid()}/children") or sys.platform != "linux",
    reason="follows the worker processes through /proc (Linux)",
)


@NEEDS_PROC
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP], ids=["TERM", "INT", "HUP"])
def test_a_stopped_batch_stops_its_workers_and_keeps_the_old_report(tmp_path: Path, sig: int) -> None:
    # issue 33: after SIGTERM both workers ran on for more than 45 s, and a 0-byte .spareggio-*.tmp stayed
    batch, report, workers = _batch(tmp_path)
    batch.send_signal(sig)
    _, err = batch.communicate(timeout=60)
    assert batch.returncode == 130, err
    assert err.strip() == "spareggio: aborted", err  # as Ctrl-C says it: one line, no traceback
    deadline = time.monotonic() + 10
    while any(_alive(w) for w in workers):
        assert time.monotonic() < deadline, "a worker outlived its batch"
        time.sleep(0.05)
    assert report.read_text() == "the old report\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["many", "report.json"]


@NEEDS_PROC
@pytest.mark.parametrize(
    ("ignored", "then"),
    [
        (signal.SIGHUP, signal.SIGTERM),  # nohup spareggio check ...: the terminal closes, the batch goes on
        (signal.SIGINT, signal.SIGTERM),  # started in the background by a script (sh: cmd &)
        (signal.SIGTERM, signal.SIGINT),
    ],
    ids=["HUP", "INT", "TERM"],
)
def test_a_batch_started_ignoring_a_signal_goes_on_ignoring_it(tmp_path: Path, ignored: int, then: int) -> None:
    # a stop by SIGHUP must not undo nohup: the signals a command is started ignoring are the caller's choice
    batch, report, workers = _batch(tmp_path, signal.Signals(ignored).name)
    batch.send_signal(ignored)
    time.sleep(1.0)
    assert batch.poll() is None, batch.communicate()[1]
    assert all(_alive(w) for w in workers)
    batch.send_signal(then)  # the others still stop it, as always
    _, err = batch.communicate(timeout=60)
    assert (batch.returncode, err.strip()) == (130, "spareggio: aborted")
    assert report.read_text() == "the old report\n"


def _sleep(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def test_a_stopped_pool_leaves_no_thread_running() -> None:
    # CI, stop 39: a batch stopped by SIGTERM printed "Exception ignored ... Bad file descriptor" at
    # exit now and then: the pool's own thread, still ending, closed the pipe the interpreter's exit
    # then wrote to. Once stop_pool returns, that thread has ended.
    pool = worker_pool(2)
    futures = [pool.submit(_sleep, 30) for _ in range(4)]
    manager = pool._executor_manager_thread  # the pool's own thread, private to concurrent.futures
    assert manager is not None and manager.is_alive()
    stop_pool(pool)
    assert not manager.is_alive()
    assert all(f.done() for f in futures)


@NEEDS_PROC
def test_the_workers_of_a_killed_batch_end(tmp_path: Path) -> None:
    batch, report, workers = _batch(tmp_path)
    batch.kill()
    batch.communicate(timeout=30)
    deadline = time.monotonic() + 10
    while any(_alive(w) for w in workers):
        assert time.monotonic() < deadline, "a worker outlived its killed batch"
        time.sleep(0.05)
    assert report.read_text() == "the old report\n"  # the report is made at the end: nothing half-written
    assert sorted(p.name for p in tmp_path.iterdir()) == ["many", "report.json"]


# -- the web server --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("host", "status"),
    [
        ("localhost:8765@evil", 400),
        ("localhost@evil.example", 400),
        ("user@localhost", 400),
        ("localhost:8765/path", 400),
        ("localhost:80:90", 400),
        ("local host", 400),
        ("localhost:8765", 200),
        ("[::1]:8765", 200),
        ("127.0.0.1", 200),
    ],
)
def test_a_host_is_a_name_and_a_port_nothing_more(host: str, status: int) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from spareggio.web import create_app

    c = TestClient(create_app(), base_url="http://127.0.0.1", raise_server_exceptions=False)
    assert c.get("/", headers={"host": host}).status_code == status


@pytest.mark.parametrize(
    "path", ["/api/standings", "/api/explain", "/api/compare", "/api/check", "/api/prizes"]
)
@pytest.mark.parametrize("method", ["GET", "PUT", "DELETE"])
def test_every_405_of_the_api_says_what_is_allowed(path: str, method: str) -> None:
    # RFC 9110 15.5.6: a 405 carries Allow; these five carried none
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from spareggio.web import create_app

    r = TestClient(create_app(), base_url="http://127.0.0.1").request(method, path)
    assert (r.status_code, r.headers.get("allow"), r.json()) == (405, "POST", {"error": "method not allowed"})


def _response(conn: socket.socket) -> bytes:
    """One whole answer read from a kept-alive connection (its head, then Content-Length bytes)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        assert chunk, "the connection was closed"
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":")[1])
        for line in head.split(b"\r\n")
        if line.lower().startswith(b"content-length:")
    )
    while len(body) < length:
        body += conn.recv(65536)
    return head


def test_an_idle_kept_alive_connection_is_not_cut_by_the_header_deadline(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the header deadline ran from the previous answer: a client idle longer than it (waiting its
    # turn among 200) had its kept-alive connection closed under it, and saw it reset
    uvicorn = pytest.importorskip("uvicorn")
    from spareggio.web import create_app, server

    monkeypatch.setattr(server.HeaderDeadline, "seconds", 0.3)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = create_app()
    srv = uvicorn.Server(server.config(app, "127.0.0.1", port))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not srv.started:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
            for _ in range(3):
                conn.sendall(b"GET /static/app.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                assert _response(conn).startswith(b"HTTP/1.1 200")
                time.sleep(0.8)  # idle for longer than the header deadline, less than the keep-alive
            conn.sendall(b"GET /static/app.js HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            time.sleep(0.8)  # half a request: cut by the deadline, counted from its first byte
            assert conn.recv(1024) == b""
    finally:
        srv.should_exit = True
        thread.join(10)
        app.state.site.worker.close()
