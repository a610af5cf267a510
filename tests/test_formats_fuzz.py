"""Any content given to the Vega and PGN readers is either read or refused with a SpareggioError
(one line with its position), never another exception: hypothesis edits small valid files."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from event_formats import SWISS, pgn, tdf, veg
from spareggio.base.errors import SpareggioError
from spareggio.core.model import Tournament
from spareggio.io import ReadOptions, parse_event

SOURCES = {"pgn": pgn(SWISS), "vega-tdf": tdf(SWISS), "vega": veg(SWISS)}
NAMES = {"pgn": "open.pgn", "vega-tdf": "open.tdf", "vega": "open.veg"}
PIECES = [
    "0",
    "1",
    "9",
    "-",
    "+",
    "=",
    "|",
    ";",
    " ",
    "\n",
    "#",
    "[",
    "]",
    '"',
    "0000",
    "99999999999",
    "²",
    "é",
    "\x00",
]


@st.composite
def edited(draw: st.DrawFn, fmt: str) -> str:
    """The format's file with a few characters replaced, inserted or deleted."""
    text = SOURCES[fmt]
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        how = draw(st.sampled_from(["replace", "insert", "delete"]))
        piece = draw(st.sampled_from(PIECES) | st.text(max_size=3))
        if how == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 40)) :]
        elif how == "insert":
            text = text[:at] + piece + text[at:]
        else:
            text = text[:at] + piece + text[at + len(piece) :]
    return text


@pytest.mark.parametrize("fmt", sorted(SOURCES))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_edited_files_are_read_or_refused_with_a_position(fmt: str, data: st.DataObject) -> None:
    text = data.draw(edited(fmt))
    try:
        event = parse_event(
            text.encode("utf-8", "surrogatepass"), NAMES[fmt], fmt=fmt, options=ReadOptions(byes="half")
        )
    except SpareggioError as exc:
        message = str(exc)
        assert "\n" not in message.strip()
        if hasattr(exc, "position"):
            assert message.startswith(f"{NAMES[fmt]}:{exc.position.line}:")
    else:
        assert isinstance(event, Tournament)
