"""``check --scheduler``: how the batch is cut into tasks (the sizes grow from ``FIRST_CHUNK`` to
``CHUNK_FILES`` and shrink again at the end, so that no worker is left with a large last task), how
a task's files travel (as paths a worker reads when it sees the file the client saw,
:class:`Listed`; with their contents in one buffer, out of band, :class:`Packed`, when it does not),
and what a worker that dies in the middle of a task leaves: an ``error`` row for each of its files,
and the batch goes on."""

from __future__ import annotations

import dataclasses
import os
import pickle
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from spareggio.base.i18n import Field
from spareggio.check import CheckEntry, CheckOptions, Status, check_files
from spareggio.check import dask as remote
from spareggio.check.dask import (
    Again,
    Answer,
    Chunk,
    Listed,
    Packed,
    Sending,
    _chunks,
    _results,
    check_chunk,
)
from spareggio.check.one import check_one
from spareggio.check.sources import Source, find_sources, stamp
from test_check import RIGHT, six

OPTIONS = CheckOptions(tiebreaks="BH/C1,BH,SB")


def _sources(folder: Path, count: int) -> list[Source]:
    paths = []
    for k in range(count):
        path = folder / f"t{k:04d}.trf"
        path.write_bytes(f"012 file {k}\n".encode())
        paths.append(path)
    return [Source(str(p), str(p)) for p in paths]


@pytest.mark.parametrize(
    ("files", "workers", "sizes"),
    [
        # fewer files than the look-ahead: the end is seen at once; the first task holds 4, then
        # half of what is left but never fewer than 4 (6 left: 3, so 4), then the last 2
        (10, 2, [4, 4, 2]),
        # one worker sees 128 sources ahead: 4 8 16 32 64 128 take 252 files, 48 are left, all
        # for the one worker
        (300, 1, [4, 8, 16, 32, 64, 128, 48]),
        # two workers see 256 ahead: the listing ends while 220 are left (380 taken), then each
        # task holds half of what is left, rounded up: 110, 55, 28, 14, 7, then 4 and the last 2
        (600, 2, [4, 8, 16, 32, 64, 128, 128, 110, 55, 28, 14, 7, 4, 2]),
        # four workers see 512 ahead: the listing ends after 4 ... 64 (124 taken, 476 left); then a
        # quarter of what is left, rounded up: 119 (476/4), 90 (357/4), 67, 50, 38, 28, 21, 16,
        # 12, 9, 7, 5, then 4 three times (14, 10 and 6 left) and the last 2
        (600, 4, [4, 8, 16, 32, 64, 119, 90, 67, 50, 38, 28, 21, 16, 12, 9, 7, 5, 4, 4, 4, 2]),
    ],
)
def test_tasks_grow_then_shrink_at_the_end(tmp_path: Path, files: int, workers: int, sizes: list[int]) -> None:
    sources = _sources(tmp_path, files)
    chunks = list(_chunks(iter(sources), 4, 128, workers))
    assert [len(chunk) for chunk, _ in chunks] == sizes
    assert sum(sizes) == files
    # every file once, in the order listed, with its own content
    names = [name for chunk, _ in chunks for name, _ in chunk.packed.files()]
    assert names == [s.name for s in sources]
    first = chunks[0][0].packed
    assert list(first.files())[1] == (sources[1].name, b"012 file 1\n")
    # sent as paths, the same files make tasks of the same sizes, and none is read here
    by_path = list(_chunks(iter(sources), 4, 128, workers, Sending()))
    assert [len(chunk.listed) for chunk, _ in by_path] == sizes
    assert all(len(chunk.packed) == 0 and chunk.packed.data == b"" for chunk, _ in by_path)
    assert [name for chunk, _ in by_path for name in chunk.names()] == [s.name for s in sources]


