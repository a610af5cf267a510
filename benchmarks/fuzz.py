"""A long fuzzing run over every reader and every output format, with counts.

    python benchmarks/fuzz.py                 # 2,000 inputs per reader
    python benchmarks/fuzz.py --inputs 20000
    python benchmarks/fuzz.py --readers vega,pgn --inputs 500

For each reader of the registry, hypothesis edits a small valid file in its format, or draws random
bytes (``tests/fuzzing.py``), and each input goes through the property of the suite: read, ranked,
written in every output format (text, CSV, JSON, HTML, XLSX; an explanation and the crosstable too),
or refused with a one-line error at its place.  Unlike the suite, the run does not stop at the first failure: it counts what happened to
every input, and a traceback is counted and printed (the run's exit status is 1 when there is one).

The table it prints is the one in docs/security.md ("Fuzzing").  Run on demand; it is not a test
(``pytest -m fuzz`` runs the same property under pytest, stopping at the first failure).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "tests")]

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from fuzzing import SEEDS, Tally, check_input, edited

OUTCOMES = ("read", "refused", "not ranked", "not written", "TRACEBACK")


def run(reader: str, inputs: int) -> tuple[Tally, float]:
    """``inputs`` inputs for one reader; what happened to each, and the seconds it took."""
    tally = Tally()

    @settings(
        max_examples=inputs,
        deadline=None,
        database=None,
        phases=[Phase.generate],  # count every input; never stop to shrink
        suppress_health_check=list(HealthCheck),
    )
    @given(data=st.data())
    def one(data: st.DataObject) -> None:
        content = data.draw(edited(reader))
        tally.record(lambda: check_input(reader, content))

    started = time.perf_counter()
    one()
    return tally, time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--inputs", type=int, default=2000, help="inputs per reader (default 2000)")
    parser.add_argument("--readers", default=",".join(SEEDS), help="readers, comma-separated")
    args = parser.parse_args(argv)
    readers = [r.strip() for r in args.readers.split(",") if r.strip()]
    rows = []
    found = 0
    for reader in readers:
        tally, seconds = run(reader, args.inputs)
        found += len(tally.tracebacks)
        rows.append((reader, tally, seconds))
        for text in tally.tracebacks[:3]:
            print(f"--- {reader}: traceback\n{text}", file=sys.stderr)
        print(f"{reader}: {sum(tally.outcomes.values())} inputs in {seconds:.0f} s", file=sys.stderr)
    print("| reader | inputs | " + " | ".join(OUTCOMES) + " |")
    print("|---|---:|" + "---:|" * len(OUTCOMES))
    for reader, tally, _ in rows:
        counts = " | ".join(f"{tally.outcomes.get(o, 0):,}" for o in OUTCOMES)
        print(f"| {reader} | {sum(tally.outcomes.values()):,} | {counts} |")
    total = sum(sum(t.outcomes.values()) for _, t, _ in rows)
    print(f"\n{total:,} inputs, {found} tracebacks")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
