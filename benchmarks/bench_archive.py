"""A year's archive in one process: ``spareggio check DIR`` over an archive of 150 x 9 TRF files
(95 % agreeing with the ranking spareggio computes, as federations hold them; benchmarks/archive.py).

    python benchmarks/bench_archive.py                         # 2,000 files: -j 1, -j 2, Dask 1 and 2 workers
    python benchmarks/bench_archive.py --files 5000 --no-dask
    python benchmarks/bench_archive.py --year                  # + the 122,000 files of a year, once

Each row is the whole process (``python -m spareggio check DIR -j N -f json -o FILE``), interpreter
start and worker start included: wall-clock seconds, CPU seconds, files per second of wall clock,
and the CPU milliseconds a file costs.  CPU is user + system time: for the ``-j`` rows that of the
command and its worker processes (``wait4``); for the Dask rows that of the command, plus that of the
cluster's worker processes (``getrusage`` run on each worker before and after) and of the scheduler
(the threads of this process, which does nothing else meanwhile).  The ``-j`` rows run in turn
(interleaved) ``--repeat`` times, then each Dask row ``--repeat`` times on its own cluster (one
cluster at a time: an idle cluster spends CPU on its heartbeats); the medians are shown.

The machine these run on is shared, so wall clock depends on what else runs: the load average is
printed, and each row also gives the wall clock the same work would take on idle cores, derived
from CPU time: the start-up (the least CPU of ``check`` on one file, which runs before the workers
do; on a cluster, with Dask's client) plus the rest of the CPU spread over the processes that run
at once (``-j N``: N workers; Dask: all the CPU spread over the machine's cores, and never less than
the workers' share).  The derivation takes the CPU of the calmest run of each row (the least: a
process on a loaded machine spends more CPU for the same work), shown beside the median; for Dask,
less what the cluster spends with nothing to do (measured for two seconds before each run, per
second of wall clock), which a loaded machine's longer wall clock inflates.

The Dask rows start a local cluster (``distributed.LocalCluster``, one thread per worker process,
127.0.0.1 only) with one and then two workers and run ``check --scheduler``: the cluster spareggio
starts (``spareggio.check.dask.local_cluster``, with the batch settings docs/check.md gives), and
with ``--dask-defaults`` also clusters with Dask's default settings.  ``--year`` writes an
archive of 122,000 files (``--distinct`` tournaments repeated under new names) under
benchmarks/out/ (git-ignored), checks it once with ``-j 2`` (wall, CPU and the peak memory of the
command and of its largest worker) and deletes it unless ``--keep``.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
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
REPORT = OUT / "archive-report.json"


@dataclass
class Run:
    wall: float
    cpu: float
    """User + system seconds of the command and its worker processes (Dask: and of the cluster)."""
    peak_kb: int = 0
    """The peak resident memory of the command or of its largest worker process (``wait4``)."""
    client: float = 0.0
    """Dask: the CPU seconds of the command alone."""
    scheduler: float = 0.0
    """Dask: the CPU seconds of the scheduler (this process's threads)."""
    workers: float = 0.0
    """Dask: the CPU seconds of the cluster's workers."""
    idle: float = 0.0
    """Dask: what the cluster would have spent meanwhile with nothing to do (its idle CPU per second,
    measured before the run, times the run's wall clock)."""
    idle_workers: float = 0.0
    """Dask: the part of :attr:`idle` that is the workers'."""


def run(args: list[str]) -> Run:
    """Wall and CPU seconds of ``spareggio ARGS`` (exit 0 or 1: files that differ are expected)."""
    t0 = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "spareggio", *args], env=ENV, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - t0
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"check failed: {args}")
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss)


def check(folder: Path, *options: str) -> list[str]:
    return ["check", str(folder), *options, "-q", "-f", "json", "-o", str(REPORT)]


def archive(files: int, distinct: int | None) -> Path:
    folder = OUT / f"archive-{files}" if distinct is None else OUT / f"archive-{files}-of-{distinct}"
    if not (folder / "done").exists():
        make_archive(folder, files, distinct=distinct)
        (folder / "done").write_text("", encoding="utf-8")
    return folder


def _own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _worker_cpu() -> float:  # run on each Dask worker
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


