"""What the results page shows around its tables, in the page's language: the event's dates, the
warnings in order of importance, the rule sets of the menu with their titles, variant names with a
description, the team scores' legend, the comparison's count of players who move, and the one-line
answer to an upload that is not a tournament file.  Each function renders what the library computed.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Self

from markupsafe import Markup

from ..base import numbers
from ..base.errors import Diagnostic, SpareggioError
from ..base.i18n import Text, localize, msg, ntext
from ..comparison import Comparison
from ..core.model import Participant, ResultKind, ScoreName
from ..core.programs import page_not_read, page_program
from ..io.registry import READERS, SNIFF_BYTES
from ..render.crosstable import Crosstable, build_crosstable
from ..render.crosstable_export import table_html
from ..render.publish import describe_rules
from ..rules import RULESETS, RuleSet, find_ruleset
from .i18n import said

if TYPE_CHECKING:
    from ..core.model import Tournament
    from ..standings import Standings

__all__ = [
    "CHANGES_STANDINGS",
    "PageWarning",
    "comparison_summary",
    "crosstable_table",
    "event_dates",
    "moved_summary",
    "ordered_warnings",
    "report_number",
    "rules_by_name",
    "rules_named",
    "ruleset_choices",
    "score_legend",
    "short_rules",
    "team_crosstable",
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
        "half-played-round",
        "legend-parameters",
        "grid-rounds",
        "page-numbers-by-rank",
        "bye-as-game",
        "team-boards",
        "player-without-team",
        "player-off-line-up",
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


def ordered_warnings(t: Tournament, s: Standings | None, lang: str) -> list[PageWarning]:
    """The file's and the standings' warnings (not the rule set's own, shown beside it), in ``lang``
    and the page's words: first the standings' notes (a round paired but not played: the standings
    stand before it) and decisions (lots, playoffs), then the file's warnings that change the
    standings, then the others, each in the file's order."""
    notes: list[PageWarning] = []
    if s is not None:
        notes = [PageWarning(said(w, lang), True) for w in s.warnings if w != s.rules_warning]
        notes += [PageWarning(said(note, lang), True) for note in s.decision_notes()]
    first: list[PageWarning] = []
    rest: list[PageWarning] = []
    for w in t.warnings:
        if isinstance(w, Diagnostic):
            told = PageWarning(said(w.message, lang), w.code in CHANGES_STANDINGS)
            (first if told.changes else rest).append(told)
        else:
            rest.append(PageWarning(said(w, lang), False))
    seen: set[str] = set()
    out: list[PageWarning] = []
    for told in [*notes, *first, *rest]:
        if told not in seen:
            seen.add(told)
            out.append(told)
    return out


def report_number(value: object, lang: str, *, points: bool = False) -> str:
    """A number of the check report (a JSON number: int or float) written the language's way
    (``46,5``; points ``6½`` in Italian); anything else as it is."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return "" if value is None else str(value)
    exact = Fraction(str(value))
    return numbers.points(exact, lang) if points else numbers.value(exact, lang)


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


SHORT_NAMES = {
    "fide-2026": "FIDE 2026",
    "fide-2024": "FIDE 2024",
    "fide-2009": "FIDE 2009",
    "draw-vs-self": "Draw against oneself",
    "italian": "Italian variant",
    "us-chess": "US Chess",
    "naive": "Games played only",
}
"""The rule sets' short names on the page, where a column or a menu has room for a few words (context
``ruleset.short``); the command line's names (``italian``, ``naive``) are never shown."""


def short_rules(rules: RuleSet | str, lang: str) -> str:
    """A rule set's short name in ``lang`` (``Variante italiana``); a variant of one
    (``fide-2024:vur=score``) is its rule set's name marked as a variant.  A name no rule set
    answers to is shown as it is."""
    if isinstance(rules, str):
        try:
            rules = find_ruleset(rules)
        except SpareggioError:
            return str(rules)
    english = SHORT_NAMES.get(rules.name)
    name = localize(Text(english, "ruleset.short"), lang) if english else rules.name
    if rules.label != rules.name:
        return localize(Text("{name} (variant)", "ruleset.short", name=name), lang)
    return name


def rules_by_name(value: object, lang: str) -> object:
    """A sentence whose ``rules`` (at any depth) name rule sets by the command line's names
    (``fide-2009``), with the page's names instead (``FIDE 2009``, ``Variante italiana``)."""
    if not isinstance(value, Text):
        return value
    params = {
        key: short_rules(v, lang) if key == "rules" and isinstance(v, str) and not isinstance(v, Text)
        else rules_by_name(v, lang)
        for key, v in value.params.items()
    }  # fmt: skip
    if all(params[k] is value.params[k] for k in params):
        return value
    if value.plural is not None:
        told = ntext(value.template, value.plural, value.number, value.context, **{k: v for k, v in params.items() if k != "n"})
        return told
    return Text(value.template, value.context, **params)


def ruleset_choices(lang: str) -> list[tuple[str, str, str]]:
    """The rule sets of the menu: (name, title, description) in ``lang``."""
    return [
        (
            r.name,
            localize(Text(r.title, "ruleset.title"), lang),
            localize(Text(r.description, "ruleset.description"), lang),
        )
        for r in RULESETS.values()
    ]


def score_legend(names: Sequence[str], lang: str) -> list[tuple[str, str]]:
    """What the team scores' columns are (``MP``: match points, ``GP``: game points), by the names
    the columns carry."""
    words = {
        "MP": localize(Text("match points: 2 for a match won, 1 for a match drawn", "results"), lang),
        "GP": localize(Text("game points: the points of the team's boards", "results"), lang),
    }
    return [(name, words[name]) for name in names if name in words]


