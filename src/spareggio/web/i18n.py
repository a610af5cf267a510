"""The languages of the web page: gettext catalogues (``locale/<lang>.po``) read with Babel.

The English text is the message id, so English needs no catalogue; every other language is one
``.po`` file in this folder, and adding a language is adding a file.  Catalogues are read once, on
first use.  A message a catalogue lacks (or leaves empty) shows in English.
"""

from __future__ import annotations

import functools
from pathlib import Path

__all__ = ["LANGUAGE_NAMES", "choose_language", "languages", "translator"]

HERE = Path(__file__).resolve().parent / "locale"

LANGUAGE_NAMES = {"en": "English", "it": "Italiano", "fr": "Français", "de": "Deutsch"}
"""How each language names itself in the language switch."""


@functools.cache
def languages() -> tuple[str, ...]:
    """English and every language with a catalogue, in a stable order."""
    return ("en", *sorted(p.stem for p in HERE.glob("*.po")))


@functools.cache
def catalogue(lang: str) -> dict[str, str]:
    """The translations of one language (empty for English)."""
    if lang == "en":
        return {}
    from babel.messages.pofile import read_po

    with open(HERE / f"{lang}.po", "rb") as handle:
        cat = read_po(handle, locale=lang)
    return {str(m.id): str(m.string) for m in cat if m.id and isinstance(m.id, str) and m.string}


def translator(lang: str):  # type: ignore[no-untyped-def]
    """``_(text, **values)`` for one language: the translation, formatted with the values."""
    table = catalogue(lang if lang in languages() else "en")

    def _(text: str, **values: object) -> str:
        out = table.get(text, text)
        return out.format(**values) if values else out

    return _


def choose_language(asked: str | None, cookie: str | None, accept: str | None) -> str:
    """The page's language: asked in the address, else remembered in the cookie, else the
    browser's first known preference, else English."""
    known = languages()
    for value in (asked, cookie):
        if value and value.strip().lower() in known:
            return value.strip().lower()
    for part in (accept or "").split(","):
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in known:
            return tag
    return "en"
