"""Numbers and dates as each language writes them (the digits of :func:`spareggio.numbers.format_number`), one function per kind, through Babel.

Every output that shows a value to a person (tables, pages, explanations, check reports, the web
page) writes it with these functions, so one language writes a number one way everywhere:

* :func:`value` — a tie-break value or any exact number: ``46.5`` in English, ``46,5`` in Italian
  and French (Babel's decimal symbol of the language); a value with no short decimal expansion to
  two decimals; no digit grouping (ratings and sums stay ``2345``, as arbiters print them).
* :func:`points` — points scored: like :func:`value` in English (``5.5``), with the ½ sign in the
  other languages (``5½``, ``½``).
* :func:`date` and :func:`date_range` — a day, and the days of an event, in the language's own
  words (``18–25 apr 2026``, ``Apr 18 – 25, 2026``).

Programs read numbers from JSON, CSV for a given spreadsheet locale and XLSX cells, never from these.
"""

from __future__ import annotations

import datetime as _dt
from decimal import Decimal
from fractions import Fraction

from babel.dates import format_date as _babel_date
from babel.dates import format_interval as _babel_interval
from babel.numbers import format_decimal as _babel_decimal

from ..numbers import format_number

__all__ = ["date", "date_range", "points", "value"]

HALF = "½"


def value(
    number: Fraction | int | None, lang: str, *, decimals: int | None = None, missing: str = "–"
) -> str:
    """A number as ``lang`` writes it (decimal symbol of the language, no grouping); ``missing``
    for none."""
    if number is None:
        return missing
    text = format_number(Fraction(number), decimals)
    if lang == "en":
        return text
    places = len(text.split(".")[1]) if "." in text else 0
    pattern = "0." + "0" * places if places else "0"
    return str(_babel_decimal(Decimal(text), format=pattern, locale=lang, decimal_quantization=False))


def points(number: Fraction | int | None, lang: str, *, missing: str = "–") -> str:
    """Points as ``lang`` writes them: ``5.5`` in English, ``5½`` and ``½`` in the other languages."""
    if number is None:
        return missing
    number = Fraction(number)
    if lang != "en" and number.denominator == 2:
        whole = number.numerator // 2
        return f"{whole}{HALF}" if whole else HALF
    return value(number, lang)


def date(day: _dt.date | None, lang: str) -> str:
    """A day in the language's words (``18 apr 2026``, ``Apr 18, 2026``); empty for none."""
    if day is None:
        return ""
    return str(_babel_date(day, "medium", locale=lang))


def date_range(start: _dt.date | None, end: _dt.date | None, lang: str) -> str:
    """The days of an event (``18–25 apr 2026``); one day when both ends are the same or one is
    missing; empty when both are."""
    if start is None or end is None or start == end:
        return date(start or end, lang)
    if end < start:
        return f"{date(start, lang)} – {date(end, lang)}"
    return str(_babel_interval(start, end, "yMMMd", locale=lang))
