"""Exact values as numbers other programs and people read: JSON numbers, exact fractions in text,
the plain English decimal form every output starts from, and that form as each language writes it
(through Babel), with dates in the language's words:

* :func:`value` — a tie-break value or any exact number: ``46.5`` in English, ``46,5`` in Italian
  and French (Babel's decimal symbol of the language); a value with no short decimal expansion to
  two decimals; no digit grouping (ratings and sums stay ``2345``, as arbiters print them).
* :func:`fixed` — a value with a fixed number of decimals, rounded half up (``SSSC/D1``: ``38,8``).
* :func:`explained` — a value as explanations print it (Sonneborn-Berger with two decimals).
* :func:`points` — points scored: like :func:`value` in English (``5.5``), with the ½ sign in the
  other languages (``5½``, ``½``).
* :func:`exact` and :func:`decimal` — an exact value in a sentence: two decimals when its expansion
  does not end within two places, with the fraction beside them for :func:`exact`
  (``2000,33 (6001/3)``).
* :class:`Shown` — a number and the style it is shown in, kept as a number inside a sentence (a
  :class:`~spareggio.base.i18n.Text` value) and written in the language the sentence is said in.
* :func:`date` and :func:`date_range` — a day, and the days of an event, in the language's own
  words (``18–25 apr 2026``, ``Apr 18 – 25, 2026``).

Every output that shows a value to a person (tables, pages, explanations, check reports, the web
page) writes it with these, so one language writes a number one way everywhere; programs read
numbers from JSON, CSV for a given spreadsheet locale and XLSX cells, never from these.
"""

from __future__ import annotations

import datetime as _dt
import enum
from fractions import Fraction

from .. import lazy
from .classes import dataclass
from .i18n import SOURCE, Text, conventions, localize

__all__ = [
    "Shown",
    "Style",
    "date",
    "date_range",
    "decimal",
    "exact",
    "exact_number",
    "explained",
    "fixed",
    "fixed_number",
    "format_number",
    "is_finite_decimal",
    "json_number",
    "points",
    "rank_marker",
    "value",
]


def is_finite_decimal(value: Fraction | int) -> bool:
    """Whether the value has a finite decimal expansion (denominator of the form 2^a 5^b)."""
    d = value.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    return d == 1


def json_number(value: Fraction | None) -> int | float | None:
    """A JSON number for an exact value: an int when whole, else a float."""
    if value is None:
        return None
    if value.denominator == 1:
        return int(value)
    if is_finite_decimal(value):
        return float(value)
    return round(float(value), 6)


def format_number(value: Fraction | None, decimals: int | None = None) -> str:
    """Human formatting: ``7``, ``7.5``, ``23.25``; non-terminating values to 2 decimals."""
    if value is None:
        return "-"
    if decimals is not None:
        return f"{float(value):.{decimals}f}"
    if value.denominator == 1:
        return str(int(value))
    if is_finite_decimal(value) and value.denominator <= 100:
        text = f"{float(value):.2f}".rstrip("0")
        return text
    return f"{float(value):.2f}"


def fixed_number(value: Fraction, decimals: int) -> str:
    """An exact value with ``decimals`` places, rounded half up (away from zero), the way the FIDE
    reference program rounds SSSC: ``38.83`` at 1 -> ``38.8``, ``35.25`` at 1 -> ``35.3``."""
    scale = 10**decimals
    units = (abs(value) * scale * 2 + 1) // 2
    sign = "-" if value < 0 and units else ""
    whole, frac = divmod(int(units), scale)
    return f"{sign}{whole}.{frac:0{decimals}d}" if decimals else f"{sign}{whole}"


def exact_number(value: Fraction | None) -> str | None:
    """An exact value as text: ``"93/2"``, ``"7"`` (None stays None)."""
    return None if value is None else str(value)


HALF = "½"


def value(
    number: Fraction | int | None, lang: str, *, decimals: int | None = None, missing: str = "–"
) -> str:
    """A number as ``lang`` writes it (decimal symbol of the language, no grouping); ``missing``
    for none."""
    if number is None:
        return missing
    text = format_number(number if isinstance(number, Fraction) else Fraction(number), decimals)
    if lang == SOURCE:
        return text
    return text.replace(".", conventions(lang).decimal)


def fixed(number: Fraction, lang: str, places: int) -> str:
    """A value with ``places`` decimals, rounded half up (a criterion's ``/Dn``), as ``lang`` writes it."""
    text = fixed_number(number, places)
    return text if lang == SOURCE else text.replace(".", conventions(lang).decimal)


