"""A generated archive of tournament files as federations hold them, for the benchmarks of ``check``:
150-player, 9-round Swiss TRF files with the ranks they declare, most of them agreeing with the
ranking spareggio computes and a share of them (5 % by default) with two places swapped.

    python benchmarks/archive.py benchmarks/out/archive-2000 --files 2000
    python benchmarks/archive.py benchmarks/out/archive-122000 --files 122000 --distinct 2000

``--distinct`` generates that many tournaments and writes the archive by repeating them under new
names (a file of each 20th copy differs), so that an archive of a year's size is written in a
minute; the work of checking a file does not depend on which copy it is.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from spareggio.generate import generate
from spareggio.io.trf.writer import write_trf
from spareggio.standings import standings

LIST = "BH/C1,BH,SB"
"""The list the files declare (record 202) and rank by."""


def tournament_text(seed: int, players: int, rounds: int, differs: bool) -> str:
    """One tournament's TRF with its declared ranks (two swapped when ``differs``)."""
    t = generate(players, rounds, seed, start_date=dt.date(2026, 6, 1))
    s = standings(t, LIST, rules="fide-2026")
    ranks = {row.player.start_number: row.rank for row in s.rows}
    if differs:
        first, second = s.rows[0].player.start_number, s.rows[1].player.start_number
        ranks[first], ranks[second] = ranks[second], ranks[first]
    ranked = tuple(dataclasses.replace(p, rank=ranks[p.start_number]) for p in t.players)
    return write_trf(dataclasses.replace(t, players=ranked))


def make_archive(
    folder: Path, files: int, *, distinct: int | None = None, players: int = 150, rounds: int = 9, share: int = 20
) -> list[Path]:
    """Write ``files`` TRF files into ``folder`` (every ``share``-th one differing); returns them."""
    folder.mkdir(parents=True, exist_ok=True)
    kinds = distinct or files
    texts: dict[tuple[int, bool], bytes] = {}
    paths = []
    for k in range(files):
        seed = k % kinds + 1
        differs = k % share == share - 1
        key = (seed, differs)
        if key not in texts:
            texts[key] = tournament_text(seed, players, rounds, differs).encode("utf-8")
            if distinct is None:
                data = texts.pop(key)
            else:
                data = texts[key]
        else:
            data = texts[key]
        path = folder / f"{k // 1000:03d}" / f"t{k:06d}.trf"
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(data)
        paths.append(path)
    return paths


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folder", type=Path)
    ap.add_argument("--files", type=int, default=2000)
    ap.add_argument("--distinct", type=int, default=None)
    ap.add_argument("--players", type=int, default=150)
    ap.add_argument("--rounds", type=int, default=9)
    args = ap.parse_args()
    paths = make_archive(args.folder, args.files, distinct=args.distinct, players=args.players, rounds=args.rounds)
    print(f"{len(paths)} files in {args.folder}")


if __name__ == "__main__":
    main()
