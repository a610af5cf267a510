"""The prize file: prizes, categories, the order of awarding and how tied players share money.

A prize file is TOML (read with :mod:`tomllib`), JSON or YAML (PyYAML), chosen by the extension
(``.toml``, ``.json``, ``.yaml``/``.yml``).  Its layout, documented with a JSON schema in
``docs/prizes.md`` (:data:`SCHEMA`)::

    currency = "EUR"
    sharing = "hort"              # none (the tie-break decides) | equal | hort
    one_prize_per_player = true
    awarding = "amount"           # amount: the larger prize first | listed: in the file's order
    rounding = "0.01"             # the smallest amount paid (a cent)
    reference_date = "2026-01-01" # for ages (default: the tournament's start date)

    [[categories]]
    id = "general"
    name = "General"
    prizes = [500, 300, 200]

    [[categories]]
    id = "u1800"
    name = "Under 1800"
    rating_under = 1800           # and/or rating_from; rating = "fide" | "national"
    prizes = [100]

Conditions of a category, all of which a player must meet: ``sex`` (``m``, ``w``/``f``),
``age_under`` and ``age_from`` (completed years on the reference date), ``rating_under`` and
``rating_from`` (a rating band: unrated players are outside it), ``rating`` (``fide`` or
``national``: TRF-26's national rating record), ``unrated`` (``true``: unrated players only;
``false``: rated only), ``federation`` and ``club`` (a name or a list).  A TRF file has no club: the
prize file's ``players`` table gives clubs (and national ratings, over the file's) by start number
(``[players.12] club = "Torre Genova"``).
"""

from __future__ import annotations

import datetime as _dt
import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import field
from decimal import ROUND_FLOOR, Decimal, InvalidOperation

import numpy as np
import numpy.typing as npt

from ..base.classes import dataclass
from ..base.errors import InputError, Position, os_reason
from ..base.i18n import msg
from ..base.jsontypes import JsonObject, JsonValue
from ..core.model import Player
from ..io import ensure_regular

__all__ = [
    "SCHEMA",
    "Category",
    "PlayerData",
    "PlayerTable",
    "PrizeFile",
    "load_prize_file",
    "parse_prize_data",
    "prize_file_data",
    "prize_file_json",
    "prize_file_toml",
]

SHARING = ("none", "equal", "hort")
MAX_AMOUNT = Decimal(10) ** 12
"""Amounts (and the rounding unit) are below a million millions, with at most four decimals."""
AWARDING = ("amount", "listed")
_TOP = {
    "currency",
    "sharing",
    "one_prize_per_player",
    "awarding",
    "rounding",
    "reference_date",
    "categories",
    "players",
}
_CATEGORY = {"id", "name", "prizes", "sex", "age_under", "age_from", "rating_under", "rating_from", "rating",
             "unrated", "federation", "club"}  # fmt: skip


@dataclass(frozen=True)
class PlayerData:
    """What the tournament file lacks about a player: club and national rating."""

    club: str = ""
    national_rating: int | None = None


@dataclass(frozen=True)
class Category:
    """A classification prizes are given in: the players who meet every condition, in standings order."""

    id: str
    name: str
    prizes: tuple[Decimal, ...]
    sex: str | None = None
    age_under: int | None = None
    age_from: int | None = None
    rating_under: int | None = None
    rating_from: int | None = None
    rating: str = "fide"
    unrated: bool | None = None
    federations: tuple[str, ...] = ()
    clubs: tuple[str, ...] = ()

    @property
    def open(self) -> bool:
        """No condition: every ranked player is eligible."""
        return not (self.sex or self.age_under is not None or self.age_from is not None
                    or self.rating_under is not None or self.rating_from is not None
                    or self.unrated is not None or self.federations or self.clubs)  # fmt: skip

    def mask(self, table: PlayerTable) -> npt.NDArray[np.bool_]:
        """Which players (by index) meet every condition of the category."""
        ok = np.ones(table.sex.size, dtype=bool)
        if self.sex is not None:
            ok &= table.sex == self.sex
        if self.age_under is not None or self.age_from is not None:
            ok &= table.age >= 0  # an unknown age is outside every age category
            if self.age_under is not None:
                ok &= table.age < self.age_under
            if self.age_from is not None:
                ok &= table.age >= self.age_from
        rating = table.national if self.rating == "national" else table.fide
        if self.unrated is not None:
            ok &= (rating == 0) == self.unrated
        if self.rating_under is not None or self.rating_from is not None:
            ok &= rating > 0  # unrated players are outside every rating band
            if self.rating_under is not None:
                ok &= rating < self.rating_under
            if self.rating_from is not None:
                ok &= rating >= self.rating_from
        if self.federations:
            ok &= np.isin(table.federation, list(self.federations))
        if self.clubs:
            ok &= np.isin(table.club, list(self.clubs))
        return ok


