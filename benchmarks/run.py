"""The benchmark suite: ``spareggio standings`` on generated tournaments of growing size.

    python benchmarks/run.py                      # the whole grid (several minutes)
    python benchmarks/run.py --sizes 100,1000 --rounds 9 --repeat 3
    python benchmarks/run.py --write-docs docs/performance.md

For every size N (players) and number of rounds R, and for 150 x 9 (a typical open) and 100,000 x 15,
it generates one deterministic Swiss tournament (``spareggio generate -n N -r R -s SEED``, as
tournament JSON, which has no 9,999-player limit; the files are kept in ``benchmarks/out/data``),
then for each tie-break list (the common FIDE list and the whole individual catalogue) measures:

* the whole process, interpreter start included: the median wall and CPU time of ``--repeat`` runs
  of ``python -m spareggio standings FILE --tiebreaks LIST --format json -o /dev/null`` after one
  warm-up run;
* the peak resident memory of one more run (``/usr/bin/time -v`` when available, else
  ``getrusage(RUSAGE_CHILDREN).ru_maxrss`` of a fresh child);
* the split read / compute / rank / write measured in-process (``benchmarks/bench_split.py``).

It then fits ``time = c * N**k`` by least squares on log-log axes between 1,000 and 100,000 players
(whole process and engine alone) and prints a Markdown report; ``--write-docs FILE`` puts it between
the ``<!-- benchmark:begin -->`` and ``<!-- benchmark:end -->`` markers of that file.  The raw results
go to ``benchmarks/out/results.json``.  Run on demand; it is not a test.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import math
import os
import platform
import re
import resource
import statistics
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
SEED = 2026
COMMON = "PTS,BH/C1,BH,BH/M1,SB,SB/C1,FB,AOB,PS,ARO,TPR,DE"
"""The common list: points, the Buchholz and Sonneborn-Berger family, AOB, PS, ARO, TPR, DE."""
DEFAULT_SIZES = (100, 1_000, 10_000, 100_000)
DEFAULT_ROUNDS = (9, 13)
EXTRA_CASES = ((150, 9), (100_000, 15))
"""Cases measured besides the grid: a typical open (150 players, 9 rounds) and the catalogue target
(100,000 players, 15 rounds)."""
FIT_RANGE = (1_000, 100_000)
BEGIN, END = "<!-- benchmark:begin -->", "<!-- benchmark:end -->"


def catalogue() -> str:
    """Every individual tie-break of the catalogue except the diagnostics, in catalogue order."""
    import spareggio

    return ",".join(code for code, d in spareggio.TIEBREAKS.items() if not d.diagnostic)


@dataclass
class Case:
    players: int
    rounds: int
    list_name: str
    tiebreaks: str
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    peak_mb: float = 0.0
    split: dict[str, Any] = field(default_factory=dict)

    @property
    def wall_median(self) -> float:
        return statistics.median(self.wall)

    @property
    def cpu_median(self) -> float:
        return statistics.median(self.cpu)


# -- environment -------------------------------------------------------------------------------------


def child_env() -> dict[str, str]:
    """The environment of every measured process: byte-code cached outside the source tree, as an
    installed package has it, so that no run pays for compiling the modules."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(OUT / "pycache")
    return env


def machine() -> dict[str, str]:
    """nproc, CPU model, memory, Python and numpy versions, and the load when the run started."""
    model = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = "unknown"
    try:
        found = re.search(r"MemTotal:\s+(\d+)", Path("/proc/meminfo").read_text())
        kib = int(found.group(1)) if found else 0
        memory = f"{kib / 1024 / 1024:.1f} GiB"
    except OSError:
        pass
    import numpy

    return {
        "nproc": str(len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()),
        "cpu": model,
        "memory": memory,
        "python": platform.python_version(),
        "numpy": numpy.__version__,
        "os": f"{platform.system()} {platform.release()}",
        "load": " ".join(f"{x:.2f}" for x in os.getloadavg()),
        "date": _dt.datetime.now().strftime("%Y-%m-%d %H:%M"),
    }


