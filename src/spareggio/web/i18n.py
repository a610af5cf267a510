"""The languages of the web page: the package's gettext catalogues (:mod:`spareggio.i18n`).

The English text is the message id; the page's own strings have no context.  Adding a language is
adding a ``.po`` file to ``spareggio/locale``.
"""

from __future__ import annotations

__all__ = ["LANGUAGE_NAMES", "choose_language", "languages", "translator"]

from ..i18n import language_name
from ..i18n import languages as _catalogue_languages

LANGUAGE_NAMES = {code: language_name(code) for code in _catalogue_languages()}
"""How each language names itself in the language switch (Babel's names; one per catalogue)."""


def languages() -> tuple[str, ...]:
    """The languages of the page: those of the package's catalogues (:mod:`spareggio.i18n`)."""
    from ..i18n import languages as known

    return known()


def catalogue(lang: str) -> dict[str, str]:
    """The page's translations of one language, by English text (context-free entries)."""
    from ..i18n import catalogue as full

    return {text: out for (context, text), out in full(lang).items() if context is None}


def translator(lang: str):  # type: ignore[no-untyped-def]
    """``_(text, **values)`` for one language: the translation, formatted with the values."""
    from ..i18n import translate

    code = lang if lang in languages() else "en"

    def _(text: str, **values: object) -> str:
        out = translate(code, text)
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
