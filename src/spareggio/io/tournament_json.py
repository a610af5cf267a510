"""The spareggio tournament JSON format: a compact, versioned alternative to TRF for large events.

A TRF start number has four columns, so a TRF file cannot hold more than 9,999 players.  This format
has no such limit and reads fast: the crosstable is stored round by round as one array of opponent
start numbers and one string of result codes per round, one entry per player in the order of the
``players`` arrays.  The whole layout (version 1)::

    {
      "format": "spareggio-tournament",
      "version": 1,
      "event": {
        "name": "Open 2026", "city": "Trento", "federation": "ITA",
        "start_date": "2026-06-01", "end_date": "2026-06-09",
        "kind": "swiss",                      # or "round-robin"; omitted: inferred from the pairings
        "rounds": 9,                          # rounds announced (optional)
        "scoring": {"win": "1", "draw": "1/2", "loss": "0", "absence": "0", "pab": null},
        "tiebreaks": ["BH/C1", "BH", "SB"]    # the event's own list, PTS excluded (optional)
      },
      "players": {
        "start_number": [1, 2, 3],
        "name": ["Rossi, Marco", "Bianchi, Sara", "Greco, Luca"],
        "rating": [2210, null, 1985],
        "sex": "mwm", "title": ["FM", "", ""], "federation": ["ITA", "ITA", "SUI"],
        "fide_id": ["", "", ""], "birth_date": ["", "", ""],
        "points": ["2", "1/2", null], "rank": [1, 2, null]   # as declared (optional; rank 0: not ranked)
      },
      "rounds": [
        {"opponent": [2, 1, 0], "color": "wb-", "result": "10U"},
        {"opponent": [3, 0, 1], "color": "b-w", "result": "=H="}
      ]
    }

Result codes (one character per player, as in TRF): with an opponent ``1`` ``=`` ``0`` (a game won,
drawn, lost), ``W`` ``D`` ``L`` (the same, shorter than one move), ``+`` ``-`` (forfeit won, lost;
``-`` on both sides is a double forfeit); without an opponent (start number 0) ``U`` (pairing-
allocated bye), ``F`` ``H`` ``Z`` (requested full-, half-, zero-point bye), ``-`` or a blank (not
paired).  Rounds without an entry up to the end of the event are a withdrawal.  Colours are ``w``,
``b`` or ``-``.  Letters may be lower case.  Only ``start_number`` and ``name`` are required among
the player arrays; every array has one entry per player.

Errors are :class:`~spareggio.base.errors.InputError` values: a syntax error at the line and column the
JSON decoder reports, a bad value at its own line and column with its JSON path (``$.rounds[3].
result[17]``) in the message.  The reader builds the same :class:`~spareggio.core.model.Tournament` as
the TRF reader would from the equivalent TRF file.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import TypedDict, cast

import numpy as np
import numpy.typing as npt

from ..base.errors import ArgumentError, Diagnostic, InputError, InputLimitError, Position, os_reason
from ..base.i18n import Text, msg
from ..core.crosstable import infer_kind, points_message, points_mismatches
from ..core.decisions import Decisions, decisions_from_data
from ..core.model import KindSource, Player, ResultKind, Scoring, Tournament, TournamentKind
from .cells import crosstable_from_cells
from .heads import JSON_MAX_BYTES as MAX_FILE_BYTES
from .jsontext import JsonObject, JsonValue, Locator, PathStep, json_path, load_json
from .limits import MAX_NAME_CHARS, MAX_TEXT_CHARS, clean_text
from .options import ReadOptions

__all__ = [
    "FORMAT",
    "MAX_FILE_BYTES",
    "MAX_PLAYERS",
    "MAX_ROUNDS",
    "VERSION",
    "parse_tournament_json",
    "read_tournament_json",
    "write_tournament_json",
]

FORMAT = "spareggio-tournament"
"""The value of the ``format`` member."""
VERSION = 1
"""The layout version this module reads and writes."""

MAX_PLAYERS = 1_000_000
MAX_ROUNDS = 99
MAX_START_NUMBER = 10**9

K = ResultKind

_WRITE_CODE = np.frombuffer(b"?1=0+--UFHZ-- ", dtype=np.uint8)
"""The result character written for every kind (index = ResultKind)."""
_WRITE_SHORT = np.frombuffer(b"?WDL??????????", dtype=np.uint8)
_WRITE_COLOR = np.frombuffer(b"-wb", dtype=np.uint8)

_PLAYER_TEXT_COLUMNS = ("title", "federation", "fide_id", "birth_date")
_EVENT_KEYS = {
    "name",
    "city",
    "federation",
    "start_date",
    "end_date",
    "kind",
    "rounds",
    "scoring",
    "tiebreaks",
    "decisions",
}
_PLAYER_KEYS = {"start_number", "name", "rating", "sex", "points", "rank", *_PLAYER_TEXT_COLUMNS}
_ROUND_KEYS = {"opponent", "result", "color"}
_TOP_KEYS = {"format", "version", "event", "players", "rounds"}
_SCORING_KEYS = ("win", "draw", "loss", "absence", "pab")


class _EventFields(TypedDict):
    """The event section read: the tournament's fields it gives."""

    name: str
    city: str
    federation: str
    start_date: _dt.date | None
    end_date: _dt.date | None
    kind: TournamentKind | None
    rounds: int | None
    scoring: Scoring
    tiebreaks: tuple[str, ...] | None
    decisions: Decisions


