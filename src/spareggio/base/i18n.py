"""Languages: one gettext catalogue per language (``locale/<lang>.po``), read with Babel.

English is the source language: every message is written in English in the code, and the English
text is the message id.  A catalogue translates ids, optionally within a context (the explanation
sentences use their key as context, the print-ready pages ``publish.<key>``, the tie-break names
``tiebreak``).  Adding a language is adding a ``.po`` file; a message a catalogue lacks shows in
English, and a test fails when a shipped catalogue lacks one.

A sentence, or a single word, is made one way on every floor: a :class:`Text` (:func:`msg` for an
error or a warning, :func:`ntext` for a number of things, ``Text(template, context, **values)`` for
the words of a renderer, a command or the page), said in a language by :func:`localize` when it is
shown.  The catalogues are looked up only here (``tests/test_one_place.py`` fails on a lookup, or
on :mod:`gettext`, anywhere else).
"""

from __future__ import annotations

import contextlib
import contextvars
import datetime as _dt
import enum
import functools
import gettext
import io
import os
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Protocol, Self, cast

from .. import lazy
from .classes import dataclass

if TYPE_CHECKING:
    from pathlib import Path

    from .conventions import Conventions

    LOCALE_DIR: Path
    """The folder of the catalogues (served by :func:`__getattr__`)."""

__all__ = [
    "LOCALE_DIR",
    "SOURCE",
    "Choices",
    "Conventions",
    "Field",
    "Said",
    "Text",
    "as_text",
    "catalogue",
    "conventions",
    "default_language",
    "joined",
    "language_name",
    "languages",
    "localize",
    "msg",
    "ntext",
    "warning_body",
    "worded",
]

_LOCALE_FOLDER = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(__file__))), "locale")
"""The folder of the catalogues, ``spareggio/locale``: a command finds its language without
pathlib, which only :data:`LOCALE_DIR` needs."""


def __getattr__(name: str) -> object:
    """``LOCALE_DIR``: the folder of the catalogues as a :class:`pathlib.Path`, pathlib loaded by name
    the first time it is asked for; ``Conventions``, the class of :func:`conventions`
    (:mod:`spareggio.base.conventions`)."""
    if name == "LOCALE_DIR":
        return cast("type", lazy.load("path"))(_LOCALE_FOLDER)
    if name == "Conventions":
        return lazy.load("conventions")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

SOURCE = "en"
"""The language the program is written in: its sentences are the message ids of the catalogues, and
it keeps the plain forms programs read back (ISO days, ``46.5``, ``5.5``).  This module is the one
place a language code is spelled; every other module asks :func:`languages` and :func:`conventions`."""


@functools.cache
def languages() -> tuple[str, ...]:
    """The registry of languages: English, then every language with a catalogue in ``locale/``."""
    return (SOURCE, *sorted(os.path.splitext(n)[0] for n in os.listdir(_LOCALE_FOLDER) if n.endswith(".po")))


def language_name(code: str) -> str:
    """How a language names itself (``Italiano``, ``Français``), from Babel's locale data (the code
    itself when Babel does not know it)."""
    from babel import Locale, UnknownLocaleError

    try:
        name: str = Locale.parse(code).get_display_name(code) or code
    except (ValueError, UnknownLocaleError):
        return code
    return name[:1].upper() + name[1:]


@functools.cache
def conventions(code: str) -> Conventions:
    """The conventions of a language of :func:`languages`."""
    from babel.numbers import get_decimal_symbol

    decimal = str(get_decimal_symbol(code))
    make = lazy.load("conventions")  # the class, loaded with the first output that needs it
    assert isinstance(make, type)
    return cast("Conventions", make(
        code=code,
        name=language_name(code),
        decimal=decimal,
        csv_separator=";" if decimal == "," else ",",
        csv_bom=code != SOURCE,
    ))


@functools.cache
def _read(lang: str) -> object:
    from babel.messages.pofile import read_po

    with open(os.path.join(_LOCALE_FOLDER, f"{lang}.po"), "rb") as handle:
        return read_po(handle, locale=lang)


@functools.cache
def catalogue(lang: str) -> dict[tuple[str | None, str], str]:
    """The translations of one language, by (context, English text); empty for English.  A message
    with plural forms appears under its singular and its plural English text (with the first and
    the second form), so that a lookup can tell it is translated."""
    if lang == SOURCE:
        return {}
    table: dict[tuple[str | None, str], str] = {}
    for m in _read(lang):  # type: ignore[attr-defined]
        if not m.id or not m.string:
            continue
        if isinstance(m.id, str):
            table[(m.context, m.id)] = str(m.string)
        elif all(m.string):
            for english, translated in zip(m.id, m.string, strict=False):
                table[(m.context, str(english))] = str(translated)
    return table


