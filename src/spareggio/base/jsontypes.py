"""The types of JSON values: what every JSON reader walks, and what every JSON writer, ``to_dict``
and JSON renderer builds.  A JSON value of unknown shape is a :data:`JsonValue`, narrowed with
``isinstance`` where it is read."""

from __future__ import annotations

from typing import TypeAlias

__all__ = ["JsonArray", "JsonObject", "JsonScalar", "JsonValue"]

JsonScalar: TypeAlias = str | int | float | bool | None
"""A JSON value that holds no other: a string, a number, true, false or null."""
JsonValue: TypeAlias = "JsonScalar | list[JsonValue] | dict[str, JsonValue]"
"""A JSON value of every kind, as :func:`json.loads` decodes it and :func:`json.dumps` encodes it."""
JsonObject: TypeAlias = dict[str, JsonValue]
"""A JSON object."""
JsonArray: TypeAlias = list[JsonValue]
"""A JSON array."""
