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
from ..explain import PlayerExplanation, explain_player
from ..render.crosstable import Crosstable, build_crosstable
from ..render.formats import FORMATS, Format, format_for_path, formats_for, render
from ..standings import Standings
from .limits import MAX_OUTPUT_BYTES
from .options import safe_name
from .store import Entry

__all__ = [
    "CSP_DOCUMENT",
    "OutputTooLarge",
    "attachment",
    "comparison_export",
    "content_disposition",
    "crosstable_export",
    "document",
    "downloads",
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

def downloads(result_type: type) -> tuple[Format, ...]:
    """The formats the page offers a result as a file in: the registry's formats of the result,
    but for the printable page (shown, not saved) and the terminal's table."""
    return tuple(f for f in formats_for(result_type) if f.downloaded)


def chosen(result_type: type, fmt: str, offered: tuple[Format, ...] | None = None) -> Format:
    """The format ``fmt`` names (or, for the links of older pages, the extension it is written
    with) among those ``result_type`` is written in (``offered``: among these).

    :raises ArgumentError: for another.
    """
    usable = formats_for(result_type) if offered is None else offered
    for f in usable:
        if f.name == fmt:
            return f
    try:
        return format_for_path(f"download.{fmt}", usable)
    except ArgumentError:
        raise ArgumentError(
            msg("format must be one of {items}, not {fmt!r}", items=", ".join(f.name for f in usable), fmt=fmt[:20])
        ) from None

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


def standings_export(s: Standings, fmt: str, lang: str) -> tuple[bytes, Format]:
    """The standings in a format of the registry (:mod:`spareggio.render.formats`): every format the
    command line writes, the printable page and the TRF with the computed ranks among them.

    :raises ArgumentError: for an unknown format, or an answer over the size limit.
    """
    f = chosen(Standings, fmt)
    if f.terminal and _table_size(s) > MAX_OUTPUT_BYTES:
        raise _too_large()
    return encoded(render(s, f, lang=lang)), f


def explanation_export(s: Standings, sno: int, fmt: str, lang: str) -> tuple[bytes, Format]:
    """One participant's explanation as a file, in a format the page offers (by name, or by the
    extension: ``txt``).

    :raises SpareggioError: for a start number not in the event, or an unknown format.
    """
    f = chosen(PlayerExplanation, fmt, downloads(PlayerExplanation))
    s.tournament.index_of(sno)
    return encoded(render(explain_player(s, sno, None, lang), f, lang=lang)), f


def comparison_export(c: Comparison, fmt: str, lang: str) -> tuple[bytes, Format]:
    """A comparison as a file, in a format the page offers.

    :raises ArgumentError: for another format.
    """
    f = chosen(Comparison, fmt, downloads(Comparison))
    return encoded(render(c, f, lang=lang)), f


def result_response(result: object, fmt: str, lang: str) -> Response:
    """An API answer: ``result`` in format ``fmt`` by the registry's renderer; an HTML document
    under its own policy."""
    f = FORMATS[fmt]
    body = encoded(render(result, f, lang=lang))
    if f.document:
        return document(body, f.media_type)
    return Response(body, media_type=f.media_type)


def crosstable_export(s: Standings, fmt: str, lang: str, grid: bool | None) -> tuple[bytes, Format]:
    """The crosstable of ``s`` as a file, in a format the page offers (through the format registry).

    :raises ArgumentError: for another format, or an answer over the size limit.
    """
    f = chosen(Crosstable, fmt, downloads(Crosstable))
    return encoded(render(build_crosstable(s, lang, grid=grid), f, lang=lang)), f


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
