"""The words of explanations: values, result signs, colours, why a round counts, footnotes about
adjusted scores, in the explanation's language (:mod:`spareggio.messages`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from fractions import Fraction

from .. import numbers
from ..i18n import localize, translate, warning_body
from ..messages import message
from ..model import Color, ResultKind
from ..numbers import is_finite_decimal
from ..tiebreaks.base import TiebreakSpec
from ..tiebreaks.records import Record, Why
from .results import PlayerExplanation, TiebreakExplanation

__all__ = [
    "COLOUR_CODE",
    "RESULT_SIGN",
    "colour_letter",
    "context_lines",
    "decimal_text",
    "detail_text",
    "encounters_text",
    "exact_text",
    "format_value",
    "input_heading",
    "join_notes",
    "kind_code",
    "numbers_in",
    "signed",
    "spec_name",
    "why_text",
]


RESULT_SIGN = {
    ResultKind.PLAYED_WIN: "1",
    ResultKind.PLAYED_DRAW: "½",
    ResultKind.PLAYED_LOSS: "0",
    ResultKind.FORFEIT_WIN: "+",
    ResultKind.FORFEIT_LOSS: "-",
    ResultKind.DOUBLE_FORFEIT: "--",
}


_NUMBERS: ContextVar[str] = ContextVar("spareggio_explanation_numbers", default="en")
"""The language the explanation being built writes its numbers in (:func:`numbers_in`)."""


@contextmanager
def numbers_in(lang: str) -> Iterator[None]:
    """While an explanation is built in ``lang``, its values are written the language's way
    (``46,5`` in Italian) by :func:`format_value`, :func:`exact_text` and :func:`decimal_text`."""
    token = _NUMBERS.set(lang)
    try:
        yield
    finally:
        _NUMBERS.reset(token)


def format_value(value: Fraction | None, sb: bool = False) -> str:
    """A value as explanations print it (:func:`spareggio.numbers.explained`, in the language of the
    explanation being built); Sonneborn-Berger values with two decimals, as the seeds do."""
    return numbers.explained(value, _NUMBERS.get(), sb=sb)


def spec_name(name: str, spec: TiebreakSpec, lang: str = "en") -> str:
    def _(text: str) -> str:
        return translate(lang, text, "spec")

    parts = [translate(lang, name, "tiebreak")]
    if spec.cut_low and spec.cut_high:
        parts.append(_("median {n}").format(n=spec.cut_low))
    elif spec.cut_low:
        parts.append(_("cut {n}").format(n=spec.cut_low))
    if spec.forfeits_played:
        parts.append(_("forfeits as played"))
    if spec.fore and spec.code != "FB":
        parts.append(_("fore"))
    return ", ".join(parts)


def kind_code(kind: ResultKind) -> str:
    """The stable code of an unplayed round's kind (``half_point_bye``); empty for a game played."""
    if kind.played:
        return ""
    return kind.label.replace("-", "_").replace(" ", "_").replace(",", "")


def detail_text(rec: Record, lang: str) -> str:
    """What a record's input or contribution rests on, in words (its ``detail`` code)."""
    return message(
        lang, f"detail.{rec.detail}", value=format_value(rec.contribution), input=format_value(rec.input)
    )


COLOUR_CODE = {Color.WHITE: "white", Color.BLACK: "black"}
"""The colours' stable codes in JSON."""


def join_notes(*notes: str) -> str:
    """The non-empty notes of a round, separated by semicolons."""
    return "; ".join(n for n in notes if n)


def colour_letter(color: Color | None, lang: str) -> str:
    if color is Color.WHITE:
        return message(lang, "colour.white")
    if color is Color.BLACK:
        return message(lang, "colour.black")
    return ""


def why_text(why: Why, code: str, input_code: str, lang: str) -> str:
    """Why a record counts or not, in words (the most specific message that exists)."""
    for key in (f"why.{why.code}.{code}", f"why.{why.code}.{input_code}", f"why.{why.code}"):
        text = message(lang, key)
        if text != key:
            return text
    return why.code


def signed(number: int) -> str:
    """A term of a sum: negative numbers in brackets (``2000 + (-800)``)."""
    return f"({number})" if number < 0 else str(number)


def exact_text(value: Fraction) -> str:
    """An exact value in words: the decimal when it ends within two places, else two decimals with
    the fraction beside them (``2190.71 (15335/7)``), so that no rounding hides the exact value."""
    if is_finite_decimal(value) and value.denominator <= 100:
        return format_value(value)
    return f"{numbers.value(value, _NUMBERS.get(), decimals=2)} ({value})"


def decimal_text(value: Fraction) -> str:
    """An exact value as a decimal, with two places when it does not end sooner."""
    return (
        format_value(value)
        if is_finite_decimal(value) and value.denominator <= 100
        else numbers.value(value, _NUMBERS.get(), decimals=2)
    )


def encounters_text(
    encounters: tuple[tuple[int, int, Fraction, int], ...], sno: Callable[[int], str], lang: str
) -> str:
    """Who met whom in a DE group: ``3-7 1-0`` per pair (points averaged over repeated meetings)."""
    points = {(k, m): (pts, games) for k, m, pts, games in encounters}
    shown = []
    for (k, m), (pts, games) in sorted(
        points.items(), key=lambda kv: (int(sno(kv[0][0])), int(sno(kv[0][1])))
    ):
        if int(sno(k)) > int(sno(m)) and (m, k) in points:
            continue
        back = points.get((m, k))
        text = f"{sno(k)}-{sno(m)} {format_value(pts)}-{format_value(back[0]) if back else '?'}"
        if games > 1:
            text += " " + message(lang, "de.average_of", games=games)
        shown.append(text)
    return ", ".join(shown)


def input_heading(tb: TiebreakExplanation, lang: str) -> str:
    """The heading of the input column: what the rule uses in this tie-break."""
    code = tb.rounds[0].input_code if tb.rounds else "opponent_score"
    return message(lang, "score") if code == "opponent_score" else message(lang, f"in.{code}")


def context_lines(e: PlayerExplanation) -> list[str]:
    """The standings an explanation is about, in its language: the rule set and why, the round,
    the assumption the rule set rests on (if any) and the tie-break list."""
    lang = e.lang
    return [
        message(
            lang,
            "rules",
            rules=e.rules,
            reason=localize(e.rules_reason, lang),
            after_round=e.after_round,
        ),
        *(
            [translate(lang, "WARNING: {text}", "table").format(text=warning_body(e.rules_warning, lang))]
            if e.rules_warning
            else []
        ),
        *(
            [message(lang, "context_tiebreaks", tiebreaks=", ".join(e.standings_tiebreaks))]
            if e.standings_tiebreaks
            else []
        ),
        *(localize(note, lang) for note in e.decisions),
    ]