def explained(number: Fraction | int | None, lang: str, *, sb: bool = False) -> str:
    """A value as explanations print it in ``lang``: Sonneborn-Berger values (``sb``) with two
    decimals, as the seeds do; ``-`` for none."""
    if number is None:
        return "-"
    if sb and is_finite_decimal(number):
        return value(number, lang, decimals=2)
    return value(number, lang)


def exact(number: Fraction, lang: str) -> str:
    """An exact value in a sentence: the decimal when it ends within two places, else two decimals
    with the fraction beside them (``2190.71 (15335/7)``), so that no rounding hides the exact value."""
    if is_finite_decimal(number) and number.denominator <= 100:
        return explained(number, lang)
    return f"{value(number, lang, decimals=2)} ({number})"


def decimal(number: Fraction, lang: str) -> str:
    """An exact value in a sentence as a decimal, with two places when it does not end sooner."""
    if is_finite_decimal(number) and number.denominator <= 100:
        return explained(number, lang)
    return value(number, lang, decimals=2)


def points(number: Fraction | int | None, lang: str, *, missing: str = "–") -> str:
    """Points as ``lang`` writes them: ``5.5`` in English, ``5½`` and ``½`` in the other languages."""
    if number is None:
        return missing
    number = Fraction(number)
    if lang != SOURCE and number.denominator == 2:
        whole = abs(number.numerator) // 2
        return ("-" if number < 0 else "") + (f"{whole}{HALF}" if whole else HALF)
    return value(number, lang)


def rank_marker(rank: object, lang: str) -> str:
    """A place as the language marks it beside a name: ``#10`` in English, ``10°`` in Italian,
    ``10e`` in French (a shared place ``3-5`` marks both ends).  The marks are the catalogue's
    (context ``rank marker``: ``#{n}``, and ``#1`` for a language that marks the first place apart)."""
    text = str(rank)
    if lang == SOURCE:
        return f"#{text}"
    if not any(c.isdigit() for c in text):
        return text  # no place (an excluded player)
    marks = (Text("#1", "rank marker") if part == "1" else Text("#{n}", "rank marker", n=part) for part in text.split("-"))
    return "-".join(localize(mark, lang) for mark in marks)


def date(day: _dt.date | None, lang: str) -> str:
    """A day in the language's words (``18 apr 2026``, ``Apr 18, 2026``); empty for none."""
    if day is None:
        return ""
    return str(lazy.module("dates").format_date(day, "medium", locale=lang))


def date_range(start: _dt.date | None, end: _dt.date | None, lang: str) -> str:
    """The days of an event (``18–25 apr 2026``); one day when both ends are the same or one is
    missing; empty when both are."""
    if start is None or end is None or start == end:
        return date(start or end, lang)
    if end < start:
        return f"{date(start, lang)} – {date(end, lang)}"
    return str(lazy.module("dates").format_interval(start, end, "yMMMd", locale=lang))


class Style(enum.Enum):
    """How a number inside a sentence is written (each style is one function of this module)."""

    VALUE = "value"
    """:func:`value`: ``46.5``, ``2000.33``; ``–`` for none."""
    EXPLAINED = "explained"
    """:func:`explained`: as explanations print a value; ``-`` for none."""
    SB = "sb"
    """:func:`explained` with ``sb``: a Sonneborn-Berger value with two decimals (``10.75``, ``3.00``)."""
    EXACT = "exact"
    """:func:`exact`: two decimals and the fraction when the expansion does not end (``2000.33 (6001/3)``)."""
    DECIMAL = "decimal"
    """:func:`decimal`: two decimals when the expansion does not end sooner (``66.67``)."""
    POINTS = "points"
    """:func:`points`: points scored (``5.5``; ``5½`` in the other languages)."""


@dataclass(frozen=True)
class Shown:
    """A number inside a sentence and the style it is shown in.  It stays a number until the
    sentence is said: :func:`spareggio.base.i18n.localize` writes it in the language of the render
    (:meth:`said`); its string is the English form (``46.5``)."""

    number: Fraction | int | None
    style: Style = Style.EXPLAINED

    def said(self, lang: str) -> str:
        """The number written in ``lang`` in its style (``46,5`` in Italian)."""
        n, style = self.number, self.style
        if style is Style.EXPLAINED:
            return explained(n, lang)
        if style is Style.SB:
            return explained(n, lang, sb=True)
        if style is Style.POINTS:
            return points(n, lang)
        if style is Style.VALUE or n is None:
            return value(n, lang)
        if style is Style.EXACT:
            return exact(Fraction(n), lang)
        return decimal(Fraction(n), lang)

    def __str__(self) -> str:
        return self.said(SOURCE)

    def __format__(self, spec: str) -> str:
        return format(self.said(SOURCE), spec)
