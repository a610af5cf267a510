"""Side by side in one run: spareggio's whole process against its yardsticks, as ratios.

    python benchmarks/bench_side.py                    # start-up, a typical open, 150 files
    python benchmarks/bench_side.py --large            # + 9,999 x 13 and 3,000 x 11 (minutes)
    python benchmarks/bench_side.py --repeat 9 --files 150

Every row runs the commands in turn, interleaved (A, B, A, B ...), so that the load of a shared
machine falls on both alike, and reports the median CPU time (user + system, ``wait4`` of each
child process) of each and their ratio.  The yardsticks:

* the floor: ``python -c "import numpy"`` (the interpreter and numpy, which every command needs);
* FIDE's reference engine gacrux (from PyPI), installed by this script into its own virtualenv
  ``benchmarks/out/ref-venv`` (git-ignored) and run as ``python -m gacrux.tiebreakchecker``; it is
  used for the comparison only.

The rows: ``spareggio --help``; ``standings`` of a 150 x 9 open (PTS, BH/C1, BH, SB) against the
floor and against gacrux; 150 small files (40 to 150 players, 7 to 11 rounds), one process per file,
against the floor (python + numpy for each file) and gacrux; with ``--large``, 9,999 x 13 (the
largest TRF) and 3,000 x 11 against gacrux (run once: it takes minutes).

spareggio runs with a byte-code cache outside the tree (``PYTHONPYCACHEPREFIX``), as an installed
package has its compiled modules; gacrux compiles into its own virtualenv on its first run.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = HERE / "out"
REF = OUT / "ref-venv"
sys.path.insert(0, str(ROOT / "src"))

from spareggio.cli import main as spareggio

LIST = "BH/C1,BH,SB"


def environment() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(OUT / "pycache")
    env["PYTHONPATH"] = str(ROOT / "src")
    return env


ENV = environment()
REF_ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH")}


def cpu(command: Sequence[str], env: dict[str, str]) -> float:
    """The CPU seconds (user + system) of one run of ``command``, which must succeed."""
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed: {process.stderr.read().decode() if process.stderr else ''}")
    return usage.ru_utime + usage.ru_stime


def reference() -> tuple[str, str]:
    """The virtualenv's python with gacrux, and gacrux's version (installed on first use)."""
    python = REF / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(REF)], check=True)
    try:
        version = subprocess.run(
            [str(python), "-c", "import importlib.metadata as m; print(m.version('gacrux'))"],
            check=True, capture_output=True, text=True,
        ).stdout.strip()  # fmt: skip
    except subprocess.CalledProcessError:
        subprocess.run([str(python), "-m", "pip", "install", "-q", "gacrux"], check=True)
        return reference()
    return str(python), version


def spareggio_cmd(path: Path, tiebreaks: str = LIST) -> list[str]:
    return [sys.executable, "-m", "spareggio", "standings", str(path), "-t", tiebreaks, "-f", "json", "-o", os.devnull]


def gacrux_cmd(python: str, path: Path, tiebreaks: str = LIST) -> list[str]:
    return [python, "-m", "gacrux.tiebreakchecker", "-i", str(path), "-o", os.devnull, "-d", "T",
            "-t", "PTS", *tiebreaks.split(",")]  # fmt: skip


FLOOR = [sys.executable, "-c", "import numpy"]


def interleaved(commands: dict[str, tuple[list[list[str]], dict[str, str]]], repeat: int) -> dict[str, float]:
    """Median CPU of each named group of commands (a group's CPU is the sum over its commands), the
    groups run in turn ``repeat`` times."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    for name, (group, env) in commands.items():  # warm-up: compiled byte code, page cache
        cpu(group[0], env)
    for _ in range(repeat):
        for name, (group, env) in commands.items():
            times[name].append(sum(cpu(c, env) for c in group))
    return {name: statistics.median(t) for name, t in times.items()}


def generate(path: Path, players: int, rounds: int, seed: int) -> Path:
    if not path.exists():
        assert spareggio(["generate", "-n", str(players), "-r", str(rounds), "-s", str(seed), "-o", str(path)]) == 0
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--files", type=int, default=150)
    ap.add_argument("--file-repeat", type=int, default=3, help="runs of the many-files rows")
    ap.add_argument("--large", action="store_true")
    args = ap.parse_args()
    OUT.mkdir(exist_ok=True)
    python, version = reference()
    start = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    load0 = os.getloadavg()
    rows: list[tuple[str, str, float, str, float]] = []

    open150 = generate(OUT / "side-150x9.trf", 150, 9, 2026)
    found = interleaved(
        {
            "floor": ([FLOOR], ENV),
            "help": ([[sys.executable, "-m", "spareggio", "--help"]], ENV),
            "standings": ([spareggio_cmd(open150)], ENV),
            "gacrux": ([gacrux_cmd(python, open150)], REF_ENV),
        },
        args.repeat,
    )
    floor = found["floor"]
    rows.append(("`spareggio --help`", "`python -c \"import numpy\"`", found["help"], "floor", floor))
    rows.append(("`standings` 150 × 9 (PTS, BH/C1, BH, SB)", "the floor", found["standings"], "floor", floor))
    rows.append(("the same", f"gacrux {version}", found["standings"], "gacrux", found["gacrux"]))

    folder = OUT / "side-files"
    folder.mkdir(exist_ok=True)
    files = []
    for k in range(args.files):
        players, rounds = 40 + (k * 37) % 111, 7 + k % 5
        files.append(generate(folder / f"f{k:03d}-{players}x{rounds}.trf", players, rounds, k + 1))
    found = interleaved(
        {
            "floor": ([FLOOR] * len(files), ENV),
            "spareggio": ([spareggio_cmd(f) for f in files], ENV),
            "gacrux": ([gacrux_cmd(python, f) for f in files], REF_ENV),
        },
        args.file_repeat,
    )
    name = f"{len(files)} files (40–150 players, 7–11 rounds), one process each, total"
    rows.append((name, "the floor × " + str(len(files)), found["spareggio"], "floor", found["floor"]))
    rows.append(("the same", f"gacrux {version}", found["spareggio"], "gacrux", found["gacrux"]))

    if args.large:
        big = generate(OUT / "side-9999x13.trf", 9999, 13, 2026)
        found = interleaved({"floor": ([FLOOR], ENV), "spareggio": ([spareggio_cmd(big)], ENV)}, args.repeat)
        rows.append(("`standings` 9,999 × 13 (PTS, BH/C1, BH, SB)", "the floor", found["spareggio"], "floor", found["floor"]))
        mid = generate(OUT / "side-3000x11.trf", 3000, 11, 2026)
        found = interleaved(
            {"spareggio": ([spareggio_cmd(mid)], ENV), "gacrux": ([gacrux_cmd(python, mid)], REF_ENV)}, 1
        )
        rows.append(("`standings` 3,000 × 11", f"gacrux {version}", found["spareggio"], "gacrux", found["gacrux"]))

    load1 = os.getloadavg()
    print(
        f"Run {start}; {os.cpu_count()} CPUs; Python {platform.python_version()}; "
        f"load average {load0[0]:.2f} at the start, {load1[0]:.2f} at the end; medians of {args.repeat} "
        f"interleaved runs ({args.file_repeat} for the many-files rows)."
    )
    print()
    print("| case | yardstick | spareggio CPU (s) | yardstick CPU (s) | ratio |")
    print("|---|---|---:|---:|---:|")
    for case, yard, mine, kind, theirs in rows:
        ratio = mine / theirs
        said = f"{ratio:.2f}× the floor" if kind == "floor" else (
            f"{ratio:.2f}× (gacrux {ratio:.1f}× faster)" if ratio > 1 else f"{theirs / mine:.1f}× faster"
        )  # fmt: skip
        print(f"| {case} | {yard} | {mine:.3f} | {theirs:.3f} | {said} |")


if __name__ == "__main__":
    main()
