"""Fuzzing every reader and every output format: the inputs and the one property.

Each reader of the registry gets a small valid file in its format, written by the project (the
builders of ``event_formats``, the tournament JSON and Chess-JSON writers, a lichess TRF), and
hypothesis edits it: pieces replaced, inserted or deleted (digits, separators, ``1e300``, a lone
surrogate, control characters, twenty-digit numbers), or bytes drawn at random.

The property (:func:`check_input`): whatever the bytes, the reader returns an event or raises a
:class:`~spareggio.base.errors.SpareggioError` whose message is one line (``file:line:column: ...`` for an
input error); an event is ranked, or refused the same way; the standings are written in every
output format (text, CSV, JSON, HTML, XLSX, TRF; PDF separately, where WeasyPrint is installed), the
explanation of the first player and the crosstable too, each a result or a one-line refusal.

The suite runs a small budget (``tests/test_fuzz_every_reader.py``); ``benchmarks/fuzz.py`` runs
thousands of inputs per reader and counts them.
"""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field

from hypothesis import strategies as st

from chess_results_page import page
from chess_results_workbook import from_tsv, rows, tsv
from event_formats import SWISS, pgn, tdf, trf, veg
from spareggio.base.errors import InputError, SpareggioError
from spareggio.explain import explain_player
from spareggio.io import ReadOptions, parse_event
from spareggio.io.chess_json_write import write_chess_json
from spareggio.io.tournament_json import write_tournament_json
from spareggio.render.crosstable import build_crosstable
from spareggio.render.formats import formats_for, render
from spareggio.standings import Standings, rank
from vega_page import crosstable as vega_crosstable


def _seeds() -> dict[str, tuple[str, bytes]]:
    """A valid file per reader (the same eight-player Swiss of ``event_formats``): name and bytes."""
    text = trf(SWISS)
    t = parse_event(text.encode(), "open.trf")
    ranks = {row.player.start_number: row.rank for row in rank(t).rows}
    lichess = "022 https://lichess.org/swiss/abcd1234\n" + text
    sheet = tsv(rows(t, [], ranks))  # type: ignore[arg-type]
    assert "lichess.org/swiss" in lichess
    return {
        "trf": ("open.trf", text.encode()),
        "json": ("open.json", write_tournament_json(t).encode()),  # type: ignore[arg-type]
        "chess-json": ("open.json", write_chess_json(t).encode()),  # type: ignore[arg-type]
        "lichess": ("open.trf", lichess.encode()),
        "vega": ("open.veg", veg(SWISS).encode()),
        "vega-tdf": ("open.tdf", tdf(SWISS).encode()),
        "pgn": ("open.pgn", pgn(SWISS).encode()),
        "results-page": ("open.html", page(t, [], [], ranks).encode()),  # type: ignore[arg-type]
        "results-workbook": ("open.xlsx", sheet.encode()),  # its rows as text: edited, then written (edited)
        "vega-page": ("crosstable.html", vega_crosstable(t, "table").encode()),  # type: ignore[arg-type]
    }


SEEDS = _seeds()
"""A seed for every reader of the registry, by its name."""

PIECES = [
    "0", "1", "9", "-", "+", "=", "|", ";", ",", ".", " ", "\n", "\r", "\t", "#", "[", "]", '"', "{", "}",
    "1e300", "-1", "99999999999999999999", "0000", "1/3", "\x00", "\x1b[31m", "\x85", "\u2028", "\ud800",
    "é", "²", "null", "[]", "{}", "true", "9999/12/31", "1 Jan 99999999999999999999",
]  # fmt: skip
"""What the edits insert: the characters of the formats' layouts and what has broken readers."""

FORMATS = tuple(f.name for f in formats_for(Standings) if f.name != "pdf")
"""The standings' output formats the property writes (PDF: one test of its own, it is slow)."""


@st.composite
def edited(draw: st.DrawFn, reader: str) -> bytes:
    """The reader's seed file with one to four edits, or (one time in eight) random bytes."""
    if draw(st.integers(0, 7)) == 0:
        return draw(st.binary(max_size=400))
    text = SEEDS[reader][1].decode("utf-8")
    if reader == WORKBOOK:  # the workbook's rows are edited as text, then written as a workbook
        return from_tsv(_edits(draw, text))
    return _edits(draw, text).encode("utf-8", "surrogatepass")  # a lone surrogate stays a lone surrogate's bytes


WORKBOOK = "results-workbook"
"""The reader whose seed is kept as the text of its rows (a workbook is a zip: edits of its bytes
would only damage it)."""


def _edits(draw: st.DrawFn, text: str) -> str:
    """One to four edits of a text."""
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        how = draw(st.sampled_from(["replace", "insert", "delete"]))
        piece = draw(st.sampled_from(PIECES) | st.text(max_size=4))
        if how == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 60)) :]
        elif how == "insert":
            text = text[:at] + piece + text[at:]
        else:
            text = text[:at] + piece + text[at + len(piece) :]
    return text


def one_line(exc: SpareggioError, name: str) -> None:
    """A refusal is one line; an input error starts with its place in the file."""
    message = str(exc)
    assert message and "\n" not in message and "\r" not in message, repr(message)
    if isinstance(exc, InputError):
        assert message.startswith(f"{name}:{exc.position.line}:{exc.position.column}: "), message


def outputs(s: Standings) -> list[tuple[str, str | bytes]]:
    """Everything written for the standings: every format, the first player's explanation, the
    crosstable (each a result, or a refusal raised as a SpareggioError)."""
    made: list[tuple[str, str | bytes]] = [(fmt, render(s, fmt, lang="it")) for fmt in FORMATS]
    first = s.rows[0].player.start_number if s.rows else None
    if first is not None and not s.is_team:
        e = explain_player(s, first)
        made += [(f"explain-{f.name}", render(e, f.name)) for f in formats_for(type(e)) if f.name != "pdf"]
        x = build_crosstable(s)
        made += [(f"crosstable-{f.name}", render(x, f.name)) for f in formats_for(type(x)) if f.name != "pdf"]
    return made


def check_input(reader: str, data: bytes) -> str:
    """The property of the module's text for one input; returns what happened: ``read``,
    ``refused`` (by the reader), ``not ranked`` or ``not written`` (a one-line refusal later)."""
    name = SEEDS[reader][0]
    if reader == WORKBOOK and data == SEEDS[reader][1]:
        data = from_tsv(data.decode("utf-8"))  # the seed itself, written
    try:
        event = parse_event(data, name, fmt=reader, options=ReadOptions(byes="half"))
    except SpareggioError as exc:
        one_line(exc, name)
        return "refused"
    try:
        s = rank(event)
    except SpareggioError as exc:
        one_line(exc, name)
        return "not ranked"
    try:
        made = outputs(s)
    except SpareggioError as exc:
        one_line(exc, name)
        return "not written"
    for fmt, out in made:
        if isinstance(out, str):
            out.encode("utf-8")  # strict: a lone surrogate here would break the file or the page
            if fmt == "json":
                json.loads(out)
    return "read"


@dataclass
class Tally:
    """What a long run found, per reader (``benchmarks/fuzz.py``)."""

    outcomes: dict[str, int] = field(default_factory=dict)
    tracebacks: list[str] = field(default_factory=list)

    def record(self, run: Callable[[], str]) -> None:
        try:
            outcome = run()
        except Exception:  # noqa: BLE001  a traceback found: counted and kept, the run goes on
            outcome = "TRACEBACK"
            self.tracebacks.append(traceback.format_exc(limit=-4))
        self.outcomes[outcome] = self.outcomes.get(outcome, 0) + 1
