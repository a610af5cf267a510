"""The languages of the web page: the package's gettext catalogues (:mod:`spareggio.i18n`).

The English text is the message id; the page's own strings have no context.  Adding a language is
adding a ``.po`` file to ``spareggio/locale``.
"""

from __future__ import annotations

from collections.abc import Callable

from babel import Locale, UnknownLocaleError
from starlette.requests import Request

from ..i18n import catalogue as full_catalogue
from ..i18n import languages as known_languages
from ..i18n import translate, translate_plural

__all__ = [
    "LANGUAGE_NAMES",
    "choose_language",
    "language_name",
    "languages",
    "plural_translator",
    "request_language",
    "translator",
]

LANGUAGE_NAMES = {"en": "English", "it": "Italiano", "fr": "Français"}
"""How each language names itself in the language switch (others: Babel's name, else the code)."""


def language_name(code: str) -> str:
    """How a language names itself."""
    if code in LANGUAGE_NAMES:
        return LANGUAGE_NAMES[code]
    try:
        name = Locale.parse(code).get_display_name(code) or code
    except (ValueError, UnknownLocaleError):
        return code
    return name[:1].upper() + name[1:]


def languages() -> tuple[str, ...]:
    """The languages of the page: those of the package's catalogues (:mod:`spareggio.i18n`)."""
    return known_languages()


def catalogue(lang: str) -> dict[str, str]:
    """The page's translations of one language, by English text (context-free entries)."""
    return {text: out for (context, text), out in full_catalogue(lang).items() if context is None}


def translator(lang: str) -> Callable[..., str]:
    """``_(text, **values)`` for one language: the translation, formatted with the values."""
    code = lang if lang in languages() else "en"

    def _(text: str, **values: object) -> str:
        out = translate(code, text)
        return out.format(**values) if values else out

    return _


def plural_translator(lang: str) -> Callable[..., str]:
    """``n_(singular, plural, n, **values)`` for one language: the form the language uses for ``n``
    things (the catalogue's plural rule), formatted with ``n`` and the values."""
    code = lang if lang in languages() else "en"

    def n_(singular: str, plural: str, n: int, **values: object) -> str:
        return translate_plural(code, singular, plural, n).format(n=n, **values)

    return n_


def choose_language(asked: str | None, cookie: str | None, accept: str | None) -> str:
    """The page's language: asked in the address, else remembered in the cookie, else the
    browser's first known preference, else English."""
    known = languages()
    for value in (asked, cookie):
        if value and value.strip().lower() in known:
            return value.strip().lower()
    for part in (accept or "")[:1000].split(","):
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in known:
            return tag
    return "en"


def request_language(request: Request) -> str:
    """The language of the page a request asks for (:func:`choose_language`)."""
    return choose_language(
        request.query_params.get("lang"), request.cookies.get("lang"), request.headers.get("accept-language")
    )
