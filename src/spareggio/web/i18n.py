"""The languages of the web page: the package's gettext catalogues (:mod:`spareggio.base.i18n`).

The English text is the message id; the page's own strings have no context.  Adding a language is
adding a ``.po`` file to ``spareggio/locale``.
"""

from __future__ import annotations

from collections.abc import Callable

from starlette.requests import Request

from ..base.errors import Diagnostic, SpareggioError
from ..base.i18n import SOURCE, Choices, Field, Text, language_name, localize, ntext
from ..base.i18n import languages as known_languages
from ..core.model import Participant

__all__ = [
    "CHOICES_LABELS",
    "FIELD_LABELS",
    "choose_language",
    "language_name",
    "languages",
    "page_words",
    "participant_words",
    "plural_translator",
    "request_language",
    "said",
    "translator",
]

def languages() -> tuple[str, ...]:
    """The languages of the page: those of the package's catalogues (:mod:`spareggio.base.i18n`)."""
    return known_languages()


def translator(lang: str) -> Callable[..., str]:
    """``_(text, **values)`` for one language: the sentence made and said as every layer makes and
    says one (a :class:`~spareggio.base.i18n.Text` without a context, :func:`~spareggio.base.i18n.localize`)."""
    code = lang if lang in languages() else SOURCE

    def _(text: str, **values: object) -> str:
        return localize(Text(text, None, **values), code)

    return _


def plural_translator(lang: str) -> Callable[..., str]:
    """``n_(singular, plural, n, **values)`` for one language: the form the language uses for ``n``
    things (the catalogue's plural rule), formatted with ``n`` and the values."""
    code = lang if lang in languages() else SOURCE

    def n_(singular: str, plural: str, n: int, **values: object) -> str:
        return localize(ntext(singular, plural, n, None, **values), code)

    return n_


PARTICIPANT_WORDS: dict[str, str | tuple[str, str]] = {
    "count": ("{n} player", "{n} players"),
    "count.team": ("{n} team", "{n} teams"),
    "search": "Find a player",
    "search.team": "Find a team",
    "find": "Find a player: name or number",
    "find.team": "Find a team: name or number",
    "differs": ("The declared ranking differs for {n} player.", "The declared ranking differs for {n} players."),
    "differs.team": ("The declared ranking differs for {n} team.", "The declared ranking differs for {n} teams."),
    "chart": "Each line is a player: his place under each rule set. Each player who changes place has a colour of his own.",
    "chart.team": "Each line is a team: its place under each rule set. Each team that changes place has a colour of its own.",
    "name": "Name",
    "name.team": "Team",
}
"""The page's sentences about the participants of an event, by the key its participant gives
(:meth:`spareggio.core.model.Participant.key`: players by the base key, teams by ``.team``): a
sentence, or the singular and plural of one about a number of them."""


def participant_words(lang: str) -> Callable[..., str]:
    """``words(participant, key, n=None, **values)`` for one language: the page's sentence ``key``
    (:data:`PARTICIPANT_WORDS`) about the participants an event ranks, in the form ``n`` takes."""
    code = lang if lang in languages() else SOURCE

    def words(participant: Participant, key: str, n: int | None = None, **values: object) -> str:
        told = PARTICIPANT_WORDS[participant.key(key)]
        if isinstance(told, tuple):
            return localize(ntext(told[0], told[1], n or 0, None, **values), code)
        return localize(Text(told, None, **values), code)

    return words


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
    return SOURCE


def request_language(request: Request) -> str:
    """The language of the page a request asks for (:func:`choose_language`)."""
    return choose_language(
        request.query_params.get("lang"), request.cookies.get("lang"), request.headers.get("accept-language")
    )


FIELD_LABELS: dict[Field, str] = {
    Field.AFTER_ROUND: "After round",
    Field.RULES: "Rule set",
    Field.TIEBREAKS: "Tie-breaks",
    Field.VERSUS: "Other player",
    Field.INFER: "Find which rule set and list give the declared ranking",
    Field.BYES: "PGN: a round in which a player has no game counts as",
    Field.LENIENT: "Repair a game whose two sides disagree (each repair is a warning)",
    Field.DECLARED_RANKS: "The ranks the program declares in another file (lichess, Vega)",
}
"""The label of the page's control for each field it has (message ids of the page)."""

CHOICES_LABELS: dict[Field, str] = {Field.TIEBREAKS: "Add a tie-break"}
"""The control of the page that lists the values of a field (its menu, the tie-break builder)."""


def page_words(field: Field | Choices, lang: str) -> str:
    """A field as the page names it: its control's label, in quotes, in ``lang`` (a field the page
    has no control for by its name, as the API names it)."""
    if isinstance(field, Choices):
        label = CHOICES_LABELS.get(field.field)
    else:
        label = FIELD_LABELS.get(field)
    if label is None:
        return str(field)
    return localize(Text("“{label}”", "field", label=Text(label, None)), lang)


LOCATED = "{where}warning: {message}"
"""A warning with its place in the file (``team.trf:1:1: warning: ...``): the page says the warning
alone, beside the file it shows."""


def for_page(value: object) -> object:
    """``value`` as the page says it: a warning without the place in the file it was found at, at
    any depth."""
    if isinstance(value, Diagnostic):
        return for_page(value.message)
    if isinstance(value, Text) and value.template == LOCATED and "message" in value.params:
        return for_page(value.params["message"])
    if not isinstance(value, Text) or value.plural is not None:
        return value
    params = {key: for_page(v) for key, v in value.params.items()}
    if all(params[k] is value.params[k] for k in params):
        return value
    return Text(value.template, value.context, **params)


def said(value: object, lang: str) -> str:
    """An error, a warning or a sentence as the page says it, in ``lang``: its fields named as the
    page's controls (:func:`page_words`), never as command-line options."""
    if isinstance(value, SpareggioError):
        value = value.text()
    return localize(for_page(value), lang, page_words)
