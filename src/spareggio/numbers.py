"""Exact values as numbers other programs and people read: JSON numbers, exact fractions in text,
and the plain English decimal form every output starts from.  Nothing here depends on a language;
a language's way of writing numbers is applied when rendering (:mod:`spareggio.render`).
"""

from __future__ import annotations

from fractions import Fraction

__all__ = ["exact_number", "fixed_number", "format_number", "is_finite_decimal", "json_number"]


def is_finite_decimal(value: Fraction) -> bool:
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
        return fixed_number(value, decimals)
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
