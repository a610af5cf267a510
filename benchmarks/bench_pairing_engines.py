"""Which FIDE Dutch engine the generator uses: py4swiss against gacrux, judged by the rules of C.04.3.

    python benchmarks/bench_pairing_engines.py --python /path/to/venv-with-gacrux/bin/python
    python benchmarks/bench_pairing_engines.py --python ... --tournaments 16 --players 8,13,20,31,45,60
    python benchmarks/bench_pairing_engines.py --python ... --caissify   # a third engine, if installed there

For each tournament (Swiss, deterministic seeds; every second one with full, half and zero byes,
5 % forfeits and withdrawals), spareggio's generator pairs every round with py4swiss.  gacrux's pairing
checker (``python -m gacrux.pairingchecker -c``) pairs every round again from the same history; with
``--caissify`` the Dutch engine of caissify-pairings does too.  Agreement is not the measure: each
engine's pairing of each round is judged here, by rules that can be checked from the pairs alone:

* C.1 (absolute): no two players meet twice (a forfeited game does not count as played);
* C.3 (absolute): two players with the same absolute colour preference do not meet, unless one of
  them is a topscorer (over 50 % of the possible score) in the last round;
* E.1-E.5 (colour allocation, applied to the pairs the engine chose): grant both preferences; else the
  stronger one (of two absolute ones, the wider colour difference); else alternate to the latest round
  in which they had different colours; else the higher-ranked player's preference; else the higher-
  ranked player takes the initial colour when his pairing number is odd, the other when it is even.

Where the two engines choose different pairs, a coarse quality figure (sum of the score differences
of the pairs, then strong or absolute preferences not met, then all preferences not met, C.04.3
C.7, C.13, C.12) says which pairing the rules would prefer; it sums over the round, where the rules
go bracket by bracket, so it is reported as its own column and not as a verdict.

CPU seconds per round paired: py4swiss in this process (``time.process_time`` around the generation),
gacrux in its child processes (``getrusage`` of the children, less the interpreter's start-up).

Run on demand; it is not a test.  The figures in docs/conformance.md come from it.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from spareggio.generator import ByeRates, GeneratorOptions, ResultRates, generate_event

Pairs = frozenset[tuple[int, int]]
Block = tuple[int, str, str]
POINTS = {"1": 1.0, "+": 1.0, "W": 1.0, "U": 1.0, "F": 1.0, "=": 0.5, "H": 0.5, "D": 0.5}

CAISSIFY = """
import json, sys
from caissify_pairings.fpc import check_trf
report = check_trf(open(sys.argv[1], encoding="utf-8").read())
print(json.dumps({r["round"]: [(p["white"], p.get("black") or 0) for p in r["engine_pairings"]]
                  for r in report["rounds"]}))