@dataclass(frozen=True)
class PlayerTable:
    """What the categories look at, one array entry per player (by index): built once per award."""

    sex: npt.NDArray[np.str_]
    age: npt.NDArray[np.int64]
    """Completed years on the reference date; -1 when unknown."""
    fide: npt.NDArray[np.int64]
    """0 for an unrated player."""
    national: npt.NDArray[np.int64]
    federation: npt.NDArray[np.str_]
    club: npt.NDArray[np.str_]
    """Case-folded."""

    @classmethod
    def of(
        cls, players: Sequence[Player], extra: Mapping[int, PlayerData], on: _dt.date | None, ages: bool
    ) -> PlayerTable:
        none = PlayerData()
        given = [extra.get(p.start_number, none) for p in players]
        national = [
            (x.national_rating if x.national_rating is not None else p.national_rating) or 0
            for p, x in zip(players, given, strict=True)
        ]
        age = [age_on(p.birth_date, on) for p in players] if ages else []
        return cls(
            np.array([_sex(p.sex) for p in players], dtype=str),
            np.array([-1 if a is None else a for a in age] if ages else [-1] * len(players), dtype=np.int64),
            np.array([p.rating or 0 for p in players], dtype=np.int64),
            np.array(national, dtype=np.int64),
            np.array([p.federation.upper() for p in players], dtype=str),
            np.array([x.club.casefold() for x in given], dtype=str),
        )


@dataclass(frozen=True)
class PrizeFile:
    """A whole prize file."""

    categories: tuple[Category, ...]
    currency: str = ""
    sharing: str = "none"
    """``none``: the standings order (tie-breaks, playoffs, lots) gives each prize whole; ``equal``:
    players level on points share the prizes of their places equally; ``hort``: each keeps half of
    his place's prize and the other halves are shared equally (the Hort system)."""
    one_prize_per_player: bool = True
    awarding: str = "amount"
    rounding: Decimal = Decimal("0.01")
    reference_date: _dt.date | None = None
    players: Mapping[int, PlayerData] = field(default_factory=dict)
    source: str = "<prizes>"


def _sex(code: str) -> str:
    c = code.strip().lower()[:1]
    return "w" if c in ("w", "f") else c


def age_on(birth: str, on: _dt.date | None) -> int | None:
    """Completed years on ``on`` for a TRF birth date (``YYYY/MM/DD``, ``YYYY-MM-DD``; a month or day
    of 00 counts as 1); None when either is unknown."""
    text = birth.strip().replace("-", "/").replace(".", "/")
    parts = text.split("/")
    if on is None or not parts or not parts[0].isdigit() or len(parts[0]) != 4 or int(parts[0]) == 0:
        return None
    year = int(parts[0])
    month = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() and 1 <= int(parts[1]) <= 12 else 1
    day = int(parts[2]) if len(parts) > 2 and parts[2].isdigit() and 1 <= int(parts[2]) <= 31 else 1
    return on.year - year - ((on.month, on.day) < (month, day))


# --------------------------------------------------------------------------------------------------
# reading


