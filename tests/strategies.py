"""Hypothesis strategies: valid random tournaments written as TRF-16 text.

A :class:`Spec` is an abstract crosstable: for every player and round a :class:`Cell` (the scheduled
opponent as a player index, the colour and the TRF result character), or ``None`` where the player's
line ends before that round.  :func:`render` writes it as TRF text under any numbering of the players
and any order of the lines, so that one spec gives many equivalent files.

Swiss events: each round a random matching of the players present, with random results (games,
games shorter than one move, forfeit wins and losses, double forfeits, both players losing), at most
one pairing-allocated bye, requested half/full/zero-point byes, absences (``0000 - -`` or a blank
block) and withdrawals (the rest of the line ``0000 - -``, blank, or simply missing).  Round robins:
Berger tables (circle method), single or double, complete or stopped after any round, the free round
of an odd field left blank or written ``0000 - -``.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from hypothesis import strategies as st

__all__ = [
    "Cell",
    "Spec",
    "mutated_trf",
    "numberings",
    "render",
    "round_robins",
    "swiss_tournaments",
    "tournaments",
]

SCORINGS: tuple[tuple[Fraction, Fraction, Fraction, Fraction] | None, ...] = (
    None,  # 1 / ½ / 0, no 162 record
    (Fraction(3), Fraction(1), Fraction(0), Fraction(3)),  # 162  W 3.0 D 1.0 L 0.0 A 0.0 P 3.0
    (Fraction(1), Fraction(1, 2), Fraction(0), Fraction(1, 2)),  # a PAB worth a draw
)
"""Scoring systems: ``None`` for the default, else (win, draw, loss, pab) with absence 0."""

# (this side, other side) of one game: TRF result characters, with their weights by repetition
_GAME_RESULTS = (
    [("1", "0"), ("0", "1"), ("=", "=")] * 6
    + [("+", "-"), ("-", "+")] * 2
    + [("-", "-"), ("W", "L"), ("L", "W"), ("D", "D"), ("0", "0"), ("=", "0"), ("0", "=")]
)
_RR_RESULTS = [("1", "0"), ("0", "1"), ("=", "=")] * 4 + [("+", "-"), ("-", "+"), ("-", "-")]
_STATUS = ["play"] * 14 + ["H", "F", "Z", "absent", "withdraw"]
_NAME_ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ ,.'-éèàòùüößñçšžłøåÉÖ"
_WIN = set("1W+F")
_DRAW = set("=DH")
_LOSS = set("0L")


@dataclass(frozen=True)
class Cell:
    """One round block: ``opponent`` is a player index or -1; ``zero`` is how a missing opponent
    is written (``0000`` or four blanks)."""

    opponent: int
    colour: str
    code: str
    zero: str = "0000"


BLANK = Cell(-1, " ", " ", "    ")
"""A fully blank block: not paired."""
DASH = Cell(-1, "-", "-")
"""``0000 - -``: not paired."""


@dataclass(frozen=True)
class Spec:
    """A valid tournament before it is written: ``cells[i][r]`` for player index i, round r."""

    cells: tuple[tuple[Cell | None, ...], ...]
    rounds: int
    round_robin: bool
    kind_header: str | None
    """Text of record 092, or None to let the reader infer the kind."""
    scoring: tuple[Fraction, Fraction, Fraction, Fraction] | None
    names: tuple[str, ...]
    ratings: tuple[int, ...]
    start: _dt.date
    lower_case: bool
    """Write the letter result codes in lower case."""
    newline: str
    """Line end: LF, CRLF or CR."""

    @property
    def n(self) -> int:
        return len(self.cells)

    def points(self, i: int) -> Fraction:
        """Player i's score from the result characters (what the points column must say)."""
        win, draw, loss, pab = self.scoring or (Fraction(1), Fraction(1, 2), Fraction(0), Fraction(1))
        total = Fraction(0)
        for cell in self.cells[i]:
            if cell is None:
                continue
            code = cell.code.upper()
            if code == "U" or (code == "+" and cell.opponent < 0):
                total += pab
            elif code in _WIN:
                total += win
            elif code in _DRAW:
                total += draw
            elif code in _LOSS:
                total += loss
        return total


def _block(cell: Cell, numbering: Sequence[int], lower: bool) -> str:
    code = cell.code.lower() if lower and cell.code.isalpha() else cell.code
    if cell.opponent >= 0:
        return f"  {numbering[cell.opponent]:4d} {cell.colour} {code}"
    return f"  {cell.zero} {cell.colour} {code}"


def _fmt_points(value: Fraction) -> str:
    return f"{float(value):4.1f}"