@dataclass
class Row:
    name: str
    files: int
    runs: list[Run]
    parallel: int
    """Processes that share the work after the start-up (``-j N``: N; Dask: its workers)."""

    @property
    def wall(self) -> float:
        return statistics.median(r.wall for r in self.runs)

    @property
    def cpu(self) -> float:
        return statistics.median(r.cpu for r in self.runs)

    @property
    def calmest(self) -> Run:
        """The run least disturbed by the other work on the machine, the one that spent the least
        CPU (on a loaded machine a process spends more CPU for the same work: caches, shared cores)."""
        return min(self.runs, key=lambda r: r.cpu)

    @property
    def least(self) -> float:
        return self.calmest.cpu

    @property
    def workers(self) -> float:
        return self.calmest.workers

    def idle(self, startup: float, cores: int) -> float:
        """The wall clock on idle cores, derived from CPU time (module docstring): the start-up, then
        the rest of the CPU spread over the cores, and never less than the busiest worker's share."""
        rest = max(self.least - startup, 0.0)
        if self.workers:  # Dask: the command, the scheduler and the workers run at once
            # less the cluster's idle CPU, which grows with the wall clock of a loaded machine
            rest = max(rest - self.calmest.idle, 0.0)
            busy = max(self.workers - self.calmest.idle_workers, 0.0)
            return startup + max(rest / cores, busy / self.parallel)
        return startup + rest / min(self.parallel, cores)

    def line(self, startup: float, cores: int) -> str:
        idle = self.idle(startup, cores)
        return (
            f"| {self.name} | {self.files:,} | {self.wall:.2f} | {self.cpu:.2f} | {self.files / self.wall:,.0f} "
            f"| {self.cpu / self.files * 1000:.2f} | {self.least / self.files * 1000:.2f} | {idle:.2f} "
            f"| {self.files / idle:,.0f} |"
        )


IDLE_SECONDS = 2.0
"""How long the cluster's CPU is watched with nothing to do, before each run."""


def dask_rows(
    folder: Path, one_file: Path, files: int, repeat: int, defaults: bool
) -> tuple[list[Row], float]:
    """The Dask rows: one cluster at a time (an idle cluster spends CPU on its heartbeats, which
    would count against the other), ``repeat`` runs each; the cluster spareggio starts
    (``check.dask.local_cluster``, with its batch settings), or with ``defaults`` one with Dask's
    own settings."""
    from distributed import Client, LocalCluster  # optional: only this benchmark's Dask rows need it

    from spareggio.base.i18n import Field
    from spareggio.check.dask import local_cluster

    runs: dict[int, list[Run]] = {1: [], 2: []}
    one = float("inf")
    for workers in (1, 2):
        cluster = (
            LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
            )
            if defaults
            else local_cluster(workers, Field.DASK, dashboard=None)
        )
        client = Client(cluster)
        try:
            client.run(_worker_cpu)  # the workers started
            for _ in range(repeat):
                # what the cluster spends idle, per second of wall clock (heartbeats, monitors)
                t0, own0, w0 = time.perf_counter(), _own_cpu(), sum(client.run(_worker_cpu).values())
                time.sleep(IDLE_SECONDS)
                t1, own1, w1 = time.perf_counter(), _own_cpu(), sum(client.run(_worker_cpu).values())
                idle_own, idle_workers = (own1 - own0) / (t1 - t0), (w1 - w0) / (t1 - t0)
                r = run(check(folder, "--scheduler", cluster.scheduler_address))
                r.client = r.cpu
                r.scheduler = _own_cpu() - own1
                r.workers = sum(client.run(_worker_cpu).values()) - w1
                r.idle = (idle_own + idle_workers) * r.wall
                r.idle_workers = idle_workers * r.wall
                r.cpu += r.scheduler + r.workers
                runs[workers].append(r)
            if (
                workers == 1
            ):  # the command's start-up on a cluster: Dask's client imported, the scheduler reached
                one = min(
                    run(check(one_file, "--scheduler", cluster.scheduler_address)).cpu for _ in range(repeat)
                )
        finally:
            client.close()
            cluster.close()
    settings = "Dask's default settings" if defaults else "batch settings"
    rows = [
        Row(f"`check --scheduler` (Dask, {w} local worker{'s' * (w > 1)}, {settings})", files, runs[w], w)
        for w in (1, 2)
    ]
    return rows, one


