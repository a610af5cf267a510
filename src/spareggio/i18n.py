"""Languages: one gettext catalogue per language (``locale/<lang>.po``), read with Babel.

English is the source language: every message is written in English in the code, and the English
text is the message id.  A catalogue translates ids, optionally within a context (the explanation
sentences use their key as context, the print-ready pages ``publish.<key>``, the tie-break names
``tiebreak``).  Adding a language is adding a ``.po`` file; a message a catalogue lacks shows in
English, and a test fails when a shipped catalogue lacks one.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Self

__all__ = [
    "LOCALE_DIR",
    "check_language",
    "default_language",
    "languages",
    "translate",
    "translate_filled",
    "translate_reason",
    "warning_body",
]

LOCALE_DIR = Path(__file__).resolve().parent / "locale"


@functools.cache
def languages() -> tuple[str, ...]:
    """English, then every language with a catalogue."""
    return ("en", *sorted(p.stem for p in LOCALE_DIR.glob("*.po")))


@functools.cache
def catalogue(lang: str) -> dict[tuple[str | None, str], str]:
    """The translations of one language, by (context, English text); empty for English."""
    if lang == "en":
        return {}
    from babel.messages.pofile import read_po

    with open(LOCALE_DIR / f"{lang}.po", "rb") as handle:
        cat = read_po(handle, locale=lang)
    return {(m.context, str(m.id)): str(m.string) for m in cat if m.id and isinstance(m.id, str) and m.string}


def translate(lang: str, text: str, context: str | None = None) -> str:
    """``text`` in ``lang`` (English when the catalogue lacks it)."""
    if lang == "en":
        return text
    table = catalogue(lang) if lang in languages() else {}
    return table.get((context, text)) or table.get((None, text)) or text


def check_language(lang: str | None) -> str:
    """A language code the catalogues speak (case-insensitive); ``None`` means the environment's.

    :raises ArgumentError: for any other, naming the known ones.
    """
    if lang is None:
        return default_language()
    code = lang.strip().lower().replace("_", "-").split("-")[0]
    if code not in languages():
        from .errors import ArgumentError

        raise ArgumentError(
            msg(
                "unknown language {lang!r}; known languages: {known}", lang=lang, known=", ".join(languages())
            )
        )
    return code


def default_language() -> str:
    """The language of the environment (``LC_ALL``, ``LC_MESSAGES``, ``LANG``) when a catalogue speaks
    it, else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            code = value.split(".")[0].split("_")[0].lower()
            return code if code in languages() else "en"
    return "en"


def translate_filled(
    lang: str, text: str, templates: list[str], context: str, nested: str | None = None
) -> str:
    """A sentence made from one of ``templates`` (English, with ``{name}`` fields) in ``lang``: the
    first template that matches is recognised, translated, and filled with the same values; the
    field ``nested``, when given, is itself such a sentence.  Text no template makes stays as it is."""
    if lang == "en":
        return text
    import re

    for template in templates:
        fields = re.findall(r"{(\w+)}", template)
        pattern = "^" + re.sub(r"\\{(\w+)\\}", r"(?P<\1>.+?)", re.escape(template)) + "$"
        m = re.match(pattern, text, re.DOTALL)
        if m is not None:
            values = {f: m.group(f) for f in fields}
            if nested in values:
                values[nested] = translate_filled(lang, values[nested], templates, context, nested)
            return translate(lang, template, context).format(**values)
    return text


def translate_reason(lang: str, reason: str) -> str:
    """Why a rule set applies (:data:`spareggio.rules.REASONS`, alone or within a longer sentence),
    in ``lang``.  A reason that lost its :class:`Text` (read back from JSON) is recognised by its
    template; one with more detail than the templates then stays in English."""
    if isinstance(reason, Text):
        return localize(reason, lang)
    from .rules import REASONS

    return translate_filled(lang, reason, list(REASONS.values()), "reason")


def warning_body(warning: str, lang: str) -> str:
    """A warning shown under a heading that already says it is one: its sentence in ``lang``,
    without the file position and the ``warning:`` prefix of :meth:`Diagnostic.text`."""
    if isinstance(warning, Text) and "message" in warning.params:
        return localize(warning.params["message"], lang)
    return localize(warning, lang).split("warning: ", 1)[-1]


class Text(str):
    """A sentence in English that remembers how it was made: its template (the message id, with
    ``{name}`` fields) and the values that fill it, so that :func:`localize` can say it in another
    language later, wherever it travelled as a plain string (an error, a warning, a report)."""

    template: str
    params: dict[str, object]
    context: str

    def __new__(cls, template: str, context: str = "error", /, **params: object) -> Self:
        self = super().__new__(cls, template.format(**params) if params else template)
        self.template = template
        self.params = params
        self.context = context
        return self

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_text, (self.template, self.context, self.params))


def _rebuild_text(template: str, context: str, params: dict[str, object]) -> Text:
    return Text(template, context, **params)


def msg(template: str, /, **params: object) -> Text:
    """An error or warning sentence: ``template`` is English with ``{name}`` fields, the message id
    of the catalogues (context ``error``); ``params`` fill it.  The value is the English text."""
    return Text(template, "error", **params)


def joined(items: Sequence[str], separator: str) -> Text:
    """Several sentences as one, each said in the user's language when the whole is."""
    fields = {f"p{i}": item for i, item in enumerate(items)}
    return Text(separator.join("{" + key + "}" for key in fields), "join", **fields)


def localize(value: object, lang: str) -> str:
    """``value`` said in ``lang``: a :class:`Text` is translated and refilled with its values (each
    said in ``lang`` too); any other value is its string, unchanged."""
    if not isinstance(value, Text) or lang == "en":
        return str(value)
    params = {key: localize(v, lang) if isinstance(v, Text) else v for key, v in value.params.items()}
    template = translate(lang, value.template, value.context)
    return template.format(**params) if params else template
