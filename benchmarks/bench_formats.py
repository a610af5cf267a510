"""Benchmark of the readers: one generated event written in each format the library writes (TRF,
tournament JSON, Chess-JSON, Vega's ``.tdf``, PGN), then read back through the reader registry.

    python benchmarks/bench_formats.py                        # 150 x 9, 2,000 x 11, 9,999 x 13
    python benchmarks/bench_formats.py --sizes 500x9 --repeat 5

For each size it prints the file size and the median in-process time of ``parse_event`` (sniffing
included) over ``--repeat`` reads.  Every round without a game is a pairing-allocated bye in the
generated events, so the PGN is read with ``byes="pab"``.  Run on demand; it is not a test.  The
numbers in docs/performance.md ("Other input formats") come from it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from spareggio.generate import generate
from spareggio.io import ReadOptions, parse_event
from spareggio.io.chess_json_write import write_chess_json
from spareggio.io.pgn import write_pgn
from spareggio.io.tournament_json import write_tournament_json
from spareggio.io.trf import write_trf
from spareggio.io.vega_tdf import write_tdf

WRITERS = {
    "event.trf": write_trf,
    "event.json": write_tournament_json,
    "event.chess-json": write_chess_json,
    "event.tdf": write_tdf,
    "event.pgn": write_pgn,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="150x9,2000x11,9999x13", help="PLAYERSxROUNDS, comma-separated")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print("| players | rounds | format | size (KB) | read (s) |")
    print("|---:|---:|---|---:|---:|")
    for size in args.sizes.split(","):
        players, rounds = (int(x) for x in size.lower().split("x"))
        t = generate(players, rounds, 2026, forfeit_rate=0.0, double_forfeit_share=0.0)
        for name, write in WRITERS.items():
            data = write(t).encode("utf-8")
            times = []
            for _ in range(args.repeat):
                start = time.perf_counter()
                parse_event(data, name, options=ReadOptions(byes="pab"))
                times.append(time.perf_counter() - start)
            fmt = name.split(".")[1]
            print(
                f"| {players:,} | {rounds} | {fmt} | {len(data) // 1024:,} | {statistics.median(times):.3f} |"
            )


if __name__ == "__main__":
    main()
