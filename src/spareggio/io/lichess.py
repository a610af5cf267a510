"""lichess Swiss exports: the TRF dialect of lichess's "Export TRF" and its results (the Swiss
results export, one JSON object per line) as the ranks lichess declares.

The TRF dialect (lichess writes it for its pairing engine; the records it writes: 012 name, 022 the
event's address, 032 ``Lichess``, 042/052 dates like ``Nov 30, 2025``, 062, 092, 102, XXR, XXC, XXP;
players numbered by rating, the lichess username as the name (from column 16), the lichess rating in
49-52), read
with a warning for each of its habits:

* the bye the pairing gives (one point) is written ``F`` in older exports: read as ``U``, the
  pairing-allocated bye (lichess has no requested full-point byes; a late joiner's ``H`` is kept);
* a player who left before the end gets a block ``0000 - -`` in the round after the current one: a
  round holding nothing but such blocks is dropped (the event stands after the rounds played);
* ranks are not written: the declared ranks come from the results export, when there is one;
* the ratings are lichess ratings, and lichess breaks ties by its own tie-break (Sonneborn-Berger
  over the games played, then performance): the file's tie-break list is taken as ``SB``, said in a
  warning (``--rules naive`` counts the games played only, as lichess does).

The results export (``/api/swiss/{id}/results``: lines like ``{"rank": 1, "points": 4.5,
"tieBreak": 12.25, "rating": 1800, "username": "Name", "performance": 1905}``) gives each player's
declared rank, matched by username (any case).  It is read from the file named by
``ReadOptions.ranks``, else from a companion next to the TRF file on disk (``ReadOptions.beside``:
never for an upload): the same name with ``.ndjson``, ``.results.ndjson`` or ``.results.json``
instead of ``.trf``.
"""

from __future__ import annotations

import dataclasses
import json
import os
from fractions import Fraction

from ..base.errors import ArgumentError, Diagnostic, InputError, Position, os_reason, printable_path
from ..base.i18n import Field, msg
from ..base.jsontypes import JsonObject, JsonValue
from ..core.model import Tournament
from .files import ensure_regular
from .heads import sniff_lichess as sniff
from .options import Event, ReadOptions
from .trf.columns import _FIRST_BLOCK
from .trf.reader import parse_trf
from .trf.text import _load

__all__ = ["companion", "parse", "read_results", "sniff"]

_COMPANIONS = (".ndjson", ".results.ndjson", ".results.json")


def companion(name: str) -> str | None:
    """The results export next to a TRF file, if there is one."""
    stem, ext = os.path.splitext(name)
    if ext.lower() not in (".trf", ".txt"):
        return None
    for suffix in _COMPANIONS:
        if os.path.isfile(stem + suffix):
            return stem + suffix
    return None


def parse(data: bytes, name: str, options: ReadOptions) -> Event:
    """The tournament of a lichess TRF export, with the declared ranks of its results export."""
    where = printable_path(name)
    lines, encoding = _load([data], where)
    notes: list[Diagnostic] = []
    _byes_as_pab(lines, where, notes)
    _drop_phantom_round(lines, where, notes)
    t = parse_trf("\n".join(lines), name, kind=options.kind, lenient=options.lenient, rating=options.rating)
    t.encoding = encoding
    t.warnings[:0] = notes
    if t.tiebreak_list is None:
        t.tiebreak_list = ("SB",)
        t.warnings.append(
            Diagnostic(
                "lichess-tiebreaks",
                msg(
                    "lichess ranks by points, then by its tie-break (Sonneborn-Berger over the games played; "
                    "{field} naive counts them so), then by performance: the file's tie-break list is taken as SB; "
                    "the ratings are lichess ratings",
                    field=Field.RULES,
                ),
                Position(where, 1, 1),
            )
        )
    t.publisher = "lichess"
    if t.declared_rules is None:  # the dialect names the program: its profile ranks the file
        t.declared_rules = "lichess"
        t.declared_rules_reason = msg("a lichess Swiss export: ranked as lichess ranks (its profile)")
    results = options.ranks or (companion(options.beside) if options.beside else None)
    if results is not None:
        read_results(t, results)
    elif options.ranks_data is not None:
        apply_results(t, options.ranks_data, "results.ndjson")
    elif all(p.rank is None for p in t.players):
        t.warnings.append(
            Diagnostic(
                "lichess-no-ranks",
                msg(
                    "lichess writes no ranks in its TRF: give its results export ({name}) to compare with the ranks it declares",
                    name=os.path.basename(os.path.splitext(name)[0]) + ".ndjson",
                ),
                Position(where, 1, 1),
            )
        )
    return t