class _Reader:
    """Validation of the decoded document, with positioned errors."""

    def __init__(self, text: str, path: str) -> None:
        self.text = text
        self.path = path
        self.warnings: list[Diagnostic] = []

    def error(
        self, steps: Sequence[PathStep], message: str, cls: type[InputError] = InputError
    ) -> InputError:
        where = json_path(steps)
        return cls(
            Text("{where}: {message}", "join", where=where, message=message),
            Locator(self.text).position(self.path, steps),
        )

    def warn(self, code: str, steps: Sequence[PathStep], message: str) -> None:
        self.warnings.append(
            Diagnostic(
                code,
                msg("{json_path}: {message}", json_path=json_path(steps), message=message),
                Locator(self.text).position(self.path, steps),
            )
        )

    # -- generic checks ---------------------------------------------------------------------------

    def obj(self, value: object, steps: tuple[PathStep, ...], known: set[str]) -> JsonObject:
        if not isinstance(value, dict):
            raise self.error(steps, msg("expected an object, found {found}", found=_what(value)))
        for key in getattr(value, "duplicates", ()):
            raise self.error((*steps, key), msg("member {key!r} is given more than once", key=key))
        for key in value:
            if key not in known:
                self.warn("unknown-member", (*steps, key), msg("unknown member {key!r} ignored", key=key))
        return value

    def required(self, obj: JsonObject, key: str, steps: tuple[PathStep, ...]) -> JsonValue:
        if key not in obj:
            raise self.error(steps, msg("missing member {key!r}", key=key))
        return obj[key]

    def text_value(
        self, obj: JsonObject, key: str, steps: tuple[PathStep, ...], limit: int = MAX_TEXT_CHARS
    ) -> str:
        value = obj.get(key, "")
        if value is None:
            return ""
        if not isinstance(value, str):
            raise self.error((*steps, key), msg("expected a string, found {found}", found=_what(value)))
        if len(value) > limit:
            raise self.too_long((*steps, key), value, limit)
        return clean_text(value)

    def too_long(self, steps: Sequence[PathStep], value: str, limit: int) -> InputError:
        """The error of a text longer than its limit (docs/limits.md)."""
        return self.error(
            steps,
            msg(
                "the text has {count} characters, more than the limit of {limit}",
                count=len(value),
                limit=limit,
            ),
            InputLimitError,
        )

    def int_list(
        self, value: object, steps: tuple[PathStep, ...], n: int, low: int, high: int, what: str
    ) -> npt.NDArray[np.int64]:
        """A list of ``n`` integers between ``low`` and ``high``, as an array."""
        if not isinstance(value, list):
            raise self.error(
                steps, msg("expected an array of {what}, found {found}", what=what, found=_what(value))
            )
        if len(value) != n:
            raise self.error(
                steps, msg("expected {n} entries (one per player), found {count}", n=n, count=len(value))
            )
        if not set(map(type, value)) <= {int}:
            k = next(k for k, v in enumerate(value) if type(v) is not int)
            raise self.error(
                (*steps, k), msg("expected {what}, found {found}", what=what, found=_what(value[k]))
            )
        try:
            arr = np.array(value, dtype=np.int64)
        except OverflowError:
            arr = None
        if arr is None or (n and (int(arr.min()) < low or int(arr.max()) > high)):
            k = next(k for k, v in enumerate(value) if not low <= v <= high)
            raise self.error(
                (*steps, k),
                msg(
                    "expected {what} between {low} and {high}, found {value}",
                    what=what,
                    low=low,
                    high=high,
                    value=value[k],
                ),
            )
        return arr

    def text_list(
        self, value: object, steps: tuple[PathStep, ...], n: int, limit: int = MAX_TEXT_CHARS
    ) -> list[str]:
        if not isinstance(value, list):
            raise self.error(steps, msg("expected an array of strings, found {found}", found=_what(value)))
        if len(value) != n:
            raise self.error(
                steps, msg("expected {n} entries (one per player), found {count}", n=n, count=len(value))
            )
        if not set(map(type, value)) <= {str}:
            k = next(k for k, v in enumerate(value) if type(v) is not str)
            raise self.error((*steps, k), msg("expected a string, found {found}", found=_what(value[k])))
        if value and max(map(len, value)) > limit:
            k = next(k for k, v in enumerate(value) if len(v) > limit)
            raise self.too_long((*steps, k), value[k], limit)
        if all(map(str.isprintable, value)):
            return value
        return [clean_text(v) for v in value]

    def codes(
        self, value: object, steps: tuple[PathStep, ...], n: int, what: str, one: str
    ) -> npt.NDArray[np.uint8]:
        """A string of ``n`` one-character codes (``what``, each ``one``), as bytes."""
        if not isinstance(value, str):
            raise self.error(
                steps,
                msg(
                    "expected a string of {what} (one character per player), found {found}",
                    what=what,
                    found=_what(value),
                ),
            )
        if len(value) != n:
            raise self.error(
                steps, msg("expected {n} characters (one per player), found {count}", n=n, count=len(value))
            )
        if not value.isascii():
            k = next(k for k, c in enumerate(value) if not c.isascii())
            raise self.error((*steps, k), msg("{value!r} is not a valid {what}", value=value[k], what=one))
        return np.frombuffer(value.encode("ascii"), dtype=np.uint8)

    # -- the sections -----------------------------------------------------------------------------

    def header(self, doc: object) -> JsonObject:
        if isinstance(doc, dict) and "format" not in doc and "filetype" not in doc:
            # neither this format ("format") nor Chess-JSON ("filetype"): some other JSON
            overview = doc.get("Overview")
            program = overview.get("Program") if isinstance(overview, dict) else None
            if isinstance(program, str) and program.strip():  # SwissSys's .sjson names itself so
                raise self.error(
                    ("Overview", "Program"),
                    msg(
                        "not a tournament file spareggio reads: a JSON document of {program}, which spareggio does "
                        "not read; export the tournament from {program} as a FIDE TRF file",
                        program=clean_text(program.strip())[:40],
                    ),
                )
            raise self.error(
                (),
                msg(
                    "not a tournament file spareggio reads: a JSON document with neither 'format' "
                    "(spareggio's tournament JSON) nor 'filetype' (Chess-JSON)"
                ),
            )
        top = self.obj(doc, (), _TOP_KEYS)
        fmt = self.required(top, "format", ())
        if fmt != FORMAT:
            raise self.error(
                ("format",),
                msg(
                    "expected {FORMAT!r}, found {fmt!r}: not a spareggio tournament file",
                    FORMAT=FORMAT,
                    fmt=fmt,
                ),
            )
        version = self.required(top, "version", ())
        if type(version) is not int:
            raise self.error(("version",), msg("expected an integer, found {found}", found=_what(version)))
        if version != VERSION:
            raise self.error(
                ("version",),
                msg(
                    "layout version {version} is not supported (this program reads {VERSION})",
                    version=version,
                    VERSION=VERSION,
                ),
            )
        return top

    def players(self, top: JsonObject) -> tuple[tuple[Player, ...], npt.NDArray[np.int64]]:
        steps: tuple[PathStep, ...] = ("players",)
        cols = self.obj(self.required(top, "players", ()), steps, _PLAYER_KEYS)
        raw_sno = self.required(cols, "start_number", steps)
        if not isinstance(raw_sno, list) or not raw_sno:
            raise self.error((*steps, "start_number"), msg("expected a non-empty array of start numbers"))
        n = len(raw_sno)
        if n > MAX_PLAYERS:
            raise self.error(
                (*steps, "start_number"),
                msg("more than {MAX_PLAYERS} players", MAX_PLAYERS=MAX_PLAYERS),
                InputLimitError,
            )
        sno = self.int_list(raw_sno, (*steps, "start_number"), n, 1, MAX_START_NUMBER, msg("start numbers"))
        order = np.argsort(sno, kind="stable")
        repeated = np.flatnonzero(sno[order][1:] == sno[order][:-1])
        if repeated.size:
            dup = repeated[0]
            first, second = int(order[dup]), int(order[dup + 1])
            raise self.error(
                (*steps, "start_number", second),
                msg(
                    "start number {player} is used twice (first at {where})",
                    player=int(sno[second]),
                    where=json_path((*steps, "start_number", first)),
                ),
            )
        names = self.text_list(self.required(cols, "name", steps), (*steps, "name"), n, MAX_NAME_CHARS)
        ratings: list[int | None] = [None] * n
        if cols.get("rating") is not None:
            raw = cols["rating"]
            rsteps = (*steps, "rating")
            if not isinstance(raw, list) or len(raw) != n:
                raise self.error(rsteps, msg("expected an array of {n} ratings or nulls", n=n))
            if not set(map(type, raw)) <= {int, type(None)}:
                k = next(k for k, v in enumerate(raw) if v is not None and type(v) is not int)
                raise self.error(
                    (*rsteps, k), msg("expected a rating or null, found {found}", found=_what(raw[k]))
                )
            given = cast("list[int | None]", raw)  # every item checked above
            bad = next((k for k, v in enumerate(given) if v is not None and not 0 <= v <= 9999), None)
            if bad is not None:
                raise self.error(
                    (*rsteps, bad), msg("expected a rating between 0 and 9999, found {raw}", raw=given[bad])
                )
            ratings = [v or None for v in given]  # 0 is "unrated", as in TRF
        sex = ""
        if cols.get("sex") is not None:
            sex = self.text_value(cols, "sex", steps, MAX_PLAYERS)  # one character a player
            if len(sex) != n:
                raise self.error(
                    (*steps, "sex"),
                    msg("expected {n} characters (one per player), found {count}", n=n, count=len(sex)),
                )
        text: dict[str, list[str] | None] = {}
        for key in _PLAYER_TEXT_COLUMNS:
            raw = cols.get(key)
            text[key] = None if raw is None else self.text_list(raw, (*steps, key), n)
        empty = [""] * n
        sexes = [c.strip() for c in sex] if sex else empty
        declared_points, declared_rank = self.declared(cols, steps, n)
        players = tuple(
            map(
                Player,
                sno.tolist(),
                names,
                sexes,
                text["title"] or empty,
                ratings,
                text["federation"] or empty,
                text["fide_id"] or empty,
                text["birth_date"] or empty,
                declared_points,
                declared_rank,
            )
        )
        return players, sno

    def declared(
        self, cols: JsonObject, steps: tuple[PathStep, ...], n: int
    ) -> tuple[list[Fraction | None], list[int | None]]:
        """The points and ranks the file declares (optional arrays ``points`` and ``rank``)."""
        points: list[Fraction | None] = [None] * n
        ranks: list[int | None] = [None] * n
        raw = cols.get("points")
        if raw is not None:
            if not isinstance(raw, list) or len(raw) != n:
                raise self.error((*steps, "points"), msg("expected an array of {n} points or nulls", n=n))
            for k, v in enumerate(raw):
                if v is None:
                    continue
                try:
                    if type(v) is bool or not isinstance(v, int | float | str):
                        raise ValueError
                    points[k] = _points_number(v)
                except (ValueError, ZeroDivisionError):
                    raise self.error(
                        (*steps, "points", k),
                        msg('expected points such as 6, 6.5 or "13/2", found {found}', found=_what(v)),
                    ) from None
        raw = cols.get("rank")
        if raw is not None:
            if not isinstance(raw, list) or len(raw) != n:
                raise self.error((*steps, "rank"), msg("expected an array of {n} ranks or nulls", n=n))
            for k, v in enumerate(raw):
                if v is not None and (not isinstance(v, int) or type(v) is not int or not 0 <= v <= 999_999):
                    raise self.error(
                        (*steps, "rank", k),
                        msg("expected a rank (0: not ranked) or null, found {found}", found=_what(v)),
                    )
                ranks[k] = v
        return points, ranks

    def rounds(
        self, top: JsonObject, sno: npt.NDArray[np.int64]
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int8], npt.NDArray[np.int8], npt.NDArray[np.bool_]]:
        """The crosstable as (opponent index, kind, colour, short game) arrays, players × rounds."""
        raw = self.required(top, "rounds", ())
        if not isinstance(raw, list):
            raise self.error(("rounds",), msg("expected an array of rounds, found {found}", found=_what(raw)))
        if len(raw) > MAX_ROUNDS:
            raise self.error(
                ("rounds",), msg("more than {MAX_ROUNDS} rounds", MAX_ROUNDS=MAX_ROUNDS), InputLimitError
            )
        n, width = sno.size, len(raw)
        opp_sno = np.zeros((width, n), dtype=np.int64)
        result = np.zeros((width, n), dtype=np.uint8)
        colour = np.full((width, n), ord("-"), dtype=np.uint8)
        for r, rnd in enumerate(raw):
            steps: tuple[PathStep, ...] = ("rounds", r)
            rnd = self.obj(rnd, steps, _ROUND_KEYS)
            opp_sno[r] = self.int_list(
                self.required(rnd, "opponent", steps),
                (*steps, "opponent"),
                n,
                0,
                MAX_START_NUMBER,
                msg("opponent start numbers (0 for none)"),
            )
            result[r] = self.codes(
                self.required(rnd, "result", steps),
                (*steps, "result"),
                n,
                msg("result codes"),
                msg("result code"),
            )
            if rnd.get("color") is not None:
                colour[r] = self.codes(rnd["color"], (*steps, "color"), n, msg("colours"), msg("colour"))
        # players × rounds, contiguous
        opp_sno = np.ascontiguousarray(opp_sno.T)
        result = np.ascontiguousarray(result.T)
        colour = np.ascontiguousarray(colour.T)

        return crosstable_from_cells(
            opp_sno,
            result,
            colour,
            sno,
            error=lambda field, i, r, text: self.error(("rounds", r, field, i), text),
            warn=lambda code, field, i, r, text: self.warn(code, ("rounds", r, field, i), text),
        )

    def event(self, top: JsonObject) -> _EventFields:
        steps: tuple[PathStep, ...] = ("event",)
        raw = top.get("event")
        ev = self.obj({} if raw is None else raw, steps, _EVENT_KEYS)
        name, city, federation = (self.text_value(ev, k, steps) for k in ("name", "city", "federation"))
        dates: dict[str, _dt.date | None] = {}
        for key in ("start_date", "end_date"):
            value = ev.get(key)
            dates[key] = None
            if value is not None:
                try:
                    dates[key] = _dt.date.fromisoformat(value) if isinstance(value, str) else None
                except ValueError:
                    pass
                if dates[key] is None:
                    raise self.error(
                        (*steps, key),
                        msg('expected a date like "2026-03-01", found {found}', found=_what(value)),
                    )
        kind = ev.get("kind")
        if kind is not None and kind not in ("swiss", "round-robin"):
            raise self.error(
                (*steps, "kind"), msg('expected "swiss" or "round-robin", found {found}', found=_what(kind))
            )
        announced = ev.get("rounds")
        if announced is not None and (
            not isinstance(announced, int) or type(announced) is not int or not 1 <= announced <= MAX_ROUNDS
        ):
            raise self.error(
                (*steps, "rounds"),
                msg(
                    "expected a number of rounds from 1 to {MAX_ROUNDS}, found {found}",
                    MAX_ROUNDS=MAX_ROUNDS,
                    found=_what(announced),
                ),
            )
        scoring = self.scoring(ev.get("scoring"), (*steps, "scoring"))
        raw_tiebreaks = ev.get("tiebreaks")
        tiebreaks: tuple[str, ...] | None = None
        if raw_tiebreaks is not None:
            tiebreaks = tuple(
                self.text_list(
                    raw_tiebreaks,
                    (*steps, "tiebreaks"),
                    len(raw_tiebreaks) if isinstance(raw_tiebreaks, list) else 0,
                )
            )
            if tiebreaks and tiebreaks[0].strip().upper() == "PTS":
                tiebreaks = tiebreaks[1:]
        decisions = (
            Decisions()
            if ev.get("decisions") is None
            else decisions_from_data(
                ev["decisions"], lambda sub, m: self.error((*steps, "decisions", *sub), m)
            )
        )
        return _EventFields(
            name=name,
            city=city,
            federation=federation,
            start_date=dates["start_date"],
            end_date=dates["end_date"],
            kind=None if kind is None else TournamentKind(kind),
            rounds=announced,
            scoring=scoring,
            tiebreaks=tiebreaks,
            decisions=decisions,
        )

    def scoring(self, value: object, steps: tuple[PathStep, ...]) -> Scoring:
        if value is None:
            return Scoring()
        obj = self.obj(value, steps, set(_SCORING_KEYS))
        kw: dict[str, Fraction | None] = {}
        for key in _SCORING_KEYS:
            if key not in obj or (obj[key] is None and key == "pab"):
                continue
            raw = obj[key]
            try:
                if type(raw) is bool or not isinstance(raw, int | float | str):
                    raise ValueError
                number = _points_number(raw)
            except (ValueError, ZeroDivisionError):
                raise self.error(
                    (*steps, key),
                    msg('expected points such as 1, 0.5 or "1/2", found {found}', found=_what(raw)),
                ) from None
            if number < 0 or number.denominator > 100:
                raise self.error(
                    (*steps, key),
                    msg("points must be a non-negative number in hundredths, found {raw}", raw=raw),
                )
            kw[key] = number
        return Scoring(**kw)  # type: ignore[arg-type]


