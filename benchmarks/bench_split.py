"""Where the time of one ``spareggio standings`` call goes, measured inside one process.

    python benchmarks/bench_split.py FILE --tiebreaks LIST [--repeat 3] [--profile 25]

Prints one JSON object: the import time of the package, then the median (over ``--repeat`` runs)
of every step of the command, each with its wall and CPU time in seconds:

* ``read``: reading the file (TRF or tournament JSON, by :func:`spareggio.io.read_tournament`);
* ``compute``: every tie-break of the list on a fresh evaluation context;
* ``rank``: the ranking of :func:`spareggio.standings` (points, then the tie-breaks group by group,
  Direct Encounter included) on the computed values;
* ``write``: the JSON output (:func:`spareggio.io.output.standings_json`).

With ``--profile N`` it also prints the N entries of a cProfile run of read + standings + write
with the largest cumulative time (to standard error, after the JSON).

Run on demand; it is not a test.
"""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

Clock = tuple[float, float]
"""(wall, cpu) seconds."""


def _now() -> Clock:
    return time.perf_counter(), time.process_time()


def _since(start: Clock) -> Clock:
    wall, cpu = _now()
    return wall - start[0], cpu - start[1]


def _median(samples: list[Clock]) -> dict[str, float]:
    return {
        "wall": round(statistics.median(s[0] for s in samples), 4),
        "cpu": round(statistics.median(s[1] for s in samples), 4),
    }


def _timed(action: Callable[[], Any], repeat: int) -> tuple[Any, list[Clock]]:
    samples = []
    result = None
    for _ in range(repeat):
        start = _now()
        result = action()
        samples.append(_since(start))
    return result, samples


def measure(path: str, tiebreaks: str, repeat: int) -> dict[str, Any]:
    """The median time of every step of ``spareggio standings`` on one file."""
    start = _now()
    import spareggio
    from spareggio.core.frame import Frame
    from spareggio.io import read_tournament
    from spareggio.render import output
    from spareggio.rules import ruleset_for_date
    from spareggio.tiebreaks import TIEBREAKS, Context, TiebreakResult, parse_spec_list

    ranking = importlib.import_module("spareggio.standings")  # the module, for its ranking step

    imported = _since(start)
    t, read = _timed(lambda: read_tournament(path), repeat)
    parsed = parse_spec_list(tiebreaks)

    def compute() -> tuple[Context, Frame, dict[str, TiebreakResult]]:
        frame = Frame.build(t)
        ctx = Context(t, frame, ruleset_for_date(t.start_date)[0])
        results = {}
        for label, spec in parsed:
            d = TIEBREAKS[spec.code]
            if d.compute is not None and label not in results:
                results[label] = d.compute(ctx, spec)
        return ctx, frame, results

    (ctx, frame, results), computed = _timed(compute, repeat)

    def rank() -> None:
        _, starts, _ = ranking._rank(ctx, frame, parsed, results)
        ranking._places(starts)

    _, ranked = _timed(rank, repeat)
    s = spareggio.rank(t, tiebreaks)
    _, written = _timed(lambda: output.standings_json(s), repeat)
    steps = {
        "read": _median(read),
        "compute": _median(computed),
        "rank": _median(ranked),
        "write": _median(written),
    }
    return {
        "file": path,
        "players": t.n_players,
        "rounds": t.rounds,
        "tiebreaks": tiebreaks,
        "repeat": repeat,
        "import": {"wall": round(imported[0], 4), "cpu": round(imported[1], 4)},
        **steps,
        "total": {k: round(sum(steps[s][k] for s in steps), 4) for k in ("wall", "cpu")},
    }


def profile(path: str, tiebreaks: str, entries: int) -> str:
    """The ``entries`` functions with the largest cumulative time in read + standings + write."""
    import cProfile
    import io
    import pstats

    import spareggio
    from spareggio.io import read_tournament
    from spareggio.render import output

    profiler = cProfile.Profile()
    profiler.enable()
    s = spareggio.rank(read_tournament(path), tiebreaks)
    output.standings_json(s)
    profiler.disable()
    buffer = io.StringIO()
    pstats.Stats(profiler, stream=buffer).sort_stats("cumulative").print_stats(entries)
    return buffer.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file")
    parser.add_argument("-t", "--tiebreaks", required=True)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", type=int, default=0, metavar="N", help="also print a cProfile top N")
    args = parser.parse_args(argv)
    sys.stdout.write(json.dumps(measure(args.file, args.tiebreaks, args.repeat)) + "\n")
    if args.profile:
        sys.stderr.write(profile(args.file, args.tiebreaks, args.profile))
    return 0


if __name__ == "__main__":
    sys.exit(main())
