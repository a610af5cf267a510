"""Benchmark of a conformance run: tournaments generated, then checked, in one process, in two, and on
a local Dask cluster of two workers; how the time grows with the number of tournaments.

    python benchmarks/bench_conformance.py                                # 50,000 tournaments
    python benchmarks/bench_conformance.py --sizes 1000,5000 --python /venv-with-gacrux/bin/python

For each size N it generates the planned set of ``spareggio conformance`` (individual Swiss paired by
the Dutch engine, round robins, team Swiss and team round robins, half under each rule version) into
``benchmarks/out/bench-conformance/N`` (kept: a second run generates nothing), then runs the
comparison with a fresh journal for each way of running:

* ``-j 1`` and ``-j 2`` (processes of this machine);
* ``--dask local`` with two workers (a local cluster, started and stopped inside the timing);

against the engine ``spareggio`` (spareggio checking itself: the cost of spareggio's side alone) and,
with ``--python``, against gacrux run by that interpreter (the real cross-engine run).  It prints one
Markdown table: seconds, tournaments per second, and the time for 50,000 at that rate (a conformance
run is a sum of independent tournaments, so the time grows linearly; the table shows whether it does).

Run on demand; it is not a test.  The figures in docs/conformance.md come from it.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from spareggio.conformance import generate_set, run_conformance, summarize

OUT = Path(__file__).resolve().parent / "out" / "bench-conformance"
TARGET = 50_000


def _cpu() -> float:
    """CPU seconds (user + system) of this process and of its children that have ended."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default=str(TARGET), help="numbers of tournaments, e.g. 1000,5000,50000")
    ap.add_argument("--python", help="interpreter with gacrux installed: also run against gacrux")
    ap.add_argument("--ways", default="j1,j2,dask2", help="j1, j2, dask2")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    engines = ["spareggio", *(["gacrux"] if args.python else [])]
    ways = args.ways.split(",")
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    print("| tournaments | step | engine | way | seconds | CPU s | tournaments/s | 50,000 at this rate |")
    print("|---:|---|---|---|---:|---:|---:|---:|")
    for n in (int(x) for x in args.sizes.split(",")):
        folder = OUT / str(n)
        t0, c0 = time.perf_counter(), _cpu()
        paths = generate_set(n, folder / "tournaments", args.seed, jobs=2)
        gen, cpu = time.perf_counter() - t0, _cpu() - c0
        print(
            f"| {n} | generate | | j2 | {gen:.1f} | {cpu:.1f} | {n / gen:.1f} | {TARGET / (n / gen) / 60:.0f} min |",
            flush=True,
        )
        for engine in engines:
            for way in ways:
                journal = folder / f"journal-{engine}-{way}.jsonl"
                journal.unlink(missing_ok=True)
                t0, c0 = time.perf_counter(), _cpu()
                results = run_conformance(
                    paths, engine, journal, python=args.python,
                    jobs=2 if way in ("j2", "dask2") else 1, dask="local" if way == "dask2" else None,
                )  # fmt: skip
                took, cpu = time.perf_counter() - t0, _cpu() - c0
                s = summarize(results, took)
                rate = n / took
                print(
                    f"| {n} | check | {engine} | {way} | {took:.1f} | {cpu:.1f} | {rate:.1f} | {TARGET / rate / 60:.0f} min |"
                    f" <!-- failed {s.failed}, unexplained {s.unexplained}, load {os.getloadavg()[0]:.1f} -->",
                    flush=True,
                )
    shutil.rmtree(OUT / "scratch", ignore_errors=True)


if __name__ == "__main__":
    main()