MAX_POINTS = 100_000
"""Largest number of points read (a score, a result's value): any larger one is refused before any
arithmetic ("1e999" would be a number of a thousand digits)."""
POINTS_CHARS = 32
"""Longest text of a number of points ("6.5", "13/2")."""


def _points_number(raw: float | str) -> Fraction:
    """A number of points as written, within the bounds.

    :raises ValueError: when it is no number, or is over :data:`MAX_POINTS` or
        :data:`POINTS_CHARS` characters.
    """
    text = str(raw).strip()
    if len(text) > POINTS_CHARS:
        raise ValueError(text)
    number = Fraction(text)
    if abs(number) > MAX_POINTS:
        raise ValueError(text)
    return number


def _what(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 else msg("a string")
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, list):
        return msg("an array")
    if isinstance(value, dict):
        return msg("an object")
    return type(value).__name__


# -- public entry points -------------------------------------------------------------------------------


def parse(data: bytes, name: str, options: ReadOptions) -> Tournament:
    """The reader registry's entry: :func:`parse_tournament_json` with the options that apply."""
    return parse_tournament_json(data, name, kind=options.kind)


def read_tournament_json(path: str | os.PathLike[str], *, kind: TournamentKind | None = None) -> Tournament:
    """Read a tournament JSON file.  The file is opened read-only and never modified.

    :param kind: declare the event Swiss or round robin, whatever the file says.
    :raises InputError: for any problem in the file, with its position.
    """
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > MAX_FILE_BYTES:
            raise InputLimitError(
                msg(
                    "the file has {size} bytes, more than the limit of {MAX_FILE_BYTES}",
                    size=size,
                    MAX_FILE_BYTES=MAX_FILE_BYTES,
                ),
                Position(str(path), 1, 1),
            )
        data = p.read_bytes()
    except OSError as exc:
        raise ArgumentError(
            msg("{path}: cannot read the file ({value})", path=path, value=os_reason(exc))
        ) from None
    return parse_tournament_json(data, str(path), kind=kind)


