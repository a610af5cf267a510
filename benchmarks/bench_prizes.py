"""Benchmark of the final decisions and the prize list: what lots, an exclusion and a prize file add
to ranking a tournament.

    python benchmarks/bench_prizes.py                      # 150, 1,000, 10,000 and 100,000 players
    python benchmarks/bench_prizes.py --sizes 1000 --repeat 9

For every size it generates one deterministic Swiss (``spareggio.generate``, 9 rounds) and measures,
median over the repeats, in-process:

* ranking with ``BH/C1,BH,SB`` (the baseline);
* the same with ``RND`` at the end (every tie left drawn by lot: one SHA-256 per tied player) and
  one excluded player;
* awarding a prize file of 12 categories (general, women, four age bands, four rating bands, two
  federations) with 5 prizes each, shared by the Hort system, on those standings.

Run on demand; it is not a test.  The numbers in docs/performance.md come from it.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from spareggio.core.decisions import Decisions, Exclusion
from spareggio.generate import generate
from spareggio.prizes import award_prizes, parse_prize_data
from spareggio.standings import standings

PRIZES: dict[str, Any] = {
    "sharing": "hort",
    "categories": [
        {"id": "general", "prizes": [1000, 700, 500, 300, 200]},
        {"id": "women", "sex": "w", "prizes": [300, 200, 150, 100, 50]},
        *({"id": f"u{age}", "age_under": age, "prizes": [150, 100, 80, 60, 40]} for age in (12, 14, 16, 18)),
        *({"id": f"r{r}", "rating_under": r, "prizes": [150, 100, 80, 60, 40]} for r in (1400, 1600, 1800, 2000)),
        {"id": "ita", "federation": "ITA", "prizes": [100, 80, 60, 40, 20]},
        {"id": "other", "federation": ["SUI", "FRA", "GER"], "prizes": [100, 80, 60, 40, 20]},
    ],
}


def median_time(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="150,1000,10000,100000")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    spec = parse_prize_data(PRIZES)
    print("| players | rank (BH/C1,BH,SB) | + RND and one exclusion | ties drawn | prize list (12 x 5, Hort) |")
    print("|---:|---:|---:|---:|---:|")
    for n in (int(x) for x in args.sizes.split(",")):
        t = generate(n, 9, 2026)
        given = Decisions(exclusions=(Exclusion(t.players[0].start_number, "benchmark"),), lots_seed="bench")
        base = median_time(lambda: standings(t, "BH/C1,BH,SB"), args.repeat)
        lots = median_time(lambda: standings(t, "BH/C1,BH,SB,RND", decisions=given), args.repeat)
        s = standings(t, "BH/C1,BH,SB,RND", decisions=given)
        drawn = sum(len(d.players) for d in s.decided)
        prize = median_time(lambda: award_prizes(s, spec), args.repeat)
        print(f"| {n:,} | {base * 1000:.1f} ms | {lots * 1000:.1f} ms | {drawn:,} | {prize * 1000:.1f} ms |")


if __name__ == "__main__":
    main()