def _byes_as_pab(lines: list[str], where: str, notes: list[Diagnostic]) -> None:
    """``F`` without opponent is lichess's pairing bye: rewritten ``U`` in place (same columns)."""
    found: list[tuple[int, int]] = []
    for k, line in enumerate(lines):
        if not line.startswith("001"):
            continue
        chars = list(line)
        for col in range(_FIRST_BLOCK - 1, len(line), 10):
            block = line[col : col + 8]
            if len(block) == 8 and block[7] in "Ff" and block[:4].strip() in ("", "0000"):
                chars[col + 7] = "U"
                found.append((k + 1, col + 8))
        lines[k] = "".join(chars)
    if found:
        notes.append(
            Diagnostic(
                "lichess-bye",
                msg(
                    "lichess writes the bye the pairing gives as F: {count} read as U (pairing-allocated bye), the first here",
                    count=len(found),
                ),
                Position(where, *found[0]),
            )
        )


def _drop_phantom_round(lines: list[str], where: str, notes: list[Diagnostic]) -> None:
    """A last round in which no player has an opponent or a bye, only absences (``0000 - -`` of the
    players who left), is lichess's mark of absence for the round to come: cut from every line."""
    players = [k for k, line in enumerate(lines) if line.startswith("001")]
    width = max((_rounds_in(lines[k]) for k in players), default=0)
    if width < 2:
        return
    col = _FIRST_BLOCK - 1 + 10 * (width - 1)
    blocks = [lines[k][col : col + 8].ljust(8) for k in players]
    if not all(b[:4].strip() in ("", "0000") and b[7] in "- " for b in blocks):
        return
    first = next(k for k in players if lines[k][col : col + 8].strip())
    for k in players:
        lines[k] = lines[k][: col - 2].rstrip()
    notes.append(
        Diagnostic(
            "lichess-phantom-round",
            msg(
                "lichess marks the players who left with a round {number} of absences only: that round is dropped, the event stands after round {rounds}",
                number=width,
                rounds=width - 1,
            ),
            Position(where, first + 1, col + 1),
        )
    )


def _rounds_in(line: str) -> int:
    text = line.rstrip()
    return max(0, (len(text) - (_FIRST_BLOCK - 1) + 9) // 10)


def read_results(t: Tournament, path: str) -> None:
    """Set every player's declared rank from a lichess results export (matched by username, any
    case); disagreements and players missing on either side are warnings.

    :raises InputError: for a line that is not a JSON object with a whole ``rank`` and a ``username``.
    :raises ArgumentError: if the file cannot be read.
    """
    ensure_regular(path)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(64 * 1024 * 1024 + 1)
    except OSError as exc:
        raise ArgumentError(
            msg("{path}: cannot read the file ({value})", path=path, value=os_reason(exc))
        ) from None
    apply_results(t, raw, printable_path(path))


def apply_results(t: Tournament, raw: bytes, where: str) -> None:
    """Set every player's declared rank from the content of a lichess results export (``where``
    names it in messages); as :func:`read_results`.

    :raises InputError: for a line that is not a JSON object with a whole ``rank`` and a ``username``.
    """
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(msg("the file is not UTF-8 text"), Position(where, 1, 1)) from None
    by_name = {p.name.strip().lower(): i for i, p in enumerate(t.players)}
    seen: set[int] = set()
    players = list(t.players)
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            item: JsonValue = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(
                msg("invalid JSON: {msg_}", msg_=exc.msg), Position(where, number, exc.colno)
            ) from None
        fields: JsonObject = item if isinstance(item, dict) else {}
        rank, user = fields.get("rank"), fields.get("username")
        if not isinstance(rank, int) or isinstance(rank, bool) or rank < 1 or not isinstance(user, str):
            raise InputError(
                msg(
                    'a lichess result needs a whole "rank" and a "username", found {found}',
                    found=line.strip()[:60],
                ),
                Position(where, number, 1),
            )
        i = by_name.get(user.strip().lower())
        if i is None:
            t.warnings.append(
                Diagnostic(
                    "lichess-results",
                    msg("{user} (rank {rank}) is not a player of the TRF file", user=user, rank=rank),
                    Position(where, number, 1),
                )
            )
            continue
        seen.add(i)
        players[i] = dataclasses.replace(players[i], rank=rank)
        points = fields.get("points")
        if isinstance(points, int | float) and not isinstance(points, bool):
            declared = players[i].points
            if declared is not None and Fraction(str(points)) != declared:
                t.warnings.append(
                    Diagnostic(
                        "lichess-results",
                        msg(
                            "{user}: the results say {points} points, the TRF file {declared}",
                            user=user,
                            points=str(points),
                            declared=str(float(declared)),
                        ),
                        Position(where, number, 1),
                    )
                )
    t.players = tuple(players)
    missing = [p.name for i, p in enumerate(players) if i not in seen]
    if missing:
        t.warnings.append(
            Diagnostic(
                "lichess-results",
                msg(
                    "{count} players of the TRF file have no line in the results: {names}",
                    count=len(missing),
                    names=", ".join(missing[:5]) + (", ..." if len(missing) > 5 else ""),
                ),
                Position(where, 1, 1),
            )
        )