def load_prize_file(path: str | os.PathLike[str]) -> PrizeFile:
    """Read a prize file (TOML, JSON or YAML by its extension).

    :raises InputError: for any problem in it, with the file's name (and line for a syntax error).
    """
    name = os.fspath(path)
    ensure_regular(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise InputError(
            msg("cannot read the prize file: {reason}", reason=os_reason(exc)), Position(name, 1)
        ) from None
    return parse_prize_bytes(data, name)


def parse_prize_bytes(data: bytes, name: str) -> PrizeFile:
    """Parse the content of a prize file; the format follows the extension of ``name`` (JSON when the
    content starts with ``{``)."""
    lower = name.lower()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(
            msg("the prize file is not UTF-8 text"), Position(name, text_line(data, exc.start))
        ) from None
    raw: object  # a document of any shape: parse_prize_data checks it
    if lower.endswith(".json") or text.lstrip().startswith("{"):
        try:
            raw = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputError(
                msg("prize file: {error}", error=exc.msg), Position(name, exc.lineno, exc.colno)
            ) from None
    elif lower.endswith((".yaml", ".yml")):
        import yaml  # type: ignore[import-untyped]  # declared in pyproject.toml

        try:
            raw = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            line, column = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
            raise InputError(msg("prize file: {error}", error=str(getattr(exc, "problem", exc))),
                             Position(name, line, column)) from None  # fmt: skip
    else:
        import tomllib

        try:
            raw = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            import re

            at = re.search(r"at line (\d+), column (\d+)", str(exc))
            line, column = (int(at.group(1)), int(at.group(2))) if at else (text.count("\n") + 1, 1)
            raise InputError(msg("prize file: {error}", error=str(exc).split(" (at ")[0]),
                             Position(name, line, column)) from None  # fmt: skip
    return parse_prize_data(raw, name)


def text_line(data: bytes, offset: int) -> int:
    return data[:offset].count(b"\n") + 1


def parse_prize_data(raw: object, name: str = "<prizes>") -> PrizeFile:
    """A prize file from its decoded data (the layout of :data:`SCHEMA`).

    :raises InputError: naming the member that is wrong (``categories[2].prizes``).
    """

    def bad(where: str, message: str) -> InputError:
        return InputError(msg("{where}: {message}", where=where, message=message), Position(name, 1))

    if not isinstance(raw, dict):
        raise bad("$", msg("expected a table (an object) of settings and categories"))
    for key in raw:
        if key not in _TOP:
            raise bad(key, msg("unknown setting; known: {known}", known=", ".join(sorted(_TOP))))
    sharing = _choice(raw, "sharing", SHARING, "none", bad)
    awarding = _choice(raw, "awarding", AWARDING, "amount", bad)
    one = raw.get("one_prize_per_player", True)
    if not isinstance(one, bool):
        raise bad("one_prize_per_player", msg("expected true or false"))
    rounding = _amount(raw.get("rounding", "0.01"), "rounding", bad)
    if rounding <= 0:
        raise bad("rounding", msg("expected the smallest amount paid, such as 0.01 or 1"))
    ref = raw.get("reference_date")
    reference: _dt.date | None = None
    if ref is not None:
        if isinstance(ref, _dt.date):
            reference = ref
        else:
            try:
                reference = _dt.date.fromisoformat(str(ref))
            except ValueError:
                raise bad("reference_date", msg("expected a date like 2026-01-01")) from None
    cats = raw.get("categories")
    if not isinstance(cats, list) or not cats:
        raise bad("categories", msg("expected a list of one or more categories"))
    categories = [_category(c, k, bad) for k, c in enumerate(cats)]
    ids = [c.id for c in categories]
    for k, c in enumerate(categories):
        if ids.index(c.id) != k:
            raise bad(f"categories[{k}].id", msg("{id!r} is used by two categories", id=c.id))
    players: dict[int, PlayerData] = {}
    given = raw.get("players") or {}
    if not isinstance(given, dict):
        raise bad("players", msg("expected a start number and a table with club and national_rating"))
    for key, value in given.items():
        where = f"players.{key}"
        if not str(key).isdigit() or not isinstance(value, dict):
            raise bad(where, msg("expected a start number and a table with club and national_rating"))
        nr = value.get("national_rating")
        if nr is not None and (type(nr) is not int or nr < 0):
            raise bad(where, msg("national_rating: expected a whole number"))
        players[int(key)] = PlayerData(str(value.get("club", "")), nr)
    return PrizeFile(tuple(categories), str(raw.get("currency", "")), sharing, one, awarding, rounding,
                     reference, players, name)  # fmt: skip


_Bad = Callable[[str, str], InputError]
"""The error at a member of the prize file (``categories[2].prizes``) with its message."""


def _choice(raw: Mapping[str, object], key: str, allowed: tuple[str, ...], default: str, bad: _Bad) -> str:
    value = raw.get(key, default)
    if value not in allowed:
        raise bad(key, msg("expected one of {known}, not {value!r}", known=", ".join(allowed), value=value))
    return str(value)


def _amount(value: object, where: str, bad: _Bad) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, int | float | str | Decimal):
        raise bad(where, msg('expected an amount such as 150 or "150.50"'))
    try:
        amount = Decimal(str(value).strip())
    except InvalidOperation:
        raise bad(where, msg('expected an amount such as 150 or "150.50"')) from None
    if not amount.is_finite() or amount < 0:
        raise bad(where, msg("expected an amount of zero or more"))
    if amount >= MAX_AMOUNT or amount != amount.quantize(Decimal("0.0001"), rounding=ROUND_FLOOR):
        raise bad(where, msg("expected an amount below {limit} with at most four decimals", limit=MAX_AMOUNT))
    return amount


