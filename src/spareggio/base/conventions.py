"""How a language writes numbers and CSV files (:func:`spareggio.base.i18n.conventions` makes them):
loaded by name the first time an output needs them, so that a command writing the standings as a
table or JSON does not build the class."""

from __future__ import annotations

from .classes import dataclass

__all__ = ["Conventions"]


@dataclass(frozen=True)
class Conventions:
    """How a language writes what the program shows, from Babel's locale data: its decimal symbol
    (``46,5``), the separator of a CSV file its spreadsheets read (``;`` where the decimal symbol is
    a comma) and whether that file starts with a byte-order mark (spreadsheets of every language but
    the source one need it to read UTF-8).  Days are written by Babel too (:func:`spareggio.base.numbers.date`)."""

    code: str
    name: str
    decimal: str
    csv_separator: str
    csv_bom: bool