def render(spec: Spec, numbering: Sequence[int] | None = None, order: Sequence[int] | None = None) -> str:
    """The tournament as TRF-16 text.  ``numbering[i]`` is player i's start number (default i+1);
    ``order`` lists the player indices in the order their lines are written (default 0..n-1)."""
    n = spec.n
    numbers = list(numbering) if numbering is not None else list(range(1, n + 1))
    lines = ["012 Random event", "022 Nowhere", "032 ITA", f"042 {spec.start:%Y/%m/%d}"]
    if spec.kind_header is not None:
        lines.append(f"092 {spec.kind_header}")
    lines.append(f"142 {spec.rounds}")
    if spec.scoring is not None:
        win, draw, loss, pab = spec.scoring
        cells = [("W", win), ("D", draw), ("L", loss), ("A", Fraction(0)), ("P", pab)]
        lines.append("162  " + "".join(f"{sym}{float(v):4.1f}    " for sym, v in cells).rstrip())
    for i in order if order is not None else range(n):
        rating = f"{spec.ratings[i]:4d}" if spec.ratings[i] else "    "
        head = (
            f"001 {numbers[i]:4d} {'mw'[i % 2]}    {spec.names[i]:<33} {rating} ITA {1000 + i:11d} "
            f"1990/01/01 {_fmt_points(spec.points(i))} {i + 1:4d}"
        )
        blocks = "".join(_block(c, numbers, spec.lower_case) for c in spec.cells[i] if c is not None)
        lines.append(head + blocks)
    return spec.newline.join(lines) + spec.newline


def _names(draw: st.DrawFn, n: int) -> tuple[str, ...]:
    # no name a program gives to the pseudo-player of the bye ('SPIELFREI', 'Bye'): those players are
    # left out on purpose (tests/test_trf.py covers them)
    from spareggio.core.crosstable import PSEUDO_NAMES, _fold

    name = st.text(_NAME_ALPHABET, max_size=33).filter(lambda s: _fold(s) not in PSEUDO_NAMES)
    return tuple(draw(name) for _ in range(n))


def _common(draw: st.DrawFn, n: int) -> dict[str, object]:
    return {
        "names": _names(draw, n),
        "ratings": tuple(
            draw(st.lists(st.sampled_from([0, 1450, 1800, 2000, 2250, 2500]), min_size=n, max_size=n))
        ),
        "start": draw(st.dates(_dt.date(2008, 1, 1), _dt.date(2027, 12, 31))),
        "scoring": draw(st.sampled_from(SCORINGS)),
        "lower_case": draw(st.booleans()),
        "newline": draw(st.sampled_from(["\n", "\r\n", "\r"])),
    }


def _game(draw: st.DrawFn, results: list[tuple[str, str]], i: int, j: int) -> tuple[Cell, Cell]:
    a, b = draw(st.sampled_from(results))
    if a in "+-" and draw(st.integers(0, 3)) == 0:
        ci, cj = "-", "-"  # a forfeit without colours
    else:
        ci, cj = draw(st.sampled_from([("w", "b"), ("b", "w")]))
    return Cell(j, ci, a), Cell(i, cj, b)


@st.composite
def swiss_tournaments(
    draw: st.DrawFn, min_players: int = 2, max_players: int = 16, max_rounds: int = 9
) -> Spec:
    """A Swiss event: random matchings, byes, absences and withdrawals."""
    n = draw(st.integers(min_players, max_players))
    rounds = draw(st.integers(1, max_rounds))
    grid: list[list[Cell | None]] = [[None] * rounds for _ in range(n)]
    withdrawn: dict[int, Cell | None] = {}  # player -> how the rest of the line is written
    for r in range(rounds):
        status = draw(st.lists(st.sampled_from(_STATUS), min_size=n, max_size=n))
        playing: list[int] = []
        for i in range(n):
            if i in withdrawn:
                grid[i][r] = withdrawn[i]
            elif status[i] == "play":
                playing.append(i)
            elif status[i] == "absent":
                grid[i][r] = draw(st.sampled_from([BLANK, DASH, Cell(-1, "-", "-", "    ")]))
            elif status[i] == "withdraw":
                withdrawn[i] = draw(st.sampled_from([None, BLANK, DASH]))
                grid[i][r] = withdrawn[i]
            else:  # a requested bye
                grid[i][r] = Cell(-1, "-", status[i], draw(st.sampled_from(["0000", "    "])))
        playing = draw(st.permutations(playing))
        if len(playing) % 2:
            pab = playing.pop()
            grid[pab][r] = Cell(-1, "-", draw(st.sampled_from(["U", "U", "U", "+"])))
        for k in range(0, len(playing), 2):
            i, j = playing[k], playing[k + 1]
            grid[i][r], grid[j][r] = _game(draw, _GAME_RESULTS, i, j)
    return Spec(
        cells=tuple(tuple(row) for row in grid),
        rounds=rounds,
        round_robin=False,
        kind_header=draw(st.sampled_from(["Individual: Swiss-System", "FIDE_DUTCH_2025", None])),
        **_common(draw, n),  # type: ignore[arg-type]
    )


