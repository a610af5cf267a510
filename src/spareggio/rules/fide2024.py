"""FIDE C.07 from 1 August 2024 to 28 February 2026 (also the September 2023 and April 2024 texts,
which share Article 16): the dummy opponent is not capped."""

from __future__ import annotations

import datetime as _dt

from .article16 import Article16

__all__ = ["Fide2024"]


class Fide2024(Article16):
    name = "fide-2024"
    aliases = ("fide2024", "fide-2023", "fide2023", "c07-2024")
    title = "FIDE C.07, 1 September 2023 to 28 February 2026"
    source = "FIDE Handbook C.07, Tie-Break Regulations (2023 text, revised 2024), Articles 15-16"
    effective_from = _dt.date(2023, 9, 1)
    effective_to = _dt.date(2026, 2, 28)
    description = (
        "Adjusted scores for opponents (16.3); a dummy opponent on the player's own score for own "
        "unplayed rounds, without caps (16.4); voluntary unplayed rounds cut first (16.5)."
    )
    caps = False
