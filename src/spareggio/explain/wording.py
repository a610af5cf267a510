"""The words of explanations: values, result signs, colours, why a round counts, footnotes about
adjusted scores.  The builders make :class:`~spareggio.base.i18n.Text` values (the English sentence of
:mod:`spareggio.core.messages` and its values); the numbers inside them stay numbers
(:class:`~spareggio.base.numbers.Shown`), and the renderers say the whole in the asked language
(:func:`~spareggio.base.i18n.localize`), numbers included.  Nothing here depends on a language."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from ..base.i18n import Text, joined
from ..base.numbers import Shown, Style
from ..core.messages import EN, phrase
from ..core.model import Color, ResultKind
from ..tiebreaks.base import TiebreakSpec
from ..tiebreaks.records import Record, Why

__all__ = [
    "COLOUR_CODE",
    "NO_TEXT",
    "RESULT_SIGN",
    "colour_letter",
    "decimal_shown",
    "detail_text",
    "encounters_text",
    "exact_shown",
    "join_notes",
    "kind_code",
    "labelled",
    "number_text",
    "shown",
    "signed",
    "spec_name",
    "sum_text",
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


def shown(value: Fraction | None, sb: bool = False) -> Shown:
    """A value as explanations print it (:func:`spareggio.base.numbers.explained`), kept a number until
    the sentence holding it is said; Sonneborn-Berger values with two decimals, as the seeds do."""
    return Shown(value, Style.SB if sb else Style.EXPLAINED)


def exact_shown(value: Fraction) -> Shown:
    """An exact value: the decimal when it ends within two places, else two decimals with the
    fraction beside them (``2190.71 (15335/7)``), so that no rounding hides the exact value."""
    return Shown(value, Style.EXACT)


def decimal_shown(value: Fraction) -> Shown:
    """An exact value as a decimal, with two places when it does not end sooner."""
    return Shown(value, Style.DECIMAL)


def number_text(value: Fraction | None, sb: bool = False) -> Text:
    """A value alone as a sentence (a sum line that is one number, a result that has no sign)."""
    return Text("{value}", "join", value=shown(value, sb))


def sum_text(terms: Sequence[object], total: object) -> Text:
    """A sum as numbers, ``1 + 2.5 = 3.5`` (``0`` for no term), each number said when rendered."""
    return Text("{terms} = {total}", "join", terms=joined(terms, " + ") if terms else "0", total=total)


def labelled(label: object, value: object) -> Text:
    """``label: value`` (a board and its total, a player and his points)."""
    return Text("{label}: {value}", "join", label=label, value=value)


def spec_name(name: str, spec: TiebreakSpec) -> Text:
    """A tie-break's name with its modifiers (``Buchholz, cut 1``)."""
    parts = [Text(name, "tiebreak")]
    if spec.cut_low and spec.cut_high:
        parts.append(Text("median {n}", "spec", n=spec.cut_low))
    elif spec.cut_low:
        parts.append(Text("cut {n}", "spec", n=spec.cut_low))
    if spec.forfeits_played:
        parts.append(Text("forfeits as played", "spec"))
    if spec.fore and spec.code != "FB":
        parts.append(Text("fore", "spec"))
    return parts[0] if len(parts) == 1 else joined(parts, ", ")


def kind_code(kind: ResultKind) -> str:
    """The stable code of an unplayed round's kind (``half_point_bye``); empty for a game played."""
    if kind.played:
        return ""
    return kind.label.replace("-", "_").replace(" ", "_").replace(",", "")


def detail_text(rec: Record) -> Text:
    """What a record's input or contribution rests on, in words (its ``detail`` code)."""
    return phrase(f"detail.{rec.detail}", value=shown(rec.contribution), input=shown(rec.input))


COLOUR_CODE = {Color.WHITE: "white", Color.BLACK: "black"}
"""The colours' stable codes in JSON."""


NO_TEXT = Text("", "join")
"""An empty sentence (a round without a note or a cut)."""


def join_notes(*notes: str) -> Text:
    """The non-empty notes of a round, separated by semicolons."""
    present = [n for n in notes if n]
    if len(present) == 1 and isinstance(present[0], Text):
        return present[0]
    return joined(present, "; ") if present else NO_TEXT


def colour_letter(color: Color | None) -> Text:
    if color is Color.WHITE:
        return phrase("colour.white")
    if color is Color.BLACK:
        return phrase("colour.black")
    return NO_TEXT


def why_text(why: Why, code: str, input_code: str) -> Text:
    """Why a record counts or not, in words (the most specific message that exists)."""
    for key in (f"why.{why.code}.{code}", f"why.{why.code}.{input_code}", f"why.{why.code}"):
        if key in EN:
            return phrase(key)
    return Text(why.code, "join")


def signed(number: int) -> str:
    """A term of a sum: negative numbers in brackets (``2000 + (-800)``)."""
    return f"({number})" if number < 0 else str(number)


def encounters_text(
    encounters: tuple[tuple[int, int, Fraction, int], ...], sno: Callable[[int], str]
) -> Text:
    """Who met whom in a DE group: ``3-7 1-0`` per pair (points averaged over repeated meetings)."""
    points = {(k, m): (pts, games) for k, m, pts, games in encounters}
    games_shown: list[Text] = []
    for (k, m), (pts, games) in sorted(
        points.items(), key=lambda kv: (int(sno(kv[0][0])), int(sno(kv[0][1])))
    ):
        if int(sno(k)) > int(sno(m)) and (m, k) in points:
            continue
        back = points.get((m, k))
        text = Text(
            "{a}-{b} {points}-{back}",
            "join",
            a=sno(k),
            b=sno(m),
            points=shown(pts),
            back=shown(back[0]) if back else "?",
        )
        games_shown.append(joined([text, phrase("de.average_of", games=games)], " ") if games > 1 else text)
    return joined(games_shown, ", ")
