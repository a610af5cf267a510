"""The output formats, and which renderer writes which result in which format: one table for the
command line, the web page and the HTTP API.

A :class:`Format` says what a format is (its name, media type, file extensions, whether it is
binary, a title in words); a *renderer* turns one type of result into one format.  Renderers are
registered with :func:`renderer`, by result type and format name, in the module of ``render/`` that
holds them::

    from spareggio.render.formats import RenderOptions, renderer

    @renderer(PrizeList, "html")
    def prize_list_html(prizes: PrizeList, options: RenderOptions) -> str:
        ...

and every front end asks the same three questions:

* :func:`formats_for` -- which formats can this result be written in?  (the choices of ``--format``,
  the download links of the web page)
* :func:`choose_format` / :func:`format_for_path` -- which format does the user want?  (``--format``,
  else the extension of ``-o FILE``)
* :func:`render` -- the result in that format, in the user's language.

A new result type needs a renderer per format it is written in, nothing else; a new format needs a
row in :data:`FORMATS` (with its title in the catalogues) and its renderers.  The renderers of the
package are registered when :mod:`spareggio.render` is imported (its ``__init__`` imports every
renderer module); :func:`formats_for` and :func:`render` load a renderer's module by name
(:data:`spareggio.lazy.RENDERERS`) the first time its result is written in its format, so that
a command imports only the renderers it writes with.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import TypeVar

from ..base.classes import dataclass
from ..base.errors import ArgumentError
from ..base.i18n import SOURCE, Field, msg
from ..lazy import RENDERERS, load_renderer

__all__ = [
    "FORMATS",
    "Format",
    "RenderOptions",
    "Renderer",
    "choose_format",
    "format_for_path",
    "format_names",
    "formats_for",
    "render",
    "render_as",
    "renderer",
]


@dataclass(frozen=True)
class Format:
    """An output format."""

    name: str
    """What ``--format`` and the ``format`` parameter of the API call it (``table``, ``pdf`` ...)."""
    media_type: str
    """The HTTP ``Content-Type`` of a download (text types are UTF-8)."""
    extensions: tuple[str, ...]
    """The file extensions that name it, lower case with the dot; the first is the one to write."""
    binary: bool
    """Whether the renderer returns bytes (PDF, XLSX) rather than text."""
    title: str
    """The format in words, in English (message id of the catalogues, context ``format``)."""
    inline: bool = False
    """Shown in the browser as a document rather than saved (the printable page)."""
    terminal: bool = False
    """Written for a terminal (the aligned text table): the page offers no download of it."""

    @property
    def downloaded(self) -> bool:
        """Whether the web page offers it as a file to download."""
        return not (self.inline or self.terminal)

    @property
    def document(self) -> bool:
        """Whether it is a web document (shown under its own policy: no script, inline style)."""
        return self.media_type.startswith("text/html")

    @property
    def extension(self) -> str:
        """The extension a file of this format is written with (``.html``)."""
        return self.extensions[0]


FORMATS: dict[str, Format] = {
    f.name: f
    for f in (
        Format("table", "text/plain; charset=utf-8", (".txt",), False, "Text table", terminal=True),
        Format("text", "text/plain; charset=utf-8", (".txt",), False, "Text"),
        Format("csv", "text/csv; charset=utf-8", (".csv",), False, "CSV for spreadsheets"),
        Format("json", "application/json", (".json",), False, "JSON"),
        Format("html", "text/html; charset=utf-8", (".html", ".htm"), False, "Web page (HTML)"),
        Format("pdf", "application/pdf", (".pdf",), True, "PDF"),
        Format(
            "xlsx",
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            (".xlsx",),
            True,
            "Spreadsheet (XLSX)",
        ),
        Format("print", "text/html; charset=utf-8", (".html",), False, "Printable page", inline=True),
        Format("trf", "text/plain; charset=utf-8", (".trf",), False, "TRF with the computed ranks"),
    )
}
"""Every output format, by name, in the order the front ends list them."""


@dataclass(frozen=True)
class RenderOptions:
    """What a renderer may be asked besides the result itself."""

    lang: str = SOURCE
    """The language of the words (a code :func:`spareggio.base.i18n.languages` lists)."""
    csv_locale: str | None = None
    """The spreadsheet conventions of CSV (``en``, ``it``, ``fr``); ``None``: those of ``lang``."""
    title: str | None = None
    """A title for documents that gather several results (every player's explanation)."""
    exact: bool = False
    """JSON: exact values as fractions in strings (``"93/2"``) instead of JSON numbers."""


R = TypeVar("R")
Renderer = Callable[[R, RenderOptions], str | bytes]
"""A function writing one result in one format: ``(result, options) -> str`` (``bytes`` for a
binary format)."""

_RENDERERS: dict[tuple[type, str], Callable[[object, RenderOptions], str | bytes]] = {}


def renderer(result_type: type[R], fmt: str) -> Callable[[Renderer[R]], Renderer[R]]:
    """Register the decorated function as the renderer of ``result_type`` in format ``fmt`` (a name
    of :data:`FORMATS`).  A subclass of ``result_type`` is rendered by it too unless it has its own.

    :raises KeyError: for a format :data:`FORMATS` lacks, or a pair registered twice (a programming
        error, found when the module is imported).
    """
    if fmt not in FORMATS:
        raise KeyError(f"unknown format {fmt!r}")

    def register(function: Renderer[R]) -> Renderer[R]:
        if (result_type, fmt) in _RENDERERS:
            raise KeyError(f"a renderer of {result_type.__name__} as {fmt} is already registered")
        _RENDERERS[(result_type, fmt)] = function  # type: ignore[assignment]
        return function

    return register


def _lookup(result_type: type, fmt: str) -> Callable[[object, RenderOptions], str | bytes] | None:
    for klass in result_type.__mro__:
        found = _RENDERERS.get((klass, fmt))
        if found is None and load_renderer(klass.__name__, fmt):
            found = _RENDERERS.get((klass, fmt))
        if found is not None:
            return found
    return None


def _known(result_type: type, fmt: str) -> bool:
    """Whether a renderer writes ``result_type`` in ``fmt``, registered or named in
    :data:`~spareggio.lazy.RENDERERS` (without loading it)."""
    return any(
        (klass, fmt) in _RENDERERS or f"{klass.__name__}.{fmt}" in RENDERERS for klass in result_type.__mro__
    )


def formats_for(result_type: type | str) -> tuple[Format, ...]:
    """The formats a result of ``result_type`` can be written in, in the order of :data:`FORMATS`;
    a type may be given by its name (what a job's task computes: :attr:`spareggio.job.Task.result`)."""
    if isinstance(result_type, str):
        return tuple(f for name, f in FORMATS.items() if _named(result_type, name))
    return tuple(f for name, f in FORMATS.items() if _known(result_type, name))


def _named(type_name: str, fmt: str) -> bool:
    """Whether a renderer writes the result type called ``type_name`` in ``fmt``."""
    return f"{type_name}.{fmt}" in RENDERERS or any(
        klass.__name__ == type_name and name == fmt for klass, name in _RENDERERS
    )


def format_names(result_type: type | str, *, downloaded: bool = False) -> tuple[str, ...]:
    """The names of :func:`formats_for` (``downloaded``: only those the web page offers as files)."""
    return tuple(f.name for f in formats_for(result_type) if f.downloaded or not downloaded)


def render(
    result: object,
    fmt: str | Format,
    *,
    lang: str = SOURCE,
    csv_locale: str | None = None,
    title: str | None = None,
    exact: bool = False,
) -> str | bytes:
    """``result`` written in format ``fmt`` in language ``lang``: text, or bytes for a binary format.

    :raises ArgumentError: when no renderer writes this result in this format (naming the formats
        that do).
    """
    name = fmt.name if isinstance(fmt, Format) else fmt
    function = _lookup(type(result), name)
    if function is None:
        known = ", ".join(f.name for f in formats_for(type(result)))
        raise ArgumentError(
            msg("this result cannot be written as {fmt}; formats: {known}", fmt=name, known=known)
        )
    return function(result, RenderOptions(lang=lang, csv_locale=csv_locale, title=title, exact=exact))


def format_for_path(path: str, choices: Iterable[Format] | None = None) -> Format:
    """The format the extension of ``path`` names (case-insensitive), among ``choices`` (default:
    every format; the first of them that claims the extension wins, so ``.txt`` is ``table`` unless
    ``table`` is not a choice).

    :raises ArgumentError: for an extension no choice is written with.
    """
    usable = list(FORMATS.values()) if choices is None else list(choices)
    ext = os.path.splitext(path)[1].lower()
    for f in usable:
        if ext in f.extensions:
            return f
    known = ", ".join(sorted({e for f in usable for e in f.extensions}))
    raise ArgumentError(
        msg(
            "{path}: cannot tell the format from the extension {value!r}; use {field} or one of {known}",
            path=path,
            field=Field.FORMAT,
            value=ext or "(none)",
            known=known,
        )
    )


def choose_format(
    name: str | None,
    path: str | None,
    result_type: type | None = None,
    *,
    default: str = "table",
    choices: Iterable[str] | None = None,
) -> Format:
    """The format the user asks for: ``name`` (``--format``) when given, else the one the extension
    of ``path`` (``-o FILE``) names, else ``default``.

    :param result_type: only the formats it can be written in (:func:`formats_for`).
    :param choices: only these format names (e.g. what a streaming report writes).
    :raises ArgumentError: for a format name or an extension outside those.
    """
    allowed = list(FORMATS.values()) if result_type is None else list(formats_for(result_type))
    if choices is not None:
        wanted = set(choices)
        allowed = [f for f in allowed if f.name in wanted]
    if name is None and path:
        return format_for_path(path, allowed)
    chosen = name or default
    for f in allowed:
        if f.name == chosen:
            return f
    raise ArgumentError(
        msg(
            "unknown format {fmt!r}; known formats: {known}",
            fmt=chosen,
            known=", ".join(f.name for f in allowed),
        )
    )


render_as = render
"""The name the package exports :func:`render` under (``spareggio.render`` is this package)."""