def _category(c: object, k: int, bad: _Bad) -> Category:
    where = f"categories[{k}]"
    if not isinstance(c, dict):
        raise bad(where, msg("expected a table with id, name, prizes and conditions"))
    for key in c:
        if key not in _CATEGORY:
            raise bad(
                f"{where}.{key}", msg("unknown condition; known: {known}", known=", ".join(sorted(_CATEGORY)))
            )
    cid = c.get("id")
    if not isinstance(cid, str) or not cid.strip():
        raise bad(f"{where}.id", msg("expected a short name for the category"))
    prizes = c.get("prizes")
    if not isinstance(prizes, list) or not prizes:
        raise bad(f"{where}.prizes", msg("expected the amounts of the places, first place first"))
    amounts = tuple(_amount(v, f"{where}.prizes[{j}]", bad) for j, v in enumerate(prizes))
    for j in range(1, len(amounts)):
        if amounts[j] > amounts[j - 1]:
            raise bad(f"{where}.prizes[{j}]", msg("a place's prize cannot be larger than the place before"))
    numbers: dict[str, int | None] = {}
    for key in ("age_under", "age_from", "rating_under", "rating_from"):
        value = c.get(key)
        if value is not None and (type(value) is not int or value < 0):
            raise bad(f"{where}.{key}", msg("expected a whole number"))
        numbers[key] = value
    sex = c.get("sex")
    if sex is not None and _sex(str(sex)) not in ("m", "w"):
        raise bad(f"{where}.sex", msg("expected m or w (f)"))
    rating = c.get("rating", "fide")
    if rating not in ("fide", "national"):
        raise bad(f"{where}.rating", msg("expected fide or national"))
    unrated = c.get("unrated")
    if unrated is not None and not isinstance(unrated, bool):
        raise bad(f"{where}.unrated", msg("expected true or false"))
    return Category(
        cid.strip(), str(c.get("name") or cid), amounts, None if sex is None else _sex(str(sex)),
        numbers["age_under"], numbers["age_from"], numbers["rating_under"], numbers["rating_from"], rating,
        unrated, tuple(x.upper() for x in _names(c.get("federation"))), tuple(x.casefold() for x in _names(c.get("club"))),
    )  # fmt: skip


def _names(value: object) -> list[str]:
    if value is None:
        return []
    return [str(x).strip() for x in (value if isinstance(value, list) else [value]) if str(x).strip()]


