"""Explanations and standings as self-contained HTML pages (no external assets; every field escaped)."""

from __future__ import annotations

from html import escape

from ..base import numbers
from ..base.i18n import SOURCE, localize, msg, warning_body
from ..core.messages import message
from ..explain import PlayerExplanation, TiebreakExplanation, Versus
from .explanation_words import input_heading

__all__ = [
    "EXPLANATION_CSS",
    "explanation_body",
    "explanation_html",
    "explanations_html",
    "versus_body",
    "versus_html",
]

_CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:1.5rem;color:#1b1f23;max-width:72rem}
h1{font-size:1.35rem;margin:0 0 .3rem} h2{font-size:1.1rem;margin:1.6rem 0 .4rem}
.meta{color:#555;margin:.2rem 0}
table{border-collapse:collapse;margin:.4rem 0;font-size:.92rem}
th,td{border-bottom:1px solid #ddd;padding:.25rem .5rem;text-align:left;vertical-align:top}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
tr.cut td{color:#666} tr.cut td.contrib{text-decoration:line-through}
.sum{font-family:ui-monospace,Menlo,Consolas,monospace;margin:.2rem 0}
.note{color:#444;font-size:.9rem} .vur{color:#9a3412}
.side{display:grid;grid-template-columns:1fr 1fr;gap:1.5rem}
ul.index{list-style:none;padding-left:0;columns:16rem}
"""


EXPLANATION_CSS = _CSS
"""The style of explanations, for pages that embed them."""


def _page(title: str, body: str, lang: str) -> str:
    return (
        f'<!DOCTYPE html>\n<html lang="{escape(lang)}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{escape(title)}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n{body}\n</body>\n</html>\n"
    )


def _tiebreak(tb: TiebreakExplanation, lang: str) -> str:
    sb = any(r.factor is not None for r in tb.rounds)
    value = (
        numbers.explained(tb.value, lang, sb=tb.code == "SB")
        if tb.value is not None
        else message(lang, "undefined")
    )
    parts = [
        f'<section class="tiebreak" data-label="{escape(tb.label)}">',
        (
            f"<h2>{escape(tb.label)} &ndash; {escape(localize(tb.name, lang))} ({escape(tb.article)}): "
            f'<span class="value">{escape(value)}</span></h2>'
        ),
    ]
    if tb.version:
        text = localize(
            msg("computed under {rules}, the rule version of this criterion", rules=tb.version), lang
        )
        parts.append(f'<p class="version">{escape(text)}</p>')
    if tb.rounds:
        head = [message(lang, k) for k in ("rd", "col", "opponent", "res")] + [input_heading(tb, lang)]
        if sb:
            head.append(message(lang, "factor"))
        head += [message(lang, "contribution"), message(lang, "note")]
        parts.append(
            "<table><thead><tr>" + "".join(f"<th>{escape(h)}</th>" for h in head) + "</tr></thead><tbody>"
        )
        for r in tb.rounds:
            kind = localize(r.kind, lang)
            opp = f"{r.opponent} {r.opponent_name}" if r.opponent is not None else kind
            if r.opponent is not None and kind:
                opp += f" ({kind})"
            cls = "" if r.counted else ' class="cut"'
            cells = [
                f'<td class="num">{r.round}</td>',
                f"<td>{escape(localize(r.colour, lang))}</td>",
                f"<td>{escape(opp)}</td>",
                f'<td class="num">{escape(localize(r.result, lang))}</td>',
                f'<td class="num">{escape(numbers.explained(r.score, lang))}</td>',
            ]
            if sb:
                cells.append(f'<td class="num">{escape(numbers.explained(r.factor, lang))}</td>')
            note = escape(localize(r.note, lang))
            if r.cut:
                note += ("; " if note else "") + f"<strong>{escape(localize(r.cut, lang))}</strong>"
            cells.append(
                f'<td class="num contrib">{escape(numbers.explained(r.contribution, lang, sb=sb))}</td>'
            )
            cells.append(f'<td class="note{" vur" if r.vur else ""}">{note}</td>')
            parts.append(f"<tr{cls}>" + "".join(cells) + "</tr>")
        parts.append("</tbody></table>")
    if tb.sum_line:
        parts.append(
            f'<p class="sum">{escape(message(lang, tb.sum_label))}: {escape(localize(tb.sum_line, lang))}</p>'
        )
    if tb.removed_line:
        parts.append(
            f'<p class="sum">{escape(message(lang, "removed"))}: {escape(localize(tb.removed_line, lang))}</p>'
        )
        parts.append(
            f'<p class="sum">{escape(message(lang, "cut_terms"))}: {escape(localize(tb.cut_line, lang))}</p>'
        )
    if tb.footnotes:
        parts.append(f'<p class="note">{escape(message(lang, tb.footnotes_heading))}:</p><ul class="note">')
        parts.extend(f"<li>{escape(localize(fn.text, lang))}</li>" for fn in tb.footnotes)
        parts.append("</ul>")
    if tb.lines:
        parts.append(
            '<ul class="note">'
            + "".join(f"<li>{escape(localize(line, lang))}</li>" for line in tb.lines)
            + "</ul>"
        )
    parts.append("</section>")
    return "\n".join(parts)


def _context(e: PlayerExplanation, lang: str) -> list[str]:
    """The standings explained: rule set and why, round, assumption, tie-break list."""
    return [
        f'<p class="meta">{escape(message(lang, "rules", rules=e.rules, reason=localize(e.rules_reason, lang), after_round=e.after_round))}</p>',
        *(
            [f'<p class="warning"><strong>{escape(warning_body(e.rules_warning, lang))}</strong></p>']
            if e.rules_warning
            else []
        ),
        *(
            [
                f'<p class="meta tiebreaks">{escape(message(lang, "context_tiebreaks", tiebreaks=", ".join(e.standings_tiebreaks)))}</p>'
            ]
            if e.standings_tiebreaks
            else []
        ),
    ]


def _body(e: PlayerExplanation, lang: str, anchor: str = "tb", *, context: bool = True) -> str:
    """One player's explanation in ``lang``; ``context=False`` leaves out the tournament and the
    standings' context when the page heads with them once."""
    head = [
        *([f'<p class="meta event">{escape(e.tournament)}</p>'] if e.tournament and context else []),
        f"<h1>{escape(message(lang, 'title', name=e.name, sno=e.start_number))}</h1>",
        *(_context(e, lang) if context else []),
        f'<p class="meta">{escape(message(lang, "points", points=numbers.points(e.points, lang)))} &middot; {escape(numbers.rank_marker(e.rank, lang))}</p>',
        # the playoff, the arbiter's order, the lot or the exclusion that placed this player
        *(f'<p class="meta decision">{escape(localize(note, lang))}</p>' for note in e.decisions),
    ]
    sections = [f'<div id="{anchor}-{k}">{_tiebreak(tb, lang)}</div>' for k, tb in enumerate(e.tiebreaks, 1)]
    return "\n".join(head + sections)


def explanation_html(e: PlayerExplanation, lang: str | None = None) -> str:
    """A whole page explaining one player's tie-breaks, in ``lang`` (the language it was asked in
    by default)."""
    lang = lang or e.lang
    return _page(message(lang, "title", name=e.name, sno=e.start_number), _body(e, lang), lang)


def explanations_html(explanations: list[PlayerExplanation], title: str) -> str:
    """Every player's explanation in one page, with an index of the players."""
    lang = explanations[0].lang if explanations else SOURCE
    index = "".join(
        f'<li><a href="#p-{e.start_number}">{escape(e.rank)}. {escape(e.name)} ({e.start_number})</a></li>'
        for e in explanations
    )
    # one standings for all: the tournament and the context head the page once
    parts = [f"<h1>{escape(title)}</h1>", *(_context(explanations[0], lang) if explanations else [])]
    parts.append(f'<nav><ul class="index">{index}</ul></nav>')  # the places are in the text
    parts += [
        f'<article id="p-{e.start_number}">{_body(e, lang, f"p{e.start_number}-tb", context=False)}</article>'
        for e in explanations
    ]
    return _page(title, "\n".join(parts), lang)


def explanation_body(e: PlayerExplanation, lang: str | None = None) -> str:
    """The explanation of one player as an HTML fragment (for pages that have their own frame)."""
    return _body(e, lang or e.lang)


def versus_body(v: Versus, lang: str = SOURCE) -> str:
    """Why one player is above or below another, as an HTML fragment."""
    return _versus_parts(v, lang)[1]


def versus_html(v: Versus, lang: str = SOURCE) -> str:
    title, body = _versus_parts(v, lang)
    return _page(title, body, lang)


def _versus_parts(v: Versus, lang: str) -> tuple[str, str]:
    title = message(
        lang,
        "vs.title",
        a=v.a.start_number,
        a_name=v.a.name,
        relation=message(lang, f"vs.{v.relation}"),
        b=v.b.start_number,
        b_name=v.b.name,
    )
    body = [
        *([f'<p class="meta event">{escape(v.a.tournament)}</p>'] if v.a.tournament else []),
        f"<h1>{escape(title)}</h1>",
        *_context(v.a, lang),
        "<ul>" + "".join(f"<li>{escape(localize(x, lang))}</li>" for x in v.lines) + "</ul>",
    ]
    sides = (
        _body(v.a, lang, f"p{v.a.start_number}-tb", context=False),
        _body(v.b, lang, f"p{v.b.start_number}-tb", context=False),
    )
    body.append(f'<div class="side"><div>{sides[0]}</div><div>{sides[1]}</div></div>')
    return title, "\n".join(body)
