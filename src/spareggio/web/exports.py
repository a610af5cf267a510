"""The files the page and the API hand out: the command line's exports (the same functions),
served as attachments under their own Content-Security-Policy, within a bound on their size."""

from __future__ import annotations

import json
import urllib.parse
from pathlib import Path

from fastapi.responses import Response

from ..base.errors import ArgumentError
from ..base.i18n import msg
from ..comparison import Comparison
from ..explain import explain_player
from ..io.trf.team_matches import is_team_file
from ..io.trf.writer import with_team_ranks, write_decided_trf
from ..render.crosstable import build_crosstable
from ..render.formats import FORMATS, formats_for, render
from ..standings import Standings
from .limits import MAX_OUTPUT_BYTES
from .options import safe_name
from .store import Entry

__all__ = [
    "CROSSTABLE_FORMATS",
    "CSP_DOCUMENT",
    "EXPORT_MEDIA",
    "OutputTooLarge",
    "attachment",
    "comparison_export",
    "content_disposition",
    "crosstable_export",
    "document",
    "encoded",
    "explanation_export",
    "json_error",
    "result_response",
    "standings_export",
    "text",
]

CSP_DOCUMENT = (
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'none'"
)
"""For the standalone documents (exports, the API's html): their style is inline, they run no script."""

EXPORT_MEDIA = {
    **{f.name: f.media_type for f in formats_for(Standings)},
    "print": FORMATS["html"].media_type,
    "trf": "text/plain; charset=utf-8",
}
"""The standings' formats and their media types: the registry's (:mod:`spareggio.render.formats`),
the printable page (its html shown in the browser) and the TRF file with the computed ranks."""

TABLE_OVERHEAD = 160
"""Characters of a table row besides the name (numbers, spaces, columns), for the size estimate."""


class OutputTooLarge(ArgumentError):
    """The answer would be larger than :data:`MAX_OUTPUT_BYTES`."""


