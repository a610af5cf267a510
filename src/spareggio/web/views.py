"""What each page shows, built from the library's results: plain values for the templates.

Nothing here computes a tie-break; each function asks the library (standings, explanations,
comparison, check) and lays its answer out for a template."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from markupsafe import Markup

from ..base import numbers
from ..base.errors import ArgumentError
from ..base.i18n import Text, localize, msg
from ..check import CheckOptions, check
from ..comparison import DEFAULT_COMPARE, Comparison, compare
from ..core.model import Event, Tournament
from ..explain import explain_player, explain_versus
from ..render.html import explanation_body, versus_body
from ..render.output import declared_rank_differs, shown_decimals, title_abbreviation
from ..render.publish import describe_tiebreak
from ..standings import Standings, rank
from ..tiebreaks import Scope, catalogue
from .chart import bump_chart
from .i18n import translator
from .options import Options, bounded_number, clean_text
from .results import (
    comparison_summary,
    crosstable_table,
    moved_summary,
    ruleset_choices,
    score_legend,
    short_rules,
    team_crosstable,
    variant_description,
)
from .store import Entry

__all__ = [
    "check_view",
    "common",
    "compare_view",
    "comparison",
    "compute",
    "crosstable_view",
    "player_view",
    "standings_view",
]

View = dict[str, object]
"""The values a page's template shows, by name."""


def number(value: Fraction | None, lang: str, decimals: int | None = None) -> str:
    """A tie-break value written the language's way, a dash when there is none."""
    if decimals is not None and value is not None:
        return numbers.fixed(value, lang, decimals)
    return numbers.value(value, lang)


def points(value: Fraction | None, lang: str) -> str:
    """Points written the language's way (``6½``), a dash when there are none."""
    return numbers.points(value, lang)


def event_of(entry: Entry, opts: Options) -> Event:
    """The event the options rank: the file read as they ask (repairing games, a team event's
    players alone), by the primary score they give.

    :raises SpareggioError: when the file cannot be read so, or the event takes no primary score.
    """
    event = entry.read(lenient=opts.lenient, individual=opts.individual and entry.is_team)
    if opts.primary and event.scope is Scope.TEAM:
        return event.with_primary(opts.primary)
    return event


def compute(entry: Entry, opts: Options) -> Standings:
    """The standings the options ask for (individual or team, as the file is), with the decisions
    they give on top of the file's (playoffs, the arbiter's orders, lots, exclusions).

    :raises SpareggioError: for an option the event cannot take.
    """
    return rank(
        event_of(entry, opts), opts.tiebreaks, rules=opts.rules, after_round=opts.after_round,
        decisions=opts.decisions() if opts.decided else None,
    )  # fmt: skip


def common(entry: Entry, opts: Options, s: Standings | None, active: str, lang: str) -> View:
    """What every page of an open tournament shows: its event, the options, the decisions given and
    the catalogues."""
    if s is not None:
        t, team = s.tournament, s.is_team
    else:
        t, team = entry.tournament, entry.is_team
    _ = translator(lang)
    # a team event offers the team criteria and the individual ones C.07 applies to teams
    offered = [
        (d.code, d)
        for d in sorted(catalogue(Scope.TEAM if team else Scope.INDIVIDUAL), key=lambda d: d.scope is not Scope.TEAM)
        if not team or d.code != "PTS"
    ]
    kind = t.kind_of_event.value
    return {
        "entry": entry,
        "team": team,
        "file_team": entry.is_team,
        "t": t,
        "participants": [(p.start_number, p.name) for p in t.players],
        "given": given_decisions(opts, t, lang),
        "opts": opts,
        "s": s,
        "active": active,
        "base": f"/t/{entry.token}",
        "q": opts.query(),
        "rulesets": ruleset_choices(lang),
        "catalogue": [
            (
                code,
                localize(Text(d.name, "tiebreak"), lang),
                d.article,
                localize(Text(d.description, "tiebreak.description"), lang),
            )
            for code, d in offered
            if d.compute or d.order_group
        ],
        "rounds": list(range(1, t.rounds + 1)),
        "kind": _({"swiss": "Swiss", "round-robin": "Round robin"}.get(kind, kind)),
    }


def given_decisions(opts: Options, t: Tournament, lang: str) -> list[tuple[str, str]]:
    """The decisions the options give, each in words with the address of the page without it."""
    _ = translator(lang)
    names = {p.start_number: p.name for p in t.players}

    def who(numbers: str) -> str:
        listed = [x.strip() for x in numbers.split(",") if x.strip()]
        return " > ".join(f"{n} {names.get(int(n), '') if n.isdigit() else ''}".strip() for n in listed)

    out: list[tuple[str, str]] = []
    for field, words in (("playoffs", _("Playoff")), ("arbiter", _("Arbiter's order"))):
        for value in getattr(opts, field):
            numbers, _sep, note = value.partition(":")
            out.append((f"{words}: {who(numbers)}" + (f" ({note})" if note else ""), opts.without(field, value).query()))
    for value in opts.exclude:
        number, _sep, reason = value.partition(":")
        out.append((f"{_('Left out of the ranking')}: {who(number)}" + (f" ({reason})" if reason else ""),
                    opts.without("exclude", value).query()))  # fmt: skip
    if opts.lots:
        out.append((_("Drawing of lots, seed {seed}", seed=opts.lots), opts.without("lots").query()))
    return out


def found(find: str, sno: int, name: str) -> bool:
    """Whether a participant answers a search: its start number, or every word of ``find`` in its
    name (any case, any order)."""
    text = find.strip()
    if not text:
        return True
    if text.isdigit():
        return int(text) == sno
    folded = name.casefold()
    return all(word in folded for word in text.casefold().replace(",", " ").split())


