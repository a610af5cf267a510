"""A tie-break legend as programs print it (``Tie Break1: Buchholz Cut 1 Tie Break2: ...``, or
Vega's ``BH : Buchholz Total * SB : Sonneborn-Berger *``): whether a text is one, and its items.

Apart from :mod:`spareggio.core.programs` (which re-exports it) so that reading a tie-break list
does not load the programs' descriptions: those are loaded when a legend's names are read.
"""

from __future__ import annotations

import re

__all__ = ["LEGEND", "VEGA_ITEM", "is_legend", "legend_items"]

LEGEND = re.compile(r"(?:tie\s*-?\s*break|vertailu|desempate|доп)\s*(\d+)\s*[:.]", re.IGNORECASE)
"""The head of each item of a legend as programs print it: ``Tie Break1:``, and on chess-results
pages in other languages, whose criteria keep their English names: ``Vertailu 1:`` (Finnish),
``Desempate 1:`` (Portuguese, Spanish), ``Доп1:`` (Russian)."""


VEGA_ITEM = re.compile(r"^\s*([A-Za-z][A-Za-z0-9/-]{0,15})\s*:\s*(\S.*?)\s*$")
"""An item of Vega's legend, ``ACRONYM : name``; the items are separated by ``*``."""


def _vega_items(text: str) -> list[str] | None:
    """The names of a legend as Vega prints it (``BH : Buchholz Total * BH-C1 : Buchholz Cut 1 *``),
    None for any other text."""
    if "*" not in text:
        return None
    parts = [p for p in text.split("*") if p.strip()]
    found = [VEGA_ITEM.match(p) for p in parts]
    if not parts or not all(found):
        return None
    return [m.group(2) for m in found if m is not None]


def is_legend(text: str) -> bool:
    """Whether a tie-break list is a legend pasted whole (``Tie Break1: ...``, or Vega's ``BH :
    Buchholz Total * SB : Sonneborn-Berger *``)."""
    return LEGEND.search(text) is not None or _vega_items(text) is not None


def legend_items(text: str) -> list[str]:
    """The items of a legend, in the order of their numbers (Vega's: in its order, each the name
    after its acronym)."""
    vega = _vega_items(text) if LEGEND.search(text) is None else None
    if vega is not None:
        return vega
    heads = list(LEGEND.finditer(text))
    items = []
    for k, head in enumerate(heads):
        end = heads[k + 1].start() if k + 1 < len(heads) else len(text)
        items.append((int(head.group(1)), text[head.end() : end].strip().strip(";,").strip()))
    return [item for _, item in sorted(items, key=lambda pair: pair[0])]