def _too_large() -> OutputTooLarge:
    return OutputTooLarge(
        msg("the answer would be larger than the limit of {mb} MB", mb=MAX_OUTPUT_BYTES // 2**20)
    )


def encoded(body: str | bytes) -> bytes:
    """``body`` as the bytes of the answer, within :data:`MAX_OUTPUT_BYTES`: a text in UTF-8, where
    a character that is not text (a lone surrogate read from a JSON escape) becomes U+FFFD.

    :raises OutputTooLarge: when it is over the limit.
    """
    if isinstance(body, str):
        if len(body) > MAX_OUTPUT_BYTES:  # at least one byte a character: over before encoding
            raise _too_large()
        body = body.encode("utf-8", "replace")
    if len(body) > MAX_OUTPUT_BYTES:
        raise _too_large()
    return body


def _table_size(s: Standings) -> int:
    """An upper estimate of the characters of the aligned table, which pads every name to the
    longest: refused before it is built when over the limit."""
    longest = max((len(row.player.name) for row in s.rows), default=0)
    return len(s.rows) * (longest + TABLE_OVERHEAD + 12 * len(s.labels))


def standings_export(s: Standings, fmt: str, lang: str, entry: Entry | None = None) -> tuple[bytes, str]:
    """The standings in one of the formats the command line writes (the registry's renderers).

    ``trf`` is the file with the computed ranks: a team event's own file with them in record 310
    (when ``entry`` holds it), else the tournament written as TRF.

    :raises ArgumentError: for an unknown format, or an answer over the size limit.
    """
    if fmt not in EXPORT_MEDIA:
        raise ArgumentError(
            msg("format must be one of {items}, not {fmt!r}", items=", ".join(EXPORT_MEDIA), fmt=fmt)
        )
    if fmt == "trf":
        body: str | bytes = (
            _team_trf(entry, s) if entry is not None and s.is_team else _trf_with_ranks(s)
        )
    else:
        if fmt == "table" and _table_size(s) > MAX_OUTPUT_BYTES:
            raise _too_large()
        body = render(s, "html" if fmt == "print" else fmt, lang=lang)
    return encoded(body), EXPORT_MEDIA[fmt]


def _team_trf(entry: Entry, s: Standings) -> str:
    """A team event's TRF file with the computed team ranks written into record 310."""
    if not is_team_file(entry.data):
        raise ArgumentError(
            msg("the TRF download of a team event writes its ranks into its TRF file: this file is not TRF")
        )
    ranks = {row.player.start_number: row.rank for row in s.rows}
    return with_team_ranks(entry.data.decode("utf-8", errors="replace"), ranks)


def _trf_with_ranks(s: Standings) -> str:
    """The tournament as TRF with the computed ranks in columns 86-89, and the decisions and the
    tie-break list that made them, as the command line's ``--save-trf`` writes them."""
    return write_decided_trf(s, ranks=True)


EXPLANATION_FORMATS = {"txt": "text", "html": "html", "json": "json"}
"""The downloads of an explanation, by extension: the registry's format of each."""


def explanation_export(s: Standings, sno: int, fmt: str, lang: str) -> tuple[bytes, str]:
    """One participant's explanation as a file (``txt``, ``html`` or ``json``).

    :raises SpareggioError: for a start number not in the event, or an unknown format.
    """
    if fmt not in EXPLANATION_FORMATS:
        raise ArgumentError(msg("format must be html, json or txt, not {fmt!r}", fmt=fmt))
    s.tournament.index_of(sno)
    name = EXPLANATION_FORMATS[fmt]
    return encoded(render(explain_player(s, sno, None, lang), name, lang=lang)), FORMATS[name].media_type


def comparison_export(c: Comparison, fmt: str, lang: str) -> tuple[bytes, str]:
    """A comparison as a file (``html``, ``pdf`` or ``json``).

    :raises ArgumentError: for an unknown format.
    """
    if fmt not in ("html", "pdf", "json"):
        raise ArgumentError(msg("format must be html, pdf or json, not {fmt!r}", fmt=fmt))
    return encoded(render(c, fmt, lang=lang)), FORMATS[fmt].media_type


def result_response(result: object, fmt: str, lang: str) -> Response:
    """An API answer: ``result`` in format ``fmt`` by the registry's renderer; an HTML document
    under its own policy."""
    body = encoded(render(result, fmt, lang=lang))
    if fmt == "html":
        return document(body, FORMATS[fmt].media_type)
    return Response(body, media_type=FORMATS[fmt].media_type)


CROSSTABLE_FORMATS = ("pdf", "xlsx", "html")
"""What the page offers to download a crosstable as."""


def crosstable_export(s: Standings, fmt: str, lang: str, grid: bool | None) -> tuple[bytes, str]:
    """The crosstable of ``s`` as a file (through the format registry).

    :raises ArgumentError: for a format the page does not offer, or an answer over the size limit.
    """
    if fmt not in CROSSTABLE_FORMATS:
        raise ArgumentError(
            msg("format must be one of {items}, not {fmt!r}", items=", ".join(CROSSTABLE_FORMATS), fmt=fmt)
        )
    chosen = FORMATS[fmt]
    return encoded(render(build_crosstable(s, lang, grid=grid), chosen, lang=lang)), chosen.media_type


def content_disposition(filename: str) -> str:
    """``attachment`` with the file's name for every browser (RFC 6266): an ASCII fallback in
    ``filename`` and the exact name in UTF-8 in ``filename*`` (``Łódź.trf`` downloads as such)."""
    fallback = "".join(c if " " <= c < "\x7f" and c not in '"\\%;' else "_" for c in filename) or "download"
    exact = urllib.parse.quote(filename, safe="")
    return f"attachment; filename=\"{fallback}\"; filename*=UTF-8''{exact}"


def attachment(body: str | bytes, media: str, entry: Entry, suffix: str) -> Response:
    """A download named after the tournament's file, as a standalone document (no script)."""
    stem = safe_name(Path(entry.filename).stem or "tournament")
    return Response(
        body,
        media_type=media,
        headers={
            "Content-Disposition": content_disposition(f"{stem}-{suffix}"),
            "Content-Security-Policy": CSP_DOCUMENT,
        },
    )


def text(body: str, media: str = "text/plain; charset=utf-8", status: int = 200) -> Response:
    """A text answer (a table, an explanation, an error), encoded within the bounds (:func:`encoded`)."""
    return Response(encoded(body), status_code=status, media_type=media)


def document(body: str | bytes, media: str) -> Response:
    """A standalone document shown in the browser (the printable page, the API's html), under its own
    Content-Security-Policy that lets its inline style apply and no script run."""
    return Response(encoded(body), media_type=media, headers={"Content-Security-Policy": CSP_DOCUMENT})


def json_error(message: str, status: int = 400) -> Response:
    """The API's error answer: ``{"error": message}``."""
    body = json.dumps({"error": message}, ensure_ascii=False).encode("utf-8", "replace")
    return Response(body, status_code=status, media_type="application/json")
