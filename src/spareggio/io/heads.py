"""What the reader registry knows of every format but TRF before it loads the format's reader: the
extensions, the size limits, the values of their options, and how sure the head of a file makes
it.  The readers themselves (:mod:`.tournament_json`, :mod:`.chess_json`, :mod:`.lichess`,
:mod:`.vega`, :mod:`.vega_tdf`, :mod:`.pgn` through python-chess, :mod:`.results_page` through
Beautiful Soup) are loaded by name the first time a file in their format is read
(:data:`spareggio.lazy.FRONT_ENDS`): reading a TRF file loads none of them."""

from __future__ import annotations

import re

from ..core.model import ResultKind

__all__ = [
    "CHESS_JSON_MAX_BYTES",
    "JSON_MAX_BYTES",
    "NO_LEGEND",
    "PGN_BYES",
    "PGN_EXTENSIONS",
    "PGN_MAX_BYTES",
    "RESULTS_PAGE_EXTENSIONS",
    "RESULTS_PAGE_MAX_BYTES",
    "RESULTS_WORKBOOK_EXTENSIONS",
    "RESULTS_WORKBOOK_MAX_BYTES",
    "VEGA_EXTENSIONS",
    "VEGA_MAX_BYTES",
    "VEGA_TDF_EXTENSIONS",
    "sniff_chess_json",
    "sniff_json",
    "sniff_lichess",
    "sniff_pgn",
    "sniff_results_page",
    "sniff_results_workbook",
    "sniff_vega",
    "sniff_vega_page",
    "sniff_vega_tdf",
]

PGN_EXTENSIONS = (".pgn",)
PGN_MAX_BYTES = 256 * 1024 * 1024
"""PGN files larger than this are refused before they are read (the moves make PGN large)."""

PGN_BYES: dict[str, ResultKind] = {
    "absent": ResultKind.ABSENT,
    "zero": ResultKind.ZERO_BYE,
    "half": ResultKind.HALF_BYE,
    "full": ResultKind.FULL_BYE,
    "pab": ResultKind.PAB,
}
"""How a round without a game counts in a PGN (``--byes``): not paired (no point, C.07 16.1.2
counts it as a voluntary unplayed round), a zero-point bye, a half-point bye, a full-point bye
requested by the player, or the pairing-allocated bye (1 point, not a voluntary unplayed round)."""

RESULTS_PAGE_EXTENSIONS = (".html", ".htm")
RESULTS_PAGE_MAX_BYTES = 16 * 1024 * 1024
"""The largest results page read: a crosstable of a thousand players is a few megabytes."""

# The patterns of the sniffers are compiled by :mod:`re` (and kept in its cache) the first time a head
# needs them: each sniffer first looks for what its pattern cannot match without, so a TRF file is
# answered without compiling them.
_SNIFF_TAG = rb'^\s*\[(Event|Site|Date|Round|White|Black|Result)\s+"'


def sniff_pgn(head: bytes, name: str) -> int:
    """Confidence that a file is PGN: 95 for three tags of the Seven Tag Roster at the start of lines,
    60 for one or two, 50 for the ``.pgn`` name alone."""
    # a tag needs a bracket: most files (every TRF of a batch) are answered without the pattern
    tags = {m.group(1) for m in re.finditer(_SNIFF_TAG, head, re.MULTILINE)} if b"[" in head else set()
    if len(tags) >= 3:
        return 95
    if tags:
        return 60
    return 50 if name.lower().endswith(PGN_EXTENSIONS) else 0


_VEGA_PAGE_META = rb'<meta\s+name\s*=\s*"(?:vega"|author"\s+content\s*=\s*"www\.vegachess\.com")'
"""What Vega writes at the head of its web pages: the author meta tag (``www.vegachess.com``), or in
older versions ``<meta name="Vega" content="Windows">`` (matched on the lower-cased head)."""


def sniff_vega_page(head: bytes, name: str) -> int:
    """96 for an HTML page whose head names Vega as its author in a meta tag, 0 otherwise (a page
    that only mentions Vega in its text is left to the results-page reader, which reads it whole)."""
    low = head.lower()
    html = b"<html" in low or b"<!doctype html" in low or name.lower().endswith(RESULTS_PAGE_EXTENSIONS)
    if not html or b"vega" not in low:
        return 0
    return 96 if re.search(_VEGA_PAGE_META, low) else 0


def sniff_results_page(head: bytes, name: str) -> int:
    """95 for an HTML page with a chess-results crosstable, 30 for any other HTML (read, then refused
    with the reason), 0 otherwise."""
    low = head.lower()
    html = b"<html" in low or b"<!doctype html" in low or name.lower().endswith(RESULTS_PAGE_EXTENSIONS)
    if not html:
        return 0
    return 95 if b"chess-results" in low or b"crs1" in low or b"tie break1" in low else 30