@functools.cache
def _plurals(lang: str) -> gettext.NullTranslations:
    """The catalogue of ``lang`` as gettext reads it, for the plural forms (``npgettext``)."""
    if lang == SOURCE or lang not in languages():
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo

    buffer = io.BytesIO()
    write_mo(buffer, _read(lang))  # type: ignore[arg-type]
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def _translate(lang: str, text: str, context: str | None = None) -> str:
    """``text`` in ``lang`` (English when the catalogue lacks it); the lookup behind :func:`localize`,
    which every other module calls instead."""
    if lang == SOURCE:
        return text
    table = catalogue(lang) if lang in languages() else {}
    return table.get((context, text)) or table.get((None, text)) or text


def _translate_plural(lang: str, singular: str, plural: str, n: int, context: str | None = None) -> str:
    """The form of a sentence about ``n`` things in ``lang``, by the catalogue's plural rule
    (gettext ``npgettext``); in English ``singular`` for 1, else ``plural``."""
    if context is None:
        return _plurals(lang).ngettext(singular, plural, n)
    return _plurals(lang).npgettext(context, singular, plural, n)


def default_language() -> str:
    """The language of the environment (``LC_ALL``, ``LC_MESSAGES``, ``LANG``) when a catalogue speaks
    it, else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            code = value.split(".")[0].split("_")[0].lower()
            return code if code in languages() else SOURCE
    return SOURCE


def warning_body(warning: str, lang: str, wording: Wording | None = None) -> str:
    """A warning shown under a heading that already says it is one: its sentence in ``lang``,
    without the file position and the ``warning:`` prefix of :meth:`Diagnostic.text`."""
    if isinstance(warning, Text) and "message" in warning.params:
        return localize(warning.params["message"], lang, wording)
    return localize(warning, lang, wording).split("warning: ", 1)[-1]


class Text(str):
    """A sentence in English that remembers how it was made: its template (the message id, with
    ``{name}`` fields) and the values that fill it, so that :func:`localize` can say it in another
    language later, wherever it travelled as a plain string (an error, a warning, a report).

    A sentence about a number of things (:func:`ntext`) also keeps its plural template and the
    number that chooses between the forms, by the plural rule of each language."""

    template: str
    params: dict[str, object]
    context: str | None
    plural: str | None
    number: int
    """The number that chooses the plural form (1 for a sentence without one)."""

    def __new__(cls, template: str, context: str | None = "error", /, **params: object) -> Self:
        self = super().__new__(cls, template.format(**params) if params else template)
        self.template = template
        self.params = params
        self.context = context
        self.plural = None
        self.number = 1
        return self

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_text, (self.template, self.context, self.params, self.plural, self.number))


def _rebuild_text(
    template: str, context: str, params: dict[str, object], plural: str | None = None, count: int = 1
) -> Text:
    if plural is not None:
        return ntext(template, plural, count, context, **{k: v for k, v in params.items() if k != "n"})
    return Text(template, context, **params)


def ntext(singular: str, plural: str, n: int, context: str | None = "error", /, **params: object) -> Text:
    """A sentence about ``n`` things: ``singular`` and ``plural`` are the English templates (the
    message id and its plural in the catalogues, gettext ``ngettext``); ``n`` fills the field ``{n}``
    too.  Each language chooses its form by its own plural rule when the sentence is said."""
    text = Text(singular if n == 1 else plural, context, n=n, **params)
    text.template, text.plural, text.number = singular, plural, n
    return text


def as_text(value: str) -> Text:
    """``value`` as a :class:`Text`: itself when it is one, else a sentence said the same in every
    language (a name, a code, words the catalogues do not hold)."""
    return value if isinstance(value, Text) else Text(value, "verbatim")


def msg(template: str, /, **params: object) -> Text:
    """An error or warning sentence: ``template`` is English with ``{name}`` fields, the message id
    of the catalogues (context ``error``); ``params`` fill it.  The value is the English text."""
    return Text(template, "error", **params)


def joined(items: Sequence[object], separator: str) -> Text:
    """Several sentences as one, each said in the user's language when the whole is."""
    fields = {f"p{i}": item for i, item in enumerate(items)}
    return Text(separator.join("{" + key + "}" for key in fields), "join", **fields)


