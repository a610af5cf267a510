"""Where the time of one whole ``spareggio standings`` command goes: a cProfile run, imports included.

    python benchmarks/bench_profile.py FILE --tiebreaks LIST [--top 20] [--write-docs docs/performance.md]

Imports the modules the command needs (timed), then runs ``standings FILE --tiebreaks LIST --format
json -o /dev/null`` in this process under cProfile, and prints in Markdown the time of the phases
(imports, reading, tie-breaks and ranking, JSON output) and the ``--top`` functions by own time.  ``--write-docs`` puts the text between the
``<!-- profile:begin -->`` and ``<!-- profile:end -->`` markers of a file.  Run on demand; not a test.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
import io
import os
import pstats
import sys
import time
from pathlib import Path

BEGIN, END = "<!-- profile:begin -->", "<!-- profile:end -->"
PHASES = (
    ("reading the file", "io/__init__.py", "read_tournament"),
    ("tie-breaks and ranking", "standings.py", "standings"),
    ("JSON output", "io/output.py", "standings_json"),
)
MODULES = (
    "spareggio.cli",
    "spareggio.standings",
    "spareggio.render.output",
    "spareggio.io.tournament_json",
    "spareggio.io.trf",
)
"""Everything the command loads, imported (and timed) before the profiled run."""


def _short(line: str) -> str:
    """A pstats line with the path of the function shortened to its package."""
    for marker in ("site-packages/", "/src/", "/lib/python3.11/"):
        if marker in line:
            head, _, tail = line.partition(marker)
            return head[: head.rfind(" ") + 1] + tail
    return line


def report(stats: pstats.Stats, top: int, imports: float) -> str:
    entries = stats.stats  # type: ignore[attr-defined]
    lines = [
        "| phase | seconds |",
        "|---|---:|",
        f"| imports (the interpreter start not included) | {imports:.3f} |",
    ]
    for label, file_part, name in PHASES:
        cum = [ct for (f, _, fn), (_, _, _, ct, _) in entries.items() if fn == name and f.endswith(file_part)]
        lines.append(f"| {label} (under the profiler) | {max(cum, default=0.0):.3f} |")
    lines += ["", f"Top {top} functions by own time (under the profiler):", "", "```"]
    buffer = io.StringIO()
    stats.stream = buffer  # type: ignore[attr-defined]
    stats.sort_stats("tottime").print_stats(top)
    table = buffer.getvalue().splitlines()
    start = next(k for k, line in enumerate(table) if line.strip().startswith("ncalls"))
    lines += [_short(line) for line in table[start:] if line.strip()]
    lines.append("```")
    return "\n".join(lines) + "\n"


def write_docs(path: Path, text: str) -> None:
    doc = path.read_text(encoding="utf-8")
    head, rest = doc.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    path.write_text(f"{head}{BEGIN}\n{text}{END}{tail}", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file")
    parser.add_argument("-t", "--tiebreaks", required=True)
    parser.add_argument("--top", type=int, default=20)
    parser.add_argument("--write-docs", type=Path)
    args = parser.parse_args(argv)
    command = ["standings", args.file, "--tiebreaks", args.tiebreaks, "--format", "json", "-o", os.devnull]
    start = time.perf_counter()
    for name in MODULES:
        importlib.import_module(name)
    imports = time.perf_counter() - start
    from spareggio.cli import main as cli_main

    profiler = cProfile.Profile()
    profiler.enable()
    status = cli_main(command)
    profiler.disable()
    if status:
        return status
    name = Path(args.file).name
    text = f"Command: `python benchmarks/bench_profile.py {name} --tiebreaks {args.tiebreaks}`\n\n"
    text += report(pstats.Stats(profiler), args.top, imports)
    sys.stdout.write(text)
    if args.write_docs:
        write_docs(args.write_docs, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
