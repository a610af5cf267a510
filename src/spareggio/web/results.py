"""What the results page shows around its tables, in the page's language: the event's dates, the
warnings in order of importance, the rule sets of the menu with their titles, variant names with a
description, the team scores' legend, the comparison's count of players who move, and the one-line
answer to an upload that is not a tournament file.  Each function renders what the library computed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Self

from markupsafe import Markup

from .. import numbers
from ..compare import Comparison
from ..errors import Diagnostic, SpareggioError
from ..i18n import Text, localize, msg, ntext, translate
from ..render.crosstable import Crosstable, build_crosstable
from ..render.crosstable_export import table_html
from ..render.publish import describe_rules
from ..rules import RULESETS, RuleSet, find_ruleset

if TYPE_CHECKING:
    from ..model import Tournament
    from ..standings import Standings

__all__ = [
    "CHANGES_STANDINGS",
    "PAGE_WORDING",
    "PageWarning",
    "comparison_summary",
    "crosstable_table",
    "event_dates",
    "moved_summary",
    "ordered_warnings",
    "page_error",
    "page_text",
    "rules_named",
    "ruleset_choices",
    "score_legend",
    "upload_problem",
    "variant_description",
]

CHANGES_STANDINGS = frozenset(
    {
        "points-mismatch",
        "team-points-mismatch",
        "pseudo-player",
        "bye-as-forfeit",
        "one-sided-game",
        "results-misfit",
        "record-not-applied",
        "rules-assumed",
        "ambiguous-date",
    }
)
"""Warnings of the file whose subject changes the standings (the engine ranks by something other than
what the file says, or leaves something of it out): shown first, the box open."""


class PageWarning(str):
    """A warning as the page shows it; ``changes`` when what it says changes the standings."""

    changes: bool

    def __new__(cls, text: str, changes: bool) -> Self:
        self = super().__new__(cls, text)
        self.changes = changes
        return self


PAGE_WORDING = {
    "FIDE acronyms take modifiers after a slash: BH/C1 = Buchholz Cut 1, BH/M1 = Median Buchholz, SB/C1; "
    "'spareggio tiebreaks' lists every acronym and name": "FIDE acronyms take modifiers after a slash: "
    "BH/C1 = Buchholz Cut 1, BH/M1 = Median Buchholz, SB/C1; 'Add a tie-break' lists every acronym and name",
    "--after-round {after_round} is out of range: the file holds rounds 1 to {complete}": "after round "
    "{after_round} is out of range: the file holds rounds 1 to {complete}",
    "--after-round {after_round} is out of range: the file holds no played round": "after round {after_round} "
    "is out of range: the file holds no played round",
    "--after-round {after_round}: round {pending} is paired but its results are not in the file yet; "
    "standings can be computed after round {complete} at the latest": "after round {after_round}: round "
    "{pending} is paired but its results are not in the file yet; standings can be computed after round "
    "{complete} at the latest",
    "choose another with --rules (spareggio rules lists them)": "choose another in the 'Rule set' menu",
}
"""The library's sentences that name the command line (``--rules``, ``spareggio tiebreaks``), by
template, and how the page says them instead (message ids of context ``page``)."""


def page_text(value: object) -> object:
    """``value`` (an error, a warning) as the page says it: every sentence in it that names the
    command line replaced by its :data:`PAGE_WORDING`, the values kept."""
    if not isinstance(value, Text):
        return value
    params = {key: page_text(v) for key, v in value.params.items()}
    if value.plural is None and value.template in PAGE_WORDING:
        return Text(PAGE_WORDING[value.template], "page", **params)
    if params == value.params:
        return value
    if value.plural is not None:
        return ntext(value.template, value.plural, value.count, value.context,
                     **{k: v for k, v in params.items() if k != "n"})  # fmt: skip
    return Text(value.template, value.context, **params)


def page_error(exc: SpareggioError, lang: str) -> str:
    """An error of the library as the page shows it, in ``lang``."""
    return localize(page_text(exc.text()), lang)


def ordered_warnings(t: Tournament, s: Standings | None, lang: str) -> list[PageWarning]:
    """The file's and the standings' warnings (not the rule set's own, shown beside it), in ``lang``:
    first the standings' notes (a round paired but not played: the standings stand before it), then
    the file's warnings that change the standings, then the others, each in the file's order."""
    notes: list[PageWarning] = []
    if s is not None:
        notes = [PageWarning(localize(page_text(w), lang), True) for w in s.warnings if w != s.rules_warning]
    first: list[PageWarning] = []
    rest: list[PageWarning] = []
    for w in t.warnings:
        if isinstance(w, Diagnostic):
            said = PageWarning(localize(page_text(w.message), lang), w.code in CHANGES_STANDINGS)
            (first if said.changes else rest).append(said)
        else:
            rest.append(PageWarning(localize(page_text(w), lang), False))
    seen: set[str] = set()
    out: list[PageWarning] = []
    for said in [*notes, *first, *rest]:
        if said not in seen:
            seen.add(said)
            out.append(said)
    return out


def event_dates(t: Tournament, lang: str) -> str:
    """The event's days in the language's words (``18–25 apr 2026``); empty when the file has none."""
    return numbers.date_range(t.start_date, t.end_date, lang)


def variant_description(rules: RuleSet, lang: str) -> str:
    """A rule set in words (:func:`spareggio.render.publish.describe_rules`): its title, and each
    option of a variant (``fide-2024:vur=score``) that differs from the default."""
    return describe_rules(rules, lang)


def rules_named(name: str, lang: str) -> str:
    """The rule set or variant called ``name`` (``fide-2026:cap-rounds=announced``) in words; empty
    for a name no rule set answers to."""
    try:
        return describe_rules(find_ruleset(name), lang)
    except SpareggioError:
        return ""


def ruleset_choices(lang: str) -> list[tuple[str, str, str]]:
    """The rule sets of the menu: (name, title, description) in ``lang``."""
    return [
        (
            r.name,
            translate(lang, r.title, "ruleset.title"),
            translate(lang, r.description, "ruleset.description"),
        )
        for r in RULESETS.values()
    ]


def score_legend(names: Sequence[str], lang: str) -> list[tuple[str, str]]:
    """What the team scores' columns are (``MP``: match points, ``GP``: game points), by the names
    the columns carry."""
    words = {
        "MP": translate(lang, "match points: 2 for a match won, 1 for a match drawn", "results"),
        "GP": translate(lang, "game points: the points of the team's boards", "results"),
    }
    return [(name, words[name]) for name in names if name in words]


def moved_summary(moved: int, total: int, rules: int, team: bool, lang: str) -> str:
    """How many players (or teams) change place between the rule sets compared."""
    if moved == 0:
        text = translate(lang, "Every place is the same under the {n} rule sets.", "results")
        return text.format(n=rules)
    if team:
        said = ntext(
            "{n} team of {total} changes place.",
            "{n} teams of {total} change place.",
            moved,
            "results",
            total=total,
        )
    else:
        said = ntext(
            "{n} player of {total} changes place.",
            "{n} players of {total} change place.",
            moved,
            "results",
            total=total,
        )
    return localize(said, lang)


def comparison_summary(c: Comparison, lang: str) -> list[str]:
    """The comparison's summary lines (how many move between the first rule set and each other) in
    ``lang``."""
    return [localize(line, lang) for line in c.summary if line.strip()]


def upload_problem(data: bytes, name: str) -> Text | None:
    """Why an upload is not a tournament file, before reading it: empty, or a web page (a results
    page saved from a site instead of the program's export)."""
    if not data.strip():
        return msg(
            "{name}: the file is empty; choose the tournament file the pairing program exported", name=name
        )
    head = data[:2048].lstrip().lower()
    if head.startswith((b"<!doctype html", b"<html", b"<head", b"<body", b"<?xml")) or b"<html" in head[:512]:
        return msg(
            "{name}: this is a web page, not a tournament file; export the tournament from the pairing "
            "program as a FIDE TRF file (or tournament JSON)",
            name=name,
        )
    return None


def crosstable_table(
    s: Standings, lang: str, link: str, *, grid: bool | None = None
) -> tuple[Markup, Crosstable]:
    """The crosstable's table for the page (names linking to ``link`` with ``{sno}``), and the
    crosstable itself (its title, how to read a cell, whether it is a grid)."""
    x = build_crosstable(s, lang, grid=grid)
    return Markup(table_html(x, link=link)), x
