"""What each page shows, built from the library's results: plain values for the templates.

Nothing here computes a tie-break: each page makes its request (:func:`job_of`: the open event,
read as the page's options ask, and those options), has it computed by the one seam every front end
calls (:func:`spareggio.job.run`: standings, explanations, comparison, prizes, check) and lays out
what it returns for a template."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from markupsafe import Markup

from ..base import numbers
from ..base.errors import ArgumentError
from ..base.i18n import Text, localize, msg
from ..check import CheckEntry
from ..comparison import Comparison
from ..core.model import Event, Tournament
from ..explain import PlayerExplanation, Versus
from ..job import Job, Result, Task, explain, run
from ..render.crosstable import Crosstable
from ..render.formats import formats_for
from ..render.html import explanation_body, versus_body
from ..render.output import declared_rank_differs, shown_decimals, title_abbreviation
from ..render.publish import describe_tiebreak
from ..standings import Standings
from ..tiebreaks import offered
from .chart import bump_chart
from .exports import downloads
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
    "job_of",
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
    """The open event read as the options ask (repairing games, the players of an event made of
    players alone).

    :raises SpareggioError: when the file cannot be read so.
    """
    return entry.read(lenient=opts.lenient, individual=opts.individual)


def job_of(entry: Entry, opts: Options, task: Task = Task.STANDINGS, **asked: object) -> Job:
    """The request of a page (:class:`spareggio.job.Job`): the open event read as the options ask,
    ranked by the primary score they give when the event has it (the players of a team event read
    alone have none: the team's control is left as it was), with their list, rule set, round and
    decisions, and what the page asks besides (``asked``: the player explained, the rule sets
    compared ...).

    :raises SpareggioError: when the file cannot be read so.
    """
    event = event_of(entry, opts)
    primary = opts.primary if opts.primary in {str(p) for p in event.primaries} else None
    return Job(
        task, event, entry.filename, primary=primary, tiebreaks=opts.tiebreaks, rules=opts.rules,
        after_round=opts.after_round, decisions=opts.decisions() if opts.decided else None,
        **asked,  # type: ignore[arg-type]  # the fields of Job the page asks, by name
    )  # fmt: skip


def compute(entry: Entry, opts: Options) -> Standings:
    """The standings the options ask for (individual or team, as the file is), with the decisions
    they give on top of the file's (playoffs, the arbiter's orders, lots, exclusions): the result of
    the page's request (:func:`spareggio.job.run`).

    :raises SpareggioError: for an option the event cannot take.
    """
    s = run(job_of(entry, opts)).value
    assert isinstance(s, Standings)
    return s


def common(entry: Entry, opts: Options, s: Standings | None, active: str, lang: str) -> View:
    """What every page of an open tournament shows: its event, the options, the decisions given and
    the catalogues."""
    event = s.event if s is not None else entry.event
    t = event.participants()
    _ = translator(lang)
    kind = t.kind_of_event.value
    return {
        "entry": entry,
        "participant": event.participant,
        "primaries": entry.event.primaries,
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
            for code, d in ((d.code, d) for d in offered(event.scope))
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
        "downloads": downloads(Standings),
        "printable": tuple(f for f in formats_for(Standings) if f.inline),
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


def player_view(entry: Entry, opts: Options, sno: int, versus_text: str, lang: str) -> tuple[Standings, View]:
    """One participant's tie-breaks explained, and why one is above another when asked: the
    explanations the page's request computes (:data:`Task.EXPLAIN`), and the standings they explain.

    :raises SpareggioError: for a start number not in the event.
    """
    versus_text = clean_text(versus_text, "versus") or ""
    other = None
    if versus_text:
        if not (versus_text.isascii() and versus_text.isdigit()):
            raise ArgumentError(
                msg("versus must be a start number, not {versus_text!r}", versus_text=versus_text[:20])
            )
        other = bounded_number(versus_text, "versus")
        assert other is not None  # digits were checked above
    job = job_of(entry, opts, Task.EXPLAIN, player=str(sno), lang=lang)
    result = run(job)
    s = _standings(result)
    assert isinstance(result.value, PlayerExplanation)
    versus = None
    if other is not None:
        s.tournament.index_of(other)
        told = explain(replace(job, versus=str(other)), s)  # the same player: the library's error
        assert isinstance(told, Versus)
        versus = focusable_tables(versus_body(told, lang))
    return s, {
        "body": focusable_tables(explanation_body(result.value)),
        "sno": sno,
        "versus": versus,
        "versus_sno": versus_text,
        "downloads": downloads(PlayerExplanation),
        "others": [(p.start_number, p.name) for p in s.tournament.players if p.start_number != sno],
    }


def _standings(result: Result) -> Standings:
    assert result.standings is not None  # the tasks that rank once
    return result.standings


def comparison(entry: Entry, names: list[str], opts: Options, tiebreaks: str | Sequence[str] | None = None) -> Comparison:
    """The comparison the page's request computes (:data:`Task.COMPARE`): the event (read as
    ``opts`` ask) ranked under each of ``names`` (the default rule sets when empty), by ``tiebreaks``
    (else the options' list)."""
    job = job_of(entry, opts, Task.COMPARE, rule_sets=tuple(names) or None)
    if tiebreaks is not None:
        job = replace(job, tiebreaks=tiebreaks)
    c = run(job).value
    assert isinstance(c, Comparison)
    return c


def compare_view(entry: Entry, opts: Options, s: Standings, names: list[str], lang: str) -> View:
    """The places under several rule sets, the changes highlighted, and their chart."""
    c = comparison(entry, names, opts, opts.tiebreaks or s.labels)
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
    return {
        "c": c,
        "downloads": downloads(Comparison),
        "crow": rows,
        "chart": chart,
        "chosen": c.rules,
        "moved": len(moved),
        "moved_text": moved_summary(len(moved), len(c.rows), len(c.rules), s.participant, lang),
        "summary": comparison_summary(c, lang, s.participant),
        "variants": [(n, variant_description(c.standings[n].rules, lang)) for n in c.rules],
    }


def check_view(entry: Entry, opts: Options, infer: bool) -> View:
    """The declared ranking checked against the computed one: the check the page's request
    computes (:data:`Task.CHECK`)."""
    job = job_of(entry, opts, Task.CHECK, infer=infer)
    entry_checked = run(job).value
    assert isinstance(entry_checked, CheckEntry)
    return {"check": entry_checked, "infer": infer}


def crosstable_view(s: Standings, lang: str, base: str, query: str, grid: bool | None) -> View:
    """The crosstable in the order of the standings, up to the round they stand after: one column
    per round, or player against player (a round robin's grid), with the points and tie-breaks."""
    table, x = crosstable_table(s, lang, base + "/player/{sno}" + query, grid=grid)
    return {
        "xtable": table, "xtitle": x.title, "xkey": x.key, "grid": x.grid,
        "teams": team_crosstable(s, lang) or None, "downloads": downloads(Crosstable),
    }  # fmt: skip
