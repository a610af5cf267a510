"""The TRF writer: a tournament as TRF-16 text that the reader reads back to the same values."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from ...core.frame import round_points
from ...core.model import ResultKind, Tournament
from .players import K

if TYPE_CHECKING:  # the standings are read, never built, here
    from ...standings import Standings

_CODE_OF_KIND = {
    K.PLAYED_WIN: "1", K.PLAYED_DRAW: "=", K.PLAYED_LOSS: "0", K.FORFEIT_WIN: "+",
    K.FORFEIT_LOSS: "-", K.DOUBLE_FORFEIT: "-", K.PAB: "U", K.FULL_BYE: "F", K.HALF_BYE: "H",
    K.ZERO_BYE: "Z", K.ABSENT: "-", K.WITHDRAWN: "-", K.PENDING: " ",
}  # fmt: skip
_SHORT_CODE = {K.PLAYED_WIN: "W", K.PLAYED_DRAW: "D", K.PLAYED_LOSS: "L"}


def _fmt(value: Fraction) -> str:
    return f"{float(value):.1f}" if value.denominator <= 2 else str(float(value))


# --------------------------------------------------------------------------------------------------
# writer


def _decimal(value: Fraction, width: int) -> str | None:
    """``value`` written exactly in at most ``width`` characters (``1.0``, ``11.5``, ``.25``), or None."""
    d = value.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    if d != 1:
        return None
    text = format(Decimal(value.numerator) / Decimal(value.denominator), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    if "." not in text and len(text) + 2 <= width:
        text += ".0"
    if len(text) > width and text.lstrip("-").startswith("0."):
        text = text.replace("0.", ".", 1)
    return text if len(text) <= width else None


_BREAKS = {c: " " for c in (*range(0x20), 0x7F, *range(0x80, 0xA0), 0x2028, 0x2029)}
"""Line breaks and control characters (C0, DEL, C1, the Unicode line and paragraph separators): a
field holding one would end its record early or send an escape sequence to whoever prints it."""


def _one_line(text: str) -> str:
    """A text field as a TRF field: every line break and control character written as a blank."""
    return text if text.isprintable() else text.translate(_BREAKS)


def _blocks(t: Tournament) -> list[str]:
    """The round blocks of every player, one string per player, built as one array of characters."""
    n, rounds = t.opponent.shape
    if rounds == 0:
        return [""] * n
    chars = np.full((n, rounds, 10), ord(" "), dtype=np.uint32)
    has = t.opponent >= 0
    number = np.where(has, t.start_numbers()[np.where(has, t.opponent, 0)], 0)
    for k in range(4):
        scale = 10 ** (3 - k)
        digit = (number // scale) % 10 + ord("0")
        chars[:, :, 2 + k] = np.where(~has | (number >= scale) | (k == 3), digit, ord(" "))
    colour = np.array([ord("-"), ord("w"), ord("b")], dtype=np.uint32)
    chars[:, :, 7] = np.where(has, colour[t.color.astype(np.int64)], ord("-"))
    code = np.full(max(ResultKind) + 1, ord("-"), dtype=np.uint32)
    short_code = code.copy()
    for k, symbol in _CODE_OF_KIND.items():
        code[k] = short_code[k] = ord(symbol)
    for k, symbol in _SHORT_CODE.items():
        short_code[k] = ord(symbol)
    kinds = t.kind.astype(np.int64)
    chars[:, :, 9] = np.where(t.short_game, short_code[kinds], code[kinds])
    return np.ascontiguousarray(chars).reshape(n, rounds * 10).view(f"<U{rounds * 10}").ravel().tolist()


def write_trf(t: Tournament) -> str:
    """The tournament as TRF-16 text (with the 142 and, if not default, 162 records, and the TRF-26
    records 212, 299, 172 and national ratings where the tournament has them); LF line ends.

    Every field is written so that :func:`parse_trf` reads the same values back; a points total that
    does not fit the four columns of the points field is left blank.
    """
    out: list[str] = []
    if t.name:
        out.append(f"012 {_one_line(t.name)}")
    if t.city:
        out.append(f"022 {_one_line(t.city)}")
    if t.federation:
        out.append(f"032 {_one_line(t.federation)}")
    for code, date in (("042", t.start_date), ("052", t.end_date)):
        if date:
            out.append(f"{code} {date.year:04d}/{date.month:02d}/{date.day:02d}")
    out.append("092 Individual: " + ("Round-Robin" if t.is_round_robin else "Swiss-System"))
    # the rounds announced, or the rounds held when the file holds more (it read with a warning: a
    # file written here reads without one)
    out.append(f"142 {max(t.announced_rounds or 0, t.rounds)}")
    if not t.scoring.is_default:
        s = t.scoring
        cells = [("W", s.win), ("D", s.draw), ("L", s.loss), ("A", s.absence)]
        if s.pab is not None:  # without P a PAB is worth a win
            cells.append(("P", s.pab))
        # one 9-column cell per symbol: the symbol in column 6 + 9k, its points in columns 7-10 + 9k
        # a value with no exact 4-character form (only possible for a Scoring built in code) is rounded
        out.append(
            "162  "
            + "".join(f"{sym}{_decimal(v, 4) or f'{float(v):.2f}'[:4]:>4}    " for sym, v in cells).rstrip()
        )
    if t.tiebreak_list:
        # a list that names PTS (a tie-break before the points) is written as it is
        pts_first = "" if any(x.upper() == "PTS" for x in t.tiebreak_list) else "PTS,"
        out.append("212 " + pts_first + ",".join(_one_line(x) for x in t.tiebreak_list))
    out.extend(t.decisions.records())
    out.extend(_adjustment_lines(t))
    national = _national_lines(t)
    out.extend(national)
    scored = round_points(t, t.kind)
    unit = scored.unit
    totals = scored.totals.tolist() if t.rounds else [0] * t.n_players
    for p, total, blocks in zip(t.players, totals, _blocks(t), strict=True):
        pts = _decimal(Fraction(total, unit), 4) or ""
        rating = f"{p.rating:4d}" if p.rating and 0 < p.rating <= 9999 else "    "
        rank = f"{p.rank:4d}" if p.rank is not None and 0 <= p.rank <= 9999 else "    "
        sex, title, name = _one_line(p.sex[:1]), _one_line(p.title[:3]), _one_line(p.name[:33])
        fed, fide_id, born = _one_line(p.federation[:3]), _one_line(p.fide_id[:11]), _one_line(p.birth_date[:10])
        head = (
            f"001 {p.start_number:4d} {sex or ' '}{title:>3} {name:<33} {rating} "
            f"{fed:<3} {fide_id:>11} {born:<10} {pts:>4} {rank}"
        )
        out.append(head + blocks)
    return "\n".join(out) + "\n"


def _adjustment_lines(t: Tournament) -> list[str]:
    """Record 299, one per adjustment: type in column 5, points in 14-17, round in 20-22, the start
    number from 24 (none: every player)."""
    sno = t.start_numbers()
    out = []
    for a in t.adjustments:
        points = _decimal(a.points, 4) or f"{float(a.points):.1f}"[:4]
        line = f"299 {a.result or ' '}        {points:>4}  {(a.round + 1) if a.round is not None else 0:03d}"
        if a.player is not None:
            line += f" {int(sno[a.player]):4d}"
        out.append(line)
    return out


def _national_lines(t: Tournament) -> list[str]:
    """Record 172 and the national rating records (the federation of the file's 172, else the
    event's), when the tournament has national ratings or a rating method other than FIDE."""
    rated = [p for p in t.players if p.national_rating is not None]
    if not rated and t.rating_method == "FIDE":
        return []
    fed = (t.headers.get("172", "")[:3].strip() or t.federation[:3] or "FED").upper()
    out = [f"172 {fed:<3} {t.rating_method}"]
    for p in rated:
        rating = p.national_rating if p.national_rating is not None and 0 < p.national_rating <= 9999 else 0
        out.append(f"{fed:<3} {p.start_number:4d}{'':40}{rating:4d}" if rating else f"{fed:<3} {p.start_number:4d}")
    return out


def decided_tournament(s: Standings, *, ranks: bool = False) -> Tournament:
    """The tournament of the standings ``s`` with what made them: the decisions (playoffs, the
    arbiter's orders, the seed of the lots, exclusions and the log of changes: records XPO, XLT,
    XEX, XCL) and the tie-break list used (record 212, ``RND`` at its end when lots were drawn);
    with ``ranks``, the computed ranks in columns 86-89 too.  What ``--save-trf`` writes and the
    page's TRF download."""
    t = s.tournament
    labels = list(s.labels) + (["RND"] if s.decisions.lots_seed is not None else [])
    players = t.players
    if ranks:
        rank = {row.player.start_number: row.rank for row in s.rows}
        players = tuple(dataclasses.replace(p, rank=rank.get(p.start_number, p.rank)) for p in t.players)
    return dataclasses.replace(t, players=players, decisions=s.decisions, tiebreak_list=tuple(labels))


def write_decided_trf(s: Standings, *, ranks: bool = False) -> str:
    """The TRF text of :func:`decided_tournament`."""
    return write_trf(decided_tournament(s, ranks=ranks))


def with_team_ranks(text: str, ranks: dict[int, int]) -> str:
    """A team event's TRF text with the team ranks ``ranks`` (by team number) written into record
    310, columns 69-71; every other line as it was (the team records are kept whole: the file is
    its own writer's, not rebuilt)."""
    lines = []
    for line in text.splitlines():
        number = line[4:7].strip()
        if line.startswith("310") and number.isascii() and number.isdigit() and int(number) in ranks:
            line = line.ljust(71)[:68] + f"{ranks[int(number)]:>3}" + line.ljust(71)[71:]
        lines.append(line)
    return "\n".join(lines) + "\n"


def iter_lines(text: str) -> Iterable[str]:  # pragma: no cover - convenience for callers
    return iter(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"))