"""


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def histories(text: str) -> dict[int, list[Block]]:
    """Start number -> (opponent or 0, colour, result code) of each round, from the 001 lines."""
    out: dict[int, list[Block]] = {}
    for line in text.splitlines():
        if not line.startswith("001"):
            continue
        blocks: list[Block] = []
        for i in range(91, len(line) - 6, 10):
            opp = line[i:i + 4].strip()
            blocks.append((int(opp) if opp.isdigit() else 0, line[i + 5], line[i + 7]))
        out[int(line[4:8])] = blocks
    return out


def played_colours(blocks: list[Block]) -> list[str]:
    return [c for _, c, code in blocks if c in "wb" and code in "10=WDL"]


def preference(blocks: list[Block]) -> tuple[str, int]:
    """(colour, strength): 3 absolute, 2 strong, 1 mild, 0 none (C.04.3 A.6)."""
    cols = played_colours(blocks)
    if not cols:
        return "", 0
    cd = cols.count("w") - cols.count("b")
    if cd > 1 or cols[-2:] == ["w", "w"]:
        return "b", 3
    if cd < -1 or cols[-2:] == ["b", "b"]:
        return "w", 3
    if cd in (1, -1):
        return ("b" if cd == 1 else "w"), 2
    return ("b" if cols[-1] == "w" else "w"), 1


def points(blocks: list[Block]) -> float:
    return sum(POINTS.get(code, 0.0) for _, _, code in blocks)


def initial_colour(hist: dict[int, list[Block]]) -> str:
    for p in sorted(hist):
        opp, col, _ = hist[p][0]
        if opp and col in "wb":
            hi_col = col if p < opp else ("b" if col == "w" else "w")
            return hi_col if min(p, opp) % 2 else ("b" if hi_col == "w" else "w")
    return "w"


def due_white(hist: dict[int, list[Block]], rnd: int, w: int, b: int, init: str) -> int:
    """Who the colour rules E.1-E.5 give White when ``w`` and ``b`` meet in round ``rnd``."""
    hw, hb = hist[w][:rnd - 1], hist[b][:rnd - 1]
    (pw, sw), (pb, sb) = preference(hw), preference(hb)
    hi, lo = (w, b) if (-points(hw), w) < (-points(hb), b) else (b, w)

    def granted(x: int) -> int:
        return x if (pw if x == w else pb) == "w" else (b if x == w else w)

    if sw and sb and pw != pb:
        return granted(w)  # E.1
    if bool(sw) != bool(sb):
        return granted(w if sw else b)  # E.1, one preference
    if sw and sb:
        if sw != sb:
            return granted(w if sw > sb else b)  # E.2
        cw, cb = played_colours(hw), played_colours(hb)
        if sw == 3 and abs(cw.count("w") - cw.count("b")) != abs(cb.count("w") - cb.count("b")):
            wider = w if abs(cw.count("w") - cw.count("b")) > abs(cb.count("w") - cb.count("b")) else b
            return granted(wider)  # E.2, two absolute preferences
        for a, c in zip(reversed(cw), reversed(cb), strict=False):
            if a != c:
                return w if a == "b" else b  # E.3
        return granted(hi)  # E.4
    hi_col = init if hi % 2 else ("b" if init == "w" else "w")
    return hi if hi_col == "w" else lo  # E.5


def judge(hist: dict[int, list[Block]], rnd: int, rounds: int, pairs: Pairs, init: str) -> Counter[str]:
    """The rules a round's pairs break: ``C.1``, ``C.3``, ``E`` (colour allocation)."""
    broken: Counter[str] = Counter()
    top = (rounds - 1) / 2
    for w, b in pairs:
        if not b:
            continue
        hw, hb = hist[w][:rnd - 1], hist[b][:rnd - 1]
        if any(o == b and code in "10=" for o, _, code in hw):
            broken["C.1"] += 1
        (pw, sw), (pb, sb) = preference(hw), preference(hb)
        topscorer = rnd == rounds and max(points(hw), points(hb)) > top
        if sw == sb == 3 and pw == pb and not topscorer:
            broken["C.3"] += 1
        if due_white(hist, rnd, w, b, init) != w:
            broken["E"] += 1
    return broken