def parse_tournament_json(
    data: bytes | str, path: str = "<string>", *, kind: TournamentKind | None = None
) -> Tournament:
    """Parse the text of a tournament JSON document (bytes must be UTF-8)."""
    text, doc = load_json(data, path)
    reader = _Reader(text, path)
    top = reader.header(doc)
    players, sno = reader.players(top)
    opponent, kinds, color, short = reader.rounds(top, sno)
    ev = reader.event(top)
    announced = ev["rounds"]
    rounds = kinds.shape[1]
    if announced is not None and announced < rounds:
        reader.warn(
            "rounds-mismatch",
            ("event", "rounds"),
            msg(
                "the file announces {announced} rounds but holds data for {rounds}",
                announced=announced,
                rounds=rounds,
            ),
        )
    t = Tournament(
        name=ev["name"],
        players=players,
        opponent=opponent,
        kind=kinds,
        color=color,
        short_game=short,
        scoring=ev["scoring"],
        start_date=ev["start_date"],
        end_date=ev["end_date"],
        city=ev["city"],
        federation=ev["federation"],
        announced_rounds=announced,
        tiebreak_list=ev["tiebreaks"],
        tiebreak_list_position=reader_position(reader, ("event", "tiebreaks"))
        if ev["tiebreaks"] is not None
        else None,
        warnings=reader.warnings,
        decisions=ev["decisions"],
        source=path,
        encoding="utf-8",
    )
    if kind is not None:
        t.kind_of_event, t.kind_source = kind, KindSource.OPTION
    elif ev["kind"] is not None:
        t.kind_of_event, t.kind_source, t.kind_basis = ev["kind"], KindSource.FILE, "event.kind"
    else:
        t.kind_of_event, t.kind_source, t.kind_basis = infer_kind(opponent, len(players))
    for i, declared, computed in points_mismatches(t.players, t.kind, t.scoring):
        reader.warn(
            "points-mismatch", ("players", "points", i), points_message(t.players[i], declared, computed)
        )
    return t


