"""Languages: one gettext catalogue per language (``locale/<lang>.po``), read with Babel.

English is the source language: every message is written in English in the code, and the English
text is the message id.  A catalogue translates ids, optionally within a context (the explanation
sentences use their key as context, the print-ready pages ``publish.<key>``, the tie-break names
``tiebreak``).  Adding a language is adding a ``.po`` file; a message a catalogue lacks shows in
English, and a test fails when a shipped catalogue lacks one.
"""

from __future__ import annotations

import datetime as _dt
import functools
import gettext
import io
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol, Self

__all__ = [
    "LOCALE_DIR",
    "Said",
    "Text",
    "as_text",
    "catalogue",
    "default_language",
    "joined",
    "language_name",
    "languages",
    "localize",
    "msg",
    "ntext",
    "translate",
    "translate_plural",
    "warning_body",
]

LOCALE_DIR = Path(__file__).resolve().parent / "locale"


@functools.cache
def languages() -> tuple[str, ...]:
    """English, then every language with a catalogue."""
    return ("en", *sorted(p.stem for p in LOCALE_DIR.glob("*.po")))


def language_name(code: str) -> str:
    """How a language names itself (``Italiano``, ``Français``), from Babel's locale data."""
    from babel import Locale

    name: str = Locale.parse(code).get_display_name(code) or code
    return name[:1].upper() + name[1:]


@functools.cache
def _read(lang: str) -> object:
    from babel.messages.pofile import read_po

    with open(LOCALE_DIR / f"{lang}.po", "rb") as handle:
        return read_po(handle, locale=lang)


@functools.cache
def catalogue(lang: str) -> dict[tuple[str | None, str], str]:
    """The translations of one language, by (context, English text); empty for English.  A message
    with plural forms appears under its singular and its plural English text (with the first and
    the second form), so that a lookup can tell it is translated."""
    if lang == "en":
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
    if lang == "en" or lang not in languages():
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo

    buffer = io.BytesIO()
    write_mo(buffer, _read(lang))  # type: ignore[arg-type]
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def translate(lang: str, text: str, context: str | None = None) -> str:
    """``text`` in ``lang`` (English when the catalogue lacks it)."""
    if lang == "en":
        return text
    table = catalogue(lang) if lang in languages() else {}
    return table.get((context, text)) or table.get((None, text)) or text


def translate_plural(lang: str, singular: str, plural: str, n: int, context: str | None = None) -> str:
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
            return code if code in languages() else "en"
    return "en"


def warning_body(warning: str, lang: str) -> str:
    """A warning shown under a heading that already says it is one: its sentence in ``lang``,
    without the file position and the ``warning:`` prefix of :meth:`Diagnostic.text`."""
    if isinstance(warning, Text) and "message" in warning.params:
        return localize(warning.params["message"], lang)
    return localize(warning, lang).split("warning: ", 1)[-1]


class Text(str):
    """A sentence in English that remembers how it was made: its template (the message id, with
    ``{name}`` fields) and the values that fill it, so that :func:`localize` can say it in another
    language later, wherever it travelled as a plain string (an error, a warning, a report).

    A sentence about a number of things (:func:`ntext`) also keeps its plural template and the
    number that chooses between the forms, by the plural rule of each language."""

    template: str
    params: dict[str, object]
    context: str
    plural: str | None
    number: int
    """The number that chooses the plural form (1 for a sentence without one)."""

    def __new__(cls, template: str, context: str = "error", /, **params: object) -> Self:
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


def ntext(singular: str, plural: str, n: int, context: str = "error", /, **params: object) -> Text:
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


class Said(Protocol):
    """A value of a sentence that says itself in a language when the sentence is said: a number and
    the style it is shown in (:class:`spareggio.numbers.Shown`), written ``46,5`` in Italian.  Its
    string is its English form, which the English sentence holds."""

    def said(self, lang: str) -> str:
        """The value written in ``lang``."""
        ...


def _said(value: object, lang: str) -> object:
    """A value of a sentence in ``lang``: a sentence translated, a value that says itself
    (:class:`Said`, a number in its style), a day in the language's words (``18 apr 2026``; English
    keeps ISO ``2026-04-18``), a number with a fraction in the language's decimal sign (``40,5``);
    anything else as it is."""
    if isinstance(value, Text):
        return localize(value, lang)
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


def localize(value: object, lang: str) -> str:
    """``value`` said in ``lang``: a :class:`Text` is translated and refilled with its values (each
    said in ``lang`` too); any other value is its string, unchanged."""
    if not isinstance(value, Text) or lang == "en":
        return str(value)
    params = {key: _said(v, lang) for key, v in value.params.items()}
    if value.plural is not None:
        template = translate_plural(lang, value.template, value.plural, value.number, value.context)
    else:
        template = translate(lang, value.template, value.context)
    return template.format(**params) if params else template