def quality(hist: dict[int, list[Block]], rnd: int, pairs: Pairs) -> tuple[float, int, int]:
    """(sum of score differences, strong or absolute preferences not met, preferences not met)."""
    psd, strong, unmet = 0.0, 0, 0
    for w, b in pairs:
        if not b:
            continue
        hw, hb = hist[w][:rnd - 1], hist[b][:rnd - 1]
        for (col, strength), got in ((preference(hw), "w"), (preference(hb), "b")):
            if strength and col != got:
                unmet += 1
                strong += strength >= 2
        psd += abs(points(hw) - points(hb))
    return psd, strong, unmet


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--python", required=True, help="interpreter of a virtualenv with gacrux installed")
    ap.add_argument("--tournaments", type=int, default=16, help="tournaments per field size")
    ap.add_argument("--players", default="8,13,20,31,45,60", help="field sizes")
    ap.add_argument("--caissify", action="store_true", help="judge caissify-pairings too (same interpreter)")
    args = ap.parse_args()
    sizes = [int(x) for x in args.players.split(",")]
    start = children_cpu()
    subprocess.run([args.python, "-c", "import gacrux.pairingchecker"], check=True)
    startup = children_cpu() - start
    engines = ["py4swiss", "gacrux", *(["caissify"] if args.caissify else [])]
    print(f"gacrux interpreter start-up and import: {startup:.3f} s CPU")
    print("| players | rounds | same pairs | " + " | ".join(f"{e} correct (C.1, C.3, E)" for e in engines)
          + " | quality: py4swiss better / gacrux better / tie | py4swiss s/round | gacrux s/round |")
    print("|---:" * (5 + len(engines) + 1) + "|")
    total: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            c: Counter[str] = Counter()
            ours = theirs = 0.0
            rounds = 5 if n <= 8 else 7 if n < 20 else 9
            for seed in range(args.tournaments):
                busy = seed % 2 == 0
                o = GeneratorOptions(
                    n, rounds, seed,
                    byes=ByeRates(full=0.01, half=0.05, zero=0.03) if busy else ByeRates(),
                    results=ResultRates(forfeit=0.05 if busy else 0.01),
                    withdrawal=0.05 if busy else 0.0,
                )  # fmt: skip
                t0 = time.process_time()
                try:
                    g = generate_event(o)
                except ValueError:
                    c["unpairable"] += 1
                    continue
                ours += time.process_time() - t0
                path = Path(tmp) / f"p{n}-{seed}.trf"
                path.write_text(g.text, encoding="utf-8")
                c0 = children_cpu()
                done = subprocess.run(
                    [args.python, "-m", "gacrux.pairingchecker", "-i", str(path), "-c"],
                    capture_output=True, text=True, check=True,
                )  # fmt: skip
                theirs += children_cpu() - c0 - startup
                found = json.loads(done.stdout)
                result = found.get("pairingResult", found)
                checked = result["roundpairing"] if isinstance(result, dict) else result
                third: dict[str, list[list[int]]] = {}
                if args.caissify:
                    out = subprocess.run([args.python, "-c", CAISSIFY, str(path)],
                                         capture_output=True, text=True, check=True)  # fmt: skip
                    third = json.loads(out.stdout)
                hist = histories(g.text)
                init = initial_colour(hist)
                for r in checked:
                    rnd = r["round"]
                    mine: Pairs = frozenset((w, b or 0) for w, b in r["current"])
                    paired = {"py4swiss": mine, "gacrux": frozenset((w, b or 0) for w, b in r["pairs"])}
                    if args.caissify:  # its requested byes are put back in its report: drop them
                        paired["caissify"] = frozenset(
                            (w, b) for w, b in third.get(str(rnd), []) if b or (w, 0) in mine
                        )
                    c["rounds"] += 1
                    c["same"] += paired["py4swiss"] == paired["gacrux"]
                    for e, pairs in paired.items():
                        broken = judge(hist, rnd, rounds, pairs, init)
                        c[e + " correct"] += not broken
                        for rule in broken:
                            c[f"{e} {rule}"] += 1
                    if paired["py4swiss"] != paired["gacrux"]:
                        qa = quality(hist, rnd, paired["py4swiss"])
                        qb = quality(hist, rnd, paired["gacrux"])
                        c["q py4swiss" if qa < qb else "q gacrux" if qb < qa else "q tie"] += 1
            total.update(c)
            cells = " | ".join(
                f"{c[e + ' correct']} (C.1 {c[e + ' C.1']}, C.3 {c[e + ' C.3']}, E {c[e + ' E']})" for e in engines
            )
            paired_rounds = max(c["rounds"], 1)
            print(
                f"| {n} | {c['rounds']} | {c['same']} | {cells} | {c['q py4swiss']} / {c['q gacrux']} / {c['q tie']} | "
                f"{ours / paired_rounds:.4f} | {theirs / paired_rounds:.4f} |"
            )
    print("total:", dict(sorted(total.items())))


if __name__ == "__main__":
    main()