MOVED = {
    "moved": ("{n} player of {total} changes place.", "{n} players of {total} change place."),
    "moved.team": ("{n} team of {total} changes place.", "{n} teams of {total} change place."),
    "summary.team": (
        "{n} team changes place between {a} and {b}; {changed} have different tie-break values",
        "{n} teams change place between {a} and {b}; {changed} have different tie-break values",
    ),
}
"""The comparison's sentences about its participants (context ``results``), by the key the event's
participant gives (:meth:`spareggio.core.model.Participant.key`): players by the base key, teams by
``.team``; a participant without its own summary line keeps the comparison's."""


def moved_summary(moved: int, total: int, rules: int, participant: Participant, lang: str) -> str:
    """How many players (or teams: the event's ``participant``) change place between the rule sets
    compared."""
    if moved == 0:
        return localize(Text("Every place is the same under the {n} rule sets.", "results", n=rules), lang)
    return localize(ntext(*MOVED[participant.key("moved")], moved, "results", total=total), lang)


def comparison_summary(c: Comparison, lang: str, participant: Participant) -> list[str]:
    """The comparison's summary lines (how many move between the first rule set and each other) in
    ``lang``, the rule sets by their short names, the participants named as the event names them."""
    out = []
    for line in c.summary:
        if not isinstance(line, Text) or line.plural is None:
            if str(line).strip():
                out.append(localize(line, lang))
            continue
        params = dict(line.params)
        n = int(params.pop("n", line.number))  # type: ignore[call-overload]  # the count ntext stored
        for key in ("a", "b"):
            if isinstance(params.get(key), str):
                params[key] = short_rules(str(params[key]), lang)
        own = MOVED.get(participant.key("summary"))
        if own is not None:
            told = ntext(*own, n, "results", **params)
        else:
            told = ntext(line.template, line.plural, n, line.context, **params)
        out.append(localize(told, lang))
    return out


def reader_for_page(data: bytes, name: str) -> bool:
    """Whether a web page is one a reader reads (the results-page or the Vega page reader is sure of
    it)."""
    head = data[:SNIFF_BYTES]
    return any(r.name in ("results-page", "vega-page") and r.sniff(head, name) >= 90 for r in READERS)


def upload_problem(data: bytes, name: str) -> Text | None:
    """Why an upload is not a tournament file, before reading it: empty, or a web page (a results
    page saved from a site instead of the program's export)."""
    if not data.strip():
        return msg(
            "{name}: the file is empty; choose the tournament file the pairing program exported", name=name
        )
    head = data[:2048].lstrip().lower()
    if reader_for_page(data, name):
        return None  # a results page (a chess-results crosstable): read like any tournament file
    is_page = head.startswith((b"<!doctype html", b"<html", b"<head", b"<body", b"<?xml")) or b"<html" in head[:512]
    program = page_program(data.decode("utf-8", "replace")) if is_page else None
    if program is not None and program.pages_read:
        return None  # a page of a program whose pages are read (Vega's), its mark beyond the head
    if program is not None:  # another program's page: what to give instead, as the reader says it
        return msg("{name}: {why}", name=name, why=page_not_read(program))
    if is_page:
        return msg(
            "{name}: this is a web page, not a tournament file; export the tournament from the pairing "
            "program as a FIDE TRF file (or tournament JSON)",
            name=name,
        )
    return None


BYE_CODES = {
    ResultKind.PAB: "PAB",
    ResultKind.FULL_BYE: "FPB",
    ResultKind.HALF_BYE: "HPB",
    ResultKind.ZERO_BYE: "ZPB",
}
"""The short names of a round without a match (C.07's, the same in every language)."""


def team_crosstable(s: Standings, lang: str) -> list[dict[str, object]]:
    """A team event's crosstable as the page shows it: per team (in the order of the standings) and
    round, the opponent, the board points of both teams and the match points won, read from the
    frame the standings were ranked on."""
    frame = s.context.frame
    if frame.secondary is None:  # an individual event: no team crosstable
        return []
    mp = frame.points if frame.score is ScoreName.MP else frame.secondary.points
    gp = frame.secondary.points if frame.score is ScoreName.MP else frame.points
    numbers_of = [p.start_number for p in s.tournament.players]
    rows: list[dict[str, object]] = []
    for row in s.rows:
        i = row.index
        cells: list[dict[str, object]] = []
        for r in range(frame.rounds):
            j = int(frame.opponent[i, r])
            kind = ResultKind(int(frame.kind[i, r]))
            own_mp = Fraction(int(mp[i, r]), frame.unit)
            own = Fraction(int(gp[i, r]), frame.unit)
            if j < 0:
                cells.append({"text": BYE_CODES.get(kind, "–"), "cls": "bye", "score": numbers.points(own, lang),
                              "mp": numbers.points(own_mp, lang)})  # fmt: skip
                continue
            their = Fraction(int(gp[j, r]), frame.unit)
            cls = "win" if own > their else "loss" if own < their else "draw"
            cells.append({
                "opponent": numbers_of[j], "score": f"{numbers.points(own, lang)}–{numbers.points(their, lang)}",
                "mp": numbers.points(own_mp, lang), "cls": cls,
            })  # fmt: skip
        rows.append({
            "place": row.place, "sno": row.player.start_number, "name": row.player.name, "cells": cells,
            "scores": [(name, numbers.points(value, lang)) for name, value in s.scores(row)],
        })  # fmt: skip
    return rows


def crosstable_table(
    s: Standings, lang: str, link: str, *, grid: bool | None = None
) -> tuple[Markup, Crosstable]:
    """The crosstable's table for the page (names linking to ``link`` with ``{sno}``), and the
    crosstable itself (its title, how to read a cell, whether it is a grid)."""
    x = build_crosstable(s, lang, grid=grid)
    return Markup(table_html(x, link=link)), x
