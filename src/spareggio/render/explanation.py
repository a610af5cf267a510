"""Explanations (:mod:`spareggio.explain`) as text and JSON, and the renderers of every explanation
format (the pages are :mod:`.html`).  The JSON layout is documented in docs/explain-json.md."""

from __future__ import annotations

import json

from ..base import numbers
from ..base.i18n import SOURCE, localize, msg
from ..base.jsontypes import JsonObject
from ..base.numbers import exact_number, json_number
from ..core.messages import message
from ..explain import Explanations, PlayerExplanation, TiebreakExplanation, Versus
from ..explain.results import GroupExamination
from ..explain.wording import join_notes
from .explanation_words import context_lines, input_heading
from .formats import RenderOptions, renderer
from .html import explanation_html, explanations_html, versus_html

__all__ = [
    "explanation_to_dict",
    "explanations_to_dict",
    "render_text",
    "render_versus_text",
    "versus_to_dict",
]


def render_text(e: PlayerExplanation, lang: str | None = None) -> str:
    """One player's explanation as text, in ``lang`` (the language it was asked in by default)."""
    lang = lang or e.lang
    out = [
        *([e.tournament] if e.tournament else []),
        message(lang, "title", name=e.name, sno=e.start_number),
        *context_lines(e, lang),
        message(lang, "points", points=numbers.points(e.points, lang)) + f"   {numbers.rank_marker(e.rank, lang)}",
        "",
    ]
    for tb in e.tiebreaks:
        out.extend(_render_tiebreak(tb, lang))
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def _render_tiebreak(tb: TiebreakExplanation, lang: str) -> list[str]:
    value = (
        numbers.explained(tb.value, lang, sb=tb.code == "SB")
        if tb.value is not None
        else message(lang, "undefined")
    )
    out = [f"{tb.label} - {localize(tb.name, lang)} ({tb.article}): {value}"]
    if tb.version:
        out.append(
            "  "
            + localize(
                msg("computed under {rules}, the rule version of this criterion", rules=tb.version), lang
            )
        )
    if tb.rounds:
        factor = any(r.factor is not None for r in tb.rounds)
        sb = tb.code == "SB"  # two decimals where the total has them (the seeds' SB tables)
        head = [
            message(lang, "rd"),
            message(lang, "col"),
            message(lang, "opponent"),
            message(lang, "res"),
            input_heading(tb, lang),
        ]
        if factor:
            head.append(message(lang, "factor"))
        head += [message(lang, "contribution"), message(lang, "note")]
        rows = []
        for r in tb.rounds:
            kind = localize(r.kind, lang)
            opp = f"{r.opponent} {r.opponent_name}" if r.opponent is not None else kind
            if r.opponent is not None and kind:
                opp += f" ({kind})"
            cells = [
                str(r.round),
                localize(r.colour, lang),
                opp,
                localize(r.result, lang),
                numbers.explained(r.score, lang),
            ]
            if factor:
                cells.append(numbers.explained(r.factor, lang))
            contrib = numbers.explained(r.contribution, lang, sb=sb)
            if r.contribution is not None and not r.counted:
                contrib = f"[{contrib}]"
            cells += [contrib, localize(join_notes(r.note, r.cut), lang)]
            rows.append(cells)
        widths = [max(len(h), *(len(c[k]) for c in rows)) for k, h in enumerate(head)]
        right = {0, 3, 4, 5} | ({6} if factor else set())

        def line(cells: list[str]) -> str:
            return "  " + "  ".join(
                c.rjust(widths[k]) if k in right else (c if k == len(cells) - 1 else c.ljust(widths[k]))
                for k, c in enumerate(cells)
            )

        out.append(line(head))
        out.extend(line(c) for c in rows)
    if tb.sum_line:
        out.append(f"  {message(lang, tb.sum_label)}: {localize(tb.sum_line, lang)}")
    if tb.removed_line:
        out.append(f"  {message(lang, 'removed')}: {localize(tb.removed_line, lang)}")
        out.append(f"  {message(lang, 'cut_terms')}: {localize(tb.cut_line, lang)}")
    if tb.footnotes:
        out.append(f"  {message(lang, tb.footnotes_heading)}:")
        out.extend(f"    {localize(fn.text, lang)}" for fn in tb.footnotes)
    out.extend(f"  {localize(line, lang)}" for line in tb.lines)
    return out