def ratio(name: str, one: Row, two: Row, startup: float, cores: int) -> str:
    idle = one.idle(startup, cores) / two.idle(startup, cores)
    return f"| {name} | | {one.wall / two.wall:.2f}× | | | | | {idle:.2f}× | |"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--files", type=int, default=2000)
    ap.add_argument("--distinct", type=int, default=400)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-dask", action="store_true")
    ap.add_argument(
        "--dask-defaults", action="store_true", help="also run the Dask rows on clusters with Dask's default settings"
    )
    ap.add_argument("--year", action="store_true", help="also check 122,000 files once")
    ap.add_argument("--keep", action="store_true", help="keep the year's archive")
    args = ap.parse_args()
    OUT.mkdir(exist_ok=True)
    cores = os.cpu_count() or 1
    folder = archive(args.files, args.distinct)
    one_file = OUT / "archive-1"
    if not (one_file / "done").exists():
        make_archive(one_file, 1)
        (one_file / "done").write_text("", encoding="utf-8")
    load0 = os.getloadavg()
    start = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    run(check(folder, "-j", "2"))  # warm-up
    starts: list[Run] = []
    times: dict[int, list[Run]] = {1: [], 2: []}
    for _ in range(args.repeat):
        starts.append(run(check(one_file, "-j", "1")))
        for jobs in (1, 2):
            times[jobs].append(run(check(folder, "-j", str(jobs))))
    startup = min(r.cpu for r in starts)
    rows = [Row(f"`check DIR -j {jobs}`", args.files, times[jobs], jobs) for jobs in (1, 2)]
    lines = [row.line(startup, cores) for row in rows]
    lines.append(ratio("`-j 2` against `-j 1`", rows[0], rows[1], startup, cores))
    year_lines: list[str] = []
    if not args.no_dask:
        dask: list[tuple[Row, float]] = []
        for defaults in (False, True) if args.dask_defaults else (False,):
            pair, dask_startup = dask_rows(folder, one_file, args.files, args.repeat, defaults)
            lines += [row.line(dask_startup, cores) for row in pair]
            settings = "Dask's defaults" if defaults else "batch settings"
            lines.append(ratio(f"Dask ({settings}): 2 workers against 1", pair[0], pair[1], dask_startup, cores))
            dask += [(row, dask_startup) for row in pair]
        for row, dask_startup in dask:
            calm = row.calmest
            parts = ", ".join(
                f"{k} {getattr(calm, k) / row.files * 1000:.2f}" for k in ("client", "scheduler", "workers")
            )
            year_lines.append(
                f"{row.name}, calmest run: CPU ms per file {parts}, of which the cluster idle "
                f"{calm.idle / row.files * 1000:.2f} (the command's start-up on a cluster: {dask_startup:.2f} s CPU)."
            )
    two = rows[1]
    for label, rate in (
        ("wall", args.files / two.wall),
        ("idle cores", args.files / two.idle(startup, cores)),
    ):
        lines.append(
            f"| 122,000 files at the `-j 2` rate above ({label}, on paper) | 122,000 | {122_000 / rate:.0f} "
            f"| | {rate:,.0f} | | | | |"
        )
    if args.year:
        year = archive(122_000, args.distinct)
        r = run(check(year, "-j", "2"))
        year_row = Row("`check DIR -j 2` on 122,000 files (once)", 122_000, [r], 2)
        lines.append(year_row.line(startup, cores))
        year_lines.append(
            f"Year's run: peak resident memory {r.peak_kb / 1024:.0f} MB (the command or its largest worker)."
        )
        if not args.keep:
            shutil.rmtree(year)
    load1 = os.getloadavg()
    print(
        f"Run {start}; {cores} CPUs; load average (1 min) {load0[0]:.2f} at the start, {load1[0]:.2f} "
        f"at the end; medians of {args.repeat} interleaved runs; archive of {args.files:,} files "
        f"({args.distinct} distinct tournaments of 150 players x 9 rounds, 5 % differing); start-up "
        f"(`check` of one file) {startup:.2f} s CPU."
    )
    print()
    print(
        "| case | files | wall (s) | CPU (s) | files/s (wall) | CPU ms per file | CPU ms per file, calmest run "
        "| wall on idle cores (s) | files/s (idle cores) |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    print("\n".join(lines))
    for line in year_lines:
        print()
        print(line)


if __name__ == "__main__":
    main()