def reader_position(reader: _Reader, steps: Sequence[PathStep]) -> Position:
    return Locator(reader.text).position(reader.path, steps)


def _fraction_text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def _dump(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _compact(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def write_tournament_json(t: Tournament) -> str:
    """The tournament in the JSON layout of this module: a few lines per section, one per round.

    :raises ArgumentError: for a tournament the layout cannot hold whole (point adjustments of
        TRF-26 record 299, national ratings).
    """
    if t.adjustments:
        raise ArgumentError(
            msg("the tournament JSON layout has no place for the point adjustments of record 299")
        )
    if any(p.national_rating is not None for p in t.players):
        raise ArgumentError(msg("the tournament JSON layout has no place for national ratings"))
    s = t.scoring
    event: JsonObject = {
        "name": t.name,
        "city": t.city,
        "federation": t.federation,
        "start_date": t.start_date.isoformat() if t.start_date else None,
        "end_date": t.end_date.isoformat() if t.end_date else None,
        "kind": t.kind_of_event.value,
        "rounds": t.announced_rounds or t.rounds or None,
    }
    if not s.is_default:
        event["scoring"] = {
            "win": _fraction_text(s.win),
            "draw": _fraction_text(s.draw),
            "loss": _fraction_text(s.loss),
            "absence": _fraction_text(s.absence),
            "pab": None if s.pab is None else _fraction_text(s.pab),
        }
    if t.tiebreak_list is not None:
        event["tiebreaks"] = list(t.tiebreak_list)
    if not t.decisions.empty:
        event["decisions"] = t.decisions.to_dict()
    ps = t.players
    columns: list[tuple[str, JsonValue]] = [
        ("start_number", [p.start_number for p in ps]),
        ("name", [p.name for p in ps]),
        ("rating", [p.rating for p in ps]),
        ("sex", "".join((p.sex[:1] or " ") for p in ps)),
        ("title", [p.title for p in ps]),
        ("federation", [p.federation for p in ps]),
        ("fide_id", [p.fide_id for p in ps]),
        ("birth_date", [p.birth_date for p in ps]),
    ]
    if any(p.points is not None for p in ps):
        columns.append(("points", [None if p.points is None else _fraction_text(p.points) for p in ps]))
    if any(p.rank is not None for p in ps):
        columns.append(("rank", [p.rank for p in ps]))
    sno = t.start_numbers()
    opp_sno = np.where(t.opponent >= 0, sno[np.maximum(t.opponent, 0)], 0)
    code = np.where(
        t.short_game & (_WRITE_SHORT[t.kind] != ord("?")), _WRITE_SHORT[t.kind], _WRITE_CODE[t.kind]
    )
    colour = _WRITE_COLOR[t.color]
    lines = [
        "{",
        f'  "format": "{FORMAT}",',
        f'  "version": {VERSION},',
        f'  "event": {_dump(event)},',
        '  "players": {',
    ]
    lines.extend(
        f'    "{key}": {_compact(value)}{"," if k < len(columns) - 1 else ""}'
        for k, (key, value) in enumerate(columns)
    )
    lines.append("  },")
    lines.append('  "rounds": [')
    for r in range(t.rounds):
        sep = "," if r < t.rounds - 1 else ""
        lines.append(
            f'    {{"opponent": {_compact(opp_sno[:, r].tolist())}, '
            f'"color": "{colour[:, r].tobytes().decode("ascii")}", '
            f'"result": "{code[:, r].astype(np.uint8).tobytes().decode("ascii")}"}}{sep}'
        )
    lines.append("  ]")
    lines.append("}")
    return "\n".join(lines) + "\n"