# -- measurements ------------------------------------------------------------------------------------


def tournament_file(players: int, rounds: int) -> Path:
    """The generated tournament for (players, rounds), made once with ``spareggio generate``."""
    data = OUT / "data"
    data.mkdir(parents=True, exist_ok=True)
    path = data / f"swiss-{players}x{rounds}-s{SEED}.json"
    if not path.exists():
        cmd = [sys.executable, "-m", "spareggio", "generate", "-n", str(players), "-r", str(rounds),
               "-s", str(SEED), "-o", str(path)]  # fmt: skip
        subprocess.run(cmd, check=True, env=child_env())
    return path


def standings_command(path: Path, tiebreaks: str) -> list[str]:
    return [sys.executable, "-m", "spareggio", "standings", str(path), "--tiebreaks", tiebreaks,
            "--format", "json", "-o", os.devnull]  # fmt: skip


def run_once(cmd: list[str]) -> tuple[float, float]:
    """Wall and CPU (user + system) seconds of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, check=True, env=child_env(), stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def peak_memory_mb(cmd: list[str]) -> float:
    """Peak resident memory of one run, in MiB."""
    timer = "/usr/bin/time"
    if os.path.exists(timer):
        done = subprocess.run([timer, "-v", *cmd], env=child_env(), stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True, check=True)  # fmt: skip
        found = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
        if found:
            return int(found.group(1)) / 1024
    # a fresh child that runs the command: its RUSAGE_CHILDREN maximum is this command's alone
    probe = (
        "import resource, subprocess, sys; "
        "subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL); "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, *cmd], env=child_env(), capture_output=True, text=True, check=True
    )
    return int(done.stdout.strip()) / 1024


def split(path: Path, tiebreaks: str, repeat: int) -> dict[str, Any]:
    cmd = [
        sys.executable,
        str(HERE / "bench_split.py"),
        str(path),
        "--tiebreaks",
        tiebreaks,
        "--repeat",
        str(repeat),
    ]
    done = subprocess.run(cmd, env=child_env(), capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def measure(case: Case, repeat: int, split_repeat: int) -> None:
    path = tournament_file(case.players, case.rounds)
    cmd = standings_command(path, case.tiebreaks)
    run_once(cmd)  # warm-up: page cache and byte-code cache
    for _ in range(repeat):
        wall, cpu = run_once(cmd)
        case.wall.append(wall)
        case.cpu.append(cpu)
    case.peak_mb = peak_memory_mb(cmd)
    case.split = split(path, case.tiebreaks, split_repeat)


# -- report ------------------------------------------------------------------------------------------


def fit_exponent(points: list[tuple[int, float]]) -> float | None:
    """Least-squares slope of log(time) against log(N)."""
    if len(points) < 2:
        return None
    xs = [math.log(n) for n, _ in points]
    ys = [math.log(t) for _, t in points]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx if sxx else None


def engine_time(case: Case, clock: str = "wall") -> float:
    """In-process time of read + compute + rank + write (``wall`` or ``cpu``)."""
    return float(case.split["total"][clock])


def report(cases: list[Case], info: dict[str, str], argv: list[str], repeat: int) -> str:
    end_load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    machine_line = (
        f"Machine: {info['nproc']} CPUs ({info['cpu']}), {info['memory']} memory; {info['os']}; "
        f"Python {info['python']}, numpy {info['numpy']}.  Run {info['date']}; load average "
        f"{info['load']} at the start, {end_load} at the end."
    )
    lines = [
        machine_line,
        "",
        "Command: `" + " ".join(["python benchmarks/run.py", *argv]) + "`",
        "",
        (
            "| players | rounds | list | whole process, wall (s) | CPU (s) | peak (MB) "
            "| read | compute | rank | write |"
        ),
        "|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for c in cases:
        s = c.split
        steps = " | ".join(f"{s[k]['wall']:.3f}" for k in ("read", "compute", "rank", "write"))
        lines.append(
            f"| {c.players:,} | {c.rounds} | {c.list_name} | {c.wall_median:.3f} | {c.cpu_median:.3f} | "
            f"{c.peak_mb:.0f} | {steps} |"
        )
    note = (
        f"Whole process: median of {repeat} runs after a warm-up run; CPU is user + system time of the "
        "process.  read / compute / rank / write: in-process wall time (median), `benchmarks/bench_split.py`."
    )
    lines += [
        "",
        note,
        "",
        f"Fitted exponent k of time = c·N^k, N from {FIT_RANGE[0]:,} to {FIT_RANGE[1]:,} players:",
        "",
        "| rounds | list | whole process (wall) | whole process (CPU) | engine (wall) | engine (CPU) |",
        "|---:|---|---:|---:|---:|---:|",
    ]
    keys = sorted({(c.rounds, c.list_name) for c in cases})
    for rounds, name in keys:
        group = [
            c for c in cases
            if c.rounds == rounds and c.list_name == name and FIT_RANGE[0] <= c.players <= FIT_RANGE[1]
        ]  # fmt: skip
        fits = [
            fit_exponent([(c.players, c.wall_median) for c in group]),
            fit_exponent([(c.players, c.cpu_median) for c in group]),
            fit_exponent([(c.players, engine_time(c)) for c in group]),
            fit_exponent([(c.players, engine_time(c, "cpu")) for c in group]),
        ]
        if None in fits:
            continue
        lines.append(f"| {rounds} | {name} | " + " | ".join(f"{k:.2f}" for k in fits if k is not None) + " |")
    return "\n".join(lines) + "\n"


def write_docs(path: Path, text: str) -> None:
    doc = path.read_text(encoding="utf-8")
    if BEGIN not in doc or END not in doc:
        raise SystemExit(f"{path}: no {BEGIN} ... {END} markers")
    head, rest = doc.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    path.write_text(f"{head}{BEGIN}\n{text}{END}{tail}", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default=",".join(map(str, DEFAULT_SIZES)), help="players, comma-separated")
    parser.add_argument(
        "--rounds", default=",".join(map(str, DEFAULT_ROUNDS)), help="rounds, comma-separated"
    )
    parser.add_argument("--no-extra", action="store_true", help="skip the 150 x 9 and 100,000 x 15 cases")
    parser.add_argument("--lists", default="common,catalogue", help="tie-break lists: common, catalogue")
    parser.add_argument("--repeat", type=int, default=5, help="whole-process runs per case (median)")
    parser.add_argument("--split-repeat", type=int, default=3, help="in-process runs per step (median)")
    parser.add_argument("--write-docs", type=Path, help="put the report between the markers of this file")
    args = parser.parse_args(args_list)

    lists = {"common": COMMON, "catalogue": catalogue()}
    names = [n.strip() for n in args.lists.split(",") if n.strip()]
    grid = [(n, r) for r in map(int, args.rounds.split(",")) for n in map(int, args.sizes.split(","))]
    if not args.no_extra:
        grid += [c for c in EXTRA_CASES if c not in grid]
        grid.sort(key=lambda c: (c[1] != 9, c[1], c[0]))
    info = machine()
    cases = [Case(n, r, name, lists[name]) for n, r in grid for name in names]
    for case in cases:
        measure(case, args.repeat, args.split_repeat)
        print(f"{case.players:>7} x {case.rounds:>2} {case.list_name:<9} wall {case.wall_median:7.3f} s  "
              f"cpu {case.cpu_median:7.3f} s  peak {case.peak_mb:6.0f} MB", file=sys.stderr)  # fmt: skip
    text = report(cases, info, args_list, args.repeat)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "results.json").write_text(
        json.dumps({"machine": info, "cases": [asdict(c) for c in cases]}, indent=1), encoding="utf-8"
    )
    sys.stdout.write(text)
    if args.write_docs:
        write_docs(args.write_docs, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