def render_versus_text(v: Versus, lang: str = SOURCE) -> str:
    out = [
        *([v.a.tournament] if v.a.tournament else []),
        message(
            lang,
            "vs.title",
            a=v.a.start_number,
            a_name=v.a.name,
            relation=message(lang, f"vs.{v.relation}"),
            b=v.b.start_number,
            b_name=v.b.name,
        ),
        *context_lines(v.a, lang),
    ]
    out.extend(localize(line, lang) for line in v.lines)
    out.append("")
    for ta, tb in zip(v.a.tiebreaks, v.b.tiebreaks, strict=True):
        out.append(f"== {ta.label}: {v.a.start_number} {v.a.name}")
        out.extend(_render_tiebreak(ta, lang))
        out.append(f"== {tb.label}: {v.b.start_number} {v.b.name}")
        out.extend(_render_tiebreak(tb, lang))
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def explanation_to_dict(e: PlayerExplanation, *, exact: bool = False) -> JsonObject:
    """The explanation as JSON-ready data (schema documented in docs/explain-json.md); ``exact``
    writes the numbers of the player and his rounds as exact fractions in strings (``"93/2"``).
    The sentences are said in the explanation's language (``lang``)."""
    number = exact_number if exact else json_number

    def say(value: object) -> str:
        return localize(value, e.lang)

    return {
        "schema": 1,
        "tournament": e.tournament,
        "player": {
            "start_number": e.start_number,
            "name": e.name,
            "rank": e.place,
            "place": e.rank,
            "points": number(e.points),
        },
        "rules": e.rules,
        "rules_reason": str(e.rules_reason),
        "rules_warning": e.rules_warning,
        "after_round": e.after_round,
        "standings_tiebreaks": list(e.standings_tiebreaks),
        "decisions": [str(note) for note in e.decisions],
        "lang": e.lang,
        "tiebreaks": [
            {
                "label": tb.label,
                "code": tb.code,
                "name": say(tb.name),
                "article": tb.article,
                "value": number(tb.value),
                "aggregate": tb.aggregate,
                "exact": number(tb.exact) if tb.exact is not None else None,
                "exact_fraction": str(tb.exact) if tb.exact is not None else None,
                "rules_view": tb.rules_view or None,
                "version": tb.version or None,
                "rounds": [
                    {
                        "round": r.round,
                        "colour": r.colour_code or None,
                        "colour_label": say(r.colour) or None,
                        "opponent": r.opponent,
                        "opponent_name": r.opponent_name or None,
                        "unplayed": r.kind_code or None,
                        "unplayed_label": say(r.kind) or None,
                        "result": say(r.result),
                        "input_code": r.input_code,
                        "input": number(r.score),
                        "score": number(r.score),
                        "factor": number(r.factor),
                        "contribution": number(r.contribution),
                        "counted": r.counted,
                        "why": r.why,
                        "detail": r.detail or None,
                        "vur": r.vur,
                        "how": say(r.note),
                        "cut": say(r.cut) or None,
                    }
                    for r in tb.rounds
                ],
                "elements": [
                    {
                        "input_code": r.input_code,
                        "input": json_number(r.input),
                        "contribution": json_number(r.contribution),
                        "counted": r.counted,
                        "why": r.why.code,
                        "detail": r.detail or None,
                    }
                    for r in tb.elements
                ],
                "groups": [_group_json(g) for g in tb.groups],
                "sum": say(tb.sum_line) or None,
                "removed": say(tb.removed_line) or None,
                "with_cut_terms_as_zero": say(tb.cut_line) or None,
                "footnotes": [
                    {
                        "ref": fn.ref,
                        "start_number": fn.start_number,
                        "name": fn.name,
                        "actual": number(fn.actual),
                        "adjusted": number(fn.adjusted),
                        "rounds": [
                            {"round": r, "kind": k, "points": number(p), "counted_as": number(v)}
                            for r, k, p, v in fn.rounds
                        ],
                        "text": say(fn.text),
                    }
                    for fn in tb.footnotes
                ],
                "notes": [say(line) for line in tb.lines],
            }
            for tb in e.tiebreaks
        ],
    }


def versus_to_dict(v: Versus, *, exact: bool = False) -> JsonObject:
    """Why one player is above, below or level with another, as JSON-ready data."""
    return {
        "schema": 1,
        "tournament": v.a.tournament,
        "a": v.a.start_number,
        "b": v.b.start_number,
        "relation": v.relation,
        "equal": list(v.equal),
        "deciding": v.deciding,
        "lines": [localize(line, v.a.lang) for line in v.lines],
        "explanations": [explanation_to_dict(v.a, exact=exact), explanation_to_dict(v.b, exact=exact)],
    }


def explanations_to_dict(explanations: Explanations, *, exact: bool = False) -> JsonObject:
    """Every player's explanation as JSON-ready data: ``{"schema": 1, "tournament": name,
    "players": [explanation, ...]}``, as ``spareggio explain --all --format json`` writes it."""
    return {
        "schema": 1,
        "tournament": explanations.tournament,
        "players": [explanation_to_dict(e, exact=exact) for e in explanations],
    }


def _json(data: JsonObject) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


@renderer(PlayerExplanation, "text")
def _text(e: PlayerExplanation, options: RenderOptions) -> str:
    return render_text(e)


@renderer(PlayerExplanation, "json")
def _player_json(e: PlayerExplanation, options: RenderOptions) -> str:
    return _json(explanation_to_dict(e, exact=options.exact))


@renderer(PlayerExplanation, "html")
def _html(e: PlayerExplanation, options: RenderOptions) -> str:
    return explanation_html(e)


@renderer(Explanations, "text")
def _all_text(explanations: Explanations, options: RenderOptions) -> str:
    return "\n".join(render_text(e) for e in explanations)


@renderer(Explanations, "json")
def _all_json(explanations: Explanations, options: RenderOptions) -> str:
    return _json(explanations_to_dict(explanations, exact=options.exact))


@renderer(Explanations, "html")
def _all_html(explanations: Explanations, options: RenderOptions) -> str:
    return explanations_html(explanations, options.title or explanations.tournament)


@renderer(Versus, "text")
def _versus_text(v: Versus, options: RenderOptions) -> str:
    return render_versus_text(v, options.lang)


@renderer(Versus, "json")
def _versus_json(v: Versus, options: RenderOptions) -> str:
    return _json(versus_to_dict(v, exact=options.exact))


@renderer(Versus, "html")
def _versus_html(v: Versus, options: RenderOptions) -> str:
    return versus_html(v, options.lang)


def _group_json(g: GroupExamination) -> JsonObject:
    """One examination of a tied group as the explanation JSON writes it (docs/explain-json.md)."""
    return {
        "members": list(g.members),
        "encounters": [
            {"player": e.player, "opponent": e.opponent, "points": json_number(e.points), "games": e.games}
            for e in g.encounters
        ],
        "points_among": {str(n): json_number(v) for n, v in g.points_among},
        "unmet": {str(n): u for n, u in g.unmet},
        "all_met": g.all_met,
        "step": g.step,
        "order": [list(sub) for sub in g.order],
    }
