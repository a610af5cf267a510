"""Benchmark of ``spareggio check``: files per second on a batch, and ``--infer`` on one file.

    python benchmarks/bench_check.py                 # 400 files of 150 players x 9 rounds
    python benchmarks/bench_check.py --files 1000 --jobs 1,2
    python benchmarks/bench_check.py --members 4000,20000

Generates deterministic Swiss tournaments (150 players, 9 rounds, seeds 1..N) with the ranks they
have under fide-2024 written into columns 86-89 and a 2026 start date (so that every check finds
differences to report, the costly case), then measures:

* reading + ranking one file in-process (median over the batch), the per-file cost of a batch;
* ``check_files`` over the whole batch with each ``--jobs`` value: files per second, wall clock,
  worker start-up included;
* ``check --infer`` on one file (every rule set and option x the catalogue of lists);
* a zip archive of 4,000 and 20,000 members (``--members``): listing it and reading every member
  (one pass over the archive), and ``check_files`` over the batch's files zipped, with the peak
  memory of this process and of its worker processes (``getrusage``).

Run on demand; it is not a test.  The numbers in docs/performance.md come from it.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import os
import resource
import statistics
import sys
import tempfile
import time
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from spareggio.check import CheckOptions, check_files, check_source, find_sources
from spareggio.check.sources import Source, SourceReader
from spareggio.generate import generate
from spareggio.io import parse_tournament
from spareggio.io.trf.writer import write_trf
from spareggio.standings import standings


def make_files(folder: Path, count: int, players: int, rounds: int) -> list[Path]:
    paths = []
    for seed in range(1, count + 1):
        t = generate(players, rounds, seed, start_date=dt.date(2024, 6, 1))
        s = standings(t, "BH/C1,BH,SB", rules="fide-2024")
        ranks = {row.player.start_number: row.rank for row in s.rows}
        players_ranked = tuple(dataclasses.replace(p, rank=ranks[p.start_number]) for p in t.players)
        text = write_trf(dataclasses.replace(t, players=players_ranked, start_date=dt.date(2026, 6, 1)))
        path = folder / f"t{seed:05d}.trf"
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--files", type=int, default=400)
    ap.add_argument("--players", type=int, default=150)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--jobs", default=f"1,{os.cpu_count() or 1}")
    ap.add_argument("--members", default="4000,20000", help="zip archives of this many members")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        paths = make_files(folder, args.files, args.players, args.rounds)
        datas = [p.read_bytes() for p in paths]
        # in-process: read + rank, and read + rank + compare
        for data in datas[:20]:
            standings(parse_tournament(data, "x.trf"))
        per_read_rank = []
        for data in datas:
            t0 = time.perf_counter()
            standings(parse_tournament(data, "x.trf"))
            per_read_rank.append(time.perf_counter() - t0)
        per_check = []
        for name, data in zip(paths, datas, strict=True):
            t0 = time.perf_counter()
            check_source(str(name), data, CheckOptions())
            per_check.append(time.perf_counter() - t0)
        print(f"{args.players} x {args.rounds}, {args.files} files")
        print(f"read + rank, in-process: median {statistics.median(per_read_rank) * 1e3:.2f} ms")
        print(f"read + rank + compare, in-process: median {statistics.median(per_check) * 1e3:.2f} ms")
        for jobs in (int(j) for j in args.jobs.split(",")):
            t0 = time.perf_counter()
            n = sum(1 for _ in check_files([str(folder)], CheckOptions(), jobs=jobs))
            wall = time.perf_counter() - t0
            print(f"check_files, -j {jobs}: {n} files in {wall:.2f} s = {n / wall:.0f} files/s")
        infer = []
        for data in datas[:10]:
            t0 = time.perf_counter()
            entry = check_source("x.trf", data, CheckOptions(infer=True))
            infer.append(time.perf_counter() - t0)
        print(
            f"check --infer, one file: median {statistics.median(infer) * 1e3:.0f} ms "
            f"over {entry.inferred_count or 0} candidates"
        )
        archives(folder, datas, [int(m) for m in args.members.split(",") if m])


def archives(folder: Path, datas: list[bytes], members: list[int]) -> None:
    """Listing and reading archives of many members; a zipped batch checked with -j 2."""
    for count in members:
        path = folder / f"many{count}.zip"
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
            for k in range(count):
                archive.writestr(f"e/{k:06d}.trf", datas[k % len(datas)])
        t0 = time.perf_counter()
        sources = [s for s in find_sources([str(path)]) if isinstance(s, Source)]
        listed = time.perf_counter() - t0
        with SourceReader() as reader:
            total = sum(len(reader.read(s)) for s in sources)
        read = time.perf_counter() - t0 - listed
        print(
            f"zip of {count} members: listed in {listed:.2f} s, every member read in {read:.2f} s "
            f"({total / 2**20:.0f} MB)"
        )
    path = folder / "batch.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for k, data in enumerate(datas):
            archive.writestr(f"t{k:05d}.trf", data)
    t0 = time.perf_counter()
    n = sum(1 for _ in check_files([str(path)], CheckOptions(), jobs=2))
    wall = time.perf_counter() - t0
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    workers = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(
        f"check_files over a zip, -j 2: {n} files in {wall:.2f} s = {n / wall:.0f} files/s; "
        f"peak RSS {own:.0f} MB here, {workers:.0f} MB in the largest worker"
    )


if __name__ == "__main__":
    main()