class Field(enum.Enum):
    """What a request is made of, by one name each: the parameters of the library's functions, the
    fields of the HTTP API's forms, the controls of the web page and the options of the command
    line.  A sentence about one of them holds the field as a value
    (``msg("{field} {after_round} is out of range ...", field=Field.AFTER_ROUND, ...)``), never a
    command-line flag: each front end words the field its own way when the sentence is said
    (:func:`worded`): the command line as its option (``--after-round``), the page as its control's
    label, the library and the API by the name itself (``after_round``)."""

    AFTER_ROUND = "after_round"
    RULES = "rules"
    TIEBREAKS = "tiebreaks"
    PLAYER = "player"
    VERSUS = "versus"
    PRIMARY = "primary"
    INDIVIDUAL = "individual"
    LENIENT = "lenient"
    DECLARED_RANKS = "declared_ranks"
    RATING = "rating"
    BYES = "byes"
    PLAYOFF = "playoff"
    ARBITER = "arbiter"
    EXCLUDE = "exclude"
    INFER = "infer"
    FORMAT = "format"
    SCHEDULER = "scheduler"
    DASK = "dask"

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


_LISTED = {Field.RULES: "spareggio.RULESETS", Field.TIEBREAKS: "spareggio.TIEBREAKS"}


@dataclass(frozen=True)
class Choices:
    """Where the values a field takes are listed, as a value of a sentence ("{choices} lists every
    acronym"): the command line's listing command, the page's menu or builder, the library's
    registry (its string)."""

    field: Field

    def __str__(self) -> str:
        return _LISTED.get(self.field, self.field.value)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


Wording = Callable[[Field | Choices, str], str]
"""How a front end words a field (or where its values are listed) in a language."""

_WORDING: contextvars.ContextVar[Wording | None] = contextvars.ContextVar("spareggio_wording", default=None)


@contextlib.contextmanager
def worded(wording: Wording | None) -> Iterator[None]:
    """Say every field of the sentences rendered inside the block in ``wording``'s words: the
    command line runs a command inside ``worded(flag_words)``, so that a renderer that writes a
    warning into a table or a page needs to know nothing of the front end."""
    token = _WORDING.set(wording)
    try:
        yield
    finally:
        _WORDING.reset(token)


def _names_a_field(text: Text) -> bool:
    return any(
        isinstance(v, Field | Choices) or (isinstance(v, Text) and _names_a_field(v)) for v in text.params.values()
    )


class Said(Protocol):
    """A value of a sentence that says itself in a language when the sentence is said: a number and
    the style it is shown in (:class:`spareggio.base.numbers.Shown`), written ``46,5`` in Italian.  Its
    string is its English form, which the English sentence holds."""

    def said(self, lang: str) -> str:
        """The value written in ``lang``."""
        ...


def _said(value: object, lang: str, wording: Wording | None = None) -> object:
    """A value of a sentence in ``lang``: a sentence translated, a field in the front end's words, a
    value that says itself (:class:`Said`, a number in its style), a day in the language's words
    (``18 apr 2026``; English keeps ISO ``2026-04-18``), a number with a fraction in the language's
    decimal sign (``40,5``); anything else as it is."""
    if isinstance(value, Text):
        return localize(value, lang, wording)
    if isinstance(value, Field | Choices):
        return wording(value, lang) if wording is not None else str(value)
    if lang == SOURCE:
        return value
    said = getattr(type(value), "said", None)  # a Said value (a protocol check costs more)
    if said is not None:
        return said(value, lang)
    if isinstance(value, _dt.date):
        from babel.dates import format_date  # Babel's tables load when a day is first said

        return format_date(value, "medium", locale=lang)
    if isinstance(value, float) and not value.is_integer():
        from babel.numbers import format_decimal

        return format_decimal(value, locale=lang, group_separator=False)
    return value


def localize(value: object, lang: str, wording: Wording | None = None) -> str:
    """``value`` said in ``lang``: a :class:`Text` is translated and refilled with its values (each
    said in ``lang`` too; a :class:`Field` in the words of ``wording``, else of the front end that
    is speaking, :func:`worded`, else by its name); any other value is its string, unchanged."""
    if not isinstance(value, Text):
        return str(value)
    wording = wording or _WORDING.get()
    if lang == SOURCE and (wording is None or not _names_a_field(value)):
        return str(value)
    params = {key: _said(v, lang, wording) for key, v in value.params.items()}
    if value.plural is not None:
        template = _translate_plural(lang, value.template, value.plural, value.number, value.context)
    else:
        template = _translate(lang, value.template, value.context)
    return template.format(**params) if params else template
