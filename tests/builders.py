"""A tiny notation for hand-built tournaments in tests, after the seeds' strips.

Each player's card is a list of round tokens::

    +W2   win with White against 2        =B3   draw with Black against 3     -W4  loss with White
    +F6   forfeit win against 6           -F5   forfeit loss against 5         DF7  double forfeit with 7
    PAB   pairing-allocated bye           FPB   requested full-point bye
    HPB   requested half-point bye        ZPB   requested zero-point bye       --   not paired (blank)
    .     nothing written here: the round is filled from the opponent's card, else "not paired"

Only one side of a game needs to be written: the opponent's side is filled in (``+W2`` on 1's card
puts ``-B1`` on 2's card).  Rounds nobody wrote are "not paired".  ``build(cards)`` returns TRF text.
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

from spareggio import Tournament
from spareggio.cli import main
from spareggio.io.trf import parse_trf

__all__ = ["ambiguous_date", "build", "tournament"]

_TOKEN = re.compile(r"^(?:([+=-])([WBF])(\d+)|DF(\d+)|(PAB|FPB|HPB|ZPB|--))$")
_BYES = {"PAB": "U", "FPB": "F", "HPB": "H", "ZPB": "Z", "--": "-"}
_OPPOSITE = {"+": "-", "-": "+", "=": "="}
_CODE = {"+": "1", "=": "=", "-": "0"}


def build(
    cards: dict[int, str],
    *,
    players: int | None = None,
    rounds: int | None = None,
    name: str = "Test",
    date: str | None = "2026/06/01",
    kind: str | None = "Individual: Swiss-System",
    ratings: dict[int, int] | None = None,
    names: dict[int, str] | None = None,
    extra_headers: list[str] | None = None,
) -> str:
    """TRF-16 text for the given cards (start number -> tokens separated by blanks)."""
    n = players or max([*cards, *(int(x) for c in cards.values() for x in re.findall(r"\d+", c))])
    parsed = {sno: card.split() for sno, card in cards.items()}
    nr = rounds or max(len(toks) for toks in parsed.values())
    grid: dict[tuple[int, int], tuple[int, str, str]] = {}  # (player, round) -> (opp, colour, code)

    def put(p: int, r: int, cell: tuple[int, str, str]) -> None:
        if (p, r) in grid and grid[(p, r)] != cell:
            raise ValueError(f"player {p} round {r + 1}: {grid[(p, r)]} conflicts with {cell}")
        grid[(p, r)] = cell

    for sno, toks in parsed.items():
        for r, tok in enumerate(toks):
            if tok == ".":
                continue
            m = _TOKEN.match(tok)
            if not m:
                raise ValueError(f"bad token {tok!r}")
            res, col, opp, df, bye = m.groups()
            if bye:
                put(sno, r, (0, "-", _BYES[bye]))
            elif df:
                o = int(df)
                c1, c2 = ("w", "b") if sno < o else ("b", "w")
                put(sno, r, (o, c1, "-"))
                put(o, r, (sno, c2, "-"))
            elif col == "F":
                o = int(opp)
                c1, c2 = ("w", "b") if sno < o else ("b", "w")
                code = "+" if res == "+" else "-"
                put(sno, r, (o, c1, code))
                put(o, r, (sno, c2, "-" if code == "+" else "+"))
            else:
                o = int(opp)
                c1, c2 = ("w", "b") if col == "W" else ("b", "w")
                put(sno, r, (o, c1, _CODE[res]))
                put(o, r, (sno, c2, _CODE[_OPPOSITE[res]]))
    lines = [f"012 {name}"]
    if date:
        lines.append(f"042 {date}")
    if kind:
        lines.append(f"092 {kind}")
    lines.append(f"142 {nr}")
    lines.extend(extra_headers or [])
    for p in range(1, n + 1):
        rating = (ratings or {}).get(p, 2400 - 10 * p)
        pname = (names or {}).get(p, f"Player {p}")
        head = f"001 {p:4d} m    {pname:<33} {rating:4d} ITA {p:11d} 2000/01/01  0.0 {p:4d}"
        blocks = []
        for r in range(nr):
            opp, col, code = grid.get((p, r), (0, "-", "-"))
            blocks.append(f"  {opp:04d} {col} {code}" if opp == 0 else f"  {opp:4d} {col} {code}")
        lines.append(head + "".join(blocks))
    return "\n".join(lines) + "\n"


def tournament(cards: dict[int, str], **kw: object) -> Tournament:
    """Parse :func:`build`'s text (the points column is left at 0.0: points come from the results)."""
    t = parse_trf(build(cards, **kw), "test.trf")  # type: ignore[arg-type]
    t.warnings.clear()
    return t


def ambiguous_date(example: Path, folder: Path) -> Path:
    """``example`` dated 01/03/2026 with no end or round dates, written in ``folder``: day first it
    is 1 March 2026 (fide-2026), month first 3 January 2026 (fide-2024), an assumption that changes
    the rule set."""
    lines = [
        "042 01/03/2026" if line.startswith("042") else line
        for line in example.read_text(encoding="utf-8").split("\n")
        if not line.startswith(("052", "132"))
    ]
    path = folder / "ambiguous.trf"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


VUR_CARDS = {
    1: "+W2 +B3 HPB -F4 +W5",
    2: ". -W4 =W6 -B5 =W3",
    3: "-B4 . =W5 =B6 .",
    4: ". . +W7 . =W6",
    5: "=W6 +W7",
    6: ". PAB",
    7: "PAB . . -- --",
}
"""The cards of C.07 16.5.1's case (which voluntary unplayed round is compared with the least
significant value): seven players, five rounds, unplayed rounds of every kind. The crosstable with
its points is written out in tests/test_reference_cases.py."""


def run_cli(*args: str, stdout: io.StringIO | None = None) -> tuple[int, str, str]:
    """``spareggio ARGS`` in this process: its exit status, what it wrote on standard output (into
    ``stdout`` when given, say a terminal's stand-in) and on standard error."""
    out, err = stdout or io.StringIO(), io.StringIO()
    old = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        status = main(list(args))
    finally:
        sys.stdout, sys.stderr = old
    return status, out.getvalue(), err.getvalue()