def test_a_path_that_cannot_be_used_is_an_error_row_and_takes_no_place_in_a_task(tmp_path: Path) -> None:
    sources: list[Source | tuple[str, str]] = [*_sources(tmp_path, 3)]
    sources.insert(1, ("gone.trf", "gone.trf: no such file or folder"))
    sources.append(Source(str(tmp_path / "missing.trf"), str(tmp_path / "missing.trf")))
    for sending in (None, Sending()):
        chunks = list(_chunks(sources, 4, 128, 2, sending))
        # 5 sources: a task of 4 (one of them unusable), then the last one, which cannot be read
        # (here: its status cannot be read either, so it is not sent as a path)
        assert [(len(p), [e.file for e in errors]) for p, errors in chunks] == [
            (3, ["gone.trf"]),
            (0, [str(tmp_path / "missing.trf")]),
        ]
        assert all(e.status is Status.ERROR for _, errors in chunks for e in errors)


def test_the_contents_travel_out_of_band(tmp_path: Path) -> None:
    files = [("a.trf", b"012 A\n"), ("b.trf", b""), ("c.trf", b"012 C\n" * 1000)]
    packed = Packed.of(files)
    buffers: list[pickle.PickleBuffer] = []
    blob = pickle.dumps(packed, protocol=5, buffer_callback=buffers.append)
    # the 6,012 bytes of content are one buffer beside a pickle of the names and ends alone
    assert len(buffers) == 1 and buffers[0].raw().nbytes == 6 + 6000
    assert b"012 C" not in blob and len(blob) < 200
    received = pickle.loads(blob, buffers=[memoryview(bytes(buffers[0].raw()))])
    assert list(received.files()) == files
    # an older protocol carries them inside the pickle
    assert list(pickle.loads(pickle.dumps(packed, protocol=4)).files()) == files
    # inside a task beside listed files, the contents still travel out of band
    chunk = Chunk(Listed(("d.trf",), ("/d.trf",), ((1, 2, 3),)), packed)
    buffers.clear()
    blob = pickle.dumps(chunk, protocol=5, buffer_callback=buffers.append)
    assert len(buffers) == 1 and b"012 C" not in blob
    received_chunk = pickle.loads(blob, buffers=buffers)
    assert received_chunk.names() == ["d.trf", "a.trf", "b.trf", "c.trf"]
    assert received_chunk.listed.stamps == ((1, 2, 3),) and list(received_chunk.packed.files()) == files


def _listed(sources: list[Source]) -> Listed:
    return Listed(
        tuple(s.name for s in sources),
        tuple(s.path for s in sources),
        tuple(stamp(os.stat(s.path)) for s in sources),
    )


class _Done:
    """A finished task, as the client sees it."""

    def __init__(self, found: object) -> None:
        self.found = found

    def result(self) -> object:
        return self.found

    def release(self) -> None:
        pass


