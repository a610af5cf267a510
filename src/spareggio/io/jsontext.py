"""JSON text for the JSON readers: decoding with errors at their line and column, duplicate member
names remembered, and the line and column of any value found again from its JSON path."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Sequence

from ..base.errors import InputError, InputLimitError, Position
from ..base.i18n import msg
from ..base.jsontypes import JsonArray, JsonObject, JsonScalar, JsonValue

__all__ = [
    "Duplicates",
    "JsonArray",
    "JsonObject",
    "JsonScalar",
    "JsonValue",
    "Locator",
    "PathStep",
    "json_path",
    "load_json",
    "object_pairs",
]

PathStep = str | int
"""One step of a JSON path: a member name or an array index."""


class Duplicates(dict[str, JsonValue]):
    """A JSON object that remembers member names given more than once."""

    duplicates: list[str]


def object_pairs(pairs: list[tuple[str, JsonValue]]) -> JsonObject:
    obj = Duplicates(pairs)
    obj.duplicates = []
    if len(obj) < len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                obj.duplicates.append(key)
            seen.add(key)
    return obj


def json_path(steps: Sequence[PathStep]) -> str:
    """``$.rounds[3].result[17]`` for the steps ``("rounds", 3, "result", 17)``."""
    out = "$"
    for s in steps:
        out += f"[{s}]" if isinstance(s, int) else f".{s}"
    return out


class Locator:
    """Finds the line and column of a value from its JSON path, by re-scanning the text.

    Only used when an error is reported, so it favours simplicity over speed.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.decoder = json.JSONDecoder()

    def _skip(self, i: int) -> int:
        t = self.text
        while i < len(t) and t[i] in " \t\r\n":
            i += 1
        return i

    def offset(self, steps: Sequence[PathStep]) -> int:
        """Offset of the value at ``steps`` (of the deepest value found when the path breaks off)."""
        t = self.text
        i = self._skip(0)
        for step in steps:
            if i >= len(t):
                break
            if t[i] == '"' and isinstance(step, int):
                # a character of a string: exact when the string holds no escape
                end = json.decoder.scanstring(t, i + 1)[1]  # type: ignore[attr-defined]
                raw = t[i + 1 : end - 1]
                return i + 1 + step if "\\" not in raw and step < len(raw) else i
            found = self._member(i, step) if isinstance(step, str) else self._item(i, step)
            if found is None:
                return i
            i = found
        return i

    def _member(self, i: int, key: str) -> int | None:
        t = self.text
        if t[i] != "{":
            return None
        i = self._skip(i + 1)
        while i < len(t) and t[i] == '"':
            name, i = json.decoder.scanstring(t, i + 1)  # type: ignore[attr-defined]
            i = self._skip(i)
            i = self._skip(i + 1)  # the colon
            if name == key:
                return i
            _, i = self.decoder.raw_decode(t, i)
            i = self._skip(i)
            if i < len(t) and t[i] == ",":
                i = self._skip(i + 1)
        return None

    def _item(self, i: int, index: int) -> int | None:
        t = self.text
        if t[i] != "[":
            return None
        i = self._skip(i + 1)
        k = 0
        while i < len(t) and t[i] != "]":
            if k == index:
                return i
            _, i = self.decoder.raw_decode(t, i)
            i = self._skip(i)
            if i < len(t) and t[i] == ",":
                i = self._skip(i + 1)
            k += 1
        return None

    def position(self, path: str, steps: Sequence[PathStep]) -> Position:
        at = self.offset(steps)
        line = self.text.count("\n", 0, at) + 1
        column = at - (self.text.rfind("\n", 0, at) + 1) + 1
        return Position(path, line, column)

    def item_positions(self, path: str, steps: Sequence[PathStep]) -> list[Position]:
        """The position of every item of the array at ``steps``, found in one scan (the position of
        each item alone would scan the text again from its start); empty for no array."""
        t = self.text
        i = self.offset(steps)
        if i >= len(t) or t[i] != "[":
            return []
        out: list[Position] = []
        line, seen = self.text.count("\n", 0, i) + 1, i
        i = self._skip(i + 1)
        while i < len(t) and t[i] != "]":
            line += t.count("\n", seen, i)
            seen = i
            out.append(Position(path, line, i - (t.rfind("\n", 0, i) + 1) + 1))
            _, i = self.decoder.raw_decode(t, i)
            i = self._skip(i)
            if i < len(t) and t[i] == ",":
                i = self._skip(i + 1)
        return out


def load_json(data: bytes | str, path: str) -> tuple[str, JsonValue]:
    """The text and the decoded document (objects as :class:`Duplicates`) of JSON content (bytes
    must be UTF-8; a byte-order mark is dropped).

    :raises InputError: for text that is not UTF-8 or not JSON, at its line and column.
    """
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            before = data[: exc.start].decode("utf-8", errors="replace")
            line = before.count("\n") + 1
            column = len(before) - (before.rfind("\n") + 1) + 1
            raise InputError(
                msg("the file is not UTF-8 text (byte 0x{value:02x})", value=data[exc.start]),
                Position(path, line, column),
            ) from None
    else:
        text = data.removeprefix("\ufeff")
    try:
        doc = json.loads(text, object_pairs_hook=object_pairs)
    except json.JSONDecodeError as exc:
        raise InputError(
            msg("invalid JSON: {msg_}", msg_=exc.msg), Position(path, exc.lineno, exc.colno)
        ) from None
    except ValueError:  # an integer of more digits than Python converts (sys.get_int_max_str_digits)
        raise InputLimitError(
            msg("invalid JSON: a number has more than {limit} digits", limit=_MAX_DIGITS),
            _long_number(text, path),
        ) from None
    except RecursionError:
        raise InputError(msg("invalid JSON: nested too deeply"), Position(path, 1, 1)) from None
    return text, doc


_MAX_DIGITS = sys.get_int_max_str_digits() or 4300
"""The most digits Python converts to an integer; a JSON number with more is refused."""


def _long_number(text: str, path: str) -> Position:
    """The position of the first run of digits too long to convert."""
    found = re.search(r"[0-9]{" + str(_MAX_DIGITS + 1) + ",}", text)
    at = found.start() if found else 0
    line = text.count("\n", 0, at) + 1
    return Position(path, line, at - (text.rfind("\n", 0, at) + 1) + 1)