def standings_view(entry: Entry, opts: Options, s: Standings, lang: str, find: str = "") -> View:
    """The standings table: one row per participant (those that answer ``find``, when given),
    every value linked to its explanation."""
    rows = []
    places = shown_decimals(s)
    find = (clean_text(find, "find") or "")[:80]
    for row in s.rows:
        p = row.player
        if not found(find, p.start_number, p.name):
            continue
        rows.append(
            {
                "place": row.place,
                "rank": row.rank,
                "shared": row.shared,
                "sno": p.start_number,
                "title": title_abbreviation(p.title),
                "name": p.name,
                "fed": p.federation,
                "rating": p.rating or "",
                "points": points(row.points, lang),
                "scores": [(name, points(value, lang)) for name, value in s.scores(row)],
                "cells": [(label, number(row.values[label], lang, places[label])) for label in s.labels],
                "declared": p.rank if declared_rank_differs(row) else None,
            }
        )
    described = [
        (label, describe_tiebreak(label, spec, lang)) for label, spec in zip(s.labels, s.specs, strict=True)
    ]
    scores = [name for name, _value in s.scores(s.rows[0])] if s.rows else []
    return {
        "rows": rows,
        "find": find,
        "labels": s.labels,
        "described": described,
        "scores": scores,
        "score_legend": score_legend(scores, lang),
    }


def focusable_tables(html: str) -> Markup:
    """An explanation's HTML with its tables reachable by the keyboard: each scrolls sideways in its
    own box on a narrow screen, and a box that scrolls takes the focus (WCAG 2.1.1)."""
    return Markup(html.replace("<table>", '<table tabindex="0">'))


def player_view(entry: Entry, s: Standings, sno: int, versus_text: str, lang: str) -> View:
    """One participant's tie-breaks explained, and why one is above another when asked.

    :raises SpareggioError: for a start number not in the event.
    """
    t = s.tournament
    t.index_of(sno)
    versus_text = clean_text(versus_text, "versus") or ""
    body = explanation_body(explain_player(s, sno, None, lang))
    versus = None
    if versus_text:
        if not (versus_text.isascii() and versus_text.isdigit()):
            raise ArgumentError(
                msg("versus must be a start number, not {versus_text!r}", versus_text=versus_text[:20])
            )
        other = bounded_number(versus_text, "versus")
        assert other is not None  # digits were checked above
        t.index_of(other)
        if other == sno:
            raise ArgumentError(
                msg("player {sno} cannot be compared with himself: choose another player", sno=sno)
            )
        versus = focusable_tables(versus_body(explain_versus(s, sno, other, lang), lang))
    return {
        "body": focusable_tables(body),
        "sno": sno,
        "versus": versus,
        "versus_sno": versus_text,
        "others": [(p.start_number, p.name) for p in t.players if p.start_number != sno],
    }


def comparison(
    entry: Entry,
    names: list[str],
    tiebreaks: str | Sequence[str] | None,
    after_round: int | None,
    opts: Options | None = None,
) -> Comparison:
    """The event (read as ``opts`` ask) ranked under each of ``names`` (the default rule sets when
    empty)."""
    event = event_of(entry, opts) if opts is not None else entry.event
    return compare(event, names or list(DEFAULT_COMPARE), tiebreaks, after_round)


def compare_view(entry: Entry, opts: Options, s: Standings, names: list[str], lang: str) -> View:
    """The places under several rule sets, the changes highlighted, and their chart."""
    c = comparison(entry, names, opts.tiebreaks or s.labels, opts.after_round, opts)
    rows = [
        {
            "sno": r.start_number,
            "name": r.name,
            "points": points(r.points, lang),
            "places": [(n, r.places[n], r.ranks[n] != r.ranks[c.rules[0]]) for n in c.rules],
            "differs": r.rank_differs,
        }
        for r in c.rows
    ]
    moved = {f"{r.start_number} {r.name}" for r in c.rows if r.rank_differs}
    _ = translator(lang)
    chart = bump_chart(
        [(f"{r.start_number} {r.name}", [r.ranks[n] for n in c.rules]) for r in c.rows],
        [short_rules(n, lang) for n in c.rules],
        moved,
        title=_("Places under each rule set"),
    )
    team = s.is_team
    return {
        "c": c,
        "crow": rows,
        "chart": chart,
        "chosen": c.rules,
        "moved": len(moved),
        "moved_text": moved_summary(len(moved), len(c.rows), len(c.rules), team, lang),
        "summary": comparison_summary(c, lang, team),
        "variants": [(n, variant_description(c.standings[n].rules, lang)) for n in c.rules],
    }


def check_view(entry: Entry, opts: Options, infer: bool) -> View:
    """The declared ranking checked against the computed one."""
    wanted = CheckOptions(
        tiebreaks=opts.tiebreaks, rules=opts.rules, after_round=opts.after_round, infer=infer
    )
    return {"check": check(event_of(entry, opts), wanted, name=entry.filename), "infer": infer}


def crosstable_view(s: Standings, lang: str, base: str, query: str, grid: bool | None) -> View:
    """The crosstable in the order of the standings, up to the round they stand after: one column
    per round, or player against player (a round robin's grid), with the points and tie-breaks."""
    table, x = crosstable_table(s, lang, base + "/player/{sno}" + query, grid=grid)
    teams = team_crosstable(s, lang) if s.is_team else None
    return {"xtable": table, "xtitle": x.title, "xkey": x.key, "grid": x.grid, "teams": teams}
