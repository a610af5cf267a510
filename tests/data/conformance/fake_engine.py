"""A tie-break engine that departs from spareggio in known ways, for the conformance tests.

    python fake_engine.py MODE INPUT OUTPUT

It ranks INPUT with spareggio under the rule version of the start date, then, by MODE:

* ``json``: prints spareggio's ranks and values as the JSON of the engine contract (no difference);
* ``trf``: writes INPUT with spareggio's ranks in the rank column (001 columns 86-89; 310 columns
  69-71 for teams), no values (no difference);
* ``reference-std``: as ``json``, but STD computed as the FIDE reference program does (docs/deviations.md
  D2): each round compared with a draw's points, never with the scheduled opponent's; computed here
  from the result codes of the 001 lines, independently of spareggio;
* ``reference-std-ranked``: as ``reference-std``, and ranked again by points then those values (the
  start number last), as an engine ranks by what it computed;
* ``reference-std-misranked``: as ``reference-std-ranked``, with the second and third places exchanged
  (a ranking its own values do not give);
* ``vur-score``: ranks and values under the rule-set option ``vur=score`` (C.07 16.5.1, a departure of
  the reference program's profile);
* ``wrong``: as ``json``, with BH of the first participant one point higher and the ranks of the
  first and the last participant exchanged (unexplained).

With the environment variable ``FAKE_ENGINE_LOG`` set, each call appends INPUT to that file; with
``FAKE_ENGINE_RANKS`` (``"3:1,1:2"``: start number, rank) the ranks it names replace those of the mode,
for a test that states by hand the order an engine printed; with ``FAKE_ENGINE_ADD`` (``"4:BH:1"``: start
number, criterion, amount) that value is printed higher by the amount.
"""

from __future__ import annotations

import json
import os
import sys
from fractions import Fraction
from pathlib import Path

from spareggio.io.registry import read_event
from spareggio.rules import ruleset_for_date
from spareggio.standings import rank

POINTS = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0), "+": Fraction(1), "-": Fraction(0),
          "U": Fraction(1), "F": Fraction(1), "H": Fraction(1, 2), "Z": Fraction(0), " ": Fraction(0)}  # fmt: skip


def std_by_draw(text: str) -> dict[int, Fraction]:
    """STD by comparison with a draw's points: 1 above ½, ½ at ½, 0 below, every round."""
    out = {}
    for line in text.splitlines():
        if line.startswith("001"):
            codes = [line[k + 9] for k in range(89, len(line) - 9, 10)]
            half = Fraction(1, 2)
            out[int(line[4:8])] = sum(
                (Fraction(1) if POINTS[c] > half else half if POINTS[c] == half else Fraction(0) for c in codes),
                Fraction(0),
            )
    return out


def main() -> int:
    mode, source, target = sys.argv[1:4]
    if os.environ.get("FAKE_ENGINE_LOG"):
        with open(os.environ["FAKE_ENGINE_LOG"], "a", encoding="utf-8") as fh:
            fh.write(source + "\n")
    event = read_event(source)
    version, _ = ruleset_for_date(event.tournament.start_date)
    rules = f"{version.name}:vur=score" if mode == "vur-score" else version.name
    s = rank(event, rules=rules)
    numbers = [p.start_number for p in event.participants().players]
    ranks = {numbers[row.index]: row.rank for row in s.rows}
    values = {
        numbers[i]: {label: str(v) for label in s.labels if (v := s.results[label].value(i)) is not None}
        for i in range(len(numbers))
    }
    if mode.startswith("reference-std"):
        text = Path(source).read_text(encoding="utf-8")
        for number, value in std_by_draw(text).items():
            if "STD" in values.get(number, {}):
                values[number]["STD"] = str(value)
    if mode in ("reference-std-ranked", "reference-std-misranked"):
        points = {numbers[row.index]: row.points for row in s.rows}
        order = sorted(numbers, key=lambda n: (-points[n], *(-Fraction(values[n].get(label, "0")) for label in s.labels), n))
        ranks = {n: k + 1 for k, n in enumerate(order)}
        if mode == "reference-std-misranked":
            ranks[order[1]], ranks[order[2]] = 3, 2
    if mode == "wrong":
        first, last = numbers[s.rows[0].index], numbers[s.rows[-1].index]
        ranks[first], ranks[last] = ranks[last], ranks[first]
        if "BH" in values[numbers[0]]:
            values[numbers[0]]["BH"] = str(Fraction(values[numbers[0]]["BH"]) + 1)
    if os.environ.get("FAKE_ENGINE_RANKS"):
        for item in os.environ["FAKE_ENGINE_RANKS"].split(","):
            number, place = item.split(":")
            ranks[int(number)] = int(place)
    if os.environ.get("FAKE_ENGINE_ADD"):
        number, label, amount = os.environ["FAKE_ENGINE_ADD"].split(":")
        values[int(number)][label] = str(Fraction(values[int(number)][label]) + Fraction(amount))
    if mode == "trf":
        lines = []
        for line in Path(source).read_text(encoding="utf-8").splitlines():
            if line.startswith("001") and not s.is_team:
                line = line.ljust(89)[:85] + f"{ranks[int(line[4:8])]:4d}" + line.ljust(89)[89:]
            elif line.startswith("310") and s.is_team:
                line = line.ljust(71)[:68] + f"{ranks[int(line[4:7])]:3d}" + line.ljust(71)[71:]
            lines.append(line)
        Path(target).write_text("\n".join(lines) + "\n", encoding="utf-8")
        return 0
    Path(target).write_text(json.dumps({"ranks": ranks, "values": values}), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
