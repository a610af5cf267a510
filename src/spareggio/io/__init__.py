"""Input and output formats: TRF and tournament JSON reading and writing, tables, CSV and JSON."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from ..i18n import msg

if TYPE_CHECKING:
    from ..model import Tournament, TournamentKind

__all__ = ["is_tournament_json", "parse_tournament", "read_tournament"]

_SNIFF_BYTES = 64


def is_tournament_json(path: str | os.PathLike[str]) -> bool:
    """Whether a file is to be read as tournament JSON: a ``.json`` name, or (any other name) text
    whose first non-blank character is ``{`` (a TRF file starts with a record code)."""
    if os.fspath(path).lower().endswith(".json"):
        return True
    try:
        with open(path, "rb") as handle:
            head = handle.read(_SNIFF_BYTES)
    except OSError:
        return False  # the TRF reader reports the problem
    return head.removeprefix(b"\xef\xbb\xbf").lstrip().startswith(b"{")


def read_tournament(
    path: str | os.PathLike[str], *, kind: TournamentKind | None = None, **trf_options: Any
) -> Tournament:
    """Read a tournament from a TRF or a tournament JSON file, chosen by :func:`is_tournament_json`.

    :param kind: declare the event Swiss or round robin, whatever the file says.
    :param trf_options: further options of :func:`~spareggio.io.trf.read_trf` (TRF files only).
    :raises InputError: for any problem in the file, with its position.
    """
    if is_tournament_json(path):
        from .tournament_json import read_tournament_json

        if trf_options.get("lenient"):
            from ..errors import ArgumentError

            raise ArgumentError(
                msg("{path}: --lenient applies to TRF files only; this is a tournament JSON file", path=path)
            )
        return read_tournament_json(path, kind=kind)
    from .trf import read_trf

    return read_trf(path, kind=kind, **trf_options)


def size_limit(name: str) -> int:
    """The largest file read under this name: tournament JSON may hold far more players than TRF."""
    if name.lower().endswith(".json"):
        from .tournament_json import MAX_FILE_BYTES as json_limit

        return json_limit
    from .trf.text import MAX_FILE_BYTES as trf_limit

    return trf_limit


def parse_tournament(
    data: bytes, name: str = "<string>", *, kind: TournamentKind | None = None, lenient: bool = False
) -> Tournament:
    """Parse the content of a TRF or tournament JSON file (JSON: a ``.json`` name, or content that
    starts with ``{``); ``name`` is the file name used in messages.

    :raises InputError: for any problem in the content, with its position.
    """
    head = data[:_SNIFF_BYTES].removeprefix(b"\xef\xbb\xbf").lstrip()
    if name.lower().endswith(".json") or head.startswith(b"{"):
        from .tournament_json import parse_tournament_json

        return parse_tournament_json(data, name, kind=kind)
    from .trf import parse_trf

    return parse_trf(data, name, kind=kind, lenient=lenient)
