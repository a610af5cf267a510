"""The page frame: Jinja2 templates rendered in the page's language with the helpers they use."""

from __future__ import annotations

import urllib.parse
from pathlib import Path

from fastapi.responses import HTMLResponse
from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.requests import Request

from ..__about__ import __version__
from ..base.i18n import Text, localize, warning_body
from ..check import inferred_sentence
from ..check.entry import CheckEntry
from ..core.model import Tournament
from ..io import READERS
from ..standings import Standings
from .i18n import (
    language_name,
    languages,
    page_words,
    participant_words,
    plural_translator,
    request_language,
    said,
    translator,
)
from .results import (
    PageWarning,
    event_dates,
    ordered_warnings,
    report_number,
    rules_by_name,
    rules_named,
    short_rules,
    variant_description,
)

__all__ = ["Pages"]

TEMPLATES = Path(__file__).resolve().parent / "templates"


def accept_attribute() -> str:
    """The open dialog's ``accept``: every extension of the reader registry, and the media types of
    text, JSON and PGN (a browser that ignores an extension still offers the file)."""
    extensions = sorted({e for r in READERS for e in r.extensions})
    return ",".join([*extensions, "text/plain", "application/json", "application/vnd.chess-pgn"])


def inferred_words(entry: CheckEntry, lang: str) -> str:
    """The inference of a check in ``lang``, the rule sets by the page's names."""
    stored = entry.inferred_text
    return said(rules_by_name(stored if isinstance(stored, Text) else inferred_sentence(entry), lang), lang)


class Pages:
    """Renders the templates of the page for one request, in its language."""

    def __init__(self, folder: Path = TEMPLATES) -> None:
        self.env = Environment(
            loader=FileSystemLoader(str(folder)),
            autoescape=select_autoescape(default=True, default_for_string=True),
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self.env.globals["accept"] = accept_attribute()

    def render(self, request: Request, template: str, status: int = 200, /, **values: object) -> HTMLResponse:
        """``template`` filled with ``values`` and the helpers every page uses."""
        lang = request_language(request)
        here = request.url.path
        query = {k: v for k, v in request.query_params.items() if k != "lang"}

        def switch(code: str) -> str:
            return here + "?" + urllib.parse.urlencode({**query, "lang": code})

        def event_warnings(t: Tournament, s: Standings | None) -> list[PageWarning]:
            """The standings' notes and the file's warnings, those that change the standings first."""
            return ordered_warnings(t, s, lang)

        html = self.env.get_template(template).render(
            _=translator(lang),
            n_=plural_translator(lang),
            said_of=participant_words(lang),
            lang=lang,
            reason=lambda text: said(text, lang),
            warning=lambda text: warning_body(text, lang, page_words),
            ruleset_title=lambda rules: localize(Text(rules.title, "ruleset.title"), lang),
            event_warnings=event_warnings,
            event_dates=lambda t: event_dates(t, lang),
            number=lambda value, points=False: report_number(value, lang, points=points),
            describe_rules=lambda rules: variant_description(rules, lang),
            rules_named=lambda name: rules_named(name, lang),
            short_rules=lambda rules: short_rules(rules, lang),
            inferred=lambda entry: inferred_words(entry, lang),
            say=lambda value: said(value, lang),
            languages=[(code, language_name(code), switch(code)) for code in languages()],
            version=__version__,
            **values,
        )
        # a lone surrogate read from a JSON escape cannot be sent: it becomes U+FFFD
        return HTMLResponse(html.encode("utf-8", "replace"), status_code=status)

    def error(self, request: Request, status: int, message: str) -> HTMLResponse:
        """The error page, ``message`` already in the page's language."""
        return self.render(request, "error.html", status, message=message)
