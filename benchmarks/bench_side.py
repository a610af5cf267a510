"""Side by side in one run: spareggio's whole process against its yardsticks, as ratios.

    python benchmarks/bench_side.py                    # every row (a few minutes: gacrux at 3,000 x 11)
    python benchmarks/bench_side.py --quick            # without the two large events
    python benchmarks/bench_side.py --reference /path/to/venv/bin/python   # gacrux already installed there
    python benchmarks/bench_side.py --repeat 15 --files 150 --file-repeat 3
    python benchmarks/bench_side.py --baseline /tmp/old/src  # an older copy run beside, before/after

Every group of rows runs its commands in turn, interleaved (A, B, C, A, B, C ...), so that the load
of a shared machine falls on all of them alike, and reports the median CPU time (user + system,
``wait4`` of each child process) of each and their ratio; the load average is printed before and
after each group.  The yardsticks, named with their versions in the output:

* the floor: ``python -c "import numpy"`` (the interpreter and numpy, which every command that
  computes needs), with numpy's BLAS threads as numpy starts them; and the same floor with one BLAS
  thread (``OPENBLAS_NUM_THREADS=1``), as the ``spareggio`` command starts numpy (it never uses BLAS);
* FIDE's reference engine gacrux (PyPI), in a virtualenv of its own: the ``--reference`` python, else
  one this script makes in ``benchmarks/out/ref-venv`` (git-ignored) with ``pip install gacrux``.  It
  is run as ``python -m gacrux.tiebreakchecker -i FILE -o /dev/null -d T -t PTS BH/C1 BH SB`` and is
  used for the comparison only, never by spareggio.

The rows: ``spareggio --help``; ``standings`` of a 150 x 9 open (PTS, BH/C1, BH, SB) against the
floor and against gacrux; 150 small files (40 to 150 players, 7 to 11 rounds), one process per file,
against the floor (python + numpy for each file) and against gacrux; then, unless ``--quick``,
9,999 x 13 (the largest TRF) against the floor and against its absolute goal (0.3 s), and
3,000 x 11 against gacrux (gacrux run once: it takes minutes); these two are paired by
``generate --fast-pairing``.  Each row states its goal and
whether this run met it.

spareggio runs with a byte-code cache outside the tree (``PYTHONPYCACHEPREFIX``), as an installed
package has its compiled modules; the warm-up run of each command writes it (and gacrux's, in its
own virtualenv) before anything is timed.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = HERE / "out"
REF = OUT / "ref-venv"
sys.path.insert(0, str(ROOT / "src"))

from spareggio.__about__ import __version__
from spareggio.cli import main as spareggio

LIST = "BH/C1,BH,SB"


def environment() -> dict[str, str]:
    # numpy's BLAS threads as numpy starts them by default (the command asks for one itself)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "OPENBLAS_NUM_THREADS")}
    env["PYTHONPYCACHEPREFIX"] = str(OUT / "pycache")
    env["PYTHONPATH"] = str(ROOT / "src")
    return env


ENV = environment()
BASE_ENV: dict[str, str] = {}
"""With ``--baseline SRC``: the environment that runs another copy of spareggio (an older commit's
``src``, e.g. from ``git worktree add`` or ``git archive``) in the same groups, for before/after."""
REF_ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH")}


@dataclass
class Timed:
    """The CPU seconds (median) and wall seconds (median) of a group of commands."""

    cpu: float
    wall: float


def run_once(command: Sequence[str], env: dict[str, str]) -> tuple[float, float]:
    """The CPU seconds (user + system) and wall seconds of one run of ``command``, which must succeed."""
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed: {process.stderr.read().decode() if process.stderr else ''}")
    if process.stderr:
        process.stderr.close()
    return usage.ru_utime + usage.ru_stime, wall


def reference(given: str | None) -> tuple[str, str]:
    """The python of a virtualenv with gacrux, and gacrux's version (installed into
    ``benchmarks/out/ref-venv`` on first use unless ``given``)."""
    python = Path(given) if given else REF / "bin" / "python"
    if not given and not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(REF)], check=True)
    try:
        version = subprocess.run(
            [str(python), "-c", "import importlib.metadata as m; print(m.version('gacrux'))"],
            check=True, capture_output=True, text=True, env=REF_ENV,
        ).stdout.strip()  # fmt: skip
    except subprocess.CalledProcessError:
        if given:
            raise SystemExit(f"{given} has no gacrux: pip install gacrux into that virtualenv") from None
        subprocess.run([str(python), "-m", "pip", "install", "-q", "gacrux"], check=True)
        return reference(given)
    return str(python), version


def spareggio_cmd(path: Path, tiebreaks: str = LIST) -> list[str]:
    return [sys.executable, "-m", "spareggio", "standings", str(path), "-t", tiebreaks, "-f", "json", "-o", os.devnull]


def gacrux_cmd(python: str, path: Path, tiebreaks: str = LIST) -> list[str]:
    return [python, "-m", "gacrux.tiebreakchecker", "-i", str(path), "-o", os.devnull, "-d", "T",
            "-t", "PTS", *tiebreaks.split(",")]  # fmt: skip


LEVEL = 1.05
"""What "level with gacrux" means on the 150-player open: spareggio's CPU at most 5 % above gacrux's.
Two runs of the same code at idle differ by about that much (docs/performance.md: 0.97× and 1.03×)."""

FLOOR = [sys.executable, "-c", "import numpy"]
ONE_BLAS_THREAD = {"OPENBLAS_NUM_THREADS": "1"}
"""The floor as the command starts numpy: with one BLAS thread (spareggio never uses BLAS)."""


def interleaved(
    commands: dict[str, tuple[list[list[str]], dict[str, str]]], repeat: int, warm: bool = True
) -> dict[str, Timed]:
    """Median CPU and wall time of each named group of commands (a group's time is the sum over its
    commands), the groups run in turn ``repeat`` times after one warm-up run of each group's first
    command (compiled byte code, page cache) unless ``warm`` is False."""
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    walls: dict[str, list[float]] = {name: [] for name in commands}
    for group, env in commands.values() if warm else ():
        run_once(group[0], env)
    for _ in range(repeat):
        for name, (group, env) in commands.items():
            timed = [run_once(c, env) for c in group]
            cpus[name].append(sum(c for c, _ in timed))
            walls[name].append(sum(w for _, w in timed))
    return {name: Timed(statistics.median(cpus[name]), statistics.median(walls[name])) for name in commands}


def generate(path: Path, players: int, rounds: int, seed: int, fast: bool = False) -> Path:
    """A Swiss written by ``spareggio generate`` (kept in ``benchmarks/out``): paired by the FIDE Dutch
    engine, or with ``fast`` by the approximate pairing (3,000 and 9,999 players: the Dutch engine
    takes tens of minutes there; the tie-breaks cost the same)."""
    if not path.exists():
        command = ["generate", "-n", str(players), "-r", str(rounds), "-s", str(seed), "-o", str(path)]
        assert spareggio([*command, "--fast-pairing"] if fast else command) == 0
    return path


def load() -> str:
    return f"{os.getloadavg()[0]:.1f}"


@dataclass
class Row:
    case: str
    yardstick: str
    mine: float
    theirs: float
    kind: str  # "floor", "reference" or "absolute"
    goal: str
    met: bool | None
    load: str


def ratio_text(row: Row) -> str:
    if row.kind == "absolute":
        return "—"
    ratio = row.mine / row.theirs
    if row.kind == "floor":
        return f"{ratio:.2f}× the floor"
    if ratio < 1:  # two decimals near level, where one would round 1.03 to 1.0
        faster = row.theirs / row.mine
        return f"{ratio:.2f}× ({faster:.2f}× faster)" if faster < 10 else f"{faster:.1f}× faster"
    return f"{ratio:.2f}× (gacrux {ratio:.2f}× faster)" if ratio < 10 else f"{ratio:.2f}× (gacrux {ratio:.1f}× faster)"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=15, help="interleaved runs of the one-file rows")
    ap.add_argument("--files", type=int, default=150)
    ap.add_argument("--file-repeat", type=int, default=3, help="interleaved runs of the many-files rows")
    ap.add_argument("--quick", action="store_true", help="leave out 9,999 x 13 and 3,000 x 11")
    ap.add_argument("--large", action="store_true", help=argparse.SUPPRESS)  # the default now
    ap.add_argument("--reference", metavar="PYTHON", help="a python with gacrux installed (its own virtualenv)")
    ap.add_argument("--baseline", metavar="SRC", help="another copy's src folder, run beside this one (before/after)")
    args = ap.parse_args()
    if args.baseline:
        BASE_ENV.update(ENV, PYTHONPATH=str(Path(args.baseline).resolve()), PYTHONPYCACHEPREFIX=str(OUT / "pycache-baseline"))
    OUT.mkdir(exist_ok=True)
    python, version = reference(args.reference)
    gacrux = f"gacrux {version}"
    start = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    rows: list[Row] = []

    open150 = generate(OUT / "side-150x9.trf", 150, 9, 2026)
    before = load()
    found = interleaved(
        {
            "floor": ([FLOOR], ENV),
            "floor-1": ([FLOOR], {**ENV, **ONE_BLAS_THREAD}),
            "help": ([[sys.executable, "-m", "spareggio", "--help"]], ENV),
            "standings": ([spareggio_cmd(open150)], ENV),
            "gacrux": ([gacrux_cmd(python, open150)], REF_ENV),
            **({"baseline": ([spareggio_cmd(open150)], BASE_ENV)} if BASE_ENV else {}),
        },
        args.repeat,
    )
    during = f"{before}–{load()}"
    floor, mine = found["floor"].cpu, found["standings"].cpu
    rows.append(Row("`spareggio --help`", "`python -c \"import numpy\"`", found["help"].cpu, floor, "floor",
                    "no numpy: < 1×", found["help"].cpu < floor, during))  # fmt: skip
    rows.append(Row("`standings` 150 × 9 (PTS, BH/C1, BH, SB)", "the floor", mine, floor, "floor",
                    "≤ 1.5×", mine <= 1.5 * floor, during))  # fmt: skip
    rows.append(Row("the same file", "the floor with one BLAS thread", mine, found["floor-1"].cpu, "floor",
                    "reported", None, during))  # fmt: skip
    rows.append(Row("the same file", gacrux, mine, found["gacrux"].cpu, "reference",
                    f"level (≤ {LEVEL}×)", mine <= LEVEL * found["gacrux"].cpu, during))  # fmt: skip
    if BASE_ENV:
        base = found["baseline"].cpu
        rows.append(Row("the same file, the baseline", "the floor", base, floor, "floor", "before", None, during))
        rows.append(Row("the same file, the baseline", gacrux, base, found["gacrux"].cpu, "reference", "before",
                        None, during))  # fmt: skip

    folder = OUT / "side-files"
    folder.mkdir(exist_ok=True)
    files = []
    for k in range(args.files):
        players, rounds = 40 + (k * 37) % 111, 7 + k % 5
        files.append(generate(folder / f"f{k:03d}-{players}x{rounds}.trf", players, rounds, k + 1))
    before = load()
    found = interleaved(
        {
            "floor": ([FLOOR] * len(files), ENV),
            "floor-1": ([FLOOR] * len(files), {**ENV, **ONE_BLAS_THREAD}),
            "spareggio": ([spareggio_cmd(f) for f in files], ENV),
            "gacrux": ([gacrux_cmd(python, f) for f in files], REF_ENV),
            **({"baseline": ([spareggio_cmd(f) for f in files], BASE_ENV)} if BASE_ENV else {}),
        },
        args.file_repeat,
    )
    during = f"{before}–{load()}"
    name = f"{len(files)} files (40–150 players, 7–11 rounds), one process each, total"
    mine = found["spareggio"].cpu
    rows.append(Row(name, f"the floor × {len(files)}", mine, found["floor"].cpu, "floor", "≤ 1.5×",
                    mine <= 1.5 * found["floor"].cpu, during))  # fmt: skip
    rows.append(Row("the same files", f"the floor with one BLAS thread × {len(files)}", mine, found["floor-1"].cpu,
                    "floor", "reported", None, during))  # fmt: skip
    rows.append(Row("the same files", gacrux, mine, found["gacrux"].cpu, "reference", "reported", None, during))
    if BASE_ENV:
        base = found["baseline"].cpu
        rows.append(Row("the same files, the baseline", "the floor", base, found["floor"].cpu, "floor", "before",
                        None, during))  # fmt: skip
        rows.append(Row("the same files, the baseline", gacrux, base, found["gacrux"].cpu, "reference", "before",
                        None, during))  # fmt: skip

    if not args.quick:
        big = generate(OUT / "side-9999x13-fast.trf", 9999, 13, 2026, fast=True)
        before = load()
        found = interleaved({"floor": ([FLOOR], ENV), "spareggio": ([spareggio_cmd(big)], ENV)}, args.repeat)
        during = f"{before}–{load()}"
        mine = found["spareggio"].cpu
        rows.append(Row("`standings` 9,999 × 13 (PTS, BH/C1, BH, SB)", "the floor", mine, found["floor"].cpu,
                        "floor", "reported", None, during))  # fmt: skip
        rows.append(Row("the same, CPU against the goal", "0.3 s", mine, 0.3, "absolute", "< 0.3 s CPU",
                        mine < 0.3, during))  # fmt: skip
        rows.append(Row("the same, wall clock against the goal", "0.3 s", found["spareggio"].wall, 0.3,
                        "absolute", "< 0.3 s wall", found["spareggio"].wall < 0.3, during))  # fmt: skip
        mid = generate(OUT / "side-3000x11-fast.trf", 3000, 11, 2026, fast=True)
        before = load()
        found = interleaved(
            {"spareggio": ([spareggio_cmd(mid)], ENV), "gacrux": ([gacrux_cmd(python, mid)], REF_ENV)},
            1,
            warm=False,  # both compiled their byte code in the rows above; gacrux takes minutes here
        )
        during = f"{before}–{load()}"
        mine = found["spareggio"].cpu
        rows.append(Row("`standings` 3,000 × 11 (PTS, BH/C1, BH, SB)", gacrux, mine, found["gacrux"].cpu,
                        "reference", "≥ 90× faster", found["gacrux"].cpu >= 90 * mine, during))  # fmt: skip

    numpy = importlib.metadata.version("numpy")
    print(
        f"Run {start}; {os.cpu_count()} CPUs; Python {platform.python_version()}; numpy {numpy}; "
        f"spareggio {__version__}; {gacrux} (its own virtualenv, {python}); medians of {args.repeat} "
        f"interleaved runs ({args.file_repeat} for the many-files rows, 1 at 3,000 × 11); CPU = user + "
        f"system of the whole process."
    )
    print()
    print("| case | yardstick | spareggio CPU (s) | yardstick CPU (s) | ratio | goal | met | load average |")
    print("|---|---|---:|---:|---:|---|---|---|")
    for row in rows:
        met = "—" if row.met is None else ("yes" if row.met else "**no**")
        print(
            f"| {row.case} | {row.yardstick} | {row.mine:.3f} | {row.theirs:.3f} | {ratio_text(row)} "
            f"| {row.goal} | {met} | {row.load} |"
        )


if __name__ == "__main__":
    main()