SCHEMA: JsonObject = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "spareggio prize file",
    "type": "object",
    "additionalProperties": False,
    "required": ["categories"],
    "properties": {
        "currency": {"type": "string"},
        "sharing": {"enum": list(SHARING), "default": "none"},
        "one_prize_per_player": {"type": "boolean", "default": True},
        "awarding": {"enum": list(AWARDING), "default": "amount"},
        "rounding": {"type": ["string", "number"], "default": "0.01"},
        "reference_date": {"type": "string", "format": "date"},
        "categories": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["id", "prizes"],
                "properties": {
                    "id": {"type": "string"},
                    "name": {"type": "string"},
                    "prizes": {"type": "array", "minItems": 1, "items": {"type": ["string", "number"]}},
                    "sex": {"enum": ["m", "w", "f"]},
                    "age_under": {"type": "integer", "minimum": 0},
                    "age_from": {"type": "integer", "minimum": 0},
                    "rating_under": {"type": "integer", "minimum": 0},
                    "rating_from": {"type": "integer", "minimum": 0},
                    "rating": {"enum": ["fide", "national"], "default": "fide"},
                    "unrated": {"type": "boolean"},
                    "federation": {"type": ["string", "array"], "items": {"type": "string"}},
                    "club": {"type": ["string", "array"], "items": {"type": "string"}},
                },
            },
        },
        "players": {
            "type": "object",
            "patternProperties": {
                "^[0-9]+$": {
                    "type": "object",
                    "properties": {"club": {"type": "string"}, "national_rating": {"type": "integer"}},
                }
            },
            "additionalProperties": False,
        },
    },
}
"""The JSON schema of a prize file (printed in ``docs/prizes.md``)."""


# --------------------------------------------------------------------------------------------------
# writing: the inverse of parse_prize_data, so that a prize file made on the page can be kept


def _amount_value(value: Decimal) -> int | str:
    """An amount as the file writes it: a whole number, else a string (exact, never a float)."""
    return int(value) if value == value.to_integral_value() else format(value.normalize(), "f")


def prize_file_data(prizes: PrizeFile) -> JsonObject:
    """The prize file as the data :func:`parse_prize_data` reads back to the same prize file (the
    layout of :data:`SCHEMA`); what is at its default is left out."""
    out: JsonObject = {}
    if prizes.currency:
        out["currency"] = prizes.currency
    out["sharing"] = prizes.sharing
    out["one_prize_per_player"] = prizes.one_prize_per_player
    out["awarding"] = prizes.awarding
    out["rounding"] = _amount_value(prizes.rounding)
    if prizes.reference_date is not None:
        out["reference_date"] = prizes.reference_date.isoformat()
    categories: list[JsonValue] = []
    for c in prizes.categories:
        item: JsonObject = {"id": c.id, "name": c.name, "prizes": [_amount_value(a) for a in c.prizes]}
        if c.sex is not None:
            item["sex"] = c.sex
        for key in ("age_under", "age_from", "rating_under", "rating_from"):
            value = getattr(c, key)
            if value is not None:
                item[key] = value
        if c.rating != "fide":
            item["rating"] = c.rating
        if c.unrated is not None:
            item["unrated"] = c.unrated
        if c.federations:
            item["federation"] = list(c.federations) if len(c.federations) > 1 else c.federations[0]
        if c.clubs:
            item["club"] = list(c.clubs) if len(c.clubs) > 1 else c.clubs[0]
        categories.append(item)
    out["categories"] = categories
    if prizes.players:
        table: JsonObject = {}
        for number, data in sorted(prizes.players.items()):
            row: JsonObject = {}
            if data.club:
                row["club"] = data.club
            if data.national_rating is not None:
                row["national_rating"] = data.national_rating
            table[str(number)] = row
        out["players"] = table
    return out


def prize_file_json(prizes: PrizeFile) -> str:
    """The prize file as JSON text."""
    return json.dumps(prize_file_data(prizes), ensure_ascii=False, indent=2) + "\n"


def _toml_value(value: JsonValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return json.dumps(str(value), ensure_ascii=False)  # a TOML basic string is a JSON string


def prize_file_toml(prizes: PrizeFile) -> str:
    """The prize file as TOML text (what :func:`parse_prize_bytes` reads back)."""
    data = prize_file_data(prizes)
    lines = [f"{key} = {_toml_value(value)}" for key, value in data.items() if key not in ("categories", "players")]
    for item in data["categories"]:  # type: ignore[union-attr]  # a list of tables, written above
        assert isinstance(item, dict)
        lines += ["", "[[categories]]", *(f"{key} = {_toml_value(value)}" for key, value in item.items())]
    players = data.get("players")
    if isinstance(players, dict):
        for number, row in players.items():
            assert isinstance(row, dict)
            lines += ["", f"[players.{number}]", *(f"{key} = {_toml_value(value)}" for key, value in row.items())]
    return "\n".join(lines) + "\n"
