"""Which FIDE Dutch engine the generator uses: py4swiss against gacrux, for correctness and speed.

    python benchmarks/bench_pairing_engines.py --python /path/to/venv-with-gacrux/bin/python
    python benchmarks/bench_pairing_engines.py --python ... --tournaments 100 --players 10,30,60

For each tournament (Swiss, deterministic seeds, the generator's default irregular rounds plus more
byes and forfeits in every third one, Baku in every fifth), spareggio's generator pairs every round
with py4swiss; gacrux's pairing checker (``python -m gacrux.pairingchecker -c``) then pairs every
round again from the same history and says whether its pairing is the one in the file.  Measured:

* agreement: tournaments and rounds where gacrux's own pairing is py4swiss's (a round that differs is
  one the checker prints with its "Checker pairing" beside the file's);
* CPU seconds per round paired: py4swiss in this process (``time.process_time`` around the
  generation, which is almost all pairing), gacrux in its child processes (``getrusage`` of the
  children, less the interpreter's start-up measured on an empty run).

Run on demand; it is not a test.  The figures in docs/conformance.md come from it.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from spareggio.generator import ByeRates, GeneratorOptions, ResultRates, generate_event


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--python", required=True, help="interpreter of a virtualenv with gacrux installed")
    ap.add_argument("--tournaments", type=int, default=60, help="tournaments per field size")
    ap.add_argument("--players", default="12,30,60", help="field sizes")
    ap.add_argument("--rounds", type=int, default=7)
    args = ap.parse_args()
    sizes = [int(x) for x in args.players.split(",")]
    start = children_cpu()
    subprocess.run([args.python, "-c", "import gacrux.pairingchecker"], check=True)
    startup = children_cpu() - start
    print(f"gacrux interpreter start-up and import: {startup:.3f} s CPU")
    print("| players | tournaments | rounds paired | tournaments alike | rounds alike | py4swiss s/round | gacrux s/round |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            agree = rounds_paired = rounds_differ = 0
            ours = theirs = 0.0
            disagree: list[int] = []
            for seed in range(args.tournaments):
                busy = seed % 3 == 0
                o = GeneratorOptions(
                    n, args.rounds, seed,
                    byes=ByeRates(full=0.01, half=0.05, zero=0.03) if busy else ByeRates(),
                    results=ResultRates(forfeit=0.05 if busy else 0.01),
                    withdrawal=0.05 if busy else 0.0,
                    baku=seed % 5 == 0,
                )  # fmt: skip
                t0 = time.process_time()
                g = generate_event(o)
                ours += time.process_time() - t0
                rounds_paired += g.swiss_rounds_paired
                path = Path(tmp) / f"p{n}-{seed}.trf"
                path.write_text(g.text, encoding="utf-8")
                c0 = children_cpu()
                done = subprocess.run(
                    [args.python, "-m", "gacrux.pairingchecker", "-i", str(path), "-c", "-dT"],
                    capture_output=True, text=True, check=False,
                )  # fmt: skip
                theirs += children_cpu() - c0 - startup
                rounds_differ += done.stdout.count("Checker pairing")
                if "Check: True" in done.stdout:
                    agree += 1
                else:
                    disagree.append(seed)
            print(
                f"| {n} | {args.tournaments} | {rounds_paired} | {agree} | {rounds_paired - rounds_differ} | "
                f"{ours / max(rounds_paired, 1):.4f} | {theirs / max(rounds_paired, 1):.4f} |"
            )
            if disagree:
                print(f"  seeds where gacrux pairs otherwise: {disagree}")


if __name__ == "__main__":
    main()
