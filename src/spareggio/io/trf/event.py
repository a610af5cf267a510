"""The TRF format as the reader registry sees it: how sure the content is TRF, and the event read
from it (a team event when the file has team rosters)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import cast

from ...lazy import load
from ..options import Event, ReadOptions
from .reader import parse_trf
from .records import _KNOWN_RECORDS

__all__ = ["parse", "sniff"]

_RECORD = re.compile(
    rb"^(?:" + b"|".join(re.escape(c.encode()) for c in sorted(_KNOWN_RECORDS)) + rb")(?: |\r?$)",
    re.MULTILINE,
)


def sniff(head: bytes, name: str) -> int:
    """90 for content with TRF records (``001``, ``012``, ``XXR`` ... at the start of a line), 50 for
    a ``.trf`` or ``.txt`` name alone, else 0."""
    text = head.removeprefix(b"\xef\xbb\xbf")
    if not text.lstrip().startswith((b"{", b"[")) and _RECORD.search(text):
        return 90
    return 50 if name.lower().endswith((".trf", ".txt")) else 0


_TEAM_RECORD = rb"\n(?:013|310) "
"""A team record after a line break (compiled by ``re`` on first use): the expression looks for
the line breaks alone and tries the two codes at each, one pass over the bytes instead of one
search for each code (a search of ``\n013 `` stops at every ``\n0`` of the ``001`` lines)."""


def is_team_file(data: bytes) -> bool:
    """Whether TRF text holds team records (013, 310) at the start of a line."""
    return data.startswith((b"013 ", b"310 ")) or re.search(_TEAM_RECORD, data) is not None


def parse(data: bytes, name: str, options: ReadOptions) -> Event:
    """The tournament in TRF content; a team event when it has team rosters (records 310 or 013) and
    ``options.teams`` is set; its players alone with ``options.team_players``."""
    if (options.teams or options.team_players) and is_team_file(data):
        if options.team_players:
            t = parse_trf(data, name, kind=options.kind, lenient=options.lenient, rating=options.rating, team_event=True)
            return dataclasses.replace(t, tiebreak_list=None, tiebreak_list_position=None)
        # the team records' reader is loaded by name, for a team file only
        team_event = cast("Callable[..., Event]", load("reader.trf-team"))
        return team_event(data, name, lenient=options.lenient, kind=options.kind, rating=options.rating)
    return parse_trf(data, name, kind=options.kind, lenient=options.lenient, rating=options.rating)