def test_a_worker_reads_a_listed_file_only_when_it_sees_the_file_the_client_saw(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    right, wrong = six(RIGHT), six({**RIGHT, 1: 4, 5: 3})
    for k, text in enumerate((right, wrong, right, right, right)):
        (tmp_path / f"t{k}.trf").write_text(text)
    sources = [Source(str(tmp_path / f"t{k}.trf"), str(tmp_path / f"t{k}.trf")) for k in range(5)]
    listed = _listed(sources)
    # t2 changes after the listing (its size and time); t3 is replaced by another file of the
    # same size (its inode): neither is the file the client saw.  t4 is, but the worker cannot
    # read it (here: its reading fails)
    changed = tmp_path / "t2.trf"
    changed.write_text(right + "\n")
    os.utime(changed, ns=(listed.stamps[2][1] + 10**9, listed.stamps[2][1] + 10**9))
    (tmp_path / "t3.new").write_text(right)
    os.replace(tmp_path / "t3.new", tmp_path / "t3.trf")
    reading = Source.read

    def failing(source: Source) -> bytes:
        if source.path.endswith("t4.trf"):
            raise PermissionError(13, "Permission denied")
        return reading(source)

    monkeypatch.setattr(Source, "read", failing)
    sent = Chunk(listed, Packed.of([("z.zip!m.trf", right.encode())]))
    answer = check_chunk(sent, OPTIONS)
    found = answer.items
    monkeypatch.undo()
    assert [e if isinstance(e, Again) else e.file for e in found] == [
        sources[0].name,
        sources[1].name,
        Again.UNSEEN,
        Again.UNSEEN,
        Again.UNREAD,
        "z.zip!m.trf",
    ]
    # what the worker read is what the file says: the same entries as a check here
    assert found[0] == check_one(sources[0], OPTIONS) and found[0].status is Status.AGREE
    assert found[1] == check_one(sources[1], OPTIONS) and found[1].status is Status.DIFFERS

    # the client keeps the entries found and sends the three others again, with their contents
    entries, back = _results(_Done(answer), sent)  # type: ignore[arg-type]
    assert [e.file for e in entries] == [sources[0].name, sources[1].name, "z.zip!m.trf"]
    assert back == {Again.UNSEEN: [sources[2], sources[3]], Again.UNREAD: [sources[4]]}
    # a file the worker could not read leaves the others going as paths; one it did not see not
    sending = Sending()
    sending.given_back(back[Again.UNREAD], Again.UNREAD)
    assert sending.by_path
    sending.given_back(back[Again.UNSEEN], Again.UNSEEN)
    assert not sending.by_path
    again = sending.take()
    assert again == [sources[4], sources[2], sources[3]] and sending.take() == []
    chunks = list(_chunks(again, 128, 128))
    assert [list(chunk.packed.files()) for chunk, _ in chunks] == [
        [(s.name, Path(s.path).read_bytes()) for s in again]
    ]


def test_a_task_that_answers_something_else_is_an_error_row_for_each_of_its_files(tmp_path: Path) -> None:
    # a worker of another version of spareggio: too few entries, or something else than an entry
    path = tmp_path / "t.trf"
    path.write_text(six(RIGHT))
    sent = Chunk(_listed([Source(str(path), str(path))]), Packed.of([("z.zip!m.trf", b"")]))
    for answer in ([], ["an entry", "another"], None, Answer([]), Answer(["an entry", "another"])):
        entries, back = _results(_Done(answer), sent)  # type: ignore[arg-type]
        assert back == {} and [e.file for e in entries] == [str(path), "z.zip!m.trf"]
        for e in entries:
            assert e.status is Status.ERROR and e.error is not None
            assert e.error.startswith(f"{e.file}: the cluster could not check the file (") and "\n" not in e.error


def test_a_worker_reads_a_few_files_then_checks_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = six(RIGHT)
    sources = []
    for k in range(5):
        (tmp_path / f"t{k}.trf").write_text(text)
        sources.append(Source(str(tmp_path / f"t{k}.trf"), str(tmp_path / f"t{k}.trf")))
    size = len(text.encode())
    events: list[str] = []
    read, checked = remote.read_listed, remote.check_source

    def reading(name: str, path: str, seen: tuple[int, int, int]) -> bytes | Again:
        events.append("read")
        return read(name, path, seen)

    def checking(name: str, data: bytes, options: CheckOptions, **where: str | None) -> CheckEntry:
        events.append("check")
        return checked(name, data, options, **where)

    monkeypatch.setattr(remote, "read_listed", reading)
    monkeypatch.setattr(remote, "check_source", checking)
    # two files' worth of bytes are held at most: read two, check two, ..., then the last one
    monkeypatch.setattr(remote, "READ_AHEAD_BYTES", 2 * size)
    found = check_chunk(Chunk(_listed(sources), Packed.of([])), OPTIONS).items
    assert events == ["read", "read", "check", "check"] * 2 + ["read", "check"]
    assert [e.file for e in found if not isinstance(e, Again)] == [s.name for s in sources]
    assert all(e == check_one(s, OPTIONS) for e, s in zip(found, sources, strict=True))


def test_a_path_given_from_the_working_folder_is_found_from_any_other(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "t.trf").write_text(six(RIGHT))
    monkeypatch.chdir(tmp_path)
    [(chunk, errors)] = list(_chunks([Source("sub/t.trf", "sub/t.trf")], 4, 128, 1, Sending()))
    assert errors == [] and chunk.listed.paths == (str(tmp_path / "sub" / "t.trf"),)
    monkeypatch.chdir(tmp_path / "sub")  # a worker started elsewhere
    [entry] = check_chunk(chunk, OPTIONS).items
    assert not isinstance(entry, Again) and entry.file == "sub/t.trf" and entry.status is Status.AGREE


def test_a_listed_file_is_sent_with_what_the_listing_saw_of_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # one stat a file, the listing's: the client stat'ed every file twice (and asked for its working
    # folder once a file), a fifth of its work a file
    (tmp_path / "sub").mkdir()
    for k in range(3):
        (tmp_path / "sub" / f"t{k}.trf").write_text(six(RIGHT))
    monkeypatch.chdir(tmp_path)
    sources = list(find_sources(["sub"]))
    assert [s.seen for s in sources if isinstance(s, Source)] == [
        stamp(os.stat(tmp_path / "sub" / f"t{k}.trf")) for k in range(3)
    ]
    [given] = list(find_sources(["sub/t1.trf"]))  # a file named alone
    assert isinstance(given, Source) and given.seen == stamp(os.stat(tmp_path / "sub" / "t1.trf"))
    # what the listing saw is what the task carries (not a stat of its own): told apart by a made-up one
    told = [dataclasses.replace(s, seen=(k, k, k)) for k, s in enumerate(sources) if isinstance(s, Source)]
    calls: list[str] = []
    real = os.getcwd
    monkeypatch.setattr(remote.os, "getcwd", lambda: calls.append("getcwd") or real())
    [(chunk, errors)] = list(_chunks(iter(told), 4, 128, 1, Sending()))
    assert errors == [] and calls == ["getcwd"]
    assert chunk.listed.paths == tuple(str(tmp_path / "sub" / f"t{k}.trf") for k in range(3))
    assert chunk.listed.stamps == ((0, 0, 0), (1, 1, 1), (2, 2, 2))


def test_without_a_working_folder_the_files_go_with_their_contents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "t.trf"
    path.write_text(six(RIGHT))

    def gone() -> str:
        raise FileNotFoundError(2, "No such file or directory")

    monkeypatch.setattr(remote.os, "getcwd", gone)
    [(chunk, errors)] = list(_chunks([Source(str(path), str(path))], 4, 128, 1, Sending()))
    assert errors == [] and len(chunk.listed) == 0 and [n for n, _ in chunk.packed.files()] == [str(path)]


def test_a_task_answers_in_one_piece_whatever_its_files(tmp_path: Path) -> None:
    # a worker sends what a task returns marked "to serialize", and Dask serializes a list so marked
    # element by element, a header and a frame for each file; the answer of a task is one pickle,
    # of the same frames for 2 files as for 40
    protocol = pytest.importorskip("distributed.protocol")

    def sent(value: object) -> tuple[dict[str, object], list[bytes]]:
        header, frames = protocol.serialize(protocol.to_serialize(value))
        return header, frames

    frames = []
    for count in (2, 40):
        (tmp_path / str(count)).mkdir()
        sources = _sources(tmp_path / str(count), count)
        answer = check_chunk(Chunk(_listed(sources), Packed.of([])), OPTIONS)
        assert [e.file for e in answer.items if isinstance(e, CheckEntry)] == [s.name for s in sources]
        header, parts = sent(answer)
        frames.append(len(parts))
        assert protocol.deserialize(header, parts).items == answer.items
    assert frames[0] == frames[1] == 1
    # what the list of the entries would have cost: a frame for each
    assert len(sent(answer.items)[1]) == 40


def test_a_file_gone_since_the_listing_is_given_back_as_not_seen(tmp_path: Path) -> None:
    path = tmp_path / "gone.trf"
    path.write_text(six(RIGHT))
    listed = _listed([Source(str(path), str(path))])
    path.unlink()
    assert check_chunk(Chunk(listed, Packed.of([])), OPTIONS).items == [Again.UNSEEN]


def _die_on(marker: str) -> Callable[[], None]:
    """What the workers run to crash like a worker killed by the system: from then on, a file whose
    name holds ``marker`` ends the worker's process at once, in the middle of its task."""

    def install() -> None:
        original = remote.check_source

        def dying(name: str, data: bytes, options: CheckOptions, **where: str | None) -> CheckEntry:
            if marker in name:
                os._exit(1)
            return original(name, data, options, **where)

        remote.check_source = dying  # type: ignore[assignment]  # the worker's copy of the module

    return install


def test_a_worker_killed_in_the_middle_of_a_task_leaves_error_rows_and_the_batch_goes_on(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    dask = pytest.importorskip("dask")
    right, wrong = six(RIGHT), six({**RIGHT, 1: 4, 5: 3})
    for k in range(40):
        name = f"t{k:04d}-die.trf" if k == 20 else f"t{k:04d}.trf"
        (tmp_path / name).write_text(wrong if k % 7 == 3 else right)
    local = {e.file: e for e in check_files([str(tmp_path)], OPTIONS, jobs=1)}
    dead = str(tmp_path / "t0020-die.trf")
    assert local[dead].status is Status.AGREE  # the file itself is sound: only its worker dies
    # no second try on another worker: the first death loses the task (Dask allows 3 by default)
    with (
        dask.config.set({"distributed.scheduler.allowed-failures": 0}),
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        client.run(_die_on("-die"))
        entries = list(check_files([str(tmp_path)], OPTIONS, scheduler=cluster.scheduler_address))
    by_file = {e.file: e for e in entries}
    assert len(entries) == len(by_file) == 40  # every file once, none skipped
    lost = {f for f, e in by_file.items() if e != local[f]}
    assert dead in lost
    for f in lost:
        e = by_file[f]
        assert e.status is Status.ERROR and e.error is not None
        assert e.error.startswith(f"{f}: the cluster could not check the file (") and "\n" not in e.error
    # the other tasks were checked: the batch went on.  A task holds 14 files at most here (40
    # files on two workers: 4, 8, 14, 7, 4, 3); the dead worker takes its running task and, with
    # it, the one Dask had already sent it to run next
    assert len(lost) <= 2 * 14
    assert sum(e.status is Status.DIFFERS for e in entries) >= 1


def _blind() -> None:
    """What the workers run to stand for workers on another machine: they see none of the files
    listed, and count how many they were given."""
    remote.listed_given = 0  # type: ignore[attr-defined]

    def unseen(name: str, path: str, seen: tuple[int, int, int]) -> bytes | Again:
        remote.listed_given += 1  # type: ignore[attr-defined]
        return remote.Again.UNSEEN

    remote.read_listed = unseen  # type: ignore[assignment]  # the worker's copy of the module


def _given() -> int:
    return int(remote.listed_given)  # type: ignore[attr-defined]


def test_workers_that_do_not_see_the_files_get_them_with_their_contents(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    right, wrong = six(RIGHT), six({**RIGHT, 1: 4, 5: 3})
    for k in range(400):
        (tmp_path / f"t{k:04d}.trf").write_text(wrong if k % 9 == 4 else right)
    local = sorted(check_files([str(tmp_path)], OPTIONS, jobs=1), key=lambda e: e.file)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        client.run(_blind)
        on_cluster = check_files([str(tmp_path)], OPTIONS, scheduler=cluster.scheduler_address)
        entries = sorted(on_cluster, key=lambda e: e.file)
        given = sum(client.run(_given).values())
    # every file checked once, as here: those sent as paths came back unseen and went again
    assert entries == local
    assert sum(e.status is Status.DIFFERS for e in entries) == 44  # k % 9 == 4 for k < 400: 4, 13, ..., 391
    # six tasks are in flight on two workers before the first answer (4 + 8 + 16 + 32 + 64 + 128
    # files as paths); from the first "not seen" on, the files go with their contents
    assert given == 4 + 8 + 16 + 32 + 64 + 128


def test_a_task_carries_a_bounded_amount_of_contents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # files sent with their contents (workers that do not see them): a task is closed at the file
    # that reaches the bound, the next files go in the next task, none is lost or sent twice
    sources = _sources(tmp_path, 40)
    # "012 file 0\n" ... "012 file 39\n": 11 or 12 bytes a file, so three files reach 33 bytes
    # and two do not
    assert {len(Path(s.path).read_bytes()) for s in sources} == {11, 12}
    monkeypatch.setattr(remote, "TASK_BYTES", 33)
    chunks = [chunk for chunk, _ in _chunks(sources, 4, 128, 1)]
    assert [len(chunk.packed) for chunk in chunks] == [3] * 13 + [1]
    assert [name for chunk in chunks for name in chunk.names()] == [s.name for s in sources]
    # files sent as their paths carry nothing: the bound does not split their tasks
    listed = [chunk for chunk, _ in _chunks(sources, 4, 128, 1, Sending())]
    assert [len(chunk.listed) for chunk in listed] == [4, 8, 16, 12]


def _settings() -> dict[str, object]:
    """Run on a worker: the Dask settings it started with, of those spareggio sets."""
    import dask  # the worker's Dask: only this helper, run there, needs it

    return {key: dask.config.get(key) for key in remote.BATCH_SETTINGS}


def test_a_local_cluster_runs_its_workers_with_the_batch_settings() -> None:
    distributed = pytest.importorskip("distributed")
    dask = pytest.importorskip("dask")
    before = {key: dask.config.get(key) for key in remote.BATCH_SETTINGS}
    # Dask's defaults, which the settings change: a profile sample every 10 ms, an event-loop
    # watch every 20 ms, the system monitor every 500 ms
    assert before == {
        "distributed.worker.profile.enabled": True,
        "distributed.admin.tick.interval": "20ms",
        "distributed.admin.system-monitor.interval": "500ms",
    }
    cluster = remote.local_cluster(2, Field.DASK, dashboard=None)
    try:
        with distributed.Client(cluster) as client:  # type: ignore[arg-type]
            on_workers = client.run(_settings)
    finally:
        cluster.close()
    assert len(on_workers) == 2
    for settings in on_workers.values():
        assert settings == {
            "distributed.worker.profile.enabled": False,
            "distributed.admin.tick.interval": "200ms",
            "distributed.admin.system-monitor.interval": "2s",
        }
    # this process's settings are its own again once the cluster has started
    assert {key: dask.config.get(key) for key in remote.BATCH_SETTINGS} == before


def _flat(tree: dict[str, object], prefix: str = "") -> dict[str, object]:
    flat: dict[str, object] = {}
    for key, value in tree.items():
        if isinstance(value, dict):
            flat.update(_flat(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def test_the_settings_docs_give_for_a_cluster_are_the_ones_spareggio_starts_with() -> None:
    yaml = pytest.importorskip("yaml")
    text = (Path(__file__).resolve().parent.parent / "docs" / "check.md").read_text(encoding="utf-8")
    block = text.split("```yaml\n", 1)[1].split("```", 1)[0]
    assert _flat(yaml.safe_load(block)) == dict(remote.BATCH_SETTINGS)
    # the same settings as environment variables (Dask reads DASK_A__B__C as a.b.c, '_' as '-')
    said = re.findall(r"DASK_([A-Z_]+)=([^\s`]+)", text)
    assert {name.lower().replace("__", ".").replace("_", "-"): value for name, value in said} == {
        key: str(value) for key, value in remote.BATCH_SETTINGS.items()
    }