NO_LEGEND = "no-legend"
"""The code of the results readers' warning that a crosstable prints its tie-break columns without
their names: ``check``, which names them, says so instead (kept here, where ``check`` finds it
without loading a reader)."""

RESULTS_WORKBOOK_EXTENSIONS = (".xlsx", ".xls")
RESULTS_WORKBOOK_MAX_BYTES = 16 * 1024 * 1024
"""The largest Excel workbook read (compressed: the export of a crosstable of a thousand players is
a few hundred kilobytes); what it unpacks to has its own limit (:mod:`.results_workbook`)."""
_ZIP = b"PK\x03\x04"
_OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
"""The head of an Excel 97-2003 workbook (a compound document), read to be refused with advice."""


def sniff_results_workbook(head: bytes, name: str) -> int:
    """90 for an Excel workbook (a zip holding ``xl/`` parts, or named ``.xlsx``; a compound document
    named ``.xls``, refused with advice when read), 0 otherwise."""
    low = name.lower()
    if head.startswith(_ZIP):
        return 90 if b"xl/" in head or b"[Content_Types].xml" in head or low.endswith(".xlsx") else 0
    if head.startswith(_OLE):
        return 90 if low.endswith(".xls") else 0
    return 0


JSON_MAX_BYTES = 1024 * 1024 * 1024
"""Tournament JSON files larger than this are refused before they are read."""
_FORMAT_MARK = rb'"format"\s*:\s*"spareggio-tournament"'
"""How spareggio's tournament JSON names itself near the start of a file."""


def sniff_json(head: bytes, name: str) -> int:
    """Tournament JSON: 95 for a JSON object whose head names this format (``"format":
    "spareggio-tournament"``), 40 for another JSON object (another JSON reader may know it better),
    30 for a ``.json`` name alone, else 0."""
    text = head.removeprefix(b"\xef\xbb\xbf").lstrip()
    if text.startswith(b"{"):
        return 95 if re.search(_FORMAT_MARK, text) else 40
    return 30 if name.lower().endswith(".json") else 0


CHESS_JSON_MAX_BYTES = 256 * 1024 * 1024
"""Chess-JSON files larger than this are refused before they are read."""
_CHESS_JSON_MARK = rb'"filetype"\s*:\s*"Event"'  # re.IGNORECASE
_CHESS_JSON_EVENT = rb'"(?:tournaments|gameList|competitors|profiles)"\s*:'


def sniff_chess_json(head: bytes, name: str) -> int:
    """Chess-JSON: 97 for a JSON object whose head says ``"filetype": "Event"``, 80 for one with the
    members of an event (``tournaments``, ``gameList``, ...), else 0 (a ``.json`` name alone is
    spareggio's own JSON)."""
    text = head.removeprefix(b"\xef\xbb\xbf").lstrip()
    if not text.startswith(b"{"):
        return 0
    if re.search(_CHESS_JSON_MARK, text, re.IGNORECASE):
        return 97
    return 80 if re.search(_CHESS_JSON_EVENT, text) else 0


_LICHESS_MARK = rb"^(?:032 Lichess|022 \S*lichess\.org/swiss/)"  # re.MULTILINE | re.IGNORECASE


def sniff_lichess(head: bytes, name: str) -> int:
    """95 for TRF text that names lichess (``032 Lichess`` or a lichess Swiss address in 022), else 0."""
    if b"lichess" not in head.lower():  # the mark names lichess: without it, no pattern to run
        return 0
    return 95 if re.search(_LICHESS_MARK, head.removeprefix(b"\xef\xbb\xbf"), re.MULTILINE | re.IGNORECASE) else 0


VEGA_EXTENSIONS = (".veg",)
VEGA_MAX_BYTES = 64 * 1024 * 1024
"""Vega files larger than this are refused before they are read (Vega holds at most a few thousand
players)."""
VEGA_TDF_EXTENSIONS = (".tdf",)


def sniff_vega(head: bytes, name: str) -> int:
    """Confidence that a file is a Vega ``.veg``: 95 for a first line ``Vega <version>``, 45 for the
    ``.veg`` name alone."""
    # the pattern names Vega: without the word, no pattern to run
    if b"Vega" in head and re.match(rb"^(\xef\xbb\xbf)?\s*Vega\s+\d", head):
        return 95
    return 45 if name.lower().endswith(VEGA_EXTENSIONS) else 0


def sniff_vega_tdf(head: bytes, name: str) -> int:
    """Confidence that a file is a Vega ``.tdf``: 95 for ``001`` rows whose fields are separated by
    ``|`` (a dialect of TRF, so surer than the TRF reader), 98 with the ``.tdf`` name; 45 for the name
    alone."""
    named = name.lower().endswith(VEGA_TDF_EXTENSIONS)
    if b"|" in head and re.search(rb"(?m)^001 [^\n|]*\|[^\n|]*\|", head):
        return 98 if named else 95
    return 45 if named else 0
