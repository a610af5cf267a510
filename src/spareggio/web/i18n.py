"""The languages of the web page: the package's gettext catalogues (:mod:`spareggio.i18n`).

The English text is the message id; the page's own strings have no context.  Adding a language is
adding a ``.po`` file to ``spareggio/locale``.
"""

from __future__ import annotations

from collections.abc import Callable

from babel import Locale, UnknownLocaleError
from starlette.requests import Request

from ..errors import Diagnostic, SpareggioError
from ..i18n import Text, localize, translate, translate_plural
from ..i18n import catalogue as full_catalogue
from ..i18n import languages as known_languages

__all__ = [
    "LANGUAGE_NAMES",
    "PAGE_WORDING",
    "choose_language",
    "for_page",
    "language_name",
    "languages",
    "plural_translator",
    "request_language",
    "said",
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


PAGE_WORDING: dict[str, str] = {
    "--after-round {after_round} is out of range: the file holds rounds 1 to {complete}": (
        "round {after_round} is out of range: the file holds rounds 1 to {complete}"
    ),
    "--after-round {after_round} is out of range: the file holds no played round": (
        "round {after_round} is out of range: the file holds no played round"
    ),
    "--after-round {after_round}: round {pending} is paired but its results are not in the file yet; "
    "standings can be computed after round {complete} at the latest": (
        "round {pending} is paired but its results are not in the file yet; standings can be computed "
        "after round {complete} at the latest"
    ),
    "choose another with --rules (spareggio rules lists them)": "choose another in the rule set menu",
    "FIDE acronyms take modifiers after a slash: BH/C1 = Buchholz Cut 1, BH/M1 = Median Buchholz, SB/C1; "
    "'spareggio tiebreaks' lists every acronym and name": (
        "FIDE acronyms take modifiers after a slash: BH/C1 = Buchholz Cut 1, BH/M1 = Median Buchholz, SB/C1; "
        "'Add a tie-break' lists every acronym and name"
    ),
    "lichess ranks by points, then by its tie-break (Sonneborn-Berger over the games played; "
    "--rules naive counts them so), then by performance: the file's tie-break list is taken as SB; "
    "the ratings are lichess ratings": (
        "lichess ranks by points, then by its tie-break (Sonneborn-Berger over the games played, as the "
        "rule set 'Games played only' counts them), then by performance: the file's tie-break list is "
        "taken as SB; the ratings are lichess ratings"
    ),
    "round {number}: '0000 - +' read as a pairing-allocated bye (write '0000 - U')": (
        "round {number}: a win without opponent read as a pairing-allocated bye"
    ),
    "--{how} {value!r}: expected two or more different start numbers, first to last, separated by commas, "
    "then ':' and a note (3,7:1½-½)": "{how} {value!r}: choose two or more different players, first to last",
    "--exclude {value!r}: expected a start number, then ':' and the reason (5:expelled)": (
        "{value!r}: choose the player to leave out of the ranking"
    ),
    "--declared-ranks applies to lichess Swiss exports; this file is {title}": (
        "the ranks lichess declares apply to lichess Swiss exports; this file is {title}"
    ),
}
"""Sentences of the library that name a command-line option, as the page says them (the page names
its own fields, never command-line syntax)."""


LOCATED = "{where}warning: {message}"
"""A warning with its place in the file (``team.trf:1:1: warning: ...``): the page says the warning
alone, beside the file it shows."""


def for_page(value: object) -> object:
    """``value`` with every sentence of :data:`PAGE_WORDING` (at any depth) said the page's way, and
    a warning without the place in the file it was found at."""
    if isinstance(value, Diagnostic):
        return for_page(value.message)
    if isinstance(value, Text) and value.template == LOCATED and "message" in value.params:
        return for_page(value.params["message"])
    if not isinstance(value, Text) or value.plural is not None:
        return value
    params = {key: for_page(v) for key, v in value.params.items()}
    template = PAGE_WORDING.get(value.template, value.template)
    if template == value.template and all(params[k] is value.params[k] for k in params):
        return value
    return Text(template, value.context, **params)


def said(value: object, lang: str) -> str:
    """An error, a warning or a sentence as the page says it, in ``lang``."""
    if isinstance(value, SpareggioError):
        value = value.text()
    return localize(for_page(value), lang)
