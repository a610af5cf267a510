"""A year's archive in one process: ``spareggio check DIR`` over an archive of 150 x 9 TRF files
(95 % agreeing with the ranking spareggio computes, as federations hold them; benchmarks/archive.py).

    python benchmarks/bench_archive.py                         # 2,000 files: -j 1, -j 2, Dask 1 and 2 workers
    python benchmarks/bench_archive.py --files 5000 --no-dask
    python benchmarks/bench_archive.py --year                  # + the 122,000 files of a year, once

Each row is the whole process (``python -m spareggio check DIR -j N -f json -o FILE``), interpreter
start and worker start included: wall-clock seconds, CPU seconds (user + system of the command and
its worker processes, ``wait4``; for the Dask rows the command's own, the workers run in the
cluster's processes), files per second of wall clock, and the CPU milliseconds a file costs.  The ``-j`` rows run in turn (interleaved) ``--repeat`` times; the medians are shown.  The
Dask rows start a local cluster (``distributed.LocalCluster``, one thread per worker process,
127.0.0.1 only) with one and then two workers and run ``check --scheduler``.  ``--year`` writes an
archive of 122,000 files (``--distinct`` tournaments repeated under new names) under
benchmarks/out/ (git-ignored) and checks it once with ``-j 2``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = HERE / "out"
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "src"))

from archive import make_archive  # noqa: E402

ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
ENV["PYTHONPYCACHEPREFIX"] = str(OUT / "pycache")
ENV["PYTHONPATH"] = str(ROOT / "src")


def run(args: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of ``spareggio ARGS`` (exit 0 or 1: files that differ are expected)."""
    t0 = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "spareggio", *args], env=ENV, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - t0
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"check failed: {args}")
    return wall, usage.ru_utime + usage.ru_stime


def archive(files: int, distinct: int | None) -> Path:
    folder = OUT / f"archive-{files}" if distinct is None else OUT / f"archive-{files}-of-{distinct}"
    if not (folder / "done").exists():
        make_archive(folder, files, distinct=distinct)
        (folder / "done").write_text("", encoding="utf-8")
    return folder


def row(name: str, files: int, walls: list[float], cpus: list[float]) -> str:
    wall, cpu = statistics.median(walls), statistics.median(cpus)
    return f"| {name} | {files:,} | {wall:.2f} | {cpu:.2f} | {files / wall:,.0f} | {cpu / files * 1000:.2f} |"


def dask_rows(folder: Path, files: int, repeat: int) -> list[str]:
    from distributed import LocalCluster  # optional: only this benchmark's Dask rows need it

    rows = []
    times: dict[int, list[tuple[float, float]]] = {1: [], 2: []}
    clusters = {}
    for workers in (1, 2):
        clusters[workers] = LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
        )
    try:
        for _ in range(repeat):
            for workers, cluster in clusters.items():
                times[workers].append(run(["check", str(folder), "--scheduler", cluster.scheduler_address,
                                           "-f", "json", "-o", str(OUT / "archive-report.json")]))  # fmt: skip
    finally:
        for cluster in clusters.values():
            cluster.close()
    for workers in (1, 2):
        rows.append(row(f"`check --scheduler` (Dask, {workers} local worker{'s' * (workers > 1)})", files,
                        [w for w, _ in times[workers]], [c for _, c in times[workers]]))  # fmt: skip
    one = statistics.median(w for w, _ in times[1])
    two = statistics.median(w for w, _ in times[2])
    rows.append(f"| Dask: 2 workers against 1 | | | | **{one / two:.2f}×** | |")
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--files", type=int, default=2000)
    ap.add_argument("--distinct", type=int, default=400)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-dask", action="store_true")
    ap.add_argument("--year", action="store_true", help="also check 122,000 files once")
    args = ap.parse_args()
    OUT.mkdir(exist_ok=True)
    folder = archive(args.files, args.distinct)
    load0 = os.getloadavg()
    start = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    report = str(OUT / "archive-report.json")
    times: dict[int, list[tuple[float, float]]] = {1: [], 2: []}
    run(["check", str(folder), "-j", "2", "-f", "json", "-o", report])  # warm-up
    for _ in range(args.repeat):
        for jobs in (1, 2):
            times[jobs].append(run(["check", str(folder), "-j", str(jobs), "-f", "json", "-o", report]))
    rows = [
        row(f"`check DIR -j {jobs}`", args.files, [w for w, _ in times[jobs]], [c for _, c in times[jobs]])
        for jobs in (1, 2)
    ]
    if not args.no_dask:
        rows += dask_rows(folder, args.files, args.repeat)
    rate = args.files / statistics.median(w for w, _ in times[2])
    rows.append(f"| 122,000 files at the `-j 2` rate above (on paper) | 122,000 | {122_000 / rate:.0f} | | {rate:,.0f} | |")
    if args.year:
        year = archive(122_000, args.distinct)
        wall, cpu = run(["check", str(year), "-j", "2", "-f", "json", "-o", report])
        rows.append(row("`check DIR -j 2` on 122,000 files (once)", 122_000, [wall], [cpu]))
    load1 = os.getloadavg()
    print(
        f"Run {start}; {os.cpu_count()} CPUs; load average {load0[0]:.2f} at the start, {load1[0]:.2f} "
        f"at the end; medians of {args.repeat} interleaved runs; archive of {args.files:,} files "
        f"({args.distinct} distinct tournaments of 150 players x 9 rounds, 5 % differing)."
    )
    print()
    print("| case | files | wall (s) | CPU (s) | files/s (wall) | CPU ms per file |")
    print("|---|---:|---:|---:|---:|---:|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