def berger(n: int) -> list[list[tuple[int, int]]]:
    """Round-robin pairings by the circle method: per round, (white, black) index pairs; an odd
    field gets a phantom player ``n`` whose partner has the free round."""
    m = n + n % 2
    ring = list(range(m))
    out: list[list[tuple[int, int]]] = []
    for r in range(m - 1):
        pairs = []
        for k in range(m // 2):
            a, b = ring[k], ring[m - 1 - k]
            pairs.append((a, b) if (r + k) % 2 == 0 else (b, a))
        out.append(pairs)
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return out


@st.composite
def round_robins(draw: st.DrawFn, min_players: int = 2, max_players: int = 10) -> Spec:
    """A round robin (single, or double when it fits in 9 rounds), possibly stopped early."""
    n = draw(st.integers(min_players, max_players))
    schedule = berger(n)
    if 2 * len(schedule) <= 9 and draw(st.booleans()):
        schedule = schedule + [[(b, a) for a, b in rnd] for rnd in schedule]
    rounds = draw(st.integers(1, len(schedule)))
    free = draw(st.sampled_from([BLANK, DASH]))
    grid: list[list[Cell | None]] = [[free] * rounds for _ in range(n)]
    for r in range(rounds):
        for a, b in schedule[r]:
            if a < n and b < n:
                ra, rb = draw(st.sampled_from(_RR_RESULTS))
                grid[a][r], grid[b][r] = Cell(b, "w", ra), Cell(a, "b", rb)
    return Spec(
        cells=tuple(tuple(row) for row in grid),
        rounds=rounds,
        round_robin=True,
        kind_header=draw(st.sampled_from(["Individual: Round-Robin", "BERGER_ROUNDROBIN", None])),
        **_common(draw, n),  # type: ignore[arg-type]
    )


def tournaments() -> st.SearchStrategy[Spec]:
    """Any valid tournament: mostly Swiss, sometimes a round robin."""
    return st.one_of(swiss_tournaments(), swiss_tournaments(), round_robins())


def numberings(n: int) -> st.SearchStrategy[list[int]]:
    """Distinct start numbers for n players (any values 1-9999, not necessarily 1..n)."""
    return st.one_of(
        st.permutations(range(1, n + 1)),
        st.lists(st.integers(1, 9999), min_size=n, max_size=n, unique=True),
    )


_FIELD_CHARS = "²٣½x -.,+=e0123456789wbUHFZ"
"""Characters written into fixed-column fields: digits that ``int`` refuses ('²') or accepts ('٣')."""
_MUTATION_CHARS = "0123456789 -+=wbWBDLHFUZXxe.,/\t\r\n²é\x00\u00a0\ufeff"


@st.composite
def mutated_trf(draw: st.DrawFn) -> bytes | str:
    """A valid tournament's text with a few random edits (characters replaced, inserted or deleted;
    lines dropped, repeated or swapped; cut short), as text or as bytes in some encoding."""
    text = render(draw(tournaments())).replace("\r\n", "\n").replace("\r", "\n")
    for _ in range(draw(st.integers(1, 4))):
        op = draw(
            st.sampled_from(
                ["field", "field", "replace", "insert", "delete", "drop", "repeat", "swap", "cut"]
            )
        )
        lines = text.split("\n")
        players = [k for k, line in enumerate(lines) if line.startswith("001")]
        if op == "field" and players:
            # a character of a fixed-column field: start number, rating, points, or a round block
            k = draw(st.sampled_from(players))
            line = lines[k]
            col = draw(
                st.sampled_from(
                    [*range(5, 9), *range(49, 53), *range(81, 85), *range(92, max(93, len(line) + 1))]
                )
            )
            ch = draw(st.sampled_from(_FIELD_CHARS))
            lines[k] = line[: col - 1].ljust(col - 1) + ch + line[col:]
            text = "\n".join(lines)
        elif op in ("replace", "insert", "delete") and text:
            p = draw(st.integers(0, len(text) - 1))
            ch = draw(st.sampled_from(_MUTATION_CHARS) | st.characters())
            if op == "replace":
                text = text[:p] + ch + text[p + 1 :]
            elif op == "insert":
                text = text[:p] + ch + text[p:]
            else:
                text = text[:p] + text[p + 1 :]
        elif op in ("drop", "repeat", "swap") and lines:
            a = draw(st.integers(0, len(lines) - 1))
            b = draw(st.integers(0, len(lines) - 1))
            if op == "drop":
                del lines[a]
            elif op == "repeat":
                lines.insert(b, lines[a])
            else:
                lines[a], lines[b] = lines[b], lines[a]
            text = "\n".join(lines)
        elif op == "cut":
            text = text[: draw(st.integers(0, len(text)))]
    text = text.replace("\n", draw(st.sampled_from(["\n", "\r\n", "\r"])))
    form = draw(st.sampled_from(["str", "utf-8", "utf-8-sig", "cp1252", "latin-1", "utf-16"]))
    if form == "str":
        return text
    return text.encode(form, errors="replace")
