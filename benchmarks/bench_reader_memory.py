"""Time and peak memory of the TRF reader on large files (run on demand, not part of the tests).

    python benchmarks/bench_reader_memory.py [--repeat N] [--keep DIR]

Cases (files written to a temporary folder, or to DIR with ``--keep``):

* ``swiss-9999x13``, ``swiss-9999x15``: Swiss events from :func:`spareggio.generate.generate_trf`;
* ``full-9999x99``: the largest crosstable a TRF file holds (9999 players, 99 rounds, about 11 MB);
* ``padded-50mb``: that crosstable followed by comment lines up to 50 MB;
* ``records-50mb``: 50 MB of player records, which the reader refuses (more than 9999 records).

For each case: the best wall time of N reads in this process, then one read in a fresh process that
reports its peak resident set size before and after the read (``VmHWM`` of ``/proc/self/status``;
``getrusage`` elsewhere, which on Linux keeps the parent's peak across ``fork`` and ``exec``), and one
more fresh process that reports the peak of the memory Python allocated during the read
(``tracemalloc``).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from spareggio import InputError
from spareggio.generate import generate_trf
from spareggio.io.trf import read_trf

FIFTY_MB = 50 * 1024 * 1024


def _write_cases(folder: Path) -> dict[str, Path]:
    cases: dict[str, Path] = {}
    for players, rounds in ((9999, 13), (9999, 15), (9999, 99)):
        name = f"swiss-{players}x{rounds}" if rounds < 99 else f"full-{players}x{rounds}"
        path = folder / f"{name}.trf"
        path.write_text(generate_trf(players, rounds, seed=2026), encoding="utf-8")
        cases[name] = path
    full = cases["full-9999x99"].read_text(encoding="utf-8")
    padded = folder / "padded-50mb.trf"
    comment = "### " + "pairing log " * 8 + "\n"
    with open(padded, "w", encoding="utf-8") as handle:
        handle.write(full)
        handle.write(comment * ((FIFTY_MB - len(full)) // len(comment) + 1))
    cases["padded-50mb"] = padded
    lines = full.split("\n")
    header = "\n".join(line for line in lines if not line.startswith("001")) + "\n"
    records = "\n".join(line for line in lines if line.startswith("001")) + "\n"
    many = folder / "records-50mb.trf"
    with open(many, "w", encoding="utf-8") as handle:
        handle.write(header)
        handle.write(records * (FIFTY_MB // len(records) + 1))
    cases["records-50mb"] = many
    return cases


def _read(path: Path) -> str:
    try:
        t = read_trf(path)
    except InputError as exc:
        return f"refused: {exc.message}"
    return f"{t.n_players} players, {t.rounds} rounds, {len(t.warnings)} warnings"


def _peak_rss() -> int:
    """Peak resident set size of this process so far, in bytes."""
    try:
        with open("/proc/self/status", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # kB on Linux


def _child(path: Path, trace: bool) -> None:
    """One read in this (fresh) process; prints its memory figures as JSON."""
    if trace:
        import tracemalloc

        tracemalloc.start()
        outcome = _read(path)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        print(json.dumps({"outcome": outcome, "traced_peak": peak}))
        return
    before = _peak_rss()
    outcome = _read(path)
    after = _peak_rss()
    print(json.dumps({"outcome": outcome, "rss_before": before, "rss_after": after}))


def _in_child(path: Path, trace: bool) -> dict[str, object]:
    args = [sys.executable, __file__, "--child", str(path), *(["--trace"] if trace else [])]
    done = subprocess.run(args, capture_output=True, text=True, check=True)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def _mb(n: object) -> str:
    return f"{int(n) / 2**20:7.1f}" if isinstance(n, int) else "      -"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="reads per case for the best time")
    parser.add_argument("--keep", type=Path, help="write the files here and keep them")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--trace", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(args.child, args.trace)
        return
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        cases = _write_cases(folder)
        print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs; MB = 2**20 bytes")
        print(
            f"{'case':<16}{'size MB':>8}{'best s':>9}{'RSS before':>12}{'RSS peak':>10}{'traced':>9}  outcome"
        )
        for name, path in cases.items():
            best = float("inf")
            for _ in range(args.repeat):
                start = time.perf_counter()
                outcome = _read(path)
                best = min(best, time.perf_counter() - start)
            rss = _in_child(path, trace=False)
            traced = _in_child(path, trace=True)
            print(
                f"{name:<16}{_mb(path.stat().st_size)}{best:9.3f}   {_mb(rss['rss_before'])}   "
                f"{_mb(rss['rss_after'])}  {_mb(traced['traced_peak'])}  {outcome}"
            )


if __name__ == "__main__":
    main()
